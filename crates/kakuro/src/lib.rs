//! Kakuro (cross sums, カックロ): fill every white cell with a digit 1–9 so that each run (a
//! maximal horizontal or vertical line of white cells) holds no digit twice and adds up to
//! the sum on the black cell before it. A black cell carries a down sum (for the run below
//! it) and an across sum (for the run to its right), either of which may be missing.
//!
//! The board is the whole grid as pzprjs draws it, the outer row and column of clue cells
//! included. A run with no sum (its black cell gives none, writes 0, or the run starts at the
//! edge) only holds distinct digits, as pzprjs checks it.
//!
//! Variables: one per white cell and digit (the answer). Constraints: one digit a cell; each
//! digit at most once a run; each summed run uses one of the sets of distinct digits of its
//! length that add up to its sum (the combinations, precomputed), chosen by a selector (see
//! [`encode`]).
//!
//! ```
//! use wellposed_engine::{uniqueness, Family, Options};
//! // pzprjs's own test URL for the genre (test/script/kakuro.js).
//! let url = "https://puzz.link/p?kakuro/5/5/48la0.na0lh3l0Bn.0cl.c4a3";
//! let p = wellposed_kakuro::Kakuro::parse(url, "doc").unwrap();
//! assert_eq!(uniqueness(&p, &Options::default()).unwrap().status(), "unique");
//! assert_eq!(p.url().unwrap(), url);
//! ```

pub mod draw;
pub mod encode;
pub mod format;
pub mod generate;
mod local;
pub mod rules;
#[cfg(test)]
mod tests;

use serde::Serialize;
use wellposed_engine::repair::places;
use wellposed_engine::sat::Choices;
use wellposed_engine::{Answer, Encoding, EncodingKind, Family, ParseError};
use wellposed_sat::Var;

/// The most cells accepted (the drawn grid): nine variables a cell, and a few dozen clauses.
pub const MAX_CELLS: usize = 40_000;

/// The largest sum a run can have (1 + 2 + … + 9); pzprjs's clue code reaches it too.
pub const MAX_SUM: u8 = 45;

/// One cell of the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Cell {
    White,
    /// A black cell with its down and across sums (`None`: not written; `Some(0)`: written as
    /// 0, which pzprjs reads as no sum; both are kept so that URLs come back as they were).
    Black {
        down: Option<u8>,
        across: Option<u8>,
    },
}

impl Cell {
    pub const BLACK: Cell = Cell::Black {
        down: None,
        across: None,
    };

    pub fn is_white(self) -> bool {
        self == Cell::White
    }
}

/// The clues: the whole drawn board, row by row.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Kakuro {
    pub rows: usize,
    pub cols: usize,
    pub cells: Vec<Cell>,
}

/// A maximal line of white cells.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Run {
    /// The cells, in order.
    pub cells: Vec<usize>,
    /// True for a horizontal run.
    pub across: bool,
    /// The black cell before it (`None` when the run starts at the edge).
    pub clue: Option<usize>,
    /// Its sum, when the clue gives one (a written 0 gives none).
    pub sum: Option<u8>,
}

/// A solution: the digit in every white cell.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Fill {
    /// The board drawn: digits in the white cells, `\` and the sums in the black ones.
    pub grid: Vec<String>,
    /// Per cell, its digit (0 for a black cell).
    #[serde(skip)]
    pub digits: Vec<u8>,
}

/// This family as the registry and every front end see it.
pub const FAMILY: wellposed_engine::FamilyEntry =
    wellposed_engine::FamilyEntry::of::<Kakuro>().generator(generate::GENERATOR);

impl Kakuro {
    /// A board of the given cells (`cells.len() == rows * cols`).
    pub fn new(rows: usize, cols: usize, cells: Vec<Cell>) -> Kakuro {
        assert_eq!(cells.len(), rows * cols, "a cell for every place");
        Kakuro { rows, cols, cells }
    }

    /// The white cells in order: cell variables come in this order, nine to a cell.
    pub fn whites(&self) -> Vec<usize> {
        (0..self.cells.len())
            .filter(|&k| self.cells[k].is_white())
            .collect()
    }

    /// Per cell, its index among the white cells (`None` for a black cell).
    pub fn white_index(&self) -> Vec<Option<usize>> {
        let mut next = 0;
        self.cells
            .iter()
            .map(|c| {
                c.is_white().then(|| {
                    next += 1;
                    next - 1
                })
            })
            .collect()
    }

