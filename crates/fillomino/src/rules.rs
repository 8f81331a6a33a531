//! Fillomino's techniques as rules of the shared deduction engine
//! ([`wellposed_engine::deduce`]), over the encoding's variables: each cell's number in the
//! order encoding (`≥ j`), and "same region" for each pair of neighbours. Propagation over the
//! clauses carries equal numbers across a pair known to be one region, different numbers
//! across a pair known to be two (a neighbour of a settled 3 that can only be 3 or more is 4
//! or more), the givens and the walls. A *group* below is a set of cells joined by pairs known
//! to be one region (part of one region, so one number). The family adds:
//!
//! - `region-full` (level 2): two groups side by side whose sizes add up to more than the
//!   largest number either may still hold are two regions (a group as large as its settled
//!   number is closed: no neighbour joins it). Valid: one region holding both would be larger
//!   than its number. Monotone: groups only grow and bounds only fall.
//! - `one-exit` (level 3): a group smaller than the least number it may hold must grow, so
//!   when only one pair leading out of it may still be one region, it is. Valid: the region
//!   holds more cells than the group, reached through some pair leaving it. Monotone: exits
//!   only close.
//! - `too-small` (level 4): a number j is impossible in a cell when the cells that may hold j
//!   and that it may share a region with (through pairs that may be one region) are fewer than
//!   j: the cell's bounds move past the numbers ruled out. Valid: the cell's region lies in
//!   that area. Monotone: areas only shrink.
//!
//! Each rule's removals come in steps a player takes as one: one pair, one group, one cell.

use crate::{Fillomino, Layout};
use std::sync::Arc;
use wellposed_engine::deduce::{possible, FamilyRule, Removal, Rule, State};
use wellposed_sat::Var;

#[derive(Clone, Copy, PartialEq, Eq)]
enum Kind {
    RegionFull,
    OneExit,
    TooSmall,
}

struct FillominoRule {
    kind: Kind,
    layout: Arc<Layout>,
    cells: usize,
}

/// The rules, easiest first.
pub fn rules(p: &Fillomino) -> Vec<Box<dyn FamilyRule>> {
    let layout = Arc::new(p.layout());
    let cells = p.rows * p.cols;
    [Kind::RegionFull, Kind::OneExit, Kind::TooSmall]
        .into_iter()
        .map(|kind| {
            Box::new(FillominoRule {
                kind,
                layout: Arc::clone(&layout),
                cells,
            }) as Box<dyn FamilyRule>
        })
        .collect()
}

/// What a state says of the board: each cell's bounds and the groups.
struct Board {
    lo: Vec<usize>,
    hi: Vec<usize>,
    group: Vec<usize>,
    /// Per group: its size, the largest least bound and the least largest bound of its cells.
    size: Vec<usize>,
    lo_of: Vec<usize>,
    hi_of: Vec<usize>,
}

fn settled_true(state: &State, v: Var) -> bool {
    !possible(state, v, false)
}

impl FillominoRule {
    fn board(&self, state: &State) -> Board {
        let l = &self.layout;
        let n = self.cells;
        let lo: Vec<usize> = (0..n)
            .map(|k| {
                1 + (2..=l.bound(k))
                    .take_while(|&j| settled_true(state, l.at_least(k, j)))
                    .count()
            })
            .collect();
        let hi: Vec<usize> = (0..n)
            .map(|k| {
                1 + (2..=l.bound(k))
                    .take_while(|&j| possible(state, l.at_least(k, j), true))
                    .count()
            })
            .collect();
        let mut adj: Vec<Vec<usize>> = vec![Vec::new(); n];
        for (i, &(a, b)) in l.pairs.iter().enumerate() {
            if settled_true(state, l.same(i)) {
                adj[a].push(b);
                adj[b].push(a);
            }
        }
        let mut group = vec![usize::MAX; n];
        let (mut size, mut lo_of, mut hi_of) = (Vec::new(), Vec::new(), Vec::new());
        for s in 0..n {
            if group[s] != usize::MAX {
                continue;
            }
            let id = size.len();
            group[s] = id;
            let mut part = vec![s];
            let mut head = 0;
            while head < part.len() {
                let v = part[head];
                head += 1;
                for &w in &adj[v] {
                    if group[w] == usize::MAX {
                        group[w] = id;
                        part.push(w);
                    }
                }
            }
            size.push(part.len());
            lo_of.push(part.iter().map(|&v| lo[v]).max().unwrap_or(1));
            hi_of.push(part.iter().map(|&v| hi[v]).min().unwrap_or(1));
        }
        Board {
            lo,
            hi,
            group,
            size,
            lo_of,
            hi_of,
        }
    }

    fn removal(&self, var: Var, value: bool) -> Removal {
        Removal::by(self.rule(), var, value)
    }

    fn region_full(&self, state: &State) -> Vec<Vec<Removal>> {
        let b = self.board(state);
        let l = &self.layout;
        let mut out = Vec::new();
        for (i, &(x, y)) in l.pairs.iter().enumerate() {
            let (gx, gy) = (b.group[x], b.group[y]);
            if gx == gy || !possible(state, l.same(i), true) {
                continue;
            }
            if b.size[gx] + b.size[gy] > b.hi_of[gx].min(b.hi_of[gy]) {
                out.push(vec![self.removal(l.same(i), true)]);
            }
        }
        out
    }

