//! Payments as the operator finds them: the search, and one payment with its decisions,
//! receipts, history, ledger entries, callbacks and audit trail.

use axum::extract::{Path, State};
use axum::http::{HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Redirect, Response};

use super::super::export::payments_csv;
use super::super::guard::{Empty, Operator, Posted, Resends};
use super::super::widgets::{
    Column, attempt_answer, audit_table, callback_state, filter_fields, filter_of, ledger_table, pager, payment_facts,
    payments_table, project_names, query_of, receiver_facts, search_form, timeline, totals_block,
};
use super::super::{Params, Signed, Texts, field, link, param, text};
use super::CONSOLE;
use super::decisions::actions;
use crate::domain::audit::Subject;
use crate::domain::error::DomainError;
use crate::domain::lookup::Scope;
use crate::domain::outbox::CallbackRecord;
use crate::domain::payment::Payment;
use crate::domain::ports::{PaymentFilter, Receipt};
use crate::domain::project::Project;
use crate::domain::user::Permission;
use crate::http::AppState;
use app::i18n::Arg;
use app::model::{ActionForm, Block, Cell, FieldKind, FormField, Table};

const COLUMNS: &[Column] = &[
    Column::RequestId,
    Column::PaymentId,
    Column::Type,
    Column::Project,
    Column::State,
    Column::Amount,
    Column::Method,
    Column::Requisite,
    Column::Created,
];

/// The operator's filter: the form's, within the merchant or the project chosen.
fn operator_filter(params: &Params, projects: &[Project]) -> Result<PaymentFilter, &'static str> {
    let mut filter = filter_of(params)?;
    let merchant = param(params, "merchant");
    let project = param(params, "project");
    if merchant.is_some() || project.is_some() {
        filter.project_ids = Some(
            projects
                .iter()
                .filter(|p| merchant.is_none_or(|m| m == p.merchant_id) && project.is_none_or(|id| id == p.id))
                .map(|p| p.id.clone())
                .collect(),
        );
    }
    Ok(filter)
}

/// The search form: merchant and project pickers (by name), then the filters both consoles share.
fn filter_form(t: &Texts, params: &Params, projects: &[Project]) -> ActionForm {
    let value = |name: &str| param(params, name).unwrap_or("").to_string();
    let any = || (String::new(), t.t("console-any"));
    let mut merchants = vec![any()];
    for p in projects {
        if merchants.last().is_none_or(|(id, _)| *id != p.merchant_id) {
            merchants.push((p.merchant_id.clone(), p.merchant_name.clone()));
        }
    }
    let mut choices = vec![any()];
    choices.extend(projects.iter().map(|p| (p.id.clone(), format!("{} · {}", p.merchant_name, p.name))));
    let mut fields = vec![
        FormField {
            value: value("merchant"),
            ..field("merchant", t.t("console-col-merchant"), FieldKind::Select(merchants), false)
        },
        FormField {
            value: value("project"),
            ..field("project", t.t("console-col-project"), FieldKind::Select(choices), false)
        },
    ];
    fields.extend(filter_fields(t, params, true));
    search_form(t, format!("{}/payments", CONSOLE.base), fields)
}

pub async fn list(State(state): State<AppState>, Operator(s): Operator, params: Params) -> Response {
    let t = &s.texts;
    let projects = match state.services.projects.all().await {
        Ok(projects) => projects,
        Err(e) => return s.unavailable(&state, &e),
    };
    let base = format!("{}/payments", CONSOLE.base);
    let mut blocks = vec![Block::Form(filter_form(t, &params, &projects))];
    let Ok(filter) = operator_filter(&params, &projects) else {
        let n = super::super::notice(t, Some("invalid"));
        return s.page(&state, "/payments", t.t("console-payments-title"), n, blocks);
    };
    let exact = filter.term.is_some();
    let lookup = &state.services.lookup;
    let (found, totals) =
        match tokio::try_join!(lookup.search(&Scope::All, filter.clone()), lookup.totals(&Scope::All, filter)) {
            Ok(found) => found,
            Err(e) => return s.unavailable(&state, &e),
        };
    // An exact id opens the payment (the question is usually about one).
    if exact && found.len() == 1 && param(&params, "after_id").is_none() {
        return Redirect::to(&format!("{}/payments/{}", CONSOLE.base, found[0].request_id)).into_response();
    }
    let export = link(format!("{}/payments.csv?{}", CONSOLE.base, query_of(&params)), t.t("console-export"));
    blocks.push(Block::Facts(vec![(String::new(), export)]));
    let names = project_names(&projects);
    blocks.push(payments_table(t, CONSOLE.base, t.t("console-payments-found"), COLUMNS, &found, &names));
    blocks.extend(pager(t, &base, &params, &found));
    blocks.push(totals_block(t, totals));
    s.page(&state, "/payments", t.t("console-payments-title"), s.notice(&params), blocks)
}

