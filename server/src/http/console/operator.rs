//! The operator console (decisions.md §8 "a login (console)"): the queue of everything waiting
//! for a human, payments with their history, callbacks and audit trail, the requisites pool,
//! incoming transfers, and the audit log. Every page is plain server-rendered HTML with forms;
//! every action goes through the same domain services as the operator API and is audited in the
//! transaction of its change.

use axum::Router;
use axum::extract::{Form, Multipart, Path, State};
use axum::http::HeaderMap;
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use serde::Deserialize;
use tower_sessions::Session;

use super::{
    Console, CsrfForm, Params, Signed, field, hidden, link, notice, param, parse_major, refusal, signed_in, state_cell,
    text,
};
use crate::domain::audit::Subject;
use crate::domain::incoming::{RowOutcome, StatementRow, parse_statement};
use crate::domain::payment::{Payment, PaymentState, PaymentType, mask_requisite};
use crate::domain::payments::Resolution;
use crate::domain::ports::PaymentFilter;
use crate::domain::requisites::NewRequisite;
use crate::http::AppState;
use app::i18n::Arg;
use app::model::{ActionForm, Block, Cell, FieldKind, FormField, Table, TimelineItem, Tone};

pub const CONSOLE: Console = Console {
    audience: crate::domain::console::Audience::Operator,
    base: "/operator",
    name_key: "console-operator-name",
    nav: &[
        ("/", "console-nav-queue"),
        ("/dashboard", "console-nav-dashboard"),
        ("/payments", "console-nav-payments"),
        ("/requisites", "console-nav-requisites"),
        ("/audit", "console-nav-audit"),
    ],
};

pub fn router() -> Router<AppState> {
    CONSOLE
        .entry_routes()
        .route("/operator/", get(queue))
        .route("/operator/payments", get(payments))
        .route("/operator/payments/{request_id}", get(payment))
        .route("/operator/payments/{request_id}/received", post(received))
        .route("/operator/payments/{request_id}/receipts/{receipt_id}", get(receipt))
        .route("/operator/payments/{request_id}/resolve", post(resolve))
        .route("/operator/payments/{request_id}/payout", post(payout_action))
        .route("/operator/payments/{request_id}/callbacks/{callback_id}/resend", post(resend))
        .route("/operator/incoming", post(incoming))
        .route("/operator/statements", post(statement_preview))
        .route("/operator/statements/apply", post(statement_apply))
        .route("/operator/requisites", get(requisites).post(add_requisite))
        .route("/operator/requisites/{id}/active", post(requisite_active))
        .route("/operator/requisites/{id}/limits", post(requisite_limits))
        .route("/operator/audit", get(audit))
        .route("/operator/dashboard", get(dashboard))
}

/// The signed-in operator, or the login page.
macro_rules! operator {
    ($state:expr, $session:expr, $params:expr, $headers:expr) => {
        match signed_in(&$state, &$session, CONSOLE, param(&$params, "lang"), &$headers).await {
            Ok(s) => s,
            Err(r) => return r,
        }
    };
}

/// The signed-in operator of a form post whose CSRF token checks out.
macro_rules! operator_post {
    ($state:expr, $session:expr, $headers:expr, $csrf:expr) => {{
        let s = match signed_in(&$state, &$session, CONSOLE, None, &$headers).await {
            Ok(s) => s,
            Err(r) => return r,
        };
        if !s.csrf_ok($csrf) {
            return super::forbidden(&$state, &s);
        }
        s
    }};
}

fn method_of(p: &Payment) -> String {
    p.method.map(|m| m.code()).or(p.widget_method.map(|m| m.code())).unwrap_or("-").to_string()
}

fn payment_link(p: &Payment) -> Cell {
    link(format!("{}/payments/{}", CONSOLE.base, p.request_id), p.request_id.clone())
}

fn requisite_of(p: &Payment) -> String {
    p.recipient.as_ref().map(|r| mask_requisite(p.kind(), &r.pan)).unwrap_or_else(|| "-".into())
}

/// The actions an operator may take on a payment in its state.
fn actions(s: &Signed, p: &Payment) -> Vec<ActionForm> {
    let t = &s.texts;
    let path = format!("/payments/{}", p.request_id);
    let amount_field = |label: String, required: bool| FormField {
        hint: Some(p.currency.code.to_string()),
        autocomplete: Some("off".into()),
        ..field("amount", label, FieldKind::Amount, required)
    };
    let mut forms = Vec::new();
    match p.state {
        PaymentState::Paid | PaymentState::AwaitingConfirm if p.payment_type == PaymentType::Payin => {
            forms.push(s.post(
                &format!("{path}/received"),
                t.ta("console-action-received-full", &[("amount", Arg::Text(t.amount(p.amount, p.currency.code)))]),
                vec![hidden("full", "1")],
            ));
            forms.push(s.post(
                &format!("{path}/received"),
                t.t("console-action-received-other"),
                vec![amount_field(t.t("console-field-amount-received"), true)],
            ));
        }
        PaymentState::DisputeNoPayment
        | PaymentState::DisputeDifferentAmount
        | PaymentState::DisputeConfirmTimeout
        | PaymentState::DisputePayoutFailed => {
            let mut success = vec![hidden("outcome", "success")];
            if p.payment_type == PaymentType::Payin {
                success.push(amount_field(t.t("console-field-amount-received-optional"), false));
            }
            forms.push(s.post(&format!("{path}/resolve"), t.t("console-action-resolve-success"), success));
            let mut decline = s.post(
                &format!("{path}/resolve"),
                t.t("console-action-resolve-decline"),
                vec![hidden("outcome", "decline")],
            );
            decline.danger = true;
            forms.push(decline);
        }
        PaymentState::New if p.payment_type == PaymentType::Payout => {
            forms.push(s.post(
                &format!("{path}/payout"),
                t.t("console-action-payout-execute"),
                vec![hidden("step", "execute")],
            ));
        }
        PaymentState::PayoutProcess => {
            forms.push(s.post(
                &format!("{path}/payout"),
                t.t("console-action-payout-success"),
                vec![hidden("step", "success")],
            ));
            let mut failed =
                s.post(&format!("{path}/payout"), t.t("console-action-payout-failed"), vec![hidden("step", "failed")]);
            failed.danger = true;
            forms.push(failed);
        }
        _ => {}
    }
    // Every decision form names the version it was taken on: a payment that moved meanwhile
    // is refused with a clear message instead of getting a second outcome.
    for f in &mut forms {
        f.fields.push(hidden("version", &p.version.to_string()));
    }
    forms
}

fn since(s: &Signed, from_ms: i64) -> String {
    let minutes = ((crate::domain::time::now_ms() - from_ms) / 60_000).max(0);
    s.texts.ta("console-waiting-for", &[("minutes", Arg::Number(minutes))])
}

