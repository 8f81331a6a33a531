//! The second method's pair-level condition: for each value threshold, a transportation
//! (0/1 matrix) bound on where the values above it can go (issue 71, the README's design).
//!
//! # Why a pair failing it has no table
//!
//! Fix a table of (R, C), m×n, values 1..N (N = mn), and a threshold t, 0 < t < N. Call the
//! h = N − t values t+1..N *high*. Row i holds some number x_i of high values and n − x_i low
//! ones (from 1..t). Its sum is then at least the x_i smallest high values plus the n − x_i
//! smallest low ones, x_i·t + tri(x_i) + tri(n − x_i), and at most the x_i largest high values
//! plus the n − x_i largest low ones, top(x_i, N) + top(n − x_i, t); and x_i ≤ h, n − x_i ≤ t.
//! So x_i lies among the counts x for which R_i is between those two: in the interval [a_i, b_i]
//! from the least to the greatest such x (an interval containing them all; a row with no such
//! x has no table). Columns alike: y_j in [c_j, d_j]. The high cells form a 0/1 matrix with
//! row sums x_i, column sums y_j, h ones in all.
//!
//! Such a matrix is an integral flow s → row i (between a_i and b_i) → column j (0 or 1) →
//! sink (between c_j and d_j) of value exactly h. By Hoffman's circulation theorem (close the
//! network by an arc sink → s carrying exactly h) it exists iff every set S of nodes has the
//! lower bounds of the arcs entering S at most the upper bounds of those leaving it. With I the
//! rows in S, J the columns in S, p = |I|, q = |J̄| (the columns outside S), and the four
//! cases of whether s and the sink are in S:
//!
//! - s in, sink out:   h ≤ Σ_{Ī} b + p·q + Σ_J d
//! - s out, sink in:   Σ_I a + Σ_{J̄} c ≤ h + p·q
//! - both in:          Σ_{J̄} c ≤ Σ_{Ī} b + p·q
//! - both out:         Σ_I a ≤ p·q + Σ_J d
//!
//! (the arcs row → column between I and J̄ leave S, each with capacity 1; those between Ī and
//! J enter it with lower bound 0). Each inequality names one set of rows (I or Ī) and one of
//! columns (J or J̄), so for given p and q it is worst with that set the one of extreme values:
//! the p rows of largest a for I, the m − p rows of smallest b for Ī, and alike for columns.
//! Checking the sorted prefix sums for every p and q is therefore Hoffman's condition itself.
//! [`Flow::feasible`] rejects a pair only when some threshold fails: a pair it rejects has no
//! table.

fn tri(t: i64) -> i64 {
    if t <= 0 {
        0
    } else {
        t * (t + 1) / 2
    }
}

/// The sum of the r largest of 1..=v (r ≤ v).
fn top(r: i64, v: i64) -> i64 {
    r * v - tri(r - 1)
}

/// The interval of counts of values above `t` that a line of `size` cells with sum `s` can
/// hold in a table of 1..=`cells` (module text), or `None` when no count fits.
/// `lo`/`hi` may give a range of sums [s_lo, s_hi] (the union of the intervals: a relaxation
/// used for lines whose sum is not yet fixed).
pub fn high_count(size: i64, cells: i64, t: i64, s_lo: i64, s_hi: i64) -> Option<(i64, i64)> {
    let h = cells - t;
    let mut lo = None;
    let mut hi = None;
    for x in (size - t).max(0)..=size.min(h) {
        let least = x * t + tri(x) + tri(size - x);
        let most = top(x, cells) + top(size - x, t);
        if least <= s_hi && s_lo <= most {
            lo.get_or_insert(x);
            hi = Some(x);
        }
    }
    Some((lo?, hi?))
}

/// Scratch buffers for [`Flow::feasible`].
#[derive(Default)]
pub struct Flow {
    a: Vec<i64>,
    b: Vec<i64>,
    c: Vec<i64>,
    d: Vec<i64>,
    /// Prefix sums: largest a, smallest b, largest c, smallest d.
    pa: Vec<i64>,
    pb: Vec<i64>,
    pc: Vec<i64>,
    pd: Vec<i64>,
    /// Pairs rejected, per threshold t (index t), for the measurements.
    pub rejected_at: Vec<u64>,
}

/// A row (or column) sum, or a range of sums when it is not fixed yet.
pub type Range = (i64, i64);

impl Flow {
    /// Whether the pair passes every threshold (module text); `false` proves it has no table.
    pub fn feasible(&mut self, rows: &[u32], cols: &[u32]) -> bool {
        let r: Vec<Range> = rows.iter().map(|&s| (s as i64, s as i64)).collect();
        let c: Vec<Range> = cols.iter().map(|&s| (s as i64, s as i64)).collect();
        self.feasible_ranges(&r, &c)
    }

    /// As [`Flow::feasible`], each line's sum given as a range (every sum in it allowed).
    pub fn feasible_ranges(&mut self, rows: &[Range], cols: &[Range]) -> bool {
        let (m, n) = (rows.len(), cols.len());
        let cells = (m * n) as i64;
        if self.rejected_at.len() < cells as usize {
            self.rejected_at.resize(cells as usize, 0);
        }
        // The middle thresholds first: they reject most (measured), so a rejection is found
        // early.
        let mid = cells / 2;
        for step in 1..cells {
            let t = if step % 2 == 1 {
                mid + step / 2
            } else {
                mid - step / 2
            };
            if t <= 0 || t >= cells {
                continue;
            }
            if !self.threshold(rows, cols, t) {
                self.rejected_at[t as usize] += 1;
                return false;
            }
        }
        true
    }

    fn threshold(&mut self, rows: &[Range], cols: &[Range], t: i64) -> bool {
        let (m, n) = (rows.len(), cols.len());
        let cells = (m * n) as i64;
        let h = cells - t;
        self.a.clear();
        self.b.clear();
        self.c.clear();
        self.d.clear();
        for &(lo, hi) in rows {
            let Some((x, y)) = high_count(n as i64, cells, t, lo, hi) else {
                return false;
            };
            self.a.push(x);
            self.b.push(y);
        }
        for &(lo, hi) in cols {
            let Some((x, y)) = high_count(m as i64, cells, t, lo, hi) else {
                return false;
            };
            self.c.push(x);
            self.d.push(y);
        }
        self.a.sort_unstable_by(|x, y| y.cmp(x));
        self.b.sort_unstable();
        self.c.sort_unstable_by(|x, y| y.cmp(x));
        self.d.sort_unstable();
        prefix(&self.a, &mut self.pa);
        prefix(&self.b, &mut self.pb);
        prefix(&self.c, &mut self.pc);
        prefix(&self.d, &mut self.pd);
        let (pa, pb, pc, pd) = (&self.pa, &self.pb, &self.pc, &self.pd);
        for p in 0..=m {
            for q in 0..=n {
                let pq = (p * q) as i64;
                // I: the p rows of largest a; Ī: the m − p of smallest b; J̄: the q columns of
                // largest c; J: the n − q of smallest d.
                let (sa, sb, sc, sd) = (pa[p], pb[m - p], pc[q], pd[n - q]);
                if h > sb + pq + sd || sa + sc > h + pq || sc > sb + pq || sa > pq + sd {
                    return false;
                }
            }
        }
        true
    }
}

fn prefix(x: &[i64], out: &mut Vec<i64>) {
    out.clear();
    out.push(0);
    let mut s = 0;
    for &v in x {
        s += v;
        out.push(s);
    }
}
