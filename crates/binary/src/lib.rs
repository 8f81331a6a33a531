//! Binary puzzles (Takuzu / Binairo / Unruly): fill a W×H grid with 0 and 1 so that no three
//! equal cells are adjacent in a row or column and every row and column is balanced; under the
//! `distinct` rules (Binairo) no two rows and no two columns are equal either.
//!
//! Variables: one per cell (true = 1). Constraints: every window of three cells in a line is
//! neither all 0 nor all 1; each row holds exactly W/2 ones and each column H/2; under
//! `distinct`, for each pair of rows (and of columns) a difference variable per position,
//! defined as the XOR of the two cells, and a clause saying some position differs. Answer: the
//! cells. The dedicated row solver ([`search`]) is the fast path and the SAT path its check.

pub mod commands;
pub mod count;
pub mod deduce;
pub mod dp;
pub mod generate;
pub mod lines;
pub mod mitm;
pub mod seam;
pub mod search;
pub mod unruly;

use serde::Serialize;
use wellposed_engine::number_grid;
use wellposed_engine::repair::given_cells;
use wellposed_engine::sat::Choices;
use wellposed_engine::NativeRole;
use wellposed_engine::{
    Answer, CnfEncoding, Document, Encoding, EncodingKind, Family, Native, ParseError,
};
use wellposed_sat::{Cnf, Lit, Var};

/// The largest grid accepted (cells), so that absurd sizes are refused up front.
pub const MAX_CELLS: usize = 40_000;

/// Which rule set the puzzle uses.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Rules {
    /// Binairo: also no two equal rows and no two equal columns.
    Distinct,
    /// Unruly without its `u` option: balance and no three in a row only.
    NoDistinct,
}

impl Rules {
    pub fn name(self) -> &'static str {
        match self {
            Rules::Distinct => "distinct",
            Rules::NoDistinct => "no-distinct",
        }
    }

    pub fn parse(s: &str) -> Option<Rules> {
        match s {
            "distinct" => Some(Rules::Distinct),
            "no-distinct" => Some(Rules::NoDistinct),
            _ => None,
        }
    }
}

impl std::fmt::Display for Rules {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

/// A puzzle: its shape, rule set and givens (row-major; `None` = empty).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Binary {
    pub width: usize,
    pub height: usize,
    pub rules: Rules,
    pub givens: Vec<Option<u8>>,
}

/// A filled grid, row by row, and the same grid as a game ID with every cell given.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Grid {
    pub rows: Vec<Vec<u8>>,
    pub game_id: String,
}

impl Binary {
    /// The empty puzzle (every cell open) of a shape; both sides must be even and positive.
    pub fn empty(width: usize, height: usize, rules: Rules) -> Binary {
        Binary {
            width,
            height,
            rules,
            givens: vec![None; width * height],
        }
    }

    fn var(&self, r: usize, c: usize) -> Var {
        Var((r * self.width + c) as u32)
    }

    /// The number of givens.
    pub fn clues(&self) -> usize {
        self.givens.iter().flatten().count()
    }

    /// A grid as a solution, with its game ID.
    pub fn grid(&self, rows: Vec<Vec<u8>>) -> Grid {
        let full = Binary {
            width: self.width,
            height: self.height,
            rules: self.rules,
            givens: rows.iter().flatten().map(|&x| Some(x)).collect(),
        };
        Grid {
            game_id: unruly::game_id(&full),
            rows,
        }
    }

    /// The puzzle as text in the `family binary` format.
    pub fn to_text(&self) -> String {
        let mut s = format!(
            "family binary\nsize {} {}\nrules {}\ngrid\n",
            self.width, self.height, self.rules
        );
        for r in 0..self.height {
            let line: String = (0..self.width)
                .map(|c| match self.givens[r * self.width + c] {
                    None => '.',
                    Some(0) => '0',
                    Some(_) => '1',
                })
                .collect();
            s.push_str(&line);
            s.push('\n');
        }
        s
    }

    /// Checks a shape: both sides even and positive, not too many cells.
    pub(crate) fn check_shape(width: usize, height: usize) -> Result<(), String> {
        if width == 0 || height == 0 || width % 2 == 1 || height % 2 == 1 {
            return Err(format!(
                "expected an even width and an even height (rows and columns are balanced), found {width}×{height}"
            ));
        }
        if width.saturating_mul(height) > MAX_CELLS {
            return Err(format!(
                "a {width}×{height} grid is larger than the {MAX_CELLS} cells accepted"
            ));
        }
        let bytes = Binary::encoding_bytes(width, height);
        if bytes > wellposed_sat::DEFAULT_MAX_BYTES {
            return Err(format!(
                "a {width}×{height} grid's CNF would take about {:.1} GiB, more than the {} accepted",
                bytes as f64 / f64::from(1u32 << 30),
                wellposed_engine::human_bytes(wellposed_sat::DEFAULT_MAX_BYTES)
            ));
        }
        Ok(())
    }

