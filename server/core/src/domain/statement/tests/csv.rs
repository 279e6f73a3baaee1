//! CSV: the fixtures, the column and cell rules, malformed files, and round trips.

use ::csv::{Terminator, WriterBuilder};
use proptest::prelude::*;

use super::*;

fn row(line: usize, account: &str, booked_on: &str, amount: i64, currency: &str, direction: Direction) -> StatementRow {
    StatementRow {
        line,
        account: account.into(),
        booked_on: booked_on.into(),
        booked_at_ms: None,
        amount,
        currency: currency.into(),
        direction,
        counterparty: None,
        reference: None,
        bank_id: None,
    }
}

fn some(text: &str) -> Option<String> {
    Some(text.into())
}

#[test]
fn fixture_with_commas() {
    let statement = read_ok(fixture!("statement.csv"));
    assert_eq!(statement.format, Format::Csv);
    let expected = [
        StatementRow {
            booked_at_ms: Some(1_795_511_700_000),
            counterparty: some("Ivan Petrov"),
            reference: some("Order 1001, invoice 77"),
            bank_id: some("TX-20261124-0001"),
            ..row(2, "40817810099910004312", "2026-11-24", 150_050, "RUB", Direction::Credit)
        },
        StatementRow {
            booked_at_ms: Some(1_795_513_632_000),
            counterparty: some("Aigerim Sadykova"),
            reference: some("Payment for order 1002"),
            bank_id: some("TX-20261124-0002"),
            ..row(3, "KZ86125KZT5004100100", "2026-11-24", 2_500_000, "KZT", Direction::Credit)
        },
        StatementRow {
            booked_at_ms: Some(1_795_521_600_000),
            reference: some("Withdrawal to card *4312"),
            bank_id: some("TX-20261124-0003"),
            ..row(5, "40817810099910004312", "2026-11-24", 35_000, "RUB", Direction::Debit)
        },
        StatementRow {
            booked_at_ms: Some(1_795_521_600_000),
            counterparty: some("Bank"),
            reference: some("Transfer fee"),
            bank_id: some("TX-20261124-0004"),
            ..row(6, "40817810099910004312", "2026-11-24", 1_575, "RUB", Direction::Debit)
        },
        StatementRow {
            counterparty: some("Maria Sidorova"),
            reference: some("Order 1003 \"express\""),
            ..row(7, "4276380012345678", "2026-11-25", 120_000, "RUB", Direction::Credit)
        },
    ];
    assert_eq!(statement.rows, expected);
}

#[test]
fn fixture_with_semicolons_and_russian_columns() {
    let statement = read_ok(fixture!("statement-semicolon.csv"));
    assert_eq!(statement.format, Format::Csv);
    let expected = [
        StatementRow {
            booked_at_ms: Some(1_795_514_700_000),
            counterparty: some("Иванов Иван Иванович"),
            reference: some("Оплата заказа № 1001"),
            bank_id: some("000123"),
            ..row(2, "40817810099910004312", "2026-11-24", 150_050, "RUB", Direction::Credit)
        },
        StatementRow {
            booked_at_ms: Some(1_795_519_800_000),
            reference: some("Перевод на карту"),
            bank_id: some("000124"),
            ..row(3, "40817810099910004312", "2026-11-24", 35_000, "RUB", Direction::Debit)
        },
        StatementRow {
            counterparty: some("ООО \"Ромашка\""),
            reference: some("Оплата по договору 5; без НДС"),
            bank_id: some("000125"),
            ..row(4, "40817810099910004312", "2026-11-25", 1_234_567, "RUB", Direction::Credit)
        },
        StatementRow {
            reference: some("Комиссия банка за перевод"),
            bank_id: some("000126"),
            ..row(5, "40817810099910004312", "2026-11-25", 1_575, "RUB", Direction::Debit)
        },
        StatementRow {
            booked_at_ms: Some(1_795_683_605_000),
            counterparty: some("Садыкова Айгерим"),
            reference: some("Оплата заказа 1002"),
            bank_id: some("000127"),
            ..row(6, "KZ86125KZT5004100100", "2026-11-26", 2_500_000, "KZT", Direction::Credit)
        },
    ];
    assert_eq!(statement.rows, expected);
}

