//! The payments port on SQL: payment rows (inserted by the group-commit writer of
//! [`super::inserts`]), changes with their outbox rows in one transaction, history, receipts,
//! and the job claims.

use async_trait::async_trait;
use sqlx::{Pool, Postgres, Sqlite};

use super::rows::{
    HistoryRow, PAGE_VERSIONS_SQL, PAYMENT_BY_ID_SQL, PAYMENT_COLUMNS, PAYMENT_PAGE_SQL, PageRow, PaymentRow,
    actor_from, corrupt, to_json,
};
use super::sql::{MAX_PAYOUT_BATCH, PendingInsert, PendingPayout, SqlStorage, Written, map_hold_violation};
use crate::domain::ledger::{LedgerEntry, PayoutCover, PayoutOutcome, balance_moves};
use crate::domain::payment::{Payment, PaymentState};
use crate::domain::ports::{
    HistoryEntry, Inserted, PageVersions, PaymentChange, PaymentFilter, PaymentStore, PaymentTotal, QueueCounts,
    Receipt, StoreError, StoreResult as Result,
};
use crate::domain::project::Project;
use crate::domain::replay::SignatureUse;
use crate::secret::Secret;

/// A bound value of a filter.
pub(super) enum FilterParam {
    Text(String),
    Int(i64),
}

/// The WHERE clause of a console filter and its values, in order (`$1`, `$2`, ...).
pub(super) fn payment_filter_sql(f: &PaymentFilter, dialect: super::dialect::Dialect) -> (String, Vec<FilterParam>) {
    let mut conditions = vec!["1 = 1".to_string()];
    let mut params = Vec::new();
    let mut add = |condition: &str, values: Vec<FilterParam>| {
        let mut c = condition.to_string();
        for v in values {
            params.push(v);
            c = c.replacen('?', &format!("${}", params.len()), 1);
        }
        conditions.push(c);
    };
    if let Some(id) = &f.request_id {
        add("request_id = ?", vec![FilterParam::Text(id.clone())]);
    }
    if let Some(prefix) = &f.payment_id_prefix {
        // A range on the folded id, which its index serves (a LIKE would not be on both
        // backends); every id starting with the prefix sorts below the prefix and U+10FFFF.
        let folded = dialect.folded_payment_id;
        add(
            &format!("{folded} >= ? AND {folded} < ?"),
            vec![FilterParam::Text(prefix.clone()), FilterParam::Text(format!("{prefix}\u{10FFFF}"))],
        );
    }
    if let Some(projects) = &f.project_ids {
        if projects.is_empty() {
            add("1 = 0", vec![]);
        } else {
            let marks = vec!["?"; projects.len()].join(", ");
            add(&format!("project_id IN ({marks})"), projects.iter().cloned().map(FilterParam::Text).collect());
        }
    }
    if let Some(state) = &f.state {
        match state.split_once(':') {
            Some((status, sub)) => add(
                "(status = ? AND sub_status = ?)",
                vec![FilterParam::Text(status.into()), FilterParam::Text(sub.into())],
            ),
            None => add("status = ?", vec![FilterParam::Text(state.clone())]),
        }
    }
    if let Some(ids) = &f.requisite_ids {
        if ids.is_empty() {
            add("1 = 0", vec![]);
        } else {
            let marks = vec!["?"; ids.len()].join(", ");
            add(&format!("requisite_id IN ({marks})"), ids.iter().cloned().map(FilterParam::Text).collect());
        }
    }
    if let Some(m) = &f.method {
        add("(method = ? OR widget_method = ?)", vec![FilterParam::Text(m.clone()), FilterParam::Text(m.clone())]);
    }
    for (column, value) in [("country", &f.country), ("currency", &f.currency), ("payment_type", &f.payment_type)] {
        if let Some(v) = value {
            add(&format!("{column} = ?"), vec![FilterParam::Text(v.clone())]);
        }
    }
    if let Some(a) = f.amount {
        add("(amount = ? OR initial_amount = ?)", vec![FilterParam::Int(a), FilterParam::Int(a)]);
    }
    if let Some(from) = f.from_ms {
        add("created_ms >= ?", vec![FilterParam::Int(from)]);
    }
    if let Some(to) = f.to_ms {
        add("created_ms < ?", vec![FilterParam::Int(to)]);
    }
    if let Some((ms, id)) = &f.after {
        add(
            // A range on created_ms first, so the index serves it; ties broken by request_id.
            "created_ms <= ? AND (created_ms < ? OR request_id < ?)",
            vec![FilterParam::Int(*ms), FilterParam::Int(*ms), FilterParam::Text(id.clone())],
        );
    }
    (conditions.join(" AND "), params)
}

