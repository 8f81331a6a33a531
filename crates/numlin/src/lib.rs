//! Numberlink (Number Link, ナンバーリンク; pzprjs's `numlin`): join the equal numbers in pairs
//! by paths through the centres of cells, moving between orthogonal neighbours. Paths never
//! branch, cross or share a cell, and a path never passes through a number. Under the
//! `all-cells` rule (Arukone's, and what well-made Nikoli puzzles come to) every cell is on a
//! path; under `paths-only` (pzprjs's check for `numlin`, the default) cells may stay empty.
//!
//! The CNF has a variable per segment between neighbouring cells (the answer variables, in
//! [`wellposed_engine::connectivity::grid_pairs`] order), a "used" variable per cell and a
//! colour per cell (one-hot over the distinct numbers, or binary when that would be large):
//! a number meets exactly one segment, any other cell 0 or 2 (2 under `all-cells`); a segment's
//! two cells have the same colour; a number's cell has its own colour, an unused cell none.
//! Against detached loops, the engine's connectivity constraint over the cells and one extra
//! vertex joined to every number: every used cell reaches a number (see `encodings/numlin`'s
//! README for why this admits exactly the solutions).
//!
//! ```
//! use wellposed_engine::{uniqueness, Family, Options};
//! // pzprjs's own test puzzle (test/script/numlin.js), under the all-cells rule.
//! let mut p = wellposed_numlin::Numlin::parse("https://puzz.link/p?numlin/5/5/1j2h3m1h2j3", "doc")
//!     .unwrap();
//! assert_eq!(p.url().unwrap(), "https://puzz.link/p?numlin/5/5/1j2h3m1h2j3");
//! p.rule = wellposed_numlin::Cover::AllCells;
//! assert_eq!(uniqueness(&p, &Options::default()).unwrap().status(), "unique");
//! ```

mod draw;
mod format;
pub mod generate;
mod reduce;
pub mod rules;
#[cfg(test)]
mod tests;

use serde::Serialize;
use wellposed_engine::connectivity::{connected, grid_pairs, Edge};
use wellposed_engine::repair::places;
use wellposed_engine::sat::{AmoEncoding, Choices, Cnf, Lit, Var};
use wellposed_engine::{Answer, CnfEncoding, Encoding, EncodingKind, Family, ParseError};

/// The most cells a puzzle may have.
pub const MAX_CELLS: usize = 10_000;

/// The largest number a cell may show (pzprjs's number16 code reaches far beyond any board).
pub const MAX_NUMBER: u32 = 99_999;

/// Above this many cell × colour pairs, colours are written in binary (a few bits a cell)
/// rather than one-hot: the one-hot form grows with cells × pairs.
pub const ONE_HOT_LIMIT: usize = 400_000;

/// Up to this many cell × colour pairs, the reduced question of uniqueness also leaves out
/// gaps beside a path (the `reduce` module's patterns 3 and 4).
pub const GAP_RULES_LIMIT: usize = 100_000;

/// Which cells the paths must use.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
pub enum Cover {
    /// Cells may stay empty: pzprjs's `numlin` check (its URLs mean this).
    #[default]
    PathsOnly,
    /// Every cell is on a path (Arukone's rule).
    AllCells,
}

impl Cover {
    pub fn word(self) -> &'static str {
        match self {
            Cover::PathsOnly => "paths-only",
            Cover::AllCells => "all-cells",
        }
    }

    pub fn of_word(s: &str) -> Option<Cover> {
        match s {
            "paths-only" => Some(Cover::PathsOnly),
            "all-cells" => Some(Cover::AllCells),
            _ => None,
        }
    }
}

/// The clues: `rows` × `cols` cells, row-major, each a number or empty; and the rule.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Numlin {
    pub rows: usize,
    pub cols: usize,
    pub cells: Vec<Option<u32>>,
    pub rule: Cover,
    /// Leave out the solutions that a local move makes smaller (a path turning back round three
    /// sides of a 2×2 block, and more: the `reduce` module): the reduced question of
    /// uniqueness under `paths-only` (see [`Family::reduced_for_uniqueness`] below); false as
    /// read, written and edited.
    pub no_uturns: bool,
}

