//! The state-change engine: the one place a payment is created or moved. A move is looked up
//! in the table of [`super::state_machine`], applied over the version it was computed from,
//! and written through the [`PaymentStore`] port in one transaction with its history row, its
//! callbacks (outbox), its ledger entries, its audit entry and whatever it records (a receipt,
//! a transfer). A concurrent change makes the store refuse the write; the engine re-reads the
//! payment and decides again, so two requests can never both win.
//!
//! Every service that changes payments goes through here; none writes a payment itself.

use std::sync::Arc;

use super::audit::{AuditEntry, Subject, Who};
use super::error::{DomainError, Refusal, Result};
use super::ledger;
use super::outbox::{self, CallbackRenderer};
use super::payment::{Actor, Flow, Payment, PaymentState, PaymentType};
use super::ports::{ApprovalDecision, Inserted, NewReceipt, PaymentChange, PaymentStore, StoreError, TransferWrite};
use super::replay::SignatureUse;
use super::signals::Signals;
use super::state_machine::{self, Event};
use super::time::now_ms;
use crate::secret::Secret;

/// Timing settings of the payments' lives.
#[derive(Clone, Debug)]
pub struct Settings {
    /// How long the requisites search runs before the payment declines.
    pub search_window_ms: i64,
    /// How long `dispute:no_payment` waits for a receipt.
    pub grace_ms: i64,
    /// How long a card authorization may take before the payment is declined as lost.
    pub card_auth_timeout_ms: i64,
}

/// The outcome of a create.
#[derive(Clone, Debug)]
pub struct Created {
    pub payment: Payment,
    /// False when this was a retry answered with the existing payment.
    pub fresh: bool,
}

/// A payment that found no requisite is searched again when a requisite may have become free
/// (see [`Signals::requisites_may_be_free`]); this is only the safety net behind those events.
pub(super) const SEARCH_RETRY_MS: i64 = 30_000;
/// How often a change is recomputed when concurrent changes keep winning.
pub(super) const MAX_CONFLICT_RETRIES: usize = 8;

/// A guard a move must pass on the payment as it is when the move is decided (also on each
/// retry after a concurrent change), besides the state machine's table.
pub(super) type Guard<'a> = &'a (dyn Fn(&Payment) -> Result<()> + Send + Sync);

/// What one change does besides moving the state.
pub(super) struct Change<'a> {
    pub event: Event,
    pub actor: Actor,
    pub edit: Box<dyn Fn(&mut Payment) + Send + Sync + 'a>,
    pub receipt: Option<NewReceipt>,
    /// A person's or script's action is written to the audit log with the change.
    pub audit: Option<Audited<'a>>,
    /// The transfer this change credits (recorded with it, once).
    pub transfer: Option<TransferWrite>,
    /// The second operator's approval this change carries out (once).
    pub approval: Option<ApprovalDecision>,
    /// The version the person deciding saw: a payment changed since is refused.
    pub seen_version: Option<i64>,
}

impl<'a> Change<'a> {
    /// A change that moves the state and applies `edit`, and nothing else.
    pub fn new(event: Event, actor: Actor, edit: impl Fn(&mut Payment) + Send + Sync + 'a) -> Self {
        Change {
            event,
            actor,
            edit: Box::new(edit),
            receipt: None,
            audit: None,
            transfer: None,
            approval: None,
            seen_version: None,
        }
    }

    /// A move that changes nothing but the state.
    pub fn bare(event: Event, actor: Actor) -> Self {
        Change::new(event, actor, no_edit)
    }

    /// The same change, refused when the payment is no longer at `version` (when given).
    pub fn seen_at(self, version: Option<i64>) -> Self {
        Change { seen_version: version, ..self }
    }

    /// The same change, written to the audit log as `action` by `who`.
    pub fn audited(self, who: &'a Who, action: &'static str, detail: Option<String>) -> Self {
        Change { audit: Some(Audited { who, action, detail }), ..self }
    }

