//! The merchant console: the same mechanism as the operator's (login, sessions, CSRF, frame,
//! blocks, charts), for the users of one merchant. A user sees only its merchant's projects:
//! any other payment answers 404, as if it did not exist.

use axum::Router;
use axum::body::Body;
use axum::extract::{Form, Path, State};
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use tower_sessions::Session;

use super::operator::{filter_fields, filter_of, next_page_link, period_blocks};
use super::{Console, CsrfForm, Params, Signed, field, link, notice, param, refusal, signed_in, state_cell, text};
use crate::domain::payment::{Payment, mask_requisite};
use crate::domain::ports::PaymentFilter;
use crate::domain::project::Project;
use crate::http::AppState;
use app::i18n::Arg;
use app::model::{ActionForm, Block, Cell, FieldKind, FormField, Table, TimelineItem, Tone};

pub const CONSOLE: Console = Console {
    audience: crate::domain::console::Audience::Merchant,
    base: "/merchant",
    name_key: "console-merchant-name",
    nav: &[
        ("/", "console-nav-payments"),
        ("/dashboard", "console-nav-dashboard"),
        ("/balance", "console-nav-balance"),
        ("/keys", "console-nav-keys"),
        ("/integration", "console-nav-integration"),
        ("/page", "console-nav-page"),
    ],
};

pub fn router() -> Router<AppState> {
    CONSOLE
        .entry_routes()
        .route("/merchant/", get(payments))
        .route("/merchant/payments.csv", get(export))
        .route("/merchant/payments/{request_id}", get(payment))
        .route("/merchant/payments/{request_id}/callbacks/{callback_id}/resend", post(resend))
        .route("/merchant/balance", get(balance))
        .route("/merchant/dashboard", get(dashboard))
        .route("/merchant/keys", get(keys))
        .route("/merchant/integration", get(integration).post(integration_send))
        .route("/merchant/keys/{project_id}/add", post(add_key))
        .route("/merchant/keys/{project_id}/{token}/active", post(key_active))
        .route("/merchant/keys/{project_id}/callback.pem", get(callback_pem))
        .route("/merchant/page", get(page_settings))
        .route("/merchant/page/{project_id}", post(save_page_settings))
}

/// A signed-in merchant user and its merchant's projects.
struct MerchantUser {
    s: Signed,
    projects: Vec<Project>,
}

impl MerchantUser {
    fn project_ids(&self) -> Vec<String> {
        self.projects.iter().map(|p| p.id.clone()).collect()
    }

    fn owns(&self, p: &Payment) -> bool {
        self.owns_project(&p.project_id)
    }

    fn owns_project(&self, project_id: &str) -> bool {
        self.projects.iter().any(|project| project.id == project_id)
    }
}

async fn merchant_user(
    state: &AppState,
    session: &Session,
    params: Option<&Params>,
    headers: &HeaderMap,
) -> Result<MerchantUser, Response> {
    let lang = params.and_then(|p| param(p, "lang"));
    let s = signed_in(state, session, CONSOLE, lang, headers).await?;
    let merchant = s.user.merchant_id.clone().unwrap_or_default();
    match state.projects.of_merchant(&merchant).await {
        Ok(projects) => Ok(MerchantUser { s, projects }),
        Err(_) => Err(super::unavailable(state, CONSOLE, &s.texts)),
    }
}

/// The merchant user of a form post whose CSRF token checks out.
async fn merchant_post(
    state: &AppState,
    session: &Session,
    headers: &HeaderMap,
    csrf: Option<&str>,
) -> Result<MerchantUser, Response> {
    let m = merchant_user(state, session, None, headers).await?;
    if m.s.csrf_ok(csrf) { Ok(m) } else { Err(super::forbidden(state, &m.s)) }
}

/// The merchant user of a form post on one of its projects (CSRF checked); another merchant's
/// project answers as one that does not exist.
async fn project_post(
    state: &AppState,
    session: &Session,
    headers: &HeaderMap,
    csrf: Option<&str>,
    project_id: &str,
) -> Result<MerchantUser, Response> {
    let m = merchant_post(state, session, headers, csrf).await?;
    if m.owns_project(project_id) { Ok(m) } else { Err(not_found(state, &m)) }
}

/// Someone else's payment, or none: the same answer.
fn not_found(state: &AppState, m: &MerchantUser) -> Response {
    let t = &m.s.texts;
    let mut r = m.s.page(
        state,
        "/",
        t.t("console-notice-not-found"),
        None,
        vec![Block::Paragraph(t.t("console-not-found-help"))],
    );
    *r.status_mut() = StatusCode::NOT_FOUND;
    r
}

fn method_of(p: &Payment) -> String {
    p.method.map(|m| m.code()).or(p.widget_method.map(|m| m.code())).unwrap_or("-").to_string()
}

