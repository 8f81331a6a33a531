//! Solitaire Battleships (Bimaru): place a fleet of straight ships on a grid so that each row
//! and column holds the given number of ship cells, no two ships touch (not even diagonally),
//! and the hinted cells show what they say (water, a submarine, an end of a ship pointing a
//! given way, or a middle piece).
//!
//! Variables: one per cell (ship or water), then one per possible placement (length, first
//! cell, direction). Constraints: a placement fills its cells and makes water of every cell
//! around it (the cells past its ends and the eight neighbours of each of its cells), so two
//! true placements neither overlap nor touch and each is a whole ship; a ship cell is covered by
//! some true placement; exactly count(L) placements of each length L; the row and column counts
//! over the cells; hints as clauses over cells and placements. The placements are determined by
//! the cells, so the cells are the answer.

pub mod commands;
pub mod formats;
pub mod generate;
mod polyominoes;
mod rules;
pub mod shapes;

pub use rules::Placements;
pub use shapes::Shape;

use serde::Serialize;
use wellposed_engine::sat::Choices;
use wellposed_engine::{Answer, CnfEncoding, Encoding, EncodingKind, Family, ParseError};
use wellposed_sat::{Cnf, Lit, Var};

/// The largest grid accepted (cells): row and column counts are cardinality constraints whose
/// size grows with a line times its count, so a 1×10,000 strip would already be too large.
pub const MAX_CELLS: usize = 2_500;

/// What a hint says of its cell.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Hint {
    Water,
    /// A ship of length 1.
    Submarine,
    /// A middle piece: ship on two opposite sides (inside a straight ship of length 3 or more).
    Middle,
    /// The top end of a vertical ship (it continues downwards).
    Top,
    Bottom,
    /// The left end of a horizontal ship (it continues to the right).
    Left,
    Right,
    /// A ship cell whose piece is not given (puzz.link's `?` piece).
    Ship,
    /// The corners of a bent ship, by where it goes on: down and right (┌), down and left (┐),
    /// up and right (└), up and left (┘).
    DownRight,
    DownLeft,
    UpRight,
    UpLeft,
}

/// The hints by pzprjs's piece numbers (see [`shapes::piece_number`]); `Ship` has none.
const BY_NUMBER: [Hint; 11] = [
    Hint::Water,
    Hint::Top,
    Hint::Bottom,
    Hint::Left,
    Hint::Right,
    Hint::Middle,
    Hint::Submarine,
    Hint::DownRight,
    Hint::DownLeft,
    Hint::UpRight,
    Hint::UpLeft,
];

impl Hint {
    pub fn from_letter(c: char) -> Option<Hint> {
        Some(match c.to_ascii_lowercase() {
            'w' => Hint::Water,
            'c' => Hint::Submarine,
            'm' => Hint::Middle,
            't' => Hint::Top,
            'b' => Hint::Bottom,
            'l' => Hint::Left,
            'r' => Hint::Right,
            's' => Hint::Ship,
            'q' => Hint::DownRight,
            'p' => Hint::DownLeft,
            'd' => Hint::UpRight,
            'j' => Hint::UpLeft,
            _ => return None,
        })
    }

    pub fn letter(self) -> char {
        match self {
            Hint::Water => 'w',
            Hint::Submarine => 'c',
            Hint::Middle => 'm',
            Hint::Top => 't',
            Hint::Bottom => 'b',
            Hint::Left => 'l',
            Hint::Right => 'r',
            Hint::Ship => 's',
            Hint::DownRight => 'q',
            Hint::DownLeft => 'p',
            Hint::UpRight => 'd',
            Hint::UpLeft => 'j',
        }
    }

    /// pzprjs's number for the hint (0 water, 1–10 the pieces); `None` for `Ship`.
    pub fn number(self) -> Option<u32> {
        BY_NUMBER.iter().position(|&h| h == self).map(|n| n as u32)
    }

    pub fn from_number(n: u32) -> Option<Hint> {
        BY_NUMBER.get(n as usize).copied()
    }

