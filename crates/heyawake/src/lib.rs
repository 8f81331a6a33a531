//! Heyawake: a grid divided into rooms, some with a number. Shade cells so that no two shaded
//! cells are orthogonally adjacent, the unshaded cells are orthogonally connected, a room's
//! number is how many of its cells are shaded (a `?` says nothing), and no horizontal or
//! vertical line of consecutive unshaded cells crosses two room borders (spans three rooms).
//!
//! The CNF has a variable per cell, "shaded" (the answer variables, row-major); a clause per
//! pair of neighbours (not both shaded); each number's cardinality over its room; for every two
//! consecutive room borders along a row or a column, a clause that one of the cells from the
//! last before the first border to the first after the second is shaded; and the engine's
//! `connected` constraint over the unshaded cells ([`wellposed_engine::connectivity`]) as lazy
//! cuts, or its complete encoding where a plain formula is needed.
//!
//! ```
//! use wellposed_engine::{uniqueness, Family, Options};
//! // pzprjs's own test puzzle (test/script/heyawake.js).
//! let p = wellposed_heyawake::Heyawake::parse(
//!     "https://puzz.link/p?heyawake/6/6/lll155007rs12222j",
//!     "example",
//! )
//! .unwrap();
//! assert_eq!(uniqueness(&p, &Options::default()).unwrap().status(), "unique");
//! ```

mod draw;
mod format;
pub mod generate;
pub use wellposed_engine::rooms;
pub mod rules;
#[cfg(test)]
mod tests;

pub use rooms::{components, neighbours, Rooms};
use serde::Serialize;
use wellposed_engine::connectivity::{check_apart_and_connected, connected, grid_pairs, Edge};
use wellposed_engine::repair::places;
use wellposed_engine::sat::{Choices, Cnf, Lit, Var};
use wellposed_engine::{Answer, CnfEncoding, Encoding, EncodingKind, Family, ParseError};

/// The most cells a puzzle may have.
pub const MAX_CELLS: usize = 10_000;

use wellposed_engine::rooms::numbers;
/// A room's clue: none, `?`, or a number (the engine's room-number code).
pub use wellposed_engine::rooms::numbers::RoomClue as Clue;

/// The clues: the rooms and each room's clue (in room order).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Heyawake {
    pub rooms: Rooms,
    pub clues: Vec<Clue>,
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
    wellposed_engine::FamilyEntry::of::<Heyawake>().generator(generate::GENERATOR);

impl Heyawake {
    pub fn rows(&self) -> usize {
        self.rooms.rows
    }

    pub fn cols(&self) -> usize {
        self.rooms.cols
    }

    /// The cell in words.
    pub fn cell_name(&self, k: usize) -> String {
        format!("row {} col {}", k / self.cols() + 1, k % self.cols() + 1)
    }

    /// The lines of cells that may not be all unshaded: along each row and column, from the
    /// last cell before a room border to the first cell after the next border.
    pub fn spans(&self) -> Vec<Vec<usize>> {
        let (rows, cols) = (self.rows(), self.cols());
        let mut lines: Vec<Vec<usize>> = (0..rows)
            .map(|r| (0..cols).map(|c| r * cols + c).collect())
            .collect();
        lines.extend((0..cols).map(|c| (0..rows).map(|r| r * cols + c).collect::<Vec<_>>()));
        let mut out = Vec::new();
        for line in lines {
            // Positions i with a border between line[i] and line[i + 1].
            let borders: Vec<usize> = (0..line.len().saturating_sub(1))
                .filter(|&i| self.rooms.border(line[i], line[i + 1]))
                .collect();
            for w in borders.windows(2) {
                out.push(line[w[0]..=w[1] + 1].to_vec());
            }
        }
        out
    }

    /// The CNF (see the crate's documentation); without the numbers unless `with_numbers`.
    pub fn cnf(&self, choices: Choices, with_numbers: bool) -> CnfEncoding {
        let mut cnf = Cnf::with_choices(choices);
        let n = self.rows() * self.cols();
        let answer = cnf.new_vars(n);
        let shaded: Vec<Lit> = answer.iter().map(|v| v.positive()).collect();
        let pairs = grid_pairs(self.rows(), self.cols());
        for &(a, b) in &pairs {
            cnf.add_clause(&[!shaded[a], !shaded[b]]);
        }
        if with_numbers {
            for (room, clue) in self.rooms.cells.iter().zip(&self.clues) {
                if let Clue::Number(k) = clue {
                    let lits: Vec<Lit> = room.iter().map(|&c| shaded[c]).collect();
                    cnf.exactly_k(&lits, u64::from(*k));
                }
            }
        }
        for span in self.spans() {
            let lits: Vec<Lit> = span.iter().map(|&c| shaded[c]).collect();
            cnf.add_clause(&lits);
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
        let cols = self.cols();
        Shading {
            shaded: (0..self.rows())
                .map(|r| (0..cols).map(|c| on(r * cols + c)).collect())
                .collect(),
        }
    }

    /// How many of room `i`'s cells are shaded.
    pub fn shaded_in(&self, s: &Shading, i: usize) -> u32 {
        self.rooms.cells[i]
            .iter()
            .filter(|&&k| s.at(k, self.cols()))
            .count() as u32
    }

    /// The rooms with a clue (a number or `?`), in order.
    pub fn clued(&self) -> impl Iterator<Item = usize> + '_ {
        (0..self.clues.len()).filter(|&i| self.clues[i] != Clue::None)
    }

