//! What both consoles show, built once: a payment's state with its colour, the payments table,
//! a payment's facts and history, a callback's state, ledger and audit tables, the search filter and its pager,
//! the dashboard's periods, and the CSV cell guard.

use app::i18n::Arg;
use app::model::{ActionForm, Block, Cell, Chart, FieldKind, FormField, Table, TimelineItem, Tone};

use super::{Params, Texts, field, link, param, parse_major, text};
use crate::domain::audit::StoredAudit;
use crate::domain::dashboard::Period;
use crate::domain::ledger::StoredEntry;
use crate::domain::outbox::{Attempt, CallbackState};
use crate::domain::payment::{Payment, PaymentState, Standing, StateFilter, mask_requisite};
use crate::domain::ports::{HistoryEntry, PaymentFilter, PaymentTotal};
use crate::domain::project::Project;
use crate::domain::stats::{GroupStats, PeriodStats, percent, percent_change};

/// Rows on one page of a console list.
pub const PAGE: i64 = 50;

/// The colour of a state.
pub fn tone(state: PaymentState) -> Tone {
    match state.standing() {
        Standing::Succeeded => Tone::Good,
        Standing::Failed => Tone::Bad,
        Standing::Waiting => Tone::Waiting,
        Standing::Open => Tone::Neutral,
    }
}

/// A state as people read it (the translated name, then the code), with its colour.
pub fn state_cell(t: &Texts, state: PaymentState) -> Cell {
    Cell::Status { text: state_label(t, &state.to_string()), tone: tone(state) }
}

/// The translated name of a state or status code, with the code.
fn state_label(t: &Texts, code: &str) -> String {
    let label = state_name(t, code);
    if label == code { label } else { format!("{label} ({code})") }
}

/// The translated name of a state or status code alone (a heading), else the code.
fn state_name(t: &Texts, code: &str) -> String {
    let key = format!("state-{}", code.replace([':', '_'], "-"));
    let label = t.t(&key);
    if label == key { code.to_string() } else { label }
}

/// A callback's state as people read it: when it is tried next, when it arrived, or why it
/// stopped (never a bare "pending").
pub fn callback_state(
    t: &Texts,
    state: CallbackState,
    attempts: usize,
    next_attempt_ms: Option<i64>,
    delivered_ms: Option<i64>,
) -> Cell {
    let at = |ms: Option<i64>| Arg::Text(ms.map(|ms| t.time(ms)).unwrap_or_else(|| "-".into()));
    let (text, tone) = match state {
        CallbackState::Pending if attempts == 0 => {
            (t.ta("console-callback-queued", &[("at", at(next_attempt_ms))]), Tone::Waiting)
        }
        CallbackState::Pending => (
            t.ta(
                "console-callback-retrying",
                &[("at", at(next_attempt_ms)), ("attempts", Arg::Number(attempts as i64))],
            ),
            Tone::Bad,
        ),
        CallbackState::Delivered => (t.ta("console-callback-delivered", &[("at", at(delivered_ms))]), Tone::Good),
        CallbackState::Superseded => (t.t("console-callback-superseded"), Tone::Neutral),
        CallbackState::Abandoned => {
            (t.ta("console-callback-abandoned", &[("attempts", Arg::Number(attempts as i64))]), Tone::Bad)
        }
    };
    Cell::Status { text, tone }
}

/// An attempt's answer: the HTTP status, or what went wrong.
pub fn attempt_answer(a: &Attempt) -> String {
    a.http_status.map(|s| s.to_string()).or(a.error.clone()).unwrap_or_default()
}

/// The method code of a payment (the widget method when the payer chose one), or `-`.
pub fn method_of(p: &Payment) -> String {
    p.method.map(|m| m.code()).or(p.widget_method.map(|m| m.code())).unwrap_or("-").to_string()
}

/// The requisite a payment was given, masked as lists show it.
pub fn requisite_of(p: &Payment) -> String {
    p.recipient.as_ref().map(|r| mask_requisite(p.kind(), &r.pan)).unwrap_or_else(|| "-".into())
}

/// A payment's id, linked to its page in the console at `base`.
pub fn payment_link(base: &str, p: &Payment) -> Cell {
    link(format!("{base}/payments/{}", p.request_id), p.request_id.clone())
}

