//! The storage written once in SQL that SQLite and PostgreSQL both run. Backend differences
//! (claiming rows under concurrency, connection setup, migrations) live in `sqlite.rs` and
//! `postgres.rs` and reach this code as a [`Dialect`].
//!
//! The [`Storage`] implementation is one macro body instantiated for both concrete backends:
//! the SQL and the logic around it exist once, and the compiler checks each backend with plain
//! concrete types (sqlx code generic over `Database` drowns in higher-ranked bounds).

use async_trait::async_trait;
use sqlx::{Database, FromRow, Pool, Postgres, Sqlite};

use super::{
    Attempt, AttemptOutcome, Balance, BankFilter, CallbackJob, CallbackKind, CallbackRecord, HistoryEntry, Inserted,
    Merchant, PaymentChange, Receipt, RequestKeyRecord, Result, Storage, StorageError,
};
use crate::crypto::keys::{KeyType, StoredCallbackKey, StoredRequestKey};
use crate::domain::banks::Bank;
use crate::domain::catalogue::{Country, Currency, Integration, Method, WidgetMethod};
use crate::domain::payment::{Actor, Payment, PaymentState};
use crate::domain::project::{Project, ProjectSettings};
use crate::domain::requisites::{Candidate, Requisite, RequisiteQuery};
use crate::secret::Secret;

/// What differs between the backends in the shared SQL.
#[derive(Clone, Copy, Debug)]
pub(super) struct Dialect {
    /// Appended to the sub-select that picks rows to claim. PostgreSQL: `FOR UPDATE SKIP LOCKED`,
    /// so concurrent processes skip each other's rows; SQLite has one writer and needs nothing.
    pub skip_locked: &'static str,
}

/// The pool the hosted page's session store uses.
#[derive(Clone, Debug)]
pub enum SessionPool {
    Sqlite(sqlx::SqlitePool),
    Postgres(sqlx::PgPool),
}

/// Storage over one sqlx backend.
pub struct SqlStorage<DB: Database> {
    /// Reads.
    pub(super) pool: Pool<DB>,
    /// Writes. For SQLite a single connection, so writers queue here instead of spinning on the
    /// database lock; for PostgreSQL the same pool as reads.
    pub(super) writer: Pool<DB>,
    pub(super) dialect: Dialect,
    /// New payments go through one writer task that inserts whatever is waiting as one
    /// multi-row statement (group commit).
    pub(super) inserts: tokio::sync::mpsc::Sender<PendingInsert>,
}

/// A payment waiting for the group insert, and where to say whether it was inserted.
pub(super) struct PendingInsert {
    payment: Payment,
    done: tokio::sync::oneshot::Sender<Result<bool>>,
}

/// At most this many payments per group insert (31 parameters each).
const MAX_INSERT_BATCH: usize = 64;

const INSERT_COLUMNS: &str = "request_id, project_id, payment_id, integration, payment_type, country, currency, \
    method, widget_method, amount, old_amount, initial_amount, lifetime_s, created_ms, updated_ms, status, sub_status, \
    status_description, version, customer_id, details_json, recipient_json, card_auth_json, requisite_hold, page_token, \
    request_hash, deadline_ms, search_at_ms, search_until_ms, has_receipt, received_amount, last_actor";

/// `INSERT ... VALUES (..), (..) ON CONFLICT DO NOTHING RETURNING request_id` for `rows` payments.
fn group_insert_sql(rows: usize) -> String {
    let mut sql = format!("INSERT INTO payments ({INSERT_COLUMNS}) VALUES ");
    for row in 0..rows {
        let base = row * 31;
        sql.push_str(if row == 0 { "(" } else { ", (" });
        for col in 0..31 {
            if col == 4 {
                sql.push_str("'payin', ");
            }
            sql.push_str(&format!("${}", base + col + 1));
            sql.push_str(if col == 30 { ")" } else { ", " });
        }
    }
    sql.push_str(" ON CONFLICT (project_id, payment_id) DO NOTHING RETURNING request_id");
    sql
}

const PAYMENT_COLUMNS: &str = "request_id, project_id, payment_id, integration, country, currency, method, \
    widget_method, amount, old_amount, initial_amount, lifetime_s, created_ms, updated_ms, status, sub_status, \
    status_description, version, details_json, recipient_json, card_auth_json, page_token, request_hash, \
    deadline_ms, search_at_ms, search_until_ms, has_receipt, received_amount, last_actor";

#[derive(FromRow)]
struct PaymentRow {
    request_id: String,
    project_id: String,
    payment_id: String,
    integration: String,
    country: String,
    currency: String,
    method: Option<String>,
    widget_method: Option<String>,
    amount: i64,
    old_amount: i64,
    initial_amount: i64,
    lifetime_s: i64,
    created_ms: i64,
    updated_ms: i64,
    status: String,
    sub_status: Option<String>,
    status_description: Option<String>,
    version: i64,
    details_json: String,
    recipient_json: Option<String>,
    card_auth_json: Option<String>,
    page_token: String,
    request_hash: String,
    deadline_ms: Option<i64>,
    search_at_ms: Option<i64>,
    search_until_ms: Option<i64>,
    has_receipt: bool,
    received_amount: Option<i64>,
    last_actor: String,
}

fn corrupt(what: &str, value: &str) -> StorageError {
    StorageError::Corrupt(format!("{what}: {value:?}"))
}

fn from_json<T: serde::de::DeserializeOwned>(what: &str, json: &str) -> Result<T> {
    serde_json::from_str(json).map_err(|e| StorageError::Corrupt(format!("{what}: {e}")))
}

fn to_json<T: serde::Serialize>(value: &T) -> String {
    serde_json::to_string(value).expect("serializing plain data cannot fail")
}

impl TryFrom<PaymentRow> for Payment {
    type Error = StorageError;

