//! The storage the domain needs, as ports the domain declares: one trait per aggregate
//! (payments, outbox, requisites, banks, projects and keys, ledger, console users, audit log,
//! unmatched transfers, dashboard figures), with the records they carry. `storage/` implements them for
//! SQLite and PostgreSQL; nothing here knows SQL.

use std::collections::HashMap;

use async_trait::async_trait;

use super::approval::Approval;
use super::audit::{AuditEntry, AuditQuery, StoredAudit};
use super::bank::Bank;
use super::ledger::{LedgerEntry, Mismatch, StoredEntry};
use super::outbox::{CallbackJob, CallbackKind, CallbackRecord, Claim, FailingCallback, NewCallback, RecordedAttempt};
use super::payment::{Actor, Payment, PaymentState};
use super::project::{Project, ProjectSettings};
use super::replay::SignatureUse;
use super::requisite::{Candidate, Requisite, RequisiteQuery};
use super::stats::GroupStats;
use super::transfer::{Similar, Transfer, TransferState};
use super::user::{Audience, ConsoleUser, Role};
use crate::crypto::keys::{StoredCallbackKey, StoredRequestKey};
use crate::secret::Secret;

pub use super::error::{BoxError, StoreError, StoreResult};

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Merchant {
    pub id: String,
    pub name: String,
}

/// A request key with the project and merchant it belongs to.
#[derive(Clone, Debug)]
pub struct RequestKeyRecord {
    pub project_id: String,
    pub merchant_id: String,
    pub active: bool,
    pub key: StoredRequestKey,
}

/// A request key as its merchant sees it in the console.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct KeySummary {
    pub token: String,
    pub key_type: String,
    pub active: bool,
    pub created_ms: i64,
    pub last_used_ms: Option<i64>,
}

/// A row of a payment's status history.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HistoryEntry {
    pub state: PaymentState,
    pub status_description: Option<String>,
    pub amount: i64,
    pub actor: Actor,
    pub at_ms: i64,
}

/// A receipt uploaded on the hosted page.
#[derive(Clone, Debug)]
pub struct NewReceipt {
    pub content_type: String,
    pub data: Vec<u8>,
}

#[derive(Clone, Debug)]
pub struct Receipt {
    pub id: String,
    pub content_type: String,
    pub size: i64,
    pub uploaded_ms: i64,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Balance {
    pub currency: String,
    pub amount: i64,
    pub locked_amount: i64,
}

/// One state change of a payment, applied in one transaction: the payment row (only if it is
/// still at `payment.version - 1`; the database adds its history row), its callbacks, and what
/// goes with it.
#[derive(Debug)]
pub struct PaymentChange<'a> {
    /// The payment after the change; its `version` is the previous one plus one.
    pub payment: &'a Payment,
    /// Waiting callbacks of these kinds stop being sent (superseded by this change).
    pub supersede: &'static [CallbackKind],
    pub callbacks: Vec<NewCallback>,
    pub receipt: Option<NewReceipt>,
    /// Requisites were issued: mark the requisite used (fair rotation).
    pub requisite_issued: bool,
    /// The money this change moves (`domain::ledger`); a balance that would go below zero
    /// refuses the whole change (`StoreError::Refused`).
    pub ledger: Vec<LedgerEntry>,
    /// The audit entry of the person or script that made the change.
    pub audit: Option<AuditEntry>,
    /// The transfer this change credits, written with it (once: see [`TransferWrite`]).
    pub transfer: Option<TransferWrite>,
    /// The second operator's approval this change carries out (once: a proposal no longer
    /// pending refuses the whole change).
    pub approval: Option<ApprovalDecision>,
}

/// The transfer a change credits.
#[derive(Clone, Debug)]
pub enum TransferWrite {
    /// A transfer seen now, recorded as credited. Its bank id recorded before, or (without bank
    /// ids to tell them apart) a similar transfer recorded meanwhile, refuses the whole change.
    Record(Box<Transfer>),
    /// A recorded transfer (in review, or pending approval) that now credits `request_id`; one
    /// no longer in `from` refuses the whole change.
    Credit { id: String, from: TransferState, request_id: String, decided_by: String, at_ms: i64, note: Option<String> },
}

/// A pending proposal carried out by a change.
#[derive(Clone, Debug)]
pub struct ApprovalDecision {
    pub id: String,
    pub decided_by: String,
    pub at_ms: i64,
}

