//! A bank statement in the format the bank sends (CSV, MT940, camt.053, 1C): uploaded and
//! checked first — the check is kept, every row with what it would do, nothing changed — then
//! applied as the check showed it, refusing row by row what changed in between.

use axum::extract::{Multipart, Path, State};
use axum::http::StatusCode;
use axum::response::Response;

use super::super::guard::{Allowed, Confirm, Decides, Guarded, Operator, Posted};
use super::super::{Ask, Signed, Texts, text};
use super::CONSOLE;
use super::decisions::NoFields;
use super::reconciliation::{account_shown, requisite_names, source_text, transfer_text};
use crate::domain::ports::StoredStatement;
use crate::domain::reconciliation::{Outcome, ProposedRow};
use crate::domain::statement::Problem;
use crate::domain::transfer::{Decision, Direction};
use crate::domain::user::Permission;
use crate::http::AppState;
use crate::http::shared::multipart::{TooLarge, file_field, small_field};
use app::i18n::Arg;
use app::model::{ActionForm, Block, Cell, ConsoleNotice, Table, Tone};

/// A statement is at most this large (10,000 rows of camt.053 with room to spare).
pub const MAX_STATEMENT_BYTES: usize = 8 * 1024 * 1024;

fn decision_cell(t: &Texts, decision: &Decision) -> Cell {
    match decision {
        Decision::Credit { request_id, .. } => Cell::Link {
            href: format!("{}/payments/{request_id}", CONSOLE.base),
            text: t.ta("console-statement-matches", &[("id", Arg::Text(request_id.clone()))]),
        },
        Decision::Review(reason) => Cell::Status { text: review_text(t, reason.code()), tone: Tone::Waiting },
        Decision::AlreadyRecorded { .. } => {
            Cell::Status { text: t.t("console-statement-already"), tone: Tone::Neutral }
        }
        Decision::Listed => Cell::Status { text: t.t("console-statement-listed"), tone: Tone::Neutral },
    }
}

fn outcome_cell(t: &Texts, outcome: &Outcome) -> Cell {
    let payment = |key: &str, id: &str| Cell::Link {
        href: format!("{}/payments/{id}", CONSOLE.base),
        text: t.ta(key, &[("id", Arg::Text(id.to_string()))]),
    };
    match outcome {
        Outcome::Credited(id) => payment("console-statement-credited", id),
        Outcome::Pending(id) => payment("console-statement-pending", id),
        Outcome::Review(reason) => Cell::Status { text: review_text(t, reason.code()), tone: Tone::Waiting },
        Outcome::Changed => Cell::Status { text: t.t("console-statement-refused"), tone: Tone::Bad },
        Outcome::AlreadyRecorded => Cell::Status { text: t.t("console-statement-already"), tone: Tone::Neutral },
        Outcome::Listed => Cell::Status { text: t.t("console-statement-listed"), tone: Tone::Neutral },
    }
}

fn review_text(t: &Texts, reason: &str) -> String {
    t.ta("console-statement-review", &[("reason", Arg::Text(t.t(&format!("console-review-reason-{reason}"))))])
}

const ROWS: &[&str] = &[
    "console-col-line",
    "console-col-booked",
    "console-col-account",
    "console-col-amount",
    "console-col-transfer",
    "console-col-outcome",
];

/// The rows of a checked statement, each with what it does (`cells`: the decision, or the
/// outcome once applied).
fn statement_table(t: &Texts, caption: String, rows: &[ProposedRow], names: &NameOf, cells: Vec<Cell>) -> Block {
    Block::Table(Table {
        caption,
        headers: t.all(ROWS),
        rows: rows
            .iter()
            .zip(cells)
            .map(|(r, outcome)| {
                let s = &r.sighting;
                let amount = t.amount(s.amount, &s.currency);
                let amount = if s.direction == Direction::Debit { format!("−{amount}") } else { amount };
                vec![
                    Cell::Number(s.line.unwrap_or_default().to_string()),
                    text(s.booked_on.clone()),
                    Cell::Mono(account_shown(names, r.requisite_id.as_deref(), &s.account)),
                    Cell::Number(amount),
                    text(transfer_text(s.reference.as_deref(), s.counterparty.as_deref(), s.bank_id.as_deref())),
                    outcome,
                ]
            })
            .collect(),
        empty: t.t("console-empty"),
    })
}

type NameOf = std::collections::HashMap<String, String>;

