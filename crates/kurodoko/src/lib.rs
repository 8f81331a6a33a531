//! Kurodoko: a grid with numbers in some cells. Shade cells so that no two shaded cells are
//! orthogonally adjacent, the unshaded cells are orthogonally connected, numbered cells are
//! unshaded, and each number is how many unshaded cells it sees along its row and column in
//! the four directions, itself included, up to a shaded cell or the edge (a `?` says nothing).
//!
//! The CNF has a variable per cell, "shaded" (the answer variables, row-major); a clause per
//! pair of neighbours (not both shaded); a unit clause per numbered cell (unshaded); per number
//! and direction a ladder of "the first i cells that way are all unshaded" variables (the
//! number of true rungs is how far it sees that way; cut after as many rungs as the number,
//! enough to tell too far), and the cardinality "exactly number − 1" over its four ladders;
//! and the engine's `connected` constraint over the unshaded cells
//! ([`wellposed_engine::connectivity`]).
//!
//! ```
//! use wellposed_engine::{uniqueness, Family, Options};
//! // pzprjs's own test puzzle (test/script/kurodoko.js).
//! let p = wellposed_kurodoko::Kurodoko::parse("https://puzz.link/p?kurodoko/5/5/i7g5l2l2g4i", "example")
//!     .unwrap();
//! assert_eq!(uniqueness(&p, &Options::default()).unwrap().status(), "unique");
//! ```

mod format;
pub mod generate;
pub mod rules;
#[cfg(test)]
mod tests;

use serde::Serialize;
use wellposed_engine::connectivity::{check_apart_and_connected, connected, grid_pairs, Edge};
use wellposed_engine::repair::places;
use wellposed_engine::sat::{Choices, Cnf, Lit, Var};
use wellposed_engine::{Answer, CnfEncoding, Encoding, EncodingKind, Family, ParseError};

/// The most cells a puzzle may have.
pub const MAX_CELLS: usize = 10_000;

/// A cell's clue.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum Clue {
    None,
    /// A numbered cell whose number is not given (pzprjs's `?`): unshaded.
    Unknown,
    Number(u32),
}

/// The puzzle: `rows` × `cols` cells, row-major.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Kurodoko {
    pub rows: usize,
    pub cols: usize,
    pub cells: Vec<Clue>,
}

/// A shading: `shaded[r][c]`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Shading {
    pub shaded: Vec<Vec<bool>>,
}

impl Shading {
    pub fn at(&self, k: usize, cols: usize) -> bool {
        self.shaded[k / cols][k % cols]
    }
}

/// This family as the registry and every front end see it.
pub const FAMILY: wellposed_engine::FamilyEntry =
    wellposed_engine::FamilyEntry::of::<Kurodoko>().generator(generate::GENERATOR);

impl Kurodoko {
    /// The cell in words.
    pub fn cell_name(&self, k: usize) -> String {
        format!("row {} col {}", k / self.cols + 1, k % self.cols + 1)
    }

    /// The cells seen from `k` in each of the four directions (up, down, left, right), nearest
    /// first.
    pub fn rays(&self, k: usize) -> [Vec<usize>; 4] {
        let (r, c, cols) = (k / self.cols, k % self.cols, self.cols);
        [
            (0..r).rev().map(|i| i * cols + c).collect(),
            (r + 1..self.rows).map(|i| i * cols + c).collect(),
            (0..c).rev().map(|j| r * cols + j).collect(),
            (c + 1..cols).map(|j| r * cols + j).collect(),
        ]
    }

    /// How many unshaded cells `k` sees, itself included.
    pub fn seen(&self, k: usize, shaded: impl Fn(usize) -> bool) -> u32 {
        1 + self
            .rays(k)
            .iter()
            .map(|ray| ray.iter().take_while(|&&j| !shaded(j)).count() as u32)
            .sum::<u32>()
    }