/// Which payments a console lists. Every condition is optional; pages follow a keyset
/// (`created_ms`, `request_id`) so a page deep in a million payments costs what the first does.
#[derive(Clone, Debug, Default)]
pub struct PaymentFilter {
    /// What the person typed: a `request_id` exactly, or the start of the merchant's
    /// `payment_id` in any case. `Lookup` resolves it into `request_id` or `payment_id_prefix`.
    pub term: Option<String>,
    pub request_id: Option<String>,
    /// The start of the `payment_id`, lower case (the comparison folds A–Z).
    pub payment_id_prefix: Option<String>,
    /// Only these projects (a merchant's); `None`: every project.
    pub project_ids: Option<Vec<String>>,
    /// `status` or `status:sub_status`.
    pub state: Option<String>,
    /// A requisite as typed: its id, its card, phone or account number, or its last four
    /// digits. `Lookup` resolves it into `requisite_ids`.
    pub requisite: Option<String>,
    /// Only payments given one of these requisites.
    pub requisite_ids: Option<Vec<String>>,
    pub method: Option<String>,
    pub country: Option<String>,
    pub currency: Option<String>,
    pub payment_type: Option<String>,
    /// The payment's amount or its initial amount, minor units.
    pub amount: Option<i64>,
    pub from_ms: Option<i64>,
    pub to_ms: Option<i64>,
    /// Continue after this (created_ms, request_id).
    pub after: Option<(i64, String)>,
    pub limit: i64,
}

/// How many of each kind of work wait for a person (the operator's queue).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct QueueCounts {
    /// Credits proposed, waiting for a second operator.
    pub approvals: i64,
    /// Payins whose payers say they paid.
    pub paid: i64,
    /// Disputes (of payins, and payouts that failed).
    pub disputes: i64,
    /// Payouts to send or to confirm.
    pub payouts: i64,
    /// Incoming transfers no rule could match.
    pub review: i64,
}

impl QueueCounts {
    /// Everything waiting for a decision.
    pub fn total(&self) -> i64 {
        self.approvals + self.paid + self.disputes + self.payouts + self.review
    }
}

/// The payments of one type and currency matching a filter.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PaymentTotal {
    pub payment_type: String,
    pub currency: String,
    pub count: i64,
    /// The sum of their amounts, minor units.
    pub amount: i64,
    /// The sum of the amounts of those that succeeded.
    pub succeeded: i64,
}

/// The row versions a payment page was read at: its payment's and its project's.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PageVersions {
    pub payment: i64,
    pub project: i64,
}

/// Outcome of inserting a new payment.
#[derive(Debug)]
pub enum Inserted {
    Created,
    /// A payment with this `payment_id` exists in the project.
    Existing(Box<Payment>),
    /// The signed message that asked for it was first used on another endpoint: nothing was
    /// written.
    Replayed,
}