#[test]
fn column_names_in_any_case_order_and_language() {
    let file = " Ref ;PAN;Type;Сумма;ВАЛЮТА;transaction_id;Payer;Date\n\
                Order 1;4276 3800 1234 5678;in;10;rur;77;Ann;2026-01-02\n\
                Order 2;4276-3800-1234-5678;расход;5,5;RUB;;;02.01.2026\n";
    let rows = read_ok(file.as_bytes()).rows;
    assert_eq!(
        rows[0],
        StatementRow {
            reference: some("Order 1"),
            bank_id: some("77"),
            counterparty: some("Ann"),
            ..row(2, "4276380012345678", "2026-01-02", 1_000, "RUB", Direction::Credit)
        }
    );
    assert_eq!(
        rows[1],
        StatementRow {
            reference: some("Order 2"),
            ..row(3, "4276380012345678", "2026-01-02", 550, "RUB", Direction::Debit)
        }
    );
    for (header, column) in
        [("requisite", "account"), ("карта", "account"), ("реквизит", "account"), ("счет", "account")]
    {
        let file = format!("date,amount,currency,{header}\n2026-01-02,1,RUB,A-1\n");
        assert_eq!(read_ok(file.as_bytes()).rows[0].account, "A1", "{column}");
    }
}

#[test]
fn directions_by_column_or_sign() {
    let file = "date,amount,currency,account,direction\n\
                2026-01-02,1,RUB,A,c\n2026-01-02,1,RUB,A,D\n2026-01-02,1,RUB,A,out\n2026-01-02,1,RUB,A,Приход\n\
                2026-01-02,-1,RUB,A,debit\n2026-01-02,-1,RUB,A,\n2026-01-02,1,RUB,A,\n";
    let directions: Vec<Direction> = read_ok(file.as_bytes()).rows.iter().map(|row| row.direction).collect();
    use Direction::{Credit, Debit};
    assert_eq!(directions, [Credit, Debit, Debit, Credit, Debit, Debit, Credit]);
    let file = "date,amount,currency,account,type\n2026-01-02,-1,RUB,A,credit\n2026-01-02,1,RUB,A,sideways\n";
    assert_eq!(problems(file.as_bytes()), [(2, Reason::Amount), (3, Reason::Syntax)]);
}

#[test]
fn times_from_datetime_time_or_date_columns() {
    let midnight = day(2026, 11, 25).days() * 86_400_000;
    let at = |hours: i64, minutes: i64| Some(midnight + (hours * 60 + minutes) * 60_000);
    let file = "datetime,amount,currency,account\n2026-11-25T10:15:00Z,1,RUB,A\n2026-11-25 10:15:00,1,RUB,A\n\
                2026-11-25T13:15:00+03:00,1,RUB,A\n";
    let rows = read_ok(file.as_bytes()).rows;
    assert!(rows.iter().all(|row| row.booked_on == "2026-11-25" && row.booked_at_ms == at(10, 15)), "{rows:?}");
    let file =
        "date;time;amount;currency;account\n25.11.2026;10:15;1;RUB;A\n25.11.2026;;1;RUB;A\n25.11.2026 10:15;;1;RUB;A\n";
    let times: Vec<Option<i64>> = read_ok(file.as_bytes()).rows.iter().map(|row| row.booked_at_ms).collect();
    assert_eq!(times, [at(10, 15), None, at(10, 15)]);
    let file = "date,datetime,amount,currency,account\n2026-11-25,2026-11-25T01:00:00+03:00,1,RUB,A\n";
    let rows = read_ok(file.as_bytes()).rows;
    assert_eq!((rows[0].booked_on.as_str(), rows[0].booked_at_ms), ("2026-11-25", at(-2, 0)));
}

