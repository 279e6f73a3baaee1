//! The callbacks a merchant received, as merchants and operators see them: every attempt of
//! a payment's callbacks, a resend by hand, and the integration check (one signed test
//! callback to a URL of the merchant's choice).

use std::sync::Arc;

use super::audit::{AuditEntry, Subject, Who};
use super::error::{DomainError, Refusal, Result};
use super::outbox::{self, CallbackProbe, CallbackRecord, ProbeReport};
use super::ports::{OutboxStore, ProjectStore};
use super::signals::Signals;
use super::time::now_ms;

pub struct CallbackLog {
    outbox: Arc<dyn OutboxStore>,
    /// The project's callback key, for the integration check.
    projects: Arc<dyn ProjectStore>,
    probe: Arc<dyn CallbackProbe>,
    signals: Arc<Signals>,
}

impl CallbackLog {
    pub fn new(
        outbox: Arc<dyn OutboxStore>,
        projects: Arc<dyn ProjectStore>,
        probe: Arc<dyn CallbackProbe>,
        signals: Arc<Signals>,
    ) -> Self {
        CallbackLog { outbox, projects, probe, signals }
    }

    /// A payment's callbacks with every delivery attempt.
    pub async fn of_payment(&self, request_id: &str) -> Result<Vec<CallbackRecord>> {
        Ok(self.outbox.callbacks(request_id).await?)
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

    /// Sends one test callback of the project, signed with its callback key, to `url`.
    pub async fn check_integration(&self, merchant_id: &str, project_id: &str, url: &str) -> Result<ProbeReport> {
        let key = self.projects.callback_key(project_id).await?.ok_or(DomainError::Missing)?;
        Ok(self.probe.probe(&key, merchant_id, project_id, url, now_ms()).await)
    }
}
