//! The requisites pool: the form that adds one (pickers for what has a list), then the pool
//! searched, filtered and paged — each requisite with its limits, open payments and today's
//! turnover, switched on and off, its limits edited.

use std::collections::HashMap;

use axum::extract::{Path, State};
use axum::http::StatusCode;
use axum::response::Response;
use serde::Deserialize;

use super::super::guard::{Administers, Confirm, Decides, Operator, Posted};
use super::super::widgets::{search_form, urlencode};
use super::super::{Ask, Params, Signed, field, hidden, invalid_fields, link, param, parse_major, text};
use super::CONSOLE;
use crate::domain::bank::Bank;
use crate::domain::catalogue::Currency;
use crate::domain::error::DomainError;
use crate::domain::requisite::{NewRequisite, Requisite};
use crate::domain::user::Permission;
use crate::http::AppState;
use app::i18n::Arg;
use app::model::{ActionForm, Block, Cell, ConsoleNotice, FieldKind, FormField, Table, Tone};

/// Requisites on one page of the pool.
const POOL_PAGE: usize = 50;

/// What the pool's filter bar asks for (`?q=&country=&bank=&method=&state=&page=`).
#[derive(Default)]
struct PoolFilter {
    q: String,
    country: String,
    bank: String,
    method: String,
    state: String,
    page: usize,
}

impl PoolFilter {
    fn of(params: &Params) -> Self {
        let text = |name: &str| param(params, name).map(|v| v.trim().to_string()).unwrap_or_default();
        PoolFilter {
            q: text("q"),
            country: text("country"),
            bank: text("bank"),
            method: text("method"),
            state: text("state"),
            page: param(params, "page").and_then(|p| p.parse().ok()).unwrap_or(1).max(1),
        }
    }

    /// Whether `r` is one the operator looks for: the search matches the last digits of its
    /// number (what the screens show), the whole number, its id, its holder, its statement
    /// account or its bank; the pickers match exactly.
    fn keeps(&self, r: &Requisite) -> bool {
        let q = self.q.to_lowercase();
        let digits: String = q.chars().filter(char::is_ascii_alphanumeric).collect();
        let found = q.is_empty()
            || (!digits.is_empty() && (r.pan.to_lowercase().ends_with(&digits) || r.pan.to_lowercase() == digits))
            || r.id.starts_with(&q)
            || r.card_holder.as_deref().is_some_and(|h| h.to_lowercase().contains(&q))
            || r.statement_account.as_deref().is_some_and(|a| !digits.is_empty() && a.contains(&digits))
            || bank_and_account(r).to_lowercase().contains(&q);
        found
            && (self.country.is_empty() || r.country == self.country)
            && (self.bank.is_empty() || r.bank_symbol.as_deref() == Some(self.bank.as_str()))
            && (self.method.is_empty() || r.methods.contains(&self.method))
            && match self.state.as_str() {
                "active" => r.active,
                "disabled" => !r.active,
                _ => true,
            }
    }

    /// The address of page `page` of this filter.
    fn page_href(&self, page: usize) -> String {
        let pairs = [
            ("q", self.q.as_str()),
            ("country", &self.country),
            ("bank", &self.bank),
            ("method", &self.method),
            ("state", &self.state),
        ];
        let mut query: Vec<String> =
            pairs.iter().filter(|(_, v)| !v.is_empty()).map(|(k, v)| format!("{k}={}", urlencode(v))).collect();
        query.push(format!("page={page}"));
        format!("{}/requisites?{}", CONSOLE.base, query.join("&"))
    }
}

pub async fn pool(State(state): State<AppState>, Operator(s): Operator, params: Params) -> Response {
    let notice = s.notice(&params);
    page(&state, &s, &params, notice, Added::default(), StatusCode::OK).await
}

/// The add form as it comes back after a refusal: what was typed, and what was wrong.
#[derive(Default)]
struct Added<'a> {
    typed: Option<&'a RequisiteForm>,
    methods: Vec<String>,
    violations: Vec<crate::domain::violations::Violation>,
}