    /// Whether a ship cell showing pzprjs's piece `number` meets the hint.
    fn met_by(self, number: u32) -> bool {
        self == Hint::Ship || self.number() == Some(number)
    }
}

#[derive(Clone, Debug)]
pub struct Battleships {
    pub rows: usize,
    pub cols: usize,
    /// Straight ships: (length, how many ships of it).
    pub fleet: Vec<(usize, usize)>,
    /// Ships of other shapes (bent polyominoes), each placed in any rotation or reflection: (the
    /// shape as given, how many ships of it). Empty for a fleet of straight ships.
    pub shapes: Vec<(Shape, usize)>,
    /// The fleet as a puz.link URL gave it (`//p`, `/5/11g/…`), written back as it was while
    /// it still says this fleet.
    pub url_fleet: Option<String>,
    /// Ship cells per row and per column (`None`: not given).
    pub row_counts: Vec<Option<usize>>,
    pub col_counts: Vec<Option<usize>>,
    /// (hint, row, column), 0-based.
    pub hints: Vec<(Hint, usize, usize)>,
}

/// Two puzzles are equal when they say the same: the URL's own spelling of the fleet is how to
/// write it back, not part of the puzzle.
impl PartialEq for Battleships {
    fn eq(&self, other: &Self) -> bool {
        (
            self.rows,
            self.cols,
            &self.fleet,
            &self.shapes,
            &self.row_counts,
            &self.col_counts,
            &self.hints,
        ) == (
            other.rows,
            other.cols,
            &other.fleet,
            &other.shapes,
            &other.row_counts,
            &other.col_counts,
            &other.hints,
        )
    }
}

impl Eq for Battleships {}

/// The standard fleet: one battleship (4), two cruisers (3), three destroyers (2), four
/// submarines (1).
pub const STANDARD_FLEET: [(usize, usize); 4] = [(4, 1), (3, 2), (2, 3), (1, 4)];

/// A solved board: rows of `.` (water) and ship pieces `c` (submarine), `l` `m` `r` (a
/// horizontal ship), `t` `m` `b` (a vertical one), and for bent ships the corners `q` (┌), `p`
/// (┐), `d` (└), `j` (┘).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Fleet {
    pub rows: Vec<String>,
    #[serde(skip)]
    pub ship: Vec<bool>,
}

/// A possible ship: length, first cell (top or left end), horizontal or not.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Placement {
    pub len: usize,
    pub row: usize,
    pub col: usize,
    pub horizontal: bool,
}

/// Which ship of the fleet a placement places.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ShipKind {
    /// A straight ship of this length.
    Straight(usize),
    /// The fleet's bent shape of this index (in [`Battleships::shapes`]).
    Shape(usize),
}

/// A placement of any ship: its cells (indices, row-major), the piece number each shows
/// ([`shapes::piece_number`]), and the cells around it that must be water.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ShipPlacement {
    pub kind: ShipKind,
    pub cells: Vec<usize>,
    pub numbers: Vec<u32>,
    pub around: Vec<usize>,
}

impl Placement {
    pub fn cells(&self) -> impl Iterator<Item = (usize, usize)> + '_ {
        (0..self.len).map(move |i| {
            if self.horizontal {
                (self.row, self.col + i)
            } else {
                (self.row + i, self.col)
            }
        })
    }
}

impl Battleships {
    /// Every placement of every ship length in the fleet (length 1: one direction only).
    pub fn placements(&self) -> Vec<Placement> {
        let mut out = Vec::new();
        for &(len, _) in &self.fleet {
            for horizontal in [true, false] {
                if len == 1 && !horizontal {
                    continue;
                }
                let (h, w) = if horizontal { (1, len) } else { (len, 1) };
                if h > self.rows || w > self.cols {
                    continue;
                }
                for row in 0..=self.rows - h {
                    for col in 0..=self.cols - w {
                        out.push(Placement {
                            len,
                            row,
                            col,
                            horizontal,
                        });
                    }
                }
            }
        }
        out
    }

