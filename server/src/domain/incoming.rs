//! Incoming transfers: what an operator sees arrive on a requisite's account, one by one or
//! as the rows of a bank statement (CSV). Each row is matched to the open payment holding that
//! requisite for that amount, and applied at most once: a statement row has a key made of its
//! fields and its occurrence in the file, written in the transaction of the payment it
//! credits, so the same file uploaded twice credits nothing the second time.

use sha2::{Digest, Sha256};

use super::catalogue::Currency;
use super::violations::Violation;

/// One transfer as recorded.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct IncomingTransfer {
    pub row_key: String,
    /// The date as the statement gives it (free text).
    pub transfer_date: Option<String>,
    pub amount: i64,
    pub currency: String,
    /// Requisite id, card number, phone or account as on the statement.
    pub requisite_ref: String,
    pub reference: Option<String>,
    /// The payment it credited (`None`: unmatched).
    pub request_id: Option<String>,
    pub recorded_by: String,
    pub recorded_ms: i64,
}

/// A parsed statement row (before matching).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StatementRow {
    /// 1-based line in the file (the header is line 1).
    pub line: usize,
    pub row_key: String,
    pub transfer_date: Option<String>,
    pub amount: i64,
    pub currency: String,
    pub requisite_ref: String,
    pub reference: Option<String>,
}

/// What a row does (preview) or did (apply).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RowOutcome {
    /// Credits (or credited) this payment.
    Matches(String),
    /// No open payment holds that requisite for that amount: recorded as unmatched.
    Unmatched,
    /// Applied before (the same row of an earlier upload).
    AlreadyApplied,
    /// The payment could not take it (it moved meanwhile); the text says why.
    Refused(String),
}

pub const MAX_STATEMENT_ROWS: usize = 5000;

/// Splits CSV text into records (RFC 4180: quoted fields may hold commas, quotes and line breaks).
fn records(text: &str) -> Vec<Vec<String>> {
    let mut out = Vec::new();
    let mut record = Vec::new();
    let mut field = String::new();
    let mut quoted = false;
    let mut chars = text.trim_start_matches('\u{feff}').chars().peekable();
    while let Some(c) = chars.next() {
        match (quoted, c) {
            (true, '"') if chars.peek() == Some(&'"') => {
                chars.next();
                field.push('"');
            }
            (true, '"') => quoted = false,
            (true, c) => field.push(c),
            (false, '"') if field.is_empty() => quoted = true,
            (false, ',' | ';') => record.push(std::mem::take(&mut field)),
            (false, '\r') => {}
            (false, '\n') => {
                record.push(std::mem::take(&mut field));
                if record.iter().any(|f| !f.trim().is_empty()) {
                    out.push(std::mem::take(&mut record));
                }
                record.clear();
            }
            (false, c) => field.push(c),
        }
    }
    record.push(field);
    if record.iter().any(|f| !f.trim().is_empty()) {
        out.push(record);
    }
    out
}

/// Minor units from an amount in major units as statements write it (`1500`, `1 500,50`,
/// `1500.50`).
pub fn parse_major(text: &str, currency: &str) -> Option<i64> {
    let digits = Currency::parse(currency)?.digits as u32;
    let cleaned: String = text.chars().filter(|c| !c.is_whitespace() && *c != '\u{a0}').collect();
    let cleaned = cleaned.replace(',', ".");
    let (int, frac) = cleaned.split_once('.').unwrap_or((&cleaned, ""));
    if int.is_empty() || !int.bytes().all(|b| b.is_ascii_digit()) || !frac.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    if frac.len() as u32 > digits || int.len() > 15 {
        return None;
    }
    let frac_value: i64 = if frac.is_empty() { 0 } else { frac.parse().ok()? };
    let minor = int.parse::<i64>().ok()? * 10_i64.pow(digits) + frac_value * 10_i64.pow(digits - frac.len() as u32);
    (1..=super::rules::MAX_AMOUNT).contains(&minor).then_some(minor)
}

fn row_key(date: &str, amount: i64, currency: &str, requisite: &str, reference: &str, occurrence: usize) -> String {
    let mut h = Sha256::new();
    for part in [date, &amount.to_string(), currency, requisite, reference, &occurrence.to_string()] {
        h.update(part.as_bytes());
        h.update([0x1f]);
    }
    format!("stmt:{}", hex::encode(&h.finalize()[..16]))
}

