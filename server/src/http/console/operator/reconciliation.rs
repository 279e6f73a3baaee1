//! Reconciliation as operators do it: a transfer typed in from the bank's app, a statement
//! uploaded (checked first, in [`super::statements`]), the review list where a person attaches
//! or dismisses what no rule could be sure of, and the requisites' report (page and CSV).

use std::collections::HashMap;

use axum::extract::{Path, State};
use axum::http::{HeaderValue, header};
use axum::response::{IntoResponse, Response};
use serde::Deserialize;

use super::super::guard::{Decides, Operator, Posted};
use super::super::widgets::csv_record;
use super::super::{Params, Signed, Texts, field, link, param, parse_major, text};
use super::CONSOLE;
use crate::domain::payment::mask_pan;
use crate::domain::reconciliation::{Outcome, ReportRow, Reported, ReviewItem};
use crate::domain::requisite::Requisite;
use crate::domain::time::{date_of, day_number, now_ms};
use crate::domain::transfer::{Source, Transfer};
use crate::domain::user::Permission;
use crate::http::AppState;
use app::i18n::Arg;
use app::model::{ActionForm, Block, Cell, FieldKind, FormField, Table, Tone};

/// How many transfers the review list shows.
const REVIEW_LIMIT: i64 = 200;

/// Statement files operators download: CSV, MT940 (`.sta`, `.940`, `.txt`), camt.053 XML and
/// the 1C exchange text.
pub const STATEMENT_FILES: &str = ".csv,.txt,.sta,.940,.mt940,.xml,.053,text/csv,text/plain,application/xml,text/xml";

pub async fn page(State(state): State<AppState>, Operator(s): Operator, params: Params) -> Response {
    let t = &s.texts;
    let (review, requisites) =
        match (state.services.reconciliation.review_list(REVIEW_LIMIT).await, state.services.requisites.list().await) {
            (Ok(r), Ok(q)) => (r, q),
            (Err(e), _) | (_, Err(e)) => return s.unavailable(&state, &e),
        };
    let names = requisite_names(&requisites);
    let rows = review.iter().map(|item| review_row(&s, item, &names)).collect();
    let blocks = vec![
        Block::Section {
            heading: t.t("console-review-title"),
            id: "review".into(),
            blocks: vec![
                Block::Paragraph(t.t("console-review-help")),
                Block::Table(Table {
                    caption: t.t("console-review-caption"),
                    headers: t.all(REVIEW),
                    rows,
                    empty: t.t("console-review-empty"),
                }),
            ],
        },
        Block::Section {
            heading: t.t("console-incoming-title"),
            id: "incoming".into(),
            blocks: decides(&s, vec![Block::Paragraph(t.t("console-incoming-help")), Block::Form(by_hand(&s))]),
        },
        Block::Section {
            heading: t.t("console-statement-title"),
            id: "statement".into(),
            blocks: decides(&s, vec![Block::Paragraph(t.t("console-statement-help")), Block::Form(statement_form(&s))]),
        },
        Block::Section {
            heading: t.t("console-report-title"),
            id: "report".into(),
            blocks: vec![Block::Paragraph(t.t("console-report-help")), Block::Form(report_form(t, &today_and_week()))],
        },
    ];
    s.page(&state, "/reconciliation", t.t("console-reconciliation-title"), s.notice(&params), blocks)
}

/// The blocks of a section that only a role deciding payments can use; a viewer reads why
/// they are not there.
fn decides(s: &Signed, blocks: Vec<Block>) -> Vec<Block> {
    if s.may(Permission::Decide) { blocks } else { vec![Block::Paragraph(s.texts.t("console-read-only"))] }
}

const REVIEW: &[&str] = &[
    "console-col-booked",
    "console-col-account",
    "console-col-amount",
    "console-col-transfer",
    "console-col-reason",
    "console-col-source",
    "console-col-actions",
];

