//! The three questions, answered the same way for every family: first solution, uniqueness
//! (block the answer, re-solve in the same incremental solver), and counting/enumeration.
//!
//! The modules, by job: `plan` (which method and backend answer a question, and why),
//! `prepare` (encodings and backends), `enumerate` (solutions one by one, uniqueness), `native`
//! (the family's own mathematics and bounded tries), `count`, `certify` (DRAT), `backbone`,
//! `export`.

mod backbone;
mod certify;
mod count;
mod enumerate;
mod export;
mod native;
mod plan;
mod prepare;

pub use backbone::*;
pub use certify::*;
pub use count::*;
pub use enumerate::*;
pub use export::*;
pub use native::*;
pub use plan::*;
pub(crate) use prepare::*;

use crate::encoding::exact_cover_to_cnf;
use crate::Progress;
use crate::{
    Answer, CnfEncoding, Effort, Encoding, EncodingKind, EngineError, Native, Puzzle, Solved, Tried,
};
use num_bigint::BigUint;
use std::io::Write;
use std::ops::ControlFlow;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use wellposed_sat::{
    dimacs, Backend, Choices, ExternalSolver, Limits, Lit, Purpose, VarisatBackend,
};
use wellposed_xc::Problem;

/// Which SAT solver answers CNF questions.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub enum SolverChoice {
    #[default]
    Varisat,
    /// CaDiCaL, built in (the `cadical` feature, on by default).
    Cadical,
    /// CaDiCaL in its stable configuration ([`wellposed_sat::CadicalBackend::stable`]):
    /// faster where models are hard to find, slower to refute.
    CadicalStable,
    /// An external DIMACS solver command (the CNF file is appended as its last argument).
    External(String),
}

/// How to answer: `Auto` takes the family's own mathematics where it has some, else the
/// preferred encoding (dancing links for exact cover); `Sat` forces CNF (an exact cover is
/// translated); `Dlx` needs an exact cover; `Native` needs the family's mathematics.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Method {
    #[default]
    Auto,
    Sat,
    Dlx,
    /// Dancing links' exact cover counted with memoised remainders (`wellposed_xc::memo`);
    /// for questions other than counting, plain dancing links.
    DlxMemo,
    Native,
}

impl Method {
    /// As `--method` spells it.
    pub fn name(self) -> &'static str {
        match self {
            Method::Auto => "auto",
            Method::Sat => "sat",
            Method::Dlx => "dlx",
            Method::DlxMemo => "dlx-memo",
            Method::Native => "native",
        }
    }
}

/// How a CNF is counted: `Blocking` finds solutions one by one (each found one is blocked by
/// a clause over the answer variables); `Counter` runs the exact projected model counter;
/// `Auto` blocks up to [`BLOCKING_FIRST`] solutions, then races the two (see `race`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Counting {
    #[default]
    Auto,
    Blocking,
    Counter,
}

/// Under `Counting::Auto`, counts up to this many solutions are found by blocking clauses
/// (a CDCL solver settles small counts of hard puzzles faster than a counter without clause
/// learning); beyond it the model counter takes over.
pub const BLOCKING_FIRST: u64 = 100;

#[derive(Clone, Debug, Default)]
pub struct Options {
    pub method: Method,
    pub solver: SolverChoice,
    /// Threads for dancing-links counting (0 = all cores).
    pub threads: usize,
    pub counting: Counting,
    /// Bounds on every SAT call (only CaDiCaL honours them; the others refuse).
    pub limits: Limits,
    /// How at-most-one and counting constraints the family leaves open become clauses
    /// (`Cardinality::Auto` is settled per question: solving or counting).
    pub choices: Choices,
    /// Where the work reports what it has done so far (solutions found, time in uniqueness
    /// checks); the caller keeps a clone to read it, even while the work runs.
    pub progress: Progress,
    /// The model counter's settings (cache bound, learning, decision heuristic).
    pub counter: wellposed_count::Counter,
    /// Leave graph constraints to the lazy loop alone, never inside the solver's search
    /// (`connectivity`'s theory): for measuring the difference; answers never change.
    pub lazy_cuts_only: bool,
}

pub enum Uniqueness {
    None,
    Unique(Solved),
    /// Two different solutions, as witnesses.
    Multiple(Solved, Solved),
}

impl SolverChoice {
    /// CaDiCaL in either configuration: a solver that can be bounded.
    pub fn is_cadical(&self) -> bool {
        matches!(self, SolverChoice::Cadical | SolverChoice::CadicalStable)
    }

    /// The SAT solvers built into this binary (CaDiCaL with the `cadical` feature, in its
    /// default configuration).
    pub fn built_in() -> Vec<SolverChoice> {
        let mut all = vec![SolverChoice::Varisat];
        if cfg!(feature = "cadical") {
            all.push(SolverChoice::Cadical);
        }
        all
    }
}

impl Uniqueness {
    pub fn status(&self) -> &'static str {
        match self {
            Uniqueness::None => "none",
            Uniqueness::Unique(_) => "unique",
            Uniqueness::Multiple(..) => "multiple",
        }
    }
}

/// How many solutions there are: a number of any size, or infinitely many (a family's
/// mathematics can say so: an unbounded rational system with a null space).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SolutionCount {
    Finite(BigUint),
    Infinite,
}

impl SolutionCount {
    /// The count as a machine word, `None` when it does not fit or is infinite.
    pub fn to_u64(&self) -> Option<u64> {
        match self {
            SolutionCount::Finite(n) => u64::try_from(n).ok(),
            SolutionCount::Infinite => None,
        }
    }
}

impl From<u64> for SolutionCount {
    fn from(n: u64) -> SolutionCount {
        SolutionCount::Finite(n.into())
    }
}

impl From<BigUint> for SolutionCount {
    fn from(n: BigUint) -> SolutionCount {
        SolutionCount::Finite(n)
    }
}

impl std::fmt::Display for SolutionCount {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            SolutionCount::Finite(n) => write!(f, "{n}"),
            SolutionCount::Infinite => f.write_str("infinitely many"),
        }
    }
}

/// What counted.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum CountMethod {
    /// The family's own mathematics.
    Native,
    /// Dancing links over the exact cover.
    Dlx,
    /// A SAT solver, one call per solution, each found one blocked.
    Blocking,
    /// The exact projected model counter.
    Counter,
    /// Dancing links with memoised remainders.
    DlxMemo,
}

impl CountMethod {
    /// The name printed and written in JSON.
    pub fn name(self) -> &'static str {
        match self {
            CountMethod::Native => "native",
            CountMethod::Dlx => "dlx",
            CountMethod::Blocking => "blocking",
            CountMethod::Counter => "counter",
            CountMethod::DlxMemo => "dlx-memo",
        }
    }
}

impl std::fmt::Display for CountMethod {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Counted {
    pub count: SolutionCount,
    /// True when the count is exact; false when the limit stopped it (a lower bound).
    pub complete: bool,
    pub method: CountMethod,
}

impl Counted {
    /// The count as a machine word, `None` when it does not fit or is infinite.
    pub fn to_u64(&self) -> Option<u64> {
        self.count.to_u64()
    }
}
