//! The integration check of the merchant console: one signed test callback to a URL of the
//! merchant's choice, through the same signer, SSRF guard and HTTP client settings as real
//! callbacks, reporting exactly what was sent and what came back.

use std::sync::Arc;
use std::time::{Duration, Instant};

use super::{dispatcher, guard, signer};
use crate::crypto::keys::{CallbackSigner, StoredCallbackKey};
use crate::crypto::normalize;
use crate::domain::outbox::{CallbackProbe, ProbeReport};

/// The integration check as the domain's [`CallbackProbe`]: private addresses as the
/// dispatcher allows them, a short timeout of its own.
pub struct Prober {
    pub allow_private: bool,
    pub timeout: Duration,
}

/// The longest an integration check waits: a person in the console waits for the answer,
/// whatever the callbacks' own timeout.
pub const PROBE_TIMEOUT_CAP: Duration = Duration::from_secs(5);

impl Prober {
    /// A prober with the callbacks' timeout, capped at [`PROBE_TIMEOUT_CAP`].
    pub fn new(allow_private: bool, callback_timeout: Duration) -> Self {
        Prober { allow_private, timeout: callback_timeout.min(PROBE_TIMEOUT_CAP) }
    }
}

#[async_trait::async_trait]
impl CallbackProbe for Prober {
    async fn probe(
        &self,
        key: &StoredCallbackKey,
        merchant_id: &str,
        project_id: &str,
        url: &str,
        now_ms: i64,
    ) -> ProbeReport {
        probe(key, merchant_id, project_id, url, self.allow_private, self.timeout, now_ms).await
    }
}

/// A callback body of the real shape, for a payment that does not exist.
pub fn test_body(project_id: &str, now_ms: i64) -> String {
    serde_json::json!({
        "general": {
            "project_id": project_id,
            "payment_id": "kassa-integration-check",
            "request_id": format!("test-{now_ms}"),
        },
        "status": {"status": "success", "sub_status": null, "status_description": "Integration check: not a real payment"},
        "payment_info": {"type": "payin", "amount": 100, "currency": "RUB"},
        "test": true,
    })
    .to_string()
}

/// Sends one signed test callback to `url`.
pub async fn probe(
    key: &StoredCallbackKey,
    merchant_id: &str,
    project_id: &str,
    url: &str,
    allow_private: bool,
    timeout: Duration,
    now_ms: i64,
) -> ProbeReport {
    let body = test_body(project_id, now_ms);
    let value: serde_json::Value = serde_json::from_str(&body).expect("the test body is JSON");
    let timestamp = (now_ms / 1000).to_string();
    let normalized = normalize::normalize(&value);
    let signed_message = normalize::message_of_normalized(&normalized, &timestamp);
    let mut report = ProbeReport {
        url: url.to_string(),
        headers: Vec::new(),
        body: body.clone(),
        normalized,
        signed_message,
        algorithm: key.key_type.algorithm_header().to_string(),
        http_status: None,
        error: None,
        latency_ms: 0,
        response_excerpt: None,
    };
    let target = match guard::check_url(url, allow_private) {
        Ok(u) => u,
        Err(guard::Refused::PrivateAddress) => {
            report.error = Some(dispatcher::NO_PUBLIC_ADDRESS.to_string());
            return report;
        }
        Err(e) => {
            report.error = Some(e.to_string());
            return report;
        }
    };
    let signer = match CallbackSigner::from_stored(key) {
        Ok(s) => s,
        Err(_) => {
            report.error = Some("the project's callback key cannot sign".into());
            return report;
        }
    };
    let headers = signer::headers(&signer, merchant_id, &body, &format!("test-{now_ms}"), now_ms / 1000);
    report.headers = headers.iter().map(|(k, v)| (k.to_string(), v.clone())).collect();
    let client = reqwest::Client::builder()
        .timeout(timeout)
        .redirect(reqwest::redirect::Policy::none())
        .no_proxy()
        .dns_resolver(Arc::new(guard::GuardedResolver { allow_private }))
        .user_agent(concat!("Kassa-Callbacks/", env!("CARGO_PKG_VERSION")))
        .build()
        .expect("HTTP client builds");
    let mut request = client.post(target).body(body);
    for (name, value) in headers {
        request = request.header(name, value);
    }
    let started = Instant::now();
    match request.send().await {
        Ok(mut response) => {
            report.http_status = Some(response.status().as_u16());
            let mut excerpt = Vec::new();
            while excerpt.len() < 512 {
                match response.chunk().await {
                    Ok(Some(chunk)) => excerpt.extend_from_slice(&chunk),
                    _ => break,
                }
            }
            excerpt.truncate(512);
            report.response_excerpt = (!excerpt.is_empty()).then(|| String::from_utf8_lossy(&excerpt).into_owned());
        }
        Err(e) => report.error = Some(dispatcher::describe_error(e)),
    }
    report.latency_ms = started.elapsed().as_millis();
    report
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_check_waits_at_most_five_seconds_and_never_longer_than_callbacks() {
        assert_eq!(Prober::new(false, Duration::from_secs(10)).timeout, PROBE_TIMEOUT_CAP);
        assert_eq!(Prober::new(false, Duration::from_secs(2)).timeout, Duration::from_secs(2));
    }
}
