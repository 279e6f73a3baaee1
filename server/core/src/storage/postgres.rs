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
    anonymous_params: false,
    transfer_lock: "SELECT pg_advisory_xact_lock(hashtext($1))",
    folded_payment_id: "lower(payment_id) COLLATE \"C\"",
    writable_cte: true,
    begin_write: "BEGIN",
};

pub(super) async fn open(
    url: &str,
    vault: std::sync::Arc<crate::crypto::vault::Vault>,
) -> Result<SqlStorage<sqlx::Postgres>, OpenError> {
    // The group writers prepare one statement per batch size on whichever connection they get:
    // keep them rather than parse and plan a two-thousand-parameter insert again.
    let options = sqlx::postgres::PgConnectOptions::from_str(url)?.statement_cache_capacity(512);
    let pool = PgPoolOptions::new()
        .max_connections(16)
        .acquire_timeout(Duration::from_secs(5))
        .connect_with(options.clone())
        .await?;
    sqlx_macros::migrate!("../../migrations/postgres").run(&pool).await?;
    // The signature log guards against replays within the timestamp window; it is not money.
    // Its connections commit without waiting for the log flush (a crash can forget its last
    // milliseconds, nothing more), set once per connection so that each batch is one
    // statement: no transaction around it to `SET LOCAL` in (four round trips become one).
    // Payments, callbacks and the ledger keep full durability on the main pool.
    let signature_log = PgPoolOptions::new()
        .max_connections(2)
        .acquire_timeout(Duration::from_secs(5))
        .connect_with(options.clone().options([("synchronous_commit", "off")]))
        .await?;
    // The payin writer's statements (one per batch size) are the same every time but for their
    // values: planned once, not on every batch (PostgreSQL plans a prepared statement afresh
    // while it judges a plan for the values cheaper; planning was a fifth of its CPU per create).
    let payment_inserts = PgPoolOptions::new()
        .max_connections(2)
        .acquire_timeout(Duration::from_secs(5))
        .connect_with(options.options([("plan_cache_mode", "force_generic_plan")]))
        .await?;
    Ok(SqlStorage::<sqlx::Postgres>::start(pool.clone(), None, pool, payment_inserts, signature_log, DIALECT, vault))
}
