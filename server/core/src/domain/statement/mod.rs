//! Bank statements as operators download them from online banking: a CSV export, SWIFT MT940,
//! ISO 20022 camt.053 or the 1C client-bank exchange file. Each reader turns a file into the
//! booked entries it lists, all in one shape, so matching incoming money does not depend on the
//! operator's bank. A file is taken whole or not at all: any problem refuses it, and every
//! problem is reported with its line so the operator can fix the file or show it to the bank.

mod camt053;
mod csv;
mod mt940;
mod onec;
#[cfg(test)]
mod tests;
pub mod write;

use std::fmt;

use encoding_rs::{Encoding, UTF_16BE, UTF_16LE, WINDOWS_1251};

/// Which format a file is in.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Format {
    Csv,
    Mt940,
    Camt053,
    OneC,
}

impl Format {
    pub fn code(self) -> &'static str {
        match self {
            Format::Csv => "csv",
            Format::Mt940 => "mt940",
            Format::Camt053 => "camt053",
            Format::OneC => "1c",
        }
    }
}

/// Which way the money moved on our account.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Direction {
    Credit,
    Debit,
}

/// One booked entry of a statement, as every format gives it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StatementRow {
    /// 1-based line of the file where the entry starts.
    pub line: usize,
    /// Our side's account as the file writes it, whitespace removed.
    pub account: String,
    /// YYYY-MM-DD: the booking date, or the value date when the file has no booking date.
    pub booked_on: String,
    /// The booking moment in UTC milliseconds, when the file gives a time.
    pub booked_at_ms: Option<i64>,
    /// Minor units of `currency`, > 0.
    pub amount: i64,
    /// ISO 4217 alpha-3, upper case.
    pub currency: String,
    pub direction: Direction,
    /// The other side's name (the payer of a credit).
    pub counterparty: Option<String>,
    /// Payment purpose / remittance text, whitespace-collapsed.
    pub reference: Option<String>,
    /// The bank's own id of the transaction, never a placeholder like `NONREF`.
    pub bank_id: Option<String>,
}

/// A file read whole.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Statement {
    pub format: Format,
    pub rows: Vec<StatementRow>,
}

/// Why a file (or one of its lines) was refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Reason {
    Empty,
    UnknownFormat,
    Header,
    Date,
    Amount,
    Currency,
    Account,
    Encoding,
    TooManyRows,
    Syntax,
}

impl Reason {
    pub fn code(self) -> &'static str {
        match self {
            Reason::Empty => "empty",
            Reason::UnknownFormat => "unknown-format",
            Reason::Header => "header",
            Reason::Date => "date",
            Reason::Amount => "amount",
            Reason::Currency => "currency",
            Reason::Account => "account",
            Reason::Encoding => "encoding",
            Reason::TooManyRows => "too-many-rows",
            Reason::Syntax => "syntax",
        }
    }
}

/// One thing wrong with a file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Problem {
    /// 1-based line; 0 = the file as a whole.
    pub line: usize,
    pub reason: Reason,
    /// English, for logs.
    pub detail: String,
}

impl Problem {
    fn new(line: usize, reason: Reason, detail: impl Into<String>) -> Self {
        Problem { line, reason, detail: detail.into() }
    }

    fn too_many_rows() -> Self {
        Problem::new(0, Reason::TooManyRows, format!("more than {MAX_ROWS} entries"))
    }
}

impl fmt::Display for Problem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "line {}: {}: {}", self.line, self.reason.code(), self.detail)
    }
}

/// Entries one file may hold: a day's statement of a busy account, with room to spare.
pub const MAX_ROWS: usize = 10_000;

/// Above this many minor units an amount is a misread, not a payment.
const MAX_AMOUNT: i64 = 10_000_000_000_000;

/// What a format reader gives: its rows, or every problem it found.
type Rows = Result<Vec<StatementRow>, Vec<Problem>>;

/// The fractional digits of a currency, `None` for one Kassa does not know.
type Digits<'a> = &'a dyn Fn(&str) -> Option<u32>;

/// Reads a statement in any of the formats, detected from its content (never its name).
/// Every problem is reported (with its line); a file with any problem gives no rows.
pub fn read(bytes: &[u8], digits: &dyn Fn(&str) -> Option<u32>) -> Result<Statement, Vec<Problem>> {
    read_any(bytes, digits).map_err(|mut problems| {
        problems.sort_by_key(|problem| problem.line);
        problems
    })
}

