//! S(m,n): the essentially different uniquely solvable open Survo puzzles (up to row and
//! column permutations, and transposition when m = n).
//!
//! Two methods (see [`Method`]): two-row tables are decided a whole column margin at a time
//! by [`two_rows`](crate::two_rows); every other size by the margin-pair scan below.
//!
//! The margin-pair scan runs over margin pairs, not tables. A uniquely solvable puzzle has distinct row
//! sums (swapping two rows of equal sum gives a second table: their values differ) and
//! distinct column sums, so only strictly decreasing margins are visited. Pairs that fail a
//! necessary condition are skipped without search; the rest go to the dedicated solver,
//! which stops at the second solution.
//!
//! Necessary condition: any k rows and l columns cover kn + lm − kl distinct values and
//! count their kl shared cells twice, so the k smallest row sums plus the l smallest column
//! sums are at least tri(kn + lm − kl) + tri(kl), and the k largest plus the l largest at
//! most the matching sums of the largest values (tri(t) = 1 + … + t).

use crate::solver::{self, Solver, Tables};
use crate::two_rows;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};

#[derive(Clone, Debug, Default, PartialEq, Eq, serde::Serialize)]
pub struct Tally {
    /// Essentially different uniquely solvable open puzzles.
    pub unique: u64,
    /// Margin pairs handed to the solver ([`Method::MarginPairs`]), or column margins whose
    /// tables were enumerated ([`Method::TwoRowMatchings`]).
    pub searched: u64,
    /// Margin pairs rejected by the necessary condition.
    pub pruned: u64,
}

/// A uniquely solvable open puzzle: its row sums, column sums and its one table (row-major).
pub type Found = (Vec<u32>, Vec<u32>, Vec<u32>);

/// Strictly decreasing sequences of `parts` sums of `size`-subsets of 1..=top, totalling `total`.
pub fn margins(parts: usize, size: usize, top: usize, total: u64) -> Vec<Vec<u32>> {
    let mut out = Vec::new();
    each_margin(parts, size, top, total, &[], parts, &mut |m| {
        out.push(m.to_vec())
    });
    out
}

/// Visits, in the order of [`margins`], the first `depth` parts of those margins that begin
/// with `prefix` (every distinct beginning once when `depth` < `parts`; whole margins when
/// `depth` = `parts`). Each part is bounded so that the parts left can still make up the rest
/// of the total, so a beginning visited has completions as far as sums go.
pub fn each_margin(
    parts: usize,
    size: usize,
    top: usize,
    total: u64,
    prefix: &[u32],
    depth: usize,
    visit: &mut dyn FnMut(&[u32]),
) {
    let lo = (size * (size + 1) / 2) as u64;
    let hi = ((top - size + 1)..=top).sum::<usize>() as u64;
    struct Walk<'a> {
        parts: usize,
        depth: usize,
        lo: u64,
        visit: &'a mut dyn FnMut(&[u32]),
    }
    fn go(w: &mut Walk, max: u64, left: u64, cur: &mut Vec<u32>) {
        if cur.len() == w.depth {
            if w.depth < w.parts || left == 0 {
                (w.visit)(cur);
            }
            return;
        }
        let k = w.parts - cur.len();
        let lo = w.lo;
        // The k parts left are distinct, each at least lo: the next is at least lo + k − 1
        // and at most `max`, and the rest must be able to make up the remainder.
        for v in (lo + k as u64 - 1..=max.min(left)).rev() {
            let rest = left - v;
            let kk = k as u64 - 1;
            let rest_min = kk * lo + kk * kk.saturating_sub(1) / 2;
            let rest_max = if kk == 0 {
                0
            } else {
                kk * (v - 1) - kk * (kk - 1) / 2
            };
            if rest < rest_min || rest > rest_max {
                continue;
            }
            cur.push(v as u32);
            go(w, v - 1, rest, cur);
            cur.pop();
        }
    }
    let used: u64 = prefix.iter().map(|&p| u64::from(p)).sum();
    let (Some(left), true) = (total.checked_sub(used), depth >= prefix.len()) else {
        return;
    };
    let max = prefix
        .last()
        .map_or(hi, |&p| u64::from(p).saturating_sub(1));
    let mut walk = Walk {
        parts,
        depth,
        lo,
        visit,
    };
    go(&mut walk, max, left, &mut prefix.to_vec());
}

fn tri(t: u64) -> u64 {
    t * (t + 1) / 2
}

/// The sum of the largest `t` values of 1..=top.
fn top_sum(t: u64, top: u64) -> u64 {
    tri(top) - tri(top - t)
}

