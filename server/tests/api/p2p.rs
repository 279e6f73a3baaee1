//! H2H p2p payins end to end: create, requisites, info, confirm, cancel, operator moves,
//! disputes, expiry, idempotency, selection rules, anti-fraud and races.

use serde_json::{Value, json};

use crate::both_backends;
use crate::helpers::{Backend, TestApp, ru_card_payin, spawn_app, spawn_app_with, status_of};

const CREATE: &str = "/api/v1/payment/p2p/payin";
const INFO: &str = "/api/v1/payment/p2p/payin/info";
const CANCEL: &str = "/api/v1/payment/p2p/payin/cancel";
const CONFIRM: &str = "/api/v1/payment/p2p/payin/confirm";

async fn create(app: &TestApp, body: &Value) -> Value {
    let (status, created) = app.call(CREATE, body).await;
    assert_eq!(status, 200, "{created}");
    created
}

async fn awaiting_confirm(app: &TestApp, payment_id: &str, amount: i64) -> Value {
    create(app, &ru_card_payin(&app.key.project_id, payment_id, amount)).await;
    app.wait_for(payment_id, 10, |b| status_of(b) == "processing:awaiting_confirm").await
}

fn title<'a>(info: &'a Value, title: &str) -> Option<&'a Value> {
    info["display_data"].as_array()?.iter().find(|d| d["title"] == title).map(|d| &d["data"])
}

async fn create_answers_the_documented_body(backend: Backend) {
    let app = spawn_app(backend).await;
    let created = create(&app, &ru_card_payin(&app.key.project_id, "order-1", 150000)).await;
    assert_eq!(status_of(&created), "processing:requisites");
    assert!(created["status_description"].is_null());
    let request_id = created["request_id"].as_str().unwrap();
    assert_eq!(request_id.len(), 32);
    assert_eq!(created["project_id"], app.key.project_id.as_str());
    assert_eq!(created["payment_id"], "order-1");
    let form_url = created["integration"]["form_url"].as_str().unwrap();
    let token = form_url.strip_prefix(&format!("{}/pay/", app.address)).expect("form_url is {public_url}/pay/{token}");
    assert_eq!(token.len(), 40);
    assert!(token.bytes().all(|b| b.is_ascii_hexdigit()));
    assert!(!form_url.contains("order-1"));
    let info = &created["payment_info"];
    assert_eq!(
        (info["amount"].as_i64(), info["old_amount"].as_i64(), info["initial_amount"].as_i64()),
        (Some(150000), Some(150000), Some(150000))
    );
    assert_eq!(info["currency"], "RUB");
    assert_eq!(info["lifetime"], 600, "RU default lifetime");
    assert_eq!(info["expiration_date"].as_i64().unwrap(), info["created_date"].as_i64().unwrap() + 600);
    assert_eq!((info["method"].as_str(), info["type"].as_str()), (Some("card-p2p"), Some("payin")));
    assert!(created["recipient_requisites"].is_null());
    assert!(created.get("display_data").is_none());
}

