//! The payments service: creates payments and moves them through the state machine. Every
//! move is computed here from the table in [`super::state_machine`] and written through the
//! [`PaymentStore`] port in one transaction with its history row and its callbacks.

use std::sync::Arc;

use tokio::sync::Notify;

use super::acquirer::{Acquirer, Authorization, Card, ThreeDsOutcome};
use super::audit::{AuditEntry, Subject, Who};
use super::catalogue::{self, Integration, MethodKind, WidgetMethod};
use super::incoming::{IncomingTransfer, RowOutcome, StatementRow};
use super::ledger::{self, Mismatch, StoredEntry};
use super::outbox::{self, CallbackRecord, CallbackRenderer};
use super::payin::{self, NewPayin, PayinDraft};
use super::payment::{
    Actor, CardAuth, Details, Flow, MaskedCard, Payment, PaymentState, PaymentType, mask_pan, new_page_token,
    new_request_id,
};
use super::payout::{self, PayoutDraft};
use super::ports::{
    Balance, HistoryEntry, Inserted, NewReceipt, PaymentChange, PaymentFilter, Receipt, StoreError, Stores,
};
use super::project::Project;
use super::requisites::{Candidate, RequisiteQuery, rank_candidates};
use super::state_machine::{self, Event, IllegalMove, reason};
use super::stats::{self, PeriodStats};
use super::time::now_ms;
use super::violations::Violation;

/// The one error type of the domain's services.
#[derive(Debug, thiserror::Error)]
pub enum DomainError {
    #[error("payment not found")]
    NotFound,
    /// A record other than a payment (requisite, bank, project, callback) does not exist.
    #[error("not found")]
    Missing,
    #[error("payment_id already used with a different request")]
    DuplicatePaymentId,
    #[error(transparent)]
    Illegal(#[from] IllegalMove),
    /// Fields of a request break the rules; every one is listed.
    #[error("validation failed")]
    Validation(Vec<Violation>),
    /// The payment kept changing under us; the caller may retry.
    #[error("payment is busy")]
    Busy,
    /// An operation that cannot be done now for a reason stated in the text (409).
    #[error("{0}")]
    Conflict(String),
    #[error(transparent)]
    Storage(StoreError),
}

impl DomainError {
    pub fn invalid(field: &str, message: impl Into<String>) -> Self {
        DomainError::Validation(vec![Violation { field: field.to_string(), message: message.into() }])
    }
}

impl From<StoreError> for DomainError {
    fn from(e: StoreError) -> Self {
        match e {
            StoreError::Refused(text) => DomainError::Conflict(text),
            e => DomainError::Storage(e),
        }
    }
}

pub type Result<T, E = DomainError> = std::result::Result<T, E>;

/// Timing settings of the service.
#[derive(Clone, Debug)]
pub struct Settings {
    /// How long the requisites search runs before the payment declines.
    pub search_window_ms: i64,
    /// How long `dispute:no_payment` waits for a receipt.
    pub grace_ms: i64,
    /// How long a card authorization may take before the payment is declined as lost.
    pub card_auth_timeout_ms: i64,
}

/// The outcome of a create.
#[derive(Clone, Debug)]
pub struct Created {
    pub payment: Payment,
    /// False when this was a retry answered with the existing payment.
    pub fresh: bool,
}

/// A project's money in one currency over a period.
#[derive(Clone, Debug)]
pub struct Statement {
    /// (available, locked) at the start.
    pub opening: (i64, i64),
    pub entries: Vec<StoredEntry>,
    /// (available, locked) at the end: the opening plus the entries.
    pub closing: (i64, i64),
}

/// How an operator closes a dispute.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Resolution {
    Success,
    Decline,
}

/// What one change does besides moving the state.
struct Change<'a> {
    event: Event,
    actor: Actor,
    edit: &'a (dyn Fn(&mut Payment) + Send + Sync),
    receipt: Option<NewReceipt>,
    /// A person's or script's action is written to the audit log with the change.
    audit: Option<Audited<'a>>,
    /// An incoming transfer applied by this change (recorded with it, once).
    incoming: Option<IncomingTransfer>,
}

impl<'a> Change<'a> {
    /// A change that moves the state and applies `edit`, and nothing else.
    fn new(event: Event, actor: Actor, edit: &'a (dyn Fn(&mut Payment) + Send + Sync)) -> Self {
        Change { event, actor, edit, receipt: None, audit: None, incoming: None }
    }
}

/// Who asked for a change, and what they called it, for the audit log.
struct Audited<'a> {
    who: &'a Who,
    action: &'static str,
    detail: Option<String>,
}

/// What the store answers when a transfer row was recorded already.
pub const ALREADY_APPLIED: &str = "Transfer already applied";

fn audited<'a>(who: &'a Who, action: &'static str, detail: Option<String>) -> Option<Audited<'a>> {
    Some(Audited { who, action, detail })
}

fn no_edit(_: &mut Payment) {}

/// Lease on rows claimed by a background job; longer than any job step takes.
const JOB_LEASE_MS: i64 = 30_000;
/// A payment that found no requisite is searched again when a requisite may have become free
/// (see [`Payments::requisites_may_be_free`]); this is only the safety net behind those events.
const SEARCH_RETRY_MS: i64 = 30_000;
/// How often a change is recomputed when concurrent changes keep winning.
const MAX_CONFLICT_RETRIES: usize = 8;
/// Cards a hosted-page payment may have refused; this many declines it (decisions.md §5).
pub const MAX_CARD_REFUSALS: u32 = 3;

/// A push request is sent again at most this often (the payer's phone, the provider's limits).
pub const PUSH_RESEND_MS: i64 = 60_000;
/// The refusal of a push request sent again too soon.
pub const PUSH_TOO_SOON: &str = "Push request sent less than a minute ago";

/// Whether a refused card leaves the payment open for another: on the hosted page it does;
/// H2H e-commerce (the merchant sent the card) declines at once.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Retries {
    No,
    OnThePage,
}

pub struct Payments {
    stores: Stores,
    settings: Settings,
    /// Authorizes card payments; `None` when no acquirer is configured.
    acquirer: Option<Arc<dyn Acquirer>>,
    /// Renders callback bodies (the wire format lives outside the domain).
    renderer: Arc<dyn CallbackRenderer>,
    /// Wakes the callback dispatcher when a change wrote callbacks.
    callbacks_ready: Arc<Notify>,
    /// Wakes the requisites search when payments wait for requisites.
    search_ready: Arc<Notify>,
    /// Payments that just entered the search, searched by this process without a claim.
    fresh_searches: std::sync::Mutex<Vec<Payment>>,
}

impl Payments {
    pub fn new(
        stores: Stores,
        settings: Settings,
        acquirer: Option<Arc<dyn Acquirer>>,
        renderer: Arc<dyn CallbackRenderer>,
    ) -> Self {
        Payments {
            stores,
            settings,
            acquirer,
            renderer,
            callbacks_ready: Arc::new(Notify::new()),
            search_ready: Arc::new(Notify::new()),
            fresh_searches: std::sync::Mutex::new(Vec::new()),
        }
    }

    /// Hands a payment that just entered the search to this process's search worker: it holds
    /// the payment already, so no claim is written. Others only see it if the safety-net time
    /// passes without a search.
    fn search_now(&self, payment: Payment) {
        self.fresh_searches.lock().expect("search queue lock").push(payment);
        self.search_ready.notify_one();
    }

