//! Submarines: a 0-1 matrix hidden behind its row sums and column sums.
//!
//! Variables: one per cell (1 = submarine). Constraints: each row holds exactly its row sum,
//! each column exactly its column sum. Answer: the matrix. The family also answers by its own
//! mathematics (see [`math`]), which the tests hold against the SAT path.

pub mod commands;
pub mod math;

use serde::Serialize;
use wellposed_engine::sat::Choices;
use wellposed_engine::{Answer, CnfEncoding, Document, Encoding, EncodingKind, Family, ParseError};
use wellposed_sat::{Cnf, Lit, Var};

/// The largest matrix accepted (cells), so that absurd sizes are refused up front.
pub const MAX_CELLS: usize = 4_000_000;

/// The largest CNF encoding accepted, in auxiliary variables.
pub const MAX_AUX_VARS: u64 = 50_000_000;

/// The clues: row sums and column sums.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Submarines {
    pub rows: Vec<u32>,
    pub cols: Vec<u32>,
}

/// A 0-1 matrix, row by row.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(transparent)]
pub struct Matrix(pub Vec<Vec<u8>>);

impl Matrix {
    pub fn zeros(m: usize, n: usize) -> Matrix {
        Matrix(vec![vec![0; n]; m])
    }
    pub fn row_sums(&self) -> Vec<u32> {
        self.0
            .iter()
            .map(|r| r.iter().map(|&x| u32::from(x)).sum())
            .collect()
    }
    pub fn col_sums(&self) -> Vec<u32> {
        let n = self.0.first().map_or(0, |r| r.len());
        (0..n)
            .map(|j| self.0.iter().map(|r| u32::from(r[j])).sum())
            .collect()
    }
}

impl std::fmt::Display for Matrix {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&wellposed_engine::render_rows(&self.0))
    }
}

impl Submarines {
    pub fn new(rows: Vec<u32>, cols: Vec<u32>) -> Submarines {
        Submarines { rows, cols }
    }

    fn var(&self, i: usize, j: usize) -> Var {
        Var((i * self.cols.len() + j) as u32)
    }
}

/// This family as the registry and every front end see it.
pub const FAMILY: wellposed_engine::FamilyEntry =
    wellposed_engine::FamilyEntry::of::<Submarines>().commands(commands::COMMANDS);

