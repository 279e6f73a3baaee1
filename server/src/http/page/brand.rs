//! A project's brand on its payment pages: the logo, and a stylesheet with its colour. Kassa
//! serves both itself, so the pages' CSP stays `'self'` (no inline styles, no other hosts).

use axum::Router;
use axum::extract::{Path, State};
use axum::http::{StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::routing::get;

use crate::http::AppState;

pub fn router() -> Router<AppState> {
    Router::new().route("/brand/{project_id}/logo", get(logo)).route("/brand/{project_id}/theme.css", get(theme))
}

/// The logo as stored (PNG or WebP, checked by content when it was set). Its address carries
/// the logo's digest, so a new logo is a new address and this one may be cached.
async fn logo(State(state): State<AppState>, Path(project_id): Path<String>) -> Response {
    match state.services.projects.logo(&project_id).await {
        Ok(Some((content_type, data))) => (
            [
                (header::CONTENT_TYPE, content_type),
                (header::CACHE_CONTROL, "public, max-age=31536000, immutable".to_string()),
                (header::X_CONTENT_TYPE_OPTIONS, "nosniff".to_string()),
                (header::CONTENT_SECURITY_POLICY, "default-src 'none'".to_string()),
            ],
            data,
        )
            .into_response(),
        Ok(None) => StatusCode::NOT_FOUND.into_response(),
        Err(e) => {
            tracing::warn!(error = %e, "reading a logo failed");
            StatusCode::SERVICE_UNAVAILABLE.into_response()
        }
    }
}

/// The brand colour as the page's accent. Only the light scheme takes it: the dark scheme keeps
/// Kassa's lighter accent, so links stay readable on dark cards.
async fn theme(State(state): State<AppState>, Path(project_id): Path<String>) -> Response {
    let color = match state.services.projects.project(&project_id).await {
        Ok(Some(project)) => project.settings.brand_color,
        Ok(None) => return StatusCode::NOT_FOUND.into_response(),
        Err(e) => {
            tracing::warn!(error = %e, "reading a project's brand failed");
            return StatusCode::SERVICE_UNAVAILABLE.into_response();
        }
    };
    let Some(color) = color else {
        return StatusCode::NOT_FOUND.into_response();
    };
    let css = format!(
        ":root {{ --accent: {c}; --accent-text: #fff; }}\n\
         @media (prefers-color-scheme: dark) {{ :root {{ --accent: #8ab4f8; --accent-text: #0b1b33; }} }}\n",
        c = color.as_str()
    );
    ([(header::CONTENT_TYPE, "text/css; charset=utf-8"), (header::CACHE_CONTROL, "no-cache")], css).into_response()
}
