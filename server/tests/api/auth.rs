//! Request authentication (decisions.md §2) and the error model (§4).

use kassa::crypto::keys::KeyType;
use serde_json::{Value, json};

use crate::both_backends;
use crate::helpers::{Backend, TestApp, now_s, spawn_app};

const PATH: &str = "/api/v1/bank/all";

fn body(app: &TestApp) -> Value {
    json!({"general": {"project_id": app.key.project_id}})
}

async fn error_of(r: reqwest::Response) -> (u16, Value) {
    let status = r.status().as_u16();
    let body: Value = r.json().await.unwrap();
    assert_eq!(body["status"], "error", "{body}");
    assert!(body["sub_status"].is_null(), "{body}");
    assert!(body["errors"].is_array(), "{body}");
    (status, body)
}

async fn signed_requests_of_every_key_type_are_accepted(backend: Backend) {
    let app = spawn_app(backend).await;
    for key_type in KeyType::ALL {
        let (key, _) = app.new_project(&format!("merchant-{key_type}"), key_type, KeyType::EcdsaP256).await;
        let body = json!({"general": {"project_id": key.project_id}});
        let r = app.post_signed_with(&key, PATH, &body).await;
        assert_eq!(r.status(), 200, "{key_type}: {}", r.text().await.unwrap());
        let banks: Value = r.json().await.unwrap();
        assert!(banks.as_array().unwrap().len() > 50, "{key_type}");
        // The algorithm header is optional; when given it must match the key.
        let mut headers = TestApp::signed_headers(&key, &body, now_s());
        headers.push(("x-access-merchant-algorithm", key_type.algorithm_header().to_lowercase()));
        let r = app.post_raw(PATH, &body.to_string(), &headers).await;
        assert_eq!(r.status(), 200, "{key_type} with algorithm header");
    }
}

async fn a_tampered_body_or_a_bad_signature_is_refused(backend: Backend) {
    let app = spawn_app(backend).await;
    let body = body(&app);
    let headers = TestApp::signed_headers(&app.key, &body, now_s());
    let tampered = json!({"general": {"project_id": app.key.project_id, "extra": "x"}});
    let (status, err) = error_of(app.post_raw(PATH, &tampered.to_string(), &headers).await).await;
    assert_eq!((status, err["status_description"].as_str()), (401, Some("Invalid signature")));

    // A signature made by another key of the same type.
    let (other, _) = app.new_project("other", KeyType::EcdsaP256, KeyType::EcdsaP256).await;
    let mut headers = TestApp::signed_headers(&app.key, &body, now_s());
    headers.retain(|(k, _)| *k != "x-access-signature");
    headers.push(("x-access-signature", other.sign(&body, &now_s().to_string())));
    let (status, err) = error_of(app.post_raw(PATH, &body.to_string(), &headers).await).await;
    assert_eq!((status, err["status_description"].as_str()), (401, Some("Invalid signature")));
    assert_eq!(err["project_id"], app.key.project_id.as_str(), "errors carry the request's ids");

    // Garbage signature.
    headers.retain(|(k, _)| *k != "x-access-signature");
    headers.push(("x-access-signature", "AAAA".into()));
    let (status, _) = error_of(app.post_raw(PATH, &body.to_string(), &headers).await).await;
    assert_eq!(status, 401);
}

async fn stale_and_future_timestamps_are_refused(backend: Backend) {
    let app = spawn_app(backend).await;
    let body = body(&app);
    // Ten seconds either side of the 300 s window: the test's clock and the server's may read
    // different seconds, so an offset of 301 can arrive as 300 and be accepted.
    for (offset, ok) in [(-310, false), (310, false), (-290, true), (290, true)] {
        let headers = TestApp::signed_headers(&app.key, &body, now_s() + offset);
        let r = app.post_raw(PATH, &body.to_string(), &headers).await;
        if ok {
            assert_eq!(r.status(), 200, "offset {offset}");
        } else {
            let (status, err) = error_of(r).await;
            assert_eq!(
                (status, err["status_description"].as_str()),
                (401, Some("Invalid timestamp")),
                "offset {offset}"
            );
        }
    }
    let mut headers = TestApp::signed_headers(&app.key, &body, now_s());
    headers.retain(|(k, _)| *k != "x-access-timestamp");
    headers.push(("x-access-timestamp", "yesterday".into()));
    let (status, err) = error_of(app.post_raw(PATH, &body.to_string(), &headers).await).await;
    assert_eq!((status, err["status_description"].as_str()), (401, Some("Invalid timestamp")));
}