/// The merchant's filter: the form's, within its projects (one of them when chosen).
fn scoped_filter(m: &MerchantUser, params: &Params) -> Result<PaymentFilter, &'static str> {
    let mut filter = filter_of(params)?;
    let ids = m.project_ids();
    filter.project_ids = Some(match param(params, "project") {
        Some(chosen) => ids.into_iter().filter(|id| id == chosen).collect(),
        None => ids,
    });
    filter.method = param(params, "method").map(str::to_string);
    filter.country = param(params, "country").map(|c| c.to_ascii_uppercase());
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
    fields.extend(filter_fields(t, params).into_iter().filter(|f| f.name != "requisite"));
    fields.push(FormField {
        value: value("method"),
        ..field("method", t.t("console-col-method"), FieldKind::Text, false)
    });
    fields.push(FormField {
        value: value("country"),
        ..field("country", t.t("console-col-country"), FieldKind::Text, false)
    });
    ActionForm {
        action: format!("{}/", CONSOLE.base),
        post: false,
        submit: t.t("console-search"),
        fields,
        danger: false,
        inline: true,
        label: Some(t.t("console-search")),
    }
}

async fn payments(State(state): State<AppState>, session: Session, headers: HeaderMap, params: Params) -> Response {
    let m = match merchant_user(&state, &session, Some(&params), &headers).await {
        Ok(m) => m,
        Err(r) => return r,
    };
    let t = &m.s.texts;
    let mut blocks = vec![Block::Form(filter_form(&m, &params))];
    let filter = match scoped_filter(&m, &params) {
        Ok(f) => f,
        Err(_) => return m.s.page(&state, "/", t.t("console-payments-title"), notice(t, Some("invalid")), blocks),
    };
    let exact = filter.term.is_some();
    let found = match state.payments.search(filter).await {
        Ok(found) => found,
        Err(_) => return super::unavailable(&state, CONSOLE, t),
    };
    // An exact id opens the payment (the question is usually about one).
    if exact && found.len() == 1 && param(&params, "after_id").is_none() {
        return axum::response::Redirect::to(&format!("{}/payments/{}", CONSOLE.base, found[0].request_id))
            .into_response();
    }
    let query: String = params
        .0
        .iter()
        .filter(|(k, _)| !k.starts_with("after_") && *k != "notice")
        .map(|(k, v)| format!("{}={}", url_encode(k), url_encode(v)))
        .collect::<Vec<_>>()
        .join("&");
    blocks.push(Block::Facts(vec![(
        String::new(),
        link(format!("{}/payments.csv?{query}", CONSOLE.base), t.t("console-export")),
    )]));
    blocks.push(Block::Table(Table {
        caption: t.t("console-payments-found"),
        headers: [
            "console-col-request-id",
            "console-col-payment-id",
            "console-col-state",
            "console-col-amount",
            "console-col-method",
            "console-col-country",
            "console-col-created",
        ]
        .iter()
        .map(|k| t.t(k))
        .collect(),
        rows: found
            .iter()
            .map(|p| {
                vec![
                    link(format!("{}/payments/{}", CONSOLE.base, p.request_id), p.request_id.clone()),
                    Cell::Mono(p.payment_id.clone()),
                    state_cell(t, &p.state.to_string()),
                    Cell::Number(t.amount(p.amount, p.currency.code)),
                    text(method_of(p)),
                    text(p.country.code()),
                    text(t.time(p.created_ms)),
                ]
            })
            .collect(),
        empty: t.t("console-search-none"),
    }));
    if found.len() == 50
        && let Some(last) = found.last()
    {
        blocks.push(Block::Facts(vec![(
            String::new(),
            link(next_page_link(&format!("{}/", CONSOLE.base), &params, last), t.t("console-older")),
        )]));
    }
    let n = notice(t, param(&params, "notice"));
    m.s.page(&state, "/", t.t("console-payments-title"), n, blocks)
}

fn url_encode(s: &str) -> String {
    url::form_urlencoded::byte_serialize(s.as_bytes()).collect()
}

