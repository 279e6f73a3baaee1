//! Console roles (issue 28 §1): what each role may reach, refused on the server and left out
//! of the pages, and users added, re-roled, reset and disabled from the console through one
//! service with the command line.

use kassa::domain::user::{Audience, Role};

use crate::both_backends;
use crate::browser::*;
use crate::helpers::*;

both_backends!(
    a_viewer_reads_and_decides_nothing,
    an_operator_decides_but_sets_no_limits_and_manages_no_users,
    merchant_roles_reach_what_they_may,
    users_added_in_the_console_set_a_password_once,
    changing_a_user_ends_their_sessions,
    the_command_line_keeps_a_role_it_is_not_given,
);

async fn signed_in(app: &TestApp, console: &str, login: &str) -> Browser {
    let browser = Browser::new(app);
    let done = browser.log_in_to(console, login, PASSWORD).await;
    assert_eq!(done.status, 303, "{}", done.html);
    browser
}

async fn a_viewer_reads_and_decides_nothing(backend: Backend) {
    let app = spawn_app(backend).await;
    add_user(&app, Audience::Operator, "vera", Role::Viewer).await;
    let request_id = paid_payin(&app, "viewer-1", 150_000).await;
    let browser = signed_in(&app, "/operator", "vera").await;

    // She reads the queue and the payment, with no decision on them.
    let queue = browser.get("/operator/").await;
    assert_eq!(queue.status, 200);
    assert!(queue.html.contains(&request_id) && queue.html.contains("vera · viewer"), "{}", queue.html);
    let action = format!("/operator/payments/{request_id}/received");
    assert!(!queue.html.contains(&action), "no decision form for a viewer");
    let payment = browser.get(&format!("/operator/payments/{request_id}")).await;
    assert_eq!(payment.status, 200);
    assert!(!payment.html.contains(&action));
    assert!(!queue.html.contains("href=\"/operator/users\""), "no Users link for a viewer");

    // A decision posted anyway (a form kept from another tab) is refused and changes nothing.
    let csrf = queue.csrf();
    let refused = browser.post(&action, &[("csrf", &csrf), ("full", "1"), ("confirmed", "1")]).await;
    assert_eq!(refused.status, 403, "{}", refused.html);
    assert!(refused.html.contains("your role (viewer) does not allow this"), "{}", refused.html);
    let info = app.wait_for("viewer-1", 1, |_| true).await;
    assert_eq!(status_of(&info), "processing:paid");
    let audit = audit_of(&app, &request_id).await;
    assert!(audit.iter().all(|a| a.action != "funds_received"), "{audit:?}");

    // Requisites: read, not changed; no add form.
    let id = app.add_ru_card("5536913899990010").await;
    let pool = browser.get("/operator/requisites").await;
    assert!(pool.html.contains(&id) && !pool.html.contains(&format!("/operator/requisites/{id}/active")));
    assert!(!pool.html.contains("method=\"post\" action=\"/operator/requisites\""), "no add form");
    let off = browser.post(&format!("/operator/requisites/{id}/active"), &[("csrf", &csrf), ("active", "false")]).await;
    assert_eq!(off.status, 403);
    assert!(app.stores.requisites.requisite(&id).await.unwrap().unwrap().active);

    // The statement upload and the users page are not hers either.
    assert_eq!(browser.get("/operator/users").await.status, 403);
    let reconciliation = browser.get("/operator/reconciliation").await;
    assert!(!reconciliation.html.contains("action=\"/operator/statements\""));
    assert!(reconciliation.html.contains("Your role reads this page"));
}

