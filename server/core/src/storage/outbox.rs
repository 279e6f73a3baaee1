//! The outbox port on SQL: claiming due callbacks in order per payment, recording attempts
//! (the state they lead to is decided by the domain's outbox rules), and the attempt log.

use async_trait::async_trait;
use sqlx::{Postgres, Sqlite};

use super::rows::{AttemptRow, CallbackJobRow, CallbackRow, corrupt};
use super::sql::SqlStorage;
use crate::domain::audit::AuditEntry;
use crate::domain::outbox::{
    self, Attempt, AttemptOutcome, CallbackJob, CallbackKind, CallbackRecord, CallbackState, Claim, FailingCallback,
    RecordedAttempt,
};
use crate::domain::ports::{OutboxStore, StoreResult as Result};

/// `CallbackState::Pending`'s code, written into the statements that look for waiting
/// callbacks instead of bound: SQLite matches a bound value against a partial index's
/// constant (`callbacks_due … WHERE state = 'pending'`) by looking at the value, and then
/// prepares the statement again every time that parameter is bound — each claim recompiled
/// its sub-selects. A constant lets PostgreSQL's generic plans use that index too.
const PENDING: &str = "pending";

/// Writes a change's outbox inside the caller's transaction: the waiting callbacks of the kinds
/// it supersedes stop (one in flight finishes its attempt first and is settled by
/// `record_attempts`), and its new callbacks wait for the dispatcher.
macro_rules! write_outbox {
    ($tx:expr, $payment:expr, $supersede:expr, $callbacks:expr, $now:expr) => {{
        let p: &crate::domain::payment::Payment = $payment;
        for kind in $supersede {
            // 'pending' is written in the statement, not bound: see `PENDING`.
            sqlx::query(
                "UPDATE callbacks SET state = $3 WHERE request_id = $1 AND kind = $4 \
                 AND state = 'pending' AND (lease_until_ms IS NULL OR lease_until_ms < $2)",
            )
            .bind(&p.request_id)
            .bind($now)
            .bind(crate::domain::outbox::CallbackState::Superseded.code())
            .bind(kind.code())
            .execute(&mut *$tx)
            .await?;
        }
        for cb in $callbacks {
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
            .bind($now)
            .bind(crate::domain::outbox::CallbackState::Pending.code())
            .bind(&cb.host)
            .execute(&mut *$tx)
            .await?;
        }
    }};
}
pub(super) use write_outbox;

/// The claim's statement (see [`claim_due`]).
fn claim_sql(dialect: super::dialect::Dialect) -> String {
    format!(
        "UPDATE callbacks SET lease_until_ms = $2, lease_owner = $3 WHERE id IN (\
           SELECT c.id FROM callbacks c \
           WHERE c.state = '{PENDING}' AND c.next_attempt_ms <= $1 \
             AND (c.lease_until_ms IS NULL OR c.lease_until_ms < $1) \
             AND NOT EXISTS (SELECT 1 FROM callbacks e WHERE e.request_id = c.request_id AND e.id < c.id \
               AND (e.state = '{PENDING}' OR (e.lease_until_ms IS NOT NULL AND e.lease_until_ms >= $1))) \
             AND c.project_id NOT IN (SELECT f.project_id FROM callbacks f \
               WHERE f.lease_until_ms IS NOT NULL AND f.lease_until_ms >= $1 \
               GROUP BY f.project_id HAVING COUNT(*) >= $5) \
             AND c.host NOT IN (SELECT f.host FROM callbacks f \
               WHERE f.lease_until_ms IS NOT NULL AND f.lease_until_ms >= $1 \
               GROUP BY f.host HAVING COUNT(*) >= $6) \
           ORDER BY c.next_attempt_ms, c.id LIMIT $4 {skip}) \
         RETURNING id, request_id, project_id, host, kind, url, body, idempotency_key, attempts, give_up_ms, \
           created_ms",
        skip = dialect.skip_locked
    )
}