    fn unclued(&self) -> impl Iterator<Item = usize> + '_ {
        (0..self.clues.len()).filter(|&i| self.clues[i] == Clue::None)
    }

    fn room_name(&self, i: usize) -> String {
        format!("the room at {}", self.cell_name(self.rooms.cells[i][0]))
    }
}

impl Family for Heyawake {
    const NAME: &'static str = "heyawake";
    const PUZZLINK: &'static [&'static str] = &["heyawake"];
    const SUMMARY: &'static str =
        "Heyawake: shade cells, none side by side, unshaded connected, room numbers count shaded cells, no unshaded line across two room borders";
    const EXAMPLES: &'static [&'static str] = &[
        "family heyawake\nsize 3 3\nrooms\n0 0 1\n0 0 1\n2 2 2\nnumbers\n1 . 1\n. . .\n. . .\n",
        "https://puzz.link/p?heyawake/6/6/lll155007rs12222j",
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
        (kind == EncodingKind::Cnf).then(|| Encoding::Cnf(self.cnf(choices, true)))
    }

    fn decode(&self, answer: &Answer) -> Shading {
        self.shading_of(|k| answer.value(Var(k as u32)))
    }

    /// The rules alone, in pzprjs's order of checks (test/script/heyawake.js): two shaded cells
    /// side by side, the unshaded cells in pieces, a room's number, an unshaded line across
    /// two room borders.
    fn verify(&self, s: &Shading) -> Result<(), String> {
        let (rows, cols) = (self.rows(), self.cols());
        let n = rows * cols;
        let shaded: Vec<bool> = (0..n).map(|k| s.at(k, cols)).collect();
        check_apart_and_connected(rows, cols, &shaded, |k| self.cell_name(k))?;
        for (i, clue) in self.clues.iter().enumerate() {
            if let Clue::Number(k) = clue {
                let found = self.shaded_in(s, i);
                if found != *k {
                    return Err(format!(
                        "{} says {k}, it has {found} shaded cells",
                        self.room_name(i)
                    ));
                }
            }
        }
        if let Some(span) = self
            .spans()
            .iter()
            .find(|sp| sp.iter().all(|&k| !shaded[k]))
        {
            return Err(format!(
                "the unshaded cells from {} to {} cross two room borders",
                self.cell_name(span[0]),
                self.cell_name(*span.last().expect("a span"))
            ));
        }
        Ok(())
    }

    fn render(&self, s: &Shading) -> String {
        draw::text(self, |k| Some(s.at(k, self.cols())))
    }

    fn render_partial(&self, known: &[Option<bool>]) -> Option<String> {
        Some(draw::text(self, |k| known.get(k).copied().flatten()))
    }

    fn svg(&self, s: &Shading) -> Option<String> {
        Some(draw::svg(self, s))
    }

    /// The puzzle as given: the rooms and numbers with no cell shaded.
    fn svg_puzzle(&self) -> Option<String> {
        Some(draw::svg(self, &self.shading_of(|_| false)))
    }

    fn deduction_rules(&self) -> Vec<Box<dyn wellposed_engine::deduce::FamilyRule>> {
        rules::rules(self)
    }

    fn answer_text(&self, name: &str, value: bool) -> String {
        format!("{name} is {}", if value { "shaded" } else { "unshaded" })
    }

    /// The clues are the rooms' numbers (and `?`s).
    fn clues(&self) -> Vec<String> {
        let symbol = |i: usize| format::symbol(self.clues[i]);
        places::named(self.clued(), |i| self.room_name(i), symbol)
    }

    fn without_clues(&self, drop: &[usize]) -> Option<Self> {
        places::changed(self, self.clued(), drop, |p, i| p.clues[i] = Clue::None)
    }

    /// What a shading could add: the count of every room without a number.
    fn clues_from(&self, s: &Shading) -> Vec<String> {
        let shaded = |i: usize| self.shaded_in(s, i);
        places::named(self.unclued(), |i| self.room_name(i), shaded)
    }

    fn with_clues_from(&self, s: &Shading, picks: &[usize]) -> Option<Self> {
        places::changed(self, self.unclued(), picks, |p, i| {
            p.clues[i] = Clue::Number(self.shaded_in(s, i));
        })
    }

    /// Each room's clue in its first cell; a number put in any cell of a room is that room's.
    fn edit_grid(&self) -> Option<wellposed_engine::EditGrid> {
        Some(numbers::edit_grid(
            &self.rooms,
            &self.clues,
            (self.rows(), self.cols()),
        ))
    }

    fn edited(&self, cells: &[String]) -> Result<Self, String> {
        Family::edit_grid(self).expect("a grid").check(cells)?;
        let clues = numbers::edited(&self.rooms, cells, MAX_CELLS)
            .map_err(|i| format!("{} has two numbers", self.room_name(i)))?;
        Ok(Heyawake {
            clues,
            ..self.clone()
        })
    }
}
