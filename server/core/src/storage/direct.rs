//! Point reads of one payment on SQLite, run in the calling task through rusqlite, on the same
//! bundled SQLite library sqlx links.
//!
//! sqlx runs each SQLite connection's statements on a thread of its own: a read is sent there,
//! and its row copied value by value and sent back. For the payment page and its status polls
//! that hand-off cost several times the query itself (a lookup by a unique index, a few
//! microseconds on pages already in memory), so those reads run here instead, short enough not
//! to hold up the async thread. Only reads: every write still goes through sqlx's one writer.
//!
//! A read never waits here. When every connection is in use, or SQLite says the database is
//! busy, [`DirectReads::read`] answers `None` and the caller takes sqlx's pool, which waits
//! without blocking a thread.

use std::path::Path;
use std::sync::{Mutex, MutexGuard, TryLockError};

use rusqlite::{Connection, OpenFlags, Row};

use super::rows::{PaymentRow, ProjectRow};
use crate::domain::ports::{StoreError, StoreResult as Result};

pub(super) struct DirectReads {
    connections: Vec<Mutex<Connection>>,
}

impl DirectReads {
    /// `count` read-only connections to the database file at `path`, which the writer has
    /// created, migrated and put in WAL mode already (so a read sees every committed write).
    pub fn open(path: &Path, count: usize) -> rusqlite::Result<Self> {
        let mut connections = Vec::with_capacity(count);
        for _ in 0..count {
            // Each connection is used under its mutex, so SQLite's own locking is not needed.
            let connection =
                Connection::open_with_flags(path, OpenFlags::SQLITE_OPEN_READ_ONLY | OpenFlags::SQLITE_OPEN_NO_MUTEX)?;
            // Busy: fall back to the pool at once rather than sleep on an async thread.
            connection.busy_timeout(std::time::Duration::ZERO)?;
            // As sqlx's connections (sqlite.rs): the hot index pages stay in memory.
            connection.pragma_update(None, "cache_size", -16384)?;
            connections.push(Mutex::new(connection));
        }
        Ok(DirectReads { connections })
    }

    /// The first row `sql` returns for `params`, mapped by `map`; `None` when no connection is
    /// free or the database is busy (the caller reads through the pool instead).
    pub fn read<T>(
        &self,
        sql: &str,
        params: &[&str],
        map: impl FnOnce(&Row<'_>) -> Result<T>,
    ) -> Option<Result<Option<T>>> {
        let connection = self.free()?;
        let mut statement = match connection.prepare_cached(sql) {
            Ok(statement) => statement,
            Err(e) => return fallback_or(e),
        };
        let mut rows = match statement.query(rusqlite::params_from_iter(params)) {
            Ok(rows) => rows,
            Err(e) => return fallback_or(e),
        };
        match rows.next() {
            Ok(Some(row)) => Some(map(row).map(Some)),
            Ok(None) => Some(Ok(None)),
            Err(e) => fallback_or(e),
        }
    }

    /// The first connection no other read holds. Always from the first, not in turn: the
    /// connections a few reads at a time keep using stay warm in the CPU's caches (their page
    /// cache, statement and allocations), where reads spread over all of them found each cold.
    fn free(&self) -> Option<MutexGuard<'_, Connection>> {
        self.connections.iter().find_map(|connection| match connection.try_lock() {
            Ok(connection) => Some(connection),
            // A panic while reading leaves the connection as usable as before.
            Err(TryLockError::Poisoned(poisoned)) => Some(poisoned.into_inner()),
            Err(TryLockError::WouldBlock) => None,
        })
    }

    /// Holds every connection, as concurrent reads would (for tests of the fallback).
    #[cfg(test)]
    pub fn hold_all(&self) -> Vec<MutexGuard<'_, Connection>> {
        self.connections.iter().map(|c| c.lock().unwrap()).collect()
    }
}

/// `None` (read through the pool) when SQLite was busy, else the error.
fn fallback_or<T>(e: rusqlite::Error) -> Option<Result<T>> {
    match e.sqlite_error_code() {
        Some(rusqlite::ErrorCode::DatabaseBusy | rusqlite::ErrorCode::DatabaseLocked) => None,
        _ => Some(Err(StoreError::Database(Box::new(e)))),
    }
}

/// Reads the next column of a row, in the order of the select's column list.
struct Columns<'a, 'r> {
    row: &'a Row<'r>,
    at: usize,
}

impl Columns<'_, '_> {
    fn next<T: rusqlite::types::FromSql>(&mut self) -> Result<T> {
        self.at += 1;
        self.row.get(self.at - 1).map_err(|e| StoreError::Corrupt(format!("column {}: {e}", self.at - 1)))
    }
}

