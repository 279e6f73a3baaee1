//! Authentication of merchant requests (decisions.md §2), as one layer over every merchant
//! route: a handler behind it cannot run unauthenticated, and one that is not behind it cannot
//! get a [`Merchant`] request at all.

use std::collections::HashMap;
use std::sync::{Mutex, RwLock};
use std::time::{Duration, Instant};

use axum::body::Body;
use axum::extract::{FromRequestParts, Request, State};
use axum::http::request::Parts;
use axum::http::{HeaderMap, header};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use serde::de::DeserializeOwned;
use serde_json::Value;

use super::first_use::FirstUse;
use crate::crypto::fingerprint::Fingerprint;
use crate::crypto::keys::{KeyType, RequestVerifier};
use crate::crypto::normalize;
use crate::domain::keys::Keys;
use crate::domain::ports::RequestKeyRecord;
use crate::domain::project::Project;
use crate::domain::projects::Projects;
use crate::domain::replay::SignatureUse;
use crate::domain::time::now_ms;
use crate::http::AppState;
use crate::http::shared::error::{ApiError, AuthFailure, ErrorBody};
use crate::http::shared::limits::{RetryAfter, address_key};

/// Largest accepted request body.
pub const MAX_BODY_BYTES: usize = 64 * 1024;

const TIMESTAMP: &str = "x-access-timestamp";
const MERCHANT_ID: &str = "x-access-merchant-id";
const TOKEN: &str = "x-access-token";
const SIGNATURE: &str = "x-access-signature";
const ALGORITHM: &str = "x-access-merchant-algorithm";

/// What the layer hands to the handler: the authenticated project and the parsed body.
#[derive(Clone)]
pub struct MerchantContext {
    pub project: Project,
    /// The body as received: it may hold card numbers, so this type prints none of it.
    pub body: Value,
    pub fingerprint: Fingerprint,
    pub first_use: FirstUse,
}

/// The endpoints whose handler records the signed message's use with the payment it inserts
/// (through [`FirstUse`]); every other endpoint's use is recorded before its handler runs.
const RECORDED_WITH_THE_PAYMENT: [&str; 3] =
    ["/api/v1/payment/p2p/payin", "/api/v1/payment/ecom/payin", "/api/v1/widget/payin"];

impl std::fmt::Debug for MerchantContext {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("MerchantContext").field("project", &self.project.id).finish_non_exhaustive()
    }
}

/// `project_id` and `payment_id` of the request, added to its error bodies.
#[derive(Clone, Debug, Default)]
struct RequestIds {
    project_id: Option<String>,
    payment_id: Option<String>,
}

impl RequestIds {
    fn of(body: &Value) -> Self {
        let general = body.get("general");
        let text = |k: &str| general.and_then(|g| g.get(k)).and_then(Value::as_str).map(str::to_string);
        RequestIds { project_id: text("project_id"), payment_id: text("payment_id") }
    }
}

/// The layer: limits each address before any work, authenticates, rate-limits per project,
/// refuses a request replayed to another endpoint, and adds the request's ids to error bodies.
pub async fn authenticate(State(state): State<AppState>, request: Request, next: Next) -> Response {
    let peer = request.extensions().get::<crate::http::shared::client::ClientIp>().map(|c| c.0);
    if let Some(ip) = peer
        && let Err(RetryAfter(retry_after_s)) = state.address_limiter.check(&address_key(ip))
    {
        return ApiError::TooManyRequests { retry_after_s }.into_response();
    }
    let (mut parts, body) = request.into_parts();
    let mut ids = RequestIds::default();
    let endpoint = parts.uri.path().to_string();
    let response = match verify(&state, &parts.headers, &endpoint, body, &mut ids).await {
        Ok(context) => {
            let first_use = context.first_use.clone();
            parts.extensions.insert(context);
            let response = next.run(Request::from_parts(parts, Body::empty())).await;
            // The handler refused before its change (a validation error, say): its message is
            // recorded now, so that it cannot be replayed to another endpoint either.
            match first_use.unsettled() {
                Some(signature_use) => match refuse_replay(&state, signature_use).await {
                    Ok(()) => response,
                    Err(error) => error.into_response(),
                },
                None => response,
            }
        }
        Err(error) => error.into_response(),
    };
    with_ids(response, &ids)
}