/// Requisite id → how lists show it (masked number, bank).
pub(super) fn requisite_names(requisites: &[Requisite]) -> HashMap<String, String> {
    requisites
        .iter()
        .map(|r| {
            let bank = r.bank_name.clone().or(r.bank_symbol.clone());
            let name = match bank {
                Some(bank) => format!("{} · {bank}", r.masked_pan()),
                None => r.masked_pan(),
            };
            (r.id.clone(), name)
        })
        .collect()
}

/// The account a transfer is of, as lists show it: its requisite, else the account as the
/// source wrote it (a card number masked).
pub(super) fn account_shown(names: &HashMap<String, String>, requisite_id: Option<&str>, account: &str) -> String {
    if let Some(name) = requisite_id.and_then(|id| names.get(id)) {
        return name.clone();
    }
    let digits: String = account.chars().filter(|c| !c.is_whitespace() && *c != '-').collect();
    if (13..=19).contains(&digits.len()) && digits.bytes().all(|b| b.is_ascii_digit()) {
        mask_pan(&digits)
    } else {
        account.to_string()
    }
}

/// Where a transfer was seen: by hand, through the API, or a statement's line.
pub(super) fn source_text(t: &Texts, source: Source, line: Option<usize>) -> String {
    let name = t.t(&format!("console-source-{}", source.code()));
    match line {
        Some(line) => format!("{name}, {}", t.ta("console-statement-line", &[("line", Arg::Number(line as i64))])),
        None => name,
    }
}

/// The transfer's own words: reference, payer, the bank's id.
pub(super) fn transfer_text(reference: Option<&str>, counterparty: Option<&str>, bank_id: Option<&str>) -> String {
    [reference, counterparty, bank_id.map(|b| b.trim())]
        .into_iter()
        .flatten()
        .filter(|s| !s.is_empty())
        .collect::<Vec<_>>()
        .join(" · ")
}

fn review_row(s: &Signed, item: &ReviewItem, names: &HashMap<String, String>) -> Vec<Cell> {
    let t = &s.texts;
    let tr = &item.transfer;
    let sg = &tr.sighting;
    let reason = tr.reason.map(|r| t.t(&format!("console-review-reason-{}", r.code()))).unwrap_or_default();
    vec![
        text(sg.booked_on.clone()),
        Cell::Mono(account_shown(names, tr.requisite_id.as_deref(), &sg.account)),
        Cell::Number(t.amount(sg.amount, &sg.currency)),
        text(transfer_text(sg.reference.as_deref(), sg.counterparty.as_deref(), sg.bank_id.as_deref())),
        Cell::Status { text: reason, tone: Tone::Waiting },
        text(source_text(t, sg.source, sg.line)),
        Cell::Forms(if s.may(Permission::Decide) {
            vec![attach_form(s, tr, item), dismiss_form(s, tr)]
        } else {
            vec![]
        }),
    ]
}

/// Attach to a payment: one of the candidates (payments of its requisite waiting for funds in
/// its currency), or any payment by its id when there are none.
fn attach_form(s: &Signed, tr: &Transfer, item: &ReviewItem) -> ActionForm {
    let t = &s.texts;
    let payment = if item.candidates.is_empty() {
        FormField {
            autocomplete: Some("off".into()),
            ..field("request_id", t.t("console-col-request-id"), FieldKind::Text, true)
        }
    } else {
        let options = item
            .candidates
            .iter()
            .map(|p| {
                let label =
                    format!("{} · {} · {}", p.request_id, t.amount(p.amount, p.currency.code), t.time(p.created_ms));
                (p.request_id.clone(), label)
            })
            .collect();
        field("request_id", t.t("console-field-payment"), FieldKind::Select(options), true)
    };
    let note = FormField {
        hint: Some(t.t("console-attach-note-hint")),
        ..field("note", t.t("console-field-note"), FieldKind::Text, true)
    };
    ActionForm {
        label: Some(t.t("console-action-attach")),
        ..s.post(&format!("/transfers/{}/attach", tr.id), t.t("console-action-attach"), vec![payment, note])
    }
}

