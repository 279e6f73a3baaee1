//! SWIFT MT940 customer statements (`.sta`, `.mt940`): tagged fields, one `:61:` per entry with
//! its details in the `:86:` after it. Parsing is the `mt940` crate's; banks that stray from the
//! SWIFT character set (Cyrillic purposes, separators between messages) are read again after
//! its sanitizers. The crate gives no positions, so lines come from scanning the text for tags.

use ::mt940::sanitizers::to_swift_charset;
use ::mt940::{ExtDebitOrCredit, Field, InformationToAccountOwner, Message, ParseError, StatementLine};

use super::{
    Day, Digits, Direction, MAX_ROWS, Problem, Reason, Rows, StatementRow, bank_id, collapse, compact_account,
    known_currency, parse_amount,
};

/// A tag as it starts a line of the file.
struct Tag<'t> {
    name: &'t str,
    line: usize,
    /// The rest of the tag's first line.
    value: &'t str,
}

/// Where one message's tags are, in the file's lines.
#[derive(Default)]
struct MessageLines {
    account: usize,
    balance: usize,
    entries: Vec<usize>,
}

/// Reads an MT940 file (one or several messages).
pub(super) fn read(text: &str, digits: Digits) -> Rows {
    let tags = tags(text);
    let impossible = impossible_entry_dates(&tags);
    if !impossible.is_empty() {
        return Err(impossible);
    }
    let messages = parse(text, &tags).map_err(|problem| vec![problem])?;
    let lines = message_lines(&tags);
    let (mut rows, mut problems, unknown) = (Vec::new(), Vec::new(), MessageLines::default());
    for (index, message) in messages.iter().enumerate() {
        let at = lines.get(index).unwrap_or(&unknown);
        let account = account(&message.account_id);
        if account.is_empty() {
            problems.push(Problem::new(at.account, Reason::Account, "the :25: account is empty"));
        }
        let currency = match known_currency(&message.opening_balance.iso_currency_code, digits) {
            Ok(currency) => currency,
            Err(detail) => {
                problems.push(Problem::new(at.balance, Reason::Currency, detail));
                continue;
            }
        };
        for (number, entry) in message.statement_lines.iter().enumerate() {
            if rows.len() + problems.len() >= MAX_ROWS {
                return Err(vec![Problem::too_many_rows()]);
            }
            let line = at.entries.get(number).copied().unwrap_or(0);
            match row(entry, line, &account, &currency) {
                Ok(row) => rows.push(row),
                Err(problem) => problems.push(problem),
            }
        }
    }
    match problems.is_empty() {
        true => Ok(rows),
        false => Err(problems),
    }
}

/// Every line that starts with a tag (`:61:`), in order: the crate's fields, one to one.
fn tags(text: &str) -> Vec<Tag<'_>> {
    let mut found = Vec::new();
    for (index, line) in text.split('\n').enumerate() {
        let line = line.trim_end_matches('\r');
        if let Some(name) = tag_name(line) {
            found.push(Tag { name, line: index + 1, value: &line[name.len() + 2..] });
        }
    }
    found
}

/// The tag lines of each message (a message starts at `:20:`).
fn message_lines(tags: &[Tag]) -> Vec<MessageLines> {
    let mut messages: Vec<MessageLines> = Vec::new();
    for tag in tags {
        if tag.name == "20" {
            messages.push(MessageLines::default());
        }
        let Some(message) = messages.last_mut() else { continue };
        match tag.name {
            "25" => message.account = tag.line,
            "60F" | "60M" => message.balance = tag.line,
            "61" => message.entries.push(tag.line),
            _ => {}
        }
    }
    messages
}

