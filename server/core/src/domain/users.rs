//! The consoles' users service: adding and disabling operators and merchant users, and
//! logging them in (the records and password rules are in [`super::user`]).

use std::sync::Arc;

use super::audit::{AuditEntry, Subject, Who};
use super::error::{DomainError, Refusal, Result};
use super::factor;
use super::ports::{AuditStore, Setup, UserChange, UserStore};
use super::time::now_ms;
use super::user::{
    Audience, ConsoleUser, MAX_PASSWORD, MIN_PASSWORD, NO_PASSWORD, Permission, Role, decoy_hash, hash_password,
    valid_login, verify_password,
};
use crate::crypto::hashing::Hashers;
use crate::secret::Secret;

/// Console users: creating, disabling, logging in.
pub struct ConsoleUsers {
    store: Arc<dyn UserStore>,
    /// Logins, failed logins and logouts are audited here (no change of state carries them).
    audit: Arc<dyn AuditStore>,
    /// Password hashing (argon2id, 19 MiB and most of a core each) runs on all cores but one,
    /// one hash per core at a time: a burst of logins waits its turn instead of taking the
    /// memory and every core.
    hashing: Arc<tokio::sync::Semaphore>,
    /// The low-priority threads the hashes run on (one per permit).
    hashers: Arc<Hashers>,
    second_factor: FactorPolicy,
}

/// Who must sign in with a second factor.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FactorPolicy {
    /// Operators, and a merchant's owners and developers (everyone who can move money or
    /// hold keys); support may.
    Roles,
    /// Everyone.
    All,
    /// Nobody must (sandbox and demo by default); anyone may.
    Optional,
}

/// How long a login waits for a turn to hash before it is answered "busy".
const HASHING_WAIT: std::time::Duration = std::time::Duration::from_secs(10);

impl ConsoleUsers {
    pub fn new(store: Arc<dyn UserStore>, audit: Arc<dyn AuditStore>) -> Self {
        // One core is left to the payments: a burst of logins must not double the API's p99
        // (docs/PERFORMANCE.md, the logins bench).
        let cores = std::thread::available_parallelism().map_or(2, usize::from).saturating_sub(1).max(1);
        ConsoleUsers {
            store,
            audit,
            hashing: Arc::new(tokio::sync::Semaphore::new(cores)),
            hashers: Arc::new(Hashers::new(cores)),
            second_factor: FactorPolicy::Roles,
        }
    }

    pub fn with_factor_policy(self, second_factor: FactorPolicy) -> Self {
        ConsoleUsers { second_factor, ..self }
    }

    /// Whether `user` must enrol a second factor before anything else.
    pub fn factor_required(&self, user: &ConsoleUser) -> bool {
        match self.second_factor {
            FactorPolicy::All => true,
            FactorPolicy::Optional => false,
            FactorPolicy::Roles => user.role != Role::Support,
        }
    }

    /// The factor `user` is enrolling: the one kept pending, or a new one. Nothing when one is
    /// enrolled already.
    pub async fn enrolment(&self, user: &ConsoleUser) -> Result<Option<Secret<Vec<u8>>>> {
        if user.has_factor {
            return Ok(None);
        }
        if let Some(pending) = self.store.pending_factor(user.audience, &user.login).await? {
            return Ok(Some(pending));
        }
        let secret = factor::new_secret();
        self.store.set_pending_factor(user.audience, &user.login, &secret).await?;
        Ok(Some(secret))
    }

    /// Confirms the pending factor with its first code; the answer is the recovery codes, shown
    /// once. `Ok(None)`: the code is wrong.
    pub async fn confirm_enrolment(&self, user: &ConsoleUser, code: &str) -> Result<Option<Vec<Secret<String>>>> {
        let Some(pending) = self.store.pending_factor(user.audience, &user.login).await? else {
            return Err(DomainError::NotFound);
        };
        let Some(step) = factor::matching_step(&pending, code, (now_ms() / 1000) as u64) else { return Ok(None) };
        let codes = factor::new_recovery_codes();
        let hashes: Vec<String> = codes.iter().map(|c| factor::recovery_hash(c.expose())).collect();
        let audit = AuditEntry::new(&user.who(), "factor_enrolled", Subject::User, &user.login, now_ms())
            .states("none", "totp");
        if self.store.enable_factor(user.audience, &user.login, step as i64, &hashes, &audit).await? {
            Ok(Some(codes))
        } else {
            Err(DomainError::NotFound)
        }
    }

