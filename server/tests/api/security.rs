//! The security review's findings (issue 15), each with the test that failed before its fix.

use std::process::Command;

use serde_json::{Value, json};

use crate::both_backends;
use crate::helpers::{
    Backend, MASTER_KEY, TestApp, fresh_database, ru_card_payin, spawn_app, spawn_app_with, status_of,
};
use crate::widget::{Browser, csrf_of};

fn ecom_widget(app: &TestApp, id: &str) -> Value {
    json!({
        "general": {"project_id": app.key.project_id, "payment_id": id},
        "payment": {"amount": 1000, "currency": "RUB", "widget_method": "payin-ecom-card"},
        "customer": {"id": "u", "ip_address": "1.2.3.4", "country": "RU"}
    })
}

/// Item 3: the payment is claimed before the acquirer is called, so twenty submissions of the
/// card form at once (a double click, a retrying phone) authorize once.
async fn twenty_card_posts_at_once_reach_the_acquirer_once(backend: Backend) {
    let app = spawn_app(backend).await;
    let (_, created) = app.call("/api/v1/widget/payin", &ecom_widget(&app, "twenty")).await;
    let form_url = created["integration"]["form_url"].as_str().unwrap().to_string();
    let mut browser = Browser::new(&app);
    let (_, _, html) = browser.get(&form_url).await;
    let csrf = csrf_of(&html);
    let cookie = browser.cookie().unwrap();
    let post = || {
        app.client
            .post(format!("{form_url}/card"))
            .header("cookie", &cookie)
            .form(&[
                ("csrf", csrf.as_str()),
                ("pan", "4000000000003220"),
                ("exp_month", "12"),
                ("exp_year", "2031"),
                ("holder", "IVAN PETROV"),
                ("cvv", "123"),
            ])
            .send()
    };
    let answers = join_all((0..20).map(|_| post())).await;
    assert!(answers.iter().all(|r| r.as_ref().unwrap().status().is_redirection()));
    let (_, info) = app.call("/api/v1/widget/payin/info", &app.general_ref("twenty")).await;
    assert_eq!(status_of(&info), "processing:awaiting_3ds_result");
    let request_id = info["request_id"].as_str().unwrap();
    assert_eq!(app.sandbox.as_ref().unwrap().authorizations(request_id), 1, "one authorization");
}

/// Runs the futures together: every request is in flight before any answer is read.
pub async fn join_all<F: std::future::Future>(futures: impl Iterator<Item = F>) -> Vec<F::Output> {
    let mut futures: Vec<_> = futures.map(Box::pin).collect();
    let mut results: Vec<Option<F::Output>> = futures.iter().map(|_| None).collect();
    std::future::poll_fn(|cx| {
        for (i, f) in futures.iter_mut().enumerate() {
            if results[i].is_none()
                && let std::task::Poll::Ready(v) = f.as_mut().poll(cx)
            {
                results[i] = Some(v);
            }
        }
        if results.iter().all(Option::is_some) { std::task::Poll::Ready(()) } else { std::task::Poll::Pending }
    })
    .await;
    results.into_iter().map(|r| r.expect("ready")).collect()
}

/// Item 13: the secrets Kassa keeps (HMAC request secrets, callback private keys and HMAC
/// secrets, the sandbox's key) are sealed: the database alone cannot sign.
async fn stored_secrets_are_sealed(backend: Backend) {
    let app = spawn_app(backend).await;
    use kassa::crypto::keys::KeyType;
    let (_, hmac) = app.new_project("Sealed Shop", KeyType::HmacSha512, KeyType::HmacSha512).await;
    let (_, ecdsa) = app.new_project("Sealed Shop", KeyType::EcdsaP256, KeyType::EcdsaP256).await;
    let request_secret = hmac.request_key.hmac_secret.clone().unwrap();
    let callback_secret = hmac.callback_key.hmac_secret.clone().unwrap();
    let dump = app.dump_secrets().await;
    assert!(!dump.is_empty());
    for value in &dump {
        assert!(value.starts_with("v1:"), "sealed: {value}");
    }
    let all = dump.join("\n");
    assert!(!all.contains(&request_secret) && !all.contains(&callback_secret));
    // The callback private key is stored as a sealed value, not as DER (which begins 0x30).
    let callback = app.stores.projects.callback_key(&ecdsa.project_id).await.unwrap().unwrap();
    let der = callback.private_key_der.unwrap();
    assert_eq!(der.expose()[0], 0x30, "opened again for signing");
    // A signed request with the sealed HMAC key still verifies.
    let key = crate::helpers::ClientKey::from_created(&hmac);
    let body = json!({"general": {"project_id": key.project_id}});
    let r = app.post_signed_with(&key, "/api/v1/bank/all", &body).await;
    assert_eq!(r.status(), 200);
}