    /// The cells around a placement that must be water: its eight-neighbourhood minus itself.
    pub(crate) fn surroundings(&self, p: &Placement) -> Vec<(usize, usize)> {
        let (h, w) = if p.horizontal { (1, p.len) } else { (p.len, 1) };
        let mut out = Vec::new();
        for r in p.row.saturating_sub(1)..(p.row + h + 1).min(self.rows) {
            for c in p.col.saturating_sub(1)..(p.col + w + 1).min(self.cols) {
                let inside = r >= p.row && r < p.row + h && c >= p.col && c < p.col + w;
                if !inside {
                    out.push((r, c));
                }
            }
        }
        out
    }

    /// The ships of a layout: maximal straight runs of ship cells, or why it is no layout.
    pub fn ships(&self, ship: &[bool]) -> Result<Vec<Placement>, String> {
        let at = |r: usize, c: usize| ship[r * self.cols + c];
        let mut out = Vec::new();
        for r in 0..self.rows {
            for c in 0..self.cols {
                if !at(r, c) {
                    continue;
                }
                // Diagonal neighbours touch.
                if r + 1 < self.rows
                    && ((c + 1 < self.cols && at(r + 1, c + 1)) || (c > 0 && at(r + 1, c - 1)))
                {
                    return Err(format!(
                        "ships touch diagonally at row {} col {}",
                        r + 1,
                        c + 1
                    ));
                }
                let right = c + 1 < self.cols && at(r, c + 1);
                let down = r + 1 < self.rows && at(r + 1, c);
                if right && down {
                    return Err(format!("a ship bends at row {} col {}", r + 1, c + 1));
                }
                let starts_h = c == 0 || !at(r, c - 1);
                let starts_v = r == 0 || !at(r - 1, c);
                if starts_h && starts_v {
                    let horizontal = right;
                    let mut len = 1;
                    while if horizontal {
                        c + len < self.cols && at(r, c + len)
                    } else {
                        r + len < self.rows && at(r + len, c)
                    } {
                        len += 1;
                    }
                    out.push(Placement {
                        len,
                        row: r,
                        col: c,
                        horizontal: horizontal || len == 1,
                    });
                }
            }
        }
        Ok(out)
    }

    /// Checks a layout by the rules alone.
    pub fn check(&self, ship: &[bool]) -> Result<(), String> {
        if ship.len() != self.rows * self.cols {
            return Err(format!("expected {} cells", self.rows * self.cols));
        }
        if !self.shapes.is_empty() {
            return polyominoes::check(self, ship);
        }
        let ships = self.ships(ship)?;
        for &(len, count) in &self.fleet {
            let have = ships.iter().filter(|s| s.len == len).count();
            if have != count {
                return Err(format!(
                    "{have} ships of length {len}, the fleet has {count}"
                ));
            }
        }
        if let Some(s) = ships
            .iter()
            .find(|s| !self.fleet.iter().any(|&(l, _)| l == s.len))
        {
            return Err(format!("a ship of length {} is not in the fleet", s.len));
        }
        for r in 0..self.rows {
            let have = (0..self.cols).filter(|&c| ship[r * self.cols + c]).count();
            if self.row_counts[r].is_some_and(|n| n != have) {
                return Err(format!("row {} has {have} ship cells", r + 1));
            }
        }
        for c in 0..self.cols {
            let have = (0..self.rows).filter(|&r| ship[r * self.cols + c]).count();
            if self.col_counts[c].is_some_and(|n| n != have) {
                return Err(format!("column {} has {have} ship cells", c + 1));
            }
        }
        let pieces = self.pieces(ship, &ships);
        for &(h, r, c) in &self.hints {
            let piece = pieces[r * self.cols + c];
            let ok = match h {
                Hint::Middle => piece == 'm',
                Hint::Ship => piece != '.',
                _ => piece == if h == Hint::Water { '.' } else { h.letter() },
            };
            if !ok {
                return Err(format!(
                    "the hint `{}` at row {} col {} shows `{piece}`",
                    h.letter(),
                    r + 1,
                    c + 1
                ));
            }
        }
        Ok(())
    }

