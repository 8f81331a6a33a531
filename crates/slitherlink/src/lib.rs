//! Slitherlink: draw one closed loop along the edges of a grid of cells; a number in a cell
//! says how many of its four edges the loop uses.
//!
//! The CNF has a variable per edge (the answer variables: the horizontal edges row by row,
//! then the vertical ones), each number's cardinality over its cell's four edges, and the
//! engine's single-cycle constraint over the (rows+1)×(cols+1) corners
//! ([`wellposed_engine::connectivity::single_cycle`]): degree 0 or 2 at every corner as
//! clauses, "one piece" as lazy cuts (or its complete encoding where a plain formula is
//! needed). The full variant (pzprjs's flag `f`, [`Slitherlink::full`]) adds one clause per
//! corner: some edge there is on, so that the loop passes through every corner.
//!
//! ```
//! use wellposed_engine::{uniqueness, Family, Options};
//! // pzprjs's own test puzzle (test/script/slither.js).
//! let p = wellposed_slitherlink::Slitherlink::parse(
//!     "https://puzz.link/p?slither/5/5/cbcbcddad",
//!     "example",
//! )
//! .unwrap();
//! assert_eq!(uniqueness(&p, &Options::default()).unwrap().status(), "unique");
//! ```

mod draw;
mod format;
pub mod generate;
pub mod rules;
#[cfg(test)]
mod tests;

use serde::Serialize;
use wellposed_engine::connectivity::single_cycle;
use wellposed_engine::repair::given_cells::place;
use wellposed_engine::repair::places;
use wellposed_engine::sat::{Choices, Cnf, Lit, Var};
use wellposed_engine::{Answer, CnfEncoding, Encoding, EncodingKind, Family, ParseError};

/// The most cells a puzzle may have (cspuz's largest boards are 40×40; 100×100 leaves room).
pub const MAX_CELLS: usize = 10_000;

/// What a cell shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum Cell {
    /// No number.
    Empty,
    /// A number that is not given (pzprjs's `?`): no constraint.
    Unknown,
    /// How many of the cell's edges the loop uses (0–4).
    Number(u8),
}

/// The clues: a grid of `rows` × `cols` cells, row-major.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Slitherlink {
    pub rows: usize,
    pub cols: usize,
    pub cells: Vec<Cell>,
    /// The full variant (pzprjs's `slither/f/…`): the loop passes through every corner.
    pub full: bool,
}

/// A loop: `horizontal[r][c]` is the edge from corner (r, c) to (r, c+1) ((rows+1) × cols),
/// `vertical[r][c]` the edge from corner (r, c) to (r+1, c) (rows × (cols+1)).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Loop {
    pub horizontal: Vec<Vec<bool>>,
    pub vertical: Vec<Vec<bool>>,
}

/// This family as the registry and every front end see it.
pub const FAMILY: wellposed_engine::FamilyEntry =
    wellposed_engine::FamilyEntry::of::<Slitherlink>().generator(generate::GENERATOR);

/// An edge of the grid.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Edge {
    /// From corner (r, c) to (r, c+1).
    H(usize, usize),
    /// From corner (r, c) to (r+1, c).
    V(usize, usize),
}

impl Slitherlink {
    /// An empty board.
    pub fn empty(rows: usize, cols: usize) -> Slitherlink {
        Slitherlink {
            rows,
            cols,
            cells: vec![Cell::Empty; rows * cols],
            full: false,
        }
    }

    pub fn num_edges(&self) -> usize {
        (self.rows + 1) * self.cols + self.rows * (self.cols + 1)
    }

    /// The edge's index: its answer variable's.
    pub fn index(&self, e: Edge) -> usize {
        match e {
            Edge::H(r, c) => r * self.cols + c,
            Edge::V(r, c) => (self.rows + 1) * self.cols + r * (self.cols + 1) + c,
        }
    }

    /// The edge of an index (the inverse of [`Slitherlink::index`]).
    pub fn edge(&self, k: usize) -> Edge {
        let h = (self.rows + 1) * self.cols;
        if k < h {
            Edge::H(k / self.cols, k % self.cols)
        } else {
            let k = k - h;
            Edge::V(k / (self.cols + 1), k % (self.cols + 1))
        }
    }

    /// The edge's two corners, as corner indices r·(cols+1)+c.
    pub fn ends(&self, e: Edge) -> (usize, usize) {
        let w = self.cols + 1;
        match e {
            Edge::H(r, c) => (r * w + c, r * w + c + 1),
            Edge::V(r, c) => (r * w + c, (r + 1) * w + c),
        }
    }

    /// A cell's four edges: top, bottom, left, right.
    pub fn cell_edges(&self, r: usize, c: usize) -> [Edge; 4] {
        [
            Edge::H(r, c),
            Edge::H(r + 1, c),
            Edge::V(r, c),
            Edge::V(r, c + 1),
        ]
    }

