//! The work the clock and the pool do to payments, run by the background jobs: deadlines
//! (lifetime, search window, dispute grace, lost card authorizations) and the requisites
//! search. Both claim rows, so several processes on one database never do the same work.

use std::sync::Arc;

use super::engine::{Change, Engine, SEARCH_RETRY_MS};
use super::error::{DomainError, Result};
use super::payment::{Actor, Payment, PaymentState};
use super::ports::{PaymentStore, RequisiteStore, StoreError};
use super::requisite::{Candidate, RequisiteQuery, rank_candidates};
use super::state_machine::{Event, lifetime_ended};
use super::time::now_ms;

/// Lease on rows claimed by a background job; longer than any job step takes.
const JOB_LEASE_MS: i64 = 30_000;

/// What one requisites search did.
enum Search {
    Issued,
    NothingFree,
    /// The payment had already left the search.
    Moved,
}

pub struct Scheduler {
    engine: Arc<Engine>,
    payments: Arc<dyn PaymentStore>,
    requisites: Arc<dyn RequisiteStore>,
}

impl Scheduler {
    pub fn new(engine: Arc<Engine>, payments: Arc<dyn PaymentStore>, requisites: Arc<dyn RequisiteStore>) -> Self {
        Scheduler { engine, payments, requisites }
    }

    /// What the requisites search waits on between passes.
    pub fn search_ready(&self) -> Arc<tokio::sync::Notify> {
        self.engine.signals().search_ready()
    }

    /// Ends payments whose deadline passed. Returns how many moved.
    pub async fn run_due_deadlines(&self) -> Result<usize> {
        let now = now_ms();
        let due = self.payments.claim_due_deadlines(now, now + JOB_LEASE_MS, 100).await?;
        let mut moved = 0;
        for payment in due {
            let Some(event) = self.due_event(&payment, now) else {
                continue;
            };
            let id = payment.request_id.clone();
            match self.engine.apply(payment, Change::bare(event, Actor::System)).await {
                Ok(_) => moved += 1,
                // Someone else moved it first; the new state has its own deadline.
                Err(DomainError::Illegal(_)) => {}
                Err(e) => tracing::warn!(request_id = %id, error = %e, "deadline not applied"),
            }
        }
        Ok(moved)
    }

    /// The timed event a payment is due for at `now`, if any.
    fn due_event(&self, p: &Payment, now: i64) -> Option<Event> {
        let expired = now >= p.expires_ms();
        match p.state {
            PaymentState::Requisites if expired => Some(Event::LifetimeEnded),
            PaymentState::Requisites => p.search_until_ms.filter(|u| now >= *u).map(|_| Event::RequisitesNotFound),
            PaymentState::DisputeNoPayment => p.deadline_ms.filter(|d| now >= *d).map(|_| Event::GraceEnded),
            PaymentState::New if expired => Some(lifetime_ended(p)),
            PaymentState::New => p
                .card_auth
                .as_ref()
                .and_then(|a| a.authorizing_since_ms)
                .filter(|since| now >= since + self.engine.settings().card_auth_timeout_ms)
                .map(|_| Event::CardAuthorizationLost),
            PaymentState::AwaitingConfirm
            | PaymentState::Paid
            | PaymentState::Awaiting3ds
            | PaymentState::AwaitingRedirect => expired.then_some(Event::LifetimeEnded),
            _ => None,
        }
    }

    /// Runs the requisites search for payments waiting for it. Returns how many got requisites.
    pub async fn run_due_searches(&self) -> Result<usize> {
        let now = now_ms();
        let mut due = self.engine.signals().take_fresh_searches();
        due.extend(self.payments.claim_due_searches(now, now + SEARCH_RETRY_MS, 100).await?);
        // Payments asking the same of a requisite share one candidates query.
        let mut groups: Vec<(RequisiteQuery, Vec<Payment>)> = Vec::new();
        for payment in due.into_iter().filter(|p| p.state == PaymentState::Requisites) {
            let query = RequisiteQuery::for_payment(&payment);
            match groups.iter_mut().find(|(q, _)| *q == query) {
                Some((_, payments)) => payments.push(payment),
                None => groups.push((query, vec![payment])),
            }
        }
        let mut issued = 0;
        for (query, payments) in groups {
            let mut candidates = rank_candidates(&query, self.requisites.requisite_candidates(&query).await?);
            for payment in payments {
                let id = payment.request_id.clone();
                match self.issue(payment, &mut candidates).await {
                    Ok(Search::Issued) => issued += 1,
                    // The claim already set the next search; events may bring it forward.
                    Ok(Search::NothingFree | Search::Moved) => {}
                    Err(e) => tracing::warn!(request_id = %id, error = %e, "requisites search failed"),
                }
            }
        }
        Ok(issued)
    }

    /// Issues the first free candidate to `payment`. The chosen one moves to the back of the
    /// list (fair rotation within the pass) and remembers the amount it now holds.
    async fn issue(&self, payment: Payment, candidates: &mut Vec<Candidate>) -> Result<Search> {
        let amount = payment.amount;
        let mut tried = 0;
        while let Some(index) = candidates.iter().skip(tried).position(|c| c.serves(amount)).map(|i| i + tried) {
            tried = index + 1;
            let recipient = candidates[index].requisite.recipient();
            let edit = move |p: &mut Payment| p.recipient = Some(recipient.clone());
            let change = Change::new(Event::RequisitesFound, Actor::System, &edit);
            match self.engine.apply(payment.clone(), change).await {
                Ok(_) => {
                    let mut chosen = candidates.remove(index);
                    chosen.held_amounts.push(amount);
                    candidates.push(chosen);
                    return Ok(Search::Issued);
                }
                // Another process gave it to a payment of this amount a moment ago.
                Err(DomainError::Storage(StoreError::RequisiteTaken)) => {
                    candidates[index].held_amounts.push(amount);
                }
                Err(DomainError::Illegal(_)) => return Ok(Search::Moved),
                Err(e) => return Err(e),
            }
        }
        Ok(Search::NothingFree)
    }
}
