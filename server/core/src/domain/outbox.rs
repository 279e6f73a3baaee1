//! The outbox rules in one place (merchant-api.md Events, decisions.md §3): which change sends
//! which kind of callback to which URL, how long each kind is retried, when a waiting callback
//! is superseded, and what an attempt does to a callback. Storage only stores these rows; the
//! dispatcher (`callbacks/`) only signs, posts and reports.
//!
//! The body is rendered when the change is written, by a [`CallbackRenderer`] handed in at
//! start-up: the domain decides *that* a callback is sent, the wire format is not its business.

use super::catalogue::Integration;
use super::payment::{Flow, Payment, PaymentState};

/// Kind of callback (merchant-api.md Events).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CallbackKind {
    Informative,
    Success,
    Decline,
}

impl CallbackKind {
    pub const ALL: [CallbackKind; 3] = [CallbackKind::Informative, CallbackKind::Success, CallbackKind::Decline];

    pub fn code(self) -> &'static str {
        match self {
            CallbackKind::Informative => "informative",
            CallbackKind::Success => "success",
            CallbackKind::Decline => "decline",
        }
    }

    pub fn parse(s: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|k| k.code() == s)
    }
}

/// Where a callback is in its life.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CallbackState {
    /// Waiting for its (next) attempt.
    Pending,
    /// The merchant answered 2xx.
    Delivered,
    /// A later status of the payment made it pointless (informative callbacks only).
    Superseded,
    /// Its retry window ended without a 2xx.
    Abandoned,
}

impl CallbackState {
    pub const ALL: [CallbackState; 4] =
        [CallbackState::Pending, CallbackState::Delivered, CallbackState::Superseded, CallbackState::Abandoned];

    pub fn code(self) -> &'static str {
        match self {
            CallbackState::Pending => "pending",
            CallbackState::Delivered => "delivered",
            CallbackState::Superseded => "superseded",
            CallbackState::Abandoned => "abandoned",
        }
    }

    pub fn parse(s: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|k| k.code() == s)
    }
}

/// Final callbacks are retried for up to 72 hours (decisions.md §3).
pub const FINAL_RETRY_WINDOW_MS: i64 = 72 * 3600 * 1000;

/// The delay before the next attempt after `attempts_made` attempts, from a schedule of
/// seconds whose last entry repeats (default: 10 s, 30 s, 1 min, 5 min, 15 min, 1 h, hourly).
pub fn retry_delay_ms(schedule_s: &[u64], attempts_made: i64) -> i64 {
    let i = (attempts_made.max(1) - 1) as usize;
    let last = schedule_s.last().copied().unwrap_or(3600);
    schedule_s.get(i).copied().unwrap_or(last) as i64 * 1000
}

/// A callback to write into the outbox with the change it reports.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NewCallback {
    pub kind: CallbackKind,
    pub url: String,
    /// Where it is delivered ([`delivery_host`]), for the per-host cap on deliveries in flight.
    pub host: String,
    /// The JSON body, fixed at the change (the signature is made per attempt).
    pub body: String,
    pub idempotency_key: String,
    pub next_attempt_ms: i64,
    /// After this time the callback is abandoned; `None`: until delivered or superseded.
    pub give_up_ms: Option<i64>,
}

/// How many deliveries may be in flight at once for one project and for one host, so one
/// merchant whose endpoint stalls cannot take every delivery slot from the others.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DeliveryCaps {
    pub per_project: i64,
    pub per_host: i64,
}

/// One claim of due callbacks: at most `limit`, within `caps`, leased until `lease_until_ms`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Claim {
    pub now_ms: i64,
    pub lease_until_ms: i64,
    pub limit: i64,
    pub caps: DeliveryCaps,
}

/// The host a callback goes to (`host:port`, lowercase): deliveries in flight are capped per
/// host as well as per project.
pub fn delivery_host(url: &str) -> String {
    match url::Url::parse(url) {
        Ok(u) => match (u.host_str(), u.port_or_known_default()) {
            (Some(h), Some(p)) => format!("{}:{p}", h.to_ascii_lowercase()),
            (Some(h), None) => h.to_ascii_lowercase(),
            _ => String::new(),
        },
        Err(_) => String::new(),
    }
}

/// A callback claimed for delivery.
#[derive(Clone, Debug)]
pub struct CallbackJob {
    pub id: i64,
    pub request_id: String,
    pub project_id: String,
    pub host: String,
    pub kind: CallbackKind,
    pub url: String,
    pub body: String,
    pub idempotency_key: String,
    pub attempts: i64,
    pub give_up_ms: Option<i64>,
    pub created_ms: i64,
}

/// What happened on one delivery attempt.
#[derive(Clone, Debug)]
pub struct Attempt {
    pub at_ms: i64,
    pub http_status: Option<i64>,
    pub error: Option<String>,
    pub latency_ms: i64,
    pub response_excerpt: Option<String>,
    pub worker: String,
}

