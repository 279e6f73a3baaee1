//! What operators decide (decisions.md §8): funds received for a payin, disputes closed, a
//! mobile-money push answered, a sandbox payment's clock run out; the queue of what waits for
//! them; and four eyes on credits no transfer shows: a person's credit above the payment's own
//! amount (or the currency's limit) becomes a proposal a second operator approves, a script's
//! is refused. Every decision is audited in the transaction of its change, and one taken on a
//! version of the payment that changed since is refused.

use std::sync::Arc;

use super::approval::{Approval, ApprovalKind, ApprovalState, CreditLimits, needs_second_operator};
use super::audit::{AuditEntry, Subject, Who, money};
use super::engine::{Audited, Change, Engine};
use super::error::{DomainError, Refusal, Result};
use super::payment::{Actor, Payment, PaymentState, PaymentType};
use super::ports::{ApprovalDecision, ApprovalStore, PaymentStore, TransferWrite};
use super::state_machine::{Event, lifetime_ended};
use super::time::now_ms;
use super::transfer::TransferState;

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
    /// Credits waiting for a second operator, each with its payment as it is now.
    pub approvals: Vec<(Approval, Payment)>,
}

/// What a decision did.
#[derive(Clone, Debug)]
pub enum Decided {
    Done(Box<Payment>),
    /// The credit waits for a second operator.
    Proposed(Box<Approval>),
}

impl Decided {
    /// The payment after a decision that had to be made now: one that became a proposal is
    /// refused, as a caller without a person behind it must be (decisions.md §8).
    pub fn done(self) -> Result<Payment> {
        match self {
            Decided::Done(payment) => Ok(*payment),
            Decided::Proposed(_) => Err(Refusal::SecondApprovalRequired.into()),
        }
    }
}

pub struct Decisions {
    engine: Arc<Engine>,
    payments: Arc<dyn PaymentStore>,
    approvals: Arc<dyn ApprovalStore>,
    limits: CreditLimits,
}

impl Decisions {
    pub fn new(
        engine: Arc<Engine>,
        payments: Arc<dyn PaymentStore>,
        approvals: Arc<dyn ApprovalStore>,
        limits: CreditLimits,
    ) -> Self {
        Decisions { engine, payments, approvals, limits }
    }

    /// What waits for an operator, the longest waiting first in each list.
    pub async fn queue(&self, limit: i64) -> Result<Queue> {
        let waiting = self.payments.waiting_for_operator(limit).await?;
        let payins = waiting
            .into_iter()
            .filter(|p| p.payment_type == PaymentType::Payin || p.state == PaymentState::DisputePayoutFailed)
            .collect();
        let payouts = self.payments.payouts_waiting(limit).await?;
        let mut approvals = Vec::new();
        for approval in self.approvals.pending_approvals(limit).await? {
            let payment = self.engine.reread(&approval.request_id).await?;
            approvals.push((approval, payment));
        }
        Ok(Queue { payins, payouts, approvals })
    }

    /// How much of the queue waits, counted whole: the lists above are capped.
    pub async fn queue_counts(&self) -> Result<super::ports::QueueCounts> {
        Ok(self.payments.queue_counts().await?)
    }

    /// Funds arrived for a payment awaiting them. The full amount succeeds; any other amount
    /// opens `dispute:different_amount`. Above the payment's amount it is a proposal (a person)
    /// or refused (a script).
    pub async fn funds_received(
        &self,
        payment: Payment,
        amount: i64,
        who: &Who,
        seen_version: Option<i64>,
    ) -> Result<Decided> {
        if needs_second_operator(amount, &payment, &self.limits) {
            return self.propose(ApprovalKind::Received, &payment, amount, who, seen_version).await;
        }
        let audit = Audited {
            who,
            action: "funds_received",
            detail: Some(format!("amount {}", money(amount, payment.currency.code))),
        };
        let change = receive(&payment, amount, audit).seen_at(seen_version);
        Ok(Decided::Done(Box::new(self.engine.apply(payment, change).await?)))
    }

