//! The dispatcher: claims due callbacks, signs and posts them, and records every attempt.
//! Claims hold a lease, so several processes on one database never attempt the same callback
//! at once; a crash leaves the lease to expire and the callback is attempted again (at least
//! once delivery).

use std::collections::HashMap;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use tokio::sync::{Mutex, Notify, Semaphore, mpsc, oneshot, watch};

use super::{guard, signer};
use crate::crypto::keys::CallbackSigner;
use crate::domain::outbox::{self, Attempt, CallbackJob, Claim, DeliveryCaps, RecordedAttempt};
use crate::domain::ports::{OutboxStore, ProjectStore};
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
    slots: Arc<Slots>,
    signers: Mutex<HashMap<String, (Instant, Arc<ProjectSigner>)>>,
    /// Finished attempts go to one recorder task, which writes whatever has finished meanwhile
    /// in one transaction (group commit), claims as many due callbacks in it, and answers each
    /// delivery with its slot's next callback or none.
    records: mpsc::Sender<Finished>,
}

struct ProjectSigner {
    merchant_id: String,
    signer: CallbackSigner,
}

/// A finished attempt on its way to the recorder.
struct Finished {
    record: RecordedAttempt,
    project_id: String,
    host: String,
    /// Answered once the attempt's batch has committed, with the callback this delivery's slot
    /// goes to next (claimed in the same transaction), if any.
    answer: oneshot::Sender<Option<CallbackJob>>,
}

/// This process's delivery slots: deliveries in flight per project and per host (the claim
/// counts every process's leases; this keeps one claim's batch within the caps too), and
/// whether the recorder refills the slots it frees (not once the dispatcher stops).
struct Slots {
    caps: DeliveryCaps,
    lease_ms: i64,
    per_project: std::sync::Mutex<HashMap<String, i64>>,
    per_host: std::sync::Mutex<HashMap<String, i64>>,
    refill: AtomicBool,
}

impl Slots {
    fn new(caps: DeliveryCaps, lease_ms: i64, refill: bool) -> Self {
        Slots {
            caps,
            lease_ms,
            per_project: Default::default(),
            per_host: Default::default(),
            refill: AtomicBool::new(refill),
        }
    }

    fn claim(&self, limit: usize) -> Claim {
        let now = now_ms();
        Claim { now_ms: now, lease_until_ms: now + self.lease_ms, limit: limit as i64, caps: self.caps }
    }

    /// The claim that takes over `freed` slots in the record's transaction, unless stopping.
    fn refill(&self, freed: usize) -> Option<Claim> {
        self.refill.load(Ordering::Acquire).then(|| self.claim(freed))
    }

    /// The jobs that fit this process's caps, counted in flight, and the ids of the others.
    fn admit(&self, jobs: Vec<CallbackJob>) -> (Vec<CallbackJob>, Vec<i64>) {
        let mut kept = Vec::with_capacity(jobs.len());
        let mut over = Vec::new();
        let mut projects = self.per_project.lock().expect("cap counters");
        let mut hosts = self.per_host.lock().expect("cap counters");
        for job in jobs {
            let p = projects.entry(job.project_id.clone()).or_default();
            let h = hosts.entry(job.host.clone()).or_default();
            if *p < self.caps.per_project && *h < self.caps.per_host {
                *p += 1;
                *h += 1;
                kept.push(job);
            } else {
                over.push(job.id);
            }
        }
        (kept, over)
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
        let lease_ms = settings.timeout.as_millis() as i64 + LEASE_MARGIN_MS;
        let slots = Arc::new(Slots::new(settings.caps, lease_ms, true));
        let (records, queue) = mpsc::channel(MAX_IN_FLIGHT);
        tokio::spawn(record_batches(outbox.clone(), worker.clone(), slots.clone(), queue));
        Arc::new(Dispatcher {
            outbox,
            projects,
            client,
            settings,
            worker,
            wake,
            in_flight: Arc::new(Semaphore::new(MAX_IN_FLIGHT)),
            slots,
            signers: Mutex::new(HashMap::new()),
            records,
        })
    }

