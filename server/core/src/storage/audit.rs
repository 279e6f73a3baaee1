//! The audit log on SQL. Entries of changes are written by those changes, in their
//! transactions, through [`insert_audit`]; this port reads them back.

use async_trait::async_trait;
use sqlx::{Postgres, Sqlite};
use sqlx_macros::FromRow;

use super::sql::SqlStorage;
use crate::domain::audit::{AuditQuery, StoredAudit};
use crate::domain::ports::{AuditStore, StoreResult as Result};

/// Appends `entry` inside the caller's transaction (or on the caller's connection).
macro_rules! insert_audit {
    ($executor:expr, $entry:expr) => {{
        let e: &crate::domain::audit::AuditEntry = $entry;
        sqlx::query(
            "INSERT INTO audit_log (at_ms, actor, action, subject_kind, subject_id, state_before, state_after, detail, \
               actor_role) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)",
        )
        .bind(e.at_ms)
        .bind(&e.actor)
        .bind(e.action)
        .bind(e.subject.code())
        .bind(&e.subject_id)
        .bind(&e.state_before)
        .bind(&e.state_after)
        .bind(&e.detail)
        .bind(e.actor_role)
        .execute($executor)
        .await?;
    }};
}
/// Inserts many audit rows in one statement.
macro_rules! insert_audits {
    ($executor:expr, $dialect:expr, $entries:expr) => {{
        let entries: &Vec<&crate::domain::audit::AuditEntry> = $entries;
        if !entries.is_empty() {
            let sql = format!(
                "INSERT INTO audit_log (at_ms, actor, action, subject_kind, subject_id, state_before, state_after, detail, \
                   actor_role) VALUES {}",
                $dialect.value_rows(entries.len(), 9)
            );
            let mut query = sqlx::query(&sql);
            for e in entries {
                query = query
                    .bind(e.at_ms)
                    .bind(e.actor.clone())
                    .bind(e.action)
                    .bind(e.subject.code())
                    .bind(e.subject_id.clone())
                    .bind(e.state_before.clone())
                    .bind(e.state_after.clone())
                    .bind(e.detail.clone())
                    .bind(e.actor_role);
            }
            query.execute($executor).await?;
        }
    }};
}
pub(super) use {insert_audit, insert_audits};

#[derive(FromRow)]
struct AuditRow {
    id: i64,
    at_ms: i64,
    actor: String,
    actor_role: Option<String>,
    action: String,
    subject_kind: String,
    subject_id: String,
    state_before: Option<String>,
    state_after: Option<String>,
    detail: Option<String>,
}

macro_rules! audit_store {
    ($db:ty) => {
        #[async_trait]
        impl AuditStore for SqlStorage<$db> {
            async fn audit(&self, q: &AuditQuery) -> Result<Vec<StoredAudit>> {
                let (kind, id) = match &q.subject {
                    Some((kind, id)) => (Some(kind.code()), Some(id.as_str())),
                    None => (None, None),
                };
                let rows: Vec<AuditRow> = sqlx::query_as(
                    "SELECT id, at_ms, actor, actor_role, action, subject_kind, subject_id, state_before, state_after, detail \
                     FROM audit_log WHERE ($1 IS NULL OR (subject_kind = $1 AND subject_id = $2)) \
                       AND ($3 IS NULL OR id < $3) ORDER BY id DESC LIMIT $4",
                )
                .bind(kind)
                .bind(id)
                .bind(q.before_id)
                .bind(q.limit.clamp(1, 500))
                .fetch_all(&self.pool)
                .await?;
                Ok(rows
                    .into_iter()
                    .map(|r| StoredAudit {
                        id: r.id,
                        at_ms: r.at_ms,
                        actor: r.actor,
                        actor_role: r.actor_role,
                        action: r.action,
                        subject_kind: r.subject_kind,
                        subject_id: r.subject_id,
                        state_before: r.state_before,
                        state_after: r.state_after,
                        detail: r.detail,
                    })
                    .collect())
            }

            async fn append_audit(&self, entry: &crate::domain::audit::AuditEntry) -> Result<()> {
                insert_audit!(&self.writer, entry);
                Ok(())
            }
        }
    };
}

audit_store!(Sqlite);
audit_store!(Postgres);
