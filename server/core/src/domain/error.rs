//! The domain's one error type, and the refusals that cross layers as values (never as text
//! matched by callers).

use super::state_machine::IllegalMove;
use super::violations::Violation;

/// A rule refused an operation that was well formed (409 at the API, a notice in a console).
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Refusal {
    /// A payout (or a change) would take the balance below zero.
    #[error("Insufficient balance")]
    InsufficientBalance,
    /// The transfer credited a payment already: one transfer credits once.
    #[error("Transfer already applied")]
    TransferAlreadyApplied,
    /// A project holds at most two active request keys.
    #[error("a project holds at most two active request keys; deactivate one first")]
    TooManyKeys,
    /// A push request goes to the payer's phone at most once a minute.
    #[error("Push request sent less than a minute ago")]
    PushTooSoon,
    /// The callback does not exist, or an attempt is in flight right now.
    #[error("Callback not found or being delivered")]
    CallbackNotResendable,
    /// A credit no transfer shows (above the payment's amount or the currency's limit) waits
    /// for a second operator (decisions.md §8).
    #[error("Second approval required")]
    SecondApprovalRequired,
    /// The decision was taken on a version of the payment that has changed since.
    #[error("Payment changed since it was seen")]
    PaymentChanged,
    /// The person who proposed a credit cannot approve it.
    #[error("A second operator must approve")]
    OwnProposal,
    /// A transfer that may be one recorded before (the review list decides).
    #[error("Transfer may have been recorded before")]
    TransferSeenBefore,
    /// Integration checks come at most a few a minute per merchant (each is an outgoing request).
    #[error("Too many integration checks; try again in a minute")]
    TooManyChecks,
    /// Deactivating a project's only active request key would refuse all its requests.
    #[error("the project's last active request key cannot be deactivated; add another first")]
    LastActiveKey,
    /// Someone decided this already (a proposal approved or rejected, a transfer attached).
    #[error("Already decided")]
    AlreadyDecided,
    /// The person's role does not allow this.
    #[error("Your role does not allow this")]
    NotAllowed,
    /// Disabling oneself, changing one's own role or resetting one's own password from the
    /// users page: refused, so a console never loses its last administrator by a slip.
    #[error("Ask another administrator to change your own account")]
    OwnAccount,
    /// The login is taken.
    #[error("That login is taken")]
    LoginTaken,
}

pub type BoxError = Box<dyn std::error::Error + Send + Sync>;

/// Why a store could not do what it was asked.
#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    /// The record changed since it was read; re-read and decide again.
    #[error("the record changed concurrently")]
    Conflict,
    /// Another open payment of the same amount holds that requisite.
    #[error("the requisite already serves an open payment of this amount")]
    RequisiteTaken,
    #[error("stored data is corrupt: {0}")]
    Corrupt(String),
    /// A rule the store keeps atomically refused the change.
    #[error(transparent)]
    Refused(Refusal),
    /// The database cannot be reached (the request may be retried).
    #[error("the database is unavailable")]
    Unavailable(#[source] BoxError),
    #[error("database error")]
    Database(#[source] BoxError),
}

pub type StoreResult<T> = std::result::Result<T, StoreError>;

/// The one error type of the domain's services.
#[derive(Debug, thiserror::Error)]
pub enum DomainError {
    #[error("payment not found")]
    NotFound,
    /// A record other than a payment (requisite, bank, project, callback) does not exist.
    #[error("not found")]
    Missing,
    #[error("payment_id already used with a different request")]
    DuplicatePaymentId,
    #[error(transparent)]
    Illegal(#[from] IllegalMove),
    /// Fields of a request break the rules; every one is listed.
    #[error("validation failed")]
    Validation(Vec<Violation>),
    /// The payment kept changing under us; the caller may retry.
    #[error("payment is busy")]
    Busy,
    #[error(transparent)]
    Refused(Refusal),
    /// Work the service runs aside (a password check) did not finish.
    #[error("internal failure: {0}")]
    Internal(&'static str),
    #[error(transparent)]
    Storage(StoreError),
    /// The request's signed message was first used on another endpoint (decisions.md §2):
    /// nothing was written.
    #[error("signed message already used on another endpoint")]
    Replayed,
}

impl DomainError {
    pub fn invalid(field: &str, message: impl Into<String>) -> Self {
        DomainError::Validation(vec![Violation { field: field.to_string(), message: message.into() }])
    }
}

impl From<StoreError> for DomainError {
    fn from(e: StoreError) -> Self {
        match e {
            StoreError::Refused(refusal) => DomainError::Refused(refusal),
            e => DomainError::Storage(e),
        }
    }
}

impl From<Refusal> for DomainError {
    fn from(r: Refusal) -> Self {
        DomainError::Refused(r)
    }
}

pub type Result<T, E = DomainError> = std::result::Result<T, E>;
