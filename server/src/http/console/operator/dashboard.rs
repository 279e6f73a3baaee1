//! The operator's dashboard: every project's payins today and over the last 7 days.

use axum::extract::State;
use axum::response::Response;

use super::super::guard::Operator;
use super::super::widgets::dashboard_blocks;
use crate::http::AppState;

pub async fn dashboard(State(state): State<AppState>, Operator(s): Operator) -> Response {
    let t = &s.texts;
    match state.services.dashboard.figures(crate::domain::time::now_ms(), None).await {
        Ok((today, week)) => {
            s.page(&state, "/dashboard", t.t("console-dashboard-title"), None, dashboard_blocks(t, &today, &week))
        }
        Err(e) => s.unavailable(&state, &e),
    }
}
