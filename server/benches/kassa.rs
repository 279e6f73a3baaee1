//! Kassa's benchmarks, each beside a floor measured in the same run (docs/PERFORMANCE.md).
//!
//! `cargo bench --bench kassa -- [normalize|create|info|callbacks|page|payout|dashboard|reconciliation|logins|scaling|all]`
//! PostgreSQL parts use `KASSA_BENCH_PG` (default `postgres://postgres@127.0.0.1:5432/test`);
//! `KASSA_BENCH_BACKENDS=sqlite` or `postgres` measures one backend.

use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use axum::Router;
use axum::routing::post;
use base64::Engine as _;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use kassa::admin::{self, NewProject};
use kassa::config::{Config, DatabaseUrl};
use kassa::crypto::keys::KeyType;
use kassa::crypto::normalize;
use kassa::secret::Secret;
use kassa::startup::Application;
use p256::ecdsa::signature::Signer;
use p256::pkcs8::DecodePrivateKey;
use serde_json::{Value, json};
use tokio::sync::Mutex;

#[path = "kassa/logins.rs"]
mod logins;
#[path = "kassa/reconciliation.rs"]
mod reconciliation;
#[path = "kassa/scaling.rs"]
mod scaling;

const CONCURRENCY: usize = 32;
const WARMUP: Duration = Duration::from_secs(2);
const RUN: Duration = Duration::from_secs(10);

fn main() {
    // Sections by name, several at once (`-- create payout page`), or all.
    let mut sections: Vec<String> = std::env::args().skip(1).filter(|a| !a.starts_with('-')).collect();
    if sections.is_empty() {
        sections.push("all".into());
    }
    let rt = tokio::runtime::Builder::new_multi_thread().worker_threads(2).enable_all().build().unwrap();
    println!(
        "# Kassa benchmarks ({} cores); sections: {}\n",
        std::thread::available_parallelism().map(|n| n.get()).unwrap_or(1),
        sections.join(" ")
    );
    for what in &sections {
        run_section(&rt, what);
    }
}

fn run_section(rt: &tokio::runtime::Runtime, what: &str) {
    if what == "normalize" || what == "all" {
        normalize_bench();
    }
    if what == "create" || what == "all" {
        rt.block_on(create_bench());
    }
    if what == "info" || what == "all" {
        rt.block_on(info_bench());
    }
    if what == "payout" || what == "all" {
        rt.block_on(payout_bench());
    }
    if what == "dashboard" || what == "all" {
        rt.block_on(dashboard_bench());
    }
    if what == "callbacks" || what == "all" {
        rt.block_on(callbacks_bench());
    }
    if what == "page" || what == "all" {
        rt.block_on(page_bench());
    }
    if what == "reconciliation" || what == "all" {
        rt.block_on(reconciliation::reconciliation_bench());
    }
    if what == "logins" || what == "all" {
        rt.block_on(logins::logins_bench());
    }
    if what == "scaling" || what == "all" {
        rt.block_on(scaling::scaling_bench());
    }
}

// ---------------------------------------------------------------------------------------------
// Shared helpers

struct Stats {
    throughput: f64,
    p50_ms: f64,
    p99_ms: f64,
    /// CPU time of this process (client and server, and SQLite) per request, in µs.
    cpu_us: f64,
    /// CPU time of the PostgreSQL server's processes per request, in µs (0 without them).
    db_cpu_us: f64,
    /// Cores the whole machine kept busy on average.
    busy_cores: f64,
}

/// Turns a `perf record --control fifo:FILE -D -1` on and off around a measured phase, when
/// `KASSA_BENCH_PERF_CTL` names that fifo: profiles of one phase, without the set-up.
fn profile(command: &str) {
    if let Ok(path) = std::env::var("KASSA_BENCH_PERF_CTL") {
        use std::io::Write as _;
        let mut fifo = std::fs::OpenOptions::new().write(true).open(path).expect("perf control fifo");
        writeln!(fifo, "{command}").expect("perf control fifo");
    }
}

/// User + system CPU time of this process, in seconds (from /proc/self/stat).
fn process_cpu_s() -> f64 {
    let stat = std::fs::read_to_string("/proc/self/stat").unwrap_or_default();
    let fields: Vec<&str> = stat.rsplit(") ").next().unwrap_or("").split(' ').collect();
    let ticks = |i: usize| fields.get(i).and_then(|v| v.parse::<f64>().ok()).unwrap_or(0.0);
    // Fields 14 and 15 of stat(5), counted from the field after the command name.
    (ticks(11) + ticks(12)) / 100.0
}

/// CPU seconds used so far by the local PostgreSQL server: its running processes, and (through
/// the postmaster's children's times) the backends that have exited.
fn postgres_cpu_s() -> f64 {
    let mut total = 0.0;
    for entry in std::fs::read_dir("/proc").into_iter().flatten().flatten() {
        let dir = entry.path();
        let is_postgres = std::fs::read_to_string(dir.join("comm")).is_ok_and(|c| c.starts_with("postgres"));
        if !is_postgres {
            continue;
        }
        let stat = std::fs::read_to_string(dir.join("stat")).unwrap_or_default();
        let fields: Vec<&str> = stat.rsplit(") ").next().unwrap_or("").split(' ').collect();
        // utime, stime, cutime, cstime: fields 14 to 17 of stat(5).
        total += (11..15).filter_map(|i| fields.get(i)?.parse::<f64>().ok()).sum::<f64>() / 100.0;
    }
    total
}

/// Busy and total CPU seconds of the whole machine so far (/proc/stat).
fn machine_cpu_s() -> (f64, f64) {
    let stat = std::fs::read_to_string("/proc/stat").unwrap_or_default();
    let v: Vec<f64> =
        stat.lines().next().unwrap_or("").split_whitespace().skip(1).filter_map(|x| x.parse().ok()).collect();
    let total: f64 = v.iter().sum();
    let idle = v.get(3).copied().unwrap_or(0.0) + v.get(4).copied().unwrap_or(0.0);
    ((total - idle) / 100.0, total / 100.0)
}

fn percentile(sorted: &[Duration], p: f64) -> f64 {
    if sorted.is_empty() {
        return 0.0;
    }
    let i = ((sorted.len() as f64 - 1.0) * p).round() as usize;
    sorted[i].as_secs_f64() * 1000.0
}

/// Runs `CONCURRENCY` workers calling `one` for WARMUP + RUN; counts the RUN part.
async fn load<F, Fut>(one: F) -> Stats
where
    F: Fn(usize) -> Fut + Send + Sync + 'static,
    Fut: std::future::Future<Output = bool> + Send,
{
    Stats::of(&[load_for(WARMUP, RUN, one).await])
}

/// What one measured stretch of load saw.
struct Measured {
    latencies: Vec<Duration>,
    cpu_s: f64,
    db_cpu_s: f64,
    /// Busy and total CPU seconds of the machine over the run.
    machine_s: (f64, f64),
    run: Duration,
}

impl Stats {
    /// Throughput and CPU over all stretches together, percentiles over all their requests.
    fn of(parts: &[Measured]) -> Stats {
        let mut all: Vec<Duration> = parts.iter().flat_map(|m| m.latencies.iter().copied()).collect();
        all.sort();
        let run: f64 = parts.iter().map(|m| m.run.as_secs_f64()).sum();
        let cpu: f64 = parts.iter().map(|m| m.cpu_s).sum();
        let db_cpu: f64 = parts.iter().map(|m| m.db_cpu_s).sum();
        let (busy, total) = parts.iter().fold((0.0, 0.0), |(b, t), m| (b + m.machine_s.0, t + m.machine_s.1));
        let cores = std::thread::available_parallelism().map_or(1.0, |n| n.get() as f64);
        Stats {
            throughput: all.len() as f64 / run,
            p50_ms: percentile(&all, 0.5),
            p99_ms: percentile(&all, 0.99),
            cpu_us: cpu * 1e6 / all.len().max(1) as f64,
            db_cpu_us: db_cpu * 1e6 / all.len().max(1) as f64,
            busy_cores: if total > 0.0 { cores * busy / total } else { 0.0 },
        }
    }
}

