//! The backend differences of the shared SQL, in one small value.

/// What differs between the backends in the shared SQL.
#[derive(Clone, Copy, Debug)]
pub(super) struct Dialect {
    /// Appended to the sub-select that picks rows to claim. PostgreSQL: `FOR UPDATE SKIP LOCKED`,
    /// so concurrent processes skip each other's rows; SQLite has one writer and needs nothing.
    pub skip_locked: &'static str,
    /// Appended to a select that must lock its row until the transaction ends (PostgreSQL:
    /// `FOR UPDATE`; SQLite's one writer holds the database already).
    pub lock_row: &'static str,
    /// Multi-row statements use anonymous `?` placeholders (SQLite), bound in order: SQLite looks
    /// numbered ones up by name one at a time, quadratic in a batch of two thousand parameters.
    pub anonymous_params: bool,
    /// Serializes the transactions that record a transfer with the same similarity key (`$1`):
    /// PostgreSQL takes an advisory lock for the transaction; SQLite's one writer already does.
    pub transfer_lock: &'static str,
    /// The merchant's `payment_id` folded for a case-insensitive prefix search, exactly as its
    /// index is built (PostgreSQL compares it in code-point order, as SQLite always does).
    pub folded_payment_id: &'static str,
    /// A statement may write in its `WITH` (PostgreSQL; SQLite's may not), so several writes
    /// can be one statement, committed on its own: one round trip.
    pub writable_cte: bool,
    /// Starts a writing transaction. SQLite: `BEGIN IMMEDIATE`, so a transaction that reads
    /// before it writes holds the write lock from the start; a deferred one fails at once as
    /// busy when another process (the CLI) commits between its read and its write.
    pub begin_write: &'static str,
}

impl Dialect {
    /// A dialect with numbered placeholders and nothing else, for tests of the SQL it shapes.
    #[cfg(test)]
    pub const NUMBERED: Dialect = Dialect {
        skip_locked: "",
        lock_row: "",
        anonymous_params: false,
        transfer_lock: "",
        folded_payment_id: "",
        writable_cte: false,
        begin_write: "BEGIN",
    };

    /// `rows` groups of `per_row` placeholders for a multi-row `VALUES` or `IN` list, numbered
    /// from `$1` on PostgreSQL and `?` on SQLite.
    pub fn value_rows(&self, rows: usize, per_row: usize) -> String {
        self.value_rows_from(1, rows, per_row)
    }

    /// [`Self::value_rows`] numbered from `$from` (after other parameters of the statement).
    pub fn value_rows_from(&self, from: usize, rows: usize, per_row: usize) -> String {
        let mut out = String::with_capacity(rows * per_row * 5);
        for row in 0..rows {
            out.push_str(if row == 0 { "(" } else { ", (" });
            for col in 0..per_row {
                if col > 0 {
                    out.push_str(", ");
                }
                if self.anonymous_params {
                    out.push('?');
                } else {
                    out.push_str(&format!("${}", from + row * per_row + col));
                }
            }
            out.push(')');
        }
        out
    }
}

impl Dialect {
    /// `n` placeholders for an `IN` list, the first numbered `from` (`$3, $4`), or `?` each on
    /// SQLite (whose other placeholders in the statement must then be `?` too).
    pub fn params(&self, from: usize, n: usize) -> String {
        (0..n)
            .map(|i| if self.anonymous_params { "?".to_string() } else { format!("${}", from + i) })
            .collect::<Vec<_>>()
            .join(", ")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn values_are_numbered_or_anonymous() {
        let numbered = Dialect::NUMBERED;
        let anonymous = Dialect { anonymous_params: true, ..numbered };
        assert_eq!(anonymous.value_rows(2, 2), "(?, ?), (?, ?)");
        assert_eq!(numbered.value_rows(2, 2), "($1, $2), ($3, $4)");
        assert_eq!((numbered.params(3, 2), anonymous.params(3, 2)), ("$3, $4".to_string(), "?, ?".to_string()));
    }
}
