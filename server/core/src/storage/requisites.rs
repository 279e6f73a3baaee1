//! The requisites port on SQL: the pool, and candidates for a payment with the amounts each
//! already holds.

use async_trait::async_trait;
use sqlx::{Postgres, Sqlite};

use super::audit::insert_audit;
use super::rows::{CandidateRow, REQUISITE_SELECT, RequisiteRow};
use super::sql::SqlStorage;
use crate::domain::audit::AuditEntry;
use crate::domain::ports::{RequisiteStore, StoreResult as Result};
use crate::domain::requisite::{Candidate, Requisite, RequisiteQuery};

macro_rules! requisite_store {
    ($db:ty) => {
        #[async_trait]
        impl RequisiteStore for SqlStorage<$db> {
            async fn insert_requisite(&self, r: &Requisite, audit: Option<&AuditEntry>) -> Result<()> {
                let mut tx = self.writer.begin_with(self.dialect.begin_write).await?;
                sqlx::query(
                    "INSERT INTO requisites (id, country, currency, pan, card_holder, bank_symbol, bank_name, bank_country, \
                       min_amount, max_amount, payment_system, extra_param, active, last_used_ms, created_ms, \
                       statement_account, bank_code, correspondent_account) \
                     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18)",
                )
                .bind(&r.id)
                .bind(&r.country)
                .bind(&r.currency)
                .bind(&r.pan)
                .bind(&r.card_holder)
                .bind(&r.bank_symbol)
                .bind(&r.bank_name)
                .bind(&r.bank_country)
                .bind(r.min_amount)
                .bind(r.max_amount)
                .bind(&r.payment_system)
                .bind(&r.extra_param)
                .bind(r.active)
                .bind(r.last_used_ms)
                .bind(r.created_ms)
                .bind(&r.statement_account)
                .bind(&r.bank_code)
                .bind(&r.correspondent_account)
                .execute(&mut *tx)
                .await?;
                for method in &r.methods {
                    sqlx::query("INSERT INTO requisite_methods (method, requisite_id) VALUES ($1, $2) ON CONFLICT DO NOTHING")
                        .bind(method)
                        .bind(&r.id)
                        .execute(&mut *tx)
                        .await?;
                }
                if let Some(audit) = audit {
                    insert_audit!(&mut *tx, audit);
                }
                tx.commit().await?;
                Ok(())
            }

            async fn requisites(&self) -> Result<Vec<Requisite>> {
                let sql = format!("{REQUISITE_SELECT} ORDER BY r.created_ms, r.id");
                let rows: Vec<RequisiteRow> = sqlx::query_as(&sql).fetch_all(&self.pool).await?;
                Ok(rows.into_iter().map(Requisite::from).collect())
            }

            async fn requisite(&self, id: &str) -> Result<Option<Requisite>> {
                let sql = format!("{REQUISITE_SELECT} WHERE r.id = $1");
                let row: Option<RequisiteRow> = sqlx::query_as(&sql).bind(id).fetch_optional(&self.pool).await?;
                Ok(row.map(Requisite::from))
            }

            async fn requisite_by_account(&self, account: &str) -> Result<Option<Requisite>> {
                let sql = format!(
                    "{REQUISITE_SELECT} WHERE r.pan = $1 OR r.statement_account = $1 ORDER BY r.active DESC, r.created_ms LIMIT 1"
                );
                let row: Option<RequisiteRow> = sqlx::query_as(&sql).bind(account).fetch_optional(&self.pool).await?;
                Ok(row.map(Requisite::from))
            }

            async fn requisite_ids_ending(&self, digits: &str) -> Result<Vec<String>> {
                // The pool is hundreds of rows, not millions: a scan is cheaper than an index
                // on reversed numbers. Only digits reach the pattern.
                let digits: String = digits.chars().filter(char::is_ascii_digit).collect();
                let ids: Vec<(String,)> = sqlx::query_as("SELECT id FROM requisites WHERE pan LIKE $1 ORDER BY id")
                    .bind(format!("%{digits}"))
                    .fetch_all(&self.pool)
                    .await?;
                Ok(ids.into_iter().map(|(id,)| id).collect())
            }

            async fn set_requisite_active(&self, id: &str, active: bool, audit: Option<&AuditEntry>) -> Result<bool> {
                let mut tx = self.writer.begin_with(self.dialect.begin_write).await?;
                let done = sqlx::query("UPDATE requisites SET active = $2 WHERE id = $1")
                    .bind(id)
                    .bind(active)
                    .execute(&mut *tx)
                    .await?;
                if done.rows_affected() != 1 {
                    return Ok(false);
                }
                if let Some(audit) = audit {
                    insert_audit!(&mut *tx, audit);
                }
                tx.commit().await?;
                Ok(true)
            }

            async fn requisite_usage(&self, since_ms: i64) -> Result<Vec<(String, i64, i64)>> {
                // Open holds are the rows of the partial unique index on requisite_hold
                // ("{requisite_id}:{amount}"); the turnover comes from the covering index on
                // created_ms, which carries requisite_id, status and amount.
                let holds: Vec<(String,)> =
                    sqlx::query_as("SELECT requisite_hold FROM payments WHERE requisite_hold IS NOT NULL")
                        .fetch_all(&self.pool)
                        .await?;
                let turnover: Vec<(String, i64)> = sqlx::query_as(
                    "SELECT requisite_id, CAST(SUM(amount) AS BIGINT) FROM payments \
                     WHERE created_ms >= $1 AND requisite_id IS NOT NULL AND status = 'success' GROUP BY requisite_id",
                )
                .bind(since_ms)
                .fetch_all(&self.pool)
                .await?;
                let mut usage: std::collections::BTreeMap<String, (i64, i64)> = Default::default();
                for (hold,) in holds {
                    if let Some((id, _)) = hold.rsplit_once(':') {
                        usage.entry(id.to_string()).or_default().0 += 1;
                    }
                }
                for (id, amount) in turnover {
                    usage.entry(id).or_default().1 += amount;
                }
                Ok(usage.into_iter().map(|(id, (open, turnover))| (id, open, turnover)).collect())
            }

            async fn set_requisite_limits(
                &self,
                id: &str,
                min_amount: Option<i64>,
                max_amount: Option<i64>,
                audit: Option<&AuditEntry>,
            ) -> Result<bool> {
                let mut tx = self.writer.begin_with(self.dialect.begin_write).await?;
                let done = sqlx::query("UPDATE requisites SET min_amount = $2, max_amount = $3 WHERE id = $1")
                    .bind(id)
                    .bind(min_amount)
                    .bind(max_amount)
                    .execute(&mut *tx)
                    .await?;
                if done.rows_affected() != 1 {
                    return Ok(false);
                }
                if let Some(audit) = audit {
                    insert_audit!(&mut *tx, audit);
                }
                tx.commit().await?;
                Ok(true)
            }

            async fn requisite_candidates(&self, q: &RequisiteQuery) -> Result<Vec<Candidate>> {
                // Holds are "{requisite_id}:{amount}": the ones of a requisite are the range
                // between "{id}:" and "{id};" of the unique index.
                let sql = format!(
                    "SELECT c.*, (SELECT COALESCE(STRING_AGG(SUBSTR(p.requisite_hold, LENGTH(c.id) + 2), ','), '') \
                       FROM payments p WHERE p.requisite_hold >= c.id || ':' AND p.requisite_hold < c.id || ';') AS held \
                     FROM ({REQUISITE_SELECT} WHERE r.active AND r.country = $1 AND r.currency = $2 \
                       AND EXISTS (SELECT 1 FROM requisite_methods m WHERE m.requisite_id = r.id AND m.method IN ($3, $4)) \
                       AND ($5 IS NULL OR r.bank_symbol = $5) \
                       AND ($6 IS NULL OR r.payment_system = $6) \
                       AND (r.extra_param IS NULL OR r.extra_param = $7) \
                     ORDER BY r.last_used_ms, r.created_ms LIMIT 50) c"
                );
                let first = q.method_codes.first().copied().unwrap_or_default();
                let second = q.method_codes.get(1).copied().unwrap_or(first);
                let rows: Vec<CandidateRow> = sqlx::query_as(&sql)
                    .bind(&q.country)
                    .bind(&q.currency)
                    .bind(first)
                    .bind(second)
                    .bind(&q.bank_symbol)
                    .bind(&q.payment_system)
                    .bind(&q.extra_param)
                    .fetch_all(&self.pool)
                    .await?;
                Ok(rows
                    .into_iter()
                    .map(|r| Candidate {
                        held_amounts: r.held.split(',').filter_map(|a| a.parse().ok()).collect(),
                        requisite: r.requisite.into(),
                    })
                    .collect())
            }
        }
    };
}

requisite_store!(Sqlite);
requisite_store!(Postgres);
