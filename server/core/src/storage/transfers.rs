//! Transfers and checked statements on SQL. A transfer that credits a payment is written by that
//! payment's change, in its transaction, through [`write_transfer`], where the database keeps
//! the rule that one real transfer credits once: its bank id is unique per account, a payment
//! is credited by one transfer, and — without bank ids to tell them apart — a similar transfer
//! recorded meanwhile refuses the credit.

use std::collections::HashMap;

use async_trait::async_trait;
use sqlx::{Postgres, Sqlite};
use sqlx_macros::FromRow;

use super::audit::insert_audit;
use super::rows::{corrupt, from_json, to_json};
use super::sql::SqlStorage;
use crate::domain::audit::AuditEntry;
use crate::domain::ports::{StoreResult as Result, StoredStatement, TransferStore};
use crate::domain::transfer::{Direction, ReviewReason, Sighting, Similar, Source, Transfer, TransferState};

pub(super) const TRANSFER_COLUMNS: &str = "id, source, statement_id, line, account, requisite_id, booked_on, booked_ms, \
    amount, currency, direction, counterparty, reference, bank_id, state, reason, request_id, recorded_by, recorded_ms, \
    decided_by, decided_ms, note";

/// Inserts `transfer` inside the caller's transaction; `false` when its bank id (on its
/// account), its statement line, or — credited — its payment's credit was recorded before.
macro_rules! insert_transfer {
    ($executor:expr, $transfer:expr) => {{
        let t: &crate::domain::transfer::Transfer = $transfer;
        let sql = format!(
            "{} VALUES {} ON CONFLICT DO NOTHING",
            super::transfers::TRANSFER_INSERT,
            super::transfers::TRANSFER_VALUES
        );
        let query = sqlx::query(&sql);
        super::transfers::bind_transfer!(query, t).execute($executor).await?.rows_affected() == 1
    }};
}

/// Inserts many transfers in one statement; how many were new (one recorded before — the same
/// bank id, the same statement line — is skipped).
macro_rules! insert_transfers {
    ($executor:expr, $dialect:expr, $transfers:expr) => {{
        let transfers: &Vec<&crate::domain::transfer::Transfer> = $transfers;
        if transfers.is_empty() {
            0
        } else {
            let sql = format!(
                "{} VALUES {} ON CONFLICT DO NOTHING",
                super::transfers::TRANSFER_INSERT,
                $dialect.value_rows(transfers.len(), 24)
            );
            let mut query = sqlx::query(&sql);
            for t in transfers {
                query = super::transfers::bind_transfer!(query, t);
            }
            query.execute($executor).await?.rows_affected()
        }
    }};
}

/// Binds a transfer's 24 columns, in [`TRANSFER_INSERT`]'s order.
macro_rules! bind_transfer {
    ($query:expr, $t:expr) => {{
        let t: &crate::domain::transfer::Transfer = $t;
        let s = &t.sighting;
        $query
            .bind(t.id.clone())
            .bind(s.source.code())
            .bind(s.statement_id.clone())
            .bind(s.line.map(|l| l as i64))
            .bind(s.account.clone())
            .bind(t.requisite_id.clone())
            .bind(t.account_key())
            .bind(s.booked_on.clone())
            .bind(s.booked_ms)
            .bind(s.amount)
            .bind(s.currency.clone())
            .bind(s.direction.code())
            .bind(s.counterparty.clone())
            .bind(s.reference.clone())
            .bind(s.bank_id.clone())
            .bind(t.similarity())
            .bind(t.state.code())
            .bind(t.reason.map(|r| r.code()))
            .bind(t.request_id.clone())
            .bind(t.recorded_by.clone())
            .bind(t.recorded_ms)
            .bind(t.decided_by.clone())
            .bind(t.decided_ms)
            .bind(t.note.clone())
    }};
}

