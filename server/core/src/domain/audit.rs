//! The audit log: who did what, when, on which payment or requisite, and the state before and
//! after. Entries are written by the store in the transaction of the change they describe
//! (an action that did not happen leaves no entry), and never changed afterwards.

use serde::Serialize;

/// Who acted: a person logged in to a console, or a script holding the operator API token.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Who {
    /// An operator in the console (their login, and their role's code when known: a failed
    /// login names a login that may not exist).
    Operator(String, Option<&'static str>),
    /// A merchant user in the merchant console (their login and role).
    MerchantUser(String, Option<&'static str>),
    /// The operator API (bearer token): scripts.
    OperatorApi,
    /// The sandbox panel of the payment page, where a tester plays the operator.
    Sandbox,
    /// The `kassa` command line (an administrator on the server).
    Cli,
}

impl Who {
    /// The person's role when they acted (kept beside the label, which names the person only:
    /// four eyes compare labels, and a role change must not make one person two).
    pub fn role(&self) -> Option<&'static str> {
        match self {
            Who::Operator(_, role) | Who::MerchantUser(_, role) => *role,
            _ => None,
        }
    }

    pub fn label(&self) -> String {
        match self {
            Who::Operator(login, _) => format!("operator:{login}"),
            Who::MerchantUser(login, _) => format!("merchant:{login}"),
            Who::OperatorApi => "operator-api".to_string(),
            Who::Sandbox => "sandbox-panel".to_string(),
            Who::Cli => "cli".to_string(),
        }
    }
}

/// What an entry is about.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Subject {
    Payment,
    Requisite,
    User,
    /// An incoming transfer (its row key).
    Incoming,
    /// A request key (its token).
    Key,
    /// A project (its id): page and project settings.
    Project,
    /// A bank of the catalogue (its symbol).
    Bank,
}

impl Subject {
    pub fn code(self) -> &'static str {
        match self {
            Subject::Payment => "payment",
            Subject::Requisite => "requisite",
            Subject::User => "user",
            Subject::Incoming => "incoming",
            Subject::Key => "key",
            Subject::Project => "project",
            Subject::Bank => "bank",
        }
    }
}

/// An entry to write with a change.
#[derive(Clone, Debug)]
pub struct AuditEntry {
    pub at_ms: i64,
    pub actor: String,
    /// The actor's role, for a person in a console.
    pub actor_role: Option<&'static str>,
    /// What was done, a stable code (`funds_received`, `requisite_disabled`, ...).
    pub action: &'static str,
    pub subject: Subject,
    pub subject_id: String,
    pub state_before: Option<String>,
    pub state_after: Option<String>,
    /// What the action carried (an amount, an outcome), as short text.
    pub detail: Option<String>,
}

impl AuditEntry {
    pub fn new(who: &Who, action: &'static str, subject: Subject, subject_id: &str, at_ms: i64) -> Self {
        AuditEntry {
            at_ms,
            actor: who.label(),
            actor_role: who.role(),
            action,
            subject,
            subject_id: subject_id.to_string(),
            state_before: None,
            state_after: None,
            detail: None,
        }
    }

    pub fn states(mut self, before: impl Into<String>, after: impl Into<String>) -> Self {
        self.state_before = Some(before.into());
        self.state_after = Some(after.into());
        self
    }

    pub fn detail(mut self, detail: impl Into<String>) -> Self {
        self.detail = Some(detail.into());
        self
    }
}

/// An entry as read back.
#[derive(Clone, Debug, Serialize)]
pub struct StoredAudit {
    pub id: i64,
    pub at_ms: i64,
    pub actor: String,
    pub actor_role: Option<String>,
    pub action: String,
    pub subject_kind: String,
    pub subject_id: String,
    pub state_before: Option<String>,
    pub state_after: Option<String>,
    pub detail: Option<String>,
}

/// Which entries to read: all, or those of one subject; newest first, before `before_id`.
#[derive(Clone, Debug, Default)]
pub struct AuditQuery {
    pub subject: Option<(Subject, String)>,
    pub before_id: Option<i64>,
    pub limit: i64,
}

/// An amount as the audit log records it: major units with a dot and the currency
/// (`2750.00 RUB`), never minor units a reader would take for a hundred times the money.
pub fn money(minor: i64, currency: &str) -> String {
    match super::catalogue::Currency::parse(currency) {
        Some(c) => format!("{} {}", kassa_rules::amount::major_units(minor, c.digits), c.code),
        None => format!("{minor} {currency} (minor units)"),
    }
}

#[cfg(test)]
mod money_tests {
    #[test]
    fn the_audit_writes_major_units_with_the_currency() {
        assert_eq!(super::money(275_000, "RUB"), "2750.00 RUB");
        assert_eq!(super::money(-5, "RUB"), "-0.05 RUB");
        assert_eq!(super::money(150_000, "KRW"), "150000 KRW");
    }
}
