//! The operator console through HTTP, as a browser without JavaScript uses it: login, sessions,
//! CSRF, the queue's decisions and their audit rows, requisites, expiry and disabled users.

use std::time::Duration;

use futures_util::StreamExt;
use kassa::domain::audit::{AuditQuery, Subject};
use kassa::domain::user::Audience;
use serde_json::{Value, json};

use crate::both_backends;
use crate::browser::*;
use crate::helpers::*;
use kassa::domain::dashboard::Period;

async fn logging_in_and_out(backend: Backend) {
    let app = spawn_app(backend).await;
    add_operator(&app, "alice").await;
    let browser = Browser::new(&app);

    // Nothing without a session.
    let page = browser.get("/operator/").await;
    assert_eq!((page.status, page.location.as_deref()), (303, Some("/operator/login")));

    // The login page: never cached, never framed.
    let login = browser.get("/operator/login").await;
    assert_eq!(login.headers["cache-control"], "no-store");
    assert!(login.headers["content-security-policy"].to_str().unwrap().contains("frame-ancestors 'none'"));
    assert!(login.html.contains("autocomplete=\"current-password\""), "{}", login.html);

    // A wrong password and an unknown login get the same answer.
    let wrong = browser.log_in("alice", "not the password at all").await;
    let unknown = browser.log_in("nobody-here", PASSWORD).await;
    assert_eq!((wrong.status, unknown.status), (401, 401));
    assert!(wrong.html.contains("Wrong login or password"));
    assert!(unknown.html.contains("Wrong login or password"));
    assert_eq!(browser.get("/operator/").await.status, 303, "still signed out");

    // The right one opens a session: an HttpOnly, SameSite=Lax cookie.
    let ok = browser.log_in("alice", PASSWORD).await;
    assert_eq!((ok.status, ok.location.as_deref()), (303, Some("/operator/")), "{}", ok.html);
    let cookie =
        ok.headers.get_all("set-cookie").iter().map(|v| v.to_str().unwrap()).find(|c| c.starts_with("kassa_session="));
    let cookie = cookie.expect("a session cookie");
    assert!(cookie.contains("HttpOnly") && cookie.contains("SameSite=Lax"), "{cookie}");
    let queue = browser.get("/operator/").await;
    assert_eq!(queue.status, 200);
    assert!(queue.html.contains("Waiting for you") && queue.html.contains("alice"), "{}", queue.html);
    assert_eq!(queue.headers["cache-control"], "no-store");
    assert_eq!(queue.headers["x-frame-options"], "DENY");

    // Russian on request, kept for the session.
    let ru = browser.get("/operator/?lang=ru").await;
    assert!(ru.html.contains("Ждут вашего решения"), "{}", ru.html);
    assert!(browser.get("/operator/requisites").await.html.contains("Пул реквизитов"));

    // Logging out needs the session's token, and ends the session.
    let forged = browser.post("/operator/logout", &[("csrf", "forged")]).await;
    assert_eq!(forged.status, 403);
    assert_eq!(browser.get("/operator/").await.status, 200, "a forged logout changes nothing");
    let out = browser.post("/operator/logout", &[("csrf", &queue.csrf())]).await;
    assert_eq!(out.status, 303);
    assert_eq!(browser.get("/operator/").await.status, 303);
    // Logins, the failed one and the logout are in the audit log, with the address.
    let query = AuditQuery { subject: Some((Subject::User, "alice".into())), before_id: None, limit: 10 };
    let events: Vec<_> = app
        .stores
        .audit
        .audit(&query)
        .await
        .unwrap()
        .into_iter()
        .map(|a| (a.actor, a.action, a.detail.unwrap_or_default()))
        .collect();
    let from = "from 127.0.0.1".to_string();
    assert_eq!(
        events[..3],
        [
            ("operator:alice".to_string(), "logout".to_string(), from.clone()),
            ("operator:alice".to_string(), "login".to_string(), from.clone()),
            ("operator:alice".to_string(), "login_failed".to_string(), from.clone()),
        ],
        "{events:?}"
    );
    let unknown = AuditQuery { subject: Some((Subject::User, "nobody-here".into())), before_id: None, limit: 10 };
    assert_eq!(app.stores.audit.audit(&unknown).await.unwrap()[0].action, "login_failed");

    // A disabled operator's session ends at the next request, and they cannot log in again.
    browser.log_in("alice", PASSWORD).await;
    assert_eq!(browser.get("/operator/").await.status, 200);
    app.services.users.disable(Audience::Operator, "alice").await.unwrap();
    assert_eq!(browser.get("/operator/").await.status, 303);
    assert_eq!(browser.log_in("alice", PASSWORD).await.status, 401);
}

async fn sessions_live_in_the_database_and_end_when_idle(backend: Backend) {
    let app = spawn_app_with(backend, |c| c.console_idle_s = 2).await;
    add_operator(&app, "bob").await;
    let browser = Browser::new(&app);
    assert_eq!(browser.log_in("bob", PASSWORD).await.status, 303);
    // Sessions live in the database.
    assert!(app.count_rows(app.sessions_table()).await >= 1);
    for _ in 0..3 {
        tokio::time::sleep(Duration::from_millis(900)).await;
        assert_eq!(browser.get("/operator/").await.status, 200, "activity keeps the session");
    }
    tokio::time::sleep(Duration::from_millis(2500)).await;
    assert_eq!(browser.get("/operator/").await.status, 303, "idle past the timeout: signed out");
}

/// Sessions end as people expect (issue 28 §3): the database holds no usable id, logout wins
/// over a request still in flight, a session ends a fixed time after its login however active,
/// and disabling a user or setting a new password ends that user's sessions.
async fn sessions_end_when_they_should(backend: Backend) {
    use tower_sessions::SessionStore;
    use tower_sessions::session::{Id, Record};
    let app = spawn_app_with(backend, |c| c.console_session_max_s = 3).await;
    add_operator(&app, "dora").await;
    let browser = Browser::new(&app);
    let login = browser.log_in("dora", PASSWORD).await;
    let cookie = login.headers["set-cookie"].to_str().unwrap();
    let id = cookie.trim_start_matches("kassa_session=").split(';').next().unwrap().to_string();
    let hash = kassa::storage::sessions::id_hash(&id.parse::<Id>().unwrap());
    assert_eq!(app.count_rows(&format!("console_sessions WHERE id_hash = '{id}'")).await, 0, "no id in clear");
    assert_eq!(app.count_rows(&format!("console_sessions WHERE id_hash = '{hash}' AND login = 'dora'")).await, 1);

    // Active all along, the session still ends 3 s after its login.
    assert_eq!(browser.get("/operator/").await.status, 200);
    tokio::time::sleep(Duration::from_millis(1500)).await;
    assert_eq!(browser.get("/operator/").await.status, 200);
    tokio::time::sleep(Duration::from_millis(2000)).await;
    assert_eq!(browser.get("/operator/").await.status, 303, "past the absolute lifetime: signed out");

    // Logout wins: a request that loaded the session before the logout saves it after; the
    // session stays ended.
    let store = app.session_store().await;
    let expiry_date =
        tower_sessions::cookie::time::OffsetDateTime::now_utc() + tower_sessions::cookie::time::Duration::hours(1);
    let mut record = Record { id: Id::default(), data: Default::default(), expiry_date };
    record
        .data
        .insert("console.user".into(), serde_json::json!({"audience": "operator", "login": "dora", "csrf": "x"}));
    store.create(&mut record).await.unwrap();
    assert!(store.load(&record.id).await.unwrap().is_some());
    store.delete(&record.id).await.unwrap();
    store.save(&record).await.unwrap();
    assert!(store.load(&record.id).await.unwrap().is_none(), "saving did not bring it back");
    let hash = kassa::storage::sessions::id_hash(&record.id);
    assert_eq!(app.count_rows(&format!("console_sessions WHERE id_hash = '{hash}'")).await, 0);

    // Disabling a user ends their sessions at once; so does a new password.
    let app = spawn_app(backend).await;
    add_operator(&app, "dora").await;
    let (first, second) = (Browser::new(&app), Browser::new(&app));
    first.log_in("dora", PASSWORD).await;
    second.log_in("dora", PASSWORD).await;
    assert_eq!(app.count_rows("console_sessions WHERE login = 'dora'").await, 2);
    add_operator(&app, "dora").await;
    assert_eq!(app.count_rows("console_sessions WHERE login = 'dora'").await, 0, "a new password ends them");
    assert_eq!(first.get("/operator/").await.status, 303);
    first.log_in("dora", PASSWORD).await;
    app.services.users.disable(Audience::Operator, "dora").await.unwrap();
    assert_eq!(app.count_rows("console_sessions WHERE login = 'dora'").await, 0, "disabling ends them");
    assert_eq!(first.get("/operator/").await.status, 303);
}

