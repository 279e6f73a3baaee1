//! Static files: the stylesheet and the page's script (content-hashed URLs, cached for a year),
//! the favicon, and the card rules' browser module when it is built.

use std::path::Path;

use axum::Router;
use axum::http::{HeaderValue, header};
use axum::response::IntoResponse;
use axum::routing::get;
use sha2::{Digest, Sha256};
use tower_http::services::ServeDir;
use tower_http::set_header::SetResponseHeaderLayer;

use crate::http::AppState;
use app::model::Scripts;

const CSS: &str = include_str!("../../../../style/main.css");
/// The consoles' stylesheet, apart so the payment page does not carry it.
const CONSOLE_CSS: &str = include_str!("../../../../style/console.css");
/// The payment page's script (progressive enhancement; the page works without it).
const PAGE_JS: &str = include_str!("../../../../public/page.js");
const FAVICON_SVG: &str = include_str!("../../../../public/favicon.svg");
const FAVICON_ICO: &[u8] = include_bytes!("../../../../public/favicon.ico");
/// The `frontend` crate built to wasm (the card rules for the browser), as
/// `scripts/build-site.sh` leaves it in `{site_root}/pkg`.
pub const RULES_MODULE: &str = "kassa_rules.wasm";

/// Where pages find their assets.
#[derive(Clone, Debug)]
pub struct Assets {
    pub css_href: String,
    pub console_css_href: String,
    /// The page's script, and the card rules' module when `{site_root}/pkg` holds it.
    pub scripts: Option<Scripts>,
}

impl Assets {
    pub fn new(site_root: &Path) -> Self {
        let hash = hex::encode(&Sha256::digest(CSS.as_bytes())[..8]);
        let built = site_root.join("pkg").join(RULES_MODULE).exists();
        if !built {
            tracing::info!(site_root = %site_root.display(), "no card rules module: the server alone checks card forms");
        }
        Assets {
            css_href: format!("/assets/main.css?v={hash}"),
            console_css_href: format!(
                "/assets/console.css?v={}",
                hex::encode(&Sha256::digest(CONSOLE_CSS.as_bytes())[..8])
            ),
            scripts: Some(Scripts {
                page_js: format!("/assets/page.js?v={}", hex::encode(&Sha256::digest(PAGE_JS.as_bytes())[..8])),
                rules_wasm: built.then(|| format!("/pkg/{RULES_MODULE}")),
            }),
        }
    }
}

pub fn router(site_root: &Path) -> Router<AppState> {
    let immutable = HeaderValue::from_static("public, max-age=31536000, immutable");
    let pkg = ServeDir::new(site_root.join("pkg"));
    let console_immutable = immutable.clone();
    let script_immutable = immutable.clone();
    Router::new()
        .route(
            "/assets/console.css",
            get(move || async move {
                (
                    [
                        (header::CONTENT_TYPE, HeaderValue::from_static("text/css; charset=utf-8")),
                        (header::CACHE_CONTROL, console_immutable),
                    ],
                    CONSOLE_CSS,
                )
            }),
        )
        .route(
            "/assets/page.js",
            get(move || async move {
                (
                    [
                        (header::CONTENT_TYPE, HeaderValue::from_static("text/javascript; charset=utf-8")),
                        (header::CACHE_CONTROL, script_immutable),
                    ],
                    PAGE_JS,
                )
            }),
        )
        .route(
            "/assets/main.css",
            get(move || async move {
                (
                    [
                        (header::CONTENT_TYPE, HeaderValue::from_static("text/css; charset=utf-8")),
                        (header::CACHE_CONTROL, immutable),
                    ],
                    CSS,
                )
            }),
        )
        .route(
            "/favicon.svg",
            get(|| async {
                (
                    [(header::CONTENT_TYPE, "image/svg+xml"), (header::CACHE_CONTROL, "public, max-age=86400")],
                    FAVICON_SVG,
                )
            }),
        )
        .route(
            "/favicon.ico",
            get(|| async {
                (
                    [(header::CONTENT_TYPE, "image/x-icon"), (header::CACHE_CONTROL, "public, max-age=86400")],
                    FAVICON_ICO,
                )
                    .into_response()
            }),
        )
        // The module keeps its name across builds: revalidate rather than cache blindly.
        .nest_service(
            "/pkg",
            tower::ServiceBuilder::new()
                .layer(SetResponseHeaderLayer::overriding(header::CACHE_CONTROL, HeaderValue::from_static("no-cache")))
                .service(pkg),
        )
}