    /// Each cell's piece letter.
    fn pieces(&self, ship: &[bool], ships: &[Placement]) -> Vec<char> {
        let mut out: Vec<char> = ship.iter().map(|_| '.').collect();
        for s in ships {
            for (i, (r, c)) in s.cells().enumerate() {
                out[r * self.cols + c] = match (s.len, s.horizontal, i) {
                    (1, _, _) => 'c',
                    (_, true, 0) => 'l',
                    (_, false, 0) => 't',
                    (n, true, i) if i + 1 == n => 'r',
                    (n, false, i) if i + 1 == n => 'b',
                    _ => 'm',
                };
            }
        }
        out
    }

    pub fn fleet_of(&self, ship: Vec<bool>) -> Fleet {
        let pieces = if self.shapes.is_empty() {
            let ships = self.ships(&ship).unwrap_or_default();
            self.pieces(&ship, &ships)
        } else {
            polyominoes::pieces(self, &ship)
        };
        Fleet {
            rows: pieces
                .chunks(self.cols.max(1))
                .map(|r| r.iter().collect())
                .collect(),
            ship,
        }
    }

    /// The clause of one hint in [`Battleships::cnf`]'s variables (cells row-major, then one
    /// per placement of `placements`): water is "not a ship"; a piece is "one of the
    /// placements that give this cell that piece".
    fn hint_clause(
        &self,
        placements: &[ShipPlacement],
        hint: Hint,
        r: usize,
        c: usize,
    ) -> Vec<Lit> {
        let cells = self.rows * self.cols;
        let k = r * self.cols + c;
        if hint == Hint::Water {
            return vec![Var(k as u32).negative()];
        }
        placements
            .iter()
            .enumerate()
            .filter(|(_, p)| {
                p.cells
                    .iter()
                    .position(|&x| x == k)
                    .is_some_and(|i| hint.met_by(p.numbers[i]))
            })
            .map(|(i, _)| Var((cells + i) as u32).positive())
            .collect()
    }

    /// Every placement of every ship of the fleet, in the CNF's order: the straight ships'
    /// ([`Battleships::placements`]), then each bent shape's in every rotation and reflection.
    pub fn ship_placements(&self) -> Vec<ShipPlacement> {
        let w = self.cols;
        let mut out: Vec<ShipPlacement> = self
            .placements()
            .iter()
            .map(|p| {
                let cells: Vec<usize> = p.cells().map(|(r, c)| r * w + c).collect();
                ShipPlacement {
                    kind: ShipKind::Straight(p.len),
                    numbers: shapes::numbers_of(&cells, w),
                    around: self
                        .surroundings(p)
                        .into_iter()
                        .map(|(r, c)| r * w + c)
                        .collect(),
                    cells,
                }
            })
            .collect();
        for (i, (shape, _)) in self.shapes.iter().enumerate() {
            for (cells, around) in shapes::placements(shape, self.rows, self.cols) {
                out.push(ShipPlacement {
                    kind: ShipKind::Shape(i),
                    numbers: shapes::numbers_of(&cells, w),
                    cells,
                    around,
                });
            }
        }
        out
    }

    /// Each hint's clause, for the hints given (the CNF without hints plus these is
    /// [`Battleships::cnf`]).
    pub fn hint_clauses(&self, hints: &[(Hint, usize, usize)]) -> Vec<Vec<Lit>> {
        let placements = self.ship_placements();
        hints
            .iter()
            .map(|&(hint, r, c)| self.hint_clause(&placements, hint, r, c))
            .collect()
    }

    /// The CNF encoding with the default choices (see [`Self::cnf_with`]).
    pub fn cnf(&self) -> CnfEncoding {
        self.cnf_with(Choices::default().settled(wellposed_engine::sat::Purpose::Solving))
    }

