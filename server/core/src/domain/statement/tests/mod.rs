//! Tests of the statement readers: fixtures, field rules, malformed files, and round trips of
//! random statements through a test-only writer of each format. The fixtures are in the
//! `server/tests/fixtures/statements/` folder.

mod camt053;
mod csv;
mod mt940;
mod onec;

use proptest::prelude::*;

use super::*;

/// Kassa's currencies and their fractional digits.
fn kassa_digits(currency: &str) -> Option<u32> {
    match currency {
        "ARS" | "AZN" | "KES" | "KGS" | "KZT" | "NGN" | "RUB" | "UZS" | "ZAR" => Some(2),
        "KRW" => Some(0),
        _ => None,
    }
}

/// A fixture's bytes, built into the test binary.
macro_rules! fixture {
    ($name:literal) => {
        include_bytes!(concat!(env!("CARGO_MANIFEST_DIR"), "/../tests/fixtures/statements/", $name)).as_slice()
    };
}
use fixture;

fn read_ok(bytes: &[u8]) -> Statement {
    match read(bytes, &kassa_digits) {
        Ok(statement) => statement,
        Err(problems) => panic!("refused: {problems:#?}"),
    }
}

fn problems(bytes: &[u8]) -> Vec<(usize, Reason)> {
    match read(bytes, &kassa_digits) {
        Ok(statement) => panic!("accepted: {statement:#?}"),
        Err(problems) => problems.into_iter().map(|problem| (problem.line, problem.reason)).collect(),
    }
}

/// The day `days` after 1970-01-01 (H. Hinnant's `civil_from_days`): the writers' calendar.
fn from_days(days: i64) -> Day {
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let day_of_era = z - era * 146_097;
    let year_of_era = (day_of_era - day_of_era / 1460 + day_of_era / 36_524 - day_of_era / 146_096) / 365;
    let day_of_year = day_of_era - (365 * year_of_era + year_of_era / 4 - year_of_era / 100);
    let mp = (5 * day_of_year + 2) / 153;
    let day = (day_of_year - (153 * mp + 2) / 5 + 1) as u32;
    let month = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
    let year = (year_of_era + era * 400 + i64::from(month <= 2)) as i32;
    Day { year, month, day }
}

fn day(year: i32, month: u32, day: u32) -> Day {
    Day::new(year, month, day).expect("a test day")
}

/// Days 2000..2099, a few days clear of both ends (writers shift dates by a few days).
fn any_day() -> impl Strategy<Value = Day> {
    (day(2000, 1, 5).days()..=day(2099, 12, 25).days()).prop_map(from_days)
}

fn any_amount() -> impl Strategy<Value = i64> {
    1..=1_000_000_000i64
}

/// Collapsed text of Latin letters and digits.
fn latin_text() -> impl Strategy<Value = Option<String>> {
    proptest::option::of("[A-Za-z0-9]{1,12}( [A-Za-z0-9]{1,12}){0,7}")
}

/// Collapsed text of Latin and Cyrillic letters and digits.
fn cyrillic_text() -> impl Strategy<Value = Option<String>> {
    proptest::option::of("[A-Za-zА-Яа-яЁё0-9]{1,12}( [A-Za-zА-Яа-яЁё0-9]{1,12}){0,7}")
}

fn any_bank_id() -> impl Strategy<Value = Option<String>> {
    proptest::option::of("[A-Za-z0-9]{1,16}".prop_filter("not a placeholder", |id| bank_id(id).is_some()))
}

fn any_currency() -> impl Strategy<Value = &'static str> {
    proptest::sample::select(vec!["RUB", "KZT", "KRW", "UZS", "KGS", "AZN"])
}

/// An amount in major units with `.` (`150050` with 2 digits is `1500.50`).
fn major(amount: i64, digits: u32) -> String {
    let scale = 10i64.pow(digits);
    match digits {
        0 => amount.to_string(),
        _ => format!("{}.{:0width$}", amount / scale, amount % scale, width = digits as usize),
    }
}

fn amount(text: &str, digits: u32) -> Result<(bool, i64), String> {
    parse_amount(text, digits)
}

#[test]
fn amounts_are_exact_in_minor_units() {
    for written in ["1500.50", "1500,50", "1500,5", "1 500,50", "1\u{a0}500,50", "1,500.50", "1.500,50", "+1500.50"] {
        assert_eq!(amount(written, 2), Ok((false, 150_050)), "{written}");
    }
    assert_eq!(amount("1,500,000", 2), Ok((false, 150_000_000)));
    assert_eq!(amount("-50.00", 2), Ok((true, 5_000)));
    assert_eq!(amount(" 1500 ", 2), Ok((false, 150_000)));
    assert_eq!(amount("0,01", 2), Ok((false, 1)));
    assert_eq!(amount(",5", 2), Ok((false, 50)));
    assert_eq!(amount("15000", 0), Ok((false, 15_000)));
    assert_eq!(amount("0.1", 1), Ok((false, 1)));
    assert_eq!(amount("100000000000.00", 2), Ok((false, MAX_AMOUNT)));
}

