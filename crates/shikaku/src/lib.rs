//! Shikaku (四角に切れ, "divide by squares"): divide the grid into rectangles so that every
//! rectangle holds exactly one number, and that number is its area (a `?` clue: any area).
//!
//! The puzzle is an exact cover at heart. Each clue has its *candidates*: the rectangles on the
//! board that hold it, hold no other clue, and have its area. A solution picks one candidate
//! for every clue so that every cell is covered exactly once (a cell covered by the clue's
//! candidate only can be the clue's own cell, so one rectangle per clue follows).
//!
//! Two encodings of that: the exact cover itself (items: the cells; options: the candidates,
//! solved and counted by dancing links) and a CNF (one variable per candidate, exactly one
//! candidate over every cell). The exact cover is the default: it was the faster on every
//! puzzle measured (see `encodings/shikaku/README.md`).
//!
//! ```
//! use wellposed_engine::{uniqueness, Family, Options};
//! // pzprjs's own test URL for the genre (test/script/shikaku.js).
//! let p = wellposed_shikaku::Shikaku::parse("https://puzz.link/p?shikaku/6/6/j3g56h6t6h23g5j", "doc")
//!     .unwrap();
//! assert_eq!(uniqueness(&p, &Options::default()).unwrap().status(), "unique");
//! assert_eq!(p.url().unwrap(), "https://puzz.link/p?shikaku/6/6/j3g56h6t6h23g5j");
//! ```

pub mod draw;
pub mod format;
pub mod generate;
pub mod rules;
#[cfg(test)]
mod tests;

use serde::Serialize;
use wellposed_engine::repair::places;
use wellposed_engine::sat::Choices;
use wellposed_engine::{Answer, CnfEncoding, Encoding, EncodingKind, Family, ParseError};
use wellposed_sat::{AmoEncoding, Cnf, Lit, Var};
use wellposed_xc::Problem;

/// The most cells accepted (a 100 × 100 board).
pub const MAX_CELLS: usize = 10_000;

/// What a clue cell shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Clue {
    /// The area of its rectangle (1 to [`MAX_CELLS`]).
    Number(u32),
    /// A clue whose rectangle may have any area.
    Unknown,
}

/// The clues, cell by cell, row-major (`None`: a cell without a clue).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Shikaku {
    pub rows: usize,
    pub cols: usize,
    pub cells: Vec<Option<Clue>>,
}

/// A rectangle of the board: its top-left cell and its size.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
pub struct Rect {
    pub top: usize,
    pub left: usize,
    pub height: usize,
    pub width: usize,
}

impl Rect {
    pub fn area(&self) -> usize {
        self.height * self.width
    }

    pub fn contains(&self, r: usize, c: usize) -> bool {
        (self.top..self.top + self.height).contains(&r)
            && (self.left..self.left + self.width).contains(&c)
    }

    /// Whether the two rectangles share a cell.
    pub fn overlaps(&self, o: &Rect) -> bool {
        self.top < o.top + o.height
            && o.top < self.top + self.height
            && self.left < o.left + o.width
            && o.left < self.left + self.width
    }

    /// The cells, row-major, on a board of `cols` columns.
    pub fn cells(&self, cols: usize) -> impl Iterator<Item = usize> + '_ {
        (self.top..self.top + self.height)
            .flat_map(move |r| (self.left..self.left + self.width).map(move |c| r * cols + c))
    }

    /// `rows 1–3, cols 2–4` (from 1), for messages and hints.
    pub fn name(&self) -> String {
        let span = |a: usize, n: usize| {
            if n == 1 {
                format!("{}", a + 1)
            } else {
                format!("{}–{}", a + 1, a + n)
            }
        };
        format!(
            "row{} {}, col{} {}",
            if self.height > 1 { "s" } else { "" },
            span(self.top, self.height),
            if self.width > 1 { "s" } else { "" },
            span(self.left, self.width)
        )
    }
}

/// One clue's candidate: a rectangle that holds the clue (the cell `clue`), no other clue, and
/// has the clue's area.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Candidate {
    pub clue: usize,
    pub rect: Rect,
}

/// A solution: the rectangles, one per clue in the clues' order.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Division {
    /// The division drawn (as `render` prints it).
    pub grid: Vec<String>,
    pub rects: Vec<Rect>,
}

/// This family as the registry and every front end see it.
pub const FAMILY: wellposed_engine::FamilyEntry =
    wellposed_engine::FamilyEntry::of::<Shikaku>().generator(generate::GENERATOR);