/// Payments: their rows, history, receipts, and the claims of the background jobs.
#[async_trait]
pub trait PaymentStore: Send + Sync + 'static {
    /// Answers when the database does (for `/healthz`).
    async fn ping(&self) -> StoreResult<()>;
    /// Inserts a new payment (the database writes its first history row), unless the project
    /// already has its `payment_id`.
    /// Inserts a new payment; with the request's signature use, records that use in the same
    /// transaction and inserts only if it may act ([`SignatureUse::may_act_after`]).
    async fn insert_payment(&self, payment: &Payment, signature_use: Option<&SignatureUse>) -> StoreResult<Inserted>;
    async fn payment(&self, project_id: &str, payment_id: &str) -> StoreResult<Option<Payment>>;
    async fn payment_by_request_id(&self, request_id: &str) -> StoreResult<Option<Payment>>;
    async fn payment_by_page_token(&self, token: &str) -> StoreResult<Option<Payment>>;
    /// The payment of a page token with its project, in one read (every page view needs both).
    async fn payment_page(&self, token: &str) -> StoreResult<Option<(Payment, crate::domain::project::Project)>>;
    /// The versions of a page token's payment and of its project, without the rest of either
    /// (a page view asks first whether what it read before is still current).
    async fn payment_page_versions(&self, token: &str) -> StoreResult<Option<PageVersions>>;
    /// Payments of a requisite in `currency` that wait for funds (awaiting confirmation, paid,
    /// or in a dispute), of `amount` when given, newest first: what a transfer to that
    /// requisite could pay.
    async fn waiting_on_requisite(
        &self,
        requisite_id: &str,
        currency: &str,
        amount: Option<i64>,
        limit: i64,
    ) -> StoreResult<Vec<Payment>>;
    /// [`Self::waiting_on_requisite`] for many amounts at once (a statement's rows).
    async fn waiting_for_amounts(
        &self,
        requisite_id: &str,
        currency: &str,
        amounts: &[i64],
    ) -> StoreResult<Vec<Payment>>;
    /// Applies a change, or fails with [`StoreError::Conflict`] when the payment moved on.
    async fn apply_change(&self, change: PaymentChange<'_>) -> StoreResult<()>;
    /// Applies many changes in one transaction, each all or nothing on its own (a change that
    /// fails, with its own error, leaves the others standing): a statement's credits, one
    /// commit for hundreds.
    async fn apply_changes(&self, changes: &[PaymentChange<'_>]) -> StoreResult<Vec<StoreResult<()>>>;
    /// Inserts a payout with the entry locking its amount, in one transaction, unless the
    /// project already has its `payment_id`. A balance short of the amount refuses it
    /// (`StoreError::Refused(Refusal::InsufficientBalance)`) and writes nothing. The receiver's card or
    /// account number is kept sealed, apart from the payment.
    async fn insert_payout(
        &self,
        payout: &Payment,
        lock: &LedgerEntry,
        receiver_pan: Option<&crate::secret::Secret<String>>,
    ) -> StoreResult<Inserted>;
    /// The receiver's number of a payout, in full (for the operator who pays it).
    async fn payout_receiver_pan(&self, request_id: &str) -> StoreResult<Option<crate::secret::Secret<String>>>;
    /// Payouts waiting for an operator (`processing:new` to execute, `processing:payout_process`
    /// for its result), oldest first.
    async fn payouts_waiting(&self, limit: i64) -> StoreResult<Vec<Payment>>;
    /// Payins waiting for a human: `processing:paid` and every dispute (payouts' included),
    /// the longest waiting first.
    async fn waiting_for_operator(&self, limit: i64) -> StoreResult<Vec<Payment>>;
    /// Payments matching `filter`, newest first, a page after its keyset position.
    async fn search_payments(&self, filter: &PaymentFilter) -> StoreResult<Vec<Payment>>;
    /// How much of the operator's queue waits, counted whole (the queue's lists are capped).
    async fn queue_counts(&self) -> StoreResult<QueueCounts>;
    /// Per type and currency, the count and amounts of the first `cap` payments matching the
    /// filter (its keyset position and limit ignored): a bounded read at any table size.
    async fn payment_totals(&self, filter: &PaymentFilter, cap: i64) -> StoreResult<Vec<PaymentTotal>>;
    async fn history(&self, request_id: &str) -> StoreResult<Vec<HistoryEntry>>;
    async fn count_customer_payments_since(
        &self,
        project_id: &str,
        customer_id: &str,
        since_ms: i64,
    ) -> StoreResult<u64>;
    async fn receipts(&self, request_id: &str) -> StoreResult<Vec<Receipt>>;
    /// A receipt's file: its type and bytes.
    async fn receipt_file(&self, request_id: &str, receipt_id: &str) -> StoreResult<Option<(String, Vec<u8>)>>;

    // Background work. Claims take a lease so that several processes never take the same row.
    /// Payments whose deadline passed.
    async fn claim_due_deadlines(&self, now_ms: i64, lease_until_ms: i64, limit: i64) -> StoreResult<Vec<Payment>>;
    /// Payments whose requisites search should run now; their next search moves to
    /// `next_search_ms` (the claim), unless a found requisite moves them on first.
    async fn claim_due_searches(&self, now_ms: i64, next_search_ms: i64, limit: i64) -> StoreResult<Vec<Payment>>;
    /// Makes payments waiting for requisites in `currency` due for a search at `now_ms`.
    /// Returns how many.
    async fn wake_searches(&self, currency: &str, now_ms: i64) -> StoreResult<u64>;
}

/// The callbacks outbox: rows written with the changes (see [`PaymentStore::apply_change`]),
/// claimed and recorded by the dispatcher.
#[async_trait]
pub trait OutboxStore: Send + Sync + 'static {
    /// At most `claim.limit` callbacks due at `claim.now_ms` whose payment has no earlier
    /// callback still waiting or in flight, and whose project and host have fewer deliveries in
    /// flight than `claim.caps`, leased to `owner` until `claim.lease_until_ms`.
    async fn claim_callbacks(&self, owner: &str, claim: &Claim) -> StoreResult<Vec<CallbackJob>>;
    /// Gives claimed callbacks back untried (over a cap within one claim).
    async fn release_callbacks(&self, ids: &[i64], owner: &str) -> StoreResult<()>;
    /// Logs attempts and moves each callback to the state [`super::outbox::state_after_attempt`]
    /// decides (only while `owner` holds its lease; otherwise only the attempt is logged), all
    /// in one transaction: the dispatcher records the attempts that finish together at once.
    /// With `then_claim`, the same transaction then claims as [`Self::claim_callbacks`] does,
    /// seeing the states just recorded (a payment's next callback is due at once): the slots
    /// of the recorded deliveries go to the callbacks claimed, with one commit for both.
    async fn record_attempts(
        &self,
        owner: &str,
        attempts: &[RecordedAttempt],
        then_claim: Option<&Claim>,
    ) -> StoreResult<Vec<CallbackJob>>;
    async fn callbacks(&self, request_id: &str) -> StoreResult<Vec<CallbackRecord>>;
    /// Puts a callback back in the queue for an immediate attempt, retried until `give_up_ms`.
    /// False when it does not exist or is in flight.
    async fn resend_callback(
        &self,
        request_id: &str,
        callback_id: i64,
        now_ms: i64,
        give_up_ms: i64,
        audit: Option<&AuditEntry>,
    ) -> StoreResult<bool>;
    /// When the next pending callback is due (to sleep until then).
    async fn next_callback_due(&self) -> StoreResult<Option<i64>>;
    /// The projects' callbacks that did not reach the merchant (retrying after at least one
    /// failed attempt, or given up), newest first, at most `limit`.
    async fn failing_callbacks(&self, project_ids: &[String], limit: i64) -> StoreResult<Vec<FailingCallback>>;
}

/// The pool of recipient requisites.
#[async_trait]
pub trait RequisiteStore: Send + Sync + 'static {
    /// Inserts a requisite, with the audit entry of whoever added it (same transaction).
    async fn insert_requisite(&self, requisite: &Requisite, audit: Option<&AuditEntry>) -> StoreResult<()>;
    async fn requisites(&self) -> StoreResult<Vec<Requisite>>;
    async fn requisite(&self, id: &str) -> StoreResult<Option<Requisite>>;
    /// The requisite whose card, phone or account number, or whose statements' account, is
    /// `account` (normalized: `transfer::normalize_account`).
    async fn requisite_by_account(&self, account: &str) -> StoreResult<Option<Requisite>>;
    /// The ids of the requisites whose card, phone or account number ends with `digits`.
    async fn requisite_ids_ending(&self, digits: &str) -> StoreResult<Vec<String>>;
    async fn set_requisite_active(&self, id: &str, active: bool, audit: Option<&AuditEntry>) -> StoreResult<bool>;
    /// Per requisite: the open payments it holds, and the amount of its payments created since
    /// `since_ms` that succeeded.
    async fn requisite_usage(&self, since_ms: i64) -> StoreResult<Vec<(String, i64, i64)>>;
    /// New amount limits of a requisite (`None`: no limit).
    async fn set_requisite_limits(
        &self,
        id: &str,
        min_amount: Option<i64>,
        max_amount: Option<i64>,
        audit: Option<&AuditEntry>,
    ) -> StoreResult<bool>;
    /// Active requisites that can serve `query`, least recently used first, each with the
    /// amounts of the open payments it holds.
    async fn requisite_candidates(&self, query: &RequisiteQuery) -> StoreResult<Vec<Candidate>>;
}

