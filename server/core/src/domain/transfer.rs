//! A transfer seen on a requisite's account — entered by hand, read from a bank statement, or
//! reported through the operator API — and the pure rules that recognize it and match it to a
//! payment (decisions.md §8: one real transfer credits at most one payment, once, and only a
//! payment that existed when the transfer was made). Nothing here is guessed: what a rule is
//! not sure of goes to a person (the review list) with its candidates.

use serde::{Deserialize, Serialize};

use super::payment::{Payment, PaymentState};

/// Where a sighting of a transfer came from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Source {
    /// An operator typed it in the console.
    Manual,
    /// The operator API (`/api/v1/operator/incoming`).
    Api,
    Csv,
    Mt940,
    Camt053,
    OneC,
}

impl Source {
    pub const ALL: [Source; 6] =
        [Source::Manual, Source::Api, Source::Csv, Source::Mt940, Source::Camt053, Source::OneC];

    pub fn code(self) -> &'static str {
        match self {
            Source::Manual => "manual",
            Source::Api => "api",
            Source::Csv => "csv",
            Source::Mt940 => "mt940",
            Source::Camt053 => "camt053",
            Source::OneC => "1c",
        }
    }

    pub fn parse(code: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|s| s.code() == code)
    }
}

/// Money in (a candidate for a payment) or out (listed, never matched).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Direction {
    Credit,
    Debit,
}

impl Direction {
    pub fn code(self) -> &'static str {
        match self {
            Direction::Credit => "credit",
            Direction::Debit => "debit",
        }
    }

    pub fn parse(code: &str) -> Option<Self> {
        [Direction::Credit, Direction::Debit].into_iter().find(|d| d.code() == code)
    }
}

/// Where a recorded transfer stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TransferState {
    /// It credited its payment (`request_id`).
    Credited,
    /// Waiting for a second operator to approve crediting `request_id`.
    Pending,
    /// Waiting for a person: the reason says why, the candidates are shown.
    Review,
    /// A person decided it credits nothing (with a reason).
    Dismissed,
    /// Money out, or a fee: listed in the report, never matched.
    Listed,
}

impl TransferState {
    pub const ALL: [TransferState; 5] = [
        TransferState::Credited,
        TransferState::Pending,
        TransferState::Review,
        TransferState::Dismissed,
        TransferState::Listed,
    ];

    pub fn code(self) -> &'static str {
        match self {
            TransferState::Credited => "credited",
            TransferState::Pending => "pending",
            TransferState::Review => "review",
            TransferState::Dismissed => "dismissed",
            TransferState::Listed => "listed",
        }
    }

    pub fn parse(code: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|s| s.code() == code)
    }
}

/// Why a transfer waits for a person.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum ReviewReason {
    /// Its account is no requisite of the pool.
    UnknownAccount,
    /// No payment of the requisite waits for this amount.
    NoPayment,
    /// More than one payment could take it.
    SeveralPayments,
    /// It may be a transfer seen before (same account, day, amount and currency, and no bank
    /// ids to tell them apart): the same transfer in two statements, or two equal ones.
    SeenBefore,
    /// The payment that could take it was created after the transfer was made.
    TooEarly,
    /// What the check showed changed before the statement was applied.
    Changed,
}

impl ReviewReason {
    pub const ALL: [ReviewReason; 6] = [
        ReviewReason::UnknownAccount,
        ReviewReason::NoPayment,
        ReviewReason::SeveralPayments,
        ReviewReason::SeenBefore,
        ReviewReason::TooEarly,
        ReviewReason::Changed,
    ];

    pub fn code(self) -> &'static str {
        match self {
            ReviewReason::UnknownAccount => "unknown-account",
            ReviewReason::NoPayment => "no-payment",
            ReviewReason::SeveralPayments => "several-payments",
            ReviewReason::SeenBefore => "seen-before",
            ReviewReason::TooEarly => "too-early",
            ReviewReason::Changed => "changed",
        }
    }

    pub fn parse(code: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|r| r.code() == code)
    }
}

