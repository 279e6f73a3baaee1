//! Reconciliation: transfers seen on requisites' accounts — typed in by an operator, reported
//! through the operator API, or read from a bank statement in the format the bank sends — are
//! recognized (one real transfer is one record, whatever the source), matched by the rules of
//! [`super::transfer`], and either credit their payment through the engine, wait for a second
//! operator, or wait in the review list for a person. A statement is checked first: the check
//! is kept, and applying it does exactly what it showed, refusing row by row what changed.

use std::sync::Arc;

use serde::{Deserialize, Serialize};
use tokio::sync::Mutex;

use super::approval::{Approval, ApprovalKind, CreditLimits, needs_second_operator};
use super::audit::{AuditEntry, Subject, Who};
use super::decisions::{proposal, propose, settle};
use super::engine::{Audited, Engine};
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

/// A statement row as checked: the transfer, the requisite it is of, and what it is to do.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ProposedRow {
    pub sighting: Sighting,
    pub requisite_id: Option<String>,
    pub decision: Decision,
}

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

/// One requisite's day, for the reconciliation report.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ReportRow {
    pub requisite_id: String,
    pub day: String,
    pub currency: String,
    /// Payins it served that day, and the amount the ledger credited for them (succeeded).
    pub expected_count: i64,
    pub credited_amount: i64,
    /// Transfers in: all, and those that credited a payment.
    pub received_amount: i64,
    pub matched_amount: i64,
    /// Transfers in that credited nothing (in review or dismissed), and money out.
    pub unmatched_in_amount: i64,
    pub out_amount: i64,
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
        let requisite = self.requisite_of(&sighting.account).await?;
        let known = self.known(&sighting, requisite.as_ref(), &[], &[]).await?;
        let decision = decide(&sighting, &known);
        self.carry_out(&sighting, known.requisite_id.as_deref(), &decision, who).await
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
        let mut rows: Vec<ProposedRow> = Vec::with_capacity(read.rows.len());
        for row in read.rows {
            let sighting = Sighting::from_row(row, read.format, &id);
            let requisite = self.requisite_of(&sighting.account).await?;
            let earlier: Vec<(String, Option<String>)> =
                rows.iter().map(|r| (similarity(r), r.sighting.bank_id.clone())).collect();
            let taken: Vec<String> = rows.iter().filter_map(|r| credited(&r.decision)).collect();
            let known = self.known(&sighting, requisite.as_ref(), &earlier, &taken).await?;
            let decision = match &applied {
                // The same file was applied: nothing in it does anything again.
                Some(_) if sighting.direction == super::transfer::Direction::Credit => {
                    Decision::AlreadyRecorded { transfer_id: String::new() }
                }
                _ => decide(&sighting, &known),
            };
            rows.push(ProposedRow { sighting, requisite_id: known.requisite_id.clone(), decision });
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
        let file_applied = self.transfers.statement_applied(&checked.digest).await?;
        let mut outcomes = Vec::with_capacity(checked.rows.len());
        for (i, row) in checked.rows.iter().enumerate() {
            if file_applied.is_some() && !matches!(row.decision, Decision::Listed) {
                outcomes.push(Outcome::AlreadyRecorded);
                continue;
            }
            let earlier: Vec<(String, Option<String>)> = checked.rows[..i]
                .iter()
                .zip(&outcomes)
                .filter(|(_, o)| matches!(o, Outcome::AlreadyRecorded))
                .map(|(r, _)| (similarity(r), r.sighting.bank_id.clone()))
                .collect();
            let requisite = match &row.requisite_id {
                Some(id) => self.requisites.requisite(id).await?,
                None => None,
            };
            let known = self.known(&row.sighting, requisite.as_ref(), &earlier, &[]).await?;
            let now = decide(&row.sighting, &known);
            let outcome = if now == row.decision {
                self.carry_out(&row.sighting, row.requisite_id.as_deref(), &now, who).await?
            } else if matches!(now, Decision::AlreadyRecorded { .. }) {
                Outcome::AlreadyRecorded
            } else {
                let kept = self
                    .keep(
                        &row.sighting,
                        row.requisite_id.as_deref(),
                        TransferState::Review,
                        Some(ReviewReason::Changed),
                        who,
                    )
                    .await?;
                if kept { Outcome::Changed } else { Outcome::AlreadyRecorded }
            };
            outcomes.push(outcome);
        }
        let at = now_ms();
        self.transfers.mark_statement_applied(id, &who.label(), at).await?;
        checked.applied = Some((who.label(), at));
        Ok((checked, outcomes))
    }

    /// Transfers waiting for a person, each with the payments of its requisite that wait for
    /// funds.
    pub async fn review_list(&self, limit: i64) -> Result<Vec<ReviewItem>> {
        let mut items = Vec::new();
        for transfer in self.transfers.transfers_in_review(limit).await? {
            let candidates = match &transfer.requisite_id {
                Some(id) => self.payments.waiting_on_requisite(id, &transfer.sighting.currency, CANDIDATES).await?,
                None => Vec::new(),
            };
            items.push(ReviewItem { transfer, candidates });
        }
        Ok(items)
    }

    /// How many transfers wait for a person (at most `limit`).
    pub async fn waiting_for_review(&self, limit: i64) -> Result<usize> {
        Ok(self.transfers.transfers_in_review(limit).await?.len())
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
        if !matches!(who, Who::Operator(_)) {
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
        propose(self.approvals.as_ref(), approval, None).await
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

    /// What the rules need to decide a sighting: the bank id seen before, similar transfers
    /// (recorded, or `earlier` in the same statement), and the payments that could take it.
    async fn known(
        &self,
        s: &Sighting,
        requisite: Option<&Requisite>,
        earlier: &[(String, Option<String>)],
        taken: &[String],
    ) -> Result<Known> {
        let requisite_id = requisite.map(|r| r.id.clone());
        let account = account_key(requisite_id.as_deref(), &s.account);
        let same_bank_id = match &s.bank_id {
            Some(bank_id) => self.transfers.transfer_by_bank_id(&account, bank_id).await?,
            None => None,
        };
        let key = super::transfer::similarity_key(requisite_id.as_deref(), s);
        let mut similar = self.transfers.similar_transfers(&key).await?;
        similar.extend(
            earlier
                .iter()
                .filter(|(k, _)| *k == key)
                .map(|(_, bank_id)| Similar { id: String::new(), bank_id: bank_id.clone() }),
        );
        let candidates = match &requisite_id {
            Some(id) => self.payments.waiting_on_requisite(id, &s.currency, CANDIDATES).await?,
            None => Vec::new(),
        };
        Ok(Known { requisite_id, same_bank_id, similar, candidates, taken: taken.to_vec() })
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
            if !matches!(who, Who::Operator(_)) {
                return Err(Refusal::SecondApprovalRequired.into());
            }
            transfer.state = TransferState::Pending;
            let approval = proposal(ApprovalKind::Attach, &payment, s.amount, Some(transfer.id.clone()), None, who);
            return match propose(self.approvals.as_ref(), approval, Some(&transfer)).await {
                Ok(_) => Ok(Outcome::Pending(request_id.to_string())),
                Err(DomainError::Refused(Refusal::AlreadyDecided)) => self.keep_changed(s, requisite_id, who).await,
                Err(e) => Err(e),
            };
        }
        let detail = format!("amount {}, transfer {}", s.amount, s.reference.as_deref().unwrap_or("-"));
        let audit = Audited { who, action: "incoming_matched", detail: Some(detail) };
        let mut change = settle(&payment, s.amount, audit).seen_at(Some(version));
        change.transfer = Some(TransferWrite::Record(Box::new(transfer)));
        match self.engine.apply(payment, change).await {
            Ok(_) => Ok(Outcome::Credited(request_id.to_string())),
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
        Ok(self.transfers.record_transfer(&transfer, &audit).await?)
    }
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

fn credited(decision: &Decision) -> Option<String> {
    match decision {
        Decision::Credit { request_id, .. } => Some(request_id.clone()),
        _ => None,
    }
}
