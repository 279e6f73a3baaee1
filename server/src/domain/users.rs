//! The consoles' users service: adding and disabling operators and merchant users, and
//! logging them in (the records and password rules are in [`super::user`]).

use std::sync::Arc;

use super::audit::{AuditEntry, Subject, Who};
use super::error::{DomainError, Result};
use super::ports::UserStore;
use super::time::now_ms;
use super::user::{
    Audience, ConsoleUser, MAX_PASSWORD, MIN_PASSWORD, decoy_hash, hash_password, valid_login, verify_password,
};
use crate::secret::Secret;

/// Console users: creating, disabling, logging in.
pub struct ConsoleUsers {
    store: Arc<dyn UserStore>,
}

impl ConsoleUsers {
    pub fn new(store: Arc<dyn UserStore>) -> Self {
        ConsoleUsers { store }
    }

    /// Adds a user (or sets a new password and re-enables one that exists).
    pub async fn add(
        &self,
        audience: Audience,
        merchant_id: Option<&str>,
        login: &str,
        password: &Secret<String>,
    ) -> Result<ConsoleUser> {
        if !valid_login(login) {
            return Err(DomainError::invalid(
                "login",
                "3 to 64 characters: Latin letters, digits, dot, hyphen, underscore, @",
            ));
        }
        let length = password.expose().chars().count();
        if !(MIN_PASSWORD..=MAX_PASSWORD).contains(&length) {
            return Err(DomainError::invalid("password", format!("{MIN_PASSWORD} to {MAX_PASSWORD} characters")));
        }
        let user = ConsoleUser {
            id: uuid::Uuid::now_v7().simple().to_string(),
            audience,
            merchant_id: merchant_id.map(str::to_string),
            login: login.to_string(),
            password_hash: hash_password(password),
            active: true,
            created_ms: now_ms(),
        };
        let audit =
            AuditEntry::new(&Who::Cli, "user_added", Subject::User, login, user.created_ms).detail(audience.code());
        self.store.upsert_user(&user, &audit).await?;
        self.store.user(audience, login).await?.ok_or(DomainError::Missing)
    }

    /// Disables a user: their next request is refused (sessions are checked on every request).
    pub async fn disable(&self, audience: Audience, login: &str) -> Result<()> {
        let audit =
            AuditEntry::new(&Who::Cli, "user_disabled", Subject::User, login, now_ms()).states("active", "disabled");
        if self.store.set_user_active(audience, login, false, &audit).await? {
            Ok(())
        } else {
            Err(DomainError::Missing)
        }
    }

    /// The user these credentials belong to, if they are right and the user is active.
    pub async fn authenticate(
        &self,
        audience: Audience,
        login: &str,
        password: &Secret<String>,
    ) -> Result<Option<ConsoleUser>> {
        let user = if valid_login(login) { self.store.user(audience, login).await? } else { None };
        let hash = user.as_ref().map_or_else(|| decoy_hash().to_string(), |u| u.password_hash.clone());
        let password = password.clone();
        let matches = tokio::task::spawn_blocking(move || verify_password(&password, &hash))
            .await
            .map_err(|_| DomainError::Internal("password check"))?;
        Ok(user.filter(|u| matches && u.active))
    }

    /// The active user of a session (`None` once disabled).
    pub async fn active_user(&self, audience: Audience, login: &str) -> Result<Option<ConsoleUser>> {
        Ok(self.store.user(audience, login).await?.filter(|u| u.active))
    }
}
