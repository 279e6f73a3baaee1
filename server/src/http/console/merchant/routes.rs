//! The routes of the merchant console: each URL and its handler.

use axum::Router;
use axum::routing::{get, post};

use super::CONSOLE;
use super::{balance, callbacks, dashboard, integration, keys, page, payments, payouts};
use crate::http::AppState;

pub fn router() -> Router<AppState> {
    CONSOLE
        .entry_routes()
        .merge(super::super::users::routes::<super::super::guard::MerchantUser>(CONSOLE))
        .merge(super::super::factor::routes::<super::super::guard::MerchantUser>(CONSOLE))
        .route("/merchant/", get(payments::list))
        .route("/merchant/payments.csv", get(payments::csv))
        .route("/merchant/payments/{request_id}", get(payments::payment))
        .route("/merchant/payments/{request_id}/callbacks/{callback_id}/resend", post(payments::resend))
        .route("/merchant/callbacks", get(callbacks::failing))
        .route("/merchant/balance", get(balance::balance))
        .route("/merchant/payouts", get(payouts::page).post(payouts::request))
        .route("/merchant/payments/{request_id}/cancel", post(payouts::cancel))
        .route("/merchant/balance.csv", get(balance::statement_csv))
        .route("/merchant/dashboard", get(dashboard::dashboard))
        .route("/merchant/keys", get(keys::keys))
        .route("/merchant/keys/{project_id}/add", post(keys::add))
        .route("/merchant/keys/{project_id}/{token}/active", post(keys::set_active))
        .route("/merchant/keys/{project_id}/callback.pem", get(keys::callback_pem))
        .route("/merchant/integration", get(integration::page).post(integration::send))
        .route("/merchant/page", get(page::settings))
        .route("/merchant/page/{project_id}", post(page::save))
        .route(
            "/merchant/page/{project_id}/logo",
            post(page::logo)
                .layer(axum::extract::DefaultBodyLimit::max(crate::domain::brand::MAX_LOGO_BYTES + 16 * 1024)),
        )
        .route("/merchant/page/{project_id}/logo/remove", post(page::remove_logo))
}
