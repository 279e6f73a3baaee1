//! Payouts and cancellations from the merchant console (issue 29 §4): a payout requested here
//! is the API's payout — the same request shape, parser, rules, idempotency fingerprint and
//! service — asked once more before it locks money; a payment is cancelled where the state
//! machine lets the merchant cancel it, also asked once more.

use axum::extract::{Path, State};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Redirect, Response};
use serde::Deserialize;
use serde_json::{Map, Value, json};

use super::super::guard::{Allowed, Confirm, Empty, MerchantUser, Pays, Posted};
use super::super::{Ask, Params, Texts, field, invalid_fields, text};
use super::CONSOLE;
use crate::domain::catalogue;
use crate::domain::error::DomainError;
use crate::domain::payment::{Payment, PaymentType};
use crate::domain::rules::parse_major;
use crate::domain::state_machine::{self, Event};
use crate::http::AppState;
use crate::http::api::payout::{PayoutRequest, draft};
use crate::http::shared::limits::PeerIp;
use app::i18n::Arg;
use app::model::{ActionForm, Block, Cell, ConsoleNotice, FieldKind, FormField};

/// The request form, with what was typed when it comes back refused.
#[derive(Clone, Debug, Default, Deserialize)]
pub struct PayoutForm {
    project: Option<String>,
    payment_id: Option<String>,
    method: Option<String>,
    currency: Option<String>,
    amount: Option<String>,
    pan: Option<String>,
    card_holder: Option<String>,
    bank_symbol: Option<String>,
    phone: Option<String>,
    description: Option<String>,
}

/// Every payout method of the catalogue's payout column, once.
fn payout_methods() -> Vec<(String, String)> {
    catalogue::all_payout_methods().into_iter().map(|c| (c.to_string(), c.to_string())).collect()
}

/// The "request a payout" form; `typed` fills it again after a refusal. A fresh `payment_id`
/// per form makes a second click on the same form answer the same payout.
fn request_form(m: &MerchantUser, typed: &PayoutForm) -> Block {
    let t = &m.s.texts;
    let value = |v: &Option<String>, default: &str| v.clone().unwrap_or_else(|| default.to_string());
    let projects = m.projects.iter().map(|p| (p.id.clone(), p.name.clone())).collect();
    let fresh_id = format!("console-{}", &uuid::Uuid::new_v4().simple().to_string()[..12]);
    let fields = vec![
        FormField {
            value: value(&typed.project, ""),
            ..field("project", t.t("console-col-project"), FieldKind::Select(projects), true)
        },
        FormField {
            value: value(&typed.method, "card-p2p"),
            ..field("method", t.t("console-field-method"), FieldKind::Select(payout_methods()), true)
        },
        FormField {
            value: value(&typed.currency, "RUB"),
            ..field("currency", t.t("console-field-currency"), FieldKind::Text, true)
        },
        FormField {
            value: value(&typed.amount, ""),
            ..field("amount", t.t("console-col-amount"), FieldKind::Amount, true)
        },
        FormField {
            value: value(&typed.pan, ""),
            hint: Some(t.t("console-payout-pan-hint")),
            autocomplete: Some("off".into()),
            ..field("pan", t.t("console-receiver-number"), FieldKind::Text, false)
        },
        FormField {
            value: value(&typed.card_holder, ""),
            ..field("card_holder", t.t("console-field-holder"), FieldKind::Text, false)
        },
        FormField {
            value: value(&typed.bank_symbol, ""),
            hint: Some(t.t("console-payout-bank-hint")),
            ..field("bank_symbol", t.t("console-field-bank"), FieldKind::Text, false)
        },
        FormField {
            value: value(&typed.phone, ""),
            hint: Some(t.t("console-payout-phone-hint")),
            ..field("phone", t.t("console-receiver-phone"), FieldKind::Text, false)
        },
        FormField {
            value: value(&typed.description, ""),
            ..field("description", t.t("console-col-description"), FieldKind::Text, false)
        },
        FormField {
            value: typed.payment_id.clone().unwrap_or(fresh_id),
            hint: Some(t.t("console-payout-id-hint")),
            ..field("payment_id", t.t("console-col-payment-id"), FieldKind::Text, true)
        },
    ];
    let form = ActionForm {
        inline: false,
        label: Some(t.t("console-payout-request")),
        ..m.s.post("/payouts", t.t("console-payout-request"), fields)
    };
    Block::Section {
        heading: t.t("console-payout-details"),
        id: "request".into(),
        blocks: vec![Block::Paragraph(t.t("console-payout-request-help")), Block::Form(form)],
    }
}