    /// Whether card payments can be taken.
    pub fn accepts_cards(&self) -> bool {
        self.acquirer.is_some()
    }

    pub fn settings(&self) -> &Settings {
        &self.settings
    }

    pub fn callbacks_ready(&self) -> Arc<Notify> {
        self.callbacks_ready.clone()
    }

    pub fn search_ready(&self) -> Arc<Notify> {
        self.search_ready.clone()
    }

    /// Whether the database answers.
    pub async fn healthy(&self) -> Result<()> {
        Ok(self.stores.payments.ping().await?)
    }

    // -----------------------------------------------------------------------------------------
    // Create and read

    /// Validates a create request against the catalogue and the project, then creates its
    /// payment (or answers the one an identical earlier request created). A card payment's
    /// authorization starts right after, in the background.
    pub async fn create_payin(self: &Arc<Self>, project: &Project, draft: PayinDraft) -> Result<Created> {
        if draft.integration == Integration::H2hEcom && !self.accepts_cards() {
            return Err(DomainError::invalid("payment.method", "card payments are not available"));
        }
        let new = payin::validate(draft, project, self.stores.banks.as_ref())
            .await?
            .map_err(|v| DomainError::Validation(v.into_vec()))?;
        self.create(new).await
    }

    /// Creates a payment, or answers the existing one when the same request comes again.
    pub async fn create(self: &Arc<Self>, mut new: NewPayin) -> Result<Created> {
        let now = now_ms();
        let card = new.card.take();
        let legacy_hash = std::mem::take(&mut new.legacy_request_hash);
        let flow = match (new.widget_method, new.method) {
            (Some(w), _) => flow_of(w.kind()),
            (None, Some(m)) => flow_of(m.kind()),
            (None, None) => Flow::Unchosen,
        };
        let refused = self.antifraud_refuses(&new, now).await?;
        let (state, status_description) = match flow {
            _ if refused => (PaymentState::Decline, Some(reason::DECLINED_BY_ANTI_FRAUD.to_string())),
            Flow::Transfer => (PaymentState::Requisites, None),
            Flow::Unchosen | Flow::Push | Flow::Card | Flow::Payout => (PaymentState::New, None),
        };
        // A card given with the request is authorized at once: the row is written already
        // claimed for that authorization, so a crash before the answer ends in a decline.
        let authorizing = card.is_some() && state == PaymentState::New;
        let mut payment = Payment {
            request_id: new_request_id(),
            project_id: new.project.id.clone(),
            payment_id: new.payment_id,
            payment_type: PaymentType::Payin,
            integration: new.integration,
            country: new.country,
            currency: new.currency,
            method: new.method.or_else(|| new.widget_method.and_then(WidgetMethod::h2h_equivalent)),
            widget_method: new.widget_method,
            amount: new.amount,
            old_amount: new.amount,
            initial_amount: new.amount,
            lifetime_s: new.lifetime_s,
            created_ms: now,
            updated_ms: now,
            state,
            status_description,
            version: 1,
            details: new.details,
            recipient: None,
            card_auth: (flow == Flow::Card)
                .then(|| CardAuth { authorizing_since_ms: authorizing.then_some(now), ..Default::default() }),
            page_token: new_page_token(),
            request_hash: new.request_hash,
            deadline_ms: None,
            search_at_ms: None,
            search_until_ms: None,
            has_receipt: false,
            received_amount: None,
            last_actor: Actor::Merchant,
        };
        self.schedule(&mut payment, now);
        match self.stores.payments.insert_payment(&payment).await? {
            Inserted::Created => {
                if payment.state == PaymentState::Requisites {
                    self.search_now(payment.clone());
                }
                if let (true, Some(card)) = (authorizing, card) {
                    let (me, claimed) = (self.clone(), payment.clone());
                    tokio::spawn(async move {
                        let id = claimed.request_id.clone();
                        if let Err(e) = me.run_authorization(claimed, card, Actor::Merchant, Retries::No).await {
                            tracing::warn!(request_id = %id, error = %e, "card authorization failed");
                        }
                    });
                }
                Ok(Created { payment, fresh: true })
            }
            // The same body again (a row from before keyed fingerprints holds the old digest).
            Inserted::Existing(existing)
                if existing.request_hash == payment.request_hash || existing.request_hash == legacy_hash =>
            {
                Ok(Created { payment: *existing, fresh: false })
            }
            Inserted::Existing(_) => Err(DomainError::DuplicatePaymentId),
        }
    }

    async fn antifraud_refuses(&self, new: &NewPayin, now: i64) -> Result<bool> {
        let rules = &new.project.settings.antifraud;
        let customer = &new.details.customer;
        let recent = match rules.velocity_window_ms() {
            Some(window) => Some(
                self.stores.payments.count_customer_payments_since(&new.project.id, &customer.id, now - window).await?,
            ),
            None => None,
        };
        Ok(rules.refuses(&customer.id, &customer.ip_address, recent))
    }

    pub async fn find(&self, project_id: &str, payment_id: &str) -> Result<Payment> {
        self.stores.payments.payment(project_id, payment_id).await?.ok_or(DomainError::NotFound)
    }

    /// A payin, or a payout, of the project: the payin endpoints do not see payouts, nor the
    /// payout endpoints payins.
    pub async fn find_of(&self, project_id: &str, payment_id: &str, kind: PaymentType) -> Result<Payment> {
        self.find(project_id, payment_id)
            .await
            .and_then(|p| if p.payment_type == kind { Ok(p) } else { Err(DomainError::NotFound) })
    }

    pub async fn by_request_id(&self, request_id: &str) -> Result<Payment> {
        self.stores.payments.payment_by_request_id(request_id).await?.ok_or(DomainError::NotFound)
    }

    pub async fn by_page_token(&self, token: &str) -> Result<Payment> {
        self.stores.payments.payment_by_page_token(token).await?.ok_or(DomainError::NotFound)
    }

    /// A page's payment with its project (whom the payer pays), in one read.
    pub async fn page_of(&self, token: &str) -> Result<(Payment, crate::domain::project::Project)> {
        self.stores.payments.payment_page(token).await?.ok_or(DomainError::NotFound)
    }

    pub async fn history(&self, request_id: &str) -> Result<Vec<HistoryEntry>> {
        Ok(self.stores.payments.history(request_id).await?)
    }

    pub async fn receipts(&self, request_id: &str) -> Result<Vec<Receipt>> {
        Ok(self.stores.payments.receipts(request_id).await?)
    }

    /// A receipt's file (type and bytes), for the operator who decides the dispute.
    pub async fn receipt_file(&self, request_id: &str, receipt_id: &str) -> Result<(String, Vec<u8>)> {
        self.stores.payments.receipt_file(request_id, receipt_id).await?.ok_or(DomainError::Missing)
    }

    /// The ledger entries a payment caused.
    pub async fn ledger_of(&self, payment: &Payment) -> Result<Vec<StoredEntry>> {
        Ok(self.stores.ledger.entries_of(&payment.request_id).await?)
    }

    /// The project's balance per currency: available, and locked by open payouts.
    pub async fn balances(&self, project_id: &str) -> Result<Vec<Balance>> {
        Ok(self.stores.ledger.balances(project_id).await?)
    }

