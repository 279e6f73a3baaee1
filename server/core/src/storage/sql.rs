//! What the per-port files share: the storage struct over one sqlx backend and the writers'
//! queues; the backend differences are in [`super::dialect`], the rows in [`super::rows`].
//!
//! Each port (`payments.rs`, `outbox.rs`, `requisites.rs`, `banks.rs`, `projects.rs`) is one
//! file whose implementation is a macro instantiated for both concrete backends: the SQL exists
//! once and the compiler checks each backend with plain concrete types (sqlx code generic over
//! `Database` drowns in higher-ranked bounds).

use sqlx::{Database, Pool, Postgres, Sqlite};

use super::dialect::Dialect;

use crate::domain::payment::Payment;
use crate::domain::ports::{StoreError, StoreResult as Result};
use crate::domain::replay::SignatureUse;

/// The pool a session store uses (built at start-up from the opened database).
#[derive(Clone, Debug)]
pub enum SessionPool {
    Sqlite(sqlx::SqlitePool),
    Postgres(sqlx::PgPool),
}

/// Storage over one sqlx backend; implements every port.
pub struct SqlStorage<DB: Database> {
    /// Reads.
    pub(super) pool: Pool<DB>,
    /// Point reads of one payment (the payment page, status polls) in the calling task, on
    /// SQLite; `None` on PostgreSQL, whose reads take the pool (see [`super::direct`]).
    pub(super) direct: Option<super::direct::DirectReads>,
    /// Writes. For SQLite a single connection, so writers queue here instead of spinning on the
    /// database lock; for PostgreSQL the same pool as reads.
    pub(super) writer: Pool<DB>,
    pub(super) dialect: Dialect,
    /// Seals the secrets stored (keys, service secrets) under the master key.
    pub(super) vault: std::sync::Arc<crate::crypto::vault::Vault>,
    /// New payments go through one writer task that inserts whatever is waiting as one
    /// multi-row statement (group commit).
    pub(super) inserts: tokio::sync::mpsc::Sender<PendingInsert>,
    /// Signatures to remember go through one writer task the same way: every authenticated
    /// request records one, and one statement per batch keeps that off the commit path.
    pub(super) signatures: tokio::sync::mpsc::Sender<PendingSignature>,
    /// Messages of reads queued for the signature writer and not yet committed (key →
    /// endpoint): a create, whose message is recorded by the insert writer instead, checks them
    /// so it cannot overtake the read that used its message first.
    pub(super) unrecorded: Unrecorded,
    /// Payouts go through one writer task that locks each balance once per batch and writes
    /// the batch's payouts, entries and balance moves together (group commit).
    pub(super) payouts: tokio::sync::mpsc::Sender<PendingPayout>,
}

/// See [`SqlStorage::unrecorded`].
pub(super) type Unrecorded = std::sync::Arc<std::sync::Mutex<std::collections::HashMap<String, String>>>;

/// A signature waiting to be recorded, and where to say which endpoint it was first used on.
pub(super) struct PendingSignature {
    pub signature_use: SignatureUse,
    pub done: tokio::sync::oneshot::Sender<Result<Option<String>>>,
}

/// At most this many signatures per group insert.
pub(super) const MAX_SIGNATURE_BATCH: usize = 256;

/// A payment waiting for the group insert (with the signed message that asked for it, recorded
/// in the same transaction), and where to say what became of it.
pub(super) struct PendingInsert {
    pub payment: Payment,
    pub signature_use: Option<SignatureUse>,
    pub done: tokio::sync::oneshot::Sender<Result<Written>>,
}

/// What the group insert did with one payment.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Written {
    Inserted,
    /// Its `payment_id` exists in the project: nothing written.
    Conflict,
    /// Its signed message was first used on another endpoint: nothing written.
    Replayed,
}

/// A payout waiting for the group insert (with its balance lock), and where to say what became
/// of it.
pub(super) struct PendingPayout {
    pub payment: Payment,
    pub lock: crate::domain::ledger::LedgerEntry,
    /// The receiver's number, already sealed.
    pub pan_sealed: Option<String>,
    pub done: tokio::sync::oneshot::Sender<Result<PayoutOutcome>>,
}

pub(super) use crate::domain::ledger::PayoutOutcome;

/// At most this many payouts per group insert.
pub(super) const MAX_PAYOUT_BATCH: usize = 64;

/// At most this many payments per group insert.
pub(super) const MAX_INSERT_BATCH: usize = 64;

pub(super) fn now_ms() -> i64 {
    crate::domain::time::now_ms()
}

/// Maps a unique violation on the requisite hold to [`StoreError::RequisiteTaken`].
pub(super) fn map_hold_violation(e: sqlx::Error) -> StoreError {
    if let sqlx::Error::Database(db) = &e
        && db.is_unique_violation()
        && (db.constraint().is_some_and(|c| c.contains("requisite_hold")) || db.message().contains("requisite_hold"))
    {
        return StoreError::RequisiteTaken;
    }
    e.into()
}

impl From<Pool<Sqlite>> for SessionPool {
    fn from(pool: Pool<Sqlite>) -> Self {
        SessionPool::Sqlite(pool)
    }
}

impl From<Pool<Postgres>> for SessionPool {
    fn from(pool: Pool<Postgres>) -> Self {
        SessionPool::Postgres(pool)
    }
}
