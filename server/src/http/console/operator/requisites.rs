//! The requisites pool: each requisite with its limits, open payments and today's turnover,
//! switched on and off, its limits edited; and the form that adds one.

use std::collections::HashMap;

use axum::extract::{Path, State};
use axum::http::StatusCode;
use axum::response::Response;
use serde::Deserialize;

use super::super::guard::{Administers, Confirm, Decides, Operator, Posted};
use super::super::{Ask, Params, Signed, field, hidden, invalid_fields, parse_major, text};
use crate::domain::catalogue::Currency;
use crate::domain::error::DomainError;
use crate::domain::requisite::{NewRequisite, Requisite};
use crate::domain::user::Permission;
use crate::http::AppState;
use app::i18n::Arg;
use app::model::{ActionForm, Block, Cell, ConsoleNotice, FieldKind, FormField, Table, Tone};

pub async fn pool(State(state): State<AppState>, Operator(s): Operator, params: Params) -> Response {
    let notice = s.notice(&params);
    page(&state, &s, notice, StatusCode::OK).await
}

async fn page(state: &AppState, s: &Signed, notice: Option<ConsoleNotice>, status: StatusCode) -> Response {
    let t = &s.texts;
    let now = crate::domain::time::now_ms();
    let requisites = &state.services.requisites;
    let (list, usage) = match (requisites.list().await, requisites.usage(now - now.rem_euclid(86_400_000)).await) {
        (Ok(l), Ok(u)) => (l, u),
        (Err(e), _) | (_, Err(e)) => return s.unavailable(state, &e),
    };
    let headers = t.all(&[
        "console-col-requisite",
        "console-col-requisite-id",
        "console-col-country",
        "console-col-method",
        "console-field-bank",
        "console-col-limits",
        "console-col-open",
        "console-col-turnover",
        "console-col-state",
        "console-col-actions",
    ]);
    let rows = list.iter().map(|r| row(s, r, &usage)).collect();
    let blocks = vec![
        Block::Table(Table { caption: t.t("console-requisites-title"), headers, rows, empty: t.t("console-empty") }),
        Block::Section {
            heading: t.t("console-requisite-add"),
            id: "add".into(),
            blocks: if s.may(Permission::Decide) {
                vec![Block::Form(add_form(s))]
            } else {
                vec![Block::Paragraph(t.t("console-read-only"))]
            },
        },
    ];
    s.page_with_status(state, status, "/requisites", t.t("console-requisites-title"), notice, blocks)
}

fn row(s: &Signed, r: &Requisite, usage: &HashMap<String, (i64, i64)>) -> Vec<Cell> {
    let t = &s.texts;
    let limits = |v: Option<i64>| v.map(|x| t.amount(x, &r.currency)).unwrap_or_else(|| "-".into());
    let toggle = if r.active {
        let off = vec![hidden("active", "false")];
        ActionForm {
            danger: true,
            ..s.post(&format!("/requisites/{}/active", r.id), t.t("console-action-disable"), off)
        }
    } else {
        s.post(&format!("/requisites/{}/active", r.id), t.t("console-action-enable"), vec![hidden("active", "true")])
    };
    let digits = Currency::parse(&r.currency).map_or(2, |c| c.digits);
    let major = |v: Option<i64>| v.map(|x| kassa_rules::amount::major_units(x, digits)).unwrap_or_default();
    let edit = s.post(
        &format!("/requisites/{}/limits", r.id),
        t.t("console-action-save-limits"),
        vec![
            FormField {
                value: major(r.min_amount),
                ..field("min_amount", t.t("console-field-min"), FieldKind::Amount, false)
            },
            FormField {
                value: major(r.max_amount),
                ..field("max_amount", t.t("console-field-max"), FieldKind::Amount, false)
            },
        ],
    );
    let (open, turnover) = usage.get(&r.id).copied().unwrap_or_default();
    vec![
        Cell::Mono(r.masked_pan()),
        // The transfer form and the operator API take the requisite by this id.
        Cell::Mono(r.id.clone()),
        text(format!("{} {}", r.country, r.currency)),
        text(r.methods.join(", ")),
        text(bank_and_account(r)),
        text(format!("{} … {}", limits(r.min_amount), limits(r.max_amount))),
        Cell::Number(open.to_string()),
        Cell::Number(t.amount(turnover, &r.currency)),
        Cell::Status {
            text: t.t(if r.active { "console-active" } else { "console-inactive" }),
            tone: if r.active { Tone::Good } else { Tone::Neutral },
        },
        // Enabling and disabling is deciding; limits are an administrator's.
        Cell::Forms(
            [(Permission::Decide, toggle), (Permission::Administer, edit)]
                .into_iter()
                .filter(|(need, _)| s.may(*need))
                .map(|(_, form)| form)
                .collect(),
        ),
    ]
}

