//! Masyu: draw one closed loop through the centres of the cells (moving between orthogonal
//! neighbours, no branches, no crossings) that passes through every pearl. On a white pearl the
//! loop goes straight and turns in at least one of the two cells before and after it; on a
//! black pearl it turns and goes straight through both cells before and after it.
//!
//! The CNF has a variable per segment between neighbouring cells (the answer variables: the
//! horizontal ones row by row, then the vertical ones), the engine's single-cycle constraint
//! over the cells ([`wellposed_engine::connectivity::single_cycle`]), and each pearl's rule as
//! short clauses over the segments around it. The full variant (pzprjs's flag `f`,
//! [`Masyu::full`]) makes every cell's "on the loop" literal a unit clause.
//!
//! ```
//! use wellposed_engine::{uniqueness, Family, Options};
//! // pzprjs's own test puzzle (test/script/mashu.js).
//! let p = wellposed_masyu::Masyu::parse("https://puzz.link/p?mashu/6/6/1063000i3000", "example")
//!     .unwrap();
//! assert_eq!(uniqueness(&p, &Options::default()).unwrap().status(), "unique");
//! ```

mod draw;
mod format;
pub mod generate;
#[cfg(test)]
mod tests;

use serde::Serialize;
use wellposed_engine::connectivity::{loop_rules, single_cycle, LoopGraph};
use wellposed_engine::repair::given_cells::place;
use wellposed_engine::repair::places;
use wellposed_engine::sat::{Choices, Cnf, Lit, Var};
use wellposed_engine::{Answer, CnfEncoding, Encoding, EncodingKind, Family, ParseError};

/// The most cells a puzzle may have.
pub const MAX_CELLS: usize = 10_000;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum Pearl {
    None,
    White,
    Black,
}

/// The clues: a grid of `rows` × `cols` cells, row-major.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Masyu {
    pub rows: usize,
    pub cols: usize,
    pub cells: Vec<Pearl>,
    /// The full variant (pzprjs's `mashu/f/…`): the loop passes through every cell.
    pub full: bool,
}

/// A loop: `horizontal[r][c]` joins cell (r, c) to (r, c+1) (rows × (cols−1)), `vertical[r][c]`
/// joins (r, c) to (r+1, c) ((rows−1) × cols).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Loop {
    pub horizontal: Vec<Vec<bool>>,
    pub vertical: Vec<Vec<bool>>,
}

/// This family as the registry and every front end see it.
pub const FAMILY: wellposed_engine::FamilyEntry =
    wellposed_engine::FamilyEntry::of::<Masyu>().generator(generate::GENERATOR);

/// A segment between two neighbouring cells.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Seg {
    /// From cell (r, c) to (r, c+1).
    H(usize, usize),
    /// From cell (r, c) to (r+1, c).
    V(usize, usize),
}

/// The four directions, as (row step, column step).
const DIRS: [(isize, isize); 4] = [(0, -1), (0, 1), (-1, 0), (1, 0)];

impl Masyu {
    pub fn empty(rows: usize, cols: usize) -> Masyu {
        Masyu {
            rows,
            cols,
            cells: vec![Pearl::None; rows * cols],
            full: false,
        }
    }

    pub fn num_segs(&self) -> usize {
        self.rows * (self.cols - 1) + (self.rows - 1) * self.cols
    }

    pub fn index(&self, s: Seg) -> usize {
        match s {
            Seg::H(r, c) => r * (self.cols - 1) + c,
            Seg::V(r, c) => self.rows * (self.cols - 1) + r * self.cols + c,
        }
    }

    pub fn seg(&self, k: usize) -> Seg {
        let h = self.rows * (self.cols - 1);
        if k < h {
            Seg::H(k / (self.cols - 1), k % (self.cols - 1))
        } else {
            Seg::V((k - h) / self.cols, (k - h) % self.cols)
        }
    }

    /// The segment's two cells, as indices r·cols + c.
    pub fn ends(&self, s: Seg) -> (usize, usize) {
        match s {
            Seg::H(r, c) => (r * self.cols + c, r * self.cols + c + 1),
            Seg::V(r, c) => (r * self.cols + c, (r + 1) * self.cols + c),
        }
    }

    /// The cell `steps` cells from (r, c) in direction `d`, if inside the grid.
    fn step(
        &self,
        (r, c): (usize, usize),
        d: (isize, isize),
        steps: isize,
    ) -> Option<(usize, usize)> {
        let (nr, nc) = (r as isize + d.0 * steps, c as isize + d.1 * steps);
        (nr >= 0 && nc >= 0 && (nr as usize) < self.rows && (nc as usize) < self.cols)
            .then_some((nr as usize, nc as usize))
    }

