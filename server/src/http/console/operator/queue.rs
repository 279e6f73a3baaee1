//! The operator's work list: credits waiting for a second operator, payins whose payers say
//! they paid, disputes, payouts to send or to confirm, each with its decisions; and how many
//! transfers wait in the review list.

use axum::extract::State;
use axum::response::Response;

use super::super::guard::Operator;
use super::super::widgets::{method_of, payment_link, requisite_of, state_cell};
use super::super::{Params, Signed, Texts, hidden, link, text};
use super::CONSOLE;
use super::decisions::actions;
use crate::domain::approval::Approval;
use crate::domain::payment::{Payment, PaymentState};
use crate::domain::user::Permission;
use crate::http::AppState;
use app::i18n::Arg;
use app::model::{ActionForm, Block, Cell, Table};

/// How many of each list the queue shows.
const QUEUE_LIMIT: i64 = 200;

fn since(t: &Texts, from_ms: i64) -> String {
    let minutes = ((crate::domain::time::now_ms() - from_ms) / 60_000).max(0);
    t.ta("console-waiting-for", &[("minutes", Arg::Number(minutes))])
}

/// How often the queue refreshes itself with JavaScript.
const REFRESH_S: u32 = 30;

pub async fn queue(State(state): State<AppState>, Operator(s): Operator, params: Params) -> Response {
    let t = &s.texts;
    let decisions = &state.services.decisions;
    // The guard counted the queue for the navigation already; a page read without it counts here.
    let counts = async {
        match s.waiting {
            Some(counts) => Ok(counts),
            None => decisions.queue_counts().await,
        }
    };
    let (queue, counts) = match tokio::try_join!(decisions.queue(QUEUE_LIMIT), counts) {
        Ok(found) => found,
        Err(e) => return s.unavailable(&state, &e),
    };
    let (paid, disputes): (Vec<_>, Vec<_>) = queue.payins.into_iter().partition(|p| p.state == PaymentState::Paid);
    let payout_rows = queue.payouts.iter().map(|p| payout_row(&s, p)).collect();
    let approvals = queue.approvals.iter().map(|(a, p)| approval_row(&s, a, p)).collect();
    let now = crate::domain::time::now_ms();
    let blocks = vec![
        // Read at: the list changes by itself (with JavaScript it is read again every 30 s).
        Block::Facts(vec![
            (t.t("console-queue-updated"), text(t.time(now))),
            (String::new(), link(format!("{}/", CONSOLE.base), t.t("console-queue-refresh"))),
        ]),
        section(
            t,
            Listed {
                id: "approvals",
                heading: "console-queue-approvals",
                shown: queue.approvals.len(),
                count: counts.approvals,
                all: None,
            },
            table(t, "console-queue-approvals-caption", APPROVALS, approvals),
        ),
        Block::Section {
            heading: format!("{} ({})", t.t("console-queue-review"), counts.review),
            id: "review".into(),
            blocks: vec![Block::Facts(vec![(
                t.t("console-queue-review-count"),
                link(
                    format!("{}/reconciliation#review", CONSOLE.base),
                    t.ta("console-queue-review-link", &[("count", Arg::Number(counts.review))]),
                ),
            )])],
        },
        section(
            t,
            Listed {
                id: "paid",
                heading: "console-queue-paid",
                shown: paid.len(),
                count: counts.paid,
                all: Some("type=payin&state=processing%3Apaid"),
            },
            table(t, "console-queue-paid-caption", PAID, rows(&s, &paid, paid_row)),
        ),
        section(
            t,
            Listed {
                id: "disputes",
                heading: "console-queue-disputes",
                shown: disputes.len(),
                count: counts.disputes,
                all: Some("state=dispute"),
            },
            table(t, "console-queue-disputes-caption", DISPUTES, rows(&s, &disputes, dispute_row)),
        ),
        section(
            t,
            Listed {
                id: "payouts",
                heading: "console-queue-payouts",
                shown: queue.payouts.len(),
                count: counts.payouts,
                all: Some("type=payout&state=processing"),
            },
            table(t, "console-queue-payouts-caption", PAYOUTS, payout_rows),
        ),
    ];
    s.live_page(&state, "/", t.t("console-queue-title"), s.notice(&params), blocks, REFRESH_S)
}

