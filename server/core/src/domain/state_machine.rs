//! The state machine of decisions.md §5 as one table. A move not in the table is illegal and
//! changes nothing.

use super::payment::{Flow, Payment, PaymentState};

/// Something that happens to a payment.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Event {
    /// The user picked a method on the hosted page.
    MethodChosen,
    /// The user went back to the choice of methods on the hosted page (before paying),
    /// releasing the requisites the payment held.
    MethodCleared,
    /// The requisites search issued requisites.
    RequisitesFound,
    /// The search window passed without requisites.
    RequisitesNotFound,
    /// The user (or the merchant for them) says the transfer was made.
    Confirm,
    /// Operator: the full amount arrived.
    FundsReceived,
    /// Operator: a different amount arrived.
    DifferentAmountReceived,
    /// Merchant or user cancels.
    Cancel,
    /// The payment's lifetime ended.
    LifetimeEnded,
    /// The user uploaded a receipt on the hosted page.
    ReceiptUploaded,
    /// `dispute:no_payment` stayed without a receipt for the grace period.
    GraceEnded,
    /// Operator closes a dispute: funds arrived.
    DisputeFundsReceived,
    /// Operator closes a dispute: no funds.
    DisputeNoFunds,
    /// KE mobile money: the user accepted the push request.
    PushAccepted,
    /// KE mobile money: the user refused the push request.
    PushRefused,
    /// KE mobile money: the push request was sent (again) to the payer's phone.
    PushRequested,
    /// Card: the acquirer approved.
    CardApproved,
    /// Card: the issuer requires a 3DS challenge.
    Card3dsRequired,
    /// Card: the issuer requires a redirect.
    CardRedirectRequired,
    /// Card: the acquirer or issuer refused; the reason becomes `status_description`.
    CardDeclined(&'static str),
    /// Card on the hosted page: the acquirer refused a card, and the payer may give another
    /// (decisions.md §5: the first two refusals).
    CardRefused(&'static str),
    /// Card: the 3DS / redirect result was invalid.
    Card3dsFailed,
    /// Operator: the payout is being sent.
    PayoutExecuted,
    /// Operator: the payout arrived.
    PayoutSucceeded,
    /// Operator: the payout failed.
    PayoutFailed,
    /// Card: an authorization started but never finished in time (the process handling it
    /// stopped, or the acquirer never answered); the card lived in that process's memory only.
    CardAuthorizationLost,
}

impl Event {
    /// Same event, ignoring the carried reason.
    fn same_kind(&self, other: &Event) -> bool {
        std::mem::discriminant(self) == std::mem::discriminant(other)
    }
}

/// `status_description` values (merchant-api.md Errors; the list only grows).
pub mod reason {
    pub const CANCELED_BY_CLIENT: &str = "Canceled by client";
    pub const DECLINED_BY_ANTI_FRAUD: &str = "Declined by anti-fraud";
    pub const REQUISITES_NOT_FOUND: &str = "Requisites not found";
    pub const LIFETIME_EXPIRED: &str = "Lifetime expired";
    pub const AMOUNT_RECEIVED_DIFFERS: &str = "Amount received differs";
    pub const NO_PAYMENT_RECEIVED: &str = "No payment received";
    pub const RECEIPT_UPLOADED: &str = "Receipt uploaded, awaiting review";
    pub const DECLINED_BY_USER: &str = "Declined by user";
    pub const DECLINED_BY_ISSUER: &str = "Declined by issuer";
    pub const INSUFFICIENT_FUNDS: &str = "Insufficient funds";
    pub const CARD_EXPIRED: &str = "Card expired";
    pub const THREE_DS_FAILED: &str = "3DS authentication failed";
    pub const AUTHORIZATION_NOT_COMPLETED: &str = "Card authorization not completed";
    pub const PAYOUT_FAILED: &str = "Payout failed";

    /// The card refusals an acquirer gives, as the constants they are (a refusal kept on a
    /// payment is read back as one of these).
    pub fn card_refusal(text: &str) -> &'static str {
        [DECLINED_BY_ISSUER, INSUFFICIENT_FUNDS, CARD_EXPIRED]
            .into_iter()
            .find(|r| *r == text)
            .unwrap_or(DECLINED_BY_ISSUER)
    }
}

