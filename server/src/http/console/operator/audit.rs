//! The audit log: every audited action, newest first, a page at a time.

use axum::extract::State;
use axum::response::Response;

use super::super::guard::Operator;
use super::super::widgets::audit_table;
use super::super::{Params, link, param};
use super::CONSOLE;
use crate::http::AppState;
use app::model::Block;

const AUDIT_PAGE: i64 = 100;

pub async fn log(State(state): State<AppState>, Operator(s): Operator, params: Params) -> Response {
    let t = &s.texts;
    let before = param(&params, "before").and_then(|b| b.parse().ok());
    let entries = match state.services.audit_log.page(before, AUDIT_PAGE).await {
        Ok(e) => e,
        Err(e) => return s.unavailable(&state, &e),
    };
    let mut blocks = vec![audit_table(t, CONSOLE.base, &entries)];
    if let Some(last) = entries.last().filter(|_| entries.len() as i64 == AUDIT_PAGE) {
        let older = link(format!("{}/audit?before={}", CONSOLE.base, last.id), t.t("console-older"));
        blocks.push(Block::Facts(vec![(String::new(), older)]));
    }
    s.page(&state, "/audit", t.t("console-audit-title"), None, blocks)
}
