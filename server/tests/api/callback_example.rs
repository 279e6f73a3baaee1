use base64::Engine as _;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use p256::pkcs8::DecodePublicKey;
use rsa::signature::Verifier;
use serde_json::Value;
use sha2::{Digest, Sha256};

/// The signed form of a JSON body: one `path:value` line per scalar, sorted, joined by `;`.
fn normalize(value: &Value) -> String {
    fn walk(value: &Value, path: &str, lines: &mut Vec<String>) {
        let child = |key: &str| {
            if path.is_empty() { key.to_string() } else { format!("{path}:{key}") }
        };
        match value {
            Value::Object(map) => map.iter().for_each(|(k, v)| walk(v, &child(k), lines)),
            Value::Array(items) => items.iter().enumerate().for_each(|(i, v)| walk(v, &child(&i.to_string()), lines)),
            Value::String(s) => lines.push(format!("{path}:{s}")),
            Value::Number(n) => lines.push(format!("{path}:{n}")),
            Value::Bool(b) => lines.push(format!("{path}:{}", if *b { 1 } else { 0 })),
            Value::Null => lines.push(format!("{path}:None")),
        }
    }
    let mut lines = Vec::new();
    walk(value, "", &mut lines);
    lines.sort(); // byte order
    lines.join(";")
}

/// `base64url(normalized body)` followed by the `x-access-timestamp` header as received.
pub fn signed_message(body: &[u8], timestamp: &str) -> Option<String> {
    let json: Value = serde_json::from_slice(body).ok()?;
    Some(format!("{}{timestamp}", URL_SAFE_NO_PAD.encode(normalize(&json))))
}

/// Refuses callbacks whose timestamp is more than 5 minutes away from your clock (replays).
pub fn timestamp_is_fresh(timestamp: &str, now_unix_s: i64) -> bool {
    timestamp.parse::<i64>().is_ok_and(|t| (now_unix_s - t).abs() <= 300)
}

/// Verifies `x-access-signature` of a callback with the project's callback public key (PEM,
/// ECDSA P-256 or RSA, as downloaded from Kassa).
pub fn verify_callback(body: &[u8], timestamp: &str, signature: &str, public_key_pem: &str) -> bool {
    let (Some(message), Ok(signature)) = (signed_message(body, timestamp), URL_SAFE_NO_PAD.decode(signature)) else {
        return false;
    };
    let digest = Sha256::digest(message.as_bytes()); // the key signs this digest (hashing it again)
    if let Ok(key) = p256::ecdsa::VerifyingKey::from_public_key_pem(public_key_pem) {
        return p256::ecdsa::DerSignature::try_from(signature.as_slice())
            .is_ok_and(|s| key.verify(&digest, &s).is_ok());
    }
    if let Ok(key) = rsa::RsaPublicKey::from_public_key_pem(public_key_pem) {
        let key = rsa::pkcs1v15::VerifyingKey::<Sha256>::new(key);
        return rsa::pkcs1v15::Signature::try_from(signature.as_slice()).is_ok_and(|s| key.verify(&digest, &s).is_ok());
    }
    false
}

/// Verifies a callback signed with an HMAC-SHA512 callback key (the secret shown at creation).
pub fn verify_hmac_callback(body: &[u8], timestamp: &str, signature: &str, secret: &str) -> bool {
    use hmac::Mac;
    let (Some(message), Ok(signature)) = (signed_message(body, timestamp), URL_SAFE_NO_PAD.decode(signature)) else {
        return false;
    };
    let mut mac = hmac::Hmac::<sha2::Sha512>::new_from_slice(secret.as_bytes()).expect("any key length");
    mac.update(message.as_bytes());
    mac.verify_slice(&signature).is_ok() // constant-time comparison
}
