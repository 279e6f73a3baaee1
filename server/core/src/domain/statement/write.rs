//! Statements written the way banks write them, in each format Kassa reads: for the demo (an
//! operator tries reconciliation with a file of the sandbox's payments), the benchmark and the
//! tests. What is written here reads back as the same entries.

use std::fmt::Write as _;

use super::Format;

/// One entry to write.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Entry {
    /// `YYYY-MM-DD`.
    pub booked_on: String,
    /// Minor units, > 0.
    pub amount: i64,
    pub credit: bool,
    pub reference: String,
    pub counterparty: String,
    /// The bank's id of the transaction (written where the format has a place for it).
    pub bank_id: String,
}

/// The statement of `account` in `currency` (with `digits` fractional digits) listing
/// `entries`, in `format`.
pub fn write(format: Format, account: &str, currency: &str, digits: u32, entries: &[Entry]) -> Vec<u8> {
    match format {
        Format::Csv => csv(account, currency, digits, entries).into_bytes(),
        Format::Mt940 => mt940(account, currency, digits, entries).into_bytes(),
        Format::Camt053 => camt053(account, currency, digits, entries).into_bytes(),
        Format::OneC => one_c(account, digits, entries),
    }
}

/// One credit of 1,500.50 RUB on `day` to `account`, in every format: the file name an online
/// bank would give it, its bytes, and the format's name as the console shows it.
pub fn examples(account: &str, day: &str) -> Vec<(&'static str, Vec<u8>, &'static str)> {
    let entry = Entry {
        booked_on: day.to_string(),
        amount: 150_050,
        credit: true,
        reference: "Order 1001".into(),
        counterparty: "Ivan Petrov".into(),
        bank_id: "EX-0001".into(),
    };
    let one = std::slice::from_ref(&entry);
    vec![
        ("statement.csv", write(Format::Csv, account, "RUB", 2, one), "CSV"),
        ("statement.sta", write(Format::Mt940, account, "RUB", 2, one), "SWIFT MT940"),
        ("statement.xml", write(Format::Camt053, account, "RUB", 2, one), "ISO 20022 camt.053"),
        ("kl_to_1c.txt", write(Format::OneC, account, "RUB", 2, one), "1C client-bank exchange"),
    ]
}

/// `1500.50` (or `1500` without fractional digits), with `separator` before the fraction.
fn major(minor: i64, digits: u32, separator: char) -> String {
    if digits == 0 {
        return minor.to_string();
    }
    let scale = 10_i64.pow(digits);
    format!("{}{separator}{:0width$}", minor / scale, minor % scale, width = digits as usize)
}

fn csv(account: &str, currency: &str, digits: u32, entries: &[Entry]) -> String {
    let quote = |s: &str| format!("\"{}\"", s.replace('"', "\"\""));
    let mut out = String::from("date,amount,currency,account,reference,counterparty,id,direction\n");
    for e in entries {
        let direction = if e.credit { "credit" } else { "debit" };
        let _ = writeln!(
            out,
            "{},{},{currency},{account},{},{},{},{direction}",
            e.booked_on,
            major(e.amount, digits, '.'),
            quote(&e.reference),
            quote(&e.counterparty),
            quote(&e.bank_id),
        );
    }
    out
}

/// `YYMMDD` of `YYYY-MM-DD`.
fn yymmdd(day: &str) -> String {
    format!("{}{}{}", &day[2..4], &day[5..7], &day[8..10])
}

/// SWIFT's character set: what MT940 may carry (online banks transliterate the rest).
fn swift_text(s: &str) -> String {
    s.chars().map(|c| if c.is_ascii_alphanumeric() || " /-?:().,'+".contains(c) { c } else { ' ' }).take(65).collect()
}