    /// The edges at corner (r, c).
    pub fn corner_edges(&self, r: usize, c: usize) -> Vec<Edge> {
        let mut out = Vec::with_capacity(4);
        if c > 0 {
            out.push(Edge::H(r, c - 1));
        }
        if c < self.cols {
            out.push(Edge::H(r, c));
        }
        if r > 0 {
            out.push(Edge::V(r - 1, c));
        }
        if r < self.rows {
            out.push(Edge::V(r, c));
        }
        out
    }

    fn var(&self, e: Edge) -> Var {
        Var(self.index(e) as u32)
    }

    /// The edge in words, for hints and DIMACS comments.
    pub fn edge_name(&self, e: Edge) -> String {
        match e {
            Edge::H(r, c) => format!("the edge above row {} col {}", r + 1, c + 1),
            Edge::V(r, c) => format!("the edge left of row {} col {}", r + 1, c + 1),
        }
    }

    /// The CNF: the edges, the numbers, and the single cycle (see the crate's documentation).
    /// Built with every number when `with_numbers`, without any otherwise (the generator's
    /// rules, to which it adds numbers as switchable clues).
    pub fn cnf(&self, choices: Choices, with_numbers: bool) -> CnfEncoding {
        let mut cnf = Cnf::with_choices(choices);
        let answer = cnf.new_vars(self.num_edges());
        if with_numbers {
            for r in 0..self.rows {
                for c in 0..self.cols {
                    if let Cell::Number(n) = self.cells[r * self.cols + c] {
                        let lits: Vec<Lit> = self
                            .cell_edges(r, c)
                            .iter()
                            .map(|&e| self.var(e).positive())
                            .collect();
                        cnf.exactly_k(&lits, u64::from(n));
                    }
                }
            }
        }
        let edges: Vec<(usize, usize, Lit)> = (0..self.num_edges())
            .map(|k| {
                let (a, b) = self.ends(self.edge(k));
                (a, b, answer[k].positive())
            })
            .collect();
        let corners = (self.rows + 1) * (self.cols + 1);
        let (cycle, _) = single_cycle(&mut cnf, corners, &edges, true);
        if self.full {
            // Degree 0 or 2 at each corner is the cycle's; "not 0" makes it 2.
            for r in 0..=self.rows {
                for c in 0..=self.cols {
                    let lits: Vec<Lit> = self
                        .corner_edges(r, c)
                        .iter()
                        .map(|&e| self.var(e).positive())
                        .collect();
                    cnf.add_clause(&lits);
                }
            }
        }
        let names = (0..self.num_edges())
            .map(|k| self.edge_name(self.edge(k)))
            .collect();
        CnfEncoding {
            cnf,
            answer,
            names,
            lazy: vec![cycle],
        }
    }

    /// The loop of a model of the encoding.
    pub fn loop_of(&self, on: impl Fn(usize) -> bool) -> Loop {
        Loop {
            horizontal: (0..=self.rows)
                .map(|r| {
                    (0..self.cols)
                        .map(|c| on(self.index(Edge::H(r, c))))
                        .collect()
                })
                .collect(),
            vertical: (0..self.rows)
                .map(|r| {
                    (0..=self.cols)
                        .map(|c| on(self.index(Edge::V(r, c))))
                        .collect()
                })
                .collect(),
        }
    }

    /// How many of cell (r, c)'s edges the loop uses.
    pub fn count_around(&self, l: &Loop, r: usize, c: usize) -> u8 {
        self.cell_edges(r, c).iter().filter(|&&e| l.has(e)).count() as u8
    }
}

impl Loop {
    /// Whether the loop uses edge `e`.
    pub fn has(&self, e: Edge) -> bool {
        match e {
            Edge::H(r, c) => self.horizontal[r][c],
            Edge::V(r, c) => self.vertical[r][c],
        }
    }
}

