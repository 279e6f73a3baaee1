//! Payins (merchant-api.md): a create request checked against the catalogue and the project,
//! anti-fraud, the payment written in its first state, then the requisites search or the card
//! authorization; and the merchant's and payer's own moves (confirm, cancel).

use std::sync::Arc;

use super::audit::Who;
use super::card_payments::{CardPayments, Retries};
use super::catalogue::{Integration, MethodKind, WidgetMethod};
use super::engine::{Change, Created, Engine};
use super::error::{DomainError, Result};
use super::payin::{self, NewPayin, PayinDraft};
use super::payment::{Actor, CardAuth, Flow, Opening, Payment, PaymentState, PaymentType};
use super::ports::{BankStore, PaymentStore};
use super::project::Project;
use super::replay::SignatureUse;
use super::state_machine::{Event, reason};
use super::time::now_ms;

pub struct Payins {
    engine: Arc<Engine>,
    /// Anti-fraud counts a customer's recent payments.
    payments: Arc<dyn PaymentStore>,
    /// Validation checks that banks named in a request exist.
    banks: Arc<dyn BankStore>,
    cards: Arc<CardPayments>,
}

impl Payins {
    pub fn new(
        engine: Arc<Engine>,
        payments: Arc<dyn PaymentStore>,
        banks: Arc<dyn BankStore>,
        cards: Arc<CardPayments>,
    ) -> Self {
        Payins { engine, payments, banks, cards }
    }

    /// Validates a create request against the catalogue and the project, then creates its
    /// payment (or answers the one an identical earlier request created). A card payment's
    /// authorization starts right after, in the background.
    /// With the request's signature use, the payment is inserted only if that use may act, and
    /// the use is recorded in the same transaction.
    pub async fn create_payin(
        &self,
        project: &Project,
        draft: PayinDraft,
        signature_use: Option<&SignatureUse>,
    ) -> Result<Created> {
        if draft.integration == Integration::H2hEcom && !self.cards.accepts_cards() {
            return Err(DomainError::invalid("payment.method", "card payments are not available"));
        }
        let new = payin::validate(draft, project, self.banks.as_ref())
            .await?
            .map_err(|v| DomainError::Validation(v.into_vec()))?;
        self.create(new, signature_use).await
    }

    /// Creates a payment, or answers the existing one when the same request comes again.
    pub async fn create(&self, mut new: NewPayin, signature_use: Option<&SignatureUse>) -> Result<Created> {
        let now = now_ms();
        let card = new.card.take();
        let flow = match (new.widget_method, new.method) {
            (Some(w), _) => flow_of(w.kind()),
            (None, Some(m)) => flow_of(m.kind()),
            (None, None) => Flow::Unchosen,
        };
        let refused = self.antifraud_refuses(&new, now).await?;
        let (state, status_description) = match flow {
            _ if refused => (PaymentState::Decline, Some(reason::DECLINED_BY_ANTI_FRAUD.to_string())),
            Flow::Transfer => (PaymentState::Requisites, None),
            Flow::Unchosen | Flow::Push | Flow::Card | Flow::Payout => (PaymentState::New, None),
        };
        // A card given with the request is authorized at once: the row is written already
        // claimed for that authorization, so a crash before the answer ends in a decline.
        let authorizing = card.is_some() && state == PaymentState::New;
        let legacy_hash = std::mem::take(&mut new.legacy_request_hash);
        let mut payment = Payment::open(
            Opening {
                project_id: new.project.id.clone(),
                payment_id: new.payment_id,
                payment_type: PaymentType::Payin,
                integration: new.integration,
                country: new.country,
                currency: new.currency,
                method: new.method.or_else(|| new.widget_method.and_then(WidgetMethod::h2h_equivalent)),
                widget_method: new.widget_method,
                amount: new.amount,
                lifetime_s: new.lifetime_s,
                details: new.details,
                request_hash: new.request_hash,
            },
            now,
        );
        payment.state = state;
        payment.status_description = status_description;
        payment.card_auth = (flow == Flow::Card)
            .then(|| CardAuth { authorizing_since_ms: authorizing.then_some(now), ..Default::default() });
        let created = self.engine.create(payment, &legacy_hash, signature_use).await?;
        if created.fresh {
            let payment = &created.payment;
            if payment.state == PaymentState::Requisites {
                self.engine.signals().search_now(payment.clone());
            }
            if let (true, Some(card)) = (authorizing, card) {
                let (cards, claimed) = (self.cards.clone(), payment.clone());
                tokio::spawn(async move {
                    let id = claimed.request_id.clone();
                    if let Err(e) = cards.run_authorization(claimed, card, Actor::Merchant, Retries::No).await {
                        tracing::warn!(request_id = %id, error = %e, "card authorization failed");
                    }
                });
            }
        }
        Ok(created)
    }

    async fn antifraud_refuses(&self, new: &NewPayin, now: i64) -> Result<bool> {
        let rules = &new.project.settings.antifraud;
        let customer = &new.details.customer;
        let recent = match rules.velocity_window_ms() {
            Some(window) => {
                Some(self.payments.count_customer_payments_since(&new.project.id, &customer.id, now - window).await?)
            }
            None => None,
        };
        Ok(rules.refuses(&customer.id, &customer.ip_address, recent))
    }

    /// The merchant or the payer cancels (`decline` / `Canceled by client`); payouts too.
    pub async fn cancel(&self, payment: Payment, actor: Actor) -> Result<Payment> {
        self.engine.apply(payment, Change::bare(Event::Cancel, actor)).await
    }

    /// A merchant's user cancels from the console: the same move as the API's cancel, audited
    /// under the person.
    pub async fn cancel_by(&self, payment: Payment, who: &Who) -> Result<Payment> {
        let change = Change::bare(Event::Cancel, Actor::Merchant).audited(who, "payment_cancelled", None);
        self.engine.apply(payment, change).await
    }

    /// The payer says the transfer was made. Idempotent on `processing:paid`.
    pub async fn confirm(&self, payment: Payment, actor: Actor) -> Result<Payment> {
        if payment.state == PaymentState::Paid {
            return Ok(payment);
        }
        self.engine.apply(payment, Change::bare(Event::Confirm, actor)).await
    }
}

fn flow_of(kind: MethodKind) -> Flow {
    match kind {
        MethodKind::Push => Flow::Push,
        MethodKind::CardEcom => Flow::Card,
        _ => Flow::Transfer,
    }
}
