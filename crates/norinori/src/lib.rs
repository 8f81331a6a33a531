//! Norinori (のりのり): a grid divided into rooms. Shade exactly two cells in every room so
//! that every shaded cell is orthogonally adjacent to exactly one other shaded cell: the shaded
//! cells form dominoes, which may cross room borders.
//!
//! The puzzle has no clues but its rooms. A setter may add given cells (a cell given shaded or
//! unshaded) as hints; those are the clues `repair` drops and adds (puzz.link URLs say rooms
//! only, so a puzzle with given cells has no URL).
//!
//! The CNF has a variable per cell, "shaded" (the answer variables, row-major); each room's
//! count (exactly two, the engine's cardinality encoding); for every cell, a clause that a
//! shaded cell has a shaded neighbour and, for every two of its neighbours, a clause that a
//! shaded cell does not have both shaded; a unit clause per given cell. No connectivity, so
//! the count is exact by the model counter on the same formula.
//!
//! ```
//! use wellposed_engine::{uniqueness, Family, Options};
//! // pzprjs's own test puzzle (test/script/norinori.js).
//! let p = wellposed_norinori::Norinori::parse("https://puzz.link/p?norinori/5/5/cag4ocjo", "example")
//!     .unwrap();
//! assert_eq!(uniqueness(&p, &Options::default()).unwrap().status(), "unique");
//! assert_eq!(p.url().unwrap(), "https://puzz.link/p?norinori/5/5/cag4ocjo");
//! ```

mod draw;
mod format;
pub mod generate;
mod oracle;
pub mod rules;
#[cfg(test)]
mod tests;

use serde::Serialize;
use wellposed_engine::repair::given_cells;
pub use wellposed_engine::rooms::{self, components, neighbours, Rooms};
use wellposed_engine::sat::{Choices, Cnf, Lit, Var};
use wellposed_engine::{Answer, CnfEncoding, Encoding, EncodingKind, Family, ParseError};

/// The most cells a puzzle may have.
pub const MAX_CELLS: usize = 10_000;

/// A given cell's value (a setter's hint), and a cell's value in a solution when said in words.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum Mark {
    Shaded,
    Unshaded,
}

impl Mark {
    pub fn of(shaded: bool) -> Mark {
        if shaded {
            Mark::Shaded
        } else {
            Mark::Unshaded
        }
    }

    pub fn is_shaded(self) -> bool {
        self == Mark::Shaded
    }

    /// The mark's character in the text format: `*` shaded (`#` would start a comment),
    /// `+` unshaded (pzprjs's symbol).
    pub fn symbol(self) -> char {
        match self {
            Mark::Shaded => '*',
            Mark::Unshaded => '+',
        }
    }
}

impl std::fmt::Display for Mark {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Mark::Shaded => "shaded",
            Mark::Unshaded => "unshaded",
        })
    }
}

/// The puzzle: the rooms, and the cells the setter gives (row-major, `None` open).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Norinori {
    pub rooms: Rooms,
    pub givens: Vec<Option<Mark>>,
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
    wellposed_engine::FamilyEntry::of::<Norinori>().generator(generate::GENERATOR);

impl Norinori {
    /// Rooms without given cells: what a puzz.link URL says.
    pub fn new(rooms: Rooms) -> Norinori {
        let n = rooms.rows * rooms.cols;
        Norinori {
            rooms,
            givens: vec![None; n],
        }
    }

    pub fn rows(&self) -> usize {
        self.rooms.rows
    }

    pub fn cols(&self) -> usize {
        self.rooms.cols
    }

    /// The cell in words.
    pub fn cell_name(&self, k: usize) -> String {
        given_cells::place(k, self.cols())
    }

    fn room_name(&self, i: usize) -> String {
        format!("the room at {}", self.cell_name(self.rooms.cells[i][0]))
    }

    /// The orthogonal neighbours of cell `k`.
    pub fn neighbours(&self, k: usize) -> impl Iterator<Item = usize> {
        neighbours(self.rows(), self.cols(), k)
    }

    /// The CNF (see the crate's documentation).
    pub fn cnf(&self, choices: Choices) -> CnfEncoding {
        let mut cnf = Cnf::with_choices(choices);
        let n = self.rows() * self.cols();
        let answer = cnf.new_vars(n);
        let shaded: Vec<Lit> = answer.iter().map(|v| v.positive()).collect();
        for room in &self.rooms.cells {
            let lits: Vec<Lit> = room.iter().map(|&k| shaded[k]).collect();
            cnf.exactly_k(&lits, 2);
        }
        for k in 0..n {
            let nbrs: Vec<usize> = self.neighbours(k).collect();
            // A shaded cell has a shaded neighbour…
            let mut clause = vec![!shaded[k]];
            clause.extend(nbrs.iter().map(|&j| shaded[j]));
            cnf.add_clause(&clause);
            // …and no second one (which also rules out three shaded cells of a 2×2 block).
            for (i, &a) in nbrs.iter().enumerate() {
                for &b in &nbrs[i + 1..] {
                    cnf.add_clause(&[!shaded[k], !shaded[a], !shaded[b]]);
                }
            }
        }
        for (k, g) in self.givens.iter().enumerate() {
            if let Some(m) = g {
                cnf.add_clause(&[if m.is_shaded() { shaded[k] } else { !shaded[k] }]);
            }
        }
        let names = (0..n).map(|k| self.cell_name(k)).collect();
        CnfEncoding::new(cnf, answer, names)
    }

