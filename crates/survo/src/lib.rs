//! Survo puzzles: fill an m×n table with 1..mn, each once, so that the rows and columns sum
//! to the given margins; some cells may be given. An *open* puzzle gives margins only.
//!
//! Three independent ways to answer, held against each other in the tests:
//! - CNF: one-hot cell values, each value used once, each margin a weighted sum;
//! - exact cover with colours: a row option places an ordered tuple of values in its row and
//!   uses those values up; a column option places a tuple down its column; the cells are
//!   secondary items coloured by their value, so rows and columns must agree;
//! - the dedicated solver ([`solver`]): row partitions × column partitions that cross once.

pub mod check;
pub mod commands;
pub mod enumerate;
pub mod generate;
pub mod list;
pub mod margin_rank;
pub mod picture;
mod rules;
pub mod solver;
pub mod two_rows;

pub use rules::LineSums;

/// S(m,n) as published: S. Mustonen, "Enumeration of uniquely solvable open Survo puzzles"
/// (2007), as collected in ../shared/data/survo/ANSWERS.md — the values both enumeration
/// methods are tested against (m ≤ n).
pub const MUSTONEN_2007: &[((usize, usize), u64)] = &[
    ((2, 2), 1),
    ((2, 3), 18),
    ((2, 4), 62),
    ((2, 5), 278),
    ((2, 6), 1146),
    ((2, 7), 5706),
    ((2, 8), 28707),
    ((2, 9), 154587),
    ((3, 3), 38),
    ((3, 4), 583),
];

use serde::Serialize;
use wellposed_engine::number_grid::{Grid, Numbers};
use wellposed_engine::repair::given_cells;
use wellposed_engine::sat::Choices;
use wellposed_engine::NativeRole;
use wellposed_engine::{
    render_rows, Answer, CnfEncoding, Document, Encoding, EncodingKind, Family, Native, ParseError,
};
use wellposed_sat::{AmoEncoding, Cnf, Lit, Var};
use wellposed_xc::Problem;

/// Tables of at most 64 cells (values are bits of a 64-bit set in the dedicated solver).
pub const MAX_CELLS: usize = 64;
/// The exact-cover encoding is offered only below this many options.
pub const MAX_XC_OPTIONS: usize = 300_000;

/// Steps `values` to the next arrangement in lexicographic order; false after the last (for
/// the brute-force checks that try every table).
pub fn next_permutation(values: &mut [u32]) -> bool {
    let Some(i) = (1..values.len()).rev().find(|&i| values[i - 1] < values[i]) else {
        return false;
    };
    let j = (i..values.len())
        .rev()
        .find(|&j| values[j] > values[i - 1])
        .expect("values[i] itself is larger");
    values.swap(i - 1, j);
    values[i..].reverse();
    true
}