    /// The segment leaving cell `at` in direction `d`, if any.
    pub fn seg_towards(&self, at: (usize, usize), d: (isize, isize)) -> Option<Seg> {
        let (nr, nc) = self.step(at, d, 1)?;
        let (r, c) = at;
        Some(match d {
            (0, 1) => Seg::H(r, c),
            (0, -1) => Seg::H(r, nc),
            (1, 0) => Seg::V(r, c),
            _ => Seg::V(nr, c),
        })
    }

    fn var(&self, s: Seg) -> Var {
        Var(self.index(s) as u32)
    }

    pub fn seg_name(&self, s: Seg) -> String {
        match s {
            Seg::H(r, c) => format!("the line from row {} col {} right", r + 1, c + 1),
            Seg::V(r, c) => format!("the line from row {} col {} down", r + 1, c + 1),
        }
    }

    /// The CNF: segments, the single cycle, and the pearls (all of them when `with_pearls`;
    /// none for the generator's rules, which adds them as switchable clues).
    pub fn cnf(&self, choices: Choices, with_pearls: bool) -> CnfEncoding {
        self.cnf_and_used(choices, with_pearls).0
    }

    /// [`Masyu::cnf`] and each cell's "on the loop" literal.
    pub fn cnf_and_used(&self, choices: Choices, with_pearls: bool) -> (CnfEncoding, Vec<Lit>) {
        let mut cnf = Cnf::with_choices(choices);
        let answer = cnf.new_vars(self.num_segs());
        let edges: Vec<(usize, usize, Lit)> = (0..self.num_segs())
            .map(|k| {
                let (a, b) = self.ends(self.seg(k));
                (a, b, answer[k].positive())
            })
            .collect();
        let (cycle, used) = single_cycle(&mut cnf, self.rows * self.cols, &edges, true);
        if self.full {
            for &on in &used {
                cnf.add_clause(&[on]);
            }
        }
        if with_pearls {
            for k in 0..self.cells.len() {
                for clause in self.pearl_clauses(k, &used) {
                    cnf.add_clause(&clause);
                }
            }
        }
        let names = (0..self.num_segs())
            .map(|k| self.seg_name(self.seg(k)))
            .collect();
        let enc = CnfEncoding {
            cnf,
            answer,
            names,
            lazy: vec![cycle],
        };
        (enc, used)
    }

    /// The clauses of cell k's pearl (none without one), over the segments and `used` (each
    /// cell's "on the loop" literal).
    pub fn pearl_clauses(&self, k: usize, used: &[Lit]) -> Vec<Vec<Lit>> {
        let at = (k / self.cols, k % self.cols);
        let seg = |d| self.seg_towards(at, d).map(|s| self.var(s).positive());
        // The segment leaving the cell `steps` away in direction d, continuing in direction e.
        let beyond = |d, steps, e| {
            self.step(at, d, steps)
                .and_then(|cell| self.seg_towards(cell, e))
                .map(|s| self.var(s).positive())
        };
        let mut out = Vec::new();
        match self.cells[k] {
            Pearl::None => {}
            Pearl::White => {
                out.push(vec![used[k]]);
                // Straight: no horizontal segment with a vertical one.
                for h in [DIRS[0], DIRS[1]] {
                    for v in [DIRS[2], DIRS[3]] {
                        if let (Some(a), Some(b)) = (seg(h), seg(v)) {
                            out.push(vec![!a, !b]);
                        }
                    }
                }
                // Through horizontally (vertically): a turn in the cell before or after.
                for (axis, across) in [
                    ([DIRS[0], DIRS[1]], [DIRS[2], DIRS[3]]),
                    ([DIRS[2], DIRS[3]], [DIRS[0], DIRS[1]]),
                ] {
                    let (Some(a), Some(b)) = (seg(axis[0]), seg(axis[1])) else {
                        continue;
                    };
                    let mut clause = vec![!a, !b];
                    for d in axis {
                        for e in across {
                            clause.extend(beyond(d, 1, e));
                        }
                    }
                    out.push(clause);
                }
            }
            Pearl::Black => {
                out.push(vec![used[k]]);
                for pair in [[DIRS[0], DIRS[1]], [DIRS[2], DIRS[3]]] {
                    if let (Some(a), Some(b)) = (seg(pair[0]), seg(pair[1])) {
                        out.push(vec![!a, !b]);
                    }
                }
                // Leaving in direction d, the next cell goes on straight.
                for d in DIRS {
                    if let Some(a) = seg(d) {
                        match beyond(d, 1, d) {
                            Some(next) => out.push(vec![!a, next]),
                            None => out.push(vec![!a]),
                        }
                    }
                }
            }
        }
        out
    }