/// The payments of this search as CSV.
pub async fn csv(State(state): State<AppState>, Operator(s): Operator, params: Params) -> Response {
    let projects = match state.services.projects.all().await {
        Ok(projects) => projects,
        Err(e) => return s.unavailable(&state, &e),
    };
    match operator_filter(&params, &projects) {
        Ok(filter) => payments_csv(state, Scope::All, filter),
        Err(_) => s.back("/payments", "invalid"),
    }
}

pub async fn payment(
    State(state): State<AppState>,
    Operator(s): Operator,
    params: Params,
    Path(request_id): Path<String>,
) -> Response {
    let t = &s.texts;
    let services = &state.services;
    let p = match services.lookup.by_request_id(&request_id).await {
        Ok(p) => p,
        Err(DomainError::NotFound) => return s.back("/payments", "not-found"),
        Err(e) => return s.unavailable(&state, &e),
    };
    let id = &p.request_id;
    // Before the audit trail is read: a full number's view is on the page that shows it.
    let receiver = match receiver_block(&state, &s, &p, param(&params, "receiver") == Some("full")).await {
        Ok(receiver) => receiver,
        Err(e) => return s.unavailable(&state, &e),
    };
    let (history, callbacks, audit, receipts, ledger) = match (
        services.lookup.history(id).await,
        services.callback_log.of_payment(id).await,
        services.audit_log.of(Subject::Payment, id).await,
        services.lookup.receipts(id).await,
        services.balances.entries_of(id).await,
    ) {
        (Ok(h), Ok(c), Ok(a), Ok(r), Ok(l)) => (h, c, a, r, l),
        (Err(e), ..) | (_, Err(e), ..) | (_, _, Err(e), ..) | (_, _, _, Err(e), _) | (.., Err(e)) => {
            return s.unavailable(&state, &e);
        }
    };
    let mut blocks = vec![Block::Facts(payment_facts(t, &p, true))];
    blocks.extend(receiver);
    let decide = actions(&s, &p, None);
    if !decide.is_empty() {
        blocks.push(section(&s, "decide", "console-decide", vec![Block::Actions(decide)]));
    }
    if !receipts.is_empty() {
        blocks.push(section(&s, "receipts", "console-col-receipt", receipt_blocks(&s, &p, &receipts)));
    }
    blocks.extend([
        section(&s, "history", "console-history", vec![timeline(t, &p, &history, true)]),
        section(&s, "ledger", "console-ledger", vec![ledger_table(t, &ledger)]),
        section(&s, "callbacks", "console-callbacks", vec![callbacks_table(&s, &p, &callbacks)]),
        section(&s, "audit", "console-audit-trail", vec![audit_table(t, CONSOLE.base, &audit)]),
    ]);
    let title = t.ta("console-payment-title", &[("id", Arg::Text(p.request_id.clone()))]);
    s.page(&state, "/payments", title, s.notice(&params), blocks)
}

/// A payout's receiver, where the operator sends the money: masked until the person who pays
/// asks for the full number, which is shown only once that view is in the audit log.
async fn receiver_block(state: &AppState, s: &Signed, p: &Payment, reveal: bool) -> Result<Option<Block>, DomainError> {
    if p.details.receiver.is_none() {
        return Ok(None);
    }
    let t = &s.texts;
    let full = match reveal && s.may(Permission::Decide) {
        true => state.services.payouts.receiver_pan(p).await?,
        false => None,
    };
    if full.is_some() {
        let who = s.user.who();
        state.services.audit_log.viewed(&who, "receiver_viewed", Subject::Payment, &p.request_id, "").await?;
    }
    let mut blocks = vec![Block::Facts(receiver_facts(t, p, full.as_ref().map(|n| n.expose().as_str())))];
    let masked = p.details.receiver.as_ref().is_some_and(|r| r.pan_hidden.is_some());
    if full.is_none() && masked && s.may(Permission::Decide) {
        let href = format!("{}/payments/{}?receiver=full#receiver", CONSOLE.base, p.request_id);
        blocks.push(Block::Link { href, text: t.t("console-receiver-reveal") });
    }
    Ok(Some(section(s, "receiver", "console-receiver", blocks)))
}

fn section(s: &Signed, id: &str, heading: &str, blocks: Vec<Block>) -> Block {
    Block::Section { heading: s.texts.t(heading), id: id.into(), blocks }
}

