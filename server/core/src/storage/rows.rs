//! Rows as the database returns them, and their mapping to the domain's types; the payment
//! and project column lists, written once.

use sqlx_macros::FromRow;

use super::dialect::Dialect;
use crate::domain::bank::Bank;
use crate::domain::catalogue::{Country, Currency, Integration, Method, WidgetMethod};
use crate::domain::outbox::Attempt;
use crate::domain::payment::{Actor, Payment, PaymentState, PaymentType};
use crate::domain::ports::{StoreError, StoreResult as Result};
use crate::domain::project::Project;
use crate::domain::requisite::Requisite;

/// The payment columns every read selects, in one place.
macro_rules! payment_columns {
    () => {
        "request_id, project_id, payment_id, integration, country, currency, method, widget_method, amount, \
         old_amount, initial_amount, lifetime_s, created_ms, updated_ms, status, sub_status, status_description, \
         version, details_json, recipient_json, card_auth_json, page_token, request_hash, deadline_ms, search_at_ms, \
         search_until_ms, has_receipt, received_amount, last_actor, payment_type"
    };
}

pub(super) const PAYMENT_COLUMNS: &str = payment_columns!();
/// What an insert writes: the columns read back, and those kept for indexes and queries.
pub(super) const INSERT_COLUMNS: &str =
    concat!(payment_columns!(), ", customer_id, requisite_hold, receiver_pan_sealed");
/// Parameters per inserted payment (the number of [`INSERT_COLUMNS`]).
pub(super) const INSERT_PARAMS: usize = 33;

#[derive(FromRow)]
pub(super) struct PaymentRow {
    pub(super) request_id: String,
    pub(super) project_id: String,
    pub(super) payment_id: String,
    pub(super) integration: String,
    pub(super) country: String,
    pub(super) currency: String,
    pub(super) method: Option<String>,
    pub(super) widget_method: Option<String>,
    pub(super) amount: i64,
    pub(super) old_amount: i64,
    pub(super) initial_amount: i64,
    pub(super) lifetime_s: i64,
    pub(super) created_ms: i64,
    pub(super) updated_ms: i64,
    pub(super) status: String,
    pub(super) sub_status: Option<String>,
    pub(super) status_description: Option<String>,
    pub(super) version: i64,
    pub(super) details_json: String,
    pub(super) recipient_json: Option<String>,
    pub(super) card_auth_json: Option<String>,
    pub(super) page_token: String,
    pub(super) request_hash: String,
    pub(super) deadline_ms: Option<i64>,
    pub(super) search_at_ms: Option<i64>,
    pub(super) search_until_ms: Option<i64>,
    pub(super) has_receipt: bool,
    pub(super) received_amount: Option<i64>,
    pub(super) last_actor: String,
    pub(super) payment_type: String,
}

pub(super) fn corrupt(what: &str, value: &str) -> StoreError {
    StoreError::Corrupt(format!("{what}: {value:?}"))
}

pub(super) fn from_json<T: serde::de::DeserializeOwned>(what: &str, json: &str) -> Result<T> {
    serde_json::from_str(json).map_err(|e| StoreError::Corrupt(format!("{what}: {e}")))
}

pub(super) fn to_json<T: serde::Serialize>(value: &T) -> String {
    serde_json::to_string(value).expect("serializing plain data cannot fail")
}

impl TryFrom<PaymentRow> for Payment {
    type Error = StoreError;