async fn payment(
    State(state): State<AppState>,
    session: Session,
    headers: HeaderMap,
    params: Params,
    Path(request_id): Path<String>,
) -> Response {
    let m = match merchant_user(&state, &session, Some(&params), &headers).await {
        Ok(m) => m,
        Err(r) => return r,
    };
    let t = &m.s.texts;
    let p = match state.payments.by_request_id(&request_id).await {
        Ok(p) if m.owns(&p) => p,
        Ok(_) | Err(crate::domain::payments::DomainError::NotFound) => return not_found(&state, &m),
        Err(_) => return super::unavailable(&state, CONSOLE, t),
    };
    let (history, callbacks) =
        match (state.payments.history(&p.request_id).await, state.payments.callbacks(&p.request_id).await) {
            (Ok(h), Ok(c)) => (h, c),
            _ => return super::unavailable(&state, CONSOLE, t),
        };
    let requisite = p.recipient.as_ref().map(|r| mask_requisite(p.kind(), &r.pan)).unwrap_or_else(|| "-".into());
    let facts = vec![
        (t.t("console-col-request-id"), Cell::Mono(p.request_id.clone())),
        (t.t("console-col-payment-id"), Cell::Mono(p.payment_id.clone())),
        (t.t("console-col-type"), text(p.payment_type.code())),
        (t.t("console-col-state"), state_cell(t, &p.state.to_string())),
        (t.t("console-col-amount"), Cell::Number(t.amount(p.amount, p.currency.code))),
        (t.t("console-col-initial-amount"), Cell::Number(t.amount(p.initial_amount, p.currency.code))),
        (t.t("console-col-old-amount"), Cell::Number(t.amount(p.old_amount, p.currency.code))),
        (t.t("console-col-method"), text(method_of(&p))),
        (t.t("console-col-country"), text(p.country.code())),
        (t.t("console-col-requisite"), Cell::Mono(requisite)),
        (t.t("console-col-created"), text(t.time(p.created_ms))),
        (t.t("console-col-description"), text(p.status_description.clone().unwrap_or_default())),
    ];
    let timeline = history
        .iter()
        .map(|h| {
            let state_text = h.state.to_string();
            let tone = match state_cell(t, &state_text) {
                Cell::Status { tone, .. } => tone,
                _ => Tone::Neutral,
            };
            TimelineItem {
                at: t.time(h.at_ms),
                title: state_text,
                detail: Some(
                    [Some(t.amount(h.amount, p.currency.code)), h.status_description.clone()]
                        .into_iter()
                        .flatten()
                        .collect::<Vec<_>>()
                        .join(" · "),
                ),
                tone,
            }
        })
        .collect();
    let mut callback_blocks = Vec::new();
    for c in &callbacks {
        let rows = c
            .attempts
            .iter()
            .map(|a| {
                vec![
                    text(t.time(a.at_ms)),
                    text(a.http_status.map(|s| s.to_string()).or(a.error.clone()).unwrap_or_default()),
                    Cell::Number(format!("{} ms", a.latency_ms)),
                    Cell::Mono(a.response_excerpt.clone().unwrap_or_default()),
                ]
            })
            .collect();
        callback_blocks.push(Block::Facts(vec![
            (t.t("console-col-kind"), text(c.kind.code())),
            (t.t("console-col-url"), Cell::Mono(c.url.clone())),
            (t.t("console-col-state"), text(c.state.code())),
            (
                t.t("console-col-actions"),
                Cell::Forms(vec![m.s.post(
                    &format!("/payments/{}/callbacks/{}/resend", p.request_id, c.id),
                    t.t("console-action-resend"),
                    vec![],
                )]),
            ),
        ]));
        callback_blocks.push(Block::Table(Table {
            caption: t.ta("console-attempts-of", &[("kind", Arg::Text(c.kind.code().to_string()))]),
            headers: ["console-col-when", "console-col-http", "console-col-latency", "console-col-response"]
                .iter()
                .map(|k| t.t(k))
                .collect(),
            rows,
            empty: t.t("console-no-attempts"),
        }));
    }
    if callback_blocks.is_empty() {
        callback_blocks.push(Block::Paragraph(t.t("console-no-callbacks")));
    }
    let blocks = vec![
        Block::Facts(facts),
        Block::Section {
            heading: t.t("console-history"),
            id: "history".into(),
            blocks: vec![Block::Timeline(timeline)],
        },
        Block::Section { heading: t.t("console-callbacks"), id: "callbacks".into(), blocks: callback_blocks },
    ];
    let n = notice(t, param(&params, "notice"));
    m.s.page(&state, "/", t.ta("console-payment-title", &[("id", Arg::Text(p.request_id.clone()))]), n, blocks)
}

async fn resend(
    State(state): State<AppState>,
    session: Session,
    headers: HeaderMap,
    Path((request_id, callback_id)): Path<(String, i64)>,
    Form(form): Form<CsrfForm>,
) -> Response {
    let m = match merchant_post(&state, &session, &headers, form.csrf.as_deref()).await {
        Ok(m) => m,
        Err(r) => return r,
    };
    match state.payments.by_request_id(&request_id).await {
        Ok(p) if m.owns(&p) => {}
        _ => return not_found(&state, &m),
    }
    let path = format!("/payments/{request_id}");
    match state.payments.resend_callback(&request_id, callback_id, Some(&m.s.user.who())).await {
        Ok(_) => m.s.back(&path, "resent"),
        Err(e) => m.s.back(&path, refusal(&e)),
    }
}

/// A CSV field: quoted when needed, and never read as a formula by a spreadsheet.
fn csv_field(value: &str) -> String {
    let guarded =
        if value.starts_with(['=', '+', '-', '@', '\t', '\r']) { format!("'{value}") } else { value.to_string() };
    if guarded.contains([',', '"', '\n', '\r']) { format!("\"{}\"", guarded.replace('"', "\"\"")) } else { guarded }
}

const EXPORT_PAGE: i64 = 1000;

