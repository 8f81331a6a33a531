//! Nonograms (paint by numbers): black out cells so that each row and each column shows its
//! clue, the lengths of its runs of black cells in order.
//!
//! Variables: one per cell (true = black), then, per line, one per (cells read, automaton
//! state) pair that can occur ([`line::Clue`]). Constraints: the automaton starts in its first
//! state, reading a cell moves it on (or is forbidden), each state is entered only from a
//! predecessor by its own letter, and it ends in an accepting state. Those variables are
//! determined by the cells, so the answer (projection) is the cells and counts agree with or
//! without projection. The native path is line solving to a fixpoint, then branching
//! ([`solve`]).

pub mod belief;
pub mod commands;
pub mod formats;
pub mod line;
pub mod reckon;
pub mod solve;

use line::Clue;
use serde::Serialize;
use wellposed_engine::sat::Choices;
use wellposed_engine::NativeRole;
use wellposed_engine::{
    Answer, CnfEncoding, Effort, Encoding, EncodingKind, Family, Native, ParseError, Tried,
};
use wellposed_sat::{Cnf, Lit, Var};

/// The largest grid accepted (cells), so that absurd sizes are refused up front.
pub const MAX_CELLS: usize = 250_000;

/// The work belief-guided decimation may do for the CNF's phase hints (steps: one automaton
/// state at one cell of one line, per round): about four seconds. Meow, the most measured
/// on the survey set, takes 2.5 × 10⁸ (1 s); a puzzle past the budget gets the hints as far
/// as decimation went.
pub const HINT_WORK: u64 = 1_000_000_000;

/// The line solves per cell of the native search's brief try, before the engine's brief CDCL
/// try (see [`Family::native_first`]). Measured on the survey set: every puzzle the native
/// search settles at its root takes at most 4.7 a cell (Light); Forever takes 66 (271 nodes,
/// where CDCL without phase hints takes a few hundred conflicts).
pub const NATIVE_BRIEF_WORK: u64 = 8;

/// The largest CNF (variables a cell, [`Nonogram::cnf_variables`]) for which the native
/// search's brief try hands over to the engine's brief CDCL try. Building a CNF and giving
/// CaDiCaL its clauses cost about as much as searching it for Forever (13.6 variables a cell:
/// 66 M and 68 M instructions), so on larger encodings a brief CDCL try costs more than it
/// is likely to save: measured (CPU ms), webpbn-10088 (28 a cell) 49 natively against 318
/// with a brief CDCL try before, webpbn-02712 (25) 403 against 655, a random 40×40 (18) 57
/// against 286 (BENCHMARKS.md, "A brief CDCL try between two native ones").
pub const BRIEF_CDCL_VARIABLES: usize = 16;

/// The line solves per cell the native search may make before `--method auto` hands a puzzle
/// to CDCL (see [`Family::native_first`]). Measured on the survey set (a unit is one line
/// solved, cache misses only): Marley 23 a cell and Lion 79 (0.27 s and 0.65 s natively,
/// 1.2 s and 4.6 s by CDCL on the order encoding with held hints); Nature 247 (2.2 s
/// natively, 0.6 s by CDCL); Thing 7,709 (43 s natively, 1.6 s by CDCL). Faase, which the
/// native search never answers, spends 12 s here; at 100 it spent 3 s, but a random 40×40
/// (p 0.4, seed 1) that the search answers in 0.3 s within 200 went past 20 s by CDCL.
pub const NATIVE_FIRST_WORK: u64 = 200;

/// A nonogram: its size, the clue of each row (top to bottom) and of each column (left to
/// right), and the intended picture when the file carries one.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Nonogram {
    pub width: usize,
    pub height: usize,
    pub rows: Vec<Vec<usize>>,
    pub cols: Vec<Vec<usize>>,
    /// Row-major, true = black.
    pub goal: Option<Vec<bool>>,
}

/// A solved picture: rows of `#` (black) and `.` (white).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Picture {
    pub rows: Vec<String>,
    #[serde(skip)]
    pub cells: Vec<bool>,
}

