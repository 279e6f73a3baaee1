//! New payments on SQL: one writer task inserts whatever creates are waiting (group commit),
//! with the signed messages that asked for them recorded in the same commit (the replay
//! guard, decisions.md §2), so a create waits for one commit.

use sqlx::{Pool, Postgres, Sqlite};

use super::rows::{INSERT_COLUMNS, INSERT_PARAMS, group_insert_sql, to_json};
use super::sql::{MAX_INSERT_BATCH, PendingInsert, SqlStorage, Written};
use crate::domain::payment::Payment;
use crate::domain::ports::StoreResult as Result;
use crate::domain::replay::SignatureUse;

/// Per payment of a batch: inserted, its `payment_id` taken, or refused as a replay.
fn outcomes(batch: &[&PendingInsert], may_act: &[bool], inserted: &[String]) -> Vec<Written> {
    batch
        .iter()
        .zip(may_act)
        .map(|(b, may)| match (*may, inserted.contains(&b.payment.request_id)) {
            (false, _) => Written::Replayed,
            (true, true) => Written::Inserted,
            (true, false) => Written::Conflict,
        })
        .collect()
}

/// PostgreSQL's one statement for `rows` payments (each with its message's key or NULL) and
/// the `signed` messages among them: answers the inserted payments' request ids (`true`) and
/// the keys of the messages it recorded (`false`).
fn signed_insert_sql(dialect: super::dialect::Dialect, rows: usize, signed: usize) -> String {
    let per_row = INSERT_PARAMS + 1;
    format!(
        "WITH recorded AS (\
            INSERT INTO request_signatures (signature_hash, endpoint, expires_ms) VALUES {} \
            ON CONFLICT (signature_hash) DO NOTHING RETURNING signature_hash), \
         inserted AS (\
            INSERT INTO payments ({INSERT_COLUMNS}) SELECT {INSERT_COLUMNS} \
            FROM (VALUES {}) AS v ({INSERT_COLUMNS}, signature_hash) \
            WHERE v.signature_hash IS NULL OR v.signature_hash IN (SELECT signature_hash FROM recorded) \
            ON CONFLICT (project_id, payment_id) DO NOTHING RETURNING request_id) \
         SELECT request_id, TRUE FROM inserted UNION ALL SELECT signature_hash, FALSE FROM recorded",
        dialect.value_rows_from(rows * per_row + 1, signed, 3),
        dialect.value_rows(rows, per_row),
    )
}

