//! CSRF protection without server state (a signed double-submit cookie): the browser holds a
//! random `kassa_csrf` cookie; each form carries `HMAC(key, cookie ‖ scope)`, where the scope
//! is what the form acts on (a payment's page token, the demo shop). Another site can neither
//! read the cookie nor compute the token, and a page view writes nothing to the database, so
//! a visitor without a cookie costs no session row and a refused form neither.
//!
//! A page framed by another site never gets its cookie (`SameSite=Lax` cookies are not sent in
//! a cross-site frame). A browser that sends fetch metadata (`Sec-Fetch-*`) and has no cookie
//! is therefore given a token bound to no cookie, which is accepted only on a request the
//! browser marks `Sec-Fetch-Site: same-origin`: a form posted from another site is marked
//! `cross-site`, and a site cannot make the browser say otherwise.

use axum::http::{HeaderMap, HeaderValue, header};
use base64::Engine as _;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use hmac::{Hmac, Mac};
use sha2::Sha256;

use crate::secret::Secret;

pub const COOKIE: &str = "kassa_csrf";
const SEC_FETCH_DEST: &str = "sec-fetch-dest";
const SEC_FETCH_SITE: &str = "sec-fetch-site";

/// The key tokens are made with (derived from the master key, never stored).
pub struct CsrfKey {
    /// The HMAC keyed once (its inner and outer pads hashed): every page view signs a token.
    key: Secret<Hmac<Sha256>>,
    secure: bool,
}

/// The browser's CSRF cookie for this response: the value its forms' tokens are bound to (empty:
/// bound to no cookie), and the `set-cookie` header to send when the browser had none.
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
        let keyed = Hmac::<Sha256>::new_from_slice(key.expose()).expect("any key length");
        CsrfKey { key: Secret::new(keyed), secure }
    }

    /// The cookie of the request, or a new one to set. Without a cookie, a browser that sends
    /// fetch metadata gets tokens bound to no cookie (it may be in a frame, where the new
    /// cookie never comes back); any other client gets tokens bound to the new cookie.
    pub fn cookie(&self, headers: &HeaderMap) -> CsrfCookie {
        if let Some(value) = cookie_of(headers) {
            return CsrfCookie { value, set_cookie: None };
        }
        let mut bytes = [0u8; 16];
        rand::RngCore::fill_bytes(&mut rand::rngs::OsRng, &mut bytes);
        let fresh = hex::encode(bytes);
        let secure = if self.secure { "; Secure" } else { "" };
        let header = format!("{COOKIE}={fresh}; Path=/; HttpOnly; SameSite=Lax{secure}");
        let value = if headers.contains_key(SEC_FETCH_DEST) { String::new() } else { fresh };
        CsrfCookie { set_cookie: HeaderValue::from_str(&header).ok(), value }
    }

    /// The token a form acting on `scope` carries, for the browser holding `cookie`.
    pub fn token(&self, cookie: &str, scope: &str) -> String {
        let mut mac = self.key.expose().clone();
        mac.update(cookie.as_bytes());
        mac.update(b"\n");
        mac.update(scope.as_bytes());
        URL_SAFE_NO_PAD.encode(mac.finalize().into_bytes())
    }

    /// Whether `presented` is the token of the request's cookie for `scope`, or a token bound
    /// to no cookie on a request the browser marks same-origin (constant time).
    pub fn verify(&self, headers: &HeaderMap, scope: &str, presented: Option<&str>) -> bool {
        let Some(Ok(presented)) = presented.map(|p| URL_SAFE_NO_PAD.decode(p.trim())) else {
            return false;
        };
        let matches = |cookie: &str| {
            let mut mac = self.key.expose().clone();
            mac.update(cookie.as_bytes());
            mac.update(b"\n");
            mac.update(scope.as_bytes());
            mac.verify_slice(&presented).is_ok()
        };
        if cookie_of(headers).is_some_and(|cookie| matches(&cookie)) {
            return true;
        }
        let same_origin = headers.get(SEC_FETCH_SITE).is_some_and(|v| v.as_bytes() == b"same-origin");
        same_origin && matches("")
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

    #[test]
    fn a_token_is_the_hmac_of_the_cookie_and_the_scope_under_the_key() {
        let key = CsrfKey::new(Secret::new([7; 32]), false);
        let mut mac = Hmac::<Sha256>::new_from_slice(&[7; 32]).unwrap();
        mac.update(b"0123456789abcdef0123456789abcdef\npay:abc");
        let expected = URL_SAFE_NO_PAD.encode(mac.finalize().into_bytes());
        assert_eq!(key.token("0123456789abcdef0123456789abcdef", "pay:abc"), expected);
        // The keyed state is copied per token, never carried from one token into the next.
        assert_eq!(key.token("0123456789abcdef0123456789abcdef", "pay:abc"), expected);
    }

    #[test]
    fn a_browser_without_the_cookie_proves_the_form_is_its_own() {
        let key = CsrfKey::new(Secret::new([9; 32]), false);
        let mut framed = HeaderMap::new();
        framed.insert(SEC_FETCH_DEST, HeaderValue::from_static("iframe"));
        let given = key.cookie(&framed);
        assert_eq!(given.value, "", "a browser that may be framed gets a token bound to no cookie");
        let token = key.token(&given.value, "pay:abc");
        let post = |site: Option<&'static str>| {
            let mut h = HeaderMap::new();
            if let Some(site) = site {
                h.insert(SEC_FETCH_SITE, HeaderValue::from_static(site));
            }
            h
        };
        assert!(key.verify(&post(Some("same-origin")), "pay:abc", Some(&token)));
        assert!(!key.verify(&post(Some("cross-site")), "pay:abc", Some(&token)), "posted from another site");
        assert!(!key.verify(&post(Some("same-site")), "pay:abc", Some(&token)));
        assert!(!key.verify(&post(None), "pay:abc", Some(&token)), "no fetch metadata: a cookie is needed");
        assert!(!key.verify(&post(Some("same-origin")), "pay:other", Some(&token)));
        // The cookie the page set comes back at top level: the cookieless token still works.
        let mut both = post(Some("same-origin"));
        both.insert(header::COOKIE, HeaderValue::from_str(&format!("{COOKIE}={}", "a".repeat(32))).unwrap());
        assert!(key.verify(&both, "pay:abc", Some(&token)));
        assert_ne!(key.cookie(&HeaderMap::new()).value, "", "other clients get a cookie-bound token");
    }
}
