//! Reconciliation: transfers seen on requisites' accounts — typed in by an operator, reported
//! through the operator API, or read from a bank statement in the format the bank sends — are
//! recognized (one real transfer is one record, whatever the source), matched by the rules of
//! [`super::transfer`], and either credit their payment through the engine, wait for a second
//! operator, or wait in the review list for a person. A statement is checked first: the check
//! is kept, and applying it does exactly what it showed, refusing row by row what changed.

use std::collections::{HashMap, HashSet};
use std::sync::Arc;

use tokio::sync::Mutex;

use super::approval::{Approval, ApprovalKind, CreditLimits, needs_second_operator};
use super::audit::{AuditEntry, Subject, Who};
use super::decisions::{proposal, propose, settle};
use super::engine::{Audited, Change, Engine};
use super::error::{DomainError, Refusal, Result};
use super::payment::Payment;
use super::ports::{
    ApprovalStore, PaymentStore, RequisiteStore, StatsStore, StoredStatement, TransferStore, TransferWrite,
};
use super::requisite::Requisite;
use super::statement::{self, Problem};
use super::time::now_ms;
use super::transfer::{
    Decision, Known, ReviewReason, Sighting, Similar, Source, Transfer, TransferState, account_key, decide,
    normalize_account, waits_for_funds,
};
pub use super::transfer::{ProposedRow, ReportRow};

/// What a transfer did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// It credited this payment (or, when it is not the payment's amount, opened its
    /// different-amount dispute).
    Credited(String),
    /// Crediting this payment waits for a second operator.
    Pending(String),
    Review(ReviewReason),
    /// The same transfer was recorded before: nothing done.
    AlreadyRecorded,
    /// Money out: listed.
    Listed,
    /// What the check showed changed: kept for review (`Changed`) instead.
    Changed,
}

/// A transfer in the review list with the payments that could take it.
#[derive(Clone, Debug)]
pub struct ReviewItem {
    pub transfer: Transfer,
    pub candidates: Vec<Payment>,
}

/// A transfer typed in by an operator or reported through the API.
#[derive(Clone, Debug, Default)]
pub struct Reported {
    pub account: String,
    pub amount: i64,
    pub currency: String,
    /// `YYYY-MM-DD`; today (UTC) when not given.
    pub booked_on: Option<String>,
    pub reference: Option<String>,
    pub counterparty: Option<String>,
    pub bank_id: Option<String>,
}

pub struct Reconciliation {
    engine: Arc<Engine>,
    payments: Arc<dyn PaymentStore>,
    requisites: Arc<dyn RequisiteStore>,
    transfers: Arc<dyn TransferStore>,
    approvals: Arc<dyn ApprovalStore>,
    stats: Arc<dyn StatsStore>,
    limits: CreditLimits,
    /// One reconciliation at a time in this process (a statement's rows decide against the
    /// transfers earlier ones recorded); the store re-checks across processes.
    serial: Mutex<()>,
}

/// How many payments of a requisite a transfer is checked against.
const CANDIDATES: i64 = 20;

impl Reconciliation {
    pub fn new(
        engine: Arc<Engine>,
        payments: Arc<dyn PaymentStore>,
        requisites: Arc<dyn RequisiteStore>,
        stores: (Arc<dyn TransferStore>, Arc<dyn ApprovalStore>, Arc<dyn StatsStore>),
        limits: CreditLimits,
    ) -> Self {
        let (transfers, approvals, stats) = stores;
        Reconciliation { engine, payments, requisites, transfers, approvals, stats, limits, serial: Mutex::new(()) }
    }

