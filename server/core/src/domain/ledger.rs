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

/// How a balance moves: the sum of a batch's entries on one project and currency.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BalanceMove {
    pub project_id: String,
    pub currency: String,
    pub available_delta: i64,
    pub locked_delta: i64,
}

/// The balance moves of `entries`, one per project and currency, in the order first met.
pub fn balance_moves<'a>(entries: impl IntoIterator<Item = &'a LedgerEntry>) -> Vec<BalanceMove> {
    let mut moves: Vec<BalanceMove> = Vec::new();
    for e in entries {
        match moves.iter_mut().find(|m| m.project_id == e.project_id && m.currency == e.currency) {
            Some(m) => {
                m.available_delta += e.available_delta;
                m.locked_delta += e.locked_delta;
            }
            None => moves.push(BalanceMove {
                project_id: e.project_id.clone(),
                currency: e.currency.clone(),
                available_delta: e.available_delta,
                locked_delta: e.locked_delta,
            }),
        }
    }
    moves
}

/// What became of a payout of a batch.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PayoutOutcome {
    Created,
    /// The project already has its `payment_id` (the caller reads that payout).
    Existing,
    /// The balance is short of its amount: nothing was written.
    Refused,
}

/// One payout of a batch asking its balance for its amount.
struct Ask {
    /// (project, currency) of the balance it draws on.
    balance: (String, String),
    /// (project, payment_id): a second payout with the same is the first one's retry.
    payment: (String, String),
    amount: i64,
}

/// Which payouts of a batch their balances cover (decisions.md §10), in arrival order: a
/// payout the balance covers is taken, one it does not is refused. The store reads and locks
/// the balances, asks for a pass, inserts the payouts it names and settles each; a payout
/// whose `payment_id` turned out taken is that payout's retry, and its amount goes back to
/// the ones still refused, which another pass may then cover.
pub struct PayoutCover {
    asks: Vec<Ask>,
    available: std::collections::HashMap<(String, String), i64>,
    outcomes: Vec<PayoutOutcome>,
    /// Payment ids taken in this batch (a second payout with one is the first one's retry).
    taken: std::collections::HashSet<(String, String)>,
    gave_back: bool,
}

