//! The hosted payment page at `form_url` (decisions.md §7): server-rendered by the app crate,
//! plain forms with post-redirect-get and CSRF protection, a strict CSP, and JSON status for the
//! live-status island.

use std::collections::HashMap;

use axum::extract::{FromRequest, FromRequestParts, Multipart, Path, Query, Request, State};
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Redirect, Response};
use axum::routing::{get, post};
use axum::{Form, Json, Router};
use serde::{Deserialize, Serialize};
use tower_sessions::Session;

use super::AppState;
use super::session::{csrf_ok, csrf_token};
use crate::domain::catalogue::{self, MethodKind, WidgetMethod};
use crate::domain::payment::{Actor, Payment, PaymentState, is_page_token};
use crate::domain::payments::PaymentError;
use crate::domain::state_machine::reason;
use crate::domain::time::now_ms;
use crate::i18n::{self, LANGUAGES, format_amount};
use crate::storage::NewReceipt;
use app::model::{
    InstructionKind, Instructions, LanguageLink, Notice, PageContext, PaymentView, Redirect as RedirectHandOff,
    SandboxAction, Screen, ThreeDs,
};

/// Largest receipt accepted.
pub const MAX_RECEIPT_BYTES: usize = 5 * 1024 * 1024;

pub fn router() -> Router<AppState> {
    Router::new()
        .route("/pay/{token}", get(show))
        .route("/pay/{token}/status", get(status))
        .route("/pay/{token}/qr.svg", get(qr))
        .route("/pay/{token}/method", post(choose_method))
        .route("/pay/{token}/confirm", post(confirm))
        .route("/pay/{token}/cancel", post(cancel))
        .route("/pay/{token}/sandbox", post(sandbox))
        .route(
            "/pay/{token}/receipt",
            // A little over the receipt limit, so a too-large file gets the localized message.
            post(receipt).layer(axum::extract::DefaultBodyLimit::max(MAX_RECEIPT_BYTES + 1024 * 1024)),
        )
}

#[derive(Debug, Deserialize)]
pub struct LangQuery {
    pub lang: Option<String>,
}

/// Response headers of every page: a strict CSP with this response's nonce.
pub fn html_response(status: StatusCode, html: String, nonce: &str, lang: &str, form_targets: &[&str]) -> Response {
    let mut form_action = String::from("'self'");
    for target in form_targets {
        form_action.push(' ');
        form_action.push_str(target);
    }
    let csp = format!(
        "default-src 'none'; script-src 'nonce-{nonce}' 'self' 'wasm-unsafe-eval'; style-src 'self'; \
         img-src 'self' data:; connect-src 'self'; form-action {form_action}; frame-ancestors 'none'; base-uri 'none'"
    );
    let mut response = (status, html).into_response();
    let headers = response.headers_mut();
    headers.insert(header::CONTENT_TYPE, HeaderValue::from_static("text/html; charset=utf-8"));
    // Pages show requisites: never store them.
    headers.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    headers.insert(header::REFERRER_POLICY, HeaderValue::from_static("no-referrer"));
    headers.insert(header::X_CONTENT_TYPE_OPTIONS, HeaderValue::from_static("nosniff"));
    headers.insert(header::X_FRAME_OPTIONS, HeaderValue::from_static("DENY"));
    if let Ok(v) = HeaderValue::from_str(&csp) {
        headers.insert(header::CONTENT_SECURITY_POLICY, v);
    }
    if let Ok(v) = HeaderValue::from_str(lang) {
        headers.insert(header::CONTENT_LANGUAGE, v);
    }
    response
}

pub fn new_nonce() -> String {
    use base64::Engine as _;
    let mut bytes = [0u8; 16];
    rand::RngCore::fill_bytes(&mut rand::rngs::OsRng, &mut bytes);
    base64::engine::general_purpose::STANDARD_NO_PAD.encode(bytes)
}

/// The frame every page shares.
pub fn page_context(state: &AppState, lang: &str, path: &str, nonce: String, refresh_s: Option<u32>) -> PageContext {
    PageContext {
        lang: lang.to_string(),
        languages: LANGUAGES
            .iter()
            .map(|(code, name, _)| LanguageLink {
                code: code.to_string(),
                name: name.to_string(),
                href: format!("{path}?lang={code}"),
            })
            .collect(),
        nonce,
        css_href: state.assets.css_href.clone(),
        scripts: state.assets.scripts.clone(),
        refresh_s,
    }
}