/// The filtered payments as CSV, streamed page by page (keyset), so a million rows never sit in
/// memory at once.
async fn export(State(state): State<AppState>, session: Session, headers: HeaderMap, params: Params) -> Response {
    let m = match merchant_user(&state, &session, Some(&params), &headers).await {
        Ok(m) => m,
        Err(r) => return r,
    };
    let Ok(mut filter) = scoped_filter(&m, &params) else {
        return m.s.back("/", "invalid");
    };
    filter.limit = EXPORT_PAGE;
    filter.after = None;
    let header_line = "request_id,payment_id,project_id,type,status,sub_status,amount,initial_amount,currency,method,country,created_utc,status_description\n";
    let start = (Some(filter), true);
    let stream = futures_util::stream::unfold(start, move |(filter, first)| {
        let state = state.clone();
        async move {
            if first {
                return Some((Ok::<_, std::io::Error>(header_line.to_string()), (filter, false)));
            }
            let filter = filter?;
            let page = match state.payments.search(filter.clone()).await {
                Ok(page) => page,
                Err(e) => {
                    tracing::warn!(error = %e, "export stopped");
                    return Some((Err(std::io::Error::other("export stopped")), (None, false)));
                }
            };
            if page.is_empty() {
                return None;
            }
            let mut chunk = String::with_capacity(page.len() * 160);
            for p in &page {
                let digits = p.currency.digits;
                let row = [
                    p.request_id.clone(),
                    p.payment_id.clone(),
                    p.project_id.clone(),
                    p.payment_type.code().to_string(),
                    p.state.status().to_string(),
                    p.state.sub_status().unwrap_or("").to_string(),
                    kassa_rules::amount::major_units(p.amount, digits),
                    kassa_rules::amount::major_units(p.initial_amount, digits),
                    p.currency.code.to_string(),
                    method_of(p),
                    p.country.code().to_string(),
                    super::format_utc(p.created_ms),
                    p.status_description.clone().unwrap_or_default(),
                ];
                chunk.push_str(&row.iter().map(|v| csv_field(v)).collect::<Vec<_>>().join(","));
                chunk.push('\n');
            }
            let next = (page.len() as i64 == EXPORT_PAGE).then(|| {
                let last = page.last().expect("a full page has a last row");
                PaymentFilter { after: Some((last.created_ms, last.request_id.clone())), ..filter }
            });
            Some((Ok(chunk), (next, false)))
        }
    });
    // Fused: a body may be polled once more after its end.
    let mut r = Body::from_stream(futures_util::StreamExt::fuse(stream)).into_response();
    let h = r.headers_mut();
    h.insert(header::CONTENT_TYPE, HeaderValue::from_static("text/csv; charset=utf-8"));
    h.insert(header::CONTENT_DISPOSITION, HeaderValue::from_static("attachment; filename=\"payments.csv\""));
    h.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    h.insert(header::X_CONTENT_TYPE_OPTIONS, HeaderValue::from_static("nosniff"));
    r
}

async fn balance(State(state): State<AppState>, session: Session, headers: HeaderMap, params: Params) -> Response {
    let m = match merchant_user(&state, &session, Some(&params), &headers).await {
        Ok(m) => m,
        Err(r) => return r,
    };
    let t = &m.s.texts;
    let mut rows = Vec::new();
    for project in &m.projects {
        let balances = match state.payments.balances(&project.id).await {
            Ok(b) => b,
            Err(_) => return super::unavailable(&state, CONSOLE, t),
        };
        for b in balances {
            rows.push(vec![
                text(project.name.clone()),
                text(b.currency.clone()),
                Cell::Number(t.amount(b.amount, &b.currency)),
                Cell::Number(t.amount(b.locked_amount, &b.currency)),
            ]);
        }
    }
    let mut blocks = vec![Block::Table(Table {
        caption: t.t("console-balance-title"),
        headers: ["console-col-project", "console-field-currency", "console-col-available", "console-col-locked"]
            .iter()
            .map(|k| t.t(k))
            .collect(),
        rows,
        empty: t.t("console-empty"),
    })];
    // Payouts, newest first.
    let payouts = PaymentFilter {
        project_ids: Some(m.project_ids()),
        payment_type: Some("payout".into()),
        limit: 50,
        ..Default::default()
    };
    let payouts = match state.payments.search(payouts).await {
        Ok(p) => p,
        Err(_) => return super::unavailable(&state, CONSOLE, t),
    };
    blocks.push(Block::Section {
        heading: t.t("console-queue-payouts"),
        id: "payouts".into(),
        blocks: vec![Block::Table(Table {
            caption: t.t("console-payouts-latest"),
            headers: [
                "console-col-request-id",
                "console-col-payment-id",
                "console-col-state",
                "console-col-amount",
                "console-col-created",
            ]
            .iter()
            .map(|k| t.t(k))
            .collect(),
            rows: payouts
                .iter()
                .map(|p| {
                    vec![
                        link(format!("{}/payments/{}", CONSOLE.base, p.request_id), p.request_id.clone()),
                        Cell::Mono(p.payment_id.clone()),
                        state_cell(t, &p.state.to_string()),
                        Cell::Number(t.amount(p.amount, p.currency.code)),
                        text(t.time(p.created_ms)),
                    ]
                })
                .collect(),
            empty: t.t("console-empty"),
        })],
    });
    // A statement of a period: opening balance, entries, closing balance.
    let mut projects = Vec::new();
    projects.extend(m.projects.iter().map(|p| (p.id.clone(), p.name.clone())));
    let value = |name: &str| param(&params, name).unwrap_or("").to_string();
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
                value: param(&params, "currency").unwrap_or("RUB").to_string(),
                ..field("currency", t.t("console-field-currency"), FieldKind::Text, true)
            },
            FormField { value: value("from"), ..field("from", t.t("console-field-from"), FieldKind::Date, true) },
            FormField { value: value("to"), ..field("to", t.t("console-field-to"), FieldKind::Date, true) },
        ],
        danger: false,
        inline: true,
        label: Some(t.t("console-ledger-statement")),
    };
    let mut statement_blocks = vec![Block::Form(form)];
    let chosen = param(&params, "project").filter(|id| m.projects.iter().any(|p| p.id == *id));
    let from = param(&params, "from").and_then(super::operator::day_start_ms);
    let to = param(&params, "to").and_then(super::operator::day_start_ms).map(|ms| ms + 86_400_000);
    if let (Some(project), Some(from), Some(to)) = (chosen, from, to) {
        let currency = param(&params, "currency").unwrap_or("RUB").to_ascii_uppercase();
        match state.payments.statement(project, &currency, from, to).await {
            Ok(st) => {
                let mut rows = vec![vec![
                    text(t.t("console-opening")),
                    text(String::new()),
                    text(String::new()),
                    Cell::Number(t.amount(st.opening.0, &currency)),
                    Cell::Number(t.amount(st.opening.1, &currency)),
                ]];
                for e in &st.entries {
                    rows.push(vec![
                        text(t.time(e.at_ms)),
                        text(e.entry.kind.code()),
                        Cell::Mono(e.entry.request_id.clone().unwrap_or_default()),
                        Cell::Number(t.amount(e.entry.available_delta, &currency)),
                        Cell::Number(t.amount(e.entry.locked_delta, &currency)),
                    ]);
                }
                rows.push(vec![
                    text(t.t("console-closing")),
                    text(String::new()),
                    text(String::new()),
                    Cell::Number(t.amount(st.closing.0, &currency)),
                    Cell::Number(t.amount(st.closing.1, &currency)),
                ]);
                statement_blocks.push(Block::Table(Table {
                    caption: t.t("console-ledger-statement"),
                    headers: [
                        "console-col-when",
                        "console-col-kind",
                        "console-col-request-id",
                        "console-col-available",
                        "console-col-locked",
                    ]
                    .iter()
                    .map(|k| t.t(k))
                    .collect(),
                    rows,
                    empty: String::new(),
                }));
            }
            Err(_) => return super::unavailable(&state, CONSOLE, t),
        }
    }
    blocks.push(Block::Section {
        heading: t.t("console-ledger-statement"),
        id: "statement".into(),
        blocks: statement_blocks,
    });
    m.s.page(&state, "/balance", t.t("console-balance-title"), None, blocks)
}

