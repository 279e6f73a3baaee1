//! Sessions of the consoles (the store is the database's, built at start-up): the cookie
//! settings. The payment page keeps no session: its forms carry stateless CSRF tokens
//! (`csrf.rs`).

use tower_sessions::{Expiry, SessionManagerLayer, SessionStore, cookie::SameSite};

/// The session layer of the consoles: ends after `idle_s` seconds without a request.
pub fn layer<S: SessionStore + Clone>(store: S, secure: bool, idle_s: u64) -> SessionManagerLayer<S> {
    // Over https the cookie is `__Host-`: the browser keeps it only if it came over https, for
    // this host alone and the whole path, so no sibling subdomain can plant or read one.
    SessionManagerLayer::new(store)
        .with_name(if secure { "__Host-kassa_session" } else { "kassa_session" })
        .with_path("/")
        .with_http_only(true)
        .with_same_site(SameSite::Lax)
        .with_secure(secure)
        // Saved on every request so that activity moves the stored expiry (an idle timeout,
        // not a fixed lifetime); consoles see few requests, so the write costs little.
        .with_always_save(true)
        .with_expiry(Expiry::OnInactivity(tower_sessions::cookie::time::Duration::seconds(idle_s as i64)))
}
