//! The operator's decisions on a payment: funds received (all, or another amount), a dispute
//! closed, a payout sent and its result. Each form names the version of the payment it was
//! taken on, so a payment that moved meanwhile is refused instead of decided twice; a credit
//! no transfer shows becomes a proposal that a second operator approves or rejects. Every
//! decision asks once more, restating what it will do ([`Signed::ask`]), and then leads back
//! to where it was taken (the queue's list, or the payment).

use axum::extract::{Path, State};
use axum::response::Response;
use serde::Deserialize;

use super::super::guard::{Confirm, Decides, Operator, Posted};
use super::super::widgets::state_cell;
use super::super::{Ask, Signed, Texts, field, hidden, parse_major, refusal, text};
use crate::domain::approval::ApprovalState;
use crate::domain::decisions::{Decided, Resolution};
use crate::domain::error::DomainError;
use crate::domain::payment::{Payment, PaymentState, PaymentType};
use crate::domain::user::Permission;
use crate::http::AppState;
use app::i18n::Arg;
use app::model::{ActionForm, Cell, FieldKind, FormField};

/// The decisions an operator may take on a payment in its state; `back` is where to return
/// after one (a list the payment is shown in), else the payment's page.
pub fn actions(s: &Signed, p: &Payment, back: Option<&str>) -> Vec<ActionForm> {
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
    if !s.may(Permission::Decide) {
        // A viewer sees the payment, not the buttons (the routes refuse them too).
        return forms;
    }
    match p.state {
        PaymentState::Paid | PaymentState::AwaitingConfirm if p.payment_type == PaymentType::Payin => {
            let full =
                t.ta("console-action-received-full", &[("amount", Arg::Text(t.amount(p.amount, p.currency.code)))]);
            forms.push(form("received", full, vec![hidden("full", "1")]));
            let other = vec![amount_field(t.t("console-field-amount-received"), true)];
            forms.push(form("received", t.t("console-action-received-other"), other));
        }
        state if state.is_dispute() => {
            let payin = p.payment_type == PaymentType::Payin;
            let mut success = vec![hidden("outcome", "success")];
            if payin {
                success.push(amount_field(t.t("console-field-amount-received-optional"), false));
            }
            // A payout's dispute is about money sent, not received: its own words.
            let (paid, not_paid) = if payin {
                ("console-action-resolve-success", "console-action-resolve-decline")
            } else {
                ("console-action-payout-found-paid", "console-action-payout-decline")
            };
            forms.push(form("resolve", t.t(paid), success));
            forms.push(danger(form("resolve", t.t(not_paid), vec![hidden("outcome", "decline")])));
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
        f.fields.extend(back.map(|b| hidden("back", b)));
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
/// back to: one that moved meanwhile is refused, so two operators never decide it twice. The
/// version is required: a form without one says nothing about what its sender saw.
async fn decided_on(
    state: &AppState,
    s: &Signed,
    confirm: &Confirm,
    request_id: &str,
    version: Option<i64>,
) -> Result<(Payment, String), Response> {
    let path = format!("/payments/{request_id}");
    let p = state.services.lookup.by_request_id(request_id).await.map_err(|e| s.refused(&path, &e))?;
    match version {
        None => return Err(s.back_to(confirm, &path, "invalid")),
        Some(v) if v != p.version => return Err(s.back_to(confirm, &path, "moved")),
        Some(_) => {}
    }
    Ok((p, path))
}

pub async fn received(
    State(state): State<AppState>,
    Path(request_id): Path<String>,
    Posted { who: Operator(s), form, confirm, .. }: Posted<Operator, DecisionForm, Decides>,
) -> Response {
    let (p, path) = match decided_on(&state, &s, &confirm, &request_id, form.version).await {
        Ok(d) => d,
        Err(r) => return r,
    };
    let amount = match form.full {
        Some(_) => Some(p.amount),
        None => form.amount.as_deref().and_then(|a| parse_major(a, p.currency.code)),
    };
    let Some(amount) = amount else {
        return s.back_to(&confirm, &path, "invalid");
    };
    if !confirm.given() {
        let t = &s.texts;
        let money = t.amount(amount, p.currency.code);
        let consequence = if amount == p.amount {
            t.ta("console-confirm-received", &[("amount", Arg::Text(money.clone()))])
        } else {
            let expected = Arg::Text(t.amount(p.amount, p.currency.code));
            t.ta("console-confirm-received-other", &[("amount", Arg::Text(money.clone())), ("expected", expected)])
        };
        let d = Decision {
            step: "received",
            what: t.t("console-confirm-what-received"),
            consequence: with_second_operator(t, &state, &p, amount, consequence),
            submit: t.ta("console-confirm-received-submit", &[("amount", Arg::Text(money.clone()))]),
            amount: Some(money),
            danger: false,
        };
        return ask(&state, &s, &confirm, &p, d).await;
    }
    let decided = state.services.decisions.funds_received(p, amount, &s.user.who(), form.version).await;
    answer(&s, &confirm, &path, decided)
}

pub async fn resolve(
    State(state): State<AppState>,
    Path(request_id): Path<String>,
    Posted { who: Operator(s), form, confirm, .. }: Posted<Operator, DecisionForm, Decides>,
) -> Response {
    let (p, path) = match decided_on(&state, &s, &confirm, &request_id, form.version).await {
        Ok(d) => d,
        Err(r) => return r,
    };
    let resolution = match form.outcome.as_deref() {
        Some("success") => Resolution::Success,
        Some("decline") => Resolution::Decline,
        _ => return s.back_to(&confirm, &path, "invalid"),
    };
    let amount = match form.amount.as_deref().map(str::trim).filter(|a| !a.is_empty()) {
        Some(a) => match parse_major(a, p.currency.code) {
            Some(x) => Some(x),
            None => return s.back_to(&confirm, &path, "invalid"),
        },
        None => None,
    };
    if !confirm.given() {
        return ask(&state, &s, &confirm, &p, resolve_decision(&state, &s, &p, resolution, amount)).await;
    }
    let decided = state.services.decisions.resolve(p, resolution, amount, &s.user.who(), form.version).await;
    answer(&s, &confirm, &path, decided)
}

/// What closing a dispute will do: the amount it settles on is the one typed, else the one
/// recorded as received, else the payment's (as the service decides it).
fn resolve_decision(state: &AppState, s: &Signed, p: &Payment, r: Resolution, amount: Option<i64>) -> Decision {
    let t = &s.texts;
    let settles = amount.or(p.received_amount).unwrap_or(p.amount);
    let money = t.amount(settles, p.currency.code);
    let payin = p.payment_type == PaymentType::Payin;
    let (key, submit, danger) = match (r, payin) {
        (Resolution::Success, true) => ("console-confirm-resolve-success", "console-action-resolve-success", false),
        (Resolution::Success, false) => {
            ("console-confirm-payout-found-paid", "console-action-payout-found-paid", false)
        }
        (Resolution::Decline, true) => ("console-confirm-resolve-decline", "console-action-resolve-decline", true),
        (Resolution::Decline, false) => ("console-confirm-payout-decline", "console-action-payout-decline", true),
    };
    let consequence = t.ta(key, &[("amount", Arg::Text(money.clone()))]);
    let consequence = match (r, payin) {
        (Resolution::Success, true) => with_second_operator(t, state, p, settles, consequence),
        _ => consequence,
    };
    Decision {
        step: "resolve",
        what: t.t(submit),
        consequence,
        amount: (r == Resolution::Success).then_some(money),
        submit: t.t(submit),
        danger,
    }
}

/// A credit above the payment's amount (or the currency's limit) waits for a second operator:
/// the confirmation says so.
fn with_second_operator(t: &Texts, state: &AppState, p: &Payment, amount: i64, consequence: String) -> String {
    if state.services.decisions.needs_second_operator(amount, p) {
        format!("{consequence} {}", t.t("console-confirm-second-operator"))
    } else {
        consequence
    }
}

/// Back to where the decision was taken: done, or waiting for a second operator, or refused.
fn answer(s: &Signed, confirm: &Confirm, path: &str, decided: Result<Decided, DomainError>) -> Response {
    match decided {
        Ok(Decided::Done(_)) => s.back_to(confirm, path, done(confirm)),
        Ok(Decided::Proposed(_)) => s.back_to(confirm, path, "proposed"),
        Err(e) => s.back_to(confirm, path, refusal(&e)),
    }
}

/// "Done" says where the new status is: below (the payment's page) or on the payment's page
/// (back in a list).
fn done(confirm: &Confirm) -> &'static str {
    if confirm.back().is_some() { "decided" } else { "done" }
}

pub async fn payout(
    State(state): State<AppState>,
    Path(request_id): Path<String>,
    Posted { who: Operator(s), form, confirm, .. }: Posted<Operator, DecisionForm, Decides>,
) -> Response {
    let (p, path) = match decided_on(&state, &s, &confirm, &request_id, form.version).await {
        Ok(d) => d,
        Err(r) => return r,
    };
    let step = match (p.payment_type, form.step.as_deref()) {
        (PaymentType::Payout, Some(step @ ("execute" | "success" | "failed"))) => step,
        _ => return s.back_to(&confirm, &path, "invalid"),
    };
    if !confirm.given() {
        let t = &s.texts;
        let money = t.amount(p.amount, p.currency.code);
        let d = Decision {
            step: "payout",
            what: t.t(&format!("console-action-payout-{step}")),
            consequence: t.ta(&format!("console-confirm-payout-{step}"), &[("amount", Arg::Text(money))]),
            amount: None,
            submit: t.t(&format!("console-action-payout-{step}")),
            danger: step == "failed",
        };
        return ask(&state, &s, &confirm, &p, d).await;
    }
    let (payouts, who) = (&state.services.payouts, s.user.who());
    let result = match step {
        "execute" => payouts.execute(p, &who).await,
        "success" => payouts.result(p, true, &who).await,
        _ => payouts.result(p, false, &who).await,
    };
    match result {
        Ok(_) => s.back_to(&confirm, &path, done(&confirm)),
        Err(e) => s.back_to(&confirm, &path, refusal(&e)),
    }
}

/// One decision restated before it is made.
struct Decision {
    /// The route's last segment the confirmed form posts to.
    step: &'static str,
    what: String,
    consequence: String,
    /// The amount this decision moves, when it is not simply the payment's own.
    amount: Option<String>,
    submit: String,
    danger: bool,
}

/// The confirmation page of a decision on `p`: the payment, its merchant and its amounts.
async fn ask(state: &AppState, s: &Signed, confirm: &Confirm, p: &Payment, d: Decision) -> Response {
    let facts = match payment_facts(state, s, p).await {
        Ok(mut facts) => {
            facts.extend(d.amount.map(|a| (s.texts.t("console-col-decision-amount"), Cell::Number(a))));
            facts
        }
        Err(e) => return s.unavailable(state, &e),
    };
    let ask = Ask {
        what: d.what,
        consequence: d.consequence,
        facts,
        action: format!("/payments/{}/{}", p.request_id, d.step),
        submit: d.submit,
        danger: d.danger,
        back: format!("/payments/{}", p.request_id),
    };
    s.ask(state, confirm, ask)
}

/// What identifies a payment to the person deciding: ids, merchant and project, type, amounts.
async fn payment_facts(state: &AppState, s: &Signed, p: &Payment) -> Result<Vec<(String, Cell)>, DomainError> {
    let t = &s.texts;
    let merchant = match state.services.projects.project(&p.project_id).await? {
        Some(project) => format!("{} · {}", project.merchant_name, project.name),
        None => p.project_id.clone(),
    };
    let mut facts = vec![
        (t.t("console-col-request-id"), Cell::Mono(p.request_id.clone())),
        (t.t("console-col-payment-id"), Cell::Mono(p.payment_id.clone())),
        (t.t("console-col-merchant"), text(merchant)),
        (t.t("console-col-type"), text(p.payment_type.code())),
        (t.t("console-col-state"), state_cell(t, p.state)),
        (t.t("console-col-amount"), Cell::Number(t.amount(p.amount, p.currency.code))),
    ];
    if let Some(received) = p.received_amount {
        facts.push((t.t("console-col-received"), Cell::Number(t.amount(received, p.currency.code))));
    }
    Ok(facts)
}

/// A second operator approves a proposed credit: it is made on the version of the payment it
/// was proposed on (a payment that moved since is refused), never by the person who proposed it.
pub async fn approve(
    State(state): State<AppState>,
    Path(id): Path<String>,
    Posted { who: Operator(s), form: _, confirm, .. }: Posted<Operator, NoFields, Decides>,
) -> Response {
    if !confirm.given() {
        return ask_approval(&state, &s, &confirm, &id).await;
    }
    match state.services.decisions.approve(&id, &s.user.who()).await {
        Ok(p) => s.back_to(&confirm, &format!("/payments/{}", p.request_id), "approved"),
        Err(e) => s.back_to(&confirm, "/", refusal(&e)),
    }
}

/// The confirmation of an approval: whose proposal, what it credits, to which payment.
async fn ask_approval(state: &AppState, s: &Signed, confirm: &Confirm, id: &str) -> Response {
    let t = &s.texts;
    let (a, p) = match state.services.decisions.approval(id).await {
        Ok(found) => found,
        Err(e) => return s.back_to(confirm, "/", refusal(&e)),
    };
    // What the approval would refuse is refused before asking.
    if a.state != ApprovalState::Pending {
        return s.back_to(confirm, "/", "already-decided");
    }
    if a.proposed_by == s.user.who().label() {
        return s.back_to(confirm, "/", "own-proposal");
    }
    let mut facts = match payment_facts(state, s, &p).await {
        Ok(f) => f,
        Err(e) => return s.unavailable(state, &e),
    };
    let money = t.amount(a.amount, &a.currency);
    facts.push((t.t("console-col-decision-amount"), Cell::Number(money.clone())));
    facts.push((t.t("console-col-proposed-by"), text(a.proposed_by.clone())));
    facts.extend(a.note.clone().map(|n| (t.t("console-col-note"), text(n))));
    let args = [("amount", Arg::Text(money)), ("who", Arg::Text(a.proposed_by.clone()))];
    let ask = Ask {
        what: t.t("console-action-approve"),
        consequence: t.ta("console-confirm-approve", &args),
        facts,
        action: format!("/approvals/{id}/approve"),
        submit: t.t("console-action-approve"),
        danger: false,
        back: "/#approvals".into(),
    };
    s.ask(state, confirm, ask)
}

pub async fn reject(
    State(state): State<AppState>,
    Path(id): Path<String>,
    Posted { who: Operator(s), form: _, confirm, .. }: Posted<Operator, NoFields, Decides>,
) -> Response {
    match state.services.decisions.reject(&id, &s.user.who()).await {
        Ok(()) => s.back_to(&confirm, "/", "rejected"),
        Err(e) => s.back_to(&confirm, "/", refusal(&e)),
    }
}

/// A form with nothing but its CSRF token.
#[derive(Deserialize)]
pub struct NoFields {}
