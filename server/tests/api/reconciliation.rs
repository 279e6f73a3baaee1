//! Reconciliation (issue 27, decisions.md §8): one real transfer credits at most one payment,
//! once, and only a payment that existed when it was made; statements in the formats banks
//! send; four eyes on credits no transfer shows; the review list; the report. Each test goes
//! through HTTP as operators and their scripts do, on both backends.

use kassa::domain::audit::{AuditQuery, Subject};
use kassa::domain::time::{date_of, now_ms};
use serde_json::json;

use crate::both_backends;
use crate::browser::*;
use crate::helpers::*;

const CARD: &str = "5536913812345672";
/// The account the card's bank statements show.
const ACCOUNT: &str = "40817810099910004312";

fn today() -> String {
    date_of(now_ms())
}

/// The RU card requisite with the account its statements show.
async fn card_with_account(app: &TestApp, pan: &str, account: &str) -> String {
    app.add_requisite(json!({
        "country": "RU", "currency": "RUB", "methods": ["card-p2p"], "pan": pan,
        "card_holder": "IVAN PETROV", "bank_symbol": "sberbank", "statement_account": account
    }))
    .await
}

/// A p2p card payin waiting for funds; its request id and the card it was given.
async fn payin(app: &TestApp, payment_id: &str, amount: i64) -> (String, String) {
    let (status, created) =
        app.call("/api/v1/payment/p2p/payin", &ru_card_payin(&app.key.project_id, payment_id, amount)).await;
    assert_eq!(status, 200, "{created}");
    let shown = app.wait_for(payment_id, 10, |b| status_of(b) == "processing:awaiting_confirm").await;
    let pan = shown["recipient_requisites"]["pan"]
        .as_str()
        .or(shown["requisites"]["pan"].as_str())
        .unwrap_or_default()
        .to_string();
    (created["request_id"].as_str().unwrap().to_string(), pan)
}

async fn status(app: &TestApp, payment_id: &str) -> String {
    status_of(&app.wait_for(payment_id, 1, |_| true).await)
}

async fn balance(app: &TestApp) -> i64 {
    let (_, b) = app.call("/api/v1/balance/info", &json!({"general": {"project_id": app.key.project_id}})).await;
    b["balance"].as_array().and_then(|a| a.first()).map_or(0, |r| r["amount"].as_i64().unwrap())
}

/// Two operators signed in, each in their own browser.
async fn two_operators(app: &TestApp) -> (Browser, Browser) {
    add_operator(app, "alice").await;
    add_operator(app, "bob").await;
    let (alice, bob) = (Browser::new(app), Browser::new(app));
    alice.log_in("alice", PASSWORD).await;
    bob.log_in("bob", PASSWORD).await;
    (alice, bob)
}

impl Browser {
    async fn csrf(&self) -> String {
        self.get("/operator/reconciliation").await.csrf()
    }

    /// Uploads a statement: the check's page (following the redirect to the kept check).
    async fn upload(&self, name: &str, bytes: &[u8]) -> (Page, Option<String>) {
        let form = reqwest::multipart::Form::new()
            .text("csrf", self.csrf().await)
            .part("statement", reqwest::multipart::Part::bytes(bytes.to_vec()).file_name(name.to_string()));
        let posted = Browser::page(
            self.client.post(format!("{}/operator/statements", self.base)).multipart(form).send().await.unwrap(),
        )
        .await;
        let Some(location) = posted.location.clone() else { return (posted, None) };
        let id = location.trim_start_matches("/operator/statements/").split('?').next().unwrap().to_string();
        (self.get(&location).await, Some(id))
    }

    async fn apply(&self, id: &str) -> Page {
        let csrf = self.csrf().await;
        let path = format!("/operator/statements/{id}/apply");
        // Asked once more, with what it credits; nothing applied until confirmed.
        let asked = self.post(&path, &[("csrf", &csrf)]).await;
        assert!(asked.status == 200 && asked.html.contains("Payments it credits"), "{}", asked.html);
        self.post(&path, &[("csrf", &csrf), ("confirmed", "1")]).await
    }

