//! The necessary conditions of the margin-pair scan: the k-lines/l-lines condition as caps on
//! the column margin walked ([`column_caps`]) and its weighted generalisation
//! ([`WeightedBounds`]).

use super::walk::{top_sum, tri};

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
pub(crate) fn monotone_weightings(len: usize, max: u32) -> Vec<Vec<u32>> {
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