    /// Every run, the across runs first (row by row), then the down runs (column by column);
    /// runs of one cell too (they only ask for a digit).
    pub fn runs(&self) -> Vec<Run> {
        let (m, n) = (self.rows, self.cols);
        let mut out = Vec::new();
        for across in [true, false] {
            let (lines, len) = if across { (m, n) } else { (n, m) };
            for line in 0..lines {
                let at = |i: usize| if across { line * n + i } else { i * n + line };
                let mut i = 0;
                while i < len {
                    if !self.cells[at(i)].is_white() {
                        i += 1;
                        continue;
                    }
                    let start = i;
                    while i < len && self.cells[at(i)].is_white() {
                        i += 1;
                    }
                    let clue = (start > 0).then(|| at(start - 1));
                    let sum = clue
                        .and_then(|k| self.clue_of(k, across))
                        .filter(|&s| s > 0);
                    out.push(Run {
                        cells: (start..i).map(at).collect(),
                        across,
                        clue,
                        sum,
                    });
                }
            }
        }
        out
    }

    /// The sum written on black cell k for the run to its right (`across`) or below it.
    pub fn clue_of(&self, k: usize, across: bool) -> Option<u8> {
        match self.cells[k] {
            Cell::Black { down, across: a } => {
                if across {
                    a
                } else {
                    down
                }
            }
            Cell::White => None,
        }
    }

    /// Sets the sum on black cell k for the run to its right (`across`) or below it.
    pub fn set_clue(&mut self, k: usize, across: bool, value: Option<u8>) {
        if let Cell::Black { down, across: a } = &mut self.cells[k] {
            if across {
                *a = value;
            } else {
                *down = value;
            }
        }
    }

    /// `row R col C` (from 1, in the drawn grid), the name of cell k in messages and hints.
    pub fn cell_name(&self, k: usize) -> String {
        format!("row {} col {}", k / self.cols + 1, k % self.cols + 1)
    }

    /// A run's name in messages: where its clue is (or its first cell) and its direction.
    pub fn run_name(&self, run: &Run) -> String {
        let dir = if run.across { "across" } else { "down" };
        match run.clue {
            Some(k) => format!("the {dir} run of {}", self.cell_name(k)),
            None => format!("the {dir} run from {}", self.cell_name(run.cells[0])),
        }
    }

    /// Checks a fill by the rules alone: a digit 1–9 in every white cell, none in a black one,
    /// no digit twice in a run, every summed run adding up to its sum.
    pub fn check(&self, digits: &[u8]) -> Result<(), String> {
        if digits.len() != self.cells.len() {
            return Err(format!("expected {} cells", self.cells.len()));
        }
        for (k, (&d, cell)) in digits.iter().zip(&self.cells).enumerate() {
            match (cell.is_white(), d) {
                (true, 1..=9) | (false, 0) => {}
                (true, _) => return Err(format!("{} holds no digit 1–9", self.cell_name(k))),
                (false, _) => {
                    return Err(format!("{} is black and holds a digit", self.cell_name(k)))
                }
            }
        }
        for run in self.runs() {
            let mut seen = 0u16;
            for &k in &run.cells {
                if seen & 1 << digits[k] != 0 {
                    return Err(format!("{} holds {} twice", self.run_name(&run), digits[k]));
                }
                seen |= 1 << digits[k];
            }
            if let Some(s) = run.sum {
                let total: u32 = run.cells.iter().map(|&k| u32::from(digits[k])).sum();
                if total != u32::from(s) {
                    return Err(format!(
                        "{} adds up to {total}, not {s}",
                        self.run_name(&run)
                    ));
                }
            }
        }
        Ok(())
    }

    /// A fill as a solution.
    pub fn fill(&self, digits: Vec<u8>) -> Fill {
        Fill {
            grid: draw::rows(self, &digits),
            digits,
        }
    }

    /// The runs that carry a sum, in order: the clues a setter may take away.
    fn summed(&self) -> Vec<Run> {
        self.runs()
            .into_iter()
            .filter(|r| r.sum.is_some())
            .collect()
    }

    /// The runs with a clue cell but no sum: where a solution can add one.
    fn unsummed(&self) -> Vec<Run> {
        self.runs()
            .into_iter()
            .filter(|r| r.sum.is_none() && r.clue.is_some())
            .collect()
    }

    fn clue_text(&self, run: &Run, sum: u32) -> String {
        let dir = if run.across { "across" } else { "down" };
        let k = run.clue.expect("a run with a clue cell");
        format!("{} {dir} sums to {sum}", self.cell_name(k))
    }
}