/// A payment from a direct read's row ([`super::direct`]).
fn direct_payment(row: &rusqlite::Row<'_>) -> Result<Payment> {
    Payment::try_from(super::direct::payment_row(row)?)
}

/// A payment and its project from a direct read's row of [`PAYMENT_PAGE_SQL`].
pub(super) fn direct_page(row: &rusqlite::Row<'_>) -> Result<(Payment, Project)> {
    let project = super::direct::project_row(row, super::direct::PAYMENT_COLUMN_COUNT)?;
    Ok((direct_payment(row)?, Project::try_from(project)?))
}

macro_rules! payment_store {
    ($db:ty) => {
        impl SqlStorage<$db> {
            /// Builds the storage and starts its group-insert writer.
            pub(super) fn start(
                pool: Pool<$db>,
                direct: Option<super::direct::DirectReads>,
                writer: Pool<$db>,
                payment_inserts: Pool<$db>,
                signature_log: Pool<$db>,
                dialect: super::dialect::Dialect,
                vault: std::sync::Arc<crate::crypto::vault::Vault>,
            ) -> Self {
                let (inserts, queue) = tokio::sync::mpsc::channel(1024);
                tokio::spawn(Self::insert_writer(payment_inserts, dialect, queue));
                let (signatures, signature_queue) = tokio::sync::mpsc::channel(4096);
                let unrecorded = super::sql::Unrecorded::default();
                tokio::spawn(Self::signature_writer(signature_log, signature_queue, dialect, unrecorded.clone()));
                let (payouts, payout_queue) = tokio::sync::mpsc::channel(1024);
                tokio::spawn(Self::payout_writer(writer.clone(), dialect, payout_queue));
                SqlStorage { pool, direct, writer, dialect, vault, inserts, signatures, unrecorded, payouts }
            }

            /// Writes what is waiting, as one transaction, while the next batch gathers; a failed
            /// batch is written again one payout at a time, so one bad row fails alone.
            async fn payout_writer(
                writer: Pool<$db>,
                dialect: super::dialect::Dialect,
                mut queue: tokio::sync::mpsc::Receiver<PendingPayout>,
            ) {
                let mut batch = Vec::with_capacity(MAX_PAYOUT_BATCH);
                while queue.recv_many(&mut batch, MAX_PAYOUT_BATCH).await > 0 {
                    match Self::write_payouts(&writer, dialect, &batch).await {
                        Ok(outcomes) => {
                            for (pending, outcome) in batch.drain(..).zip(outcomes) {
                                let _ = pending.done.send(Ok(outcome));
                            }
                        }
                        Err(_) if batch.len() > 1 => {
                            for pending in batch.drain(..) {
                                let one = Self::write_payouts(&writer, dialect, std::slice::from_ref(&pending)).await;
                                let _ = pending.done.send(one.map(|o| o[0]));
                            }
                        }
                        Err(e) => {
                            if let Some(pending) = batch.pop() {
                                let _ = pending.done.send(Err(e));
                            }
                        }
                    }
                }
            }

            /// One batch of payouts in one transaction: each balance read and locked once, the
            /// payouts the domain says it covers inserted in order (the others refused), then
            /// their ledger entries and balance moves through the one entry writer.
            async fn write_payouts(
                writer: &Pool<$db>,
                dialect: super::dialect::Dialect,
                batch: &[PendingPayout],
            ) -> Result<Vec<PayoutOutcome>> {
                let mut tx = writer.begin_with(dialect.begin_write).await?;
                let balances: Vec<(String, String)> =
                    balance_moves(batch.iter().map(|p| &p.lock)).into_iter().map(|m| (m.project_id, m.currency)).collect();
                let sql = format!(
                    "SELECT project_id, currency, amount FROM balances WHERE (project_id, currency) IN (VALUES {}) {}",
                    dialect.value_rows(balances.len(), 2),
                    dialect.lock_row
                );
                let mut query = sqlx::query_as::<_, (String, String, i64)>(&sql);
                for (project, currency) in &balances {
                    query = query.bind(project.clone()).bind(currency.clone());
                }
                let available = query.fetch_all(&mut *tx).await?.into_iter().map(|(p, c, a)| ((p, c), a)).collect();
                let mut cover = PayoutCover::new(batch.iter().map(|p| (&p.payment, &p.lock)), available);
                loop {
                    let covered = cover.next_pass();
                    if covered.is_empty() {
                        break;
                    }
                    let rows: Vec<(&Payment, Option<&str>)> =
                        covered.iter().map(|i| (&batch[*i].payment, batch[*i].pan_sealed.as_deref())).collect();
                    let inserted = Self::insert_rows(&mut *tx, dialect, &rows).await?;
                    for i in covered {
                        if !inserted.contains(&batch[i].payment.request_id) {
                            cover.already_existed(i);
                        }
                    }
                    if !cover.worth_another_pass() {
                        break;
                    }
                }
                // A refused payout whose id is taken is a repeat of that payout, not a refusal.
                let refused: Vec<(usize, String, String)> =
                    cover.refused().into_iter().map(|(i, p, id)| (i, p.to_string(), id.to_string())).collect();
                if !refused.is_empty() {
                    let sql = format!(
                        "SELECT project_id, payment_id FROM payments WHERE (project_id, payment_id) IN (VALUES {})",
                        dialect.value_rows(refused.len(), 2)
                    );
                    let mut query = sqlx::query_as::<_, (String, String)>(&sql);
                    for (_, project, payment_id) in &refused {
                        query = query.bind(project.clone()).bind(payment_id.clone());
                    }
                    let taken: std::collections::HashSet<(String, String)> =
                        query.fetch_all(&mut *tx).await?.into_iter().collect();
                    for (i, project, payment_id) in refused {
                        if taken.contains(&(project, payment_id)) {
                            cover.existing(i);
                        }
                    }
                }
                let outcomes = cover.outcomes().to_vec();
                let entries: Vec<&LedgerEntry> = batch
                    .iter()
                    .zip(&outcomes)
                    .filter(|(_, o)| **o == PayoutOutcome::Created)
                    .map(|(p, _)| &p.lock)
                    .collect();
                let created = batch.iter().zip(&outcomes).find(|(_, o)| **o == PayoutOutcome::Created);
                if let Some((first, _)) = created {
                    super::ledger::write_entries!(&mut tx, dialect, entries, first.payment.created_ms);
                }
                tx.commit().await?;
                Ok(outcomes)
            }

            async fn fetch_payment(&self, condition: &str, value: &str) -> Result<Option<Payment>> {
                let sql = format!("SELECT {PAYMENT_COLUMNS} FROM payments WHERE {condition} = $1");
                if let Some(read) = self.direct.as_ref().and_then(|d| d.read(&sql, &[value], direct_payment)) {
                    return read;
                }
                let row: Option<PaymentRow> = sqlx::query_as(&sql).bind(value).fetch_optional(&self.pool).await?;
                row.map(Payment::try_from).transpose()
            }

            async fn claim_payments(&self, column: &str, now_ms: i64, lease_until_ms: i64, limit: i64) -> Result<Vec<Payment>> {
                let sql = format!(
                    "UPDATE payments SET lease_until_ms = $2 WHERE request_id IN (\
                       SELECT request_id FROM payments \
                       WHERE {column} IS NOT NULL AND {column} <= $1 \
                         AND (lease_until_ms IS NULL OR lease_until_ms < $1) \
                       ORDER BY {column} LIMIT $3 {skip}) \
                     RETURNING {PAYMENT_COLUMNS}",
                    skip = self.dialect.skip_locked
                );
                let rows: Vec<PaymentRow> = sqlx::query_as(&sql)
                    .bind(now_ms)
                    .bind(lease_until_ms)
                    .bind(limit)
                    .fetch_all(&self.writer)
                    .await?;
                rows.into_iter().map(Payment::try_from).collect()
            }
        }

        #[async_trait]
        impl PaymentStore for SqlStorage<$db> {
            async fn ping(&self) -> Result<()> {
                sqlx::query("SELECT 1").execute(&self.pool).await?;
                Ok(())
            }

            async fn insert_payment(&self, p: &Payment, signature_use: Option<&SignatureUse>) -> Result<Inserted> {
                // A read that used this message first may not have committed its record yet.
                let used_elsewhere = signature_use.is_some_and(|u| {
                    let unrecorded = self.unrecorded.lock().unwrap_or_else(|e| e.into_inner());
                    unrecorded.get(&u.key).is_some_and(|first| !u.may_act_after(Some(first)))
                });
                if used_elsewhere {
                    return Ok(Inserted::Replayed);
                }
                // One transaction shared with concurrent creates; the history row comes from
                // the insert trigger.
                let (done, answer) = tokio::sync::oneshot::channel();
                self.inserts
                    .send(PendingInsert { payment: p.clone(), signature_use: signature_use.cloned(), done })
                    .await
                    .map_err(|_| StoreError::Corrupt("the insert writer stopped".into()))?;
                let written = answer.await.map_err(|_| StoreError::Corrupt("the insert writer stopped".into()))??;
                if written == Written::Replayed {
                    return Ok(Inserted::Replayed);
                }
                if written == Written::Conflict {
                    let existing = self
                        .payment(&p.project_id, &p.payment_id)
                        .await?
                        .ok_or_else(|| StoreError::Corrupt("payment vanished after a conflict".into()))?;
                    return Ok(Inserted::Existing(Box::new(existing)));
                }
                Ok(Inserted::Created)
            }

            async fn payment(&self, project_id: &str, payment_id: &str) -> Result<Option<Payment>> {
                if let Some(read) = self.direct.as_ref().and_then(|d| d.read(PAYMENT_BY_ID_SQL, &[project_id, payment_id], direct_payment)) {
                    return read;
                }
                let row: Option<PaymentRow> =
                    sqlx::query_as(PAYMENT_BY_ID_SQL).bind(project_id).bind(payment_id).fetch_optional(&self.pool).await?;
                row.map(Payment::try_from).transpose()
            }

            async fn payment_by_request_id(&self, request_id: &str) -> Result<Option<Payment>> {
                self.fetch_payment("request_id", request_id).await
            }

            async fn payment_by_page_token(&self, token: &str) -> Result<Option<Payment>> {
                self.fetch_payment("page_token", token).await
            }

            async fn payment_page(&self, token: &str) -> Result<Option<(Payment, Project)>> {
                if let Some(read) = self.direct.as_ref().and_then(|d| d.read(PAYMENT_PAGE_SQL, &[token], direct_page)) {
                    return read;
                }
                let row: Option<PageRow> = sqlx::query_as(PAYMENT_PAGE_SQL).bind(token).fetch_optional(&self.pool).await?;
                row.map(|r| Ok((Payment::try_from(r.payment)?, Project::try_from(r.project)?))).transpose()
            }

            async fn payment_page_versions(&self, token: &str) -> Result<Option<PageVersions>> {
                let versions = |payment, project| PageVersions { payment, project };
                let direct = |row: &rusqlite::Row<'_>| {
                    let column = |at| row.get::<_, i64>(at).map_err(|e| corrupt("page versions", &e.to_string()));
                    Ok(versions(column(0)?, column(1)?))
                };
                if let Some(read) = self.direct.as_ref().and_then(|d| d.read(PAGE_VERSIONS_SQL, &[token], direct)) {
                    return read;
                }
                let row: Option<(i64, i64)> =
                    sqlx::query_as(PAGE_VERSIONS_SQL).bind(token).fetch_optional(&self.pool).await?;
                Ok(row.map(|(payment, project)| versions(payment, project)))
            }

            async fn waiting_on_requisite(
                &self,
                requisite_id: &str,
                currency: &str,
                amount: Option<i64>,
                limit: i64,
            ) -> Result<Vec<Payment>> {
                // The condition is the partial index payments_waiting_funds's, word for word; the
                // amount is its second column (an `OR` on it would read every waiting payment).
                let amount_is = if amount.is_some() { "AND amount = $4" } else { "AND $4 IS NULL" };
                let sql = format!(
                    "SELECT {PAYMENT_COLUMNS} FROM payments WHERE requisite_id = $1 AND currency = $2 {amount_is} \
                     AND (status = 'dispute' OR (status = 'processing' AND sub_status IN ('awaiting_confirm', 'paid'))) \
                     ORDER BY created_ms DESC LIMIT $3"
                );
                let rows: Vec<PaymentRow> = sqlx::query_as(&sql)
                    .bind(requisite_id)
                    .bind(currency)
                    .bind(limit)
                    .bind(amount)
                    .fetch_all(&self.pool)
                    .await?;
                rows.into_iter().map(Payment::try_from).collect()
            }

            async fn waiting_for_amounts(&self, requisite_id: &str, currency: &str, amounts: &[i64]) -> Result<Vec<Payment>> {
                if amounts.is_empty() {
                    return Ok(Vec::new());
                }
                let (first, second) = if self.dialect.anonymous_params { ("?", "?") } else { ("$1", "$2") };
                // The partial index payments_waiting_funds's condition, word for word.
                let sql = format!(
                    "SELECT {PAYMENT_COLUMNS} FROM payments WHERE requisite_id = {first} AND currency = {second} \
                     AND amount IN ({}) \
                     AND (status = 'dispute' OR (status = 'processing' AND sub_status IN ('awaiting_confirm', 'paid'))) \
                     ORDER BY created_ms DESC",
                    self.dialect.params(3, amounts.len())
                );
                let mut query = sqlx::query_as::<_, PaymentRow>(&sql).bind(requisite_id).bind(currency);
                for amount in amounts {
                    query = query.bind(amount);
                }
                query.fetch_all(&self.pool).await?.into_iter().map(Payment::try_from).collect()
            }

            async fn apply_change(&self, change: PaymentChange<'_>) -> Result<()> {
                let p = change.payment;
                                let alone = change.supersede.is_empty()
                    && change.callbacks.is_empty()
                    && change.receipt.is_none()
                    && !change.requisite_issued
                    && change.ledger.is_empty()
                    && change.audit.is_none()
                    && change.transfer.is_none()
                    && change.approval.is_none();
                if alone {
                    // One statement needs no explicit transaction (the history row comes from
                    // the update trigger, in the same statement).
                    let updated = payment_update!(p).execute(&self.writer).await.map_err(map_hold_violation)?;
                    return if updated.rows_affected() == 0 { Err(StoreError::Conflict) } else { Ok(()) };
                }
                let mut tx = self.writer.begin_with(self.dialect.begin_write).await?;
                Self::write_change(&mut tx, self.dialect, &change, None).await?;
                tx.commit().await?;
                Ok(())
            }

            async fn apply_changes(&self, changes: &[PaymentChange<'_>]) -> Result<Vec<Result<()>>> {
                // The usual case, every change goes through: one transaction, each payment row
                // and its checks written in turn, the rest once for all at the end.
                let mut tx = self.writer.begin_with(self.dialect.begin_write).await?;
                if Self::write_batch(&mut tx, self.dialect, changes).await? {
                    tx.commit().await?;
                    return Ok(changes.iter().map(|_| Ok(())).collect());
                }
                tx.rollback().await?;
                // One failed: again, each change in a savepoint of its own, so the one that
                // fails leaves nothing behind and the others stand (one commit for all).
                let mut tx = self.writer.begin_with(self.dialect.begin_write).await?;
                let mut outcomes = Vec::with_capacity(changes.len());
                for change in changes {
                    let mut savepoint = sqlx::Acquire::begin(&mut tx).await?;
                    match Self::write_change(&mut savepoint, self.dialect, change, None).await {
                        Ok(()) => {
                            savepoint.commit().await?;
                            outcomes.push(Ok(()));
                        }
                        Err(e) => {
                            savepoint.rollback().await?;
                            outcomes.push(Err(e));
                        }
                    }
                }
                tx.commit().await?;
                Ok(outcomes)
            }

            async fn insert_payout(
                &self,
                payout: &Payment,
                lock: &LedgerEntry,
                receiver_pan: Option<&Secret<String>>,
            ) -> Result<Inserted> {
                let (done, answer) = tokio::sync::oneshot::channel();
                let pending = PendingPayout {
                    payment: payout.clone(),
                    lock: lock.clone(),
                    pan_sealed: receiver_pan.map(|pan| self.vault.seal_str(RECEIVER_PAN, pan.expose())),
                    done,
                };
                self.payouts.send(pending).await.map_err(|_| StoreError::Corrupt("the payout writer stopped".into()))?;
                match answer.await.map_err(|_| StoreError::Corrupt("the payout writer stopped".into()))?? {
                    PayoutOutcome::Created => Ok(Inserted::Created),
                    PayoutOutcome::Refused => Err(StoreError::Refused(crate::domain::error::Refusal::InsufficientBalance)),
                    PayoutOutcome::Existing => {
                        let existing = self
                            .payment(&payout.project_id, &payout.payment_id)
                            .await?
                            .ok_or_else(|| StoreError::Corrupt("payment vanished after a conflict".into()))?;
                        Ok(Inserted::Existing(Box::new(existing)))
                    }
                }
            }

            async fn payout_receiver_pan(&self, request_id: &str) -> Result<Option<Secret<String>>> {
                let row: Option<(String,)> = sqlx::query_as("SELECT receiver_pan_sealed FROM payments WHERE request_id = $1 AND receiver_pan_sealed IS NOT NULL")
                    .bind(request_id)
                    .fetch_optional(&self.pool)
                    .await?;
                row.map(|(sealed,)| {
                    self.vault.open_str(RECEIVER_PAN, &sealed).map(Secret::new).map_err(|e| StoreError::Corrupt(e.to_string()))
                })
                .transpose()
            }

            async fn payouts_waiting(&self, limit: i64) -> Result<Vec<Payment>> {
                let sql = format!(
                    "SELECT {PAYMENT_COLUMNS} FROM payments WHERE payment_type = 'payout' AND status = 'processing' \
                     ORDER BY created_ms, request_id LIMIT $1"
                );
                let rows: Vec<PaymentRow> = sqlx::query_as(&sql).bind(limit).fetch_all(&self.pool).await?;
                rows.into_iter().map(Payment::try_from).collect()
            }

            async fn waiting_for_operator(&self, limit: i64) -> Result<Vec<Payment>> {
                // The partial index payments_waiting_for_operator serves exactly this filter.
                let sql = format!(
                    "SELECT {PAYMENT_COLUMNS} FROM payments \
                     WHERE status = 'dispute' OR (status = 'processing' AND sub_status IN ('paid', 'payout_process')) \
                     ORDER BY updated_ms, request_id LIMIT $1"
                );
                let rows: Vec<PaymentRow> = sqlx::query_as(&sql).bind(limit).fetch_all(&self.pool).await?;
                rows.into_iter().map(Payment::try_from).collect()
            }

            async fn search_payments(&self, f: &PaymentFilter) -> Result<Vec<Payment>> {
                let (condition, params) = payment_filter_sql(f, self.dialect);
                let sql = format!(
                    "SELECT {PAYMENT_COLUMNS} FROM payments WHERE {condition} \
                     ORDER BY created_ms DESC, request_id DESC LIMIT {}",
                    f.limit.clamp(1, 1000)
                );
                let mut q = sqlx::query_as::<_, PaymentRow>(&sql);
                for p in params {
                    q = match p {
                        FilterParam::Text(t) => q.bind(t),
                        FilterParam::Int(i) => q.bind(i),
                    };
                }
                let rows: Vec<PaymentRow> = q.fetch_all(&self.pool).await?;
                rows.into_iter().map(Payment::try_from).collect()
            }

            async fn queue_counts(&self) -> Result<QueueCounts> {
                // Each count is over a partial index of exactly its condition; the waiting
                // payments are the queue's own filter (see waiting_for_operator).
                let (approvals, paid, disputes, payouts, review): (i64, i64, i64, i64, i64) = sqlx::query_as(
                    "SELECT (SELECT COUNT(*) FROM approvals WHERE state = 'pending'), \
                       COALESCE(SUM(CASE WHEN status = 'processing' AND sub_status = 'paid' AND payment_type = 'payin' THEN 1 ELSE 0 END), 0), \
                       COALESCE(SUM(CASE WHEN status = 'dispute' AND (payment_type = 'payin' OR sub_status = 'payout_failed') THEN 1 ELSE 0 END), 0), \
                       (SELECT COUNT(*) FROM payments WHERE payment_type = 'payout' AND status = 'processing'), \
                       (SELECT COUNT(*) FROM transfers WHERE state = 'review') \
                     FROM payments \
                     WHERE status = 'dispute' OR (status = 'processing' AND sub_status IN ('paid', 'payout_process'))",
                )
                .fetch_one(&self.pool)
                .await?;
                Ok(QueueCounts { approvals, paid, disputes, payouts, review })
            }

            async fn payment_totals(&self, f: &PaymentFilter, cap: i64) -> Result<Vec<PaymentTotal>> {
                let (condition, params) = payment_filter_sql(&PaymentFilter { after: None, ..f.clone() }, self.dialect);
                let sql = format!(
                    "SELECT payment_type, currency, COUNT(*), CAST(SUM(amount) AS BIGINT), \
                       CAST(SUM(CASE WHEN status = 'success' THEN amount ELSE 0 END) AS BIGINT) \
                     FROM (SELECT payment_type, currency, amount, status FROM payments WHERE {condition} LIMIT {}) matched \
                     GROUP BY payment_type, currency ORDER BY payment_type, currency",
                    cap.max(1)
                );
                let mut q = sqlx::query_as::<_, (String, String, i64, i64, i64)>(&sql);
                for p in params {
                    q = match p {
                        FilterParam::Text(t) => q.bind(t),
                        FilterParam::Int(i) => q.bind(i),
                    };
                }
                let rows = q.fetch_all(&self.pool).await?;
                Ok(rows
                    .into_iter()
                    .map(|(payment_type, currency, count, amount, succeeded)| PaymentTotal {
                        payment_type,
                        currency,
                        count,
                        amount,
                        succeeded,
                    })
                    .collect())
            }

            async fn history(&self, request_id: &str) -> Result<Vec<HistoryEntry>> {
                let rows: Vec<HistoryRow> = sqlx::query_as(
                    "SELECT status, sub_status, status_description, amount, actor, at_ms FROM payment_status_history \
                     WHERE request_id = $1 ORDER BY version",
                )
                .bind(request_id)
                .fetch_all(&self.pool)
                .await?;
                rows.into_iter()
                    .map(|r| {
                        Ok(HistoryEntry {
                            state: PaymentState::parse(&r.status, r.sub_status.as_deref())
                                .ok_or_else(|| corrupt("history status", &r.status))?,
                            status_description: r.status_description,
                            amount: r.amount,
                            actor: actor_from(&r.actor)?,
                            at_ms: r.at_ms,
                        })
                    })
                    .collect()
            }

            async fn count_customer_payments_since(&self, project_id: &str, customer_id: &str, since_ms: i64) -> Result<u64> {
                let (n,): (i64,) = sqlx::query_as(
                    "SELECT COUNT(*) FROM payments WHERE project_id = $1 AND customer_id = $2 AND created_ms >= $3",
                )
                .bind(project_id)
                .bind(customer_id)
                .bind(since_ms)
                .fetch_one(&self.pool)
                .await?;
                Ok(n as u64)
            }

            async fn receipts(&self, request_id: &str) -> Result<Vec<Receipt>> {
                let rows: Vec<(String, String, i64, i64)> = sqlx::query_as(
                    "SELECT id, content_type, size, uploaded_ms FROM receipts WHERE request_id = $1 ORDER BY uploaded_ms",
                )
                .bind(request_id)
                .fetch_all(&self.pool)
                .await?;
                Ok(rows
                    .into_iter()
                    .map(|(id, content_type, size, uploaded_ms)| Receipt { id, content_type, size, uploaded_ms })
                    .collect())
            }

            async fn receipt_file(&self, request_id: &str, receipt_id: &str) -> Result<Option<(String, Vec<u8>)>> {
                Ok(sqlx::query_as("SELECT content_type, data FROM receipts WHERE request_id = $1 AND id = $2")
                    .bind(request_id)
                    .bind(receipt_id)
                    .fetch_optional(&self.pool)
                    .await?)
            }

            async fn claim_due_deadlines(&self, now_ms: i64, lease_until_ms: i64, limit: i64) -> Result<Vec<Payment>> {
                self.claim_payments("deadline_ms", now_ms, lease_until_ms, limit).await
            }

            async fn claim_due_searches(&self, now_ms: i64, next_search_ms: i64, limit: i64) -> Result<Vec<Payment>> {
                // Claiming moves the next search forward: that is the claim (no other process
                // sees the rows as due) and the reschedule in one statement.
                let sql = format!(
                    "UPDATE payments SET search_at_ms = $2 WHERE request_id IN (\
                       SELECT request_id FROM payments WHERE search_at_ms IS NOT NULL AND search_at_ms <= $1 \
                       ORDER BY search_at_ms LIMIT $3 {skip}) \
                     RETURNING {PAYMENT_COLUMNS}",
                    skip = self.dialect.skip_locked
                );
                let rows: Vec<PaymentRow> =
                    sqlx::query_as(&sql).bind(now_ms).bind(next_search_ms).bind(limit).fetch_all(&self.writer).await?;
                rows.into_iter().map(Payment::try_from).collect()
            }

            async fn wake_searches(&self, currency: &str, now_ms: i64) -> Result<u64> {
                let done = sqlx::query(
                    "UPDATE payments SET search_at_ms = $2 WHERE search_at_ms IS NOT NULL AND search_at_ms > $2 AND currency = $1",
                )
                .bind(currency)
                .bind(now_ms)
                .execute(&self.writer)
                .await?;
                Ok(done.rows_affected())
            }

        }
    };
}

