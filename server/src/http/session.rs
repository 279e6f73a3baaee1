//! Sessions of the pages (the store itself is the database's, built at start-up): the cookie
//! settings, and the CSRF token forms carry.

use subtle::ConstantTimeEq;
use tower_sessions::{Expiry, Session, SessionManagerLayer, SessionStore, cookie::SameSite};

pub fn layer<S: SessionStore + Clone>(store: S, secure: bool) -> SessionManagerLayer<S> {
    SessionManagerLayer::new(store)
        .with_name("kassa_session")
        .with_http_only(true)
        .with_same_site(SameSite::Lax)
        .with_secure(secure)
        .with_expiry(Expiry::OnInactivity(tower_sessions::cookie::time::Duration::hours(12)))
}

const CSRF: &str = "csrf";

/// The session's CSRF token, created on first use.
pub async fn csrf_token(session: &Session) -> String {
    if let Ok(Some(token)) = session.get::<String>(CSRF).await {
        return token;
    }
    let token = crate::domain::payment::new_page_token();
    if let Err(e) = session.insert(CSRF, &token).await {
        tracing::warn!(error = %e, "storing the CSRF token failed");
    }
    token
}

/// Whether `presented` is the session's CSRF token (constant time).
pub async fn csrf_ok(session: &Session, presented: Option<&str>) -> bool {
    match (session.get::<String>(CSRF).await, presented) {
        (Ok(Some(expected)), Some(presented)) => expected.as_bytes().ct_eq(presented.as_bytes()).into(),
        _ => false,
    }
}
