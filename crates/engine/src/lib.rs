//! The wellposed engine: the interface every puzzle family implements, and the answers to the
//! three questions — is there a solution, is there exactly one, how many are there — over
//! either encoding (CNF through a SAT backend, exact cover through dancing links).

pub mod connectivity;
pub mod deduce;
mod document;
mod encoding;
mod entry;
#[cfg(feature = "testing")]
pub mod every_solver;
mod family;
pub mod generate;
pub mod grading;
mod grid_size;
pub mod number_grid;
mod oracle;
mod progress;
pub mod puzzlink;
mod raw;
pub mod repair;
pub mod rooms;
mod solve;
#[cfg(feature = "testing")]
pub mod testing;

pub use document::{
    centred_stencil, draw_partial, family_of, lone_line, split_game_id, stencil_rows, Document,
    Entry, ParseError,
};
pub use encoding::{exact_cover_to_cnf, Answer, CnfEncoding, Encoding, EncodingKind};
pub use entry::{
    parse_shard, read_instance, read_text, write_atomically, Checkpointer, Commands, Context,
    Difficulty, FamilyEntry, Generator, Made, Report, Request, MAX_FILE_BYTES,
};
pub use family::{EditGrid, Effort, Family, Native, NativeRole, Puzzle, Solved, Tried};
pub use grid_size::GridSize;
pub use oracle::{Incremental, OpenCells, UniquenessOracle};
pub use progress::{Meter, MeterBar, MeterSink, Progress};
pub use raw::{RawCnf, RawDlx};
pub use solve::{
    backbone, certified, count, enumerate, export, first, plan, proved_unique, uniqueness,
    uniqueness_of_intended, Backbone, Certified, CountMethod, Counted, Counting, Method, Options,
    Plan, PlanStep, Planned, ProofCheck, Question, SolutionCount, SolverChoice, TryEffort,
    Uniqueness, BLOCKING_FIRST, BRIEF_CONFLICTS,
};

pub use wellposed_drat as drat;
pub use wellposed_sat as sat;

// Families declare their generator parameters and subcommands with these.
pub use anyhow;
pub use clap;

/// Rows of values as text: entries separated by spaces, rows by newlines.
pub fn render_rows<T: std::fmt::Display>(rows: &[Vec<T>]) -> String {
    let lines: Vec<String> = rows
        .iter()
        .map(|r| {
            r.iter()
                .map(|x| x.to_string())
                .collect::<Vec<_>>()
                .join(" ")
        })
        .collect();
    lines.join("\n")
}

/// A file or folder of the shared data set (`../shared/data/REL` beside the project), for tests
/// and benchmarks; `None`, with the reason printed, when it is absent, so a test can skip
/// visibly instead of passing silently.
pub fn shared_data(rel: &str) -> Option<std::path::PathBuf> {
    let p = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../../shared/data")
        .join(rel);
    if p.exists() {
        Some(p)
    } else {
        eprintln!("skipped: {} is absent", p.display());
        None
    }
}

/// A fill colour for label or colour number `k` in drawings: well-spread hues (golden-angle
/// steps), with 0 grey (the border label of edge-matching puzzles).
pub fn palette(k: i64) -> String {
    if k == 0 {
        return "#9a9a9a".to_string();
    }
    let hue = (k.unsigned_abs() as f64 * 137.508) % 360.0;
    format!("hsl({hue:.0},70%,{}%)", if k % 2 == 0 { 62 } else { 48 })
}

/// For tests of parsers: each (text, line, words) must be refused with an error on that line,
/// naming the source `f`, whose message contains the words.
pub fn assert_parse_errors<F: Family>(cases: &[(&str, usize, &str)]) {
    for &(text, line, words) in cases {
        let e = match F::parse(text, "f") {
            Ok(_) => panic!("accepted, expected an error on line {line}: {text:?}"),
            Err(e) => e,
        };
        assert_eq!(e.line, line, "{text:?}: {e}");
        assert!(e.to_string().starts_with("f:"), "{e}");
        assert!(e.to_string().contains(words), "{text:?}: {e}");
    }
}

pub use wellposed_sat::{fnv1a64, Xorshift};
pub use wellposed_xc as xc;