/// "Merchant · project" by project id, for tables that say whose a payment is.
pub type ProjectNames = std::collections::HashMap<String, String>;

/// The names of these projects as tables show them (the merchant's name first).
pub fn project_names(projects: &[Project]) -> ProjectNames {
    projects.iter().map(|p| (p.id.clone(), format!("{} · {}", p.merchant_name, p.name))).collect()
}

/// A column of the payments table.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Column {
    RequestId,
    PaymentId,
    Type,
    Project,
    State,
    Amount,
    Method,
    Requisite,
    Country,
    Created,
}

impl Column {
    fn header_key(self) -> &'static str {
        match self {
            Column::RequestId => "console-col-request-id",
            Column::PaymentId => "console-col-payment-id",
            Column::Type => "console-col-type",
            Column::Project => "console-col-project",
            Column::State => "console-col-state",
            Column::Amount => "console-col-amount",
            Column::Method => "console-col-method",
            Column::Requisite => "console-col-requisite",
            Column::Country => "console-col-country",
            Column::Created => "console-col-created",
        }
    }

    fn cell(self, t: &Texts, base: &str, names: &ProjectNames, p: &Payment) -> Cell {
        match self {
            Column::RequestId => payment_link(base, p),
            Column::PaymentId => Cell::Mono(p.payment_id.clone()),
            Column::Type => text(t.t(type_key(p.payment_type.code()))),
            Column::Project => text(names.get(&p.project_id).cloned().unwrap_or_else(|| p.project_id.clone())),
            Column::State => state_cell(t, p.state),
            Column::Amount => Cell::Number(t.amount(p.amount, p.currency.code)),
            Column::Method => text(method_of(p)),
            Column::Requisite => Cell::Masked(requisite_of(p)),
            Column::Country => text(p.country.code()),
            Column::Created => text(t.time(p.created_ms)),
        }
    }
}

/// The word for a payment type (`payin`, `payout`).
fn type_key(code: &str) -> &'static str {
    if code == "payout" { "console-type-payout" } else { "console-type-payin" }
}

/// A table of payments with these columns, each linked to its page under `base`.
pub fn payments_table(
    t: &Texts,
    base: &str,
    caption: String,
    columns: &[Column],
    payments: &[Payment],
    names: &ProjectNames,
) -> Block {
    Block::Table(Table {
        caption,
        headers: columns.iter().map(|c| t.t(c.header_key())).collect(),
        rows: payments.iter().map(|p| columns.iter().map(|c| c.cell(t, base, names, p)).collect()).collect(),
        empty: t.t("console-search-none"),
    })
}

/// What a person needs to know about one payment, as label and value.
pub fn payment_facts(t: &Texts, p: &Payment, with_project: bool) -> Vec<(String, Cell)> {
    let amount = |v: i64| Cell::Number(t.amount(v, p.currency.code));
    let mut facts = vec![
        (t.t("console-col-request-id"), Cell::Mono(p.request_id.clone())),
        (t.t("console-col-payment-id"), Cell::Mono(p.payment_id.clone())),
    ];
    if with_project {
        facts.push((t.t("console-col-project"), Cell::Mono(p.project_id.clone())));
    }
    facts.extend([
        (t.t("console-col-type"), text(t.t(type_key(p.payment_type.code())))),
        (t.t("console-col-state"), state_cell(t, p.state)),
        (t.t("console-col-amount"), amount(p.amount)),
        (t.t("console-col-initial-amount"), amount(p.initial_amount)),
        (t.t("console-col-old-amount"), amount(p.old_amount)),
        (t.t("console-col-method"), text(method_of(p))),
        (t.t("console-col-country"), text(p.country.code())),
        (t.t("console-col-requisite"), Cell::Masked(requisite_of(p))),
        (t.t("console-col-created"), text(t.time(p.created_ms))),
    ]);
    if let Some(received) = p.received_amount {
        facts.push((t.t("console-col-received"), amount(received)));
    }
    if let Some(d) = &p.status_description {
        facts.push((t.t("console-col-description"), text(d.clone())));
    }
    if p.has_receipt {
        facts.push((t.t("console-col-receipt"), text(t.t("console-receipt-yes"))));
    }
    facts
}

