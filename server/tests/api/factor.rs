//! The consoles' second factor (issue 28 §2): enrolment with a first code, the login's code
//! step (each code once), recovery codes (each once), the policy that makes roles enrol before
//! anything else, and a reset by an administrator.

use kassa::domain::factor::{STEP_S, code_at};
use kassa::domain::user::{Audience, Role};
use kassa::secret::Secret;

use crate::both_backends;
use crate::browser::*;
use crate::helpers::*;

both_backends!(
    a_second_factor_is_enrolled_and_each_code_works_once,
    the_policy_makes_a_role_enrol_before_anything_else,
    an_administrator_resets_a_lost_factor,
    a_user_sees_their_sessions_and_ends_the_others,
    wrong_codes_from_many_addresses_are_braked_per_login,
);

fn now_s() -> u64 {
    std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).unwrap().as_secs()
}

/// Turns on `login`'s second factor from their account page; answers the secret and the
/// recovery codes shown.
async fn enrol(app: &TestApp, browser: &Browser, login: &str) -> (Secret<Vec<u8>>, Vec<String>) {
    let account = browser.get("/operator/account").await;
    assert_eq!(account.status, 200, "{}", account.html);
    assert!(account.html.contains("/operator/account/factor.svg"), "the QR code");
    let qr = browser.get("/operator/account/factor.svg").await;
    assert!(qr.html.starts_with("<?xml") || qr.html.contains("<svg"), "{}", &qr.html[..100.min(qr.html.len())]);
    let secret = app.stores.users.pending_factor(Audience::Operator, login).await.unwrap().expect("a factor pending");
    let csrf = account.csrf();
    let wrong = browser.post("/operator/account", &[("csrf", &csrf), ("code", "000000")]).await;
    assert_eq!(wrong.status, 422);
    let code = code_at(&secret, now_s());
    let on = browser.post("/operator/account", &[("csrf", &csrf), ("code", &code)]).await;
    assert_eq!(on.status, 200, "{}", on.html);
    assert!(on.html.contains("Recovery codes"), "{}", on.html);
    let codes: Vec<String> = on
        .html
        .split(|c: char| !(c.is_ascii_alphanumeric() || c == '-'))
        .filter(|w| w.len() == 14 && w.matches('-').count() == 2)
        .map(str::to_string)
        .collect();
    assert_eq!(codes.len(), 10, "{}", on.html);
    (secret, codes)
}

async fn code_step(app: &TestApp, login: &str) -> (Browser, String) {
    let browser = Browser::new(app);
    let password = browser.log_in(login, PASSWORD).await;
    assert_eq!((password.status, password.location.as_deref()), (303, Some("/operator/login/code")));
    // Not signed in yet: the console still answers with the login.
    assert_eq!(browser.get("/operator/").await.location.as_deref(), Some("/operator/login"));
    let page = browser.get("/operator/login/code").await;
    assert_eq!(page.status, 200);
    assert!(page.html.contains("autocomplete=\"one-time-code\""));
    let csrf = page.csrf();
    (browser, csrf)
}

async fn a_second_factor_is_enrolled_and_each_code_works_once(backend: Backend) {
    let app = spawn_app(backend).await;
    add_operator(&app, "alice").await;
    let browser = Browser::new(&app);
    browser.log_in("alice", PASSWORD).await;
    let (secret, recovery) = enrol(&app, &browser, "alice").await;
    let stored = app.stores.users.user(Audience::Operator, "alice").await.unwrap().unwrap();
    assert!(stored.has_factor && stored.recovery_left == 10);

    // The password alone no longer signs in; the code of the step used at enrolment is spent.
    let (second, csrf) = code_step(&app, "alice").await;
    let spent = second.post("/operator/login/code", &[("csrf", &csrf), ("code", &code_at(&secret, now_s()))]).await;
    // (A step boundary between enrolment and here makes this code a new step's: then it works.)
    if spent.status == 401 {
        assert!(spent.html.contains("That code is not right"), "{}", spent.html);
        let next = code_at(&secret, now_s() + STEP_S);
        let done = second.post("/operator/login/code", &[("csrf", &csrf), ("code", &next)]).await;
        assert_eq!((done.status, done.location.as_deref()), (303, Some("/operator/")), "{}", done.html);
    } else {
        assert_eq!(spent.status, 303);
    }
    assert_eq!(second.get("/operator/").await.status, 200);

    // A recovery code works once, typed in capitals without dashes too.
    let (third, csrf) = code_step(&app, "alice").await;
    let typed = recovery[3].to_uppercase().replace('-', "");
    let done = third.post("/operator/login/code", &[("csrf", &csrf), ("code", &typed)]).await;
    assert_eq!(done.status, 303, "{}", done.html);
    let (fourth, csrf) = code_step(&app, "alice").await;
    let again = fourth.post("/operator/login/code", &[("csrf", &csrf), ("code", &recovery[3])]).await;
    assert_eq!(again.status, 401);
    assert_eq!(app.stores.users.user(Audience::Operator, "alice").await.unwrap().unwrap().recovery_left, 9);

    // The secret is sealed in the database, not kept as the app's key.
    let text = kassa::domain::factor::secret_text(&secret).replace(' ', "");
    let dump = app.dump_secrets().await;
    assert!(dump.iter().all(|v| v.starts_with("v1:") && !v.contains(&text)), "{dump:?}");

    let log = user_audit(&app, "alice").await;
    for action in ["factor_enrolled", "recovery_code_used", "factor_failed"] {
        assert!(log.iter().any(|a| a.action == action), "{action}: {log:?}");
    }
}