    /// A statement: the balance (available, locked) at `from_ms`, the entries of
    /// `[from_ms, to_ms)`, and the balance they lead to.
    pub async fn statement(&self, project_id: &str, currency: &str, from_ms: i64, to_ms: i64) -> Result<Statement> {
        let opening = self.stores.ledger.balance_before(project_id, currency, from_ms).await?;
        let entries = self.stores.ledger.entries(project_id, currency, from_ms, to_ms).await?;
        let closing = entries.iter().fold(opening, |(a, l), e| (a + e.entry.available_delta, l + e.entry.locked_delta));
        Ok(Statement { opening, entries, closing })
    }

    /// Every balance that differs from the sum of its entries (empty when the ledger holds).
    pub async fn verify_ledger(&self) -> Result<Vec<Mismatch>> {
        Ok(self.stores.ledger.verify().await?)
    }

    // -----------------------------------------------------------------------------------------
    // Payouts

    /// Validates a payout request against the catalogue's payout column and receiver rules,
    /// then creates it, locking its amount on the project's balance in the same transaction
    /// (or answers the payout an identical earlier request created). A balance short of the
    /// amount refuses it with `Insufficient balance` and creates nothing.
    pub async fn create_payout(&self, project: &Project, draft: PayoutDraft) -> Result<Created> {
        let new = payout::validate(draft, project, self.stores.banks.as_ref())
            .await?
            .map_err(|v| DomainError::Validation(v.into_vec()))?;
        let now = now_ms();
        let payout = Payment {
            request_id: new_request_id(),
            project_id: new.project.id.clone(),
            payment_id: new.payment_id,
            payment_type: PaymentType::Payout,
            integration: Integration::H2hP2p,
            country: new.country,
            currency: new.currency,
            method: Some(new.method),
            widget_method: None,
            amount: new.amount,
            old_amount: new.amount,
            initial_amount: new.amount,
            // Payouts do not expire: an operator sends them (decisions.md §10).
            lifetime_s: 0,
            created_ms: now,
            updated_ms: now,
            state: PaymentState::New,
            status_description: None,
            version: 1,
            details: Details {
                urls: new.urls,
                customer: new.customer,
                description: new.description,
                receiver: Some(new.receiver),
                ..Details::default()
            },
            recipient: None,
            card_auth: None,
            page_token: new_page_token(),
            request_hash: new.request_hash,
            deadline_ms: None,
            search_at_ms: None,
            search_until_ms: None,
            has_receipt: false,
            received_amount: None,
            last_actor: Actor::Merchant,
        };
        let lock = ledger::payout_created(&payout);
        match self.stores.payments.insert_payout(&payout, &lock, new.receiver_pan.as_ref()).await? {
            Inserted::Created => {
                tracing::info!(request_id = %payout.request_id, amount = payout.amount, "payout created");
                Ok(Created { payment: payout, fresh: true })
            }
            Inserted::Existing(existing)
                if existing.request_hash == payout.request_hash || existing.request_hash == new.legacy_request_hash =>
            {
                Ok(Created { payment: *existing, fresh: false })
            }
            Inserted::Existing(_) => Err(DomainError::DuplicatePaymentId),
        }
    }

    /// Operator: the payout is being sent (`processing:payout_process`).
    pub async fn execute_payout(&self, payout: Payment, who: &Who) -> Result<Payment> {
        let audit = audited(who, "payout_executed", None);
        self.apply(payout, Change { audit, ..Change::new(Event::PayoutExecuted, Actor::Operator, &no_edit) }).await
    }

    /// Operator: the payout arrived (`success`) or failed (`dispute:payout_failed`).
    pub async fn payout_result(&self, payout: Payment, arrived: bool, who: &Who) -> Result<Payment> {
        let event = if arrived { Event::PayoutSucceeded } else { Event::PayoutFailed };
        let audit = audited(who, "payout_result", Some(if arrived { "success" } else { "failed" }.to_string()));
        self.apply(payout, Change { audit, ..Change::new(event, Actor::Operator, &no_edit) }).await
    }

    /// Payouts waiting for an operator, oldest first.
    pub async fn payouts_waiting(&self, limit: i64) -> Result<Vec<Payment>> {
        Ok(self.stores.payments.payouts_waiting(limit).await?)
    }

    /// What waits for an operator: payins in `processing:paid` and every dispute, then payouts
    /// to send or whose result to record; the longest waiting first in each.
    pub async fn operator_queue(&self, limit: i64) -> Result<(Vec<Payment>, Vec<Payment>)> {
        let waiting = self.stores.payments.waiting_for_operator(limit).await?;
        let payins = waiting
            .into_iter()
            .filter(|p| p.payment_type == PaymentType::Payin || p.state == PaymentState::DisputePayoutFailed)
            .collect();
        let payouts = self.stores.payments.payouts_waiting(limit).await?;
        Ok((payins, payouts))
    }

    /// Payments matching a console filter, newest first. A requisite may be named by its id
    /// or its card, phone or account number.
    pub async fn search(&self, mut filter: PaymentFilter) -> Result<Vec<Payment>> {
        if let Some(reference) = filter.requisite_id.take() {
            let requisites = &self.stores.requisites;
            let id = match requisites.requisite(&reference).await? {
                Some(r) => r.id,
                None => match requisites.requisite_by_pan(&reference).await? {
                    Some(r) => r.id,
                    None => return Ok(Vec::new()),
                },
            };
            filter.requisite_id = Some(id);
        }
        Ok(self.stores.payments.search_payments(&filter).await?)
    }

    /// The audit trail of a payment or requisite, newest first.
    pub async fn audit_of(&self, subject: Subject, id: &str) -> Result<Vec<super::audit::StoredAudit>> {
        let query = super::audit::AuditQuery { subject: Some((subject, id.to_string())), before_id: None, limit: 200 };
        Ok(self.stores.console.audit(&query).await?)
    }

    /// The audit log, newest first, a page before `before_id`.
    pub async fn audit_log(&self, before_id: Option<i64>, limit: i64) -> Result<Vec<super::audit::StoredAudit>> {
        let query = super::audit::AuditQuery { subject: None, before_id, limit };
        Ok(self.stores.console.audit(&query).await?)
    }

    /// The receiver's card or account number of a payout, in full, for the operator who pays.
    pub async fn payout_receiver_pan(&self, payout: &Payment) -> Result<Option<crate::secret::Secret<String>>> {
        Ok(self.stores.payments.payout_receiver_pan(&payout.request_id).await?)
    }

    /// A payment's callbacks with every delivery attempt.
    pub async fn callbacks(&self, request_id: &str) -> Result<Vec<CallbackRecord>> {
        Ok(self.stores.outbox.callbacks(request_id).await?)
    }

    /// Queues a callback of the payment for an immediate attempt, retried like a final one.
    pub async fn resend_callback(
        &self,
        request_id: &str,
        callback_id: i64,
        who: Option<&Who>,
    ) -> Result<Vec<CallbackRecord>> {
        let now = now_ms();
        let give_up = now + outbox::FINAL_RETRY_WINDOW_MS;
        let audit = who.map(|who| {
            AuditEntry::new(who, "callback_resent", Subject::Payment, request_id, now)
                .detail(format!("callback {callback_id}"))
        });
        if !self.stores.outbox.resend_callback(request_id, callback_id, now, give_up, audit.as_ref()).await? {
            return Err(DomainError::Conflict("Callback not found or being delivered".into()));
        }
        self.callbacks_ready.notify_one();
        self.callbacks(request_id).await
    }