/// Item 4: a captured request (merchants poll info every 15 s) replayed to another endpoint is
/// refused, on every process sharing the database; the same request again on its own endpoint
/// (a retry) is accepted.
async fn a_request_replayed_to_another_endpoint_is_refused(backend: Backend) {
    let app = spawn_app(backend).await;
    let (status, _) =
        app.call("/api/v1/payment/p2p/payin", &ru_card_payin(&app.key.project_id, "replay", 150000)).await;
    assert_eq!(status, 200);
    let body = app.general_ref("replay");
    let headers = TestApp::signed_headers(&app.key, &body, crate::helpers::now_s());
    let send = |base: String, path: &'static str| {
        let mut req = app.client.post(format!("{base}{path}")).body(body.to_string());
        for (k, v) in &headers {
            req = req.header(*k, v);
        }
        req.send()
    };
    let r = send(app.address.clone(), "/api/v1/payment/p2p/payin/info").await.unwrap();
    assert_eq!(r.status(), 200);
    let r = send(app.address.clone(), "/api/v1/payment/p2p/payin/info").await.unwrap();
    assert_eq!(r.status(), 200, "a retry on the same endpoint is accepted");
    let r = send(app.address.clone(), "/api/v1/payment/p2p/payin/cancel").await.unwrap();
    assert_eq!(r.status(), 401);
    let err: Value = r.json().await.unwrap();
    assert_eq!(err["status_description"], "Signature already used");
    assert_eq!(err["payment_id"], "replay", "the error names the request");
    // Another process on the same database refuses it too.
    let other =
        kassa::startup::Application::build(crate::helpers::test_config(app.database_url.clone())).await.unwrap();
    let other_address = format!("http://{}", other.local_addr());
    let server = tokio::spawn(async move {
        let _ = other.run_until_stopped().await;
    });
    let r = send(other_address, "/api/v1/payment/p2p/payin/confirm").await.unwrap();
    assert_eq!(r.status(), 401);
    server.abort();
    let (_, info) = app.call("/api/v1/payment/p2p/payin/info", &app.general_ref("replay")).await;
    assert_eq!(info["status"], "processing", "the replayed cancel changed nothing: {info}");
}

/// A payin create records its signed message in the transaction that inserts the payment: a
/// message first used elsewhere creates nothing; a create refused before its insert (a
/// validation error) is recorded all the same, so it cannot be replayed to cancel the payment
/// a corrected request created; a retry of the same create answers the same payment.
async fn a_create_records_its_message_with_its_payment(backend: Backend) {
    let app = spawn_app(backend).await;
    let signed = |body: &Value| (body.to_string(), TestApp::signed_headers(&app.key, body, crate::helpers::now_s()));
    let info_of_first = || async {
        let (_, info) = app.call("/api/v1/payment/p2p/payin/info", &app.general_ref("first-elsewhere")).await;
        info
    };
    // First used on info (refused there: the payment does not exist), then sent to create.
    let (body, headers) = signed(&ru_card_payin(&app.key.project_id, "first-elsewhere", 150000));
    let r = app.post_raw("/api/v1/payment/p2p/payin/info", &body, &headers).await;
    assert_eq!(r.status(), 404);
    for path in ["/api/v1/payment/p2p/payin", "/api/v1/widget/payin"] {
        let r = app.post_raw(path, &body, &headers).await;
        assert_eq!(r.status(), 401, "{path}");
        let err: Value = r.json().await.unwrap();
        assert_eq!(err["status_description"], "Signature already used");
    }
    assert_eq!(info_of_first().await["status_description"], "Payment not found", "nothing was created");

    // A create refused by validation, then the corrected create, then the refused message
    // replayed to cancel.
    let mut bad = ru_card_payin(&app.key.project_id, "corrected", 150000);
    bad["payment"]["amount"] = json!(-1);
    let (bad_body, bad_headers) = signed(&bad);
    let r = app.post_raw("/api/v1/payment/p2p/payin", &bad_body, &bad_headers).await;
    assert_eq!(r.status(), 400);
    let (status, _) =
        app.call("/api/v1/payment/p2p/payin", &ru_card_payin(&app.key.project_id, "corrected", 150000)).await;
    assert_eq!(status, 200);
    let r = app.post_raw("/api/v1/payment/p2p/payin/cancel", &bad_body, &bad_headers).await;
    assert_eq!(r.status(), 401, "the refused create's message was recorded");
    let (_, info) = app.call("/api/v1/payment/p2p/payin/info", &app.general_ref("corrected")).await;
    assert_eq!(info["status"], "processing", "{info}");

    // The same signed create twice: one payment, answered twice; then not on cancel.
    let (body, headers) = signed(&ru_card_payin(&app.key.project_id, "retried", 150000));
    let first: Value = app.post_raw("/api/v1/payment/p2p/payin", &body, &headers).await.json().await.unwrap();
    let again = app.post_raw("/api/v1/payment/p2p/payin", &body, &headers).await;
    assert_eq!(again.status(), 200);
    let again: Value = again.json().await.unwrap();
    assert_eq!(again["request_id"], first["request_id"]);
    let r = app.post_raw("/api/v1/payment/p2p/payin/cancel", &body, &headers).await;
    assert_eq!(r.status(), 401);
}

/// An app with one payin created through the API, and that payment as stored: the model the
/// storage-level tests below copy.
async fn with_a_model_payment(backend: Backend) -> (TestApp, kassa::domain::payment::Payment) {
    let app = spawn_app(backend).await;
    let (status, _) = app.call("/api/v1/payment/p2p/payin", &ru_card_payin(&app.key.project_id, "model", 150000)).await;
    assert_eq!(status, 200);
    let model = app.stores.payments.payment(&app.key.project_id, "model").await.unwrap().unwrap();
    (app, model)
}

