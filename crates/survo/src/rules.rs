//! Survo's own deduction rule for the shared engine: `line-sums` (level 4), Mustonen's
//! partition elimination. A value may stay at a cell only if the cell's line (row or column)
//! can be completed around it: distinct values, each from its cell's remaining candidates,
//! adding up to the line's margin. Found by a depth-first search per line (fewest candidates
//! first, pruned by the least and greatest sums the rest can still make), which marks every
//! value that occurs in a completion. Valid for every solution, and it stays proposed until
//! applied: a smaller state has fewer completions, so an unsupported value stays unsupported.
//! A line whose search exceeds its budget proposes nothing (its search tree only shrinks as
//! candidates go, so a line that was searched is searched again).

use crate::Survo;
use wellposed_engine::deduce::{possible, FamilyRule, Removal, Rule, State};
use wellposed_sat::Var;

/// Search nodes per line and call.
const BUDGET: u64 = 200_000;

pub struct LineSums {
    cells: usize,
    /// (cells of the line, margin).
    lines: Vec<(Vec<usize>, u64)>,
}

impl LineSums {
    /// `None` beyond 128 cells (values are kept as bits of a u128).
    pub fn new(p: &Survo) -> Option<LineSums> {
        let (m, n) = (p.m, p.n);
        let cells = m * n;
        if cells > 128 {
            return None;
        }
        let rows = (0..m).map(|i| ((0..n).map(|j| i * n + j).collect(), u64::from(p.rows[i])));
        let cols = (0..n).map(|j| ((0..m).map(|i| i * n + j).collect(), u64::from(p.cols[j])));
        Some(LineSums {
            cells,
            lines: rows.chain(cols).collect(),
        })
    }
}

/// One line's search: candidates per position (bit v = value v + 1), the margin, and what it
/// found.
struct Line<'a> {
    cand: &'a [u128],
    target: u64,
    /// Least and greatest sum positions k.. can make (values may repeat: a bound only).
    least: Vec<u64>,
    most: Vec<u64>,
    supported: Vec<u128>,
    nodes: u64,
    chosen: Vec<usize>,
}

impl Line<'_> {
    fn search(&mut self, k: usize, used: u128, sum: u64) -> bool {
        self.nodes += 1;
        if self.nodes > BUDGET {
            return false;
        }
        if k == self.cand.len() {
            if sum == self.target {
                for (pos, &v) in self.chosen.iter().enumerate() {
                    self.supported[pos] |= 1 << v;
                }
            }
            return true;
        }
        if sum + self.least[k] > self.target || sum + self.most[k] < self.target {
            return true;
        }
        let mut left = self.cand[k] & !used;
        while left != 0 {
            let v = left.trailing_zeros() as usize;
            left &= left - 1;
            self.chosen.push(v);
            let ok = self.search(k + 1, used | 1 << v, sum + v as u64 + 1);
            self.chosen.pop();
            if !ok {
                return false;
            }
        }
        true
    }
}

impl FamilyRule for LineSums {
    fn rule(&self) -> Rule {
        Rule::Family("line-sums", 4)
    }

    fn propose(&self, state: &State) -> Vec<Removal> {
        self.propose_steps(state).concat()
    }

    /// One row or column at a time, as a player sums one line.
    fn propose_steps(&self, state: &State) -> Vec<Vec<Removal>> {
        let cells = self.cells;
        let var = |c: usize, v: usize| Var((c * cells + v) as u32);
        let cand: Vec<u128> = (0..cells)
            .map(|c| {
                (0..cells)
                    .filter(|&v| possible(state, var(c, v), true))
                    .fold(0u128, |m, v| m | 1 << v)
            })
            .collect();
        let mut out = Vec::new();
        for (line, target) in &self.lines {
            // Fewest candidates first.
            let mut order = line.clone();
            order.sort_by_key(|&c| cand[c].count_ones());
            let line_cand: Vec<u128> = order.iter().map(|&c| cand[c]).collect();
            let bound = |pick: fn(u128) -> u64| -> Vec<u64> {
                let mut acc = vec![0u64; line_cand.len() + 1];
                for k in (0..line_cand.len()).rev() {
                    acc[k] = acc[k + 1] + pick(line_cand[k]);
                }
                acc
            };
            let least = bound(|m| {
                if m == 0 {
                    0
                } else {
                    m.trailing_zeros() as u64 + 1
                }
            });
            let most = bound(|m| {
                if m == 0 {
                    0
                } else {
                    128 - m.leading_zeros() as u64
                }
            });
            let mut s = Line {
                cand: &line_cand,
                target: *target,
                least,
                most,
                supported: vec![0; line_cand.len()],
                nodes: 0,
                chosen: Vec::new(),
            };
            if line_cand.contains(&0) || !s.search(0, 0, 0) {
                continue; // a contradiction is propagation's to find; over budget: nothing
            }
            let mut line_out = Vec::new();
            for (pos, &c) in order.iter().enumerate() {
                let mut gone = line_cand[pos] & !s.supported[pos];
                while gone != 0 {
                    let v = gone.trailing_zeros() as usize;
                    gone &= gone - 1;
                    line_out.push(Removal::by(self.rule(), var(c, v), true));
                }
            }
            if !line_out.is_empty() {
                out.push(line_out);
            }
        }
        out
    }
}
