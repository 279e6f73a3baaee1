//! Payouts and the balance ledger (issue 10): the payout API with every rule, the states, the
//! balance after each step, callbacks, races, and the ledger check.

use std::time::Duration;

use serde_json::{Value, json};

use crate::both_backends;
use crate::helpers::{Backend, TestApp, spawn_app, status_of};
use crate::receiver::{Behaviour, Receiver};
use crate::validation::with;

const CREATE: &str = "/api/v1/payment/p2p/payout";

/// Credits the project's RUB balance with `amount` through a real payin (a frictionless card
/// payment in the sandbox).
pub async fn fund_rub(app: &TestApp, id: &str, amount: i64) {
    let mut body = crate::ecom::ecom(&app.key.project_id, id, "4242424242424242", None);
    body["payment"]["amount"] = json!(amount);
    let (status, created) = app.call("/api/v1/payment/ecom/payin", &body).await;
    assert_eq!(status, 200, "{created}");
    let deadline = std::time::Instant::now() + Duration::from_secs(10);
    loop {
        let (_, info) = app.call("/api/v1/payment/ecom/payin/info", &app.general_ref(id)).await;
        if info["status"] == "success" {
            return;
        }
        assert!(std::time::Instant::now() < deadline, "{info}");
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

pub fn payout(project_id: &str, id: &str, amount: i64) -> Value {
    json!({
        "general": {"project_id": project_id, "payment_id": id},
        "payment": {"method": "card-p2p", "amount": amount, "currency": "RUB"},
        "receiver": {"pan": "5536913812345672", "card_holder": "IVAN PETROV"},
        "customer": {"id": "u1", "ip_address": "203.0.113.7", "country": "RU"}
    })
}

pub async fn balance(app: &TestApp, currency: &str) -> (i64, i64) {
    let (status, body) =
        app.call("/api/v1/balance/info", &json!({"general": {"project_id": app.key.project_id}})).await;
    assert_eq!(status, 200, "{body}");
    body["balance"]
        .as_array()
        .unwrap()
        .iter()
        .find(|b| b["currency"] == currency)
        .map(|b| (b["amount"].as_i64().unwrap(), b["locked_amount"].as_i64().unwrap()))
        .unwrap_or((0, 0))
}

fn reference(app: &TestApp, id: &str) -> Value {
    app.general_ref(id)
}

async fn request_id(app: &TestApp, id: &str) -> String {
    let (_, info) = app.call("/api/v1/payment/p2p/payout/info", &reference(app, id)).await;
    info["request_id"].as_str().unwrap().to_string()
}

async fn operator_move(app: &TestApp, path: &str, body: Value) -> (u16, Value) {
    app.operator(path, &body).await
}

/// The ledger holds: every balance is what its entries add up to.
pub async fn assert_ledger_clean(app: &TestApp) {
    let mismatches = app.stores.ledger.verify().await.unwrap();
    assert!(mismatches.is_empty(), "{mismatches:?}");
}

async fn a_payout_moves_money_through_its_states_and_the_ledger(backend: Backend) {
    let app = spawn_app(backend).await;
    let receiver = Receiver::start(Behaviour::default()).await;
    fund_rub(&app, "fund-1", 100_000).await;
    assert_eq!(balance(&app, "RUB").await, (100_000, 0));

    // Created: the amount moves from available to locked.
    let mut body = payout(&app.key.project_id, "po-1", 30_000);
    body["general"]["merchant_callback_url"] = json!(format!("{}/info", receiver.url));
    body["general"]["merchant_success_callback_url"] = json!(format!("{}/success", receiver.url));
    body["general"]["merchant_decline_callback_url"] = json!(format!("{}/decline", receiver.url));
    let (status, created) = app.call(CREATE, &body).await;
    assert_eq!(status, 200, "{created}");
    assert_eq!(status_of(&created), "processing:new");
    assert_eq!(created["payment_info"]["type"], "payout");
    assert_eq!(created["payment_info"]["method"], "card-p2p");
    assert_eq!(created["receiver"]["pan_hidden"], "5536********5672");
    assert!(created.get("integration").is_none(), "a payout has no page");
    assert_eq!(balance(&app, "RUB").await, (70_000, 30_000));

    // The operator sees the whole number to pay to; merchants never do.
    let (_, waiting) = app.operator_get("/api/v1/operator/payouts").await;
    let listed = waiting.as_array().unwrap().iter().find(|p| p["payment_id"] == "po-1").unwrap();
    assert_eq!(listed["receiver_pan"], "5536913812345672");
    let (_, info) = app.call("/api/v1/payment/p2p/payout/info", &reference(&app, "po-1")).await;
    assert!(!info.to_string().contains("5536913812345672"));

    // Sent, then arrived: the lock is removed.
    let id = request_id(&app, "po-1").await;
    let (status, sent) = operator_move(&app, "/api/v1/operator/payouts/execute", json!({"request_id": id})).await;
    assert_eq!((status, status_of(&sent)), (200, "processing:payout_process".into()));
    // An informative callback still waiting when the final one is stored is superseded
    // (decisions.md §10), so the test lets it arrive before moving on.
    receiver.wait_until(10, |r| !r.is_empty()).await;
    let (status, done) =
        operator_move(&app, "/api/v1/operator/payouts/result", json!({"request_id": id, "outcome": "success"})).await;
    assert_eq!((status, status_of(&done)), (200, "success".into()));
    assert_eq!(balance(&app, "RUB").await, (70_000, 0));
    let got = receiver.wait_until(10, |r| r.len() >= 2).await;
    let statuses: Vec<String> = got.iter().map(|r| r.status()).collect();
    assert_eq!(statuses, ["processing:payout_process", "success"]);
    assert_eq!(got[1].json()["payment_info"]["type"], "payout");
    assert_eq!(got[1].header("x-idempotency-key"), format!("{}:po-1:success:", app.key.project_id));

    // Failed, then resolved as not paid: the amount comes back.
    app.call(CREATE, &payout(&app.key.project_id, "po-2", 20_000)).await;
    let id = request_id(&app, "po-2").await;
    operator_move(&app, "/api/v1/operator/payouts/execute", json!({"request_id": id})).await;
    let (_, failed) =
        operator_move(&app, "/api/v1/operator/payouts/result", json!({"request_id": id, "outcome": "failed"})).await;
    assert_eq!(status_of(&failed), "dispute:payout_failed");
    assert_eq!(balance(&app, "RUB").await, (50_000, 20_000), "still held while in dispute");
    let (_, resolved) =
        operator_move(&app, "/api/v1/operator/payments/resolve", json!({"request_id": id, "outcome": "decline"})).await;
    assert_eq!(
        (resolved["status"].as_str(), resolved["status_description"].as_str()),
        (Some("decline"), Some("Payout failed"))
    );
    assert_eq!(balance(&app, "RUB").await, (70_000, 0));

    // Failed, then found paid after all.
    app.call(CREATE, &payout(&app.key.project_id, "po-3", 10_000)).await;
    let id = request_id(&app, "po-3").await;
    operator_move(&app, "/api/v1/operator/payouts/execute", json!({"request_id": id})).await;
    operator_move(&app, "/api/v1/operator/payouts/result", json!({"request_id": id, "outcome": "failed"})).await;
    let (_, resolved) = operator_move(
        &app,
        "/api/v1/operator/payments/resolve",
        json!({"request_id": id, "outcome": "success", "amount": 1}),
    )
    .await;
    assert_eq!(resolved["status"], "success");
    assert_eq!(resolved["payment_info"]["amount"], 10_000, "a payout's amount never changes");
    assert_eq!(balance(&app, "RUB").await, (60_000, 0));

    // Cancelled before it is sent; not after.
    app.call(CREATE, &payout(&app.key.project_id, "po-4", 5_000)).await;
    assert_eq!(balance(&app, "RUB").await, (55_000, 5_000));
    let (status, cancelled) = app.call("/api/v1/payment/p2p/payout/cancel", &reference(&app, "po-4")).await;
    assert_eq!(status, 200);
    assert_eq!(
        (cancelled["status"].as_str(), cancelled["status_description"].as_str()),
        (Some("decline"), Some("Canceled by client"))
    );
    assert_eq!(balance(&app, "RUB").await, (60_000, 0));
    app.call(CREATE, &payout(&app.key.project_id, "po-5", 5_000)).await;
    let id = request_id(&app, "po-5").await;
    operator_move(&app, "/api/v1/operator/payouts/execute", json!({"request_id": id})).await;
    let (status, err) = app.call("/api/v1/payment/p2p/payout/cancel", &reference(&app, "po-5")).await;
    assert_eq!(
        (status, err["status_description"].as_str()),
        (409, Some("Operation not allowed in status processing:payout_process"))
    );

    // A statement adds up: opening + entries = closing = the balance.
    let project = &app.key.project_id;
    let statement = app.stores.ledger.entries(project, "RUB", 0, i64::MAX).await.unwrap();
    let kinds: Vec<&str> = statement.iter().map(|e| e.entry.kind.code()).collect();
    assert_eq!(
        kinds,
        [
            "payin_credit",
            "payout_lock",
            "payout_debit",
            "payout_lock",
            "payout_release",
            "payout_lock",
            "payout_debit",
            "payout_lock",
            "payout_release",
            "payout_lock"
        ]
    );
    let sum: i64 = statement.iter().map(|e| e.entry.available_delta).sum();
    let locked: i64 = statement.iter().map(|e| e.entry.locked_delta).sum();
    assert_eq!((sum, locked), balance(&app, "RUB").await);
    assert_ledger_clean(&app).await;
}

async fn an_insufficient_balance_refuses_and_moves_nothing(backend: Backend) {
    let app = spawn_app(backend).await;
    fund_rub(&app, "fund-small", 1_000).await;
    let (status, err) = app.call(CREATE, &payout(&app.key.project_id, "too-much", 1_001)).await;
    assert_eq!((status, err["status_description"].as_str()), (409, Some("Insufficient balance")));
    assert_eq!(err["payment_id"], "too-much");
    assert_eq!(balance(&app, "RUB").await, (1_000, 0), "nothing moved");
    let (status, _) = app.call("/api/v1/payment/p2p/payout/info", &reference(&app, "too-much")).await;
    assert_eq!(status, 404, "nothing was created: the payment_id is free");
    // In a currency the project never had.
    let mut kzt = payout(&app.key.project_id, "no-kzt", 100);
    kzt["payment"]["currency"] = json!("KZT");
    let (status, err) = app.call(CREATE, &kzt).await;
    assert_eq!((status, err["status_description"].as_str()), (409, Some("Insufficient balance")));
    // Once funded, the same payment_id works.
    fund_rub(&app, "fund-more", 500).await;
    let (status, created) = app.call(CREATE, &payout(&app.key.project_id, "too-much", 1_001)).await;
    assert_eq!((status, status_of(&created)), (200, "processing:new".into()));
    assert_eq!(balance(&app, "RUB").await, (499, 1_001));
    assert_ledger_clean(&app).await;
}

async fn a_payout_is_created_once(backend: Backend) {
    let app = spawn_app(backend).await;
    fund_rub(&app, "fund", 10_000).await;
    let body = payout(&app.key.project_id, "once", 1_000);
    let (_, first) = app.call(CREATE, &body).await;
    let (status, again) = app.call(CREATE, &body).await;
    assert_eq!((status, &again["request_id"]), (200, &first["request_id"]));
    assert_eq!(balance(&app, "RUB").await, (9_000, 1_000), "locked once");
    let (status, err) = app.call(CREATE, &with(&body, "payment.amount", Some(json!(2_000)))).await;
    assert_eq!((status, err["status_description"].as_str()), (409, Some("Duplicate payment_id")));
    // A repeat is that payout even when the balance could no longer cover it.
    let all = payout(&app.key.project_id, "all-of-it", 9_000);
    let (status, created) = app.call(CREATE, &all).await;
    assert_eq!(status, 200, "{created}");
    let (status, again) = app.call(CREATE, &all).await;
    assert_eq!((status, &again["request_id"]), (200, &created["request_id"]), "{again}");
    assert_eq!(balance(&app, "RUB").await, (0, 10_000));
    // The same payout sent many times at once (they meet in one write batch): one payout.
    fund_rub(&app, "fund-more", 5_000).await;
    let twice = payout(&app.key.project_id, "at-once", 1_000);
    let app_ref = &app;
    let answers = crate::security::join_all((0..20).map(|_| {
        let body = twice.clone();
        async move { app_ref.call(CREATE, &body).await }
    }))
    .await;
    let ids: std::collections::HashSet<String> = answers
        .iter()
        .map(|(status, body)| {
            assert_eq!(*status, 200, "{body}");
            body["request_id"].as_str().unwrap().to_owned()
        })
        .collect();
    assert_eq!(ids.len(), 1, "one payout");
    assert_eq!(balance(&app, "RUB").await, (4_000, 11_000), "locked once");
    // Payins and payouts do not see each other's payment ids.
    let (status, _) = app.call("/api/v1/payment/p2p/payin/info", &reference(&app, "once")).await;
    assert_eq!(status, 404);
    let (status, _) = app.call("/api/v1/payment/p2p/payout/info", &reference(&app, "fund")).await;
    assert_eq!(status, 404);
}

async fn every_payout_rule(backend: Backend) {
    let app = spawn_app(backend).await;
    let (status, _) = app
        .operator(
            "/api/v1/operator/banks",
            &json!({"symbol": "not-sbp", "name": "Not SBP", "country_code": "RU", "is_sbp_bank": false}),
        )
        .await;
    assert_eq!(status, 200);
    let p = &app.key.project_id;
    let base = payout(p, "x", 100);
    let sbp = json!({
        "general": {"project_id": p, "payment_id": "x"},
        "payment": {"method": "sbp-p2p", "amount": 100, "currency": "RUB"},
        "receiver": {"phone": "+79001234567", "bank_symbol": "sberbank"},
        "customer": {"id": "u1", "ip_address": "203.0.113.7", "country": "RU"}
    });
    let account = json!({
        "general": {"project_id": p, "payment_id": "x"},
        "payment": {"method": "account-number", "amount": 100, "currency": "NGN"},
        "receiver": {"pan": "0123456789", "bank_symbol": "gtbank"},
        "customer": {"id": "u1", "ip_address": "203.0.113.7", "country": "NG"}
    });
    let az_phone = json!({
        "general": {"project_id": p, "payment_id": "x"},
        "payment": {"method": "phone-p2p", "amount": 100, "currency": "AZN"},
        "receiver": {"phone": "+994501234567"},
        "customer": {"id": "u1", "ip_address": "203.0.113.7", "country": "AZ"}
    });
    let set = |b: &Value, path: &str, v: Value| with(b, path, Some(v));
    let del = |b: &Value, path: &str| with(b, path, None);
    // (label, body, the field refused; None: valid — then refused only for the balance)
    let cases: Vec<(&str, Value, Option<&str>)> = vec![
        ("card-p2p RUB", base.clone(), None),
        ("card-ecom RUB", set(&base, "payment.method", json!("card-ecom")), None),
        ("card-p2p in USD", set(&base, "payment.currency", json!("USD")), Some("payment.method")),
        ("a deposit-only method", set(&base, "payment.method", json!("sbp-qr")), Some("payment.method")),
        ("no payouts in KGS", set(&base, "payment.currency", json!("KGS")), Some("payment.method")),
        ("unknown method", set(&base, "payment.method", json!("teleport")), Some("payment.method")),
        ("method missing", del(&base, "payment.method"), Some("payment.method")),
        ("amount 0", set(&base, "payment.amount", json!(0)), Some("payment.amount")),
        ("currency lowercase", set(&base, "payment.currency", json!("rub")), Some("payment.currency")),
        ("card bad Luhn", set(&base, "receiver.pan", json!("5536913812345671")), Some("receiver.pan")),
        ("card with spaces", set(&base, "receiver.pan", json!("5536 9138 1234 5672")), Some("receiver.pan")),
        ("card missing", del(&base, "receiver.pan"), Some("receiver.pan")),
        ("receiver missing", del(&base, "receiver"), Some("receiver")),
        ("holder accented", set(&base, "receiver.card_holder", json!("José")), Some("receiver.card_holder")),
        ("customer missing", del(&base, "customer"), Some("customer")),
        ("sbp-p2p", sbp.clone(), None),
        ("sbp-p2p phone wrong format", set(&sbp, "receiver.phone", json!("89001234567")), Some("receiver.phone")),
        ("sbp-p2p phone missing", del(&sbp, "receiver.phone"), Some("receiver.phone")),
        ("sbp-p2p bank missing", del(&sbp, "receiver.bank_symbol"), Some("receiver.bank_symbol")),
        ("sbp-p2p bank outside SBP", set(&sbp, "receiver.bank_symbol", json!("not-sbp")), Some("receiver.bank_symbol")),
        ("sbp-p2p unknown bank", set(&sbp, "receiver.bank_symbol", json!("nobank")), Some("receiver.bank_symbol")),
        (
            "sbp-p2p bank of another country",
            set(&sbp, "receiver.bank_symbol", json!("gtbank")),
            Some("receiver.bank_symbol"),
        ),
        ("NG account-number", account.clone(), None),
        ("NG account too short", set(&account, "receiver.pan", json!("123")), Some("receiver.pan")),
        ("NG account bank missing", del(&account, "receiver.bank_symbol"), Some("receiver.bank_symbol")),
        ("AZ phone-p2p", az_phone.clone(), None),
        ("AZ phone of RU format is AZ's too", set(&az_phone, "receiver.phone", json!("+79001234567")), None),
        ("AZ phone wrong", set(&az_phone, "receiver.phone", json!("+99412")), Some("receiver.phone")),
    ];
    let mut failures = Vec::new();
    for (i, (label, body, expected)) in cases.into_iter().enumerate() {
        let body = with(&body, "general.payment_id", Some(json!(format!("rule-{i}"))));
        let (status, answer) = app.call(CREATE, &body).await;
        let ok = match expected {
            // Valid: refused only because the balance is empty.
            None => status == 409 && answer["status_description"] == "Insufficient balance",
            Some(field) => {
                status == 400
                    && answer["status_description"] == "Validation failed"
                    && answer["errors"].as_array().unwrap().iter().any(|e| e["field"] == field)
            }
        };
        if !ok {
            failures.push(format!("{label}: expected {expected:?}, got {status} {answer}"));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    // Every invalid field at once.
    let bad = set(&set(&del(&base, "receiver.pan"), "payment.amount", json!(-1)), "customer.ip_address", json!("x"));
    let (status, err) = app.call(CREATE, &bad).await;
    assert_eq!(status, 400);
    let mut fields: Vec<&str> =
        err["errors"].as_array().unwrap().iter().map(|e| e["field"].as_str().unwrap()).collect();
    fields.sort();
    assert_eq!(fields, ["customer.ip_address", "payment.amount", "receiver.pan"], "{err}");
}

/// 200 payouts at once against a balance that covers only some of them: what is locked never
/// exceeds what was credited, no balance goes below zero, a refused payout moves nothing.
async fn concurrent_payouts_never_overdraw(backend: Backend) {
    let app = spawn_app(backend).await;
    fund_rub(&app, "fund", 50_000).await;
    let app = &app;
    let posts = (0..200).map(|i| {
        let body = payout(&app.key.project_id, &format!("race-{i}"), 700);
        async move { app.call(CREATE, &body).await }
    });
    let answers = crate::security::join_all(posts).await;
    let created = answers.iter().filter(|(s, _)| *s == 200).count();
    let refused =
        answers.iter().filter(|(s, b)| *s == 409 && b["status_description"] == "Insufficient balance").count();
    assert_eq!(created + refused, 200, "every answer is one or the other");
    assert_eq!(created, 50_000 / 700, "exactly as many as the balance covers");
    let (available, locked) = balance(app, "RUB").await;
    assert_eq!(locked, created as i64 * 700);
    assert_eq!(available, 50_000 - locked);
    assert!(available >= 0);
    for (i, (status, _)) in answers.iter().enumerate() {
        let (info_status, _) = app.call("/api/v1/payment/p2p/payout/info", &reference(app, &format!("race-{i}"))).await;
        assert_eq!(info_status == 200, *status == 200, "a refused payout left nothing behind");
    }
    assert_ledger_clean(app).await;
}

/// Cancel and execute at once on one payout: one outcome.
async fn cancel_and_execute_at_once_have_one_outcome(backend: Backend) {
    let app = spawn_app(backend).await;
    fund_rub(&app, "fund", 100_000).await;
    for round in 0..10 {
        let id = format!("both-{round}");
        app.call(CREATE, &payout(&app.key.project_id, &id, 1_000)).await;
        let rid = request_id(&app, &id).await;
        let (cancel_body, execute_body) = (reference(&app, &id), json!({"request_id": rid}));
        let cancel = app.call("/api/v1/payment/p2p/payout/cancel", &cancel_body);
        let execute = app.operator("/api/v1/operator/payouts/execute", &execute_body);
        let ((c, _), (e, _)) = tokio::join!(cancel, execute);
        assert!((c == 200) ^ (e == 200), "round {round}: cancel {c}, execute {e}");
        let (_, info) = app.call("/api/v1/payment/p2p/payout/info", &reference(&app, &id)).await;
        let expected = if c == 200 { "decline" } else { "processing:payout_process" };
        assert_eq!(status_of(&info), expected);
        let history = app.stores.payments.history(&rid).await.unwrap();
        assert_eq!(history.len(), 2, "created, then one move");
    }
    let (available, locked) = balance(&app, "RUB").await;
    assert_eq!(available + locked, 100_000);
    assert_ledger_clean(&app).await;
}

/// decisions.md §10 answers: confirm-3ds-result on a payment that never awaited it is a 409;
/// error bodies of authentication failures carry the request's ids.
async fn the_last_answers_follow_decisions(backend: Backend) {
    let app = spawn_app(backend).await;
    fund_rub(&app, "frictionless", 1_000).await;
    let confirm = |id: &str| json!({"general": {"project_id": app.key.project_id, "payment_id": id}, "3ds": {"pa_res": "x", "md": "y"}});
    let (status, err) = app.call("/api/v1/payment/ecom/payin/confirm-3ds-result", &confirm("frictionless")).await;
    assert_eq!((status, err["status_description"].as_str()), (409, Some("Payment is not awaiting a 3DS result")));
    // Errors before the signature is even checked still name the request.
    let body = json!({"general": {"project_id": app.key.project_id, "payment_id": "named"}});
    let r = app
        .post_raw("/api/v1/payment/p2p/payin/info", &body.to_string(), &[("content-type", "application/json".into())])
        .await;
    assert_eq!(r.status(), 401);
    let err: Value = r.json().await.unwrap();
    assert_eq!(
        (err["project_id"].as_str(), err["payment_id"].as_str()),
        (Some(app.key.project_id.as_str()), Some("named"))
    );
    let other = json!({"general": {"project_id": "f".repeat(32), "payment_id": "elsewhere"}});
    let (status, err) = app.call("/api/v1/payment/p2p/payin/info", &other).await;
    assert_eq!((status, err["payment_id"].as_str()), (403, Some("elsewhere")));
    assert_eq!(err["project_id"], "f".repeat(32));
}

both_backends!(
    a_payout_moves_money_through_its_states_and_the_ledger,
    an_insufficient_balance_refuses_and_moves_nothing,
    a_payout_is_created_once,
    every_payout_rule,
    concurrent_payouts_never_overdraw,
    cancel_and_execute_at_once_have_one_outcome,
    the_last_answers_follow_decisions,
    the_receiver_is_shown_where_the_money_is_sent,
);

/// A payout's receiver in the consoles (issue 29 §4): masked in the queue, in the merchant
/// console and for a viewer; in full on the payout's page only when a person who may decide
/// asks for it, grouped as a bank's form takes it, and that view is in the audit log first.
async fn the_receiver_is_shown_where_the_money_is_sent(backend: Backend) {
    use crate::browser::{Browser, PASSWORD, add_operator, add_user, shop_owner, user_audit};
    use kassa::domain::user::{Audience, Role};
    let app = spawn_app(backend).await;
    fund_rub(&app, "fund", 500_000).await;
    let (status, created) = app.call(CREATE, &payout(&app.key.project_id, "to-ivan", 100_000)).await;
    assert_eq!(status, 200, "{created}");
    let id = created["request_id"].as_str().unwrap().to_string();
    add_operator(&app, "alice").await;
    let alice = Browser::new(&app);
    alice.log_in("alice", PASSWORD).await;
    let queue = alice.get("/operator/").await;
    assert!(queue.html.contains("5536********5672") && !queue.html.contains("5536913812345672"), "{}", queue.html);
    let page = alice.get(&format!("/operator/payments/{id}")).await;
    assert!(
        page.html.contains("Receiver") && page.html.contains("5536********5672") && page.html.contains("IVAN PETROV")
    );
    assert!(!page.html.contains("5536 9138 1234 5672"), "not until asked");
    assert!(!user_audit(&app, "alice").await.iter().any(|a| a.action == "receiver_viewed"));
    let full = alice.get(&format!("/operator/payments/{id}?receiver=full")).await;
    assert!(full.html.contains("5536 9138 1234 5672"), "{}", full.html);
    let trail = crate::browser::audit_of(&app, &id).await;
    let seen = trail.iter().find(|a| a.action == "receiver_viewed").expect("the view logged");
    assert_eq!((seen.actor.as_str(), seen.actor_role.as_deref()), ("operator:alice", Some("admin")));

    // A viewer reads the payout, masked, whatever they ask for.
    add_user(&app, Audience::Operator, "vera", Role::Viewer).await;
    let vera = Browser::new(&app);
    vera.log_in("vera", PASSWORD).await;
    let page = vera.get(&format!("/operator/payments/{id}?receiver=full")).await;
    assert!(page.html.contains("5536********5672") && !page.html.contains("5536 9138"), "{}", page.html);
    // The merchant sees what it sent, masked.
    let merchant = shop_owner(&app).await;
    let page = merchant.get(&format!("/merchant/payments/{id}")).await;
    assert!(
        page.html.contains("Receiver") && page.html.contains("5536********5672") && page.html.contains("IVAN PETROV")
    );
    assert!(!page.html.contains("5536913812345672") && !page.html.contains("5536 9138"));
}
