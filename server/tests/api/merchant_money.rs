//! Money from the merchant console (issue 29 §4): a payout requested there is the API's payout
//! (the same rules, balance check and idempotency), asked once more before it locks money; a
//! payment or payout is cancelled where the state machine allows it; only owners may.

use kassa::domain::user::{Audience, Role};
use serde_json::json;

use crate::both_backends;
use crate::browser::*;
use crate::helpers::*;
use crate::payouts::{assert_ledger_clean, balance, fund_rub};

both_backends!(
    a_merchant_requests_a_payout_from_the_console,
    a_merchant_cancels_from_the_console,
    the_operator_sees_what_each_merchant_is_held_and_sets_its_page,
);

/// The operator's merchants page answers "how much do we hold for merchant X" (available,
/// locked, payouts in progress); a project's page carries its payment page settings, which an
/// administrator changes (audited as theirs) and a viewer only reads.
async fn the_operator_sees_what_each_merchant_is_held_and_sets_its_page(backend: Backend) {
    let app = spawn_app(backend).await;
    fund_rub(&app, "fund", 500_000).await;
    let owner = shop_owner(&app).await;
    let page = owner.get("/merchant/payouts").await;
    let csrf = page.csrf();
    let form = payout_form(&csrf, &app.key.project_id, "desk-1", "1000");
    let done = owner.post("/merchant/payouts", &[&form[..], &[("confirmed", "1")]].concat()).await;
    assert_eq!(done.status, 303, "{}", done.html);
    assert_eq!(balance(&app, "RUB").await, (400_000, 100_000));

    add_operator(&app, "alice").await;
    let admin = Browser::new(&app);
    admin.log_in("alice", PASSWORD).await;
    let list = admin.get("/operator/merchants").await;
    assert_eq!(list.status, 200);
    let project_href = format!("/operator/projects/{}", app.key.project_id);
    assert!(list.html.contains("Test Merchant") && list.html.contains(&project_href), "{}", list.html);
    assert!(list.html.contains("4,000.00") && list.html.contains("1,000.00"), "available and locked: {}", list.html);
    assert!(list.html.contains("1 · 1,000.00"), "one payout of 1,000.00 in progress: {}", list.html);

    let project = admin.get(&project_href).await;
    assert_eq!(project.status, 200);
    assert!(project.html.contains("Name payers see") && project.html.contains("4,000.00"), "{}", project.html);
    let saved = admin.post(&project_href, &[("csrf", &project.csrf()), ("display_name", "Cosy Books")]).await;
    assert!(saved.location.as_deref().is_some_and(|l| l.ends_with("notice=saved")), "{:?}", saved.location);
    let stored = app.stores.projects.project(&app.key.project_id).await.unwrap().unwrap();
    assert_eq!(stored.payee(), "Cosy Books");
    let query = kassa::domain::audit::AuditQuery {
        subject: Some((kassa::domain::audit::Subject::Project, app.key.project_id.clone())),
        before_id: None,
        limit: 10,
    };
    let audit = app.stores.audit.audit(&query).await.unwrap();
    assert_eq!((audit[0].actor.as_str(), audit[0].action.as_str()), ("operator:alice", "page_settings_changed"));
    // The logo, through the same reading as the merchant's: a PNG is kept.
    let png = b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR\0\0\0\x01\0\0\0\x01\x08\x06\0\0\0\x1f\x15\xc4\x89".to_vec();
    let upload = reqwest::multipart::Form::new()
        .text("csrf", project.csrf())
        .part("logo", reqwest::multipart::Part::bytes(png).file_name("logo.png"));
    let uploaded = admin.client.post(app.url(&format!("{project_href}/logo"))).multipart(upload).send().await.unwrap();
    assert_eq!(uploaded.status(), 303);
    let stored = app.stores.projects.project(&app.key.project_id).await.unwrap().unwrap();
    assert!(stored.settings.logo_digest.is_some(), "the logo is kept");

    // A viewer reads the page and changes nothing.
    add_user(&app, Audience::Operator, "vera", Role::Viewer).await;
    let viewer = Browser::new(&app);
    viewer.log_in("vera", PASSWORD).await;
    let read = viewer.get(&project_href).await;
    assert!(read.html.contains("An administrator changes") && !read.html.contains("Name payers see"), "{}", read.html);
    let refused = viewer.post(&project_href, &[("csrf", &read.csrf()), ("display_name", "Mine")]).await;
    assert_eq!(refused.status, 403);
    assert_eq!(app.stores.projects.project(&app.key.project_id).await.unwrap().unwrap().payee(), "Cosy Books");
    assert_eq!(admin.get("/operator/projects/no-such-project").await.status, 404);
}

