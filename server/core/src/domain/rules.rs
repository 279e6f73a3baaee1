//! Field rules of merchant-api.md (Resources, Limits) and decisions.md §10 that hold in every
//! country, as pure functions; card rules come from the shared `kassa-rules` crate. Country
//! rules are data in [`super::catalogue`]. Nothing here knows about HTTP.

use std::net::IpAddr;

pub const MAX_AMOUNT: i64 = 10_000_000_000_000;

pub use kassa_rules::card::{is_card_holder, is_card_number, is_cvv, luhn as luhn_valid};

/// A plain email address check: one `@`, a non-empty local part, a dotted domain.
pub fn is_email(s: &str) -> bool {
    let Some((local, domain)) = s.split_once('@') else {
        return false;
    };
    !local.is_empty()
        && !domain.contains('@')
        && domain.contains('.')
        && !domain.starts_with('.')
        && !domain.ends_with('.')
        && !s.chars().any(|c| c.is_whitespace() || c.is_control())
}

pub fn is_ip_address(s: &str) -> bool {
    s.parse::<IpAddr>().is_ok()
}

/// `^[A-Z]{n}$`
pub fn is_upper_code(s: &str, n: usize) -> bool {
    s.len() == n && s.bytes().all(|b| b.is_ascii_uppercase())
}

/// `^[a-z]{2}$`
pub fn is_language_code(s: &str) -> bool {
    s.len() == 2 && s.bytes().all(|b| b.is_ascii_lowercase())
}

/// `^[A-Za-z0-9_-]{1,16}$`
pub fn is_extra_param(s: &str) -> bool {
    (1..=16).contains(&s.len()) && s.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_' || b == b'-')
}

/// `customer.identification_data.document_type` (AR).
pub const DOCUMENT_TYPES: &[&str] = &["CUIT", "CUIL"];

pub fn is_document_type(s: &str) -> bool {
    DOCUMENT_TYPES.contains(&s)
}

/// `^[0-9]{11}$`: `customer.identification_data.document_number` (AR).
pub fn is_document_number(s: &str) -> bool {
    s.len() == 11 && s.bytes().all(|b| b.is_ascii_digit())
}

/// Why a URL is refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum UrlProblem {
    TooLong,
    NotAUrl,
    NotHttps,
}

impl UrlProblem {
    pub fn message(self, max: usize) -> String {
        match self {
            UrlProblem::TooLong => format!("must be at most {max} characters"),
            UrlProblem::NotAUrl => "must be an absolute https URL".into(),
            UrlProblem::NotHttps => "must be an https URL".into(),
        }
    }
}

/// An https URL of at most `max` characters. With `allow_loopback_http` (development mode,
/// decisions.md §3) `http://` is accepted for `127.0.0.1`, `[::1]` and `localhost` only.
pub fn check_https_url(s: &str, max: usize, allow_loopback_http: bool) -> Result<(), UrlProblem> {
    if s.chars().count() > max {
        return Err(UrlProblem::TooLong);
    }
    let url = url::Url::parse(s).map_err(|_| UrlProblem::NotAUrl)?;
    let host = url.host().ok_or(UrlProblem::NotAUrl)?;
    match url.scheme() {
        "https" => Ok(()),
        "http" if allow_loopback_http && is_loopback_host(&host) => Ok(()),
        "http" => Err(UrlProblem::NotHttps),
        _ => Err(UrlProblem::NotAUrl),
    }
}

fn is_loopback_host(host: &url::Host<&str>) -> bool {
    match host {
        url::Host::Domain(d) => d.eq_ignore_ascii_case("localhost"),
        url::Host::Ipv4(ip) => *ip == std::net::Ipv4Addr::LOCALHOST,
        url::Host::Ipv6(ip) => *ip == std::net::Ipv6Addr::LOCALHOST,
    }
}

/// Minor units from an amount in major units as people and statements write it (`1500`,
/// `1 500,50`, `1500.50`); `None` for anything else, a currency Kassa does not know, more
/// fractional digits than the currency has, or outside 1..=[`MAX_AMOUNT`].
pub fn parse_major(text: &str, currency: &str) -> Option<i64> {
    let digits = super::catalogue::Currency::parse(currency)?.digits as u32;
    let cleaned: String = text.chars().filter(|c| !c.is_whitespace() && *c != '\u{a0}').collect();
    let cleaned = cleaned.replace(',', ".");
    let (int, frac) = cleaned.split_once('.').unwrap_or((&cleaned, ""));
    if int.is_empty() || !int.bytes().all(|b| b.is_ascii_digit()) || !frac.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    if frac.len() as u32 > digits || int.len() > 15 {
        return None;
    }
    let frac_value: i64 = if frac.is_empty() { 0 } else { frac.parse().ok()? };
    let minor = int.parse::<i64>().ok()? * 10_i64.pow(digits) + frac_value * 10_i64.pow(digits - frac.len() as u32);
    (1..=MAX_AMOUNT).contains(&minor).then_some(minor)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn amounts_typed_in_major_units() {
        assert_eq!(parse_major("1500", "RUB"), Some(150_000));
        assert_eq!(parse_major("1 500,5", "RUB"), Some(150_050));
        assert_eq!(parse_major("1500.05", "RUB"), Some(150_005));
        assert_eq!(parse_major("1500.055", "RUB"), None);
        assert_eq!(parse_major("1500", "KRW"), Some(1500));
        assert_eq!(parse_major("15.5", "KRW"), None);
        assert_eq!(parse_major("-1", "RUB"), None);
        assert_eq!(parse_major("0", "RUB"), None);
        assert_eq!(parse_major("abc", "RUB"), None);
    }

    #[test]
    fn emails() {
        assert!(is_email("a@b.co"));
        assert!(!is_email("a@b"));
        assert!(!is_email("@b.co"));
        assert!(!is_email("a b@c.co"));
        assert!(!is_email("a@@b.co"));
    }

    #[test]
    fn urls() {
        assert!(check_https_url("https://m.example/cb", 2048, false).is_ok());
        assert_eq!(check_https_url("http://m.example/cb", 2048, false), Err(UrlProblem::NotHttps));
        assert_eq!(check_https_url("http://m.example/cb", 2048, true), Err(UrlProblem::NotHttps));
        assert!(check_https_url("http://127.0.0.1:9000/cb", 2048, true).is_ok());
        assert!(check_https_url("http://localhost/cb", 2048, true).is_ok());
        assert!(check_https_url("http://[::1]:80/cb", 2048, true).is_ok());
        assert_eq!(check_https_url("http://127.0.0.1/cb", 2048, false), Err(UrlProblem::NotHttps));
        assert_eq!(check_https_url("ftp://m.example/", 2048, true), Err(UrlProblem::NotAUrl));
        assert_eq!(check_https_url("/relative", 2048, true), Err(UrlProblem::NotAUrl));
        let long = format!("https://m.example/{}", "a".repeat(2048));
        assert_eq!(check_https_url(&long, 2048, false), Err(UrlProblem::TooLong));
    }

    #[test]
    fn small_patterns() {
        assert!(is_upper_code("RUB", 3) && !is_upper_code("rub", 3) && !is_upper_code("RUBL", 3));
        assert!(is_language_code("en") && !is_language_code("EN") && !is_language_code("eng"));
        assert!(is_extra_param("route_1-A") && !is_extra_param("") && !is_extra_param(&"a".repeat(17)));
        assert!(!is_extra_param("a b"));
        assert!(is_ip_address("1.2.3.4") && is_ip_address("::1") && !is_ip_address("1.2.3"));
    }
}
