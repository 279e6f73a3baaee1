//! Storage: one interface, implemented for SQLite (embedded default) and PostgreSQL. The rest of
//! the service sees only [`Storage`]; SQL lives under this module.

mod postgres;
mod sql;
mod sqlite;

use std::sync::Arc;

use async_trait::async_trait;

use crate::config::DatabaseUrl;
use crate::crypto::keys::{StoredCallbackKey, StoredRequestKey};
use crate::domain::banks::Bank;
use crate::domain::payment::{Actor, Payment, PaymentState};
use crate::domain::project::{Project, ProjectSettings};
use crate::domain::requisites::{Candidate, Requisite, RequisiteQuery};

pub use sql::{SessionPool, SqlStorage};

#[derive(Debug, thiserror::Error)]
pub enum StorageError {
    /// The payment changed since it was read; re-read and decide again.
    #[error("the payment changed concurrently")]
    Conflict,
    /// Another open payment of the same amount holds that requisite.
    #[error("the requisite already serves an open payment of this amount")]
    RequisiteTaken,
    #[error("stored data is corrupt: {0}")]
    Corrupt(String),
    #[error("the database is unavailable")]
    Unavailable(#[source] sqlx::Error),
    #[error("database error")]
    Database(#[source] sqlx::Error),
    #[error("migration failed")]
    Migrate(#[from] sqlx::migrate::MigrateError),
}

impl From<sqlx::Error> for StorageError {
    fn from(e: sqlx::Error) -> Self {
        match e {
            sqlx::Error::PoolTimedOut | sqlx::Error::PoolClosed | sqlx::Error::Io(_) | sqlx::Error::Tls(_) => {
                StorageError::Unavailable(e)
            }
            e => StorageError::Database(e),
        }
    }
}

pub type Result<T, E = StorageError> = std::result::Result<T, E>;

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Merchant {
    pub id: String,
    pub name: String,
}

/// A request key with the project and merchant it belongs to.
#[derive(Clone, Debug)]
pub struct RequestKeyRecord {
    pub project_id: String,
    pub merchant_id: String,
    pub active: bool,
    pub key: StoredRequestKey,
}

/// A row of a payment's status history.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HistoryEntry {
    pub state: PaymentState,
    pub status_description: Option<String>,
    pub amount: i64,
    pub actor: Actor,
    pub at_ms: i64,
}

/// Kind of callback (merchant-api.md Events).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CallbackKind {
    Informative,
    Success,
    Decline,
}

impl CallbackKind {
    pub fn code(self) -> &'static str {
        match self {
            CallbackKind::Informative => "informative",
            CallbackKind::Success => "success",
            CallbackKind::Decline => "decline",
        }
    }

    pub fn parse(s: &str) -> Option<Self> {
        [CallbackKind::Informative, CallbackKind::Success, CallbackKind::Decline].into_iter().find(|k| k.code() == s)
    }
}

/// A callback to write into the outbox with the change it reports.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NewCallback {
    pub kind: CallbackKind,
    pub url: String,
    /// The JSON body, fixed at the change (the signature is made per attempt).
    pub body: String,
    pub idempotency_key: String,
    pub next_attempt_ms: i64,
    /// After this time the callback is abandoned; `None`: until delivered or superseded.
    pub give_up_ms: Option<i64>,
}

/// A receipt uploaded on the hosted page.
#[derive(Clone, Debug)]
pub struct NewReceipt {
    pub content_type: String,
    pub data: Vec<u8>,
}

/// One state change of a payment, applied in one transaction: the payment row (only if it is
/// still at `payment.version - 1`; the database adds its history row), its callbacks, and what
/// goes with it.
#[derive(Debug)]
pub struct PaymentChange<'a> {
    /// The payment after the change; its `version` is the previous one plus one.
    pub payment: &'a Payment,
    pub callbacks: Vec<NewCallback>,
    pub receipt: Option<NewReceipt>,
    /// Requisites were issued: mark the requisite used (fair rotation).
    pub requisite_issued: bool,
    /// Success: credit the project's balance with the payment amount.
    pub credit_balance: bool,
}