/// Counts of what a checked statement's rows would do.
fn check_summary(t: &Texts, rows: &[ProposedRow]) -> String {
    let count = |f: fn(&Decision) -> bool| Arg::Number(rows.iter().filter(|r| f(&r.decision)).count() as i64);
    t.ta(
        "console-statement-preview-summary",
        &[
            ("matched", count(|d| matches!(d, Decision::Credit { .. }))),
            ("review", count(|d| matches!(d, Decision::Review(_)))),
            ("already", count(|d| matches!(d, Decision::AlreadyRecorded { .. }))),
            ("listed", count(|d| matches!(d, Decision::Listed))),
        ],
    )
}

fn applied_summary(t: &Texts, outcomes: &[Outcome]) -> String {
    let count = |f: fn(&Outcome) -> bool| Arg::Number(outcomes.iter().filter(|o| f(o)).count() as i64);
    t.ta(
        "console-statement-applied-summary",
        &[
            ("matched", count(|o| matches!(o, Outcome::Credited(_)))),
            ("pending", count(|o| matches!(o, Outcome::Pending(_)))),
            ("review", count(|o| matches!(o, Outcome::Review(_)))),
            ("already", count(|o| matches!(o, Outcome::AlreadyRecorded))),
            ("listed", count(|o| matches!(o, Outcome::Listed))),
            ("refused", count(|o| matches!(o, Outcome::Changed))),
        ],
    )
}

/// A statement that cannot be read: every problem with its line, nothing applied.
fn problems(state: &AppState, s: &Signed, problems: Vec<Problem>) -> Response {
    let t = &s.texts;
    let place = |line: usize| match line {
        0 => t.t("console-statement-file-label"),
        n => t.ta("console-statement-line", &[("line", Arg::Number(n as i64))]),
    };
    let rows = problems
        .into_iter()
        .map(|p| {
            tracing::info!(line = p.line, reason = p.reason.code(), detail = %p.detail, "statement line refused");
            vec![text(place(p.line)), text(t.t(&format!("console-statement-reason-{}", p.reason.code())))]
        })
        .collect();
    let blocks = vec![Block::Table(Table {
        caption: t.t("console-statement-problems"),
        headers: vec![t.t("console-col-line"), t.t("console-col-detail")],
        rows,
        empty: String::new(),
    })];
    let n = Some(ConsoleNotice { text: t.t("console-statement-not-applied"), error: true });
    s.page_with_status(state, StatusCode::BAD_REQUEST, "/reconciliation", t.t("console-statement-title"), n, blocks)
}

/// Upload: the form's token (sent before the file) is checked before a byte of the file is
/// read; the file is read into a buffer bounded by the statement limit, every row checked, and
/// the check kept and shown.
pub async fn upload(
    State(state): State<AppState>,
    Allowed(operator, _): Allowed<Decides, Operator>,
    mut form: Multipart,
) -> Response {
    let s = operator.signed();
    let mut csrf = None;
    let mut content = None;
    loop {
        let mut field = match form.next_field().await {
            Ok(Some(field)) => field,
            Ok(None) => break,
            Err(_) => return s.back("/reconciliation", "statement-missing"),
        };
        match field.name() {
            Some("statement") => {
                if !s.csrf_ok(csrf.as_deref()) {
                    return super::super::forbidden(&state, s);
                }
                match file_field(&mut field, MAX_STATEMENT_BYTES).await {
                    Ok(bytes) => content = Some(bytes),
                    Err(TooLarge) => return s.back("/reconciliation", "statement-missing"),
                }
            }
            Some("csrf") => csrf = small_field(&mut field).await,
            _ => {}
        }
    }
    if !s.csrf_ok(csrf.as_deref()) {
        return super::super::forbidden(&state, s);
    }
    let Some(content) = content.filter(|c| !c.is_empty()) else {
        return s.back("/reconciliation", "statement-missing");
    };
    match state.services.reconciliation.check_statement(&content, &s.user.who()).await {
        Ok(Ok(checked)) => s.back(&format!("/statements/{}", checked.id), "checked"),
        Ok(Err(found)) => problems(&state, s, found),
        Err(e) => s.unavailable(&state, &e),
    }
}