pub(super) const TRANSFER_INSERT: &str = "INSERT INTO transfers (id, source, statement_id, line, account, requisite_id, \
    account_key, booked_on, booked_ms, amount, currency, direction, counterparty, reference, bank_id, similarity, state, \
    reason, request_id, recorded_by, recorded_ms, decided_by, decided_ms, note)";
pub(super) const TRANSFER_VALUES: &str = "($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, \
    $18, $19, $20, $21, $22, $23, $24)";

/// Two bank ids, both given and different, tell two transfers apart; anything less may be the
/// same transfer.
pub(super) fn told_apart(ours: &Option<String>, theirs: &Option<String>) -> bool {
    matches!((ours, theirs), (Some(a), Some(b)) if a != b)
}

/// Checks a batch's new transfers at once, inside its transaction: their similarity keys
/// locked (PostgreSQL, in order, so batches side by side never wait on each other in a
/// circle), then none may be a transfer recorded before or earlier in the batch. False when
/// one may be: the batch is then written change by change.
macro_rules! precheck_transfers {
    ($tx:expr, $dialect:expr, $transfers:expr) => {{
        let transfers: &Vec<&crate::domain::transfer::Transfer> = $transfers;
        let mut keys: Vec<String> = transfers.iter().map(|t| t.similarity()).collect();
        keys.sort();
        keys.dedup();
        if keys.is_empty() {
            true
        } else {
            if !$dialect.transfer_lock.is_empty() {
                let sql = format!(
                    "SELECT pg_advisory_xact_lock(hashtext(k)) FROM (VALUES {}) AS v(k) ORDER BY k",
                    $dialect.value_rows(keys.len(), 1)
                );
                let mut query = sqlx::query(&sql);
                for key in &keys {
                    query = query.bind(key.clone());
                }
                query.execute(&mut **$tx).await?;
            }
            let sql = format!(
                "SELECT similarity, bank_id FROM transfers WHERE similarity IN ({})",
                $dialect.params(1, keys.len())
            );
            let mut query = sqlx::query_as::<_, (String, Option<String>)>(&sql);
            for key in &keys {
                query = query.bind(key.clone());
            }
            let mut seen: std::collections::HashMap<String, Vec<Option<String>>> = std::collections::HashMap::new();
            for (key, bank_id) in query.fetch_all(&mut **$tx).await? {
                seen.entry(key).or_default().push(bank_id);
            }
            let mut clear = true;
            for t in transfers {
                let before = seen.entry(t.similarity()).or_default();
                if before.iter().any(|theirs| !super::transfers::told_apart(&t.sighting.bank_id, theirs)) {
                    clear = false;
                    break;
                }
                before.push(t.sighting.bank_id.clone());
            }
            clear
        }
    }};
}

pub(super) use {bind_transfer, insert_transfer, insert_transfers, precheck_transfers};

