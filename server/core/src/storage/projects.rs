//! The projects port on SQL: merchants, projects, request and callback keys, and the
//! service's own secrets.

use async_trait::async_trait;
use sqlx::{Postgres, Sqlite};

use super::audit::insert_audit;
use super::rows::{CallbackKeyRow, PROJECT_COLUMNS, ProjectRow, RequestKeyRow, corrupt, to_json};
use super::sql::{MAX_SIGNATURE_BATCH, PendingSignature, SqlStorage, now_ms};
use crate::crypto::keys::{KeyType, StoredCallbackKey, StoredRequestKey};
use crate::domain::audit::AuditEntry;
use crate::domain::ports::{KeySummary, Merchant, ProjectStore, RequestKeyRecord, StoreError, StoreResult as Result};
use crate::domain::project::{Project, ProjectSettings};
use crate::domain::replay::SignatureUse;
use crate::secret::Secret;

macro_rules! project_store {
    ($db:ty) => {
        impl SqlStorage<$db> {
            /// Records what is waiting, as one statement, while the next batch gathers.
            pub(super) async fn signature_writer(
                writer: sqlx::Pool<$db>,
                mut queue: tokio::sync::mpsc::Receiver<PendingSignature>,
                dialect: super::dialect::Dialect,
                unrecorded: super::sql::Unrecorded,
            ) {
                let mut batch = Vec::with_capacity(MAX_SIGNATURE_BATCH);
                while queue.recv_many(&mut batch, MAX_SIGNATURE_BATCH).await > 0 {
                    let uses: Vec<&SignatureUse> = batch.iter().map(|p| &p.signature_use).collect();
                    let recorded = async {
                        let mut connection = writer.acquire().await?;
                        Self::record_signatures(&mut connection, &uses, dialect).await
                    };
                    let recorded = recorded.await;
                    {
                        let mut unrecorded = unrecorded.lock().unwrap_or_else(|e| e.into_inner());
                        for pending in &batch {
                            unrecorded.remove(&pending.signature_use.key);
                        }
                    }
                    match recorded {
                        Ok(answers) => {
                            for (pending, first) in batch.drain(..).zip(answers) {
                                let _ = pending.done.send(Ok(first));
                            }
                        }
                        Err(e) => {
                            let text = e.to_string();
                            for pending in batch.drain(..) {
                                let _ = pending.done.send(Err(StoreError::Corrupt(text.clone())));
                            }
                        }
                    }
                }
            }

            /// For each key of the batch: `None` when this batch recorded it first, else the
            /// endpoint it was first used on (earlier, or by an earlier request of the batch).
            pub(super) async fn record_signatures(
                connection: &mut <$db as sqlx::Database>::Connection,
                batch: &[&SignatureUse],
                dialect: super::dialect::Dialect,
            ) -> Result<Vec<Option<String>>> {
                use std::collections::HashMap;
                // The first of the batch to carry a key is the one that may record it.
                let mut firsts: Vec<&SignatureUse> = Vec::new();
                for &p in batch {
                    if !firsts.iter().any(|f| f.key == p.key) {
                        firsts.push(p);
                    }
                }
                let sql = format!(
                    "INSERT INTO request_signatures (signature_hash, endpoint, expires_ms) VALUES {} \
                     ON CONFLICT (signature_hash) DO NOTHING RETURNING signature_hash",
                    dialect.value_rows(firsts.len(), 3)
                );
                let mut query = sqlx::query_as::<_, (String,)>(&sql);
                for p in &firsts {
                    query = query.bind(p.key.clone()).bind(p.endpoint.clone()).bind(p.expires_ms);
                }
                // From the signature writer, one statement committed on its own on the signature
                // log's connection (no BEGIN and COMMIT: on SQLite each is a hand-off to the
                // connection's thread, on PostgreSQL a round trip); from the payin writer, in
                // the transaction that inserts the payments.
                let inserted: Vec<String> =
                    query.fetch_all(&mut *connection).await?.into_iter().map(|(k,)| k).collect();
                let mut endpoints: HashMap<String, String> = HashMap::new();
                let known: Vec<&&SignatureUse> = firsts.iter().filter(|p| !inserted.contains(&p.key)).collect();
                if !known.is_empty() {
                    let list: Vec<String> = (1..=known.len()).map(|i| format!("${i}")).collect();
                    let sql = format!(
                        "SELECT signature_hash, endpoint FROM request_signatures WHERE signature_hash IN ({})",
                        list.join(", ")
                    );
                    let mut query = sqlx::query_as::<_, (String, String)>(&sql);
                    for p in &known {
                        query = query.bind(p.key.clone());
                    }
                    endpoints.extend(query.fetch_all(&mut *connection).await?);
                }
                // Per request of the batch: the first to carry a key learns whether it recorded
                // it; later ones of the batch see the endpoint it was first used on.
                Ok(batch
                    .iter()
                    .map(|p| {
                        let before = endpoints.get(&p.key).cloned();
                        let first = firsts.iter().find(|f| f.key == p.key).expect("every key has a first");
                        if std::ptr::eq(*first, *p) { before } else { Some(before.unwrap_or_else(|| first.endpoint.clone())) }
                    })
                    .collect())
            }

            /// Active request keys of a project but `except`, with the project's row locked (on
            /// PostgreSQL) so that two concurrent additions cannot both pass the count.
            async fn active_keys(
                tx: &mut sqlx::Transaction<'_, $db>,
                project_id: &str,
                except: Option<&str>,
                dialect: super::dialect::Dialect,
            ) -> Result<i64> {
                let lock = format!("SELECT id FROM projects WHERE id = $1 {}", dialect.lock_row);
                sqlx::query(&lock).bind(project_id).execute(&mut **tx).await?;
                let (n,): (i64,) = sqlx::query_as(
                    "SELECT COUNT(*) FROM request_keys WHERE project_id = $1 AND active AND token <> COALESCE($2, '')",
                )
                .bind(project_id)
                .bind(except)
                .fetch_one(&mut **tx)
                .await?;
                Ok(n)
            }
        }

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
                let mut tx = self.writer.begin_with(self.dialect.begin_write).await?;
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
                insert_request_key!(self.vault, &mut *tx, &project.id, request_key, now);
                sqlx::query(
                    "INSERT INTO callback_keys (id, project_id, key_type, private_key_der, public_key_pem, hmac_secret, active, created_ms) \
                     VALUES ($1, $2, $3, $4, $5, $6, TRUE, $7)",
                )
                .bind(uuid::Uuid::new_v4().simple().to_string())
                .bind(&project.id)
                .bind(callback_key.key_type.as_str())
                .bind(callback_key.private_key_der.as_ref().map(|k| self.vault.seal(CALLBACK_PRIVATE_KEY, k.expose()).into_bytes()))
                .bind(&callback_key.public_key_pem)
                .bind(callback_key.hmac_secret.as_ref().map(|s| self.vault.seal_str(CALLBACK_HMAC, s.expose())))
                .bind(now)
                .execute(&mut *tx)
                .await?;
                tx.commit().await?;
                Ok(())
            }

            async fn project(&self, project_id: &str) -> Result<Option<Project>> {
                let row: Option<ProjectRow> = sqlx::query_as(&format!(
                    "SELECT {PROJECT_COLUMNS} FROM projects p JOIN merchants m ON m.id = p.merchant_id WHERE p.id = $1"
                ))
                .bind(project_id)
                .fetch_optional(&self.pool)
                .await?;
                row.map(Project::try_from).transpose()
            }

            async fn all_projects(&self) -> Result<Vec<Project>> {
                let rows: Vec<ProjectRow> = sqlx::query_as(&format!(
                    "SELECT {PROJECT_COLUMNS} FROM projects p JOIN merchants m ON m.id = p.merchant_id ORDER BY m.name, p.name, p.id"
                ))
                .fetch_all(&self.pool)
                .await?;
                rows.into_iter().map(Project::try_from).collect()
            }

            async fn projects_of_merchant(&self, merchant_id: &str) -> Result<Vec<Project>> {
                let rows: Vec<ProjectRow> = sqlx::query_as(&format!(
                    "SELECT {PROJECT_COLUMNS} FROM projects p JOIN merchants m ON m.id = p.merchant_id WHERE p.merchant_id = $1 ORDER BY p.name, p.id"
                ))
                .bind(merchant_id)
                .fetch_all(&self.pool)
                .await?;
                rows.into_iter().map(Project::try_from).collect()
            }

            async fn project_by_name(&self, merchant_id: &str, name: &str) -> Result<Option<Project>> {
                let row: Option<ProjectRow> = sqlx::query_as(&format!(
                    "SELECT {PROJECT_COLUMNS} FROM projects p JOIN merchants m ON m.id = p.merchant_id WHERE p.merchant_id = $1 AND p.name = $2"
                ))
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

            async fn update_project_settings(
                &self,
                project_id: &str,
                settings: &ProjectSettings,
                audit: &AuditEntry,
            ) -> Result<bool> {
                let mut tx = self.writer.begin_with(self.dialect.begin_write).await?;
                let done = sqlx::query("UPDATE projects SET settings_json = $2, version = version + 1 WHERE id = $1")
                    .bind(project_id)
                    .bind(to_json(settings))
                    .execute(&mut *tx)
                    .await?;
                if done.rows_affected() != 1 {
                    return Ok(false);
                }
                insert_audit!(&mut *tx, audit);
                tx.commit().await?;
                Ok(true)
            }

            async fn set_logo(
                &self,
                project_id: &str,
                logo: Option<&crate::domain::brand::Logo>,
                settings: &ProjectSettings,
                audit: &AuditEntry,
            ) -> Result<bool> {
                let mut tx = self.writer.begin_with(self.dialect.begin_write).await?;
                let done = sqlx::query("UPDATE projects SET settings_json = $2, version = version + 1 WHERE id = $1")
                    .bind(project_id)
                    .bind(to_json(settings))
                    .execute(&mut *tx)
                    .await?;
                if done.rows_affected() != 1 {
                    return Ok(false);
                }
                match logo {
                    Some(logo) => {
                        sqlx::query(
                            "INSERT INTO project_logos (project_id, content_type, data, updated_ms) VALUES ($1, $2, $3, $4) \
                             ON CONFLICT (project_id) DO UPDATE SET content_type = excluded.content_type, \
                               data = excluded.data, updated_ms = excluded.updated_ms",
                        )
                        .bind(project_id)
                        .bind(logo.content_type)
                        .bind(&logo.data)
                        .bind(now_ms())
                        .execute(&mut *tx)
                        .await?;
                    }
                    None => {
                        sqlx::query("DELETE FROM project_logos WHERE project_id = $1")
                            .bind(project_id)
                            .execute(&mut *tx)
                            .await?;
                    }
                }
                insert_audit!(&mut *tx, audit);
                tx.commit().await?;
                Ok(true)
            }

            async fn logo(&self, project_id: &str) -> Result<Option<(String, Vec<u8>)>> {
                Ok(sqlx::query_as("SELECT content_type, data FROM project_logos WHERE project_id = $1")
                    .bind(project_id)
                    .fetch_optional(&self.pool)
                    .await?)
            }

            async fn add_request_key(
                &self,
                project_id: &str,
                key: &StoredRequestKey,
                audit: Option<&AuditEntry>,
            ) -> Result<()> {
                let mut tx = self.writer.begin_with(self.dialect.begin_write).await?;
                if Self::active_keys(&mut tx, project_id, None, self.dialect).await? >= MAX_ACTIVE_REQUEST_KEYS {
                    return Err(StoreError::Refused(crate::domain::error::Refusal::TooManyKeys));
                }
                insert_request_key!(self.vault, &mut *tx, project_id, key, now_ms());
                if let Some(audit) = audit {
                    insert_audit!(&mut *tx, audit);
                }
                tx.commit().await?;
                Ok(())
            }

            async fn request_keys_of(&self, project_id: &str) -> Result<Vec<KeySummary>> {
                let rows: Vec<(String, String, bool, i64, Option<i64>)> = sqlx::query_as(
                    "SELECT token, key_type, active, created_ms, last_used_ms FROM request_keys WHERE project_id = $1 \
                     ORDER BY created_ms DESC, token",
                )
                .bind(project_id)
                .fetch_all(&self.pool)
                .await?;
                Ok(rows
                    .into_iter()
                    .map(|(token, key_type, active, created_ms, last_used_ms)| KeySummary {
                        token,
                        key_type,
                        active,
                        created_ms,
                        last_used_ms,
                    })
                    .collect())
            }

            async fn touch_request_key(&self, token: &str, at_ms: i64) -> Result<()> {
                sqlx::query("UPDATE request_keys SET last_used_ms = $2 WHERE token = $1 AND (last_used_ms IS NULL OR last_used_ms < $2)")
                    .bind(token)
                    .bind(at_ms)
                    .execute(&self.writer)
                    .await?;
                Ok(())
            }

            async fn set_request_key_active(&self, token: &str, active: bool, audit: Option<&AuditEntry>) -> Result<bool> {
                let mut tx = self.writer.begin_with(self.dialect.begin_write).await?;
                let project: Option<(String,)> = sqlx::query_as("SELECT project_id FROM request_keys WHERE token = $1")
                    .bind(token)
                    .fetch_optional(&mut *tx)
                    .await?;
                let Some((project_id,)) = project else {
                    return Ok(false);
                };
                let others = Self::active_keys(&mut tx, &project_id, Some(token), self.dialect).await?;
                if active && others >= MAX_ACTIVE_REQUEST_KEYS {
                    return Err(StoreError::Refused(crate::domain::error::Refusal::TooManyKeys));
                }
                // The project's last active key stays: without it every request of the shop's
                // checkout is refused ("Unknown key"). Counted under the project's row lock.
                if !active && others == 0 {
                    return Err(StoreError::Refused(crate::domain::error::Refusal::LastActiveKey));
                }
                let done = sqlx::query("UPDATE request_keys SET active = $2 WHERE token = $1")
                    .bind(token)
                    .bind(active)
                    .execute(&mut *tx)
                    .await?;
                if done.rows_affected() == 1
                    && let Some(audit) = audit
                {
                    insert_audit!(&mut *tx, audit);
                }
                tx.commit().await?;
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
                            hmac_secret: r.hmac_secret.map(|s| self.vault.open_str(REQUEST_HMAC, &s)).transpose().map_err(sealed)?.map(Secret::new),
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
                        private_key_der: r
                            .private_key_der
                            .map(|k| self.vault.open_value(CALLBACK_PRIVATE_KEY, &String::from_utf8_lossy(&k)))
                            .transpose()
                            .map_err(sealed)?
                            .map(Secret::new),
                        public_key_pem: r.public_key_pem,
                        hmac_secret: r.hmac_secret.map(|s| self.vault.open_str(CALLBACK_HMAC, &s)).transpose().map_err(sealed)?.map(Secret::new),
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
                    .bind(self.vault.seal_str(SERVICE_SECRET, &hex::encode(bytes)))
                    .bind(now_ms())
                    .execute(&self.writer)
                    .await?;
                let (value,): (String,) = sqlx::query_as("SELECT value FROM service_secrets WHERE name = $1")
                    .bind(name)
                    .fetch_one(&self.writer)
                    .await?;
                self.vault.open_str(SERVICE_SECRET, &value).map_err(sealed)
            }

            async fn service_setting_or_init(&self, name: &str, value: &str) -> Result<String> {
                sqlx::query("INSERT INTO service_settings (name, value) VALUES ($1, $2) ON CONFLICT (name) DO NOTHING")
                    .bind(name)
                    .bind(value)
                    .execute(&self.writer)
                    .await?;
                let (stored,): (String,) = sqlx::query_as("SELECT value FROM service_settings WHERE name = $1")
                    .bind(name)
                    .fetch_one(&self.writer)
                    .await?;
                Ok(stored)
            }

            async fn remember_signature(
                &self,
                key: &str,
                endpoint: &str,
                expires_ms: i64,
                wait: bool,
            ) -> Result<Option<String>> {
                if !wait {
                    let first: Option<(String,)> =
                        sqlx::query_as("SELECT endpoint FROM request_signatures WHERE signature_hash = $1")
                            .bind(key)
                            .fetch_optional(&self.pool)
                            .await?;
                    if first.is_none() {
                        // The queue's place first: from there to the send nothing can be cancelled,
                        // so no key is left in `unrecorded` that the writer will never clear.
                        let place = self
                            .signatures
                            .reserve()
                            .await
                            .map_err(|_| StoreError::Corrupt("the signature writer stopped".into()))?;
                        self.unrecorded
                            .lock()
                            .unwrap_or_else(|e| e.into_inner())
                            .entry(key.to_string())
                            .or_insert_with(|| endpoint.to_string());
                        let (done, _) = tokio::sync::oneshot::channel();
                        let signature_use =
                            SignatureUse { key: key.to_string(), endpoint: endpoint.to_string(), expires_ms };
                        place.send(PendingSignature { signature_use, done });
                    }
                    return Ok(first.map(|(e,)| e));
                }
                let (done, answer) = tokio::sync::oneshot::channel();
                let signature_use = SignatureUse { key: key.to_string(), endpoint: endpoint.to_string(), expires_ms };
                let pending = PendingSignature { signature_use, done };
                self.signatures
                    .send(pending)
                    .await
                    .map_err(|_| StoreError::Corrupt("the signature writer stopped".into()))?;
                answer.await.map_err(|_| StoreError::Corrupt("the signature writer stopped".into()))?
            }

            async fn forget_signatures_before(&self, now_ms: i64) -> Result<u64> {
                let done = sqlx::query("DELETE FROM request_signatures WHERE expires_ms < $1")
                    .bind(now_ms)
                    .execute(&self.writer)
                    .await?;
                Ok(done.rows_affected())
            }

            async fn reseal_secrets(&self) -> Result<u64> {
                let vault = &self.vault;
                let mut resealed = 0;
                let mut tx = self.writer.begin_with(self.dialect.begin_write).await?;
                let rows: Vec<(String, String)> =
                    sqlx::query_as("SELECT token, hmac_secret FROM request_keys WHERE hmac_secret IS NOT NULL")
                        .fetch_all(&mut *tx)
                        .await?;
                for (token, stored) in rows.into_iter().filter(|(_, s)| !vault.is_current(s)) {
                    let plain = vault.open_str(REQUEST_HMAC, &stored).map_err(sealed)?;
                    sqlx::query("UPDATE request_keys SET hmac_secret = $2 WHERE token = $1")
                        .bind(token)
                        .bind(vault.seal_str(REQUEST_HMAC, &plain))
                        .execute(&mut *tx)
                        .await?;
                    resealed += 1;
                }
                let rows: Vec<(String, Option<Vec<u8>>, Option<String>)> =
                    sqlx::query_as("SELECT id, private_key_der, hmac_secret FROM callback_keys").fetch_all(&mut *tx).await?;
                for (id, private_key, hmac) in rows {
                    if let Some(stored) = private_key.map(|k| String::from_utf8_lossy(&k).into_owned())
                        && !vault.is_current(&stored)
                    {
                        let plain = vault.open_value(CALLBACK_PRIVATE_KEY, &stored).map_err(sealed)?;
                        sqlx::query("UPDATE callback_keys SET private_key_der = $2 WHERE id = $1")
                            .bind(&id)
                            .bind(vault.seal(CALLBACK_PRIVATE_KEY, &plain).into_bytes())
                            .execute(&mut *tx)
                            .await?;
                        resealed += 1;
                    }
                    if let Some(stored) = hmac.filter(|s| !vault.is_current(s)) {
                        let plain = vault.open_str(CALLBACK_HMAC, &stored).map_err(sealed)?;
                        sqlx::query("UPDATE callback_keys SET hmac_secret = $2 WHERE id = $1")
                            .bind(&id)
                            .bind(vault.seal_str(CALLBACK_HMAC, &plain))
                            .execute(&mut *tx)
                            .await?;
                        resealed += 1;
                    }
                }
                let rows: Vec<(String, String)> =
                    sqlx::query_as("SELECT name, value FROM service_secrets").fetch_all(&mut *tx).await?;
                for (name, stored) in rows.into_iter().filter(|(_, s)| !vault.is_current(s)) {
                    let plain = vault.open_str(SERVICE_SECRET, &stored).map_err(sealed)?;
                    sqlx::query("UPDATE service_secrets SET value = $2 WHERE name = $1")
                        .bind(name)
                        .bind(vault.seal_str(SERVICE_SECRET, &plain))
                        .execute(&mut *tx)
                        .await?;
                    resealed += 1;
                }
                // The consoles' second factors (storage/users.rs seals them under this name).
                let rows: Vec<(String, Option<String>, Option<String>)> = sqlx::query_as(
                    "SELECT id, totp_sealed, totp_pending_sealed FROM console_users \
                     WHERE totp_sealed IS NOT NULL OR totp_pending_sealed IS NOT NULL",
                )
                .fetch_all(&mut *tx)
                .await?;
                for (id, active, pending) in rows {
                    for (column, stored) in [("totp_sealed", active), ("totp_pending_sealed", pending)] {
                        let Some(stored) = stored.filter(|s| !vault.is_current(s)) else { continue };
                        let plain = vault.open_value(CONSOLE_TOTP, &stored).map_err(sealed)?;
                        sqlx::query(&format!("UPDATE console_users SET {column} = $2 WHERE id = $1"))
                            .bind(&id)
                            .bind(vault.seal(CONSOLE_TOTP, &plain))
                            .execute(&mut *tx)
                            .await?;
                        resealed += 1;
                    }
                }
                tx.commit().await?;
                Ok(resealed)
            }
        }
    };
}

