//! The hosted page when things go wrong (issue 13): whom the payer pays, another card after a
//! refusal, the details kept after "I have paid", another method (releasing the requisite),
//! cancel in two steps, and the record on every final screen.

use serde_json::{Value, json};

use crate::both_backends;
use crate::helpers::{Backend, TestApp, spawn_app, status_of};
use crate::widget::{Browser, csrf_of, widget_body};

const INFO: &str = "/api/v1/widget/payin/info";

async fn info(app: &TestApp, id: &str) -> Value {
    app.call(INFO, &app.general_ref(id)).await.1
}

async fn card_payment(app: &TestApp, id: &str) -> String {
    let mut body = widget_body(app, id, "RUB", Some("payin-ecom-card"), "RU");
    body["payment"]["amount"] = json!(1000);
    let (status, created) = app.call("/api/v1/widget/payin", &body).await;
    assert_eq!(status, 200, "{created}");
    created["integration"]["form_url"].as_str().unwrap().to_string()
}

async fn pay_by_card(browser: &mut Browser<'_>, form_url: &str, pan: &str) -> u16 {
    let (_, _, html) = browser.get(&format!("{form_url}?lang=en")).await;
    let csrf = csrf_of(&html);
    let form = [
        ("csrf", csrf.as_str()),
        ("lang", "en"),
        ("pan", pan),
        ("exp_month", "12"),
        ("exp_year", "2030"),
        ("holder", "IVAN PETROV"),
        ("cvv", "123"),
    ];
    browser.post_form(&format!("{form_url}/card"), &form).await.status().as_u16()
}

async fn choose_method(browser: &mut Browser<'_>, form_url: &str, method: &str) {
    let (_, _, html) = browser.get(&format!("{form_url}?lang=en")).await;
    let csrf = csrf_of(&html);
    let r = browser.post_form(&format!("{form_url}/method"), &[("csrf", &csrf), ("method", method)]).await;
    assert_eq!(r.status(), 303);
}

