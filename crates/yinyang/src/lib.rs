//! Yin-Yang (しろまるくろまる): colour every cell of a grid black or white so that the black
//! cells form one orthogonally connected area, the white cells form one, and no 2×2 block is
//! all one colour. Some cells hold a circle that fixes their colour.
//!
//! The CNF has a variable per cell, "black" (the answer variables, row-major); a unit clause
//! per circle; two clauses per 2×2 block (not all black, not all white); and the engine's
//! `connected` constraint twice ([`wellposed_engine::connectivity`]): over the black cells and
//! over the white cells, as lazy cuts, or as their complete encodings where a plain formula is
//! needed. Two consequences of the connectivity are added as clauses, because the SAT solver
//! would otherwise find them one lazy cut at a time (see `encodings/yinyang/README.md`):
//!
//! - no 2×2 checkerboard (two clauses per block): the black diagonal pair, joined by a black
//!   path, would close a curve through the block's centre that keeps the white pair apart;
//! - around the grid's border (a cycle of cells when both sides are 2 or more), the colour
//!   changes at most twice: a black path between two border cells cuts the grid in two, so
//!   black–white–black–white in cyclic order would leave the white cells in two pieces. The
//!   changes are XOR gates of neighbouring border cells, at most two of them true.
//!
//! Neither colour has to be present (pzprjs's check and cspuz's agree): on a board with both
//! sides 2 or more the no-2×2 rule rules a single colour out anyway. With no circle given,
//! solutions come in pairs (swap the colours).
//!
//! ```
//! use wellposed_engine::{uniqueness, Family, Options};
//! // pzprjs's own test puzzle (test/script/yinyang.js).
//! let p = wellposed_yinyang::YinYang::parse("https://puzz.link/p?yinyang/5/5/016612300", "doc")
//!     .unwrap();
//! assert_eq!(uniqueness(&p, &Options::default()).unwrap().status(), "unique");
//! assert_eq!(p.url().unwrap(), "https://puzz.link/p?yinyang/5/5/016612300");
//! ```

mod draw;
mod format;
pub mod generate;
pub mod rules;
#[cfg(test)]
mod tests;

use serde::Serialize;
use wellposed_engine::connectivity::{connected, grid_pairs, Edge};
use wellposed_engine::repair::given_cells;
use wellposed_engine::rooms::components;
use wellposed_engine::sat::{Choices, Cnf, Lit, Var};
use wellposed_engine::{Answer, CnfEncoding, Encoding, EncodingKind, Family, ParseError};

/// The most cells a puzzle may have.
pub const MAX_CELLS: usize = 10_000;

/// A cell's colour (a circle's, or a cell's in a solution).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum Colour {
    White,
    Black,
}

impl Colour {
    pub fn other(self) -> Colour {
        match self {
            Colour::White => Colour::Black,
            Colour::Black => Colour::White,
        }
    }

    pub fn of_black(black: bool) -> Colour {
        if black {
            Colour::Black
        } else {
            Colour::White
        }
    }

    pub fn is_black(self) -> bool {
        self == Colour::Black
    }

    pub fn word(self) -> &'static str {
        match self {
            Colour::White => "white",
            Colour::Black => "black",
        }
    }
}

/// A circle's symbol in the text format and the edit grid: `o` white, `x` black.
impl std::fmt::Display for Colour {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Colour::White => "o",
            Colour::Black => "x",
        })
    }
}

impl std::str::FromStr for Colour {
    type Err = String;
    fn from_str(s: &str) -> Result<Colour, String> {
        match s {
            "o" => Ok(Colour::White),
            "x" => Ok(Colour::Black),
            _ => Err(format!("expected `o` or `x`, found `{s}`")),
        }
    }
}

/// The puzzle: `rows` × `cols` cells, row-major, each with a circle or none.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct YinYang {
    pub rows: usize,
    pub cols: usize,
    pub circles: Vec<Option<Colour>>,
}

/// A colouring: `black[r][c]`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Colouring {
    pub black: Vec<Vec<bool>>,
}

impl Colouring {
    pub fn at(&self, k: usize, cols: usize) -> bool {
        self.black[k / cols][k % cols]
    }

    /// Every cell's colour, row-major.
    pub fn colours(&self) -> Vec<Colour> {
        self.black
            .iter()
            .flatten()
            .map(|&b| Colour::of_black(b))
            .collect()
    }
}

/// This family as the registry and every front end see it.
pub const FAMILY: wellposed_engine::FamilyEntry =
    wellposed_engine::FamilyEntry::of::<YinYang>().generator(generate::GENERATOR);

/// What the CNF carries besides the rules themselves.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Extras {
    /// No 2×2 checkerboard (implied by the connectivity).
    pub checkerboard: bool,
    /// At most two colour changes around the border (implied by the connectivity).
    pub border: bool,
}