async fn queue(State(state): State<AppState>, session: Session, headers: HeaderMap, params: Params) -> Response {
    let s = operator!(state, session, params, headers);
    let t = &s.texts;
    let (payins, payouts) = match state.payments.operator_queue(200).await {
        Ok(q) => q,
        Err(_) => return super::unavailable(&state, CONSOLE, t),
    };
    let (paid, disputes): (Vec<_>, Vec<_>) = payins.into_iter().partition(|p| p.state == PaymentState::Paid);
    let headers_row = |keys: &[&str]| keys.iter().map(|k| t.t(k)).collect::<Vec<_>>();
    let paid_rows = paid
        .iter()
        .map(|p| {
            vec![
                payment_link(p),
                Cell::Number(t.amount(p.amount, p.currency.code)),
                text(method_of(p)),
                Cell::Mono(requisite_of(p)),
                text(since(&s, p.updated_ms)),
                Cell::Forms(actions(&s, p)),
            ]
        })
        .collect();
    let dispute_rows = disputes
        .iter()
        .map(|p| {
            let received = p.received_amount.map(|a| t.amount(a, p.currency.code)).unwrap_or_else(|| "-".into());
            let receipt = if p.has_receipt { t.t("console-receipt-yes") } else { "-".into() };
            vec![
                payment_link(p),
                state_cell(t, &p.state.to_string()),
                Cell::Number(t.amount(p.amount, p.currency.code)),
                Cell::Number(received),
                text(receipt),
                text(since(&s, p.updated_ms)),
                Cell::Forms(actions(&s, p)),
            ]
        })
        .collect();
    let mut payout_rows = Vec::new();
    for p in &payouts {
        let receiver = state.payments.payout_receiver_pan(p).await.ok().flatten().map(|pan| pan.expose().clone());
        let r = p.details.receiver.as_ref();
        let whom = [
            receiver.or_else(|| r.and_then(|r| r.phone.clone())),
            r.and_then(|r| r.card_holder.clone()),
            r.and_then(|r| r.bank_symbol.clone()),
        ]
        .into_iter()
        .flatten()
        .collect::<Vec<_>>()
        .join(" · ");
        payout_rows.push(vec![
            payment_link(p),
            state_cell(t, &p.state.to_string()),
            Cell::Number(t.amount(p.amount, p.currency.code)),
            text(method_of(p)),
            Cell::Mono(whom),
            text(since(&s, p.created_ms)),
            Cell::Forms(actions(&s, p)),
        ]);
    }
    let incoming = ActionForm {
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
    let unmatched = state.payments.unmatched_incoming(50).await.unwrap_or_default();
    let blocks = vec![
        Block::Section {
            heading: t.t("console-queue-paid"),
            id: "paid".into(),
            blocks: vec![Block::Table(Table {
                caption: t.t("console-queue-paid-caption"),
                headers: headers_row(&[
                    "console-col-request-id",
                    "console-col-amount",
                    "console-col-method",
                    "console-col-requisite",
                    "console-col-waiting",
                    "console-col-actions",
                ]),
                rows: paid_rows,
                empty: t.t("console-empty"),
            })],
        },
        Block::Section {
            heading: t.t("console-queue-disputes"),
            id: "disputes".into(),
            blocks: vec![Block::Table(Table {
                caption: t.t("console-queue-disputes-caption"),
                headers: headers_row(&[
                    "console-col-request-id",
                    "console-col-state",
                    "console-col-amount",
                    "console-col-received",
                    "console-col-receipt",
                    "console-col-waiting",
                    "console-col-actions",
                ]),
                rows: dispute_rows,
                empty: t.t("console-empty"),
            })],
        },
        Block::Section {
            heading: t.t("console-queue-payouts"),
            id: "payouts".into(),
            blocks: vec![Block::Table(Table {
                caption: t.t("console-queue-payouts-caption"),
                headers: headers_row(&[
                    "console-col-request-id",
                    "console-col-state",
                    "console-col-amount",
                    "console-col-method",
                    "console-col-receiver",
                    "console-col-waiting",
                    "console-col-actions",
                ]),
                rows: payout_rows,
                empty: t.t("console-empty"),
            })],
        },
        Block::Section {
            heading: t.t("console-incoming-title"),
            id: "incoming".into(),
            blocks: vec![
                Block::Paragraph(t.t("console-incoming-help")),
                Block::Form(incoming),
                Block::Paragraph(t.t("console-statement-help")),
                Block::Form(statement),
                Block::Table(Table {
                    caption: t.t("console-unmatched-caption"),
                    headers: headers_row(&[
                        "console-col-when",
                        "console-field-requisite",
                        "console-col-amount",
                        "console-field-reference",
                        "console-col-who",
                    ]),
                    rows: unmatched
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
                        .collect(),
                    empty: t.t("console-empty"),
                }),
            ],
        },
    ];
    let n = notice(t, param(&params, "notice"));
    s.page(&state, "/", t.t("console-queue-title"), n, blocks)
}

/// A date typed as `YYYY-MM-DD`, as the first millisecond of that UTC day.
pub fn day_start_ms(text: &str) -> Option<i64> {
    let mut parts = text.trim().splitn(3, '-').map(|p| p.parse::<i64>().ok());
    let (Some(Some(y)), Some(Some(m)), Some(Some(d))) = (parts.next(), parts.next(), parts.next()) else {
        return None;
    };
    if !(1970..=9999).contains(&y) || !(1..=12).contains(&m) || !(1..=31).contains(&d) {
        return None;
    }
    // Days from the civil date (Howard Hinnant's algorithm).
    let y = if m <= 2 { y - 1 } else { y };
    let era = y.div_euclid(400);
    let yoe = y - era * 400;
    let doy = (153 * (if m > 2 { m - 3 } else { m + 9 }) + 2) / 5 + d - 1;
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    Some((era * 146_097 + doe - 719_468) * 86_400_000)
}

/// The states an operator filters by.
const STATE_FILTERS: &[&str] = &[
    "processing",
    "processing:requisites",
    "processing:awaiting_confirm",
    "processing:paid",
    "processing:payout_process",
    "dispute",
    "success",
    "decline",
];

/// The filter form's fields, with the values of this request.
pub fn filter_fields(t: &super::Texts, params: &Params) -> Vec<FormField> {
    let value = |name: &str| param(params, name).unwrap_or("").to_string();
    let mut states = vec![(String::new(), t.t("console-any"))];
    states.extend(STATE_FILTERS.iter().map(|s| {
        let label = match state_cell(t, s) {
            Cell::Status { text, .. } => text,
            _ => s.to_string(),
        };
        (s.to_string(), label)
    }));
    vec![
        FormField { value: value("q"), ..field("q", t.t("console-search-label"), FieldKind::Text, false) },
        FormField {
            value: value("state"),
            ..field("state", t.t("console-col-state"), FieldKind::Select(states), false)
        },
        FormField {
            value: value("requisite"),
            ..field("requisite", t.t("console-field-requisite"), FieldKind::Text, false)
        },
        FormField { value: value("amount"), ..field("amount", t.t("console-col-amount"), FieldKind::Amount, false) },
        FormField {
            value: value("currency"),
            ..field("currency", t.t("console-field-currency"), FieldKind::Text, false)
        },
        FormField { value: value("from"), ..field("from", t.t("console-field-from"), FieldKind::Date, false) },
        FormField { value: value("to"), ..field("to", t.t("console-field-to"), FieldKind::Date, false) },
    ]
}

/// The filter of this request; `Err` names the field that does not parse.
pub fn filter_of(params: &Params) -> Result<PaymentFilter, &'static str> {
    let text = |name: &str| param(params, name).map(|v| v.trim().to_string());
    let currency = text("currency").map(|c| c.to_ascii_uppercase());
    let amount = match text("amount") {
        // Without a currency, amounts are read with two decimals (most currencies).
        Some(a) => Some(parse_major(&a, currency.as_deref().unwrap_or("RUB")).ok_or("amount")?),
        None => None,
    };
    let day = |name: &'static str| text(name).map(|d| day_start_ms(&d).ok_or(name)).transpose();
    let after = match (text("after_ms").and_then(|v| v.parse().ok()), text("after_id")) {
        (Some(ms), Some(id)) => Some((ms, id)),
        _ => None,
    };
    Ok(PaymentFilter {
        term: text("q"),
        state: text("state").filter(|s| STATE_FILTERS.contains(&s.as_str())),
        requisite_id: text("requisite").map(|r| r.replace(' ', "")),
        method: text("method"),
        country: text("country").map(|c| c.to_ascii_uppercase()),
        currency,
        amount,
        from_ms: day("from")?,
        // The whole "to" day is included.
        to_ms: day("to")?.map(|ms| ms + 86_400_000),
        after,
        limit: PAGE,
        ..Default::default()
    })
}

