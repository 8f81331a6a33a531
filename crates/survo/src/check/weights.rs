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
