//! What operators decide (decisions.md §8): funds received for a payin, disputes closed, a
//! mobile-money push answered, a sandbox payment's clock run out; and the queue of what waits
//! for them. Every decision is audited in the transaction of its change.

use std::sync::Arc;

use super::audit::Who;
use super::engine::{Audited, Change, Engine};
use super::error::Result;
use super::incoming::IncomingTransfer;
use super::payment::{Actor, Payment, PaymentState, PaymentType};
use super::ports::PaymentStore;
use super::state_machine::{Event, lifetime_ended};

/// How an operator closes a dispute.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Resolution {
    Success,
    Decline,
}

/// What waits for an operator.
#[derive(Clone, Debug, Default)]
pub struct Queue {
    /// Payins in `processing:paid` and every dispute (a failed payout's too).
    pub payins: Vec<Payment>,
    /// Payouts to send, or whose result to record.
    pub payouts: Vec<Payment>,
}

pub struct Decisions {
    engine: Arc<Engine>,
    payments: Arc<dyn PaymentStore>,
}

impl Decisions {
    pub fn new(engine: Arc<Engine>, payments: Arc<dyn PaymentStore>) -> Self {
        Decisions { engine, payments }
    }

    /// What waits for an operator, the longest waiting first in each list.
    pub async fn queue(&self, limit: i64) -> Result<Queue> {
        let waiting = self.payments.waiting_for_operator(limit).await?;
        let payins = waiting
            .into_iter()
            .filter(|p| p.payment_type == PaymentType::Payin || p.state == PaymentState::DisputePayoutFailed)
            .collect();
        let payouts = self.payments.payouts_waiting(limit).await?;
        Ok(Queue { payins, payouts })
    }

    /// Funds arrived for a payment awaiting them. The full amount succeeds; any other amount
    /// opens `dispute:different_amount`.
    pub async fn funds_received(&self, payment: Payment, amount: i64, who: &Who) -> Result<Payment> {
        let audit = Audited { who, action: "funds_received", detail: Some(format!("amount {amount}")) };
        receive(&self.engine, payment, amount, audit, None).await
    }

    /// Closes a dispute. On success the amount becomes the one received (given, or the one
    /// reported in a different-amount dispute) and `old_amount` keeps the previous one.
    pub async fn resolve(
        &self,
        payment: Payment,
        resolution: Resolution,
        amount: Option<i64>,
        who: &Who,
    ) -> Result<Payment> {
        let (event, received) = match resolution {
            Resolution::Success => {
                (Event::DisputeFundsReceived, amount.or(payment.received_amount).unwrap_or(payment.amount))
            }
            Resolution::Decline => (Event::DisputeNoFunds, payment.amount),
        };
        // A payin's amount becomes the one received; a payout's never changes (its lock is
        // released for exactly what it locked).
        let edit = move |p: &mut Payment| {
            if p.state == PaymentState::Success && p.payment_type == PaymentType::Payin {
                p.old_amount = p.amount;
                p.amount = received;
            }
        };
        let detail = match resolution {
            Resolution::Success => format!("success, amount {received}"),
            Resolution::Decline => "decline".to_string(),
        };
        let change = Change::new(event, Actor::Operator, &edit).audited(who, "dispute_resolved", Some(detail));
        self.engine.apply(payment, change).await
    }

    /// KE mobile money: the payer answered the push request.
    pub async fn push_result(&self, payment: Payment, accepted: bool, who: &Who) -> Result<Payment> {
        let event = if accepted { Event::PushAccepted } else { Event::PushRefused };
        let detail = Some(if accepted { "accepted" } else { "refused" }.to_string());
        let change = Change::bare(event, Actor::Operator).audited(who, "push_result", detail);
        self.engine.apply(payment, change).await
    }

    /// Sandbox: the payment's next timed event happens now, as the clock would make it.
    pub async fn expire_now(&self, payment: Payment, who: &Who) -> Result<Payment> {
        let event = match payment.state {
            PaymentState::DisputeNoPayment => Event::GraceEnded,
            _ => lifetime_ended(&payment),
        };
        let change = Change::bare(event, Actor::Operator).audited(who, "expired_now", None);
        self.engine.apply(payment, change).await
    }
}

/// `amount` arrived for `payment`: the full amount succeeds, another one opens
/// `dispute:different_amount` remembering what arrived. The one receive path of funds received
/// by hand and of matched transfers (which are recorded with the change, once).
pub(super) async fn receive(
    engine: &Engine,
    payment: Payment,
    amount: i64,
    audit: Audited<'_>,
    incoming: Option<IncomingTransfer>,
) -> Result<Payment> {
    let event = if amount == payment.amount { Event::FundsReceived } else { Event::DifferentAmountReceived };
    let edit = move |p: &mut Payment| {
        if p.state == PaymentState::DisputeDifferentAmount {
            p.received_amount = Some(amount);
        }
    };
    let change = Change { audit: Some(audit), incoming, ..Change::new(event, Actor::Operator, &edit) };
    engine.apply(payment, change).await
}
