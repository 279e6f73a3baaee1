//! The projects service: projects, their settings and their request keys, as the
//! authentication, the operator API and the page need them.

use std::sync::Arc;

use super::antifraud::AntiFraudRules;
use super::audit::{AuditEntry, Subject, Who};
use super::catalogue::{Method, WidgetMethod};
use super::payments::{DomainError, Result};
use super::ports::{KeySummary, ProjectStore, RequestKeyRecord};
use super::time::now_ms;
use crate::crypto::keys::{self, KeyType};
use crate::secret::Secret;

/// A key just added: its token, and the HMAC secret to show once.
#[derive(Debug)]
pub struct NewKeyShown {
    pub token: String,
    pub hmac_secret: Option<Secret<String>>,
}
use super::brand::{BrandColor, Logo};
use super::project::{DisplayName, EmbedOrigin, Project, ProjectSettings};

pub struct Projects {
    store: Arc<dyn ProjectStore>,
}

impl Projects {
    pub fn new(store: Arc<dyn ProjectStore>) -> Self {
        Projects { store }
    }

    /// The projects of a merchant (what its console users see).
    pub async fn of_merchant(&self, merchant_id: &str) -> Result<Vec<Project>> {
        Ok(self.store.projects_of_merchant(merchant_id).await?)
    }

    /// A project's request keys (no secrets), newest first.
    pub async fn keys_of(&self, project_id: &str) -> Result<Vec<KeySummary>> {
        Ok(self.store.request_keys_of(project_id).await?)
    }

    /// Adds a request key: a pasted ECDSA or RSA public key (PEM), or a generated HMAC secret
    /// (returned here, to be shown once). At most two keys are active at once.
    pub async fn add_request_key(
        &self,
        project_id: &str,
        key_type: KeyType,
        public_key_pem: Option<&str>,
        who: &Who,
    ) -> Result<NewKeyShown> {
        let stored = match (key_type, public_key_pem.map(str::trim).filter(|p| !p.is_empty())) {
            (KeyType::HmacSha512, _) => keys::generate_request_key(key_type).stored,
            (_, Some(pem)) => keys::request_key_from_public_pem(key_type, pem)
                .map_err(|e| DomainError::invalid("public_key", e.to_string()))?,
            (_, None) => return Err(DomainError::invalid("public_key", "paste the public key (PEM)")),
        };
        let audit = AuditEntry::new(who, "request_key_added", Subject::Key, &stored.token, now_ms())
            .states("", "active")
            .detail(format!("{} {}", project_id, key_type.as_str()));
        self.store.add_request_key(project_id, &stored, Some(&audit)).await?;
        Ok(NewKeyShown { token: stored.token.clone(), hmac_secret: stored.hmac_secret.clone() })
    }

    /// Activates or deactivates a request key of `project_id` (a token of another project is
    /// not found).
    pub async fn set_key_active(&self, project_id: &str, token: &str, active: bool, who: &Who) -> Result<()> {
        let owned = self.store.request_key(token).await?.is_some_and(|k| k.project_id == project_id);
        if !owned {
            return Err(DomainError::Missing);
        }
        let state = |a: bool| if a { "active" } else { "inactive" };
        let action = if active { "request_key_activated" } else { "request_key_deactivated" };
        let audit = AuditEntry::new(who, action, Subject::Key, token, now_ms()).states(state(!active), state(active));
        if self.store.set_request_key_active(token, active, Some(&audit)).await? {
            Ok(())
        } else {
            Err(DomainError::Missing)
        }
    }

    /// The public key Kassa signs this project's callbacks with (PEM), for the merchant to
    /// verify them; `None` for an HMAC callback key.
    pub async fn callback_public_key(&self, project_id: &str) -> Result<Option<String>> {
        Ok(self.store.callback_key(project_id).await?.and_then(|k| k.public_key_pem))
    }

    /// The key this project's callbacks are signed with (for the integration check).
    pub async fn callback_signing_key(&self, project_id: &str) -> Result<Option<keys::StoredCallbackKey>> {
        Ok(self.store.callback_key(project_id).await?)
    }

    pub async fn project(&self, project_id: &str) -> Result<Option<Project>> {
        Ok(self.store.project(project_id).await?)
    }

    /// Records that a key authenticated a request now (called once per auth-cache lifetime).
    pub async fn touch_key(&self, token: &str) -> Result<()> {
        Ok(self.store.touch_request_key(token, now_ms()).await?)
    }

    /// A request key by its token (`x-access-token`), with its project and merchant.
    pub async fn request_key(&self, token: &str) -> Result<Option<RequestKeyRecord>> {
        Ok(self.store.request_key(token).await?)
    }

    /// Records that a signed message (`replay_key`) was used on `endpoint`, until `expires_ms`.
    /// True when this is its first use or a repeat on the same endpoint (a retry); false when
    /// it was already used on another endpoint (a replay). An endpoint that only reads
    /// (`changes` false) checks what is recorded and leaves its own record to be written
    /// after the answer; one that changes something waits for its record.
    pub async fn first_use_on(&self, replay_key: &str, endpoint: &str, expires_ms: i64, changes: bool) -> Result<bool> {
        Ok(match self.store.remember_signature(replay_key, endpoint, expires_ms, changes).await? {
            None => true,
            Some(first) => first == endpoint,
        })
    }

