//! The balance ledger (decisions.md §6, §10 "Balance and payouts"): every movement of a
//! project's money is an append-only entry written in the transaction of the payment change
//! that causes it, and the balance row of the project and currency moves by the same amounts in
//! that transaction. Amounts are integers in minor units.
//!
//! | change | entry | available | locked |
//! |---|---|---|---|
//! | a payin reaches `success` | `payin_credit` | + amount | |
//! | a payout is created | `payout_lock` | − amount | + amount |
//! | a payout reaches `success` | `payout_debit` | | − amount |
//! | a payout reaches `decline` | `payout_release` | + amount | − amount |
//!
//! A balance can never go below zero (the store refuses the change: `Insufficient balance`),
//! and `kassa ledger verify` recomputes every balance from the entries.

use super::payment::{Payment, PaymentState, PaymentType};

/// Why money moved.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum EntryKind {
    /// Balances that existed before the ledger (carried over once, by the migration).
    Opening,
    PayinCredit,
    PayoutLock,
    PayoutDebit,
    PayoutRelease,
}

impl EntryKind {
    pub const ALL: [EntryKind; 5] = [
        EntryKind::Opening,
        EntryKind::PayinCredit,
        EntryKind::PayoutLock,
        EntryKind::PayoutDebit,
        EntryKind::PayoutRelease,
    ];

    pub fn code(self) -> &'static str {
        match self {
            EntryKind::Opening => "opening",
            EntryKind::PayinCredit => "payin_credit",
            EntryKind::PayoutLock => "payout_lock",
            EntryKind::PayoutDebit => "payout_debit",
            EntryKind::PayoutRelease => "payout_release",
        }
    }

    pub fn parse(s: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|k| k.code() == s)
    }
}

/// One movement of a project's money in one currency.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LedgerEntry {
    pub kind: EntryKind,
    pub project_id: String,
    pub currency: String,
    /// The payment that caused it.
    pub request_id: Option<String>,
    /// Change of the available amount.
    pub available_delta: i64,
    /// Change of the amount locked by open payouts.
    pub locked_delta: i64,
}

/// A stored entry, for statements.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StoredEntry {
    pub id: i64,
    pub entry: LedgerEntry,
    pub at_ms: i64,
}

/// A balance whose stored value differs from what its entries add up to.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Mismatch {
    pub project_id: String,
    pub currency: String,
    pub stored_amount: i64,
    pub stored_locked_amount: i64,
    pub entries_amount: i64,
    pub entries_locked_amount: i64,
}

fn entry(p: &Payment, kind: EntryKind, available_delta: i64, locked_delta: i64) -> LedgerEntry {
    LedgerEntry {
        kind,
        project_id: p.project_id.clone(),
        currency: p.currency.code.to_string(),
        request_id: Some(p.request_id.clone()),
        available_delta,
        locked_delta,
    }
}

/// What creating `payout` moves: its amount from available to locked.
pub fn payout_created(payout: &Payment) -> LedgerEntry {
    entry(payout, EntryKind::PayoutLock, -payout.amount, payout.amount)
}

/// What a change of a payment from `before` to `after` moves (nothing for most changes).
pub fn entries_for_change(before: &Payment, after: &Payment) -> Vec<LedgerEntry> {
    let reached = |state: PaymentState| before.state != state && after.state == state;
    match after.payment_type {
        // The amount credited is the one received (after a dispute, the operator's).
        PaymentType::Payin if reached(PaymentState::Success) => {
            vec![entry(after, EntryKind::PayinCredit, after.amount, 0)]
        }
        PaymentType::Payout if reached(PaymentState::Success) => {
            vec![entry(after, EntryKind::PayoutDebit, 0, -after.amount)]
        }
        PaymentType::Payout if reached(PaymentState::Decline) => {
            vec![entry(after, EntryKind::PayoutRelease, after.amount, -after.amount)]
        }
        _ => Vec::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn kinds_round_trip() {
        for k in EntryKind::ALL {
            assert_eq!(EntryKind::parse(k.code()), Some(k));
        }
    }
}
