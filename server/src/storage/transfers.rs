//! Incoming transfers on SQL. A matched transfer is recorded by the change that credits its
//! payment, in that transaction, through [`insert_incoming`]; an unmatched one here.

use async_trait::async_trait;
use sqlx::{FromRow, Postgres, Sqlite};

use super::audit::insert_audit;
use super::sql::SqlStorage;
use crate::domain::audit::AuditEntry;
use crate::domain::incoming::IncomingTransfer;
use crate::domain::ports::{StoreResult as Result, TransferStore};

/// Records a transfer inside the caller's transaction; `false` when its row key exists.
macro_rules! insert_incoming {
    ($executor:expr, $transfer:expr) => {{
        let t: &crate::domain::incoming::IncomingTransfer = $transfer;
        sqlx::query(
            "INSERT INTO incoming_transfers (row_key, transfer_date, amount, currency, requisite_ref, reference, \
               request_id, recorded_by, recorded_ms) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) \
             ON CONFLICT (row_key) DO NOTHING",
        )
        .bind(&t.row_key)
        .bind(&t.transfer_date)
        .bind(t.amount)
        .bind(&t.currency)
        .bind(&t.requisite_ref)
        .bind(&t.reference)
        .bind(&t.request_id)
        .bind(&t.recorded_by)
        .bind(t.recorded_ms)
        .execute($executor)
        .await?
        .rows_affected()
            == 1
    }};
}
pub(super) use insert_incoming;

#[derive(FromRow)]
struct IncomingRow {
    row_key: String,
    transfer_date: Option<String>,
    amount: i64,
    currency: String,
    requisite_ref: String,
    reference: Option<String>,
    request_id: Option<String>,
    recorded_by: String,
    recorded_ms: i64,
}

macro_rules! transfer_store {
    ($db:ty) => {
        #[async_trait]
        impl TransferStore for SqlStorage<$db> {
            async fn record_unmatched_incoming(&self, t: &IncomingTransfer, audit: &AuditEntry) -> Result<bool> {
                let mut tx = self.writer.begin().await?;
                if !insert_incoming!(&mut *tx, t) {
                    return Ok(false);
                }
                insert_audit!(&mut *tx, audit);
                tx.commit().await?;
                Ok(true)
            }

            async fn unmatched_incoming(&self, limit: i64) -> Result<Vec<IncomingTransfer>> {
                let rows: Vec<IncomingRow> = sqlx::query_as(
                    "SELECT row_key, transfer_date, amount, currency, requisite_ref, reference, request_id, recorded_by, \
                       recorded_ms FROM incoming_transfers WHERE request_id IS NULL ORDER BY recorded_ms DESC LIMIT $1",
                )
                .bind(limit)
                .fetch_all(&self.pool)
                .await?;
                Ok(rows
                    .into_iter()
                    .map(|r| IncomingTransfer {
                        row_key: r.row_key,
                        transfer_date: r.transfer_date,
                        amount: r.amount,
                        currency: r.currency,
                        requisite_ref: r.requisite_ref,
                        reference: r.reference,
                        request_id: r.request_id,
                        recorded_by: r.recorded_by,
                        recorded_ms: r.recorded_ms,
                    })
                    .collect())
            }

            async fn known_incoming(&self, keys: &[String]) -> Result<Vec<String>> {
                let mut known = Vec::new();
                for chunk in keys.chunks(500) {
                    let sql = format!(
                        "SELECT row_key FROM incoming_transfers WHERE row_key IN ({})",
                        (1..=chunk.len()).map(|i| format!("${i}")).collect::<Vec<_>>().join(", ")
                    );
                    let mut q = sqlx::query_scalar::<_, String>(&sql);
                    for k in chunk {
                        q = q.bind(k);
                    }
                    known.extend(q.fetch_all(&self.pool).await?);
                }
                Ok(known)
            }
        }
    };
}

transfer_store!(Sqlite);
transfer_store!(Postgres);