/// Leases due callbacks (see [`OutboxStore::claim_callbacks`]) on `$executor`: the pool, or
/// the recorder's transaction.
macro_rules! claim_due {
    ($self:expr, $executor:expr, $owner:expr, $claim:expr) => {{
        let claim: &Claim = $claim;
        // A callback is due when no earlier callback of its payment is still waiting or in
        // flight: each payment's callbacks go out in the order of its status changes. A
        // project or host with `caps` deliveries in flight (on any process) waits. The full
        // projects and hosts are found once per claim (one pass over the leased rows), not
        // counted again for every candidate.
        let sql = claim_sql($self.dialect);
        let rows: Vec<CallbackJobRow> = sqlx::query_as(&sql)
            .bind(claim.now_ms)
            .bind(claim.lease_until_ms)
            .bind($owner)
            .bind(claim.limit)
            .bind(claim.caps.per_project)
            .bind(claim.caps.per_host)
            .fetch_all($executor)
            .await?;
        jobs_of(rows)
    }};
}

/// Claimed rows as jobs, oldest first.
fn jobs_of(rows: Vec<CallbackJobRow>) -> Result<Vec<CallbackJob>> {
    let mut jobs = rows
        .into_iter()
        .map(|r| {
            Ok(CallbackJob {
                kind: CallbackKind::parse(&r.kind).ok_or_else(|| corrupt("callback kind", &r.kind))?,
                id: r.id,
                request_id: r.request_id,
                project_id: r.project_id,
                host: r.host,
                url: r.url,
                body: r.body,
                idempotency_key: r.idempotency_key,
                attempts: r.attempts,
                give_up_ms: r.give_up_ms,
                created_ms: r.created_ms,
            })
        })
        .collect::<Result<Vec<_>>>()?;
    jobs.sort_by_key(|j| j.id);
    Ok(jobs)
}

