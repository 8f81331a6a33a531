//! Yajilin's techniques as rules of the shared deduction engine ([`wellposed_engine::deduce`]),
//! over the encoding's shading and segment variables. Propagation over the clauses already
//! does the local steps: a shaded cell's neighbours are unshaded and its segments off, an open
//! cell left with one possible segment is shaded, an arrow with all its shaded cells found
//! clears the rest of its line. Besides the loop rules every loop genre shares (`loop-degree`,
//! `no-small-loop`), the family adds:
//!
//! - `loop-through` (level 1): an open cell known unshaded is on the loop, so when only two of
//!   its segments can still be on, both are.
//! - `arrow-count` (level 2): along an arrow's line, shaded cells never touch, so a run of L
//!   free cells side by side holds at most ⌈L/2⌉ of them; when the runs can hold just as many
//!   as the arrow still needs, each run of odd length is shaded on its first, third, … cells
//!   and unshaded between; when it needs none, every free cell is unshaded.
//! - `no-stranding` (level 2): shading a cell makes each open neighbour a loop cell that loses
//!   its segment towards it; a cell with a neighbour left with fewer than two other possible
//!   segments is unshaded.
//!
//! All are valid in every solution and monotone (a free cell leaving a run splits it into runs
//! holding no more; possible segments only decrease). `arrow-count` and `no-stranding` make
//! one step per arrow and per cell.

use crate::Yajilin;
use std::sync::Arc;
use wellposed_engine::connectivity::{loop_rules, LoopGraph};
use wellposed_engine::deduce::{possible, FamilyRule, Removal, Rule, State};
use wellposed_engine::sat::{Choices, Var};

/// What the rules read.
struct Board {
    /// Per cell, its shading variable (open cells).
    shade: Vec<Option<Var>>,
    /// Per cell, (neighbour, segment variable) for its possible segments.
    segs: Vec<Vec<(usize, Var)>>,
    /// Per cell, its neighbours.
    around: Vec<Vec<usize>>,
    /// Per arrow: its whole ray (cells to the edge, nearest first) and its number.
    arrows: Vec<(Vec<usize>, u32)>,
}

impl Board {
    fn of(p: &Yajilin) -> Board {
        let (_, vars) = p.rules_cnf(Choices::default());
        let n = p.cells.len();
        let mut segs = vec![Vec::new(); n];
        for &(a, b, v) in &vars.edges {
            segs[a].push((b, v));
            segs[b].push((a, v));
        }
        let arrows = (0..n)
            .filter_map(|k| {
                let (d, count) = p.cells[k].arrow()?;
                Some((p.ray(k, d), count))
            })
            .collect();
        Board {
            shade: vars.shade,
            segs,
            around: (0..n).map(|k| p.neighbours(k).collect()).collect(),
            arrows,
        }
    }

    fn shaded(&self, state: &State, k: usize) -> bool {
        self.shade[k].is_some_and(|v| !possible(state, v, false))
    }

    fn unshaded(&self, state: &State, k: usize) -> bool {
        self.shade[k].is_some_and(|v| !possible(state, v, true))
    }

    /// Open, shading not settled, and no neighbour known shaded.
    fn free(&self, state: &State, k: usize) -> bool {
        self.shade[k].is_some()
            && !self.shaded(state, k)
            && !self.unshaded(state, k)
            && !self.around[k].iter().any(|&j| self.shaded(state, j))
    }
}

/// The removals making `var` take `value`, if it can still take the other.
fn set(state: &State, var: Var, value: bool, rule: Rule, out: &mut Vec<Removal>) {
    if possible(state, var, !value) {
        out.push(Removal::by(rule, var, !value));
    }
}

struct LoopThrough(Arc<Board>);

impl FamilyRule for LoopThrough {
    fn rule(&self) -> Rule {
        Rule::Family("loop-through", 1)
    }

