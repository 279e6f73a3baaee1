//! The signature headers as any client may send them: `x-access-timestamp` (any text, any
//! clock), `x-access-signature` (any text, for ECDSA and HMAC keys) and an uploaded public key
//! (any PEM). Never a panic, and a signature verifies only when it is the right one.
#![no_main]

use kassa::crypto::keys::{KeyType, RequestVerifier, generate_request_key, request_key_from_public_pem};
use kassa::http::api::auth::parse_timestamp;
use libfuzzer_sys::fuzz_target;
use std::sync::OnceLock;

fn verifiers() -> &'static [RequestVerifier] {
    static KEYS: OnceLock<Vec<RequestVerifier>> = OnceLock::new();
    KEYS.get_or_init(|| {
        [KeyType::EcdsaP256, KeyType::HmacSha512]
            .into_iter()
            .map(|t| RequestVerifier::from_stored(&generate_request_key(t).stored).expect("a fresh key loads"))
            .collect()
    })
}

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    let (now, rest) = match data.len() {
        n if n >= 8 => (i64::from_le_bytes(data[..8].try_into().unwrap()), &data[8..]),
        _ => (1_706_182_847, data),
    };
    if let Ok(sent) = parse_timestamp(&text, now, 300) {
        assert!(now.abs_diff(sent) <= 300);
    }
    let rest = String::from_utf8_lossy(rest);
    let (message, signature) = rest.split_once('\n').unwrap_or(("message", &rest));
    for verifier in verifiers() {
        // A random signature never verifies.
        assert!(!verifier.verify(message, signature), "{signature:?}");
    }
    for key_type in [KeyType::EcdsaP256, KeyType::RsaSha256] {
        let _ = request_key_from_public_pem(key_type, &text);
    }
});
