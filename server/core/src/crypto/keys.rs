//! Request keys (merchants sign with them, Kassa verifies) and callback keys (Kassa signs,
//! merchants verify), in the three types of decisions.md §1–§2.

use std::sync::Arc;

use base64::Engine as _;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use hmac::{Hmac, Mac};
use p256::pkcs8::{DecodePrivateKey, DecodePublicKey, EncodePrivateKey, EncodePublicKey, LineEnding};
use rand::RngCore;
use rand::rngs::OsRng;
use rsa::pkcs1::DecodeRsaPublicKey;
use rsa::traits::PublicKeyParts;
use sha2::Sha512;

use crate::crypto::normalize;
use crate::secret::Secret;

/// The smallest RSA modulus accepted for request keys.
pub const MIN_RSA_BITS: usize = 2048;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum KeyType {
    EcdsaP256,
    RsaSha256,
    HmacSha512,
}

impl KeyType {
    pub const ALL: [KeyType; 3] = [KeyType::EcdsaP256, KeyType::RsaSha256, KeyType::HmacSha512];

    /// The name used in the database and on the command line.
    pub fn as_str(self) -> &'static str {
        match self {
            KeyType::EcdsaP256 => "ecdsa-p256",
            KeyType::RsaSha256 => "rsa-sha256",
            KeyType::HmacSha512 => "hmac-sha512",
        }
    }

    pub fn parse(s: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|k| k.as_str() == s)
    }

    /// The value Kassa sends in `x-access-merchant-algorithm`.
    pub fn algorithm_header(self) -> &'static str {
        match self {
            KeyType::EcdsaP256 => "ECDSA-P256-SHA256",
            KeyType::RsaSha256 => "RSA-SHA256",
            KeyType::HmacSha512 => "HMAC-SHA512",
        }
    }

    /// Reads an `x-access-merchant-algorithm` header value (case-insensitive aliases).
    pub fn from_algorithm_header(value: &str) -> Option<Self> {
        let v = value.trim().to_ascii_uppercase();
        match v.as_str() {
            "ECDSA" | "ES256" | "ECDSA-P256-SHA256" => Some(KeyType::EcdsaP256),
            "RSA" | "RSA-SHA256" => Some(KeyType::RsaSha256),
            "HMAC" | "HMAC-SHA512" => Some(KeyType::HmacSha512),
            _ => None,
        }
    }
}

