//! The dispatcher: claims due callbacks, signs and posts them, and records every attempt.
//! Claims hold a lease, so several processes on one database never attempt the same callback
//! at once; a crash leaves the lease to expire and the callback is attempted again (at least
//! once delivery).

use std::collections::HashMap;
use std::sync::Arc;
use std::time::{Duration, Instant};

use tokio::sync::{Mutex, Notify, Semaphore, mpsc, oneshot, watch};

use super::{guard, signer};
use crate::crypto::keys::CallbackSigner;
use crate::domain::outbox::{self, Attempt, CallbackJob, DeliveryCaps, RecordedAttempt};
use crate::domain::ports::{OutboxStore, ProjectStore, StoreError};
use crate::domain::time::now_ms;

/// A claimed callback is left alone by other workers for the attempt timeout plus this margin.
const LEASE_MARGIN_MS: i64 = 5_000;
/// At most this many attempts in flight per process.
const MAX_IN_FLIGHT: usize = 64;
/// Longest sleep when nothing is due (other processes may add work).
const IDLE_POLL: Duration = Duration::from_millis(500);
/// Bytes of the merchant's answer kept in the attempt log.
const EXCERPT_BYTES: usize = 512;
/// At most this many attempts recorded in one transaction.
const MAX_RECORD_BATCH: usize = 64;
/// How long a project's signer is cached (keys may rotate).
const SIGNER_TTL: Duration = Duration::from_secs(60);

/// How the dispatcher delivers (decisions.md §3: 10 s to answer, growing retry delays).
#[derive(Clone, Debug)]
pub struct DeliverySettings {
    pub allow_private: bool,
    pub timeout: Duration,
    pub retry_schedule_s: Vec<u64>,
    /// Deliveries in flight per project and per host.
    pub caps: DeliveryCaps,
}

pub struct Dispatcher {
    outbox: Arc<dyn OutboxStore>,
    projects: Arc<dyn ProjectStore>,
    client: reqwest::Client,
    settings: DeliverySettings,
    worker: String,
    wake: Arc<Notify>,
    in_flight: Arc<Semaphore>,
    /// This process's deliveries in flight per project and per host (the claim counts every
    /// process's; this keeps one claim's batch within the caps too).
    per_project: std::sync::Mutex<HashMap<String, i64>>,
    per_host: std::sync::Mutex<HashMap<String, i64>>,
    signers: Mutex<HashMap<String, (Instant, Arc<ProjectSigner>)>>,
    /// Finished attempts go to one recorder task, which writes whatever has finished meanwhile
    /// in one transaction (group commit) and then answers each delivery.
    records: mpsc::Sender<(RecordedAttempt, oneshot::Sender<()>)>,
}

struct ProjectSigner {
    merchant_id: String,
    signer: CallbackSigner,
}

impl Dispatcher {
    pub fn new(
        outbox: Arc<dyn OutboxStore>,
        projects: Arc<dyn ProjectStore>,
        settings: DeliverySettings,
        wake: Arc<Notify>,
    ) -> Arc<Self> {
        let client = reqwest::Client::builder()
            .timeout(settings.timeout)
            .redirect(reqwest::redirect::Policy::none())
            // Never through a proxy from the environment (HTTPS_PROXY...): it would resolve the
            // merchant's host itself, around the guarded resolver.
            .no_proxy()
            .dns_resolver(Arc::new(guard::GuardedResolver { allow_private: settings.allow_private }))
            .user_agent(concat!("Kassa-Callbacks/", env!("CARGO_PKG_VERSION")))
            .build()
            .expect("HTTP client builds");
        let worker = format!("{}-{}", std::process::id(), &uuid::Uuid::new_v4().simple().to_string()[..8]);
        let (records, queue) = mpsc::channel(MAX_IN_FLIGHT);
        tokio::spawn(record_batches(outbox.clone(), worker.clone(), queue));
        Arc::new(Dispatcher {
            outbox,
            projects,
            client,
            settings,
            worker,
            wake,
            in_flight: Arc::new(Semaphore::new(MAX_IN_FLIGHT)),
            per_project: Default::default(),
            per_host: Default::default(),
            signers: Mutex::new(HashMap::new()),
            records,
        })
    }

