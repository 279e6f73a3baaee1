//! Behind a real reverse proxy (Debian's nginx, which scripts/test.sh installs): with
//! `KASSA_TRUSTED_PROXIES` naming it, the brakes and the audit see each client's own address,
//! not the proxy's, and a client cannot choose its address by sending the header itself
//! (issue 28 §4); under an https URL, HSTS and a `__Host-` session cookie (§3).

use std::process::{Child, Command};

use kassa::config::parse_proxy;

use crate::both_backends;
use crate::browser::*;
use crate::helpers::*;

both_backends!(
    behind_nginx_each_client_is_braked_and_audited_by_its_own_address,
    under_an_https_url_pages_ask_for_https_and_the_session_cookie_is_host_only,
);

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_processes_behind_nginx_share_sessions_and_see_each_client() {
    two_processes_behind_nginx().await;
}

const NGINX: &str = "/usr/sbin/nginx";

/// nginx in front of `upstream` on a free loopback port, until dropped.
struct Nginx {
    child: Child,
    port: u16,
    _dir: tempfile::TempDir,
}

impl Nginx {
    /// nginx spreading requests over `upstreams` in turn (round robin, nginx's default).
    /// One process (`master_process off`): killing it on drop leaves no orphaned worker behind.
    fn start(upstreams: &[&str]) -> Nginx {
        assert!(std::path::Path::new(NGINX).exists(), "nginx is needed for this test: scripts/test.sh installs it");
        let dir = tempfile::tempdir().unwrap();
        let port = std::net::TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port();
        let d = dir.path().display();
        let servers: String = upstreams.iter().map(|u| format!("server {u}; ")).collect();
        let conf = format!(
            "master_process off; daemon off; pid {d}/nginx.pid; error_log {d}/error.log;
events {{ worker_connections 64; }}
http {{
  access_log off;
  client_body_temp_path {d}/body; proxy_temp_path {d}/proxy; fastcgi_temp_path {d}/fastcgi;
  uwsgi_temp_path {d}/uwsgi; scgi_temp_path {d}/scgi;
  upstream kassa {{ {servers} }}
  server {{
    listen 127.0.0.1:{port};
    location / {{
      proxy_pass http://kassa;
      proxy_set_header Host $http_host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
    }}
  }}
}}
"
        );
        let path = dir.path().join("nginx.conf");
        std::fs::write(&path, conf).unwrap();
        let child = Command::new(NGINX).arg("-c").arg(&path).arg("-p").arg(dir.path()).spawn().unwrap();
        // Owned from here: dropped (killed and waited for) however the start ends.
        let nginx = Nginx { child, port, _dir: dir };
        for _ in 0..100 {
            if std::net::TcpStream::connect(("127.0.0.1", port)).is_ok() {
                return nginx;
            }
            std::thread::sleep(std::time::Duration::from_millis(50));
        }
        let log = std::fs::read_to_string(nginx._dir.path().join("error.log")).unwrap_or_default();
        panic!("nginx did not start: {log}");
    }
}