/// The model payment under new ids (`copy-{n}`), without requisites.
fn copy_of(model: &kassa::domain::payment::Payment, n: usize) -> kassa::domain::payment::Payment {
    let mut p = model.clone();
    p.request_id = format!("{}-{n}", model.request_id);
    p.payment_id = format!("copy-{n}");
    p.page_token = format!("{}-{n}", model.page_token);
    p.recipient = None;
    p
}

/// A signed message's use on `endpoint`, never expiring.
fn on(endpoint: &str, key: &str) -> kassa::domain::replay::SignatureUse {
    kassa::domain::replay::SignatureUse { key: key.into(), endpoint: endpoint.into(), expires_ms: i64::MAX }
}

/// One signed message carried by two creates on two endpoints at once (in one batch of the
/// payin writer or in two): exactly one payment is written, the other refused as a replay;
/// the same message twice on one endpoint acts each time (a retry).
async fn one_message_on_two_endpoints_at_once_creates_one_payment(backend: Backend) {
    use kassa::domain::ports::Inserted;
    let (app, model) = with_a_model_payment(backend).await;
    let payments = app.stores.payments.clone();
    let copy = |n: usize| copy_of(&model, n);
    for round in 0..5 {
        let key = format!("two-endpoints-{round}");
        let (a, b) = (copy(4 * round), copy(4 * round + 1));
        let (ua, ub) = (on("/api/v1/payment/p2p/payin", &key), on("/api/v1/widget/payin", &key));
        let (ra, rb) = tokio::join!(payments.insert_payment(&a, Some(&ua)), payments.insert_payment(&b, Some(&ub)));
        let outcomes = [ra.unwrap(), rb.unwrap()];
        let created = outcomes.iter().filter(|o| matches!(o, Inserted::Created)).count();
        let replayed = outcomes.iter().filter(|o| matches!(o, Inserted::Replayed)).count();
        assert_eq!((created, replayed), (1, 1), "round {round}");
        let key = format!("one-endpoint-{round}");
        let (c, d) = (copy(4 * round + 2), copy(4 * round + 3));
        let u = on("/api/v1/payment/p2p/payin", &key);
        let (rc, rd) = tokio::join!(payments.insert_payment(&c, Some(&u)), payments.insert_payment(&d, Some(&u)));
        assert!(matches!((rc.unwrap(), rd.unwrap()), (Inserted::Created, Inserted::Created)), "round {round}");
    }
}

/// A group insert that fails part-way (here a payment whose `request_id` is already taken) is
/// undone whole on the writer's connection: the payment beside it is written when retried
/// alone, the failing one answers an error and its message is not recorded, and the writer
/// goes on (no transaction is left open on it).
async fn a_failed_group_insert_is_undone_and_the_writer_goes_on(backend: Backend) {
    use kassa::domain::ports::Inserted;
    let (app, model) = with_a_model_payment(backend).await;
    let payments = app.stores.payments.clone();
    let copy = |n: usize| copy_of(&model, n);
    let mut taken = copy(1);
    taken.request_id = model.request_id.clone();
    let fine = copy(2);
    let (ut, uf) = (on("/api/v1/payment/p2p/payin", "failing-taken"), on("/api/v1/payment/p2p/payin", "failing-fine"));
    let (rt, rf) = tokio::join!(payments.insert_payment(&taken, Some(&ut)), payments.insert_payment(&fine, Some(&uf)));
    assert!(rt.is_err(), "a taken request_id is an error");
    assert!(matches!(rf.unwrap(), Inserted::Created), "the payment beside it is written");
    // Its message was undone with it: used now on another endpoint, it is a first use.
    let again = payments.insert_payment(&copy(3), Some(&on("/api/v1/widget/payin", "failing-taken"))).await.unwrap();
    assert!(matches!(again, Inserted::Created), "the failed insert's message was not recorded");
    let (status, _) = app.call("/api/v1/payment/p2p/payin", &ru_card_payin(&app.key.project_id, "after", 150000)).await;
    assert_eq!(status, 200, "the writer goes on");
    assert!(payments.payment(&app.key.project_id, "copy-1").await.unwrap().is_none());
}

/// A read answers before its message is committed (it changes nothing); a create carrying the
/// same message right after it is still refused as a replay, in the same process, instead of
/// overtaking the read's record through the insert writer.
async fn a_create_cannot_overtake_the_record_of_a_read(backend: Backend) {
    use kassa::domain::ports::Inserted;
    let (app, model) = with_a_model_payment(backend).await;
    let payments = app.stores.payments.clone();
    for round in 0..20 {
        let key = format!("read-first-{round}");
        let first = app.stores.projects.remember_signature(&key, "/api/v1/payment/p2p/payin/info", i64::MAX, false);
        assert_eq!(first.await.unwrap(), None, "round {round}");
        let u = on("/api/v1/payment/p2p/payin", &key);
        let written = payments.insert_payment(&copy_of(&model, round), Some(&u)).await.unwrap();
        assert!(matches!(written, Inserted::Replayed), "round {round}");
    }
}