    fn try_from(r: PaymentRow) -> Result<Payment> {
        Ok(Payment {
            integration: Integration::parse(&r.integration).ok_or_else(|| corrupt("integration", &r.integration))?,
            country: Country::parse(&r.country).ok_or_else(|| corrupt("country", &r.country))?,
            currency: Currency::parse(&r.currency).ok_or_else(|| corrupt("currency", &r.currency))?,
            method: match &r.method {
                Some(m) => Some(Method::parse(m).ok_or_else(|| corrupt("method", m))?),
                None => None,
            },
            widget_method: match &r.widget_method {
                Some(m) => Some(WidgetMethod::parse(m).ok_or_else(|| corrupt("widget_method", m))?),
                None => None,
            },
            state: PaymentState::parse(&r.status, r.sub_status.as_deref())
                .ok_or_else(|| corrupt("status", &format!("{}:{:?}", r.status, r.sub_status)))?,
            details: from_json("details_json", &r.details_json)?,
            recipient: r.recipient_json.as_deref().map(|j| from_json("recipient_json", j)).transpose()?,
            card_auth: r.card_auth_json.as_deref().map(|j| from_json("card_auth_json", j)).transpose()?,
            request_id: r.request_id,
            project_id: r.project_id,
            payment_id: r.payment_id,
            amount: r.amount,
            old_amount: r.old_amount,
            initial_amount: r.initial_amount,
            lifetime_s: r.lifetime_s,
            created_ms: r.created_ms,
            updated_ms: r.updated_ms,
            status_description: r.status_description,
            version: r.version,
            page_token: r.page_token,
            request_hash: r.request_hash,
            deadline_ms: r.deadline_ms,
            search_at_ms: r.search_at_ms,
            search_until_ms: r.search_until_ms,
            has_receipt: r.has_receipt,
            received_amount: r.received_amount,
            last_actor: actor_from(&r.last_actor)?,
        })
    }
}

#[derive(FromRow)]
struct ProjectRow {
    id: String,
    merchant_id: String,
    name: String,
    redirect_url: Option<String>,
    settings_json: String,
}

impl TryFrom<ProjectRow> for Project {
    type Error = StorageError;
    fn try_from(r: ProjectRow) -> Result<Project> {
        Ok(Project {
            settings: from_json("settings_json", &r.settings_json)?,
            id: r.id,
            merchant_id: r.merchant_id,
            name: r.name,
            redirect_url: r.redirect_url,
        })
    }
}

#[derive(FromRow)]
struct RequestKeyRow {
    token: String,
    project_id: String,
    merchant_id: String,
    key_type: String,
    public_key_der: Option<Vec<u8>>,
    hmac_secret: Option<String>,
    active: bool,
}

#[derive(FromRow)]
struct CallbackKeyRow {
    key_type: String,
    private_key_der: Option<Vec<u8>>,
    public_key_pem: Option<String>,
    hmac_secret: Option<String>,
}

#[derive(FromRow)]
struct RequisiteRow {
    id: String,
    country: String,
    currency: String,
    methods: String,
    pan: String,
    card_holder: Option<String>,
    bank_symbol: Option<String>,
    bank_name: Option<String>,
    bank_country: Option<String>,
    min_amount: Option<i64>,
    max_amount: Option<i64>,
    payment_system: Option<String>,
    extra_param: Option<String>,
    active: bool,
    last_used_ms: i64,
    created_ms: i64,
}

impl From<RequisiteRow> for Requisite {
    fn from(r: RequisiteRow) -> Requisite {
        let mut methods: Vec<String> = r.methods.split(',').filter(|m| !m.is_empty()).map(str::to_string).collect();
        methods.sort();
        Requisite {
            id: r.id,
            country: r.country,
            currency: r.currency,
            methods,
            pan: r.pan,
            card_holder: r.card_holder,
            bank_symbol: r.bank_symbol,
            bank_name: r.bank_name,
            bank_country: r.bank_country,
            min_amount: r.min_amount,
            max_amount: r.max_amount,
            payment_system: r.payment_system,
            extra_param: r.extra_param,
            active: r.active,
            last_used_ms: r.last_used_ms,
            created_ms: r.created_ms,
        }
    }
}

#[derive(FromRow)]
struct CandidateRow {
    #[sqlx(flatten)]
    requisite: RequisiteRow,
    held: String,
}

/// Requisite columns with the method list folded into one comma-separated column.
const REQUISITE_SELECT: &str = "SELECT r.id, r.country, r.currency, \
    (SELECT COALESCE(STRING_AGG(m.method, ','), '') FROM requisite_methods m WHERE m.requisite_id = r.id) AS methods, \
    r.pan, r.card_holder, r.bank_symbol, r.bank_name, r.bank_country, r.min_amount, r.max_amount, \
    r.payment_system, r.extra_param, r.active, r.last_used_ms, r.created_ms FROM requisites r";

#[derive(FromRow)]
struct BankRow {
    id: String,
    name: String,
    symbol: String,
    sbp_code: Option<String>,
    is_sbp_bank: bool,
    country_code: String,
    active: bool,
}

impl From<BankRow> for Bank {
    fn from(r: BankRow) -> Bank {
        Bank {
            id: r.id,
            name: r.name,
            symbol: r.symbol,
            sbp_code: r.sbp_code,
            is_sbp_bank: r.is_sbp_bank,
            country_code: r.country_code,
            active: r.active,
        }
    }
}

#[derive(FromRow)]
struct HistoryRow {
    status: String,
    sub_status: Option<String>,
    status_description: Option<String>,
    amount: i64,
    actor: String,
    at_ms: i64,
}

#[derive(FromRow)]
struct CallbackJobRow {
    id: i64,
    request_id: String,
    project_id: String,
    kind: String,
    url: String,
    body: String,
    idempotency_key: String,
    attempts: i64,
    give_up_ms: Option<i64>,
    created_ms: i64,
}

#[derive(FromRow)]
struct CallbackRow {
    id: i64,
    kind: String,
    url: String,
    body: String,
    idempotency_key: String,
    state: String,
    next_attempt_ms: i64,
    created_ms: i64,
    delivered_ms: Option<i64>,
}

#[derive(FromRow)]
struct AttemptRow {
    callback_id: i64,
    at_ms: i64,
    http_status: Option<i64>,
    error: Option<String>,
    latency_ms: i64,
    response_excerpt: Option<String>,
    worker: String,
}

impl From<AttemptRow> for Attempt {
    fn from(r: AttemptRow) -> Attempt {
        Attempt {
            at_ms: r.at_ms,
            http_status: r.http_status,
            error: r.error,
            latency_ms: r.latency_ms,
            response_excerpt: r.response_excerpt,
            worker: r.worker,
        }
    }
}

fn actor_from(code: &str) -> Result<Actor> {
    [Actor::Merchant, Actor::User, Actor::Operator, Actor::System]
        .into_iter()
        .find(|a| a.code() == code)
        .ok_or_else(|| corrupt("actor", code))
}

fn now_ms() -> i64 {
    crate::domain::time::now_ms()
}

