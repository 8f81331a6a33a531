//! Sudoku: fill an n×n grid (n = R·C) with the digits 1..n so that each occurs once in every
//! row, every column and every R×C box, keeping the givens. Sides 4 (2×2 boxes), 6 (2 rows ×
//! 3 columns), 9, 16 and 25, and any other R×C in the document.
//!
//! Read from the `family sudoku` document, the one-line form Sudoku solvers share (81
//! characters for 9×9, `.` or `0` blank; [`formats`]) and puzz.link URLs; a file of many lines
//! is answered line by line by `wellposed sudoku batch FILE` ([`commands`]). Solved as an
//! exact cover (cell, row-digit, column-digit, box-digit) by dancing links, by CNF through its
//! translation, or by the family's own bit-mask search ([`solver`]); the batch by a search
//! that makes every forced move before it guesses ([`singles`]); graded by the techniques
//! players name ([`deduce`]).
//!
//! ```
//! use wellposed_engine::{uniqueness, Family, Options};
//! let p = wellposed_sudoku::Sudoku::parse(".1.....23.....3.", "example").unwrap();
//! assert_eq!(uniqueness(&p, &Options::default()).unwrap().status(), "unique");
//! ```

pub mod commands;
pub mod deduce;
mod draw;
pub mod formats;
pub mod generate;
pub mod singles;
pub mod solver;

use serde::Serialize;
use wellposed_engine::repair::given_cells;
use wellposed_engine::sat::Choices;
use wellposed_engine::NativeRole;
use wellposed_engine::{Answer, Encoding, EncodingKind, Family, Native, ParseError};
use wellposed_xc::Problem;

/// The largest side accepted (25×25, 5×5 boxes): digits fit a 32-bit mask.
pub const MAX_SIDE: usize = 25;

/// The search nodes the family's search may take on `--method auto` before the encoding
/// answers, as work (nodes × cells, each node scanning every cell): a full look, and a brief
/// one a hundredth of it. Chosen, not measured against the encodings: a 9×9 puzzle takes tens
/// to thousands of nodes and the full budget 600,000; a 25×25 one 80,000, a second or so.
const NATIVE_FULL_WORK: u64 = 50_000_000;
const NATIVE_BRIEF_WORK: u64 = NATIVE_FULL_WORK / 100;

/// The grid's shape: boxes of `box_rows` × `box_cols` cells, side `n` = their product, and
/// the units (rows, then columns, then boxes, each a list of cells).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Shape {
    pub n: usize,
    pub box_rows: usize,
    pub box_cols: usize,
    /// The mask of every digit.
    pub full: u32,
    /// Row-major cells of each unit: rows 0..n, columns n..2n, boxes 2n..3n.
    pub units: Vec<Vec<usize>>,
    /// (row, column, box) of each cell.
    unit_of: Vec<(usize, usize, usize)>,
}

impl Shape {
    pub fn new(box_rows: usize, box_cols: usize) -> Shape {
        let n = box_rows * box_cols;
        let unit_of: Vec<(usize, usize, usize)> = (0..n * n)
            .map(|k| {
                let (r, c) = (k / n, k % n);
                (r, c, (r / box_rows) * box_rows + c / box_cols)
            })
            .collect();
        let mut units = vec![Vec::with_capacity(n); 3 * n];
        for (k, &(r, c, b)) in unit_of.iter().enumerate() {
            units[r].push(k);
            units[n + c].push(k);
            units[2 * n + b].push(k);
        }
        Shape {
            n,
            box_rows,
            box_cols,
            full: if n == 32 { u32::MAX } else { (1u32 << n) - 1 },
            units,
            unit_of,
        }
    }

    /// The boxes a side has unless told: R the largest divisor of n up to √n, C = n / R
    /// (3×3 for 9, 2×3 for 6, 3×4 for 12).
    pub fn default_box(n: usize) -> (usize, usize) {
        let r = (1..=n.isqrt())
            .rev()
            .find(|r| n.is_multiple_of(*r))
            .unwrap_or(1);
        (r, n / r.max(1))
    }

    pub fn new_default(n: usize) -> Shape {
        let (r, c) = Shape::default_box(n);
        Shape::new(r, c)
    }

