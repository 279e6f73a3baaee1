//! MT940: the fixture, the `:61:`/`:86:` rules, malformed files, and round trips.

use proptest::prelude::*;

use super::*;

fn some(text: &str) -> Option<String> {
    Some(text.into())
}

fn credit(line: usize, booked_on: &str, amount: i64) -> StatementRow {
    StatementRow {
        line,
        account: "40817810099910004312".into(),
        booked_on: booked_on.into(),
        booked_at_ms: None,
        amount,
        currency: "RUB".into(),
        direction: Direction::Credit,
        counterparty: None,
        reference: None,
        bank_id: None,
    }
}

/// A one-message file around the given `:61:`/`:86:` lines (which start on line 5).
fn message(entries: &str) -> Vec<u8> {
    format!(
        ":20:STMT1\r\n:25:SABRRUMM/40817810099910004312\r\n:28C:1/1\r\n:60F:C261123RUB0,00\r\n\
         {entries}:62F:C261125RUB0,00\r\n"
    )
    .into_bytes()
}

#[test]
fn fixture_with_two_messages() {
    let statement = read_ok(fixture!("statement.mt940"));
    assert_eq!(statement.format, Format::Mt940);
    let expected = [
        StatementRow {
            reference: some("Oplata zakaza 1001 ot Ivanova I.I."),
            bank_id: some("B1K24110001"),
            ..credit(6, "2026-11-24", 150_050)
        },
        StatementRow {
            counterparty: some("OOO ROMASHKA TRADING"),
            reference: some("Invoice 77 order 1002 by bank transfer"),
            bank_id: some("B1K24110002"),
            ..credit(8, "2026-11-24", 1_234_567)
        },
        StatementRow {
            direction: Direction::Debit,
            reference: some("Perevod na kartu 4276 .... 4312"),
            bank_id: None,
            ..credit(10, "2026-11-24", 35_000)
        },
        StatementRow {
            direction: Direction::Debit,
            reference: some("Komissiia za perevod"),
            bank_id: some("B1K24110004"),
            ..credit(12, "2026-11-25", 1_575)
        },
        StatementRow {
            account: "KZ86125KZT5004100100".into(),
            currency: "KZT".into(),
            reference: some("Payment for order 1002 Aigerim Sadykova"),
            ..credit(21, "2026-12-31", 2_500_000)
        },
    ];
    assert_eq!(statement.rows, expected);
}

#[test]
fn entry_dates_take_the_year_nearest_the_value_date() {
    let file =
        message(":61:2701021231C1,00NTRFNONREF\r\n:61:2612300102C1,00NTRFNONREF\r\n:61:261124C1,00NTRFNONREF\r\n");
    let days: Vec<String> = read_ok(&file).rows.into_iter().map(|row| row.booked_on).collect();
    assert_eq!(days, ["2026-12-31", "2027-01-02", "2026-11-24"]);
}

#[test]
fn entry_dates_that_do_not_exist_are_refused_not_panicked_on() {
    let file =
        message(":61:2611241124C1,00NTRFNONREF\r\n:61:2503010229C1,00NTRFNONREF\r\n:61:2611241232C1,00NTRFNONREF\r\n");
    assert_eq!(problems(&file), [(6, Reason::Date), (7, Reason::Date)]);
}

#[test]
fn bank_ids_skip_placeholders() {
    let file = message(
        ":61:2611241124C1,00NTRFNONREF\r\n:61:2611241124C1,00NTRFNONREF//B1\r\n:61:2611241124C1,00NTRFCUST2\r\n\
         :61:2611241124C1,00NTRFCUST3//B3\r\n:61:2611241124C1,00NTRFnonref//NONREF\r\n",
    );
    let ids: Vec<Option<String>> = read_ok(&file).rows.into_iter().map(|row| row.bank_id).collect();
    assert_eq!(ids, [None, some("B1"), None, some("B3"), None], "the customer reference is no bank id");
}

