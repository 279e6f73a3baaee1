//! The `kassa` binary: `serve` (default), `migrate`, and operator commands printing JSON.

use std::path::PathBuf;

use clap::{Parser, Subcommand};
use kassa::admin::{self, NewProject};
use kassa::config::Config;
use kassa::crypto::keys::KeyType;
use kassa::domain::audit::Who;
use kassa::domain::error::DomainError;
use kassa::domain::projects::BrandChange;
use kassa::domain::user::{Audience, Role};
use kassa::startup::{self, Application};

#[derive(Parser)]
#[command(name = "kassa", version, about = "Kassa payment processing service")]
struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
    #[command(flatten)]
    config: Config,
}

#[derive(Subcommand)]
enum Command {
    /// Run the server (the default).
    Serve,
    /// Create or upgrade the database schema, then exit.
    Migrate,
    /// Projects (cash registers) and their keys.
    Project {
        #[command(subcommand)]
        command: ProjectCommand,
    },
    /// Request keys of a project.
    Key {
        #[command(subcommand)]
        command: KeyCommand,
    },
    /// The balance ledger.
    Ledger {
        #[command(subcommand)]
        command: LedgerCommand,
    },
    /// Operators of the console.
    Operator {
        #[command(subcommand)]
        command: OperatorCommand,
    },
    /// Merchants: users of the merchant console.
    Merchant {
        #[command(subcommand)]
        command: MerchantCommand,
    },
    /// A consistent copy of the SQLite database while the server runs, into a new file (the
    /// master key is not in it: keep that apart; docs/RELIABILITY.md, Backups).
    Backup {
        #[arg(long)]
        to: PathBuf,
    },
    /// The master key sealing the secrets stored in the database.
    MasterKey {
        #[command(subcommand)]
        command: MasterKeyCommand,
    },
}

#[derive(Subcommand)]
enum MerchantCommand {
    /// Users of a merchant's console.
    User {
        #[command(subcommand)]
        command: MerchantUserCommand,
    },
}

#[derive(Subcommand)]
enum MerchantUserCommand {
    /// Add a user of the merchant console (or set a new password and re-enable one); the
    /// password is read from standard input.
    Add {
        #[arg(long)]
        merchant: String,
        #[arg(long)]
        login: String,
        #[arg(long, required = true)]
        password_stdin: bool,
        /// owner (manages users and keys), developer (keys, callbacks, the integration check,
        /// page settings) or support (reads payments, resends callbacks). Not named: an existing
        /// user keeps their role, a new one is an owner.
        #[arg(long, value_parser = ["owner", "developer", "support"])]
        role: Option<String>,
    },
    /// Disable a user of the merchant console.
    Disable {
        #[arg(long)]
        login: String,
    },
    /// Remove a merchant user's second factor (a lost phone): they enrol again at their next
    /// login.
    #[command(name = "reset-2fa")]
    Reset2fa {
        #[arg(long)]
        login: String,
    },
}

#[derive(Subcommand)]
enum OperatorCommand {
    /// Add an operator (or set a new password and re-enable one); the password is read from
    /// standard input (one line, at least 12 characters).
    Add {
        #[arg(long)]
        login: String,
        #[arg(long, required = true)]
        password_stdin: bool,
        /// admin (also manages operators and limits), operator (decides payments, payouts,
        /// transfers, requisites) or viewer (reads everything, decides nothing). Not named: an
        /// existing operator keeps their role, a new one is an administrator.
        #[arg(long, value_parser = ["admin", "operator", "viewer"])]
        role: Option<String>,
    },
    /// Disable an operator: their sessions end at their next request.
    Disable {
        #[arg(long)]
        login: String,
    },
    /// Remove an operator's second factor (a lost phone): they enrol again at their next login.
    #[command(name = "reset-2fa")]
    Reset2fa {
        #[arg(long)]
        login: String,
    },
}