#[test]
fn amounts_that_are_not_refused() {
    let refused = [
        ("abc", 2),
        ("", 2),
        ("-", 2),
        ("1500.505", 2),
        ("1500.5", 0),
        ("0", 2),
        ("0,00", 2),
        ("-0.00", 2),
        ("100000000000.01", 2),
        ("99999999999999999999999", 2),
        ("1,50.00", 2),
        ("1.500.50,00,1", 2),
        ("1500.", 2),
        ("1e3", 2),
        ("--5", 2),
        ("15 руб", 2),
        ("١٥٠٠", 2),
    ];
    for (written, digits) in refused {
        assert!(amount(written, digits).is_err(), "{written} was taken as {:?}", amount(written, digits));
    }
}

#[test]
fn days_in_the_three_written_forms() {
    for written in ["2026-11-24", "24.11.2026", "24/11/2026", " 24.11.2026 ", "4.1.2026"] {
        let expected = if written.contains("4.1.") { day(2026, 1, 4) } else { day(2026, 11, 24) };
        assert_eq!(Day::parse(written), Some(expected), "{written}");
    }
    assert_eq!(Day::parse("2024-02-29"), Some(day(2024, 2, 29)));
    for written in ["2025-02-29", "31.04.2026", "2026-13-01", "00.01.2026", "24.11.26", "2026/11/24", "20261124", ""] {
        assert_eq!(Day::parse(written), None, "{written}");
    }
    assert_eq!(day(2026, 11, 24).iso(), "2026-11-24");
}

#[test]
fn civil_days_round_trip() {
    assert_eq!(day(1970, 1, 1).days(), 0);
    assert_eq!(day(2000, 3, 1).days(), 11_017);
    for days in (-800_000..800_000).step_by(997) {
        assert_eq!(from_days(days).days(), days);
    }
}

#[test]
fn moments_with_and_without_offset() {
    let utc = day(2026, 11, 25).days() * 86_400_000 + (10 * 3600 + 15 * 60) * 1000;
    for written in ["2026-11-25T10:15:00Z", "2026-11-25 10:15:00", "2026-11-25T10:15", "2026-11-25T13:15:00+03:00"] {
        assert_eq!(parse_moment(written), Some((day(2026, 11, 25), utc)), "{written}");
    }
    assert_eq!(parse_moment("2026-11-25T13:15:00+0300").map(|(_, at)| at), Some(utc));
    assert_eq!(parse_moment("2026-11-25T05:15:00-05").map(|(_, at)| at), Some(utc));
    assert_eq!(parse_moment("2026-11-25T10:15:00.250Z").map(|(_, at)| at), Some(utc + 250));
    assert_eq!(parse_moment("25.11.2026 10:15").map(|(_, at)| at), Some(utc));
    assert_eq!(
        parse_moment("2026-11-25T01:00:00+03:00"),
        Some((day(2026, 11, 25), utc - (12 * 3600 + 15 * 60) * 1000))
    );
    for written in ["2026-11-25T25:00:00Z", "2026-11-25T10:61", "2026-11-25", "2026-11-25T10:15:00+3", "x T10:00"] {
        assert_eq!(parse_moment(written), None, "{written}");
    }
}

#[test]
fn codes() {
    let formats = [Format::Csv, Format::Mt940, Format::Camt053, Format::OneC].map(Format::code);
    assert_eq!(formats, ["csv", "mt940", "camt053", "1c"]);
    let reasons = [
        Reason::Empty,
        Reason::UnknownFormat,
        Reason::Header,
        Reason::Date,
        Reason::Amount,
        Reason::Currency,
        Reason::Account,
        Reason::Encoding,
        Reason::TooManyRows,
        Reason::Syntax,
    ];
    let codes = reasons.map(Reason::code);
    let expected = [
        "empty",
        "unknown-format",
        "header",
        "date",
        "amount",
        "currency",
        "account",
        "encoding",
        "too-many-rows",
        "syntax",
    ];
    assert_eq!(codes, expected);
}

#[test]
fn detection_is_by_content() {
    assert_eq!(read_ok(fixture!("statement.csv")).format, Format::Csv);
    assert_eq!(read_ok(fixture!("statement-semicolon.csv")).format, Format::Csv);
    assert_eq!(read_ok(fixture!("statement.mt940")).format, Format::Mt940);
    assert_eq!(read_ok(fixture!("statement.camt053.xml")).format, Format::Camt053);
    assert_eq!(read_ok(fixture!("statement-1c.txt")).format, Format::OneC);
    let bom = [b"\xEF\xBB\xBF".as_slice(), fixture!("statement.camt053.xml")].concat();
    assert_eq!(read_ok(&bom).format, Format::Camt053);
}

