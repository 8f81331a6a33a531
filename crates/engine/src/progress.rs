//! What long work has done so far, for the caller that started it: solutions found and time
//! spent proving uniqueness. A [`Progress`] is a handle passed in through
//! [`crate::Options`]; clones share one set of tallies, and two pieces of work given
//! different handles never see each other's numbers (there is no process-wide counter).

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;
use std::time::Duration;

/// A shared handle on the tallies of one piece of work (see the module text), and on the
/// front end's meters, if it draws any.
#[derive(Clone, Default)]
pub struct Progress {
    tallies: Arc<Tallies>,
    meters: Option<Arc<dyn MeterSink>>,
}

impl std::fmt::Debug for Progress {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Progress")
            .field("tallies", &self.tallies)
            .field("meters", &self.meters.is_some())
            .finish()
    }
}

/// What draws meters of long work (the command line: progress bars on standard error).
pub trait MeterSink: Send + Sync {
    /// A new meter of `len` steps of `what` ("units", "rows of the half table").
    fn meter(&self, what: &str, len: u64) -> Box<dyn MeterBar>;
}

/// One meter, as a front end draws it.
pub trait MeterBar: Send + Sync {
    fn set_length(&self, len: u64);
    fn set_position(&self, pos: u64);
    fn inc(&self, steps: u64);
    /// The work is over: take the meter away.
    fn finish(&self);
}

/// A meter of long work (see [`Progress::meter`]); nothing is drawn when the front end draws
/// no meters. Finished when dropped.
pub struct Meter(Option<Box<dyn MeterBar>>);

impl Meter {
    pub fn set_length(&self, len: u64) {
        if let Some(m) = &self.0 {
            m.set_length(len);
        }
    }

    pub fn set_position(&self, pos: u64) {
        if let Some(m) = &self.0 {
            m.set_position(pos);
        }
    }

    pub fn inc(&self, steps: u64) {
        if let Some(m) = &self.0 {
            m.inc(steps);
        }
    }
}

impl Drop for Meter {
    fn drop(&mut self) {
        if let Some(m) = &self.0 {
            m.finish();
        }
    }
}

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

    /// A handle whose meters `sink` draws.
    pub fn with_meters(sink: Arc<dyn MeterSink>) -> Progress {
        Progress {
            tallies: Arc::default(),
            meters: Some(sink),
        }
    }

    /// A meter of `len` steps of `what`, drawn by the front end if it draws meters.
    pub fn meter(&self, what: &str, len: u64) -> Meter {
        Meter(self.meters.as_ref().map(|s| s.meter(what, len)))
    }

    /// Solutions found or counted so far: at any moment a lower bound on what a count stopped
    /// from outside had reached. (Of the model counter's work only the models it listed are
    /// such a bound: its search's partial counts are none.)
    pub fn solutions_found(&self) -> u64 {
        self.tallies.found.load(Ordering::Relaxed) + self.tallies.counted.load(Ordering::Relaxed)
    }

    /// Time spent so far in uniqueness checks made with this handle (all threads).
    pub fn uniqueness_time(&self) -> Duration {
        Duration::from_nanos(self.tallies.uniqueness_nanos.load(Ordering::Relaxed))
    }

    pub(crate) fn found_one(&self) {
        self.tallies.found.fetch_add(1, Ordering::Relaxed);
    }

    /// The tally of solutions counted so far: dancing-links counts add to it (what the meters
    /// show while they run), and the model counter, counting alone, raises it to the models it
    /// has listed.
    pub fn counted_tally(&self) -> &AtomicU64 {
        &self.tallies.counted
    }

    pub(crate) fn spent(&self, d: Duration) {
        self.tallies
            .uniqueness_nanos
            .fetch_add(d.as_nanos() as u64, Ordering::Relaxed);
    }
}