async fn requisites_are_issued_with_the_instruction(backend: Backend) {
    let app = spawn_app(backend).await;
    app.add_ru_card("5536913812345672").await;
    let mut body = ru_card_payin(&app.key.project_id, "order-1", 150000);
    body["sender"] = json!({"pan": "4242424242424242", "card_holder": "PETR IVANOV"});
    create(&app, &body).await;
    let info = app.wait_for("order-1", 10, |b| status_of(b) == "processing:awaiting_confirm").await;
    let req = &info["recipient_requisites"];
    assert_eq!(req["pan"], "5536913812345672");
    assert_eq!(req["card_holder"], "IVAN PETROV");
    assert_eq!(req["bank_name"], "Sberbank");
    assert_eq!((req["bank_country"].as_str(), req["currency"].as_str()), (Some("RU"), Some("RUB")));
    assert!(info["display_data"].as_array().unwrap().iter().all(|d| d["type"] == "add_info"));
    assert_eq!(title(&info, "recipient_pan").unwrap(), "5536913812345672");
    assert_eq!(title(&info, "recipient_card_holder").unwrap(), "IVAN PETROV");
    assert_eq!(title(&info, "amount").unwrap(), 150000);
    assert_eq!(title(&info, "currency").unwrap(), "RUB");
    assert_eq!(title(&info, "lifetime").unwrap(), 600);
    assert_eq!(title(&info, "valid_until").unwrap(), &info["payment_info"]["expiration_date"]);
    assert_eq!(title(&info, "confirm_url").unwrap(), &json!(format!("{}{CONFIRM}", app.address)));
    assert_eq!(title(&info, "reject_url").unwrap(), &json!(format!("{}{CANCEL}", app.address)));
    // The sender is kept masked only.
    assert_eq!(info["sender"]["pan_hidden"], "4242********4242");
    assert_eq!(info["sender"]["card_holder_hidden"], "P*** I*****");
}

async fn create_is_idempotent_and_refuses_a_different_body(backend: Backend) {
    let app = spawn_app(backend).await;
    let body = ru_card_payin(&app.key.project_id, "order-1", 150000);
    let first = create(&app, &body).await;
    let again = create(&app, &body).await;
    assert_eq!(first["request_id"], again["request_id"]);
    assert_eq!(first["integration"]["form_url"], again["integration"]["form_url"]);
    let different = ru_card_payin(&app.key.project_id, "order-1", 150001);
    let (status, err) = app.call(CREATE, &different).await;
    assert_eq!((status, err["status_description"].as_str()), (409, Some("Duplicate payment_id")));
    assert_eq!(err["payment_id"], "order-1");
    let (_, info) = app.call(INFO, &app.general_ref("order-1")).await;
    assert_eq!(info["payment_info"]["amount"], 150000, "the existing payment is unchanged");
}

/// Creates racing on one `payment_id` (they share one group insert) make one payment, and the
/// others in the same batch are unaffected.
async fn concurrent_creates_make_one_payment_per_payment_id(backend: Backend) {
    let app = spawn_app(backend).await;
    let body = ru_card_payin(&app.key.project_id, "race", 150000);
    let mut tasks = Vec::new();
    for i in 0..24 {
        let app_ref = &app;
        let body =
            if i % 2 == 0 { body.clone() } else { ru_card_payin(&app.key.project_id, &format!("other-{i}"), 150000) };
        tasks.push(async move { app_ref.call(CREATE, &body).await });
    }
    let answers = futures_join_all(tasks).await;
    for (status, answer) in &answers {
        assert_eq!(*status, 200, "{answer}");
    }
    let ids: std::collections::BTreeSet<_> =
        answers.iter().filter(|(_, b)| b["payment_id"] == "race").map(|(_, b)| b["request_id"].to_string()).collect();
    assert_eq!(ids.len(), 1, "one payment for the raced payment_id: {ids:?}");
    let others: std::collections::BTreeSet<_> =
        answers.iter().filter(|(_, b)| b["payment_id"] != "race").map(|(_, b)| b["request_id"].to_string()).collect();
    assert_eq!(others.len(), 12, "every other payment_id got its own payment");
    let (_, info) = app.call(INFO, &app.general_ref("race")).await;
    let request_id = info["request_id"].as_str().unwrap();
    assert_eq!(app.stores.payments.history(request_id).await.unwrap().len(), 1, "created once");
}

async fn unknown_payments_answer_404(backend: Backend) {
    let app = spawn_app(backend).await;
    for path in [INFO, CANCEL, CONFIRM] {
        let (status, err) = app.call(path, &app.general_ref("nope")).await;
        assert_eq!((status, err["status_description"].as_str()), (404, Some("Payment not found")), "{path}");
    }
    let (status, err) = app.call(INFO, &json!({"general": {"project_id": app.key.project_id}})).await;
    assert_eq!((status, err["errors"][0]["field"].as_str()), (400, Some("general.payment_id")));
}