/// Outcome of inserting a new payment.
#[derive(Debug)]
pub enum Inserted {
    Created,
    /// A payment with this `payment_id` exists in the project.
    Existing(Box<Payment>),
}

/// A callback claimed for delivery.
#[derive(Clone, Debug)]
pub struct CallbackJob {
    pub id: i64,
    pub request_id: String,
    pub project_id: String,
    pub kind: CallbackKind,
    pub url: String,
    pub body: String,
    pub idempotency_key: String,
    pub attempts: i64,
    pub give_up_ms: Option<i64>,
    pub created_ms: i64,
}

/// What happened on one delivery attempt.
#[derive(Clone, Debug)]
pub struct Attempt {
    pub at_ms: i64,
    pub http_status: Option<i64>,
    pub error: Option<String>,
    pub latency_ms: i64,
    pub response_excerpt: Option<String>,
    pub worker: String,
}

/// What to do with a callback after an attempt.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AttemptOutcome {
    Delivered,
    RetryAt(i64),
    Abandon,
}

/// A callback with its attempts, for the attempt log.
#[derive(Clone, Debug)]
pub struct CallbackRecord {
    pub id: i64,
    pub kind: CallbackKind,
    pub url: String,
    pub body: String,
    pub idempotency_key: String,
    pub state: String,
    pub attempts: Vec<Attempt>,
    pub next_attempt_ms: Option<i64>,
    pub created_ms: i64,
    pub delivered_ms: Option<i64>,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Balance {
    pub currency: String,
    pub amount: i64,
    pub locked_amount: i64,
}

#[derive(Clone, Debug)]
pub struct Receipt {
    pub content_type: String,
    pub size: i64,
    pub uploaded_ms: i64,
}

/// Filter of bank listings.
#[derive(Clone, Debug, Default)]
pub struct BankFilter {
    pub countries: Option<Vec<String>>,
    /// Only banks with an active requisite serving one of these method codes.
    pub with_active_requisites_for: Option<Vec<String>>,
}

/// Everything the service keeps. Implementations apply every change in one transaction.
#[async_trait]
pub trait Storage: Send + Sync + 'static {
    /// Answers when the database does (for `/healthz`).
    async fn ping(&self) -> Result<()>;

    // Merchants, projects and keys.
    async fn merchant_by_name_or_create(&self, name: &str) -> Result<Merchant>;
    async fn create_project(
        &self,
        project: &Project,
        request_key: &StoredRequestKey,
        callback_key: &StoredCallbackKey,
    ) -> Result<()>;
    async fn project(&self, project_id: &str) -> Result<Option<Project>>;
    async fn project_by_name(&self, merchant_id: &str, name: &str) -> Result<Option<Project>>;
    async fn update_project_settings(&self, project_id: &str, settings: &ProjectSettings) -> Result<bool>;
    async fn add_request_key(&self, project_id: &str, key: &StoredRequestKey) -> Result<()>;
    async fn set_request_key_active(&self, token: &str, active: bool) -> Result<bool>;
    /// Deactivates every request key of the project but `keep`.
    async fn deactivate_request_keys_except(&self, project_id: &str, keep: &str) -> Result<()>;
    async fn request_key(&self, token: &str) -> Result<Option<RequestKeyRecord>>;
    async fn callback_key(&self, project_id: &str) -> Result<Option<StoredCallbackKey>>;

