//! Kakuro's deduction for `grade` and `hint`. The engine deduces over [`encoding`]: the
//! candidates (one variable per white cell and digit, as in the solving encoding) with one
//! digit a cell and no digit twice in a run, and nothing of the sums — so propagation
//! (level 1) is the pencil-mark bookkeeping and the naked single (a cell with one candidate left),
//! and every use of a sum is one of the techniques players name:
//!
//! - combinations (level 2): a run's sum over its length allows a few sets of digits (16 in
//!   two cells: only {7, 9}); those sets that still fit the run (each digit placeable in
//!   some cell, every cell able to take one of them, the run's placed digits among them) are
//!   its possible sets, and a candidate in none of them goes. A run with one set left is a
//!   unique-combination run. A cell where an across run and a down run cross keeps only what
//!   both allow: the cross-run intersection is this rule applied to both runs.
//! - hidden single (level 2): a digit in every possible set of a run must appear in it; when
//!   only one cell of the run can take it, it goes there.
//! - run fit (level 3): a candidate stays only if the whole run can be completed with it:
//!   distinct digits of one possible set, one a cell, from the cells' candidates (so a cell
//!   takes what the sum leaves after the others, and a pair of cells locked to two digits
//!   rules those out elsewhere in the run).
//!
//! Each is valid (a solution's digits always survive) and monotone (fewer candidates leave
//! fewer possible sets and completions, so a removal stays proposed until applied). Probing
//! (level 9) follows a trial value up with them, since the sums live nowhere else.

use crate::encode::{combinations, digit_var, digits, Digits, ALL};
use crate::Kakuro;
use wellposed_engine::deduce::{possible, FamilyRule, Removal, Rule, State};
use wellposed_engine::CnfEncoding;
use wellposed_sat::{AmoEncoding, Cnf, Lit, Var};

/// The candidates' encoding: one digit a cell, no digit twice in a run (the solving
/// encoding's first variables and clauses, without the sums).
pub fn encoding(p: &Kakuro) -> CnfEncoding {
    let index = p.white_index();
    let mut cnf = Cnf::new();
    let whites = p.whites();
    cnf.new_vars(9 * whites.len());
    let x = |w: usize, d: u8| Var(digit_var(w, d)).positive();
    let mut names = Vec::new();
    for (w, &k) in whites.iter().enumerate() {
        let lits: Vec<Lit> = (1..=9).map(|d| x(w, d)).collect();
        cnf.exactly_one(&lits, AmoEncoding::Pairwise);
        names.extend((1..=9).map(|d| format!("{}={d}", p.cell_name(k))));
    }
    for run in p.runs() {
        for d in 1..=9 {
            let lits: Vec<Lit> = run
                .cells
                .iter()
                .map(|&k| x(index[k].expect("white"), d))
                .collect();
            cnf.at_most_one(&lits, AmoEncoding::Pairwise);
        }
    }
    let answer = (0..names.len() as u32).map(Var).collect();
    CnfEncoding::new(cnf, answer, names)
}

/// A summed run as the rules read it: its cells (white indices) and the combinations of its
/// length and sum.
struct SumRun {
    cells: Vec<usize>,
    combos: &'static [Digits],
}

fn summed_runs(p: &Kakuro) -> Vec<SumRun> {
    let index = p.white_index();
    p.runs()
        .into_iter()
        .filter_map(|r| {
            let s = r.sum?;
            Some(SumRun {
                cells: r.cells.iter().map(|&k| index[k].expect("white")).collect(),
                combos: combinations(r.cells.len(), u32::from(s)),
            })
        })
        .collect()
}

/// The digits cell w may still hold.
fn candidates(state: &State, w: usize) -> Digits {
    digits(ALL)
        .filter(|&d| possible(state, Var(digit_var(w, d)), true))
        .fold(0, |m, d| m | 1 << d)
}

/// The digit placed in cell w, if any.
fn placed(state: &State, w: usize) -> Option<u8> {
    digits(ALL).find(|&d| !possible(state, Var(digit_var(w, d)), false))
}

impl SumRun {
    /// The combinations that still fit: every digit placeable in some cell, every cell able
    /// to take one of its digits, and the placed digits among its digits.
    fn possible_sets(&self, cands: &[Digits], settled: Digits) -> Vec<Digits> {
        let anywhere = cands.iter().fold(0, |a, &c| a | c);
        self.combos
            .iter()
            .copied()
            .filter(|&s| {
                s & !anywhere == 0 && settled & !s == 0 && cands.iter().all(|&c| c & s != 0)
            })
            .collect()
    }