/// `:61:` entry dates (MMDD) that do not exist in the value date's year: the crate would panic
/// on them, so they are refused before it sees the file.
fn impossible_entry_dates(tags: &[Tag]) -> Vec<Problem> {
    let number = |digits: &[u8]| digits.iter().fold(0u32, |n, d| n * 10 + u32::from(d - b'0'));
    tags.iter()
        .filter(|tag| tag.name == "61")
        .filter_map(|tag| {
            let written = tag.value.as_bytes().get(..10)?;
            let shaped = written.iter().all(u8::is_ascii_digit) && written[6] <= b'1' && written[8] <= b'3';
            if !shaped {
                return None;
            }
            let year = 2000 + i32::try_from(number(&written[..2])).ok()?;
            let (month, day) = (number(&written[6..8]), number(&written[8..10]));
            Day::new(year, month, day).is_none().then(|| {
                let detail = format!("entry date {month:02}{day:02} does not exist in {year}");
                Problem::new(tag.line, Reason::Date, detail)
            })
        })
        .collect()
}

/// The messages of the file: strictly, else sanitized.
fn parse(text: &str, tags: &[Tag]) -> Result<Vec<Message>, Problem> {
    if let Ok(messages) = ::mt940::parse_mt940(text) {
        return Ok(messages);
    }
    let sanitized = sanitize(text);
    ::mt940::parse_mt940(&sanitized)
        .map_err(|error| Problem::new(failing_line(&sanitized, tags), Reason::Syntax, error.to_string()))
}

/// What the crate's `sanitizers::sanitize` does: its `to_swift_charset` (Cyrillic transliterated,
/// other characters made `.`), then the lines between messages (`-}`, `{1:…}` blocks) dropped and
/// `:86:` cut to its 6 lines. The crate's two line strippers take time growing with the square of
/// the lines (10 s for a 10,000-entry file), so they are redone here in one pass each, same rules.
fn sanitize(text: &str) -> String {
    let swift = to_swift_charset(text);
    let lines: Vec<&str> = swift.lines().collect();
    let kept = limit_details(&between_messages(&lines));
    kept.iter().map(|line| format!("{line}\r\n")).collect()
}

/// Drops the non-tag lines right before each `:20:`, and those after the last tag unless it is
/// `:86:` (free text may run on).
fn between_messages<'t>(lines: &[&'t str]) -> Vec<&'t str> {
    let (mut kept, mut pending, mut last_tag) = (Vec::with_capacity(lines.len()), Vec::new(), "");
    for &line in lines {
        match tag_name(line) {
            None => pending.push(line),
            Some(name) => {
                if name != "20" {
                    kept.append(&mut pending);
                }
                pending.clear();
                kept.push(line);
                last_tag = name;
            }
        }
    }
    if last_tag == "86" {
        kept.append(&mut pending);
    }
    kept
}

/// Keeps at most 5 lines after a `:86:` line (the field's limit is 6 lines).
fn limit_details<'t>(lines: &[&'t str]) -> Vec<&'t str> {
    let mut after_details: Option<usize> = None;
    let mut kept = Vec::with_capacity(lines.len());
    for &line in lines {
        after_details = match (line.starts_with(':'), after_details) {
            (true, _) => line.starts_with(":86:").then_some(0),
            (false, Some(count)) => Some(count + 1),
            (false, None) => None,
        };
        if after_details.is_none_or(|count| count <= 5) {
            kept.push(line);
        }
    }
    kept
}

/// The tag a line starts with (`:61:` gives `61`).
fn tag_name(line: &str) -> Option<&str> {
    let (name, _) = line.strip_prefix(':')?.split_once(':')?;
    (!name.is_empty() && name.bytes().all(|b| b.is_ascii_alphanumeric())).then_some(name)
}

/// The line of the tag a message fails at: the shortest failing prefix of its fields, found
/// by halving (a prefix that fails at a field fails there however long it is). A message that
/// only misses a tag is told by its `:20:` line; 0 when the fields themselves do not parse.
fn failing_line(text: &str, tags: &[Tag]) -> usize {
    let Ok(fields) = ::mt940::parse_fields(text) else { return 0 };
    let line_of = |index: usize| tags.get(index).map_or(0, |tag| tag.line);
    let starts: Vec<usize> = (0..fields.len()).filter(|&i| i == 0 || fields[i].tag == "20").collect();
    for (number, &start) in starts.iter().enumerate() {
        let end = starts.get(number + 1).copied().unwrap_or(fields.len());
        let message = &fields[start..end];
        let fails_at_field = |length: usize| match Message::from_fields(copy(&message[..length])) {
            Err(ParseError::RequiredTagNotFoundError(_)) | Ok(_) => false,
            Err(_) => true,
        };
        if !fails_at_field(message.len()) {
            if Message::from_fields(copy(message)).is_err() {
                return line_of(start);
            }
            continue;
        }
        let (mut good, mut bad) = (0, message.len());
        while bad - good > 1 {
            let middle = good + (bad - good) / 2;
            if fails_at_field(middle) { bad = middle } else { good = middle }
        }
        return line_of(start + bad - 1);
    }
    0
}