macro_rules! payment_inserts {
    ($db:ty) => {
        impl SqlStorage<$db> {
            pub(super) async fn insert_writer(
                writer: Pool<$db>,
                dialect: super::dialect::Dialect,
                mut queue: tokio::sync::mpsc::Receiver<PendingInsert>,
            ) {
                let mut batch = Vec::with_capacity(MAX_INSERT_BATCH);
                while queue.recv_many(&mut batch, MAX_INSERT_BATCH).await > 0 {
                    let pending: Vec<&PendingInsert> = batch.iter().collect();
                    match Self::write_inserts(&writer, dialect, &pending).await {
                        Ok(written) => {
                            for (pending, written) in batch.drain(..).zip(written) {
                                let _ = pending.done.send(Ok(written));
                            }
                        }
                        // A failed group: each payment alone, so each gets its own answer.
                        Err(_) if batch.len() > 1 => {
                            for pending in batch.drain(..) {
                                let one = Self::write_inserts(&writer, dialect, &[&pending]).await;
                                let _ = pending.done.send(one.map(|w| w[0]));
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

            /// One batch of new payments, each inserted only if the signed message that asked
            /// for it may act (its first use, or a retry on the same endpoint), the message
            /// recorded in the same commit: a create waits for one commit, not for the replay
            /// guard's and then its own. A batch without messages is one statement.
            async fn write_inserts(
                writer: &Pool<$db>,
                dialect: super::dialect::Dialect,
                batch: &[&PendingInsert],
            ) -> Result<Vec<Written>> {
                if batch.iter().all(|b| b.signature_use.is_none()) {
                    let payments: Vec<(&Payment, Option<&str>)> = batch.iter().map(|b| (&b.payment, None)).collect();
                    let inserted = Self::insert_rows(writer, dialect, &payments).await?;
                    return Ok(outcomes(batch, &vec![true; batch.len()], &inserted));
                }
                if dialect.writable_cte {
                    Self::write_inserts_in_one_statement(writer, dialect, batch).await
                } else {
                    Self::write_inserts_in_a_transaction(writer, dialect, batch).await
                }
            }

            /// The messages recorded, then the payments they allow, in one transaction (SQLite,
            /// whose one writer runs it without a round trip; and PostgreSQL's few late ones).
            async fn write_inserts_in_a_transaction(
                writer: &Pool<$db>,
                dialect: super::dialect::Dialect,
                batch: &[&PendingInsert],
            ) -> Result<Vec<Written>> {
                let uses: Vec<&SignatureUse> = batch.iter().filter_map(|b| b.signature_use.as_ref()).collect();
                let mut tx = writer.begin_with(dialect.begin_write).await?;
                let mut firsts = Self::record_signatures(&mut tx, &uses, dialect).await?.into_iter();
                let may_act: Vec<bool> = batch
                    .iter()
                    .map(|b| {
                        b.signature_use.as_ref().is_none_or(|u| u.may_act_after(firsts.next().flatten().as_deref()))
                    })
                    .collect();
                let payments: Vec<(&Payment, Option<&str>)> =
                    batch.iter().zip(&may_act).filter(|(_, may)| **may).map(|(b, _)| (&b.payment, None)).collect();
                let inserted = if payments.is_empty() {
                    Vec::new()
                } else {
                    Self::insert_rows(&mut *tx, dialect, &payments).await?
                };
                tx.commit().await?;
                Ok(outcomes(batch, &may_act, &inserted))
            }

            /// PostgreSQL: one statement committed on its own, one round trip. It records the
            /// messages (a data-modifying `WITH`) and inserts each payment whose message it
            /// recorded. A message recorded before it (a retry, a replay) or carried twice in
            /// the batch is decided after, in a transaction, from the endpoint it was first
            /// used on.
            async fn write_inserts_in_one_statement(
                writer: &Pool<$db>,
                dialect: super::dialect::Dialect,
                batch: &[&PendingInsert],
            ) -> Result<Vec<Written>> {
                // The first payment of the batch to carry a message is the one the statement
                // may insert.
                let mut keys: Vec<&str> = Vec::new();
                let in_statement: Vec<bool> = batch
                    .iter()
                    .map(|b| match &b.signature_use {
                        Some(u) if keys.contains(&u.key.as_str()) => false,
                        Some(u) => {
                            keys.push(&u.key);
                            true
                        }
                        None => true,
                    })
                    .collect();
                let rows: Vec<&PendingInsert> =
                    batch.iter().zip(&in_statement).filter(|(_, i)| **i).map(|(b, _)| *b).collect();
                let signed: Vec<&SignatureUse> = rows.iter().filter_map(|b| b.signature_use.as_ref()).collect();
                let sql = signed_insert_sql(dialect, rows.len(), signed.len());
                let mut query = sqlx::query_as::<_, (String, bool)>(&sql);
                for b in &rows {
                    let key = b.signature_use.as_ref().map(|u| u.key.clone());
                    query = Self::bind_payment(query, &b.payment, None).bind(key);
                }
                for u in &signed {
                    query = query.bind(u.key.clone()).bind(u.endpoint.clone()).bind(u.expires_ms);
                }
                let (inserted, recorded): (Vec<_>, Vec<_>) =
                    query.fetch_all(writer).await?.into_iter().partition(|r| r.1);
                let inserted: Vec<String> = inserted.into_iter().map(|(id, _)| id).collect();
                let recorded: Vec<String> = recorded.into_iter().map(|(key, _)| key).collect();
                let decided: Vec<bool> = batch
                    .iter()
                    .zip(&in_statement)
                    .map(|(b, i)| *i && b.signature_use.as_ref().is_none_or(|u| recorded.contains(&u.key)))
                    .collect();
                let late: Vec<&PendingInsert> =
                    batch.iter().zip(&decided).filter(|(_, d)| !**d).map(|(b, _)| *b).collect();
                let mut late_written = if late.is_empty() {
                    Vec::new()
                } else {
                    Self::write_inserts_in_a_transaction(writer, dialect, &late).await?
                }
                .into_iter();
                Ok(batch
                    .iter()
                    .zip(decided)
                    .map(|(b, decided)| match decided {
                        true if inserted.contains(&b.payment.request_id) => Written::Inserted,
                        true => Written::Conflict,
                        false => late_written.next().expect("one answer per late payment"),
                    })
                    .collect())
            }

            /// The request ids that were inserted (a conflicting `payment_id` is not); each payment
            /// with its payout receiver's sealed number, if any.
            pub(super) async fn insert_rows<'e, E>(
                writer: E,
                dialect: super::dialect::Dialect,
                payments: &[(&Payment, Option<&str>)],
            ) -> Result<Vec<String>>
            where
                E: sqlx::Executor<'e, Database = $db>,
            {
                let sql = group_insert_sql(dialect, payments.len());
                let mut query = sqlx::query_as::<_, (String,)>(&sql);
                for (p, receiver_pan_sealed) in payments {
                    query = Self::bind_payment(query, p, *receiver_pan_sealed);
                }
                Ok(query.fetch_all(writer).await?.into_iter().map(|(id,)| id).collect())
            }

            /// Binds a payment's values in the order of `INSERT_COLUMNS`, with its payout
            /// receiver's sealed number, if any.
            fn bind_payment<'q, O>(
                query: sqlx::query::QueryAs<'q, $db, O, <$db as sqlx::Database>::Arguments<'q>>,
                p: &Payment,
                receiver_pan_sealed: Option<&str>,
            ) -> sqlx::query::QueryAs<'q, $db, O, <$db as sqlx::Database>::Arguments<'q>> {
                query
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
                    .bind(p.payment_type.code())
                    .bind(p.details.customer.id.clone())
                    .bind(p.requisite_hold())
                    .bind(receiver_pan_sealed.map(str::to_owned))
            }
        }
    };
}

payment_inserts!(Sqlite);
payment_inserts!(Postgres);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_signed_insert_numbers_payments_then_messages() {
        let sql = signed_insert_sql(super::super::dialect::Dialect::NUMBERED, 2, 1);
        let per_row = INSERT_PARAMS + 1;
        assert!(sql.contains(&format!("${}), (${}", per_row, per_row + 1)), "{sql}");
        assert!(
            sql.contains(&format!("VALUES (${}, ${}, ${})", 2 * per_row + 1, 2 * per_row + 2, 2 * per_row + 3)),
            "{sql}"
        );
    }
}
