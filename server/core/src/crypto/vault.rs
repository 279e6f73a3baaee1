//! Secrets at rest: every secret Kassa keeps in its database (HMAC request secrets, callback
//! private keys and HMAC secrets, the service's own secrets) is sealed with AES-256-GCM under a
//! master key that is not in the database, so a database read or a backup alone cannot sign as
//! Kassa or as a merchant. Keys Kassa derives for itself (the request fingerprint key, the CSRF
//! key) come from the same master key through HKDF.
//!
//! A sealed value is `v1:<key id>:<base64url(nonce ‖ ciphertext ‖ tag)>`; the key id (the first
//! 8 hex digits of the key's SHA-256) says which key opens it, so a rotation can read values
//! sealed under the previous key while it re-seals them (`kassa master-key rotate`).

use std::path::{Path, PathBuf};

use base64::Engine as _;
use base64::engine::general_purpose::{STANDARD, URL_SAFE_NO_PAD};
use ring::aead::{AES_256_GCM, Aad, LessSafeKey, NONCE_LEN, Nonce, UnboundKey};
use ring::rand::{SecureRandom, SystemRandom};
use sha2::{Digest, Sha256};

use crate::secret::Secret;

const PREFIX: &str = "v1:";

#[derive(Debug, thiserror::Error)]
pub enum VaultError {
    #[error("a master key must be 32 bytes, base64-encoded")]
    BadKey,
    #[error(
        "no master key: set KASSA_MASTER_KEY (32 bytes, base64) or KASSA_MASTER_KEY_FILE; \
         with PostgreSQL Kassa never creates one by itself"
    )]
    Missing,
    #[error("reading or writing the master key file {0}: {1}")]
    File(PathBuf, std::io::Error),
    #[error("a stored secret was sealed under master key {0}, which is not configured")]
    UnknownKey(String),
    #[error("a stored secret does not open (altered, or sealed for another use)")]
    Tampered,
}

/// One master key and its id.
#[derive(Clone)]
struct MasterKey {
    id: String,
    key: Secret<[u8; 32]>,
}

impl MasterKey {
    fn new(bytes: [u8; 32]) -> Self {
        let id = hex::encode(&Sha256::digest(bytes)[..4]);
        MasterKey { id, key: Secret::new(bytes) }
    }

    fn parse(text: &str) -> Result<Self, VaultError> {
        let bytes = STANDARD
            .decode(text.trim())
            .or_else(|_| URL_SAFE_NO_PAD.decode(text.trim()))
            .map_err(|_| VaultError::BadKey)?;
        let bytes: [u8; 32] = bytes.try_into().map_err(|_| VaultError::BadKey)?;
        Ok(MasterKey::new(bytes))
    }

    fn aead(&self) -> LessSafeKey {
        LessSafeKey::new(UnboundKey::new(&AES_256_GCM, self.key.expose()).expect("32-byte AES key"))
    }
}

/// The master key in use and the previous ones still accepted for reading.
#[derive(Clone)]
pub struct Vault {
    current: MasterKey,
    previous: Vec<MasterKey>,
}

impl std::fmt::Debug for Vault {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Vault").field("current", &self.current.id).finish_non_exhaustive()
    }
}

/// Where the master key comes from.
#[derive(Clone, Debug, Default)]
pub struct KeySource {
    /// `KASSA_MASTER_KEY`: base64 of 32 bytes.
    pub key: Option<Secret<String>>,
    /// `KASSA_MASTER_KEY_FILE`: a file holding the base64 key.
    pub file: Option<PathBuf>,
    /// `KASSA_MASTER_KEY_PREVIOUS`: earlier keys, still read (for a rotation).
    pub previous: Vec<Secret<String>>,
    /// Where to create a key file when none is configured (beside a SQLite database); `None`:
    /// never create one (PostgreSQL).
    pub create_at: Option<PathBuf>,
}