fn mt940(account: &str, currency: &str, digits: u32, entries: &[Entry]) -> String {
    let first = entries.first().map_or("2026-01-01", |e| e.booked_on.as_str());
    let last = entries.last().map_or(first, |e| e.booked_on.as_str());
    let mut out = String::from("{1:F01KASSRUMMAXXX0000000000}{2:I940KASSRUMMXXXXN}{4:\n");
    let _ = write!(out, ":20:KASSA{}\n:25:{account}\n:28C:1/1\n:60F:C{}{currency}0,00\n", yymmdd(first), yymmdd(first));
    let mut balance = 0;
    for e in entries {
        let day = yymmdd(&e.booked_on);
        let mark = if e.credit { 'C' } else { 'D' };
        balance += if e.credit { e.amount } else { -e.amount };
        let reference = if e.reference.is_empty() {
            "NONREF".to_string()
        } else {
            swift_text(&e.reference).chars().take(16).collect()
        };
        let _ = writeln!(
            out,
            ":61:{day}{}{mark}{}NTRF{}//{}",
            &day[2..],
            major(e.amount, digits, ','),
            reference.trim(),
            swift_text(&e.bank_id)
        );
        let _ = writeln!(out, ":86:{}", swift_text(&format!("{} {}", e.reference, e.counterparty)).trim());
    }
    let mark = if balance < 0 { 'D' } else { 'C' };
    let _ = write!(out, ":62F:{mark}{}{currency}{}\n-}}\n", yymmdd(last), major(balance.abs(), digits, ','));
    out
}

fn xml(s: &str) -> String {
    s.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;").replace('"', "&quot;")
}