/// A [`PaymentRow`] from a row of `PAYMENT_COLUMNS` (then [`project_row`]'s from column 30).
pub(super) fn payment_row(row: &Row<'_>) -> Result<PaymentRow> {
    let mut c = Columns { row, at: 0 };
    // In the order of `payment_columns!` (sql.rs); the test `direct_reads_equal_sqlx_reads_…`
    // holds a payment with every column filled equal through both.
    Ok(PaymentRow {
        request_id: c.next()?,
        project_id: c.next()?,
        payment_id: c.next()?,
        integration: c.next()?,
        country: c.next()?,
        currency: c.next()?,
        method: c.next()?,
        widget_method: c.next()?,
        amount: c.next()?,
        old_amount: c.next()?,
        initial_amount: c.next()?,
        lifetime_s: c.next()?,
        created_ms: c.next()?,
        updated_ms: c.next()?,
        status: c.next()?,
        sub_status: c.next()?,
        status_description: c.next()?,
        version: c.next()?,
        details_json: c.next()?,
        recipient_json: c.next()?,
        card_auth_json: c.next()?,
        page_token: c.next()?,
        request_hash: c.next()?,
        deadline_ms: c.next()?,
        search_at_ms: c.next()?,
        search_until_ms: c.next()?,
        has_receipt: c.next()?,
        received_amount: c.next()?,
        last_actor: c.next()?,
        payment_type: c.next()?,
    })
}

/// Columns in a row of `PAYMENT_COLUMNS`.
pub(super) const PAYMENT_COLUMN_COUNT: usize = 30;

