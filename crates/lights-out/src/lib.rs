//! Lights Out: pressing a cell toggles it and its neighbours; find presses that turn every
//! light off.
//!
//! Variables: one per cell (1 = press it). Constraints: for each cell, the presses that toggle
//! it have the parity of its light (odd for a lit cell). Answer: the press pattern. Over GF(2)
//! this is A x = b; the family solves it by elimination, counts 2^nullity solutions, finds the
//! fewest presses, and cross-checks the SAT path (XOR chains) on small boards.

pub mod commands;
pub mod gf2;

use gf2::Bits;
use num_bigint::BigUint;
use serde::Serialize;
use wellposed_engine::sat::Choices;
use wellposed_engine::NativeRole;
use wellposed_engine::{
    centred_stencil, Answer, CnfEncoding, Document, Encoding, EncodingKind, Family, Native,
    ParseError,
};
use wellposed_sat::{Cnf, Lit, Var};

/// The largest board accepted for elimination (cells); bigger boards are refused up front.
pub const MAX_CELLS: usize = 40_000;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Variant {
    /// The cell and its orthogonal neighbours on the board.
    Plus,
    /// The same, wrapping around the edges.
    Torus,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LightsOut {
    pub m: usize,
    pub n: usize,
    pub lit: Vec<bool>,
    /// For each cell, the cells that pressing it toggles (sorted, distinct).
    pub toggles: Vec<Vec<usize>>,
}

/// Offsets (row, column) of a neighbourhood.
fn plus_offsets() -> Vec<(i64, i64)> {
    vec![(0, 0), (-1, 0), (1, 0), (0, -1), (0, 1)]
}

impl LightsOut {
    /// A board with a uniform neighbourhood given by offsets; `wrap` makes it a torus.
    pub fn with_offsets(
        m: usize,
        n: usize,
        lit: Vec<bool>,
        offsets: &[(i64, i64)],
        wrap: bool,
    ) -> LightsOut {
        let mut toggles = Vec::with_capacity(m * n);
        for r in 0..m as i64 {
            for c in 0..n as i64 {
                let mut t: Vec<usize> = offsets
                    .iter()
                    .filter_map(|&(dr, dc)| {
                        let (rr, cc) = (r + dr, c + dc);
                        if wrap {
                            Some(
                                (rr.rem_euclid(m as i64) * n as i64 + cc.rem_euclid(n as i64))
                                    as usize,
                            )
                        } else {
                            ((0..m as i64).contains(&rr) && (0..n as i64).contains(&cc))
                                .then(|| (rr * n as i64 + cc) as usize)
                        }
                    })
                    .collect();
                t.sort_unstable();
                // On a small torus two offsets can land on one cell: toggling twice is no toggle.
                let mut odd = Vec::new();
                for run in t.chunk_by(|a, b| a == b) {
                    if run.len() % 2 == 1 {
                        odd.push(run[0]);
                    }
                }
                toggles.push(odd);
            }
        }
        LightsOut { m, n, lit, toggles }
    }

    pub fn new(m: usize, n: usize, lit: Vec<bool>, variant: Variant) -> LightsOut {
        LightsOut::with_offsets(m, n, lit, &plus_offsets(), variant == Variant::Torus)
    }

    /// The rows of A: for each cell, which presses toggle it.
    fn equations(&self) -> Vec<Bits> {
        let cells = self.m * self.n;
        let mut rows = vec![Bits::zeros(cells); cells];
        for (press, t) in self.toggles.iter().enumerate() {
            for &cell in t {
                rows[cell].flip(press);
            }
        }
        rows
    }

    /// The lights left on after pressing `presses` (row-major).
    pub fn after(&self, presses: &[bool]) -> Vec<bool> {
        let mut lights = self.lit.clone();
        for (p, t) in self.toggles.iter().enumerate() {
            if presses[p] {
                for &c in t {
                    lights[c] = !lights[c];
                }
            }
        }
        lights
    }

    /// Solvability, the number of solutions, the fewest presses and the quiet patterns.
    pub fn analyze(&self, max_search_dim: usize) -> Analysis {
        let s = gf2::solve(&self.equations(), &self.lit, self.m * self.n);
        let nullity = s.null_basis.len();
        let grid = |b: &Bits| Grid::from_bits(self.m, self.n, b);
        let fewest = s
            .particular
            .as_ref()
            .and_then(|p| gf2::min_weight(p, &s.null_basis, max_search_dim));
        Analysis {
            solvable: s.particular.is_some(),
            nullity,
            solutions: if s.particular.is_some() {
                BigUint::from(1u32) << nullity
            } else {
                BigUint::default()
            },
            min_presses: fewest.as_ref().map(|b| b.count_ones()),
            fewest_presses: fewest.as_ref().map(grid),
            quiet_patterns: s.null_basis.iter().map(grid).collect(),
        }
    }
}

/// A 0-1 grid, row by row (lights, or presses).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(transparent)]
pub struct Grid(pub Vec<Vec<u8>>);

impl Grid {
    fn from_bits(m: usize, n: usize, b: &Bits) -> Grid {
        Grid(
            (0..m)
                .map(|r| (0..n).map(|c| u8::from(b.get(r * n + c))).collect())
                .collect(),
        )
    }
    pub fn flat(&self) -> Vec<bool> {
        self.0.iter().flatten().map(|&x| x == 1).collect()
    }
}

impl std::fmt::Display for Grid {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&wellposed_engine::render_rows(&self.0))
    }
}

