//! Neighbour-sum grids ("Laplace's ashes"): a hidden grid of numbers; each clue is a weighted
//! sum over a stencil around its cell, cells outside the grid counting as 0.
//!
//! The clues are linear in the unknowns, C = A x, so the family's own answer is exact linear
//! algebra over the rationals (no floating point). With bounded integer values (`values LO HI`)
//! there is also a CNF (one-hot values, clues as weighted sums), and the tests hold the two
//! against each other, solution counts included.

pub mod commands;
pub mod exact;

use exact::Q;
use num_bigint::BigInt;
use num_traits::{ToPrimitive, Zero};
use serde::{Serialize, Serializer};
use wellposed_engine::sat::Choices;
use wellposed_engine::NativeRole;
use wellposed_engine::{
    centred_stencil, Answer, CnfEncoding, Document, Encoding, EncodingKind, Family, Native,
    ParseError,
};
use wellposed_sat::{AmoEncoding, Cnf, Lit, Var};

/// Largest grid accepted (cells): exact elimination is cubic in this.
pub const MAX_CELLS: usize = 900;

/// Weights around a cell: `(row offset, column offset, weight)`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Stencil {
    pub name: String,
    pub weights: Vec<(i64, i64, i64)>,
}

impl Stencil {
    /// The cell and its eight neighbours, each with weight 1.
    pub fn nine() -> Stencil {
        let weights = (-1..=1)
            .flat_map(|r| (-1..=1).map(move |c| (r, c, 1)))
            .collect();
        Stencil {
            name: "nine".into(),
            weights,
        }
    }
    /// +1 for the neighbours above and to the right, −1 for those below and to the left.
    pub fn cross() -> Stencil {
        Stencil {
            name: "cross".into(),
            weights: vec![(-1, 0, 1), (0, 1, 1), (1, 0, -1), (0, -1, -1)],
        }
    }
    /// `nine`, `cross`, or rows of integer weights separated by `;` with `,` or spaces
    /// between entries (odd dimensions, centred on the cell).
    pub fn named(s: &str) -> Result<Stencil, String> {
        match s {
            "nine" => Ok(Stencil::nine()),
            "cross" => Ok(Stencil::cross()),
            _ => {
                let rows: Vec<Vec<i64>> = s
                    .split(';')
                    .map(|r| r.split(|c: char| c == ',' || c.is_whitespace()).filter(|t| !t.is_empty()).map(|t| t.parse::<i64>()).collect::<Result<_, _>>())
                    .collect::<Result<_, _>>()
                    .map_err(|_| format!("expected `nine`, `cross` or weights like `0,1,0;-1,0,1;0,-1,0`, found `{s}`"))?;
                Stencil::from_rows(&rows).map(|mut st| {
                    st.name = s.to_string();
                    st
                })
            }
        }
    }
    pub fn from_rows(rows: &[Vec<i64>]) -> Result<Stencil, String> {
        if rows.iter().flatten().any(|x| x.unsigned_abs() > 1_000_000) {
            return Err("stencil weights must lie within ±1,000,000".into());
        }
        let weights = centred_stencil(rows).map_err(|e| format!("a stencil of weights: {e}"))?;
        Ok(Stencil {
            name: "custom".into(),
            weights,
        })
    }

    /// The clue matrix A of an m×n grid: A[cell][source] = weight.
    pub fn matrix(&self, m: usize, n: usize) -> Vec<Vec<i64>> {
        let mut a = vec![vec![0i64; m * n]; m * n];
        for r in 0..m as i64 {
            for c in 0..n as i64 {
                for &(dr, dc, w) in &self.weights {
                    let (rr, cc) = (r + dr, c + dc);
                    if (0..m as i64).contains(&rr) && (0..n as i64).contains(&cc) {
                        a[(r * n as i64 + c) as usize][(rr * n as i64 + cc) as usize] += w;
                    }
                }
            }
        }
        a
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NeighbourSum {
    pub m: usize,
    pub n: usize,
    pub stencil: Stencil,
    pub clues: Vec<i64>,
    /// Integer values in LO..=HI, or any rational when `None`.
    pub values: Option<(i64, i64)>,
}

/// A grid of rational values; integers print as integers, others as `p/q`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Values(pub Vec<Vec<Q>>);

impl Serialize for Values {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let rows: Vec<Vec<serde_json::Value>> = self
            .0
            .iter()
            .map(|r| {
                r.iter()
                    .map(|x| match (x.is_integer(), x.to_integer().to_i64()) {
                        (true, Some(i)) => serde_json::Value::from(i),
                        (true, None) => serde_json::Value::Number(
                            x.to_integer().to_string().parse().expect("an integer"),
                        ),
                        _ => serde_json::Value::String(x.to_string()),
                    })
                    .collect()
            })
            .collect();
        rows.serialize(s)
    }
}

impl std::fmt::Display for Values {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&wellposed_engine::render_rows(&self.0))
    }
}