impl Extras {
    pub const ALL: Extras = Extras {
        checkerboard: true,
        border: true,
    };
    pub const NONE: Extras = Extras {
        checkerboard: false,
        border: false,
    };
}

impl YinYang {
    /// An empty board (no circles).
    pub fn empty(rows: usize, cols: usize) -> YinYang {
        YinYang {
            rows,
            cols,
            circles: vec![None; rows * cols],
        }
    }

    /// The cell in words.
    pub fn cell_name(&self, k: usize) -> String {
        given_cells::place(k, self.cols)
    }

    /// Every 2×2 block, as its cells `[top left, top right, bottom left, bottom right]`.
    pub fn blocks(&self) -> Vec<[usize; 4]> {
        let cols = self.cols;
        let mut out = Vec::new();
        for r in 0..self.rows.saturating_sub(1) {
            for c in 0..cols.saturating_sub(1) {
                let k = r * cols + c;
                out.push([k, k + 1, k + cols, k + cols + 1]);
            }
        }
        out
    }

    /// The border cells in cyclic order (clockwise from the top left corner, each once), when
    /// both sides are 2 or more (otherwise the border is not a cycle: empty).
    pub fn border(&self) -> Vec<usize> {
        let (rows, cols) = (self.rows, self.cols);
        if rows < 2 || cols < 2 {
            return Vec::new();
        }
        let mut out: Vec<usize> = (0..cols).collect();
        out.extend((1..rows).map(|r| r * cols + cols - 1));
        out.extend((0..cols - 1).rev().map(|c| (rows - 1) * cols + c));
        out.extend((1..rows - 1).rev().map(|r| r * cols));
        out
    }

    /// The rules without the circles: no 2×2 of one colour, both colours connected, and the
    /// `extras` asked for. The answer variables are the first `rows × cols`.
    pub fn rules_cnf(&self, choices: Choices, extras: Extras) -> CnfEncoding {
        let mut cnf = Cnf::with_choices(choices);
        let n = self.rows * self.cols;
        let answer = cnf.new_vars(n);
        let black: Vec<Lit> = answer.iter().map(|v| v.positive()).collect();
        for b in self.blocks() {
            let lits = b.map(|k| black[k]);
            cnf.add_clause(&lits.map(|l| !l));
            cnf.add_clause(&lits);
            if extras.checkerboard {
                // [a b; c d]: not (a, d black and b, c white), nor the other way round.
                let [a, b, c, d] = lits;
                cnf.add_clause(&[!a, !d, b, c]);
                cnf.add_clause(&[a, d, !b, !c]);
            }
        }
        let ring = self.border();
        if extras.border && ring.len() >= 4 {
            let changes: Vec<Lit> = (0..ring.len())
                .map(|i| cnf.xor_gate(black[ring[i]], black[ring[(i + 1) % ring.len()]]))
                .collect();
            cnf.at_most_k(&changes, 2);
        }
        let pairs = grid_pairs(self.rows, self.cols);
        let edges: Vec<Edge> = pairs.iter().map(|&(a, b)| Edge::fixed(a, b)).collect();
        let dark = connected(&mut cnf, black.clone(), edges.clone(), false);
        let light = connected(&mut cnf, black.iter().map(|&l| !l).collect(), edges, false);
        let names = (0..n).map(|k| self.cell_name(k)).collect();
        CnfEncoding {
            cnf,
            answer,
            names,
            lazy: vec![dark, light],
        }
    }

    /// A circle's clause: its cell's colour.
    pub fn circle_clause(k: usize, colour: Colour) -> Vec<Lit> {
        let v = Var(k as u32);
        vec![if colour.is_black() {
            v.positive()
        } else {
            v.negative()
        }]
    }

    /// The CNF (see the crate's documentation).
    pub fn cnf(&self, choices: Choices, extras: Extras) -> CnfEncoding {
        let mut enc = self.rules_cnf(choices, extras);
        for (k, c) in self.circles.iter().enumerate() {
            if let Some(c) = c {
                enc.cnf.add_clause(&Self::circle_clause(k, *c));
            }
        }
        enc
    }

    pub fn colouring_of(&self, black: impl Fn(usize) -> bool) -> Colouring {
        let cols = self.cols;
        Colouring {
            black: (0..self.rows)
                .map(|r| (0..cols).map(|c| black(r * cols + c)).collect())
                .collect(),
        }
    }

