//! The bank catalogue service: seeded from `server/core/data/banks.json`, editable by operators,
//! and the bank lists of decisions.md §6.

use std::sync::Arc;

use super::audit::{AuditEntry, Subject, Who};
use super::bank::{Bank, BankUpdate, is_bank_symbol, seed};
use super::catalogue::{self, Country, Method, WidgetMethod};
use super::error::{DomainError, Result};
use super::ports::{BankFilter, BankStore};
use super::project::Project;
use super::time::now_ms;
use super::violations::Violations;

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
        let before = self.store.bank(&b.symbol).await?;
        let id = match &before {
            Some(existing) => existing.id.clone(),
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
        // Audited with what it was and what it is (the operator API is a script's, not a person's).
        let describe = |b: &Bank| {
            let sbp = b.sbp_code.as_deref().unwrap_or("-");
            let state = if b.active { "active" } else { "inactive" };
            format!("{} ({}, SBP {sbp}, {state})", b.name, b.country_code)
        };
        let action = if before.is_some() { "bank_changed" } else { "bank_added" };
        let mut audit = AuditEntry::new(&Who::OperatorApi, action, Subject::Bank, &bank.symbol, now_ms());
        audit.state_before = before.as_ref().map(describe);
        audit.state_after = Some(describe(&bank));
        self.store.upsert_bank(&bank, &audit).await?;
        Ok(bank)
    }
}