async fn page(
    state: &AppState,
    s: &Signed,
    params: &Params,
    notice: Option<ConsoleNotice>,
    added: Added<'_>,
    status: StatusCode,
) -> Response {
    let t = &s.texts;
    let now = crate::domain::time::now_ms();
    let requisites = &state.services.requisites;
    let since = now - now.rem_euclid(86_400_000);
    let (list, usage, banks) =
        match (requisites.list().await, requisites.usage(since).await, state.services.banks.all().await) {
            (Ok(l), Ok(u), Ok(b)) => (l, u, b),
            (Err(e), ..) | (_, Err(e), _) | (.., Err(e)) => return s.unavailable(state, &e),
        };
    let filter = PoolFilter::of(params);
    // Newest first: the one just added is on the first page.
    let found: Vec<&Requisite> = list.iter().rev().filter(|r| filter.keeps(r)).collect();
    let pages = found.len().div_ceil(POOL_PAGE).max(1);
    let page = filter.page.min(pages);
    let shown = &found[(page - 1) * POOL_PAGE..(page * POOL_PAGE).min(found.len())];
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
    let rows = shown.iter().map(|r| row(s, r, &usage)).collect();
    let mut blocks = vec![Block::Folded {
        heading: t.t("console-requisite-add"),
        id: "add".into(),
        open: added.typed.is_some(),
        blocks: if s.may(Permission::Decide) {
            vec![Block::Form(add_form(s, &banks, &added))]
        } else {
            vec![Block::Paragraph(t.t("console-read-only"))]
        },
    }];
    blocks.push(Block::Form(filter_form(s, &filter, &list, &banks)));
    let (first, last) =
        if shown.is_empty() { (0, 0) } else { ((page - 1) * POOL_PAGE + 1, (page - 1) * POOL_PAGE + shown.len()) };
    blocks.push(Block::Paragraph(t.ta(
        "console-requisites-shown",
        &[
            ("first", Arg::Number(first as i64)),
            ("last", Arg::Number(last as i64)),
            ("count", Arg::Number(found.len() as i64)),
            ("all", Arg::Number(list.len() as i64)),
        ],
    )));
    blocks.push(Block::Table(Table {
        caption: t.t("console-requisites-title"),
        headers,
        rows,
        empty: t.t("console-empty"),
    }));
    let mut pager = Vec::new();
    if page > 1 {
        pager.push((String::new(), link(filter.page_href(page - 1), t.t("console-page-previous"))));
    }
    if page < pages {
        pager.push((String::new(), link(filter.page_href(page + 1), t.t("console-page-next"))));
    }
    if !pager.is_empty() {
        blocks.push(Block::Facts(pager));
    }
    s.page_with_status(state, status, "/requisites", t.t("console-requisites-title"), notice, blocks)
}

