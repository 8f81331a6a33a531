//! S(m,n): the essentially different uniquely solvable open Survo puzzles (up to row and
//! column permutations, and transposition when m = n).
//!
//! Two methods (see [`Method`]): two-row tables are decided a whole column margin at a time
//! by [`two_rows`](crate::two_rows); every other size by the margin-pair scan below.
//!
//! The margin-pair scan runs over margin pairs, not tables. A uniquely solvable puzzle has
//! distinct row sums (swapping two rows of equal sum gives a second table: their values differ) and
//! distinct column sums, so only strictly decreasing margins are visited. Pairs that fail a
//! necessary condition are skipped without search; the rest go to the dedicated solver,
//! which stops at the second solution.
//!
//! Necessary condition: any k rows and l columns cover kn + lm − kl distinct values and
//! count their kl shared cells twice, so the k smallest row sums plus the l smallest column
//! sums are at least tri(kn + lm − kl) + tri(kl), and the k largest plus the l largest at
//! most the matching sums of the largest values (tri(t) = 1 + … + t). That condition bounds
//! the column margins walked for a row margin ([`column_caps`]); each pair walked must then
//! pass its weighted generalisation ([`WeightedBounds`]: weights 0..=3 per line instead of 0
//! and 1), which leaves 126 of 3×4's 2,843 pairs without a table to the search, and a pair
//! about to be searched the same with weights up to 6 (cheap where a search is dear).

use crate::margin_rank::{MarginRank, MarginSet};
use crate::solver::{self, Solver, Tables};
use crate::two_rows;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};

#[derive(Clone, Debug, Default, PartialEq, Eq, serde::Serialize)]
pub struct Tally {
    /// Essentially different uniquely solvable open puzzles.
    pub unique: u64,
    /// Margin pairs handed to the solver ([`Method::MarginPairs`]), or column margins whose
    /// tables were enumerated ([`Method::TwoRowMatchings`]). This and the counts below are
    /// the work done: under [`Method::ComplementPairs`] the pairs of the row margins not
    /// searched (the complements) are in none of them.
    pub searched: u64,
    /// Margin pairs rejected by the necessary condition.
    pub pruned: u64,
    /// Margin pairs known to have several tables without a search: reached by moving two
    /// tables of a searched pair alike ([`Method::MarginPairs`]).
    pub moved: u64,
    /// CPU microseconds of the threads that did the work, unit by unit (0 where the system
    /// does not say): what a unit costs, whatever else the machine did, for the cost model
    /// of work units.
    pub cpu_micros: u64,
}

/// CPU microseconds this thread has used so far (0 where the system does not say).
fn thread_cpu_micros() -> u64 {
    #[cfg(unix)]
    {
        // SAFETY: clock_gettime only writes the struct it is given.
        let mut t: libc::timespec = unsafe { std::mem::zeroed() };
        if unsafe { libc::clock_gettime(libc::CLOCK_THREAD_CPUTIME_ID, &mut t) } == 0 {
            return t.tv_sec as u64 * 1_000_000 + t.tv_nsec as u64 / 1_000;
        }
    }
    0
}

/// A uniquely solvable open puzzle: its row sums, column sums and its one table (row-major).
pub type Found = (Vec<u32>, Vec<u32>, Vec<u32>);

/// One side's margins of a table of `parts` lines of `size` cells: strictly decreasing
/// sequences of `parts` sums of `size`-subsets of 1..=parts·size, totalling the sum of them all.
pub fn margins(parts: usize, size: usize) -> Vec<Vec<u32>> {
    let mut out = Vec::new();
    each_margin(parts, size, &[], parts, &[], &mut |m| out.push(m.to_vec()));
    out
}

/// Visits, in the order of [`margins`], the first `depth` parts of those margins that begin
/// with `prefix` (every distinct beginning once when `depth` < `parts`; whole margins when
/// `depth` = `parts`). Each part is bounded so that the parts left can still make up the rest
/// of the total, so a beginning visited has completions as far as sums go; `caps[l]`, where
/// given, bounds the sum of the first l parts (a whole branch goes at once), the prefix's
/// own parts included.
pub fn each_margin(
    parts: usize,
    size: usize,
    prefix: &[u32],
    depth: usize,
    caps: &[u64],
    visit: &mut dyn FnMut(&[u32]),
) {
    let top = parts * size;
    let total = tri(top as u64);
    let lo = (size * (size + 1) / 2) as u64;
    let hi = ((top - size + 1)..=top).sum::<usize>() as u64;
    struct Walk<'a> {
        parts: usize,
        depth: usize,
        lo: u64,
        total: u64,
        caps: &'a [u64],
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
        // The first parts may sum to at most the cap of their number.
        let max = match w.caps.get(cur.len() + 1) {
            Some(&cap) => match cap.checked_sub(w.total - left) {
                Some(room) => max.min(room),
                None => return,
            },
            None => max,
        };
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
    let mut sum = 0;
    for (l, &p) in prefix.iter().enumerate() {
        sum += u64::from(p);
        if caps.get(l + 1).is_some_and(|&cap| sum > cap) {
            return;
        }
    }
    let max = prefix
        .last()
        .map_or(hi, |&p| u64::from(p).saturating_sub(1));
    let mut walk = Walk {
        parts,
        depth,
        lo,
        total,
        caps,
        visit,
    };
    go(&mut walk, max, left, &mut prefix.to_vec());
}