async fn failed_logins_are_slowed_down(backend: Backend) {
    let app = spawn_app(backend).await;
    add_operator(&app, "carol").await;
    // Someone guessing from another address.
    let attacker = Browser::from_address(&app, "127.0.0.2".parse().unwrap());
    let mut statuses = Vec::new();
    for _ in 0..7 {
        statuses.push(attacker.log_in("carol", "guess guess guess").await.status);
    }
    assert_eq!(&statuses[..5], &[401; 5]);
    assert_eq!(statuses[6], 429, "{statuses:?}");
    // From there even the right password waits now: the brake does not tell a guess from the owner.
    let page = attacker.log_in("carol", PASSWORD).await;
    assert_eq!(page.status, 429);
    assert!(page.headers.contains_key("retry-after"));
    // The owner, elsewhere, is not kept out; and logging in spends nothing.
    let owner = Browser::new(&app);
    for _ in 0..8 {
        assert_eq!(owner.log_in("carol", PASSWORD).await.status, 303, "the owner logs in as often as needed");
    }
}

async fn a_decision_is_taken_once_and_audited(backend: Backend) {
    let app = spawn_app(backend).await;
    add_operator(&app, "alice").await;
    let request_id = paid_payin(&app, "order-1", 150000).await;
    let browser = Browser::new(&app);
    browser.log_in("alice", PASSWORD).await;

    let queue = browser.get("/operator/").await;
    assert!(queue.html.contains(&request_id), "the paid payment waits in the queue");
    let action = format!("/operator/payments/{request_id}/received");
    let version = queue.version_for(&action);
    let csrf = queue.csrf();

    // A forged form changes nothing.
    let forged = browser
        .post(
            &format!("/operator/payments/{request_id}/received"),
            &[("csrf", "x"), ("full", "1"), ("version", &version)],
        )
        .await;
    assert_eq!(forged.status, 403);
    assert_eq!(status_of(&app.wait_for("order-1", 1, |_| true).await), "processing:paid");
    assert!(audit_of(&app, &request_id).await.is_empty());

    // Funds received, full amount: asked once more first, restating what will happen to
    // which payment of which merchant; nothing is done until confirmed.
    let asked =
        browser.post(&action, &[("csrf", &csrf), ("full", "1"), ("version", &version), ("back", "/#paid")]).await;
    assert_eq!(asked.status, 200);
    for fact in [request_id.as_str(), "order-1", "1,500.00", "the merchant's balance is credited", "Cancel"] {
        assert!(asked.html.contains(fact), "{fact} missing: {}", asked.html);
    }
    assert!(asked.html.contains("href=\"/operator/#paid\""), "cancel leads back to the list: {}", asked.html);
    assert!(asked.html.contains("name=\"confirmed\" value=\"1\""));
    assert_eq!(status_of(&app.wait_for("order-1", 1, |_| true).await), "processing:paid");
    assert!(audit_of(&app, &request_id).await.is_empty());
    // Confirmed: done, and back to the queue's list it was decided from.
    let done = browser
        .post(&action, &[("csrf", &csrf), ("full", "1"), ("version", &version), ("back", "/#paid"), ("confirmed", "1")])
        .await;
    assert_eq!(done.status, 303);
    assert_eq!(done.location.as_deref(), Some("/operator/?notice=decided#paid"));
    assert_eq!(status_of(&app.wait_for("order-1", 1, |_| true).await), "success");
    let audit = audit_of(&app, &request_id).await;
    assert_eq!(audit.len(), 1, "{audit:?}");
    assert_eq!(
        (
            audit[0].actor.as_str(),
            audit[0].action.as_str(),
            audit[0].state_before.as_deref(),
            audit[0].state_after.as_deref()
        ),
        ("operator:alice", "funds_received", Some("processing:paid"), Some("success"))
    );

    // The same decision again (a second operator on a stale page): refused with a clear
    // message, no second outcome, no second audit row.
    let again = browser.post(&action, &[("csrf", &csrf), ("full", "1"), ("version", &version)]).await;
    assert!(again.location.as_deref().unwrap().ends_with("notice=moved"), "{:?}", again.location);
    let again =
        browser.post(&action, &[("csrf", &csrf), ("full", "1"), ("version", &version), ("confirmed", "1")]).await;
    assert!(again.location.as_deref().unwrap().ends_with("notice=moved"), "{:?}", again.location);
    // A form that names no version says nothing of what its sender saw: refused as well.
    let unversioned = browser.post(&action, &[("csrf", &csrf), ("full", "1"), ("confirmed", "1")]).await;
    assert!(unversioned.location.as_deref().unwrap().ends_with("notice=invalid"), "{:?}", unversioned.location);
    assert_eq!(audit_of(&app, &request_id).await.len(), 1);
    let detail = browser.get(&format!("/operator/payments/{request_id}?notice=moved")).await;
    assert!(detail.html.contains("Nothing was done"), "{}", detail.html);
    assert!(detail.html.contains("operator:alice") && detail.html.contains("funds_received"));
    assert!(detail.html.contains("Ledger entries") && detail.html.contains("payin_credit"), "{}", detail.html);

    // The operator API's actions are audited too, as the API's.
    let other = paid_payin(&app, "order-2", 150000).await;
    let (status, _) = app
        .operator("/api/v1/operator/payments/received", &serde_json::json!({"request_id": other, "amount": 120000}))
        .await;
    assert_eq!(status, 200);
    let audit = audit_of(&app, &other).await;
    assert_eq!(
        (audit[0].actor.as_str(), audit[0].state_after.as_deref(), audit[0].detail.as_deref()),
        ("operator-api", Some("dispute:different_amount"), Some("amount 1200.00 RUB"))
    );

    // A dispute resolved in the console with another amount.
    let page = browser.get(&format!("/operator/payments/{other}")).await;
    let resolve = format!("/operator/payments/{other}/resolve");
    let version = page.version_for(&resolve);
    let form = [("csrf", csrf.as_str()), ("outcome", "success"), ("amount", "1 250,50"), ("version", &version)];
    let asked = browser.post(&resolve, &form).await;
    assert!(asked.html.contains("1,250.50") && asked.html.contains("closes as paid"), "{}", asked.html);
    let done = browser.post(&resolve, &[&form[..], &[("confirmed", "1")]].concat()).await;
    assert!(done.location.as_deref().unwrap().ends_with("notice=done"));
    let info = app.wait_for("order-2", 1, |_| true).await;
    assert_eq!(
        (status_of(&info).as_str(), info["payment_info"]["amount"].as_i64()),
        ("success", Some(125050)),
        "{info}"
    );
    assert_eq!(audit_of(&app, &other).await[0].detail.as_deref(), Some("success, amount 1250.50 RUB"));
    assert!(app.stores.ledger.verify().await.unwrap().is_empty());

    // The dashboard counts both payins (both succeeded) and draws them; the last 7 days beside
    // the 7 before (nothing then: no percentage, not "+100 %").
    let dashboard = browser.get("/operator/dashboard?period=week").await;
    assert_eq!(dashboard.status, 200);
    assert!(dashboard.html.contains("<svg") && dashboard.html.contains("RU · card-p2p"), "{}", dashboard.html);
    assert!(
        dashboard.html.contains("100 % (2)") && dashboard.html.contains("50 % (1)"),
        "both succeeded, one through a dispute: {}",
        dashboard.html
    );
    assert!(dashboard.html.contains("2,750.50"), "the volume is what was received: {}", dashboard.html);
    let today = kassa::http::console::format_utc(now_s() * 1000)[..10].to_string();
    assert!(dashboard.html.contains("Payins per day"), "{}", dashboard.html);
    assert!(dashboard.html.contains(&format!("<span class=\"chart-label\">{today}</span>")), "{}", dashboard.html);
    assert!(dashboard.html.contains("2 · 100 %"), "{}", dashboard.html);
    assert!(dashboard.html.contains("The last 7 days beside the 7 days before"), "{}", dashboard.html);
    assert!(dashboard.html.contains("aria-current=\"page\">The last 7 days (UTC)"), "the period picked is marked");
    // Today beside yesterday until the same time: both payins are today's.
    let today_page = browser.get("/operator/dashboard").await;
    assert!(today_page.html.contains("Today so far beside yesterday until the same time"), "{}", today_page.html);
    assert!(!today_page.html.contains("Payins per day"), "one day has no per-day chart");

    // The roll-up of a day (what the dashboards read for the days before today) holds the
    // same figures as the live count, replaces itself when recomputed, and is scoped by project.
    let console = &app.stores.stats;
    let now = now_s() * 1000;
    let day = now - now.rem_euclid(kassa::domain::stats::DAY_MS);
    let next = day + kassa::domain::stats::DAY_MS;
    let expired = kassa::domain::state_machine::reason::LIFETIME_EXPIRED;
    let live = console.payin_groups(day, next, None, expired).await.unwrap();
    assert_eq!(live.iter().map(|g| (g.count, g.success, g.disputed)).collect::<Vec<_>>(), [(2, 2, 1)]);
    for _ in 0..2 {
        console.roll_up_day(day, expired, now_s() * 1000).await.unwrap();
        let (rolled, days) = console.rolled_up(day, next, None).await.unwrap();
        assert_eq!(rolled, live, "the rolled-up day matches the live count");
        assert_eq!(days.len(), 1);
    }
    let mine = [app.key.project_id.clone()];
    assert_eq!(console.rolled_up(day, next, Some(&mine)).await.unwrap().0, live);
    assert!(console.rolled_up(day, next, Some(&["another".to_string()])).await.unwrap().0.is_empty());
    console.forget_rolled_up_before(next).await.unwrap();
    assert_eq!(console.rolled_up(day, next, None).await.unwrap(), (vec![], vec![]));

    // The dashboard of tomorrow: today becomes an earlier day, counted live while it is not
    // rolled up, then from the roll-up (saying when), with the same figures either way.
    let tomorrow = next + 3_600_000;
    let week_count = |stats: &kassa::domain::stats::PeriodStats| (stats.total().count, stats.total().success);
    let dashboard = &app.services.dashboard;
    let (today_live, _) = dashboard.compare(tomorrow, Period::Today, None).await.unwrap();
    let (yesterday, day_before) = dashboard.compare(tomorrow, Period::Yesterday, None).await.unwrap();
    assert_eq!((today_live.total().count, yesterday.total().count, day_before.total().count), (0, 2, 0));
    let (week_live, week_before) = dashboard.compare(tomorrow, Period::Week, None).await.unwrap();
    assert_eq!((week_count(&week_live), week_before.total().count), ((2, 2), 0));
    assert_eq!(week_live.earlier_days_as_of_ms, None, "nothing rolled up yet: every day read live");
    // The first roll-up computes the week before too; later ones only the last six days.
    assert_eq!(dashboard.roll_up_days(tomorrow).await.unwrap(), 13);
    assert_eq!(dashboard.roll_up_days(tomorrow).await.unwrap(), 6);
    let (yesterday_rolled, _) = dashboard.compare(tomorrow, Period::Yesterday, None).await.unwrap();
    assert_eq!(yesterday_rolled.total().count, 2);
    let (week_rolled, _) = dashboard.compare(tomorrow, Period::Week, None).await.unwrap();
    assert_eq!(week_count(&week_rolled), (2, 2));
    assert_eq!(week_rolled.groups, week_live.groups);
    assert_eq!(week_rolled.days, week_live.days);
    assert_eq!(week_rolled.earlier_days_as_of_ms, Some(tomorrow));
}