    /// A transfer typed in: where it led.
    async fn by_hand(&self, account: &str, amount: &str, booked_on: &str, bank_id: &str) -> String {
        let csrf = self.csrf().await;
        let form = [
            ("csrf", csrf.as_str()),
            ("requisite", account),
            ("amount", amount),
            ("currency", "RUB"),
            ("booked_on", booked_on),
            ("bank_id", bank_id),
            ("reference", "typed in"),
        ];
        self.post("/operator/incoming", &form).await.location.unwrap()
    }

    /// The first form action on `path` that starts with `prefix` (an approval's, a transfer's).
    async fn action(&self, path: &str, prefix: &str) -> Option<String> {
        let html = self.get(path).await.html;
        let at = html.find(&format!("action=\"{prefix}"))? + "action=\"".len();
        Some(html[at..at + html[at..].find('"').unwrap()].to_string())
    }
}

/// A CSV statement of the card's account: (day, major amount, bank id) rows.
fn csv(rows: &[(&str, &str, &str)]) -> Vec<u8> {
    let mut s = String::from("date;amount;currency;account;reference;id\n");
    for (day, amount, id) in rows {
        s.push_str(&format!("{day};{amount};RUB;{ACCOUNT};order;{id}\n"));
    }
    s.into_bytes()
}

fn statement_lines(app_audit: &[kassa::domain::audit::StoredAudit]) -> Vec<&str> {
    app_audit.iter().map(|a| a.action.as_str()).collect()
}

/// H1, as reproduced: P1 credited by a transfer typed in; P2 of the same amount then gets the
/// same requisite; the same transfer in a statement (today, or dated years before P2) and
/// through the API credits nothing more.
async fn a_transfer_typed_in_then_read_from_a_statement_credits_once(backend: Backend) {
    let app = spawn_app(backend).await;
    let (alice, _) = two_operators(&app).await;
    card_with_account(&app, CARD, ACCOUNT).await;
    let (p1, _) = payin(&app, "p1", 150_000).await;

    // Typed in as the bank's app shows the card: spaces and dashes read as a statement reads them.
    let led = alice.by_hand("5536 9138-1234 5672", "1 500,00", &today(), "").await;
    assert_eq!(led, format!("/operator/payments/{p1}?notice=matched"));
    assert_eq!(status(&app, "p1").await, "success");

    let (_, card) = payin(&app, "p2", 150_000).await;
    assert_eq!(card, CARD, "P2 holds the same requisite");

    // The same transfer in the statement: maybe the same one, so a person decides.
    let (check, id) = alice.upload("statement.csv", &csv(&[(&today(), "1500.00", "")])).await;
    assert!(check.html.contains("to review: may be a transfer recorded before"), "{}", check.html);
    let applied = alice.apply(&id.unwrap()).await;
    assert!(applied.html.contains("0 payments credited"), "{}", applied.html);
    // Dated years before P2 existed: it cannot be P2's money.
    let (check, id) = alice.upload("old.csv", &csv(&[("2020-01-01", "1500.00", "")])).await;
    assert!(check.html.contains("to review: made before the payment existed"), "{}", check.html);
    alice.apply(&id.unwrap()).await;
    // And once more through the API.
    let (code, answer) = app
        .operator("/api/v1/operator/incoming", &json!({"requisite": ACCOUNT, "amount": 150_000, "currency": "RUB"}))
        .await;
    assert_eq!(
        (code, answer["matched"].clone(), answer["reason"].clone()),
        (200, json!(false), json!("seen-before")),
        "{answer}"
    );

    assert_eq!(status(&app, "p2").await, "processing:awaiting_confirm");
    assert_eq!(balance(&app).await, 150_000, "one transfer, one credit");
    assert!(app.stores.ledger.verify().await.unwrap().is_empty());
    // Everything recorded waits in the review list, with P2 as the candidate.
    let review = alice.get("/operator/reconciliation").await.html;
    assert_eq!(review.matches("/attach\"").count(), 3, "{review}");
    assert!(review.contains(&format!(
        "<option value=\"{}\"",
        app.wait_for("p2", 1, |_| true).await["request_id"].as_str().unwrap()
    )));
}

