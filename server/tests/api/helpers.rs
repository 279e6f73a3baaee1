//! Test harness: starts the real server on a random port against a fresh SQLite file or a fresh
//! PostgreSQL database, with a merchant project whose keys sign requests like a real client.

use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};

use base64::Engine as _;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use hmac::{Hmac, Mac};
use kassa::admin::{self, NewProject, ProjectCreated};
use kassa::config::{Config, DatabaseUrl};
use kassa::crypto::keys::KeyType;
use kassa::crypto::normalize;
use kassa::domain::ports::Stores;
use kassa::secret::Secret;
use kassa::startup::Application;
use p256::pkcs8::DecodePrivateKey;
use rsa::signature::{SignatureEncoding, Signer};
use serde_json::{Value, json};
use sha2::{Sha256, Sha512};

pub const OPERATOR_TOKEN: &str = "test-operator-token";
/// The master key of test servers (base64 of 32 bytes).
pub const MASTER_KEY: &str = "dGVzdC1tYXN0ZXIta2V5LW9mLTMyLWJ5dGVzLW9rISE=";

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Backend {
    Sqlite,
    Postgres,
}

/// Runs `async fn name(backend: Backend)` once per backend.
#[macro_export]
macro_rules! both_backends {
    ($($name:ident),* $(,)?) => {
        mod sqlite {
            $(
                #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
                async fn $name() {
                    super::$name($crate::helpers::Backend::Sqlite).await
                }
            )*
        }
        mod postgres {
            $(
                #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
                async fn $name() {
                    super::$name($crate::helpers::Backend::Postgres).await
                }
            )*
        }
    };
}

/// A merchant's signing key, as a client holds it.
#[derive(Clone)]
pub struct ClientKey {
    pub token: String,
    pub merchant_id: String,
    pub project_id: String,
    signer: ClientSigner,
}

#[derive(Clone)]
enum ClientSigner {
    Ecdsa(p256::ecdsa::SigningKey),
    Rsa(Box<rsa::pkcs1v15::SigningKey<Sha256>>),
    Hmac(String),
}

impl ClientKey {
    pub fn from_created(created: &ProjectCreated) -> Self {
        let key_type = KeyType::parse(created.request_key.key_type).unwrap();
        let signer = match key_type {
            KeyType::EcdsaP256 => ClientSigner::Ecdsa(
                p256::ecdsa::SigningKey::from_pkcs8_pem(created.request_key.private_key_pem.as_ref().unwrap()).unwrap(),
            ),
            KeyType::RsaSha256 => ClientSigner::Rsa(Box::new(rsa::pkcs1v15::SigningKey::new(
                rsa::RsaPrivateKey::from_pkcs8_pem(created.request_key.private_key_pem.as_ref().unwrap()).unwrap(),
            ))),
            KeyType::HmacSha512 => ClientSigner::Hmac(created.request_key.hmac_secret.clone().unwrap()),
        };
        ClientKey {
            token: created.request_key.token.clone(),
            merchant_id: created.merchant_id.clone(),
            project_id: created.project_id.clone(),
            signer,
        }
    }

    /// A key from the JSON printed by `kassa project create`.
    pub fn from_json(created: &Value) -> Self {
        let created = ProjectCreated {
            merchant_id: created["merchant_id"].as_str().unwrap().into(),
            project_id: created["project_id"].as_str().unwrap().into(),
            request_key: kassa::admin::RequestKeyOut {
                key_type: KeyType::parse(created["request_key"]["type"].as_str().unwrap()).unwrap().as_str(),
                token: created["request_key"]["token"].as_str().unwrap().into(),
                private_key_pem: created["request_key"]["private_key_pem"].as_str().map(Into::into),
                hmac_secret: created["request_key"]["hmac_secret"].as_str().map(Into::into),
            },
            callback_key: kassa::admin::CallbackKeyOut {
                key_type: "ecdsa-p256",
                public_key_pem: None,
                hmac_secret: None,
            },
        };
        Self::from_created(&created)
    }

