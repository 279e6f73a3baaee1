//! Building and running the application: storage, background workers and the HTTP server.

use std::net::SocketAddr;
use std::sync::Arc;

use tokio::net::TcpListener;
use tokio::sync::watch;

use crate::callbacks::dispatcher::{DeliverySettings, Dispatcher};
use crate::config::Config;
use crate::domain::banks;
use crate::domain::payments::{Payments, Settings};
use crate::http::{self, AppState};
use crate::jobs;
use crate::storage::{self, Storage};

pub struct Application {
    listener: TcpListener,
    state: AppState,
    storage: Arc<dyn Storage>,
    payments: Arc<Payments>,
}

impl Application {
    /// Opens (and migrates) the database, seeds the bank catalogue, and binds the port.
    pub async fn build(config: Config) -> anyhow::Result<Self> {
        let storage = storage::open(&config.database_url)
            .await
            .map_err(|e| anyhow::anyhow!("opening the database {}: {e}", config.database_url))?;
        storage.seed_banks(&banks::seed()).await?;
        let listener = TcpListener::bind(config.bind)
            .await
            .map_err(|e| anyhow::anyhow!("binding {}: {e}", config.bind))?;
        let address = listener.local_addr()?;
        let public_url = config
            .public_url
            .clone()
            .unwrap_or_else(|| format!("http://{address}"))
            .trim_end_matches('/')
            .to_string();
        let settings = Settings {
            public_url: public_url.clone(),
            search_window_ms: config.requisites_search_s as i64 * 1000,
            grace_ms: config.dispute_grace_s as i64 * 1000,
        };
        let payments = Arc::new(Payments::new(storage.clone(), settings));
        let state = AppState::new(config, public_url, storage.clone(), payments.clone());
        Ok(Application {
            listener,
            state,
            storage,
            payments,
        })
    }

    pub fn local_addr(&self) -> SocketAddr {
        self.listener
            .local_addr()
            .expect("bound listener has an address")
    }

    pub fn public_url(&self) -> &str {
        &self.state.public_url
    }

    pub fn storage(&self) -> Arc<dyn Storage> {
        self.storage.clone()
    }

    /// Serves until Ctrl-C or SIGTERM, with the background workers alongside.
    pub async fn run_until_stopped(self) -> anyhow::Result<()> {
        let (stop, stopped) = watch::channel(false);
        let config = &self.state.config;
        let delivery = DeliverySettings {
            allow_private: config.allow_private_callbacks,
            timeout: std::time::Duration::from_millis(config.callback_timeout_ms),
            retry_schedule_s: config.callback_retry_s.clone(),
        };
        let dispatcher = Dispatcher::new(
            self.storage.clone(),
            delivery,
            self.payments.callbacks_ready(),
        );
        let workers = vec![
            tokio::spawn(jobs::requisites_search(
                self.payments.clone(),
                stopped.clone(),
            )),
            tokio::spawn(jobs::deadlines(self.payments.clone(), stopped.clone())),
            tokio::spawn(dispatcher.run(stopped.clone())),
        ];
        tracing::info!(address = %self.local_addr(), public_url = %self.state.public_url, "Kassa listening");
        let router = http::router(self.state);
        axum::serve(self.listener, router)
            .with_graceful_shutdown(shutdown_signal())
            .await?;
        let _ = stop.send(true);
        for w in workers {
            let _ = w.await;
        }
        Ok(())
    }
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
