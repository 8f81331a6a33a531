//! Yin-Yang's techniques as rules of the shared deduction engine
//! ([`wellposed_engine::deduce`]), over the cell variables ("black", row-major) of the
//! deduction encoding, which holds the rules alone (circles, no 2×2 of one colour, both
//! colours connected). Propagation already gives the no-2×2 step: three cells of one colour in
//! a block make the fourth the other colour. The family adds:
//!
//! - `checkerboard` (level 2): three cells of a 2×2 block that would make a checkerboard with
//!   the fourth (a diagonal pair of one colour, a third cell of the other) give the fourth the
//!   first pair's colour. Valid: a checkerboard block disconnects one of the two colours (the
//!   path joining one diagonal pair, closed through the block's centre, separates the other
//!   pair).
//! - `cut-off` (level 3): a cell whose colouring X would split the cells known to be of the
//!   other colour Y (every path between two of them through cells that may still be Y passes
//!   through it) is Y. Valid: the Y cells are connected. Monotone: settling cells only removes
//!   paths.
//! - `border` (level 3): around the border (a cycle of cells), a cell coloured X would be
//!   followed, in cyclic order, by known cells Y, X, Y: four colour changes, two X runs on the
//!   border, which a connected other colour cannot allow (the X path joining two border runs
//!   cuts the grid in two, with a Y cell on each side). Then it is Y. Valid as argued;
//!   monotone: the known cells that witness it stay known.
//!
//! Each proposes one cell a step.

use crate::YinYang;
use std::sync::Arc;
use wellposed_engine::deduce::{possible, FamilyRule, Removal, Rule, State};
use wellposed_engine::rooms::cut_cells;
use wellposed_engine::sat::Var;

/// The rules, easiest first.
pub fn rules(p: &YinYang) -> Vec<Box<dyn FamilyRule>> {
    let p = Arc::new(p.clone());
    vec![
        Box::new(Checkerboard(p.clone())),
        Box::new(CutOff(p.clone())),
        Box::new(Border(p)),
    ]
}

fn var(k: usize) -> Var {
    Var(k as u32)
}

/// Cell k's colour when settled (`true`: black).
fn known(state: &State, k: usize) -> Option<bool> {
    match (
        possible(state, var(k), true),
        possible(state, var(k), false),
    ) {
        (true, false) => Some(true),
        (false, true) => Some(false),
        _ => None,
    }
}

fn open(state: &State, k: usize) -> bool {
    possible(state, var(k), true) && possible(state, var(k), false)
}

/// Cell k cannot be `black`.
fn removal(k: usize, black: bool, rule: Rule) -> Removal {
    Removal::by(rule, var(k), black)
}

/// Cells that one step each proposes, as the engine wants them.
fn steps(cells: Vec<(usize, bool)>, rule: Rule) -> Vec<Vec<Removal>> {
    let mut cells = cells;
    cells.sort_unstable();
    cells.dedup();
    cells
        .into_iter()
        .map(|(k, black)| vec![removal(k, black, rule)])
        .collect()
}

/// The cells a checkerboard rules out: (cell, the colour it cannot take).
pub fn checkerboard(p: &YinYang, state: &State) -> Vec<(usize, bool)> {
    let mut out = Vec::new();
    for [a, b, c, d] in p.blocks() {
        // Each cell's diagonal partner and the two others.
        for (x, diag, o1, o2) in [(a, d, b, c), (d, a, b, c), (b, c, a, d), (c, b, a, d)] {
            if !open(state, x) {
                continue;
            }
            let (Some(cd), Some(c1), Some(c2)) =
                (known(state, diag), known(state, o1), known(state, o2))
            else {
                continue;
            };
            // x coloured as its diagonal partner, against two cells of the other colour, would
            // complete the checkerboard.
            if c1 == c2 && c1 != cd {
                out.push((x, cd));
            }
        }
    }
    out
}

struct Checkerboard(Arc<YinYang>);

impl FamilyRule for Checkerboard {
    fn rule(&self) -> Rule {
        Rule::Family("checkerboard", 2)
    }

    fn propose(&self, state: &State) -> Vec<Removal> {
        self.propose_steps(state).into_iter().flatten().collect()
    }

    fn propose_steps(&self, state: &State) -> Vec<Vec<Removal>> {
        steps(checkerboard(&self.0, state), self.rule())
    }

    fn why(&self) -> &'static str {
        "the other colour here would make a 2×2 checkerboard, which splits one colour in two"
    }
}

/// The cells whose other colour would split the known cells of one colour: (cell, the colour
/// it cannot take).
pub fn cut_off(p: &YinYang, state: &State) -> Vec<(usize, bool)> {
    let n = p.rows * p.cols;
    let mut out = Vec::new();
    for black in [true, false] {
        let passable: Vec<bool> = (0..n).map(|k| possible(state, var(k), black)).collect();
        let required: Vec<bool> = (0..n).map(|k| known(state, k) == Some(black)).collect();
        out.extend(
            cut_cells(p.rows, p.cols, &passable, &required)
                .into_iter()
                .filter(|&k| possible(state, var(k), !black))
                .map(|k| (k, !black)),
        );
    }
    out
}

struct CutOff(Arc<YinYang>);

impl FamilyRule for CutOff {
    fn rule(&self) -> Rule {
        Rule::Family("cut-off", 3)
    }

    fn propose(&self, state: &State) -> Vec<Removal> {
        self.propose_steps(state).into_iter().flatten().collect()
    }

    fn propose_steps(&self, state: &State) -> Vec<Vec<Removal>> {
        steps(cut_off(&self.0, state), self.rule())
    }

    fn why(&self) -> &'static str {
        "coloured the other way, this cell would cut cells of its colour apart"
    }

    fn in_probes(&self) -> bool {
        true
    }
}

/// The border cells whose colour X would make four colour changes around the border with the
/// known cells: (cell, X).
pub fn border(p: &YinYang, state: &State) -> Vec<(usize, bool)> {
    let ring = p.border();
    let len = ring.len();
    let mut out = Vec::new();
    for i in 0..len {
        let u = ring[i];
        for x in [true, false] {
            if !possible(state, var(u), x) || known(state, u).is_some() {
                continue;
            }
            // Looking for known cells !x, x, !x in order after u (greedily, the first of each).
            let mut want = !x;
            let mut found = 0;
            for j in 1..len {
                if known(state, ring[(i + j) % len]) == Some(want) {
                    found += 1;
                    want = !want;
                    if found == 3 {
                        break;
                    }
                }
            }
            if found == 3 {
                out.push((u, x));
            }
        }
    }
    out
}

struct Border(Arc<YinYang>);

impl FamilyRule for Border {
    fn rule(&self) -> Rule {
        Rule::Family("border", 3)
    }

    fn propose(&self, state: &State) -> Vec<Removal> {
        self.propose_steps(state).into_iter().flatten().collect()
    }

    fn propose_steps(&self, state: &State) -> Vec<Vec<Removal>> {
        steps(border(&self.0, state), self.rule())
    }

    fn why(&self) -> &'static str {
        "the border holds one run of each colour; this colour here would make two of one"
    }
}
