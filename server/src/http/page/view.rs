//! The page's view: what a payment shows in its state (instructions, the card form, 3-D Secure
//! hand-off, the final record, the sandbox panel) as the view model the app crate renders.

use super::shell::{csrf_scope, language_of, not_found, page_context, unavailable};
use crate::domain::card_payments::MAX_CARD_REFUSALS;
use crate::domain::catalogue::{MethodKind, WidgetMethod};
use crate::domain::hosted_page::{HostedPage, PUSH_RESEND_MS};
use crate::domain::payment::{Payment, PaymentState};
use crate::domain::project::{EmbedOrigin, Project};
use crate::domain::state_machine::{self, Event, reason};
use crate::domain::time::now_ms;
use crate::http::AppState;
use crate::http::shared::html::{Framing, html_response_framed, new_nonce, with_csrf_cookie};
use crate::i18n::format_amount;
use app::model::{
    CardForm, InstructionKind, Instructions, Notice, PaymentRecord, PaymentView, ReceiptOffer,
    Redirect as RedirectHandOff, SandboxAction, Screen, ThreeDs,
};
use axum::http::{HeaderMap, StatusCode};
use axum::response::Response;

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
        // What a bank transfer form asks besides the account (kept for account methods only).
        bank_code: r.bank_code.clone().filter(|_| kind == InstructionKind::Account),
        correspondent_account: r.correspondent_account.clone().filter(|_| kind == InstructionKind::Account),
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
                again_in_s: HostedPage::last_push_ms(payment)
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
    /// `?view=receipt`: the receipt upload on its own, without the status page's reload.
    pub receipt: bool,
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
    project: Option<&Project>,
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
        None => match state.services.hosted_page.offered_methods(payment).await {
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
        Some(project) => Ok(Some(std::borrow::Cow::Borrowed(project))),
        None => state.services.projects.project(&payment.project_id).await.map(|p| p.map(std::borrow::Cow::Owned)),
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
        *busy = !state.services.hosted_page.requisites_free_for(payment).await.unwrap_or(true);
    }
    if let (Screen::CardForm(form), Some(again)) = (&mut screen, shown.card_form) {
        *form = again;
    }
    // A page that asks for a phone does not reload under the payer's typing, nor one where
    // the payer chooses a receipt file.
    let waiting =
        matches!(screen, Screen::Searching { .. } | Screen::Checking { .. } | Screen::Push { phone: Some(_), .. })
            && !shown.receipt;
    let (amount, amount_copy) = format_amount(payment.amount, payment.currency, lang);
    // What the page offers is what the state machine allows now.
    let flow = payment.flow();
    let can_cancel = state_machine::allows(flow, payment.state, &Event::Cancel);
    // Where the page reloads by itself, the upload has its own view (a reload would clear the
    // file being chosen without JavaScript).
    let receipt =
        state_machine::allows(flow, payment.state, &Event::ReceiptUploaded).then_some(match (shown.receipt, waiting) {
            (true, _) => ReceiptOffer::OwnView,
            (false, true) => ReceiptOffer::Link,
            (false, false) => ReceiptOffer::Form,
        });
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
    let seconds_left = ((payment.expires_ms() - now_ms()) / 1000).max(0);
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
        seconds_left,
        minutes_left: app::model::minutes_left(seconds_left),
        redirect_url: redirect_url.clone(),
        state_key: payment.state.to_string(),
        version: payment.version,
        is_final,
        can_cancel,
        cancel_asked: shown.cancel_asked && can_cancel,
        can_change_method: crate::domain::hosted_page::HostedPage::may_clear_method(payment),
        record: record(payment, lang),
        return_in_s,
        print,
        receipt,
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
    let html = state.page_memo.render(ctx, state.locales.i18n(lang), view);
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

#[cfg(test)]
mod tests {
    use super::*;

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