    /// The CNF encoding, building at-most-one and counting constraints as `choices` say.
    pub fn cnf_with(&self, choices: Choices) -> CnfEncoding {
        let (h, w) = (self.rows, self.cols);
        let mut cnf = Cnf::with_choices(choices);
        let cells = cnf.new_vars(h * w);
        let cell = |r: usize, c: usize| cells[r * w + c].positive();
        let placements = self.ship_placements();
        let pvars = cnf.new_vars(placements.len());
        let mut covering: Vec<Vec<Lit>> = vec![Vec::new(); h * w];
        for (p, v) in placements.iter().zip(&pvars) {
            let x = v.positive();
            for &k in &p.cells {
                cnf.add_clause(&[!x, cells[k].positive()]);
                covering[k].push(x);
            }
            for &k in &p.around {
                cnf.add_clause(&[!x, cells[k].negative()]);
            }
        }
        // A ship cell belongs to some ship.
        for (k, cov) in covering.iter().enumerate() {
            let mut clause = vec![cells[k].negative()];
            clause.extend(cov);
            cnf.add_clause(&clause);
        }
        for &(len, count) in &self.fleet {
            let lits: Vec<Lit> = placements
                .iter()
                .zip(&pvars)
                .filter(|(p, _)| p.kind == ShipKind::Straight(len))
                .map(|(_, v)| v.positive())
                .collect();
            cnf.exactly_k(&lits, count as u64);
        }
        for (i, &(_, count)) in self.shapes.iter().enumerate() {
            let lits: Vec<Lit> = placements
                .iter()
                .zip(&pvars)
                .filter(|(p, _)| p.kind == ShipKind::Shape(i))
                .map(|(_, v)| v.positive())
                .collect();
            cnf.exactly_k(&lits, count as u64);
        }
        for (r, n) in self.row_counts.iter().enumerate() {
            if let Some(n) = n {
                let lits: Vec<Lit> = (0..w).map(|c| cell(r, c)).collect();
                cnf.exactly_k(&lits, *n as u64);
            }
        }
        for (c, n) in self.col_counts.iter().enumerate() {
            if let Some(n) = n {
                let lits: Vec<Lit> = (0..h).map(|r| cell(r, c)).collect();
                cnf.exactly_k(&lits, *n as u64);
            }
        }
        for &(hint, r, c) in &self.hints {
            cnf.add_clause(&self.hint_clause(&placements, hint, r, c));
        }
        let names = (0..h * w)
            .map(|k| format!("ship row {} col {}", k / w + 1, k % w + 1))
            .collect();
        CnfEncoding {
            cnf,
            answer: cells,
            names,
            ..Default::default()
        }
    }
}

/// This family as the registry and every front end see it.
pub const FAMILY: wellposed_engine::FamilyEntry =
    wellposed_engine::FamilyEntry::of::<Battleships>().generator(commands::GENERATOR);

/// A hinted cell in words, for `repair`.
fn hint_words(h: Hint, r: usize, c: usize) -> String {
    let what = match h {
        Hint::Water => "water",
        Hint::Submarine => "a submarine",
        Hint::Middle => "a ship's middle",
        Hint::Top => "a ship's top end",
        Hint::Bottom => "a ship's bottom end",
        Hint::Left => "a ship's left end",
        Hint::Right => "a ship's right end",
        Hint::Ship => "a ship (piece not given)",
        Hint::DownRight => "a bend going on down and right",
        Hint::DownLeft => "a bend going on down and left",
        Hint::UpRight => "a bend going on up and right",
        Hint::UpLeft => "a bend going on up and left",
    };
    format!("row {} col {} is {what}", r + 1, c + 1)
}

/// A row's (`column` false) or column's ship count in words.
fn count_words(column: bool, k: usize, n: usize) -> String {
    let line = if column { "column" } else { "row" };
    let cells = if n == 1 { "cell" } else { "cells" };
    format!("{line} {} has {n} ship {cells}", k + 1)
}

/// The piece a solved board shows at (r, c), as a hint.
fn solved_hint(s: &Fleet, r: usize, c: usize) -> Hint {
    let letter = s.rows[r].chars().nth(c).unwrap_or('.');
    Hint::from_letter(letter).unwrap_or(Hint::Water)
}

/// Ship cells of a solved board's row (`column` false) or column k.
fn solved_count(s: &Fleet, column: bool, k: usize) -> usize {
    let cols = s.rows.first().map_or(0, |r| r.chars().count());
    (0..s.ship.len())
        .filter(|&i| s.ship[i] && if column { i % cols == k } else { i / cols == k })
        .count()
}

