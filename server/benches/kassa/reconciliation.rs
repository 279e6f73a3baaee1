//! Reconciliation at scale (issue 27): a 10,000-row statement, in each format banks send,
//! checked and applied against 1,000,000 payments. Target: under 5 s per statement (check and
//! apply together), on both backends.

use std::time::{Duration, Instant};

use kassa::domain::audit::Who;
use kassa::domain::reconciliation::Outcome;
use kassa::domain::requisite::NewRequisite;
use kassa::domain::statement::Format;
use kassa::domain::statement::write::{Entry, write};
use kassa::domain::transfer::Decision;

use super::{Backend, Kassa, backends, bulk_insert, drop_pg, fresh, start_kassa};

const ROWS: i64 = 10_000;

/// One card requisite per format, each with the account its statements show.
const CARDS: [(Format, &str, &str); 4] = [
    (Format::Csv, "5536913812345672", "40817810000000000001"),
    (Format::Mt940, "4276380012345679", "40817810000000000002"),
    (Format::Camt053, "2200700123456781", "40817810000000000003"),
    (Format::OneC, "4242424242424242", "40702810900000012345"),
];

/// `ROWS` payins of the requisite waiting for funds, of distinct amounts (a requisite serves
/// one open payment per amount), created a minute ago.
async fn waiting_payments(db: &str, project_id: &str, requisite_id: &str, tag: usize, now_ms: i64) {
    let select = |series: &str, id_expr: &str, token_expr: &str| {
        format!(
            "SELECT {id_expr}, '{project_id}', 'w{tag}-' || x, 'h2h-p2p', 'payin', 'RU', 'RUB', 'card-p2p', NULL, \
               100000 + x * 100, 100000 + x * 100, 100000 + x * 100, 86400, {created}, {created}, 'processing', \
               'awaiting_confirm', NULL, 2, 'user-' || x, \
               '{{\"urls\":{{}},\"customer\":{{\"id\":\"u\",\"ip_address\":\"1.2.3.4\",\"country\":\"RU\"}}}}', \
               '{{\"requisite_id\":\"{requisite_id}\",\"pan\":\"2200700123456781\",\"currency\":\"RUB\"}}', NULL, \
               '{requisite_id}:' || (100000 + x * 100), {token_expr}, 'h', NULL, NULL, NULL, FALSE, NULL, '{requisite_id}' \
             FROM {series}",
            created = now_ms - 60_000,
        )
    };
    let columns = "(request_id, project_id, payment_id, integration, payment_type, country, currency, method, widget_method, amount, \
        old_amount, initial_amount, lifetime_s, created_ms, updated_ms, status, sub_status, status_description, version, customer_id, \
        details_json, recipient_json, card_auth_json, requisite_hold, page_token, request_hash, deadline_ms, search_at_ms, search_until_ms, \
        has_receipt, received_amount, requisite_id)";
    use sqlx::Connection;
    if db.starts_with("sqlite") {
        let mut c = sqlx::SqliteConnection::connect(db).await.unwrap();
        let sql = format!(
            "WITH RECURSIVE s(x) AS (SELECT 0 UNION ALL SELECT x + 1 FROM s WHERE x < {}) INSERT INTO payments {columns} {}",
            ROWS - 1,
            select("s", &format!("printf('w{tag}%030x', x)"), &format!("printf('w{tag}%038x', x)"))
        );
        sqlx::query(&sql).execute(&mut c).await.unwrap();
        sqlx::query("ANALYZE").execute(&mut c).await.unwrap();
    } else {
        let mut c = sqlx::PgConnection::connect(db).await.unwrap();
        let series = format!("generate_series(0::bigint, {}::bigint) AS x", ROWS - 1);
        let sql = format!(
            "INSERT INTO payments {columns} {}",
            select(
                &series,
                &format!("'w{tag}' || lpad(to_hex(x), 30, '0')"),
                &format!("'w{tag}' || lpad(to_hex(x), 38, '0')")
            )
        );
        sqlx::query(&sql).execute(&mut c).await.unwrap();
        sqlx::query("VACUUM ANALYZE").execute(&mut c).await.unwrap();
    }
}

/// The statement of one day crediting every waiting payment of the requisite, with the
/// bank's ids.
fn statement(format: Format, account: &str, day: &str) -> Vec<u8> {
    let entries: Vec<Entry> = (0..ROWS)
        .map(|x| Entry {
            booked_on: day.to_string(),
            amount: 100_000 + x * 100,
            credit: true,
            reference: format!("Order {x}"),
            counterparty: "Ivan Petrov".into(),
            bank_id: format!("{}{x:07}", format.code().to_uppercase()),
        })
        .collect();
    write(format, account, "RUB", 2, &entries)
}

async fn one_statement(
    kassa: &Kassa,
    db: &str,
    tag: usize,
    (format, pan, account): (Format, &str, &str),
) -> (Duration, Duration) {
    let requisite = kassa
        .services
        .requisites
        .create(
            NewRequisite {
                country: "RU".into(),
                currency: "RUB".into(),
                methods: vec!["card-p2p".into()],
                pan: pan.into(),
                statement_account: Some(account.into()),
                active: Some(false),
                ..Default::default()
            },
            None,
        )
        .await
        .unwrap();
    let now = kassa::domain::time::now_ms();
    waiting_payments(db, &kassa.key.1, &requisite.id, tag, now).await;
    let bytes = statement(format, account, &kassa::domain::time::date_of(now));
    let who = Who::Operator("bench".into(), Some("operator"));
    let reconciliation = &kassa.services.reconciliation;

    let started = Instant::now();
    let checked = reconciliation.check_statement(&bytes, &who).await.unwrap().unwrap();
    let check = started.elapsed();
    let credits = checked.rows.iter().filter(|r| matches!(r.decision, Decision::Credit { .. })).count();
    assert_eq!(credits as i64, ROWS, "{format:?}: every row credits its payment");

    let started = Instant::now();
    let (_, outcomes) = reconciliation.apply_statement(&checked.id, &who).await.unwrap();
    let apply = started.elapsed();
    let credited = outcomes.iter().filter(|o| matches!(o, Outcome::Credited(_))).count();
    assert_eq!(credited as i64, ROWS, "{format:?}: every row credited");
    (check, apply)
}

pub async fn reconciliation_bench() {
    println!("## Reconciliation: a 10,000-row statement against 1,000,000 payments (target: under 5 s)\n");
    for backend in backends() {
        let (db, _dir) = fresh(backend, "reconciliation").await;
        let kassa = start_kassa(&db, |_| {}).await;
        let started = Instant::now();
        bulk_insert(&db, &kassa.key.1, 1, 1_000_000).await;
        println!("  {backend:?}: 1,000,000 payments filled in {:.1} s", started.elapsed().as_secs_f64());
        for (tag, card) in CARDS.into_iter().enumerate() {
            let (check, apply) = one_statement(&kassa, &db, tag, card).await;
            println!(
                "  {:<10} {:>6} rows   read + check {:>6.2} s   apply {:>6.2} s   total {:>6.2} s",
                card.0.code(),
                ROWS,
                check.as_secs_f64(),
                apply.as_secs_f64(),
                (check + apply).as_secs_f64()
            );
        }
        let mismatches = kassa.stores.ledger.verify().await.unwrap();
        assert!(mismatches.is_empty(), "the ledger holds: {mismatches:?}");
        println!();
        if backend == Backend::Postgres {
            drop_pg(&db).await;
        }
    }
}
