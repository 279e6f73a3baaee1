//! Payouts (decisions.md §6, §10): a create request checked against the catalogue's payout
//! column and receiver rules, its amount locked on the project's balance in the same
//! transaction; then the operator sends the money and records how it ended.

use std::sync::Arc;

use super::audit::Who;
use super::catalogue::Integration;
use super::engine::{Change, Created, Engine};
use super::error::{DomainError, Result};
use super::payment::{Actor, Details, Opening, Payment, PaymentType};
use super::payout::{self, PayoutDraft};
use super::ports::{BankStore, PaymentStore};
use super::project::Project;
use super::state_machine::Event;
use super::time::now_ms;
use crate::secret::Secret;

pub struct Payouts {
    engine: Arc<Engine>,
    payments: Arc<dyn PaymentStore>,
    /// Validation checks that the receiver's bank exists.
    banks: Arc<dyn BankStore>,
}

impl Payouts {
    pub fn new(engine: Arc<Engine>, payments: Arc<dyn PaymentStore>, banks: Arc<dyn BankStore>) -> Self {
        Payouts { engine, payments, banks }
    }

    /// Validates a payout request against the catalogue's payout column and receiver rules,
    /// then creates it, locking its amount on the project's balance in the same transaction
    /// (or answers the payout an identical earlier request created). A balance short of the
    /// amount refuses it with `Insufficient balance` and creates nothing.
    pub async fn create_payout(&self, project: &Project, draft: PayoutDraft) -> Result<Created> {
        let new = payout::validate(draft, project, self.banks.as_ref())
            .await?
            .map_err(|v| DomainError::Validation(v.into_vec()))?;
        let payout = Payment::open(
            Opening {
                project_id: new.project.id.clone(),
                payment_id: new.payment_id,
                payment_type: PaymentType::Payout,
                integration: Integration::H2hP2p,
                country: new.country,
                currency: new.currency,
                method: Some(new.method),
                widget_method: None,
                amount: new.amount,
                // Payouts do not expire: an operator sends them (decisions.md §10).
                lifetime_s: 0,
                details: Details {
                    urls: new.urls,
                    customer: new.customer,
                    description: new.description,
                    receiver: Some(new.receiver),
                    ..Details::default()
                },
                request_hash: new.request_hash,
            },
            now_ms(),
        );
        let created = self.engine.create_payout(payout, new.receiver_pan.as_ref(), &new.legacy_request_hash).await?;
        if created.fresh {
            tracing::info!(request_id = %created.payment.request_id, amount = created.payment.amount, "payout created");
        }
        Ok(created)
    }

    /// Checks a payout request by every rule `create_payout` applies, creating nothing (the
    /// console asks once more before it creates one).
    pub async fn check_payout(&self, project: &Project, draft: PayoutDraft) -> Result<()> {
        payout::validate(draft, project, self.banks.as_ref())
            .await?
            .map(|_| ())
            .map_err(|v| DomainError::Validation(v.into_vec()))
    }

    /// The merchant cancels a payout not sent yet (`decline` / `Canceled by client`).
    pub async fn cancel(&self, payout: Payment) -> Result<Payment> {
        self.engine.apply(payout, Change::bare(Event::Cancel, Actor::Merchant)).await
    }

    /// Operator: the payout is being sent (`processing:payout_process`).
    pub async fn execute(&self, payout: Payment, who: &Who) -> Result<Payment> {
        let change = Change::bare(Event::PayoutExecuted, Actor::Operator).audited(who, "payout_executed", None);
        self.engine.apply(payout, change).await
    }

    /// Operator: the payout arrived (`success`) or failed (`dispute:payout_failed`).
    pub async fn result(&self, payout: Payment, arrived: bool, who: &Who) -> Result<Payment> {
        let event = if arrived { Event::PayoutSucceeded } else { Event::PayoutFailed };
        let detail = Some(if arrived { "success" } else { "failed" }.to_string());
        let change = Change::bare(event, Actor::Operator).audited(who, "payout_result", detail);
        self.engine.apply(payout, change).await
    }

    /// Payouts waiting for an operator, oldest first.
    pub async fn waiting(&self, limit: i64) -> Result<Vec<Payment>> {
        Ok(self.payments.payouts_waiting(limit).await?)
    }

    /// The receiver's card or account number of a payout, in full, for the operator who pays.
    pub async fn receiver_pan(&self, payout: &Payment) -> Result<Option<Secret<String>>> {
        Ok(self.payments.payout_receiver_pan(&payout.request_id).await?)
    }
}
