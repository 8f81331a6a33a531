//! The dedicated Survo solver. A filled table is the same thing as a pair of partitions of
//! 1..mn — one into row sets (row i's values, summing to R_i), one into column sets — in which
//! every row set meets every column set in exactly one value: that value is the cell. So the
//! solver enumerates row partitions, and for each one the column partitions that cross it
//! exactly once everywhere, stopping at a limit.

/// Values are bits of a `u64`: value v is bit v - 1, so tables have at most 64 cells.
pub type Set = u64;

/// All `k`-subsets of 1..=`top` with each sum, indexed by sum.
pub fn subsets_by_sum(k: usize, top: usize) -> Vec<Vec<Set>> {
    let max_sum = (top - k + 1..=top).sum::<usize>();
    let mut out = vec![Vec::new(); max_sum + 1];
    fn go(from: usize, top: usize, left: usize, sum: usize, set: Set, out: &mut Vec<Vec<Set>>) {
        if left == 0 {
            out[sum].push(set);
            return;
        }
        // The largest `left` values still available must fit below `top`.
        for v in from..=top + 1 - left {
            go(v + 1, top, left - 1, sum + v, set | 1 << (v - 1), out);
        }
    }
    if k <= top {
        go(1, top, k, 0, 0, &mut out);
    }
    out
}

/// A Survo problem in solver form: margins and, per cell, an optional given value.
#[derive(Clone, Debug)]
pub struct Problem<'a> {
    pub m: usize,
    pub n: usize,
    pub rows: &'a [u32],
    pub cols: &'a [u32],
    /// Row-major givens (0 = open).
    pub givens: &'a [u32],
}

/// Subset tables shared across many problems of one size (the enumeration reuses them).
pub struct Tables {
    pub row_sets: Vec<Vec<Set>>,
    pub col_sets: Vec<Vec<Set>>,
}

impl Tables {
    pub fn new(m: usize, n: usize) -> Tables {
        Tables {
            row_sets: subsets_by_sum(n, m * n),
            col_sets: subsets_by_sum(m, m * n),
        }
    }
}

/// The sets a line may hold: sum right, its own givens in, every other line's givens out.
fn candidates(all: &[Vec<Set>], sum: u32, must: Set, must_not: Set) -> Vec<Set> {
    all.get(sum as usize)
        .map(|v| {
            v.iter()
                .copied()
                .filter(|&s| s & must == must && s & must_not == 0)
                .collect()
        })
        .unwrap_or_default()
}

/// Visits solutions as tables (row-major values) until `visit` returns false or `limit`
/// solutions were seen. Returns the number seen.
///
/// Rows and columns are both "lines". The search always extends the line with the fewest
/// candidate sets left; choosing a set for it keeps, on every open line, only the sets that
/// could still go with it: disjoint from it on the same side, meeting it in exactly one value
/// on the other side. A line left without candidates ends the branch. The candidate lists of
/// each level live on one stack buffer, cut back on return.
pub fn solve(p: &Problem, t: &Tables, limit: u64, mut visit: impl FnMut(&[u32]) -> bool) -> u64 {
    let (m, n) = (p.m, p.n);
    let bit = |v: u32| -> Set { 1 << (v - 1) };
    let mut row_given = vec![0 as Set; m];
    let mut col_given = vec![0 as Set; n];
    let mut all_given: Set = 0;
    for (k, &g) in p.givens.iter().enumerate() {
        if g > 0 {
            row_given[k / n] |= bit(g);
            col_given[k % n] |= bit(g);
            all_given |= bit(g);
        }
    }
    let mut buf: Vec<Set> = Vec::new();
    let mut ranges = Vec::with_capacity(m + n);
    for i in 0..m {
        let c = candidates(&t.row_sets, p.rows[i], row_given[i], all_given & !row_given[i]);
        ranges.push((buf.len(), c.len()));
        buf.extend(c);
    }
    for j in 0..n {
        let c = candidates(&t.col_sets, p.cols[j], col_given[j], all_given & !col_given[j]);
        ranges.push((buf.len(), c.len()));
        buf.extend(c);
    }
    if limit == 0 || ranges.iter().any(|r| r.1 == 0) {
        return 0;
    }
    let mut s = Lines { m, n, buf, chosen: vec![0; m + n], open: vec![true; m + n], table: vec![0; m * n], found: 0, limit, visit: &mut visit };
    s.dfs(&ranges);
    s.found
}

struct Lines<'a, V: FnMut(&[u32]) -> bool> {
    m: usize,
    n: usize,
    /// Candidate sets of every level, each level's lists after the previous level's.
    buf: Vec<Set>,
    /// The set chosen for each line (rows 0..m, then columns).
    chosen: Vec<Set>,
    open: Vec<bool>,
    table: Vec<u32>,
    found: u64,
    limit: u64,
    visit: &'a mut V,
}

impl<V: FnMut(&[u32]) -> bool> Lines<'_, V> {
    /// `ranges[line]` = (start, length) in `buf` of the line's live candidates. Returns false
    /// to stop everything.
    fn dfs(&mut self, ranges: &[(usize, usize)]) -> bool {
        let Some(line) = (0..self.m + self.n).filter(|&l| self.open[l]).min_by_key(|&l| ranges[l].1) else {
            return self.emit();
        };
        let is_row = line < self.m;
        let (start, len) = ranges[line];
        self.open[line] = false;
        let mut keep_going = true;
        for k in start..start + len {
            let s = self.buf[k];
            let base = self.buf.len();
            let mut next = ranges.to_vec();
            let mut dead = false;
            for other in 0..self.m + self.n {
                if !self.open[other] {
                    continue;
                }
                let (os, ol) = ranges[other];
                let from = self.buf.len();
                if (other < self.m) == is_row {
                    for q in os..os + ol {
                        let c = self.buf[q];
                        if c & s == 0 {
                            self.buf.push(c);
                        }
                    }
                } else {
                    for q in os..os + ol {
                        let c = self.buf[q];
                        if (c & s).count_ones() == 1 {
                            self.buf.push(c);
                        }
                    }
                }
                next[other] = (from, self.buf.len() - from);
                if next[other].1 == 0 {
                    dead = true;
                    break;
                }
            }
            if !dead {
                self.chosen[line] = s;
                keep_going = self.dfs(&next);
            }
            self.buf.truncate(base);
            if !keep_going {
                break;
            }
        }
        self.open[line] = true;
        keep_going
    }

    fn emit(&mut self) -> bool {
        let (m, n) = (self.m, self.n);
        for i in 0..m {
            for j in 0..n {
                self.table[i * n + j] = (self.chosen[i] & self.chosen[m + j]).trailing_zeros() + 1;
            }
        }
        self.found += 1;
        (self.visit)(&self.table) && self.found < self.limit
    }
}