const PAGE: i64 = 50;

/// The link to the page after the last row shown, keeping the filter.
pub fn next_page_link(base: &str, params: &Params, last: &Payment) -> String {
    let mut query: Vec<(String, String)> = params
        .0
        .iter()
        .filter(|(k, _)| !k.starts_with("after_") && *k != "notice")
        .map(|(k, v)| (k.clone(), v.clone()))
        .collect();
    query.sort();
    query.push(("after_ms".into(), last.created_ms.to_string()));
    query.push(("after_id".into(), last.request_id.clone()));
    let encoded = query.iter().map(|(k, v)| format!("{}={}", urlencode(k), urlencode(v))).collect::<Vec<_>>().join("&");
    format!("{base}?{encoded}")
}

fn urlencode(s: &str) -> String {
    url::form_urlencoded::byte_serialize(s.as_bytes()).collect()
}

async fn payments(State(state): State<AppState>, session: Session, headers: HeaderMap, params: Params) -> Response {
    let s = operator!(state, session, params, headers);
    let t = &s.texts;
    let search = ActionForm {
        action: format!("{}/payments", CONSOLE.base),
        post: false,
        submit: t.t("console-search"),
        fields: filter_fields(t, &params),
        danger: false,
        inline: true,
        label: Some(t.t("console-search")),
    };
    let mut blocks = vec![Block::Form(search)];
    let filter = match filter_of(&params) {
        Ok(f) => f,
        Err(_) => {
            let n = notice(t, Some("invalid"));
            return s.page(&state, "/payments", t.t("console-payments-title"), n, blocks);
        }
    };
    let exact = filter.term.is_some();
    let found = match state.payments.search(filter).await {
        Ok(found) => found,
        Err(_) => return super::unavailable(&state, CONSOLE, t),
    };
    if exact && found.len() == 1 && param(&params, "after_id").is_none() {
        return axum::response::Redirect::to(&format!("{}/payments/{}", CONSOLE.base, found[0].request_id))
            .into_response();
    }
    blocks.push(Block::Table(Table {
        caption: t.t("console-payments-found"),
        headers: [
            "console-col-request-id",
            "console-col-payment-id",
            "console-col-state",
            "console-col-amount",
            "console-col-method",
            "console-col-requisite",
            "console-col-created",
        ]
        .iter()
        .map(|k| t.t(k))
        .collect(),
        rows: found
            .iter()
            .map(|p| {
                vec![
                    payment_link(p),
                    Cell::Mono(p.payment_id.clone()),
                    state_cell(t, &p.state.to_string()),
                    Cell::Number(t.amount(p.amount, p.currency.code)),
                    text(method_of(p)),
                    Cell::Mono(requisite_of(p)),
                    text(t.time(p.created_ms)),
                ]
            })
            .collect(),
        empty: t.t("console-search-none"),
    }));
    if found.len() as i64 == PAGE
        && let Some(last) = found.last()
    {
        let href = next_page_link(&format!("{}/payments", CONSOLE.base), &params, last);
        blocks.push(Block::Facts(vec![(String::new(), link(href, t.t("console-older")))]));
    }
    let n = notice(t, param(&params, "notice"));
    s.page(&state, "/payments", t.t("console-payments-title"), n, blocks)
}