macro_rules! payment_update {
    ($p:expr) => {
        sqlx::query(
            "UPDATE payments SET method = $3, widget_method = $4, amount = $5, old_amount = $6, updated_ms = $7, \
               status = $8, sub_status = $9, status_description = $10, version = $11, details_json = $12, \
               recipient_json = $13, card_auth_json = $14, requisite_hold = $15, deadline_ms = $16, \
               search_at_ms = $17, search_until_ms = $18, has_receipt = $19, received_amount = $20, \
               last_actor = $21, requisite_id = $22, lease_until_ms = NULL \
             WHERE request_id = $1 AND version = $2",
        )
        .bind(&$p.request_id)
        .bind($p.version - 1)
        .bind($p.method.map(|m| m.code()))
        .bind($p.widget_method.map(|m| m.code()))
        .bind($p.amount)
        .bind($p.old_amount)
        .bind($p.updated_ms)
        .bind($p.state.status())
        .bind($p.state.sub_status())
        .bind(&$p.status_description)
        .bind($p.version)
        .bind(to_json(&$p.details))
        .bind($p.recipient.as_ref().map(to_json))
        .bind($p.card_auth.as_ref().map(to_json))
        .bind($p.requisite_hold())
        .bind($p.deadline_ms)
        .bind($p.search_at_ms)
        .bind($p.search_until_ms)
        .bind($p.has_receipt)
        .bind($p.received_amount)
        .bind($p.last_actor.code())
        .bind($p.recipient.as_ref().map(|r| r.requisite_id.as_str()))
    };
}
pub(super) use payment_update;

