//! Battleships' own deduction rule for the shared engine: `placement` (level 3). A cell known
//! to be a ship belongs to one of the placements still possible that cover it (a placement is
//! possible while its variable can be true), and a piece hint to one of the placements that
//! give its cell that piece; every cell all of them cover is a ship, and every
//! cell all of them keep clear (the water around a ship, diagonals included) is water. This is
//! how a solver completes a ship from a hint or marks the water around it. Valid for every
//! solution, and it stays proposed until applied: placements only become impossible, so the
//! common cells only grow.

use crate::Battleships;
use wellposed_engine::deduce::{possible, FamilyRule, Removal, Rule, State};
use wellposed_sat::Var;

pub struct Placements {
    /// Per placement (in the CNF's order): its cells and the cells around it.
    cells: Vec<Vec<usize>>,
    around: Vec<Vec<usize>>,
    /// Per cell: the placements covering it.
    covering: Vec<Vec<usize>>,
    /// Per piece hint: the placements that give its cell that piece.
    hinted: Vec<Vec<usize>>,
    board: usize,
}

impl Placements {
    pub fn new(b: &Battleships) -> Placements {
        let board = b.rows * b.cols;
        let placements = b.ship_placements();
        let (cells, around): (Vec<Vec<usize>>, Vec<Vec<usize>>) =
            placements.into_iter().map(|p| (p.cells, p.around)).unzip();
        let mut covering = vec![Vec::new(); board];
        for (i, cs) in cells.iter().enumerate() {
            for &k in cs {
                covering[k].push(i);
            }
        }
        let hinted = b
            .hints
            .iter()
            .zip(b.hint_clauses(&b.hints))
            .filter(|((hint, _, _), _)| *hint != crate::Hint::Water)
            .map(|(_, clause)| clause.iter().map(|l| l.var().index() - board).collect())
            .collect();
        Placements {
            cells,
            around,
            covering,
            hinted,
            board,
        }
    }
}

impl FamilyRule for Placements {
    fn rule(&self) -> Rule {
        Rule::Family("placement", 3)
    }

    fn propose(&self, state: &State) -> Vec<Removal> {
        let mut out: Vec<Removal> = self.propose_steps(state).into_iter().flatten().collect();
        out.sort_unstable_by_key(|r| (r.var.index(), r.value));
        out.dedup_by_key(|r| (r.var.index(), r.value));
        out
    }

    /// One known ship cell or piece hint a step: what all its possible placements agree on.
    fn propose_steps(&self, state: &State) -> Vec<Vec<Removal>> {
        let ship_var = |k: usize| Var(k as u32);
        let placement_var = |i: usize| Var((self.board + i) as u32);
        let mut steps = Vec::new();
        let mut count = vec![0u32; self.board];
        let mut clear = vec![0u32; self.board];
        // Every ship cell known, and every piece hint: the placements one of which holds.
        let known = (0..self.board)
            .filter(|&k| !possible(state, ship_var(k), false))
            .map(|k| &self.covering[k]);
        for options in known.chain(&self.hinted) {
            let live: Vec<usize> = options
                .iter()
                .copied()
                .filter(|&i| possible(state, placement_var(i), true))
                .collect();
            if live.is_empty() {
                continue; // a contradiction: propagation's to report
            }
            count.iter_mut().for_each(|x| *x = 0);
            clear.iter_mut().for_each(|x| *x = 0);
            for &i in &live {
                for &c in &self.cells[i] {
                    count[c] += 1;
                }
                for &c in &self.around[i] {
                    clear[c] += 1;
                }
            }
            let all = live.len() as u32;
            let mut out = Vec::new();
            for c in 0..self.board {
                if count[c] == all && possible(state, ship_var(c), false) {
                    out.push(Removal::by(self.rule(), ship_var(c), false));
                }
                if clear[c] == all && possible(state, ship_var(c), true) {
                    out.push(Removal::by(self.rule(), ship_var(c), true));
                }
            }
            if !out.is_empty() {
                steps.push(out);
            }
        }
        steps
    }
}