/// The consoles' users.
#[async_trait]
pub trait UserStore: Send + Sync + 'static {
    /// Inserts a user, or sets a new password and role on (and re-enables) the one with that
    /// login (the command line).
    async fn upsert_user(&self, user: &ConsoleUser, audit: &AuditEntry) -> StoreResult<()>;
    /// Inserts a user whose login is free; `false` when it is taken.
    async fn insert_user(&self, user: &ConsoleUser, setup: &Setup, audit: &AuditEntry) -> StoreResult<bool>;
    async fn user(&self, audience: Audience, login: &str) -> StoreResult<Option<ConsoleUser>>;
    /// A console's users (a merchant's, for the merchant console), by login.
    async fn users(&self, audience: Audience, merchant_id: Option<&str>) -> StoreResult<Vec<ConsoleUser>>;
    /// Changes a user of `audience` (and of `merchant_id`, for a merchant's): `false` when
    /// there is none. Anything but re-enabling ends the user's sessions in the same change.
    async fn change_user(
        &self,
        audience: Audience,
        merchant_id: Option<&str>,
        login: &str,
        change: &UserChange,
        audit: &AuditEntry,
    ) -> StoreResult<bool>;
    /// The user holding a set-password link (its SHA-256), if it has not expired at `now_ms`.
    async fn user_by_setup(
        &self,
        audience: Audience,
        setup_hash: &str,
        now_ms: i64,
    ) -> StoreResult<Option<ConsoleUser>>;
    /// Keeps `secret` (sealed) as the user's second factor being enrolled.
    async fn set_pending_factor(&self, audience: Audience, login: &str, secret: &Secret<Vec<u8>>) -> StoreResult<()>;
    async fn pending_factor(&self, audience: Audience, login: &str) -> StoreResult<Option<Secret<Vec<u8>>>>;
    /// Makes the pending factor the user's, with the step its first code was accepted for and
    /// the recovery codes' hashes; `false` when there is none pending or one is enrolled.
    async fn enable_factor(
        &self,
        audience: Audience,
        login: &str,
        step: i64,
        recovery_hashes: &[String],
        audit: &AuditEntry,
    ) -> StoreResult<bool>;
    async fn factor(&self, audience: Audience, login: &str) -> StoreResult<Option<StoredFactor>>;
    /// Accepts `step` for the user's factor if no later or equal step was accepted: a code
    /// works once, even for two requests at the same moment.
    async fn spend_step(&self, audience: Audience, login: &str, step: i64) -> StoreResult<bool>;
    /// Removes one recovery code (its hash) of the user; `false` when it is not theirs (any more).
    async fn spend_recovery(
        &self,
        audience: Audience,
        login: &str,
        hash: &str,
        audit: &AuditEntry,
    ) -> StoreResult<bool>;
    /// The user's console sessions still open at `now_ms`, newest first.
    async fn sessions_of(&self, audience: Audience, login: &str, now_ms: i64) -> StoreResult<Vec<SessionSummary>>;
    /// Ends the user's sessions but the one kept (its id's hash); how many ended.
    async fn end_sessions_except(
        &self,
        audience: Audience,
        login: &str,
        keep: &str,
        audit: &AuditEntry,
    ) -> StoreResult<u64>;
    /// Sets the password of the user holding that unexpired link, spending the link; `false`
    /// when it was spent (or expired) meanwhile.
    async fn set_password_by_setup(
        &self,
        audience: Audience,
        setup_hash: &str,
        now_ms: i64,
        password_hash: &str,
        audit: &AuditEntry,
    ) -> StoreResult<bool>;
}