fn with_ids(response: Response, ids: &RequestIds) -> Response {
    let Some(body) = response.extensions().get::<ErrorBody>() else {
        return response;
    };
    if ids.project_id.is_none() && ids.payment_id.is_none() {
        return response;
    }
    let mut body = body.clone();
    body.project_id = body.project_id.or_else(|| ids.project_id.clone());
    body.payment_id = body.payment_id.or_else(|| ids.payment_id.clone());
    let status = response.status();
    let retry_after = response.headers().get(header::RETRY_AFTER).cloned();
    let mut rebuilt = (status, axum::Json(&body)).into_response();
    if let Some(v) = retry_after {
        rebuilt.headers_mut().insert(header::RETRY_AFTER, v);
    }
    rebuilt.extensions_mut().insert(body);
    rebuilt
}

fn header<'h>(headers: &'h HeaderMap, name: &'static str) -> Result<&'h str, ApiError> {
    headers
        .get(name)
        .and_then(|v| v.to_str().ok())
        .filter(|v| !v.trim().is_empty())
        .ok_or(ApiError::Unauthorized(AuthFailure::MissingHeader(name)))
}

/// Unix seconds of `x-access-timestamp`, when within `window_s` of `now_s`. Any text, any
/// number: never an overflow (a crafted `-9223372036854775808` is just refused).
pub fn parse_timestamp(text: &str, now_s: i64, window_s: u64) -> Result<i64, AuthFailure> {
    let sent: i64 = text.trim().parse().map_err(|_| AuthFailure::InvalidTimestamp)?;
    match now_s.checked_sub(sent) {
        Some(skew) if skew.unsigned_abs() <= window_s => Ok(sent),
        _ => Err(AuthFailure::InvalidTimestamp),
    }
}

async fn verify(
    state: &AppState,
    headers: &HeaderMap,
    endpoint: &str,
    body: Body,
    ids: &mut RequestIds,
) -> Result<MerchantContext, ApiError> {
    // The body is read first only so that every error names the request's ids; nothing in it
    // is checked before the headers and the signature (decisions.md §10).
    let declared =
        headers.get(header::CONTENT_LENGTH).and_then(|v| v.to_str().ok()).and_then(|v| v.parse::<usize>().ok());
    if declared.is_some_and(|n| n > DRAIN_LIMIT) {
        return Err(ApiError::PayloadTooLarge);
    }
    let bytes = read_body(body).await;
    let parsed: Option<Result<Value, String>> =
        bytes.as_ref().ok().map(|b| serde_json::from_slice::<Value>(b).map_err(|e| e.to_string()));
    if let Some(Ok(value)) = &parsed {
        *ids = RequestIds::of(value);
    }
    let signed = SignedHeaders::read(headers, state.config.timestamp_window_s)?;
    let json = headers
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.split(';').next())
        .is_some_and(|v| v.trim().eq_ignore_ascii_case("application/json"));
    if !json {
        return Err(ApiError::InvalidRequest);
    }
    bytes?;
    let body: Value = match parsed {
        Some(Ok(value)) if value.is_object() => value,
        Some(Err(e)) => return Err(ApiError::InvalidJson(e)),
        Some(Ok(_)) | None => return Err(ApiError::InvalidRequest),
    };
    // Headers and signature first (decisions.md §10), then the project.
    let (key, normalized) = check_signature(state, &signed, &body).await?;
    let project = owned_project(state, &key, &body).await?;
    state
        .limiter
        .check(&project.id)
        .map_err(|RetryAfter(retry_after_s)| ApiError::TooManyRequests { retry_after_s })?;
    // The key authenticated this request: its "last used" (for the merchant console), written
    // off the request's path and at most once per few seconds.
    if state.auth_cache.should_touch(signed.token) {
        let (keys, token) = (state.services.keys.clone(), signed.token.to_string());
        tokio::spawn(async move {
            if let Err(e) = keys.touch(&token).await {
                tracing::debug!(error = %e, "last use of a key not recorded");
            }
        });
    }
    let signature_use = signature_use(&signed, endpoint);
    let first_use = if RECORDED_WITH_THE_PAYMENT.contains(&endpoint) {
        FirstUse::pending(signature_use)
    } else {
        refuse_replay(state, &signature_use).await?;
        FirstUse::default()
    };
    let fingerprint = Fingerprint {
        keyed: crate::crypto::fingerprint::keyed(&body, state.keys.fingerprint.expose()),
        legacy: crate::crypto::fingerprint::legacy(&normalized),
    };
    Ok(MerchantContext { project, body, fingerprint, first_use })
}