async fn each_missing_header_is_named(backend: Backend) {
    let app = spawn_app(backend).await;
    let body = body(&app);
    for missing in ["x-access-timestamp", "x-access-merchant-id", "x-access-token", "x-access-signature"] {
        let mut headers = TestApp::signed_headers(&app.key, &body, now_s());
        headers.retain(|(k, _)| *k != missing);
        let (status, err) = error_of(app.post_raw(PATH, &body.to_string(), &headers).await).await;
        assert_eq!(status, 401, "{missing}");
        assert_eq!(err["status_description"], format!("Missing header: {missing}"));
    }
}

async fn unknown_keys_and_foreign_projects_are_refused(backend: Backend) {
    let app = spawn_app(backend).await;
    let body = body(&app);

    // A token no project has.
    let mut headers = TestApp::signed_headers(&app.key, &body, now_s());
    headers.retain(|(k, _)| *k != "x-access-token");
    headers.push(("x-access-token", "not-a-key".into()));
    let (status, err) = error_of(app.post_raw(PATH, &body.to_string(), &headers).await).await;
    assert_eq!((status, err["status_description"].as_str()), (401, Some("Unknown key")));

    // A merchant header that does not match the key.
    let mut headers = TestApp::signed_headers(&app.key, &body, now_s());
    headers.retain(|(k, _)| *k != "x-access-merchant-id");
    headers.push(("x-access-merchant-id", uuid::Uuid::new_v4().to_string()));
    let (status, err) = error_of(app.post_raw(PATH, &body.to_string(), &headers).await).await;
    assert_eq!((status, err["status_description"].as_str()), (401, Some("Unknown key")));

    // The project's own id is accepted as the merchant header.
    let mut headers = TestApp::signed_headers(&app.key, &body, now_s());
    headers.retain(|(k, _)| *k != "x-access-merchant-id");
    headers.push(("x-access-merchant-id", app.key.project_id.clone()));
    assert_eq!(app.post_raw(PATH, &body.to_string(), &headers).await.status(), 200);

    // An algorithm header naming another type.
    let mut headers = TestApp::signed_headers(&app.key, &body, now_s());
    headers.push(("x-access-merchant-algorithm", "HMAC".into()));
    let (status, err) = error_of(app.post_raw(PATH, &body.to_string(), &headers).await).await;
    assert_eq!((status, err["status_description"].as_str()), (401, Some("Unknown key")));

    // Another merchant's project, and a project that does not exist: the same answer.
    let (_, other) = app.new_project("Someone Else", KeyType::EcdsaP256, KeyType::EcdsaP256).await;
    for project_id in [other.project_id.as_str(), "00000000000000000000000000000000", &"x".repeat(40)] {
        let body = json!({"general": {"project_id": project_id}});
        let (status, err) = error_of(app.post_signed(PATH, &body).await).await;
        assert_eq!((status, err["status_description"].as_str()), (403, Some("Access denied")), "{project_id}");
    }

    // A key of the same merchant's other project is not a key of this project.
    let (sibling, _) = app.new_project("Test Merchant", KeyType::HmacSha512, KeyType::EcdsaP256).await;
    let (status, err) = error_of(app.post_signed_with(&sibling, PATH, &body).await).await;
    assert_eq!((status, err["status_description"].as_str()), (401, Some("Unknown key")));

    // A missing project_id cannot be looked up.
    let (status, err) = error_of(app.post_signed(PATH, &json!({"general": {}})).await).await;
    assert_eq!(status, 400);
    assert_eq!(err["status_description"], "Validation failed");
    assert_eq!(err["errors"][0]["field"], "general.project_id");
}

async fn keys_rotate_without_downtime(backend: Backend) {
    // Keys are cached by the authentication; a change applies within the cache time.
    let app = crate::helpers::spawn_app_with(backend, |c| c.auth_cache_s = 1).await;
    let body = body(&app);
    let added =
        kassa::admin::add_request_key(&app.services.keys, &app.key.project_id, KeyType::RsaSha256, None).await.unwrap();
    let created = kassa::admin::ProjectCreated {
        merchant_id: app.key.merchant_id.clone(),
        project_id: app.key.project_id.clone(),
        request_key: added,
        callback_key: kassa::admin::CallbackKeyOut { key_type: "ecdsa-p256", public_key_pem: None, hmac_secret: None },
    };
    let second = crate::helpers::ClientKey::from_created(&created);
    assert_eq!(app.post_signed(PATH, &body).await.status(), 200, "first key");
    assert_eq!(app.post_signed_with(&second, PATH, &body).await.status(), 200, "second key");
    assert!(app.stores.projects.set_request_key_active(&app.key.token, false, None).await.unwrap());
    tokio::time::sleep(std::time::Duration::from_millis(1100)).await;
    let (status, err) = error_of(app.post_signed(PATH, &body).await).await;
    assert_eq!((status, err["status_description"].as_str()), (401, Some("Unknown key")));
    assert_eq!(app.post_signed_with(&second, PATH, &body).await.status(), 200);
}

