//! LITS's techniques as rules of the shared deduction engine ([`wellposed_engine::deduce`]),
//! over the encoding's variables (cells first, row-major; then the placements and shapes of
//! [`crate::Layout`]). The clauses carry by propagation the cells no placement of their room
//! covers (unshaded), the 2×2 rule, and a shape a touching room has taken. The family adds:
//!
//! - `room-overlap` (level 2): the cells that every placement still possible in a room covers
//!   are shaded (a placement is possible while its variable may be true and each of its cells
//!   may be shaded). Valid: the room's tetromino is one of them. Monotone: fewer placements
//!   only share more cells.
//! - `no-split` (level 3): a cell whose loss would cut the shaded cells known so far apart
//!   (over the cells that may still be shaded) is shaded. Valid: the shaded cells are
//!   connected. Monotone: fewer cells that may be shaded only remove paths.

use crate::{Layout, Lits};
use std::sync::Arc;
use wellposed_engine::deduce::{possible, FamilyRule, Removal, Rule, State};
use wellposed_engine::rooms::cut_cells;
use wellposed_engine::sat::Var;

#[derive(Clone, Copy, PartialEq, Eq)]
enum Kind {
    RoomOverlap,
    NoSplit,
}

struct LitsRule {
    kind: Kind,
    p: Arc<Lits>,
    layout: Arc<Layout>,
}

/// The rules, easiest first.
pub fn rules(p: &Lits) -> Vec<Box<dyn FamilyRule>> {
    let layout = Arc::new(p.layout());
    let p = Arc::new(p.clone());
    [Kind::RoomOverlap, Kind::NoSplit]
        .into_iter()
        .map(|kind| {
            Box::new(LitsRule {
                kind,
                p: Arc::clone(&p),
                layout: Arc::clone(&layout),
            }) as Box<dyn FamilyRule>
        })
        .collect()
}

impl LitsRule {
    fn shade(&self, state: &State, k: usize, out: &mut Vec<Removal>) {
        let v = Var(k as u32);
        if possible(state, v, false) {
            out.push(Removal::by(self.rule(), v, false));
        }
    }

    /// One room a step: the cells all its possible tetrominoes cover.
    fn room_overlap(&self, state: &State, steps: &mut Vec<Vec<Removal>>) {
        let may = |k: usize| possible(state, Var(k as u32), true);
        for ps in &self.layout.placements {
            let mut common: Option<Vec<usize>> = None;
            for (cells, _, v) in ps {
                if !possible(state, *v, true) || !cells.iter().all(|&k| may(k)) {
                    continue;
                }
                common = Some(match common {
                    None => cells.to_vec(),
                    Some(c) => c.into_iter().filter(|k| cells.contains(k)).collect(),
                });
            }
            let mut out = Vec::new();
            for k in common.unwrap_or_default() {
                self.shade(state, k, &mut out);
            }
            steps.push(out);
        }
    }

    /// One cut cell a step.
    fn no_split(&self, state: &State, steps: &mut Vec<Vec<Removal>>) {
        let (rows, cols) = (self.p.rows(), self.p.cols());
        let n = rows * cols;
        let passable: Vec<bool> = (0..n)
            .map(|k| possible(state, Var(k as u32), true))
            .collect();
        let required: Vec<bool> = (0..n)
            .map(|k| !possible(state, Var(k as u32), false))
            .collect();
        for k in cut_cells(rows, cols, &passable, &required) {
            let mut out = Vec::new();
            self.shade(state, k, &mut out);
            steps.push(out);
        }
    }
}

impl FamilyRule for LitsRule {
    fn rule(&self) -> Rule {
        match self.kind {
            Kind::RoomOverlap => Rule::Family("room-overlap", 2),
            Kind::NoSplit => Rule::Family("no-split", 3),
        }
    }

    fn propose(&self, state: &State) -> Vec<Removal> {
        self.propose_steps(state).into_iter().flatten().collect()
    }

    fn propose_steps(&self, state: &State) -> Vec<Vec<Removal>> {
        let mut steps = Vec::new();
        match self.kind {
            Kind::RoomOverlap => self.room_overlap(state, &mut steps),
            Kind::NoSplit => self.no_split(state, &mut steps),
        }
        steps.retain(|g| !g.is_empty());
        steps
    }

    fn why(&self) -> &'static str {
        match self.kind {
            Kind::RoomOverlap => "every tetromino still possible in this room covers this cell",
            Kind::NoSplit => "unshaded, this cell would cut the shaded cells apart",
        }
    }

    fn in_probes(&self) -> bool {
        self.kind == Kind::NoSplit
    }
}
