//! Card payments (e-commerce, decisions.md §5): the authorization with the acquirer, 3-D
//! Secure and the bank redirect, and the issuer page's one-time codes. A card is kept in
//! memory only; the payment keeps it masked.

use std::sync::Arc;

use super::acquirer::{Acquirer, Authorization, Card, ThreeDsOutcome};
use super::engine::{Change, Engine, MAX_CONFLICT_RETRIES};
use super::error::{DomainError, Result};
use super::payment::{Actor, CardAuth, Flow, MaskedCard, Payment, PaymentState, mask_pan};
use super::ports::StoreError;
use super::state_machine::{Event, IllegalMove};
use super::time::now_ms;

/// Cards a hosted-page payment may have refused; this many declines it (decisions.md §5).
pub const MAX_CARD_REFUSALS: u32 = 3;

/// Whether a refused card leaves the payment open for another: on the hosted page it does;
/// H2H e-commerce (the merchant sent the card) declines at once.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Retries {
    No,
    OnThePage,
}

pub struct CardPayments {
    engine: Arc<Engine>,
    /// Authorizes card payments; `None` when no acquirer is configured.
    acquirer: Option<Arc<dyn Acquirer>>,
}

impl CardPayments {
    pub fn new(engine: Arc<Engine>, acquirer: Option<Arc<dyn Acquirer>>) -> Self {
        CardPayments { engine, acquirer }
    }

    /// Whether card payments can be taken.
    pub fn accepts_cards(&self) -> bool {
        self.acquirer.is_some()
    }

    fn acquirer(&self) -> Result<&Arc<dyn Acquirer>> {
        self.acquirer.as_ref().ok_or_else(|| DomainError::invalid("payment.method", "card payments are not available"))
    }

    /// Hosted page: authorizes a card for a payment in `processing:new`. The payment is claimed
    /// for this authorization before the acquirer is called, so concurrent submissions reach
    /// the acquirer once; the others are refused.
    pub async fn authorize(&self, payment: Payment, card: Card, actor: Actor) -> Result<Payment> {
        self.acquirer()?;
        let timeout_ms = self.engine.settings().card_auth_timeout_ms;
        let mut current = payment;
        for _ in 0..MAX_CONFLICT_RETRIES {
            let authorizing = current.card_auth.as_ref().is_some_and(|a| a.authorizing_since_ms.is_some());
            if current.flow() != Flow::Card || current.state != PaymentState::New || authorizing {
                return Err(IllegalMove::NotAllowed(current.state).into());
            }
            let now = now_ms().max(current.updated_ms);
            let mut claimed = current.clone();
            claimed.card_auth.get_or_insert_with(CardAuth::default).authorizing_since_ms = Some(now);
            claimed.version += 1;
            claimed.updated_ms = now;
            claimed.last_actor = actor;
            claimed.deadline_ms = Some((now + timeout_ms).min(claimed.expires_ms()));
            match self.engine.write_quietly(&claimed).await {
                Ok(()) => return self.run_authorization(claimed, card, actor, Retries::OnThePage).await,
                Err(StoreError::Conflict) => current = self.engine.reread(&current.request_id).await?,
                Err(e) => return Err(e.into()),
            }
        }
        Err(DomainError::Busy)
    }

    /// Calls the acquirer for a payment claimed for this authorization and applies its answer:
    /// success, a 3DS challenge, a redirect, or a decline. The card is kept masked only.
    pub(super) async fn run_authorization(
        &self,
        claimed: Payment,
        card: Card,
        actor: Actor,
        retries: Retries,
    ) -> Result<Payment> {
        let answer = match self.acquirer()?.authorize(&claimed, &card).await {
            Ok(answer) => answer,
            Err(e) => {
                // Nothing was authorized: release the claim so the card can be given again.
                tracing::warn!(request_id = %claimed.request_id, error = %e, "acquirer unavailable");
                let mut released = claimed.clone();
                if let Some(a) = released.card_auth.as_mut() {
                    a.authorizing_since_ms = None;
                }
                released.version += 1;
                released.deadline_ms = Some(released.expires_ms());
                if let Err(e) = self.engine.write_quietly(&released).await {
                    tracing::warn!(request_id = %claimed.request_id, error = %e, "card claim not released");
                }
                return Err(DomainError::invalid("card", e.to_string()));
            }
        };
        let masked = MaskedCard {
            pan: mask_pan(card.pan.expose()),
            year: card.year,
            month: card.month,
            card_holder: card.holder.clone(),
        };
        let (event, auth) = authorization_outcome(answer, &claimed, retries);
        let edit = move |p: &mut Payment| {
            p.card_auth = Some(auth.clone());
            p.details.card = Some(masked.clone());
        };
        self.engine.apply(claimed, Change::new(event, actor, &edit)).await
    }