    /// Closes a dispute. On success a payin's amount becomes the one received (given, or the
    /// one reported in a different-amount dispute) and `old_amount` keeps the previous one;
    /// above the payment's own amount that is a proposal (a person) or refused (a script).
    pub async fn resolve(
        &self,
        payment: Payment,
        resolution: Resolution,
        amount: Option<i64>,
        who: &Who,
        seen_version: Option<i64>,
    ) -> Result<Decided> {
        let received = amount.or(payment.received_amount).unwrap_or(payment.amount);
        let credits = resolution == Resolution::Success && payment.payment_type == PaymentType::Payin;
        if credits && needs_second_operator(received, &payment, &self.limits) {
            return self.propose(ApprovalKind::Resolve, &payment, received, who, seen_version).await;
        }
        let detail = match resolution {
            Resolution::Success => format!("success, amount {}", money(received, payment.currency.code)),
            Resolution::Decline => "decline".to_string(),
        };
        let audit = Audited { who, action: "dispute_resolved", detail: Some(detail) };
        let change = match resolution {
            Resolution::Success => settle(&payment, received, audit),
            Resolution::Decline => {
                Change { audit: Some(audit), ..Change::bare(Event::DisputeNoFunds, Actor::Operator) }
            }
        };
        Ok(Decided::Done(Box::new(self.engine.apply(payment, change.seen_at(seen_version)).await?)))
    }

    /// A person's credit waits for a second one; a script's is refused.
    async fn propose(
        &self,
        kind: ApprovalKind,
        payment: &Payment,
        amount: i64,
        who: &Who,
        seen_version: Option<i64>,
    ) -> Result<Decided> {
        if !matches!(who, Who::Operator(..)) {
            return Err(Refusal::SecondApprovalRequired.into());
        }
        if seen_version.is_some_and(|v| v != payment.version) {
            return Err(Refusal::PaymentChanged.into());
        }
        let approval = proposal(kind, payment, amount, None, None, who);
        propose(self.approvals.as_ref(), approval, None, who).await.map(|a| Decided::Proposed(Box::new(a)))
    }

    /// Credits waiting for a second operator, oldest first.
    pub async fn pending_approvals(&self, limit: i64) -> Result<Vec<Approval>> {
        Ok(self.approvals.pending_approvals(limit).await?)
    }

    /// Whether crediting `amount` to `payment` waits for a second operator (decisions.md §8).
    pub fn needs_second_operator(&self, amount: i64, payment: &Payment) -> bool {
        needs_second_operator(amount, payment, &self.limits)
    }

    /// A proposal and the payment it would credit, as it is now (to restate before approving).
    pub async fn approval(&self, id: &str) -> Result<(Approval, Payment)> {
        let approval = self.approvals.approval(id).await?.ok_or(DomainError::Missing)?;
        let payment = self.engine.reread(&approval.request_id).await?;
        Ok((approval, payment))
    }

    /// A second operator carries out a proposal: the credit is made on the version of the
    /// payment it was proposed on, with the proposal's end, in one change.
    pub async fn approve(&self, id: &str, who: &Who) -> Result<Payment> {
        let approval = self.approvals.approval(id).await?.ok_or(DomainError::Missing)?;
        if approval.state != ApprovalState::Pending {
            return Err(Refusal::AlreadyDecided.into());
        }
        if approval.proposed_by == who.label() || !matches!(who, Who::Operator(..)) {
            return Err(Refusal::OwnProposal.into());
        }
        let payment = self.engine.reread(&approval.request_id).await?;
        let now = now_ms();
        let detail = format!(
            "{} {} {} proposed by {}",
            approval.kind.code(),
            approval.amount,
            approval.currency,
            approval.proposed_by
        );
        let audit = Audited { who, action: "credit_approved", detail: Some(detail) };
        let mut change = match approval.kind {
            ApprovalKind::Received => receive(&payment, approval.amount, audit),
            ApprovalKind::Resolve | ApprovalKind::Attach => settle(&payment, approval.amount, audit),
        };
        change.approval = Some(ApprovalDecision { id: approval.id.clone(), decided_by: who.label(), at_ms: now });
        if let Some(transfer_id) = &approval.transfer_id {
            change.transfer = Some(TransferWrite::Credit {
                id: transfer_id.clone(),
                from: TransferState::Pending,
                request_id: approval.request_id.clone(),
                decided_by: who.label(),
                at_ms: now,
                note: approval.note.clone(),
            });
        }
        self.engine.apply(payment, change.seen_at(Some(approval.payment_version))).await
    }