/// Apply does what the check showed: a row whose payment was decided meanwhile, or whose
/// answer would now be different, is kept for review instead.
async fn apply_refuses_rows_that_changed_since_the_check(backend: Backend) {
    let app = spawn_app(backend).await;
    let (alice, _) = two_operators(&app).await;
    card_with_account(&app, CARD, ACCOUNT).await;
    let (p1, _) = payin(&app, "p1", 150_000).await;
    let rows = csv(&[(&today(), "1500.00", "B-1"), (&today(), "2000.00", "B-2")]);
    let (check, id) = alice.upload("s.csv", &rows).await;
    assert!(check.html.contains(&format!("credits {p1}")), "{}", check.html);
    assert!(check.html.contains("to review: no payment waits for this amount"), "{}", check.html);

    // Meanwhile: P1 received through the API, and a payment of 2000 opened on the card.
    let (code, _) =
        app.operator("/api/v1/operator/payments/received", &json!({"request_id": p1, "amount": 150_000})).await;
    assert_eq!(code, 200);
    payin(&app, "p3", 200_000).await;

    let applied = alice.apply(&id.clone().unwrap()).await;
    assert!(
        applied.html.contains("0 payments credited") && applied.html.contains("2 changed since the check"),
        "{}",
        applied.html
    );
    assert_eq!(status(&app, "p3").await, "processing:awaiting_confirm", "not what the check showed");
    assert_eq!(balance(&app).await, 150_000);
    // Applying the same check again does nothing again.
    let again = alice.apply(&id.unwrap()).await;
    assert!(again.html.contains("0 payments credited") && again.html.contains("2 recorded before"), "{}", again.html);
    assert!(app.stores.ledger.verify().await.unwrap().is_empty());
}

/// Two genuine equal transfers: without bank ids the second goes to a person (who attaches it,
/// and a second operator approves); with bank ids they are told apart, and the same bank id in
/// another format is the same transfer.
async fn equal_transfers_are_told_apart_by_bank_ids_or_by_a_person(backend: Backend) {
    let app = spawn_app(backend).await;
    let (alice, bob) = two_operators(&app).await;
    card_with_account(&app, CARD, ACCOUNT).await;
    payin(&app, "p1", 150_000).await;
    let (_, id) = alice.upload("a.csv", &csv(&[(&today(), "1500.00", "")])).await;
    assert!(alice.apply(&id.unwrap()).await.html.contains("1 payments credited"));
    let (p2, _) = payin(&app, "p2", 150_000).await;
    let (check, id) = alice.upload("b.csv", &csv(&[(&today(), "1 500,00", "")])).await;
    assert!(check.html.contains("may be a transfer recorded before"), "{}", check.html);
    alice.apply(&id.unwrap()).await;
    assert_eq!(status(&app, "p2").await, "processing:awaiting_confirm");

    // Alice says it is P2's; Bob approves.
    let attach = alice.action("/operator/reconciliation", "/operator/transfers/").await.unwrap();
    let csrf = alice.csrf().await;
    let unexplained = alice.post(&attach, &[("csrf", &csrf), ("request_id", &p2), ("note", " ")]).await;
    assert!(unexplained.location.unwrap().ends_with("notice=invalid"), "a reason is required");
    let proposed =
        alice.post(&attach, &[("csrf", &csrf), ("request_id", &p2), ("note", "second order, payer called")]).await;
    assert!(proposed.location.unwrap().ends_with("notice=proposed"));
    assert_eq!(status(&app, "p2").await, "processing:awaiting_confirm", "one person cannot credit");
    assert!(
        alice.action("/operator/", "/operator/approvals/").await.unwrap().ends_with("/reject"),
        "Alice may only withdraw"
    );
    let approve = bob.action("/operator/", "/operator/approvals/").await.unwrap();
    let done = bob.post(&approve, &[("csrf", &bob.csrf().await), ("confirmed", "1")]).await;
    assert_eq!(done.location.unwrap(), format!("/operator/payments/{p2}?notice=approved"));
    assert_eq!(status(&app, "p2").await, "success");
    assert_eq!(balance(&app).await, 300_000);
    let again = alice.post(&attach, &[("csrf", &csrf), ("request_id", &p2), ("note", "twice")]).await;
    assert!(again.location.unwrap().ends_with("notice=already-decided"));

    // With bank ids, on a second card: two equal transfers, two payments.
    let second = card_with_account(&app, "4276380012345679", "40817810000000000002").await;
    let first = app.operator_get("/api/v1/operator/requisites").await.1[0]["id"].as_str().unwrap().to_string();
    app.operator(&format!("/api/v1/operator/requisites/{first}/active"), &json!({"active": false})).await;
    let (p3, _) = payin(&app, "p3", 150_000).await;
    let line =
        |id: &str| format!("date,amount,currency,account,id\n{},1500.00,RUB,40817810000000000002,{id}\n", today());
    let (_, id) = alice.upload("c.csv", line("X-3").as_bytes()).await;
    assert!(alice.apply(&id.unwrap()).await.html.contains("1 payments credited"));
    let (p4, _) = payin(&app, "p4", 150_000).await;
    let (check, id) = alice.upload("d.csv", line("X-4").as_bytes()).await;
    assert!(check.html.contains(&format!("credits {p4}")), "{}", check.html);
    alice.apply(&id.unwrap()).await;
    assert_eq!((status(&app, "p3").await, status(&app, "p4").await), ("success".into(), "success".into()));
    // X-3 again, as the API reports it: the same transfer, recorded before.
    let (_, answer) = app
        .operator(
            "/api/v1/operator/incoming",
            &json!({"requisite": second, "amount": 150_000, "currency": "RUB", "bank_id": "X-3"}),
        )
        .await;
    assert_eq!(answer["outcome"], "already_recorded", "{answer}");
    assert_eq!(balance(&app).await, 600_000);
    assert!(app.stores.ledger.verify().await.unwrap().is_empty());
    let _ = p3;
}