    /// Per cell, the digits some completion of the run with one of `sets` gives it: distinct
    /// digits, one a cell, from the cells' candidates, using all of the set.
    fn fits(&self, cands: &[Digits], sets: &[Digits]) -> Vec<Digits> {
        let n = cands.len();
        let mut support = vec![0; n];
        for &s in sets {
            // forward[i]: the digit sets the first i cells can take; backward[i]: those the
            // cells from i on can take.
            let mut forward = vec![vec![0u16]];
            for &c in cands {
                let next = extend(forward.last().expect("a level"), c & s);
                forward.push(next);
            }
            let mut backward = vec![Vec::new(); n + 1];
            backward[n] = vec![0u16];
            for i in (0..n).rev() {
                backward[i] = extend(&backward[i + 1], cands[i] & s);
            }
            for i in 0..n {
                for &m in &forward[i] {
                    for d in digits(cands[i] & s & !m) {
                        if backward[i + 1].contains(&(s & !m & !(1 << d))) {
                            support[i] |= 1 << d;
                        }
                    }
                }
            }
        }
        support
    }
}

/// Every set of `from` with one more digit of `allowed` added, without repeats.
fn extend(from: &[Digits], allowed: Digits) -> Vec<Digits> {
    let mut seen = [false; 1 << 10];
    let mut out = Vec::new();
    for &m in from {
        for d in digits(allowed & !m) {
            let next = m | 1 << d;
            if !seen[usize::from(next)] {
                seen[usize::from(next)] = true;
                out.push(next);
            }
        }
    }
    out
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Kind {
    Combinations,
    HiddenSingle,
    RunFit,
}

/// One of the three rules over every summed run.
pub struct RunRule {
    kind: Kind,
    runs: Vec<SumRun>,
}

impl RunRule {
    /// The removals for one run.
    fn run_removals(&self, state: &State, run: &SumRun) -> Vec<Removal> {
        let cands: Vec<Digits> = run.cells.iter().map(|&w| candidates(state, w)).collect();
        let settled = run
            .cells
            .iter()
            .filter_map(|&w| placed(state, w))
            .fold(0, |m, d| m | 1 << d);
        let sets = run.possible_sets(&cands, settled);
        let rule = self.rule();
        let remove = |w: usize, d: u8, value: bool| Removal::by(rule, Var(digit_var(w, d)), value);
        let mut out = Vec::new();
        match self.kind {
            Kind::Combinations | Kind::RunFit => {
                let keep: Vec<Digits> = if self.kind == Kind::Combinations {
                    let union = sets.iter().fold(0, |a, &s| a | s);
                    vec![union; cands.len()]
                } else {
                    run.fits(&cands, &sets)
                };
                for (i, &w) in run.cells.iter().enumerate() {
                    out.extend(digits(cands[i] & !keep[i]).map(|d| remove(w, d, true)));
                }
            }
            Kind::HiddenSingle => {
                let required = sets.iter().fold(ALL, |a, &s| a & s);
                for d in digits(required) {
                    let places: Vec<usize> = run
                        .cells
                        .iter()
                        .zip(&cands)
                        .filter(|(_, &c)| c & 1 << d != 0)
                        .map(|(&w, _)| w)
                        .collect();
                    // No place left is a contradiction, reported by asking for d everywhere.
                    let at = if places.len() <= 1 {
                        places.len()
                    } else {
                        continue;
                    };
                    let targets = if at == 1 { places } else { run.cells.clone() };
                    out.extend(
                        targets
                            .into_iter()
                            .filter(|&w| possible(state, Var(digit_var(w, d)), false))
                            .map(|w| remove(w, d, false)),
                    );
                }
            }
        }
        out
    }
}

impl FamilyRule for RunRule {
    fn rule(&self) -> Rule {
        match self.kind {
            Kind::Combinations => Rule::Family("combinations", 2),
            Kind::HiddenSingle => Rule::Family("hidden-single", 2),
            Kind::RunFit => Rule::Family("run-fit", 3),
        }
    }

    fn why(&self) -> &'static str {
        match self.kind {
            Kind::Combinations => {
                "no set of distinct digits that makes this run's sum and still fits it holds this digit"
            }
            Kind::HiddenSingle => {
                "every set of digits left for this run's sum holds this digit, and only this cell can take it"
            }
            Kind::RunFit => "the run cannot be completed to its sum with this digit here",
        }
    }

    fn propose(&self, state: &State) -> Vec<Removal> {
        self.propose_steps(state).concat()
    }

    /// One run is one step.
    fn propose_steps(&self, state: &State) -> Vec<Vec<Removal>> {
        self.runs
            .iter()
            .map(|r| self.run_removals(state, r))
            .filter(|r| !r.is_empty())
            .collect()
    }

    fn in_probes(&self) -> bool {
        true
    }
}

/// Kakuro's rules, easiest first.
pub fn rules(p: &Kakuro) -> Vec<Box<dyn FamilyRule>> {
    [Kind::Combinations, Kind::HiddenSingle, Kind::RunFit]
        .into_iter()
        .map(|kind| {
            Box::new(RunRule {
                kind,
                runs: summed_runs(p),
            }) as Box<dyn FamilyRule>
        })
        .collect()
}