    /// About how many bytes the CNF encoding of a `width`×`height` grid takes (the distinct
    /// rule included, the larger case): every line's balance, its no-three clauses, and a
    /// difference variable per cell of every pair of parallel lines.
    pub fn encoding_bytes(width: usize, height: usize) -> u64 {
        let (w, h) = (width as u64, height as u64);
        let line = |n: usize| {
            let half = n as u64 / 2;
            wellposed_sat::count_range_bytes(n, half, half, wellposed_sat::Cardinality::Totalizer)
                + 2 * (n as u64).saturating_sub(2) * wellposed_sat::clause_bytes(3)
        };
        let balance = h
            .saturating_mul(line(width))
            .saturating_add(w.saturating_mul(line(height)));
        let pairs = |lines: u64, len: u64| {
            (lines * lines.saturating_sub(1) / 2).saturating_mul(
                4 * len * wellposed_sat::clause_bytes(3)
                    + wellposed_sat::clause_bytes(len as usize),
            )
        };
        balance
            .saturating_add(pairs(h, w))
            .saturating_add(pairs(w, h))
    }

    /// Whether the dedicated row solver takes this shape (lines fit its bit masks).
    pub fn has_row_solver(&self) -> bool {
        Binary::row_solver_fits(self.width, self.height)
    }

    /// Whether the row solver takes a `width`×`height` grid (asked before building one, so
    /// that absurd sizes are refused rather than allocated).
    pub fn row_solver_fits(width: usize, height: usize) -> bool {
        width <= lines::MAX_LINE && height <= search::MAX_HEIGHT
    }

    /// Per row, the cells given 0 and the cells given 1, as masks.
    pub fn given_masks(&self) -> (Vec<u32>, Vec<u32>) {
        let mut g0 = vec![0u32; self.height];
        let mut g1 = vec![0u32; self.height];
        for r in 0..self.height {
            for c in 0..self.width {
                match self.givens[r * self.width + c] {
                    Some(0) => g0[r] |= 1 << c,
                    Some(_) => g1[r] |= 1 << c,
                    None => {}
                }
            }
        }
        (g0, g1)
    }

    /// The rows of a mask grid as cell values.
    pub fn unmask(&self, rows: &[u32]) -> Vec<Vec<u8>> {
        rows.iter()
            .map(|&l| (0..self.width).map(|c| (l >> c & 1) as u8).collect())
            .collect()
    }
}

/// This family as the registry and every front end see it.
pub const FAMILY: wellposed_engine::FamilyEntry = wellposed_engine::FamilyEntry::of::<Binary>()
    .generator(commands::GENERATOR)
    .commands(commands::COMMANDS);

/// The names of the cells' variables, row-major: `cell row R col C`, from 1.
pub fn cell_names(width: usize, height: usize) -> Vec<String> {
    (0..width * height)
        .map(|k| format!("cell row {} col {}", k / width + 1, k % width + 1))
        .collect()
}