    fn why(&self) -> &'static str {
        "an unshaded cell is on the loop, and only two of its lines are left"
    }

    fn propose(&self, state: &State) -> Vec<Removal> {
        self.propose_steps(state).concat()
    }

    fn propose_steps(&self, state: &State) -> Vec<Vec<Removal>> {
        let b = &self.0;
        let mut steps = Vec::new();
        for k in (0..b.shade.len()).filter(|&k| b.unshaded(state, k)) {
            let open: Vec<Var> = b.segs[k]
                .iter()
                .map(|&(_, v)| v)
                .filter(|&v| possible(state, v, true))
                .collect();
            if open.len() == 2 {
                let mut out = Vec::new();
                for v in open {
                    set(state, v, true, self.rule(), &mut out);
                }
                if !out.is_empty() {
                    steps.push(out);
                }
            }
        }
        steps
    }
}

struct ArrowCount(Arc<Board>);

impl FamilyRule for ArrowCount {
    fn rule(&self) -> Rule {
        Rule::Family("arrow-count", 2)
    }

    fn why(&self) -> &'static str {
        "shaded cells never touch, so the free cells along the arrow can hold just as many as it still needs"
    }

    fn propose(&self, state: &State) -> Vec<Removal> {
        self.propose_steps(state).concat()
    }

    fn propose_steps(&self, state: &State) -> Vec<Vec<Removal>> {
        let b = &self.0;
        let mut steps = Vec::new();
        for (ray, count) in &b.arrows {
            let placed = ray.iter().filter(|&&k| b.shaded(state, k)).count();
            let Some(need) = (*count as usize).checked_sub(placed) else {
                continue; // too many: propagation over the count's clauses says so
            };
            // Runs of free cells side by side along the ray.
            let mut runs: Vec<Vec<usize>> = vec![Vec::new()];
            for &k in ray {
                if b.free(state, k) {
                    runs.last_mut().expect("a run").push(k);
                } else if !runs.last().expect("a run").is_empty() {
                    runs.push(Vec::new());
                }
            }
            let room: usize = runs.iter().map(|r| r.len().div_ceil(2)).sum();
            let mut out = Vec::new();
            for run in &runs {
                for (i, &k) in run.iter().enumerate() {
                    let v = b.shade[k].expect("a free cell is open");
                    if need == 0 {
                        set(state, v, false, self.rule(), &mut out);
                    } else if room == need && run.len() % 2 == 1 {
                        set(state, v, i % 2 == 0, self.rule(), &mut out);
                    }
                }
            }
            if !out.is_empty() {
                steps.push(out);
            }
        }
        steps
    }
}

struct NoStranding(Arc<Board>);

impl FamilyRule for NoStranding {
    fn rule(&self) -> Rule {
        Rule::Family("no-stranding", 2)
    }

    fn why(&self) -> &'static str {
        "shading this cell would leave a neighbour on the loop with fewer than two ways to go"
    }

    fn propose(&self, state: &State) -> Vec<Removal> {
        let b = &self.0;
        let mut out = Vec::new();
        for k in 0..b.shade.len() {
            let Some(v) = b.shade[k] else { continue };
            if !possible(state, v, true) {
                continue;
            }
            let strands = b.around[k].iter().any(|&y| {
                b.shade[y].is_some()
                    && b.segs[y]
                        .iter()
                        .filter(|&&(z, e)| z != k && possible(state, e, true))
                        .count()
                        < 2
            });
            if strands {
                out.push(Removal::by(self.rule(), v, true));
            }
        }
        out
    }

    fn propose_steps(&self, state: &State) -> Vec<Vec<Removal>> {
        self.propose(state).into_iter().map(|r| vec![r]).collect()
    }
}

/// Yajilin's rules, easiest first.
pub fn rules(p: &Yajilin) -> Vec<Box<dyn FamilyRule>> {
    let b = Arc::new(Board::of(p));
    let (_, vars) = p.rules_cnf(Choices::default());
    let mut out = loop_rules(LoopGraph {
        vertices: p.cells.len(),
        edges: vars.edges,
        must: vec![false; p.cells.len()],
    });
    out.push(Box::new(LoopThrough(Arc::clone(&b))));
    out.push(Box::new(ArrowCount(Arc::clone(&b))));
    out.push(Box::new(NoStranding(b)));
    out
}