/// A user's second factor, as the store gives it back (the secret unsealed).
pub struct StoredFactor {
    pub secret: Secret<Vec<u8>>,
    /// The last time step a code was accepted for.
    pub last_step: Option<i64>,
}

/// One of a user's console sessions, as they see it in their account.
#[derive(Clone, Debug)]
pub struct SessionSummary {
    /// The SHA-256 of the session's id (the id itself is never stored).
    pub id_hash: String,
    pub created_ms: i64,
    pub seen_ms: i64,
}

/// A one-time set-password link as stored: its SHA-256 and when it stops working.
#[derive(Clone, Debug)]
pub struct Setup {
    pub hash: String,
    pub expires_ms: i64,
}

/// A change to a console user.
#[derive(Clone, Debug)]
pub enum UserChange {
    Active(bool),
    Role(Role),
    /// The password no longer works; a new one is set through the link.
    ResetPassword(Setup),
    /// The second factor and its recovery codes are removed (a lost phone); the user enrols
    /// again at their next login.
    ResetFactor,
}

/// The audit log, read back (entries are appended by the changes they describe).
#[async_trait]
pub trait AuditStore: Send + Sync + 'static {
    async fn audit(&self, query: &AuditQuery) -> StoreResult<Vec<StoredAudit>>;
    /// Appends an entry that no change of state carries (a login, an integration check).
    async fn append_audit(&self, entry: &AuditEntry) -> StoreResult<()>;
}