    // Payments.
    /// Inserts a new payment (the database writes its first history row), unless the project
    /// already has its `payment_id`.
    async fn insert_payment(&self, payment: &Payment) -> Result<Inserted>;
    async fn payment(&self, project_id: &str, payment_id: &str) -> Result<Option<Payment>>;
    async fn payment_by_request_id(&self, request_id: &str) -> Result<Option<Payment>>;
    async fn payment_by_page_token(&self, token: &str) -> Result<Option<Payment>>;
    /// The open payment holding `requisite_id` for `amount` (incoming funds matching).
    async fn payment_by_requisite_hold(&self, hold: &str) -> Result<Option<Payment>>;
    /// Applies a change, or fails with [`StorageError::Conflict`] when the payment moved on.
    async fn apply_change(&self, change: PaymentChange<'_>) -> Result<()>;
    /// Writes `payment.card_auth` without a status change (3DS bookkeeping), only over
    /// `payment.version - 1`.
    async fn update_card_auth(&self, payment: &Payment) -> Result<()>;
    async fn history(&self, request_id: &str) -> Result<Vec<HistoryEntry>>;
    async fn count_customer_payments_since(&self, project_id: &str, customer_id: &str, since_ms: i64) -> Result<u64>;
    async fn receipts(&self, request_id: &str) -> Result<Vec<Receipt>>;

    // Background work. Claims take a lease so that several processes never take the same row.
    /// Payments whose deadline passed.
    async fn claim_due_deadlines(&self, now_ms: i64, lease_until_ms: i64, limit: i64) -> Result<Vec<Payment>>;
    /// Payments whose requisites search should run now; their next search moves to
    /// `next_search_ms` (the claim), unless a found requisite moves them on first.
    async fn claim_due_searches(&self, now_ms: i64, next_search_ms: i64, limit: i64) -> Result<Vec<Payment>>;
    /// Makes payments waiting for requisites in `currency` due for a search at `now_ms`.
    /// Returns how many.
    async fn wake_searches(&self, currency: &str, now_ms: i64) -> Result<u64>;

    // Requisites and banks.
    async fn insert_requisite(&self, requisite: &Requisite) -> Result<()>;
    async fn requisites(&self) -> Result<Vec<Requisite>>;
    async fn requisite(&self, id: &str) -> Result<Option<Requisite>>;
    async fn requisite_by_pan(&self, pan: &str) -> Result<Option<Requisite>>;
    async fn set_requisite_active(&self, id: &str, active: bool) -> Result<bool>;
    /// Active requisites that can serve `query`, least recently used first, each with the
    /// amounts of the open payments it holds.
    async fn requisite_candidates(&self, query: &RequisiteQuery) -> Result<Vec<Candidate>>;
    async fn banks(&self, filter: &BankFilter) -> Result<Vec<Bank>>;
    async fn bank(&self, symbol: &str) -> Result<Option<Bank>>;
    /// Inserts or replaces a bank by symbol.
    async fn upsert_bank(&self, bank: &Bank) -> Result<()>;
    /// Inserts the banks that do not exist yet.
    async fn seed_banks(&self, banks: &[Bank]) -> Result<()>;

    // Callbacks.
    async fn claim_callbacks(
        &self,
        now_ms: i64,
        lease_until_ms: i64,
        owner: &str,
        limit: i64,
    ) -> Result<Vec<CallbackJob>>;
    async fn record_attempt(
        &self,
        callback_id: i64,
        owner: &str,
        attempt: &Attempt,
        outcome: AttemptOutcome,
    ) -> Result<()>;
    async fn callbacks(&self, request_id: &str) -> Result<Vec<CallbackRecord>>;
    /// Puts a callback back in the queue for an immediate attempt.
    async fn resend_callback(&self, request_id: &str, callback_id: i64, now_ms: i64) -> Result<bool>;
    /// When the next pending callback is due (to sleep until then).
    async fn next_callback_due(&self) -> Result<Option<i64>>;

    // Balances.
    async fn balances(&self, project_id: &str) -> Result<Vec<Balance>>;

    /// A secret of the service, made on first use and shared by every process.
    async fn service_secret(&self, name: &str) -> Result<String>;

    /// Session store pool for the hosted page.
    fn session_pool(&self) -> SessionPool;
}

/// Opens the database named by `url`, creating a SQLite file (and its directory) when missing,
/// and applies the migrations.
pub async fn open(url: &DatabaseUrl) -> Result<Arc<dyn Storage>> {
    if url.is_postgres() {
        Ok(Arc::new(postgres::open(url.expose()).await?))
    } else {
        Ok(Arc::new(sqlite::open(url.expose()).await?))
    }
}