impl Battleships {
    /// Cells without a hint, row by row.
    fn open_cells(&self) -> impl Iterator<Item = (usize, usize)> + '_ {
        (0..self.rows * self.cols)
            .map(|i| (i / self.cols, i % self.cols))
            .filter(|&(r, c)| !self.hints.iter().any(|h| (h.1, h.2) == (r, c)))
    }

    /// The rows', then the columns' counts that are given (`missing` false) or not: (is a
    /// column, index).
    fn counts_given(&self, missing: bool) -> Vec<(bool, usize)> {
        let rows = self
            .row_counts
            .iter()
            .enumerate()
            .map(|(k, n)| (false, k, n));
        let cols = self
            .col_counts
            .iter()
            .enumerate()
            .map(|(k, n)| (true, k, n));
        rows.chain(cols)
            .filter(|(_, _, n)| n.is_none() == missing)
            .map(|(line, k, _)| (line, k))
            .collect()
    }

    /// The given counts in words, rows first.
    fn given_count_words(&self) -> Vec<String> {
        self.counts_given(false)
            .into_iter()
            .map(|(line, k)| {
                let n = if line {
                    self.col_counts[k]
                } else {
                    self.row_counts[k]
                };
                count_words(line, k, n.unwrap_or(0))
            })
            .collect()
    }

    fn count_mut(&mut self, column: bool, k: usize) -> &mut Option<usize> {
        if column {
            &mut self.col_counts[k]
        } else {
            &mut self.row_counts[k]
        }
    }
}