/// Item 5: a crafted timestamp is refused, never an arithmetic overflow.
async fn a_crafted_timestamp_is_refused(backend: Backend) {
    let app = spawn_app(backend).await;
    let body = app.general_ref("x");
    for ts in [i64::MIN, i64::MAX, i64::MIN + 1] {
        let mut headers = TestApp::signed_headers(&app.key, &body, ts);
        headers.retain(|(k, _)| *k != "x-access-timestamp");
        headers.push(("x-access-timestamp", ts.to_string()));
        let r = app.post_raw("/api/v1/payment/p2p/payin/info", &body.to_string(), &headers).await;
        assert_eq!(r.status(), 401, "{ts}");
        let err: Value = r.json().await.unwrap();
        assert_eq!(err["status_description"], "Invalid timestamp");
    }
}

/// Item 6: unknown tokens are remembered (one lookup, not one per request), and each address is
/// limited before any authentication work.
async fn unauthenticated_floods_cost_little(backend: Backend) {
    let app = spawn_app_with(backend, |c| {
        c.address_rate_limit_rps = 1;
        c.address_rate_limit_burst = 30;
    })
    .await;
    let lookups = || async {
        let text = app.client.get(app.url("/metrics")).send().await.unwrap().text().await.unwrap();
        text.lines()
            .find(|l| l.starts_with("kassa_auth_key_lookups_total"))
            .and_then(|l| l.split_whitespace().last())
            .and_then(|n| n.parse::<u64>().ok())
            .unwrap_or(0)
    };
    let before = lookups().await;
    let body = app.general_ref("x");
    let mut statuses = Vec::new();
    for _ in 0..40 {
        let mut headers = TestApp::signed_headers(&app.key, &body, crate::helpers::now_s());
        headers.retain(|(k, _)| *k != "x-access-token");
        headers.push(("x-access-token", "made-up-token".to_string()));
        statuses
            .push(app.post_raw("/api/v1/payment/p2p/payin/info", &body.to_string(), &headers).await.status().as_u16());
    }
    assert_eq!(lookups().await - before, 1, "one database lookup for one unknown token");
    assert!(statuses[..25].iter().all(|s| *s == 401), "{statuses:?}");
    assert_eq!(*statuses.last().unwrap(), 429, "the address is limited: {statuses:?}");
}

/// Item 7: a project holds at most two active request keys.
async fn at_most_two_active_request_keys(backend: Backend) {
    use kassa::crypto::keys::KeyType;
    let app = spawn_app(backend).await;
    let projects = app.stores.projects.as_ref();
    let keys = &app.services.keys;
    let second = kassa::admin::add_request_key(keys, &app.key.project_id, KeyType::EcdsaP256, None).await.unwrap();
    let third = kassa::admin::add_request_key(keys, &app.key.project_id, KeyType::EcdsaP256, None).await;
    assert!(third.unwrap_err().to_string().contains("at most two active request keys"));
    assert!(projects.set_request_key_active(&second.token, false, None).await.unwrap());
    let third = kassa::admin::add_request_key(keys, &app.key.project_id, KeyType::HmacSha512, None).await.unwrap();
    // Re-enabling a third is refused as well.
    assert!(
        projects
            .set_request_key_active(&second.token, true, None)
            .await
            .unwrap_err()
            .to_string()
            .contains("at most two")
    );
    assert!(projects.set_request_key_active(&third.token, false, None).await.unwrap());
    assert!(projects.set_request_key_active(&second.token, true, None).await.unwrap());
}

/// Item 12: a merchant whose endpoint stalls holds at most its project's share of delivery
/// slots; another merchant's callbacks keep their latency.
async fn a_stalled_merchant_does_not_delay_the_others(backend: Backend) {
    use crate::receiver::{Behaviour, Receiver};
    use kassa::crypto::keys::KeyType;
    let app = spawn_app(backend).await;
    let stall = std::time::Duration::from_secs(8);
    let stalled = Receiver::start(Behaviour { delay: stall, ..Default::default() }).await;
    let fast = Receiver::start(Behaviour::default()).await;
    for i in 0..80 {
        let id = format!("stall-{i}");
        let mut body = ru_card_payin(&app.key.project_id, &id, 100 + i);
        body["general"]["merchant_decline_callback_url"] = json!(format!("{}/decline", stalled.url));
        assert_eq!(app.call("/api/v1/payment/p2p/payin", &body).await.0, 200);
        assert_eq!(app.call("/api/v1/payment/p2p/payin/cancel", &app.general_ref(&id)).await.0, 200);
    }
    stalled.wait_until(10, |r| r.len() >= 16).await;
    let (other, _) = app.new_project("Other Merchant", KeyType::EcdsaP256, KeyType::EcdsaP256).await;
    let mut latencies = Vec::new();
    for i in 0..20 {
        let id = format!("fast-{i}");
        let mut body = ru_card_payin(&other.project_id, &id, 100 + i);
        body["general"]["merchant_decline_callback_url"] = json!(format!("{}/decline", fast.url));
        assert_eq!(app.post_signed_with(&other, "/api/v1/payment/p2p/payin", &body).await.status(), 200);
        let cancel = json!({"general": {"project_id": other.project_id, "payment_id": id}});
        let asked = std::time::Instant::now();
        assert_eq!(app.post_signed_with(&other, "/api/v1/payment/p2p/payin/cancel", &cancel).await.status(), 200);
        let got = fast.wait_until(10, |r| r.len() > i as usize).await;
        latencies.push(got[i as usize].at.saturating_duration_since(asked));
    }
    latencies.sort();
    let p50 = latencies[latencies.len() / 2];
    // A callback queued behind the stalled merchant's slots would wait out its stall (seconds);
    // one that keeps its own share arrives in tens of milliseconds, a few hundred on a loaded
    // machine. An eighth of the stall tells the two apart without timing the machine.
    assert!(p50 < stall / 8, "p50 {p50:?}: {latencies:?}");
    assert!(stalled.received().len() <= 32, "the stalled merchant holds its share only");
}