/// Parses a statement: a header naming the columns `date`, `amount`, `currency`, `requisite`
/// (or `pan`) and `reference` in any order, then one transfer per line. Every bad line is
/// reported at once; nothing is applied from a file with any.
pub fn parse_statement(text: &str) -> Result<Vec<StatementRow>, Vec<Violation>> {
    let fail = |field: String, message: String| Violation { field, message };
    let mut records = records(text).into_iter();
    let Some(header) = records.next() else {
        return Err(vec![fail("file".into(), "is empty".into())]);
    };
    let column = |names: &[&str]| header.iter().position(|h| names.contains(&h.trim().to_ascii_lowercase().as_str()));
    let (Some(amount_at), Some(currency_at), Some(requisite_at)) =
        (column(&["amount"]), column(&["currency"]), column(&["requisite", "pan", "card", "account"]))
    else {
        return Err(vec![fail(
            "file".into(),
            "the first line must name the columns date, amount, currency, requisite (or pan), reference".into(),
        )]);
    };
    let date_at = column(&["date"]);
    let reference_at = column(&["reference", "ref"]);
    let mut rows = Vec::new();
    let mut problems = Vec::new();
    let mut seen = std::collections::HashMap::<(String, i64, String, String, String), usize>::new();
    for (i, record) in records.enumerate() {
        let line = i + 2;
        if rows.len() + problems.len() >= MAX_STATEMENT_ROWS {
            problems.push(fail("file".into(), format!("more than {MAX_STATEMENT_ROWS} rows: split the statement")));
            break;
        }
        let get = |at: Option<usize>| at.and_then(|a| record.get(a)).map(|s| s.trim().to_string()).unwrap_or_default();
        let currency = get(Some(currency_at)).to_ascii_uppercase();
        let requisite = get(Some(requisite_at)).replace(' ', "");
        let date = get(date_at);
        let reference = get(reference_at);
        let Some(amount) = parse_major(&get(Some(amount_at)), &currency) else {
            problems.push(fail(format!("line {line}"), "amount or currency is not valid".into()));
            continue;
        };
        if requisite.is_empty() {
            problems.push(fail(format!("line {line}"), "requisite is empty".into()));
            continue;
        }
        let occurrence =
            seen.entry((date.clone(), amount, currency.clone(), requisite.clone(), reference.clone())).or_default();
        *occurrence += 1;
        rows.push(StatementRow {
            line,
            row_key: row_key(&date, amount, &currency, &requisite, &reference, *occurrence),
            transfer_date: (!date.is_empty()).then_some(date),
            amount,
            currency,
            requisite_ref: requisite,
            reference: (!reference.is_empty()).then_some(reference),
        });
    }
    if problems.is_empty() { Ok(rows) } else { Err(problems) }
}

#[cfg(test)]
mod tests {
    use super::*;

    const STATEMENT: &str = "date,amount,currency,requisite,reference\n\
        2026-11-23,\"1 500,00\",RUB,5536913812345672,A-1\n\
        2026-11-23,1500.00,RUB,5536 9138 1234 5672,A-1\n\
        2026-11-23,99.5,RUB,5536913812345672,\"B, with comma\"\n";

    #[test]
    fn a_statement_parses_into_keyed_rows() {
        let rows = parse_statement(STATEMENT).unwrap();
        assert_eq!(rows.len(), 3);
        assert_eq!((rows[0].amount, rows[0].line), (150_000, 2));
        assert_eq!(rows[2].reference.as_deref(), Some("B, with comma"));
        // Two identical transfers in one file are two rows; the same file again, the same keys.
        assert_ne!(rows[0].row_key, rows[1].row_key);
        assert_eq!(parse_statement(STATEMENT).unwrap(), rows);
    }

    #[test]
    fn every_bad_line_is_reported() {
        let bad = "amount,currency,pan\nabc,RUB,1\n10,XXX,1\n10,RUB,\n10,RUB,2\n";
        let problems = parse_statement(bad).unwrap_err();
        let fields: Vec<_> = problems.iter().map(|p| p.field.as_str()).collect();
        assert_eq!(fields, ["line 2", "line 3", "line 4"]);
        assert!(parse_statement("what,ever\n1,2\n").is_err());
        assert!(parse_statement("").is_err());
    }
}
