//! Operations endpoints, start-up on an empty directory, and the OpenAPI document.

use std::io::{BufRead, BufReader};
use std::process::{Command, Stdio};
use std::time::Duration;

use serde_json::Value;

use crate::both_backends;
use crate::helpers::{Backend, spawn_app};

async fn health_metrics_and_openapi(backend: Backend) {
    let app = spawn_app(backend).await;
    let r = app.client.get(app.url("/healthz")).send().await.unwrap();
    assert_eq!(r.status(), 200);
    // A request to count.
    let body = serde_json::json!({"general": {"project_id": app.key.project_id}});
    assert_eq!(app.post_signed("/api/v1/bank/all", &body).await.status(), 200);
    let metrics = app.client.get(app.url("/metrics")).send().await.unwrap().text().await.unwrap();
    assert!(
        metrics.contains(r#"kassa_http_requests_total{method="POST",route="/api/v1/bank/all",status="200"} 1"#),
        "{metrics}"
    );
    assert!(metrics.contains("kassa_http_request_duration_seconds_bucket"), "{metrics}");

    let doc: Value = app.client.get(app.url("/api/v1/openapi.json")).send().await.unwrap().json().await.unwrap();
    let paths = doc["paths"].as_object().unwrap();
    for path in [
        "/api/v1/payment/p2p/payin",
        "/api/v1/payment/p2p/payin/info",
        "/api/v1/payment/p2p/payin/cancel",
        "/api/v1/payment/p2p/payin/confirm",
        "/api/v1/payment/ecom/payin",
        "/api/v1/payment/ecom/payin/info",
        "/api/v1/payment/ecom/payin/confirm-3ds-result",
        "/api/v1/callbacks",
        "/api/v1/callbacks/resend",
        "/api/v1/widget/payin",
        "/api/v1/widget/payin/info",
        "/api/v1/bank/all",
        "/api/v1/payment/p2p/bank/all",
        "/api/v1/payment/p2p/bank/available",
        "/api/v1/payment/p2p/payout",
        "/api/v1/payment/p2p/payout/info",
        "/api/v1/payment/p2p/payout/cancel",
        "/api/v1/balance/info",
    ] {
        let op = &paths.get(path).unwrap_or_else(|| panic!("{path} missing from the OpenAPI document"))["post"];
        assert!(op["requestBody"].is_object(), "{path} has a request schema");
        assert!(
            op["responses"]["200"]["content"]["application/json"]["schema"].is_object(),
            "{path} has a response schema"
        );
        assert!(op["responses"]["401"].is_object(), "{path} documents auth errors");
    }
}

both_backends!(health_metrics_and_openapi);

/// `kassa serve` with no configuration in an empty directory creates and migrates
/// `data/kassa.db`.
#[tokio::test]
async fn serve_creates_the_sqlite_database_in_an_empty_directory() {
    let dir = tempfile::tempdir().unwrap();
    let mut child = Command::new(env!("CARGO_BIN_EXE_kassa"))
        .arg("serve")
        .current_dir(dir.path())
        .env_clear()
        .env("PATH", std::env::var("PATH").unwrap_or_default())
        // Only the port: 3000 may be taken by a running server on this machine.
        .env("KASSA_BIND", "127.0.0.1:0")
        .stderr(Stdio::piped())
        .stdout(Stdio::null())
        .spawn()
        .unwrap();
    let stderr = child.stderr.take().unwrap();
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        for line in BufReader::new(stderr).lines().map_while(Result::ok) {
            if let Some(rest) = line.split("address=").nth(1) {
                let _ = tx.send(rest.split_whitespace().next().unwrap_or("").to_string());
            }
        }
    });
    let address = rx.recv_timeout(Duration::from_secs(60)).expect("the server logs its address");
    let health = reqwest::get(format!("http://{address}/healthz")).await.unwrap();
    assert_eq!(health.status(), 200);
    child.kill().unwrap();
    let _ = child.wait();

    let db = dir.path().join("data/kassa.db");
    assert!(db.exists(), "data/kassa.db was created");
    use sqlx::Connection;
    let mut c = sqlx::SqliteConnection::connect(&format!("sqlite://{}", db.display())).await.unwrap();
    let (migrations,): (i64,) =
        sqlx::query_as("SELECT COUNT(*) FROM _sqlx_migrations WHERE success").fetch_one(&mut c).await.unwrap();
    assert!(migrations >= 1);
    let (banks,): (i64,) = sqlx::query_as("SELECT COUNT(*) FROM banks").fetch_one(&mut c).await.unwrap();
    assert!(banks > 50, "the bank catalogue is seeded");
}
