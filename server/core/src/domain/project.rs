//! Per-project settings: which methods the project may use and its anti-fraud rules.

use serde::{Deserialize, Serialize};

use super::antifraud::AntiFraudRules;

#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct ProjectSettings {
    /// Method codes (H2H or widget) the project may use; `None` allows every method.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub allowed_methods: Option<Vec<String>>,
    #[serde(default)]
    pub antifraud: AntiFraudRules,
    /// The name payers see on the payment page (the merchant's name when not set).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub display_name: Option<DisplayName>,
    /// The colour of buttons and links on the payment page.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub brand_color: Option<super::brand::BrandColor>,
    /// Digest of the project's logo (stored apart), when it has one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub logo_digest: Option<String>,
    /// Sites that may show the payment page in a frame (none: no site may).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub embed_origins: Vec<EmbedOrigin>,
}

impl ProjectSettings {
    pub fn allows(&self, code: &str) -> bool {
        self.allowed_methods.as_ref().is_none_or(|m| m.iter().any(|a| a == code))
    }
}

impl Project {
    /// Whom a payer pays: the display name, or the merchant's name.
    pub fn payee(&self) -> &str {
        self.settings.display_name.as_ref().map_or(&self.merchant_name, |n| n.as_str())
    }
}

/// The name a payer sees as the payee: 1 to 64 characters, no control characters, trimmed.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub struct DisplayName(String);

impl DisplayName {
    pub const MAX_CHARS: usize = 64;

    pub fn parse(raw: &str) -> Result<Self, &'static str> {
        let name = raw.trim();
        if name.is_empty() {
            return Err("must not be empty");
        }
        if name.chars().count() > Self::MAX_CHARS {
            return Err("must be at most 64 characters");
        }
        if name.chars().any(char::is_control) {
            return Err("must not contain control characters");
        }
        // Bidirectional and invisible format characters could make the payer read another
        // name than the one stored (U+202E shows "moc.knab" as "bank.com").
        if name.chars().any(is_format_control) {
            return Err("must not contain bidirectional or invisible format characters");
        }
        Ok(DisplayName(name.to_string()))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

/// Unicode format characters (category Cf) a name has no use for: bidirectional marks,
/// embeddings, overrides and isolates, zero-width and invisible characters, the BOM.
fn is_format_control(c: char) -> bool {
    matches!(c,
        '\u{00AD}' | '\u{061C}' | '\u{180E}' | '\u{200B}'..='\u{200F}' | '\u{202A}'..='\u{202E}'
        | '\u{2060}'..='\u{2064}' | '\u{2066}'..='\u{206F}' | '\u{FEFF}' | '\u{FFF9}'..='\u{FFFB}')
}

impl TryFrom<String> for DisplayName {
    type Error = &'static str;
    fn try_from(raw: String) -> Result<Self, Self::Error> {
        DisplayName::parse(&raw)
    }
}

impl From<DisplayName> for String {
    fn from(name: DisplayName) -> String {
        name.0
    }
}

/// A site allowed to show the payment page in a frame (`frame-ancestors`): `https://host[:port]`,
/// or `http://` for a loopback host (a merchant's site in development). An origin only: no
/// path, no wildcard, stored as the browser serializes it (so `HTTPS://Shop.example:443/`
/// is `https://shop.example`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub struct EmbedOrigin(String);

impl EmbedOrigin {
    /// More sites than this is a sign of a mistake (a frame-ancestors list is not a directory).
    pub const MAX_PER_PROJECT: usize = 8;

    pub fn parse(raw: &str) -> Result<Self, String> {
        let raw = raw.trim();
        let shape = || format!("{raw} is not a site address such as https://shop.example");
        let url = url::Url::parse(raw).map_err(|_| shape())?;
        let loopback = match url.host() {
            Some(url::Host::Domain(d)) => d == "localhost",
            Some(url::Host::Ipv4(ip)) => ip.is_loopback(),
            Some(url::Host::Ipv6(ip)) => ip.is_loopback(),
            None => return Err(shape()),
        };
        match url.scheme() {
            "https" => {}
            "http" if loopback => {}
            _ => return Err(format!("{raw} must start with https:// (http:// only for localhost)")),
        }
        if !url.username().is_empty()
            || url.password().is_some()
            || url.path() != "/"
            || url.query().is_some()
            || url.fragment().is_some()
            || raw.contains('*')
        {
            return Err(format!("{raw} must be a site only, without a path, a query or a wildcard"));
        }
        Ok(EmbedOrigin(url.origin().ascii_serialization()))
    }

