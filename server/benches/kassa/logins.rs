//! A burst of console logins (issue 28): 100 operators sign in at once while merchants call the
//! API. argon2id takes 19 MiB and most of a core per hash; the hashing semaphore lets one per
//! core run, so memory stays bounded and the API keeps its latency. Targets: peak memory of the
//! whole process (client, server, SQLite) under 400 MB, and the API's p99 about unchanged.

use std::sync::Arc;
use std::time::{Duration, Instant};

use kassa::domain::user::{Audience, Role};
use kassa::secret::Secret;
use serde_json::json;

use super::{Backend, Prepared, bulk_insert, fresh, load_for, percentile, prepare, send, start_kassa};

const LOGINS: usize = 100;
const PASSWORD: &str = "bench login password";

/// A line of /proc/self/status, in MB (`VmHWM`: the peak resident set so far; `VmRSS`: now).
fn memory_mb(field: &str) -> f64 {
    let status = std::fs::read_to_string("/proc/self/status").unwrap_or_default();
    status
        .lines()
        .find(|l| l.starts_with(field))
        .and_then(|l| l.split_whitespace().nth(1))
        .and_then(|kb| kb.parse::<f64>().ok())
        .map_or(0.0, |kb| kb / 1024.0)
}

/// Signs one operator in: the login page (its CSRF cookie and token), then the form.
async fn log_in(base: &str, login: &str) -> Duration {
    let client =
        reqwest::Client::builder().cookie_store(true).redirect(reqwest::redirect::Policy::none()).build().unwrap();
    let started = Instant::now();
    let page = client.get(format!("{base}/operator/login")).send().await.unwrap().text().await.unwrap();
    let at = page.find("name=\"csrf\" value=\"").unwrap() + "name=\"csrf\" value=\"".len();
    let csrf = page[at..at + page[at..].find('"').unwrap()].to_string();
    let answer = client
        .post(format!("{base}/operator/login"))
        .form(&[("csrf", csrf.as_str()), ("login", login), ("password", PASSWORD)])
        .send()
        .await
        .unwrap();
    assert_eq!(answer.status(), 303, "{login} signed in");
    started.elapsed()
}

pub async fn logins_bench() {
    println!("## {LOGINS} console logins at once, beside API traffic (SQLite)\n");
    let (db, _dir) = fresh(Backend::Sqlite, "logins").await;
    let kassa = start_kassa(&db, |_| {}).await;
    bulk_insert(&db, &kassa.key.1, 1, 1_000).await;
    for i in 0..LOGINS {
        let login = format!("bench-{i}");
        kassa
            .services
            .users
            .add(Audience::Operator, None, &login, &Secret::new(PASSWORD.into()), Some(Role::Viewer))
            .await
            .unwrap();
    }
    let url = format!("{}/api/v1/payment/p2p/payin/info", kassa.base);
    let prepared: Arc<Vec<Prepared>> = Arc::new(
        (0..20_000)
            .map(|i| {
                prepare(
                    &kassa,
                    &json!({"general": {"project_id": kassa.key.1, "payment_id": format!("bulk-{}", 1 + i % 1_000)}}),
                )
            })
            .collect(),
    );
    let api = |prepared: Arc<Vec<Prepared>>, url: String| {
        let client = reqwest::Client::new();
        load_for(Duration::from_secs(1), Duration::from_secs(6), move |i| {
            let (client, prepared, url) = (client.clone(), prepared.clone(), url.clone());
            async move { send(&client, &url, &prepared[i % prepared.len()]).await }
        })
    };
    let mut alone = api(prepared.clone(), url.clone()).await.latencies;
    alone.sort();
    let before_mb = memory_mb("VmHWM:");

    // The API again, with the hundred logins fired a second into its measured stretch.
    let base = kassa.base.clone();
    let logins = tokio::spawn(async move {
        tokio::time::sleep(Duration::from_secs(2)).await;
        let started = Instant::now();
        let tasks: Vec<_> = (0..LOGINS)
            .map(|i| {
                tokio::spawn({
                    let base = base.clone();
                    async move { log_in(&base, &format!("bench-{i}")).await }
                })
            })
            .collect();
        let mut times = Vec::new();
        for t in tasks {
            times.push(t.await.unwrap());
        }
        (started.elapsed(), times)
    });
    let mut beside = api(prepared, url).await.latencies;
    beside.sort();
    let (all_in, mut times) = logins.await.unwrap();
    times.sort();
    let peak_mb = memory_mb("VmHWM:");
    println!(
        "  {LOGINS} logins: all signed in after {:.1} s; each p50 {:.0} ms, p99 {:.0} ms",
        all_in.as_secs_f64(),
        percentile(&times, 0.5),
        percentile(&times, 0.99)
    );
    println!(
        "  peak memory of the process (client, server, SQLite): {before_mb:.0} MB before, {peak_mb:.0} MB with the logins (target < 400 MB)"
    );
    println!(
        "  API info p50 / p99: {:.2} / {:.2} ms alone, {:.2} / {:.2} ms beside the logins ({} and {} requests)\n",
        percentile(&alone, 0.5),
        percentile(&alone, 0.99),
        percentile(&beside, 0.5),
        percentile(&beside, 0.99),
        alone.len(),
        beside.len()
    );
}