impl Shikaku {
    /// A board of the given clues (`cells.len() == rows * cols`).
    pub fn new(rows: usize, cols: usize, cells: Vec<Option<Clue>>) -> Shikaku {
        assert_eq!(cells.len(), rows * cols, "a cell for every place");
        Shikaku { rows, cols, cells }
    }

    /// The clue cells, row-major: the clues' order everywhere.
    pub fn clue_cells(&self) -> Vec<usize> {
        (0..self.cells.len())
            .filter(|&k| self.cells[k].is_some())
            .collect()
    }

    /// `row R col C` (from 1).
    pub fn cell_name(&self, k: usize) -> String {
        format!("row {} col {}", k / self.cols + 1, k % self.cols + 1)
    }

    /// `the 6 at row 2 col 3` (or `the ? at …`).
    pub fn clue_name(&self, k: usize) -> String {
        let shown = match self.cells[k] {
            Some(Clue::Number(n)) => n.to_string(),
            _ => "?".to_string(),
        };
        format!("the {shown} at {}", self.cell_name(k))
    }

    /// Every clue's candidates, clue after clue in the clues' order, while their areas add up
    /// to at most `budget` cells; `Err` with what was found when they pass it (an encoding of
    /// them would pass its memory budget: see [`Shikaku::encode`]).
    pub fn candidates_within(&self, budget: u64) -> Result<Vec<Candidate>, Vec<Candidate>> {
        let (m, n) = (self.rows, self.cols);
        // Clue counts over every top-left rectangle, to test "no other clue" at once.
        let mut sum = vec![0u32; (m + 1) * (n + 1)];
        for r in 0..m {
            for c in 0..n {
                sum[(r + 1) * (n + 1) + c + 1] =
                    sum[r * (n + 1) + c + 1] + sum[(r + 1) * (n + 1) + c] - sum[r * (n + 1) + c]
                        + u32::from(self.cells[r * n + c].is_some());
            }
        }
        let clues_in = |t: usize, l: usize, h: usize, w: usize| {
            sum[(t + h) * (n + 1) + l + w] + sum[t * (n + 1) + l]
                - sum[t * (n + 1) + l + w]
                - sum[(t + h) * (n + 1) + l]
        };
        let mut out = Vec::new();
        let mut used = 0u64;
        for k in self.clue_cells() {
            let (r, c) = (k / n, k % n);
            // The clue's rectangle cannot reach past the nearest clue in its row and column:
            // rows strictly between `up` and `down`, columns between `left` and `right`.
            let up = (0..r).rev().find(|&i| self.cells[i * n + c].is_some());
            let down = (r + 1..m).find(|&i| self.cells[i * n + c].is_some());
            let left = (0..c).rev().find(|&j| self.cells[r * n + j].is_some());
            let right = (c + 1..n).find(|&j| self.cells[r * n + j].is_some());
            let (lo_r, hi_r) = (up.map_or(0, |u| u + 1), down.unwrap_or(m));
            let (lo_c, hi_c) = (left.map_or(0, |l| l + 1), right.unwrap_or(n));
            let (max_h, max_w) = (hi_r - lo_r, hi_c - lo_c);
            for h in 1..=max_h {
                let widths: Vec<usize> = match self.cells[k] {
                    Some(Clue::Number(a)) => {
                        let a = a as usize;
                        if !a.is_multiple_of(h) || a / h > max_w {
                            continue;
                        }
                        vec![a / h]
                    }
                    _ => (1..=max_w).collect(),
                };
                for w in widths {
                    let top_from = lo_r.max((r + 1).saturating_sub(h));
                    let left_from = lo_c.max((c + 1).saturating_sub(w));
                    for top in top_from..=r.min(hi_r - h) {
                        for lft in left_from..=c.min(hi_c - w) {
                            if clues_in(top, lft, h, w) != 1 {
                                continue;
                            }
                            out.push(Candidate {
                                clue: k,
                                rect: Rect {
                                    top,
                                    left: lft,
                                    height: h,
                                    width: w,
                                },
                            });
                            used += (h * w) as u64;
                            if used > budget {
                                return Err(out);
                            }
                        }
                    }
                }
            }
        }
        Ok(out)
    }

    /// Every clue's candidates (without a budget: for boards known to be small).
    pub fn candidates(&self) -> Vec<Candidate> {
        self.candidates_within(u64::MAX).unwrap_or_else(|all| all)
    }