/// How many margins of `parts` lines of `size` cells begin with `prefix`, counted without
/// walking them: the strictly decreasing sequences of the parts left, each at least the
/// least line sum and below the prefix's last part, that make up the rest of the total (the
/// bounds [`each_margin`] walks within). With an empty prefix, [`margin_count`].
pub fn margins_beginning(parts: usize, size: usize, prefix: &[u32]) -> u64 {
    let top = (parts * size) as u64;
    let (lo, hi) = (tri(size as u64), top_sum(size as u64, top));
    let used: u64 = prefix.iter().map(|&p| u64::from(p)).sum();
    let (Some(left), Some(k)) = (tri(top).checked_sub(used), parts.checked_sub(prefix.len()))
    else {
        return 0;
    };
    let max = prefix
        .last()
        .map_or(hi, |&p| u64::from(p).saturating_sub(1));
    let left = left as usize;
    // ways[j · (left + 1) + s]: sets of j distinct values among those taken so far that sum
    // to s (a set is its decreasing sequence). Saturating: a count past u64 is no margin
    // count a scan can walk anyway.
    let mut ways = vec![0u64; (k + 1) * (left + 1)];
    ways[0] = 1;
    for v in lo..=max.min(left as u64) {
        let v = v as usize;
        for j in (1..=k).rev() {
            for s in (v..=left).rev() {
                let add = ways[(j - 1) * (left + 1) + s - v];
                let at = &mut ways[j * (left + 1) + s];
                *at = at.saturating_add(add);
            }
        }
    }
    ways[k * (left + 1) + left]
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

/// The necessary condition of [`feasible`] for one row margin, as caps on the column margin:
/// `caps[l]` bounds the sum of its l largest parts. Each (k, l) inequality holds the k
/// largest or smallest row sums against the l largest or smallest column sums, and the sum
/// of the l smallest is the total less the n − l largest, so every one of them is an upper
/// bound on a sum of largest parts. A column margin passes [`feasible`] exactly when each of
/// its sums of largest parts is within its cap; `None` when even the empty sum is not.
pub fn column_caps(rows: &[u32], n: usize) -> Option<Vec<u64>> {
    let m = rows.len();
    let top = (m * n) as u64;
    let total = tri(top) as i64;
    let (mut small_r, mut large_r) = (vec![0i64; m + 1], vec![0i64; m + 1]);
    for k in 0..m {
        small_r[k + 1] = small_r[k] + i64::from(rows[m - 1 - k]);
        large_r[k + 1] = large_r[k] + i64::from(rows[k]);
    }
    let cells = |k: usize, l: usize| {
        let (k, l) = (k as u64, l as u64);
        (k * n as u64 + l * m as u64 - k * l, k * l)
    };
    let mut caps = vec![0u64; n + 1];
    for (l, cap) in caps.iter_mut().enumerate() {
        let mut least = i64::MAX;
        for k in 0..=m {
            // The k largest rows and the l largest columns.
            if k + l != 0 && (k, l) != (m, n) {
                let (union, shared) = cells(k, l);
                least = least.min((top_sum(union, top) + top_sum(shared, top)) as i64 - large_r[k]);
            }
            // The k smallest rows and the n − l smallest columns.
            let small = n - l;
            if k + small != 0 && (k, small) != (m, n) {
                let (union, shared) = cells(k, small);
                least = least.min(total + small_r[k] - (tri(union) + tri(shared)) as i64);
            }
        }
        *cap = u64::try_from(least).ok()?;
    }
    Some(caps)
}

/// The largest weight of the [`WeightedBounds`] checked on every column margin walked.
/// Measured (BENCHMARKS.md): of the 2,843 pairs of 3×4 without a table that weights 0..=1
/// (the condition of [`feasible`]) leave to the search, weights up to 2 leave 359, up to 3
/// leave 126, up to 4 leave 92; on 4×6 unit 516 the scan took 42.1, 12.7 and 13.9 CPU
/// seconds: past 3 the checks on every margin walked cost what they save.
pub const MAX_LINE_WEIGHT: u32 = 3;

/// The largest weight of the [`WeightedBounds`] checked on a pair about to be searched, where
/// a rejection saves a search rather than a walk step.
/// Of the pairs of 4×6 that passed weights up to 3 and had no table, 195 of 200 sampled were
/// infeasible even as a linear programme (cells holding fractions of values), and the
/// certificates found by the LP had row weights like 3, 2, 1, 0 and column weights up to 4–6
/// (BENCHMARKS: "Searches that find nothing"). On 40 random row margins of 4×6 the searches
/// without a table fell from 119,662 (26.6 s) to 23,937 with weights up to 4 on rows and 6
/// on columns, and to 8,465 (1.9 s) with 6 on both.
pub const SEARCH_LINE_WEIGHT: u32 = 6;

/// A necessary condition stronger than [`feasible`], for the column margins of one row margin
/// (built by [`Weightings::bounds`]). The weighting that rejected last is tried first: the
/// walk's consecutive column margins are alike, and so are the weightings that reject them.
///
/// Give row i a weight a_i and column j a weight b_j, and each cell the weight a_i + b_j of
/// its lines. Then Σ a_i R_i + Σ b_j C_j is the sum over the cells of weight × value, and by
/// the rearrangement inequality that lies between pairing the weights in increasing order
/// with the values 1..mn in decreasing order and in the same order. A table exists only if
/// this holds for every choice of weights (exactly: only if (R, C) lies in the convex hull of
/// the margins of all tables); [`feasible`] is the case of weights 0 and 1 on the largest or
/// smallest lines. Here every monotone weighting of 0..=[`MAX_LINE_WEIGHT`] is used, in both
/// directions on each side ([`Weightings::new`]; [`Weightings::before_search`] goes to
/// [`SEARCH_LINE_WEIGHT`]). For a fixed row margin each column weighting b gives one
/// interval for b·C, the tightest over the row weightings, so a column margin costs a few
/// dozen dot products.
pub struct WeightedBounds {
    /// The column weightings, one after the other (`n` weights each).
    weights: Vec<u32>,
    /// Per column weighting, the interval b·C must lie in.
    bounds: Vec<(i64, i64)>,
    /// The index of the column weighting that rejected last.
    last_rejecting: std::cell::Cell<usize>,
}

impl WeightedBounds {
    /// Whether the column margin `cols` passes every weighting.
    pub fn admits(&self, cols: &[u32]) -> bool {
        let n = cols.len();
        let passes = |k: usize| {
            let b = &self.weights[k * n..][..n];
            let b_c: u32 = b.iter().zip(cols).map(|(&x, &c)| x * c).sum();
            let (low, high) = self.bounds[k];
            (low..=high).contains(&i64::from(b_c))
        };
        let last = self.last_rejecting.get();
        if last < self.bounds.len() && !passes(last) {
            return false;
        }
        match (0..self.bounds.len()).find(|&k| !passes(k)) {
            Some(k) => {
                self.last_rejecting.set(k);
                false
            }
            None => true,
        }
    }
}

/// The weightings of [`WeightedBounds`] for one size m×n, with the rearrangement bounds of
/// every pair of a row and a column weighting. Those depend on the size only, so a scan builds
/// them once and each row margin costs one dot product per row weighting and a minimum and
/// maximum per pair (not a sort of the mn cell weights per pair, as when each row margin
/// built its own).
pub struct Weightings {
    m: usize,
    /// The row weightings, one after the other (`m` weights each).
    rows: Vec<u32>,
    /// The column weightings, one after the other (`n` weights each).
    cols: Vec<u32>,
    /// For column weighting b and row weighting a, at `b · row weightings + a`: the least
    /// and the most a·R + b·C can be over all tables.
    extremes: Vec<(i64, i64)>,
}

impl Weightings {
    /// The weightings checked on every column margin walked (weights up to
    /// [`MAX_LINE_WEIGHT`]).
    pub fn new(m: usize, n: usize) -> Weightings {
        Weightings::up_to(m, n, MAX_LINE_WEIGHT)
    }

    /// The weightings checked before a search (weights up to [`SEARCH_LINE_WEIGHT`]): they
    /// include those of [`Weightings::new`], so their bounds reject every pair those do.
    pub fn before_search(m: usize, n: usize) -> Weightings {
        Weightings::up_to(m, n, SEARCH_LINE_WEIGHT)
    }

    fn up_to(m: usize, n: usize, max: u32) -> Weightings {
        let row_weights = monotone_weightings(m, max);
        let col_weights = monotone_weightings(n, max);
        let mut extremes = Vec::with_capacity(row_weights.len() * col_weights.len());
        let mut cells = Vec::with_capacity(m * n);
        for b in &col_weights {
            for a in &row_weights {
                cells.clear();
                for &ai in a {
                    cells.extend(b.iter().map(|&bj| ai + bj));
                }
                cells.sort_unstable();
                // Rearrangement: the k-th smallest weight (k from 1) times k, or times
                // mn + 1 − k.
                let top = cells.len() as i64;
                let (mut least, mut most) = (0i64, 0i64);
                for (k, &w) in cells.iter().enumerate() {
                    let w = i64::from(w);
                    least += w * (top - k as i64);
                    most += w * (k as i64 + 1);
                }
                extremes.push((least, most));
            }
        }
        Weightings {
            m,
            rows: row_weights.concat(),
            cols: col_weights.concat(),
            extremes,
        }
    }

    /// The bounds for the column margins of the row margin `rows` (of `m` lines).
    pub fn bounds(&self, rows: &[u32]) -> WeightedBounds {
        assert_eq!(rows.len(), self.m, "a row margin of {} lines", self.m);
        let a_r: Vec<i64> = self
            .rows
            .chunks_exact(self.m)
            .map(|a| a.iter().zip(rows).map(|(&x, &r)| i64::from(x * r)).sum())
            .collect();
        let bounds = self
            .extremes
            .chunks_exact(a_r.len())
            .map(|per_row_weighting| {
                // least ≤ a·R + b·C ≤ most for every a.
                per_row_weighting.iter().zip(&a_r).fold(
                    (i64::MIN, i64::MAX),
                    |(low, high), (&(least, most), &a_r)| {
                        (low.max(least - a_r), high.min(most - a_r))
                    },
                )
            })
            .collect();
        WeightedBounds {
            weights: self.cols.clone(),
            bounds,
            last_rejecting: Default::default(),
        }
    }
}

/// The weightings of `len` lines with weights 0..=`max` that are non-increasing or
/// non-decreasing (margins are decreasing, and the extreme bounds come from weights in the
/// margin's order or against it). Of the constant ones only zero is kept: adding c to every
/// weight of a side adds c·(1 + … + mn) to both sides of the inequality.
fn monotone_weightings(len: usize, max: u32) -> Vec<Vec<u32>> {
    let mut decreasing: Vec<Vec<u32>> = vec![Vec::new()];
    for _ in 0..len {
        decreasing = decreasing
            .into_iter()
            .flat_map(|w| {
                let below = w.last().copied().unwrap_or(max);
                (0..=below).map(move |x| {
                    let mut w = w.clone();
                    w.push(x);
                    w
                })
            })
            .collect();
    }
    decreasing.retain(|w| w.iter().any(|&x| x != w[0]) || w.iter().all(|&x| x == 0));
    let increasing: Vec<Vec<u32>> = decreasing
        .iter()
        .filter(|w| w.iter().any(|&x| x != w[0]))
        .map(|w| w.iter().rev().copied().collect())
        .collect();
    decreasing.extend(increasing);
    decreasing
}

/// How a scan decides the margin pairs of one size.
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize, clap::ValueEnum,
)]
#[serde(rename_all = "kebab-case")]
pub enum Method {
    /// Every pair that passes the necessary condition is searched, up to a second table. A
    /// unit of work is one row margin with all its column margins.
    MarginPairs,
    /// Tables of two rows (or two columns): one enumeration per column margin answers every
    /// row margin at once ([`two_rows`](crate::two_rows)). A unit of work is the column
    /// margins that begin alike (their first three parts).
    TwoRowMatchings,
    /// The margin-pair search over half the row margins (m ≠ n). The complement v ↦ mn + 1 − v
    /// maps the tables of a pair (R, C) one to one onto those of ([`complement`] R,
    /// `complement` C), so the two pairs are unique together: a row margin R above its
    /// complement R̄ (in the scan's order) is searched and its unique pairs count for R̄ too,
    /// one equal to its complement counts once, and one below it is not searched. A unit of
    /// work is one row margin at least its complement. (For a square table transposition
    /// already pairs the margins, and a pair's complement need not fall to the same row
    /// margin, so square sizes keep [`Method::MarginPairs`].)
    ComplementPairs,
}

