//! The operator's work list: payins whose payers say they paid, disputes, payouts to send or
//! to confirm, each with its decisions; and incoming transfers (one by hand, or a statement).

use axum::extract::State;
use axum::response::Response;

use super::super::guard::Operator;
use super::super::widgets::{method_of, payment_link, requisite_of, state_cell};
use super::super::{Params, Signed, Texts, field, text};
use super::CONSOLE;
use super::decisions::actions;
use crate::domain::incoming::IncomingTransfer;
use crate::domain::payment::{Payment, PaymentState};
use crate::http::AppState;
use app::i18n::Arg;
use app::model::{ActionForm, Block, Cell, FieldKind, FormField, Table};

/// How many of each list the queue shows.
const QUEUE_LIMIT: i64 = 200;

fn since(t: &Texts, from_ms: i64) -> String {
    let minutes = ((crate::domain::time::now_ms() - from_ms) / 60_000).max(0);
    t.ta("console-waiting-for", &[("minutes", Arg::Number(minutes))])
}

pub async fn queue(State(state): State<AppState>, Operator(s): Operator, params: Params) -> Response {
    let t = &s.texts;
    let (queue, unmatched) =
        match (state.services.decisions.queue(QUEUE_LIMIT).await, state.services.reconciliation.unmatched(50).await) {
            (Ok(q), Ok(u)) => (q, u),
            (Err(e), _) | (_, Err(e)) => return s.unavailable(&state, &e),
        };
    let (paid, disputes): (Vec<_>, Vec<_>) = queue.payins.into_iter().partition(|p| p.state == PaymentState::Paid);
    let mut payout_rows = Vec::new();
    for p in &queue.payouts {
        let receiver = match state.services.payouts.receiver_pan(p).await {
            Ok(pan) => pan.map(|pan| pan.expose().clone()),
            Err(e) => return s.unavailable(&state, &e),
        };
        payout_rows.push(payout_row(&s, p, receiver));
    }
    let blocks = vec![
        section(
            t,
            "paid",
            "console-queue-paid",
            table(t, "console-queue-paid-caption", PAID, rows(&s, &paid, paid_row)),
        ),
        section(
            t,
            "disputes",
            "console-queue-disputes",
            table(t, "console-queue-disputes-caption", DISPUTES, rows(&s, &disputes, dispute_row)),
        ),
        section(t, "payouts", "console-queue-payouts", table(t, "console-queue-payouts-caption", PAYOUTS, payout_rows)),
        Block::Section {
            heading: t.t("console-incoming-title"),
            id: "incoming".into(),
            blocks: incoming(&s, &unmatched),
        },
    ];
    s.page(&state, "/", t.t("console-queue-title"), s.notice(&params), blocks)
}

const PAID: &[&str] = &[
    "console-col-request-id",
    "console-col-amount",
    "console-col-method",
    "console-col-requisite",
    "console-col-waiting",
    "console-col-actions",
];
const DISPUTES: &[&str] = &[
    "console-col-request-id",
    "console-col-state",
    "console-col-amount",
    "console-col-received",
    "console-col-receipt",
    "console-col-waiting",
    "console-col-actions",
];
const PAYOUTS: &[&str] = &[
    "console-col-request-id",
    "console-col-state",
    "console-col-amount",
    "console-col-method",
    "console-col-receiver",
    "console-col-waiting",
    "console-col-actions",
];

fn section(t: &Texts, id: &str, heading: &str, table: Block) -> Block {
    Block::Section { heading: t.t(heading), id: id.into(), blocks: vec![table] }
}

fn table(t: &Texts, caption: &str, headers: &[&str], rows: Vec<Vec<Cell>>) -> Block {
    Block::Table(Table { caption: t.t(caption), headers: t.all(headers), rows, empty: t.t("console-empty") })
}

fn rows(s: &Signed, payments: &[Payment], row: fn(&Signed, &Payment) -> Vec<Cell>) -> Vec<Vec<Cell>> {
    payments.iter().map(|p| row(s, p)).collect()
}

