//! What the dashboards show: payins of a period per country and method (count, volume, the
//! share that got requisites, succeeded, expired or went to dispute) and the median times from
//! creation to requisites and to success.

/// One UTC day, in milliseconds.
pub const DAY_MS: i64 = 86_400_000;

/// Medians are taken over the latest this many payins of a period.
pub const MEDIAN_SAMPLE: i64 = 10_000;

/// One country, method and currency of a period.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct GroupStats {
    /// The UTC day (its first millisecond); 0 once days are merged.
    pub day_ms: i64,
    pub country: String,
    pub method: String,
    pub currency: String,
    pub count: i64,
    /// Sum of the amounts that succeeded, minor units.
    pub volume: i64,
    pub got_requisites: i64,
    pub success: i64,
    pub expired: i64,
    pub disputed: i64,
}

/// A period's payins.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PeriodStats {
    pub from_ms: i64,
    pub to_ms: i64,
    pub groups: Vec<GroupStats>,
    pub median_to_requisites_ms: Option<i64>,
    pub median_to_success_ms: Option<i64>,
    /// Per UTC day of the period: (day start, payins, succeeded).
    pub days: Vec<(i64, i64, i64)>,
    /// When the period's earlier days (read from the rolled-up figures) were computed, the
    /// oldest of them; `None` when every day was read live.
    pub earlier_days_as_of_ms: Option<i64>,
}

impl PeriodStats {
    pub fn total(&self) -> GroupStats {
        self.groups.iter().fold(GroupStats::default(), |mut t, g| {
            t.count += g.count;
            t.got_requisites += g.got_requisites;
            t.success += g.success;
            t.expired += g.expired;
            t.disputed += g.disputed;
            t
        })
    }
}

/// Merges the days of `groups` whose day is at or after `from_ms`: one row per country, method
/// and currency, the largest first.
pub fn merge_days(groups: &[GroupStats], from_ms: i64) -> Vec<GroupStats> {
    let mut merged: Vec<GroupStats> = Vec::new();
    for g in groups.iter().filter(|g| g.day_ms >= from_ms) {
        match merged.iter_mut().find(|m| m.country == g.country && m.method == g.method && m.currency == g.currency) {
            Some(m) => {
                m.count += g.count;
                m.volume += g.volume;
                m.got_requisites += g.got_requisites;
                m.success += g.success;
                m.expired += g.expired;
                m.disputed += g.disputed;
            }
            None => merged.push(GroupStats { day_ms: 0, ..g.clone() }),
        }
    }
    merged.sort_by_key(|g| std::cmp::Reverse(g.count));
    merged
}

/// Per day: (day start, payins, succeeded), oldest first.
pub fn per_day(groups: &[GroupStats]) -> Vec<(i64, i64, i64)> {
    let mut days: Vec<(i64, i64, i64)> = Vec::new();
    for g in groups {
        match days.iter_mut().find(|d| d.0 == g.day_ms) {
            Some(d) => {
                d.1 += g.count;
                d.2 += g.success;
            }
            None => days.push((g.day_ms, g.count, g.success)),
        }
    }
    days.sort();
    days
}

/// The median of `values` (the lower middle one of an even count); `None` when empty.
pub fn median(mut values: Vec<i64>) -> Option<i64> {
    if values.is_empty() {
        return None;
    }
    let middle = (values.len() - 1) / 2;
    let (_, m, _) = values.select_nth_unstable(middle);
    Some(*m)
}

/// A share in whole percent of `part` in `whole` (0 when there is no whole).
pub fn percent(part: i64, whole: i64) -> i64 {
    if whole == 0 { 0 } else { (part * 100 + whole / 2) / whole }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn medians_and_shares() {
        assert_eq!(median(vec![]), None);
        assert_eq!(median(vec![5]), Some(5));
        assert_eq!(median(vec![9, 1, 5]), Some(5));
        assert_eq!(median(vec![4, 1, 3, 2]), Some(2));
        assert_eq!(percent(1, 3), 33);
        assert_eq!(percent(2, 3), 67);
        assert_eq!(percent(0, 0), 0);
    }
}
