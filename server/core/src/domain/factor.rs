//! The consoles' second factor, as pure rules: TOTP codes (RFC 6238: SHA-1, 6 digits, 30 s, as
//! authenticator apps expect) through `totp-rs`, the `otpauth://` link an app reads from a QR
//! code, and one-time recovery codes (kept as their SHA-256 only).

use sha2::Digest as _;
use totp_rs::{Algorithm, TOTP};

use crate::secret::Secret;

/// Seconds per code.
pub const STEP_S: u64 = 30;
/// Recovery codes made at enrolment.
pub const RECOVERY_CODES: usize = 10;

/// A new random secret: 160 bits, as RFC 4226 recommends for SHA-1.
pub fn new_secret() -> Secret<Vec<u8>> {
    let bytes: [u8; 20] = rand::random();
    Secret::new(bytes.to_vec())
}

fn totp(secret: &Secret<Vec<u8>>) -> Option<TOTP> {
    // Skew 0: the window is chosen below, step by step, so that a step is accepted only once.
    TOTP::new(Algorithm::SHA1, 6, 0, STEP_S, secret.expose().clone()).ok()
}

/// The secret as people type it into an app (base32, in groups of four).
pub fn secret_text(secret: &Secret<Vec<u8>>) -> String {
    let plain = totp(secret).map(|t| t.get_secret_base32()).unwrap_or_default();
    plain.as_bytes().chunks(4).map(|c| String::from_utf8_lossy(c).into_owned()).collect::<Vec<_>>().join(" ")
}

/// The link an authenticator app reads from the QR code.
pub fn otpauth_link(issuer: &str, account: &str, secret: &Secret<Vec<u8>>) -> String {
    let base32 = totp(secret).map(|t| t.get_secret_base32()).unwrap_or_default();
    let label = format!("{issuer}:{account}");
    format!(
        "otpauth://totp/{}?secret={base32}&issuer={}&algorithm=SHA1&digits=6&period={STEP_S}",
        urlencode(&label),
        urlencode(issuer)
    )
}

fn urlencode(s: &str) -> String {
    s.bytes()
        .map(|b| match b {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'.' | b'_' | b'~' => (b as char).to_string(),
            _ => format!("%{b:02X}"),
        })
        .collect()
}

/// The code of the step holding `unix_s` (for tests and the bench; a person's app makes them).
pub fn code_at(secret: &Secret<Vec<u8>>, unix_s: u64) -> String {
    totp(secret).map(|t| t.generate(unix_s)).unwrap_or_default()
}

/// Whether `code` looks like a TOTP code (six digits, spaces allowed) rather than a recovery code.
pub fn is_totp_code(code: &str) -> bool {
    let digits: String = code.chars().filter(|c| !c.is_whitespace()).collect();
    digits.len() == 6 && digits.bytes().all(|b| b.is_ascii_digit())
}

/// The step `code` belongs to, if it is right for the step of `now_s` or one either side (a
/// phone's clock a little off); the caller accepts each step at most once.
pub fn matching_step(secret: &Secret<Vec<u8>>, code: &str, now_s: u64) -> Option<u64> {
    let typed: String = code.chars().filter(|c| !c.is_whitespace()).collect();
    let totp = totp(secret)?;
    let now = now_s / STEP_S;
    [now.saturating_sub(1), now, now + 1].into_iter().find(|step| {
        let expected = totp.generate(step * STEP_S);
        bool::from(subtle::ConstantTimeEq::ct_eq(expected.as_bytes(), typed.as_bytes()))
    })
}

/// New recovery codes, shown once: ten groups like `k7m2-q9xd-4hpt` (no 0/o, 1/l to misread).
pub fn new_recovery_codes() -> Vec<Secret<String>> {
    const ALPHABET: &[u8] = b"23456789abcdefghjkmnpqrstuvwxyz";
    (0..RECOVERY_CODES)
        .map(|_| {
            let chars: Vec<char> =
                (0..12).map(|_| ALPHABET[rand::random::<usize>() % ALPHABET.len()] as char).collect();
            let groups: Vec<String> = chars.chunks(4).map(|c| c.iter().collect()).collect();
            Secret::new(groups.join("-"))
        })
        .collect()
}

/// What is kept of a recovery code: the SHA-256 of its letters and digits, lower-cased (typed
/// with or without dashes, in either case). The codes carry 59 random bits each, and each is
/// spent at its first use, so a plain digest is enough.
pub fn recovery_hash(code: &str) -> String {
    let plain: String = code.chars().filter(|c| c.is_ascii_alphanumeric()).map(|c| c.to_ascii_lowercase()).collect();
    hex::encode(sha2::Sha256::digest(plain.as_bytes()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_match_rfc_6238() {
        // RFC 6238 appendix B, SHA-1, the secret "12345678901234567890", last 6 digits.
        let secret = Secret::new(b"12345678901234567890".to_vec());
        assert_eq!(code_at(&secret, 59), "287082");
        assert_eq!(code_at(&secret, 1_111_111_109), "081804");
        assert_eq!(code_at(&secret, 2_000_000_000), "279037");
    }

    #[test]
    fn a_code_matches_its_step_or_one_either_side() {
        let secret = new_secret();
        let now = 1_795_000_000;
        let code = code_at(&secret, now);
        assert_eq!(matching_step(&secret, &code, now), Some(now / STEP_S));
        assert_eq!(matching_step(&secret, &code, now + STEP_S), Some(now / STEP_S));
        assert_eq!(matching_step(&secret, &code, now + 3 * STEP_S), None);
        let spaced = format!("{} {}", &code[..3], &code[3..]);
        assert_eq!(matching_step(&secret, &spaced, now), Some(now / STEP_S));
        assert_eq!(matching_step(&secret, "000000x", now), None);
    }

    #[test]
    fn recovery_codes_are_distinct_and_hashed_as_typed() {
        let codes = new_recovery_codes();
        assert_eq!(codes.len(), RECOVERY_CODES);
        let first = codes[0].expose();
        assert_eq!(first.len(), 14);
        assert_eq!(recovery_hash(first), recovery_hash(&first.to_uppercase().replace('-', "")));
        let unique: std::collections::HashSet<_> = codes.iter().map(|c| c.expose().clone()).collect();
        assert_eq!(unique.len(), RECOVERY_CODES);
        assert!(!is_totp_code(first) && is_totp_code("123 456"));
    }

    #[test]
    fn the_link_names_issuer_account_and_secret() {
        let secret = Secret::new(b"12345678901234567890".to_vec());
        let link = otpauth_link("Kassa operator", "alice", &secret);
        assert!(link.starts_with("otpauth://totp/Kassa%20operator%3Aalice?secret=GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ&"));
        assert_eq!(secret_text(&secret), "GEZD GNBV GY3T QOJQ GEZD GNBV GY3T QOJQ");
    }
}
