//! H2H card e-commerce: every sandbox outcome through the API and callbacks, the full 3DS round
//! trip with the sandbox issuer, confirm-3ds-result, the redirect flow, card field rules, and
//! no PAN or CVV in logs or storage.

use std::time::Duration;

use serde_json::{Value, json};

use crate::both_backends;
use crate::helpers::{Backend, TestApp, spawn_app, spawn_app_with, status_of};
use crate::receiver::{Behaviour, Receiver};
use crate::validation::with;
use crate::widget::{Browser, csrf_of};

const CREATE: &str = "/api/v1/payment/ecom/payin";
const INFO: &str = "/api/v1/payment/ecom/payin/info";
const CONFIRM_3DS: &str = "/api/v1/payment/ecom/payin/confirm-3ds-result";

pub fn ecom(project_id: &str, id: &str, pan: &str, receiver: Option<&Receiver>) -> Value {
    let mut body = json!({
        "general": {"project_id": project_id, "payment_id": id},
        "payment": {"method": "card-ecom", "amount": 250000, "currency": "RUB", "description": "Order 7"},
        "card": {"pan": pan, "year": 2030, "month": 12, "card_holder": "IVAN PETROV", "cvv": "987"},
        "customer": {"id": "u1", "ip_address": "203.0.113.7", "country": "RU", "first_name": "Ivan", "last_name": "Petrov",
                     "browser": "Chrome 150", "user_agent": "Mozilla/5.0"}
    });
    if let Some(r) = receiver {
        body["general"]["merchant_callback_url"] = json!(format!("{}/info", r.url));
        body["general"]["merchant_success_callback_url"] = json!(format!("{}/success", r.url));
        body["general"]["merchant_decline_callback_url"] = json!(format!("{}/decline", r.url));
    }
    body
}