impl Family for Submarines {
    const NAME: &'static str = "submarines";
    const EXAMPLES: &'static [&'static str] = &["family submarines\nrows 2 1 3\ncols 1 2 3\n"];
    type Solution = Matrix;

    /// The setter draws a 0-1 matrix and its row and column sums become the clues. The grid
    /// starts from Ryser's construction for the margins; margins no matrix has are edited as
    /// text.
    fn edit_grid(&self) -> Option<wellposed_engine::EditGrid> {
        let (m, n) = (self.rows.len(), self.cols.len());
        let start = math::construct(&self.rows, &self.cols)?;
        Some(wellposed_engine::EditGrid {
            rows: m,
            cols: n,
            cells: start.0.concat().iter().map(|v| v.to_string()).collect(),
            symbols: vec!["0".into(), "1".into()],
        })
    }

    fn edited(&self, cells: &[String]) -> Result<Self, String> {
        Family::edit_grid(self).expect("a grid").check(cells)?;
        let n = self.cols.len();
        let one = |k: usize| u32::from(cells[k] == "1");
        Ok(Submarines {
            rows: (0..self.rows.len())
                .map(|r| (0..n).map(|c| one(r * n + c)).sum())
                .collect(),
            cols: (0..n)
                .map(|c| (0..self.rows.len()).map(|r| one(r * n + c)).sum())
                .collect(),
        })
    }

    const SUMMARY: &'static str = "Submarines: a 0-1 matrix from its row and column sums";

    fn to_text(&self) -> String {
        let join = |v: &[u32]| v.iter().map(u32::to_string).collect::<Vec<_>>().join(" ");
        format!(
            "family submarines\nrows {}\ncols {}\n",
            join(&self.rows),
            join(&self.cols)
        )
    }

    fn parse(text: &str, source: &str) -> Result<Self, ParseError> {
        let doc = Document::read_family(text, source, Self::NAME, &["rows", "cols", "size"], &[])?;
        let rows_e = doc.require("rows", "SUM…")?;
        let rows: Vec<u32> = doc.numbers(rows_e, "non-negative row sums")?;
        let cols_e = doc.require("cols", "SUM…")?;
        let cols: Vec<u32> = doc.numbers(cols_e, "non-negative column sums")?;
        for (e, v) in [(rows_e, &rows), (cols_e, &cols)] {
            if v.is_empty() {
                return Err(doc.error(e.line, format!("`{}`: expected at least one sum", e.key)));
            }
        }
        if rows.len().saturating_mul(cols.len()) > MAX_CELLS {
            return Err(doc.error(
                rows_e.line,
                format!(
                    "a {}×{} matrix is larger than the {MAX_CELLS} cells accepted",
                    rows.len(),
                    cols.len()
                ),
            ));
        }
        // Each "exactly k of n" counter needs about n·min(k+1, n) auxiliary variables.
        let (m, n) = (rows.len() as u64, cols.len() as u64);
        let aux: u64 = rows
            .iter()
            .map(|&r| n * (u64::from(r) + 1).min(n))
            .sum::<u64>()
            + cols
                .iter()
                .map(|&c| m * (u64::from(c) + 1).min(m))
                .sum::<u64>();
        if aux > MAX_AUX_VARS {
            return Err(doc.error(rows_e.line, format!("these clues need about {aux} counter variables, more than the {MAX_AUX_VARS} accepted")));
        }
        if let Some(size) = doc.get("size") {
            let mn: Vec<usize> = doc.numbers(size, "two sizes M N")?;
            if mn != [rows.len(), cols.len()] {
                return Err(doc.error(
                    size.line,
                    format!(
                        "`size` says {:?} but there are {} row sums and {} column sums",
                        mn,
                        rows.len(),
                        cols.len()
                    ),
                ));
            }
        }
        Ok(Submarines { rows, cols })
    }

    fn encodings(&self) -> Vec<EncodingKind> {
        vec![EncodingKind::Cnf]
    }

    fn encode(&self, kind: EncodingKind, choices: Choices) -> Option<Encoding> {
        if kind != EncodingKind::Cnf {
            return None;
        }
        let (m, n) = (self.rows.len(), self.cols.len());
        let mut cnf = Cnf::with_choices(choices);
        let cells = cnf.new_vars(m * n);
        for (i, &r) in self.rows.iter().enumerate() {
            let line: Vec<Lit> = (0..n).map(|j| self.var(i, j).positive()).collect();
            cnf.exactly_k(&line, u64::from(r));
        }
        for (j, &c) in self.cols.iter().enumerate() {
            let line: Vec<Lit> = (0..m).map(|i| self.var(i, j).positive()).collect();
            cnf.exactly_k(&line, u64::from(c));
        }
        let names = (0..m * n)
            .map(|k| format!("cell row {} col {}", k / n + 1, k % n + 1))
            .collect();
        Some(Encoding::Cnf(CnfEncoding {
            cnf,
            answer: cells,
            names,
            ..Default::default()
        }))
    }

    fn decode(&self, answer: &Answer) -> Matrix {
        let (m, n) = (self.rows.len(), self.cols.len());
        Matrix(
            (0..m)
                .map(|i| {
                    (0..n)
                        .map(|j| u8::from(answer.value(self.var(i, j))))
                        .collect()
                })
                .collect(),
        )
    }

    fn verify(&self, s: &Matrix) -> Result<(), String> {
        if s.0.len() != self.rows.len() || s.0.iter().any(|r| r.len() != self.cols.len()) {
            return Err("the matrix has the wrong shape".into());
        }
        if s.0.iter().flatten().any(|&x| x > 1) {
            return Err("a cell is neither 0 nor 1".into());
        }
        if let Some(i) = (0..self.rows.len()).find(|&i| s.row_sums()[i] != self.rows[i]) {
            return Err(format!(
                "row {} sums to {}, not {}",
                i + 1,
                s.row_sums()[i],
                self.rows[i]
            ));
        }
        if let Some(j) = (0..self.cols.len()).find(|&j| s.col_sums()[j] != self.cols[j]) {
            return Err(format!(
                "column {} sums to {}, not {}",
                j + 1,
                s.col_sums()[j],
                self.cols[j]
            ));
        }
        Ok(())
    }

    fn render(&self, s: &Matrix) -> String {
        s.to_string()
    }
}
