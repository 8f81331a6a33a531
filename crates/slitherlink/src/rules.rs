//! Slitherlink's standard techniques as rules of the shared deduction engine
//! ([`wellposed_engine::deduce`]), over the encoding's edge variables (the first ones, in
//! [`Slitherlink::index`] order). Each is valid (it never removes a value of the unique loop)
//! and monotone (what it proposes stays proposed as edges settle), so `grade` can tell a puzzle
//! that falls to them from one that needs probing:
//!
//! - `zero` (level 1): a 0's four edges are off;
//! - `corner-clues` (level 2): in a corner cell of the grid a 1's two outer edges are off and a
//!   3's are on (the grid's corner meets only those two edges: both or neither);
//! - `adjacent-threes` (level 2): two 3s side by side: the edge between them and their two
//!   outer edges parallel to it are on, and the edges continuing the middle one are off;
//! - and the engine's rules of every loop ([`wellposed_engine::connectivity::loop_rules`]):
//!   `loop-degree` (a corner meets 0 or 2 loop edges) and `no-small-loop` (an edge closing a
//!   loop that leaves loop edges out is off).

use crate::{Cell, Edge, Slitherlink};
use std::sync::Arc;
use wellposed_engine::connectivity::{loop_rules, LoopGraph};
use wellposed_engine::deduce::{possible, FamilyRule, Removal, Rule, State};
use wellposed_engine::sat::Var;

#[derive(Clone, Copy, PartialEq, Eq)]
enum Kind {
    Zero,
    CornerClues,
    AdjacentThrees,
}

struct SlitherRule {
    kind: Kind,
    p: Arc<Slitherlink>,
}

/// The rules, easiest first.
pub fn rules(p: &Slitherlink) -> Vec<Box<dyn FamilyRule>> {
    let graph = LoopGraph {
        vertices: (p.rows + 1) * (p.cols + 1),
        edges: (0..p.num_edges())
            .map(|k| {
                let (a, b) = p.ends(p.edge(k));
                (a, b, Var(k as u32))
            })
            .collect(),
        must: vec![false; (p.rows + 1) * (p.cols + 1)],
    };
    let p = Arc::new(p.clone());
    let own = [Kind::Zero, Kind::CornerClues, Kind::AdjacentThrees]
        .into_iter()
        .map(|kind| {
            Box::new(SlitherRule {
                kind,
                p: Arc::clone(&p),
            }) as Box<dyn FamilyRule>
        });
    own.chain(loop_rules(graph)).collect()
}

impl SlitherRule {
    fn var(&self, e: Edge) -> Var {
        Var(self.p.index(e) as u32)
    }

    /// The removal that makes `e` take `value` (none when it already has it).
    fn set(&self, state: &State, e: Edge, value: bool, out: &mut Vec<Removal>) {
        let v = self.var(e);
        if possible(state, v, !value) {
            out.push(Removal::by(self.rule(), v, !value));
        }
    }

    /// One group a 0.
    fn zero(&self, state: &State, steps: &mut Vec<Vec<Removal>>) {
        let p = &self.p;
        for r in 0..p.rows {
            for c in 0..p.cols {
                if p.cells[r * p.cols + c] == Cell::Number(0) {
                    let mut out = Vec::new();
                    for e in p.cell_edges(r, c) {
                        self.set(state, e, false, &mut out);
                    }
                    steps.push(out);
                }
            }
        }
    }

    /// One group a corner of the grid.
    fn corner_clues(&self, state: &State, steps: &mut Vec<Vec<Removal>>) {
        let p = &self.p;
        let (lr, lc) = (p.rows - 1, p.cols - 1);
        let corners = [
            (0, 0, Edge::H(0, 0), Edge::V(0, 0)),
            (0, lc, Edge::H(0, lc), Edge::V(0, p.cols)),
            (lr, 0, Edge::H(p.rows, 0), Edge::V(lr, 0)),
            (lr, lc, Edge::H(p.rows, lc), Edge::V(lr, p.cols)),
        ];
        for (r, c, a, b) in corners {
            let value = match p.cells[r * p.cols + c] {
                Cell::Number(1) => false,
                Cell::Number(3) => true,
                _ => continue,
            };
            let mut out = Vec::new();
            self.set(state, a, value, &mut out);
            self.set(state, b, value, &mut out);
            steps.push(out);
        }
    }

    /// One group a pair of 3s.
    fn adjacent_threes(&self, state: &State, steps: &mut Vec<Vec<Removal>>) {
        let p = &self.p;
        let three = |r: usize, c: usize| p.cells[r * p.cols + c] == Cell::Number(3);
        for r in 0..p.rows {
            for c in 0..p.cols {
                if !three(r, c) {
                    continue;
                }
                if c + 1 < p.cols && three(r, c + 1) {
                    let mut out = Vec::new();
                    for k in c..c + 3 {
                        self.set(state, Edge::V(r, k), true, &mut out);
                    }
                    if r > 0 {
                        self.set(state, Edge::V(r - 1, c + 1), false, &mut out);
                    }
                    if r + 1 < p.rows {
                        self.set(state, Edge::V(r + 1, c + 1), false, &mut out);
                    }
                    steps.push(out);
                }
                if r + 1 < p.rows && three(r + 1, c) {
                    let mut out = Vec::new();
                    for k in r..r + 3 {
                        self.set(state, Edge::H(k, c), true, &mut out);
                    }
                    if c > 0 {
                        self.set(state, Edge::H(r + 1, c - 1), false, &mut out);
                    }
                    if c + 1 < p.cols {
                        self.set(state, Edge::H(r + 1, c + 1), false, &mut out);
                    }
                    steps.push(out);
                }
            }
        }
    }
}

impl FamilyRule for SlitherRule {
    fn rule(&self) -> Rule {
        match self.kind {
            Kind::Zero => Rule::Family("zero", 1),
            Kind::CornerClues => Rule::Family("corner-clues", 2),
            Kind::AdjacentThrees => Rule::Family("adjacent-threes", 2),
        }
    }

    fn propose(&self, state: &State) -> Vec<Removal> {
        self.propose_steps(state).into_iter().flatten().collect()
    }

    /// One clue a step: one 0, one corner, one pair of 3s.
    fn propose_steps(&self, state: &State) -> Vec<Vec<Removal>> {
        let mut steps = Vec::new();
        match self.kind {
            Kind::Zero => self.zero(state, &mut steps),
            Kind::CornerClues => self.corner_clues(state, &mut steps),
            Kind::AdjacentThrees => self.adjacent_threes(state, &mut steps),
        }
        steps.retain(|g| !g.is_empty());
        steps
    }

    fn why(&self) -> &'static str {
        match self.kind {
            Kind::Zero => "a 0 has no loop edge around it",
            Kind::CornerClues => {
                "the grid's corner meets only the corner cell's two outer edges: a 1 leaves both off, a 3 takes both"
            }
            Kind::AdjacentThrees => {
                "two 3s side by side take the edge between them and both outer edges parallel to it"
            }
        }
    }
}