impl Family for Binary {
    const NAME: &'static str = "binary";
    const EXAMPLES: &'static [&'static str] = &[
        "8x8u:aadDAckJdBCabAq\n",
        "family binary\nsize 4 4\nrules no-distinct\ngrid\n1...\n..0.\n....\n.1..\n",
    ];
    type Solution = Grid;
    const SUMMARY: &'static str = "binary puzzles (Takuzu, Binairo, Tatham's Unruly)";

    fn to_text(&self) -> String {
        Binary::to_text(self)
    }

    /// An Unruly game ID as the first line of the text.
    fn recognises(text: &str) -> bool {
        unruly::find_game_id(text).is_some()
    }

    fn looks_like_game_id(arg: &str) -> bool {
        unruly::looks_like_game_id(arg)
    }

    fn parse_game_id(id: &str, source: &str, line: usize) -> Result<Self, ParseError> {
        unruly::parse(id, source, line)
    }

    fn game_id(&self) -> Option<String> {
        Some(unruly::game_id(self))
    }

    fn parse(text: &str, source: &str) -> Result<Self, ParseError> {
        if let Some(id) = unruly::find_game_id(text) {
            return unruly::parse(id.1, source, id.0);
        }
        let doc = Document::read_family(
            text,
            source,
            Self::NAME,
            &["size", "rules", "grid"],
            &["grid"],
        )?;
        let size_e = doc.require("size", "W H")?;
        let wh: Vec<usize> = doc.numbers(size_e, "two sizes W H")?;
        let [width, height] = wh[..] else {
            return Err(doc.error(size_e.line, "`size`: expected two numbers W H"));
        };
        Binary::check_shape(width, height)
            .map_err(|m| doc.error(size_e.line, format!("`size`: {m}")))?;
        let rules = match doc.get("rules") {
            None => Rules::Distinct,
            Some(e) => match &e.values[..] {
                [v] => Rules::parse(v).ok_or_else(|| {
                    doc.error(
                        e.line,
                        format!("`rules`: expected `distinct` or `no-distinct`, found `{v}`"),
                    )
                })?,
                _ => {
                    return Err(
                        doc.error(e.line, "`rules`: expected one of `distinct`, `no-distinct`")
                    )
                }
            },
        };
        let mut givens = vec![None; width * height];
        if let Some(g) = doc.get("grid") {
            // Cells may be written together (`01.1`) or apart (`0 1 . 1`).
            givens = number_grid::Grid::together("`0`, `1` or `.`").read(
                &doc,
                g,
                (height, width),
                |s| match s {
                    "." => Some(None),
                    "0" => Some(Some(0)),
                    "1" => Some(Some(1)),
                    _ => None,
                },
            )?;
        }
        Ok(Binary {
            width,
            height,
            rules,
            givens,
        })
    }

    fn encodings(&self) -> Vec<EncodingKind> {
        vec![EncodingKind::Cnf]
    }

    fn encode(&self, kind: EncodingKind, choices: Choices) -> Option<Encoding> {
        if kind != EncodingKind::Cnf {
            return None;
        }
        let (w, h) = (self.width, self.height);
        let mut cnf = Cnf::with_choices(choices);
        let cells = cnf.new_vars(w * h);
        let rows: Vec<Vec<Lit>> = (0..h)
            .map(|r| (0..w).map(|c| self.var(r, c).positive()).collect())
            .collect();
        let cols: Vec<Vec<Lit>> = (0..w)
            .map(|c| (0..h).map(|r| self.var(r, c).positive()).collect())
            .collect();
        for line in rows.iter().chain(&cols) {
            for win in line.windows(3) {
                cnf.add_clause(win);
                cnf.add_clause(&[!win[0], !win[1], !win[2]]);
            }
            cnf.exactly_k(line, line.len() as u64 / 2);
        }
        if self.rules == Rules::Distinct {
            for lines in [&rows, &cols] {
                for a in 0..lines.len() {
                    for b in a + 1..lines.len() {
                        let differs: Vec<Lit> = lines[a]
                            .iter()
                            .zip(&lines[b])
                            // d ↔ x ⊕ y: defined both ways, so it is determined by the cells.
                            .map(|(&x, &y)| cnf.xor_gate(x, y))
                            .collect();
                        cnf.add_clause(&differs);
                    }
                }
            }
        }
        for (k, g) in self.givens.iter().enumerate() {
            if let Some(v) = g {
                cnf.add_clause(&[Lit::new(Var(k as u32), *v == 1)]);
            }
        }
        Some(Encoding::Cnf(CnfEncoding {
            cnf,
            answer: cells,
            names: cell_names(w, h),
            ..Default::default()
        }))
    }

    fn decode(&self, answer: &Answer) -> Grid {
        let rows = (0..self.height)
            .map(|r| {
                (0..self.width)
                    .map(|c| u8::from(answer.value(self.var(r, c))))
                    .collect()
            })
            .collect();
        self.grid(rows)
    }

    fn verify(&self, s: &Grid) -> Result<(), String> {
        verify_rows(self, &s.rows)
    }

    /// Binary deduces in its own techniques, over the cells alone (see [`deduce`]).
    fn deduction_encoding(&self) -> Option<Encoding> {
        Some(Encoding::Cnf(deduce::encoding(self)))
    }

    fn deduction_rules(&self) -> Vec<Box<dyn wellposed_engine::deduce::FamilyRule>> {
        deduce::rules(self)
    }

    fn answer_text(&self, name: &str, value: bool) -> String {
        format!("{name} is {}", u8::from(value))
    }

    /// The clues are the given cells.
    fn clues(&self) -> Vec<String> {
        given_cells::clues(&self.givens, self.width)
    }

    fn without_clues(&self, drop: &[usize]) -> Option<Self> {
        Some(Binary {
            givens: given_cells::without(&self.givens, drop),
            ..self.clone()
        })
    }

    fn clues_from(&self, s: &Grid) -> Vec<String> {
        given_cells::from_solution(&self.givens, &s.rows.concat(), self.width)
    }

    fn with_clues_from(&self, s: &Grid, picks: &[usize]) -> Option<Self> {
        Some(Binary {
            givens: given_cells::with_from(&self.givens, &s.rows.concat(), picks),
            ..self.clone()
        })
    }

    fn edit_grid(&self) -> Option<wellposed_engine::EditGrid> {
        Some(given_cells::edit_grid(&self.givens, self.width, [0u8, 1]))
    }

    fn edited(&self, cells: &[String]) -> Result<Self, String> {
        let grid = Family::edit_grid(self).expect("binary has a grid");
        Ok(Binary {
            givens: given_cells::edited(&grid, cells)?,
            ..self.clone()
        })
    }

    fn render(&self, s: &Grid) -> String {
        let rows: Vec<String> = s
            .rows
            .iter()
            .map(|r| r.iter().map(|x| x.to_string()).collect())
            .collect();
        format!("{}\ngame ID: {}", rows.join("\n"), s.game_id)
    }

    /// `0`, `1`, or `.` for an open cell (the answer variables are the cells, row-major).
    fn render_partial(&self, known: &[Option<bool>]) -> Option<String> {
        Some(wellposed_engine::draw_partial(
            known,
            self.width,
            ['1', '0', '.'],
        ))
    }

    fn native_role(&self) -> NativeRole {
        NativeRole::Answers
    }

    fn native(&self, want: u64, stop: u64) -> Option<Result<Native<Grid>, String>> {
        if !self.has_row_solver() {
            return None;
        }
        // Distinct rows need as many valid lines as rows (and distinct columns as many valid
        // columns as columns); without the check the row search proves "none" by trying every
        // order of the lines there are (an 8×36 grid ran for minutes — found by fuzzing).
        if self.rules == Rules::Distinct {
            let lines_of = |len: usize| {
                if len <= lines::MAX_LINE {
                    lines::Matcher::new(len).lines().len()
                } else {
                    usize::MAX
                }
            };
            if self.height > lines_of(self.width) || self.width > lines_of(self.height) {
                return Some(Ok(Native {
                    solutions: Vec::new(),
                    count: 0u64.into(),
                    complete: true,
                }));
            }
        }
        // Deduction first: it fills only cells every solution shares, so the count is the same,
        // and the search starts from a grid that line reasoning has already propagated.
        let d = deduce::deduce(self, deduce::NO_PROBE);
        if d.contradiction {
            return Some(Ok(Native {
                solutions: Vec::new(),
                count: 0u64.into(),
                complete: true,
            }));
        }
        let propagated = Binary {
            givens: deduce::cells(&d),
            ..self.clone()
        };
        let m = lines::Matcher::new(self.width);
        let (g0, g1) = propagated.given_masks();
        let search = search::Search::new(&m, self.height, self.rules == Rules::Distinct, g0, g1);
        let mut solutions = Vec::new();
        let mut count = 0u64;
        let complete = search.run(|rows| {
            if (solutions.len() as u64) < want {
                solutions.push(self.grid(self.unmask(rows)));
            }
            count += 1;
            count < stop
        });
        Some(Ok(Native {
            solutions,
            count: count.into(),
            complete,
        }))
    }
}