/// A payout's receiver as the merchant gave it: the card or account number (`full`, grouped,
/// when the person may see it; else masked), the holder, the bank and the phone.
pub fn receiver_facts(t: &Texts, p: &Payment, full: Option<&str>) -> Vec<(String, Cell)> {
    let Some(r) = p.details.receiver.as_ref() else { return Vec::new() };
    let number = full.map(group_number).or(r.pan_hidden.clone());
    [
        ("console-receiver-number", number),
        ("console-field-holder", r.card_holder.clone()),
        ("console-field-bank", r.bank_symbol.clone()),
        ("console-receiver-phone", r.phone.clone()),
    ]
    .into_iter()
    .filter_map(|(label, value)| value.map(|v| (t.t(label), Cell::Mono(v))))
    .collect()
}

/// A card or account number in groups of four, as it is typed into a bank's form.
fn group_number(n: &str) -> String {
    n.as_bytes().chunks(4).map(|c| String::from_utf8_lossy(c).into_owned()).collect::<Vec<_>>().join(" ")
}

/// A payment's status history, oldest first; who moved it when `with_actor`.
pub fn timeline(t: &Texts, p: &Payment, history: &[HistoryEntry], with_actor: bool) -> Block {
    let items = history
        .iter()
        .map(|h| {
            let code = h.state.to_string();
            let detail = [
                Some(code.clone()),
                Some(t.amount(h.amount, p.currency.code)),
                with_actor.then(|| t.t(&format!("console-actor-{}", h.actor.code()))),
                h.status_description.clone(),
            ]
            .into_iter()
            .flatten()
            .collect::<Vec<_>>()
            .join(" · ");
            TimelineItem { at: t.time(h.at_ms), title: state_name(t, &code), detail: Some(detail), tone: tone(h.state) }
        })
        .collect();
    Block::Timeline(items)
}

/// The ledger entries of a payment.
pub fn ledger_table(t: &Texts, entries: &[StoredEntry]) -> Block {
    Block::Table(Table {
        caption: t.t("console-ledger"),
        headers: t.all(&[
            "console-col-when",
            "console-col-kind",
            "console-col-available-change",
            "console-col-locked-change",
        ]),
        rows: entries
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
    })
}

