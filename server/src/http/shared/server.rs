//! Serving HTTP with limits, so that a slow or greedy client runs out of patience before the
//! server runs out of file descriptors or memory: a deadline for each request's headers (idle
//! keep-alive connections included) and for each piece of its body, a deadline for the whole
//! request, and bounded numbers of connections and of requests in flight. Over a bound, the
//! answer is an immediate 503 with `retry-after`, never a queue.

use std::convert::Infallible;
use std::future::Future;
use std::net::SocketAddr;
use std::pin::Pin;
use std::sync::Arc;
use std::time::Duration;

use axum::Router;
use axum::extract::ConnectInfo;
use axum::http::{HeaderValue, Request, header};
use axum::response::{IntoResponse, Response};
use hyper_util::rt::{TokioIo, TokioTimer};
use hyper_util::service::TowerToHyperService;
use tokio::io::AsyncWriteExt;
use tokio::net::TcpListener;
use tokio::sync::Semaphore;
use tower::{BoxError, ServiceBuilder, ServiceExt};

use super::error::ApiError;
use crate::config::Limits;

/// What a request past a limit gets: the documented 503 body.
async fn overloaded(error: BoxError) -> Response {
    if error.is::<tower::timeout::error::Elapsed>() {
        tracing::warn!("request timed out");
    }
    let mut response = ApiError::Unavailable.into_response();
    response.headers_mut().insert(header::RETRY_AFTER, HeaderValue::from_static("1"));
    response
}

/// A connection over the limit: answered at once and closed, holding no slot.
async fn refuse(mut stream: tokio::net::TcpStream) {
    const BUSY: &[u8] = b"HTTP/1.1 503 Service Unavailable\r\nretry-after: 1\r\ncontent-type: application/json\r\n\
connection: close\r\ncontent-length: 94\r\n\r\n\
{\"status\":\"error\",\"sub_status\":null,\"status_description\":\"Service unavailable\",\"errors\":[]}";
    let _ = tokio::time::timeout(Duration::from_secs(1), async {
        let _ = stream.write_all(BUSY).await;
        let _ = stream.shutdown().await;
    })
    .await;
}

/// Serves `router` on `listener` within `limits` until `shutdown` completes, then lets the
/// connections finish what they are doing (at most `grace`).
pub async fn serve(
    listener: TcpListener,
    router: Router,
    limits: Limits,
    shutdown: impl std::future::Future<Output = ()>,
    grace: Duration,
) -> std::io::Result<()> {
    let app = ServiceBuilder::new()
        .layer(axum::error_handling::HandleErrorLayer::new(overloaded))
        .load_shed()
        .layer(tower::limit::GlobalConcurrencyLimitLayer::new(limits.max_in_flight))
        .timeout(limits.request_timeout)
        .layer(tower_http::timeout::RequestBodyTimeoutLayer::new(limits.body_read_timeout))
        .service(router);
    let connections = Arc::new(Semaphore::new(limits.max_connections));
    let (stop, stopping) = tokio::sync::watch::channel(false);
    let mut builder = hyper::server::conn::http1::Builder::new();
    builder.timer(TokioTimer::new()).header_read_timeout(limits.header_read_timeout).keep_alive(true);
    tokio::pin!(shutdown);
    loop {
        let (stream, peer) = tokio::select! {
            accepted = listener.accept() => match accepted {
                Ok(accepted) => accepted,
                Err(e) => {
                    // Out of descriptors or a reset before accept: wait a little, never spin.
                    tracing::warn!(error = %e, "accept failed");
                    tokio::time::sleep(Duration::from_millis(20)).await;
                    continue;
                }
            },
            _ = &mut shutdown => break,
        };
        let Ok(slot) = connections.clone().try_acquire_owned() else {
            tokio::spawn(refuse(stream));
            continue;
        };
        let _ = stream.set_nodelay(true);
        let app = app.clone();
        let trusted = limits.trusted_proxies.clone();
        let service = tower::service_fn(move |mut request: Request<hyper::body::Incoming>| {
            request.extensions_mut().insert(ConnectInfo::<SocketAddr>(peer));
            // Read once here: every brake and the audit see the same client.
            let client = super::client::client_ip(peer.ip(), request.headers(), &trusted);
            request.extensions_mut().insert(super::client::ClientIp(client));
            let app = app.clone();
            // Boxed as `Send`: the request's future type is then plain for the spawned task.
            let answer: Pin<Box<dyn Future<Output = Result<Response, Infallible>> + Send>> = Box::pin(async move {
                let response = match app.oneshot(request.map(axum::body::Body::new)).await {
                    Ok(response) => response,
                    Err(never) => match never {},
                };
                Ok::<_, Infallible>(response)
            });
            answer
        });
        let connection = builder.serve_connection(TokioIo::new(stream), TowerToHyperService::new(service));
        let mut stopping = stopping.clone();
        tokio::spawn(async move {
            let mut connection = std::pin::pin!(connection);
            let result = tokio::select! {
                result = connection.as_mut() => result,
                _ = stopping.changed() => {
                    // Finish the request in progress, then close.
                    connection.as_mut().graceful_shutdown();
                    connection.await
                }
            };
            if let Err(e) = result {
                tracing::debug!(error = %e, "connection ended with an error");
            }
            drop(slot);
        });
    }
    drop(listener);
    let _ = stop.send(true);
    // Every connection gives its slot back when it ends.
    let all = u32::try_from(limits.max_connections).unwrap_or(u32::MAX);
    if tokio::time::timeout(grace, connections.acquire_many(all)).await.is_err() {
        tracing::warn!("connections still open at shutdown were closed");
    }
    Ok(())
}
