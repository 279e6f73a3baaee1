//! The merchant's dashboard: its projects' payins today, yesterday or over the last 7 days,
//! beside the period before.

use axum::extract::State;
use axum::response::Response;

use super::super::guard::MerchantUser;
use super::super::widgets::dashboard_blocks;
use super::super::{Params, param};
use super::CONSOLE;
use crate::domain::dashboard::Period;
use crate::http::AppState;

pub async fn dashboard(State(state): State<AppState>, m: MerchantUser, params: Params) -> Response {
    let t = &m.s.texts;
    let ids = m.project_ids();
    let period = param(&params, "period").and_then(Period::parse).unwrap_or(Period::Today);
    match state.services.dashboard.compare(crate::domain::time::now_ms(), period, Some(&ids)).await {
        Ok((current, previous)) => {
            let path = format!("{}/dashboard", CONSOLE.base);
            let blocks = dashboard_blocks(t, &path, period, &current, &previous);
            m.s.page(&state, "/dashboard", t.t("console-dashboard-title"), None, blocks)
        }
        Err(e) => m.s.unavailable(&state, &e),
    }
}