impl Method {
    /// The fastest method for m×n.
    pub fn of(m: usize, n: usize) -> Method {
        let (short, long) = (m.min(n), m.max(n));
        if short == 2 && (3..=two_rows::MAX_WIDTH).contains(&long) {
            Method::TwoRowMatchings
        } else if m != n {
            Method::ComplementPairs
        } else {
            Method::MarginPairs
        }
    }

    /// Whether the method can scan m×n.
    pub fn takes(self, m: usize, n: usize) -> bool {
        match self {
            Method::MarginPairs => true,
            Method::TwoRowMatchings => Method::of(m, n) == Method::TwoRowMatchings,
            Method::ComplementPairs => m != n,
        }
    }
}

/// The complement of a margin of `margin.len()` lines of `size` cells each: a table's values
/// v ↦ top + 1 − v (top = lines · size) turn a line's sum s into size · (top + 1) − s, and
/// reversing the lines keeps the margin decreasing. An involution.
pub fn complement(margin: &[u32], size: usize) -> Vec<u32> {
    let top = (margin.len() * size) as u32;
    margin
        .iter()
        .rev()
        .map(|&s| size as u32 * (top + 1) - s)
        .collect()
}

/// The complement of a row-major table whose margins are decreasing: values v ↦ top + 1 − v,
/// rows and columns in reverse order (the flat array reversed), so that its margins are the
/// [`complement`]s of the table's and decreasing again.
pub fn complement_table(table: &[u32]) -> Vec<u32> {
    let top = table.len() as u32;
    table.iter().rev().map(|&v| top + 1 - v).collect()
}

/// The row margins a [`Method::ComplementPairs`] scan searches, in its order: those at least
/// their complement.
fn complement_row_margins(m: usize, n: usize) -> Vec<Vec<u32>> {
    margins(m, n)
        .into_iter()
        .filter(|r| *r >= complement(r, n))
        .collect()
}

/// Row margins cut into pieces: a row margin's index in the method's list → the number d of
/// leading column sums that name a piece. Each piece is a unit of work of its own: the pairs
/// of that row margin whose column margin begins with one of the beginnings of d parts
/// [`each_margin`] visits. The pieces of a row margin partition its pairs, so they count
/// what the whole row margin counts; what splitting costs is the moves between pieces (a
/// search in one piece cannot spare a search in another).
pub type Split = std::collections::BTreeMap<usize, usize>;

/// One unit of work of a margin-pair scan: a row margin (its index in the method's list)
/// with the column margins that begin with `prefix` (all of them when it is empty).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Item {
    pub row_margin: usize,
    pub prefix: Vec<u32>,
}

/// The row margins a margin-pair method scans, in its order.
fn row_margins_of(m: usize, n: usize, method: Method) -> Vec<Vec<u32>> {
    match method {
        Method::ComplementPairs => complement_row_margins(m, n),
        _ => margins(m, n),
    }
}

/// Units of work a split may make in all: the list of them ([`items`]) is built by every
/// unit's process (about 50 bytes each), so a split deeper than any use (every row margin of
/// 4×6 by two sums would make 16 million: 889 beginnings each) is refused before it is built.
pub const MAX_WORK_ITEMS: usize = 1 << 20;

/// Why `split` cannot cut the row margins of an m×n scan by `method`, if it cannot: only the
/// margin-pair methods have row margins, each index must be one of them, a depth takes 1 to
/// n − 1 column sums (n sums would be one column margin a piece), and the units of work may
/// not pass [`MAX_WORK_ITEMS`].
pub fn check_split(m: usize, n: usize, method: Method, split: &Split) -> Result<(), String> {
    if split.is_empty() {
        return Ok(());
    }
    if method == Method::TwoRowMatchings {
        return Err("the two-row method has no row margins to split".into());
    }
    let count = row_margins_of(m, n, method).len();
    for (&i, &d) in split {
        if i >= count {
            return Err(format!(
                "row margin {i} split, but {m}×{n} has row margins 0 to {}",
                count - 1
            ));
        }
        if d == 0 || d >= n {
            return Err(format!(
                "row margin {i} split by {d} column sums: expected 1 to {}",
                n - 1
            ));
        }
    }
    // Every row margin has the same beginnings (pieces are not cut by the caps), so each
    // depth's are counted once.
    let mut beginnings = std::collections::BTreeMap::new();
    let mut work = count;
    for &d in split.values() {
        let per_row_margin = *beginnings.entry(d).or_insert_with(|| {
            let mut k = 0usize;
            each_margin(n, m, &[], d, &[], &mut |_| k += 1);
            k
        });
        work = work.saturating_add(per_row_margin.saturating_sub(1));
    }
    if work > MAX_WORK_ITEMS {
        return Err(format!(
            "the split makes {work} units of work, more than the {MAX_WORK_ITEMS} allowed: \
             cut fewer row margins, or by fewer sums"
        ));
    }
    Ok(())
}

/// The units of work of a margin-pair scan under `split`: the row margins in order, each
/// whole or as its pieces, in the walk's order: every beginning of d column sums, whether or
/// not the row margin's caps leave it any column margin, so that the pieces' pairs are the
/// row margin's. Every row margin has the same beginnings, so each depth's are walked once.
/// Panics on a split [`check_split`] refuses.
pub fn items(m: usize, n: usize, method: Method, split: &Split) -> Vec<Item> {
    if let Err(why) = check_split(m, n, method, split) {
        panic!("{why}");
    }
    let mut beginnings = std::collections::BTreeMap::<usize, Vec<Vec<u32>>>::new();
    for &d in split.values() {
        beginnings.entry(d).or_insert_with(|| {
            let mut out = Vec::new();
            each_margin(n, m, &[], d, &[], &mut |p| out.push(p.to_vec()));
            out
        });
    }
    let whole = [Vec::new()];
    (0..row_margins_of(m, n, method).len())
        .flat_map(|i| {
            let prefixes = match split.get(&i) {
                Some(d) => beginnings[d].as_slice(),
                None => &whole[..],
            };
            prefixes.iter().map(move |p| Item {
                row_margin: i,
                prefix: p.clone(),
            })
        })
        .collect()
}