/// One path of a solution: its number and its cells from one end to the other.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct PathOut {
    pub number: u32,
    /// (row, column) from 1.
    pub cells: Vec<(usize, usize)>,
}

/// A solution: the segments drawn, and the paths they make.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Links {
    /// Per segment (in [`grid_pairs`] order: the horizontal ones row by row, then the vertical
    /// ones), whether it is drawn.
    #[serde(skip)]
    pub on: Vec<bool>,
    pub paths: Vec<PathOut>,
}

/// This family as the registry and every front end see it.
pub const FAMILY: wellposed_engine::FamilyEntry =
    wellposed_engine::FamilyEntry::of::<Numlin>().generator(generate::GENERATOR);

impl Numlin {
    pub fn empty(rows: usize, cols: usize, rule: Cover) -> Numlin {
        Numlin {
            rows,
            cols,
            cells: vec![None; rows * cols],
            rule,
            no_uturns: false,
        }
    }

    /// The segments, as pairs of cells (r·cols + c).
    pub fn segments(&self) -> Vec<(usize, usize)> {
        grid_pairs(self.rows, self.cols)
    }

    /// Each cell's segments, as indices into [`Numlin::segments`].
    pub fn incident(&self, segs: &[(usize, usize)]) -> Vec<Vec<usize>> {
        let mut at = vec![Vec::new(); self.rows * self.cols];
        for (k, &(a, b)) in segs.iter().enumerate() {
            at[a].push(k);
            at[b].push(k);
        }
        at
    }

    /// The index of the segment between neighbouring cells `a` and `b`.
    pub fn seg_index(&self, a: usize, b: usize) -> usize {
        let (a, b) = (a.min(b), a.max(b));
        let (r, c) = (a / self.cols, a % self.cols);
        if b == a + 1 {
            r * (self.cols - 1) + c
        } else {
            self.rows * (self.cols - 1) + r * self.cols + c
        }
    }

    /// The distinct numbers, ascending: colour i is the i-th.
    pub fn labels(&self) -> Vec<u32> {
        let mut l: Vec<u32> = self.cells.iter().flatten().copied().collect();
        l.sort_unstable();
        l.dedup();
        l
    }

    /// `row R col C` (from 1).
    pub fn cell_name(&self, k: usize) -> String {
        format!("row {} col {}", k / self.cols + 1, k % self.cols + 1)
    }

    pub fn seg_name(&self, (a, b): (usize, usize)) -> String {
        let dir = if b == a + 1 { "right" } else { "down" };
        format!("the line from {} {dir}", self.cell_name(a))
    }

