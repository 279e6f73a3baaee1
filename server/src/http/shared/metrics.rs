//! Prometheus metrics: request counts and latencies per route and status.

use std::future::Future;
use std::pin::Pin;
use std::sync::Arc;
use std::task::{Context, Poll};
use std::time::Instant;

use axum::extract::{MatchedPath, Request};
use axum::response::Response;
use prometheus_client::encoding::{EncodeLabelSet, EncodeLabelValue, LabelValueEncoder};
use prometheus_client::metrics::counter::Counter;
use prometheus_client::metrics::family::Family;
use prometheus_client::metrics::histogram::Histogram;
use prometheus_client::registry::Registry;

#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
struct RequestLabels {
    method: &'static str,
    // Every label is from a bounded set: the method (or `other`), the route template (or
    // `unmatched`), and the status code.
    route: Route,
    status: u16,
}

/// The route template a request matched (shared with the router, not copied per request).
#[derive(Clone, Debug)]
struct Route(Option<MatchedPath>);

impl Route {
    fn as_str(&self) -> &str {
        self.0.as_ref().map_or("unmatched", MatchedPath::as_str)
    }
}

impl PartialEq for Route {
    fn eq(&self, other: &Self) -> bool {
        self.as_str() == other.as_str()
    }
}

impl Eq for Route {}

impl std::hash::Hash for Route {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.as_str().hash(state);
    }
}

impl EncodeLabelValue for Route {
    fn encode(&self, encoder: &mut LabelValueEncoder) -> Result<(), std::fmt::Error> {
        self.as_str().encode(encoder)
    }
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

/// The layer recording every request under its route template (not its concrete path, so a
/// page token never becomes a label). A plain tower layer rather than `from_fn`: it runs on
/// every request, and `from_fn` boxes the inner service and the future each time.
#[derive(Clone)]
pub struct RecordLayer(pub Arc<Metrics>);

impl<S> tower::Layer<S> for RecordLayer {
    type Service = Record<S>;

    fn layer(&self, inner: S) -> Record<S> {
        Record { metrics: self.0.clone(), inner }
    }
}

#[derive(Clone)]
pub struct Record<S> {
    metrics: Arc<Metrics>,
    inner: S,
}

impl<S> tower::Service<Request> for Record<S>
where
    S: tower::Service<Request, Response = Response>,
{
    type Response = Response;
    type Error = S::Error;
    type Future = Recorded<S::Future>;

    fn poll_ready(&mut self, cx: &mut Context<'_>) -> Poll<Result<(), S::Error>> {
        self.inner.poll_ready(cx)
    }

    fn call(&mut self, request: Request) -> Self::Future {
        let route = Route(request.extensions().get::<MatchedPath>().cloned());
        let method = method_label(request.method());
        Recorded {
            inner: self.inner.call(request),
            done: Some((self.metrics.clone(), method, route)),
            started: Instant::now(),
        }
    }
}

pin_project_lite::pin_project! {
    /// A request's answer, recorded when it is ready.
    pub struct Recorded<F> {
        #[pin]
        inner: F,
        done: Option<(Arc<Metrics>, &'static str, Route)>,
        started: Instant,
    }
}

impl<F, E> Future for Recorded<F>
where
    F: Future<Output = Result<Response, E>>,
{
    type Output = F::Output;

    fn poll(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<F::Output> {
        let this = self.project();
        let answer = std::task::ready!(this.inner.poll(cx));
        if let (Ok(response), Some((metrics, method, route))) = (&answer, this.done.take()) {
            let labels = RequestLabels { method, route, status: response.status().as_u16() };
            metrics.requests.get_or_create(&labels).inc();
            metrics.latency.get_or_create(&labels).observe(this.started.elapsed().as_secs_f64());
        }
        Poll::Ready(answer)
    }
}