    pub fn loop_of(&self, on: impl Fn(usize) -> bool) -> Loop {
        Loop {
            horizontal: (0..self.rows)
                .map(|r| {
                    (0..self.cols - 1)
                        .map(|c| on(self.index(Seg::H(r, c))))
                        .collect()
                })
                .collect(),
            vertical: (0..self.rows - 1)
                .map(|r| {
                    (0..self.cols)
                        .map(|c| on(self.index(Seg::V(r, c))))
                        .collect()
                })
                .collect(),
        }
    }

    /// Whether the loop has the segment leaving `at` in direction `d`.
    fn goes(&self, l: &Loop, at: (usize, usize), d: (isize, isize)) -> bool {
        self.seg_towards(at, d).is_some_and(|s| l.has(s))
    }

    /// Whether the loop goes straight through cell `at` (false when it does not pass).
    fn straight(&self, l: &Loop, at: (usize, usize)) -> bool {
        (self.goes(l, at, DIRS[0]) && self.goes(l, at, DIRS[1]))
            || (self.goes(l, at, DIRS[2]) && self.goes(l, at, DIRS[3]))
    }

    /// Whether the loop turns in cell `at` (false when it does not pass).
    fn turns(&self, l: &Loop, at: (usize, usize)) -> bool {
        let h = DIRS[..2].iter().any(|&d| self.goes(l, at, d));
        let v = DIRS[2..].iter().any(|&d| self.goes(l, at, d));
        h && v
    }
}

impl Loop {
    pub fn has(&self, s: Seg) -> bool {
        match s {
            Seg::H(r, c) => self.horizontal[r][c],
            Seg::V(r, c) => self.vertical[r][c],
        }
    }
}

