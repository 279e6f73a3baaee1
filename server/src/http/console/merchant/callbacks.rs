//! The merchant's callbacks that did not arrive, across payments (issue 29 §3): what is
//! retrying and when it is tried next, what was given up, and the last answer of each, each
//! linked to its payment (where the body sent is shown and a callback is resent).

use axum::extract::State;
use axum::response::Response;

use super::super::guard::MerchantUser;
use super::super::widgets::{attempt_answer, callback_state};
use super::super::{Params, text};
use super::CONSOLE;
use crate::domain::callback_log::FAILING_SHOWN;
use crate::http::AppState;
use app::i18n::Arg;
use app::model::{Block, Cell, Table};

pub async fn failing(State(state): State<AppState>, m: MerchantUser, params: Params) -> Response {
    let t = &m.s.texts;
    let project_ids: Vec<String> = m.projects.iter().map(|p| p.id.clone()).collect();
    let failing = match state.services.callback_log.failing(&project_ids).await {
        Ok(failing) => failing,
        Err(e) => return m.s.unavailable(&state, &e),
    };
    let rows = failing
        .iter()
        .map(|c| {
            let last = c.last_attempt.as_ref();
            vec![
                Cell::Link {
                    href: format!("{}/payments/{}#callbacks", CONSOLE.base, c.request_id),
                    text: c.payment_id.clone(),
                },
                text(c.kind.code()),
                Cell::Mono(c.url.clone()),
                callback_state(t, c.state, c.attempts as usize, c.next_attempt_ms, None),
                text(last.map(|a| format!("{} → {}", t.time(a.at_ms), attempt_answer(a))).unwrap_or_default()),
            ]
        })
        .collect::<Vec<_>>();
    let mut blocks = vec![Block::Paragraph(t.t("console-failing-help"))];
    if failing.len() as i64 >= FAILING_SHOWN {
        blocks.push(Block::Paragraph(t.ta("console-failing-newest", &[("count", Arg::Number(FAILING_SHOWN))])));
    }
    blocks.push(Block::Table(Table {
        caption: t.t("console-failing-caption"),
        headers: t.all(&[
            "console-col-payment-id",
            "console-col-kind",
            "console-col-url",
            "console-col-state",
            "console-col-last-answer",
        ]),
        rows,
        empty: t.t("console-failing-empty"),
    }));
    m.s.page(&state, "/callbacks", t.t("console-failing-title"), m.s.notice(&params), blocks)
}