async fn a_refused_card_leaves_the_payment_open_for_another(backend: Backend) {
    let app = spawn_app(backend).await;
    let form_url = card_payment(&app, "c1").await;
    let mut browser = Browser::new(&app);

    // First refusal: still open, the page says why, keeps the name, and takes another card.
    assert_eq!(pay_by_card(&mut browser, &form_url, "4000000000000002").await, 303);
    let body = info(&app, "c1").await;
    assert_eq!(status_of(&body), "processing:new", "{body}");
    let (_, _, html) = browser.get(&format!("{form_url}?lang=en")).await;
    assert!(html.contains("Your bank declined the payment."), "{html}");
    assert!(html.contains("Cards you can still try: 2."), "{html}");
    assert!(html.contains("value=\"IVAN PETROV\""), "the name is kept");
    assert!(html.contains("name=\"pan\"") && !html.contains("4000000000000002"), "the number is never echoed");

    // Second refusal, another reason.
    assert_eq!(pay_by_card(&mut browser, &form_url, "4000000000009995").await, 303);
    assert_eq!(status_of(&info(&app, "c1").await), "processing:new");
    let (_, _, html) = browser.get(&format!("{form_url}?lang=en")).await;
    assert!(html.contains("There is not enough money on the card.") && html.contains("Cards you can still try: 1."));

    // The third refusal declines with its reason.
    assert_eq!(pay_by_card(&mut browser, &form_url, "4000000000000002").await, 303);
    let body = info(&app, "c1").await;
    assert_eq!(status_of(&body), "decline");
    assert_eq!(body["status_description"], "Declined by issuer", "{body}");

    // A good card after a refusal pays.
    let form_url = card_payment(&app, "c2").await;
    assert_eq!(pay_by_card(&mut browser, &form_url, "4000000000009995").await, 303);
    assert_eq!(pay_by_card(&mut browser, &form_url, "4242424242424242").await, 303);
    let body = info(&app, "c2").await;
    assert_eq!(status_of(&body), "success", "{body}");
    let (_, _, html) = browser.get(&format!("{form_url}?lang=en")).await;
    assert!(html.contains("ending in 4242"), "the record names the card that paid: {html}");

    // Going to another method and back does not give the payer (or a card tester) new tries,
    // and a payment that left the card method still ends by its lifetime.
    let (_, created) = app
        .call("/api/v1/widget/payin", &{
            let mut body = widget_body(&app, "c4", "RUB", None, "RU");
            body["payment"]["amount"] = json!(1000);
            body
        })
        .await;
    let form_url = created["integration"]["form_url"].as_str().unwrap().to_string();
    choose_method(&mut browser, &form_url, "payin-ecom-card").await;
    assert_eq!(pay_by_card(&mut browser, &form_url, "4000000000000002").await, 303);
    assert_eq!(pay_by_card(&mut browser, &form_url, "4000000000000002").await, 303);
    let (_, _, html) = browser.get(&format!("{form_url}?lang=en")).await;
    let csrf = csrf_of(&html);
    browser.post_form(&format!("{form_url}/change-method"), &[("csrf", &csrf)]).await;
    assert_eq!(status_of(&info(&app, "c4").await), "processing:new");
    choose_method(&mut browser, &form_url, "payin-ecom-card").await;
    let (_, _, html) = browser.get(&format!("{form_url}?lang=en")).await;
    assert!(html.contains("Cards you can still try: 1."), "the refusals are still counted: {html}");
    assert_eq!(pay_by_card(&mut browser, &form_url, "4000000000000002").await, 303);
    assert_eq!(status_of(&info(&app, "c4").await), "decline", "the third refusal declines");
    let (_, created) = app
        .call("/api/v1/widget/payin", &{
            let mut body = widget_body(&app, "c5", "RUB", None, "RU");
            body["payment"]["amount"] = json!(1000);
            body
        })
        .await;
    let form_url = created["integration"]["form_url"].as_str().unwrap().to_string();
    let (_, _, html) = browser.get(&format!("{form_url}?lang=en")).await;
    let csrf = csrf_of(&html);
    browser.post_form(&format!("{form_url}/method"), &[("csrf", &csrf), ("method", "payin-ecom-card")]).await;
    assert_eq!(pay_by_card(&mut browser, &form_url, "4000000000000002").await, 303);
    let (_, _, html) = browser.get(&format!("{form_url}?lang=en")).await;
    let csrf = csrf_of(&html);
    browser.post_form(&format!("{form_url}/change-method"), &[("csrf", &csrf)]).await;
    browser.post_form(&format!("{form_url}/sandbox"), &[("csrf", &csrf), ("action", "expire")]).await;
    let body = info(&app, "c5").await;
    assert_eq!((status_of(&body).as_str(), body["status_description"].as_str()), ("decline", Some("Lifetime expired")));

    // The end of the lifetime after a refusal declines with the refusal's reason.
    let form_url = card_payment(&app, "c3").await;
    assert_eq!(pay_by_card(&mut browser, &form_url, "4000000000009995").await, 303);
    let (_, _, html) = browser.get(&format!("{form_url}?lang=en")).await;
    let csrf = csrf_of(&html);
    browser.post_form(&format!("{form_url}/sandbox"), &[("csrf", &csrf), ("action", "expire")]).await;
    let body = info(&app, "c3").await;
    assert_eq!(
        (status_of(&body).as_str(), body["status_description"].as_str()),
        ("decline", Some("Insufficient funds"))
    );
}

