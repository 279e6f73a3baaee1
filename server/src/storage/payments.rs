//! The payments port on SQL: payment rows (inserted by a group-commit writer), changes with
//! their outbox rows in one transaction, history, receipts, and the job claims.

use async_trait::async_trait;
use sqlx::{Pool, Postgres, Sqlite};

use super::sql::{
    HistoryRow, MAX_INSERT_BATCH, PAYMENT_COLUMNS, PaymentRow, PendingInsert, SqlStorage, actor_from, corrupt,
    group_insert_sql, map_hold_violation, to_json,
};
use crate::domain::outbox::CallbackState;
use crate::domain::payment::{Payment, PaymentState};
use crate::domain::ports::{
    Balance, HistoryEntry, Inserted, PaymentChange, PaymentStore, Receipt, StoreError, StoreResult as Result,
};

macro_rules! payment_store {
    ($db:ty) => {
        impl SqlStorage<$db> {
            /// Builds the storage and starts its group-insert writer.
            pub(super) fn start(
                pool: Pool<$db>,
                writer: Pool<$db>,
                dialect: super::sql::Dialect,
                vault: std::sync::Arc<crate::crypto::vault::Vault>,
            ) -> Self {
                let (inserts, queue) = tokio::sync::mpsc::channel(1024);
                tokio::spawn(Self::insert_writer(writer.clone(), queue));
                let (signatures, signature_queue) = tokio::sync::mpsc::channel(4096);
                tokio::spawn(Self::signature_writer(writer.clone(), signature_queue, dialect));
                SqlStorage { pool, writer, dialect, vault, inserts, signatures }
            }

            async fn insert_writer(writer: Pool<$db>, mut queue: tokio::sync::mpsc::Receiver<PendingInsert>) {
                let mut batch = Vec::with_capacity(MAX_INSERT_BATCH);
                while queue.recv_many(&mut batch, MAX_INSERT_BATCH).await > 0 {
                    match Self::insert_rows(&writer, &batch).await {
                        Ok(inserted) => {
                            for pending in batch.drain(..) {
                                let _ = pending.done.send(Ok(inserted.contains(&pending.payment.request_id)));
                            }
                        }
                        // A failed group: each payment alone, so each gets its own answer.
                        Err(_) if batch.len() > 1 => {
                            for pending in batch.drain(..) {
                                let one = Self::insert_rows(&writer, std::slice::from_ref(&pending)).await;
                                let _ = pending.done.send(one.map(|ids| !ids.is_empty()));
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

            /// The request ids that were inserted (a conflicting `payment_id` is not).
            async fn insert_rows(writer: &Pool<$db>, batch: &[PendingInsert]) -> Result<Vec<String>> {
                let sql = group_insert_sql(batch.len());
                let mut query = sqlx::query_as::<_, (String,)>(&sql);
                for p in batch.iter().map(|b| &b.payment) {
                    // The order of INSERT_COLUMNS.
                    query = query
                        .bind(p.request_id.clone())
                        .bind(p.project_id.clone())
                        .bind(p.payment_id.clone())
                        .bind(p.integration.code())
                        .bind(p.country.code())
                        .bind(p.currency.code)
                        .bind(p.method.map(|m| m.code()))
                        .bind(p.widget_method.map(|m| m.code()))
                        .bind(p.amount)
                        .bind(p.old_amount)
                        .bind(p.initial_amount)
                        .bind(p.lifetime_s)
                        .bind(p.created_ms)
                        .bind(p.updated_ms)
                        .bind(p.state.status())
                        .bind(p.state.sub_status())
                        .bind(p.status_description.clone())
                        .bind(p.version)
                        .bind(to_json(&p.details))
                        .bind(p.recipient.as_ref().map(to_json))
                        .bind(p.card_auth.as_ref().map(to_json))
                        .bind(p.page_token.clone())
                        .bind(p.request_hash.clone())
                        .bind(p.deadline_ms)
                        .bind(p.search_at_ms)
                        .bind(p.search_until_ms)
                        .bind(p.has_receipt)
                        .bind(p.received_amount)
                        .bind(p.last_actor.code())
                        .bind("payin")
                        .bind(p.details.customer.id.clone())
                        .bind(p.requisite_hold());
                }
                Ok(query.fetch_all(writer).await?.into_iter().map(|(id,)| id).collect())
            }

            async fn fetch_payment(&self, condition: &str, value: &str) -> Result<Option<Payment>> {
                let sql = format!("SELECT {PAYMENT_COLUMNS} FROM payments WHERE {condition} = $1");
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

            async fn insert_payment(&self, p: &Payment) -> Result<Inserted> {
                // One statement (shared with concurrent creates); the history row comes from
                // the insert trigger.
                let (done, answer) = tokio::sync::oneshot::channel();
                self.inserts
                    .send(PendingInsert { payment: p.clone(), done })
                    .await
                    .map_err(|_| StoreError::Corrupt("the insert writer stopped".into()))?;
                let inserted = answer.await.map_err(|_| StoreError::Corrupt("the insert writer stopped".into()))??;
                if !inserted {
                    let existing = self
                        .payment(&p.project_id, &p.payment_id)
                        .await?
                        .ok_or_else(|| StoreError::Corrupt("payment vanished after a conflict".into()))?;
                    return Ok(Inserted::Existing(Box::new(existing)));
                }
                Ok(Inserted::Created)
            }

            async fn payment(&self, project_id: &str, payment_id: &str) -> Result<Option<Payment>> {
                let sql = format!("SELECT {PAYMENT_COLUMNS} FROM payments WHERE project_id = $1 AND payment_id = $2");
                let row: Option<PaymentRow> =
                    sqlx::query_as(&sql).bind(project_id).bind(payment_id).fetch_optional(&self.pool).await?;
                row.map(Payment::try_from).transpose()
            }

            async fn payment_by_request_id(&self, request_id: &str) -> Result<Option<Payment>> {
                self.fetch_payment("request_id", request_id).await
            }

            async fn payment_by_page_token(&self, token: &str) -> Result<Option<Payment>> {
                self.fetch_payment("page_token", token).await
            }

            async fn payment_by_requisite_hold(&self, hold: &str) -> Result<Option<Payment>> {
                self.fetch_payment("requisite_hold", hold).await
            }

            async fn apply_change(&self, change: PaymentChange<'_>) -> Result<()> {
                let p = change.payment;
                let now = p.updated_ms;
                let alone = change.supersede.is_empty()
                    && change.callbacks.is_empty()
                    && change.receipt.is_none()
                    && !change.requisite_issued
                    && !change.credit_balance;
                if alone {
                    // One statement needs no explicit transaction (the history row comes from
                    // the update trigger, in the same statement).
                    let updated = payment_update!(p).execute(&self.writer).await.map_err(map_hold_violation)?;
                    return if updated.rows_affected() == 0 { Err(StoreError::Conflict) } else { Ok(()) };
                }
                let mut tx = self.writer.begin().await?;
                let updated = payment_update!(p).execute(&mut *tx).await.map_err(map_hold_violation)?;
                if updated.rows_affected() == 0 {
                    return Err(StoreError::Conflict);
                }
                // The outbox rules say which waiting callbacks this change supersedes; one in
                // flight finishes its attempt first (and is settled by record_attempt).
                for kind in change.supersede {
                    sqlx::query(
                        "UPDATE callbacks SET state = $3 WHERE request_id = $1 AND kind = $4 \
                         AND state = $5 AND (lease_until_ms IS NULL OR lease_until_ms < $2)",
                    )
                    .bind(&p.request_id)
                    .bind(now)
                    .bind(CallbackState::Superseded.code())
                    .bind(kind.code())
                    .bind(CallbackState::Pending.code())
                    .execute(&mut *tx)
                    .await?;
                }
                for cb in &change.callbacks {
                    sqlx::query(
                        "INSERT INTO callbacks (request_id, project_id, kind, url, body, idempotency_key, state, attempts, \
                           next_attempt_ms, give_up_ms, created_ms, host) \
                         VALUES ($1, $2, $3, $4, $5, $6, $10, 0, $7, $8, $9, $11)",
                    )
                    .bind(&p.request_id)
                    .bind(&p.project_id)
                    .bind(cb.kind.code())
                    .bind(&cb.url)
                    .bind(&cb.body)
                    .bind(&cb.idempotency_key)
                    .bind(cb.next_attempt_ms)
                    .bind(cb.give_up_ms)
                    .bind(now)
                    .bind(CallbackState::Pending.code())
                    .bind(&cb.host)
                    .execute(&mut *tx)
                    .await?;
                }
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
                    .execute(&mut *tx)
                    .await?;
                }
                if change.requisite_issued
                    && let Some(recipient) = &p.recipient
                {
                    sqlx::query("UPDATE requisites SET last_used_ms = $2 WHERE id = $1")
                        .bind(&recipient.requisite_id)
                        .bind(now)
                        .execute(&mut *tx)
                        .await?;
                }
                if change.credit_balance {
                    sqlx::query(
                        "INSERT INTO balances (project_id, currency, amount, locked_amount) VALUES ($1, $2, $3, 0) \
                         ON CONFLICT (project_id, currency) DO UPDATE SET amount = balances.amount + excluded.amount",
                    )
                    .bind(&p.project_id)
                    .bind(p.currency.code)
                    .bind(p.amount)
                    .execute(&mut *tx)
                    .await?;
                }
                tx.commit().await?;
                Ok(())
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
                let rows: Vec<(String, i64, i64)> = sqlx::query_as(
                    "SELECT content_type, size, uploaded_ms FROM receipts WHERE request_id = $1 ORDER BY uploaded_ms",
                )
                .bind(request_id)
                .fetch_all(&self.pool)
                .await?;
                Ok(rows.into_iter().map(|(content_type, size, uploaded_ms)| Receipt { content_type, size, uploaded_ms }).collect())
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

            async fn balances(&self, project_id: &str) -> Result<Vec<Balance>> {
                let rows: Vec<(String, i64, i64)> = sqlx::query_as(
                    "SELECT currency, amount, locked_amount FROM balances WHERE project_id = $1 ORDER BY currency",
                )
                .bind(project_id)
                .fetch_all(&self.pool)
                .await?;
                Ok(rows.into_iter().map(|(currency, amount, locked_amount)| Balance { currency, amount, locked_amount }).collect())
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
               last_actor = $21, lease_until_ms = NULL \
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
    };
}

payment_store!(Sqlite);
payment_store!(Postgres);
