//! Wall-clock time in Unix milliseconds, the unit of every stored timestamp, and the civil
//! (UTC) date where a rule needs one (card expiry).

pub fn now_ms() -> i64 {
    std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map(|d| d.as_millis() as i64).unwrap_or(0)
}

/// The UTC civil date (year, month 1–12, day 1–31) of a Unix time in milliseconds.
pub fn civil_date(unix_ms: i64) -> (i64, i64, i64) {
    let days = unix_ms.div_euclid(86_400_000);
    // Days since 1970-01-01 to a civil date (Howard Hinnant's algorithm).
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + if month <= 2 { 1 } else { 0 };
    (year, month, day)
}

/// The current UTC year and month.
pub fn year_month_now() -> (i64, i64) {
    let (y, m, _) = civil_date(now_ms());
    (y, m)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn civil_dates() {
        assert_eq!(civil_date(0), (1970, 1, 1));
        assert_eq!(civil_date(1_795_305_600_000), (2026, 11, 22));
        assert_eq!(civil_date(951_782_400_000), (2000, 2, 29));
        assert_eq!(civil_date(-86_400_000), (1969, 12, 31));
    }
}