/// The `x-access-*` headers of a request, the timestamp within its window.
struct SignedHeaders<'h> {
    timestamp: &'h str,
    merchant_id: &'h str,
    token: &'h str,
    signature: &'h str,
    algorithm: Option<&'h str>,
    /// The timestamp as Unix seconds, and the window it was accepted in.
    sent: i64,
    window_s: u64,
}

impl<'h> SignedHeaders<'h> {
    fn read(headers: &'h HeaderMap, window_s: u64) -> Result<Self, ApiError> {
        let timestamp = header(headers, TIMESTAMP)?;
        let merchant_id = header(headers, MERCHANT_ID)?;
        let token = header(headers, TOKEN)?;
        let signature = header(headers, SIGNATURE)?;
        let sent = parse_timestamp(timestamp, now_ms() / 1000, window_s)?;
        let algorithm = header(headers, ALGORITHM).ok();
        Ok(SignedHeaders { timestamp, merchant_id, token, signature, algorithm, sent, window_s })
    }
}

/// The active key the request names, if the signature over the normalized body verifies with
/// it; with the normalized body (the legacy fingerprint is taken over it).
async fn check_signature(
    state: &AppState,
    signed: &SignedHeaders<'_>,
    body: &Value,
) -> Result<(RequestKeyRecord, String), ApiError> {
    let (key, verifier) = state
        .auth_cache
        .key(&state.services.keys, signed.token)
        .await?
        .filter(|(k, _)| k.active)
        .ok_or(AuthFailure::UnknownKey)?;
    if signed.merchant_id != key.merchant_id && signed.merchant_id != key.project_id {
        return Err(AuthFailure::UnknownKey.into());
    }
    if signed.algorithm.is_some_and(|a| KeyType::from_algorithm_header(a) != Some(key.key.key_type)) {
        return Err(AuthFailure::UnknownKey.into());
    }
    let normalized = normalize::normalize(body);
    let message = normalize::message_of_normalized(&normalized, signed.timestamp);
    if !verifier.verify(&message, signed.signature) {
        return Err(AuthFailure::InvalidSignature.into());
    }
    Ok((key, normalized))
}

/// The request's project, if the key's merchant owns it (else `Access denied`, never saying
/// whether it exists) and the key is that project's.
async fn owned_project(state: &AppState, key: &RequestKeyRecord, body: &Value) -> Result<Project, ApiError> {
    let project_id = match body.get("general").and_then(|g| g.get("project_id")) {
        Some(Value::String(id)) => id,
        Some(_) => return Err(ApiError::field("general.project_id", "must be a string")),
        None => return Err(ApiError::field("general.project_id", "is required")),
    };
    // No project id is that long or holds U+0000 (which PostgreSQL cannot even compare).
    if project_id.chars().count() > super::payin::GeneralIn::PROJECT_ID.max_len() || project_id.contains('\0') {
        return Err(ApiError::AccessDenied);
    }
    let project =
        state.auth_cache.project(&state.services.projects, project_id).await?.ok_or(ApiError::AccessDenied)?;
    if project.merchant_id != key.merchant_id {
        return Err(ApiError::AccessDenied);
    }
    if key.project_id != project.id {
        return Err(AuthFailure::UnknownKey.into());
    }
    Ok(project)
}

/// The signature covers the body and the timestamp, not the endpoint (the spec's scheme): the
/// same signature is accepted again on its own endpoint (a retry) and refused on any other, by
/// every process sharing the database, until its timestamp expires. It is compared in its
/// canonical form, so re-encoding it or taking its ECDSA twin is no way around.
fn signature_use(signed: &SignedHeaders<'_>, endpoint: &str) -> SignatureUse {
    let key = {
        use sha2::Digest;
        let canonical = crate::crypto::keys::canonical_signature(signed.signature).unwrap_or_default();
        let mut h = sha2::Sha256::new();
        h.update(signed.token.as_bytes());
        h.update(b"\n");
        h.update(&canonical);
        hex::encode(h.finalize())
    };
    let expires_ms = signed.sent.saturating_add(signed.window_s as i64).saturating_add(1).saturating_mul(1000);
    SignatureUse { key, endpoint: endpoint.to_string(), expires_ms }
}