    /// Checks a colouring, cell by cell, by the rules alone.
    pub fn check(&self, black: &[bool]) -> Result<(), String> {
        let n = self.rows * self.cols;
        if black.len() != n {
            return Err(format!("expected {n} cells, found {}", black.len()));
        }
        for (k, c) in self.circles.iter().enumerate() {
            if let Some(c) = c {
                if black[k] != c.is_black() {
                    return Err(format!(
                        "{} holds a {} circle but is {}",
                        self.cell_name(k),
                        c.word(),
                        Colour::of_black(black[k]).word()
                    ));
                }
            }
        }
        for b in self.blocks() {
            if b.iter().all(|&k| black[k] == black[b[0]]) {
                return Err(format!(
                    "the 2×2 block from {} is all {}",
                    self.cell_name(b[0]),
                    Colour::of_black(black[b[0]]).word()
                ));
            }
        }
        for colour in [Colour::Black, Colour::White] {
            let inside: Vec<bool> = black.iter().map(|&x| x == colour.is_black()).collect();
            if components(self.rows, self.cols, &inside).len() > 1 {
                return Err(format!("the {} cells are not connected", colour.word()));
            }
        }
        Ok(())
    }
}

impl Family for YinYang {
    const NAME: &'static str = "yinyang";
    const PUZZLINK: &'static [&'static str] = &["yinyang"];
    const SUMMARY: &'static str =
        "Yin-Yang: colour every cell black or white, each colour one connected area, no 2×2 of one colour";
    const EXAMPLES: &'static [&'static str] = &[
        "family yinyang\nsize 3 3\ncircles\no.x\n.x.\no.x\n",
        "https://puzz.link/p?yinyang/5/5/016612300",
    ];
    type Solution = Colouring;

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
        (kind == EncodingKind::Cnf).then(|| Encoding::Cnf(self.cnf(choices, Extras::ALL)))
    }

    /// Grading deduces over the rules alone: the checkerboard and border consequences are the
    /// family's rules there (`rules.rs`), not clauses that propagation would apply unseen.
    fn deduction_encoding(&self) -> Option<Encoding> {
        let choices = Choices::default().settled(wellposed_sat::Purpose::Solving);
        Some(Encoding::Cnf(self.cnf(choices, Extras::NONE)))
    }

    fn decode(&self, answer: &Answer) -> Colouring {
        self.colouring_of(|k| answer.value(Var(k as u32)))
    }

    /// The rules alone, in pzprjs's order of checks (`test/script/yinyang.js`, after the
    /// circles): a 2×2 block of one colour, a colour in pieces.
    fn verify(&self, s: &Colouring) -> Result<(), String> {
        if s.black.len() != self.rows || s.black.iter().any(|r| r.len() != self.cols) {
            return Err(format!("expected a {}×{} colouring", self.rows, self.cols));
        }
        let black: Vec<bool> = s.black.iter().flatten().copied().collect();
        self.check(&black)
    }

    fn render(&self, s: &Colouring) -> String {
        draw::text(self, |k| Some(s.at(k, self.cols)))
    }

    fn render_partial(&self, known: &[Option<bool>]) -> Option<String> {
        Some(draw::text(self, |k| known.get(k).copied().flatten()))
    }

    fn svg(&self, s: &Colouring) -> Option<String> {
        Some(draw::svg(self, s))
    }

    /// The puzzle as given: the given circles on an empty grid.
    fn svg_puzzle(&self) -> Option<String> {
        Some(draw::svg_puzzle(self))
    }

    fn deduction_rules(&self) -> Vec<Box<dyn wellposed_engine::deduce::FamilyRule>> {
        rules::rules(self)
    }

    fn answer_text(&self, name: &str, value: bool) -> String {
        format!("{name} is {}", Colour::of_black(value).word())
    }

    /// The circles, as `row R col C is o` (white) or `x` (black).
    fn clues(&self) -> Vec<String> {
        given_cells::clues(&self.circles, self.cols)
    }

    fn without_clues(&self, drop: &[usize]) -> Option<Self> {
        Some(YinYang {
            circles: given_cells::without(&self.circles, drop),
            ..self.clone()
        })
    }

    /// A circle on any cell without one, of the cell's colour in `solution`.
    fn clues_from(&self, s: &Colouring) -> Vec<String> {
        given_cells::from_solution(&self.circles, &s.colours(), self.cols)
    }

    fn with_clues_from(&self, s: &Colouring, picks: &[usize]) -> Option<Self> {
        Some(YinYang {
            circles: given_cells::with_from(&self.circles, &s.colours(), picks),
            ..self.clone()
        })
    }

    /// Every cell: `.` no circle, `o` a white circle, `x` a black one.
    fn edit_grid(&self) -> Option<wellposed_engine::EditGrid> {
        Some(given_cells::edit_grid(
            &self.circles,
            self.cols,
            [Colour::White, Colour::Black],
        ))
    }

    fn edited(&self, cells: &[String]) -> Result<Self, String> {
        let grid = Family::edit_grid(self).expect("a board has a grid");
        Ok(YinYang {
            circles: given_cells::edited(&grid, cells)?,
            ..self.clone()
        })
    }
}