    /// Signs `body` at `timestamp` as decisions.md §2 describes.
    pub fn sign(&self, body: &Value, timestamp: &str) -> String {
        let message = normalize::message(body, timestamp);
        let bytes = match &self.signer {
            ClientSigner::Ecdsa(k) => {
                // A random nonce per signature, as OpenSSL-based clients sign: two requests are
                // never the same signature, even with the same body in the same second.
                use p256::ecdsa::signature::RandomizedSigner;
                let sig: p256::ecdsa::DerSignature =
                    k.sign_with_rng(&mut rand::rngs::OsRng, &normalize::digest(&message));
                sig.to_vec()
            }
            ClientSigner::Rsa(k) => k.sign(&normalize::digest(&message)).to_vec(),
            ClientSigner::Hmac(secret) => {
                let mut mac = Hmac::<Sha512>::new_from_slice(secret.as_bytes()).unwrap();
                mac.update(message.as_bytes());
                mac.finalize().into_bytes().to_vec()
            }
        };
        URL_SAFE_NO_PAD.encode(bytes)
    }
}

/// Drops the test's PostgreSQL database when the test ends.
struct PgDatabase {
    admin_url: String,
    name: String,
}

impl Drop for PgDatabase {
    fn drop(&mut self) {
        let admin_url = self.admin_url.clone();
        let name = self.name.clone();
        // The test's runtime is going away: drop the database from a runtime of our own.
        let _ = std::thread::spawn(move || {
            let rt = tokio::runtime::Builder::new_current_thread().enable_all().build().unwrap();
            rt.block_on(async {
                use sqlx::Connection;
                if let Ok(mut c) = sqlx::PgConnection::connect(&admin_url).await {
                    let _ =
                        sqlx::query(&format!("DROP DATABASE IF EXISTS \"{name}\" WITH (FORCE)")).execute(&mut c).await;
                }
            });
        })
        .join();
    }
}

pub fn pg_admin_url() -> String {
    std::env::var("KASSA_TEST_PG_URL").unwrap_or_else(|_| "postgres://postgres@127.0.0.1:5432/test".into())
}

static COUNTER: AtomicU64 = AtomicU64::new(0);

/// A fresh database of `backend`: its URL and what keeps it alive.
pub async fn fresh_database(backend: Backend) -> (DatabaseUrl, Box<dyn std::any::Any + Send + Sync>) {
    match backend {
        Backend::Sqlite => {
            let dir = tempfile::tempdir().unwrap();
            let url = format!("sqlite://{}/kassa.db", dir.path().display());
            (DatabaseUrl::new(url), Box::new(dir))
        }
        Backend::Postgres => {
            use sqlx::Connection;
            let admin_url = pg_admin_url();
            let name = format!(
                "kassa_t_{}_{}_{}",
                std::process::id(),
                COUNTER.fetch_add(1, Ordering::Relaxed),
                &uuid::Uuid::new_v4().simple().to_string()[..8]
            );
            let mut c = sqlx::PgConnection::connect(&admin_url)
                .await
                .expect("PostgreSQL on 127.0.0.1:5432 (start it: pg_ctlcluster <version> main start)");
            sqlx::query(&format!("CREATE DATABASE \"{name}\"")).execute(&mut c).await.unwrap();
            let mut url = url::Url::parse(&admin_url).unwrap();
            url.set_path(&name);
            (DatabaseUrl::new(url.to_string()), Box::new(PgDatabase { admin_url, name }))
        }
    }
}

/// Opens a test database directly, with the test master key.
pub async fn open_database(url: &str) -> kassa::storage::Database {
    let vault = Arc::new(
        kassa::crypto::vault::Vault::open(&kassa::crypto::vault::KeySource {
            key: Some(Secret::new(MASTER_KEY.to_string())),
            ..Default::default()
        })
        .unwrap(),
    );
    kassa::storage::open(&DatabaseUrl::new(url), vault).await.unwrap()
}

/// Configuration of a test server.
pub fn test_config(database_url: DatabaseUrl) -> Config {
    let mut c = Config::defaults();
    c.database_url = database_url;
    c.bind = "127.0.0.1:0".parse().unwrap();
    c.public_url = None;
    c.operator_token = Some(Secret::new(OPERATOR_TOKEN.to_string()));
    c.master_key = Some(Secret::new(MASTER_KEY.to_string()));
    c.allow_private_callbacks = true;
    c.sandbox = true;
    c.demo = false;
    c.rate_limit_rps = 100_000;
    c.rate_limit_burst = 100_000;
    c.address_rate_limit_rps = 100_000;
    c.address_rate_limit_burst = 100_000;
    c
}

