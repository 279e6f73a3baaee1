//! The bank record of merchant-api.md ("Bank record") and the seed catalogue compiled into the
//! binary (`server/core/data/banks.json`).

use serde::{Deserialize, Serialize};

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Bank {
    pub id: String,
    pub name: String,
    pub symbol: String,
    pub sbp_code: Option<String>,
    pub is_sbp_bank: bool,
    pub country_code: String,
    #[serde(default = "yes")]
    pub active: bool,
}

fn yes() -> bool {
    true
}

/// The seed catalogue compiled into the binary.
pub fn seed() -> Vec<Bank> {
    serde_json::from_str(include_str!("../../data/banks.json")).expect("server/core/data/banks.json is valid")
}

/// `symbol` rule of the catalogue: lowercase ASCII letters, digits and hyphens, 2 to 32.
pub fn is_bank_symbol(s: &str) -> bool {
    (2..=32).contains(&s.len()) && s.bytes().all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-')
}

/// A bank as an operator describes it.
#[derive(Clone, Debug, Default)]
pub struct BankUpdate {
    pub symbol: String,
    pub name: String,
    pub country_code: String,
    pub sbp_code: Option<String>,
    pub is_sbp_bank: bool,
    pub active: bool,
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::catalogue::Country;
    use std::collections::HashSet;

    #[test]
    fn seed_catalogue_follows_the_bank_record() {
        let banks = seed();
        let mut symbols = HashSet::new();
        for b in &banks {
            assert!(is_bank_symbol(&b.symbol), "{b:?}");
            assert!(symbols.insert(b.symbol.clone()), "duplicate symbol {}", b.symbol);
            assert!(b.id.len() <= 32 && b.name.chars().count() <= 64, "{b:?}");
            assert!(Country::parse(&b.country_code).is_some(), "{b:?}");
            match &b.sbp_code {
                Some(code) => assert!(code.len() == 12 && code.bytes().all(|c| c.is_ascii_digit()), "{b:?}"),
                None => assert!(!b.is_sbp_bank, "{b:?}"),
            }
        }
        for country in Country::ALL {
            assert!(banks.iter().filter(|b| b.country_code == country.code()).count() >= 5, "{country}");
        }
        assert!(banks.iter().any(|b| b.country_code == "RU" && b.is_sbp_bank));
    }
}