impl Vault {
    /// The vault of a configuration: the given key, the key file, or (SQLite only) a key file
    /// created beside the database on first start.
    pub fn open(source: &KeySource) -> Result<Vault, VaultError> {
        let current = if let Some(key) = &source.key {
            MasterKey::parse(key.expose())?
        } else if let Some(file) = &source.file {
            read_key_file(file)?
        } else if let Some(path) = &source.create_at {
            if path.exists() { read_key_file(path)? } else { create_key_file(path)? }
        } else {
            return Err(VaultError::Missing);
        };
        let previous = source.previous.iter().map(|k| MasterKey::parse(k.expose())).collect::<Result<Vec<_>, _>>()?;
        Ok(Vault { current, previous })
    }

    /// A vault with a fixed key (tests, benchmarks).
    pub fn with_key(bytes: [u8; 32]) -> Vault {
        Vault { current: MasterKey::new(bytes), previous: Vec::new() }
    }

    /// The id of the key new values are sealed under.
    pub fn key_id(&self) -> &str {
        &self.current.id
    }

    /// Seals `plaintext` for `context` (the use, bound as associated data: a value sealed for
    /// one column does not open as another).
    pub fn seal(&self, context: &str, plaintext: &[u8]) -> String {
        let mut nonce = [0u8; NONCE_LEN];
        SystemRandom::new().fill(&mut nonce).expect("system randomness");
        let mut data = plaintext.to_vec();
        self.current
            .aead()
            .seal_in_place_append_tag(Nonce::assume_unique_for_key(nonce), Aad::from(context.as_bytes()), &mut data)
            .expect("sealing cannot fail for in-memory data");
        let mut out = nonce.to_vec();
        out.extend_from_slice(&data);
        format!("{PREFIX}{}:{}", self.current.id, URL_SAFE_NO_PAD.encode(out))
    }

    pub fn seal_str(&self, context: &str, plaintext: &str) -> String {
        self.seal(context, plaintext.as_bytes())
    }

    /// Opens a sealed value. A value stored before sealing existed (no `v1:` prefix) is
    /// returned as it is, so an upgraded database keeps working until it is re-sealed.
    pub fn open_value(&self, context: &str, stored: &str) -> Result<Vec<u8>, VaultError> {
        let Some(rest) = stored.strip_prefix(PREFIX) else {
            return Ok(stored.as_bytes().to_vec());
        };
        let (id, body) = rest.split_once(':').ok_or(VaultError::Tampered)?;
        let key = std::iter::once(&self.current)
            .chain(&self.previous)
            .find(|k| k.id == id)
            .ok_or_else(|| VaultError::UnknownKey(id.to_string()))?;
        let mut data = URL_SAFE_NO_PAD.decode(body).map_err(|_| VaultError::Tampered)?;
        if data.len() < NONCE_LEN {
            return Err(VaultError::Tampered);
        }
        let mut sealed = data.split_off(NONCE_LEN);
        let nonce = Nonce::try_assume_unique_for_key(&data).map_err(|_| VaultError::Tampered)?;
        let plain = key
            .aead()
            .open_in_place(nonce, Aad::from(context.as_bytes()), &mut sealed)
            .map_err(|_| VaultError::Tampered)?;
        Ok(plain.to_vec())
    }

    pub fn open_str(&self, context: &str, stored: &str) -> Result<String, VaultError> {
        String::from_utf8(self.open_value(context, stored)?).map_err(|_| VaultError::Tampered)
    }

    /// Whether `stored` is sealed under the current key (else a rotation re-seals it).
    pub fn is_current(&self, stored: &str) -> bool {
        stored.strip_prefix(PREFIX).and_then(|r| r.split_once(':')).is_some_and(|(id, _)| id == self.current.id)
    }

    /// A key for `purpose`, derived from the current master key (HKDF-SHA256).
    pub fn derive(&self, purpose: &str) -> Secret<[u8; 32]> {
        let salt = ring::hkdf::Salt::new(ring::hkdf::HKDF_SHA256, b"kassa");
        let prk = salt.extract(self.current.key.expose());
        let info = [purpose.as_bytes()];
        let okm = prk.expand(&info, ring::hkdf::HKDF_SHA256).expect("HKDF output of one hash length");
        let mut out = [0u8; 32];
        okm.fill(&mut out).expect("32 bytes");
        Secret::new(out)
    }
}

