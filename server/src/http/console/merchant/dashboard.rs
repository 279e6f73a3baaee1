//! The merchant's dashboard: its projects' payins today and over the last 7 days.

use axum::extract::State;
use axum::response::Response;

use super::super::guard::MerchantUser;
use super::super::widgets::dashboard_blocks;
use crate::http::AppState;

pub async fn dashboard(State(state): State<AppState>, m: MerchantUser) -> Response {
    let t = &m.s.texts;
    let ids = m.project_ids();
    match state.services.dashboard.figures(crate::domain::time::now_ms(), Some(&ids)).await {
        Ok((today, week)) => {
            m.s.page(&state, "/dashboard", t.t("console-dashboard-title"), None, dashboard_blocks(t, &today, &week))
        }
        Err(e) => m.s.unavailable(&state, &e),
    }
}