    // -----------------------------------------------------------------------------------------
    // Moves

    /// Merchant or user cancels (`decline` / `Canceled by client`).
    pub async fn cancel(&self, payment: Payment, actor: Actor) -> Result<Payment> {
        self.apply(payment, Change::new(Event::Cancel, actor, &no_edit)).await
    }

    /// The user says the transfer was made. Idempotent on `processing:paid`.
    pub async fn confirm(&self, payment: Payment, actor: Actor) -> Result<Payment> {
        if payment.state == PaymentState::Paid {
            return Ok(payment);
        }
        self.apply(payment, Change::new(Event::Confirm, actor, &no_edit)).await
    }

    /// Operator: funds arrived for a payment awaiting them. The full amount succeeds; any other
    /// amount opens `dispute:different_amount`.
    pub async fn funds_received(&self, payment: Payment, amount: i64, who: &Who) -> Result<Payment> {
        let audit = audited(who, "funds_received", Some(format!("amount {amount}")));
        self.receive(payment, amount, audit, None).await
    }

    /// `amount` arrived for `payment`: the full amount succeeds, another one opens
    /// `dispute:different_amount` remembering what arrived.
    async fn receive(
        &self,
        payment: Payment,
        amount: i64,
        audit: Option<Audited<'_>>,
        incoming: Option<IncomingTransfer>,
    ) -> Result<Payment> {
        let event = if amount == payment.amount { Event::FundsReceived } else { Event::DifferentAmountReceived };
        let edit = move |p: &mut Payment| {
            if p.state == PaymentState::DisputeDifferentAmount {
                p.received_amount = Some(amount);
            }
        };
        self.apply(payment, Change { audit, incoming, ..Change::new(event, Actor::Operator, &edit) }).await
    }

    /// Operator closes a dispute. On success the amount becomes the one received (given, or
    /// the one reported in a different-amount dispute) and `old_amount` keeps the previous one.
    pub async fn resolve(
        &self,
        payment: Payment,
        resolution: Resolution,
        amount: Option<i64>,
        who: &Who,
    ) -> Result<Payment> {
        let (event, received) = match resolution {
            Resolution::Success => {
                (Event::DisputeFundsReceived, amount.or(payment.received_amount).unwrap_or(payment.amount))
            }
            Resolution::Decline => (Event::DisputeNoFunds, payment.amount),
        };
        // A payin's amount becomes the one received; a payout's never changes (its lock is
        // released for exactly what it locked).
        let edit = move |p: &mut Payment| {
            if p.state == PaymentState::Success && p.payment_type == PaymentType::Payin {
                p.old_amount = p.amount;
                p.amount = received;
            }
        };
        let detail = match resolution {
            Resolution::Success => format!("success, amount {received}"),
            Resolution::Decline => "decline".to_string(),
        };
        let audit = audited(who, "dispute_resolved", Some(detail));
        self.apply(payment, Change { audit, ..Change::new(event, Actor::Operator, &edit) }).await
    }

    /// KE mobile money: the user answered the push request.
    pub async fn push_result(&self, payment: Payment, accepted: bool, who: &Who) -> Result<Payment> {
        let event = if accepted { Event::PushAccepted } else { Event::PushRefused };
        let audit = audited(who, "push_result", Some(if accepted { "accepted" } else { "refused" }.to_string()));
        self.apply(payment, Change { audit, ..Change::new(event, Actor::Operator, &no_edit) }).await
    }

    /// The open payment holding `requisite_ref` (an id, card, phone or account) for `amount` in
    /// `currency`, waiting for funds.
    async fn payment_for_transfer(&self, requisite_ref: &str, amount: i64, currency: &str) -> Result<Option<Payment>> {
        let requisites = &self.stores.requisites;
        let requisite = match requisites.requisite(requisite_ref).await? {
            Some(r) => Some(r),
            None => requisites.requisite_by_pan(requisite_ref).await?,
        };
        let Some(requisite) = requisite else {
            return Ok(None);
        };
        let hold = format!("{}:{}", requisite.id, amount);
        let Some(payment) = self.stores.payments.payment_by_requisite_hold(&hold).await? else {
            return Ok(None);
        };
        let waiting = matches!(payment.state, PaymentState::AwaitingConfirm | PaymentState::Paid);
        Ok((payment.currency.code == currency && waiting).then_some(payment))
    }

    /// Funds received for `payment`, recording the transfer that brought them (once).
    async fn apply_transfer(&self, payment: Payment, transfer: IncomingTransfer, who: &Who) -> Result<Payment> {
        let amount = transfer.amount;
        let detail = format!("amount {amount}, transfer {}", transfer.reference.as_deref().unwrap_or("-"));
        self.receive(payment, amount, audited(who, "incoming_matched", Some(detail)), Some(transfer)).await
    }

    /// Incoming funds reported by an operator: matched to the open payment holding that
    /// requisite for that amount. `None` when nothing matches; the transfer is then kept as
    /// unmatched for a human to look at.
    pub async fn incoming(
        &self,
        requisite_ref: &str,
        amount: i64,
        currency: &str,
        reference: Option<&str>,
        who: &Who,
    ) -> Result<Option<Payment>> {
        let now = now_ms();
        let mut transfer = IncomingTransfer {
            // Each transfer entered by hand is its own (two equal ones are two transfers).
            row_key: format!("manual:{}", uuid::Uuid::new_v4().simple()),
            transfer_date: None,
            amount,
            currency: currency.to_string(),
            requisite_ref: requisite_ref.to_string(),
            reference: reference.map(str::to_string),
            request_id: None,
            recorded_by: who.label(),
            recorded_ms: now,
        };
        match self.payment_for_transfer(requisite_ref, amount, currency).await? {
            Some(payment) => {
                transfer.request_id = Some(payment.request_id.clone());
                self.apply_transfer(payment, transfer, who).await.map(Some)
            }
            None => {
                let audit = AuditEntry::new(who, "incoming_unmatched", Subject::Incoming, &transfer.row_key, now)
                    .detail(format!("{amount} {currency} to {requisite_ref}"));
                self.stores.console.record_unmatched_incoming(&transfer, &audit).await?;
                Ok(None)
            }
        }
    }

    /// What each row of a statement would do, without changing anything.
    pub async fn preview_statement(&self, rows: &[StatementRow]) -> Result<Vec<RowOutcome>> {
        let keys: Vec<String> = rows.iter().map(|r| r.row_key.clone()).collect();
        let known = self.stores.console.known_incoming(&keys).await?;
        let mut out = Vec::with_capacity(rows.len());
        for row in rows {
            if known.contains(&row.row_key) {
                out.push(RowOutcome::AlreadyApplied);
                continue;
            }
            out.push(match self.payment_for_transfer(&row.requisite_ref, row.amount, &row.currency).await? {
                Some(p) => RowOutcome::Matches(p.request_id),
                None => RowOutcome::Unmatched,
            });
        }
        Ok(out)
    }

