//! Latin square completion (quasigroup completion): fill an n×n grid with the symbols 1..n so
//! that each occurs once in every row and every column, keeping the givens.
//!
//! This is also the template family: the smallest complete one, to copy when adding a family
//! (see `encodings/ADDING-A-FAMILY.md`). It reads like its rules — parse the clues, state the
//! constraints as an exact cover, read the answer back, check it by the rules alone — and it
//! registers itself with one constant, [`FAMILY`].
//!
//! ```
//! use wellposed_engine::{uniqueness, Family, Options};
//! let p = wellposed_latin::Latin::parse(
//!     "family latin\nsize 2\ngrid\n1 .\n. .\n",
//!     "example",
//! )
//! .unwrap();
//! assert_eq!(uniqueness(&p, &Options::default()).unwrap().status(), "unique");
//! ```

use serde::Serialize;
use wellposed_engine::number_grid::{Grid, Numbers};
use wellposed_engine::repair::given_cells;
use wellposed_engine::sat::Choices;
use wellposed_engine::{Answer, Document, Encoding, EncodingKind, Family, ParseError};
use wellposed_xc::Problem;

/// The largest side accepted: n³ options (a million) for the exact cover.
pub const MAX_SIDE: usize = 100;

/// The clues: the side and the given symbols (row-major, 1..=n; `None` for an empty cell).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Latin {
    pub n: usize,
    pub givens: Vec<Option<usize>>,
}

/// A filled square, row by row.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(transparent)]
pub struct Square(pub Vec<Vec<usize>>);

/// This family as the registry and every front end see it.
pub const FAMILY: wellposed_engine::FamilyEntry = wellposed_engine::FamilyEntry::of::<Latin>();

impl Latin {
    /// The options of the exact cover, in order: (row, column, symbol) for every symbol a cell
    /// may take (a given cell only its own).
    fn placements(&self) -> Vec<(usize, usize, usize)> {
        let n = self.n;
        let mut out = Vec::new();
        for r in 0..n {
            for c in 0..n {
                for v in 1..=n {
                    if self.givens[r * n + c].is_none_or(|g| g == v) {
                        out.push((r, c, v));
                    }
                }
            }
        }
        out
    }
}

