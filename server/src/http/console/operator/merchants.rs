//! Merchants and their projects as the operator answers for them: what Kassa holds for each
//! (available and locked, per currency), the payouts on their way, and a project's page with
//! its payment page settings, which administrators change (the consoles' shared forms).

use axum::extract::{Multipart, Path, State};
use axum::http::StatusCode;
use axum::response::Response;

use super::super::brand::{FIELD_LABELS, LogoRefused, PageSettingsForm, brand_blocks, brand_change, read_logo};
use super::super::guard::{Administers, Allowed, Empty, Operator, Posted};
use super::super::{Params, Signed, Texts, invalid_fields, link, text};
use super::CONSOLE;
use crate::domain::error::DomainError;
use crate::domain::lookup::Scope;
use crate::domain::ports::{Balance, PaymentFilter, PaymentTotal};
use crate::domain::project::Project;
use crate::domain::projects::BrandChange;
use crate::domain::user::Permission;
use crate::http::AppState;
use app::i18n::Arg;
use app::model::{Block, Cell, Table};

/// A project's money: its balances, and its payouts in progress (sent or to send).
struct Money {
    balances: Vec<Balance>,
    payouts: Vec<PaymentTotal>,
}

async fn money_of(state: &AppState, project_id: &str) -> Result<Money, DomainError> {
    let payouts = PaymentFilter {
        project_ids: Some(vec![project_id.to_string()]),
        payment_type: Some("payout".into()),
        state: Some("processing".into()),
        ..Default::default()
    };
    let (balances, payouts) = tokio::try_join!(
        state.services.balances.of_project(project_id),
        state.services.lookup.totals(&Scope::All, payouts)
    )?;
    Ok(Money { balances, payouts: payouts.unwrap_or_default() })
}

/// Rows of currency, available, locked and payouts in progress; a project that holds nothing
/// yet has one row that says so.
fn money_rows(t: &Texts, money: &Money) -> Vec<Vec<Cell>> {
    let mut currencies: Vec<&str> = money.balances.iter().map(|b| b.currency.as_str()).collect();
    currencies.extend(money.payouts.iter().map(|p| p.currency.as_str()));
    currencies.sort_unstable();
    currencies.dedup();
    if currencies.is_empty() {
        return vec![vec![text(t.t("console-merchants-nothing")), text("-"), text("-"), text("-")]];
    }
    currencies
        .into_iter()
        .map(|currency| {
            let balance = money.balances.iter().find(|b| b.currency == currency);
            let payouts = money.payouts.iter().find(|p| p.currency == currency);
            let amount = |v: Option<i64>| Cell::Number(t.amount(v.unwrap_or(0), currency));
            let in_progress = match payouts {
                Some(p) => t.ta(
                    "console-merchants-payouts",
                    &[("count", Arg::Number(p.count)), ("amount", Arg::Text(t.amount(p.amount, currency)))],
                ),
                None => "-".into(),
            };
            vec![
                text(currency),
                amount(balance.map(|b| b.amount)),
                amount(balance.map(|b| b.locked_amount)),
                Cell::Number(in_progress),
            ]
        })
        .collect()
}

const MONEY_HEADERS: [&str; 4] =
    ["console-field-currency", "console-col-available", "console-col-locked", "console-merchants-col-payouts"];

pub async fn list(State(state): State<AppState>, Operator(s): Operator, params: Params) -> Response {
    let t = &s.texts;
    let build = async {
        let projects = state.services.projects.all().await?;
        let mut rows = Vec::new();
        for project in &projects {
            let money = money_of(&state, &project.id).await?;
            for mut row in money_rows(t, &money) {
                let href = format!("{}/projects/{}", CONSOLE.base, project.id);
                row.insert(0, link(href, project.name.clone()));
                row.insert(0, text(project.merchant_name.clone()));
                rows.push(row);
            }
        }
        let mut headers = t.all(&["console-col-merchant", "console-col-project"]);
        headers.extend(t.all(&MONEY_HEADERS));
        Ok::<_, DomainError>(vec![
            Block::Paragraph(t.t("console-merchants-help")),
            Block::Table(Table {
                caption: t.t("console-merchants-caption"),
                headers,
                rows,
                empty: t.t("console-empty"),
            }),
        ])
    };
    match build.await {
        Ok(blocks) => s.page(&state, "/merchants", t.t("console-merchants-title"), s.notice(&params), blocks),
        Err(e) => s.unavailable(&state, &e),
    }
}

