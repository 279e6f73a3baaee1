//! Field rules of merchant-api.md (Resources, Limits) and decisions.md §10, as pure functions.
//! The HTTP edge applies them while parsing requests; nothing here knows about HTTP.

use std::net::IpAddr;

use super::catalogue::Country;

pub const MAX_AMOUNT: i64 = 10_000_000_000_000;

pub use app::card_rules::luhn as luhn_valid;

/// A card number in a request: 12 to 19 digits (no spaces) passing Luhn (decisions.md §10).
pub fn is_card_number(pan: &str) -> bool {
    (12..=19).contains(&pan.len()) && pan.bytes().all(|b| b.is_ascii_digit()) && luhn_valid(pan)
}

/// The card-holder rule (decisions.md §10): 1 to 255 characters, each one
/// [`app::card_rules::holder_char`] allows.
pub fn is_card_holder(name: &str) -> bool {
    (1..=255).contains(&name.chars().count()) && name.chars().all(app::card_rules::holder_char)
}

fn plus_digits(phone: &str, prefix: &str, digits: std::ops::RangeInclusive<usize>) -> bool {
    phone
        .strip_prefix(prefix)
        .is_some_and(|rest| digits.contains(&rest.len()) && rest.bytes().all(|b| b.is_ascii_digit()))
}

/// The phone patterns of `sender.phone` per country, as `(pattern text, check)`.
pub fn phone_rule(country: Country) -> (&'static str, fn(&str) -> bool) {
    match country {
        Country::RU | Country::KZ | Country::KG => (r"^\+7\d{10}$", |p| plus_digits(p, "+7", 10..=10)),
        Country::UZ => {
            (r"^\+7\d{10}$ or ^\+998\d{9}$", |p| plus_digits(p, "+7", 10..=10) || plus_digits(p, "+998", 9..=9))
        }
        Country::AZ => {
            (r"^\+7\d{10}$ or ^\+994\d{7,12}$", |p| plus_digits(p, "+7", 10..=10) || plus_digits(p, "+994", 7..=12))
        }
        Country::KE | Country::NG => (r"^\d{8,15}$", |p| plus_digits(p, "", 8..=15)),
        // Not given by the spec: international format with an optional plus.
        Country::ZA | Country::KR | Country::AR => {
            (r"^\+?\d{7,15}$", |p| plus_digits(p, "+", 7..=15) || plus_digits(p, "", 7..=15))
        }
    }
}

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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn luhn() {
        assert!(luhn_valid("4242424242424242"));
        assert!(luhn_valid("4000000000003220"));
        assert!(!luhn_valid("4242424242424241"));
        assert!(!luhn_valid(""));
        assert!(!luhn_valid("4242 4242"));
    }

    #[test]
    fn card_numbers_are_12_to_19_digits() {
        assert!(is_card_number("4242424242424242"));
        assert!(is_card_number("100000000008")); // 12 digits
        assert!(!is_card_number("10000000009")); // 11 digits
        assert!(is_card_number("1000000000000000009")); // 19 digits
        assert!(!is_card_number("10000000000000000007")); // 20 digits
        assert!(!is_card_number("4242 4242 4242 4242"));
    }

    #[test]
    fn card_holder_characters() {
        assert!(is_card_holder("IVAN PETROV"));
        assert!(is_card_holder("Іван Їжак-Ґалущенко"));
        assert!(is_card_holder("Є. О'Ніл"));
        assert!(is_card_holder("Мар’яна Рудьʼко"));
        assert!(is_card_holder("Jean-Luc 2nd"));
        assert!(!is_card_holder(""));
        assert!(!is_card_holder("José")); // é is not ASCII Latin
        assert!(!is_card_holder("Ivan_Petrov"));
        assert!(!is_card_holder("<script>"));
        assert!(!is_card_holder("李小龍"));
        assert!(is_card_holder(&"A".repeat(255)));
        assert!(!is_card_holder(&"A".repeat(256)));
    }

    #[test]
    fn phones_per_country() {
        let ok = |c, p| (phone_rule(c).1)(p);
        assert!(ok(Country::RU, "+79001234567"));
        assert!(!ok(Country::RU, "+7900123456"));
        assert!(!ok(Country::RU, "79001234567"));
        assert!(ok(Country::UZ, "+998901234567"));
        assert!(ok(Country::UZ, "+79001234567"));
        assert!(!ok(Country::UZ, "+99890123456"));
        assert!(ok(Country::AZ, "+9941234567"));
        assert!(ok(Country::AZ, "+994123456789012"));
        assert!(!ok(Country::AZ, "+994123456"));
        assert!(!ok(Country::AZ, "+9941234567890123"));
        assert!(ok(Country::KE, "254712345678"));
        assert!(ok(Country::NG, "12345678"));
        assert!(!ok(Country::NG, "1234567"));
        assert!(!ok(Country::KE, "+254712345678"));
        assert!(!ok(Country::NG, "1234567890123456"));
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