fn accept_language(headers: &HeaderMap) -> Option<&str> {
    headers.get(header::ACCEPT_LANGUAGE).and_then(|v| v.to_str().ok())
}

/// The localized "payment not found" page.
fn not_found(state: &AppState, query_lang: Option<&str>, headers: &HeaderMap) -> Response {
    let lang = i18n::choose_language(query_lang, None, None, accept_language(headers));
    let nonce = new_nonce();
    let ctx = page_context(state, lang, "", nonce.clone(), None);
    let html = app::document::render_not_found(ctx, state.locales.i18n(lang));
    html_response(StatusCode::NOT_FOUND, html, &nonce, lang, &[])
}

async fn load(state: &AppState, token: &str) -> Option<Payment> {
    if !is_page_token(token) {
        return None;
    }
    match state.payments.by_page_token(token).await {
        Ok(p) => Some(p),
        Err(PaymentError::NotFound) => None,
        Err(e) => {
            tracing::warn!(error = %e, "loading a payment page failed");
            None
        }
    }
}

fn language_of(payment: &Payment, query: Option<&str>, headers: &HeaderMap) -> &'static str {
    i18n::choose_language(
        query,
        payment.details.customer.language.as_deref(),
        Some(payment.country.default_language()),
        accept_language(headers),
    )
}

fn notice_key(token: &str) -> String {
    format!("notice:{token}")
}

#[derive(Debug, Serialize, Deserialize)]
struct StoredNotice {
    key: String,
    error: bool,
}

async fn set_notice(session: &Session, token: &str, key: &str, error: bool) {
    let _ = session.insert(&notice_key(token), StoredNotice { key: key.into(), error }).await;
}

/// The localized text key of a decline reason.
fn reason_key(description: Option<&str>) -> &'static str {
    match description {
        Some(reason::CANCELED_BY_CLIENT) => "reason-canceled",
        Some(reason::LIFETIME_EXPIRED) => "reason-expired",
        Some(reason::REQUISITES_NOT_FOUND) => "reason-no-requisites",
        Some(reason::DECLINED_BY_ANTI_FRAUD) => "reason-antifraud",
        Some(reason::NO_PAYMENT_RECEIVED) => "reason-no-payment",
        Some(reason::DECLINED_BY_USER) => "reason-declined-user",
        Some(reason::DECLINED_BY_ISSUER) => "reason-issuer",
        Some(reason::INSUFFICIENT_FUNDS) => "reason-insufficient-funds",
        Some(reason::CARD_EXPIRED) => "reason-card-expired",
        Some(reason::THREE_DS_FAILED) => "reason-3ds-failed",
        _ => "reason-other",
    }
}

/// Widget methods the page offers a payment created without one.
fn offered_methods(project_settings: &crate::domain::project::ProjectSettings, payment: &Payment) -> Vec<String> {
    catalogue::h2c_offered_methods(payment.currency.code)
        .into_iter()
        .filter(|m| project_settings.allows(m.code()))
        .map(|m| m.code().to_string())
        .collect()
}

fn group_card(value: &str) -> String {
    if value.len() >= 12 && value.bytes().all(|b| b.is_ascii_digit()) {
        value.as_bytes().chunks(4).map(|c| std::str::from_utf8(c).unwrap_or_default()).collect::<Vec<_>>().join(" ")
    } else {
        value.to_string()
    }
}

