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

    pub async fn project(&self, project_id: &str) -> Result<Option<Project>> {
        Ok(self.store.project(project_id).await?)
    }

    /// A request key by its token (`x-access-token`), with its project and merchant.
    pub async fn request_key(&self, token: &str) -> Result<Option<RequestKeyRecord>> {
        Ok(self.store.request_key(token).await?)
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
