//! 1C client-bank exchange: the fixture, direction by account, encodings, malformed files, and
//! round trips.

use encoding_rs::{IBM866, WINDOWS_1251};
use proptest::prelude::*;

use super::*;

const OURS: &str = "40702810900000012345";

fn some(text: &str) -> Option<String> {
    Some(text.into())
}

fn order(line: usize, booked_on: &str, amount: i64, direction: Direction) -> StatementRow {
    StatementRow {
        line,
        account: OURS.into(),
        booked_on: booked_on.into(),
        booked_at_ms: None,
        amount,
        currency: "RUB".into(),
        direction,
        counterparty: None,
        reference: None,
        bank_id: None,
    }
}

/// An exchange file (UTF-8 text) with our account's section and the given documents, which
/// start on line 8.
fn exchange(documents: &str) -> String {
    format!(
        "1CClientBankExchange\r\nВерсияФормата=1.03\r\nКодировка=Windows\r\nСекцияРасчСчет\r\nРасчСчет={OURS}\r\n\
         КонецРасчСчет\r\nДокумент=Платежное поручение\r\n{documents}КонецФайла\r\n"
    )
}

fn document(payer: &str, payee: &str, extra: &str) -> String {
    format!(
        "СекцияДокумент=Платежное поручение\r\nНомер=7\r\nДата=24.11.2026\r\nСумма=10.00\r\nПлательщикСчет={payer}\r\n\
         Плательщик=Плательщик А\r\nПолучательСчет={payee}\r\nПолучатель=Получатель Б\r\n{extra}КонецДокумента\r\n"
    )
}

fn cp1251(text: &str) -> Vec<u8> {
    WINDOWS_1251.encode(text).0.into_owned()
}

#[test]
fn fixture_in_windows_1251() {
    let bytes = fixture!("statement-1c.txt");
    assert!(std::str::from_utf8(bytes).is_err(), "the fixture is checked in as Windows-1251 bytes");
    let statement = read_ok(bytes);
    assert_eq!(statement.format, Format::OneC);
    let expected = [
        StatementRow {
            counterparty: some("ИНН 771234567890 Иванов Иван Иванович"),
            reference: some("Оплата заказа № 1001 по счёту 77. Без НДС"),
            bank_id: some("40817810099910004312/512/2026-11-23"),
            ..order(22, "2026-11-24", 150_050, Direction::Credit)
        },
        StatementRow {
            counterparty: some("ИНН 7705123456 ООО \"Ромашка\""),
            reference: some("Оплата по договору 5 от 01.11.2026, в т.ч. НДС 20% - 2057.61 руб."),
            bank_id: some("40702810500000054321/2291/2026-11-24"),
            ..order(50, "2026-11-24", 1_234_567, Direction::Credit)
        },
        StatementRow {
            counterparty: some("Иванов Иван Иванович"),
            reference: some("Возврат по заказу № 1001. НДС не облагается"),
            bank_id: some("40702810900000012345/88/2026-11-24"),
            ..order(69, "2026-11-25", 35_000, Direction::Debit)
        },
        StatementRow {
            counterparty: some("АО \"АЛЬФА-БАНК\""),
            reference: some("Комиссия за перевод по п/п № 88 от 24.11.2026"),
            bank_id: some("40702810900000012345/90412/2026-11-25"),
            ..order(83, "2026-11-25", 1_575, Direction::Debit)
        },
    ];
    assert_eq!(statement.rows, expected);
}

#[test]
fn direction_by_which_account_is_ours() {
    let file = exchange(
        &[
            document("40817810099910004312", OURS, "ДатаПоступило=25.11.2026\r\nДатаСписано=26.11.2026\r\n"),
            document(OURS, "40817810099910004312", "ДатаПоступило=25.11.2026\r\nДатаСписано=26.11.2026\r\n"),
            document("4081 7810 0999 1000 4312", "4070 2810 9000 0001 2345", ""),
        ]
        .concat(),
    );
    let rows = read_ok(&cp1251(&file)).rows;
    let sides: Vec<(Direction, &str, &str, Option<&str>)> = rows
        .iter()
        .map(|row| (row.direction, row.account.as_str(), row.booked_on.as_str(), row.counterparty.as_deref()))
        .collect();
    let expected = [
        (Direction::Credit, OURS, "2026-11-25", Some("Плательщик А")),
        (Direction::Debit, OURS, "2026-11-26", Some("Получатель Б")),
        (Direction::Credit, OURS, "2026-11-24", Some("Плательщик А")),
    ];
    assert_eq!(sides, expected);
    let strangers = exchange(&document("40817810099910004312", "40817810099910009999", ""));
    assert_eq!(problems(&cp1251(&strangers)), [(8, Reason::Account)]);
}