impl std::fmt::Display for KeyType {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

#[derive(Debug, thiserror::Error)]
pub enum KeyError {
    #[error("the public key is not a valid {0} key in PEM (SubjectPublicKeyInfo) form")]
    InvalidPublicKey(KeyType),
    #[error("RSA keys must have at least {MIN_RSA_BITS} bits")]
    RsaTooSmall,
    #[error("an HMAC key has no public key to upload")]
    HmacHasNoPublicKey,
    #[error("stored key material is corrupt")]
    CorruptStoredKey,
}

/// `x-access-token` of an asymmetric key: base64url of its DER SubjectPublicKeyInfo.
pub fn token_for_spki(spki_der: &[u8]) -> String {
    URL_SAFE_NO_PAD.encode(spki_der)
}

fn random_hex(bytes: usize) -> String {
    let mut buf = vec![0u8; bytes];
    OsRng.fill_bytes(&mut buf);
    hex::encode(buf)
}

fn random_b64(bytes: usize) -> String {
    let mut buf = vec![0u8; bytes];
    OsRng.fill_bytes(&mut buf);
    URL_SAFE_NO_PAD.encode(buf)
}

// ---------------------------------------------------------------------------------------------
// Request keys

/// What Kassa keeps of a request key: enough to verify, never a private key.
#[derive(Clone, Debug)]
pub struct StoredRequestKey {
    pub key_type: KeyType,
    pub token: String,
    /// DER SubjectPublicKeyInfo (asymmetric types).
    pub public_key_der: Option<Vec<u8>>,
    /// The shared secret (HMAC only).
    pub hmac_secret: Option<Secret<String>>,
}

/// A new request key: what is stored plus what is shown to the merchant once.
#[derive(Debug)]
pub struct NewRequestKey {
    pub stored: StoredRequestKey,
    /// Generated private key (PKCS#8 PEM), when Kassa generated the pair.
    pub private_key_pem: Option<Secret<String>>,
}

/// Generates a request key of `key_type`. For asymmetric types the private key is returned for
/// showing once and is not part of what gets stored.
pub fn generate_request_key(key_type: KeyType) -> NewRequestKey {
    match key_type {
        KeyType::EcdsaP256 => {
            let secret = p256::SecretKey::random(&mut OsRng);
            let der = secret.public_key().to_public_key_der().expect("encode P-256 public key");
            let pem = secret.to_pkcs8_pem(LineEnding::LF).expect("encode P-256 private key");
            NewRequestKey {
                stored: asymmetric_stored(key_type, der.as_bytes().to_vec()),
                private_key_pem: Some(Secret::new(pem.to_string())),
            }
        }
        KeyType::RsaSha256 => {
            let private = rsa::RsaPrivateKey::new(&mut OsRng, MIN_RSA_BITS).expect("RSA keygen");
            let der = private.to_public_key().to_public_key_der().expect("encode RSA public key");
            let pem = private.to_pkcs8_pem(LineEnding::LF).expect("encode RSA private key");
            NewRequestKey {
                stored: asymmetric_stored(key_type, der.as_bytes().to_vec()),
                private_key_pem: Some(Secret::new(pem.to_string())),
            }
        }
        KeyType::HmacSha512 => NewRequestKey {
            stored: StoredRequestKey {
                key_type,
                token: format!("hk_{}", random_hex(16)),
                public_key_der: None,
                hmac_secret: Some(Secret::new(random_b64(32))),
            },
            private_key_pem: None,
        },
    }
}

/// A request key from a public key the merchant uploaded (PEM, SubjectPublicKeyInfo; RSA also
/// accepts PKCS#1 `RSA PUBLIC KEY`).
pub fn request_key_from_public_pem(key_type: KeyType, pem: &str) -> Result<StoredRequestKey, KeyError> {
    let der = match key_type {
        KeyType::EcdsaP256 => p256::PublicKey::from_public_key_pem(pem)
            .map_err(|_| KeyError::InvalidPublicKey(key_type))?
            .to_public_key_der()
            .map_err(|_| KeyError::InvalidPublicKey(key_type))?,
        KeyType::RsaSha256 => {
            let key = rsa::RsaPublicKey::from_public_key_pem(pem)
                .or_else(|_| rsa::RsaPublicKey::from_pkcs1_pem(pem))
                .map_err(|_| KeyError::InvalidPublicKey(key_type))?;
            if key.size() * 8 < MIN_RSA_BITS {
                return Err(KeyError::RsaTooSmall);
            }
            key.to_public_key_der().map_err(|_| KeyError::InvalidPublicKey(key_type))?
        }
        KeyType::HmacSha512 => return Err(KeyError::HmacHasNoPublicKey),
    };
    Ok(asymmetric_stored(key_type, der.as_bytes().to_vec()))
}

fn asymmetric_stored(key_type: KeyType, der: Vec<u8>) -> StoredRequestKey {
    StoredRequestKey { key_type, token: token_for_spki(&der), public_key_der: Some(der), hmac_secret: None }
}

/// A parsed request key, ready to verify signatures. ECDSA and RSA verification runs on `ring`
/// (already linked through rustls): it verifies P-256 about five times faster than the
/// `p256` crate, and signatures are verified on every request. Keys are still made, parsed
/// and printed with `p256` and `rsa`.
#[derive(Clone)]
pub enum RequestVerifier {
    /// Uncompressed SEC1 point of the public key.
    Ecdsa(Vec<u8>),
    /// PKCS#1 DER of the public key.
    Rsa(Vec<u8>),
    Hmac(Secret<String>),
}

impl RequestVerifier {
    pub fn from_stored(key: &StoredRequestKey) -> Result<Self, KeyError> {
        use rsa::pkcs1::EncodeRsaPublicKey;
        match key.key_type {
            KeyType::EcdsaP256 => {
                let der = key.public_key_der.as_deref().ok_or(KeyError::CorruptStoredKey)?;
                let pk = p256::PublicKey::from_public_key_der(der).map_err(|_| KeyError::CorruptStoredKey)?;
                use p256::elliptic_curve::sec1::ToEncodedPoint;
                Ok(Self::Ecdsa(pk.to_encoded_point(false).as_bytes().to_vec()))
            }
            KeyType::RsaSha256 => {
                let der = key.public_key_der.as_deref().ok_or(KeyError::CorruptStoredKey)?;
                let pk = rsa::RsaPublicKey::from_public_key_der(der).map_err(|_| KeyError::CorruptStoredKey)?;
                Ok(Self::Rsa(pk.to_pkcs1_der().map_err(|_| KeyError::CorruptStoredKey)?.as_bytes().to_vec()))
            }
            KeyType::HmacSha512 => Ok(Self::Hmac(key.hmac_secret.clone().ok_or(KeyError::CorruptStoredKey)?)),
        }
    }