/// `CONCURRENCY` workers calling `one` for `warmup` + `run`; the `run` part is measured.
async fn load_for<F, Fut>(warmup: Duration, run: Duration, one: F) -> Measured
where
    F: Fn(usize) -> Fut + Send + Sync + 'static,
    Fut: std::future::Future<Output = bool> + Send,
{
    let one = Arc::new(one);
    let next = Arc::new(AtomicUsize::new(0));
    let latencies = Arc::new(Mutex::new(Vec::new()));
    let start = Instant::now();
    let cpu_at_run = tokio::spawn(async move {
        tokio::time::sleep(warmup).await;
        let (at_run, db_at_run, machine_at_run) = (process_cpu_s(), postgres_cpu_s(), machine_cpu_s());
        tokio::time::sleep(run).await;
        let machine = machine_cpu_s();
        (
            process_cpu_s() - at_run,
            postgres_cpu_s() - db_at_run,
            (machine.0 - machine_at_run.0, machine.1 - machine_at_run.1),
        )
    });
    let mut workers = Vec::new();
    for _ in 0..CONCURRENCY {
        let (one, next, latencies) = (one.clone(), next.clone(), latencies.clone());
        workers.push(tokio::spawn(async move {
            let mut mine = Vec::new();
            loop {
                let began = Instant::now();
                if began - start > warmup + run {
                    break;
                }
                let i = next.fetch_add(1, Ordering::Relaxed);
                let ok = one(i).await;
                assert!(ok, "request {i} failed");
                if began - start >= warmup {
                    mine.push(began.elapsed());
                }
            }
            latencies.lock().await.extend(mine);
        }));
    }
    for w in workers {
        w.await.unwrap();
    }
    let (cpu_s, db_cpu_s, machine_s) = cpu_at_run.await.unwrap();
    let latencies = std::mem::take(&mut *latencies.lock().await);
    Measured { latencies, cpu_s, db_cpu_s, machine_s, run }
}

fn report(name: &str, s: &Stats) {
    println!(
        "  {name:<44} {:>9.0} req/s   p50 {:>7.2} ms   p99 {:>7.2} ms   {:>5.0} µs CPU/req",
        s.throughput, s.p50_ms, s.p99_ms, s.cpu_us
    );
}

/// The backends to measure: `KASSA_BENCH_BACKENDS=sqlite` (or `postgres`) narrows a run to one.
fn backends() -> Vec<Backend> {
    let only = std::env::var("KASSA_BENCH_BACKENDS").unwrap_or_default();
    [Backend::Sqlite, Backend::Postgres]
        .into_iter()
        .filter(|b| only.is_empty() || only.to_ascii_lowercase().contains(&format!("{b:?}").to_ascii_lowercase()))
        .collect()
}

