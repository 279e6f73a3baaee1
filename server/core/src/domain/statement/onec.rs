//! 1C client-bank exchange files (`1CClientBankExchange`), what Russian accounting software and
//! online banks trade statements in: `Key=Value` lines; `СекцияРасчСчет` … `КонецРасчСчет` names
//! our accounts and each `СекцияДокумент=…` … `КонецДокумента` is one payment order. Whether an
//! order is money in or out is told by which side's account is ours.

use std::borrow::Cow;

use encoding_rs::{Encoding, IBM866, WINDOWS_1251};

use super::{
    Day, Digits, Direction, MAX_ROWS, Problem, Reason, Rows, StatementRow, collapse, compact_account, known_currency,
    parse_amount,
};

const SIGNATURE: &[u8] = b"1CClientBankExchange";

/// Whether a file (its BOM removed) is a 1C exchange file: its first line says so.
pub(super) fn is_exchange_file(bytes: &[u8]) -> bool {
    bytes.split(|&b| b == b'\n').next().is_some_and(|first| first.trim_ascii() == SIGNATURE)
}

/// One `СекцияДокумент`: its line and its keys in file order.
struct Document {
    line: usize,
    fields: Vec<(String, String)>,
}

impl Document {
    /// A key's value, trimmed; empty when the key is missing.
    fn get(&self, key: &str) -> &str {
        self.fields.iter().find(|(name, _)| name == key).map_or("", |(_, value)| value.as_str())
    }

    /// The first of the keys with a value.
    fn first_of(&self, keys: &[&str]) -> &str {
        keys.iter().map(|key| self.get(key)).find(|value| !value.is_empty()).unwrap_or("")
    }
}

/// What a file holds, before its documents become rows.
#[derive(Default)]
struct Exchange {
    /// Our accounts (`РасчСчет` of the header and of each `СекцияРасчСчет`).
    accounts: Vec<String>,
    currency: Option<String>,
    documents: Vec<Document>,
    problems: Vec<Problem>,
}

/// Reads a 1C exchange file.
pub(super) fn read(bytes: &[u8], digits: Digits) -> Rows {
    let text = decode(bytes).map_err(|problem| vec![problem])?;
    let mut exchange = parse(&text);
    if exchange.documents.len() > MAX_ROWS {
        return Err(vec![Problem::too_many_rows()]);
    }
    let (mut rows, mut problems) = (Vec::new(), std::mem::take(&mut exchange.problems));
    for document in &exchange.documents {
        match row(document, &exchange, digits) {
            Ok(row) => rows.push(row),
            Err(mut found) => problems.append(&mut found),
        }
    }
    match problems.is_empty() {
        true => Ok(rows),
        false => Err(problems),
    }
}

/// The file's text: UTF-8 when the header says `Кодировка=UTF-8`, CP866 for `Кодировка=DOS`,
/// else Windows-1251 (the format's default). A file saved again as UTF-8 without its header
/// changing is still read as UTF-8: Windows-1251 Cyrillic is never valid UTF-8.
fn decode(bytes: &[u8]) -> Result<Cow<'_, str>, Problem> {
    match (std::str::from_utf8(bytes), declared_encoding(bytes).as_deref()) {
        (Ok(text), _) => Ok(Cow::Borrowed(text)),
        (Err(error), Some("utf-8" | "utf8")) => {
            let line = bytes[..error.valid_up_to()].iter().filter(|&&b| b == b'\n').count() + 1;
            Err(Problem::new(line, Reason::Encoding, "the header says Кодировка=UTF-8 but the file is not UTF-8"))
        }
        (Err(_), Some("dos")) => decode_as(bytes, IBM866),
        (Err(_), _) => decode_as(bytes, WINDOWS_1251),
    }
}

fn decode_as<'b>(bytes: &'b [u8], encoding: &'static Encoding) -> Result<Cow<'b, str>, Problem> {
    match encoding.decode_without_bom_handling(bytes) {
        (text, false) => Ok(text),
        (_, true) => Err(Problem::new(0, Reason::Encoding, format!("the file is not valid {}", encoding.name()))),
    }
}

/// The value of the header's `Кодировка=` line, lower case, in whichever encoding it is written.
fn declared_encoding(bytes: &[u8]) -> Option<String> {
    let key = "Кодировка=";
    let keys = [Cow::Borrowed(key.as_bytes()), WINDOWS_1251.encode(key).0, IBM866.encode(key).0];
    bytes.split(|&b| b == b'\n').find_map(|line| {
        let value = keys.iter().find_map(|key| line.trim_ascii().strip_prefix(key.as_ref()))?;
        Some(String::from_utf8_lossy(value).trim().to_lowercase())
    })
}

/// Where a line of the file is.
enum Section {
    Header,
    Accounts,
    Document(Document),
}

