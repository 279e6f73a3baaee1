//! The merchant's payments: the search over its projects (with the CSV export of the same
//! filter), and one payment with its history and every callback attempt, resent by hand.

use axum::extract::{Path, State};
use axum::response::{IntoResponse, Redirect, Response};

use super::super::export::payments_csv;
use super::super::guard::{Empty, MerchantUser, Posted, Resends};
use super::super::widgets::{
    Column, attempt_answer, callback_state, filter_fields, filter_of, pager, payment_facts, payments_table, query_of,
    receiver_facts, search_form, timeline, totals_block,
};
use super::super::{Params, Signed, field, link, param, text};
use super::CONSOLE;
use crate::domain::error::DomainError;
use crate::domain::outbox::CallbackRecord;
use crate::domain::payment::Payment;
use crate::domain::ports::PaymentFilter;
use crate::domain::user::Permission;
use crate::http::AppState;
use app::i18n::Arg;
use app::model::{ActionForm, Block, Cell, FieldKind, FormField, Table};

const COLUMNS: &[Column] = &[
    Column::RequestId,
    Column::PaymentId,
    Column::Type,
    Column::State,
    Column::Amount,
    Column::Method,
    Column::Country,
    Column::Created,
];

/// The merchant's filter: the form's, within one of its projects when chosen (the scope of
/// the read keeps it within its projects in any case).
pub fn merchant_filter(params: &Params) -> Result<PaymentFilter, &'static str> {
    let mut filter = filter_of(params)?;
    filter.project_ids = param(params, "project").map(|chosen| vec![chosen.to_string()]);
    Ok(filter)
}

fn filter_form(m: &MerchantUser, params: &Params) -> ActionForm {
    let t = &m.s.texts;
    let mut projects = vec![(String::new(), t.t("console-any"))];
    projects.extend(m.projects.iter().map(|p| (p.id.clone(), p.name.clone())));
    let value = |name: &str| param(params, name).unwrap_or("").to_string();
    let mut fields = vec![FormField {
        value: value("project"),
        ..field("project", t.t("console-col-project"), FieldKind::Select(projects), false)
    }];
    fields.extend(filter_fields(t, params, false));
    fields.push(FormField {
        value: value("method"),
        ..field("method", t.t("console-col-method"), FieldKind::Text, false)
    });
    fields.push(FormField {
        value: value("country"),
        ..field("country", t.t("console-col-country"), FieldKind::Text, false)
    });
    search_form(t, format!("{}/", CONSOLE.base), fields)
}

pub async fn list(State(state): State<AppState>, m: MerchantUser, params: Params) -> Response {
    let t = &m.s.texts;
    let mut blocks = vec![Block::Form(filter_form(&m, &params))];
    let Ok(filter) = merchant_filter(&params) else {
        let n = super::super::notice(t, Some("invalid"));
        return m.s.page(&state, "/", t.t("console-payments-title"), n, blocks);
    };
    let exact = filter.term.is_some();
    let lookup = &state.services.lookup;
    let (found, totals) =
        match tokio::try_join!(lookup.search(&m.scope, filter.clone()), lookup.totals(&m.scope, filter)) {
            Ok(found) => found,
            Err(e) => return m.s.unavailable(&state, &e),
        };
    // An exact id opens the payment (the question is usually about one).
    if exact && found.len() == 1 && param(&params, "after_id").is_none() {
        return Redirect::to(&format!("{}/payments/{}", CONSOLE.base, found[0].request_id)).into_response();
    }
    let export = link(format!("{}/payments.csv?{}", CONSOLE.base, query_of(&params)), t.t("console-export"));
    blocks.push(Block::Facts(vec![(String::new(), export)]));
    // Which project a payment is of matters once there are several.
    let mut columns = COLUMNS.to_vec();
    if m.projects.len() > 1 {
        columns.insert(2, Column::Project);
    }
    let names = m.projects.iter().map(|p| (p.id.clone(), p.name.clone())).collect();
    blocks.push(payments_table(t, CONSOLE.base, t.t("console-payments-found"), &columns, &found, &names));
    blocks.extend(pager(t, &format!("{}/", CONSOLE.base), &params, &found));
    blocks.push(totals_block(t, totals));
    m.s.page(&state, "/", t.t("console-payments-title"), m.s.notice(&params), blocks)
}

/// The payments of this search as CSV.
pub async fn csv(State(state): State<AppState>, m: MerchantUser, params: Params) -> Response {
    match merchant_filter(&params) {
        Ok(filter) => payments_csv(state, m.scope.clone(), filter),
        Err(_) => m.s.back("/", "invalid"),
    }
}