    /// Applies a statement: each row credits its payment or is kept as unmatched, at most once
    /// (a row of an earlier upload is skipped, also when two uploads run at once).
    pub async fn apply_statement(&self, rows: &[StatementRow], who: &Who) -> Result<Vec<RowOutcome>> {
        let mut out = Vec::with_capacity(rows.len());
        for row in rows {
            let now = now_ms();
            let mut transfer = IncomingTransfer {
                row_key: row.row_key.clone(),
                transfer_date: row.transfer_date.clone(),
                amount: row.amount,
                currency: row.currency.clone(),
                requisite_ref: row.requisite_ref.clone(),
                reference: row.reference.clone(),
                request_id: None,
                recorded_by: who.label(),
                recorded_ms: now,
            };
            if !self.stores.console.known_incoming(std::slice::from_ref(&row.row_key)).await?.is_empty() {
                out.push(RowOutcome::AlreadyApplied);
                continue;
            }
            let outcome = match self.payment_for_transfer(&row.requisite_ref, row.amount, &row.currency).await? {
                Some(payment) => {
                    let request_id = payment.request_id.clone();
                    transfer.request_id = Some(request_id.clone());
                    match self.apply_transfer(payment, transfer, who).await {
                        Ok(_) => RowOutcome::Matches(request_id),
                        Err(DomainError::Conflict(text)) if text == ALREADY_APPLIED => RowOutcome::AlreadyApplied,
                        Err(e @ (DomainError::Illegal(_) | DomainError::Busy | DomainError::Conflict(_))) => {
                            RowOutcome::Refused(e.to_string())
                        }
                        Err(e) => return Err(e),
                    }
                }
                None => {
                    let audit =
                        AuditEntry::new(who, "incoming_unmatched", Subject::Incoming, &row.row_key, now).detail(
                            format!("{} {} to {} (line {})", row.amount, row.currency, row.requisite_ref, row.line),
                        );
                    if self.stores.console.record_unmatched_incoming(&transfer, &audit).await? {
                        RowOutcome::Unmatched
                    } else {
                        RowOutcome::AlreadyApplied
                    }
                }
            };
            out.push(outcome);
        }
        Ok(out)
    }

    /// The dashboards' figures: today's and the last 7 days' payins (UTC), of these projects
    /// when given. Today is read live; the six days before come from the rolled-up figures
    /// (`roll_up_days`), or live for a day not rolled up yet.
    pub async fn dashboard(&self, now_ms: i64, projects: Option<&[String]>) -> Result<(PeriodStats, PeriodStats)> {
        let console = &self.stores.console;
        let today = now_ms - now_ms.rem_euclid(stats::DAY_MS);
        let week = today - 6 * stats::DAY_MS;
        let to = now_ms + 1;
        let (mut groups, rolled_days) = console.rolled_up(week, today, projects).await?;
        let mut day = week;
        while day < today {
            if !rolled_days.iter().any(|(d, _)| *d == day) {
                groups
                    .extend(console.payin_groups(day, day + stats::DAY_MS, projects, reason::LIFETIME_EXPIRED).await?);
            }
            day += stats::DAY_MS;
        }
        groups.extend(console.payin_groups(today, to, projects, reason::LIFETIME_EXPIRED).await?);
        let mut periods = Vec::new();
        let mut today_durations: Option<(Vec<i64>, Vec<i64>)> = None;
        for from in [today, week] {
            // When today alone fills both samples, the week's latest payins are today's.
            let sample = usize::try_from(stats::MEDIAN_SAMPLE).unwrap_or(usize::MAX);
            let full = |d: &(Vec<i64>, Vec<i64>)| d.0.len() >= sample && d.1.len() >= sample;
            let (to_requisites, to_success) = match today_durations.take() {
                Some(d) if full(&d) => d,
                _ => console.payin_durations(from, to, projects).await?,
            };
            if from == today {
                today_durations = Some((to_requisites.clone(), to_success.clone()));
            }
            periods.push(PeriodStats {
                from_ms: from,
                to_ms: to,
                groups: stats::merge_days(&groups, from),
                median_to_requisites_ms: stats::median(to_requisites),
                median_to_success_ms: stats::median(to_success),
                days: if from == week { stats::per_day(&groups) } else { Vec::new() },
                earlier_days_as_of_ms: if from == week { rolled_days.iter().map(|d| d.1).min() } else { None },
            });
        }
        let week_stats = periods.pop().expect("two periods");
        let today_stats = periods.pop().expect("two periods");
        Ok((today_stats, week_stats))
    }

    /// Recomputes the dashboards' figures of the six days before today (UTC) from the
    /// payments, and forgets older ones. Returns how many days were computed.
    pub async fn roll_up_days(&self, now_ms: i64) -> Result<usize> {
        let console = &self.stores.console;
        let today = now_ms - now_ms.rem_euclid(stats::DAY_MS);
        for back in 1..=6 {
            console.roll_up_day(today - back * stats::DAY_MS, reason::LIFETIME_EXPIRED, now_ms).await?;
        }
        console.forget_rolled_up_before(today - 6 * stats::DAY_MS).await?;
        Ok(6)
    }

    /// Transfers that matched no payment, newest first.
    pub async fn unmatched_incoming(&self, limit: i64) -> Result<Vec<IncomingTransfer>> {
        Ok(self.stores.console.unmatched_incoming(limit).await?)
    }

    /// Sandbox: the payment's next timed event happens now, as the clock would make it.
    pub async fn expire_now(&self, payment: Payment, who: &Who) -> Result<Payment> {
        let event = match payment.state {
            PaymentState::DisputeNoPayment => Event::GraceEnded,
            _ => lifetime_ended(&payment),
        };
        let audit = audited(who, "expired_now", None);
        self.apply(payment, Change { audit, ..Change::new(event, Actor::Operator, &no_edit) }).await
    }

    /// The widget methods a payment created without one may choose from: the catalogue's
    /// methods of its currency that the project allows. An unreadable project offers nothing
    /// (fails closed) rather than every method.
    pub async fn offered_methods(&self, payment: &Payment) -> Result<Vec<WidgetMethod>> {
        let project = self.stores.projects.project(&payment.project_id).await?.ok_or(DomainError::Missing)?;
        Ok(catalogue::h2c_offered_methods(payment.currency.code)
            .into_iter()
            .filter(|m| project.settings.allows(m.code()))
            .collect())
    }

    /// Hosted page: the user picked a widget method, one the payment is offered.
    pub async fn choose_method(&self, payment: Payment, method: WidgetMethod) -> Result<Payment> {
        if payment.widget_method.is_some() || !self.offered_methods(&payment).await?.contains(&method) {
            return Err(IllegalMove::NotAllowed(payment.state).into());
        }
        let edit = move |p: &mut Payment| {
            p.widget_method = Some(method);
            p.method = method.h2h_equivalent();
            p.details.method_chosen_on_page = true;
            if method.kind() == MethodKind::CardEcom && p.card_auth.is_none() {
                p.card_auth = Some(CardAuth::default());
            }
        };
        // The flow of an unchosen payment decides nothing yet: look the move up as the flow it
        // is about to have.
        let mut chosen = payment.clone();
        edit(&mut chosen);
        let result =
            self.apply_as(payment, chosen.flow(), Change::new(Event::MethodChosen, Actor::User, &edit)).await?;
        if result.state == PaymentState::Requisites {
            self.search_now(result.clone());
        }
        Ok(result)
    }

