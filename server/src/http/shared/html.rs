//! What every HTML answer shares, the hosted page's and the consoles': a strict CSP with a
//! nonce, no-store, who may frame it, the language header; and the CSRF cookie of forms.

use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};

use crate::domain::project::EmbedOrigin;

/// Adds the CSRF cookie to a page that shows forms, when the browser has none yet.
pub fn with_csrf_cookie(mut response: Response, cookie: &super::csrf::CsrfCookie) -> Response {
    if let Some(set) = &cookie.set_cookie {
        response.headers_mut().append(header::SET_COOKIE, set.clone());
    }
    response
}

/// Which sites may show a page in a frame.
#[derive(Clone, Copy)]
pub enum Framing<'a> {
    /// None (every page but these below).
    Deny,
    /// A payment page: the sites its project lists (none when the list is empty).
    Origins(&'a [EmbedOrigin]),
    /// The sandbox's stand-in bank pages, which a framed payment page may pass through, as a
    /// real issuer's 3-D Secure page may be framed.
    Any,
}

/// Response headers of every page: a strict CSP with this response's nonce.
pub fn html_response(status: StatusCode, html: String, nonce: &str, lang: &str, form_targets: &[&str]) -> Response {
    html_response_framed(status, html, nonce, lang, form_targets, Framing::Deny)
}

/// [`html_response`] for a page some sites may frame.
pub fn html_response_framed(
    status: StatusCode,
    html: String,
    nonce: &str,
    lang: &str,
    form_targets: &[&str],
    framing: Framing,
) -> Response {
    // Written once into the header's own buffer: this runs on every page view.
    let mut csp = String::with_capacity(320);
    csp.push_str("default-src 'none'; script-src 'nonce-");
    csp.push_str(nonce);
    csp.push_str(
        "' 'self' 'wasm-unsafe-eval'; style-src 'self'; img-src 'self' data:; connect-src 'self'; \
         form-action 'self'",
    );
    for target in form_targets {
        csp.push(' ');
        csp.push_str(target);
    }
    csp.push_str("; frame-ancestors ");
    // Origins are stored as browsers serialize them (`EmbedOrigin`), so none can carry a `;`.
    let framed_by_none = match framing {
        Framing::Origins(origins) if !origins.is_empty() => {
            for (i, origin) in origins.iter().enumerate() {
                if i > 0 {
                    csp.push(' ');
                }
                csp.push_str(origin.as_str());
            }
            false
        }
        Framing::Deny | Framing::Origins(_) => {
            csp.push_str("'none'");
            true
        }
        Framing::Any => {
            csp.push('*');
            false
        }
    };
    csp.push_str("; base-uri 'none'");
    let mut response = (status, html).into_response();
    let headers = response.headers_mut();
    headers.reserve(8);
    headers.insert(header::CONTENT_TYPE, HeaderValue::from_static("text/html; charset=utf-8"));
    // Pages show requisites: never store them.
    headers.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    headers.insert(header::REFERRER_POLICY, HeaderValue::from_static("no-referrer"));
    headers.insert(header::X_CONTENT_TYPE_OPTIONS, HeaderValue::from_static("nosniff"));
    // For browsers without CSP level 2; a page some sites may frame relies on CSP alone.
    if framed_by_none {
        headers.insert(header::X_FRAME_OPTIONS, HeaderValue::from_static("DENY"));
    }
    if let Ok(v) = HeaderValue::from_maybe_shared(axum::body::Bytes::from(csp)) {
        headers.insert(header::CONTENT_SECURITY_POLICY, v);
    }
    if let Ok(v) = HeaderValue::from_str(lang) {
        headers.insert(header::CONTENT_LANGUAGE, v);
    }
    response
}

pub fn new_nonce() -> String {
    use base64::Engine as _;
    let mut bytes = [0u8; 16];
    // The thread's CSPRNG (seeded from the OS, reseeded as it goes) rather than a system call
    // per page view.
    rand::RngCore::fill_bytes(&mut rand::thread_rng(), &mut bytes);
    base64::engine::general_purpose::STANDARD_NO_PAD.encode(bytes)
}

pub fn accept_language(headers: &HeaderMap) -> Option<&str> {
    headers.get(header::ACCEPT_LANGUAGE).and_then(|v| v.to_str().ok())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The policy as it was first written (one `format!`), which the buffer must equal.
    fn policy_as_formatted(nonce: &str, form_targets: &[&str], frame_ancestors: &str) -> String {
        let form_action = std::iter::once("'self'").chain(form_targets.iter().copied()).collect::<Vec<_>>().join(" ");
        format!(
            "default-src 'none'; script-src 'nonce-{nonce}' 'self' 'wasm-unsafe-eval'; style-src 'self'; \
             img-src 'self' data:; connect-src 'self'; form-action {form_action}; frame-ancestors {frame_ancestors}; \
             base-uri 'none'"
        )
    }

    fn headers_of(framing: Framing, form_targets: &[&str]) -> HeaderMap {
        html_response_framed(StatusCode::OK, String::new(), "abc", "en", form_targets, framing).headers().clone()
    }

    #[test]
    fn the_policy_names_the_nonce_the_form_targets_and_who_may_frame() {
        let origins =
            [EmbedOrigin::parse("https://shop.example").unwrap(), EmbedOrigin::parse("http://localhost:5173").unwrap()];
        let cases: [(Framing, &[&str], &str, bool); 4] = [
            (Framing::Deny, &[], "'none'", true),
            (Framing::Origins(&[]), &["https://acs.example"], "'none'", true),
            (Framing::Origins(&origins), &[], "https://shop.example http://localhost:5173", false),
            (Framing::Any, &["https://a.example", "https://b.example"], "*", false),
        ];
        for (framing, targets, ancestors, deny) in cases {
            let headers = headers_of(framing, targets);
            assert_eq!(headers[header::CONTENT_SECURITY_POLICY], policy_as_formatted("abc", targets, ancestors));
            assert_eq!(headers.get(header::X_FRAME_OPTIONS).is_some(), deny, "{ancestors}");
            assert_eq!(headers[header::CONTENT_LANGUAGE], "en");
            assert_eq!(headers[header::CACHE_CONTROL], "no-store");
        }
    }
}