/// An attempt to record: which callback, what happened, and what it asks for next.
#[derive(Clone, Debug)]
pub struct RecordedAttempt {
    pub callback_id: i64,
    pub attempt: Attempt,
    pub outcome: AttemptOutcome,
}

/// What an attempt asks for next.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AttemptOutcome {
    Delivered,
    RetryAt(i64),
    Abandon,
}

/// A callback with its attempts, for the attempt log.
#[derive(Clone, Debug)]
pub struct CallbackRecord {
    pub id: i64,
    pub kind: CallbackKind,
    pub url: String,
    pub body: String,
    pub idempotency_key: String,
    pub state: CallbackState,
    pub attempts: Vec<Attempt>,
    pub next_attempt_ms: Option<i64>,
    pub created_ms: i64,
    pub delivered_ms: Option<i64>,
}

/// A callback that has not reached the merchant: retrying after failed attempts, or given up.
#[derive(Clone, Debug)]
pub struct FailingCallback {
    pub id: i64,
    pub request_id: String,
    pub payment_id: String,
    pub kind: CallbackKind,
    pub url: String,
    pub state: CallbackState,
    pub attempts: i64,
    /// When it is tried again (a retrying one).
    pub next_attempt_ms: Option<i64>,
    /// The last attempt: when, and what came back.
    pub last_attempt: Option<Attempt>,
}

/// Renders the body of a callback reporting the payment's current status (the wire format
/// of merchant-api.md "Callback body"). Provided at start-up.
pub trait CallbackRenderer: Send + Sync + 'static {
    fn body(&self, payment: &Payment, kind: CallbackKind) -> String;
}

/// What the merchant console's integration check sent and received.
#[derive(Debug)]
pub struct ProbeReport {
    pub url: String,
    pub headers: Vec<(String, String)>,
    pub body: String,
    /// The normalized body, and the message the signature covers (decisions.md §2).
    pub normalized: String,
    pub signed_message: String,
    pub algorithm: String,
    pub http_status: Option<u16>,
    pub error: Option<String>,
    pub latency_ms: u128,
    pub response_excerpt: Option<String>,
}

/// Sends one signed test callback, through the same signer, SSRF guard and client settings as
/// real callbacks (provided at start-up).
#[async_trait::async_trait]
pub trait CallbackProbe: Send + Sync + 'static {
    async fn probe(
        &self,
        key: &crate::crypto::keys::StoredCallbackKey,
        merchant_id: &str,
        project_id: &str,
        url: &str,
        now_ms: i64,
    ) -> ProbeReport;
}

/// `{project_id}:{payment_id}:{status}:{sub_status}`, a null sub-status written as empty.
pub fn idempotency_key(p: &Payment) -> String {
    format!("{}:{}:{}:{}", p.project_id, p.payment_id, p.state.status(), p.state.sub_status().unwrap_or(""))
}

/// The kind of callback that reports `p` reaching its current status, if that status sends one
/// (the merchant's URL for it aside).
pub fn kind_for(p: &Payment) -> Option<CallbackKind> {
    match p.state {
        PaymentState::Success => Some(CallbackKind::Success),
        PaymentState::Decline => Some(CallbackKind::Decline),
        _ => {
            // E-commerce: informative callbacks only in H2H, for the 3DS and redirect steps.
            let card = p.flow() == Flow::Card;
            let card_informative = p.integration != Integration::Widget
                && matches!(p.state, PaymentState::Awaiting3ds | PaymentState::AwaitingRedirect);
            (!card || card_informative).then_some(CallbackKind::Informative)
        }
    }
}

fn url_for(p: &Payment, kind: CallbackKind) -> Option<&String> {
    let urls = &p.details.urls;
    match kind {
        CallbackKind::Informative => urls.callback.as_ref(),
        CallbackKind::Success => urls.success_callback.as_ref(),
        CallbackKind::Decline => urls.decline_callback.as_ref(),
    }
}

/// How long a callback of `kind` for `p` is retried: final callbacks 72 h, e-commerce
/// informative callbacks until the payment's lifetime ends, other informative ones until
/// delivered or superseded.
pub fn give_up_ms(p: &Payment, kind: CallbackKind, now_ms: i64) -> Option<i64> {
    match kind {
        CallbackKind::Success | CallbackKind::Decline => Some(now_ms + FINAL_RETRY_WINDOW_MS),
        CallbackKind::Informative if p.flow() == Flow::Card => Some(p.expires_ms()),
        CallbackKind::Informative => None,
    }
}

