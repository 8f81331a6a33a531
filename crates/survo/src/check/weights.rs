//! The second method's weighted pair condition: line weights and the rearrangement inequality,
//! checked on a pair about to be decided (its own code; the first method has a condition of
//! the same family, written separately, which this module does not use).
//!
//! # Why a pair failing it has no table
//!
//! Give row i an integer weight a_i ≥ 0 and column j a weight b_j ≥ 0, and cell (i, j) the
//! weight a_i + b_j. In a table of (R, C), Σ a_i R_i + Σ b_j C_j = Σ_cells (a_i + b_j)·value.
//! The values are 1..N once each (N = mn), so by the rearrangement inequality that is at most
//! the sum of the cell weights sorted increasing times 1, 2, …, N: [`Weights::admits`] rejects
//! a pair for which some weighting breaks this. The bound depends only on the multiset of
//! weights, so for a given multiset the left side is largest with the larger weights on the
//! lines of larger sum: only weightings monotone with the sums (decreasing, as the margins
//! are) need checking. The lower bound (at least the weights sorted decreasing times 1..N)
//! is the upper bound of the weights W − a_i, W′ − b_j (both sides change by (W + W′)·tri(N)
//! minus themselves), which is again a monotone weighting after re-sorting: so it is covered.
//! Weights 0/1 are the k-rows/l-columns condition of the walk; larger weights are stronger.

/// Every non-increasing sequence of `len` weights from `max` down to 0 (the last weight 0:
/// adding a constant to every weight of a side changes both sides of the inequality by the
/// constant times tri(N)), flattened.
fn monotone(len: usize, max: u32) -> Vec<u32> {
    let mut out = Vec::new();
    let mut cur = vec![0u32; len];
    fn go(k: usize, hi: u32, cur: &mut [u32], out: &mut Vec<u32>) {
        if k == cur.len() {
            if cur.last() == Some(&0) {
                out.extend_from_slice(cur);
            }
            return;
        }
        for w in 0..=hi {
            cur[k] = w;
            go(k + 1, w, cur, out);
        }
    }
    go(0, max, &mut cur, &mut out);
    out
}

/// The weightings for one size, kept between pairs.
#[derive(Default)]
pub struct Weights {
    m: usize,
    n: usize,
    max: u32,
    rows: Vec<u32>,
    cols: Vec<u32>,
    /// Per column weighting, how many columns have each weight 0..=max.
    col_counts: Vec<u32>,
    /// The row weighting and column weighting that rejected last (tried first: consecutive
    /// pairs are alike).
    last: (usize, usize),
}

impl Weights {
    fn prepare(&mut self, m: usize, n: usize, max: u32) {
        if (self.m, self.n, self.max) == (m, n, max) && !self.rows.is_empty() {
            return;
        }
        self.m = m;
        self.n = n;
        self.max = max;
        self.rows = monotone(m, max);
        self.cols = monotone(n, max);
        let w = max as usize + 1;
        self.col_counts = self
            .cols
            .chunks_exact(n)
            .flat_map(|b| {
                let mut c = vec![0u32; w];
                for &x in b {
                    c[x as usize] += 1;
                }
                c
            })
            .collect();
        self.last = (0, 0);
    }

    /// Whether the pair (decreasing `rows` and `cols`) passes every monotone weighting with
    /// weights up to `max` on both sides; `false` proves it has no table (module text).
    pub fn admits(&mut self, rows: &[u32], cols: &[u32], max: u32) -> bool {
        let (m, n) = (rows.len(), cols.len());
        self.prepare(m, n, max);
        let w = max as usize + 1;
        let (nr, nc) = (self.rows.len() / m, self.cols.len() / n);
        let (lr, lc) = self.last;
        if lr < nr && lc < nc && !self.passes(rows, cols, lr, lc, w) {
            return false;
        }
        for r in 0..nr {
            for c in 0..nc {
                if !self.passes(rows, cols, r, c, w) {
                    self.last = (r, c);
                    return false;
                }
            }
        }
        true
    }

    fn passes(&self, rows: &[u32], cols: &[u32], r: usize, c: usize, w: usize) -> bool {
        let (m, n) = (self.m, self.n);
        let a = &self.rows[r * m..][..m];
        let b = &self.cols[c * n..][..n];
        let lhs: i64 = a
            .iter()
            .zip(rows)
            .chain(b.iter().zip(cols))
            .map(|(&x, &s)| i64::from(x) * i64::from(s))
            .sum();
        let mut row_counts = [0i64; 16];
        for &x in a {
            row_counts[x as usize] += 1;
        }
        let cc = &self.col_counts[c * w..][..w];
        // Cells by weight x + y, increasing, take the values 1, 2, … in that order.
        let mut rank = 0i64;
        let mut most = 0i64;
        for weight in 0..2 * w - 1 {
            let lo = weight.saturating_sub(w - 1);
            let hi = weight.min(w - 1);
            let cnt: i64 = (lo..=hi)
                .map(|x| row_counts[x] * i64::from(cc[weight - x]))
                .sum();
            if cnt > 0 {
                let end = rank + cnt;
                most += weight as i64 * (end * (end + 1) / 2 - rank * (rank + 1) / 2);
                rank = end;
            }
        }
        lhs <= most
    }
}

/// The most Σ over the cells of (a_i + b_j)·value can be: the cell weights sorted increasing
/// times 1..mn (the module text).
fn most(a: &[u32], b: &[u32]) -> i64 {
    let mut count = [0i64; 64];
    for &x in a {
        for &y in b {
            count[(x + y) as usize] += 1;
        }
    }
    let (mut rank, mut most) = (0i64, 0i64);
    for (weight, &c) in count.iter().enumerate() {
        if c > 0 {
            let end = rank + c;
            most += weight as i64 * (end * (end + 1) / 2 - rank * (rank + 1) / 2);
            rank = end;
        }
    }
    most
}