async fn requisites_are_added_and_disabled_with_audit(backend: Backend) {
    let app = spawn_app(backend).await;
    add_operator(&app, "alice").await;
    let browser = Browser::new(&app);
    browser.log_in("alice", PASSWORD).await;
    let page = browser.get("/operator/requisites").await;
    let csrf = page.csrf();
    let form = |pan: &'static str| {
        vec![
            ("csrf", csrf.clone()),
            ("country", "RU".to_string()),
            ("currency", "RUB".to_string()),
            ("methods", "card-p2p, payin-p2p-card".to_string()),
            ("pan", pan.to_string()),
            ("card_holder", "IVAN PETROV".to_string()),
            ("min_amount", "100".to_string()),
            ("max_amount", "50000".to_string()),
        ]
    };
    let as_refs = |f: &Vec<(&'static str, String)>| f.iter().map(|(k, v)| (*k, v.clone())).collect::<Vec<_>>();

    // A card that fails Luhn: the form answers 400 with the field, nothing is added.
    let bad = form("5536 9138 1234 5670");
    let bad = browser.client.post(app.url("/operator/requisites")).form(&as_refs(&bad)).send().await.unwrap();
    assert_eq!(bad.status(), 400);
    assert!(bad.text().await.unwrap().contains("Nothing was done: check Card, phone or account number."));
    let (_, list) = app.operator_get("/api/v1/operator/requisites").await;
    assert_eq!(list.as_array().unwrap().len(), 0);

    let good = form("5536 9138 1234 5672");
    let added = browser.client.post(app.url("/operator/requisites")).form(&as_refs(&good)).send().await.unwrap();
    assert_eq!(added.status(), 303);
    let (_, list) = app.operator_get("/api/v1/operator/requisites").await;
    let r = &list[0];
    assert_eq!((r["min_amount"].as_i64(), r["max_amount"].as_i64()), (Some(10_000), Some(5_000_000)), "{r}");
    let id = r["id"].as_str().unwrap().to_string();
    let page = browser.get("/operator/requisites").await;
    assert!(
        page.html.contains("553691******5672")
            || page.html.contains("5536 91** **** 5672")
            || page.html.contains("5672")
    );
    assert!(!page.html.contains("5536913812345672"), "the pool shows PANs masked");
    assert!(page.html.contains(&id), "the pool shows each requisite's id (the transfer form asks for it)");

    // Nobody was sent to it: disabled at once.
    let off = browser.post(&format!("/operator/requisites/{id}/active"), &[("csrf", &csrf), ("active", "false")]).await;
    assert_eq!(off.status, 303);
    let (_, list) = app.operator_get("/api/v1/operator/requisites").await;
    assert_eq!(list[0]["active"], Value::Bool(false));
    let query = AuditQuery { subject: Some((Subject::Requisite, id.clone())), before_id: None, limit: 10 };
    let audit = app.stores.audit.audit(&query).await.unwrap();
    let actions: Vec<_> = audit.iter().map(|a| (a.action.as_str(), a.state_after.as_deref())).collect();
    assert_eq!(actions, [("requisite_disabled", Some("disabled")), ("requisite_added", Some("active"))]);
    assert!(audit.iter().all(|a| a.actor == "operator:alice"));
    let log = browser.get("/operator/audit").await;
    assert!(log.html.contains("requisite_disabled"));
}

/// The pool as operators work it (issue 29 §3): newest first, 50 to a page with the count,
/// searched by the last digits the screens show, filtered by state; a refused add keeps what
/// was typed and says what is wrong beside the field.
async fn the_requisites_pool_is_paged_searched_and_kept_on_refusal(backend: Backend) {
    let app = spawn_app(backend).await;
    add_operator(&app, "alice").await;
    let mut ids = Vec::new();
    for i in 0..60u64 {
        let phone = format!("+7900{:07}", 1_000_000 + i);
        ids.push(
            app.add_requisite(json!({"country": "RU", "currency": "RUB", "methods": ["sbp-p2p"], "pan": phone, "bank_symbol": "sberbank"}))
                .await,
        );
    }
    let browser = Browser::new(&app);
    browser.log_in("alice", PASSWORD).await;
    let rows = |html: &str| html.matches("/active\" ").count() + html.matches("/active\">").count();
    let first = browser.get("/operator/requisites").await;
    assert_eq!(rows(&first.html), 50, "one page");
    assert!(first.html.contains("1–50 of 60 found (60 in the pool)"), "{}", first.html);
    assert!(first.html.contains(&ids[59]) && !first.html.contains(&format!("{}/active", ids[0])), "newest first");
    assert!(first.html.contains("page=2"), "a next page");
    let second = browser.get("/operator/requisites?page=2").await;
    assert_eq!(rows(&second.html), 10);
    assert!(second.html.contains("51–60 of 60"));
    // The last four digits the screens show find the one requisite.
    let found = browser.get("/operator/requisites?q=0042").await;
    assert_eq!(rows(&found.html), 1, "{}", found.html);
    assert!(found.html.contains(&ids[42]));
    // Filtered by state.
    let csrf = first.csrf();
    browser.post(&format!("/operator/requisites/{}/active", ids[7]), &[("csrf", &csrf), ("active", "false")]).await;
    let disabled = browser.get("/operator/requisites?state=disabled").await;
    assert_eq!(rows(&disabled.html), 1);
    assert!(disabled.html.contains(&ids[7]));

    // A refused add: the form comes back with what was typed and the reason by the field.
    // Both methods ticked: the browser sends the field once per box.
    let add = |pan: &'static str, last: (&'static str, &'static str)| {
        let fields = [
            ("csrf", csrf.as_str()),
            ("country", "RU"),
            ("currency", "RUB"),
            ("methods", "card-p2p"),
            ("methods", "payin-p2p-card"),
            ("pan", pan),
            last,
        ];
        browser.client.post(app.url("/operator/requisites")).form(&fields).send()
    };
    let refused = add("5536 9138 1234 5670", ("card_holder", "OLGA SMIRNOVA")).await.unwrap();
    assert_eq!(refused.status(), 400);
    let html = refused.text().await.unwrap();
    assert!(html.contains("value=\"OLGA SMIRNOVA\""), "the holder kept: {html}");
    assert!(html.contains("value=\"5536 9138 1234 5670\""), "the number kept as typed");
    // Beside the number, and announced with it (its description).
    let error = html.find("id=\"f-operator-requisites-pan-error\"").expect("an error beside the number");
    assert!(html[error..].contains("must be a card number"), "{}", &html[error..error + 200]);
    assert!(html.contains("aria-describedby=\"f-operator-requisites-pan-error\""), "{html}");
    assert!(html.contains("aria-invalid=\"true\""));
    assert!(html.contains("name=\"methods\" value=\"payin-p2p-card\" checked"), "the methods ticked stay ticked");
    assert_eq!(app.count_rows("requisites").await, 60);
    // Both ticked methods reach the pool once the number is right.
    let added = add("5536 9138 1234 5672", ("bank_symbol", "sberbank")).await.unwrap();
    assert_eq!(added.status(), 303);
    let (_, list) = app.operator_get("/api/v1/operator/requisites").await;
    let card = list.as_array().unwrap().iter().find(|r| r["pan_hidden"] == "5536********5672").unwrap().clone();
    assert_eq!(card["methods"], json!(["card-p2p", "payin-p2p-card"]));
}