async fn dashboard(State(state): State<AppState>, session: Session, headers: HeaderMap, params: Params) -> Response {
    let m = match merchant_user(&state, &session, Some(&params), &headers).await {
        Ok(m) => m,
        Err(r) => return r,
    };
    let t = &m.s.texts;
    let ids = m.project_ids();
    let (today, week) = match state.payments.dashboard(crate::domain::time::now_ms(), Some(&ids)).await {
        Ok(stats) => stats,
        Err(_) => return super::unavailable(&state, CONSOLE, t),
    };
    let blocks = vec![
        Block::Section { heading: t.t("console-period-today"), id: "today".into(), blocks: period_blocks(t, &today) },
        Block::Section { heading: t.t("console-period-week"), id: "week".into(), blocks: period_blocks(t, &week) },
    ];
    m.s.page(&state, "/dashboard", t.t("console-dashboard-title"), None, blocks)
}

#[cfg(test)]
mod tests {
    use super::csv_field;

    #[test]
    fn csv_fields_are_quoted_and_never_formulas() {
        assert_eq!(csv_field("order-1"), "order-1");
        assert_eq!(csv_field("a,b"), "\"a,b\"");
        assert_eq!(csv_field("say \"hi\""), "\"say \"\"hi\"\"\"");
        assert_eq!(csv_field("=HYPERLINK(\"x\")"), "\"'=HYPERLINK(\"\"x\"\")\"");
        assert_eq!(csv_field("-5"), "'-5");
    }
}

// ---------------------------------------------------------------------------------------------
// Keys: request keys of each project (add, deactivate; two active at once for rotation) and
// the callback public key.

fn key_type_options(t: &super::Texts) -> Vec<(String, String)> {
    vec![
        ("ecdsa-p256".into(), t.t("console-key-ecdsa")),
        ("rsa-sha256".into(), t.t("console-key-rsa")),
        ("hmac-sha512".into(), t.t("console-key-hmac")),
    ]
}

