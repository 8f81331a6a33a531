//! Yajilin (ヤジリン): some cells are clue cells, each with an arrow and a number (or a
//! number not given, or nothing). Shade some of the other cells, never two side by side, so
//! that every arrow's number counts the shaded cells from its cell to the board's edge in the
//! arrow's direction; then draw one closed loop through the centres of all the cells that are
//! neither clue cells nor shaded, passing each exactly once and moving orthogonally. In the
//! `outside` variant (pzprjs's `o` flag) no shaded cell lies inside the loop.
//!
//! The CNF has a variable per open (non-clue) cell, true when it is shaded, and one per
//! segment between two neighbouring open cells (the answer variables, in that order); the
//! engine's single-cycle constraint ([`wellposed_engine::connectivity::single_cycle`]) over
//! the cells, whose "on the loop" literal of an open cell is its "not shaded"; two shaded
//! neighbours excluded by a clause; each arrow an exact count of the shading variables it
//! sees; and, for `outside`, each shaded cell's parity of crossings of a ray to the left.
//!
//! ```
//! use wellposed_engine::{uniqueness, Family, Options};
//! // pzprjs's own test puzzle (test/script/yajilin.js).
//! let p = wellposed_yajilin::Yajilin::parse("https://puzz.link/p?yajilin/5/5/m32j10", "doc")
//!     .unwrap();
//! assert_eq!(uniqueness(&p, &Options::default()).unwrap().status(), "unique");
//! assert_eq!(p.url().unwrap(), "https://puzz.link/p?yajilin/5/5/m32j10");
//! ```

mod draw;
pub mod format;
pub mod generate;
pub mod rules;
#[cfg(test)]
mod tests;

use serde::Serialize;
use wellposed_engine::connectivity::{is_single_loop, single_cycle};
use wellposed_engine::repair::places;
use wellposed_engine::sat::{Choices, Cnf, Lit, Var};
use wellposed_engine::{Answer, CnfEncoding, Encoding, EncodingKind, Family, ParseError};

/// The most cells a puzzle may have: the encoding grows with cells × side (each arrow counts
/// along its line).
pub const MAX_CELLS: usize = 10_000;

/// An arrow's direction, in pzprjs's order (1 up, 2 down, 3 left, 4 right).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum Dir {
    Up,
    Down,
    Left,
    Right,
}

impl Dir {
    pub const ALL: [Dir; 4] = [Dir::Up, Dir::Down, Dir::Left, Dir::Right];

    /// (row step, column step).
    pub fn step(self) -> (isize, isize) {
        match self {
            Dir::Up => (-1, 0),
            Dir::Down => (1, 0),
            Dir::Left => (0, -1),
            Dir::Right => (0, 1),
        }
    }

    /// The arrow's character in the text format.
    pub fn symbol(self) -> char {
        match self {
            Dir::Up => '^',
            Dir::Down => 'v',
            Dir::Left => '<',
            Dir::Right => '>',
        }
    }

    pub fn of_symbol(c: char) -> Option<Dir> {
        Dir::ALL.into_iter().find(|d| d.symbol() == c)
    }

    pub fn word(self) -> &'static str {
        match self {
            Dir::Up => "up",
            Dir::Down => "down",
            Dir::Left => "left",
            Dir::Right => "right",
        }
    }
}

/// One cell of the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Cell {
    /// A cell to shade or to pass with the loop.
    Open,
    /// A clue cell: an arrow (or none) and a number (`None`: not given, pzprjs's `?`). Only a
    /// clue with both says anything beyond "no loop, no shading here".
    Clue {
        dir: Option<Dir>,
        count: Option<u32>,
    },
    /// A clue cell with nothing in it (pzprjs's `+`).
    Blank,
}

impl Cell {
    pub fn is_open(self) -> bool {
        self == Cell::Open
    }

    /// The arrow and the count, when the clue says both.
    pub fn arrow(self) -> Option<(Dir, u32)> {
        match self {
            Cell::Clue {
                dir: Some(d),
                count: Some(n),
            } => Some((d, n)),
            _ => None,
        }
    }

