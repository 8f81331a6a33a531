//! Hitori: a grid of numbers (a cell may also be blank, or hold a `?`: a number not given).
//! Shade cells so that no number appears twice among the unshaded cells of a row or a column,
//! no two shaded cells are orthogonally adjacent, and the unshaded cells are orthogonally
//! connected.
//!
//! The CNF has a variable per cell, "shaded" (the answer variables, row-major); a clause per
//! pair of neighbours (not both shaded); a clause per pair of equal numbers in a row or a
//! column (one of them shaded); and the engine's `connected` constraint over the unshaded
//! cells ([`wellposed_engine::connectivity`]) as lazy cuts, or its complete encoding where a
//! plain formula is needed. Blank and `?` cells repeat nothing: they are shaded or not as the
//! other rules allow (as pzprjs and cspuz read them).
//!
//! The numbers are the puzzle itself, so there is no clue `repair` could take away or add.
//!
//! ```
//! use wellposed_engine::{uniqueness, Family, Options};
//! // pzprjs's own test puzzle (test/script/hitori.js).
//! let p = wellposed_hitori::Hitori::parse("https://puzz.link/p?hitori/4/4/1114142333214213", "example")
//!     .unwrap();
//! assert_eq!(uniqueness(&p, &Options::default()).unwrap().status(), "unique");
//! ```

mod draw;
mod format;
pub mod generate;
pub mod rules;
#[cfg(test)]
mod tests;

use serde::Serialize;
use wellposed_engine::connectivity::{check_apart_and_connected, connected, grid_pairs, Edge};
use wellposed_engine::sat::{Choices, Cnf, Lit, Var};
use wellposed_engine::{Answer, CnfEncoding, Encoding, EncodingKind, Family, ParseError};

/// The most cells a puzzle may have.
pub const MAX_CELLS: usize = 10_000;

/// The largest number: what a puzz.link URL can write (`-` and two base-36 digits).
pub const MAX_NUMBER: u32 = 1295;

/// A cell's clue.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum Clue {
    /// A blank cell.
    None,
    /// A number that is not given (pzprjs's `?`).
    Unknown,
    Number(u32),
}

/// The puzzle: `rows` × `cols` cells, row-major.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Hitori {
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
    wellposed_engine::FamilyEntry::of::<Hitori>().generator(generate::GENERATOR);

impl Hitori {
    /// The cell in words.
    pub fn cell_name(&self, k: usize) -> String {
        format!("row {} col {}", k / self.cols + 1, k % self.cols + 1)
    }

    /// The rows, then the columns, each as its cells in order.
    pub fn lines(&self) -> Vec<Vec<usize>> {
        let (rows, cols) = (self.rows, self.cols);
        let mut lines: Vec<Vec<usize>> = (0..rows)
            .map(|r| (0..cols).map(|c| r * cols + c).collect())
            .collect();
        lines.extend((0..cols).map(|c| (0..rows).map(|r| r * cols + c).collect::<Vec<_>>()));
        lines
    }

    /// Every pair of cells (first before second) in one row or column with the same number:
    /// one of each pair is shaded.
    pub fn equal_pairs(&self) -> Vec<(usize, usize)> {
        let mut out = Vec::new();
        for line in self.lines() {
            for (i, &a) in line.iter().enumerate() {
                let Clue::Number(x) = self.cells[a] else {
                    continue;
                };
                for &b in &line[i + 1..] {
                    if self.cells[b] == Clue::Number(x) {
                        out.push((a, b));
                    }
                }
            }
        }
        out
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
        for (a, b) in self.equal_pairs() {
            cnf.add_clause(&[shaded[a], shaded[b]]);
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

impl Family for Hitori {
    const NAME: &'static str = "hitori";
    const PUZZLINK: &'static [&'static str] = &["hitori"];
    const SUMMARY: &'static str =
        "Hitori: shade cells so that no number repeats unshaded in a row or column, none side by side, unshaded connected";
    const EXAMPLES: &'static [&'static str] = &[
        "family hitori\nsize 3 3\nnumbers\n1 1 2\n2 3 1\n1 2 3\n",
        "https://puzz.link/p?hitori/4/4/1114142333214213",
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

    /// The rules alone, in pzprjs's order of checks (test/script/hitori.js): two shaded cells
    /// side by side, the unshaded cells in pieces, a number twice unshaded in a row or column.
    /// (pzprjs also refuses a board with no shaded cell at all; the rules as Nikoli and cspuz
    /// state them do not, and neither does this check.)
    fn verify(&self, s: &Shading) -> Result<(), String> {
        let (rows, cols) = (self.rows, self.cols);
        let n = rows * cols;
        let shaded: Vec<bool> = (0..n).map(|k| s.at(k, cols)).collect();
        check_apart_and_connected(rows, cols, &shaded, |k| self.cell_name(k))?;
        for line in self.lines() {
            for (i, &a) in line.iter().enumerate() {
                let Clue::Number(x) = self.cells[a] else {
                    continue;
                };
                if shaded[a] {
                    continue;
                }
                if let Some(&b) = line[i + 1..]
                    .iter()
                    .find(|&&b| !shaded[b] && self.cells[b] == Clue::Number(x))
                {
                    return Err(format!(
                        "{} and {} are both unshaded with the number {x}",
                        self.cell_name(a),
                        self.cell_name(b)
                    ));
                }
            }
        }
        Ok(())
    }

    fn render(&self, s: &Shading) -> String {
        draw::text(self, |k| Some(s.at(k, self.cols)))
    }

    fn render_partial(&self, known: &[Option<bool>]) -> Option<String> {
        Some(draw::text(self, |k| known.get(k).copied().flatten()))
    }

    fn svg(&self, s: &Shading) -> Option<String> {
        Some(draw::svg(self, s))
    }

    /// The puzzle as given: the numbers with no cell shaded.
    fn svg_puzzle(&self) -> Option<String> {
        Some(draw::svg(self, &self.shading_of(|_| false)))
    }

    fn deduction_rules(&self) -> Vec<Box<dyn wellposed_engine::deduce::FamilyRule>> {
        rules::rules(self)
    }

    fn answer_text(&self, name: &str, value: bool) -> String {
        format!("{name} is {}", if value { "shaded" } else { "unshaded" })
    }

    /// Every cell's number (or `.`, `?`).
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
            .max(self.rows.max(self.cols) as u32)
            .min(MAX_NUMBER);
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
        Ok(Hitori {
            cells,
            ..self.clone()
        })
    }
}