    /// The CNF encoding (see the crate's documentation); `binary` forces binary colours.
    pub fn cnf_with(&self, choices: Choices, binary: bool) -> CnfEncoding {
        let n = self.rows * self.cols;
        let segs = self.segments();
        let at = self.incident(&segs);
        let labels = self.labels();
        let mut cnf = Cnf::with_choices(choices);
        let answer = cnf.new_vars(segs.len());
        let seg = |k: usize| answer[k].positive();
        let used: Vec<Lit> = (0..n).map(|_| cnf.new_var().positive()).collect();
        if labels.is_empty() {
            // pzprjs counts a board without a line as unsolved, and without a number no line
            // can be drawn.
            cnf.add_clause(&[]);
        }
        for v in 0..n {
            let lits: Vec<Lit> = at[v].iter().map(|&k| seg(k)).collect();
            for &e in &lits {
                cnf.add_clause(&[!e, used[v]]);
            }
            let mut some = vec![!used[v]];
            some.extend(&lits);
            cnf.add_clause(&some);
            if self.cells[v].is_some() {
                // A number ends exactly one path.
                cnf.add_clause(&[used[v]]);
                cnf.at_most_one(&lits, AmoEncoding::Pairwise);
            } else {
                if self.rule == Cover::AllCells {
                    cnf.add_clause(&[used[v]]);
                }
                // Degree 0 or 2: no segment alone, never three.
                for (i, &e) in lits.iter().enumerate() {
                    let mut other = vec![!e];
                    other.extend(
                        lits.iter()
                            .enumerate()
                            .filter(|&(j, _)| j != i)
                            .map(|(_, &f)| f),
                    );
                    cnf.add_clause(&other);
                    for j in i + 1..lits.len() {
                        for &g in &lits[j + 1..] {
                            cnf.add_clause(&[!e, !lits[j], !g]);
                        }
                    }
                }
            }
        }
        // No solution has a cycle: the four segments round a 2×2 block are never all drawn.
        // (Only the shortest cycles: longer ones are left to the connectivity cuts.)
        for round in self.blocks() {
            cnf.add_clause(&round.map(|k| !seg(k)));
        }
        // No solution's drawn segments hold another's: past a solution's segments every cell
        // is full (a number meets one, a cell of a path two), so more segments could only
        // join empty cells into detached loops. So a found solution is blocked by "one of its
        // segments is not drawn", and the next model cannot be the same paths plus a loop.
        cnf.promise_antichain(true);
        if self.no_uturns {
            self.forbid_uturns(&mut cnf, &answer);
        }
        if binary || n.saturating_mul(labels.len()) > ONE_HOT_LIMIT {
            self.binary_colours(&mut cnf, &labels, &used, &segs, &answer);
        } else {
            self.one_hot_colours(&mut cnf, &labels, &used, &segs, &answer);
        }
        // Every used cell reaches a number: cells 0..n and an extra vertex n joined to each
        // number (always there).
        if cnf.choices().phase_hints {
            // Draw nothing unless forced: CaDiCaL's first guess is "true", which on a sparse
            // board fills the empty cells with detached loops, each cut alone by the lazy loop.
            for k in 0..segs.len() {
                cnf.prefer(!seg(k));
            }
            for &u in &used {
                cnf.prefer(!u);
            }
        }
        let hub = cnf.new_var().positive();
        cnf.add_clause(&[hub]);
        let mut present = used.clone();
        present.push(hub);
        let mut edges: Vec<Edge> = segs
            .iter()
            .enumerate()
            .map(|(k, &(a, b))| Edge::when(a, b, seg(k)))
            .collect();
        edges.extend(
            (0..n)
                .filter(|&v| self.cells[v].is_some())
                .map(|v| Edge::fixed(n, v)),
        );
        let reach = connected(&mut cnf, present, edges, false);
        let names = segs.iter().map(|&s| self.seg_name(s)).collect();
        CnfEncoding {
            cnf,
            answer,
            names,
            lazy: vec![reach],
        }
    }

    /// For every 2×2 block, its four segments in order round it.
    fn blocks(&self) -> Vec<[usize; 4]> {
        let mut out = Vec::new();
        for r in 0..self.rows.saturating_sub(1) {
            for c in 0..self.cols.saturating_sub(1) {
                let v = r * self.cols + c;
                let round = [v, v + 1, v + 1 + self.cols, v + self.cols];
                out.push([0, 1, 2, 3].map(|i| self.seg_index(round[i], round[(i + 1) % 4])));
            }
        }
        out
    }