    /// Delivers callbacks until `shutdown` fires.
    pub async fn run(self: Arc<Self>, mut shutdown: watch::Receiver<bool>) {
        loop {
            let free = self.in_flight.available_permits();
            let claimed = if free == 0 { Ok(Vec::new()) } else { self.claim(free).await };
            let full = match claimed {
                Ok(jobs) => {
                    let n = jobs.len();
                    let jobs = self.within_caps(jobs).await;
                    let started = jobs.len();
                    for job in jobs {
                        let permit = self.in_flight.clone().acquire_owned().await.expect("semaphore open");
                        let me = self.clone();
                        tokio::spawn(async move {
                            let (project, host) = (job.project_id.clone(), job.host.clone());
                            me.deliver(job).await;
                            me.finished(&project, &host);
                            drop(permit);
                            // A payment's next callback may be due now.
                            me.wake.notify_one();
                        });
                    }
                    n > 0 && n == free && started == n
                }
                Err(e) => {
                    tracing::warn!(error = %e, "claiming callbacks failed");
                    false
                }
            };
            if full {
                continue;
            }
            // Due callbacks that wait behind a cap or an earlier callback of their payment are
            // woken by a finished delivery, not polled for; while deliveries are in flight, each
            // one finishing wakes the loop, so it does not ask when the next retry falls due.
            let sleep =
                if self.in_flight.available_permits() < MAX_IN_FLIGHT { IDLE_POLL } else { self.idle_sleep().await };
            tokio::select! {
                _ = self.wake.notified() => {}
                _ = tokio::time::sleep(sleep) => {}
                _ = shutdown.changed() => return,
            }
        }
    }

    async fn claim(&self, limit: usize) -> Result<Vec<CallbackJob>, StoreError> {
        let now = now_ms();
        let lease_ms = self.settings.timeout.as_millis() as i64 + LEASE_MARGIN_MS;
        self.outbox.claim_callbacks(now, now + lease_ms, &self.worker, limit as i64, self.settings.caps).await
    }

    /// Keeps the jobs that fit this process's caps per project and per host, counting them in
    /// flight, and gives the others back untried.
    async fn within_caps(&self, jobs: Vec<CallbackJob>) -> Vec<CallbackJob> {
        let caps = self.settings.caps;
        let mut kept = Vec::with_capacity(jobs.len());
        let mut released = Vec::new();
        {
            let mut projects = self.per_project.lock().expect("cap counters");
            let mut hosts = self.per_host.lock().expect("cap counters");
            for job in jobs {
                let p = projects.entry(job.project_id.clone()).or_default();
                let h = hosts.entry(job.host.clone()).or_default();
                if *p < caps.per_project && *h < caps.per_host {
                    *p += 1;
                    *h += 1;
                    kept.push(job);
                } else {
                    released.push(job.id);
                }
            }
        }
        if !released.is_empty()
            && let Err(e) = self.outbox.release_callbacks(&released, &self.worker).await
        {
            // Their leases expire and they are claimed again: only later, never lost.
            tracing::warn!(error = %e, "giving back claimed callbacks failed");
        }
        kept
    }

    fn finished(&self, project: &str, host: &str) {
        for (map, key) in [(&self.per_project, project), (&self.per_host, host)] {
            let mut map = map.lock().expect("cap counters");
            if let Some(n) = map.get_mut(key) {
                *n -= 1;
                if *n <= 0 {
                    map.remove(key);
                }
            }
        }
    }

    /// With nothing in flight: the idle poll, unless a retry falls due sooner (callbacks due
    /// now but claimed by another process, or behind its caps, wait for the poll).
    async fn idle_sleep(&self) -> Duration {
        match self.outbox.next_callback_due().await {
            Ok(Some(due)) if due > now_ms() => {
                Duration::from_millis((due - now_ms()).clamp(10, IDLE_POLL.as_millis() as i64) as u64)
            }
            _ => IDLE_POLL,
        }
    }

    async fn signer(&self, project_id: &str) -> Option<Arc<ProjectSigner>> {
        let mut cache = self.signers.lock().await;
        if let Some((at, s)) = cache.get(project_id)
            && at.elapsed() < SIGNER_TTL
        {
            return Some(s.clone());
        }
        let project = self.projects.project(project_id).await.ok()??;
        let key = self.projects.callback_key(project_id).await.ok()??;
        let signer = CallbackSigner::from_stored(&key).ok()?;
        let entry = Arc::new(ProjectSigner { merchant_id: project.merchant_id, signer });
        cache.insert(project_id.to_string(), (Instant::now(), entry.clone()));
        Some(entry)
    }