async fn an_operator_decides_but_sets_no_limits_and_manages_no_users(backend: Backend) {
    let app = spawn_app(backend).await;
    add_user(&app, Audience::Operator, "otto", Role::Operator).await;
    let request_id = paid_payin(&app, "operator-1", 150_000).await;
    let id = app.add_ru_card("5536913899990002").await;
    let browser = signed_in(&app, "/operator", "otto").await;
    let pool = browser.get("/operator/requisites").await;
    assert!(pool.html.contains(&format!("/operator/requisites/{id}/active")), "enabling and disabling is his");
    assert!(!pool.html.contains(&format!("/operator/requisites/{id}/limits")), "limits are not");
    let csrf = pool.csrf();
    let limits = browser
        .post(
            &format!("/operator/requisites/{id}/limits"),
            &[("csrf", &csrf), ("min_amount", "1"), ("max_amount", "2")],
        )
        .await;
    assert_eq!(limits.status, 403);
    assert_eq!(app.stores.requisites.requisite(&id).await.unwrap().unwrap().max_amount, None);
    assert_eq!(browser.get("/operator/users").await.status, 403);

    let action = format!("/operator/payments/{request_id}/received");
    // A decision names the version it was taken on: without one it is refused.
    let unversioned = browser.post(&action, &[("csrf", &csrf), ("full", "1"), ("confirmed", "1")]).await;
    assert!(
        unversioned.location.as_deref().unwrap_or_default().ends_with("notice=invalid"),
        "{:?}",
        unversioned.location
    );
    assert_eq!(status_of(&app.wait_for("operator-1", 1, |_| true).await), "processing:paid");
    let version = browser.get(&format!("/operator/payments/{request_id}")).await.version_for(&action);
    let done =
        browser.post(&action, &[("csrf", &csrf), ("full", "1"), ("version", &version), ("confirmed", "1")]).await;
    assert_eq!(done.status, 303, "{}", done.html);
    app.wait_for("operator-1", 5, |b| status_of(b) == "success").await;
}

async fn merchant_roles_reach_what_they_may(backend: Backend) {
    let app = spawn_app(backend).await;
    add_user(&app, Audience::Merchant, "sam-support", Role::Support).await;
    add_user(&app, Audience::Merchant, "dev", Role::Developer).await;
    add_shop_owner(&app).await;
    let project = &app.key.project_id;

    let support = signed_in(&app, "/merchant", "sam-support").await;
    let list = support.get("/merchant/").await;
    assert_eq!(list.status, 200);
    assert!(!list.html.contains("href=\"/merchant/keys\"") && !list.html.contains("href=\"/merchant/users\""));
    for page in ["/merchant/keys", "/merchant/integration", "/merchant/page", "/merchant/users"] {
        assert_eq!(support.get(page).await.status, 403, "{page}");
    }
    assert_eq!(support.get(&format!("/merchant/keys/{project}/callback.pem")).await.status, 403);
    // Minting a key (and paying out with it) is not support's.
    let minted = support.post(&format!("/merchant/keys/{project}/add"), &[("csrf", &list.csrf())]).await;
    assert_eq!(minted.status, 403);
    let keys = app.stores.projects.request_keys_of(project).await.unwrap();
    assert_eq!(keys.len(), 1, "no key added");

    let dev = signed_in(&app, "/merchant", "dev").await;
    assert_eq!(dev.get("/merchant/keys").await.status, 200);
    assert_eq!(dev.get("/merchant/integration").await.status, 200);
    assert_eq!(dev.get("/merchant/users").await.status, 403);

    let owner = signed_in(&app, "/merchant", "shop-owner").await;
    let team = owner.get("/merchant/users").await;
    assert_eq!(team.status, 200);
    for login in ["sam-support", "dev", "shop-owner"] {
        assert!(team.html.contains(login), "{login}");
    }
    // An operator's login is not the owner's to change: another console's users are not found.
    add_operator(&app, "alice").await;
    let csrf = team.csrf();
    let foreign = owner.post("/merchant/users/alice", &[("csrf", &csrf), ("action", "disable")]).await;
    assert!(foreign.location.unwrap().contains("notice=not-found"));
    assert!(app.stores.users.user(Audience::Operator, "alice").await.unwrap().unwrap().active);
    // A merchant role is all an owner can give.
    let bad = owner.post("/merchant/users", &[("csrf", &csrf), ("login", "eve"), ("role", "admin")]).await;
    assert!(bad.status == 422 || bad.location.is_some_and(|l| l.contains("notice=invalid")), "{}", bad.html);
    assert!(app.stores.users.user(Audience::Merchant, "eve").await.unwrap().is_none());
}

/// The one-time link's token from the page that shows it.
fn link_token(html: &str) -> String {
    let at = html.find("/welcome?token=").expect("a set-password link") + "/welcome?token=".len();
    html[at..].chars().take_while(|c| c.is_ascii_alphanumeric() || *c == '-' || *c == '_').collect()
}