    /// The cell's token in the text format: `.` open, `+` blank, the number (or `?`) followed
    /// by the arrow (`^ v < >`) if it has one.
    pub fn token(self) -> String {
        match self {
            Cell::Open => ".".into(),
            Cell::Blank => "+".into(),
            Cell::Clue { dir, count } => {
                let mut s = count.map_or("?".to_string(), |n| n.to_string());
                s.extend(dir.map(Dir::symbol));
                s
            }
        }
    }

    /// The cell a token stands for (see [`Cell::token`]).
    pub fn of_token(t: &str) -> Option<Cell> {
        match t {
            "." => return Some(Cell::Open),
            "+" => return Some(Cell::Blank),
            _ => {}
        }
        let last = t.chars().last()?;
        let (number, dir) = match Dir::of_symbol(last) {
            Some(d) => (&t[..t.len() - 1], Some(d)),
            None => (t, None),
        };
        let count = match number {
            "?" => None,
            _ if !number.is_empty() && number.bytes().all(|b| b.is_ascii_digit()) => {
                Some(number.parse().ok()?)
            }
            _ => return None,
        };
        Some(Cell::Clue { dir, count })
    }
}

/// The clues: the board, row-major, and the variant's flags.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Yajilin {
    pub rows: usize,
    pub cols: usize,
    pub cells: Vec<Cell>,
    /// No shaded cell inside the loop (pzprjs's `o` flag).
    pub outside: bool,
    /// Clue cells drawn grey rather than black (pzprjs's `b` flag): display only, kept so the
    /// URL comes back as it was.
    pub grey: bool,
}

/// A solution: the shaded cells and the loop.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Solution {
    /// The board drawn (see [`Yajilin::render`]).
    pub grid: Vec<String>,
    /// Per cell, whether it is shaded.
    pub shaded: Vec<bool>,
    /// `horizontal[r][c]`: the loop joins (r, c) and (r, c+1); rows × (cols − 1).
    pub horizontal: Vec<Vec<bool>>,
    /// `vertical[r][c]`: the loop joins (r, c) and (r+1, c); (rows − 1) × cols.
    pub vertical: Vec<Vec<bool>>,
}

/// The variables of the encoding, as the generator and the rules name them.
#[derive(Clone, Debug)]
pub struct Vars {
    /// Per cell, its shading variable (open cells only).
    pub shade: Vec<Option<Var>>,
    /// The segments between two open neighbours: (cell, cell, variable), horizontal ones
    /// first, row-major (the order of [`wellposed_engine::connectivity::grid_pairs`]).
    pub edges: Vec<(usize, usize, Var)>,
    /// Per cell, its "on the loop" literal.
    pub used: Vec<Lit>,
}

/// This family as the registry and every front end see it.
pub const FAMILY: wellposed_engine::FamilyEntry =
    wellposed_engine::FamilyEntry::of::<Yajilin>().generator(generate::GENERATOR);