    /// A transfer typed in by an operator (`Source::Manual`) or reported through the operator
    /// API (`Source::Api`): recognized, matched, and credited, proposed or kept for review.
    pub async fn incoming(&self, reported: Reported, source: Source, who: &Who) -> Result<Outcome> {
        let sighting = Sighting {
            source,
            statement_id: None,
            line: None,
            account: reported.account.trim().to_string(),
            booked_on: reported.booked_on.unwrap_or_else(|| super::time::date_of(now_ms())),
            booked_ms: None,
            amount: reported.amount,
            currency: reported.currency,
            direction: super::transfer::Direction::Credit,
            counterparty: reported.counterparty.filter(|c| !c.trim().is_empty()),
            reference: reported.reference.filter(|r| !r.trim().is_empty()),
            bank_id: reported.bank_id.filter(|b| !b.trim().is_empty()),
        };
        let _one = self.serial.lock().await;
        let requisite_id = self.requisite_of(&sighting.account).await?.map(|r| r.id);
        let fetched = self.fetch(&sighting, requisite_id.as_deref()).await?;
        let decision = decide(&sighting, &known(requisite_id.clone(), fetched, &[], &Default::default()));
        self.carry_out(&sighting, requisite_id.as_deref(), &decision, who).await
    }

    /// Reads a statement in any of the bank formats and checks every row without changing
    /// anything; the check is kept to be applied as it is. A file with any unreadable line is
    /// refused whole, each problem with its line.
    pub async fn check_statement(
        &self,
        bytes: &[u8],
        who: &Who,
    ) -> Result<std::result::Result<StoredStatement, Vec<Problem>>> {
        let digits = |code: &str| super::catalogue::Currency::parse(code).map(|c| u32::from(c.digits));
        let read = match statement::read(bytes, &digits) {
            Ok(read) => read,
            Err(problems) => return Ok(Err(problems)),
        };
        let id = uuid::Uuid::new_v4().simple().to_string();
        let digest = hex::encode(<sha2::Sha256 as sha2::Digest>::digest(bytes));
        let _one = self.serial.lock().await;
        let applied = self.transfers.statement_applied(&digest).await?;
        let accounts = self.requisites_of(read.rows.iter().map(|r| r.account.as_str())).await?;
        let sightings: Vec<(Sighting, Option<String>)> = read
            .rows
            .into_iter()
            .map(|row| {
                let requisite_id = accounts.get(&row.account).cloned().flatten();
                (Sighting::from_row(row, read.format, &id), requisite_id)
            })
            .collect();
        let fetched = self.fetch_all(&sightings).await?;
        // In file order: a row decides against the rows before it (the same transfer twice in
        // one file, a payment an earlier row takes).
        let mut view = StatementView::default();
        let mut rows: Vec<ProposedRow> = Vec::with_capacity(sightings.len());
        for ((sighting, requisite_id), fetched) in sightings.into_iter().zip(fetched) {
            let decision = match &applied {
                // The same file was applied: nothing in it does anything again.
                Some(_) if sighting.direction == super::transfer::Direction::Credit => {
                    Decision::AlreadyRecorded { transfer_id: String::new() }
                }
                _ => decide(&sighting, &view.known(&sighting, requisite_id.clone(), fetched)),
            };
            let row = ProposedRow { sighting, requisite_id, decision };
            view.add(&row, &row.decision);
            rows.push(row);
        }
        let checked = StoredStatement {
            id,
            digest,
            format: read.format.code().to_string(),
            uploaded_by: who.label(),
            uploaded_ms: now_ms(),
            applied: None,
            rows,
        };
        self.transfers.save_statement(&checked).await?;
        Ok(Ok(checked))
    }

    /// A kept statement check.
    pub async fn statement(&self, id: &str) -> Result<StoredStatement> {
        self.transfers.statement(id).await?.ok_or(DomainError::Missing)
    }