/// One line of standard input, without its line end.
fn password_from_stdin() -> anyhow::Result<kassa::secret::Secret<String>> {
    let mut line = String::new();
    std::io::stdin().read_line(&mut line)?;
    Ok(kassa::secret::Secret::new(line.trim_end_matches(['\r', '\n']).to_string()))
}

#[derive(Subcommand)]
enum LedgerCommand {
    /// Recomputes every balance from its entries; prints the differences and exits non-zero
    /// when there is any.
    Verify,
}

#[derive(Subcommand)]
enum MasterKeyCommand {
    /// Prints a new random master key (base64), for KASSA_MASTER_KEY or a key file.
    New,
    /// Re-seals every stored secret under KASSA_MASTER_KEY (or the key file); the key it
    /// replaces goes in KASSA_MASTER_KEY_PREVIOUS for this run.
    Rotate,
}

#[derive(Subcommand)]
enum ProjectCommand {
    /// Create a project (and its merchant when new); prints the key material once.
    Create {
        #[arg(long)]
        merchant: String,
        #[arg(long)]
        name: String,
        #[arg(long, default_value = "ecdsa-p256", value_parser = parse_key_type)]
        request_key_type: KeyType,
        /// Upload this public key (PEM) instead of generating a pair.
        #[arg(long)]
        public_key: Option<PathBuf>,
        #[arg(long, default_value = "ecdsa-p256", value_parser = parse_key_type)]
        callback_key_type: KeyType,
        /// Default redirect_url of the project (e-commerce widget payments without one).
        #[arg(long)]
        redirect_url: Option<String>,
    },
    /// Change a project's settings.
    Set {
        #[arg(long)]
        project: String,
        /// The name payers see on the payment page (1 to 64 characters); "" goes back to the
        /// merchant's name.
        #[arg(long)]
        display_name: Option<String>,
        /// The colour of buttons and links on the payment page, #rrggbb (refused below WCAG AA
        /// contrast with white); "" goes back to Kassa's.
        #[arg(long)]
        brand_color: Option<String>,
        /// A logo for the payment page: PNG or WebP, at most 200 KB.
        #[arg(long, conflicts_with = "no_logo")]
        logo: Option<PathBuf>,
        /// Remove the logo.
        #[arg(long)]
        no_logo: bool,
        /// A site that may show the payment page in a frame (https://host[:port], or http:// for
        /// localhost); repeat for several. Replaces the project's list.
        #[arg(long = "embed-origin", conflicts_with = "no_embed_origins")]
        embed_origins: Vec<String>,
        /// No site may embed the payment page (the default).
        #[arg(long)]
        no_embed_origins: bool,
    },
}

#[derive(Subcommand)]
enum KeyCommand {
    /// Add a request key (a project may hold two active keys, for rotation).
    Add {
        #[arg(long)]
        project: String,
        #[arg(long = "type", default_value = "ecdsa-p256", value_parser = parse_key_type)]
        key_type: KeyType,
        #[arg(long)]
        public_key: Option<PathBuf>,
    },
    /// Deactivate a request key by its token.
    Deactivate {
        #[arg(long)]
        token: String,
    },
}

fn parse_key_type(s: &str) -> Result<KeyType, String> {
    KeyType::parse(s).ok_or_else(|| "expected ecdsa-p256, rsa-sha256 or hmac-sha512".to_string())
}

fn read_pem(path: Option<PathBuf>) -> anyhow::Result<Option<String>> {
    path.map(|p| std::fs::read_to_string(&p).map_err(|e| anyhow::anyhow!("reading {}: {e}", p.display()))).transpose()
}

fn print_json(value: &impl serde::Serialize) {
    println!("{}", serde_json::to_string_pretty(value).expect("output serializes"));
}

#[tokio::main]
async fn main() -> std::process::ExitCode {
    let cli = Cli::parse();
    kassa::telemetry::init(cli.config.log_json);
    match run(cli).await {
        Ok(()) => std::process::ExitCode::SUCCESS,
        Err(e) => {
            tracing::error!("{e:#}");
            eprintln!("kassa: {e:#}");
            std::process::ExitCode::FAILURE
        }
    }
}

