//! What long work has done so far, for the caller that started it: solutions found and time
//! spent proving uniqueness. A [`Progress`] is a handle passed in through
//! [`crate::Options`]; clones share one set of tallies, and two pieces of work given
//! different handles never see each other's numbers (there is no process-wide counter).

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;
use std::time::Duration;

/// A shared handle on the tallies of one piece of work (see the module text).
#[derive(Clone, Debug, Default)]
pub struct Progress(Arc<Tallies>);

#[derive(Debug, Default)]
struct Tallies {
    /// Solutions found by blocking clauses, by dancing-links search and by the intended
    /// solution's check.
    found: AtomicU64,
    /// Solutions counted by dancing links (added in batches by the counter itself).
    counted: AtomicU64,
    /// Nanoseconds spent in generators' uniqueness checks (`proved_unique` and every oracle).
    uniqueness_nanos: AtomicU64,
}

impl Progress {
    pub fn new() -> Progress {
        Progress::default()
    }

    /// Solutions found or counted so far: at any moment a lower bound on what a count stopped
    /// from outside had reached. (The model counter's partial work is no count, so it adds
    /// nothing.)
    pub fn solutions_found(&self) -> u64 {
        self.0.found.load(Ordering::Relaxed) + self.0.counted.load(Ordering::Relaxed)
    }

    /// Time spent so far in uniqueness checks made with this handle (all threads).
    pub fn uniqueness_time(&self) -> Duration {
        Duration::from_nanos(self.0.uniqueness_nanos.load(Ordering::Relaxed))
    }

    pub(crate) fn found_one(&self) {
        self.0.found.fetch_add(1, Ordering::Relaxed);
    }

    /// The counter dancing-links counts add to.
    pub(crate) fn dlx_counter(&self) -> &AtomicU64 {
        &self.0.counted
    }

    pub(crate) fn spent(&self, d: Duration) {
        self.0
            .uniqueness_nanos
            .fetch_add(d.as_nanos() as u64, Ordering::Relaxed);
    }
}