impl PayoutCover {
    /// `payouts` with the entry locking each one's amount; `available` per (project, currency).
    pub fn new<'a>(
        payouts: impl IntoIterator<Item = (&'a Payment, &'a LedgerEntry)>,
        available: std::collections::HashMap<(String, String), i64>,
    ) -> Self {
        let asks: Vec<_> = payouts
            .into_iter()
            .map(|(p, lock)| Ask {
                balance: (lock.project_id.clone(), lock.currency.clone()),
                payment: (p.project_id.clone(), p.payment_id.clone()),
                amount: p.amount,
            })
            .collect();
        let outcomes = vec![PayoutOutcome::Refused; asks.len()];
        PayoutCover { asks, available, outcomes, taken: Default::default(), gave_back: false }
    }

    /// The payouts the balances cover now, in order; empty when none more can be covered.
    pub fn next_pass(&mut self) -> Vec<usize> {
        self.gave_back = false;
        let mut covered = Vec::new();
        for (i, Ask { balance, payment, amount }) in self.asks.iter().enumerate() {
            if self.outcomes[i] != PayoutOutcome::Refused {
                continue;
            }
            if self.taken.contains(payment) {
                self.outcomes[i] = PayoutOutcome::Existing;
                continue;
            }
            let left = self.available.entry(balance.clone()).or_insert(0);
            if *left >= *amount {
                *left -= amount;
                self.taken.insert(payment.clone());
                self.outcomes[i] = PayoutOutcome::Created;
                covered.push(i);
            }
        }
        covered
    }

    /// The insert of a covered payout found its `payment_id` taken: it is that payout's
    /// retry, and its amount goes back to the balance.
    pub fn already_existed(&mut self, index: usize) {
        let ask = &self.asks[index];
        *self.available.entry(ask.balance.clone()).or_insert(0) += ask.amount;
        self.outcomes[index] = PayoutOutcome::Existing;
        self.gave_back = true;
    }

    /// Whether another pass may cover a payout refused so far.
    pub fn worth_another_pass(&self) -> bool {
        self.gave_back && self.outcomes.contains(&PayoutOutcome::Refused)
    }

    /// The refused payouts, as (index, project, payment_id): the store checks whether their
    /// ids are taken (a repeat of that payout, not a refusal).
    pub fn refused(&self) -> Vec<(usize, &str, &str)> {
        (0..self.asks.len())
            .filter(|i| self.outcomes[*i] == PayoutOutcome::Refused)
            .map(|i| (i, self.asks[i].payment.0.as_str(), self.asks[i].payment.1.as_str()))
            .collect()
    }

    /// A refused payout whose id the project already has: that payout's retry.
    pub fn existing(&mut self, index: usize) {
        self.outcomes[index] = PayoutOutcome::Existing;
    }

    pub fn outcomes(&self) -> &[PayoutOutcome] {
        &self.outcomes
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn payout(project: &str, payment_id: &str, amount: i64) -> Payment {
        use crate::domain::catalogue::{Country, Currency, Integration};
        let opening = crate::domain::payment::Opening {
            project_id: project.into(),
            payment_id: payment_id.into(),
            payment_type: PaymentType::Payout,
            integration: Integration::H2hP2p,
            country: Country::parse("RU").unwrap(),
            currency: Currency::parse("RUB").unwrap(),
            method: None,
            widget_method: None,
            amount,
            lifetime_s: 0,
            details: Default::default(),
            request_hash: String::new(),
        };
        Payment::open(opening, 0)
    }

    #[test]
    fn a_balance_covers_payouts_in_arrival_order() {
        let batch = [payout("p", "a", 60), payout("p", "b", 50), payout("p", "c", 40)];
        let locks: Vec<_> = batch.iter().map(payout_created).collect();
        let available = [(("p".to_string(), "RUB".to_string()), 100)].into_iter().collect();
        let mut cover = PayoutCover::new(batch.iter().zip(&locks), available);
        assert_eq!(cover.next_pass(), [0, 2], "60 then 40 fit 100; 50 does not after 60");
        assert!(!cover.worth_another_pass());
        assert_eq!(cover.outcomes(), [PayoutOutcome::Created, PayoutOutcome::Refused, PayoutOutcome::Created]);
    }

    #[test]
    fn an_existing_payout_gives_its_amount_back_to_the_refused() {
        let batch = [payout("p", "a", 60), payout("p", "b", 50), payout("p", "a", 60)];
        let locks: Vec<_> = batch.iter().map(payout_created).collect();
        let available = [(("p".to_string(), "RUB".to_string()), 100)].into_iter().collect();
        let mut cover = PayoutCover::new(batch.iter().zip(&locks), available);
        assert_eq!(cover.next_pass(), [0]);
        // "a" was created by an earlier request: its 60 goes back, and "b" now fits.
        cover.already_existed(0);
        assert!(cover.worth_another_pass());
        assert_eq!(cover.next_pass(), [1]);
        // The third repeats the first's id: a retry of that payout, not a refusal.
        assert_eq!(cover.outcomes(), [PayoutOutcome::Existing, PayoutOutcome::Created, PayoutOutcome::Existing]);
        assert!(cover.refused().is_empty());
    }

    #[test]
    fn moves_sum_entries_per_balance() {
        let batch = [payout("p", "a", 60), payout("q", "b", 50), payout("p", "c", 40)];
        let locks: Vec<_> = batch.iter().map(payout_created).collect();
        let moves = balance_moves(&locks);
        assert_eq!(moves.len(), 2);
        assert_eq!((moves[0].project_id.as_str(), moves[0].available_delta, moves[0].locked_delta), ("p", -100, 100));
        assert_eq!((moves[1].project_id.as_str(), moves[1].available_delta), ("q", -50));
    }

    #[test]
    fn kinds_round_trip() {
        for k in EntryKind::ALL {
            assert_eq!(EntryKind::parse(k.code()), Some(k));
        }
    }
}
