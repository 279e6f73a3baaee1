//! `kassa` as separate processes: a SIGKILL in the middle of deliveries loses no callback, and
//! two processes on one PostgreSQL database never make the same attempt twice.

use std::collections::HashMap;
use std::io::{BufRead, BufReader};
use std::process::{Child, Command, Stdio};
use std::time::Duration;

use serde_json::{Value, json};

use crate::helpers::{Backend, ClientKey, OPERATOR_TOKEN, fresh_database, post_signed_to, ru_card_payin};
use crate::receiver::{Behaviour, Receiver};

/// A `kassa serve` child process.
pub(crate) struct Server {
    child: Child,
    pub(crate) address: String,
    /// Everything the process wrote to its log.
    logs: std::sync::Arc<std::sync::Mutex<String>>,
}

impl Server {
    pub(crate) fn start(database_url: &str, env: &[(&str, &str)]) -> Server {
        let mut cmd = Command::new(env!("CARGO_BIN_EXE_kassa"));
        cmd.arg("serve")
            .env("KASSA_DATABASE_URL", database_url)
            .env("KASSA_BIND", "127.0.0.1:0")
            .env("KASSA_OPERATOR_TOKEN", OPERATOR_TOKEN)
            .env("KASSA_ALLOW_PRIVATE_CALLBACKS", "1")
            .env("KASSA_SANDBOX", "1")
            .env("KASSA_RATE_LIMIT_RPS", "100000")
            .env("KASSA_RATE_LIMIT_BURST", "100000")
            .env("KASSA_ADDRESS_RATE_LIMIT_RPS", "100000")
            .env("KASSA_ADDRESS_RATE_LIMIT_BURST", "100000")
            .env("KASSA_MASTER_KEY", crate::helpers::MASTER_KEY)
            .stdout(Stdio::null())
            .stderr(Stdio::piped());
        for (k, v) in env {
            cmd.env(k, v);
        }
        let mut child = cmd.spawn().unwrap();
        let stderr = child.stderr.take().unwrap();
        let (tx, rx) = std::sync::mpsc::channel();
        let logs = std::sync::Arc::new(std::sync::Mutex::new(String::new()));
        let sink = logs.clone();
        std::thread::spawn(move || {
            for line in BufReader::new(stderr).lines().map_while(Result::ok) {
                let mut all = sink.lock().unwrap();
                all.push_str(&line);
                all.push('\n');
                drop(all);
                if let Some(rest) = line.split("address=").nth(1) {
                    let _ = tx.send(rest.split_whitespace().next().unwrap_or("").to_string());
                }
                if std::env::var("KASSA_TEST_LOG").is_ok() {
                    eprintln!("[child] {line}");
                }
            }
        });
        let address = rx.recv_timeout(Duration::from_secs(60)).expect("kassa serve starts");
        Server { child, address: format!("http://{address}"), logs }
    }