/// A transfer as reported, before it is recorded.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Sighting {
    pub source: Source,
    /// The statement upload it came from, and its line there.
    pub statement_id: Option<String>,
    pub line: Option<usize>,
    /// The account as reported: a requisite's id, card, phone or account number, or the account
    /// a statement is of.
    pub account: String,
    /// `YYYY-MM-DD`: the day it was booked.
    pub booked_on: String,
    /// When it was booked, when the source says (UTC milliseconds).
    pub booked_ms: Option<i64>,
    pub amount: i64,
    pub currency: String,
    pub direction: Direction,
    pub counterparty: Option<String>,
    pub reference: Option<String>,
    /// The bank's own id of the transaction, when the source has one.
    pub bank_id: Option<String>,
}

impl Sighting {
    /// A statement's row as a sighting (its line kept to show where it came from).
    pub fn from_row(row: super::statement::StatementRow, format: super::statement::Format, statement_id: &str) -> Self {
        use super::statement::{Direction as Way, Format};
        Sighting {
            source: match format {
                Format::Csv => Source::Csv,
                Format::Mt940 => Source::Mt940,
                Format::Camt053 => Source::Camt053,
                Format::OneC => Source::OneC,
            },
            statement_id: Some(statement_id.to_string()),
            line: Some(row.line),
            account: row.account,
            booked_on: row.booked_on,
            booked_ms: row.booked_at_ms,
            amount: row.amount,
            currency: row.currency,
            direction: match row.direction {
                Way::Credit => Direction::Credit,
                Way::Debit => Direction::Debit,
            },
            counterparty: row.counterparty,
            reference: row.reference,
            bank_id: row.bank_id,
        }
    }
}

/// A recorded transfer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Transfer {
    pub id: String,
    pub sighting: Sighting,
    /// The requisite its account is, when it is one.
    pub requisite_id: Option<String>,
    pub state: TransferState,
    pub reason: Option<ReviewReason>,
    /// The payment it credited, or is waiting to credit.
    pub request_id: Option<String>,
    pub recorded_by: String,
    pub recorded_ms: i64,
    pub decided_by: Option<String>,
    pub decided_ms: Option<i64>,
    /// What the person who attached or dismissed it wrote.
    pub note: Option<String>,
}

impl Transfer {
    /// The key a second sighting of the same transfer shares: the requisite (or the account as
    /// written), the day, the amount, the currency and the direction.
    pub fn similarity(&self) -> String {
        similarity_key(self.requisite_id.as_deref(), &self.sighting)
    }

    /// The account's key in the bank-id uniqueness: the requisite when known.
    pub fn account_key(&self) -> String {
        account_key(self.requisite_id.as_deref(), &self.sighting.account)
    }
}

/// An account as statements and people write it, compared: whitespace, dashes and dots
/// dropped, letters upper case (`5536 9138-1234 5672` = `5536913812345672`).
pub fn normalize_account(text: &str) -> String {
    text.chars().filter(|c| !c.is_whitespace() && !matches!(c, '-' | '.')).flat_map(char::to_uppercase).collect()
}

pub fn account_key(requisite_id: Option<&str>, account: &str) -> String {
    match requisite_id {
        Some(id) => format!("r:{id}"),
        None => format!("a:{}", normalize_account(account)),
    }
}

pub fn similarity_key(requisite_id: Option<&str>, s: &Sighting) -> String {
    format!(
        "{}|{}|{}|{}|{}",
        account_key(requisite_id, &s.account),
        s.booked_on,
        s.amount,
        s.currency,
        s.direction.code()
    )
}

/// A transfer with a time may be this much earlier than the payment's creation (clocks of the
/// bank and of Kassa differ a little).
pub const EARLY_BY_TIME_MS: i64 = 15 * 60 * 1000;
/// A transfer with only a date may be dated this many days before the payment's creation day
/// (the bank's day is in its own time zone, Kassa's in UTC).
pub const EARLY_BY_DAYS: i64 = 1;