fn read_any(bytes: &[u8], digits: Digits) -> Result<Statement, Vec<Problem>> {
    let bytes = bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(bytes);
    if bytes.iter().all(u8::is_ascii_whitespace) {
        return Err(vec![Problem::new(0, Reason::Empty, "the file is empty")]);
    }
    let (format, rows) = if onec::is_exchange_file(bytes) {
        (Format::OneC, onec::read(bytes, digits)?)
    } else {
        let text = decode(bytes).map_err(|problem| vec![problem])?;
        let format = detect(&text).map_err(|problem| vec![problem])?;
        let rows = match format {
            Format::Camt053 => camt053::read(bytes, &text, digits),
            Format::Mt940 => self::mt940::read(&text, digits),
            // `detect` never says 1C: that is told from the bytes, before decoding.
            Format::Csv | Format::OneC => self::csv::read(&text, digits),
        }?;
        (format, rows)
    };
    if rows.is_empty() {
        return Err(vec![Problem::new(0, Reason::Empty, "the file lists no booked entries")]);
    }
    if rows.len() > MAX_ROWS {
        return Err(vec![Problem::too_many_rows()]);
    }
    Ok(Statement { format, rows })
}

/// Text of a file that is not a 1C exchange file: UTF-8, UTF-16 with its BOM, else
/// Windows-1251 (what Russian-language spreadsheets and banks save by default).
fn decode(bytes: &[u8]) -> Result<String, Problem> {
    if let Some((encoding, bom)) = Encoding::for_bom(bytes)
        && (encoding == UTF_16LE || encoding == UTF_16BE)
    {
        let (text, had_errors) = encoding.decode_without_bom_handling(&bytes[bom..]);
        return match had_errors {
            false => Ok(text.into_owned()),
            true => Err(Problem::new(0, Reason::Encoding, "the file is not valid UTF-16")),
        };
    }
    if bytes.contains(&0) {
        return Err(Problem::new(0, Reason::UnknownFormat, "a binary file (PDF, spreadsheet?), not a statement"));
    }
    match std::str::from_utf8(bytes) {
        Ok(text) => Ok(text.to_owned()),
        Err(_) => {
            let (text, had_errors) = WINDOWS_1251.decode_without_bom_handling(bytes);
            match had_errors {
                false => Ok(text.into_owned()),
                true => Err(Problem::new(0, Reason::Encoding, "the file is neither UTF-8 nor Windows-1251")),
            }
        }
    }
}

/// The format of a decoded file, from its content.
fn detect(text: &str) -> Result<Format, Problem> {
    let is_camt = (text.contains("<Document") || text.contains(":Document"))
        && (text.contains("camt.053") || text.contains("BkToCstmrStmt"));
    if is_camt || text.contains("<BkToCstmrStmt") || text.contains(":BkToCstmrStmt") {
        return Ok(Format::Camt053);
    }
    let starts = |tag: &str| text.lines().any(|line| line.trim_start().starts_with(tag));
    if starts(":20:") && (starts(":61:") || starts(":25:")) {
        return Ok(Format::Mt940);
    }
    let head = text.trim_start();
    if head.starts_with('<') || head.starts_with("%PDF") || head.starts_with("{\\rtf") {
        return Err(Problem::new(0, Reason::UnknownFormat, "neither a CSV table nor a known statement format"));
    }
    Ok(Format::Csv)
}

/// Byte offsets of line starts, so positions in a text can be told as lines.
struct LineIndex {
    starts: Vec<usize>,
}

impl LineIndex {
    fn new(text: &str) -> Self {
        let breaks = text.bytes().enumerate().filter(|&(_, b)| b == b'\n').map(|(at, _)| at + 1);
        LineIndex { starts: std::iter::once(0).chain(breaks).collect() }
    }

    /// 1-based line of a byte offset.
    fn line_of(&self, offset: usize) -> usize {
        self.starts.partition_point(|&start| start <= offset).max(1)
    }
}

/// A calendar day (proleptic Gregorian).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
struct Day {
    year: i32,
    month: u32,
    day: u32,
}