/// The necessary condition on decreasing margins (see the module text).
pub fn feasible(rows: &[u32], cols: &[u32]) -> bool {
    let (m, n) = (rows.len(), cols.len());
    let top = (m * n) as u64;
    // Prefix sums of the smallest and of the largest margins (at most 64 lines each).
    let mut small_r = [0u64; 65];
    let mut large_r = [0u64; 65];
    for k in 0..m {
        small_r[k + 1] = small_r[k] + u64::from(rows[m - 1 - k]);
        large_r[k + 1] = large_r[k] + u64::from(rows[k]);
    }
    let mut small_c = [0u64; 65];
    let mut large_c = [0u64; 65];
    for l in 0..n {
        small_c[l + 1] = small_c[l] + u64::from(cols[n - 1 - l]);
        large_c[l + 1] = large_c[l] + u64::from(cols[l]);
    }
    for k in 0..=m {
        for l in 0..=n {
            if k + l == 0 || (k == m && l == n) {
                continue;
            }
            let (kk, ll) = (k as u64, l as u64);
            let union = kk * n as u64 + ll * m as u64 - kk * ll;
            let shared = kk * ll;
            if small_r[k] + small_c[l] < tri(union) + tri(shared) {
                return false;
            }
            if large_r[k] + large_c[l] > top_sum(union, top) + top_sum(shared, top) {
                return false;
            }
        }
    }
    true
}

/// How a scan decides the margin pairs of one size.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Method {
    /// Every pair that passes the necessary condition is searched, up to a second table. A
    /// unit of work is one row margin with all its column margins.
    MarginPairs,
    /// Tables of two rows (or two columns): one enumeration per column margin answers every
    /// row margin at once ([`two_rows`](crate::two_rows)). A unit of work is the column
    /// margins that begin alike (their first three parts).
    TwoRowMatchings,
}

impl Method {
    pub fn of(m: usize, n: usize) -> Method {
        let (short, long) = (m.min(n), m.max(n));
        if short == 2 && (3..=two_rows::MAX_WIDTH).contains(&long) {
            Method::TwoRowMatchings
        } else {
            Method::MarginPairs
        }
    }
}

/// The beginnings of the long side's margins of a two-row table of width `long`: the units of
/// a [`Method::TwoRowMatchings`] scan, in order.
fn two_row_units(long: usize) -> Vec<Vec<u32>> {
    let top = 2 * long;
    let mut out = Vec::new();
    each_margin(
        long,
        2,
        top,
        (top * (top + 1) / 2) as u64,
        &[],
        3.min(long - 1),
        &mut |p| out.push(p.to_vec()),
    );
    out
}

/// The number of units a scan of m×n is split into (for shards, progress and checkpoints).
pub fn work_units(m: usize, n: usize, method: Method) -> usize {
    match method {
        Method::MarginPairs => row_margin_count(m, n),
        Method::TwoRowMatchings => two_row_units(m.max(n)).len(),
    }
}

/// Scans every margin pair of an m×n table on `threads` threads, by [`Method::of`]. `shard =
/// (k, of)` keeps only the units ≡ k mod `of`. `skip(i)` says unit i was finished earlier (for
/// resuming); `done(i, tally, puzzles)` is called as each one finishes.
pub fn scan(
    m: usize,
    n: usize,
    threads: usize,
    shard: (usize, usize),
    skip: &(dyn Fn(usize) -> bool + Sync),
    done: &(dyn Fn(usize, &Tally, &[Found]) + Sync),
    keep_puzzles: bool,
) -> Tally {
    scan_by(
        Method::of(m, n),
        m,
        n,
        threads,
        shard,
        skip,
        done,
        keep_puzzles,
    )
}