    /// A list of sites (each checked, repeats dropped, at most [`Self::MAX_PER_PROJECT`]).
    pub fn parse_list<'a>(raw: impl IntoIterator<Item = &'a str>) -> Result<Vec<Self>, String> {
        let mut origins: Vec<EmbedOrigin> = Vec::new();
        let mut problems = Vec::new();
        for item in raw.into_iter().map(str::trim).filter(|s| !s.is_empty()) {
            match EmbedOrigin::parse(item) {
                Ok(o) if !origins.contains(&o) => origins.push(o),
                Ok(_) => {}
                Err(e) => problems.push(e),
            }
        }
        if !problems.is_empty() {
            return Err(problems.join("; "));
        }
        if origins.len() > Self::MAX_PER_PROJECT {
            return Err(format!("at most {} sites may embed the page", Self::MAX_PER_PROJECT));
        }
        Ok(origins)
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl TryFrom<String> for EmbedOrigin {
    type Error = String;
    fn try_from(raw: String) -> Result<Self, Self::Error> {
        EmbedOrigin::parse(&raw)
    }
}

impl From<EmbedOrigin> for String {
    fn from(origin: EmbedOrigin) -> String {
        origin.0
    }
}

/// A project as the rest of the service sees it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Project {
    pub id: String,
    pub merchant_id: String,
    pub name: String,
    /// The name of the project's merchant.
    pub merchant_name: String,
    /// Default `redirect_url` (used by e-commerce widget payments that give none).
    pub redirect_url: Option<String>,
    pub settings: ProjectSettings,
    /// The row's version, moved by every change of `settings`: a page read kept while it has
    /// not moved is still the project as it is (domain/lookup.rs).
    pub version: i64,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_embed_origin_is_a_site_and_nothing_more() {
        let ok = |raw: &str| EmbedOrigin::parse(raw).map(|o| o.as_str().to_string());
        assert_eq!(ok("https://shop.example").unwrap(), "https://shop.example");
        assert_eq!(ok(" HTTPS://Shop.Example:443/ ").unwrap(), "https://shop.example", "as a browser writes it");
        assert_eq!(ok("https://shop.example:8443").unwrap(), "https://shop.example:8443");
        assert_eq!(ok("http://localhost:5173").unwrap(), "http://localhost:5173");
        assert_eq!(ok("http://127.0.0.1:8080").unwrap(), "http://127.0.0.1:8080");
        for bad in [
            "http://shop.example",
            "https://shop.example/checkout",
            "https://shop.example?x=1",
            "https://user@shop.example",
            "https://*.shop.example",
            "shop.example",
            "javascript:alert(1)",
            "data:text/html,x",
            "'none'",
            "https://shop.example; script-src *",
            "",
        ] {
            assert!(EmbedOrigin::parse(bad).is_err(), "{bad} accepted");
        }
    }

    #[test]
    fn a_display_name_refuses_what_would_show_another_name() {
        assert_eq!(DisplayName::parse("  Кофейня «Зерно» ").unwrap().as_str(), "Кофейня «Зерно»");
        assert_eq!(DisplayName::parse("مقهى").unwrap().as_str(), "مقهى", "right-to-left letters are fine");
        for bad in ["Shop\u{202E}moc.knab", "Shop\u{2066}x\u{2069}", "Sh\u{200B}op", "\u{FEFF}Shop", "Shop\u{200F}"] {
            assert!(DisplayName::parse(bad).is_err(), "{bad:?} accepted");
        }
    }

    #[test]
    fn a_list_drops_repeats_and_is_bounded() {
        let list =
            EmbedOrigin::parse_list(["https://a.example", "https://A.example/", " ", "https://b.example"]).unwrap();
        assert_eq!(
            list.iter().map(EmbedOrigin::as_str).collect::<Vec<_>>(),
            ["https://a.example", "https://b.example"]
        );
        let many: Vec<String> = (0..9).map(|i| format!("https://s{i}.example")).collect();
        assert!(EmbedOrigin::parse_list(many.iter().map(String::as_str)).is_err());
        assert!(
            EmbedOrigin::parse_list(["https://a.example", "ftp://b.example"]).unwrap_err().contains("ftp://b.example")
        );
    }
}