    /// Delivers callbacks until `shutdown` fires.
    pub async fn run(self: Arc<Self>, mut shutdown: watch::Receiver<bool>) {
        loop {
            let free = self.in_flight.available_permits();
            let claimed = if free == 0 {
                Ok(Vec::new())
            } else {
                self.outbox.claim_callbacks(&self.worker, &self.slots.claim(free)).await
            };
            let full = match claimed {
                Ok(jobs) => {
                    let n = jobs.len();
                    let jobs = within_caps(&*self.outbox, &self.worker, &self.slots, jobs).await;
                    let started = jobs.len();
                    for job in jobs {
                        let permit = self.in_flight.clone().acquire_owned().await.expect("semaphore open");
                        let me = self.clone();
                        tokio::spawn(async move {
                            // The slot delivers what the recorder hands it until there is none.
                            let mut next = Some(job);
                            while let Some(job) = next {
                                next = me.deliver(job).await;
                            }
                            drop(permit);
                            // A callback behind a cap may be due now.
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
                _ = shutdown.changed() => {
                    // Deliveries in flight finish and record; their slots are not refilled.
                    self.slots.refill.store(false, Ordering::Release);
                    return;
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

    /// Attempts one callback and waits for its record; returns the slot's next callback.
    async fn deliver(&self, job: CallbackJob) -> Option<CallbackJob> {
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
        let (answer, recorded) = oneshot::channel();
        let record = RecordedAttempt { callback_id: job.id, attempt, outcome };
        let finished = Finished { record, project_id: job.project_id, host: job.host, answer };
        match self.records.send(finished).await {
            Ok(()) => recorded.await.ok().flatten(),
            Err(mpsc::error::SendError(f)) => {
                self.slots.finished(&f.project_id, &f.host);
                None
            }
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

/// Keeps the jobs that fit this process's caps, counting them in flight, and gives the others
/// back untried.
async fn within_caps(outbox: &dyn OutboxStore, owner: &str, slots: &Slots, jobs: Vec<CallbackJob>) -> Vec<CallbackJob> {
    let (kept, over) = slots.admit(jobs);
    if !over.is_empty()
        && let Err(e) = outbox.release_callbacks(&over, owner).await
    {
        // Their leases expire and they are claimed again: only later, never lost.
        tracing::warn!(error = %e, "giving back claimed callbacks failed");
    }
    kept
}

/// Records finished attempts in batches until the dispatcher is gone. Each batch's transaction
/// also claims as many due callbacks as it frees slots, and hands them to those slots: a slot
/// turns over with one commit instead of a record's and then a claim's, each queued on the
/// database's writer.
async fn record_batches(
    outbox: Arc<dyn OutboxStore>,
    owner: String,
    slots: Arc<Slots>,
    mut queue: mpsc::Receiver<Finished>,
) {
    let mut batch = Vec::with_capacity(MAX_RECORD_BATCH);
    while queue.recv_many(&mut batch, MAX_RECORD_BATCH).await > 0 {
        let mut records = Vec::with_capacity(batch.len());
        let mut answers = Vec::with_capacity(batch.len());
        for f in batch.drain(..) {
            // Counted out before the claim, which may give their slots to the same project or host.
            slots.finished(&f.project_id, &f.host);
            records.push(f.record);
            answers.push(f.answer);
        }
        let refill = slots.refill(records.len());
        let (claimed, failed) = match outbox.record_attempts(&owner, &records, refill.as_ref()).await {
            Ok(claimed) => (claimed, Vec::new()),
            // One bad record must not cost the others theirs: each alone, claiming nothing (the
            // freed slots go back to the dispatcher's loop).
            Err(_) if records.len() > 1 => {
                let mut failed = Vec::new();
                for record in &records {
                    if let Err(e) = outbox.record_attempts(&owner, std::slice::from_ref(record), None).await {
                        failed.push((record.callback_id, e));
                    }
                }
                (Vec::new(), failed)
            }
            Err(e) => (Vec::new(), vec![(records[0].callback_id, e)]),
        };
        for (callback_id, e) in failed {
            // The lease expires and the callback is attempted again: at least once.
            tracing::error!(callback_id, error = %e, "recording a callback attempt failed");
        }
        let mut next = within_caps(&*outbox, &owner, &slots, claimed).await.into_iter();
        for answer in answers {
            if let Err(Some(job)) = answer.send(next.next()) {
                // The delivery is gone (shutting down): its lease expires, and it is claimed again.
                slots.finished(&job.project_id, &job.host);
            }
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
    use crate::domain::ports::{StoreError, StoreResult};

    /// A store whose record of one callback always fails (as a record the database refuses
    /// would), and with it any batch holding it; it keeps what it recorded, and a claim made
    /// with a record hands out the `waiting` jobs.
    #[derive(Default)]
    struct RefusesOne {
        refused: i64,
        recorded: std::sync::Mutex<Vec<i64>>,
        batch_sizes: std::sync::Mutex<Vec<usize>>,
        claims: std::sync::Mutex<Vec<Option<i64>>>,
        waiting: std::sync::Mutex<Vec<CallbackJob>>,
        released: std::sync::Mutex<Vec<i64>>,
    }

    #[async_trait::async_trait]
    impl OutboxStore for RefusesOne {
        async fn record_attempts(
            &self,
            _owner: &str,
            attempts: &[RecordedAttempt],
            then_claim: Option<&Claim>,
        ) -> StoreResult<Vec<CallbackJob>> {
            self.batch_sizes.lock().unwrap().push(attempts.len());
            self.claims.lock().unwrap().push(then_claim.map(|c| c.limit));
            if attempts.iter().any(|r| r.callback_id == self.refused) {
                return Err(StoreError::Corrupt("refused".into()));
            }
            self.recorded.lock().unwrap().extend(attempts.iter().map(|r| r.callback_id));
            // Hands out the waiting jobs, at most the claim's limit.
            let mut waiting = self.waiting.lock().unwrap();
            let limit = then_claim.map_or(0, |c| c.limit as usize).min(waiting.len());
            Ok(waiting.drain(..limit).collect())
        }
        async fn claim_callbacks(&self, _: &str, _: &Claim) -> StoreResult<Vec<CallbackJob>> {
            unreachable!("the recorder claims in its record")
        }
        async fn release_callbacks(&self, ids: &[i64], _: &str) -> StoreResult<()> {
            self.released.lock().unwrap().extend_from_slice(ids);
            Ok(())
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

    fn job(id: i64, host: &str) -> CallbackJob {
        CallbackJob {
            id,
            request_id: format!("r{id}"),
            project_id: "p".into(),
            host: host.into(),
            kind: outbox::CallbackKind::Decline,
            url: format!("http://{host}/"),
            body: "{}".into(),
            idempotency_key: format!("k{id}"),
            attempts: 0,
            give_up_ms: None,
            created_ms: 1,
        }
    }

    /// Sends finished attempts of `jobs` (each counted in flight first) to a recorder over
    /// `store`, then runs the recorder until they are all answered; the answers, in order.
    async fn record(store: Arc<RefusesOne>, slots: Arc<Slots>, jobs: Vec<CallbackJob>) -> Vec<Option<CallbackJob>> {
        let (kept, over) = slots.admit(jobs.clone());
        assert!(over.is_empty());
        let (records, queue) = mpsc::channel(8);
        let mut answers = Vec::new();
        for j in kept {
            let (answer, answered) = oneshot::channel();
            let record = RecordedAttempt { callback_id: j.id, attempt: attempt(), outcome: AttemptOutcome::Delivered };
            records.send(Finished { record, project_id: j.project_id, host: j.host, answer }).await.unwrap();
            answers.push(answered);
        }
        drop(records);
        record_batches(store, "w".into(), slots, queue).await;
        let mut out = Vec::new();
        for answered in answers {
            out.push(answered.await.expect("every delivery hears back"));
        }
        out
    }

    fn attempt() -> Attempt {
        Attempt {
            at_ms: 1,
            http_status: Some(200),
            error: None,
            latency_ms: 1,
            response_excerpt: None,
            worker: "w".into(),
        }
    }

    fn caps(per_host: i64) -> DeliveryCaps {
        DeliveryCaps { per_project: 64, per_host }
    }

    /// A batch the store refuses is recorded one attempt at a time, so one bad record costs
    /// the others nothing, every delivery waiting for its record is answered, and no slot is
    /// refilled from a failed batch.
    #[tokio::test]
    async fn a_refused_batch_is_recorded_one_by_one_and_every_delivery_answered() {
        let store = Arc::new(RefusesOne { refused: 2, ..Default::default() });
        store.waiting.lock().unwrap().push(job(9, "h"));
        let slots = Arc::new(Slots::new(caps(64), 1000, true));
        let jobs = [1, 2, 3].map(|id| job(id, "h")).to_vec();
        let answers = record(store.clone(), slots.clone(), jobs).await;
        assert!(answers.iter().all(Option::is_none), "a failed batch hands out nothing");
        assert_eq!(*store.batch_sizes.lock().unwrap(), vec![3, 1, 1, 1]);
        assert_eq!(*store.recorded.lock().unwrap(), vec![1, 3]);
        // The whole batch asked to refill its three slots; the retries alone asked nothing.
        assert_eq!(*store.claims.lock().unwrap(), vec![Some(3), None, None, None]);
        assert!(slots.per_host.lock().unwrap().is_empty(), "every slot counted out");
    }

    /// The record's claim takes over the freed slots: the jobs it claims go to the waiting
    /// deliveries, counted in flight, and one over this process's host cap is given back.
    #[tokio::test]
    async fn freed_slots_are_refilled_within_the_caps() {
        let store = Arc::new(RefusesOne { refused: -1, ..Default::default() });
        // Two finish on host "a"; the claim brings two for host "b", whose cap of one is
        // already half taken by a delivery still in flight.
        store.waiting.lock().unwrap().extend([job(7, "b"), job(8, "b")]);
        let slots = Arc::new(Slots::new(DeliveryCaps { per_project: 64, per_host: 2 }, 1000, true));
        slots.admit(vec![job(5, "b")]);
        let answers = record(store.clone(), slots.clone(), vec![job(1, "a"), job(2, "a")]).await;
        let handed: Vec<Option<i64>> = answers.iter().map(|a| a.as_ref().map(|j| j.id)).collect();
        assert_eq!(handed, [Some(7), None]);
        assert_eq!(*store.released.lock().unwrap(), vec![8], "over the cap: given back untried");
        assert_eq!(*store.claims.lock().unwrap(), vec![Some(2)]);
        assert_eq!(slots.per_host.lock().unwrap().get("b"), Some(&2));
        assert_eq!(slots.per_host.lock().unwrap().get("a"), None, "the recorded ones are counted out");
    }

    /// Once the dispatcher stops, a record claims nothing: deliveries in flight finish and
    /// their slots stay empty.
    #[tokio::test]
    async fn a_stopping_dispatcher_refills_no_slot() {
        let store = Arc::new(RefusesOne { refused: -1, ..Default::default() });
        store.waiting.lock().unwrap().push(job(7, "a"));
        let slots = Arc::new(Slots::new(caps(64), 1000, false));
        let answers = record(store.clone(), slots, vec![job(1, "a")]).await;
        assert_eq!(answers.len(), 1);
        assert!(answers[0].is_none());
        assert_eq!(*store.claims.lock().unwrap(), vec![None]);
    }

    #[test]
    fn an_answer_is_stored_as_text_without_nul_or_broken_utf8() {
        assert_eq!(excerpt_of(b""), None);
        assert_eq!(excerpt_of(b"ok"), Some("ok".into()));
        assert_eq!(excerpt_of(b"a\0b\xffc"), Some("a\u{FFFD}b\u{FFFD}c".into()));
    }
}