    pub fn shading_of(&self, on: impl Fn(usize) -> bool) -> Shading {
        let cols = self.cols();
        Shading {
            shaded: (0..self.rows())
                .map(|r| (0..cols).map(|c| on(r * cols + c)).collect())
                .collect(),
        }
    }

    /// Checks a shading (row-major) by the rules alone, in pzprjs's order of checks
    /// (`test/script/norinori.js`): given cells kept, no three shaded cells joined, no room with
    /// more than two shaded cells, no shaded cell alone, no room with one, no room with none.
    pub fn check(&self, shaded: &[bool]) -> Result<(), String> {
        let (rows, cols) = (self.rows(), self.cols());
        if shaded.len() != rows * cols {
            return Err(format!("expected {} cells", rows * cols));
        }
        for (k, g) in self.givens.iter().enumerate() {
            if let Some(m) = g {
                if m.is_shaded() != shaded[k] {
                    return Err(format!("{} is given {m}", self.cell_name(k)));
                }
            }
        }
        let blocks = components(rows, cols, shaded);
        if let Some(b) = blocks.iter().find(|b| b.len() > 2) {
            return Err(format!(
                "{} shaded cells are joined at {}",
                b.len(),
                self.cell_name(b[0])
            ));
        }
        let count = |i: usize| self.rooms.cells[i].iter().filter(|&&k| shaded[k]).count();
        let rooms = self.rooms.cells.len();
        if let Some(i) = (0..rooms).find(|&i| count(i) > 2) {
            return Err(format!(
                "{} has {} shaded cells",
                self.room_name(i),
                count(i)
            ));
        }
        if let Some(b) = blocks.iter().find(|b| b.len() == 1) {
            return Err(format!(
                "{} is shaded alone, with no shaded neighbour",
                self.cell_name(b[0])
            ));
        }
        if let Some(i) = (0..rooms).find(|&i| count(i) == 1) {
            return Err(format!("{} has 1 shaded cell", self.room_name(i)));
        }
        if let Some(i) = (0..rooms).find(|&i| count(i) == 0) {
            return Err(format!("{} has no shaded cell", self.room_name(i)));
        }
        Ok(())
    }

    /// The cells of a shading as marks (for the given-cell clue methods).
    fn marks(&self, s: &Shading) -> Vec<Mark> {
        (0..self.rows() * self.cols())
            .map(|k| Mark::of(s.at(k, self.cols())))
            .collect()
    }
}

impl Family for Norinori {
    const NAME: &'static str = "norinori";
    const PUZZLINK: &'static [&'static str] = &["norinori"];
    const SUMMARY: &'static str =
        "Norinori: shade two cells in every room, every shaded cell next to exactly one other (dominoes)";
    const EXAMPLES: &'static [&'static str] = &[
        "family norinori\nsize 2 4\nrooms\n0 0 1 1\n2 2 2 2\n",
        "family norinori\nsize 2 4\nrooms\n0 0 1 1\n2 2 2 2\ngivens\n*...\n....\n",
        "https://puzz.link/p?norinori/5/5/cag4ocjo",
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

    /// The rooms as pzprjs writes them; `None` when cells are given (a URL cannot say them).
    fn url(&self) -> Option<String> {
        self.givens
            .iter()
            .all(Option::is_none)
            .then(|| format::url(self))
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

    fn verify(&self, s: &Shading) -> Result<(), String> {
        // A shading of another board (`admits` asks any of the family's) is refused, not read
        // out of bounds.
        if s.shaded.len() != self.rows() || s.shaded.iter().any(|r| r.len() != self.cols()) {
            return Err(format!(
                "expected a shading of {} × {} cells",
                self.rows(),
                self.cols()
            ));
        }
        let shaded: Vec<bool> = (0..self.rows() * self.cols())
            .map(|k| s.at(k, self.cols()))
            .collect();
        self.check(&shaded)
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

    /// The puzzle as given: the rooms with no cell shaded.
    fn svg_puzzle(&self) -> Option<String> {
        Some(draw::svg(self, &self.shading_of(|_| false)))
    }

    fn deduction_rules(&self) -> Vec<Box<dyn wellposed_engine::deduce::FamilyRule>> {
        rules::rules(self)
    }

    fn answer_text(&self, name: &str, value: bool) -> String {
        format!("{name} is {}", Mark::of(value))
    }

    /// The clues are the given cells (the rooms are the puzzle itself).
    fn clues(&self) -> Vec<String> {
        given_cells::clues(&self.givens, self.cols())
    }

    fn without_clues(&self, drop: &[usize]) -> Option<Self> {
        Some(Norinori {
            givens: given_cells::without(&self.givens, drop),
            ..self.clone()
        })
    }

    /// What a shading could add: any open cell's value.
    fn clues_from(&self, s: &Shading) -> Vec<String> {
        given_cells::from_solution(&self.givens, &self.marks(s), self.cols())
    }

    fn with_clues_from(&self, s: &Shading, picks: &[usize]) -> Option<Self> {
        Some(Norinori {
            givens: given_cells::with_from(&self.givens, &self.marks(s), picks),
            ..self.clone()
        })
    }

    /// Each cell's room (by number) and, after it, `#` or `+` when the cell is given shaded
    /// or unshaded: a click goes through a room's three symbols, then to the next room.
    fn edit_grid(&self) -> Option<wellposed_engine::EditGrid> {
        Some(format::edit_grid(self))
    }

    fn edited(&self, cells: &[String]) -> Result<Self, String> {
        format::edited(self, cells)
    }
}