    /// Hosted page: back to the choice of methods (before paying), releasing the requisites
    /// the payment held. Only a method chosen on the page can be un-chosen, and not while a
    /// card is being authorized; the state machine decides the rest.
    pub async fn clear_method(&self, payment: Payment) -> Result<Payment> {
        let authorizing = payment.card_auth.as_ref().is_some_and(|a| a.authorizing_since_ms.is_some());
        if !payment.details.method_chosen_on_page || authorizing {
            return Err(IllegalMove::NotAllowed(payment.state).into());
        }
        let edit = |p: &mut Payment| {
            p.widget_method = None;
            p.method = None;
            p.recipient = None;
            // Refused cards stay counted: going to another method and back must not give a
            // card tester three more tries.
            p.card_auth = p.card_auth.take().filter(|a| a.refusals > 0).map(|a| CardAuth {
                refusals: a.refusals,
                last_refusal: a.last_refusal,
                ..CardAuth::default()
            });
            p.details.card = None;
            p.details.method_chosen_on_page = false;
        };
        self.apply(payment, Change::new(Event::MethodCleared, Actor::User, &edit)).await
    }

    /// Whether the hosted page may offer "choose another way to pay" now.
    pub fn may_clear_method(payment: &Payment) -> bool {
        payment.details.method_chosen_on_page
            && payment.card_auth.as_ref().is_none_or(|a| a.authorizing_since_ms.is_none())
            && state_machine::allows(payment.flow(), payment.state, &Event::MethodCleared)
    }

    /// Whether a requisite could take this payment now (a payment waiting for requisites when
    /// none is free: the page says so at once instead of after the search window).
    pub async fn requisites_free_for(&self, payment: &Payment) -> Result<bool> {
        let query = RequisiteQuery::for_payment(payment);
        let candidates = rank_candidates(&query, self.stores.requisites.requisite_candidates(&query).await?);
        Ok(candidates.iter().any(|c| c.serves(payment.amount)))
    }

    /// Hosted page, KE mobile money: sends the payment request to the payer's phone again, or
    /// to the phone the payer gives when the create request had none; at most once a minute.
    /// (The sandbox sends nothing: its panel plays the payer's answer.)
    pub async fn request_push(&self, payment: Payment, phone: Option<&str>) -> Result<Payment> {
        if payment.flow() != Flow::Push || payment.state != PaymentState::New {
            return Err(IllegalMove::NotAllowed(payment.state).into());
        }
        let known = payment.details.sender.as_ref().and_then(|s| s.phone.clone());
        let phone = match (known, phone.map(str::trim)) {
            (Some(known), _) => known,
            (None, Some(given)) if given.bytes().all(|b| b.is_ascii_digit()) && payment.country.phone_ok(given) => {
                given.to_string()
            }
            (None, _) => {
                return Err(DomainError::invalid(
                    "sender.phone",
                    format!("must match {}", payment.country.phone_patterns()),
                ));
            }
        };
        let now = now_ms();
        if Self::last_push_ms(&payment).is_some_and(|last| now - last < PUSH_RESEND_MS) {
            return Err(DomainError::Conflict(PUSH_TOO_SOON.into()));
        }
        let edit = move |p: &mut Payment| {
            p.details.sender.get_or_insert_with(Default::default).phone = Some(phone.clone());
            p.details.push_sent_ms = Some(now);
        };
        self.apply(payment, Change::new(Event::PushRequested, Actor::User, &edit)).await
    }

    /// When a push request last went to the payer's phone: sent from the page, or at create
    /// when the request named the phone.
    pub fn last_push_ms(p: &Payment) -> Option<i64> {
        p.details
            .push_sent_ms
            .or_else(|| p.details.sender.as_ref().and_then(|s| s.phone.as_ref()).map(|_| p.created_ms))
    }

    /// Hosted page: the user uploaded a receipt.
    pub async fn upload_receipt(&self, payment: Payment, receipt: NewReceipt) -> Result<Payment> {
        let edit = |p: &mut Payment| p.has_receipt = true;
        self.apply(
            payment,
            Change { receipt: Some(receipt), ..Change::new(Event::ReceiptUploaded, Actor::User, &edit) },
        )
        .await
    }

    fn acquirer(&self) -> Result<&Arc<dyn Acquirer>> {
        self.acquirer.as_ref().ok_or_else(|| DomainError::invalid("payment.method", "card payments are not available"))
    }

    /// Hosted page: authorizes a card for a payment in `processing:new`. The payment is claimed
    /// for this authorization before the acquirer is called, so concurrent submissions reach
    /// the acquirer once; the others are refused.
    pub async fn authorize(&self, payment: Payment, card: Card, actor: Actor) -> Result<Payment> {
        self.acquirer()?;
        let mut current = payment;
        for _ in 0..MAX_CONFLICT_RETRIES {
            let authorizing = current.card_auth.as_ref().is_some_and(|a| a.authorizing_since_ms.is_some());
            if current.flow() != Flow::Card || current.state != PaymentState::New || authorizing {
                return Err(IllegalMove::NotAllowed(current.state).into());
            }
            let now = now_ms().max(current.updated_ms);
            let mut claimed = current.clone();
            claimed.card_auth.get_or_insert_with(CardAuth::default).authorizing_since_ms = Some(now);
            claimed.version += 1;
            claimed.updated_ms = now;
            claimed.last_actor = actor;
            claimed.deadline_ms = Some((now + self.settings.card_auth_timeout_ms).min(claimed.expires_ms()));
            match self.write_quietly(&claimed).await {
                Ok(()) => return self.run_authorization(claimed, card, actor, Retries::OnThePage).await,
                Err(StoreError::Conflict) => current = self.by_request_id(&current.request_id).await?,
                Err(e) => return Err(e.into()),
            }
        }
        Err(DomainError::Busy)
    }

    /// Calls the acquirer for a payment claimed for this authorization and applies its answer:
    /// success, a 3DS challenge, a redirect, or a decline. The card is kept masked only.
    async fn run_authorization(&self, claimed: Payment, card: Card, actor: Actor, retries: Retries) -> Result<Payment> {
        let answer = self.acquirer()?.authorize(&claimed, &card).await;
        let answer = match answer {
            Ok(answer) => answer,
            Err(e) => {
                // Nothing was authorized: release the claim so the card can be given again.
                tracing::warn!(request_id = %claimed.request_id, error = %e, "acquirer unavailable");
                let release = |p: &mut Payment| {
                    if let Some(a) = p.card_auth.as_mut() {
                        a.authorizing_since_ms = None;
                    }
                };
                let mut released = claimed.clone();
                release(&mut released);
                released.version += 1;
                released.deadline_ms = Some(released.expires_ms());
                let _ = self.write_quietly(&released).await;
                return Err(DomainError::invalid("card", e.to_string()));
            }
        };
        let masked = MaskedCard {
            pan: mask_pan(card.pan.expose()),
            year: card.year,
            month: card.month,
            card_holder: card.holder.clone(),
        };
        let (event, auth) = match answer {
            Authorization::Approved { reference } => {
                (Event::CardApproved, CardAuth { reference: Some(reference), ..Default::default() })
            }
            Authorization::Challenge(asc) => {
                (Event::Card3dsRequired, CardAuth { asc_info: Some(asc), ..Default::default() })
            }
            Authorization::Redirect(r) => {
                (Event::CardRedirectRequired, CardAuth { redirect_info: Some(r), ..Default::default() })
            }
            Authorization::Declined(reason) => {
                // On the hosted page a refused card leaves the payment open for another card;
                // the last allowed refusal declines it (decisions.md §5).
                let refusals = claimed.card_auth.as_ref().map_or(0, |a| a.refusals) + 1;
                let event = if retries == Retries::OnThePage && refusals < MAX_CARD_REFUSALS {
                    Event::CardRefused(reason)
                } else {
                    Event::CardDeclined(reason)
                };
                (event, CardAuth { refusals, last_refusal: Some(reason.to_string()), ..Default::default() })
            }
        };
        let edit = move |p: &mut Payment| {
            p.card_auth = Some(auth.clone());
            p.details.card = Some(masked.clone());
        };
        self.apply(claimed, Change::new(event, actor, &edit)).await
    }

