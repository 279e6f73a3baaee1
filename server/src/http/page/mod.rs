//! The hosted payment page at `form_url` (decisions.md §7): server-rendered by the app crate,
//! plain forms with post-redirect-get and CSRF protection, a strict CSP, and JSON status for the
//! page script's live status.

pub mod brand;
pub mod card;
pub mod memo;
pub mod receipt;
pub mod sandbox_bank;
pub mod shell;
pub mod view;

use crate::domain::audit::Who;
use crate::domain::catalogue::{MethodKind, WidgetMethod};
use crate::domain::decisions::Decided;
use crate::domain::error::DomainError;
use crate::domain::error::Refusal;
use crate::domain::payment::{Actor, PaymentState};
use crate::domain::state_machine::IllegalMove;
use crate::http::AppState;
use axum::extract::{Path, Query, State};
use axum::http::{HeaderMap, StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use receipt::{MAX_RECEIPT_BYTES, receipt};
use serde::Serialize;
use shell::{LangQuery, Loaded, PageForm, load_view, not_found, notice, unavailable};
use view::{Shown, render_page};

/// The page's routes: its own, the card form's, the brand's, and the sandbox issuer's pages
/// in sandbox mode.
pub fn router(with_sandbox_bank: bool) -> Router<AppState> {
    let router = Router::new()
        .route("/pay/{token}", get(show))
        .route("/pay/{token}/status", get(status))
        .route("/pay/{token}/qr.svg", get(qr))
        .route("/pay/{token}/method", post(choose_method))
        .route("/pay/{token}/confirm", post(confirm))
        .route("/pay/{token}/cancel", post(cancel))
        .route("/pay/{token}/change-method", post(change_method))
        .route("/pay/{token}/push", post(push))
        .route("/pay/{token}/sandbox", post(sandbox))
        .route(
            "/pay/{token}/receipt",
            // A little over the receipt limit, so a too-large file gets the localized message.
            post(receipt).layer(axum::extract::DefaultBodyLimit::max(MAX_RECEIPT_BYTES + 1024 * 1024)),
        )
        .merge(card::router())
        .merge(brand::router());
    if with_sandbox_bank { router.merge(sandbox_bank::router()) } else { router }
}

/// GET the page. The request is taken whole for its headers (read, not copied: a payer's
/// page is asked for again and again).
async fn show(
    State(state): State<AppState>,
    Path(token): Path<String>,
    Query(q): Query<LangQuery>,
    request: axum::extract::Request,
) -> Response {
    let headers = request.headers();
    let read = match load_view(&state, &token).await {
        Loaded::Found(read) => *read,
        Loaded::NotFound => return not_found(&state, q.lang.as_deref(), headers),
        Loaded::Unavailable => return unavailable(&state, q.lang.as_deref(), headers),
    };
    let shown = Shown {
        lang: q.lang.as_deref(),
        notice: notice(q.notice.as_deref()),
        card_form: None,
        cancel_asked: q.cancel.as_deref() == Some("ask"),
        print: q.view.as_deref() == Some("print"),
        stay: q.stay.is_some(),
        receipt: q.view.as_deref() == Some("receipt"),
    };
    render_page(&state, &read.payment, Some(&read.project), headers, shown, StatusCode::OK).await
}

#[derive(Serialize)]
struct StatusBody {
    status: &'static str,
    sub_status: Option<&'static str>,
    version: i64,
    #[serde(rename = "final")]
    is_final: bool,
}

/// GET the status, for the page script's live status (polled: the page's kept read serves it
/// while the payment has not moved).
async fn status(State(state): State<AppState>, Path(token): Path<String>) -> Response {
    match load_view(&state, &token).await {
        Loaded::Found(read) => {
            let p = &read.payment;
            let body = StatusBody {
                status: p.state.status(),
                sub_status: p.state.sub_status(),
                version: p.version,
                is_final: p.state.is_final(),
            };
            ([(header::CACHE_CONTROL, "no-store")], Json(body)).into_response()
        }
        Loaded::Unavailable => (
            StatusCode::SERVICE_UNAVAILABLE,
            [(header::CACHE_CONTROL, "no-store")],
            Json(serde_json::json!({"status": "unavailable"})),
        )
            .into_response(),
        Loaded::NotFound => (
            StatusCode::NOT_FOUND,
            [(header::CACHE_CONTROL, "no-store")],
            Json(serde_json::json!({"status": "not_found"})),
        )
            .into_response(),
    }
}

/// GET the QR code of the payment link, as SVG.
async fn qr(State(state): State<AppState>, Path(token): Path<String>) -> Response {
    let read = match load_view(&state, &token).await {
        Loaded::Found(read) => *read,
        Loaded::NotFound => return StatusCode::NOT_FOUND.into_response(),
        Loaded::Unavailable => return StatusCode::SERVICE_UNAVAILABLE.into_response(),
    };
    let payment = &read.payment;
    let link = match (&payment.recipient, payment.kind(), payment.state) {
        (Some(r), Some(MethodKind::QrLink), PaymentState::AwaitingConfirm) => r.pan.clone(),
        _ => return StatusCode::NOT_FOUND.into_response(),
    };
    match qrcode::QrCode::new(link.as_bytes()) {
        Ok(code) => {
            let svg = code.render::<qrcode::render::svg::Color>().min_dimensions(232, 232).quiet_zone(true).build();
            ([(header::CONTENT_TYPE, "image/svg+xml"), (header::CACHE_CONTROL, "no-store")], svg).into_response()
        }
        Err(_) => StatusCode::NOT_FOUND.into_response(),
    }
}

async fn choose_method(State(state): State<AppState>, form: PageForm) -> Response {
    let payment = form.payment.clone();
    // The domain checks the choice against what the payment is offered.
    let result = match form.fields.get("method").and_then(|m| WidgetMethod::parse(m)) {
        Some(m) => state.services.hosted_page.choose_method(payment, m).await,
        None => Err(DomainError::Illegal(IllegalMove::NotAllowed(payment.state))),
    };
    form.settle(result)
}

async fn confirm(State(state): State<AppState>, form: PageForm) -> Response {
    form.settle(state.services.payins.confirm(form.payment.clone(), Actor::User).await)
}

/// Cancels only when the payer confirmed on the second step; a first press asks once more.
async fn cancel(State(state): State<AppState>, form: PageForm) -> Response {
    if form.fields.get("confirm").map(String::as_str) != Some("yes") {
        return form.ask_to_cancel();
    }
    form.settle(state.services.payins.cancel(form.payment.clone(), Actor::User).await)
}

/// KE mobile money: the push request again, or to the phone the payer typed.
async fn push(State(state): State<AppState>, form: PageForm) -> Response {
    let phone = form.fields.get("phone").map(String::as_str);
    let asked_again = form.payment.details.sender.as_ref().is_some_and(|s| s.phone.is_some());
    match state.services.hosted_page.request_push(form.payment.clone(), phone).await {
        Ok(_) if asked_again => form.back_with("notice-push-sent"),
        Ok(_) => form.back(),
        Err(DomainError::Refused(Refusal::PushTooSoon)) => form.back_with("notice-push-wait"),
        Err(DomainError::Validation(_)) => form.back_with("push-phone-error"),
        Err(e) => form.settle(Err(e)),
    }
}

/// Back to the choice of methods (releasing the requisites held).
async fn change_method(State(state): State<AppState>, form: PageForm) -> Response {
    form.settle(state.services.hosted_page.clear_method(form.payment.clone()).await)
}

/// Sandbox: does on the page what the operator or the bank would do.
async fn sandbox(State(state): State<AppState>, headers: HeaderMap, form: PageForm) -> Response {
    if !state.config.sandbox() {
        return not_found(&state, form.lang(), &headers);
    }
    let payment = form.payment.clone();
    let amount = payment.amount;
    let result = match form.fields.get("action").map(String::as_str) {
        Some("received") => {
            state.services.decisions.funds_received(payment, amount, &Who::Sandbox, None).await.and_then(Decided::done)
        }
        Some("different") => state
            .services
            .decisions
            .funds_received(payment, (amount - (amount / 10).max(1)).max(1), &Who::Sandbox, None)
            .await
            .and_then(Decided::done),
        Some("expire") => state.services.decisions.expire_now(payment, &Who::Sandbox).await,
        Some("push-accept") => state.services.decisions.push_result(payment, true, &Who::Sandbox).await,
        Some("push-refuse") => state.services.decisions.push_result(payment, false, &Who::Sandbox).await,
        _ => Err(DomainError::Illegal(IllegalMove::NotAllowed(payment.state))),
    };
    form.settle(result)
}