async fn confirm_then_funds_received_succeeds_and_credits_the_balance(backend: Backend) {
    let app = spawn_app(backend).await;
    app.add_ru_card("5536913812345672").await;
    let (status, err) = {
        create(&app, &ru_card_payin(&app.key.project_id, "early", 1000)).await;
        app.call(CONFIRM, &app.general_ref("early")).await
    };
    // No requisites exist for 1000? They do; but the search may not have run yet.
    assert!(
        status == 200 || (status == 409 && err["status_description"] == "Payment is not awaiting confirmation"),
        "{err}"
    );

    let info = awaiting_confirm(&app, "order-1", 150000).await;
    let (status, paid) = app.call(CONFIRM, &app.general_ref("order-1")).await;
    assert_eq!((status, status_of(&paid).as_str()), (200, "processing:paid"));
    let (status, again) = app.call(CONFIRM, &app.general_ref("order-1")).await;
    assert_eq!((status, status_of(&again).as_str()), (200, "processing:paid"), "confirm is idempotent on paid");
    let request_id = info["request_id"].as_str().unwrap();
    let (status, done) =
        app.operator("/api/v1/operator/payments/received", &json!({"request_id": request_id, "amount": 150000})).await;
    assert_eq!((status, status_of(&done).as_str()), (200, "success"), "{done}");
    assert!(done["status_description"].is_null());
    assert!(done["recipient_requisites"].is_null(), "requisites are not shown after success");
    let history: Vec<String> =
        app.stores.payments.history(request_id).await.unwrap().iter().map(|h| h.state.to_string()).collect();
    assert_eq!(history, ["processing:requisites", "processing:awaiting_confirm", "processing:paid", "success"]);
    let balances = app.stores.ledger.balances(&app.key.project_id).await.unwrap();
    assert!(balances.iter().any(|b| b.currency == "RUB" && b.amount >= 150000), "{balances:?}");
    let (status, err) = app.call(CANCEL, &app.general_ref("order-1")).await;
    assert_eq!((status, err["status_description"].as_str()), (409, Some("Payment is final")));
}

async fn cancel_declines_with_canceled_by_client(backend: Backend) {
    let app = spawn_app(backend).await;
    create(&app, &ru_card_payin(&app.key.project_id, "order-1", 150000)).await;
    let (status, declined) = app.call(CANCEL, &app.general_ref("order-1")).await;
    assert_eq!((status, status_of(&declined).as_str()), (200, "decline"));
    assert_eq!(declined["status_description"], "Canceled by client");
    let (status, err) = app.call(CONFIRM, &app.general_ref("order-1")).await;
    assert_eq!((status, err["status_description"].as_str()), (409, Some("Payment is final")));
}

async fn a_different_amount_opens_a_dispute_that_the_operator_resolves(backend: Backend) {
    let app = spawn_app(backend).await;
    app.add_ru_card("5536913812345672").await;
    let info = awaiting_confirm(&app, "order-1", 150000).await;
    let request_id = info["request_id"].as_str().unwrap().to_string();
    let (_, disputed) =
        app.operator("/api/v1/operator/payments/received", &json!({"request_id": request_id, "amount": 120000})).await;
    assert_eq!(status_of(&disputed), "dispute:different_amount");
    assert_eq!(disputed["status_description"], "Amount received differs");
    let (status, err) =
        app.operator("/api/v1/operator/payments/received", &json!({"request_id": request_id, "amount": 150000})).await;
    assert_eq!(status, 409, "{err}");
    let (status, resolved) = app
        .operator("/api/v1/operator/payments/resolve", &json!({"request_id": request_id, "outcome": "success"}))
        .await;
    assert_eq!((status, status_of(&resolved).as_str()), (200, "success"), "{resolved}");
    let pi = &resolved["payment_info"];
    assert_eq!(
        (pi["amount"].as_i64(), pi["old_amount"].as_i64(), pi["initial_amount"].as_i64()),
        (Some(120000), Some(150000), Some(150000))
    );
}