/// How many pieces of d column sums the row margin `rows` of an m×n table has that its caps
/// leave some column margin (the others are cheap: ruled out whole).
pub fn live_pieces(rows: &[u32], n: usize, depth: usize) -> usize {
    let m = rows.len();
    let Some(caps) = column_caps(rows, n) else {
        return 0;
    };
    let mut count = 0;
    each_margin(n, m, &[], depth, &caps, &mut |_| count += 1);
    count
}

/// The ranges the list of row margins is cut into to pool measured costs (as
/// `scripts/survo-cost-model.py` does by default): a row margin's cost depends mostly on where
/// it stands in the list (the last ones have the most column margins).
pub const COST_STRATA: usize = 8;

/// A split from measured costs (`(row margin index, CPU seconds)`, as unit results record
/// them; a row margin measured more than once takes the mean). Each row margin's cost is its
/// own measurement, or else the mean of those measured in its stratum (the list cut into
/// [`COST_STRATA`] equal ranges; none in a stratum without measurements); each whose cost is
/// above `seconds` is cut by the fewest column sums d that give it at least cost / `seconds`
/// live pieces ([`live_pieces`]), or by n − 1 sums where none do. Within a stratum costs
/// differ up to 100×, so a stratum's mean cuts some cheap row margins too (where a piece
/// costs more than it saves) and misses dear ones in cheap strata; the more units measured,
/// the fewer. The pieces of one row margin are not of equal cost either (the column margins
/// under one beginning vary); the runs in BENCHMARKS.md say how far this evens the units.
pub fn split_dear(
    m: usize,
    n: usize,
    method: Method,
    costs: &[(usize, f64)],
    seconds: f64,
) -> Result<Split, String> {
    if method == Method::TwoRowMatchings {
        return Err("the two-row method has no row margins to split".into());
    }
    let row_margins = row_margins_of(m, n, method);
    let count = row_margins.len();
    let stratum = |i: usize| i * COST_STRATA / count;
    let mut measured = std::collections::BTreeMap::<usize, (f64, u32)>::new();
    let mut pooled = [(0.0, 0u32); COST_STRATA];
    for &(i, cost) in costs {
        if i >= count {
            return Err(format!("a cost of row margin {i}, but {m}×{n} has {count}"));
        }
        let own = measured.entry(i).or_default();
        *own = (own.0 + cost, own.1 + 1);
        let pool = &mut pooled[stratum(i)];
        *pool = (pool.0 + cost, pool.1 + 1);
    }
    let mean = |(sum, k): (f64, u32)| (k > 0).then(|| sum / f64::from(k));
    let mut split = Split::new();
    for (i, rows) in row_margins.iter().enumerate() {
        let cost = match measured.get(&i) {
            Some(&own) => mean(own),
            None => mean(pooled[stratum(i)]),
        };
        let Some(cost) = cost.filter(|&c| c > seconds && n >= 2) else {
            continue;
        };
        let wanted = (cost / seconds).ceil() as usize;
        let depth = (1..n)
            .find(|&d| live_pieces(rows, n, d) >= wanted)
            .unwrap_or(n - 1);
        split.insert(i, depth);
    }
    Ok(split)
}

/// The beginnings of the long side's margins of a two-row table of width `long`: the units of
/// a [`Method::TwoRowMatchings`] scan, in order.
fn two_row_units(long: usize) -> Vec<Vec<u32>> {
    let mut out = Vec::new();
    each_margin(long, 2, &[], 3.min(long - 1), &[], &mut |p| {
        out.push(p.to_vec())
    });
    out
}

/// The number of units a scan of m×n is split into (for shards, progress and checkpoints):
/// row margins, or their pieces where `split` cuts them ([`items`]).
pub fn work_units(m: usize, n: usize, method: Method, split: &Split) -> usize {
    match method {
        Method::TwoRowMatchings => two_row_units(m.max(n)).len(),
        _ if split.is_empty() => row_margins_of(m, n, method).len(),
        _ => items(m, n, method, split).len(),
    }
}

/// Scans every margin pair of an m×n table on `threads` threads by `method` ([`Method::of`]
/// picks the faster; the tests hold the two against each other; [`Method::TwoRowMatchings`]
/// takes only the sizes `of` gives it to). `split` cuts row margins into pieces ([`Split`];
/// empty for none, and always for the two-row method); the units of work are then
/// [`items`]. `shard = (k, of)` keeps only the units ≡ k mod `of`. `skip(i)` says unit i was
/// finished earlier (for resuming); `done(i, tally, puzzles)` is called as each one finishes.
#[allow(clippy::too_many_arguments)]
pub fn scan(
    method: Method,
    m: usize,
    n: usize,
    split: &Split,
    threads: usize,
    shard: (usize, usize),
    skip: &(dyn Fn(usize) -> bool + Sync),
    done: &(dyn Fn(usize, &Tally, &[Found]) + Sync),
    keep_puzzles: bool,
) -> Tally {
    let top = m * n;
    let size = SizeTables::new(m, n);
    let tables = &size.tables;
    match method {
        Method::MarginPairs | Method::ComplementPairs => {
            assert!(method.takes(m, n), "{method:?} does not take {m}×{n}");
            let halved = method == Method::ComplementPairs;
            let row_margins = row_margins_of(m, n, method);
            let items = items(m, n, method, split);
            // Only the number of column margins is needed (and, for a square table, their
            // order, which is the row margins' own): they are counted, never held, so a scan
            // of 2×11 no longer keeps 36.5 million of them in memory.
            let columns = if m == n {
                Columns::Square(&row_margins)
            } else {
                Columns::Count(margin_count(n, m))
            };
            run_units(items.len(), threads, shard, skip, done, &|i, w| {
                let Item { row_margin, prefix } = &items[i];
                let rows = &row_margins[*row_margin];
                // Under the complement method, R's twin R̄ when it is another row margin.
                let twin = Some(complement(rows, n)).filter(|r| halved && r != rows);
                let mut puzzles = Vec::new();
                // R = R̄: the pair (R, C) is the twin of (R, C̄), so only C ≥ C̄ is searched.
                let halve_columns = halved && twin.is_none();
                let pairs = Pairs {
                    rows,
                    prefix,
                    columns: &columns,
                    halve_columns,
                };
                let mut t = w.row_margin(&pairs, n, &size, |cols, table| {
                    if keep_puzzles {
                        puzzles.push((rows.clone(), cols.to_vec(), table.to_vec()));
                        if let Some(twin) = &twin {
                            puzzles.push((
                                twin.clone(),
                                complement(cols, m),
                                complement_table(table),
                            ));
                        }
                    }
                });
                if twin.is_some() {
                    t.unique *= 2;
                }
                (t, puzzles)
            })
        }
        Method::TwoRowMatchings => {
            assert_eq!(Method::of(m, n), method, "{m}×{n} is not a two-row size");
            let long = m.max(n);
            let units = two_row_units(long);
            let total = (top * (top + 1) / 2) as u64;
            run_units(units.len(), threads, shard, skip, done, &|i, w| {
                let mut t = Tally::default();
                let mut puzzles = Vec::new();
                each_margin(long, 2, &units[i], long, &[], &mut |long_sums| {
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
                        let found = w.up_to_two(&rows, &cols, tables);
                        assert_eq!(found, 1, "a pair the matchings call unique has one table");
                        puzzles.push((rows, cols, w.found.clone()));
                    }
                });
                (t, puzzles)
            })
        }
    }
}

/// The pairs one unit of a margin-pair scan decides: a row margin with the column margins
/// that begin with `prefix` (all when empty). With `halve_columns` (the row margin is its own
/// complement, [`Method::ComplementPairs`]) a column margin C below its complement C̄ is left
/// to its twin (R, C̄), which counts for both and hands both puzzles on.
#[derive(Clone, Copy)]
struct Pairs<'a> {
    rows: &'a [u32],
    prefix: &'a [u32],
    columns: &'a Columns<'a>,
    halve_columns: bool,
}

/// What a row margin's scan needs of the column margins: how many there are, and for a square
/// table (where (R, C) and (C, R) are one puzzle) their decreasing order, which is the row
/// margins' own.
pub enum Columns<'a> {
    Count(u64),
    Square(&'a [Vec<u32>]),
}

