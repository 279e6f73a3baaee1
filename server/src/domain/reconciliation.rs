//! Reconciliation: incoming transfers an operator reports, one by one or as a bank statement,
//! matched to the open payment holding that requisite for that amount and credited through
//! the one receive path; what matches nothing is kept as unmatched for a human.

use std::sync::Arc;

use super::audit::{AuditEntry, Subject, Who};
use super::decisions::receive;
use super::engine::{Audited, Engine};
use super::error::{DomainError, Refusal, Result};
use super::incoming::{IncomingTransfer, RowOutcome, StatementRow};
use super::payment::{Payment, PaymentState};
use super::ports::{PaymentStore, RequisiteStore, TransferStore};
use super::time::now_ms;

pub struct Reconciliation {
    engine: Arc<Engine>,
    payments: Arc<dyn PaymentStore>,
    requisites: Arc<dyn RequisiteStore>,
    transfers: Arc<dyn TransferStore>,
}

/// A transfer as reported, before it is recorded.
struct Reported<'a> {
    row_key: String,
    transfer_date: Option<String>,
    amount: i64,
    currency: &'a str,
    requisite_ref: &'a str,
    reference: Option<&'a str>,
    /// Where it came from, for the audit log (a statement's line).
    line: Option<usize>,
}

impl Reconciliation {
    pub fn new(
        engine: Arc<Engine>,
        payments: Arc<dyn PaymentStore>,
        requisites: Arc<dyn RequisiteStore>,
        transfers: Arc<dyn TransferStore>,
    ) -> Self {
        Reconciliation { engine, payments, requisites, transfers }
    }

    /// Incoming funds reported by an operator: matched to the open payment holding that
    /// requisite for that amount. `None` when nothing matches; the transfer is then kept as
    /// unmatched for a human to look at.
    pub async fn incoming(
        &self,
        requisite_ref: &str,
        amount: i64,
        currency: &str,
        reference: Option<&str>,
        who: &Who,
    ) -> Result<Option<Payment>> {
        let reported = Reported {
            // Each transfer entered by hand is its own (two equal ones are two transfers).
            row_key: format!("manual:{}", uuid::Uuid::new_v4().simple()),
            transfer_date: None,
            amount,
            currency,
            requisite_ref,
            reference,
            line: None,
        };
        match self.payment_for_transfer(requisite_ref, amount, currency).await? {
            Some(payment) => self.credit(payment, &reported, who).await.map(Some),
            None => {
                self.record_unmatched(&reported, who).await?;
                Ok(None)
            }
        }
    }

    /// What each row of a statement would do, without changing anything.
    pub async fn preview_statement(&self, rows: &[StatementRow]) -> Result<Vec<RowOutcome>> {
        let keys: Vec<String> = rows.iter().map(|r| r.row_key.clone()).collect();
        let known = self.transfers.known_incoming(&keys).await?;
        let mut out = Vec::with_capacity(rows.len());
        for row in rows {
            if known.contains(&row.row_key) {
                out.push(RowOutcome::AlreadyApplied);
                continue;
            }
            out.push(match self.payment_for_transfer(&row.requisite_ref, row.amount, &row.currency).await? {
                Some(p) => RowOutcome::Matches(p.request_id),
                None => RowOutcome::Unmatched,
            });
        }
        Ok(out)
    }