/// The balance page's payout form, filled in.
fn payout_form<'a>(csrf: &'a str, project: &'a str, payment_id: &'a str, amount: &'a str) -> Vec<(&'a str, &'a str)> {
    vec![
        ("csrf", csrf),
        ("project", project),
        ("payment_id", payment_id),
        ("method", "card-p2p"),
        ("currency", "RUB"),
        ("amount", amount),
        ("pan", "5536 9138 1234 5672"),
        ("card_holder", "IVAN PETROV"),
    ]
}

async fn a_merchant_requests_a_payout_from_the_console(backend: Backend) {
    let app = spawn_app(backend).await;
    fund_rub(&app, "fund", 500_000).await;
    let owner = shop_owner(&app).await;
    let balance_page = owner.get("/merchant/balance").await;
    assert!(balance_page.html.contains("href=\"/merchant/payouts\""), "{}", balance_page.html);
    let page = owner.get("/merchant/payouts").await;
    assert!(page.status == 200 && page.html.contains("Card or account number"), "{}", page.html);
    let csrf = page.csrf();
    let project = app.key.project_id.clone();

    // Asked once more, restating the amount, the receiver (masked) and the project; nothing
    // locked until confirmed.
    let form = payout_form(&csrf, &project, "desk-1", "1 000,00");
    let asked = owner.post("/merchant/payouts", &form).await;
    assert_eq!(asked.status, 200, "{}", asked.html);
    assert!(asked.html.contains("1,000.00") && asked.html.contains("5536********5672"), "{}", asked.html);
    assert_eq!(balance(&app, "RUB").await, (500_000, 0), "asking locked nothing");
    let confirmed = [&form[..], &[("confirmed", "1")]].concat();
    let done = owner.post("/merchant/payouts", &confirmed).await;
    assert_eq!(done.status, 303, "{}", done.html);
    let location = done.location.unwrap();
    assert!(location.contains("/merchant/payments/") && location.ends_with("notice=payout-requested"), "{location}");
    assert_eq!(balance(&app, "RUB").await, (400_000, 100_000));
    // The API sees the same payout, under the merchant's reference, receiver masked.
    let (status, info) = app.call("/api/v1/payment/p2p/payout/info", &app.general_ref("desk-1")).await;
    assert_eq!(status, 200, "{info}");
    assert_eq!(info["receiver"]["pan_hidden"], "5536********5672");
    // A second click on the same form (same reference, same fields): the same payout, once.
    let again = owner.post("/merchant/payouts", &confirmed).await;
    assert_eq!(again.location.as_deref(), Some(location.as_str()));
    assert_eq!(balance(&app, "RUB").await, (400_000, 100_000));
    // The same reference for another payout is refused, as the API refuses it.
    let other = [&payout_form(&csrf, &project, "desk-1", "5")[..], &[("confirmed", "1")]].concat();
    let refused = owner.post("/merchant/payouts", &other).await;
    assert!(refused.status >= 300, "{}", refused.html);
    assert_eq!(balance(&app, "RUB").await, (400_000, 100_000));

    // A wrong card number: refused before asking, the field named, what was typed kept.
    let mut bad = payout_form(&csrf, &project, "desk-2", "10");
    bad[6] = ("pan", "5536 9138 1234 5670");
    let refused = owner.post("/merchant/payouts", &bad).await;
    assert_eq!(refused.status, 400);
    assert!(refused.html.contains("Card or account number") && refused.html.contains("5536 9138 1234 5670"));
    // More than the balance holds: refused at the end, nothing locked.
    let big = [&payout_form(&csrf, &project, "desk-3", "450000")[..], &[("confirmed", "1")]].concat();
    let refused = owner.post("/merchant/payouts", &big).await;
    assert!(refused.location.as_deref().unwrap_or_default().ends_with("notice=insufficient"), "{:?}", refused.location);
    assert_eq!(balance(&app, "RUB").await, (400_000, 100_000));
    assert_ledger_clean(&app).await;

    // Support and developers do not move money: no form, and the route refuses.
    for (login, role) in [("sue", Role::Support), ("dev", Role::Developer)] {
        add_user(&app, Audience::Merchant, login, role).await;
        let b = Browser::new(&app);
        b.log_in_to("/merchant", login, PASSWORD).await;
        let page = b.get("/merchant/balance").await;
        assert!(!page.html.contains("href=\"/merchant/payouts\""));
        assert_eq!(b.get("/merchant/payouts").await.status, 403);
        let csrf = page.csrf();
        let form = [&payout_form(&csrf, &project, "desk-4", "10")[..], &[("confirmed", "1")]].concat();
        assert_eq!(b.post("/merchant/payouts", &form).await.status, 403);
    }
    assert_eq!(balance(&app, "RUB").await, (400_000, 100_000));
}

