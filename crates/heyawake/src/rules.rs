//! Heyawake's techniques as rules of the shared deduction engine
//! ([`wellposed_engine::deduce`]), over the encoding's cell variables ("shaded", row-major).
//! The encoding's clauses already carry the local ones by propagation: a shaded cell's
//! neighbours are unshaded, a room with its number of shaded cells has the rest unshaded (and
//! one with as many open cells as it still needs has them shaded), the last open cell of a
//! line that would cross two room borders is shaded. The family adds what the clauses do not
//! say directly:
//!
//! - `no-split` (level 3): a cell whose shading would cut the unshaded cells known so far
//!   apart (every path between two of them through cells not known shaded passes through it) is
//!   unshaded. Valid: the unshaded cells are connected. Monotone: shading more cells only
//!   removes paths.

use crate::rooms::cut_cells;
use crate::Heyawake;
use std::sync::Arc;
use wellposed_engine::deduce::{possible, FamilyRule, Removal, Rule, State};
use wellposed_engine::sat::Var;

struct NoSplit {
    p: Arc<Heyawake>,
}

/// The rules, easiest first.
pub fn rules(p: &Heyawake) -> Vec<Box<dyn FamilyRule>> {
    vec![Box::new(NoSplit {
        p: Arc::new(p.clone()),
    })]
}

impl FamilyRule for NoSplit {
    fn rule(&self) -> Rule {
        Rule::Family("no-split", 3)
    }

    fn propose(&self, state: &State) -> Vec<Removal> {
        let (rows, cols) = (self.p.rows(), self.p.cols());
        let n = rows * cols;
        let var = |k: usize| Var(k as u32);
        let passable: Vec<bool> = (0..n).map(|k| possible(state, var(k), false)).collect();
        let required: Vec<bool> = (0..n).map(|k| !possible(state, var(k), true)).collect();
        cut_cells(rows, cols, &passable, &required)
            .into_iter()
            .filter(|&k| possible(state, var(k), true))
            .map(|k| Removal {
                var: var(k),
                value: true,
                rule: self.rule(),
                clause: None,
            })
            .collect()
    }

    fn why(&self) -> &'static str {
        "shaded, this cell would cut the unshaded cells apart"
    }

    fn in_probes(&self) -> bool {
        true
    }
}
