//! Reading payments: by the merchant's ids, by Kassa's, by the page token, and by a console's
//! filter; with their history and receipts. A reader sees what its [`Scope`] allows: a
//! merchant's console reads through the merchant's scope, so a page cannot forget it.

use std::sync::Arc;

use super::error::{DomainError, Result};
use super::page_read::{PageRead, PageReads};
use super::payment::{Payment, PaymentType};
use super::ports::{HistoryEntry, PaymentFilter, PaymentStore, PaymentTotal, Receipt, RequisiteStore};

/// The most payments a search adds up (see [`Lookup::totals`]).
pub const TOTALS_CAP: i64 = 10_000;

/// Whether a typed requisite is its last four digits.
pub fn is_last_four(reference: &str) -> bool {
    reference.len() == 4 && reference.bytes().all(|b| b.is_ascii_digit())
}

/// Whose payments a reader may see.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Scope {
    /// Every payment (operators).
    All,
    /// The payments of these projects (a merchant's); anything else is not found.
    Projects(Vec<String>),
}

impl Scope {
    pub fn covers(&self, project_id: &str) -> bool {
        match self {
            Scope::All => true,
            Scope::Projects(ids) => ids.iter().any(|id| id == project_id),
        }
    }
}

pub struct Lookup {
    payments: Arc<dyn PaymentStore>,
    /// A console filter may name a requisite by its number.
    requisites: Arc<dyn RequisiteStore>,
    /// Payment pages' reads, kept while their rows' versions stay.
    pages: PageReads,
}

impl Lookup {
    pub fn new(payments: Arc<dyn PaymentStore>, requisites: Arc<dyn RequisiteStore>) -> Self {
        Lookup { payments, requisites, pages: PageReads::default() }
    }

    /// Whether the database answers.
    pub async fn healthy(&self) -> Result<()> {
        Ok(self.payments.ping().await?)
    }

    /// A payment of the project by the merchant's `payment_id`.
    pub async fn find(&self, project_id: &str, payment_id: &str) -> Result<Payment> {
        self.payments.payment(project_id, payment_id).await?.ok_or(DomainError::NotFound)
    }

    /// A payin, or a payout, of the project: the payin endpoints do not see payouts, nor the
    /// payout endpoints payins.
    pub async fn find_of(&self, project_id: &str, payment_id: &str, kind: PaymentType) -> Result<Payment> {
        self.find(project_id, payment_id)
            .await
            .and_then(|p| if p.payment_type == kind { Ok(p) } else { Err(DomainError::NotFound) })
    }

    pub async fn by_request_id(&self, request_id: &str) -> Result<Payment> {
        self.payments.payment_by_request_id(request_id).await?.ok_or(DomainError::NotFound)
    }

    /// A payment by Kassa's id, if the scope covers it (else not found, as if it did not exist).
    pub async fn in_scope(&self, scope: &Scope, request_id: &str) -> Result<Payment> {
        let payment = self.by_request_id(request_id).await?;
        if scope.covers(&payment.project_id) { Ok(payment) } else { Err(DomainError::NotFound) }
    }

    pub async fn by_page_token(&self, token: &str) -> Result<Payment> {
        self.payments.payment_by_page_token(token).await?.ok_or(DomainError::NotFound)
    }

    /// A page's payment with its project (whom the payer pays) as they are now: the read kept
    /// from an earlier view when neither row's version moved since, else read again (and kept).
    pub async fn page_of(&self, token: &str) -> Result<Arc<PageRead>> {
        let Some(versions) = self.payments.payment_page_versions(token).await? else {
            self.pages.forget(token);
            return Err(DomainError::NotFound);
        };
        if let Some(read) = self.pages.current(token, versions) {
            return Ok(read);
        }
        let (payment, project) = self.payments.payment_page(token).await?.ok_or(DomainError::NotFound)?;
        let read = Arc::new(PageRead { payment, project });
        self.pages.keep(token, read.clone());
        Ok(read)
    }

    pub async fn history(&self, request_id: &str) -> Result<Vec<HistoryEntry>> {
        Ok(self.payments.history(request_id).await?)
    }

    pub async fn receipts(&self, request_id: &str) -> Result<Vec<Receipt>> {
        Ok(self.payments.receipts(request_id).await?)
    }

    /// A receipt's file (type and bytes), for the operator who decides the dispute.
    pub async fn receipt_file(&self, request_id: &str, receipt_id: &str) -> Result<(String, Vec<u8>)> {
        self.payments.receipt_file(request_id, receipt_id).await?.ok_or(DomainError::Missing)
    }

    /// Payments matching a console filter within the scope, newest first.
    pub async fn search(&self, scope: &Scope, filter: PaymentFilter) -> Result<Vec<Payment>> {
        match self.resolve(scope, filter).await? {
            Some(filter) => Ok(self.payments.search_payments(&filter).await?),
            None => Ok(Vec::new()),
        }
    }

    /// The totals of the payments matching a console filter within the scope, per type and
    /// currency; `None` when more than [`TOTALS_CAP`] match (the person narrows the filter:
    /// a sum over a million rows is not read on every page).
    pub async fn totals(&self, scope: &Scope, filter: PaymentFilter) -> Result<Option<Vec<PaymentTotal>>> {
        let Some(filter) = self.resolve(scope, filter).await? else { return Ok(Some(Vec::new())) };
        let totals = self.payments.payment_totals(&filter, TOTALS_CAP + 1).await?;
        Ok((totals.iter().map(|t| t.count).sum::<i64>() <= TOTALS_CAP).then_some(totals))
    }

    /// The filter as the store reads it: within the scope, the typed term as an exact
    /// `request_id` when there is one (else the start of a `payment_id`), the typed requisite
    /// as the ids it names. `None`: nothing can match.
    async fn resolve(&self, scope: &Scope, mut filter: PaymentFilter) -> Result<Option<PaymentFilter>> {
        if let Scope::Projects(ids) = scope {
            let chosen = filter.project_ids.take();
            filter.project_ids =
                Some(ids.iter().filter(|id| chosen.as_ref().is_none_or(|c| c.contains(id))).cloned().collect());
        }
        if let Some(term) = filter.term.take() {
            match self.payments.payment_by_request_id(&term).await? {
                Some(_) => filter.request_id = Some(term),
                None => filter.payment_id_prefix = Some(term.to_ascii_lowercase()),
            }
        }
        if let Some(reference) = filter.requisite.take() {
            let ids = self.requisite_ids(scope, &reference).await?;
            if ids.is_empty() {
                return Ok(None);
            }
            filter.requisite_ids = Some(ids);
        }
        Ok(Some(filter))
    }

    /// The requisites a typed reference names: the last four digits (what the screens show)
    /// name every requisite ending with them; the operator may also give an id or a full
    /// number. A merchant, who never sees full numbers, searches by the last four only.
    async fn requisite_ids(&self, scope: &Scope, reference: &str) -> Result<Vec<String>> {
        let reference: String = reference.chars().filter(|c| !c.is_whitespace()).collect();
        if is_last_four(&reference) {
            return Ok(self.requisites.requisite_ids_ending(&reference).await?);
        }
        if *scope != Scope::All {
            return Ok(Vec::new());
        }
        if let Some(r) = self.requisites.requisite(&reference).await? {
            return Ok(vec![r.id]);
        }
        let account = super::transfer::normalize_account(&reference);
        Ok(self.requisites.requisite_by_account(&account).await?.map(|r| r.id).into_iter().collect())
    }
}