async fn wait_state(app: &TestApp, id: &str, cond: impl Fn(&Value) -> bool) -> Value {
    for _ in 0..200 {
        let (status, info) = app.call(INFO, &app.general_ref(id)).await;
        assert_eq!(status, 200, "{info}");
        if cond(&info) {
            return info;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    panic!("payment {id} never reached the expected state");
}

async fn every_sandbox_outcome_through_the_api_and_callbacks(backend: Backend) {
    let app = spawn_app(backend).await;
    let receiver = Receiver::start(Behaviour::default()).await;
    let cases = [
        ("ok", "4242424242424242", "success", None),
        ("any", "5555555555554444", "success", None),
        ("3ds", "4000000000003220", "processing:awaiting_3ds_result", None),
        ("redirect", "4000000000003063", "processing:awaiting_redirect_result", None),
        ("declined", "4000000000000002", "decline", Some("Declined by issuer")),
        ("poor", "4000000000009995", "decline", Some("Insufficient funds")),
    ];
    for (id, pan, _, _) in cases {
        let (status, created) = app.call(CREATE, &ecom(&app.key.project_id, id, pan, Some(&receiver))).await;
        assert_eq!(status, 200, "{created}");
        assert_eq!(status_of(&created), "processing:new", "the acquirer runs after the answer");
        assert!(created.get("integration").is_none(), "e-commerce H2H has no form_url");
    }
    let mut expired = ecom(&app.key.project_id, "expired", "4242424242424242", Some(&receiver));
    expired["card"]["year"] = json!(2021);
    app.call(CREATE, &expired).await;
    for (id, _, state, reason) in cases.iter().chain(&[("expired", "", "decline", Some("Card expired"))]) {
        let info = wait_state(&app, id, |i| status_of(i) == *state).await;
        assert_eq!(info["status_description"].as_str(), *reason, "{id}");
        assert_eq!(info["card"]["year"], if *id == "expired" { 2021 } else { 2030 }, "{id}");
        assert_eq!(
            (info["card"]["month"].as_i64(), info["card"]["card_holder"].as_str()),
            (Some(12), Some("IVAN PETROV"))
        );
        assert!(info["card"]["pan"].as_str().unwrap().contains("******"), "masked card: {info}");
        assert_eq!(info["customer"]["id"], "u1");
        assert_eq!(info["payment_info"]["method"], "card-ecom");
    }
    let challenge = wait_state(&app, "3ds", |_| true).await;
    let asc = &challenge["asc_info"];
    assert!(asc["acs_url"].as_str().unwrap().ends_with("/sandbox/acs"));
    assert!(!asc["pa_req"].as_str().unwrap().is_empty());
    assert_eq!(asc["md"], challenge["request_id"]);
    let redirect = wait_state(&app, "redirect", |_| true).await;
    assert_eq!(redirect["redirect_info"]["method"], "POST");
    assert!(redirect["redirect_info"]["url"].as_str().unwrap().ends_with("/sandbox/bank"));
    assert!(redirect["redirect_info"]["body"].as_str().unwrap().contains("MD="));

    // Callbacks: H2H e-commerce sends the challenge and redirect states, and every final one.
    let got = receiver.wait_until(10, |r| r.len() >= 7).await;
    tokio::time::sleep(Duration::from_millis(300)).await;
    let got = if receiver.received().len() > got.len() { receiver.received() } else { got };
    let informative: Vec<Value> = got.iter().filter(|r| r.path == "/info").map(|r| r.json()).collect();
    assert_eq!(informative.len(), 2, "{informative:?}");
    let asc_cb = informative.iter().find(|b| b["status"]["sub_status"] == "awaiting_3ds_result").unwrap();
    assert_eq!(asc_cb["asc_info"], challenge["asc_info"]);
    let redirect_cb = informative.iter().find(|b| b["status"]["sub_status"] == "awaiting_redirect_result").unwrap();
    assert_eq!(redirect_cb["redirect_info"], redirect["redirect_info"]);
    assert_eq!(got.iter().filter(|r| r.path == "/success").count(), 2);
    assert_eq!(got.iter().filter(|r| r.path == "/decline").count(), 3);
}

/// The issuer's pages, as the merchant's browser would post to them.
async fn post_form(app: &TestApp, url: &str, form: &[(&str, &str)]) -> (u16, String) {
    let r = app.client.post(url).form(form).send().await.unwrap();
    (r.status().as_u16(), r.text().await.unwrap())
}

fn hidden(html: &str, name: &str) -> String {
    let marker = format!("name=\"{name}\" value=\"");
    html.split(&marker).nth(1).and_then(|s| s.split('"').next()).unwrap_or_default().replace("&amp;", "&")
}

async fn the_3ds_round_trip_with_the_sandbox_issuer(backend: Backend) {
    let app = spawn_app(backend).await;
    let term_url = "https://merchant.example/3ds-return";
    // A full round trip: wrong code, right code, PaRes forwarded; then idempotent.
    app.call(CREATE, &ecom(&app.key.project_id, "round", "4000000000003220", None)).await;
    let info = wait_state(&app, "round", |i| status_of(i) == "processing:awaiting_3ds_result").await;
    let (acs_url, pa_req, md) = (
        info["asc_info"]["acs_url"].as_str().unwrap(),
        info["asc_info"]["pa_req"].as_str().unwrap(),
        info["asc_info"]["md"].as_str().unwrap(),
    );
    let (status, page) = post_form(&app, acs_url, &[("PaReq", pa_req), ("TermUrl", term_url), ("MD", md)]).await;
    assert_eq!(status, 200);
    assert!(page.contains("name=\"code\""), "the issuer asks for the one-time code");
    let verify = app.url("/sandbox/acs/verify");
    let (_, page) =
        post_form(&app, &verify, &[("PaReq", pa_req), ("TermUrl", term_url), ("MD", md), ("code", "111111")]).await;
    assert!(page.contains("Attempts left: 2"), "{page}");
    let (_, page) =
        post_form(&app, &verify, &[("PaReq", pa_req), ("TermUrl", term_url), ("MD", md), ("code", "123456")]).await;
    assert!(page.contains(&format!("action=\"{term_url}\"")), "the answer is posted to TermUrl");
    let pa_res = hidden(&page, "PaRes");
    assert_eq!(hidden(&page, "MD"), md);
    assert!(!hidden(&page, "Action").is_empty());
    let confirm = json!({"general": {"project_id": app.key.project_id, "payment_id": "round"}, "3ds": {"pa_res": pa_res, "md": md}});
    let (status, done) = app.call(CONFIRM_3DS, &confirm).await;
    assert_eq!((status, status_of(&done).as_str()), (200, "success"), "{done}");
    let (status, again) = app.call(CONFIRM_3DS, &confirm).await;
    assert_eq!((status, status_of(&again).as_str()), (200, "success"), "idempotent");

    // A forged or altered PaRes declines.
    for (id, forge) in [("forged", "eyJtZCI6IngiLCJzdGF0dXMiOiJZIn0.AAAA"), ("altered", "")] {
        app.call(CREATE, &ecom(&app.key.project_id, id, "4000000000003220", None)).await;
        let info = wait_state(&app, id, |i| status_of(i) == "processing:awaiting_3ds_result").await;
        let pa_res = if forge.is_empty() {
            // A real PaRes of another payment, replayed.
            pa_res.clone()
        } else {
            forge.to_string()
        };
        let body = json!({"general": {"project_id": app.key.project_id, "payment_id": id}, "3ds": {"pa_res": pa_res, "md": info["asc_info"]["md"]}});
        let (status, declined) = app.call(CONFIRM_3DS, &body).await;
        assert_eq!(status, 200);
        assert_eq!(
            (status_of(&declined).as_str(), declined["status_description"].as_str()),
            ("decline", Some("3DS authentication failed")),
            "{id}"
        );
    }

    // Three wrong codes decline, and the issuer still answers TermUrl.
    app.call(CREATE, &ecom(&app.key.project_id, "wrong", "4000000000003220", None)).await;
    let info = wait_state(&app, "wrong", |i| status_of(i) == "processing:awaiting_3ds_result").await;
    let (pa_req, md) = (info["asc_info"]["pa_req"].as_str().unwrap(), info["asc_info"]["md"].as_str().unwrap());
    let mut last = String::new();
    for _ in 0..3 {
        last = post_form(&app, &verify, &[("PaReq", pa_req), ("TermUrl", term_url), ("MD", md), ("code", "000000")])
            .await
            .1;
    }
    assert!(last.contains(&format!("action=\"{term_url}\"")));
    let info = wait_state(&app, "wrong", |i| i["status"] == "decline").await;
    assert_eq!(info["status_description"], "3DS authentication failed");

    // The ACS refuses a PaReq that is not this payment's.
    let (status, _) = post_form(&app, acs_url, &[("PaReq", "tampered"), ("TermUrl", term_url), ("MD", md)]).await;
    assert_eq!(status, 400);
    // confirm-3ds-result before any challenge is refused.
    let mut new_body = ecom(&app.key.project_id, "early", "4242424242424242", None);
    new_body["payment"]["amount"] = json!(1);
    let (status, err) = app
        .call(CONFIRM_3DS, &json!({"general": {"project_id": app.key.project_id, "payment_id": "nope"}, "3ds": {"pa_res": "x", "md": "y"}}))
        .await;
    assert_eq!((status, err["status_description"].as_str()), (404, Some("Payment not found")));
    let (status, err) =
        app.call(CONFIRM_3DS, &json!({"general": {"project_id": app.key.project_id, "payment_id": "round"}})).await;
    assert_eq!((status, err["errors"][0]["field"].as_str()), (400, Some("3ds")));
}

async fn the_redirect_flow_with_the_sandbox_bank(backend: Backend) {
    let app = spawn_app(backend).await;
    for (id, decision, outcome) in [("approve", "approve", "success"), ("refuse", "decline", "decline")] {
        app.call(CREATE, &ecom(&app.key.project_id, id, "4000000000003063", None)).await;
        let info = wait_state(&app, id, |i| status_of(i) == "processing:awaiting_redirect_result").await;
        let body = info["redirect_info"]["body"].as_str().unwrap();
        let fields: Vec<(String, String)> = url::form_urlencoded::parse(body.as_bytes()).into_owned().collect();
        let form: Vec<(&str, &str)> = fields.iter().map(|(k, v)| (k.as_str(), v.as_str())).collect();
        let (status, page) = post_form(&app, info["redirect_info"]["url"].as_str().unwrap(), &form).await;
        assert_eq!(status, 200);
        let md = hidden(&page, "MD");
        let pa_req = hidden(&page, "PaReq");
        let r = app
            .client
            .post(app.url("/sandbox/bank/decide"))
            .form(&[("MD", md.as_str()), ("PaReq", pa_req.as_str()), ("decision", decision)])
            .send()
            .await
            .unwrap();
        assert_eq!(r.status(), 303);
        let done = wait_state(&app, id, |i| i["status"] == outcome).await;
        assert_eq!(done["status"], outcome);
    }
}

async fn card_field_rules(backend: Backend) {
    let app = spawn_app(backend).await;
    let base = ecom(&app.key.project_id, "x", "4242424242424242", None);
    let cases: Vec<(&str, Value, Option<&str>)> = vec![
        ("year 2019", with(&base, "card.year", Some(json!(2019))), Some("card.year")),
        ("year 2020", with(&base, "card.year", Some(json!(2020))), None),
        ("year 2099", with(&base, "card.year", Some(json!(2099))), None),
        ("year 2100", with(&base, "card.year", Some(json!(2100))), Some("card.year")),
        ("month 0", with(&base, "card.month", Some(json!(0))), Some("card.month")),
        ("month 1", with(&base, "card.month", Some(json!(1))), None),
        ("month 12", with(&base, "card.month", Some(json!(12))), None),
        ("month 13", with(&base, "card.month", Some(json!(13))), Some("card.month")),
        ("cvv 2 digits", with(&base, "card.cvv", Some(json!("12"))), Some("card.cvv")),
        ("cvv 3 digits", with(&base, "card.cvv", Some(json!("123"))), None),
        ("cvv 4 digits", with(&base, "card.cvv", Some(json!("1234"))), None),
        ("cvv 5 digits", with(&base, "card.cvv", Some(json!("12345"))), Some("card.cvv")),
        ("cvv letters", with(&base, "card.cvv", Some(json!("12a"))), Some("card.cvv")),
        ("cvv optional", with(&base, "card.cvv", None), None),
        ("holder Ukrainian", with(&base, "card.card_holder", Some(json!("Олена Ґудзь"))), None),
        ("holder accented", with(&base, "card.card_holder", Some(json!("Zoë"))), Some("card.card_holder")),
        ("holder missing", with(&base, "card.card_holder", None), Some("card.card_holder")),
        ("pan bad Luhn", with(&base, "card.pan", Some(json!("4242424242424241"))), Some("card.pan")),
        ("pan spaces", with(&base, "card.pan", Some(json!("4242 4242 4242 4242"))), Some("card.pan")),
        ("card missing", with(&base, "card", None), Some("card")),
        ("method not card-ecom", with(&base, "payment.method", Some(json!("card-p2p"))), Some("payment.method")),
        // decisions.md §10: a method not offered for the currency is an error on the method.
        ("currency without e-commerce", with(&base, "payment.currency", Some(json!("NGN"))), Some("payment.method")),
        ("KZT", with(&base, "payment.currency", Some(json!("KZT"))), None),
        ("UZS", with(&base, "payment.currency", Some(json!("UZS"))), None),
        ("redirect_url is ignored", with(&base, "general.redirect_url", Some(json!("not even a url"))), None),
        ("lifetime 601", with(&base, "payment.lifetime", Some(json!(601))), Some("payment.lifetime")),
    ];
    let mut failures = Vec::new();
    for (i, (label, body, expected)) in cases.into_iter().enumerate() {
        let body = with(&body, "general.payment_id", Some(json!(format!("card-{i}"))));
        let (status, answer) = app.call(CREATE, &body).await;
        let ok = match expected {
            None => status == 200,
            Some(field) => status == 400 && answer["errors"].as_array().unwrap().iter().any(|e| e["field"] == field),
        };
        if !ok {
            failures.push(format!("{label}: expected {expected:?}, got {status} {answer}"));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

async fn widget_card_payments_send_no_informative_callbacks(backend: Backend) {
    let app = spawn_app(backend).await;
    let receiver = Receiver::start(Behaviour::default()).await;
    let body = json!({
        "general": {"project_id": app.key.project_id, "payment_id": "wc",
                    "merchant_callback_url": format!("{}/info", receiver.url),
                    "merchant_success_callback_url": format!("{}/success", receiver.url)},
        "payment": {"amount": 1000, "currency": "RUB", "widget_method": "payin-ecom-card"},
        "customer": {"id": "u", "ip_address": "1.2.3.4", "country": "RU"}
    });
    let (_, created) = app.call("/api/v1/widget/payin", &body).await;
    let form_url = created["integration"]["form_url"].as_str().unwrap().to_string();
    // The card form of the page, then the issuer, then the page's own TermUrl.
    let mut browser = Browser::new(&app);
    let (_, _, html) = browser.get(&form_url).await;
    let csrf = csrf_of(&html);
    let form = [
        ("csrf", csrf.as_str()),
        ("pan", "4000 0000 0000 3220"),
        ("exp_month", "12"),
        ("exp_year", "30"),
        ("holder", "IVAN PETROV"),
        ("cvv", "123"),
    ];
    assert_eq!(browser.post_form(&format!("{form_url}/card"), &form).await.status(), 303);
    let (_, _, handoff) = browser.get(&form_url).await;
    let (pa_req, md, term_url) = (hidden(&handoff, "PaReq"), hidden(&handoff, "MD"), hidden(&handoff, "TermUrl"));
    assert_eq!(term_url, format!("{form_url}/3ds"));
    let (_, answer) = post_form(
        &app,
        &app.url("/sandbox/acs/verify"),
        &[("PaReq", &pa_req), ("MD", &md), ("TermUrl", &term_url), ("code", "123456")],
    )
    .await;
    let r = app
        .client
        .post(&term_url)
        .form(&[("PaRes", hidden(&answer, "PaRes")), ("MD", md.clone())])
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), 303);
    let (_, info) = app.call("/api/v1/widget/payin/info", &app.general_ref("wc")).await;
    assert_eq!(status_of(&info), "success");
    receiver.wait_until(10, |r| !r.is_empty()).await;
    tokio::time::sleep(Duration::from_millis(500)).await;
    let paths: Vec<String> = receiver.received().iter().map(|r| r.path.clone()).collect();
    assert_eq!(paths, ["/success"], "no informative callbacks for widget card payments");
}

async fn card_payments_need_an_acquirer(backend: Backend) {
    let app = spawn_app_with(backend, |c| c.sandbox = false).await;
    let (status, err) = app.call(CREATE, &ecom(&app.key.project_id, "no-acq", "4242424242424242", None)).await;
    assert_eq!((status, err["errors"][0]["field"].as_str()), (400, Some("payment.method")));
}

both_backends!(
    every_sandbox_outcome_through_the_api_and_callbacks,
    the_3ds_round_trip_with_the_sandbox_issuer,
    the_redirect_flow_with_the_sandbox_bank,
    card_field_rules,
    widget_card_payments_send_no_informative_callbacks,
    card_payments_need_an_acquirer,
);
