//! ISO 20022 camt.053 bank-to-customer statements, any `camt.053.001.xx` version. The file is
//! walked as events to know where each `<Ntry>` starts; each entry (and each statement's
//! account) is then deserialized on its own, by local names, so namespace prefixes and the
//! version's namespace do not matter.

use std::borrow::Cow;

use encoding_rs::{Encoding, UTF_8};
use quick_xml::Reader;
use quick_xml::events::{BytesStart, Event};
use serde::Deserialize;

use super::{
    Day, Digits, Direction, LineIndex, MAX_ROWS, Problem, Reason, Rows, StatementRow, bank_id, collapse,
    compact_account, known_currency, parse_amount, parse_moment,
};

/// `Ntry`: one booked (or pending) entry.
#[derive(Debug, Default, Deserialize)]
#[serde(default)]
struct Entry {
    #[serde(rename = "Amt")]
    amount: Option<Amount>,
    #[serde(rename = "CdtDbtInd")]
    side: Option<String>,
    #[serde(rename = "Sts")]
    status: Option<Status>,
    #[serde(rename = "BookgDt")]
    booking: Option<DateChoice>,
    #[serde(rename = "ValDt")]
    value: Option<DateChoice>,
    #[serde(rename = "AcctSvcrRef")]
    servicer_ref: Option<String>,
    #[serde(rename = "NtryDtls")]
    details: Vec<EntryDetails>,
    #[serde(rename = "AddtlNtryInf")]
    additional_info: Option<String>,
}

#[derive(Debug, Default, Deserialize)]
#[serde(default)]
struct Amount {
    #[serde(rename = "@Ccy")]
    currency: Option<String>,
    #[serde(rename = "$text")]
    value: String,
}

/// `BOOK` as text up to version 07, as `<Cd>BOOK</Cd>` from 08 on.
#[derive(Debug, Default, Deserialize)]
#[serde(default)]
struct Status {
    #[serde(rename = "$text")]
    text: Option<String>,
    #[serde(rename = "Cd")]
    code: Option<String>,
}

#[derive(Debug, Default, Deserialize)]
#[serde(default)]
struct DateChoice {
    #[serde(rename = "Dt")]
    date: Option<String>,
    #[serde(rename = "DtTm")]
    moment: Option<String>,
}

#[derive(Debug, Default, Deserialize)]
#[serde(default)]
struct EntryDetails {
    #[serde(rename = "TxDtls")]
    transactions: Vec<Transaction>,
}

#[derive(Debug, Default, Deserialize)]
#[serde(default)]
struct Transaction {
    #[serde(rename = "Refs")]
    refs: Option<Refs>,
    #[serde(rename = "RltdPties")]
    parties: Option<Parties>,
    #[serde(rename = "RmtInf")]
    remittance: Option<Remittance>,
}

#[derive(Debug, Default, Deserialize)]
#[serde(default)]
struct Refs {
    #[serde(rename = "AcctSvcrRef")]
    servicer_ref: Option<String>,
}

#[derive(Debug, Default, Deserialize)]
#[serde(default)]
struct Parties {
    #[serde(rename = "Dbtr")]
    debtor: Option<Party>,
    #[serde(rename = "Cdtr")]
    creditor: Option<Party>,
}

/// `Dbtr/Nm` up to version 07, `Dbtr/Pty/Nm` from 08 on.
#[derive(Debug, Default, Deserialize)]
#[serde(default)]
struct Party {
    #[serde(rename = "Nm")]
    name: Option<String>,
    #[serde(rename = "Pty")]
    party: Option<PartyName>,
}

#[derive(Debug, Default, Deserialize)]
#[serde(default)]
struct PartyName {
    #[serde(rename = "Nm")]
    name: Option<String>,
}

#[derive(Debug, Default, Deserialize)]
#[serde(default)]
struct Remittance {
    #[serde(rename = "Ustrd")]
    unstructured: Vec<String>,
}

/// `Stmt/Acct`: our account, by IBAN or another scheme's id.
#[derive(Debug, Default, Deserialize)]
#[serde(default)]
struct Account {
    #[serde(rename = "Id")]
    id: Option<AccountId>,
}

