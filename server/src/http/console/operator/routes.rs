//! The routes of the operator console: each URL and its handler.

use axum::Router;
use axum::routing::{get, post};

use super::CONSOLE;
use super::{audit, dashboard, decisions, payments, queue, requisites, statements};
use crate::http::AppState;

pub fn router() -> Router<AppState> {
    CONSOLE
        .entry_routes()
        .route("/operator/", get(queue::queue))
        .route("/operator/payments", get(payments::list))
        .route("/operator/payments/{request_id}", get(payments::payment))
        .route("/operator/payments/{request_id}/receipts/{receipt_id}", get(payments::receipt))
        .route("/operator/payments/{request_id}/callbacks/{callback_id}/resend", post(payments::resend))
        .route("/operator/payments/{request_id}/received", post(decisions::received))
        .route("/operator/payments/{request_id}/resolve", post(decisions::resolve))
        .route("/operator/payments/{request_id}/payout", post(decisions::payout))
        .route("/operator/incoming", post(statements::incoming))
        .route("/operator/statements", post(statements::preview))
        .route("/operator/statements/apply", post(statements::apply))
        .route("/operator/requisites", get(requisites::pool).post(requisites::add))
        .route("/operator/requisites/{id}/active", post(requisites::set_active))
        .route("/operator/requisites/{id}/limits", post(requisites::set_limits))
        .route("/operator/audit", get(audit::log))
        .route("/operator/dashboard", get(dashboard::dashboard))
}
