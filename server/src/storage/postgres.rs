//! PostgreSQL: for scale and for several `kassa` processes on one database. Claims use
//! `FOR UPDATE SKIP LOCKED`, so processes never take the same row.

use std::time::Duration;

use sqlx::postgres::PgPoolOptions;

use super::OpenError;
use super::sql::{Dialect, SqlStorage};

const DIALECT: Dialect = Dialect {
    skip_locked: "FOR UPDATE SKIP LOCKED",
    lock_row: "FOR UPDATE",
    relaxed_commit: "SET LOCAL synchronous_commit TO OFF",
};

pub(super) async fn open(
    url: &str,
    vault: std::sync::Arc<crate::crypto::vault::Vault>,
) -> Result<SqlStorage<sqlx::Postgres>, OpenError> {
    let pool = PgPoolOptions::new().max_connections(16).acquire_timeout(Duration::from_secs(5)).connect(url).await?;
    sqlx::migrate!("../migrations/postgres").run(&pool).await?;
    Ok(SqlStorage::<sqlx::Postgres>::start(pool.clone(), pool, DIALECT, vault))
}