async fn payment(
    State(state): State<AppState>,
    session: Session,
    headers: HeaderMap,
    params: Params,
    Path(request_id): Path<String>,
) -> Response {
    let s = operator!(state, session, params, headers);
    let t = &s.texts;
    let p = match state.payments.by_request_id(&request_id).await {
        Ok(p) => p,
        Err(crate::domain::payments::DomainError::NotFound) => {
            return s.back("/payments", "not-found");
        }
        Err(_) => return super::unavailable(&state, CONSOLE, t),
    };
    let (history, callbacks, audit, receipts, ledger) = match (
        state.payments.history(&p.request_id).await,
        state.payments.callbacks(&p.request_id).await,
        state.payments.audit_of(Subject::Payment, &p.request_id).await,
        state.payments.receipts(&p.request_id).await,
        state.payments.ledger_of(&p).await,
    ) {
        (Ok(h), Ok(c), Ok(a), Ok(r), Ok(l)) => (h, c, a, r, l),
        _ => return super::unavailable(&state, CONSOLE, t),
    };
    let mut facts = vec![
        (t.t("console-col-request-id"), Cell::Mono(p.request_id.clone())),
        (t.t("console-col-payment-id"), Cell::Mono(p.payment_id.clone())),
        (t.t("console-col-project"), Cell::Mono(p.project_id.clone())),
        (t.t("console-col-type"), text(p.payment_type.code())),
        (t.t("console-col-state"), state_cell(t, &p.state.to_string())),
        (t.t("console-col-amount"), Cell::Number(t.amount(p.amount, p.currency.code))),
        (t.t("console-col-initial-amount"), Cell::Number(t.amount(p.initial_amount, p.currency.code))),
        (t.t("console-col-method"), text(method_of(&p))),
        (t.t("console-col-country"), text(p.country.code())),
        (t.t("console-col-created"), text(t.time(p.created_ms))),
        (t.t("console-col-requisite"), Cell::Mono(requisite_of(&p))),
    ];
    if let Some(received) = p.received_amount {
        facts.push((t.t("console-col-received"), Cell::Number(t.amount(received, p.currency.code))));
    }
    if let Some(d) = &p.status_description {
        facts.push((t.t("console-col-description"), text(d.clone())));
    }
    if p.has_receipt {
        facts.push((t.t("console-col-receipt"), text(t.t("console-receipt-yes"))));
    }
    let timeline = history
        .iter()
        .map(|h| {
            let state_text = h.state.to_string();
            let tone = match &state_cell(t, &state_text) {
                Cell::Status { tone, .. } => *tone,
                _ => Tone::Neutral,
            };
            TimelineItem {
                at: t.time(h.at_ms),
                title: state_text,
                detail: Some(
                    [
                        Some(t.amount(h.amount, p.currency.code)),
                        Some(h.actor.code().to_string()),
                        h.status_description.clone(),
                    ]
                    .into_iter()
                    .flatten()
                    .collect::<Vec<_>>()
                    .join(" · "),
                ),
                tone,
            }
        })
        .collect();
    let callback_rows = callbacks
        .iter()
        .map(|c| {
            let attempts = c
                .attempts
                .iter()
                .map(|a| {
                    format!(
                        "{} → {} ({} ms)",
                        t.time(a.at_ms),
                        a.http_status.map(|s| s.to_string()).or(a.error.clone()).unwrap_or_default(),
                        a.latency_ms
                    )
                })
                .collect::<Vec<_>>()
                .join("; ");
            vec![
                text(c.kind.code()),
                Cell::Mono(c.url.clone()),
                text(c.state.code()),
                text(if attempts.is_empty() { "-".to_string() } else { attempts }),
                Cell::Forms(vec![s.post(
                    &format!("/payments/{}/callbacks/{}/resend", p.request_id, c.id),
                    t.t("console-action-resend"),
                    vec![],
                )]),
            ]
        })
        .collect();
    let audit_rows = audit.iter().map(audit_row(t)).collect();
    let actions = actions(&s, &p);
    let mut blocks = vec![Block::Facts(facts)];
    if !actions.is_empty() {
        blocks.push(Block::Section {
            heading: t.t("console-decide"),
            id: "decide".into(),
            blocks: vec![Block::Actions(actions)],
        });
    }
    if !receipts.is_empty() {
        let mut shown = Vec::new();
        for r in &receipts {
            let href = format!("{}/payments/{}/receipts/{}", CONSOLE.base, p.request_id, r.id);
            if r.content_type.starts_with("image/") {
                let alt = t.ta("console-receipt-alt", &[("at", Arg::Text(t.time(r.uploaded_ms)))]);
                shown.push(Block::Image { src: href, alt });
            } else {
                let text = t.ta("console-receipt-download", &[("kb", Arg::Number((r.size + 1023) / 1024))]);
                shown.push(Block::Facts(vec![(t.time(r.uploaded_ms), link(href, text))]));
            }
        }
        blocks.push(Block::Section { heading: t.t("console-col-receipt"), id: "receipts".into(), blocks: shown });
    }
    blocks.push(Block::Section {
        heading: t.t("console-history"),
        id: "history".into(),
        blocks: vec![Block::Timeline(timeline)],
    });
    blocks.push(Block::Section {
        heading: t.t("console-ledger"),
        id: "ledger".into(),
        blocks: vec![Block::Table(Table {
            caption: t.t("console-ledger"),
            headers: ["console-col-when", "console-col-kind", "console-col-available", "console-col-locked"]
                .iter()
                .map(|k| t.t(k))
                .collect(),
            rows: ledger
                .iter()
                .map(|e| {
                    vec![
                        text(t.time(e.at_ms)),
                        text(e.entry.kind.code()),
                        Cell::Number(t.amount(e.entry.available_delta, &e.entry.currency)),
                        Cell::Number(t.amount(e.entry.locked_delta, &e.entry.currency)),
                    ]
                })
                .collect(),
            empty: t.t("console-empty"),
        })],
    });
    blocks.push(Block::Section {
        heading: t.t("console-callbacks"),
        id: "callbacks".into(),
        blocks: vec![Block::Table(Table {
            caption: t.t("console-callbacks"),
            headers: [
                "console-col-kind",
                "console-col-url",
                "console-col-state",
                "console-col-attempts",
                "console-col-actions",
            ]
            .iter()
            .map(|k| t.t(k))
            .collect(),
            rows: callback_rows,
            empty: t.t("console-empty"),
        })],
    });
    blocks.push(Block::Section {
        heading: t.t("console-audit-trail"),
        id: "audit".into(),
        blocks: vec![audit_table(t, audit_rows)],
    });
    let n = notice(t, param(&params, "notice"));
    s.page(&state, "/payments", t.ta("console-payment-title", &[("id", Arg::Text(p.request_id.clone()))]), n, blocks)
}

/// A receipt as uploaded: images shown inline, PDFs downloaded; never run as a page.
async fn receipt(
    State(state): State<AppState>,
    session: Session,
    headers: HeaderMap,
    params: Params,
    Path((request_id, receipt_id)): Path<(String, String)>,
) -> Response {
    let _s = operator!(state, session, params, headers);
    use axum::http::{HeaderValue, header};
    match state.payments.receipt_file(&request_id, &receipt_id).await {
        Ok((content_type, data)) => {
            let mut r = data.into_response();
            let h = r.headers_mut();
            let image = content_type.starts_with("image/");
            if let Ok(v) = HeaderValue::from_str(&content_type) {
                h.insert(header::CONTENT_TYPE, v);
            }
            let disposition = if image {
                "inline".to_string()
            } else {
                format!(
                    "attachment; filename=\"receipt-{}.pdf\"",
                    receipt_id.chars().filter(char::is_ascii_alphanumeric).collect::<String>()
                )
            };
            if let Ok(v) = HeaderValue::from_str(&disposition) {
                h.insert(header::CONTENT_DISPOSITION, v);
            }
            h.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
            h.insert(header::X_CONTENT_TYPE_OPTIONS, HeaderValue::from_static("nosniff"));
            h.insert(header::CONTENT_SECURITY_POLICY, HeaderValue::from_static("default-src 'none'; sandbox"));
            r
        }
        Err(_) => (axum::http::StatusCode::NOT_FOUND, "not found").into_response(),
    }
}

fn audit_row(t: &super::Texts) -> impl Fn(&crate::domain::audit::StoredAudit) -> Vec<Cell> + '_ {
    move |a| {
        let subject = if a.subject_kind == "payment" {
            link(format!("{}/payments/{}", CONSOLE.base, a.subject_id), a.subject_id.clone())
        } else {
            Cell::Mono(format!("{} {}", a.subject_kind, a.subject_id))
        };
        vec![
            text(t.time(a.at_ms)),
            text(a.actor.clone()),
            text(a.action.clone()),
            subject,
            text(a.state_before.clone().unwrap_or_default()),
            text(a.state_after.clone().unwrap_or_default()),
            text(a.detail.clone().unwrap_or_default()),
        ]
    }
}