#[test]
fn every_bad_line_is_reported_and_no_rows_given() {
    let file = "date,amount,currency,account\n\
                2026-11-24,10.00,RUB,A\n\
                2026-11-24,abc,RUB,A\n\
                2026-02-30,10.00,RUB,A\n\
                2026-11-24,10.00,XYZ,A\n\
                2026-11-24,10.00,RUB,\n\
                2026-11-24,0,RUB,A\n\
                2026-11-24,10.001,RUB,A\n\
                2026-11-24,10,50,RUB,A\n\
                31.11.2026,-,EUR, \n";
    let expected = [
        (3, Reason::Amount),
        (4, Reason::Date),
        (5, Reason::Currency),
        (6, Reason::Account),
        (7, Reason::Amount),
        (8, Reason::Amount),
        (9, Reason::Currency),
        (9, Reason::Syntax),
        (10, Reason::Currency),
        (10, Reason::Date),
        (10, Reason::Account),
    ];
    assert_eq!(problems(file.as_bytes()), expected);
}

#[test]
fn headers_missing_a_required_column() {
    for header in ["amount,currency,account", "date,currency,account", "date,amount,account", "date,amount,currency"] {
        let file = format!("\n{header}\n2026-01-01,1,RUB\n");
        assert_eq!(problems(file.as_bytes()), [(2, Reason::Header)], "{header}");
    }
    let detail = read(b"when,amount\n1,2\n", &kassa_digits).unwrap_err()[0].detail.clone();
    assert_eq!(detail, "the header has no currency, no account, no date column");
}

#[test]
fn lines_follow_the_file() {
    let file = "date,amount,currency,account,reference\r\n\r\n2026-01-02,1,RUB,A,\"two\r\nlines\"\r\n\r\n\r\n\
                2026-01-02,2,RUB,A,x\r\n";
    let rows = read_ok(file.as_bytes()).rows;
    let lines: Vec<usize> = rows.iter().map(|row| row.line).collect();
    assert_eq!(lines, [3, 7]);
    assert_eq!(rows[0].reference.as_deref(), Some("two lines"));
}

#[test]
fn windows_1251_and_utf_16_files() {
    let text = "Дата;Сумма;Валюта;Счёт;Назначение\r\n24.11.2026;1 500,50;RUB;40817810099910004312;Оплата заказа\r\n";
    let (cp1251, _, _) = encoding_rs::WINDOWS_1251.encode(text);
    let rows = read_ok(&cp1251).rows;
    assert_eq!((rows[0].amount, rows[0].reference.as_deref()), (150_050, Some("Оплата заказа")));
    let utf16: Vec<u8> = [0xFF, 0xFE].into_iter().chain(text.encode_utf16().flat_map(u16::to_le_bytes)).collect();
    assert_eq!(read_ok(&utf16).rows, rows);
}

/// How a random CSV file is written.
#[derive(Debug, Clone)]
struct Style {
    separator: u8,
    decimal_comma: bool,
    grouped: bool,
    russian: bool,
    direction_column: bool,
    date_form: usize,
    spaced_account: bool,
    crlf: bool,
}

fn any_style() -> impl Strategy<Value = Style> {
    (any::<bool>(), any::<bool>(), any::<bool>(), any::<bool>(), any::<bool>(), 0..3usize, any::<bool>(), any::<bool>())
        .prop_map(|(semicolon, decimal_comma, grouped, russian, direction_column, date_form, spaced_account, crlf)| {
            let separator = if semicolon { b';' } else { b',' };
            Style { separator, decimal_comma, grouped, russian, direction_column, date_form, spaced_account, crlf }
        })
}

fn any_row() -> impl Strategy<Value = StatementRow> {
    let parts = (any_day(), proptest::option::of(0..86_400i64), any_amount(), any_currency(), "[0-9]{16,20}");
    let details = (any::<bool>(), cyrillic_text(), cyrillic_text(), any_bank_id());
    (parts, details).prop_map(
        |((day, second, amount, currency, account), (credit, reference, counterparty, bank_id))| StatementRow {
            line: 0,
            account,
            booked_on: day.iso(),
            booked_at_ms: second.map(|second| day.days() * 86_400_000 + second * 1000),
            amount,
            currency: currency.into(),
            direction: if credit { Direction::Credit } else { Direction::Debit },
            counterparty,
            reference,
            bank_id,
        },
    )
}

