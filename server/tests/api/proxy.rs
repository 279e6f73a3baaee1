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

const NGINX: &str = "/usr/sbin/nginx";

/// nginx in front of `upstream` on a free loopback port, until dropped.
struct Nginx {
    child: Child,
    port: u16,
    _dir: tempfile::TempDir,
}

impl Nginx {
    fn start(upstream: &str) -> Nginx {
        assert!(std::path::Path::new(NGINX).exists(), "nginx is needed for this test: scripts/test.sh installs it");
        let dir = tempfile::tempdir().unwrap();
        let port = std::net::TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port();
        let d = dir.path().display();
        let conf = format!(
            "worker_processes 1; daemon off; pid {d}/nginx.pid; error_log {d}/error.log;
events {{ worker_connections 64; }}
http {{
  access_log off;
  client_body_temp_path {d}/body; proxy_temp_path {d}/proxy; fastcgi_temp_path {d}/fastcgi;
  uwsgi_temp_path {d}/uwsgi; scgi_temp_path {d}/scgi;
  server {{
    listen 127.0.0.1:{port};
    location / {{
      proxy_pass http://{upstream};
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
    let proxy = Nginx::start(app.address.trim_start_matches("http://"));

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