/// What each sealed column holds (bound into its seal, so values cannot be swapped).
const REQUEST_HMAC: &str = "request_keys.hmac_secret";
const CALLBACK_PRIVATE_KEY: &str = "callback_keys.private_key_der";
const CALLBACK_HMAC: &str = "callback_keys.hmac_secret";
const SERVICE_SECRET: &str = "service_secrets.value";
/// Both second-factor columns are sealed under the active one's name: enrolment moves the
/// pending value into it unchanged.
const CONSOLE_TOTP: &str = "console_users.totp_sealed";

fn sealed(e: crate::crypto::vault::VaultError) -> StoreError {
    StoreError::Corrupt(e.to_string())
}

macro_rules! insert_request_key {
    ($vault:expr, $executor:expr, $project_id:expr, $key:expr, $now:expr) => {
        sqlx::query(
            "INSERT INTO request_keys (token, project_id, key_type, public_key_der, hmac_secret, active, created_ms) \
             VALUES ($1, $2, $3, $4, $5, TRUE, $6)",
        )
        .bind(&$key.token)
        .bind($project_id)
        .bind($key.key_type.as_str())
        .bind(&$key.public_key_der)
        .bind($key.hmac_secret.as_ref().map(|s| $vault.seal_str(REQUEST_HMAC, s.expose())))
        .bind($now)
        .execute($executor)
        .await?
    };
}

/// A project holds at most this many active request keys (decisions.md §1: two, to rotate).
const MAX_ACTIVE_REQUEST_KEYS: i64 = 2;

project_store!(Sqlite);
project_store!(Postgres);