impl Family for Kakuro {
    const NAME: &'static str = "kakuro";
    const PUZZLINK: &'static [&'static str] = &["kakuro"];
    const SUMMARY: &'static str =
        "Kakuro (cross sums): digits 1–9, each run adds up to its sum with no digit twice";
    const EXAMPLES: &'static [&'static str] = &[
        "family kakuro\nsize 3 3\ngrid\n\\ 4\\ 3\\\n\\4 . .\n\\3 . .\n",
        "https://puzz.link/p?kakuro/5/5/48la0.na0lh3l0Bn.0cl.c4a3\n",
    ];
    type Solution = Fill;

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
        format::url(self)
    }

    fn encodings(&self) -> Vec<EncodingKind> {
        vec![EncodingKind::Cnf]
    }

    fn encode(&self, kind: EncodingKind, choices: Choices) -> Option<Encoding> {
        (kind == EncodingKind::Cnf).then(|| Encoding::Cnf(encode::cnf(self, choices)))
    }

    fn decode(&self, answer: &Answer) -> Fill {
        let index = self.white_index();
        let digits = index
            .iter()
            .map(|w| {
                w.and_then(|w| (1..=9u8).find(|&d| answer.value(Var(encode::digit_var(w, d)))))
                    .unwrap_or(0)
            })
            .collect();
        self.fill(digits)
    }

    fn verify(&self, s: &Fill) -> Result<(), String> {
        self.check(&s.digits)
    }

    fn render(&self, s: &Fill) -> String {
        s.grid.join("\n")
    }

    /// Per white cell its digit once settled, `?` while open; black cells as in the text.
    fn render_partial(&self, known: &[Option<bool>]) -> Option<String> {
        Some(draw::partial(self, known))
    }

    fn svg(&self, s: &Fill) -> Option<String> {
        Some(draw::svg(self, s))
    }

    /// The puzzle as given: the sums, no digit written.
    fn svg_puzzle(&self) -> Option<String> {
        Some(draw::svg_puzzle(self))
    }

    /// Candidates only: the sums are the rules' work (see [`rules`]).
    fn deduction_encoding(&self) -> Option<Encoding> {
        Some(Encoding::Cnf(rules::encoding(self)))
    }

    fn deduction_rules(&self) -> Vec<Box<dyn wellposed_engine::deduce::FamilyRule>> {
        rules::rules(self)
    }

    fn answer_text(&self, name: &str, value: bool) -> String {
        match name.split_once('=') {
            Some((cell, d)) if value => format!("{cell} is {d}"),
            Some((cell, d)) => format!("{cell} is not {d}"),
            None => format!("{name} is {value}"),
        }
    }

    /// The clues are the sums of the runs.
    fn clues(&self) -> Vec<String> {
        self.summed()
            .iter()
            .map(|r| self.clue_text(r, u32::from(r.sum.expect("summed"))))
            .collect()
    }

    fn without_clues(&self, drop: &[usize]) -> Option<Self> {
        places::changed(self, self.summed(), drop, |p, run| {
            p.set_clue(run.clue.expect("a summed run has a clue"), run.across, None);
        })
    }

    /// A solution can give a sum to every run whose clue cell has none.
    fn clues_from(&self, s: &Fill) -> Vec<String> {
        self.unsummed()
            .iter()
            .map(|r| {
                let total = r.cells.iter().map(|&k| u32::from(s.digits[k])).sum();
                self.clue_text(r, total)
            })
            .collect()
    }

    fn with_clues_from(&self, s: &Fill, picks: &[usize]) -> Option<Self> {
        places::changed(self, self.unsummed(), picks, |p, run| {
            let total: u32 = run.cells.iter().map(|&k| u32::from(s.digits[k])).sum();
            let total = u8::try_from(total).ok().filter(|&t| t <= MAX_SUM)?;
            p.set_clue(run.clue.expect("a clue cell"), run.across, Some(total));
            Some(())
        })
    }

    /// Every cell as its token: `.` white, `\` black, `D\A` black with sums; a click goes
    /// through white, plain black and the sum tokens the board already has.
    fn edit_grid(&self) -> Option<wellposed_engine::EditGrid> {
        let cells: Vec<String> = self.cells.iter().map(|&c| format::token(c)).collect();
        let mut symbols = vec![".".to_string(), "\\".to_string()];
        let mut sums: Vec<String> = cells
            .iter()
            .filter(|t| !symbols.contains(t))
            .cloned()
            .collect();
        sums.sort();
        sums.dedup();
        symbols.extend(sums);
        Some(wellposed_engine::EditGrid {
            rows: self.rows,
            cols: self.cols,
            cells,
            symbols,
        })
    }

    fn edited(&self, cells: &[String]) -> Result<Self, String> {
        Family::edit_grid(self).expect("a board").check(cells)?;
        let cells = cells
            .iter()
            .map(|t| format::cell_of(t).expect("checked: a token of the board"))
            .collect();
        Ok(Kakuro::new(self.rows, self.cols, cells))
    }
}
