//! The projects port on SQL: merchants, projects, request and callback keys, and the
//! service's own secrets.

use async_trait::async_trait;
use sqlx::{Postgres, Sqlite};

use super::sql::{CallbackKeyRow, ProjectRow, RequestKeyRow, SqlStorage, corrupt, now_ms, to_json};
use crate::crypto::keys::{KeyType, StoredCallbackKey, StoredRequestKey};
use crate::domain::ports::{Merchant, ProjectStore, RequestKeyRecord, StoreResult as Result};
use crate::domain::project::{Project, ProjectSettings};
use crate::secret::Secret;

macro_rules! project_store {
    ($db:ty) => {
        #[async_trait]
        impl ProjectStore for SqlStorage<$db> {
            async fn merchant_by_name_or_create(&self, name: &str) -> Result<Merchant> {
                sqlx::query("INSERT INTO merchants (id, name, created_ms) VALUES ($1, $2, $3) ON CONFLICT (name) DO NOTHING")
                    .bind(uuid::Uuid::new_v4().to_string())
                    .bind(name)
                    .bind(now_ms())
                    .execute(&self.writer)
                    .await?;
                let (id, name): (String, String) = sqlx::query_as("SELECT id, name FROM merchants WHERE name = $1")
                    .bind(name)
                    .fetch_one(&self.writer)
                    .await?;
                Ok(Merchant { id, name })
            }

            async fn create_project(
                &self,
                project: &Project,
                request_key: &StoredRequestKey,
                callback_key: &StoredCallbackKey,
            ) -> Result<()> {
                let now = now_ms();
                let mut tx = self.writer.begin().await?;
                sqlx::query(
                    "INSERT INTO projects (id, merchant_id, name, redirect_url, settings_json, created_ms) \
                     VALUES ($1, $2, $3, $4, $5, $6)",
                )
                .bind(&project.id)
                .bind(&project.merchant_id)
                .bind(&project.name)
                .bind(&project.redirect_url)
                .bind(to_json(&project.settings))
                .bind(now)
                .execute(&mut *tx)
                .await?;
                insert_request_key!(&mut *tx, &project.id, request_key, now);
                sqlx::query(
                    "INSERT INTO callback_keys (id, project_id, key_type, private_key_der, public_key_pem, hmac_secret, active, created_ms) \
                     VALUES ($1, $2, $3, $4, $5, $6, TRUE, $7)",
                )
                .bind(uuid::Uuid::new_v4().simple().to_string())
                .bind(&project.id)
                .bind(callback_key.key_type.as_str())
                .bind(callback_key.private_key_der.as_ref().map(|k| k.expose().clone()))
                .bind(&callback_key.public_key_pem)
                .bind(callback_key.hmac_secret.as_ref().map(|s| s.expose().clone()))
                .bind(now)
                .execute(&mut *tx)
                .await?;
                tx.commit().await?;
                Ok(())
            }

            async fn project(&self, project_id: &str) -> Result<Option<Project>> {
                let row: Option<ProjectRow> = sqlx::query_as(
                    "SELECT id, merchant_id, name, redirect_url, settings_json FROM projects WHERE id = $1",
                )
                .bind(project_id)
                .fetch_optional(&self.pool)
                .await?;
                row.map(Project::try_from).transpose()
            }

            async fn project_by_name(&self, merchant_id: &str, name: &str) -> Result<Option<Project>> {
                let row: Option<ProjectRow> = sqlx::query_as(
                    "SELECT id, merchant_id, name, redirect_url, settings_json FROM projects WHERE merchant_id = $1 AND name = $2",
                )
                .bind(merchant_id)
                .bind(name)
                .fetch_optional(&self.pool)
                .await?;
                row.map(Project::try_from).transpose()
            }

            async fn deactivate_request_keys_except(&self, project_id: &str, keep: &str) -> Result<()> {
                sqlx::query("UPDATE request_keys SET active = FALSE WHERE project_id = $1 AND token <> $2")
                    .bind(project_id)
                    .bind(keep)
                    .execute(&self.writer)
                    .await?;
                Ok(())
            }

            async fn update_project_settings(&self, project_id: &str, settings: &ProjectSettings) -> Result<bool> {
                let done = sqlx::query("UPDATE projects SET settings_json = $2 WHERE id = $1")
                    .bind(project_id)
                    .bind(to_json(settings))
                    .execute(&self.writer)
                    .await?;
                Ok(done.rows_affected() == 1)
            }

            async fn add_request_key(&self, project_id: &str, key: &StoredRequestKey) -> Result<()> {
                insert_request_key!(&self.writer, project_id, key, now_ms());
                Ok(())
            }

            async fn set_request_key_active(&self, token: &str, active: bool) -> Result<bool> {
                let done = sqlx::query("UPDATE request_keys SET active = $2 WHERE token = $1")
                    .bind(token)
                    .bind(active)
                    .execute(&self.writer)
                    .await?;
                Ok(done.rows_affected() == 1)
            }

            async fn request_key(&self, token: &str) -> Result<Option<RequestKeyRecord>> {
                let row: Option<RequestKeyRow> = sqlx::query_as(
                    "SELECT k.token, k.project_id, p.merchant_id, k.key_type, k.public_key_der, k.hmac_secret, k.active \
                     FROM request_keys k JOIN projects p ON p.id = k.project_id WHERE k.token = $1",
                )
                .bind(token)
                .fetch_optional(&self.pool)
                .await?;
                row.map(|r| {
                    Ok(RequestKeyRecord {
                        project_id: r.project_id,
                        merchant_id: r.merchant_id,
                        active: r.active,
                        key: StoredRequestKey {
                            key_type: KeyType::parse(&r.key_type).ok_or_else(|| corrupt("key_type", &r.key_type))?,
                            token: r.token,
                            public_key_der: r.public_key_der,
                            hmac_secret: r.hmac_secret.map(Secret::new),
                        },
                    })
                })
                .transpose()
            }

            async fn callback_key(&self, project_id: &str) -> Result<Option<StoredCallbackKey>> {
                let row: Option<CallbackKeyRow> = sqlx::query_as(
                    "SELECT key_type, private_key_der, public_key_pem, hmac_secret FROM callback_keys \
                     WHERE project_id = $1 AND active",
                )
                .bind(project_id)
                .fetch_optional(&self.pool)
                .await?;
                row.map(|r| {
                    Ok(StoredCallbackKey {
                        key_type: KeyType::parse(&r.key_type).ok_or_else(|| corrupt("key_type", &r.key_type))?,
                        private_key_der: r.private_key_der.map(Secret::new),
                        public_key_pem: r.public_key_pem,
                        hmac_secret: r.hmac_secret.map(Secret::new),
                    })
                })
                .transpose()
            }

            async fn service_secret(&self, name: &str) -> Result<String> {
                use rand::RngCore;
                let mut bytes = [0u8; 32];
                rand::rngs::OsRng.fill_bytes(&mut bytes);
                sqlx::query("INSERT INTO service_secrets (name, value, created_ms) VALUES ($1, $2, $3) ON CONFLICT (name) DO NOTHING")
                    .bind(name)
                    .bind(hex::encode(bytes))
                    .bind(now_ms())
                    .execute(&self.writer)
                    .await?;
                let (value,): (String,) = sqlx::query_as("SELECT value FROM service_secrets WHERE name = $1")
                    .bind(name)
                    .fetch_one(&self.writer)
                    .await?;
                Ok(value)
            }
        }
    };
}

macro_rules! insert_request_key {
    ($executor:expr, $project_id:expr, $key:expr, $now:expr) => {
        sqlx::query(
            "INSERT INTO request_keys (token, project_id, key_type, public_key_der, hmac_secret, active, created_ms) \
             VALUES ($1, $2, $3, $4, $5, TRUE, $6)",
        )
        .bind(&$key.token)
        .bind($project_id)
        .bind($key.key_type.as_str())
        .bind(&$key.public_key_der)
        .bind($key.hmac_secret.as_ref().map(|s| s.expose().clone()))
        .bind($now)
        .execute($executor)
        .await?
    };
}

project_store!(Sqlite);
project_store!(Postgres);
