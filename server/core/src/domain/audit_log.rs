//! The audit log as people read it: the whole log a page at a time, or the trail of one
//! payment, requisite or key. Entries are written by the changes they describe ([`super::audit`]).

use std::sync::Arc;

use super::audit::{AuditEntry, AuditQuery, StoredAudit, Subject, Who};
use super::error::Result;
use super::ports::AuditStore;

pub struct AuditLog {
    store: Arc<dyn AuditStore>,
}

impl AuditLog {
    pub fn new(store: Arc<dyn AuditStore>) -> Self {
        AuditLog { store }
    }

    /// The trail of one subject, newest first.
    pub async fn of(&self, subject: Subject, id: &str) -> Result<Vec<StoredAudit>> {
        let query = AuditQuery { subject: Some((subject, id.to_string())), before_id: None, limit: 200 };
        Ok(self.store.audit(&query).await?)
    }

    /// Records that `who` looked at something sensitive (a payer's receipt): no change carries
    /// it, and PCI DSS asks who saw what.
    pub async fn viewed(
        &self,
        who: &Who,
        action: &'static str,
        subject: Subject,
        id: &str,
        detail: &str,
    ) -> Result<()> {
        let entry = AuditEntry::new(who, action, subject, id, super::time::now_ms()).detail(detail.to_string());
        Ok(self.store.append_audit(&entry).await?)
    }

    /// The whole log, newest first, a page before `before_id`.
    pub async fn page(&self, before_id: Option<i64>, limit: i64) -> Result<Vec<StoredAudit>> {
        let query = AuditQuery { subject: None, before_id, limit };
        Ok(self.store.audit(&query).await?)
    }
}