    /// Checks `signature` (base64url, padding tolerated) over the signed `message`.
    pub fn verify(&self, message: &str, signature: &str) -> bool {
        use ring::signature::{
            ECDSA_P256_SHA256_ASN1, ECDSA_P256_SHA256_FIXED, RSA_PKCS1_2048_8192_SHA256, UnparsedPublicKey,
        };
        let Some(signature) = decode_b64url(signature) else {
            return false;
        };
        match self {
            // The key signs the digest of the message; the algorithm hashes it once more.
            Self::Ecdsa(point) => {
                let digest = normalize::digest(message);
                let algorithm = if signature.len() == 64 { &ECDSA_P256_SHA256_FIXED } else { &ECDSA_P256_SHA256_ASN1 };
                UnparsedPublicKey::new(algorithm, point).verify(&digest, &signature).is_ok()
            }
            Self::Rsa(pkcs1) => {
                let digest = normalize::digest(message);
                UnparsedPublicKey::new(&RSA_PKCS1_2048_8192_SHA256, pkcs1).verify(&digest, &signature).is_ok()
            }
            Self::Hmac(secret) => {
                let mut mac =
                    Hmac::<Sha512>::new_from_slice(secret.expose().as_bytes()).expect("HMAC accepts any key length");
                mac.update(message.as_bytes());
                // Constant-time comparison.
                mac.verify_slice(&signature).is_ok()
            }
        }
    }
}

/// One form of a signature, whatever encoding or variant the client sent: an ECDSA signature
/// as raw `r ‖ s` with the low `s` (a DER encoding, or the `n - s` twin that verifies just as
/// well, map to the same bytes); RSA and HMAC signatures as their bytes. Two requests with the
/// same canonical signature carry the same signed message.
pub fn canonical_signature(signature: &str) -> Option<Vec<u8>> {
    let bytes = decode_b64url(signature)?;
    let ecdsa = if bytes.len() == 64 {
        p256::ecdsa::Signature::from_slice(&bytes).ok()
    } else {
        p256::ecdsa::Signature::from_der(&bytes).ok()
    };
    Some(match ecdsa {
        Some(sig) => sig.normalize_s().unwrap_or(sig).to_bytes().to_vec(),
        None => bytes,
    })
}

fn decode_b64url(s: &str) -> Option<Vec<u8>> {
    URL_SAFE_NO_PAD.decode(s.trim().trim_end_matches('=')).ok()
}

// ---------------------------------------------------------------------------------------------
// Callback keys

/// A callback key as stored: the private half (or HMAC secret) so Kassa can sign.
#[derive(Clone, Debug)]
pub struct StoredCallbackKey {
    pub key_type: KeyType,
    /// PKCS#8 DER private key (asymmetric types).
    pub private_key_der: Option<Secret<Vec<u8>>>,
    /// PEM SubjectPublicKeyInfo, for merchants to download (asymmetric types).
    pub public_key_pem: Option<String>,
    pub hmac_secret: Option<Secret<String>>,
}

pub fn generate_callback_key(key_type: KeyType) -> StoredCallbackKey {
    match key_type {
        KeyType::EcdsaP256 => {
            let secret = p256::SecretKey::random(&mut OsRng);
            let der = secret.to_pkcs8_der().expect("encode P-256 private key");
            let pem = secret.public_key().to_public_key_pem(LineEnding::LF).expect("encode public key");
            StoredCallbackKey {
                key_type,
                private_key_der: Some(Secret::new(der.as_bytes().to_vec())),
                public_key_pem: Some(pem),
                hmac_secret: None,
            }
        }
        KeyType::RsaSha256 => {
            let private = rsa::RsaPrivateKey::new(&mut OsRng, MIN_RSA_BITS).expect("RSA keygen");
            let der = private.to_pkcs8_der().expect("encode RSA private key");
            let pem = private.to_public_key().to_public_key_pem(LineEnding::LF).expect("encode public key");
            StoredCallbackKey {
                key_type,
                private_key_der: Some(Secret::new(der.as_bytes().to_vec())),
                public_key_pem: Some(pem),
                hmac_secret: None,
            }
        }
        KeyType::HmacSha512 => StoredCallbackKey {
            key_type,
            private_key_der: None,
            public_key_pem: None,
            hmac_secret: Some(Secret::new(random_b64(32))),
        },
    }
}

/// A parsed callback key, ready to sign. Like verification, signing runs on `ring`: every
/// callback attempt is signed, and `ring` signs P-256 several times faster than `p256`.
#[derive(Clone)]
pub enum CallbackSigner {
    Ecdsa(Arc<ring::signature::EcdsaKeyPair>),
    Rsa(Arc<ring::signature::RsaKeyPair>),
    Hmac(Secret<String>),
}

impl std::fmt::Debug for CallbackSigner {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("CallbackSigner([redacted])")
    }
}