/// How many candidate value assignments the bounded enumeration may try.
pub const MAX_ENUMERATION: u128 = 50_000_000;

impl NeighbourSum {
    pub fn matrix(&self) -> Vec<Vec<i64>> {
        self.stencil.matrix(self.m, self.n)
    }

    /// The clues a grid of integers produces.
    pub fn clues_of(stencil: &Stencil, m: usize, n: usize, grid: &[i64]) -> Vec<i64> {
        stencil
            .matrix(m, n)
            .iter()
            .map(|row| row.iter().zip(grid).map(|(a, x)| a * x).sum())
            .collect()
    }

    fn grid(&self, flat: &[Q]) -> Values {
        Values(flat.chunks(self.n).map(|r| r.to_vec()).collect())
    }

    /// Every solution with integer values in `lo..=hi`: the free variables of the reduced
    /// system run over the range; each pivot variable is then fixed, and must come out an
    /// integer in range. `visit` returns false to stop; the result is the total found.
    fn bounded(
        &self,
        lo: i64,
        hi: i64,
        mut visit: impl FnMut(&[Q]) -> bool,
    ) -> Result<u64, String> {
        let a = self.matrix();
        let lin = exact::solve(&a, &self.clues);
        if lin.particular.is_none() {
            return Ok(0);
        }
        let cells = self.m * self.n;
        let free: Vec<usize> = {
            let mut is_pivot = vec![false; cells];
            for &p in &lin.pivots {
                is_pivot[p] = true;
            }
            (0..cells).filter(|&c| !is_pivot[c]).collect()
        };
        let span = (hi - lo + 1) as u128;
        let tries = (0..free.len()).try_fold(1u128, |t, _| {
            t.checked_mul(span).filter(|&t| t <= MAX_ENUMERATION)
        });
        if tries.is_none() {
            return Err(format!(
                "{} free cells with {span} values each are too many to enumerate exactly; the SAT path counts them",
                free.len()
            ));
        }
        let mut x = vec![Q::zero(); cells];
        let mut digits = vec![lo; free.len()];
        let mut found = 0u64;
        'outer: loop {
            for (k, &f) in free.iter().enumerate() {
                x[f] = Q::from_integer(digits[k].into());
            }
            let mut ok = true;
            for (row, &p) in lin.reduced.iter().zip(&lin.pivots) {
                let mut v = row[cells].clone();
                for &f in &free {
                    if !row[f].is_zero() {
                        v -= &row[f] * &x[f];
                    }
                }
                if !v.is_integer()
                    || v < Q::from_integer(lo.into())
                    || v > Q::from_integer(hi.into())
                {
                    ok = false;
                    break;
                }
                x[p] = v;
            }
            if ok {
                found += 1;
                if !visit(&x) {
                    break 'outer;
                }
            }
            // Next assignment of the free cells (odometer).
            let mut k = 0;
            loop {
                if k == digits.len() {
                    break 'outer;
                }
                if digits[k] < hi {
                    digits[k] += 1;
                    break;
                }
                digits[k] = lo;
                k += 1;
            }
        }
        Ok(found)
    }
}

/// This family as the registry and every front end see it.
pub const FAMILY: wellposed_engine::FamilyEntry =
    wellposed_engine::FamilyEntry::of::<NeighbourSum>().commands(commands::COMMANDS);

