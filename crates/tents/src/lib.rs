//! Tents (テント): trees stand on a grid; place tents so that every tree has its own tent on
//! an orthogonally adjacent cell and every tent belongs to exactly one tree (a one-to-one
//! pairing of trees and tents along orthogonal adjacency), no two tents touch, not even
//! diagonally, and a number beside a row or above a column (when given) counts its tents.
//!
//! Variables: one per cell without a tree, true when it holds a tent (the answer); then one
//! per (tree, orthogonal neighbour without a tree), true when that tree's tent is there. Each
//! tree takes exactly one of its pairings; a pairing puts a tent on its cell; a tent takes
//! exactly one pairing; no two touching cells both hold tents; each given count is a
//! cardinality constraint over its line. Solutions are told apart by the tents alone (two
//! pairings of the same tents are one answer for the player).
//!
//! ```
//! use wellposed_engine::{uniqueness, Family, Options};
//! // pzprjs's own test URL for the genre (test/script/tents.js).
//! let p = wellposed_tents::Tents::parse("https://puzz.link/p?tents/5/5/2g0h1i1j82323", "doc").unwrap();
//! assert_eq!(uniqueness(&p, &Options::default()).unwrap().status(), "unique");
//! assert_eq!(p.url().unwrap(), "https://puzz.link/p?tents/5/5/2g0h1i1j82323");
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

/// The most cells accepted.
pub const MAX_CELLS: usize = 10_000;
/// The longest side accepted (pzprjs writes a count of 16 to 255 as `-` and two hex digits, and
/// reads no longer form for them).
pub const MAX_SIDE: usize = 200;

/// The clues: trees on the grid, and the tent counts of rows and columns (`None`: not given).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Tents {
    pub rows: usize,
    pub cols: usize,
    /// Per cell, row-major, whether a tree stands there.
    pub tree: Vec<bool>,
    pub row_counts: Vec<Option<usize>>,
    pub col_counts: Vec<Option<usize>>,
}

/// A solution: where the tents are.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Camp {
    /// The board drawn: `A` a tent, `T` a tree, `.` grass.
    pub grid: Vec<String>,
    /// Per cell, whether it holds a tent.
    #[serde(skip)]
    pub tent: Vec<bool>,
}

/// This family as the registry and every front end see it.
pub const FAMILY: wellposed_engine::FamilyEntry =
    wellposed_engine::FamilyEntry::of::<Tents>().generator(generate::GENERATOR);

/// Which count a clue is: row or column, and its index.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Line {
    Row(usize),
    Col(usize),
}

impl Tents {
    /// A board without counts.
    pub fn new(rows: usize, cols: usize, tree: Vec<bool>) -> Tents {
        assert_eq!(tree.len(), rows * cols, "a cell for every place");
        Tents {
            rows,
            cols,
            tree,
            row_counts: vec![None; rows],
            col_counts: vec![None; cols],
        }
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

    /// The up to eight cells touching cell k (orthogonally or diagonally).
    pub fn touching(&self, k: usize) -> impl Iterator<Item = usize> + '_ {
        let (r, c) = ((k / self.cols) as isize, (k % self.cols) as isize);
        let (m, n) = (self.rows as isize, self.cols as isize);
        (-1..=1)
            .flat_map(move |dr| (-1..=1).map(move |dc| (r + dr, c + dc)))
            .filter(move |&(rr, cc)| (rr, cc) != (r, c) && rr >= 0 && cc >= 0 && rr < m && cc < n)
            .map(move |(rr, cc)| (rr * n + cc) as usize)
    }

    /// The cells of a line.
    pub fn cells_of(&self, line: Line) -> Vec<usize> {
        match line {
            Line::Row(r) => (0..self.cols).map(|c| r * self.cols + c).collect(),
            Line::Col(c) => (0..self.rows).map(|r| r * self.cols + c).collect(),
        }
    }

