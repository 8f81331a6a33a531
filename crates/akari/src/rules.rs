//! Akari's deduction rules for `grade` and `hint`, over the encoding's answer variables (one a
//! white cell: a light or not).
//!
//! The basic techniques are propagation over the encoding's clauses (level 1): a light rules
//! out every other light in its row and column segments; a cell that only one cell can still
//! light makes that cell a light; a number with all its lights placed darkens its other
//! neighbours, and a number with exactly as many free neighbours as lights it still needs
//! fills them. Beyond those, two rules players use:
//!
//! - number diagonal (level 3): a number that still needs r lights among c free neighbours can
//!   lose at most c − r of them; a cell that sees more than c − r of them (the cell diagonal
//!   to a 3, between two of its free neighbours) holds no light, for its light would rule
//!   them out.
//! - dark cell (level 4): a light in cell X would rule out every light in its segments; when
//!   some unlit cell Y, which X does not light, could then only be lit from those segments, Y
//!   would stay dark, so X holds no light.
//!
//! Both are valid for every solution and monotone (a proposal stays proposed, as fewer values
//! stay possible, until it is applied).

use crate::{Akari, Cell};
use wellposed_engine::deduce::{possible, FamilyRule, Removal, Rule, State};
use wellposed_sat::Var;

/// What both rules read: for every white cell (by answer variable) the others it sees, and
/// every number with its white neighbours.
struct Board {
    /// Per variable, the other variables in its row and column segments.
    sees: Vec<Vec<usize>>,
    /// (number, the variables of its white neighbours).
    numbers: Vec<(usize, Vec<usize>)>,
}

impl Board {
    fn of(p: &Akari) -> Board {
        let var_of = p.var_of();
        let sees = p
            .whites()
            .iter()
            .map(|&k| {
                p.lit_from(k)[1..]
                    .iter()
                    .map(|&j| var_of[j].expect("white"))
                    .collect()
            })
            .collect();
        let numbers = (0..p.cells.len())
            .filter_map(|k| match p.cells[k] {
                Cell::Number(n) => Some((
                    usize::from(n),
                    p.neighbours(k).filter_map(|j| var_of[j]).collect(),
                )),
                _ => None,
            })
            .collect();
        Board { sees, numbers }
    }
}

fn light(v: usize) -> Var {
    Var(v as u32)
}

/// Settled as a light.
fn is_light(state: &State, v: usize) -> bool {
    !possible(state, light(v), false)
}

/// Still free: may hold a light, and may not.
fn free(state: &State, v: usize) -> bool {
    possible(state, light(v), true) && possible(state, light(v), false)
}

fn no_light(v: usize, rule: Rule) -> Removal {
    Removal::by(rule, light(v), true)
}

pub struct NumberDiagonal(Board);

impl FamilyRule for NumberDiagonal {
    fn rule(&self) -> Rule {
        Rule::Family("number-diagonal", 3)
    }

    fn why(&self) -> &'static str {
        "a light here would see too many of a number's free neighbours for it to get its lights"
    }

    fn propose(&self, state: &State) -> Vec<Removal> {
        self.propose_steps(state).into_iter().flatten().collect()
    }

    /// One number a step: the cells that see too many of its free neighbours.
    fn propose_steps(&self, state: &State) -> Vec<Vec<Removal>> {
        let b = &self.0;
        let mut steps = Vec::new();
        let mut hits = vec![0usize; b.sees.len()];
        for (n, around) in &b.numbers {
            let placed = around.iter().filter(|&&v| is_light(state, v)).count();
            let candidates: Vec<usize> =
                around.iter().copied().filter(|&v| free(state, v)).collect();
            let Some(need) = n.checked_sub(placed) else {
                continue;
            };
            let Some(spare) = candidates.len().checked_sub(need) else {
                continue;
            };
            let mut touched = Vec::new();
            for &c in &candidates {
                for &y in &b.sees[c] {
                    if hits[y] == 0 {
                        touched.push(y);
                    }
                    hits[y] += 1;
                }
            }
            let mut out = Vec::new();
            for &y in &touched {
                if hits[y] > spare && possible(state, light(y), true) {
                    out.push(no_light(y, self.rule()));
                }
                hits[y] = 0;
            }
            if !out.is_empty() {
                steps.push(out);
            }
        }
        steps
    }
}

pub struct DarkCell(Board);

impl FamilyRule for DarkCell {
    fn rule(&self) -> Rule {
        Rule::Family("dark-cell", 4)
    }

    fn why(&self) -> &'static str {
        "a light here would leave a cell that nothing else could light"
    }

    fn propose(&self, state: &State) -> Vec<Removal> {
        self.propose_steps(state).into_iter().flatten().collect()
    }

    /// One cell a step: each light ruled out is its own application of the rule.
    fn propose_steps(&self, state: &State) -> Vec<Vec<Removal>> {
        let b = &self.0;
        let n = b.sees.len();
        // A cell's possible sources are itself and the cells it sees that may hold a light.
        let can = |v: usize| possible(state, light(v), true);
        let mut out = Vec::new();
        let mut ruled_out = vec![false; n];
        for x in (0..n).filter(|&x| free(state, x)) {
            for &s in &b.sees[x] {
                ruled_out[s] = true;
            }
            // Only a cell lit by some cell that X rules out can be left dark by X (and X lights
            // the cells it rules out, so those are not the ones).
            let dark = b.sees[x].iter().filter(|&&s| can(s)).any(|&s| {
                std::iter::once(s)
                    .chain(b.sees[s].iter().copied())
                    .any(|y| {
                        y != x
                            && !ruled_out[y]
                            && std::iter::once(y)
                                .chain(b.sees[y].iter().copied())
                                .filter(|&z| can(z))
                                .all(|z| ruled_out[z])
                    })
            });
            for &s in &b.sees[x] {
                ruled_out[s] = false;
            }
            if dark {
                out.push(vec![no_light(x, self.rule())]);
            }
        }
        out
    }
}

/// Akari's rules, easiest first.
pub fn rules(p: &Akari) -> Vec<Box<dyn FamilyRule>> {
    vec![
        Box::new(NumberDiagonal(Board::of(p))),
        Box::new(DarkCell(Board::of(p))),
    ]
}
