//! Configuration: one typed struct read from flags and the environment (decisions.md §9).

use std::net::SocketAddr;
use std::path::PathBuf;
use std::time::Duration;

use clap::builder::BoolishValueParser;
use clap::{ArgAction, Args};

use crate::secret::Secret;

/// Server configuration. Every field can be given as a flag or through its `KASSA_*` variable.
#[derive(Args, Clone, Debug)]
pub struct Config {
    /// Database URL: `sqlite://path` (created on first start) or `postgres://...`.
    #[arg(long, env = "KASSA_DATABASE_URL", default_value = "sqlite://data/kassa.db")]
    pub database_url: DatabaseUrl,

    /// Address to listen on.
    #[arg(long, env = "KASSA_BIND", default_value = "127.0.0.1:3000")]
    pub bind: SocketAddr,

    /// Public base URL of this server, used in `form_url` and 3DS `TermUrl`s
    /// (default: `http://` + the bound address).
    #[arg(long, env = "KASSA_PUBLIC_URL")]
    pub public_url: Option<String>,

    /// Master key (32 bytes, base64) sealing the secrets stored in the database.
    #[arg(long, env = "KASSA_MASTER_KEY", value_parser = parse_secret)]
    pub master_key: Option<Secret<String>>,

    /// File holding the master key (when `KASSA_MASTER_KEY` is not given). Without either, a
    /// SQLite database gets a key file beside it on first start (`kassa.key`); PostgreSQL
    /// refuses to start.
    #[arg(long, env = "KASSA_MASTER_KEY_FILE")]
    pub master_key_file: Option<PathBuf>,

    /// Previous master keys (comma-separated), still read while a rotation re-seals the secrets.
    #[arg(long, env = "KASSA_MASTER_KEY_PREVIOUS", value_delimiter = ',', value_parser = parse_secret)]
    pub master_key_previous: Vec<Secret<String>>,

    /// Bearer token of the operator API; the operator API is closed when unset.
    #[arg(long, env = "KASSA_OPERATOR_TOKEN", value_parser = parse_secret)]
    pub operator_token: Option<Secret<String>>,

    /// A console session ends after this many seconds without a request.
    #[arg(long, env = "KASSA_CONSOLE_IDLE_S", default_value_t = 1800)]
    pub console_idle_s: u64,

    /// A console session ends this many seconds after its login, however active.
    #[arg(long, env = "KASSA_CONSOLE_SESSION_MAX_S", default_value_t = 43_200)]
    pub console_session_max_s: u64,

    /// Who must sign in to a console with a second factor (TOTP): `roles` (operators, and a
    /// merchant's owners and developers), `all`, or `optional`. Unset: `roles`, except in
    /// sandbox and demo mode, where it is `optional` so the demo opens with a password.
    #[arg(long, env = "KASSA_CONSOLE_SECOND_FACTOR", value_parser = ["roles", "all", "optional"])]
    pub console_second_factor: Option<String>,

    /// Reverse proxies in front of Kassa (addresses or CIDRs, comma-separated): from these
    /// peers only, the client's address is read from `Forwarded` / `X-Forwarded-For` for the
    /// brakes, the per-address limit and the audit.
    #[arg(long, env = "KASSA_TRUSTED_PROXIES", value_delimiter = ',', value_parser = parse_proxy)]
    pub trusted_proxies: Vec<ipnet::IpNet>,

    /// Deliver callbacks to loopback and private addresses, and accept `http://` loopback
    /// callback URLs (development and tests only).
    #[arg(long, env = "KASSA_ALLOW_PRIVATE_CALLBACKS", action = ArgAction::SetTrue, value_parser = BoolishValueParser::new())]
    pub allow_private_callbacks: bool,

    /// Sandbox mode: sandbox acquirer and the sandbox operator calls.
    #[arg(long, env = "KASSA_SANDBOX", action = ArgAction::SetTrue, value_parser = BoolishValueParser::new())]
    pub sandbox: bool,

