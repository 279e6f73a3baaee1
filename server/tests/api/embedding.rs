//! Issue 14, embedding: a project lists the sites that may frame its payment page
//! (`frame-ancestors`); the framed page tells the parent its status; its forms work without
//! the cookie a cross-site frame never gets, and only when the browser says they are its own.

use crate::both_backends;
use crate::helpers::{Backend, TestApp, spawn_app, status_of};
use crate::widget::{csrf_of, widget_body};

/// The page as a browser inside a frame gets it: fetch metadata, no cookie.
async fn framed_get(app: &TestApp, url: &str) -> (reqwest::header::HeaderMap, String) {
    let r = app.client.get(url).header("sec-fetch-dest", "iframe").header("sec-fetch-site", "cross-site").send().await;
    let r = r.unwrap();
    assert_eq!(r.status(), 200);
    (r.headers().clone(), r.text().await.unwrap())
}

async fn listed_sites_frame_the_page_and_hear_its_status(backend: Backend) {
    let app = spawn_app(backend).await;
    app.add_ru_card("5536913812345672").await;
    let (_, created) = app.call("/api/v1/widget/payin", &widget_body(&app, "emb-1", "RUB", None, "RU")).await;
    let form_url = format!("{}?lang=en", created["integration"]["form_url"].as_str().unwrap());

    // By default no site may frame the page, and it posts nothing.
    let (headers, html) = framed_get(&app, &form_url).await;
    assert!(headers["content-security-policy"].to_str().unwrap().contains("frame-ancestors 'none'"));
    assert_eq!(headers["x-frame-options"], "DENY");
    assert!(!html.contains("kassa:payment"));

    // Refused: anything but a site; nothing changes.
    for bad in ["http://shop.example", "https://shop.example/pay", "https://*.shop.example"] {
        let out = app.project_set(&["--embed-origin", "https://ok.example", "--embed-origin", bad]);
        assert!(!out.status.success(), "{bad} accepted");
        assert!(String::from_utf8_lossy(&out.stderr).contains(bad), "the refusal names {bad}");
    }
    let project = app.stores.projects.project(&app.key.project_id).await.unwrap().unwrap();
    assert!(project.settings.embed_origins.is_empty());

    let out = app.project_set(&["--embed-origin", "HTTPS://Shop.Example/", "--embed-origin", "http://localhost:5173"]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let (headers, html) = framed_get(&app, &form_url).await;
    let csp = headers["content-security-policy"].to_str().unwrap();
    assert!(csp.contains("frame-ancestors https://shop.example http://localhost:5173;"), "{csp}");
    assert!(headers.get("x-frame-options").is_none(), "CSP alone decides");
    assert!(
        html.contains(r#""origins":["https://shop.example","http://localhost:5173"]"#)
            && html.contains(r#""type":"kassa:payment""#)
            && html.contains(r#""payment_id":"emb-1""#)
            && html.contains(r#""status":"processing","sub_status":"new""#),
        "the status message and the only sites it goes to: {html}"
    );

    // A form in the frame carries a token bound to no cookie: refused when the browser says
    // another site posted it, or says nothing; accepted when it says the page posted it.
    let csrf = csrf_of(&html);
    let post = |site: Option<&'static str>| {
        let mut req = app.client.post(format!("{}/method", created["integration"]["form_url"].as_str().unwrap()));
        if let Some(site) = site {
            req = req.header("sec-fetch-site", site);
        }
        req.form(&[("csrf", csrf.as_str()), ("method", "payin-p2p-card"), ("lang", "en")]).send()
    };
    for site in [Some("cross-site"), Some("same-site"), None] {
        let r = post(site).await.unwrap();
        assert!(r.headers()["location"].to_str().unwrap().contains("notice=error-session"), "{site:?}");
        let (_, info) = app.call("/api/v1/widget/payin/info", &app.general_ref("emb-1")).await;
        assert_eq!(status_of(&info), "processing:new", "{site:?} changed the payment");
    }
    let r = post(Some("same-origin")).await.unwrap();
    assert_eq!(r.status(), 303);
    assert!(!r.headers()["location"].to_str().unwrap().contains("notice="));
    app.wait_for("emb-1", 10, |b| status_of(b) == "processing:awaiting_confirm").await;
    let (_, html) = framed_get(&app, &form_url).await;
    assert!(html.contains(r#""status":"processing","sub_status":"awaiting_confirm""#), "{html}");

    // Success in a frame: no return to the shop by itself (the parent decides).
    let request_id = created["request_id"].as_str().unwrap();
    let (status, _) = app
        .operator(
            "/api/v1/operator/payments/received",
            &serde_json::json!({"request_id": request_id, "amount": 150000}),
        )
        .await;
    assert_eq!(status, 200);
    let (_, html) = framed_get(&app, &form_url).await;
    assert!(html.contains(r#""status":"success""#), "{html}");
    assert!(!html.contains("http-equiv=\"refresh\""), "the frame is not taken to the shop: {html}");
    assert!(html.contains("target=\"_top\""), "the shop opens in the whole window");
    let top = app.client.get(&form_url).send().await.unwrap().text().await.unwrap();
    assert!(top.contains("http-equiv=\"refresh\""), "at top level the page still returns to the shop");

    // No site again.
    assert!(app.project_set(&["--no-embed-origins"]).status.success());
    let (headers, _) = framed_get(&app, &form_url).await;
    assert!(headers["content-security-policy"].to_str().unwrap().contains("frame-ancestors 'none'"));
}

both_backends!(listed_sites_frame_the_page_and_hear_its_status);