async fn run(cli: Cli) -> anyhow::Result<()> {
    let config = cli.config;
    match cli.command.unwrap_or(Command::Serve) {
        Command::Serve => Application::build(config).await?.run_until_stopped().await,
        Command::Migrate => {
            startup::open_services(&config).await?;
            tracing::info!(database = %config.database_url, "migrations applied");
            Ok(())
        }
        Command::Project { command } => project(&config, command).await,
        Command::Key { command } => key(&config, command).await,
        Command::Ledger { command: LedgerCommand::Verify } => verify_ledger(&config).await,
        Command::Backup { to } => {
            let bytes = startup::backup(&config, &to).await?;
            print_json(&serde_json::json!({"backup": to, "bytes": bytes}));
            Ok(())
        }
        Command::Operator { command: OperatorCommand::Add { login, password_stdin: _, role } } => {
            add_user(&config, Audience::Operator, None, &login, role.as_deref()).await
        }
        Command::Operator { command: OperatorCommand::Disable { login } } => {
            disable_user(&config, Audience::Operator, &login).await
        }
        Command::Merchant {
            command:
                MerchantCommand::User { command: MerchantUserCommand::Add { merchant, login, password_stdin: _, role } },
        } => add_user(&config, Audience::Merchant, Some(&merchant), &login, role.as_deref()).await,
        Command::Merchant { command: MerchantCommand::User { command: MerchantUserCommand::Disable { login } } } => {
            disable_user(&config, Audience::Merchant, &login).await
        }
        Command::Operator { command: OperatorCommand::Reset2fa { login } } => {
            reset_factor(&config, Audience::Operator, &login).await
        }
        Command::Merchant { command: MerchantCommand::User { command: MerchantUserCommand::Reset2fa { login } } } => {
            reset_factor(&config, Audience::Merchant, &login).await
        }
        Command::MasterKey { command: MasterKeyCommand::New } => {
            println!("{}", kassa::crypto::vault::new_key_text());
            Ok(())
        }
        Command::MasterKey { command: MasterKeyCommand::Rotate } => {
            let resealed = startup::reseal_secrets(&config).await?;
            print_json(&serde_json::json!({"resealed": resealed}));
            Ok(())
        }
    }
}

/// A domain refusal as the command line says it.
fn refused(e: DomainError) -> anyhow::Error {
    anyhow::anyhow!("{}", admin::describe(&e))
}

async fn project(config: &Config, command: ProjectCommand) -> anyhow::Result<()> {
    let services = startup::open_services(config).await?;
    match command {
        ProjectCommand::Create { merchant, name, request_key_type, public_key, callback_key_type, redirect_url } => {
            let new = NewProject {
                merchant,
                name,
                request_key_type,
                public_key_pem: read_pem(public_key)?,
                callback_key_type,
                redirect_url,
            };
            print_json(&admin::create_project(&services.projects, new).await?);
            Ok(())
        }
        ProjectCommand::Set { project, display_name, brand_color, logo, no_logo, embed_origins, no_embed_origins } => {
            let embed_origins = (!embed_origins.is_empty() || no_embed_origins).then_some(embed_origins);
            if display_name.is_none() && brand_color.is_none() && logo.is_none() && !no_logo && embed_origins.is_none()
            {
                anyhow::bail!(
                    "nothing to set: give --display-name, --brand-color, --logo, --no-logo, --embed-origin or \
                     --no-embed-origins"
                );
            }
            // "" clears a name or a colour.
            fn given(v: &Option<String>) -> Option<Option<&str>> {
                v.as_deref().map(|s| Some(s).filter(|s| !s.trim().is_empty()))
            }
            let logo = match (&logo, no_logo) {
                (Some(path), _) => {
                    Some(Some(std::fs::read(path).map_err(|e| anyhow::anyhow!("reading {}: {e}", path.display()))?))
                }
                (None, true) => Some(None),
                (None, false) => None,
            };
            let change = BrandChange {
                display_name: given(&display_name),
                brand_color: given(&brand_color),
                logo,
                embed_origins,
            };
            let updated = services.projects.set_brand(&project, change, &Who::Cli).await.map_err(|e| match e {
                DomainError::Missing => anyhow::anyhow!("no project {project}"),
                e => refused(e),
            })?;
            print_json(&serde_json::json!({
                "project_id": updated.id,
                "display_name": updated.payee(),
                "brand_color": updated.settings.brand_color.as_ref().map(|c| c.as_str()),
                "logo": updated.settings.logo_digest.is_some(),
                "embed_origins": updated.settings.embed_origins.iter().map(|o| o.as_str()).collect::<Vec<_>>(),
            }));
            Ok(())
        }
    }
}