/// What the page shows for the payment's state.
fn screen(state: &AppState, payment: &Payment, offered: Vec<String>, base: &str) -> Screen {
    match payment.state {
        PaymentState::New => match payment.kind() {
            None => Screen::ChooseMethod { methods: offered },
            Some(MethodKind::Push) => Screen::Push,
            Some(MethodKind::CardEcom) => Screen::CardForm(Default::default()),
            Some(_) => Screen::Searching,
        },
        PaymentState::Requisites => Screen::Searching,
        PaymentState::AwaitingConfirm => match &payment.recipient {
            Some(r) => {
                let kind = match payment.kind() {
                    Some(MethodKind::Card) => InstructionKind::Card,
                    Some(MethodKind::Phone) => InstructionKind::Phone,
                    Some(MethodKind::Link) => InstructionKind::Link,
                    Some(MethodKind::QrLink) => InstructionKind::Qr,
                    Some(MethodKind::Ussd) => InstructionKind::Ussd,
                    _ => InstructionKind::Account,
                };
                Screen::Instructions(Instructions {
                    qr_src: (kind == InstructionKind::Qr).then(|| format!("{base}/qr.svg")),
                    display_value: if kind == InstructionKind::Card { group_card(&r.pan) } else { r.pan.clone() },
                    value: r.pan.clone(),
                    holder: r.card_holder.clone(),
                    bank: r.bank_name.clone(),
                    kind,
                })
            }
            None => Screen::Searching,
        },
        PaymentState::Paid => Screen::Checking,
        PaymentState::Awaiting3ds => match payment.card_auth.as_ref().and_then(|a| a.asc_info.clone()) {
            Some(a) => Screen::ThreeDs(ThreeDs {
                acs_url: a.acs_url,
                pa_req: a.pa_req,
                md: a.md,
                term_url: format!("{}{base}/3ds", state.public_url),
            }),
            None => Screen::Checking,
        },
        PaymentState::AwaitingRedirect => match payment.card_auth.as_ref().and_then(|a| a.redirect_info.clone()) {
            Some(r) => Screen::Redirect(RedirectHandOff {
                method: r.method,
                url: r.url,
                fields: serde_urlencoded_pairs(&r.body),
            }),
            None => Screen::Checking,
        },
        PaymentState::Success => Screen::Success,
        PaymentState::Decline if payment.status_description.as_deref() == Some(reason::LIFETIME_EXPIRED) => {
            Screen::Expired
        }
        PaymentState::Decline => {
            Screen::Declined { reason_key: reason_key(payment.status_description.as_deref()).into() }
        }
        PaymentState::DisputeNoPayment => Screen::Dispute { text_key: "dispute-no-payment".into() },
        PaymentState::DisputeDifferentAmount => Screen::Dispute { text_key: "dispute-different-amount".into() },
        PaymentState::DisputeConfirmTimeout => Screen::Dispute { text_key: "dispute-confirm-timeout".into() },
    }
}

/// Form fields of a redirect body (`a=1&b=2`).
fn serde_urlencoded_pairs(body: &str) -> Vec<(String, String)> {
    url::form_urlencoded::parse(body.as_bytes()).map(|(k, v)| (k.into_owned(), v.into_owned())).collect()
}

fn sandbox_actions(payment: &Payment) -> Vec<SandboxAction> {
    let action = |a: &str, key: &str| SandboxAction { action: a.into(), label_key: key.into() };
    let mut actions = Vec::new();
    match payment.state {
        PaymentState::AwaitingConfirm | PaymentState::Paid => {
            actions.push(action("received", "sandbox-received"));
            actions.push(action("different", "sandbox-different"));
        }
        PaymentState::New if payment.kind() == Some(MethodKind::Push) => {
            actions.push(action("push-accept", "sandbox-push-accept"));
            actions.push(action("push-refuse", "sandbox-push-refuse"));
        }
        _ => {}
    }
    if !payment.state.is_final()
        && !matches!(payment.state, PaymentState::DisputeDifferentAmount | PaymentState::DisputeConfirmTimeout)
    {
        actions.push(action("expire", "sandbox-expire"));
    }
    actions
}