    /// A second operator turns a proposal down (its transfer goes back to review).
    pub async fn reject(&self, id: &str, who: &Who) -> Result<()> {
        let approval = self.approvals.approval(id).await?.ok_or(DomainError::Missing)?;
        let now = now_ms();
        let audit = AuditEntry::new(who, "credit_rejected", Subject::Payment, &approval.request_id, now)
            .states("pending", "rejected")
            .detail(format!("{} {} {}", approval.kind.code(), approval.amount, approval.currency));
        if self.approvals.reject_approval(id, &who.label(), now, &audit).await? {
            Ok(())
        } else {
            Err(Refusal::AlreadyDecided.into())
        }
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

/// A proposal of `who` to credit `amount` to `payment` (from `transfer_id` when a transfer).
pub(super) fn proposal(
    kind: ApprovalKind,
    payment: &Payment,
    amount: i64,
    transfer_id: Option<String>,
    note: Option<String>,
    who: &Who,
) -> Approval {
    Approval {
        id: uuid::Uuid::new_v4().simple().to_string(),
        kind,
        request_id: payment.request_id.clone(),
        payment_version: payment.version,
        amount,
        currency: payment.currency.code.to_string(),
        transfer_id,
        note,
        proposed_by: who.label(),
        proposed_ms: now_ms(),
        state: ApprovalState::Pending,
        decided_by: None,
        decided_ms: None,
    }
}

/// Keeps a proposal (recording `new`, the transfer it credits, when it is seen now), audited
/// under its proposer `who` (the one `approval` was made by) and their role.
pub(super) async fn propose(
    store: &dyn ApprovalStore,
    approval: Approval,
    new: Option<&super::transfer::Transfer>,
    who: &Who,
) -> Result<Approval> {
    let detail = format!("{} {}", approval.kind.code(), money(approval.amount, &approval.currency));
    let audit = AuditEntry::new(who, "credit_proposed", Subject::Payment, &approval.request_id, approval.proposed_ms)
        .states("", "pending")
        .detail(detail);
    if store.propose(&approval, new, &audit).await? { Ok(approval) } else { Err(Refusal::AlreadyDecided.into()) }
}

/// `amount` arrived for a payment waiting for it: the full amount succeeds, another one opens
/// `dispute:different_amount` remembering what arrived.
pub(super) fn receive<'a>(payment: &Payment, amount: i64, audit: Audited<'a>) -> Change<'a> {
    let event = if amount == payment.amount { Event::FundsReceived } else { Event::DifferentAmountReceived };
    let edit = move |p: &mut Payment| {
        if p.state == PaymentState::DisputeDifferentAmount {
            p.received_amount = Some(amount);
        }
    };
    Change { audit: Some(audit), ..Change::new(event, Actor::Operator, edit) }
}

/// `amount` settles a payment: a dispute closes with success for it (a payin's amount becomes
/// it); a payment waiting for funds receives it.
pub(super) fn settle<'a>(payment: &Payment, amount: i64, audit: Audited<'a>) -> Change<'a> {
    if !payment.state.is_dispute() {
        return receive(payment, amount, audit);
    }
    // A payin's amount becomes the one received; a payout's never changes (its lock is
    // released for exactly what it locked).
    let edit = move |p: &mut Payment| {
        if p.state == PaymentState::Success && p.payment_type == PaymentType::Payin {
            p.old_amount = p.amount;
            p.amount = amount;
        }
    };
    Change { audit: Some(audit), ..Change::new(Event::DisputeFundsReceived, Actor::Operator, edit) }
}