async fn expiry_declines_or_disputes_and_the_grace_declines(backend: Backend) {
    let app = spawn_app(backend).await;
    app.add_ru_card("5536913812345672").await;
    let unconfirmed = awaiting_confirm(&app, "a", 100).await;
    let (_, expired) =
        app.operator("/api/v1/operator/sandbox/expire", &json!({"request_id": unconfirmed["request_id"]})).await;
    assert_eq!(
        (status_of(&expired).as_str(), expired["status_description"].as_str()),
        ("decline", Some("Lifetime expired"))
    );

    let confirmed = awaiting_confirm(&app, "b", 200).await;
    app.call(CONFIRM, &app.general_ref("b")).await;
    let (_, disputed) =
        app.operator("/api/v1/operator/sandbox/expire", &json!({"request_id": confirmed["request_id"]})).await;
    assert_eq!(status_of(&disputed), "dispute:no_payment");
    let (_, declined) =
        app.operator("/api/v1/operator/sandbox/expire", &json!({"request_id": confirmed["request_id"]})).await;
    assert_eq!(
        (status_of(&declined).as_str(), declined["status_description"].as_str()),
        ("decline", Some("No payment received"))
    );
}

async fn the_clock_ends_payments_without_requisites(backend: Backend) {
    let app = spawn_app_with(backend, |c| c.requisites_search_s = 1).await;
    create(&app, &ru_card_payin(&app.key.project_id, "lonely", 150000)).await;
    let info = app.wait_for("lonely", 15, |b| b["status"] == "decline").await;
    assert_eq!(info["status_description"], "Requisites not found");
}

async fn grace_period_ends_by_the_clock(backend: Backend) {
    let app = spawn_app_with(backend, |c| c.dispute_grace_s = 1).await;
    app.add_ru_card("5536913812345672").await;
    let info = awaiting_confirm(&app, "g", 100).await;
    app.call(CONFIRM, &app.general_ref("g")).await;
    app.operator("/api/v1/operator/sandbox/expire", &json!({"request_id": info["request_id"]})).await;
    let done = app.wait_for("g", 15, |b| b["status"] == "decline").await;
    assert_eq!(done["status_description"], "No payment received");
}

async fn a_requisite_serves_one_open_payment_per_amount(backend: Backend) {
    let app = spawn_app(backend).await;
    app.add_ru_card("5536913812345672").await;
    awaiting_confirm(&app, "first", 150000).await;
    create(&app, &ru_card_payin(&app.key.project_id, "same-amount", 150000)).await;
    let other = awaiting_confirm(&app, "other-amount", 150001).await;
    assert_eq!(other["recipient_requisites"]["pan"], "5536913812345672");
    tokio::time::sleep(std::time::Duration::from_millis(1500)).await;
    let (_, waiting) = app.call(INFO, &app.general_ref("same-amount")).await;
    assert_eq!(status_of(&waiting), "processing:requisites", "the requisite is held for 150000");
    app.call(CANCEL, &app.general_ref("first")).await;
    app.wait_for("same-amount", 10, |b| status_of(b) == "processing:awaiting_confirm").await;
}