pub struct TestApp {
    pub address: String,
    pub client: reqwest::Client,
    pub key: ClientKey,
    pub stores: Stores,
    pub services: kassa::services::Services,
    pub sandbox: Option<Arc<kassa::acquirer::sandbox::SandboxAcquirer>>,
    pub database_url: DatabaseUrl,
    server: tokio::task::JoinHandle<()>,
    _database: Box<dyn std::any::Any + Send + Sync>,
}

impl Drop for TestApp {
    fn drop(&mut self) {
        self.server.abort();
    }
}

pub async fn spawn_app(backend: Backend) -> TestApp {
    spawn_app_with(backend, |_| {}).await
}

pub async fn spawn_app_with(backend: Backend, configure: impl FnOnce(&mut Config)) -> TestApp {
    if std::env::var("KASSA_TEST_LOG").is_ok() {
        kassa::telemetry::init(false);
    }
    let (url, database) = fresh_database(backend).await;
    let mut config = test_config(url.clone());
    configure(&mut config);
    let app = Application::build(config).await.expect("application builds");
    let address = format!("http://{}", app.local_addr());
    let stores = app.stores();
    let services = app.services();
    let sandbox = app.sandbox();
    let created = admin::create_project(
        &services.projects,
        NewProject {
            merchant: "Test Merchant".into(),
            name: "Main".into(),
            request_key_type: KeyType::EcdsaP256,
            public_key_pem: None,
            callback_key_type: KeyType::EcdsaP256,
            redirect_url: Some("https://shop.example/return".into()),
        },
    )
    .await
    .unwrap();
    let server = tokio::spawn(async move {
        let _ = app.run_until_stopped().await;
    });
    TestApp {
        address,
        client: reqwest::Client::builder().redirect(reqwest::redirect::Policy::none()).build().unwrap(),
        key: ClientKey::from_created(&created),
        stores,
        services,
        sandbox,
        database_url: url,
        server,
        _database: database,
    }
}

pub fn now_s() -> i64 {
    std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).unwrap().as_secs() as i64
}

impl TestApp {
    pub fn url(&self, path: &str) -> String {
        format!("{}{path}", self.address)
    }

    /// Creates another project (of another merchant unless `merchant` names this one).
    pub async fn new_project(
        &self,
        merchant: &str,
        key_type: KeyType,
        callback_key_type: KeyType,
    ) -> (ClientKey, ProjectCreated) {
        let created = admin::create_project(
            &self.services.projects,
            NewProject {
                merchant: merchant.into(),
                name: format!("p-{}", uuid::Uuid::new_v4().simple()),
                request_key_type: key_type,
                public_key_pem: None,
                callback_key_type,
                redirect_url: None,
            },
        )
        .await
        .unwrap();
        (ClientKey::from_created(&created), created)
    }

    /// Posts `body` signed with `key` and the given headers left out or replaced.
    pub async fn post_raw(&self, path: &str, body: &str, headers: &[(&str, String)]) -> reqwest::Response {
        let mut req = self.client.post(self.url(path)).body(body.to_string());
        for (k, v) in headers {
            req = req.header(*k, v);
        }
        req.send().await.unwrap()
    }

    /// The four signature headers (and content type) for `body`.
    pub fn signed_headers(key: &ClientKey, body: &Value, timestamp: i64) -> Vec<(&'static str, String)> {
        let ts = timestamp.to_string();
        vec![
            ("content-type", "application/json".to_string()),
            ("x-access-timestamp", ts.clone()),
            ("x-access-merchant-id", key.merchant_id.clone()),
            ("x-access-token", key.token.clone()),
            ("x-access-signature", key.sign(body, &ts)),
        ]
    }

    pub async fn post_signed_with(&self, key: &ClientKey, path: &str, body: &Value) -> reqwest::Response {
        post_signed_to(&self.client, &self.address, key, path, body).await
    }

    pub async fn post_signed(&self, path: &str, body: &Value) -> reqwest::Response {
        self.post_signed_with(&self.key, path, body).await
    }

    /// Posts signed and returns (status, JSON body).
    pub async fn call(&self, path: &str, body: &Value) -> (u16, Value) {
        let r = self.post_signed(path, body).await;
        let status = r.status().as_u16();
        (status, r.json().await.unwrap_or(Value::Null))
    }