/// Four eyes: a credit above the payment's amount (or the currency's limit) is refused to the
/// API and waits for a second operator in the console; its proposer cannot approve it.
async fn credits_no_transfer_shows_need_a_second_operator(backend: Backend) {
    let app = spawn_app_with(backend, |c| c.credit_limits = vec![("RUB".into(), 300_000)]).await;
    let (alice, bob) = two_operators(&app).await;
    card_with_account(&app, CARD, ACCOUNT).await;
    let (p1, _) = payin(&app, "p1", 150_000).await;

    // The API: 409, nothing changed, nothing audited.
    let (code, refused) =
        app.operator("/api/v1/operator/payments/received", &json!({"request_id": p1, "amount": 150_001})).await;
    assert_eq!((code, refused["status_description"].as_str()), (409, Some("Second approval required")), "{refused}");
    assert_eq!(status(&app, "p1").await, "processing:awaiting_confirm");
    assert!(audit_of(&app, &p1).await.is_empty());
    // A decision on a version that changed is refused too.
    let (code, stale) = app
        .operator("/api/v1/operator/payments/received", &json!({"request_id": p1, "amount": 150_000, "version": 1}))
        .await;
    assert_eq!(
        (code, stale["status_description"].as_str()),
        (409, Some("Payment changed since it was seen")),
        "{stale}"
    );

    // The console: Alice's proposal waits with her name; she cannot approve it; Bob can.
    let page = alice.get(&format!("/operator/payments/{p1}")).await;
    let version = page.version_for(&format!("/operator/payments/{p1}/received"));
    let form = [
        ("csrf", page.csrf()),
        ("amount", "2000".to_string()),
        ("version", version.clone()),
        ("confirmed", "1".to_string()),
    ];
    let proposed =
        alice.post(&format!("/operator/payments/{p1}/received"), &form.each_ref().map(|(k, v)| (*k, v.as_str()))).await;
    assert!(proposed.location.unwrap().ends_with("notice=proposed"));
    assert_eq!(status(&app, "p1").await, "processing:awaiting_confirm");
    let queue = alice.get("/operator/").await.html;
    assert!(queue.contains("operator:alice (you)") && queue.contains("2,000.00"), "{queue}");
    let reject = alice.action("/operator/", "/operator/approvals/").await.unwrap();
    let approve = reject.replace("/reject", "/approve");
    let own = alice.post(&approve, &[("csrf", &alice.csrf().await)]).await;
    assert!(own.location.unwrap().ends_with("notice=own-proposal"));
    let asked = bob.post(&approve, &[("csrf", &bob.csrf().await)]).await;
    assert!(asked.html.contains("operator:alice proposed this credit of 2,000.00"), "{}", asked.html);
    assert_eq!(status(&app, "p1").await, "processing:awaiting_confirm", "asking changed nothing");
    let ok = bob.post(&approve, &[("csrf", &bob.csrf().await), ("confirmed", "1")]).await;
    assert!(ok.location.unwrap().ends_with("notice=approved"));
    assert_eq!(status(&app, "p1").await, "dispute:different_amount");
    let actions = statement_lines(&audit_of(&app, &p1).await).into_iter().map(str::to_string).collect::<Vec<_>>();
    assert!(
        actions.contains(&"credit_proposed".to_string()) && actions.contains(&"credit_approved".to_string()),
        "{actions:?}"
    );
    // Each step names its person and their role.
    let trail = audit_of(&app, &p1).await;
    let proposed = trail.iter().find(|a| a.action == "credit_proposed").unwrap();
    assert_eq!((proposed.actor.as_str(), proposed.actor_role.as_deref()), ("operator:alice", Some("admin")));
    let approved = trail.iter().find(|a| a.action == "credit_approved").unwrap();
    assert_eq!((approved.actor.as_str(), approved.actor_role.as_deref()), ("operator:bob", Some("admin")));
    // Approved once: a second approval finds it decided.
    let twice = bob.post(&approve, &[("csrf", &bob.csrf().await), ("confirmed", "1")]).await;
    assert!(twice.location.unwrap().ends_with("notice=already-decided"));

    // Above the currency's limit, even the payment's own amount waits for a second person.
    let (p2, _) = payin(&app, "p2", 400_000).await;
    let (code, _) =
        app.operator("/api/v1/operator/payments/received", &json!({"request_id": p2, "amount": 400_000})).await;
    assert_eq!(code, 409);
    let page = bob.get(&format!("/operator/payments/{p2}")).await;
    let version = page.version_for(&format!("/operator/payments/{p2}/received"));
    let full = bob
        .post(
            &format!("/operator/payments/{p2}/received"),
            &[("csrf", &page.csrf()), ("full", "1"), ("version", &version), ("confirmed", "1")],
        )
        .await;
    assert!(full.location.unwrap().ends_with("notice=proposed"));
    // Bob withdraws... no: Alice rejects it, and nothing is credited.
    let reject = alice.action("/operator/", "/operator/approvals/").await.unwrap();
    assert!(reject.ends_with("/approve"), "Alice may approve Bob's: {reject}");
    let rejected = alice.post(&reject.replace("/approve", "/reject"), &[("csrf", &alice.csrf().await)]).await;
    assert!(rejected.location.unwrap().ends_with("notice=rejected"));
    assert_eq!(status(&app, "p2").await, "processing:awaiting_confirm");
    assert!(alice.action("/operator/", "/operator/approvals/").await.is_none(), "nothing waits");
    assert_eq!(balance(&app).await, 0);
}

