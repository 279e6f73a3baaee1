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
        Ok(DisplayName(name.to_string()))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
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
}