/// A new random master key, base64 (for `kassa master-key new` and the key file).
pub fn new_key_text() -> String {
    let mut bytes = [0u8; 32];
    SystemRandom::new().fill(&mut bytes).expect("system randomness");
    STANDARD.encode(bytes)
}

fn read_key_file(path: &Path) -> Result<MasterKey, VaultError> {
    let text = std::fs::read_to_string(path).map_err(|e| VaultError::File(path.to_path_buf(), e))?;
    MasterKey::parse(&text)
}

fn create_key_file(path: &Path) -> Result<MasterKey, VaultError> {
    use std::io::Write;
    let text = new_key_text();
    if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
        std::fs::create_dir_all(dir).map_err(|e| VaultError::File(path.to_path_buf(), e))?;
    }
    let mut options = std::fs::OpenOptions::new();
    options.write(true).create_new(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        options.mode(0o600);
    }
    match options.open(path) {
        Ok(mut file) => {
            file.write_all(format!("{text}\n").as_bytes()).map_err(|e| VaultError::File(path.to_path_buf(), e))?;
            tracing::warn!(path = %path.display(), "created a master key file; back it up apart from the database");
            MasterKey::parse(&text)
        }
        // Another process created it first.
        Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => read_key_file(path),
        Err(e) => Err(VaultError::File(path.to_path_buf(), e)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sealed_values_open_only_with_their_key_and_context() {
        let vault = Vault::with_key([7; 32]);
        let sealed = vault.seal_str("hmac", "s3cret");
        assert!(sealed.starts_with("v1:") && !sealed.contains("s3cret"));
        assert_ne!(sealed, vault.seal_str("hmac", "s3cret"), "a fresh nonce each time");
        assert_eq!(vault.open_str("hmac", &sealed).unwrap(), "s3cret");
        assert!(matches!(vault.open_str("other", &sealed), Err(VaultError::Tampered)));
        let mut altered = sealed.clone();
        altered.pop();
        altered.push(if sealed.ends_with('A') { 'B' } else { 'A' });
        assert!(vault.open_str("hmac", &altered).is_err());
        assert!(matches!(Vault::with_key([8; 32]).open_str("hmac", &sealed), Err(VaultError::UnknownKey(_))));
        assert_eq!(vault.open_str("hmac", "plain, from before sealing").unwrap(), "plain, from before sealing");
    }

    #[test]
    fn a_rotation_reads_the_previous_key() {
        let old = Vault::with_key([1; 32]);
        let sealed = old.seal_str("c", "value");
        let source = KeySource {
            key: Some(Secret::new(STANDARD.encode([2u8; 32]))),
            previous: vec![Secret::new(STANDARD.encode([1u8; 32]))],
            ..Default::default()
        };
        let new = Vault::open(&source).unwrap();
        assert!(!new.is_current(&sealed));
        assert_eq!(new.open_str("c", &sealed).unwrap(), "value");
        assert!(new.is_current(&new.seal_str("c", "value")));
    }

    #[test]
    fn keys_come_from_the_environment_a_file_or_a_created_file() {
        assert!(matches!(Vault::open(&KeySource::default()), Err(VaultError::Missing)));
        assert!(matches!(
            Vault::open(&KeySource { key: Some(Secret::new("short".into())), ..Default::default() }),
            Err(VaultError::BadKey)
        ));
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("sub/kassa.key");
        let created = Vault::open(&KeySource { create_at: Some(path.clone()), ..Default::default() }).unwrap();
        let again = Vault::open(&KeySource { create_at: Some(path.clone()), ..Default::default() }).unwrap();
        assert_eq!(created.key_id(), again.key_id(), "the file is read back, not replaced");
        let from_file = Vault::open(&KeySource { file: Some(path.clone()), ..Default::default() }).unwrap();
        assert_eq!(from_file.key_id(), created.key_id());
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            assert_eq!(std::fs::metadata(&path).unwrap().permissions().mode() & 0o777, 0o600);
        }
        assert_ne!(created.derive("a").expose(), created.derive("b").expose());
    }
}