#[test]
fn without_account_sections_the_payee_is_ours() {
    let file = format!("1CClientBankExchange\r\nКодировка=Windows\r\n{}КонецФайла\r\n", document("111", "222", ""));
    let row = &read_ok(&cp1251(&file)).rows[0];
    assert_eq!((row.line, row.account.as_str(), row.direction), (3, "222", Direction::Credit));
    assert_eq!(row.bank_id.as_deref(), Some("111/7/2026-11-24"));
}

#[test]
fn utf_8_windows_1251_and_dos() {
    let text = exchange(&document("40817810099910004312", OURS, "НазначениеПлатежа=Оплата заказа\r\n"));
    let utf8 = text.replace("Кодировка=Windows", "Кодировка=UTF-8");
    let expected = read_ok(utf8.as_bytes()).rows;
    assert_eq!(expected[0].reference.as_deref(), Some("Оплата заказа"));
    assert_eq!(read_ok(&cp1251(&text)).rows, expected);
    assert_eq!(read_ok(text.as_bytes()).rows, expected, "saved again as UTF-8, the header unchanged");
    let dos = text.replace("Кодировка=Windows", "Кодировка=DOS");
    assert_eq!(read_ok(&IBM866.encode(&dos).0).rows, expected);
    let bom = [b"\xEF\xBB\xBF".as_slice(), utf8.as_bytes()].concat();
    assert_eq!(read_ok(&bom).rows, expected);
    assert_eq!(problems(&cp1251(&utf8)), [(2, Reason::Encoding)]);
}

#[test]
fn currencies_and_purposes() {
    let file = exchange(
        &[
            document("1", OURS, "Валюта=KZT\r\n"),
            document("1", OURS, "НазначениеПлатежа1=Оплата\r\nНазначениеПлатежа2=заказа 5\r\n"),
            document("1", OURS, "Валюта=USD\r\n"),
        ]
        .concat(),
    );
    assert_eq!(problems(&cp1251(&file)), [(29, Reason::Currency)]);
    let file = file.replace("Валюта=USD", "Валюта=rur");
    let rows = read_ok(&cp1251(&file)).rows;
    let currencies: Vec<&str> = rows.iter().map(|row| row.currency.as_str()).collect();
    assert_eq!(currencies, ["KZT", "RUB", "RUB"]);
    assert_eq!(rows[1].reference.as_deref(), Some("Оплата заказа 5"));
    let header_currency = exchange(&document("1", OURS, "")).replace("\r\nДокумент=", "\r\nВалюта=KGS\r\nДокумент=");
    assert_eq!(read_ok(&cp1251(&header_currency)).rows[0].currency, "KGS");
}

#[test]
fn malformed_documents_are_reported_at_their_line() {
    let documents = [
        document("1", OURS, "").replace("Сумма=10.00", "Сумма=10,5,0"),
        document("1", OURS, "").replace("Дата=24.11.2026", "Дата=31.11.2026"),
        document("1", OURS, "ДатаПоступило=2026.11.25\r\n"),
        document("1", OURS, "").replace("Сумма=10.00", "Сумма=-10.00"),
        document("1", OURS, "").replace("КонецДокумента\r\n", ""),
        document("1", OURS, "").replace("КонецДокумента\r\n", ""),
    ];
    let expected = [
        (8, Reason::Amount),
        (17, Reason::Date),
        (26, Reason::Date),
        (36, Reason::Amount),
        (45, Reason::Syntax),
        (53, Reason::Syntax),
    ];
    assert_eq!(problems(&cp1251(&exchange(&documents.concat()))), expected);
}

/// One random payment order and how it is written.
#[derive(Debug, Clone)]
struct Order {
    number: u32,
    date: Day,
    delay: i64,
    dated_key: bool,
    credit: bool,
    ours: usize,
    other: String,
    amount: i64,
    currency: Option<&'static str>,
    counterparty: Option<String>,
    numbered_name: bool,
    reference: Option<String>,
}

