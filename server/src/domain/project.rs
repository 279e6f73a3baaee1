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
}

impl ProjectSettings {
    pub fn allows(&self, code: &str) -> bool {
        self.allowed_methods.as_ref().is_none_or(|m| m.iter().any(|a| a == code))
    }
}

/// A project as the rest of the service sees it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Project {
    pub id: String,
    pub merchant_id: String,
    pub name: String,
    /// Default `redirect_url` (used by e-commerce widget payments that give none).
    pub redirect_url: Option<String>,
    pub settings: ProjectSettings,
}