#[test]
fn files_with_nothing_to_read() {
    assert_eq!(problems(b""), [(0, Reason::Empty)]);
    assert_eq!(problems(b" \r\n\t\n"), [(0, Reason::Empty)]);
    assert_eq!(problems(b"\xEF\xBB\xBF"), [(0, Reason::Empty)]);
    assert_eq!(problems(b"date,amount,currency,account\r\n\r\n,, ,\r\n"), [(0, Reason::Empty)]);
    assert_eq!(problems(b"%PDF-1.7\n%\xE2\xE3\xCF\xD3\n1 0 obj\0"), [(0, Reason::UnknownFormat)]);
    assert_eq!(problems(b"PK\x03\x04\x14\0\x06\0"), [(0, Reason::UnknownFormat)]);
    assert_eq!(
        problems(b"<?xml version=\"1.0\"?><Document><BkToCstmrDbtCdtNtfctn/></Document>"),
        [(0, Reason::UnknownFormat)]
    );
}

#[test]
fn too_many_rows_are_refused_whole() {
    let file = |rows: usize| {
        let mut text = String::from("date,amount,currency,account\n");
        text.extend((0..rows).map(|n| format!("2026-11-24,{}.00,RUB,40817810099910004312\n", n + 1)));
        text.into_bytes()
    };
    assert_eq!(read_ok(&file(MAX_ROWS)).rows.len(), MAX_ROWS);
    assert_eq!(problems(&file(MAX_ROWS + 1)), [(0, Reason::TooManyRows)]);
}

#[test]
fn problems_read_as_log_lines() {
    let problem = Problem::new(3, Reason::Amount, "`abc` is not an amount");
    assert_eq!(problem.to_string(), "line 3: amount: `abc` is not an amount");
}

/// Pieces of every format, for random files that get past the detection.
const PIECES: &[&str] = &[
    "\n",
    "\r\n",
    ",",
    ";",
    "\"",
    " ",
    "=",
    "<",
    ">",
    "/",
    ":",
    "?",
    "1",
    "0",
    "9",
    "2026",
    ".",
    "-",
    "а",
    "€",
    "\u{feff}",
    ":20:",
    ":25:",
    ":28C:",
    ":60F:",
    ":61:",
    ":86:",
    ":62F:",
    "C261124RUB",
    "2611241124C",
    "0230",
    "D15,75",
    "NTRF",
    "NONREF//",
    "?20",
    "?32",
    "166",
    "<Document>",
    "<BkToCstmrStmt>",
    "<Stmt>",
    "</Stmt>",
    "<Acct><Id><IBAN>",
    "</IBAN></Id></Acct>",
    "<Ntry>",
    "</Ntry>",
    "<Amt Ccy=\"RUB\">",
    "</Amt>",
    "<CdtDbtInd>CRDT</CdtDbtInd>",
    "<BookgDt><Dt>2026-11-24</Dt></BookgDt>",
    "<Sts>",
    "</Sts>",
    "camt.053",
    "1CClientBankExchange\n",
    "СекцияДокумент=\n",
    "КонецДокумента\n",
    "СекцияРасчСчет\n",
    "РасчСчет=",
    "Сумма=",
    "Дата=",
    "ПолучательСчет=",
    "Кодировка=UTF-8\n",
    "date,amount,currency,account\n",
    "Дата;Сумма;Валюта;Счёт\n",
    "RUB",
    "KRW",
    "1 500,50",
];

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn random_bytes_never_panic(bytes in proptest::collection::vec(any::<u8>(), 0..1500)) {
        let _ = read(&bytes, &kassa_digits);
    }

    #[test]
    fn random_pieces_never_panic(pieces in proptest::collection::vec(proptest::sample::select(PIECES), 0..120)) {
        let outcome = read(pieces.concat().as_bytes(), &kassa_digits);
        if let Ok(statement) = outcome {
            prop_assert!(!statement.rows.is_empty());
            prop_assert!(statement.rows.iter().all(|row| row.amount > 0 && row.amount <= MAX_AMOUNT));
        }
    }

    #[test]
    fn damaged_fixtures_never_panic(
        which in 0..5usize,
        damage in proptest::collection::vec((any::<proptest::sample::Index>(), any::<u8>()), 1..6),
    ) {
        let fixtures = [
            fixture!("statement.csv"),
            fixture!("statement-semicolon.csv"),
            fixture!("statement.mt940"),
            fixture!("statement.camt053.xml"),
            fixture!("statement-1c.txt"),
        ];
        let mut bytes = fixtures[which].to_vec();
        for (at, byte) in damage {
            let at = at.index(bytes.len());
            bytes[at] = byte;
        }
        if let Err(problems) = read(&bytes, &kassa_digits) {
            prop_assert!(!problems.is_empty());
        }
    }
}
