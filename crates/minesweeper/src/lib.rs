//! Minesweeper: which layouts of mines agree with the revealed numbers (and, when given, the
//! total number of mines)?
//!
//! Variables: one per unknown cell (true = mine); they are the answer. Constraints: each
//! revealed number counts the mines among its eight neighbours (known mines included), as an
//! exactly-k over its unknown neighbours; with `mines N`, exactly N mines in all. The native
//! path ([`count`]) splits the unknown cells that touch a number into independent components,
//! counts each component's layouts by number of mines, and combines them, with the cells that
//! touch no number, by a convolution over mine counts: exact counts and exact probabilities
//! without enumerating the board.

pub mod commands;
pub mod count;
pub mod endgame;
pub mod formats;
pub mod play;
mod rules;

pub use rules::Subsets;

use serde::Serialize;
use wellposed_engine::repair::places;
use wellposed_engine::sat::Choices;
use wellposed_engine::NativeRole;
use wellposed_engine::{Answer, CnfEncoding, Encoding, EncodingKind, Family, Native, ParseError};
use wellposed_sat::{Cnf, Lit, Var};

/// The largest board accepted (cells).
pub const MAX_CELLS: usize = 1_000_000;

/// The largest counter for the total number of mines in the CNF: unknown cells × (mines + 1).
pub const MAX_COUNTER: usize = 50_000_000;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Cell {
    /// Not known: a mine or not.
    Unknown,
    /// Revealed: not a mine, showing the number of mines among its neighbours.
    Number(u8),
    /// Known to be a mine.
    Mine,
    /// Known to hold no mine, its number not shown (puzz.link's `?` clue): a clue "no mine
    /// here" and nothing more.
    Safe,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Board {
    pub rows: usize,
    pub cols: usize,
    pub cells: Vec<Cell>,
    /// The total number of mines, when known.
    pub mines: Option<usize>,
}

/// A layout: rows of `*` (mine), digits (revealed numbers), `-` (given safe) and `.` (no mine).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Layout {
    pub rows: Vec<String>,
    #[serde(skip)]
    pub mines: Vec<bool>,
}

