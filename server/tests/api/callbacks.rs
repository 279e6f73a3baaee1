//! Signed callbacks over real HTTP: kinds, bodies, signatures for every key type, order,
//! retries, timeouts, the SSRF guard and the attempt log.

use std::time::Duration;

use kassa::crypto::keys::KeyType;
use serde_json::{Value, json};

use crate::both_backends;
use crate::callback_example::{timestamp_is_fresh, verify_callback, verify_hmac_callback};
use crate::helpers::{Backend, TestApp, now_s, ru_card_payin, spawn_app, spawn_app_with, status_of};
use crate::receiver::{Behaviour, Received, Receiver};

fn with_urls(mut body: Value, receiver: &Receiver) -> Value {
    body["general"]["merchant_callback_url"] = json!(format!("{}/info", receiver.url));
    body["general"]["merchant_success_callback_url"] = json!(format!("{}/success", receiver.url));
    body["general"]["merchant_decline_callback_url"] = json!(format!("{}/decline", receiver.url));
    body
}

fn verifies(r: &Received, key_type: KeyType, callback_key: &kassa::admin::CallbackKeyOut) -> bool {
    let (ts, sig) = (r.header("x-access-timestamp"), r.header("x-access-signature"));
    match key_type {
        KeyType::HmacSha512 => verify_hmac_callback(&r.body, ts, sig, callback_key.hmac_secret.as_ref().unwrap()),
        _ => verify_callback(&r.body, ts, sig, callback_key.public_key_pem.as_ref().unwrap()),
    }
}

