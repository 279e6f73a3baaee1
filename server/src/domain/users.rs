//! The consoles' users service: adding and disabling operators and merchant users, and
//! logging them in (the records and password rules are in [`super::user`]).

use std::sync::Arc;

use super::audit::{AuditEntry, Subject, Who};
use super::error::{DomainError, Result};
use super::ports::{AuditStore, UserStore};
use super::time::now_ms;
use super::user::{
    Audience, ConsoleUser, MAX_PASSWORD, MIN_PASSWORD, decoy_hash, hash_password, valid_login, verify_password,
};
use crate::secret::Secret;

/// Console users: creating, disabling, logging in.
pub struct ConsoleUsers {
    store: Arc<dyn UserStore>,
    /// Logins, failed logins and logouts are audited here (no change of state carries them).
    audit: Arc<dyn AuditStore>,
    /// Password hashing (argon2id, 19 MiB and most of a core each) runs at most once per core
    /// at a time: a burst of logins waits its turn instead of taking the memory and every core.
    hashing: Arc<tokio::sync::Semaphore>,
}

/// How long a login waits for a turn to hash before it is answered "busy".
const HASHING_WAIT: std::time::Duration = std::time::Duration::from_secs(10);

impl ConsoleUsers {
    pub fn new(store: Arc<dyn UserStore>, audit: Arc<dyn AuditStore>) -> Self {
        let cores = std::thread::available_parallelism().map_or(2, usize::from);
        ConsoleUsers { store, audit, hashing: Arc::new(tokio::sync::Semaphore::new(cores)) }
    }

    /// Records a sign-in event of `audience`'s `login` (`login`, `login_failed`, `logout`) from
    /// `address`. A failed attempt names the login typed, which may not exist.
    pub async fn record(&self, audience: Audience, login: &str, action: &'static str, address: &str) -> Result<()> {
        let who = match audience {
            Audience::Operator => Who::Operator(login.to_string()),
            Audience::Merchant => Who::MerchantUser(login.to_string()),
        };
        // A login typed in is the attacker's text: bounded, and only printable characters kept.
        let subject: String = login.chars().filter(|c| !c.is_control()).take(64).collect();
        let entry = AuditEntry::new(&who, action, Subject::User, &subject, now_ms()).detail(format!("from {address}"));
        Ok(self.audit.append_audit(&entry).await?)
    }

    /// Runs a password hash or check on the blocking pool, one per core at a time.
    async fn hashed<T: Send + 'static>(&self, work: impl FnOnce() -> T + Send + 'static) -> Result<T> {
        let permit = tokio::time::timeout(HASHING_WAIT, self.hashing.clone().acquire_owned())
            .await
            .map_err(|_| DomainError::Busy)?
            .map_err(|_| DomainError::Internal("password hashing closed"))?;
        tokio::task::spawn_blocking(move || {
            let done = work();
            drop(permit);
            done
        })
        .await
        .map_err(|_| DomainError::Internal("password check"))
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
            password_hash: {
                let password = password.clone();
                self.hashed(move || hash_password(&password)).await?
            },
            active: true,
            created_ms: now_ms(),
        };
        let audit =
            AuditEntry::new(&Who::Cli, "user_added", Subject::User, login, user.created_ms).detail(audience.code());
        self.store.upsert_user(&user, &audit).await?;
        self.store.user(audience, login).await?.ok_or(DomainError::Missing)
    }

    /// Disables a user: their sessions end in the same change, and any request still carrying
    /// one is refused (sessions are checked on every request).
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
        let matches = self.hashed(move || verify_password(&password, &hash)).await?;
        Ok(user.filter(|u| matches && u.active))
    }

    /// The active user of a session (`None` once disabled).
    pub async fn active_user(&self, audience: Audience, login: &str) -> Result<Option<ConsoleUser>> {
        Ok(self.store.user(audience, login).await?.filter(|u| u.active))
    }
}