/// GET the page.
async fn show(
    State(state): State<AppState>,
    Path(token): Path<String>,
    Query(q): Query<LangQuery>,
    headers: HeaderMap,
    session: Session,
) -> Response {
    let Some(payment) = load(&state, &token).await else {
        return not_found(&state, q.lang.as_deref(), &headers);
    };
    let lang = language_of(&payment, q.lang.as_deref(), &headers);
    let base = format!("/pay/{token}");
    let csrf = csrf_token(&session).await;
    let notice = session
        .remove::<StoredNotice>(&notice_key(&token))
        .await
        .ok()
        .flatten()
        .map(|n| Notice { key: n.key, error: n.error });
    let card_errors = super::card::take_form_errors(&session, &token).await;
    let project = state.storage.project(&payment.project_id).await.ok().flatten();
    let project_settings = project.as_ref().map(|p| p.settings.clone()).unwrap_or_default();
    let mut screen = screen(&state, &payment, offered_methods(&project_settings, &payment), &base);
    if let (Screen::CardForm(form), Some(errors)) = (&mut screen, card_errors) {
        *form = errors;
    }
    let waiting = matches!(screen, Screen::Searching | Screen::Checking | Screen::Push);
    let (amount, amount_copy) = format_amount(payment.amount, payment.currency, lang);
    let can_cancel =
        matches!(payment.state, PaymentState::New | PaymentState::Requisites | PaymentState::AwaitingConfirm);
    let receipt_form = matches!(payment.state, PaymentState::Paid | PaymentState::DisputeNoPayment);
    let form_targets: Vec<String> = match &screen {
        Screen::ThreeDs(d) => origin_of(&d.acs_url).into_iter().collect(),
        Screen::Redirect(r) => origin_of(&r.url).into_iter().collect(),
        _ => Vec::new(),
    };
    let view = PaymentView {
        base: base.clone(),
        lang: lang.to_string(),
        csrf,
        amount,
        amount_copy,
        description: payment.details.description.clone(),
        screen,
        expires_at_ms: payment.expires_ms(),
        now_ms: now_ms(),
        // E-commerce widget payments without one go back to the project's URL (merchant-api.md).
        redirect_url: payment.details.urls.redirect.clone().or_else(|| {
            (payment.kind() == Some(MethodKind::CardEcom))
                .then(|| project.as_ref().and_then(|p| p.redirect_url.clone()))
                .flatten()
        }),
        state_key: payment.state.to_string(),
        version: payment.version,
        is_final: payment.state.is_final(),
        can_cancel,
        receipt_form,
        notice,
        sandbox: if state.config.sandbox() { sandbox_actions(&payment) } else { Vec::new() },
    };
    let nonce = new_nonce();
    let ctx = page_context(&state, lang, &base, nonce.clone(), waiting.then_some(4));
    let html = app::document::render_payment(ctx, state.locales.i18n(lang), view);
    let targets: Vec<&str> = form_targets.iter().map(String::as_str).collect();
    html_response(StatusCode::OK, html, &nonce, lang, &targets)
}

fn origin_of(url: &str) -> Option<String> {
    let u = url::Url::parse(url).ok()?;
    Some(u.origin().ascii_serialization()).filter(|o| o != "null")
}

#[derive(Serialize)]
struct StatusBody {
    status: &'static str,
    sub_status: Option<&'static str>,
    version: i64,
    #[serde(rename = "final")]
    is_final: bool,
}

/// GET the status, for the live-status island.
async fn status(State(state): State<AppState>, Path(token): Path<String>) -> Response {
    match load(&state, &token).await {
        Some(p) => {
            let body = StatusBody {
                status: p.state.status(),
                sub_status: p.state.sub_status(),
                version: p.version,
                is_final: p.state.is_final(),
            };
            ([(header::CACHE_CONTROL, "no-store")], Json(body)).into_response()
        }
        None => (
            StatusCode::NOT_FOUND,
            [(header::CACHE_CONTROL, "no-store")],
            Json(serde_json::json!({"status": "not_found"})),
        )
            .into_response(),
    }
}