    /// Checks a second-factor code of `user`: a TOTP code (each accepted once) or one of the
    /// recovery codes (spent, and audited).
    pub async fn check_factor(&self, user: &ConsoleUser, code: &str) -> Result<bool> {
        let Some(stored) = self.store.factor(user.audience, &user.login).await? else { return Ok(false) };
        if factor::is_totp_code(code) {
            let Some(step) = factor::matching_step(&stored.secret, code, (now_ms() / 1000) as u64) else {
                return Ok(false);
            };
            return Ok(self.store.spend_step(user.audience, &user.login, step as i64).await?);
        }
        let audit = AuditEntry::new(&user.who(), "recovery_code_used", Subject::User, &user.login, now_ms());
        Ok(self.store.spend_recovery(user.audience, &user.login, &factor::recovery_hash(code), &audit).await?)
    }

    /// `user`'s open console sessions, newest first.
    pub async fn sessions(&self, user: &ConsoleUser) -> Result<Vec<super::ports::SessionSummary>> {
        Ok(self.store.sessions_of(user.audience, &user.login, now_ms()).await?)
    }

    /// Ends `user`'s other sessions (a phone left signed in somewhere); how many ended.
    pub async fn end_other_sessions(&self, user: &ConsoleUser, this_session: &str) -> Result<u64> {
        let audit = AuditEntry::new(&user.who(), "sessions_ended", Subject::User, &user.login, now_ms())
            .detail("all other sessions");
        Ok(self.store.end_sessions_except(user.audience, &user.login, this_session, &audit).await?)
    }

    /// Removes a user's second factor from the command line (a lost phone): they enrol again.
    pub async fn reset_factor(&self, audience: Audience, login: &str) -> Result<()> {
        let audit = AuditEntry::new(&Who::Cli, "factor_reset", Subject::User, login, now_ms()).states("totp", "none");
        if self.store.change_user(audience, None, login, &UserChange::ResetFactor, &audit).await? {
            Ok(())
        } else {
            Err(DomainError::Missing)
        }
    }

    /// Records a sign-in event of `audience`'s `login` (`login`, `login_failed`, `logout`) from
    /// `address`. A failed attempt names the login typed, which may not exist.
    pub async fn record(&self, audience: Audience, login: &str, action: &'static str, address: &str) -> Result<()> {
        let who = match audience {
            Audience::Operator => Who::Operator(login.to_string(), None),
            Audience::Merchant => Who::MerchantUser(login.to_string(), None),
        };
        // A login typed in is the attacker's text: bounded, and only printable characters kept.
        let subject: String = login.chars().filter(|c| !c.is_control()).take(64).collect();
        let entry = AuditEntry::new(&who, action, Subject::User, &subject, now_ms()).detail(format!("from {address}"));
        Ok(self.audit.append_audit(&entry).await?)
    }