/// Item 15: the attempt log tells a merchant nothing about internal names: a name that does
/// not resolve and one that resolves to a private address read the same.
async fn attempt_errors_reveal_no_internal_names(backend: Backend) {
    let app = spawn_app_with(backend, |c| c.allow_private_callbacks = false).await;
    let mut errors = Vec::new();
    for (id, url) in [("private-name", "https://localhost:9/cb"), ("no-name", "https://kassa-unresolvable.invalid/cb")]
    {
        let mut body = ru_card_payin(&app.key.project_id, id, 100);
        body["general"]["merchant_decline_callback_url"] = json!(url);
        assert_eq!(app.call("/api/v1/payment/p2p/payin", &body).await.0, 200);
        app.call("/api/v1/payment/p2p/payin/cancel", &app.general_ref(id)).await;
        let deadline = std::time::Instant::now() + std::time::Duration::from_secs(10);
        loop {
            let body = json!({"general": {"project_id": app.key.project_id, "payment_id": id}});
            let (_, log) = app.call("/api/v1/callbacks", &body).await;
            if let Some(error) = log[0]["attempts"][0]["error"].as_str() {
                errors.push(error.to_string());
                break;
            }
            assert!(std::time::Instant::now() < deadline);
            tokio::time::sleep(std::time::Duration::from_millis(50)).await;
        }
    }
    assert_eq!(errors[0], errors[1]);
    assert!(!errors[1].contains("kassa-unresolvable") && !errors[0].contains("localhost"), "{errors:?}");
}

/// Item 11: a page view, however many, writes nothing (its form token is stateless), and a
/// refused form neither.
async fn page_views_and_refused_forms_write_no_session(backend: Backend) {
    let app = spawn_app(backend).await;
    let (_, created) = app.call("/api/v1/widget/payin", &ecom_widget(&app, "stateless")).await;
    let form_url = created["integration"]["form_url"].as_str().unwrap().to_string();
    for _ in 0..20 {
        let r = app.client.get(&form_url).send().await.unwrap();
        assert_eq!(r.status(), 200);
        assert!(r.headers()["set-cookie"].to_str().unwrap().starts_with("kassa_csrf="));
    }
    for _ in 0..5 {
        let r = app.client.post(format!("{form_url}/cancel")).form(&[("csrf", "forged")]).send().await.unwrap();
        assert!(r.headers()["location"].to_str().unwrap().ends_with("notice=error-session"));
    }
    assert_eq!(app.count_rows(app.sessions_table()).await, 0, "no session row was written");
    let (_, info) = app.call("/api/v1/widget/payin/info", &app.general_ref("stateless")).await;
    assert_eq!(status_of(&info), "processing:new", "the forged cancels changed nothing");
    // A form from another browser (another cookie) is refused too.
    let mut browser = Browser::new(&app);
    let (_, _, html) = browser.get(&form_url).await;
    let token = csrf_of(&html);
    let r = app
        .client
        .post(format!("{form_url}/cancel"))
        .header("cookie", format!("kassa_csrf={}", "a".repeat(32)))
        .form(&[("csrf", token.as_str())])
        .send()
        .await
        .unwrap();
    assert!(r.headers()["location"].to_str().unwrap().ends_with("notice=error-session"));
    let r = browser.post_form(&format!("{form_url}/cancel"), &[("csrf", &token), ("confirm", "yes")]).await;
    assert!(!r.headers()["location"].to_str().unwrap().contains("notice"), "its own browser's form is accepted");
    let (_, info) = app.call("/api/v1/widget/payin/info", &app.general_ref("stateless")).await;
    assert_eq!(info["status"], "decline");
}

