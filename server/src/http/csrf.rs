//! CSRF protection without server state (a signed double-submit cookie): the browser holds a
//! random `kassa_csrf` cookie; each form carries `HMAC(key, cookie ‖ scope)`, where the scope
//! is what the form acts on (a payment's page token, the demo shop). Another site can neither
//! read the cookie nor compute the token, and a page view writes nothing to the database, so
//! a visitor without a cookie costs no session row and a refused form neither.

use axum::http::{HeaderMap, HeaderValue, header};
use base64::Engine as _;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use hmac::{Hmac, Mac};
use sha2::Sha256;

use crate::secret::Secret;

pub const COOKIE: &str = "kassa_csrf";

/// The key tokens are made with (derived from the master key, never stored).
pub struct CsrfKey {
    key: Secret<[u8; 32]>,
    secure: bool,
}

/// The browser's CSRF cookie for this response: its value, and the `set-cookie` header to
/// send when the browser had none.
pub struct CsrfCookie {
    pub value: String,
    pub set_cookie: Option<HeaderValue>,
}

fn is_cookie_value(v: &str) -> bool {
    v.len() == 32 && v.bytes().all(|b| b.is_ascii_hexdigit())
}

/// The `kassa_csrf` value a request carries, if well-formed.
pub fn cookie_of(headers: &HeaderMap) -> Option<String> {
    headers
        .get_all(header::COOKIE)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(';'))
        .filter_map(|pair| pair.trim().split_once('='))
        .find(|(name, value)| *name == COOKIE && is_cookie_value(value))
        .map(|(_, value)| value.to_string())
}

impl CsrfKey {
    pub fn new(key: Secret<[u8; 32]>, secure: bool) -> Self {
        CsrfKey { key, secure }
    }

    /// The cookie of the request, or a new one to set.
    pub fn cookie(&self, headers: &HeaderMap) -> CsrfCookie {
        if let Some(value) = cookie_of(headers) {
            return CsrfCookie { value, set_cookie: None };
        }
        let mut bytes = [0u8; 16];
        rand::RngCore::fill_bytes(&mut rand::rngs::OsRng, &mut bytes);
        let value = hex::encode(bytes);
        let secure = if self.secure { "; Secure" } else { "" };
        let header = format!("{COOKIE}={value}; Path=/; HttpOnly; SameSite=Lax{secure}");
        CsrfCookie { set_cookie: HeaderValue::from_str(&header).ok(), value }
    }

    /// The token a form acting on `scope` carries, for the browser holding `cookie`.
    pub fn token(&self, cookie: &str, scope: &str) -> String {
        let mut mac = Hmac::<Sha256>::new_from_slice(self.key.expose()).expect("any key length");
        mac.update(cookie.as_bytes());
        mac.update(b"\n");
        mac.update(scope.as_bytes());
        URL_SAFE_NO_PAD.encode(mac.finalize().into_bytes())
    }

    /// Whether `presented` is the token of the request's cookie for `scope` (constant time).
    pub fn verify(&self, headers: &HeaderMap, scope: &str, presented: Option<&str>) -> bool {
        let (Some(cookie), Some(presented)) = (cookie_of(headers), presented) else {
            return false;
        };
        let Ok(presented) = URL_SAFE_NO_PAD.decode(presented.trim()) else {
            return false;
        };
        let mut mac = Hmac::<Sha256>::new_from_slice(self.key.expose()).expect("any key length");
        mac.update(cookie.as_bytes());
        mac.update(b"\n");
        mac.update(scope.as_bytes());
        mac.verify_slice(&presented).is_ok()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn headers(cookie: &str) -> HeaderMap {
        let mut h = HeaderMap::new();
        h.insert(header::COOKIE, HeaderValue::from_str(cookie).unwrap());
        h
    }

    #[test]
    fn a_token_is_bound_to_the_cookie_and_the_scope() {
        let key = CsrfKey::new(Secret::new([9; 32]), false);
        let fresh = key.cookie(&HeaderMap::new());
        let set = fresh.set_cookie.unwrap();
        assert!(set.to_str().unwrap().contains("HttpOnly") && set.to_str().unwrap().contains("SameSite=Lax"));
        let cookie = format!("other=1; {COOKIE}={}", fresh.value);
        let token = key.token(&fresh.value, "pay:abc");
        assert!(key.verify(&headers(&cookie), "pay:abc", Some(&token)));
        assert!(!key.verify(&headers(&cookie), "pay:other", Some(&token)), "another payment's form");
        assert!(!key.verify(&headers(&format!("{COOKIE}={}", "0".repeat(32))), "pay:abc", Some(&token)));
        assert!(!key.verify(&HeaderMap::new(), "pay:abc", Some(&token)), "no cookie");
        assert!(!key.verify(&headers(&cookie), "pay:abc", Some("forged")));
        assert!(!key.verify(&headers(&cookie), "pay:abc", None));
        let again = key.cookie(&headers(&cookie));
        assert_eq!(again.value, fresh.value);
        assert!(again.set_cookie.is_none(), "an existing cookie is kept");
        assert!(
            CsrfKey::new(Secret::new([9; 32]), true)
                .cookie(&HeaderMap::new())
                .set_cookie
                .unwrap()
                .to_str()
                .unwrap()
                .contains("Secure")
        );
    }
}