/// Bounds for the inner walk of one column margin `cols` (decreasing): for each row weighting
/// α (non-decreasing along the row sums taken smallest first, up to `max`), α and the bound
/// K_α on Σ α_k p_k (p_1 < … < p_m the row sums ascending). Why: give the row of the k-th
/// smallest sum weight α_k; for every column weighting b (monotone, up to `max`) a table has
/// Σ α_k p_k + Σ b_j C_j ≤ most(α, b) (module text; the bound depends only on the weights'
/// multisets), so Σ α_k p_k ≤ K_α = min over b of most(α, b) − Σ b_j C_j.
pub fn row_cuts(m: usize, cols: &[u32], max: u32) -> Vec<(Vec<i64>, i64)> {
    RowCuts::default().cuts(m, cols, max).to_vec()
}

/// [`row_cuts`] for the many column margins of one size: the weightings of both sides and
/// most(α, b) of every pair of them depend on the size and `max` only, so they are made once
/// and each column margin costs one Σ b_j C_j per column weighting and one minimum per row
/// weighting (3×8 walks 17.6 million column margins; made afresh, these were a quarter of its
/// time).
#[derive(Default)]
pub struct RowCuts {
    key: (usize, usize, u32),
    /// Column weightings, flattened, n each.
    cols: Vec<u32>,
    /// most(α, b), row weighting by row weighting, each over every column weighting.
    most: Vec<i64>,
    /// Per column weighting: Σ b_j C_j of the column margin at hand.
    bc: Vec<i64>,
    /// The result: per row weighting, α ascending and K_α of the column margin at hand.
    out: Vec<(Vec<i64>, i64)>,
}

impl RowCuts {
    /// [`row_cuts`] of `cols` (decreasing) for tables of `m` rows.
    pub fn cuts(&mut self, m: usize, cols: &[u32], max: u32) -> &[(Vec<i64>, i64)] {
        let n = cols.len();
        if self.key != (m, n, max) || self.out.is_empty() {
            self.key = (m, n, max);
            self.cols = monotone(n, max);
            let rows = monotone(m, max);
            self.most.clear();
            self.out.clear();
            for a in rows.chunks_exact(m) {
                for b in self.cols.chunks_exact(n) {
                    self.most.push(most(a, b));
                }
                // `a` is non-increasing (for the decreasing margin); ascending order reverses it.
                self.out
                    .push((a.iter().rev().map(|&x| i64::from(x)).collect(), 0));
            }
        }
        self.bc.clear();
        self.bc.extend(self.cols.chunks_exact(n).map(|b| {
            b.iter()
                .zip(cols)
                .map(|(&x, &c)| i64::from(x) * i64::from(c))
                .sum::<i64>()
        }));
        let nc = self.bc.len();
        for (r, (_, k)) in self.out.iter_mut().enumerate() {
            *k = self.most[r * nc..][..nc]
                .iter()
                .zip(&self.bc)
                .map(|(&most, &bc)| most - bc)
                .min()
                .unwrap_or(i64::MAX);
        }
        &self.out
    }
}

/// Whether no row margin of the column margin of `cuts` starts (smallest first) with the
/// parts `asc` of sum `sum`: the rows number `cuts`' weightings' length, their sums add up to
/// `total`, and every sum is at least `least`. Why: the parts after the prefix, q_{j+1} < … <
/// q_m, add up to total − sum, and q_k ≥ p_j + (k − j) (or least + k − 1 with no prefix);
/// the weights α are non-decreasing, so Σ_{k>j} α_k q_k = α_{j+1}·Σ q + Σ_{k>j+1} (α_k −
/// α_{j+1})·q_k is at least α_{j+1}·(total − sum) + Σ_{k>j+1} (α_k − α_{j+1})·(p_j + k − j).
/// With the prefix's own Σ α_k p_k that bounds Σ α_k R_k from below over the whole subtree;
/// above K_α ([`row_cuts`]) no row margin below has a table.
pub fn cut(cuts: &[(Vec<i64>, i64)], asc: &[u32], sum: i64, total: i64, least: i64) -> bool {
    let j = asc.len();
    let base = asc.last().map_or(least - 1, |&p| i64::from(p));
    let rest = total - sum;
    cuts.iter().any(|(alpha, k)| {
        let m = alpha.len();
        if j >= m {
            return false;
        }
        let mut low: i64 = alpha.iter().zip(asc).map(|(&x, &p)| x * i64::from(p)).sum();
        let first = alpha[j];
        low += first * rest;
        for (idx, &x) in alpha.iter().enumerate().skip(j + 1) {
            low += (x - first) * (base + (idx + 1 - j) as i64);
        }
        low > *k
    })
}

/// Whether the row margin `rows` (decreasing) passes every bound of [`row_cuts`] made for its
/// column margin: the same condition as [`Weights::admits`] with the same weights (for each
/// row weighting, every column weighting at once, folded into K_α), at m multiplications a
/// row weighting.
pub fn admits_rows(cuts: &[(Vec<i64>, i64)], rows: &[u32]) -> bool {
    cuts.iter().all(|(alpha, k)| {
        let sum: i64 = alpha
            .iter()
            .zip(rows.iter().rev())
            .map(|(&x, &r)| x * i64::from(r))
            .sum();
        sum <= *k
    })
}