/// The callbacks reporting that `p` (after a change) reached its current status. Empty when the
/// status sends nothing or the payment has no URL for that kind.
pub fn callbacks_for(p: &Payment, renderer: &dyn CallbackRenderer, now_ms: i64) -> Vec<NewCallback> {
    let Some(kind) = kind_for(p) else {
        return Vec::new();
    };
    let Some(url) = url_for(p, kind) else {
        return Vec::new();
    };
    vec![NewCallback {
        kind,
        host: delivery_host(url),
        url: url.clone(),
        body: renderer.body(p, kind),
        idempotency_key: idempotency_key(p),
        next_attempt_ms: now_ms,
        give_up_ms: give_up_ms(p, kind, now_ms),
    }]
}

/// The waiting callbacks a change of `p` supersedes (decisions.md §10): informative callbacks
/// not yet delivered stop once a later status exists. One in flight finishes its attempt
/// first; [`state_after_attempt`] settles it.
pub fn superseded_by_change(p: &Payment) -> &'static [CallbackKind] {
    // Only a payment with an informative URL can have informative callbacks.
    if p.details.urls.callback.is_some() { &[CallbackKind::Informative] } else { &[] }
}

/// Whether a waiting callback of `kind` is superseded when the payment has later callbacks.
pub fn supersedable(kind: CallbackKind) -> bool {
    kind == CallbackKind::Informative
}

/// The state a callback moves to after an attempt: delivered on 2xx; otherwise superseded when
/// it already was or a later status exists for an informative one; otherwise retried or
/// abandoned as the attempt's outcome says.
pub fn state_after_attempt(
    current: CallbackState,
    kind: CallbackKind,
    later_callbacks_exist: bool,
    outcome: AttemptOutcome,
) -> CallbackState {
    let superseded = current == CallbackState::Superseded || (supersedable(kind) && later_callbacks_exist);
    match outcome {
        AttemptOutcome::Delivered => CallbackState::Delivered,
        _ if superseded => CallbackState::Superseded,
        AttemptOutcome::RetryAt(_) => CallbackState::Pending,
        AttemptOutcome::Abandon => CallbackState::Abandoned,
    }
}

/// What to do after an attempt that started at `started_ms`: delivered on 2xx, else retry on
/// the schedule unless the next attempt would fall after `give_up_ms`.
pub fn outcome_of(
    delivered: bool,
    attempts_made: i64,
    started_ms: i64,
    give_up_ms: Option<i64>,
    schedule_s: &[u64],
) -> AttemptOutcome {
    if delivered {
        return AttemptOutcome::Delivered;
    }
    let next = started_ms + retry_delay_ms(schedule_s, attempts_made);
    if give_up_ms.is_some_and(|g| next > g) { AttemptOutcome::Abandon } else { AttemptOutcome::RetryAt(next) }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn retry_schedule_grows_then_stays_hourly() {
        let schedule = [10, 30, 60, 300, 900, 3600];
        let delays: Vec<i64> = (1..=8).map(|n| retry_delay_ms(&schedule, n) / 1000).collect();
        assert_eq!(delays, [10, 30, 60, 300, 900, 3600, 3600, 3600]);
    }

    #[test]
    fn states_round_trip() {
        for s in CallbackState::ALL {
            assert_eq!(CallbackState::parse(s.code()), Some(s));
        }
        for k in CallbackKind::ALL {
            assert_eq!(CallbackKind::parse(k.code()), Some(k));
        }
        assert_eq!(CallbackState::parse("lost"), None);
    }

    #[test]
    fn attempts_settle_the_state() {
        use CallbackKind::*;
        use CallbackState::*;
        let retry = AttemptOutcome::RetryAt(5);
        assert_eq!(state_after_attempt(Pending, Informative, true, AttemptOutcome::Delivered), Delivered);
        assert_eq!(state_after_attempt(Pending, Informative, true, retry), Superseded);
        assert_eq!(state_after_attempt(Pending, Informative, false, retry), Pending);
        assert_eq!(state_after_attempt(Superseded, Informative, false, retry), Superseded);
        assert_eq!(state_after_attempt(Pending, Success, true, retry), Pending, "final callbacks are never superseded");
        assert_eq!(state_after_attempt(Pending, Decline, false, AttemptOutcome::Abandon), Abandoned);
    }

    #[test]
    fn hosts_are_where_deliveries_go() {
        assert_eq!(delivery_host("https://M.Example/cb"), "m.example:443");
        assert_eq!(delivery_host("http://127.0.0.1:9000/cb"), "127.0.0.1:9000");
        assert_eq!(delivery_host("not a url"), "");
    }

    #[test]
    fn the_give_up_time_ends_retries() {
        let schedule = [10, 30];
        assert_eq!(outcome_of(true, 1, 0, Some(1), &schedule), AttemptOutcome::Delivered);
        assert_eq!(outcome_of(false, 1, 0, None, &schedule), AttemptOutcome::RetryAt(10_000));
        assert_eq!(outcome_of(false, 2, 0, Some(30_000), &schedule), AttemptOutcome::RetryAt(30_000));
        assert_eq!(outcome_of(false, 2, 0, Some(29_999), &schedule), AttemptOutcome::Abandon);
    }
}