async fn every_kind_is_delivered_signed_with_every_key_type(backend: Backend) {
    let app = spawn_app(backend).await;
    app.add_ru_card("5536913812345672").await;
    for (n, key_type) in KeyType::ALL.into_iter().enumerate() {
        let receiver = Receiver::start(Behaviour::default()).await;
        let (key, created) = app.new_project(&format!("m-{key_type}"), KeyType::EcdsaP256, key_type).await;
        let amount = 1000 + n as i64;
        let call = |path: &'static str, body: Value| {
            let (app, key) = (&app, &key);
            async move {
                let r = app.post_signed_with(key, path, &body).await;
                assert_eq!(r.status(), 200);
                r.json::<Value>().await.unwrap()
            }
        };
        let general = |id: &str| json!({"general": {"project_id": key.project_id, "payment_id": id}});
        let created_payment =
            call("/api/v1/payment/p2p/payin", with_urls(ru_card_payin(&key.project_id, "pay", amount), &receiver))
                .await;
        receiver.wait_until(10, |r| r.len() == 1).await;
        call("/api/v1/payment/p2p/payin/confirm", general("pay")).await;
        receiver.wait_until(10, |r| r.len() == 2).await;
        let request_id = created_payment["request_id"].as_str().unwrap();
        app.operator("/api/v1/operator/payments/received", &json!({"request_id": request_id, "amount": amount})).await;
        // The outbox keeps order per payment, not across them: the next payment's decline could
        // otherwise overtake this success (seen once on a loaded machine).
        receiver.wait_until(10, |r| r.len() == 3).await;
        // No requisite of that bank exists, so this one stays in the search until cancelled.
        let mut unserved = with_urls(ru_card_payin(&key.project_id, "nope", amount + 10), &receiver);
        unserved["payment"]["bank_symbol"] = json!("vtb");
        call("/api/v1/payment/p2p/payin", unserved).await;
        call("/api/v1/payment/p2p/payin/cancel", general("nope")).await;
        let got = receiver.wait_until(10, |r| r.len() == 4).await;
        tokio::time::sleep(Duration::from_millis(300)).await;
        assert_eq!(receiver.received().len(), 4, "no callback for the status the create answered");

        let statuses: Vec<String> = got.iter().map(Received::status).collect();
        assert_eq!(statuses, ["processing:awaiting_confirm", "processing:paid", "success", "decline"], "{key_type}");
        let paths: Vec<&str> = got.iter().map(|r| r.path.as_str()).collect();
        assert_eq!(paths, ["/info", "/info", "/success", "/decline"]);
        for r in &got {
            assert!(verifies(r, key_type, &created.callback_key), "{key_type}: signature of {}", r.status());
            assert!(timestamp_is_fresh(r.header("x-access-timestamp"), now_s()));
            assert_eq!(r.header("content-type"), "application/json");
            assert_eq!(r.header("x-access-merchant-id"), key.merchant_id);
            assert_eq!(r.header("x-access-merchant-algorithm"), key_type.algorithm_header());
            // A tampered body does not verify.
            let mut tampered = r.clone();
            tampered.body =
                r.body.iter().copied().map(|b| if b == b'1' { b'2' } else { b }).collect::<Vec<u8>>().into();
            assert!(!verifies(&tampered, key_type, &created.callback_key));
            assert!(
                !r.body.windows(4).any(|w| w == b"true") && !r.body.windows(5).any(|w| w == b"false"),
                "no booleans"
            );
        }
        let pid = &key.project_id;
        assert_eq!(got[0].header("x-idempotency-key"), format!("{pid}:pay:processing:awaiting_confirm"));
        assert_eq!(got[2].header("x-idempotency-key"), format!("{pid}:pay:success:"));
        assert_eq!(got[3].header("x-idempotency-key"), format!("{pid}:nope:decline:"));

        let first = got[0].json();
        assert_eq!(first["project_id"], pid.as_str());
        assert_eq!(first["general"], json!({"request_id": request_id, "payment_id": "pay"}));
        assert_eq!(
            first["status"],
            json!({"status": "processing", "sub_status": "awaiting_confirm", "status_description": null})
        );
        assert_eq!(first["recipient_requisites"]["pan_hidden"], "5536********5672", "masked in callbacks");
        assert_eq!(first["integration"]["form_url"], created_payment["integration"]["form_url"]);
        let titles: Vec<&str> =
            first["display_data"].as_array().unwrap().iter().map(|d| d["title"].as_str().unwrap()).collect();
        assert!(titles.contains(&"recipient_pan") && titles.contains(&"amount"), "{titles:?}");
        for f in [
            "amount",
            "old_amount",
            "initial_amount",
            "currency",
            "lifetime",
            "expiration_date",
            "updated_date",
            "created_date",
            "method",
            "widget_method",
            "type",
        ] {
            assert!(first["payment_info"].get(f).is_some(), "payment_info.{f}");
        }
        let paid = got[1].json();
        assert!(paid["recipient_requisites"].is_object());
        assert!(paid.get("display_data").is_none(), "the instruction goes with awaiting_confirm");
        let success = got[2].json();
        assert!(success["recipient_requisites"].is_null());
        assert!(success.get("integration").is_none(), "integration is for informative callbacks");
        let decline = got[3].json();
        assert_eq!(decline["status"]["status_description"], "Canceled by client");
    }
}

async fn failed_attempts_are_retried_and_logged(backend: Backend) {
    let app = spawn_app_with(backend, |c| c.callback_retry_s = vec![1]).await;
    let receiver = Receiver::start(Behaviour { fail_first: 2, ..Default::default() }).await;
    app.call("/api/v1/payment/p2p/payin", &with_urls(ru_card_payin(&app.key.project_id, "r", 100), &receiver)).await;
    app.call("/api/v1/payment/p2p/payin/cancel", &app.general_ref("r")).await;
    let got = receiver.wait_until(15, |r| r.len() == 3).await;
    assert!(got.iter().all(|r| r.status() == "decline"));
    // The attempt log, as the merchant sees it.
    let log = wait_for_log(&app, "r", |cb| cb[0]["state"] == "delivered").await;
    let attempts: Vec<Option<i64>> =
        log[0]["attempts"].as_array().unwrap().iter().map(|a| a["http_status"].as_i64()).collect();
    assert_eq!(attempts, [Some(500), Some(500), Some(200)]);
    assert!(log[0]["attempts"][0]["latency_ms"].is_i64());
    assert_eq!(log[0]["kind"], "decline");
    // Resent by hand, it arrives once more.
    let (status, _) = app
        .call(
            "/api/v1/callbacks/resend",
            &json!({"general": {"project_id": app.key.project_id, "payment_id": "r", "callback_id": log[0]["id"]}}),
        )
        .await;
    assert_eq!(status, 200);
    receiver.wait_until(10, |r| r.len() == 4).await;
    wait_for_log(&app, "r", |cb| cb[0]["attempts"].as_array().unwrap().len() == 4).await;
    let (status, ops) = app
        .operator_get(&format!(
            "/api/v1/operator/payments/{}/callbacks",
            log[0]["body"]["general"]["request_id"].as_str().unwrap()
        ))
        .await;
    assert_eq!(status, 200);
    assert_eq!(ops[0]["attempts"].as_array().unwrap().len(), 4);
    assert_eq!(ops[0]["state"], "delivered");
}