impl Family for NeighbourSum {
    const NAME: &'static str = "neighbour-sum";
    const EXAMPLES: &'static [&'static str] = &[
        "family neighbour-sum\nsize 2 2\nstencil\n0 1 0\n1 1 1\n0 1 0\nvalues 0 3\nclues\n4 5\n6 3\n",
    ];
    type Solution = Values;
    const SUMMARY: &'static str = "neighbour-sum grids: each clue is a weighted sum over a stencil";

    fn to_text(&self) -> String {
        let mut s = format!("family neighbour-sum\nsize {} {}\n", self.m, self.n);
        if self.stencil.name == "nine" || self.stencil.name == "cross" {
            s.push_str(&format!("stencil {}\n", self.stencil.name));
        } else {
            s.push_str("stencil\n");
            s.push_str(&wellposed_engine::render_rows(
                &wellposed_engine::stencil_rows(&self.stencil.weights),
            ));
            s.push('\n');
        }
        if let Some((lo, hi)) = self.values {
            s.push_str(&format!("values {lo} {hi}\n"));
        }
        s.push_str("clues\n");
        let rows: Vec<Vec<i64>> = self
            .clues
            .chunks(self.n.max(1))
            .map(<[i64]>::to_vec)
            .collect();
        s.push_str(&wellposed_engine::render_rows(&rows));
        s.push('\n');
        s
    }

    fn parse(text: &str, source: &str) -> Result<Self, ParseError> {
        let doc = Document::read_family(
            text,
            source,
            Self::NAME,
            &["size", "stencil", "values", "clues"],
            &["stencil", "clues"],
        )?;
        let (m, n) = doc.size(MAX_CELLS)?;
        let st_e = doc.require("stencil", "nine|cross (or a block of weights)")?;
        let stencil = match (&st_e.values[..], st_e.body.is_empty()) {
            ([name], true) if name == "nine" || name == "cross" => {
                Stencil::named(name).expect("built in")
            }
            ([], false) => {
                let rows = doc.number_rows::<i64>(st_e, "integer weights")?;
                let rows: Vec<Vec<i64>> = rows.into_iter().map(|r| r.1).collect();
                Stencil::from_rows(&rows)
                    .map_err(|e| doc.error(st_e.line, format!("`stencil`: {e}")))?
            }
            _ => {
                return Err(doc.error(
                    st_e.line,
                    "`stencil`: expected `nine`, `cross`, or a block of weight rows below it",
                ))
            }
        };
        let values = match doc.get("values") {
            None => None,
            Some(e) => {
                let v: Vec<i64> = doc.numbers(e, "two integers LO HI")?;
                match v[..] {
                    [lo, hi] if lo <= hi && hi - lo <= 1000 && lo.abs() <= 1_000_000 && hi.abs() <= 1_000_000 => Some((lo, hi)),
                    _ => return Err(doc.error(e.line, "`values`: expected LO HI with LO ≤ HI, at most 1000 apart, within ±1,000,000")),
                }
            }
        };
        let clues_e = doc.require("clues", "followed by ROWS lines of integers")?;
        let rows = doc.number_rows::<i64>(clues_e, "an integer clue")?;
        if rows.len() != m {
            return Err(doc.error(
                clues_e.line,
                format!("`clues`: expected {m} rows, found {}", rows.len()),
            ));
        }
        let mut clues = Vec::with_capacity(m * n);
        for (no, r) in rows {
            if r.len() != n {
                return Err(doc.error(
                    no,
                    format!("`clues`: expected {n} numbers, found {}", r.len()),
                ));
            }
            if r.iter().any(|x| x.unsigned_abs() > 1 << 40) {
                return Err(doc.error(no, "`clues`: values must lie within ±2^40"));
            }
            clues.extend(r);
        }
        Ok(NeighbourSum {
            m,
            n,
            stencil,
            clues,
            values,
        })
    }

    /// The CNF exists for bounded values only.
    fn encodings(&self) -> Vec<EncodingKind> {
        if self.values.is_some() {
            vec![EncodingKind::Cnf]
        } else {
            Vec::new()
        }
    }

    fn encode(&self, kind: EncodingKind, choices: Choices) -> Option<Encoding> {
        let (lo, hi) = self.values?;
        if kind != EncodingKind::Cnf {
            return None;
        }
        let cells = self.m * self.n;
        let k = (hi - lo + 1) as usize;
        let mut cnf = Cnf::with_choices(choices);
        // is(cell, v): the cell holds lo + v.
        let is = cnf.new_vars(cells * k);
        let lit = |cell: usize, v: usize| is[cell * k + v].positive();
        for cell in 0..cells {
            let one_hot: Vec<Lit> = (0..k).map(|v| lit(cell, v)).collect();
            cnf.exactly_one(&one_hot, AmoEncoding::Auto);
        }
        for (clue_cell, row) in self.matrix().iter().enumerate() {
            // Σ w·(lo + Σ_v v·is) = clue  ⇔  Σ w·v·is = clue − lo·Σ w. A negative term
            // c·is is rewritten as |c|·¬is − |c|, moving |c| to the right-hand side.
            let mut target = i128::from(self.clues[clue_cell])
                - i128::from(lo) * row.iter().map(|&w| i128::from(w)).sum::<i128>();
            let mut terms: Vec<(u64, Lit)> = Vec::new();
            for (src, &w) in row.iter().enumerate() {
                for v in 1..k {
                    let c = i128::from(w) * v as i128;
                    if c > 0 {
                        terms.push((c as u64, lit(src, v)));
                    } else if c < 0 {
                        terms.push(((-c) as u64, !lit(src, v)));
                        target += -c;
                    }
                }
            }
            match u64::try_from(target) {
                Ok(t) => cnf.linear_eq(&terms, t),
                Err(_) => cnf.add_clause(&[]),
            }
        }
        let names = (0..cells * k)
            .map(|i| {
                format!(
                    "cell row {} col {} = {}",
                    i / k / self.n + 1,
                    i / k % self.n + 1,
                    lo + (i % k) as i64
                )
            })
            .collect();
        Some(Encoding::Cnf(CnfEncoding {
            cnf,
            answer: is,
            names,
            ..Default::default()
        }))
    }

    fn decode(&self, answer: &Answer) -> Values {
        let (lo, hi) = self.values.unwrap_or((0, 0));
        let k = (hi - lo + 1) as usize;
        let flat: Vec<Q> = (0..self.m * self.n)
            .map(|cell| {
                let v = (0..k)
                    .find(|&v| answer.value(Var((cell * k + v) as u32)))
                    .unwrap_or(0);
                Q::from_integer((lo + v as i64).into())
            })
            .collect();
        self.grid(&flat)
    }

    fn verify(&self, s: &Values) -> Result<(), String> {
        if s.0.len() != self.m || s.0.iter().any(|r| r.len() != self.n) {
            return Err("the grid has the wrong shape".into());
        }
        let flat: Vec<&Q> = s.0.iter().flatten().collect();
        if let Some((lo, hi)) = self.values {
            if let Some(k) = flat.iter().position(|x| {
                !x.is_integer()
                    || **x < Q::from_integer(lo.into())
                    || **x > Q::from_integer(hi.into())
            }) {
                return Err(format!(
                    "cell row {} col {} holds {}, not an integer in {lo}..{hi}",
                    k / self.n + 1,
                    k % self.n + 1,
                    flat[k]
                ));
            }
        }
        for (cell, row) in self.matrix().iter().enumerate() {
            let sum: Q = row
                .iter()
                .zip(&flat)
                .filter(|(w, _)| **w != 0)
                .map(|(&w, x)| Q::from_integer(w.into()) * *x)
                .sum();
            if sum != Q::from_integer(self.clues[cell].into()) {
                return Err(format!(
                    "the clue at row {} col {} is {}, the grid gives {sum}",
                    cell / self.n + 1,
                    cell % self.n + 1,
                    self.clues[cell]
                ));
            }
        }
        Ok(())
    }

    fn render(&self, s: &Values) -> String {
        s.to_string()
    }

    fn native_role(&self) -> NativeRole {
        NativeRole::Answers
    }

    fn native(&self, want: u64, stop: u64) -> Option<Result<Native<Values>, String>> {
        Some(match self.values {
            Some((lo, hi)) => {
                let mut solutions = Vec::new();
                let mut seen = 0u64;
                self.bounded(lo, hi, |x| {
                    seen += 1;
                    if (solutions.len() as u64) < want {
                        solutions.push(self.grid(x));
                    }
                    seen < stop
                })
                .map(|count| Native {
                    solutions,
                    count: count.into(),
                    complete: count < stop,
                })
            }
            None => {
                let lin = exact::solve(&self.matrix(), &self.clues);
                Ok(match lin.particular {
                    None => Native {
                        solutions: Vec::new(),
                        count: 0u64.into(),
                        complete: true,
                    },
                    Some(x) => {
                        let mut solutions = vec![self.grid(&x)];
                        let count = if lin.null_basis.is_empty() {
                            1u64.into()
                        } else {
                            wellposed_engine::SolutionCount::Infinite
                        };
                        if let Some(v) = lin.null_basis.first() {
                            let second: Vec<Q> = x.iter().zip(v).map(|(a, b)| a + b).collect();
                            solutions.push(self.grid(&second));
                        }
                        solutions.truncate(want.min(2) as usize);
                        Native {
                            solutions,
                            count,
                            complete: true,
                        }
                    }
                })
            }
        })
    }
}