#[derive(Clone, Debug, Serialize)]
pub struct Analysis {
    pub solvable: bool,
    pub nullity: usize,
    /// 2^nullity when solvable, else 0.
    #[serde(serialize_with = "wellposed_engine::big")]
    pub solutions: BigUint,
    /// The fewest presses of any solution (`null` when unsolvable or the null space is too
    /// large to search exhaustively).
    pub min_presses: Option<usize>,
    pub fewest_presses: Option<Grid>,
    /// A basis of the press patterns that change nothing.
    pub quiet_patterns: Vec<Grid>,
}

/// Reads a block of 0/1 rows: tokens `0 1 1` or a compact `011`.
fn bit_rows(
    doc: &Document,
    key: &str,
    rows: &[(usize, Vec<String>)],
) -> Result<Vec<(usize, Vec<bool>)>, ParseError> {
    rows.iter()
        .map(|(no, toks)| {
            let cells: Vec<&str> = if toks.len() == 1 && toks[0].len() > 1 {
                toks[0].split("").filter(|s| !s.is_empty()).collect()
            } else {
                toks.iter().map(String::as_str).collect()
            };
            cells
                .iter()
                .map(|t| match *t {
                    "0" => Ok(false),
                    "1" => Ok(true),
                    other => {
                        Err(doc.error(*no, format!("`{key}`: expected 0 or 1, found `{other}`")))
                    }
                })
                .collect::<Result<Vec<bool>, _>>()
                .map(|v| (*no, v))
        })
        .collect()
}

/// This family as the registry and every front end see it.
pub const FAMILY: wellposed_engine::FamilyEntry = wellposed_engine::FamilyEntry::of::<LightsOut>()
    .generator(commands::GENERATOR)
    .commands(commands::COMMANDS);