fn pg_admin() -> String {
    std::env::var("KASSA_BENCH_PG").unwrap_or_else(|_| "postgres://postgres@127.0.0.1:5432/test".into())
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Backend {
    Sqlite,
    Postgres,
}

/// A fresh database; keeps its directory alive.
async fn fresh(backend: Backend, tag: &str) -> (String, Option<tempfile::TempDir>) {
    match backend {
        Backend::Sqlite => {
            let dir = tempfile::tempdir().unwrap();
            (format!("sqlite://{}/{tag}.db", dir.path().display()), Some(dir))
        }
        Backend::Postgres => {
            use sqlx::Connection;
            let name = format!("kassa_bench_{tag}_{}", std::process::id());
            let mut c = sqlx::PgConnection::connect(&pg_admin()).await.expect("PostgreSQL for the benchmark");
            sqlx::query(&format!("DROP DATABASE IF EXISTS {name} WITH (FORCE)")).execute(&mut c).await.unwrap();
            sqlx::query(&format!("CREATE DATABASE {name}")).execute(&mut c).await.unwrap();
            let mut url = url::Url::parse(&pg_admin()).unwrap();
            url.set_path(&name);
            (url.to_string(), None)
        }
    }
}

async fn drop_pg(url: &str) {
    use sqlx::Connection;
    let name = url.rsplit('/').next().unwrap().to_string();
    if let Ok(mut c) = sqlx::PgConnection::connect(&pg_admin()).await {
        let _ = sqlx::query(&format!("DROP DATABASE IF EXISTS {name} WITH (FORCE)")).execute(&mut c).await;
    }
}

/// How the benchmark client signs (`KASSA_BENCH_KEY=ecdsa|rsa|hmac`, default ecdsa: the
/// default key type of new projects).
enum BenchSigner {
    Ecdsa(p256::ecdsa::SigningKey),
    Rsa(Box<rsa::pkcs1v15::SigningKey<sha2::Sha256>>),
    Hmac(String),
}

fn bench_key_type() -> KeyType {
    match std::env::var("KASSA_BENCH_KEY").as_deref() {
        Ok("rsa") => KeyType::RsaSha256,
        Ok("hmac") => KeyType::HmacSha512,
        _ => KeyType::EcdsaP256,
    }
}

/// A project's request key as the client signs with it: merchant id, project id, token, signer.
type BenchKey = (String, String, String, BenchSigner);

struct Kassa {
    base: String,
    key: BenchKey,
    stores: kassa::domain::ports::Stores,
    services: kassa::services::Services,
}

/// The master key of bench servers (base64 of 32 bytes).
const BENCH_MASTER_KEY: &str = "YmVuY2gtbWFzdGVyLWtleS1vZi0zMi1ieXRlcy1vayE=";

async fn start_kassa(database_url: &str, configure: impl FnOnce(&mut Config)) -> Kassa {
    let mut c = Config::defaults();
    c.database_url = DatabaseUrl::new(database_url);
    c.bind = "127.0.0.1:0".parse().unwrap();
    c.operator_token = Some(Secret::new("bench".into()));
    c.allow_private_callbacks = true;
    c.sandbox = true;
    c.rate_limit_rps = 10_000_000;
    c.rate_limit_burst = 10_000_000;
    c.address_rate_limit_rps = 10_000_000;
    c.address_rate_limit_burst = 10_000_000;
    c.master_key = Some(Secret::new(BENCH_MASTER_KEY.into()));
    c.requisites_search_s = 3600;
    c.site_root = concat!(env!("CARGO_MANIFEST_DIR"), "/../target/site").into();
    configure(&mut c);
    let app = Application::build(c).await.unwrap();
    let base = format!("http://{}", app.local_addr());
    let stores = app.stores();
    let services = app.services();
    let created = admin::create_project(
        &services.projects,
        NewProject {
            merchant: "Bench".into(),
            name: "Bench".into(),
            request_key_type: bench_key_type(),
            public_key_pem: None,
            callback_key_type: KeyType::EcdsaP256,
            redirect_url: None,
        },
    )
    .await
    .unwrap();
    tokio::spawn(app.run_until_stopped());
    let pem = created.request_key.private_key_pem.clone().unwrap_or_default();
    let sk = match bench_key_type() {
        KeyType::EcdsaP256 => BenchSigner::Ecdsa(p256::ecdsa::SigningKey::from_pkcs8_pem(&pem).unwrap()),
        KeyType::RsaSha256 => BenchSigner::Rsa(Box::new(rsa::pkcs1v15::SigningKey::new(
            rsa::RsaPrivateKey::from_pkcs8_pem(&pem).unwrap(),
        ))),
        KeyType::HmacSha512 => BenchSigner::Hmac(created.request_key.hmac_secret.clone().unwrap()),
    };
    Kassa { base, key: (created.merchant_id, created.project_id, created.request_key.token, sk), stores, services }
}

/// A request body and its headers, signed in advance so the load loop only sends.
struct Prepared {
    body: String,
    headers: Vec<(&'static str, String)>,
}

fn prepare(kassa: &Kassa, body: &Value) -> Prepared {
    prepare_with(&kassa.key, body)
}

fn prepare_with(key: &BenchKey, body: &Value) -> Prepared {
    let (merchant, _, token, signer) = key;
    let ts = (std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).unwrap().as_secs()).to_string();
    let message = normalize::message(body, &ts);
    let sig: Vec<u8> = match signer {
        BenchSigner::Ecdsa(sk) => {
            let s: p256::ecdsa::DerSignature = sk.sign(&normalize::digest(&message));
            s.as_bytes().to_vec()
        }
        BenchSigner::Rsa(sk) => {
            use rsa::signature::SignatureEncoding;
            sk.sign(&normalize::digest(&message)).to_vec()
        }
        BenchSigner::Hmac(secret) => {
            use hmac::Mac;
            let mut mac = hmac::Hmac::<sha2::Sha512>::new_from_slice(secret.as_bytes()).unwrap();
            mac.update(message.as_bytes());
            mac.finalize().into_bytes().to_vec()
        }
    };
    Prepared {
        body: body.to_string(),
        headers: vec![
            ("content-type", "application/json".into()),
            ("x-access-timestamp", ts),
            ("x-access-merchant-id", merchant.clone()),
            ("x-access-token", token.clone()),
            ("x-access-signature", URL_SAFE_NO_PAD.encode(sig)),
        ],
    }
}

async fn send(client: &reqwest::Client, url: &str, p: &Prepared) -> bool {
    let mut req = client.post(url).body(p.body.clone());
    for (k, v) in &p.headers {
        req = req.header(*k, v);
    }
    matches!(req.send().await, Ok(r) if r.status().is_success())
}

fn create_body(project_id: &str, i: usize) -> Value {
    json!({
        "general": {"project_id": project_id, "payment_id": format!("bench-{i}"), "merchant_callback_url": "https://merchant.example/cb"},
        "payment": {"method": "card-p2p", "amount": 150000 + i as i64, "currency": "RUB", "description": "Order"},
        "sender": {"card_holder": "IVAN PETROV"},
        "customer": {"id": format!("user-{}", i % 1000), "ip_address": "203.0.113.7", "country": "RU", "email": "u@example.com"}
    })
}

// ---------------------------------------------------------------------------------------------
// 1. Normalization

fn normalize_bench() {
    println!("## Normalization of a typical create body (release build)\n");
    let body = create_body("57aff4dbb45d42bfbc5fb7a499a01782", 1);
    let ts = "1706182847";
    let n = 200_000;
    let mut times = Vec::with_capacity(n);
    let mut sink = 0u8;
    for _ in 0..n {
        let t = Instant::now();
        let d = normalize::digest(&normalize::message(&body, ts));
        sink ^= d[0];
        times.push(t.elapsed());
    }
    times.sort();
    let mean = times.iter().sum::<Duration>() / n as u32;
    println!(
        "  normalize + base64url + SHA-256: mean {:.2} µs, p50 {:.2} µs, p99 {:.2} µs ({} fields, {n} runs){}\n",
        mean.as_secs_f64() * 1e6,
        times[n / 2].as_secs_f64() * 1e6,
        times[n * 99 / 100].as_secs_f64() * 1e6,
        normalize::normalize(&body).split(';').count(),
        if sink == 255 { " " } else { "" }
    );
    let message = normalize::message(&body, ts);
    for key_type in KeyType::ALL {
        let key = kassa::crypto::keys::generate_request_key(key_type);
        let verifier = kassa::crypto::keys::RequestVerifier::from_stored(&key.stored).unwrap();
        let signature = client_signature(&key, &message);
        let runs = 2000;
        let t = Instant::now();
        for _ in 0..runs {
            assert!(verifier.verify(&message, &signature));
        }
        println!("  verify {key_type:<12} {:>8.1} µs per request", t.elapsed().as_secs_f64() * 1e6 / runs as f64);
    }
    println!();
}

fn client_signature(key: &kassa::crypto::keys::NewRequestKey, message: &str) -> String {
    use hmac::Mac;
    let digest = normalize::digest(message);
    let bytes = match key.stored.key_type {
        KeyType::EcdsaP256 => {
            let sk = p256::ecdsa::SigningKey::from_pkcs8_pem(key.private_key_pem.as_ref().unwrap().expose()).unwrap();
            let sig: p256::ecdsa::DerSignature = sk.sign(&digest);
            sig.as_bytes().to_vec()
        }
        KeyType::RsaSha256 => {
            let sk = rsa::RsaPrivateKey::from_pkcs8_pem(key.private_key_pem.as_ref().unwrap().expose()).unwrap();
            use rsa::signature::SignatureEncoding;
            rsa::pkcs1v15::SigningKey::<sha2::Sha256>::new(sk).sign(&digest).to_vec()
        }
        KeyType::HmacSha512 => {
            let mut mac = hmac::Hmac::<sha2::Sha512>::new_from_slice(
                key.stored.hmac_secret.as_ref().unwrap().expose().as_bytes(),
            )
            .unwrap();
            mac.update(message.as_bytes());
            mac.finalize().into_bytes().to_vec()
        }
    };
    URL_SAFE_NO_PAD.encode(bytes)
}

// ---------------------------------------------------------------------------------------------
// 2. Create-payin throughput vs a bare handler inserting one row

async fn floor_server(database_url: String) -> String {
    #[derive(Clone)]
    enum Pool {
        Sqlite(sqlx::SqlitePool),
        Postgres(sqlx::PgPool),
    }
    let pool = if database_url.starts_with("sqlite") {
        use std::str::FromStr;
        let o = sqlx::sqlite::SqliteConnectOptions::from_str(&database_url)
            .unwrap()
            .create_if_missing(true)
            .journal_mode(sqlx::sqlite::SqliteJournalMode::Wal)
            .synchronous(sqlx::sqlite::SqliteSynchronous::Normal)
            .busy_timeout(Duration::from_secs(10));
        let p = sqlx::sqlite::SqlitePoolOptions::new().max_connections(1).connect_with(o).await.unwrap();
        sqlx::query("CREATE TABLE floor (id TEXT PRIMARY KEY, payment_id TEXT NOT NULL, amount BIGINT NOT NULL, body TEXT NOT NULL)")
            .execute(&p)
            .await
            .unwrap();
        Pool::Sqlite(p)
    } else {
        let p = sqlx::postgres::PgPoolOptions::new().max_connections(16).connect(&database_url).await.unwrap();
        sqlx::query("CREATE TABLE floor (id TEXT PRIMARY KEY, payment_id TEXT NOT NULL, amount BIGINT NOT NULL, body TEXT NOT NULL)")
            .execute(&p)
            .await
            .unwrap();
        Pool::Postgres(p)
    };
    let app = Router::new().route(
        "/floor",
        post(move |body: axum::body::Bytes| {
            let pool = pool.clone();
            async move {
                let v: Value = serde_json::from_slice(&body).unwrap();
                let id = uuid::Uuid::now_v7().simple().to_string();
                let payment_id = v["general"]["payment_id"].as_str().unwrap_or("").to_string();
                let amount = v["payment"]["amount"].as_i64().unwrap_or(0);
                let sql = "INSERT INTO floor (id, payment_id, amount, body) VALUES ($1, $2, $3, $4)";
                match &pool {
                    Pool::Sqlite(p) => sqlx::query(sql)
                        .bind(&id)
                        .bind(payment_id)
                        .bind(amount)
                        .bind(v.to_string())
                        .execute(p)
                        .await
                        .map(|_| ()),
                    Pool::Postgres(p) => sqlx::query(sql)
                        .bind(&id)
                        .bind(payment_id)
                        .bind(amount)
                        .bind(v.to_string())
                        .execute(p)
                        .await
                        .map(|_| ()),
                }
                .unwrap();
                axum::Json(json!({"id": id}))
            }
        }),
    );
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let url = format!("http://{}/floor", listener.local_addr().unwrap());
    tokio::spawn(async move { axum::serve(listener, app).await.unwrap() });
    url
}

/// PostgreSQL's own counters for the database at `url` (transactions committed, rows inserted,
/// rows updated) and the payments in it: what a create costs the database, whoever sent it.
async fn pg_counts(backend: Backend, url: &str) -> Option<(i64, i64, i64, i64)> {
    if backend != Backend::Postgres {
        return None;
    }
    let pool = sqlx::PgPool::connect(url).await.ok()?;
    // The statistics are flushed to the shared counters at most once a second.
    tokio::time::sleep(Duration::from_millis(1500)).await;
    let (commits, inserted, updated): (i64, i64, i64) = sqlx::query_as(
        "SELECT xact_commit, tup_inserted, tup_updated FROM pg_stat_database WHERE datname = current_database()",
    )
    .fetch_one(&pool)
    .await
    .ok()?;
    let (payments,): (i64,) = sqlx::query_as("SELECT COUNT(*) FROM payments").fetch_one(&pool).await.ok()?;
    pool.close().await;
    Some((commits, inserted, updated, payments))
}

/// Rounds of the floor then Kassa's create, alternating, as for the page and payouts: one 10 s
/// stretch of each gave the create 70–109 % of its floor from one run to the next on one machine.
/// Kassa's creates all fall within 30 s: a payment still without a requisite is searched again
/// 30 s after its create (the bench's pool is empty, its search window an hour), work that is
/// not the create's and that grew each later round when the rounds were longer.
const CREATE_ROUNDS: usize = 3;
const CREATE_WARMUP: Duration = Duration::from_secs(1);
const CREATE_RUN: Duration = Duration::from_secs(3);
/// Bodies signed for each round: more than a round sends at 15,000 creates a second (a body
/// sent twice would be refused as a replay).
const CREATE_PER_ROUND: usize = 60_000;

async fn create_bench() {
    println!("## Create payin through HTTP with signed requests, beside a bare axum+sqlx insert\n");
    println!(
        "  {CONCURRENCY} concurrent clients; {CREATE_ROUNDS} rounds of the floor then Kassa, each {}s warm-up and {}s \
         measured; bodies signed before the first.\n",
        CREATE_WARMUP.as_secs(),
        CREATE_RUN.as_secs()
    );
    for backend in backends() {
        let client = reqwest::Client::builder().pool_max_idle_per_host(CONCURRENCY).build().unwrap();
        let (floor_url_db, _floor_dir) = fresh(backend, "floor").await;
        let floor_url = floor_server(floor_url_db.clone()).await;
        let floor_bodies: Arc<Vec<String>> = Arc::new((0..200_000).map(|i| create_body("p", i).to_string()).collect());
        let (db, _dir) = fresh(backend, "create").await;
        let kassa = start_kassa(&db, |_| {}).await;
        let url = format!("{}/api/v1/payment/p2p/payin", kassa.base);
        // Each round its own payments (a `payment_id` or a signature sent twice is refused),
        // all signed before the first so that the rounds follow each other closely.
        let signed: Vec<Arc<Vec<Prepared>>> = (0..CREATE_ROUNDS)
            .map(|round| {
                let bodies = (0..CREATE_PER_ROUND).map(|i| create_body(&kassa.key.1, round * CREATE_PER_ROUND + i));
                Arc::new(bodies.map(|body| prepare(&kassa, &body)).collect())
            })
            .collect();
        let before = pg_counts(backend, &db).await;
        let (mut floor_parts, mut kassa_parts, mut ratios) = (Vec::new(), Vec::new(), Vec::new());
        for prepared in &signed {
            let floor = {
                let (client, bodies, url) = (client.clone(), floor_bodies.clone(), floor_url.clone());
                load_for(CREATE_WARMUP, CREATE_RUN, move |i| {
                    let (client, bodies, url) = (client.clone(), bodies.clone(), url.clone());
                    async move {
                        let body = bodies[i % bodies.len()].clone();
                        matches!(client.post(&url).header("content-type", "application/json").body(body).send().await, Ok(r) if r.status().is_success())
                    }
                })
                .await
            };
            let prepared = prepared.clone();
            profile("enable");
            let created = {
                let (client, url) = (client.clone(), url.clone());
                load_for(CREATE_WARMUP, CREATE_RUN, move |i| {
                    let (client, prepared, url) = (client.clone(), prepared.clone(), url.clone());
                    async move { send(&client, &url, &prepared[i % prepared.len()]).await }
                })
                .await
            };
            profile("disable");
            let rate = |m: &Measured| m.latencies.len() as f64 / m.run.as_secs_f64();
            ratios.push(format!(
                "{:.0} % ({:.0}/{:.0})",
                100.0 * rate(&created) / rate(&floor).max(1.0),
                rate(&created),
                rate(&floor)
            ));
            floor_parts.push(floor);
            kassa_parts.push(created);
        }
        let (floor, stats) = (Stats::of(&floor_parts), Stats::of(&kassa_parts));
        let after = pg_counts(backend, &db).await;
        println!("  {backend:?}:");
        report("floor (parse JSON + INSERT one row)", &floor);
        report("kassa create (auth, validation, payment+history)", &stats);
        println!(
            "  {:<44} {:>8.0} %   (rounds: {})",
            "kassa / floor",
            100.0 * stats.throughput / floor.throughput,
            ratios.join(", ")
        );
        if backend == Backend::Postgres {
            // Where the rest of the machine went: PostgreSQL's own processes, and idle cores.
            println!(
                "  PostgreSQL's processes: {:.0} µs CPU per create (floor: {:.0} per insert); machine busy {:.2} cores \
                 (floor: {:.2})",
                stats.db_cpu_us, floor.db_cpu_us, stats.busy_cores, floor.busy_cores
            );
        }
        if let (Some(before), Some(after)) = (before, after) {
            // Warm-up included: the counters cover every create sent, measured or not.
            let creates = (after.3 - before.3) as f64;
            println!(
                "  per create on PostgreSQL: {:.2} transactions committed, {:.2} rows inserted, {:.2} rows updated",
                (after.0 - before.0) as f64 / creates,
                (after.1 - before.1) as f64 / creates,
                (after.2 - before.2) as f64 / creates,
            );
        }
        println!();
        if backend == Backend::Postgres {
            drop_pg(&db).await;
            drop_pg(&floor_url_db).await;
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Payout create beside payin create (issue 10)

fn payout_body(project_id: &str, i: usize) -> Value {
    json!({
        "general": {"project_id": project_id, "payment_id": format!("payout-{i}"), "merchant_callback_url": "https://merchant.example/cb"},
        "payment": {"method": "card-p2p", "amount": 100 + (i % 1000) as i64, "currency": "RUB", "description": "Withdrawal"},
        "receiver": {"pan": "5536913812345672", "card_holder": "IVAN PETROV"},
        "customer": {"id": format!("user-{}", i % 1000), "ip_address": "203.0.113.7", "country": "RU"}
    })
}

/// Gives the project a balance to pay out from, as an opening entry of the ledger.
async fn fund(database_url: &str, project_id: &str, amount: i64) {
    use sqlx::Connection;
    let statements = [
        format!(
            "INSERT INTO balances (project_id, currency, amount, locked_amount) VALUES ('{project_id}', 'RUB', {amount}, 0)"
        ),
        format!(
            "INSERT INTO ledger_entries (project_id, currency, request_id, kind, amount_delta, locked_delta, created_ms) \
             VALUES ('{project_id}', 'RUB', NULL, 'opening', {amount}, 0, 0)"
        ),
    ];
    if database_url.starts_with("sqlite") {
        let mut c = sqlx::SqliteConnection::connect(database_url).await.unwrap();
        for sql in &statements {
            sqlx::query(sql).execute(&mut c).await.unwrap();
        }
    } else {
        let mut c = sqlx::PgConnection::connect(database_url).await.unwrap();
        for sql in &statements {
            sqlx::query(sql).execute(&mut c).await.unwrap();
        }
    }
}

/// Rounds of payins then payouts, alternating, so drift on a shared machine and work one kind
/// leaves behind (the payins' requisites search) fall on both alike.
const PAYOUT_ROUNDS: usize = 3;
const PAYOUT_WARMUP: Duration = Duration::from_secs(1);
const PAYOUT_RUN: Duration = Duration::from_secs(5);

async fn payout_bench() {
    println!(
        "## Payout create beside payin create (target: payouts at least 80 % of payins)\n\n  \
         {CONCURRENCY} concurrent clients; {PAYOUT_ROUNDS} alternating rounds of payins then payouts, each \
         {}s warm-up and {}s measured; one server and database for both.\n",
        PAYOUT_WARMUP.as_secs(),
        PAYOUT_RUN.as_secs()
    );
    for backend in backends() {
        let client = reqwest::Client::builder().pool_max_idle_per_host(CONCURRENCY).build().unwrap();
        let (db, _dir) = fresh(backend, "payout").await;
        let kassa = start_kassa(&db, |_| {}).await;
        fund(&db, &kassa.key.1, 1_000_000_000_000).await;
        // Each request is signed once (a replayed signature is refused), so every round takes
        // the next unused ones.
        let payins: Arc<Vec<Prepared>> =
            Arc::new((0..150_000).map(|i| prepare(&kassa, &create_body(&kassa.key.1, i))).collect());
        let payouts: Arc<Vec<Prepared>> =
            Arc::new((0..150_000).map(|i| prepare(&kassa, &payout_body(&kassa.key.1, i))).collect());
        let round = |path: &str, prepared: Arc<Vec<Prepared>>, cursor: Arc<AtomicUsize>| {
            let (client, url) = (client.clone(), format!("{}{path}", kassa.base));
            load_for(PAYOUT_WARMUP, PAYOUT_RUN, move |_| {
                let (client, prepared, url) = (client.clone(), prepared.clone(), url.clone());
                let i = cursor.fetch_add(1, Ordering::Relaxed);
                async move { send(&client, &url, &prepared[i % prepared.len()]).await }
            })
        };
        let (payin_cursor, payout_cursor) = (Arc::new(AtomicUsize::new(0)), Arc::new(AtomicUsize::new(0)));
        let (mut payin, mut payout) = (Vec::new(), Vec::new());
        for _ in 0..PAYOUT_ROUNDS {
            payin.push(round("/api/v1/payment/p2p/payin", payins.clone(), payin_cursor.clone()).await);
            payout.push(round("/api/v1/payment/p2p/payout", payouts.clone(), payout_cursor.clone()).await);
        }
        let (payin, payout) = (Stats::of(&payin), Stats::of(&payout));
        println!("  {backend:?}:");
        report("payin create", &payin);
        report("payout create (balance lock + ledger entry)", &payout);
        println!("  {:<44} {:>8.0} %\n", "payout / payin", 100.0 * payout.throughput / payin.throughput);
        let mismatches = kassa.stores.ledger.verify().await.unwrap();
        assert!(mismatches.is_empty(), "the ledger holds after the run: {mismatches:?}");
        if backend == Backend::Postgres {
            drop_pg(&db).await;
        }
    }
}

// ---------------------------------------------------------------------------------------------
// 3. Info on 10k vs 1M payments

async fn bulk_insert(storage_url: &str, project_id: &str, from: i64, count: i64) {
    // Copies of one realistic payment row, made by the database itself.
    let select = |series: &str, id_expr: &str, token_expr: &str| {
        format!(
            "SELECT {id_expr}, '{project_id}', 'bulk-' || x, 'h2h-p2p', 'payin', 'RU', 'RUB', 'card-p2p', NULL, 150000, 150000, 150000, 600, \
             1795219200000 + x, 1795219200000 + x, 'decline', NULL, 'Canceled by client', 2, 'user-' || (x % 5000), \
             '{{\"urls\":{{}},\"customer\":{{\"id\":\"u\",\"ip_address\":\"1.2.3.4\",\"country\":\"RU\"}}}}', NULL, NULL, NULL, {token_expr}, 'h', NULL, NULL, NULL, FALSE, NULL \
             FROM {series}"
        )
    };
    let columns = "(request_id, project_id, payment_id, integration, payment_type, country, currency, method, widget_method, amount, \
        old_amount, initial_amount, lifetime_s, created_ms, updated_ms, status, sub_status, status_description, version, customer_id, \
        details_json, recipient_json, card_auth_json, requisite_hold, page_token, request_hash, deadline_ms, search_at_ms, search_until_ms, \
        has_receipt, received_amount)";
    if storage_url.starts_with("sqlite") {
        use sqlx::Connection;
        let mut c = sqlx::SqliteConnection::connect(storage_url).await.unwrap();
        let sql = format!(
            "WITH RECURSIVE s(x) AS (SELECT {from} UNION ALL SELECT x + 1 FROM s WHERE x < {}) INSERT INTO payments {columns} {}",
            from + count - 1,
            select("s", "printf('%032x', x)", "printf('%040x', x)")
        );
        sqlx::query(&sql).execute(&mut c).await.unwrap();
    } else {
        use sqlx::Connection;
        let mut c = sqlx::PgConnection::connect(storage_url).await.unwrap();
        let sql = format!(
            "INSERT INTO payments {columns} {}",
            select(
                &format!("generate_series({from}::bigint, {}::bigint) AS x", from + count - 1),
                "lpad(to_hex(x), 32, '0')",
                "lpad(to_hex(x), 40, '0')"
            )
        );
        sqlx::query(&sql).execute(&mut c).await.unwrap();
        sqlx::query("ANALYZE payments").execute(&mut c).await.unwrap();
    }
}

async fn info_bench() {
    println!("## Info latency on 10,000 vs 1,000,000 payments\n");
    for backend in backends() {
        let (db, _dir) = fresh(backend, "info").await;
        let kassa = start_kassa(&db, |_| {}).await;
        let client = reqwest::Client::new();
        let url = format!("{}/api/v1/payment/p2p/payin/info", kassa.base);
        let mut results = Vec::new();
        let mut loaded = 0i64;
        for target in [10_000i64, 1_000_000] {
            let started = Instant::now();
            bulk_insert(&db, &kassa.key.1, loaded + 1, target - loaded).await;
            loaded = target;
            let fill = started.elapsed();
            let prepared: Arc<Vec<Prepared>> = Arc::new(
                (0..100_000)
                    .map(|i| {
                        let n = 1 + (i as i64 * 7919) % target;
                        prepare(
                            &kassa,
                            &json!({"general": {"project_id": kassa.key.1, "payment_id": format!("bulk-{n}")}}),
                        )
                    })
                    .collect(),
            );
            let stats = {
                let (client, prepared, url) = (client.clone(), prepared.clone(), url.clone());
                load(move |i| {
                    let (client, prepared, url) = (client.clone(), prepared.clone(), url.clone());
                    async move { send(&client, &url, &prepared[i % prepared.len()]).await }
                })
                .await
            };
            results.push((target, stats, fill));
        }
        println!("  {backend:?}:");
        for (n, s, fill) in &results {
            report(&format!("info with {n} payments (filled in {:.1}s)", fill.as_secs_f64()), s);
        }
        println!(
            "  {:<44} {:>8.1} % (p50 latency change)\n",
            "1M vs 10k",
            100.0 * (results[1].1.p50_ms / results[0].1.p50_ms - 1.0)
        );
        let _ = &kassa.stores;
        if backend == Backend::Postgres {
            drop_pg(&db).await;
        }
    }
}

// ---------------------------------------------------------------------------------------------
// The operator dashboard on 1,000,000 payments

/// A million payins spread over the last 30 days (about 33,000 a day): 80 % got requisites
/// (with their history row), 60 % succeeded, 20 % expired, over four methods and two countries.
async fn bulk_dashboard(storage_url: &str, project_id: &str, count: i64, now_ms: i64) {
    let span = 30 * 86_400_000i64;
    let select = |series: &str, id_expr: &str, token_expr: &str| {
        format!(
            "SELECT {id_expr}, '{project_id}', 'dash-' || x, 'h2h-p2p', 'payin', \
               CASE WHEN x % 7 = 0 THEN 'KZ' ELSE 'RU' END, CASE WHEN x % 7 = 0 THEN 'KZT' ELSE 'RUB' END, \
               CASE x % 4 WHEN 0 THEN 'card-p2p' WHEN 1 THEN 'sbp-p2p' WHEN 2 THEN 'sbp-qr' ELSE 'account-number' END, NULL, \
               150000 + (x % 1000) * 100, 150000, 150000, 600, \
               {now_ms} - {span} + x * ({span} / {count}), {now_ms} - {span} + x * ({span} / {count}) + 60000 + (x % 600) * 1000, \
               CASE WHEN x % 10 < 6 THEN 'success' ELSE 'decline' END, NULL, \
               CASE WHEN x % 10 < 6 THEN NULL WHEN x % 10 < 8 THEN 'Lifetime expired' ELSE 'Requisites not found' END, 4, 'user-' || (x % 5000), \
               '{{\"urls\":{{}},\"customer\":{{\"id\":\"u\",\"ip_address\":\"1.2.3.4\",\"country\":\"RU\"}}}}', \
               CASE WHEN x % 10 < 8 THEN '{{\"requisite_id\":\"r' || (x % 50) || '\",\"pan\":\"2200700123456781\",\"currency\":\"RUB\"}}' END, \
               NULL, NULL, {token_expr}, 'h', NULL, NULL, NULL, FALSE, NULL \
             FROM {series}"
        )
    };
    let columns = "(request_id, project_id, payment_id, integration, payment_type, country, currency, method, widget_method, amount, \
        old_amount, initial_amount, lifetime_s, created_ms, updated_ms, status, sub_status, status_description, version, customer_id, \
        details_json, recipient_json, card_auth_json, requisite_hold, page_token, request_hash, deadline_ms, search_at_ms, search_until_ms, \
        has_receipt, received_amount)";
    // The moment each payment got its requisites (a history row, as the trigger writes them).
    let requisite_column = if storage_url.starts_with("sqlite") {
        "UPDATE payments SET requisite_id = json_extract(recipient_json, '$.requisite_id') WHERE recipient_json IS NOT NULL"
    } else {
        "UPDATE payments SET requisite_id = recipient_json::jsonb ->> 'requisite_id' WHERE recipient_json IS NOT NULL"
    };
    let requisites_history = "INSERT INTO payment_status_history (request_id, version, status, sub_status, status_description, \
        amount, actor, at_ms) SELECT request_id, 2, 'processing', 'awaiting_confirm', NULL, amount, 'system', created_ms + 1500 \
        FROM payments WHERE recipient_json IS NOT NULL AND payment_id LIKE 'dash-%'";
    // The 50 requisites the payments name, each with its own last four digits (r7: ...6007).
    let requisites = format!(
        "INSERT INTO requisites (id, country, currency, pan, created_ms) VALUES {}",
        (0..50)
            .map(|i| format!("('r{i}', 'RU', 'RUB', '220070012345{:04}', {now_ms})", 6000 + i))
            .collect::<Vec<_>>()
            .join(", ")
    );
    use sqlx::Connection;
    if storage_url.starts_with("sqlite") {
        let mut c = sqlx::SqliteConnection::connect(storage_url).await.unwrap();
        sqlx::query(&requisites).execute(&mut c).await.unwrap();
        let sql = format!(
            "WITH RECURSIVE s(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM s WHERE x < {count}) INSERT INTO payments {columns} {}",
            select("s", "printf('d%031x', x)", "printf('d%039x', x)")
        );
        sqlx::query(&sql).execute(&mut c).await.unwrap();
        sqlx::query(requisite_column).execute(&mut c).await.unwrap();
        sqlx::query(requisites_history).execute(&mut c).await.unwrap();
        sqlx::query("ANALYZE").execute(&mut c).await.unwrap();
    } else {
        let mut c = sqlx::PgConnection::connect(storage_url).await.unwrap();
        sqlx::query(&requisites).execute(&mut c).await.unwrap();
        let sql = format!(
            "INSERT INTO payments {columns} {}",
            select(
                &format!("generate_series(1::bigint, {count}::bigint) AS x"),
                "'d' || lpad(to_hex(x), 31, '0')",
                "'d' || lpad(to_hex(x), 39, '0')"
            )
        );
        sqlx::query(&sql).execute(&mut c).await.unwrap();
        sqlx::query(requisite_column).execute(&mut c).await.unwrap();
        sqlx::query(requisites_history).execute(&mut c).await.unwrap();
        // What autovacuum does on a live database (index-only scans need the visibility map).
        sqlx::query("VACUUM ANALYZE").execute(&mut c).await.unwrap();
    }
}

async fn dashboard_bench() {
    println!("## Operator dashboard on 1,000,000 payments (target: under 200 ms)\n");
    for backend in backends() {
        let (db, _dir) = fresh(backend, "dashboard").await;
        let kassa = start_kassa(&db, |_| {}).await;
        let now = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).unwrap().as_millis() as i64;
        let started = Instant::now();
        bulk_dashboard(&db, &kassa.key.1, 1_000_000, now).await;
        let fill = started.elapsed();
        // What the roll-up job does every minute (it ran at start, before the fill): the six
        // days before today recomputed from the payments.
        let started = Instant::now();
        let today = now - now.rem_euclid(kassa::domain::stats::DAY_MS);
        for back in 1..=6 {
            kassa
                .stores
                .stats
                .roll_up_day(
                    today - back * kassa::domain::stats::DAY_MS,
                    kassa::domain::state_machine::reason::LIFETIME_EXPIRED,
                    now,
                )
                .await
                .unwrap();
        }
        let roll_up = started.elapsed();
        kassa
            .services
            .users
            .add(
                kassa::domain::user::Audience::Operator,
                None,
                "bench",
                &Secret::new("bench bench bench".into()),
                Some(kassa::domain::user::Role::Admin),
            )
            .await
            .unwrap();
        let client = reqwest::Client::builder().cookie_store(true).build().unwrap();
        let login = client.get(format!("{}/operator/login", kassa.base)).send().await.unwrap().text().await.unwrap();
        let at = login.find("name=\"csrf\" value=\"").unwrap() + "name=\"csrf\" value=\"".len();
        let csrf = login[at..at + login[at..].find('"').unwrap()].to_string();
        let signed_in = client
            .post(format!("{}/operator/login", kassa.base))
            .form(&[("csrf", csrf.as_str()), ("login", "bench"), ("password", "bench bench bench")])
            .send()
            .await
            .unwrap();
        assert!(signed_in.url().path().ends_with("/operator/"), "logged in");
        let mut times = Vec::new();
        for i in 0..12 {
            let t = Instant::now();
            let page = client.get(format!("{}/operator/dashboard", kassa.base)).send().await.unwrap();
            assert_eq!(page.status(), 200);
            let html = page.text().await.unwrap();
            if i == 0 {
                assert!(html.contains("RU · card-p2p"), "the dashboard shows the bulk payments");
            } else {
                // The first answer warms the caches; the rest are measured.
                times.push(t.elapsed());
            }
        }
        times.sort();
        println!(
            "  {backend:?} (filled in {:.1}s; roll-up of the six earlier days {:.0} ms): dashboard page p50 {:.1} ms, max {:.1} ms \
             over {} requests (today ≈ 33,000 and the last 7 days ≈ 233,000 payins)\n",
            fill.as_secs_f64(),
            roll_up.as_secs_f64() * 1000.0,
            percentile(&times, 0.5),
            times.last().unwrap().as_secs_f64() * 1000.0,
            times.len()
        );
        // The operator's search on the same million, each loaded eleven times after a warm-up:
        // by the last four digits of a requisite (16,000 payments), by the start of a payment
        // id in another case (111), by a prefix every payment has, and with no filter; each
        // page also adds up the set (at most 10,000 rows read).
        for (what, path, expect) in [
            ("last four digits", "/operator/payments?requisite=6007", "r7"),
            ("payment id prefix, other case", "/operator/payments?q=DASH-12345", "dash-12345"),
            ("prefix of every payment", "/operator/payments?q=dash-", "dash-"),
            ("no filter", "/operator/payments", "dash-"),
        ] {
            let mut times = Vec::new();
            for i in 0..12 {
                let t = Instant::now();
                let page = client.get(format!("{}{path}", kassa.base)).send().await.unwrap();
                assert_eq!(page.status(), 200);
                let html = page.text().await.unwrap();
                assert!(html.contains("/operator/payments/d"), "{what}: the search finds the bulk payments");
                assert!(expect == "r7" || html.contains(expect), "{what}: {expect}");
                if i > 0 {
                    times.push(t.elapsed());
                }
            }
            times.sort();
            println!(
                "  {backend:?}: operator payment search, {what}: p50 {:.1} ms, max {:.1} ms\n",
                percentile(&times, 0.5),
                times.last().unwrap().as_secs_f64() * 1000.0
            );
        }
        // The merchant console's payment list on the same million: the first page and one
        // half-way down (a keyset position), each loaded eleven times after a warm-up.
        kassa
            .services
            .users
            .add(
                kassa::domain::user::Audience::Merchant,
                Some(&kassa.key.0),
                "shop",
                &Secret::new("bench bench bench".into()),
                Some(kassa::domain::user::Role::Owner),
            )
            .await
            .unwrap();
        let merchant = reqwest::Client::builder().cookie_store(true).build().unwrap();
        let login = merchant.get(format!("{}/merchant/login", kassa.base)).send().await.unwrap().text().await.unwrap();
        let at = login.find("name=\"csrf\" value=\"").unwrap() + "name=\"csrf\" value=\"".len();
        let csrf = login[at..at + login[at..].find('"').unwrap()].to_string();
        merchant
            .post(format!("{}/merchant/login", kassa.base))
            .form(&[("csrf", csrf.as_str()), ("login", "shop"), ("password", "bench bench bench")])
            .send()
            .await
            .unwrap();
        let half = now - 15 * 86_400_000;
        for (what, path) in [
            ("first page", "/merchant/".to_string()),
            ("half-way down", format!("/merchant/?after_ms={half}&after_id=dffffffffffffffffffffffffffffff")),
        ] {
            let mut times = Vec::new();
            for i in 0..12 {
                let t = Instant::now();
                let page = merchant.get(format!("{}{path}", kassa.base)).send().await.unwrap();
                assert_eq!(page.status(), 200);
                let html = page.text().await.unwrap();
                assert!(html.contains("/merchant/payments/d"), "the list shows the bulk payments");
                if i > 0 {
                    times.push(t.elapsed());
                }
            }
            times.sort();
            println!(
                "  {backend:?}: merchant payment list, {what}: p50 {:.1} ms, max {:.1} ms\n",
                percentile(&times, 0.5),
                times.last().unwrap().as_secs_f64() * 1000.0
            );
        }
        if backend == Backend::Postgres {
            drop_pg(&db).await;
        }
    }
}

// ---------------------------------------------------------------------------------------------
// 4. Callback delivery vs a bare reqwest loop

async fn receiver() -> (String, Arc<AtomicUsize>, Arc<Mutex<Vec<Instant>>>) {
    let count = Arc::new(AtomicUsize::new(0));
    let arrivals = Arc::new(Mutex::new(Vec::new()));
    let (c, a) = (count.clone(), arrivals.clone());
    let app = Router::new().route(
        "/cb",
        post(move || {
            let (c, a) = (c.clone(), a.clone());
            async move {
                c.fetch_add(1, Ordering::Relaxed);
                a.lock().await.push(Instant::now());
                "ok"
            }
        }),
    );
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let url = format!("http://{}/cb", listener.local_addr().unwrap());
    tokio::spawn(async move { axum::serve(listener, app).await.unwrap() });
    (url, count, arrivals)
}

/// Runs `call(i)` for every `i < n`, `workers` at a time.
async fn fan_out<F, Fut>(n: usize, workers: usize, call: F)
where
    F: Fn(usize) -> Fut + Clone + Send + 'static,
    Fut: std::future::Future<Output = bool> + Send,
{
    let mut tasks = Vec::new();
    for w in 0..workers {
        let call = call.clone();
        tasks.push(tokio::spawn(async move {
            let mut i = w;
            while i < n {
                assert!(call(i).await, "request {i} failed");
                i += workers;
            }
        }));
    }
    for t in tasks {
        t.await.unwrap();
    }
}

/// Fills a fresh outbox on `backend` through an API-only process (n payments created and
/// cancelled, each leaving one decline callback to the receiver), then starts a sending process on it
/// and times it until the receiver has them all: callbacks a second, µs of CPU per callback,
/// and one callback's body (for the floor).
async fn deliver_outbox(
    backend: Backend,
    n: usize,
    client: &reqwest::Client,
    count: &Arc<AtomicUsize>,
    body: &dyn Fn(&str, &str, i64) -> serde_json::Value,
) -> (f64, f64, String) {
    let (db, _dir) = fresh(backend, "callbacks").await;
    let api = Arc::new(start_kassa(&db, |c| c.send_callbacks = false).await);
    let creates: Arc<Vec<Prepared>> =
        Arc::new((0..n).map(|i| prepare(&api, &body(&api.key.1, &format!("cb-{i}"), 1000 + i as i64))).collect());
    let cancels: Arc<Vec<Prepared>> = Arc::new(
        (0..n)
            .map(|i| prepare(&api, &json!({"general": {"project_id": api.key.1, "payment_id": format!("cb-{i}")}})))
            .collect(),
    );
    for (path, bodies) in [("", creates), ("/cancel", cancels)] {
        let (client, url) = (client.clone(), format!("{}/api/v1/payment/p2p/payin{path}", api.base));
        fan_out(n, 16, move |i| {
            let (client, url, bodies) = (client.clone(), url.clone(), bodies.clone());
            async move { send(&client, &url, &bodies[i]).await }
        })
        .await;
    }
    assert_eq!(count.load(Ordering::Relaxed), 0, "the API-only process sends nothing");

    let mut config = Config::defaults();
    config.database_url = DatabaseUrl::new(db.as_str());
    config.bind = "127.0.0.1:0".parse().unwrap();
    config.allow_private_callbacks = true;
    config.sandbox = true;
    config.master_key = Some(Secret::new(BENCH_MASTER_KEY.into()));
    // One project and one receiver: let them use every delivery slot (the per-project and
    // per-host caps share slots between merchants; here there is one).
    config.callback_max_per_project = 64;
    config.callback_max_per_host = 64;
    let sender = Application::build(config).await.unwrap();
    profile("enable");
    let (cpu_before, db_cpu_before) = (process_cpu_s(), postgres_cpu_s());
    let started = Instant::now();
    let sender = tokio::spawn(sender.run_until_stopped());
    while count.load(Ordering::Relaxed) < n {
        tokio::time::sleep(Duration::from_millis(2)).await;
    }
    let kassa_time = started.elapsed();
    let kassa_cpu = process_cpu_s() - cpu_before;
    let db_cpu_us = (postgres_cpu_s() - db_cpu_before) * 1e6 / n as f64;
    profile("disable");
    sender.abort();
    let request_id = api.stores.payments.payment(&api.key.1, "cb-0").await.unwrap().unwrap().request_id;
    let sample = api.stores.outbox.callbacks(&request_id).await.unwrap()[0].body.clone();
    if backend == Backend::Postgres {
        drop_pg(&db).await;
    }
    if backend == Backend::Postgres {
        println!("  PostgreSQL's processes: {db_cpu_us:.0} µs CPU per callback delivered");
    }
    (n as f64 / kassa_time.as_secs_f64(), kassa_cpu * 1e6 / n as f64, sample)
}

async fn callbacks_bench() {
    println!("## Callback delivery to a local receiver, beside a bare reqwest loop\n");
    let (url, count, arrivals) = receiver().await;
    let client = reqwest::Client::new();
    let n = 10_000usize;
    let body = |project_id: &str, payment_id: &str, amount: i64| {
        json!({
            "general": {"project_id": project_id, "payment_id": payment_id, "merchant_decline_callback_url": url},
            "payment": {"method": "card-p2p", "amount": amount, "currency": "RUB"},
            "customer": {"id": "u", "ip_address": "1.2.3.4", "country": "RU"}
        })
    };

    // Kassa on each backend: n callbacks waiting in the outbox, then a sending process.
    let mut kassa = Vec::new();
    let mut sample_body = String::new();
    for backend in backends() {
        count.store(0, Ordering::Relaxed);
        let (rate, cpu_us, sample) = deliver_outbox(backend, n, &client, &count, &body).await;
        sample_body = sample;
        kassa.push((backend, rate, cpu_us));
    }

    // Floor: the same body posted by a bare reqwest loop, 64 at a time; four times as many posts
    // as Kassa sends, so the floor is measured over about as long (a fifth of a second varied
    // by a third between runs).
    let floor_n = 4 * n;
    let cpu_before = process_cpu_s();
    let floor_started = Instant::now();
    let sem = Arc::new(tokio::sync::Semaphore::new(64));
    let mut tasks = Vec::new();
    for _ in 0..floor_n {
        let permit = sem.clone().acquire_owned().await.unwrap();
        let (client, url, body) = (client.clone(), url.clone(), sample_body.clone());
        tasks.push(tokio::spawn(async move {
            client.post(&url).header("content-type", "application/json").body(body).send().await.unwrap();
            drop(permit);
        }));
    }
    for t in tasks {
        t.await.unwrap();
    }
    let floor_time = floor_started.elapsed();
    let floor_cpu = process_cpu_s() - cpu_before;
    let floor_rate = floor_n as f64 / floor_time.as_secs_f64();
    println!("  {n} callbacks waiting in the outbox, receiver and sender in one process.\n");
    println!(
        "  {:<44} {floor_rate:>8.0} callbacks/s {:>8.0} µs CPU/callback",
        "floor: bare reqwest loop, 64 in flight",
        floor_cpu * 1e6 / floor_n as f64
    );
    for (backend, rate, cpu_us) in kassa {
        println!("  {backend:?}:");
        println!(
            "  {:<44} {rate:>8.0} callbacks/s {cpu_us:>8.0} µs CPU/callback",
            "kassa: claim, sign, post, record attempt"
        );
        println!("  {:<44} {:>8.0} %", "kassa / floor", 100.0 * rate / floor_rate);
    }
    println!();

    // Latency on an idle server: from the cancel call to the callback's arrival.
    let (db, _dir2) = fresh(Backend::Sqlite, "callbacks-latency").await;
    let kassa = start_kassa(&db, |_| {}).await;
    let cancel_url = format!("{}/api/v1/payment/p2p/payin/cancel", kassa.base);
    tokio::time::sleep(Duration::from_secs(1)).await;
    let mut lat = Vec::new();
    for i in 0..200 {
        let id = format!("lat-{i}");
        let b = body(&kassa.key.1, &id, 1000 + i);
        assert!(send(&client, &format!("{}/api/v1/payment/p2p/payin", kassa.base), &prepare(&kassa, &b)).await);
        let cancel = prepare(&kassa, &json!({"general": {"project_id": kassa.key.1, "payment_id": id}}));
        let before = arrivals.lock().await.len();
        let t0 = Instant::now();
        assert!(send(&client, &cancel_url, &cancel).await);
        loop {
            if arrivals.lock().await.len() > before {
                break;
            }
            tokio::time::sleep(Duration::from_micros(200)).await;
        }
        lat.push(t0.elapsed());
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    lat.sort();
    println!(
        "  status change → callback arrival on an idle server: p50 {:.1} ms, p99 {:.1} ms (200 changes)\n",
        percentile(&lat, 0.5),
        percentile(&lat, 0.99)
    );
}

// ---------------------------------------------------------------------------------------------
// 5. Page weight and rendering

async fn gz_len(client: &reqwest::Client, url: &str) -> (usize, usize) {
    let raw = client.get(url).header("accept-encoding", "identity").send().await.unwrap().bytes().await.unwrap();
    (raw.len(), flate2_lite(&raw).len())
}

/// gzip size as the server's compression layer would produce it (level 6 deflate).
fn flate2_lite(data: &[u8]) -> Vec<u8> {
    use std::io::Write;
    let mut enc = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::default());
    enc.write_all(data).unwrap();
    enc.finish().unwrap()
}

/// Rounds of the static floor then the page, alternating; each warms up, then is measured.
const PAGE_ROUNDS: usize = 4;
const PAGE_WARMUP: Duration = Duration::from_secs(1);
const PAGE_RUN: Duration = Duration::from_secs(3);

async fn page_bench() {
    println!("## Hosted page: weight (gzip) and rendering throughput beside a static page\n");
    let (db, _dir) = fresh(Backend::Sqlite, "page").await;
    let kassa = start_kassa(&db, |_| {}).await;
    let client = reqwest::Client::builder().build().unwrap();
    let operator = |path: &str, body: Value| {
        let (client, url) = (client.clone(), format!("{}{path}", kassa.base));
        async move { client.post(url).bearer_auth("bench").json(&body).send().await.unwrap().json::<Value>().await.unwrap() }
    };
    operator("/api/v1/operator/requisites", json!({"country": "RU", "currency": "RUB", "methods": ["payin-qr-sbp"],
        "pan": "https://qr.nspk.ru/AS1000670LSS7DN18SJQDNP4B05KLJL2", "card_holder": "IVAN PETROV", "bank_symbol": "sberbank"})).await;
    let body = json!({
        "general": {"project_id": kassa.key.1, "payment_id": "page-1", "redirect_url": "https://shop.example/"},
        "payment": {"widget_method": "payin-qr-sbp", "amount": 150000, "currency": "RUB", "description": "Order 42"},
        "customer": {"id": "u", "ip_address": "1.2.3.4", "country": "RU"}
    });
    let created: Value = {
        let p = prepare(&kassa, &body);
        let mut req = client.post(format!("{}/api/v1/widget/payin", kassa.base)).body(p.body.clone());
        for (k, v) in &p.headers {
            req = req.header(*k, v);
        }
        req.send().await.unwrap().json().await.unwrap()
    };
    let form_url = created["integration"]["form_url"].as_str().unwrap().to_string();
    for _ in 0..100 {
        let s: Value = client.get(format!("{form_url}/status")).send().await.unwrap().json().await.unwrap();
        if s["sub_status"] == "awaiting_confirm" {
            break;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    let first = client.get(&form_url).send().await.unwrap();
    // A returning visitor: the session (and its CSRF token) already exists.
    let cookie = first.headers()["set-cookie"].to_str().unwrap().split(';').next().unwrap().to_string();
    let html = first.text().await.unwrap();
    let css_href = html.split("rel=\"stylesheet\" href=\"").nth(1).unwrap().split('"').next().unwrap().to_string();
    let (html_raw, html_gz) = (html.len(), flate2_lite(html.as_bytes()).len());
    let (css_raw, css_gz) = gz_len(&client, &format!("{}{css_href}", kassa.base)).await;
    let (qr_raw, qr_gz) = gz_len(&client, &format!("{form_url}/qr.svg")).await;
    let (ico_raw, ico_gz) = gz_len(&client, &format!("{}/favicon.svg", kassa.base)).await;
    let no_js = html_gz + css_gz + qr_gz + ico_gz;
    println!(
        "  instructions page (SBP QR), gzip:  HTML {html_gz} B ({html_raw} raw), CSS {css_gz} B ({css_raw}), QR SVG {qr_gz} B ({qr_raw}), icon {ico_gz} B ({ico_raw})"
    );
    println!("  without JavaScript: {:.1} KB compressed (budget 30 KB)", no_js as f64 / 1024.0);
    // The page's script comes with every page; the card rules' module only with a card form,
    // counted here too (the heaviest page).
    let js_href = html.split("<script defer src=\"").nth(1).unwrap().split('"').next().unwrap().to_string();
    let (page_js_raw, page_js_gz) = gz_len(&client, &format!("{}{js_href}", kassa.base)).await;
    println!("  page script, gzip: {page_js_gz} B ({page_js_raw} raw)");
    let site = concat!(env!("CARGO_MANIFEST_DIR"), "/../target/site/pkg");
    match std::fs::read(format!("{site}/kassa_rules.wasm")) {
        Ok(wasm) => {
            let wasm_gz = flate2_lite(&wasm).len();
            println!("  card rules module (card form only), gzip: wasm {wasm_gz} B ({} raw)", wasm.len());
            println!(
                "  with JavaScript: {:.1} KB compressed in all, card rules included (budget 60 KB)\n",
                (no_js + page_js_gz + wasm_gz) as f64 / 1024.0
            );
        }
        Err(_) => {
            println!("  (card rules module not built: run scripts/build-site.sh for the whole JavaScript weight)\n")
        }
    }

    // Rendering throughput: the real page vs a handler returning a static page of that size.
    let static_page = Arc::new(html.clone());
    let floor_app =
        Router::new().route(
            "/static",
            axum::routing::get(move || {
                let page = static_page.clone();
                async move {
                    ([("content-type", "text/html; charset=utf-8"), ("cache-control", "no-store")], (*page).clone())
                }
            }),
        );
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let floor_url = format!("http://{}/static", listener.local_addr().unwrap());
    tokio::spawn(async move { axum::serve(listener, floor_app).await.unwrap() });
    // Alternating rounds, as for payouts: the floor and the page see the same moments of a
    // shared machine, whose speed drifts by a fifth between minutes.
    let (mut floor, mut page) = (Vec::new(), Vec::new());
    for _ in 0..PAGE_ROUNDS {
        let (floor_client, url) = (client.clone(), floor_url.clone());
        floor.push(
            load_for(PAGE_WARMUP, PAGE_RUN, move |_| {
                let (client, url) = (floor_client.clone(), url.clone());
                async move { matches!(client.get(&url).send().await, Ok(r) if r.status().is_success()) }
            })
            .await,
        );
        let (page_client, url, cookie) = (client.clone(), format!("{form_url}?lang=en"), cookie.clone());
        profile("enable");
        page.push(
            load_for(PAGE_WARMUP, PAGE_RUN, move |_| {
                let (client, url, cookie) = (page_client.clone(), url.clone(), cookie.clone());
                async move {
                    matches!(client.get(&url).header("cookie", cookie).send().await, Ok(r) if r.status().is_success())
                }
            })
            .await,
        );
        profile("disable");
    }
    let (floor, page) = (Stats::of(&floor), Stats::of(&page));
    report("floor: static page of the same size", &floor);
    report("kassa: instructions page (load + render)", &page);
    println!("  {:<44} {:>8.0} %\n", "kassa / floor", 100.0 * page.throughput / floor.throughput);
}