/// GET the QR code of the payment link, as SVG.
async fn qr(State(state): State<AppState>, Path(token): Path<String>) -> Response {
    let Some(payment) = load(&state, &token).await else {
        return StatusCode::NOT_FOUND.into_response();
    };
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

/// After a form: back to the page in the same language.
pub fn back_to(token: &str, lang: Option<&str>) -> Response {
    let lang = lang.filter(|l| i18n::is_supported(l)).unwrap_or("");
    let location = if lang.is_empty() { format!("/pay/{token}") } else { format!("/pay/{token}?lang={lang}") };
    Redirect::to(&location).into_response()
}

/// A form posted on a payment's page, accepted: its payment (by the token in the path) and its
/// fields, the CSRF token checked. A refusal is answered the way the page answers it (404 page,
/// or back to the page with a notice).
pub struct PageForm {
    pub token: String,
    pub session: Session,
    pub payment: Payment,
    pub fields: HashMap<String, String>,
}

impl PageForm {
    pub fn lang(&self) -> Option<&str> {
        self.fields.get("lang").map(String::as_str)
    }

    /// Post-redirect-get: back to the page, in the form's language.
    pub fn back(&self) -> Response {
        back_to(&self.token, self.lang())
    }
}

impl FromRequest<AppState> for PageForm {
    type Rejection = Response;

    async fn from_request(req: Request, state: &AppState) -> Result<Self, Response> {
        let (mut parts, body) = req.into_parts();
        let Path(token) =
            Path::<String>::from_request_parts(&mut parts, state).await.map_err(IntoResponse::into_response)?;
        let session = Session::from_request_parts(&mut parts, state).await.map_err(IntoResponse::into_response)?;
        let headers = parts.headers.clone();
        let Form(fields) = Form::<HashMap<String, String>>::from_request(Request::from_parts(parts, body), state)
            .await
            .map_err(IntoResponse::into_response)?;
        PageForm::accept(state, token, session, fields, &headers).await
    }
}

impl PageForm {
    /// Loads the payment of `token` and checks the form's CSRF token.
    async fn accept(
        state: &AppState,
        token: String,
        session: Session,
        fields: HashMap<String, String>,
        headers: &HeaderMap,
    ) -> Result<Self, Response> {
        let lang = fields.get("lang").map(String::as_str);
        let Some(payment) = load(state, &token).await else {
            return Err(not_found(state, lang, headers));
        };
        if !csrf_ok(&session, fields.get("csrf").map(String::as_str)).await {
            set_notice(&session, &token, "error-session", true).await;
            return Err(back_to(&token, lang));
        }
        Ok(PageForm { token, session, payment, fields })
    }
}

/// Shows a refused move as a notice rather than an error page.
async fn settle(form: &PageForm, result: Result<Payment, PaymentError>) {
    match result {
        Ok(_) => {}
        Err(e) => {
            if !matches!(e, PaymentError::Illegal(_)) {
                tracing::warn!(error = %e, "page action failed");
            }
            set_notice(&form.session, &form.token, "error-not-available", true).await;
        }
    }
}

async fn choose_method(State(state): State<AppState>, form: PageForm) -> Response {
    let payment = form.payment.clone();
    let project_settings =
        state.storage.project(&payment.project_id).await.ok().flatten().map(|p| p.settings).unwrap_or_default();
    let offered = offered_methods(&project_settings, &payment);
    let chosen = form.fields.get("method").filter(|m| offered.contains(m)).and_then(|m| WidgetMethod::parse(m));
    let result = match chosen {
        Some(m) => state.payments.choose_method(payment, m).await,
        None => Err(PaymentError::Illegal(crate::domain::state_machine::IllegalMove::NotAllowed(payment.state))),
    };
    settle(&form, result).await;
    form.back()
}

async fn confirm(State(state): State<AppState>, form: PageForm) -> Response {
    settle(&form, state.payments.confirm(form.payment.clone(), Actor::User).await).await;
    form.back()
}

async fn cancel(State(state): State<AppState>, form: PageForm) -> Response {
    settle(&form, state.payments.cancel(form.payment.clone(), Actor::User).await).await;
    form.back()
}

/// Sandbox: does on the page what the operator or the bank would do.
async fn sandbox(State(state): State<AppState>, headers: HeaderMap, form: PageForm) -> Response {
    if !state.config.sandbox() {
        return not_found(&state, form.lang(), &headers);
    }
    let payment = form.payment.clone();
    let amount = payment.amount;
    let result = match form.fields.get("action").map(String::as_str) {
        Some("received") => state.payments.funds_received(payment, amount).await,
        Some("different") => state.payments.funds_received(payment, (amount - (amount / 10).max(1)).max(1)).await,
        Some("expire") => state.payments.expire_now(payment).await,
        Some("push-accept") => state.payments.push_result(payment, true).await,
        Some("push-refuse") => state.payments.push_result(payment, false).await,
        _ => Err(PaymentError::Illegal(crate::domain::state_machine::IllegalMove::NotAllowed(payment.state))),
    };
    settle(&form, result).await;
    form.back()
}

/// What kind of file a receipt is, by its first bytes (never by its name or declared type).
pub fn receipt_type(data: &[u8]) -> Option<&'static str> {
    let at = |offset: usize, magic: &[u8]| data.get(offset..offset + magic.len()) == Some(magic);
    if at(0, b"\xFF\xD8\xFF") {
        Some("image/jpeg")
    } else if at(0, b"\x89PNG\r\n\x1a\n") {
        Some("image/png")
    } else if at(0, b"RIFF") && at(8, b"WEBP") {
        Some("image/webp")
    } else if at(0, b"%PDF-") {
        Some("application/pdf")
    } else if at(4, b"ftyp") && [b"heic", b"heix", b"hevc", b"mif1", b"msf1"].iter().any(|brand| at(8, *brand)) {
        Some("image/heic")
    } else {
        None
    }
}