/// The filter bar: a search and pickers filled from what the pool holds.
fn filter_form(s: &Signed, f: &PoolFilter, list: &[Requisite], banks: &[Bank]) -> ActionForm {
    let t = &s.texts;
    let any = || vec![(String::new(), t.t("console-any"))];
    let mut countries: Vec<String> = list.iter().map(|r| r.country.clone()).collect();
    countries.sort();
    countries.dedup();
    let mut symbols: Vec<String> = list.iter().filter_map(|r| r.bank_symbol.clone()).collect();
    symbols.sort();
    symbols.dedup();
    let mut methods: Vec<String> = list.iter().flat_map(|r| r.methods.iter().cloned()).collect();
    methods.sort();
    methods.dedup();
    let bank_name =
        |symbol: &str| banks.iter().find(|b| b.symbol == symbol).map_or(symbol.to_string(), |b| b.name.clone());
    let select = |name: &str, label: String, options: Vec<(String, String)>, value: &str| FormField {
        value: value.to_string(),
        ..field(name, label, FieldKind::Select([any(), options].concat()), false)
    };
    let fields = vec![
        FormField {
            value: f.q.clone(),
            hint: Some(t.t("console-requisites-search-hint")),
            ..field("q", t.t("console-search"), FieldKind::Text, false)
        },
        select(
            "country",
            t.t("console-col-country"),
            countries.into_iter().map(|c| (c.clone(), c)).collect(),
            &f.country,
        ),
        select("bank", t.t("console-field-bank"), symbols.iter().map(|b| (b.clone(), bank_name(b))).collect(), &f.bank),
        select("method", t.t("console-field-method"), methods.into_iter().map(|m| (m.clone(), m)).collect(), &f.method),
        select(
            "state",
            t.t("console-col-state"),
            vec![("active".into(), t.t("console-active")), ("disabled".into(), t.t("console-inactive"))],
            &f.state,
        ),
    ];
    search_form(t, format!("{}/requisites", CONSOLE.base), fields)
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
        Cell::Masked(r.masked_pan()),
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

/// A picker's options: (value, what people read).
type Options = Vec<(String, String)>;

/// The add form's lists: the countries, the currencies (with their country) and every method
/// that takes requisites somewhere, in the catalogue's order.
fn pickers() -> (Options, Options, Vec<&'static str>) {
    let offered = crate::domain::requisite::offered();
    let mut countries: Vec<(String, String)> = Vec::new();
    let mut currencies: Vec<(String, String)> = Vec::new();
    let mut methods: Vec<&str> = Vec::new();
    for (country, currency, codes) in &offered {
        if !countries.iter().any(|(c, _)| c == country) {
            countries.push((country.to_string(), country.to_string()));
        }
        if !currencies.iter().any(|(c, _)| c == currency) {
            currencies.push((currency.to_string(), format!("{currency} ({country})")));
        }
        for code in codes {
            if !methods.contains(code) {
                methods.push(code);
            }
        }
    }
    (countries, currencies, methods)
}

/// The add form, with pickers for what has a list (country, currency, methods, bank); after a
/// refusal, what was typed and what was wrong beside each field.
fn add_form(s: &Signed, banks: &[Bank], added: &Added<'_>) -> ActionForm {
    let t = &s.texts;
    let typed = added.typed;
    let value = |pick: fn(&RequisiteForm) -> &Option<String>, default: &str| {
        typed.and_then(|f| pick(f).clone()).unwrap_or_else(|| default.to_string())
    };
    let error = |name: &str| {
        added
            .violations
            .iter()
            .find(|v| v.field == name)
            .map(|v| t.ta("console-field-refused", &[("reason", Arg::Text(v.message.clone()))]))
    };
    let (countries, currencies, methods) = pickers();
    let chosen: Vec<String> = if typed.is_some() { added.methods.clone() } else { vec!["card-p2p".into()] };
    let boxes = methods.iter().map(|m| (m.to_string(), m.to_string(), chosen.iter().any(|c| c == m))).collect();
    let mut bank_options = vec![(String::new(), t.t("console-none"))];
    bank_options
        .extend(banks.iter().map(|b| (b.symbol.clone(), format!("{} · {} ({})", b.name, b.country_code, b.symbol))));
    let text_field = |name: &str, label: &str, pick: fn(&RequisiteForm) -> &Option<String>, required: bool| FormField {
        value: value(pick, ""),
        error: error(name),
        autocomplete: Some("off".into()),
        ..field(name, t.t(label), FieldKind::Text, required)
    };
    let fields = vec![
        FormField {
            value: value(|f| &f.country, "RU"),
            error: error("country"),
            ..field("country", t.t("console-col-country"), FieldKind::Select(countries), true)
        },
        FormField {
            value: value(|f| &f.currency, "RUB"),
            error: error("currency"),
            ..field("currency", t.t("console-field-currency"), FieldKind::Select(currencies), true)
        },
        FormField {
            hint: Some(t.t("console-requisite-methods-hint")),
            error: error("methods"),
            ..field("methods", t.t("console-col-method"), FieldKind::Checkboxes(boxes), true)
        },
        text_field("pan", "console-field-pan", |f| &f.pan, true),
        text_field("card_holder", "console-field-holder", |f| &f.card_holder, false),
        FormField {
            value: value(|f| &f.bank_symbol, ""),
            error: error("bank_symbol"),
            ..field("bank_symbol", t.t("console-field-bank"), FieldKind::Select(bank_options), false)
        },
        FormField {
            hint: Some(t.t("console-requisite-statement-account-hint")),
            ..text_field("statement_account", "console-field-statement-account", |f| &f.statement_account, false)
        },
        FormField {
            hint: Some(t.t("console-requisite-bank-code-hint")),
            ..text_field("bank_code", "console-field-bank-code", |f| &f.bank_code, false)
        },
        text_field("correspondent_account", "console-field-correspondent-account", |f| &f.correspondent_account, false),
        FormField {
            value: value(|f| &f.min_amount, ""),
            error: error("min_amount"),
            ..field("min_amount", t.t("console-field-min"), FieldKind::Amount, false)
        },
        FormField {
            value: value(|f| &f.max_amount, ""),
            error: error("max_amount"),
            ..field("max_amount", t.t("console-field-max"), FieldKind::Amount, false)
        },
    ];
    ActionForm {
        inline: false,
        label: Some(t.t("console-requisite-add")),
        ..s.post("/requisites", t.t("console-requisite-add"), fields)
    }
}

/// The add form's fields; `methods` comes as one checkbox per method (or a comma-separated list
/// from a script), read from the posted pairs.
#[derive(Default, Deserialize)]
pub struct RequisiteForm {
    country: Option<String>,
    currency: Option<String>,
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
    Posted { who: Operator(s), form, confirm, .. }: Posted<Operator, RequisiteForm, Decides>,
) -> Response {
    let methods: Vec<String> = confirm
        .values("methods")
        .flat_map(|v| v.split([',', ' ']))
        .map(str::trim)
        .filter(|m| !m.is_empty())
        .map(str::to_string)
        .collect();
    let currency = optional(form.currency.clone()).unwrap_or_default().to_ascii_uppercase();
    let (min_amount, max_amount) = (
        optional_amount(form.min_amount.as_deref(), &currency),
        optional_amount(form.max_amount.as_deref(), &currency),
    );
    let unreadable: Vec<_> = [("min_amount", &min_amount), ("max_amount", &max_amount)]
        .into_iter()
        .filter(|(_, v)| v.is_err())
        .map(|(f, _)| crate::domain::violations::Violation { field: f.into(), message: "is not an amount".into() })
        .collect();
    let no_filter = Params::default();
    let refused = |violations: Vec<crate::domain::violations::Violation>| {
        let notice = Some(invalid_fields(&s.texts, &violations, LABELS));
        let added = Added { typed: Some(&form), methods: methods.clone(), violations };
        page(&state, &s, &no_filter, notice, added, StatusCode::BAD_REQUEST)
    };
    if !unreadable.is_empty() {
        return refused(unreadable).await;
    }
    let new = NewRequisite {
        country: optional(form.country.clone()).unwrap_or_default().to_ascii_uppercase(),
        currency: currency.clone(),
        methods: methods.clone(),
        pan: optional(form.pan.clone()).unwrap_or_default().replace(' ', ""),
        card_holder: optional(form.card_holder.clone()),
        bank_symbol: optional(form.bank_symbol.clone()),
        statement_account: optional(form.statement_account.clone()),
        bank_code: optional(form.bank_code.clone()),
        correspondent_account: optional(form.correspondent_account.clone()),
        min_amount: min_amount.unwrap_or_default(),
        max_amount: max_amount.unwrap_or_default(),
        active: Some(true),
        ..Default::default()
    };
    match state.services.requisites.create(new, Some(&s.user.who())).await {
        Ok(_) => s.back("/requisites", "requisite-added"),
        Err(DomainError::Validation(violations)) => refused(violations).await,
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
            (t.t("console-col-requisite"), Cell::Masked(r.masked_pan())),
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
