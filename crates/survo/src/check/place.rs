//! The second method's decider: the tables of one margin pair, counted up to a second, by
//! placing the values from the largest down.
//!
//! Value v = mn, mn − 1, …, 1 goes to one free cell at a time. When v is to be placed the
//! values left are exactly 1..=v and the free cells number v, so a line (row or column) with r
//! free cells and sum s still to make can be completed only if
//!
//! > tri(r) ≤ s ≤ top(r, v) = r·v − tri(r − 1)
//!
//! (its cells take r distinct values of 1..=v: at least 1 + … + r, at most the r largest).
//! That holds of every line at every step (an invariant of the search), and it decides where
//! v may go: v may enter a line only if afterwards tri(r − 1) ≤ s − v ≤ top(r − 1, v − 1),
//! and a line that does *not* receive v needs s ≤ top(r, v − 1) — a line failing that must
//! receive v, so two such rows (or two such columns) end the branch, one such row and one
//! such column leave only the cell where they cross. Every table is reached once (it is the
//! sequence of the cells of mn, mn − 1, …) and every branch cut has no table below it, so the
//! count is exact up to the point where the search stops: at a second table, or at a first
//! table with a 2×2 trade ([`trades::has_trade`](super::trades::has_trade)), which has a
//! second table though it was not found.
//!
//! The joint bound, checked at every node: the module text of [`check`](super) applied to
//! what is left. Take k rows K and l columns L; their free cells, union and intersection,
//! number u and w (counted from the free cells themselves); the sums they still have to make
//! add up to the values of the union plus those of the intersection again, u and w distinct
//! values of 1..=v: so tri(u) + tri(w) ≤ Σ_K s + Σ_L s ≤ top(u, v) + top(w, v). It is
//! checked for the lines with the largest sums left (the upper bound) and those with the
//! smallest (the lower), every k and l: at the root it is the walk's condition, and it
//! tightens as the values are placed. A node failing it has no table below it.

use super::trades::has_trade;

fn tri(t: i64) -> i64 {
    t * (t + 1) / 2
}

/// The sum of the r largest of 1..=v (r ≤ v), or −1 when r > v (no such r values).
fn top(r: i64, v: i64) -> i64 {
    if r > v {
        -1
    } else {
        r * v - tri(r - 1)
    }
}

/// A decider's buffers, kept between pairs.
#[derive(Default)]
pub struct Placement {
    m: usize,
    n: usize,
    /// Per line (rows, then columns): free cells and the sum they still have to make.
    free: Vec<i64>,
    left: Vec<i64>,
    /// Per row, its free columns as bits; per column, its free rows.
    open: Vec<u64>,
    open_c: Vec<u64>,
    table: Vec<u32>,
    /// The tables found, row-major, one after the other.
    found: Vec<u32>,
    /// The pair has a second table (found, or shown by a trade in the first).
    several: bool,
    nodes: u64,
    /// The most nodes one [`Placement::decide`] may visit (0: no limit), and whether the last
    /// one stopped there, undecided.
    pub budget: u64,
    stop_at: u64,
    aborted: bool,
}

impl Placement {
    /// The number of tables of the pair (decreasing `rows` and `cols`), capped at two (two:
    /// a second table was found, or the first has a trade). The tables found are then in
    /// [`Placement::tables`].
    pub fn decide(&mut self, rows: &[u32], cols: &[u32]) -> u64 {
        let (m, n) = (rows.len(), cols.len());
        assert!(m * n <= 64 && m <= 64 && n <= 64);
        self.m = m;
        self.n = n;
        self.free.clear();
        self.free.extend((0..m).map(|_| n as i64));
        self.free.extend((0..n).map(|_| m as i64));
        self.left.clear();
        self.left
            .extend(rows.iter().chain(cols).map(|&s| i64::from(s)));
        self.open.clear();
        self.open
            .resize(m, if n == 64 { u64::MAX } else { (1 << n) - 1 });
        self.open_c.clear();
        self.open_c
            .resize(n, if m == 64 { u64::MAX } else { (1 << m) - 1 });
        self.table.clear();
        self.table.resize(m * n, 0);
        self.found.clear();
        self.several = false;
        self.aborted = false;
        self.stop_at = if self.budget == 0 {
            u64::MAX
        } else {
            self.nodes.saturating_add(self.budget)
        };
        let v = (m * n) as i64;
        // The invariant at the start: every line within its bounds for the values 1..=mn.
        let within = (0..m + n).all(|l| {
            let (r, s) = (self.free[l], self.left[l]);
            tri(r) <= s && s <= top(r, v)
        });
        let total: i64 = rows.iter().map(|&s| i64::from(s)).sum();
        let total_c: i64 = cols.iter().map(|&s| i64::from(s)).sum();
        if within && total == tri(v) && total_c == tri(v) {
            self.go(v);
        }
        if self.several {
            2
        } else {
            (self.found.len() / (m * n)) as u64
        }
    }

