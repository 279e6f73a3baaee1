//! The two backends' migrations are written twice (each in its own SQL); they must give the
//! same tables with the same columns.

use std::collections::{BTreeMap, BTreeSet};

use sqlx::Connection;

use crate::helpers::{Backend, fresh_database, open_database};

type Schema = BTreeMap<String, BTreeSet<String>>;

/// The application's tables and their columns on a freshly migrated database of `backend`.
async fn schema_of(backend: Backend) -> Schema {
    let (url, _keep) = fresh_database(backend).await;
    open_database(url.expose()).await;
    let rows: Vec<(String, String)> = match backend {
        Backend::Sqlite => {
            let mut c = sqlx::SqliteConnection::connect(url.expose()).await.unwrap();
            sqlx::query_as(
                "SELECT m.name, p.name FROM sqlite_master m JOIN pragma_table_info(m.name) p \
                 WHERE m.type = 'table' AND m.name NOT LIKE 'sqlite_%'",
            )
            .fetch_all(&mut c)
            .await
            .unwrap()
        }
        Backend::Postgres => {
            let mut c = sqlx::PgConnection::connect(url.expose()).await.unwrap();
            sqlx::query_as(
                "SELECT table_name::text, column_name::text FROM information_schema.columns \
                 WHERE table_schema = 'public'",
            )
            .fetch_all(&mut c)
            .await
            .unwrap()
        }
    };
    let mut schema = Schema::new();
    for (table, column) in rows {
        // The migrations' own bookkeeping is not ours.
        if table.starts_with("_sqlx") {
            continue;
        }
        schema.entry(table).or_default().insert(column);
    }
    schema
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn both_backends_have_the_same_tables_and_columns() {
    let sqlite = schema_of(Backend::Sqlite).await;
    let postgres = schema_of(Backend::Postgres).await;
    assert!(sqlite.contains_key("payments") && sqlite.contains_key("ledger_entries"), "{sqlite:?}");
    let tables = |s: &Schema| s.keys().cloned().collect::<BTreeSet<_>>();
    assert_eq!(tables(&sqlite), tables(&postgres), "tables of SQLite, then of PostgreSQL");
    for (table, columns) in &sqlite {
        assert_eq!(columns, &postgres[table], "columns of {table}: SQLite, then PostgreSQL");
    }
}
