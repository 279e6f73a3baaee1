//! The callbacks a merchant received, as merchants and operators see them: every attempt of
//! a payment's callbacks, a resend by hand, and the integration check (one signed test
//! callback to a URL of the merchant's choice).

use std::collections::{HashMap, VecDeque};
use std::sync::{Arc, Mutex};

use super::audit::{AuditEntry, Subject, Who};
use super::error::{DomainError, Refusal, Result};
use super::outbox::{self, CallbackProbe, CallbackRecord, FailingCallback, ProbeReport};
use super::ports::{AuditStore, OutboxStore, ProjectStore};
use super::signals::Signals;
use super::time::now_ms;

pub struct CallbackLog {
    outbox: Arc<dyn OutboxStore>,
    /// The project's callback key, for the integration check.
    projects: Arc<dyn ProjectStore>,
    probe: Arc<dyn CallbackProbe>,
    signals: Arc<Signals>,
    audit: Arc<dyn AuditStore>,
    /// Integration checks under way in this process: a few at most, apart from the API's
    /// requests, so checks against silent listeners cannot take the server's capacity.
    checks: Arc<tokio::sync::Semaphore>,
    /// Each merchant's recent checks (their times), for the per-merchant brake.
    recent_checks: Mutex<HashMap<String, VecDeque<i64>>>,
}

/// The failing callbacks a list shows at most (the page says when there are more).
pub const FAILING_SHOWN: i64 = 200;

/// At most this many integration checks at once per process, and per merchant per minute.
const CHECKS_AT_ONCE: usize = 2;
const CHECKS_PER_MINUTE: usize = 6;

impl CallbackLog {
    pub fn new(
        outbox: Arc<dyn OutboxStore>,
        projects: Arc<dyn ProjectStore>,
        probe: Arc<dyn CallbackProbe>,
        signals: Arc<Signals>,
        audit: Arc<dyn AuditStore>,
    ) -> Self {
        CallbackLog {
            outbox,
            projects,
            probe,
            signals,
            audit,
            checks: Arc::new(tokio::sync::Semaphore::new(CHECKS_AT_ONCE)),
            recent_checks: Mutex::default(),
        }
    }

    /// A payment's callbacks with every delivery attempt.
    pub async fn of_payment(&self, request_id: &str) -> Result<Vec<CallbackRecord>> {
        Ok(self.outbox.callbacks(request_id).await?)
    }

    /// The callbacks of these projects (a merchant's) that did not reach them: retrying after
    /// a failed attempt, or given up; newest first, at most [`FAILING_SHOWN`].
    pub async fn failing(&self, project_ids: &[String]) -> Result<Vec<FailingCallback>> {
        Ok(self.outbox.failing_callbacks(project_ids, FAILING_SHOWN).await?)
    }

    /// Queues a callback of the payment for an immediate attempt, retried like a final one.
    pub async fn resend(&self, request_id: &str, callback_id: i64, who: Option<&Who>) -> Result<Vec<CallbackRecord>> {
        let now = now_ms();
        let give_up = now + outbox::FINAL_RETRY_WINDOW_MS;
        let audit = who.map(|who| {
            AuditEntry::new(who, "callback_resent", Subject::Payment, request_id, now)
                .detail(format!("callback {callback_id}"))
        });
        if !self.outbox.resend_callback(request_id, callback_id, now, give_up, audit.as_ref()).await? {
            return Err(Refusal::CallbackNotResendable.into());
        }
        self.signals.callbacks_written();
        self.of_payment(request_id).await
    }

    /// Sends one test callback of the project, signed with its callback key, to `url`: a few
    /// a minute per merchant, a few at once, each audited with where it went and what came back.
    pub async fn check_integration(
        &self,
        merchant_id: &str,
        project_id: &str,
        url: &str,
        who: &Who,
    ) -> Result<ProbeReport> {
        let key = self.projects.callback_key(project_id).await?.ok_or(DomainError::Missing)?;
        let now = now_ms();
        if !self.take_check(merchant_id, now) {
            return Err(Refusal::TooManyChecks.into());
        }
        let _turn = self.checks.clone().try_acquire_owned().map_err(|_| DomainError::Busy)?;
        let report = self.probe.probe(&key, merchant_id, project_id, url, now).await;
        let outcome = match (&report.http_status, &report.error) {
            (Some(status), _) => format!("HTTP {status} in {} ms", report.latency_ms),
            (None, Some(error)) => error.clone(),
            (None, None) => "no answer".into(),
        };
        let audit = AuditEntry::new(who, "integration_checked", Subject::Project, project_id, now)
            .detail(format!("{url} → {outcome}"));
        self.audit.append_audit(&audit).await?;
        Ok(report)
    }

    /// Whether the merchant may send another check now (and counts it).
    fn take_check(&self, merchant_id: &str, now: i64) -> bool {
        let mut recent = self.recent_checks.lock().unwrap_or_else(|e| e.into_inner());
        // Forget merchants with nothing in the last minute, so the map stays small.
        recent.retain(|_, times| times.back().is_some_and(|t| now - t < 60_000));
        let times = recent.entry(merchant_id.to_string()).or_default();
        while times.front().is_some_and(|t| now - t >= 60_000) {
            times.pop_front();
        }
        if times.len() >= CHECKS_PER_MINUTE {
            return false;
        }
        times.push_back(now);
        true
    }
}