fn dismiss_form(s: &Signed, tr: &Transfer) -> ActionForm {
    let t = &s.texts;
    let note = FormField {
        hint: Some(t.t("console-dismiss-note-hint")),
        ..field("note", t.t("console-field-note"), FieldKind::Text, true)
    };
    ActionForm {
        danger: true,
        label: Some(t.t("console-action-dismiss")),
        ..s.post(&format!("/transfers/{}/dismiss", tr.id), t.t("console-action-dismiss"), vec![note])
    }
}

fn by_hand(s: &Signed) -> ActionForm {
    let t = &s.texts;
    ActionForm {
        inline: false,
        label: Some(t.t("console-incoming-title")),
        ..s.post(
            "/incoming",
            t.t("console-incoming-submit"),
            vec![
                FormField {
                    hint: Some(t.t("console-incoming-requisite-hint")),
                    autocomplete: Some("off".into()),
                    ..field("requisite", t.t("console-field-requisite"), FieldKind::Text, true)
                },
                field("amount", t.t("console-field-amount"), FieldKind::Amount, true),
                FormField {
                    value: "RUB".into(),
                    ..field("currency", t.t("console-field-currency"), FieldKind::Text, true)
                },
                FormField {
                    value: date_of(now_ms()),
                    ..field("booked_on", t.t("console-col-booked"), FieldKind::Date, true)
                },
                FormField {
                    hint: Some(t.t("console-incoming-bank-id-hint")),
                    autocomplete: Some("off".into()),
                    ..field("bank_id", t.t("console-field-bank-id"), FieldKind::Text, false)
                },
                field("reference", t.t("console-field-reference"), FieldKind::Text, false),
            ],
        )
    }
}

fn statement_form(s: &Signed) -> ActionForm {
    let t = &s.texts;
    let file = FormField {
        hint: Some(t.t("console-statement-format")),
        ..field("statement", t.t("console-statement-file"), FieldKind::File { accept: STATEMENT_FILES.into() }, true)
    };
    ActionForm {
        inline: false,
        label: Some(t.t("console-statement-title")),
        ..s.post("/statements", t.t("console-statement-check"), vec![file])
    }
}

/// The report's period: `from` and `to` days.
struct Period {
    from: String,
    to: String,
}

fn today_and_week() -> Period {
    let now = now_ms();
    Period { from: date_of(now - 6 * 86_400_000), to: date_of(now) }
}

fn report_form(t: &Texts, period: &Period) -> ActionForm {
    ActionForm {
        action: format!("{}/reconciliation/report", CONSOLE.base),
        post: false,
        submit: t.t("console-report-show"),
        fields: vec![
            FormField { value: period.from.clone(), ..field("from", t.t("console-field-from"), FieldKind::Date, true) },
            FormField { value: period.to.clone(), ..field("to", t.t("console-field-to"), FieldKind::Date, true) },
        ],
        danger: false,
        inline: true,
        label: Some(t.t("console-report-title")),
    }
}

#[derive(Deserialize)]
pub struct IncomingForm {
    requisite: Option<String>,
    amount: Option<String>,
    currency: Option<String>,
    booked_on: Option<String>,
    bank_id: Option<String>,
    reference: Option<String>,
}

/// A transfer typed in: credited, proposed, or kept in the review list — the answer says which.
pub async fn incoming(
    State(state): State<AppState>,
    Posted { who: Operator(s), form, .. }: Posted<Operator, IncomingForm, Decides>,
) -> Response {
    let currency = form.currency.unwrap_or_default().trim().to_ascii_uppercase();
    let account = form.requisite.unwrap_or_default().trim().to_string();
    let amount = form.amount.as_deref().and_then(|a| parse_major(a, &currency));
    let booked_on = form.booked_on.map(|d| d.trim().to_string()).filter(|d| !d.is_empty());
    let (Some(amount), false, true) =
        (amount, account.is_empty(), booked_on.as_deref().is_none_or(|d| day_number(d).is_some()))
    else {
        return s.back("/reconciliation", "invalid");
    };
    let reported = Reported {
        account,
        amount,
        currency,
        booked_on,
        reference: form.reference,
        counterparty: None,
        bank_id: form.bank_id,
    };
    match state.services.reconciliation.incoming(reported, Source::Manual, &s.user.who()).await {
        Ok(outcome) => after(&s, &outcome),
        Err(e) => s.refused("/reconciliation", &e),
    }
}