fn audit_table(t: &super::Texts, rows: Vec<Vec<Cell>>) -> Block {
    Block::Table(Table {
        caption: t.t("console-audit-trail"),
        headers: [
            "console-col-when",
            "console-col-who",
            "console-col-action",
            "console-col-subject",
            "console-col-before",
            "console-col-after",
            "console-col-detail",
        ]
        .iter()
        .map(|k| t.t(k))
        .collect(),
        rows,
        empty: t.t("console-empty"),
    })
}

#[derive(Deserialize)]
struct DecisionForm {
    csrf: Option<String>,
    version: Option<i64>,
    full: Option<String>,
    amount: Option<String>,
    outcome: Option<String>,
    step: Option<String>,
}

/// The payment a decision is about, as it was when the operator saw it: one that moved
/// meanwhile is refused, so two operators never decide the same payment twice.
async fn decided_on(state: &AppState, s: &Signed, request_id: &str, version: Option<i64>) -> Result<Payment, Response> {
    let path = format!("/payments/{request_id}");
    let p = state.payments.by_request_id(request_id).await.map_err(|e| s.back(&path, refusal(&e)))?;
    if version.is_some_and(|v| v != p.version) {
        return Err(s.back(&path, "moved"));
    }
    Ok(p)
}

/// A decision form's operator (CSRF checked), the payment as the operator saw it, and the
/// payment's page to go back to.
async fn decision(
    state: &AppState,
    session: &Session,
    headers: &HeaderMap,
    request_id: &str,
    form: &DecisionForm,
) -> Result<(Signed, Payment, String), Response> {
    let s = signed_in(state, session, CONSOLE, None, headers).await?;
    if !s.csrf_ok(form.csrf.as_deref()) {
        return Err(super::forbidden(state, &s));
    }
    let p = decided_on(state, &s, request_id, form.version).await?;
    Ok((s, p, format!("/payments/{request_id}")))
}

async fn received(
    State(state): State<AppState>,
    session: Session,
    headers: HeaderMap,
    Path(request_id): Path<String>,
    Form(form): Form<DecisionForm>,
) -> Response {
    let (s, p, path) = match decision(&state, &session, &headers, &request_id, &form).await {
        Ok(d) => d,
        Err(r) => return r,
    };
    let amount = if form.full.is_some() {
        Some(p.amount)
    } else {
        form.amount.as_deref().and_then(|a| parse_major(a, p.currency.code))
    };
    let Some(amount) = amount else {
        return s.back(&path, "invalid");
    };
    match state.payments.funds_received(p, amount, &s.user.who()).await {
        Ok(_) => s.back(&path, "done"),
        Err(e) => s.back(&path, refusal(&e)),
    }
}

async fn resolve(
    State(state): State<AppState>,
    session: Session,
    headers: HeaderMap,
    Path(request_id): Path<String>,
    Form(form): Form<DecisionForm>,
) -> Response {
    let (s, p, path) = match decision(&state, &session, &headers, &request_id, &form).await {
        Ok(d) => d,
        Err(r) => return r,
    };
    let resolution = match form.outcome.as_deref() {
        Some("success") => Resolution::Success,
        Some("decline") => Resolution::Decline,
        _ => return s.back(&path, "invalid"),
    };
    let amount = match form.amount.as_deref().map(str::trim).filter(|a| !a.is_empty()) {
        Some(a) => match parse_major(a, p.currency.code) {
            Some(x) => Some(x),
            None => return s.back(&path, "invalid"),
        },
        None => None,
    };
    match state.payments.resolve(p, resolution, amount, &s.user.who()).await {
        Ok(_) => s.back(&path, "done"),
        Err(e) => s.back(&path, refusal(&e)),
    }
}

async fn payout_action(
    State(state): State<AppState>,
    session: Session,
    headers: HeaderMap,
    Path(request_id): Path<String>,
    Form(form): Form<DecisionForm>,
) -> Response {
    let (s, p, path) = match decision(&state, &session, &headers, &request_id, &form).await {
        Ok(d) => d,
        Err(r) => return r,
    };
    if p.payment_type != PaymentType::Payout {
        return s.back(&path, "invalid");
    }
    let who = s.user.who();
    let result = match form.step.as_deref() {
        Some("execute") => state.payments.execute_payout(p, &who).await,
        Some("success") => state.payments.payout_result(p, true, &who).await,
        Some("failed") => state.payments.payout_result(p, false, &who).await,
        _ => return s.back(&path, "invalid"),
    };
    match result {
        Ok(_) => s.back(&path, "done"),
        Err(e) => s.back(&path, refusal(&e)),
    }
}

async fn resend(
    State(state): State<AppState>,
    session: Session,
    headers: HeaderMap,
    Path((request_id, callback_id)): Path<(String, i64)>,
    Form(form): Form<CsrfForm>,
) -> Response {
    let s = operator_post!(state, session, headers, form.csrf.as_deref());
    let path = format!("/payments/{request_id}");
    match state.payments.resend_callback(&request_id, callback_id, Some(&s.user.who())).await {
        Ok(_) => s.back(&path, "resent"),
        Err(e) => s.back(&path, refusal(&e)),
    }
}

#[derive(Deserialize)]
struct IncomingForm {
    csrf: Option<String>,
    requisite: Option<String>,
    amount: Option<String>,
    currency: Option<String>,
    reference: Option<String>,
}

async fn incoming(
    State(state): State<AppState>,
    session: Session,
    headers: HeaderMap,
    Form(form): Form<IncomingForm>,
) -> Response {
    let s = operator_post!(state, session, headers, form.csrf.as_deref());
    let currency = form.currency.unwrap_or_default().trim().to_ascii_uppercase();
    let requisite = form.requisite.unwrap_or_default().trim().to_string();
    let Some(amount) = form.amount.as_deref().and_then(|a| parse_major(a, &currency)) else {
        return s.back("/", "invalid");
    };
    if requisite.is_empty() {
        return s.back("/", "invalid");
    }
    match state.payments.incoming(&requisite, amount, &currency, form.reference.as_deref(), &s.user.who()).await {
        Ok(Some(p)) => {
            tracing::info!(reference = ?form.reference, request_id = %p.request_id, "incoming transfer matched in the console");
            s.back(&format!("/payments/{}", p.request_id), "matched")
        }
        Ok(None) => s.back("/", "no-match"),
        Err(e) => s.back("/", refusal(&e)),
    }
}