/// The clue matrix of an m×n grid under a stencil, decided exactly.
#[derive(Clone, Debug, Serialize)]
pub struct Analysis {
    pub m: usize,
    pub n: usize,
    pub stencil: String,
    pub invertible: bool,
    pub nullity: usize,
    /// The exact determinant (Bareiss).
    #[serde(serialize_with = "wellposed_engine::big_int")]
    pub determinant: BigInt,
    /// Null-space basis vectors as grids of coprime integers (exact JSON numbers).
    #[serde(serialize_with = "grids")]
    pub null_basis: Vec<Vec<Vec<BigInt>>>,
    pub checks: Checks,
}

/// The second, independent method: the determinant modulo two primes by modular elimination,
/// and each null vector multiplied out exactly.
#[derive(Clone, Debug, Serialize)]
pub struct Checks {
    pub primes: Vec<u64>,
    pub determinant_mod_p_agrees: bool,
    pub null_vectors_verified: bool,
}

/// Two primes for the modular check: 2^61 − 1 and 10^9 + 7.
pub const CHECK_PRIMES: [u64; 2] = [(1 << 61) - 1, 1_000_000_007];

fn grids<S: Serializer>(g: &[Vec<Vec<BigInt>>], s: S) -> Result<S::Ok, S::Error> {
    let exact = |x: &BigInt| serde_json::Value::Number(x.to_string().parse().expect("an integer"));
    let v: Vec<Vec<Vec<serde_json::Value>>> = g
        .iter()
        .map(|grid| grid.iter().map(|r| r.iter().map(exact).collect()).collect())
        .collect();
    v.serialize(s)
}

