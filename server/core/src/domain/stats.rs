//! What the dashboards show: payins of a period per country and method (count, volume, the
//! share that got requisites, succeeded, expired or went to dispute) and the median times from
//! creation to requisites and to success.

use super::catalogue::{Method, MethodKind, WidgetMethod};

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
    /// Still open (neither succeeded nor declined) when counted.
    pub open: i64,
}

impl GroupStats {
    /// Payins that reached an end (success or decline): the base of the success share, so
    /// payins still open do not count as failures.
    pub fn finished(&self) -> i64 {
        self.count - self.open
    }

    /// Whether its payins are paid by a transfer to requisites (card e-commerce and mobile
    /// money pushes are not, so they never "get requisites"). A widget payin whose method is
    /// not chosen yet counts as a transfer.
    pub fn uses_requisites(&self) -> bool {
        let kind = Method::parse(&self.method)
            .map(Method::kind)
            .or_else(|| WidgetMethod::parse(&self.method).map(WidgetMethod::kind));
        kind.is_none_or(MethodKind::uses_requisites)
    }

    fn add(&mut self, g: &GroupStats) {
        self.count += g.count;
        self.volume += g.volume;
        self.got_requisites += g.got_requisites;
        self.success += g.success;
        self.expired += g.expired;
        self.disputed += g.disputed;
        self.open += g.open;
    }
}

/// A period's payins.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PeriodStats {
    pub from_ms: i64,
    pub to_ms: i64,
    pub groups: Vec<GroupStats>,
    pub median_to_requisites_ms: Option<i64>,
    pub median_to_success_ms: Option<i64>,
    /// Per UTC day of the period.
    pub days: Vec<DayStats>,
    /// When the period's earlier days (read from the rolled-up figures) were computed, the
    /// oldest of them; `None` when every day was read live.
    pub earlier_days_as_of_ms: Option<i64>,
}

/// One UTC day's payins: how many, how many ended, how many succeeded.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord)]
pub struct DayStats {
    pub day_ms: i64,
    pub count: i64,
    pub finished: i64,
    pub success: i64,
}

impl PeriodStats {
    pub fn total(&self) -> GroupStats {
        self.total_of(|_| true)
    }

    /// The total of the groups `which` keeps (the transfer payins, the card payins).
    pub fn total_of(&self, which: impl Fn(&GroupStats) -> bool) -> GroupStats {
        self.groups.iter().filter(|g| which(g)).fold(GroupStats::default(), |mut t, g| {
            t.add(g);
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
            Some(m) => m.add(g),
            None => merged.push(GroupStats { day_ms: 0, ..g.clone() }),
        }
    }
    merged.sort_by_key(|g| std::cmp::Reverse(g.count));
    merged
}

/// Per day, oldest first.
pub fn per_day(groups: &[GroupStats]) -> Vec<DayStats> {
    let mut days: Vec<DayStats> = Vec::new();
    for g in groups {
        let at = match days.iter().position(|d| d.day_ms == g.day_ms) {
            Some(at) => at,
            None => {
                days.push(DayStats { day_ms: g.day_ms, ..DayStats::default() });
                days.len() - 1
            }
        };
        days[at].count += g.count;
        days[at].finished += g.finished();
        days[at].success += g.success;
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

/// How much `now` differs from `before`, in whole percent of `before` (rounded half away
/// from zero); `None` when there was nothing before to compare with.
pub fn percent_change(now: i64, before: i64) -> Option<i64> {
    if before == 0 {
        return None;
    }
    let diff = (now - before) as i128 * 100;
    let half = (before as i128) / 2;
    let rounded = if diff >= 0 { (diff + half) / before as i128 } else { (diff - half) / before as i128 };
    i64::try_from(rounded).ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn changes_are_whole_percents_of_the_period_before() {
        assert_eq!(percent_change(150, 100), Some(50));
        assert_eq!(percent_change(50, 100), Some(-50));
        assert_eq!(percent_change(2, 3), Some(-33));
        assert_eq!(percent_change(1, 3), Some(-67));
        assert_eq!(percent_change(5, 0), None, "nothing before: no percentage");
        assert_eq!(percent_change(0, 4), Some(-100));
    }

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

    fn group(method: &str, count: i64, success: i64, open: i64) -> GroupStats {
        GroupStats { method: method.into(), count, success, open, ..GroupStats::default() }
    }

    #[test]
    fn open_payins_are_not_failures_and_card_payins_get_no_requisites() {
        let g = group("card-p2p", 130, 10, 120);
        assert_eq!(
            (g.finished(), percent(g.success, g.finished())),
            (10, 100),
            "120 open, 10 of 10 finished succeeded"
        );
        assert!(g.uses_requisites());
        assert!(!group("card-ecom", 1, 1, 0).uses_requisites());
        assert!(!group("payin-ecom-card", 1, 1, 0).uses_requisites());
        assert!(!group("mobile-money", 1, 1, 0).uses_requisites());
        assert!(group("", 1, 0, 1).uses_requisites(), "a widget payin before its method is chosen");
        let period = PeriodStats { groups: vec![g, group("card-ecom", 5, 4, 0)], ..PeriodStats::default() };
        assert_eq!(period.total_of(GroupStats::uses_requisites).count, 130);
        assert_eq!(period.total().open, 120);
        let days = per_day(&period.groups);
        assert_eq!(days, vec![DayStats { day_ms: 0, count: 135, finished: 15, success: 14 }]);
    }
}