    /// SIGKILL: no shutdown, no cleanup.
    pub(crate) fn kill(mut self) {
        self.child.kill().unwrap();
        self.child.wait().unwrap();
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

pub(crate) fn create_project(database_url: &str) -> ClientKey {
    let out = Command::new(env!("CARGO_BIN_EXE_kassa"))
        .args(["project", "create", "--merchant", "Proc Shop", "--name", "Main"])
        .env("KASSA_DATABASE_URL", database_url)
        .env("KASSA_MASTER_KEY", crate::helpers::MASTER_KEY)
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let created: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(created["project_id"].as_str().unwrap().len(), 32);
    assert!(created["callback_key"]["public_key_pem"].as_str().unwrap().contains("BEGIN PUBLIC KEY"));
    ClientKey::from_json(&created)
}

pub(crate) async fn call(client: &reqwest::Client, server: &Server, key: &ClientKey, path: &str, body: Value) -> Value {
    let r = post_signed_to(client, &server.address, key, path, &body).await;
    assert_eq!(r.status(), 200);
    r.json().await.unwrap()
}

fn general(key: &ClientKey, id: &str) -> Value {
    json!({"general": {"project_id": key.project_id, "payment_id": id}})
}

/// Kassa's own view: every callback of these payments delivered.
async fn wait_all_delivered(
    client: &reqwest::Client,
    server: &Server,
    key: &ClientKey,
    ids: &[String],
    secs: u64,
) -> Vec<Vec<Value>> {
    let deadline = std::time::Instant::now() + Duration::from_secs(secs);
    loop {
        let mut logs = Vec::new();
        for id in ids {
            let log = call(client, server, key, "/api/v1/callbacks", general(key, id)).await;
            logs.push(log.as_array().unwrap().clone());
        }
        if logs.iter().all(|l| !l.is_empty() && l.iter().all(|c| c["state"] == "delivered")) {
            return logs;
        }
        assert!(std::time::Instant::now() < deadline, "not all delivered: {logs:?}");
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
}

async fn a_killed_server_loses_no_callback(backend: Backend) {
    let (url, _db) = fresh_database(backend).await;
    let url = url.expose().to_string();
    let key = create_project(&url);
    let receiver =
        Receiver::start(Behaviour { fail_first: 4, delay: Duration::from_millis(1500), ..Default::default() }).await;
    let env = [("KASSA_CALLBACK_RETRY_S", "1"), ("KASSA_CALLBACK_TIMEOUT_MS", "3000")];
    let first = Server::start(&url, &env);
    let client = reqwest::Client::new();
    let mut ids = Vec::new();
    for i in 0..20 {
        let id = format!("crash-{i}");
        let mut body = ru_card_payin(&key.project_id, &id, 100 + i);
        body["general"]["merchant_decline_callback_url"] = json!(format!("{}/decline", receiver.url));
        call(&client, &first, &key, "/api/v1/payment/p2p/payin", body).await;
        call(&client, &first, &key, "/api/v1/payment/p2p/payin/cancel", general(&key, &id)).await;
        ids.push(id);
    }
    // Attempts are in flight (the receiver holds them) and others wait for their retry.
    receiver.wait_until(20, |r| r.len() >= 10).await;
    first.kill();
    let before = receiver.received().len();
    assert!(before < 40, "killed mid-delivery");

    let second = Server::start(&url, &env);
    let logs = wait_all_delivered(&client, &second, &key, &ids, 90).await;
    assert_eq!(logs.len(), 20);
    let got = receiver.received();
    for id in &ids {
        let key_of = format!("{}:{id}:decline:", key.project_id);
        assert!(got.iter().any(|r| r.header("x-idempotency-key") == key_of), "{id} was delivered at least once");
    }
}

async fn a_killed_server_loses_no_callback_sqlite() {
    a_killed_server_loses_no_callback(Backend::Sqlite).await
}

async fn a_killed_server_loses_no_callback_postgres() {
    a_killed_server_loses_no_callback(Backend::Postgres).await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sigkill_during_delivery_sqlite() {
    a_killed_server_loses_no_callback_sqlite().await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sigkill_during_delivery_postgres() {
    a_killed_server_loses_no_callback_postgres().await
}

/// A card authorization cut off by a crash (the card lived only in the killed process's memory)
/// does not leave its payment waiting out its lifetime: the next process declines it once the
/// authorization time has passed, with a clear reason and its callback (issue 9 defect).
async fn a_card_authorization_cut_off_by_a_crash_is_declined(backend: Backend) {
    let (url, _db) = fresh_database(backend).await;
    let url = url.expose().to_string();
    let key = create_project(&url);
    let receiver = Receiver::start(Behaviour::default()).await;
    let env = [("KASSA_CARD_AUTH_TIMEOUT_S", "3"), ("KASSA_CALLBACK_RETRY_S", "1")];
    let first = Server::start(&url, &env);
    let client = reqwest::Client::new();
    let body = json!({
        "general": {"project_id": key.project_id, "payment_id": "cut-off",
                    "merchant_decline_callback_url": format!("{}/decline", receiver.url)},
        "payment": {"method": "card-ecom", "amount": 50000, "currency": "RUB"},
        "card": {"pan": "4000000000000077", "year": 2030, "month": 12, "card_holder": "IVAN PETROV", "cvv": "123"},
        "customer": {"id": "u1", "ip_address": "203.0.113.7", "country": "RU"}
    });
    let created = call(&client, &first, &key, "/api/v1/payment/ecom/payin", body).await;
    assert_eq!(created["status"], "processing");
    assert_eq!(created["sub_status"], "new");
    // The acquirer holds the authorization; the process dies with the card in its memory.
    first.kill();

    let second = Server::start(&url, &env);
    let deadline = std::time::Instant::now() + Duration::from_secs(30);
    let info = loop {
        let info = call(&client, &second, &key, "/api/v1/payment/ecom/payin/info", general(&key, "cut-off")).await;
        if info["status"] == "decline" {
            break info;
        }
        assert!(std::time::Instant::now() < deadline, "still {info}");
        tokio::time::sleep(Duration::from_millis(200)).await;
    };
    assert_eq!(info["status_description"], "Card authorization not completed");
    let got = receiver.wait_until(20, |r| !r.is_empty()).await;
    assert_eq!(got[0].json()["status"]["status_description"], "Card authorization not completed");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn card_authorization_cut_off_by_sigkill_sqlite() {
    a_card_authorization_cut_off_by_a_crash_is_declined(Backend::Sqlite).await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn card_authorization_cut_off_by_sigkill_postgres() {
    a_card_authorization_cut_off_by_a_crash_is_declined(Backend::Postgres).await
}

pub(crate) fn ledger_verify(database_url: &str) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_kassa"))
        .args(["ledger", "verify"])
        .env("KASSA_DATABASE_URL", database_url)
        .env("KASSA_MASTER_KEY", crate::helpers::MASTER_KEY)
        .output()
        .unwrap()
}

/// A SIGKILL while payin credits and payouts are being written loses or invents no money: after
/// a restart every balance is what its ledger entries add up to (`kassa ledger verify`).
async fn a_killed_server_leaves_the_ledger_whole(backend: Backend) {
    let (url, _db) = fresh_database(backend).await;
    let url = url.expose().to_string();
    let key = create_project(&url);
    let first = Server::start(&url, &[]);
    let client = reqwest::Client::new();
    let address = first.address.clone();
    let writers = (0..4).map(|w| {
        let (client, key, address) = (client.clone(), key.clone(), address.clone());
        tokio::spawn(async move {
            for i in 0.. {
                let id = format!("w{w}-{i}");
                let body = if i % 2 == 0 {
                    json!({
                        "general": {"project_id": key.project_id, "payment_id": id},
                        "payment": {"method": "card-ecom", "amount": 1_000, "currency": "RUB"},
                        "card": {"pan": "4242424242424242", "year": 2030, "month": 12, "card_holder": "IVAN PETROV"},
                        "customer": {"id": "u1", "ip_address": "203.0.113.7", "country": "RU"}
                    })
                } else {
                    crate::payouts::payout(&key.project_id, &id, 300)
                };
                let path = if i % 2 == 0 { "/api/v1/payment/ecom/payin" } else { "/api/v1/payment/p2p/payout" };
                let answer = crate::helpers::try_post_signed_to(&client, &address, &key, path, &body).await;
                if let Ok(r) = answer {
                    let v: Value = r.json().await.unwrap_or_default();
                    if let Some(rid) = v["request_id"].as_str().filter(|_| i % 4 == 1) {
                        let op = |p: &str, b: Value| {
                            client.post(format!("{address}{p}")).bearer_auth(OPERATOR_TOKEN).json(&b).send()
                        };
                        let _ = op("/api/v1/operator/payouts/execute", json!({"request_id": rid})).await;
                        let outcome = if i % 8 == 1 { "success" } else { "failed" };
                        let _ =
                            op("/api/v1/operator/payouts/result", json!({"request_id": rid, "outcome": outcome})).await;
                    }
                } else {
                    return;
                }
            }
        })
    });
    let writers: Vec<_> = writers.collect();
    tokio::time::sleep(Duration::from_millis(1500)).await;
    first.kill();
    for w in writers {
        let _ = w.await;
    }
    let second = Server::start(&url, &[]);
    // Card payments cut off by the kill end by their deadline; the money they did not move
    // stays unmoved.
    tokio::time::sleep(Duration::from_millis(300)).await;
    let verified = ledger_verify(&url);
    assert!(verified.status.success(), "{}", String::from_utf8_lossy(&verified.stdout));
    let report: Value = serde_json::from_slice(&verified.stdout).unwrap();
    assert_eq!(report["mismatches"], json!([]));
    let balance =
        call(&client, &second, &key, "/api/v1/balance/info", json!({"general": {"project_id": key.project_id}})).await;
    let rub =
        balance["balance"].as_array().unwrap().iter().find(|b| b["currency"] == "RUB").cloned().unwrap_or_default();
    assert!(rub["amount"].as_i64().unwrap_or(0) >= 0 && rub["locked_amount"].as_i64().unwrap_or(0) >= 0, "{balance}");
    // The check does find a balance that its entries do not explain.
    crate::helpers::execute_sql_on(
        &url,
        &format!("UPDATE balances SET amount = amount + 1 WHERE project_id = '{}'", key.project_id),
    )
    .await;
    let verified = ledger_verify(&url);
    assert!(!verified.status.success(), "a tampered balance is reported");
    let report: Value = serde_json::from_slice(&verified.stdout).unwrap();
    assert_eq!(report["mismatches"].as_array().unwrap().len(), 1, "{report}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sigkill_during_payouts_leaves_the_ledger_whole_sqlite() {
    a_killed_server_leaves_the_ledger_whole(Backend::Sqlite).await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sigkill_during_payouts_leaves_the_ledger_whole_postgres() {
    a_killed_server_leaves_the_ledger_whole(Backend::Postgres).await
}

/// Security item 15: callbacks never go through a proxy named by the environment (it would
/// resolve the merchant's host around the guarded resolver).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn callbacks_ignore_proxies_from_the_environment() {
    let (url, _db) = fresh_database(Backend::Sqlite).await;
    let url = url.expose().to_string();
    let key = create_project(&url);
    let proxy = Receiver::start(Behaviour::default()).await;
    let merchant = Receiver::start(Behaviour::default()).await;
    let env = [
        ("HTTP_PROXY", proxy.url.as_str()),
        ("HTTPS_PROXY", proxy.url.as_str()),
        ("ALL_PROXY", proxy.url.as_str()),
        ("http_proxy", proxy.url.as_str()),
    ];
    let server = Server::start(&url, &env);
    let client = reqwest::Client::new();
    let mut body = ru_card_payin(&key.project_id, "proxied", 100);
    body["general"]["merchant_decline_callback_url"] = json!(format!("{}/decline", merchant.url));
    call(&client, &server, &key, "/api/v1/payment/p2p/payin", body).await;
    call(&client, &server, &key, "/api/v1/payment/p2p/payin/cancel", general(&key, "proxied")).await;
    merchant.wait_until(10, |r| !r.is_empty()).await;
    assert!(
        proxy.received().is_empty(),
        "the proxy saw: {:?}",
        proxy.received().iter().map(|r| &r.path).collect::<Vec<_>>()
    );
}

/// Two processes on one PostgreSQL database share the callbacks and the deadlines without
/// doing anything twice.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_processes_on_one_postgres_database_never_do_work_twice() {
    let (url, _db) = fresh_database(Backend::Postgres).await;
    let url = url.expose().to_string();
    let key = create_project(&url);
    let receiver = Receiver::start(Behaviour { delay: Duration::from_millis(20), ..Default::default() }).await;
    let env = [("KASSA_CALLBACK_RETRY_S", "1"), ("KASSA_REQUISITES_SEARCH_S", "2")];
    let servers = [Server::start(&url, &env), Server::start(&url, &env)];
    let client = reqwest::Client::new();
    let mut cancelled = Vec::new();
    let mut expiring = Vec::new();
    for i in 0..60 {
        let id = format!("two-{i}");
        let mut body = ru_card_payin(&key.project_id, &id, 100 + i);
        body["general"]["merchant_decline_callback_url"] = json!(format!("{}/decline", receiver.url));
        call(&client, &servers[(i % 2) as usize], &key, "/api/v1/payment/p2p/payin", body).await;
        if i < 40 {
            // Cancelled through either process: each wakes its own dispatcher.
            call(&client, &servers[(i as usize / 2) % 2], &key, "/api/v1/payment/p2p/payin/cancel", general(&key, &id))
                .await;
            cancelled.push(id);
        } else {
            // No requisites exist: both processes' deadline jobs see these decline.
            expiring.push(id);
        }
    }
    let all: Vec<String> = cancelled.iter().chain(&expiring).cloned().collect();
    let logs = wait_all_delivered(&client, &servers[0], &key, &all, 60).await;
    for (id, log) in all.iter().zip(&logs) {
        assert_eq!(log.len(), 1, "{id}: one callback");
        assert_eq!(log[0]["attempts"].as_array().unwrap().len(), 1, "{id}: one attempt: {log:?}");
    }
    let mut seen: HashMap<String, usize> = HashMap::new();
    for r in receiver.received() {
        *seen.entry(r.header("x-idempotency-key").to_string()).or_default() += 1;
    }
    assert_eq!(seen.len(), 60);
    assert!(seen.values().all(|n| *n == 1), "each callback received once: {seen:?}");
    for id in &expiring {
        let info = call(&client, &servers[1], &key, "/api/v1/payment/p2p/payin/info", general(&key, id)).await;
        assert_eq!(info["status_description"], "Requisites not found");
    }
    let storage = crate::helpers::open_database(&url).await.stores.payments;
    for id in &expiring {
        let p = storage.payment(&key.project_id, id).await.unwrap().unwrap();
        let finals = storage.history(&p.request_id).await.unwrap().iter().filter(|h| h.state.is_final()).count();
        assert_eq!(finals, 1, "{id} declined exactly once");
    }
}

/// A full card flow leaves no card number or security code in the logs or the database.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn card_numbers_and_codes_never_reach_logs_or_storage() {
    let dir = tempfile::tempdir().unwrap();
    let url = format!("sqlite://{}/kassa.db", dir.path().display());
    let key = create_project(&url);
    let server = Server::start(&url, &[("RUST_LOG", "debug"), ("KASSA_CALLBACK_RETRY_S", "1")]);
    let client = reqwest::Client::new();
    let card = |id: &str, pan: &str, cvv: &str| {
        let mut body = crate::ecom::ecom(&key.project_id, id, pan, None);
        body["card"]["cvv"] = json!(cvv);
        body
    };
    // H2H: a 3DS challenge answered through the issuer and confirm-3ds-result.
    call(&client, &server, &key, "/api/v1/payment/ecom/payin", card("c1", "4000000000003220", "9173")).await;
    let mut info = Value::Null;
    for _ in 0..100 {
        info = call(&client, &server, &key, "/api/v1/payment/ecom/payin/info", general(&key, "c1")).await;
        if info["sub_status"] == "awaiting_3ds_result" {
            break;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    let asc = &info["asc_info"];
    let page = client
        .post(format!("{}/sandbox/acs/verify", server.address))
        .form(&[
            ("PaReq", asc["pa_req"].as_str().unwrap()),
            ("MD", asc["md"].as_str().unwrap()),
            ("TermUrl", "https://m.example/t"),
            ("code", "123456"),
        ])
        .send()
        .await
        .unwrap()
        .text()
        .await
        .unwrap();
    let pa_res = page.split("name=\"PaRes\" value=\"").nth(1).unwrap().split('"').next().unwrap().to_string();
    let done = call(&client, &server, &key, "/api/v1/payment/ecom/payin/confirm-3ds-result",
        json!({"general": {"project_id": key.project_id, "payment_id": "c1"}, "3ds": {"pa_res": pa_res, "md": asc["md"]}})).await;
    assert_eq!(done["status"], "success");
    // H2H: frictionless. The same body again is the same payment; another body is a conflict.
    let c2 = card("c2", "5555555555554444", "8264");
    let first = call(&client, &server, &key, "/api/v1/payment/ecom/payin", c2.clone()).await;
    let again = call(&client, &server, &key, "/api/v1/payment/ecom/payin", c2.clone()).await;
    assert_eq!(first["request_id"], again["request_id"]);
    let mut changed = c2.clone();
    changed["card"]["month"] = json!(11);
    let r = post_signed_to(&client, &server.address, &key, "/api/v1/payment/ecom/payin", &changed).await;
    assert_eq!(r.status(), 409);
    // The page's card form.
    let widget = call(
        &client,
        &server,
        &key,
        "/api/v1/widget/payin",
        json!({
            "general": {"project_id": key.project_id, "payment_id": "c3"},
            "payment": {"amount": 1000, "currency": "RUB", "widget_method": "payin-ecom-card"},
            "customer": {"id": "u", "ip_address": "1.2.3.4", "country": "RU"}
        }),
    )
    .await;
    let form_url = widget["integration"]["form_url"].as_str().unwrap();
    let page = client.get(form_url).send().await.unwrap();
    let cookie = page.headers()["set-cookie"].to_str().unwrap().split(';').next().unwrap().to_string();
    let html = page.text().await.unwrap();
    let csrf = crate::widget::csrf_of(&html);
    let r = client
        .post(format!("{form_url}/card"))
        .header("cookie", &cookie)
        .form(&[
            ("csrf", csrf.as_str()),
            ("pan", "3782 822463 10005"),
            ("exp_month", "12"),
            ("exp_year", "2031"),
            ("holder", "IVAN PETROV"),
            ("cvv", "6402"),
        ])
        .send()
        .await
        .unwrap();
    assert!(r.status().is_redirection() || r.status().is_success());
    let info = call(&client, &server, &key, "/api/v1/widget/payin/info", general(&key, "c3")).await;
    assert_eq!(info["status"], "success");
    tokio::time::sleep(Duration::from_millis(500)).await;
    let logs = server.logs.lock().unwrap().clone();
    drop(server);

    assert!(logs.contains("DEBUG") && logs.contains("payment moved"), "the debug log was captured");
    for pan in ["4000000000003220", "5555555555554444", "378282246310005", "3782 822463 10005"] {
        assert!(!logs.contains(pan), "{pan} appears in the log");
    }
    for cvv in ["9173", "8264", "6402"] {
        for shape in [format!("\"{cvv}\""), format!("={cvv}"), format!(": {cvv}"), format!("cvv{cvv}")] {
            assert!(!logs.contains(&shape), "a security code appears in the log: {shape}");
        }
    }
    assert!(!logs.to_ascii_lowercase().contains("cvv"), "no log line mentions the security code");
    let database = std::fs::read(dir.path().join("kassa.db")).unwrap();
    let wal = std::fs::read(dir.path().join("kassa.db-wal")).unwrap_or_default();
    let stored = String::from_utf8_lossy(&[database, wal].concat()).to_string();
    for pan in ["4000000000003220", "5555555555554444", "378282246310005"] {
        assert!(!stored.contains(pan), "{pan} is stored in full");
    }
    // Nor any unkeyed digest an offline search could invert: of the card, the code, or a body
    // holding them (what an idempotency hash over the raw body would be).
    let sha = |text: &str| {
        use sha2::Digest;
        hex::encode(sha2::Sha256::digest(text.as_bytes()))
    };
    let bodies = [card("c1", "4000000000003220", "9173"), c2, changed];
    let mut digests: Vec<String> = bodies.iter().map(|b| sha(&kassa::crypto::normalize::normalize(b))).collect();
    for secret in ["4000000000003220", "5555555555554444", "378282246310005", "9173", "8264", "6402"] {
        digests.push(sha(secret));
    }
    for digest in digests {
        assert!(!stored.contains(&digest), "an unkeyed digest of card data is stored: {digest}");
        assert!(!stored.contains(&digest.to_ascii_uppercase()));
    }
    assert!(stored.contains("4000********3220"), "the masked card is kept");
}
