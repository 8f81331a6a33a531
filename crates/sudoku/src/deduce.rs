//! Sudoku's own deduction, the techniques players name, as rules of the shared deduction
//! engine ([`wellposed_engine::deduce`]). The engine deduces over [`encoding`]: one variable
//! per candidate (cell, digit), true when the digit is placed there, with unit clauses for the
//! givens and for what they rule out (their digit in the rest of their row, column and box,
//! and the other digits of their cell) — the pencil marks a player starts from — and nothing
//! else, so every later step is one of these techniques. Probing (the engine's level 9)
//! follows a trial value up with the techniques marked [`FamilyRule::in_probes`].
//!
//! Each technique is the standard one (as in Sudoku guides and graders such as HoDoKu and
//! Sudoku Explainer): only ever removing candidates that no solution uses, and monotone (what
//! it finds stays found as candidates go), so the engine's easiest-first path gives the
//! puzzle's grade: the hardest technique it needed.

use crate::{Shape, Sudoku};
use std::sync::Arc;
use wellposed_engine::deduce::{possible, FamilyRule, Removal, Rule, State};
use wellposed_engine::CnfEncoding;
use wellposed_sat::{Cnf, Var};

/// The techniques, easiest first (probing is the engine's, [`Rule::Probe`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Technique {
    /// A placed digit is no candidate elsewhere in its row, column and box (nor is any other
    /// digit in its cell): the pencil-mark bookkeeping, not a technique players count.
    Elimination,
    /// A cell with one candidate left takes it.
    NakedSingle,
    /// A digit with one place left in a row, column or box goes there.
    HiddenSingle,
    /// Locked candidates, type 1: a digit's candidates in a box lie in one row (column), so
    /// the rest of that row (column) loses it.
    Pointing,
    /// Locked candidates, type 2: a digit's candidates in a row (column) lie in one box, so the
    /// rest of that box loses it.
    Claiming,
    /// Two cells of a unit with the same two candidates and no others: the unit's other cells
    /// lose both.
    NakedPair,
    /// Two digits whose only places in a unit are the same two cells: those cells lose every
    /// other candidate.
    HiddenPair,
    /// Three cells of a unit whose candidates together are three digits: the other cells lose
    /// those digits.
    NakedTriple,
    /// Three digits whose places in a unit are three cells together: those cells lose every
    /// other candidate.
    HiddenTriple,
    /// A digit whose places in two rows (columns) lie in the same two columns (rows): those
    /// columns (rows) lose it everywhere else.
    XWing,
    /// The same with three rows (columns) and three columns (rows).
    Swordfish,
}

impl Technique {
    pub const ALL: [Technique; 11] = [
        Technique::Elimination,
        Technique::NakedSingle,
        Technique::HiddenSingle,
        Technique::Pointing,
        Technique::Claiming,
        Technique::NakedPair,
        Technique::HiddenPair,
        Technique::NakedTriple,
        Technique::HiddenTriple,
        Technique::XWing,
        Technique::Swordfish,
    ];