    /// Applies a checked statement as the check showed it: each row does what it showed, or —
    /// where what it showed changed — is kept for review instead. A row recorded before (the
    /// same file applied twice, or an apply running at the same time) does nothing again.
    pub async fn apply_statement(&self, id: &str, who: &Who) -> Result<(StoredStatement, Vec<Outcome>)> {
        let mut checked = self.statement(id).await?;
        let _one = self.serial.lock().await;
        let file_applied = self.transfers.statement_applied(&checked.digest).await?.is_some();
        // A row the check credits needs no second read: its change names the payment version
        // the check saw, and the store refuses a transfer recorded meanwhile. The others are
        // decided again as the check decided them (against the rows before, as it saw them);
        // what differs now is kept for review instead.
        let again: Vec<(Sighting, Option<String>)> = checked
            .rows
            .iter()
            .filter(|r| !matches!(r.decision, Decision::Credit { .. }))
            .map(|r| (r.sighting.clone(), r.requisite_id.clone()))
            .collect();
        let mut fetched = self.fetch_all(&again).await?.into_iter();
        let mut view = StatementView::default();
        let mut steps = Vec::with_capacity(checked.rows.len());
        for row in &checked.rows {
            let step = match &row.decision {
                _ if file_applied && !matches!(row.decision, Decision::Listed) => Step::Done(Outcome::AlreadyRecorded),
                Decision::Credit { .. } => Step::CarryOut,
                decision => {
                    let fresh = fetched.next().ok_or(DomainError::Busy)?;
                    match decide(&row.sighting, &view.known(&row.sighting, row.requisite_id.clone(), fresh)) {
                        now if now == *decision => Step::CarryOut,
                        Decision::AlreadyRecorded { .. } => Step::Done(Outcome::AlreadyRecorded),
                        _ => Step::KeepChanged,
                    }
                }
            };
            view.add(row, &row.decision);
            steps.push(step);
        }
        let outcomes = self.carry_out_in_batches(&checked.rows, steps, who).await?;
        let at = now_ms();
        self.transfers.mark_statement_applied(id, &who.label(), at).await?;
        checked.applied = Some((who.label(), at));
        Ok((checked, outcomes))
    }

    /// Carries the steps out in file order, a few hundred rows per transaction: the credits of
    /// a batch first (each all or nothing), then the transfers it keeps (a row kept for review
    /// never comes before the credit it may repeat).
    async fn carry_out_in_batches(&self, rows: &[ProposedRow], steps: Vec<Step>, who: &Who) -> Result<Vec<Outcome>> {
        // Rows of one similarity key stay in one lane, in file order; lanes run side by side.
        let mut lanes: Vec<Vec<(usize, Step)>> = (0..LANES).map(|_| Vec::new()).collect();
        for (i, step) in steps.into_iter().enumerate() {
            lanes[lane_of(&similarity(&rows[i]))].push((i, step));
        }
        let runs: Vec<_> = lanes.into_iter().map(|lane| self.run_lane(rows, lane, who)).collect();
        let mut outcomes: Vec<Option<Outcome>> = (0..rows.len()).map(|_| None).collect();
        for lane in futures_util::future::join_all(runs).await {
            for (i, outcome) in lane? {
                outcomes[i] = Some(outcome);
            }
        }
        Ok(outcomes.into_iter().map(|o| o.unwrap_or(Outcome::AlreadyRecorded)).collect())
    }

    /// One lane's rows, a batch at a time.
    async fn run_lane(
        &self,
        rows: &[ProposedRow],
        lane: Vec<(usize, Step)>,
        who: &Who,
    ) -> Result<Vec<(usize, Outcome)>> {
        let mut outcomes: Vec<(usize, Outcome)> = Vec::with_capacity(lane.len());
        let mut steps = lane;
        while !steps.is_empty() {
            let rest = steps.split_off(steps.len().min(BATCH));
            let batch = std::mem::replace(&mut steps, rest);
            let (mut credits, mut keeps) = (Vec::new(), Vec::new());
            for (i, step) in batch {
                match (step, &rows[i].decision) {
                    (Step::Done(outcome), _) => outcomes.push((i, outcome)),
                    (Step::CarryOut, Decision::Credit { request_id, version }) => {
                        credits.push((i, request_id, *version))
                    }
                    (Step::CarryOut, Decision::Review(reason)) => keeps.push((i, TransferState::Review, Some(*reason))),
                    (Step::CarryOut, Decision::Listed) => keeps.push((i, TransferState::Listed, None)),
                    (Step::CarryOut, Decision::AlreadyRecorded { .. }) => outcomes.push((i, Outcome::AlreadyRecorded)),
                    (Step::KeepChanged, _) => keeps.push((i, TransferState::Review, Some(ReviewReason::Changed))),
                }
            }
            outcomes.extend(self.credit_many(rows, credits, who).await?);
            let records: Vec<(Transfer, AuditEntry)> = keeps
                .iter()
                .map(|&(i, state, reason)| kept(&rows[i].sighting, rows[i].requisite_id.as_deref(), state, reason, who))
                .collect();
            let recorded = self.transfers.record_transfers(&records).await?;
            for ((i, state, reason), new) in keeps.into_iter().zip(recorded) {
                let outcome = match (new, state, reason) {
                    (false, _, _) => Outcome::AlreadyRecorded,
                    (true, TransferState::Listed, _) => Outcome::Listed,
                    (true, _, Some(ReviewReason::Changed)) => Outcome::Changed,
                    (true, _, reason) => Outcome::Review(reason.unwrap_or(ReviewReason::NoPayment)),
                };
                outcomes.push((i, outcome));
            }
        }
        Ok(outcomes)
    }