#[derive(Debug, Default, Deserialize)]
#[serde(default)]
struct AccountId {
    #[serde(rename = "IBAN")]
    iban: Option<String>,
    #[serde(rename = "Othr")]
    other: Option<OtherId>,
}

#[derive(Debug, Default, Deserialize)]
#[serde(default)]
struct OtherId {
    #[serde(rename = "Id")]
    id: Option<String>,
}

/// Reads a camt.053 file (one or several statements).
pub(super) fn read(bytes: &[u8], decoded: &str, digits: Digits) -> Rows {
    let text = xml_text(bytes, decoded).map_err(|problem| vec![problem])?;
    let mut walk = Walk {
        text: &text,
        lines: LineIndex::new(&text),
        digits,
        path: Vec::new(),
        statement_line: 0,
        account: None,
        pending: Vec::new(),
        entries: 0,
        rows: Vec::new(),
        problems: Vec::new(),
    };
    walk.run();
    match walk.problems.is_empty() {
        true => Ok(walk.rows),
        false => Err(walk.problems),
    }
}

/// The file's text in the encoding its XML declaration names (UTF-8 when it names none).
fn xml_text<'t>(bytes: &'t [u8], decoded: &'t str) -> Result<Cow<'t, str>, Problem> {
    if Encoding::for_bom(bytes).is_some_and(|(encoding, _)| encoding != UTF_8) {
        return Ok(Cow::Borrowed(decoded));
    }
    let declaration = decoded.split("?>").next().filter(|head| head.trim_start().starts_with("<?xml")).unwrap_or("");
    let label = declaration.split_once("encoding=").map(|(_, rest)| rest.trim_start_matches(['"', '\'']));
    let label = label.map(|rest| rest.split(['"', '\'']).next().unwrap_or(""));
    let encoding = match label {
        None => UTF_8,
        Some(label) => Encoding::for_label(label.trim().as_bytes())
            .ok_or_else(|| Problem::new(1, Reason::Encoding, format!("unknown encoding `{label}`")))?,
    };
    if encoding == UTF_8 {
        return std::str::from_utf8(bytes).map(Cow::Borrowed).map_err(|error| {
            let line = bytes[..error.valid_up_to()].iter().filter(|&&b| b == b'\n').count() + 1;
            Problem::new(line, Reason::Encoding, "the file is not valid UTF-8")
        });
    }
    let (text, had_errors) = encoding.decode_without_bom_handling(bytes);
    match had_errors {
        false => Ok(Cow::Owned(text.into_owned())),
        true => Err(Problem::new(0, Reason::Encoding, format!("the file is not valid {}", encoding.name()))),
    }
}

/// The walk through a file's elements.
struct Walk<'t> {
    text: &'t str,
    lines: LineIndex,
    digits: Digits<'t>,
    /// Local names of the open elements.
    path: Vec<String>,
    /// The open statement's line, account and entries (given the account at its end).
    statement_line: usize,
    account: Option<String>,
    pending: Vec<StatementRow>,
    /// Booked (or broken) entries so far.
    entries: usize,
    rows: Vec<StatementRow>,
    problems: Vec<Problem>,
}

impl<'t> Walk<'t> {
    fn run(&mut self) {
        let mut reader = Reader::from_str(self.text);
        reader.config_mut().trim_text(true);
        loop {
            let event = match reader.read_event() {
                Ok(event) => event,
                Err(error) => {
                    self.problems.push(self.syntax(&reader, &error));
                    return;
                }
            };
            match event {
                Event::Start(start) => {
                    if let Err(problem) = self.open(&mut reader, &start) {
                        self.problems.push(problem);
                        return;
                    }
                    if self.entries > MAX_ROWS {
                        self.problems = vec![Problem::too_many_rows()];
                        return;
                    }
                }
                Event::End(_) => {
                    let closed = self.path.pop();
                    if closed.as_deref() == Some("Stmt") {
                        self.close_statement();
                    }
                }
                Event::Eof => break,
                _ => {}
            }
        }
        if let Some(open) = self.path.last() {
            let detail = format!("the file ends inside <{open}>");
            self.problems.push(Problem::new(self.lines.line_of(self.text.len()), Reason::Syntax, detail));
        }
    }