    pub fn name(self) -> &'static str {
        match self {
            Technique::Elimination => "elimination",
            Technique::NakedSingle => "naked-single",
            Technique::HiddenSingle => "hidden-single",
            Technique::Pointing => "pointing",
            Technique::Claiming => "claiming",
            Technique::NakedPair => "naked-pair",
            Technique::HiddenPair => "hidden-pair",
            Technique::NakedTriple => "naked-triple",
            Technique::HiddenTriple => "hidden-triple",
            Technique::XWing => "x-wing",
            Technique::Swordfish => "swordfish",
        }
    }

    /// The difficulty level, 1 (the singles' bookkeeping) to 7; probing is 9.
    pub fn level(self) -> u8 {
        match self {
            Technique::Elimination | Technique::NakedSingle => 1,
            Technique::HiddenSingle => 2,
            Technique::Pointing | Technique::Claiming => 3,
            Technique::NakedPair | Technique::HiddenPair => 4,
            Technique::NakedTriple | Technique::HiddenTriple => 5,
            Technique::XWing => 6,
            Technique::Swordfish => 7,
        }
    }

    /// As a rule of the shared engine.
    pub fn rule(self) -> Rule {
        Rule::Family(self.name(), self.level())
    }

    /// The technique by its name (as `grade` prints it).
    pub fn named(name: &str) -> Option<Technique> {
        Technique::ALL.into_iter().find(|t| t.name() == name)
    }

    fn why(self) -> &'static str {
        match self {
            Technique::Elimination => {
                "a digit placed in a cell is no candidate elsewhere in its row, column and box"
            }
            Technique::NakedSingle => "naked single: the cell has only one candidate left",
            Technique::HiddenSingle => {
                "hidden single: the digit has only one place left in a row, column or box"
            }
            Technique::Pointing => {
                "locked candidates (pointing): in a box the digit's places lie in one row or \
                 column, so it goes from the rest of that row or column"
            }
            Technique::Claiming => {
                "locked candidates (claiming): in a row or column the digit's places lie in one \
                 box, so it goes from the rest of that box"
            }
            Technique::NakedPair => {
                "naked pair: two cells of a row, column or box hold only the same two digits, \
                 so no other cell there holds them"
            }
            Technique::HiddenPair => {
                "hidden pair: two digits have only the same two places in a row, column or box, \
                 so those cells hold nothing else"
            }
            Technique::NakedTriple => {
                "naked triple: three cells of a row, column or box hold only three digits \
                 between them, so no other cell there holds them"
            }
            Technique::HiddenTriple => {
                "hidden triple: three digits have only the same three places in a row, column \
                 or box, so those cells hold nothing else"
            }
            Technique::XWing => {
                "X-wing: in two rows (columns) the digit's places lie in the same two columns \
                 (rows), so it goes from the rest of those columns (rows)"
            }
            Technique::Swordfish => {
                "swordfish: in three rows (columns) the digit's places lie in three columns \
                 (rows), so it goes from the rest of those columns (rows)"
            }
        }
    }
}

/// The variable of digit `d` (1..=n) in cell `k`: cells first, digits within a cell.
fn var(n: usize, k: usize, d: u8) -> Var {
    Var((k * n + usize::from(d) - 1) as u32)
}

/// The CNF deduced over (see the module text): one variable per (cell, digit), row-major and
/// digit within cell, named `rRcC=D`.
pub fn encoding(p: &Sudoku) -> CnfEncoding {
    let n = p.n();
    let mut cnf = Cnf::new();
    let vars = cnf.new_vars(n * n * n);
    // The value each given fixes: Some(true) placed, Some(false) ruled out.
    let mut fixed: Vec<Option<bool>> = vec![None; n * n * n];
    let mut clash = false;
    let mut fix = |k: usize, d: u8, v: bool| {
        let i = var(n, k, d).index();
        match fixed[i] {
            Some(w) if w != v => clash = true,
            _ => fixed[i] = Some(v),
        }
    };
    for (k, g) in p.givens.iter().enumerate() {
        if let Some(g) = *g {
            fix(k, g, true);
            for e in (1..=n as u8).filter(|&e| e != g) {
                fix(k, e, false);
            }
        }
    }
    for (k, g) in p.givens.iter().enumerate() {
        if let Some(g) = *g {
            for j in peers(&p.shape, k) {
                fix(j, g, false);
            }
        }
    }
    for (i, f) in fixed.iter().enumerate() {
        if let Some(v) = *f {
            cnf.add_clause(&[wellposed_sat::Lit::new(vars[i], v)]);
        }
    }
    if clash {
        // Two givens against each other: both values of their variable are fixed.
        for (k, g) in p.givens.iter().enumerate() {
            if let Some(g) = *g {
                if peers(&p.shape, k).any(|j| p.givens[j] == Some(g)) {
                    cnf.add_clause(&[var(n, k, g).negative()]);
                }
            }
        }
    }
    let names = (0..n * n * n)
        .map(|i| format!("r{}c{}={}", i / n / n + 1, i / n % n + 1, i % n + 1))
        .collect();
    CnfEncoding::new(cnf, vars, names)
}