    /// The numbered cells (numbers and `?`), in order.
    pub fn clued(&self) -> impl Iterator<Item = usize> + '_ {
        (0..self.cells.len()).filter(|&k| self.cells[k] != Clue::None)
    }

    fn unclued(&self) -> impl Iterator<Item = usize> + '_ {
        (0..self.cells.len()).filter(|&k| self.cells[k] == Clue::None)
    }

    /// The CNF (see the crate's documentation).
    pub fn cnf(&self, choices: Choices) -> CnfEncoding {
        let mut cnf = Cnf::with_choices(choices);
        let n = self.rows * self.cols;
        let answer = cnf.new_vars(n);
        let shaded: Vec<Lit> = answer.iter().map(|v| v.positive()).collect();
        let pairs = grid_pairs(self.rows, self.cols);
        for &(a, b) in &pairs {
            cnf.add_clause(&[!shaded[a], !shaded[b]]);
        }
        for k in self.clued() {
            cnf.add_clause(&[!shaded[k]]);
            let Clue::Number(number) = self.cells[k] else {
                continue;
            };
            if number == 0 {
                cnf.add_clause(&[shaded[k]]); // it sees itself: no answer
                continue;
            }
            let mut rungs = Vec::new();
            for ray in self.rays(k) {
                let mut prev: Option<Lit> = None;
                for &j in ray.iter().take(number as usize) {
                    let v = cnf.new_var().positive();
                    // v ↔ prev ∧ ¬shaded[j]
                    cnf.add_clause(&[!v, !shaded[j]]);
                    match prev {
                        Some(p) => {
                            cnf.add_clause(&[!v, p]);
                            cnf.add_clause(&[v, !p, shaded[j]]);
                        }
                        None => cnf.add_clause(&[v, shaded[j]]),
                    }
                    rungs.push(v);
                    prev = Some(v);
                }
            }
            cnf.exactly_k(&rungs, u64::from(number - 1));
        }
        let edges = pairs.into_iter().map(|(a, b)| Edge::fixed(a, b)).collect();
        let open = connected(&mut cnf, shaded.iter().map(|&l| !l).collect(), edges, false);
        let names = (0..n).map(|k| self.cell_name(k)).collect();
        CnfEncoding {
            cnf,
            answer,
            names,
            lazy: vec![open],
        }
    }

    pub fn shading_of(&self, on: impl Fn(usize) -> bool) -> Shading {
        let cols = self.cols;
        Shading {
            shaded: (0..self.rows)
                .map(|r| (0..cols).map(|c| on(r * cols + c)).collect())
                .collect(),
        }
    }
}

