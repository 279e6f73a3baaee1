//! The merchant's money: balances per project and currency, its latest payouts, and a
//! statement of a period (opening balance, entries, closing balance).

use axum::extract::State;
use axum::http::{HeaderValue, header};
use axum::response::{IntoResponse, Response};

use super::super::guard::MerchantUser;
use super::super::widgets::{Column, csv_record, day_start_ms, payments_table, query_of};
use super::super::{Params, Texts, field, format_utc, link, param, text};
use super::CONSOLE;
use crate::domain::balances::Statement;
use crate::domain::error::DomainError;
use crate::domain::ports::PaymentFilter;
use crate::domain::user::Permission;
use crate::http::AppState;
use app::model::{ActionForm, Block, Cell, FieldKind, FormField, Table};

pub async fn balance(State(state): State<AppState>, m: MerchantUser, params: Params) -> Response {
    let t = &m.s.texts;
    let build = async {
        let mut blocks = vec![balances(&state, &m).await?];
        if m.s.may(Permission::Pay) {
            let request = link(format!("{}/payouts", CONSOLE.base), t.t("console-payout-request"));
            blocks.push(Block::Facts(vec![(String::new(), request)]));
        }
        blocks.push(payouts(&state, &m).await?);
        blocks.push(Block::Section {
            heading: t.t("console-ledger-statement"),
            id: "statement".into(),
            blocks: statement(&state, &m, &params).await?,
        });
        Ok::<_, DomainError>(blocks)
    };
    match build.await {
        Ok(blocks) => m.s.page(&state, "/balance", t.t("console-balance-title"), m.s.notice(&params), blocks),
        Err(e) => m.s.unavailable(&state, &e),
    }
}

/// The merchant's balances per project and currency.
pub(super) async fn balances(state: &AppState, m: &MerchantUser) -> Result<Block, DomainError> {
    let t = &m.s.texts;
    let mut rows = Vec::new();
    for project in &m.projects {
        for b in state.services.balances.of_project(&project.id).await? {
            rows.push(vec![
                text(project.name.clone()),
                text(b.currency.clone()),
                Cell::Number(t.amount(b.amount, &b.currency)),
                Cell::Number(t.amount(b.locked_amount, &b.currency)),
            ]);
        }
    }
    Ok(Block::Table(Table {
        caption: t.t("console-balance-title"),
        headers: t.all(&[
            "console-col-project",
            "console-field-currency",
            "console-col-available",
            "console-col-locked",
        ]),
        rows,
        empty: t.t("console-empty"),
    }))
}

/// The latest payouts, newest first.
async fn payouts(state: &AppState, m: &MerchantUser) -> Result<Block, DomainError> {
    let t = &m.s.texts;
    let filter = PaymentFilter { payment_type: Some("payout".into()), limit: 50, ..Default::default() };
    let payouts = state.services.lookup.search(&m.scope, filter).await?;
    let columns = [Column::RequestId, Column::PaymentId, Column::State, Column::Amount, Column::Created];
    let mut table =
        payments_table(t, CONSOLE.base, t.t("console-payouts-latest"), &columns, &payouts, &Default::default());
    if let Block::Table(table) = &mut table {
        table.empty = t.t("console-empty");
    }
    Ok(Block::Section { heading: t.t("console-queue-payouts"), id: "payouts".into(), blocks: vec![table] })
}

/// The statement form, and the statement it asks for.
async fn statement(state: &AppState, m: &MerchantUser, params: &Params) -> Result<Vec<Block>, DomainError> {
    let t = &m.s.texts;
    let projects = m.projects.iter().map(|p| (p.id.clone(), p.name.clone())).collect();
    let value = |name: &str| param(params, name).unwrap_or("").to_string();
    let form = ActionForm {
        action: format!("{}/balance", CONSOLE.base),
        post: false,
        submit: t.t("console-statement-show"),
        fields: vec![
            FormField {
                value: value("project"),
                ..field("project", t.t("console-col-project"), FieldKind::Select(projects), true)
            },
            FormField {
                value: param(params, "currency").unwrap_or("RUB").to_string(),
                ..field("currency", t.t("console-field-currency"), FieldKind::Text, true)
            },
            FormField { value: value("from"), ..field("from", t.t("console-field-from"), FieldKind::Date, true) },
            FormField { value: value("to"), ..field("to", t.t("console-field-to"), FieldKind::Date, true) },
        ],
        danger: false,
        inline: true,
        label: Some(t.t("console-ledger-statement")),
    };
    let mut blocks = vec![Block::Form(form)];
    if let Some((project, currency, from, to)) = period(m, params) {
        let st = state.services.balances.statement(project, &currency, from, to).await?;
        blocks.push(statement_table(t, &st, &currency));
        let csv = format!("{}/balance.csv?{}", CONSOLE.base, query_of(params));
        blocks.push(Block::Facts(vec![(String::new(), link(csv, t.t("console-statement-csv")))]));
    }
    Ok(blocks)
}