impl Family for LightsOut {
    const NAME: &'static str = "lights-out";
    const EXAMPLES: &'static [&'static str] =
        &["family lights-out\nsize 2 3\nvariant torus\ngrid\n1 0 1\n0 1 0\n"];
    type Solution = Grid;

    /// The setter clicks lights on and off.
    fn edit_grid(&self) -> Option<wellposed_engine::EditGrid> {
        Some(wellposed_engine::EditGrid {
            rows: self.m,
            cols: self.n,
            cells: self.lit.iter().map(|&l| u8::from(l).to_string()).collect(),
            symbols: vec!["0".into(), "1".into()],
        })
    }

    fn edited(&self, cells: &[String]) -> Result<Self, String> {
        Family::edit_grid(self).expect("a grid").check(cells)?;
        Ok(LightsOut {
            lit: cells.iter().map(|c| c == "1").collect(),
            ..self.clone()
        })
    }

    const SUMMARY: &'static str = "Lights Out over GF(2): which presses put every light out";

    /// The board as `family lights-out` text: the plus neighbourhood, or `variant torus`, with
    /// a `toggles` line for each cell whose presses differ from that neighbourhood.
    fn to_text(&self) -> String {
        let (m, n) = (self.m, self.n);
        let mut s = format!("family lights-out\nsize {m} {n}\n");
        let plain = LightsOut::with_offsets(m, n, self.lit.clone(), &plus_offsets(), false);
        let torus = LightsOut::with_offsets(m, n, self.lit.clone(), &plus_offsets(), true);
        let differs = |base: &LightsOut| {
            (0..m * n)
                .filter(|&k| base.toggles[k] != self.toggles[k])
                .count()
        };
        let base = if differs(&torus) < differs(&plain) {
            s.push_str("variant torus\n");
            torus
        } else {
            plain
        };
        s.push_str("grid\n");
        for row in self.lit.chunks(n) {
            let cells: Vec<&str> = row.iter().map(|&l| if l { "1" } else { "0" }).collect();
            s.push_str(&cells.join(" "));
            s.push('\n');
        }
        let exceptions: Vec<usize> = (0..m * n)
            .filter(|&k| base.toggles[k] != self.toggles[k])
            .collect();
        if !exceptions.is_empty() {
            s.push_str("toggles\n");
            for k in exceptions {
                s.push_str(&format!("{} {} :", k / n + 1, k % n + 1));
                for &c in &self.toggles[k] {
                    s.push_str(&format!(" {} {}", c / n + 1, c % n + 1));
                }
                s.push('\n');
            }
        }
        s
    }

    fn parse(text: &str, source: &str) -> Result<Self, ParseError> {
        let doc = Document::read_family(
            text,
            source,
            Self::NAME,
            &["size", "variant", "stencil", "toggles", "grid"],
            &["stencil", "toggles", "grid"],
        )?;
        let (m, n) = doc.size(MAX_CELLS)?;
        let wrap = match doc.get("variant") {
            None => false,
            Some(e) => match e.values.iter().map(String::as_str).collect::<Vec<_>>()[..] {
                ["plus"] => false,
                ["torus"] => true,
                _ => return Err(doc.error(e.line, "`variant`: expected `plus` or `torus`")),
            },
        };
        let grid_e = doc.require("grid", "followed by ROWS lines of 0/1")?;
        let rows = bit_rows(&doc, "grid", &grid_e.body)?;
        if rows.len() != m {
            return Err(doc.error(
                grid_e.line,
                format!("`grid`: expected {m} rows, found {}", rows.len()),
            ));
        }
        let mut lit = Vec::with_capacity(m * n);
        for (no, r) in &rows {
            if r.len() != n {
                return Err(doc.error(
                    *no,
                    format!("`grid`: expected {n} cells, found {}", r.len()),
                ));
            }
            lit.extend(r);
        }
        let offsets = match doc.get("stencil") {
            None => plus_offsets(),
            Some(e) => {
                let s: Vec<Vec<bool>> = bit_rows(&doc, "stencil", &e.body)?
                    .into_iter()
                    .map(|r| r.1)
                    .collect();
                let cells = centred_stencil(&s)
                    .map_err(|m| doc.error(e.line, format!("`stencil`: {m}")))?;
                cells
                    .into_iter()
                    .map(|(dr, dc, _)| (dr, dc))
                    .collect::<Vec<_>>()
            }
        };
        let mut board = LightsOut::with_offsets(m, n, lit, &offsets, wrap);
        if let Some(e) = doc.get("toggles") {
            // Lines `R C : r1 c1 r2 c2 …` (1-based): pressing (R, C) toggles exactly these cells.
            for (no, toks) in &e.body {
                let expect = || {
                    doc.error(
                        *no,
                        "`toggles`: expected `ROW COL : ROW COL ROW COL …` (1-based cells)",
                    )
                };
                if toks.len() < 3 || toks[2] != ":" || toks.len() % 2 == 0 {
                    return Err(expect());
                }
                let nums: Vec<usize> = toks
                    .iter()
                    .enumerate()
                    .filter(|(i, _)| *i != 2)
                    .map(|(_, t)| t.parse::<usize>())
                    .collect::<Result<_, _>>()
                    .map_err(|_| expect())?;
                let cell = |r: usize, c: usize| -> Result<usize, ParseError> {
                    if (1..=m).contains(&r) && (1..=n).contains(&c) {
                        Ok((r - 1) * n + c - 1)
                    } else {
                        Err(doc.error(
                            *no,
                            format!("`toggles`: cell ({r}, {c}) is off the {m}×{n} board"),
                        ))
                    }
                };
                let press = cell(nums[0], nums[1])?;
                let mut t = nums[2..]
                    .chunks(2)
                    .map(|p| cell(p[0], p[1]))
                    .collect::<Result<Vec<_>, _>>()?;
                t.sort_unstable();
                t.dedup();
                board.toggles[press] = t;
            }
        }
        Ok(board)
    }

    fn encodings(&self) -> Vec<EncodingKind> {
        vec![EncodingKind::Cnf]
    }

    fn encode(&self, kind: EncodingKind, choices: Choices) -> Option<Encoding> {
        if kind != EncodingKind::Cnf {
            return None;
        }
        let cells = self.m * self.n;
        let mut cnf = Cnf::with_choices(choices);
        let presses = cnf.new_vars(cells);
        let mut toggled_by: Vec<Vec<Lit>> = vec![Vec::new(); cells];
        for (p, t) in self.toggles.iter().enumerate() {
            for &c in t {
                toggled_by[c].push(presses[p].positive());
            }
        }
        for (c, lits) in toggled_by.iter().enumerate() {
            cnf.xor(lits, self.lit[c]);
        }
        let names = (0..cells)
            .map(|k| format!("press row {} col {}", k / self.n + 1, k % self.n + 1))
            .collect();
        Some(Encoding::Cnf(CnfEncoding {
            cnf,
            answer: presses,
            names,
            ..Default::default()
        }))
    }

    fn decode(&self, answer: &Answer) -> Grid {
        Grid(
            (0..self.m)
                .map(|r| {
                    (0..self.n)
                        .map(|c| u8::from(answer.value(Var((r * self.n + c) as u32))))
                        .collect()
                })
                .collect(),
        )
    }

    fn verify(&self, presses: &Grid) -> Result<(), String> {
        if presses.0.len() != self.m || presses.0.iter().any(|r| r.len() != self.n) {
            return Err("the press grid has the wrong shape".into());
        }
        match self.after(&presses.flat()).iter().position(|&on| on) {
            None => Ok(()),
            Some(k) => Err(format!(
                "the light at row {} col {} stays on",
                k / self.n + 1,
                k % self.n + 1
            )),
        }
    }

    fn render(&self, presses: &Grid) -> String {
        presses.to_string()
    }

    /// GF(2) elimination: the particular solution plus null-space combinations, in Gray-code
    /// order, and 2^nullity solutions in all.
    fn native_role(&self) -> NativeRole {
        NativeRole::Answers
    }

    fn native(&self, want: u64, _stop: u64) -> Option<Result<Native<Grid>, String>> {
        let s = gf2::solve(&self.equations(), &self.lit, self.m * self.n);
        let Some(mut cur) = s.particular else {
            return Some(Ok(Native {
                solutions: Vec::new(),
                count: 0u64.into(),
                complete: true,
            }));
        };
        let k = s.null_basis.len();
        // 2^k solutions: listed up to `want` (fewer than 2^64 in any case).
        let listed = if k < 64 { (1u64 << k).min(want) } else { want };
        let mut solutions = Vec::new();
        for i in 0..listed {
            if i > 0 {
                cur.xor_with(&s.null_basis[i.trailing_zeros() as usize]);
            }
            solutions.push(Grid::from_bits(self.m, self.n, &cur));
        }
        Some(Ok(Native {
            solutions,
            count: (num_bigint::BigUint::from(1u8) << k).into(),
            complete: true,
        }))
    }
}

