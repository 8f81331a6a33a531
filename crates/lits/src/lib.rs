//! LITS: a grid divided into rooms. Shade four orthogonally connected cells (a tetromino) in
//! every room so that two tetrominoes of the same shape (L, I, T or S, counting rotations and
//! reflections as the same) never touch orthogonally across a room border, all shaded cells are
//! orthogonally connected, and no 2×2 block is all shaded.
//!
//! The CNF has a variable per cell, "shaded" (the answer variables, row-major); a variable per
//! placement of a tetromino inside a room, exactly one per room, a cell shaded exactly when a
//! chosen placement covers it; a variable per room and shape, true exactly when the room's
//! placement has that shape; for two neighbouring cells of different rooms and each shape, the
//! clause that not both are shaded with both rooms of that shape; a clause per 2×2 block; and
//! the engine's `connected` constraint over the shaded cells
//! ([`wellposed_engine::connectivity`]) as lazy cuts, or its complete encoding where a plain
//! formula is needed. The placements are determined by the shading, so solutions and models
//! correspond one to one.
//!
//! ```
//! use wellposed_engine::{uniqueness, Family, Options};
//! // pzprjs's own test puzzle (test/script/lits.js).
//! let p = wellposed_lits::Lits::parse("https://puzz.link/p?lits/4/4/9q02jg", "example").unwrap();
//! assert_eq!(uniqueness(&p, &Options::default()).unwrap().status(), "unique");
//! ```

mod draw;
mod format;
pub mod generate;
mod oracle;
pub mod rules;
pub mod shapes;
#[cfg(test)]
mod tests;

use serde::Serialize;
use shapes::{placements, shape_of, Shape, SHAPES};
use wellposed_engine::connectivity::{connected, grid_pairs, Edge};
pub use wellposed_engine::rooms::{components, neighbours, Rooms};
use wellposed_engine::sat::{Choices, Cnf, Lit, Var};
use wellposed_engine::{Answer, CnfEncoding, Encoding, EncodingKind, Family, ParseError};

/// The most cells a puzzle may have.
pub const MAX_CELLS: usize = 10_000;

/// The puzzle: its rooms.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Lits {
    pub rooms: Rooms,
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
    wellposed_engine::FamilyEntry::of::<Lits>().generator(generate::GENERATOR);

/// The placements of each room and their variables in the encoding: the cells' variables come
/// first (0..rows·cols), then each room's placements, then each room's four shape variables.
pub struct Layout {
    /// Per room, its placements: cells, shape and variable.
    pub placements: Vec<Vec<([usize; 4], Shape, Var)>>,
    /// Per room, the variable of each shape (in [`SHAPES`] order).
    pub shape_vars: Vec<[Var; 4]>,
}

impl Lits {
    pub fn rows(&self) -> usize {
        self.rooms.rows
    }

    pub fn cols(&self) -> usize {
        self.rooms.cols
    }

    pub fn cell_name(&self, k: usize) -> String {
        format!("row {} col {}", k / self.cols() + 1, k % self.cols() + 1)
    }

    fn room_name(&self, i: usize) -> String {
        format!("the room at {}", self.cell_name(self.rooms.cells[i][0]))
    }

    /// The placements of every room (see [`Layout`]), numbering variables from `first`.
    pub fn layout(&self) -> Layout {
        let (rows, cols) = (self.rows(), self.cols());
        let mut next = (rows * cols) as u32;
        let mut in_room = vec![false; rows * cols];
        let mut all = Vec::with_capacity(self.rooms.cells.len());
        for room in &self.rooms.cells {
            for &k in room {
                in_room[k] = true;
            }
            let ps = placements(rows, cols, room, &in_room)
                .into_iter()
                .map(|(cells, shape)| {
                    next += 1;
                    (cells, shape, Var(next - 1))
                })
                .collect();
            for &k in room {
                in_room[k] = false;
            }
            all.push(ps);
        }
        let shape_vars = (0..self.rooms.cells.len())
            .map(|_| {
                next += 4;
                [0, 1, 2, 3].map(|s| Var(next - 4 + s))
            })
            .collect();
        Layout {
            placements: all,
            shape_vars,
        }
    }

