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

/// Visits solutions as tables (row-major values) until `visit` returns false or `limit`
/// solutions were seen. Returns the number seen. (A one-off [`Solver`].)
pub fn solve(p: &Problem, t: &Tables, limit: u64, visit: impl FnMut(&[u32]) -> bool) -> u64 {
    Solver::default().solve(p, t, limit, visit)
}

/// The search, with its buffers kept between problems (an enumeration solves millions).
///
/// Rows and columns are both "lines". The search always extends the line with the fewest
/// candidate sets left; choosing a set for it keeps, on every open line, only the sets that
/// could still go with it: disjoint from it on the same side, meeting it in exactly one value
/// on the other side. A line left without candidates ends the branch. Each level's candidate
/// lists and their (start, length) ranges live on two stacks, cut back on return.
#[derive(Default)]
pub struct Solver {
    buf: Vec<Set>,
    ranges: Vec<(u32, u32)>,
    chosen: Vec<Set>,
    open: Vec<bool>,
    table: Vec<u32>,
    given: Vec<Set>,
    /// Every value of the table.
    all: Set,
}

impl Solver {
    pub fn solve(
        &mut self,
        p: &Problem,
        t: &Tables,
        limit: u64,
        mut visit: impl FnMut(&[u32]) -> bool,
    ) -> u64 {
        let (m, n) = (p.m, p.n);
        let lines = m + n;
        // Givens per line (rows, then columns), and all of them.
        self.given.clear();
        self.given.resize(lines, 0);
        let mut all_given: Set = 0;
        for (k, &g) in p.givens.iter().enumerate() {
            if g > 0 {
                let b: Set = 1 << (g - 1);
                self.given[k / n] |= b;
                self.given[m + k % n] |= b;
                all_given |= b;
            }
        }
        self.buf.clear();
        self.ranges.clear();
        for line in 0..lines {
            let (sets, sum) = if line < m {
                (&t.row_sets, p.rows[line])
            } else {
                (&t.col_sets, p.cols[line - m])
            };
            let (must, must_not) = (self.given[line], all_given & !self.given[line]);
            let start = self.buf.len();
            if let Some(all) = sets.get(sum as usize) {
                self.buf.extend(
                    all.iter()
                        .copied()
                        .filter(|&s| s & must == must && s & must_not == 0),
                );
            }
            let len = self.buf.len() - start;
            if len == 0 || limit == 0 {
                return 0;
            }
            self.ranges.push((start as u32, len as u32));
        }
        self.all = Set::MAX >> (64 - m * n);
        self.chosen.clear();
        self.chosen.resize(lines, 0);
        self.open.clear();
        self.open.resize(lines, true);
        self.table.clear();
        self.table.resize(m * n, 0);
        let mut run = Run {
            s: self,
            m,
            n,
            found: 0,
            limit,
            visit: &mut visit,
        };
        run.dfs(0);
        run.found
    }
}

struct Run<'a, V: FnMut(&[u32]) -> bool> {
    s: &'a mut Solver,
    m: usize,
    n: usize,
    found: u64,
    limit: u64,
    visit: &'a mut V,
}

impl<V: FnMut(&[u32]) -> bool> Run<'_, V> {
    /// Level `level`'s ranges are `ranges[level·lines ..][..lines]`. Returns false to stop.
    fn dfs(&mut self, level: usize) -> bool {
        let lines = self.m + self.n;
        let at = level * lines;
        let Some(line) = (0..lines)
            .filter(|&l| self.s.open[l])
            .min_by_key(|&l| self.s.ranges[at + l].1)
        else {
            return self.emit();
        };
        let is_row = line < self.m;
        let (start, len) = self.s.ranges[at + line];
        self.s.open[line] = false;
        let mut keep_going = true;
        for k in start..start + len {
            let chosen = self.s.buf[k as usize];
            let base = self.s.buf.len();
            let next = at + lines;
            self.s.ranges.truncate(next);
            self.s.ranges.extend_from_within(at..next);
            let mut dead = false;
            // Every value must still be reachable by both sides: the lines of a side
            // partition the values, so a value in no set left of any row (or column) ends
            // the branch, often long before some line runs out of sets.
            let mut reach = [0 as Set; 2];
            for l in 0..lines {
                if !self.s.open[l] {
                    reach[usize::from(l >= self.m)] |= self.s.chosen[l];
                }
            }
            reach[usize::from(!is_row)] |= chosen;
            for other in 0..lines {
                if !self.s.open[other] {
                    continue;
                }
                let (os, ol) = self.s.ranges[at + other];
                let from = self.s.buf.len();
                let same_side = (other < self.m) == is_row;
                let mut union: Set = 0;
                for q in os..os + ol {
                    let c = self.s.buf[q as usize];
                    let fits = if same_side {
                        c & chosen == 0
                    } else {
                        (c & chosen).count_ones() == 1
                    };
                    if fits {
                        self.s.buf.push(c);
                        union |= c;
                    }
                }
                reach[usize::from(other >= self.m)] |= union;
                let kept = self.s.buf.len() - from;
                self.s.ranges[next + other] = (from as u32, kept as u32);
                if kept == 0 {
                    dead = true;
                    break;
                }
            }
            dead = dead || reach[0] != self.s.all || reach[1] != self.s.all;
            if !dead {
                self.s.chosen[line] = chosen;
                keep_going = self.dfs(level + 1);
            }
            self.s.buf.truncate(base);
            if !keep_going {
                break;
            }
        }
        self.s.ranges.truncate(at + lines);
        self.s.open[line] = true;
        keep_going
    }

    fn emit(&mut self) -> bool {
        let (m, n) = (self.m, self.n);
        for i in 0..m {
            for j in 0..n {
                self.s.table[i * n + j] =
                    (self.s.chosen[i] & self.s.chosen[m + j]).trailing_zeros() + 1;
            }
        }
        self.found += 1;
        (self.visit)(&self.s.table) && self.found < self.limit
    }
}
