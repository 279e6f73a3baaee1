//! A create's signed message, carried from the authentication layer to the transaction that
//! records it with the payment (decisions.md §2's replay guard in one commit with the change).

use crate::domain::error::DomainError;
use crate::domain::replay::SignatureUse;

/// The request's signed message, when its handler records the message's use in the transaction
/// that writes its change (a payin create: one commit instead of the replay guard's and then
/// the payment's). The handler settles it when that transaction ran (or refused a replay); the
/// layer records an unsettled one after the handler, whose refusals changed nothing.
#[derive(Clone, Debug, Default)]
pub struct FirstUse(Option<std::sync::Arc<PendingUse>>);

#[derive(Debug)]
struct PendingUse {
    signature_use: SignatureUse,
    settled: std::sync::atomic::AtomicBool,
}

impl FirstUse {
    pub(super) fn pending(signature_use: SignatureUse) -> Self {
        FirstUse(Some(std::sync::Arc::new(PendingUse { signature_use, settled: false.into() })))
    }

    /// The use to record with the change; `None` when the layer has recorded it already.
    pub fn signature_use(&self) -> Option<&SignatureUse> {
        self.0.as_ref().map(|p| &p.signature_use)
    }

    /// Settled when the change's transaction ran (the use recorded with the payment, or the
    /// payment found) or refused a replay; any other error wrote nothing, and the layer
    /// records the use.
    pub fn settle_after<T>(&self, outcome: &Result<T, DomainError>) {
        if matches!(outcome, Ok(_) | Err(DomainError::Replayed)) {
            self.settle();
        }
    }

    /// The change's transaction recorded the use, or found it replayed: nothing left to record.
    pub fn settle(&self) {
        if let Some(p) = &self.0 {
            p.settled.store(true, std::sync::atomic::Ordering::Release);
        }
    }

    pub(super) fn unsettled(&self) -> Option<&SignatureUse> {
        self.0.as_ref().filter(|p| !p.settled.load(std::sync::atomic::Ordering::Acquire)).map(|p| &p.signature_use)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_first_use_is_left_to_the_layer_until_settled() {
        let u = SignatureUse { key: "k".into(), endpoint: "/api/v1/payment/p2p/payin".into(), expires_ms: 1 };
        let first_use = FirstUse::pending(u.clone());
        let handlers = first_use.clone();
        assert_eq!(handlers.signature_use(), Some(&u));
        assert_eq!(first_use.unsettled(), Some(&u), "the layer records it after a refusal");
        handlers.settle_after::<()>(&Err(DomainError::invalid("payment.amount", "x")));
        assert_eq!(first_use.unsettled(), Some(&u), "a refusal before the insert wrote nothing");
        handlers.settle_after(&Ok(()));
        assert_eq!(first_use.unsettled(), None, "recorded with the payment: nothing left");
        assert_eq!(FirstUse::default().signature_use(), None, "recorded before the handler");
    }
}