async fn requisites_rotate_and_follow_the_filters(backend: Backend) {
    let app = spawn_app(backend).await;
    let a = app.add_ru_card("5536913812345672").await;
    let b = app.add_ru_card("2200700123456781").await;
    let mut used = Vec::new();
    for i in 0..4 {
        let info = awaiting_confirm(&app, &format!("r{i}"), 1000 + i).await;
        used.push(info["recipient_requisites"]["pan"].as_str().unwrap().to_string());
    }
    assert_eq!(used.iter().filter(|p| *p == "5536913812345672").count(), 2, "fair rotation: {used:?}");
    // Disabled requisites are not used; amount limits and bank choice are honoured.
    for id in [&a, &b] {
        app.operator(&format!("/api/v1/operator/requisites/{id}/active"), &json!({"active": false})).await;
    }
    app.add_requisite(json!({"country": "RU", "currency": "RUB", "methods": ["card-p2p"], "pan": "4111111111111111",
        "card_holder": "BIG ONLY", "bank_symbol": "vtb", "min_amount": 100000}))
        .await;
    app.add_requisite(json!({"country": "RU", "currency": "RUB", "methods": ["card-p2p"], "pan": "5105105105105100",
        "card_holder": "T BANK", "bank_symbol": "tbank", "max_amount": 99999}))
        .await;
    app.add_requisite(json!({"country": "RU", "currency": "RUB", "methods": ["card-p2p"], "pan": "4012888888881881",
        "card_holder": "VIP ROUTE", "bank_symbol": "tbank", "extra_param": "vip"}))
        .await;
    let small = awaiting_confirm(&app, "small", 5000).await;
    assert_eq!(small["recipient_requisites"]["pan"], "5105105105105100");
    let big = awaiting_confirm(&app, "big", 500000).await;
    assert_eq!(big["recipient_requisites"]["pan"], "4111111111111111");
    let mut vip = ru_card_payin(&app.key.project_id, "vip", 7000);
    vip["payment"]["extra_param"] = json!("vip");
    create(&app, &vip).await;
    let vip = app.wait_for("vip", 10, |b| status_of(b) == "processing:awaiting_confirm").await;
    assert_eq!(vip["recipient_requisites"]["pan"], "4012888888881881", "routing tag first");
    let mut chosen = ru_card_payin(&app.key.project_id, "bank", 6000);
    chosen["payment"]["bank_symbol"] = json!("vtb");
    create(&app, &chosen).await;
    tokio::time::sleep(std::time::Duration::from_millis(1500)).await;
    let (_, waiting) = app.call(INFO, &app.general_ref("bank")).await;
    assert_eq!(status_of(&waiting), "processing:requisites", "the VTB requisite takes only 100000 and more");
}

async fn display_data_follows_the_method_kind(backend: Backend) {
    let app = spawn_app(backend).await;
    app.add_requisite(json!({"country": "RU", "currency": "RUB", "methods": ["sbp-p2p"], "pan": "+79001234567", "card_holder": "ANNA K", "bank_symbol": "tbank"})).await;
    app.add_requisite(json!({"country": "RU", "currency": "RUB", "methods": ["sbp-qr"], "pan": "https://qr.nspk.ru/AS1000670LSS7DN18SJQDNP4B05KLJL2", "bank_symbol": "sberbank"})).await;
    app.add_requisite(json!({"country": "NG", "currency": "NGN", "methods": ["ussd"], "pan": "*737*2*150000*0123456789#", "bank_symbol": "gtbank"})).await;
    let mut sbp = ru_card_payin(&app.key.project_id, "sbp", 1000);
    sbp["payment"]["method"] = json!("sbp-p2p");
    create(&app, &sbp).await;
    let info = app.wait_for("sbp", 10, |b| status_of(b) == "processing:awaiting_confirm").await;
    assert_eq!(title(&info, "recipient_phone").unwrap(), "+79001234567");
    assert!(title(&info, "recipient_pan").is_none());
    let mut qr = ru_card_payin(&app.key.project_id, "qr", 1000);
    qr["payment"]["method"] = json!("sbp-qr");
    create(&app, &qr).await;
    let info = app.wait_for("qr", 10, |b| status_of(b) == "processing:awaiting_confirm").await;
    assert_eq!(title(&info, "recipient_pan").unwrap(), "https://qr.nspk.ru/AS1000670LSS7DN18SJQDNP4B05KLJL2");
    assert_eq!(title(&info, "recipient_card_holder").unwrap(), "---", "dashes when the holder is unknown");
    let ng = json!({
        "general": {"project_id": app.key.project_id, "payment_id": "ussd"},
        "payment": {"method": "ussd", "amount": 150000, "currency": "NGN"},
        "sender": {"phone": "08012345678", "bank_symbol": "gtbank"},
        "customer": {"id": "u", "ip_address": "1.2.3.4", "country": "NG", "email": "a@b.ng"}
    });
    let created = create(&app, &ng).await;
    assert_eq!(created["payment_info"]["lifetime"], 900, "NG default lifetime");
    let info = app.wait_for("ussd", 10, |b| status_of(b) == "processing:awaiting_confirm").await;
    assert_eq!(title(&info, "recipient_pan").unwrap(), "*737*2*150000*0123456789#");
}

