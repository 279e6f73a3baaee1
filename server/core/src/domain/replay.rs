//! The replay guard's rule (decisions.md §2): a signed message acts on the endpoint it was
//! first used on, and nowhere else.

/// A signed message used on an endpoint (decisions.md §2: the signature covers the body and
/// the timestamp, not the endpoint). A payin create records it in the transaction that inserts
/// its payment, so the create waits for one commit, not two.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SignatureUse {
    /// A digest of the key and the signature's canonical form (not a secret).
    pub key: String,
    pub endpoint: String,
    /// When its timestamp can no longer be accepted, and the record may go.
    pub expires_ms: i64,
}

impl SignatureUse {
    /// Whether this use may act, given the endpoint the message was first used on (`None`: it
    /// is the first use): its first use, or a retry on the same endpoint; never a replay to
    /// another one.
    pub fn may_act_after(&self, first: Option<&str>) -> bool {
        first.is_none_or(|first| first == self.endpoint)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_message_acts_first_and_on_its_own_endpoint_again_never_on_another() {
        let u = SignatureUse { key: "k".into(), endpoint: "/api/v1/payment/p2p/payin".into(), expires_ms: 1 };
        assert!(u.may_act_after(None), "its first use");
        assert!(u.may_act_after(Some("/api/v1/payment/p2p/payin")), "a retry");
        assert!(!u.may_act_after(Some("/api/v1/payment/p2p/payin/info")), "a replay");
    }
}