    /// (row, column, box) of cell `k`.
    pub fn units_of(&self, k: usize) -> (usize, usize, usize) {
        self.unit_of[k]
    }

    /// Whether two different cells share a row, column or box.
    pub fn sees(&self, a: usize, b: usize) -> bool {
        let (x, y) = (self.unit_of[a], self.unit_of[b]);
        a != b && (x.0 == y.0 || x.1 == y.1 || x.2 == y.2)
    }
}

/// The clues: the shape and the givens (row-major, digits 1..=n; `None` for an open cell).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Sudoku {
    pub shape: Shape,
    pub givens: Vec<Option<u8>>,
}

/// A filled grid, row by row.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(transparent)]
pub struct Grid(pub Vec<Vec<u8>>);

/// This family as the registry and every front end see it.
pub const FAMILY: wellposed_engine::FamilyEntry = wellposed_engine::FamilyEntry::of::<Sudoku>()
    .generator(commands::GENERATOR)
    .commands(commands::COMMANDS);

impl Sudoku {
    /// An empty grid of the given boxes.
    pub fn empty(box_rows: usize, box_cols: usize) -> Sudoku {
        let n = box_rows * box_cols;
        Sudoku {
            shape: Shape::new(box_rows, box_cols),
            givens: vec![None; n * n],
        }
    }

    pub fn n(&self) -> usize {
        self.shape.n
    }

    /// The options of the exact cover, in order: (cell, digit) for every digit a cell may
    /// take — a given cell only its own. (Digits its peers' givens rule out are left in: a
    /// cover where an item had no option left would be a CNF with an empty clause, which the
    /// DRAT proof of `--certify` does not handle; dancing links drop them at once anyway.)
    fn placements(&self) -> Vec<(usize, u8)> {
        let n = self.n();
        let mut out = Vec::with_capacity(n * n * n);
        for (k, g) in self.givens.iter().enumerate() {
            for d in 1..=n as u8 {
                if g.is_none_or(|g| g == d) {
                    out.push((k, d));
                }
            }
        }
        out
    }

    /// The solution as a grid from row-major digits.
    pub fn grid_of(&self, cells: &[u8]) -> Grid {
        Grid(cells.chunks(self.n()).map(<[u8]>::to_vec).collect())
    }
}