/// What the sealed receiver numbers are (bound into their seals).
const RECEIVER_PAN: &str = "payments.receiver_pan_sealed";

payment_store!(Sqlite);
payment_store!(Postgres);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_payment_id_prefix_is_a_range_on_the_folded_id_and_requisites_a_list() {
        let dialect = super::super::dialect::Dialect {
            folded_payment_id: "lower(payment_id)",
            ..super::super::dialect::Dialect::NUMBERED
        };
        let filter = PaymentFilter {
            payment_id_prefix: Some("order-".into()),
            requisite_ids: Some(vec!["r1".into(), "r2".into()]),
            ..Default::default()
        };
        let (sql, params) = payment_filter_sql(&filter, dialect);
        assert!(sql.contains("lower(payment_id) >= $1 AND lower(payment_id) < $2"), "{sql}");
        assert!(sql.contains("requisite_id IN ($3, $4)"), "{sql}");
        let texts: Vec<String> =
            params.into_iter().filter_map(|p| if let FilterParam::Text(t) = p { Some(t) } else { None }).collect();
        assert_eq!(texts[..2], ["order-".to_string(), "order-\u{10FFFF}".to_string()]);
        // No requisite matched: nothing does.
        let none = PaymentFilter { requisite_ids: Some(vec![]), ..Default::default() };
        assert!(payment_filter_sql(&none, dialect).0.contains("1 = 0"));
    }
}