impl Day {
    fn new(year: i32, month: u32, day: u32) -> Option<Day> {
        let leap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0);
        let last = match month {
            1 | 3 | 5 | 7 | 8 | 10 | 12 => 31,
            4 | 6 | 9 | 11 => 30,
            2 if leap => 29,
            2 => 28,
            _ => return None,
        };
        (1..=last).contains(&day).then_some(Day { year, month, day })
    }

    /// Days since 1970-01-01 (H. Hinnant's `days_from_civil`).
    fn days(self) -> i64 {
        let year = i64::from(self.year) - i64::from(self.month <= 2);
        let era = year.div_euclid(400);
        let year_of_era = year - era * 400;
        let month = i64::from(self.month);
        let day_of_year = (153 * (month + if month > 2 { -3 } else { 9 }) + 2) / 5 + i64::from(self.day) - 1;
        let day_of_era = year_of_era * 365 + year_of_era / 4 - year_of_era / 100 + day_of_year;
        era * 146_097 + day_of_era - 719_468
    }

    fn iso(self) -> String {
        format!("{:04}-{:02}-{:02}", self.year, self.month, self.day)
    }

    /// `YYYY-MM-DD`, `DD.MM.YYYY` or `DD/MM/YYYY`: the ways statements write a day.
    fn parse(text: &str) -> Option<Day> {
        let text = text.trim();
        let (year, month, day) = match three_numbers(text, '-') {
            Some((year, month, day)) => (year, month, day),
            None => {
                let (day, month, year) = three_numbers(text, '.').or_else(|| three_numbers(text, '/'))?;
                (year, month, day)
            }
        };
        if year.len() != 4 || month.len() > 2 || day.len() > 2 {
            return None;
        }
        Day::new(year.parse().ok()?, month.parse().ok()?, day.parse().ok()?)
    }
}

/// The three runs of digits of `a<sep>b<sep>c`.
fn three_numbers(text: &str, separator: char) -> Option<(&str, &str, &str)> {
    let mut parts = text.split(separator);
    let numbers = (parts.next()?, parts.next()?, parts.next()?);
    let digits = |part: &str| !part.is_empty() && part.bytes().all(|b| b.is_ascii_digit());
    (parts.next().is_none() && digits(numbers.0) && digits(numbers.1) && digits(numbers.2)).then_some(numbers)
}

/// Milliseconds since midnight from `HH:MM`, `HH:MM:SS` or `HH:MM:SS.fff`.
fn parse_time(text: &str) -> Option<i64> {
    let (clock, fraction) = text.trim().split_once(['.', ',']).unwrap_or((text.trim(), ""));
    let parts: Vec<&str> = clock.split(':').collect();
    let number = |part: &str| {
        (part.len() == 2 && part.bytes().all(|b| b.is_ascii_digit())).then(|| part.parse::<i64>().ok()).flatten()
    };
    let (hours, minutes) = (number(parts.first()?)?, number(parts.get(1)?)?);
    let seconds = match parts.get(2) {
        Some(part) => number(part)?,
        None if fraction.is_empty() => 0,
        None => return None,
    };
    if parts.len() > 3 || hours > 23 || minutes > 59 || seconds > 60 {
        return None;
    }
    if !fraction.bytes().all(|b| b.is_ascii_digit()) || fraction.len() > 9 {
        return None;
    }
    let millis = format!("{fraction:0<3}").get(..3)?.parse::<i64>().ok()?;
    Some(((hours * 60 + minutes) * 60 + seconds.min(59)) * 1000 + millis)
}

/// A moment as statements write it: a day, `T` or a space, a time, and `Z`, `±HH:MM`, `±HHMM`
/// or nothing (then UTC). Gives the day as written (the bank's own) and the moment in UTC ms.
fn parse_moment(text: &str) -> Option<(Day, i64)> {
    let text = text.trim();
    let (day_text, rest) = text.split_once(['T', ' '])?;
    let day = Day::parse(day_text)?;
    let rest = rest.trim();
    let (clock, offset_minutes) = if let Some(clock) = rest.strip_suffix(['Z', 'z']) {
        (clock, 0)
    } else if let Some(at) = rest.rfind(['+', '-']) {
        (&rest[..at], parse_offset(&rest[at..])?)
    } else {
        (rest, 0)
    };
    let millis = parse_time(clock)?;
    Some((day, day.days() * 86_400_000 + millis - offset_minutes * 60_000))
}

/// Minutes east of UTC from `+03:00`, `+0300` or `+03`.
fn parse_offset(text: &str) -> Option<i64> {
    let sign = if text.starts_with('-') { -1 } else { 1 };
    let digits: String = text.get(1..)?.chars().filter(|c| *c != ':').collect();
    if !digits.bytes().all(|b| b.is_ascii_digit()) || !matches!(digits.len(), 2 | 4) {
        return None;
    }
    let hours: i64 = digits[..2].parse().ok()?;
    let minutes: i64 = if digits.len() == 4 { digits[2..].parse().ok()? } else { 0 };
    (hours <= 14 && minutes < 60).then_some(sign * (hours * 60 + minutes))
}