/// Item 9: a receipt upload is refused on its token and CSRF token before its file is read, and
/// each payment gets a bounded number of uploads.
async fn a_receipt_upload_is_checked_before_its_file_is_read(backend: Backend) {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let app = spawn_app(backend).await;
    app.add_ru_card("5536913812345672").await;
    let mut body = crate::widget::widget_body(&app, "upload", "RUB", Some("payin-p2p-card"), "RU");
    body["general"]["redirect_url"] = json!("https://shop.example/back");
    let (_, created) = app.call("/api/v1/widget/payin", &body).await;
    let form_url = created["integration"]["form_url"].as_str().unwrap().to_string();
    app.wait_for("upload", 10, |b| status_of(b) == "processing:awaiting_confirm").await;
    let path = form_url.trim_start_matches(&app.address).to_string();
    // A forged token and the start of a 5 MB file, then nothing: the answer comes at once.
    let mut stream = tokio::net::TcpStream::connect(app.address.trim_start_matches("http://")).await.unwrap();
    let boundary = "XkassaX";
    let head = format!(
        "--{boundary}\r\ncontent-disposition: form-data; name=\"csrf\"\r\n\r\nforged\r\n\
         --{boundary}\r\ncontent-disposition: form-data; name=\"receipt\"; filename=\"r.pdf\"\r\n\
         content-type: application/pdf\r\n\r\n%PDF-1.4\n"
    );
    let request = format!(
        "POST {path}/receipt HTTP/1.1\r\nhost: kassa\r\ncontent-type: multipart/form-data; boundary={boundary}\r\n\
         content-length: {}\r\n\r\n{head}",
        head.len() + 5_000_000
    );
    stream.write_all(request.as_bytes()).await.unwrap();
    let mut buf = [0u8; 2048];
    let n = tokio::time::timeout(std::time::Duration::from_secs(2), stream.read(&mut buf))
        .await
        .expect("answered before the file arrived")
        .unwrap();
    let answer = String::from_utf8_lossy(&buf[..n]);
    assert!(answer.starts_with("HTTP/1.1 303"), "{answer}");
    assert!(answer.contains("notice=error-session"), "{answer}");
    // An unknown page is not read either.
    let mut stream = tokio::net::TcpStream::connect(app.address.trim_start_matches("http://")).await.unwrap();
    let unknown = request.replace(&path, &format!("/pay/{}", "c".repeat(40)));
    stream.write_all(unknown.as_bytes()).await.unwrap();
    let n = tokio::time::timeout(std::time::Duration::from_secs(2), stream.read(&mut buf)).await.unwrap().unwrap();
    assert!(String::from_utf8_lossy(&buf[..n]).starts_with("HTTP/1.1 404"));

    // Uploads per payment are bounded (here: refused files, which change nothing).
    let mut browser = Browser::new(&app);
    let (_, _, html) = browser.get(&form_url).await;
    let csrf = csrf_of(&html);
    browser.post_form(&format!("{form_url}/confirm"), &[("csrf", &csrf)]).await;
    let cookie = browser.cookie().unwrap();
    let mut notices = Vec::new();
    for _ in 0..6 {
        let form = reqwest::multipart::Form::new()
            .text("csrf", csrf.clone())
            .part("receipt", reqwest::multipart::Part::bytes(b"not a receipt".to_vec()).file_name("r.txt"));
        let r = app
            .client
            .post(format!("{form_url}/receipt"))
            .multipart(form)
            .header("cookie", &cookie)
            .send()
            .await
            .unwrap();
        notices.push(r.headers()["location"].to_str().unwrap().split("notice=").nth(1).unwrap_or("").to_string());
    }
    assert_eq!(notices[..5], ["receipt-error-type"; 5]);
    assert_eq!(notices[5], "receipt-error-too-many");
}

both_backends!(
    page_views_and_refused_forms_write_no_session,
    a_receipt_upload_is_checked_before_its_file_is_read,
    a_stalled_merchant_does_not_delay_the_others,
    attempt_errors_reveal_no_internal_names,
    twenty_card_posts_at_once_reach_the_acquirer_once,
    stored_secrets_are_sealed,
    a_request_replayed_to_another_endpoint_is_refused,
    a_create_records_its_message_with_its_payment,
    one_message_on_two_endpoints_at_once_creates_one_payment,
    a_failed_group_insert_is_undone_and_the_writer_goes_on,
    a_create_cannot_overtake_the_record_of_a_read,
    a_crafted_timestamp_is_refused,
    unauthenticated_floods_cost_little,
    at_most_two_active_request_keys,
);

fn kassa(args: &[&str], env: &[(&str, &str)]) -> std::process::Output {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_kassa"));
    cmd.args(args).env_remove("KASSA_MASTER_KEY").env_remove("KASSA_MASTER_KEY_FILE");
    for (k, v) in env {
        cmd.env(k, v);
    }
    cmd.output().unwrap()
}