/// Transfers seen on requisites' accounts, and the bank statements they came in. A transfer that
/// credits a payment is recorded by that payment's change ([`PaymentChange::transfer`]); these
/// record the others and read them back.
#[async_trait]
pub trait TransferStore: Send + Sync + 'static {
    /// Records a transfer that credits nothing by itself (in review, listed, dismissed), with the
    /// audit entry. `false` when its bank id was recorded before on that account.
    async fn record_transfer(&self, transfer: &Transfer, audit: &AuditEntry) -> StoreResult<bool>;
    /// [`Self::record_transfer`] for many, in one transaction.
    async fn record_transfers(&self, transfers: &[(Transfer, AuditEntry)]) -> StoreResult<Vec<bool>>;
    async fn transfer(&self, id: &str) -> StoreResult<Option<Transfer>>;
    /// The transfer recorded with this bank id on this account (`Transfer::account_key`).
    async fn transfer_by_bank_id(&self, account_key: &str, bank_id: &str) -> StoreResult<Option<String>>;
    /// Transfers recorded with this similarity key (`Transfer::similarity`).
    async fn similar_transfers(&self, similarity: &str) -> StoreResult<Vec<Similar>>;
    /// For a statement's rows at once: the recorded transfers with these similarity keys
    /// (`similarity` → them), and the ids of those recorded with these bank ids
    /// (`(account_key, bank_id)` → id).
    async fn transfers_like(
        &self,
        similarities: &[String],
        bank_ids: &[String],
    ) -> StoreResult<(HashMap<String, Vec<Similar>>, HashMap<(String, String), String>)>;
    /// Transfers waiting for a person, oldest first.
    async fn transfers_in_review(&self, limit: i64) -> StoreResult<Vec<Transfer>>;
    /// A transfer in review dismissed (with the reason written), audited; false when it is no
    /// longer in review.
    async fn dismiss_transfer(
        &self,
        id: &str,
        decided_by: &str,
        at_ms: i64,
        note: &str,
        audit: &AuditEntry,
    ) -> StoreResult<bool>;
    /// Transfers booked on the days `[from_day, to_day]` (`YYYY-MM-DD`).
    async fn transfers_booked(&self, from_day: &str, to_day: &str) -> StoreResult<Vec<Transfer>>;
    /// Keeps a checked statement (the proposal its apply must follow).
    async fn save_statement(&self, statement: &StoredStatement) -> StoreResult<()>;
    async fn statement(&self, id: &str) -> StoreResult<Option<StoredStatement>>;
    /// Who applied a statement with this digest, and when, if one was.
    async fn statement_applied(&self, digest: &str) -> StoreResult<Option<(String, i64)>>;
    /// Marks a statement applied; false when it, or another upload of the same file, was.
    async fn mark_statement_applied(&self, id: &str, by: &str, at_ms: i64) -> StoreResult<bool>;
}

/// A checked statement as kept until it is applied: the file's rows and what each was to do.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct StoredStatement {
    pub id: String,
    /// SHA-256 of the file: the same file is applied once.
    pub digest: String,
    pub format: String,
    pub uploaded_by: String,
    pub uploaded_ms: i64,
    pub applied: Option<(String, i64)>,
    pub rows: Vec<super::transfer::ProposedRow>,
}

/// Credits waiting for a second operator.
#[async_trait]
pub trait ApprovalStore: Send + Sync + 'static {
    /// Keeps a proposal, audited; a transfer it credits goes from review to pending, or is
    /// recorded pending when it is `new`. False when the payment has a proposal pending.
    async fn propose(&self, approval: &Approval, new: Option<&Transfer>, audit: &AuditEntry) -> StoreResult<bool>;
    async fn approval(&self, id: &str) -> StoreResult<Option<Approval>>;
    /// Pending proposals, oldest first.
    async fn pending_approvals(&self, limit: i64) -> StoreResult<Vec<Approval>>;
    /// Rejects a pending proposal (its transfer back to review), audited; false when it is no
    /// longer pending.
    async fn reject_approval(&self, id: &str, by: &str, at_ms: i64, audit: &AuditEntry) -> StoreResult<bool>;
}