/// A [`ProjectRow`] from a row of `PROJECT_COLUMNS` starting at column `at`.
pub(super) fn project_row(row: &Row<'_>, at: usize) -> Result<ProjectRow> {
    let mut c = Columns { row, at };
    Ok(ProjectRow {
        id: c.next()?,
        merchant_id: c.next()?,
        name: c.next()?,
        redirect_url: c.next()?,
        settings_json: c.next()?,
        merchant_name: c.next()?,
        project_version: c.next()?,
    })
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use super::PAYMENT_COLUMN_COUNT;
    use crate::crypto::vault::Vault;
    use crate::domain::audit::{AuditEntry, Subject, Who};
    use crate::domain::catalogue::{Country, Currency, Integration, Method, WidgetMethod};
    use crate::domain::payment::{Actor, CardAuth, Details, Payment, PaymentState, PaymentType, Recipient};
    use crate::domain::ports::{PageVersions, PaymentStore, ProjectStore};
    use crate::domain::project::ProjectSettings;
    use crate::storage::payments::direct_page;
    use crate::storage::rows::{PAYMENT_COLUMNS, PAYMENT_PAGE_SQL};
    use crate::storage::sql::SqlStorage;

    /// A payment with every optional column filled, so a column read out of place shows.
    fn payment(project_id: &str) -> Payment {
        let details: Details = serde_json::from_value(serde_json::json!({
            "urls": {"callback": "https://shop.example/cb", "redirect": "https://shop.example/back"},
            "customer": {"id": "c-1", "ip_address": "1.2.3.4", "country": "RU", "language": "ru"},
            "description": "Order 42",
        }))
        .unwrap();
        Payment {
            request_id: "req-1".into(),
            project_id: project_id.into(),
            payment_id: "pay-1".into(),
            payment_type: PaymentType::Payin,
            integration: Integration::Widget,
            country: Country::parse("RU").unwrap(),
            currency: Currency::parse("RUB").unwrap(),
            method: Some(Method::CardP2p),
            widget_method: Some(WidgetMethod::P2pCard),
            amount: 150_000,
            old_amount: 160_000,
            initial_amount: 170_000,
            lifetime_s: 900,
            created_ms: 1_000,
            updated_ms: 2_000,
            state: PaymentState::DisputeDifferentAmount,
            status_description: Some("amount differs".into()),
            version: 7,
            details,
            recipient: Some(Recipient {
                requisite_id: "rq-1".into(),
                pan: "2200000000000004".into(),
                card_holder: Some("IVAN PETROV".into()),
                bank_symbol: Some("sberbank".into()),
                bank_name: Some("Sberbank".into()),
                bank_country: Some("RU".into()),
                currency: "RUB".into(),
                bank_code: None,
                correspondent_account: None,
            }),
            card_auth: Some(CardAuth { reference: Some("auth-1".into()), wrong_codes: 2, ..Default::default() }),
            page_token: "token-1".into(),
            request_hash: "hash-1".into(),
            deadline_ms: Some(3_000),
            search_at_ms: Some(4_000),
            search_until_ms: Some(5_000),
            has_receipt: true,
            received_amount: Some(140_000),
            last_actor: Actor::Operator,
        }
    }

    async fn storage(dir: &tempfile::TempDir) -> SqlStorage<sqlx::Sqlite> {
        let url = format!("sqlite://{}/kassa.db", dir.path().display());
        crate::storage::sqlite::open(&url, Arc::new(Vault::with_key([7; 32]))).await.unwrap()
    }

    #[test]
    fn the_payment_columns_are_counted_right() {
        assert_eq!(PAYMENT_COLUMNS.split(',').count(), PAYMENT_COLUMN_COUNT);
    }

    #[tokio::test]
    async fn direct_reads_equal_sqlx_reads_and_fall_back_to_the_pool_when_busy() {
        let dir = tempfile::tempdir().unwrap();
        let mut storage = storage(&dir).await;
        assert!(storage.direct.is_some(), "a database file gets direct reads");
        let merchant = storage.merchant_by_name_or_create("m").await.unwrap();
        sqlx::query(
            "INSERT INTO projects (id, merchant_id, name, redirect_url, settings_json, created_ms) \
             VALUES ('prj-1', $1, 'Shop', 'https://shop.example/', '{}', 1)",
        )
        .bind(&merchant.id)
        .execute(&storage.writer)
        .await
        .unwrap();
        let stored = payment("prj-1");
        storage.insert_payment(&stored, None).await.unwrap();

        let by_token = storage.payment_by_page_token("token-1").await.unwrap().unwrap();
        let by_id = storage.payment("prj-1", "pay-1").await.unwrap().unwrap();
        let by_request = storage.payment_by_request_id("req-1").await.unwrap().unwrap();
        let (on_page, project) = storage.payment_page("token-1").await.unwrap().unwrap();
        assert_eq!(by_token, stored);
        assert_eq!(by_id, stored);
        assert_eq!(by_request, stored);
        assert_eq!(on_page, stored);
        assert_eq!(project, storage.project("prj-1").await.unwrap().unwrap());
        assert_eq!(project.merchant_name, "m");
        assert!(storage.payment_page("no-such-token").await.unwrap().is_none());
        let versions = Some(PageVersions { payment: 7, project: 0 });
        assert_eq!(storage.payment_page_versions("token-1").await.unwrap(), versions);
        assert_eq!(storage.payment_page_versions("no-such-token").await.unwrap(), None);
        // Those answers came from the direct connections, not the fallback.
        let direct = storage.direct.as_ref().unwrap();
        let read = direct.read(PAYMENT_PAGE_SQL, &["token-1"], direct_page).expect("a free connection");
        assert_eq!(read.unwrap().unwrap(), (stored.clone(), project.clone()));

        // Every connection in use: the read answers from the pool, the same.
        let held = direct.hold_all();
        assert!(direct.read("SELECT 1", &[], |_| Ok(())).is_none());
        assert_eq!(storage.payment_page("token-1").await.unwrap().unwrap(), (stored.clone(), project.clone()));
        assert_eq!(storage.payment_page_versions("token-1").await.unwrap(), versions);
        drop(held);

        // And without direct reads (as on PostgreSQL), the pool's read is the same.
        let direct_reads = storage.direct.take();
        assert_eq!(storage.payment_page("token-1").await.unwrap().unwrap(), (stored.clone(), project));
        assert_eq!(storage.payment_by_page_token("token-1").await.unwrap().unwrap(), stored);
        assert_eq!(storage.payment_page_versions("token-1").await.unwrap(), versions);

        // A change of the project's settings moves its version, seen by both reads.
        let audit = AuditEntry::new(&Who::Sandbox, "project.settings", Subject::Project, "prj-1", 1);
        let settings = ProjectSettings { allowed_methods: Some(vec!["payin-qr-sbp".into()]), ..Default::default() };
        assert!(storage.update_project_settings("prj-1", &settings, &audit).await.unwrap());
        let moved = Some(PageVersions { payment: 7, project: 1 });
        assert_eq!(storage.payment_page_versions("token-1").await.unwrap(), moved);
        assert_eq!(storage.payment_page("token-1").await.unwrap().unwrap().1.version, 1);
        storage.direct = direct_reads;
        assert_eq!(storage.payment_page_versions("token-1").await.unwrap(), moved);
        assert_eq!(storage.payment_page("token-1").await.unwrap().unwrap().1.settings, settings);
    }

    #[tokio::test]
    async fn a_direct_read_sees_a_write_committed_after_it_opened() {
        let dir = tempfile::tempdir().unwrap();
        let storage = storage(&dir).await;
        let merchant = storage.merchant_by_name_or_create("m").await.unwrap();
        sqlx::query("INSERT INTO projects (id, merchant_id, name, settings_json, created_ms) VALUES ('prj-1', $1, 'Shop', '{}', 1)")
            .bind(&merchant.id)
            .execute(&storage.writer)
            .await
            .unwrap();
        assert!(storage.payment_by_page_token("token-1").await.unwrap().is_none());
        storage.insert_payment(&payment("prj-1"), None).await.unwrap();
        let read = storage.payment_by_page_token("token-1").await.unwrap().unwrap();
        assert_eq!(read.version, 7);
        sqlx::query("UPDATE payments SET version = 8 WHERE request_id = 'req-1'")
            .execute(&storage.writer)
            .await
            .unwrap();
        assert_eq!(storage.payment_by_page_token("token-1").await.unwrap().unwrap().version, 8);
    }
}
