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
pub fn solve(p: &Problem, t: &Tables, limit: u64, mut visit: impl FnMut(&[u32]) -> bool) -> u64 {
    // Search along whichever side has fewer candidate sets per line; a transposed search
    // hands back transposed tables, which are turned the right way before `visit` sees them.
    let per_line = |sets: &[Vec<Set>], sums: &[u32]| -> usize {
        sums.iter()
            .map(|&s| sets.get(s as usize).map_or(0, |v| v.len()))
            .sum::<usize>()
            / sums.len().max(1)
    };
    if per_line(&t.col_sets, p.cols) < per_line(&t.row_sets, p.rows) {
        let (m, n) = (p.m, p.n);
        let givens: Vec<u32> = (0..m * n).map(|k| p.givens[(k % m) * n + k / m]).collect();
        let q = Problem {
            m: n,
            n: m,
            rows: p.cols,
            cols: p.rows,
            givens: &givens,
        };
        let mut back = vec![0u32; m * n];
        return solve_oriented(&q, &t.col_sets, &t.row_sets, limit, |tt| {
            for (k, slot) in back.iter_mut().enumerate() {
                *slot = tt[(k % n) * m + k / n];
            }
            visit(&back)
        });
    }
    solve_oriented(p, &t.row_sets, &t.col_sets, limit, visit)
}

fn solve_oriented(
    p: &Problem,
    row_sets: &[Vec<Set>],
    col_sets: &[Vec<Set>],
    limit: u64,
    mut visit: impl FnMut(&[u32]) -> bool,
) -> u64 {
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
    let row_cands: Vec<Vec<Set>> = (0..m)
        .map(|i| candidates(row_sets, p.rows[i], row_given[i], all_given & !row_given[i]))
        .collect();
    let col_cands: Vec<Vec<Set>> = (0..n)
        .map(|j| candidates(col_sets, p.cols[j], col_given[j], all_given & !col_given[j]))
        .collect();
    if row_cands.iter().chain(&col_cands).any(|c| c.is_empty()) {
        return 0;
    }
    // Rows with the fewest candidate sets first: they fail or fix things soonest.
    let mut order: Vec<usize> = (0..m).collect();
    order.sort_by_key(|&i| row_cands[i].len());
    let mut search = Search {
        n,
        order: &order,
        row_cands: &row_cands,
        rows: vec![0; m],
        table: vec![0; m * n],
        found: 0,
        limit,
        visit: &mut visit,
    };
    if limit > 0 {
        search.rows_dfs(0, 0, col_cands);
    }
    search.found
}

/// The depth-first search: row sets one at a time (most constrained row first), each choice
/// filtering every column's candidates down to the sets that meet it exactly once; an empty
/// column list ends the branch. With every row chosen, disjoint column sets complete a table.
struct Search<'a, V: FnMut(&[u32]) -> bool> {
    n: usize,
    order: &'a [usize],
    row_cands: &'a [Vec<Set>],
    rows: Vec<Set>,
    table: Vec<u32>,
    found: u64,
    limit: u64,
    visit: &'a mut V,
}

impl<V: FnMut(&[u32]) -> bool> Search<'_, V> {
    /// Returns false to stop everything.
    fn rows_dfs(&mut self, depth: usize, used: Set, cols: Vec<Vec<Set>>) -> bool {
        if depth == self.order.len() {
            let mut chosen = vec![0 as Set; self.n];
            return self.cols_dfs(0, 0, &cols, &mut chosen);
        }
        let i = self.order[depth];
        for k in 0..self.row_cands[i].len() {
            let r = self.row_cands[i][k];
            if r & used != 0 {
                continue;
            }
            let mut narrowed = Vec::with_capacity(cols.len());
            for c in &cols {
                let keep: Vec<Set> = c
                    .iter()
                    .copied()
                    .filter(|&s| (s & r).count_ones() == 1)
                    .collect();
                if keep.is_empty() {
                    break;
                }
                narrowed.push(keep);
            }
            if narrowed.len() < cols.len() {
                continue;
            }
            self.rows[i] = r;
            if !self.rows_dfs(depth + 1, used | r, narrowed) {
                return false;
            }
        }
        true
    }

    fn cols_dfs(&mut self, j: usize, used: Set, fits: &[Vec<Set>], chosen: &mut [Set]) -> bool {
        if j == fits.len() {
            for (i, &r) in self.rows.iter().enumerate() {
                for (jj, &c) in chosen.iter().enumerate() {
                    self.table[i * self.n + jj] = (r & c).trailing_zeros() + 1;
                }
            }
            self.found += 1;
            return (self.visit)(&self.table) && self.found < self.limit;
        }
        for &s in &fits[j] {
            if s & used == 0 {
                chosen[j] = s;
                if !self.cols_dfs(j + 1, used | s, fits, chosen) {
                    return false;
                }
            }
        }
        true
    }
}