/// Whether the transfer was made before `payment` existed (beyond the tolerances): it cannot
/// be that payment's money.
pub fn made_before(s: &Sighting, payment: &Payment) -> bool {
    match s.booked_ms {
        Some(at) => at + EARLY_BY_TIME_MS < payment.created_ms,
        None => match super::time::day_number(&s.booked_on) {
            Some(day) => day + EARLY_BY_DAYS < payment.created_ms.div_euclid(86_400_000),
            // An unreadable date proves nothing: the reader refuses those before here.
            None => true,
        },
    }
}

/// A payment waits for a transfer in these states; only the first two take one by themselves
/// (a dispute is a person's decision).
pub fn waits_for_funds(state: PaymentState) -> bool {
    matches!(state, PaymentState::AwaitingConfirm | PaymentState::Paid) || state.is_dispute()
}

/// A transfer recorded before that shares the new one's similarity key.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Similar {
    pub id: String,
    pub bank_id: Option<String>,
}

/// What is known about a sighting before deciding.
#[derive(Clone, Debug, Default)]
pub struct Known {
    /// The requisite its account is.
    pub requisite_id: Option<String>,
    /// A transfer recorded with the same bank id on the same account: the same transfer.
    pub same_bank_id: Option<String>,
    /// Transfers recorded (or earlier in the same statement) with the same similarity key.
    pub similar: Vec<Similar>,
    /// Payments of the requisite in the currency that wait for funds.
    pub candidates: Vec<Payment>,
    /// Payments an earlier row of the same statement is to credit.
    pub taken: Vec<String>,
}

/// What to do with a sighting.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Decision {
    /// The one payment that waits for exactly this, created before it was made.
    Credit {
        request_id: String,
        version: i64,
    },
    Review(ReviewReason),
    /// The bank's id says it was recorded already: nothing to do.
    AlreadyRecorded {
        transfer_id: String,
    },
    /// Money out: listed, not matched.
    Listed,
}

/// Decides what a sighting does. The order of the rules is the order of certainty: the bank's
/// id first, then a possible earlier sighting, then the payments that could take it.
pub fn decide(s: &Sighting, known: &Known) -> Decision {
    if s.direction == Direction::Debit {
        return Decision::Listed;
    }
    if let Some(transfer_id) = &known.same_bank_id {
        return Decision::AlreadyRecorded { transfer_id: transfer_id.clone() };
    }
    // Two different bank ids tell two transfers apart; anything less may be the same one.
    let distinct = |other: &Similar| matches!((&s.bank_id, &other.bank_id), (Some(a), Some(b)) if a != b);
    if known.similar.iter().any(|other| !distinct(other)) {
        return Decision::Review(ReviewReason::SeenBefore);
    }
    if known.requisite_id.is_none() {
        return Decision::Review(ReviewReason::UnknownAccount);
    }
    let exact: Vec<&Payment> = known
        .candidates
        .iter()
        .filter(|p| matches!(p.state, PaymentState::AwaitingConfirm | PaymentState::Paid))
        .filter(|p| p.amount == s.amount && p.currency.code == s.currency)
        .filter(|p| !known.taken.contains(&p.request_id))
        .collect();
    let in_time: Vec<&&Payment> = exact.iter().filter(|p| !made_before(s, p)).collect();
    match (in_time.as_slice(), exact.is_empty()) {
        ([one], _) => Decision::Credit { request_id: one.request_id.clone(), version: one.version },
        ([], false) => Decision::Review(ReviewReason::TooEarly),
        ([], true) => Decision::Review(ReviewReason::NoPayment),
        _ => Decision::Review(ReviewReason::SeveralPayments),
    }
}

/// A statement row as checked: the transfer, the requisite it is of, and what it is to do.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ProposedRow {
    pub sighting: Sighting,
    pub requisite_id: Option<String>,
    pub decision: Decision,
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

/// Payins a requisite served on a day (from the payments): how many, and the amount credited
/// for those that succeeded (the ledger's side of the report).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RequisiteDay {
    pub requisite_id: String,
    pub day_ms: i64,
    pub currency: String,
    pub count: i64,
    pub amount: i64,
}