    /// How long the requisites search may run before a payin is declined, in seconds.
    #[arg(long, env = "KASSA_REQUISITES_SEARCH_S", default_value_t = 60)]
    pub requisites_search_s: u64,

    /// Seed a demo merchant, project and requisites on an empty database (implies sandbox).
    #[arg(long, env = "KASSA_DEMO", action = ArgAction::SetTrue, value_parser = BoolishValueParser::new())]
    pub demo: bool,

    /// How long a card authorization may take before its payment is declined as lost
    /// (`Card authorization not completed`), in seconds: the card lives only in the memory of
    /// the process that took it, so an authorization cut off by a crash cannot be resumed.
    #[arg(long, env = "KASSA_CARD_AUTH_TIMEOUT_S", default_value_t = 60)]
    pub card_auth_timeout_s: u64,

    /// Grace period of `dispute:no_payment` before it declines, in seconds.
    #[arg(long, env = "KASSA_DISPUTE_GRACE_S", default_value_t = 24 * 3600)]
    pub dispute_grace_s: u64,

    /// Accepted distance between `x-access-timestamp` and the server clock, in seconds.
    #[arg(long, env = "KASSA_TIMESTAMP_WINDOW_S", default_value_t = 300)]
    pub timestamp_window_s: u64,

    /// How long request keys and projects are cached by the authentication (seconds); key
    /// and project changes take effect within this time.
    #[arg(long, env = "KASSA_AUTH_CACHE_S", default_value_t = 5)]
    pub auth_cache_s: u64,

    /// Merchant API requests per second per project (sustained).
    #[arg(long, env = "KASSA_RATE_LIMIT_RPS", default_value_t = 50)]
    pub rate_limit_rps: u32,

    /// Merchant API burst per project.
    #[arg(long, env = "KASSA_RATE_LIMIT_BURST", default_value_t = 100)]
    pub rate_limit_burst: u32,

    /// Merchant API requests per second per client address, before authentication.
    #[arg(long, env = "KASSA_ADDRESS_RATE_LIMIT_RPS", default_value_t = 200)]
    pub address_rate_limit_rps: u32,

    /// Merchant API burst per client address.
    #[arg(long, env = "KASSA_ADDRESS_RATE_LIMIT_BURST", default_value_t = 400)]
    pub address_rate_limit_burst: u32,

    /// The largest credit one operator makes alone, per currency, in major units
    /// (`RUB=500000,KZT=3000000`); above it a second operator approves (decisions.md §8). A
    /// currency not listed has no limit besides the payment's own amount.
    #[arg(long, env = "KASSA_CREDIT_LIMITS", value_delimiter = ',', value_parser = parse_credit_limit)]
    pub credit_limits: Vec<(String, i64)>,

    /// Delays between callback attempts, in seconds (decisions.md §3; the last repeats).
    #[arg(long, env = "KASSA_CALLBACK_RETRY_S", value_delimiter = ',', default_value = "10,30,60,300,900,3600")]
    pub callback_retry_s: Vec<u64>,

