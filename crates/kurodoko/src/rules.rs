//! Kurodoko's techniques as rules of the shared deduction engine
//! ([`wellposed_engine::deduce`]), over the encoding's cell variables ("shaded", row-major).
//! Propagation over the clauses already gives a shaded cell's neighbours unshaded (the
//! adjacency rule) and numbered cells unshaded. For a number N, call a direction's *reach* the
//! cells before the first cell known shaded (or the edge), and its *sure* run the cells known
//! unshaded from the number on. The family adds:
//!
//! - `max-reach` (level 2): the number sees at least N − 1 − (the other three reaches) cells
//!   in a direction, so those nearest cells are unshaded. Valid: it sees at most its reach in
//!   each direction. Monotone: reaches only shrink.
//! - `too-far` (level 2): when the sure runs of the other three directions and the sure run in
//!   this one already add up to N − 1, the next cell this way is shaded (else the number would
//!   see too many). Valid and monotone: sure runs only grow. Propagation over the count's
//!   ladder variables reaches the same conclusion, usually first; the rule names it for hints.
//! - `no-split` (level 3): a cell whose shading would cut the unshaded cells known so far
//!   apart is unshaded.
//!
//! Each number's conclusions are one step.

use crate::{Clue, Kurodoko};
use std::sync::Arc;
use wellposed_engine::deduce::{possible, FamilyRule, Removal, Rule, State};
use wellposed_engine::rooms::UnshadedNoSplit;
use wellposed_engine::sat::Var;

/// The rules, easiest first.
pub fn rules(p: &Kurodoko) -> Vec<Box<dyn FamilyRule>> {
    let p = Arc::new(p.clone());
    vec![
        Box::new(Reach {
            p: p.clone(),
            far: false,
        }),
        Box::new(Reach {
            p: p.clone(),
            far: true,
        }),
        Box::new(UnshadedNoSplit {
            rows: p.rows,
            cols: p.cols,
        }),
    ]
}

struct Reach {
    p: Arc<Kurodoko>,
    /// `too-far` (true) or `max-reach` (false).
    far: bool,
}

fn var(k: usize) -> Var {
    Var(k as u32)
}

impl Reach {
    /// The removals for the number at `k`.
    fn at(&self, state: &State, k: usize, number: u32) -> Vec<Removal> {
        let rays = self.p.rays(k);
        let reach: Vec<usize> = rays
            .iter()
            .map(|ray| {
                ray.iter()
                    .take_while(|&&j| possible(state, var(j), false))
                    .count()
            })
            .collect();
        let sure: Vec<usize> = rays
            .iter()
            .map(|ray| {
                ray.iter()
                    .take_while(|&&j| !possible(state, var(j), true))
                    .count()
            })
            .collect();
        let need = number as usize - 1;
        let mut out = Vec::new();
        for (d, ray) in rays.iter().enumerate() {
            if self.far {
                let others: usize = (0..4).filter(|&e| e != d).map(|e| sure[e]).sum();
                if others + sure[d] == need {
                    if let Some(&j) = ray.get(sure[d]) {
                        if possible(state, var(j), false) {
                            out.push(self.removal(j, false));
                        }
                    }
                }
            } else {
                let others: usize = (0..4).filter(|&e| e != d).map(|e| reach[e]).sum();
                let least = need.saturating_sub(others).min(ray.len());
                out.extend(
                    ray[..least]
                        .iter()
                        .filter(|&&j| possible(state, var(j), true))
                        .map(|&j| self.removal(j, true)),
                );
            }
        }
        out
    }

    fn removal(&self, k: usize, value: bool) -> Removal {
        Removal::by(self.rule(), var(k), value)
    }
}

impl FamilyRule for Reach {
    fn rule(&self) -> Rule {
        if self.far {
            Rule::Family("too-far", 2)
        } else {
            Rule::Family("max-reach", 2)
        }
    }

    fn propose(&self, state: &State) -> Vec<Removal> {
        self.propose_steps(state).into_iter().flatten().collect()
    }

    fn propose_steps(&self, state: &State) -> Vec<Vec<Removal>> {
        (0..self.p.cells.len())
            .filter_map(|k| match self.p.cells[k] {
                Clue::Number(n) if n >= 1 => Some(self.at(state, k, n)),
                _ => None,
            })
            .filter(|step| !step.is_empty())
            .collect()
    }

    fn why(&self) -> &'static str {
        if self.far {
            "the number already sees all it may: the next cell this way is shaded"
        } else {
            "the other directions cannot reach far enough, so this one sees at least these cells"
        }
    }
}