async fn the_audit_log_is_append_only(backend: Backend) {
    let app = spawn_app(backend).await;
    add_operator(&app, "alice").await;
    assert_eq!(app.count_rows("audit_log").await, 1, "adding a user is audited");
    use sqlx::Connection;
    let url = app.database_url.expose();
    let mut statements = vec!["UPDATE audit_log SET actor = 'someone else'", "DELETE FROM audit_log"];
    if app.database_url.is_postgres() {
        statements.push("TRUNCATE audit_log");
    }
    for sql in statements {
        let result = if app.database_url.is_postgres() {
            let mut c = sqlx::PgConnection::connect(url).await.unwrap();
            sqlx::query(sql).execute(&mut c).await.map(|_| ())
        } else {
            let mut c = sqlx::SqliteConnection::connect(url).await.unwrap();
            sqlx::query(sql).execute(&mut c).await.map(|_| ())
        };
        match result {
            Ok(()) => panic!("{sql} was allowed"),
            Err(e) => assert!(e.to_string().contains("append-only"), "{sql}: {e}"),
        }
    }
    assert_eq!(app.count_rows("audit_log").await, 1, "nothing was changed or removed");
}

async fn payments_are_found_by_filters(backend: Backend) {
    let app = spawn_app(backend).await;
    add_operator(&app, "alice").await;
    let paid = paid_payin(&app, "order-1", 150000).await;
    // The second payment gets the second card (the least recently used).
    app.add_ru_card("4276380012345679").await;
    let (_, other) = app.call("/api/v1/payment/p2p/payin", &ru_card_payin(&app.key.project_id, "order-2", 99900)).await;
    let other = other["request_id"].as_str().unwrap().to_string();
    let browser = Browser::new(&app);
    browser.log_in("alice", PASSWORD).await;
    let found = |html: &str| (html.contains(&paid), html.contains(&other));

    let all = browser.get("/operator/payments").await;
    assert_eq!(found(&all.html), (true, true));
    // Every page's navigation counts the queue (one payer says they paid); the queue says
    // when it was read and, with JavaScript, reads itself again.
    assert!(all.html.contains("1 waiting"), "{}", all.html);
    assert!(!all.html.contains("setInterval"), "only the queue refreshes itself");
    let queue = browser.get("/operator/").await;
    assert!(queue.html.contains("1 waiting") && queue.html.contains("Updated at"), "{}", queue.html);
    assert!(queue.html.contains("setInterval") && queue.html.contains("<script nonce="), "{}", queue.html);
    let by_state = browser.get("/operator/payments?state=processing%3Apaid").await;
    assert_eq!(found(&by_state.html), (true, false));
    let by_amount = browser.get("/operator/payments?amount=999&currency=RUB").await;
    assert_eq!(found(&by_amount.html), (false, true));
    let by_card = browser.get("/operator/payments?requisite=5536913812345672").await;
    assert_eq!(found(&by_card.html), (true, false));
    let today = kassa::http::console::format_utc(now_s() * 1000)[..10].to_string();
    let by_day = browser.get(&format!("/operator/payments?from={today}&to={today}")).await;
    assert_eq!(found(&by_day.html), (true, true));
    let before = browser.get("/operator/payments?to=2020-01-01").await;
    assert_eq!(found(&before.html), (false, false));
    // An exact id opens the payment; so does the start of a payment id, in any case, when it
    // names one payment.
    let exact = browser.get("/operator/payments?q=order-1").await;
    assert_eq!(exact.location, Some(format!("/operator/payments/{paid}")));
    let by_request_id = browser.get(&format!("/operator/payments?q={other}")).await;
    assert_eq!(by_request_id.location, Some(format!("/operator/payments/{other}")));
    let prefix = browser.get("/operator/payments?q=ORDER-").await;
    assert_eq!(found(&prefix.html), (true, true));
    let one = browser.get("/operator/payments?q=Order-2").await;
    assert_eq!(one.location, Some(format!("/operator/payments/{other}")));
    let none = browser.get("/operator/payments?q=rder").await;
    assert_eq!(found(&none.html), (false, false), "a prefix, not a substring");
    // The last four digits of a requisite, as the screens show it.
    let last_four = browser.get("/operator/payments?requisite=5672").await;
    assert_eq!(found(&last_four.html), (true, false));
    let unknown_four = browser.get("/operator/payments?requisite=0000").await;
    assert_eq!(found(&unknown_four.html), (false, false));
    // Payins and payouts apart; the project by its merchant's name and its own.
    let payouts = browser.get("/operator/payments?type=payout").await;
    assert_eq!(found(&payouts.html), (false, false));
    let payins = browser.get(&format!("/operator/payments?type=payin&project={}", app.key.project_id)).await;
    assert_eq!(found(&payins.html), (true, true));
    assert!(payins.html.contains("Payin"), "a type column");
    let elsewhere = browser.get("/operator/payments?project=no-such-project").await;
    assert_eq!(found(&elsewhere.html), (false, false));
    // The totals of the filtered set: two payins, 1,500.00 + 999.00, of which 1,500.00 paid
    // (not yet succeeded: nothing succeeded).
    assert!(all.html.contains("Totals of this search"), "{}", all.html);
    assert!(all.html.contains("2,499.00"), "the sum of both amounts: {}", all.html);
    assert!(by_state.html.contains("1,500.00"), "the sum of the filtered one");
    // The operator's CSV export of the same filter.
    let csv = browser.get("/operator/payments.csv?q=order-").await;
    assert_eq!(csv.status, 200);
    assert!(csv.html.starts_with("\"request_id\""), "{}", csv.html);
    assert!(csv.html.contains(&paid) && csv.html.contains(&other), "{}", csv.html);
    let csv_one = browser.get("/operator/payments.csv?requisite=5672").await;
    assert!(csv_one.html.contains(&paid) && !csv_one.html.contains(&other), "{}", csv_one.html);
    // A filter that does not parse says so and lists nothing.
    let bad = browser.get("/operator/payments?amount=lots").await;
    assert!(bad.html.contains("check the values entered"), "{}", bad.html);
}