    /// One variable a cell and number: a used cell has exactly one colour, an unused one none,
    /// a number's cell its own; a segment's ends agree.
    fn one_hot_colours(
        &self,
        cnf: &mut Cnf,
        labels: &[u32],
        used: &[Lit],
        segs: &[(usize, usize)],
        answer: &[Var],
    ) {
        let n = used.len();
        let col: Vec<Vec<Lit>> = (0..n)
            .map(|_| {
                (0..labels.len())
                    .map(|_| cnf.new_var().positive())
                    .collect()
            })
            .collect();
        for v in 0..n {
            match self.cells[v] {
                Some(x) => {
                    for (i, &l) in labels.iter().enumerate() {
                        cnf.add_clause(&[if l == x { col[v][i] } else { !col[v][i] }]);
                    }
                }
                None => {
                    let mut some = vec![!used[v]];
                    some.extend(&col[v]);
                    cnf.add_clause(&some);
                    for &c in &col[v] {
                        cnf.add_clause(&[used[v], !c]);
                    }
                    cnf.at_most_one(&col[v], AmoEncoding::Auto);
                }
            }
        }
        for (k, &(a, b)) in segs.iter().enumerate() {
            let e = answer[k].positive();
            for (&ca, &cb) in col[a].iter().zip(&col[b]) {
                cnf.add_clause(&[!e, !ca, cb]);
                cnf.add_clause(&[!e, ca, !cb]);
            }
        }
        if self.no_uturns {
            // The reduced question (the `reduce` module): neighbours on one path are joined
            // (else the path would take the short way between them), and no gaps. A colour is
            // one path when its number appears exactly twice.
            let twice: Vec<bool> = labels
                .iter()
                .map(|&l| self.cells.iter().filter(|&&c| c == Some(l)).count() == 2)
                .collect();
            for (k, &(a, b)) in segs.iter().enumerate() {
                for i in (0..labels.len()).filter(|&i| twice[i]) {
                    cnf.add_clause(&[!col[a][i], !col[b][i], answer[k].positive()]);
                }
            }
            // The gap rules pay on sparse boards (the 13×13 of the corpus: 18 s to 0.8 s) and
            // cost on dense generated ones, which are easy without them (40×25 with 298 pairs:
            // 0.4 s to 1.0 s with them); any subset of the rules keeps the answer exact.
            if n * labels.len() <= GAP_RULES_LIMIT {
                self.forbid_gaps(cnf, &twice, &col, used, answer);
            }
        }
    }

    /// Colours as binary numbers (the index of the number), 0 on unused cells; a segment's
    /// ends have equal bits.
    fn binary_colours(
        &self,
        cnf: &mut Cnf,
        labels: &[u32],
        used: &[Lit],
        segs: &[(usize, usize)],
        answer: &[Var],
    ) {
        let bits = (usize::BITS - labels.len().saturating_sub(1).leading_zeros()).max(1) as usize;
        let n = used.len();
        let col: Vec<Vec<Lit>> = (0..n)
            .map(|_| (0..bits).map(|_| cnf.new_var().positive()).collect())
            .collect();
        for v in 0..n {
            match self.cells[v] {
                Some(x) => {
                    let i = labels.binary_search(&x).expect("a label");
                    for (b, &c) in col[v].iter().enumerate() {
                        cnf.add_clause(&[if i >> b & 1 == 1 { c } else { !c }]);
                    }
                }
                None => {
                    for &c in &col[v] {
                        cnf.add_clause(&[used[v], !c]);
                    }
                }
            }
        }
        for (k, &(a, b)) in segs.iter().enumerate() {
            let e = answer[k].positive();
            for (&ca, &cb) in col[a].iter().zip(&col[b]) {
                cnf.add_clause(&[!e, !ca, cb]);
                cnf.add_clause(&[!e, ca, !cb]);
            }
        }
    }

