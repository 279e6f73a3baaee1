//! Incoming transfers: one entered by hand, or a bank statement checked first (what each row
//! would do, nothing changed) and then applied in one go.

use axum::extract::{Multipart, State};
use axum::http::StatusCode;
use axum::response::Response;
use serde::Deserialize;

use super::super::guard::{Guarded, Operator, Posted};
use super::super::{Signed, Texts, hidden, parse_major, text};
use super::CONSOLE;
use crate::domain::incoming::{RowOutcome, StatementRow, parse_statement};
use crate::domain::violations::Violation;
use crate::http::AppState;
use app::i18n::Arg;
use app::model::{ActionForm, Block, Cell, ConsoleNotice, Table, Tone};

#[derive(Deserialize)]
pub struct IncomingForm {
    requisite: Option<String>,
    amount: Option<String>,
    currency: Option<String>,
    reference: Option<String>,
}

pub async fn incoming(
    State(state): State<AppState>,
    Posted { who: Operator(s), form }: Posted<Operator, IncomingForm>,
) -> Response {
    let currency = form.currency.unwrap_or_default().trim().to_ascii_uppercase();
    let requisite = form.requisite.unwrap_or_default().trim().to_string();
    let Some(amount) = form.amount.as_deref().and_then(|a| parse_major(a, &currency)) else {
        return s.back("/", "invalid");
    };
    if requisite.is_empty() {
        return s.back("/", "invalid");
    }
    let reference = form.reference.as_deref();
    match state.services.reconciliation.incoming(&requisite, amount, &currency, reference, &s.user.who()).await {
        Ok(Some(p)) => {
            tracing::info!(reference = ?reference, request_id = %p.request_id, "incoming transfer matched in the console");
            s.back(&format!("/payments/{}", p.request_id), "matched")
        }
        Ok(None) => s.back("/", "no-match"),
        Err(e) => s.refused("/", &e),
    }
}

/// A statement is at most this large (about 10,000 rows).
const MAX_STATEMENT_BYTES: usize = 1024 * 1024;

fn outcome_cell(t: &Texts, outcome: &RowOutcome) -> Cell {
    match outcome {
        RowOutcome::Matches(id) => Cell::Link {
            href: format!("{}/payments/{id}", CONSOLE.base),
            text: t.ta("console-statement-matches", &[("id", Arg::Text(id.clone()))]),
        },
        RowOutcome::Unmatched => Cell::Status { text: t.t("console-statement-unmatched"), tone: Tone::Waiting },
        RowOutcome::AlreadyApplied => Cell::Status { text: t.t("console-statement-already"), tone: Tone::Neutral },
        // The payment moved meanwhile (decided by someone else, or changing right now).
        RowOutcome::Refused(_) => Cell::Status { text: t.t("console-statement-refused"), tone: Tone::Bad },
    }
}

fn statement_table(t: &Texts, rows: &[StatementRow], outcomes: &[RowOutcome]) -> Block {
    Block::Table(Table {
        caption: t.t("console-statement-rows"),
        headers: t.all(&[
            "console-col-line",
            "console-col-when",
            "console-col-amount",
            "console-field-requisite",
            "console-field-reference",
            "console-col-outcome",
        ]),
        rows: rows
            .iter()
            .zip(outcomes)
            .map(|(r, o)| {
                vec![
                    Cell::Number(r.line.to_string()),
                    text(r.transfer_date.clone().unwrap_or_default()),
                    Cell::Number(t.amount(r.amount, &r.currency)),
                    Cell::Mono(r.requisite_ref.clone()),
                    text(r.reference.clone().unwrap_or_default()),
                    outcome_cell(t, o),
                ]
            })
            .collect(),
        empty: t.t("console-empty"),
    })
}

fn summary(t: &Texts, key: &str, outcomes: &[RowOutcome]) -> String {
    let count = |f: fn(&RowOutcome) -> bool| Arg::Number(outcomes.iter().filter(|o| f(o)).count() as i64);
    t.ta(
        key,
        &[
            ("matched", count(|o| matches!(o, RowOutcome::Matches(_)))),
            ("unmatched", count(|o| matches!(o, RowOutcome::Unmatched))),
            ("already", count(|o| matches!(o, RowOutcome::AlreadyApplied))),
            ("refused", count(|o| matches!(o, RowOutcome::Refused(_)))),
        ],
    )
}