/// The review list: a transfer to an unknown account is dismissed with a reason; one no rule
/// matched is attached by a person and approved by another; each step audited.
async fn the_review_list_attaches_and_dismisses_with_reasons(backend: Backend) {
    let app = spawn_app(backend).await;
    let (alice, bob) = two_operators(&app).await;
    card_with_account(&app, CARD, ACCOUNT).await;
    let (p1, _) = payin(&app, "p1", 150_000).await;

    let led = alice.by_hand("40800000000000000001", "700", &today(), "").await;
    assert!(led.ends_with("notice=review-unknown-account"), "{led}");
    let page = alice.get("/operator/reconciliation?notice=review-unknown-account").await;
    assert!(page.html.contains("The transfer is recorded and waits in the review list"), "{}", page.html);
    let dismiss =
        alice.action("/operator/reconciliation", "/operator/transfers/").await.unwrap().replace("/attach", "/dismiss");
    let csrf = alice.csrf().await;
    let done = alice.post(&dismiss, &[("csrf", &csrf), ("note", "our own test transfer")]).await;
    assert!(done.location.unwrap().ends_with("notice=dismissed"));
    let twice = alice.post(&dismiss, &[("csrf", &csrf), ("note", "again")]).await;
    assert!(twice.location.unwrap().ends_with("notice=already-decided"));

    // 1,400 where 1,500 waits: no rule credits it; Alice attaches it, Bob approves.
    let led = alice.by_hand(CARD, "1400", &today(), "SBER-77").await;
    assert!(led.ends_with("notice=review-no-payment"), "{led}");
    let attach = alice.action("/operator/reconciliation", "/operator/transfers/").await.unwrap();
    let proposed =
        alice.post(&attach, &[("csrf", &csrf), ("request_id", &p1), ("note", "payer sent 1,400 by mistake")]).await;
    assert!(proposed.location.unwrap().ends_with("notice=proposed"));
    let approve = bob.action("/operator/", "/operator/approvals/").await.unwrap();
    bob.post(&approve, &[("csrf", &bob.csrf().await), ("confirmed", "1")]).await;
    let shown = app.services.lookup.by_request_id(&p1).await.unwrap();
    assert_eq!((shown.state.to_string(), shown.received_amount), ("dispute:different_amount".into(), Some(140_000)));
    assert!(alice.action("/operator/reconciliation", "/operator/transfers/").await.is_none(), "the list is empty");

    let query = AuditQuery { subject: None, before_id: None, limit: 100 };
    let all = app.stores.audit.audit(&query).await.unwrap();
    let transfers: Vec<(&str, &str)> = all
        .iter()
        .filter(|a| a.subject_kind == Subject::Incoming.code())
        .map(|a| (a.action.as_str(), a.actor.as_str()))
        .collect();
    assert!(transfers.contains(&("transfer_dismissed", "operator:alice")), "{transfers:?}");
    assert!(transfers.iter().filter(|(a, _)| *a == "transfer_for_review").count() == 2, "{transfers:?}");
    let credits = statement_lines(&audit_of(&app, &p1).await).join(",");
    assert!(credits.contains("credit_proposed") && credits.contains("credit_approved"), "{credits}");
}