    /// Checks drawn segments by the rules alone: `Ok` with the paths (number, cells from one
    /// end) when they keep every rule.
    pub fn check(&self, on: &[bool]) -> Result<Vec<PathOut>, String> {
        let segs = self.segments();
        if on.len() != segs.len() {
            return Err(format!(
                "expected {} segments, found {}",
                segs.len(),
                on.len()
            ));
        }
        let n = self.rows * self.cols;
        let mut adj: Vec<Vec<usize>> = vec![Vec::new(); n];
        for (k, &(a, b)) in segs.iter().enumerate() {
            if on[k] {
                adj[a].push(b);
                adj[b].push(a);
            }
        }
        if adj.iter().all(|a| a.is_empty()) {
            return Err("no line is drawn".into());
        }
        for (v, ends) in adj.iter().enumerate() {
            let d = ends.len();
            match self.cells[v] {
                Some(x) if d != 1 => {
                    return Err(format!(
                        "the {x} at {} meets {d} lines, not one",
                        self.cell_name(v)
                    ))
                }
                None if d == 1 => return Err(format!("a line ends at {}", self.cell_name(v))),
                None if d > 2 => return Err(format!("the lines branch at {}", self.cell_name(v))),
                None if d == 0 && self.rule == Cover::AllCells => {
                    return Err(format!("{} is on no path", self.cell_name(v)))
                }
                _ => {}
            }
        }
        // Walk each path from a number; whatever is left unvisited is a loop.
        let mut seen = vec![false; n];
        let mut paths = Vec::new();
        for start in 0..n {
            let Some(x) = self.cells[start] else { continue };
            if seen[start] {
                continue;
            }
            let (mut prev, mut at) = (usize::MAX, start);
            let mut cells = vec![start];
            seen[start] = true;
            while let Some(&next) = adj[at].iter().find(|&&w| w != prev) {
                (prev, at) = (at, next);
                seen[at] = true;
                cells.push(at);
                if self.cells[at].is_some() {
                    break;
                }
            }
            let y = self.cells[at].expect("a path ends at a number: degrees checked");
            if y != x {
                return Err(format!(
                    "a path joins the {x} at {} to the {y} at {}",
                    self.cell_name(start),
                    self.cell_name(at)
                ));
            }
            paths.push(PathOut {
                number: x,
                cells: cells
                    .iter()
                    .map(|&k| (k / self.cols + 1, k % self.cols + 1))
                    .collect(),
            });
        }
        if let Some(v) = (0..n).find(|&v| !seen[v] && !adj[v].is_empty()) {
            return Err(format!(
                "the lines through {} make a loop that joins no numbers",
                self.cell_name(v)
            ));
        }
        Ok(paths)
    }

    /// The cells of the numbers, in order.
    fn numbered(&self) -> impl Iterator<Item = usize> + '_ {
        (0..self.cells.len()).filter(|&k| self.cells[k].is_some())
    }
}

