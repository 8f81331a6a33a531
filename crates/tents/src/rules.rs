//! Tents' deduction rules for `grade` and `hint`, over the encoding's variables (a tent or not
//! per cell without a tree, then one per pairing of a tree with a cell beside it).
//!
//! The basic techniques are propagation over the encoding's clauses (level 1): a cell beside
//! no tree is grass; a tent makes the eight cells around it grass; a tree with one free cell
//! left beside it puts its tent there; a line whose count is reached is grass elsewhere, and a
//! line with exactly as many free cells as tents still missing fills them. Beyond those, the
//! rule players use around trees:
//!
//! - touches every spot (level 3): a tree still without its tent will put it on one of its
//!   free neighbours; a cell (not one of them) that touches all of them would touch the tree's
//!   tent, so it is grass. (The cell diagonal to a tree between two of its free neighbours,
//!   and every cell around a tree with a single spot left.)
//!
//! The rule is valid for every solution and monotone: the tree's spots only shrink, so a cell
//! that touches all of them keeps doing so until it is grass.

use crate::Tents;
use wellposed_engine::deduce::{possible, FamilyRule, Removal, Rule, State};
use wellposed_sat::Var;

/// What the rule reads: per tree, its pairings as (pairing variable, cell variable); and per
/// cell variable, the cells it touches (by variable).
pub struct TouchesEverySpot {
    trees: Vec<Vec<(usize, usize)>>,
    touching: Vec<Vec<usize>>,
}

impl TouchesEverySpot {
    pub fn of(p: &Tents) -> TouchesEverySpot {
        let var_of = p.var_of();
        let grounds = p.grounds();
        let pairs = p.pairings();
        let mut trees: Vec<Vec<(usize, usize)>> = Vec::new();
        let mut last = usize::MAX;
        for (i, &(t, k)) in pairs.iter().enumerate() {
            if t != last {
                trees.push(Vec::new());
                last = t;
            }
            let v = var_of[k].expect("no tree");
            trees
                .last_mut()
                .expect("pushed")
                .push((grounds.len() + i, v));
        }
        let touching = grounds
            .iter()
            .map(|&k| p.touching(k).filter_map(|j| var_of[j]).collect())
            .collect();
        TouchesEverySpot { trees, touching }
    }
}

fn may(state: &State, v: usize) -> bool {
    possible(state, Var(v as u32), true)
}

impl FamilyRule for TouchesEverySpot {
    fn rule(&self) -> Rule {
        Rule::Family("touches-every-spot", 3)
    }

    fn why(&self) -> &'static str {
        "a tent here would touch every cell where a tree can still put its tent"
    }

    fn propose(&self, state: &State) -> Vec<Removal> {
        self.propose_steps(state).concat()
    }

    /// One group per tree.
    fn propose_steps(&self, state: &State) -> Vec<Vec<Removal>> {
        let mut out: Vec<Vec<Removal>> = Vec::new();
        let mut proposed = vec![false; self.touching.len()];
        for pairs in &self.trees {
            let spots: Vec<usize> = pairs
                .iter()
                .filter(|&&(pv, cv)| may(state, pv) && may(state, cv))
                .map(|&(_, cv)| cv)
                .collect();
            let Some(&first) = spots.first() else {
                continue;
            };
            let mut group = Vec::new();
            for &x in &self.touching[first] {
                if proposed[x] || spots.contains(&x) || !may(state, x) {
                    continue;
                }
                if spots.iter().all(|&s| self.touching[s].contains(&x)) {
                    proposed[x] = true;
                    group.push(Removal::by(self.rule(), Var(x as u32), true));
                }
            }
            if !group.is_empty() {
                out.push(group);
            }
        }
        out
    }
}

/// Tents' rules, easiest first.
pub fn rules(p: &Tents) -> Vec<Box<dyn FamilyRule>> {
    vec![Box::new(TouchesEverySpot::of(p))]
}