    /// Who the status history names: an operator's decision taken on the sandbox panel is the
    /// sandbox's, so a tester's click is never read as an operator's.
    fn recorded_actor(&self) -> Actor {
        match &self.audit {
            Some(Audited { who: Who::Sandbox, .. }) => Actor::Sandbox,
            _ => self.actor,
        }
    }
}

/// Who asked for a change, and what they called it, for the audit log.
pub(super) struct Audited<'a> {
    pub who: &'a Who,
    pub action: &'static str,
    pub detail: Option<String>,
}

fn no_edit(_: &mut Payment) {}

pub struct Engine {
    store: Arc<dyn PaymentStore>,
    settings: Settings,
    /// Renders callback bodies (the wire format lives outside the domain).
    renderer: Arc<dyn CallbackRenderer>,
    signals: Arc<Signals>,
}

impl Engine {
    pub fn new(
        store: Arc<dyn PaymentStore>,
        settings: Settings,
        renderer: Arc<dyn CallbackRenderer>,
        signals: Arc<Signals>,
    ) -> Self {
        Engine { store, settings, renderer, signals }
    }

    pub fn settings(&self) -> &Settings {
        &self.settings
    }

    pub(super) fn signals(&self) -> &Arc<Signals> {
        &self.signals
    }

    /// The payment as stored now.
    pub(super) async fn reread(&self, request_id: &str) -> Result<Payment> {
        self.store.payment_by_request_id(request_id).await?.ok_or(DomainError::NotFound)
    }

    /// Inserts a new payin (timers set for its first state), or answers the payment an
    /// identical earlier request created; the same `payment_id` with another body is refused.
    pub(super) async fn create(
        &self,
        mut payment: Payment,
        legacy_hash: &str,
        signature_use: Option<&SignatureUse>,
    ) -> Result<Created> {
        let now = payment.created_ms;
        self.schedule(&mut payment, now);
        let inserted = self.store.insert_payment(&payment, signature_use).await?;
        Self::created(payment, inserted, legacy_hash)
    }

    /// Inserts a new payout with the ledger entry locking its amount, in one transaction (a
    /// balance short of it refuses it: `Insufficient balance`); a retry is answered as
    /// [`Self::create`] answers it.
    pub(super) async fn create_payout(
        &self,
        payout: Payment,
        receiver_pan: Option<&Secret<String>>,
        legacy_hash: &str,
    ) -> Result<Created> {
        let lock = ledger::payout_created(&payout);
        let inserted = self.store.insert_payout(&payout, &lock, receiver_pan).await?;
        Self::created(payout, inserted, legacy_hash)
    }

    fn created(payment: Payment, inserted: Inserted, legacy_hash: &str) -> Result<Created> {
        match inserted {
            Inserted::Created => Ok(Created { payment, fresh: true }),
            // The same body again (a row from before keyed fingerprints holds the old digest).
            Inserted::Existing(existing)
                if existing.request_hash == payment.request_hash || existing.request_hash == legacy_hash =>
            {
                Ok(Created { payment: *existing, fresh: false })
            }
            Inserted::Existing(_) => Err(DomainError::DuplicatePaymentId),
            Inserted::Replayed => Err(DomainError::Replayed),
        }
    }

    /// Writes a payment whose status does not change (bookkeeping), over the version it was
    /// read at.
    pub(super) async fn write_quietly(&self, next: &Payment) -> Result<(), StoreError> {
        self.store
            .apply_change(PaymentChange {
                payment: next,
                supersede: &[],
                callbacks: Vec::new(),
                receipt: None,
                requisite_issued: false,
                ledger: Vec::new(),
                audit: None,
                transfer: None,
                approval: None,
            })
            .await
    }

    /// Applies `change` to `payment` as its flow's table says.
    pub(super) async fn apply(&self, payment: Payment, change: Change<'_>) -> Result<Payment> {
        let flow = payment.flow();
        self.apply_as(payment, flow, None, change).await
    }

