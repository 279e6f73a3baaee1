//! CSV exports: one entry per line under a header naming the columns. Banks and spreadsheets
//! differ in the separator (`;` in Russian locales, where `,` is the decimal mark), the column
//! names (English or Russian) and their order, so all three are read from the header.

use ::csv::{ReaderBuilder, StringRecord};

use super::{
    Day, Digits, Direction, LineIndex, MAX_ROWS, Problem, Reason, Rows, StatementRow, bank_id, collapse,
    compact_account, known_currency, parse_amount, parse_moment, parse_time,
};

/// What a column holds.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Column {
    Date,
    Time,
    DateTime,
    Amount,
    Currency,
    Account,
    Reference,
    Counterparty,
    BankId,
    Direction,
}

const COLUMNS: usize = 10;

impl Column {
    /// The column a header cell names, in English or Russian.
    fn named(cell: &str) -> Option<Column> {
        let name = collapse(&cell.trim_start_matches('\u{feff}').to_lowercase().replace('ё', "е"))?;
        Some(match name.as_str() {
            "date" | "дата" => Column::Date,
            "time" | "время" => Column::Time,
            "datetime" => Column::DateTime,
            "amount" | "сумма" => Column::Amount,
            "currency" | "валюта" => Column::Currency,
            "account" | "requisite" | "pan" | "card" | "счет" | "карта" | "реквизит" => {
                Column::Account
            }
            "reference" | "ref" | "назначение" | "назначение платежа" => Column::Reference,
            "counterparty" | "payer" | "плательщик" => Column::Counterparty,
            "id" | "transaction_id" | "bank_id" | "номер" => Column::BankId,
            "direction" | "type" => Column::Direction,
            _ => return None,
        })
    }
}

/// Where each column is, from the header (the first of a kind wins).
struct Layout {
    at: [Option<usize>; COLUMNS],
    width: usize,
}

impl Layout {
    fn new(header: &StringRecord) -> Result<Layout, String> {
        let mut at = [None; COLUMNS];
        for (index, cell) in header.iter().enumerate() {
            if let Some(column) = Column::named(cell) {
                at[column as usize].get_or_insert(index);
            }
        }
        let layout = Layout { at, width: header.len() };
        let has = |column: Column| layout.at[column as usize].is_some();
        let mut missing: Vec<&str> = [(Column::Amount, "amount"), (Column::Currency, "currency")]
            .into_iter()
            .chain([(Column::Account, "account")])
            .filter(|(column, _)| !has(*column))
            .map(|(_, name)| name)
            .collect();
        if !has(Column::Date) && !has(Column::DateTime) {
            missing.push("date");
        }
        match missing.is_empty() {
            true => Ok(layout),
            false => Err(format!("the header has no {} column", missing.join(", no "))),
        }
    }

    fn has(&self, column: Column) -> bool {
        self.at[column as usize].is_some()
    }

    /// A row's cell of a column, trimmed; empty when the column or the cell is missing.
    fn cell<'r>(&self, record: &'r StringRecord, column: Column) -> &'r str {
        self.at[column as usize].and_then(|index| record.get(index)).unwrap_or("").trim()
    }
}

/// Reads a CSV statement.
pub(super) fn read(text: &str, digits: Digits) -> Rows {
    let mut reader =
        ReaderBuilder::new().delimiter(separator(text)).has_headers(false).flexible(true).from_reader(text.as_bytes());
    let lines = Lines { text, index: LineIndex::new(text) };
    let mut records = reader.records().filter(|record| record.as_ref().map_or(true, |r| !is_blank(r)));
    let header = match records.next() {
        None => return Ok(Vec::new()),
        Some(Err(error)) => return Err(vec![lines.syntax(&error)]),
        Some(Ok(header)) => header,
    };
    let layout =
        Layout::new(&header).map_err(|detail| vec![Problem::new(lines.of(&header), Reason::Header, detail)])?;
    let (mut rows, mut problems) = (Vec::new(), Vec::new());
    for (entries, record) in records.enumerate() {
        if entries >= MAX_ROWS {
            return Err(vec![Problem::too_many_rows()]);
        }
        match record {
            Err(error) => problems.push(lines.syntax(&error)),
            Ok(record) => match row(&record, lines.of(&record), &layout, digits) {
                Ok(row) => rows.push(row),
                Err(mut found) => problems.append(&mut found),
            },
        }
    }
    match problems.is_empty() {
        true => Ok(rows),
        false => Err(problems),
    }
}

/// `;` when the header line has more of them than commas (outside quotes), else `,`.
fn separator(text: &str) -> u8 {
    let header = text.lines().find(|line| !line.trim().is_empty()).unwrap_or("");
    let (mut commas, mut semicolons, mut quoted) = (0, 0, false);
    for c in header.chars() {
        match c {
            '"' => quoted = !quoted,
            ',' if !quoted => commas += 1,
            ';' if !quoted => semicolons += 1,
            _ => {}
        }
    }
    if semicolons > commas { b';' } else { b',' }
}

/// Spreadsheets leave lines of empty cells (`;;;`) below a table.
fn is_blank(record: &StringRecord) -> bool {
    record.iter().all(|cell| cell.trim().is_empty())
}