/// The dashboards' figures: live per period, and rolled up per day.
#[async_trait]
pub trait StatsStore: Send + Sync + 'static {
    /// Payins created in `[from_ms, to_ms)` (of these projects, when given), per UTC day,
    /// country, method and currency; `expired` counts declines with `expired_description`.
    async fn payin_groups(
        &self,
        from_ms: i64,
        to_ms: i64,
        projects: Option<&[String]>,
        expired_description: &str,
    ) -> StoreResult<Vec<GroupStats>>;
    /// Recomputes the rolled-up figures of the UTC day starting at `day_ms` (per project,
    /// country, method and currency), stamped `now_ms`.
    async fn roll_up_day(&self, day_ms: i64, expired_description: &str, now_ms: i64) -> StoreResult<()>;
    /// The rolled-up figures of the days in `[from_ms, to_ms)` (of these projects, when
    /// given), and which days are rolled up, with when each was computed.
    async fn rolled_up(
        &self,
        from_ms: i64,
        to_ms: i64,
        projects: Option<&[String]>,
    ) -> StoreResult<(Vec<GroupStats>, Vec<(i64, i64)>)>;
    /// Forgets the rolled-up days before `day_ms`.
    async fn forget_rolled_up_before(&self, day_ms: i64) -> StoreResult<()>;
    /// Payins per requisite, UTC day and currency created in `[from_ms, to_ms)`: what each
    /// requisite served (the reconciliation report's expected side).
    async fn requisite_days(&self, from_ms: i64, to_ms: i64) -> StoreResult<Vec<super::transfer::RequisiteDay>>;
    /// For the payins of the period that got requisites: milliseconds from creation to the
    /// requisites; and for those that succeeded: from creation to success (each over the
    /// latest 10,000 of the period, which is what a median needs).
    async fn payin_durations(
        &self,
        from_ms: i64,
        to_ms: i64,
        projects: Option<&[String]>,
    ) -> StoreResult<(Vec<i64>, Vec<i64>)>;
}

/// The ledger: balances and their entries (written with the payment changes).
#[async_trait]
pub trait LedgerStore: Send + Sync + 'static {
    async fn balances(&self, project_id: &str) -> StoreResult<Vec<Balance>>;
    /// Entries of a project and currency in `[from_ms, to_ms)`, oldest first.
    async fn entries(
        &self,
        project_id: &str,
        currency: &str,
        from_ms: i64,
        to_ms: i64,
    ) -> StoreResult<Vec<StoredEntry>>;
    /// The entries a payment caused, in order.
    async fn entries_of(&self, request_id: &str) -> StoreResult<Vec<StoredEntry>>;
    /// (available, locked) from the entries before `at_ms`: the opening balance of a period.
    async fn balance_before(&self, project_id: &str, currency: &str, at_ms: i64) -> StoreResult<(i64, i64)>;
    /// Every balance whose stored value differs from the sum of its entries.
    async fn verify(&self) -> StoreResult<Vec<Mismatch>>;
}

/// Filter of bank listings.
#[derive(Clone, Debug, Default)]
pub struct BankFilter {
    pub countries: Option<Vec<String>>,
    /// Only banks with an active requisite serving one of these method codes.
    pub with_active_requisites_for: Option<Vec<String>>,
}

/// The bank catalogue.
#[async_trait]
pub trait BankStore: Send + Sync + 'static {
    async fn banks(&self, filter: &BankFilter) -> StoreResult<Vec<Bank>>;
    async fn bank(&self, symbol: &str) -> StoreResult<Option<Bank>>;
    /// Inserts or replaces a bank by symbol.
    /// Adds or edits a bank, with its audit entry in the same transaction.
    async fn upsert_bank(&self, bank: &Bank, audit: &AuditEntry) -> StoreResult<()>;
    /// Inserts the banks that do not exist yet.
    async fn seed_banks(&self, banks: &[Bank]) -> StoreResult<()>;
}