/// Maps a unique violation on the requisite hold to [`StorageError::RequisiteTaken`].
fn map_hold_violation(e: sqlx::Error) -> StorageError {
    if let sqlx::Error::Database(db) = &e
        && db.is_unique_violation()
        && (db.constraint().is_some_and(|c| c.contains("requisite_hold")) || db.message().contains("requisite_hold"))
    {
        return StorageError::RequisiteTaken;
    }
    e.into()
}

/// Implements [`Storage`] for one concrete backend (see the module documentation).
macro_rules! impl_storage {
    ($db:ty) => {
        impl SqlStorage<$db> {
            /// Builds the storage and starts its group-insert writer.
            pub(super) fn start(pool: Pool<$db>, writer: Pool<$db>, dialect: Dialect) -> Self {
                let (inserts, queue) = tokio::sync::mpsc::channel(1024);
                tokio::spawn(Self::insert_writer(writer.clone(), queue));
                SqlStorage { pool, writer, dialect, inserts }
            }

            /// Inserts what is waiting, as one statement, while the next batch gathers.
            async fn insert_writer(writer: Pool<$db>, mut queue: tokio::sync::mpsc::Receiver<PendingInsert>) {
                let mut batch = Vec::with_capacity(MAX_INSERT_BATCH);
                while queue.recv_many(&mut batch, MAX_INSERT_BATCH).await > 0 {
                    match Self::insert_rows(&writer, &batch).await {
                        Ok(inserted) => {
                            for pending in batch.drain(..) {
                                let _ = pending.done.send(Ok(inserted.contains(&pending.payment.request_id)));
                            }
                        }
                        // A failed group: each payment alone, so each gets its own answer.
                        Err(_) if batch.len() > 1 => {
                            for pending in batch.drain(..) {
                                let one = Self::insert_rows(&writer, std::slice::from_ref(&pending)).await;
                                let _ = pending.done.send(one.map(|ids| !ids.is_empty()));
                            }
                        }
                        Err(e) => {
                            if let Some(pending) = batch.pop() {
                                let _ = pending.done.send(Err(e));
                            }
                        }
                    }
                }
            }

            /// The request ids that were inserted (a conflicting `payment_id` is not).
            async fn insert_rows(writer: &Pool<$db>, batch: &[PendingInsert]) -> Result<Vec<String>> {
                let sql = group_insert_sql(batch.len());
                let mut query = sqlx::query_as::<_, (String,)>(&sql);
                for p in batch.iter().map(|b| &b.payment) {
                    query = query
                        .bind(p.request_id.clone())
                        .bind(p.project_id.clone())
                        .bind(p.payment_id.clone())
                        .bind(p.integration.code())
                        .bind(p.country.code())
                        .bind(p.currency.code)
                        .bind(p.method.map(|m| m.code()))
                        .bind(p.widget_method.map(|m| m.code()))
                        .bind(p.amount)
                        .bind(p.old_amount)
                        .bind(p.initial_amount)
                        .bind(p.lifetime_s)
                        .bind(p.created_ms)
                        .bind(p.updated_ms)
                        .bind(p.state.status())
                        .bind(p.state.sub_status())
                        .bind(p.status_description.clone())
                        .bind(p.version)
                        .bind(p.details.customer.id.clone())
                        .bind(to_json(&p.details))
                        .bind(p.recipient.as_ref().map(to_json))
                        .bind(p.card_auth.as_ref().map(to_json))
                        .bind(p.requisite_hold())
                        .bind(p.page_token.clone())
                        .bind(p.request_hash.clone())
                        .bind(p.deadline_ms)
                        .bind(p.search_at_ms)
                        .bind(p.search_until_ms)
                        .bind(p.has_receipt)
                        .bind(p.received_amount)
                        .bind(p.last_actor.code());
                }
                Ok(query.fetch_all(writer).await?.into_iter().map(|(id,)| id).collect())
            }

            async fn fetch_payment(&self, condition: &str, value: &str) -> Result<Option<Payment>> {
                let sql = format!("SELECT {PAYMENT_COLUMNS} FROM payments WHERE {condition} = $1");
                let row: Option<PaymentRow> = sqlx::query_as(&sql).bind(value).fetch_optional(&self.pool).await?;
                row.map(Payment::try_from).transpose()
            }

            async fn claim_payments(&self, column: &str, now_ms: i64, lease_until_ms: i64, limit: i64) -> Result<Vec<Payment>> {
                let sql = format!(
                    "UPDATE payments SET lease_until_ms = $2 WHERE request_id IN (\
                       SELECT request_id FROM payments \
                       WHERE {column} IS NOT NULL AND {column} <= $1 \
                         AND (lease_until_ms IS NULL OR lease_until_ms < $1) \
                       ORDER BY {column} LIMIT $3 {skip}) \
                     RETURNING {PAYMENT_COLUMNS}",
                    skip = self.dialect.skip_locked
                );
                let rows: Vec<PaymentRow> = sqlx::query_as(&sql)
                    .bind(now_ms)
                    .bind(lease_until_ms)
                    .bind(limit)
                    .fetch_all(&self.writer)
                    .await?;
                rows.into_iter().map(Payment::try_from).collect()
            }
        }

        #[async_trait]
        impl Storage for SqlStorage<$db> {
            async fn ping(&self) -> Result<()> {
                sqlx::query("SELECT 1").execute(&self.pool).await?;
                Ok(())
            }

            async fn merchant_by_name_or_create(&self, name: &str) -> Result<Merchant> {
                sqlx::query("INSERT INTO merchants (id, name, created_ms) VALUES ($1, $2, $3) ON CONFLICT (name) DO NOTHING")
                    .bind(uuid::Uuid::new_v4().to_string())
                    .bind(name)
                    .bind(now_ms())
                    .execute(&self.writer)
                    .await?;
                let (id, name): (String, String) = sqlx::query_as("SELECT id, name FROM merchants WHERE name = $1")
                    .bind(name)
                    .fetch_one(&self.writer)
                    .await?;
                Ok(Merchant { id, name })
            }

            async fn create_project(
                &self,
                project: &Project,
                request_key: &StoredRequestKey,
                callback_key: &StoredCallbackKey,
            ) -> Result<()> {
                let now = now_ms();
                let mut tx = self.writer.begin().await?;
                sqlx::query(
                    "INSERT INTO projects (id, merchant_id, name, redirect_url, settings_json, created_ms) \
                     VALUES ($1, $2, $3, $4, $5, $6)",
                )
                .bind(&project.id)
                .bind(&project.merchant_id)
                .bind(&project.name)
                .bind(&project.redirect_url)
                .bind(to_json(&project.settings))
                .bind(now)
                .execute(&mut *tx)
                .await?;
                insert_request_key!(&mut *tx, &project.id, request_key, now);
                sqlx::query(
                    "INSERT INTO callback_keys (id, project_id, key_type, private_key_der, public_key_pem, hmac_secret, active, created_ms) \
                     VALUES ($1, $2, $3, $4, $5, $6, TRUE, $7)",
                )
                .bind(uuid::Uuid::new_v4().simple().to_string())
                .bind(&project.id)
                .bind(callback_key.key_type.as_str())
                .bind(callback_key.private_key_der.as_ref().map(|k| k.expose().clone()))
                .bind(&callback_key.public_key_pem)
                .bind(callback_key.hmac_secret.as_ref().map(|s| s.expose().clone()))
                .bind(now)
                .execute(&mut *tx)
                .await?;
                tx.commit().await?;
                Ok(())
            }

            async fn project(&self, project_id: &str) -> Result<Option<Project>> {
                let row: Option<ProjectRow> = sqlx::query_as(
                    "SELECT id, merchant_id, name, redirect_url, settings_json FROM projects WHERE id = $1",
                )
                .bind(project_id)
                .fetch_optional(&self.pool)
                .await?;
                row.map(Project::try_from).transpose()
            }

            async fn project_by_name(&self, merchant_id: &str, name: &str) -> Result<Option<Project>> {
                let row: Option<ProjectRow> = sqlx::query_as(
                    "SELECT id, merchant_id, name, redirect_url, settings_json FROM projects WHERE merchant_id = $1 AND name = $2",
                )
                .bind(merchant_id)
                .bind(name)
                .fetch_optional(&self.pool)
                .await?;
                row.map(Project::try_from).transpose()
            }

            async fn deactivate_request_keys_except(&self, project_id: &str, keep: &str) -> Result<()> {
                sqlx::query("UPDATE request_keys SET active = FALSE WHERE project_id = $1 AND token <> $2")
                    .bind(project_id)
                    .bind(keep)
                    .execute(&self.writer)
                    .await?;
                Ok(())
            }

            async fn update_project_settings(&self, project_id: &str, settings: &ProjectSettings) -> Result<bool> {
                let done = sqlx::query("UPDATE projects SET settings_json = $2 WHERE id = $1")
                    .bind(project_id)
                    .bind(to_json(settings))
                    .execute(&self.writer)
                    .await?;
                Ok(done.rows_affected() == 1)
            }

            async fn add_request_key(&self, project_id: &str, key: &StoredRequestKey) -> Result<()> {
                insert_request_key!(&self.writer, project_id, key, now_ms());
                Ok(())
            }

            async fn set_request_key_active(&self, token: &str, active: bool) -> Result<bool> {
                let done = sqlx::query("UPDATE request_keys SET active = $2 WHERE token = $1")
                    .bind(token)
                    .bind(active)
                    .execute(&self.writer)
                    .await?;
                Ok(done.rows_affected() == 1)
            }

            async fn request_key(&self, token: &str) -> Result<Option<RequestKeyRecord>> {
                let row: Option<RequestKeyRow> = sqlx::query_as(
                    "SELECT k.token, k.project_id, p.merchant_id, k.key_type, k.public_key_der, k.hmac_secret, k.active \
                     FROM request_keys k JOIN projects p ON p.id = k.project_id WHERE k.token = $1",
                )
                .bind(token)
                .fetch_optional(&self.pool)
                .await?;
                row.map(|r| {
                    Ok(RequestKeyRecord {
                        project_id: r.project_id,
                        merchant_id: r.merchant_id,
                        active: r.active,
                        key: StoredRequestKey {
                            key_type: KeyType::parse(&r.key_type).ok_or_else(|| corrupt("key_type", &r.key_type))?,
                            token: r.token,
                            public_key_der: r.public_key_der,
                            hmac_secret: r.hmac_secret.map(Secret::new),
                        },
                    })
                })
                .transpose()
            }

            async fn callback_key(&self, project_id: &str) -> Result<Option<StoredCallbackKey>> {
                let row: Option<CallbackKeyRow> = sqlx::query_as(
                    "SELECT key_type, private_key_der, public_key_pem, hmac_secret FROM callback_keys \
                     WHERE project_id = $1 AND active",
                )
                .bind(project_id)
                .fetch_optional(&self.pool)
                .await?;
                row.map(|r| {
                    Ok(StoredCallbackKey {
                        key_type: KeyType::parse(&r.key_type).ok_or_else(|| corrupt("key_type", &r.key_type))?,
                        private_key_der: r.private_key_der.map(Secret::new),
                        public_key_pem: r.public_key_pem,
                        hmac_secret: r.hmac_secret.map(Secret::new),
                    })
                })
                .transpose()
            }

            async fn insert_payment(&self, p: &Payment) -> Result<Inserted> {
                // One statement (shared with concurrent creates); the history row comes from
                // the insert trigger.
                let (done, answer) = tokio::sync::oneshot::channel();
                self.inserts
                    .send(PendingInsert { payment: p.clone(), done })
                    .await
                    .map_err(|_| StorageError::Corrupt("the insert writer stopped".into()))?;
                let inserted = answer.await.map_err(|_| StorageError::Corrupt("the insert writer stopped".into()))??;
                if !inserted {
                    let existing = self
                        .payment(&p.project_id, &p.payment_id)
                        .await?
                        .ok_or_else(|| StorageError::Corrupt("payment vanished after a conflict".into()))?;
                    return Ok(Inserted::Existing(Box::new(existing)));
                }
                Ok(Inserted::Created)
            }

            async fn payment(&self, project_id: &str, payment_id: &str) -> Result<Option<Payment>> {
                let sql = format!("SELECT {PAYMENT_COLUMNS} FROM payments WHERE project_id = $1 AND payment_id = $2");
                let row: Option<PaymentRow> =
                    sqlx::query_as(&sql).bind(project_id).bind(payment_id).fetch_optional(&self.pool).await?;
                row.map(Payment::try_from).transpose()
            }

            async fn payment_by_request_id(&self, request_id: &str) -> Result<Option<Payment>> {
                self.fetch_payment("request_id", request_id).await
            }

            async fn payment_by_page_token(&self, token: &str) -> Result<Option<Payment>> {
                self.fetch_payment("page_token", token).await
            }

            async fn payment_by_requisite_hold(&self, hold: &str) -> Result<Option<Payment>> {
                self.fetch_payment("requisite_hold", hold).await
            }

            async fn apply_change(&self, change: PaymentChange<'_>) -> Result<()> {
                let p = change.payment;
                let now = p.updated_ms;
                // Informative callbacks exist only with an informative URL.
                let supersede = p.details.urls.callback.is_some();
                let alone = !supersede
                    && change.callbacks.is_empty()
                    && change.receipt.is_none()
                    && !change.requisite_issued
                    && !change.credit_balance;
                if alone {
                    // One statement needs no explicit transaction (the history row comes from
                    // the update trigger, in the same statement).
                    let updated = payment_update!(p).execute(&self.writer).await.map_err(map_hold_violation)?;
                    return if updated.rows_affected() == 0 { Err(StorageError::Conflict) } else { Ok(()) };
                }
                let mut tx = self.writer.begin().await?;
                let updated = payment_update!(p).execute(&mut *tx).await.map_err(map_hold_violation)?;
                if updated.rows_affected() == 0 {
                    return Err(StorageError::Conflict);
                }
                if supersede {
                    // A later status supersedes informative callbacks that are still waiting
                    // (decisions.md §3); one in flight finishes its attempt first.
                    sqlx::query(
                        "UPDATE callbacks SET state = 'superseded' WHERE request_id = $1 AND kind = 'informative' \
                         AND state = 'pending' AND (lease_until_ms IS NULL OR lease_until_ms < $2)",
                    )
                    .bind(&p.request_id)
                    .bind(now)
                    .execute(&mut *tx)
                    .await?;
                }
                for cb in &change.callbacks {
                    sqlx::query(
                        "INSERT INTO callbacks (request_id, project_id, kind, url, body, idempotency_key, state, attempts, \
                           next_attempt_ms, give_up_ms, created_ms) \
                         VALUES ($1, $2, $3, $4, $5, $6, 'pending', 0, $7, $8, $9)",
                    )
                    .bind(&p.request_id)
                    .bind(&p.project_id)
                    .bind(cb.kind.code())
                    .bind(&cb.url)
                    .bind(&cb.body)
                    .bind(&cb.idempotency_key)
                    .bind(cb.next_attempt_ms)
                    .bind(cb.give_up_ms)
                    .bind(now)
                    .execute(&mut *tx)
                    .await?;
                }
                if let Some(receipt) = &change.receipt {
                    sqlx::query(
                        "INSERT INTO receipts (id, request_id, content_type, size, data, uploaded_ms) VALUES ($1, $2, $3, $4, $5, $6)",
                    )
                    .bind(uuid::Uuid::new_v4().simple().to_string())
                    .bind(&p.request_id)
                    .bind(&receipt.content_type)
                    .bind(receipt.data.len() as i64)
                    .bind(receipt.data.clone())
                    .bind(now)
                    .execute(&mut *tx)
                    .await?;
                }
                if change.requisite_issued
                    && let Some(recipient) = &p.recipient
                {
                    sqlx::query("UPDATE requisites SET last_used_ms = $2 WHERE id = $1")
                        .bind(&recipient.requisite_id)
                        .bind(now)
                        .execute(&mut *tx)
                        .await?;
                }
                if change.credit_balance {
                    sqlx::query(
                        "INSERT INTO balances (project_id, currency, amount, locked_amount) VALUES ($1, $2, $3, 0) \
                         ON CONFLICT (project_id, currency) DO UPDATE SET amount = balances.amount + excluded.amount",
                    )
                    .bind(&p.project_id)
                    .bind(p.currency.code)
                    .bind(p.amount)
                    .execute(&mut *tx)
                    .await?;
                }
                tx.commit().await?;
                Ok(())
            }

            async fn update_card_auth(&self, p: &Payment) -> Result<()> {
                let done = sqlx::query(
                    "UPDATE payments SET card_auth_json = $3, version = $4, updated_ms = $5 WHERE request_id = $1 AND version = $2",
                )
                .bind(&p.request_id)
                .bind(p.version - 1)
                .bind(p.card_auth.as_ref().map(to_json))
                .bind(p.version)
                .bind(p.updated_ms)
                .execute(&self.writer)
                .await?;
                if done.rows_affected() == 0 {
                    return Err(StorageError::Conflict);
                }
                Ok(())
            }

            async fn history(&self, request_id: &str) -> Result<Vec<HistoryEntry>> {
                let rows: Vec<HistoryRow> = sqlx::query_as(
                    "SELECT status, sub_status, status_description, amount, actor, at_ms FROM payment_status_history \
                     WHERE request_id = $1 ORDER BY version",
                )
                .bind(request_id)
                .fetch_all(&self.pool)
                .await?;
                rows.into_iter()
                    .map(|r| {
                        Ok(HistoryEntry {
                            state: PaymentState::parse(&r.status, r.sub_status.as_deref())
                                .ok_or_else(|| corrupt("history status", &r.status))?,
                            status_description: r.status_description,
                            amount: r.amount,
                            actor: actor_from(&r.actor)?,
                            at_ms: r.at_ms,
                        })
                    })
                    .collect()
            }

            async fn count_customer_payments_since(&self, project_id: &str, customer_id: &str, since_ms: i64) -> Result<u64> {
                let (n,): (i64,) = sqlx::query_as(
                    "SELECT COUNT(*) FROM payments WHERE project_id = $1 AND customer_id = $2 AND created_ms >= $3",
                )
                .bind(project_id)
                .bind(customer_id)
                .bind(since_ms)
                .fetch_one(&self.pool)
                .await?;
                Ok(n as u64)
            }

            async fn receipts(&self, request_id: &str) -> Result<Vec<Receipt>> {
                let rows: Vec<(String, i64, i64)> = sqlx::query_as(
                    "SELECT content_type, size, uploaded_ms FROM receipts WHERE request_id = $1 ORDER BY uploaded_ms",
                )
                .bind(request_id)
                .fetch_all(&self.pool)
                .await?;
                Ok(rows.into_iter().map(|(content_type, size, uploaded_ms)| Receipt { content_type, size, uploaded_ms }).collect())
            }

            async fn claim_due_deadlines(&self, now_ms: i64, lease_until_ms: i64, limit: i64) -> Result<Vec<Payment>> {
                self.claim_payments("deadline_ms", now_ms, lease_until_ms, limit).await
            }

            async fn claim_due_searches(&self, now_ms: i64, next_search_ms: i64, limit: i64) -> Result<Vec<Payment>> {
                // Claiming moves the next search forward: that is the claim (no other process
                // sees the rows as due) and the reschedule in one statement.
                let sql = format!(
                    "UPDATE payments SET search_at_ms = $2 WHERE request_id IN (\
                       SELECT request_id FROM payments WHERE search_at_ms IS NOT NULL AND search_at_ms <= $1 \
                       ORDER BY search_at_ms LIMIT $3 {skip}) \
                     RETURNING {PAYMENT_COLUMNS}",
                    skip = self.dialect.skip_locked
                );
                let rows: Vec<PaymentRow> =
                    sqlx::query_as(&sql).bind(now_ms).bind(next_search_ms).bind(limit).fetch_all(&self.writer).await?;
                rows.into_iter().map(Payment::try_from).collect()
            }

            async fn wake_searches(&self, currency: &str, now_ms: i64) -> Result<u64> {
                let done = sqlx::query(
                    "UPDATE payments SET search_at_ms = $2 WHERE search_at_ms IS NOT NULL AND search_at_ms > $2 AND currency = $1",
                )
                .bind(currency)
                .bind(now_ms)
                .execute(&self.writer)
                .await?;
                Ok(done.rows_affected())
            }



            async fn insert_requisite(&self, r: &Requisite) -> Result<()> {
                let mut tx = self.writer.begin().await?;
                sqlx::query(
                    "INSERT INTO requisites (id, country, currency, pan, card_holder, bank_symbol, bank_name, bank_country, \
                       min_amount, max_amount, payment_system, extra_param, active, last_used_ms, created_ms) \
                     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15)",
                )
                .bind(&r.id)
                .bind(&r.country)
                .bind(&r.currency)
                .bind(&r.pan)
                .bind(&r.card_holder)
                .bind(&r.bank_symbol)
                .bind(&r.bank_name)
                .bind(&r.bank_country)
                .bind(r.min_amount)
                .bind(r.max_amount)
                .bind(&r.payment_system)
                .bind(&r.extra_param)
                .bind(r.active)
                .bind(r.last_used_ms)
                .bind(r.created_ms)
                .execute(&mut *tx)
                .await?;
                for method in &r.methods {
                    sqlx::query("INSERT INTO requisite_methods (method, requisite_id) VALUES ($1, $2) ON CONFLICT DO NOTHING")
                        .bind(method)
                        .bind(&r.id)
                        .execute(&mut *tx)
                        .await?;
                }
                tx.commit().await?;
                Ok(())
            }

            async fn requisites(&self) -> Result<Vec<Requisite>> {
                let sql = format!("{REQUISITE_SELECT} ORDER BY r.created_ms, r.id");
                let rows: Vec<RequisiteRow> = sqlx::query_as(&sql).fetch_all(&self.pool).await?;
                Ok(rows.into_iter().map(Requisite::from).collect())
            }

            async fn requisite(&self, id: &str) -> Result<Option<Requisite>> {
                let sql = format!("{REQUISITE_SELECT} WHERE r.id = $1");
                let row: Option<RequisiteRow> = sqlx::query_as(&sql).bind(id).fetch_optional(&self.pool).await?;
                Ok(row.map(Requisite::from))
            }

            async fn requisite_by_pan(&self, pan: &str) -> Result<Option<Requisite>> {
                let sql = format!("{REQUISITE_SELECT} WHERE r.pan = $1 ORDER BY r.active DESC, r.created_ms LIMIT 1");
                let row: Option<RequisiteRow> = sqlx::query_as(&sql).bind(pan).fetch_optional(&self.pool).await?;
                Ok(row.map(Requisite::from))
            }

            async fn set_requisite_active(&self, id: &str, active: bool) -> Result<bool> {
                let done = sqlx::query("UPDATE requisites SET active = $2 WHERE id = $1")
                    .bind(id)
                    .bind(active)
                    .execute(&self.writer)
                    .await?;
                Ok(done.rows_affected() == 1)
            }

            async fn requisite_candidates(&self, q: &RequisiteQuery) -> Result<Vec<Candidate>> {
                // Holds are "{requisite_id}:{amount}": the ones of a requisite are the range
                // between "{id}:" and "{id};" of the unique index.
                let sql = format!(
                    "SELECT c.*, (SELECT COALESCE(STRING_AGG(SUBSTR(p.requisite_hold, LENGTH(c.id) + 2), ','), '') \
                       FROM payments p WHERE p.requisite_hold >= c.id || ':' AND p.requisite_hold < c.id || ';') AS held \
                     FROM ({REQUISITE_SELECT} WHERE r.active AND r.country = $1 AND r.currency = $2 \
                       AND EXISTS (SELECT 1 FROM requisite_methods m WHERE m.requisite_id = r.id AND m.method IN ($3, $4)) \
                       AND ($5 IS NULL OR r.bank_symbol = $5) \
                       AND ($6 IS NULL OR r.payment_system = $6) \
                       AND (r.extra_param IS NULL OR r.extra_param = $7) \
                     ORDER BY r.last_used_ms, r.created_ms LIMIT 50) c"
                );
                let first = q.method_codes.first().copied().unwrap_or_default();
                let second = q.method_codes.get(1).copied().unwrap_or(first);
                let rows: Vec<CandidateRow> = sqlx::query_as(&sql)
                    .bind(&q.country)
                    .bind(&q.currency)
                    .bind(first)
                    .bind(second)
                    .bind(&q.bank_symbol)
                    .bind(&q.payment_system)
                    .bind(&q.extra_param)
                    .fetch_all(&self.pool)
                    .await?;
                Ok(rows
                    .into_iter()
                    .map(|r| Candidate {
                        held_amounts: r.held.split(',').filter_map(|a| a.parse().ok()).collect(),
                        requisite: r.requisite.into(),
                    })
                    .collect())
            }

            async fn banks(&self, filter: &BankFilter) -> Result<Vec<Bank>> {
                let rows: Vec<BankRow> = sqlx::query_as(
                    "SELECT id, name, symbol, sbp_code, is_sbp_bank, country_code, active FROM banks WHERE active \
                     ORDER BY country_code, name, symbol",
                )
                .fetch_all(&self.pool)
                .await?;
                let mut banks: Vec<Bank> = rows.into_iter().map(Bank::from).collect();
                if let Some(countries) = &filter.countries {
                    banks.retain(|b| countries.contains(&b.country_code));
                }
                if let Some(methods) = &filter.with_active_requisites_for {
                    let served: Vec<(String, String)> = sqlx::query_as(
                        "SELECT DISTINCT r.bank_symbol, m.method FROM requisites r \
                         JOIN requisite_methods m ON m.requisite_id = r.id \
                         WHERE r.active AND r.bank_symbol IS NOT NULL",
                    )
                    .fetch_all(&self.pool)
                    .await?;
                    banks.retain(|b| served.iter().any(|(symbol, method)| *symbol == b.symbol && methods.contains(method)));
                }
                Ok(banks)
            }

            async fn bank(&self, symbol: &str) -> Result<Option<Bank>> {
                let row: Option<BankRow> = sqlx::query_as(
                    "SELECT id, name, symbol, sbp_code, is_sbp_bank, country_code, active FROM banks WHERE symbol = $1",
                )
                .bind(symbol)
                .fetch_optional(&self.pool)
                .await?;
                Ok(row.map(Bank::from))
            }

            async fn upsert_bank(&self, b: &Bank) -> Result<()> {
                sqlx::query(
                    "INSERT INTO banks (id, symbol, name, country_code, sbp_code, is_sbp_bank, active) \
                     VALUES ($1, $2, $3, $4, $5, $6, $7) \
                     ON CONFLICT (symbol) DO UPDATE SET name = excluded.name, country_code = excluded.country_code, \
                       sbp_code = excluded.sbp_code, is_sbp_bank = excluded.is_sbp_bank, active = excluded.active",
                )
                .bind(&b.id)
                .bind(&b.symbol)
                .bind(&b.name)
                .bind(&b.country_code)
                .bind(&b.sbp_code)
                .bind(b.is_sbp_bank)
                .bind(b.active)
                .execute(&self.writer)
                .await?;
                Ok(())
            }

            async fn seed_banks(&self, banks: &[Bank]) -> Result<()> {
                let mut tx = self.writer.begin().await?;
                for b in banks {
                    sqlx::query(
                        "INSERT INTO banks (id, symbol, name, country_code, sbp_code, is_sbp_bank, active) \
                         VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT DO NOTHING",
                    )
                    .bind(&b.id)
                    .bind(&b.symbol)
                    .bind(&b.name)
                    .bind(&b.country_code)
                    .bind(&b.sbp_code)
                    .bind(b.is_sbp_bank)
                    .bind(b.active)
                    .execute(&mut *tx)
                    .await?;
                }
                tx.commit().await?;
                Ok(())
            }

            async fn claim_callbacks(&self, now_ms: i64, lease_until_ms: i64, owner: &str, limit: i64) -> Result<Vec<CallbackJob>> {
                // A callback is due when no earlier callback of its payment is still waiting or in
                // flight: each payment's callbacks go out in the order of its status changes.
                let sql = format!(
                    "UPDATE callbacks SET lease_until_ms = $2, lease_owner = $3 WHERE id IN (\
                       SELECT c.id FROM callbacks c \
                       WHERE c.state = 'pending' AND c.next_attempt_ms <= $1 \
                         AND (c.lease_until_ms IS NULL OR c.lease_until_ms < $1) \
                         AND NOT EXISTS (SELECT 1 FROM callbacks e WHERE e.request_id = c.request_id AND e.id < c.id \
                           AND (e.state = 'pending' OR (e.lease_until_ms IS NOT NULL AND e.lease_until_ms >= $1))) \
                       ORDER BY c.next_attempt_ms, c.id LIMIT $4 {skip}) \
                     RETURNING id, request_id, project_id, kind, url, body, idempotency_key, attempts, give_up_ms, created_ms",
                    skip = self.dialect.skip_locked
                );
                let rows: Vec<CallbackJobRow> = sqlx::query_as(&sql)
                    .bind(now_ms)
                    .bind(lease_until_ms)
                    .bind(owner)
                    .bind(limit)
                    .fetch_all(&self.writer)
                    .await?;
                let mut jobs = rows
                    .into_iter()
                    .map(|r| {
                        Ok(CallbackJob {
                            kind: CallbackKind::parse(&r.kind).ok_or_else(|| corrupt("callback kind", &r.kind))?,
                            id: r.id,
                            request_id: r.request_id,
                            project_id: r.project_id,
                            url: r.url,
                            body: r.body,
                            idempotency_key: r.idempotency_key,
                            attempts: r.attempts,
                            give_up_ms: r.give_up_ms,
                            created_ms: r.created_ms,
                        })
                    })
                    .collect::<Result<Vec<_>>>()?;
                jobs.sort_by_key(|j| j.id);
                Ok(jobs)
            }

            async fn record_attempt(&self, callback_id: i64, owner: &str, a: &Attempt, outcome: AttemptOutcome) -> Result<()> {
                let mut tx = self.writer.begin().await?;
                sqlx::query(
                    "INSERT INTO callback_attempts (callback_id, at_ms, http_status, error, latency_ms, response_excerpt, worker) \
                     VALUES ($1, $2, $3, $4, $5, $6, $7)",
                )
                .bind(callback_id)
                .bind(a.at_ms)
                .bind(a.http_status)
                .bind(&a.error)
                .bind(a.latency_ms)
                .bind(&a.response_excerpt)
                .bind(&a.worker)
                .execute(&mut *tx)
                .await?;
                let current: Option<(String, String, i64)> = sqlx::query_as(
                    "SELECT state, kind, (SELECT COUNT(*) FROM callbacks l WHERE l.request_id = c.request_id AND l.id > c.id) \
                     FROM callbacks c WHERE c.id = $1 AND c.lease_owner = $2",
                )
                .bind(callback_id)
                .bind(owner)
                .fetch_optional(&mut *tx)
                .await?;
                // Without the lease (it expired and another worker took the callback) only the
                // attempt is logged; the holder of the lease decides the state.
                if let Some((state, kind, later)) = current {
                    let superseded = state == "superseded" || (kind == "informative" && later > 0);
                    let (new_state, next_ms, delivered_ms) = match outcome {
                        AttemptOutcome::Delivered => ("delivered", None, Some(a.at_ms)),
                        _ if superseded => ("superseded", None, None),
                        AttemptOutcome::RetryAt(at) => ("pending", Some(at), None),
                        AttemptOutcome::Abandon => ("abandoned", None, None),
                    };
                    sqlx::query(
                        "UPDATE callbacks SET state = $2, attempts = attempts + 1, \
                           next_attempt_ms = COALESCE($3, next_attempt_ms), delivered_ms = $4, \
                           lease_until_ms = NULL, lease_owner = NULL WHERE id = $1",
                    )
                    .bind(callback_id)
                    .bind(new_state)
                    .bind(next_ms)
                    .bind(delivered_ms)
                    .execute(&mut *tx)
                    .await?;
                }
                tx.commit().await?;
                Ok(())
            }

            async fn callbacks(&self, request_id: &str) -> Result<Vec<CallbackRecord>> {
                let rows: Vec<CallbackRow> = sqlx::query_as(
                    "SELECT id, kind, url, body, idempotency_key, state, next_attempt_ms, created_ms, delivered_ms \
                     FROM callbacks WHERE request_id = $1 ORDER BY id",
                )
                .bind(request_id)
                .fetch_all(&self.pool)
                .await?;
                let attempts: Vec<AttemptRow> = sqlx::query_as(
                    "SELECT a.callback_id, a.at_ms, a.http_status, a.error, a.latency_ms, a.response_excerpt, a.worker \
                     FROM callback_attempts a JOIN callbacks c ON c.id = a.callback_id WHERE c.request_id = $1 ORDER BY a.id",
                )
                .bind(request_id)
                .fetch_all(&self.pool)
                .await?;
                let mut records: Vec<CallbackRecord> = rows
                    .into_iter()
                    .map(|r| {
                        Ok(CallbackRecord {
                            id: r.id,
                            kind: CallbackKind::parse(&r.kind).ok_or_else(|| corrupt("callback kind", &r.kind))?,
                            url: r.url,
                            body: r.body,
                            idempotency_key: r.idempotency_key,
                            next_attempt_ms: (r.state == "pending").then_some(r.next_attempt_ms),
                            state: r.state,
                            attempts: Vec::new(),
                            created_ms: r.created_ms,
                            delivered_ms: r.delivered_ms,
                        })
                    })
                    .collect::<Result<_>>()?;
                for a in attempts {
                    if let Some(rec) = records.iter_mut().find(|r| r.id == a.callback_id) {
                        rec.attempts.push(a.into());
                    }
                }
                Ok(records)
            }

            async fn resend_callback(&self, request_id: &str, callback_id: i64, now_ms: i64) -> Result<bool> {
                let done = sqlx::query(
                    "UPDATE callbacks SET state = 'pending', next_attempt_ms = $3, give_up_ms = $4 \
                     WHERE id = $1 AND request_id = $2 AND (lease_until_ms IS NULL OR lease_until_ms < $3)",
                )
                .bind(callback_id)
                .bind(request_id)
                .bind(now_ms)
                .bind(now_ms + crate::callbacks::FINAL_RETRY_WINDOW_MS)
                .execute(&self.writer)
                .await?;
                Ok(done.rows_affected() == 1)
            }

            async fn next_callback_due(&self) -> Result<Option<i64>> {
                let (due,): (Option<i64>,) =
                    sqlx::query_as("SELECT MIN(next_attempt_ms) FROM callbacks WHERE state = 'pending'")
                        .fetch_one(&self.pool)
                        .await?;
                Ok(due)
            }

            async fn balances(&self, project_id: &str) -> Result<Vec<Balance>> {
                let rows: Vec<(String, i64, i64)> = sqlx::query_as(
                    "SELECT currency, amount, locked_amount FROM balances WHERE project_id = $1 ORDER BY currency",
                )
                .bind(project_id)
                .fetch_all(&self.pool)
                .await?;
                Ok(rows.into_iter().map(|(currency, amount, locked_amount)| Balance { currency, amount, locked_amount }).collect())
            }

            async fn service_secret(&self, name: &str) -> Result<String> {
                use rand::RngCore;
                let mut bytes = [0u8; 32];
                rand::rngs::OsRng.fill_bytes(&mut bytes);
                sqlx::query("INSERT INTO service_secrets (name, value, created_ms) VALUES ($1, $2, $3) ON CONFLICT (name) DO NOTHING")
                    .bind(name)
                    .bind(hex::encode(bytes))
                    .bind(now_ms())
                    .execute(&self.writer)
                    .await?;
                let (value,): (String,) = sqlx::query_as("SELECT value FROM service_secrets WHERE name = $1")
                    .bind(name)
                    .fetch_one(&self.writer)
                    .await?;
                Ok(value)
            }

            fn session_pool(&self) -> SessionPool {
                self.pool.clone().into()
            }
        }
    };
}

