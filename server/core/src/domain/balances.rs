//! A project's money (decisions.md §6, §10): balances per currency, statements over a period,
//! the entries a payment caused, and the check that every balance is what its entries add up
//! to. The entries themselves are decided by [`super::ledger`] and written with the changes.

use std::sync::Arc;

use super::error::Result;
use super::ledger::{Mismatch, StoredEntry};
use super::ports::{Balance, LedgerStore};

/// A project's money in one currency over a period.
#[derive(Clone, Debug)]
pub struct Statement {
    /// (available, locked) at the start.
    pub opening: (i64, i64),
    pub entries: Vec<StoredEntry>,
    /// (available, locked) at the end: the opening plus the entries.
    pub closing: (i64, i64),
}

pub struct Balances {
    ledger: Arc<dyn LedgerStore>,
}

impl Balances {
    pub fn new(ledger: Arc<dyn LedgerStore>) -> Self {
        Balances { ledger }
    }

    /// The project's balance per currency: available, and locked by open payouts.
    pub async fn of_project(&self, project_id: &str) -> Result<Vec<Balance>> {
        Ok(self.ledger.balances(project_id).await?)
    }

    /// A statement: the balance (available, locked) at `from_ms`, the entries of
    /// `[from_ms, to_ms)`, and the balance they lead to.
    pub async fn statement(&self, project_id: &str, currency: &str, from_ms: i64, to_ms: i64) -> Result<Statement> {
        let opening = self.ledger.balance_before(project_id, currency, from_ms).await?;
        let entries = self.ledger.entries(project_id, currency, from_ms, to_ms).await?;
        let closing = entries.iter().fold(opening, |(a, l), e| (a + e.entry.available_delta, l + e.entry.locked_delta));
        Ok(Statement { opening, entries, closing })
    }

    /// The ledger entries a payment caused.
    pub async fn entries_of(&self, request_id: &str) -> Result<Vec<StoredEntry>> {
        Ok(self.ledger.entries_of(request_id).await?)
    }

    /// Every balance that differs from the sum of its entries (empty when the ledger holds).
    pub async fn verify(&self) -> Result<Vec<Mismatch>> {
        Ok(self.ledger.verify().await?)
    }
}
