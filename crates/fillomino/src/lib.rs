//! Fillomino (フィルオミノ): fill every cell with a number so that every maximal orthogonally
//! connected group of equal numbers (a polyomino) has exactly that many cells; the given numbers
//! stay. Equivalently the grid is divided into regions, a region of k cells holds k in each
//! cell, and two regions of the same size never share an edge. Walls given on the board (a
//! puzz.link option) separate regions. In the variant pzprjs flags `t` ([`Fillomino::tri`],
//! its option `fillomino_tri`, "maximum block size is 3") no region has more than 3 cells.
//!
//! Variables: each cell's number in the order encoding (`≥ 2`, `≥ 3`, … up to the cell's bound,
//! the answer), and for each pair of neighbours a literal "same region". The engine's
//! [`wellposed_engine::connectivity::sized_components`] makes every cell's region (through the
//! "same region" edges) as large as its number, and equal numbers across a "same region" edge;
//! the family adds that neighbours in different regions hold different numbers, the givens,
//! and the walls. A cell's bound is exact, not a cap: a number k is possible in a cell only
//! when the cells it can share a region with (open cells, or givens of k, through no wall)
//! number at least k, and the bound is the largest such k (at most the board's size).
//!
//! ```
//! use wellposed_engine::{uniqueness, Family, Options};
//! // pzprjs's own test URL for the genre (test/script/fillomino.js).
//! let url = "https://puzz.link/p?fillomino/6/6/h4j53g2k5233k2g14j3h";
//! let p = wellposed_fillomino::Fillomino::parse(url, "doc").unwrap();
//! assert_eq!(uniqueness(&p, &Options::default()).unwrap().status(), "unique");
//! assert_eq!(p.url().unwrap(), url);
//! ```

pub mod format;
pub mod generate;
pub mod rules;
#[cfg(test)]
mod tests;

use serde::Serialize;
use wellposed_engine::connectivity::{grid_pairs, sized_components, Edge};
use wellposed_engine::repair::given_cells;
use wellposed_engine::sat::Choices;
use wellposed_engine::{Answer, CnfEncoding, Encoding, EncodingKind, Family, ParseError};
use wellposed_sat::{Cnf, Lit, Var};

/// The most cells accepted: a cell's number may reach the size of the open area around it, so
/// the order encoding grows with cells × area.
pub const MAX_CELLS: usize = 2_500;

/// A given cell.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum Clue {
    Number(usize),
    /// A given cell whose number is not shown (pzprjs's `?`): it is filled like an open cell.
    Unknown,
}

impl std::fmt::Display for Clue {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Clue::Number(n) => write!(f, "{n}"),
            Clue::Unknown => write!(f, "?"),
        }
    }
}

/// The clues: given numbers row by row (`None` open), and walls between neighbours.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Fillomino {
    pub rows: usize,
    pub cols: usize,
    pub givens: Vec<Option<Clue>>,
    /// Per pair of neighbours in [`grid_pairs`] order (the horizontal neighbours row by row,
    /// then the vertical ones: pzprjs's border order), whether a wall separates them.
    pub walls: Vec<bool>,
    /// pzprjs's `fillomino/t/…` variant: no number (no region) above 3.
    pub tri: bool,
}

/// A solution: every cell's number.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Numbers {
    /// The board drawn, one row a line, numbers apart.
    pub grid: Vec<String>,
    #[serde(skip)]
    pub number: Vec<usize>,
}

/// This family as the registry and every front end see it.
pub const FAMILY: wellposed_engine::FamilyEntry =
    wellposed_engine::FamilyEntry::of::<Fillomino>().generator(generate::GENERATOR);

/// What the encoding is built from: each cell's possible numbers and the neighbour pairs.
pub struct Layout {
    pub pairs: Vec<(usize, usize)>,
    /// Per cell, whether each number 1..=bound is possible (index k − 1).
    pub possible: Vec<Vec<bool>>,
    /// Per cell, the index of its first `≥` variable (`≥ 2` there, `≥ 3` next, …).
    pub first: Vec<usize>,
    /// The index of the first "same region" variable (one per pair, in order).
    pub same: usize,
}

impl Layout {
    /// Cell k's bound, its largest possible number.
    pub fn bound(&self, k: usize) -> usize {
        self.possible[k].len()
    }

    /// The variable "cell k's number is at least j" (2 ≤ j ≤ bound).
    pub fn at_least(&self, k: usize, j: usize) -> Var {
        debug_assert!(j >= 2 && j <= self.bound(k));
        Var((self.first[k] + j - 2) as u32)
    }

