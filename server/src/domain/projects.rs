//! The projects service: projects, their settings and their request keys, as the
//! authentication, the operator API and the page need them.

use std::sync::Arc;

use super::antifraud::AntiFraudRules;
use super::catalogue::{Method, WidgetMethod};
use super::payments::{DomainError, Result};
use super::ports::{ProjectStore, RequestKeyRecord};
use super::project::{Project, ProjectSettings};

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

    pub async fn project(&self, project_id: &str) -> Result<Option<Project>> {
        Ok(self.store.project(project_id).await?)
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
        let settings = ProjectSettings { allowed_methods, antifraud };
        if !self.store.update_project_settings(project_id, &settings).await? {
            return Err(DomainError::Missing);
        }
        Ok(settings)
    }
}