impl CallbackSigner {
    pub fn from_stored(key: &StoredCallbackKey) -> Result<Self, KeyError> {
        match key.key_type {
            KeyType::EcdsaP256 => {
                use p256::elliptic_curve::sec1::ToEncodedPoint;
                let der = key.private_key_der.as_ref().ok_or(KeyError::CorruptStoredKey)?;
                let secret = p256::SecretKey::from_pkcs8_der(der.expose()).map_err(|_| KeyError::CorruptStoredKey)?;
                let point = secret.public_key().to_encoded_point(false);
                let pair = ring::signature::EcdsaKeyPair::from_private_key_and_public_key(
                    &ring::signature::ECDSA_P256_SHA256_ASN1_SIGNING,
                    &secret.to_bytes(),
                    point.as_bytes(),
                    &ring::rand::SystemRandom::new(),
                )
                .map_err(|_| KeyError::CorruptStoredKey)?;
                Ok(Self::Ecdsa(Arc::new(pair)))
            }
            KeyType::RsaSha256 => {
                let der = key.private_key_der.as_ref().ok_or(KeyError::CorruptStoredKey)?;
                let pair =
                    ring::signature::RsaKeyPair::from_pkcs8(der.expose()).map_err(|_| KeyError::CorruptStoredKey)?;
                Ok(Self::Rsa(Arc::new(pair)))
            }
            KeyType::HmacSha512 => Ok(Self::Hmac(key.hmac_secret.clone().ok_or(KeyError::CorruptStoredKey)?)),
        }
    }

    pub fn key_type(&self) -> KeyType {
        match self {
            Self::Ecdsa(_) => KeyType::EcdsaP256,
            Self::Rsa(_) => KeyType::RsaSha256,
            Self::Hmac(_) => KeyType::HmacSha512,
        }
    }