    /// The credits of a batch: one transaction for those one operator may make; a credit that
    /// needs a second operator becomes a proposal, one by one.
    async fn credit_many(
        &self,
        rows: &[ProposedRow],
        credits: Vec<(usize, &String, i64)>,
        who: &Who,
    ) -> Result<Vec<(usize, Outcome)>> {
        use futures_util::{StreamExt, TryStreamExt};
        let reads: Vec<_> = credits.iter().map(|(_, request_id, _)| self.engine.reread(request_id)).collect();
        let payments: Vec<Payment> = futures_util::stream::iter(reads).buffered(READS_AT_ONCE).try_collect().await?;
        let mut done = Vec::with_capacity(credits.len());
        let mut at_once = Vec::new();
        for ((i, request_id, version), payment) in credits.into_iter().zip(payments) {
            let row = &rows[i];
            if needs_second_operator(row.sighting.amount, &payment, &self.limits) {
                let outcome = self.credit(&row.sighting, row.requisite_id.as_deref(), request_id, version, who).await?;
                done.push((i, outcome));
                continue;
            }
            let mut transfer = recorded(&row.sighting, row.requisite_id.as_deref(), TransferState::Credited, None, who);
            transfer.request_id = Some(request_id.clone());
            let change = credit_change(&payment, transfer, version, who);
            at_once.push((i, payment, change));
        }
        let (places, items): (Vec<usize>, Vec<(Payment, Change<'_>)>) =
            at_once.into_iter().map(|(i, payment, change)| (i, (payment, change))).unzip();
        let results = self.engine.apply_batch(items).await?;
        for (i, result) in places.into_iter().zip(results) {
            let row = &rows[i];
            done.push((i, self.credited(result, &row.sighting, row.requisite_id.as_deref(), who).await?));
        }
        Ok(done)
    }

    /// Transfers waiting for a person, each with the payments of its requisite that wait for
    /// funds.
    pub async fn review_list(&self, limit: i64) -> Result<Vec<ReviewItem>> {
        let mut items = Vec::new();
        for transfer in self.transfers.transfers_in_review(limit).await? {
            let candidates = match &transfer.requisite_id {
                Some(id) => self.candidates(id, &transfer.sighting).await?,
                None => Vec::new(),
            };
            items.push(ReviewItem { transfer, candidates });
        }
        Ok(items)
    }

    /// The payments of a requisite a person may attach a transfer to: those waiting for its
    /// exact amount first, then the others waiting in its currency, newest first.
    async fn candidates(&self, requisite_id: &str, s: &Sighting) -> Result<Vec<Payment>> {
        let payments = &self.payments;
        let mut found = payments.waiting_on_requisite(requisite_id, &s.currency, Some(s.amount), CANDIDATES).await?;
        for p in payments.waiting_on_requisite(requisite_id, &s.currency, None, CANDIDATES).await? {
            if found.len() as i64 >= CANDIDATES {
                break;
            }
            if !found.iter().any(|f| f.request_id == p.request_id) {
                found.push(p);
            }
        }
        Ok(found)
    }

    /// A person attaches a transfer in review to a payment, saying why: a credit no rule made,
    /// so a second operator approves it (decisions.md §8).
    pub async fn attach(&self, transfer_id: &str, request_id: &str, note: &str, who: &Who) -> Result<Approval> {
        let note = note.trim();
        if note.is_empty() {
            return Err(DomainError::invalid("note", "say why this transfer is this payment's"));
        }
        let transfer = self.transfers.transfer(transfer_id).await?.ok_or(DomainError::Missing)?;
        if transfer.state != TransferState::Review {
            return Err(Refusal::AlreadyDecided.into());
        }
        let payment = self.engine.reread(request_id).await?;
        if !waits_for_funds(payment.state) || payment.currency.code != transfer.sighting.currency {
            return Err(DomainError::invalid("request_id", "the payment does not wait for funds in this currency"));
        }
        if !matches!(who, Who::Operator(..)) {
            return Err(Refusal::SecondApprovalRequired.into());
        }
        let approval = proposal(
            ApprovalKind::Attach,
            &payment,
            transfer.sighting.amount,
            Some(transfer.id.clone()),
            Some(note.to_string()),
            who,
        );
        propose(self.approvals.as_ref(), approval, None, who).await
    }

    /// A person decides a transfer in review credits nothing, saying why.
    pub async fn dismiss(&self, transfer_id: &str, note: &str, who: &Who) -> Result<()> {
        let note = note.trim();
        if note.is_empty() {
            return Err(DomainError::invalid("note", "say why this transfer credits nothing"));
        }
        let now = now_ms();
        let audit = AuditEntry::new(who, "transfer_dismissed", Subject::Incoming, transfer_id, now)
            .states("review", "dismissed")
            .detail(note.to_string());
        if self.transfers.dismiss_transfer(transfer_id, &who.label(), now, note, &audit).await? {
            Ok(())
        } else {
            Err(Refusal::AlreadyDecided.into())
        }
    }

    /// The requisites' share of the ledger, per requisite and day of `[from_day, to_day]`.
    pub async fn report(&self, from_day: &str, to_day: &str) -> Result<Vec<ReportRow>> {
        let (Some(from), Some(to)) = (super::time::day_number(from_day), super::time::day_number(to_day)) else {
            return Err(DomainError::invalid("from", "dates are YYYY-MM-DD"));
        };
        let served = self.stats.requisite_days(from * 86_400_000, (to + 1) * 86_400_000).await?;
        let transfers = self.transfers.transfers_booked(from_day, to_day).await?;
        Ok(super::transfer::report(served, &transfers))
    }

    /// The requisite an account names: its id, its card, phone or account number, or the
    /// account its bank's statements show.
    async fn requisite_of(&self, account: &str) -> Result<Option<Requisite>> {
        if let Some(r) = self.requisites.requisite(account).await? {
            return Ok(Some(r));
        }
        Ok(self.requisites.requisite_by_account(&normalize_account(account)).await?)
    }

    /// The requisite of each account of a statement (a statement names a few accounts, read
    /// once each).
    async fn requisites_of<'a>(
        &self,
        accounts: impl Iterator<Item = &'a str>,
    ) -> Result<HashMap<String, Option<String>>> {
        let mut found = HashMap::new();
        for account in accounts {
            if !found.contains_key(account) {
                found.insert(account.to_string(), self.requisite_of(account).await?.map(|r| r.id));
            }
        }
        Ok(found)
    }

    /// What the store knows that the rules need for a sighting: the bank id seen before,
    /// similar transfers recorded, and the payments of its requisite waiting for its amount.
    async fn fetch(&self, s: &Sighting, requisite_id: Option<&str>) -> Result<Fetched> {
        let same_bank_id = match &s.bank_id {
            Some(bank_id) => {
                self.transfers.transfer_by_bank_id(&account_key(requisite_id, &s.account), bank_id).await?
            }
            None => None,
        };
        let similar = self.transfers.similar_transfers(&super::transfer::similarity_key(requisite_id, s)).await?;
        let candidates = match (requisite_id, s.direction) {
            (Some(id), super::transfer::Direction::Credit) => {
                self.payments.waiting_on_requisite(id, &s.currency, Some(s.amount), CANDIDATES).await?
            }
            _ => Vec::new(),
        };
        Ok(Fetched { same_bank_id, similar, candidates })
    }

    /// [`Self::fetch`] for every row of a statement, a few hundred rows per read.
    async fn fetch_all(&self, rows: &[(Sighting, Option<String>)]) -> Result<Vec<Fetched>> {
        let mut fetched = Vec::with_capacity(rows.len());
        for chunk in rows.chunks(BATCH) {
            let keys: Vec<String> =
                chunk.iter().map(|(s, r)| super::transfer::similarity_key(r.as_deref(), s)).collect();
            let mut distinct_keys = keys.clone();
            distinct_keys.sort();
            distinct_keys.dedup();
            let mut bank_ids: Vec<String> = chunk.iter().filter_map(|(s, _)| s.bank_id.clone()).collect();
            bank_ids.sort();
            bank_ids.dedup();
            let (similar, by_bank_id) = self.transfers.transfers_like(&distinct_keys, &bank_ids).await?;
            let waiting = self.waiting_for(chunk).await?;
            for ((s, requisite_id), key) in chunk.iter().zip(keys) {
                let account = account_key(requisite_id.as_deref(), &s.account);
                let same_bank_id = s.bank_id.as_ref().and_then(|b| by_bank_id.get(&(account, b.clone())).cloned());
                let candidates = match (requisite_id, s.direction) {
                    (Some(id), super::transfer::Direction::Credit) => {
                        let mut found =
                            waiting.get(&(id.clone(), s.currency.clone(), s.amount)).cloned().unwrap_or_default();
                        found.truncate(CANDIDATES as usize);
                        found
                    }
                    _ => Vec::new(),
                };
                fetched.push(Fetched {
                    same_bank_id,
                    similar: similar.get(&key).cloned().unwrap_or_default(),
                    candidates,
                });
            }
        }
        Ok(fetched)
    }

    /// The payments waiting for the amounts of these rows' credits, by requisite, currency and
    /// amount.
    async fn waiting_for(
        &self,
        rows: &[(Sighting, Option<String>)],
    ) -> Result<HashMap<(String, String, i64), Vec<Payment>>> {
        let mut amounts: HashMap<(String, String), Vec<i64>> = HashMap::new();
        for (s, requisite_id) in rows {
            if let (Some(id), super::transfer::Direction::Credit) = (requisite_id, s.direction) {
                amounts.entry((id.clone(), s.currency.clone())).or_default().push(s.amount);
            }
        }
        let mut waiting: HashMap<(String, String, i64), Vec<Payment>> = HashMap::new();
        for ((requisite_id, currency), mut wanted) in amounts {
            wanted.sort_unstable();
            wanted.dedup();
            for p in self.payments.waiting_for_amounts(&requisite_id, &currency, &wanted).await? {
                waiting.entry((requisite_id.clone(), currency.clone(), p.amount)).or_default().push(p);
            }
        }
        Ok(waiting)
    }

    /// Does what a decision says.
    async fn carry_out(
        &self,
        s: &Sighting,
        requisite_id: Option<&str>,
        decision: &Decision,
        who: &Who,
    ) -> Result<Outcome> {
        match decision {
            Decision::Credit { request_id, version } => self.credit(s, requisite_id, request_id, *version, who).await,
            Decision::Review(reason) => {
                let kept = self.keep(s, requisite_id, TransferState::Review, Some(*reason), who).await?;
                Ok(if kept { Outcome::Review(*reason) } else { Outcome::AlreadyRecorded })
            }
            Decision::Listed => {
                let kept = self.keep(s, requisite_id, TransferState::Listed, None, who).await?;
                Ok(if kept { Outcome::Listed } else { Outcome::AlreadyRecorded })
            }
            Decision::AlreadyRecorded { .. } => Ok(Outcome::AlreadyRecorded),
        }
    }

    /// Credits the payment the rules found, the transfer recorded with the credit (once: the
    /// store refuses a bank id or, without bank ids, a similar transfer recorded meanwhile);
    /// above the currency's limit the credit waits for a second operator.
    async fn credit(
        &self,
        s: &Sighting,
        requisite_id: Option<&str>,
        request_id: &str,
        version: i64,
        who: &Who,
    ) -> Result<Outcome> {
        let payment = self.engine.reread(request_id).await?;
        let mut transfer = recorded(s, requisite_id, TransferState::Credited, None, who);
        transfer.request_id = Some(request_id.to_string());
        if needs_second_operator(s.amount, &payment, &self.limits) {
            // A person's sighting waits for a second person; a script's is refused.
            if !matches!(who, Who::Operator(..)) {
                return Err(Refusal::SecondApprovalRequired.into());
            }
            transfer.state = TransferState::Pending;
            let approval = proposal(ApprovalKind::Attach, &payment, s.amount, Some(transfer.id.clone()), None, who);
            return match propose(self.approvals.as_ref(), approval, Some(&transfer), who).await {
                Ok(_) => Ok(Outcome::Pending(request_id.to_string())),
                Err(DomainError::Refused(Refusal::AlreadyDecided)) => self.keep_changed(s, requisite_id, who).await,
                Err(e) => Err(e),
            };
        }
        let change = credit_change(&payment, transfer, version, who);
        let result = self.engine.apply(payment, change).await;
        self.credited(result, s, requisite_id, who).await
    }

    /// What a credit's result means for its transfer: credited, recorded before, or kept for
    /// review (it may be a transfer seen before; its payment changed).
    async fn credited(
        &self,
        result: Result<Payment>,
        s: &Sighting,
        requisite_id: Option<&str>,
        who: &Who,
    ) -> Result<Outcome> {
        match result {
            Ok(p) => Ok(Outcome::Credited(p.request_id)),
            Err(DomainError::Refused(Refusal::TransferAlreadyApplied)) => Ok(Outcome::AlreadyRecorded),
            Err(DomainError::Refused(Refusal::TransferSeenBefore)) => {
                let kept =
                    self.keep(s, requisite_id, TransferState::Review, Some(ReviewReason::SeenBefore), who).await?;
                Ok(if kept { Outcome::Review(ReviewReason::SeenBefore) } else { Outcome::AlreadyRecorded })
            }
            Err(DomainError::Refused(Refusal::PaymentChanged) | DomainError::Illegal(_) | DomainError::Busy) => {
                self.keep_changed(s, requisite_id, who).await
            }
            Err(e) => Err(e),
        }
    }

    async fn keep_changed(&self, s: &Sighting, requisite_id: Option<&str>, who: &Who) -> Result<Outcome> {
        let kept = self.keep(s, requisite_id, TransferState::Review, Some(ReviewReason::Changed), who).await?;
        Ok(if kept { Outcome::Changed } else { Outcome::AlreadyRecorded })
    }

    /// Records a transfer that credits nothing by itself; false when it was recorded before.
    async fn keep(
        &self,
        s: &Sighting,
        requisite_id: Option<&str>,
        state: TransferState,
        reason: Option<ReviewReason>,
        who: &Who,
    ) -> Result<bool> {
        let (transfer, audit) = kept(s, requisite_id, state, reason, who);
        Ok(self.transfers.record_transfer(&transfer, &audit).await?)
    }
}

/// A transfer that credits nothing by itself, with its audit row.
fn kept(
    s: &Sighting,
    requisite_id: Option<&str>,
    state: TransferState,
    reason: Option<ReviewReason>,
    who: &Who,
) -> (Transfer, AuditEntry) {
    let transfer = recorded(s, requisite_id, state, reason, who);
    let action = if state == TransferState::Listed { "transfer_listed" } else { "transfer_for_review" };
    let place = s.line.map(|l| format!(" (line {l})")).unwrap_or_default();
    let detail = format!(
        "{} {} {} to {}{place}{}",
        s.direction.code(),
        s.amount,
        s.currency,
        s.account,
        reason.map(|r| format!(": {}", r.code())).unwrap_or_default()
    );
    let audit = AuditEntry::new(who, action, Subject::Incoming, &transfer.id, transfer.recorded_ms).detail(detail);
    (transfer, audit)
}

/// The change that credits `payment` (seen at `version`) with `transfer`, recorded with it.
fn credit_change<'a>(payment: &Payment, transfer: Transfer, version: i64, who: &'a Who) -> Change<'a> {
    let s = &transfer.sighting;
    let amount = super::audit::money(s.amount, payment.currency.code);
    let detail = format!("amount {amount}, transfer {}", s.reference.as_deref().unwrap_or("-"));
    let audit = Audited { who, action: "incoming_matched", detail: Some(detail) };
    let mut change = settle(payment, s.amount, audit).seen_at(Some(version));
    change.transfer = Some(TransferWrite::Record(Box::new(transfer)));
    change
}

