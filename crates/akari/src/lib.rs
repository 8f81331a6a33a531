//! Akari (Light Up, 美術館): place lights in white cells so that every white cell is lit (a
//! light lights its own cell and the cells of its row and column up to a black cell or the
//! edge), no two lights light each other, and a black cell with a number has exactly that many
//! lights among its four neighbours.
//!
//! Variables: one per white cell, true when it holds a light (the answer). Constraints: at
//! most one light in every maximal run of white cells in a row or a column (a "segment"); every
//! white cell lit (one clause over the cells of its row and column segments); each number a
//! cardinality constraint over its white neighbours (written as every forbidden subset, which
//! unit propagation settles completely).
//!
//! ```
//! use wellposed_engine::{uniqueness, Family, Options};
//! // pzprjs's own test URL for the genre (test/script/lightup.js).
//! let p = wellposed_akari::Akari::parse("https://puzz.link/p?akari/6/6/nekcakbl", "doc").unwrap();
//! assert_eq!(uniqueness(&p, &Options::default()).unwrap().status(), "unique");
//! assert_eq!(p.url().unwrap(), "https://puzz.link/p?akari/6/6/nekcakbl");
//! ```

pub mod formats;
pub mod generate;
pub mod rules;
#[cfg(test)]
mod tests;

use serde::Serialize;
use wellposed_engine::repair::places;
use wellposed_engine::sat::Choices;
use wellposed_engine::{Answer, CnfEncoding, Encoding, EncodingKind, Family, ParseError};
use wellposed_sat::{AmoEncoding, Cnf, Lit, Var};

/// The most cells accepted: every white cell's clause names its row and column, so the
/// encoding grows with cells × side.
pub const MAX_CELLS: usize = 10_000;

/// One cell of the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Cell {
    White,
    /// A black cell without a number.
    Black,
    /// A black cell with the number of lights among its four neighbours (0 to 4).
    Number(u8),
}

impl Cell {
    pub fn is_white(self) -> bool {
        self == Cell::White
    }

    /// The cell's character in the text format and drawings.
    pub fn symbol(self) -> char {
        match self {
            Cell::White => '.',
            Cell::Black => 'X',
            Cell::Number(n) => char::from(b'0' + n),
        }
    }

    /// The cell a character of the text format stands for.
    pub fn of_symbol(c: char) -> Option<Cell> {
        match c {
            '.' => Some(Cell::White),
            'X' => Some(Cell::Black),
            '0'..='4' => Some(Cell::Number(c as u8 - b'0')),
            _ => None,
        }
    }
}

/// The clues: the board of white, black and numbered cells, row by row.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Akari {
    pub rows: usize,
    pub cols: usize,
    pub cells: Vec<Cell>,
}

/// A solution: where the lights are.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Lights {
    /// The board drawn: `*` a light, `.` a lit white cell, `X` and digits the black cells.
    pub grid: Vec<String>,
    /// Per cell, whether it holds a light.
    #[serde(skip)]
    pub light: Vec<bool>,
}

/// This family as the registry and every front end see it.
pub const FAMILY: wellposed_engine::FamilyEntry =
    wellposed_engine::FamilyEntry::of::<Akari>().generator(generate::GENERATOR);

impl Akari {
    /// A board of the given cells (`cells.len() == rows * cols`).
    pub fn new(rows: usize, cols: usize, cells: Vec<Cell>) -> Akari {
        assert_eq!(cells.len(), rows * cols, "a cell for every place");
        Akari { rows, cols, cells }
    }