impl Family for Slitherlink {
    const NAME: &'static str = "slitherlink";
    const PUZZLINK: &'static [&'static str] = &["slither", "slitherlink"];
    const PUZZLINK_FLAGS: &'static str = "f";
    const SUMMARY: &'static str =
        "Slitherlink: one closed loop along the grid's edges, each number its cell's edges on it";
    const EXAMPLES: &'static [&'static str] = &[
        "family slitherlink\nsize 3 3\ngrid\n3 . 3\n. 0 .\n3 . 3\n",
        "https://puzz.link/p?slither/5/5/cbcbcddad",
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

    /// The rules alone: every corner meets 0 or 2 loop edges (2 in the full variant), the loop
    /// edges form one closed loop, and every number counts its cell's loop edges.
    fn verify(&self, l: &Loop) -> Result<(), String> {
        let w = self.cols + 1;
        let corners = (self.rows + 1) * w;
        let mut degree = vec![0usize; corners];
        let mut used = Vec::new();
        for k in 0..self.num_edges() {
            let e = self.edge(k);
            if l.has(e) {
                let (a, b) = self.ends(e);
                degree[a] += 1;
                degree[b] += 1;
                used.push((a, b));
            }
        }
        if let Some(v) = degree.iter().position(|&d| d != 0 && d != 2) {
            return Err(format!(
                "the corner at row {} col {} meets {} loop edges (a loop meets 0 or 2)",
                v / w + 1,
                v % w + 1,
                degree[v]
            ));
        }
        if used.is_empty() {
            return Err("there is no loop".into());
        }
        if let Some(v) = degree.iter().position(|&d| self.full && d == 0) {
            return Err(format!(
                "the corner at row {} col {} is off the loop (the full variant's loop passes \
                 through every corner)",
                v / w + 1,
                v % w + 1
            ));
        }
        // One piece: walk from one loop corner along loop edges.
        let mut adj = vec![Vec::new(); corners];
        for &(a, b) in &used {
            adj[a].push(b);
            adj[b].push(a);
        }
        let start = used[0].0;
        let mut seen = vec![false; corners];
        let mut stack = vec![start];
        seen[start] = true;
        while let Some(v) = stack.pop() {
            for &u in &adj[v] {
                if !seen[u] {
                    seen[u] = true;
                    stack.push(u);
                }
            }
        }
        if (0..corners).any(|v| degree[v] > 0 && !seen[v]) {
            return Err("the loop edges form more than one loop".into());
        }
        for r in 0..self.rows {
            for c in 0..self.cols {
                if let Cell::Number(n) = self.cells[r * self.cols + c] {
                    let around = self.count_around(l, r, c);
                    if around != n {
                        return Err(format!(
                            "row {} col {} says {n}, the loop uses {around} of its edges",
                            r + 1,
                            c + 1
                        ));
                    }
                }
            }
        }
        Ok(())
    }

    fn render(&self, l: &Loop) -> String {
        draw::text(self, |e| Some(l.has(e)))
    }

    fn render_partial(&self, known: &[Option<bool>]) -> Option<String> {
        Some(draw::text(self, |e| {
            known.get(self.index(e)).copied().flatten()
        }))
    }

    fn svg(&self, l: &Loop) -> Option<String> {
        Some(draw::svg(self, l))
    }

    /// The puzzle as given: the dots and numbers with no loop edge drawn.
    fn svg_puzzle(&self) -> Option<String> {
        Some(draw::svg(self, &self.loop_of(|_| false)))
    }

    fn deduction_rules(&self) -> Vec<Box<dyn wellposed_engine::deduce::FamilyRule>> {
        rules::rules(self)
    }

    fn answer_text(&self, name: &str, value: bool) -> String {
        format!("{name} is {}", if value { "on the loop" } else { "off" })
    }

    /// The clues are the numbers (and `?` cells).
    fn clues(&self) -> Vec<String> {
        let symbol = |k: usize| format::symbol(self.cells[k]);
        places::named(self.numbered(), |k| place(k, self.cols), symbol)
    }

    fn without_clues(&self, drop: &[usize]) -> Option<Self> {
        places::changed(self, self.numbered(), drop, |p, k| p.cells[k] = Cell::Empty)
    }

    /// What the loop would add: the count of every cell without a number.
    fn clues_from(&self, l: &Loop) -> Vec<String> {
        let count = |k: usize| self.count_around(l, k / self.cols, k % self.cols);
        places::named(self.open_cells(), |k| place(k, self.cols), count)
    }

    fn with_clues_from(&self, l: &Loop, picks: &[usize]) -> Option<Self> {
        places::changed(self, self.open_cells(), picks, |p, k| {
            p.cells[k] = Cell::Number(self.count_around(l, k / self.cols, k % self.cols));
        })
    }

    fn edit_grid(&self) -> Option<wellposed_engine::EditGrid> {
        Some(wellposed_engine::EditGrid {
            rows: self.rows,
            cols: self.cols,
            cells: self.cells.iter().map(|&c| format::symbol(c)).collect(),
            symbols: [".", "0", "1", "2", "3", "4", "?"]
                .map(String::from)
                .to_vec(),
        })
    }

    fn edited(&self, cells: &[String]) -> Result<Self, String> {
        Family::edit_grid(self).expect("a grid").check(cells)?;
        let cells = cells
            .iter()
            .map(|s| format::cell_of(s).expect("checked: a symbol of the grid"))
            .collect();
        Ok(Slitherlink {
            cells,
            ..self.clone()
        })
    }
}

impl Slitherlink {
    /// The cells with a number or `?`, in order.
    fn numbered(&self) -> impl Iterator<Item = usize> + '_ {
        (0..self.cells.len()).filter(|&k| self.cells[k] != Cell::Empty)
    }

    /// The cells without one.
    fn open_cells(&self) -> impl Iterator<Item = usize> + '_ {
        (0..self.cells.len()).filter(|&k| self.cells[k] == Cell::Empty)
    }
}