fn copy(fields: &[Field]) -> Vec<Field> {
    fields.iter().map(|field| Field::new(&field.tag, &field.value)).collect()
}

/// Our account from `:25:`: many banks write `BIC/ACCOUNT` (or `BLZ/ACCOUNT`), so the part
/// after the last `/`.
fn account(written: &str) -> String {
    compact_account(written).rsplit('/').find(|part| !part.is_empty()).unwrap_or("").to_owned()
}

fn row(entry: &StatementLine, line: usize, account: &str, currency: &(String, u32)) -> Result<StatementRow, Problem> {
    let (code, digits) = currency;
    let (_, amount) = parse_amount(&entry.amount.to_string(), *digits)
        .map_err(|detail| Problem::new(line, Reason::Amount, detail))?;
    let day = booked_on(entry).ok_or_else(|| Problem::new(line, Reason::Date, "the :61: dates do not parse"))?;
    // The crate names the `RD` mark ReverseCredit and `RC` ReverseDebit. By SWIFT, RD (reversal
    // of a debit) is a credit entry and RC (reversal of a credit) a debit one: so the variant
    // names tell where the money went.
    let direction = match entry.ext_debit_credit_indicator {
        ExtDebitOrCredit::Credit | ExtDebitOrCredit::ReverseCredit => Direction::Credit,
        ExtDebitOrCredit::Debit | ExtDebitOrCredit::ReverseDebit => Direction::Debit,
    };
    let (counterparty, reference) = details(entry.information_to_account_owner.as_ref());
    Ok(StatementRow {
        line,
        account: account.to_owned(),
        booked_on: day.iso(),
        booked_at_ms: None,
        amount,
        currency: code.clone(),
        direction,
        counterparty,
        reference,
        // The bank's reference (after `//`) only: the customer reference is the payer's (an invoice
        // number), so two transfers may share one.
        bank_id: entry.bank_ref.as_deref().and_then(bank_id),
    })
}

/// The entry date when given, else the value date. The entry date is written MMDD and the
/// crate gives it the value date's year; an entry booked on 31 December and valued on 2
/// January belongs to the year before, so the year is the one that puts it nearest the value
/// date.
fn booked_on(entry: &StatementLine) -> Option<Day> {
    let value = Day::parse(&entry.value_date.to_string())?;
    let Some(entry_date) = entry.entry_date else { return Some(value) };
    let written = Day::parse(&entry_date.to_string())?;
    [value.year - 1, value.year, value.year + 1]
        .into_iter()
        .filter_map(|year| Day::new(year, written.month, written.day))
        .min_by_key(|day| (day.days() - value.days()).abs())
}

/// Counterparty and reference from `:86:`: German-style structured details name the other side
/// (`?32`/`?33`) and the purpose (`?20`..`?29`, `?60`..`?63`); free text is all reference.
fn details(information: Option<&InformationToAccountOwner>) -> (Option<String>, Option<String>) {
    match information {
        None => (None, None),
        Some(InformationToAccountOwner::Plain(text)) => (None, collapse(text)),
        Some(InformationToAccountOwner::Structured {
            purpose,
            additional_purpose,
            applicant_name,
            posting_text,
            ..
        }) => {
            let purpose: String = [purpose, additional_purpose].into_iter().flatten().map(String::as_str).collect();
            let reference = collapse(&purpose).or_else(|| posting_text.as_deref().and_then(collapse));
            (applicant_name.as_deref().and_then(collapse), reference)
        }
    }
}