#[test]
fn reversals_move_money_the_other_way() {
    let file = message(
        ":61:2611241124C1,00NTRFNONREF\r\n:61:2611241124D1,00NTRFNONREF\r\n\
         :61:2611241124RD1,00NTRFNONREF\r\n:61:2611241124RC1,00NTRFNONREF\r\n",
    );
    let directions: Vec<Direction> = read_ok(&file).rows.into_iter().map(|row| row.direction).collect();
    use Direction::{Credit, Debit};
    assert_eq!(directions, [Credit, Debit, Credit, Debit]);
}

#[test]
fn accounts_after_the_last_slash() {
    for (written, account) in [
        ("DABADKKK/111111-11111111", "111111-11111111"),
        ("40817810099910004312", "40817810099910004312"),
        ("/KZ86 125K ZT50 0410 0100", "KZ86125KZT5004100100"),
        ("50880050/0194777100888/", "0194777100888"),
    ] {
        let file = format!(
            ":20:S\r\n:25:{written}\r\n:28C:1\r\n:60F:C261123RUB0,00\r\n\
             :61:261124C1,NMSCNONREF\r\n:62F:C261125RUB1,00\r\n"
        );
        assert_eq!(read_ok(file.as_bytes()).rows[0].account, account, "{written}");
    }
}

#[test]
fn details_structured_or_free() {
    let file = message(
        ":61:2611241124C1,00NTRFNONREF\r\n\
         :86:166?00GUTSCHRIFT?20EREF+1001 SVWZ+Order 10?2101 paid?32IVAN PETROV?33 JR\r\n\
         :61:2611241124C1,00NTRFNONREF\r\n:86:166?00GUTSCHRIFT?32IVAN PETROV\r\n\
         :61:2611241124C1,00NTRFNONREF\r\n:86:Order 1001\r\n  paid   in full\r\n",
    );
    let rows = read_ok(&file).rows;
    let details: Vec<(Option<String>, Option<String>)> =
        rows.into_iter().map(|row| (row.counterparty, row.reference)).collect();
    let expected = [
        (some("IVAN PETROV JR"), some("EREF+1001 SVWZ+Order 1001 paid")),
        (some("IVAN PETROV"), some("GUTSCHRIFT")),
        (None, some("Order 1001 paid in full")),
    ];
    assert_eq!(details, expected);
}

#[test]
fn amounts_in_the_currency_of_the_opening_balance() {
    let file = ":20:S\r\n:25:A\r\n:28C:1\r\n:60M:C261123KRW0,\r\n:61:261124C15000,NMSCNONREF\r\n\
                :61:261124D1,5NMSCNONREF\r\n:62F:C261125KRW1,\r\n";
    assert_eq!(problems(file.as_bytes()), [(6, Reason::Amount)]);
    let file = file.replace(":61:261124D1,5NMSCNONREF\r\n", "");
    let row = &read_ok(file.as_bytes()).rows[0];
    assert_eq!((row.amount, row.currency.as_str()), (15_000, "KRW"));
    let file =
        ":20:S\r\n:25:A\r\n:28C:1\r\n:60F:C261123EUR0,00\r\n:61:261124C1,00NMSCNONREF\r\n:62F:C261125EUR1,00\r\n";
    assert_eq!(problems(file.as_bytes()), [(4, Reason::Currency)]);
}

#[test]
fn malformed_messages_are_refused_at_their_tag() {
    let bad_amount = message(":61:2611241124C1,00NTRFNONREF\r\n:86:fine\r\n:61:2611241124C1500.00NTRFNONREF\r\n");
    assert_eq!(problems(&bad_amount), [(7, Reason::Syntax)]);
    let bad_date = message(":61:2613241124C1,00NTRFNONREF\r\n");
    assert_eq!(problems(&bad_date), [(5, Reason::Syntax)]);
    let unclosed = ":20:S\r\n:25:A\r\n:28C:1\r\n:60F:C261123RUB0,00\r\n:61:261124C1,00NMSCNONREF\r\n";
    assert_eq!(problems(unclosed.as_bytes()), [(1, Reason::Syntax)]);
    let out_of_order = ":20:S\r\n:25:A\r\n:28C:1\r\n:60F:C261123RUB0,00\r\n:61:261124C1,00NMSCNONREF\r\n\
                        :25:B\r\n:62F:C261125RUB1,00\r\n";
    assert_eq!(problems(out_of_order.as_bytes()), [(6, Reason::Syntax)]);
    let second_message = [message(""), message(":61:26112X1124C1,00NTRFNONREF\r\n")].concat();
    assert_eq!(problems(&second_message), [(10, Reason::Syntax)]);
}