async fn project_page(
    state: &AppState,
    s: &Signed,
    project: &Project,
    notice: Option<app::model::ConsoleNotice>,
    status: StatusCode,
) -> Response {
    let t = &s.texts;
    let money = match money_of(state, &project.id).await {
        Ok(money) => money,
        Err(e) => return s.unavailable(state, &e),
    };
    let payments = format!("{}/payments?project={}", CONSOLE.base, project.id);
    let mut blocks = vec![
        Block::Facts(vec![
            (t.t("console-col-merchant"), text(project.merchant_name.clone())),
            (t.t("console-keys-merchant-id"), Cell::Mono(project.merchant_id.clone())),
            (t.t("console-keys-project-id"), Cell::Mono(project.id.clone())),
            (String::new(), link(payments, t.t("console-merchants-payments"))),
        ]),
        Block::Table(Table {
            caption: t.t("console-merchants-money"),
            headers: t.all(&MONEY_HEADERS),
            rows: money_rows(t, &money),
            empty: t.t("console-empty"),
        }),
    ];
    let settings = if s.may(Permission::Administer) {
        brand_blocks(s, &format!("/projects/{}", project.id), project)
    } else {
        vec![Block::Paragraph(t.t("console-merchants-settings-admin"))]
    };
    blocks.push(Block::Section { heading: t.t("console-page-title"), id: "page".into(), blocks: settings });
    let title =
        t.ta("console-project-title", &[("name", Arg::Text(format!("{} · {}", project.merchant_name, project.name)))]);
    s.page_with_status(state, status, "/merchants", title, notice, blocks)
}

async fn find(state: &AppState, s: &Signed, project_id: &str) -> Result<Project, Response> {
    match state.services.projects.project(project_id).await {
        Ok(Some(project)) => Ok(project),
        Ok(None) => Err(s.not_found(state)),
        Err(e) => Err(s.unavailable(state, &e)),
    }
}

pub async fn project(
    State(state): State<AppState>,
    Operator(s): Operator,
    params: Params,
    Path(project_id): Path<String>,
) -> Response {
    match find(&state, &s, &project_id).await {
        Ok(project) => project_page(&state, &s, &project, s.notice(&params), StatusCode::OK).await,
        Err(answer) => answer,
    }
}

pub async fn save(
    State(state): State<AppState>,
    Path(project_id): Path<String>,
    Posted { who: Operator(s), form, .. }: Posted<Operator, PageSettingsForm, Administers>,
) -> Response {
    let back = format!("/projects/{project_id}");
    match state.services.projects.set_brand(&project_id, brand_change(&form), &s.user.who()).await {
        Ok(_) => s.back(&back, "saved"),
        Err(DomainError::Validation(v)) => match find(&state, &s, &project_id).await {
            Ok(project) => {
                let notice = Some(invalid_fields(&s.texts, &v, &FIELD_LABELS));
                project_page(&state, &s, &project, notice, StatusCode::BAD_REQUEST).await
            }
            Err(answer) => answer,
        },
        Err(DomainError::Missing) => s.not_found(&state),
        Err(e) => s.refused(&back, &e),
    }
}

/// A project's logo, uploaded by an administrator (checked and audited like the merchant's).
pub async fn logo(
    State(state): State<AppState>,
    Path(project_id): Path<String>,
    Allowed(Operator(s), _): Allowed<Administers, Operator>,
    form: Multipart,
) -> Response {
    match read_logo(&s, form).await {
        Ok(bytes) => set_logo(&state, &s, &project_id, Some(bytes)).await,
        Err(LogoRefused::Forbidden) => super::super::forbidden(&state, &s),
        Err(LogoRefused::Invalid) => s.back(&format!("/projects/{project_id}"), "logo-invalid"),
    }
}

pub async fn remove_logo(
    State(state): State<AppState>,
    Path(project_id): Path<String>,
    Posted { who: Operator(s), form: Empty {}, .. }: Posted<Operator, Empty, Administers>,
) -> Response {
    set_logo(&state, &s, &project_id, None).await
}

async fn set_logo(state: &AppState, s: &Signed, project_id: &str, logo: Option<Vec<u8>>) -> Response {
    let back = format!("/projects/{project_id}");
    let change = BrandChange { logo: Some(logo), ..Default::default() };
    match state.services.projects.set_brand(project_id, change, &s.user.who()).await {
        Ok(_) => s.back(&back, "saved"),
        Err(DomainError::Validation(_)) => s.back(&back, "logo-invalid"),
        Err(DomainError::Missing) => s.not_found(state),
        Err(e) => s.refused(&back, &e),
    }
}