fn any_order() -> impl Strategy<Value = Order> {
    let when = (1..1_000_000u32, any_day(), 0..3i64, any::<bool>());
    let sides = (any::<bool>(), 0..2usize, "40817810[0-9]{12}", any_amount(), proptest::option::of(any_currency()));
    let text = (cyrillic_text(), any::<bool>(), cyrillic_text());
    (when, sides, text).prop_map(|(when, sides, text)| {
        let ((number, date, delay, dated_key), (credit, ours, other, amount, currency)) = (when, sides);
        let (counterparty, numbered_name, reference) = text;
        Order {
            number,
            date,
            delay,
            dated_key,
            credit,
            ours,
            other,
            amount,
            currency,
            counterparty,
            numbered_name,
            reference,
        }
    })
}

/// A test-only 1C writer: the file, and the rows as the reader must give them back.
fn write(accounts: &[String], orders: &[Order], utf8: bool) -> (Vec<u8>, Vec<StatementRow>) {
    let encoding = if utf8 { "UTF-8" } else { "Windows" };
    let mut lines: Vec<String> =
        vec!["1CClientBankExchange".into(), "ВерсияФормата=1.03".into(), format!("Кодировка={encoding}")];
    for account in accounts {
        lines.extend(["СекцияРасчСчет".into(), format!("РасчСчет={account}"), "КонецРасчСчет".into()]);
    }
    let mut rows = Vec::new();
    for order in orders {
        let ours = &accounts[order.ours % accounts.len()];
        let (payer, payee) = if order.credit { (&order.other, ours) } else { (ours, &order.other) };
        let currency = order.currency.unwrap_or("RUB");
        let booked = from_days(order.date.days() + order.delay);
        rows.push(StatementRow {
            line: lines.len() + 1,
            account: ours.clone(),
            booked_on: booked.iso(),
            booked_at_ms: None,
            amount: order.amount,
            currency: currency.into(),
            direction: if order.credit { Direction::Credit } else { Direction::Debit },
            counterparty: order.counterparty.clone(),
            reference: order.reference.clone(),
            bank_id: Some(format!("{payer}/{}/{}", order.number, order.date.iso())),
        });
        lines.extend(document_lines(order, payer, payee, booked));
    }
    lines.push("КонецФайла".into());
    let text: String = lines.iter().map(|line| format!("{line}\r\n")).collect();
    let bytes = if utf8 { text.into_bytes() } else { cp1251(&text) };
    (bytes, rows)
}

fn document_lines(order: &Order, payer: &str, payee: &str, booked: Day) -> Vec<String> {
    let dotted = |day: Day| format!("{:02}.{:02}.{}", day.day, day.month, day.year);
    let digits = kassa_digits(order.currency.unwrap_or("RUB")).expect("a currency");
    let mut lines = vec![
        "СекцияДокумент=Платежное поручение".to_owned(),
        format!("Номер={}", order.number),
        format!("Дата={}", dotted(order.date)),
        format!("Сумма={}", major(order.amount, digits)),
        format!("ПлательщикСчет={payer}"),
        format!("ПолучательСчет={payee}"),
    ];
    if let Some(currency) = order.currency {
        lines.push(format!("Валюта={currency}"));
    }
    let ours = if order.credit { "Получатель" } else { "Плательщик" };
    let theirs = if order.credit { "Плательщик" } else { "Получатель" };
    lines.push(format!("{ours}=ООО Касса"));
    if let Some(name) = &order.counterparty {
        lines.push(format!("{theirs}{}={name}", if order.numbered_name { "1" } else { "" }));
    }
    if order.delay > 0 || order.dated_key {
        let key = if order.credit { "ДатаПоступило" } else { "ДатаСписано" };
        lines.push(format!("{key}={}", dotted(booked)));
    }
    lines.push(format!("НазначениеПлатежа={}", order.reference.as_deref().unwrap_or("")));
    lines.push("КонецДокумента".into());
    lines
}

proptest! {
    #[test]
    fn random_statements_read_back(
        accounts in proptest::collection::vec("40702810[0-9]{12}", 1..3),
        orders in proptest::collection::vec(any_order(), 1..10),
        utf8 in any::<bool>(),
    ) {
        let (bytes, expected) = write(&accounts, &orders, utf8);
        let statement = read(&bytes, &kassa_digits);
        prop_assert_eq!(statement, Ok(Statement { format: Format::OneC, rows: expected }));
    }
}