async fn users_added_in_the_console_set_a_password_once(backend: Backend) {
    let app = spawn_app(backend).await;
    add_operator(&app, "alice").await;
    let alice = signed_in(&app, "/operator", "alice").await;
    let team = alice.get("/operator/users").await;
    assert_eq!(team.status, 200);
    assert!(team.html.contains("href=\"/operator/users\""), "the Users link for an administrator");
    let added = alice.post("/operator/users", &[("csrf", &team.csrf()), ("login", "bob"), ("role", "operator")]).await;
    assert_eq!(added.status, 200, "{}", added.html);
    let token = link_token(&added.html);
    assert_eq!(token.len(), 32);
    // The same login again is refused.
    let again = alice.post("/operator/users", &[("csrf", &team.csrf()), ("login", "bob"), ("role", "viewer")]).await;
    assert!(again.location.unwrap().contains("notice=login-taken"));

    // Bob has no password until he sets one: nothing he types lets him in.
    assert_eq!(Browser::new(&app).log_in("bob", "!").await.status, 401);
    let stored = app.stores.users.user(Audience::Operator, "bob").await.unwrap().unwrap();
    assert!(!stored.password_hash.contains(&token), "the token is not stored");

    let bob = Browser::new(&app);
    let welcome = bob.get(&format!("/operator/welcome?token={token}")).await;
    assert_eq!(welcome.status, 200);
    assert!(welcome.html.contains("bob") && welcome.html.contains("autocomplete=\"new-password\""));
    let csrf = welcome.csrf();
    let differ = bob
        .post(
            "/operator/welcome",
            &[("csrf", &csrf), ("token", &token), ("password", PASSWORD), ("again", "something else entirely")],
        )
        .await;
    assert_eq!(differ.status, 422);
    let set = bob
        .post("/operator/welcome", &[("csrf", &csrf), ("token", &token), ("password", PASSWORD), ("again", PASSWORD)])
        .await;
    assert_eq!((set.status, set.location.as_deref()), (303, Some("/operator/login?notice=password-set")));
    // The link works once.
    let spent = bob
        .post("/operator/welcome", &[("csrf", &csrf), ("token", &token), ("password", PASSWORD), ("again", PASSWORD)])
        .await;
    assert_eq!(spent.status, 404);
    assert_eq!(bob.get(&format!("/operator/welcome?token={token}")).await.status, 404);
    let opened = bob.log_in("bob", PASSWORD).await;
    assert_eq!(opened.status, 303);
    assert!(bob.get("/operator/").await.html.contains("bob · operator"));

    // An administrator does not change her own account here.
    let own = alice.post("/operator/users/alice", &[("csrf", &team.csrf()), ("action", "disable")]).await;
    assert!(own.location.unwrap().contains("notice=own-account"));
    assert!(app.stores.users.user(Audience::Operator, "alice").await.unwrap().unwrap().active);

    // Every step is in the audit log, by whom.
    let log = user_audit(&app, "bob").await;
    let steps: Vec<_> = log.iter().map(|a| (a.actor.as_str(), a.action.as_str())).collect();
    assert!(steps.contains(&("operator:alice", "user_added")), "{steps:?}");
    assert!(steps.contains(&("operator:bob", "user_password_set")), "{steps:?}");
}

