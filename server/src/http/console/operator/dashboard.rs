//! The operator's dashboard: every project's payins today, yesterday or over the last 7 days,
//! beside the period before.

use axum::extract::State;
use axum::response::Response;

use super::super::guard::Operator;
use super::super::widgets::dashboard_blocks;
use super::super::{Params, param};
use super::CONSOLE;
use crate::domain::dashboard::Period;
use crate::http::AppState;

pub async fn dashboard(State(state): State<AppState>, Operator(s): Operator, params: Params) -> Response {
    let t = &s.texts;
    let period = param(&params, "period").and_then(Period::parse).unwrap_or(Period::Today);
    match state.services.dashboard.compare(crate::domain::time::now_ms(), period, None).await {
        Ok((current, previous)) => {
            let path = format!("{}/dashboard", CONSOLE.base);
            let blocks = dashboard_blocks(t, &path, period, &current, &previous);
            s.page(&state, "/dashboard", t.t("console-dashboard-title"), None, blocks)
        }
        Err(e) => s.unavailable(&state, &e),
    }
}