    /// Whether this process sends callbacks. `false` makes an API-only node: it still writes
    /// callbacks to the outbox, and another process on the same database sends them.
    #[arg(long, env = "KASSA_SEND_CALLBACKS", default_value_t = true, action = ArgAction::Set,
          value_parser = BoolishValueParser::new())]
    pub send_callbacks: bool,

    /// Callback deliveries in flight at once for one project, so one merchant whose endpoint
    /// stalls cannot delay the others.
    #[arg(long, env = "KASSA_CALLBACK_MAX_PER_PROJECT", default_value_t = 16)]
    pub callback_max_per_project: u32,

    /// Callback deliveries in flight at once to one host (`host:port`).
    #[arg(long, env = "KASSA_CALLBACK_MAX_PER_HOST", default_value_t = 16)]
    pub callback_max_per_host: u32,

    /// How long a merchant has to answer a callback, in milliseconds.
    #[arg(long, env = "KASSA_CALLBACK_TIMEOUT_MS", default_value_t = 10_000)]
    pub callback_timeout_ms: u64,

    /// How long a client has to send a request's headers (and how long an idle keep-alive
    /// connection stays open), in milliseconds.
    #[arg(long, env = "KASSA_HEADER_READ_TIMEOUT_MS", default_value_t = 10_000)]
    pub header_read_timeout_ms: u64,

    /// How long a request body may go without sending anything, in milliseconds.
    #[arg(long, env = "KASSA_BODY_READ_TIMEOUT_MS", default_value_t = 30_000)]
    pub body_read_timeout_ms: u64,

    /// How long a request may take in all, in milliseconds (slow uploads of receipts included).
    #[arg(long, env = "KASSA_REQUEST_TIMEOUT_MS", default_value_t = 120_000)]
    pub request_timeout_ms: u64,

    /// Connections open at once; more are answered 503 and closed. Default: what the process's
    /// file-descriptor limit leaves room for, at most 10000.
    #[arg(long, env = "KASSA_MAX_CONNECTIONS")]
    pub max_connections: Option<usize>,

    /// Requests handled at once; more are answered 503 at once.
    #[arg(long, env = "KASSA_MAX_IN_FLIGHT", default_value_t = 512)]
    pub max_in_flight: usize,

    /// Directory holding the built browser bundle (`pkg/`) and public files.
    #[arg(long, env = "KASSA_SITE_ROOT", default_value = "target/site")]
    pub site_root: PathBuf,

    /// Log as JSON lines instead of human-readable text.
    #[arg(long, env = "KASSA_LOG_JSON", action = ArgAction::SetTrue, value_parser = BoolishValueParser::new())]
    pub log_json: bool,
}

impl Config {
    /// Who must use a second factor in the consoles (see `console_second_factor`).
    pub fn second_factor(&self) -> crate::domain::users::FactorPolicy {
        use crate::domain::users::FactorPolicy;
        match self.console_second_factor.as_deref() {
            Some("all") => FactorPolicy::All,
            Some("optional") => FactorPolicy::Optional,
            Some(_) => FactorPolicy::Roles,
            None if self.sandbox || self.demo => FactorPolicy::Optional,
            None => FactorPolicy::Roles,
        }
    }

    /// A configuration with every default, for tests and embedding.
    pub fn defaults() -> Self {
        use clap::Parser;
        #[derive(clap::Parser)]
        struct Only {
            #[command(flatten)]
            config: Config,
        }
        Only::parse_from(["kassa"]).config
    }

    pub fn sandbox(&self) -> bool {
        self.sandbox || self.demo
    }

    pub fn requisites_search_window(&self) -> Duration {
        Duration::from_secs(self.requisites_search_s)
    }

    /// The credit limits in minor units (a currency Kassa does not know is refused at start).
    pub fn credit_limits(&self) -> crate::domain::approval::CreditLimits {
        crate::domain::approval::CreditLimits(self.credit_limits.iter().cloned().collect())
    }

    /// The HTTP server's limits.
    pub fn limits(&self) -> Limits {
        Limits {
            header_read_timeout: Duration::from_millis(self.header_read_timeout_ms),
            body_read_timeout: Duration::from_millis(self.body_read_timeout_ms),
            request_timeout: Duration::from_millis(self.request_timeout_ms),
            max_connections: self.max_connections.unwrap_or_else(|| connections_allowed_by_fd_limit(1000).min(10_000)),
            max_in_flight: self.max_in_flight.max(1),
            trusted_proxies: self.trusted_proxies.clone().into(),
        }
    }

    /// Where the master key comes from (see [`crate::crypto::vault`]).
    pub fn key_source(&self) -> crate::crypto::vault::KeySource {
        crate::crypto::vault::KeySource {
            key: self.master_key.clone(),
            file: self.master_key_file.clone(),
            previous: self.master_key_previous.clone(),
            create_at: self.database_url.sqlite_path().map(|db| db.with_file_name("kassa.key")),
        }
    }
}