macro_rules! insert_request_key {
    ($executor:expr, $project_id:expr, $key:expr, $now:expr) => {
        sqlx::query(
            "INSERT INTO request_keys (token, project_id, key_type, public_key_der, hmac_secret, active, created_ms) \
             VALUES ($1, $2, $3, $4, $5, TRUE, $6)",
        )
        .bind(&$key.token)
        .bind($project_id)
        .bind($key.key_type.as_str())
        .bind(&$key.public_key_der)
        .bind($key.hmac_secret.as_ref().map(|s| s.expose().clone()))
        .bind($now)
        .execute($executor)
        .await?
    };
}

/// The update of a payment's mutable columns, only over the version it was read at.
macro_rules! payment_update {
    ($p:expr) => {
        sqlx::query(
            "UPDATE payments SET method = $3, widget_method = $4, amount = $5, old_amount = $6, updated_ms = $7, \
               status = $8, sub_status = $9, status_description = $10, version = $11, details_json = $12, \
               recipient_json = $13, card_auth_json = $14, requisite_hold = $15, deadline_ms = $16, \
               search_at_ms = $17, search_until_ms = $18, has_receipt = $19, received_amount = $20, \
               last_actor = $21, lease_until_ms = NULL \
             WHERE request_id = $1 AND version = $2",
        )
        .bind(&$p.request_id)
        .bind($p.version - 1)
        .bind($p.method.map(|m| m.code()))
        .bind($p.widget_method.map(|m| m.code()))
        .bind($p.amount)
        .bind($p.old_amount)
        .bind($p.updated_ms)
        .bind($p.state.status())
        .bind($p.state.sub_status())
        .bind(&$p.status_description)
        .bind($p.version)
        .bind(to_json(&$p.details))
        .bind($p.recipient.as_ref().map(to_json))
        .bind($p.card_auth.as_ref().map(to_json))
        .bind($p.requisite_hold())
        .bind($p.deadline_ms)
        .bind($p.search_at_ms)
        .bind($p.search_until_ms)
        .bind($p.has_receipt)
        .bind($p.received_amount)
        .bind($p.last_actor.code())
    };
}

impl From<Pool<Sqlite>> for SessionPool {
    fn from(pool: Pool<Sqlite>) -> Self {
        SessionPool::Sqlite(pool)
    }
}

impl From<Pool<Postgres>> for SessionPool {
    fn from(pool: Pool<Postgres>) -> Self {
        SessionPool::Postgres(pool)
    }
}

impl_storage!(Sqlite);
impl_storage!(Postgres);
