//! Sessions of the consoles (the store is the database's, built at start-up): the cookie
//! settings. The payment page keeps no session: its forms carry stateless CSRF tokens
//! (`csrf.rs`).

use tower_sessions::{Expiry, SessionManagerLayer, SessionStore, cookie::SameSite};

pub fn layer<S: SessionStore + Clone>(store: S, secure: bool) -> SessionManagerLayer<S> {
    SessionManagerLayer::new(store)
        .with_name("kassa_session")
        .with_http_only(true)
        .with_same_site(SameSite::Lax)
        .with_secure(secure)
        .with_expiry(Expiry::OnInactivity(tower_sessions::cookie::time::Duration::hours(12)))
}