/// Receipts the payer uploaded: images shown, PDFs linked.
fn receipt_blocks(s: &Signed, p: &Payment, receipts: &[Receipt]) -> Vec<Block> {
    let t = &s.texts;
    receipts
        .iter()
        .map(|r| {
            let href = format!("{}/payments/{}/receipts/{}", CONSOLE.base, p.request_id, r.id);
            if r.content_type.starts_with("image/") {
                let alt = t.ta("console-receipt-alt", &[("at", Arg::Text(t.time(r.uploaded_ms)))]);
                Block::Image { src: href, alt }
            } else {
                let text = t.ta("console-receipt-download", &[("kb", Arg::Number((r.size + 1023) / 1024))]);
                Block::Facts(vec![(t.time(r.uploaded_ms), link(href, text))])
            }
        })
        .collect()
}

/// A payment's callbacks, each with its attempts and a resend button.
fn callbacks_table(s: &Signed, p: &Payment, callbacks: &[CallbackRecord]) -> Block {
    let t = &s.texts;
    let rows = callbacks
        .iter()
        .map(|c| {
            let attempts = c
                .attempts
                .iter()
                .map(|a| format!("{} → {} ({} ms)", t.time(a.at_ms), attempt_answer(a), a.latency_ms))
                .collect::<Vec<_>>()
                .join("; ");
            let resend = s.post(
                &format!("/payments/{}/callbacks/{}/resend", p.request_id, c.id),
                t.t("console-action-resend"),
                vec![],
            );
            vec![
                text(c.kind.code()),
                Cell::Mono(c.url.clone()),
                callback_state(t, c.state, c.attempts.len(), c.next_attempt_ms, c.delivered_ms),
                text(if attempts.is_empty() { "-".to_string() } else { attempts }),
                Cell::Forms(if s.may(Permission::Resend) { vec![resend] } else { vec![] }),
            ]
        })
        .collect();
    Block::Table(Table {
        caption: t.t("console-callbacks"),
        headers: t.all(&[
            "console-col-kind",
            "console-col-url",
            "console-col-state",
            "console-col-attempts",
            "console-col-actions",
        ]),
        rows,
        empty: t.t("console-empty"),
    })
}

/// A receipt as uploaded: images shown inline, PDFs downloaded; never run as a page.
pub async fn receipt(
    State(state): State<AppState>,
    Operator(s): Operator,
    Path((request_id, receipt_id)): Path<(String, String)>,
) -> Response {
    let (content_type, data) = match state.services.lookup.receipt_file(&request_id, &receipt_id).await {
        Ok(file) => file,
        Err(DomainError::Missing | DomainError::NotFound) => {
            return (StatusCode::NOT_FOUND, "not found").into_response();
        }
        Err(e) => {
            tracing::warn!(error = %e, "receipt unreadable");
            return (StatusCode::SERVICE_UNAVAILABLE, "try again in a moment").into_response();
        }
    };
    // Shown only once its viewing is in the log.
    let who = s.user.who();
    let seen = state.services.audit_log.viewed(&who, "receipt_viewed", Subject::Payment, &request_id, &receipt_id);
    if let Err(e) = seen.await {
        tracing::warn!(error = %e, "receipt view not audited");
        return (StatusCode::SERVICE_UNAVAILABLE, "try again in a moment").into_response();
    }
    let mut r = data.into_response();
    let h = r.headers_mut();
    if let Ok(v) = HeaderValue::from_str(&content_type) {
        h.insert(header::CONTENT_TYPE, v);
    }
    let disposition = if content_type.starts_with("image/") {
        "inline".to_string()
    } else {
        let name: String = receipt_id.chars().filter(char::is_ascii_alphanumeric).collect();
        format!("attachment; filename=\"receipt-{name}.pdf\"")
    };
    if let Ok(v) = HeaderValue::from_str(&disposition) {
        h.insert(header::CONTENT_DISPOSITION, v);
    }
    h.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    h.insert(header::X_CONTENT_TYPE_OPTIONS, HeaderValue::from_static("nosniff"));
    h.insert(header::CONTENT_SECURITY_POLICY, HeaderValue::from_static("default-src 'none'; sandbox"));
    r
}

pub async fn resend(
    State(state): State<AppState>,
    Path((request_id, callback_id)): Path<(String, i64)>,
    Posted { who: Operator(s), form: Empty {}, .. }: Posted<Operator, Empty, Resends>,
) -> Response {
    let path = format!("/payments/{request_id}");
    match state.services.callback_log.resend(&request_id, callback_id, Some(&s.user.who())).await {
        Ok(_) => s.back(&path, "resent"),
        Err(e) => s.refused(&path, &e),
    }
}
