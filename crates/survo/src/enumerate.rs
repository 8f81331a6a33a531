//! S(m,n): the essentially different uniquely solvable open Survo puzzles (up to row and
//! column permutations, and transposition when m = n).
//!
//! The scan runs over margin pairs, not tables. A uniquely solvable puzzle has distinct row
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
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};

#[derive(Clone, Debug, Default, PartialEq, Eq, serde::Serialize)]
pub struct Tally {
    /// Essentially different uniquely solvable open puzzles.
    pub unique: u64,
    /// Margin pairs handed to the solver.
    pub searched: u64,
    /// Margin pairs rejected by the necessary condition.
    pub pruned: u64,
}

/// A uniquely solvable open puzzle: its row sums, column sums and its one table (row-major).
pub type Found = (Vec<u32>, Vec<u32>, Vec<u32>);

/// Strictly decreasing sequences of `parts` sums of `size`-subsets of 1..=top, totalling `total`.
pub fn margins(parts: usize, size: usize, top: usize, total: u64) -> Vec<Vec<u32>> {
    let lo = (size * (size + 1) / 2) as u64;
    let hi = ((top - size + 1)..=top).sum::<usize>() as u64;
    let mut out = Vec::new();
    let mut cur = Vec::with_capacity(parts);
    fn go(parts: usize, lo: u64, max: u64, left: u64, cur: &mut Vec<u32>, out: &mut Vec<Vec<u32>>) {
        let k = parts - cur.len();
        if k == 0 {
            if left == 0 {
                out.push(cur.clone());
            }
            return;
        }
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
            go(parts, lo, v - 1, rest, cur, out);
            cur.pop();
        }
    }
    go(parts, lo, hi, total, &mut cur, &mut out);
    out
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

/// Scans every margin pair of an m×n table on `threads` threads. `shard = (k, of)` keeps
/// only the row-margin indices ≡ k mod `of`. `skip(i)` says a row-margin index was finished
/// earlier (for resuming); `done(i, tally)` is called as each one finishes.
pub fn scan(
    m: usize,
    n: usize,
    threads: usize,
    shard: (usize, usize),
    skip: &(dyn Fn(usize) -> bool + Sync),
    done: &(dyn Fn(usize, &Tally, &[Found]) + Sync),
    keep_puzzles: bool,
) -> Tally {
    let top = m * n;
    let (row_margins, col_margins) = table_margins(m, n);
    let tables = Tables::new(m, n);
    let givens = vec![0u32; top];
    let next = AtomicUsize::new(0);
    let (unique, searched, pruned) = (AtomicU64::new(0), AtomicU64::new(0), AtomicU64::new(0));
    std::thread::scope(|s| {
        for _ in 0..threads.max(1) {
            s.spawn(|| {
                let mut solver = Solver::default();
                loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    if i >= row_margins.len() {
                        return;
                    }
                    if i % shard.1 != shard.0 || skip(i) {
                        continue;
                    }
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
                        let p = solver::Problem {
                            m,
                            n,
                            rows,
                            cols,
                            givens: &givens,
                        };
                        let mut first = Vec::new();
                        let found = solver.solve(&p, &tables, 2, |table| {
                            if keep_puzzles && first.is_empty() {
                                first = table.to_vec();
                            }
                            true
                        });
                        if found == 1 {
                            t.unique += 1;
                            if keep_puzzles {
                                puzzles.push((rows.clone(), cols.clone(), first));
                            }
                        }
                    }
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