/// Writes the transfer a change credits, inside the change's transaction (see the module's
/// rules); a transfer that may not credit refuses the whole change.
macro_rules! write_transfer {
    ($tx:expr, $dialect:expr, $write:expr) => {{
        let mut none: Option<&mut Vec<&crate::domain::transfer::Transfer>> = None;
        super::transfers::write_transfer!($tx, $dialect, $write, none)
    }};
    // With `deferred` (`Option<&mut Vec<&Transfer>>`): a new transfer is checked now and
    // inserted with the batch's others at its end.
    ($tx:expr, $dialect:expr, $write:expr, $deferred:expr) => {{
        use crate::domain::error::Refusal;
        use crate::domain::ports::{StoreError, TransferWrite};
        match $write {
            TransferWrite::Record(t) => {
                match $deferred.as_mut() {
                    // A batch checked its transfers before its changes (`precheck_transfers`).
                    Some(deferred) => deferred.push(t.as_ref()),
                    None => {
                        let key = t.similarity();
                        if !$dialect.transfer_lock.is_empty() {
                            sqlx::query($dialect.transfer_lock).bind(&key).execute(&mut *$tx).await?;
                        }
                        let recorded: Vec<(Option<String>,)> =
                            sqlx::query_as("SELECT bank_id FROM transfers WHERE similarity = $1")
                                .bind(&key)
                                .fetch_all(&mut *$tx)
                                .await?;
                        if recorded.iter().any(|(theirs,)| !super::transfers::told_apart(&t.sighting.bank_id, theirs)) {
                            return Err(StoreError::Refused(Refusal::TransferSeenBefore));
                        }
                        if !super::transfers::insert_transfer!(&mut *$tx, t) {
                            return Err(StoreError::Refused(Refusal::TransferAlreadyApplied));
                        }
                    }
                }
            }
            TransferWrite::Credit { id, from, request_id, decided_by, at_ms, note } => {
                let done = sqlx::query(
                    "UPDATE transfers SET state = $3, request_id = $4, decided_by = $5, decided_ms = $6, \
                       note = COALESCE($7, note) WHERE id = $1 AND state = $2",
                )
                .bind(id)
                .bind(from.code())
                .bind(crate::domain::transfer::TransferState::Credited.code())
                .bind(request_id)
                .bind(decided_by)
                .bind(at_ms)
                .bind(note)
                .execute(&mut *$tx)
                .await?;
                if done.rows_affected() == 0 {
                    return Err(StoreError::Refused(Refusal::AlreadyDecided));
                }
            }
        }
    }};
}
pub(super) use write_transfer;

#[derive(FromRow)]
pub(super) struct TransferRow {
    id: String,
    source: String,
    statement_id: Option<String>,
    line: Option<i64>,
    account: String,
    requisite_id: Option<String>,
    booked_on: String,
    booked_ms: Option<i64>,
    amount: i64,
    currency: String,
    direction: String,
    counterparty: Option<String>,
    reference: Option<String>,
    bank_id: Option<String>,
    state: String,
    reason: Option<String>,
    request_id: Option<String>,
    recorded_by: String,
    recorded_ms: i64,
    decided_by: Option<String>,
    decided_ms: Option<i64>,
    note: Option<String>,
}

impl TryFrom<TransferRow> for Transfer {
    type Error = crate::domain::ports::StoreError;

    fn try_from(r: TransferRow) -> Result<Self> {
        let reason = match &r.reason {
            Some(code) => Some(ReviewReason::parse(code).ok_or_else(|| corrupt("transfers.reason", code))?),
            None => None,
        };
        Ok(Transfer {
            sighting: Sighting {
                source: Source::parse(&r.source).ok_or_else(|| corrupt("transfers.source", &r.source))?,
                statement_id: r.statement_id,
                line: r.line.map(|l| l as usize),
                account: r.account,
                booked_on: r.booked_on,
                booked_ms: r.booked_ms,
                amount: r.amount,
                currency: r.currency,
                direction: Direction::parse(&r.direction)
                    .ok_or_else(|| corrupt("transfers.direction", &r.direction))?,
                counterparty: r.counterparty,
                reference: r.reference,
                bank_id: r.bank_id,
            },
            id: r.id,
            requisite_id: r.requisite_id,
            state: TransferState::parse(&r.state).ok_or_else(|| corrupt("transfers.state", &r.state))?,
            reason,
            request_id: r.request_id,
            recorded_by: r.recorded_by,
            recorded_ms: r.recorded_ms,
            decided_by: r.decided_by,
            decided_ms: r.decided_ms,
            note: r.note,
        })
    }
}

#[derive(FromRow)]
struct StatementRow {
    id: String,
    digest: String,
    format: String,
    uploaded_by: String,
    uploaded_ms: i64,
    applied_by: Option<String>,
    applied_ms: Option<i64>,
    rows_json: String,
}

impl TryFrom<StatementRow> for StoredStatement {
    type Error = crate::domain::ports::StoreError;