impl Picture {
    pub fn new(width: usize, cells: Vec<bool>) -> Picture {
        let rows = cells
            .chunks(width.max(1))
            .map(|r| r.iter().map(|&b| if b { '#' } else { '.' }).collect())
            .collect();
        Picture { rows, cells }
    }
}

impl Nonogram {
    /// The clues of a picture (row-major cells, true = black).
    pub fn from_picture(width: usize, height: usize, cells: &[bool]) -> Nonogram {
        let rows = (0..height)
            .map(|r| line::runs_of((0..width).map(|c| cells[r * width + c])))
            .collect();
        let cols = (0..width)
            .map(|c| line::runs_of((0..height).map(|r| cells[r * width + c])))
            .collect();
        Nonogram {
            width,
            height,
            rows,
            cols,
            goal: Some(cells.to_vec()),
        }
    }

    /// Every line: the clue, and its cells as row-major indices.
    pub fn lines(&self) -> Vec<(Clue, Vec<usize>)> {
        let (w, h) = (self.width, self.height);
        let mut out = Vec::with_capacity(w + h);
        for (r, runs) in self.rows.iter().enumerate() {
            out.push((Clue::new(runs), (0..w).map(|c| r * w + c).collect()));
        }
        for (c, runs) in self.cols.iter().enumerate() {
            out.push((Clue::new(runs), (0..h).map(|r| r * w + c).collect()));
        }
        out
    }

    /// The variables of the CNF without line solving: a cell's, and its lines' automaton
    /// states ([`Clue::live_states`]). Counted without building it.
    pub fn cnf_variables(&self) -> usize {
        let line = |runs: &Vec<usize>, n: usize| {
            let clue = Clue::new(runs);
            if clue.min_len() > n {
                0
            } else {
                clue.live_states(n)
            }
        };
        let rows: usize = self.rows.iter().map(|r| line(r, self.width)).sum();
        let cols: usize = self.cols.iter().map(|c| line(c, self.height)).sum();
        self.width * self.height + rows + cols
    }

    /// Whether the CNF is small enough for the engine's brief CDCL try: at most
    /// [`BRIEF_CDCL_VARIABLES`] variables a cell.
    pub fn cnf_is_small(&self) -> bool {
        self.cnf_variables() <= BRIEF_CDCL_VARIABLES * self.width * self.height
    }

    /// Parses any of the input forms: a Pattern game ID or puzz.link URL (alone in the text), a
    /// `family nonogram` document, a `.non` file, or an Olšák `.g` file.
    pub fn parse_any(text: &str, source: &str) -> Result<Nonogram, ParseError> {
        if let Some((no, only)) = wellposed_engine::lone_line(text) {
            if formats::looks_like_game_id(only) {
                return formats::parse_game_id(only, source, no);
            }
        }
        if formats::looks_like_olsak(text) {
            return formats::parse_olsak(text, source);
        }
        let family = wellposed_engine::family_of(text).is_some();
        formats::parse_keyed(text, source, family)
    }

    /// The native search's findings as pictures.
    fn pictures(&self, found: solve::Found) -> Native<Picture> {
        Native {
            solutions: found
                .solutions
                .into_iter()
                .map(|c| Picture::new(self.width, c))
                .collect(),
            count: found.count.into(),
            complete: found.complete,
        }
    }

    /// Checks a picture against every clue.
    pub fn check(&self, cells: &[bool]) -> Result<(), String> {
        let (w, h) = (self.width, self.height);
        if cells.len() != w * h {
            return Err(format!("expected {} cells, found {}", w * h, cells.len()));
        }
        for (r, want) in self.rows.iter().enumerate() {
            let got = line::runs_of((0..w).map(|c| cells[r * w + c]));
            if &got != want {
                return Err(format!("row {} shows {got:?}, its clue is {want:?}", r + 1));
            }
        }
        for (c, want) in self.cols.iter().enumerate() {
            let got = line::runs_of((0..h).map(|r| cells[r * w + c]));
            if &got != want {
                return Err(format!(
                    "column {} shows {got:?}, its clue is {want:?}",
                    c + 1
                ));
            }
        }
        Ok(())
    }

