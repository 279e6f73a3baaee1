//! The payer's moves on the hosted page (decisions.md §7) that are not a card or a plain
//! confirm/cancel: choosing a method (and going back), asking for a mobile-money push again,
//! uploading a receipt; and what the page may offer. Every guard is asked inside the move, so
//! a concurrent change re-decides it on the payment as it then is.

use std::sync::Arc;

use super::catalogue::{self, MethodKind, WidgetMethod};
use super::engine::{Change, Engine};
use super::error::{DomainError, Refusal, Result};
use super::payment::{Actor, CardAuth, Flow, Payment, PaymentState};
use super::ports::{NewReceipt, ProjectStore, RequisiteStore};
use super::requisite::{RequisiteQuery, rank_candidates};
use super::state_machine::{self, Event, IllegalMove};
use super::time::now_ms;

/// A push request is sent again at most this often (the payer's phone, the provider's limits).
pub const PUSH_RESEND_MS: i64 = 60_000;

pub struct HostedPage {
    engine: Arc<Engine>,
    /// The methods a project allows.
    projects: Arc<dyn ProjectStore>,
    /// Whether a requisite is free for a payment now.
    requisites: Arc<dyn RequisiteStore>,
}

impl HostedPage {
    pub fn new(engine: Arc<Engine>, projects: Arc<dyn ProjectStore>, requisites: Arc<dyn RequisiteStore>) -> Self {
        HostedPage { engine, projects, requisites }
    }

    /// The widget methods a payment created without one may choose from: the catalogue's
    /// methods of its currency that the project allows. An unreadable project offers nothing
    /// (fails closed) rather than every method.
    pub async fn offered_methods(&self, payment: &Payment) -> Result<Vec<WidgetMethod>> {
        let project = self.projects.project(&payment.project_id).await?.ok_or(DomainError::Missing)?;
        Ok(catalogue::h2c_offered_methods(payment.currency.code)
            .into_iter()
            .filter(|m| project.settings.allows(m.code()))
            .collect())
    }

    /// The payer picked a widget method, one the payment is offered.
    pub async fn choose_method(&self, payment: Payment, method: WidgetMethod) -> Result<Payment> {
        if !self.offered_methods(&payment).await?.contains(&method) {
            return Err(IllegalMove::NotAllowed(payment.state).into());
        }
        let edit = move |p: &mut Payment| {
            p.widget_method = Some(method);
            p.method = method.h2h_equivalent();
            p.details.method_chosen_on_page = true;
            if method.kind() == MethodKind::CardEcom && p.card_auth.is_none() {
                p.card_auth = Some(CardAuth::default());
            }
        };
        let unchosen = |p: &Payment| match p.widget_method {
            None => Ok(()),
            Some(_) => Err(IllegalMove::NotAllowed(p.state).into()),
        };
        // The flow of an unchosen payment decides nothing yet: look the move up as the flow it
        // is about to have.
        let mut chosen = payment.clone();
        edit(&mut chosen);
        let change = Change::new(Event::MethodChosen, Actor::User, edit);
        let result = self.engine.apply_as(payment, chosen.flow(), Some(&unchosen), change).await?;
        if result.state == PaymentState::Requisites {
            self.engine.signals().search_now(result.clone());
        }
        Ok(result)
    }

    /// Back to the choice of methods (before paying), releasing the requisites the payment
    /// held. Only a method chosen on the page can be un-chosen, and not while a card is being
    /// authorized; the state machine decides the rest.
    pub async fn clear_method(&self, payment: Payment) -> Result<Payment> {
        let may = |p: &Payment| {
            let authorizing = p.card_auth.as_ref().is_some_and(|a| a.authorizing_since_ms.is_some());
            if p.details.method_chosen_on_page && !authorizing {
                Ok(())
            } else {
                Err(IllegalMove::NotAllowed(p.state).into())
            }
        };
        let edit = |p: &mut Payment| {
            p.widget_method = None;
            p.method = None;
            p.recipient = None;
            // Refused cards stay counted: going to another method and back must not give a
            // card tester three more tries.
            p.card_auth = p.card_auth.take().filter(|a| a.refusals > 0).map(|a| CardAuth {
                refusals: a.refusals,
                last_refusal: a.last_refusal,
                ..CardAuth::default()
            });
            p.details.card = None;
            p.details.method_chosen_on_page = false;
        };
        self.engine.apply_guarded(payment, &may, Change::new(Event::MethodCleared, Actor::User, edit)).await
    }

    /// Whether the page may offer "choose another way to pay" now.
    pub fn may_clear_method(payment: &Payment) -> bool {
        payment.details.method_chosen_on_page
            && payment.card_auth.as_ref().is_none_or(|a| a.authorizing_since_ms.is_none())
            && state_machine::allows(payment.flow(), payment.state, &Event::MethodCleared)
    }

    /// Whether a requisite could take this payment now (a payment waiting for requisites when
    /// none is free: the page says so at once instead of after the search window).
    pub async fn requisites_free_for(&self, payment: &Payment) -> Result<bool> {
        let query = RequisiteQuery::for_payment(payment);
        let candidates = rank_candidates(&query, self.requisites.requisite_candidates(&query).await?);
        Ok(candidates.iter().any(|c| c.serves(payment.amount)))
    }

    /// KE mobile money: sends the payment request to the payer's phone again, or to the phone
    /// the payer gives when the create request had none; at most once a minute. (The sandbox
    /// sends nothing: its panel plays the payer's answer.)
    pub async fn request_push(&self, payment: Payment, phone: Option<&str>) -> Result<Payment> {
        if payment.flow() != Flow::Push || payment.state != PaymentState::New {
            return Err(IllegalMove::NotAllowed(payment.state).into());
        }
        let known = payment.details.sender.as_ref().and_then(|s| s.phone.clone());
        let phone = match (known, phone.map(str::trim)) {
            (Some(known), _) => known,
            (None, Some(given)) if given.bytes().all(|b| b.is_ascii_digit()) && payment.country.phone_ok(given) => {
                given.to_string()
            }
            (None, _) => {
                return Err(DomainError::invalid(
                    "sender.phone",
                    format!("must match {}", payment.country.phone_patterns()),
                ));
            }
        };
        let now = now_ms();
        let not_too_soon = |p: &Payment| match Self::last_push_ms(p) {
            Some(last) if now - last < PUSH_RESEND_MS => Err(Refusal::PushTooSoon.into()),
            _ => Ok(()),
        };
        let edit = move |p: &mut Payment| {
            p.details.sender.get_or_insert_with(Default::default).phone = Some(phone.clone());
            p.details.push_sent_ms = Some(now);
        };
        let change = Change::new(Event::PushRequested, Actor::User, &edit);
        self.engine.apply_guarded(payment, &not_too_soon, change).await
    }

    /// When a push request last went to the payer's phone: sent from the page, or at create
    /// when the request named the phone.
    pub fn last_push_ms(p: &Payment) -> Option<i64> {
        p.details
            .push_sent_ms
            .or_else(|| p.details.sender.as_ref().and_then(|s| s.phone.as_ref()).map(|_| p.created_ms))
    }

    /// The payer uploaded a receipt.
    pub async fn upload_receipt(&self, payment: Payment, receipt: NewReceipt) -> Result<Payment> {
        let edit = |p: &mut Payment| p.has_receipt = true;
        let change = Change { receipt: Some(receipt), ..Change::new(Event::ReceiptUploaded, Actor::User, edit) };
        self.engine.apply(payment, change).await
    }
}