/// The API request the form stands for (amounts typed in major units become minor units; one
/// that does not read stays text, refused by the parser on `payment.amount` as the API's is).
fn api_body(f: &PayoutForm, login: &str, ip: &str) -> Value {
    let given = |v: &Option<String>| v.as_deref().map(str::trim).filter(|v| !v.is_empty()).map(str::to_string);
    let currency = given(&f.currency).unwrap_or_default().to_ascii_uppercase();
    let amount = given(&f.amount)
        .map(|a| parse_major(&a, &currency).map_or(Value::String(a), Value::from))
        .unwrap_or(Value::Null);
    let mut receiver = Map::new();
    for (name, v) in
        [("pan", &f.pan), ("card_holder", &f.card_holder), ("bank_symbol", &f.bank_symbol), ("phone", &f.phone)]
    {
        if let Some(v) = given(v) {
            receiver.insert(name.into(), Value::String(if name == "pan" { v.replace([' ', '-'], "") } else { v }));
        }
    }
    let mut payment = json!({"method": given(&f.method), "amount": amount, "currency": currency});
    if let Some(d) = given(&f.description) {
        payment["description"] = Value::String(d);
    }
    // Who asked: the console user, from their address; the payer's country is the currency's.
    let country = catalogue::country_of_currency(&currency).unwrap_or("RU");
    json!({
        "general": {"project_id": given(&f.project), "payment_id": given(&f.payment_id)},
        "payment": payment,
        "receiver": receiver,
        "customer": {"id": format!("console:{login}"), "ip_address": ip, "country": country},
    })
}

/// Field names of the API's errors, by the form's labels.
const LABELS: &[(&str, &str)] = &[
    ("general.project_id", "console-col-project"),
    ("general.payment_id", "console-col-payment-id"),
    ("payment.method", "console-field-method"),
    ("payment.currency", "console-field-currency"),
    ("payment.amount", "console-col-amount"),
    ("payment.description", "console-col-description"),
    ("receiver", "console-receiver"),
    ("receiver.pan", "console-receiver-number"),
    ("receiver.card_holder", "console-field-holder"),
    ("receiver.bank_symbol", "console-field-bank"),
    ("receiver.phone", "console-receiver-phone"),
];

pub async fn request(
    State(state): State<AppState>,
    PeerIp(peer): PeerIp,
    Posted { who: m, form, confirm, .. }: Posted<MerchantUser, PayoutForm, Pays>,
) -> Response {
    let Some(project) = form.project.as_deref().and_then(|id| m.project(id)).cloned() else {
        return m.s.back("/payouts", "not-found");
    };
    let ip = peer.map_or_else(|| "127.0.0.1".to_string(), |ip| ip.to_string());
    let body = api_body(&form, &m.s.user.login, &ip);
    let fingerprint = crate::crypto::fingerprint::Fingerprint {
        keyed: crate::crypto::fingerprint::keyed(&body, state.keys.fingerprint.expose()),
        legacy: crate::crypto::fingerprint::legacy(&crate::crypto::normalize::normalize(&body)),
    };
    let parsed: PayoutRequest = match serde_json::from_value(body) {
        Ok(parsed) => parsed,
        Err(_) => return m.s.back("/payouts", "invalid"),
    };
    let payout = draft(&parsed, &fingerprint, state.config.allow_private_callbacks);
    let payouts = &state.services.payouts;
    let checked = if confirm.given() { Ok(()) } else { payouts.check_payout(&project, payout.clone()).await };
    match checked {
        Ok(()) if !confirm.given() => ask_payout(&state, &m, &confirm, &form, &project.name),
        Ok(()) => match payouts.create_payout(&project, payout).await {
            Ok(created) => {
                let path = format!("{}/payments/{}?notice=payout-requested", CONSOLE.base, created.payment.request_id);
                Redirect::to(&path).into_response()
            }
            Err(e) => refused(&state, &m, &form, e).await,
        },
        Err(e) => refused(&state, &m, &form, e).await,
    }
}

/// The request's page: the balances it draws on, and the form (as typed, after a refusal).
pub async fn page(
    State(state): State<AppState>,
    Allowed(m, _): Allowed<Pays, MerchantUser>,
    params: Params,
) -> Response {
    let notice = m.s.notice(&params);
    render(&state, &m, notice, &PayoutForm::default(), StatusCode::OK).await
}

async fn render(
    state: &AppState,
    m: &MerchantUser,
    notice: Option<ConsoleNotice>,
    form: &PayoutForm,
    status: StatusCode,
) -> Response {
    let t = &m.s.texts;
    match super::balance::balances(state, m).await {
        Ok(balances) => {
            let blocks = vec![balances, request_form(m, form)];
            m.s.page_with_status(state, status, "/balance", t.t("console-payout-request"), notice, blocks)
        }
        Err(e) => m.s.unavailable(state, &e),
    }
}

/// A refused request: the form again as typed, and what to correct.
async fn refused(state: &AppState, m: &MerchantUser, form: &PayoutForm, e: DomainError) -> Response {
    match e {
        DomainError::Validation(v) => {
            let notice = invalid_fields(&m.s.texts, &v, LABELS);
            render(state, m, Some(notice), form, StatusCode::BAD_REQUEST).await
        }
        e => m.s.refused("/payouts", &e),
    }
}