    /// Runs a password hash or check on a low-priority hashing thread, one per core at a time
    /// (a login waiting longer than [`HASHING_WAIT`] for its turn is answered "busy").
    async fn hashed<T: Send + 'static>(&self, work: impl FnOnce() -> T + Send + 'static) -> Result<T> {
        let _permit = tokio::time::timeout(HASHING_WAIT, self.hashing.clone().acquire_owned())
            .await
            .map_err(|_| DomainError::Busy)?
            .map_err(|_| DomainError::Internal("password hashing closed"))?;
        self.hashers.run(work).await.ok_or(DomainError::Internal("password check"))
    }

    /// Adds a user from the command line, or sets a new password and re-enables one that
    /// exists. A role not named keeps an existing user's role (a password reset must not
    /// promote a viewer) and gives a new one the role that manages the others.
    pub async fn add(
        &self,
        audience: Audience,
        merchant_id: Option<&str>,
        login: &str,
        password: &Secret<String>,
        role: Option<Role>,
    ) -> Result<ConsoleUser> {
        check_login(login)?;
        check_password(password)?;
        let existing = self.store.user(audience, login).await?;
        if let Some(existing) = &existing
            && existing.merchant_id.as_deref() != merchant_id
        {
            // Logins are unique per console: re-adding one under another merchant would move it.
            return Err(DomainError::Refused(Refusal::LoginTaken));
        }
        let role = role.or(existing.as_ref().map(|u| u.role)).unwrap_or(Role::first(audience));
        check_role(audience, role)?;
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
            role,
            setup_expires_ms: None,
            has_factor: false,
            recovery_left: 0,
        };
        let audit = AuditEntry::new(&Who::Cli, "user_added", Subject::User, login, user.created_ms).detail(format!(
            "{} {}",
            audience.code(),
            role.code()
        ));
        self.store.upsert_user(&user, &audit).await?;
        self.store.user(audience, login).await?.ok_or(DomainError::Missing)
    }

    /// Disables a user from the command line: their sessions end in the same change, and any
    /// request still carrying one is refused (sessions are checked on every request).
    pub async fn disable(&self, audience: Audience, login: &str) -> Result<()> {
        let audit =
            AuditEntry::new(&Who::Cli, "user_disabled", Subject::User, login, now_ms()).states("active", "disabled");
        if self.store.change_user(audience, None, login, &UserChange::Active(false), &audit).await? {
            Ok(())
        } else {
            Err(DomainError::Missing)
        }
    }

    /// The users `by` manages: the operators for an administrator, the merchant's users for an
    /// owner.
    pub async fn team(&self, by: &ConsoleUser) -> Result<Vec<ConsoleUser>> {
        allowed(by)?;
        Ok(self.store.users(by.audience, by.merchant_id.as_deref()).await?)
    }

    /// Adds a user to `by`'s console (and merchant) with `role` and no password: the answer is
    /// the one-time link's token, shown once, with which they set one.
    pub async fn invite(&self, by: &ConsoleUser, login: &str, role: Role) -> Result<(ConsoleUser, Secret<String>)> {
        allowed(by)?;
        check_login(login)?;
        check_role(by.audience, role)?;
        let (token, setup) = new_setup();
        let user = ConsoleUser {
            id: uuid::Uuid::now_v7().simple().to_string(),
            audience: by.audience,
            merchant_id: by.merchant_id.clone(),
            login: login.to_string(),
            password_hash: NO_PASSWORD.to_string(),
            active: true,
            created_ms: now_ms(),
            role,
            setup_expires_ms: Some(setup.expires_ms),
            has_factor: false,
            recovery_left: 0,
        };
        let audit = AuditEntry::new(&by.who(), "user_added", Subject::User, login, user.created_ms).detail(format!(
            "{} {}",
            by.audience.code(),
            role.code()
        ));
        if !self.store.insert_user(&user, &setup, &audit).await? {
            return Err(DomainError::Refused(Refusal::LoginTaken));
        }
        Ok((user, token))
    }

    /// `by` changes another user of their console: enables or disables them, gives them
    /// another role, or resets their password (the answer is then the new link's token).
    /// Anything but enabling ends that user's sessions.
    pub async fn change(&self, by: &ConsoleUser, login: &str, change: Change) -> Result<Option<Secret<String>>> {
        allowed(by)?;
        if login == by.login {
            return Err(DomainError::Refused(Refusal::OwnAccount));
        }
        let Some(before) = self.store.user(by.audience, login).await? else { return Err(DomainError::NotFound) };
        if before.merchant_id != by.merchant_id {
            return Err(DomainError::NotFound);
        }
        let at = now_ms();
        let (stored, audit, token) = match change {
            Change::Enable | Change::Disable => {
                let active = matches!(change, Change::Enable);
                let state = |a: bool| if a { "active" } else { "disabled" };
                let action = if active { "user_enabled" } else { "user_disabled" };
                let audit = AuditEntry::new(&by.who(), action, Subject::User, login, at)
                    .states(state(before.active), state(active));
                (UserChange::Active(active), audit, None)
            }
            Change::Role(role) => {
                check_role(by.audience, role)?;
                let audit = AuditEntry::new(&by.who(), "user_role_changed", Subject::User, login, at)
                    .states(before.role.code(), role.code());
                (UserChange::Role(role), audit, None)
            }
            Change::ResetFactor => {
                let audit = AuditEntry::new(&by.who(), "factor_reset", Subject::User, login, at)
                    .states(if before.has_factor { "totp" } else { "none" }, "none");
                (UserChange::ResetFactor, audit, None)
            }
            Change::ResetPassword => {
                let (token, setup) = new_setup();
                let audit = AuditEntry::new(&by.who(), "user_password_reset", Subject::User, login, at);
                (UserChange::ResetPassword(setup), audit, Some(token))
            }
        };
        if !self.store.change_user(by.audience, by.merchant_id.as_deref(), login, &stored, &audit).await? {
            return Err(DomainError::NotFound);
        }
        Ok(token)
    }

    /// The user a set-password link belongs to, while it works.
    pub async fn by_setup(&self, audience: Audience, token: &Secret<String>) -> Result<Option<ConsoleUser>> {
        Ok(self.store.user_by_setup(audience, &setup_hash(token), now_ms()).await?)
    }

    /// Sets the password of the user a link belongs to and spends the link; `NotFound` when it
    /// does not work (any more).
    pub async fn set_password(
        &self,
        audience: Audience,
        token: &Secret<String>,
        password: &Secret<String>,
    ) -> Result<ConsoleUser> {
        check_password(password)?;
        let Some(user) = self.by_setup(audience, token).await? else { return Err(DomainError::NotFound) };
        let hash = {
            let password = password.clone();
            self.hashed(move || hash_password(&password)).await?
        };
        let audit = AuditEntry::new(&user.who(), "user_password_set", Subject::User, &user.login, now_ms());
        if !self.store.set_password_by_setup(audience, &setup_hash(token), now_ms(), &hash, &audit).await? {
            return Err(DomainError::NotFound);
        }
        Ok(user)
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

/// A change one user makes to another ([`ConsoleUsers::change`]).
#[derive(Clone, Copy, Debug)]
pub enum Change {
    Enable,
    Disable,
    Role(Role),
    ResetPassword,
    /// Removes the second factor (a lost phone): the user enrols again at their next login.
    ResetFactor,
}

/// What is stored of a console session's id (the cookie's value): its SHA-256, hex.
pub fn session_key(session_id: &str) -> String {
    use sha2::Digest as _;
    hex::encode(sha2::Sha256::digest(session_id.as_bytes()))
}

/// How long a set-password link works.
pub const SETUP_LIFETIME_MS: i64 = 72 * 3600 * 1000;

fn allowed(by: &ConsoleUser) -> Result<()> {
    if by.active && by.may(Permission::ManageUsers) { Ok(()) } else { Err(DomainError::Refused(Refusal::NotAllowed)) }
}

fn check_login(login: &str) -> Result<()> {
    if valid_login(login) {
        Ok(())
    } else {
        Err(DomainError::invalid("login", "3 to 64 characters: Latin letters, digits, dot, hyphen, underscore, @"))
    }
}

fn check_password(password: &Secret<String>) -> Result<()> {
    let length = password.expose().chars().count();
    if (MIN_PASSWORD..=MAX_PASSWORD).contains(&length) {
        Ok(())
    } else {
        Err(DomainError::invalid("password", format!("{MIN_PASSWORD} to {MAX_PASSWORD} characters")))
    }
}

fn check_role(audience: Audience, role: Role) -> Result<()> {
    if role.audience() == audience {
        Ok(())
    } else {
        let roles: Vec<_> = Role::of(audience).iter().map(|r| r.code()).collect();
        Err(DomainError::invalid("role", format!("one of {}", roles.join(", "))))
    }
}

/// A new set-password link: the token (shown once) and what is stored of it.
fn new_setup() -> (Secret<String>, Setup) {
    use base64::Engine as _;
    let bytes: [u8; 24] = rand::random();
    let token = Secret::new(base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(bytes));
    let setup = Setup { hash: setup_hash(&token), expires_ms: now_ms() + SETUP_LIFETIME_MS };
    (token, setup)
}

fn setup_hash(token: &Secret<String>) -> String {
    use sha2::Digest as _;
    hex::encode(sha2::Sha256::digest(token.expose().as_bytes()))
}