    /// Every line with its count (given or not), rows first.
    pub fn lines(&self) -> impl Iterator<Item = (Line, Option<usize>)> + '_ {
        let rows = self.row_counts.iter().enumerate();
        let cols = self.col_counts.iter().enumerate();
        rows.map(|(r, &n)| (Line::Row(r), n))
            .chain(cols.map(|(c, &n)| (Line::Col(c), n)))
    }

    /// The given counts, rows first: the clues.
    pub fn given(&self) -> Vec<(Line, usize)> {
        self.lines()
            .filter_map(|(l, n)| n.map(|n| (l, n)))
            .collect()
    }

    /// The lines without a count: where a solution can add one.
    pub fn absent(&self) -> Vec<Line> {
        self.lines()
            .filter(|(_, n)| n.is_none())
            .map(|(l, _)| l)
            .collect()
    }

    fn count_mut(&mut self, line: Line) -> &mut Option<usize> {
        match line {
            Line::Row(r) => &mut self.row_counts[r],
            Line::Col(c) => &mut self.col_counts[c],
        }
    }

    /// Per cell, its answer variable (`None` for a tree).
    pub fn var_of(&self) -> Vec<Option<usize>> {
        let mut next = 0;
        self.tree
            .iter()
            .map(|&t| {
                (!t).then(|| {
                    next += 1;
                    next - 1
                })
            })
            .collect()
    }

    /// The cells without a tree, in order: answer variable i is the i-th of them.
    pub fn grounds(&self) -> Vec<usize> {
        (0..self.tree.len()).filter(|&k| !self.tree[k]).collect()
    }

    /// The pairings (tree, cell beside it without a tree); pairing i is variable
    /// `grounds().len() + i`.
    pub fn pairings(&self) -> Vec<(usize, usize)> {
        (0..self.tree.len())
            .filter(|&t| self.tree[t])
            .flat_map(|t| {
                self.neighbours(t)
                    .filter(|&k| !self.tree[k])
                    .map(move |k| (t, k))
            })
            .collect()
    }

    /// The rules without the counts: pairings, tents and no touching. Variables: the answer,
    /// then the pairings, then whatever the at-most-one encodings add.
    pub fn rules_cnf(&self, choices: Choices) -> Cnf {
        let var_of = self.var_of();
        let grounds = self.grounds();
        let pairs = self.pairings();
        let mut cnf = Cnf::with_choices(choices);
        cnf.new_vars(grounds.len() + pairs.len());
        let tent = |k: usize| Var(var_of[k].expect("no tree") as u32).positive();
        let pairing = |i: usize| Var((grounds.len() + i) as u32).positive();
        for t in (0..self.tree.len()).filter(|&t| self.tree[t]) {
            let mine: Vec<Lit> = (0..pairs.len())
                .filter(|&i| pairs[i].0 == t)
                .map(pairing)
                .collect();
            cnf.exactly_one(&mine, AmoEncoding::Pairwise);
        }
        for &k in &grounds {
            let mine: Vec<Lit> = (0..pairs.len())
                .filter(|&i| pairs[i].1 == k)
                .map(pairing)
                .collect();
            // A tent is some tree's: tent → one of its pairings (none: no tent here).
            let mut clause = vec![!tent(k)];
            clause.extend(&mine);
            cnf.add_clause(&clause);
            for &p in &mine {
                cnf.add_clause(&[!p, tent(k)]);
            }
            cnf.at_most_one(&mine, AmoEncoding::Pairwise);
            for j in self.touching(k).filter(|&j| j > k && !self.tree[j]) {
                cnf.add_clause(&[!tent(k), !tent(j)]);
            }
        }
        cnf
    }

    /// The clauses that say a line's count, added to `cnf` (its counter variables too).
    pub fn add_count(&self, cnf: &mut Cnf, line: Line, n: usize, var_of: &[Option<usize>]) {
        let lits: Vec<Lit> = self
            .cells_of(line)
            .into_iter()
            .filter_map(|k| var_of[k])
            .map(|v| Var(v as u32).positive())
            .collect();
        if n > lits.len() {
            cnf.add_clause(&[]);
        } else {
            cnf.exactly_k(&lits, n as u64);
        }
    }

    /// The whole CNF encoding.
    pub fn cnf_with(&self, choices: Choices) -> CnfEncoding {
        let mut cnf = self.rules_cnf(choices);
        let var_of = self.var_of();
        for (line, n) in self.given() {
            self.add_count(&mut cnf, line, n, &var_of);
        }
        let grounds = self.grounds();
        let answer = (0..grounds.len()).map(|v| Var(v as u32)).collect();
        let names = grounds.iter().map(|&k| self.cell_name(k)).collect();
        CnfEncoding::new(cnf, answer, names)
    }

    /// `row R col C` (from 1), the name of cell k in messages and hints.
    pub fn cell_name(&self, k: usize) -> String {
        format!("row {} col {}", k / self.cols + 1, k % self.cols + 1)
    }

    /// The name of a line in messages.
    pub fn line_name(line: Line) -> String {
        match line {
            Line::Row(r) => format!("row {}", r + 1),
            Line::Col(c) => format!("column {}", c + 1),
        }
    }

    /// Checks a placement of tents by the rules alone: tents on cells without trees, none
    /// touching another, the counts, and a one-to-one pairing of trees with adjacent tents
    /// (found by augmenting paths).
    pub fn check(&self, tent: &[bool]) -> Result<(), String> {
        let n = self.tree.len();
        if tent.len() != n {
            return Err(format!("expected {n} cells"));
        }
        for k in (0..n).filter(|&k| tent[k]) {
            if self.tree[k] {
                return Err(format!("{} holds a tree and a tent", self.cell_name(k)));
            }
            if let Some(j) = self.touching(k).find(|&j| j > k && tent[j]) {
                return Err(format!(
                    "the tents at {} and {} touch",
                    self.cell_name(k),
                    self.cell_name(j)
                ));
            }
        }
        for (line, want) in self.given() {
            let got = self.cells_of(line).iter().filter(|&&k| tent[k]).count();
            if got != want {
                return Err(format!(
                    "{} should have {want} tents and has {got}",
                    Tents::line_name(line)
                ));
            }
        }
        let trees: Vec<usize> = (0..n).filter(|&k| self.tree[k]).collect();
        let tents = tent.iter().filter(|&&t| t).count();
        if tents != trees.len() {
            return Err(format!(
                "{} trees and {tents} tents: each tree needs its own tent",
                trees.len()
            ));
        }
        // Kuhn's augmenting paths: owner[k] is the tree whose tent is at k.
        let mut owner: Vec<Option<usize>> = vec![None; n];
        for &t in &trees {
            let mut seen = vec![false; n];
            if !self.augment(t, tent, &mut owner, &mut seen) {
                return Err(format!(
                    "the tree at {} has no tent of its own beside it",
                    self.cell_name(t)
                ));
            }
        }
        Ok(())
    }

    /// A one-to-one pairing of the trees with adjacent tents, as the tree owning each cell
    /// (`None` when there is none: more trees than tents can pair).
    pub fn pairing(&self, tent: &[bool]) -> Option<Vec<Option<usize>>> {
        let n = self.tree.len();
        let mut owner: Vec<Option<usize>> = vec![None; n];
        for t in (0..n).filter(|&t| self.tree[t]) {
            let mut seen = vec![false; n];
            if !self.augment(t, tent, &mut owner, &mut seen) {
                return None;
            }
        }
        Some(owner)
    }

    /// Whether the tents pair with the trees in exactly one way: a second pairing exists
    /// exactly when the first has an alternating cycle (tree to an unpaired adjacent tent, tent
    /// back to its own tree), found as a cycle of that directed graph.
    pub fn pairing_is_forced(&self, tent: &[bool]) -> bool {
        let Some(owner) = self.pairing(tent) else {
            return false;
        };
        let n = self.tree.len();
        let next = |v: usize| -> Vec<usize> {
            if self.tree[v] {
                self.neighbours(v)
                    .filter(|&k| tent[k] && owner[k] != Some(v))
                    .collect()
            } else {
                owner[v].into_iter().collect()
            }
        };
        // 0 unseen, 1 on the current path, 2 done.
        let mut colour = vec![0u8; n];
        for start in (0..n).filter(|&v| self.tree[v]) {
            if colour[start] != 0 {
                continue;
            }
            let mut stack = vec![(start, next(start), 0usize)];
            colour[start] = 1;
            while let Some((v, succ, i)) = stack.last_mut() {
                if let Some(&w) = succ.get(*i) {
                    *i += 1;
                    match colour[w] {
                        1 => return false,
                        0 => {
                            colour[w] = 1;
                            let s = next(w);
                            stack.push((w, s, 0));
                        }
                        _ => {}
                    }
                } else {
                    colour[*v] = 2;
                    stack.pop();
                }
            }
        }
        true
    }

    fn augment(
        &self,
        t: usize,
        tent: &[bool],
        owner: &mut [Option<usize>],
        seen: &mut [bool],
    ) -> bool {
        let beside: Vec<usize> = self.neighbours(t).filter(|&k| tent[k]).collect();
        for k in beside {
            if seen[k] {
                continue;
            }
            seen[k] = true;
            let free = match owner[k] {
                None => true,
                Some(other) => self.augment(other, tent, owner, seen),
            };
            if free {
                owner[k] = Some(t);
                return true;
            }
        }
        false
    }

    /// A placement of tents as a solution.
    pub fn camp(&self, tent: Vec<bool>) -> Camp {
        let grid = (0..self.rows)
            .map(|r| {
                (0..self.cols)
                    .map(|c| {
                        let k = r * self.cols + c;
                        match (self.tree[k], tent[k]) {
                            (true, _) => 'T',
                            (false, true) => 'A',
                            (false, false) => '.',
                        }
                    })
                    .collect()
            })
            .collect();
        Camp { grid, tent }
    }

    fn tents_in(&self, line: Line, tent: &[bool]) -> usize {
        self.cells_of(line).iter().filter(|&&k| tent[k]).count()
    }
}