    /// The tables found by the last [`Placement::decide`], row-major.
    pub fn tables(&self) -> impl Iterator<Item = &[u32]> {
        self.found.chunks_exact((self.m * self.n).max(1))
    }

    /// Whether the last [`Placement::decide`] ran out of its budget (its count then means
    /// nothing).
    pub fn aborted(&self) -> bool {
        self.aborted
    }

    /// Search nodes visited so far (over every pair decided).
    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    /// Places v, v − 1, …, 1; true when the search is to stop.
    fn go(&mut self, v: i64) -> bool {
        self.nodes += 1;
        if self.nodes >= self.stop_at {
            self.aborted = true;
            return true;
        }
        let (m, n) = (self.m, self.n);
        if v == 0 {
            self.found.extend_from_slice(&self.table);
            let tables = self.found.len() / (m * n);
            if tables >= 2 || has_trade(&self.table, m, n) {
                self.several = true;
                return true;
            }
            return false;
        }
        if 3 * v > 2 * (m * n) as i64 && !self.joint(v) {
            return false;
        }
        // Lines that may take v, and those that must.
        let mut may = [0u64; 2];
        let mut must = [0u64; 2];
        for l in 0..m + n {
            let (r, s) = (self.free[l], self.left[l]);
            if r == 0 {
                continue;
            }
            let (side, bit) = if l < m { (0, l) } else { (1, l - m) };
            if s > top(r, v - 1) {
                if must[side] != 0 {
                    return false;
                }
                must[side] = 1 << bit;
            }
            let rest = s - v;
            if rest >= tri(r - 1) && rest <= top(r - 1, v - 1).max(0) {
                may[side] |= 1 << bit;
            }
        }
        for side in 0..2 {
            if must[side] != 0 {
                may[side] &= must[side];
            }
        }
        let mut rows = may[0];
        while rows != 0 {
            let i = rows.trailing_zeros() as usize;
            rows &= rows - 1;
            let mut cols = may[1] & self.open[i];
            while cols != 0 {
                let j = cols.trailing_zeros() as usize;
                cols &= cols - 1;
                self.put(i, j, v, true);
                let stop = self.go(v - 1);
                self.put(i, j, v, false);
                if stop {
                    return true;
                }
            }
        }
        false
    }

    /// The joint bound (module text): for the k rows and the l columns with the largest sums
    /// still to make, and for those with the smallest, whether their sums fit the values
    /// 1..=v their free cells can hold.
    fn joint(&self, v: i64) -> bool {
        let (m, n) = (self.m, self.n);
        if m > 16 || n > 16 {
            return true;
        }
        let mut rows = [0usize; 16];
        let mut cols = [0usize; 16];
        for (i, r) in rows[..m].iter_mut().enumerate() {
            *r = i;
        }
        for (j, c) in cols[..n].iter_mut().enumerate() {
            *c = j;
        }
        let left = &self.left;
        rows[..m].sort_unstable_by_key(|&i| std::cmp::Reverse(left[i]));
        cols[..n].sort_unstable_by_key(|&j| std::cmp::Reverse(left[m + j]));
        // Largest first: an upper bound; then smallest first: a lower bound.
        for largest in [true, false] {
            let mut row_mask = 0u64;
            let (mut row_sum, mut row_free) = (0i64, 0i64);
            for k in 0..=m {
                if k > 0 {
                    let i = if largest { rows[k - 1] } else { rows[m - k] };
                    row_mask |= 1 << i;
                    row_sum += left[i];
                    row_free += self.free[i];
                }
                let (mut col_sum, mut col_free, mut shared) = (0i64, 0i64, 0i64);
                for l in 0..=n {
                    if l > 0 {
                        let j = if largest { cols[l - 1] } else { cols[n - l] };
                        col_sum += left[m + j];
                        col_free += self.free[m + j];
                        shared += i64::from((self.open_c[j] & row_mask).count_ones());
                    }
                    if k + l == 0 {
                        continue;
                    }
                    let union = row_free + col_free - shared;
                    let sum = row_sum + col_sum;
                    if largest {
                        if sum > top(union, v) + top(shared, v) {
                            return false;
                        }
                    } else if sum < tri(union) + tri(shared) {
                        return false;
                    }
                }
            }
        }
        true
    }

    fn put(&mut self, i: usize, j: usize, v: i64, on: bool) {
        let (m, n) = (self.m, self.n);
        let d = if on { 1 } else { -1 };
        self.free[i] -= d;
        self.free[m + j] -= d;
        self.left[i] -= d * v;
        self.left[m + j] -= d * v;
        self.open[i] ^= 1 << j;
        self.open_c[j] ^= 1 << i;
        self.table[i * n + j] = if on { v as u32 } else { 0 };
    }
}
