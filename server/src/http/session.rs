//! Sessions of the hosted page, stored in the service's database (either backend) so they
//! survive restarts and work across processes. They hold the CSRF token and one-time notices.

use async_trait::async_trait;
use subtle::ConstantTimeEq;
use tower_sessions::session::{Id, Record};
use tower_sessions::session_store::{self, ExpiredDeletion, SessionStore};
use tower_sessions::{Expiry, Session, SessionManagerLayer, cookie::SameSite};
use tower_sessions_sqlx_store::{PostgresStore, SqliteStore};

use crate::storage::SessionPool;

#[derive(Clone, Debug)]
pub enum Store {
    Sqlite(SqliteStore),
    Postgres(PostgresStore),
}

impl Store {
    pub fn new(pool: SessionPool) -> Self {
        match pool {
            SessionPool::Sqlite(p) => Store::Sqlite(SqliteStore::new(p)),
            SessionPool::Postgres(p) => Store::Postgres(PostgresStore::new(p)),
        }
    }

    /// Deletes expired sessions every hour.
    pub async fn clean_expired(self) {
        let every = tokio::time::Duration::from_secs(3600);
        let result = match self {
            Store::Sqlite(s) => s.continuously_delete_expired(every).await,
            Store::Postgres(s) => s.continuously_delete_expired(every).await,
        };
        if let Err(e) = result {
            tracing::warn!(error = %e, "session clean-up stopped");
        }
    }
}

#[async_trait]
impl SessionStore for Store {
    async fn create(&self, record: &mut Record) -> session_store::Result<()> {
        match self {
            Store::Sqlite(s) => s.create(record).await,
            Store::Postgres(s) => s.create(record).await,
        }
    }

    async fn save(&self, record: &Record) -> session_store::Result<()> {
        match self {
            Store::Sqlite(s) => s.save(record).await,
            Store::Postgres(s) => s.save(record).await,
        }
    }

    async fn load(&self, id: &Id) -> session_store::Result<Option<Record>> {
        match self {
            Store::Sqlite(s) => s.load(id).await,
            Store::Postgres(s) => s.load(id).await,
        }
    }

    async fn delete(&self, id: &Id) -> session_store::Result<()> {
        match self {
            Store::Sqlite(s) => s.delete(id).await,
            Store::Postgres(s) => s.delete(id).await,
        }
    }
}

pub fn layer(store: Store, secure: bool) -> SessionManagerLayer<Store> {
    SessionManagerLayer::new(store)
        .with_name("kassa_session")
        .with_http_only(true)
        .with_same_site(SameSite::Lax)
        .with_secure(secure)
        .with_expiry(Expiry::OnInactivity(tower_sessions::cookie::time::Duration::hours(12)))
}

const CSRF: &str = "csrf";

/// The session's CSRF token, created on first use.
pub async fn csrf_token(session: &Session) -> String {
    if let Ok(Some(token)) = session.get::<String>(CSRF).await {
        return token;
    }
    let token = crate::domain::payment::new_page_token();
    if let Err(e) = session.insert(CSRF, &token).await {
        tracing::warn!(error = %e, "storing the CSRF token failed");
    }
    token
}

/// Whether `presented` is the session's CSRF token (constant time).
pub async fn csrf_ok(session: &Session, presented: Option<&str>) -> bool {
    match (session.get::<String>(CSRF).await, presented) {
        (Ok(Some(expected)), Some(presented)) => expected.as_bytes().ct_eq(presented.as_bytes()).into(),
        _ => false,
    }
}
