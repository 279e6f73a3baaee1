//! Projects (cash registers, decisions.md §1): creating one with its keys, and the settings
//! merchants and operators change: what payers see on the page (name, colour, logo, the sites
//! that may frame it), the allowed methods and the anti-fraud rules.

use std::sync::Arc;

use super::antifraud::AntiFraudRules;
use super::audit::{AuditEntry, Subject, Who};
use super::brand::{BrandColor, Logo};
use super::catalogue::{Method, WidgetMethod};
use super::error::{DomainError, Result};
use super::keys::{KeySource, NewKeyShown, new_request_key};
use super::ports::ProjectStore;
use super::project::{DisplayName, EmbedOrigin, Project, ProjectSettings};
use super::time::now_ms;
use super::violations::Violations;
use crate::crypto::keys::{self, KeyType, StoredCallbackKey};

/// A project to create.
#[derive(Debug, Clone)]
pub struct NewProject {
    /// The merchant's name; a merchant of that name is created when there is none.
    pub merchant: String,
    pub name: String,
    pub request_key_type: KeyType,
    /// Upload this public key instead of generating a pair.
    pub public_key_pem: Option<String>,
    pub callback_key_type: KeyType,
    pub redirect_url: Option<String>,
}

/// A project just created, with the key material to show once.
#[derive(Debug)]
pub struct ProjectCreated {
    pub merchant_id: String,
    pub project_id: String,
    pub request_key: NewKeyShown,
    pub callback_key: StoredCallbackKey,
}

/// A change of what payers see; `None` leaves a part as it is, `Some(None)` clears it.
#[derive(Debug, Default)]
pub struct BrandChange<'a> {
    pub display_name: Option<Option<&'a str>>,
    pub brand_color: Option<Option<&'a str>>,
    pub logo: Option<Option<Vec<u8>>>,
    /// The sites that may frame the page (an empty list: none).
    pub embed_origins: Option<Vec<String>>,
}

pub struct Projects {
    store: Arc<dyn ProjectStore>,
}

impl Projects {
    pub fn new(store: Arc<dyn ProjectStore>) -> Self {
        Projects { store }
    }

    /// Creates a project (and its merchant when new) with a request key and a callback key.
    pub async fn create(&self, new: NewProject) -> Result<ProjectCreated> {
        let (merchant_name, name) = (new.merchant.trim(), new.name.trim());
        if merchant_name.is_empty() || name.is_empty() {
            return Err(DomainError::invalid("name", "merchant and project names must not be empty"));
        }
        let source = new.public_key_pem.as_deref().map_or(KeySource::Generate, KeySource::Upload);
        let (stored, request_key) = new_request_key(new.request_key_type, source)?;
        let merchant = self.store.merchant_by_name_or_create(merchant_name).await?;
        let callback_key = keys::generate_callback_key(new.callback_key_type);
        let project = Project {
            id: uuid::Uuid::new_v4().simple().to_string(),
            merchant_id: merchant.id.clone(),
            name: name.to_string(),
            merchant_name: merchant.name,
            redirect_url: new.redirect_url,
            settings: ProjectSettings::default(),
            // The column's default: no change of settings yet.
            version: 0,
        };
        self.store.create_project(&project, &stored, &callback_key).await?;
        Ok(ProjectCreated { merchant_id: merchant.id, project_id: project.id, request_key, callback_key })
    }

    /// The project `name` of the merchant named `merchant`, if both exist.
    pub async fn by_name(&self, merchant: &str, name: &str) -> Result<Option<Project>> {
        let merchant = self.store.merchant_by_name_or_create(merchant).await?;
        Ok(self.store.project_by_name(&merchant.id, name).await?)
    }

    /// Every project with its merchant's name (the operator's pickers and tables).
    pub async fn all(&self) -> Result<Vec<Project>> {
        Ok(self.store.all_projects().await?)
    }

    /// The projects of a merchant (what its console users see).
    pub async fn of_merchant(&self, merchant_id: &str) -> Result<Vec<Project>> {
        Ok(self.store.projects_of_merchant(merchant_id).await?)
    }

    pub async fn project(&self, project_id: &str) -> Result<Option<Project>> {
        Ok(self.store.project(project_id).await?)
    }