    pub async fn operator(&self, path: &str, body: &Value) -> (u16, Value) {
        let r = self.client.post(self.url(path)).bearer_auth(OPERATOR_TOKEN).json(body).send().await.unwrap();
        let status = r.status().as_u16();
        (status, r.json().await.unwrap_or(Value::Null))
    }

    pub async fn operator_get(&self, path: &str) -> (u16, Value) {
        let r = self.client.get(self.url(path)).bearer_auth(OPERATOR_TOKEN).send().await.unwrap();
        let status = r.status().as_u16();
        (status, r.json().await.unwrap_or(Value::Null))
    }

    /// A requisite in the pool (operator API); returns its id.
    /// Runs `kassa project set --project <this project> <args>` on this app's database, as an
    /// operator would.
    pub fn project_set(&self, args: &[&str]) -> std::process::Output {
        std::process::Command::new(env!("CARGO_BIN_EXE_kassa"))
            .args(["project", "set", "--project", self.key.project_id.as_str()])
            .args(args)
            .env("KASSA_DATABASE_URL", self.database_url.expose())
            .env("KASSA_MASTER_KEY", MASTER_KEY)
            .output()
            .unwrap()
    }

    pub async fn add_requisite(&self, body: Value) -> String {
        let (status, r) = self.operator("/api/v1/operator/requisites", &body).await;
        assert_eq!(status, 200, "{r}");
        r["id"].as_str().unwrap().to_string()
    }

    /// A RU card requisite serving card-p2p and payin-p2p-card.
    pub async fn add_ru_card(&self, pan: &str) -> String {
        self.add_requisite(json!({
            "country": "RU", "currency": "RUB", "methods": ["card-p2p", "payin-p2p-card"],
            "pan": pan, "card_holder": "IVAN PETROV", "bank_symbol": "sberbank"
        }))
        .await
    }

    /// Polls a payment page until it shows `text` (or panics after 10 s).
    pub async fn wait_for_page(&self, url: &str, text: &str) {
        for _ in 0..100 {
            let html = self.client.get(format!("{url}?lang=en")).send().await.unwrap().text().await.unwrap();
            if html.contains(text) {
                return;
            }
            tokio::time::sleep(std::time::Duration::from_millis(100)).await;
        }
        panic!("{url} never showed {text}");
    }

    /// Polls p2p info until `cond` holds (or panics after `secs`).
    pub async fn wait_for(&self, payment_id: &str, secs: u64, cond: impl Fn(&Value) -> bool) -> Value {
        let deadline = std::time::Instant::now() + std::time::Duration::from_secs(secs);
        loop {
            let (status, body) = self.call("/api/v1/payment/p2p/payin/info", &self.general_ref(payment_id)).await;
            assert_eq!(status, 200, "{body}");
            if cond(&body) {
                return body;
            }
            assert!(std::time::Instant::now() < deadline, "condition not reached: {body}");
            tokio::time::sleep(std::time::Duration::from_millis(50)).await;
        }
    }

    /// Runs a statement on the test's database directly (to simulate what the API cannot do,
    /// such as a corrupt row).
    pub async fn execute_sql(&self, sql: &str) {
        use sqlx::Connection;
        let url = self.database_url.expose();
        if self.database_url.is_postgres() {
            let mut c = sqlx::PgConnection::connect(url).await.unwrap();
            sqlx::query(sql).execute(&mut c).await.unwrap();
        } else {
            let mut c = sqlx::SqliteConnection::connect(url).await.unwrap();
            sqlx::query(sql).execute(&mut c).await.unwrap();
        }
    }