    /// Signs `message` (decisions.md §2) and returns base64url without padding; ECDSA
    /// signatures are DER.
    pub fn sign(&self, message: &str) -> String {
        // The key signs the digest of the message; the algorithm hashes it once more.
        let bytes = match self {
            Self::Ecdsa(pair) => pair
                .sign(&ring::rand::SystemRandom::new(), &normalize::digest(message))
                .expect("P-256 signing with the system RNG")
                .as_ref()
                .to_vec(),
            Self::Rsa(pair) => {
                let mut signature = vec![0; pair.public().modulus_len()];
                pair.sign(
                    &ring::signature::RSA_PKCS1_SHA256,
                    &ring::rand::SystemRandom::new(),
                    &normalize::digest(message),
                    &mut signature,
                )
                .expect("RSA signing with the system RNG");
                signature
            }
            Self::Hmac(secret) => {
                let mut mac =
                    Hmac::<Sha512>::new_from_slice(secret.expose().as_bytes()).expect("HMAC accepts any key length");
                mac.update(message.as_bytes());
                mac.finalize().into_bytes().to_vec()
            }
        };
        URL_SAFE_NO_PAD.encode(bytes)
    }
}

#[cfg(test)]
mod canonical_tests {
    use super::*;
    use p256::ecdsa::signature::Signer;

    #[test]
    fn every_encoding_and_twin_of_an_ecdsa_signature_is_one_signature() {
        let key = p256::ecdsa::SigningKey::random(&mut OsRng);
        let sig: p256::ecdsa::Signature = key.sign(b"message");
        let low = sig.normalize_s().unwrap_or(sig);
        // The twin (r, n - s) verifies just as well.
        let (r, s) = low.split_scalars();
        let twin = p256::ecdsa::Signature::from_scalars(r, -*s).unwrap();
        let forms = [
            URL_SAFE_NO_PAD.encode(low.to_bytes()),
            URL_SAFE_NO_PAD.encode(low.to_der().as_bytes()),
            URL_SAFE_NO_PAD.encode(twin.to_bytes()),
            URL_SAFE_NO_PAD.encode(twin.to_der().as_bytes()),
        ];
        let canonical: Vec<_> = forms.iter().map(|f| canonical_signature(f).unwrap()).collect();
        assert!(canonical.windows(2).all(|w| w[0] == w[1]), "{canonical:?}");
        assert_eq!(canonical_signature("AQID").unwrap(), vec![1, 2, 3], "other signatures are their bytes");
    }
}

#[cfg(test)]
mod tests {
    use rsa::signature::{SignatureEncoding, Signer};
    use sha2::Sha256;

    use super::*;
    use serde_json::json;

    /// Signs like a merchant client would, with the private key shown at generation.
    fn client_sign(key: &NewRequestKey, message: &str) -> String {
        let stored = &key.stored;
        let bytes = match stored.key_type {
            KeyType::EcdsaP256 => {
                let pem = key.private_key_pem.as_ref().unwrap().expose();
                let sk = p256::ecdsa::SigningKey::from_pkcs8_pem(pem).unwrap();
                let sig: p256::ecdsa::Signature = sk.sign(&normalize::digest(message));
                sig.to_vec() // raw r||s, the other accepted encoding
            }
            KeyType::RsaSha256 => {
                let pem = key.private_key_pem.as_ref().unwrap().expose();
                let sk = rsa::RsaPrivateKey::from_pkcs8_pem(pem).unwrap();
                rsa::pkcs1v15::SigningKey::<Sha256>::new(sk).sign(&normalize::digest(message)).to_vec()
            }
            KeyType::HmacSha512 => {
                let secret = stored.hmac_secret.as_ref().unwrap().expose();
                let mut mac = Hmac::<Sha512>::new_from_slice(secret.as_bytes()).unwrap();
                mac.update(message.as_bytes());
                mac.finalize().into_bytes().to_vec()
            }
        };
        URL_SAFE_NO_PAD.encode(bytes)
    }