#[test]
fn cyrillic_details_in_windows_1251() {
    let text = String::from_utf8(message(":61:2611241124C1,00NTRFNONREF\r\n:86:Оплата заказа 1001\r\n")).expect("text");
    let (bytes, _, _) = encoding_rs::WINDOWS_1251.encode(&text);
    let row = &read_ok(&bytes).rows[0];
    assert_eq!((row.line, row.reference.as_deref()), (5, Some("Oplata zakaza 1001")));
}

/// One random `:61:` entry and how it is written.
#[derive(Debug, Clone)]
struct Entry {
    booked: Day,
    value_shift: i64,
    entry_date: bool,
    credit: bool,
    reversal: bool,
    amount: i64,
    bank_id: Option<String>,
    id_place: u8,
    reference: Option<String>,
    counterparty: Option<String>,
}

#[derive(Debug, Clone)]
struct Message {
    account: String,
    bic: bool,
    currency: &'static str,
    entries: Vec<Entry>,
}

fn any_entry() -> impl Strategy<Value = Entry> {
    let dates = (any_day(), -3..=3i64, any::<bool>());
    let money = (any::<bool>(), any::<bool>(), any_amount());
    let counterparty = proptest::option::of("[A-Za-z0-9]{1,12}( [A-Za-z0-9]{1,12}){0,3}");
    let details = (any_bank_id(), 1..3u8, latin_text(), counterparty);
    (dates, money, details).prop_map(
        |(
            (booked, value_shift, entry_date),
            (credit, reversal, amount),
            (bank_id, id_place, reference, counterparty),
        )| {
            Entry {
                booked,
                value_shift,
                entry_date,
                credit,
                reversal,
                amount,
                bank_id,
                id_place,
                reference,
                counterparty,
            }
        },
    )
}

fn any_message() -> impl Strategy<Value = Message> {
    ("[0-9]{20}", any::<bool>(), any_currency(), proptest::collection::vec(any_entry(), 0..8))
        .prop_map(|(account, bic, currency, entries)| Message { account, bic, currency, entries })
}

fn yymmdd(day: Day) -> String {
    format!("{:02}{:02}{:02}", day.year % 100, day.month, day.day)
}

/// A test-only MT940 writer: the file, and the rows as the reader must give them back.
fn write(messages: &[Message], wrapped: bool) -> (Vec<u8>, Vec<StatementRow>) {
    let (mut lines, mut rows): (Vec<String>, Vec<StatementRow>) = (Vec::new(), Vec::new());
    for (number, message) in messages.iter().enumerate() {
        if wrapped {
            lines.push("{1:F01SABRRUMMAXXX0000000000}{2:I940SABRRUMMXXXXN}{4:".into());
        }
        let account = if message.bic { format!("SABRRUMM/{}", message.account) } else { message.account.clone() };
        lines.extend([format!(":20:STMT{number}"), format!(":25:{account}"), format!(":28C:{}/1", number + 1)]);
        lines.push(format!(":60F:C260101{}0,00", message.currency));
        for entry in &message.entries {
            rows.push(StatementRow {
                line: lines.len() + 1,
                account: message.account.clone(),
                booked_on: entry.booked.iso(),
                booked_at_ms: None,
                amount: entry.amount,
                currency: message.currency.into(),
                direction: if entry.credit { Direction::Credit } else { Direction::Debit },
                counterparty: entry.counterparty.clone(),
                reference: entry.reference.clone(),
                bank_id: entry.bank_id.clone(),
            });
            lines.push(statement_line(entry, kassa_digits(message.currency).expect("a currency")));
            lines.extend(details(entry));
        }
        lines.push(format!(":62F:C260101{}0,00", message.currency));
        if wrapped {
            lines.push("-}".into());
        }
    }
    (lines.iter().map(|line| format!("{line}\r\n")).collect::<String>().into_bytes(), rows)
}