fn paid_row(s: &Signed, p: &Payment) -> Vec<Cell> {
    let t = &s.texts;
    vec![
        payment_link(CONSOLE.base, p),
        Cell::Number(t.amount(p.amount, p.currency.code)),
        text(method_of(p)),
        Cell::Mono(requisite_of(p)),
        text(since(t, p.updated_ms)),
        Cell::Forms(actions(s, p)),
    ]
}

fn dispute_row(s: &Signed, p: &Payment) -> Vec<Cell> {
    let t = &s.texts;
    let received = p.received_amount.map(|a| t.amount(a, p.currency.code)).unwrap_or_else(|| "-".into());
    let receipt = if p.has_receipt { t.t("console-receipt-yes") } else { "-".into() };
    vec![
        payment_link(CONSOLE.base, p),
        state_cell(t, p.state),
        Cell::Number(t.amount(p.amount, p.currency.code)),
        Cell::Number(received),
        text(receipt),
        text(since(t, p.updated_ms)),
        Cell::Forms(actions(s, p)),
    ]
}

/// A payout to send: to whom (the receiver's number in full: the operator pays to it).
fn payout_row(s: &Signed, p: &Payment, receiver_pan: Option<String>) -> Vec<Cell> {
    let t = &s.texts;
    let r = p.details.receiver.as_ref();
    let whom = [
        receiver_pan.or_else(|| r.and_then(|r| r.phone.clone())),
        r.and_then(|r| r.card_holder.clone()),
        r.and_then(|r| r.bank_symbol.clone()),
    ]
    .into_iter()
    .flatten()
    .collect::<Vec<_>>()
    .join(" · ");
    vec![
        payment_link(CONSOLE.base, p),
        state_cell(t, p.state),
        Cell::Number(t.amount(p.amount, p.currency.code)),
        text(method_of(p)),
        Cell::Mono(whom),
        text(since(t, p.created_ms)),
        Cell::Forms(actions(s, p)),
    ]
}

/// Incoming transfers: one entered by hand, a statement to check, and what matched nothing.
fn incoming(s: &Signed, unmatched: &[IncomingTransfer]) -> Vec<Block> {
    let t = &s.texts;
    let by_hand = ActionForm {
        label: Some(t.t("console-incoming-title")),
        ..s.post(
            "/incoming",
            t.t("console-incoming-submit"),
            vec![
                FormField {
                    hint: Some(t.t("console-incoming-requisite-hint")),
                    ..field("requisite", t.t("console-field-requisite"), FieldKind::Text, true)
                },
                field("amount", t.t("console-field-amount"), FieldKind::Amount, true),
                FormField {
                    value: "RUB".into(),
                    ..field("currency", t.t("console-field-currency"), FieldKind::Text, true)
                },
                field("reference", t.t("console-field-reference"), FieldKind::Text, false),
            ],
        )
    };
    let statement = ActionForm {
        inline: false,
        label: Some(t.t("console-statement-title")),
        ..s.post(
            "/statements",
            t.t("console-statement-check"),
            vec![FormField {
                hint: Some(t.t("console-statement-format")),
                ..field(
                    "statement",
                    t.t("console-statement-file"),
                    FieldKind::File { accept: ".csv,text/csv".into() },
                    true,
                )
            }],
        )
    };
    let unmatched_rows = unmatched
        .iter()
        .map(|u| {
            vec![
                text(u.transfer_date.clone().unwrap_or_else(|| t.time(u.recorded_ms))),
                Cell::Mono(u.requisite_ref.clone()),
                Cell::Number(t.amount(u.amount, &u.currency)),
                text(u.reference.clone().unwrap_or_default()),
                text(u.recorded_by.clone()),
            ]
        })
        .collect();
    let headers = &[
        "console-col-when",
        "console-field-requisite",
        "console-col-amount",
        "console-field-reference",
        "console-col-who",
    ];
    vec![
        Block::Paragraph(t.t("console-incoming-help")),
        Block::Form(by_hand),
        Block::Paragraph(t.t("console-statement-help")),
        Block::Form(statement),
        table(t, "console-unmatched-caption", headers, unmatched_rows),
    ]
}