    /// Applies `change` when `guard` lets it: the guard is asked again on each retry, on the
    /// payment as it then is.
    pub(super) async fn apply_guarded(
        &self,
        payment: Payment,
        guard: Guard<'_>,
        change: Change<'_>,
    ) -> Result<Payment> {
        let flow = payment.flow();
        self.apply_as(payment, flow, Some(guard), change).await
    }

    /// Looks the move up in the table of `flow` (and asks `guard`), applies it over the version
    /// read, and on a concurrent change re-reads and decides again (so two requests can never
    /// both win).
    pub(super) async fn apply_as(
        &self,
        mut current: Payment,
        flow: Flow,
        guard: Option<Guard<'_>>,
        change: Change<'_>,
    ) -> Result<Payment> {
        let mut flow = flow;
        for _ in 0..MAX_CONFLICT_RETRIES {
            if let Some(guard) = guard {
                guard(&current)?;
            }
            let next = self.next_of(&current, flow, &change, now_ms())?;
            match self.write(&current, &next, &change).await {
                Ok(()) => return Ok(next),
                Err(StoreError::Conflict) => {
                    current = self.reread(&current.request_id).await?;
                    if current.flow() != Flow::Unchosen {
                        flow = current.flow();
                    }
                }
                Err(e) => return Err(e.into()),
            }
        }
        Err(DomainError::Busy)
    }

