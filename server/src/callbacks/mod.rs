//! Signed callbacks that are never lost: built into the outbox with the change they report
//! ([`outbox`]), signed per attempt ([`signer`]), delivered in order with retries
//! ([`dispatcher`]) to addresses the SSRF guard allows ([`guard`]).

pub mod dispatcher;
pub mod guard;
pub mod outbox;
pub mod signer;

/// Final callbacks are retried for up to 72 hours (decisions.md §3).
pub const FINAL_RETRY_WINDOW_MS: i64 = 72 * 3600 * 1000;

/// The delay before the next attempt after `attempts_made` attempts, from a schedule of
/// seconds whose last entry repeats (default: 10 s, 30 s, 1 min, 5 min, 15 min, 1 h, hourly).
pub fn retry_delay_ms(schedule_s: &[u64], attempts_made: i64) -> i64 {
    let i = (attempts_made.max(1) - 1) as usize;
    let last = schedule_s.last().copied().unwrap_or(3600);
    schedule_s.get(i).copied().unwrap_or(last) as i64 * 1000
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn retry_schedule_grows_then_stays_hourly() {
        let schedule = crate::config::Config::defaults().callback_retry_s;
        let delays: Vec<i64> = (1..=8).map(|n| retry_delay_ms(&schedule, n) / 1000).collect();
        assert_eq!(delays, [10, 30, 60, 300, 900, 3600, 3600, 3600]);
    }
}