/// POST a receipt (multipart): `processing:paid` or `dispute:no_payment` → `dispute:confirm_timeout`.
async fn receipt(
    State(state): State<AppState>,
    Path(token): Path<String>,
    headers: HeaderMap,
    session: Session,
    mut multipart: Multipart,
) -> Response {
    let mut fields: HashMap<String, String> = HashMap::new();
    let mut file: Option<Vec<u8>> = None;
    let mut too_large = false;
    loop {
        match multipart.next_field().await {
            Ok(Some(mut field)) => {
                let name = field.name().unwrap_or_default().to_string();
                if name == "receipt" {
                    let mut data = Vec::new();
                    loop {
                        match field.chunk().await {
                            Ok(Some(chunk)) => {
                                if data.len() + chunk.len() > MAX_RECEIPT_BYTES {
                                    too_large = true;
                                    break;
                                }
                                data.extend_from_slice(&chunk);
                            }
                            Ok(None) => break,
                            Err(_) => {
                                too_large = true;
                                break;
                            }
                        }
                    }
                    if too_large {
                        break;
                    }
                    file = Some(data);
                } else if let Ok(text) = field.text().await {
                    fields.insert(name, text);
                }
            }
            Ok(None) => break,
            Err(_) => {
                too_large = true;
                break;
            }
        }
    }
    let form = match PageForm::accept(&state, token, session, fields, &headers).await {
        Ok(form) => form,
        Err(r) => return r,
    };
    let problem = match (&file, too_large) {
        (_, true) => Some("receipt-error-size"),
        (None, _) => Some("receipt-error-missing"),
        (Some(data), _) if data.is_empty() => Some("receipt-error-missing"),
        (Some(data), _) if receipt_type(data).is_none() => Some("receipt-error-type"),
        _ => None,
    };
    if let Some(key) = problem {
        set_notice(&form.session, &form.token, key, true).await;
        return form.back();
    }
    let data = file.unwrap_or_default();
    let content_type = receipt_type(&data).unwrap_or("application/octet-stream").to_string();
    match state.payments.upload_receipt(form.payment.clone(), NewReceipt { content_type, data }).await {
        Ok(_) => set_notice(&form.session, &form.token, "receipt-uploaded", false).await,
        Err(e) => settle(&form, Err(e)).await,
    }
    form.back()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn receipts_are_recognized_by_content() {
        assert_eq!(receipt_type(b"\xFF\xD8\xFF\xE0rest"), Some("image/jpeg"));
        assert_eq!(receipt_type(b"\x89PNG\r\n\x1a\n...."), Some("image/png"));
        assert_eq!(receipt_type(b"%PDF-1.7\n"), Some("application/pdf"));
        assert_eq!(receipt_type(b"RIFF\0\0\0\0WEBPVP8 "), Some("image/webp"));
        assert_eq!(receipt_type(b"\0\0\0\x18ftypheic\0\0"), Some("image/heic"));
        assert_eq!(receipt_type(b"<html><script>"), None);
        assert_eq!(receipt_type(b"GIF89a"), None);
        assert_eq!(receipt_type(b""), None);
    }

    #[test]
    fn card_numbers_are_grouped_for_reading() {
        assert_eq!(group_card("5536913812345672"), "5536 9138 1234 5672");
        assert_eq!(group_card("+79001234567"), "+79001234567");
    }

    #[test]
    fn decline_reasons_have_texts() {
        assert_eq!(reason_key(Some("Canceled by client")), "reason-canceled");
        assert_eq!(reason_key(Some("Something new")), "reason-other");
        assert_eq!(reason_key(None), "reason-other");
    }
}