async fn a_merchant_cancels_from_the_console(backend: Backend) {
    let app = spawn_app(backend).await;
    fund_rub(&app, "fund", 500_000).await;
    let (status, created) =
        app.call("/api/v1/payment/p2p/payout", &crate::payouts::payout(&app.key.project_id, "po-1", 100_000)).await;
    assert_eq!(status, 200, "{created}");
    let payout_id = created["request_id"].as_str().unwrap().to_string();
    let (_, payin) = app.call("/api/v1/payment/p2p/payin", &ru_card_payin(&app.key.project_id, "pi-1", 2_000)).await;
    let payin_id = payin["request_id"].as_str().unwrap().to_string();
    let owner = shop_owner(&app).await;

    // A payout not yet sent: asked once more, then declined and its amount available again.
    let page = owner.get(&format!("/merchant/payments/{payout_id}")).await;
    assert!(page.html.contains("Cancel this payout"), "{}", page.html);
    let path = format!("/merchant/payments/{payout_id}/cancel");
    let asked = owner.post(&path, &[("csrf", &page.csrf())]).await;
    assert!(asked.status == 200 && asked.html.contains("its amount is available again"), "{}", asked.html);
    assert_eq!(balance(&app, "RUB").await, (400_000, 100_000));
    let done = owner.post(&path, &[("csrf", &page.csrf()), ("confirmed", "1")]).await;
    assert!(done.location.as_deref().unwrap().ends_with("notice=cancelled"));
    assert_eq!(balance(&app, "RUB").await, (500_000, 0));
    let (_, info) = app.call("/api/v1/payment/p2p/payout/info", &app.general_ref("po-1")).await;
    assert_eq!(
        (status_of(&info).as_str(), info["status_description"].as_str()),
        ("decline", Some("Canceled by client"))
    );
    let trail = audit_of(&app, &payout_id).await;
    assert!(trail.iter().any(|a| a.action == "payment_cancelled" && a.actor == "merchant:shop-owner"), "{trail:?}");
    // Declined, it offers no cancel any more, and a cancel posted anyway changes nothing.
    let page = owner.get(&format!("/merchant/payments/{payout_id}")).await;
    assert!(!page.html.contains("Cancel this payout"));
    let late = owner.post(&path, &[("csrf", &page.csrf()), ("confirmed", "1")]).await;
    assert!(late.location.as_deref().unwrap().ends_with("notice=moved"));

    // A payin the payer has not paid: cancelled the same way.
    let path = format!("/merchant/payments/{payin_id}/cancel");
    let done = owner.post(&path, &[("csrf", &page.csrf()), ("confirmed", "1")]).await;
    assert!(done.location.as_deref().unwrap().ends_with("notice=cancelled"), "{:?}", done.location);
    let (_, info) = app.call("/api/v1/payment/p2p/payin/info", &app.general_ref("pi-1")).await;
    assert_eq!(status_of(&info), "decline");
    let _ = json!({});
}