/// Lines of the file's records. The reader's own line count lags one line behind after a
/// CRLF (it counts the LF when it reads on), so lines come from its byte positions.
struct Lines<'t> {
    text: &'t str,
    index: LineIndex,
}

impl Lines<'_> {
    fn of(&self, record: &StringRecord) -> usize {
        record.position().map_or(0, |position| self.at(position.byte()))
    }

    /// The line of the first character at or after a byte offset that is not a line break.
    fn at(&self, byte: u64) -> usize {
        let start = usize::try_from(byte).unwrap_or(usize::MAX);
        let rest = self.text.as_bytes().get(start..).unwrap_or_default();
        let breaks = rest.iter().take_while(|&&b| b == b'\r' || b == b'\n').count();
        self.index.line_of(start.saturating_add(breaks))
    }

    fn syntax(&self, error: &::csv::Error) -> Problem {
        Problem::new(error.position().map_or(0, |position| self.at(position.byte())), Reason::Syntax, error.to_string())
    }
}

/// One entry, or every problem of its line.
fn row(record: &StringRecord, line: usize, layout: &Layout, digits: Digits) -> Result<StatementRow, Vec<Problem>> {
    let width = (record.len() > layout.width).then(|| {
        let detail =
            format!("{} cells where the header has {} (an unquoted decimal comma?)", record.len(), layout.width);
        Problem::new(line, Reason::Syntax, detail)
    });
    let money = money(record, layout, digits).map_err(|(reason, detail)| Problem::new(line, reason, detail));
    let booking = booking(record, layout).map_err(|detail| Problem::new(line, Reason::Date, detail));
    let account = compact_account(layout.cell(record, Column::Account)).replace('-', "");
    let account = match account.is_empty() {
        true => Err(Problem::new(line, Reason::Account, "no account")),
        false => Ok(account),
    };
    match (money, booking, account, width) {
        (Ok((currency, amount, direction)), Ok((day, booked_at_ms)), Ok(account), None) => Ok(StatementRow {
            line,
            account,
            booked_on: day.iso(),
            booked_at_ms,
            amount,
            currency,
            direction,
            counterparty: collapse(layout.cell(record, Column::Counterparty)),
            reference: collapse(layout.cell(record, Column::Reference)),
            bank_id: bank_id(layout.cell(record, Column::BankId)),
        }),
        (money, booking, account, width) => {
            Err([money.err(), booking.err(), account.err(), width].into_iter().flatten().collect())
        }
    }
}

/// Currency, amount and direction: from the direction column when there is one, else from the
/// amount's sign (a negative amount is money out).
fn money(record: &StringRecord, layout: &Layout, digits: Digits) -> Result<(String, i64, Direction), (Reason, String)> {
    let (currency, count) =
        known_currency(layout.cell(record, Column::Currency), digits).map_err(|detail| (Reason::Currency, detail))?;
    let (negative, amount) =
        parse_amount(layout.cell(record, Column::Amount), count).map_err(|detail| (Reason::Amount, detail))?;
    let text = layout.cell(record, Column::Direction);
    let direction = match (text.is_empty(), direction(text), negative) {
        (true, _, false) => Direction::Credit,
        (true, _, true) => Direction::Debit,
        (false, None, _) => return Err((Reason::Syntax, format!("`{text}` is not a direction (credit or debit)"))),
        (false, Some(Direction::Credit), true) => return Err((Reason::Amount, "a negative amount on a credit".into())),
        (false, Some(direction), _) => direction,
    };
    Ok((currency, amount, direction))
}

fn direction(text: &str) -> Option<Direction> {
    match text.to_lowercase().as_str() {
        "credit" | "in" | "c" | "cr" | "приход" => Some(Direction::Credit),
        "debit" | "out" | "d" | "dr" | "расход" => Some(Direction::Debit),
        _ => None,
    }
}

/// The booking day and, when the row gives a time, the moment: the date column (which may
/// carry a time too), else the datetime column; a time column completes the date.
fn booking(record: &StringRecord, layout: &Layout) -> Result<(Day, Option<i64>), String> {
    let date_text = layout.cell(record, Column::Date);
    let moment_text = layout.cell(record, Column::DateTime);
    let time_text = layout.cell(record, Column::Time);
    let date = match date_text.is_empty() {
        true => None,
        false => Some(
            Day::parse(date_text)
                .map(|day| (day, None))
                .or_else(|| parse_moment(date_text).map(|(day, at)| (day, Some(at))))
                .ok_or_else(|| format!("`{date_text}` is not a date"))?,
        ),
    };
    let moment = match moment_text.is_empty() {
        true => None,
        false => Some(parse_moment(moment_text).ok_or_else(|| format!("`{moment_text}` is not a date and time"))?),
    };
    let day = match (date, moment) {
        (Some((day, _)), _) | (None, Some((day, _))) => day,
        (None, None) => return Err("no date".into()),
    };
    let at = match (moment, date.and_then(|(_, at)| at)) {
        (Some((_, at)), _) | (None, Some(at)) => Some(at),
        (None, None) if layout.has(Column::Time) && !time_text.is_empty() => {
            let millis = parse_time(time_text).ok_or_else(|| format!("`{time_text}` is not a time"))?;
            Some(day.days() * 86_400_000 + millis)
        }
        (None, None) => None,
    };
    Ok((day, at))
}