    /// Forgets signed messages whose timestamps can no longer be accepted.
    pub async fn forget_expired_signatures(&self, now_ms: i64) -> Result<u64> {
        Ok(self.store.forget_signatures_before(now_ms).await?)
    }

    /// The merchant console's payment page settings: the display name, the brand colour
    /// (empty: the merchant's name, Kassa's colour) and the sites that may embed the page (one
    /// per line or separated by spaces), all checked, in one change.
    pub async fn set_page(
        &self,
        project_id: &str,
        display_name: &str,
        brand_color: &str,
        embed_origins: &str,
    ) -> Result<Project> {
        let mut v = super::violations::Violations::default();
        let name = Some(display_name.trim()).filter(|n| !n.is_empty()).map(DisplayName::parse).transpose();
        let color = Some(brand_color.trim()).filter(|c| !c.is_empty()).map(BrandColor::parse).transpose();
        let origins = EmbedOrigin::parse_list(embed_origins.split_whitespace());
        if let Err(e) = &name {
            v.fail("display_name", format!("display name {e}"));
        }
        if let Err(e) = &color {
            v.fail("brand_color", e.clone());
        }
        if let Err(e) = &origins {
            v.fail("embed_origins", e.clone());
        }
        v.finish().map_err(DomainError::Validation)?;
        let mut project = self.store.project(project_id).await?.ok_or(DomainError::Missing)?;
        project.settings.display_name = name.unwrap_or_default();
        project.settings.brand_color = color.unwrap_or_default();
        project.settings.embed_origins = origins.unwrap_or_default();
        if !self.store.update_project_settings(project_id, &project.settings).await? {
            return Err(DomainError::Missing);
        }
        Ok(project)
    }

    /// Sets (or with `Some(None)` clears) what payers see on the payment page: the display
    /// name, the brand colour and the logo, and the sites that may embed it (an empty list: none);
    /// `None` leaves one as it is. Everything is checked
    /// before anything is written, and written in one change (a refused part changes nothing).
    pub async fn set_brand(
        &self,
        project_id: &str,
        name: Option<Option<&str>>,
        color: Option<Option<&str>>,
        logo: Option<Option<Vec<u8>>>,
        embed_origins: Option<Vec<String>>,
    ) -> Result<Project> {
        let mut v = super::violations::Violations::default();
        let embed_origins = match embed_origins {
            Some(raw) => match EmbedOrigin::parse_list(raw.iter().map(String::as_str)) {
                Ok(origins) => Some(origins),
                Err(e) => {
                    v.fail("embed_origins", e);
                    None
                }
            },
            None => None,
        };
        let name = match name {
            Some(Some(raw)) => match DisplayName::parse(raw) {
                Ok(n) => Some(Some(n)),
                Err(e) => {
                    v.fail("display_name", format!("display name {e}"));
                    None
                }
            },
            Some(None) => Some(None),
            None => None,
        };
        let color = match color {
            Some(Some(raw)) => match BrandColor::parse(raw) {
                Ok(c) => Some(Some(c)),
                Err(e) => {
                    v.fail("brand_color", e);
                    None
                }
            },
            Some(None) => Some(None),
            None => None,
        };
        let logo = match logo {
            Some(Some(data)) => match Logo::parse(data) {
                Ok(l) => Some(Some(l)),
                Err(e) => {
                    v.fail("logo", e);
                    None
                }
            },
            Some(None) => Some(None),
            None => None,
        };
        v.finish().map_err(DomainError::Validation)?;
        let mut project = self.store.project(project_id).await?.ok_or(DomainError::Missing)?;
        if let Some(name) = name {
            project.settings.display_name = name;
        }
        if let Some(color) = color {
            project.settings.brand_color = color;
        }
        if let Some(origins) = embed_origins {
            project.settings.embed_origins = origins;
        }
        match logo {
            Some(logo) => {
                project.settings.logo_digest = logo.as_ref().map(Logo::digest);
                if !self.store.set_logo(project_id, logo.as_ref(), &project.settings).await? {
                    return Err(DomainError::Missing);
                }
            }
            None => {
                if !self.store.update_project_settings(project_id, &project.settings).await? {
                    return Err(DomainError::Missing);
                }
            }
        }
        Ok(project)
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
    ) -> Result<ProjectSettings> {
        if let Some(m) =
            allowed_methods.iter().flatten().find(|m| Method::parse(m).is_none() && WidgetMethod::parse(m).is_none())
        {
            return Err(DomainError::invalid("allowed_methods", format!("unknown method {m}")));
        }
        let current = self.store.project(project_id).await?.ok_or(DomainError::Missing)?;
        let settings = ProjectSettings { allowed_methods, antifraud, ..current.settings };
        if !self.store.update_project_settings(project_id, &settings).await? {
            return Err(DomainError::Missing);
        }
        Ok(settings)
    }
}