async fn wait_for_log(app: &TestApp, payment_id: &str, cond: impl Fn(&Vec<Value>) -> bool) -> Vec<Value> {
    let body = json!({"general": {"project_id": app.key.project_id, "payment_id": payment_id}});
    for _ in 0..200 {
        let (status, log) = app.call("/api/v1/callbacks", &body).await;
        assert_eq!(status, 200, "{log}");
        let log: Vec<Value> = log.as_array().unwrap().clone();
        if !log.is_empty() && cond(&log) {
            return log;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    panic!("attempt log never matched");
}

async fn a_timeout_counts_as_a_failed_attempt(backend: Backend) {
    let app = spawn_app_with(backend, |c| {
        c.callback_retry_s = vec![1];
        c.callback_timeout_ms = 500;
    })
    .await;
    let receiver =
        Receiver::start(Behaviour { slow_first: 1, slow_delay: Duration::from_secs(2), ..Default::default() }).await;
    app.call("/api/v1/payment/p2p/payin", &with_urls(ru_card_payin(&app.key.project_id, "t", 100), &receiver)).await;
    app.call("/api/v1/payment/p2p/payin/cancel", &app.general_ref("t")).await;
    let log = wait_for_log(&app, "t", |cb| cb[0]["state"] == "delivered").await;
    let attempts = log[0]["attempts"].as_array().unwrap();
    assert_eq!(attempts.len(), 2, "{log:?}");
    assert!(attempts[0]["error"].as_str().unwrap().contains("timeout"), "{attempts:?}");
    assert_eq!(attempts[1]["http_status"], 200);
}

/// decisions.md §3: any 2xx within 10 s is a delivery, so a merchant answering in 6.5 s gets
/// one attempt, not a timeout and a retry (the console's integration check waits less).
async fn an_answer_within_ten_seconds_is_delivered_at_the_first_attempt(backend: Backend) {
    let app = spawn_app_with(backend, |c| c.callback_retry_s = vec![1]).await;
    let receiver =
        Receiver::start(Behaviour { slow_first: 1, slow_delay: Duration::from_millis(6_500), ..Default::default() })
            .await;
    app.call("/api/v1/payment/p2p/payin", &with_urls(ru_card_payin(&app.key.project_id, "slow", 100), &receiver)).await;
    app.call("/api/v1/payment/p2p/payin/cancel", &app.general_ref("slow")).await;
    let log = wait_for_log(&app, "slow", |cb| cb[0]["state"] == "delivered").await;
    let attempts = log[0]["attempts"].as_array().unwrap();
    assert_eq!(attempts.len(), 1, "{log:?}");
    assert_eq!(attempts[0]["http_status"], 200);
    assert_eq!(receiver.received().len(), 1);
}

/// A merchant's answer is logged as text on both backends, whatever its bytes: a NUL byte
/// (which PostgreSQL's text refuses) must not leave the attempt unrecorded and re-sent.
async fn an_answer_of_any_bytes_is_logged_once(backend: Backend) {
    let app = spawn_app(backend).await;
    let receiver = Receiver::start(Behaviour { answer: b"ok\0\xff", ..Default::default() }).await;
    app.call("/api/v1/payment/p2p/payin", &with_urls(ru_card_payin(&app.key.project_id, "nul", 100), &receiver)).await;
    app.call("/api/v1/payment/p2p/payin/cancel", &app.general_ref("nul")).await;
    let log = wait_for_log(&app, "nul", |cb| cb[0]["state"] == "delivered").await;
    let attempts = log[0]["attempts"].as_array().unwrap();
    assert_eq!(attempts.len(), 1, "{log:?}");
    assert_eq!(attempts[0]["response_excerpt"], "ok\u{FFFD}\u{FFFD}");
    assert_eq!(receiver.received().len(), 1);
}

async fn private_addresses_are_refused_without_the_development_flag(backend: Backend) {
    let app = spawn_app_with(backend, |c| c.allow_private_callbacks = false).await;
    let receiver = Receiver::start(Behaviour::default()).await;
    let port = receiver.url.rsplit(':').next().unwrap();
    let mut body = ru_card_payin(&app.key.project_id, "ssrf", 100);
    body["general"]["merchant_decline_callback_url"] = json!(format!("http://127.0.0.1:{port}/decline"));
    let (status, err) = app.call("/api/v1/payment/p2p/payin", &body).await;
    assert_eq!((status, err["errors"][0]["field"].as_str()), (400, Some("general.merchant_decline_callback_url")));
    for (id, url) in [
        ("ssrf-ip", format!("https://127.0.0.1:{port}/decline")),
        ("ssrf-name", format!("https://localhost:{port}/decline")),
    ] {
        let mut body = ru_card_payin(&app.key.project_id, id, 100);
        body["general"]["merchant_decline_callback_url"] = json!(url);
        assert_eq!(app.call("/api/v1/payment/p2p/payin", &body).await.0, 200);
        app.call("/api/v1/payment/p2p/payin/cancel", &app.general_ref(id)).await;
        let log = wait_for_log(&app, id, |cb| !cb[0]["attempts"].as_array().unwrap().is_empty()).await;
        let error = log[0]["attempts"][0]["error"].as_str().unwrap_or_default().to_string();
        assert!(error.contains("private"), "{id}: {error}");
    }
    tokio::time::sleep(Duration::from_millis(300)).await;
    assert!(receiver.received().is_empty(), "nothing reached the private address");
}

async fn callbacks_of_a_payment_keep_their_order(backend: Backend) {
    let app = spawn_app(backend).await;
    app.add_ru_card("5536913812345672").await;
    // A slow merchant: every answer takes a while, so later changes queue behind earlier ones.
    let receiver = Receiver::start(Behaviour { delay: Duration::from_millis(300), ..Default::default() }).await;
    let created = app
        .call("/api/v1/payment/p2p/payin", &with_urls(ru_card_payin(&app.key.project_id, "o", 100), &receiver))
        .await
        .1;
    app.wait_for("o", 10, |b| status_of(b) == "processing:awaiting_confirm").await;
    app.call("/api/v1/payment/p2p/payin/confirm", &app.general_ref("o")).await;
    app.operator("/api/v1/operator/payments/received", &json!({"request_id": created["request_id"], "amount": 100}))
        .await;
    let got = receiver.wait_until(10, |r| r.iter().any(|x| x.status() == "success")).await;
    let order: Vec<String> = got.iter().map(Received::status).collect();
    let rank =
        |s: &str| ["processing:awaiting_confirm", "processing:paid", "success"].iter().position(|x| *x == s).unwrap();
    assert!(order.windows(2).all(|w| rank(&w[0]) < rank(&w[1])), "in order of the status changes: {order:?}");
    assert_eq!(order.last().unwrap(), "success");
}

async fn a_later_status_supersedes_a_failing_informative_callback(backend: Backend) {
    let app = spawn_app_with(backend, |c| c.callback_retry_s = vec![1]).await;
    app.add_ru_card("5536913812345672").await;
    let receiver = Receiver::start(Behaviour { always_fail_paths: vec!["/info".into()], ..Default::default() }).await;
    let created = app
        .call("/api/v1/payment/p2p/payin", &with_urls(ru_card_payin(&app.key.project_id, "s", 100), &receiver))
        .await
        .1;
    receiver.wait_until(10, |r| r.iter().any(|x| x.path == "/info")).await;
    app.operator("/api/v1/operator/payments/received", &json!({"request_id": created["request_id"], "amount": 100}))
        .await;
    receiver.wait_until(10, |r| r.iter().any(|x| x.path == "/success")).await;
    let log = wait_for_log(&app, "s", |cb| cb.len() == 2 && cb[1]["state"] == "delivered").await;
    assert_eq!(log[0]["state"], "superseded", "{log:?}");
    // The merchant console says what that means, and shows what each callback sent.
    let merchant = crate::browser::shop_owner(&app).await;
    let page = merchant.get(&format!("/merchant/payments/{}", created["request_id"].as_str().unwrap())).await;
    assert!(page.html.contains("superseded: a later status of the payment was sent instead"), "{}", page.html);
    assert!(page.html.contains("delivered at") && page.html.contains("Body sent"), "{}", page.html);
    assert!(
        page.html.contains("\"payment_id\":\"s\"},\"status\":{\"status\":\"processing\""),
        "the body as sent: {}",
        page.html
    );
}

/// The merchant console lists the callbacks that did not arrive across payments: retrying
/// ones with when they are tried next and the last answer, given-up ones, never delivered
/// or superseded ones.
async fn the_merchant_sees_callbacks_that_did_not_arrive(backend: Backend) {
    let app = spawn_app_with(backend, |c| c.callback_retry_s = vec![600]).await;
    let receiver =
        Receiver::start(Behaviour { always_fail_paths: vec!["/decline".into()], ..Default::default() }).await;
    for id in ["fails-1", "fails-2"] {
        app.call("/api/v1/payment/p2p/payin", &with_urls(ru_card_payin(&app.key.project_id, id, 100), &receiver)).await;
        app.call("/api/v1/payment/p2p/payin/cancel", &app.general_ref(id)).await;
        wait_for_log(&app, id, |cb| cb.iter().any(|c| !c["attempts"].as_array().unwrap().is_empty())).await;
    }
    let merchant = crate::browser::shop_owner(&app).await;
    let page = merchant.get("/merchant/callbacks").await;
    assert_eq!(page.status, 200);
    for shown in ["fails-1", "fails-2", "retrying after 1 failed attempt: next attempt at", "→ 500", "/decline"] {
        assert!(page.html.contains(shown), "{shown}: {}", page.html);
    }
    // Given up: still listed, said so.
    app.execute_sql("UPDATE callbacks SET state = 'abandoned' WHERE kind = 'decline' AND id = (SELECT MIN(id) FROM callbacks WHERE kind = 'decline')").await;
    let page = merchant.get("/merchant/callbacks").await;
    assert!(page.html.contains("given up after 1 attempt without a 2xx"), "{}", page.html);
    assert!(page.html.contains("retrying after 1 failed attempt"), "{}", page.html);
    // Delivered ones are not there.
    app.execute_sql("UPDATE callbacks SET state = 'delivered'").await;
    let page = merchant.get("/merchant/callbacks").await;
    assert!(page.html.contains("Every callback arrived.") && !page.html.contains("fails-1"), "{}", page.html);
}

async fn no_url_writes_no_callback(backend: Backend) {
    let app = spawn_app(backend).await;
    app.call("/api/v1/payment/p2p/payin", &ru_card_payin(&app.key.project_id, "quiet", 100)).await;
    app.call("/api/v1/payment/p2p/payin/cancel", &app.general_ref("quiet")).await;
    let (status, log) = app
        .call("/api/v1/callbacks", &json!({"general": {"project_id": app.key.project_id, "payment_id": "quiet"}}))
        .await;
    assert_eq!((status, log), (200, json!([])));
}

/// An API-only process (`KASSA_SEND_CALLBACKS=false`) writes callbacks to the outbox; another
/// process on the same database sends them.
async fn an_api_only_process_leaves_callbacks_to_another(backend: Backend) {
    let app = spawn_app_with(backend, |c| c.send_callbacks = false).await;
    let receiver = Receiver::start(Behaviour::default()).await;
    let body = with_urls(ru_card_payin(&app.key.project_id, "split", 100), &receiver);
    app.call("/api/v1/payment/p2p/payin", &body).await;
    app.call("/api/v1/payment/p2p/payin/cancel", &app.general_ref("split")).await;
    tokio::time::sleep(Duration::from_millis(800)).await;
    assert!(receiver.received().is_empty(), "the API-only process sent nothing");

    let sender = kassa::startup::Application::build(crate::helpers::test_config(app.database_url.clone()))
        .await
        .expect("second process builds");
    let sender = tokio::spawn(sender.run_until_stopped());
    let got = receiver.wait_until(10, |r| r.iter().any(|x| x.path == "/decline")).await;
    assert_eq!(got.iter().filter(|x| x.path == "/decline").count(), 1);
    sender.abort();
}

/// Attempts that finish together are recorded together (one transaction per batch): every
/// callback of a burst ends delivered, failed attempts wait for their retry, and the log holds
/// exactly the attempts the receiver saw.
async fn a_burst_of_callbacks_is_recorded_attempt_by_attempt(backend: Backend) {
    let app = spawn_app_with(backend, |c| {
        c.send_callbacks = false;
        c.callback_retry_s = vec![1];
    })
    .await;
    let receiver = Receiver::start(Behaviour { fail_first: 7, ..Default::default() }).await;
    let payments: Vec<String> = (0..30).map(|i| format!("burst-{i}")).collect();
    for (i, id) in payments.iter().enumerate() {
        app.call(
            "/api/v1/payment/p2p/payin",
            &with_urls(ru_card_payin(&app.key.project_id, id, 100 + i as i64), &receiver),
        )
        .await;
        app.call("/api/v1/payment/p2p/payin/cancel", &app.general_ref(id)).await;
    }
    // One sending process starts with every callback due at once.
    let mut config = crate::helpers::test_config(app.database_url.clone());
    config.callback_retry_s = vec![1];
    let sender = kassa::startup::Application::build(config).await.expect("sending process builds");
    let sender = tokio::spawn(sender.run_until_stopped());
    let (mut attempts_logged, mut delivered) = (0, 0);
    for id in &payments {
        let log = wait_for_log(&app, id, |cb| {
            cb.iter().all(|c| c["state"] != "pending") && cb.iter().any(|c| c["kind"] == "decline")
        })
        .await;
        for callback in log.iter().filter(|c| c["state"] == "delivered") {
            let statuses: Vec<Option<i64>> =
                callback["attempts"].as_array().unwrap().iter().map(|a| a["http_status"].as_i64()).collect();
            assert_eq!(statuses.last(), Some(&Some(200)), "{callback}");
            assert!(statuses[..statuses.len() - 1].iter().all(|s| *s == Some(500)), "{callback}");
            attempts_logged += statuses.len();
            delivered += 1;
        }
        assert!(log.iter().any(|c| c["kind"] == "decline" && c["state"] == "delivered"), "{id}: {log:?}");
    }
    tokio::time::sleep(Duration::from_millis(300)).await;
    assert_eq!(attempts_logged, receiver.received().len(), "one log entry per attempt the receiver saw");
    assert_eq!(attempts_logged, delivered + 7, "seven failed first, each retried once");
    sender.abort();
}

/// A payment's retry goes out when it falls due even while another merchant's delivery is
/// still waiting for its answer (the dispatcher sleeps at most its idle poll while deliveries
/// are in flight).
async fn a_retry_goes_out_while_another_delivery_is_in_flight(backend: Backend) {
    let app = spawn_app_with(backend, |c| c.callback_retry_s = vec![1]).await;
    // The slow merchant answers within the dispatcher's timeout (5 s at most): its delivery is
    // in flight throughout, and the retry falls due a second after the first attempt.
    let slow =
        Receiver::start(Behaviour { slow_first: 1, slow_delay: Duration::from_secs(4), ..Default::default() }).await;
    let failing = Receiver::start(Behaviour { fail_first: 1, ..Default::default() }).await;
    for (id, receiver) in [("slow", &slow), ("retried", &failing)] {
        let mut body = ru_card_payin(&app.key.project_id, id, 100);
        body["general"]["merchant_decline_callback_url"] = json!(format!("{}/decline", receiver.url));
        assert_eq!(app.call("/api/v1/payment/p2p/payin", &body).await.0, 200);
        app.call("/api/v1/payment/p2p/payin/cancel", &app.general_ref(id)).await;
        receiver.wait_until(10, |r| !r.is_empty()).await;
    }
    let log = wait_for_log(&app, "retried", |cb| cb[0]["state"] == "delivered").await;
    assert_eq!(log[0]["attempts"].as_array().unwrap().len(), 2, "{log:?}");
    // The slow merchant has not answered yet: its attempt is still in flight, not logged.
    let body = json!({"general": {"project_id": app.key.project_id, "payment_id": "slow"}});
    let slow_log = app.call("/api/v1/callbacks", &body).await.1;
    assert!(slow_log[0]["attempts"].as_array().unwrap().is_empty(), "{slow_log}");
}

/// The claim stops at the caps (decisions.md §3's slow merchant must not take every delivery
/// slot): a host with `per_host` deliveries in flight, or a project with `per_project`, gets
/// no more until they finish, whichever process holds them.
async fn claims_stop_at_the_caps_per_project_and_per_host(backend: Backend) {
    use kassa::domain::outbox::{CallbackJob, Claim, DeliveryCaps};
    let app = spawn_app_with(backend, |c| c.send_callbacks = false).await;
    let (a, b) = (Receiver::start(Behaviour::default()).await, Receiver::start(Behaviour::default()).await);
    // Three decline callbacks to one host, then two to another, all of one project.
    for (i, receiver) in [&a, &a, &a, &b, &b].into_iter().enumerate() {
        let id = format!("capped-{i}");
        let mut body = ru_card_payin(&app.key.project_id, &id, 100 + i as i64);
        body["general"]["merchant_decline_callback_url"] = json!(format!("{}/decline", receiver.url));
        assert_eq!(app.call("/api/v1/payment/p2p/payin", &body).await.0, 200);
        assert_eq!(app.call("/api/v1/payment/p2p/payin/cancel", &app.general_ref(&id)).await.0, 200);
    }
    let outbox = &app.stores.outbox;
    let now = kassa::domain::time::now_ms();
    let claim = |worker: &'static str, limit: i64, per_project: i64, per_host: i64| async move {
        let caps = DeliveryCaps { per_project, per_host };
        let claim = Claim { now_ms: now, lease_until_ms: now + 60_000, limit, caps };
        outbox.claim_callbacks(worker, &claim).await.expect("claim")
    };
    let hosts = |jobs: &[CallbackJob]| jobs.iter().map(|j| j.url.starts_with(&a.url)).collect::<Vec<_>>();
    // Two in flight, both to the first host (the oldest first).
    let first = claim("w1", 2, 10, 10).await;
    assert_eq!(hosts(&first), [true, true]);
    // That host is full at two: only the other host's callbacks are claimed.
    let second = claim("w2", 10, 10, 2).await;
    assert_eq!(hosts(&second), [false, false]);
    // The project is full at four in flight: nothing, though one callback is due.
    assert!(claim("w3", 10, 4, 10).await.is_empty());
    // With room for one more, the last one.
    assert_eq!(hosts(&claim("w3", 10, 5, 10).await), [true]);
}

/// A record's claim runs in the record's transaction and sees what it recorded: the attempt
/// that delivers a payment's callback frees the payment's next one, claimed in the same commit
/// (the dispatcher hands it to the slot just freed), while no other worker can take it.
async fn a_record_claims_the_next_callback_of_its_payment_in_one_commit(backend: Backend) {
    use kassa::domain::outbox::{Attempt, AttemptOutcome, CallbackState, Claim, DeliveryCaps, RecordedAttempt};
    let app = spawn_app_with(backend, |c| c.send_callbacks = false).await;
    app.add_ru_card("5536913812345672").await;
    let receiver = Receiver::start(Behaviour::default()).await;
    let created = app
        .call("/api/v1/payment/p2p/payin", &with_urls(ru_card_payin(&app.key.project_id, "n", 100), &receiver))
        .await
        .1;
    let request_id = created["request_id"].as_str().unwrap();
    app.wait_for("n", 10, |b| status_of(b) == "processing:awaiting_confirm").await;
    let outbox = &app.stores.outbox;
    let claim = || {
        let now = kassa::domain::time::now_ms();
        Claim {
            now_ms: now,
            lease_until_ms: now + 60_000,
            limit: 10,
            caps: DeliveryCaps { per_project: 10, per_host: 10 },
        }
    };
    let ids = |jobs: &[kassa::domain::outbox::CallbackJob]| jobs.iter().map(|j| j.id).collect::<Vec<_>>();
    // The payment's first callback in flight; then the cancel writes its decline, which waits.
    let first = outbox.claim_callbacks("w1", &claim()).await.expect("claim");
    assert_eq!(first.len(), 1, "{first:?}");
    assert_eq!(app.call("/api/v1/payment/p2p/payin/cancel", &app.general_ref("n")).await.0, 200);
    assert!(outbox.claim_callbacks("w2", &claim()).await.expect("claim").is_empty(), "behind the one in flight");
    let log = outbox.callbacks(request_id).await.expect("log");
    let decline =
        log.iter().find(|c| c.state == CallbackState::Pending && c.id > first[0].id).expect("the decline waits");
    let attempt = Attempt {
        at_ms: kassa::domain::time::now_ms(),
        http_status: Some(200),
        error: None,
        latency_ms: 1,
        response_excerpt: None,
        worker: "w1".into(),
    };
    let delivered = RecordedAttempt { callback_id: first[0].id, attempt, outcome: AttemptOutcome::Delivered };
    let next = outbox.record_attempts("w1", &[delivered], Some(&claim())).await.expect("record and claim");
    assert_eq!(ids(&next), [decline.id]);
    assert!(outbox.claim_callbacks("w2", &claim()).await.expect("claim").is_empty(), "leased to w1 in that commit");
    let log = outbox.callbacks(request_id).await.expect("log");
    let state = |id: i64| log.iter().find(|c| c.id == id).map(|c| c.state);
    assert_eq!(state(first[0].id), Some(CallbackState::Delivered));
    assert_eq!(state(decline.id), Some(CallbackState::Pending));
}

/// On PostgreSQL the outbox is vacuumed after a fixed number of dead rows, not a fraction of
/// a table that keeps every callback ever sent (the claim walks dead index entries until then).
#[tokio::test]
async fn the_outbox_is_vacuumed_by_a_fixed_threshold_on_postgres() {
    use sqlx::Connection;
    let app = spawn_app(Backend::Postgres).await;
    let mut c = sqlx::PgConnection::connect(app.database_url.expose()).await.expect("PostgreSQL");
    let (options,): (Vec<String>,) =
        sqlx::query_as("SELECT reloptions FROM pg_class WHERE relname = 'callbacks'").fetch_one(&mut c).await.unwrap();
    assert!(options.contains(&"autovacuum_vacuum_scale_factor=0".to_string()), "{options:?}");
    assert!(options.contains(&"autovacuum_vacuum_threshold=5000".to_string()), "{options:?}");
}

/// The documentation shows exactly the verification code these tests run.
#[test]
fn the_guide_shows_the_tested_code() {
    let guide = include_str!("../../../docs/CALLBACKS.md");
    let code = include_str!("callback_example.rs");
    assert!(
        guide.contains(&format!("```rust\n{code}```")),
        "docs/CALLBACKS.md must embed tests/api/callback_example.rs verbatim"
    );
}

both_backends!(
    every_kind_is_delivered_signed_with_every_key_type,
    failed_attempts_are_retried_and_logged,
    a_timeout_counts_as_a_failed_attempt,
    an_answer_within_ten_seconds_is_delivered_at_the_first_attempt,
    an_answer_of_any_bytes_is_logged_once,
    private_addresses_are_refused_without_the_development_flag,
    callbacks_of_a_payment_keep_their_order,
    a_later_status_supersedes_a_failing_informative_callback,
    the_merchant_sees_callbacks_that_did_not_arrive,
    no_url_writes_no_callback,
    a_burst_of_callbacks_is_recorded_attempt_by_attempt,
    a_retry_goes_out_while_another_delivery_is_in_flight,
    an_api_only_process_leaves_callbacks_to_another,
    claims_stop_at_the_caps_per_project_and_per_host,
    a_record_claims_the_next_callback_of_its_payment_in_one_commit,
);