/// Where a description comes from.
#[derive(Clone, Copy, Debug)]
enum Describe {
    None,
    Fixed(&'static str),
    /// Carried by the event (card declines).
    FromEvent,
}

struct Rule {
    event: Event,
    flows: &'static [Flow],
    from: &'static [PaymentState],
    to: PaymentState,
    describe: Describe,
}

use Flow::{Card, Payout, Push, Transfer, Unchosen};
use PaymentState::*;

/// The flows of payins (payouts have rules of their own).
const ALL_FLOWS: &[Flow] = &[Unchosen, Transfer, Push, Card];
const PROCESSING: &[PaymentState] = &[New, Requisites, AwaitingConfirm, Paid, Awaiting3ds, AwaitingRedirect];
const DISPUTES: &[PaymentState] = &[DisputeNoPayment, DisputeDifferentAmount, DisputeConfirmTimeout];

/// Every legal move. The first rule whose event, flow and state match decides.
const RULES: &[Rule] = &[
    // Widget payments wait in processing:new until the user picks a method.
    Rule { event: Event::MethodChosen, flows: &[Transfer], from: &[New], to: Requisites, describe: Describe::None },
    Rule { event: Event::MethodChosen, flows: &[Push, Card], from: &[New], to: New, describe: Describe::None },
    // ... and may go back to the choice until they have paid.
    Rule {
        event: Event::MethodCleared,
        flows: &[Transfer],
        from: &[Requisites, AwaitingConfirm],
        to: New,
        describe: Describe::None,
    },
    Rule { event: Event::MethodCleared, flows: &[Push, Card], from: &[New], to: New, describe: Describe::None },
    // Bank transfer.
    Rule {
        event: Event::RequisitesFound,
        flows: &[Transfer],
        from: &[Requisites],
        to: AwaitingConfirm,
        describe: Describe::None,
    },
    Rule {
        event: Event::RequisitesNotFound,
        flows: &[Transfer],
        from: &[Requisites],
        to: Decline,
        describe: Describe::Fixed(reason::REQUISITES_NOT_FOUND),
    },
    Rule {
        event: Event::Confirm,
        flows: &[Transfer],
        from: &[AwaitingConfirm, Paid],
        to: Paid,
        describe: Describe::None,
    },
    Rule {
        event: Event::FundsReceived,
        flows: &[Transfer],
        from: &[AwaitingConfirm, Paid],
        to: Success,
        describe: Describe::None,
    },
    Rule {
        event: Event::DifferentAmountReceived,
        flows: &[Transfer],
        from: &[AwaitingConfirm, Paid],
        to: DisputeDifferentAmount,
        describe: Describe::Fixed(reason::AMOUNT_RECEIVED_DIFFERS),
    },
    Rule {
        event: Event::Cancel,
        flows: ALL_FLOWS,
        from: PROCESSING,
        to: Decline,
        describe: Describe::Fixed(reason::CANCELED_BY_CLIENT),
    },
    Rule {
        event: Event::LifetimeEnded,
        flows: &[Transfer],
        from: &[Paid],
        to: DisputeNoPayment,
        describe: Describe::Fixed(reason::LIFETIME_EXPIRED),
    },
    Rule {
        event: Event::LifetimeEnded,
        flows: ALL_FLOWS,
        from: &[New, Requisites, AwaitingConfirm, Awaiting3ds, AwaitingRedirect],
        to: Decline,
        describe: Describe::Fixed(reason::LIFETIME_EXPIRED),
    },
    Rule {
        event: Event::ReceiptUploaded,
        flows: &[Transfer],
        from: &[Paid, DisputeNoPayment],
        to: DisputeConfirmTimeout,
        describe: Describe::Fixed(reason::RECEIPT_UPLOADED),
    },
    Rule {
        event: Event::GraceEnded,
        flows: &[Transfer],
        from: &[DisputeNoPayment],
        to: Decline,
        describe: Describe::Fixed(reason::NO_PAYMENT_RECEIVED),
    },
    Rule {
        event: Event::DisputeFundsReceived,
        flows: &[Transfer],
        from: DISPUTES,
        to: Success,
        describe: Describe::None,
    },
    Rule {
        event: Event::DisputeNoFunds,
        flows: &[Transfer],
        from: DISPUTES,
        to: Decline,
        describe: Describe::Fixed(reason::NO_PAYMENT_RECEIVED),
    },
    // KE mobile money.
    Rule { event: Event::PushAccepted, flows: &[Push], from: &[New], to: Success, describe: Describe::None },
    Rule { event: Event::PushRequested, flows: &[Push], from: &[New], to: New, describe: Describe::None },
    Rule {
        event: Event::PushRefused,
        flows: &[Push],
        from: &[New],
        to: Decline,
        describe: Describe::Fixed(reason::DECLINED_BY_USER),
    },
    // Card e-commerce.
    Rule {
        event: Event::CardApproved,
        flows: &[Card],
        from: &[New, Awaiting3ds, AwaitingRedirect],
        to: Success,
        describe: Describe::None,
    },
    Rule { event: Event::Card3dsRequired, flows: &[Card], from: &[New], to: Awaiting3ds, describe: Describe::None },
    Rule {
        event: Event::CardRedirectRequired,
        flows: &[Card],
        from: &[New],
        to: AwaitingRedirect,
        describe: Describe::None,
    },
    Rule { event: Event::CardRefused(""), flows: &[Card], from: &[New], to: New, describe: Describe::None },
    Rule {
        event: Event::CardDeclined(""),
        flows: &[Card],
        from: &[New, Awaiting3ds, AwaitingRedirect],
        to: Decline,
        describe: Describe::FromEvent,
    },
    Rule {
        event: Event::Card3dsFailed,
        flows: &[Card],
        from: &[Awaiting3ds, AwaitingRedirect],
        to: Decline,
        describe: Describe::Fixed(reason::THREE_DS_FAILED),
    },
    Rule {
        event: Event::CardAuthorizationLost,
        flows: &[Card],
        from: &[New],
        to: Decline,
        describe: Describe::Fixed(reason::AUTHORIZATION_NOT_COMPLETED),
    },
    // Payouts (decisions.md §6, §10): an operator sends the money and reports the result.
    Rule { event: Event::PayoutExecuted, flows: &[Payout], from: &[New], to: PayoutProcess, describe: Describe::None },
    Rule {
        event: Event::PayoutSucceeded,
        flows: &[Payout],
        from: &[PayoutProcess],
        to: Success,
        describe: Describe::None,
    },
    Rule {
        event: Event::PayoutFailed,
        flows: &[Payout],
        from: &[PayoutProcess],
        to: DisputePayoutFailed,
        describe: Describe::Fixed(reason::PAYOUT_FAILED),
    },
    // Cancel only before the money is on its way.
    Rule {
        event: Event::Cancel,
        flows: &[Payout],
        from: &[New],
        to: Decline,
        describe: Describe::Fixed(reason::CANCELED_BY_CLIENT),
    },
    // A failed payout is resolved: it did arrive after all, or it did not.
    Rule {
        event: Event::DisputeFundsReceived,
        flows: &[Payout],
        from: &[DisputePayoutFailed],
        to: Success,
        describe: Describe::None,
    },
    Rule {
        event: Event::DisputeNoFunds,
        flows: &[Payout],
        from: &[DisputePayoutFailed],
        to: Decline,
        describe: Describe::Fixed(reason::PAYOUT_FAILED),
    },
];

/// The outcome of a legal move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Move {
    pub to: PaymentState,
    pub status_description: Option<String>,
}