#[derive(Debug, thiserror::Error)]
pub enum EngineError {
    #[error("{0}")]
    Parse(#[from] ParseError),
    #[error("the {family} family has no {kind} encoding for this instance")]
    NoEncoding { family: String, kind: EncodingKind },
    #[error("method {method} does not apply to a {kind} encoding")]
    WrongMethod {
        method: &'static str,
        kind: EncodingKind,
    },
    #[error(transparent)]
    Backend(#[from] wellposed_sat::BackendError),
    /// A decoded solution broke the puzzle's own rules: a bug in an encoding or a solver.
    #[error(
        "internal error: a solution failed the {family} rule check ({reason}); please report this"
    )]
    Unverified { family: String, reason: String },
    #[error("{0}")]
    Io(#[from] std::io::Error),
    /// The family's own mathematics cannot answer this question for this instance.
    #[error("{family}: {reason}")]
    Native { family: String, reason: String },
    #[error("the {0} family has no method of its own; answer it by SAT or dancing links")]
    NoNative(String),
    /// A method cannot answer this instance (memoised dancing links on a problem it does not
    /// take, a count past 2^128).
    #[error("--method {method}: {reason}")]
    MethodFailed {
        method: &'static str,
        reason: String,
    },
    /// `repair` cannot change this puzzle (the family names no clues, or no clue it can add
    /// rules out another solution).
    #[error("{0}")]
    Repair(String),
    /// The encoding would take more memory than the budget (`Choices::max_bytes`): refused
    /// when the builder reached it, before the machine's memory runs out.
    #[error("the {family} puzzle's encoding needs more than the memory budget of {} (--max-memory); refused", human_bytes(*.budget))]
    OverBudget { family: String, budget: u64 },
    /// A proof that should certify an answer failed the independent check.
    #[error("internal error: {0}; please report this")]
    Certificate(String),
    /// Two SAT backends answered the same question differently: a bug in one of them.
    #[error("internal error: the SAT backends disagree on a {family} puzzle: {what}; please report this")]
    Disagreement { family: String, what: String },
}

/// Bytes in the largest unit that keeps a whole number of them (`4 GiB`, `512 MiB`, `100 B`).
pub fn human_bytes(b: u64) -> String {
    for (shift, unit) in [(40, "TiB"), (30, "GiB"), (20, "MiB"), (10, "KiB")] {
        if b >= 1 << shift && b.is_multiple_of(1 << shift) {
            return format!("{} {unit}", b >> shift);
        }
    }
    format!("{b} B")
}

/// An exact cover refused when its builder went past the memory budget (see
/// [`wellposed_xc::Problem::within`]).
pub fn cover_within_budget(
    family: &str,
    cover: &wellposed_xc::Problem,
    budget: u64,
) -> Result<(), EngineError> {
    if cover.over_budget() {
        return Err(EngineError::OverBudget {
            family: family.to_string(),
            budget,
        });
    }
    Ok(())
}

/// A CNF refused when its builder went past the memory budget (see [`EngineError::OverBudget`]).
pub fn within_budget(family: &str, cnf: &sat::Cnf) -> Result<(), EngineError> {
    if cnf.over_budget() {
        return Err(EngineError::OverBudget {
            family: family.to_string(),
            budget: cnf.choices().max_bytes,
        });
    }
    Ok(())
}

/// Serializes a big integer as an exact JSON number (never a float, never a string), for
/// counts that outgrow 64 bits. Use with `#[serde(serialize_with = "wellposed_engine::big")]`.
pub fn big<S: serde::Serializer>(x: &num_bigint::BigUint, s: S) -> Result<S::Ok, S::Error> {
    use serde::Serialize;
    let n: serde_json::Number = x.to_string().parse().map_err(serde::ser::Error::custom)?;
    n.serialize(s)
}

/// Serializes a signed big integer as an exact JSON number (see [`big`]).
pub fn big_int<S: serde::Serializer>(x: &num_bigint::BigInt, s: S) -> Result<S::Ok, S::Error> {
    use serde::Serialize;
    let n: serde_json::Number = x.to_string().parse().map_err(serde::ser::Error::custom)?;
    n.serialize(s)
}
