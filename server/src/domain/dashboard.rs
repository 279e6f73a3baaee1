//! The dashboards' figures: today's and the last 7 days' payins (UTC), live for today and
//! from the rolled-up days before (a job recomputes them every minute). The arithmetic is in
//! [`super::stats`].

use std::sync::Arc;

use super::error::Result;
use super::ports::StatsStore;
use super::state_machine::reason;
use super::stats::{self, PeriodStats};

pub struct Dashboard {
    stats: Arc<dyn StatsStore>,
}

impl Dashboard {
    pub fn new(stats: Arc<dyn StatsStore>) -> Self {
        Dashboard { stats }
    }

    /// Today's and the last 7 days' figures, of these projects when given. Today is read live;
    /// the six days before come from the rolled-up figures ([`Self::roll_up_days`]), or live
    /// for a day not rolled up yet.
    pub async fn figures(&self, now_ms: i64, projects: Option<&[String]>) -> Result<(PeriodStats, PeriodStats)> {
        let store = &self.stats;
        let today = now_ms - now_ms.rem_euclid(stats::DAY_MS);
        let week = today - 6 * stats::DAY_MS;
        let to = now_ms + 1;
        let (mut groups, rolled_days) = store.rolled_up(week, today, projects).await?;
        let mut day = week;
        while day < today {
            if !rolled_days.iter().any(|(d, _)| *d == day) {
                groups.extend(store.payin_groups(day, day + stats::DAY_MS, projects, reason::LIFETIME_EXPIRED).await?);
            }
            day += stats::DAY_MS;
        }
        groups.extend(store.payin_groups(today, to, projects, reason::LIFETIME_EXPIRED).await?);
        let mut periods = Vec::new();
        let mut today_durations: Option<(Vec<i64>, Vec<i64>)> = None;
        for from in [today, week] {
            // When today alone fills both samples, the week's latest payins are today's.
            let sample = usize::try_from(stats::MEDIAN_SAMPLE).unwrap_or(usize::MAX);
            let full = |d: &(Vec<i64>, Vec<i64>)| d.0.len() >= sample && d.1.len() >= sample;
            let (to_requisites, to_success) = match today_durations.take() {
                Some(d) if full(&d) => d,
                _ => store.payin_durations(from, to, projects).await?,
            };
            if from == today {
                today_durations = Some((to_requisites.clone(), to_success.clone()));
            }
            periods.push(PeriodStats {
                from_ms: from,
                to_ms: to,
                groups: stats::merge_days(&groups, from),
                median_to_requisites_ms: stats::median(to_requisites),
                median_to_success_ms: stats::median(to_success),
                days: if from == week { stats::per_day(&groups) } else { Vec::new() },
                earlier_days_as_of_ms: if from == week { rolled_days.iter().map(|d| d.1).min() } else { None },
            });
        }
        let week_stats = periods.pop().expect("two periods");
        let today_stats = periods.pop().expect("two periods");
        Ok((today_stats, week_stats))
    }

    /// Recomputes the figures of the six days before today (UTC) from the payments, and
    /// forgets older ones. Returns how many days were computed.
    pub async fn roll_up_days(&self, now_ms: i64) -> Result<usize> {
        let today = now_ms - now_ms.rem_euclid(stats::DAY_MS);
        for back in 1..=6 {
            self.stats.roll_up_day(today - back * stats::DAY_MS, reason::LIFETIME_EXPIRED, now_ms).await?;
        }
        self.stats.forget_rolled_up_before(today - 6 * stats::DAY_MS).await?;
        Ok(6)
    }
}