impl Board {
    /// The neighbours of cell k (up to eight).
    pub fn neighbours(&self, k: usize) -> impl Iterator<Item = usize> + '_ {
        let (r, c) = ((k / self.cols) as isize, (k % self.cols) as isize);
        (-1isize..=1)
            .flat_map(move |dr| (-1isize..=1).map(move |dc| (dr, dc)))
            .filter(|&d| d != (0, 0))
            .filter_map(move |(dr, dc)| {
                let (rr, cc) = (r + dr, c + dc);
                (rr >= 0 && cc >= 0 && (rr as usize) < self.rows && (cc as usize) < self.cols)
                    .then(|| rr as usize * self.cols + cc as usize)
            })
    }

    /// The unknown cells, in row-major order (the answer variables, in this order).
    pub fn unknown(&self) -> Vec<usize> {
        (0..self.cells.len())
            .filter(|&k| self.cells[k] == Cell::Unknown)
            .collect()
    }

    /// Each revealed number's unknown neighbours and how many of them must be mines, or the
    /// first number that cannot be met (more known mines around it than it says, or more
    /// needed than unknown neighbours).
    pub fn constraints(&self) -> Result<Vec<(usize, Vec<usize>, usize)>, String> {
        let mut out = Vec::new();
        for k in 0..self.cells.len() {
            let Cell::Number(n) = self.cells[k] else {
                continue;
            };
            let mut open = Vec::new();
            let mut known = 0usize;
            for nb in self.neighbours(k) {
                match self.cells[nb] {
                    Cell::Unknown => open.push(nb),
                    Cell::Mine => known += 1,
                    Cell::Number(_) | Cell::Safe => {}
                }
            }
            let need = usize::from(n)
                .checked_sub(known)
                .filter(|&m| m <= open.len());
            match need {
                Some(m) => out.push((k, open, m)),
                None => {
                    return Err(format!(
                        "the {n} at row {} col {} cannot be met",
                        k / self.cols + 1,
                        k % self.cols + 1
                    ))
                }
            }
        }
        Ok(out)
    }

    /// The layout that puts mines on `mines` (indexed like the cells).
    pub fn layout(&self, mines: &[bool]) -> Layout {
        let rows = (0..self.rows)
            .map(|r| {
                (0..self.cols)
                    .map(|c| {
                        let k = r * self.cols + c;
                        match self.cells[k] {
                            Cell::Number(n) => char::from(b'0' + n),
                            Cell::Safe => '-',
                            _ if mines[k] => '*',
                            _ => '.',
                        }
                    })
                    .collect()
            })
            .collect();
        Layout {
            rows,
            mines: mines.to_vec(),
        }
    }

    /// Checks a layout by the rules: known mines are mines, revealed and safe cells are not, every
    /// number counts its neighbouring mines, and the total is right when given.
    pub fn check(&self, mines: &[bool]) -> Result<(), String> {
        if mines.len() != self.cells.len() {
            return Err(format!("expected {} cells", self.cells.len()));
        }
        for (k, cell) in self.cells.iter().enumerate() {
            let at = || format!("row {} col {}", k / self.cols + 1, k % self.cols + 1);
            match *cell {
                Cell::Mine if !mines[k] => {
                    return Err(format!("the known mine at {} is gone", at()))
                }
                Cell::Number(_) if mines[k] => {
                    return Err(format!("a mine sits on the revealed cell at {}", at()))
                }
                Cell::Safe if mines[k] => {
                    return Err(format!("a mine sits on the safe cell at {}", at()))
                }
                Cell::Number(n) => {
                    let around = self.neighbours(k).filter(|&nb| mines[nb]).count();
                    if around != usize::from(n) {
                        return Err(format!("the {n} at {} sees {around} mines", at()));
                    }
                }
                _ => {}
            }
        }
        if let Some(total) = self.mines {
            let placed = mines.iter().filter(|&&m| m).count();
            if placed != total {
                return Err(format!("{placed} mines placed, the board has {total}"));
            }
        }
        Ok(())
    }
}

/// This family as the registry and every front end see it.
pub const FAMILY: wellposed_engine::FamilyEntry = wellposed_engine::FamilyEntry::of::<Board>()
    .generator(commands::GENERATOR)
    .commands(commands::COMMANDS);

impl Board {
    /// A known cell in words (`None` for an unknown one).
    fn cell_words(&self, k: usize, cell: Cell) -> Option<String> {
        let at = wellposed_engine::repair::given_cells::place(k, self.cols);
        match cell {
            Cell::Unknown => None,
            Cell::Number(n) => Some(format!("{at} shows {n}")),
            Cell::Mine => Some(format!("{at} is a mine")),
            Cell::Safe => Some(format!("{at} is safe")),
        }
    }

    /// Cell k as the solution `s` would reveal it.
    fn revealed(&self, s: &Layout, k: usize) -> Cell {
        if s.mines[k] {
            Cell::Mine
        } else {
            Cell::Number(self.neighbours(k).filter(|&j| s.mines[j]).count() as u8)
        }
    }
}