/// Each recorded attempt's move: (callback, new state, next attempt, delivered at). A delivered
/// attempt delivers whatever the state was; a failed one moves only a callback whose lease
/// `owner` still held (`held`: its id, state, kind and how many later callbacks its payment has).
type Move = (i64, &'static str, Option<i64>, Option<i64>);
fn moves_after(attempts: &[RecordedAttempt], held: Vec<(i64, String, String, i64)>) -> Result<Vec<Move>> {
    let mut moves = Vec::with_capacity(attempts.len());
    for r in attempts.iter().filter(|r| r.outcome == AttemptOutcome::Delivered) {
        moves.push((r.callback_id, CallbackState::Delivered.code(), None, Some(r.attempt.at_ms)));
    }
    for (id, state, kind, later) in held {
        let Some(r) = attempts.iter().find(|r| r.callback_id == id) else { continue };
        let state = CallbackState::parse(&state).ok_or_else(|| corrupt("callback state", &state))?;
        let kind = CallbackKind::parse(&kind).ok_or_else(|| corrupt("callback kind", &kind))?;
        let new_state = outbox::state_after_attempt(state, kind, later > 0, r.outcome);
        let next_ms = match (new_state, r.outcome) {
            (CallbackState::Pending, AttemptOutcome::RetryAt(at)) => Some(at),
            _ => None,
        };
        moves.push((id, new_state.code(), next_ms, None));
    }
    Ok(moves)
}

macro_rules! outbox_store {
    ($db:ty) => {
        #[async_trait]
        impl OutboxStore for SqlStorage<$db> {
            async fn claim_callbacks(&self, owner: &str, claim: &Claim) -> Result<Vec<CallbackJob>> {
                claim_due!(self, &self.writer, owner, claim)
            }

            async fn release_callbacks(&self, ids: &[i64], owner: &str) -> Result<()> {
                if ids.is_empty() {
                    return Ok(());
                }
                let sql = format!(
                    "UPDATE callbacks SET lease_until_ms = NULL, lease_owner = NULL WHERE lease_owner = {} AND id IN ({})",
                    self.dialect.params(1, 1),
                    self.dialect.params(2, ids.len())
                );
                let mut query = sqlx::query(&sql).bind(owner);
                for id in ids {
                    query = query.bind(*id);
                }
                query.execute(&self.writer).await?;
                Ok(())
            }

            async fn record_attempts(
                &self,
                owner: &str,
                attempts: &[RecordedAttempt],
                then_claim: Option<&Claim>,
            ) -> Result<Vec<CallbackJob>> {
                if attempts.is_empty() {
                    return match then_claim {
                        Some(claim) => self.claim_callbacks(owner, claim).await,
                        None => Ok(Vec::new()),
                    };
                }
                let d = self.dialect;
                let n = attempts.len();
                let mut tx = self.writer.begin_with(self.dialect.begin_write).await?;
                let sql = format!(
                    "INSERT INTO callback_attempts (callback_id, at_ms, http_status, error, latency_ms, response_excerpt, worker) \
                     VALUES {}",
                    d.value_rows(n, 7)
                );
                let mut insert = sqlx::query(&sql);
                for r in attempts {
                    let a = &r.attempt;
                    insert = insert
                        .bind(r.callback_id)
                        .bind(a.at_ms)
                        .bind(a.http_status)
                        .bind(a.error.clone())
                        .bind(a.latency_ms)
                        .bind(a.response_excerpt.clone())
                        .bind(a.worker.clone());
                }
                insert.execute(&mut *tx).await?;
                // Without the lease (it expired and another worker took the callback) only the
                // attempt is logged; the holder of the lease decides the state. A delivered
                // callback is delivered whatever its state was; only failed attempts need the
                // callback's state and whether later ones exist, read here.
                let failed: Vec<i64> =
                    attempts.iter().filter(|r| r.outcome != AttemptOutcome::Delivered).map(|r| r.callback_id).collect();
                let mut held = Vec::new();
                if !failed.is_empty() {
                    let sql = format!(
                        "SELECT c.id, c.state, c.kind, (SELECT COUNT(*) FROM callbacks l WHERE l.request_id = c.request_id AND l.id > c.id) \
                         FROM callbacks c WHERE c.lease_owner = {} AND c.id IN ({})",
                        d.params(1, 1),
                        d.params(2, failed.len())
                    );
                    let mut query = sqlx::query_as::<_, (i64, String, String, i64)>(&sql).bind(owner);
                    for id in &failed {
                        query = query.bind(*id);
                    }
                    held = query.fetch_all(&mut *tx).await?;
                }
                let moves = moves_after(attempts, held)?;
                if !moves.is_empty() {
                    // One statement for the batch: VALUES names its columns column1..column4 on
                    // both backends.
                    let sql = format!(
                        "UPDATE callbacks SET state = v.column2, attempts = attempts + 1, \
                           next_attempt_ms = COALESCE(v.column3, callbacks.next_attempt_ms), delivered_ms = v.column4, \
                           lease_until_ms = NULL, lease_owner = NULL \
                         FROM (VALUES {}) AS v WHERE callbacks.id = v.column1 AND callbacks.lease_owner = {}",
                        d.value_rows(moves.len(), 4),
                        d.params(moves.len() * 4 + 1, 1)
                    );
                    let mut update = sqlx::query(&sql);
                    for (id, state, next_ms, delivered_ms) in moves {
                        update = update.bind(id).bind(state).bind(next_ms).bind(delivered_ms);
                    }
                    update = update.bind(owner);
                    update.execute(&mut *tx).await?;
                }
                let jobs = match then_claim {
                    Some(claim) => claim_due!(self, &mut *tx, owner, claim)?,
                    None => Vec::new(),
                };
                tx.commit().await?;
                Ok(jobs)
            }

            async fn callbacks(&self, request_id: &str) -> Result<Vec<CallbackRecord>> {
                let rows: Vec<CallbackRow> = sqlx::query_as(
                    "SELECT id, kind, url, body, idempotency_key, state, next_attempt_ms, created_ms, delivered_ms \
                     FROM callbacks WHERE request_id = $1 ORDER BY id",
                )
                .bind(request_id)
                .fetch_all(&self.pool)
                .await?;
                let attempts: Vec<AttemptRow> = sqlx::query_as(
                    "SELECT a.callback_id, a.at_ms, a.http_status, a.error, a.latency_ms, a.response_excerpt, a.worker \
                     FROM callback_attempts a JOIN callbacks c ON c.id = a.callback_id WHERE c.request_id = $1 ORDER BY a.id",
                )
                .bind(request_id)
                .fetch_all(&self.pool)
                .await?;
                let mut records: Vec<CallbackRecord> = rows
                    .into_iter()
                    .map(|r| {
                        Ok(CallbackRecord {
                            id: r.id,
                            kind: CallbackKind::parse(&r.kind).ok_or_else(|| corrupt("callback kind", &r.kind))?,
                            url: r.url,
                            body: r.body,
                            idempotency_key: r.idempotency_key,
                            next_attempt_ms: (r.state == CallbackState::Pending.code()).then_some(r.next_attempt_ms),
                            state: CallbackState::parse(&r.state).ok_or_else(|| corrupt("callback state", &r.state))?,
                            attempts: Vec::new(),
                            created_ms: r.created_ms,
                            delivered_ms: r.delivered_ms,
                        })
                    })
                    .collect::<Result<_>>()?;
                for a in attempts {
                    if let Some(rec) = records.iter_mut().find(|r| r.id == a.callback_id) {
                        rec.attempts.push(a.into());
                    }
                }
                Ok(records)
            }

            async fn resend_callback(
                &self,
                request_id: &str,
                callback_id: i64,
                now_ms: i64,
                give_up_ms: i64,
                audit: Option<&AuditEntry>,
            ) -> Result<bool> {
                let mut tx = self.writer.begin_with(self.dialect.begin_write).await?;
                let done = sqlx::query(
                    "UPDATE callbacks SET state = $5, next_attempt_ms = $3, give_up_ms = $4 \
                     WHERE id = $1 AND request_id = $2 AND (lease_until_ms IS NULL OR lease_until_ms < $3)",
                )
                .bind(callback_id)
                .bind(request_id)
                .bind(now_ms)
                .bind(give_up_ms)
                .bind(CallbackState::Pending.code())
                .execute(&mut *tx)
                .await?;
                if done.rows_affected() != 1 {
                    return Ok(false);
                }
                if let Some(audit) = audit {
                    super::audit::insert_audit!(&mut *tx, audit);
                }
                tx.commit().await?;
                Ok(true)
            }

            async fn next_callback_due(&self) -> Result<Option<i64>> {
                let (due,): (Option<i64>,) =
                    sqlx::query_as("SELECT MIN(next_attempt_ms) FROM callbacks WHERE state = 'pending'")
                        .fetch_one(&self.pool)
                        .await?;
                Ok(due)
            }

            async fn failing_callbacks(&self, project_ids: &[String], limit: i64) -> Result<Vec<FailingCallback>> {
                if project_ids.is_empty() {
                    return Ok(Vec::new());
                }
                // The states as literals: a partial index is used only for a condition it can
                // see (callbacks_due for pending, callbacks_abandoned for abandoned).
                let projects = (0..project_ids.len()).map(|i| format!("${}", i + 2)).collect::<Vec<_>>().join(", ");
                let part = |state: &str, more: &str| {
                    format!(
                        "SELECT c.id, c.request_id, p.payment_id, c.kind, c.url, c.state, c.attempts, c.next_attempt_ms \
                         FROM callbacks c JOIN payments p ON p.request_id = c.request_id \
                         WHERE c.state = '{state}'{more} AND c.project_id IN ({projects})"
                    )
                };
                let sql = format!(
                    "SELECT * FROM ({} UNION ALL {}) f ORDER BY f.id DESC LIMIT $1",
                    part(CallbackState::Pending.code(), " AND c.attempts > 0"),
                    part(CallbackState::Abandoned.code(), ""),
                );
                let mut query = sqlx::query_as::<_, FailingRow>(&sql).bind(limit);
                for id in project_ids {
                    query = query.bind(id);
                }
                let rows = query.fetch_all(&self.pool).await?;
                if rows.is_empty() {
                    return Ok(Vec::new());
                }
                let ids = (0..rows.len()).map(|i| format!("${}", i + 1)).collect::<Vec<_>>().join(", ");
                let sql = format!(
                    "SELECT a.callback_id, a.at_ms, a.http_status, a.error, a.latency_ms, a.response_excerpt, a.worker \
                     FROM callback_attempts a WHERE a.callback_id IN ({ids}) ORDER BY a.id"
                );
                let mut query = sqlx::query_as::<_, AttemptRow>(&sql);
                for r in &rows {
                    query = query.bind(r.id);
                }
                let mut last: std::collections::HashMap<i64, Attempt> = Default::default();
                for a in query.fetch_all(&self.pool).await? {
                    last.insert(a.callback_id, a.into());
                }
                rows.into_iter()
                    .map(|r| {
                        let state = CallbackState::parse(&r.state).ok_or_else(|| corrupt("callback state", &r.state))?;
                        Ok(FailingCallback {
                            kind: CallbackKind::parse(&r.kind).ok_or_else(|| corrupt("callback kind", &r.kind))?,
                            next_attempt_ms: (state == CallbackState::Pending).then_some(r.next_attempt_ms),
                            last_attempt: last.remove(&r.id),
                            id: r.id,
                            request_id: r.request_id,
                            payment_id: r.payment_id,
                            url: r.url,
                            state,
                            attempts: r.attempts,
                        })
                    })
                    .collect()
            }
        }
    };
}

#[derive(sqlx_macros::FromRow)]
struct FailingRow {
    id: i64,
    request_id: String,
    payment_id: String,
    kind: String,
    url: String,
    state: String,
    attempts: i64,
    next_attempt_ms: i64,
}

outbox_store!(Sqlite);
outbox_store!(Postgres);

#[cfg(test)]
mod tests {
    use super::*;

    /// The statements that write 'pending' instead of binding it name the state it is.
    #[test]
    fn the_pending_constant_is_the_pending_state() {
        assert_eq!(CallbackState::Pending.code(), PENDING);
        assert_eq!(CallbackState::parse("pending"), Some(CallbackState::Pending));
    }

    /// How many times SQLite prepared `sql` again over three runs with the same values.
    fn reprepares(db: &rusqlite::Connection, sql: &str, params: &[(&str, &dyn rusqlite::ToSql)]) -> i32 {
        let mut statement = db.prepare(sql).unwrap();
        for _ in 0..3 {
            let mut rows = statement.query(params).unwrap();
            while rows.next().unwrap().is_some() {}
        }
        statement.get_status(rusqlite::StatementStatus::RePrepare)
    }

    /// The claim runs for every batch of deliveries: prepared once, not recompiled each time
    /// because a bound state is compared with the partial index's (a fifth of the SQLite
    /// writer's time in the callback bench).
    #[tokio::test]
    async fn the_claim_is_not_prepared_again_on_every_run() {
        let dir = tempfile::tempdir().unwrap();
        let url = format!("sqlite://{}/kassa.db", dir.path().display());
        let vault = std::sync::Arc::new(crate::crypto::vault::Vault::with_key([7; 32]));
        let _storage = super::super::sqlite::open(&url, vault).await.unwrap();
        let db = rusqlite::Connection::open(dir.path().join("kassa.db")).unwrap();
        // What SQLite does with a bound state (the statements before this change).
        let bound = "SELECT MIN(next_attempt_ms) FROM callbacks WHERE state = $1";
        assert!(reprepares(&db, bound, &[("$1", &PENDING)]) >= 2);
        let written = "SELECT MIN(next_attempt_ms) FROM callbacks WHERE state = 'pending'";
        assert_eq!(reprepares(&db, written, &[]), 0);
        let claim = claim_sql(super::super::sqlite::DIALECT);
        let (now, lease, owner, limit, cap) = (1_000i64, 2_000i64, "w", 8i64, 64i64);
        let params: [(&str, &dyn rusqlite::ToSql); 6] =
            [("$1", &now), ("$2", &lease), ("$3", &owner), ("$4", &limit), ("$5", &cap), ("$6", &cap)];
        assert_eq!(reprepares(&db, &claim, &params), 0);
    }
}
