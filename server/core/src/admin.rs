//! What the operator commands print (JSON): projects and their keys as created (decisions.md
//! §1, §9), the key material shown once; and a domain refusal as one line.

use serde::Serialize;

use crate::crypto::keys::KeyType;
use crate::domain::audit::Who;
use crate::domain::error::DomainError;
use crate::domain::keys::{KeySource, Keys, NewKeyShown};
pub use crate::domain::projects::NewProject;
use crate::domain::projects::Projects;

/// Why a command failed: the domain's refusal, said as one line.
#[derive(Debug, thiserror::Error)]
#[error("{}", describe(.0))]
pub struct AdminError(pub DomainError);

impl From<DomainError> for AdminError {
    fn from(e: DomainError) -> Self {
        AdminError(e)
    }
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

fn request_key_out(shown: NewKeyShown) -> RequestKeyOut {
    RequestKeyOut {
        key_type: shown.key_type.as_str(),
        token: shown.token,
        private_key_pem: shown.private_key_pem.map(|p| p.expose().clone()),
        hmac_secret: shown.hmac_secret.map(|s| s.expose().clone()),
    }
}

/// Creates a project (and its merchant when new) with a request key and a callback key.
pub async fn create_project(projects: &Projects, new: NewProject) -> Result<ProjectCreated, AdminError> {
    let created = projects.create(new).await?;
    let callback = &created.callback_key;
    Ok(ProjectCreated {
        merchant_id: created.merchant_id,
        project_id: created.project_id,
        request_key: request_key_out(created.request_key),
        callback_key: CallbackKeyOut {
            key_type: callback.key_type.as_str(),
            public_key_pem: callback.public_key_pem.clone(),
            hmac_secret: callback.hmac_secret.as_ref().map(|s| s.expose().clone()),
        },
    })
}

/// Adds a request key to a project (generated, or the given public key), for rotation
/// without downtime.
pub async fn add_request_key(
    keys: &Keys,
    project_id: &str,
    key_type: KeyType,
    public_key_pem: Option<&str>,
) -> Result<RequestKeyOut, AdminError> {
    let source = public_key_pem.map_or(KeySource::Generate, KeySource::Upload);
    Ok(request_key_out(keys.add(project_id, key_type, source, &Who::Cli).await?))
}

/// A domain refusal as one line for the command line (the fields and what is wrong).
pub fn describe(e: &DomainError) -> String {
    match e {
        DomainError::Validation(violations) => {
            violations.iter().map(|v| format!("{}: {}", v.field, v.message)).collect::<Vec<_>>().join("; ")
        }
        DomainError::Missing => "not found".to_string(),
        other => other.to_string(),
    }
}
