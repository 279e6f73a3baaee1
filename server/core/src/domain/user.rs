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

/// What a console user may do besides reading what their console shows. Each console route
/// names the one it needs ([`Role::may`] is the whole table).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Permission {
    /// Read every page of the console.
    Read,
    /// Send a payment's callback again.
    Resend,
    /// Operators: decide payments, payouts and transfers; apply statements; add, enable and
    /// disable requisites.
    Decide,
    /// Operators: a requisite's limits (and, in time, projects' settings).
    Administer,
    /// Merchants: request keys, the callback key, the integration check, page settings.
    Develop,
    /// Add, disable and re-role the console's users (administrators; a merchant's owners).
    ManageUsers,
    /// Merchants: request payouts and cancel payments from the console (a merchant's owners).
    Pay,
}

/// A console user's role. Operators are viewers, operators or administrators; a merchant's
/// users are owners, developers or support.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Role {
    Viewer,
    Operator,
    Admin,
    Owner,
    Developer,
    Support,
}

/// Who may do what: the roles' table as data (SECURITY.md prints it).
const GRANTS: &[(Role, &[Permission])] = {
    use Permission::*;
    &[
        (Role::Viewer, &[Read]),
        (Role::Operator, &[Read, Resend, Decide]),
        (Role::Admin, &[Read, Resend, Decide, Administer, ManageUsers]),
        (Role::Owner, &[Read, Resend, Develop, ManageUsers, Pay]),
        (Role::Developer, &[Read, Resend, Develop]),
        (Role::Support, &[Read, Resend]),
    ]
};

impl Role {
    pub const ALL: [Role; 6] = [Role::Viewer, Role::Operator, Role::Admin, Role::Owner, Role::Developer, Role::Support];

    pub fn code(self) -> &'static str {
        match self {
            Role::Viewer => "viewer",
            Role::Operator => "operator",
            Role::Admin => "admin",
            Role::Owner => "owner",
            Role::Developer => "developer",
            Role::Support => "support",
        }
    }

    pub fn parse(code: &str) -> Option<Self> {
        Role::ALL.into_iter().find(|r| r.code() == code)
    }

    /// The console this role belongs to.
    pub fn audience(self) -> Audience {
        match self {
            Role::Viewer | Role::Operator | Role::Admin => Audience::Operator,
            Role::Owner | Role::Developer | Role::Support => Audience::Merchant,
        }
    }

    /// The roles of a console, least powerful first.
    pub fn of(audience: Audience) -> Vec<Role> {
        Role::ALL.into_iter().filter(|r| r.audience() == audience).collect()
    }

    /// The role the command line gives when none is named: the one that can manage the
    /// others, since the command line is how a console's first user is made.
    pub fn first(audience: Audience) -> Role {
        match audience {
            Audience::Operator => Role::Admin,
            Audience::Merchant => Role::Owner,
        }
    }

    pub fn may(self, what: Permission) -> bool {
        GRANTS.iter().any(|(role, grants)| *role == self && grants.contains(&what))
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
    pub role: Role,
    /// Until when the set-password link of a user who has not set one yet works.
    pub setup_expires_ms: Option<i64>,
    /// Whether a second factor (TOTP) is enrolled.
    pub has_factor: bool,
    /// Recovery codes not used yet.
    pub recovery_left: usize,
}

impl ConsoleUser {
    pub fn may(&self, what: Permission) -> bool {
        self.role.may(what)
    }

    /// Who this user is in the audit log.
    pub fn who(&self) -> Who {
        match self.audience {
            Audience::Operator => Who::Operator(self.login.clone(), Some(self.role.code())),
            Audience::Merchant => Who::MerchantUser(self.login.clone(), Some(self.role.code())),
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

/// Whether `password` is the one `hash` was made from. A user who has not set a password yet
/// holds [`NO_PASSWORD`]: checked against the decoy, so the answer takes as long as any other.
pub fn verify_password(password: &Secret<String>, hash: &str) -> bool {
    match PasswordHash::new(hash) {
        Ok(h) => hasher().verify_password(password.expose().as_bytes(), &h).is_ok(),
        Err(_) => {
            let decoy = PasswordHash::new(decoy_hash()).expect("the decoy parses");
            let _ = hasher().verify_password(password.expose().as_bytes(), &decoy);
            false
        }
    }
}

/// The stored hash of a user who has no password yet (added with a set-password link, or
/// whose password was reset): no password matches it.
pub const NO_PASSWORD: &str = "!";

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
    fn no_password_matches_a_user_who_has_none() {
        assert!(!verify_password(&Secret::new("!".into()), NO_PASSWORD));
        assert!(!verify_password(&Secret::new(String::new()), NO_PASSWORD));
    }

    #[test]
    fn roles_grant_what_the_table_says() {
        assert!(Role::Viewer.may(Permission::Read) && !Role::Viewer.may(Permission::Decide));
        assert!(Role::Operator.may(Permission::Decide) && !Role::Operator.may(Permission::ManageUsers));
        assert!(!Role::Operator.may(Permission::Administer) && Role::Admin.may(Permission::Administer));
        assert!(Role::Owner.may(Permission::ManageUsers) && Role::Owner.may(Permission::Develop));
        assert!(Role::Developer.may(Permission::Develop) && !Role::Developer.may(Permission::ManageUsers));
        assert!(Role::Support.may(Permission::Resend) && !Role::Support.may(Permission::Develop));
        assert!(Role::Owner.may(Permission::Pay) && !Role::Developer.may(Permission::Pay));
        assert!(Role::of(Audience::Operator).iter().all(|r| !r.may(Permission::Pay)));
        // No merchant role decides payments; no operator role holds merchants' keys.
        assert!(Role::of(Audience::Merchant).iter().all(|r| !r.may(Permission::Decide)));
        assert!(Role::of(Audience::Operator).iter().all(|r| !r.may(Permission::Develop)));
        assert!(Role::ALL.iter().all(|r| Role::parse(r.code()) == Some(*r)));
    }

    #[test]
    fn logins_are_plain() {
        assert!(valid_login("alice.ops"));
        assert!(!valid_login("al"));
        assert!(!valid_login("alice ops"));
        assert!(!valid_login("<script>"));
    }
}