impl Family for Numlin {
    const NAME: &'static str = "numlin";
    const PUZZLINK: &'static [&'static str] = &["numlin", "numberlink"];
    const SUMMARY: &'static str =
        "Numberlink: join equal numbers in pairs by paths that never cross or share a cell";
    const EXAMPLES: &'static [&'static str] = &[
        "family numlin\nsize 3 3\nrule all-cells\ngrid\n1 . 2\n. . .\n1 . 2\n",
        "https://puzz.link/p?numlin/5/5/1j2h3m1h2j3",
    ];
    type Solution = Links;

    fn parse(text: &str, source: &str) -> Result<Self, ParseError> {
        format::parse(text, source)
    }

    fn to_text(&self) -> String {
        format::to_text(self)
    }

    fn from_puzzlink(url: &wellposed_engine::puzzlink::Url) -> Result<Self, String> {
        format::from_url(url)
    }

    /// pzprjs's `numlin` URL, which means the paths-only rule: an all-cells puzzle has none.
    fn url(&self) -> Option<String> {
        (self.rule == Cover::PathsOnly).then(|| format::url(self))
    }

    fn encodings(&self) -> Vec<EncodingKind> {
        vec![EncodingKind::Cnf]
    }

    fn encode(&self, kind: EncodingKind, choices: Choices) -> Option<Encoding> {
        (kind == EncodingKind::Cnf).then(|| Encoding::Cnf(self.cnf_with(choices, false)))
    }

    fn decode(&self, answer: &Answer) -> Links {
        let on: Vec<bool> = (0..self.segments().len())
            .map(|k| answer.value(Var(k as u32)))
            .collect();
        let paths = self.check(&on).unwrap_or_default();
        Links { on, paths }
    }

    fn verify(&self, s: &Links) -> Result<(), String> {
        self.check(&s.on).map(|_| ())
    }

    fn render(&self, s: &Links) -> String {
        draw::text(self, |k| Some(s.on[k]))
    }

    fn render_partial(&self, known: &[Option<bool>]) -> Option<String> {
        Some(draw::text(self, |k| known.get(k).copied().flatten()))
    }

    fn svg(&self, s: &Links) -> Option<String> {
        Some(draw::svg(self, s))
    }

    /// The puzzle as given: the numbers with no line drawn.
    fn svg_puzzle(&self) -> Option<String> {
        Some(draw::svg(
            self,
            &Links {
                on: vec![false; self.segments().len()],
                paths: Vec::new(),
            },
        ))
    }

    fn deduction_rules(&self) -> Vec<Box<dyn wellposed_engine::deduce::FamilyRule>> {
        rules::rules(self)
    }

    fn answer_text(&self, name: &str, value: bool) -> String {
        format!("{name} is {}", if value { "drawn" } else { "not drawn" })
    }

    /// The clues are the numbers, one by one (taking one of a pair away leaves its partner
    /// alone, which no path can join).
    fn clues(&self) -> Vec<String> {
        self.numbered()
            .map(|k| format!("{} shows {}", self.cell_name(k), self.cells[k].unwrap_or(0)))
            .collect()
    }

    fn without_clues(&self, drop: &[usize]) -> Option<Self> {
        places::changed(self, self.numbered(), drop, |p, k| p.cells[k] = None)
    }

    /// What a solution could add: a cut of one of its paths at a segment (both pieces keep
    /// two cells or more), the far piece taking a new number at both its ends.
    fn clues_from(&self, s: &Links) -> Vec<String> {
        generate::cuts(self, s)
            .iter()
            .map(|&(_, k)| format!("cut the path at {}", self.seg_name(self.segments()[k])))
            .collect()
    }

    fn with_clues_from(&self, s: &Links, picks: &[usize]) -> Option<Self> {
        let cuts = generate::cuts(self, s);
        let chosen: Vec<usize> = picks
            .iter()
            .filter_map(|&i| cuts.get(i))
            .map(|c| c.1)
            .collect();
        Some(generate::cut_paths(self, s, &chosen))
    }

    /// Every cell: `.` empty or a number (1 up to the largest shown, at least 9).
    fn edit_grid(&self) -> Option<wellposed_engine::EditGrid> {
        let top = self.labels().last().copied().unwrap_or(0).max(9);
        Some(wellposed_engine::repair::given_cells::edit_grid(
            &self.cells,
            self.cols,
            1..=top,
        ))
    }

    fn edited(&self, cells: &[String]) -> Result<Self, String> {
        let grid = Family::edit_grid(self).expect("a board has a grid");
        let cells = wellposed_engine::repair::given_cells::edited(&grid, cells)?;
        Ok(Numlin {
            cells,
            ..self.clone()
        })
    }

    /// Under `paths-only`, the puzzle without the solutions that a local move makes smaller
    /// ([`Numlin::no_uturns`]: U-turns round a 2×2 block, unjoined neighbours of one path,
    /// gaps of empty cells between two cells of one path in a line or on a diagonal); the
    /// `reduce` module says why the answer is the same, with [`Numlin::detour`] looking for
    /// the second solution. (Under `all-cells` a shorter way would leave cells empty: no
    /// reduction.) Measured (CPU seconds, loaded shared machine, 2026-11-29): the penpa 11×11
    /// spiral, no answer in 40 s without any reduction, 1.8 s with the first two patterns,
    /// 0.3 s with all.
    fn reduced_for_uniqueness(&self) -> Option<Self> {
        (self.rule == Cover::PathsOnly && !self.no_uturns).then(|| Numlin {
            no_uturns: true,
            ..self.clone()
        })
    }

    /// A detour of `s`, or (for a solution with turns) its shortcut.
    fn another_solution(&self, s: &Links) -> Option<Links> {
        let on = self.shortcut(&s.on).or_else(|| self.detour(&s.on))?;
        let paths = self.check(&on).ok()?;
        Some(Links { on, paths })
    }
}