/// One list of the queue: how many it shows of how many wait, and the search that lists them
/// all when the queue shows only the longest waiting.
struct Listed {
    id: &'static str,
    heading: &'static str,
    shown: usize,
    count: i64,
    all: Option<&'static str>,
}

const APPROVALS: &[&str] = &[
    "console-col-request-id",
    "console-col-proposal",
    "console-col-amount",
    "console-col-payment-amount",
    "console-col-proposed-by",
    "console-col-waiting",
    "console-col-actions",
];
const PAID: &[&str] = &[
    "console-col-request-id",
    "console-col-amount",
    "console-col-method",
    "console-col-requisite",
    "console-col-waiting",
    "console-col-actions",
];
const DISPUTES: &[&str] = &[
    "console-col-request-id",
    "console-col-state",
    "console-col-amount",
    "console-col-received",
    "console-col-receipt",
    "console-col-waiting",
    "console-col-actions",
];
const PAYOUTS: &[&str] = &[
    "console-col-request-id",
    "console-col-state",
    "console-col-amount",
    "console-col-method",
    "console-col-receiver",
    "console-col-waiting",
    "console-col-actions",
];

/// A list's section: its heading with how many wait; under a list cut at [`QUEUE_LIMIT`], how
/// many it shows and where to find the rest.
fn section(t: &Texts, list: Listed, table: Block) -> Block {
    let mut blocks = vec![table];
    if (list.shown as i64) < list.count {
        let args = [("shown", Arg::Number(list.shown as i64)), ("count", Arg::Number(list.count))];
        blocks.push(Block::Paragraph(t.ta("console-queue-more", &args)));
        if let Some(query) = list.all {
            blocks.push(Block::Link {
                href: format!("{}/payments?{query}", CONSOLE.base),
                text: t.t("console-queue-all"),
            });
        }
    }
    Block::Section { heading: format!("{} ({})", t.t(list.heading), list.count), id: list.id.into(), blocks }
}

fn table(t: &Texts, caption: &str, headers: &[&str], rows: Vec<Vec<Cell>>) -> Block {
    Block::Table(Table { caption: t.t(caption), headers: t.all(headers), rows, empty: t.t("console-empty") })
}

fn rows(s: &Signed, payments: &[Payment], row: fn(&Signed, &Payment) -> Vec<Cell>) -> Vec<Vec<Cell>> {
    payments.iter().map(|p| row(s, p)).collect()
}

fn paid_row(s: &Signed, p: &Payment) -> Vec<Cell> {
    let t = &s.texts;
    vec![
        payment_link(CONSOLE.base, p),
        Cell::Number(t.amount(p.amount, p.currency.code)),
        text(method_of(p)),
        Cell::Masked(requisite_of(p)),
        text(since(t, p.updated_ms)),
        Cell::Forms(actions(s, p, Some("/#paid"))),
    ]
}

fn dispute_row(s: &Signed, p: &Payment) -> Vec<Cell> {
    let t = &s.texts;
    let received = p.received_amount.map(|a| t.amount(a, p.currency.code)).unwrap_or_else(|| "-".into());
    let receipt = if p.has_receipt { t.t("console-receipt-yes") } else { "-".into() };
    vec![
        payment_link(CONSOLE.base, p),
        state_cell(t, p.state),
        Cell::Number(t.amount(p.amount, p.currency.code)),
        Cell::Number(received),
        text(receipt),
        text(since(t, p.updated_ms)),
        Cell::Forms(actions(s, p, Some("/#disputes"))),
    ]
}

