//! camt.053: the fixture, the entry rules across versions, malformed files, and round trips.

use proptest::prelude::*;

use super::*;

fn some(text: &str) -> Option<String> {
    Some(text.into())
}

fn entry(line: usize, booked_on: &str, amount: i64, currency: &str, direction: Direction) -> StatementRow {
    StatementRow {
        line,
        account: "DE89370400440532013000".into(),
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

/// A one-statement camt.053.001.08 file around the given entries (which start on line 5).
fn statement(entries: &str) -> Vec<u8> {
    format!(
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n\
         <camt:Document xmlns:camt=\"urn:iso:std:iso:20022:tech:xsd:camt.053.001.08\"><camt:BkToCstmrStmt>\n\
         <camt:Stmt><camt:Id>S1</camt:Id>\n\
         <camt:Acct><camt:Id><camt:Othr><camt:Id>40817810099910004312</camt:Id></camt:Othr></camt:Id></camt:Acct>\n\
         {entries}\
         </camt:Stmt></camt:BkToCstmrStmt></camt:Document>\n"
    )
    .into_bytes()
}

/// A booked v08 credit of 1.00 RUB on 2026-11-24 with the given extra elements.
fn credit_entry(extra: &str) -> String {
    format!(
        "<camt:Ntry><camt:Amt Ccy=\"RUB\">1.00</camt:Amt><camt:CdtDbtInd>CRDT</camt:CdtDbtInd>\
         <camt:Sts><camt:Cd>BOOK</camt:Cd></camt:Sts>\
         <camt:BookgDt><camt:Dt>2026-11-24</camt:Dt></camt:BookgDt>{extra}</camt:Ntry>\n"
    )
}

#[test]
fn fixture_with_two_statements() {
    let statement = read_ok(fixture!("statement.camt053.xml"));
    assert_eq!(statement.format, Format::Camt053);
    let expected = [
        StatementRow {
            booked_at_ms: Some(1_795_504_500_000),
            counterparty: some("Иванов Иван Иванович"),
            reference: some("Оплата заказа № 1001 по счёту 77"),
            bank_id: some("BK-20261124-0001"),
            ..entry(39, "2026-11-24", 150_050, "RUB", Direction::Credit)
        },
        StatementRow {
            counterparty: some("Aigerim Sadykova"),
            reference: some("Payment for order 1002"),
            bank_id: some("TX-20261124-0002"),
            ..entry(79, "2026-11-24", 2_500_000, "KZT", Direction::Credit)
        },
        StatementRow {
            counterparty: some("Петров Пётр"),
            reference: some("Перевод на карту *4312"),
            ..entry(106, "2026-11-24", 35_000, "RUB", Direction::Debit)
        },
        StatementRow {
            reference: some("Комиссия за перевод & обслуживание"),
            bank_id: some("FEE-20261124-0004"),
            ..entry(135, "2026-11-24", 1_575, "RUB", Direction::Debit)
        },
        StatementRow {
            account: "40817810099910004312".into(),
            booked_at_ms: Some(1_795_563_000_000),
            bank_id: some("BK-20261124-0006"),
            ..entry(168, "2026-11-24", 10_000, "RUB", Direction::Credit)
        },
    ];
    assert_eq!(statement.rows, expected);
}

#[test]
fn newer_versions_with_prefixes_codes_and_parties() {
    let details = "<camt:NtryDtls><camt:TxDtls><camt:Refs><camt:EndToEndId>E2E-1</camt:EndToEndId></camt:Refs>\
                   <camt:RltdPties><camt:Dbtr><camt:Pty><camt:Nm>Иван  Петров</camt:Nm></camt:Pty></camt:Dbtr>\
                   </camt:RltdPties>\
                   </camt:TxDtls></camt:NtryDtls>";
    let rows = read_ok(&statement(&credit_entry(details))).rows;
    let expected = StatementRow {
        account: "40817810099910004312".into(),
        counterparty: some("Иван Петров"),
        bank_id: None,
        ..entry(5, "2026-11-24", 100, "RUB", Direction::Credit)
    };
    assert_eq!(rows, [expected]);
}

#[test]
fn entries_not_booked_are_skipped() {
    let pending = credit_entry("").replace("<camt:Cd>BOOK</camt:Cd>", "<camt:Cd>PDNG</camt:Cd>");
    let information = credit_entry("").replace("<camt:Cd>BOOK</camt:Cd>", "<camt:Cd>INFO</camt:Cd>");
    let rows = read_ok(&statement(&[pending.as_str(), information.as_str(), &credit_entry("")].concat())).rows;
    assert_eq!(rows.iter().map(|row| row.line).collect::<Vec<_>>(), [7]);
    assert_eq!(problems(&statement(&pending)), [(0, Reason::Empty)]);
}

#[test]
fn bank_ids_by_precedence() {
    let refs =
        |refs: &str| format!("<camt:NtryDtls><camt:TxDtls><camt:Refs>{refs}</camt:Refs></camt:TxDtls></camt:NtryDtls>");
    let entries = [
        credit_entry(&format!(
            "<camt:AcctSvcrRef>NTRY</camt:AcctSvcrRef>{}",
            refs("<camt:AcctSvcrRef>TX</camt:AcctSvcrRef>")
        )),
        credit_entry(&refs("<camt:AcctSvcrRef>TX</camt:AcctSvcrRef><camt:EndToEndId>E2E</camt:EndToEndId>")),
        credit_entry(&refs("<camt:EndToEndId>E2E</camt:EndToEndId>")),
        credit_entry(&refs("<camt:EndToEndId>NOTPROVIDED</camt:EndToEndId>")),
        credit_entry(""),
    ];
    let ids: Vec<Option<String>> =
        read_ok(&statement(&entries.concat())).rows.into_iter().map(|row| row.bank_id).collect();
    assert_eq!(ids, [some("NTRY"), some("TX"), None, None, None], "the payer's end-to-end id is no bank id");
}

#[test]
fn debits_name_the_creditor_and_references_join() {
    let details = "<camt:NtryDtls><camt:TxDtls><camt:RltdPties><camt:Dbtr><camt:Nm>Us</camt:Nm></camt:Dbtr>\
                   <camt:Cdtr><camt:Nm>Them</camt:Nm></camt:Cdtr></camt:RltdPties>\
                   <camt:RmtInf><camt:Ustrd>Refund of </camt:Ustrd><camt:Ustrd> order 7</camt:Ustrd></camt:RmtInf>\
                   </camt:TxDtls></camt:NtryDtls><camt:AddtlNtryInf>ignored</camt:AddtlNtryInf>";
    let debit = credit_entry(details).replace("CRDT", "DBIT");
    let rows = read_ok(&statement(&debit)).rows;
    assert_eq!((rows[0].direction, rows[0].counterparty.as_deref()), (Direction::Debit, Some("Them")));
    assert_eq!(rows[0].reference.as_deref(), Some("Refund of order 7"));
}

#[test]
fn dates_from_booking_else_value() {
    let value_only = credit_entry("<camt:ValDt><camt:Dt>2026-11-25</camt:Dt></camt:ValDt>")
        .replace("<camt:BookgDt><camt:Dt>2026-11-24</camt:Dt></camt:BookgDt>", "");
    let moment = credit_entry("")
        .replace("<camt:Dt>2026-11-24</camt:Dt>", "<camt:DtTm>2026-11-24T01:30:00.000+05:00</camt:DtTm>");
    let rows = read_ok(&statement(&[value_only, moment].concat())).rows;
    let when: Vec<(&str, Option<i64>)> = rows.iter().map(|row| (row.booked_on.as_str(), row.booked_at_ms)).collect();
    let utc = day(2026, 11, 23).days() * 86_400_000 + (20 * 60 + 30) * 60_000;
    assert_eq!(when, [("2026-11-25", None), ("2026-11-24", Some(utc))]);
}

#[test]
fn bad_entries_are_reported_at_their_line() {
    let entries = [
        credit_entry("").replace(">1.00<", ">1,00.0<"),
        credit_entry("").replace(" Ccy=\"RUB\"", ""),
        credit_entry("").replace("RUB", "EUR"),
        credit_entry("").replace("CRDT", "CRED"),
        credit_entry("").replace("2026-11-24", "2026-11-31"),
        credit_entry("").replace(">1.00<", ">0.00<"),
        credit_entry("").replace(">1.00<", ">1.001<"),
    ];
    let expected = [
        (5, Reason::Amount),
        (6, Reason::Currency),
        (7, Reason::Currency),
        (8, Reason::Syntax),
        (9, Reason::Date),
        (10, Reason::Amount),
        (11, Reason::Amount),
    ];
    assert_eq!(problems(&statement(&entries.concat())), expected);
}

#[test]
fn malformed_xml_is_refused_at_its_line() {
    let broken = statement(&[credit_entry(""), credit_entry("<camt:AcctSvcrRef>X</camt:Acct>")].concat());
    assert_eq!(problems(&broken), [(6, Reason::Syntax)]);
    let mismatched =
        String::from_utf8(statement(&credit_entry(""))).expect("text").replace("</camt:Stmt>", "</camt:Stm>");
    assert_eq!(problems(mismatched.as_bytes()), [(6, Reason::Syntax)]);
    let truncated = &statement(&credit_entry(""))[..300];
    assert_eq!(problems(truncated).len(), 1);
    assert_eq!(problems(truncated)[0].1, Reason::Syntax);
    let no_account = String::from_utf8(statement(&credit_entry("")))
        .expect("text")
        .replace("<camt:Othr>", "<camt:Othr><camt:Schme/>");
    let no_account = no_account.replace("40817810099910004312", "");
    assert_eq!(problems(no_account.as_bytes()), [(3, Reason::Account)]);
}

#[test]
fn encodings_the_declaration_names() {
    let text =
        String::from_utf8(statement(&credit_entry("<camt:AddtlNtryInf>Оплата</camt:AddtlNtryInf>"))).expect("text");
    let (cp1251, _, _) = encoding_rs::WINDOWS_1251.encode(&text);
    assert_eq!(problems(&cp1251), [(5, Reason::Encoding)]);
    let declared = text.replace("encoding=\"UTF-8\"", "encoding=\"windows-1251\"");
    let (cp1251, _, _) = encoding_rs::WINDOWS_1251.encode(&declared);
    assert_eq!(read_ok(&cp1251).rows[0].reference.as_deref(), Some("Оплата"));
}

/// One random entry and how it is written.
#[derive(Debug, Clone)]
struct Entry {
    row: StatementRow,
    /// Seconds into the day and the offset in minutes, when written as DtTm.
    moment: Option<(i64, i64)>,
    value_only: bool,
    id_place: u8,
    pending_before: bool,
}

#[derive(Debug, Clone)]
struct Stmt {
    account: String,
    iban: bool,
    entries: Vec<Entry>,
}

fn any_entry() -> impl Strategy<Value = Entry> {
    let row = (any_day(), any_amount(), any_currency(), any::<bool>(), cyrillic_text(), cyrillic_text(), any_bank_id());
    let moment = proptest::option::of((0..86_400i64, (-48..=56i64).prop_map(|quarter| quarter * 15)));
    let style = (moment, any::<bool>(), 0..2u8, any::<bool>());
    (row, style).prop_map(|((day, amount, currency, credit, reference, counterparty, bank_id), style)| {
        let (moment, value_only, id_place, pending_before) = style;
        let booked_at_ms = moment.map(|(second, offset)| day.days() * 86_400_000 + second * 1000 - offset * 60_000);
        let direction = if credit { Direction::Credit } else { Direction::Debit };
        let row = StatementRow {
            line: 0,
            account: String::new(),
            booked_on: day.iso(),
            booked_at_ms,
            amount,
            currency: currency.into(),
            direction,
            counterparty,
            reference,
            bank_id,
        };
        Entry { row, moment, value_only, id_place, pending_before }
    })
}

fn any_stmt() -> impl Strategy<Value = Stmt> {
    ("[A-Z]{2}[0-9]{18}", any::<bool>(), proptest::collection::vec(any_entry(), 0..6))
        .prop_map(|(account, iban, entries)| Stmt { account, iban, entries })
}

/// A test-only camt.053 writer: the file, and the rows as the reader must give them back.
fn write(statements: &[Stmt], prefixed: bool, v08: bool) -> (Vec<u8>, Vec<StatementRow>) {
    let version = if v08 { "08" } else { "02" };
    let (mut lines, mut rows) = (vec!["<?xml version=\"1.0\" encoding=\"UTF-8\"?>".to_owned()], Vec::new());
    let namespace = format!("urn:iso:std:iso:20022:tech:xsd:camt.053.001.{version}");
    lines.push(match prefixed {
        true => format!("<c:Document xmlns:c=\"{namespace}\">"),
        false => format!("<Document xmlns=\"{namespace}\">"),
    });
    lines.push("<BkToCstmrStmt><GrpHdr><MsgId>M1</MsgId></GrpHdr>".into());
    for (number, stmt) in statements.iter().enumerate() {
        lines.push(format!("<Stmt><Id>S{number}</Id>"));
        let id = if stmt.iban {
            format!("<IBAN>{}</IBAN>", stmt.account)
        } else {
            format!("<Othr><Id>{}</Id></Othr>", stmt.account)
        };
        lines.push(format!("<Acct><Id>{id}</Id><Ccy>RUB</Ccy></Acct>"));
        for entry in &stmt.entries {
            if entry.pending_before {
                let pending = Entry { pending_before: false, ..entry.clone() };
                lines.extend(entry_lines(&pending, v08, "PDNG"));
            }
            rows.push(StatementRow { line: lines.len() + 1, account: stmt.account.clone(), ..entry.row.clone() });
            lines.extend(entry_lines(entry, v08, "BOOK"));
        }
        lines.push("</Stmt>".into());
    }
    lines.push("</BkToCstmrStmt>".into());
    lines.push("</Document>".into());
    let mut text: String = lines.iter().map(|line| format!("{line}\n")).collect();
    if prefixed {
        text = prefix_elements(&text);
    }
    (text.into_bytes(), rows)
}

/// Every element name of the body given the `c:` prefix.
fn prefix_elements(text: &str) -> String {
    let (head, body) = text.split_once("\">").expect("a root element");
    let body = body.replace("</", "\u{1}").replace('<', "<c:").replace('\u{1}', "</c:");
    format!("{head}\">{body}")
}

fn entry_lines(entry: &Entry, v08: bool, status: &str) -> Vec<String> {
    let row = &entry.row;
    let status = if v08 { format!("<Sts><Cd>{status}</Cd></Sts>") } else { format!("<Sts>{status}</Sts>") };
    let side = if row.direction == Direction::Credit { "CRDT" } else { "DBIT" };
    let digits = kassa_digits(&row.currency).expect("a currency");
    let date = match entry.moment {
        None => format!("<Dt>{}</Dt>", row.booked_on),
        Some((second, offset)) => {
            let zone = match offset {
                0 => "Z".to_owned(),
                _ => format!("{}{:02}:{:02}", if offset < 0 { '-' } else { '+' }, offset.abs() / 60, offset.abs() % 60),
            };
            format!(
                "<DtTm>{}T{:02}:{:02}:{:02}{zone}</DtTm>",
                row.booked_on,
                second / 3600,
                second / 60 % 60,
                second % 60
            )
        }
    };
    let dates = match entry.value_only {
        true => format!("<ValDt>{date}</ValDt>"),
        false => format!("<BookgDt>{date}</BookgDt><ValDt><Dt>2000-01-01</Dt></ValDt>"),
    };
    let mut lines = vec![
        "<Ntry>".to_owned(),
        format!("<Amt Ccy=\"{}\">{}</Amt>", row.currency, major(row.amount, digits)),
        format!("<CdtDbtInd>{side}</CdtDbtInd>"),
        status,
        dates,
    ];
    let id = |place: u8| row.bank_id.as_ref().filter(|_| entry.id_place == place);
    if let Some(id) = id(0) {
        lines.push(format!("<AcctSvcrRef>{id}</AcctSvcrRef>"));
    }
    lines.extend(transaction_lines(entry, v08));
    lines.push("</Ntry>".into());
    lines
}

fn transaction_lines(entry: &Entry, v08: bool) -> Vec<String> {
    let row = &entry.row;
    let mut lines = vec!["<NtryDtls><TxDtls>".to_owned()];
    match (&row.bank_id, entry.id_place) {
        (Some(id), 1) => {
            lines.push(format!("<Refs><AcctSvcrRef>{id}</AcctSvcrRef><EndToEndId>E2E</EndToEndId></Refs>"))
        }
        (Some(id), 2) => lines.push(format!("<Refs><EndToEndId>{id}</EndToEndId></Refs>")),
        _ => lines.push("<Refs><EndToEndId>NOTPROVIDED</EndToEndId></Refs>".into()),
    }
    let party = |name: &str| if v08 { format!("<Pty><Nm>{name}</Nm></Pty>") } else { format!("<Nm>{name}</Nm>") };
    if let Some(name) = &row.counterparty {
        let (debtor, creditor) = match row.direction {
            Direction::Credit => (party(name), party("ООО Касса")),
            Direction::Debit => (party("ООО Касса"), party(name)),
        };
        lines.push(format!("<RltdPties><Dbtr>{debtor}</Dbtr><Cdtr>{creditor}</Cdtr></RltdPties>"));
    }
    let reference = row.reference.as_deref().unwrap_or("");
    match reference.split_once(' ') {
        Some((first, rest)) => lines.push(format!("<RmtInf><Ustrd>{first}</Ustrd><Ustrd>{rest}</Ustrd></RmtInf>")),
        None if !reference.is_empty() => lines.push(format!("<RmtInf><Ustrd>{reference}</Ustrd></RmtInf>")),
        None => {}
    }
    lines.push("</TxDtls></NtryDtls>".into());
    lines
}

proptest! {
    #[test]
    fn random_statements_read_back(
        statements in proptest::collection::vec(any_stmt(), 1..4),
        prefixed in any::<bool>(),
        v08 in any::<bool>(),
    ) {
        prop_assume!(statements.iter().any(|stmt| !stmt.entries.is_empty()));
        let (bytes, expected) = write(&statements, prefixed, v08);
        let statement = read(&bytes, &kassa_digits);
        prop_assert_eq!(statement, Ok(Statement { format: Format::Camt053, rows: expected }));
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(500))]

    #[test]
    fn random_entries_never_panic(pieces in proptest::collection::vec(proptest::sample::select(vec![
        "<camt:Amt Ccy=\"RUB\">", "</camt:Amt>", "1.00", "<camt:Sts>", "</camt:Sts>", "<camt:Cd>", "</camt:Cd>", "BOOK",
        "<camt:BookgDt>", "</camt:BookgDt>", "<camt:Dt>", "</camt:Dt>", "<camt:DtTm>", "</camt:DtTm>", "2026-11-24",
        "T10:00:00+03:00", "<camt:NtryDtls>", "</camt:NtryDtls>", "<camt:TxDtls>", "</camt:TxDtls>", "<camt:Ustrd>",
        "</camt:Ustrd>", "<camt:CdtDbtInd>CRDT</camt:CdtDbtInd>", "&amp;", "&bogus;", "<", ">", "\n", "Оплата",
        "<![CDATA[x]]>",
    ]), 0..40)) {
        let file = statement(&format!("<camt:Ntry>{}</camt:Ntry>\n", pieces.concat()));
        if let Err(problems) = read(&file, &kassa_digits) {
            prop_assert!(!problems.is_empty());
        }
    }
}