/// Item 13: a rotation re-seals every secret under the new key; afterwards the old key alone
/// opens nothing, and the new one serves.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_master_key_rotates() {
    let (url, _db) = fresh_database(Backend::Postgres).await;
    let url = url.expose().to_string();
    let old = MASTER_KEY;
    let new = String::from_utf8(kassa(&["master-key", "new"], &[]).stdout).unwrap().trim().to_string();
    let created = kassa(
        &["project", "create", "--merchant", "Rotating", "--name", "Main", "--request-key-type", "hmac-sha512"],
        &[("KASSA_DATABASE_URL", &url), ("KASSA_MASTER_KEY", old)],
    );
    assert!(created.status.success(), "{}", String::from_utf8_lossy(&created.stderr));
    let created: Value = serde_json::from_slice(&created.stdout).unwrap();
    // An operator's second factor is sealed too.
    let factor = kassa::domain::factor::new_secret();
    {
        use kassa::domain::audit::{AuditEntry, Subject, Who};
        use kassa::domain::user::{Audience, ConsoleUser, Role};
        let vault = kassa::crypto::vault::Vault::open(&kassa::crypto::vault::KeySource {
            key: Some(kassa::secret::Secret::new(old.to_string())),
            ..Default::default()
        })
        .unwrap();
        let database = kassa::storage::open(&kassa::config::DatabaseUrl::new(url.clone()), std::sync::Arc::new(vault))
            .await
            .unwrap();
        let users = &database.stores.users;
        let audit = AuditEntry::new(&Who::Cli, "user_added", Subject::User, "rot", 0);
        let user = ConsoleUser {
            id: "rot".into(),
            audience: Audience::Operator,
            merchant_id: None,
            login: "rot".into(),
            password_hash: "!".into(),
            active: true,
            created_ms: 0,
            role: Role::Admin,
            setup_expires_ms: None,
            has_factor: false,
            recovery_left: 0,
        };
        users.upsert_user(&user, &audit).await.unwrap();
        users.set_pending_factor(Audience::Operator, "rot", &factor).await.unwrap();
        assert!(users.enable_factor(Audience::Operator, "rot", 1, &[], &audit).await.unwrap());
    }

    let rotated = kassa(
        &["master-key", "rotate"],
        &[("KASSA_DATABASE_URL", &url), ("KASSA_MASTER_KEY", &new), ("KASSA_MASTER_KEY_PREVIOUS", old)],
    );
    assert!(rotated.status.success(), "{}", String::from_utf8_lossy(&rotated.stderr));
    let answer: Value = serde_json::from_slice(&rotated.stdout).unwrap();
    assert!(answer["resealed"].as_u64().unwrap() >= 3, "{answer}");

    // The old key alone opens nothing any more.
    let with_old = kassa(&["master-key", "rotate"], &[("KASSA_DATABASE_URL", &url), ("KASSA_MASTER_KEY", old)]);
    assert!(!with_old.status.success());
    assert!(String::from_utf8_lossy(&with_old.stderr).contains("not configured"));
    // The new key alone serves signed requests.
    let database = kassa::storage::open(
        &kassa::config::DatabaseUrl::new(url.clone()),
        std::sync::Arc::new(
            kassa::crypto::vault::Vault::open(&kassa::crypto::vault::KeySource {
                key: Some(kassa::secret::Secret::new(new.clone())),
                ..Default::default()
            })
            .unwrap(),
        ),
    )
    .await
    .unwrap();
    let stored = database.stores.users.factor(kassa::domain::user::Audience::Operator, "rot").await.unwrap().unwrap();
    assert_eq!(stored.secret.expose(), factor.expose(), "the second factor reads back under the new key");
    let token = created["request_key"]["token"].as_str().unwrap();
    let record = database.stores.projects.request_key(token).await.unwrap().unwrap();
    assert_eq!(
        record.key.hmac_secret.unwrap().expose(),
        created["request_key"]["hmac_secret"].as_str().unwrap(),
        "the secret reads back under the new key"
    );
}

/// Item 13: PostgreSQL never gets a master key made for it; SQLite gets a key file beside the
/// database on first start (so the README's run command keeps working).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_master_key_is_required_or_created_beside_sqlite() {
    let (url, _db) = fresh_database(Backend::Postgres).await;
    let out = kassa(&["migrate"], &[("KASSA_DATABASE_URL", url.expose())]);
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("KASSA_MASTER_KEY"));
    let dir = tempfile::tempdir().unwrap();
    let url = format!("sqlite://{}/db/kassa.db", dir.path().display());
    let out = kassa(&["migrate"], &[("KASSA_DATABASE_URL", &url)]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let key = std::fs::read_to_string(dir.path().join("db/kassa.key")).unwrap();
    assert_eq!(key.trim().len(), 44, "base64 of 32 bytes");
}

mod limits {
    //! Item 8: limits before the crash. Each test starts a server with small limits and plays
    //! the slow or greedy client over raw TCP.
    use std::time::{Duration, Instant};

    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    use tokio::net::TcpStream;

    use crate::helpers::{Backend, spawn_app_with};

    async fn connect(address: &str) -> TcpStream {
        TcpStream::connect(address.trim_start_matches("http://")).await.unwrap()
    }