/// How the nullity of the N×N (or M×N) plus board is computed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum NullityMethod {
    /// Gaussian elimination on the full (MN)×(MN) system.
    Elimination,
    /// Chase the lights: first-row presses as unknowns, each later row forced by the row
    /// above; the last row gives an N×N system.
    Chase,
    /// deg gcd(p_M(x), p_N(x+1)), p_k the characteristic polynomial of the k-vertex path
    /// over GF(2) (the Sylvester-equation form of the Kronecker sum).
    Polynomial,
}

/// The nullity of the M×N plus board: log2 of the number of solutions of any solvable board,
/// and the number of independent quiet patterns.
pub fn nullity(m: usize, n: usize, method: NullityMethod) -> usize {
    match method {
        NullityMethod::Elimination => {
            let b = LightsOut::new(m, n, vec![false; m * n], Variant::Plus);
            gf2::solve(&b.equations(), &vec![false; m * n], m * n)
                .null_basis
                .len()
        }
        NullityMethod::Chase => chase_nullity(m, n),
        NullityMethod::Polynomial => gf2::gcd(&gf2::path_poly(m, false), &gf2::path_poly(n, true))
            .degree()
            .unwrap_or(0),
    }
}

/// The torus nullity, by elimination (the chase has no first row to start from on a torus).
pub fn torus_nullity(m: usize, n: usize) -> usize {
    let b = LightsOut::new(m, n, vec![false; m * n], Variant::Torus);
    gf2::solve(&b.equations(), &vec![false; m * n], m * n)
        .null_basis
        .len()
}