/// The cells that share a row, column or box with `k` (some more than once).
fn peers(shape: &Shape, k: usize) -> impl Iterator<Item = usize> + '_ {
    let n = shape.n;
    let (r, c, b) = shape.units_of(k);
    [r, n + c, 2 * n + b]
        .into_iter()
        .flat_map(move |u| shape.units[u].iter().copied())
        .filter(move |&j| j != k)
}

/// The techniques as the engine's rules, easiest first.
pub fn rules(p: &Sudoku) -> Vec<Box<dyn FamilyRule>> {
    let shape = Arc::new(p.shape.clone());
    Technique::ALL
        .into_iter()
        .map(|technique| {
            Box::new(TechniqueRule {
                technique,
                shape: shape.clone(),
            }) as Box<dyn FamilyRule>
        })
        .collect()
}

/// One technique as a rule of the engine.
struct TechniqueRule {
    technique: Technique,
    shape: Arc<Shape>,
}

impl FamilyRule for TechniqueRule {
    fn rule(&self) -> Rule {
        self.technique.rule()
    }

    fn why(&self) -> &'static str {
        self.technique.why()
    }

    /// The singles and their bookkeeping are what placing a trial digit sets off.
    fn in_probes(&self) -> bool {
        self.technique <= Technique::HiddenSingle
    }

    fn propose(&self, state: &State) -> Vec<Removal> {
        self.propose_steps(state).into_iter().flatten().collect()
    }

    /// One application a step: one placed digit's eliminations, one single, one locked
    /// digit, one subset in one unit, one fish.
    fn propose_steps(&self, state: &State) -> Vec<Vec<Removal>> {
        let marks = Marks::of(&self.shape, state);
        let (n, rule) = (self.shape.n, self.rule());
        let removal = |f: Found| {
            let (k, d, value) = match f {
                Found::Eliminate(k, d) => (k, d, true),
                Found::Place(k, d) => (k, d, false),
            };
            Removal::by(rule, var(n, k, d), value)
        };
        marks
            .find(self.technique)
            .into_iter()
            .filter(|g| !g.is_empty())
            .map(|g| g.into_iter().map(removal).collect())
            .collect()
    }
}

/// What a technique finds: a candidate to remove, or a digit to place (remove "not placed").
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Found {
    Eliminate(usize, u8),
    Place(usize, u8),
}

/// The pencil marks of a state: each cell's candidates and its placed digit (0: none).
pub struct Marks<'s> {
    shape: &'s Shape,
    pub cand: Vec<u32>,
    pub placed: Vec<u8>,
}

fn bit(d: u8) -> u32 {
    crate::solver::bit(d)
}

/// The digits of a mask.
fn digits(mask: u32) -> impl Iterator<Item = u8> {
    (0..32u8).filter(move |i| mask >> i & 1 == 1).map(|i| i + 1)
}

/// Every choice of `k` indices from `0..len`, in order.
fn choices(len: usize, k: usize) -> Vec<Vec<usize>> {
    let mut out = Vec::new();
    let mut pick = Vec::with_capacity(k);
    fn go(start: usize, len: usize, k: usize, pick: &mut Vec<usize>, out: &mut Vec<Vec<usize>>) {
        if pick.len() == k {
            out.push(pick.clone());
            return;
        }
        for i in start..len {
            pick.push(i);
            go(i + 1, len, k, pick, out);
            pick.pop();
        }
    }
    go(0, len, k, &mut pick, &mut out);
    out
}

