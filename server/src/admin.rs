//! Operator commands that print JSON: creating projects and their keys (decisions.md §1, §9).

use serde::Serialize;

use crate::crypto::keys::{self, KeyType, StoredRequestKey};
use crate::domain::ports::{ProjectStore, StoreError};
use crate::domain::project::{Project, ProjectSettings};

#[derive(Debug, thiserror::Error)]
pub enum AdminError {
    #[error(transparent)]
    Key(#[from] keys::KeyError),
    #[error(transparent)]
    Storage(StoreError),
    #[error("{0}")]
    Invalid(String),
}

impl From<StoreError> for AdminError {
    fn from(e: StoreError) -> Self {
        match e {
            StoreError::Refused(text) => AdminError::Invalid(text),
            e => AdminError::Storage(e),
        }
    }
}

/// What to create.
#[derive(Debug, Clone)]
pub struct NewProject {
    pub merchant: String,
    pub name: String,
    pub request_key_type: KeyType,
    /// Upload this public key instead of generating a pair.
    pub public_key_pem: Option<String>,
    pub callback_key_type: KeyType,
    pub redirect_url: Option<String>,
}

/// Request key material, shown once.
#[derive(Debug, Serialize)]
pub struct RequestKeyOut {
    #[serde(rename = "type")]
    pub key_type: &'static str,
    /// The value of `x-access-token`.
    pub token: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub private_key_pem: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub hmac_secret: Option<String>,
}

#[derive(Debug, Serialize)]
pub struct CallbackKeyOut {
    #[serde(rename = "type")]
    pub key_type: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub public_key_pem: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub hmac_secret: Option<String>,
}

#[derive(Debug, Serialize)]
pub struct ProjectCreated {
    pub merchant_id: String,
    pub project_id: String,
    pub request_key: RequestKeyOut,
    pub callback_key: CallbackKeyOut,
}

fn request_key(
    key_type: KeyType,
    public_key_pem: Option<&str>,
) -> Result<(StoredRequestKey, RequestKeyOut), AdminError> {
    let (stored, private_pem) = match public_key_pem {
        Some(pem) => (keys::request_key_from_public_pem(key_type, pem)?, None),
        None => {
            let generated = keys::generate_request_key(key_type);
            (generated.stored, generated.private_key_pem)
        }
    };
    let out = RequestKeyOut {
        key_type: key_type.as_str(),
        token: stored.token.clone(),
        private_key_pem: private_pem.map(|p| p.expose().clone()),
        hmac_secret: stored.hmac_secret.as_ref().map(|s| s.expose().clone()),
    };
    Ok((stored, out))
}

/// Creates a project (and its merchant when new) with a request key and a callback key.
pub async fn create_project(storage: &dyn ProjectStore, new: NewProject) -> Result<ProjectCreated, AdminError> {
    if new.merchant.trim().is_empty() || new.name.trim().is_empty() {
        return Err(AdminError::Invalid("merchant and project names must not be empty".into()));
    }
    let merchant = storage.merchant_by_name_or_create(new.merchant.trim()).await?;
    let (stored_request, request_out) = request_key(new.request_key_type, new.public_key_pem.as_deref())?;
    let callback = keys::generate_callback_key(new.callback_key_type);
    let project = Project {
        id: uuid::Uuid::new_v4().simple().to_string(),
        merchant_id: merchant.id.clone(),
        name: new.name.trim().to_string(),
        merchant_name: merchant.name.clone(),
        redirect_url: new.redirect_url,
        settings: ProjectSettings::default(),
    };
    storage.create_project(&project, &stored_request, &callback).await?;
    Ok(ProjectCreated {
        merchant_id: merchant.id,
        project_id: project.id,
        request_key: request_out,
        callback_key: CallbackKeyOut {
            key_type: callback.key_type.as_str(),
            public_key_pem: callback.public_key_pem.clone(),
            hmac_secret: callback.hmac_secret.as_ref().map(|s| s.expose().clone()),
        },
    })
}

/// Adds a second request key to a project, for rotation without downtime.
pub async fn add_request_key(
    storage: &dyn ProjectStore,
    project_id: &str,
    key_type: KeyType,
    public_key_pem: Option<&str>,
) -> Result<RequestKeyOut, AdminError> {
    if storage.project(project_id).await?.is_none() {
        return Err(AdminError::Invalid(format!("no project {project_id}")));
    }
    let (stored, out) = request_key(key_type, public_key_pem)?;
    let audit = crate::domain::audit::AuditEntry::new(
        &crate::domain::audit::Who::Cli,
        "request_key_added",
        crate::domain::audit::Subject::Key,
        &stored.token,
        crate::domain::time::now_ms(),
    )
    .states("", "active")
    .detail(format!("{project_id} {}", key_type.as_str()));
    storage.add_request_key(project_id, &stored, Some(&audit)).await?;
    Ok(out)
}

/// A domain refusal as one line for the command line (the fields and what is wrong).
pub fn describe(e: &crate::domain::payments::DomainError) -> String {
    match e {
        crate::domain::payments::DomainError::Validation(violations) => {
            violations.iter().map(|v| format!("{}: {}", v.field, v.message)).collect::<Vec<_>>().join("; ")
        }
        crate::domain::payments::DomainError::Missing => "no such user".to_string(),
        other => other.to_string(),
    }
}
