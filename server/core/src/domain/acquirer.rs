//! The acquirer port: the one place a card payment is authorized. The sandbox acquirer
//! (`acquirer/sandbox.rs`) is the first implementation; a real one plugs in behind the same
//! trait without touching the API or the page.

use async_trait::async_trait;

use super::payment::{AscInfo, Payment, RedirectInfo};
use crate::secret::Secret;

/// Card data for one authorization: in memory only, never stored or logged.
#[derive(Clone, Debug)]
pub struct Card {
    pub pan: Secret<String>,
    pub cvv: Option<Secret<String>>,
    pub year: i64,
    pub month: i64,
    pub holder: String,
}

/// The acquirer's answer to an authorization.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Authorization {
    /// Frictionless: funds debited.
    Approved { reference: String },
    /// The issuer wants a 3DS challenge.
    Challenge(AscInfo),
    /// The issuer wants the user redirected to its page.
    Redirect(RedirectInfo),
    /// Refused; the reason is the payment's `status_description`.
    Declined(&'static str),
}

/// The outcome of a 3DS result (`PaRes`, `MD`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ThreeDsOutcome {
    Authenticated,
    Failed,
}

#[derive(Debug, thiserror::Error)]
pub enum AcquirerError {
    #[error("the acquirer is unavailable: {0}")]
    Unavailable(String),
}

#[async_trait]
pub trait Acquirer: Send + Sync + 'static {
    /// Authorizes `card` for `payment`.
    async fn authorize(&self, payment: &Payment, card: &Card) -> Result<Authorization, AcquirerError>;

    /// Checks the issuer's 3DS result for `payment`.
    async fn complete_3ds(&self, payment: &Payment, pa_res: &str, md: &str) -> Result<ThreeDsOutcome, AcquirerError>;
}