/// The symbols of the edit grid: grass or a tree (the counts are kept as they are).
const EDIT_SYMBOLS: [&str; 2] = [".", "T"];

impl Family for Tents {
    const NAME: &'static str = "tents";
    const PUZZLINK: &'static [&'static str] = &["tents"];
    const SUMMARY: &'static str =
        "Tents: a tent beside each tree, paired one to one, tents never touch, lines count tents";
    const EXAMPLES: &'static [&'static str] = &[
        "family tents\nsize 3 3\ncols 1 - 0\nrows - - 1\ngrid\n.T.\n...\n.T.\n",
        "https://puzz.link/p?tents/5/5/2g0h1i1j82323\n",
    ];
    type Solution = Camp;

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

    fn decode(&self, answer: &Answer) -> Camp {
        let tent = self
            .var_of()
            .iter()
            .map(|v| v.is_some_and(|v| answer.value(Var(v as u32))))
            .collect();
        self.camp(tent)
    }

    fn verify(&self, s: &Camp) -> Result<(), String> {
        self.check(&s.tent)
    }

    fn render(&self, s: &Camp) -> String {
        s.grid.join("\n")
    }

    /// `A` a tent, `x` grass, `?` not settled, `T` a tree.
    fn render_partial(&self, known: &[Option<bool>]) -> Option<String> {
        let var_of = self.var_of();
        let rows: Vec<String> = (0..self.rows)
            .map(|r| {
                (0..self.cols)
                    .map(|c| {
                        let k = r * self.cols + c;
                        match var_of[k].map(|v| known.get(v).copied().flatten()) {
                            None => 'T',
                            Some(Some(true)) => 'A',
                            Some(Some(false)) => 'x',
                            Some(None) => '?',
                        }
                    })
                    .collect()
            })
            .collect();
        Some(rows.join("\n"))
    }

    fn svg(&self, s: &Camp) -> Option<String> {
        Some(formats::svg(self, s))
    }

    /// The puzzle as given: the trees and counts with no tent placed.
    fn svg_puzzle(&self) -> Option<String> {
        Some(formats::svg(
            self,
            &self.camp(vec![false; self.rows * self.cols]),
        ))
    }

    fn deduction_rules(&self) -> Vec<Box<dyn wellposed_engine::deduce::FamilyRule>> {
        rules::rules(self)
    }

    fn answer_text(&self, name: &str, value: bool) -> String {
        if value {
            format!("{name} holds a tent")
        } else {
            format!("{name} is grass")
        }
    }

    /// The clues are the given counts, rows first (the trees are the board).
    fn clues(&self) -> Vec<String> {
        self.given()
            .into_iter()
            .map(|(l, n)| format!("{} has {n} tents", Tents::line_name(l)))
            .collect()
    }

    fn without_clues(&self, drop: &[usize]) -> Option<Self> {
        places::changed(self, self.given(), drop, |p, (line, _)| {
            *p.count_mut(line) = None;
        })
    }

    /// A solution can count the lines that have no count.
    fn clues_from(&self, s: &Camp) -> Vec<String> {
        self.absent()
            .into_iter()
            .map(|l| {
                let n = self.tents_in(l, &s.tent);
                format!("{} has {n} tents", Tents::line_name(l))
            })
            .collect()
    }

    fn with_clues_from(&self, s: &Camp, picks: &[usize]) -> Option<Self> {
        places::changed(self, self.absent(), picks, |p, line| {
            *p.count_mut(line) = Some(self.tents_in(line, &s.tent));
        })
    }

    /// Every cell: `.` grass, `T` a tree.
    fn edit_grid(&self) -> Option<wellposed_engine::EditGrid> {
        Some(wellposed_engine::EditGrid {
            rows: self.rows,
            cols: self.cols,
            cells: self
                .tree
                .iter()
                .map(|&t| if t { "T" } else { "." }.to_string())
                .collect(),
            symbols: EDIT_SYMBOLS.iter().map(|s| s.to_string()).collect(),
        })
    }

    fn edited(&self, cells: &[String]) -> Result<Self, String> {
        let grid = Family::edit_grid(self).expect("a board has a grid");
        grid.check(cells)?;
        let mut p = self.clone();
        p.tree = cells.iter().map(|s| s == "T").collect();
        Ok(p)
    }
}
