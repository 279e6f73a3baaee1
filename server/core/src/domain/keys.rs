//! A project's keys (decisions.md §1, §2): the request keys merchants sign with (added,
//! rotated, deactivated; at most two active), the callback key Kassa signs with, and what the
//! authentication layer asks of them (a key by its token, its last use, signed messages seen).

use std::sync::Arc;

use super::audit::{AuditEntry, Subject, Who};
use super::error::{DomainError, Result};
use super::ports::{KeySummary, ProjectStore, RequestKeyRecord};
use super::replay::SignatureUse;
use super::time::now_ms;
use crate::crypto::keys::{self, KeyType};
use crate::secret::Secret;

/// Where a new request key comes from.
#[derive(Clone, Copy, Debug)]
pub enum KeySource<'a> {
    /// The merchant's public key (PEM); an HMAC key is always generated.
    Upload(&'a str),
    /// Kassa generates the pair (the private key is shown once) or the HMAC secret.
    Generate,
}

/// A key just added: its token, and the secret material to show once.
#[derive(Debug)]
pub struct NewKeyShown {
    pub key_type: KeyType,
    pub token: String,
    pub hmac_secret: Option<Secret<String>>,
    /// A generated pair's private key.
    pub private_key_pem: Option<Secret<String>>,
}

pub struct Keys {
    store: Arc<dyn ProjectStore>,
}

impl Keys {
    pub fn new(store: Arc<dyn ProjectStore>) -> Self {
        Keys { store }
    }

    /// A project's request keys (no secrets), newest first.
    pub async fn of_project(&self, project_id: &str) -> Result<Vec<KeySummary>> {
        Ok(self.store.request_keys_of(project_id).await?)
    }

    /// Adds a request key to a project (refused beyond two active ones), audited as `who`'s.
    pub async fn add(
        &self,
        project_id: &str,
        key_type: KeyType,
        source: KeySource<'_>,
        who: &Who,
    ) -> Result<NewKeyShown> {
        if self.store.project(project_id).await?.is_none() {
            return Err(DomainError::Missing);
        }
        let shown = new_request_key(key_type, source)?;
        let audit = AuditEntry::new(who, "request_key_added", Subject::Key, &shown.0.token, now_ms())
            .states("", "active")
            .detail(format!("{} {}", project_id, key_type.as_str()));
        self.store.add_request_key(project_id, &shown.0, Some(&audit)).await?;
        Ok(shown.1)
    }

    /// Replaces every request key of the project with a new generated one (the demo shop's
    /// key is fresh on each start; Kassa never stores request private keys).
    pub async fn replace_all(&self, project_id: &str, key_type: KeyType, who: &Who) -> Result<NewKeyShown> {
        self.store.deactivate_request_keys_except(project_id, "").await?;
        self.add(project_id, key_type, KeySource::Generate, who).await
    }

    /// Activates or deactivates a request key of `project_id` (a token of another project is
    /// not found; `None`: any project, as the command line names a key by its token alone).
    pub async fn set_active(&self, project_id: Option<&str>, token: &str, active: bool, who: &Who) -> Result<()> {
        match self.store.request_key(token).await? {
            Some(k) if project_id.is_none_or(|p| k.project_id == p) => {}
            _ => return Err(DomainError::Missing),
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

    /// Records that a key authenticated a request now (called once per auth-cache lifetime).
    pub async fn touch(&self, token: &str) -> Result<()> {
        Ok(self.store.touch_request_key(token, now_ms()).await?)
    }

    /// A request key by its token (`x-access-token`), with its project and merchant.
    pub async fn request_key(&self, token: &str) -> Result<Option<RequestKeyRecord>> {
        Ok(self.store.request_key(token).await?)
    }

    /// Records that a signed message was used on its endpoint, until it expires.
    /// True when this is its first use or a repeat on the same endpoint (a retry); false when
    /// it was already used on another endpoint (a replay). An endpoint that only reads
    /// (`changes` false) checks what is recorded and leaves its own record to be written
    /// after the answer; one that changes something waits for its record.
    pub async fn first_use_on(&self, signature_use: &SignatureUse, changes: bool) -> Result<bool> {
        let u = signature_use;
        let first = self.store.remember_signature(&u.key, &u.endpoint, u.expires_ms, changes).await?;
        Ok(u.may_act_after(first.as_deref()))
    }

    /// Forgets signed messages whose timestamps can no longer be accepted.
    pub async fn forget_expired_signatures(&self, now_ms: i64) -> Result<u64> {
        Ok(self.store.forget_signatures_before(now_ms).await?)
    }
}

/// A request key of `key_type` from `source`, stored and shown.
pub(super) fn new_request_key(
    key_type: KeyType,
    source: KeySource<'_>,
) -> Result<(keys::StoredRequestKey, NewKeyShown)> {
    let (stored, private_key_pem) = match (key_type, source) {
        (KeyType::HmacSha512, _) | (_, KeySource::Generate) => {
            let generated = keys::generate_request_key(key_type);
            (generated.stored, generated.private_key_pem)
        }
        (_, KeySource::Upload(pem)) if pem.trim().is_empty() => {
            return Err(DomainError::invalid("public_key", "paste the public key (PEM)"));
        }
        (_, KeySource::Upload(pem)) => (
            keys::request_key_from_public_pem(key_type, pem.trim())
                .map_err(|e| DomainError::invalid("public_key", e.to_string()))?,
            None,
        ),
    };
    let shown =
        NewKeyShown { key_type, token: stored.token.clone(), hmac_secret: stored.hmac_secret.clone(), private_key_pem };
    Ok((stored, shown))
}