    /// The variable "pair i's cells are in one region".
    pub fn same(&self, i: usize) -> Var {
        Var((self.same + i) as u32)
    }

    /// The clause "cell k's number is not j" in the order encoding.
    pub fn not_equal(&self, k: usize, j: usize) -> Vec<Lit> {
        let mut c = Vec::new();
        if j >= 2 {
            c.push(self.at_least(k, j).negative());
        }
        if j < self.bound(k) {
            c.push(self.at_least(k, j + 1).positive());
        }
        c
    }
}

impl Fillomino {
    pub fn new(rows: usize, cols: usize, givens: Vec<Option<Clue>>) -> Fillomino {
        assert_eq!(givens.len(), rows * cols, "a cell for every place");
        let walls = vec![false; grid_pairs(rows, cols).len()];
        Fillomino {
            rows,
            cols,
            givens,
            walls,
            tri: false,
        }
    }

    /// `row R col C` (from 1), the name of cell k in messages and hints.
    pub fn cell_name(&self, k: usize) -> String {
        given_cells::place(k, self.cols)
    }

    fn number(&self, k: usize) -> Option<usize> {
        match self.givens[k] {
            Some(Clue::Number(n)) => Some(n),
            _ => None,
        }
    }

    /// Each cell's possible numbers. Number j is possible in an open cell when the cells it can
    /// share a region with — open cells and givens of j, through pairs with no wall — number at
    /// least j (so the largest is at most the board's size); a given cell holds its number.
    pub fn layout(&self) -> Layout {
        let n = self.rows * self.cols;
        let pairs = grid_pairs(self.rows, self.cols);
        let mut adj: Vec<Vec<usize>> = vec![Vec::new(); n];
        for (i, &(a, b)) in pairs.iter().enumerate() {
            if !self.walls[i] {
                adj[a].push(b);
                adj[b].push(a);
            }
        }
        let largest = (0..n).filter_map(|k| self.number(k)).max().unwrap_or(0);
        // Area sizes of the cells allowed for number j: given numbers ≤ largest are each their
        // own pass; every j above them allows the open cells alone, one pass for all.
        let area = |allowed: &dyn Fn(usize) -> bool| -> Vec<usize> {
            let mut size = vec![0; n];
            let mut seen = vec![false; n];
            for s in 0..n {
                if seen[s] || !allowed(s) {
                    continue;
                }
                seen[s] = true;
                let mut part = vec![s];
                let mut head = 0;
                while head < part.len() {
                    let v = part[head];
                    head += 1;
                    for &w in &adj[v] {
                        if !seen[w] && allowed(w) {
                            seen[w] = true;
                            part.push(w);
                        }
                    }
                }
                for &v in &part {
                    size[v] = part.len();
                }
            }
            size
        };
        let open = |k: usize| self.number(k).is_none();
        let beyond = area(&open);
        let by_number: Vec<Vec<usize>> = (1..=largest)
            .map(|j| area(&|k| self.number(k).is_none_or(|c| c == j)))
            .collect();
        let mut possible = Vec::with_capacity(n);
        for k in 0..n {
            let p: Vec<bool> = match self.number(k) {
                Some(c) => (1..=c.min(n)).map(|j| j == c).collect(),
                None => {
                    let top = largest.max(beyond[k]);
                    (1..=top)
                        .map(|j| {
                            if j <= largest {
                                by_number[j - 1][k] >= j
                            } else {
                                beyond[k] >= j
                            }
                        })
                        .collect()
                }
            };
            let mut p = p;
            if self.tri {
                // The variant's cap: numbers above 3 ruled out (a given one too: no solution).
                p.iter_mut().skip(3).for_each(|ok| *ok = false);
            }
            possible.push(p);
        }
        // An open cell with no possible number keeps the bound 1 (and its one number ruled out).
        let mut first = Vec::with_capacity(n);
        let mut next = 0;
        for p in &possible {
            first.push(next);
            next += p.len().max(1) - 1;
        }
        for p in possible.iter_mut() {
            if p.is_empty() {
                p.push(false);
            }
        }
        Layout {
            pairs,
            possible,
            first,
            same: next,
        }
    }

