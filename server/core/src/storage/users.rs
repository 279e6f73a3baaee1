//! The consoles' users on SQL.

use async_trait::async_trait;
use sqlx::{Postgres, Sqlite};
use sqlx_macros::FromRow;

use super::audit::insert_audit;
use super::rows::corrupt;
use super::sql::SqlStorage;
use crate::domain::audit::AuditEntry;
use crate::domain::ports::{SessionSummary, Setup, StoreResult as Result, StoredFactor, UserChange, UserStore};
use crate::domain::user::{Audience, ConsoleUser, Role};
use crate::secret::Secret;

const COLUMNS: &str = "id, audience, merchant_id, login, password_hash, active, created_ms, role, setup_expires_ms, \
                       totp_sealed IS NOT NULL AS has_factor, recovery_hashes";

/// What the sealed second-factor columns hold (bound into the seal).
const TOTP: &str = "console_users.totp_sealed";

#[derive(FromRow)]
struct UserRow {
    id: String,
    audience: String,
    merchant_id: Option<String>,
    login: String,
    password_hash: String,
    active: bool,
    created_ms: i64,
    role: String,
    setup_expires_ms: Option<i64>,
    has_factor: bool,
    recovery_hashes: Option<String>,
}

impl TryFrom<UserRow> for ConsoleUser {
    type Error = crate::domain::ports::StoreError;
    fn try_from(r: UserRow) -> Result<Self> {
        Ok(ConsoleUser {
            audience: Audience::parse(&r.audience).ok_or_else(|| corrupt("console_users.audience", &r.audience))?,
            role: Role::parse(&r.role).ok_or_else(|| corrupt("console_users.role", &r.role))?,
            setup_expires_ms: r.setup_expires_ms,
            has_factor: r.has_factor,
            recovery_left: r.recovery_hashes.as_deref().map_or(0, |h| h.split_whitespace().count()),
            id: r.id,
            merchant_id: r.merchant_id,
            login: r.login,
            password_hash: r.password_hash,
            active: r.active,
            created_ms: r.created_ms,
        })
    }
}