/// Why a move is refused; the text is the `status_description` of the 409.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum IllegalMove {
    #[error("Payment is final")]
    Final,
    #[error("Payment is not awaiting confirmation")]
    NotAwaitingConfirmation,
    #[error("Payment is not in dispute")]
    NotInDispute,
    #[error("Payment is not awaiting a 3DS result")]
    NotAwaiting3ds,
    #[error("Operation not allowed in status {0}")]
    NotAllowed(PaymentState),
}

/// Looks up the move for `event` from `state` in a payment of `flow`.
pub fn next(flow: Flow, state: PaymentState, event: &Event) -> Result<Move, IllegalMove> {
    let rule = RULES.iter().find(|r| event.same_kind(&r.event) && r.flows.contains(&flow) && r.from.contains(&state));
    match rule {
        Some(rule) => Ok(Move {
            to: rule.to,
            status_description: match (rule.describe, event) {
                (Describe::None, _) => None,
                (Describe::Fixed(text), _) => Some(text.to_string()),
                (Describe::FromEvent, Event::CardDeclined(reason)) => Some(reason.to_string()),
                (Describe::FromEvent, _) => None,
            },
        }),
        None if state.is_final() => Err(IllegalMove::Final),
        None => Err(match event {
            Event::Confirm | Event::FundsReceived | Event::DifferentAmountReceived => {
                IllegalMove::NotAwaitingConfirmation
            }
            Event::DisputeFundsReceived | Event::DisputeNoFunds => IllegalMove::NotInDispute,
            _ => IllegalMove::NotAllowed(state),
        }),
    }
}