impl Family for Latin {
    const NAME: &'static str = "latin";
    const SUMMARY: &'static str = "Latin square completion: each symbol once per row and column";
    const EXAMPLES: &'static [&'static str] =
        &["family latin\nsize 3\ngrid\n1 . .\n. . 1\n. 3 .\n"];
    type Solution = Square;

    /// The clues are the given cells.
    fn clues(&self) -> Vec<String> {
        given_cells::clues(&self.givens, self.n)
    }

    fn without_clues(&self, drop: &[usize]) -> Option<Self> {
        Some(Latin {
            n: self.n,
            givens: given_cells::without(&self.givens, drop),
        })
    }

    fn clues_from(&self, s: &Square) -> Vec<String> {
        given_cells::from_solution(&self.givens, &s.0.concat(), self.n)
    }

    fn with_clues_from(&self, s: &Square, picks: &[usize]) -> Option<Self> {
        Some(Latin {
            n: self.n,
            givens: given_cells::with_from(&self.givens, &s.0.concat(), picks),
        })
    }

    fn edit_grid(&self) -> Option<wellposed_engine::EditGrid> {
        Some(given_cells::edit_grid(&self.givens, self.n, 1..=self.n))
    }

    fn edited(&self, cells: &[String]) -> Result<Self, String> {
        let grid = Family::edit_grid(self).expect("a Latin square has a grid");
        Ok(Latin {
            n: self.n,
            givens: given_cells::edited(&grid, cells)?,
        })
    }

    fn parse(text: &str, source: &str) -> Result<Self, ParseError> {
        let doc = Document::read_family(text, source, Self::NAME, &["size", "grid"], &["grid"])?;
        let size = doc.require("size", "N")?;
        let n = match doc.numbers::<usize>(size, "the side N")?[..] {
            [n] if (1..=MAX_SIDE).contains(&n) => n,
            _ => {
                return Err(doc.error(
                    size.line,
                    format!("`size`: expected one side from 1 to {MAX_SIDE}"),
                ))
            }
        };
        let grid = doc.require("grid", "followed by N rows")?;
        let numbers = Numbers::new(1, n as u32).without_unknown();
        let expected = format!("`.` or a symbol 1..{n}");
        let givens = Grid::apart(&expected).read(&doc, grid, (n, n), |t| {
            numbers.blank_or_number(t).map(|v| v.map(|v| v as usize))
        })?;
        Ok(Latin { n, givens })
    }

    fn to_text(&self) -> String {
        let mut s = format!("family latin\nsize {}\ngrid\n", self.n);
        s.push_str(&Grid::apart("").write(&self.givens, self.n, |g| {
            g.map_or(".".to_string(), |v| v.to_string())
        }));
        s
    }

    fn encodings(&self) -> Vec<EncodingKind> {
        vec![EncodingKind::ExactCover]
    }

    /// Items: every cell holds one symbol; every row, and every column, holds each symbol
    /// once. An option places one symbol in one cell and covers those three items. (The CNF
    /// path translates this exact cover; `choices` would shape a CNF built here.)
    fn encode(&self, kind: EncodingKind, choices: Choices) -> Option<Encoding> {
        if kind != EncodingKind::ExactCover {
            return None;
        }
        let n = self.n;
        let mut items = Vec::with_capacity(3 * n * n);
        for a in 1..=n {
            for b in 1..=n {
                items.push(format!("cell{a}_{b}"));
                items.push(format!("row{a}#{b}"));
                items.push(format!("col{a}#{b}"));
            }
        }
        // Within the memory budget: the engine refuses the problem if an option did not fit.
        let mut p = Problem::new(&items, &[] as &[String])
            .expect("distinct item names")
            .within(choices.max_bytes);
        for (r, c, v) in self.placements() {
            let item = |name: String| (p.item(&name).expect("an item above"), None);
            let option = [
                item(format!("cell{}_{}", r + 1, c + 1)),
                item(format!("row{}#{v}", r + 1)),
                item(format!("col{}#{v}", c + 1)),
            ];
            p.add_option(&option).expect("three distinct items");
        }
        Some(Encoding::ExactCover(p))
    }

    fn decode(&self, answer: &Answer) -> Square {
        let n = self.n;
        let placements = self.placements();
        let mut rows = vec![vec![0; n]; n];
        for &o in answer.options() {
            if let Some(&(r, c, v)) = placements.get(o) {
                rows[r][c] = v;
            }
        }
        Square(rows)
    }

    /// The rules alone: the givens kept, each symbol once in every row and every column.
    fn verify(&self, s: &Square) -> Result<(), String> {
        let n = self.n;
        for r in 0..n {
            for c in 0..n {
                if let Some(g) = self.givens[r * n + c] {
                    if s.0[r][c] != g {
                        return Err(format!("cell ({}, {}) is not its given {g}", r + 1, c + 1));
                    }
                }
            }
        }
        let once = |line: Vec<usize>| {
            let mut seen = line.clone();
            seen.sort_unstable();
            seen == (1..=n).collect::<Vec<_>>()
        };
        for k in 0..n {
            if !once(s.0[k].clone()) {
                return Err(format!("row {} does not hold each symbol once", k + 1));
            }
            if !once((0..n).map(|r| s.0[r][k]).collect()) {
                return Err(format!("column {} does not hold each symbol once", k + 1));
            }
        }
        Ok(())
    }

    fn render(&self, s: &Square) -> String {
        wellposed_engine::render_rows(&s.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use wellposed_engine::{count, Options};

    /// The number of Latin squares of order n (OEIS A002860): 1, 2, 12, 576, 161280.
    #[test]
    fn empty_squares_count_as_published() {
        for (n, want) in [(1, 1), (2, 2), (3, 12), (4, 576), (5, 161_280)] {
            let p = Latin {
                n,
                givens: vec![None; n * n],
            };
            let c = count(&p, &Options::default(), None).unwrap();
            assert_eq!(c.to_u64(), Some(want), "order {n}");
        }
    }

    #[test]
    fn bad_clues_are_refused_on_their_line() {
        wellposed_engine::assert_parse_errors::<Latin>(&[
            ("family latin\nsize 0\ngrid\n", 2, "from 1 to 100"),
            ("family latin\nsize 2\ngrid\n1 .\n", 3, "expected 2 rows"),
            ("family latin\nsize 2\ngrid\n1 .\n. 3\n", 5, "symbol 1..2"),
            (
                "family latin\nsize 2\ngrid\n1\n. .\n",
                4,
                "expected 2 cells",
            ),
        ]);
    }
}
