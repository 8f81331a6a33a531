//! Nurikabe: shade some cells of a grid so that every orthogonally connected island of
//! unshaded cells holds exactly one number, and as many cells as that number says (a `?` is a
//! number not given: its island has any size), all shaded cells form one orthogonally
//! connected sea, and no 2×2 block is all shaded.
//!
//! The CNF has a variable per cell, "shaded" (the answer variables, row-major); a clause per
//! 2×2 block; and two of the engine's graph constraints
//! ([`wellposed_engine::connectivity`]): `regions` over the unshaded cells with the numbered
//! cells as clues (each island one clue, its size), and `connected` over the shaded cells —
//! both as lazy cuts in the solve loop, or their complete encoding where a plain formula is
//! needed.
//!
//! ```
//! use wellposed_engine::{uniqueness, Family, Options};
//! // pzprjs's own test puzzle (test/script/nurikabe.js).
//! let p = wellposed_nurikabe::Nurikabe::parse("https://puzz.link/p?nurikabe/5/5/g5k2o1k3g", "example")
//!     .unwrap();
//! assert_eq!(uniqueness(&p, &Options::default()).unwrap().status(), "unique");
//! ```

mod draw;
mod format;
pub mod generate;
pub mod rules;
#[cfg(test)]
mod tests;

use serde::Serialize;
use wellposed_engine::connectivity::{connected, grid_pairs, regions, Clue, Edge};
use wellposed_engine::repair::places;
use wellposed_engine::sat::{Choices, Cnf, Lit, Var};
use wellposed_engine::{Answer, CnfEncoding, Encoding, EncodingKind, Family, ParseError};

/// The most cells a puzzle may have.
pub const MAX_CELLS: usize = 10_000;

/// What a cell shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum Cell {
    Empty,
    /// A number that is not given (pzprjs's `?`): its island has one number, of any size.
    Unknown,
    /// The size of the island holding this cell.
    Number(u32),
}

/// The clues: a grid of `rows` × `cols` cells, row-major.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Nurikabe {
    pub rows: usize,
    pub cols: usize,
    pub cells: Vec<Cell>,
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
    wellposed_engine::FamilyEntry::of::<Nurikabe>().generator(generate::GENERATOR);

/// The orthogonal neighbours of cell `k` of a `rows` × `cols` grid.
pub fn neighbours(rows: usize, cols: usize, k: usize) -> impl Iterator<Item = usize> {
    let (r, c) = (k / cols, k % cols);
    [
        (r > 0).then(|| k - cols),
        (r + 1 < rows).then(|| k + cols),
        (c > 0).then(|| k - 1),
        (c + 1 < cols).then(|| k + 1),
    ]
    .into_iter()
    .flatten()
}

/// The orthogonally connected components of the cells where `inside` holds, each a list of
/// cells (breadth first from its smallest cell).
pub fn components(rows: usize, cols: usize, inside: &[bool]) -> Vec<Vec<usize>> {
    let mut seen = vec![false; inside.len()];
    let mut parts = Vec::new();
    for start in 0..inside.len() {
        if !inside[start] || seen[start] {
            continue;
        }
        seen[start] = true;
        let mut part = vec![start];
        let mut head = 0;
        while head < part.len() {
            let v = part[head];
            head += 1;
            for w in neighbours(rows, cols, v) {
                if inside[w] && !seen[w] {
                    seen[w] = true;
                    part.push(w);
                }
            }
        }
        parts.push(part);
    }
    parts
}

impl Nurikabe {
    pub fn empty(rows: usize, cols: usize) -> Nurikabe {
        Nurikabe {
            rows,
            cols,
            cells: vec![Cell::Empty; rows * cols],
        }
    }

    /// The cell in words.
    pub fn cell_name(&self, k: usize) -> String {
        format!("row {} col {}", k / self.cols + 1, k % self.cols + 1)
    }

