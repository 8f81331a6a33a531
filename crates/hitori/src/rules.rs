//! Hitori's techniques as rules of the shared deduction engine
//! ([`wellposed_engine::deduce`]), over the encoding's cell variables ("shaded", row-major).
//! The encoding's clauses already carry the local ones by propagation: a shaded cell's
//! neighbours are unshaded, and an unshaded number has every equal number of its row and
//! column shaded. The family adds the standard openings and the connectivity rule:
//!
//! - `sandwich` (level 2): in `a b a` along a line, the middle cell is unshaded. Valid: one of
//!   the two equal numbers is shaded, and both are its neighbours.
//! - `pair-in-line` (level 2): when two equal numbers stand side by side in a line, every
//!   other cell of that line with the same number is shaded. Valid: exactly one of the pair is
//!   shaded (one must be, both cannot), so the other is an unshaded copy of the number.
//! - `corner` (level 2): a cell all of whose neighbours repeat its number in their line is
//!   shaded (the corner rule, where the cell has two neighbours, is the common case). Valid on
//!   boards of three cells or more: left unshaded, its neighbours are all shaded and it is cut
//!   off, so every other cell is shaded too, and some neighbour has a neighbour of its own.
//! - `no-split` (level 3): a cell whose shading would cut the unshaded cells known so far
//!   apart (every path between two of them through cells not known shaded passes through it)
//!   is unshaded. Valid: the unshaded cells are connected. Monotone: shading more cells only
//!   removes paths.
//!
//! The first three depend on the numbers alone, so they are monotone; each proposes one cell
//! a step.

use crate::{Clue, Hitori};
use wellposed_engine::deduce::{possible, FamilyRule, Removal, Rule, State};
use wellposed_engine::rooms::neighbours;
use wellposed_engine::rooms::UnshadedNoSplit;
use wellposed_engine::sat::Var;

/// A rule whose conclusions follow from the numbers alone: `cells` each lose `value`.
struct FromNumbers {
    rule: Rule,
    why: &'static str,
    /// The cells concluded, each once.
    cells: Vec<usize>,
    /// The value each loses (`true`: the cell is unshaded).
    value: bool,
}

/// The rules, easiest first.
pub fn rules(p: &Hitori) -> Vec<Box<dyn FamilyRule>> {
    vec![
        Box::new(FromNumbers {
            rule: Rule::Family("sandwich", 2),
            why: "between two equal numbers in a line, one of which is shaded, this cell is unshaded",
            cells: sandwiched(p),
            value: true,
        }),
        Box::new(FromNumbers {
            rule: Rule::Family("pair-in-line", 2),
            why: "two equal numbers side by side leave one of them unshaded, so this copy in their line is shaded",
            cells: beside_pairs(p),
            value: false,
        }),
        Box::new(FromNumbers {
            rule: Rule::Family("corner", 2),
            why: "every neighbour repeats this number, so unshaded it would be cut off: it is shaded",
            cells: hemmed_in(p),
            value: false,
        }),
        Box::new(UnshadedNoSplit {
            rows: p.rows,
            cols: p.cols,
        }),
    ]
}

fn dedup(mut cells: Vec<usize>) -> Vec<usize> {
    cells.sort_unstable();
    cells.dedup();
    cells
}

fn number(p: &Hitori, k: usize) -> Option<u32> {
    match p.cells[k] {
        Clue::Number(x) => Some(x),
        _ => None,
    }
}

/// The middle cells of `a b a` along a row or column.
pub fn sandwiched(p: &Hitori) -> Vec<usize> {
    let mut out = Vec::new();
    for line in p.lines() {
        for w in line.windows(3) {
            if number(p, w[0]).is_some() && number(p, w[0]) == number(p, w[2]) {
                out.push(w[1]);
            }
        }
    }
    dedup(out)
}

/// The cells of a line holding the number of two equal neighbours elsewhere in that line.
pub fn beside_pairs(p: &Hitori) -> Vec<usize> {
    let mut out = Vec::new();
    for line in p.lines() {
        for w in line.windows(2) {
            let Some(x) = number(p, w[0]) else { continue };
            if number(p, w[1]) != Some(x) {
                continue;
            }
            out.extend(
                line.iter()
                    .filter(|&&k| k != w[0] && k != w[1] && number(p, k) == Some(x)),
            );
        }
    }
    dedup(out)
}

/// The cells each of whose neighbours holds the same number (a neighbour always shares a line).
pub fn hemmed_in(p: &Hitori) -> Vec<usize> {
    if p.rows * p.cols < 3 {
        return Vec::new();
    }
    (0..p.rows * p.cols)
        .filter(|&k| {
            number(p, k).is_some()
                && neighbours(p.rows, p.cols, k).all(|j| number(p, j) == number(p, k))
        })
        .collect()
}

impl FromNumbers {
    fn removal(&self, k: usize) -> Removal {
        Removal::by(self.rule, Var(k as u32), self.value)
    }
}

impl FamilyRule for FromNumbers {
    fn rule(&self) -> Rule {
        self.rule
    }

    fn propose(&self, state: &State) -> Vec<Removal> {
        self.propose_steps(state).into_iter().flatten().collect()
    }

    fn propose_steps(&self, state: &State) -> Vec<Vec<Removal>> {
        self.cells
            .iter()
            .filter(|&&k| possible(state, Var(k as u32), self.value))
            .map(|&k| vec![self.removal(k)])
            .collect()
    }

    fn why(&self) -> &'static str {
        self.why
    }
}
