//! Storage: the domain's ports (`domain::ports`) implemented for SQLite (the embedded default)
//! and PostgreSQL, one file per port. The rest of the service sees only the ports; SQL lives
//! under this module.

mod approvals;
mod audit;
mod banks;
mod changes;
mod dialect;
mod direct;
mod inserts;
mod ledger;
mod outbox;
mod payments;
mod postgres;
mod projects;
mod requisites;
mod rows;
pub mod sessions;
mod sql;
mod sqlite;
mod stats;
mod transfers;
mod users;

use std::sync::Arc;

use crate::config::DatabaseUrl;
use crate::crypto::vault::Vault;
use crate::domain::ports::{StoreError, Stores};

pub use sessions::Sessions;
pub use sql::SessionPool;

impl From<sqlx::Error> for StoreError {
    fn from(e: sqlx::Error) -> Self {
        match e {
            sqlx::Error::PoolTimedOut | sqlx::Error::PoolClosed | sqlx::Error::Io(_) | sqlx::Error::Tls(_) => {
                StoreError::Unavailable(Box::new(e))
            }
            e => StoreError::Database(Box::new(e)),
        }
    }
}

/// Why the database could not be opened.
#[derive(Debug, thiserror::Error)]
pub enum OpenError {
    #[error(transparent)]
    Database(#[from] sqlx::Error),
    #[error("migration failed: {0}")]
    Migrate(#[from] sqlx::migrate::MigrateError),
    #[error(transparent)]
    Store(#[from] StoreError),
}

/// Why a backup was not taken.
#[derive(Debug, thiserror::Error)]
pub enum BackupError {
    #[error("{0} exists: give a new file (a backup never overwrites one)")]
    Exists(std::path::PathBuf),
    #[error(
        "kassa backup copies the embedded SQLite database; back PostgreSQL up with pg_dump, or base \
         backups and WAL archiving (docs/RELIABILITY.md, Backups)"
    )]
    Postgres,
    #[error(transparent)]
    Open(#[from] OpenError),
}

/// A consistent online copy of the SQLite database at `url` in the new file `to` (the server
/// may be running); its size in bytes.
pub async fn backup(url: &DatabaseUrl, to: &std::path::Path) -> Result<u64, BackupError> {
    if url.is_postgres() {
        return Err(BackupError::Postgres);
    }
    if to.exists() {
        return Err(BackupError::Exists(to.to_path_buf()));
    }
    Ok(sqlite::backup(url.expose(), to).await?)
}

/// An opened, migrated database: every port, and the store of the pages' sessions.
#[derive(Clone)]
pub struct Database {
    pub stores: Stores,
    pub sessions: Sessions,
}

impl Database {
    fn of<S>(storage: S, sessions: Sessions) -> Self
    where
        S: crate::domain::ports::PaymentStore
            + crate::domain::ports::OutboxStore
            + crate::domain::ports::RequisiteStore
            + crate::domain::ports::BankStore
            + crate::domain::ports::ProjectStore
            + crate::domain::ports::LedgerStore
            + crate::domain::ports::UserStore
            + crate::domain::ports::AuditStore
            + crate::domain::ports::TransferStore
            + crate::domain::ports::ApprovalStore
            + crate::domain::ports::StatsStore,
    {
        let storage = Arc::new(storage);
        Database {
            stores: Stores {
                payments: storage.clone(),
                outbox: storage.clone(),
                requisites: storage.clone(),
                banks: storage.clone(),
                projects: storage.clone(),
                ledger: storage.clone(),
                users: storage.clone(),
                audit: storage.clone(),
                transfers: storage.clone(),
                approvals: storage.clone(),
                stats: storage,
            },
            sessions,
        }
    }
}

/// Opens the database named by `url`, creating a SQLite file (and its directory) when missing,
/// and applies the migrations. Secrets are sealed with `vault`'s master key.
pub async fn open(url: &DatabaseUrl, vault: Arc<Vault>) -> Result<Database, OpenError> {
    if url.is_postgres() {
        let storage = postgres::open(url.expose(), vault).await?;
        let sessions = Sessions::new(storage.pool.clone().into());
        Ok(Database::of(storage, sessions))
    } else {
        let storage = sqlite::open(url.expose(), vault).await?;
        let sessions = storage.sessions();
        Ok(Database::of(storage, sessions))
    }
}
