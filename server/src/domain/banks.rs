//! The bank catalogue: the record of merchant-api.md "Bank record", seeded from
//! `server/data/banks.json` and editable by operators (the [`Banks`] service).

use std::sync::Arc;

use serde::{Deserialize, Serialize};

use super::catalogue::{self, Country, Method, WidgetMethod};
use super::payments::{DomainError, Result};
use super::ports::{BankFilter, BankStore};
use super::project::Project;
use super::violations::Violations;

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
    serde_json::from_str(include_str!("../../data/banks.json")).expect("server/data/banks.json is valid")
}

/// `symbol` rule of the catalogue: lowercase ASCII letters, digits and hyphens, 2 to 32.
pub fn is_bank_symbol(s: &str) -> bool {
    (2..=32).contains(&s.len()) && s.bytes().all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-')
}

/// Which banks a bank list shows (decisions.md §6).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BankList {
    /// Every bank of the catalogue (`/api/v1/bank/all`).
    All,
    /// Banks of the project's countries (`/api/v1/payment/p2p/bank/all`).
    ProjectCountries,
    /// Banks with active requisites for the project's methods (`.../bank/available`).
    Available,
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

/// The bank catalogue service.
pub struct Banks {
    store: Arc<dyn BankStore>,
}

impl Banks {
    pub fn new(store: Arc<dyn BankStore>) -> Self {
        Banks { store }
    }

    /// Adds the seed catalogue's banks that do not exist yet.
    pub async fn seed(&self) -> Result<()> {
        Ok(self.store.seed_banks(&seed()).await?)
    }

    pub async fn bank(&self, symbol: &str) -> Result<Option<Bank>> {
        Ok(self.store.bank(symbol).await?)
    }

    pub async fn all(&self) -> Result<Vec<Bank>> {
        Ok(self.store.banks(&BankFilter::default()).await?)
    }

    /// A bank list for `project`, narrowed to a currency and a method (H2H or widget code) when
    /// given: the countries and methods of the catalogue's rows that the project may use.
    pub async fn list(
        &self,
        project: &Project,
        list: BankList,
        currency: Option<&str>,
        method: Option<&str>,
    ) -> Result<Vec<Bank>> {
        if list == BankList::All {
            return self.all().await;
        }
        if let Some(m) = method
            && Method::parse(m).is_none()
            && WidgetMethod::parse(m).is_none()
        {
            return Err(DomainError::invalid("payment.method", format!("unknown method {m}")));
        }
        let mut rows: Vec<(&'static str, &'static str, Vec<&'static str>)> = Vec::new();
        for r in catalogue::H2H.iter().chain(catalogue::H2H_ECOM) {
            rows.push((r.country.code(), r.currency, r.deposit.iter().chain(r.payout).map(|m| m.code()).collect()));
        }
        for r in catalogue::H2C.iter().chain(catalogue::H2C_ECOM) {
            rows.push((r.country.code(), r.currency, r.methods.iter().map(|m| m.code()).collect()));
        }
        let mut countries: Vec<String> = Vec::new();
        let mut methods: Vec<String> = Vec::new();
        for (country, cur, codes) in rows {
            if currency.is_some_and(|c| c != cur) {
                continue;
            }
            for code in codes {
                if method.is_some_and(|m| m != code) || !project.settings.allows(code) {
                    continue;
                }
                if !countries.iter().any(|c| c == country) {
                    countries.push(country.to_string());
                }
                if !methods.iter().any(|m| m == code) {
                    methods.push(code.to_string());
                }
            }
        }
        let filter = BankFilter {
            countries: Some(countries),
            with_active_requisites_for: (list == BankList::Available).then_some(methods),
        };
        Ok(self.store.banks(&filter).await?)
    }

    /// Adds or edits a bank of the catalogue.
    pub async fn upsert(&self, b: BankUpdate) -> Result<Bank> {
        let mut v = Violations::default();
        if !is_bank_symbol(&b.symbol) {
            v.fail("symbol", "must be 2 to 32 lowercase letters, digits or hyphens");
        }
        if b.name.is_empty() || b.name.chars().count() > 64 {
            v.fail("name", "must be 1 to 64 characters");
        }
        if Country::parse(&b.country_code).is_none() {
            v.fail("country_code", "must be a supported country");
        }
        if b.sbp_code.as_ref().is_some_and(|c| !(c.len() == 12 && c.bytes().all(|d| d.is_ascii_digit()))) {
            v.fail("sbp_code", "must match ^\\d{12}$");
        }
        if b.is_sbp_bank && b.sbp_code.is_none() {
            v.fail("sbp_code", "is required for an SBP bank");
        }
        v.finish().map_err(DomainError::Validation)?;
        let id = match self.store.bank(&b.symbol).await? {
            Some(existing) => existing.id,
            None => format!("{}-{}", b.country_code.to_ascii_lowercase(), b.symbol).chars().take(32).collect(),
        };
        let bank = Bank {
            id,
            name: b.name,
            symbol: b.symbol,
            sbp_code: b.sbp_code,
            is_sbp_bank: b.is_sbp_bank,
            country_code: b.country_code,
            active: b.active,
        };
        self.store.upsert_bank(&bank).await?;
        Ok(bank)
    }
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