/// The parser's reasons are a fixed set: shown in the console's language.
fn reason(t: &Texts, message: &str) -> String {
    let key = if message == "is empty" {
        "console-statement-empty"
    } else if message.starts_with("the first line") {
        "console-statement-header"
    } else if message.starts_with("amount or currency") {
        "console-statement-amount"
    } else if message.starts_with("requisite is empty") {
        "console-statement-requisite"
    } else if message.starts_with("more than") {
        "console-statement-too-long"
    } else {
        "console-statement-unreadable"
    };
    t.t(key)
}

/// A statement whose lines do not parse: every problem listed, nothing applied.
fn problems(state: &AppState, s: &Signed, problems: Vec<Violation>) -> Response {
    let t = &s.texts;
    let place = |field: &str| -> String {
        match field.strip_prefix("line ").and_then(|n| n.parse::<i64>().ok()) {
            Some(n) => t.ta("console-statement-line", &[("line", Arg::Number(n))]),
            None => t.t("console-statement-file-label"),
        }
    };
    let rows = problems.into_iter().map(|p| vec![text(place(&p.field)), text(reason(t, &p.message))]).collect();
    let blocks = vec![Block::Table(Table {
        caption: t.t("console-statement-problems"),
        headers: vec![t.t("console-col-line"), t.t("console-col-detail")],
        rows,
        empty: String::new(),
    })];
    let n = Some(ConsoleNotice { text: t.t("console-statement-not-applied"), error: true });
    s.page_with_status(state, StatusCode::BAD_REQUEST, "/", t.t("console-statement-title"), n, blocks)
}

/// The rows of a statement's text, or why it cannot be read.
fn rows_of(content: &[u8]) -> Result<(String, Vec<StatementRow>), Vec<Violation>> {
    let Ok(text_content) = String::from_utf8(content.to_vec()) else {
        return Err(vec![Violation { field: "file".into(), message: "is not UTF-8 text".into() }]);
    };
    parse_statement(&text_content).map(|rows| (text_content, rows))
}

pub async fn preview(State(state): State<AppState>, operator: Operator, mut form: Multipart) -> Response {
    let mut csrf = None;
    let mut content = None;
    while let Ok(Some(field)) = form.next_field().await {
        match field.name() {
            Some("csrf") => csrf = field.text().await.ok(),
            Some("statement") => content = field.bytes().await.ok(),
            _ => {}
        }
    }
    let s = operator.signed();
    if !s.csrf_ok(csrf.as_deref()) {
        return super::super::forbidden(&state, s);
    }
    let t = &s.texts;
    let Some(content) = content.filter(|c| !c.is_empty() && c.len() <= MAX_STATEMENT_BYTES) else {
        return s.back("/", "invalid");
    };
    let (text_content, rows) = match rows_of(&content) {
        Ok(read) => read,
        Err(found) => return problems(&state, s, found),
    };
    let outcomes = match state.services.reconciliation.preview_statement(&rows).await {
        Ok(o) => o,
        Err(e) => return s.unavailable(&state, &e),
    };
    let encoded = base64::Engine::encode(&base64::engine::general_purpose::STANDARD, text_content.as_bytes());
    let apply = ActionForm {
        inline: false,
        label: Some(t.t("console-statement-apply")),
        ..s.post("/statements/apply", t.t("console-statement-apply"), vec![hidden("statement", &encoded)])
    };
    let blocks = vec![
        Block::Paragraph(summary(t, "console-statement-preview-summary", &outcomes)),
        statement_table(t, &rows, &outcomes),
        Block::Form(apply),
    ];
    s.page(&state, "/", t.t("console-statement-check-title"), None, blocks)
}

#[derive(Deserialize)]
pub struct ApplyForm {
    statement: Option<String>,
}

pub async fn apply(
    State(state): State<AppState>,
    Posted { who: Operator(s), form }: Posted<Operator, ApplyForm>,
) -> Response {
    let t = &s.texts;
    let decoded = form
        .statement
        .as_deref()
        .and_then(|b| base64::Engine::decode(&base64::engine::general_purpose::STANDARD, b).ok())
        .filter(|c| c.len() <= MAX_STATEMENT_BYTES);
    let Some(content) = decoded else {
        return s.back("/", "invalid");
    };
    let rows = match rows_of(&content) {
        Ok((_, rows)) => rows,
        Err(found) => return problems(&state, &s, found),
    };
    let outcomes = match state.services.reconciliation.apply_statement(&rows, &s.user.who()).await {
        Ok(o) => o,
        Err(e) => return s.unavailable(&state, &e),
    };
    let n = Some(ConsoleNotice { text: summary(t, "console-statement-applied-summary", &outcomes), error: false });
    s.page(&state, "/", t.t("console-statement-applied-title"), n, vec![statement_table(t, &rows, &outcomes)])
}