impl Drop for Nginx {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// A browser that connects to the proxy from `from`, sending a forwarded address of its own
/// choosing (which must not count).
fn through(proxy: &Nginx, from: &str) -> Browser {
    let mut headers = reqwest::header::HeaderMap::new();
    headers.insert("x-forwarded-for", "6.6.6.6".parse().unwrap());
    let client = reqwest::Client::builder()
        .cookie_store(true)
        .redirect(reqwest::redirect::Policy::none())
        .local_address(from.parse::<std::net::IpAddr>().unwrap())
        .default_headers(headers)
        .build()
        .unwrap();
    Browser { client, base: format!("http://127.0.0.1:{}", proxy.port) }
}

async fn behind_nginx_each_client_is_braked_and_audited_by_its_own_address(backend: Backend) {
    let app = spawn_app_with(backend, |c| c.trusted_proxies = vec![parse_proxy("127.0.0.1").unwrap()]).await;
    add_operator(&app, "alice").await;
    let proxy = Nginx::start(&[app.address.trim_start_matches("http://")]);

    // Someone at 127.0.0.2 guesses alice's password until the brake stops them.
    let guesser = through(&proxy, "127.0.0.2");
    let mut statuses = Vec::new();
    for _ in 0..6 {
        statuses.push(guesser.log_in("alice", "not her password at all").await.status);
    }
    assert_eq!(statuses, [401, 401, 401, 401, 401, 429], "braked at the sixth failure");

    // Alice, at 127.0.0.3 behind the same proxy, is not: the brake counted the guesser only.
    let alice = through(&proxy, "127.0.0.3");
    let signed_in = alice.log_in("alice", PASSWORD).await;
    assert_eq!((signed_in.status, signed_in.location.as_deref()), (303, Some("/operator/")), "{}", signed_in.html);

    // The audit names each client, not the proxy and not the address the client made up.
    let log = user_audit(&app, "alice").await;
    let from =
        |action: &str| log.iter().filter(|a| a.action == action).filter_map(|a| a.detail.clone()).collect::<Vec<_>>();
    assert!(from("login_failed").iter().all(|d| d == "from 127.0.0.2"), "{:?}", from("login_failed"));
    assert_eq!(from("login"), ["from 127.0.0.3"]);

    // Straight to Kassa (no proxy), the header a client sends is ignored.
    let direct = Browser::from_address(&app, "127.0.0.4".parse().unwrap());
    let page = direct.get("/operator/login").await;
    let csrf = page.csrf();
    direct
        .client
        .post(format!("{}/operator/login", direct.base))
        .header("x-forwarded-for", "6.6.6.6")
        .form(&[("csrf", csrf.as_str()), ("login", "alice"), ("password", "wrong again, directly")])
        .send()
        .await
        .unwrap();
    let log = user_audit(&app, "alice").await;
    assert_eq!(log[0].detail.as_deref(), Some("from 127.0.0.4"));
}

/// Two `kassa serve` processes on one PostgreSQL database behind one nginx, as an operator
/// outgrowing one process would run them (docs/SCALING.md): a console session opened through
/// one process serves on the other, both read the client's address from the proxy (brakes and
/// audit), and a form's token made by one is accepted by the other (the CSRF key derives from
/// the shared master key).
async fn two_processes_behind_nginx() {
    use crate::processes::Server;
    use std::io::Write;
    let (url, _db) = fresh_database(Backend::Postgres).await;
    let url = url.expose().to_string();
    let mut add = std::process::Command::new(env!("CARGO_BIN_EXE_kassa"))
        .args(["operator", "add", "--login", "alice", "--password-stdin", "--role", "admin"])
        .env("KASSA_DATABASE_URL", &url)
        .env("KASSA_MASTER_KEY", MASTER_KEY)
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::null())
        .spawn()
        .unwrap();
    writeln!(add.stdin.take().unwrap(), "{PASSWORD}").unwrap();
    assert!(add.wait().unwrap().success());
    let env = [("KASSA_TRUSTED_PROXIES", "127.0.0.1")];
    let (one, two) = (Server::start(&url, &env), Server::start(&url, &env));
    let proxy = Nginx::start(&[one.address.trim_start_matches("http://"), two.address.trim_start_matches("http://")]);

    // A guesser at 127.0.0.2 is braked, though its guesses land on both processes (each keeps
    // its own brakes: a limit per process, docs/SCALING.md).
    let guesser = through(&proxy, "127.0.0.2");
    let mut statuses = Vec::new();
    while statuses.last() != Some(&429) && statuses.len() < 12 {
        statuses.push(guesser.log_in("alice", "not her password at all").await.status);
    }
    assert_eq!(statuses.last(), Some(&429), "{statuses:?}");

    // Alice at 127.0.0.3 signs in (the login page from one process, the form posted to the
    // other) and her session serves on both.
    let alice = through(&proxy, "127.0.0.3");
    let signed_in = alice.log_in("alice", PASSWORD).await;
    assert_eq!((signed_in.status, signed_in.location.as_deref()), (303, Some("/operator/")), "{}", signed_in.html);
    for _ in 0..4 {
        let page = alice.get("/operator/users").await;
        assert_eq!(page.status, 200, "{}", page.html);
        assert!(page.html.contains("alice"));
    }
    // Her users page posts a form: the token made by one process, checked by the other.
    let users = alice.get("/operator/users").await;
    let invited = alice.post("/operator/users", &[("csrf", &users.csrf()), ("login", "bob"), ("role", "viewer")]).await;
    assert!(invited.status < 400, "{}: {}", invited.status, invited.html);

