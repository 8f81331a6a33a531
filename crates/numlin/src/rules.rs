//! Numberlink's standard techniques as rules of the shared deduction engine
//! ([`wellposed_engine::deduce`]), over the segment variables (the encoding's first ones).
//! Each is valid (no solution loses a value by it) and monotone (what it proposes stays
//! proposed as segments settle):
//!
//! - `path-degree` (level 1): a number meets exactly one segment, any other cell none or two:
//!   a number with its segment drawn loses the others, a number with one segment left takes
//!   it; a cell with two drawn loses the rest, a cell with one drawn and one open takes it, a
//!   cell with none drawn and one open loses it; under `all-cells` a cell with none drawn and
//!   exactly two open takes both (the corner and dead-end moves players make first);
//! - `different-numbers` (level 2): a segment joining a piece of path that holds one number to
//!   a piece holding another is not drawn;
//! - `no-loop` (level 2): a segment whose two cells are already joined by drawn segments is not
//!   drawn (a path never meets itself).

use crate::{Cover, Numlin};
use std::sync::Arc;
use wellposed_engine::deduce::{possible, FamilyRule, Removal, Rule, State};
use wellposed_engine::sat::Var;

#[derive(Clone, Copy, PartialEq, Eq)]
enum Kind {
    Degree,
    DifferentNumbers,
    NoLoop,
}

struct Shared {
    p: Numlin,
    segs: Vec<(usize, usize)>,
    at: Vec<Vec<usize>>,
}

struct NumlinRule {
    kind: Kind,
    s: Arc<Shared>,
}

/// The rules, easiest first.
pub fn rules(p: &Numlin) -> Vec<Box<dyn FamilyRule>> {
    let segs = p.segments();
    let at = p.incident(&segs);
    let s = Arc::new(Shared {
        p: p.clone(),
        segs,
        at,
    });
    [Kind::Degree, Kind::DifferentNumbers, Kind::NoLoop]
        .into_iter()
        .map(|kind| {
            Box::new(NumlinRule {
                kind,
                s: Arc::clone(&s),
            }) as Box<dyn FamilyRule>
        })
        .collect()
}

/// A segment's known value: `Some(true)` drawn, `Some(false)` not, `None` open.
fn known(state: &State, k: usize) -> Option<bool> {
    let v = Var(k as u32);
    match (possible(state, v, true), possible(state, v, false)) {
        (true, false) => Some(true),
        (false, true) => Some(false),
        _ => None,
    }
}

impl NumlinRule {
    fn set(&self, state: &State, k: usize, value: bool, out: &mut Vec<Removal>) {
        let v = Var(k as u32);
        if possible(state, v, !value) && !out.iter().any(|r| r.var == v) {
            out.push(Removal::by(self.rule(), v, !value));
        }
    }

    /// The degree rule at one cell.
    fn degree_at(&self, state: &State, v: usize, out: &mut Vec<Removal>) {
        let s = &self.s;
        let on = s.at[v]
            .iter()
            .filter(|&&k| known(state, k) == Some(true))
            .count();
        let open: Vec<usize> = s.at[v]
            .iter()
            .copied()
            .filter(|&k| known(state, k).is_none())
            .collect();
        let number = s.p.cells[v].is_some();
        let full = if number { 1 } else { 2 };
        match (on, open.len()) {
            (d, _) if d >= full => open.iter().for_each(|&k| self.set(state, k, false, out)),
            (0, 1) if number => self.set(state, open[0], true, out),
            (1, 1) if !number => self.set(state, open[0], true, out),
            (0, 1) => self.set(state, open[0], false, out),
            (0, 2) if s.p.rule == Cover::AllCells && !number => {
                open.iter().for_each(|&k| self.set(state, k, true, out))
            }
            _ => {}
        }
    }

    /// Each cell's piece of path (through drawn segments) and the number the piece holds, if
    /// any (the first found).
    fn pieces(&self, state: &State) -> (Vec<usize>, Vec<Option<u32>>) {
        let s = &self.s;
        let n = s.p.cells.len();
        let mut parent: Vec<usize> = (0..n).collect();
        fn find(parent: &mut [usize], v: usize) -> usize {
            let mut r = v;
            while parent[r] != r {
                r = parent[r];
            }
            let mut w = v;
            while parent[w] != r {
                let next = parent[w];
                parent[w] = r;
                w = next;
            }
            r
        }
        for (k, &(a, b)) in s.segs.iter().enumerate() {
            if known(state, k) == Some(true) {
                let (ra, rb) = (find(&mut parent, a), find(&mut parent, b));
                parent[ra] = rb;
            }
        }
        let root: Vec<usize> = (0..n).map(|v| find(&mut parent, v)).collect();
        let mut number = vec![None; n];
        for v in 0..n {
            if let Some(x) = s.p.cells[v] {
                number[root[v]].get_or_insert(x);
            }
        }
        (root, number)
    }

    /// The removals, one group a player step (a cell, or a segment).
    fn steps(&self, state: &State) -> Vec<Vec<Removal>> {
        let s = &self.s;
        let mut groups = Vec::new();
        match self.kind {
            Kind::Degree => {
                for v in 0..s.p.cells.len() {
                    let mut out = Vec::new();
                    self.degree_at(state, v, &mut out);
                    groups.push(out);
                }
            }
            Kind::DifferentNumbers | Kind::NoLoop => {
                let (root, number) = self.pieces(state);
                for (k, &(a, b)) in s.segs.iter().enumerate() {
                    if known(state, k).is_some() {
                        continue;
                    }
                    let (ra, rb) = (root[a], root[b]);
                    let off = match self.kind {
                        Kind::NoLoop => ra == rb,
                        _ => matches!((number[ra], number[rb]), (Some(x), Some(y)) if x != y),
                    };
                    if off {
                        let mut out = Vec::new();
                        self.set(state, k, false, &mut out);
                        groups.push(out);
                    }
                }
            }
        }
        // One removal belongs to one group: a segment two cells both settle goes to the first.
        let mut seen = std::collections::HashSet::new();
        groups
            .into_iter()
            .map(|g| {
                g.into_iter()
                    .filter(|r| seen.insert(r.var))
                    .collect::<Vec<_>>()
            })
            .filter(|g| !g.is_empty())
            .collect()
    }
}

impl FamilyRule for NumlinRule {
    fn rule(&self) -> Rule {
        match self.kind {
            Kind::Degree => Rule::Family("path-degree", 1),
            Kind::DifferentNumbers => Rule::Family("different-numbers", 2),
            Kind::NoLoop => Rule::Family("no-loop", 2),
        }
    }

    fn propose(&self, state: &State) -> Vec<Removal> {
        self.steps(state).into_iter().flatten().collect()
    }

    fn propose_steps(&self, state: &State) -> Vec<Vec<Removal>> {
        self.steps(state)
    }

    fn why(&self) -> &'static str {
        match self.kind {
            Kind::Degree => {
                "a number meets exactly one line and any other cell none or two (two under all-cells)"
            }
            Kind::DifferentNumbers => "this line would join two different numbers",
            Kind::NoLoop => "this line would close a loop: a path never meets itself",
        }
    }
}
