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

/// Days since 1970-01-01 of a `YYYY-MM-DD` date; `None` for anything else (2026-02-30 too).
pub fn day_number(date: &str) -> Option<i64> {
    if date.len() != 10
        || !date.bytes().enumerate().all(|(i, b)| if i == 4 || i == 7 { b == b'-' } else { b.is_ascii_digit() })
    {
        return None;
    }
    let day = days_from_civil(date)?;
    (date_of(day * 86_400_000) == date).then_some(day)
}

fn days_from_civil(date: &str) -> Option<i64> {
    let mut parts = date.splitn(3, '-').map(|p| p.parse::<i64>().ok());
    let (Some(Some(y)), Some(Some(m)), Some(Some(d))) = (parts.next(), parts.next(), parts.next()) else {
        return None;
    };
    if !(1970..=9999).contains(&y) || !(1..=12).contains(&m) || !(1..=31).contains(&d) {
        return None;
    }
    // Howard Hinnant's days-from-civil.
    let y = if m <= 2 { y - 1 } else { y };
    let era = y.div_euclid(400);
    let yoe = y - era * 400;
    let doy = (153 * (if m > 2 { m - 3 } else { m + 9 }) + 2) / 5 + d - 1;
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    Some(era * 146_097 + doe - 719_468)
}

/// `YYYY-MM-DD` of a Unix time in milliseconds (UTC).
pub fn date_of(unix_ms: i64) -> String {
    let (y, m, d) = civil_date(unix_ms);
    format!("{y:04}-{m:02}-{d:02}")
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

    #[test]
    fn dates_round_trip_through_day_numbers() {
        for ms in [0, 951_782_400_000, 1_795_305_600_000, 4_102_444_800_000] {
            assert_eq!(day_number(&date_of(ms)), Some(ms.div_euclid(86_400_000)));
        }
        assert_eq!(day_number("2026-13-01"), None);
        assert_eq!(day_number("yesterday"), None);
        assert_eq!(day_number("2026-02-30"), None, "no such day");
        assert_eq!(day_number("2026-2-3"), None, "written in full");
        assert_eq!(day_number("2024-02-29"), Some(19_782));
    }
}
