//! Deduction rules every single-loop genre shares, for the shared deduction engine
//! ([`crate::deduce`]), over the loop's edge variables: a family adds them to its
//! `deduction_rules`. Both are valid for any graph under [`super::single_cycle`] and monotone:
//!
//! - `loop-degree` (level 1): a vertex meets 0 or 2 loop edges: with two on, its open edges are
//!   off; with one on and one open, that one is on; with none on and one open, that one is off;
//!   a vertex that must be on the loop with none on and exactly two open takes both;
//! - `no-small-loop` (level 3): an open edge whose ends are already joined by loop edges is off
//!   while some loop edge lies outside that piece (closing it would make a loop that leaves
//!   that edge out).

use crate::deduce::{possible, FamilyRule, Removal, Rule, State};
use std::sync::Arc;
use wellposed_sat::Var;

/// A loop's graph for its rules: `vertices` vertices, each edge's ends and variable, and which
/// vertices the loop must visit.
#[derive(Clone, Debug)]
pub struct LoopGraph {
    pub vertices: usize,
    pub edges: Vec<(usize, usize, Var)>,
    pub must: Vec<bool>,
}

/// The two rules over `g` (see the module's documentation).
pub fn loop_rules(g: LoopGraph) -> Vec<Box<dyn FamilyRule>> {
    let mut incident = vec![Vec::new(); g.vertices];
    for (k, &(a, b, _)) in g.edges.iter().enumerate() {
        incident[a].push(k);
        incident[b].push(k);
    }
    let shared = Arc::new((g, incident));
    vec![
        Box::new(LoopRule {
            small: false,
            g: Arc::clone(&shared),
        }),
        Box::new(LoopRule {
            small: true,
            g: shared,
        }),
    ]
}

struct LoopRule {
    small: bool,
    g: Arc<(LoopGraph, Vec<Vec<usize>>)>,
}

/// An edge's known value: `Some(true)` on, `Some(false)` off, `None` open.
fn known(state: &State, v: Var) -> Option<bool> {
    match (possible(state, v, true), possible(state, v, false)) {
        (true, false) => Some(true),
        (false, true) => Some(false),
        _ => None,
    }
}

impl LoopRule {
    fn set(&self, state: &State, v: Var, value: bool, out: &mut Vec<Removal>) {
        if possible(state, v, !value) {
            out.push(Removal {
                var: v,
                value: !value,
                rule: self.rule(),
                clause: None,
            });
        }
    }

    fn degree(&self, state: &State, out: &mut Vec<Removal>) {
        let (g, incident) = &*self.g;
        for (v, at) in incident.iter().enumerate() {
            let vars: Vec<Var> = at.iter().map(|&k| g.edges[k].2).collect();
            let on = vars
                .iter()
                .filter(|&&x| known(state, x) == Some(true))
                .count();
            let open: Vec<Var> = vars
                .iter()
                .copied()
                .filter(|&x| known(state, x).is_none())
                .collect();
            match (on, open.len()) {
                (2.., _) => open.iter().for_each(|&x| self.set(state, x, false, out)),
                (1, 1) => self.set(state, open[0], true, out),
                (0, 1) => self.set(state, open[0], false, out),
                (0, 2) if g.must[v] => open.iter().for_each(|&x| self.set(state, x, true, out)),
                _ => {}
            }
        }
    }

    fn no_small_loop(&self, state: &State, out: &mut Vec<Removal>) {
        let (g, _) = &*self.g;
        let mut parent: Vec<usize> = (0..g.vertices).collect();
        fn find(parent: &mut [usize], v: usize) -> usize {
            let mut r = v;
            while parent[r] != r {
                r = parent[r];
            }
            parent[v] = r;
            r
        }
        let mut on_ends = Vec::new();
        for &(a, b, x) in &g.edges {
            if known(state, x) == Some(true) {
                let (ra, rb) = (find(&mut parent, a), find(&mut parent, b));
                parent[ra] = rb;
                on_ends.push(a);
            }
        }
        let pieces: Vec<usize> = on_ends.iter().map(|&a| find(&mut parent, a)).collect();
        for &(a, b, x) in &g.edges {
            if known(state, x).is_some() {
                continue;
            }
            let (ra, rb) = (find(&mut parent, a), find(&mut parent, b));
            if ra == rb && pieces.contains(&ra) && pieces.iter().any(|&r| r != ra) {
                self.set(state, x, false, out);
            }
        }
    }
}

impl FamilyRule for LoopRule {
    fn rule(&self) -> Rule {
        if self.small {
            Rule::Family("no-small-loop", 3)
        } else {
            Rule::Family("loop-degree", 1)
        }
    }

    fn propose(&self, state: &State) -> Vec<Removal> {
        let mut out = Vec::new();
        if self.small {
            self.no_small_loop(state, &mut out);
        } else {
            self.degree(state, &mut out);
        }
        out
    }

    fn why(&self) -> &'static str {
        if self.small {
            "this edge would close a loop that leaves other loop edges out"
        } else {
            "a point of the loop meets two loop edges or none"
        }
    }

    fn in_probes(&self) -> bool {
        true
    }
}
