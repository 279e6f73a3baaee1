//! The HTTP layer: one module per API family, the authentication layer, the error mapping, and
//! the hosted page. Handlers parse requests into validated types and call the domain.

// One folder per audience, and one for what they share: a route's handler is found from its
// URL (`/api/v1/operator/...` in `operator/`, `/api/v1/...` in `api/`, `/pay/...` in `page/`,
// `/operator/...` and `/merchant/...` in `console/`, `/` the demo shop).
pub mod api;
pub mod console;
pub mod demo;
pub mod operator;
pub mod page;
pub mod shared;

use std::ops::Deref;
use std::sync::Arc;

use axum::Router;
use axum::http::{HeaderName, HeaderValue, header};
use axum::routing::get;
use tower_http::compression::CompressionLayer;
use tower_http::set_header::SetResponseHeaderLayer;

use crate::acquirer::sandbox::SandboxAcquirer;
use crate::config::Config;
use crate::crypto::vault::Vault;
use crate::demo::DemoShop;
use crate::i18n::Locales;
use crate::secret::Secret;
use crate::services::Services;
use shared::{assets, csrf, error, limits::RateLimiter, metrics, ops, session};

/// State shared by every handler.
#[derive(Clone)]
pub struct AppState(Arc<Shared>);

pub struct Shared {
    pub config: Config,
    /// Base of `form_url` and other links Kassa hands out.
    pub public_url: String,
    /// This server's own address (the demo shop calls the API through it).
    pub local_url: String,
    /// The domain's services: a handler calls one.
    pub services: Services,
    /// Keys the edge derives from the master key.
    pub keys: EdgeKeys,
    /// CSRF tokens of the pages' forms (stateless).
    pub csrf: csrf::CsrfKey,
    /// Receipt uploads per payment.
    pub uploads: page::receipt::UploadLimiter,
    pub metrics: Arc<metrics::Metrics>,
    pub auth_cache: api::auth::AuthCache,
    pub limiter: RateLimiter,
    /// Requests per client address, before authentication.
    pub address_limiter: RateLimiter,
    pub openapi_json: String,
    pub locales: Locales,
    /// Payment pages already written, by view model (page/memo.rs).
    pub page_memo: page::memo::PageMemo,
    pub assets: assets::Assets,
    /// The sandbox issuer (sandbox mode).
    pub sandbox: Option<Arc<SandboxAcquirer>>,
    /// The demo shop (demo mode).
    pub demo: Option<Arc<DemoShop>>,
    pub http_client: reqwest::Client,
    pub login_limits: console::login::LoginLimits,
}

/// Keys the HTTP edge uses, derived from the master key (never stored).
pub struct EdgeKeys {
    /// HMAC key of the idempotency fingerprint of create requests.
    pub fingerprint: Secret<[u8; 32]>,
}

/// What the application state is built from.
pub struct Parts {
    pub config: Config,
    pub public_url: String,
    pub local_url: String,
    pub services: Services,
    pub vault: Arc<Vault>,
    pub sandbox: Option<Arc<SandboxAcquirer>>,
    pub demo: Option<Arc<DemoShop>>,
}

impl Deref for AppState {
    type Target = Shared;
    fn deref(&self) -> &Shared {
        &self.0
    }
}

impl AppState {
    pub fn new(parts: Parts) -> Self {
        let Parts { config, public_url, local_url, services, vault, sandbox, demo } = parts;
        let keys = EdgeKeys { fingerprint: vault.derive("request-fingerprint") };
        let csrf = csrf::CsrfKey::new(vault.derive("csrf"), public_url.starts_with("https://"));
        let limiter = RateLimiter::new(config.rate_limit_rps, config.rate_limit_burst);
        let address_limiter = RateLimiter::new(config.address_rate_limit_rps, config.address_rate_limit_burst);
        let metrics = Arc::new(metrics::Metrics::default());
        let openapi_json = serde_json::to_string_pretty(&openapi()).expect("the OpenAPI document serializes");
        let assets = assets::Assets::new(&config.site_root);
        let auth_cache =
            api::auth::AuthCache::new(std::time::Duration::from_secs(config.auth_cache_s), metrics.key_lookups.clone());
        AppState(Arc::new(Shared {
            config,
            public_url,
            local_url,
            services,
            keys,
            csrf,
            uploads: Default::default(),
            metrics,
            auth_cache,
            limiter,
            address_limiter,
            openapi_json,
            locales: Locales::load(),
            page_memo: Default::default(),
            assets,
            sandbox,
            demo,
            http_client: reqwest::Client::new(),
            login_limits: Default::default(),
        }))
    }
}

/// The OpenAPI document of the merchant API.
pub fn openapi() -> serde_json::Value {
    api::openapi()
}

/// The whole application. `sessions` stores the consoles' sessions (the database's).
pub fn router<S: tower_sessions::SessionStore + Clone>(state: AppState, sessions: S) -> Router {
    let merchant = api::router(state.clone());
    // Pages keep no server state: their forms carry a stateless CSRF token (shared/csrf.rs).
    let pages = page::router(state.sandbox.is_some()).merge(demo::router());
    let sandbox = state.config.sandbox();
    let https = state.public_url.starts_with("https://");
    let router = Router::new()
        .route("/healthz", get(ops::healthz))
        .route("/metrics", get(ops::metrics))
        .route("/api/v1/openapi.json", get(ops::openapi))
        .merge(merchant)
        .merge(operator::router(state.clone()))
        .merge(pages)
        .merge(console::routes::router().layer(session::layer(
            sessions,
            state.public_url.starts_with("https://"),
            state.config.console_idle_s,
        )))
        .merge(assets::router(&state.config.site_root))
        .fallback(|| async { error::ApiError::NotFound })
        .layer(metrics::RecordLayer(state.metrics.clone()))
        .layer(CompressionLayer::new());
    // Every answer of a sandbox says so (pages show a banner too).
    let router = if sandbox {
        router.layer(SetResponseHeaderLayer::overriding(
            HeaderName::from_static("x-kassa-mode"),
            HeaderValue::from_static("sandbox"),
        ))
    } else {
        router
    };
    // Served under an https public URL, browsers are told to come back over https only.
    let router = if https {
        router.layer(SetResponseHeaderLayer::overriding(
            header::STRICT_TRANSPORT_SECURITY,
            HeaderValue::from_static("max-age=31536000"),
        ))
    } else {
        router
    };
    router.with_state(state)
}
