//! Callback headers of decisions.md §3, signed per attempt with the project's callback key.

use crate::crypto::keys::CallbackSigner;
use crate::crypto::normalize;

/// The headers of one callback attempt.
pub fn headers(
    signer: &CallbackSigner,
    merchant_id: &str,
    body: &str,
    idempotency_key: &str,
    timestamp: i64,
) -> Vec<(&'static str, String)> {
    let timestamp = timestamp.to_string();
    // The body was serialized by Kassa, so it parses; an empty object would sign nothing.
    let value: serde_json::Value = serde_json::from_str(body).unwrap_or_default();
    let signature = signer.sign(&normalize::message(&value, &timestamp));
    vec![
        ("content-type", "application/json".to_string()),
        ("x-access-timestamp", timestamp),
        ("x-access-signature", signature),
        ("x-access-merchant-id", merchant_id.to_string()),
        ("x-access-merchant-algorithm", signer.key_type().algorithm_header().to_string()),
        ("x-idempotency-key", idempotency_key.to_string()),
    ]
}
