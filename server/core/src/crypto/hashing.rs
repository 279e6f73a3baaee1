//! Password hashing threads: argon2id takes most of a core for ~50 ms, and a burst of console
//! logins must not take the cores the payments run on. The hashes run on their own threads at
//! a lower scheduling priority (nice 10 on Linux), so under contention the API's threads get
//! the CPU first and a login waits instead; with idle cores a login is as fast as before.

use std::sync::mpsc;
use std::sync::{Arc, Mutex};

type Job = Box<dyn FnOnce() + Send>;

/// A fixed set of low-priority threads taking hashing jobs in turn.
pub struct Hashers {
    jobs: Mutex<mpsc::Sender<Job>>,
}

/// The nice value of the hashing threads: a tenth of a normal thread's share of a busy core.
const NICE: i32 = 10;

impl Hashers {
    pub fn new(threads: usize) -> Hashers {
        let (tx, rx) = mpsc::channel::<Job>();
        let rx = Arc::new(Mutex::new(rx));
        for i in 0..threads.max(1) {
            let rx = rx.clone();
            std::thread::Builder::new()
                .name(format!("kassa-hash-{i}"))
                .spawn(move || {
                    lower_priority();
                    loop {
                        // The lock is held only while waiting for the next job.
                        let job = match rx.lock() {
                            Ok(rx) => rx.recv(),
                            Err(_) => return,
                        };
                        match job {
                            Ok(job) => job(),
                            Err(_) => return,
                        }
                    }
                })
                .expect("spawning a hashing thread");
        }
        Hashers { jobs: Mutex::new(tx) }
    }

    /// Runs `work` on a hashing thread; `None` if the threads are gone.
    pub async fn run<T: Send + 'static>(&self, work: impl FnOnce() -> T + Send + 'static) -> Option<T> {
        let (tx, rx) = tokio::sync::oneshot::channel();
        let job: Job = Box::new(move || {
            let _ = tx.send(work());
        });
        self.jobs.lock().ok()?.send(job).ok()?;
        rx.await.ok()
    }
}

/// Lowers the calling thread's priority (Linux schedules threads one by one: `setpriority` on
/// `PRIO_PROCESS` with id 0 changes this thread only). Elsewhere, threads keep their priority.
fn lower_priority() {
    #[cfg(target_os = "linux")]
    // SAFETY: setpriority takes plain integers and touches no memory of ours.
    unsafe {
        let tid = libc::syscall(libc::SYS_gettid) as libc::id_t;
        libc::setpriority(libc::PRIO_PROCESS as _, tid, NICE);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn jobs_run_on_low_priority_threads() {
        let hashers = Hashers::new(2);
        let answers = futures_util::future::join_all((0..8).map(|i| hashers.run(move || i * 2))).await;
        assert_eq!(answers, (0..8).map(|i| Some(i * 2)).collect::<Vec<_>>());
        #[cfg(target_os = "linux")]
        {
            let nice = hashers
                .run(|| unsafe {
                    let tid = libc::syscall(libc::SYS_gettid) as libc::id_t;
                    libc::getpriority(libc::PRIO_PROCESS as _, tid)
                })
                .await;
            assert_eq!(nice, Some(NICE));
        }
    }
}