impl Family for Kurodoko {
    const NAME: &'static str = "kurodoko";
    const PUZZLINK: &'static [&'static str] = &["kurodoko"];
    const SUMMARY: &'static str =
        "Kurodoko: shade cells, none side by side, unshaded connected, each number the unshaded cells it sees, itself included";
    const EXAMPLES: &'static [&'static str] = &[
        "family kurodoko\nsize 3 3\nnumbers\n. . 4\n. 4 .\n. . .\n",
        "https://puzz.link/p?kurodoko/5/5/i7g5l2l2g4i",
    ];
    type Solution = Shading;

    fn parse(text: &str, source: &str) -> Result<Self, ParseError> {
        format::parse(text, source)
    }

    fn to_text(&self) -> String {
        format::to_text(self)
    }

    fn from_puzzlink(url: &wellposed_engine::puzzlink::Url) -> Result<Self, String> {
        format::from_url(url)
    }

    fn url(&self) -> Option<String> {
        Some(format::url(self))
    }

    fn encodings(&self) -> Vec<EncodingKind> {
        vec![EncodingKind::Cnf]
    }

    fn encode(&self, kind: EncodingKind, choices: Choices) -> Option<Encoding> {
        (kind == EncodingKind::Cnf).then(|| Encoding::Cnf(self.cnf(choices)))
    }

    fn decode(&self, answer: &Answer) -> Shading {
        self.shading_of(|k| answer.value(Var(k as u32)))
    }

    /// The rules alone, in pzprjs's order of checks (test/script/kurodoko.js): two shaded cells
    /// side by side, the unshaded cells in pieces, a number that sees another count (a shaded
    /// number counts as seeing nothing). pzprjs's extra `brNoShade` (nothing shaded at all) is
    /// an editor's check, not a rule, and is not made.
    fn verify(&self, s: &Shading) -> Result<(), String> {
        let (rows, cols) = (self.rows, self.cols);
        let n = rows * cols;
        let shaded: Vec<bool> = (0..n).map(|k| s.at(k, cols)).collect();
        check_apart_and_connected(rows, cols, &shaded, |k| self.cell_name(k))?;
        for k in self.clued() {
            if shaded[k] {
                return Err(format!("{} has a number and is shaded", self.cell_name(k)));
            }
            if let Clue::Number(x) = self.cells[k] {
                let seen = self.seen(k, |j| shaded[j]);
                if seen != x {
                    return Err(format!(
                        "{} says {x}, it sees {seen} unshaded cells",
                        self.cell_name(k)
                    ));
                }
            }
        }
        Ok(())
    }

    fn render(&self, s: &Shading) -> String {
        format::text(self, |k| Some(s.at(k, self.cols)))
    }

    fn render_partial(&self, known: &[Option<bool>]) -> Option<String> {
        Some(format::text(self, |k| known.get(k).copied().flatten()))
    }

    fn svg(&self, s: &Shading) -> Option<String> {
        Some(format::svg(self, s))
    }

    /// The puzzle as given: the numbers with no cell shaded.
    fn svg_puzzle(&self) -> Option<String> {
        Some(format::svg(self, &self.shading_of(|_| false)))
    }

    fn deduction_rules(&self) -> Vec<Box<dyn wellposed_engine::deduce::FamilyRule>> {
        rules::rules(self)
    }

    fn answer_text(&self, name: &str, value: bool) -> String {
        format!("{name} is {}", if value { "shaded" } else { "unshaded" })
    }

    /// The clues are the numbers (and `?`s).
    fn clues(&self) -> Vec<String> {
        let symbol = |k: usize| format::symbol(self.cells[k]);
        places::named(self.clued(), |k| self.cell_name(k), symbol)
    }

    fn without_clues(&self, drop: &[usize]) -> Option<Self> {
        places::changed(self, self.clued(), drop, |p, k| p.cells[k] = Clue::None)
    }

    /// What a shading could add: the count of every unnumbered cell (a shaded one's number
    /// would contradict it, so those are offered too and make the puzzle have no answer).
    fn clues_from(&self, s: &Shading) -> Vec<String> {
        let seen = |k: usize| self.seen(k, |j| s.at(j, self.cols));
        places::named(self.unclued(), |k| self.cell_name(k), seen)
    }

    fn with_clues_from(&self, s: &Shading, picks: &[usize]) -> Option<Self> {
        places::changed(self, self.unclued(), picks, |p, k| {
            p.cells[k] = Clue::Number(self.seen(k, |i| s.at(i, self.cols)));
        })
    }

    fn edit_grid(&self) -> Option<wellposed_engine::EditGrid> {
        let most = self
            .cells
            .iter()
            .filter_map(|c| match c {
                Clue::Number(n) => Some(*n),
                _ => None,
            })
            .max()
            .unwrap_or(0)
            .max((self.rows + self.cols - 1) as u32);
        let mut symbols = vec![".".to_string(), "?".to_string()];
        symbols.extend((0..=most).map(|n| n.to_string()));
        Some(wellposed_engine::EditGrid {
            rows: self.rows,
            cols: self.cols,
            cells: self.cells.iter().map(|&c| format::symbol(c)).collect(),
            symbols,
        })
    }

    fn edited(&self, cells: &[String]) -> Result<Self, String> {
        Family::edit_grid(self).expect("a grid").check(cells)?;
        let cells = cells
            .iter()
            .map(|s| format::clue_of(s).expect("checked: a symbol of the grid"))
            .collect();
        Ok(Kurodoko {
            cells,
            ..self.clone()
        })
    }
}