    fn try_from(r: PaymentRow) -> Result<Payment> {
        Ok(Payment {
            payment_type: PaymentType::parse(&r.payment_type)
                .ok_or_else(|| corrupt("payment_type", &r.payment_type))?,
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

/// The columns of a project as [`ProjectRow`] reads them (from `projects p` joined with
/// `merchants m`).
macro_rules! project_columns {
    () => {
        "p.id, p.merchant_id, p.name, p.redirect_url, p.settings_json, m.name AS merchant_name, p.version AS project_version"
    };
}

pub(super) const PROJECT_COLUMNS: &str = project_columns!();

/// A payment by the project's `payment_id`.
pub(super) const PAYMENT_BY_ID_SQL: &str =
    concat!("SELECT ", payment_columns!(), " FROM payments WHERE project_id = $1 AND payment_id = $2");

/// A payment by its page token, with its project (the payment page's one read). Each side
/// selects its own columns first, so no name is ambiguous in the join.
pub(super) const PAYMENT_PAGE_SQL: &str = concat!(
    "SELECT * FROM (SELECT ",
    payment_columns!(),
    " FROM payments WHERE page_token = $1) pay JOIN (SELECT ",
    project_columns!(),
    " FROM projects p JOIN merchants m ON m.id = p.merchant_id) proj ON proj.id = pay.project_id"
);

/// The versions of a page token's payment and of its project (a page view's first read).
pub(super) const PAGE_VERSIONS_SQL: &str = "SELECT pay.version, p.version FROM payments pay JOIN projects p ON p.id = pay.project_id WHERE pay.page_token = $1";

/// A payment and its project (their column names do not overlap).
#[derive(FromRow)]
pub(super) struct PageRow {
    #[sqlx(flatten)]
    pub(super) payment: PaymentRow,
    #[sqlx(flatten)]
    pub(super) project: ProjectRow,
}

#[derive(FromRow)]
pub(super) struct ProjectRow {
    pub(super) id: String,
    pub(super) merchant_id: String,
    pub(super) name: String,
    pub(super) redirect_url: Option<String>,
    pub(super) settings_json: String,
    pub(super) merchant_name: String,
    /// Named apart from the payment's `version`, beside which the page's read selects it.
    pub(super) project_version: i64,
}

impl TryFrom<ProjectRow> for Project {
    type Error = StoreError;
    fn try_from(r: ProjectRow) -> Result<Project> {
        Ok(Project {
            settings: from_json("settings_json", &r.settings_json)?,
            id: r.id,
            merchant_id: r.merchant_id,
            name: r.name,
            merchant_name: r.merchant_name,
            redirect_url: r.redirect_url,
            version: r.project_version,
        })
    }
}

#[derive(FromRow)]
pub(super) struct RequestKeyRow {
    pub(super) token: String,
    pub(super) project_id: String,
    pub(super) merchant_id: String,
    pub(super) key_type: String,
    pub(super) public_key_der: Option<Vec<u8>>,
    pub(super) hmac_secret: Option<String>,
    pub(super) active: bool,
}

#[derive(FromRow)]
pub(super) struct CallbackKeyRow {
    pub(super) key_type: String,
    pub(super) private_key_der: Option<Vec<u8>>,
    pub(super) public_key_pem: Option<String>,
    pub(super) hmac_secret: Option<String>,
}

#[derive(FromRow)]
pub(super) struct RequisiteRow {
    pub(super) id: String,
    pub(super) country: String,
    pub(super) currency: String,
    pub(super) methods: String,
    pub(super) pan: String,
    pub(super) card_holder: Option<String>,
    pub(super) bank_symbol: Option<String>,
    pub(super) bank_name: Option<String>,
    pub(super) bank_country: Option<String>,
    pub(super) min_amount: Option<i64>,
    pub(super) max_amount: Option<i64>,
    pub(super) payment_system: Option<String>,
    pub(super) extra_param: Option<String>,
    pub(super) statement_account: Option<String>,
    pub(super) bank_code: Option<String>,
    pub(super) correspondent_account: Option<String>,
    pub(super) active: bool,
    pub(super) last_used_ms: i64,
    pub(super) created_ms: i64,
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
            statement_account: r.statement_account,
            bank_code: r.bank_code,
            correspondent_account: r.correspondent_account,
            active: r.active,
            last_used_ms: r.last_used_ms,
            created_ms: r.created_ms,
        }
    }
}

#[derive(FromRow)]
pub(super) struct CandidateRow {
    #[sqlx(flatten)]
    pub(super) requisite: RequisiteRow,
    pub(super) held: String,
}

/// Requisite columns with the method list folded into one comma-separated column.
pub(super) const REQUISITE_SELECT: &str = "SELECT r.id, r.country, r.currency, \
    (SELECT COALESCE(STRING_AGG(m.method, ','), '') FROM requisite_methods m WHERE m.requisite_id = r.id) AS methods, \
    r.pan, r.card_holder, r.bank_symbol, r.bank_name, r.bank_country, r.min_amount, r.max_amount, \
    r.payment_system, r.extra_param, r.statement_account, r.bank_code, r.correspondent_account, r.active, \
    r.last_used_ms, r.created_ms FROM requisites r";

#[derive(FromRow)]
pub(super) struct BankRow {
    pub(super) id: String,
    pub(super) name: String,
    pub(super) symbol: String,
    pub(super) sbp_code: Option<String>,
    pub(super) is_sbp_bank: bool,
    pub(super) country_code: String,
    pub(super) active: bool,
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
pub(super) struct HistoryRow {
    pub(super) status: String,
    pub(super) sub_status: Option<String>,
    pub(super) status_description: Option<String>,
    pub(super) amount: i64,
    pub(super) actor: String,
    pub(super) at_ms: i64,
}

#[derive(FromRow)]
pub(super) struct CallbackJobRow {
    pub(super) id: i64,
    pub(super) request_id: String,
    pub(super) project_id: String,
    pub(super) host: String,
    pub(super) kind: String,
    pub(super) url: String,
    pub(super) body: String,
    pub(super) idempotency_key: String,
    pub(super) attempts: i64,
    pub(super) give_up_ms: Option<i64>,
    pub(super) created_ms: i64,
}

#[derive(FromRow)]
pub(super) struct CallbackRow {
    pub(super) id: i64,
    pub(super) kind: String,
    pub(super) url: String,
    pub(super) body: String,
    pub(super) idempotency_key: String,
    pub(super) state: String,
    pub(super) next_attempt_ms: i64,
    pub(super) created_ms: i64,
    pub(super) delivered_ms: Option<i64>,
}

#[derive(FromRow)]
pub(super) struct AttemptRow {
    pub(super) callback_id: i64,
    pub(super) at_ms: i64,
    pub(super) http_status: Option<i64>,
    pub(super) error: Option<String>,
    pub(super) latency_ms: i64,
    pub(super) response_excerpt: Option<String>,
    pub(super) worker: String,
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

pub(super) fn actor_from(code: &str) -> Result<Actor> {
    Actor::ALL.into_iter().find(|a| a.code() == code).ok_or_else(|| corrupt("actor", code))
}

/// `INSERT ... VALUES (..), (..) ON CONFLICT DO NOTHING RETURNING request_id` for `rows` payments.
pub(super) fn group_insert_sql(dialect: Dialect, rows: usize) -> String {
    format!(
        "INSERT INTO payments ({INSERT_COLUMNS}) VALUES {} ON CONFLICT (project_id, payment_id) DO NOTHING RETURNING request_id",
        dialect.value_rows(rows, INSERT_PARAMS)
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_insert_lists_every_column_once() {
        let columns: Vec<&str> = INSERT_COLUMNS.split(',').map(str::trim).collect();
        assert_eq!(columns.len(), INSERT_PARAMS);
        let mut unique = columns.clone();
        unique.sort();
        unique.dedup();
        assert_eq!(unique.len(), columns.len());
        let numbered = Dialect::NUMBERED;
        assert!(group_insert_sql(numbered, 2).contains("$33), ($34"));
        assert!(group_insert_sql(numbered, 2).contains("$66)"));
    }
}
