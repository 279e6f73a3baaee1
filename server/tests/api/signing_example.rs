use base64::Engine as _;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use p256::ecdsa::signature::Signer;
use p256::pkcs8::DecodePrivateKey;
use sha2::{Digest, Sha256};

use crate::callback_example::signed_message; // the normalization shown in docs/CALLBACKS.md

/// `x-access-signature` of a request `body` sent with `x-access-timestamp: {timestamp}`, signed
/// with the project's ECDSA P-256 private key (PKCS#8 PEM, as Kassa showed it at creation).
pub fn sign_request(body: &[u8], timestamp: &str, private_key_pem: &str) -> Option<String> {
    let message = signed_message(body, timestamp)?;
    let digest = Sha256::digest(message.as_bytes()); // the key signs this digest (hashing it again)
    let key = p256::ecdsa::SigningKey::from_pkcs8_pem(private_key_pem).ok()?;
    let signature: p256::ecdsa::DerSignature = key.sign(&digest);
    Some(URL_SAFE_NO_PAD.encode(signature.as_bytes()))
}