fn recorded(
    s: &Sighting,
    requisite_id: Option<&str>,
    state: TransferState,
    reason: Option<ReviewReason>,
    who: &Who,
) -> Transfer {
    Transfer {
        id: uuid::Uuid::new_v4().simple().to_string(),
        sighting: s.clone(),
        requisite_id: requisite_id.map(str::to_string),
        state,
        reason,
        request_id: None,
        recorded_by: who.label(),
        recorded_ms: now_ms(),
        decided_by: None,
        decided_ms: None,
        note: None,
    }
}

fn similarity(row: &ProposedRow) -> String {
    super::transfer::similarity_key(row.requisite_id.as_deref(), &row.sighting)
}

/// How many statement rows are written in one transaction.
const BATCH: usize = 500;
/// How many batches are written at once (PostgreSQL writes them side by side; SQLite's one
/// writer takes them in turn). Lanes and their reads stay under the pool's 16 connections.
const LANES: usize = 3;

fn lane_of(key: &str) -> usize {
    use std::hash::{Hash, Hasher};
    let mut hasher = std::collections::hash_map::DefaultHasher::new();
    key.hash(&mut hasher);
    (hasher.finish() % LANES as u64) as usize
}
/// How many rows' reads are in flight at once (per lane when writing).
const READS_AT_ONCE: usize = 4;

