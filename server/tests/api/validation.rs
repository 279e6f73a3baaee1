//! Every field rule and country rule of create requests, on both sides of each boundary.

use serde_json::{Value, json};

use crate::both_backends;
use crate::helpers::{Backend, TestApp, spawn_app};

/// Sets (or with `None` removes) a dotted path in a copy of `base`.
pub fn with(base: &Value, path: &str, value: Option<Value>) -> Value {
    let mut out = base.clone();
    let mut parts: Vec<&str> = path.split('.').collect();
    let last = parts.pop().unwrap();
    let mut node = &mut out;
    for p in parts {
        if !node[p].is_object() {
            node[p] = json!({});
        }
        node = node.get_mut(p).unwrap();
    }
    match value {
        Some(v) => node[last] = v,
        None => {
            node.as_object_mut().unwrap().remove(last);
        }
    }
    out
}

fn base(app: &TestApp, currency: &str, method: &str) -> Value {
    json!({
        "general": {"project_id": app.key.project_id, "payment_id": "set-per-case"},
        "payment": {"method": method, "amount": 150000, "currency": currency},
        "sender": {},
        "customer": {"id": "user-1", "ip_address": "203.0.113.7", "country": "RU", "email": "user@example.com",
                     "first_name": "Min", "last_name": "Kim"}
    })
}