/// Merchants, projects, their keys, and the service's own secrets.
#[async_trait]
pub trait ProjectStore: Send + Sync + 'static {
    async fn merchant_by_name_or_create(&self, name: &str) -> StoreResult<Merchant>;
    async fn create_project(
        &self,
        project: &Project,
        request_key: &StoredRequestKey,
        callback_key: &StoredCallbackKey,
    ) -> StoreResult<()>;
    async fn project(&self, project_id: &str) -> StoreResult<Option<Project>>;
    async fn project_by_name(&self, merchant_id: &str, name: &str) -> StoreResult<Option<Project>>;
    /// Every project with its merchant, by merchant name and project name.
    async fn all_projects(&self) -> StoreResult<Vec<Project>>;
    /// The projects of a merchant, by name.
    async fn projects_of_merchant(&self, merchant_id: &str) -> StoreResult<Vec<Project>>;
    /// Replaces a project's settings, with the audit entry of the change, in one transaction.
    async fn update_project_settings(
        &self,
        project_id: &str,
        settings: &ProjectSettings,
        audit: &AuditEntry,
    ) -> StoreResult<bool>;
    /// Replaces (or with `None` removes) a project's logo, with its settings and the audit
    /// entry, in one transaction.
    async fn set_logo(
        &self,
        project_id: &str,
        logo: Option<&super::brand::Logo>,
        settings: &ProjectSettings,
        audit: &AuditEntry,
    ) -> StoreResult<bool>;
    /// A project's logo: content type and bytes.
    async fn logo(&self, project_id: &str) -> StoreResult<Option<(String, Vec<u8>)>>;
    /// Adds a request key (refused beyond two active ones), with the audit entry of who added it.
    async fn add_request_key(
        &self,
        project_id: &str,
        key: &StoredRequestKey,
        audit: Option<&AuditEntry>,
    ) -> StoreResult<()>;
    async fn set_request_key_active(&self, token: &str, active: bool, audit: Option<&AuditEntry>) -> StoreResult<bool>;
    /// A project's request keys, newest first (no secrets).
    async fn request_keys_of(&self, project_id: &str) -> StoreResult<Vec<KeySummary>>;
    /// Records that a key authenticated a request at `at_ms`.
    async fn touch_request_key(&self, token: &str, at_ms: i64) -> StoreResult<()>;
    /// Deactivates every request key of the project but `keep`.
    async fn deactivate_request_keys_except(&self, project_id: &str, keep: &str) -> StoreResult<()>;
    async fn request_key(&self, token: &str) -> StoreResult<Option<RequestKeyRecord>>;
    async fn callback_key(&self, project_id: &str) -> StoreResult<Option<StoredCallbackKey>>;
    /// A secret of the service, made on first use and shared by every process.
    async fn service_secret(&self, name: &str) -> StoreResult<String>;
    /// A setting of the service fixed with its database: the stored value, or `value` when
    /// there was none (then stored).
    async fn service_setting_or_init(&self, name: &str, value: &str) -> StoreResult<String>;
    /// Records a signed message's first endpoint; `None` when it is new, else the endpoint it
    /// was first used on. With `wait` false the record is written after the answer (a read
    /// that changes nothing need not wait for it; what is already recorded is still checked).
    async fn remember_signature(
        &self,
        key: &str,
        endpoint: &str,
        expires_ms: i64,
        wait: bool,
    ) -> StoreResult<Option<String>>;
    async fn forget_signatures_before(&self, now_ms: i64) -> StoreResult<u64>;
    /// Seals every stored secret under the current master key (after a rotation, or values
    /// stored before sealing). Returns how many were re-sealed.
    async fn reseal_secrets(&self) -> StoreResult<u64>;
}

/// Every port, as storage opens them; start-up hands each service the ones it uses.
#[derive(Clone)]
pub struct Stores {
    pub payments: std::sync::Arc<dyn PaymentStore>,
    pub outbox: std::sync::Arc<dyn OutboxStore>,
    pub requisites: std::sync::Arc<dyn RequisiteStore>,
    pub banks: std::sync::Arc<dyn BankStore>,
    pub projects: std::sync::Arc<dyn ProjectStore>,
    pub ledger: std::sync::Arc<dyn LedgerStore>,
    pub users: std::sync::Arc<dyn UserStore>,
    pub audit: std::sync::Arc<dyn AuditStore>,
    pub transfers: std::sync::Arc<dyn TransferStore>,
    pub approvals: std::sync::Arc<dyn ApprovalStore>,
    pub stats: std::sync::Arc<dyn StatsStore>,
}