/// [`scan`] by a method of the caller's choice (the tests hold the two against each other).
/// [`Method::TwoRowMatchings`] takes only the sizes [`Method::of`] gives it to.
#[allow(clippy::too_many_arguments)]
pub fn scan_by(
    method: Method,
    m: usize,
    n: usize,
    threads: usize,
    shard: (usize, usize),
    skip: &(dyn Fn(usize) -> bool + Sync),
    done: &(dyn Fn(usize, &Tally, &[Found]) + Sync),
    keep_puzzles: bool,
) -> Tally {
    let top = m * n;
    let tables = Tables::new(m, n);
    let givens = vec![0u32; top];
    // One margin pair's tables, up to two: the unique one if there is exactly one.
    let unique_table = |solver: &mut Solver, rows: &[u32], cols: &[u32]| {
        let p = solver::Problem {
            m,
            n,
            rows,
            cols,
            givens: &givens,
        };
        let mut first = Vec::new();
        let found = solver.solve(&p, &tables, 2, |table| {
            if first.is_empty() {
                first = table.to_vec();
            }
            true
        });
        (found == 1).then_some(first)
    };
    match method {
        Method::MarginPairs => {
            let (row_margins, col_margins) = table_margins(m, n);
            run_units(
                row_margins.len(),
                threads,
                shard,
                skip,
                done,
                &|i, solver| {
                    let rows = &row_margins[i];
                    let mut t = Tally::default();
                    let mut puzzles = Vec::new();
                    for cols in &col_margins {
                        // When m = n, (R, C) and (C, R) are one puzzle: keep R ≤ C.
                        if m == n && cols < rows {
                            continue;
                        }
                        if !feasible(rows, cols) {
                            t.pruned += 1;
                            continue;
                        }
                        t.searched += 1;
                        if let Some(table) = unique_table(solver, rows, cols) {
                            t.unique += 1;
                            if keep_puzzles {
                                puzzles.push((rows.clone(), cols.clone(), table));
                            }
                        }
                    }
                    (t, puzzles)
                },
            )
        }
        Method::TwoRowMatchings => {
            assert_eq!(Method::of(m, n), method, "{m}×{n} is not a two-row size");
            let long = m.max(n);
            let units = two_row_units(long);
            let total = (top * (top + 1) / 2) as u64;
            run_units(units.len(), threads, shard, skip, done, &|i, solver| {
                let mut t = Tally::default();
                let mut puzzles = Vec::new();
                each_margin(long, 2, top, total, &units[i], long, &mut |long_sums| {
                    t.searched += 1;
                    for r1 in two_rows::unique_first_rows(long_sums) {
                        t.unique += 1;
                        if !keep_puzzles {
                            continue;
                        }
                        let short_sums = vec![r1, total as u32 - r1];
                        // The table in the asked orientation, found by the margin-pair solver
                        // (which also confirms it is the only one).
                        let (rows, cols) = if m == 2 {
                            (short_sums, long_sums.to_vec())
                        } else {
                            (long_sums.to_vec(), short_sums)
                        };
                        let table = unique_table(solver, &rows, &cols)
                            .expect("a pair the matchings call unique has one table");
                        puzzles.push((rows, cols, table));
                    }
                });
                (t, puzzles)
            })
        }
    }
}

/// One unit of work: its index and a worker's solver in, its tally and puzzles out.
type Unit<'a> = dyn Fn(usize, &mut Solver) -> (Tally, Vec<Found>) + Sync + 'a;

/// Hands units 0..count (those of this shard, not skipped) to `threads` workers, each with
/// its own solver buffers, and adds up their tallies.
fn run_units(
    count: usize,
    threads: usize,
    shard: (usize, usize),
    skip: &(dyn Fn(usize) -> bool + Sync),
    done: &(dyn Fn(usize, &Tally, &[Found]) + Sync),
    unit: &Unit,
) -> Tally {
    let next = AtomicUsize::new(0);
    let (unique, searched, pruned) = (AtomicU64::new(0), AtomicU64::new(0), AtomicU64::new(0));
    std::thread::scope(|s| {
        for _ in 0..threads.max(1) {
            s.spawn(|| {
                let mut solver = Solver::default();
                loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    if i >= count {
                        return;
                    }
                    if i % shard.1 != shard.0 || skip(i) {
                        continue;
                    }
                    let (t, puzzles) = unit(i, &mut solver);
                    unique.fetch_add(t.unique, Ordering::Relaxed);
                    searched.fetch_add(t.searched, Ordering::Relaxed);
                    pruned.fetch_add(t.pruned, Ordering::Relaxed);
                    done(i, &t, &puzzles);
                }
            });
        }
    });
    Tally {
        unique: unique.into_inner(),
        searched: searched.into_inner(),
        pruned: pruned.into_inner(),
    }
}

/// The row margins and column margins an m×n scan visits, in its order.
pub fn table_margins(m: usize, n: usize) -> (Vec<Vec<u32>>, Vec<Vec<u32>>) {
    let top = m * n;
    let total = (top * (top + 1) / 2) as u64;
    (margins(m, n, top, total), margins(n, m, top, total))
}

/// The number of row-margin indices a scan of m×n visits (for progress and checkpoints).
pub fn row_margin_count(m: usize, n: usize) -> usize {
    let top = m * n;
    margins(m, n, top, (top * (top + 1) / 2) as u64).len()
}

/// Labelled uniquely solvable tables: each essentially different puzzle stands for m!·n!
/// tables (its rows and columns permuted), twice over when m = n (transposed).
pub fn labelled(m: usize, n: usize, s: u64) -> u128 {
    let fact = |k: usize| (1..=k as u128).product::<u128>();
    u128::from(s) * fact(m) * fact(n) * if m == n { 2 } else { 1 }
}