/// The bank, and the account its statements show when one is set.
fn bank_and_account(r: &Requisite) -> String {
    let bank = r.bank_name.clone().or(r.bank_symbol.clone()).unwrap_or_else(|| "-".into());
    match &r.statement_account {
        Some(account) => format!("{bank} · {account}"),
        None => bank,
    }
}

fn add_form(s: &Signed) -> ActionForm {
    let t = &s.texts;
    let fields = vec![
        FormField { value: "RU".into(), ..field("country", t.t("console-col-country"), FieldKind::Text, true) },
        FormField { value: "RUB".into(), ..field("currency", t.t("console-field-currency"), FieldKind::Text, true) },
        FormField {
            hint: Some(t.t("console-requisite-methods-hint")),
            value: "card-p2p".into(),
            ..field("methods", t.t("console-col-method"), FieldKind::Text, true)
        },
        FormField { autocomplete: Some("off".into()), ..field("pan", t.t("console-field-pan"), FieldKind::Text, true) },
        field("card_holder", t.t("console-field-holder"), FieldKind::Text, false),
        field("bank_symbol", t.t("console-field-bank"), FieldKind::Text, false),
        FormField {
            hint: Some(t.t("console-requisite-statement-account-hint")),
            autocomplete: Some("off".into()),
            ..field("statement_account", t.t("console-field-statement-account"), FieldKind::Text, false)
        },
        FormField {
            hint: Some(t.t("console-requisite-bank-code-hint")),
            autocomplete: Some("off".into()),
            ..field("bank_code", t.t("console-field-bank-code"), FieldKind::Text, false)
        },
        FormField {
            autocomplete: Some("off".into()),
            ..field("correspondent_account", t.t("console-field-correspondent-account"), FieldKind::Text, false)
        },
        field("min_amount", t.t("console-field-min"), FieldKind::Amount, false),
        field("max_amount", t.t("console-field-max"), FieldKind::Amount, false),
    ];
    ActionForm {
        inline: false,
        label: Some(t.t("console-requisite-add")),
        ..s.post("/requisites", t.t("console-requisite-add"), fields)
    }
}

#[derive(Deserialize)]
pub struct RequisiteForm {
    country: Option<String>,
    currency: Option<String>,
    methods: Option<String>,
    pan: Option<String>,
    card_holder: Option<String>,
    bank_symbol: Option<String>,
    statement_account: Option<String>,
    bank_code: Option<String>,
    correspondent_account: Option<String>,
    min_amount: Option<String>,
    max_amount: Option<String>,
}

fn optional(v: Option<String>) -> Option<String> {
    v.map(|s| s.trim().to_string()).filter(|s| !s.is_empty())
}

/// An optional amount field: empty is none; anything else must parse.
fn optional_amount(v: Option<&str>, currency: &str) -> Result<Option<i64>, ()> {
    match v.map(str::trim).filter(|s| !s.is_empty()) {
        None => Ok(None),
        Some(text) => parse_major(text, currency).map(Some).ok_or(()),
    }
}

/// The form's problems, by their fields' labels.
const LABELS: &[(&str, &str)] = &[
    ("country", "console-col-country"),
    ("currency", "console-field-currency"),
    ("methods", "console-col-method"),
    ("pan", "console-field-pan"),
    ("card_holder", "console-field-holder"),
    ("bank_symbol", "console-field-bank"),
    ("statement_account", "console-field-statement-account"),
    ("bank_code", "console-field-bank-code"),
    ("correspondent_account", "console-field-correspondent-account"),
    ("min_amount", "console-field-min"),
    ("max_amount", "console-field-max"),
];

