//! Shikaku's deduction rules for `grade` and `hint`, over the CNF's answer variables (one per
//! candidate rectangle: a clue's rectangle or not).
//!
//! The basic techniques are propagation over the encoding's clauses (level 1), since every cell
//! has a clause "one of the candidates over me" and at most one of them: a clue with one
//! candidate left takes it (its own cell's clause), a cell only one candidate can still cover
//! takes that one, and a rectangle taken rules out every candidate that overlaps it. Beyond
//! those, three rules players use:
//!
//! - common cells (level 2): the cells that all of a clue's candidates share are the clue's,
//!   whichever it takes; no other clue's candidate may cover them.
//! - one clue reaches (level 3): when every candidate still over a cell is one clue's, that
//!   clue's rectangle covers the cell; its candidates that miss the cell are out.
//! - no room left (level 4): a candidate that would overlap every candidate another clue has
//!   left would leave that clue no rectangle; it is out.
//!
//! All three are valid for every solution and monotone (a proposal stays proposed, as fewer
//! values stay possible, until it is applied).

use crate::{Candidate, Rect, Shikaku};
use wellposed_engine::deduce::{possible, FamilyRule, Removal, Rule, State};
use wellposed_sat::Var;

/// What the rules read: the candidates (variable i is candidate i), per clue its candidates,
/// per cell the candidates over it.
struct Board {
    cols: usize,
    cands: Vec<Candidate>,
    /// Per candidate, the index of its clue in the clues' order.
    clue_of: Vec<usize>,
    by_clue: Vec<Vec<usize>>,
    covering: Vec<Vec<usize>>,
}

impl Board {
    fn of(p: &Shikaku) -> Board {
        let cands = p.candidates();
        let clue_cells = p.clue_cells();
        let mut index = vec![usize::MAX; p.cells.len()];
        for (i, &k) in clue_cells.iter().enumerate() {
            index[k] = i;
        }
        let clue_of: Vec<usize> = cands.iter().map(|q| index[q.clue]).collect();
        let mut by_clue = vec![Vec::new(); clue_cells.len()];
        for (i, &a) in clue_of.iter().enumerate() {
            by_clue[a].push(i);
        }
        Board {
            cols: p.cols,
            covering: p.covering(&cands),
            cands,
            clue_of,
            by_clue,
        }
    }

    fn live(&self, state: &State, i: usize) -> bool {
        possible(state, Var(i as u32), true)
    }

    /// Per clue, its candidates that may still be its rectangle.
    fn live_by_clue(&self, state: &State) -> Vec<Vec<usize>> {
        self.by_clue
            .iter()
            .map(|qs| {
                qs.iter()
                    .copied()
                    .filter(|&i| self.live(state, i))
                    .collect()
            })
            .collect()
    }
}

fn out(i: usize, rule: Rule) -> Removal {
    Removal::by(rule, Var(i as u32), true)
}

/// The groups flattened, each candidate once.
fn flatten(groups: Vec<Vec<Removal>>, n: usize) -> Vec<Removal> {
    let mut seen = vec![false; n];
    groups
        .into_iter()
        .flatten()
        .filter(|r| !std::mem::replace(&mut seen[r.var.index()], true))
        .collect()
}

/// The rectangle every one of `rects` holds, if they share a cell.
fn common(rects: impl Iterator<Item = Rect>) -> Option<Rect> {
    let (mut top, mut left, mut bottom, mut right) = (0, 0, usize::MAX, usize::MAX);
    for r in rects {
        top = top.max(r.top);
        left = left.max(r.left);
        bottom = bottom.min(r.top + r.height);
        right = right.min(r.left + r.width);
    }
    (top < bottom && left < right && bottom != usize::MAX).then(|| Rect {
        top,
        left,
        height: bottom - top,
        width: right - left,
    })
}

pub struct CommonCells(Board);

impl FamilyRule for CommonCells {
    fn rule(&self) -> Rule {
        Rule::Family("common-cells", 2)
    }