    /// The CNF encoding (see the crate's documentation).
    pub fn cnf_with(&self, choices: Choices) -> CnfEncoding {
        let l = self.layout();
        let mut cnf = Cnf::with_choices(choices);
        cnf.new_vars(l.same + l.pairs.len());
        let n = self.rows * self.cols;
        for k in 0..n {
            for (i, &ok) in l.possible[k].iter().enumerate() {
                if !ok {
                    cnf.add_clause(&l.not_equal(k, i + 1));
                }
            }
        }
        for (i, &(a, b)) in l.pairs.iter().enumerate() {
            let same = l.same(i).positive();
            if self.walls[i] {
                cnf.add_clause(&[!same]);
            }
            // Different regions side by side have different sizes.
            for j in 1..=l.bound(a).min(l.bound(b)) {
                if l.possible[a][j - 1] && l.possible[b][j - 1] {
                    let mut c = vec![same];
                    c.extend(l.not_equal(a, j));
                    c.extend(l.not_equal(b, j));
                    cnf.add_clause(&c);
                }
            }
        }
        let at_least: Vec<Vec<Lit>> = (0..n)
            .map(|k| {
                (2..=l.bound(k))
                    .map(|j| l.at_least(k, j).positive())
                    .collect()
            })
            .collect();
        let edges = (0..l.pairs.len())
            .map(|i| Edge::when(l.pairs[i].0, l.pairs[i].1, l.same(i).positive()))
            .collect();
        let s = sized_components(&mut cnf, at_least, edges);
        let answer: Vec<Var> = (0..l.same).map(|v| Var(v as u32)).collect();
        let mut names = Vec::with_capacity(l.same);
        for k in 0..n {
            for j in 2..=l.bound(k) {
                names.push(format!("{} ≥ {j}", self.cell_name(k)));
            }
        }
        let mut enc = CnfEncoding::new(cnf, answer, names);
        enc.lazy.push(s);
        enc
    }

    /// Checks a filling by the rules alone: every cell numbered, the givens kept, each group of
    /// equal numbers as large as its number, the two sides of a wall different.
    pub fn check(&self, number: &[usize]) -> Result<(), String> {
        let n = self.rows * self.cols;
        if number.len() != n {
            return Err(format!("expected {n} cells, found {}", number.len()));
        }
        for (k, &v) in number.iter().enumerate() {
            if v == 0 {
                return Err(format!("{} has no number", self.cell_name(k)));
            }
            if self.tri && v > 3 {
                return Err(format!(
                    "{} holds {v} (no region above 3 cells in this variant)",
                    self.cell_name(k)
                ));
            }
            if let Some(c) = self.number(k) {
                if v != c {
                    return Err(format!("{} is given {c} but holds {v}", self.cell_name(k)));
                }
            }
        }
        for (i, &(a, b)) in grid_pairs(self.rows, self.cols).iter().enumerate() {
            if self.walls[i] && number[a] == number[b] {
                return Err(format!(
                    "{} and {} hold {} on both sides of a wall",
                    self.cell_name(a),
                    self.cell_name(b),
                    number[a]
                ));
            }
        }
        let groups = wellposed_engine::rooms::Rooms::from_labels(self.rows, self.cols, number);
        for cells in &groups.cells {
            let k = number[cells[0]];
            if cells.len() != k {
                return Err(format!(
                    "the group of {k}s at {} has {} cells",
                    self.cell_name(cells[0]),
                    cells.len()
                ));
            }
        }
        Ok(())
    }

    /// A filling as a solution.
    pub fn numbers(&self, number: Vec<usize>) -> Numbers {
        let width = number.iter().max().map_or(1, |m| m.to_string().len());
        let grid = number
            .chunks(self.cols.max(1))
            .map(|row| {
                row.iter()
                    .map(|v| format!("{v:>width$}"))
                    .collect::<Vec<_>>()
                    .join(" ")
            })
            .collect();
        Numbers { grid, number }
    }

    /// The largest number the edit grid offers.
    fn edit_max(&self) -> usize {
        self.givens
            .iter()
            .filter_map(|g| match g {
                Some(Clue::Number(n)) => Some(*n),
                _ => None,
            })
            .max()
            .unwrap_or(0)
            .max(9)
    }
}

