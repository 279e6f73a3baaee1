//! Widget API (endpoints 7–8) with every H2C rule, and the hosted page's server side: CSRF,
//! security headers, post-redirect-get, receipts and the status JSON.

use serde_json::{Value, json};

use crate::both_backends;
use crate::helpers::{Backend, TestApp, spawn_app, status_of};
use crate::validation::with;

const CREATE: &str = "/api/v1/widget/payin";

pub fn widget_body(app: &TestApp, id: &str, currency: &str, method: Option<&str>, country: &str) -> Value {
    widget(app, id, currency, method, country)
}

fn widget(app: &TestApp, id: &str, currency: &str, method: Option<&str>, country: &str) -> Value {
    let mut body = json!({
        "general": {"project_id": app.key.project_id, "payment_id": id, "redirect_url": "https://shop.example/back"},
        "payment": {"amount": 150000, "currency": currency},
        "customer": {"id": "u1", "ip_address": "203.0.113.7", "country": country}
    });
    if let Some(m) = method {
        body["payment"]["widget_method"] = json!(m);
    }
    body
}

async fn every_h2c_rule(backend: Backend) {
    let app = spawn_app(backend).await;
    let cases: Vec<(&str, Value, Option<&str>)> = vec![
        ("RU without method", widget(&app, "a1", "RUB", None, "RU"), None),
        ("RU card", widget(&app, "a2", "RUB", Some("payin-p2p-card"), "RU"), None),
        ("RU card ecom", widget(&app, "a3", "RUB", Some("payin-ecom-card"), "RU"), None),
        ("RU unknown method", widget(&app, "a4", "RUB", Some("payin-teleport"), "RU"), Some("payment.widget_method")),
        (
            "RU method of another country",
            widget(&app, "a5", "RUB", Some("payin-ussd"), "RU"),
            Some("payment.widget_method"),
        ),
        ("KZ without method", widget(&app, "b1", "KZT", None, "KZ"), Some("payment.widget_method")),
        ("KZ exact method", widget(&app, "b2", "KZT", Some("payin-p2p-card-international"), "KZ"), None),
        ("KZ other method", widget(&app, "b3", "KZT", Some("payin-p2p-card"), "KZ"), Some("payment.widget_method")),
        ("KZ card ecom", widget(&app, "b4", "KZT", Some("payin-ecom-card"), "KZ"), None),
        (
            "KZ lifetime 900",
            with(
                &widget(&app, "b5", "KZT", Some("payin-p2p-card-international"), "KZ"),
                "payment.lifetime",
                Some(json!(900)),
            ),
            None,
        ),
        (
            "KZ lifetime 901",
            with(
                &widget(&app, "b6", "KZT", Some("payin-p2p-card-international"), "KZ"),
                "payment.lifetime",
                Some(json!(901)),
            ),
            Some("payment.lifetime"),
        ),
        (
            "RU lifetime 601",
            with(&widget(&app, "b7", "RUB", None, "RU"), "payment.lifetime", Some(json!(601))),
            Some("payment.lifetime"),
        ),
        (
            "NG lifetime 900 (H2C max 600)",
            with(
                &with(&widget(&app, "b8", "NGN", Some("payin-ussd"), "NG"), "customer.email", Some(json!("a@b.ng"))),
                "payment.lifetime",
                Some(json!(900)),
            ),
            Some("payment.lifetime"),
        ),
        ("NG without email", widget(&app, "c1", "NGN", Some("payin-ussd"), "NG"), Some("customer.email")),
        ("ZA without email", widget(&app, "c2", "ZAR", Some("payin-eft-link"), "ZA"), Some("customer.email")),
        ("KE without email", widget(&app, "c3", "KES", Some("payin-mobile-money"), "KE"), Some("customer.email")),
        (
            "KE with email",
            with(&widget(&app, "c4", "KES", Some("payin-mobile-money"), "KE"), "customer.email", Some(json!("a@b.ke"))),
            None,
        ),
        ("KG phone", widget(&app, "c5", "KGS", Some("payin-p2p-phone"), "KG"), None),
        ("AR has no widget", widget(&app, "c6", "ARS", None, "AR"), Some("payment.currency")),
        (
            "widget ignores sender fields but bank_symbol",
            with(
                &widget(&app, "d1", "RUB", None, "RU"),
                "sender",
                Some(json!({"pan": "1", "phone": "x", "bank_symbol": "sberbank"})),
            ),
            None,
        ),
        (
            "widget sender bank must exist",
            with(&widget(&app, "d2", "RUB", None, "RU"), "sender", Some(json!({"bank_symbol": "nobank"}))),
            Some("sender.bank_symbol"),
        ),
        (
            "UZ humo",
            with(
                &widget(&app, "d3", "UZS", Some("payin-p2p-card"), "UZ"),
                "payment.payment_system",
                Some(json!("humo")),
            ),
            None,
        ),
        (
            "UZ visa",
            with(
                &widget(&app, "d4", "UZS", Some("payin-p2p-card"), "UZ"),
                "payment.payment_system",
                Some(json!("visa")),
            ),
            Some("payment.payment_system"),
        ),
        (
            "widget payment.method is ignored",
            with(&widget(&app, "d5", "RUB", None, "RU"), "payment.method", Some(json!("nonsense"))),
            None,
        ),
    ];
    let mut failures = Vec::new();
    for (label, body, expected) in cases {
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

async fn widget_create_and_info_answer_the_widget_body(backend: Backend) {
    let app = spawn_app(backend).await;
    let (_, unchosen) = app.call(CREATE, &widget(&app, "w1", "RUB", None, "RU")).await;
    assert_eq!(status_of(&unchosen), "processing:new", "the user picks the method on the page");
    assert!(unchosen["payment_info"]["widget_method"].is_null());
    assert_eq!(unchosen["integration"]["redirect_url"], "https://shop.example/back");
    assert!(unchosen.get("recipient_requisites").is_none(), "widget answers carry no requisites");
    let mut uz = widget(&app, "w2", "UZS", Some("payin-p2p-card"), "UZ");
    uz["payment"]["payment_system"] = json!("uzcard");
    let (_, chosen) = app.call(CREATE, &uz).await;
    assert_eq!(status_of(&chosen), "processing:requisites");
    let (status, info) = app.call("/api/v1/widget/payin/info", &app.general_ref("w2")).await;
    assert_eq!(status, 200);
    assert_eq!(info["payment_info"]["widget_method"], "payin-p2p-card");
    assert_eq!(info["payment_info"]["method"], "card-p2p");
    assert_eq!(info["payment_info"]["payment_system"], "uzcard");
    assert_eq!(info["payment_info"]["lifetime"], 600);
    assert!(info["integration"]["form_url"].as_str().unwrap().contains("/pay/"));
}

/// A browser-like client: keeps the session cookie.
pub struct Browser<'a> {
    app: &'a TestApp,
    cookie: Option<String>,
}

impl<'a> Browser<'a> {
    pub fn new(app: &'a TestApp) -> Self {
        Browser { app, cookie: None }
    }

    pub fn cookie(&self) -> Option<String> {
        self.cookie.clone()
    }

    fn keep_cookie(&mut self, r: &reqwest::Response) {
        if let Some(c) = r.headers().get("set-cookie").and_then(|v| v.to_str().ok()) {
            self.cookie = c.split(';').next().map(str::to_string);
        }
    }

    pub async fn get(&mut self, url: &str) -> (reqwest::header::HeaderMap, u16, String) {
        let mut req = self.app.client.get(url).header("accept-language", "en");
        if let Some(c) = &self.cookie {
            req = req.header("cookie", c);
        }
        let r = req.send().await.unwrap();
        self.keep_cookie(&r);
        (r.headers().clone(), r.status().as_u16(), r.text().await.unwrap())
    }

    pub async fn post_form(&mut self, url: &str, form: &[(&str, &str)]) -> reqwest::Response {
        let mut req = self.app.client.post(url).form(form);
        if let Some(c) = &self.cookie {
            req = req.header("cookie", c);
        }
        let r = req.send().await.unwrap();
        self.keep_cookie(&r);
        r
    }
}

pub fn csrf_of(html: &str) -> String {
    html.split("name=\"csrf\" value=\"").nth(1).and_then(|s| s.split('"').next()).unwrap_or_default().to_string()
}

async fn the_page_is_protected_and_follows_post_redirect_get(backend: Backend) {
    let app = spawn_app(backend).await;
    app.add_ru_card("5536913812345672").await;
    let (_, created) = app.call(CREATE, &widget(&app, "p1", "RUB", None, "RU")).await;
    let form_url = created["integration"]["form_url"].as_str().unwrap().to_string();
    let mut browser = Browser::new(&app);
    let (headers, status, html) = browser.get(&form_url).await;
    assert_eq!(status, 200);
    let csp = headers["content-security-policy"].to_str().unwrap();
    assert!(csp.contains("frame-ancestors 'none'") && csp.contains("default-src 'none'"), "{csp}");
    assert!(!csp.contains("unsafe-inline"), "{csp}");
    let nonce = csp.split("'nonce-").nth(1).unwrap().split('\'').next().unwrap();
    for script in html.split("<script").skip(1) {
        let tag = &script[..script.find('>').unwrap()];
        assert!(tag.contains(&format!(" nonce=\"{nonce}\"")), "every script carries the nonce: {tag}");
    }
    assert_eq!(headers["cache-control"], "no-store");
    assert_eq!(headers["x-frame-options"], "DENY");
    assert_eq!(headers["referrer-policy"], "no-referrer");
    assert!(html.starts_with("<!DOCTYPE html><html lang=\"ru\""), "RU payments default to Russian");
    let csrf = csrf_of(&html);
    assert_eq!(csrf.len(), 43, "an HMAC-SHA256, base64url");

    // Without the session's token the form changes nothing.
    let r = browser.post_form(&format!("{form_url}/method"), &[("csrf", "forged"), ("method", "payin-p2p-card")]).await;
    assert_eq!(r.status(), 303);
    let (_, info) = app.call("/api/v1/widget/payin/info", &app.general_ref("p1")).await;
    assert_eq!(status_of(&info), "processing:new");
    // A method the page does not offer is refused too.
    browser.post_form(&format!("{form_url}/method"), &[("csrf", &csrf), ("method", "payin-ussd")]).await;
    let (_, info) = app.call("/api/v1/widget/payin/info", &app.general_ref("p1")).await;
    assert_eq!(status_of(&info), "processing:new");

    let r = browser
        .post_form(&format!("{form_url}/method"), &[("csrf", &csrf), ("method", "payin-p2p-card"), ("lang", "en")])
        .await;
    assert_eq!(r.status(), 303);
    assert!(r.headers()["location"].to_str().unwrap().ends_with("?lang=en"));
    app.wait_for("p1", 10, |b| status_of(b) == "processing:awaiting_confirm").await;
    let (_, _, html) = browser.get(&format!("{form_url}?lang=en")).await;
    assert!(html.contains("5536 9138 1234 5672"), "grouped card number");
    assert!(html.contains("Transfer the exact amount"));
    let status: Value = app.client.get(format!("{form_url}/status")).send().await.unwrap().json().await.unwrap();
    assert_eq!(status["sub_status"], "awaiting_confirm");
    assert_eq!(status["final"], false);
    let r = browser.post_form(&format!("{form_url}/confirm"), &[("csrf", &csrf)]).await;
    assert_eq!(r.status(), 303);
    let (_, info) = app.call("/api/v1/widget/payin/info", &app.general_ref("p1")).await;
    assert_eq!(status_of(&info), "processing:paid");

    // The status page reloads itself without JavaScript, so it links to the upload instead
    // of holding a file input the reload would clear; the upload's own view does not reload.
    let (_, _, html) = browser.get(&format!("{form_url}?lang=en")).await;
    assert!(html.contains("http-equiv=\"refresh\""), "the waiting page refreshes");
    assert!(!html.contains("type=\"file\""), "no file input on a page that reloads");
    assert!(html.contains("?view=receipt&amp;lang=en"), "a link to the upload: {html}");
    let (_, _, html) = browser.get(&format!("{form_url}?view=receipt&lang=en")).await;
    assert!(html.contains("type=\"file\"") && !html.contains("http-equiv=\"refresh\""), "{html}");
    assert!(html.contains("Back to the payment"));

    // Receipts: checked by content and size; a valid one opens the dispute.
    let file = |data: Vec<u8>| {
        reqwest::multipart::Form::new().text("csrf", csrf.clone()).part(
            "receipt",
            reqwest::multipart::Part::bytes(data).file_name("r.pdf").mime_str("application/pdf").unwrap(),
        )
    };
    let cookie = browser.cookie.clone().unwrap();
    let post_receipt = |form: reqwest::multipart::Form| {
        app.client.post(format!("{form_url}/receipt")).multipart(form).header("cookie", cookie.clone()).send()
    };
    let r = post_receipt(file(b"<html>not a pdf</html>".to_vec())).await.unwrap();
    assert_eq!(r.status(), 303);
    let r = post_receipt(file(vec![b'%'; 5 * 1024 * 1024 + 1])).await.unwrap();
    assert_eq!(r.status(), 303);
    let location = r.headers()["location"].to_str().unwrap().to_string();
    assert!(location.contains("view=receipt"), "a refused file returns to the upload: {location}");
    let (_, info) = app.call("/api/v1/widget/payin/info", &app.general_ref("p1")).await;
    assert_eq!(status_of(&info), "processing:paid", "refused receipts change nothing");
    let (_, _, html) = browser.get(&format!("{}{location}&lang=en", app.address)).await;
    assert!(html.contains("The file is larger than 5 MB."), "the refusal is shown on the page the form returns to");
    let (_, _, html) = browser.get(&format!("{form_url}?lang=en")).await;
    assert!(!html.contains("The file is larger than 5 MB."), "and only there");
    let r = post_receipt(file(b"%PDF-1.4\n%receipt\n".to_vec())).await.unwrap();
    assert_eq!(r.status(), 303);
    let (_, info) = app.call("/api/v1/widget/payin/info", &app.general_ref("p1")).await;
    assert_eq!(status_of(&info), "dispute:confirm_timeout");
    let receipts = app.stores.payments.receipts(info["request_id"].as_str().unwrap()).await.unwrap();
    assert_eq!(receipts.len(), 1);
    assert_eq!(receipts[0].content_type, "application/pdf");

    // An operator opens it, and the log says who saw it.
    let request_id = info["request_id"].as_str().unwrap();
    crate::browser::add_operator(&app, "alice").await;
    let operator = crate::browser::Browser::new(&app);
    operator.log_in("alice", crate::browser::PASSWORD).await;
    let file = operator.get(&format!("/operator/payments/{request_id}/receipts/{}", receipts[0].id)).await;
    assert_eq!(file.status, 200);
    let seen = crate::browser::audit_of(&app, request_id).await;
    let seen = seen.iter().find(|a| a.action == "receipt_viewed").expect("the view audited");
    assert_eq!((seen.actor.as_str(), seen.detail.as_deref()), ("operator:alice", Some(receipts[0].id.as_str())));
}

async fn unknown_pages_are_localized_404s(backend: Backend) {
    let app = spawn_app(backend).await;
    for (path, lang) in [(format!("/pay/{}", "a".repeat(40)), "ru"), ("/pay/xyz".to_string(), "ko")] {
        let r = app.client.get(app.url(&path)).header("accept-language", lang).send().await.unwrap();
        assert_eq!(r.status(), 404);
        let html = r.text().await.unwrap();
        assert!(html.contains(&format!("<html lang=\"{lang}\"")), "{html}");
    }
    let r = app.client.get(app.url(&format!("/pay/{}/status", "b".repeat(40)))).send().await.unwrap();
    assert_eq!(r.status(), 404);
    let css = app.client.get(app.url("/assets/main.css?v=1")).send().await.unwrap();
    assert_eq!(css.status(), 200);
    assert!(css.headers()["cache-control"].to_str().unwrap().contains("immutable"));
}

/// The methods a payer may choose come from the project's settings; when they cannot be read
/// the page offers nothing and accepts no choice (fails closed), instead of allowing every
/// method (issue 9 defect).
async fn an_unreadable_project_offers_no_method(backend: Backend) {
    let app = spawn_app(backend).await;
    let (status, _) = app
        .operator(
            &format!("/api/v1/operator/projects/{}/settings", app.key.project_id),
            &json!({"allowed_methods": ["payin-p2p-card", "card-p2p"]}),
        )
        .await;
    assert_eq!(status, 200);
    let (_, created) = app.call(CREATE, &widget(&app, "closed", "RUB", None, "RU")).await;
    let form_url = created["integration"]["form_url"].as_str().unwrap().to_string();
    let mut browser = Browser::new(&app);
    let (_, status, html) = browser.get(&format!("{form_url}?lang=en")).await;
    assert_eq!(status, 200);
    assert!(html.contains("value=\"payin-p2p-card\""), "the allowed method is offered");
    assert!(!html.contains("value=\"payin-qr-sbp\""), "a disabled method is not offered");
    let csrf = csrf_of(&html);

    // The project's settings become unreadable (a corrupt row, as a failing database would be).
    app.execute_sql(&format!("UPDATE projects SET settings_json = 'not json' WHERE id = '{}'", app.key.project_id))
        .await;
    let (_, status, html) = browser.get(&format!("{form_url}?lang=en")).await;
    assert_eq!(status, 503, "{html}");
    assert!(!html.contains("value=\"payin-qr-sbp\"") && !html.contains("value=\"payin-p2p-card\""));
    assert!(html.contains("Temporarily unavailable"));
    for method in ["payin-qr-sbp", "payin-p2p-card"] {
        browser.post_form(&format!("{form_url}/method"), &[("csrf", &csrf), ("method", method)]).await;
        let (_, info) = app.call("/api/v1/widget/payin/info", &app.general_ref("closed")).await;
        assert_eq!(status_of(&info), "processing:new", "{method} was not accepted");
        assert!(info["payment_info"]["widget_method"].is_null());
    }
}

both_backends!(
    a_russian_bank_account_shows_its_bik_and_correspondent_account,
    an_unreadable_project_offers_no_method,
    every_h2c_rule,
    widget_create_and_info_answer_the_widget_body,
    the_page_is_protected_and_follows_post_redirect_get,
    unknown_pages_are_localized_404s,
);

/// A Russian bank-account transfer needs the bank's BIK and correspondent account besides the
/// account number (issue 29 §7): the pool refuses an account requisite without them or with
/// ones that do not fit, and the page shows them, each with a copy button.
async fn a_russian_bank_account_shows_its_bik_and_correspondent_account(backend: Backend) {
    let app = spawn_app(backend).await;
    let account = |extra: Value| {
        let mut r = json!({
            "country": "RU", "currency": "RUB", "methods": ["international-p2p", "payin-p2p-international"],
            "pan": "40817810099910004312", "card_holder": "IVAN PETROV", "bank_symbol": "sberbank"
        });
        r.as_object_mut().unwrap().extend(extra.as_object().unwrap().clone());
        r
    };
    let fields = |body: &Value| {
        body["errors"].as_array().unwrap().iter().map(|e| e["field"].as_str().unwrap().to_string()).collect::<Vec<_>>()
    };
    let (status, refused) = app.operator("/api/v1/operator/requisites", &account(json!({}))).await;
    assert_eq!(status, 400, "{refused}");
    assert_eq!(fields(&refused), ["bank_code", "correspondent_account"]);
    let mismatched = account(json!({"bank_code": "044525225", "correspondent_account": "30101810400000000226"}));
    let (status, refused) = app.operator("/api/v1/operator/requisites", &mismatched).await;
    assert_eq!((status, fields(&refused)), (400, vec!["correspondent_account".to_string()]), "{refused}");
    let (status, refused) = app.operator("/api/v1/operator/requisites", &account(json!({"bank_code": "12345"}))).await;
    assert!(status == 400 && fields(&refused).contains(&"bank_code".to_string()), "{refused}");
    assert_eq!(app.count_rows("requisites").await, 0, "nothing refused was kept");
    // Typed as bank documents print them, with spaces between the groups.
    let id = app
        .add_requisite(account(
            json!({"bank_code": "044 525 225", "correspondent_account": "30101 810 4 0000 0000225"}),
        ))
        .await;
    let (_, list) = app.operator_get("/api/v1/operator/requisites").await;
    let listed = list.as_array().unwrap().iter().find(|r| r["id"] == json!(id)).unwrap().clone();
    assert_eq!(
        (listed["bank_code"].as_str(), listed["correspondent_account"].as_str()),
        (Some("044525225"), Some("30101810400000000225"))
    );

    let body = widget(&app, "bik-1", "RUB", Some("payin-p2p-international"), "RU");
    let (status, created) = app.call("/api/v1/widget/payin", &body).await;
    assert_eq!(status, 200, "{created}");
    app.wait_for("bik-1", 10, |b| status_of(b) == "processing:awaiting_confirm").await;
    let form_url = created["integration"]["form_url"].as_str().unwrap().to_string();
    let mut browser = Browser::new(&app);
    let (_, _, html) = browser.get(&format!("{form_url}?lang=en")).await;
    for shown in
        ["40817810099910004312", "Bank code (BIK)", "044525225", "Correspondent account", "30101810400000000225"]
    {
        assert!(html.contains(shown), "{shown} on the page: {html}");
    }
    assert!(
        html.contains("data-copy=\"044525225\"") && html.contains("data-copy=\"30101810400000000225\""),
        "copyable"
    );
    let (_, _, html) = browser.get(&format!("{form_url}?lang=ru")).await;
    assert!(html.contains("БИК банка") && html.contains("Корреспондентский счёт"));
}