/// The report: per requisite and day, expected, received, matched, unmatched in and out; the
/// same as CSV.
async fn the_report_adds_up_per_requisite_and_day(backend: Backend) {
    let app = spawn_app(backend).await;
    let (alice, _) = two_operators(&app).await;
    card_with_account(&app, CARD, ACCOUNT).await;
    payin(&app, "p1", 150_000).await;
    let statement = format!(
        "date,amount,currency,account,id,direction\n{d},1500.00,RUB,{ACCOUNT},R-1,credit\n{d},99.00,RUB,{ACCOUNT},R-2,credit\n{d},15.50,RUB,{ACCOUNT},R-3,debit\n",
        d = today()
    );
    let (_, id) = alice.upload("r.csv", statement.as_bytes()).await;
    alice.apply(&id.unwrap()).await;
    let day = today();
    let page = alice.get(&format!("/operator/reconciliation/report?from={day}&to={day}")).await;
    assert_eq!(page.status, 200);
    let csv = alice.get(&format!("/operator/reconciliation/report.csv?from={day}&to={day}")).await;
    assert_eq!(csv.headers["content-type"], "text/csv; charset=utf-8");
    let lines: Vec<&str> = csv.html.lines().collect();
    assert_eq!(
        lines[0],
        "day,requisite_id,requisite,currency,payments,credited,received,matched,unmatched_in,out,difference"
    );
    assert_eq!(lines.len(), 2, "{}", csv.html);
    assert!(
        lines[1].starts_with(&format!("\"{day}\""))
            && lines[1].ends_with(",\"RUB\",1,1500.00,1599.00,1500.00,99.00,15.50,0.00"),
        "{}",
        lines[1]
    );
    let bad = alice.get("/operator/reconciliation/report?from=2026-02-30&to=2026-03-01").await;
    assert!(bad.location.unwrap().ends_with("notice=invalid"));
}

/// A statement in each format the banks send, read through the console into the same rows;
/// a malformed one is refused with its line and nothing is recorded.
async fn statements_in_every_format_are_read(backend: Backend) {
    let app = spawn_app(backend).await;
    let (alice, _) = two_operators(&app).await;
    card_with_account(&app, CARD, ACCOUNT).await;
    for (name, bytes, format) in kassa::domain::statement::write::examples(ACCOUNT, &today()) {
        let (check, id) = alice.upload(name, &bytes).await;
        assert_eq!(check.status, 200, "{name}: {}", check.html);
        assert!(id.is_some(), "{name}");
        assert!(check.html.contains(format), "{name} read as {format}: {}", check.html);
        assert!(check.html.contains("1,500.50"), "{name}: {}", check.html);
    }
    let before = app.count_rows("transfers").await;
    let (refused, id) = alice.upload("bad.csv", b"date,amount,currency,account\n2026-11-25,abc,RUB,1\n").await;
    assert_eq!((refused.status, id), (400, None));
    assert!(refused.html.contains("line 2") && refused.html.contains("the amount cannot be read"), "{}", refused.html);
    let (refused, _) = alice.upload("nothing.pdf", b"%PDF-1.4\x00\x01").await;
    assert_eq!(refused.status, 400);
    assert_eq!(app.count_rows("transfers").await, before);
}