async fn keys_page(
    state: &AppState,
    m: &MerchantUser,
    n: Option<app::model::ConsoleNotice>,
    shown: Vec<Block>,
) -> Response {
    let t = &m.s.texts;
    let mut blocks = shown;
    for project in &m.projects {
        let (keys, callback_key) =
            match (state.projects.keys_of(&project.id).await, state.projects.callback_public_key(&project.id).await) {
                (Ok(k), Ok(c)) => (k, c),
                _ => return super::unavailable(state, CONSOLE, t),
            };
        let rows = keys
            .iter()
            .map(|k| {
                let toggle = if k.active {
                    ActionForm {
                        danger: true,
                        ..m.s.post(
                            &format!("/keys/{}/{}/active", project.id, k.token),
                            t.t("console-action-deactivate"),
                            vec![super::hidden("active", "false")],
                        )
                    }
                } else {
                    m.s.post(
                        &format!("/keys/{}/{}/active", project.id, k.token),
                        t.t("console-action-activate"),
                        vec![super::hidden("active", "true")],
                    )
                };
                vec![
                    Cell::Mono(k.token.clone()),
                    text(k.key_type.clone()),
                    text(t.time(k.created_ms)),
                    text(k.last_used_ms.map(|ms| t.time(ms)).unwrap_or_else(|| t.t("console-never"))),
                    Cell::Status {
                        text: t.t(if k.active { "console-active" } else { "console-inactive" }),
                        tone: if k.active { Tone::Good } else { Tone::Neutral },
                    },
                    Cell::Forms(vec![toggle]),
                ]
            })
            .collect();
        let add = ActionForm {
            inline: false,
            label: Some(t.t("console-key-add")),
            ..m.s.post(
                &format!("/keys/{}/add", project.id),
                t.t("console-key-add"),
                vec![
                    FormField {
                        value: "ecdsa-p256".into(),
                        ..field("key_type", t.t("console-col-type"), FieldKind::Select(key_type_options(t)), true)
                    },
                    FormField {
                        hint: Some(t.t("console-key-pem-hint")),
                        ..field("public_key", t.t("console-key-pem"), FieldKind::TextArea, false)
                    },
                ],
            )
        };
        let mut section = vec![
            Block::Table(Table {
                caption: t.t("console-keys-request"),
                headers: [
                    "console-col-token",
                    "console-col-type",
                    "console-col-created",
                    "console-col-last-used",
                    "console-col-state",
                    "console-col-actions",
                ]
                .iter()
                .map(|k| t.t(k))
                .collect(),
                rows,
                empty: t.t("console-empty"),
            }),
            Block::Form(add),
        ];
        match callback_key {
            Some(pem) => section.push(Block::Facts(vec![
                (t.t("console-keys-callback"), Cell::Mono(pem)),
                (
                    String::new(),
                    link(format!("{}/keys/{}/callback.pem", CONSOLE.base, project.id), t.t("console-keys-download")),
                ),
            ])),
            None => section.push(Block::Paragraph(t.t("console-keys-callback-hmac"))),
        }
        blocks.push(Block::Section { heading: project.name.clone(), id: format!("p-{}", project.id), blocks: section });
    }
    m.s.page(state, "/keys", t.t("console-keys-title"), n, blocks)
}

async fn keys(State(state): State<AppState>, session: Session, headers: HeaderMap, params: Params) -> Response {
    let m = match merchant_user(&state, &session, Some(&params), &headers).await {
        Ok(m) => m,
        Err(r) => return r,
    };
    let n = notice(&m.s.texts, param(&params, "notice"));
    keys_page(&state, &m, n, Vec::new()).await
}

#[derive(serde::Deserialize)]
struct AddKeyForm {
    csrf: Option<String>,
    key_type: Option<String>,
    public_key: Option<String>,
}

async fn add_key(
    State(state): State<AppState>,
    session: Session,
    headers: HeaderMap,
    Path(project_id): Path<String>,
    Form(form): Form<AddKeyForm>,
) -> Response {
    let m = match project_post(&state, &session, &headers, form.csrf.as_deref(), &project_id).await {
        Ok(m) => m,
        Err(r) => return r,
    };
    let t = &m.s.texts;
    let Some(key_type) = form.key_type.as_deref().and_then(crate::crypto::keys::KeyType::parse) else {
        return m.s.back("/keys", "invalid");
    };
    match state.projects.add_request_key(&project_id, key_type, form.public_key.as_deref(), &m.s.user.who()).await {
        Ok(shown) => {
            // Shown once, in this answer only (never stored in clear, never in a URL).
            let mut facts = vec![(t.t("console-col-token"), Cell::Mono(shown.token.clone()))];
            if let Some(secret) = &shown.hmac_secret {
                facts.push((t.t("console-key-secret"), Cell::Mono(secret.expose().clone())));
            }
            let block = Block::Section {
                heading: t.t("console-key-added"),
                id: "added".into(),
                blocks: vec![Block::Paragraph(t.t("console-key-added-help")), Block::Facts(facts)],
            };
            keys_page(&state, &m, None, vec![block]).await
        }
        Err(crate::domain::payments::DomainError::Validation(v)) => {
            let n = Some(super::invalid_fields(t, &v, &[("public_key", "console-key-pem")]));
            let mut r = keys_page(&state, &m, n, Vec::new()).await;
            *r.status_mut() = StatusCode::BAD_REQUEST;
            r
        }
        Err(crate::domain::payments::DomainError::Conflict(_)) => m.s.back("/keys", "two-keys"),
        Err(e) => m.s.back("/keys", refusal(&e)),
    }
}

#[derive(serde::Deserialize)]
struct KeyActiveForm {
    csrf: Option<String>,
    active: Option<String>,
}

