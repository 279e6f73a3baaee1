//! The routes of the operator console: each URL and its handler.

use axum::Router;
use axum::extract::DefaultBodyLimit;
use axum::routing::{get, post};

use super::CONSOLE;
use super::{audit, dashboard, decisions, merchants, payments, queue, reconciliation, requisites, statements};
use crate::http::AppState;

pub fn router() -> Router<AppState> {
    CONSOLE
        .entry_routes()
        .merge(super::super::users::routes::<super::super::guard::Operator>(CONSOLE))
        .merge(super::super::factor::routes::<super::super::guard::Operator>(CONSOLE))
        .route("/operator/", get(queue::queue))
        .route("/operator/payments", get(payments::list))
        .route("/operator/payments.csv", get(payments::csv))
        .route("/operator/merchants", get(merchants::list))
        .route("/operator/projects/{project_id}", get(merchants::project).post(merchants::save))
        .route(
            "/operator/projects/{project_id}/logo",
            post(merchants::logo)
                .layer(axum::extract::DefaultBodyLimit::max(crate::domain::brand::MAX_LOGO_BYTES + 16 * 1024)),
        )
        .route("/operator/projects/{project_id}/logo/remove", post(merchants::remove_logo))
        .route("/operator/payments/{request_id}", get(payments::payment))
        .route("/operator/payments/{request_id}/receipts/{receipt_id}", get(payments::receipt))
        .route("/operator/payments/{request_id}/callbacks/{callback_id}/resend", post(payments::resend))
        .route("/operator/payments/{request_id}/received", post(decisions::received))
        .route("/operator/payments/{request_id}/resolve", post(decisions::resolve))
        .route("/operator/payments/{request_id}/payout", post(decisions::payout))
        .route("/operator/approvals/{id}/approve", post(decisions::approve))
        .route("/operator/approvals/{id}/reject", post(decisions::reject))
        .route("/operator/reconciliation", get(reconciliation::page))
        .route("/operator/reconciliation/report", get(reconciliation::report))
        .route("/operator/reconciliation/report.csv", get(reconciliation::report_csv))
        .route("/operator/incoming", post(reconciliation::incoming))
        .route("/operator/transfers/{id}/attach", post(reconciliation::attach))
        .route("/operator/transfers/{id}/dismiss", post(reconciliation::dismiss))
        .route(
            "/operator/statements",
            post(statements::upload).layer(DefaultBodyLimit::max(statements::MAX_STATEMENT_BYTES + 64 * 1024)),
        )
        .route("/operator/statements/{id}", get(statements::show))
        .route("/operator/statements/{id}/apply", post(statements::apply))
        .route("/operator/requisites", get(requisites::pool).post(requisites::add))
        .route("/operator/requisites/{id}/active", post(requisites::set_active))
        .route("/operator/requisites/{id}/limits", post(requisites::set_limits))
        .route("/operator/audit", get(audit::log))
        .route("/operator/dashboard", get(dashboard::dashboard))
}
