//! People who log in to the consoles (operators; users of one merchant) and how they prove
//! who they are. Passwords are kept as argon2id hashes only; a login that does not exist costs
//! the same hash verification as a wrong password, so the answer's timing does not tell them
//! apart.

use std::sync::OnceLock;

use argon2::password_hash::{PasswordHash, PasswordHasher, PasswordVerifier, SaltString, rand_core::OsRng};
use argon2::{Algorithm, Argon2, Params, Version};

use super::audit::Who;
use crate::secret::Secret;

/// Which console a user belongs to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Audience {
    Operator,
    Merchant,
}

impl Audience {
    pub fn code(self) -> &'static str {
        match self {
            Audience::Operator => "operator",
            Audience::Merchant => "merchant",
        }
    }

    pub fn parse(code: &str) -> Option<Self> {
        match code {
            "operator" => Some(Audience::Operator),
            "merchant" => Some(Audience::Merchant),
            _ => None,
        }
    }
}

/// A console user as stored.
#[derive(Clone, Debug)]
pub struct ConsoleUser {
    pub id: String,
    pub audience: Audience,
    /// The merchant a merchant user belongs to.
    pub merchant_id: Option<String>,
    pub login: String,
    pub password_hash: String,
    pub active: bool,
    pub created_ms: i64,
}

impl ConsoleUser {
    /// Who this user is in the audit log.
    pub fn who(&self) -> Who {
        match self.audience {
            Audience::Operator => Who::Operator(self.login.clone()),
            Audience::Merchant => Who::MerchantUser(self.login.clone()),
        }
    }
}

pub const MIN_PASSWORD: usize = 12;
pub const MAX_PASSWORD: usize = 1024;

/// Argon2id with the OWASP parameters (19 MiB, 2 passes): about 30 ms here, enough to make
/// guessing slow and little enough for a login form.
fn hasher() -> Argon2<'static> {
    Argon2::new(Algorithm::Argon2id, Version::V0x13, Params::new(19 * 1024, 2, 1, None).expect("valid parameters"))
}

pub fn hash_password(password: &Secret<String>) -> String {
    let salt = SaltString::generate(&mut OsRng);
    hasher().hash_password(password.expose().as_bytes(), &salt).expect("argon2 hashes any input").to_string()
}

pub fn verify_password(password: &Secret<String>, hash: &str) -> bool {
    PasswordHash::new(hash).is_ok_and(|h| hasher().verify_password(password.expose().as_bytes(), &h).is_ok())
}

/// A hash nobody's password matches, verified when the login does not exist.
pub fn decoy_hash() -> &'static str {
    static DECOY: OnceLock<String> = OnceLock::new();
    DECOY.get_or_init(|| hash_password(&Secret::new(uuid::Uuid::new_v4().to_string())))
}

pub fn valid_login(login: &str) -> bool {
    (3..=64).contains(&login.len()) && login.bytes().all(|b| b.is_ascii_alphanumeric() || b"._-@".contains(&b))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_password_verifies_against_its_hash_only() {
        let hash = hash_password(&Secret::new("correct horse battery".into()));
        assert!(hash.starts_with("$argon2id$"), "{hash}");
        assert!(verify_password(&Secret::new("correct horse battery".into()), &hash));
        assert!(!verify_password(&Secret::new("correct horse battery!".into()), &hash));
        assert!(!verify_password(&Secret::new("anything".into()), decoy_hash()));
    }

    #[test]
    fn logins_are_plain() {
        assert!(valid_login("alice.ops"));
        assert!(!valid_login("al"));
        assert!(!valid_login("alice ops"));
        assert!(!valid_login("<script>"));
    }
}
