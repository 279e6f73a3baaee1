//! The requisites pool service: operators add, list and switch requisites; each change that
//! may free a requisite wakes the payments waiting for one. The record and its rules are in
//! [`super::requisite`].

use std::collections::HashMap;
use std::sync::Arc;

use super::audit::{AuditEntry, Subject, Who};
use super::error::{DomainError, Result};
use super::ports::{BankStore, RequisiteStore};
use super::requisite::{self, NewRequisite, Requisite};
use super::signals::Signals;
use super::time::now_ms;
use super::violations::Violations;

pub struct Requisites {
    store: Arc<dyn RequisiteStore>,
    banks: Arc<dyn BankStore>,
    signals: Arc<Signals>,
}

impl Requisites {
    pub fn new(store: Arc<dyn RequisiteStore>, banks: Arc<dyn BankStore>, signals: Arc<Signals>) -> Self {
        Requisites { store, banks, signals }
    }

    /// Validates and adds a requisite; an active one is offered to waiting payments at once.
    pub async fn create(&self, mut r: NewRequisite, who: Option<&Who>) -> Result<Requisite> {
        // Codes are copied from bank documents with spaces between groups.
        let compact = |s: Option<String>| s.map(|s| s.split_whitespace().collect::<String>()).filter(|s| !s.is_empty());
        r.bank_code = compact(r.bank_code.take());
        r.correspondent_account = compact(r.correspondent_account.take());
        let (mut v, country) = requisite::check(&r);
        let mut bank_name = r.bank_name.clone();
        if let Some(symbol) = &r.bank_symbol {
            match self.banks.bank(symbol).await? {
                Some(bank) if country.is_some_and(|c| c.code() == bank.country_code) => {
                    bank_name = bank_name.or(Some(bank.name));
                }
                _ => v.fail("bank_symbol", format!("unknown bank {symbol} for {}", r.country)),
            }
        }
        v.finish().map_err(DomainError::Validation)?;
        let requisite = Requisite {
            id: uuid::Uuid::new_v4().simple().to_string(),
            country: r.country.clone(),
            currency: r.currency,
            methods: r.methods,
            pan: r.pan,
            card_holder: r.card_holder,
            bank_symbol: r.bank_symbol,
            bank_name,
            bank_country: r.bank_country.or(Some(r.country)),
            min_amount: r.min_amount,
            max_amount: r.max_amount,
            payment_system: r.payment_system,
            extra_param: r.extra_param,
            statement_account: r
                .statement_account
                .as_deref()
                .map(super::transfer::normalize_account)
                .filter(|a| !a.is_empty()),
            bank_code: r.bank_code,
            correspondent_account: r.correspondent_account,
            active: r.active.unwrap_or(true),
            last_used_ms: 0,
            created_ms: now_ms(),
        };
        let audit = who.map(|who| {
            AuditEntry::new(who, "requisite_added", Subject::Requisite, &requisite.id, requisite.created_ms)
                .states("", if requisite.active { "active" } else { "disabled" })
                .detail(format!("{} {} {}", requisite.country, requisite.currency, requisite.masked_pan()))
        });
        self.store.insert_requisite(&requisite, audit.as_ref()).await?;
        self.offer(&requisite).await;
        Ok(requisite)
    }

    /// Per requisite id: open payments held, and today's turnover (payments created since
    /// `since_ms` that succeeded).
    pub async fn usage(&self, since_ms: i64) -> Result<HashMap<String, (i64, i64)>> {
        Ok(self.store.requisite_usage(since_ms).await?.into_iter().map(|(id, open, t)| (id, (open, t))).collect())
    }

    pub async fn list(&self) -> Result<Vec<Requisite>> {
        Ok(self.store.requisites().await?)
    }

    pub async fn get(&self, id: &str) -> Result<Requisite> {
        self.store.requisite(id).await?.ok_or(DomainError::Missing)
    }

    /// A requisite named by its id or by its card, phone or account number.
    pub async fn find(&self, reference: &str) -> Result<Option<Requisite>> {
        match self.store.requisite(reference).await? {
            Some(r) => Ok(Some(r)),
            None => Ok(self.store.requisite_by_account(&super::transfer::normalize_account(reference)).await?),
        }
    }

    /// Enables or disables a requisite; an enabled one is offered to waiting payments at once.
    pub async fn set_active(&self, id: &str, active: bool, who: Option<&Who>) -> Result<Requisite> {
        let before = self.get(id).await?;
        let state = |a: bool| if a { "active" } else { "disabled" };
        let audit = who.map(|who| {
            let action = if active { "requisite_enabled" } else { "requisite_disabled" };
            AuditEntry::new(who, action, Subject::Requisite, id, now_ms()).states(state(before.active), state(active))
        });
        if !self.store.set_requisite_active(id, active, audit.as_ref()).await? {
            return Err(DomainError::Missing);
        }
        let requisite = self.get(id).await?;
        self.offer(&requisite).await;
        Ok(requisite)
    }

    /// New amount limits of a requisite (`None`: no limit).
    pub async fn set_limits(
        &self,
        id: &str,
        min_amount: Option<i64>,
        max_amount: Option<i64>,
        who: Option<&Who>,
    ) -> Result<Requisite> {
        let mut v = Violations::default();
        requisite::check_limits(&mut v, min_amount, max_amount);
        v.finish().map_err(DomainError::Validation)?;
        let before = self.get(id).await?;
        let currency = before.currency.as_str();
        let limits = |min: Option<i64>, max: Option<i64>| {
            let shown = |x: Option<i64>| x.map(|x| super::audit::money(x, currency)).unwrap_or_else(|| "-".into());
            format!("{} .. {}", shown(min), shown(max))
        };
        let audit = who.map(|who| {
            AuditEntry::new(who, "requisite_limits", Subject::Requisite, id, now_ms())
                .states(limits(before.min_amount, before.max_amount), limits(min_amount, max_amount))
        });
        if !self.store.set_requisite_limits(id, min_amount, max_amount, audit.as_ref()).await? {
            return Err(DomainError::Missing);
        }
        let requisite = self.get(id).await?;
        self.offer(&requisite).await;
        Ok(requisite)
    }

    /// An active requisite is offered to the payments waiting in its currency.
    async fn offer(&self, requisite: &Requisite) {
        if requisite.active {
            self.signals.requisites_may_be_free(&requisite.currency).await;
        }
    }
}