async fn key(config: &Config, command: KeyCommand) -> anyhow::Result<()> {
    let services = startup::open_services(config).await?;
    match command {
        KeyCommand::Add { project, key_type, public_key } => {
            let pem = read_pem(public_key)?;
            let key = admin::add_request_key(&services.keys, &project, key_type, pem.as_deref()).await.map_err(
                |e| match e.0 {
                    DomainError::Missing => anyhow::anyhow!("no project {project}"),
                    e => refused(e),
                },
            )?;
            print_json(&key);
            Ok(())
        }
        KeyCommand::Deactivate { token } => {
            services.keys.set_active(None, &token, false, &Who::Cli).await.map_err(|e| match e {
                DomainError::Missing => anyhow::anyhow!("no request key with that token"),
                e => refused(e),
            })?;
            print_json(&serde_json::json!({"token": token, "active": false}));
            Ok(())
        }
    }
}

async fn verify_ledger(config: &Config) -> anyhow::Result<()> {
    let services = startup::open_services(config).await?;
    let mismatches = services.balances.verify().await.map_err(refused)?;
    print_json(&serde_json::json!({"balances_checked": "all", "mismatches": mismatches}));
    if mismatches.is_empty() {
        Ok(())
    } else {
        anyhow::bail!("{} balance(s) differ from their ledger entries", mismatches.len())
    }
}

async fn add_user(
    config: &Config,
    audience: Audience,
    merchant: Option<&str>,
    login: &str,
    role: Option<&str>,
) -> anyhow::Result<()> {
    let role = role.map(|r| Role::parse(r).ok_or_else(|| anyhow::anyhow!("no role {r}"))).transpose()?;
    let password = password_from_stdin()?;
    let services = startup::open_services(config).await?;
    if let Some(merchant) = merchant
        && services.projects.of_merchant(merchant).await.map_err(refused)?.is_empty()
    {
        anyhow::bail!("no merchant {merchant} with a project (kassa project create prints the merchant id)");
    }
    let user = services.users.add(audience, merchant, login, &password, role).await.map_err(refused)?;
    let role = user.role.code();
    match merchant {
        Some(merchant) => {
            print_json(&serde_json::json!({"login": user.login, "merchant_id": merchant, "role": role, "active": true}))
        }
        None => print_json(&serde_json::json!({"login": user.login, "role": role, "active": true})),
    }
    Ok(())
}

async fn reset_factor(config: &Config, audience: Audience, login: &str) -> anyhow::Result<()> {
    let services = startup::open_services(config).await?;
    services.users.reset_factor(audience, login).await.map_err(|e| match e {
        DomainError::Missing => anyhow::anyhow!("no such user"),
        e => refused(e),
    })?;
    print_json(&serde_json::json!({"login": login, "second_factor": false}));
    Ok(())
}

async fn disable_user(config: &Config, audience: Audience, login: &str) -> anyhow::Result<()> {
    let services = startup::open_services(config).await?;
    services.users.disable(audience, login).await.map_err(|e| match e {
        DomainError::Missing => anyhow::anyhow!("no such user"),
        e => refused(e),
    })?;
    print_json(&serde_json::json!({"login": login, "active": false}));
    Ok(())
}