/// Whether `event` may happen to a payment of `flow` in `state`: what the page offers (cancel,
/// confirm, receipt upload) is asked here, not listed a second time.
pub fn allows(flow: Flow, state: PaymentState, event: &Event) -> bool {
    next(flow, state, event).is_ok()
}

/// What the end of its lifetime does to an open payment: a hosted-page card payment whose
/// card was refused is declined with that refusal's reason (decisions.md §5).
pub fn lifetime_ended(p: &Payment) -> Event {
    match (p.state, p.flow(), p.card_auth.as_ref().and_then(|a| a.last_refusal.as_deref())) {
        (PaymentState::New, Flow::Card, Some(last)) => Event::CardDeclined(reason::card_refusal(last)),
        _ => Event::LifetimeEnded,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn to(flow: Flow, from: PaymentState, event: Event) -> Result<PaymentState, IllegalMove> {
        next(flow, from, &event).map(|m| m.to)
    }

    #[test]
    fn transfer_happy_path() {
        assert_eq!(to(Transfer, Requisites, Event::RequisitesFound), Ok(AwaitingConfirm));
        assert_eq!(to(Transfer, AwaitingConfirm, Event::Confirm), Ok(Paid));
        assert_eq!(to(Transfer, Paid, Event::Confirm), Ok(Paid), "confirm is idempotent on paid");
        assert_eq!(to(Transfer, Paid, Event::FundsReceived), Ok(Success));
        assert_eq!(to(Transfer, AwaitingConfirm, Event::FundsReceived), Ok(Success));
    }

    #[test]
    fn descriptions_come_from_the_table() {
        let m = next(Transfer, Requisites, &Event::RequisitesNotFound).unwrap();
        assert_eq!((m.to, m.status_description.as_deref()), (Decline, Some("Requisites not found")));
        let m = next(Transfer, AwaitingConfirm, &Event::Cancel).unwrap();
        assert_eq!(m.status_description.as_deref(), Some("Canceled by client"));
        let m = next(Card, New, &Event::CardDeclined("Insufficient funds")).unwrap();
        assert_eq!(m.status_description.as_deref(), Some("Insufficient funds"));
        let m = next(Transfer, Paid, &Event::FundsReceived).unwrap();
        assert_eq!(m.status_description, None);
    }

    #[test]
    fn expiry_depends_on_whether_the_user_confirmed() {
        assert_eq!(to(Transfer, AwaitingConfirm, Event::LifetimeEnded), Ok(Decline));
        assert_eq!(to(Transfer, Requisites, Event::LifetimeEnded), Ok(Decline));
        assert_eq!(to(Unchosen, New, Event::LifetimeEnded), Ok(Decline));
        assert_eq!(to(Transfer, Paid, Event::LifetimeEnded), Ok(DisputeNoPayment));
        assert_eq!(to(Transfer, DisputeNoPayment, Event::GraceEnded), Ok(Decline));
        assert_eq!(to(Card, Awaiting3ds, Event::LifetimeEnded), Ok(Decline));
        assert_eq!(to(Push, New, Event::LifetimeEnded), Ok(Decline));
    }

    #[test]
    fn disputes() {
        assert_eq!(to(Transfer, Paid, Event::DifferentAmountReceived), Ok(DisputeDifferentAmount));
        assert_eq!(to(Transfer, Paid, Event::ReceiptUploaded), Ok(DisputeConfirmTimeout));
        assert_eq!(to(Transfer, DisputeNoPayment, Event::ReceiptUploaded), Ok(DisputeConfirmTimeout));
        for d in DISPUTES {
            assert_eq!(to(Transfer, *d, Event::DisputeFundsReceived), Ok(Success));
            assert_eq!(to(Transfer, *d, Event::DisputeNoFunds), Ok(Decline));
            assert_eq!(to(Transfer, *d, Event::Cancel), Err(IllegalMove::NotAllowed(*d)));
        }
        assert_eq!(
            to(Transfer, AwaitingConfirm, Event::ReceiptUploaded),
            Err(IllegalMove::NotAllowed(AwaitingConfirm))
        );
        assert_eq!(to(Transfer, Paid, Event::DisputeNoFunds), Err(IllegalMove::NotInDispute));
    }

    #[test]
    fn final_states_accept_nothing() {
        let events = [
            Event::MethodChosen,
            Event::MethodCleared,
            Event::CardRefused("x"),
            Event::RequisitesFound,
            Event::RequisitesNotFound,
            Event::Confirm,
            Event::FundsReceived,
            Event::DifferentAmountReceived,
            Event::Cancel,
            Event::LifetimeEnded,
            Event::ReceiptUploaded,
            Event::GraceEnded,
            Event::DisputeFundsReceived,
            Event::DisputeNoFunds,
            Event::PushAccepted,
            Event::PushRefused,
            Event::PushRequested,
            Event::CardApproved,
            Event::Card3dsRequired,
            Event::CardRedirectRequired,
            Event::CardDeclined("x"),
            Event::Card3dsFailed,
            Event::CardAuthorizationLost,
            Event::PayoutExecuted,
            Event::PayoutSucceeded,
            Event::PayoutFailed,
        ];
        for state in [Decline, Success] {
            for flow in ALL_FLOWS.iter().chain(&[Payout]) {
                for e in &events {
                    assert_eq!(next(*flow, state, e), Err(IllegalMove::Final), "{state} {e:?}");
                }
            }
        }
    }

    #[test]
    fn confirm_before_requisites_is_refused() {
        assert_eq!(to(Transfer, Requisites, Event::Confirm), Err(IllegalMove::NotAwaitingConfirmation));
        assert_eq!(to(Transfer, Requisites, Event::FundsReceived), Err(IllegalMove::NotAwaitingConfirmation));
    }

    #[test]
    fn flows_do_not_mix() {
        assert!(next(Push, New, &Event::CardApproved).is_err());
        assert!(next(Card, New, &Event::PushAccepted).is_err());
        assert!(next(Transfer, AwaitingConfirm, &Event::CardApproved).is_err());
        assert!(next(Card, New, &Event::Confirm).is_err());
        assert_eq!(to(Unchosen, New, Event::MethodChosen), Err(IllegalMove::NotAllowed(New)));
        // Back to the choice until paid; a refused card on the page keeps the payment open.
        assert_eq!(to(Transfer, AwaitingConfirm, Event::MethodCleared), Ok(New));
        assert_eq!(to(Transfer, Requisites, Event::MethodCleared), Ok(New));
        assert_eq!(to(Transfer, Paid, Event::MethodCleared), Err(IllegalMove::NotAllowed(Paid)));
        assert_eq!(to(Card, Awaiting3ds, Event::MethodCleared), Err(IllegalMove::NotAllowed(Awaiting3ds)));
        assert_eq!(to(Unchosen, New, Event::MethodCleared), Err(IllegalMove::NotAllowed(New)));
        assert_eq!(to(Card, New, Event::CardRefused("Declined by issuer")), Ok(New));
        assert_eq!(
            to(Transfer, AwaitingConfirm, Event::CardRefused("x")),
            Err(IllegalMove::NotAllowed(AwaitingConfirm))
        );
        assert_eq!(to(Transfer, New, Event::MethodChosen), Ok(Requisites));
    }

    #[test]
    fn card_flows() {
        assert_eq!(to(Card, New, Event::CardApproved), Ok(Success));
        assert_eq!(to(Card, New, Event::Card3dsRequired), Ok(Awaiting3ds));
        assert_eq!(to(Card, New, Event::CardRedirectRequired), Ok(AwaitingRedirect));
        assert_eq!(to(Card, Awaiting3ds, Event::CardApproved), Ok(Success));
        assert_eq!(to(Card, Awaiting3ds, Event::Card3dsFailed), Ok(Decline));
        assert_eq!(to(Card, AwaitingRedirect, Event::Card3dsFailed), Ok(Decline));
        assert!(next(Card, Awaiting3ds, &Event::Card3dsRequired).is_err());
        let m = next(Card, New, &Event::CardAuthorizationLost).unwrap();
        assert_eq!((m.to, m.status_description.as_deref()), (Decline, Some("Card authorization not completed")));
        assert!(next(Card, Awaiting3ds, &Event::CardAuthorizationLost).is_err());
    }

    #[test]
    fn payouts() {
        assert_eq!(to(Payout, New, Event::PayoutExecuted), Ok(PayoutProcess));
        assert_eq!(to(Payout, PayoutProcess, Event::PayoutSucceeded), Ok(Success));
        assert_eq!(to(Payout, PayoutProcess, Event::PayoutFailed), Ok(DisputePayoutFailed));
        assert_eq!(to(Payout, DisputePayoutFailed, Event::DisputeFundsReceived), Ok(Success));
        let m = next(Payout, DisputePayoutFailed, &Event::DisputeNoFunds).unwrap();
        assert_eq!((m.to, m.status_description.as_deref()), (Decline, Some("Payout failed")));
        let m = next(Payout, New, &Event::Cancel).unwrap();
        assert_eq!((m.to, m.status_description.as_deref()), (Decline, Some("Canceled by client")));
        assert_eq!(to(Payout, PayoutProcess, Event::Cancel), Err(IllegalMove::NotAllowed(PayoutProcess)));
        assert_eq!(to(Payout, New, Event::PayoutSucceeded), Err(IllegalMove::NotAllowed(New)));
        assert!(next(Payout, New, &Event::LifetimeEnded).is_err(), "payouts do not expire");
        assert!(next(Transfer, New, &Event::PayoutExecuted).is_err());
    }

    #[test]
    fn what_the_page_offers_comes_from_the_table() {
        assert!(allows(Transfer, AwaitingConfirm, &Event::Confirm));
        assert!(allows(Transfer, Paid, &Event::ReceiptUploaded));
        assert!(!allows(Transfer, AwaitingConfirm, &Event::ReceiptUploaded));
        assert!(allows(Transfer, Requisites, &Event::Cancel));
        assert!(!allows(Transfer, DisputeNoPayment, &Event::Cancel));
        assert!(!allows(Card, Success, &Event::Cancel));
    }
}