    /// Applies many changes, each over the version given (no retry: a payment that moved is
    /// refused with [`Refusal::PaymentChanged`]), written in one transaction, each all or
    /// nothing on its own. Answers in the order given; the outer error is the transaction's.
    pub(super) async fn apply_batch(&self, items: Vec<(Payment, Change<'_>)>) -> Result<Vec<Result<Payment>>> {
        let now = now_ms();
        let moves: Vec<Result<Payment>> =
            items.iter().map(|(current, change)| self.next_of(current, current.flow(), change, now)).collect();
        let ready: Vec<usize> = (0..items.len()).filter(|i| moves[*i].is_ok()).collect();
        let written: Vec<PaymentChange<'_>> = ready
            .iter()
            .filter_map(|&i| moves[i].as_ref().ok().map(|next| self.change_of(&items[i].0, next, &items[i].1)))
            .collect();
        let stored = self.store.apply_changes(&written).await?;
        let mut stored_of: Vec<Option<(Result<(), StoreError>, bool)>> = (0..items.len()).map(|_| None).collect();
        for ((i, outcome), change) in ready.into_iter().zip(stored).zip(&written) {
            stored_of[i] = Some((outcome, !change.callbacks.is_empty()));
        }
        drop(written);
        let mut answers = Vec::with_capacity(items.len());
        for (i, next) in moves.into_iter().enumerate() {
            answers.push(match (next, stored_of[i].take()) {
                (Ok(next), Some((Ok(()), callbacks))) => {
                    self.after_write(&items[i].0, &next, items[i].1.actor, callbacks).await;
                    Ok(next)
                }
                (Ok(_), Some((Err(StoreError::Conflict), _))) => Err(Refusal::PaymentChanged.into()),
                (Ok(_), Some((Err(e), _))) => Err(e.into()),
                (Ok(_), None) => Err(DomainError::Busy),
                (Err(e), _) => Err(e),
            });
        }
        Ok(answers)
    }

    /// The payment after `change`, when the move is allowed from `current` (as seen at
    /// `seen_version`, when given).
    fn next_of(&self, current: &Payment, flow: Flow, change: &Change<'_>, now: i64) -> Result<Payment> {
        if change.seen_version.is_some_and(|v| v != current.version) {
            return Err(Refusal::PaymentChanged.into());
        }
        let mv = state_machine::next(flow, current.state, &change.event)?;
        let now = now.max(current.updated_ms);
        let mut next = current.clone();
        next.state = mv.to;
        next.status_description = mv.status_description;
        next.version += 1;
        next.updated_ms = now;
        next.last_actor = change.recorded_actor();
        (change.edit)(&mut next);
        if mv.to != current.state {
            self.schedule(&mut next, now);
        }
        Ok(next)
    }

    /// What the store writes for `current` → `next`: the row, its callbacks, ledger entries,
    /// audit row, transfer and approval.
    fn change_of<'p>(&self, current: &Payment, next: &'p Payment, change: &Change<'_>) -> PaymentChange<'p> {
        let now = next.updated_ms;
        let audit = change.audit.as_ref().map(|a| {
            let entry = AuditEntry::new(a.who, a.action, Subject::Payment, &next.request_id, now)
                .states(current.state.to_string(), next.state.to_string());
            match &a.detail {
                Some(d) => entry.detail(d.clone()),
                None => entry,
            }
        });
        PaymentChange {
            payment: next,
            supersede: outbox::superseded_by_change(next),
            callbacks: outbox::callbacks_for(next, self.renderer.as_ref(), now),
            receipt: change.receipt.clone(),
            requisite_issued: change.event == Event::RequisitesFound,
            ledger: ledger::entries_for_change(current, next),
            transfer: change.transfer.clone(),
            approval: change.approval.clone(),
            audit,
        }
    }

    /// Writes `current` → `next` with everything that goes with it, then wakes what the change
    /// concerns (the dispatcher, the requisites search).
    async fn write(&self, current: &Payment, next: &Payment, change: &Change<'_>) -> Result<(), StoreError> {
        let stored = self.change_of(current, next, change);
        let callbacks = !stored.callbacks.is_empty();
        self.store.apply_change(stored).await?;
        self.after_write(current, next, change.actor, callbacks).await;
        Ok(())
    }

    /// After a change is stored: the dispatcher woken for its callbacks, the requisites search
    /// for a requisite it freed.
    async fn after_write(&self, current: &Payment, next: &Payment, actor: Actor, callbacks: bool) {
        if callbacks {
            self.signals.callbacks_written();
        }
        // A requisite held for this payment is free again for its amount.
        if current.requisite_hold().is_some() && next.requisite_hold().is_none() {
            self.signals.requisites_may_be_free(next.currency.code).await;
        }
        tracing::info!(request_id = %next.request_id, from = %current.state, to = %next.state, actor = actor.code(), "payment moved");
    }

    /// Sets the timers of a payment that just entered its state.
    pub(super) fn schedule(&self, p: &mut Payment, now: i64) {
        p.search_at_ms = None;
        p.search_until_ms = None;
        if p.payment_type == PaymentType::Payout {
            // Nothing happens to a payout by the clock.
            p.deadline_ms = None;
            return;
        }
        let settings = &self.settings;
        p.deadline_ms = match p.state {
            PaymentState::New => {
                let since = p.card_auth.as_ref().and_then(|a| a.authorizing_since_ms);
                let expires = p.expires_ms();
                Some(since.map_or(expires, |s| (s + settings.card_auth_timeout_ms).min(expires)))
            }
            PaymentState::AwaitingConfirm
            | PaymentState::Paid
            | PaymentState::Awaiting3ds
            | PaymentState::AwaitingRedirect => Some(p.expires_ms()),
            PaymentState::Requisites => {
                let until = (now + settings.search_window_ms).min(p.expires_ms());
                // This process searches the payment at once (`Signals::search_now`); the stored
                // time is the safety net for when that search never happens (a crash).
                p.search_at_ms = Some(now + SEARCH_RETRY_MS);
                p.search_until_ms = Some(until);
                Some(until)
            }
            PaymentState::DisputeNoPayment => Some(now + settings.grace_ms),
            PaymentState::DisputeDifferentAmount
            | PaymentState::DisputeConfirmTimeout
            | PaymentState::DisputePayoutFailed
            | PaymentState::PayoutProcess
            | PaymentState::Decline
            | PaymentState::Success => None,
        };
    }
}