/// Audit entries; a payment's id links to its page under `base`.
pub fn audit_table(t: &Texts, base: &str, entries: &[StoredAudit]) -> Block {
    let row = |a: &StoredAudit| {
        let subject = if a.subject_kind == "payment" {
            link(format!("{base}/payments/{}", a.subject_id), a.subject_id.clone())
        } else {
            Cell::Mono(format!("{} {}", a.subject_kind, a.subject_id))
        };
        vec![
            text(t.time(a.at_ms)),
            // Who, with the role they had then.
            text(match a.actor_role.as_deref().and_then(crate::domain::user::Role::parse) {
                Some(role) => format!("{} ({})", a.actor, t.role(role)),
                None => a.actor.clone(),
            }),
            text(a.action.clone()),
            subject,
            Cell::Wrap(a.state_before.clone().unwrap_or_default()),
            Cell::Wrap(a.state_after.clone().unwrap_or_default()),
            Cell::Wrap(a.detail.clone().unwrap_or_default()),
        ]
    };
    Block::Table(Table {
        caption: t.t("console-audit-trail"),
        headers: t.all(&[
            "console-col-when",
            "console-col-who",
            "console-col-action",
            "console-col-subject",
            "console-col-before",
            "console-col-after",
            "console-col-detail",
        ]),
        rows: entries.iter().map(row).collect(),
        empty: t.t("console-empty"),
    })
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

/// The search form's fields, with the values of this request. The operator names a requisite
/// by its id, number or last four digits; a merchant, who sees masked numbers, by the last four.
pub fn filter_fields(t: &Texts, params: &Params, operator: bool) -> Vec<FormField> {
    let value = |name: &str| param(params, name).unwrap_or("").to_string();
    let mut states = vec![(String::new(), t.t("console-any"))];
    states.extend(StateFilter::all().into_iter().map(|f| (f.code(), state_label(t, &f.code()))));
    let types = ["", "payin", "payout"]
        .map(|code| (code.to_string(), if code.is_empty() { t.t("console-any") } else { t.t(type_key(code)) }));
    let requisite = if operator { "console-field-requisite-search" } else { "console-field-requisite-last4" };
    let mut fields = vec![
        FormField { value: value("q"), ..field("q", t.t("console-search-label"), FieldKind::Text, false) },
        FormField {
            value: value("type"),
            ..field("type", t.t("console-col-type"), FieldKind::Select(types.to_vec()), false)
        },
        FormField {
            value: value("state"),
            ..field("state", t.t("console-col-state"), FieldKind::Select(states), false)
        },
        FormField { value: value("requisite"), ..field("requisite", t.t(requisite), FieldKind::Text, false) },
    ];
    fields.extend([
        FormField { value: value("amount"), ..field("amount", t.t("console-col-amount"), FieldKind::Amount, false) },
        FormField {
            value: value("currency"),
            ..field("currency", t.t("console-field-currency"), FieldKind::Text, false)
        },
        FormField { value: value("from"), ..field("from", t.t("console-field-from"), FieldKind::Date, false) },
        FormField { value: value("to"), ..field("to", t.t("console-field-to"), FieldKind::Date, false) },
    ]);
    fields
}

/// A GET search form to `action` with these fields.
pub fn search_form(t: &Texts, action: String, fields: Vec<FormField>) -> ActionForm {
    ActionForm {
        action,
        post: false,
        submit: t.t("console-search"),
        fields,
        danger: false,
        inline: true,
        label: Some(t.t("console-search")),
    }
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
    let payment_type = match text("type").as_deref() {
        None => None,
        Some(code @ ("payin" | "payout")) => Some(code.to_string()),
        Some(_) => return Err("type"),
    };
    Ok(PaymentFilter {
        term: text("q"),
        state: text("state").filter(|s| StateFilter::parse(s).is_some()),
        requisite: text("requisite"),
        payment_type,
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

pub fn urlencode(s: &str) -> String {
    url::form_urlencoded::byte_serialize(s.as_bytes()).collect()
}

/// This request's query without the pager and the notice, encoded.
pub fn query_of(params: &Params) -> String {
    let mut query: Vec<(&String, &String)> =
        params.0.iter().filter(|(k, _)| !k.starts_with("after_") && *k != "notice").collect();
    query.sort();
    query.iter().map(|(k, v)| format!("{}={}", urlencode(k), urlencode(v))).collect::<Vec<_>>().join("&")
}

/// The link to the page after the last row shown, keeping the filter.
pub fn next_page_link(base: &str, params: &Params, last: &Payment) -> String {
    let query = query_of(params);
    let sep = if query.is_empty() { "" } else { "&" };
    format!("{base}?{query}{sep}after_ms={}&after_id={}", last.created_ms, urlencode(&last.request_id))
}

/// The pager under a full page of `found`, if there may be more.
pub fn pager(t: &Texts, base: &str, params: &Params, found: &[Payment]) -> Option<Block> {
    let last = found.last().filter(|_| found.len() as i64 == PAGE)?;
    Some(Block::Facts(vec![(String::new(), link(next_page_link(base, params, last), t.t("console-older")))]))
}

/// The totals of a search per type and currency (count, amount, of it succeeded), or, beyond
/// what is added up, a word that the filter should be narrowed.
pub fn totals_block(t: &Texts, totals: Option<Vec<PaymentTotal>>) -> Block {
    let Some(totals) = totals else {
        let cap = Arg::Number(crate::domain::lookup::TOTALS_CAP);
        return Block::Paragraph(t.ta("console-totals-capped", &[("cap", cap)]));
    };
    let amount = |v: i64, currency: &str| Cell::Number(t.amount(v, currency));
    Block::Table(Table {
        caption: t.t("console-totals"),
        headers: [
            "console-col-type",
            "console-field-currency",
            "console-totals-count",
            "console-col-amount",
            "console-totals-succeeded",
        ]
        .map(|k| t.t(k))
        .to_vec(),
        rows: totals
            .iter()
            .map(|g| {
                vec![
                    text(t.t(type_key(&g.payment_type))),
                    text(g.currency.clone()),
                    Cell::Number(t.count(g.count)),
                    amount(g.amount, &g.currency),
                    amount(g.succeeded, &g.currency),
                ]
            })
            .collect(),
        empty: t.t("console-search-none"),
    })
}

/// One CSV record, written by the `csv` crate with every text field quoted, so a reader that
/// splits on `;` (a Russian spreadsheet) or tabs finds no part of a field starting a cell of
/// its own; and never read as a formula: a text starting with `=`, `+`, `-`, `@`, a tab or a
/// carriage return gets an apostrophe first. Plain numbers (`-300.00`) stay numbers.
pub fn csv_record<S: AsRef<str>>(cells: &[S]) -> String {
    let mut w = csv::WriterBuilder::new()
        .quote_style(csv::QuoteStyle::NonNumeric)
        .terminator(csv::Terminator::Any(b'\n'))
        .from_writer(Vec::new());
    w.write_record(cells.iter().map(|c| guard_formula(c.as_ref()).into_owned())).expect("writing to memory");
    String::from_utf8(w.into_inner().expect("writing to memory")).expect("UTF-8 in, UTF-8 out")
}

fn guard_formula(value: &str) -> std::borrow::Cow<'_, str> {
    if value.starts_with(['=', '+', '-', '@', '\t', '\r']) && !is_plain_number(value) {
        format!("'{value}").into()
    } else {
        value.into()
    }
}

/// `-12`, `300.50`: what a spreadsheet reads as a number and nothing else.
fn is_plain_number(value: &str) -> bool {
    let digits = |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit());
    let unsigned = value.strip_prefix('-').unwrap_or(value);
    match unsigned.split_once('.') {
        Some((whole, fraction)) => digits(whole) && digits(fraction),
        None => digits(unsigned),
    }
}

/// A duration as operators read it: `42 s`, `3 min 5 s`, `2 h 10 min`.
fn duration_text(t: &Texts, ms: Option<i64>) -> String {
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

/// The dashboard at `path`: the period picker, the period beside the one before it, then the
/// period's own figures.
pub fn dashboard_blocks(
    t: &Texts,
    path: &str,
    period: Period,
    current: &PeriodStats,
    previous: &PeriodStats,
) -> Vec<Block> {
    let links = Period::ALL
        .into_iter()
        .map(|p| (format!("{path}?period={}", p.code()), t.t(&format!("console-period-{}", p.code())), p == period))
        .collect();
    let code = period.code();
    let mut blocks = vec![comparison(t, period, current, previous)];
    blocks.extend(period_blocks(t, current));
    vec![
        Block::Choices { label: t.t("console-period"), links },
        Block::Section { heading: t.t(&format!("console-period-{code}")), id: code.into(), blocks },
    ]
}

/// A period beside the one before it: payins, the success share and the volume per currency,
/// with the change.
fn comparison(t: &Texts, period: Period, current: &PeriodStats, previous: &PeriodStats) -> Block {
    let change = |now: i64, before: i64| match percent_change(now, before) {
        Some(p) => t.ta("console-compare-percent", &[("change", Arg::Text(signed(p)))]),
        None => "-".into(),
    };
    let (now, before) = (current.total(), previous.total());
    // No payin finished: no share to give (not "0 %"), nor a change against it.
    let share = |g: &GroupStats| (g.finished() > 0).then(|| percent(g.success, g.finished()));
    let share_text = |s: Option<i64>| s.map(|s| format!("{s} %")).unwrap_or_else(|| "-".into());
    let points = match (share(&now), share(&before)) {
        (Some(a), Some(b)) => t.ta("console-compare-points", &[("change", Arg::Text(signed(a - b)))]),
        _ => "-".into(),
    };
    let mut rows = vec![
        vec![
            text(t.t("console-stat-count")),
            Cell::Number(t.count(now.count)),
            Cell::Number(t.count(before.count)),
            Cell::Number(change(now.count, before.count)),
        ],
        vec![
            text(t.t("console-compare-success")),
            Cell::Number(share_text(share(&now))),
            Cell::Number(share_text(share(&before))),
            Cell::Number(points),
        ],
    ];
    let mut currencies: Vec<&str> =
        current.groups.iter().chain(&previous.groups).map(|g| g.currency.as_str()).collect();
    currencies.sort_unstable();
    currencies.dedup();
    for currency in currencies {
        let volume =
            |s: &PeriodStats| s.groups.iter().filter(|g| g.currency == currency).map(|g| g.volume).sum::<i64>();
        let (v_now, v_before) = (volume(current), volume(previous));
        rows.push(vec![
            text(t.ta("console-compare-volume", &[("currency", Arg::Text(currency.to_string()))])),
            Cell::Number(t.amount(v_now, currency)),
            Cell::Number(t.amount(v_before, currency)),
            Cell::Number(change(v_now, v_before)),
        ]);
    }
    let code = period.code();
    Block::Table(Table {
        caption: t.t(&format!("console-compare-{code}")),
        headers: t.all(&[
            "console-compare-what",
            &format!("console-period-{code}"),
            &format!("console-compare-before-{code}"),
            "console-compare-change",
        ]),
        rows,
        empty: t.t("console-empty"),
    })
}

/// A change with its sign, as people write it: +5, −3 (a minus sign, not a hyphen), 0.
fn signed(n: i64) -> String {
    match n {
        n if n > 0 => format!("+{n}"),
        n if n < 0 => format!("\u{2212}{}", n.unsigned_abs()),
        _ => "0".into(),
    }
}

/// The blocks of one period: the shares and medians, a chart of counts per country and
/// method, a chart of volume per currency, and the numbers in a table.
pub fn period_blocks(t: &Texts, stats: &PeriodStats) -> Vec<Block> {
    let total = stats.total();
    // Transfer payins get requisites; card and push payins do not, so they have their own row.
    let transfers = stats.total_of(GroupStats::uses_requisites);
    let cards = stats.total_of(|g| !g.uses_requisites());
    let share = |part: i64, whole: i64| format!("{} % ({})", percent(part, whole), t.count(part));
    let of_finished = |part: i64, g: &GroupStats| {
        t.ta("console-stat-of-finished", &[("share", Arg::Text(share(part, g.finished())))])
    };
    let facts = vec![
        (t.t("console-stat-count"), Cell::Number(t.count(total.count))),
        (t.t("console-stat-open"), Cell::Number(t.count(total.open))),
        (t.t("console-stat-success"), Cell::Number(of_finished(total.success, &total))),
        (t.t("console-stat-expired"), Cell::Number(of_finished(total.expired, &total))),
        (t.t("console-stat-disputed"), Cell::Number(share(total.disputed, total.count))),
        (t.t("console-stat-requisites"), Cell::Number(share(transfers.got_requisites, transfers.count))),
        (
            t.t("console-stat-cards"),
            Cell::Number(t.ta(
                "console-stat-cards-value",
                &[("count", Arg::Number(cards.count)), ("success", Arg::Text(of_finished(cards.success, &cards)))],
            )),
        ),
        (t.t("console-stat-to-requisites"), text(duration_text(t, stats.median_to_requisites_ms))),
        (t.t("console-stat-to-success"), text(duration_text(t, stats.median_to_success_ms))),
    ];
    let label = |g: &GroupStats| format!("{} · {}", g.country, if g.method.is_empty() { "-" } else { &g.method });
    let counts = Chart {
        title: t.t("console-chart-count"),
        bars: stats.groups.iter().take(12).map(|g| (label(g), g.count, t.count(g.count))).collect(),
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
    let mut blocks = vec![Block::Facts(facts), Block::Chart(counts), Block::Chart(volume)];
    if !stats.days.is_empty() {
        blocks.push(Block::Chart(Chart {
            title: t.t("console-chart-days"),
            bars: stats
                .days
                .iter()
                .map(|d| {
                    let label = super::format_utc(d.day_ms)[..10].to_string();
                    (label, d.count, format!("{} · {} %", t.count(d.count), percent(d.success, d.finished)))
                })
                .collect(),
        }));
    }
    blocks.push(groups_table(t, &stats.groups));
    if let Some(at) = stats.earlier_days_as_of_ms {
        blocks.push(Block::Paragraph(t.ta("console-earlier-days-as-of", &[("at", Arg::Text(t.time(at)))])));
    }
    blocks
}

fn groups_table(t: &Texts, groups: &[GroupStats]) -> Block {
    Block::Table(Table {
        caption: t.t("console-stat-table"),
        headers: t.all(&[
            "console-col-country",
            "console-col-method",
            "console-stat-count",
            "console-stat-open",
            "console-chart-volume",
            "console-stat-requisites",
            "console-stat-success",
            "console-stat-expired",
            "console-stat-disputed",
        ]),
        rows: groups
            .iter()
            .map(|g| {
                let pc = |part: i64, whole: i64| Cell::Number(format!("{} %", percent(part, whole)));
                let requisites = if g.uses_requisites() { pc(g.got_requisites, g.count) } else { text("—") };
                vec![
                    text(g.country.clone()),
                    text(g.method.clone()),
                    Cell::Number(t.count(g.count)),
                    Cell::Number(t.count(g.open)),
                    Cell::Number(t.amount(g.volume, &g.currency)),
                    requisites,
                    pc(g.success, g.finished()),
                    pc(g.expired, g.finished()),
                    pc(g.disputed, g.count),
                ]
            })
            .collect(),
        empty: t.t("console-empty"),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn stats(count: i64, success: i64, finished: i64, volume: i64) -> PeriodStats {
        let group = GroupStats {
            day_ms: 0,
            country: "RU".into(),
            method: "card-p2p".into(),
            currency: "RUB".into(),
            count,
            volume,
            got_requisites: count,
            success,
            expired: finished - success,
            disputed: 0,
            open: count - finished,
        };
        PeriodStats {
            from_ms: 0,
            to_ms: 1,
            groups: vec![group],
            median_to_requisites_ms: None,
            median_to_success_ms: None,
            days: Vec::new(),
            earlier_days_as_of_ms: None,
        }
    }

    fn rows_of(block: Block) -> Vec<Vec<String>> {
        let Block::Table(table) = block else { panic!("a table") };
        let cell = |c: &Cell| match c {
            Cell::Text(t) | Cell::Number(t) => t.clone(),
            _ => String::new(),
        };
        table.rows.iter().map(|r| r.iter().map(cell).collect()).collect()
    }

    #[test]
    fn a_period_beside_the_one_before_says_the_change_with_its_sign() {
        let t = Texts { i18n: crate::i18n::Locales::load().i18n("en"), lang: "en" };
        let rows = rows_of(comparison(&t, Period::Today, &stats(6, 3, 4, 30_000), &stats(8, 4, 5, 20_000)));
        assert_eq!(rows[0], ["Payins", "6", "8", "\u{2212}25 %"]);
        assert_eq!(rows[1], ["Succeeded, of finished", "75 %", "80 %", "\u{2212}5 points"]);
        assert_eq!(rows[2], ["Volume received, RUB", "300.00\u{a0}RUB", "200.00\u{a0}RUB", "+50 %"]);
        // Nothing before: no percentage, no share, no points.
        let rows = rows_of(comparison(&t, Period::Week, &stats(2, 1, 1, 100), &stats(0, 0, 0, 0)));
        assert_eq!(rows[0][3], "-");
        assert_eq!(rows[1][2..], ["-".to_string(), "-".to_string()]);
    }

    #[test]
    fn days_are_utc_midnights() {
        assert_eq!(day_start_ms("1970-01-01"), Some(0));
        assert_eq!(day_start_ms("2026-11-23"), Some(1_795_392_000_000));
        assert_eq!(super::super::format_utc(day_start_ms("2024-02-29").unwrap()), "2024-02-29 00:00:00");
        assert_eq!(day_start_ms("2026-13-01"), None);
        assert_eq!(day_start_ms("yesterday"), None);
    }

    #[test]
    fn csv_records_are_quoted_and_never_formulas() {
        assert_eq!(csv_record(&["order-1", "a,b"]), "\"order-1\",\"a,b\"\n");
        assert_eq!(csv_record(&["say \"hi\""]), "\"say \"\"hi\"\"\"\n");
        assert_eq!(csv_record(&["=HYPERLINK(\"x\")"]), "\"'=HYPERLINK(\"\"x\"\")\"\n");
        assert_eq!(csv_record(&["-1+2", "@SUM(A1)", "+1", "\t=1"]), "\"'-1+2\",\"'@SUM(A1)\",\"'+1\",\"'\t=1\"\n");
        // Numbers stay numbers, negative ones included.
        assert_eq!(csv_record(&["-300.00", "1500.50", "42"]), "-300.00,1500.50,42\n");
        // A reader that splits on `;` or tabs must not find a formula in a cell's second part.
        assert_eq!(csv_record(&["x;=1+2", "x\t=1+2"]), "\"x;=1+2\",\"x\t=1+2\"\n");
        // What it writes, the csv crate reads back as it was given (the guard aside).
        let written = csv_record(&["a\nb", "c\"d"]);
        let mut r = csv::ReaderBuilder::new().has_headers(false).from_reader(written.as_bytes());
        let back = r.records().next().unwrap().unwrap();
        assert_eq!((&back[0], &back[1]), ("a\nb", "c\"d"));
    }
}