pub async fn add(
    State(state): State<AppState>,
    Posted { who: Operator(s), form, .. }: Posted<Operator, RequisiteForm, Decides>,
) -> Response {
    let currency = optional(form.currency).unwrap_or_default().to_ascii_uppercase();
    let (Ok(min_amount), Ok(max_amount)) = (
        optional_amount(form.min_amount.as_deref(), &currency),
        optional_amount(form.max_amount.as_deref(), &currency),
    ) else {
        return s.back("/requisites", "invalid");
    };
    let methods = form.methods.unwrap_or_default();
    let new = NewRequisite {
        country: optional(form.country).unwrap_or_default().to_ascii_uppercase(),
        currency,
        methods: methods.split([',', ' ']).map(str::trim).filter(|m| !m.is_empty()).map(str::to_string).collect(),
        pan: optional(form.pan).unwrap_or_default().replace(' ', ""),
        card_holder: optional(form.card_holder),
        bank_symbol: optional(form.bank_symbol),
        statement_account: optional(form.statement_account),
        bank_code: optional(form.bank_code),
        correspondent_account: optional(form.correspondent_account),
        min_amount,
        max_amount,
        active: Some(true),
        ..Default::default()
    };
    match state.services.requisites.create(new, Some(&s.user.who())).await {
        Ok(_) => s.back("/requisites", "requisite-added"),
        Err(DomainError::Validation(violations)) => {
            let notice = Some(invalid_fields(&s.texts, &violations, LABELS));
            page(&state, &s, notice, StatusCode::BAD_REQUEST).await
        }
        Err(e) => s.refused("/requisites", &e),
    }
}

#[derive(Deserialize)]
pub struct ActiveForm {
    active: Option<String>,
}

pub async fn set_active(
    State(state): State<AppState>,
    Path(id): Path<String>,
    Posted { who: Operator(s), form, confirm, .. }: Posted<Operator, ActiveForm, Decides>,
) -> Response {
    let active = form.active.as_deref() == Some("true");
    if !active && !confirm.given() {
        // Disabling a requisite that payers were sent to is asked once more; one nobody was
        // sent to is disabled at once.
        let now = crate::domain::time::now_ms();
        let requisites = &state.services.requisites;
        let (requisite, usage) = match (requisites.get(&id).await, requisites.usage(now).await) {
            (Ok(r), Ok(u)) => (r, u),
            (Err(e), _) | (_, Err(e)) => return s.refused("/requisites", &e),
        };
        let open = usage.get(&id).map_or(0, |(open, _)| *open);
        if open > 0 {
            return ask_disable(&state, &s, &confirm, &requisite, open);
        }
    }
    match state.services.requisites.set_active(&id, active, Some(&s.user.who())).await {
        Ok(_) => s.back("/requisites", "saved"),
        Err(e) => s.refused("/requisites", &e),
    }
}

fn ask_disable(state: &AppState, s: &Signed, confirm: &Confirm, r: &Requisite, open: i64) -> Response {
    let t = &s.texts;
    let ask = Ask {
        what: t.t("console-action-disable"),
        consequence: t.ta("console-confirm-requisite-disable", &[("open", Arg::Number(open))]),
        facts: vec![
            (t.t("console-col-requisite-id"), Cell::Mono(r.id.clone())),
            (t.t("console-col-requisite"), Cell::Mono(r.masked_pan())),
            (t.t("console-col-country"), text(format!("{} {}", r.country, r.currency))),
            (t.t("console-field-bank"), text(bank_and_account(r))),
            (t.t("console-col-open"), Cell::Number(open.to_string())),
        ],
        action: format!("/requisites/{}/active", r.id),
        submit: t.t("console-confirm-requisite-submit"),
        danger: true,
        back: "/requisites".into(),
    };
    s.ask(state, confirm, ask)
}

#[derive(Deserialize)]
pub struct LimitsForm {
    min_amount: Option<String>,
    max_amount: Option<String>,
}

pub async fn set_limits(
    State(state): State<AppState>,
    Path(id): Path<String>,
    Posted { who: Operator(s), form, .. }: Posted<Operator, LimitsForm, Administers>,
) -> Response {
    let requisite = match state.services.requisites.get(&id).await {
        Ok(r) => r,
        Err(e) => return s.refused("/requisites", &e),
    };
    let (Ok(min), Ok(max)) = (
        optional_amount(form.min_amount.as_deref(), &requisite.currency),
        optional_amount(form.max_amount.as_deref(), &requisite.currency),
    ) else {
        return s.back("/requisites", "invalid");
    };
    match state.services.requisites.set_limits(&id, min, max, Some(&s.user.who())).await {
        Ok(_) => s.back("/requisites", "saved"),
        Err(e) => s.refused("/requisites", &e),
    }
}