impl Family for Fillomino {
    const NAME: &'static str = "fillomino";
    const PUZZLINK: &'static [&'static str] = &["fillomino"];
    const PUZZLINK_FLAGS: &'static str = "t";
    const SUMMARY: &'static str =
        "Fillomino: number every cell so that each group of equal numbers has that many cells";
    const EXAMPLES: &'static [&'static str] = &[
        "family fillomino\nsize 3 3\ngrid\n1 . .\n. 3 .\n. . 1\n",
        "family fillomino\nsize 2 3\ngrid\n. . .\n. ? 2\nwalls\n1 1 right\n",
        "https://puzz.link/p?fillomino/6/6/h4j53g2k5233k2g14j3h\n",
    ];
    type Solution = Numbers;

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
        (kind == EncodingKind::Cnf).then(|| Encoding::Cnf(self.cnf_with(choices)))
    }

    fn decode(&self, answer: &Answer) -> Numbers {
        let l = self.layout();
        let number = (0..self.rows * self.cols)
            .map(|k| {
                1 + (2..=l.bound(k))
                    .take_while(|&j| answer.value(l.at_least(k, j)))
                    .count()
            })
            .collect();
        self.numbers(number)
    }

    fn verify(&self, s: &Numbers) -> Result<(), String> {
        self.check(&s.number)
    }

    fn render(&self, s: &Numbers) -> String {
        s.grid.join("\n")
    }

    /// Each cell's number where its bounds meet, `?` where they do not yet.
    fn render_partial(&self, known: &[Option<bool>]) -> Option<String> {
        let l = self.layout();
        let rows: Vec<String> = (0..self.rows)
            .map(|r| {
                (0..self.cols)
                    .map(|c| {
                        let k = r * self.cols + c;
                        let at = |j: usize| known.get(l.first[k] + j - 2).copied().flatten();
                        let lo = 1
                            + (2..=l.bound(k))
                                .take_while(|&j| at(j) == Some(true))
                                .count();
                        let settled = lo == l.bound(k) || at(lo + 1) == Some(false);
                        if settled {
                            lo.to_string()
                        } else {
                            "?".to_string()
                        }
                    })
                    .collect::<Vec<_>>()
                    .join(" ")
            })
            .collect();
        Some(rows.join("\n"))
    }

    fn svg(&self, s: &Numbers) -> Option<String> {
        Some(format::svg(self, s))
    }

    /// The puzzle as given: the given numbers and walls, the open cells empty.
    fn svg_puzzle(&self) -> Option<String> {
        Some(format::svg_puzzle(self))
    }

    fn deduction_rules(&self) -> Vec<Box<dyn wellposed_engine::deduce::FamilyRule>> {
        rules::rules(self)
    }

    fn answer_text(&self, name: &str, value: bool) -> String {
        match name.split_once(" ≥ ") {
            Some((cell, j)) if value => format!("{cell} holds {j} or more"),
            Some((cell, j)) => format!("{cell} holds less than {j}"),
            None => format!("{name} is {value}"),
        }
    }

    fn clues(&self) -> Vec<String> {
        given_cells::clues(&self.givens, self.cols)
    }

    fn without_clues(&self, drop: &[usize]) -> Option<Self> {
        Some(Fillomino {
            givens: given_cells::without(&self.givens, drop),
            ..self.clone()
        })
    }

    fn clues_from(&self, s: &Numbers) -> Vec<String> {
        let sol: Vec<Clue> = s.number.iter().map(|&v| Clue::Number(v)).collect();
        given_cells::from_solution(&self.givens, &sol, self.cols)
    }

    fn with_clues_from(&self, s: &Numbers, picks: &[usize]) -> Option<Self> {
        let sol: Vec<Clue> = s.number.iter().map(|&v| Clue::Number(v)).collect();
        Some(Fillomino {
            givens: given_cells::with_from(&self.givens, &sol, picks),
            ..self.clone()
        })
    }

    /// Every cell: `.` open, `?` a given without its number, or a number (1 to 9, or up to
    /// the largest given). The walls stay as they are.
    fn edit_grid(&self) -> Option<wellposed_engine::EditGrid> {
        let mut symbols = vec![".".to_string(), "?".to_string()];
        symbols.extend((1..=self.edit_max()).map(|v| v.to_string()));
        Some(wellposed_engine::EditGrid {
            rows: self.rows,
            cols: self.cols,
            cells: self
                .givens
                .iter()
                .map(|g| g.map_or(".".to_string(), |c| c.to_string()))
                .collect(),
            symbols,
        })
    }

    fn edited(&self, cells: &[String]) -> Result<Self, String> {
        let grid = Family::edit_grid(self).expect("a board has a grid");
        grid.check(cells)?;
        let mut p = self.clone();
        p.givens = cells
            .iter()
            .map(|s| match s.as_str() {
                "." => None,
                "?" => Some(Clue::Unknown),
                v => Some(Clue::Number(
                    v.parse().expect("checked against the symbols"),
                )),
            })
            .collect();
        Ok(p)
    }
}
