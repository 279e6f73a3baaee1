//! Sessions of the consoles, stored in the service's database (either backend) so they survive
//! restarts and work across processes. Kassa's own tower-sessions store, because the consoles
//! need what a generic store does not give:
//! - the session id is stored as its SHA-256 only: a database read gives no cookie to replay;
//! - saving never creates a row (only `create` does): a request still in flight when its session
//!   logs out cannot bring the session back (logout wins);
//! - an absolute lifetime besides the idle one;
//! - each row names its user (audience and login), so disabling a user or changing a password
//!   ends that user's sessions in the same transaction (`storage/users.rs`).

use async_trait::async_trait;
use tower_sessions::cookie::time::OffsetDateTime;
use tower_sessions::session::{Id, Record};
use tower_sessions::session_store::{self, SessionStore};

use super::SessionPool;
use super::sql::now_ms;

#[derive(Clone, Debug)]
pub struct Sessions {
    reads: SessionPool,
    /// On SQLite the one writer connection: a session written on another connection would
    /// commit between a writer transaction's read and its write, and SQLite fails that write
    /// at once as busy (a console action answered "could not be saved").
    writes: SessionPool,
    /// A session ends this long after its login, however active.
    max_age_ms: i64,
}

/// The stored form of a session id: its SHA-256, hex (the domain's rule, so a person's list of
/// sessions can mark the one they use).
pub fn id_hash(id: &Id) -> String {
    crate::domain::users::session_key(&id.to_string())
}

/// The user a session's values name (`console.user`: audience and login), if any.
fn user_of(record: &Record) -> (Option<String>, Option<String>) {
    let user = record.data.get("console.user");
    let field = |name: &str| user.and_then(|u| u.get(name)).and_then(|v| v.as_str()).map(str::to_string);
    (field("audience"), field("login"))
}

fn backend(e: impl std::fmt::Display) -> session_store::Error {
    session_store::Error::Backend(e.to_string())
}

fn expiry_ms(record: &Record) -> i64 {
    record.expiry_date.unix_timestamp().saturating_mul(1000)
}

/// Runs the same statement on whichever backend the pool is.
macro_rules! on_pool {
    ($pool_of:expr, |$pool:ident| $body:expr) => {
        match &$pool_of {
            SessionPool::Sqlite($pool) => $body,
            SessionPool::Postgres($pool) => $body,
        }
    };
}

impl Sessions {
    /// Sessions over `pool`, ending 12 hours after their login unless told otherwise.
    pub fn new(pool: SessionPool) -> Self {
        Sessions { reads: pool.clone(), writes: pool, max_age_ms: 12 * 3_600_000 }
    }

    /// Sessions read through `reads` and written through `writes`.
    pub fn split(reads: SessionPool, writes: SessionPool) -> Self {
        Sessions { writes, ..Sessions::new(reads) }
    }

    /// The absolute lifetime: a session ends `max_age_s` after its login, however active.
    pub fn with_max_age(self, max_age_s: u64) -> Self {
        Sessions { max_age_ms: (max_age_s.min(i64::MAX as u64 / 1000) as i64) * 1000, ..self }
    }

    /// Sessions created before this are over (the absolute lifetime).
    fn born_after(&self) -> i64 {
        now_ms() - self.max_age_ms
    }

    /// Deletes sessions past their idle or absolute end, every hour.
    pub async fn clean_expired(self) {
        let mut every = tokio::time::interval(tokio::time::Duration::from_secs(3600));
        loop {
            every.tick().await;
            let (now, born_after) = (now_ms(), self.born_after());
            let sql = "DELETE FROM console_sessions WHERE expiry_ms <= $1 OR created_ms <= $2";
            let done =
                on_pool!(self.writes, |p| sqlx::query(sql).bind(now).bind(born_after).execute(p).await.map(|_| ()));
            if let Err(e) = done {
                tracing::warn!(error = %e, "session clean-up failed");
            }
        }
    }
}