    fn syntax(&self, reader: &Reader<&[u8]>, error: &quick_xml::Error) -> Problem {
        let at = usize::try_from(reader.error_position()).unwrap_or(usize::MAX);
        Problem::new(self.lines.line_of(at), Reason::Syntax, error.to_string())
    }

    /// An element opens: a statement, its account, one of its entries, or anything else. Only
    /// XML that does not parse stops the walk; a bad entry is reported and the walk goes on.
    fn open(&mut self, reader: &mut Reader<&'t [u8]>, start: &BytesStart<'t>) -> Result<(), Problem> {
        let name = start.local_name().into_inner().to_owned();
        match (name.as_str(), self.path.last().map(String::as_str)) {
            ("Stmt", Some("BkToCstmrStmt")) => {
                self.statement_line = self.lines.line_of(start_of(reader, start));
                self.account = None;
                self.path.push(name);
            }
            ("Acct", Some("Stmt")) => {
                let (line, xml) = self.element(reader, start)?;
                match deserialize::<Account>(xml, line) {
                    Ok(account) => self.account = account_id(account),
                    Err(problem) => self.problems.push(problem),
                }
            }
            ("Ntry", Some("Stmt")) => {
                let (line, xml) = self.element(reader, start)?;
                let row = deserialize(xml, line).map_err(|problem| vec![problem]);
                match row.and_then(|entry| entry_row(entry, line, self.digits)) {
                    Ok(None) => return Ok(()),
                    Ok(Some(row)) => self.pending.push(row),
                    Err(mut problems) => self.problems.append(&mut problems),
                }
                self.entries += 1;
            }
            _ => self.path.push(name),
        }
        Ok(())
    }

    /// The line an element starts on and its whole text, the reader moved past its end.
    fn element(&self, reader: &mut Reader<&'t [u8]>, start: &BytesStart<'t>) -> Result<(usize, &'t str), Problem> {
        let begin = start_of(reader, start);
        let line = self.lines.line_of(begin);
        reader.read_to_end(start.name()).map_err(|error| self.syntax(reader, &error))?;
        let xml = self.text.get(begin..offset(reader.buffer_position()));
        Ok((line, xml.ok_or_else(|| Problem::new(line, Reason::Syntax, "an element out of the text"))?))
    }

    /// A statement closes: its entries take its account.
    fn close_statement(&mut self) {
        let pending = std::mem::take(&mut self.pending);
        match &self.account {
            Some(account) => {
                self.rows.extend(pending.into_iter().map(|row| StatementRow { account: account.clone(), ..row }))
            }
            None if !pending.is_empty() => {
                let detail = "the statement names no account (Acct/Id/IBAN or Acct/Id/Othr/Id)";
                self.problems.push(Problem::new(self.statement_line, Reason::Account, detail));
            }
            None => {}
        }
    }
}

/// Where the `<` of a start tag just read is.
fn start_of(reader: &Reader<&[u8]>, start: &BytesStart) -> usize {
    offset(reader.buffer_position()).saturating_sub(start.len() + 2)
}

fn offset(position: u64) -> usize {
    usize::try_from(position).unwrap_or(usize::MAX)
}

fn deserialize<'de, T: Deserialize<'de>>(xml: &'de str, line: usize) -> Result<T, Problem> {
    quick_xml::de::from_str(xml).map_err(|error| Problem::new(line, Reason::Syntax, error.to_string()))
}

fn account_id(account: Account) -> Option<String> {
    let id = account.id?;
    let written = id.iban.or_else(|| id.other.and_then(|other| other.id))?;
    Some(compact_account(&written)).filter(|account| !account.is_empty())
}