pub fn analyze(m: usize, n: usize, stencil: &Stencil) -> Analysis {
    let a = stencil.matrix(m, n);
    let det = exact::determinant(&a);
    let lin = exact::solve(&a, &vec![0; m * n]);
    let basis: Vec<Vec<BigInt>> = lin.null_basis.iter().map(|v| exact::primitive(v)).collect();
    let agrees = CHECK_PRIMES.iter().all(|&p| {
        let modp = det.clone() % BigInt::from(p);
        let modp = if modp < BigInt::zero() {
            modp + BigInt::from(p)
        } else {
            modp
        };
        modp == BigInt::from(exact::determinant_mod(&a, p))
    });
    let verified = basis
        .iter()
        .all(|v| v.iter().any(|x| !x.is_zero()) && exact::apply(&a, v).iter().all(|x| x.is_zero()));
    Analysis {
        m,
        n,
        stencil: stencil.name.clone(),
        invertible: !det.is_zero(),
        nullity: lin.null_basis.len(),
        determinant: det,
        null_basis: basis
            .into_iter()
            .map(|v| v.chunks(n).map(|r| r.to_vec()).collect())
            .collect(),
        checks: Checks {
            primes: CHECK_PRIMES.to_vec(),
            determinant_mod_p_agrees: agrees,
            null_vectors_verified: verified,
        },
    }
}