impl Family for Board {
    const NAME: &'static str = "minesweeper";
    const PUZZLINK: &'static [&'static str] = &["mines"];
    const EXAMPLES: &'static [&'static str] = &[
        "4\n4\n1..1\n.22.\n.22.\n1..1\n",
        "9x9:4,4,004000007c00010022080\n",
        "family minesweeper\nmines 2\ngrid\n1..\n...\n..1\n",
        // pzprjs's own test URL (test/script/mines.js).
        "https://puzz.link/p?mines/5/5/g2m13l13g0j\n",
        // Cells given safe without their number (semiexp/cspuz_core's test).
        "https://puzz.link/p?mines/5/3/1g1g.j.0g1g.\n",
    ];
    type Solution = Layout;

    /// The setter reveals numbers and marks mines: `.` unknown, `*` a mine, `-` safe, `0`–`8`.
    fn edit_grid(&self) -> Option<wellposed_engine::EditGrid> {
        let symbol = |c: &Cell| match c {
            Cell::Unknown => ".".to_string(),
            Cell::Mine => "*".to_string(),
            Cell::Safe => "-".to_string(),
            Cell::Number(n) => n.to_string(),
        };
        Some(wellposed_engine::EditGrid {
            rows: self.rows,
            cols: self.cols,
            cells: self.cells.iter().map(symbol).collect(),
            symbols: [".", "*", "-", "0", "1", "2", "3", "4", "5", "6", "7", "8"]
                .map(String::from)
                .to_vec(),
        })
    }

    fn edited(&self, cells: &[String]) -> Result<Self, String> {
        Family::edit_grid(self).expect("a grid").check(cells)?;
        let cell = |s: &String| match s.as_str() {
            "." => Cell::Unknown,
            "*" => Cell::Mine,
            "-" => Cell::Safe,
            n => Cell::Number(n.parse().expect("checked: a digit 0-8")),
        };
        Ok(Board {
            cells: cells.iter().map(cell).collect(),
            ..self.clone()
        })
    }

    /// The clues are the revealed numbers and the cells known to be mines or safe.
    fn clues(&self) -> Vec<String> {
        (0..self.cells.len())
            .filter_map(|k| self.cell_words(k, self.cells[k]))
            .collect()
    }

    fn without_clues(&self, drop: &[usize]) -> Option<Self> {
        let known = (0..self.cells.len()).filter(|&k| self.cells[k] != Cell::Unknown);
        places::changed(self, known, drop, |b, k| b.cells[k] = Cell::Unknown)
    }

    /// An open cell of a solution, as a clue: its number when it is safe, a known mine when not.
    fn clues_from(&self, s: &Layout) -> Vec<String> {
        self.unknown()
            .into_iter()
            .filter_map(|k| self.cell_words(k, self.revealed(s, k)))
            .collect()
    }

    fn with_clues_from(&self, s: &Layout, picks: &[usize]) -> Option<Self> {
        places::changed(self, self.unknown(), picks, |b, k| {
            b.cells[k] = self.revealed(s, k);
        })
    }

    const SUMMARY: &'static str = "Minesweeper positions: where the mines can be, and how likely";

    fn to_text(&self) -> String {
        formats::to_text(self)
    }

    /// The shared set's plain files (the numbers of rows and of columns, then the grid), or a
    /// Mines game ID alone in a file.
    fn recognises(text: &str) -> bool {
        formats::plain_grid(text)
            || wellposed_engine::lone_line(text)
                .is_some_and(|(_, l)| formats::looks_like_game_id(l))
    }

    fn looks_like_game_id(arg: &str) -> bool {
        formats::looks_like_game_id(arg)
    }

    fn parse_game_id(id: &str, source: &str, line: usize) -> Result<Self, ParseError> {
        formats::parse_game_id(id, source, line)
    }

    fn url(&self) -> Option<String> {
        formats::url(self)
    }

    fn parse(text: &str, source: &str) -> Result<Self, ParseError> {
        formats::parse_any(text, source)
    }

    fn encodings(&self) -> Vec<EncodingKind> {
        vec![EncodingKind::Cnf]
    }

    fn encode(&self, kind: EncodingKind, choices: Choices) -> Option<Encoding> {
        if kind != EncodingKind::Cnf {
            return None;
        }
        let unknown = self.unknown();
        let mut cnf = Cnf::with_choices(choices);
        let vars = cnf.new_vars(unknown.len());
        let mut var_of = vec![None; self.cells.len()];
        for (&k, &v) in unknown.iter().zip(&vars) {
            var_of[k] = Some(v);
        }
        match self.constraints() {
            Err(_) => cnf.add_clause(&[]),
            Ok(cs) => {
                for (_, open, need) in cs {
                    let lits: Vec<Lit> = open
                        .iter()
                        .map(|&k| var_of[k].expect("unknown").positive())
                        .collect();
                    cnf.exactly_k(&lits, need as u64);
                }
            }
        }
        if let Some(total) = self.mines {
            let known = self.cells.iter().filter(|&&c| c == Cell::Mine).count();
            match total.checked_sub(known) {
                // The total's counter has a cell per (unknown cell, partial sum): beyond this
                // the board has no CNF (counting and analysis by components still answer).
                Some(rest) if unknown.len().saturating_mul(rest + 1) > MAX_COUNTER => return None,
                Some(rest) => {
                    let lits: Vec<Lit> = vars.iter().map(|v| v.positive()).collect();
                    cnf.exactly_k(&lits, rest as u64);
                }
                None => cnf.add_clause(&[]),
            }
        }
        let names = unknown
            .iter()
            .map(|&k| format!("mine row {} col {}", k / self.cols + 1, k % self.cols + 1))
            .collect();
        Some(Encoding::Cnf(CnfEncoding {
            cnf,
            answer: vars,
            names,
            ..Default::default()
        }))
    }

    fn decode(&self, answer: &Answer) -> Layout {
        let mut mines: Vec<bool> = self.cells.iter().map(|&c| c == Cell::Mine).collect();
        for (i, k) in self.unknown().into_iter().enumerate() {
            mines[k] = answer.value(Var(i as u32));
        }
        self.layout(&mines)
    }

    fn verify(&self, s: &Layout) -> Result<(), String> {
        self.check(&s.mines)
    }

    fn deduction_rules(&self) -> Vec<Box<dyn wellposed_engine::deduce::FamilyRule>> {
        Subsets::new(self)
            .map(|r| Box::new(r) as Box<dyn wellposed_engine::deduce::FamilyRule>)
            .into_iter()
            .collect()
    }

    fn render(&self, s: &Layout) -> String {
        s.rows.join("\n")
    }

    /// `*` mine, `.` safe, `?` open; numbers as given.
    fn render_partial(&self, known: &[Option<bool>]) -> Option<String> {
        let mut fixed = vec![None; self.cells.len()];
        for (k, f) in self.unknown().into_iter().zip(known) {
            fixed[k] = *f;
        }
        let rows: Vec<String> = (0..self.rows)
            .map(|r| {
                (0..self.cols)
                    .map(|c| {
                        let k = r * self.cols + c;
                        match (self.cells[k], fixed[k]) {
                            (Cell::Number(n), _) => char::from(b'0' + n),
                            (Cell::Safe, _) => '-',
                            (Cell::Mine, _) | (_, Some(true)) => '*',
                            (_, Some(false)) => '.',
                            (_, None) => '?',
                        }
                    })
                    .collect()
            })
            .collect();
        Some(rows.join("\n"))
    }

    /// Counting by components (exact, without listing layouts); solutions come from the CNF.
    fn native_role(&self) -> NativeRole {
        NativeRole::Answers
    }

    fn native(&self, want: u64, stop: u64) -> Option<Result<Native<Layout>, String>> {
        if want > 0 {
            return None;
        }
        // A frontier too large to enumerate leaves counting to the CNF.
        let analysis = count::analyze(self).ok()?;
        let Ok(n) = u64::try_from(&analysis.layouts) else {
            return Some(Err(format!(
                "{} layouts: more than 64 bits; `wellposed minesweeper analyze` prints it",
                analysis.layouts
            )));
        };
        Some(Ok(Native {
            solutions: Vec::new(),
            count: n.min(stop).into(),
            complete: n <= stop,
        }))
    }
}