    /// The CNF (see the crate's documentation).
    pub fn cnf(&self, choices: Choices) -> CnfEncoding {
        let (rows, cols) = (self.rows(), self.cols());
        let n = rows * cols;
        let layout = self.layout();
        let mut cnf = Cnf::with_choices(choices);
        let answer = cnf.new_vars(n);
        let total: usize = layout.placements.iter().map(|p| p.len()).sum();
        cnf.new_vars(total + 4 * self.rooms.cells.len());
        let shaded: Vec<Lit> = answer.iter().map(|v| v.positive()).collect();
        for (i, room) in self.rooms.cells.iter().enumerate() {
            let ps = &layout.placements[i];
            let chosen: Vec<Lit> = ps.iter().map(|p| p.2.positive()).collect();
            cnf.exactly_k(&chosen, 1);
            for &k in room {
                // Shaded exactly when a chosen placement covers it.
                let mut clause = vec![!shaded[k]];
                for p in ps.iter().filter(|p| p.0.contains(&k)) {
                    clause.push(p.2.positive());
                    cnf.add_clause(&[!p.2.positive(), shaded[k]]);
                }
                cnf.add_clause(&clause);
            }
            for s in SHAPES {
                let v = layout.shape_vars[i][s.index()].positive();
                let mut clause = vec![!v];
                for p in ps.iter().filter(|p| p.1 == s) {
                    clause.push(p.2.positive());
                    cnf.add_clause(&[!p.2.positive(), v]);
                }
                cnf.add_clause(&clause);
            }
        }
        let pairs = grid_pairs(rows, cols);
        for &(a, b) in &pairs {
            let (ra, rb) = (self.rooms.of[a], self.rooms.of[b]);
            if ra == rb {
                continue;
            }
            for s in 0..4 {
                cnf.add_clause(&[
                    !shaded[a],
                    !shaded[b],
                    !layout.shape_vars[ra][s].positive(),
                    !layout.shape_vars[rb][s].positive(),
                ]);
            }
        }
        for r in 0..rows.saturating_sub(1) {
            for c in 0..cols.saturating_sub(1) {
                let k = r * cols + c;
                cnf.add_clause(&[
                    !shaded[k],
                    !shaded[k + 1],
                    !shaded[k + cols],
                    !shaded[k + cols + 1],
                ]);
            }
        }
        let edges = pairs.into_iter().map(|(a, b)| Edge::fixed(a, b)).collect();
        let sea = connected(&mut cnf, shaded, edges, true);
        let names = (0..n).map(|k| self.cell_name(k)).collect();
        CnfEncoding {
            cnf,
            answer,
            names,
            lazy: vec![sea],
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

    /// The shaded cells of room `i`.
    pub fn shaded_in(&self, s: &Shading, i: usize) -> Vec<usize> {
        self.rooms.cells[i]
            .iter()
            .copied()
            .filter(|&k| s.at(k, self.cols()))
            .collect()
    }
}

impl Family for Lits {
    const NAME: &'static str = "lits";
    const PUZZLINK: &'static [&'static str] = &["lits"];
    const SUMMARY: &'static str =
        "LITS: shade a tetromino in every room, equal shapes never touching, the shaded cells connected, no 2×2 shaded";
    const EXAMPLES: &'static [&'static str] = &[
        "family lits\nsize 4 4\nrooms\n0 0 1 1\n0 0 1 2\n0 1 1 2\n2 2 2 2\n",
        "https://puzz.link/p?lits/4/4/9q02jg",
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

    /// The rules alone, in pzprjs's order of checks (test/script/lits.js): a 2×2 shaded block,
    /// a room with more than four shaded cells, a room's shaded cells in pieces, two equal
    /// shapes touching, the shaded cells in pieces, a room with none, a room with fewer than
    /// four.
    fn verify(&self, s: &Shading) -> Result<(), String> {
        let (rows, cols) = (self.rows(), self.cols());
        let n = rows * cols;
        let shaded: Vec<bool> = (0..n).map(|k| s.at(k, cols)).collect();
        for r in 0..rows.saturating_sub(1) {
            for c in 0..cols.saturating_sub(1) {
                let k = r * cols + c;
                if [k, k + 1, k + cols, k + cols + 1]
                    .iter()
                    .all(|&j| shaded[j])
                {
                    return Err(format!(
                        "the 2×2 block from {} is all shaded",
                        self.cell_name(k)
                    ));
                }
            }
        }
        let rooms = self.rooms.cells.len();
        let inside: Vec<Vec<usize>> = (0..rooms).map(|i| self.shaded_in(s, i)).collect();
        if let Some(i) = (0..rooms).find(|&i| inside[i].len() > 4) {
            return Err(format!(
                "{} has {} shaded cells (a tetromino has 4)",
                self.room_name(i),
                inside[i].len()
            ));
        }
        for (i, cells) in inside.iter().enumerate() {
            let mut mine = vec![false; n];
            for &k in cells {
                mine[k] = true;
            }
            if components(rows, cols, &mine).len() > 1 {
                return Err(format!(
                    "the shaded cells of {} are in pieces",
                    self.room_name(i)
                ));
            }
        }
        let shape: Vec<Option<Shape>> = inside.iter().map(|c| shape_of(c, cols)).collect();
        for (a, b) in grid_pairs(rows, cols) {
            let (ra, rb) = (self.rooms.of[a], self.rooms.of[b]);
            if ra != rb && shaded[a] && shaded[b] && shape[ra].is_some() && shape[ra] == shape[rb] {
                return Err(format!(
                    "two {} shapes touch at {} and {}",
                    shape[ra].expect("some").letter(),
                    self.cell_name(a),
                    self.cell_name(b)
                ));
            }
        }
        if components(rows, cols, &shaded).len() > 1 {
            return Err("the shaded cells are not connected".into());
        }
        if let Some(i) = (0..rooms).find(|&i| inside[i].is_empty()) {
            return Err(format!("{} has no shaded cell", self.room_name(i)));
        }
        if let Some(i) = (0..rooms).find(|&i| inside[i].len() < 4) {
            return Err(format!(
                "{} has {} shaded cells (a tetromino has 4)",
                self.room_name(i),
                inside[i].len()
            ));
        }
        if let Some(i) = (0..rooms).find(|&i| shape[i].is_none()) {
            return Err(format!("{} holds a 2×2 square", self.room_name(i)));
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

    /// The puzzle as given: the rooms with no cell shaded.
    fn svg_puzzle(&self) -> Option<String> {
        Some(draw::svg(self, &self.shading_of(|_| false)))
    }

    fn deduction_rules(&self) -> Vec<Box<dyn wellposed_engine::deduce::FamilyRule>> {
        rules::rules(self)
    }

    fn answer_text(&self, name: &str, value: bool) -> String {
        format!("{name} is {}", if value { "shaded" } else { "unshaded" })
    }

    /// LITS has no removable clue: the rooms are the puzzle (so `repair` has nothing to drop
    /// or add). The edit grid sets each cell's room, by number.
    fn edit_grid(&self) -> Option<wellposed_engine::EditGrid> {
        let rooms = self.rooms.cells.len().max(1);
        Some(wellposed_engine::EditGrid {
            rows: self.rows(),
            cols: self.cols(),
            cells: self.rooms.of.iter().map(|r| r.to_string()).collect(),
            symbols: (0..rooms + 1).map(|r| r.to_string()).collect(),
        })
    }

    fn edited(&self, cells: &[String]) -> Result<Self, String> {
        Family::edit_grid(self).expect("a grid").check(cells)?;
        Ok(Lits {
            rooms: Rooms::from_labels(self.rows(), self.cols(), cells),
        })
    }
}
