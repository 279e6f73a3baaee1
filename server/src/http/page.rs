//! The hosted payment page at `form_url` (decisions.md §7): server-rendered by the app crate,
//! plain forms with post-redirect-get and CSRF protection, a strict CSP, and JSON status for the
//! page script's live status.

use crate::domain::audit::Who;
use std::collections::HashMap;

use super::AppState;
use super::page_shell::{
    Framing, LangQuery, Loaded, PageForm, back_to, csrf_scope, html_response_framed, language_of, load, load_view,
    new_nonce, not_found, notice, page_context, unavailable, with_csrf_cookie,
};
use crate::domain::catalogue::{MethodKind, WidgetMethod};
use crate::domain::payment::{Actor, Payment, PaymentState};
use crate::domain::payments::DomainError;
use crate::domain::payments::{MAX_CARD_REFUSALS, PUSH_RESEND_MS, PUSH_TOO_SOON, Payments};
use crate::domain::ports::NewReceipt;
use crate::domain::project::{EmbedOrigin, Project};
use crate::domain::state_machine::{self, Event, IllegalMove, reason};
use crate::domain::time::now_ms;
use crate::i18n::format_amount;
use app::model::{
    CardForm, InstructionKind, Instructions, Notice, PaymentRecord, PaymentView, Redirect as RedirectHandOff,
    SandboxAction, Screen, ThreeDs,
};
use axum::extract::{Multipart, Path, Query, State};
use axum::http::{HeaderMap, StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use serde::Serialize;

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
        .route("/pay/{token}/change-method", post(change_method))
        .route("/pay/{token}/push", post(push))
        .route("/pay/{token}/sandbox", post(sandbox))
        .route(
            "/pay/{token}/receipt",
            // A little over the receipt limit, so a too-large file gets the localized message.
            post(receipt).layer(axum::extract::DefaultBodyLimit::max(MAX_RECEIPT_BYTES + 1024 * 1024)),
        )
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

fn group_card(value: &str) -> String {
    if value.len() >= 12 && value.bytes().all(|b| b.is_ascii_digit()) {
        value.as_bytes().chunks(4).map(|c| std::str::from_utf8(c).unwrap_or_default()).collect::<Vec<_>>().join(" ")
    } else {
        value.to_string()
    }
}

/// The payment details the payer transfers to, when the payment holds requisites.
fn instructions(payment: &Payment, base: &str) -> Option<Instructions> {
    let r = payment.recipient.as_ref()?;
    let kind = match payment.kind() {
        Some(MethodKind::Card) => InstructionKind::Card,
        Some(MethodKind::Phone) => InstructionKind::Phone,
        Some(MethodKind::Link) => InstructionKind::Link,
        Some(MethodKind::QrLink) => InstructionKind::Qr,
        Some(MethodKind::Ussd) => InstructionKind::Ussd,
        _ => InstructionKind::Account,
    };
    Some(Instructions {
        qr_src: (kind == InstructionKind::Qr).then(|| format!("{base}/qr.svg")),
        display_value: match kind {
            InstructionKind::Card => group_card(&r.pan),
            InstructionKind::Phone => crate::i18n::format_phone(&r.pan),
            _ => r.pan.clone(),
        },
        value: r.pan.clone(),
        holder: r.card_holder.clone(),
        bank: r.bank_name.clone(),
        kind,
    })
}

/// The card form of a payment, saying why the last card was refused when one was.
fn card_form(payment: &Payment) -> CardForm {
    let auth = payment.card_auth.as_ref();
    let refused = auth.and_then(|a| a.last_refusal.as_deref()).map(|last| {
        let left = MAX_CARD_REFUSALS.saturating_sub(auth.map_or(0, |a| a.refusals));
        (reason_key(Some(last)).to_string(), left)
    });
    let holder = if refused.is_some() {
        payment.details.card.as_ref().map(|c| c.card_holder.clone()).unwrap_or_default()
    } else {
        String::new()
    };
    CardForm { errors: Vec::new(), holder, refused }
}

/// What the page shows for the payment's state.
fn screen(state: &AppState, payment: &Payment, offered: Vec<WidgetMethod>, base: &str) -> Screen {
    match payment.state {
        PaymentState::New => match payment.kind() {
            None => Screen::ChooseMethod {
                methods: offered.iter().map(|m| (m.code().to_string(), m.icon().to_string())).collect(),
            },
            Some(MethodKind::Push) => Screen::Push {
                phone: payment.details.sender.as_ref().and_then(|s| s.phone.as_deref()).map(crate::i18n::mask_phone),
                again_in_s: Payments::last_push_ms(payment)
                    .map(|last| (last + PUSH_RESEND_MS - now_ms() + 999) / 1000)
                    .filter(|s| *s > 0),
            },
            Some(MethodKind::CardEcom) => Screen::CardForm(card_form(payment)),
            Some(_) => Screen::Searching { busy: false },
        },
        PaymentState::Requisites => Screen::Searching { busy: false },
        PaymentState::AwaitingConfirm => {
            instructions(payment, base).map_or(Screen::Searching { busy: false }, Screen::Instructions)
        }
        PaymentState::Paid => Screen::Checking { details: instructions(payment, base) },
        // Payouts have no payment page (load() answers 404); these arms only complete the match.
        PaymentState::PayoutProcess => Screen::Checking { details: None },
        PaymentState::DisputePayoutFailed => Screen::Dispute { text_key: "dispute-confirm-timeout".into() },
        PaymentState::Awaiting3ds => match payment.card_auth.as_ref().and_then(|a| a.asc_info.clone()) {
            Some(a) => Screen::ThreeDs(ThreeDs {
                acs_url: a.acs_url,
                pa_req: a.pa_req,
                md: a.md,
                term_url: format!("{}{base}/3ds", state.public_url),
            }),
            None => Screen::Checking { details: None },
        },
        PaymentState::AwaitingRedirect => match payment.card_auth.as_ref().and_then(|a| a.redirect_info.clone()) {
            Some(r) => Screen::Redirect(RedirectHandOff {
                method: r.method,
                url: r.url,
                fields: serde_urlencoded_pairs(&r.body),
            }),
            None => Screen::Checking { details: None },
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
) -> Response {
    let (payment, project) = match load_view(&state, &token).await {
        Loaded::Found(found) => *found,
        Loaded::NotFound => return not_found(&state, q.lang.as_deref(), &headers),
        Loaded::Unavailable => return unavailable(&state, q.lang.as_deref(), &headers),
    };
    let shown = Shown {
        lang: q.lang.as_deref(),
        notice: notice(q.notice.as_deref()),
        card_form: None,
        cancel_asked: q.cancel.as_deref() == Some("ask"),
        print: q.view.as_deref() == Some("print"),
        stay: q.stay.is_some(),
    };
    render_page(&state, &payment, Some(project), &headers, shown, StatusCode::OK).await
}

/// What a page view shows besides the payment.
#[derive(Default)]
pub struct Shown<'a> {
    /// `?lang=` of the view.
    pub lang: Option<&'a str>,
    pub notice: Option<Notice>,
    /// The card form again, with what was wrong (after a refused submission).
    pub card_form: Option<CardForm>,
    /// `?cancel=ask`: the page asks once more before cancelling.
    pub cancel_asked: bool,
    /// `?view=print`: the printable record.
    pub print: bool,
    /// `?stay=1`: the success screen stays (the payer chose so).
    pub stay: bool,
}

/// Seconds the success screen waits before it returns to the shop by itself.
const RETURN_AFTER_S: u32 = 10;

/// The record of a payment on its final (or dispute) screen.
fn record(payment: &Payment, lang: &str) -> Option<PaymentRecord> {
    let (outcome_key, next_key) = match payment.state {
        PaymentState::Success => ("record-outcome-paid", "next-success"),
        PaymentState::Decline if payment.status_description.as_deref() == Some(reason::LIFETIME_EXPIRED) => {
            ("record-outcome-expired", "next-expired")
        }
        PaymentState::Decline if payment.status_description.as_deref() == Some(reason::CANCELED_BY_CLIENT) => {
            ("record-outcome-canceled", "next-canceled")
        }
        PaymentState::Decline => ("record-outcome-declined", "next-declined"),
        PaymentState::DisputeNoPayment | PaymentState::DisputeDifferentAmount | PaymentState::DisputeConfirmTimeout => {
            ("record-outcome-review", "next-dispute")
        }
        _ => return None,
    };
    Some(PaymentRecord {
        reference: payment.request_id.clone(),
        at: crate::i18n::format_date_time(payment.updated_ms, lang),
        method_key: payment.widget_method.map(|m| format!("method-{}", m.code())),
        card_last4: payment
            .details
            .card
            .as_ref()
            .map(|c| c.pan.chars().rev().take(4).collect::<Vec<_>>().into_iter().rev().collect()),
        outcome_key: outcome_key.into(),
        next_key: next_key.into(),
    })
}

/// Renders the page of `payment` as it is now.
/// `project` is the payment's, when the caller read it already.
pub async fn render_page(
    state: &AppState,
    payment: &Payment,
    project: Option<Project>,
    headers: &HeaderMap,
    shown: Shown<'_>,
    status: StatusCode,
) -> Response {
    let token = &payment.page_token;
    let lang = language_of(payment, shown.lang, headers);
    let base = format!("/pay/{token}");
    // What the payer may choose, and where they return, come from the project: when it cannot
    // be read the page says so rather than offering every method (fails closed).
    let offered = match payment.kind() {
        None => match state.payments.offered_methods(payment).await {
            Ok(methods) => methods,
            Err(e) => {
                tracing::warn!(error = %e, "reading the methods a payment is offered failed");
                return unavailable(state, Some(lang), headers);
            }
        },
        Some(_) => Vec::new(),
    };
    // Whom the payer pays is on every screen: a page that cannot say it is not shown.
    let read = match project {
        Some(project) => Ok(Some(project)),
        None => state.projects.project(&payment.project_id).await,
    };
    let project = match read {
        Ok(Some(project)) => project,
        Ok(None) => return not_found(state, Some(lang), headers),
        Err(e) => {
            tracing::warn!(error = %e, "reading the project of a payment page failed");
            return unavailable(state, Some(lang), headers);
        }
    };
    // E-commerce widget payments without a redirect_url go back to the project's (merchant-api.md).
    let project_redirect =
        if payment.kind() == Some(MethodKind::CardEcom) { project.redirect_url.clone() } else { None };
    let cookie = state.csrf.cookie(headers);
    let csrf = state.csrf.token(&cookie.value, &csrf_scope(token));
    let mut screen = screen(state, payment, offered, &base);
    if let Screen::Searching { busy } = &mut screen
        && payment.state == PaymentState::Requisites
    {
        // A read of the pool, only while the payment waits for requisites.
        *busy = !state.payments.requisites_free_for(payment).await.unwrap_or(true);
    }
    if let (Screen::CardForm(form), Some(again)) = (&mut screen, shown.card_form) {
        *form = again;
    }
    // A page that asks for a phone does not reload under the payer's typing.
    let waiting =
        matches!(screen, Screen::Searching { .. } | Screen::Checking { .. } | Screen::Push { phone: Some(_), .. });
    let (amount, amount_copy) = format_amount(payment.amount, payment.currency, lang);
    // What the page offers is what the state machine allows now.
    let flow = payment.flow();
    let can_cancel = state_machine::allows(flow, payment.state, &Event::Cancel);
    let receipt_form = state_machine::allows(flow, payment.state, &Event::ReceiptUploaded);
    let form_targets: Vec<String> = match &screen {
        Screen::ThreeDs(d) => origin_of(&d.acs_url).into_iter().collect(),
        Screen::Redirect(r) => origin_of(&r.url).into_iter().collect(),
        _ => Vec::new(),
    };
    let redirect_url = payment.details.urls.redirect.clone().or(project_redirect);
    let is_final = payment.state.is_final();
    let print = shown.print && is_final;
    // In a frame the shop learns the outcome from the page's message; the page never takes
    // the frame to the shop by itself.
    let framed = headers.get("sec-fetch-dest").is_some_and(|d| d.as_bytes() == b"iframe");
    let return_in_s =
        (payment.state == PaymentState::Success && redirect_url.is_some() && !print && !shown.stay && !framed)
            .then_some(RETURN_AFTER_S);
    let embed_origins = &project.settings.embed_origins;
    let view = PaymentView {
        base: base.clone(),
        lang: lang.to_string(),
        csrf,
        amount,
        amount_copy,
        description: payment.details.description.clone(),
        payee: project.payee().to_string(),
        logo_src: project.settings.logo_digest.as_ref().map(|d| format!("/brand/{}/logo?v={d}", project.id)),
        screen,
        expires_at_ms: payment.expires_ms(),
        now_ms: now_ms(),
        redirect_url: redirect_url.clone(),
        state_key: payment.state.to_string(),
        version: payment.version,
        is_final,
        can_cancel,
        cancel_asked: shown.cancel_asked && can_cancel,
        can_change_method: crate::domain::payments::Payments::may_clear_method(payment),
        record: record(payment, lang),
        return_in_s,
        print,
        receipt_form,
        notice: shown.notice,
        sandbox: if state.config.sandbox() { sandbox_actions(payment) } else { Vec::new() },
        embed: (!embed_origins.is_empty()).then(|| embed_data(payment, embed_origins)),
    };
    let nonce = new_nonce();
    let mut ctx = page_context(state, lang, &base, nonce.clone(), waiting.then_some(4));
    ctx.return_to = return_in_s.zip(redirect_url);
    ctx.theme_href = project.settings.brand_color.as_ref().map(|c| {
        // The colour in the address: a new colour is a new stylesheet, never a stale one.
        format!("/brand/{}/theme.css?c={}", project.id, c.as_str().trim_start_matches('#'))
    });
    let html = app::document::render_payment(ctx, state.locales.i18n(lang), view);
    let targets: Vec<&str> = form_targets.iter().map(String::as_str).collect();
    let framing = Framing::Origins(embed_origins);
    with_csrf_cookie(html_response_framed(status, html, &nonce, lang, &targets, framing), &cookie)
}

/// What a framed page posts to its parent (docs/EMBEDDING.md), and the only sites it may post
/// to, as a JavaScript literal safe inside `<script>`.
fn embed_data(payment: &Payment, origins: &[EmbedOrigin]) -> String {
    let data = serde_json::json!({
        "origins": origins.iter().map(EmbedOrigin::as_str).collect::<Vec<_>>(),
        "message": {
            "type": "kassa:payment",
            "payment_id": payment.payment_id,
            "status": payment.state.status(),
            "sub_status": payment.state.sub_status(),
        },
    });
    script_literal(&data)
}

/// JSON as a JavaScript literal inside `<script>`: the merchant's payment_id is any text, and
/// nothing in it may close the script or start markup.
fn script_literal(value: &serde_json::Value) -> String {
    value.to_string().replace('<', "\\u003c").replace('>', "\\u003e").replace('&', "\\u0026")
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

/// GET the status, for the page script's live status.
async fn status(State(state): State<AppState>, Path(token): Path<String>) -> Response {
    match load(&state, &token).await {
        Loaded::Found(p) => {
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
    let payment = match load(&state, &token).await {
        Loaded::Found(p) => *p,
        Loaded::NotFound => return StatusCode::NOT_FOUND.into_response(),
        Loaded::Unavailable => return StatusCode::SERVICE_UNAVAILABLE.into_response(),
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

async fn choose_method(State(state): State<AppState>, form: PageForm) -> Response {
    let payment = form.payment.clone();
    // The domain checks the choice against what the payment is offered.
    let result = match form.fields.get("method").and_then(|m| WidgetMethod::parse(m)) {
        Some(m) => state.payments.choose_method(payment, m).await,
        None => Err(DomainError::Illegal(IllegalMove::NotAllowed(payment.state))),
    };
    form.settle(result)
}

async fn confirm(State(state): State<AppState>, form: PageForm) -> Response {
    form.settle(state.payments.confirm(form.payment.clone(), Actor::User).await)
}

/// Cancels only when the payer confirmed on the second step; a first press asks once more.
async fn cancel(State(state): State<AppState>, form: PageForm) -> Response {
    if form.fields.get("confirm").map(String::as_str) != Some("yes") {
        return form.ask_to_cancel();
    }
    form.settle(state.payments.cancel(form.payment.clone(), Actor::User).await)
}

/// KE mobile money: the push request again, or to the phone the payer typed.
async fn push(State(state): State<AppState>, form: PageForm) -> Response {
    let phone = form.fields.get("phone").map(String::as_str);
    let asked_again = form.payment.details.sender.as_ref().is_some_and(|s| s.phone.is_some());
    match state.payments.request_push(form.payment.clone(), phone).await {
        Ok(_) if asked_again => form.back_with("notice-push-sent"),
        Ok(_) => form.back(),
        Err(DomainError::Conflict(text)) if text == PUSH_TOO_SOON => form.back_with("notice-push-wait"),
        Err(DomainError::Validation(_)) => form.back_with("push-phone-error"),
        Err(e) => form.settle(Err(e)),
    }
}

/// Back to the choice of methods (releasing the requisites held).
async fn change_method(State(state): State<AppState>, form: PageForm) -> Response {
    form.settle(state.payments.clear_method(form.payment.clone()).await)
}

/// Sandbox: does on the page what the operator or the bank would do.
async fn sandbox(State(state): State<AppState>, headers: HeaderMap, form: PageForm) -> Response {
    if !state.config.sandbox() {
        return not_found(&state, form.lang(), &headers);
    }
    let payment = form.payment.clone();
    let amount = payment.amount;
    let result = match form.fields.get("action").map(String::as_str) {
        Some("received") => state.payments.funds_received(payment, amount, &Who::Sandbox).await,
        Some("different") => {
            state.payments.funds_received(payment, (amount - (amount / 10).max(1)).max(1), &Who::Sandbox).await
        }
        Some("expire") => state.payments.expire_now(payment, &Who::Sandbox).await,
        Some("push-accept") => state.payments.push_result(payment, true, &Who::Sandbox).await,
        Some("push-refuse") => state.payments.push_result(payment, false, &Who::Sandbox).await,
        _ => Err(DomainError::Illegal(IllegalMove::NotAllowed(payment.state))),
    };
    form.settle(result)
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

/// Upload attempts accepted per payment within [`UPLOAD_WINDOW`].
const MAX_UPLOADS: usize = 5;
const UPLOAD_WINDOW: std::time::Duration = std::time::Duration::from_secs(600);

/// Recent receipt uploads per payment (this process), to bound what one page can make the
/// server read.
#[derive(Default)]
pub struct UploadLimiter {
    recent: std::sync::Mutex<HashMap<String, Vec<std::time::Instant>>>,
}

impl UploadLimiter {
    /// Counts an upload of `token`; false when the payment used up its uploads for now.
    fn admit(&self, token: &str) -> bool {
        let mut recent = self.recent.lock().expect("upload limiter lock");
        let now = std::time::Instant::now();
        if recent.len() > 10_000 {
            recent.retain(|_, times| times.iter().any(|t| now.duration_since(*t) < UPLOAD_WINDOW));
        }
        let times = recent.entry(token.to_string()).or_default();
        times.retain(|t| now.duration_since(*t) < UPLOAD_WINDOW);
        if times.len() >= MAX_UPLOADS {
            return false;
        }
        times.push(now);
        true
    }
}

/// POST a receipt (multipart): `processing:paid` or `dispute:no_payment` → `dispute:confirm_timeout`.
/// The payment, its state and the form's CSRF token are checked from the fields that come
/// before the file (the page's form sends them first); the file is read only then, into a
/// buffer bounded by the receipt limit.
async fn receipt(
    State(state): State<AppState>,
    Path(token): Path<String>,
    headers: HeaderMap,
    mut multipart: Multipart,
) -> Response {
    let payment = match load(&state, &token).await {
        Loaded::Found(p) => *p,
        Loaded::NotFound => return not_found(&state, None, &headers),
        Loaded::Unavailable => return unavailable(&state, None, &headers),
    };
    let mut fields: HashMap<String, String> = HashMap::new();
    let mut form: Option<PageForm> = None;
    let mut file: Option<Vec<u8>> = None;
    let mut problem: Option<&'static str> = None;
    loop {
        let mut field = match multipart.next_field().await {
            Ok(Some(field)) => field,
            Ok(None) => break,
            Err(_) => {
                problem = Some("receipt-error-size");
                break;
            }
        };
        let name = field.name().unwrap_or_default().to_string();
        if name != "receipt" {
            // Small fields only (the token, the language).
            let mut text = Vec::new();
            while let Ok(Some(chunk)) = field.chunk().await {
                text.extend_from_slice(&chunk);
                if text.len() > 1024 {
                    return back_to(&token, None, Some("error-session"));
                }
            }
            fields.insert(name, String::from_utf8_lossy(&text).into_owned());
            continue;
        }
        // The file: nothing of it is read before the form is accepted.
        let accepted = match PageForm::accept(&state, token.clone(), fields.clone(), headers.clone()).await {
            Ok(accepted) => accepted,
            Err(refused) => return refused,
        };
        if !state_machine::allows(payment.flow(), payment.state, &Event::ReceiptUploaded) {
            return accepted.back_with("error-not-available");
        }
        if !state.uploads.admit(&token) {
            return accepted.back_with("receipt-error-too-many");
        }
        let mut data = Vec::new();
        loop {
            match field.chunk().await {
                Ok(Some(chunk)) if data.len() + chunk.len() > MAX_RECEIPT_BYTES => {
                    problem = Some("receipt-error-size");
                    break;
                }
                Ok(Some(chunk)) => data.extend_from_slice(&chunk),
                Ok(None) => break,
                Err(_) => {
                    problem = Some("receipt-error-size");
                    break;
                }
            }
        }
        form = Some(accepted);
        file = Some(data);
        break;
    }
    let form = match form {
        Some(form) => form,
        // No file field: the form is checked all the same before anything is said.
        None => match PageForm::accept(&state, token, fields, headers).await {
            Ok(form) => form,
            Err(refused) => return refused,
        },
    };
    let problem = problem.or(match &file {
        None => Some("receipt-error-missing"),
        Some(data) if data.is_empty() => Some("receipt-error-missing"),
        Some(data) if receipt_type(data).is_none() => Some("receipt-error-type"),
        _ => None,
    });
    if let Some(key) = problem {
        return form.back_with(key);
    }
    let data = file.unwrap_or_default();
    let content_type = receipt_type(&data).unwrap_or("application/octet-stream").to_string();
    match state.payments.upload_receipt(form.payment.clone(), NewReceipt { content_type, data }).await {
        Ok(_) => form.back_with("receipt-uploaded"),
        Err(e) => form.settle(Err(e)),
    }
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
    fn a_script_literal_cannot_close_its_script() {
        let id = serde_json::json!({"payment_id": "a</script><img src=x onerror=alert(1)>&amp;"});
        let literal = script_literal(&id);
        assert!(!literal.contains('<') && !literal.contains('>') && !literal.contains('&'), "{literal}");
        let back: serde_json::Value = serde_json::from_str(&literal).unwrap();
        assert_eq!(back, id, "still the same value once parsed");
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