impl Yajilin {
    /// An empty board (every cell open).
    pub fn empty(rows: usize, cols: usize) -> Yajilin {
        Yajilin {
            rows,
            cols,
            cells: vec![Cell::Open; rows * cols],
            outside: false,
            grey: false,
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

    /// The cells from cell k to the edge in direction d (k itself left out), nearest first.
    pub fn ray(&self, k: usize, d: Dir) -> Vec<usize> {
        let (dr, dc) = d.step();
        let (mut r, mut c) = ((k / self.cols) as isize, (k % self.cols) as isize);
        let mut out = Vec::new();
        loop {
            r += dr;
            c += dc;
            if r < 0 || c < 0 || r as usize >= self.rows || c as usize >= self.cols {
                return out;
            }
            out.push(r as usize * self.cols + c as usize);
        }
    }

    /// The arrows that count: (clue cell, the open cells it sees, its number).
    pub fn arrows(&self) -> Vec<(usize, Vec<usize>, u32)> {
        (0..self.cells.len())
            .filter_map(|k| {
                let (d, n) = self.cells[k].arrow()?;
                let seen = self
                    .ray(k, d)
                    .into_iter()
                    .filter(|&j| self.cells[j].is_open())
                    .collect();
                Some((k, seen, n))
            })
            .collect()
    }

    /// `row R col C` (from 1).
    pub fn cell_name(&self, k: usize) -> String {
        format!("row {} col {}", k / self.cols + 1, k % self.cols + 1)
    }

    /// The rules without the arrows' counts: shading, no two shaded neighbours, the loop
    /// through every unshaded open cell, and `outside`. Returns the encoding (answer: shading
    /// variables, then segments) and its variables.
    pub fn rules_cnf(&self, choices: Choices) -> (CnfEncoding, Vars) {
        let n = self.cells.len();
        let mut cnf = Cnf::with_choices(choices);
        let mut names = Vec::new();
        let mut answer = Vec::new();
        let mut shade = vec![None; n];
        for k in (0..n).filter(|&k| self.cells[k].is_open()) {
            let v = cnf.new_var();
            shade[k] = Some(v);
            answer.push(v);
            names.push(format!("{} shaded", self.cell_name(k)));
        }
        let mut edges = Vec::new();
        for (a, b) in wellposed_engine::connectivity::grid_pairs(self.rows, self.cols) {
            if self.cells[a].is_open() && self.cells[b].is_open() {
                let v = cnf.new_var();
                answer.push(v);
                let way = if b == a + 1 { "right" } else { "down" };
                names.push(format!("the line from {} {way}", self.cell_name(a)));
                edges.push((a, b, v));
            }
        }
        let lits: Vec<(usize, usize, Lit)> = edges
            .iter()
            .map(|&(a, b, v)| (a, b, v.positive()))
            .collect();
        let (cycle, used) = single_cycle(&mut cnf, n, &lits, false);
        for k in 0..n {
            let Some(s) = shade[k] else { continue };
            // An open cell is on the loop exactly when it is not shaded.
            cnf.add_clause(&[s.positive(), used[k]]);
            cnf.add_clause(&[s.negative(), !used[k]]);
            for j in self.neighbours(k).filter(|&j| j > k) {
                if let Some(t) = shade[j] {
                    cnf.add_clause(&[s.negative(), t.negative()]);
                }
            }
        }
        if self.outside {
            self.outside_clauses(&mut cnf, &shade, &edges);
        }
        let enc = CnfEncoding {
            cnf,
            answer,
            names,
            lazy: vec![cycle],
        };
        (enc, Vars { shade, edges, used })
    }

    /// A shaded cell lies outside the loop: a ray from just above its centre to the left
    /// crosses the loop's vertical segments from the row above an even number of times (it
    /// meets no cell centre, so no other segment). The parities are XOR gates along each row.
    fn outside_clauses(&self, cnf: &mut Cnf, shade: &[Option<Var>], edges: &[(usize, usize, Var)]) {
        let mut down = vec![None; self.cells.len()];
        for &(a, b, v) in edges {
            if b == a + self.cols {
                down[b] = Some(v);
            }
        }
        for r in 1..self.rows {
            let mut parity: Option<Lit> = None;
            for c in 0..self.cols {
                let k = r * self.cols + c;
                if let (Some(s), Some(p)) = (shade[k], parity) {
                    cnf.add_clause(&[s.negative(), !p]);
                }
                if let Some(v) = down[k] {
                    parity = Some(match parity {
                        None => v.positive(),
                        Some(p) => cnf.xor_gate(p, v.positive()),
                    });
                }
            }
        }
    }

    /// The clauses of one arrow's count, into `cnf`.
    fn count_clauses(cnf: &mut Cnf, seen: &[usize], n: u32, shade: &[Option<Var>]) {
        let lits: Vec<Lit> = seen
            .iter()
            .map(|&j| shade[j].expect("an open cell").positive())
            .collect();
        cnf.exactly_k(&lits, u64::from(n));
    }

    /// The CNF encoding.
    pub fn cnf(&self, choices: Choices) -> CnfEncoding {
        let (mut enc, vars) = self.rules_cnf(choices);
        for (_, seen, n) in self.arrows() {
            Yajilin::count_clauses(&mut enc.cnf, &seen, n, &vars.shade);
        }
        enc
    }

    /// A solution from per-cell shading and a test for each segment (by its two cells).
    pub fn solution(&self, shaded: Vec<bool>, on: impl Fn(usize, usize) -> bool) -> Solution {
        let (m, n) = (self.rows, self.cols);
        let horizontal: Vec<Vec<bool>> = (0..m)
            .map(|r| (0..n - 1).map(|c| on(r * n + c, r * n + c + 1)).collect())
            .collect();
        let vertical: Vec<Vec<bool>> = (0..m.saturating_sub(1))
            .map(|r| (0..n).map(|c| on(r * n + c, (r + 1) * n + c)).collect())
            .collect();
        let mut s = Solution {
            grid: Vec::new(),
            shaded,
            horizontal,
            vertical,
        };
        s.grid = draw::text(self, &s);
        s
    }

    /// Whether the loop of `s` joins cells a and b (neighbours, a < b).
    pub fn joined(&self, s: &Solution, a: usize, b: usize) -> bool {
        let (r, c) = (a / self.cols, a % self.cols);
        if b == a + 1 {
            s.horizontal[r][c]
        } else {
            s.vertical[r][c]
        }
    }

    /// The rules alone (see the crate's documentation); `Err` names the broken one.
    pub fn check(&self, s: &Solution) -> Result<(), String> {
        let (m, n) = (self.rows, self.cols);
        let shape_ok = s.shaded.len() == m * n
            && s.horizontal.len() == m
            && s.horizontal.iter().all(|row| row.len() == n - 1)
            && s.vertical.len() == m - 1
            && s.vertical.iter().all(|row| row.len() == n);
        if !shape_ok {
            return Err(format!("expected a solution of a {m}×{n} board"));
        }
        let pairs = wellposed_engine::connectivity::grid_pairs(m, n);
        let chosen: Vec<bool> = pairs.iter().map(|&(a, b)| self.joined(s, a, b)).collect();
        let mut degree = vec![0; m * n];
        for (&(a, b), _) in pairs.iter().zip(&chosen).filter(|(_, &on)| on) {
            degree[a] += 1;
            degree[b] += 1;
        }
        for (k, &deg) in degree.iter().enumerate() {
            let name = self.cell_name(k);
            if !self.cells[k].is_open() {
                if s.shaded[k] {
                    return Err(format!("{name} is a clue cell and shaded"));
                }
                if deg > 0 {
                    return Err(format!("the loop passes the clue cell at {name}"));
                }
                continue;
            }
            if s.shaded[k] {
                if deg > 0 {
                    return Err(format!("the loop passes the shaded cell at {name}"));
                }
                if let Some(j) = self.neighbours(k).find(|&j| s.shaded[j]) {
                    return Err(format!(
                        "the shaded cells at {name} and {} touch",
                        self.cell_name(j)
                    ));
                }
            } else if deg != 2 {
                return Err(format!(
                    "the loop meets {name} {} times, not 2 (it is not shaded)",
                    deg
                ));
            }
        }
        if chosen.iter().any(|&on| on) && !is_single_loop(m * n, &pairs, &chosen) {
            return Err("the lines are not one closed loop".into());
        }
        for k in 0..m * n {
            let Some((d, want)) = self.cells[k].arrow() else {
                continue;
            };
            let got = self.ray(k, d).into_iter().filter(|&j| s.shaded[j]).count();
            if got != want as usize {
                return Err(format!(
                    "the clue at {} counts {want} shaded cells {}, but there are {got}",
                    self.cell_name(k),
                    d.word()
                ));
            }
        }
        if self.outside {
            if let Some(k) = (0..m * n).find(|&k| s.shaded[k] && self.inside(s, k)) {
                return Err(format!(
                    "the shaded cell at {} is inside the loop",
                    self.cell_name(k)
                ));
            }
        }
        Ok(())
    }

    /// Whether cell k (off the loop) lies inside it: an odd number of the loop's segments
    /// cross a ray from its centre to the left edge (counted just above the centre, where only
    /// vertical segments from the row above cross).
    pub fn inside(&self, s: &Solution, k: usize) -> bool {
        let (r, c) = (k / self.cols, k % self.cols);
        r > 0 && (0..c).filter(|&j| s.vertical[r - 1][j]).count() % 2 == 1
    }

    /// The clue cells whose arrow and number count: what a setter may take away (the cell
    /// stays a clue cell, its number no longer given).
    fn counted(&self) -> impl Iterator<Item = usize> + '_ {
        (0..self.cells.len()).filter(|&k| self.cells[k].arrow().is_some())
    }

    /// The clue cells without a counting arrow: where a solution could add one.
    fn silent(&self) -> impl Iterator<Item = usize> + '_ {
        (0..self.cells.len())
            .filter(|&k| !self.cells[k].is_open() && self.cells[k].arrow().is_none())
    }