async fn mobile_money_waits_for_the_push(backend: Backend) {
    let app = spawn_app(backend).await;
    let ke = |id: &str| {
        json!({
            "general": {"project_id": app.key.project_id, "payment_id": id},
            "payment": {"method": "mobile-money", "amount": 5000, "currency": "KES"},
            "sender": {"phone": "254712345678", "bank_symbol": "mpesa"},
            "customer": {"id": "u", "ip_address": "1.2.3.4", "country": "KE", "email": "a@b.ke"}
        })
    };
    let created = create(&app, &ke("push-ok")).await;
    assert_eq!(status_of(&created), "processing:new");
    assert!(created["integration"]["form_url"].is_string(), "KE mobile money has a form_url too");
    let (_, info) = app.call(INFO, &app.general_ref("push-ok")).await;
    assert!(info["recipient_requisites"].is_null());
    assert!(title(&info, "recipient_pan").unwrap().as_str().unwrap().contains("not required"));
    assert!(title(&info, "confirm_url").is_none());
    let (status, err) = app.call(CONFIRM, &app.general_ref("push-ok")).await;
    assert_eq!(status, 409, "{err}");
    let (_, ok) = app
        .operator(
            "/api/v1/operator/payments/push-result",
            &json!({"request_id": created["request_id"], "accepted": true}),
        )
        .await;
    assert_eq!(status_of(&ok), "success");
    let refused = create(&app, &ke("push-no")).await;
    let (_, no) = app
        .operator(
            "/api/v1/operator/payments/push-result",
            &json!({"request_id": refused["request_id"], "accepted": false}),
        )
        .await;
    assert_eq!((status_of(&no).as_str(), no["status_description"].as_str()), ("decline", Some("Declined by user")));
}

async fn incoming_funds_match_by_requisite_and_amount(backend: Backend) {
    let app = spawn_app(backend).await;
    let requisite = app.add_ru_card("5536913812345672").await;
    awaiting_confirm(&app, "m", 150000).await;
    let (status, unmatched) = app
        .operator(
            "/api/v1/operator/incoming",
            &json!({"requisite": requisite, "amount": 149999, "currency": "RUB", "reference": "tx-1"}),
        )
        .await;
    assert_eq!((status, unmatched), (200, json!({"matched": false, "outcome": "review", "reason": "no-payment"})));
    let (status, matched) = app
        .operator(
            "/api/v1/operator/incoming",
            &json!({"requisite": "5536913812345672", "amount": 150000, "currency": "RUB", "reference": "tx-2"}),
        )
        .await;
    assert_eq!((status, matched["matched"].as_bool()), (200, Some(true)), "{matched}");
    assert_eq!(status_of(&matched["payment"]), "success");
    assert_eq!(matched["payment"]["payment_id"], "m");
}