impl Family for Battleships {
    const NAME: &'static str = "battleships";
    const PUZZLINK: &'static [&'static str] = &["battleship"];
    const EXAMPLES: &'static [&'static str] = &[
        "family battleships\nsize 5 4\nfleet 2:1 1:2\nrows 2 0 1 0 1\ncols 1 1 1 1\nhints\ns 1 1\nw 3 4\n",
        // pzprjs's own test URL (test/script/battleship.js).
        "https://puzz.link/p?battleship/6/6/g12h2g30g3gk0r3w//c\n",
        "https://puzz.link/p?battleship/4/1/111033i/1/31s\n",
        // A fleet of two 2×2 squares with their corners given (semiexp/cspuz_core's test).
        "https://puzz.link/p?battleship/2/5/m7hai89g/2/22u/22u\n",
        "family battleships\nsize 3 4\nfleet xxx/.x.:1 1:1\nrows 3 1 1\ncols 1 2 1 1\nhints\nl 1 1\n",
    ];
    type Solution = Fleet;

    /// The setter places hints: `.` none, `w` water, `c` a submarine, `m` a middle, `t` `b`
    /// `l` `r` the ends of vertical and horizontal ships, `s` a ship whose piece is not said.
    fn edit_grid(&self) -> Option<wellposed_engine::EditGrid> {
        let mut cells = vec![".".to_string(); self.rows * self.cols];
        for &(h, r, c) in &self.hints {
            cells[r * self.cols + c] = h.letter().to_string();
        }
        Some(wellposed_engine::EditGrid {
            rows: self.rows,
            cols: self.cols,
            cells,
            symbols: [
                ".", "w", "c", "m", "t", "b", "l", "r", "s", "q", "p", "d", "j",
            ]
            .map(String::from)
            .to_vec(),
        })
    }

    fn edited(&self, cells: &[String]) -> Result<Self, String> {
        Family::edit_grid(self).expect("a grid").check(cells)?;
        // Hints that stay keep their order (the file's); new ones follow, row by row.
        let hint_at = |k: usize| cells[k].chars().next().and_then(Hint::from_letter);
        let mut hints: Vec<(Hint, usize, usize)> = self
            .hints
            .iter()
            .copied()
            .filter(|&(h, r, c)| hint_at(r * self.cols + c) == Some(h))
            .collect();
        for k in 0..cells.len() {
            let (r, c) = (k / self.cols, k % self.cols);
            if let Some(h) = hint_at(k) {
                if !hints.iter().any(|x| (x.1, x.2) == (r, c)) {
                    hints.push((h, r, c));
                }
            }
        }
        Ok(Battleships {
            hints,
            ..self.clone()
        })
    }

    /// The clues are the hinted cells, then the ship counts of the rows and of the columns.
    fn clues(&self) -> Vec<String> {
        let hints = self.hints.iter().map(|&(h, r, c)| hint_words(h, r, c));
        hints.chain(self.given_count_words()).collect()
    }

    fn without_clues(&self, drop: &[usize]) -> Option<Self> {
        let mut b = self.clone();
        let hinted = self.hints.len();
        b.hints = (0..hinted)
            .filter(|i| !drop.contains(i))
            .map(|i| self.hints[i])
            .collect();
        for (i, (line, k)) in self.counts_given(false).into_iter().enumerate() {
            if drop.contains(&(hinted + i)) {
                *b.count_mut(line, k) = None;
            }
        }
        Some(b)
    }

    /// A solution's clues not given: each open cell's piece (or water), then the missing counts.
    fn clues_from(&self, s: &Fleet) -> Vec<String> {
        let cells = self
            .open_cells()
            .map(|(r, c)| hint_words(solved_hint(s, r, c), r, c));
        let counts = self
            .counts_given(true)
            .into_iter()
            .map(|(line, k)| count_words(line, k, solved_count(s, line, k)));
        cells.chain(counts).collect()
    }

    fn with_clues_from(&self, s: &Fleet, picks: &[usize]) -> Option<Self> {
        let mut b = self.clone();
        let open: Vec<(usize, usize)> = self.open_cells().collect();
        for (i, &(r, c)) in open.iter().enumerate() {
            if picks.contains(&i) {
                b.hints.push((solved_hint(s, r, c), r, c));
            }
        }
        for (i, (line, k)) in self.counts_given(true).into_iter().enumerate() {
            if picks.contains(&(open.len() + i)) {
                *b.count_mut(line, k) = Some(solved_count(s, line, k));
            }
        }
        b.hints.sort_unstable_by_key(|&(_, r, c)| (r, c));
        Some(b)
    }

    const SUMMARY: &'static str =
        "Battleships solitaire: a fleet from row and column counts and hints";
    /// CSPLib problem 14's Prolog terms.
    const EXTENSIONS: &'static [&'static str] = &["pl"];

    fn to_text(&self) -> String {
        formats::to_text(self)
    }

    fn parse(text: &str, source: &str) -> Result<Self, ParseError> {
        formats::parse_any(text, source)
    }

    /// A puzz.link `battleship` URL alone in a file.
    fn recognises(text: &str) -> bool {
        wellposed_engine::lone_line(text).is_some_and(|(_, l)| formats::looks_like_url(l))
    }

    fn looks_like_game_id(arg: &str) -> bool {
        formats::looks_like_url(arg)
    }

    fn parse_game_id(id: &str, source: &str, line: usize) -> Result<Self, ParseError> {
        formats::parse_url(id, source, line)
    }

    fn url(&self) -> Option<String> {
        formats::url(self)
    }

    fn deduction_rules(&self) -> Vec<Box<dyn wellposed_engine::deduce::FamilyRule>> {
        vec![Box::new(Placements::new(self))]
    }

    fn encodings(&self) -> Vec<EncodingKind> {
        vec![EncodingKind::Cnf]
    }

    fn encode(&self, kind: EncodingKind, choices: Choices) -> Option<Encoding> {
        (kind == EncodingKind::Cnf).then(|| Encoding::Cnf(self.cnf_with(choices)))
    }

    fn decode(&self, answer: &Answer) -> Fleet {
        self.fleet_of(
            (0..self.rows * self.cols)
                .map(|k| answer.value(Var(k as u32)))
                .collect(),
        )
    }

    fn verify(&self, s: &Fleet) -> Result<(), String> {
        self.check(&s.ship)
    }

    fn render(&self, s: &Fleet) -> String {
        s.rows.join("\n")
    }

    /// `#` ship, `.` water, `?` open.
    fn render_partial(&self, known: &[Option<bool>]) -> Option<String> {
        Some(wellposed_engine::draw_partial(
            known,
            self.cols,
            ['#', '.', '?'],
        ))
    }
}
