//! The consoles' users on SQL.

use async_trait::async_trait;
use sqlx::{FromRow, Postgres, Sqlite};

use super::audit::insert_audit;
use super::rows::corrupt;
use super::sql::SqlStorage;
use crate::domain::audit::AuditEntry;
use crate::domain::ports::{StoreResult as Result, UserStore};
use crate::domain::user::{Audience, ConsoleUser};

#[derive(FromRow)]
struct UserRow {
    id: String,
    audience: String,
    merchant_id: Option<String>,
    login: String,
    password_hash: String,
    active: bool,
    created_ms: i64,
}

impl TryFrom<UserRow> for ConsoleUser {
    type Error = crate::domain::ports::StoreError;
    fn try_from(r: UserRow) -> Result<Self> {
        Ok(ConsoleUser {
            audience: Audience::parse(&r.audience).ok_or_else(|| corrupt("console_users.audience", &r.audience))?,
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

        #[async_trait]
        impl UserStore for SqlStorage<$db> {
            async fn upsert_user(&self, u: &ConsoleUser, audit: &AuditEntry) -> Result<()> {
                let mut tx = self.writer.begin().await?;
                sqlx::query(
                    "INSERT INTO console_users (id, audience, merchant_id, login, password_hash, active, created_ms) \
                     VALUES ($1, $2, $3, $4, $5, $6, $7) \
                     ON CONFLICT (audience, login) DO UPDATE SET password_hash = excluded.password_hash, \
                       active = excluded.active, merchant_id = excluded.merchant_id",
                )
                .bind(&u.id)
                .bind(u.audience.code())
                .bind(&u.merchant_id)
                .bind(&u.login)
                .bind(&u.password_hash)
                .bind(u.active)
                .bind(u.created_ms)
                .execute(&mut *tx)
                .await?;
                // A new password (or a user added again) ends the sessions opened before it.
                Self::end_sessions(&mut tx, u.audience, &u.login).await?;
                insert_audit!(&mut *tx, audit);
                tx.commit().await?;
                Ok(())
            }

            async fn user(&self, audience: Audience, login: &str) -> Result<Option<ConsoleUser>> {
                let row: Option<UserRow> = sqlx::query_as(
                    "SELECT id, audience, merchant_id, login, password_hash, active, created_ms \
                     FROM console_users WHERE audience = $1 AND login = $2",
                )
                .bind(audience.code())
                .bind(login)
                .fetch_optional(&self.pool)
                .await?;
                row.map(ConsoleUser::try_from).transpose()
            }

            async fn set_user_active(
                &self,
                audience: Audience,
                login: &str,
                active: bool,
                audit: &AuditEntry,
            ) -> Result<bool> {
                let mut tx = self.writer.begin().await?;
                let done = sqlx::query("UPDATE console_users SET active = $3 WHERE audience = $1 AND login = $2")
                    .bind(audience.code())
                    .bind(login)
                    .bind(active)
                    .execute(&mut *tx)
                    .await?;
                if done.rows_affected() == 0 {
                    return Ok(false);
                }
                if !active {
                    Self::end_sessions(&mut tx, audience, login).await?;
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