    /// The CNF: cells, then each line's automaton states (or its runs' starts, see
    /// [`Self::cnf_with`]). With `line_solved`, the cells that line solving settles (every
    /// placement of some line agrees on them, so every solution does) are added as unit
    /// clauses: the search starts where line logic stopped. Measured: line-solvable survey
    /// puzzles 2–5× faster than without; probing as well cost more than it saved (Light 0.54 s
    /// against 0.19 s), so it is left to the native path. With `line_solved` the formula also
    /// carries phase hints from belief-guided decimation ([`belief::decimate`], within
    /// [`HINT_WORK`]), held at every decision, on the order encoding of the runs' starts: where
    /// CDCL should guess.
    ///
    /// The CNF encoding with the default choices (see [`Self::cnf_with`]).
    pub fn cnf(&self, line_solved: bool) -> CnfEncoding {
        self.cnf_with(
            line_solved,
            Choices::default().settled(wellposed_engine::sat::Purpose::Solving),
        )
    }

    /// The CNF encoding, building constraints as `choices` say (see [`Self::cnf`]).
    pub fn cnf_with(&self, line_solved: bool, choices: Choices) -> CnfEncoding {
        if !line_solved {
            return self.cnf_from(None, None, choices);
        }
        let lines = solve::Lines::new(self);
        let mut grid = vec![line::EITHER; self.width * self.height];
        if !lines.propagate(&mut grid, lines.all()) {
            return self.cnf_from(Some(None), None, choices);
        }
        let hints = choices
            .phase_hints
            .then(|| belief::decimate(&lines, &grid, &belief::Rounds::default(), HINT_WORK))
            .flatten();
        // Hints go with the order encoding, and hold at every decision (see `cnf_from`).
        let choices = Choices {
            compact: choices.compact || hints.is_some(),
            ..choices
        };
        self.cnf_from(Some(Some(&grid)), hints.map(|(b, _)| b).as_ref(), choices)
    }

    /// The automaton encoding, or with `choices.compact` the order encoding of the runs'
    /// starts ([`encode_line_order`]); with `settled`, its settled cells as units
    /// (`Some(None)`: line solving found a contradiction, the empty clause); with `hints`, each
    /// cell's likelier colour as a phase hint that holds at every decision
    /// ([`Cnf::insist_on_preferred`]).
    ///
    /// Why the solving path (hints) takes the order encoding: with the same hints held, CaDiCaL
    /// decided Faase (two pictures) in 54 s where the automaton with first-phase hints ran
    /// 517 s, and the survey's hard puzzles went faster too (Knotty 0.29 → 0.20 s, Meow 32 →
    /// 22 s, webpbn-22336 29 → 7.7 s, -09892 3.3 → 0.6 s: BENCHMARKS.md, "Hints that hold").
    /// Held hints on the automaton did not do it (Faase past 200 s).
    fn cnf_from(
        &self,
        settled: Option<Option<&[line::Options]>>,
        hints: Option<&belief::Beliefs>,
        choices: Choices,
    ) -> CnfEncoding {
        let mut cnf = Cnf::with_choices(choices);
        let cells = cnf.new_vars(self.width * self.height);
        for (clue, idx) in self.lines() {
            let line: Vec<Lit> = idx.iter().map(|&c| cells[c].positive()).collect();
            if choices.compact {
                encode_line_order(&mut cnf, &clue, &line);
            } else {
                encode_line(&mut cnf, &clue, &line);
            }
        }
        if let Some(b) = hints {
            for (k, &p) in b.black.iter().enumerate() {
                cnf.prefer(Lit::new(cells[k], p > 0.5));
            }
            cnf.insist_on_preferred();
        }
        match settled {
            None => {}
            Some(None) => cnf.add_clause(&[]),
            Some(Some(grid)) => {
                for (k, &o) in grid.iter().enumerate() {
                    if o != line::EITHER {
                        cnf.add_clause(&[Lit::new(cells[k], o == line::BLACK)]);
                    }
                }
            }
        }
        let w = self.width;
        let names = (0..self.width * self.height)
            .map(|k| format!("cell row {} col {}", k / w + 1, k % w + 1))
            .collect();
        CnfEncoding {
            cnf,
            answer: cells,
            names,
            ..Default::default()
        }
    }
}