/// Sorts the file's lines into our accounts and the documents.
fn parse(text: &str) -> Exchange {
    let mut exchange = Exchange::default();
    let mut section = Section::Header;
    for (index, raw) in text.lines().enumerate() {
        let line = index + 1;
        let (key, value) = raw.split_once('=').map_or((raw.trim(), ""), |(key, value)| (key.trim(), value.trim()));
        section = match (section, key) {
            (Section::Document(open), "СекцияДокумент" | "КонецФайла") => {
                exchange.problems.push(unterminated(&open));
                if key == "КонецФайла" {
                    return exchange;
                }
                Section::Document(Document { line, fields: Vec::new() })
            }
            (_, "КонецФайла") => return exchange,
            (_, "СекцияДокумент") => Section::Document(Document { line, fields: Vec::new() }),
            (Section::Document(document), "КонецДокумента") => {
                exchange.documents.push(document);
                Section::Header
            }
            (Section::Document(mut document), _) => {
                if !key.is_empty() {
                    document.fields.push((key.to_owned(), value.to_owned()));
                }
                Section::Document(document)
            }
            (_, "СекцияРасчСчет") => Section::Accounts,
            (Section::Accounts, "КонецРасчСчет") => Section::Header,
            (section, "РасчСчет") => {
                exchange.accounts.push(compact_account(value));
                section
            }
            (Section::Header, "Валюта") => {
                exchange.currency = Some(value.to_owned()).filter(|currency| !currency.is_empty());
                Section::Header
            }
            (section, _) => section,
        };
    }
    if let Section::Document(open) = section {
        exchange.problems.push(unterminated(&open));
    }
    exchange
}

fn unterminated(document: &Document) -> Problem {
    Problem::new(document.line, Reason::Syntax, "СекцияДокумент without КонецДокумента")
}

/// One payment order as a row, or every problem it has.
fn row(document: &Document, exchange: &Exchange, digits: Digits) -> Result<StatementRow, Vec<Problem>> {
    let line = document.line;
    let payer_account = compact_account(document.get("ПлательщикСчет"));
    let side = side(&exchange.accounts, &payer_account, &compact_account(document.get("ПолучательСчет")))
        .map_err(|detail| Problem::new(line, Reason::Account, detail));
    let currency = match document.get("Валюта") {
        "" => exchange.currency.as_deref().unwrap_or("RUB"),
        written => written,
    };
    let money = known_currency(currency, digits)
        .map_err(|detail| Problem::new(line, Reason::Currency, detail))
        .and_then(|(code, count)| match parse_amount(document.get("Сумма"), count) {
            Ok((false, amount)) => Ok((code, amount)),
            Ok((true, _)) => Err(Problem::new(line, Reason::Amount, "Сумма is negative")),
            Err(detail) => Err(Problem::new(line, Reason::Amount, detail)),
        });
    let date = day(document, "Дата").map_err(|detail| Problem::new(line, Reason::Date, detail));
    let booked = match (&side, &date) {
        (Ok((direction, _)), Ok(date)) => {
            Some(booked_on(document, *direction, *date).map_err(|detail| Problem::new(line, Reason::Date, detail)))
        }
        _ => None,
    };
    match (side, money, date, booked) {
        (Ok((direction, account)), Ok((currency, amount)), Ok(date), Some(Ok(booked))) => {
            let number = document.get("Номер");
            let has_id = !payer_account.is_empty() && !number.is_empty();
            Ok(StatementRow {
                line,
                account,
                booked_on: booked.iso(),
                booked_at_ms: None,
                amount,
                currency,
                direction,
                counterparty: counterparty(document, direction),
                reference: reference(document),
                bank_id: has_id.then(|| format!("{payer_account}/{number}/{}", date.iso())),
            })
        }
        (side, money, date, booked) => {
            Err([side.err(), money.err(), date.err(), booked.and_then(Result::err)].into_iter().flatten().collect())
        }
    }
}

/// Money in when the payee's account is ours, out when the payer's is. A file that names no
/// account of ours is a statement of incoming payments: the payee's account is ours.
fn side(ours: &[String], payer: &str, payee: &str) -> Result<(Direction, String), String> {
    let is_ours = |account: &str| !account.is_empty() && ours.iter().any(|our| our == account);
    if is_ours(payee) || (ours.is_empty() && !payee.is_empty()) {
        Ok((Direction::Credit, payee.to_owned()))
    } else if is_ours(payer) {
        Ok((Direction::Debit, payer.to_owned()))
    } else if ours.is_empty() {
        Err("the document has no ПолучательСчет".into())
    } else {
        Err(format!("neither ПлательщикСчет `{payer}` nor ПолучательСчет `{payee}` is an account of this file"))
    }
}

fn day(document: &Document, key: &str) -> Result<Day, String> {
    match document.get(key) {
        "" => Err(format!("no {key}")),
        written => Day::parse(written).ok_or_else(|| format!("{key} `{written}` is not a date")),
    }
}

/// When the money arrived (`ДатаПоступило`) or left (`ДатаСписано`), else the order's date.
fn booked_on(document: &Document, direction: Direction, date: Day) -> Result<Day, String> {
    let key = match direction {
        Direction::Credit => "ДатаПоступило",
        Direction::Debit => "ДатаСписано",
    };
    match document.get(key) {
        "" => Ok(date),
        _ => day(document, key),
    }
}

/// The other side's name: the payer of a credit, the payee of a debit.
fn counterparty(document: &Document, direction: Direction) -> Option<String> {
    let name = match direction {
        Direction::Credit => document.first_of(&["Плательщик", "Плательщик1"]),
        Direction::Debit => document.first_of(&["Получатель", "Получатель1"]),
    };
    collapse(name)
}

/// `НазначениеПлатежа`, else its older split form `НазначениеПлатежа1`..`6`.
fn reference(document: &Document) -> Option<String> {
    collapse(document.get("НазначениеПлатежа")).or_else(|| {
        let parts: Vec<&str> = (1..=6).map(|n| document.get(&format!("НазначениеПлатежа{n}"))).collect();
        collapse(&parts.join(" "))
    })
}
