//! SQLite: the embedded default. One file, WAL, `synchronous=NORMAL`, a busy timeout and
//! foreign keys on; one writer connection so writes queue in-process.

use std::str::FromStr;
use std::time::Duration;

use sqlx::sqlite::{SqliteConnectOptions, SqliteJournalMode, SqlitePoolOptions, SqliteSynchronous};

use super::OpenError;
use super::dialect::Dialect;
use super::direct::DirectReads;
use super::sql::SqlStorage;

pub(super) const DIALECT: Dialect = Dialect {
    skip_locked: "",
    lock_row: "",
    anonymous_params: true,
    transfer_lock: "",
    folded_payment_id: "lower(payment_id)",
    writable_cte: false,
    begin_write: "BEGIN IMMEDIATE",
};

/// Connections of the direct reads ([`DirectReads`]): four, twice the cores of the machine it
/// was measured on, so a read seldom finds them all in use (it then takes the pool).
const DIRECT_READS: usize = 4;

pub(super) async fn open(
    url: &str,
    vault: std::sync::Arc<crate::crypto::vault::Vault>,
) -> Result<SqlStorage<sqlx::Sqlite>, OpenError> {
    let options = SqliteConnectOptions::from_str(url)?
        .create_if_missing(true)
        .journal_mode(SqliteJournalMode::Wal)
        .synchronous(SqliteSynchronous::Normal)
        .busy_timeout(Duration::from_secs(10))
        .foreign_keys(true)
        // 16 MB of page cache per connection keeps the hot index pages in memory.
        .pragma("cache_size", "-16384")
        // Checkpoints run beside the writer (`checkpoints` below); a committing writer
        // checkpoints itself only past ~400 MB of WAL, as a backstop.
        .pragma("wal_autocheckpoint", "100000")
        // Statement journals of multi-row statements inside a transaction stay in memory
        // instead of a temporary file per statement.
        .pragma("temp_store", "memory");
    if let Some(dir) = options.get_filename().parent()
        && !dir.as_os_str().is_empty()
    {
        std::fs::create_dir_all(dir).map_err(sqlx::Error::Io)?;
    }
    // The one writer prepares a statement per batch size of each group writer (payins,
    // payouts, signatures): keep them all rather than re-parsing under load.
    // No ping when a connection leaves the pool: it is a round trip to the connection's thread,
    // and a connection to a local file cannot have been dropped by a peer meanwhile.
    // The writer's page cache is 4 MB, not the readers' 16: when an insert rebalances a B-tree
    // page, SQLite parks a page under the number past 1 GiB for a moment, and the commit after
    // it then walks the writer's whole cache to drop pages past the end of the file (2,400
    // walks in a 10 s create run; `perf probe` on `pcache1TruncateUnsafe`). A quarter of the
    // cache cut each walk to about a third and made the SQLite create 12 % faster
    // (docs/PERFORMANCE.md); the pages the writer needs again are in the OS cache or the WAL.
    let writer = SqlitePoolOptions::new()
        .max_connections(1)
        .test_before_acquire(false)
        .connect_with(options.clone().statement_cache_capacity(512).pragma("cache_size", "-4096"))
        .await?;
    sqlx_macros::migrate!("../../migrations/sqlite").run(&writer).await?;
    let pool =
        SqlitePoolOptions::new().max_connections(8).test_before_acquire(false).connect_with(options.clone()).await?;
    // An in-memory database has no file another library could open: its reads take the pool.
    let path = options.get_filename();
    let direct = if path.is_file() {
        Some(DirectReads::open(path, DIRECT_READS).map_err(|e| sqlx::Error::Configuration(Box::new(e)))?)
    } else {
        None
    };
    let storage =
        SqlStorage::<sqlx::Sqlite>::start(pool.clone(), direct, writer.clone(), writer.clone(), writer, DIALECT, vault);
    tokio::spawn(checkpoints(pool, storage.inserts.downgrade()));
    Ok(storage)
}

/// Copies the WAL into the database every second on a connection of its own, so the one writer
/// never stops to do it: a checkpoint in the committing writer stalled every create behind it
/// (the create's p99 was 50–60 ms against 10 ms for one insert). PASSIVE never waits for
/// readers or the writer; what it cannot copy now, a later pass does.
/// Ends with the storage (`alive` is its insert queue, no longer there once it is dropped).
async fn checkpoints<T>(pool: sqlx::SqlitePool, alive: tokio::sync::mpsc::WeakSender<T>) {
    let mut every = tokio::time::interval(Duration::from_secs(1));
    every.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    loop {
        every.tick().await;
        if alive.upgrade().is_none() || pool.is_closed() {
            return;
        }
        if let Err(e) = sqlx::query("PRAGMA wal_checkpoint(PASSIVE)").execute(&pool).await {
            tracing::debug!(error = %e, "WAL checkpoint pass failed");
        }
    }
}