    fn why(&self) -> &'static str {
        "every rectangle this clue can still take covers these cells, so no other clue's can"
    }

    fn propose(&self, state: &State) -> Vec<Removal> {
        flatten(self.propose_steps(state), self.0.cands.len())
    }

    /// One step per clue: the candidates of other clues over its common cells.
    fn propose_steps(&self, state: &State) -> Vec<Vec<Removal>> {
        let b = &self.0;
        let mut steps = Vec::new();
        let mut seen = vec![false; b.cands.len()];
        for (a, live) in b.live_by_clue(state).iter().enumerate() {
            let Some(shared) = common(live.iter().map(|&i| b.cands[i].rect)) else {
                continue;
            };
            let mut step = Vec::new();
            for k in shared.cells(b.cols) {
                for &q in &b.covering[k] {
                    if b.clue_of[q] != a
                        && b.live(state, q)
                        && !std::mem::replace(&mut seen[q], true)
                    {
                        step.push(out(q, self.rule()));
                    }
                }
            }
            for r in &step {
                seen[r.var.index()] = false;
            }
            if !step.is_empty() {
                steps.push(step);
            }
        }
        steps
    }
}

pub struct OneClueReaches(Board);

impl FamilyRule for OneClueReaches {
    fn rule(&self) -> Rule {
        Rule::Family("one-clue-reaches", 3)
    }

    fn why(&self) -> &'static str {
        "only one clue can still reach this cell, so its rectangle must cover it"
    }

    fn propose(&self, state: &State) -> Vec<Removal> {
        flatten(self.propose_steps(state), self.0.cands.len())
    }

    /// One step per cell that only one clue reaches: that clue's candidates that miss it.
    fn propose_steps(&self, state: &State) -> Vec<Vec<Removal>> {
        let b = &self.0;
        let mut steps = Vec::new();
        for (k, over) in b.covering.iter().enumerate() {
            let mut live = over.iter().copied().filter(|&q| b.live(state, q));
            let Some(first) = live.next() else {
                continue;
            };
            let a = b.clue_of[first];
            if !live.all(|q| b.clue_of[q] == a) {
                continue;
            }
            let (r, c) = (k / b.cols, k % b.cols);
            let step: Vec<Removal> = b.by_clue[a]
                .iter()
                .copied()
                .filter(|&q| b.live(state, q) && !b.cands[q].rect.contains(r, c))
                .map(|q| out(q, self.rule()))
                .collect();
            if !step.is_empty() {
                steps.push(step);
            }
        }
        steps
    }
}

pub struct NoRoomLeft(Board);

impl FamilyRule for NoRoomLeft {
    fn rule(&self) -> Rule {
        Rule::Family("no-room-left", 4)
    }

    fn why(&self) -> &'static str {
        "this rectangle would overlap every rectangle another clue could still take"
    }

    fn propose(&self, state: &State) -> Vec<Removal> {
        let b = &self.0;
        let live = b.live_by_clue(state);
        // The span of each clue's live candidates: a candidate that misses it leaves the clue
        // some room.
        let spans: Vec<Option<Rect>> = live
            .iter()
            .map(|qs| {
                let rects = qs.iter().map(|&i| b.cands[i].rect);
                let top = rects.clone().map(|r| r.top).min()?;
                let left = rects.clone().map(|r| r.left).min()?;
                let bottom = rects.clone().map(|r| r.top + r.height).max()?;
                let right = rects.map(|r| r.left + r.width).max()?;
                Some(Rect {
                    top,
                    left,
                    height: bottom - top,
                    width: right - left,
                })
            })
            .collect();
        let mut removals = Vec::new();
        for (q, cand) in b.cands.iter().enumerate() {
            // A candidate already taken is the clue's: nothing to rule out.
            if !b.live(state, q) || !possible(state, Var(q as u32), false) {
                continue;
            }
            let starves = live.iter().enumerate().any(|(other, qs)| {
                other != b.clue_of[q]
                    && !qs.is_empty()
                    && spans[other].is_some_and(|s| s.overlaps(&cand.rect))
                    && qs.iter().all(|&i| b.cands[i].rect.overlaps(&cand.rect))
            });
            if starves {
                removals.push(out(q, self.rule()));
            }
        }
        removals
    }

    /// One step per candidate ruled out.
    fn propose_steps(&self, state: &State) -> Vec<Vec<Removal>> {
        self.propose(state).into_iter().map(|r| vec![r]).collect()
    }
}

/// Shikaku's rules, easiest first.
pub fn rules(p: &Shikaku) -> Vec<Box<dyn FamilyRule>> {
    vec![
        Box::new(CommonCells(Board::of(p))),
        Box::new(OneClueReaches(Board::of(p))),
        Box::new(NoRoomLeft(Board::of(p))),
    ]
}