async fn the_policy_makes_a_role_enrol_before_anything_else(backend: Backend) {
    let app = spawn_app_with(backend, |c| c.console_second_factor = Some("roles".into())).await;
    add_operator(&app, "alice").await;
    add_user(&app, Audience::Merchant, "sam-support", Role::Support).await;
    let browser = Browser::new(&app);
    browser.log_in("alice", PASSWORD).await;
    // Every page sends her to enrol; a form posted meanwhile does nothing.
    let queue = browser.get("/operator/").await;
    assert_eq!(queue.location.as_deref(), Some("/operator/account?notice=factor-required"));
    let account = browser.get("/operator/account?notice=factor-required").await;
    assert!(account.html.contains("Your role signs in with a second factor"), "{}", account.html);
    enrol(&app, &browser, "alice").await;
    assert_eq!(browser.get("/operator/").await.status, 200);

    // Support may go without one under this policy.
    let support = Browser::new(&app);
    assert_eq!(support.log_in_to("/merchant", "sam-support", PASSWORD).await.status, 303);
    assert_eq!(support.get("/merchant/").await.status, 200);
}

async fn an_administrator_resets_a_lost_factor(backend: Backend) {
    let app = spawn_app(backend).await;
    add_operator(&app, "alice").await;
    add_user(&app, Audience::Operator, "bob", Role::Operator).await;
    let bob = Browser::new(&app);
    bob.log_in("bob", PASSWORD).await;
    enrol(&app, &bob, "bob").await;
    assert_eq!(bob.get("/operator/").await.status, 200);

    let alice = Browser::new(&app);
    alice.log_in("alice", PASSWORD).await;
    let team = alice.get("/operator/users").await;
    assert!(team.html.contains("second factor on") && team.html.contains("Reset second factor"));
    let reset = alice.post("/operator/users/bob", &[("csrf", &team.csrf()), ("action", "reset-factor")]).await;
    assert!(reset.location.unwrap().contains("notice=saved"));
    // His sessions end, and the password alone signs him in again (to enrol anew).
    assert_eq!(bob.get("/operator/").await.status, 303);
    let again = Browser::new(&app);
    assert_eq!(again.log_in("bob", PASSWORD).await.location.as_deref(), Some("/operator/"));
    let log = user_audit(&app, "bob").await;
    let entry = log.iter().find(|a| a.action == "factor_reset").expect("audited");
    assert_eq!((entry.actor.as_str(), entry.state_before.as_deref()), ("operator:alice", Some("totp")));
}

async fn a_user_sees_their_sessions_and_ends_the_others(backend: Backend) {
    let app = spawn_app(backend).await;
    add_operator(&app, "alice").await;
    add_operator(&app, "bob").await;
    let desk = Browser::new(&app);
    desk.log_in("alice", PASSWORD).await;
    let phone = Browser::new(&app);
    phone.log_in("alice", PASSWORD).await;
    let bobs = Browser::new(&app);
    bobs.log_in("bob", PASSWORD).await;

    let account = desk.get("/operator/account").await;
    assert_eq!(account.html.matches("<tr").count() - 1, 2, "two sessions of hers: {}", account.html);
    assert!(account.html.contains("this one") && account.html.contains("Sign out everywhere else"));
    let ended = desk.post("/operator/account/sessions", &[("csrf", &account.csrf())]).await;
    assert!(ended.location.unwrap().contains("notice=sessions-ended"));
    assert_eq!(phone.get("/operator/").await.status, 303, "the phone is signed out");
    assert_eq!(desk.get("/operator/").await.status, 200, "this session stays");
    assert_eq!(bobs.get("/operator/").await.status, 200, "another user's sessions stay");
    let after = desk.get("/operator/account").await;
    assert!(!after.html.contains("Sign out everywhere else"));
    let log = user_audit(&app, "alice").await;
    assert!(log.iter().any(|a| a.action == "sessions_ended"));
}

async fn wrong_codes_from_many_addresses_are_braked_per_login(backend: Backend) {
    let app = spawn_app(backend).await;
    add_operator(&app, "alice").await;
    let browser = Browser::new(&app);
    browser.log_in("alice", PASSWORD).await;
    let (secret, _) = enrol(&app, &browser, "alice").await;
    // Someone holding the password tries codes from one address after another.
    let mut statuses = Vec::new();
    for i in 0..12u8 {
        let from = Browser::from_address(&app, std::net::IpAddr::from([127, 0, 1, 10 + i]));
        assert_eq!(from.log_in("alice", PASSWORD).await.location.as_deref(), Some("/operator/login/code"));
        let csrf = from.get("/operator/login/code").await.csrf();
        statuses.push(from.post("/operator/login/code", &[("csrf", &csrf), ("code", "000000")]).await.status);
    }
    assert_eq!(&statuses[..10], &[401; 10]);
    assert_eq!(&statuses[10..], &[429, 429], "braked across addresses");
    // Braked means braked: even the right code waits.
    let from = Browser::from_address(&app, "127.0.1.99".parse().unwrap());
    from.log_in("alice", PASSWORD).await;
    let csrf = from.get("/operator/login/code").await.csrf();
    let right = code_at(&secret, now_s() + STEP_S);
    assert_eq!(from.post("/operator/login/code", &[("csrf", &csrf), ("code", &right)]).await.status, 429);
}