/// Minor units from an amount as statements write it: `1500`, `1 500,50`, `1500.50`,
/// `1,500.50`, `1.500,50`, with an optional sign. Gives (negative, minor units); the error
/// says what is wrong, in English.
fn parse_amount(text: &str, digits: u32) -> Result<(bool, i64), String> {
    let compact: String = text.chars().filter(|c| !c.is_whitespace() && *c != '\'').collect();
    let (negative, unsigned) = match compact.strip_prefix('-') {
        Some(rest) => (true, rest),
        None => (false, compact.strip_prefix('+').unwrap_or(&compact)),
    };
    let (whole, fraction) = split_amount(unsigned).ok_or_else(|| format!("`{}` is not an amount", text.trim()))?;
    if fraction.len() > digits as usize {
        return Err(format!("`{}` has more than {digits} fractional digits", text.trim()));
    }
    let too_large = || format!("`{}` is too large", text.trim());
    let mut minor: i64 = 0;
    let padded = fraction.chars().chain(std::iter::repeat('0')).take(digits as usize);
    for c in whole.chars().chain(padded) {
        let digit = i64::from(c.to_digit(10).ok_or_else(|| format!("`{}` is not an amount", text.trim()))?);
        minor = minor.checked_mul(10).and_then(|m| m.checked_add(digit)).ok_or_else(too_large)?;
        if minor > MAX_AMOUNT {
            return Err(too_large());
        }
    }
    if minor == 0 {
        return Err(format!("`{}` is zero", text.trim()));
    }
    Ok((negative, minor))
}

/// Whole and fractional digits of an unsigned amount. One separator (`,` or `.`) once is the
/// decimal one; one repeated groups thousands (`1,500,000`); when both appear, the last is
/// decimal and the other groups thousands (`1,500.50`, `1.500,50`).
fn split_amount(text: &str) -> Option<(String, &str)> {
    let (commas, dots) = (text.matches(',').count(), text.matches('.').count());
    let (whole, fraction, has_separator) = match (commas, dots) {
        (0, 0) => (text.to_owned(), "", false),
        (1, 0) | (0, 1) => {
            let (whole, fraction) = text.split_once([',', '.'])?;
            (whole.to_owned(), fraction, true)
        }
        (_, 0) => (grouped(text, ',')?, "", false),
        (0, _) => (grouped(text, '.')?, "", false),
        _ => {
            let at = text.rfind([',', '.'])?;
            let (head, fraction) = (&text[..at], &text[at + 1..]);
            let grouping = if text[at..].starts_with(',') { '.' } else { ',' };
            if head.contains(&text[at..=at]) {
                return None;
            }
            (grouped(head, grouping)?, fraction, true)
        }
    };
    let all_digits = |part: &str| part.bytes().all(|b| b.is_ascii_digit());
    let complete = !fraction.is_empty() || (!whole.is_empty() && !has_separator);
    (complete && all_digits(&whole) && all_digits(fraction)).then_some((whole, fraction))
}

/// Digits of a number grouped by thousands (`1,500,000`), `None` when the groups are not of 3.
fn grouped(text: &str, separator: char) -> Option<String> {
    let groups: Vec<&str> = text.split(separator).collect();
    let first_ok = groups.first().is_some_and(|g| (1..=3).contains(&g.len()));
    (first_ok && groups.iter().skip(1).all(|g| g.len() == 3)).then(|| groups.concat())
}

/// An ISO 4217 alpha-3 code from how a file writes it (`rub`, `RUR` for the rouble).
fn currency_code(text: &str) -> Option<String> {
    let code = text.trim().to_ascii_uppercase();
    let code = if code == "RUR" { "RUB".to_owned() } else { code };
    (code.len() == 3 && code.bytes().all(|b| b.is_ascii_uppercase())).then_some(code)
}

/// The currency a file names, checked against the ones Kassa knows; with its digits.
fn known_currency(text: &str, digits: Digits) -> Result<(String, u32), String> {
    let code = currency_code(text).ok_or_else(|| format!("`{}` is not a currency code", text.trim()))?;
    match digits(&code) {
        Some(count) => Ok((code, count)),
        None => Err(format!("Kassa does not know the currency {code}")),
    }
}

/// Free text as one line: runs of whitespace made one space, `None` when nothing is left.
fn collapse(text: &str) -> Option<String> {
    let words: Vec<&str> = text.split_whitespace().collect();
    (!words.is_empty()).then(|| words.join(" "))
}

/// A bank's transaction id, unless it is empty or a placeholder for "no reference".
fn bank_id(text: &str) -> Option<String> {
    let id = text.trim();
    let placeholder = ["NONREF", "NOTPROVIDED", "NONE"].iter().any(|p| id.eq_ignore_ascii_case(p));
    (!id.is_empty() && !placeholder).then(|| id.to_owned())
}

/// An account number without the spaces banks print to make it readable.
fn compact_account(text: &str) -> String {
    text.chars().filter(|c| !c.is_whitespace()).collect()
}