/// A merchant user sees its merchant's payments only: anything else is "not found".
async fn a_merchant_sees_only_its_own(backend: Backend) {
    let app = spawn_app(backend).await;
    let own = paid_payin(&app, "order-1", 150000).await;
    // Another merchant, with a payment of its own.
    let (other_key, other_project) = app
        .new_project("Other Shop", kassa::crypto::keys::KeyType::EcdsaP256, kassa::crypto::keys::KeyType::EcdsaP256)
        .await;
    let body = ru_card_payin(&other_project.project_id, "theirs-1", 99900);
    let (status, theirs) = {
        let r = app.post_signed_with(&other_key, "/api/v1/payment/p2p/payin", &body).await;
        (r.status().as_u16(), r.json::<Value>().await.unwrap())
    };
    assert_eq!(status, 200, "{theirs}");
    let theirs = theirs["request_id"].as_str().unwrap().to_string();

    add_shop_owner(&app).await;
    let browser = Browser::new(&app);
    // An operator's login does not open the merchant console, nor the other way round.
    add_operator(&app, "alice").await;
    assert_eq!(browser.log_in_to("/merchant", "alice", PASSWORD).await.status, 401);
    let ok = browser.log_in_to("/merchant", "shop-owner", PASSWORD).await;
    assert_eq!((ok.status, ok.location.as_deref()), (303, Some("/merchant/")));
    assert_eq!(browser.get("/operator/").await.status, 303, "a merchant session is not an operator's");

    let list = browser.get("/merchant/").await;
    assert_eq!(list.status, 200);
    assert!(list.html.contains(&own) && !list.html.contains(&theirs), "{}", list.html);
    // By the last four digits of the requisite (what the merchant sees), within its own
    // payments; a full number is the operator's; a payment id's start finds only its own.
    let four = browser.get("/merchant/?requisite=5672").await;
    assert!(four.html.contains(&own) && !four.html.contains(&theirs), "{}", four.html);
    let full = browser.get("/merchant/?requisite=5536913812345672").await;
    assert!(!full.html.contains(&own), "{}", full.html);
    let prefix = browser.get("/merchant/?q=THEIRS").await;
    assert!(!prefix.html.contains(&theirs) && prefix.html.contains("no payment matches"), "{}", prefix.html);
    let detail = browser.get(&format!("/merchant/payments/{own}")).await;
    assert_eq!(detail.status, 200);
    assert!(detail.html.contains("Status history") && detail.html.contains("processing:paid"));
    assert!(!detail.html.contains("5536913812345672"), "requisites are masked");
    let foreign = browser.get(&format!("/merchant/payments/{theirs}")).await;
    let missing = browser.get("/merchant/payments/0123456789abcdef0123456789abcdef").await;
    assert_eq!((foreign.status, missing.status), (404, 404));
    assert!(!foreign.html.contains(&theirs), "nothing of the other merchant's payment is shown");
    // Resending a callback of someone else's payment: not found, nothing queued.
    let csrf = list.csrf();
    let resend = browser.post(&format!("/merchant/payments/{theirs}/callbacks/1/resend"), &[("csrf", &csrf)]).await;
    assert_eq!(resend.status, 404);
    // A filter naming another merchant's project finds nothing.
    let sneaky = browser.get(&format!("/merchant/?project={}", other_project.project_id)).await;
    assert!(!sneaky.html.contains(&theirs) && !sneaky.html.contains(&own));

    // The export: a header and this merchant's rows only, streamed as CSV.
    let csv = browser.client.get(app.url("/merchant/payments.csv")).send().await.unwrap();
    assert_eq!(csv.headers()["content-type"], "text/csv; charset=utf-8");
    let csv = csv.text().await.unwrap();
    let mut reader = csv::Reader::from_reader(csv.as_bytes());
    assert_eq!(
        &reader.headers().unwrap().iter().take(3).collect::<Vec<_>>(),
        &["request_id", "payment_id", "project_id"]
    );
    let rows: Vec<csv::StringRecord> = reader.records().map(Result::unwrap).collect();
    assert_eq!(rows.len(), 1, "{csv}");
    assert_eq!((&rows[0][0], &rows[0][1], &rows[0][6]), (own.as_str(), "order-1", "1500.00"), "{csv}");
    assert!(csv.contains(",1500.00,"), "amounts are numbers, unquoted: {csv}");
    assert!(!csv.contains(&theirs));
    // Compressed, as browsers ask for it: the stream ends cleanly.
    let gz =
        browser.client.get(app.url("/merchant/payments.csv")).header("accept-encoding", "gzip").send().await.unwrap();
    assert_eq!(gz.headers()["content-encoding"], "gzip");
    let bytes = gz.bytes().await.expect("the whole compressed body");
    let mut text = String::new();
    std::io::Read::read_to_string(&mut flate2::read::GzDecoder::new(&bytes[..]), &mut text).unwrap();
    assert_eq!(text, csv);

    // Balance and a statement of today that adds up: opening 0, one credit, closing 1,500.00.
    let (status, _) = app
        .operator("/api/v1/operator/payments/received", &serde_json::json!({"request_id": own, "amount": 150000}))
        .await;
    assert_eq!(status, 200);
    let balance = browser.get("/merchant/balance").await;
    assert_eq!(balance.status, 200);
    assert!(balance.html.contains("1,500.00"), "{}", balance.html);
    let today = kassa::http::console::format_utc(now_s() * 1000)[..10].to_string();
    let statement = browser
        .get(&format!("/merchant/balance?project={}&currency=RUB&from={today}&to={today}", app.key.project_id))
        .await;
    let html = &statement.html;
    let opening = html.find("Opening balance").expect("an opening row");
    let credit = html.find("payin_credit").expect("the credit");
    let closing = html.find("Closing balance").expect("a closing row");
    assert!(opening < credit && credit < closing);
    assert!(html[closing..].contains("1,500.00"), "{html}");
    // The credit's row says its change and the balance after it; the period's total change.
    assert!(html.contains("Available: change") && html.contains("Available after"), "{html}");
    assert!(html[credit..closing].contains("Total change of the period"), "{html}");
    // The same statement as CSV: opening, the entry with its running balance, closing.
    let csv_path = format!("/merchant/balance.csv?currency=RUB&from={today}&project={}&to={today}", app.key.project_id);
    assert!(html.contains(&csv_path.replace('&', "&amp;")), "a download link: {html}");
    let csv = browser.client.get(app.url(&csv_path)).send().await.unwrap();
    assert_eq!(csv.headers()["content-type"], "text/csv; charset=utf-8");
    let csv = csv.text().await.unwrap();
    let rows: Vec<csv::StringRecord> = csv::Reader::from_reader(csv.as_bytes()).records().map(Result::unwrap).collect();
    let kinds: Vec<&str> = rows.iter().map(|r| &r[1]).collect();
    assert_eq!(kinds, ["opening", "payin_credit", "closing"], "{csv}");
    assert_eq!((&rows[1][2], &rows[1][3], &rows[1][5]), (own.as_str(), "1500.00", "1500.00"), "{csv}");
    assert_eq!(&rows[2][5], "1500.00");
    let other =
        browser.client.get(app.url("/merchant/balance.csv?project=someone-elses&from=2026-01-01&to=2026-01-02"));
    assert_eq!(other.send().await.unwrap().status(), 303, "another merchant's project: nothing");
    let dashboard = browser.get("/merchant/dashboard").await;
    assert!(dashboard.html.contains("RU · card-p2p"));

    // Keys: the project's key is listed with its last use; an HMAC key is added and its
    // secret shown once.
    let keys = browser.get("/merchant/keys").await;
    assert!(keys.html.contains(&app.key.token) && keys.html.contains("BEGIN PUBLIC KEY"), "{}", keys.html);
    let used = app.stores.projects.request_keys_of(&app.key.project_id).await.unwrap();
    assert!(used.iter().any(|k| k.token == app.key.token && k.last_used_ms.is_some()), "{used:?}");
    assert!(keys.html.contains("Last used (UTC)"));
    // What a request names besides its key: the merchant id header and the project id.
    let merchant_id = app.stores.projects.project(&app.key.project_id).await.unwrap().unwrap().merchant_id;
    assert!(keys.html.contains("x-access-merchant-id") && keys.html.contains(&merchant_id), "{}", keys.html);
    assert!(keys.html.contains(&app.key.project_id));
    // The project's only active key is not deactivated: the shop's checkout would stop.
    let original = format!("/merchant/keys/{}/{}/active", app.key.project_id, app.key.token);
    let last = browser.post(&original, &[("csrf", &csrf), ("active", "false"), ("confirmed", "1")]).await;
    assert!(last.location.as_deref().unwrap().ends_with("notice=last-key"), "{:?}", last.location);
    let (status, _) = app.call("/api/v1/payment/p2p/payin/info", &app.general_ref("order-1")).await;
    assert_ne!(status, 401, "the key still works");
    let add = format!("/merchant/keys/{}/add", app.key.project_id);
    let added = browser.post(&add, &[("csrf", &csrf), ("key_type", "hmac-sha512"), ("public_key", "")]).await;
    assert_eq!(added.status, 200);
    assert!(added.html.contains("HMAC secret") && added.html.contains("shown only this once"), "{}", added.html);
    assert_eq!(added.headers["cache-control"], "no-store");
    // A third active key is refused; a key of another merchant's project is not found.
    let third = browser.post(&add, &[("csrf", &csrf), ("key_type", "hmac-sha512")]).await;
    assert!(third.location.as_deref().unwrap().ends_with("notice=two-keys"));
    let foreign = browser
        .post(
            &format!("/merchant/keys/{}/add", other_project.project_id),
            &[("csrf", &csrf), ("key_type", "hmac-sha512")],
        )
        .await;
    assert_eq!(foreign.status, 404);
    let bad_pem = browser.post(&add, &[("csrf", &csrf), ("key_type", "ecdsa-p256"), ("public_key", "not a key")]).await;
    assert_eq!(bad_pem.status, 400);
    // Deactivating the original key: asked once more with its last use, then the API
    // refuses it from then on.
    let asked = browser.post(&original, &[("csrf", &csrf), ("active", "false")]).await;
    assert_eq!(asked.status, 200);
    assert!(asked.html.contains("Unknown key") && asked.html.contains(&app.key.token), "{}", asked.html);
    let (status, _) = app.call("/api/v1/payment/p2p/payin/info", &app.general_ref("order-1")).await;
    assert_ne!(status, 401, "asking changed nothing");
    let off = browser.post(&original, &[("csrf", &csrf), ("active", "false"), ("confirmed", "1")]).await;
    assert!(off.location.as_deref().unwrap().ends_with("notice=saved"), "{:?}", off.location);
    let (status, _) = app.call("/api/v1/payment/p2p/payin/info", &app.general_ref("order-1")).await;
    assert_eq!(status, 401, "a deactivated key stops working");
    let query = AuditQuery { subject: Some((Subject::Key, app.key.token.clone())), before_id: None, limit: 10 };
    let audit = app.stores.audit.audit(&query).await.unwrap();
    assert_eq!(
        (audit[0].actor.as_str(), audit[0].action.as_str(), audit[0].state_after.as_deref()),
        ("merchant:shop-owner", "request_key_deactivated", Some("inactive"))
    );
}