    fn try_from(r: StatementRow) -> Result<Self> {
        Ok(StoredStatement {
            rows: from_json("statements.rows_json", &r.rows_json)?,
            id: r.id,
            digest: r.digest,
            format: r.format,
            uploaded_by: r.uploaded_by,
            uploaded_ms: r.uploaded_ms,
            applied: r.applied_by.zip(r.applied_ms),
        })
    }
}

macro_rules! transfer_store {
    ($db:ty) => {
        #[async_trait]
        impl TransferStore for SqlStorage<$db> {
            async fn record_transfer(&self, t: &Transfer, audit: &AuditEntry) -> Result<bool> {
                let mut tx = self.writer.begin_with(self.dialect.begin_write).await?;
                if !insert_transfer!(&mut *tx, t) {
                    return Ok(false);
                }
                insert_audit!(&mut *tx, audit);
                tx.commit().await?;
                Ok(true)
            }

            async fn record_transfers(&self, transfers: &[(Transfer, AuditEntry)]) -> Result<Vec<bool>> {
                let mut tx = self.writer.begin_with(self.dialect.begin_write).await?;
                let mut recorded = Vec::with_capacity(transfers.len());
                for (t, audit) in transfers {
                    let new = insert_transfer!(&mut *tx, t);
                    if new {
                        insert_audit!(&mut *tx, audit);
                    }
                    recorded.push(new);
                }
                tx.commit().await?;
                Ok(recorded)
            }

            async fn transfer(&self, id: &str) -> Result<Option<Transfer>> {
                let sql = format!("SELECT {TRANSFER_COLUMNS} FROM transfers WHERE id = $1");
                let row: Option<TransferRow> = sqlx::query_as(&sql).bind(id).fetch_optional(&self.pool).await?;
                row.map(Transfer::try_from).transpose()
            }

            async fn transfer_by_bank_id(&self, account_key: &str, bank_id: &str) -> Result<Option<String>> {
                Ok(sqlx::query_scalar("SELECT id FROM transfers WHERE account_key = $1 AND bank_id = $2")
                    .bind(account_key)
                    .bind(bank_id)
                    .fetch_optional(&self.pool)
                    .await?)
            }

            async fn similar_transfers(&self, similarity: &str) -> Result<Vec<Similar>> {
                let rows: Vec<(String, Option<String>)> =
                    sqlx::query_as("SELECT id, bank_id FROM transfers WHERE similarity = $1")
                        .bind(similarity)
                        .fetch_all(&self.pool)
                        .await?;
                Ok(rows.into_iter().map(|(id, bank_id)| Similar { id, bank_id }).collect())
            }

            async fn transfers_like(
                &self,
                similarities: &[String],
                bank_ids: &[String],
            ) -> Result<(HashMap<String, Vec<Similar>>, HashMap<(String, String), String>)> {
                let mut similar: HashMap<String, Vec<Similar>> = HashMap::new();
                if !similarities.is_empty() {
                    let sql = format!(
                        "SELECT similarity, id, bank_id FROM transfers WHERE similarity IN ({})",
                        self.dialect.params(1, similarities.len())
                    );
                    let mut query = sqlx::query_as::<_, (String, String, Option<String>)>(&sql);
                    for key in similarities {
                        query = query.bind(key);
                    }
                    for (key, id, bank_id) in query.fetch_all(&self.pool).await? {
                        similar.entry(key).or_default().push(Similar { id, bank_id });
                    }
                }
                let mut by_bank_id = HashMap::new();
                if !bank_ids.is_empty() {
                    let sql = format!(
                        "SELECT account_key, bank_id, id FROM transfers WHERE bank_id IN ({})",
                        self.dialect.params(1, bank_ids.len())
                    );
                    let mut query = sqlx::query_as::<_, (String, String, String)>(&sql);
                    for bank_id in bank_ids {
                        query = query.bind(bank_id);
                    }
                    for (account_key, bank_id, id) in query.fetch_all(&self.pool).await? {
                        by_bank_id.insert((account_key, bank_id), id);
                    }
                }
                Ok((similar, by_bank_id))
            }

            async fn transfers_in_review(&self, limit: i64) -> Result<Vec<Transfer>> {
                let sql = format!(
                    "SELECT {TRANSFER_COLUMNS} FROM transfers WHERE state = 'review' ORDER BY recorded_ms, id LIMIT $1"
                );
                let rows: Vec<TransferRow> = sqlx::query_as(&sql).bind(limit).fetch_all(&self.pool).await?;
                rows.into_iter().map(Transfer::try_from).collect()
            }

            async fn dismiss_transfer(
                &self,
                id: &str,
                decided_by: &str,
                at_ms: i64,
                note: &str,
                audit: &AuditEntry,
            ) -> Result<bool> {
                let mut tx = self.writer.begin_with(self.dialect.begin_write).await?;
                let done = sqlx::query(
                    "UPDATE transfers SET state = 'dismissed', decided_by = $2, decided_ms = $3, note = $4 \
                     WHERE id = $1 AND state = 'review'",
                )
                .bind(id)
                .bind(decided_by)
                .bind(at_ms)
                .bind(note)
                .execute(&mut *tx)
                .await?;
                if done.rows_affected() == 0 {
                    return Ok(false);
                }
                insert_audit!(&mut *tx, audit);
                tx.commit().await?;
                Ok(true)
            }

            async fn transfers_booked(&self, from_day: &str, to_day: &str) -> Result<Vec<Transfer>> {
                let sql = format!(
                    "SELECT {TRANSFER_COLUMNS} FROM transfers WHERE booked_on >= $1 AND booked_on <= $2 ORDER BY booked_on, id"
                );
                let rows: Vec<TransferRow> =
                    sqlx::query_as(&sql).bind(from_day).bind(to_day).fetch_all(&self.pool).await?;
                rows.into_iter().map(Transfer::try_from).collect()
            }

            async fn save_statement(&self, s: &StoredStatement) -> Result<()> {
                sqlx::query(
                    "INSERT INTO statements (id, digest, format, uploaded_by, uploaded_ms, rows_json) \
                     VALUES ($1, $2, $3, $4, $5, $6)",
                )
                .bind(&s.id)
                .bind(&s.digest)
                .bind(&s.format)
                .bind(&s.uploaded_by)
                .bind(s.uploaded_ms)
                .bind(to_json(&s.rows))
                .execute(&self.writer)
                .await?;
                Ok(())
            }

            async fn statement(&self, id: &str) -> Result<Option<StoredStatement>> {
                let row: Option<StatementRow> = sqlx::query_as(
                    "SELECT id, digest, format, uploaded_by, uploaded_ms, applied_by, applied_ms, rows_json \
                     FROM statements WHERE id = $1",
                )
                .bind(id)
                .fetch_optional(&self.pool)
                .await?;
                row.map(StoredStatement::try_from).transpose()
            }

            async fn statement_applied(&self, digest: &str) -> Result<Option<(String, i64)>> {
                let row: Option<(String, i64)> = sqlx::query_as(
                    "SELECT applied_by, applied_ms FROM statements WHERE digest = $1 AND applied_ms IS NOT NULL \
                     ORDER BY applied_ms LIMIT 1",
                )
                .bind(digest)
                .fetch_optional(&self.pool)
                .await?;
                Ok(row)
            }

            async fn mark_statement_applied(&self, id: &str, by: &str, at_ms: i64) -> Result<bool> {
                let done = sqlx::query(
                    "UPDATE statements SET applied_by = $2, applied_ms = $3 WHERE id = $1 AND applied_ms IS NULL",
                )
                .bind(id)
                .bind(by)
                .bind(at_ms)
                .execute(&self.writer)
                .await?;
                Ok(done.rows_affected() == 1)
            }
        }
    };
}

transfer_store!(Sqlite);
transfer_store!(Postgres);
