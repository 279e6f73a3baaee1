//! Four eyes on money no transfer shows (decisions.md §8): a credit above the payment's own
//! amount, a transfer attached to a payment by hand, and any credit above the currency's limit
//! wait for a second operator. The proposal names the version of the payment it was made on;
//! the person who proposed it cannot approve it.

use std::collections::HashMap;

use super::payment::Payment;

/// What a proposal credits.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ApprovalKind {
    /// Funds received for a payin waiting for them (`received`).
    Received,
    /// A dispute closed with success for an amount (`resolve`).
    Resolve,
    /// A recorded transfer attached to a payment by hand.
    Attach,
}

impl ApprovalKind {
    pub const ALL: [ApprovalKind; 3] = [ApprovalKind::Received, ApprovalKind::Resolve, ApprovalKind::Attach];

    pub fn code(self) -> &'static str {
        match self {
            ApprovalKind::Received => "received",
            ApprovalKind::Resolve => "resolve",
            ApprovalKind::Attach => "attach",
        }
    }

    pub fn parse(code: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|k| k.code() == code)
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ApprovalState {
    Pending,
    Approved,
    Rejected,
}

impl ApprovalState {
    pub fn code(self) -> &'static str {
        match self {
            ApprovalState::Pending => "pending",
            ApprovalState::Approved => "approved",
            ApprovalState::Rejected => "rejected",
        }
    }

    pub fn parse(code: &str) -> Option<Self> {
        [ApprovalState::Pending, ApprovalState::Approved, ApprovalState::Rejected]
            .into_iter()
            .find(|s| s.code() == code)
    }
}

/// A credit waiting for a second operator.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Approval {
    pub id: String,
    pub kind: ApprovalKind,
    pub request_id: String,
    /// The payment's version when it was proposed: a payment that moved since is refused.
    pub payment_version: i64,
    pub amount: i64,
    pub currency: String,
    /// The transfer it credits (attach, or a statement's row over the limit).
    pub transfer_id: Option<String>,
    pub note: Option<String>,
    /// The audit label of who proposed it (`operator:alice`).
    pub proposed_by: String,
    pub proposed_ms: i64,
    pub state: ApprovalState,
    pub decided_by: Option<String>,
    pub decided_ms: Option<i64>,
}

/// The largest single credit per currency that one operator may make (minor units); above it a
/// second operator approves. Configured (`KASSA_CREDIT_LIMITS`); a currency not listed has none.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct CreditLimits(pub HashMap<String, i64>);

impl CreditLimits {
    pub fn of(&self, currency: &str) -> Option<i64> {
        self.0.get(currency).copied()
    }
}

/// Whether crediting `amount` to `payment` needs a second operator: above the payment's own
/// (initial) amount, or above the currency's limit.
pub fn needs_second_operator(amount: i64, payment: &Payment, limits: &CreditLimits) -> bool {
    amount > payment.initial_amount || limits.of(payment.currency.code).is_some_and(|limit| amount > limit)
}
