//! Background work: the requisites search and the deadlines (expiry, search window, dispute
//! grace), which claim rows with a lease so several processes on one database share the work;
//! housekeeping; and the dashboards' roll-up of earlier days.

use std::sync::Arc;
use std::time::Duration;

use tokio::sync::watch;

use crate::domain::dashboard::Dashboard;
use crate::domain::keys::Keys;
use crate::domain::scheduler::Scheduler;

/// How often the jobs look for due work when nothing woke them.
const POLL: Duration = Duration::from_millis(250);
/// After a wake-up, the search waits this long so a burst of new payments is searched in one
/// pass (one query per group instead of one per payment).
const COALESCE: Duration = Duration::from_millis(20);

/// Runs the requisites search until `shutdown` fires.
pub async fn requisites_search(scheduler: Arc<Scheduler>, mut shutdown: watch::Receiver<bool>) {
    let wake = scheduler.search_ready();
    loop {
        match scheduler.run_due_searches().await {
            // More may be due right away.
            Ok(n) if n > 0 => continue,
            Ok(_) => {}
            Err(e) => tracing::warn!(error = %e, "requisites search pass failed"),
        }
        tokio::select! {
            _ = wake.notified() => tokio::time::sleep(COALESCE).await,
            _ = tokio::time::sleep(POLL) => {}
            _ = shutdown.changed() => return,
        }
    }
}

/// Applies due deadlines until `shutdown` fires.
pub async fn deadlines(scheduler: Arc<Scheduler>, mut shutdown: watch::Receiver<bool>) {
    loop {
        match scheduler.run_due_deadlines().await {
            Ok(n) if n > 0 => continue,
            Ok(_) => {}
            Err(e) => tracing::warn!(error = %e, "deadline pass failed"),
        }
        tokio::select! {
            _ = tokio::time::sleep(POLL) => {}
            _ = shutdown.changed() => return,
        }
    }
}

/// How often old records are pruned.
const HOUSEKEEPING: Duration = Duration::from_secs(60);

/// Prunes what expires by the clock (signed messages past their timestamp window) until
/// `shutdown` fires.
pub async fn housekeeping(keys: Arc<Keys>, mut shutdown: watch::Receiver<bool>) {
    loop {
        match keys.forget_expired_signatures(crate::domain::time::now_ms()).await {
            Ok(0) => {}
            Ok(n) => tracing::debug!(forgotten = n, "expired request signatures pruned"),
            Err(e) => tracing::warn!(error = %e, "pruning request signatures failed"),
        }
        tokio::select! {
            _ = tokio::time::sleep(HOUSEKEEPING) => {}
            _ = shutdown.changed() => return,
        }
    }
}

/// How often the dashboards' figures of earlier days are recomputed.
const ROLL_UP: Duration = Duration::from_secs(60);

/// Recomputes the dashboards' figures of the days before today every minute until `shutdown`
/// fires (several processes may do it at once: each computation replaces the last).
pub async fn dashboard_roll_up(dashboard: Arc<Dashboard>, mut shutdown: watch::Receiver<bool>) {
    loop {
        if let Err(e) = dashboard.roll_up_days(crate::domain::time::now_ms()).await {
            tracing::warn!(error = %e, "dashboard roll-up failed");
        }
        tokio::select! {
            _ = tokio::time::sleep(ROLL_UP) => {}
            _ = shutdown.changed() => return,
        }
    }
}