    // nginx alternates between the two, so the pages above came from both; with one of them
    // gone, the other still knows her session (it lives in the database, not in a process).
    one.kill();
    for _ in 0..2 {
        assert_eq!(alice.get("/operator/users").await.status, 200);
    }
    drop(two);

    // Both audited the client's own address, not the proxy's.
    let vault = kassa::crypto::vault::Vault::open(&kassa::crypto::vault::KeySource {
        key: Some(kassa::secret::Secret::new(MASTER_KEY.to_string())),
        ..Default::default()
    })
    .unwrap();
    let database =
        kassa::storage::open(&kassa::config::DatabaseUrl::new(url.clone()), std::sync::Arc::new(vault)).await.unwrap();
    let query = kassa::domain::audit::AuditQuery {
        subject: Some((kassa::domain::audit::Subject::User, "alice".to_string())),
        before_id: None,
        limit: 100,
    };
    let log = database.stores.audit.audit(&query).await.unwrap();
    let from =
        |action: &str| log.iter().filter(|a| a.action == action).filter_map(|a| a.detail.clone()).collect::<Vec<_>>();
    assert!(!from("login_failed").is_empty() && from("login_failed").iter().all(|d| d == "from 127.0.0.2"), "{log:?}");
    assert_eq!(from("login"), ["from 127.0.0.3"]);
}

/// `name=value` of the `set-cookie` headers of `r`, and the whole headers.
fn cookies(r: &reqwest::Response) -> Vec<String> {
    r.headers().get_all("set-cookie").iter().map(|v| v.to_str().unwrap().to_string()).collect()
}

async fn under_an_https_url_pages_ask_for_https_and_the_session_cookie_is_host_only(backend: Backend) {
    // Plain http: no HSTS (a browser would keep it for a year on a name that has no https).
    let plain = spawn_app(backend).await;
    let r = plain.client.get(plain.url("/operator/login")).send().await.unwrap();
    assert!(r.headers().get("strict-transport-security").is_none());

    // Behind an https URL (TLS ends at the proxy): HSTS on every answer, Secure cookies, and
    // the console session under the __Host- prefix (no Domain, Path=/).
    let app = spawn_app_with(backend, |c| c.public_url = Some("https://kassa.example".into())).await;
    add_operator(&app, "alice").await;
    let client = reqwest::Client::builder().redirect(reqwest::redirect::Policy::none()).build().unwrap();
    let page = client.get(app.url("/operator/login")).send().await.unwrap();
    assert_eq!(page.headers()["strict-transport-security"], "max-age=31536000");
    let csrf_cookie = cookies(&page).into_iter().next().expect("the form's cookie");
    assert!(csrf_cookie.contains("Secure"), "{csrf_cookie}");
    let pair = csrf_cookie.split(';').next().unwrap().to_string();
    let html = page.text().await.unwrap();
    let at = html.find("name=\"csrf\" value=\"").unwrap() + "name=\"csrf\" value=\"".len();
    let csrf = &html[at..at + html[at..].find('"').unwrap()];
    let signed_in = client
        .post(app.url("/operator/login"))
        .header("cookie", pair)
        .form(&[("csrf", csrf), ("login", "alice"), ("password", PASSWORD)])
        .send()
        .await
        .unwrap();
    assert_eq!(signed_in.status(), 303);
    assert!(signed_in.headers().contains_key("strict-transport-security"));
    let session = cookies(&signed_in).into_iter().find(|c| c.contains("kassa_session")).expect("a session cookie");
    assert!(session.starts_with("__Host-kassa_session="), "{session}");
    assert!(session.contains("Secure") && session.contains("Path=/") && !session.contains("Domain"), "{session}");
    let api = app.client.get(app.url("/healthz")).send().await.unwrap();
    assert!(api.headers().contains_key("strict-transport-security"), "the API too");
}