    /// The issuer's 3DS result (`PaRes`, `MD`): success when valid, else `decline` /
    /// `3DS authentication failed`. Idempotent: a final payment is answered as it is.
    pub async fn complete_3ds(&self, payment: Payment, pa_res: &str, md: &str, actor: Actor) -> Result<Payment> {
        // Only a payment that asked for a 3DS or redirect result takes one; one it finalized
        // answers the same again (the merchant's retry), any other is a 409.
        let awaited = payment.card_auth.as_ref().is_some_and(|a| a.asc_info.is_some() || a.redirect_info.is_some());
        if payment.state.is_final() && awaited {
            return Ok(payment);
        }
        if !matches!(payment.state, PaymentState::Awaiting3ds | PaymentState::AwaitingRedirect) {
            return Err(IllegalMove::NotAwaiting3ds.into());
        }
        let outcome = self
            .acquirer()?
            .complete_3ds(&payment, pa_res, md)
            .await
            .map_err(|e| DomainError::invalid("3ds", e.to_string()))?;
        let event = match outcome {
            ThreeDsOutcome::Authenticated => Event::CardApproved,
            ThreeDsOutcome::Failed => Event::Card3dsFailed,
        };
        self.apply(payment, Change::new(event, actor, &no_edit)).await
    }

    /// The sandbox bank page of the redirect flow: approved or declined by the user.
    pub async fn bank_decision(&self, payment: Payment, approved: bool) -> Result<Payment> {
        if payment.state.is_final() {
            return Ok(payment);
        }
        let event = if approved { Event::CardApproved } else { Event::Card3dsFailed };
        self.apply(payment, Change::new(event, Actor::User, &no_edit)).await
    }

    /// A wrong one-time code on the issuer's page. The last allowed one declines the payment.
    /// Returns the payment and how many attempts are left.
    pub async fn wrong_code(&self, payment: Payment, max_wrong: u32) -> Result<(Payment, u32)> {
        let mut current = payment;
        for _ in 0..MAX_CONFLICT_RETRIES {
            if current.state != PaymentState::Awaiting3ds {
                return Err(IllegalMove::NotAllowed(current.state).into());
            }
            let wrong = current.card_auth.as_ref().map_or(0, |a| a.wrong_codes) + 1;
            if wrong >= max_wrong {
                let change = Change::new(Event::Card3dsFailed, Actor::User, &no_edit);
                return Ok((self.apply(current, change).await?, 0));
            }
            let mut next = current.clone();
            next.card_auth.get_or_insert_with(CardAuth::default).wrong_codes = wrong;
            next.version += 1;
            next.updated_ms = now_ms().max(current.updated_ms);
            next.last_actor = Actor::User;
            match self.write_quietly(&next).await {
                Ok(()) => return Ok((next, max_wrong - wrong)),
                Err(StoreError::Conflict) => current = self.by_request_id(&current.request_id).await?,
                Err(e) => return Err(e.into()),
            }
        }
        Err(DomainError::Busy)
    }

    /// Writes a payment whose status does not change (bookkeeping), over the version it was
    /// read at.
    async fn write_quietly(&self, next: &Payment) -> Result<(), StoreError> {
        self.stores
            .payments
            .apply_change(PaymentChange {
                payment: next,
                supersede: &[],
                callbacks: Vec::new(),
                receipt: None,
                requisite_issued: false,
                ledger: Vec::new(),
                audit: None,
                incoming: None,
            })
            .await
    }

    async fn apply(&self, payment: Payment, change: Change<'_>) -> Result<Payment> {
        let flow = payment.flow();
        self.apply_as(payment, flow, change).await
    }

    /// Looks the move up in the table, applies it over the version read, and on a concurrent
    /// change re-reads and decides again (so two requests can never both win).
    async fn apply_as(&self, mut current: Payment, flow: Flow, change: Change<'_>) -> Result<Payment> {
        let mut flow = flow;
        for _ in 0..MAX_CONFLICT_RETRIES {
            let mv = state_machine::next(flow, current.state, &change.event)?;
            let now = now_ms().max(current.updated_ms);
            let mut next = current.clone();
            let entered = mv.to != current.state;
            next.state = mv.to;
            next.status_description = mv.status_description;
            next.version += 1;
            next.updated_ms = now;
            next.last_actor = change.actor;
            (change.edit)(&mut next);
            if entered {
                self.schedule(&mut next, now);
            }
            let callbacks = outbox::callbacks_for(&next, self.renderer.as_ref(), now);
            let wrote_callbacks = !callbacks.is_empty();
            let result = self
                .stores
                .payments
                .apply_change(PaymentChange {
                    payment: &next,
                    supersede: outbox::superseded_by_change(&next),
                    callbacks,
                    receipt: change.receipt.clone(),
                    requisite_issued: change.event == Event::RequisitesFound,
                    ledger: ledger::entries_for_change(&current, &next),
                    incoming: change.incoming.clone(),
                    audit: change.audit.as_ref().map(|a| {
                        let entry = AuditEntry::new(a.who, a.action, Subject::Payment, &next.request_id, now)
                            .states(current.state.to_string(), next.state.to_string());
                        match &a.detail {
                            Some(d) => entry.detail(d.clone()),
                            None => entry,
                        }
                    }),
                })
                .await;
            match result {
                Ok(()) => {
                    if wrote_callbacks {
                        self.callbacks_ready.notify_one();
                    }
                    // A requisite held for this payment is free again for its amount.
                    if current.requisite_hold().is_some() && next.requisite_hold().is_none() {
                        self.requisites_may_be_free(next.currency.code).await;
                    }
                    tracing::info!(request_id = %next.request_id, from = %current.state, to = %next.state, actor = change.actor.code(), "payment moved");
                    return Ok(next);
                }
                Err(StoreError::Conflict) => {
                    current = self.by_request_id(&current.request_id).await?;
                    if current.flow() != Flow::Unchosen {
                        flow = current.flow();
                    }
                }
                Err(e) => return Err(e.into()),
            }
        }
        Err(DomainError::Busy)
    }