async fn key_active(
    State(state): State<AppState>,
    session: Session,
    headers: HeaderMap,
    Path((project_id, token)): Path<(String, String)>,
    Form(form): Form<KeyActiveForm>,
) -> Response {
    let m = match project_post(&state, &session, &headers, form.csrf.as_deref(), &project_id).await {
        Ok(m) => m,
        Err(r) => return r,
    };
    let active = form.active.as_deref() == Some("true");
    match state.projects.set_key_active(&project_id, &token, active, &m.s.user.who()).await {
        Ok(()) => {
            state.auth_cache.forget_key(&token);
            m.s.back("/keys", "saved")
        }
        Err(crate::domain::payments::DomainError::Missing) => not_found(&state, &m),
        Err(crate::domain::payments::DomainError::Conflict(_)) => m.s.back("/keys", "two-keys"),
        Err(e) => m.s.back("/keys", refusal(&e)),
    }
}

async fn callback_pem(
    State(state): State<AppState>,
    session: Session,
    headers: HeaderMap,
    Path(project_id): Path<String>,
) -> Response {
    let m = match merchant_user(&state, &session, None, &headers).await {
        Ok(m) => m,
        Err(r) => return r,
    };
    if !m.owns_project(&project_id) {
        return not_found(&state, &m);
    }
    match state.projects.callback_public_key(&project_id).await {
        Ok(Some(pem)) => {
            let mut r = pem.into_response();
            let h = r.headers_mut();
            h.insert(header::CONTENT_TYPE, HeaderValue::from_static("application/x-pem-file"));
            h.insert(
                header::CONTENT_DISPOSITION,
                HeaderValue::from_static("attachment; filename=\"kassa-callback-key.pem\""),
            );
            r
        }
        Ok(None) => not_found(&state, &m),
        Err(_) => super::unavailable(&state, CONSOLE, &m.s.texts),
    }
}

// ---------------------------------------------------------------------------------------------
// Integration check: a signed test callback to a URL of the merchant's choice.

fn integration_form(m: &MerchantUser, url: &str) -> ActionForm {
    let t = &m.s.texts;
    let projects = m.projects.iter().map(|p| (p.id.clone(), p.name.clone())).collect();
    ActionForm {
        inline: false,
        label: Some(t.t("console-integration-title")),
        ..m.s.post(
            "/integration",
            t.t("console-integration-send"),
            vec![
                field("project", t.t("console-col-project"), FieldKind::Select(projects), true),
                FormField {
                    value: url.to_string(),
                    hint: Some(t.t("console-integration-url-hint")),
                    ..field("url", t.t("console-col-url"), FieldKind::Text, true)
                },
            ],
        )
    }
}

async fn integration(State(state): State<AppState>, session: Session, headers: HeaderMap, params: Params) -> Response {
    let m = match merchant_user(&state, &session, Some(&params), &headers).await {
        Ok(m) => m,
        Err(r) => return r,
    };
    let t = &m.s.texts;
    let blocks = vec![Block::Paragraph(t.t("console-integration-help")), Block::Form(integration_form(&m, ""))];
    m.s.page(&state, "/integration", t.t("console-integration-title"), None, blocks)
}

#[derive(serde::Deserialize)]
struct ProbeForm {
    csrf: Option<String>,
    project: Option<String>,
    url: Option<String>,
}

async fn integration_send(
    State(state): State<AppState>,
    session: Session,
    headers: HeaderMap,
    Form(form): Form<ProbeForm>,
) -> Response {
    let m = match merchant_post(&state, &session, &headers, form.csrf.as_deref()).await {
        Ok(m) => m,
        Err(r) => return r,
    };
    let t = &m.s.texts;
    let Some(project) = m.projects.iter().find(|p| Some(&p.id) == form.project.as_ref()) else {
        return not_found(&state, &m);
    };
    let url = form.url.unwrap_or_default().trim().to_string();
    let key = match state.projects.callback_signing_key(&project.id).await {
        Ok(Some(k)) => k,
        Ok(None) => return m.s.back("/integration", "failed"),
        Err(_) => return super::unavailable(&state, CONSOLE, t),
    };
    let report = crate::callbacks::probe::probe(
        &key,
        &project.merchant_id,
        &project.id,
        &url,
        state.config.allow_private_callbacks,
        std::time::Duration::from_millis(state.config.callback_timeout_ms),
        crate::domain::time::now_ms(),
    )
    .await;
    let answer = match (&report.http_status, &report.error) {
        (Some(status), _) => Cell::Status {
            text: t.ta(
                "console-integration-status",
                &[("status", Arg::Number(*status as i64)), ("ms", Arg::Number(report.latency_ms as i64))],
            ),
            tone: if (200..300).contains(status) { Tone::Good } else { Tone::Bad },
        },
        (None, Some(error)) => Cell::Status { text: error.clone(), tone: Tone::Bad },
        (None, None) => Cell::Status { text: "-".into(), tone: Tone::Neutral },
    };
    let mut sent = vec![(t.t("console-col-url"), Cell::Mono(report.url.clone()))];
    sent.extend(report.headers.iter().map(|(k, v)| (k.clone(), Cell::Mono(v.clone()))));
    sent.push((t.t("console-integration-body"), Cell::Mono(report.body.clone())));
    let check = vec![
        (t.t("console-integration-normalized"), Cell::Mono(report.normalized.clone())),
        (t.t("console-integration-message"), Cell::Mono(report.signed_message.clone())),
        (t.t("console-integration-algorithm"), Cell::Mono(report.algorithm.clone())),
    ];
    let blocks = vec![
        Block::Section {
            heading: t.t("console-integration-answer"),
            id: "answer".into(),
            blocks: vec![Block::Facts(vec![
                (t.t("console-col-http"), answer),
                (t.t("console-col-response"), Cell::Mono(report.response_excerpt.clone().unwrap_or_default())),
            ])],
        },
        Block::Section {
            heading: t.t("console-integration-sent"),
            id: "sent".into(),
            blocks: vec![Block::Facts(sent)],
        },
        Block::Section {
            heading: t.t("console-integration-verify"),
            id: "verify".into(),
            blocks: vec![Block::Paragraph(t.t("console-integration-verify-help")), Block::Facts(check)],
        },
        Block::Form(integration_form(&m, &url)),
    ];
    m.s.page(&state, "/integration", t.t("console-integration-title"), None, blocks)
}