    /// Changes what payers see on the payment page. Everything is checked before anything is
    /// written, and written in one change (a refused part changes nothing).
    pub async fn set_brand(&self, project_id: &str, change: BrandChange<'_>, who: &Who) -> Result<Project> {
        let mut v = Violations::default();
        let embed_origins = change.embed_origins.and_then(|raw| {
            EmbedOrigin::parse_list(raw.iter().map(String::as_str)).map_err(|e| v.fail("embed_origins", e)).ok()
        });
        let name = parse_part(change.display_name, DisplayName::parse, |e| {
            v.fail("display_name", format!("display name {e}"))
        });
        let color = parse_part(change.brand_color, BrandColor::parse, |e| v.fail("brand_color", e));
        let logo = parse_part(change.logo, Logo::parse, |e| v.fail("logo", e));
        v.finish().map_err(DomainError::Validation)?;
        let mut project = self.store.project(project_id).await?.ok_or(DomainError::Missing)?;
        let before = project.settings.clone();
        if let Some(name) = name {
            project.settings.display_name = name;
        }
        if let Some(color) = color {
            project.settings.brand_color = color;
        }
        if let Some(origins) = embed_origins {
            project.settings.embed_origins = origins;
        }
        if let Some(logo) = &logo {
            project.settings.logo_digest = logo.as_ref().map(Logo::digest);
        }
        let audit = settings_audit(who, "page_settings_changed", project_id, &before, &project.settings);
        let written = match logo {
            Some(logo) => self.store.set_logo(project_id, logo.as_ref(), &project.settings, &audit).await?,
            None => self.store.update_project_settings(project_id, &project.settings, &audit).await?,
        };
        if written { Ok(project) } else { Err(DomainError::Missing) }
    }

    /// A project's logo: its type and bytes.
    pub async fn logo(&self, project_id: &str) -> Result<Option<(String, Vec<u8>)>> {
        Ok(self.store.logo(project_id).await?)
    }

    /// Replaces a project's allowed methods and anti-fraud rules.
    pub async fn update_settings(
        &self,
        project_id: &str,
        allowed_methods: Option<Vec<String>>,
        antifraud: AntiFraudRules,
        who: &Who,
    ) -> Result<ProjectSettings> {
        if let Some(m) =
            allowed_methods.iter().flatten().find(|m| Method::parse(m).is_none() && WidgetMethod::parse(m).is_none())
        {
            return Err(DomainError::invalid("allowed_methods", format!("unknown method {m}")));
        }
        let current = self.store.project(project_id).await?.ok_or(DomainError::Missing)?;
        let settings = ProjectSettings { allowed_methods, antifraud, ..current.settings.clone() };
        let audit = settings_audit(who, "project_settings_changed", project_id, &current.settings, &settings);
        if !self.store.update_project_settings(project_id, &settings, &audit).await? {
            return Err(DomainError::Missing);
        }
        Ok(settings)
    }
}

/// The audit entry of a settings change: before and after, each the settings that changed as
/// `name=value` (the logo by its digest).
fn settings_audit(
    who: &Who,
    action: &'static str,
    project_id: &str,
    before: &ProjectSettings,
    after: &ProjectSettings,
) -> AuditEntry {
    let (was, now) = changed_settings(before, after);
    AuditEntry::new(who, action, Subject::Project, project_id, now_ms()).states(&was, &now)
}

/// The settings that differ, as they were and as they are: `name=value; ...` (`-` for none).
pub fn changed_settings(before: &ProjectSettings, after: &ProjectSettings) -> (String, String) {
    fn parts(s: &ProjectSettings) -> [(&'static str, String); 6] {
        let or_none = |v: Option<String>| v.unwrap_or_else(|| "-".into());
        [
            ("display_name", or_none(s.display_name.as_ref().map(|n| n.as_str().to_string()))),
            ("brand_color", or_none(s.brand_color.as_ref().map(|c| c.as_str().to_string()))),
            ("logo", or_none(s.logo_digest.as_ref().map(|d| d.chars().take(12).collect()))),
            (
                "embed_origins",
                or_none(
                    Some(s.embed_origins.iter().map(EmbedOrigin::as_str).collect::<Vec<_>>().join(" "))
                        .filter(|o| !o.is_empty()),
                ),
            ),
            ("allowed_methods", or_none(s.allowed_methods.as_ref().map(|m| m.join(",")))),
            ("antifraud", serde_json::to_string(&s.antifraud).unwrap_or_default()),
        ]
    }
    let (b, a) = (parts(before), parts(after));
    let mut was = Vec::new();
    let mut now = Vec::new();
    for ((name, old), (_, new)) in b.iter().zip(a.iter()) {
        if old != new {
            was.push(format!("{name}={old}"));
            now.push(format!("{name}={new}"));
        }
    }
    (was.join("; "), now.join("; "))
}

/// One part of a [`BrandChange`], parsed: `None` keeps it, `Some(None)` clears it; a value that
/// does not parse is reported through `fail` (and the part is left out).
fn parse_part<R, T, E>(
    part: Option<Option<R>>,
    parse: impl FnOnce(R) -> std::result::Result<T, E>,
    fail: impl FnOnce(E),
) -> Option<Option<T>> {
    match part? {
        None => Some(None),
        Some(raw) => match parse(raw) {
            Ok(value) => Some(Some(value)),
            Err(e) => {
                fail(e);
                None
            }
        },
    }
}