    /// Sets the timers of a payment that just entered its state.
    fn schedule(&self, p: &mut Payment, now: i64) {
        p.search_at_ms = None;
        p.search_until_ms = None;
        if p.payment_type == PaymentType::Payout {
            // Nothing happens to a payout by the clock.
            p.deadline_ms = None;
            return;
        }
        p.deadline_ms = match p.state {
            PaymentState::New => {
                let since = p.card_auth.as_ref().and_then(|a| a.authorizing_since_ms);
                let expires = p.expires_ms();
                Some(since.map_or(expires, |s| (s + self.settings.card_auth_timeout_ms).min(expires)))
            }
            PaymentState::AwaitingConfirm
            | PaymentState::Paid
            | PaymentState::Awaiting3ds
            | PaymentState::AwaitingRedirect => Some(p.expires_ms()),
            PaymentState::Requisites => {
                let until = (now + self.settings.search_window_ms).min(p.expires_ms());
                // This process searches the payment at once (see `search_now`); the stored time
                // is the safety net for when that search never happens (a crash).
                p.search_at_ms = Some(now + SEARCH_RETRY_MS);
                p.search_until_ms = Some(until);
                Some(until)
            }
            PaymentState::DisputeNoPayment => Some(now + self.settings.grace_ms),
            PaymentState::DisputeDifferentAmount
            | PaymentState::DisputeConfirmTimeout
            | PaymentState::DisputePayoutFailed
            | PaymentState::PayoutProcess
            | PaymentState::Decline
            | PaymentState::Success => None,
        };
    }

    // -----------------------------------------------------------------------------------------
    // Background work

    /// A requisite in `currency` was added, re-enabled or released: payments waiting for
    /// requisites in that currency are searched again now. Searches follow these events rather
    /// than polling, so waiting payments cost nothing while nothing changes.
    pub async fn requisites_may_be_free(&self, currency: &str) {
        match self.stores.payments.wake_searches(currency, now_ms()).await {
            Ok(0) => {}
            Ok(_) => self.search_ready.notify_one(),
            Err(e) => tracing::warn!(error = %e, "waking the requisites search failed"),
        }
    }

    /// Ends payments whose deadline passed. Returns how many moved.
    pub async fn run_due_deadlines(&self) -> Result<usize> {
        let now = now_ms();
        let due = self.stores.payments.claim_due_deadlines(now, now + JOB_LEASE_MS, 100).await?;
        let mut moved = 0;
        for payment in due {
            let Some(event) = self.due_event(&payment, now) else {
                continue;
            };
            let id = payment.request_id.clone();
            match self.apply(payment, Change::new(event, Actor::System, &no_edit)).await {
                Ok(_) => moved += 1,
                // Someone else moved it first; the new state has its own deadline.
                Err(DomainError::Illegal(_)) => {}
                Err(e) => tracing::warn!(request_id = %id, error = %e, "deadline not applied"),
            }
        }
        Ok(moved)
    }

    /// The timed event a payment is due for at `now`, if any.
    fn due_event(&self, p: &Payment, now: i64) -> Option<Event> {
        let expired = now >= p.expires_ms();
        match p.state {
            PaymentState::Requisites if expired => Some(Event::LifetimeEnded),
            PaymentState::Requisites => p.search_until_ms.filter(|u| now >= *u).map(|_| Event::RequisitesNotFound),
            PaymentState::DisputeNoPayment => p.deadline_ms.filter(|d| now >= *d).map(|_| Event::GraceEnded),
            PaymentState::New if expired => Some(lifetime_ended(p)),
            PaymentState::New => p
                .card_auth
                .as_ref()
                .and_then(|a| a.authorizing_since_ms)
                .filter(|since| now >= since + self.settings.card_auth_timeout_ms)
                .map(|_| Event::CardAuthorizationLost),
            PaymentState::AwaitingConfirm
            | PaymentState::Paid
            | PaymentState::Awaiting3ds
            | PaymentState::AwaitingRedirect => expired.then_some(Event::LifetimeEnded),
            _ => None,
        }
    }

    /// Runs the requisites search for payments waiting for it. Returns how many got requisites.
    pub async fn run_due_searches(&self) -> Result<usize> {
        let now = now_ms();
        let mut due = std::mem::take(&mut *self.fresh_searches.lock().expect("search queue lock"));
        due.extend(self.stores.payments.claim_due_searches(now, now + SEARCH_RETRY_MS, 100).await?);
        // Payments asking the same of a requisite share one candidates query.
        let mut groups: Vec<(RequisiteQuery, Vec<Payment>)> = Vec::new();
        for payment in due.into_iter().filter(|p| p.state == PaymentState::Requisites) {
            let query = RequisiteQuery::for_payment(&payment);
            match groups.iter_mut().find(|(q, _)| *q == query) {
                Some((_, payments)) => payments.push(payment),
                None => groups.push((query, vec![payment])),
            }
        }
        let mut issued = 0;
        for (query, payments) in groups {
            let mut candidates = rank_candidates(&query, self.stores.requisites.requisite_candidates(&query).await?);
            for payment in payments {
                let id = payment.request_id.clone();
                match self.issue(payment, &mut candidates).await {
                    Ok(Search::Issued) => issued += 1,
                    // The claim already set the next search; events may bring it forward.
                    Ok(Search::NothingFree | Search::Moved) => {}
                    Err(e) => tracing::warn!(request_id = %id, error = %e, "requisites search failed"),
                }
            }
        }
        Ok(issued)
    }

    /// Issues the first free candidate to `payment`. The chosen one moves to the back of the
    /// list (fair rotation within the pass) and remembers the amount it now holds.
    async fn issue(&self, payment: Payment, candidates: &mut Vec<Candidate>) -> Result<Search> {
        let amount = payment.amount;
        let mut tried = 0;
        while let Some(index) = candidates.iter().skip(tried).position(|c| c.serves(amount)).map(|i| i + tried) {
            tried = index + 1;
            let recipient = candidates[index].requisite.recipient();
            let edit = move |p: &mut Payment| p.recipient = Some(recipient.clone());
            let change = Change::new(Event::RequisitesFound, Actor::System, &edit);
            match self.apply(payment.clone(), change).await {
                Ok(_) => {
                    let mut chosen = candidates.remove(index);
                    chosen.held_amounts.push(amount);
                    candidates.push(chosen);
                    return Ok(Search::Issued);
                }
                // Another process gave it to a payment of this amount a moment ago.
                Err(DomainError::Storage(StoreError::RequisiteTaken)) => {
                    candidates[index].held_amounts.push(amount);
                }
                Err(DomainError::Illegal(_)) => return Ok(Search::Moved),
                Err(e) => return Err(e),
            }
        }
        Ok(Search::NothingFree)
    }
}

/// What one requisites search did.
enum Search {
    Issued,
    NothingFree,
    /// The payment had already left the search.
    Moved,
}

fn flow_of(kind: MethodKind) -> Flow {
    match kind {
        MethodKind::Push => Flow::Push,
        MethodKind::CardEcom => Flow::Card,
        _ => Flow::Transfer,
    }
}

/// What the end of its lifetime does to an open payment: a hosted-page card payment whose
/// card was refused is declined with that refusal's reason (decisions.md §5).
fn lifetime_ended(p: &Payment) -> Event {
    match (p.state, p.flow(), p.card_auth.as_ref().and_then(|a| a.last_refusal.as_deref())) {
        (PaymentState::New, Flow::Card, Some(last)) => Event::CardDeclined(reason::card_refusal(last)),
        _ => Event::LifetimeEnded,
    }
}