async fn the_payer_goes_back_to_the_choice_and_the_requisite_is_released(backend: Backend) {
    let app = spawn_app(backend).await;
    app.add_ru_card("5536913812345672").await;
    let mut browser = Browser::new(&app);
    let mut pages = Vec::new();
    for id in ["m1", "m2"] {
        let (_, created) = app.call("/api/v1/widget/payin", &widget_body(&app, id, "RUB", None, "RU")).await;
        let form_url = created["integration"]["form_url"].as_str().unwrap().to_string();
        let (_, _, html) = browser.get(&format!("{form_url}?lang=en")).await;
        assert!(!html.contains("Choose another way to pay"), "nothing chosen yet");
        let csrf = csrf_of(&html);
        browser.post_form(&format!("{form_url}/method"), &[("csrf", &csrf), ("method", "payin-p2p-card")]).await;
        pages.push((form_url, csrf));
    }
    // One requisite, one open payment per amount: the first holds it, the second waits.
    app.wait_for("m1", 10, |b| status_of(b) == "processing:awaiting_confirm").await;
    assert_eq!(status_of(&info(&app, "m2").await), "processing:requisites");
    // The waiting payer is told at once that nothing is free (not after the search window).
    let (_, _, html) = browser.get(&format!("{}?lang=en", pages[1].0)).await;
    assert!(html.contains("No payment details are free right now"), "{html}");
    let (form_url, csrf) = &pages[0];
    let (_, _, html) = browser.get(&format!("{form_url}?lang=en")).await;
    assert!(html.contains("Choose another way to pay"));

    // Back to the choice: the first payment is new again and holds nothing; the second gets
    // the requisite it released.
    let r = browser.post_form(&format!("{form_url}/change-method"), &[("csrf", csrf), ("lang", "en")]).await;
    assert_eq!(r.status(), 303);
    let body = info(&app, "m1").await;
    assert_eq!(status_of(&body), "processing:new", "{body}");
    let (_, _, html) = browser.get(&format!("{form_url}?lang=en")).await;
    assert!(html.contains("How would you like to pay?") && !html.contains("5536 9138"), "{html}");
    let second = app.wait_for("m2", 10, |b| status_of(b) == "processing:awaiting_confirm").await;
    assert_eq!(second["recipient_requisites"]["pan"], "5536913812345672", "{second}");

    // Once paid, the method stays.
    let (form_url, csrf) = &pages[1];
    browser.post_form(&format!("{form_url}/confirm"), &[("csrf", csrf)]).await;
    let r = browser.post_form(&format!("{form_url}/change-method"), &[("csrf", csrf)]).await;
    assert!(r.headers()["location"].to_str().unwrap().contains("notice=error-not-available"));
    assert_eq!(status_of(&info(&app, "m2").await), "processing:paid");

    // The waiting screen keeps the details, and the cancel link, for a payer who pressed too early.
    let (_, _, html) = browser.get(&format!("{form_url}?lang=en")).await;
    assert!(html.contains("Checking your payment") && html.contains("Have not sent the money yet?"));
    assert!(html.contains("5536 9138 1234 5672") && html.contains("cancel=ask"), "{html}");
    assert!(!html.contains("Choose another way to pay"));

    // A payment whose method the merchant chose offers no other.
    let (_, created) =
        app.call("/api/v1/widget/payin", &widget_body(&app, "m3", "RUB", Some("payin-p2p-card"), "RU")).await;
    let (_, _, html) = browser.get(created["integration"]["form_url"].as_str().unwrap()).await;
    assert!(!html.contains("change-method"));
}

