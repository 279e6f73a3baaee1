//! Both consoles' routes (sessions are layered on by the caller).

use crate::http::AppState;

pub fn router() -> axum::Router<AppState> {
    super::operator::routes::router().merge(super::merchant::routes::router())
}