fn statement_line(entry: &Entry, digits: u32) -> String {
    let value = if entry.entry_date { from_days(entry.booked.days() + entry.value_shift) } else { entry.booked };
    let entry_date =
        if entry.entry_date { format!("{:02}{:02}", entry.booked.month, entry.booked.day) } else { String::new() };
    let mark = match (entry.credit, entry.reversal) {
        (true, false) => "C",
        (true, true) => "RD",
        (false, false) => "D",
        (false, true) => "RC",
    };
    let amount = major(entry.amount, digits).replace('.', ",");
    let amount = if digits == 0 { format!("{amount},") } else { amount };
    let references = match (&entry.bank_id, entry.id_place) {
        (None, _) => "NONREF".into(),
        (Some(id), 0) => id.clone(),
        (Some(id), 1) => format!("NONREF//{id}"),
        (Some(id), _) => format!("CUST{}//{id}", entry.amount % 1000),
    };
    format!(":61:{}{entry_date}{mark}{amount}NTRF{references}", yymmdd(value))
}

/// `:86:`: structured (`?20`.. purpose, `?32`/`?33` name) when there is a counterparty, free
/// text wrapped at words otherwise.
fn details(entry: &Entry) -> Vec<String> {
    let chunks = |text: &str| -> Vec<String> {
        text.chars().collect::<Vec<char>>().chunks(27).map(|chunk| chunk.iter().collect()).collect()
    };
    match (&entry.counterparty, &entry.reference) {
        (None, None) => Vec::new(),
        (None, Some(reference)) => {
            let mut lines: Vec<String> = vec![String::new()];
            for word in reference.split(' ') {
                let last = lines.last_mut().expect("a line");
                if last.is_empty() {
                    last.push_str(word);
                } else if last.len() + 1 + word.len() <= 65 {
                    last.push(' ');
                    last.push_str(word);
                } else {
                    lines.push(word.into());
                }
            }
            lines[0].insert_str(0, ":86:");
            lines
        }
        (Some(name), reference) => {
            let purpose = reference.as_deref().map(chunks).unwrap_or_default();
            let mut text = String::from(":86:166");
            purpose.iter().enumerate().for_each(|(n, chunk)| text.push_str(&format!("?2{n}{chunk}")));
            chunks(name).iter().enumerate().for_each(|(n, chunk)| text.push_str(&format!("?3{}{chunk}", n + 2)));
            text.chars().collect::<Vec<char>>().chunks(65).map(|line| line.iter().collect()).collect()
        }
    }
}

proptest! {
    #[test]
    fn random_statements_read_back(
        messages in proptest::collection::vec(any_message(), 1..4),
        wrapped in any::<bool>(),
    ) {
        prop_assume!(messages.iter().any(|message| !message.entries.is_empty()));
        let (bytes, expected) = write(&messages, wrapped);
        let statement = read(&bytes, &kassa_digits);
        prop_assert_eq!(statement, Ok(Statement { format: Format::Mt940, rows: expected }));
    }
}

/// Lines that look like entry tags more or less.
const ENTRY_LINE: &str = "(:61:|:86:|:6[0-5][FM]?:)?[0-9CDRNF,/ A-Z?a-zа-я\\-]{0,40}";

proptest! {
    #![proptest_config(ProptestConfig::with_cases(500))]

    #[test]
    fn random_entry_lines_never_panic(lines in proptest::collection::vec(ENTRY_LINE, 0..12)) {
        let entries: String = lines.iter().map(|line| format!("{line}\r\n")).collect();
        if let Err(problems) = read(&message(&entries), &kassa_digits) {
            prop_assert!(!problems.is_empty());
        }
    }
}