async fn requisites(State(state): State<AppState>, session: Session, headers: HeaderMap, params: Params) -> Response {
    let s = operator!(state, session, params, headers);
    let n = notice(&s.texts, param(&params, "notice"));
    requisites_page(&state, &s, n, axum::http::StatusCode::OK).await
}

async fn requisites_page(
    state: &AppState,
    s: &Signed,
    n: Option<app::model::ConsoleNotice>,
    status: axum::http::StatusCode,
) -> Response {
    let t = &s.texts;
    let now = crate::domain::time::now_ms();
    let (list, usage) =
        match (state.requisites.list().await, state.requisites.usage(now - now.rem_euclid(86_400_000)).await) {
            (Ok(l), Ok(u)) => (l, u),
            _ => return super::unavailable(state, CONSOLE, t),
        };
    let rows = list
        .iter()
        .map(|r| {
            let limits = |v: Option<i64>| v.map(|x| t.amount(x, &r.currency)).unwrap_or_else(|| "-".into());
            let toggle = if r.active {
                ActionForm {
                    danger: true,
                    ..s.post(
                        &format!("/requisites/{}/active", r.id),
                        t.t("console-action-disable"),
                        vec![hidden("active", "false")],
                    )
                }
            } else {
                s.post(
                    &format!("/requisites/{}/active", r.id),
                    t.t("console-action-enable"),
                    vec![hidden("active", "true")],
                )
            };
            let digits = crate::domain::catalogue::Currency::parse(&r.currency).map_or(2, |c| c.digits);
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
            vec![
                Cell::Mono(r.masked_pan()),
                text(format!("{} {}", r.country, r.currency)),
                text(r.methods.join(", ")),
                text(r.bank_name.clone().or(r.bank_symbol.clone()).unwrap_or_else(|| "-".into())),
                text(format!("{} … {}", limits(r.min_amount), limits(r.max_amount))),
                Cell::Number(usage.get(&r.id).map_or(0, |u| u.0).to_string()),
                Cell::Number(t.amount(usage.get(&r.id).map_or(0, |u| u.1), &r.currency)),
                Cell::Status {
                    text: t.t(if r.active { "console-active" } else { "console-inactive" }),
                    tone: if r.active { Tone::Good } else { Tone::Neutral },
                },
                Cell::Forms(vec![toggle, edit]),
            ]
        })
        .collect();
    let add = ActionForm {
        inline: false,
        label: Some(t.t("console-requisite-add")),
        ..s.post(
            "/requisites",
            t.t("console-requisite-add"),
            vec![
                FormField { value: "RU".into(), ..field("country", t.t("console-col-country"), FieldKind::Text, true) },
                FormField {
                    value: "RUB".into(),
                    ..field("currency", t.t("console-field-currency"), FieldKind::Text, true)
                },
                FormField {
                    hint: Some(t.t("console-requisite-methods-hint")),
                    value: "card-p2p".into(),
                    ..field("methods", t.t("console-col-method"), FieldKind::Text, true)
                },
                FormField {
                    autocomplete: Some("off".into()),
                    ..field("pan", t.t("console-field-pan"), FieldKind::Text, true)
                },
                field("card_holder", t.t("console-field-holder"), FieldKind::Text, false),
                field("bank_symbol", t.t("console-field-bank"), FieldKind::Text, false),
                field("min_amount", t.t("console-field-min"), FieldKind::Amount, false),
                field("max_amount", t.t("console-field-max"), FieldKind::Amount, false),
            ],
        )
    };
    let blocks = vec![
        Block::Table(Table {
            caption: t.t("console-requisites-title"),
            headers: [
                "console-col-requisite",
                "console-col-country",
                "console-col-method",
                "console-field-bank",
                "console-col-limits",
                "console-col-open",
                "console-col-turnover",
                "console-col-state",
                "console-col-actions",
            ]
            .iter()
            .map(|k| t.t(k))
            .collect(),
            rows,
            empty: t.t("console-empty"),
        }),
        Block::Section { heading: t.t("console-requisite-add"), id: "add".into(), blocks: vec![Block::Form(add)] },
    ];
    let mut r = s.page(state, "/requisites", t.t("console-requisites-title"), n, blocks);
    *r.status_mut() = status;
    r
}

