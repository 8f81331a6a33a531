//! Minesweeper's own deduction rule for the shared engine. The single-number rules (a number
//! whose mines are all found makes its other neighbours safe; one that needs every unknown
//! neighbour makes them all mines) are what propagation already does on the counting clauses.
//! The subset rule (level 3) compares two numbers: when the undecided neighbours of A all
//! neighbour B too, the undecided cells B has beyond A hold exactly (B's mines still missing) −
//! (A's mines still missing); none means they are all safe, as many as there are cells means
//! they are all mines. It is valid for every layout and stays proposed until applied (deciding
//! cells shrinks both sets alike and keeps the difference).

use crate::Board;
use wellposed_engine::deduce::{possible, FamilyRule, Removal, Rule, State};
use wellposed_sat::Var;

pub struct Subsets {
    /// Per number: its unknown neighbours (as answer variables) and the mines it needs there.
    numbers: Vec<(Vec<u32>, usize)>,
    /// Per variable: the numbers that see it.
    seen_by: Vec<Vec<usize>>,
}

impl Subsets {
    /// `None` when the board's numbers already contradict each other.
    pub fn new(b: &Board) -> Option<Subsets> {
        let unknown = b.unknown();
        let mut var_of = vec![u32::MAX; b.cells.len()];
        for (i, &k) in unknown.iter().enumerate() {
            var_of[k] = i as u32;
        }
        let numbers: Vec<(Vec<u32>, usize)> = b
            .constraints()
            .ok()?
            .into_iter()
            .map(|(_, open, need)| {
                let mut vars: Vec<u32> = open.iter().map(|&k| var_of[k]).collect();
                vars.sort_unstable();
                (vars, need)
            })
            .collect();
        let mut seen_by = vec![Vec::new(); unknown.len()];
        for (i, (vars, _)) in numbers.iter().enumerate() {
            for &v in vars {
                seen_by[v as usize].push(i);
            }
        }
        Some(Subsets { numbers, seen_by })
    }
}

impl FamilyRule for Subsets {
    fn rule(&self) -> Rule {
        Rule::Family("subset", 3)
    }

    fn propose(&self, state: &State) -> Vec<Removal> {
        self.propose_steps(state).into_iter().flatten().collect()
    }

    /// One pair of numbers a step: the cells B has beyond A.
    fn propose_steps(&self, state: &State) -> Vec<Vec<Removal>> {
        let open = |v: u32| {
            let var = Var(v);
            possible(state, var, true) && possible(state, var, false)
        };
        let mine = |v: u32| !possible(state, Var(v), false);
        // Each number's undecided neighbours (sorted, as its list is) and mines still missing.
        let left: Vec<(Vec<u32>, i64)> = self
            .numbers
            .iter()
            .map(|(vars, need)| {
                let undecided: Vec<u32> = vars.iter().copied().filter(|&v| open(v)).collect();
                let found = vars.iter().filter(|&&v| mine(v)).count();
                (undecided, *need as i64 - found as i64)
            })
            .collect();
        let mut out = Vec::new();
        for (a, (cells_a, need_a)) in left.iter().enumerate() {
            let Some(&first) = cells_a.first() else {
                continue;
            };
            // Every B that contains A's cells sees A's first cell.
            for &b in &self.seen_by[first as usize] {
                let (cells_b, need_b) = &left[b];
                if b == a || cells_b.len() <= cells_a.len() {
                    continue;
                }
                if !cells_a.iter().all(|v| cells_b.binary_search(v).is_ok()) {
                    continue;
                }
                let rest: Vec<u32> = cells_b
                    .iter()
                    .copied()
                    .filter(|v| cells_a.binary_search(v).is_err())
                    .collect();
                let mines = need_b - need_a;
                let value = if mines == 0 {
                    true // no mine among them: they cannot be mines
                } else if mines == rest.len() as i64 {
                    false // all mines: they cannot be safe
                } else {
                    continue;
                };
                out.push(
                    rest.into_iter()
                        .map(|v| Removal::by(self.rule(), Var(v), value))
                        .collect(),
                );
            }
        }
        out
    }
}