    /// Per cell, the candidates (indices) that cover it.
    pub fn covering(&self, cands: &[Candidate]) -> Vec<Vec<usize>> {
        let mut cover = vec![Vec::new(); self.cells.len()];
        for (i, q) in cands.iter().enumerate() {
            for k in q.rect.cells(self.cols) {
                cover[k].push(i);
            }
        }
        cover
    }

    /// A candidate's name: `rows 1–3, cols 2–4 for the 6 at row 2 col 3`.
    pub fn candidate_name(&self, q: &Candidate) -> String {
        format!("{} for {}", q.rect.name(), self.clue_name(q.clue))
    }

    /// The candidates for an encoding within `max_bytes` of memory. Past the budget the list is
    /// cut short, but then it is already too large for any encoding of it: every cell entry of
    /// a candidate takes at least four bytes in the CNF and sixteen in the cover, so the
    /// builder passes its budget and the engine refuses the puzzle.
    fn candidates_for(&self, max_bytes: u64) -> Vec<Candidate> {
        self.candidates_within(max_bytes / 4)
            .unwrap_or_else(|cut| cut)
    }

    /// The CNF: one variable per candidate (the answer), exactly one candidate over each cell.
    pub fn cnf_with(&self, choices: Choices) -> CnfEncoding {
        let cands = self.candidates_for(choices.max_bytes);
        let mut cnf = Cnf::with_choices(choices);
        cnf.new_vars(cands.len());
        for over in self.covering(&cands) {
            let lits: Vec<Lit> = over.iter().map(|&i| Var(i as u32).positive()).collect();
            // An empty list is the empty clause: a cell no rectangle can cover.
            cnf.exactly_one(&lits, AmoEncoding::Auto);
        }
        let answer = (0..cands.len()).map(|i| Var(i as u32)).collect();
        let names = cands.iter().map(|q| self.candidate_name(q)).collect();
        CnfEncoding::new(cnf, answer, names)
    }

    /// The exact cover: the cells are the items, the candidates the options.
    pub fn cover_within(&self, max_bytes: u64) -> Problem {
        let cands = self.candidates_for(max_bytes);
        let items: Vec<String> = (0..self.cells.len())
            .map(|k| format!("r{}c{}", k / self.cols + 1, k % self.cols + 1))
            .collect();
        let mut p = Problem::new(&items, &[] as &[String])
            .expect("distinct item names")
            .within(max_bytes);
        for q in &cands {
            let option: Vec<(usize, Option<u32>)> =
                q.rect.cells(self.cols).map(|k| (k, None)).collect();
            p.add_option(&option).expect("distinct cells of the board");
        }
        p
    }

    /// The division made of the chosen candidates (in the clues' order when it is a solution).
    pub fn division(&self, mut rects: Vec<(usize, Rect)>) -> Division {
        rects.sort_unstable();
        let rects: Vec<Rect> = rects.into_iter().map(|(_, r)| r).collect();
        Division {
            grid: draw::text(self, &rects).lines().map(String::from).collect(),
            rects,
        }
    }

    /// Checks a division by the rules alone: rectangles on the board that cover every cell
    /// once, each with exactly one clue, whose number (if any) is its area.
    pub fn check(&self, rects: &[Rect]) -> Result<(), String> {
        let mut owner = vec![usize::MAX; self.cells.len()];
        for (i, r) in rects.iter().enumerate() {
            if r.height == 0
                || r.width == 0
                || r.top + r.height > self.rows
                || r.left + r.width > self.cols
            {
                return Err(format!("the rectangle {} is not on the board", r.name()));
            }
            let mut clues = Vec::new();
            for k in r.cells(self.cols) {
                if owner[k] != usize::MAX {
                    return Err(format!(
                        "{} lies in two rectangles ({} and {})",
                        self.cell_name(k),
                        rects[owner[k]].name(),
                        r.name()
                    ));
                }
                owner[k] = i;
                if self.cells[k].is_some() {
                    clues.push(k);
                }
            }
            match clues[..] {
                [] => return Err(format!("the rectangle {} holds no number", r.name())),
                [k] => {
                    if let Some(Clue::Number(a)) = self.cells[k] {
                        if a as usize != r.area() {
                            return Err(format!(
                                "{} has a rectangle of {} cells ({})",
                                self.clue_name(k),
                                r.area(),
                                r.name()
                            ));
                        }
                    }
                }
                [a, b, ..] => {
                    return Err(format!(
                        "the rectangle {} holds two numbers ({} and {})",
                        r.name(),
                        self.cell_name(a),
                        self.cell_name(b)
                    ))
                }
            }
        }
        match owner.iter().position(|&o| o == usize::MAX) {
            Some(k) => Err(format!("{} is in no rectangle", self.cell_name(k))),
            None => Ok(()),
        }
    }