/// The integration check sends one signed test callback and shows what went and came back;
/// the merchant's server can verify it with the callback public key.
async fn the_integration_check_sends_a_signed_test_callback(backend: Backend) {
    let app = spawn_app(backend).await;
    let receiver = crate::receiver::Receiver::start(crate::receiver::Behaviour::default()).await;
    let browser = shop_owner(&app).await;
    let page = browser.get("/merchant/integration").await;
    let url = format!("{}/hook", receiver.url);
    let result = browser
        .post("/merchant/integration", &[("csrf", &page.csrf()), ("project", &app.key.project_id), ("url", &url)])
        .await;
    assert_eq!(result.status, 200);
    assert!(result.html.contains("HTTP 200 in"), "{}", result.html);
    assert!(result.html.contains("x-access-signature") && result.html.contains("Signed message"));
    let got = receiver.received();
    assert_eq!(got.len(), 1);
    assert_eq!(got[0].json()["general"]["payment_id"], "kassa-integration-check");
    let pem = browser
        .client
        .get(app.url(&format!("/merchant/keys/{}/callback.pem", app.key.project_id)))
        .send()
        .await
        .unwrap();
    let pem = pem.text().await.unwrap();
    assert!(
        crate::callback_example::verify_callback(
            &got[0].body,
            got[0].header("x-access-timestamp"),
            got[0].header("x-access-signature"),
            &pem
        ),
        "the test callback verifies with the downloadable callback key"
    );
    // The SSRF guard applies: a URL that is not https (nor allowed loopback) is refused, nothing sent.
    let refused = browser
        .post(
            "/merchant/integration",
            &[("csrf", &page.csrf()), ("project", &app.key.project_id), ("url", "ftp://example.com/x")],
        )
        .await;
    assert_eq!(refused.status, 200);
    assert!(!refused.html.contains("HTTP 200 in"));
    assert_eq!(receiver.received().len(), 1);
    // Each check is audited as the user's, with where it went and what came back.
    let query =
        AuditQuery { subject: Some((Subject::Project, app.key.project_id.clone())), before_id: None, limit: 10 };
    let audit = app.stores.audit.audit(&query).await.unwrap();
    let checks: Vec<_> = audit.iter().filter(|a| a.action == "integration_checked").collect();
    assert_eq!(checks.len(), 2, "{audit:?}");
    assert_eq!(checks[1].actor, "merchant:shop-owner");
    assert!(checks[1].detail.as_deref().unwrap().starts_with(&format!("{url} → HTTP 200 in")), "{checks:?}");
    // Six a minute per merchant: the seventh is refused before anything is sent.
    let csrf = page.csrf();
    let form = [("csrf", csrf.as_str()), ("project", app.key.project_id.as_str()), ("url", url.as_str())];
    for _ in 0..4 {
        assert_eq!(browser.post("/merchant/integration", &form).await.status, 200);
    }
    let braked = browser.post("/merchant/integration", &form).await;
    assert!(braked.location.as_deref().unwrap().ends_with("/merchant/integration?notice=checks-slow-down"));
    assert_eq!(receiver.received().len(), 5);
    assert!(
        browser
            .get("/merchant/integration?notice=checks-slow-down")
            .await
            .html
            .contains("at most 6 integration checks a minute")
    );
}

/// Integration checks to a listener that does not answer take at most two places at once; the
/// server keeps answering (issue 28 §4).
async fn integration_checks_to_a_silent_listener_stay_few(backend: Backend) {
    let app = spawn_app(backend).await;
    let slow = crate::receiver::Behaviour { delay: Duration::from_millis(2500), ..Default::default() };
    let receiver = crate::receiver::Receiver::start(slow).await;
    let browser = shop_owner(&app).await;
    let csrf = browser.get("/merchant/integration").await.csrf();
    let url = format!("{}/hook", receiver.url);
    let form = [("csrf", csrf.as_str()), ("project", app.key.project_id.as_str()), ("url", url.as_str())];
    let (a, b, c, health) = tokio::join!(
        browser.post("/merchant/integration", &form),
        browser.post("/merchant/integration", &form),
        async {
            tokio::time::sleep(Duration::from_millis(300)).await;
            browser.post("/merchant/integration", &form).await
        },
        async {
            tokio::time::sleep(Duration::from_millis(600)).await;
            app.client.get(app.url("/healthz")).send().await.unwrap().status().as_u16()
        },
    );
    assert_eq!(health, 200, "the server answers while checks wait");
    let mut statuses = [a.status, b.status, c.status];
    statuses.sort();
    assert_eq!(statuses, [200, 200, 303], "two checks at once, the third is turned away");
    let busy = [a, b, c].into_iter().find(|p| p.status == 303).unwrap();
    assert!(busy.location.unwrap().ends_with("notice=checks-busy"));
}

/// The text of the `<dd>` after `<dt>{label}</dt>`.
fn fact(html: &str, label: &str) -> String {
    let at = html.find(&format!("<dt>{label}</dt>")).unwrap_or_else(|| panic!("no {label}: {html}"));
    let rest = &html[at..];
    let start = rest.find("<span class=\"mono\">").unwrap() + "<span class=\"mono\">".len();
    rest[start..start + rest[start..].find('<').unwrap()].to_string()
}

