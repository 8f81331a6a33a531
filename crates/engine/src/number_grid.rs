//! Grids of cells in a `family` document: a block key (such as `grid`) followed by ROWS lines
//! of COLS cells each, above all the grids of numbers and blanks many genres share (`.` a cell
//! without a number, `?` a clue whose number is not given, else the number). Read once here so
//! that every family checks the size and names the source, the line and what was expected in
//! the same words.
//!
//! ```
//! use wellposed_engine::number_grid::{Grid, Numbers};
//! use wellposed_engine::puzzlink::Slot;
//! use wellposed_engine::Document;
//!
//! let text = "family demo\nsize 2 3\ngrid\n1 . ?\n. 12 .\n";
//! let doc = Document::read(text, "demo.txt", &["size", "grid"], &["grid"]).unwrap();
//! let size = doc.size(100).unwrap();
//! let entry = doc.require("grid", "followed by ROWS rows of cells").unwrap();
//! let numbers = Numbers::new(1, 20);
//! let cells = Grid::apart(&numbers.expected())
//!     .read(&doc, entry, size, |t| numbers.of_symbol(t))
//!     .unwrap();
//! assert_eq!(cells[0], Slot::Number(1));
//! assert_eq!(cells[2], Slot::Unknown);
//! assert_eq!(cells[4], Slot::Number(12));
//! // Written back one row a line, the cells apart.
//! let rows = Grid::apart("").write(&cells, size.1, |&c| Numbers::symbol(c));
//! assert_eq!(rows, "1 . ?\n. 12 .\n");
//!
//! // A number out of range: the error names the source, the line and what was expected.
//! let bad = Document::read("family demo\nsize 1 2\ngrid\n1 21\n", "f", &["size", "grid"], &["grid"]).unwrap();
//! let e = Grid::apart(&numbers.expected())
//!     .read(&bad, bad.get("grid").unwrap(), (1, 2), |t| numbers.of_symbol(t))
//!     .unwrap_err();
//! assert_eq!(e.to_string(), "f:4: expected `.`, `?` or a number from 1 to 20, found `21`");
//! ```

use crate::puzzlink::Slot;
use crate::{Document, Entry, ParseError};

/// How a line of a grid holds its cells.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Split {
    /// One token a cell, the cells written apart: `2 . 10`.
    Apart,
    /// One character a cell; spaces between them are allowed and passed over (`2.1` or
    /// `2 . 1`).
    Together,
}

/// How a grid block is read and written: how a line splits into cells, what a cell is called in
/// the errors, and what a cell may be (the words after "expected" when one is not).
#[derive(Clone, Copy, Debug)]
pub struct Grid<'a> {
    split: Split,
    noun: &'a str,
    expected: &'a str,
}

impl<'a> Grid<'a> {
    /// Cells written apart, one token each; `expected` says what a cell may be.
    pub const fn apart(expected: &'a str) -> Self {
        Grid {
            split: Split::Apart,
            noun: "cells",
            expected,
        }
    }

    /// Cells of one character each, written together or apart.
    pub const fn together(expected: &'a str) -> Self {
        Grid {
            split: Split::Together,
            noun: "cells",
            expected,
        }
    }

    /// The same grid with its cells called `noun` (plural) in the errors, as `room labels`.
    pub const fn called(self, noun: &'a str) -> Self {
        Grid { noun, ..self }
    }

    /// The block `entry`'s cells, row-major: exactly `rows` lines of `cols` cells, each read by
    /// `cell` (`None`: not a cell, an error naming the token and what was expected).
    pub fn read<T>(
        &self,
        doc: &Document,
        entry: &Entry,
        (rows, cols): (usize, usize),
        mut cell: impl FnMut(&str) -> Option<T>,
    ) -> Result<Vec<T>, ParseError> {
        if entry.body.len() != rows {
            return Err(doc.error(
                entry.line,
                format!(
                    "`{}`: expected {rows} rows, found {}",
                    entry.key,
                    entry.body.len()
                ),
            ));
        }
        let mut cells = Vec::with_capacity(rows.saturating_mul(cols));
        for (line, tokens) in &entry.body {
            let symbols: Vec<String> = match self.split {
                Split::Apart => tokens.clone(),
                Split::Together => tokens
                    .iter()
                    .flat_map(|t| t.chars().map(String::from))
                    .collect(),
            };
            if symbols.len() != cols {
                let apart = if self.split == Split::Apart {
                    " apart"
                } else {
                    ""
                };
                return Err(doc.error(
                    *line,
                    format!(
                        "expected {cols} {}{apart}, found {}",
                        self.noun,
                        symbols.len()
                    ),
                ));
            }
            for s in &symbols {
                cells.push(cell(s).ok_or_else(|| {
                    doc.error(*line, format!("expected {}, found `{s}`", self.expected))
                })?);
            }
        }
        Ok(cells)
    }

