//! The dashboards' figures: today's, yesterday's or the last 7 days' payins (UTC), each beside
//! the period before it; live for today and from the rolled-up days before (a job recomputes
//! the last six every minute). The arithmetic is in
//! [`super::stats`].

use std::sync::Arc;

use super::error::Result;
use super::ports::StatsStore;
use super::state_machine::reason;
use super::stats::{self, GroupStats, PeriodStats};

/// How many days before today are kept rolled up: the last week and the week before it.
const KEPT_DAYS: i64 = 13;

/// A period the dashboards show, each compared with the period of the same length just before
/// it, cut at the same time of day ("today so far" meets "yesterday until this time").
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Period {
    Today,
    Yesterday,
    Week,
}

impl Period {
    pub const ALL: [Period; 3] = [Period::Today, Period::Yesterday, Period::Week];

    pub fn parse(code: &str) -> Option<Period> {
        Period::ALL.into_iter().find(|p| p.code() == code)
    }

    pub fn code(self) -> &'static str {
        match self {
            Period::Today => "today",
            Period::Yesterday => "yesterday",
            Period::Week => "week",
        }
    }

    /// `[from, to)` of the period at `now_ms`, and of the period it is compared with (UTC days).
    pub fn bounds(self, now_ms: i64) -> ((i64, i64), (i64, i64)) {
        let day = stats::DAY_MS;
        let today = now_ms - now_ms.rem_euclid(day);
        let end = now_ms + 1;
        match self {
            Period::Today => ((today, end), (today - day, end - day)),
            Period::Yesterday => ((today - day, today), (today - 2 * day, today - day)),
            Period::Week => ((today - 6 * day, end), (today - 13 * day, end - 7 * day)),
        }
    }
}

pub struct Dashboard {
    stats: Arc<dyn StatsStore>,
}

impl Dashboard {
    pub fn new(stats: Arc<dyn StatsStore>) -> Self {
        Dashboard { stats }
    }

    /// The figures of `period` and of the period it is compared with (the same length just
    /// before it, cut at the same time of day), of these projects when given. Whole days come
    /// from the rolled-up figures ([`Self::roll_up_days`]), or live for a day not rolled up
    /// yet; today, and the part-day a comparison ends with, are read live.
    pub async fn compare(
        &self,
        now_ms: i64,
        period: Period,
        projects: Option<&[String]>,
    ) -> Result<(PeriodStats, PeriodStats)> {
        let ((from, to), (before_from, before_to)) = period.bounds(now_ms);
        let current = self.period_stats(from, to, projects, true).await?;
        let previous = self.period_stats(before_from, before_to, projects, false).await?;
        Ok((current, previous))
    }

    /// A period's figures; `detailed` adds the medians and, past one day, the days.
    async fn period_stats(
        &self,
        from: i64,
        to: i64,
        projects: Option<&[String]>,
        detailed: bool,
    ) -> Result<PeriodStats> {
        let (groups, rolled_days) = self.groups_between(from, to, projects).await?;
        let (to_requisites, to_success) =
            if detailed { self.stats.payin_durations(from, to, projects).await? } else { (Vec::new(), Vec::new()) };
        Ok(PeriodStats {
            from_ms: from,
            to_ms: to,
            groups: stats::merge_days(&groups, from),
            median_to_requisites_ms: stats::median(to_requisites),
            median_to_success_ms: stats::median(to_success),
            days: if detailed && to - from > stats::DAY_MS { stats::per_day(&groups) } else { Vec::new() },
            earlier_days_as_of_ms: rolled_days.iter().map(|d| d.1).min(),
        })
    }

    /// The groups of `[from, to)` (`from` a day's start): its whole days rolled up or live,
    /// and the part-day at its end live; with the rolled-up days and when each was computed.
    async fn groups_between(
        &self,
        from: i64,
        to: i64,
        projects: Option<&[String]>,
    ) -> Result<(Vec<GroupStats>, Vec<(i64, i64)>)> {
        let store = &self.stats;
        let whole_end = from + (to - from).div_euclid(stats::DAY_MS) * stats::DAY_MS;
        let (mut groups, rolled_days) =
            if whole_end > from { store.rolled_up(from, whole_end, projects).await? } else { (Vec::new(), Vec::new()) };
        let mut day = from;
        while day < whole_end {
            if !rolled_days.iter().any(|(d, _)| *d == day) {
                groups.extend(store.payin_groups(day, day + stats::DAY_MS, projects, reason::LIFETIME_EXPIRED).await?);
            }
            day += stats::DAY_MS;
        }
        if whole_end < to {
            groups.extend(store.payin_groups(whole_end, to, projects, reason::LIFETIME_EXPIRED).await?);
        }
        Ok((groups, rolled_days))
    }

    /// Recomputes the figures of the six days before today (UTC) from the payments, rolls up
    /// the seven before those once (what the last week is compared with; payins that old seldom
    /// change), and forgets older ones. Returns how many days were computed.
    pub async fn roll_up_days(&self, now_ms: i64) -> Result<usize> {
        let today = now_ms - now_ms.rem_euclid(stats::DAY_MS);
        let (_, kept) =
            self.stats.rolled_up(today - KEPT_DAYS * stats::DAY_MS, today - 6 * stats::DAY_MS, None).await?;
        let mut computed = 0;
        for back in 1..=KEPT_DAYS {
            let day = today - back * stats::DAY_MS;
            if back <= 6 || !kept.iter().any(|(d, _)| *d == day) {
                self.stats.roll_up_day(day, reason::LIFETIME_EXPIRED, now_ms).await?;
                computed += 1;
            }
        }
        self.stats.forget_rolled_up_before(today - KEPT_DAYS * stats::DAY_MS).await?;
        Ok(computed)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_period_is_compared_with_the_one_before_it_cut_at_the_same_time() {
        let day = stats::DAY_MS;
        let now = 20_000 * day + 9 * 3_600_000;
        let today = 20_000 * day;
        assert_eq!(Period::Today.bounds(now), ((today, now + 1), (today - day, now + 1 - day)));
        assert_eq!(Period::Yesterday.bounds(now), ((today - day, today), (today - 2 * day, today - day)));
        let ((from, to), (before_from, before_to)) = Period::Week.bounds(now);
        assert_eq!((to - from, before_to - before_from), (to - from, to - from), "the same length");
        assert_eq!((from, before_to), (today - 6 * day, now + 1 - 7 * day));
        assert_eq!(Period::parse("week"), Some(Period::Week));
        assert_eq!(Period::parse("month"), None);
    }
}