    /// Reads until the server closes the connection (or `within` passes); what it sent.
    async fn read_to_close(stream: &mut TcpStream, within: Duration) -> Option<String> {
        let mut out = Vec::new();
        let mut buf = [0u8; 4096];
        let deadline = Instant::now() + within;
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match tokio::time::timeout(left, stream.read(&mut buf)).await {
                Ok(Ok(0)) | Ok(Err(_)) => return Some(String::from_utf8_lossy(&out).into_owned()),
                Ok(Ok(n)) => out.extend_from_slice(&buf[..n]),
                Err(_) => return None,
            }
        }
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn a_client_that_never_finishes_its_headers_is_cut_off() {
        let app = spawn_app_with(Backend::Sqlite, |c| c.header_read_timeout_ms = 300).await;
        let mut slow = connect(&app.address).await;
        slow.write_all(b"POST /api/v1/bank/all HTTP/1.1\r\nHost: kassa\r\nx-access-token: ").await.unwrap();
        let started = Instant::now();
        assert!(read_to_close(&mut slow, Duration::from_secs(3)).await.is_some(), "the connection was closed");
        assert!(started.elapsed() < Duration::from_secs(2));
        // An idle keep-alive connection is closed the same way.
        let mut idle = connect(&app.address).await;
        assert!(read_to_close(&mut idle, Duration::from_secs(3)).await.is_some());
        assert_eq!(app.client.get(app.url("/healthz")).send().await.unwrap().status(), 200);
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn connections_over_the_limit_are_answered_503_at_once() {
        let app = spawn_app_with(Backend::Sqlite, |c| {
            c.max_connections = Some(3);
            c.header_read_timeout_ms = 1_000;
        })
        .await;
        let mut held = Vec::new();
        for _ in 0..3 {
            held.push(connect(&app.address).await);
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
        let mut extra = connect(&app.address).await;
        let answer = read_to_close(&mut extra, Duration::from_millis(500)).await.expect("answered at once");
        assert!(answer.starts_with("HTTP/1.1 503"), "{answer}");
        assert!(answer.contains("retry-after: 1") && answer.contains("Service unavailable"), "{answer}");
        // The idle ones time out and give their slots back.
        drop(held);
        tokio::time::sleep(Duration::from_millis(200)).await;
        assert_eq!(app.client.get(app.url("/healthz")).send().await.unwrap().status(), 200);
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn requests_over_the_in_flight_limit_are_answered_503() {
        let app = spawn_app_with(Backend::Sqlite, |c| c.max_in_flight = 1).await;
        // One request in flight: its body arrives slowly.
        let mut slow = connect(&app.address).await;
        slow.write_all(
            b"POST /api/v1/bank/all HTTP/1.1\r\nHost: kassa\r\ncontent-type: application/json\r\ncontent-length: 100\r\n\r\n{",
        )
        .await
        .unwrap();
        tokio::time::sleep(Duration::from_millis(200)).await;
        let r = app.client.get(app.url("/healthz")).send().await.unwrap();
        assert_eq!(r.status(), 503);
        assert_eq!(r.headers()["retry-after"], "1");
        let body: serde_json::Value = r.json().await.unwrap();
        assert_eq!(body["status_description"], "Service unavailable");
        drop(slow);
        tokio::time::sleep(Duration::from_millis(200)).await;
        assert_eq!(app.client.get(app.url("/healthz")).send().await.unwrap().status(), 200);
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn a_request_that_takes_too_long_is_ended() {
        let app = spawn_app_with(Backend::Sqlite, |c| c.request_timeout_ms = 500).await;
        let mut trickle = connect(&app.address).await;
        trickle
            .write_all(b"POST /api/v1/bank/all HTTP/1.1\r\nHost: kassa\r\ncontent-type: application/json\r\ncontent-length: 100\r\n\r\n")
            .await
            .unwrap();
        let started = Instant::now();
        let mut answer = String::new();
        for _ in 0..30 {
            // A byte every 100 ms: never idle long enough for the body timeout.
            if trickle.write_all(b" ").await.is_err() {
                break;
            }
            let mut buf = [0u8; 1024];
            if let Ok(Ok(n)) = tokio::time::timeout(Duration::from_millis(100), trickle.read(&mut buf)).await
                && n > 0
            {
                answer = String::from_utf8_lossy(&buf[..n]).into_owned();
                break;
            }
        }
        assert!(answer.starts_with("HTTP/1.1 503"), "{answer:?}");
        assert!(started.elapsed() < Duration::from_secs(2), "{:?}", started.elapsed());
    }
}

/// Item 14: a database is sandbox or live for good, and every sandbox answer carries a mark.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sandbox_and_live_databases_are_never_mixed_up() {
    for (first, then, says) in [(true, false, "created in sandbox mode"), (false, true, "live database")] {
        let (url, _db) = fresh_database(Backend::Sqlite).await;
        let mut config = crate::helpers::test_config(url.clone());
        config.sandbox = first;
        let app = kassa::startup::Application::build(config).await.unwrap();
        drop(app);
        let mut config = crate::helpers::test_config(url);
        config.sandbox = then;
        let refused = kassa::startup::Application::build(config).await.err().expect("refused");
        assert!(refused.to_string().contains(says), "{refused}");
    }
    let sandbox = spawn_app(Backend::Sqlite).await;
    let r = sandbox.post_signed("/api/v1/bank/all", &json!({"general": {"project_id": sandbox.key.project_id}})).await;
    assert_eq!(r.headers()["x-kassa-mode"], "sandbox");
    let (_, created) = sandbox.call("/api/v1/widget/payin", &ecom_widget(&sandbox, "marked")).await;
    let form_url = created["integration"]["form_url"].as_str().unwrap();
    let page = sandbox.client.get(format!("{form_url}?lang=en")).send().await.unwrap();
    assert_eq!(page.headers()["x-kassa-mode"], "sandbox");
    assert!(page.text().await.unwrap().contains("Sandbox: test payments only"));
    let live = crate::helpers::spawn_app_with(Backend::Sqlite, |c| c.sandbox = false).await;
    let r = live.client.get(live.url("/healthz")).send().await.unwrap();
    assert!(r.headers().get("x-kassa-mode").is_none());
}

/// Item 10: invented HTTP methods cannot create metric series: they are counted as `other`.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn invented_methods_make_no_new_metric_series() {
    let app = spawn_app(Backend::Sqlite).await;
    for i in 0..20 {
        let method = reqwest::Method::from_bytes(format!("XMETHOD{i}").as_bytes()).unwrap();
        app.client.request(method, app.url("/healthz")).send().await.unwrap();
    }
    let metrics = app.client.get(app.url("/metrics")).send().await.unwrap().text().await.unwrap();
    assert!(!metrics.contains("XMETHOD"), "no series per invented method");
    assert!(metrics.contains("method=\"other\""), "{metrics}");
}