    /// A whole `family NAME` document of a `size ROWS COLS` line (1 to `max_cells` cells in
    /// all) and this grid under the block key `key`: the size and the cells, each read by
    /// `cell`.
    pub fn read_document<T>(
        &self,
        (text, source): (&str, &str),
        family: &str,
        key: &str,
        max_cells: usize,
        cell: impl FnMut(&str) -> Option<T>,
    ) -> Result<((usize, usize), Vec<T>), ParseError> {
        let doc = Document::read_family(text, source, family, &["size", key], &[key])?;
        let size = doc.size(max_cells)?;
        let entry = doc.require(key, "followed by ROWS rows of cells")?;
        Ok((size, self.read(&doc, entry, size, cell)?))
    }

    /// The document [`Grid::read_document`] reads: the family, the size, the block key and the
    /// grid's lines.
    pub fn write_document<T>(
        &self,
        family: &str,
        key: &str,
        (rows, cols): (usize, usize),
        cells: &[T],
        symbol: impl Fn(&T) -> String,
    ) -> String {
        let mut s = format!("family {family}\nsize {rows} {cols}\n{key}\n");
        s.push_str(&self.write(cells, cols, symbol));
        s
    }

    /// The grid's lines as the document writes them: `cols` cells a line, apart or together as
    /// the grid reads them, each line ending in a newline.
    pub fn write<T>(&self, cells: &[T], cols: usize, symbol: impl Fn(&T) -> String) -> String {
        let gap = match self.split {
            Split::Apart => " ",
            Split::Together => "",
        };
        let mut s = String::new();
        for row in cells.chunks(cols.max(1)) {
            let row: Vec<String> = row.iter().map(&symbol).collect();
            s.push_str(&row.join(gap));
            s.push('\n');
        }
        s
    }
}

/// What a cell of a grid of numbers may hold: `.` no number, `?` a clue whose number is not
/// given (unless refused), or a number from `min` to `max` in decimal digits. The cells read as
/// the [`Slot`]s pzprjs's number16 code writes, so the text and the URL share the family's own
/// conversion.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Numbers {
    pub min: u32,
    pub max: u32,
    /// Whether `?` is a cell.
    pub unknown: bool,
}

impl Numbers {
    /// `.`, `?` or a number from `min` to `max`.
    pub const fn new(min: u32, max: u32) -> Self {
        Numbers {
            min,
            max,
            unknown: true,
        }
    }

    /// The same numbers without the `?` cell.
    pub const fn without_unknown(self) -> Self {
        Numbers {
            unknown: false,
            ..self
        }
    }

    /// Whether `n` is one of the numbers.
    pub fn contains(&self, n: u32) -> bool {
        (self.min..=self.max).contains(&n)
    }

    /// The cell a symbol stands for, if it is one.
    pub fn of_symbol(&self, s: &str) -> Option<Slot> {
        match s {
            "." => Some(Slot::Empty),
            "?" if self.unknown => Some(Slot::Unknown),
            // Digits alone (no sign), few enough that the value cannot overflow.
            _ if !s.is_empty() && s.len() <= 18 && s.bytes().all(|b| b.is_ascii_digit()) => {
                let n: u64 = s.parse().ok()?;
                let n = u32::try_from(n).ok().filter(|&n| self.contains(n))?;
                Some(Slot::Number(n))
            }
            _ => None,
        }
    }

    /// The cell of a symbol where `?` is no cell (as [`Numbers::without_unknown`] reads):
    /// `Some(None)` for `.`, `Some(Some(n))` for a number.
    pub fn blank_or_number(&self, s: &str) -> Option<Option<u32>> {
        match self.of_symbol(s)? {
            Slot::Empty => Some(None),
            Slot::Number(n) => Some(Some(n)),
            Slot::Unknown => None,
        }
    }

    /// A cell's symbol: `.`, `?` or the number.
    pub fn symbol(cell: Slot) -> String {
        match cell {
            Slot::Empty => ".".into(),
            Slot::Unknown => "?".into(),
            Slot::Number(n) => n.to_string(),
        }
    }

    /// What a cell may be, for the errors: "`.`, `?` or a number from 1 to 9".
    pub fn expected(&self) -> String {
        let (min, max) = (self.min, self.max);
        if self.unknown {
            format!("`.`, `?` or a number from {min} to {max}")
        } else {
            format!("`.` or a number from {min} to {max}")
        }
    }

    /// A URL's cell checked against the numbers, for a family's `from_url`: `Err` says which
    /// number is out of range (or that `?` is not read).
    pub fn check(&self, cell: Slot) -> Result<Slot, String> {
        match cell {
            Slot::Number(n) if !self.contains(n) => Err(format!(
                "expected numbers from {} to {}, found {n}",
                self.min, self.max
            )),
            Slot::Unknown if !self.unknown => Err("expected numbers, found a `?` cell".into()),
            ok => Ok(ok),
        }
    }
}