// ---------------------------------------------------------------------------------------------
// What payers see on the payment page: the name, the colour and the sites that may frame it (the
// logo is set with the CLI).

fn page_settings_blocks(m: &MerchantUser) -> Vec<Block> {
    let t = &m.s.texts;
    m.projects
        .iter()
        .map(|project| {
            let form = ActionForm {
                inline: false,
                ..m.s.post(
                    &format!("/page/{}", project.id),
                    t.t("console-page-save"),
                    vec![
                        FormField {
                            value: project
                                .settings
                                .display_name
                                .as_ref()
                                .map(|n| n.as_str().to_string())
                                .unwrap_or_default(),
                            hint: Some(t.ta(
                                "console-page-name-hint",
                                &[("merchant", Arg::Text(project.merchant_name.clone()))],
                            )),
                            ..field("display_name", t.t("console-page-name"), FieldKind::Text, false)
                        },
                        FormField {
                            value: project
                                .settings
                                .brand_color
                                .as_ref()
                                .map(|c| c.as_str().to_string())
                                .unwrap_or_default(),
                            hint: Some(t.t("console-page-color-hint")),
                            ..field("brand_color", t.t("console-page-color"), FieldKind::Text, false)
                        },
                        FormField {
                            value: project
                                .settings
                                .embed_origins
                                .iter()
                                .map(|o| o.as_str())
                                .collect::<Vec<_>>()
                                .join("\n"),
                            hint: Some(t.t("console-page-embed-hint")),
                            ..field("embed_origins", t.t("console-page-embed"), FieldKind::TextArea, false)
                        },
                    ],
                )
            };
            Block::Section {
                heading: project.name.clone(),
                id: format!("p-{}", project.id),
                blocks: vec![
                    Block::Facts(vec![(t.t("console-page-payee"), text(project.payee().to_string()))]),
                    Block::Form(form),
                    Block::Paragraph(t.t("console-page-logo-hint")),
                ],
            }
        })
        .collect()
}

async fn page_settings(
    State(state): State<AppState>,
    session: Session,
    headers: HeaderMap,
    params: Params,
) -> Response {
    let m = match merchant_user(&state, &session, Some(&params), &headers).await {
        Ok(m) => m,
        Err(r) => return r,
    };
    let n = notice(&m.s.texts, param(&params, "notice"));
    let blocks = page_settings_blocks(&m);
    m.s.page(&state, "/page", m.s.texts.t("console-page-title"), n, blocks)
}

#[derive(serde::Deserialize)]
struct PageSettingsForm {
    csrf: Option<String>,
    display_name: Option<String>,
    brand_color: Option<String>,
    embed_origins: Option<String>,
}

async fn save_page_settings(
    State(state): State<AppState>,
    session: Session,
    headers: HeaderMap,
    Path(project_id): Path<String>,
    Form(form): Form<PageSettingsForm>,
) -> Response {
    let m = match project_post(&state, &session, &headers, form.csrf.as_deref(), &project_id).await {
        Ok(m) => m,
        Err(r) => return r,
    };
    let (name, color) = (form.display_name.unwrap_or_default(), form.brand_color.unwrap_or_default());
    let origins = form.embed_origins.unwrap_or_default();
    match state.projects.set_page(&project_id, &name, &color, &origins).await {
        Ok(_) => m.s.back("/page", "saved"),
        Err(crate::domain::payments::DomainError::Validation(v)) => {
            let t = &m.s.texts;
            let n = Some(super::invalid_fields(
                t,
                &v,
                &[
                    ("display_name", "console-page-name"),
                    ("brand_color", "console-page-color"),
                    ("embed_origins", "console-page-embed"),
                ],
            ));
            let mut r = m.s.page(&state, "/page", t.t("console-page-title"), n, page_settings_blocks(&m));
            *r.status_mut() = StatusCode::BAD_REQUEST;
            r
        }
        Err(crate::domain::payments::DomainError::Missing) => not_found(&state, &m),
        Err(e) => m.s.back("/page", refusal(&e)),
    }
}