/// Records a signed message's use, refusing it if it was first used on another endpoint.
async fn refuse_replay(state: &AppState, signature_use: &SignatureUse) -> Result<(), ApiError> {
    let changes = changes_something(&signature_use.endpoint);
    if !state.services.keys.first_use_on(signature_use, changes).await? {
        return Err(AuthFailure::Replayed.into());
    }
    Ok(())
}

/// Whether a merchant endpoint changes something (create, cancel, confirm, resend...), as
/// opposed to only reading (info, bank lists, callback logs, balances).
fn changes_something(endpoint: &str) -> bool {
    !(endpoint.ends_with("/info") || endpoint.contains("/bank/") || endpoint == "/api/v1/callbacks")
}

/// Bodies up to this size are read to the end even when refused, so the client gets the 413
/// rather than a connection closed under its upload.
const DRAIN_LIMIT: usize = 1024 * 1024;

/// Reads a request body of at most [`MAX_BODY_BYTES`].
pub async fn read_body(body: Body) -> Result<axum::body::Bytes, ApiError> {
    use http_body_util::BodyExt;
    let mut body = body;
    let mut bytes = Vec::new();
    let mut seen = 0usize;
    while let Some(frame) = body.frame().await {
        let frame = frame.map_err(|_| ApiError::InvalidRequest)?;
        if let Ok(chunk) = frame.into_data() {
            seen += chunk.len();
            if seen > DRAIN_LIMIT {
                break;
            }
            if seen <= MAX_BODY_BYTES {
                bytes.extend_from_slice(&chunk);
            }
        }
    }
    if seen > MAX_BODY_BYTES { Err(ApiError::PayloadTooLarge) } else { Ok(bytes.into()) }
}

/// Request keys (with their parsed verifiers) and projects, cached for a few seconds: a signed
/// request then costs no database round trip before the handler. Tokens that name no key are
/// remembered too, in a bounded set, so a flood of made-up tokens costs one query each at most
/// once per cache period.
pub struct AuthCache {
    ttl: Duration,
    keys: RwLock<HashMap<String, (Instant, RequestKeyRecord, RequestVerifier)>>,
    unknown: RwLock<HashMap<String, Instant>>,
    projects: RwLock<HashMap<String, (Instant, Project)>>,
    /// Database lookups of keys (a metric).
    lookups: prometheus_client::metrics::counter::Counter,
    /// When each key's "last used" was last written (at most once per [`TOUCH_EVERY`]).
    touched: Mutex<HashMap<String, Instant>>,
}

/// A key's "last used" is written at most this often per process.
const TOUCH_EVERY: Duration = Duration::from_secs(10);

/// At most this many unknown tokens are remembered; a full set is emptied and starts again.
const MAX_UNKNOWN_TOKENS: usize = 10_000;

impl AuthCache {
    pub fn new(ttl: Duration, lookups: prometheus_client::metrics::counter::Counter) -> Self {
        AuthCache {
            ttl,
            keys: RwLock::default(),
            unknown: RwLock::default(),
            projects: RwLock::default(),
            lookups,
            touched: Mutex::default(),
        }
    }

    async fn key(&self, keys: &Keys, token: &str) -> Result<Option<(RequestKeyRecord, RequestVerifier)>, ApiError> {
        if let Some((at, record, verifier)) = self.keys.read().expect("auth cache lock").get(token)
            && at.elapsed() < self.ttl
        {
            return Ok(Some((record.clone(), verifier.clone())));
        }
        if let Some(at) = self.unknown.read().expect("auth cache lock").get(token)
            && at.elapsed() < self.ttl
        {
            return Ok(None);
        }
        self.lookups.inc();
        let Some(record) = keys.request_key(token).await? else {
            let mut unknown = self.unknown.write().expect("auth cache lock");
            if unknown.len() >= MAX_UNKNOWN_TOKENS {
                unknown.clear();
            }
            unknown.insert(token.to_string(), Instant::now());
            return Ok(None);
        };
        let verifier = RequestVerifier::from_stored(&record.key).map_err(|e| {
            tracing::error!(error = %e, "stored request key does not parse");
            ApiError::Internal
        })?;
        self.keys
            .write()
            .expect("auth cache lock")
            .insert(token.to_string(), (Instant::now(), record.clone(), verifier.clone()));
        Ok(Some((record, verifier)))
    }

