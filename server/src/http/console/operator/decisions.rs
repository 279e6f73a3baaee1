//! The operator's decisions on a payment: funds received (all, or another amount), a dispute
//! closed, a payout sent and its result. Each form names the version of the payment it was
//! taken on, so a payment that moved meanwhile is refused instead of decided twice; a credit
//! no transfer shows becomes a proposal that a second operator approves or rejects.

use axum::extract::{Path, State};
use axum::response::Response;
use serde::Deserialize;

use super::super::guard::{Operator, Posted};
use super::super::{Signed, field, hidden, parse_major};
use crate::domain::decisions::{Decided, Resolution};
use crate::domain::error::DomainError;
use crate::domain::payment::{Payment, PaymentState, PaymentType};
use crate::http::AppState;
use app::i18n::Arg;
use app::model::{ActionForm, FieldKind, FormField};

/// The decisions an operator may take on a payment in its state.
pub fn actions(s: &Signed, p: &Payment) -> Vec<ActionForm> {
    let t = &s.texts;
    let path = format!("/payments/{}", p.request_id);
    let amount_field = |label: String, required: bool| FormField {
        hint: Some(p.currency.code.to_string()),
        autocomplete: Some("off".into()),
        ..field("amount", label, FieldKind::Amount, required)
    };
    let form = |step: &str, submit: String, fields: Vec<FormField>| s.post(&format!("{path}/{step}"), submit, fields);
    let danger = |f: ActionForm| ActionForm { danger: true, ..f };
    let mut forms = Vec::new();
    match p.state {
        PaymentState::Paid | PaymentState::AwaitingConfirm if p.payment_type == PaymentType::Payin => {
            let full =
                t.ta("console-action-received-full", &[("amount", Arg::Text(t.amount(p.amount, p.currency.code)))]);
            forms.push(form("received", full, vec![hidden("full", "1")]));
            let other = vec![amount_field(t.t("console-field-amount-received"), true)];
            forms.push(form("received", t.t("console-action-received-other"), other));
        }
        state if state.is_dispute() => {
            let mut success = vec![hidden("outcome", "success")];
            if p.payment_type == PaymentType::Payin {
                success.push(amount_field(t.t("console-field-amount-received-optional"), false));
            }
            forms.push(form("resolve", t.t("console-action-resolve-success"), success));
            let decline = vec![hidden("outcome", "decline")];
            forms.push(danger(form("resolve", t.t("console-action-resolve-decline"), decline)));
        }
        PaymentState::New if p.payment_type == PaymentType::Payout => {
            forms.push(form("payout", t.t("console-action-payout-execute"), vec![hidden("step", "execute")]));
        }
        PaymentState::PayoutProcess => {
            forms.push(form("payout", t.t("console-action-payout-success"), vec![hidden("step", "success")]));
            forms.push(danger(form("payout", t.t("console-action-payout-failed"), vec![hidden("step", "failed")])));
        }
        _ => {}
    }
    // Every decision form names the version it was taken on: a payment that moved meanwhile
    // is refused with a clear message instead of getting a second outcome.
    for f in &mut forms {
        f.fields.push(hidden("version", &p.version.to_string()));
    }
    forms
}

#[derive(Deserialize)]
pub struct DecisionForm {
    version: Option<i64>,
    full: Option<String>,
    amount: Option<String>,
    outcome: Option<String>,
    step: Option<String>,
}

/// The payment a decision is about, as it was when the operator saw it, and its page to go
/// back to: one that moved meanwhile is refused, so two operators never decide it twice.
async fn decided_on(
    state: &AppState,
    s: &Signed,
    request_id: &str,
    version: Option<i64>,
) -> Result<(Payment, String), Response> {
    let path = format!("/payments/{request_id}");
    let p = state.services.lookup.by_request_id(request_id).await.map_err(|e| s.refused(&path, &e))?;
    if version.is_some_and(|v| v != p.version) {
        return Err(s.back(&path, "moved"));
    }
    Ok((p, path))
}