/// One line by the order encoding of its runs' starts: a variable `[s_j ≥ p]` for each run j
/// and each start p inside its window but its earliest (where it is true), so that each run's
/// variables form a ladder (`[s_j ≥ p + 1] → [s_j ≥ p]`); the runs keep their order with a
/// gap (`[s_j ≥ p] → [s_{j+1} ≥ p + r_j + 1]`); a white cell c is covered by no run
/// (`¬(s_j ≤ c ∧ s_j ≥ c − r_j + 1)`), and a black one by the last run that starts at or
/// before it (`s_j ≤ c < s_{j+1} → s_j ≥ c − r_j + 1`, and some run starts at or before it).
/// Linear in the windows, no exactly-one constraints: CDCL reasons on a run's bounds as line
/// solvers do on its leftmost and rightmost placements.
fn encode_line_order(cnf: &mut Cnf, clue: &Clue, cells: &[Lit]) {
    let (n, runs) = (cells.len(), &clue.runs);
    let k = runs.len();
    if k == 0 {
        for &c in cells {
            cnf.add_clause(&[!c]);
        }
        return;
    }
    if clue.min_len() > n {
        cnf.add_clause(&[]);
        return;
    }
    let slack = n - clue.min_len();
    // earliest[j]: run j's earliest start; `at_least[j][p - earliest[j] - 1]` is
    // `[s_j ≥ p]` for p in earliest + 1 ..= earliest + slack.
    let mut earliest = Vec::with_capacity(k);
    let mut at_least: Vec<Vec<Lit>> = Vec::with_capacity(k);
    let mut before = 0;
    for &r in runs {
        if cnf.over_budget() {
            return;
        }
        earliest.push(before);
        at_least.push((0..slack).map(|_| cnf.new_var().positive()).collect());
        before += r + 1;
    }
    // `[s_j ≥ p]`: a literal, or a constant outside the window.
    let ge = |j: usize, p: usize| -> Result<Lit, bool> {
        if p <= earliest[j] {
            Err(true)
        } else if p > earliest[j] + slack {
            Err(false)
        } else {
            Ok(at_least[j][p - earliest[j] - 1])
        }
    };
    let not = |b: Result<Lit, bool>| b.map(|l| !l).map_err(|c| !c);
    // A clause of literals and constants: dropped when a constant is true.
    let clause = |cnf: &mut Cnf, parts: &[Result<Lit, bool>]| {
        if parts.contains(&Err(true)) {
            return;
        }
        let lits: Vec<Lit> = parts.iter().filter_map(|b| b.ok()).collect();
        cnf.add_clause(&lits);
    };
    for j in 0..k {
        if cnf.over_budget() {
            return;
        }
        let (lo, r) = (earliest[j], runs[j]);
        for p in lo + 1..lo + slack {
            clause(cnf, &[not(ge(j, p + 1)), ge(j, p)]);
        }
        if j + 1 < k {
            for p in lo + 1..=lo + slack {
                clause(cnf, &[not(ge(j, p)), ge(j + 1, p + r + 1)]);
            }
        }
    }
    for (c, &cell) in cells.iter().enumerate() {
        if cnf.over_budget() {
            return;
        }
        // Runs whose window does not reach c make constants here, and their clauses fall
        // away or shrink to what the order of the runs says.
        clause(cnf, &[Ok(!cell), not(ge(0, c + 1))]);
        for (j, &r) in runs.iter().enumerate() {
            let covers_from = ge(j, (c + 1).saturating_sub(r));
            clause(cnf, &[Ok(cell), ge(j, c + 1), not(covers_from)]);
            let next_after = if j + 1 < k {
                not(ge(j + 1, c + 1))
            } else {
                Err(false)
            };
            clause(cnf, &[Ok(!cell), ge(j, c + 1), next_after, covers_from]);
        }
    }
}