    /// The `?` clues, in order: where a solution can add a number.
    fn unknowns(&self) -> impl Iterator<Item = usize> + '_ {
        (0..self.cells.len()).filter(|&k| self.cells[k] == Some(Clue::Unknown))
    }

    /// The area of the rectangle of `s` that holds cell k.
    fn area_at(&self, s: &Division, k: usize) -> Option<usize> {
        s.rects
            .iter()
            .find(|r| r.contains(k / self.cols, k % self.cols))
            .map(|r| r.area())
    }
}

impl Family for Shikaku {
    const NAME: &'static str = "shikaku";
    const PUZZLINK: &'static [&'static str] = &["shikaku"];
    const SUMMARY: &'static str =
        "Shikaku: divide the grid into rectangles, each holding one number, its area";
    const EXAMPLES: &'static [&'static str] = &[
        "family shikaku\nsize 3 4\ngrid\n4 . . .\n. . 6 .\n. ? . .\n",
        "https://puzz.link/p?shikaku/6/6/j3g56h6t6h23g5j\n",
    ];
    type Solution = Division;

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
        vec![EncodingKind::ExactCover, EncodingKind::Cnf]
    }

    fn encode(&self, kind: EncodingKind, choices: Choices) -> Option<Encoding> {
        Some(match kind {
            EncodingKind::ExactCover => Encoding::ExactCover(self.cover_within(choices.max_bytes)),
            EncodingKind::Cnf => Encoding::Cnf(self.cnf_with(choices)),
        })
    }

    /// Both encodings number the candidates alike (the options of the cover, the variables of
    /// the CNF), so an answer of either names the chosen ones.
    fn decode(&self, answer: &Answer) -> Division {
        let cands = self.candidates();
        let chosen: Vec<usize> = match answer {
            Answer::Cover(options) => options.clone(),
            Answer::Model(_) => (0..cands.len())
                .filter(|&i| answer.value(Var(i as u32)))
                .collect(),
        };
        self.division(
            chosen
                .into_iter()
                .filter_map(|i| cands.get(i))
                .map(|q| (q.clue, q.rect))
                .collect(),
        )
    }

    fn verify(&self, s: &Division) -> Result<(), String> {
        self.check(&s.rects)
    }

    fn render(&self, s: &Division) -> String {
        s.grid.join("\n")
    }

    fn svg(&self, s: &Division) -> Option<String> {
        Some(draw::svg(self, s))
    }

    /// The puzzle as given: the clues, no rectangle drawn.
    fn svg_puzzle(&self) -> Option<String> {
        Some(draw::svg_puzzle(self))
    }

    fn deduction_rules(&self) -> Vec<Box<dyn wellposed_engine::deduce::FamilyRule>> {
        rules::rules(self)
    }

    fn answer_text(&self, name: &str, value: bool) -> String {
        if value {
            format!("{name} is its rectangle")
        } else {
            format!("{name} is ruled out")
        }
    }

    /// The clues are the numbers and `?`s (taking one away leaves its cell empty).
    fn clues(&self) -> Vec<String> {
        self.clue_cells()
            .into_iter()
            .map(|k| self.clue_name(k))
            .collect()
    }

    fn without_clues(&self, drop: &[usize]) -> Option<Self> {
        places::changed(self, self.clue_cells(), drop, |p, k| p.cells[k] = None)
    }

    /// A solution can give every `?` its rectangle's area (a new clue anywhere else would put
    /// two clues in one rectangle).
    fn clues_from(&self, s: &Division) -> Vec<String> {
        self.unknowns()
            .map(|k| {
                let a = self.area_at(s, k).unwrap_or(0);
                format!("{} shows {a}", self.cell_name(k))
            })
            .collect()
    }

    fn with_clues_from(&self, s: &Division, picks: &[usize]) -> Option<Self> {
        places::changed(self, self.unknowns(), picks, |p, k| {
            p.cells[k] = Some(Clue::Number(self.area_at(s, k)? as u32));
            Some(())
        })
    }

    /// Every cell: `.` no clue, `?`, or a number.
    fn edit_grid(&self) -> Option<wellposed_engine::EditGrid> {
        let most = self
            .cells
            .iter()
            .filter_map(|c| match c {
                Some(Clue::Number(n)) => Some(*n),
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
            .map(|s| format::clue_of(s).expect("checked: a symbol of the grid"))
            .collect();
        Ok(Shikaku::new(self.rows, self.cols, cells))
    }
}
