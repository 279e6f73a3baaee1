//! `kassa backup --to FILE` (issue 30 §4): a copy taken while payments are being written
//! restores into a server that starts, whose ledger verifies, and that answers `info` for every
//! payment created before the backup began; the copy does not open under another master key.

use std::process::Command;
use std::time::Duration;

use serde_json::{Value, json};

use crate::helpers::{Backend, ClientKey, MASTER_KEY, fresh_database, try_post_signed_to};
use crate::processes::{Server, call, create_project, ledger_verify};

fn kassa(args: &[&str], database_url: &str, master_key: &str) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_kassa"))
        .args(args)
        .env("KASSA_DATABASE_URL", database_url)
        .env("KASSA_MASTER_KEY", master_key)
        .env("KASSA_BIND", "127.0.0.1:0")
        .env("KASSA_SANDBOX", "1")
        .output()
        .unwrap()
}

fn card_payin(key: &ClientKey, payment_id: &str) -> Value {
    json!({
        "general": {"project_id": key.project_id, "payment_id": payment_id},
        "payment": {"method": "card-ecom", "amount": 1_000, "currency": "RUB"},
        "card": {"pan": "4242424242424242", "year": 2030, "month": 12, "card_holder": "IVAN PETROV"},
        "customer": {"id": "u1", "ip_address": "203.0.113.7", "country": "RU"}
    })
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_backup_taken_under_traffic_restores() {
    let (url, _db) = fresh_database(Backend::Sqlite).await;
    let url = url.expose().to_string();
    let key = create_project(&url);
    let server = Server::start(&url, &[]);
    let client = reqwest::Client::new();

    // Payments that exist before the backup begins.
    let mut before = Vec::new();
    for i in 0..20 {
        let id = format!("before-{i}");
        call(&client, &server, &key, "/api/v1/payment/ecom/payin", card_payin(&key, &id)).await;
        before.push(id);
    }
    // Writers go on during the backup: payins and payouts (the ledger moves both ways).
    let stop = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false));
    let writers: Vec<_> = (0..3)
        .map(|w| {
            let (client, key, address, stop) = (client.clone(), key.clone(), server.address.clone(), stop.clone());
            tokio::spawn(async move {
                let mut written = 0;
                while !stop.load(std::sync::atomic::Ordering::Relaxed) {
                    let id = format!("during-{w}-{written}");
                    let (path, body) = if written % 3 == 2 {
                        ("/api/v1/payment/p2p/payout", crate::payouts::payout(&key.project_id, &id, 300))
                    } else {
                        ("/api/v1/payment/ecom/payin", card_payin(&key, &id))
                    };
                    let r = try_post_signed_to(&client, &address, &key, path, &body).await.unwrap();
                    assert!(r.status().is_success() || r.status() == 409, "{}", r.status());
                    written += 1;
                }
                written
            })
        })
        .collect();
    tokio::time::sleep(Duration::from_millis(300)).await;
    let dir = tempfile::tempdir().unwrap();
    let copy = dir.path().join("copy.db");
    let to = copy.to_str().unwrap();
    let backup = tokio::task::spawn_blocking({
        let (url, to) = (url.clone(), to.to_string());
        move || kassa(&["backup", "--to", &to], &url, MASTER_KEY)
    })
    .await
    .unwrap();
    assert!(backup.status.success(), "{}", String::from_utf8_lossy(&backup.stderr));
    let report: Value = serde_json::from_slice(&backup.stdout).unwrap();
    assert!(report["bytes"].as_u64().unwrap() > 0, "{report}");
    tokio::time::sleep(Duration::from_millis(300)).await;
    stop.store(true, std::sync::atomic::Ordering::Relaxed);
    let mut during = 0;
    for w in writers {
        during += w.await.unwrap();
    }
    assert!(during > 0, "payments were written while the backup was taken");

    // A backup never overwrites a file.
    let again = kassa(&["backup", "--to", to], &url, MASTER_KEY);
    assert!(!again.status.success() && String::from_utf8_lossy(&again.stderr).contains("exists"));
    drop(server);

    // The copy: its ledger verifies, and a server on it answers for every earlier payment.
    let restored_url = format!("sqlite://{to}");
    let verified = ledger_verify(&restored_url);
    assert!(verified.status.success(), "{}", String::from_utf8_lossy(&verified.stdout));
    assert_eq!(serde_json::from_slice::<Value>(&verified.stdout).unwrap()["mismatches"], json!([]));
    let restored = Server::start(&restored_url, &[]);
    for id in &before {
        let info = call(
            &client,
            &restored,
            &key,
            "/api/v1/payment/ecom/payin/info",
            json!({"general": {"project_id": key.project_id, "payment_id": id}}),
        )
        .await;
        assert_eq!(info["payment_id"], json!(id), "{info}");
    }
    drop(restored);

    // Without its master key the copy's secrets do not open: the server refuses to start
    // rather than serve with keys it cannot read.
    let other_key = String::from_utf8(kassa(&["master-key", "new"], &restored_url, MASTER_KEY).stdout).unwrap();
    let refused = kassa(&["serve"], &restored_url, other_key.trim());
    assert!(!refused.status.success());
    assert!(
        String::from_utf8_lossy(&refused.stderr).contains("master key"),
        "{}",
        String::from_utf8_lossy(&refused.stderr)
    );
}

/// On PostgreSQL the command points at the database's own tools instead of copying anything.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_postgres_backup_points_at_pg_dump() {
    let (url, _db) = fresh_database(Backend::Postgres).await;
    let dir = tempfile::tempdir().unwrap();
    let to = dir.path().join("copy.db");
    let out = kassa(&["backup", "--to", to.to_str().unwrap()], url.expose(), MASTER_KEY);
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("pg_dump"), "{}", String::from_utf8_lossy(&out.stderr));
    assert!(!to.exists());
}
