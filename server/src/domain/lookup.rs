//! Reading payments: by the merchant's ids, by Kassa's, by the page token, and by a console's
//! filter; with their history and receipts. A reader sees what its [`Scope`] allows: a
//! merchant's console reads through the merchant's scope, so a page cannot forget it.

use std::sync::Arc;

use super::error::{DomainError, Result};
use super::payment::{Payment, PaymentType};
use super::ports::{HistoryEntry, PaymentFilter, PaymentStore, Receipt, RequisiteStore};
use super::project::Project;

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
}

impl Lookup {
    pub fn new(payments: Arc<dyn PaymentStore>, requisites: Arc<dyn RequisiteStore>) -> Self {
        Lookup { payments, requisites }
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

    /// A page's payment with its project (whom the payer pays), in one read.
    pub async fn page_of(&self, token: &str) -> Result<(Payment, Project)> {
        self.payments.payment_page(token).await?.ok_or(DomainError::NotFound)
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

    /// Payments matching a console filter within the scope, newest first. A requisite may be
    /// named by its id or its card, phone or account number.
    pub async fn search(&self, scope: &Scope, mut filter: PaymentFilter) -> Result<Vec<Payment>> {
        if let Scope::Projects(ids) = scope {
            let chosen = filter.project_ids.take();
            filter.project_ids =
                Some(ids.iter().filter(|id| chosen.as_ref().is_none_or(|c| c.contains(id))).cloned().collect());
        }
        if let Some(reference) = filter.requisite_id.take() {
            let id = match self.requisites.requisite(&reference).await? {
                Some(r) => r.id,
                None => {
                    match self.requisites.requisite_by_account(&super::transfer::normalize_account(&reference)).await? {
                        Some(r) => r.id,
                        None => return Ok(Vec::new()),
                    }
                }
            };
            filter.requisite_id = Some(id);
        }
        Ok(self.payments.search_payments(&filter).await?)
    }
}