impl Family for Masyu {
    const NAME: &'static str = "masyu";
    const PUZZLINK: &'static [&'static str] = &["mashu", "masyu"];
    const PUZZLINK_FLAGS: &'static str = "f";
    const SUMMARY: &'static str =
        "Masyu: one loop through every pearl, straight on white ones, turning on black ones";
    const EXAMPLES: &'static [&'static str] = &[
        "family masyu\nsize 3 3\ngrid\nw . .\n. . b\n. . .\n",
        "https://puzz.link/p?mashu/6/6/1063000i3000",
    ];
    type Solution = Loop;

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
        (kind == EncodingKind::Cnf).then(|| Encoding::Cnf(self.cnf(choices, true)))
    }

    fn decode(&self, answer: &Answer) -> Loop {
        self.loop_of(|k| answer.value(Var(k as u32)))
    }

    /// The rules alone: one loop (every cell meets 0 or 2 of its segments, one piece), through
    /// every pearl; straight through a white pearl with a turn in a cell beside it along the
    /// loop; a turn on a black pearl with the loop straight in both cells beside it.
    fn verify(&self, l: &Loop) -> Result<(), String> {
        let n = self.rows * self.cols;
        let pairs: Vec<(usize, usize)> = (0..self.num_segs())
            .map(|k| self.ends(self.seg(k)))
            .collect();
        let chosen: Vec<bool> = (0..self.num_segs()).map(|k| l.has(self.seg(k))).collect();
        if !wellposed_engine::connectivity::is_single_loop(n, &pairs, &chosen) {
            return Err("the lines are not one closed loop".into());
        }
        if self.full {
            let mut on = vec![false; n];
            for (&(a, b), _) in pairs.iter().zip(&chosen).filter(|(_, &c)| c) {
                on[a] = true;
                on[b] = true;
            }
            if let Some(k) = on.iter().position(|&o| !o) {
                return Err(format!(
                    "row {} col {} is off the loop (the full variant's loop passes through \
                     every cell)",
                    k / self.cols + 1,
                    k % self.cols + 1
                ));
            }
        }
        for k in 0..n {
            let at = (k / self.cols, k % self.cols);
            let here = format!("the pearl at row {} col {}", at.0 + 1, at.1 + 1);
            match self.cells[k] {
                Pearl::None => {}
                Pearl::White => {
                    if !self.straight(l, at) {
                        return Err(format!(
                            "{here} (white): the loop does not go straight through it"
                        ));
                    }
                    let axis = if self.goes(l, at, DIRS[0]) {
                        &DIRS[..2]
                    } else {
                        &DIRS[2..]
                    };
                    let turn = axis
                        .iter()
                        .any(|&d| self.step(at, d, 1).is_some_and(|c| self.turns(l, c)));
                    if !turn {
                        return Err(format!(
                            "{here} (white): the loop turns in neither cell beside it"
                        ));
                    }
                }
                Pearl::Black => {
                    if !self.turns(l, at) {
                        return Err(format!("{here} (black): the loop does not turn on it"));
                    }
                    for d in DIRS {
                        if self.goes(l, at, d)
                            && !self.step(at, d, 1).is_some_and(|c| self.straight(l, c))
                        {
                            return Err(format!(
                                "{here} (black): the loop does not go straight through the next cell"
                            ));
                        }
                    }
                }
            }
        }
        Ok(())
    }

    fn render(&self, l: &Loop) -> String {
        draw::text(self, |s| Some(l.has(s)))
    }

    fn render_partial(&self, known: &[Option<bool>]) -> Option<String> {
        Some(draw::text(self, |s| {
            known.get(self.index(s)).copied().flatten()
        }))
    }

    fn svg(&self, l: &Loop) -> Option<String> {
        Some(draw::svg(self, l))
    }

    /// The puzzle as given: the pearls with no loop segment drawn.
    fn svg_puzzle(&self) -> Option<String> {
        Some(draw::svg(self, &self.loop_of(|_| false)))
    }

    fn deduction_rules(&self) -> Vec<Box<dyn wellposed_engine::deduce::FamilyRule>> {
        loop_rules(LoopGraph {
            vertices: self.rows * self.cols,
            edges: (0..self.num_segs())
                .map(|k| {
                    let (a, b) = self.ends(self.seg(k));
                    (a, b, Var(k as u32))
                })
                .collect(),
            must: self.cells.iter().map(|&p| p != Pearl::None).collect(),
        })
    }

    fn answer_text(&self, name: &str, value: bool) -> String {
        format!("{name} is {}", if value { "on the loop" } else { "off" })
    }

    /// The clues are the pearls.
    fn clues(&self) -> Vec<String> {
        let word = |k: usize| format::word(self.cells[k]);
        places::named(self.pearls(), |k| place(k, self.cols), word)
    }

    fn without_clues(&self, drop: &[usize]) -> Option<Self> {
        places::changed(self, self.pearls(), drop, |p, k| p.cells[k] = Pearl::None)
    }

    /// What the loop would add: a pearl on every cell without one where the loop's shape
    /// makes one true.
    fn clues_from(&self, l: &Loop) -> Vec<String> {
        let options = self.pearl_options(l);
        places::named(
            options,
            |(k, _)| place(k, self.cols),
            |(_, p)| format::word(p),
        )
    }

    fn with_clues_from(&self, l: &Loop, picks: &[usize]) -> Option<Self> {
        places::changed(self, self.pearl_options(l), picks, |p, (k, pearl)| {
            p.cells[k] = pearl;
        })
    }

    fn edit_grid(&self) -> Option<wellposed_engine::EditGrid> {
        Some(wellposed_engine::EditGrid {
            rows: self.rows,
            cols: self.cols,
            cells: self
                .cells
                .iter()
                .map(|&c| format::symbol(c).to_string())
                .collect(),
            symbols: [".", "w", "b"].map(String::from).to_vec(),
        })
    }

    fn edited(&self, cells: &[String]) -> Result<Self, String> {
        Family::edit_grid(self).expect("a grid").check(cells)?;
        let cells = cells
            .iter()
            .map(|s| format::pearl_of(s).expect("checked: a symbol of the grid"))
            .collect();
        Ok(Masyu {
            cells,
            ..self.clone()
        })
    }
}

impl Masyu {
    fn pearls(&self) -> impl Iterator<Item = usize> + '_ {
        (0..self.cells.len()).filter(|&k| self.cells[k] != Pearl::None)
    }

    /// The pearls the loop admits on cells without one: white where it goes straight with a
    /// turn beside, black where it turns with straight cells beside (at most one per cell).
    pub fn pearl_options(&self, l: &Loop) -> Vec<(usize, Pearl)> {
        (0..self.cells.len())
            .filter(|&k| self.cells[k] == Pearl::None)
            .filter_map(|k| {
                [Pearl::White, Pearl::Black].into_iter().find_map(|pearl| {
                    let mut one = Masyu::empty(self.rows, self.cols);
                    one.cells[k] = pearl;
                    one.verify(l).is_ok().then_some((k, pearl))
                })
            })
            .collect()
    }
}