/// One line's automaton in CNF over its cells (true = black). State variables exist only
/// where the state can occur: after at least j cells (every state past the first consumes a
/// cell) and with enough cells left to finish the runs.
fn encode_line(cnf: &mut Cnf, clue: &Clue, cells: &[Lit]) {
    let n = cells.len();
    let s = clue.states();
    if clue.min_len() > n {
        cnf.add_clause(&[]);
        return;
    }
    // state[i][j]: after i cells, in state j.
    let mut state: Vec<Vec<Option<Lit>>> = vec![vec![None; s]; n + 1];
    for (i, row) in state.iter_mut().enumerate() {
        for (j, slot) in row.iter_mut().enumerate() {
            if clue.live(n, i, j) {
                *slot = Some(cnf.new_var().positive());
            }
        }
    }
    let start = state[0][0].expect("the start state is live");
    cnf.add_clause(&[start]);
    for i in 0..n {
        for j in 0..s {
            // Forward: in state j, reading b leads to next(j, b), or b is impossible.
            if let Some(x) = state[i][j] {
                for b in [false, true] {
                    let read = if b { cells[i] } else { !cells[i] };
                    match clue.next(j, b).and_then(|k| state[i + 1][k]) {
                        Some(y) => cnf.add_clause(&[!x, !read, y]),
                        None => cnf.add_clause(&[!x, !read]),
                    }
                }
            }
            // Backward: state j after i+1 cells was entered by its own letter from a
            // predecessor (itself, for a gap, or the state before it).
            if let Some(y) = state[i + 1][j] {
                let entered_by_black = clue.is_run(j);
                cnf.add_clause(&[
                    !y,
                    if entered_by_black {
                        cells[i]
                    } else {
                        !cells[i]
                    },
                ]);
                let mut from = vec![!y];
                if !clue.is_run(j) {
                    from.extend(state[i][j]);
                }
                if j > 0 {
                    from.extend(state[i][j - 1]);
                }
                cnf.add_clause(&from);
            }
        }
    }
    let accept: Vec<Lit> = (0..s)
        .filter(|&j| clue.accepting(j))
        .filter_map(|j| state[n][j])
        .collect();
    cnf.add_clause(&accept);
}

/// Line solving as a rule of the shared deduction engine (level 2): in each row and column, a
/// cell value that no placement of the runs allows, given what is still possible, is removed.
/// Monotone (fewer possibilities, fewer placements) and always valid.
pub struct LineSolving {
    lines: Vec<(line::Clue, Vec<usize>)>,
}

impl wellposed_engine::deduce::FamilyRule for LineSolving {
    fn rule(&self) -> wellposed_engine::deduce::Rule {
        wellposed_engine::deduce::Rule::Family("line-solving", 2)
    }

    fn propose(
        &self,
        state: &wellposed_engine::deduce::State,
    ) -> Vec<wellposed_engine::deduce::Removal> {
        self.propose_steps(state).concat()
    }

    /// One line at a time: what a player settles by solving one row or column.
    fn propose_steps(
        &self,
        state: &wellposed_engine::deduce::State,
    ) -> Vec<Vec<wellposed_engine::deduce::Removal>> {
        use wellposed_engine::deduce::{possible, Removal};
        let mut out = Vec::new();
        let mut scratch = line::Scratch::default();
        let mut fits = Vec::new();
        for (clue, idx) in &self.lines {
            let cells: Vec<line::Options> = idx
                .iter()
                .map(|&k| {
                    let v = Var(k as u32);
                    (u8::from(possible(state, v, false)) * line::WHITE)
                        | (u8::from(possible(state, v, true)) * line::BLACK)
                })
                .collect();
            // No placement at all: propose nothing here; propagation finds the contradiction.
            if !line::settle(&clue.runs, &cells, &mut scratch, &mut fits) {
                continue;
            }
            let mut line_out = Vec::new();
            for ((&k, &had), &keep) in idx.iter().zip(&cells).zip(&fits) {
                for (bit, value) in [(line::WHITE, false), (line::BLACK, true)] {
                    if had & bit != 0 && keep & bit == 0 {
                        line_out.push(Removal::by(self.rule(), Var(k as u32), value));
                    }
                }
            }
            if !line_out.is_empty() {
                out.push(line_out);
            }
        }
        out
    }
}

