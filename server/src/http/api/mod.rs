//! The merchant API (`/api/v1/...`, merchant-api.md and decisions.md §2–§6): every request
//! signed and authenticated by one layer ([`auth`]), shape-checked into the domain's drafts
//! ([`field`], [`shape`], [`payin`]), answered with the common body ([`response`]); each
//! route registered with its OpenAPI documentation ([`openapi`]).

pub mod auth;
pub mod banks;
pub mod callbacks;
pub mod ecom;
pub mod field;
pub mod first_use;
pub mod openapi;
pub mod p2p;
pub mod payin;
pub mod payout;
pub mod response;
pub mod shape;
pub mod widget;

use axum::Router;
use utoipa::OpenApi;
use utoipa_axum::router::OpenApiRouter;

use crate::http::AppState;

/// Every merchant endpoint, with its documentation: a route cannot be added without it.
fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::with_openapi(openapi::ApiDoc::openapi())
        .merge(p2p::router())
        .merge(ecom::router())
        .merge(widget::router())
        .merge(banks::router())
        .merge(payout::router())
        .merge(callbacks::router())
}

/// The merchant API's routes behind the authentication layer: no route can skip it.
pub fn router(state: AppState) -> Router<AppState> {
    let (routes, _) = routes().split_for_parts();
    routes.layer(axum::middleware::from_fn_with_state(state, auth::authenticate))
}

/// The OpenAPI document of the merchant API.
pub fn openapi() -> serde_json::Value {
    openapi::document(routes().split_for_parts().1)
}