/// Pages by keyset, a CSV export over several internal pages, and a key added in the console
/// that signs API calls at once.
async fn merchant_pages_exports_and_new_keys_work(backend: Backend) {
    let app = spawn_app(backend).await;
    // 1,050 payins: the list pages by 50, the export streams two pages of 1,000 and 50.
    let count = 1050;
    let creates = (0..count).map(|i| {
        let app = &app;
        async move {
            let body = ru_card_payin(&app.key.project_id, &format!("bulk-{i:04}"), 10_000 + i as i64);
            let (status, created) = app.call("/api/v1/payment/p2p/payin", &body).await;
            assert_eq!(status, 200, "{created}");
        }
    });
    futures_util::stream::iter(creates).buffer_unordered(16).collect::<Vec<()>>().await;
    let browser = shop_owner(&app).await;

    // Keyset pages: 50 rows each, newest first, no row twice.
    let rows = |html: &str| -> Vec<String> {
        // A row's first cell links to the payment (the cell carries its column's label).
        html.match_indices("\"><a href=\"/merchant/payments/")
            .filter(|(i, _)| html[..*i].rfind('<').is_some_and(|td| html[td..].starts_with("<td")))
            .map(|(i, m)| html[i + m.len()..i + m.len() + 32].to_string())
            .collect()
    };
    let next = |html: &str| -> String {
        let at = html.find("Older entries").expect("a next page");
        let start = html[..at].rfind("href=\"").unwrap() + 6;
        html[start..start + html[start..].find('"').unwrap()].replace("&amp;", "&")
    };
    let first = browser.get("/merchant/?state=processing").await;
    let second = browser.get(&next(&first.html)).await;
    let third = browser.get(&next(&second.html)).await;
    let (a, b, c) = (rows(&first.html), rows(&second.html), rows(&third.html));
    assert_eq!((a.len(), b.len(), c.len()), (50, 50, 50));
    let all: std::collections::HashSet<_> = a.iter().chain(&b).chain(&c).collect();
    assert_eq!(all.len(), 150, "no row on two pages");

    // The export streams every row once, across its internal pages.
    let csv = browser.client.get(app.url("/merchant/payments.csv")).send().await.unwrap().text().await.unwrap();
    let rows: Vec<csv::StringRecord> = csv::Reader::from_reader(csv.as_bytes()).records().map(Result::unwrap).collect();
    assert_eq!(rows.len(), count);
    let ids: std::collections::HashSet<String> = rows.iter().map(|r| r[0].to_string()).collect();
    assert_eq!(ids.len(), count, "each payment once");

    // A key added in the console signs API calls at once; deactivated, it stops at once.
    let keys = browser.get("/merchant/keys").await;
    let added = browser
        .post(
            &format!("/merchant/keys/{}/add", app.key.project_id),
            &[("csrf", &keys.csrf()), ("key_type", "hmac-sha512")],
        )
        .await;
    let new_key = ClientKey::from_json(&serde_json::json!({
        "merchant_id": app.key.merchant_id,
        "project_id": app.key.project_id,
        "request_key": {"type": "hmac-sha512", "token": fact(&added.html, "Token"), "hmac_secret": fact(&added.html, "HMAC secret")},
    }));
    let info = app.general_ref("bulk-0001");
    let r = app.post_signed_with(&new_key, "/api/v1/payment/p2p/payin/info", &info).await;
    assert_eq!(r.status(), 200, "the new key works at once");
    let off = browser
        .post(
            &format!("/merchant/keys/{}/{}/active", app.key.project_id, new_key.token),
            &[("csrf", &keys.csrf()), ("active", "false"), ("confirmed", "1")],
        )
        .await;
    assert!(off.location.unwrap().ends_with("notice=saved"));
    let mut info = info;
    info["general"]["extra"] = serde_json::json!("another signature");
    let r = app.post_signed_with(&new_key, "/api/v1/payment/p2p/payin/info", &info).await;
    assert_eq!(r.status(), 401, "the deactivated key stops at once in this process");
}

/// The merchant console sets what payers see: the name and the brand colour (issues 13, 14).
async fn a_merchant_sets_its_payment_page(backend: Backend) {
    let app = spawn_app(backend).await;
    let browser = shop_owner(&app).await;
    let page = browser.get("/merchant/page").await;
    assert_eq!(page.status, 200);
    assert!(page.html.contains("Name payers see") && page.html.contains("Test Merchant"), "{}", page.html);
    let csrf = page.csrf();
    let action = format!("/merchant/page/{}", app.key.project_id);
    // A colour white text is unreadable on: refused, named, nothing saved.
    let refused =
        browser.post(&action, &[("csrf", &csrf), ("display_name", "Cosy Books"), ("brand_color", "#ffd400")]).await;
    assert_eq!(refused.status, 400);
    assert!(refused.html.contains("Brand colour"), "{}", refused.html);
    let project = app.stores.projects.project(&app.key.project_id).await.unwrap().unwrap();
    assert_eq!(project.payee(), "Test Merchant");
    // A site given with a path: refused, named, nothing saved.
    let refused = browser
        .post(
            &action,
            &[("csrf", &csrf), ("display_name", "Cosy Books"), ("embed_origins", "https://cosy.example/pay")],
        )
        .await;
    assert_eq!(refused.status, 400);
    assert!(refused.html.contains("Sites that may embed the page"), "{}", refused.html);
    let project = app.stores.projects.project(&app.key.project_id).await.unwrap().unwrap();
    assert_eq!(project.payee(), "Test Merchant");
    let saved = browser
        .post(
            &action,
            &[
                ("csrf", &csrf),
                ("display_name", "Cosy Books"),
                ("brand_color", "#0a6e3c"),
                ("embed_origins", "https://cosy.example\r\nhttps://m.cosy.example\r\n"),
            ],
        )
        .await;
    assert!(saved.location.as_deref().unwrap().ends_with("notice=saved"), "{:?}", saved.location);
    let project = app.stores.projects.project(&app.key.project_id).await.unwrap().unwrap();
    assert_eq!(
        (project.payee(), project.settings.brand_color.as_ref().map(|c| c.as_str())),
        ("Cosy Books", Some("#0a6e3c"))
    );
    let origins: Vec<&str> = project.settings.embed_origins.iter().map(|o| o.as_str()).collect();
    assert_eq!(origins, ["https://cosy.example", "https://m.cosy.example"]);
    assert!(browser.get("/merchant/page").await.html.contains("https://cosy.example\nhttps://m.cosy.example"));
    // The change is audited as the merchant user's, with what it was and what it became; a
    // name that would show reversed is refused and changes nothing.
    let query =
        AuditQuery { subject: Some((Subject::Project, app.key.project_id.clone())), before_id: None, limit: 10 };
    let audit = app.stores.audit.audit(&query).await.unwrap();
    assert_eq!(audit.len(), 1, "the refused forms wrote nothing: {audit:?}");
    assert_eq!((audit[0].actor.as_str(), audit[0].action.as_str()), ("merchant:shop-owner", "page_settings_changed"));
    assert!(audit[0].state_before.as_deref().unwrap().starts_with("display_name=-; brand_color=-"), "{audit:?}");
    assert!(audit[0].state_after.as_deref().unwrap().starts_with("display_name=Cosy Books; brand_color=#0a6e3c"));
    let reversed = browser.post(&action, &[("csrf", &csrf), ("display_name", "Cosy\u{202E}skooB")]).await;
    assert_eq!(reversed.status, 400);
    assert_eq!(app.stores.projects.project(&app.key.project_id).await.unwrap().unwrap().payee(), "Cosy Books");
    // Another merchant's project: as if it did not exist.
    let (_, other) = app
        .new_project("Other Shop", kassa::crypto::keys::KeyType::EcdsaP256, kassa::crypto::keys::KeyType::EcdsaP256)
        .await;
    let theirs = browser
        .post(&format!("/merchant/page/{}", other.project_id), &[("csrf", &csrf), ("display_name", "Mine now")])
        .await;
    assert_eq!(theirs.status, 404);

    // The logo, uploaded from the console: a PNG is kept and shown to payers; an SVG or a
    // file past 200 KB is refused and changes nothing; removed, it is gone.
    let logo_path = format!("/merchant/page/{}/logo", app.key.project_id);
    let upload = |bytes: Vec<u8>, name: &'static str| {
        let form = reqwest::multipart::Form::new()
            .text("csrf", csrf.clone())
            .part("logo", reqwest::multipart::Part::bytes(bytes).file_name(name));
        browser.client.post(app.url(&logo_path)).multipart(form).send()
    };
    let png = b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR\0\0\0\x01\0\0\0\x01\x08\x06\0\0\0\x1f\x15\xc4\x89".to_vec();
    let svg = b"<svg xmlns=\"http://www.w3.org/2000/svg\"><script>alert(1)</script></svg>".to_vec();
    for (bytes, name) in [(svg, "logo.svg"), (vec![0x89; 200 * 1024 + 1], "big.png")] {
        let refused = upload(bytes, name).await.unwrap();
        assert!(refused.headers()["location"].to_str().unwrap().ends_with("notice=logo-invalid"));
        assert!(
            app.stores.projects.project(&app.key.project_id).await.unwrap().unwrap().settings.logo_digest.is_none()
        );
    }
    let saved = upload(png, "logo.png").await.unwrap();
    assert!(saved.headers()["location"].to_str().unwrap().ends_with("notice=saved"));
    let digest = app.stores.projects.project(&app.key.project_id).await.unwrap().unwrap().settings.logo_digest;
    let digest = digest.expect("the logo kept");
    let page = browser.get("/merchant/page").await;
    assert!(page.html.contains(&format!("/brand/{}/logo?v={digest}", app.key.project_id)), "{}", page.html);
    let served =
        app.client.get(app.url(&format!("/brand/{}/logo?v={digest}", app.key.project_id))).send().await.unwrap();
    assert_eq!(served.headers()["content-type"], "image/png");
    let removed = browser.post(&format!("{logo_path}/remove"), &[("csrf", &csrf)]).await;
    assert!(removed.location.as_deref().unwrap().ends_with("notice=saved"));
    assert!(app.stores.projects.project(&app.key.project_id).await.unwrap().unwrap().settings.logo_digest.is_none());
}