/// Asked once more: how much leaves which balance, to whom.
fn ask_payout(state: &AppState, m: &MerchantUser, confirm: &Confirm, form: &PayoutForm, project: &str) -> Response {
    let t = &m.s.texts;
    let currency = form.currency.clone().unwrap_or_default().trim().to_ascii_uppercase();
    let minor = form.amount.as_deref().and_then(|a| parse_major(a.trim(), &currency)).unwrap_or_default();
    let money = t.amount(minor, &currency);
    let pan = form.pan.as_deref().map(|p| p.replace([' ', '-'], "")).filter(|p| !p.is_empty());
    let whom = [pan.map(|p| kassa_rules::card::mask_pan(&p)), form.phone.clone(), form.card_holder.clone()]
        .into_iter()
        .flatten()
        .filter(|s| !s.trim().is_empty())
        .collect::<Vec<_>>()
        .join(" · ");
    let ask = Ask {
        what: t.t("console-payout-request"),
        consequence: t.ta(
            "console-confirm-payout",
            &[
                ("amount", Arg::Text(money.clone())),
                ("whom", Arg::Text(whom.clone())),
                ("project", Arg::Text(project.into())),
            ],
        ),
        facts: vec![
            (t.t("console-col-project"), text(project.to_string())),
            (t.t("console-col-amount"), Cell::Number(money)),
            (t.t("console-field-method"), text(form.method.clone().unwrap_or_default())),
            (t.t("console-receiver"), Cell::Mono(whom)),
            (t.t("console-col-payment-id"), Cell::Mono(form.payment_id.clone().unwrap_or_default())),
        ],
        action: "/payouts".into(),
        submit: t.t("console-confirm-payout-submit"),
        danger: false,
        back: "/balance".into(),
    };
    m.s.ask(state, confirm, ask)
}

/// Whether the merchant may cancel `p` now (the state machine's word, as the API's cancel).
pub fn cancellable(p: &Payment) -> bool {
    state_machine::allows(p.flow(), p.state, &Event::Cancel)
}

/// The cancel button of a payment's page, for a person who may.
pub fn cancel_form(m: &MerchantUser, p: &Payment) -> Option<ActionForm> {
    let t = &m.s.texts;
    (cancellable(p) && m.s.may(crate::domain::user::Permission::Pay)).then(|| ActionForm {
        danger: true,
        inline: false,
        ..m.s.post(&format!("/payments/{}/cancel", p.request_id), t.t(cancel_key(p)), vec![])
    })
}

fn cancel_key(p: &Payment) -> &'static str {
    if p.payment_type == PaymentType::Payout { "console-cancel-payout" } else { "console-cancel-payin" }
}

pub async fn cancel(
    State(state): State<AppState>,
    Path(request_id): Path<String>,
    Posted { who: m, form: Empty {}, confirm, .. }: Posted<MerchantUser, Empty, Pays>,
) -> Response {
    let p = match state.services.lookup.in_scope(&m.scope, &request_id).await {
        Ok(p) => p,
        Err(DomainError::NotFound) => return m.s.not_found(&state),
        Err(e) => return m.s.unavailable(&state, &e),
    };
    let path = format!("/payments/{request_id}");
    if !cancellable(&p) {
        return m.s.back(&path, "moved");
    }
    if !confirm.given() {
        return ask_cancel(&state, &m, &confirm, &p);
    }
    match state.services.payins.cancel_by(p, &m.s.user.who()).await {
        Ok(_) => m.s.back(&path, "cancelled"),
        Err(e) => m.s.refused(&path, &e),
    }
}

fn ask_cancel(state: &AppState, m: &MerchantUser, confirm: &Confirm, p: &Payment) -> Response {
    let t: &Texts = &m.s.texts;
    let money = t.amount(p.amount, p.currency.code);
    let consequence_key = if p.payment_type == PaymentType::Payout {
        "console-confirm-cancel-payout"
    } else {
        "console-confirm-cancel-payin"
    };
    let ask = Ask {
        what: t.t(cancel_key(p)),
        consequence: t
            .ta(consequence_key, &[("amount", Arg::Text(money.clone())), ("id", Arg::Text(p.payment_id.clone()))]),
        facts: vec![
            (t.t("console-col-payment-id"), Cell::Mono(p.payment_id.clone())),
            (t.t("console-col-request-id"), Cell::Mono(p.request_id.clone())),
            (t.t("console-col-amount"), Cell::Number(money)),
        ],
        action: format!("/payments/{}/cancel", p.request_id),
        submit: t.t("console-confirm-cancel-submit"),
        danger: true,
        back: format!("/payments/{}", p.request_id),
    };
    m.s.ask(state, confirm, ask)
}
