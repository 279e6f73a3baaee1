//! The idempotency fingerprint of a create request: the same body again is a retry (200, the
//! same payment), another body under the same `payment_id` a conflict (409). Nothing derived
//! from a full card number or a security code may be stored, so the fingerprint is an HMAC
//! under a key that is not in the database, over the body with card numbers masked and the CVV
//! removed.

use hmac::{Hmac, Mac};
use serde_json::Value;
use sha2::{Digest, Sha256};

use super::normalize;

/// Card numbers a create body may carry (e-commerce `card.pan`, p2p `sender.pan`, payout
/// `receiver.pan`), and the security code.
const CARD_NUMBERS: &[[&str; 2]] = &[["card", "pan"], ["sender", "pan"], ["receiver", "pan"]];
const SECURITY_CODES: &[[&str; 2]] = &[["card", "cvv"]];

/// The idempotency fingerprint of a request: equal bodies, equal fingerprints.
#[derive(Clone, Debug)]
pub struct Fingerprint {
    /// Keyed, over the body with card data masked (what is stored).
    pub keyed: String,
    /// The digest rows from before keyed fingerprints hold (compared, never stored).
    pub legacy: String,
}

/// Marks fingerprints made under this scheme (older rows hold `legacy:` digests).
pub const PREFIX: &str = "k1:";

/// `k1:` + HMAC-SHA256 (hex) of the normalized body with card numbers masked and CVVs removed.
pub fn keyed(body: &Value, key: &[u8; 32]) -> String {
    let carries_card =
        CARD_NUMBERS.iter().chain(SECURITY_CODES).any(|[b, f]| body.get(b).and_then(|b| b.get(f)).is_some());
    let normalized = if carries_card {
        let mut masked = body.clone();
        for [block, field] in CARD_NUMBERS {
            if let Some(Value::String(pan)) = masked.get_mut(block).and_then(|b| b.get_mut(field)) {
                *pan = kassa_rules::card::mask_pan(pan);
            }
        }
        for [block, field] in SECURITY_CODES {
            if let Some(Value::Object(b)) = masked.get_mut(block) {
                b.remove(*field);
            }
        }
        normalize::normalize(&masked)
    } else {
        normalize::normalize(body)
    };
    let mut mac = Hmac::<Sha256>::new_from_slice(key).expect("any key length");
    mac.update(normalized.as_bytes());
    format!("{PREFIX}{}", hex::encode(mac.finalize().into_bytes()))
}

/// The digest rows written before keyed fingerprints hold (`legacy:` + SHA-256 of the
/// normalized body), compared only against such rows and never stored again.
pub fn legacy(normalized: &str) -> String {
    format!("legacy:{}", hex::encode(Sha256::digest(normalized.as_bytes())))
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn the_same_body_gives_the_same_fingerprint_and_nothing_of_the_card() {
        let key = [3u8; 32];
        let body =
            json!({"general": {"payment_id": "p"}, "card": {"pan": "4242424242424242", "cvv": "123", "year": 2030}});
        let a = keyed(&body, &key);
        assert_eq!(a, keyed(&body, &key));
        assert!(a.starts_with(PREFIX));
        let mut other = body.clone();
        other["card"]["year"] = json!(2031);
        assert_ne!(a, keyed(&other, &key), "a different body is a different request");
        assert_ne!(a, keyed(&body, &[4u8; 32]), "keyed: not computable without the key");
        // The fingerprint is over the masked card: the same as for a body that never held the
        // full number or the code.
        let masked = json!({"general": {"payment_id": "p"}, "card": {"pan": "4242********4242", "year": 2030}});
        assert_eq!(a, keyed(&masked, &key));
        let plain = normalize::normalize(&body);
        assert!(!a.contains(&hex::encode(Sha256::digest(plain.as_bytes()))));
    }
}