/// `KASSA_TRUSTED_PROXIES` entries: CIDRs, or single addresses.
pub fn parse_proxy(text: &str) -> Result<ipnet::IpNet, String> {
    let text = text.trim();
    text.parse::<ipnet::IpNet>()
        .or_else(|_| text.parse::<std::net::IpAddr>().map(ipnet::IpNet::from))
        .map_err(|_| format!("{text}: an address or a CIDR such as 10.0.0.0/8"))
}

fn parse_secret(s: &str) -> Result<Secret<String>, String> {
    if s.is_empty() { Err("must not be empty".into()) } else { Ok(Secret::new(s.to_string())) }
}

/// A database URL whose `Debug`/`Display` hide the password.
#[derive(Clone, PartialEq, Eq)]
pub struct DatabaseUrl(String);

impl DatabaseUrl {
    pub fn new(url: impl Into<String>) -> Self {
        Self(url.into())
    }

    pub fn expose(&self) -> &str {
        &self.0
    }

    pub fn is_postgres(&self) -> bool {
        self.0.starts_with("postgres://") || self.0.starts_with("postgresql://")
    }

    pub fn is_sqlite(&self) -> bool {
        self.0.starts_with("sqlite:")
    }

    /// The file of a SQLite database (`sqlite://data/kassa.db` → `data/kassa.db`).
    pub fn sqlite_path(&self) -> Option<PathBuf> {
        let rest = self.0.strip_prefix("sqlite://").or_else(|| self.0.strip_prefix("sqlite:"))?;
        let path = rest.split('?').next().unwrap_or_default();
        (!path.is_empty() && !path.starts_with(":memory:")).then(|| PathBuf::from(path))
    }

    /// The URL with any password replaced.
    pub fn redacted(&self) -> String {
        match url::Url::parse(&self.0) {
            Ok(mut url) if url.password().is_some() => {
                let _ = url.set_password(Some("***"));
                url.to_string()
            }
            _ => self.0.clone(),
        }
    }
}

impl std::str::FromStr for DatabaseUrl {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        let url = DatabaseUrl(s.to_string());
        if url.is_postgres() || url.is_sqlite() {
            Ok(url)
        } else {
            Err("expected sqlite://... or postgres://...".into())
        }
    }
}

impl std::fmt::Debug for DatabaseUrl {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{:?}", self.redacted())
    }
}

impl std::fmt::Display for DatabaseUrl {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.redacted())
    }
}

/// `CUR=amount` of `KASSA_CREDIT_LIMITS`: the amount in major units of a currency Kassa knows.
fn parse_credit_limit(text: &str) -> Result<(String, i64), String> {
    let (code, amount) = text.split_once('=').ok_or("expected CUR=amount, e.g. RUB=500000")?;
    let code = code.trim().to_ascii_uppercase();
    let minor = crate::domain::rules::parse_major(amount.trim(), &code)
        .ok_or_else(|| format!("{code}: a currency Kassa knows and an amount in major units"))?;
    Ok((code, minor))
}

/// The limits of the server (each a `KASSA_*` setting, see the README).
#[derive(Clone, Debug)]
pub struct Limits {
    /// How long a client has to send a request's headers, and how long an idle keep-alive
    /// connection stays open.
    pub header_read_timeout: Duration,
    /// How long a request body may go without sending anything.
    pub body_read_timeout: Duration,
    /// How long a request may take in all.
    pub request_timeout: Duration,
    pub max_connections: usize,
    pub max_in_flight: usize,
    /// Reverse proxies whose forwarded client address is believed.
    pub trusted_proxies: std::sync::Arc<[ipnet::IpNet]>,
}