    async fn deliver(&self, job: CallbackJob) {
        let started = now_ms();
        let clock = Instant::now();
        let (http_status, error, excerpt) = match self.attempt(&job).await {
            Ok((status, excerpt)) => (Some(status as i64), None, excerpt),
            Err(e) => (None, Some(e), None),
        };
        let delivered = http_status.is_some_and(|s| (200..300).contains(&s));
        let attempts_made = job.attempts + 1;
        let outcome =
            outbox::outcome_of(delivered, attempts_made, started, job.give_up_ms, &self.settings.retry_schedule_s);
        let attempt = Attempt {
            at_ms: started,
            http_status,
            error: error.clone(),
            latency_ms: clock.elapsed().as_millis() as i64,
            response_excerpt: excerpt,
            worker: self.worker.clone(),
        };
        tracing::info!(
            callback_id = job.id, request_id = %job.request_id, kind = job.kind.code(), attempt = attempts_made,
            status = ?http_status, error = ?error, outcome = ?outcome, "callback attempt"
        );
        // Answered once the batch holding this attempt has committed (or failed: then the
        // lease expires and the callback is attempted again, at least once), so the payment's
        // next callback and the caps wait for the record as before.
        let (done, recorded) = oneshot::channel();
        let record = RecordedAttempt { callback_id: job.id, attempt, outcome };
        if self.records.send((record, done)).await.is_ok() {
            let _ = recorded.await;
        }
    }

    /// One HTTP attempt: the status and the start of the answer, or why it failed.
    async fn attempt(&self, job: &CallbackJob) -> Result<(u16, Option<String>), String> {
        let url = guard::check_url(&job.url, self.settings.allow_private).map_err(|e| match e {
            guard::Refused::PrivateAddress => NO_PUBLIC_ADDRESS.to_string(),
            e => e.to_string(),
        })?;
        let signer = self.signer(&job.project_id).await.ok_or("no callback key for the project")?;
        let headers =
            signer::headers(&signer.signer, &signer.merchant_id, &job.body, &job.idempotency_key, now_ms() / 1000);
        let mut request = self.client.post(url).body(job.body.clone());
        for (name, value) in headers {
            request = request.header(name, value);
        }
        let mut response = request.send().await.map_err(describe_error)?;
        let status = response.status().as_u16();
        let mut excerpt = Vec::new();
        while excerpt.len() < EXCERPT_BYTES {
            match response.chunk().await {
                Ok(Some(chunk)) => excerpt.extend_from_slice(&chunk),
                _ => break,
            }
        }
        excerpt.truncate(EXCERPT_BYTES);
        Ok((status, excerpt_of(&excerpt)))
    }
}

/// The start of a merchant's answer as text that any backend stores: bytes that are not UTF-8,
/// and NUL (PostgreSQL's text refuses it, and the attempt would never be recorded), become U+FFFD.
fn excerpt_of(bytes: &[u8]) -> Option<String> {
    (!bytes.is_empty()).then(|| String::from_utf8_lossy(bytes).replace('\0', "\u{FFFD}"))
}

/// Records finished attempts in batches until the dispatcher is gone.
async fn record_batches(
    outbox: Arc<dyn OutboxStore>,
    owner: String,
    mut queue: mpsc::Receiver<(RecordedAttempt, oneshot::Sender<()>)>,
) {
    let mut batch = Vec::with_capacity(MAX_RECORD_BATCH);
    while queue.recv_many(&mut batch, MAX_RECORD_BATCH).await > 0 {
        let (records, waiting): (Vec<RecordedAttempt>, Vec<oneshot::Sender<()>>) = batch.drain(..).unzip();
        let failed = match outbox.record_attempts(&owner, &records).await {
            Ok(()) => Vec::new(),
            // One bad record must not cost the others theirs: each alone.
            Err(_) if records.len() > 1 => {
                let mut failed = Vec::new();
                for record in &records {
                    if let Err(e) = outbox.record_attempts(&owner, std::slice::from_ref(record)).await {
                        failed.push((record.callback_id, e));
                    }
                }
                failed
            }
            Err(e) => vec![(records[0].callback_id, e)],
        };
        for (callback_id, e) in failed {
            // The lease expires and the callback is attempted again: at least once.
            tracing::error!(callback_id, error = %e, "recording a callback attempt failed");
        }
        for done in waiting {
            let _ = done.send(());
        }
    }
}

pub(super) const NO_PUBLIC_ADDRESS: &str =
    "no public address for the callback host (names that do not resolve, or resolve to private addresses, are refused)";