/// The set of the given values among `cells` (0 = not given), one bit per value.
fn value_mask(cells: &[u32]) -> u64 {
    cells
        .iter()
        .filter(|&&g| g > 0)
        .fold(0, |s, &g| s | 1 << (g - 1))
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Survo {
    pub m: usize,
    pub n: usize,
    pub rows: Vec<u32>,
    pub cols: Vec<u32>,
    /// Row-major; 0 = not given.
    pub givens: Vec<u32>,
}

/// A filled table, row by row.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(transparent)]
pub struct Table(pub Vec<Vec<u32>>);

impl Survo {
    /// The open puzzle whose margins are those of a filled `m`×`n` table (row-major).
    pub fn open_of(m: usize, n: usize, table: &[u32]) -> Survo {
        let rows = (0..m)
            .map(|r| table[r * n..(r + 1) * n].iter().sum())
            .collect();
        let cols = (0..n)
            .map(|c| (0..m).map(|r| table[r * n + c]).sum())
            .collect();
        Survo::open(rows, cols)
    }

    pub fn open(rows: Vec<u32>, cols: Vec<u32>) -> Survo {
        let (m, n) = (rows.len(), cols.len());
        Survo {
            m,
            n,
            rows,
            cols,
            givens: vec![0; m * n],
        }
    }

    fn cells(&self) -> usize {
        self.m * self.n
    }

    pub(crate) fn solver_problem(&self) -> solver::Problem<'_> {
        solver::Problem {
            m: self.m,
            n: self.n,
            rows: &self.rows,
            cols: &self.cols,
            givens: &self.givens,
        }
    }

    fn table(&self, flat: &[u32]) -> Table {
        Table(flat.chunks(self.n).map(|r| r.to_vec()).collect())
    }

    /// Ordered tuples of `len` distinct values summing to `sum`, agreeing with `fixed`
    /// (0 = free) position by position and avoiding `forbidden` values.
    fn tuples(&self, len: usize, sum: u32, fixed: &[u32], forbidden: u64) -> Vec<Vec<u32>> {
        let top = self.cells() as u32;
        let mut out = Vec::new();
        let mut cur = Vec::with_capacity(len);
        fn go(
            k: usize,
            left: i64,
            used: u64,
            fixed: &[u32],
            top: u32,
            cur: &mut Vec<u32>,
            out: &mut Vec<Vec<u32>>,
        ) {
            if k == fixed.len() {
                if left == 0 {
                    out.push(cur.clone());
                }
                return;
            }
            let choices: Vec<u32> = if fixed[k] > 0 {
                vec![fixed[k]]
            } else {
                (1..=top).collect()
            };
            for v in choices {
                if used >> (v - 1) & 1 == 1 || i64::from(v) > left {
                    continue;
                }
                cur.push(v);
                go(
                    k + 1,
                    left - i64::from(v),
                    used | 1 << (v - 1),
                    fixed,
                    top,
                    cur,
                    out,
                );
                cur.pop();
            }
        }
        debug_assert_eq!(fixed.len(), len);
        go(0, i64::from(sum), forbidden, fixed, top, &mut cur, &mut out);
        out
    }

    /// The exact-cover options: (is a row?, line index, tuple), in a fixed order.
    fn xc_options(&self) -> Vec<(bool, usize, Vec<u32>)> {
        let given_all: u64 = value_mask(&self.givens);
        let mut out = Vec::new();
        for i in 0..self.m {
            let fixed: Vec<u32> = self.givens[i * self.n..(i + 1) * self.n].to_vec();
            let own: u64 = value_mask(&fixed);
            for t in self.tuples(self.n, self.rows[i], &fixed, given_all & !own) {
                out.push((true, i, t));
            }
        }
        for j in 0..self.n {
            let fixed: Vec<u32> = (0..self.m).map(|i| self.givens[i * self.n + j]).collect();
            let own: u64 = value_mask(&fixed);
            for t in self.tuples(self.m, self.cols[j], &fixed, given_all & !own) {
                out.push((false, j, t));
            }
        }
        out
    }

    /// An upper estimate of the exact-cover options: tuples are subsets times orderings.
    fn xc_size_estimate(&self) -> u128 {
        let fact = |k: usize| (1..=k as u128).product::<u128>();
        let count = |k: usize, sum: u32| {
            solver::subsets_by_sum(k, self.cells())
                .get(sum as usize)
                .map_or(0, |v| v.len()) as u128
        };
        self.rows
            .iter()
            .map(|&r| count(self.n, r) * fact(self.n))
            .sum::<u128>()
            + self
                .cols
                .iter()
                .map(|&c| count(self.m, c) * fact(self.m))
                .sum::<u128>()
    }
}

/// This family as the registry and every front end see it.
pub const FAMILY: wellposed_engine::FamilyEntry = wellposed_engine::FamilyEntry::of::<Survo>()
    .generator(commands::GENERATOR)
    .commands(commands::COMMANDS);