/// `From` both ways between a family's own cell type of three kinds (no number, a clue whose
/// number is not given, a number) and [`Slot`], so that its text and its URL read and write
/// through [`Numbers`] and the number16 code:
/// `wellposed_engine::slot_conversions!(Clue, None, Unknown, Number);`
#[macro_export]
macro_rules! slot_conversions {
    ($t:ident, $empty:ident, $unknown:ident, $number:ident) => {
        impl From<$crate::puzzlink::Slot> for $t {
            fn from(s: $crate::puzzlink::Slot) -> $t {
                match s {
                    $crate::puzzlink::Slot::Empty => $t::$empty,
                    $crate::puzzlink::Slot::Unknown => $t::$unknown,
                    $crate::puzzlink::Slot::Number(n) => $t::$number(n),
                }
            }
        }

        impl From<$t> for $crate::puzzlink::Slot {
            fn from(c: $t) -> $crate::puzzlink::Slot {
                match c {
                    $t::$empty => $crate::puzzlink::Slot::Empty,
                    $t::$unknown => $crate::puzzlink::Slot::Unknown,
                    $t::$number(n) => $crate::puzzlink::Slot::Number(n),
                }
            }
        }
    };
}

#[cfg(test)]
mod tests {
    use super::*;

    fn doc(text: &str) -> Document {
        Document::read(text, "t", &["size", "grid"], &["grid"]).unwrap()
    }

    fn read(text: &str, grid: Grid, numbers: Numbers) -> Result<Vec<Slot>, ParseError> {
        let d = doc(text);
        let size = d.size(100)?;
        let entry = d.require("grid", "followed by ROWS rows of cells")?;
        grid.read(&d, entry, size, |t| numbers.of_symbol(t))
    }

    #[test]
    fn reads_numbers_blanks_and_unknowns() {
        let cells = read(
            "family x\nsize 1 4\ngrid\n. ? 0 007\n",
            Grid::apart(""),
            Numbers::new(0, 9),
        )
        .unwrap();
        use Slot::*;
        assert_eq!(cells, vec![Empty, Unknown, Number(0), Number(7)]);
        let together = read(
            "family x\nsize 2 2\ngrid\n1.\n ? 2\n",
            Grid::together(""),
            Numbers::new(1, 4),
        )
        .unwrap();
        assert_eq!(together, vec![Number(1), Empty, Unknown, Number(2)]);
    }

    #[test]
    fn errors_name_the_line_and_what_was_expected() {
        let n = Numbers::new(1, 9);
        let e = n.expected();
        let cases: &[(&str, Grid, Numbers, usize, &str)] = &[
            // Too few rows: the error stands on the block's key line.
            (
                "family x\nsize 2 2\ngrid\n1 2\n",
                Grid::apart(&e),
                n,
                3,
                "`grid`: expected 2 rows, found 1",
            ),
            (
                "family x\nsize 1 2\ngrid\n1 2 3\n",
                Grid::apart(&e),
                n,
                4,
                "expected 2 cells apart, found 3",
            ),
            (
                "family x\nsize 1 2\ngrid\n123\n",
                Grid::together(&e),
                n,
                4,
                "expected 2 cells, found 3",
            ),
            (
                "family x\nsize 1 2\ngrid\n1 2 3\n",
                Grid::apart(&e).called("room labels"),
                n,
                4,
                "expected 2 room labels apart, found 3",
            ),
            (
                "family x\nsize 1 2\ngrid\n1 10\n",
                Grid::apart(&e),
                n,
                4,
                "expected `.`, `?` or a number from 1 to 9, found `10`",
            ),
            (
                "family x\nsize 1 2\ngrid\n0 1\n",
                Grid::apart(&e),
                n,
                4,
                "found `0`",
            ),
            (
                "family x\nsize 1 2\ngrid\n+1 1\n",
                Grid::apart(&e),
                n,
                4,
                "found `+1`",
            ),
            (
                "family x\nsize 1 2\ngrid\n1 99999999999999999999999\n",
                Grid::apart(&e),
                n,
                4,
                "found `99999999999999999999999`",
            ),
        ];
        for (text, grid, numbers, line, words) in cases {
            let err = read(text, *grid, *numbers).unwrap_err();
            assert_eq!(err.line, *line, "{text:?}: {err}");
            assert_eq!(err.source, "t");
            assert!(err.message.contains(words), "{text:?}: {err}");
        }
        let no_unknown = Numbers::new(1, 9).without_unknown();
        let err = read(
            "family x\nsize 1 1\ngrid\n?\n",
            Grid::apart(&no_unknown.expected()),
            no_unknown,
        )
        .unwrap_err();
        assert_eq!(
            err.message,
            "expected `.` or a number from 1 to 9, found `?`"
        );
    }

    #[test]
    fn symbols_read_back() {
        let n = Numbers::new(0, 1000);
        for cell in [
            Slot::Empty,
            Slot::Unknown,
            Slot::Number(0),
            Slot::Number(1000),
        ] {
            assert_eq!(n.of_symbol(&Numbers::symbol(cell)), Some(cell));
        }
        assert_eq!(
            n.check(Slot::Number(1001)).unwrap_err(),
            "expected numbers from 0 to 1000, found 1001"
        );
        assert!(n.without_unknown().check(Slot::Unknown).is_err());
    }
}