/// Checks a filled grid against the puzzle's givens and rules, cell by cell.
pub fn verify_rows(p: &Binary, rows: &[Vec<u8>]) -> Result<(), String> {
    let (w, h) = (p.width, p.height);
    if rows.len() != h || rows.iter().any(|r| r.len() != w) {
        return Err(format!("the grid is not {w}×{h}"));
    }
    if rows.iter().flatten().any(|&x| x > 1) {
        return Err("a cell is neither 0 nor 1".into());
    }
    for (k, g) in p.givens.iter().enumerate() {
        if let Some(v) = g {
            if rows[k / w][k % w] != *v {
                return Err(format!(
                    "row {} col {} is given {v} but holds {}",
                    k / w + 1,
                    k % w + 1,
                    rows[k / w][k % w]
                ));
            }
        }
    }
    let cols: Vec<Vec<u8>> = (0..w)
        .map(|c| rows.iter().map(|r| r[c]).collect())
        .collect();
    for (what, lines) in [("row", rows), ("column", &cols[..])] {
        for (i, line) in lines.iter().enumerate() {
            let ones = line.iter().filter(|&&x| x == 1).count();
            if ones * 2 != line.len() {
                return Err(format!(
                    "{what} {} holds {ones} ones, not {}",
                    i + 1,
                    line.len() / 2
                ));
            }
            if let Some(k) = line.windows(3).position(|t| t[0] == t[1] && t[1] == t[2]) {
                return Err(format!(
                    "{what} {} has three {}s in a row from cell {}",
                    i + 1,
                    line[k],
                    k + 1
                ));
            }
        }
        if p.rules == Rules::Distinct {
            for a in 0..lines.len() {
                if let Some(b) = (a + 1..lines.len()).find(|&b| lines[a] == lines[b]) {
                    return Err(format!("{what}s {} and {} are equal", a + 1, b + 1));
                }
            }
        }
    }
    Ok(())
}