async fn cancel_asks_once_more_and_final_screens_keep_a_record(backend: Backend) {
    let app = spawn_app(backend).await;
    app.add_ru_card("5536913812345672").await;
    let (_, created) =
        app.call("/api/v1/widget/payin", &widget_body(&app, "k1", "RUB", Some("payin-p2p-card"), "RU")).await;
    let form_url = created["integration"]["form_url"].as_str().unwrap().to_string();
    let request_id = created["request_id"].as_str().unwrap().to_string();
    app.wait_for("k1", 10, |b| status_of(b) == "processing:awaiting_confirm").await;
    let mut browser = Browser::new(&app);
    let (_, _, html) = browser.get(&format!("{form_url}?lang=en")).await;
    assert!(html.contains("Payment to Test Merchant"), "the payee is the merchant until a display name is set");
    let csrf = csrf_of(&html);

    // A first press (an old form, a double tap) only asks.
    let r = browser.post_form(&format!("{form_url}/cancel"), &[("csrf", &csrf), ("lang", "en")]).await;
    assert_eq!(r.status(), 303);
    let location = r.headers()["location"].to_str().unwrap().to_string();
    assert!(location.ends_with("?lang=en&cancel=ask#cancel"), "{location}");
    assert_eq!(status_of(&info(&app, "k1").await), "processing:awaiting_confirm");
    let (_, _, html) = browser.get(&format!("{}{}", app.address, location.trim_end_matches("#cancel"))).await;
    assert!(html.contains("Cancel this payment?") && html.contains("these payment details will stop working"));
    assert!(html.contains("name=\"confirm\" value=\"yes\""));

    // The display name, set by the CLI, is what the page shows from now on.
    let out = app.project_set(&["--display-name", "  Cosy Books  "]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let refused = app.project_set(&["--display-name", &"x".repeat(65)]);
    assert!(!refused.status.success() && String::from_utf8_lossy(&refused.stderr).contains("at most 64"));

    let r =
        browser.post_form(&format!("{form_url}/cancel"), &[("csrf", &csrf), ("lang", "en"), ("confirm", "yes")]).await;
    assert_eq!(r.status(), 303);
    let body = info(&app, "k1").await;
    assert_eq!(
        (status_of(&body).as_str(), body["status_description"].as_str()),
        ("decline", Some("Canceled by client"))
    );

    // The final screen is a record: outcome, reference, time, amount, method, payee, next step.
    let (_, _, html) = browser.get(&format!("{form_url}?lang=en")).await;
    assert!(html.contains("Payment to Cosy Books"), "{html}");
    for text in ["Payment record", "Cancelled", &request_id, " UTC", "1,500.00", "Transfer to a bank card", "Payee"] {
        assert!(html.contains(text), "{text} missing from {html}");
    }
    assert!(html.contains("give the reference"), "whom to contact and with what");
    assert!(!html.contains("Amount to pay"), "a final screen says what happened, not what to do");
    assert!(!html.contains("http-equiv=\"refresh\""), "only the success screen returns to the shop by itself");
}

async fn success_returns_to_the_shop_and_prints(backend: Backend) {
    let app = spawn_app(backend).await;
    app.add_ru_card("5536913812345672").await;
    let (_, created) =
        app.call("/api/v1/widget/payin", &widget_body(&app, "s1", "RUB", Some("payin-p2p-card"), "RU")).await;
    let form_url = created["integration"]["form_url"].as_str().unwrap().to_string();
    app.wait_for("s1", 10, |b| status_of(b) == "processing:awaiting_confirm").await;
    let mut browser = Browser::new(&app);
    let (_, _, html) = browser.get(&format!("{form_url}?lang=en")).await;
    let csrf = csrf_of(&html);
    browser.post_form(&format!("{form_url}/sandbox"), &[("csrf", &csrf), ("action", "received")]).await;
    assert_eq!(status_of(&info(&app, "s1").await), "success");
    let (_, _, html) = browser.get(&format!("{form_url}?lang=en")).await;
    assert!(html.contains("<h1>Paid</h1>") && html.contains(">Paid<"), "{html}");
    assert!(
        html.contains("<meta http-equiv=\"refresh\" content=\"10;url=https://shop.example/back\""),
        "back to the shop by itself, without JavaScript too: {html}"
    );
    assert!(html.contains("Back to the shop:") && html.contains("Return to the shop"));
    assert!(html.contains("view=print"));
    let (_, status, print) = browser.get(&format!("{form_url}?lang=en&view=print")).await;
    assert_eq!(status, 200);
    assert!(print.contains("Payment record") && print.contains("class=\"print\""));
    assert!(!print.contains("http-equiv=\"refresh\""), "the print view stays put");
}

/// The page's guards are asked inside the compare-and-set (issue 27 §4): cards posted while
/// the payer switches methods back and forth never reach the issuer more than the three tries
/// allow, and a good card is authorized once.
async fn cards_posted_while_switching_methods_keep_their_guards(backend: Backend) {
    let app = spawn_app(backend).await;
    let sandbox = app.sandbox.clone().expect("the sandbox acquirer");
    for (id, pan, most) in [("r1", "4000000000000002", 3), ("g1", "4242424242424242", 1)] {
        let (_, created) = app
            .call("/api/v1/widget/payin", &{
                let mut body = widget_body(&app, id, "RUB", None, "RU");
                body["payment"]["amount"] = json!(1000);
                body
            })
            .await;
        let form_url = created["integration"]["form_url"].as_str().unwrap().to_string();
        let request_id = created["request_id"].as_str().unwrap().to_string();
        let mut browser = Browser::new(&app);
        choose_method(&mut browser, &form_url, "payin-ecom-card").await;
        let (_, _, html) = browser.get(&format!("{form_url}?lang=en")).await;
        let (csrf, cookie) = (csrf_of(&html), browser.cookie().unwrap_or_default());
        // Rounds of cards, "another method" and the card method again, all at once, until the
        // payment ends. Under load most posts of a round are turned away as concurrent, so a
        // slow machine may need many rounds to reach the end.
        for _ in 0..30 {
            let post = |path: &str, form: Vec<(&'static str, String)>| {
                app.client.post(format!("{form_url}/{path}")).header("cookie", cookie.clone()).form(&form).send()
            };
            let card = || {
                let fields = [
                    ("pan", pan),
                    ("exp_month", "12"),
                    ("exp_year", "2030"),
                    ("holder", "IVAN PETROV"),
                    ("cvv", "123"),
                ];
                let mut form = vec![("csrf", csrf.clone()), ("lang", "en".to_string())];
                form.extend(fields.map(|(k, v)| (k, v.to_string())));
                post("card", form)
            };
            let back = || post("change-method", vec![("csrf", csrf.clone())]);
            let again = || post("method", vec![("csrf", csrf.clone()), ("method", "payin-ecom-card".to_string())]);
            let _ = futures_util::future::join_all([card(), back(), card(), again(), card(), back(), again(), card()])
                .await;
            if ["success", "decline"].contains(&status_of(&info(&app, id).await).as_str()) {
                break;
            }
            let _ = again().await;
        }
        let authorized = sandbox.authorizations(&request_id);
        assert!(authorized <= most, "{id}: the issuer was asked {authorized} times");
        let end = status_of(&info(&app, id).await);
        if pan.starts_with("4242") {
            assert!(matches!(end.as_str(), "success" | "processing:new"), "{id}: {end}");
            assert_eq!(authorized == 1, end == "success", "{id}: one authorization is the success");
        } else {
            assert_eq!((end.as_str(), authorized), ("decline", 3), "{id}: three refusals decline");
        }
    }
}

both_backends!(
    cards_posted_while_switching_methods_keep_their_guards,
    a_refused_card_leaves_the_payment_open_for_another,
    the_payer_goes_back_to_the_choice_and_the_requisite_is_released,
    cancel_asks_once_more_and_final_screens_keep_a_record,
    success_returns_to_the_shop_and_prints,
    mobile_money_asks_for_the_phone_and_resends_once_a_minute,
    the_page_carries_the_merchants_brand,
);

#[tokio::test]
async fn pages_are_compressed_with_brotli_when_asked() {
    let app = spawn_app(Backend::Sqlite).await;
    let (_, created) = app.call("/api/v1/widget/payin", &widget_body(&app, "b1", "RUB", None, "RU")).await;
    let form_url = created["integration"]["form_url"].as_str().unwrap();
    for (asked, answered) in [("br, gzip", "br"), ("gzip", "gzip")] {
        let r = app.client.get(form_url).header("accept-encoding", asked).send().await.unwrap();
        assert_eq!(r.headers()["content-encoding"], answered);
    }
}

async fn mobile_money_asks_for_the_phone_and_resends_once_a_minute(backend: Backend) {
    let app = spawn_app(backend).await;
    let mut body = widget_body(&app, "ke1", "KES", Some("payin-mobile-money"), "KE");
    body["customer"]["email"] = json!("wanjiru@example.ke");
    let (status, created) = app.call("/api/v1/widget/payin", &body).await;
    assert_eq!(status, 200, "{created}");
    let form_url = created["integration"]["form_url"].as_str().unwrap().to_string();
    let mut browser = Browser::new(&app);
    let (_, _, html) = browser.get(&format!("{form_url}?lang=en")).await;
    assert!(html.contains("Enter the phone number of your mobile money account"), "{html}");
    assert!(!html.contains("http-equiv=\"refresh\""), "a page asking for input does not reload under the typing");
    let csrf = csrf_of(&html);
    let push =
        |phone: &'static str| vec![("csrf", csrf.clone()), ("lang", "en".to_string()), ("phone", phone.to_string())];
    let cookie = browser.cookie().unwrap();
    let post = |form: Vec<(&'static str, String)>| {
        let cookie = cookie.clone();
        let url = format!("{form_url}/push");
        let client = app.client.clone();
        async move { client.post(url).header("cookie", cookie).form(&form).send().await.unwrap() }
    };
    // A phone that is not one is refused with a message, and nothing changes.
    let r = post(push("07-12 abc")).await;
    assert!(r.headers()["location"].to_str().unwrap().contains("notice=push-phone-error"));
    // A phone: the request goes there; the page says where (masked).
    let r = post(push("254712345678")).await;
    assert!(!r.headers()["location"].to_str().unwrap().contains("notice"));
    let (_, _, html) = browser.get(&format!("{form_url}?lang=en")).await;
    assert!(html.contains("We sent the request to +254 7•• ••• 678."), "{html}");
    assert!(!html.contains("254712345678"), "the full number is not shown");
    assert!(html.contains("You can send the request again in 60 seconds.") || html.contains("again in 59 seconds."));
    // Again at once: refused until a minute has passed.
    let r = post(vec![("csrf", csrf.clone()), ("lang", "en".to_string())]).await;
    assert!(r.headers()["location"].to_str().unwrap().contains("notice=notice-push-wait"));
    let body = info(&app, "ke1").await;
    assert_eq!(status_of(&body), "processing:new");
}

/// `KASSA_DEMO=1` alone: the demo shop's errors are sentences, its payments name the shop as
/// payee and return to the shop (a loopback address) after success.
#[tokio::test]
async fn the_demo_shop_returns_to_itself_and_explains_refusals() {
    let app = crate::helpers::spawn_app_with(Backend::Sqlite, |c| c.demo = true).await;
    let mut browser = Browser::new(&app);
    let (_, status, shop) = browser.get(&app.url("/")).await;
    assert_eq!(status, 200, "{shop}");
    let csrf = csrf_of(&shop);
    let r = browser
        .post_form(&app.url("/demo/checkout"), &[("csrf", &csrf), ("choice", "RUB|payin-p2p-card"), ("amount", "lots")])
        .await;
    let html = r.text().await.unwrap();
    assert!(html.contains("Enter the amount as a number, for example 1500 or 1500.50."), "{html}");
    let r = browser
        .post_form(&app.url("/demo/checkout"), &[("csrf", &csrf), ("choice", "RUB|payin-p2p-card"), ("amount", "1500")])
        .await;
    assert_eq!(r.status(), 303);
    let form_url = r.headers()["location"].to_str().unwrap().to_string();
    app.wait_for_page(&form_url, "Transfer the exact amount").await;
    let (_, _, page) = browser.get(&format!("{form_url}?lang=en")).await;
    assert!(page.contains("Payment to Kassa Demo Shop"), "{page}");
    let csrf = csrf_of(&page);
    browser.post_form(&format!("{form_url}/sandbox"), &[("csrf", &csrf), ("action", "received")]).await;
    let (_, _, page) = browser.get(&format!("{form_url}?lang=en")).await;
    assert!(page.contains(&format!("href=\"{}/\"", app.address)), "the way back to the demo shop: {page}");
}

/// Issue 14, brand: a colour that keeps text readable and a PNG/WebP logo, set with the CLI and
/// served by Kassa; refused ones change nothing.
async fn the_page_carries_the_merchants_brand(backend: Backend) {
    let app = spawn_app(backend).await;
    let kassa = |args: &[&str]| app.project_set(args);
    let dir = tempfile::tempdir().unwrap();
    let svg = dir.path().join("logo.svg");
    std::fs::write(&svg, "<svg xmlns='http://www.w3.org/2000/svg'><script>alert(1)</script></svg>").unwrap();
    let png = dir.path().join("logo.png");
    let png_bytes: Vec<u8> = [
        &b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR\0\0\0\x01\0\0\0\x01\x08\x06\0\0\0\x1f\x15\xc4\x89"[..],
        &b"\0\0\0\rIDATx\x9cc`\0\0\0\x02\0\x01T\xa2O]\0\0\0\0IEND\xaeB`\x82"[..],
    ]
    .concat();
    std::fs::write(&png, &png_bytes).unwrap();

    // Refused: a colour white text cannot be read on, an SVG; nothing changes, not even the
    // name given with the refused colour.
    let out = kassa(&["--display-name", "Half Set", "--brand-color", "#ffd400"]);
    assert!(!out.status.success() && String::from_utf8_lossy(&out.stderr).contains("WCAG AA"));
    let project = app.stores.projects.project(&app.key.project_id).await.unwrap().unwrap();
    assert_eq!(project.payee(), "Test Merchant");
    let out = kassa(&["--logo", svg.to_str().unwrap()]);
    assert!(!out.status.success() && String::from_utf8_lossy(&out.stderr).contains("SVG logos are refused"));
    let (_, created) = app.call("/api/v1/widget/payin", &widget_body(&app, "br1", "RUB", None, "RU")).await;
    let form_url = created["integration"]["form_url"].as_str().unwrap().to_string();
    let mut browser = Browser::new(&app);
    let (_, _, html) = browser.get(&format!("{form_url}?lang=en")).await;
    assert!(!html.contains("/brand/"), "no brand yet: {html}");

    // Accepted: the page links the colour's stylesheet and shows the logo, both from Kassa.
    let out = kassa(&["--brand-color", "#0A6E3C", "--logo", png.to_str().unwrap()]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let (headers, _, html) = browser.get(&format!("{form_url}?lang=en")).await;
    assert!(headers["content-security-policy"].to_str().unwrap().contains("img-src 'self'"));
    let theme = format!("/brand/{}/theme.css?c=0a6e3c", app.key.project_id);
    assert!(html.contains(&format!("href=\"{theme}\"")), "{html}");
    let logo_prefix = format!("/brand/{}/logo?v=", app.key.project_id);
    let logo_at = format!("{logo_prefix}{}", html.split(&logo_prefix).nth(1).unwrap().split('"').next().unwrap());
    let css = app.client.get(app.url(&theme)).send().await.unwrap();
    assert_eq!(css.headers()["content-type"], "text/css; charset=utf-8");
    assert!(css.text().await.unwrap().contains("--accent: #0a6e3c"));
    let logo = app.client.get(app.url(&logo_at)).send().await.unwrap();
    assert_eq!(
        (logo.headers()["content-type"].to_str().unwrap(), logo.headers()["x-content-type-options"].to_str().unwrap()),
        ("image/png", "nosniff")
    );
    assert_eq!(logo.bytes().await.unwrap().to_vec(), png_bytes);

    // Removed again.
    assert!(kassa(&["--no-logo", "--brand-color", ""]).status.success());
    let (_, _, html) = browser.get(&format!("{form_url}?lang=en")).await;
    assert!(!html.contains("/brand/"));
    assert_eq!(app.client.get(app.url(&logo_at)).send().await.unwrap().status(), 404);
}
