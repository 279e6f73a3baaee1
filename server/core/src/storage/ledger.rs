//! The ledger port on SQL: balances, their entries, statements, and the check that every
//! balance is what its entries add up to. Entries are written by the payment changes
//! (`payments.rs`), in their transactions, through [`write_entries`].

use async_trait::async_trait;
use sqlx::{Postgres, Sqlite};

use super::rows::corrupt;
use super::sql::SqlStorage;
use crate::domain::error::Refusal;
use crate::domain::ledger::{EntryKind, LedgerEntry, Mismatch, StoredEntry};
use crate::domain::ports::{Balance, LedgerStore, StoreError, StoreResult as Result};

/// A CHECK violation on `balances` is a change that would overdraw it.
pub(super) fn map_balance_violation(e: sqlx::Error) -> StoreError {
    if let sqlx::Error::Database(db) = &e
        && (db.is_check_violation() || db.message().contains("CHECK constraint failed"))
    {
        return StoreError::Refused(Refusal::InsufficientBalance);
    }
    e.into()
}

/// The one entry writer: writes `entries` (a `Vec<&LedgerEntry>`) and moves their balances,
/// inside the caller's transaction. A balance that would go below zero fails the whole change
/// with `Insufficient balance`.
macro_rules! write_entries {
    ($tx:expr, $dialect:expr, $entries:expr, $now:expr) => {{
        let entries: Vec<&crate::domain::ledger::LedgerEntry> = $entries;
        super::ledger::insert_entries!($tx, $dialect, &entries, $now);
        super::ledger::move_balances!($tx, entries);
    }};
}

/// The entries' rows, without their balances (a batch of credits moves its balances once, at
/// its end: [`move_balances`]).
macro_rules! insert_entries {
    ($tx:expr, $dialect:expr, $entries:expr, $now:expr) => {{
        let entries: &Vec<&crate::domain::ledger::LedgerEntry> = $entries;
        if !entries.is_empty() {
            let sql = format!(
                "INSERT INTO ledger_entries (project_id, currency, request_id, kind, amount_delta, locked_delta, created_ms) \
                 VALUES {}",
                $dialect.value_rows(entries.len(), 7)
            );
            let mut query = sqlx::query(&sql);
            for e in entries {
                query = query
                    .bind(e.project_id.clone())
                    .bind(e.currency.clone())
                    .bind(e.request_id.clone())
                    .bind(e.kind.code())
                    .bind(e.available_delta)
                    .bind(e.locked_delta)
                    .bind($now);
            }
            query.execute(&mut **$tx).await?;
        }
    }};
}

/// Moves the balances of `entries` (one update per project and currency).
macro_rules! move_balances {
    ($tx:expr, $entries:expr) => {{
        for m in crate::domain::ledger::balance_moves($entries) {
            // The row first, then a relative update: both databases check a CHECK constraint on
            // the row an upsert proposes to insert, before the conflict makes it an update.
            sqlx::query(
                "INSERT INTO balances (project_id, currency, amount, locked_amount) VALUES ($1, $2, 0, 0) \
                 ON CONFLICT (project_id, currency) DO NOTHING",
            )
            .bind(&m.project_id)
            .bind(&m.currency)
            .execute(&mut **$tx)
            .await?;
            sqlx::query(
                "UPDATE balances SET amount = amount + $3, locked_amount = locked_amount + $4 \
                 WHERE project_id = $1 AND currency = $2",
            )
            .bind(&m.project_id)
            .bind(&m.currency)
            .bind(m.available_delta)
            .bind(m.locked_delta)
            .execute(&mut **$tx)
            .await
            .map_err(super::ledger::map_balance_violation)?;
        }
    }};
}
pub(super) use {insert_entries, move_balances, write_entries};

type EntryRow = (i64, String, String, Option<String>, String, i64, i64, i64);

fn stored_entry(row: EntryRow) -> Result<StoredEntry> {
    let (id, project_id, currency, request_id, kind, available_delta, locked_delta, at_ms) = row;
    Ok(StoredEntry {
        id,
        entry: LedgerEntry {
            kind: EntryKind::parse(&kind).ok_or_else(|| corrupt("ledger kind", &kind))?,
            project_id,
            currency,
            request_id,
            available_delta,
            locked_delta,
        },
        at_ms,
    })
}