/// The dashboard counts what it says (issue 27 §5): the success share is of finished payins
/// (open ones shown apart, never as failures), and card payins, which get no requisites, have
/// their own row.
async fn the_dashboard_counts_open_payins_apart_and_cards_in_their_own_row(backend: Backend) {
    let app = spawn_app(backend).await;
    add_operator(&app, "alice").await;
    let done = paid_payin(&app, "done", 150_000).await;
    let (code, _) = app
        .operator("/api/v1/operator/payments/received", &serde_json::json!({"request_id": done, "amount": 150_000}))
        .await;
    assert_eq!(code, 200);
    for (i, amount) in [110_000, 120_000, 130_000].into_iter().enumerate() {
        let (code, _) = app
            .call("/api/v1/payment/p2p/payin", &ru_card_payin(&app.key.project_id, &format!("open-{i}"), amount))
            .await;
        assert_eq!(code, 200);
    }
    let (code, card) = app
        .call("/api/v1/payment/ecom/payin", &crate::ecom::ecom(&app.key.project_id, "card", "4242424242424242", None))
        .await;
    assert_eq!(code, 200, "{card}");
    app.wait_for("card", 10, |b| status_of(b) == "success").await;

    let browser = Browser::new(&app);
    browser.log_in("alice", PASSWORD).await;
    let html = browser.get("/operator/dashboard").await.html;
    let fact = |label: &str| {
        let at = html.find(&format!("<dt>{label}</dt>")).unwrap_or_else(|| panic!("{label}: {html}"));
        let rest = &html[at..];
        let value = &rest[rest.find("<dd>").unwrap() + 4..rest.find("</dd>").unwrap()];
        value.replace("<span class=\"num\">", "").replace("</span>", "")
    };
    assert_eq!(fact("Payins"), "5");
    assert_eq!(fact("Open now"), "3");
    assert_eq!(fact("Succeeded"), "100 % (2) of finished", "open payins are not failures");
    assert_eq!(fact("Got requisites (transfer payins)"), "100 % (4)", "card payins are not counted against requisites");
    assert_eq!(fact("Card and push payins (no requisites)"), "1, succeeded 100 % (1) of finished");
}

/// A requisite payers were sent to is disabled only after a second question naming how many
/// payments hold it; a payout is marked as sent the same way (issue 29 §1).
async fn money_decisions_ask_once_more(backend: Backend) {
    let app = spawn_app(backend).await;
    add_operator(&app, "alice").await;
    paid_payin(&app, "order-1", 150000).await;
    let browser = Browser::new(&app);
    browser.log_in("alice", PASSWORD).await;
    let (_, list) = app.operator_get("/api/v1/operator/requisites").await;
    let id = list[0]["id"].as_str().unwrap().to_string();
    let csrf = browser.get("/operator/requisites").await.csrf();
    let path = format!("/operator/requisites/{id}/active");
    let asked = browser.post(&path, &[("csrf", &csrf), ("active", "false")]).await;
    assert_eq!(asked.status, 200);
    assert!(asked.html.contains("One open payment sent its payer to this requisite"), "{}", asked.html);
    assert!(asked.html.contains(&id), "the requisite's id is named");
    let title = &asked.html[asked.html.find("<title>").unwrap()..asked.html.find("</title>").unwrap()];
    assert!(
        title.starts_with("<title>Confirm: Disable · ") && !title.contains("<!"),
        "the tab shows plain text: {title}"
    );
    let (_, list) = app.operator_get("/api/v1/operator/requisites").await;
    assert_eq!(list[0]["active"], Value::Bool(true), "asking changed nothing");
    let off = browser.post(&path, &[("csrf", &csrf), ("active", "false"), ("confirmed", "1")]).await;
    assert!(off.location.unwrap().ends_with("notice=saved"));
    let (_, list) = app.operator_get("/api/v1/operator/requisites").await;
    assert_eq!(list[0]["active"], Value::Bool(false));

    // A `back` that leads out of the console is ignored: the decision returns to the payment.
    let (p, _) = (app.wait_for("order-1", 1, |_| true).await, ());
    let request_id = p["request_id"].as_str().unwrap().to_string();
    let page = browser.get(&format!("/operator/payments/{request_id}")).await;
    let action = format!("/operator/payments/{request_id}/received");
    let version = page.version_for(&action);
    for evil in ["//evil.example/", "https://evil.example/", "/x\\y", "/\"><script>"] {
        let asked =
            browser.post(&action, &[("csrf", &csrf), ("full", "1"), ("version", &version), ("back", evil)]).await;
        assert!(asked.html.contains(&format!("href=\"/operator/payments/{request_id}\"")), "{evil}: {}", asked.html);
    }
    let done = browser
        .post(
            &action,
            &[("csrf", &csrf), ("full", "1"), ("version", &version), ("back", "//evil.example/"), ("confirmed", "1")],
        )
        .await;
    assert_eq!(done.location.as_deref(), Some(format!("/operator/payments/{request_id}?notice=done").as_str()));
}

/// An anonymous visitor choosing a language gets no session row; the language and the page
/// asked for travel through the login form (issue 28 §3, issue 29 §3).
async fn the_language_and_the_page_asked_for_survive_the_login(backend: Backend) {
    let app = spawn_app(backend).await;
    add_operator(&app, "alice").await;
    let browser = Browser::new(&app);
    for _ in 0..5 {
        let login = browser.get("/operator/login?lang=ru").await;
        assert!(login.html.contains("Вход"), "{}", login.html);
    }
    assert_eq!(app.count_rows(app.sessions_table()).await, 0, "no session row for an anonymous visitor");

    // A deep link: the login page remembers it; after the login it opens, in Russian.
    let asked = browser.get("/operator/payments?q=order-7&lang=ru").await;
    let location = asked.location.unwrap();
    assert_eq!(location, "/operator/login?next=%2Foperator%2Fpayments%3Fq%3Dorder-7%26lang%3Dru");
    let login = browser.get(&format!("{location}&lang=ru")).await;
    assert!(login.html.contains("name=\"next\" value=\"/operator/payments?q=order-7&amp;lang=ru\""), "{}", login.html);
    assert!(
        login
            .html
            .contains("href=\"/operator/login?next=%2Foperator%2Fpayments%3Fq%3Dorder-7%26lang%3Dru&amp;lang=en\""),
        "choosing another language keeps the page asked for: {}",
        login.html
    );
    let done = browser
        .post(
            "/operator/login",
            &[
                ("csrf", &login.csrf()),
                ("login", "alice"),
                ("password", PASSWORD),
                ("lang", "ru"),
                ("next", "/operator/payments?q=order-7"),
            ],
        )
        .await;
    assert_eq!(done.location.as_deref(), Some("/operator/payments?q=order-7"));
    assert!(browser.get("/operator/").await.html.contains("Ждут вашего решения"), "the language stays");
    assert_eq!(app.count_rows(app.sessions_table()).await, 1);

    // A `next` that leads out of the console opens the console's home instead.
    let other = Browser::new(&app);
    for evil in ["//evil.example/operator/", "https://evil.example/", "/merchant/", "/operator/\\evil"] {
        let login = other.get("/operator/login").await;
        let done = other
            .post(
                "/operator/login",
                &[("csrf", &login.csrf()), ("login", "alice"), ("password", PASSWORD), ("next", evil)],
            )
            .await;
        assert_eq!(done.location.as_deref(), Some("/operator/"), "{evil}");
    }
}

both_backends!(
    the_requisites_pool_is_paged_searched_and_kept_on_refusal,
    the_language_and_the_page_asked_for_survive_the_login,
    money_decisions_ask_once_more,
    the_dashboard_counts_open_payins_apart_and_cards_in_their_own_row,
    a_merchant_sets_its_payment_page,
    merchant_pages_exports_and_new_keys_work,
    the_integration_check_sends_a_signed_test_callback,
    integration_checks_to_a_silent_listener_stay_few,
    a_merchant_sees_only_its_own,
    payments_are_found_by_filters,
    logging_in_and_out,
    sessions_live_in_the_database_and_end_when_idle,
    sessions_end_when_they_should,
    failed_logins_are_slowed_down,
    a_decision_is_taken_once_and_audited,
    requisites_are_added_and_disabled_with_audit,
    the_audit_log_is_append_only,
);