/// The reconciliation report: per requisite, day and currency, what the ledger credited for its
/// payments and what its transfers brought, matched and did not.
pub fn report(served: Vec<RequisiteDay>, transfers: &[Transfer]) -> Vec<ReportRow> {
    let mut rows: Vec<ReportRow> = served
        .into_iter()
        .map(|d| ReportRow {
            requisite_id: d.requisite_id,
            day: super::time::date_of(d.day_ms),
            currency: d.currency,
            expected_count: d.count,
            credited_amount: d.amount,
            ..ReportRow::default()
        })
        .collect();
    for t in transfers {
        let requisite_id = t.requisite_id.clone().unwrap_or_else(|| format!("? {}", t.sighting.account));
        let s = &t.sighting;
        let at = rows
            .iter()
            .position(|r| r.requisite_id == requisite_id && r.day == s.booked_on && r.currency == s.currency);
        let at = at.unwrap_or_else(|| {
            rows.push(ReportRow {
                requisite_id,
                day: s.booked_on.clone(),
                currency: s.currency.clone(),
                ..ReportRow::default()
            });
            rows.len() - 1
        });
        let row = &mut rows[at];
        match (s.direction, t.state) {
            (Direction::Debit, _) | (_, TransferState::Listed) => row.out_amount += s.amount,
            (Direction::Credit, state) => {
                row.received_amount += s.amount;
                match state {
                    TransferState::Credited => row.matched_amount += s.amount,
                    TransferState::Review | TransferState::Dismissed => row.unmatched_in_amount += s.amount,
                    TransferState::Pending | TransferState::Listed => {}
                }
            }
        }
    }
    rows.sort_by(|a, b| (&a.day, &a.requisite_id, &a.currency).cmp(&(&b.day, &b.requisite_id, &b.currency)));
    rows
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::catalogue::{Country, Currency, Integration};
    use crate::domain::payment::{Opening, PaymentType};

    const DAY: i64 = 86_400_000;
    /// 2026-11-25 00:00 UTC.
    const NOV25: i64 = 20_782 * DAY;

    fn payment(id: &str, amount: i64, created_ms: i64, state: PaymentState) -> Payment {
        let mut p = Payment::open(
            Opening {
                project_id: "p".into(),
                payment_id: id.into(),
                payment_type: PaymentType::Payin,
                integration: Integration::H2hP2p,
                country: Country::parse("RU").unwrap(),
                currency: Currency::parse("RUB").unwrap(),
                method: None,
                widget_method: None,
                amount,
                lifetime_s: 900,
                details: Default::default(),
                request_hash: String::new(),
            },
            created_ms,
        );
        p.request_id = id.into();
        p.state = state;
        p
    }

    fn sighting(amount: i64, booked_on: &str, booked_ms: Option<i64>, bank_id: Option<&str>) -> Sighting {
        Sighting {
            source: Source::Csv,
            statement_id: None,
            line: Some(2),
            account: "5536 9138 1234 5672".into(),
            booked_on: booked_on.into(),
            booked_ms,
            amount,
            currency: "RUB".into(),
            direction: Direction::Credit,
            counterparty: None,
            reference: None,
            bank_id: bank_id.map(str::to_string),
        }
    }

    fn known(candidates: Vec<Payment>) -> Known {
        Known { requisite_id: Some("r1".into()), candidates, ..Known::default() }
    }

    #[test]
    fn one_waiting_payment_of_the_amount_takes_the_transfer() {
        let p = payment("P1", 150_000, NOV25 + 3_600_000, PaymentState::Paid);
        let s = sighting(150_000, "2026-11-25", None, None);
        assert_eq!(decide(&s, &known(vec![p])), Decision::Credit { request_id: "P1".into(), version: 1 });
    }

    #[test]
    fn a_transfer_older_than_the_payment_pays_nothing() {
        let p = payment("P2", 150_000, NOV25, PaymentState::AwaitingConfirm);
        // Dated years before, or by the minute well before the payment existed.
        assert_eq!(
            decide(&sighting(150_000, "2020-01-01", None, None), &known(vec![p.clone()])),
            Decision::Review(ReviewReason::TooEarly)
        );
        let early = NOV25 - EARLY_BY_TIME_MS - 1;
        assert_eq!(
            decide(&sighting(150_000, "2026-11-24", Some(early), None), &known(vec![p.clone()])),
            Decision::Review(ReviewReason::TooEarly)
        );
        // Within the tolerances it may: the bank's clock, the bank's day.
        let close = NOV25 - EARLY_BY_TIME_MS + 1;
        assert!(matches!(
            decide(&sighting(150_000, "2026-11-24", Some(close), None), &known(vec![p.clone()])),
            Decision::Credit { .. }
        ));
        assert!(matches!(
            decide(&sighting(150_000, "2026-11-24", None, None), &known(vec![p])),
            Decision::Credit { .. }
        ));
    }

    #[test]
    fn what_is_not_certain_goes_to_a_person() {
        let p1 = payment("P1", 150_000, NOV25, PaymentState::Paid);
        let p2 = payment("P2", 150_000, NOV25, PaymentState::AwaitingConfirm);
        let s = sighting(150_000, "2026-11-25", None, None);
        assert_eq!(decide(&s, &known(vec![p1.clone(), p2])), Decision::Review(ReviewReason::SeveralPayments));
        assert_eq!(decide(&s, &known(vec![])), Decision::Review(ReviewReason::NoPayment));
        let dispute = payment("P3", 150_000, NOV25, PaymentState::DisputeNoPayment);
        assert_eq!(
            decide(&s, &known(vec![dispute])),
            Decision::Review(ReviewReason::NoPayment),
            "a dispute is a person's"
        );
        let unknown = Known { requisite_id: None, ..known(vec![p1.clone()]) };
        assert_eq!(decide(&s, &unknown), Decision::Review(ReviewReason::UnknownAccount));
        let taken = Known { taken: vec!["P1".into()], ..known(vec![p1]) };
        assert_eq!(decide(&s, &taken), Decision::Review(ReviewReason::NoPayment), "an earlier row takes it");
    }

    #[test]
    fn a_second_sighting_never_credits_again() {
        let p = payment("P2", 150_000, NOV25, PaymentState::Paid);
        let s = sighting(150_000, "2026-11-25", None, Some("B-1"));
        let seen = Known { same_bank_id: Some("t1".into()), ..known(vec![p.clone()]) };
        assert_eq!(decide(&s, &seen), Decision::AlreadyRecorded { transfer_id: "t1".into() });
        // Same account, day and amount: the same transfer, unless two bank ids tell them apart.
        let similar = |bank_id: Option<&str>| Known {
            similar: vec![Similar { id: "t1".into(), bank_id: bank_id.map(str::to_string) }],
            ..known(vec![p.clone()])
        };
        assert_eq!(decide(&s, &similar(None)), Decision::Review(ReviewReason::SeenBefore));
        assert_eq!(
            decide(&sighting(150_000, "2026-11-25", None, None), &similar(Some("B-0"))),
            Decision::Review(ReviewReason::SeenBefore)
        );
        assert!(matches!(decide(&s, &similar(Some("B-0"))), Decision::Credit { .. }), "two bank ids: two transfers");
    }

    #[test]
    fn money_out_is_listed() {
        let s = Sighting { direction: Direction::Debit, ..sighting(5_000, "2026-11-25", None, None) };
        assert_eq!(decide(&s, &known(vec![])), Decision::Listed);
    }

    #[test]
    fn accounts_compare_as_written_by_banks() {
        assert_eq!(normalize_account("5536 9138-1234 5672"), "5536913812345672");
        assert_eq!(normalize_account("de89 3704 0044 0532 0130 00"), "DE89370400440532013000");
        assert_eq!(
            similarity_key(Some("r1"), &sighting(100, "2026-11-25", None, None)),
            "r:r1|2026-11-25|100|RUB|credit"
        );
    }
}