impl Family for Sudoku {
    const NAME: &'static str = "sudoku";
    const PUZZLINK: &'static [&'static str] = &["sudoku"];
    const SUMMARY: &'static str =
        "Sudoku: each digit once per row, column and box (4×4 to 25×25; the 81-character line)";
    const EXAMPLES: &'static [&'static str] = &[
        "family sudoku\nsize 4\nbox 2 2\ngrid\n. 1 . .\n. . . 2\n3 . . .\n. . 3 .\n",
        "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79\n",
        "https://puzz.link/p?sudoku/4/4/g1k23k3g\n",
    ];
    type Solution = Grid;

    fn parse(text: &str, source: &str) -> Result<Self, ParseError> {
        if wellposed_engine::family_of(text).is_some() {
            return formats::parse_document(text, source);
        }
        let mut lines = formats::content_lines(text);
        let Some((no, first)) = lines.next() else {
            return Err(ParseError {
                source: source.to_string(),
                line: 1,
                message: "expected `family sudoku`, a puzzle on one line (81 characters for \
                          9×9) or a puzz.link URL, found nothing"
                    .into(),
            });
        };
        if let Some((second, _)) = lines.next() {
            return Err(ParseError {
                source: source.to_string(),
                line: second,
                message: "a second puzzle: `wellposed sudoku batch FILE` answers a file of \
                          one puzzle per line"
                    .into(),
            });
        }
        Self::parse_game_id(first, source, no)
    }

    fn to_text(&self) -> String {
        formats::document(self)
    }

    fn recognises(text: &str) -> bool {
        formats::recognises(text)
    }

    fn looks_like_game_id(arg: &str) -> bool {
        let a = arg.trim();
        formats::line_side(a).is_some() || wellposed_engine::puzzlink::looks_like(a, "sudoku")
    }

    fn parse_game_id(id: &str, source: &str, line: usize) -> Result<Self, ParseError> {
        let id = id.trim();
        if wellposed_engine::puzzlink::split(id, "sudoku").is_some() {
            formats::parse_url(id, source, line)
        } else {
            formats::parse_line(id, source, line)
        }
    }

    fn url(&self) -> Option<String> {
        formats::url(self)
    }

    fn clues(&self) -> Vec<String> {
        given_cells::clues(&self.givens, self.n())
    }

    fn without_clues(&self, drop: &[usize]) -> Option<Self> {
        Some(Sudoku {
            shape: self.shape.clone(),
            givens: given_cells::without(&self.givens, drop),
        })
    }

    fn clues_from(&self, s: &Grid) -> Vec<String> {
        given_cells::from_solution(&self.givens, &s.0.concat(), self.n())
    }

    fn with_clues_from(&self, s: &Grid, picks: &[usize]) -> Option<Self> {
        Some(Sudoku {
            shape: self.shape.clone(),
            givens: given_cells::with_from(&self.givens, &s.0.concat(), picks),
        })
    }

    fn edit_grid(&self) -> Option<wellposed_engine::EditGrid> {
        Some(given_cells::edit_grid(
            &self.givens,
            self.n(),
            1..=self.n() as u8,
        ))
    }

    fn edited(&self, cells: &[String]) -> Result<Self, String> {
        let grid = Family::edit_grid(self).expect("a Sudoku has a grid");
        Ok(Sudoku {
            shape: self.shape.clone(),
            givens: given_cells::edited(&grid, cells)?,
        })
    }

    fn encodings(&self) -> Vec<EncodingKind> {
        vec![EncodingKind::ExactCover]
    }

    /// Items: every cell holds one digit; every row, column and box holds each digit once.
    /// An option places one digit in one cell and covers those four items. (The CNF path
    /// translates this exact cover.)
    fn encode(&self, kind: EncodingKind, choices: Choices) -> Option<Encoding> {
        if kind != EncodingKind::ExactCover {
            return None;
        }
        let n = self.n();
        let mut items = Vec::with_capacity(4 * n * n);
        for a in 1..=n {
            for b in 1..=n {
                items.push(format!("r{a}c{b}"));
                items.push(format!("row{a}#{b}"));
                items.push(format!("col{a}#{b}"));
                items.push(format!("box{a}#{b}"));
            }
        }
        let mut p = Problem::new(&items, &[] as &[String])
            .expect("distinct item names")
            .within(choices.max_bytes);
        // Item k of the list above is 4·(a−1)·n + 4·(b−1) + kind.
        let at = |a: usize, b: usize, kind: usize| 4 * (a * n + b) + kind;
        for (k, d) in self.placements() {
            let (r, c, b) = self.shape.units_of(k);
            let d0 = usize::from(d) - 1;
            let option = [
                (at(r, c, 0), None),
                (at(r, d0, 1), None),
                (at(c, d0, 2), None),
                (at(b, d0, 3), None),
            ];
            p.add_option(&option).expect("four distinct items");
        }
        Some(Encoding::ExactCover(p))
    }

    fn decode(&self, answer: &Answer) -> Grid {
        let n = self.n();
        let placements = self.placements();
        let mut cells = vec![0u8; n * n];
        for &o in answer.options() {
            if let Some(&(k, d)) = placements.get(o) {
                cells[k] = d;
            }
        }
        self.grid_of(&cells)
    }

    /// The rules alone: every cell a digit 1..n, the givens kept, each digit once in every
    /// row, column and box.
    fn verify(&self, s: &Grid) -> Result<(), String> {
        let n = self.n();
        if s.0.len() != n || s.0.iter().any(|r| r.len() != n) {
            return Err(format!("expected {n} rows of {n} digits"));
        }
        let cells = s.0.concat();
        for (k, &v) in cells.iter().enumerate() {
            if v == 0 || usize::from(v) > n {
                return Err(format!(
                    "row {} col {} holds no digit 1..{n}",
                    k / n + 1,
                    k % n + 1
                ));
            }
            if let Some(g) = self.givens[k] {
                if v != g {
                    return Err(format!(
                        "row {} col {} is not its given {g}",
                        k / n + 1,
                        k % n + 1
                    ));
                }
            }
        }
        for (u, unit) in self.shape.units.iter().enumerate() {
            let mut seen = 0u32;
            for &k in unit {
                seen |= solver::bit(cells[k]);
            }
            if seen != self.shape.full {
                let what = ["row", "column", "box"][u / n];
                return Err(format!(
                    "{what} {} does not hold each digit once",
                    u % n + 1
                ));
            }
        }
        Ok(())
    }

    fn render(&self, s: &Grid) -> String {
        draw::text(self, &s.0.concat())
    }

    fn svg(&self, s: &Grid) -> Option<String> {
        Some(draw::svg(self, &s.0.concat()))
    }

    /// The puzzle as given: the givens alone.
    fn svg_puzzle(&self) -> Option<String> {
        Some(draw::svg(
            self,
            &self
                .givens
                .iter()
                .map(|g| g.unwrap_or(0))
                .collect::<Vec<u8>>(),
        ))
    }

    fn render_partial(&self, known: &[Option<bool>]) -> Option<String> {
        // The answer variables are the exact cover's options, in `placements` order.
        let placements = self.placements();
        if known.len() != placements.len() {
            return None;
        }
        let mut cells = vec![0u8; self.n() * self.n()];
        for (&(k, d), v) in placements.iter().zip(known) {
            if *v == Some(true) {
                cells[k] = d;
            }
        }
        Some(draw::text(self, &cells))
    }

    /// The family's own search ([`solver`]), stopping at `stop` solutions.
    fn native(&self, want: u64, stop: u64) -> Option<Result<Native<Grid>, String>> {
        let (mut s, start) = solver::Solver::new(&self.shape, &self.givens);
        let mut solutions = Vec::new();
        let count = if start == solver::Start::Clash {
            0
        } else {
            s.count(stop, &mut |cells| {
                if (solutions.len() as u64) < want {
                    solutions.push(self.grid_of(cells));
                }
                true
            })
        };
        Some(Ok(Native {
            solutions,
            count: count.into(),
            complete: count < stop,
        }))
    }

    fn native_role(&self) -> NativeRole {
        NativeRole::TriesFirst
    }

    /// The family's search first on questions of at most two solutions (is there one, is it
    /// unique), within a node budget; counts are left to the encoding, so that the tests'
    /// counts through the engine stay the exact cover's.
    fn native_first(
        &self,
        want: u64,
        stop: u64,
        effort: wellposed_engine::Effort,
    ) -> wellposed_engine::Tried<Result<Native<Grid>, String>> {
        use wellposed_engine::{Effort, Tried};
        if stop > 2 {
            return Tried::Hopeless;
        }
        let cells = (self.n() * self.n()) as u64;
        let budget = match effort {
            Effort::Brief => NATIVE_BRIEF_WORK / cells,
            Effort::Full => NATIVE_FULL_WORK / cells,
        };
        let (s, start) = solver::Solver::new(&self.shape, &self.givens);
        let mut s = s.within(budget);
        let mut solutions = Vec::new();
        let count = if start == solver::Start::Clash {
            0
        } else {
            s.count(stop, &mut |cells| {
                if (solutions.len() as u64) < want {
                    solutions.push(self.grid_of(cells));
                }
                true
            })
        };
        match (s.gave_up, effort) {
            (false, _) => Tried::Answered(Ok(Native {
                solutions,
                count: count.into(),
                complete: count < stop,
            })),
            (true, Effort::Brief) => Tried::GaveUp,
            (true, Effort::Full) => Tried::Hopeless,
        }
    }

    fn deduction_encoding(&self) -> Option<Encoding> {
        Some(Encoding::Cnf(deduce::encoding(self)))
    }

    fn deduction_rules(&self) -> Vec<Box<dyn wellposed_engine::deduce::FamilyRule>> {
        deduce::rules(self)
    }

    fn answer_text(&self, name: &str, value: bool) -> String {
        match name.split_once('=') {
            Some((cell, d)) if value => format!("{cell} is {d}"),
            Some((cell, d)) => format!("{cell} is not {d}"),
            None => format!("{name} is {value}"),
        }
    }
}