    fn one_exit(&self, state: &State) -> Vec<Vec<Removal>> {
        let b = self.board(state);
        let l = &self.layout;
        // Per group, the pairs leaving it that may still be one region.
        let mut exits: Vec<Vec<usize>> = vec![Vec::new(); b.size.len()];
        for (i, &(x, y)) in l.pairs.iter().enumerate() {
            let (gx, gy) = (b.group[x], b.group[y]);
            if gx != gy && possible(state, l.same(i), true) {
                exits[gx].push(i);
                exits[gy].push(i);
            }
        }
        let mut out = Vec::new();
        for (g, e) in exits.iter().enumerate() {
            if b.lo_of[g] > b.size[g] {
                if let [i] = e[..] {
                    if possible(state, l.same(i), false) {
                        out.push(vec![self.removal(l.same(i), false)]);
                    }
                }
            }
        }
        out
    }

    fn too_small(&self, state: &State) -> Vec<Vec<Removal>> {
        let b = self.board(state);
        let l = &self.layout;
        let n = self.cells;
        let top = b.hi.iter().copied().max().unwrap_or(1);
        let mut adj: Vec<Vec<usize>> = vec![Vec::new(); n];
        for (i, &(x, y)) in l.pairs.iter().enumerate() {
            if possible(state, l.same(i), true) {
                adj[x].push(y);
                adj[y].push(x);
            }
        }
        // ok[k]: the numbers still possible in cell k, from lo[k].
        let mut ok: Vec<Vec<bool>> = (0..n)
            .map(|k| vec![true; b.hi[k] + 1 - b.lo[k].min(b.hi[k] + 1)])
            .collect();
        let mut seen = vec![usize::MAX; n];
        for j in 1..=top {
            let allows = |k: usize| b.lo[k] <= j && j <= b.hi[k];
            for s in 0..n {
                if seen[s] == j || !allows(s) {
                    continue;
                }
                seen[s] = j;
                let mut part = vec![s];
                let mut head = 0;
                while head < part.len() {
                    let v = part[head];
                    head += 1;
                    for &w in &adj[v] {
                        if seen[w] != j && allows(w) {
                            seen[w] = j;
                            part.push(w);
                        }
                    }
                }
                if part.len() < j {
                    for &v in &part {
                        ok[v][j - b.lo[v]] = false;
                    }
                }
            }
        }
        let mut out = Vec::new();
        for (k, ok) in ok.iter().enumerate() {
            if b.lo[k] > b.hi[k] {
                continue;
            }
            let first = ok.iter().position(|&o| o);
            let last = ok.iter().rposition(|&o| o);
            let (Some(f), Some(t)) = (first, last) else {
                // Nothing is left: a contradiction, reported as both values of one variable.
                if l.bound(k) >= 2 {
                    let v = l.at_least(k, 2);
                    out.push(vec![self.removal(v, true), self.removal(v, false)]);
                }
                continue;
            };
            let (new_lo, new_hi) = (b.lo[k] + f, b.lo[k] + t);
            let mut step = Vec::new();
            for j in b.lo[k] + 1..=new_lo {
                step.push(self.removal(l.at_least(k, j), false));
            }
            for j in (new_hi + 1).max(2)..=b.hi[k] {
                step.push(self.removal(l.at_least(k, j), true));
            }
            step.retain(|r| possible(state, r.var, r.value));
            if !step.is_empty() {
                out.push(step);
            }
        }
        out
    }

    fn steps(&self, state: &State) -> Vec<Vec<Removal>> {
        match self.kind {
            Kind::RegionFull => self.region_full(state),
            Kind::OneExit => self.one_exit(state),
            Kind::TooSmall => self.too_small(state),
        }
    }
}

impl FamilyRule for FillominoRule {
    fn rule(&self) -> Rule {
        match self.kind {
            Kind::RegionFull => Rule::Family("region-full", 2),
            Kind::OneExit => Rule::Family("one-exit", 3),
            Kind::TooSmall => Rule::Family("too-small", 4),
        }
    }

    fn why(&self) -> &'static str {
        match self.kind {
            Kind::RegionFull => {
                "joining these two groups would make a region larger than its number: they are two regions"
            }
            Kind::OneExit => {
                "this group is smaller than its number and can only grow through this one side"
            }
            Kind::TooSmall => {
                "the cells this one could share a region with are too few for these numbers"
            }
        }
    }

    fn propose(&self, state: &State) -> Vec<Removal> {
        self.steps(state).concat()
    }

    fn propose_steps(&self, state: &State) -> Vec<Vec<Removal>> {
        self.steps(state)
    }

    /// Region sizes are not clauses of the encoding (the lazy cuts and the complete encoding's
    /// counters say them only through auxiliary variables), so a trial value is followed up by
    /// these rules too, or probing would miss a region that cannot reach its size.
    fn in_probes(&self) -> bool {
        true
    }
}