    /// The table the consoles' sessions are kept in.
    pub fn sessions_table(&self) -> &'static str {
        "console_sessions"
    }

    /// The consoles' session store over this app's database, as the server builds it.
    pub async fn session_store(&self) -> kassa::storage::Sessions {
        let url = self.database_url.expose();
        let pool = if self.database_url.is_postgres() {
            kassa::storage::SessionPool::Postgres(sqlx::PgPool::connect(url).await.unwrap())
        } else {
            kassa::storage::SessionPool::Sqlite(sqlx::SqlitePool::connect(url).await.unwrap())
        };
        kassa::storage::Sessions::new(pool)
    }

    /// How many rows `table` holds.
    pub async fn count_rows(&self, table: &str) -> i64 {
        use sqlx::Connection;
        let sql = format!("SELECT COUNT(*) FROM {table}");
        let url = self.database_url.expose();
        if self.database_url.is_postgres() {
            let mut c = sqlx::PgConnection::connect(url).await.unwrap();
            sqlx::query_scalar(&sql).fetch_one(&mut c).await.unwrap()
        } else {
            let mut c = sqlx::SqliteConnection::connect(url).await.unwrap();
            sqlx::query_scalar(&sql).fetch_one(&mut c).await.unwrap()
        }
    }

    /// Every stored secret column's value, as a database dump would show it.
    pub async fn dump_secrets(&self) -> Vec<String> {
        use sqlx::Connection;
        let queries = [
            "SELECT hmac_secret FROM request_keys WHERE hmac_secret IS NOT NULL",
            "SELECT hmac_secret FROM callback_keys WHERE hmac_secret IS NOT NULL",
            "SELECT value FROM service_secrets",
            "SELECT totp_sealed FROM console_users WHERE totp_sealed IS NOT NULL",
        ];
        let blobs = "SELECT private_key_der FROM callback_keys WHERE private_key_der IS NOT NULL";
        let url = self.database_url.expose();
        let mut out = Vec::new();
        if self.database_url.is_postgres() {
            let mut c = sqlx::PgConnection::connect(url).await.unwrap();
            for q in queries {
                out.extend(sqlx::query_scalar::<_, String>(q).fetch_all(&mut c).await.unwrap());
            }
            for b in sqlx::query_scalar::<_, Vec<u8>>(blobs).fetch_all(&mut c).await.unwrap() {
                out.push(String::from_utf8_lossy(&b).into_owned());
            }
        } else {
            let mut c = sqlx::SqliteConnection::connect(url).await.unwrap();
            for q in queries {
                out.extend(sqlx::query_scalar::<_, String>(q).fetch_all(&mut c).await.unwrap());
            }
            for b in sqlx::query_scalar::<_, Vec<u8>>(blobs).fetch_all(&mut c).await.unwrap() {
                out.push(String::from_utf8_lossy(&b).into_owned());
            }
        }
        out
    }

    pub fn general_ref(&self, payment_id: &str) -> Value {
        json!({"general": {"project_id": self.key.project_id, "payment_id": payment_id}})
    }
}

/// Runs a statement on the database at `url` directly.
pub async fn execute_sql_on(url: &str, sql: &str) {
    use sqlx::Connection;
    if url.starts_with("postgres") {
        let mut c = sqlx::PgConnection::connect(url).await.unwrap();
        sqlx::query(sql).execute(&mut c).await.unwrap();
    } else {
        let mut c = sqlx::SqliteConnection::connect(url).await.unwrap();
        sqlx::query(sql).execute(&mut c).await.unwrap();
    }
}

/// A valid RU card-p2p create request.
pub fn ru_card_payin(project_id: &str, payment_id: &str, amount: i64) -> Value {
    json!({
        "general": {"project_id": project_id, "payment_id": payment_id},
        "payment": {"method": "card-p2p", "amount": amount, "currency": "RUB"},
        "customer": {"id": "user-1", "ip_address": "203.0.113.7", "country": "RU"}
    })
}

pub fn status_of(body: &Value) -> String {
    match body["sub_status"].as_str() {
        Some(sub) => format!("{}:{sub}", body["status"].as_str().unwrap_or("?")),
        None => body["status"].as_str().unwrap_or("?").to_string(),
    }
}

/// Posts `body` to `address` signed with `key`; an error when the server cannot be reached.
pub async fn try_post_signed_to(
    client: &reqwest::Client,
    address: &str,
    key: &ClientKey,
    path: &str,
    body: &Value,
) -> reqwest::Result<reqwest::Response> {
    let mut req = client.post(format!("{address}{path}")).body(body.to_string());
    for (k, v) in TestApp::signed_headers(key, body, now_s()) {
        req = req.header(k, v);
    }
    req.send().await
}

/// Posts `body` to `address` signed with `key`.
pub async fn post_signed_to(
    client: &reqwest::Client,
    address: &str,
    key: &ClientKey,
    path: &str,
    body: &Value,
) -> reqwest::Response {
    let mut req = client.post(format!("{address}{path}")).body(body.to_string());
    for (k, v) in TestApp::signed_headers(key, body, now_s()) {
        req = req.header(k, v);
    }
    req.send().await.unwrap()
}