/// How many margins of `parts` lines of `size` cells there are (counted, not kept).
pub fn margin_count(parts: usize, size: usize) -> u64 {
    let mut count = 0u64;
    each_margin(parts, size, &[], parts, &[], &mut |_| count += 1);
    count
}

/// A margin pair whose search takes longer is logged (at debug level).
const SLOW_PAIR_SECONDS: f64 = 0.5;

/// One unit of work: its index and a worker's buffers in, its tally and puzzles out.
type Unit<'a> = dyn Fn(usize, &mut Worker) -> (Tally, Vec<Found>) + Sync + 'a;

/// The set of a margin's (distinct) sums, one bit per sum. Only the moves use it, and they run
/// only where the column margins are numbered ([`MarginRank::new`] refuses sizes whose sums
/// reach 128), so every sum fits.
fn sums_set(sums: &[u32]) -> u128 {
    debug_assert!(sums.iter().all(|&s| s < 128));
    sums.iter().fold(0, |a, &s| a | 1 << s)
}

/// What a scan of one size m×n builds once and every thread reads.
struct SizeTables {
    tables: Tables,
    /// The weightings checked on every column margin walked.
    weightings: Weightings,
    /// The stronger ones checked on a pair about to be searched.
    before_search: Weightings,
    /// The numbering of the column margins for the moves' sets (`None`: no moves).
    column_ranks: Option<MarginRank>,
    /// The rectangles of a table, for the moves through swap pairs (`None`: too many).
    swap_pairs: Option<SwapPairs>,
    /// A search of at least this many nodes is followed by the moves through swap pairs.
    swap_pairs_after: u64,
}

/// Searches of a row margin cost from microseconds to tens of milliseconds. Where they are
/// dear, the moves through swap pairs reach more margins than the moves alike and save
/// searches (4×6 row margin (100, 97, 52, 51): 2,166 searches, 75 s → 555 searches, 17 s);
/// where they are cheap, the look at each table's rectangles costs more than it saves. On 41
/// row margins of 4×6 the best threshold of those tried (30 µs, 100 µs, 300 µs, 1 ms, always)
/// was 100 µs (BENCHMARKS: "Swap pairs"). It is counted in solver nodes, so that a unit's
/// tallies do not depend on the machine or its load: searches of 100 µs there had a median of
/// 90 nodes (0.41 nodes per µs over 46,097 searches).
const SWAP_PAIRS_AFTER_NODES: u64 = 100;

impl SizeTables {
    fn new(m: usize, n: usize) -> SizeTables {
        SizeTables {
            tables: Tables::new(m, n),
            weightings: Weightings::new(m, n),
            before_search: Weightings::before_search(m, n),
            column_ranks: MarginRank::new(n, m),
            swap_pairs: SwapPairs::new(m, n),
            swap_pairs_after: SWAP_PAIRS_AFTER_NODES,
        }
    }
}

/// What each scanning thread keeps between units.
#[derive(Default)]
struct Worker {
    solver: Solver,
    /// The tables the solver found for the pair at hand, one after the other.
    found: Vec<u32>,
    /// Column margins (by their [`MarginRank`]) of the current row margin known to have
    /// several tables without a search.
    several: MarginSet,
    /// Tables (each followed by its column sums) still to move from.
    stack: Vec<u32>,
    /// No cell given (the open puzzle).
    givens: Vec<u32>,
}

impl Worker {
    /// The tables of one margin pair, up to two, into `found` (row-major, one after the
    /// other); returns how many.
    fn up_to_two(&mut self, rows: &[u32], cols: &[u32], tables: &Tables) -> u64 {
        let (m, n) = (rows.len(), cols.len());
        self.givens.clear();
        self.givens.resize(m * n, 0);
        let p = solver::Problem {
            m,
            n,
            rows,
            cols,
            givens: &self.givens,
        };
        let found = &mut self.found;
        found.clear();
        self.solver.solve(&p, tables, 2, |table| {
            found.extend_from_slice(table);
            true
        })
    }

    /// Decides every pair of one row margin (or of a piece of one): returns the tally and
    /// hands each unique pair's column margin and table to `unique`. A pair is searched
    /// unless the necessary condition rules it out or a search of an earlier pair has
    /// shown, by moving its two tables alike or (after a dear search) through tables with
    /// swap pairs ([`Worker::spread`], [`Moves`]), that it has several.
    fn row_margin(
        &mut self,
        pairs: &Pairs,
        n: usize,
        size: &SizeTables,
        mut unique: impl FnMut(&[u32], &[u32]),
    ) -> Tally {
        let Pairs {
            rows,
            prefix,
            columns,
            halve_columns,
        } = *pairs;
        let m = rows.len();
        let mut t = Tally::default();
        let ranks = size.column_ranks.as_ref();
        self.several.clear(ranks.map_or(0, MarginRank::count));
        // When m = n, (R, C) and (C, R) are one puzzle: keep R ≤ C. The margins are listed
        // in decreasing order, so those kept come first.
        let considered = match columns {
            Columns::Square(cols) if prefix.is_empty() => {
                cols.partition_point(|c| c.as_slice() >= rows) as u64
            }
            Columns::Square(cols) => cols
                .iter()
                .filter(|c| c.starts_with(prefix) && c.as_slice() >= rows)
                .count() as u64,
            Columns::Count(count) if prefix.is_empty() => *count,
            Columns::Count(_) => margins_beginning(n, m, prefix),
        };
        let Some(caps) = column_caps(rows, n) else {
            t.pruned = considered;
            return t;
        };
        let weighted = size.weightings.bounds(rows);
        let piece = Piece::of(prefix);
        // Built at the first pair that reaches them: a row margin none of whose pairs does
        // never pays for them.
        let mut before_search: Option<WeightedBounds> = None;
        // Column margins walked (those that pass the caps), and those of them the weighted
        // condition rejects: both kinds of rejection count as pruned.
        let (mut walked, mut rejected) = (0, 0);
        // Only the column margins that pass the necessary condition are visited.
        each_margin(n, m, prefix, n, &caps, &mut |cols| {
            if m == n && cols < rows {
                return;
            }
            walked += 1;
            let twin = if halve_columns {
                let twin = complement(cols, m);
                match cols.cmp(twin.as_slice()) {
                    std::cmp::Ordering::Less => return,
                    std::cmp::Ordering::Equal => None,
                    std::cmp::Ordering::Greater => Some(twin),
                }
            } else {
                None
            };
            if ranks.is_some_and(|r| self.several.contains(r.rank(cols))) {
                t.moved += 1;
                return;
            }
            // After the moves: a pair with several tables passes anyway, and the moved
            // pairs are most of those walked.
            if !weighted.admits(cols)
                || !before_search
                    .get_or_insert_with(|| size.before_search.bounds(rows))
                    .admits(cols)
            {
                rejected += 1;
                return;
            }
            t.searched += 1;
            let started = std::time::Instant::now();
            let found = self.up_to_two(rows, cols, &size.tables);
            let took = started.elapsed();
            if took.as_secs_f64() > SLOW_PAIR_SECONDS {
                // The heavy tail of a scan's cost is a few such pairs: worth seeing.
                log::debug!("survo scan: {rows:?} × {cols:?}: {found} tables, {took:.2?}");
            }
            match found {
                1 => {
                    t.unique += 1;
                    unique(cols, &self.found);
                    if let Some(twin) = twin {
                        t.unique += 1;
                        unique(&twin, &complement_table(&self.found));
                    }
                }
                2 => {
                    if let Some(ranks) = ranks {
                        let (first, second) = self.found.split_at(m * n);
                        let free: Vec<bool> = (0..m * n).map(|k| first[k] == second[k]).collect();
                        let first = first.to_vec();
                        self.spread(n, &first, cols, ranks, piece, Moves::Alike(&free));
                        // Where searching is dear, reaching more margins pays for the look
                        // at each table's rectangles (BENCHMARKS: "Swap pairs").
                        if let Some(pairs) = size
                            .swap_pairs
                            .as_ref()
                            .filter(|_| self.solver.nodes() >= size.swap_pairs_after)
                        {
                            let tables = std::mem::take(&mut self.found);
                            for table in tables.chunks(m * n) {
                                let moves = Moves::SwapPairs(pairs);
                                self.spread(n, table, cols, ranks, piece, moves);
                            }
                            self.found = tables;
                        }
                    }
                }
                _ => {}
            }
        });
        t.pruned = considered - walked + rejected;
        t
    }