/// Where a transfer typed in leads, with what happened.
fn after(s: &Signed, outcome: &Outcome) -> Response {
    match outcome {
        Outcome::Credited(request_id) => s.back(&format!("/payments/{request_id}"), "matched"),
        Outcome::Pending(request_id) => s.back(&format!("/payments/{request_id}"), "proposed"),
        Outcome::Review(reason) => s.back("/reconciliation", &format!("review-{}", reason.code())),
        Outcome::Changed => s.back("/reconciliation", "review-changed"),
        Outcome::AlreadyRecorded => s.back("/reconciliation", "already-recorded"),
        Outcome::Listed => s.back("/reconciliation", "listed"),
    }
}

#[derive(Deserialize)]
pub struct AttachForm {
    request_id: Option<String>,
    note: Option<String>,
}

/// A person attaches a transfer to a payment: a proposal a second operator approves.
pub async fn attach(
    State(state): State<AppState>,
    Path(id): Path<String>,
    Posted { who: Operator(s), form, .. }: Posted<Operator, AttachForm, Decides>,
) -> Response {
    let request_id = form.request_id.unwrap_or_default();
    let note = form.note.unwrap_or_default();
    if request_id.trim().is_empty() || note.trim().is_empty() {
        return s.back("/reconciliation", "invalid");
    }
    match state.services.reconciliation.attach(&id, request_id.trim(), &note, &s.user.who()).await {
        Ok(_) => s.back("/reconciliation", "proposed"),
        Err(e) => s.refused("/reconciliation", &e),
    }
}

#[derive(Deserialize)]
pub struct DismissForm {
    note: Option<String>,
}

pub async fn dismiss(
    State(state): State<AppState>,
    Path(id): Path<String>,
    Posted { who: Operator(s), form, .. }: Posted<Operator, DismissForm, Decides>,
) -> Response {
    let note = form.note.unwrap_or_default();
    if note.trim().is_empty() {
        return s.back("/reconciliation", "invalid");
    }
    match state.services.reconciliation.dismiss(&id, &note, &s.user.who()).await {
        Ok(()) => s.back("/reconciliation", "dismissed"),
        Err(e) => s.refused("/reconciliation", &e),
    }
}

/// The period asked for, or the last seven days.
fn period(params: &Params) -> Option<Period> {
    let default = today_and_week();
    let from = param(params, "from").map_or(default.from, str::to_string);
    let to = param(params, "to").map_or(default.to, str::to_string);
    let (Some(a), Some(b)) = (day_number(&from), day_number(&to)) else { return None };
    // A year at most: the report reads every transfer of the period.
    (a <= b && b - a <= 366).then_some(Period { from, to })
}

pub async fn report(State(state): State<AppState>, Operator(s): Operator, params: Params) -> Response {
    let t = &s.texts;
    let Some(p) = period(&params) else {
        return s.back("/reconciliation", "invalid");
    };
    let (rows, requisites) =
        match (state.services.reconciliation.report(&p.from, &p.to).await, state.services.requisites.list().await) {
            (Ok(r), Ok(q)) => (r, q),
            (Err(e), _) | (_, Err(e)) => return s.unavailable(&state, &e),
        };
    let names = requisite_names(&requisites);
    let csv_href = format!("{}/reconciliation/report.csv?from={}&to={}", CONSOLE.base, p.from, p.to);
    let table_rows = rows.iter().map(|r| report_row(t, r, &names)).collect();
    let blocks = vec![
        Block::Form(report_form(t, &p)),
        Block::Paragraph(t.t("console-report-help")),
        Block::Facts(vec![(t.t("console-report-csv"), link(csv_href, t.t("console-report-download")))]),
        Block::Table(Table {
            caption: t
                .ta("console-report-caption", &[("from", Arg::Text(p.from.clone())), ("to", Arg::Text(p.to.clone()))]),
            headers: t.all(REPORT),
            rows: table_rows,
            empty: t.t("console-empty"),
        }),
    ];
    s.page(&state, "/reconciliation", t.t("console-report-title"), s.notice(&params), blocks)
}

