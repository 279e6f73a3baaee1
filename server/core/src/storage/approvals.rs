//! Credits waiting for a second operator, on SQL. A proposal is carried out by the payment's
//! change that credits it, in that transaction, through [`end_approval`]: a proposal no longer
//! pending refuses the change, so it is carried out once.

use async_trait::async_trait;
use sqlx::{Postgres, Sqlite};
use sqlx_macros::FromRow;

use super::audit::insert_audit;
use super::rows::corrupt;
use super::sql::SqlStorage;
use super::transfers::insert_transfer;
use crate::domain::approval::{Approval, ApprovalKind, ApprovalState};
use crate::domain::audit::AuditEntry;
use crate::domain::ports::{ApprovalStore, StoreResult as Result};
use crate::domain::transfer::Transfer;

const APPROVAL_COLUMNS: &str = "id, kind, request_id, payment_version, amount, currency, transfer_id, note, \
    proposed_by, proposed_ms, state, decided_by, decided_ms";

/// Marks a pending proposal approved inside the caller's transaction; one no longer pending
/// refuses the whole change.
macro_rules! end_approval {
    ($tx:expr, $decision:expr) => {{
        let d: &crate::domain::ports::ApprovalDecision = $decision;
        let done = sqlx::query(
            "UPDATE approvals SET state = 'approved', decided_by = $2, decided_ms = $3 WHERE id = $1 AND state = 'pending'",
        )
        .bind(&d.id)
        .bind(&d.decided_by)
        .bind(d.at_ms)
        .execute(&mut *$tx)
        .await?;
        if done.rows_affected() == 0 {
            return Err(crate::domain::ports::StoreError::Refused(crate::domain::error::Refusal::AlreadyDecided));
        }
    }};
}
pub(super) use end_approval;

#[derive(FromRow)]
struct ApprovalRow {
    id: String,
    kind: String,
    request_id: String,
    payment_version: i64,
    amount: i64,
    currency: String,
    transfer_id: Option<String>,
    note: Option<String>,
    proposed_by: String,
    proposed_ms: i64,
    state: String,
    decided_by: Option<String>,
    decided_ms: Option<i64>,
}

impl TryFrom<ApprovalRow> for Approval {
    type Error = crate::domain::ports::StoreError;

    fn try_from(r: ApprovalRow) -> Result<Self> {
        Ok(Approval {
            kind: ApprovalKind::parse(&r.kind).ok_or_else(|| corrupt("approvals.kind", &r.kind))?,
            state: ApprovalState::parse(&r.state).ok_or_else(|| corrupt("approvals.state", &r.state))?,
            id: r.id,
            request_id: r.request_id,
            payment_version: r.payment_version,
            amount: r.amount,
            currency: r.currency,
            transfer_id: r.transfer_id,
            note: r.note,
            proposed_by: r.proposed_by,
            proposed_ms: r.proposed_ms,
            decided_by: r.decided_by,
            decided_ms: r.decided_ms,
        })
    }
}

macro_rules! approval_store {
    ($db:ty) => {
        #[async_trait]
        impl ApprovalStore for SqlStorage<$db> {
            async fn propose(&self, a: &Approval, new: Option<&Transfer>, audit: &AuditEntry) -> Result<bool> {
                let mut tx = self.writer.begin_with(self.dialect.begin_write).await?;
                let inserted = sqlx::query(
                    "INSERT INTO approvals (id, kind, request_id, payment_version, amount, currency, transfer_id, note, \
                       proposed_by, proposed_ms, state) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, 'pending') \
                     ON CONFLICT DO NOTHING",
                )
                .bind(&a.id)
                .bind(a.kind.code())
                .bind(&a.request_id)
                .bind(a.payment_version)
                .bind(a.amount)
                .bind(&a.currency)
                .bind(&a.transfer_id)
                .bind(&a.note)
                .bind(&a.proposed_by)
                .bind(a.proposed_ms)
                .execute(&mut *tx)
                .await?;
                if inserted.rows_affected() == 0 {
                    return Ok(false);
                }
                match (new, &a.transfer_id) {
                    (Some(t), _) => {
                        if !insert_transfer!(&mut *tx, t) {
                            return Ok(false);
                        }
                    }
                    (None, Some(id)) => {
                        let held = sqlx::query(
                            "UPDATE transfers SET state = 'pending', request_id = $2 WHERE id = $1 AND state = 'review'",
                        )
                        .bind(id)
                        .bind(&a.request_id)
                        .execute(&mut *tx)
                        .await?;
                        if held.rows_affected() == 0 {
                            return Ok(false);
                        }
                    }
                    (None, None) => {}
                }
                insert_audit!(&mut *tx, audit);
                tx.commit().await?;
                Ok(true)
            }

            async fn approval(&self, id: &str) -> Result<Option<Approval>> {
                let sql = format!("SELECT {APPROVAL_COLUMNS} FROM approvals WHERE id = $1");
                let row: Option<ApprovalRow> = sqlx::query_as(&sql).bind(id).fetch_optional(&self.pool).await?;
                row.map(Approval::try_from).transpose()
            }

            async fn pending_approvals(&self, limit: i64) -> Result<Vec<Approval>> {
                let sql = format!(
                    "SELECT {APPROVAL_COLUMNS} FROM approvals WHERE state = 'pending' ORDER BY proposed_ms, id LIMIT $1"
                );
                let rows: Vec<ApprovalRow> = sqlx::query_as(&sql).bind(limit).fetch_all(&self.pool).await?;
                rows.into_iter().map(Approval::try_from).collect()
            }

            async fn reject_approval(&self, id: &str, by: &str, at_ms: i64, audit: &AuditEntry) -> Result<bool> {
                let mut tx = self.writer.begin_with(self.dialect.begin_write).await?;
                let done = sqlx::query(
                    "UPDATE approvals SET state = 'rejected', decided_by = $2, decided_ms = $3 \
                     WHERE id = $1 AND state = 'pending'",
                )
                .bind(id)
                .bind(by)
                .bind(at_ms)
                .execute(&mut *tx)
                .await?;
                if done.rows_affected() == 0 {
                    return Ok(false);
                }
                // Its transfer waits for a person again.
                sqlx::query(
                    "UPDATE transfers SET state = 'review', request_id = NULL \
                     WHERE id = (SELECT transfer_id FROM approvals WHERE id = $1) AND state = 'pending'",
                )
                .bind(id)
                .execute(&mut *tx)
                .await?;
                insert_audit!(&mut *tx, audit);
                tx.commit().await?;
                Ok(true)
            }
        }
    };
}

approval_store!(Sqlite);
approval_store!(Postgres);