/// A test-only CSV writer: the file, and the rows as the reader must give them back.
fn write(rows: &[StatementRow], style: &Style) -> (Vec<u8>, Vec<StatementRow>) {
    let terminator = if style.crlf { Terminator::CRLF } else { Terminator::Any(b'\n') };
    let mut writer = WriterBuilder::new().delimiter(style.separator).terminator(terminator).from_writer(Vec::new());
    let mut header = match style.russian {
        true => vec!["Дата", "datetime", "Сумма", "Валюта", "Счёт", "Назначение платежа", "Плательщик", "Номер"],
        false => vec!["date", "datetime", "amount", "currency", "account", "reference", "counterparty", "id"],
    };
    if style.direction_column {
        header.push("direction");
    }
    writer.write_record(&header).expect("a header");
    for row in rows {
        writer.write_record(cells(row, style)).expect("a row");
    }
    let bytes = writer.into_inner().expect("the file");
    let expected =
        rows.iter().enumerate().map(|(index, row)| StatementRow { line: index + 2, ..row.clone() }).collect();
    (bytes, expected)
}

fn cells(row: &StatementRow, style: &Style) -> Vec<String> {
    let day = Day::parse(&row.booked_on).expect("a day");
    let date = match style.date_form {
        0 => row.booked_on.clone(),
        1 => format!("{:02}.{:02}.{}", day.day, day.month, day.year),
        _ => format!("{:02}/{:02}/{}", day.day, day.month, day.year),
    };
    let moment = row.booked_at_ms.map(|at| {
        let second = at.rem_euclid(86_400_000) / 1000;
        format!(
            "{}T{:02}:{:02}:{:02}Z",
            from_days(at.div_euclid(86_400_000)).iso(),
            second / 3600,
            second / 60 % 60,
            second % 60
        )
    });
    let mut amount = written_amount(row.amount, kassa_digits(&row.currency).expect("a currency"), style);
    if !style.direction_column && row.direction == Direction::Debit {
        amount.insert(0, '-');
    }
    let account = match style.spaced_account {
        true => {
            row.account.as_bytes().chunks(4).map(|chunk| String::from_utf8_lossy(chunk)).collect::<Vec<_>>().join(" ")
        }
        false => row.account.clone(),
    };
    let text = |value: &Option<String>| value.clone().unwrap_or_default();
    let mut cells = vec![
        date,
        moment.unwrap_or_default(),
        amount,
        row.currency.clone(),
        account,
        text(&row.reference),
        text(&row.counterparty),
        text(&row.bank_id),
    ];
    if style.direction_column {
        let credit = row.direction == Direction::Credit;
        cells.push(match (style.russian, credit) {
            (true, true) => "приход".into(),
            (true, false) => "расход".into(),
            (false, true) => "credit".into(),
            (false, false) => "debit".into(),
        });
    }
    cells
}

fn written_amount(amount: i64, digits: u32, style: &Style) -> String {
    let plain = major(amount, digits);
    let (whole, fraction) = plain.split_once('.').map_or((plain.as_str(), None), |(w, f)| (w, Some(f)));
    let whole = match style.grouped {
        true => {
            let digits: Vec<char> = whole.chars().collect();
            let groups: Vec<String> = digits.rchunks(3).rev().map(|group| group.iter().collect()).collect();
            groups.join(" ")
        }
        false => whole.to_owned(),
    };
    let decimal = if style.decimal_comma { ',' } else { '.' };
    fraction.map_or(whole.clone(), |fraction| format!("{whole}{decimal}{fraction}"))
}

proptest! {
    #[test]
    fn random_statements_read_back(rows in proptest::collection::vec(any_row(), 1..12), style in any_style()) {
        let (bytes, expected) = write(&rows, &style);
        let statement = read(&bytes, &kassa_digits);
        prop_assert_eq!(statement, Ok(Statement { format: Format::Csv, rows: expected }));
    }
}