#[derive(Deserialize)]
struct RequisiteForm {
    csrf: Option<String>,
    country: Option<String>,
    currency: Option<String>,
    methods: Option<String>,
    pan: Option<String>,
    card_holder: Option<String>,
    bank_symbol: Option<String>,
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

async fn add_requisite(
    State(state): State<AppState>,
    session: Session,
    headers: HeaderMap,
    Form(form): Form<RequisiteForm>,
) -> Response {
    let s = operator_post!(state, session, headers, form.csrf.as_deref());
    let currency = optional(form.currency).unwrap_or_default().to_ascii_uppercase();
    let (Ok(min_amount), Ok(max_amount)) = (
        optional_amount(form.min_amount.as_deref(), &currency),
        optional_amount(form.max_amount.as_deref(), &currency),
    ) else {
        return s.back("/requisites", "invalid");
    };
    let new = NewRequisite {
        country: optional(form.country).unwrap_or_default().to_ascii_uppercase(),
        currency,
        methods: form
            .methods
            .unwrap_or_default()
            .split([',', ' '])
            .map(str::trim)
            .filter(|m| !m.is_empty())
            .map(str::to_string)
            .collect(),
        pan: optional(form.pan).unwrap_or_default().replace(' ', ""),
        card_holder: optional(form.card_holder),
        bank_symbol: optional(form.bank_symbol),
        bank_name: None,
        bank_country: None,
        min_amount,
        max_amount,
        payment_system: None,
        extra_param: None,
        active: Some(true),
    };
    match state.requisites.create(new, Some(&s.user.who())).await {
        Ok(_) => s.back("/requisites", "requisite-added"),
        Err(crate::domain::payments::DomainError::Validation(violations)) => {
            // The form's problems, by their fields' labels, on the page itself.
            let labels = [
                ("country", "console-col-country"),
                ("currency", "console-field-currency"),
                ("methods", "console-col-method"),
                ("pan", "console-field-pan"),
                ("card_holder", "console-field-holder"),
                ("bank_symbol", "console-field-bank"),
                ("min_amount", "console-field-min"),
                ("max_amount", "console-field-max"),
            ];
            let n = Some(super::invalid_fields(&s.texts, &violations, &labels));
            requisites_page(&state, &s, n, axum::http::StatusCode::BAD_REQUEST).await
        }
        Err(e) => s.back("/requisites", refusal(&e)),
    }
}

#[derive(Deserialize)]
struct ActiveForm {
    csrf: Option<String>,
    active: Option<String>,
}

async fn requisite_active(
    State(state): State<AppState>,
    session: Session,
    headers: HeaderMap,
    Path(id): Path<String>,
    Form(form): Form<ActiveForm>,
) -> Response {
    let s = operator_post!(state, session, headers, form.csrf.as_deref());
    let active = form.active.as_deref() == Some("true");
    match state.requisites.set_active(&id, active, Some(&s.user.who())).await {
        Ok(_) => s.back("/requisites", "saved"),
        Err(e) => s.back("/requisites", refusal(&e)),
    }
}

#[derive(Deserialize)]
struct LimitsForm {
    csrf: Option<String>,
    min_amount: Option<String>,
    max_amount: Option<String>,
}

async fn requisite_limits(
    State(state): State<AppState>,
    session: Session,
    headers: HeaderMap,
    Path(id): Path<String>,
    Form(form): Form<LimitsForm>,
) -> Response {
    let s = operator_post!(state, session, headers, form.csrf.as_deref());
    let requisite = match state.requisites.get(&id).await {
        Ok(r) => r,
        Err(e) => return s.back("/requisites", refusal(&e)),
    };
    let (Ok(min), Ok(max)) = (
        optional_amount(form.min_amount.as_deref(), &requisite.currency),
        optional_amount(form.max_amount.as_deref(), &requisite.currency),
    ) else {
        return s.back("/requisites", "invalid");
    };
    match state.requisites.set_limits(&id, min, max, Some(&s.user.who())).await {
        Ok(_) => s.back("/requisites", "saved"),
        Err(e) => s.back("/requisites", refusal(&e)),
    }
}

async fn audit(State(state): State<AppState>, session: Session, headers: HeaderMap, params: Params) -> Response {
    let s = operator!(state, session, params, headers);
    let t = &s.texts;
    let before = param(&params, "before").and_then(|b| b.parse().ok());
    let entries = match state.payments.audit_log(before, 100).await {
        Ok(e) => e,
        Err(_) => return super::unavailable(&state, CONSOLE, t),
    };
    let next = (entries.len() == 100).then(|| entries.last().map(|e| e.id)).flatten();
    let mut blocks = vec![audit_table(t, entries.iter().map(audit_row(t)).collect())];
    if let Some(id) = next {
        blocks.push(Block::Facts(vec![(
            String::new(),
            link(format!("{}/audit?before={id}", CONSOLE.base), t.t("console-older")),
        )]));
    }
    s.page(&state, "/audit", t.t("console-audit-title"), None, blocks)
}

// ---------------------------------------------------------------------------------------------
// Bank statements: check first, then apply in one go.

/// A statement is at most this large (about 10,000 rows).
const MAX_STATEMENT_BYTES: usize = 1024 * 1024;

fn outcome_cell(t: &super::Texts, outcome: &RowOutcome) -> Cell {
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

fn statement_table(t: &super::Texts, rows: &[StatementRow], outcomes: &[RowOutcome]) -> Block {
    Block::Table(Table {
        caption: t.t("console-statement-rows"),
        headers: [
            "console-col-line",
            "console-col-when",
            "console-col-amount",
            "console-field-requisite",
            "console-field-reference",
            "console-col-outcome",
        ]
        .iter()
        .map(|k| t.t(k))
        .collect(),
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

fn count(outcomes: &[RowOutcome], f: impl Fn(&RowOutcome) -> bool) -> i64 {
    outcomes.iter().filter(|o| f(o)).count() as i64
}

fn summary(t: &super::Texts, key: &str, outcomes: &[RowOutcome]) -> String {
    t.ta(
        key,
        &[
            ("matched", Arg::Number(count(outcomes, |o| matches!(o, RowOutcome::Matches(_))))),
            ("unmatched", Arg::Number(count(outcomes, |o| matches!(o, RowOutcome::Unmatched)))),
            ("already", Arg::Number(count(outcomes, |o| matches!(o, RowOutcome::AlreadyApplied)))),
            ("refused", Arg::Number(count(outcomes, |o| matches!(o, RowOutcome::Refused(_))))),
        ],
    )
}

/// A statement whose lines do not parse: every problem listed, nothing applied.
fn statement_problems(state: &AppState, s: &Signed, problems: Vec<crate::domain::violations::Violation>) -> Response {
    let t = &s.texts;
    // The parser's reasons are a fixed set: shown in the console's language.
    let reason = |message: &str| -> String {
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
    };
    let place = |field: &str| -> String {
        match field.strip_prefix("line ").and_then(|n| n.parse::<i64>().ok()) {
            Some(n) => t.ta("console-statement-line", &[("line", Arg::Number(n))]),
            None => t.t("console-statement-file-label"),
        }
    };
    let rows = problems.into_iter().map(|p| vec![text(place(&p.field)), text(reason(&p.message))]).collect();
    let blocks = vec![Block::Table(Table {
        caption: t.t("console-statement-problems"),
        headers: vec![t.t("console-col-line"), t.t("console-col-detail")],
        rows,
        empty: String::new(),
    })];
    let n = Some(app::model::ConsoleNotice { text: t.t("console-statement-not-applied"), error: true });
    let mut r = s.page(state, "/", t.t("console-statement-title"), n, blocks);
    *r.status_mut() = axum::http::StatusCode::BAD_REQUEST;
    r
}

async fn statement_preview(
    State(state): State<AppState>,
    session: Session,
    headers: HeaderMap,
    mut form: Multipart,
) -> Response {
    let mut csrf = None;
    let mut content = None;
    while let Ok(Some(field)) = form.next_field().await {
        match field.name() {
            Some("csrf") => csrf = field.text().await.ok(),
            Some("statement") => content = field.bytes().await.ok(),
            _ => {}
        }
    }
    let s = operator_post!(state, session, headers, csrf.as_deref());
    let t = &s.texts;
    let Some(content) = content.filter(|c| !c.is_empty() && c.len() <= MAX_STATEMENT_BYTES) else {
        return s.back("/", "invalid");
    };
    let Ok(text_content) = String::from_utf8(content.to_vec()) else {
        return statement_problems(
            &state,
            &s,
            vec![crate::domain::violations::Violation { field: "file".into(), message: "is not UTF-8 text".into() }],
        );
    };
    let rows = match parse_statement(&text_content) {
        Ok(rows) => rows,
        Err(problems) => return statement_problems(&state, &s, problems),
    };
    let outcomes = match state.payments.preview_statement(&rows).await {
        Ok(o) => o,
        Err(_) => return super::unavailable(&state, CONSOLE, t),
    };
    let apply = ActionForm {
        inline: false,
        label: Some(t.t("console-statement-apply")),
        ..s.post(
            "/statements/apply",
            t.t("console-statement-apply"),
            vec![hidden(
                "statement",
                &base64::Engine::encode(&base64::engine::general_purpose::STANDARD, text_content.as_bytes()),
            )],
        )
    };
    let blocks = vec![
        Block::Paragraph(summary(t, "console-statement-preview-summary", &outcomes)),
        statement_table(t, &rows, &outcomes),
        Block::Form(apply),
    ];
    s.page(&state, "/", t.t("console-statement-check-title"), None, blocks)
}

#[derive(Deserialize)]
struct ApplyForm {
    csrf: Option<String>,
    statement: Option<String>,
}

async fn statement_apply(
    State(state): State<AppState>,
    session: Session,
    headers: HeaderMap,
    Form(form): Form<ApplyForm>,
) -> Response {
    let s = operator_post!(state, session, headers, form.csrf.as_deref());
    let t = &s.texts;
    let decoded = form
        .statement
        .as_deref()
        .and_then(|b| base64::Engine::decode(&base64::engine::general_purpose::STANDARD, b).ok())
        .filter(|c| c.len() <= MAX_STATEMENT_BYTES)
        .and_then(|c| String::from_utf8(c).ok());
    let Some(content) = decoded else {
        return s.back("/", "invalid");
    };
    let rows = match parse_statement(&content) {
        Ok(rows) => rows,
        Err(problems) => return statement_problems(&state, &s, problems),
    };
    let outcomes = match state.payments.apply_statement(&rows, &s.user.who()).await {
        Ok(o) => o,
        Err(_) => return super::unavailable(&state, CONSOLE, t),
    };
    let n = Some(app::model::ConsoleNotice {
        text: summary(t, "console-statement-applied-summary", &outcomes),
        error: false,
    });
    s.page(&state, "/", t.t("console-statement-applied-title"), n, vec![statement_table(t, &rows, &outcomes)])
}

// ---------------------------------------------------------------------------------------------
// Dashboard

/// A duration as operators read it: `42 s`, `3 min 5 s`, `2 h 10 min`.
fn duration_text(t: &super::Texts, ms: Option<i64>) -> String {
    let Some(ms) = ms else { return "-".into() };
    let s = ms / 1000;
    if s < 60 {
        t.ta("console-duration-s", &[("s", Arg::Number(s))])
    } else if s < 3600 {
        t.ta("console-duration-min", &[("min", Arg::Number(s / 60)), ("s", Arg::Number(s % 60))])
    } else {
        t.ta("console-duration-h", &[("h", Arg::Number(s / 3600)), ("min", Arg::Number(s % 3600 / 60))])
    }
}

/// The blocks of one period: the shares and medians, a chart of counts per country and
/// method, a chart of volume per currency, and the numbers in a table.
pub fn period_blocks(t: &super::Texts, stats: &crate::domain::stats::PeriodStats) -> Vec<Block> {
    use crate::domain::stats::percent;
    use app::model::Chart;
    let total = stats.total();
    let share = |part: i64| format!("{} % ({part})", percent(part, total.count));
    let facts = vec![
        (t.t("console-stat-count"), Cell::Number(total.count.to_string())),
        (t.t("console-stat-requisites"), Cell::Number(share(total.got_requisites))),
        (t.t("console-stat-success"), Cell::Number(share(total.success))),
        (t.t("console-stat-expired"), Cell::Number(share(total.expired))),
        (t.t("console-stat-disputed"), Cell::Number(share(total.disputed))),
        (t.t("console-stat-to-requisites"), text(duration_text(t, stats.median_to_requisites_ms))),
        (t.t("console-stat-to-success"), text(duration_text(t, stats.median_to_success_ms))),
    ];
    let label = |g: &crate::domain::stats::GroupStats| {
        format!("{} · {}", g.country, if g.method.is_empty() { "-" } else { &g.method })
    };
    let counts = Chart {
        title: t.t("console-chart-count"),
        bars: stats.groups.iter().take(12).map(|g| (label(g), g.count, g.count.to_string())).collect(),
    };
    let mut volumes: Vec<(String, i64)> = Vec::new();
    for g in &stats.groups {
        match volumes.iter_mut().find(|(c, _)| *c == g.currency) {
            Some((_, v)) => *v += g.volume,
            None => volumes.push((g.currency.clone(), g.volume)),
        }
    }
    volumes.sort_by_key(|v| std::cmp::Reverse(v.1));
    let volume = Chart {
        title: t.t("console-chart-volume"),
        bars: volumes.iter().map(|(c, v)| (c.clone(), *v, t.amount(*v, c))).collect(),
    };
    let table = Table {
        caption: t.t("console-stat-table"),
        headers: [
            "console-col-country",
            "console-col-method",
            "console-stat-count",
            "console-chart-volume",
            "console-stat-requisites",
            "console-stat-success",
            "console-stat-expired",
            "console-stat-disputed",
        ]
        .iter()
        .map(|k| t.t(k))
        .collect(),
        rows: stats
            .groups
            .iter()
            .map(|g| {
                let pc = |part: i64| Cell::Number(format!("{} %", percent(part, g.count)));
                vec![
                    text(g.country.clone()),
                    text(g.method.clone()),
                    Cell::Number(g.count.to_string()),
                    Cell::Number(t.amount(g.volume, &g.currency)),
                    pc(g.got_requisites),
                    pc(g.success),
                    pc(g.expired),
                    pc(g.disputed),
                ]
            })
            .collect(),
        empty: t.t("console-empty"),
    };
    let mut blocks = vec![Block::Facts(facts), Block::Chart(counts), Block::Chart(volume)];
    if !stats.days.is_empty() {
        blocks.push(Block::Chart(Chart {
            title: t.t("console-chart-days"),
            bars: stats
                .days
                .iter()
                .map(|(day, count, success)| {
                    let label = super::format_utc(*day)[..10].to_string();
                    (label, *count, format!("{count} · {} %", percent(*success, *count)))
                })
                .collect(),
        }));
    }
    blocks.push(Block::Table(table));
    if let Some(at) = stats.earlier_days_as_of_ms {
        blocks.push(Block::Paragraph(t.ta("console-earlier-days-as-of", &[("at", Arg::Text(t.time(at)))])));
    }
    blocks
}

async fn dashboard(State(state): State<AppState>, session: Session, headers: HeaderMap, params: Params) -> Response {
    let s = operator!(state, session, params, headers);
    let t = &s.texts;
    let (today, week) = match state.payments.dashboard(crate::domain::time::now_ms(), None).await {
        Ok(stats) => stats,
        Err(_) => return super::unavailable(&state, CONSOLE, t),
    };
    let blocks = vec![
        Block::Section { heading: t.t("console-period-today"), id: "today".into(), blocks: period_blocks(t, &today) },
        Block::Section { heading: t.t("console-period-week"), id: "week".into(), blocks: period_blocks(t, &week) },
    ];
    s.page(&state, "/dashboard", t.t("console-dashboard-title"), None, blocks)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn days_are_utc_midnights() {
        assert_eq!(day_start_ms("1970-01-01"), Some(0));
        assert_eq!(day_start_ms("2026-11-23"), Some(1_795_392_000_000));
        assert_eq!(crate::http::console::format_utc(day_start_ms("2024-02-29").unwrap()), "2024-02-29 00:00:00");
        assert_eq!(day_start_ms("2026-13-01"), None);
        assert_eq!(day_start_ms("yesterday"), None);
    }
}