/// A kept check: what each row would do, and the button that applies exactly that.
pub async fn show(
    State(state): State<AppState>,
    Path(id): Path<String>,
    Operator(s): Operator,
    params: super::super::Params,
) -> Response {
    let t = &s.texts;
    let (checked, requisites) =
        match (state.services.reconciliation.statement(&id).await, state.services.requisites.list().await) {
            (Ok(c), Ok(r)) => (c, r),
            (Err(crate::domain::error::DomainError::Missing), _) => return s.not_found(&state),
            (Err(e), _) | (_, Err(e)) => return s.unavailable(&state, &e),
        };
    let names = requisite_names(&requisites);
    let cells = checked.rows.iter().map(|r| decision_cell(t, &r.decision)).collect();
    let mut blocks = vec![Block::Facts(facts(t, &checked)), Block::Paragraph(check_summary(t, &checked.rows))];
    if checked.applied.is_none() && s.may(Permission::Decide) {
        let apply = ActionForm {
            inline: false,
            label: Some(t.t("console-statement-apply")),
            ..s.post(&format!("/statements/{}/apply", checked.id), t.t("console-statement-apply"), vec![])
        };
        blocks.push(Block::Form(apply));
    }
    blocks.push(statement_table(t, t.t("console-statement-rows"), &checked.rows, &names, cells));
    s.page(&state, "/reconciliation", t.t("console-statement-check-title"), s.notice(&params), blocks)
}

/// Applying credits payments for good: asked once more, with what it credits and how much.
async fn ask_apply(state: &AppState, s: &Signed, confirm: &Confirm, id: &str) -> Response {
    let t = &s.texts;
    let checked = match state.services.reconciliation.statement(id).await {
        Ok(c) => c,
        Err(e) => return s.refused(&format!("/statements/{id}"), &e),
    };
    let credits: Vec<&ProposedRow> =
        checked.rows.iter().filter(|r| matches!(r.decision, Decision::Credit { .. })).collect();
    let mut totals: std::collections::BTreeMap<&str, i64> = Default::default();
    for r in &credits {
        *totals.entry(r.sighting.currency.as_str()).or_default() += r.sighting.amount;
    }
    let total = totals.iter().map(|(c, a)| t.amount(*a, c)).collect::<Vec<_>>().join(" · ");
    let mut facts = facts(t, &checked);
    facts.push((t.t("console-statement-credits"), Cell::Number(credits.len().to_string())));
    facts.push((
        t.t("console-statement-credits-total"),
        Cell::Number(if total.is_empty() { "-".into() } else { total }),
    ));
    let ask = Ask {
        what: t.t("console-statement-apply"),
        consequence: format!(
            "{} {}",
            check_summary(t, &checked.rows),
            t.ta("console-confirm-statement", &[("credits", Arg::Number(credits.len() as i64))])
        ),
        facts,
        action: format!("/statements/{id}/apply"),
        submit: t.t("console-statement-apply"),
        danger: false,
        back: format!("/statements/{id}"),
    };
    s.ask(state, confirm, ask)
}

fn facts(t: &Texts, checked: &StoredStatement) -> Vec<(String, Cell)> {
    let mut facts = vec![
        (t.t("console-statement-format-label"), text(t.t(&format!("console-format-{}", checked.format)))),
        (t.t("console-statement-uploaded"), text(format!("{} · {}", t.time(checked.uploaded_ms), checked.uploaded_by))),
    ];
    let source = checked.rows.first().map(|r| source_text(t, r.sighting.source, None));
    facts.extend(source.map(|s| (t.t("console-col-source"), text(s))));
    let applied = match &checked.applied {
        Some((who, at)) => Cell::Status { text: format!("{} · {who}", t.time(*at)), tone: Tone::Good },
        None => Cell::Status { text: t.t("console-statement-not-yet"), tone: Tone::Waiting },
    };
    facts.push((t.t("console-statement-applied-label"), applied));
    facts
}

/// Applies a kept check as it showed it; the outcome of every row is shown.
pub async fn apply(
    State(state): State<AppState>,
    Path(id): Path<String>,
    Posted { who: Operator(s), form: _, confirm, .. }: Posted<Operator, NoFields, Decides>,
) -> Response {
    let t = &s.texts;
    if !confirm.given() {
        return ask_apply(&state, &s, &confirm, &id).await;
    }
    let (checked, outcomes) = match state.services.reconciliation.apply_statement(&id, &s.user.who()).await {
        Ok(done) => done,
        Err(e) => return s.refused(&format!("/statements/{id}"), &e),
    };
    let names = match state.services.requisites.list().await {
        Ok(r) => requisite_names(&r),
        Err(e) => return s.unavailable(&state, &e),
    };
    let notice = Some(ConsoleNotice { text: applied_summary(t, &outcomes), error: false });
    let cells = outcomes.iter().map(|o| outcome_cell(t, o)).collect();
    let blocks = vec![
        Block::Facts(facts(t, &checked)),
        statement_table(t, t.t("console-statement-rows"), &checked.rows, &names, cells),
    ];
    s.page(&state, "/reconciliation", t.t("console-statement-applied-title"), notice, blocks)
}