/// The most connections the process's file-descriptor limit leaves room for (the database,
/// logs and files need some), or `fallback` when the limit cannot be read.
pub fn connections_allowed_by_fd_limit(fallback: usize) -> usize {
    let mut limit = libc::rlimit { rlim_cur: 0, rlim_max: 0 };
    // SAFETY: getrlimit writes into the struct we own and reads nothing else.
    let ok = unsafe { libc::getrlimit(libc::RLIMIT_NOFILE, &mut limit) } == 0;
    if ok && limit.rlim_cur != libc::RLIM_INFINITY {
        (limit.rlim_cur as usize).saturating_sub(128).max(16)
    } else {
        fallback
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn proxies_are_cidrs_or_addresses() {
        assert!(parse_proxy("10.0.0.0/8").is_ok() && parse_proxy("::1").is_ok() && parse_proxy("fd00::/8").is_ok());
        assert!(parse_proxy("10.0.0.0/33").is_err() && parse_proxy("proxy.local").is_err());
    }

    #[test]
    fn defaults_follow_decisions() {
        let c = Config::defaults();
        assert_eq!(c.database_url.expose(), "sqlite://data/kassa.db");
        assert_eq!(c.bind.to_string(), "127.0.0.1:3000");
        assert_eq!(c.requisites_search_s, 60);
        assert_eq!(c.callback_retry_s, [10, 30, 60, 300, 900, 3600]);
        assert!(c.credit_limits.is_empty());
        assert_eq!(parse_credit_limit("rub=500000"), Ok(("RUB".to_string(), 50_000_000)));
        assert!(parse_credit_limit("XXX=1").is_err() && parse_credit_limit("RUB").is_err());
        assert_eq!(c.callback_timeout_ms, 10_000);
        assert!(c.send_callbacks);
        assert!(!c.sandbox() && !c.demo && !c.allow_private_callbacks);
        assert!(c.operator_token.is_none());
    }

    #[test]
    fn boolean_variables_accept_the_usual_spellings() {
        use clap::Parser;
        #[derive(clap::Parser)]
        struct Only {
            #[command(flatten)]
            config: Config,
        }
        let c = Only::parse_from(["kassa", "--demo", "--sandbox"]).config;
        assert!(c.demo && c.sandbox);
        let parser = BoolishValueParser::new();
        let cmd = clap::Command::new("x");
        for (text, value) in [("1", true), ("yes", true), ("true", true), ("0", false), ("off", false)] {
            let parsed =
                clap::builder::TypedValueParser::parse_ref(&parser, &cmd, None, std::ffi::OsStr::new(text)).unwrap();
            assert_eq!(parsed, value, "{text}");
        }
    }

    #[test]
    fn a_sqlite_database_keeps_its_master_key_beside_it() {
        let c = Config::defaults();
        assert_eq!(c.key_source().create_at, Some(PathBuf::from("data/kassa.key")));
        let mut pg = Config::defaults();
        pg.database_url = DatabaseUrl::new("postgres://db/kassa");
        assert_eq!(pg.key_source().create_at, None, "PostgreSQL never gets a key made for it");
        assert_eq!(DatabaseUrl::new("sqlite:///tmp/x/k.db?mode=rwc").sqlite_path(), Some(PathBuf::from("/tmp/x/k.db")));
    }

    #[test]
    fn secrets_do_not_show_in_debug() {
        let mut c = Config::defaults();
        c.operator_token = Some(Secret::new("op-secret-token".into()));
        c.master_key = Some(Secret::new("bWFzdGVyLWtleS1zZWNyZXQ=".into()));
        c.database_url = DatabaseUrl::new("postgres://kassa:pg-password@db:5432/kassa");
        let shown = format!("{c:?}");
        assert!(!shown.contains("op-secret-token"), "{shown}");
        assert!(!shown.contains("bWFzdGVyLWtleS1zZWNyZXQ"), "{shown}");
        assert!(!shown.contains("pg-password"), "{shown}");
        assert!(shown.contains("db:5432"));
    }
}