impl<'s> Marks<'s> {
    pub fn of(shape: &'s Shape, state: &State) -> Marks<'s> {
        let n = shape.n;
        let mut cand = vec![0u32; n * n];
        let mut placed = vec![0u8; n * n];
        for k in 0..n * n {
            for d in 1..=n as u8 {
                let v = var(n, k, d);
                if possible(state, v, true) {
                    cand[k] |= bit(d);
                    if !possible(state, v, false) {
                        placed[k] = d;
                    }
                }
            }
        }
        Marks {
            shape,
            cand,
            placed,
        }
    }

    fn unit(&self, u: usize) -> &[usize] {
        &self.shape.units[u]
    }

    /// Whether digit `d` is placed somewhere in unit `u`.
    fn has(&self, u: usize, d: u8) -> bool {
        self.unit(u).iter().any(|&k| self.placed[k] == d)
    }

    /// The cells of unit `u` where `d` may still go (none if it is placed there).
    fn places(&self, u: usize, d: u8) -> Vec<usize> {
        if self.has(u, d) {
            return Vec::new();
        }
        self.unit(u)
            .iter()
            .copied()
            .filter(|&k| self.cand[k] & bit(d) != 0)
            .collect()
    }

    /// What technique `t` finds, one group an application of it (some may be empty).
    fn find(&self, t: Technique) -> Vec<Vec<Found>> {
        let n = self.shape.n;
        let mut out = Vec::new();
        match t {
            Technique::Elimination => {
                for k in 0..n * n {
                    let d = self.placed[k];
                    if d == 0 {
                        continue;
                    }
                    let mut group = Vec::new();
                    for e in digits(self.cand[k] & !bit(d)) {
                        group.push(Found::Eliminate(k, e));
                    }
                    for j in peers(self.shape, k) {
                        if self.cand[j] & bit(d) != 0 {
                            group.push(Found::Eliminate(j, d));
                        }
                    }
                    out.push(group);
                }
            }
            Technique::NakedSingle => {
                for k in 0..n * n {
                    match self.cand[k].count_ones() {
                        // No candidate: a contradiction, which placing any digit shows.
                        0 => out.push(vec![Found::Place(k, 1)]),
                        1 if self.placed[k] == 0 => out.push(vec![Found::Place(
                            k,
                            self.cand[k].trailing_zeros() as u8 + 1,
                        )]),
                        _ => {}
                    }
                }
            }
            Technique::HiddenSingle => {
                for u in 0..3 * n {
                    for d in 1..=n as u8 {
                        if self.has(u, d) {
                            continue;
                        }
                        match self.places(u, d)[..] {
                            // Nowhere to go: a contradiction, which placing it anywhere shows.
                            [] => out.push(vec![Found::Place(self.unit(u)[0], d)]),
                            [k] => out.push(vec![Found::Place(k, d)]),
                            _ => {}
                        }
                    }
                }
            }
            Technique::Pointing => {
                for b in 2 * n..3 * n {
                    for d in 1..=n as u8 {
                        let places = self.places(b, d);
                        let Some(&first) = places.first() else {
                            continue;
                        };
                        let (r0, c0, _) = self.shape.units_of(first);
                        for line in [r0, n + c0] {
                            let in_line = |k: usize| {
                                let (r, c, _) = self.shape.units_of(k);
                                if line < n {
                                    r == line
                                } else {
                                    n + c == line
                                }
                            };
                            if places.iter().all(|&k| in_line(k)) {
                                out.push(self.eliminate_outside(line, b, d));
                            }
                        }
                    }
                }
            }
            Technique::Claiming => {
                for line in 0..2 * n {
                    for d in 1..=n as u8 {
                        let places = self.places(line, d);
                        let Some(&first) = places.first() else {
                            continue;
                        };
                        let b = 2 * n + self.shape.units_of(first).2;
                        if places
                            .iter()
                            .all(|&k| 2 * n + self.shape.units_of(k).2 == b)
                        {
                            out.push(self.eliminate_outside(b, line, d));
                        }
                    }
                }
            }
            Technique::NakedPair => self.naked(2, &mut out),
            Technique::NakedTriple => self.naked(3, &mut out),
            Technique::HiddenPair => self.hidden(2, &mut out),
            Technique::HiddenTriple => self.hidden(3, &mut out),
            Technique::XWing => self.fish(2, &mut out),
            Technique::Swordfish => self.fish(3, &mut out),
        }
        out
    }

    /// Removes `d` from the cells of unit `from` outside unit `keep`.
    fn eliminate_outside(&self, from: usize, keep: usize, d: u8) -> Vec<Found> {
        self.unit(from)
            .iter()
            .filter(|&&k| self.cand[k] & bit(d) != 0 && !self.unit(keep).contains(&k))
            .map(|&k| Found::Eliminate(k, d))
            .collect()
    }

    /// Naked subsets of `size` cells: open cells of a unit with 2..=size candidates each whose
    /// candidates together are `size` digits.
    fn naked(&self, size: usize, out: &mut Vec<Vec<Found>>) {
        for u in 0..3 * self.shape.n {
            let open: Vec<usize> = self
                .unit(u)
                .iter()
                .copied()
                .filter(|&k| {
                    self.placed[k] == 0 && (2..=size as u32).contains(&self.cand[k].count_ones())
                })
                .collect();
            for pick in choices(open.len(), size) {
                let cells: Vec<usize> = pick.iter().map(|&i| open[i]).collect();
                let union = cells.iter().fold(0, |m, &k| m | self.cand[k]);
                if union.count_ones() as usize != size {
                    continue;
                }
                let mut group = Vec::new();
                for &k in self.unit(u) {
                    if !cells.contains(&k) {
                        for d in digits(self.cand[k] & union) {
                            group.push(Found::Eliminate(k, d));
                        }
                    }
                }
                out.push(group);
            }
        }
    }

    /// Hidden subsets of `size` digits: digits not placed in a unit, each with 2..=size
    /// places there, whose places together are `size` cells.
    fn hidden(&self, size: usize, out: &mut Vec<Vec<Found>>) {
        let n = self.shape.n;
        for u in 0..3 * n {
            // Each open digit's places as a mask over the unit's positions.
            let spots: Vec<(u8, u32)> = (1..=n as u8)
                .filter(|&d| !self.has(u, d))
                .map(|d| {
                    let m = self
                        .unit(u)
                        .iter()
                        .enumerate()
                        .filter(|&(_, &k)| self.cand[k] & bit(d) != 0)
                        .fold(0u32, |m, (i, _)| m | 1 << i);
                    (d, m)
                })
                .filter(|(_, m)| (2..=size as u32).contains(&m.count_ones()))
                .collect();
            for pick in choices(spots.len(), size) {
                let union = pick.iter().fold(0u32, |m, &i| m | spots[i].1);
                if union.count_ones() as usize != size {
                    continue;
                }
                let keep = pick.iter().fold(0u32, |m, &i| m | bit(spots[i].0));
                let mut group = Vec::new();
                for (i, &k) in self.unit(u).iter().enumerate() {
                    if union >> i & 1 == 1 {
                        for d in digits(self.cand[k] & !keep) {
                            group.push(Found::Eliminate(k, d));
                        }
                    }
                }
                out.push(group);
            }
        }
    }

    /// Basic fish of `size` lines: for a digit, `size` rows (columns) where it is not placed,
    /// each with 2..=size places, whose places lie in `size` columns (rows) together.
    fn fish(&self, size: usize, out: &mut Vec<Vec<Found>>) {
        let n = self.shape.n;
        for d in 1..=n as u8 {
            for base in [0, n] {
                let cover = n - base; // rows are units 0..n, columns n..2n
                let lines: Vec<(usize, u32)> = (0..n)
                    .filter(|&i| !self.has(base + i, d))
                    .map(|i| {
                        let m = self
                            .unit(base + i)
                            .iter()
                            .enumerate()
                            .filter(|&(_, &k)| self.cand[k] & bit(d) != 0)
                            .fold(0u32, |m, (j, _)| m | 1 << j);
                        (i, m)
                    })
                    .filter(|(_, m)| (2..=size as u32).contains(&m.count_ones()))
                    .collect();
                for pick in choices(lines.len(), size) {
                    let union = pick.iter().fold(0u32, |m, &i| m | lines[i].1);
                    if union.count_ones() as usize != size {
                        continue;
                    }
                    let mut group = Vec::new();
                    for j in (0..n).filter(|j| union >> j & 1 == 1) {
                        for (i, &k) in self.unit(cover + j).iter().enumerate() {
                            // Cell i of cover line j lies on base line i.
                            let on_base = pick.iter().any(|&p| lines[p].0 == i);
                            if !on_base && self.cand[k] & bit(d) != 0 {
                                group.push(Found::Eliminate(k, d));
                            }
                        }
                    }
                    out.push(group);
                }
            }
        }
    }
}
