//! A payment page's read, kept while it is current. A payer's page is read again and again (the
//! reload of a waiting screen, the status script's page fetch) while its payment and project
//! stay as they were. Every write of a payment moves its version (the engine's optimistic
//! update), and every change of a project's settings moves the project's: a view asks the
//! store for the two versions only and reuses the payment and project it read before when
//! neither moved, instead of reading and decoding both rows again (issue 30 §2: the rows'
//! read and decoding were a fifth of a page view). What a view shows is still the payment as
//! it is at that view.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use super::payment::Payment;
use super::ports::PageVersions;
use super::project::Project;

/// Reads kept: a payment with its project is a few kilobytes, so at most about ten megabytes.
const MAX_KEPT: usize = 4096;

/// A payment page's payment and its project, as read together.
#[derive(Debug)]
pub struct PageRead {
    pub payment: Payment,
    pub project: Project,
}

impl PageRead {
    pub fn versions(&self) -> PageVersions {
        PageVersions { payment: self.payment.version, project: self.project.version }
    }
}

/// The last read of each page token seen lately, by token.
#[derive(Debug, Default)]
pub struct PageReads {
    /// Hashed with foldhash (seeded per process): only tokens of payments that exist are kept,
    /// at most [`MAX_KEPT`], so SipHash's resistance to chosen collisions buys nothing.
    kept: Mutex<HashMap<String, Arc<PageRead>, foldhash::fast::RandomState>>,
}

impl PageReads {
    /// The read kept for `token` if it was read at `versions` (the rows' versions now).
    pub fn current(&self, token: &str, versions: PageVersions) -> Option<Arc<PageRead>> {
        let kept = self.kept.lock().unwrap_or_else(|e| e.into_inner());
        kept.get(token).filter(|read| read.versions() == versions).cloned()
    }

    /// Keeps a fresh read of `token` in place of any older one.
    pub fn keep(&self, token: &str, read: Arc<PageRead>) {
        let mut kept = self.kept.lock().unwrap_or_else(|e| e.into_inner());
        if kept.len() >= MAX_KEPT && !kept.contains_key(token) {
            // Crude but bounded: the pages being looked at now are read again on their next view.
            kept.clear();
        }
        kept.insert(token.to_string(), read);
    }

    /// Forgets `token` (its payment is gone).
    pub fn forget(&self, token: &str) {
        self.kept.lock().unwrap_or_else(|e| e.into_inner()).remove(token);
    }

    #[cfg(test)]
    fn len(&self) -> usize {
        self.kept.lock().unwrap().len()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::catalogue::{Country, Currency, Integration};
    use crate::domain::payment::{Details, Opening, PaymentType};
    use crate::domain::project::ProjectSettings;

    fn read(token: &str, payment_version: i64, project_version: i64) -> Arc<PageRead> {
        let opening = Opening {
            project_id: "p".into(),
            payment_id: token.into(),
            payment_type: PaymentType::Payin,
            integration: Integration::Widget,
            country: Country::parse("RU").unwrap(),
            currency: Currency::parse("RUB").unwrap(),
            method: None,
            widget_method: None,
            amount: 100,
            lifetime_s: 900,
            details: Details::default(),
            request_hash: String::new(),
        };
        let payment = Payment { version: payment_version, page_token: token.into(), ..Payment::open(opening, 0) };
        let project = Project {
            id: "p".into(),
            merchant_id: "m".into(),
            name: "Shop".into(),
            merchant_name: "Merchant".into(),
            redirect_url: None,
            settings: ProjectSettings::default(),
            version: project_version,
        };
        Arc::new(PageRead { payment, project })
    }

    #[test]
    fn a_read_is_current_only_at_both_of_its_versions() {
        let reads = PageReads::default();
        reads.keep("t", read("t", 3, 1));
        let at = |payment, project| reads.current("t", PageVersions { payment, project });
        assert_eq!(at(3, 1).map(|r| r.versions()), Some(PageVersions { payment: 3, project: 1 }));
        // The payment moved on, or the project's brand changed: read again.
        assert!(at(4, 1).is_none());
        assert!(at(3, 2).is_none());
        assert!(reads.current("other", PageVersions { payment: 3, project: 1 }).is_none());
    }

    #[test]
    fn a_newer_read_replaces_the_kept_one_and_a_gone_payment_is_forgotten() {
        let reads = PageReads::default();
        reads.keep("t", read("t", 3, 1));
        reads.keep("t", read("t", 4, 1));
        assert!(reads.current("t", PageVersions { payment: 3, project: 1 }).is_none());
        assert!(reads.current("t", PageVersions { payment: 4, project: 1 }).is_some());
        reads.forget("t");
        assert!(reads.current("t", PageVersions { payment: 4, project: 1 }).is_none());
    }

    #[test]
    fn at_most_max_kept_reads_are_kept() {
        let reads = PageReads::default();
        for i in 0..MAX_KEPT + 10 {
            reads.keep(&format!("t{i}"), read(&format!("t{i}"), 1, 0));
            assert!(reads.len() <= MAX_KEPT);
        }
        // The newest is kept after the set was emptied.
        let last = format!("t{}", MAX_KEPT + 9);
        assert!(reads.current(&last, PageVersions { payment: 1, project: 0 }).is_some());
    }
}