macro_rules! ledger_store {
    ($db:ty) => {
        #[async_trait]
        impl LedgerStore for SqlStorage<$db> {
            async fn balances(&self, project_id: &str) -> Result<Vec<Balance>> {
                let rows: Vec<(String, i64, i64)> = sqlx::query_as(
                    "SELECT currency, amount, locked_amount FROM balances WHERE project_id = $1 ORDER BY currency",
                )
                .bind(project_id)
                .fetch_all(&self.pool)
                .await?;
                Ok(rows
                    .into_iter()
                    .map(|(currency, amount, locked_amount)| Balance { currency, amount, locked_amount })
                    .collect())
            }

            async fn entries(
                &self,
                project_id: &str,
                currency: &str,
                from_ms: i64,
                to_ms: i64,
            ) -> Result<Vec<StoredEntry>> {
                let rows: Vec<EntryRow> = sqlx::query_as(
                    "SELECT id, project_id, currency, request_id, kind, amount_delta, locked_delta, created_ms \
                     FROM ledger_entries WHERE project_id = $1 AND currency = $2 AND created_ms >= $3 AND created_ms < $4 \
                     ORDER BY created_ms, id",
                )
                .bind(project_id)
                .bind(currency)
                .bind(from_ms)
                .bind(to_ms)
                .fetch_all(&self.pool)
                .await?;
                rows.into_iter().map(stored_entry).collect()
            }

            async fn entries_of(&self, request_id: &str) -> Result<Vec<StoredEntry>> {
                let rows: Vec<EntryRow> = sqlx::query_as(
                    "SELECT id, project_id, currency, request_id, kind, amount_delta, locked_delta, created_ms \
                     FROM ledger_entries WHERE request_id = $1 ORDER BY id",
                )
                .bind(request_id)
                .fetch_all(&self.pool)
                .await?;
                rows.into_iter().map(stored_entry).collect()
            }

            async fn balance_before(&self, project_id: &str, currency: &str, at_ms: i64) -> Result<(i64, i64)> {
                let (amount, locked): (Option<i64>, Option<i64>) = sqlx::query_as(
                    "SELECT CAST(SUM(amount_delta) AS BIGINT), CAST(SUM(locked_delta) AS BIGINT) FROM ledger_entries \
                     WHERE project_id = $1 AND currency = $2 AND created_ms < $3",
                )
                .bind(project_id)
                .bind(currency)
                .bind(at_ms)
                .fetch_one(&self.pool)
                .await?;
                Ok((amount.unwrap_or(0), locked.unwrap_or(0)))
            }

            async fn verify(&self) -> Result<Vec<Mismatch>> {
                // Every balance row against the sum of its entries, and entries of a project and
                // currency without a balance row (which must then add up to zero).
                let rows: Vec<(String, String, i64, i64, i64, i64)> = sqlx::query_as(
                    "SELECT k.project_id, k.currency, COALESCE(b.amount, 0), COALESCE(b.locked_amount, 0), \
                       COALESCE(e.amount, 0), COALESCE(e.locked, 0) \
                     FROM (SELECT project_id, currency FROM balances UNION SELECT project_id, currency FROM ledger_entries) k \
                     LEFT JOIN balances b ON b.project_id = k.project_id AND b.currency = k.currency \
                     LEFT JOIN (SELECT project_id, currency, CAST(SUM(amount_delta) AS BIGINT) AS amount, \
                                  CAST(SUM(locked_delta) AS BIGINT) AS locked \
                                FROM ledger_entries GROUP BY project_id, currency) e \
                       ON e.project_id = k.project_id AND e.currency = k.currency \
                     ORDER BY k.project_id, k.currency",
                )
                .fetch_all(&self.pool)
                .await?;
                Ok(rows
                    .into_iter()
                    .filter(|(_, _, a, l, ea, el)| a != ea || l != el)
                    .map(|(project_id, currency, a, l, ea, el)| Mismatch {
                        project_id,
                        currency,
                        stored_amount: a,
                        stored_locked_amount: l,
                        entries_amount: ea,
                        entries_locked_amount: el,
                    })
                    .collect())
            }
        }
    };
}

ledger_store!(Sqlite);
ledger_store!(Postgres);