pub async fn received(
    State(state): State<AppState>,
    Path(request_id): Path<String>,
    Posted { who: Operator(s), form }: Posted<Operator, DecisionForm>,
) -> Response {
    let (p, path) = match decided_on(&state, &s, &request_id, form.version).await {
        Ok(d) => d,
        Err(r) => return r,
    };
    let amount = match form.full {
        Some(_) => Some(p.amount),
        None => form.amount.as_deref().and_then(|a| parse_major(a, p.currency.code)),
    };
    let Some(amount) = amount else {
        return s.back(&path, "invalid");
    };
    let decided = state.services.decisions.funds_received(p, amount, &s.user.who(), form.version).await;
    answer(&s, &path, decided)
}

pub async fn resolve(
    State(state): State<AppState>,
    Path(request_id): Path<String>,
    Posted { who: Operator(s), form }: Posted<Operator, DecisionForm>,
) -> Response {
    let (p, path) = match decided_on(&state, &s, &request_id, form.version).await {
        Ok(d) => d,
        Err(r) => return r,
    };
    let resolution = match form.outcome.as_deref() {
        Some("success") => Resolution::Success,
        Some("decline") => Resolution::Decline,
        _ => return s.back(&path, "invalid"),
    };
    let amount = match form.amount.as_deref().map(str::trim).filter(|a| !a.is_empty()) {
        Some(a) => match parse_major(a, p.currency.code) {
            Some(x) => Some(x),
            None => return s.back(&path, "invalid"),
        },
        None => None,
    };
    let decided = state.services.decisions.resolve(p, resolution, amount, &s.user.who(), form.version).await;
    answer(&s, &path, decided)
}

/// Back to the payment: done, or waiting for a second operator, or refused.
fn answer(s: &Signed, path: &str, decided: Result<Decided, DomainError>) -> Response {
    match decided {
        Ok(Decided::Done(_)) => s.back(path, "done"),
        Ok(Decided::Proposed(_)) => s.back(path, "proposed"),
        Err(e) => s.refused(path, &e),
    }
}

pub async fn payout(
    State(state): State<AppState>,
    Path(request_id): Path<String>,
    Posted { who: Operator(s), form }: Posted<Operator, DecisionForm>,
) -> Response {
    let (p, path) = match decided_on(&state, &s, &request_id, form.version).await {
        Ok(d) => d,
        Err(r) => return r,
    };
    if p.payment_type != PaymentType::Payout {
        return s.back(&path, "invalid");
    }
    let (payouts, who) = (&state.services.payouts, s.user.who());
    let result = match form.step.as_deref() {
        Some("execute") => payouts.execute(p, &who).await,
        Some("success") => payouts.result(p, true, &who).await,
        Some("failed") => payouts.result(p, false, &who).await,
        _ => return s.back(&path, "invalid"),
    };
    match result {
        Ok(_) => s.back(&path, "done"),
        Err(e) => s.refused(&path, &e),
    }
}

/// A second operator approves a proposed credit: it is made on the version of the payment it
/// was proposed on (a payment that moved since is refused), never by the person who proposed it.
pub async fn approve(
    State(state): State<AppState>,
    Path(id): Path<String>,
    Posted { who: Operator(s), form: _ }: Posted<Operator, NoFields>,
) -> Response {
    match state.services.decisions.approve(&id, &s.user.who()).await {
        Ok(p) => s.back(&format!("/payments/{}", p.request_id), "approved"),
        Err(e) => s.refused("/", &e),
    }
}

pub async fn reject(
    State(state): State<AppState>,
    Path(id): Path<String>,
    Posted { who: Operator(s), form: _ }: Posted<Operator, NoFields>,
) -> Response {
    match state.services.decisions.reject(&id, &s.user.who()).await {
        Ok(()) => s.back("/", "rejected"),
        Err(e) => s.refused("/", &e),
    }
}

/// A form with nothing but its CSRF token.
#[derive(Deserialize)]
pub struct NoFields {}
