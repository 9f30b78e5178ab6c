//! Helper threads for the perft drivers, started on first use and kept for the process.
//!
//! A run posts one job for `n` helpers and never waits for them to take it: the caller works
//! on the same tasks, so a helper that the system starts late (or never, before the run is
//! over) costs nothing but its share of the speed-up. This is why jobs own their data
//! (`Arc`), unlike scoped threads, where the caller must wait for every helper to have run.

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Condvar, Mutex, PoisonError};
use std::time::{Duration, Instant};

/// A job every helper that takes it runs once.
pub(crate) type Job = Arc<dyn Fn() + Send + Sync>;

/// How long a helper that has finished a job keeps looking for the next one before it sleeps:
/// runs that follow each other closely (a bench, a divide, a search) then find it awake,
/// instead of waking it (which the system may do on the caller's core, where it waits).
const LINGER: Duration = Duration::from_millis(1);

struct Pool {
    /// Posted jobs so far; read without the lock while a helper lingers.
    epoch: AtomicU64,
    state: Mutex<State>,
    posted: Condvar,
}

struct State {
    /// Helper threads started.
    threads: usize,
    /// The latest job, for helpers `0..wanted`.
    job: Option<Job>,
    wanted: usize,
}

static POOL: Pool = Pool {
    epoch: AtomicU64::new(0),
    state: Mutex::new(State {
        threads: 0,
        job: None,
        wanted: 0,
    }),
    posted: Condvar::new(),
};

/// Posts `job` for `n` helpers, starting those that do not exist yet, and returns at once.
/// A helper busy with an earlier job, or one that cannot be started, skips it: callers must
/// not depend on the job running.
pub(crate) fn post(n: usize, job: Job) {
    if n == 0 {
        return;
    }
    let mut state = POOL.state.lock().unwrap_or_else(PoisonError::into_inner);
    // The epoch changes only under the lock: new helpers start before this job.
    let before = POOL.epoch.load(Ordering::Acquire);
    while state.threads < n {
        let index = state.threads;
        let started = std::thread::Builder::new()
            .name(format!("dimchess-perft-{index}"))
            .spawn(move || helper(index, before));
        if started.is_err() {
            break;
        }
        state.threads += 1;
    }
    state.job = Some(job);
    state.wanted = n;
    POOL.epoch.fetch_add(1, Ordering::Release);
    drop(state);
    POOL.posted.notify_all();
}

/// Forgets `job` if it is still the latest, so that its data is freed once the helpers that
/// took it are done (a helper that has not taken it yet no longer will).
pub(crate) fn withdraw(job: &Job) {
    let mut state = POOL.state.lock().unwrap_or_else(PoisonError::into_inner);
    if state.job.as_ref().is_some_and(|j| Arc::ptr_eq(j, job)) {
        state.job = None;
    }
}

/// The loop of helper `index`, started when `seen` jobs had been posted: take each job
/// posted for it, run it, linger, sleep.
fn helper(index: usize, mut seen: u64) {
    loop {
        let lingering = Instant::now();
        while POOL.epoch.load(Ordering::Acquire) == seen && lingering.elapsed() < LINGER {
            std::thread::yield_now();
        }
        let job = {
            let mut state = POOL.state.lock().unwrap_or_else(PoisonError::into_inner);
            while POOL.epoch.load(Ordering::Acquire) == seen {
                state = POOL
                    .posted
                    .wait(state)
                    .unwrap_or_else(PoisonError::into_inner);
            }
            seen = POOL.epoch.load(Ordering::Acquire);
            if index < state.wanted {
                state.job.clone()
            } else {
                None
            }
        };
        if let Some(job) = job {
            job();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::AtomicUsize;

    /// Waits up to 10 s for `done` (the helpers are threads: give them time on a busy machine).
    fn eventually(done: impl Fn() -> bool) -> bool {
        let start = Instant::now();
        while !done() {
            if start.elapsed() > Duration::from_secs(10) {
                return false;
            }
            std::thread::sleep(Duration::from_millis(1));
        }
        true
    }

    #[test]
    fn a_job_runs_once_on_each_helper_asked_and_is_freed_when_withdrawn() {
        let runs = Arc::new(AtomicUsize::new(0));
        let counter = Arc::clone(&runs);
        let job: Job = Arc::new(move || {
            counter.fetch_add(1, Ordering::SeqCst);
        });
        post(2, Arc::clone(&job));
        assert!(eventually(|| runs.load(Ordering::SeqCst) == 2));
        // Each helper runs a job once, however long it lingers afterwards.
        std::thread::sleep(2 * LINGER);
        assert_eq!(runs.load(Ordering::SeqCst), 2);
        withdraw(&job);
        assert!(eventually(|| Arc::strong_count(&job) == 1));
        // A later job for one helper runs once.
        let later = Arc::new(AtomicUsize::new(0));
        let counter = Arc::clone(&later);
        post(
            1,
            Arc::new(move || {
                counter.fetch_add(1, Ordering::SeqCst);
            }),
        );
        assert!(eventually(|| later.load(Ordering::SeqCst) == 1));
        std::thread::sleep(2 * LINGER);
        assert_eq!(later.load(Ordering::SeqCst), 1);
        assert_eq!(runs.load(Ordering::SeqCst), 2);
    }
}
