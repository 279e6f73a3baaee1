//! Building and running the application: storage, background workers and the HTTP server.

use std::net::SocketAddr;
use std::sync::Arc;

use tokio::net::TcpListener;
use tokio::sync::watch;

use crate::acquirer::sandbox::SandboxAcquirer;
use crate::callbacks::dispatcher::{DeliverySettings, Dispatcher};
use crate::callbacks::probe::Prober;
use crate::callbacks::render::WireRenderer;
use crate::config::Config;
use crate::crypto::vault::Vault;
use crate::demo::{self, DemoShop};
use crate::domain::acquirer::Acquirer;
use crate::domain::engine::Settings;
use crate::domain::ports::Stores;
use crate::domain::user::{Audience, Role};
use crate::http::Parts;
use crate::http::{self, AppState};
use crate::jobs;
use crate::secret::Secret;
use crate::services::{Adapters, Services};
use crate::storage::{self, Sessions};

pub struct Application {
    listener: TcpListener,
    state: AppState,
    stores: Stores,
    sessions: Sessions,
    /// Demo mode: the demo operator's and merchant user's password, printed at start.
    demo_operator: Option<Secret<String>>,
    demo_merchant_user: Option<Secret<String>>,
}

/// Login of the operator demo mode creates.
pub const DEMO_OPERATOR: &str = "operator";
/// Login of the demo merchant's console user.
pub const DEMO_MERCHANT_USER: &str = "merchant";

impl Application {
    /// Opens (and migrates) the database, seeds the bank catalogue, and binds the port.
    pub async fn build(mut config: Config) -> anyhow::Result<Self> {
        // The demo runs on one machine: its shop, return link and callbacks are on loopback
        // (KASSA_DEMO=1 alone must give a demo that returns to its shop).
        if config.demo {
            config.allow_private_callbacks = true;
        }
        let vault = Arc::new(Vault::open(&config.key_source())?);
        let database = storage::open(&config.database_url, vault.clone())
            .await
            .map_err(|e| anyhow::anyhow!("opening the database {}: {e}", config.database_url))?;
        let stores = database.stores.clone();
        // A database is sandbox or live for good: the first server to start on it decides,
        // and a server in the other mode refuses it (a sandbox lets payers mark their own
        // payments paid; it must never run by accident).
        let mode = if config.sandbox() { "sandbox" } else { "live" };
        let stored = stores.projects.service_setting_or_init("mode", mode).await?;
        if stored != mode {
            anyhow::bail!(if stored == "sandbox" {
                "this database was created in sandbox mode: start Kassa with KASSA_SANDBOX=1 (or KASSA_DEMO=1), or use another database"
            } else {
                "this is a live database: Kassa refuses to serve it with KASSA_SANDBOX or KASSA_DEMO set"
            });
        }
        // Secrets stored before sealing, or under a previous master key, are sealed now.
        let resealed = stores.projects.reseal_secrets().await?;
        if resealed > 0 {
            tracing::info!(resealed, "stored secrets sealed under the current master key");
        }
        let listener =
            TcpListener::bind(config.bind).await.map_err(|e| anyhow::anyhow!("binding {}: {e}", config.bind))?;
        let address = listener.local_addr()?;
        let public_url =
            config.public_url.clone().unwrap_or_else(|| format!("http://{address}")).trim_end_matches('/').to_string();
        let sandbox = if config.sandbox() {
            let key = stores.projects.service_secret("sandbox-acs-pares").await?;
            Some(Arc::new(SandboxAcquirer::new(&public_url, Secret::new(key))))
        } else {
            None
        };
        // The sandbox is the only acquirer until a real one is added behind the same trait.
        let acquirer = sandbox.clone().map(|s| s as Arc<dyn Acquirer>);
        let services = Services::new(&stores, adapters(&config, &public_url, acquirer));
        services.banks.seed().await?;
        // Demo mode: an operator and a merchant user with a fresh password each start (printed
        // with the rest), and the demo shop's project.
        let demo_operator =
            if config.demo { Some(demo_user(&services, Audience::Operator, None).await?) } else { None };
        let demo = if config.demo {
            if config.operator_token.is_none() {
                config.operator_token = Some(Secret::new(crate::domain::payment::new_page_token()));
            }
            Some(Arc::new(demo::prepare(&services).await?))
        } else {
            None
        };
        let demo_merchant_user = match &demo {
            Some(shop) => Some(demo_user(&services, Audience::Merchant, Some(&shop.merchant_id)).await?),
            None => None,
        };
        let state = AppState::new(Parts {
            local_url: format!("http://{address}"),
            config,
            public_url,
            services,
            vault,
            sandbox,
            demo,
        });
        let sessions = database.sessions.with_max_age(state.config.console_session_max_s);
        Ok(Application { listener, state, stores, sessions, demo_operator, demo_merchant_user })
    }