/// (label, request, field expected to be invalid or None for accepted)
type Case = (String, Value, Option<&'static str>);

fn s(n: usize) -> Value {
    Value::String("a".repeat(n))
}

fn cases(app: &TestApp) -> Vec<Case> {
    let ru = base(app, "RUB", "card-p2p");
    let mut v: Vec<Case> = Vec::new();
    let mut add = |label: &str, body: Value, field: Option<&'static str>| v.push((label.to_string(), body, field));
    let set = |b: &Value, p: &str, x: Value| with(b, p, Some(x));
    let del = |b: &Value, p: &str| with(b, p, None);

    add("valid RU", ru.clone(), None);
    // general
    add("payment_id missing", del(&ru, "general.payment_id"), Some("general.payment_id"));
    add("payment_id empty", set(&ru, "general.payment_id", json!("")), Some("general.payment_id"));
    add("payment_id 255", set(&ru, "general.payment_id", s(255)), None);
    add("payment_id 256", set(&ru, "general.payment_id", s(256)), Some("general.payment_id"));
    add("payment_id number", set(&ru, "general.payment_id", json!(5)), Some("general.payment_id"));
    add("general missing", del(&ru, "general.payment_id"), Some("general.payment_id"));
    for f in ["merchant_callback_url", "merchant_success_callback_url", "merchant_decline_callback_url", "redirect_url"]
    {
        let field: &'static str = Box::leak(format!("general.{f}").into_boxed_str());
        add(&format!("{f} https"), set(&ru, field, json!("https://m.example/cb")), None);
        add(&format!("{f} http"), set(&ru, field, json!("http://m.example/cb")), Some(field));
        add(&format!("{f} not a url"), set(&ru, field, json!("cb")), Some(field));
        let long = format!("https://m.example/{}", "a".repeat(2048 - 18));
        assert_eq!(long.len(), 2048);
        add(&format!("{f} 2048"), set(&ru, field, json!(long)), None);
        add(&format!("{f} 2049"), set(&ru, field, json!(format!("{long}a"))), Some(field));
    }
    add(
        "loopback http in development mode",
        set(&ru, "general.merchant_callback_url", json!("http://127.0.0.1:9/cb")),
        None,
    );
    // payment
    add("amount 0", set(&ru, "payment.amount", json!(0)), Some("payment.amount"));
    add("amount 1", set(&ru, "payment.amount", json!(1)), None);
    add("amount max", set(&ru, "payment.amount", json!(10_000_000_000_000i64)), None);
    // A whole number written with a fraction is that integer (as JSON Schema reads it).
    add("amount 150000.0", set(&ru, "payment.amount", json!(150000.0)), None);
    add("amount 1500.5", set(&ru, "payment.amount", json!(1500.5)), Some("payment.amount"));
    // U+0000 is in no text of the API (PostgreSQL cannot store or compare it).
    add("bank_symbol with NUL", set(&ru, "payment.bank_symbol", json!("\u{0}ab")), Some("payment.bank_symbol"));
    add(
        "callback url with NUL",
        set(&ru, "general.merchant_callback_url", json!("https://m.example/\u{0}")),
        Some("general.merchant_callback_url"),
    );
    // serde would read a block from a list by position; a list is never a block.
    add("payment as a list", set(&ru, "payment", json!(["card-p2p", 150000, "RUB"])), Some("payment"));
    add("amount max+1", set(&ru, "payment.amount", json!(10_000_000_000_001i64)), Some("payment.amount"));
    add("amount negative", set(&ru, "payment.amount", json!(-5)), Some("payment.amount"));
    add("amount string", set(&ru, "payment.amount", json!("100")), Some("payment.amount"));
    add("amount decimal", set(&ru, "payment.amount", json!(100.5)), Some("payment.amount"));
    add("amount missing", del(&ru, "payment.amount"), Some("payment.amount"));
    add("currency lowercase", set(&ru, "payment.currency", json!("rub")), Some("payment.currency"));
    // decisions.md §10: a method not offered for the currency is an error on the method.
    add("currency unsupported", set(&ru, "payment.currency", json!("USD")), Some("payment.method"));
    add("currency missing", del(&ru, "payment.currency"), Some("payment.currency"));
    add("method missing", del(&ru, "payment.method"), Some("payment.method"));
    add("method of another country", set(&ru, "payment.method", json!("mobile-money")), Some("payment.method"));
    add("method unknown", set(&ru, "payment.method", json!("teleport")), Some("payment.method"));
    add("method 33 chars", set(&ru, "payment.method", s(33)), Some("payment.method"));
    for m in ["sbp-p2p", "international-p2p", "sbp-qr", "mobile-p2p", "international-card-p2p", "qr-link-p2p"] {
        add(&format!("RU {m}"), set(&ru, "payment.method", json!(m)), None);
    }
    add("lifetime 299", set(&ru, "payment.lifetime", json!(299)), Some("payment.lifetime"));
    add("lifetime 300", set(&ru, "payment.lifetime", json!(300)), None);
    add("lifetime 600", set(&ru, "payment.lifetime", json!(600)), None);
    add("lifetime 601 RU", set(&ru, "payment.lifetime", json!(601)), Some("payment.lifetime"));
    let kz = base(app, "KZT", "international-card-p2p");
    add("KZ valid", kz.clone(), None);
    add("KZ lifetime 900", set(&kz, "payment.lifetime", json!(900)), None);
    add("KZ lifetime 901", set(&kz, "payment.lifetime", json!(901)), Some("payment.lifetime"));
    add("description 255", set(&ru, "payment.description", s(255)), None);
    add("description 256", set(&ru, "payment.description", s(256)), Some("payment.description"));
    add("extra_param ok", set(&ru, "payment.extra_param", json!("Route_1-a")), None);
    add("extra_param 16", set(&ru, "payment.extra_param", s(16)), None);
    add("extra_param 17", set(&ru, "payment.extra_param", s(17)), Some("payment.extra_param"));
    add("extra_param empty", set(&ru, "payment.extra_param", json!("")), Some("payment.extra_param"));
    add("extra_param space", set(&ru, "payment.extra_param", json!("a b")), Some("payment.extra_param"));
    add("bank_symbol known", set(&ru, "payment.bank_symbol", json!("sberbank")), None);
    add("bank_symbol unknown", set(&ru, "payment.bank_symbol", json!("nobank")), Some("payment.bank_symbol"));
    add("bank_symbol of another country", set(&ru, "payment.bank_symbol", json!("kaspi")), Some("payment.bank_symbol"));
    add("bank_symbol 33", set(&ru, "payment.bank_symbol", s(33)), Some("payment.bank_symbol"));
    // UZ
    let uz = base(app, "UZS", "card-p2p");
    add("UZ valid", uz.clone(), None);
    add("UZ humo", set(&uz, "payment.payment_system", json!("humo")), None);
    add("UZ uzcard", set(&uz, "payment.payment_system", json!("uzcard")), None);
    add("UZ visa", set(&uz, "payment.payment_system", json!("visa")), Some("payment.payment_system"));
    add("UZ sender missing", del(&uz, "sender"), Some("sender"));
    add("UZ sender null", set(&uz, "sender", Value::Null), Some("sender"));
    add("UZ phone +998", set(&uz, "sender.phone", json!("+998901234567")), None);
    add("UZ phone +7", set(&uz, "sender.phone", json!("+79001234567")), None);
    add("UZ phone short", set(&uz, "sender.phone", json!("+99890123456")), Some("sender.phone"));
    // AZ
    let az = base(app, "AZN", "card-p2p");
    add("AZ valid", az.clone(), None);
    add("AZ phone-p2p", set(&az, "payment.method", json!("phone-p2p")), None);
    add("AZ sender missing", del(&az, "sender"), Some("sender"));
    add("AZ sender null", set(&az, "sender", Value::Null), Some("sender"));
    add("AZ phone +994 7 digits", set(&az, "sender.phone", json!("+9941234567")), None);
    add("AZ phone +994 12 digits", set(&az, "sender.phone", json!("+994123456789012")), None);
    add("AZ phone +994 6 digits", set(&az, "sender.phone", json!("+994123456")), Some("sender.phone"));
    add("AZ phone +994 13 digits", set(&az, "sender.phone", json!("+9941234567890123")), Some("sender.phone"));
    // RU sender
    add("RU sender null is absent", set(&ru, "sender", Value::Null), None);
    add("RU sender missing", del(&ru, "sender"), None);
    add("sender not an object", set(&ru, "sender", json!("x")), Some("sender"));
    add("sender pan valid", set(&ru, "sender.pan", json!("4242424242424242")), None);
    add("sender pan 12 digits", set(&ru, "sender.pan", json!("100000000008")), None);
    add("sender pan 11 digits", set(&ru, "sender.pan", json!("10000000009")), Some("sender.pan"));
    add("sender pan 19 digits", set(&ru, "sender.pan", json!("1000000000000000009")), None);
    add("sender pan 20 digits", set(&ru, "sender.pan", json!("10000000000000000007")), Some("sender.pan"));
    add("sender pan bad luhn", set(&ru, "sender.pan", json!("4242424242424241")), Some("sender.pan"));
    add("sender pan spaces", set(&ru, "sender.pan", json!("4242 4242 4242 4242")), Some("sender.pan"));
    add("sender phone RU", set(&ru, "sender.phone", json!("+79001234567")), None);
    add("sender phone RU short", set(&ru, "sender.phone", json!("+7900123456")), Some("sender.phone"));
    add(
        "sender phone 25 chars",
        set(&ru, "sender.phone", json!(format!("+7{}", "1".repeat(23)))),
        Some("sender.phone"),
    );
    add("card_holder Ukrainian", set(&ru, "sender.card_holder", json!("Іван Їжак-Ґалущенко Є. О'Ніл")), None);
    add("card_holder accented", set(&ru, "sender.card_holder", json!("José")), Some("sender.card_holder"));
    add("card_holder 255", set(&ru, "sender.card_holder", json!("A".repeat(255))), None);
    add("card_holder 256", set(&ru, "sender.card_holder", json!("A".repeat(256))), Some("sender.card_holder"));
    add("card_holder empty", set(&ru, "sender.card_holder", json!("")), Some("sender.card_holder"));
    add("sender bank_symbol unknown", set(&ru, "sender.bank_symbol", json!("nobank")), Some("sender.bank_symbol"));
    // KE
    let ke = with(
        &base(app, "KES", "mobile-money"),
        "sender",
        Some(json!({"phone": "254712345678", "bank_symbol": "mpesa"})),
    );
    add("KE valid", ke.clone(), None);
    add("KE lifetime 900", set(&ke, "payment.lifetime", json!(900)), None);
    add("KE phone missing", del(&ke, "sender.phone"), Some("sender.phone"));
    add("KE bank missing", del(&ke, "sender.bank_symbol"), Some("sender.bank_symbol"));
    add("KE phone with plus", set(&ke, "sender.phone", json!("+254712345678")), Some("sender.phone"));
    add("KE phone 7 digits", set(&ke, "sender.phone", json!("1234567")), Some("sender.phone"));
    add("KE phone 15 digits", set(&ke, "sender.phone", json!("123456789012345")), None);
    add("KE email missing", del(&ke, "customer.email"), Some("customer.email"));
    // NG
    let ng = base(app, "NGN", "ussd");
    let ng_ussd = with(&ng, "sender", Some(json!({"phone": "08012345678", "bank_symbol": "gtbank"})));
    add("NG ussd valid", ng_ussd.clone(), None);
    add("NG ussd phone missing", del(&ng_ussd, "sender.phone"), Some("sender.phone"));
    add("NG ussd bank missing", del(&ng_ussd, "sender.bank_symbol"), Some("sender.bank_symbol"));
    let ng_wallet =
        with(&with(&ng, "payment.method", Some(json!("wallet-link"))), "sender", Some(json!({"bank_symbol": "opay"})));
    add("NG wallet-link valid", ng_wallet.clone(), None);
    add("NG wallet-link bank missing", del(&ng_wallet, "sender.bank_symbol"), Some("sender.bank_symbol"));
    let ng_account =
        with(&with(&ng, "payment.method", Some(json!("account-number"))), "payment.bank_symbol", Some(json!("access")));
    add("NG account-number valid", ng_account.clone(), None);
    add("NG account-number bank missing", del(&ng_account, "payment.bank_symbol"), Some("payment.bank_symbol"));
    add("NG email missing", del(&ng_account, "customer.email"), Some("customer.email"));
    add("NG email invalid", set(&ng_account, "customer.email", json!("not-an-email")), Some("customer.email"));
    let za = base(app, "ZAR", "eft-link");
    add("ZA valid", za.clone(), None);
    add("ZA email missing", del(&za, "customer.email"), Some("customer.email"));
    // KR
    let kr = base(app, "KRW", "account-number");
    add("KR valid", kr.clone(), None);
    add("KR first_name missing", del(&kr, "customer.first_name"), Some("customer.first_name"));
    add("KR last_name missing", del(&kr, "customer.last_name"), Some("customer.last_name"));
    add("RU without names", del(&del(&ru, "customer.first_name"), "customer.last_name"), None);
    // AR
    let ar = base(app, "ARS", "account-number");
    add("AR valid", ar.clone(), None);
    add(
        "AR CUIT",
        set(&ar, "customer.identification_data", json!({"document_type": "CUIT", "document_number": "20123456789"})),
        None,
    );
    add(
        "AR CUIL",
        set(&ar, "customer.identification_data", json!({"document_type": "CUIL", "document_number": "27123456789"})),
        None,
    );
    add(
        "AR DNI",
        set(&ar, "customer.identification_data", json!({"document_type": "DNI", "document_number": "20123456789"})),
        Some("customer.identification_data.document_type"),
    );
    add(
        "AR 10 digits",
        set(&ar, "customer.identification_data", json!({"document_type": "CUIT", "document_number": "2012345678"})),
        Some("customer.identification_data.document_number"),
    );
    add(
        "identification_data ignored outside AR",
        set(&ru, "customer.identification_data", json!({"document_type": "DNI"})),
        None,
    );
    // customer
    add("customer missing", del(&ru, "customer"), Some("customer"));
    add("customer.id missing", del(&ru, "customer.id"), Some("customer.id"));
    add("customer.id 255", set(&ru, "customer.id", s(255)), None);
    add("customer.id 256", set(&ru, "customer.id", s(256)), Some("customer.id"));
    add("ip invalid", set(&ru, "customer.ip_address", json!("1.2.3")), Some("customer.ip_address"));
    add("ip v6", set(&ru, "customer.ip_address", json!("2001:db8::1")), None);
    // The document gives the address no length (its formats bound it); the spec's 255 still holds.
    let longest = json!("ffff:ffff:ffff:ffff:ffff:ffff:255.255.255.255");
    add("ip v6 at its longest", set(&ru, "customer.ip_address", longest), None);
    add("ip 256", set(&ru, "customer.ip_address", s(256)), Some("customer.ip_address"));
    add("country lowercase", set(&ru, "customer.country", json!("ru")), Some("customer.country"));
    add("country 3 letters", set(&ru, "customer.country", json!("RUS")), Some("customer.country"));
    add("customer_type trust", set(&ru, "customer.customer_type", json!("trust")), None);
    add("customer_type ftd", set(&ru, "customer.customer_type", json!("ftd")), None);
    add("customer_type vip", set(&ru, "customer.customer_type", json!("vip")), Some("customer.customer_type"));
    add("language en", set(&ru, "customer.language", json!("en")), None);
    add("language EN", set(&ru, "customer.language", json!("EN")), Some("customer.language"));
    add("browser 512", set(&ru, "customer.browser", s(512)), None);
    add("browser 513", set(&ru, "customer.browser", s(513)), Some("customer.browser"));
    add("device_type 513", set(&ru, "customer.device_type", s(513)), Some("customer.device_type"));
    add("user_agent 1024", set(&ru, "customer.user_agent", s(1024)), None);
    add("user_agent 1025", set(&ru, "customer.user_agent", s(1025)), Some("customer.user_agent"));
    add("first_name 256", set(&ru, "customer.first_name", s(256)), Some("customer.first_name"));
    add(
        "email 256",
        set(&ru, "customer.email", json!(format!("{}@example.com", "a".repeat(244)))),
        Some("customer.email"),
    );
    add("unknown fields are ignored", set(&ru, "payment.colour", json!("blue")), None);
    v
}

async fn every_field_rule_on_both_sides(backend: Backend) {
    let app = spawn_app(backend).await;
    let mut failures = Vec::new();
    for (i, (label, body, expected)) in cases(&app).into_iter().enumerate() {
        let body = if body["general"]["payment_id"] == "set-per-case" {
            with(&body, "general.payment_id", Some(json!(format!("case-{i}"))))
        } else {
            body
        };
        let (status, answer) = app.call("/api/v1/payment/p2p/payin", &body).await;
        match expected {
            None if status == 200 => {}
            Some(field) if status == 400 => {
                let fields: Vec<&str> =
                    answer["errors"].as_array().unwrap().iter().map(|e| e["field"].as_str().unwrap()).collect();
                if answer["status_description"] != "Validation failed" || !fields.contains(&field) {
                    failures.push(format!("{label}: expected error on {field}, got {answer}"));
                }
            }
            _ => failures.push(format!("{label}: expected {expected:?}, got {status} {answer}")),
        }
    }
    assert!(failures.is_empty(), "{} failures:\n{}", failures.len(), failures.join("\n"));
}

async fn every_invalid_field_is_reported_at_once_and_nothing_is_created(backend: Backend) {
    let app = spawn_app(backend).await;
    let mut body = base(&app, "RUB", "card-p2p");
    body["general"]["payment_id"] = json!("all-at-once");
    let bad = with(
        &with(&with(&body, "payment.amount", Some(json!(0))), "customer.ip_address", Some(json!("x"))),
        "general.redirect_url",
        Some(json!("http://x.example")),
    );
    let (status, err) = app.call("/api/v1/payment/p2p/payin", &bad).await;
    assert_eq!(status, 400);
    let mut fields: Vec<&str> =
        err["errors"].as_array().unwrap().iter().map(|e| e["field"].as_str().unwrap()).collect();
    fields.sort();
    assert_eq!(fields, ["customer.ip_address", "general.redirect_url", "payment.amount"]);
    assert_eq!(err["payment_id"], "all-at-once");
    assert_eq!(err["project_id"], app.key.project_id.as_str());
    // Nothing was created: the payment_id is free and the fixed request is a fresh payment.
    let (status, err) = app.call("/api/v1/payment/p2p/payin/info", &app.general_ref("all-at-once")).await;
    assert_eq!((status, err["status_description"].as_str()), (404, Some("Payment not found")));
    let (status, created) = app.call("/api/v1/payment/p2p/payin", &body).await;
    assert_eq!(status, 200, "{created}");
}

/// U+0000 reaches no query (PostgreSQL refuses it even in a comparison): found by schemathesis
/// as a 500 on PostgreSQL.
async fn a_nul_character_is_refused_before_the_database(backend: Backend) {
    let app = spawn_app(backend).await;
    let mut body = base(&app, "RUB", "card-p2p");
    body["general"]["payment_id"] = json!("nul-1");
    let (status, _) =
        app.call("/api/v1/payment/p2p/payin", &with(&body, "general.project_id", Some(json!("p\u{0}")))).await;
    assert_eq!(status, 403);
    let (status, err) = app.call("/api/v1/payment/p2p/payin/info", &app.general_ref("nul\u{0}")).await;
    assert_eq!(status, 400, "{err}");
    assert_eq!(err["errors"][0]["field"], "general.payment_id");
    let (status, err) =
        app.call("/api/v1/payment/p2p/payin", &with(&body, "payment.bank_symbol", Some(json!("\u{0}\u{b1}}")))).await;
    assert_eq!((status, err["errors"][0]["field"].as_str()), (400, Some("payment.bank_symbol")), "{err}");
}

both_backends!(
    every_field_rule_on_both_sides,
    every_invalid_field_is_reported_at_once_and_nothing_is_created,
    a_nul_character_is_refused_before_the_database
);