/// A payout to send: to whom, masked (the payout's page shows the full number to the person
/// who pays, and logs that view).
fn payout_row(s: &Signed, p: &Payment) -> Vec<Cell> {
    let t = &s.texts;
    let r = p.details.receiver.as_ref();
    let whom = [
        r.and_then(|r| r.pan_hidden.clone().or(r.phone.clone())),
        r.and_then(|r| r.card_holder.clone()),
        r.and_then(|r| r.bank_symbol.clone()),
    ]
    .into_iter()
    .flatten()
    .collect::<Vec<_>>()
    .join(" · ");
    vec![
        payment_link(CONSOLE.base, p),
        state_cell(t, p.state),
        Cell::Number(t.amount(p.amount, p.currency.code)),
        text(method_of(p)),
        Cell::Mono(whom),
        text(since(t, p.created_ms)),
        Cell::Forms(actions(s, p, Some("/#payouts"))),
    ]
}

/// A credit waiting for a second operator: what, how much against the payment's own amount,
/// who proposed it; its proposer may only withdraw it.
fn approval_row(s: &Signed, a: &Approval, p: &Payment) -> Vec<Cell> {
    let t = &s.texts;
    let what = t.t(&format!("console-proposal-{}", a.kind.code()));
    let what = match &a.note {
        Some(note) => format!("{what}: {note}"),
        None => what,
    };
    let own = a.proposed_by == s.user.who().label();
    let mut forms = Vec::new();
    if s.may(Permission::Decide) && !own {
        let back = vec![hidden("back", "/#approvals")];
        forms.push(s.post(&format!("/approvals/{}/approve", a.id), t.t("console-action-approve"), back));
    }
    let reject = if own { "console-action-withdraw" } else { "console-action-reject" };
    let back = vec![hidden("back", "/#approvals")];
    if s.may(Permission::Decide) {
        forms.push(ActionForm { danger: true, ..s.post(&format!("/approvals/{}/reject", a.id), t.t(reject), back) });
    }
    let by = if own {
        t.ta("console-proposed-by-you", &[("who", Arg::Text(a.proposed_by.clone()))])
    } else {
        a.proposed_by.clone()
    };
    vec![
        payment_link(CONSOLE.base, p),
        text(what),
        Cell::Number(t.amount(a.amount, &a.currency)),
        Cell::Number(t.amount(p.initial_amount, p.currency.code)),
        text(by),
        text(since(t, a.proposed_ms)),
        Cell::Forms(forms),
    ]
}

#[cfg(test)]
mod tests {
    use super::*;

    fn texts() -> Texts {
        Texts { i18n: crate::i18n::Locales::load().i18n("en"), lang: "en" }
    }

    fn paragraphs_and_links(block: &Block) -> (String, Vec<(String, String)>) {
        let Block::Section { heading, blocks, .. } = block else { panic!("a section") };
        let mut links = Vec::new();
        let mut said = heading.clone();
        for b in blocks {
            match b {
                Block::Paragraph(p) => said.push_str(&format!(" | {p}")),
                Block::Link { href, text } => links.push((href.clone(), text.clone())),
                _ => {}
            }
        }
        (said, links)
    }

    #[test]
    fn a_list_cut_short_says_so_and_leads_to_the_rest() {
        let t = texts();
        let table = || table(&t, "console-queue-paid-caption", PAID, Vec::new());
        let all = Some("type=payin&state=processing%3Apaid");
        let cut =
            section(&t, Listed { id: "paid", heading: "console-queue-paid", shown: 200, count: 213, all }, table());
        let (said, links) = paragraphs_and_links(&cut);
        assert!(said.contains("(213)") && said.contains("200 longest waiting of 213"), "{said}");
        assert_eq!(
            links,
            vec![("/operator/payments?type=payin&state=processing%3Apaid".into(), "Search all of them".into())]
        );
        let whole = section(&t, Listed { id: "paid", heading: "console-queue-paid", shown: 3, count: 3, all }, table());
        let (said, links) = paragraphs_and_links(&whole);
        assert!(said.ends_with("(3)") && links.is_empty(), "{said}");
    }
}