    pub fn local_addr(&self) -> SocketAddr {
        self.listener.local_addr().expect("bound listener has an address")
    }

    pub fn public_url(&self) -> &str {
        &self.state.public_url
    }

    /// The sandbox acquirer, in sandbox mode (tests watch what reached it).
    pub fn sandbox(&self) -> Option<Arc<SandboxAcquirer>> {
        self.state.sandbox.clone()
    }

    /// The storage ports (for the command line and tests).
    pub fn stores(&self) -> Stores {
        self.stores.clone()
    }

    /// The domain's services (for tests that drive the domain with a clock of their own).
    pub fn services(&self) -> Services {
        self.state.services.clone()
    }

    /// Serves until Ctrl-C or SIGTERM, with the background workers alongside.
    pub async fn run_until_stopped(self) -> anyhow::Result<()> {
        let (stop, stopped) = watch::channel(false);
        let config = &self.state.config;
        let delivery = DeliverySettings {
            allow_private: config.allow_private_callbacks,
            // decisions.md §3: any 2xx within the callbacks' timeout (10 s) is a delivery.
            timeout: std::time::Duration::from_millis(config.callback_timeout_ms),
            retry_schedule_s: config.callback_retry_s.clone(),
            caps: crate::domain::outbox::DeliveryCaps {
                per_project: config.callback_max_per_project as i64,
                per_host: config.callback_max_per_host as i64,
            },
        };
        let services = &self.state.services;
        let mut workers = vec![
            tokio::spawn(jobs::requisites_search(services.scheduler.clone(), stopped.clone())),
            tokio::spawn(jobs::deadlines(services.scheduler.clone(), stopped.clone())),
            tokio::spawn(jobs::housekeeping(services.keys.clone(), stopped.clone())),
            tokio::spawn(jobs::dashboard_roll_up(services.dashboard.clone(), stopped.clone())),
        ];
        if config.send_callbacks {
            let dispatcher = Dispatcher::new(
                self.stores.outbox.clone(),
                self.stores.projects.clone(),
                delivery,
                services.signals.callbacks_ready(),
            );
            workers.push(tokio::spawn(dispatcher.run(stopped.clone())));
        }
        let sessions = self.sessions.clone();
        let cleaner = tokio::spawn(sessions.clone().clean_expired());
        tracing::info!(address = %self.local_addr(), public_url = %self.state.public_url, "Kassa listening");
        if let Some(shop) = &self.state.demo {
            print_demo_banner(&self.state, shop, self.demo_operator.as_ref(), self.demo_merchant_user.as_ref());
        }
        let limits = self.state.config.limits();
        let router = http::router(self.state, self.sessions.clone());
        http::shared::server::serve(
            self.listener,
            router,
            limits,
            shutdown_signal(),
            std::time::Duration::from_secs(10),
        )
        .await?;
        let _ = stop.send(true);
        cleaner.abort();
        for w in workers {
            let _ = w.await;
        }
        Ok(())
    }
}

