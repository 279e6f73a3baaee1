//! Kassa past one process (issue 30 §3): one, two and four `kassa serve` processes behind
//! Debian's nginx (round robin, keep-alive to the upstreams) on one PostgreSQL database, each
//! process with its own pools, jobs and caches. Creates and payment pages per second by
//! process count, beside one process reached directly (what the proxy costs). Everything —
//! client, nginx, the processes, PostgreSQL — shares this machine's cores, which cap the
//! absolute figures; docs/SCALING.md says what the next machine needs.

use std::io::{BufRead, BufReader};
use std::process::{Child, Command, Stdio};
use std::sync::Arc;
use std::time::Duration;

use p256::pkcs8::DecodePrivateKey;
use serde_json::{Value, json};

use super::{
    BENCH_MASTER_KEY, Backend, BenchKey, BenchSigner, Prepared, Stats, create_body, drop_pg, fresh, load, prepare_with,
    report, send,
};

const KASSA: &str = env!("CARGO_BIN_EXE_kassa");
const NGINX: &str = "/usr/sbin/nginx";

/// A `kassa serve` child on a free port of its own, until dropped.
struct Process {
    child: Child,
    address: String,
}

impl Process {
    fn start(database_url: &str) -> Process {
        let mut child = Command::new(KASSA)
            .arg("serve")
            .env("KASSA_DATABASE_URL", database_url)
            .env("KASSA_BIND", "127.0.0.1:0")
            .env("KASSA_MASTER_KEY", BENCH_MASTER_KEY)
            .env("KASSA_SANDBOX", "1")
            .env("KASSA_ALLOW_PRIVATE_CALLBACKS", "1")
            .env("KASSA_RATE_LIMIT_RPS", "10000000")
            .env("KASSA_RATE_LIMIT_BURST", "10000000")
            .env("KASSA_ADDRESS_RATE_LIMIT_RPS", "10000000")
            .env("KASSA_ADDRESS_RATE_LIMIT_BURST", "10000000")
            .env("KASSA_REQUISITES_SEARCH_S", "3600")
            .env("RUST_LOG", "warn,kassa::startup=info")
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .spawn()
            .expect("kassa serve");
        let stderr = child.stderr.take().unwrap();
        let (tx, rx) = std::sync::mpsc::channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stderr).lines().map_while(Result::ok) {
                if let Some(rest) = line.split("address=").nth(1) {
                    let _ = tx.send(rest.split_whitespace().next().unwrap_or("").to_string());
                }
            }
        });
        let address = rx.recv_timeout(Duration::from_secs(60)).expect("kassa serve says where it listens");
        Process { child, address }
    }
}