async fn the_operator_api_needs_its_token_and_masks_pans(backend: Backend) {
    let app = spawn_app(backend).await;
    app.add_ru_card("5536913812345672").await;
    let r = app.client.get(app.url("/api/v1/operator/requisites")).send().await.unwrap();
    assert_eq!(r.status(), 401);
    let r = app.client.get(app.url("/api/v1/operator/requisites")).bearer_auth("wrong").send().await.unwrap();
    assert_eq!(r.status(), 401);
    let (status, list) = app.operator_get("/api/v1/operator/requisites").await;
    assert_eq!(status, 200);
    let text = list.to_string();
    assert!(!text.contains("5536913812345672"), "{text}");
    assert_eq!(list[0]["pan_hidden"], "5536********5672");
    // Requisite values are checked against their methods.
    let (status, err) = app
        .operator(
            "/api/v1/operator/requisites",
            &json!({"country": "RU", "currency": "RUB", "methods": ["card-p2p"], "pan": "1234"}),
        )
        .await;
    assert_eq!((status, err["errors"][0]["field"].as_str()), (400, Some("pan")));
    let (status, err) = app
        .operator(
            "/api/v1/operator/requisites",
            &json!({"country": "RU", "currency": "KZT", "methods": ["card-p2p"], "pan": "5536913812345672"}),
        )
        .await;
    assert_eq!((status, err["errors"][0]["field"].as_str()), (400, Some("currency")));
}

async fn anti_fraud_declines_per_project_rules(backend: Backend) {
    let app = spawn_app(backend).await;
    let settings = json!({"antifraud": {"blocked_customer_ids": ["fraudster"], "blocked_ips": ["198.51.100.9"],
        "max_payments_per_customer": 2, "velocity_window_s": 3600}});
    let (status, _) =
        app.operator(&format!("/api/v1/operator/projects/{}/settings", app.key.project_id), &settings).await;
    assert_eq!(status, 200);
    let mut blocked = ru_card_payin(&app.key.project_id, "f1", 100);
    blocked["customer"]["id"] = json!("fraudster");
    let declined = create(&app, &blocked).await;
    assert_eq!(
        (status_of(&declined).as_str(), declined["status_description"].as_str()),
        ("decline", Some("Declined by anti-fraud"))
    );
    let mut by_ip = ru_card_payin(&app.key.project_id, "f2", 100);
    by_ip["customer"]["id"] = json!("someone-else");
    by_ip["customer"]["ip_address"] = json!("198.51.100.9");
    assert_eq!(create(&app, &by_ip).await["status_description"], "Declined by anti-fraud");
    for i in 0..2 {
        let ok = create(&app, &ru_card_payin(&app.key.project_id, &format!("v{i}"), 100 + i)).await;
        assert_eq!(status_of(&ok), "processing:requisites");
    }
    let third = create(&app, &ru_card_payin(&app.key.project_id, "v2", 102)).await;
    assert_eq!(third["status_description"], "Declined by anti-fraud", "velocity");
}

async fn concurrent_moves_on_one_payment_have_one_outcome(backend: Backend) {
    let app = spawn_app(backend).await;
    app.add_ru_card("5536913812345672").await;
    for round in 0..3 {
        let id = format!("race-{round}");
        let info = awaiting_confirm(&app, &id, 1000 + round).await;
        let request_id = info["request_id"].as_str().unwrap().to_string();
        let mut tasks = Vec::new();
        for i in 0..24 {
            let app_ref = &app;
            let (id, request_id) = (id.clone(), request_id.clone());
            tasks.push(async move {
                match i % 3 {
                    0 => app_ref.call(CANCEL, &app_ref.general_ref(&id)).await,
                    1 => app_ref.call(CONFIRM, &app_ref.general_ref(&id)).await,
                    _ => {
                        app_ref
                            .operator(
                                "/api/v1/operator/payments/received",
                                &json!({"request_id": request_id, "amount": 1000 + round}),
                            )
                            .await
                    }
                }
            });
        }
        let answers = futures_join_all(tasks).await;
        let finals: Vec<String> = answers
            .iter()
            .filter(|(s, _)| *s == 200)
            .map(|(_, b)| status_of(b))
            .filter(|s| s == "decline" || s == "success")
            .collect();
        let distinct: std::collections::BTreeSet<_> = finals.iter().collect();
        assert_eq!(distinct.len(), 1, "one outcome: {finals:?}");
        for (status, body) in &answers {
            assert!(*status == 200 || *status == 409, "{status} {body}");
        }
        let history = app.stores.payments.history(&request_id).await.unwrap();
        let final_rows = history.iter().filter(|h| h.state.is_final()).count();
        assert_eq!(final_rows, 1, "exactly one final transition: {history:?}");
        let paid_rows = history.iter().filter(|h| h.state.to_string() == "processing:paid").count();
        assert!(paid_rows <= 1, "confirm moved at most once: {history:?}");
    }
}

