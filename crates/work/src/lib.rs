//! A work queue over scoped threads, shared by every crate that splits a long computation into
//! numbered jobs (units of a count, subtrees of a search, games of a simulation).
//!
//! The jobs are the indices `0..len`. Each thread takes the next index from one shared
//! counter when it has finished its last job, so jobs of very unequal cost still keep every
//! thread busy to the end (a static split into equal slices would leave a thread idle while
//! another works through its dear slice). Each thread starts from a state of its own, built by
//! `init` on that thread (a solver's buffers, a running sum), and the states come back to the
//! caller to be folded: no lock is taken per job.
//!
//! Invariants: every index in `0..len` is given to exactly one call of `job`, on one thread;
//! indices are handed out in increasing order (a thread's own jobs increase); there are at
//! most `threads.max(1)` states, one per thread that was started; a panic in a job is raised
//! again on the caller's thread once every thread has stopped.

use std::sync::atomic::{AtomicUsize, Ordering};

/// Runs `job(state, i)` for every `i` in `0..len` on `threads` scoped threads (at least one),
/// each with its own `state` from `init`; returns the threads' states, in no particular order.
///
/// A job that should stop the whole queue early (a limit reached) sets a flag of the caller's
/// that later jobs read and return at once: the remaining indices are then handed out but cost
/// nothing.
///
/// ```
/// // The squares of 0..100 summed on four threads, each keeping its own sum.
/// let sums = wellposed_work::each_index(100, 4, || 0u64, |sum, i| *sum += (i * i) as u64);
/// assert!(sums.len() <= 4);
/// assert_eq!(sums.iter().sum::<u64>(), (0..100u64).map(|i| i * i).sum());
/// ```
pub fn each_index<S, I, J>(len: usize, threads: usize, init: I, job: J) -> Vec<S>
where
    S: Send,
    I: Fn() -> S + Sync,
    J: Fn(&mut S, usize) + Sync,
{
    let next = AtomicUsize::new(0);
    let threads = threads.max(1).min(len.max(1));
    std::thread::scope(|s| {
        let workers: Vec<_> = (0..threads)
            .map(|_| {
                s.spawn(|| {
                    let mut state = init();
                    loop {
                        let i = next.fetch_add(1, Ordering::Relaxed);
                        if i >= len {
                            return state;
                        }
                        job(&mut state, i);
                    }
                })
            })
            .collect();
        workers
            .into_iter()
            .map(|w| w.join().unwrap_or_else(|e| std::panic::resume_unwind(e)))
            .collect()
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::Mutex;

    #[test]
    fn every_index_once_whatever_the_threads() {
        for threads in [0, 1, 2, 3, 8] {
            for len in [0, 1, 2, 7, 1000] {
                let seen = Mutex::new(vec![0u32; len]);
                let lists = each_index(len, threads, Vec::new, |mine: &mut Vec<usize>, i| {
                    seen.lock().unwrap()[i] += 1;
                    mine.push(i);
                });
                assert!(seen.into_inner().unwrap().iter().all(|&n| n == 1));
                assert!(lists.len() <= threads.max(1));
                // A thread's own indices increase.
                assert!(lists.iter().all(|l| l.windows(2).all(|w| w[0] < w[1])));
                assert_eq!(lists.iter().map(Vec::len).sum::<usize>(), len);
            }
        }
    }

    #[test]
    #[should_panic(expected = "job 5 failed")]
    fn a_panic_reaches_the_caller() {
        each_index(10, 2, || (), |_, i| assert!(i != 5, "job {i} failed"));
    }
}
