//! How a payment change is written inside a transaction, alone or in a batch: the payment
//! row over its version, the outbox, a receipt, the requisite's use, the ledger and balances,
//! the audit row, the transfer it credits and the approval it carries out. A batch (a
//! statement's credits) writes the payment rows and checks change by change and the rest once
//! for all at its end.

use sqlx::{Postgres, Sqlite};

use super::payments::payment_update;
use super::rows::to_json;
use super::sql::{SqlStorage, map_hold_violation};
use crate::domain::ports::{PaymentChange, StoreError, StoreResult as Result};

/// What a batch of changes writes once for all of them, at its end: their ledger entries (with
/// each change's time), the balances they move, audit rows and new transfers. The payment rows
/// and every check are still written change by change.
#[derive(Default)]
pub(super) struct Deferred<'c> {
    entries: Vec<(&'c crate::domain::ledger::LedgerEntry, i64)>,
    audits: Vec<&'c crate::domain::audit::AuditEntry>,
    transfers: Vec<&'c crate::domain::transfer::Transfer>,
}

macro_rules! change_writer {
    ($db:ty) => {
        impl SqlStorage<$db> {
            /// Everything a change writes, in `tx`: the payment over its version (or
            /// [`StoreError::Conflict`]), the outbox, a receipt, the requisite's use, the ledger,
            /// the audit row, the transfer it credits and the approval it carries out.
            pub(super) async fn write_change<'c>(
                tx: &mut sqlx::Transaction<'_, $db>,
                dialect: super::dialect::Dialect,
                change: &'c PaymentChange<'c>,
                mut deferred: Option<&mut Deferred<'c>>,
            ) -> Result<()> {
                let p = change.payment;
                let now = p.updated_ms;
                let updated = payment_update!(p).execute(&mut **tx).await.map_err(map_hold_violation)?;
                if updated.rows_affected() == 0 {
                    return Err(StoreError::Conflict);
                }
                super::outbox::write_outbox!(&mut **tx, p, change.supersede, &change.callbacks, now);
                if let Some(receipt) = &change.receipt {
                    sqlx::query(
                        "INSERT INTO receipts (id, request_id, content_type, size, data, uploaded_ms) VALUES ($1, $2, $3, $4, $5, $6)",
                    )
                    .bind(uuid::Uuid::new_v4().simple().to_string())
                    .bind(&p.request_id)
                    .bind(&receipt.content_type)
                    .bind(receipt.data.len() as i64)
                    .bind(receipt.data.clone())
                    .bind(now)
                    .execute(&mut **tx)
                    .await?;
                }
                if change.requisite_issued
                    && let Some(recipient) = &p.recipient
                {
                    sqlx::query("UPDATE requisites SET last_used_ms = $2 WHERE id = $1")
                        .bind(&recipient.requisite_id)
                        .bind(now)
                        .execute(&mut **tx)
                        .await?;
                }
                match deferred.as_mut() {
                    Some(d) => {
                        d.entries.extend(change.ledger.iter().map(|e| (e, now)));
                        d.audits.extend(change.audit.iter());
                    }
                    None => {
                        super::ledger::write_entries!(tx, dialect, change.ledger.iter().collect::<Vec<_>>(), now);
                        if let Some(audit) = &change.audit {
                            super::audit::insert_audit!(&mut **tx, audit);
                        }
                    }
                }
                if let Some(write) = &change.transfer {
                    let mut transfers = deferred.map(|d| &mut d.transfers);
                    super::transfers::write_transfer!(*tx, dialect, write, transfers);
                }
                if let Some(decision) = &change.approval {
                    super::approvals::end_approval!(*tx, decision);
                }
                Ok(())
            }

            /// The whole batch in `tx`, the deferred writes at its end; false (the transaction
            /// to be rolled back) when any change fails or a transfer turns out recorded.
            pub(super) async fn write_batch(
                tx: &mut sqlx::Transaction<'_, $db>,
                dialect: super::dialect::Dialect,
                changes: &[PaymentChange<'_>],
            ) -> Result<bool> {
                let new: Vec<&crate::domain::transfer::Transfer> = changes
                    .iter()
                    .filter_map(|c| match &c.transfer {
                        Some(crate::domain::ports::TransferWrite::Record(t)) => Some(t.as_ref()),
                        _ => None,
                    })
                    .collect();
                if !super::transfers::precheck_transfers!(tx, dialect, &new) {
                    return Ok(false);
                }
                let mut deferred = Deferred::default();
                for change in changes {
                    if Self::write_change(tx, dialect, change, Some(&mut deferred)).await.is_err() {
                        return Ok(false);
                    }
                }
                let Deferred { entries, audits, transfers } = deferred;
                if !entries.is_empty() {
                    let sql = format!(
                        "INSERT INTO ledger_entries (project_id, currency, request_id, kind, amount_delta, locked_delta, \
                           created_ms) VALUES {}",
                        dialect.value_rows(entries.len(), 7)
                    );
                    let mut query = sqlx::query(&sql);
                    for (e, at) in &entries {
                        query = query
                            .bind(e.project_id.clone())
                            .bind(e.currency.clone())
                            .bind(e.request_id.clone())
                            .bind(e.kind.code())
                            .bind(e.available_delta)
                            .bind(e.locked_delta)
                            .bind(*at);
                    }
                    query.execute(&mut **tx).await?;
                }
                let moved = async {
                    super::ledger::move_balances!(tx, entries.iter().map(|(e, _)| *e).collect::<Vec<_>>());
                    Ok::<(), StoreError>(())
                };
                if moved.await.is_err() {
                    return Ok(false);
                }
                super::audit::insert_audits!(&mut **tx, dialect, &audits);
                let inserted = super::transfers::insert_transfers!(&mut **tx, dialect, &transfers);
                Ok(inserted == transfers.len() as u64)
            }

        }
    };
}

change_writer!(Sqlite);
change_writer!(Postgres);