    /// The issuer's 3DS result (`PaRes`, `MD`): success when valid, else `decline` /
    /// `3DS authentication failed`. Idempotent: a final payment is answered as it is.
    pub async fn complete_3ds(&self, payment: Payment, pa_res: &str, md: &str, actor: Actor) -> Result<Payment> {
        // Only a payment that asked for a 3DS or redirect result takes one; one it finalized
        // answers the same again (the merchant's retry), any other is a 409.
        let awaited = payment.card_auth.as_ref().is_some_and(|a| a.asc_info.is_some() || a.redirect_info.is_some());
        if payment.state.is_final() && awaited {
            return Ok(payment);
        }
        if !matches!(payment.state, PaymentState::Awaiting3ds | PaymentState::AwaitingRedirect) {
            return Err(IllegalMove::NotAwaiting3ds.into());
        }
        let outcome = self
            .acquirer()?
            .complete_3ds(&payment, pa_res, md)
            .await
            .map_err(|e| DomainError::invalid("3ds", e.to_string()))?;
        let event = match outcome {
            ThreeDsOutcome::Authenticated => Event::CardApproved,
            ThreeDsOutcome::Failed => Event::Card3dsFailed,
        };
        self.engine.apply(payment, Change::bare(event, actor)).await
    }

    /// The sandbox bank page of the redirect flow: approved or declined by the user.
    pub async fn bank_decision(&self, payment: Payment, approved: bool) -> Result<Payment> {
        if payment.state.is_final() {
            return Ok(payment);
        }
        let event = if approved { Event::CardApproved } else { Event::Card3dsFailed };
        self.engine.apply(payment, Change::bare(event, Actor::User)).await
    }

    /// A wrong one-time code on the issuer's page. The last allowed one declines the payment.
    /// Returns the payment and how many attempts are left.
    pub async fn wrong_code(&self, payment: Payment, max_wrong: u32) -> Result<(Payment, u32)> {
        let mut current = payment;
        for _ in 0..MAX_CONFLICT_RETRIES {
            if current.state != PaymentState::Awaiting3ds {
                return Err(IllegalMove::NotAllowed(current.state).into());
            }
            let wrong = current.card_auth.as_ref().map_or(0, |a| a.wrong_codes) + 1;
            if wrong >= max_wrong {
                let change = Change::bare(Event::Card3dsFailed, Actor::User);
                return Ok((self.engine.apply(current, change).await?, 0));
            }
            let mut next = current.clone();
            next.card_auth.get_or_insert_with(CardAuth::default).wrong_codes = wrong;
            next.version += 1;
            next.updated_ms = now_ms().max(current.updated_ms);
            next.last_actor = Actor::User;
            match self.engine.write_quietly(&next).await {
                Ok(()) => return Ok((next, max_wrong - wrong)),
                Err(StoreError::Conflict) => current = self.engine.reread(&current.request_id).await?,
                Err(e) => return Err(e.into()),
            }
        }
        Err(DomainError::Busy)
    }
}

/// The move an acquirer's answer makes, and what the payment keeps of it.
fn authorization_outcome(answer: Authorization, claimed: &Payment, retries: Retries) -> (Event, CardAuth) {
    match answer {
        Authorization::Approved { reference } => {
            (Event::CardApproved, CardAuth { reference: Some(reference), ..Default::default() })
        }
        Authorization::Challenge(asc) => {
            (Event::Card3dsRequired, CardAuth { asc_info: Some(asc), ..Default::default() })
        }
        Authorization::Redirect(r) => {
            (Event::CardRedirectRequired, CardAuth { redirect_info: Some(r), ..Default::default() })
        }
        Authorization::Declined(reason) => {
            // On the hosted page a refused card leaves the payment open for another card; the
            // last allowed refusal declines it (decisions.md §5).
            let refusals = claimed.card_auth.as_ref().map_or(0, |a| a.refusals) + 1;
            let event = if retries == Retries::OnThePage && refusals < MAX_CARD_REFUSALS {
                Event::CardRefused(reason)
            } else {
                Event::CardDeclined(reason)
            };
            (event, CardAuth { refusals, last_refusal: Some(reason.to_string()), ..Default::default() })
        }
    }
}