/// One file listing the same transfer twice credits once (the second line waits for a person),
/// and two operators applying the same check at the same moment credit once.
async fn a_statement_credits_once_however_it_is_applied(backend: Backend) {
    let app = spawn_app(backend).await;
    let (alice, bob) = two_operators(&app).await;
    card_with_account(&app, CARD, ACCOUNT).await;
    let (p1, _) = payin(&app, "p1", 150_000).await;
    let (p2, _) = payin(&app, "p2", 160_000).await;
    let rows = csv(&[(&today(), "1500.00", ""), (&today(), "1500.00", ""), (&today(), "1600.00", "B-2")]);
    let (check, id) = alice.upload("twice.csv", &rows).await;
    assert!(
        check.html.contains(&format!("credits {p1}")) && check.html.contains(&format!("credits {p2}")),
        "{}",
        check.html
    );
    assert!(check.html.contains("1 go to the review list"), "the second line may be the first: {}", check.html);
    let id = id.unwrap();
    let (a, b) = tokio::join!(alice.apply(&id), bob.apply(&id));
    let credited: usize = [&a.html, &b.html]
        .iter()
        .map(|h| {
            let at = h.find(" payments credited").unwrap_or_else(|| panic!("{h}"));
            h[..at].rsplit(|c: char| !c.is_ascii_digit()).next().unwrap().parse::<usize>().unwrap()
        })
        .sum();
    assert_eq!(credited, 2, "two payments, credited once between both applies");
    assert_eq!(balance(&app).await, 310_000);
    assert_eq!((status(&app, "p1").await, status(&app, "p2").await), ("success".into(), "success".into()));
    assert_eq!(app.count_rows("transfers").await, 3, "each line recorded once");
    assert!(app.stores.ledger.verify().await.unwrap().is_empty());
}

/// The store's batch of changes (a statement's credits): when one change fails, the others
/// stand and the one that failed leaves nothing behind; the same bank id twice in one file is
/// one transfer.
async fn a_batch_keeps_the_changes_that_went_through(backend: Backend) {
    use kassa::domain::payment::PaymentState;
    use kassa::domain::ports::PaymentChange;
    let app = spawn_app(backend).await;
    card_with_account(&app, CARD, ACCOUNT).await;
    let (p1, _) = payin(&app, "p1", 150_000).await;
    let (p2, _) = payin(&app, "p2", 160_000).await;
    let success = |p: &kassa::domain::payment::Payment, version: i64| {
        let mut next = p.clone();
        next.state = PaymentState::Success;
        next.version = version;
        next.updated_ms = now_ms();
        next
    };
    let (a, b) =
        (app.services.lookup.by_request_id(&p1).await.unwrap(), app.services.lookup.by_request_id(&p2).await.unwrap());
    // The second is written over a version that is not the one stored: it fails.
    let (next_a, next_b) = (success(&a, a.version + 1), success(&b, b.version + 5));
    let change = |before, next| PaymentChange {
        payment: next,
        supersede: &[],
        callbacks: Vec::new(),
        receipt: None,
        requisite_issued: false,
        ledger: kassa::domain::ledger::entries_for_change(before, next),
        audit: None,
        transfer: None,
        approval: None,
    };
    let outcomes = app.stores.payments.apply_changes(&[change(&a, &next_a), change(&b, &next_b)]).await.unwrap();
    assert!(outcomes[0].is_ok() && outcomes[1].is_err(), "{outcomes:?}");
    assert_eq!(
        (status(&app, "p1").await, status(&app, "p2").await),
        ("success".into(), "processing:awaiting_confirm".into())
    );
    assert_eq!(balance(&app).await, 150_000, "the credit that stood moved the balance, the other nothing");
    assert!(app.stores.ledger.verify().await.unwrap().is_empty());

    // One bank transaction listed twice in a file (a second page of the same export).
    add_operator(&app, "alice").await;
    let alice = Browser::new(&app);
    alice.log_in("alice", PASSWORD).await;
    let (check, _) =
        alice.upload("twice.csv", &csv(&[(&today(), "1600.00", "B-9"), (&today(), "1600.00", "B-9")])).await;
    assert!(
        check.html.contains(&format!("credits {p2}")) && check.html.contains("recorded before: nothing to do"),
        "{}",
        check.html
    );
}