    /// The arrow a solution gives clue cell k: the direction its clue shows (down when none),
    /// with the count of shaded cells that way.
    fn arrow_from(&self, s: &Solution, k: usize) -> Cell {
        let d = match self.cells[k] {
            Cell::Clue { dir: Some(d), .. } => d,
            _ => Dir::Down,
        };
        let n = self.ray(k, d).into_iter().filter(|&j| s.shaded[j]).count();
        Cell::Clue {
            dir: Some(d),
            count: Some(n as u32),
        }
    }
}

/// The symbols of the edit grid, in the order a click goes through them: open, a clue cell
/// without a number, then small arrow clues.
fn edit_symbols() -> Vec<String> {
    let mut out = vec![".".to_string(), "?".to_string()];
    for d in Dir::ALL {
        for n in 0..=4 {
            out.push(format!("{n}{}", d.symbol()));
        }
    }
    out
}

impl Family for Yajilin {
    const NAME: &'static str = "yajilin";
    const PUZZLINK: &'static [&'static str] = &["yajilin", "yajirin"];
    const SUMMARY: &'static str =
        "Yajilin: shade cells that never touch as the arrows count them, one loop through the rest";
    const EXAMPLES: &'static [&'static str] = &[
        "family yajilin\nsize 3 4\ngrid\n. . . .\n. 1< . .\n. . . .\n",
        "https://puzz.link/p?yajilin/5/5/m32j10",
        "https://puzz.link/p?yajilin/b/5/5/m32j10",
    ];
    type Solution = Solution;

    fn parse(text: &str, source: &str) -> Result<Self, ParseError> {
        format::parse(text, source)
    }

    fn to_text(&self) -> String {
        format::to_text(self)
    }

    // pzprjs writes the variant's flags before the size (`yajilin/b/5/5/…`), which the
    // engine's URL defaults do not read: these three read them.
    fn recognises(text: &str) -> bool {
        wellposed_engine::lone_line(text).is_some_and(|(_, l)| format::looks_like_url(l))
    }

    fn looks_like_game_id(arg: &str) -> bool {
        format::looks_like_url(arg)
    }

    fn parse_game_id(id: &str, source: &str, line: usize) -> Result<Self, ParseError> {
        format::parse_url(id, source, line)
    }

    fn from_puzzlink(url: &wellposed_engine::puzzlink::Url) -> Result<Self, String> {
        format::from_url(url, "")
    }

    fn url(&self) -> Option<String> {
        format::url(self)
    }

    fn encodings(&self) -> Vec<EncodingKind> {
        vec![EncodingKind::Cnf]
    }

    fn encode(&self, kind: EncodingKind, choices: Choices) -> Option<Encoding> {
        (kind == EncodingKind::Cnf).then(|| Encoding::Cnf(self.cnf(choices)))
    }

    fn decode(&self, answer: &Answer) -> Solution {
        let (_, vars) = self.rules_cnf(Choices::default());
        let shaded = vars
            .shade
            .iter()
            .map(|v| v.is_some_and(|v| answer.value(v)))
            .collect();
        let on: std::collections::HashSet<(usize, usize)> = vars
            .edges
            .iter()
            .filter(|&&(_, _, v)| answer.value(v))
            .map(|&(a, b, _)| (a, b))
            .collect();
        self.solution(shaded, |a, b| on.contains(&(a, b)))
    }

    fn verify(&self, s: &Solution) -> Result<(), String> {
        self.check(s)
    }

    fn render(&self, s: &Solution) -> String {
        s.grid.join("\n")
    }

    fn render_partial(&self, known: &[Option<bool>]) -> Option<String> {
        Some(draw::partial(self, known))
    }

    fn svg(&self, s: &Solution) -> Option<String> {
        Some(draw::svg(self, s))
    }

    /// The puzzle as given: the clues, no cell shaded and no loop drawn.
    fn svg_puzzle(&self) -> Option<String> {
        let none = self.solution(vec![false; self.cells.len()], |_, _| false);
        Some(draw::svg(self, &none))
    }

    fn deduction_rules(&self) -> Vec<Box<dyn wellposed_engine::deduce::FamilyRule>> {
        rules::rules(self)
    }

    fn answer_text(&self, name: &str, value: bool) -> String {
        match name.strip_suffix(" shaded") {
            Some(cell) if value => format!("{cell} is shaded"),
            Some(cell) => format!("{cell} is not shaded"),
            None if value => format!("{name} is on the loop"),
            None => format!("{name} is not on the loop"),
        }
    }

    /// The clues are the counting arrows (taking one away leaves its cell a clue cell whose
    /// number is not given).
    fn clues(&self) -> Vec<String> {
        let token = |k: usize| self.cells[k].token();
        places::named(self.counted(), |k| self.cell_name(k), token)
    }

    fn without_clues(&self, drop: &[usize]) -> Option<Self> {
        places::changed(self, self.counted(), drop, |p, k| {
            if let Cell::Clue { dir, .. } = self.cells[k] {
                p.cells[k] = Cell::Clue { dir, count: None };
            }
        })
    }

    /// A solution can give every silent clue cell an arrow with its count.
    fn clues_from(&self, s: &Solution) -> Vec<String> {
        let arrow = |k: usize| self.arrow_from(s, k).token();
        places::named(self.silent(), |k| self.cell_name(k), arrow)
    }

    fn with_clues_from(&self, s: &Solution, picks: &[usize]) -> Option<Self> {
        places::changed(self, self.silent(), picks, |p, k| {
            p.cells[k] = self.arrow_from(s, k);
        })
    }

    /// Every cell: `.` open, `?` a clue cell without a number, `N<` and the like arrow clues
    /// up to 4; a cell holding another clue keeps it as one more symbol.
    fn edit_grid(&self) -> Option<wellposed_engine::EditGrid> {
        let mut symbols = edit_symbols();
        let cells: Vec<String> = self.cells.iter().map(|c| c.token()).collect();
        for c in &cells {
            if !symbols.contains(c) {
                symbols.push(c.clone());
            }
        }
        Some(wellposed_engine::EditGrid {
            rows: self.rows,
            cols: self.cols,
            cells,
            symbols,
        })
    }

    fn edited(&self, cells: &[String]) -> Result<Self, String> {
        Family::edit_grid(self).expect("a grid").check(cells)?;
        let cells = cells
            .iter()
            .map(|s| Cell::of_token(s).expect("checked: a symbol of the grid"))
            .collect();
        Ok(Yajilin {
            cells,
            ..self.clone()
        })
    }
}