impl Survo {
    /// The givens as cells that are given or open (`None`), for `repair`.
    fn given_cells(&self) -> Vec<Option<u32>> {
        self.givens.iter().map(|&g| (g != 0).then_some(g)).collect()
    }

    fn with_given_cells(&self, cells: Vec<Option<u32>>) -> Survo {
        Survo {
            givens: cells.into_iter().map(|g| g.unwrap_or(0)).collect(),
            ..self.clone()
        }
    }
}

impl Family for Survo {
    const NAME: &'static str = "survo";
    const EXAMPLES: &'static [&'static str] = &[
        "family survo\nsize 2 3\nrows 9 12\ncols 5 7 9\n",
        "# a Survo list of one puzzle\n2 3 | 12 9 | 11 7 3 | 6 4 2 5 3 1\n",
    ];
    type Solution = Table;

    /// The clues a setter changes are the given cells (the margins define the table).
    fn clues(&self) -> Vec<String> {
        given_cells::clues(&self.given_cells(), self.n)
    }

    fn without_clues(&self, drop: &[usize]) -> Option<Self> {
        Some(self.with_given_cells(given_cells::without(&self.given_cells(), drop)))
    }

    fn clues_from(&self, t: &Table) -> Vec<String> {
        given_cells::from_solution(&self.given_cells(), &t.0.concat(), self.n)
    }

    fn with_clues_from(&self, t: &Table, picks: &[usize]) -> Option<Self> {
        let cells = given_cells::with_from(&self.given_cells(), &t.0.concat(), picks);
        Some(self.with_given_cells(cells))
    }

    fn edit_grid(&self) -> Option<wellposed_engine::EditGrid> {
        let top = (self.m * self.n) as u32;
        Some(given_cells::edit_grid(&self.given_cells(), self.n, 1..=top))
    }

    fn edited(&self, cells: &[String]) -> Result<Self, String> {
        let grid = Family::edit_grid(self).expect("Survo has a grid");
        Ok(self.with_given_cells(given_cells::edited(&grid, cells)?))
    }

    const SUMMARY: &'static str = "Survo puzzles: the numbers 1..MN placed by row and column sums";

    fn to_text(&self) -> String {
        generate::to_text(self)
    }

    fn recognises(text: &str) -> bool {
        list::recognises(text)
    }

    fn parse(text: &str, source: &str) -> Result<Self, ParseError> {
        if list::recognises(text) {
            // A Survo list of one puzzle (`survo enumerate --list`); a longer list is for
            // `survo check`.
            let entries = list::read(text, source)?;
            return match &entries[..] {
                [one] => Ok(one.puzzle.clone()),
                _ => Err(ParseError {
                    source: source.to_string(),
                    line: entries.get(1).map_or(1, |e| e.line),
                    message: format!(
                        "a Survo list of {} puzzles: `solve` takes one; \
                         `wellposed survo check FILE` decides them all",
                        entries.len()
                    ),
                }),
            };
        }
        let doc = Document::read_family(
            text,
            source,
            Self::NAME,
            &["size", "rows", "cols", "grid"],
            &["grid"],
        )?;
        let (m, n) = doc.size(MAX_CELLS)?;
        let rows_e = doc.require("rows", "SUM…")?;
        let rows: Vec<u32> = doc.numbers(rows_e, "positive row sums")?;
        let cols_e = doc.require("cols", "SUM…")?;
        let cols: Vec<u32> = doc.numbers(cols_e, "positive column sums")?;
        if rows.len() != m {
            return Err(doc.error(
                rows_e.line,
                format!(
                    "`rows`: expected {m} sums (size {m} {n}), found {}",
                    rows.len()
                ),
            ));
        }
        if cols.len() != n {
            return Err(doc.error(
                cols_e.line,
                format!(
                    "`cols`: expected {n} sums (size {m} {n}), found {}",
                    cols.len()
                ),
            ));
        }
        let top = (m * n) as u32;
        let mut givens = vec![0u32; m * n];
        if let Some(g) = doc.get("grid") {
            let numbers = Numbers::new(1, top).without_unknown();
            let expected = format!("`.` or a value 1..{top}");
            let cells =
                Grid::apart(&expected).read(&doc, g, (m, n), |t| numbers.blank_or_number(t))?;
            let mut seen = 0u64;
            for (k, v) in cells.into_iter().enumerate() {
                let Some(v) = v else { continue };
                if seen >> (v - 1) & 1 == 1 {
                    let line = g.body[k / n].0;
                    return Err(doc.error(line, format!("`grid`: the value {v} is given twice")));
                }
                seen |= 1 << (v - 1);
                givens[k] = v;
            }
        }
        Ok(Survo {
            m,
            n,
            rows,
            cols,
            givens,
        })
    }

    fn deduction_rules(&self) -> Vec<Box<dyn wellposed_engine::deduce::FamilyRule>> {
        LineSums::new(self)
            .map(|r| Box::new(r) as Box<dyn wellposed_engine::deduce::FamilyRule>)
            .into_iter()
            .collect()
    }

    fn encodings(&self) -> Vec<EncodingKind> {
        let mut kinds = vec![EncodingKind::Cnf];
        if self.xc_size_estimate() <= MAX_XC_OPTIONS as u128 {
            kinds.push(EncodingKind::ExactCover);
        }
        kinds
    }

    fn encode(&self, kind: EncodingKind, choices: Choices) -> Option<Encoding> {
        let (m, n, cells) = (self.m, self.n, self.cells());
        match kind {
            EncodingKind::Cnf => {
                let mut cnf = Cnf::with_choices(choices);
                // has(c, v): cell c holds value v + 1.
                let has = cnf.new_vars(cells * cells);
                let lit = |c: usize, v: usize| has[c * cells + v].positive();
                for c in 0..cells {
                    cnf.exactly_one(
                        &(0..cells).map(|v| lit(c, v)).collect::<Vec<_>>(),
                        AmoEncoding::Auto,
                    );
                }
                for v in 0..cells {
                    cnf.exactly_one(
                        &(0..cells).map(|c| lit(c, v)).collect::<Vec<_>>(),
                        AmoEncoding::Auto,
                    );
                }
                let weighted = |line: &[usize]| -> Vec<(u64, Lit)> {
                    line.iter()
                        .flat_map(|&c| (0..cells).map(move |v| ((v + 1) as u64, lit(c, v))))
                        .collect()
                };
                for i in 0..m {
                    let line: Vec<usize> = (0..n).map(|j| i * n + j).collect();
                    cnf.linear_eq(&weighted(&line), u64::from(self.rows[i]));
                }
                for j in 0..n {
                    let line: Vec<usize> = (0..m).map(|i| i * n + j).collect();
                    cnf.linear_eq(&weighted(&line), u64::from(self.cols[j]));
                }
                for (c, &g) in self.givens.iter().enumerate() {
                    if g > 0 {
                        cnf.add_clause(&[lit(c, g as usize - 1)]);
                    }
                }
                let names = (0..cells * cells)
                    .map(|k| {
                        format!(
                            "cell row {} col {} = {}",
                            k / cells / n + 1,
                            k / cells % n + 1,
                            k % cells + 1
                        )
                    })
                    .collect();
                Some(Encoding::Cnf(CnfEncoding {
                    cnf,
                    answer: has,
                    names,
                    ..Default::default()
                }))
            }
            EncodingKind::ExactCover => {
                if self.xc_size_estimate() > MAX_XC_OPTIONS as u128 {
                    return None;
                }
                let primary: Vec<String> = (0..m)
                    .map(|i| format!("r{}", i + 1))
                    .chain((0..n).map(|j| format!("c{}", j + 1)))
                    .chain((1..=cells).map(|v| format!("v{v}")))
                    .collect();
                let secondary: Vec<String> = (0..cells)
                    .map(|c| format!("x{}.{}", c / n + 1, c % n + 1))
                    .collect();
                let mut p = Problem::new(&primary, &secondary)
                    .expect("distinct names")
                    .within(choices.max_bytes);
                let colours: Vec<u32> = (1..=cells).map(|v| p.colour(&v.to_string())).collect();
                let value_item = |v: u32| m + n + v as usize - 1;
                let cell_item = |c: usize| m + n + cells + c;
                for (is_row, k, t) in self.xc_options() {
                    let mut items = vec![(if is_row { k } else { m + k }, None)];
                    for (pos, &v) in t.iter().enumerate() {
                        let c = if is_row { k * n + pos } else { pos * n + k };
                        if is_row {
                            items.push((value_item(v), None));
                        }
                        items.push((cell_item(c), Some(colours[v as usize - 1])));
                    }
                    p.add_option(&items).expect("well-formed option");
                }
                Some(Encoding::ExactCover(p))
            }
        }
    }

    fn decode(&self, answer: &Answer) -> Table {
        let cells = self.cells();
        let mut flat = vec![0u32; cells];
        match answer {
            Answer::Model(_) => {
                for (c, slot) in flat.iter_mut().enumerate() {
                    *slot = (0..cells)
                        .find(|&v| answer.value(Var((c * cells + v) as u32)))
                        .map_or(0, |v| v as u32 + 1);
                }
            }
            Answer::Cover(chosen) => {
                let options = self.xc_options();
                for &o in chosen {
                    let (is_row, i, t) = &options[o];
                    if *is_row {
                        flat[i * self.n..(i + 1) * self.n].copy_from_slice(t);
                    }
                }
            }
        }
        self.table(&flat)
    }

    fn verify(&self, t: &Table) -> Result<(), String> {
        let (m, n) = (self.m, self.n);
        if t.0.len() != m || t.0.iter().any(|r| r.len() != n) {
            return Err("the table has the wrong shape".into());
        }
        let mut seen = vec![false; m * n + 1];
        for (k, &v) in t.0.iter().flatten().enumerate() {
            if v == 0 || v as usize > m * n || std::mem::replace(&mut seen[v as usize], true) {
                return Err(format!(
                    "cell row {} col {}: {v} is not an unused value 1..{}",
                    k / n + 1,
                    k % n + 1,
                    m * n
                ));
            }
            if self.givens[k] > 0 && self.givens[k] != v {
                return Err(format!(
                    "cell row {} col {} is given as {}",
                    k / n + 1,
                    k % n + 1,
                    self.givens[k]
                ));
            }
        }
        for i in 0..m {
            let s: u32 = t.0[i].iter().sum();
            if s != self.rows[i] {
                return Err(format!("row {} sums to {s}, not {}", i + 1, self.rows[i]));
            }
        }
        for j in 0..n {
            let s: u32 = t.0.iter().map(|r| r[j]).sum();
            if s != self.cols[j] {
                return Err(format!(
                    "column {} sums to {s}, not {}",
                    j + 1,
                    self.cols[j]
                ));
            }
        }
        Ok(())
    }

    fn render(&self, t: &Table) -> String {
        render_rows(&t.0)
    }

    /// The dedicated solver, stopping once it has seen `stop` solutions.
    fn native_role(&self) -> NativeRole {
        NativeRole::Answers
    }

    fn native(&self, want: u64, stop: u64) -> Option<Result<Native<Table>, String>> {
        let tables = solver::Tables::new(self.m, self.n);
        let mut solutions = Vec::new();
        let count = solver::solve(&self.solver_problem(), &tables, stop, |t| {
            if (solutions.len() as u64) < want {
                solutions.push(self.table(t));
            }
            true
        });
        Some(Ok(Native {
            solutions,
            count: count.into(),
            complete: count < stop,
        }))
    }
}