const REPORT: &[&str] = &[
    "console-col-day",
    "console-col-requisite",
    "console-col-payments",
    "console-col-credited",
    "console-col-received",
    "console-col-matched",
    "console-col-unmatched-in",
    "console-col-out",
    "console-col-difference",
];

fn report_row(t: &Texts, r: &ReportRow, names: &HashMap<String, String>) -> Vec<Cell> {
    let amount = |v: i64| Cell::Number(t.amount(v, &r.currency));
    let requisite = names.get(&r.requisite_id).cloned().unwrap_or_else(|| r.requisite_id.clone());
    let difference = r.matched_amount - r.credited_amount;
    vec![
        text(r.day.clone()),
        Cell::Mono(requisite),
        Cell::Number(r.expected_count.to_string()),
        amount(r.credited_amount),
        amount(r.received_amount),
        amount(r.matched_amount),
        amount(r.unmatched_in_amount),
        amount(r.out_amount),
        if difference == 0 {
            amount(0)
        } else {
            Cell::Status { text: t.amount(difference, &r.currency), tone: Tone::Bad }
        },
    ]
}

const REPORT_HEADER: &str =
    "day,requisite_id,requisite,currency,payments,credited,received,matched,unmatched_in,out,difference\n";

/// The report as CSV: amounts in major units with a dot, as spreadsheets read them.
pub async fn report_csv(State(state): State<AppState>, Operator(s): Operator, params: Params) -> Response {
    let Some(p) = period(&params) else {
        return s.back("/reconciliation", "invalid");
    };
    let (rows, requisites) =
        match (state.services.reconciliation.report(&p.from, &p.to).await, state.services.requisites.list().await) {
            (Ok(r), Ok(q)) => (r, q),
            (Err(e), _) | (_, Err(e)) => return s.unavailable(&state, &e),
        };
    let names = requisite_names(&requisites);
    let mut body = String::from(REPORT_HEADER);
    for r in &rows {
        let digits = crate::domain::catalogue::Currency::parse(&r.currency).map_or(2, |c| c.digits);
        let major = |v: i64| kassa_rules::amount::major_units(v, digits);
        // Text through the spreadsheet guard; numbers as they are (a negative difference must
        // stay a number).
        let texts = [&r.day, &r.requisite_id, names.get(&r.requisite_id).unwrap_or(&String::new()), &r.currency]
            .map(|c| c.to_string());
        let numbers = [
            r.expected_count.to_string(),
            major(r.credited_amount),
            major(r.received_amount),
            major(r.matched_amount),
            major(r.unmatched_in_amount),
            major(r.out_amount),
            major(r.matched_amount - r.credited_amount),
        ];
        body.push_str(&csv_record(&texts.into_iter().chain(numbers).collect::<Vec<_>>()));
    }
    let mut r = body.into_response();
    let h = r.headers_mut();
    h.insert(header::CONTENT_TYPE, HeaderValue::from_static("text/csv; charset=utf-8"));
    let disposition = format!("attachment; filename=\"kassa-reconciliation-{}-{}.csv\"", p.from, p.to);
    if let Ok(v) = HeaderValue::from_str(&disposition) {
        h.insert(header::CONTENT_DISPOSITION, v);
    }
    h.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    r
}