async fn futures_join_all<F: std::future::Future>(futures: Vec<F>) -> Vec<F::Output> {
    let mut set = Vec::new();
    for f in futures {
        set.push(Box::pin(f));
    }
    let mut out = Vec::new();
    // Poll all concurrently.
    let results = futures_util_join(set).await;
    out.extend(results);
    out
}

async fn futures_util_join<F: std::future::Future + Unpin>(mut futures: Vec<F>) -> Vec<F::Output> {
    use std::task::Poll;
    let mut results: Vec<Option<F::Output>> = futures.iter().map(|_| None).collect();
    std::future::poll_fn(move |cx| {
        let mut pending = false;
        for (i, f) in futures.iter_mut().enumerate() {
            if results[i].is_none() {
                match std::pin::Pin::new(f).poll(cx) {
                    Poll::Ready(v) => results[i] = Some(v),
                    Poll::Pending => pending = true,
                }
            }
        }
        if pending { Poll::Pending } else { Poll::Ready(results.iter_mut().map(|r| r.take().unwrap()).collect()) }
    })
    .await
}

async fn waiting_payments_wake_when_requisites_appear(backend: Backend) {
    let app = spawn_app(backend).await;
    create(&app, &ru_card_payin(&app.key.project_id, "early-bird", 4200)).await;
    // The first search finds nothing; the next one comes from the events below, not a timer.
    tokio::time::sleep(std::time::Duration::from_millis(600)).await;
    let id = app.add_ru_card("5536913812345672").await;
    let started = std::time::Instant::now();
    app.wait_for("early-bird", 5, |b| status_of(b) == "processing:awaiting_confirm").await;
    assert!(started.elapsed() < std::time::Duration::from_secs(5));
    // Disabled, then enabled again: a second waiting payment of the same amount wakes on enable.
    app.call(CANCEL, &app.general_ref("early-bird")).await;
    app.operator(&format!("/api/v1/operator/requisites/{id}/active"), &json!({"active": false})).await;
    create(&app, &ru_card_payin(&app.key.project_id, "second", 4200)).await;
    tokio::time::sleep(std::time::Duration::from_millis(600)).await;
    let (_, waiting) = app.call(INFO, &app.general_ref("second")).await;
    assert_eq!(status_of(&waiting), "processing:requisites");
    app.operator(&format!("/api/v1/operator/requisites/{id}/active"), &json!({"active": true})).await;
    app.wait_for("second", 5, |b| status_of(b) == "processing:awaiting_confirm").await;
}

both_backends!(
    waiting_payments_wake_when_requisites_appear,
    create_answers_the_documented_body,
    requisites_are_issued_with_the_instruction,
    create_is_idempotent_and_refuses_a_different_body,
    concurrent_creates_make_one_payment_per_payment_id,
    unknown_payments_answer_404,
    confirm_then_funds_received_succeeds_and_credits_the_balance,
    cancel_declines_with_canceled_by_client,
    a_different_amount_opens_a_dispute_that_the_operator_resolves,
    expiry_declines_or_disputes_and_the_grace_declines,
    the_clock_ends_payments_without_requisites,
    grace_period_ends_by_the_clock,
    a_requisite_serves_one_open_payment_per_amount,
    requisites_rotate_and_follow_the_filters,
    display_data_follows_the_method_kind,
    mobile_money_waits_for_the_push,
    incoming_funds_match_by_requisite_and_amount,
    the_operator_api_needs_its_token_and_masks_pans,
    anti_fraud_declines_per_project_rules,
    concurrent_moves_on_one_payment_have_one_outcome,
);