/// The adapters the services run with: the timings of the configuration, the acquirer, the
/// callback bodies' wire format and the integration check's client.
fn adapters(config: &Config, public_url: &str, acquirer: Option<Arc<dyn Acquirer>>) -> Adapters {
    Adapters {
        settings: Settings {
            search_window_ms: config.requisites_search_s as i64 * 1000,
            grace_ms: config.dispute_grace_s as i64 * 1000,
            card_auth_timeout_ms: config.card_auth_timeout_s as i64 * 1000,
        },
        credit_limits: config.credit_limits(),
        acquirer,
        renderer: Arc::new(WireRenderer::new(public_url)),
        probe: Arc::new(Prober::new(
            config.allow_private_callbacks,
            std::time::Duration::from_millis(config.callback_timeout_ms),
        )),
        second_factor: config.second_factor(),
    }
}

/// The services over the configured database, for the command line (nothing is served).
pub async fn open_services(config: &Config) -> anyhow::Result<Services> {
    let vault = Arc::new(Vault::open(&config.key_source())?);
    let database = storage::open(&config.database_url, vault)
        .await
        .map_err(|e| anyhow::anyhow!("opening the database {}: {e}", config.database_url))?;
    let public_url = config.public_url.clone().unwrap_or_else(|| format!("http://{}", config.bind));
    Ok(Services::new(&database.stores, adapters(config, &public_url, None)))
}

/// Re-seals every stored secret under the current master key (after a rotation).
pub async fn reseal_secrets(config: &Config) -> anyhow::Result<u64> {
    let vault = Arc::new(Vault::open(&config.key_source())?);
    let database = storage::open(&config.database_url, vault).await?;
    Ok(database.stores.projects.reseal_secrets().await?)
}

/// `kassa backup --to FILE`: a consistent copy of the embedded database (docs/RELIABILITY.md).
pub async fn backup(config: &Config, to: &std::path::Path) -> anyhow::Result<u64> {
    Ok(storage::backup(&config.database_url, to).await?)
}

/// A demo console user with a fresh password (printed at start).
async fn demo_user(services: &Services, audience: Audience, merchant: Option<&str>) -> anyhow::Result<Secret<String>> {
    let password = Secret::new(crate::domain::payment::new_page_token());
    let login = if audience == Audience::Operator { DEMO_OPERATOR } else { DEMO_MERCHANT_USER };
    services
        .users
        .add(audience, merchant, login, &password, Some(Role::first(audience)))
        .await
        .map_err(|e| anyhow::anyhow!("creating the demo {} user: {e}", audience.code()))?;
    Ok(password)
}

/// How to pay in demo mode, on standard output.
fn print_demo_banner(
    state: &AppState,
    shop: &DemoShop,
    operator: Option<&Secret<String>>,
    merchant: Option<&Secret<String>>,
) {
    use crate::acquirer::sandbox::*;
    let token = state.config.operator_token.as_ref().map(|t| t.expose().clone()).unwrap_or_default();
    println!(
        "\nKassa demo is running.\n\
         \n  Demo shop (start a payment):  {url}/\
         \n  Merchant API (OpenAPI):       {url}/api/v1/openapi.json\
         \n  Operator API token:           {token}\
         \n  Operator console:             {url}/operator/  login {DEMO_OPERATOR}  password {password}\
         \n  Merchant console:             {url}/merchant/  login {DEMO_MERCHANT_USER}  password {merchant_password}\
         \n  Demo project id:              {project}\
         \n\n  Sandbox cards (any future expiry, any name, any CVV):\
         \n    {CARD_SUCCESS} success   {CARD_3DS} 3DS (code {ONE_TIME_CODE})   {CARD_REDIRECT} bank redirect\
         \n    {CARD_DECLINED} declined  {CARD_NO_FUNDS} insufficient funds\
         \n  The payment page's sandbox panel plays the operator: funds received, expiry, push approval.\n",
        url = state.public_url,
        project = shop.project_id,
        password = operator.map(|p| p.expose().as_str()).unwrap_or("-"),
        merchant_password = merchant.map(|p| p.expose().as_str()).unwrap_or("-"),
    );
}

async fn shutdown_signal() {
    let ctrl_c = async {
        let _ = tokio::signal::ctrl_c().await;
    };
    let terminate = async {
        match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
            Ok(mut s) => {
                s.recv().await;
            }
            Err(_) => std::future::pending::<()>().await,
        }
    };
    tokio::select! {
        _ = ctrl_c => {},
        _ = terminate => {},
    }
}