macro_rules! user_store {
    ($db:ty) => {
        impl SqlStorage<$db> {
            /// Ends every session of a user (storage/sessions.rs names each row's user).
            async fn end_sessions(tx: &mut sqlx::Transaction<'_, $db>, audience: Audience, login: &str) -> Result<()> {
                sqlx::query("DELETE FROM console_sessions WHERE audience = $1 AND login = $2")
                    .bind(audience.code())
                    .bind(login)
                    .execute(&mut **tx)
                    .await?;
                Ok(())
            }
        }

        impl SqlStorage<$db> {
            fn unseal_factor(&self, sealed: &str) -> Result<Secret<Vec<u8>>> {
                self.vault
                    .open_value(TOTP, sealed)
                    .map(Secret::new)
                    .map_err(|e| crate::domain::ports::StoreError::Corrupt(e.to_string()))
            }
        }

        #[async_trait]
        impl UserStore for SqlStorage<$db> {
            async fn upsert_user(&self, u: &ConsoleUser, audit: &AuditEntry) -> Result<()> {
                let mut tx = self.writer.begin_with(self.dialect.begin_write).await?;
                sqlx::query(
                    "INSERT INTO console_users (id, audience, merchant_id, login, password_hash, active, created_ms, role) \
                     VALUES ($1, $2, $3, $4, $5, $6, $7, $8) \
                     ON CONFLICT (audience, login) DO UPDATE SET password_hash = excluded.password_hash, \
                       active = excluded.active, merchant_id = excluded.merchant_id, role = excluded.role, \
                       setup_hash = NULL, setup_expires_ms = NULL",
                )
                .bind(&u.id)
                .bind(u.audience.code())
                .bind(&u.merchant_id)
                .bind(&u.login)
                .bind(&u.password_hash)
                .bind(u.active)
                .bind(u.created_ms)
                .bind(u.role.code())
                .execute(&mut *tx)
                .await?;
                // A new password (or a user added again) ends the sessions opened before it.
                Self::end_sessions(&mut tx, u.audience, &u.login).await?;
                insert_audit!(&mut *tx, audit);
                tx.commit().await?;
                Ok(())
            }

            async fn insert_user(&self, u: &ConsoleUser, setup: &Setup, audit: &AuditEntry) -> Result<bool> {
                let mut tx = self.writer.begin_with(self.dialect.begin_write).await?;
                let done = sqlx::query(
                    "INSERT INTO console_users (id, audience, merchant_id, login, password_hash, active, created_ms, \
                       role, setup_hash, setup_expires_ms) \
                     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) ON CONFLICT (audience, login) DO NOTHING",
                )
                .bind(&u.id)
                .bind(u.audience.code())
                .bind(&u.merchant_id)
                .bind(&u.login)
                .bind(&u.password_hash)
                .bind(u.active)
                .bind(u.created_ms)
                .bind(u.role.code())
                .bind(&setup.hash)
                .bind(setup.expires_ms)
                .execute(&mut *tx)
                .await?;
                if done.rows_affected() == 0 {
                    return Ok(false);
                }
                insert_audit!(&mut *tx, audit);
                tx.commit().await?;
                Ok(true)
            }

            async fn user(&self, audience: Audience, login: &str) -> Result<Option<ConsoleUser>> {
                let row: Option<UserRow> =
                    sqlx::query_as(&format!("SELECT {COLUMNS} FROM console_users WHERE audience = $1 AND login = $2"))
                        .bind(audience.code())
                        .bind(login)
                        .fetch_optional(&self.pool)
                        .await?;
                row.map(ConsoleUser::try_from).transpose()
            }

            async fn users(&self, audience: Audience, merchant_id: Option<&str>) -> Result<Vec<ConsoleUser>> {
                let rows: Vec<UserRow> = sqlx::query_as(&format!(
                    "SELECT {COLUMNS} FROM console_users \
                     WHERE audience = $1 AND ($2 = '' OR merchant_id = $2) ORDER BY login"
                ))
                .bind(audience.code())
                .bind(merchant_id.unwrap_or_default())
                .fetch_all(&self.pool)
                .await?;
                rows.into_iter().map(ConsoleUser::try_from).collect()
            }

            async fn change_user(
                &self,
                audience: Audience,
                merchant_id: Option<&str>,
                login: &str,
                change: &UserChange,
                audit: &AuditEntry,
            ) -> Result<bool> {
                let mut tx = self.writer.begin_with(self.dialect.begin_write).await?;
                let where_ = "WHERE audience = $1 AND ($2 = '' OR merchant_id = $2) AND login = $3";
                let set = match change {
                    UserChange::Active(_) => "active = $4",
                    UserChange::Role(_) => "role = $4",
                    UserChange::ResetPassword(_) => "password_hash = '!', setup_hash = $4, setup_expires_ms = $5",
                    UserChange::ResetFactor => {
                        "totp_sealed = NULL, totp_pending_sealed = NULL, totp_last_step = NULL, recovery_hashes = NULL"
                    }
                };
                let sql = format!("UPDATE console_users SET {set} {where_}");
                let query =
                    sqlx::query(&sql).bind(audience.code()).bind(merchant_id.unwrap_or_default()).bind(login);
                let query = match change {
                    UserChange::Active(active) => query.bind(*active),
                    UserChange::Role(role) => query.bind(role.code()),
                    UserChange::ResetPassword(setup) => query.bind(&setup.hash).bind(setup.expires_ms),
                    UserChange::ResetFactor => query,
                };
                let done = query.execute(&mut *tx).await?;
                if done.rows_affected() == 0 {
                    return Ok(false);
                }
                if !matches!(change, UserChange::Active(true)) {
                    Self::end_sessions(&mut tx, audience, login).await?;
                }
                insert_audit!(&mut *tx, audit);
                tx.commit().await?;
                Ok(true)
            }

            async fn user_by_setup(
                &self,
                audience: Audience,
                setup_hash: &str,
                now_ms: i64,
            ) -> Result<Option<ConsoleUser>> {
                let row: Option<UserRow> = sqlx::query_as(&format!(
                    "SELECT {COLUMNS} FROM console_users \
                     WHERE audience = $1 AND setup_hash = $2 AND setup_expires_ms > $3 AND active"
                ))
                .bind(audience.code())
                .bind(setup_hash)
                .bind(now_ms)
                .fetch_optional(&self.pool)
                .await?;
                row.map(ConsoleUser::try_from).transpose()
            }

            async fn set_pending_factor(&self, audience: Audience, login: &str, secret: &Secret<Vec<u8>>) -> Result<()> {
                sqlx::query("UPDATE console_users SET totp_pending_sealed = $3 WHERE audience = $1 AND login = $2")
                    .bind(audience.code())
                    .bind(login)
                    .bind(self.vault.seal(TOTP, secret.expose()))
                    .execute(&self.writer)
                    .await?;
                Ok(())
            }

            async fn pending_factor(&self, audience: Audience, login: &str) -> Result<Option<Secret<Vec<u8>>>> {
                let sealed: Option<(Option<String>,)> = sqlx::query_as(
                    "SELECT totp_pending_sealed FROM console_users WHERE audience = $1 AND login = $2",
                )
                .bind(audience.code())
                .bind(login)
                .fetch_optional(&self.pool)
                .await?;
                sealed.and_then(|(s,)| s).map(|s| self.unseal_factor(&s)).transpose()
            }

            async fn enable_factor(
                &self,
                audience: Audience,
                login: &str,
                step: i64,
                recovery_hashes: &[String],
                audit: &AuditEntry,
            ) -> Result<bool> {
                let mut tx = self.writer.begin_with(self.dialect.begin_write).await?;
                let done = sqlx::query(
                    "UPDATE console_users SET totp_sealed = totp_pending_sealed, totp_pending_sealed = NULL, \
                       totp_last_step = $3, recovery_hashes = $4 \
                     WHERE audience = $1 AND login = $2 AND totp_pending_sealed IS NOT NULL AND totp_sealed IS NULL",
                )
                .bind(audience.code())
                .bind(login)
                .bind(step)
                .bind(recovery_hashes.join(" "))
                .execute(&mut *tx)
                .await?;
                if done.rows_affected() == 0 {
                    return Ok(false);
                }
                insert_audit!(&mut *tx, audit);
                tx.commit().await?;
                Ok(true)
            }

            async fn factor(&self, audience: Audience, login: &str) -> Result<Option<StoredFactor>> {
                let row: Option<(Option<String>, Option<i64>)> = sqlx::query_as(
                    "SELECT totp_sealed, totp_last_step FROM console_users WHERE audience = $1 AND login = $2",
                )
                .bind(audience.code())
                .bind(login)
                .fetch_optional(&self.pool)
                .await?;
                match row {
                    Some((Some(sealed), last_step)) => {
                        Ok(Some(StoredFactor { secret: self.unseal_factor(&sealed)?, last_step }))
                    }
                    _ => Ok(None),
                }
            }

            async fn spend_step(&self, audience: Audience, login: &str, step: i64) -> Result<bool> {
                let done = sqlx::query(
                    "UPDATE console_users SET totp_last_step = $3 WHERE audience = $1 AND login = $2 \
                     AND totp_sealed IS NOT NULL AND (totp_last_step IS NULL OR totp_last_step < $3)",
                )
                .bind(audience.code())
                .bind(login)
                .bind(step)
                .execute(&self.writer)
                .await?;
                Ok(done.rows_affected() == 1)
            }

            async fn spend_recovery(
                &self,
                audience: Audience,
                login: &str,
                hash: &str,
                audit: &AuditEntry,
            ) -> Result<bool> {
                let mut tx = self.writer.begin_with(self.dialect.begin_write).await?;
                let row: Option<(Option<String>,)> =
                    sqlx::query_as("SELECT recovery_hashes FROM console_users WHERE audience = $1 AND login = $2")
                        .bind(audience.code())
                        .bind(login)
                        .fetch_optional(&mut *tx)
                        .await?;
                let Some((Some(hashes),)) = row else { return Ok(false) };
                if !hashes.split_whitespace().any(|h| h == hash) {
                    return Ok(false);
                }
                let left: Vec<&str> = hashes.split_whitespace().filter(|h| *h != hash).collect();
                // Compare-and-set on the list read: two uses of one code at once spend it once.
                let done = sqlx::query(
                    "UPDATE console_users SET recovery_hashes = $4 \
                     WHERE audience = $1 AND login = $2 AND recovery_hashes = $3",
                )
                .bind(audience.code())
                .bind(login)
                .bind(&hashes)
                .bind(left.join(" "))
                .execute(&mut *tx)
                .await?;
                if done.rows_affected() == 0 {
                    return Ok(false);
                }
                insert_audit!(&mut *tx, audit);
                tx.commit().await?;
                Ok(true)
            }

            async fn sessions_of(&self, audience: Audience, login: &str, now_ms: i64) -> Result<Vec<SessionSummary>> {
                let rows: Vec<(String, i64, i64)> = sqlx::query_as(
                    "SELECT id_hash, created_ms, seen_ms FROM console_sessions \
                     WHERE audience = $1 AND login = $2 AND expiry_ms > $3 ORDER BY created_ms DESC",
                )
                .bind(audience.code())
                .bind(login)
                .bind(now_ms)
                .fetch_all(&self.pool)
                .await?;
                Ok(rows
                    .into_iter()
                    .map(|(id_hash, created_ms, seen_ms)| SessionSummary { id_hash, created_ms, seen_ms })
                    .collect())
            }

            async fn end_sessions_except(
                &self,
                audience: Audience,
                login: &str,
                keep: &str,
                audit: &AuditEntry,
            ) -> Result<u64> {
                let mut tx = self.writer.begin_with(self.dialect.begin_write).await?;
                let done = sqlx::query(
                    "DELETE FROM console_sessions WHERE audience = $1 AND login = $2 AND id_hash <> $3",
                )
                .bind(audience.code())
                .bind(login)
                .bind(keep)
                .execute(&mut *tx)
                .await?;
                if done.rows_affected() > 0 {
                    insert_audit!(&mut *tx, audit);
                }
                tx.commit().await?;
                Ok(done.rows_affected())
            }

            async fn set_password_by_setup(
                &self,
                audience: Audience,
                setup_hash: &str,
                now_ms: i64,
                password_hash: &str,
                audit: &AuditEntry,
            ) -> Result<bool> {
                let mut tx = self.writer.begin_with(self.dialect.begin_write).await?;
                let done = sqlx::query(
                    "UPDATE console_users SET password_hash = $4, setup_hash = NULL, setup_expires_ms = NULL \
                     WHERE audience = $1 AND setup_hash = $2 AND setup_expires_ms > $3 AND active",
                )
                .bind(audience.code())
                .bind(setup_hash)
                .bind(now_ms)
                .bind(password_hash)
                .execute(&mut *tx)
                .await?;
                if done.rows_affected() == 0 {
                    return Ok(false);
                }
                insert_audit!(&mut *tx, audit);
                tx.commit().await?;
                Ok(true)
            }
        }
    };
}

user_store!(Sqlite);
user_store!(Postgres);