/// A consistent copy of the database at `url`, taken while it is written: `VACUUM INTO` reads
/// one snapshot (a WAL reader: writers go on) and writes a compact file. It is written beside
/// `to` first and renamed into place when complete, so `to` is never half a database.
pub(super) async fn backup(url: &str, to: &std::path::Path) -> Result<u64, OpenError> {
    use sqlx::ConnectOptions as _;
    let options = SqliteConnectOptions::from_str(url)?.create_if_missing(false).busy_timeout(Duration::from_secs(30));
    let mut connection = options.connect().await?;
    let partial = to.with_extension("partial");
    let _ = std::fs::remove_file(&partial);
    sqlx::query("VACUUM INTO $1").bind(partial.to_string_lossy().as_ref()).execute(&mut connection).await?;
    sqlx::Connection::close(connection).await?;
    let file = std::fs::File::open(&partial).map_err(sqlx::Error::Io)?;
    file.sync_all().map_err(sqlx::Error::Io)?;
    let bytes = file.metadata().map_err(sqlx::Error::Io)?.len();
    std::fs::rename(&partial, to).map_err(sqlx::Error::Io)?;
    Ok(bytes)
}

impl SqlStorage<sqlx::Sqlite> {
    /// The consoles' sessions: read on the pool, written on the one writer like every other
    /// write of the process.
    pub(super) fn sessions(&self) -> super::Sessions {
        super::Sessions::split(self.pool.clone().into(), self.writer.clone().into())
    }
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use crate::crypto::vault::Vault;

    /// The WAL is copied into the database file beside the writer, long before the writer's own
    /// backstop (100,000 pages) would do it.
    #[tokio::test]
    async fn the_log_is_checkpointed_without_the_writer() {
        let dir = tempfile::tempdir().unwrap();
        let url = format!("sqlite://{}/kassa.db", dir.path().display());
        let storage = super::open(&url, Arc::new(Vault::with_key([7; 32]))).await.unwrap();
        let file = dir.path().join("kassa.db");
        // The migrations' pages are in the WAL; the checkpoint pass copies them into the file.
        for _ in 0..50 {
            if std::fs::metadata(&file).unwrap().len() > 100 * 4096 {
                drop(storage);
                return;
            }
            tokio::time::sleep(std::time::Duration::from_millis(100)).await;
        }
        panic!("the database file holds only {} bytes after 5 s", std::fs::metadata(&file).unwrap().len());
    }

    /// A database file in a fresh directory, opened and migrated as the server opens it.
    async fn opened() -> (tempfile::TempDir, String, super::SqlStorage<sqlx::Sqlite>) {
        let dir = tempfile::tempdir().unwrap();
        let url = format!("sqlite://{}/kassa.db", dir.path().display());
        let storage = super::open(&url, Arc::new(Vault::with_key([7; 32]))).await.unwrap();
        (dir, url, storage)
    }

    /// Gives a concurrent writer time to commit, then writes and commits `tx`: fails when that
    /// writer committed between `tx`'s read and this write (SQLite's busy code 517).
    async fn write_after_a_pause(mut tx: sqlx::Transaction<'static, sqlx::Sqlite>) {
        tokio::time::sleep(std::time::Duration::from_millis(200)).await;
        sqlx::query("INSERT INTO merchants (id, name, created_ms) VALUES ('m-1', 'm', 0)")
            .execute(&mut *tx)
            .await
            .expect("nothing committed between this transaction's read and its write");
        tx.commit().await.unwrap();
    }

    /// A console login (a session written) while a writer transaction is between its read and
    /// its write waits for that transaction, instead of committing in between and making the
    /// transaction's write fail as busy (a key deactivation failed so in the end-to-end tests).
    #[tokio::test]
    async fn a_session_written_meanwhile_does_not_fail_a_writer_transaction() {
        use tower_sessions::session_store::SessionStore;
        let (_dir, _, storage) = opened().await;
        let sessions = storage.sessions();
        // A deferred transaction on purpose: this is about the connection sessions write on.
        let mut tx = storage.writer.begin().await.unwrap();
        let (count,): (i64,) =
            sqlx::query_as("SELECT COUNT(*) FROM console_sessions").fetch_one(&mut *tx).await.unwrap();
        assert_eq!(count, 0);
        let login = tokio::spawn(async move {
            let mut record = tower_sessions::session::Record {
                id: tower_sessions::session::Id(1),
                data: Default::default(),
                expiry_date: tower_sessions::cookie::time::OffsetDateTime::now_utc()
                    + std::time::Duration::from_secs(60),
            };
            sessions.create(&mut record).await
        });
        write_after_a_pause(tx).await;
        login.await.unwrap().expect("the session is written after the transaction");
        let (count,): (i64,) =
            sqlx::query_as("SELECT COUNT(*) FROM console_sessions").fetch_one(&storage.pool).await.unwrap();
        assert_eq!(count, 1);
    }

    /// Another process's write (the CLI's) while a writing transaction is between its read and
    /// its write waits for that transaction: writing transactions take the write lock when they
    /// begin.
    #[tokio::test]
    async fn another_process_write_waits_for_a_writing_transaction() {
        let (_dir, url, storage) = opened().await;
        let other = sqlx::SqlitePool::connect(&url).await.unwrap();
        let mut tx = storage.writer.begin_with(super::DIALECT.begin_write).await.unwrap();
        let (count,): (i64,) = sqlx::query_as("SELECT COUNT(*) FROM merchants").fetch_one(&mut *tx).await.unwrap();
        assert_eq!(count, 0);
        let cli = tokio::spawn(async move {
            sqlx::query("INSERT INTO merchants (id, name, created_ms) VALUES ('m-2', 'other', 0)").execute(&other).await
        });
        write_after_a_pause(tx).await;
        cli.await.unwrap().expect("the other write waited for the transaction, then went in");
    }
}
