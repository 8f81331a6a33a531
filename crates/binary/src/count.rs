//! Counting every complete grid: "how many solutions has a puzzle with only empty cells?"
//!
//! The row search ([`crate::search`]) visits every grid, so the work is split by the first two
//! rows and cut by symmetry: reflecting a grid left to right, and swapping 0 and 1, map valid
//! grids to valid grids under both rule sets, so the grids that start with rows (a, b) are as
//! many as those that start with their image. Only one pair of each orbit is searched, and
//! its count is multiplied by the orbit's size.

use crate::lines::{self, Matcher};
use crate::search::Search;
use std::sync::atomic::{AtomicUsize, Ordering};

/// One unit of work: the first two rows (line indices) and how many pairs it stands for.
#[derive(Clone, Copy, Debug)]
pub struct Task {
    pub first: [usize; 2],
    pub weight: u64,
}

/// The orbit representatives of the first two rows of a `width`-wide grid.
pub fn tasks(m: &Matcher, distinct: bool) -> Vec<Task> {
    let len = m.len();
    let lines = m.lines();
    let index = |l: u32| lines.binary_search(&l).expect("a valid line");
    let images = |l: u32| {
        [
            l,
            lines::reverse(l, len),
            lines::complement(l, len),
            lines::complement(lines::reverse(l, len), len),
        ]
    };
    let mut out = Vec::new();
    for (a, &la) in lines.iter().enumerate() {
        for (b, &lb) in lines.iter().enumerate() {
            if distinct && a == b {
                continue;
            }
            let (ia, ib) = (images(la), images(lb));
            let orbit: Vec<(usize, usize)> = (0..4).map(|g| (index(ia[g]), index(ib[g]))).collect();
            if orbit.iter().any(|&p| p < (a, b)) {
                continue;
            }
            let mut distinct_images = orbit.clone();
            distinct_images.sort_unstable();
            distinct_images.dedup();
            out.push(Task {
                first: [a, b],
                weight: distinct_images.len() as u64,
            });
        }
    }
    out
}

/// The number of valid complete `width`×`height` grids, on `threads` threads; `progress` is
/// called with (tasks done, tasks in all) as work finishes.
pub fn count_grids(
    width: usize,
    height: usize,
    distinct: bool,
    threads: usize,
    progress: &(dyn Fn(usize, usize) + Sync),
) -> u128 {
    let done = AtomicUsize::new(0);
    count_tasks(
        width,
        height,
        distinct,
        threads,
        &|_| false,
        &|_, _, all| progress(done.fetch_add(1, Ordering::Relaxed) + 1, all),
    )
}

/// As [`count_grids`], resumable: tasks (indexes into [`tasks`]) for which `skip` is true are
/// not searched (their counts are the caller's to add), and `finished(task, weighted count,
/// tasks in all)` is called as each searched task ends, so the caller can record it.
pub fn count_tasks(
    width: usize,
    height: usize,
    distinct: bool,
    threads: usize,
    skip: &(dyn Fn(usize) -> bool + Sync),
    finished: &(dyn Fn(usize, u128, usize) + Sync),
) -> u128 {
    let m = Matcher::new(width);
    if height < 2 {
        return 0;
    }
    let search = Search::empty(&m, height, distinct);
    let tasks = tasks(&m, distinct);
    run_units(tasks.len(), threads, skip, finished, &|k| {
        let mut n = 0u64;
        search.run_from(&tasks[k].first, |_| {
            n += 1;
            true
        });
        u128::from(n) * u128::from(tasks[k].weight)
    })
}

/// Runs units `0..len` on `threads` threads, each taken by the next free thread: `weighted(k)`
/// counts unit k, `skip(k)` leaves it out (its count is the caller's), `finished(k, count,
/// len)` is called as each unit ends. Returns the sum of the units run.
pub(crate) fn run_units(
    len: usize,
    threads: usize,
    skip: &(dyn Fn(usize) -> bool + Sync),
    finished: &(dyn Fn(usize, u128, usize) + Sync),
    weighted: &(dyn Fn(usize) -> u128 + Sync),
) -> u128 {
    let sums = wellposed_work::each_index(
        len,
        threads,
        || 0u128,
        |mine, k| {
            if !skip(k) {
                let n = weighted(k);
                *mine += n;
                finished(k, n, len);
            }
        },
    );
    sums.into_iter().sum()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn symmetric_split_counts_like_the_plain_search() {
        for (w, h) in [(4, 4), (6, 6), (6, 4), (4, 8)] {
            let m = Matcher::new(w);
            for distinct in [false, true] {
                let plain = Search::empty(&m, h, distinct).count(u64::MAX);
                assert_eq!(
                    count_grids(w, h, distinct, 2, &|_, _| {}),
                    u128::from(plain)
                );
            }
        }
    }
}