/// Chase the lights on the homogeneous M×N plus board. Row r's presses are linear in the N
/// first-row presses (a bit vector each); pressing row r+1 must put out row r, so
/// press[r+1][c] = press[r][c-1] + press[r][c] + press[r][c+1] + press[r-1][c]. The "presses"
/// this asks of the row below the board must all be zero: N equations in N unknowns, and
/// every solution of those extends to exactly one quiet pattern.
fn chase_nullity(m: usize, n: usize) -> usize {
    let unit = |c: usize| {
        let mut b = Bits::zeros(n);
        b.set(c, true);
        b
    };
    let mut above: Vec<Bits> = vec![Bits::zeros(n); n];
    let mut row: Vec<Bits> = (0..n).map(unit).collect();
    for _ in 0..m {
        let mut below = Vec::with_capacity(n);
        for c in 0..n {
            let mut x = row[c].clone();
            if c > 0 {
                x.xor_with(&row[c - 1]);
            }
            if c + 1 < n {
                x.xor_with(&row[c + 1]);
            }
            x.xor_with(&above[c]);
            below.push(x);
        }
        above = std::mem::replace(&mut row, below);
    }
    let s = gf2::solve(&row, &vec![false; n], n);
    s.null_basis.len()
}

/// A random solvable board: random presses on a dark M×N plus board (each cell pressed with
/// probability one half, from the seed), redrawn while the lights stay all off. Returns the
/// board and the presses that made it (one solution; 2^nullity of them in all).
pub fn generate(m: usize, n: usize, seed: u64) -> Result<(LightsOut, Vec<bool>), String> {
    if m == 0 || n == 0 || m * n > 10_000 {
        return Err(format!("expected 1×1 to 100×100 cells, found {m}×{n}"));
    }
    let mut rng = wellposed_engine::Xorshift(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1);
    let dark = LightsOut::new(m, n, vec![false; m * n], Variant::Plus);
    loop {
        let presses: Vec<bool> = (0..m * n).map(|_| rng.below(2) == 0).collect();
        let lit = dark.after(&presses);
        if lit.iter().any(|&l| l) {
            return Ok((LightsOut::new(m, n, lit, Variant::Plus), presses));
        }
    }
}