both_backends!(
    a_batch_keeps_the_changes_that_went_through,
    a_statement_credits_once_however_it_is_applied,
    a_transfer_typed_in_then_read_from_a_statement_credits_once,
    apply_refuses_rows_that_changed_since_the_check,
    equal_transfers_are_told_apart_by_bank_ids_or_by_a_person,
    credits_no_transfer_shows_need_a_second_operator,
    the_review_list_attaches_and_dismisses_with_reasons,
    the_report_adds_up_per_requisite_and_day,
    statements_in_every_format_are_read,
    a_statement_upload_is_refused_before_its_file_is_read,
);

/// The upload's token comes before the file: a forged one is refused before the file arrives,
/// a file first is refused, and a file past 8 MB stops being read at the limit; none of them
/// keeps a check.
async fn a_statement_upload_is_refused_before_its_file_is_read(backend: Backend) {
    use reqwest::cookie::CookieStore;
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let app = spawn_app(backend).await;
    add_operator(&app, "alice").await;
    let jar = std::sync::Arc::new(reqwest::cookie::Jar::default());
    let client =
        reqwest::Client::builder().cookie_provider(jar.clone()).redirect(reqwest::redirect::Policy::none()).build();
    let alice = Browser { client: client.unwrap(), base: app.url("") };
    assert_eq!(alice.log_in("alice", PASSWORD).await.status, 303);
    let csrf = alice.csrf().await;
    let cookie = jar.cookies(&app.url("/operator/").parse().unwrap()).unwrap();
    let cookie = cookie.to_str().unwrap();

    // Raw HTTP: the head of a form whose file is `size` bytes, declared whole, of which the
    // test sends only `sent` before reading the answer.
    let answer = |token: String, size: usize, sent: usize| {
        let address = app.address.trim_start_matches("http://").to_string();
        let cookie = cookie.to_string();
        async move {
            let boundary = "XkassaX";
            let head = format!(
                "--{boundary}\r\ncontent-disposition: form-data; name=\"csrf\"\r\n\r\n{token}\r\n\
                 --{boundary}\r\ncontent-disposition: form-data; name=\"statement\"; filename=\"s.csv\"\r\n\
                 content-type: text/csv\r\n\r\n"
            );
            let tail = format!("\r\n--{boundary}--\r\n");
            let request = format!(
                "POST /operator/statements HTTP/1.1\r\nhost: kassa\r\ncookie: {cookie}\r\n\
                 content-type: multipart/form-data; boundary={boundary}\r\ncontent-length: {}\r\n\r\n{head}",
                head.len() + size + tail.len()
            );
            let mut stream = tokio::net::TcpStream::connect(address).await.unwrap();
            stream.write_all(request.as_bytes()).await.unwrap();
            stream.write_all(&vec![b'x'; sent]).await.unwrap();
            let mut buf = [0u8; 2048];
            let n = tokio::time::timeout(std::time::Duration::from_secs(5), stream.read(&mut buf))
                .await
                .expect("answered before the rest of the file arrived")
                .unwrap();
            String::from_utf8_lossy(&buf[..n]).into_owned()
        }
    };
    let forged = answer("0".repeat(csrf.len()), 5_000_000, 1000).await;
    assert!(forged.starts_with("HTTP/1.1 403"), "{forged}");
    let huge = answer(csrf.clone(), 8 * 1024 * 1024 + 1, 8 * 1024 * 1024 + 1).await;
    assert!(huge.starts_with("HTTP/1.1 303") && huge.contains("statement-missing"), "{huge}");

    // A file sent before the token is refused as well.
    let statement = reqwest::multipart::Part::bytes(b"x".to_vec()).file_name("s.csv");
    let file_first = reqwest::multipart::Form::new().part("statement", statement).text("csrf", csrf.clone());
    let posted = alice.client.post(format!("{}/operator/statements", alice.base)).multipart(file_first).send();
    assert_eq!(posted.await.unwrap().status(), 403);
    assert_eq!(app.count_rows("statements").await, 0);
}