/// This family as the registry and every front end see it.
pub const FAMILY: wellposed_engine::FamilyEntry = wellposed_engine::FamilyEntry::of::<Nonogram>()
    .generator(commands::GENERATOR)
    .commands(commands::COMMANDS);

impl Family for Nonogram {
    const NAME: &'static str = "nonogram";
    const PUZZLINK: &'static [&'static str] = &["nonogram"];
    const EXAMPLES: &'static [&'static str] = &[
        // A picture with its goal: the workbench's example, drawn by clicking.
        "family nonogram\nwidth 5\nheight 5\nrows\n1\n1\n5\n1\n1\ncolumns\n1\n1\n5\n1\n1\ngoal \"0010000100111110010000100\"\n",
        "5x5:1/2/1.1/2.2/2.2/4/1.2/1/2/3\n",
        // pzprjs's own test URL (test/script/nonogram.js).
        "https://puzz.link/p?nonogram/6/6/12g1111h11112j12g11g21j11g3h\n",
    ];
    type Solution = Picture;

    /// The setter draws the picture: the clues are read off it and it becomes the goal, so "is
    /// my picture the only one?" is what the page answers. The grid is the goal, or blank for
    /// a puzzle without clues; a puzzle with clues and no goal is edited as text (a drawing
    /// would replace its clues).
    fn edit_grid(&self) -> Option<wellposed_engine::EditGrid> {
        let blank = self
            .rows
            .iter()
            .chain(&self.cols)
            .all(|c| c.iter().all(|&r| r == 0));
        let cells = match &self.goal {
            Some(g) => g
                .iter()
                .map(|&b| if b { "#" } else { "." }.to_string())
                .collect(),
            None if blank => vec![".".to_string(); self.width * self.height],
            None => return None,
        };
        Some(wellposed_engine::EditGrid {
            rows: self.height,
            cols: self.width,
            cells,
            symbols: vec![".".into(), "#".into()],
        })
    }

    fn edited(&self, cells: &[String]) -> Result<Self, String> {
        Family::edit_grid(self).expect("a grid").check(cells)?;
        let (w, h) = (self.width, self.height);
        let black: Vec<bool> = cells.iter().map(|c| c == "#").collect();
        Ok(Nonogram {
            width: w,
            height: h,
            rows: (0..h)
                .map(|r| line::runs_of((0..w).map(|c| black[r * w + c])))
                .collect(),
            cols: (0..w)
                .map(|c| line::runs_of((0..h).map(|r| black[r * w + c])))
                .collect(),
            goal: Some(black),
        })
    }

    const SUMMARY: &'static str =
        "nonograms (paint by numbers; Tatham's Pattern; .non and Olšák .g files)";
    const EXTENSIONS: &'static [&'static str] = &["non", "g"];

    fn to_text(&self) -> String {
        formats::to_text(self)
    }

    /// A Pattern game ID on a line of its own, `.non` content (`width` …), or an Olšák `.g`
    /// file (`: rows`).
    fn recognises(text: &str) -> bool {
        formats::looks_like_olsak(text)
            || text
                .lines()
                .any(|l| formats::looks_like_game_id(l) || l.trim_start().starts_with("width"))
    }

    fn looks_like_game_id(arg: &str) -> bool {
        formats::looks_like_game_id(arg)
    }

    fn parse_game_id(id: &str, source: &str, line: usize) -> Result<Self, ParseError> {
        formats::parse_game_id(id, source, line)
    }

    fn game_id(&self) -> Option<String> {
        Some(formats::game_id(self))
    }

    fn url(&self) -> Option<String> {
        formats::url(self)
    }

    fn parse(text: &str, source: &str) -> Result<Self, ParseError> {
        Nonogram::parse_any(text, source)
    }

    fn encodings(&self) -> Vec<EncodingKind> {
        vec![EncodingKind::Cnf]
    }

    fn encode(&self, kind: EncodingKind, choices: Choices) -> Option<Encoding> {
        (kind == EncodingKind::Cnf).then(|| Encoding::Cnf(self.cnf_with(true, choices)))
    }

    fn decode(&self, answer: &Answer) -> Picture {
        let cells = (0..self.width * self.height)
            .map(|k| answer.value(Var(k as u32)))
            .collect();
        Picture::new(self.width, cells)
    }

    fn verify(&self, s: &Picture) -> Result<(), String> {
        self.check(&s.cells)
    }

    fn render(&self, s: &Picture) -> String {
        s.rows.join("\n")
    }

    /// Line solving, then CDCL over the automaton encoding, is faster than the native
    /// depth-first branching on hard puzzles; the native path stays as the independent check.
    fn native_role(&self) -> NativeRole {
        NativeRole::TriesFirst
    }

    /// The file's `goal` (cells row-major, the CNF's answer variables in order): `solve` then
    /// asks "is the goal the only picture?" instead of searching for a first one.
    fn intended(&self) -> Option<Vec<bool>> {
        self.goal.clone()
    }

    /// Without the line-solving units of [`Nonogram::cnf`]: deduction shows its own path.
    fn deduction_encoding(&self) -> Option<Encoding> {
        Some(Encoding::Cnf(self.cnf(false)))
    }

    fn deduction_rules(&self) -> Vec<Box<dyn wellposed_engine::deduce::FamilyRule>> {
        vec![Box::new(LineSolving {
            lines: self.lines(),
        })]
    }

    /// `#` black, `.` white, `?` open.
    fn render_partial(&self, known: &[Option<bool>]) -> Option<String> {
        Some(wellposed_engine::draw_partial(
            known,
            self.width,
            ['#', '.', '?'],
        ))
    }

    fn native(&self, want: u64, stop: u64) -> Option<Result<Native<Picture>, String>> {
        Some(Ok(self.pictures(solve::search(self, want, stop))))
    }

    /// The native search within [`NATIVE_FIRST_WORK`] line solves a cell: line solving,
    /// probing and branching answer most puzzles (and every line-solvable one) several times
    /// faster than building the CNF, but on the hard ones CDCL wins by orders of magnitude
    /// (9-Dom: 0.24 s against 12.6 s), so past the budget the encoding answers. The brief try
    /// stops at [`NATIVE_BRIEF_WORK`] a cell, so that the engine's brief CDCL try follows, where
    /// that is cheap: a CNF of at most [`BRIEF_CDCL_VARIABLES`] a cell. Past that the brief try
    /// is the full one (and gives up for good).
    fn native_first(
        &self,
        want: u64,
        stop: u64,
        effort: Effort,
    ) -> Tried<Result<Native<Picture>, String>> {
        let cells = self.width * self.height;
        let brief = effort == Effort::Brief && self.cnf_is_small();
        let per_cell = if brief {
            NATIVE_BRIEF_WORK
        } else {
            NATIVE_FIRST_WORK
        };
        match solve::search_within(self, want, stop, per_cell * cells as u64) {
            Some(found) => Tried::Answered(Ok(self.pictures(found))),
            None if brief => Tried::GaveUp,
            None => Tried::Hopeless,
        }
    }
}

/// A random picture whose clues have exactly one solution: pictures are drawn (each cell black
/// with probability one half, from the seed) until the engine proves one unique. Returns the
/// puzzle (with the picture as its goal) and how many pictures were drawn.
pub fn generate(
    width: usize,
    height: usize,
    seed: u64,
    opts: &wellposed_engine::Options,
) -> Result<(Nonogram, usize), String> {
    if width == 0 || height == 0 || width * height > 40 * 40 {
        return Err(format!(
            "expected a size from 1×1 to 40×40 cells, found {width}×{height}"
        ));
    }
    let mut rng = wellposed_engine::Xorshift(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1);
    for drawn in 1..=10_000 {
        let cells: Vec<bool> = (0..width * height).map(|_| rng.below(2) == 0).collect();
        let p = Nonogram::from_picture(width, height, &cells);
        if wellposed_engine::proved_unique(&p, opts) {
            return Ok((p, drawn));
        }
    }
    Err(format!(
        "no unique {width}×{height} picture in 10,000 draws"
    ))
}