fn camt053(account: &str, currency: &str, digits: u32, entries: &[Entry]) -> String {
    let first = entries.first().map_or("2026-01-01", |e| e.booked_on.as_str());
    let mut out = String::from("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
    out.push_str("<Document xmlns=\"urn:iso:std:iso:20022:tech:xsd:camt.053.001.02\">\n<BkToCstmrStmt>\n");
    let _ = write!(
        out,
        "<GrpHdr><MsgId>KASSA-{first}</MsgId><CreDtTm>{first}T23:59:59Z</CreDtTm></GrpHdr>\n<Stmt><Id>KASSA-{first}</Id>\
         <CreDtTm>{first}T23:59:59Z</CreDtTm><Acct><Id><Othr><Id>{}</Id></Othr></Id><Ccy>{currency}</Ccy></Acct>\n",
        xml(account)
    );
    for e in entries {
        let _ = writeln!(
            out,
            "<Ntry><Amt Ccy=\"{currency}\">{}</Amt><CdtDbtInd>{}</CdtDbtInd><Sts>BOOK</Sts><BookgDt><Dt>{}</Dt></BookgDt>\
             <ValDt><Dt>{}</Dt></ValDt><AcctSvcrRef>{}</AcctSvcrRef><NtryDtls><TxDtls><RltdPties><Dbtr><Nm>{}</Nm></Dbtr>\
             </RltdPties><RmtInf><Ustrd>{}</Ustrd></RmtInf></TxDtls></NtryDtls></Ntry>",
            major(e.amount, digits, '.'),
            if e.credit { "CRDT" } else { "DBIT" },
            e.booked_on,
            e.booked_on,
            xml(&e.bank_id),
            xml(&e.counterparty),
            xml(&e.reference),
        );
    }
    out.push_str("</Stmt>\n</BkToCstmrStmt>\n</Document>\n");
    out
}

/// `DD.MM.YYYY` of `YYYY-MM-DD`.
fn dotted(day: &str) -> String {
    format!("{}.{}.{}", &day[8..10], &day[5..7], &day[0..4])
}

/// The 1C exchange file in Windows-1251 with CRLF line ends, as 1C writes it.
fn one_c(account: &str, digits: u32, entries: &[Entry]) -> Vec<u8> {
    let first = entries.first().map_or("2026-01-01", |e| e.booked_on.as_str());
    let last = entries.last().map_or(first, |e| e.booked_on.as_str());
    let (from, to) = (dotted(first), dotted(last));
    let mut out = format!(
        "1CClientBankExchange\nВерсияФормата=1.03\nКодировка=Windows\nОтправитель=Kassa\nПолучатель=\n\
         ДатаНачала={from}\nДатаКонца={to}\nРасчСчет={account}\nДокумент=Платежное поручение\n\
         СекцияРасчСчет\nДатаНачала={from}\nДатаКонца={to}\nРасчСчет={account}\nКонецРасчСчет\n"
    );
    for (i, e) in entries.iter().enumerate() {
        // A payer's account of its own per entry, so each order is told apart.
        let other = format!("40817810{:012}", i + 1);
        let (payer, payee) = if e.credit { (other.as_str(), account) } else { (account, other.as_str()) };
        let _ = write!(
            out,
            "СекцияДокумент=Платежное поручение\nНомер={}\nДата={}\nСумма={}\nПлательщикСчет={payer}\nПлательщик={}\n\
             ПолучательСчет={payee}\nПолучатель=Kassa\nДата{}={}\nНазначениеПлатежа={}\nКонецДокумента\n",
            e.bank_id,
            dotted(&e.booked_on),
            major(e.amount, digits, '.'),
            e.counterparty,
            if e.credit { "Поступило" } else { "Списано" },
            dotted(&e.booked_on),
            e.reference,
        );
    }
    out.push_str("КонецФайла\n");
    let text = out.replace('\n', "\r\n");
    let (bytes, _, _) = encoding_rs::WINDOWS_1251.encode(&text);
    bytes.into_owned()
}

#[cfg(test)]
mod tests {
    use super::super::{Direction, read};
    use super::*;

    #[test]
    fn what_is_written_reads_back_in_every_format() {
        let digits = |c: &str| (c == "RUB").then_some(2);
        for (name, bytes, _) in examples("4081 7810 0999 1000 4312", "2026-11-25") {
            let read = read(&bytes, &digits).unwrap_or_else(|p| panic!("{name}: {p:?}"));
            let [row] = read.rows.as_slice() else { panic!("{name}: {:?}", read.rows) };
            assert_eq!(
                (row.account.as_str(), row.booked_on.as_str(), row.amount, row.currency.as_str(), row.direction),
                ("40817810099910004312", "2026-11-25", 150_050, "RUB", Direction::Credit),
                "{name}"
            );
            assert!(row.reference.as_deref().is_some_and(|r| r.contains("Order 1001")), "{name}: {row:?}");
            assert!(row.bank_id.as_deref().is_some_and(|id| id.contains("EX-0001")), "{name}: {row:?}");
        }
        let formats: Vec<Format> =
            examples("1", "2026-11-25").iter().map(|(_, b, _)| read(b, &digits).unwrap().format).collect();
        assert_eq!(formats, [Format::Csv, Format::Mt940, Format::Camt053, Format::OneC]);
    }

    #[test]
    fn many_entries_and_money_out() {
        let digits = |c: &str| (c == "RUB").then_some(2);
        let entries: Vec<Entry> = (1..=50)
            .map(|i| Entry {
                booked_on: "2026-11-24".into(),
                amount: i * 1_000 + 1,
                credit: i % 5 != 0,
                reference: format!("order {i}"),
                counterparty: "Payer".into(),
                bank_id: format!("B{i}"),
            })
            .collect();
        for format in [Format::Csv, Format::Mt940, Format::Camt053, Format::OneC] {
            let read = read(&write(format, "40702810900000012345", "RUB", 2, &entries), &digits).unwrap();
            let got: Vec<(i64, Direction)> = read.rows.iter().map(|r| (r.amount, r.direction)).collect();
            let want: Vec<(i64, Direction)> = entries
                .iter()
                .map(|e| (e.amount, if e.credit { Direction::Credit } else { Direction::Debit }))
                .collect();
            assert_eq!(got, want, "{format:?}");
        }
    }
}