    /// The 2×2 blocks, each as its four cells.
    pub fn blocks(&self) -> impl Iterator<Item = [usize; 4]> + '_ {
        let c = self.cols;
        (0..self.rows.saturating_sub(1)).flat_map(move |r| {
            (0..c.saturating_sub(1)).map(move |j| {
                let k = r * c + j;
                [k, k + 1, k + c, k + c + 1]
            })
        })
    }

    /// The CNF (see the crate's documentation). `sizes`: whether numbered clues constrain their
    /// island's size (without, every clue acts as a `?`).
    pub fn cnf(&self, choices: Choices, sizes: bool) -> CnfEncoding {
        let mut cnf = Cnf::with_choices(choices);
        let n = self.rows * self.cols;
        let answer = cnf.new_vars(n);
        let shaded: Vec<Lit> = answer.iter().map(|v| v.positive()).collect();
        for b in self.blocks() {
            cnf.add_clause(&b.map(|k| !shaded[k]));
        }
        let edges: Vec<Edge> = grid_pairs(self.rows, self.cols)
            .into_iter()
            .map(|(a, b)| Edge::fixed(a, b))
            .collect();
        let clues = (0..n)
            .filter_map(|k| match self.cells[k] {
                Cell::Empty => None,
                Cell::Unknown => Some(Clue {
                    vertex: k,
                    size: None,
                }),
                Cell::Number(s) => Some(Clue {
                    vertex: k,
                    size: sizes.then_some(s as usize),
                }),
            })
            .collect();
        let islands = regions(
            &mut cnf,
            shaded.iter().map(|&l| !l).collect(),
            edges.clone(),
            clues,
        );
        let sea = connected(&mut cnf, shaded, edges, false);
        let names = (0..n).map(|k| self.cell_name(k)).collect();
        CnfEncoding {
            cnf,
            answer,
            names,
            lazy: vec![islands, sea],
        }
    }

    /// The shading of a model.
    pub fn shading_of(&self, on: impl Fn(usize) -> bool) -> Shading {
        Shading {
            shaded: (0..self.rows)
                .map(|r| (0..self.cols).map(|c| on(r * self.cols + c)).collect())
                .collect(),
        }
    }

    /// The cells with a number or `?`, in order.
    pub fn numbered(&self) -> impl Iterator<Item = usize> + '_ {
        (0..self.cells.len()).filter(|&k| self.cells[k] != Cell::Empty)
    }

    /// The cells with a `?`.
    fn unknowns(&self) -> impl Iterator<Item = usize> + '_ {
        (0..self.cells.len()).filter(|&k| self.cells[k] == Cell::Unknown)
    }

    /// The size of the island of unshaded cells holding cell `k`.
    pub fn island_size(&self, s: &Shading, k: usize) -> usize {
        let unshaded: Vec<bool> = (0..self.cells.len()).map(|j| !s.at(j, self.cols)).collect();
        components(self.rows, self.cols, &unshaded)
            .into_iter()
            .find(|p| p.contains(&k))
            .map_or(0, |p| p.len())
    }
}

