//! The native solver: line solving and probing to a fixpoint, then branching on a cell, depth
//! first.
//!
//! Line solving ([`line::solve`]) is exact for one line: it keeps a value of a cell exactly
//! when some placement of that line's runs, consistent with what is known, gives the cell that
//! value. Running it on every line whose cells changed, until nothing changes, is the
//! deduction people do; what it leaves open is settled by trying both values of a cell.

use crate::line::{self, Clue, Options, BLACK, EITHER, WHITE};
use crate::Nonogram;

/// What the search found.
pub struct Found {
    /// Up to the number asked for, row-major, true = black.
    pub solutions: Vec<Vec<bool>>,
    pub count: u64,
    /// False when counting stopped at the limit.
    pub complete: bool,
}

/// The lines of a puzzle, with which lines cross each cell.
pub struct Lines {
    pub lines: Vec<(Clue, Vec<usize>)>,
    /// For each cell, its row's line and its column's line.
    pub crossing: Vec<[usize; 2]>,
}

impl Lines {
    pub fn new(p: &Nonogram) -> Lines {
        let lines = p.lines();
        let mut crossing = vec![[0usize; 2]; p.width * p.height];
        for (k, (_, cells)) in lines.iter().enumerate() {
            for &c in cells {
                crossing[c][usize::from(k >= p.height)] = k;
            }
        }
        Lines { lines, crossing }
    }

    /// Line solving on the lines in `queue` and every line a change reaches, until nothing
    /// changes. False when some line has no placement left.
    pub fn propagate(&self, grid: &mut [Options], mut queue: Vec<usize>) -> bool {
        let mut queued = vec![false; self.lines.len()];
        for &k in &queue {
            queued[k] = true;
        }
        let mut scratch = Vec::new();
        let mut cells = Vec::new();
        while let Some(k) = queue.pop() {
            queued[k] = false;
            let (clue, idx) = &self.lines[k];
            cells.clear();
            cells.extend(idx.iter().map(|&c| grid[c]));
            let Some(out) = line::solve(clue, &cells, &mut scratch) else {
                return false;
            };
            for (&c, &o) in idx.iter().zip(&out) {
                if grid[c] != o {
                    grid[c] = o;
                    for &other in &self.crossing[c] {
                        if other != k && !queued[other] {
                            queued[other] = true;
                            queue.push(other);
                        }
                    }
                }
            }
        }
        true
    }

    /// Line solving, then probing: each open cell is tried both ways, with line solving after
    /// each try. A value that leads to a contradiction is impossible; cells on which both
    /// tries agree are settled too. Repeats until a whole pass settles nothing. False when
    /// the grid has no solution. Returns with `grid` at that fixpoint.
    pub fn probe(&self, grid: &mut Vec<Options>) -> bool {
        self.probe_for_branch(grid).is_some()
    }

    /// [`Lines::probe`], also naming the open cell to branch on (`Some(None)` when no cell is
    /// open): the one whose weaker try settles the most cells, so that both branches start
    /// far down. `None` on a contradiction.
    pub fn probe_for_branch(&self, grid: &mut Vec<Options>) -> Option<Option<usize>> {
        if !self.propagate(grid, self.all()) {
            return None;
        }
        loop {
            let mut changed = false;
            let mut best: Option<(usize, usize)> = None;
            for cell in 0..grid.len() {
                if grid[cell] != EITHER {
                    continue;
                }
                let attempt = |value: Options| {
                    let mut g = grid.clone();
                    g[cell] = value;
                    self.propagate(&mut g, self.crossing[cell].to_vec())
                        .then_some(g)
                };
                match (attempt(WHITE), attempt(BLACK)) {
                    (None, None) => return None,
                    (Some(g), None) | (None, Some(g)) => {
                        *grid = g;
                        changed = true;
                    }
                    (Some(a), Some(b)) => {
                        let mut touched = Vec::new();
                        let (mut sa, mut sb) = (0, 0);
                        for k in 0..grid.len() {
                            if grid[k] != EITHER {
                                continue;
                            }
                            sa += usize::from(a[k] != EITHER);
                            sb += usize::from(b[k] != EITHER);
                            if a[k] == b[k] && a[k] != EITHER {
                                grid[k] = a[k];
                                touched.extend(self.crossing[k]);
                            }
                        }
                        if !touched.is_empty() {
                            changed = true;
                            touched.sort_unstable();
                            touched.dedup();
                            if !self.propagate(grid, touched) {
                                return None;
                            }
                        } else if best.is_none_or(|(score, _)| sa.min(sb) > score) {
                            best = Some((sa.min(sb), cell));
                        }
                    }
                }
            }
            if !changed {
                return Some(best.map(|(_, c)| c));
            }
        }
    }

    /// Every line, to start from scratch.
    pub fn all(&self) -> Vec<usize> {
        (0..self.lines.len()).rev().collect()
    }
}

/// Up to `want` solutions and the number of them, counting stopped at `stop`.
pub fn search(p: &Nonogram, want: u64, stop: u64) -> Found {
    let lines = Lines::new(p);
    let mut found = Found {
        solutions: Vec::new(),
        count: 0,
        complete: true,
    };
    if stop == 0 {
        found.complete = false;
        return found;
    }
    // Depth first; each node is probed to its fixpoint before it branches.
    let mut stack = vec![vec![EITHER; p.width * p.height]];
    while let Some(mut grid) = stack.pop() {
        let Some(branch) = lines.probe_for_branch(&mut grid) else {
            continue;
        };
        let Some(cell) = branch else {
            found.count += 1;
            if (found.solutions.len() as u64) < want {
                found
                    .solutions
                    .push(grid.iter().map(|&o| o == BLACK).collect());
            }
            if found.count >= stop {
                found.complete = stack.is_empty();
                return found;
            }
            continue;
        };
        for value in [WHITE, BLACK] {
            let mut next = grid.clone();
            next[cell] = value;
            stack.push(next);
        }
    }
    found
}