/// Why an attempt failed, in words that are safe to show the merchant: a fixed category, never
/// the text of the underlying error (which can name internal hosts, addresses or resolvers).
pub(super) fn describe_error(e: reqwest::Error) -> String {
    use std::error::Error as _;
    let mut causes = Vec::new();
    let mut source = e.source();
    while let Some(s) = source {
        causes.push(s.to_string().to_ascii_lowercase());
        source = s.source();
    }
    let any = |needle: &str| causes.iter().any(|c| c.contains(needle));
    let refused_private = {
        let mut source = e.source();
        let mut found = false;
        while let Some(s) = source {
            found |= s.downcast_ref::<guard::Refused>().is_some();
            source = s.source();
        }
        found
    };
    tracing::debug!(error = ?e, "callback attempt failed");
    if refused_private || any("private") || any("dns") || any("lookup") || any("resolve") {
        // One answer for a name that does not resolve and one that resolves privately: the
        // attempt log must not tell a merchant which internal names exist.
        NO_PUBLIC_ADDRESS.into()
    } else if e.is_timeout() {
        "timeout: no answer within the callback timeout".into()
    } else if any("certificate") || any("tls") || any("handshake") {
        "TLS handshake failed (check the certificate of the callback host)".into()
    } else if any("refused") {
        "connection refused".into()
    } else if e.is_connect() {
        "connection failed".into()
    } else {
        "request failed".into()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::audit::AuditEntry;
    use crate::domain::outbox::{AttemptOutcome, CallbackRecord, FailingCallback};
    use crate::domain::ports::StoreResult;

    /// A store whose record of one callback always fails (as a record the database refuses
    /// would), and with it any batch holding it; it keeps what it recorded.
    #[derive(Default)]
    struct RefusesOne {
        refused: i64,
        recorded: std::sync::Mutex<Vec<i64>>,
        batch_sizes: std::sync::Mutex<Vec<usize>>,
    }

    #[async_trait::async_trait]
    impl OutboxStore for RefusesOne {
        async fn record_attempts(&self, _owner: &str, attempts: &[RecordedAttempt]) -> StoreResult<()> {
            self.batch_sizes.lock().unwrap().push(attempts.len());
            if attempts.iter().any(|r| r.callback_id == self.refused) {
                return Err(StoreError::Corrupt("refused".into()));
            }
            self.recorded.lock().unwrap().extend(attempts.iter().map(|r| r.callback_id));
            Ok(())
        }
        async fn claim_callbacks(
            &self,
            _: i64,
            _: i64,
            _: &str,
            _: i64,
            _: DeliveryCaps,
        ) -> StoreResult<Vec<CallbackJob>> {
            unreachable!("the recorder only records")
        }
        async fn release_callbacks(&self, _: &[i64], _: &str) -> StoreResult<()> {
            unreachable!("the recorder only records")
        }
        async fn callbacks(&self, _: &str) -> StoreResult<Vec<CallbackRecord>> {
            unreachable!("the recorder only records")
        }
        async fn resend_callback(&self, _: &str, _: i64, _: i64, _: i64, _: Option<&AuditEntry>) -> StoreResult<bool> {
            unreachable!("the recorder only records")
        }
        async fn next_callback_due(&self) -> StoreResult<Option<i64>> {
            unreachable!("the recorder only records")
        }
        async fn failing_callbacks(&self, _: &[String], _: i64) -> StoreResult<Vec<FailingCallback>> {
            unreachable!("the recorder only records")
        }
    }

    fn record(callback_id: i64) -> RecordedAttempt {
        RecordedAttempt {
            callback_id,
            attempt: Attempt {
                at_ms: 1,
                http_status: Some(200),
                error: None,
                latency_ms: 1,
                response_excerpt: None,
                worker: "w".into(),
            },
            outcome: AttemptOutcome::Delivered,
        }
    }

    /// A batch the store refuses is recorded one attempt at a time, so one bad record costs
    /// the others nothing, and every delivery waiting for its record is answered.
    #[tokio::test]
    async fn a_refused_batch_is_recorded_one_by_one_and_every_delivery_answered() {
        let store = Arc::new(RefusesOne { refused: 2, ..Default::default() });
        let (records, queue) = mpsc::channel(8);
        let mut answers = Vec::new();
        for id in [1, 2, 3] {
            let (done, answered) = oneshot::channel();
            records.send((record(id), done)).await.unwrap();
            answers.push(answered);
        }
        drop(records);
        record_batches(store.clone(), "w".into(), queue).await;
        for answered in answers {
            answered.await.expect("every delivery hears back");
        }
        assert_eq!(*store.batch_sizes.lock().unwrap(), vec![3, 1, 1, 1]);
        assert_eq!(*store.recorded.lock().unwrap(), vec![1, 3]);
    }

    #[test]
    fn an_answer_is_stored_as_text_without_nul_or_broken_utf8() {
        assert_eq!(excerpt_of(b""), None);
        assert_eq!(excerpt_of(b"ok"), Some("ok".into()));
        assert_eq!(excerpt_of(b"a\0b\xffc"), Some("a\u{FFFD}b\u{FFFD}c".into()));
    }
}