impl Family for Nurikabe {
    const NAME: &'static str = "nurikabe";
    const PUZZLINK: &'static [&'static str] = &["nurikabe"];
    const SUMMARY: &'static str =
        "Nurikabe: shade cells so each unshaded island holds one number, its size; the shaded cells connected, no 2×2 shaded";
    const EXAMPLES: &'static [&'static str] = &[
        "family nurikabe\nsize 3 3\ngrid\n2 . .\n. . .\n. . 3\n",
        "https://puzz.link/p?nurikabe/5/5/g5k2o1k3g",
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
        (kind == EncodingKind::Cnf).then(|| Encoding::Cnf(self.cnf(choices, true)))
    }

    fn decode(&self, answer: &Answer) -> Shading {
        self.shading_of(|k| answer.value(Var(k as u32)))
    }

    /// The rules alone: numbered cells unshaded; each island of unshaded cells holds exactly
    /// one number and has its size; the shaded cells connected; no 2×2 block shaded.
    fn verify(&self, s: &Shading) -> Result<(), String> {
        let (rows, cols) = (self.rows, self.cols);
        let n = rows * cols;
        let shaded: Vec<bool> = (0..n).map(|k| s.at(k, cols)).collect();
        if let Some(k) = self.numbered().find(|&k| shaded[k]) {
            return Err(format!(
                "{} holds a number and is shaded",
                self.cell_name(k)
            ));
        }
        if let Some(b) = self.blocks().find(|b| b.iter().all(|&k| shaded[k])) {
            return Err(format!(
                "the 2×2 block from {} is all shaded",
                self.cell_name(b[0])
            ));
        }
        // In pzprjs's order of checks (test/script/nurikabe.js): an island without a number,
        // the sea in pieces, two numbers in one island, an island of the wrong size.
        let unshaded: Vec<bool> = shaded.iter().map(|&x| !x).collect();
        let islands = components(rows, cols, &unshaded);
        let clues_of = |island: &[usize]| -> Vec<usize> {
            island
                .iter()
                .copied()
                .filter(|&k| self.cells[k] != Cell::Empty)
                .collect()
        };
        if let Some(island) = islands.iter().find(|i| clues_of(i).is_empty()) {
            return Err(format!(
                "the island at {} holds no number",
                self.cell_name(island[0])
            ));
        }
        if components(rows, cols, &shaded).len() > 1 {
            return Err("the shaded cells are not connected".into());
        }
        for island in &islands {
            match clues_of(island).as_slice() {
                [a, b, ..] => {
                    return Err(format!(
                        "{} and {} are in one island",
                        self.cell_name(*a),
                        self.cell_name(*b)
                    ))
                }
                [k] => {
                    if let Cell::Number(size) = self.cells[*k] {
                        if size as usize != island.len() {
                            return Err(format!(
                                "the island of {} has {} cells, its number says {size}",
                                self.cell_name(*k),
                                island.len()
                            ));
                        }
                    }
                }
                [] => {}
            }
        }
        Ok(())
    }

    fn render(&self, s: &Shading) -> String {
        draw::text(self, |k| Some(s.at(k, self.cols)))
    }

    fn render_partial(&self, known: &[Option<bool>]) -> Option<String> {
        Some(draw::text(self, |k| known.get(k).copied().flatten()))
    }

    fn svg(&self, s: &Shading) -> Option<String> {
        Some(draw::svg(self, s))
    }

    /// The puzzle as given: the numbers with no cell shaded.
    fn svg_puzzle(&self) -> Option<String> {
        Some(draw::svg(self, &self.shading_of(|_| false)))
    }

    fn deduction_rules(&self) -> Vec<Box<dyn wellposed_engine::deduce::FamilyRule>> {
        rules::rules(self)
    }

    fn answer_text(&self, name: &str, value: bool) -> String {
        format!("{name} is {}", if value { "shaded" } else { "unshaded" })
    }

    /// The clues are the numbers and `?` cells (dropping one leaves its cell empty).
    fn clues(&self) -> Vec<String> {
        let symbol = |k: usize| format::symbol(self.cells[k]);
        places::named(self.numbered(), |k| self.cell_name(k), symbol)
    }

    fn without_clues(&self, drop: &[usize]) -> Option<Self> {
        places::changed(self, self.numbered(), drop, |p, k| p.cells[k] = Cell::Empty)
    }

    /// What a shading could add without breaking it: the size of each `?` cell's island (a
    /// number in a new cell would put two numbers in an island).
    fn clues_from(&self, s: &Shading) -> Vec<String> {
        let size = |k: usize| self.island_size(s, k);
        places::named(self.unknowns(), |k| self.cell_name(k), size)
    }

    fn with_clues_from(&self, s: &Shading, picks: &[usize]) -> Option<Self> {
        places::changed(self, self.unknowns(), picks, |p, k| {
            p.cells[k] = Cell::Number(self.island_size(s, k) as u32);
        })
    }

    fn edit_grid(&self) -> Option<wellposed_engine::EditGrid> {
        let most = self
            .cells
            .iter()
            .filter_map(|c| match c {
                Cell::Number(n) => Some(*n),
                _ => None,
            })
            .max()
            .unwrap_or(0)
            .max(9);
        let mut symbols = vec![".".to_string(), "?".to_string()];
        symbols.extend((1..=most).map(|n| n.to_string()));
        Some(wellposed_engine::EditGrid {
            rows: self.rows,
            cols: self.cols,
            cells: self.cells.iter().map(|&c| format::symbol(c)).collect(),
            symbols,
        })
    }

    fn edited(&self, cells: &[String]) -> Result<Self, String> {
        Family::edit_grid(self).expect("a grid").check(cells)?;
        let cells = cells
            .iter()
            .map(|s| format::cell_of(s).expect("checked: a symbol of the grid"))
            .collect();
        Ok(Nurikabe {
            cells,
            ..self.clone()
        })
    }
}