impl Drop for Process {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// nginx spreading requests over `upstreams` in turn, with kept-alive upstream connections.
struct Nginx {
    child: Child,
    port: u16,
    _dir: tempfile::TempDir,
}

impl Nginx {
    fn start(upstreams: &[String]) -> Nginx {
        assert!(std::path::Path::new(NGINX).exists(), "the scaling bench needs nginx (apt-get install nginx-light)");
        let dir = tempfile::tempdir().unwrap();
        let port = std::net::TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port();
        let d = dir.path().display();
        let servers: String = upstreams.iter().map(|u| format!("server {u}; ")).collect();
        let conf = format!(
            "master_process off; daemon off; pid {d}/nginx.pid; error_log {d}/error.log;
events {{ worker_connections 1024; }}
http {{
  access_log off;
  client_body_temp_path {d}/body; proxy_temp_path {d}/proxy; fastcgi_temp_path {d}/fastcgi;
  uwsgi_temp_path {d}/uwsgi; scgi_temp_path {d}/scgi;
  upstream kassa {{ {servers} keepalive 64; }}
  server {{
    listen 127.0.0.1:{port};
    location / {{
      proxy_pass http://kassa;
      proxy_http_version 1.1;
      proxy_set_header Connection \"\";
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
        let nginx = Nginx { child, port, _dir: dir };
        for _ in 0..100 {
            if std::net::TcpStream::connect(("127.0.0.1", port)).is_ok() {
                return nginx;
            }
            std::thread::sleep(Duration::from_millis(50));
        }
        panic!("nginx did not start");
    }
}

impl Drop for Nginx {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// A project made by the command line, as the client signs for it.
fn create_project(database_url: &str) -> BenchKey {
    let out = Command::new(KASSA)
        .args(["project", "create", "--merchant", "Scale Shop", "--name", "Main"])
        .env("KASSA_DATABASE_URL", database_url)
        .env("KASSA_MASTER_KEY", BENCH_MASTER_KEY)
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let created: Value = serde_json::from_slice(&out.stdout).unwrap();
    let pem = created["request_key"]["private_key_pem"].as_str().expect("an ECDSA request key");
    (
        created["merchant_id"].as_str().unwrap().into(),
        created["project_id"].as_str().unwrap().into(),
        created["request_key"]["token"].as_str().unwrap().into(),
        BenchSigner::Ecdsa(p256::ecdsa::SigningKey::from_pkcs8_pem(pem).unwrap()),
    )
}

fn widget_body(project_id: &str, i: usize) -> Value {
    json!({
        "general": {"project_id": project_id, "payment_id": format!("page-{i}"), "redirect_url": "https://shop.example/return"},
        "payment": {"amount": 150000 + i as i64, "currency": "RUB"},
        "customer": {"id": format!("user-{i}"), "ip_address": "203.0.113.7", "country": "RU", "language": "en"}
    })
}

/// Creates and pages per second through `base`, with `tag` naming the payments apart.
async fn measure(client: &reqwest::Client, base: &str, key: &BenchKey, tag: usize) -> (Stats, Stats) {
    let prepared: Arc<Vec<Prepared>> =
        Arc::new((0..60_000).map(|i| prepare_with(key, &create_body(&key.1, tag * 1_000_000 + i))).collect());
    let url = format!("{base}/api/v1/payment/p2p/payin");
    let creates = {
        let (client, prepared) = (client.clone(), prepared.clone());
        load(move |i| {
            let (client, prepared, url) = (client.clone(), prepared.clone(), url.clone());
            async move { send(&client, &url, &prepared[i % prepared.len()]).await }
        })
        .await
    };
    // 200 payment pages, read in turn (each a page a payer opens).
    let mut pages = Vec::new();
    for i in 0..200 {
        let p = prepare_with(key, &widget_body(&key.1, tag * 1_000_000 + i));
        let mut req = client.post(format!("{base}/api/v1/widget/payin")).body(p.body.clone());
        for (k, v) in &p.headers {
            req = req.header(*k, v);
        }
        let created: Value = req.send().await.unwrap().json().await.unwrap();
        let form_url = created["integration"]["form_url"].as_str().expect("a form_url").to_string();
        let path = url::Url::parse(&form_url).map(|u| u.path().to_string()).unwrap_or(form_url);
        pages.push(format!("{base}{path}"));
    }
    let pages = Arc::new(pages);
    let reads = {
        let (client, pages) = (client.clone(), pages.clone());
        load(move |i| {
            let (client, pages) = (client.clone(), pages.clone());
            async move {
                match client.get(&pages[i % pages.len()]).send().await {
                    Ok(r) if r.status().is_success() => r.bytes().await.is_ok(),
                    _ => false,
                }
            }
        })
        .await
    };
    (creates, reads)
}

pub async fn scaling_bench() {
    println!("## One, two and four processes behind nginx on one PostgreSQL (2 cores for everything)\n");
    let client = reqwest::Client::builder().pool_max_idle_per_host(super::CONCURRENCY).build().unwrap();
    let mut rows = Vec::new();
    for (tag, processes) in [(1, 1usize), (2, 1), (3, 2), (4, 4)] {
        let (db, _) = fresh(Backend::Postgres, &format!("scaling{tag}")).await;
        let key = create_project(&db);
        let running: Vec<Process> = (0..processes).map(|_| Process::start(&db)).collect();
        let direct = tag == 1;
        let nginx = (!direct).then(|| Nginx::start(&running.iter().map(|p| p.address.clone()).collect::<Vec<_>>()));
        let base = match &nginx {
            Some(n) => format!("http://127.0.0.1:{}", n.port),
            None => format!("http://{}", running[0].address),
        };
        let (creates, pages) = measure(&client, &base, &key, tag).await;
        let name = if direct { "1 process, direct".to_string() } else { format!("{processes} behind nginx") };
        report(&format!("{name}: create payin"), &creates);
        report(&format!("{name}: payment page"), &pages);
        rows.push((name, creates.throughput, pages.throughput));
        drop(nginx);
        drop(running);
        drop_pg(&db).await;
    }
    println!("\n  | processes | creates/s | pages/s |\n  |---|---|---|");
    for (name, creates, pages) in rows {
        println!("  | {name} | {creates:.0} | {pages:.0} |");
    }
    println!("\n  (CPU µs/req above is the bench client's own: the servers are other processes.)\n");
}