async fn oversize_and_non_json_bodies_are_refused(backend: Backend) {
    let app = spawn_app(backend).await;
    let big = json!({"general": {"project_id": app.key.project_id}, "pad": "x".repeat(70 * 1024)});
    let (status, err) = error_of(app.post_signed(PATH, &big).await).await;
    assert_eq!((status, err["status_description"].as_str()), (413, Some("Payload too large")));

    let headers = TestApp::signed_headers(&app.key, &json!({}), now_s());
    let (status, err) = error_of(app.post_raw(PATH, "{not json", &headers).await).await;
    assert_eq!(status, 400);
    assert!(err["status_description"].as_str().unwrap().starts_with("Invalid JSON"), "{err}");

    let mut headers = TestApp::signed_headers(&app.key, &body(&app), now_s());
    headers.retain(|(k, _)| *k != "content-type");
    headers.push(("content-type", "text/plain".into()));
    let (status, err) = error_of(app.post_raw(PATH, &body(&app).to_string(), &headers).await).await;
    assert_eq!((status, err["status_description"].as_str()), (400, Some("Invalid request")));

    let headers = TestApp::signed_headers(&app.key, &json!([1, 2]), now_s());
    let (status, err) = error_of(app.post_raw(PATH, "[1,2]", &headers).await).await;
    assert_eq!((status, err["status_description"].as_str()), (400, Some("Invalid request")));
}

async fn the_rate_limit_answers_429_with_retry_after(backend: Backend) {
    let app = crate::helpers::spawn_app_with(backend, |c| {
        c.rate_limit_rps = 1;
        c.rate_limit_burst = 3;
    })
    .await;
    let body = body(&app);
    for _ in 0..3 {
        assert_eq!(app.post_signed(PATH, &body).await.status(), 200);
    }
    let r = app.post_signed(PATH, &body).await;
    assert!(r.headers().get("retry-after").is_some());
    let (status, err) = error_of(r).await;
    assert_eq!((status, err["status_description"].as_str()), (429, Some("Too many requests")));
}

/// The signing code of docs/SIGNING.md, used as a merchant would: raw body bytes and headers.
async fn a_request_signed_with_the_guide_code_is_accepted(backend: Backend) {
    let app = spawn_app(backend).await;
    let (_, created) = app.new_project("Guide Shop", KeyType::EcdsaP256, KeyType::EcdsaP256).await;
    let pem = created.request_key.private_key_pem.clone().unwrap();
    let body = crate::helpers::ru_card_payin(&created.project_id, "guide-1", 150000).to_string();
    let timestamp = now_s().to_string();
    let signature = crate::signing_example::sign_request(body.as_bytes(), &timestamp, &pem).unwrap();
    let headers = [
        ("content-type", "application/json".to_string()),
        ("x-access-timestamp", timestamp.clone()),
        ("x-access-merchant-id", created.merchant_id.clone()),
        ("x-access-token", created.request_key.token.clone()),
        ("x-access-signature", signature),
    ];
    let r = app.post_raw("/api/v1/payment/p2p/payin", &body, &headers).await;
    assert_eq!(r.status(), 200, "{}", r.text().await.unwrap());
    // One second before the signed timestamp (not `now_s() - 1`, which a second boundary
    // between the two readings would make equal to it).
    let other_time = (timestamp.parse::<i64>().unwrap() - 1).to_string();
    let stale = crate::signing_example::sign_request(body.as_bytes(), &other_time, &pem).unwrap();
    let mut headers = headers;
    headers[4].1 = stale;
    let (status, err) = error_of(app.post_raw("/api/v1/payment/p2p/payin", &body, &headers).await).await;
    assert_eq!((status, err["status_description"].as_str()), (401, Some("Invalid signature")), "timestamp is signed");
}

/// docs/SIGNING.md shows exactly the signing code this test runs.
#[test]
fn the_signing_guide_shows_the_tested_code() {
    let guide = include_str!("../../../docs/SIGNING.md");
    let code = include_str!("signing_example.rs");
    assert!(
        guide.contains(&format!("```rust\n{code}```")),
        "docs/SIGNING.md must embed tests/api/signing_example.rs verbatim"
    );
}

both_backends!(
    signed_requests_of_every_key_type_are_accepted,
    a_tampered_body_or_a_bad_signature_is_refused,
    stale_and_future_timestamps_are_refused,
    each_missing_header_is_named,
    unknown_keys_and_foreign_projects_are_refused,
    keys_rotate_without_downtime,
    oversize_and_non_json_bodies_are_refused,
    the_rate_limit_answers_429_with_retry_after,
    a_request_signed_with_the_guide_code_is_accepted,
);