/// The row of a booked entry (its account comes with the statement's end); `None` for an
/// entry not booked yet (pending, information only).
fn entry_row(entry: Entry, line: usize, digits: Digits) -> Result<Option<StatementRow>, Vec<Problem>> {
    let status = entry.status.as_ref().and_then(|status| status.code.as_deref().or(status.text.as_deref()));
    if status.is_some_and(|status| !status.trim().eq_ignore_ascii_case("BOOK")) {
        return Ok(None);
    }
    let money = money(&entry, digits).map_err(|(reason, detail)| Problem::new(line, reason, detail));
    let booking = booking(&entry).map_err(|detail| Problem::new(line, Reason::Date, detail));
    let direction = match entry.side.as_deref().map(str::trim) {
        Some("CRDT") => Ok(Direction::Credit),
        Some("DBIT") => Ok(Direction::Debit),
        other => Err(Problem::new(
            line,
            Reason::Syntax,
            format!("CdtDbtInd `{}` is neither CRDT nor DBIT", other.unwrap_or("")),
        )),
    };
    match (money, booking, direction) {
        (Ok((currency, amount)), Ok((day, booked_at_ms)), Ok(direction)) => Ok(Some(StatementRow {
            line,
            account: String::new(),
            booked_on: day.iso(),
            booked_at_ms,
            amount,
            currency,
            direction,
            counterparty: counterparty(&entry, direction),
            reference: reference(&entry),
            bank_id: entry_bank_id(&entry),
        })),
        (money, booking, direction) => {
            Err([money.err(), booking.err(), direction.err()].into_iter().flatten().collect())
        }
    }
}

fn money(entry: &Entry, digits: Digits) -> Result<(String, i64), (Reason, String)> {
    let amount = entry.amount.as_ref().ok_or((Reason::Amount, "the entry has no Amt".to_owned()))?;
    let currency = amount.currency.as_deref().unwrap_or("");
    let (code, count) = known_currency(currency, digits).map_err(|detail| (Reason::Currency, detail))?;
    match parse_amount(&amount.value, count).map_err(|detail| (Reason::Amount, detail))? {
        (false, minor) => Ok((code, minor)),
        (true, _) => Err((Reason::Amount, format!("`{}` is negative", amount.value.trim()))),
    }
}

/// The booking date (else the value date), and the moment when it is given as one.
fn booking(entry: &Entry) -> Result<(Day, Option<i64>), String> {
    let choice = entry.booking.as_ref().or(entry.value.as_ref()).ok_or("the entry has no BookgDt nor ValDt")?;
    match (&choice.moment, &choice.date) {
        (Some(moment), _) => {
            parse_moment(moment).map(|(day, at)| (day, Some(at))).ok_or_else(|| format!("`{moment}` is not a DtTm"))
        }
        (None, Some(date)) => Day::parse(date).map(|day| (day, None)).ok_or_else(|| format!("`{date}` is not a Dt")),
        (None, None) => Err("the entry's date has neither Dt nor DtTm".into()),
    }
}

/// The entry's first transaction details (a batch entry lists several).
fn transaction(entry: &Entry) -> Option<&Transaction> {
    entry.details.iter().flat_map(|details| &details.transactions).next()
}

/// The payer of a credit, the payee of a debit.
fn counterparty(entry: &Entry, direction: Direction) -> Option<String> {
    let parties = transaction(entry)?.parties.as_ref()?;
    let party = match direction {
        Direction::Credit => parties.debtor.as_ref()?,
        Direction::Debit => parties.creditor.as_ref()?,
    };
    let name = party.name.as_deref().or(party.party.as_ref().and_then(|party| party.name.as_deref()))?;
    collapse(name)
}

fn reference(entry: &Entry) -> Option<String> {
    let remittance = transaction(entry).and_then(|transaction| transaction.remittance.as_ref());
    let unstructured = remittance.map(|remittance| remittance.unstructured.join(" ")).unwrap_or_default();
    collapse(&unstructured).or_else(|| entry.additional_info.as_deref().and_then(collapse))
}

/// The servicer's reference of the entry, else of its transaction. Not the end-to-end id: the
/// payer writes it (an invoice number, `NOTPROVIDED`), so two transfers may share one.
fn entry_bank_id(entry: &Entry) -> Option<String> {
    let refs = transaction(entry).and_then(|transaction| transaction.refs.as_ref());
    entry
        .servicer_ref
        .as_deref()
        .and_then(bank_id)
        .or_else(|| refs.and_then(|refs| refs.servicer_ref.as_deref()).and_then(bank_id))
}