    async fn project(&self, projects: &Projects, id: &str) -> Result<Option<Project>, ApiError> {
        if let Some((at, project)) = self.projects.read().expect("auth cache lock").get(id)
            && at.elapsed() < self.ttl
        {
            return Ok(Some(project.clone()));
        }
        let project = projects.project(id).await?;
        if let Some(p) = &project {
            self.projects.write().expect("auth cache lock").insert(id.to_string(), (Instant::now(), p.clone()));
        }
        Ok(project)
    }

    /// Whether to record now that `token` authenticated a request (true at most once per
    /// [`TOUCH_EVERY`]).
    fn should_touch(&self, token: &str) -> bool {
        let mut touched = self.touched.lock().expect("auth cache lock");
        let now = Instant::now();
        match touched.get(token) {
            Some(at) if now.duration_since(*at) < TOUCH_EVERY => false,
            _ => {
                if touched.len() >= MAX_UNKNOWN_TOKENS {
                    touched.clear();
                }
                touched.insert(token.to_string(), now);
                true
            }
        }
    }

    /// Drops a project changed by this process, so the change applies at once here.
    pub fn forget_project(&self, id: &str) {
        self.projects.write().expect("auth cache lock").remove(id);
    }

    /// Drops a key changed by this process (deactivated in the console): it stops working here
    /// at once, and on other processes within the cache's lifetime.
    pub fn forget_key(&self, token: &str) {
        self.keys.write().expect("auth cache lock").remove(token);
        self.unknown.write().expect("auth cache lock").remove(token);
    }
}

/// An authenticated merchant request with its body parsed as `T`.
pub struct Merchant<T> {
    pub project: Project,
    pub body: T,
    pub fingerprint: Fingerprint,
    pub first_use: FirstUse,
}

impl<S: Send + Sync, T: DeserializeOwned> FromRequestParts<S> for Merchant<T> {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, _: &S) -> Result<Self, ApiError> {
        let context = parts.extensions.remove::<MerchantContext>().ok_or_else(|| {
            tracing::error!("merchant handler reached without the authentication layer");
            ApiError::Internal
        })?;
        let body = serde_json::from_value(context.body).map_err(|_| ApiError::InvalidRequest)?;
        Ok(Merchant { project: context.project, body, fingerprint: context.fingerprint, first_use: context.first_use })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_context_does_not_print_the_body() {
        let context = MerchantContext {
            project: Project {
                id: "p".into(),
                merchant_id: "m".into(),
                name: "n".into(),
                merchant_name: "m".into(),
                redirect_url: None,
                settings: Default::default(),
                version: 0,
            },
            body: serde_json::json!({"card": {"pan": "4242424242424242", "cvv": "987"}}),
            fingerprint: Fingerprint { keyed: "k1:x".into(), legacy: "legacy:y".into() },
            first_use: FirstUse::default(),
        };
        let shown = format!("{context:?}");
        assert!(!shown.contains("4242424242424242") && !shown.contains("987"), "{shown}");
    }

    #[test]
    fn timestamps_never_overflow() {
        let now = 1_795_305_600;
        assert_eq!(parse_timestamp("1795305600", now, 300), Ok(now));
        assert_eq!(parse_timestamp(" 1795305900 ", now, 300), Ok(now + 300));
        for bad in ["-9223372036854775808", "9223372036854775807", "1795305901", "x", "", "1e9", "+-1"] {
            assert!(parse_timestamp(bad, now, 300).is_err(), "{bad}");
        }
        assert!(parse_timestamp("-9223372036854775808", i64::MAX, u64::MAX).is_err());
    }

    proptest::proptest! {
        #[test]
        fn any_timestamp_header_is_answered(text in ".{0,40}", now in proptest::num::i64::ANY, window in 0u64..100_000) {
            let _ = parse_timestamp(&text, now, window);
        }

        #[test]
        fn any_number_is_checked_against_the_window(sent in proptest::num::i64::ANY, now in proptest::num::i64::ANY) {
            let accepted = parse_timestamp(&sent.to_string(), now, 300).is_ok();
            let expected = (now as i128 - sent as i128).abs() <= 300;
            proptest::prop_assert_eq!(accepted, expected);
        }
    }

    #[test]
    fn ids_are_read_from_general() {
        let ids = RequestIds::of(&serde_json::json!({"general": {"project_id": "p", "payment_id": 5}}));
        assert_eq!(ids.project_id.as_deref(), Some("p"));
        assert_eq!(ids.payment_id, None);
    }
}
