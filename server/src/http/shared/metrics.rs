//! Prometheus metrics: request counts and latencies per route and status.

use std::sync::Arc;
use std::time::Instant;

use axum::extract::{MatchedPath, Request, State};
use axum::middleware::Next;
use axum::response::Response;
use prometheus_client::encoding::EncodeLabelSet;
use prometheus_client::metrics::counter::Counter;
use prometheus_client::metrics::family::Family;
use prometheus_client::metrics::histogram::Histogram;
use prometheus_client::registry::Registry;

#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
struct RequestLabels {
    method: String,
    // Every label is from a bounded set: the method (or `other`), the route template (or
    // `unmatched`), and the status code.
    route: String,
    status: u16,
}

pub struct Metrics {
    registry: Registry,
    requests: Family<RequestLabels, Counter>,
    latency: Family<RequestLabels, Histogram>,
    /// Request keys looked up in the database by the authentication (misses of its cache).
    pub key_lookups: Counter,
}

impl Default for Metrics {
    fn default() -> Self {
        let mut registry = Registry::with_prefix("kassa");
        let requests = Family::<RequestLabels, Counter>::default();
        let latency = Family::<RequestLabels, Histogram>::new_with_constructor(|| {
            Histogram::new([0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 10.0])
        });
        registry.register("http_requests", "HTTP requests by route and status", requests.clone());
        registry.register("http_request_duration_seconds", "HTTP request latency by route and status", latency.clone());
        let key_lookups = Counter::default();
        registry.register("auth_key_lookups", "Request keys looked up in the database", key_lookups.clone());
        Metrics { registry, requests, latency, key_lookups }
    }
}

impl Metrics {
    pub fn render(&self) -> String {
        let mut out = String::new();
        prometheus_client::encoding::text::encode(&mut out, &self.registry).expect("writing to a String cannot fail");
        out
    }
}

/// The method as a label: the standard ones by name, anything else as `other`, so a client
/// cannot create label sets (and memory) with invented methods.
fn method_label(method: &axum::http::Method) -> &'static str {
    use axum::http::Method;
    match *method {
        Method::GET => "GET",
        Method::POST => "POST",
        Method::PUT => "PUT",
        Method::DELETE => "DELETE",
        Method::HEAD => "HEAD",
        Method::OPTIONS => "OPTIONS",
        Method::PATCH => "PATCH",
        Method::CONNECT => "CONNECT",
        Method::TRACE => "TRACE",
        _ => "other",
    }
}

/// Middleware recording every request under its route template (not its concrete path, so a
/// page token never becomes a label).
pub async fn record(State(metrics): State<Arc<Metrics>>, request: Request, next: Next) -> Response {
    let route =
        request.extensions().get::<MatchedPath>().map(|p| p.as_str().to_string()).unwrap_or_else(|| "unmatched".into());
    let method = method_label(request.method()).to_string();
    let started = Instant::now();
    let response = next.run(request).await;
    let labels = RequestLabels { method, route, status: response.status().as_u16() };
    metrics.requests.get_or_create(&labels).inc();
    metrics.latency.get_or_create(&labels).observe(started.elapsed().as_secs_f64());
    response
}