    /// Marks in `several` the column margins of tables reached from `table`, a table of the
    /// pair (R, `cols`) with several tables, by swapping two values within a row (which keeps
    /// R and moves two column sums), as long as [`Moves`] says the table reached has several
    /// tables too and its column margin is in the `piece` being scanned. Each margin newly
    /// marked is moved from in turn, so the work is bounded by the piece's margins marked.
    fn spread(
        &mut self,
        n: usize,
        table: &[u32],
        cols: &[u32],
        ranks: &MarginRank,
        piece: Piece,
        moves: Moves,
    ) {
        let top = table.len();
        let m = top / n;
        self.several.insert(ranks.rank(cols));
        self.stack.clear();
        self.stack.extend_from_slice(table);
        self.stack.extend_from_slice(cols);
        let record = top + n;
        let mut t = vec![0u32; record];
        while self.stack.len() >= record {
            let at = self.stack.len() - record;
            t.copy_from_slice(&self.stack[at..]);
            self.stack.truncate(at);
            let set = sums_set(&t[top..]);
            let pairs_here = match moves {
                Moves::SwapPairs(pairs) => pairs.of(&t[..top]),
                Moves::Alike(_) => 0,
            };
            for i in 0..m {
                for j in 0..n {
                    for k in j + 1..n {
                        if let Moves::Alike(free) = moves {
                            if !(free[i * n + j] && free[i * n + k]) {
                                continue;
                            }
                        }
                        // Swapping the row's values at j and k moves b − a from k to j.
                        let (a, b) = (t[i * n + j], t[i * n + k]);
                        let (cj, ck) = (t[top + j] + b - a, t[top + k] + a - b);
                        let rest = set & !(1 << t[top + j]) & !(1 << t[top + k]);
                        // A table's column sums are below 128 (see `sums_set`).
                        if cj == ck || (rest >> cj | rest >> ck) & 1 == 1 {
                            continue;
                        }
                        let reached = rest | 1 << cj | 1 << ck;
                        if !piece.holds(reached) {
                            continue;
                        }
                        let r = ranks.rank_of_set(reached);
                        if self.several.contains(r) {
                            continue;
                        }
                        t[i * n + j] = b;
                        t[i * n + k] = a;
                        let several = match moves {
                            Moves::Alike(_) => true,
                            Moves::SwapPairs(pairs) => {
                                pairs.kept(pairs_here, i, j, k) != 0 || pairs.any(&t[..top])
                            }
                        };
                        if several {
                            self.several.insert(r);
                            let from = self.stack.len();
                            self.stack.extend_from_slice(&t);
                            self.stack[from + top + j] = cj;
                            self.stack[from + top + k] = ck;
                        }
                        t[i * n + j] = a;
                        t[i * n + k] = b;
                    }
                }
            }
        }
    }
}

/// The column margins of one unit of work, as sets of sums ([`sums_set`]): those that begin
/// with a prefix (every one when it is empty). The moves keep to them: a piece's moves
/// reaching into the other pieces of its row margin would redo, piece after piece, the
/// spreading the whole row margin does once (row margin 701 of 3×8 cut by its first sum:
/// 15 CPU s for a piece of 4 million pairs, where the whole row margin's 35 million took
/// 36 s).
#[derive(Clone, Copy)]
struct Piece {
    /// The prefix's sums, and the bits below its least one (where the rest of a margin is).
    sums: u128,
    below: u128,
}

impl Piece {
    fn of(prefix: &[u32]) -> Piece {
        match prefix.last() {
            // Sums past 127 have no moves (see `sums_set`), so no piece is asked about them.
            // The prefix decreases: its first sum is its largest.
            Some(&least) if prefix[0] < 128 => Piece {
                sums: sums_set(prefix),
                below: (1u128 << least) - 1,
            },
            _ => Piece {
                sums: 0,
                below: u128::MAX,
            },
        }
    }

    /// Whether a column margin (its set of sums) begins with the prefix: its sums from the
    /// prefix's least up are the prefix's.
    fn holds(self, margin: u128) -> bool {
        margin & !self.below == self.sums
    }
}

/// Which tables reached by swaps within rows are known to have several tables.
#[derive(Clone, Copy)]
enum Moves<'a> {
    /// Those reached from the first of two tables of one pair by swaps among the cells where
    /// the two agree (`true` cells): the same swaps made in the second table give a second
    /// table with the same margins, because the cells where the two differ hold, row by row
    /// and column by column, the same values summing alike.
    Alike(&'a [bool]),
    /// Those with a swap pair ([`SwapPairs`]), wherever the swaps are.
    SwapPairs(&'a SwapPairs),
}

/// Second tables made by two swaps in a 2×2 rectangle of cells a b / c d (rows i < i′,
/// columns j < k): swapping a↔b and c↔d keeps the row sums and, when a + c = b + d, the column
/// sums; swapping a↔c and b↔d keeps the column sums and, when a + b = c + d, the row sums.
/// The values are distinct, so the table changes: a table with such a rectangle (a *swap
/// pair*) is one of several with its margins.
///
/// A table's swap pairs are a bit set over the rectangles, (i, i′) major. Swapping two values
/// of row i at columns j and k (the scan's moves) keeps every swap pair whose rows avoid i or
/// whose columns avoid j and k, so most moves need no new look.
struct SwapPairs {
    m: usize,
    n: usize,
    /// By (i, j, k) with j < k, the rectangles a swap of row i at columns j and k touches.
    touched: Vec<u128>,
}

impl SwapPairs {
    /// `None` when the rectangles do not fit in a `u128`.
    fn new(m: usize, n: usize) -> Option<SwapPairs> {
        let rects = m * (m - 1) / 2 * (n * (n - 1) / 2);
        if rects > 128 {
            return None;
        }
        let mut touched = vec![0u128; m * n * n];
        let mut bit = 0;
        for i in 0..m {
            for i2 in i + 1..m {
                for j in 0..n {
                    for k in j + 1..n {
                        for row in [i, i2] {
                            for a in 0..n {
                                for b in a + 1..n {
                                    if [a, b].iter().any(|c| *c == j || *c == k) {
                                        touched[(row * n + a) * n + b] |= 1 << bit;
                                    }
                                }
                            }
                        }
                        bit += 1;
                    }
                }
            }
        }
        Some(SwapPairs { m, n, touched })
    }

    /// The swap pairs of a table.
    fn of(&self, table: &[u32]) -> u128 {
        let mut out = 0u128;
        self.each(table, |bit| {
            out |= 1 << bit;
            true
        });
        out
    }

    /// Whether a table has a swap pair (the first found ends the look).
    fn any(&self, table: &[u32]) -> bool {
        !self.each(table, |_| false)
    }

    /// Hands the bit of each swap pair of a table to `visit` until it returns false; whether
    /// every one was visited.
    fn each(&self, table: &[u32], mut visit: impl FnMut(usize) -> bool) -> bool {
        let (m, n) = (self.m, self.n);
        let mut bit = 0;
        for i in 0..m {
            for i2 in i + 1..m {
                for j in 0..n {
                    let (a, c) = (table[i * n + j], table[i2 * n + j]);
                    for k in j + 1..n {
                        let (b, d) = (table[i * n + k], table[i2 * n + k]);
                        if (a + c == b + d || a + b == c + d) && !visit(bit) {
                            return false;
                        }
                        bit += 1;
                    }
                }
            }
        }
        true
    }

    /// The swap pairs a swap of row i at columns j < k leaves in place.
    fn kept(&self, pairs: u128, i: usize, j: usize, k: usize) -> u128 {
        pairs & !self.touched[(i * self.n + j) * self.n + k]
    }
}

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
    let [unique, searched, pruned, moved, cpu_micros] = [(); 5].map(|_| AtomicU64::new(0));
    std::thread::scope(|s| {
        for _ in 0..threads.max(1) {
            s.spawn(|| {
                let mut worker = Worker::default();
                loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    if i >= count {
                        return;
                    }
                    if i % shard.1 != shard.0 || skip(i) {
                        continue;
                    }
                    let started = thread_cpu_micros();
                    let (mut t, puzzles) = unit(i, &mut worker);
                    t.cpu_micros = thread_cpu_micros().saturating_sub(started);
                    cpu_micros.fetch_add(t.cpu_micros, Ordering::Relaxed);
                    unique.fetch_add(t.unique, Ordering::Relaxed);
                    searched.fetch_add(t.searched, Ordering::Relaxed);
                    pruned.fetch_add(t.pruned, Ordering::Relaxed);
                    moved.fetch_add(t.moved, Ordering::Relaxed);
                    done(i, &t, &puzzles);
                }
            });
        }
    });
    Tally {
        unique: unique.into_inner(),
        searched: searched.into_inner(),
        pruned: pruned.into_inner(),
        moved: moved.into_inner(),
        cpu_micros: cpu_micros.into_inner(),
    }
}