    /// The four orthogonal neighbours of cell k that are on the board.
    pub fn neighbours(&self, k: usize) -> impl Iterator<Item = usize> + '_ {
        let (r, c) = (k / self.cols, k % self.cols);
        [
            (r > 0).then(|| k - self.cols),
            (r + 1 < self.rows).then(|| k + self.cols),
            (c > 0).then(|| k - 1),
            (c + 1 < self.cols).then(|| k + 1),
        ]
        .into_iter()
        .flatten()
    }

    /// The white cells in order: answer variable i is the i-th of them.
    pub fn whites(&self) -> Vec<usize> {
        (0..self.cells.len())
            .filter(|&k| self.cells[k].is_white())
            .collect()
    }

    /// Per cell, its answer variable's index (`None` for a black cell).
    pub fn var_of(&self) -> Vec<Option<usize>> {
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

    /// The maximal runs of white cells, in rows (first) and in columns, as cell indices; and
    /// per cell the indices of its row and column segments (`usize::MAX` for black cells).
    pub fn segments(&self) -> (Vec<Vec<usize>>, Vec<[usize; 2]>) {
        let (m, n) = (self.rows, self.cols);
        let mut segs: Vec<Vec<usize>> = Vec::new();
        let mut of = vec![[usize::MAX; 2]; m * n];
        for (dir, lines) in [(0, m), (1, n)] {
            for line in 0..lines {
                let len = if dir == 0 { n } else { m };
                let mut run: Vec<usize> = Vec::new();
                for i in 0..=len {
                    let k = (i < len).then(|| if dir == 0 { line * n + i } else { i * n + line });
                    match k.filter(|&k| self.cells[k].is_white()) {
                        Some(k) => {
                            of[k][dir] = segs.len();
                            run.push(k);
                        }
                        None if !run.is_empty() => segs.push(std::mem::take(&mut run)),
                        None => {}
                    }
                }
            }
        }
        (segs, of)
    }

    /// The clauses that say a number's count: at most n lights among its white neighbours
    /// (no n + 1 of them all lights) and at least n (no |N| − n + 1 of them all dark).
    pub fn number_clauses(&self, k: usize, var_of: &[Option<usize>]) -> Vec<Vec<Lit>> {
        let Cell::Number(n) = self.cells[k] else {
            return Vec::new();
        };
        let lits: Vec<Var> = self
            .neighbours(k)
            .filter_map(|nb| var_of[nb])
            .map(|v| Var(v as u32))
            .collect();
        let n = usize::from(n);
        if n > lits.len() {
            return vec![Vec::new()];
        }
        let mut out = Vec::new();
        for mask in 0u32..1 << lits.len() {
            let chosen = (0..lits.len()).filter(|i| mask & 1 << i != 0);
            let size = mask.count_ones() as usize;
            if size == n + 1 {
                out.push(chosen.clone().map(|i| lits[i].negative()).collect());
            }
            if size == lits.len() - n + 1 {
                out.push(chosen.map(|i| lits[i].positive()).collect());
            }
        }
        out
    }

    /// The rules without the numbers: at most one light a segment, every white cell lit.
    pub fn rules_cnf(&self, choices: Choices) -> Cnf {
        let var_of = self.var_of();
        let mut cnf = Cnf::with_choices(choices);
        let whites = self.whites();
        cnf.new_vars(whites.len());
        let lit = |k: usize| Var(var_of[k].expect("a white cell") as u32).positive();
        let (segs, of) = self.segments();
        for seg in &segs {
            if seg.len() > 1 {
                let lits: Vec<Lit> = seg.iter().map(|&k| lit(k)).collect();
                cnf.at_most_one(&lits, AmoEncoding::Auto);
            }
        }
        for &k in &whites {
            let [row, col] = of[k];
            let mut clause: Vec<Lit> = segs[row].iter().map(|&j| lit(j)).collect();
            clause.extend(segs[col].iter().filter(|&&j| j != k).map(|&j| lit(j)));
            cnf.add_clause(&clause);
        }
        cnf
    }

    /// The CNF encoding, building at-most-one constraints as `choices` say.
    pub fn cnf_with(&self, choices: Choices) -> CnfEncoding {
        let mut cnf = self.rules_cnf(choices);
        let var_of = self.var_of();
        for k in 0..self.cells.len() {
            for clause in self.number_clauses(k, &var_of) {
                cnf.add_clause(&clause);
            }
        }
        let whites = self.whites();
        let answer = (0..whites.len()).map(|v| Var(v as u32)).collect();
        let names = whites.iter().map(|&k| self.cell_name(k)).collect();
        CnfEncoding::new(cnf, answer, names)
    }

    /// `row R col C` (from 1), the name of cell k in messages and hints.
    pub fn cell_name(&self, k: usize) -> String {
        format!("row {} col {}", k / self.cols + 1, k % self.cols + 1)
    }

    /// The cells cell k lights when it holds a light (itself first), walking the four
    /// directions up to a black cell or the edge: the rule as the player reads it.
    pub fn lit_from(&self, k: usize) -> Vec<usize> {
        let mut out = vec![k];
        let (r, c) = ((k / self.cols) as isize, (k % self.cols) as isize);
        for (dr, dc) in [(-1, 0), (1, 0), (0, -1), (0, 1)] {
            let (mut rr, mut cc) = (r + dr, c + dc);
            while rr >= 0 && cc >= 0 && (rr as usize) < self.rows && (cc as usize) < self.cols {
                let j = rr as usize * self.cols + cc as usize;
                if !self.cells[j].is_white() {
                    break;
                }
                out.push(j);
                rr += dr;
                cc += dc;
            }
        }
        out
    }

    /// Checks a placement of lights by the rules alone.
    pub fn check(&self, light: &[bool]) -> Result<(), String> {
        if light.len() != self.cells.len() {
            return Err(format!("expected {} cells", self.cells.len()));
        }
        let mut lit = vec![false; light.len()];
        for k in (0..light.len()).filter(|&k| light[k]) {
            if !self.cells[k].is_white() {
                return Err(format!("{} is black and holds a light", self.cell_name(k)));
            }
            for &j in &self.lit_from(k) {
                if j != k && light[j] {
                    return Err(format!(
                        "the lights at {} and {} light each other",
                        self.cell_name(k),
                        self.cell_name(j)
                    ));
                }
                lit[j] = true;
            }
        }
        for (k, &cell) in self.cells.iter().enumerate() {
            match cell {
                Cell::White if !lit[k] => {
                    return Err(format!("{} is not lit", self.cell_name(k)));
                }
                Cell::Number(n) => {
                    let around = self.neighbours(k).filter(|&j| light[j]).count();
                    if around != usize::from(n) {
                        return Err(format!(
                            "{} shows {n} but has {around} lights beside it",
                            self.cell_name(k)
                        ));
                    }
                }
                _ => {}
            }
        }
        Ok(())
    }

    /// A placement of lights as a solution.
    pub fn lights(&self, light: Vec<bool>) -> Lights {
        let grid = (0..self.rows)
            .map(|r| {
                (0..self.cols)
                    .map(|c| {
                        let k = r * self.cols + c;
                        if light[k] {
                            '*'
                        } else {
                            self.cells[k].symbol()
                        }
                    })
                    .collect()
            })
            .collect();
        Lights { grid, light }
    }

    /// The numbered cells, in order: the clues a setter may take away.
    fn numbered(&self) -> impl Iterator<Item = usize> + '_ {
        (0..self.cells.len()).filter(|&k| matches!(self.cells[k], Cell::Number(_)))
    }

    /// The black cells without a number: where a solution can add one.
    fn unnumbered(&self) -> impl Iterator<Item = usize> + '_ {
        (0..self.cells.len()).filter(|&k| self.cells[k] == Cell::Black)
    }
}

