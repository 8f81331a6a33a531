//! Deduction rules every single-loop genre shares, for the shared deduction engine
//! ([`crate::deduce`]), over the loop's edge variables: a family adds them to its
//! `deduction_rules`. Both are valid for any graph under [`super::single_cycle`] and monotone:
//!
//! - `loop-degree` (level 1): a vertex meets 0 or 2 loop edges: with two on, its open edges are
//!   off; with one on and one open, that one is on; with none on and one open, that one is off;
//!   a vertex that must be on the loop with none on and exactly two open takes both;
//! - `no-small-loop` (level 3): an open edge whose ends are already joined by loop edges is off
//!   while some loop edge, or some vertex the loop must visit, lies outside that piece
//!   (closing it would make a loop that leaves them out);
//! - `dead-end` (level 3), over the edges still possible (on or open): a bridge of that graph
//!   is off (a cycle never crosses a bridge: it would have to come back over it), and once
//!   something is known to be on the loop (a loop edge or a vertex it must visit), every edge
//!   of a part of that graph holding none of it is off (the one loop cannot reach it). Both
//!   only grow as edges are settled: a bridge stays a bridge when other edges go, and parts
//!   only split. Where the must-visit vertices fall in two parts, the smaller part's edges
//!   go off too, which the degree rule then shows contradictory.

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
    [LoopCheck::Degree, LoopCheck::SmallLoop, LoopCheck::DeadEnd]
        .into_iter()
        .map(|check| {
            Box::new(LoopRule {
                check,
                g: Arc::clone(&shared),
            }) as Box<dyn FamilyRule>
        })
        .collect()
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum LoopCheck {
    Degree,
    SmallLoop,
    DeadEnd,
}

struct LoopRule {
    check: LoopCheck,
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
    /// Adds to `out` the removal that makes edge variable `v` take `value` (none when it
    /// already has it).
    fn set(&self, state: &State, v: Var, value: bool, out: &mut Vec<Removal>) {
        if possible(state, v, !value) {
            out.push(Removal::by(self.rule(), v, !value));
        }
    }

    /// One group a vertex: what its degree settles among its edges.
    fn degree(&self, state: &State, steps: &mut Vec<Vec<Removal>>) {
        let (g, incident) = &*self.g;
        for (v, at) in incident.iter().enumerate() {
            let out = &mut Vec::new();
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
            if !out.is_empty() {
                steps.push(std::mem::take(out));
            }
        }
    }

    /// One group an edge that would close a small loop.
    fn no_small_loop(&self, state: &State, steps: &mut Vec<Vec<Removal>>) {
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
        // Every vertex the loop must hold: the ends of its edges and the must-visit vertices.
        on_ends.extend((0..g.vertices).filter(|&v| g.must[v]));
        let pieces: Vec<usize> = on_ends.iter().map(|&a| find(&mut parent, a)).collect();
        for &(a, b, x) in &g.edges {
            if known(state, x).is_some() {
                continue;
            }
            let (ra, rb) = (find(&mut parent, a), find(&mut parent, b));
            if ra == rb && pieces.contains(&ra) && pieces.iter().any(|&r| r != ra) {
                let mut out = Vec::new();
                self.set(state, x, false, &mut out);
                steps.push(out);
            }
        }
    }

    /// The `dead-end` rule (see the module's documentation): one group a bridge, and one
    /// group a part of the graph the loop cannot reach (all its edges).
    fn dead_end(&self, state: &State, steps: &mut Vec<Vec<Removal>>) {
        let (g, incident) = &*self.g;
        let alive: Vec<bool> = g
            .edges
            .iter()
            .map(|e| known(state, e.2) != Some(false))
            .collect();
        // Bridges of the alive edges, by depth-first search with low points (iterative: a
        // 40×40 board's graph is deeper than a thread's stack wants).
        let n = g.vertices;
        let mut order = vec![usize::MAX; n];
        let mut low = vec![0usize; n];
        let mut part = vec![usize::MAX; n];
        let mut parts = 0;
        let mut next = 0;
        for root in 0..n {
            if order[root] != usize::MAX {
                continue;
            }
            order[root] = next;
            low[root] = next;
            next += 1;
            part[root] = parts;
            // (vertex, the edge it was entered by, the next incident edge to look at)
            let mut stack: Vec<(usize, usize, usize)> = vec![(root, usize::MAX, 0)];
            while let Some(&mut (v, via, ref mut i)) = stack.last_mut() {
                if let Some(&k) = incident[v].get(*i) {
                    *i += 1;
                    if !alive[k] || k == via {
                        continue;
                    }
                    let (a, b, _) = g.edges[k];
                    let w = if a == v { b } else { a };
                    if order[w] == usize::MAX {
                        order[w] = next;
                        low[w] = next;
                        next += 1;
                        part[w] = parts;
                        stack.push((w, k, 0));
                    } else {
                        low[v] = low[v].min(order[w]);
                    }
                } else {
                    stack.pop();
                    if let Some(&(u, _, _)) = stack.last() {
                        low[u] = low[u].min(low[v]);
                        if low[v] > order[u] {
                            let mut out = Vec::new();
                            self.set(state, g.edges[via].2, false, &mut out);
                            steps.push(out);
                        }
                    }
                }
            }
            parts += 1;
        }
        // What the loop must hold, by part.
        let mut held = vec![0usize; parts];
        for v in (0..n).filter(|&v| g.must[v]) {
            held[part[v]] += 1;
        }
        for (k, &(a, _, x)) in g.edges.iter().enumerate() {
            if alive[k] && known(state, x) == Some(true) {
                held[part[a]] += 1;
            }
        }
        let Some(most) = (0..parts).max_by_key(|&c| held[c]) else {
            return;
        };
        if held[most] == 0 {
            return;
        }
        let mut cut_off = vec![Vec::new(); parts];
        for (k, &(a, _, x)) in g.edges.iter().enumerate() {
            if alive[k] && part[a] != most {
                self.set(state, x, false, &mut cut_off[part[a]]);
            }
        }
        steps.extend(cut_off);
    }
}

impl FamilyRule for LoopRule {
    fn rule(&self) -> Rule {
        match self.check {
            LoopCheck::Degree => Rule::Family("loop-degree", 1),
            LoopCheck::SmallLoop => Rule::Family("no-small-loop", 3),
            LoopCheck::DeadEnd => Rule::Family("dead-end", 3),
        }
    }

    fn propose(&self, state: &State) -> Vec<Removal> {
        self.propose_steps(state).into_iter().flatten().collect()
    }

    /// One point of the loop (degree), one edge (small loop), one bridge or one unreachable
    /// part (dead end) a step.
    fn propose_steps(&self, state: &State) -> Vec<Vec<Removal>> {
        let mut steps = Vec::new();
        match self.check {
            LoopCheck::Degree => self.degree(state, &mut steps),
            LoopCheck::SmallLoop => self.no_small_loop(state, &mut steps),
            LoopCheck::DeadEnd => self.dead_end(state, &mut steps),
        }
        steps.retain(|g| !g.is_empty());
        steps
    }

    fn why(&self) -> &'static str {
        match self.check {
            LoopCheck::Degree => "a point of the loop meets two loop edges or none",
            LoopCheck::SmallLoop => {
                "this edge would close a loop that leaves other loop edges or cells it must visit out"
            }
            LoopCheck::DeadEnd => {
                "the loop could not come back along this edge, or cannot reach it at all"
            }
        }
    }

    fn in_probes(&self) -> bool {
        true
    }
}
