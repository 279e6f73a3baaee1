//! SQLite: the embedded default. One file, WAL, `synchronous=NORMAL`, a busy timeout and
//! foreign keys on; one writer connection so writes queue in-process.

use std::str::FromStr;
use std::time::Duration;

use sqlx::sqlite::{SqliteConnectOptions, SqliteJournalMode, SqlitePoolOptions, SqliteSynchronous};

use super::OpenError;
use super::dialect::Dialect;
use super::direct::DirectReads;
use super::sql::SqlStorage;

const DIALECT: Dialect = Dialect {
    skip_locked: "",
    lock_row: "",
    relaxed_commit: "",
    anonymous_params: true,
    transfer_lock: "",
    folded_payment_id: "lower(payment_id)",
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
        // Checkpoint every ~40 MB of WAL instead of ~4 MB: hot pages rewritten many times
        // between checkpoints are copied to the database once.
        .pragma("wal_autocheckpoint", "10000")
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
    let writer = SqlitePoolOptions::new()
        .max_connections(1)
        .test_before_acquire(false)
        .connect_with(options.clone().statement_cache_capacity(512))
        .await?;
    sqlx::migrate!("../migrations/sqlite").run(&writer).await?;
    let pool =
        SqlitePoolOptions::new().max_connections(8).test_before_acquire(false).connect_with(options.clone()).await?;
    // An in-memory database has no file another library could open: its reads take the pool.
    let path = options.get_filename();
    let direct = if path.is_file() {
        Some(DirectReads::open(path, DIRECT_READS).map_err(|e| sqlx::Error::Configuration(Box::new(e)))?)
    } else {
        None
    };
    Ok(SqlStorage::<sqlx::Sqlite>::start(pool, direct, writer, DIALECT, vault))
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