/// The symbols of the edit grid, in the order a click goes through them.
const EDIT_SYMBOLS: [&str; 7] = [".", "X", "0", "1", "2", "3", "4"];

impl Family for Akari {
    const NAME: &'static str = "akari";
    const PUZZLINK: &'static [&'static str] = &["lightup", "akari"];
    const SUMMARY: &'static str =
        "Akari (Light Up): light every white cell, lights never see each other, numbers count lights";
    const EXAMPLES: &'static [&'static str] = &[
        "family akari\nsize 4 4\ngrid\n.X2.\n1...\n.X..\n..X.\n",
        "https://puzz.link/p?akari/6/6/nekcakbl\n",
    ];
    type Solution = Lights;

    fn parse(text: &str, source: &str) -> Result<Self, ParseError> {
        formats::parse(text, source)
    }

    fn to_text(&self) -> String {
        formats::to_text(self)
    }

    /// A puzz.link URL alone in a file.
    fn from_puzzlink(url: &wellposed_engine::puzzlink::Url) -> Result<Self, String> {
        formats::from_url(url)
    }

    fn url(&self) -> Option<String> {
        Some(formats::url(self))
    }

    fn encodings(&self) -> Vec<EncodingKind> {
        vec![EncodingKind::Cnf]
    }

    fn encode(&self, kind: EncodingKind, choices: Choices) -> Option<Encoding> {
        (kind == EncodingKind::Cnf).then(|| Encoding::Cnf(self.cnf_with(choices)))
    }

    fn decode(&self, answer: &Answer) -> Lights {
        let var_of = self.var_of();
        let light = var_of
            .iter()
            .map(|v| v.is_some_and(|v| answer.value(Var(v as u32))))
            .collect();
        self.lights(light)
    }

    fn verify(&self, s: &Lights) -> Result<(), String> {
        self.check(&s.light)
    }

    fn render(&self, s: &Lights) -> String {
        s.grid.join("\n")
    }

    /// `*` a light, `x` no light, `?` not settled; black cells as in the text.
    fn render_partial(&self, known: &[Option<bool>]) -> Option<String> {
        let var_of = self.var_of();
        let rows: Vec<String> = (0..self.rows)
            .map(|r| {
                (0..self.cols)
                    .map(|c| {
                        let k = r * self.cols + c;
                        match var_of[k].map(|v| known.get(v).copied().flatten()) {
                            None => self.cells[k].symbol(),
                            Some(Some(true)) => '*',
                            Some(Some(false)) => 'x',
                            Some(None) => '?',
                        }
                    })
                    .collect()
            })
            .collect();
        Some(rows.join("\n"))
    }

    fn svg(&self, s: &Lights) -> Option<String> {
        Some(formats::svg(self, s))
    }

    /// The puzzle as given: the walls and numbers with no light placed.
    fn svg_puzzle(&self) -> Option<String> {
        Some(formats::svg(
            self,
            &self.lights(vec![false; self.rows * self.cols]),
        ))
    }

    fn deduction_rules(&self) -> Vec<Box<dyn wellposed_engine::deduce::FamilyRule>> {
        rules::rules(self)
    }

    fn answer_text(&self, name: &str, value: bool) -> String {
        if value {
            format!("{name} holds a light")
        } else {
            format!("{name} holds no light")
        }
    }

    /// The clues are the numbers on black cells (taking one away leaves the cell black).
    fn clues(&self) -> Vec<String> {
        self.numbered()
            .map(|k| format!("{} shows {}", self.cell_name(k), self.cells[k].symbol()))
            .collect()
    }

    fn without_clues(&self, drop: &[usize]) -> Option<Self> {
        places::changed(self, self.numbered(), drop, |p, k| p.cells[k] = Cell::Black)
    }

    /// A solution can number the black cells that have none.
    fn clues_from(&self, s: &Lights) -> Vec<String> {
        self.unnumbered()
            .map(|k| {
                let n = self.neighbours(k).filter(|&j| s.light[j]).count();
                format!("{} shows {n}", self.cell_name(k))
            })
            .collect()
    }

    fn with_clues_from(&self, s: &Lights, picks: &[usize]) -> Option<Self> {
        places::changed(self, self.unnumbered(), picks, |p, k| {
            let n = self.neighbours(k).filter(|&j| s.light[j]).count();
            p.cells[k] = Cell::Number(n as u8);
        })
    }

    /// Every cell: `.` white, `X` black, `0`–`4` a numbered black cell.
    fn edit_grid(&self) -> Option<wellposed_engine::EditGrid> {
        Some(wellposed_engine::EditGrid {
            rows: self.rows,
            cols: self.cols,
            cells: self.cells.iter().map(|c| c.symbol().to_string()).collect(),
            symbols: EDIT_SYMBOLS.iter().map(|s| s.to_string()).collect(),
        })
    }

    fn edited(&self, cells: &[String]) -> Result<Self, String> {
        let grid = Family::edit_grid(self).expect("a board has a grid");
        grid.check(cells)?;
        let cells = cells
            .iter()
            .map(|s| {
                s.chars()
                    .next()
                    .and_then(Cell::of_symbol)
                    .expect("checked against the symbols")
            })
            .collect();
        Ok(Akari::new(self.rows, self.cols, cells))
    }
}