/// The row margins and column margins an m×n scan visits, in its order.
pub fn table_margins(m: usize, n: usize) -> (Vec<Vec<u32>>, Vec<Vec<u32>>) {
    (margins(m, n), margins(n, m))
}

/// Labelled uniquely solvable tables: each essentially different puzzle stands for m!·n!
/// tables (its rows and columns permuted), twice over when m = n (transposed).
pub fn labelled(m: usize, n: usize, s: u64) -> u128 {
    let fact = |k: usize| (1..=k as u128).product::<u128>();
    u128::from(s) * fact(m) * fact(n) * if m == n { 2 } else { 1 }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A swap pair is a second table: every table of 3×3 and 3×4 with one found (by the
    /// solver, up to three per pair) has a swap pair exactly when its pair has several
    /// tables, or it is not the only table and has none — never a swap pair in a unique one.
    #[test]
    fn a_swap_pair_makes_a_second_table() {
        for (m, n) in [(3, 3), (3, 4), (2, 5)] {
            let (row_margins, col_margins) = table_margins(m, n);
            let tables = Tables::new(m, n);
            let pairs = SwapPairs::new(m, n).unwrap();
            let (mut with_pair, mut unique) = (0, 0);
            for rows in &row_margins {
                for cols in &col_margins {
                    let p = solver::Problem {
                        m,
                        n,
                        rows,
                        cols,
                        givens: &vec![0; m * n],
                    };
                    let mut found: Vec<Vec<u32>> = Vec::new();
                    solver::solve(&p, &tables, 3, |t| {
                        found.push(t.to_vec());
                        true
                    });
                    for t in &found {
                        assert_eq!(pairs.any(t), pairs.of(t) != 0, "{t:?}");
                        if pairs.any(t) {
                            with_pair += 1;
                            assert!(found.len() > 1, "{rows:?} {cols:?}: {t:?}");
                        }
                    }
                    unique += usize::from(found.len() == 1);
                }
            }
            assert!(
                with_pair > 100 && unique > 10,
                "{m}×{n}: {with_pair}, {unique}"
            );
        }
    }

    /// The swap pairs a swap within a row keeps are swap pairs of the table it makes, and
    /// only those touching the swapped cells can be lost.
    #[test]
    fn a_swap_keeps_the_swap_pairs_it_does_not_touch() {
        let mut rng = wellposed_engine::Xorshift(7);
        for (m, n) in [(3, 3), (4, 6), (3, 8), (5, 5)] {
            let pairs = SwapPairs::new(m, n).unwrap();
            for _ in 0..200 {
                let mut t: Vec<u32> = (1..=(m * n) as u32).collect();
                rng.shuffle(&mut t);
                let here = pairs.of(&t);
                for i in 0..m {
                    for j in 0..n {
                        for k in j + 1..n {
                            let mut u = t.clone();
                            u.swap(i * n + j, i * n + k);
                            let kept = pairs.kept(here, i, j, k);
                            assert_eq!(kept & !pairs.of(&u), 0, "{t:?} row {i}: {j}↔{k}");
                        }
                    }
                }
            }
        }
    }

    /// The complement is an involution on the margins of each side, and a table's complement
    /// has the complements of its margins.
    #[test]
    fn complements_pair_margins_and_tables() {
        for (m, n) in [(2, 3), (3, 4), (4, 3), (2, 6), (4, 6)] {
            let rows = margins(m, n);
            let set: std::collections::HashSet<_> = rows.iter().cloned().collect();
            for r in &rows {
                let twin = complement(r, n);
                assert!(set.contains(&twin), "{m}×{n}: {r:?} → {twin:?}");
                assert_eq!(complement(&twin, n), *r);
            }
        }
        // 3×4, Mustonen's open puzzle: 2 1 3 7 / 5 4 8 10 / 6 9 12 11.
        let table = [2, 1, 3, 7, 5, 4, 8, 10, 6, 9, 12, 11];
        let sums = |t: &[u32]| {
            let rows: Vec<u32> = t.chunks(4).map(|r| r.iter().sum()).collect();
            let cols: Vec<u32> = (0..4).map(|j| (0..3).map(|i| t[i * 4 + j]).sum()).collect();
            (rows, cols)
        };
        let (rows, cols) = sums(&table);
        let twin = complement_table(&table);
        let (twin_rows, twin_cols) = sums(&twin);
        assert_eq!(twin_rows, complement(&rows, 4));
        assert_eq!(twin_cols, complement(&cols, 3));
        assert_eq!(complement_table(&twin), table);
    }

    /// The caps visit exactly the column margins that pass the necessary condition.
    #[test]
    fn caps_keep_exactly_the_feasible_column_margins() {
        for (m, n) in [(2, 2), (3, 3), (3, 4), (4, 3), (4, 4), (3, 5)] {
            let (row_margins, col_margins) = table_margins(m, n);
            for rows in &row_margins {
                let want: Vec<&Vec<u32>> =
                    col_margins.iter().filter(|c| feasible(rows, c)).collect();
                let mut got = Vec::new();
                if let Some(caps) = column_caps(rows, n) {
                    each_margin(n, m, &[], n, &caps, &mut |c| got.push(c.to_vec()));
                }
                assert_eq!(
                    got.iter().collect::<Vec<_>>(),
                    want,
                    "{m}×{n} rows {rows:?}"
                );
            }
        }
    }

    /// The weighted conditions never reject a pair that has a table (found by the solver);
    /// the walk's rejects more than the condition of weights 0 and 1 does, and the one before
    /// a search everything the walk's does, and more.
    #[test]
    fn weighted_bounds_keep_every_pair_with_a_table() {
        for (m, n) in [(2, 3), (3, 3), (2, 5), (3, 4), (4, 3)] {
            let (row_margins, col_margins) = table_margins(m, n);
            let tables = Tables::new(m, n);
            let givens = vec![0u32; m * n];
            let (mut with_table, mut stronger, mut strongest) = (0, 0, 0);
            let (walk, search) = (Weightings::new(m, n), Weightings::before_search(m, n));
            for rows in &row_margins {
                let (weighted, before_search) = (walk.bounds(rows), search.bounds(rows));
                for cols in &col_margins {
                    let p = solver::Problem {
                        m,
                        n,
                        rows,
                        cols,
                        givens: &givens,
                    };
                    let admitted = weighted.admits(cols);
                    let searched = before_search.admits(cols);
                    if solver::solve(&p, &tables, 1, |_| true) > 0 {
                        with_table += 1;
                        assert!(searched, "{m}×{n}: {rows:?} × {cols:?} has a table");
                    }
                    // Weights 0..=1 are among the weightings, and those up to 3 among
                    // those up to 6.
                    assert!(!feasible(rows, cols) <= !admitted, "{rows:?} × {cols:?}");
                    assert!(!admitted <= !searched, "{rows:?} × {cols:?}");
                    stronger += usize::from(feasible(rows, cols) && !admitted);
                    strongest += usize::from(admitted && !searched);
                }
            }
            assert!(with_table > 0);
            if (m, n) != (2, 3) {
                assert!(stronger > 0, "{m}×{n}: nothing more rejected");
            }
            if (m, n) == (3, 4) || (m, n) == (4, 3) {
                assert!(
                    strongest > 0,
                    "{m}×{n}: nothing more rejected before a search"
                );
            }
        }
    }

    /// The count of margins under a beginning agrees with walking them, for every beginning
    /// of every depth the pieces use, and with no beginning it is the whole count.
    #[test]
    fn margins_under_a_beginning_are_counted_as_walked() {
        for (parts, size) in [(3, 3), (4, 3), (5, 3), (4, 4), (6, 2), (3, 5)] {
            let all = margins(parts, size);
            assert_eq!(margins_beginning(parts, size, &[]), all.len() as u64);
            for depth in 1..parts {
                let mut beginnings = 0;
                each_margin(parts, size, &[], depth, &[], &mut |p| {
                    beginnings += 1;
                    let walked = all.iter().filter(|c| c.starts_with(p)).count() as u64;
                    assert_eq!(margins_beginning(parts, size, p), walked, "{p:?}");
                    assert!(walked > 0, "a beginning visited has completions: {p:?}");
                });
                assert!(beginnings > 1, "{parts}×{size} depth {depth}");
            }
        }
    }

    /// Cutting row margins into pieces changes which pairs the moves spare, never the
    /// count: S(m,n) comes out the same with every row margin cut at each depth, and with a
    /// mixed split; and under the margin-pair method (which halves nothing) every pair is
    /// still accounted for once (pruned + searched + moved is the same). Square sizes take
    /// the pieces' column margins from the row margins' list.
    #[test]
    fn pieces_of_row_margins_count_what_the_row_margins_count() {
        for (m, n) in [(3, 3), (3, 4), (4, 3), (2, 5), (3, 5)] {
            for method in [Method::MarginPairs, Method::ComplementPairs] {
                if !method.takes(m, n) {
                    continue;
                }
                let run = |split: &Split| {
                    scan(
                        method,
                        m,
                        n,
                        split,
                        2,
                        (0, 1),
                        &|_| false,
                        &|_, _, _| {},
                        false,
                    )
                };
                let whole = run(&Split::new());
                let rows = row_margins_of(m, n, method).len();
                // Past 12 cells, pieces of one sum only: deeper ones are many and tiny, and
                // cost many times the whole scan (the moves lost between them).
                let deepest = if m * n <= 12 { n - 1 } else { 1 };
                let mut splits: Vec<Split> = (1..=deepest)
                    .map(|d| (0..rows).map(|i| (i, d)).collect())
                    .collect();
                splits.push(
                    (0..rows)
                        .filter(|i| i % 3 != 1)
                        .map(|i| (i, 1 + i % deepest))
                        .collect(),
                );
                for split in &splits {
                    let pieces = run(split);
                    assert_eq!(pieces.unique, whole.unique, "{m}×{n} {method:?} {split:?}");
                    assert!(work_units(m, n, method, split) > rows);
                    if method == Method::MarginPairs {
                        assert_eq!(
                            pieces.pruned + pieces.searched + pieces.moved,
                            whole.pruned + whole.searched + whole.moved,
                            "{m}×{n} {split:?}"
                        );
                    }
                }
            }
        }
    }

    /// The split from measured costs cuts the row margins measured dear, each into at least
    /// as many live pieces as its cost asks for where the beginnings allow, and the
    /// unmeasured ones of a stratum whose measured mean is dear; it leaves the row margins
    /// measured cheap, and those of strata without measurements; and refuses a cost of a row
    /// margin the size does not have.
    #[test]
    fn the_split_from_costs_cuts_the_dear_row_margins() {
        let (m, n, method) = (3, 5, Method::ComplementPairs);
        let rows = row_margins_of(m, n, method);
        let count = rows.len();
        let stratum = |i: usize| i * COST_STRATA / count;
        // Every third row margin measured, at 0.1 s times its index: cost rises along the
        // list, and the last stratum is left unmeasured.
        let costs: Vec<(usize, f64)> = (0..count)
            .filter(|i| i % 3 == 0 && stratum(*i) < COST_STRATA - 1)
            .map(|i| (i, i as f64 * 0.1))
            .collect();
        let split = split_dear(m, n, method, &costs, 2.0).unwrap();
        let pooled = |s: usize| {
            let c: Vec<f64> = costs
                .iter()
                .filter(|(i, _)| stratum(*i) == s)
                .map(|c| c.1)
                .collect();
            (!c.is_empty()).then(|| c.iter().sum::<f64>() / c.len() as f64)
        };
        let mut cut_unmeasured = 0;
        for (i, row_margin) in rows.iter().enumerate() {
            let own = costs.iter().find(|(j, _)| *j == i).map(|c| c.1);
            let cost = own.or_else(|| pooled(stratum(i)));
            match (split.get(&i), cost) {
                (None, cost) => assert!(cost.is_none_or(|c| c <= 2.0), "{i}"),
                (Some(&d), Some(cost)) => {
                    assert!(cost > 2.0, "{i}");
                    cut_unmeasured += usize::from(own.is_none());
                    let wanted = (cost / 2.0).ceil() as usize;
                    let live = live_pieces(row_margin, n, d);
                    assert!(live >= wanted || d == n - 1, "{i}: {live} of {wanted}");
                    assert!(d == 1 || live_pieces(row_margin, n, d - 1) < wanted);
                }
                (Some(_), None) => panic!("{i} cut without a cost"),
            }
        }
        assert!(cut_unmeasured > 0 && split.len() > cut_unmeasured);
        assert!(split.keys().all(|&i| stratum(i) < COST_STRATA - 1));
        assert!(split_dear(m, n, method, &[(count, 9.0)], 1.0).is_err());
        assert!(check_split(m, n, method, &[(0, n)].into()).is_err());
        assert!(check_split(m, n, Method::MarginPairs, &[(0, 1)].into()).is_ok());
        // Every row margin of 4×6 by two sums would make millions of units of work.
        let all: Split = (0..row_margins_of(4, 6, method).len())
            .map(|i| (i, 2))
            .collect();
        let why = check_split(4, 6, method, &all).unwrap_err();
        assert!(why.contains("more than"), "{why}");
    }

    #[test]
    fn margins_are_counted_as_they_are_listed() {
        for (parts, size) in [(2, 2), (3, 4), (4, 3), (5, 2), (2, 9)] {
            assert_eq!(margin_count(parts, size), margins(parts, size).len() as u64);
        }
    }

    /// Every column margin the moves mark as having several tables has at least two, by
    /// search; and the moves do mark some (else the test shows nothing).
    #[test]
    fn moved_pairs_have_several_tables() {
        // Both kinds of moves: alike after every search, and through swap pairs after
        // every search (no threshold) or after the dear ones only.
        for ((m, n), after) in [(3, 3), (3, 4), (4, 3), (3, 5)]
            .into_iter()
            .flat_map(|size| [(size, 0), (size, SWAP_PAIRS_AFTER_NODES)])
        {
            let (row_margins, col_margins) = table_margins(m, n);
            let size = SizeTables {
                swap_pairs_after: after,
                ..SizeTables::new(m, n)
            };
            let ranks = size.column_ranks.as_ref().unwrap();
            let mut w = Worker::default();
            let mut check = Worker::default();
            let mut marked = 0;
            for rows in &row_margins {
                let columns = if m == n {
                    Columns::Square(&row_margins)
                } else {
                    Columns::Count(col_margins.len() as u64)
                };
                let pairs = Pairs {
                    rows,
                    prefix: &[],
                    columns: &columns,
                    halve_columns: false,
                };
                w.row_margin(&pairs, n, &size, |_, _| {});
                for cols in &col_margins {
                    if w.several.contains(ranks.rank(cols)) {
                        marked += 1;
                        assert_eq!(
                            check.up_to_two(rows, cols, &size.tables),
                            2,
                            "{m}×{n}: {rows:?} {cols:?}"
                        );
                    }
                }
            }
            assert!(marked > 100, "{m}×{n}: {marked} marked");
        }
    }
}
