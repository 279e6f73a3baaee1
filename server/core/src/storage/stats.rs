//! The dashboards' figures on SQL: payins grouped per day, country, method and currency,
//! live or rolled up per day.

use async_trait::async_trait;
use sqlx::{Postgres, Sqlite};
use sqlx_macros::FromRow;

use super::sql::SqlStorage;
use crate::domain::ports::{StatsStore, StoreResult as Result};
use crate::domain::stats::{DAY_MS, GroupStats, MEDIAN_SAMPLE};
use crate::domain::transfer::RequisiteDay;

#[derive(FromRow)]
struct GroupRow {
    /// Empty unless grouped by project.
    project_id: String,
    day_ms: i64,
    country: String,
    method: String,
    currency: String,
    count: i64,
    volume: Option<i64>,
    got_requisites: Option<i64>,
    success: Option<i64>,
    expired: Option<i64>,
    disputed: Option<i64>,
    open_count: Option<i64>,
}

impl From<GroupRow> for GroupStats {
    fn from(r: GroupRow) -> Self {
        GroupStats {
            day_ms: r.day_ms,
            country: r.country,
            method: r.method,
            currency: r.currency,
            count: r.count,
            volume: r.volume.unwrap_or(0),
            got_requisites: r.got_requisites.unwrap_or(0),
            success: r.success.unwrap_or(0),
            expired: r.expired.unwrap_or(0),
            disputed: r.disputed.unwrap_or(0),
            open: r.open_count.unwrap_or(0),
        }
    }
}

/// `AND p.project_id IN ($n, ...)` for a merchant's projects (numbered from `first`).
fn project_scope(projects: Option<&[String]>, first: usize) -> String {
    match projects {
        None => String::new(),
        Some([]) => " AND 1 = 0".to_string(),
        Some(ids) => {
            let marks = (first..first + ids.len()).map(|i| format!("${i}")).collect::<Vec<_>>().join(", ");
            format!(" AND p.project_id IN ({marks})")
        }
    }
}