pub async fn payment(
    State(state): State<AppState>,
    m: MerchantUser,
    params: Params,
    Path(request_id): Path<String>,
) -> Response {
    let t = &m.s.texts;
    let p = match state.services.lookup.in_scope(&m.scope, &request_id).await {
        Ok(p) => p,
        Err(DomainError::NotFound) => return m.s.not_found(&state),
        Err(e) => return m.s.unavailable(&state, &e),
    };
    let (history, callbacks) = match (
        state.services.lookup.history(&p.request_id).await,
        state.services.callback_log.of_payment(&p.request_id).await,
    ) {
        (Ok(h), Ok(c)) => (h, c),
        (Err(e), _) | (_, Err(e)) => return m.s.unavailable(&state, &e),
    };
    let receiver = receiver_facts(t, &p, None);
    let mut blocks = vec![Block::Facts(payment_facts(t, &p, false))];
    if let Some(cancel) = super::payouts::cancel_form(&m, &p) {
        blocks.push(Block::Form(cancel));
    }
    if !receiver.is_empty() {
        blocks.push(Block::Section {
            heading: t.t("console-receiver"),
            id: "receiver".into(),
            blocks: vec![Block::Facts(receiver)],
        });
    }
    blocks.extend([
        Block::Section {
            heading: t.t("console-history"),
            id: "history".into(),
            blocks: vec![timeline(t, &p, &history, false)],
        },
        Block::Section {
            heading: t.t("console-callbacks"),
            id: "callbacks".into(),
            blocks: callback_blocks(&m.s, &p, &callbacks),
        },
    ]);
    let title = t.ta("console-payment-title", &[("id", Arg::Text(p.request_id.clone()))]);
    m.s.page(&state, "/", title, m.s.notice(&params), blocks)
}

/// Each callback: what it is, where it went, and every attempt with the answer.
fn callback_blocks(s: &Signed, p: &Payment, callbacks: &[CallbackRecord]) -> Vec<Block> {
    let t = &s.texts;
    let mut blocks = Vec::new();
    for c in callbacks {
        let resend = s.post(
            &format!("/payments/{}/callbacks/{}/resend", p.request_id, c.id),
            t.t("console-action-resend"),
            vec![],
        );
        let state = callback_state(t, c.state, c.attempts.len(), c.next_attempt_ms, c.delivered_ms);
        blocks.push(Block::Facts(vec![
            (t.t("console-col-kind"), text(c.kind.code())),
            (t.t("console-col-url"), Cell::Mono(c.url.clone())),
            (t.t("console-col-state"), state),
            // What was sent, byte for byte: the body the signature covers.
            (t.t("console-callback-body"), Cell::Mono(c.body.clone())),
            (t.t("console-col-actions"), Cell::Forms(if s.may(Permission::Resend) { vec![resend] } else { vec![] })),
        ]));
        let rows = c
            .attempts
            .iter()
            .map(|a| {
                vec![
                    text(t.time(a.at_ms)),
                    text(attempt_answer(a)),
                    Cell::Number(format!("{} ms", a.latency_ms)),
                    Cell::Mono(a.response_excerpt.clone().unwrap_or_default()),
                ]
            })
            .collect();
        blocks.push(Block::Table(Table {
            caption: t.ta("console-attempts-of", &[("kind", Arg::Text(c.kind.code().to_string()))]),
            headers: t.all(&["console-col-when", "console-col-http", "console-col-latency", "console-col-response"]),
            rows,
            empty: t.t("console-no-attempts"),
        }));
    }
    if blocks.is_empty() {
        blocks.push(Block::Paragraph(t.t("console-no-callbacks")));
    }
    blocks
}

pub async fn resend(
    State(state): State<AppState>,
    Path((request_id, callback_id)): Path<(String, i64)>,
    Posted { who: m, form: Empty {}, .. }: Posted<MerchantUser, Empty, Resends>,
) -> Response {
    match state.services.lookup.in_scope(&m.scope, &request_id).await {
        Ok(_) => {}
        Err(DomainError::NotFound) => return m.s.not_found(&state),
        Err(e) => return m.s.unavailable(&state, &e),
    }
    let path = format!("/payments/{request_id}");
    match state.services.callback_log.resend(&request_id, callback_id, Some(&m.s.user.who())).await {
        Ok(_) => m.s.back(&path, "resent"),
        Err(e) => m.s.refused(&path, &e),
    }
}
