//! PostgreSQL: for scale and for several `kassa` processes on one database. Claims use
//! `FOR UPDATE SKIP LOCKED`, so processes never take the same row.

use std::str::FromStr;
use std::time::Duration;

use sqlx::postgres::PgPoolOptions;

use super::OpenError;
use super::dialect::Dialect;
use super::sql::SqlStorage;

const DIALECT: Dialect = Dialect {
    skip_locked: "FOR UPDATE SKIP LOCKED",
    lock_row: "FOR UPDATE",
    relaxed_commit: "SET LOCAL synchronous_commit TO OFF",
    anonymous_params: false,
    transfer_lock: "SELECT pg_advisory_xact_lock(hashtext($1))",
    folded_payment_id: "lower(payment_id) COLLATE \"C\"",
};

pub(super) async fn open(
    url: &str,
    vault: std::sync::Arc<crate::crypto::vault::Vault>,
) -> Result<SqlStorage<sqlx::Postgres>, OpenError> {
    // The group writers prepare one statement per batch size on whichever connection they get:
    // keep them rather than parse and plan a two-thousand-parameter insert again.
    let options = sqlx::postgres::PgConnectOptions::from_str(url)?.statement_cache_capacity(512);
    let pool =
        PgPoolOptions::new().max_connections(16).acquire_timeout(Duration::from_secs(5)).connect_with(options).await?;
    sqlx::migrate!("../migrations/postgres").run(&pool).await?;
    Ok(SqlStorage::<sqlx::Postgres>::start(pool.clone(), None, pool, DIALECT, vault))
}