macro_rules! stats_store {
    ($db:ty) => {
        impl SqlStorage<$db> {
            /// Payins of `[from_ms, to_ms)` (of these projects, when given) per UTC day,
            /// country, method and currency, and per project when `by_project` (otherwise the
            /// project is empty).
            async fn grouped_payins(
                &self,
                from_ms: i64,
                to_ms: i64,
                projects: Option<&[String]>,
                expired_description: &str,
                by_project: bool,
            ) -> Result<Vec<(String, GroupStats)>> {
                let (project, group_project) = if by_project { ("p.project_id", "p.project_id, ") } else { ("''", "") };
                let scope = project_scope(projects, 4);
                // Without the project, every column read here is in the index payments_created:
                // a range scan of the index answers it without visiting the rows.
                let sql = format!(
                    "SELECT {project} AS project_id, CAST(p.created_ms / 86400000 AS BIGINT) * 86400000 AS day_ms, \
                       p.country, COALESCE(p.method, p.widget_method, '') AS method, p.currency, \
                       COUNT(*) AS count, \
                       CAST(SUM(CASE WHEN p.status = 'success' THEN p.amount ELSE 0 END) AS BIGINT) AS volume, \
                       CAST(SUM(CASE WHEN p.requisite_id IS NOT NULL THEN 1 ELSE 0 END) AS BIGINT) AS got_requisites, \
                       CAST(SUM(CASE WHEN p.status = 'success' THEN 1 ELSE 0 END) AS BIGINT) AS success, \
                       CAST(SUM(CASE WHEN p.status = 'decline' AND p.status_description = $3 THEN 1 ELSE 0 END) AS BIGINT) AS expired, \
                       CAST(0 AS BIGINT) AS disputed, \
                       CAST(SUM(CASE WHEN p.status IN ('success', 'decline') THEN 0 ELSE 1 END) AS BIGINT) AS open_count \
                     FROM payments p WHERE p.created_ms >= $1 AND p.created_ms < $2 AND p.payment_type = 'payin' {scope} \
                     GROUP BY {group_project}CAST(p.created_ms / 86400000 AS BIGINT), p.country, \
                       COALESCE(p.method, p.widget_method, ''), p.currency ORDER BY count DESC"
                );
                let mut q = sqlx::query_as::<_, GroupRow>(&sql).bind(from_ms).bind(to_ms).bind(expired_description);
                for p in projects.unwrap_or_default() {
                    q = q.bind(p);
                }
                let mut groups: Vec<(String, GroupStats)> = q
                    .fetch_all(&self.pool)
                    .await?
                    .into_iter()
                    .map(|r| (r.project_id.clone(), GroupStats::from(r)))
                    .collect();
                // Disputes are few: found from their history rows (a partial index), then
                // counted against the period's payins.
                let scope = project_scope(projects, 3);
                let disputes_sql = format!(
                    "SELECT {project} AS project_id, CAST(p.created_ms / 86400000 AS BIGINT) * 86400000 AS day_ms, \
                       p.country, COALESCE(p.method, p.widget_method, '') AS method, p.currency, \
                       COUNT(DISTINCT p.request_id) AS disputed \
                     FROM payment_status_history h JOIN payments p ON p.request_id = h.request_id \
                     WHERE h.status = 'dispute' AND h.at_ms >= $1 AND p.created_ms >= $1 AND p.created_ms < $2 \
                       AND p.payment_type = 'payin' {scope} \
                     GROUP BY {group_project}CAST(p.created_ms / 86400000 AS BIGINT), p.country, \
                       COALESCE(p.method, p.widget_method, ''), p.currency"
                );
                let mut q = sqlx::query_as::<_, (String, i64, String, String, String, i64)>(&disputes_sql)
                    .bind(from_ms)
                    .bind(to_ms);
                for p in projects.unwrap_or_default() {
                    q = q.bind(p);
                }
                for (project_id, day_ms, country, method, currency, disputed) in q.fetch_all(&self.pool).await? {
                    if let Some((_, g)) = groups.iter_mut().find(|(p, g)| {
                        *p == project_id
                            && g.day_ms == day_ms
                            && g.country == country
                            && g.method == method
                            && g.currency == currency
                    }) {
                        g.disputed = disputed;
                    }
                }
                Ok(groups)
            }
        }

        #[async_trait]
        impl StatsStore for SqlStorage<$db> {
            async fn payin_groups(
                &self,
                from_ms: i64,
                to_ms: i64,
                projects: Option<&[String]>,
                expired_description: &str,
            ) -> Result<Vec<GroupStats>> {
                Ok(self
                    .grouped_payins(from_ms, to_ms, projects, expired_description, false)
                    .await?
                    .into_iter()
                    .map(|(_, g)| g)
                    .collect())
            }

            async fn roll_up_day(&self, day_ms: i64, expired_description: &str, now_ms: i64) -> Result<()> {
                // Read on the reading pool, so the writer is held only for the short upsert.
                let groups = self.grouped_payins(day_ms, day_ms + DAY_MS, None, expired_description, true).await?;
                let mut tx = self.writer.begin_with(self.dialect.begin_write).await?;
                for (project_id, g) in &groups {
                    sqlx::query(
                        "INSERT INTO payin_day_groups (day_ms, project_id, country, method, currency, count, volume, \
                           got_requisites, success, expired, disputed, open_count, computed_ms) \
                         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13) \
                         ON CONFLICT (day_ms, project_id, country, method, currency) DO UPDATE SET \
                           count = excluded.count, volume = excluded.volume, got_requisites = excluded.got_requisites, \
                           success = excluded.success, expired = excluded.expired, disputed = excluded.disputed, \
                           open_count = excluded.open_count, computed_ms = excluded.computed_ms",
                    )
                    .bind(day_ms)
                    .bind(project_id)
                    .bind(&g.country)
                    .bind(&g.method)
                    .bind(&g.currency)
                    .bind(g.count)
                    .bind(g.volume)
                    .bind(g.got_requisites)
                    .bind(g.success)
                    .bind(g.expired)
                    .bind(g.disputed)
                    .bind(g.open)
                    .bind(now_ms)
                    .execute(&mut *tx)
                    .await?;
                }
                // Groups no payment of the day falls in any more (a widget payment's method chosen).
                sqlx::query("DELETE FROM payin_day_groups WHERE day_ms = $1 AND computed_ms < $2")
                    .bind(day_ms)
                    .bind(now_ms)
                    .execute(&mut *tx)
                    .await?;
                sqlx::query(
                    "INSERT INTO payin_days (day_ms, computed_ms) VALUES ($1, $2) \
                     ON CONFLICT (day_ms) DO UPDATE SET computed_ms = excluded.computed_ms",
                )
                .bind(day_ms)
                .bind(now_ms)
                .execute(&mut *tx)
                .await?;
                tx.commit().await?;
                Ok(())
            }

            async fn rolled_up(
                &self,
                from_ms: i64,
                to_ms: i64,
                projects: Option<&[String]>,
            ) -> Result<(Vec<GroupStats>, Vec<(i64, i64)>)> {
                let scope = project_scope(projects, 3);
                let sql = format!(
                    "SELECT '' AS project_id, p.day_ms, p.country, p.method, p.currency, \
                       CAST(SUM(p.count) AS BIGINT) AS count, CAST(SUM(p.volume) AS BIGINT) AS volume, \
                       CAST(SUM(p.got_requisites) AS BIGINT) AS got_requisites, CAST(SUM(p.success) AS BIGINT) AS success, \
                       CAST(SUM(p.expired) AS BIGINT) AS expired, CAST(SUM(p.disputed) AS BIGINT) AS disputed, \
                       CAST(SUM(p.open_count) AS BIGINT) AS open_count \
                     FROM payin_day_groups p WHERE p.day_ms >= $1 AND p.day_ms < $2 {scope} \
                     GROUP BY p.day_ms, p.country, p.method, p.currency"
                );
                let mut q = sqlx::query_as::<_, GroupRow>(&sql).bind(from_ms).bind(to_ms);
                for p in projects.unwrap_or_default() {
                    q = q.bind(p);
                }
                let groups = q.fetch_all(&self.pool).await?.into_iter().map(GroupStats::from).collect();
                let days = sqlx::query_as::<_, (i64, i64)>(
                    "SELECT day_ms, computed_ms FROM payin_days WHERE day_ms >= $1 AND day_ms < $2 ORDER BY day_ms",
                )
                .bind(from_ms)
                .bind(to_ms)
                .fetch_all(&self.pool)
                .await?;
                Ok((groups, days))
            }

            async fn forget_rolled_up_before(&self, day_ms: i64) -> Result<()> {
                let mut tx = self.writer.begin_with(self.dialect.begin_write).await?;
                sqlx::query("DELETE FROM payin_day_groups WHERE day_ms < $1").bind(day_ms).execute(&mut *tx).await?;
                sqlx::query("DELETE FROM payin_days WHERE day_ms < $1").bind(day_ms).execute(&mut *tx).await?;
                tx.commit().await?;
                Ok(())
            }

            async fn requisite_days(&self, from_ms: i64, to_ms: i64) -> Result<Vec<RequisiteDay>> {
                let rows: Vec<(String, i64, String, i64, i64)> = sqlx::query_as(
                    "SELECT requisite_id, CAST(created_ms / 86400000 AS BIGINT) * 86400000, currency, COUNT(*), \
                       CAST(SUM(CASE WHEN status = 'success' THEN amount ELSE 0 END) AS BIGINT) \
                     FROM payments WHERE requisite_id IS NOT NULL AND created_ms >= $1 AND created_ms < $2 \
                       AND payment_type = 'payin' \
                     GROUP BY requisite_id, CAST(created_ms / 86400000 AS BIGINT), currency",
                )
                .bind(from_ms)
                .bind(to_ms)
                .fetch_all(&self.pool)
                .await?;
                Ok(rows
                    .into_iter()
                    .map(|(requisite_id, day_ms, currency, count, amount)| RequisiteDay {
                        requisite_id,
                        day_ms,
                        currency,
                        count,
                        amount,
                    })
                    .collect())
            }

            async fn payin_durations(
                &self,
                from_ms: i64,
                to_ms: i64,
                projects: Option<&[String]>,
            ) -> Result<(Vec<i64>, Vec<i64>)> {
                let scope = project_scope(projects, 3);
                let requisites_sql = format!(
                    "SELECT CAST((SELECT MIN(h.at_ms) FROM payment_status_history h WHERE h.request_id = p.request_id \
                       AND h.sub_status = 'awaiting_confirm') - p.created_ms AS BIGINT) \
                     FROM payments p WHERE p.created_ms >= $1 AND p.created_ms < $2 AND p.payment_type = 'payin' \
                       AND p.requisite_id IS NOT NULL {scope} ORDER BY p.created_ms DESC LIMIT {MEDIAN_SAMPLE}"
                );
                let success_sql = format!(
                    "SELECT CAST(p.updated_ms - p.created_ms AS BIGINT) FROM payments p \
                     WHERE p.created_ms >= $1 AND p.created_ms < $2 AND p.payment_type = 'payin' AND p.status = 'success' {scope} \
                     ORDER BY p.created_ms DESC LIMIT {MEDIAN_SAMPLE}"
                );
                let mut out = Vec::new();
                for sql in [requisites_sql, success_sql] {
                    let mut q = sqlx::query_scalar::<_, Option<i64>>(&sql).bind(from_ms).bind(to_ms);
                    for p in projects.unwrap_or_default() {
                        q = q.bind(p);
                    }
                    out.push(q.fetch_all(&self.pool).await?.into_iter().flatten().filter(|d| *d >= 0).collect());
                }
                let success = out.pop().unwrap_or_default();
                let requisites = out.pop().unwrap_or_default();
                Ok((requisites, success))
            }
        }
    };
}

stats_store!(Sqlite);
stats_store!(Postgres);