/// What applying a row does.
enum Step {
    Done(Outcome),
    CarryOut,
    KeepChanged,
}

/// What the store knows about one sighting.
struct Fetched {
    same_bank_id: Option<String>,
    similar: Vec<Similar>,
    candidates: Vec<Payment>,
}

fn known(requisite_id: Option<String>, fetched: Fetched, earlier: &[Option<String>], taken: &HashSet<String>) -> Known {
    let mut similar = fetched.similar;
    similar.extend(earlier.iter().map(|bank_id| Similar { id: String::new(), bank_id: bank_id.clone() }));
    let taken =
        fetched.candidates.iter().filter(|p| taken.contains(&p.request_id)).map(|p| p.request_id.clone()).collect();
    Known { requisite_id, same_bank_id: fetched.same_bank_id, similar, candidates: fetched.candidates, taken }
}

/// A statement's rows as seen from the next one: the bank ids of the rows before it per
/// similarity key and per account, and the payments they credit.
#[derive(Default)]
struct StatementView {
    earlier: HashMap<String, Vec<Option<String>>>,
    bank_ids: HashSet<(String, String)>,
    credited: HashSet<String>,
}

impl StatementView {
    fn known(&self, s: &Sighting, requisite_id: Option<String>, mut fetched: Fetched) -> Known {
        let key = super::transfer::similarity_key(requisite_id.as_deref(), s);
        let earlier = self.earlier.get(&key).map(Vec::as_slice).unwrap_or_default();
        // The bank's id on an earlier line of the same file: the same transaction listed twice.
        if let Some(bank_id) = &s.bank_id
            && self.bank_ids.contains(&(account_key(requisite_id.as_deref(), &s.account), bank_id.clone()))
        {
            fetched.same_bank_id.get_or_insert_with(String::new);
        }
        known(requisite_id, fetched, earlier, &self.credited)
    }

    fn add(&mut self, row: &ProposedRow, decision: &Decision) {
        self.earlier.entry(similarity(row)).or_default().push(row.sighting.bank_id.clone());
        if let Some(bank_id) = &row.sighting.bank_id {
            self.bank_ids.insert((account_key(row.requisite_id.as_deref(), &row.sighting.account), bank_id.clone()));
        }
        if let Decision::Credit { request_id, .. } = decision {
            self.credited.insert(request_id.clone());
        }
    }
}