    #[test]
    fn generated_keys_verify_client_signatures_and_refuse_tampering() {
        let message = normalize::message(&json!({"general": {"project_id": "p"}}), "1706182847");
        let tampered = normalize::message(&json!({"general": {"project_id": "q"}}), "1706182847");
        for key_type in KeyType::ALL {
            let key = generate_request_key(key_type);
            let verifier = RequestVerifier::from_stored(&key.stored).unwrap();
            let sig = client_sign(&key, &message);
            assert!(verifier.verify(&message, &sig), "{key_type}");
            assert!(!verifier.verify(&tampered, &sig), "{key_type}");
            assert!(!verifier.verify(&message, "not-base64!"), "{key_type}");
            assert!(!verifier.verify(&message, ""), "{key_type}");
        }
    }

    #[test]
    fn ecdsa_accepts_der_signatures() {
        let key = generate_request_key(KeyType::EcdsaP256);
        let message = "bWVzc2FnZQ1706182847";
        let sk = p256::ecdsa::SigningKey::from_pkcs8_pem(key.private_key_pem.as_ref().unwrap().expose()).unwrap();
        let der: p256::ecdsa::DerSignature = sk.sign(&normalize::digest(message));
        let verifier = RequestVerifier::from_stored(&key.stored).unwrap();
        assert!(verifier.verify(message, &URL_SAFE_NO_PAD.encode(der.as_bytes())));
    }

    #[test]
    fn uploaded_public_keys_give_the_same_token() {
        let sk = p256::SecretKey::random(&mut OsRng);
        let pem = sk.public_key().to_public_key_pem(LineEnding::LF).unwrap();
        let stored = request_key_from_public_pem(KeyType::EcdsaP256, &pem).unwrap();
        let der = sk.public_key().to_public_key_der().unwrap();
        assert_eq!(stored.token, URL_SAFE_NO_PAD.encode(der.as_bytes()));
        assert!(matches!(request_key_from_public_pem(KeyType::RsaSha256, &pem), Err(KeyError::InvalidPublicKey(_))));
        assert!(matches!(request_key_from_public_pem(KeyType::HmacSha512, &pem), Err(KeyError::HmacHasNoPublicKey)));
    }

    #[test]
    fn small_rsa_keys_are_refused() {
        let small = rsa::RsaPrivateKey::new(&mut OsRng, 1024).unwrap();
        let pem = small.to_public_key().to_public_key_pem(LineEnding::LF).unwrap();
        assert!(matches!(request_key_from_public_pem(KeyType::RsaSha256, &pem), Err(KeyError::RsaTooSmall)));
    }

    #[test]
    fn callback_signatures_verify_with_the_published_key() {
        let message = normalize::message(&json!({"project_id": "p", "status": {"status": "success"}}), "1");
        for key_type in KeyType::ALL {
            let stored = generate_callback_key(key_type);
            let signer = CallbackSigner::from_stored(&stored).unwrap();
            let sig = signer.sign(&message);
            // The merchant's view: the public PEM (or the shared secret).
            let public = match key_type {
                KeyType::HmacSha512 => StoredRequestKey {
                    key_type,
                    token: String::new(),
                    public_key_der: None,
                    hmac_secret: stored.hmac_secret.clone(),
                },
                _ => request_key_from_public_pem(key_type, stored.public_key_pem.as_ref().unwrap()).unwrap(),
            };
            let verifier = RequestVerifier::from_stored(&public).unwrap();
            assert!(verifier.verify(&message, &sig), "{key_type}");
        }
    }

    #[test]
    fn algorithm_header_aliases() {
        assert_eq!(KeyType::from_algorithm_header("es256"), Some(KeyType::EcdsaP256));
        assert_eq!(KeyType::from_algorithm_header("Rsa"), Some(KeyType::RsaSha256));
        assert_eq!(KeyType::from_algorithm_header("hmac-sha512"), Some(KeyType::HmacSha512));
        assert_eq!(KeyType::from_algorithm_header("md5"), None);
    }

    #[test]
    fn debug_output_of_keys_hides_secrets() {
        let key = generate_request_key(KeyType::HmacSha512);
        let secret = key.stored.hmac_secret.as_ref().unwrap().expose().clone();
        assert!(!format!("{key:?}").contains(&secret));
        let cb = generate_callback_key(KeyType::EcdsaP256);
        assert!(format!("{cb:?}").contains("[redacted]"));
    }
}
