//! Sessions of the pages, stored in the service's database (either backend) so they survive
//! restarts and work across processes: the tower-sessions store of `tower-sessions-sqlx-store`
//! over the database's own pool.

use async_trait::async_trait;
use tower_sessions::session::{Id, Record};
use tower_sessions::session_store::{self, ExpiredDeletion, SessionStore};
use tower_sessions_sqlx_store::{PostgresStore, SqliteStore};

use super::SessionPool;

#[derive(Clone, Debug)]
pub enum Sessions {
    Sqlite(SqliteStore),
    Postgres(PostgresStore),
}

impl Sessions {
    pub fn new(pool: SessionPool) -> Self {
        match pool {
            SessionPool::Sqlite(p) => Sessions::Sqlite(SqliteStore::new(p)),
            SessionPool::Postgres(p) => Sessions::Postgres(PostgresStore::new(p)),
        }
    }

    /// Deletes expired sessions every hour.
    pub async fn clean_expired(self) {
        let every = tokio::time::Duration::from_secs(3600);
        let result = match self {
            Sessions::Sqlite(s) => s.continuously_delete_expired(every).await,
            Sessions::Postgres(s) => s.continuously_delete_expired(every).await,
        };
        if let Err(e) = result {
            tracing::warn!(error = %e, "session clean-up stopped");
        }
    }
}

#[async_trait]
impl SessionStore for Sessions {
    async fn create(&self, record: &mut Record) -> session_store::Result<()> {
        match self {
            Sessions::Sqlite(s) => s.create(record).await,
            Sessions::Postgres(s) => s.create(record).await,
        }
    }

    async fn save(&self, record: &Record) -> session_store::Result<()> {
        match self {
            Sessions::Sqlite(s) => s.save(record).await,
            Sessions::Postgres(s) => s.save(record).await,
        }
    }

    async fn load(&self, id: &Id) -> session_store::Result<Option<Record>> {
        match self {
            Sessions::Sqlite(s) => s.load(id).await,
            Sessions::Postgres(s) => s.load(id).await,
        }
    }

    async fn delete(&self, id: &Id) -> session_store::Result<()> {
        match self {
            Sessions::Sqlite(s) => s.delete(id).await,
            Sessions::Postgres(s) => s.delete(id).await,
        }
    }
}
