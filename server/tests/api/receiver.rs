//! A real HTTP receiver for callbacks, started by the tests.

use std::sync::{Arc, Mutex};
use std::time::Duration;

use axum::Router;
use axum::body::Bytes;
use axum::extract::State;
use axum::http::{HeaderMap, StatusCode, Uri};

#[derive(Clone, Debug)]
pub struct Received {
    pub path: String,
    pub headers: HeaderMap,
    pub body: Bytes,
    /// When it arrived.
    pub at: std::time::Instant,
}

impl Received {
    pub fn header(&self, name: &str) -> &str {
        self.headers.get(name).and_then(|v| v.to_str().ok()).unwrap_or("")
    }

    pub fn json(&self) -> serde_json::Value {
        serde_json::from_slice(&self.body).unwrap()
    }

    pub fn status(&self) -> String {
        let b = self.json();
        match b["status"]["sub_status"].as_str() {
            Some(sub) => format!("{}:{sub}", b["status"]["status"].as_str().unwrap()),
            None => b["status"]["status"].as_str().unwrap().to_string(),
        }
    }
}

/// How the receiver answers.
#[derive(Clone, Debug, Default)]
pub struct Behaviour {
    /// Answer 500 to this many requests first.
    pub fail_first: usize,
    /// Wait this long before answering.
    pub delay: Duration,
    /// Wait this long before answering the first `slow_first` requests only.
    pub slow_first: usize,
    pub slow_delay: Duration,
    /// Paths that always answer 500.
    pub always_fail_paths: Vec<String>,
    /// The body of every answer (none when empty).
    pub answer: &'static [u8],
}

#[derive(Default)]
struct Inner {
    received: Vec<Received>,
    behaviour: Behaviour,
    answered: usize,
}

#[derive(Clone)]
pub struct Receiver {
    pub url: String,
    inner: Arc<Mutex<Inner>>,
}

async fn handle(
    State(inner): State<Arc<Mutex<Inner>>>,
    uri: Uri,
    headers: HeaderMap,
    body: Bytes,
) -> (StatusCode, &'static [u8]) {
    let (n, behaviour) = {
        let mut i = inner.lock().unwrap();
        i.received.push(Received { path: uri.to_string(), headers, body, at: std::time::Instant::now() });
        i.answered += 1;
        (i.answered, i.behaviour.clone())
    };
    let delay = if n <= behaviour.slow_first { behaviour.slow_delay } else { behaviour.delay };
    if !delay.is_zero() {
        tokio::time::sleep(delay).await;
    }
    if n <= behaviour.fail_first || behaviour.always_fail_paths.iter().any(|p| p == uri.path()) {
        (StatusCode::INTERNAL_SERVER_ERROR, behaviour.answer)
    } else {
        (StatusCode::OK, behaviour.answer)
    }
}

impl Receiver {
    pub async fn start(behaviour: Behaviour) -> Receiver {
        let inner = Arc::new(Mutex::new(Inner { behaviour, ..Default::default() }));
        let app = Router::new().fallback(handle).with_state(inner.clone());
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let url = format!("http://{}", listener.local_addr().unwrap());
        tokio::spawn(async move {
            let _ = axum::serve(listener, app).await;
        });
        Receiver { url, inner }
    }

    pub fn received(&self) -> Vec<Received> {
        self.inner.lock().unwrap().received.clone()
    }

    /// Waits until `cond` holds over what arrived (or panics after `secs`).
    pub async fn wait_until(&self, secs: u64, cond: impl Fn(&[Received]) -> bool) -> Vec<Received> {
        let deadline = std::time::Instant::now() + Duration::from_secs(secs);
        loop {
            let got = self.received();
            if cond(&got) {
                return got;
            }
            assert!(
                std::time::Instant::now() < deadline,
                "callbacks not received in time: {:?}",
                got.iter().map(|r| (r.path.clone(), r.status())).collect::<Vec<_>>()
            );
            tokio::time::sleep(Duration::from_millis(25)).await;
        }
    }
}