#[async_trait]
impl SessionStore for Sessions {
    async fn create(&self, record: &mut Record) -> session_store::Result<()> {
        let (audience, login) = user_of(record);
        let data = serde_json::to_string(&record.data).map_err(backend)?;
        let now = now_ms();
        // An id already taken (a 2^-128 chance) is drawn again, never overwritten.
        loop {
            let sql = "INSERT INTO console_sessions (id_hash, audience, login, data, created_ms, seen_ms, expiry_ms) \
                       VALUES ($1, $2, $3, $4, $5, $5, $6) ON CONFLICT (id_hash) DO NOTHING";
            let hash = id_hash(&record.id);
            let expiry = expiry_ms(record);
            let inserted = on_pool!(self.writes, |p| sqlx::query(sql)
                .bind(&hash)
                .bind(&audience)
                .bind(&login)
                .bind(&data)
                .bind(now)
                .bind(expiry)
                .execute(p)
                .await
                .map(|r| r.rows_affected()))
            .map_err(backend)?;
            if inserted == 1 {
                return Ok(());
            }
            record.id = Id::default();
        }
    }

    /// Updates a live session; one that ended (logged out, expired, ended by its user or an
    /// administrator) stays ended.
    async fn save(&self, record: &Record) -> session_store::Result<()> {
        let (audience, login) = user_of(record);
        let data = serde_json::to_string(&record.data).map_err(backend)?;
        let sql = "UPDATE console_sessions SET audience = $2, login = $3, data = $4, seen_ms = $5, expiry_ms = $6 \
                   WHERE id_hash = $1 AND created_ms > $7";
        let (hash, now, expiry, born_after) = (id_hash(&record.id), now_ms(), expiry_ms(record), self.born_after());
        on_pool!(self.writes, |p| sqlx::query(sql)
            .bind(&hash)
            .bind(&audience)
            .bind(&login)
            .bind(&data)
            .bind(now)
            .bind(expiry)
            .bind(born_after)
            .execute(p)
            .await
            .map(|_| ()))
        .map_err(backend)
    }

    async fn load(&self, id: &Id) -> session_store::Result<Option<Record>> {
        let sql =
            "SELECT data, expiry_ms FROM console_sessions WHERE id_hash = $1 AND expiry_ms > $2 AND created_ms > $3";
        let (hash, now, born_after) = (id_hash(id), now_ms(), self.born_after());
        let row: Option<(String, i64)> = on_pool!(self.reads, |p| sqlx::query_as(sql)
            .bind(&hash)
            .bind(now)
            .bind(born_after)
            .fetch_optional(p)
            .await)
        .map_err(backend)?;
        let Some((data, expiry)) = row else { return Ok(None) };
        let expiry_date = OffsetDateTime::from_unix_timestamp(expiry / 1000).map_err(backend)?;
        Ok(Some(Record { id: *id, data: serde_json::from_str(&data).map_err(backend)?, expiry_date }))
    }

    async fn delete(&self, id: &Id) -> session_store::Result<()> {
        let hash = id_hash(id);
        on_pool!(self.writes, |p| sqlx::query("DELETE FROM console_sessions WHERE id_hash = $1")
            .bind(&hash)
            .execute(p)
            .await
            .map(|_| ()))
        .map_err(backend)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_stored_id_is_a_digest_not_the_cookie() {
        let id = Id(42);
        let hash = id_hash(&id);
        assert_eq!(hash.len(), 64);
        assert!(!hash.contains(&id.to_string()));
        assert_eq!(hash, id_hash(&Id(42)), "the same id finds its row");
        assert_ne!(hash, id_hash(&Id(43)));
    }

    #[test]
    fn a_session_names_its_user() {
        let mut record = Record { id: Id(1), data: Default::default(), expiry_date: OffsetDateTime::UNIX_EPOCH };
        assert_eq!(user_of(&record), (None, None));
        record
            .data
            .insert("console.user".into(), serde_json::json!({"audience": "operator", "login": "alice", "csrf": "x"}));
        assert_eq!(user_of(&record), (Some("operator".into()), Some("alice".into())));
    }
}
