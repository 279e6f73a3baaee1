//! The merchant's money: balances per project and currency, its latest payouts, and a
//! statement of a period (opening balance, entries, closing balance).

use axum::extract::State;
use axum::response::Response;

use super::super::guard::MerchantUser;
use super::super::widgets::{Column, day_start_ms, payments_table};
use super::super::{Params, Texts, field, param, text};
use super::CONSOLE;
use crate::domain::balances::Statement;
use crate::domain::error::DomainError;
use crate::domain::ports::PaymentFilter;
use crate::http::AppState;
use app::model::{ActionForm, Block, Cell, FieldKind, FormField, Table};

pub async fn balance(State(state): State<AppState>, m: MerchantUser, params: Params) -> Response {
    let t = &m.s.texts;
    let build = async {
        let mut blocks = vec![balances(&state, &m).await?];
        blocks.push(payouts(&state, &m).await?);
        blocks.push(Block::Section {
            heading: t.t("console-ledger-statement"),
            id: "statement".into(),
            blocks: statement(&state, &m, &params).await?,
        });
        Ok::<_, DomainError>(blocks)
    };
    match build.await {
        Ok(blocks) => m.s.page(&state, "/balance", t.t("console-balance-title"), None, blocks),
        Err(e) => m.s.unavailable(&state, &e),
    }
}

async fn balances(state: &AppState, m: &MerchantUser) -> Result<Block, DomainError> {
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
    let mut table = payments_table(t, CONSOLE.base, t.t("console-payouts-latest"), &columns, &payouts);
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
    let currency = param(params, "currency").unwrap_or("RUB").to_ascii_uppercase();
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
    let chosen = param(params, "project").filter(|id| m.project(id).is_some());
    let from = param(params, "from").and_then(day_start_ms);
    let to = param(params, "to").and_then(day_start_ms).map(|ms| ms + 86_400_000);
    if let (Some(project), Some(from), Some(to)) = (chosen, from, to) {
        let st = state.services.balances.statement(project, &currency, from, to).await?;
        blocks.push(statement_table(t, &st, &currency));
    }
    Ok(blocks)
}

fn statement_table(t: &Texts, st: &Statement, currency: &str) -> Block {
    let total = |label: &str, (available, locked): (i64, i64)| {
        vec![
            text(t.t(label)),
            text(String::new()),
            text(String::new()),
            Cell::Number(t.amount(available, currency)),
            Cell::Number(t.amount(locked, currency)),
        ]
    };
    let mut rows = vec![total("console-opening", st.opening)];
    rows.extend(st.entries.iter().map(|e| {
        vec![
            text(t.time(e.at_ms)),
            text(e.entry.kind.code()),
            Cell::Mono(e.entry.request_id.clone().unwrap_or_default()),
            Cell::Number(t.amount(e.entry.available_delta, currency)),
            Cell::Number(t.amount(e.entry.locked_delta, currency)),
        ]
    }));
    rows.push(total("console-closing", st.closing));
    Block::Table(Table {
        caption: t.t("console-ledger-statement"),
        headers: t.all(&[
            "console-col-when",
            "console-col-kind",
            "console-col-request-id",
            "console-col-available",
            "console-col-locked",
        ]),
        rows,
        empty: String::new(),
    })
}