async fn changing_a_user_ends_their_sessions(backend: Backend) {
    let app = spawn_app(backend).await;
    add_operator(&app, "alice").await;
    add_user(&app, Audience::Operator, "bob", Role::Operator).await;
    let alice = signed_in(&app, "/operator", "alice").await;
    let csrf = alice.get("/operator/users").await.csrf();
    let bob = signed_in(&app, "/operator", "bob").await;
    assert_eq!(bob.get("/operator/").await.status, 200);

    // A new role: his session ends, and he comes back as a viewer.
    let viewer = alice.post("/operator/users/bob", &[("csrf", &csrf), ("action", "role"), ("role", "viewer")]).await;
    assert!(viewer.location.unwrap().contains("notice=saved"));
    assert_eq!(bob.get("/operator/").await.status, 303, "signed out by the role change");
    let bob = signed_in(&app, "/operator", "bob").await;
    assert!(bob.get("/operator/").await.html.contains("bob · viewer"));

    // A reset: the old password stops working at once, and the new link sets another.
    let reset = alice.post("/operator/users/bob", &[("csrf", &csrf), ("action", "reset")]).await;
    assert_eq!(reset.status, 200);
    let token = link_token(&reset.html);
    assert_eq!(bob.get("/operator/").await.status, 303);
    assert_eq!(Browser::new(&app).log_in("bob", PASSWORD).await.status, 401);
    let fresh = Browser::new(&app);
    let welcome = fresh.get(&format!("/operator/welcome?token={token}")).await;
    let new_password = "another horse battery staple";
    let set = fresh
        .post(
            "/operator/welcome",
            &[("csrf", &welcome.csrf()), ("token", &token), ("password", new_password), ("again", new_password)],
        )
        .await;
    assert_eq!(set.status, 303);
    assert_eq!(fresh.log_in("bob", new_password).await.status, 303);

    // Disabled: signed out, and no way back in; enabled again, he signs in.
    let off = alice.post("/operator/users/bob", &[("csrf", &csrf), ("action", "disable")]).await;
    assert!(off.location.unwrap().contains("notice=saved"));
    assert_eq!(fresh.get("/operator/").await.status, 303);
    assert_eq!(Browser::new(&app).log_in("bob", new_password).await.status, 401);
    alice.post("/operator/users/bob", &[("csrf", &csrf), ("action", "enable")]).await;
    assert_eq!(Browser::new(&app).log_in("bob", new_password).await.status, 303);

    let log = user_audit(&app, "bob").await;
    let role_change = log.iter().find(|a| a.action == "user_role_changed").expect("the role change audited");
    assert_eq!(
        (role_change.state_before.as_deref(), role_change.state_after.as_deref()),
        (Some("operator"), Some("viewer"))
    );
    for action in ["user_password_reset", "user_disabled", "user_enabled"] {
        assert!(log.iter().any(|a| a.action == action && a.actor == "operator:alice"), "{action}");
    }
    // Each entry names the role its actor had; the audit page shows it.
    assert!(log.iter().filter(|a| a.actor == "operator:alice").all(|a| a.actor_role.as_deref() == Some("admin")));
    let page = alice.get("/operator/audit").await;
    assert!(page.html.contains("operator:alice (administrator)"), "{}", page.html);
}

/// `kassa operator add` / `merchant user add` on a user that exists sets a new password: a role
/// not named on the command line stays what it was (a viewer's password reset must not make
/// them an administrator), a role named changes it, and a merchant's login is not moved to
/// another merchant.
async fn the_command_line_keeps_a_role_it_is_not_given(backend: Backend) {
    use std::io::Write;
    let (url, _db) = fresh_database(backend).await;
    let url = url.expose().to_string();
    let kassa = |args: &[&str]| {
        let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_kassa"))
            .args(args)
            .env("KASSA_DATABASE_URL", &url)
            .env("KASSA_MASTER_KEY", MASTER_KEY)
            .stdin(std::process::Stdio::piped())
            .stdout(std::process::Stdio::piped())
            .stderr(std::process::Stdio::piped())
            .spawn()
            .unwrap();
        writeln!(child.stdin.take().unwrap(), "{PASSWORD}").unwrap();
        child.wait_with_output().unwrap()
    };
    let role_of = |out: std::process::Output| {
        assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
        let out: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
        out["role"].as_str().unwrap().to_string()
    };
    assert_eq!(
        role_of(kassa(&["operator", "add", "--login", "vera", "--password-stdin", "--role", "viewer"])),
        "viewer"
    );
    assert_eq!(role_of(kassa(&["operator", "add", "--login", "vera", "--password-stdin"])), "viewer");
    assert_eq!(role_of(kassa(&["operator", "add", "--login", "olga", "--password-stdin"])), "admin");
    assert_eq!(
        role_of(kassa(&["operator", "add", "--login", "vera", "--password-stdin", "--role", "operator"])),
        "operator"
    );

    let merchant = |name: &str| {
        let out = kassa(&["project", "create", "--merchant", name, "--name", "Main"]);
        assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
        let out: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
        out["merchant_id"].as_str().unwrap().to_string()
    };
    let (one, two) = (merchant("One"), merchant("Two"));
    let add = |merchant: &str, role: Option<&str>| {
        let mut args = vec!["merchant", "user", "add", "--merchant", merchant, "--login", "sam", "--password-stdin"];
        args.extend(role.map(|r| ["--role", r]).into_iter().flatten());
        kassa(&args)
    };
    assert_eq!(role_of(add(&one, Some("support"))), "support");
    assert_eq!(role_of(add(&one, None)), "support");
    let moved = add(&two, None);
    assert!(!moved.status.success(), "a login of merchant One re-added under Two");
    assert!(String::from_utf8_lossy(&moved.stderr).contains("login"), "{}", String::from_utf8_lossy(&moved.stderr));
}