fn statement_table(t: &Texts, st: &Statement, currency: &str) -> Block {
    let money = |v: i64| Cell::Number(t.amount(v, currency));
    let blank = || text(String::new());
    let mut rows = vec![vec![
        text(t.t("console-opening")),
        blank(),
        blank(),
        blank(),
        blank(),
        money(st.opening.0),
        money(st.opening.1),
    ]];
    let mut after = st.opening;
    let mut total = (0, 0);
    for e in &st.entries {
        let change = (e.entry.available_delta, e.entry.locked_delta);
        after = (after.0 + change.0, after.1 + change.1);
        total = (total.0 + change.0, total.1 + change.1);
        rows.push(vec![
            text(t.time(e.at_ms)),
            text(e.entry.kind.code()),
            Cell::Mono(e.entry.request_id.clone().unwrap_or_default()),
            money(change.0),
            money(change.1),
            money(after.0),
            money(after.1),
        ]);
    }
    rows.push(vec![
        text(t.t("console-statement-total")),
        blank(),
        blank(),
        money(total.0),
        money(total.1),
        blank(),
        blank(),
    ]);
    rows.push(vec![
        text(t.t("console-closing")),
        blank(),
        blank(),
        blank(),
        blank(),
        money(st.closing.0),
        money(st.closing.1),
    ]);
    Block::Table(Table {
        caption: t.t("console-ledger-statement"),
        headers: t.all(&[
            "console-col-when",
            "console-col-kind",
            "console-col-request-id",
            "console-col-available-change",
            "console-col-locked-change",
            "console-col-available-after",
            "console-col-locked-after",
        ]),
        rows,
        empty: String::new(),
    })
}

/// The statement of the same form as CSV: a line per entry with its changes and the balances
/// after it, between the opening and closing balances; amounts in major units with a dot.
pub async fn statement_csv(State(state): State<AppState>, m: MerchantUser, params: Params) -> Response {
    let Some((project, currency, from, to)) = period(&m, &params) else {
        return m.s.back("/balance", "invalid");
    };
    let st = match state.services.balances.statement(project, &currency, from, to).await {
        Ok(st) => st,
        Err(e) => return m.s.unavailable(&state, &e),
    };
    let digits = crate::domain::catalogue::Currency::parse(&currency).map_or(2, |c| c.digits);
    let major = |v: i64| kassa_rules::amount::major_units(v, digits);
    let mut body = csv_record(&[
        "when_utc",
        "kind",
        "request_id",
        "available_change",
        "locked_change",
        "available_after",
        "locked_after",
    ]);
    body.push_str(&csv_record(&[
        format_utc(from),
        "opening".into(),
        String::new(),
        String::new(),
        String::new(),
        major(st.opening.0),
        major(st.opening.1),
    ]));
    let mut after = st.opening;
    for e in &st.entries {
        after = (after.0 + e.entry.available_delta, after.1 + e.entry.locked_delta);
        body.push_str(&csv_record(&[
            format_utc(e.at_ms),
            e.entry.kind.code().to_string(),
            e.entry.request_id.clone().unwrap_or_default(),
            major(e.entry.available_delta),
            major(e.entry.locked_delta),
            major(after.0),
            major(after.1),
        ]));
    }
    body.push_str(&csv_record(&[
        format_utc(to),
        "closing".into(),
        String::new(),
        String::new(),
        String::new(),
        major(st.closing.0),
        major(st.closing.1),
    ]));
    let mut r = body.into_response();
    let h = r.headers_mut();
    h.insert(header::CONTENT_TYPE, HeaderValue::from_static("text/csv; charset=utf-8"));
    h.insert(header::CONTENT_DISPOSITION, HeaderValue::from_static("attachment; filename=\"statement.csv\""));
    h.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    r
}

/// The statement form's project (one of the merchant's), currency and days, when all given.
fn period<'a>(m: &MerchantUser, params: &'a Params) -> Option<(&'a str, String, i64, i64)> {
    let project = param(params, "project").filter(|id| m.project(id).is_some())?;
    let currency = param(params, "currency").unwrap_or("RUB").to_ascii_uppercase();
    let from = param(params, "from").and_then(day_start_ms)?;
    let to = param(params, "to").and_then(day_start_ms)? + 86_400_000;
    Some((project, currency, from, to))
}
