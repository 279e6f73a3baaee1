//! The sandbox issuer (3DS ACS) and bank (redirect flow) pages, served by Kassa in sandbox
//! mode. The ACS receives the form of the spec's 3DS steps (`PaReq`, `TermUrl`, `MD`), asks
//! for the one-time code, and posts `PaRes`, `MD`, `Action` back to `TermUrl`.

use std::collections::HashMap;

use axum::extract::State;
use axum::http::{HeaderMap, StatusCode, header};
use axum::response::{IntoResponse, Redirect, Response};
use axum::routing::post;
use axum::{Form, Router};

use super::shell::page_context;
use crate::acquirer::sandbox::{MAX_WRONG_CODES, ONE_TIME_CODE};
use crate::domain::payment::{Payment, PaymentState};
use crate::http::AppState;
use crate::http::shared::html::{Framing, html_response_framed, new_nonce};
use crate::i18n::{choose_language, format_amount};
use app::model::{AcsView, BankView, PostBack};

pub fn router() -> Router<AppState> {
    Router::new()
        .route("/sandbox/acs", post(acs_start))
        .route("/sandbox/acs/verify", post(acs_verify))
        .route("/sandbox/bank", post(bank_start))
        .route("/sandbox/bank/decide", post(bank_decide))
}

fn lang(headers: &HeaderMap) -> &'static str {
    choose_language(None, None, None, headers.get(header::ACCEPT_LANGUAGE).and_then(|v| v.to_str().ok()))
}

fn field<'a>(form: &'a HashMap<String, String>, name: &str) -> &'a str {
    form.get(name).map(String::as_str).unwrap_or_default()
}

/// The payment a `PaReq` / `MD` pair belongs to, when it is waiting in `expected`.
async fn challenged(state: &AppState, form: &HashMap<String, String>, expected: PaymentState) -> Option<Payment> {
    let sandbox = state.sandbox.as_ref()?;
    let payment = state.services.lookup.by_request_id(field(form, "MD")).await.ok()?;
    (sandbox.pa_req_matches(&payment, field(form, "PaReq")) && (payment.state == expected || payment.state.is_final()))
        .then_some(payment)
}

fn refused() -> Response {
    (StatusCode::BAD_REQUEST, "This bank page does not know that payment.").into_response()
}

fn term_url_ok(url: &str) -> bool {
    url::Url::parse(url).is_ok_and(|u| matches!(u.scheme(), "https" | "http"))
}

fn acs_page(
    state: &AppState,
    headers: &HeaderMap,
    form: &HashMap<String, String>,
    attempts_left: Option<u32>,
) -> Response {
    let lang = lang(headers);
    let nonce = new_nonce();
    let ctx = page_context(state, lang, "", nonce.clone(), None);
    let view = AcsView {
        action: "/sandbox/acs/verify".into(),
        pa_req: field(form, "PaReq").into(),
        md: field(form, "MD").into(),
        term_url: field(form, "TermUrl").into(),
        attempts_left,
    };
    let html = app::document::render_acs(ctx, state.locales.i18n(lang), view);
    html_response_framed(StatusCode::OK, html, &nonce, lang, &[], Framing::Any)
}

/// Posts the issuer's answer to the merchant's `TermUrl`.
fn post_back(
    state: &AppState,
    headers: &HeaderMap,
    term_url: &str,
    md: &str,
    authenticated: bool,
    action: &str,
) -> Response {
    let Some(sandbox) = state.sandbox.as_ref() else {
        return refused();
    };
    let lang = lang(headers);
    let nonce = new_nonce();
    let ctx = page_context(state, lang, "", nonce.clone(), None);
    let post = PostBack {
        action: term_url.to_string(),
        fields: vec![
            ("PaRes".into(), sandbox.pa_res(md, authenticated)),
            ("MD".into(), md.to_string()),
            ("Action".into(), action.to_string()),
        ],
    };
    let target = url::Url::parse(term_url).ok().map(|u| u.origin().ascii_serialization()).unwrap_or_default();
    let html = app::document::render_post_back(ctx, state.locales.i18n(lang), post);
    html_response_framed(StatusCode::OK, html, &nonce, lang, &[target.as_str()], Framing::Any)
}

async fn acs_start(
    State(state): State<AppState>,
    headers: HeaderMap,
    Form(form): Form<HashMap<String, String>>,
) -> Response {
    match challenged(&state, &form, PaymentState::Awaiting3ds).await {
        Some(p) if p.state == PaymentState::Awaiting3ds && term_url_ok(field(&form, "TermUrl")) => {
            acs_page(&state, &headers, &form, None)
        }
        _ => refused(),
    }
}

async fn acs_verify(
    State(state): State<AppState>,
    headers: HeaderMap,
    Form(form): Form<HashMap<String, String>>,
) -> Response {
    let Some(payment) = challenged(&state, &form, PaymentState::Awaiting3ds).await else {
        return refused();
    };
    let term_url = field(&form, "TermUrl").to_string();
    if !term_url_ok(&term_url) {
        return refused();
    }
    let md = payment.request_id.clone();
    if payment.state.is_final() || field(&form, "decision") == "cancel" {
        return post_back(&state, &headers, &term_url, &md, false, "cancel");
    }
    if field(&form, "code").trim() == ONE_TIME_CODE {
        return post_back(&state, &headers, &term_url, &md, true, "complete");
    }
    match state.services.cards.wrong_code(payment, MAX_WRONG_CODES).await {
        Ok((_, left)) if left > 0 => acs_page(&state, &headers, &form, Some(left)),
        // Out of attempts: the payment is declined; the merchant still gets an answer.
        _ => post_back(&state, &headers, &term_url, &md, false, "failed"),
    }
}

async fn bank_start(
    State(state): State<AppState>,
    headers: HeaderMap,
    Form(form): Form<HashMap<String, String>>,
) -> Response {
    let Some(payment) = challenged(&state, &form, PaymentState::AwaitingRedirect).await else {
        return refused();
    };
    let lang = lang(&headers);
    let nonce = new_nonce();
    let ctx = page_context(&state, lang, "", nonce.clone(), None);
    let view = BankView {
        action: "/sandbox/bank/decide".into(),
        amount: format_amount(payment.amount, payment.currency, lang).0,
        md: payment.request_id.clone(),
        pa_req: field(&form, "PaReq").into(),
    };
    let html = app::document::render_bank(ctx, state.locales.i18n(lang), view);
    html_response_framed(StatusCode::OK, html, &nonce, lang, &[], Framing::Any)
}

async fn bank_decide(State(state): State<AppState>, Form(form): Form<HashMap<String, String>>) -> Response {
    let Some(payment) = challenged(&state, &form, PaymentState::AwaitingRedirect).await else {
        return refused();
    };
    let token = payment.page_token.clone();
    if let Err(e) = state.services.cards.bank_decision(payment, field(&form, "decision") == "approve").await {
        tracing::info!(error = %e, "bank decision not applied");
    }
    // Back to the payment's page, which shows the outcome and the way back to the shop.
    Redirect::to(&format!("/pay/{token}")).into_response()
}