    /// Applies a statement: each row credits its payment or is kept as unmatched, at most once
    /// (a row of an earlier upload is skipped, also when two uploads run at once).
    pub async fn apply_statement(&self, rows: &[StatementRow], who: &Who) -> Result<Vec<RowOutcome>> {
        let mut out = Vec::with_capacity(rows.len());
        for row in rows {
            if !self.transfers.known_incoming(std::slice::from_ref(&row.row_key)).await?.is_empty() {
                out.push(RowOutcome::AlreadyApplied);
                continue;
            }
            let reported = Reported {
                row_key: row.row_key.clone(),
                transfer_date: row.transfer_date.clone(),
                amount: row.amount,
                currency: &row.currency,
                requisite_ref: &row.requisite_ref,
                reference: row.reference.as_deref(),
                line: Some(row.line),
            };
            let outcome = match self.payment_for_transfer(&row.requisite_ref, row.amount, &row.currency).await? {
                Some(payment) => {
                    let request_id = payment.request_id.clone();
                    match self.credit(payment, &reported, who).await {
                        Ok(_) => RowOutcome::Matches(request_id),
                        Err(DomainError::Refused(Refusal::TransferAlreadyApplied)) => RowOutcome::AlreadyApplied,
                        Err(e @ (DomainError::Illegal(_) | DomainError::Busy | DomainError::Refused(_))) => {
                            RowOutcome::Refused(e.to_string())
                        }
                        Err(e) => return Err(e),
                    }
                }
                None if self.record_unmatched(&reported, who).await? => RowOutcome::Unmatched,
                None => RowOutcome::AlreadyApplied,
            };
            out.push(outcome);
        }
        Ok(out)
    }

    /// Transfers that matched no payment, newest first.
    pub async fn unmatched(&self, limit: i64) -> Result<Vec<IncomingTransfer>> {
        Ok(self.transfers.unmatched_incoming(limit).await?)
    }

    /// The open payment holding `requisite_ref` (an id, card, phone or account) for `amount` in
    /// `currency`, waiting for funds.
    async fn payment_for_transfer(&self, requisite_ref: &str, amount: i64, currency: &str) -> Result<Option<Payment>> {
        let requisite = match self.requisites.requisite(requisite_ref).await? {
            Some(r) => Some(r),
            None => self.requisites.requisite_by_pan(requisite_ref).await?,
        };
        let Some(requisite) = requisite else {
            return Ok(None);
        };
        let hold = format!("{}:{}", requisite.id, amount);
        let Some(payment) = self.payments.payment_by_requisite_hold(&hold).await? else {
            return Ok(None);
        };
        let waiting = matches!(payment.state, PaymentState::AwaitingConfirm | PaymentState::Paid);
        Ok((payment.currency.code == currency && waiting).then_some(payment))
    }

    /// Funds received for `payment`, recording the transfer that brought them (once).
    async fn credit(&self, payment: Payment, reported: &Reported<'_>, who: &Who) -> Result<Payment> {
        let amount = reported.amount;
        let detail = format!("amount {amount}, transfer {}", reported.reference.unwrap_or("-"));
        let transfer = transfer_of(reported, Some(payment.request_id.clone()), who);
        let audit = Audited { who, action: "incoming_matched", detail: Some(detail) };
        receive(&self.engine, payment, amount, audit, Some(transfer)).await
    }

    /// Keeps a transfer that matched nothing; false when that row was recorded before.
    async fn record_unmatched(&self, reported: &Reported<'_>, who: &Who) -> Result<bool> {
        let transfer = transfer_of(reported, None, who);
        let place = reported.line.map(|l| format!(" (line {l})")).unwrap_or_default();
        let audit =
            AuditEntry::new(who, "incoming_unmatched", Subject::Incoming, &transfer.row_key, transfer.recorded_ms)
                .detail(format!("{} {} to {}{place}", reported.amount, reported.currency, reported.requisite_ref));
        Ok(self.transfers.record_unmatched_incoming(&transfer, &audit).await?)
    }
}

fn transfer_of(r: &Reported<'_>, request_id: Option<String>, who: &Who) -> IncomingTransfer {
    IncomingTransfer {
        row_key: r.row_key.clone(),
        transfer_date: r.transfer_date.clone(),
        amount: r.amount,
        currency: r.currency.to_string(),
        requisite_ref: r.requisite_ref.to_string(),
        reference: r.reference.map(str::to_string),
        request_id,
        recorded_by: who.label(),
        recorded_ms: now_ms(),
    }
}
