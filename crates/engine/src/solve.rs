//! The three questions, answered the same way for every family: first solution, uniqueness
//! (block the answer, re-solve in the same incremental solver), and counting/enumeration.

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

enum Prepared {
    /// `cover_options`: the CNF came from an exact cover whose first variables are the options.
    Sat {
        enc: CnfEncoding,
        cover_options: Option<usize>,
    },
    Dlx(Problem),
}

/// The encoding `method` asks for, built with `choices` (already settled for the question).
/// With `lazy` false (every caller but the lazy-aware loop of [`enumerate_on`]) a CNF's graph
/// constraints are completed into the formula ([`CnfEncoding::completed`]) before the budget
/// check.
fn prepare(
    p: &dyn Puzzle,
    method: Method,
    choices: Choices,
    lazy: bool,
) -> Result<Prepared, EngineError> {
    let kinds = p.encodings();
    let encode = |kind| {
        p.encode(kind, choices)
            .ok_or_else(|| EngineError::NoEncoding {
                family: p.family().to_string(),
                kind,
            })
    };
    let want = match method {
        Method::Auto => *kinds.first().ok_or_else(|| EngineError::NoEncoding {
            family: p.family().to_string(),
            kind: EncodingKind::Cnf,
        })?,
        Method::Sat if kinds.contains(&EncodingKind::Cnf) => EncodingKind::Cnf,
        Method::Sat if kinds.contains(&EncodingKind::ExactCover) => EncodingKind::ExactCover,
        Method::Sat => EncodingKind::Cnf,
        Method::Dlx | Method::DlxMemo => EncodingKind::ExactCover,
        Method::Native => return Err(EngineError::NoNative(p.family().to_string())),
    };
    let encoded = encode(want)?;
    if let Encoding::ExactCover(cover) = &encoded {
        crate::cover_within_budget(p.family(), cover, choices.max_bytes)?;
    }
    let prepared = match (encoded, method) {
        (Encoding::Cnf(enc), _) => Prepared::Sat {
            enc,
            cover_options: None,
        },
        (Encoding::ExactCover(problem), Method::Sat) => Prepared::Sat {
            cover_options: Some(problem.options().len()),
            enc: exact_cover_to_cnf(&problem),
        },
        (Encoding::ExactCover(problem), _) => Prepared::Dlx(problem),
    };
    let prepared = match prepared {
        Prepared::Sat { enc, cover_options } if !lazy && enc.is_lazy() => Prepared::Sat {
            enc: enc.completed(),
            cover_options,
        },
        other => other,
    };
    if let Prepared::Sat { enc, .. } = &prepared {
        crate::within_budget(p.family(), &enc.cnf)?;
    }
    Ok(prepared)
}

pub(crate) fn backend(opts: &Options) -> Result<Box<dyn Backend>, EngineError> {
    let mut b: Box<dyn Backend> = match &opts.solver {
        SolverChoice::Varisat => Box::new(VarisatBackend::new()),
        SolverChoice::Cadical => cadical(false)?,
        SolverChoice::CadicalStable => cadical(true)?,
        SolverChoice::External(cmd) => Box::new(ExternalSolver::new(cmd)?),
    };
    b.set_limits(opts.limits)?;
    Ok(b)
}

#[cfg(feature = "cadical")]
fn cadical(stable: bool) -> Result<Box<dyn Backend>, EngineError> {
    Ok(Box::new(if stable {
        wellposed_sat::CadicalBackend::stable()
    } else {
        wellposed_sat::CadicalBackend::new()
    }))
}

#[cfg(not(feature = "cadical"))]
fn cadical(_stable: bool) -> Result<Box<dyn Backend>, EngineError> {
    Err(EngineError::Backend(wellposed_sat::BackendError::Solver(
        "this build has no CaDiCaL (build with the `cadical` feature)".into(),
    )))
}

/// Visits solutions (raw answers) until `visit` breaks or `limit` is reached. Returns true
/// when every solution was visited. CNF solutions differ on the answer variables only: each
/// one found is blocked by a clause over those variables, in the same incremental solver.
/// Each one found is tallied in `opts.progress`.
fn enumerate_raw(
    p: &dyn Puzzle,
    opts: &Options,
    limit: Option<u64>,
    mut visit: impl FnMut(Answer) -> Result<ControlFlow<()>, EngineError>,
) -> Result<bool, EngineError> {
    let problem = match prepare(p, opts.method, opts.choices.settled(Purpose::Solving), true)? {
        Prepared::Sat { enc, cover_options } => {
            return enumerate_cnf(&enc, cover_options, opts, limit, visit)
        }
        Prepared::Dlx(problem) => problem,
    };
    let limit = limit.unwrap_or(u64::MAX);
    if limit == 0 {
        return Ok(false);
    }
    let mut seen = 0u64;
    let mut failure = None;
    let complete = wellposed_xc::search(&problem, |chosen| {
        let mut sorted = chosen.to_vec();
        sorted.sort_unstable();
        seen += 1;
        opts.progress.found_one();
        match visit(Answer::Cover(sorted)) {
            Err(e) => {
                failure = Some(e);
                ControlFlow::Break(())
            }
            Ok(ControlFlow::Break(())) => ControlFlow::Break(()),
            Ok(_) if seen >= limit => ControlFlow::Break(()),
            Ok(_) => ControlFlow::Continue(()),
        }
    });
    match failure {
        Some(e) => Err(e),
        None => Ok(complete),
    }
}

/// The values of the first `n` variables in the solver's last model.
fn model_of(solver: &dyn Backend, n: usize) -> Vec<bool> {
    (0..n)
        .map(|v| solver.value(wellposed_sat::Var(v as u32)))
        .collect()
}

/// Solutions of a CNF encoding one by one: each found one is blocked by a clause over the
/// answer variables, in the same incremental solver. True when all were visited.
pub(crate) fn enumerate_cnf(
    enc: &CnfEncoding,
    cover_options: Option<usize>,
    opts: &Options,
    limit: Option<u64>,
    visit: impl FnMut(Answer) -> Result<ControlFlow<()>, EngineError>,
) -> Result<bool, EngineError> {
    enumerate_cnf_until(
        enc,
        cover_options,
        opts,
        limit,
        None,
        visit,
        &mut Vec::new(),
    )
}

/// [`enumerate_cnf`], where raising `stop` also ends the solve under way (backends that can:
/// see [`Backend::set_stop`]; it then ends with an error), going on from the solutions blocked
/// in `blocked` (see [`enumerate_on`]).
fn enumerate_cnf_until(
    enc: &CnfEncoding,
    cover_options: Option<usize>,
    opts: &Options,
    limit: Option<u64>,
    stop: Option<&Arc<AtomicBool>>,
    visit: impl FnMut(Answer) -> Result<ControlFlow<()>, EngineError>,
    blocked: &mut Vec<Vec<Lit>>,
) -> Result<bool, EngineError> {
    let mut solver = backend(opts)?;
    if let Some(stop) = stop {
        solver.set_stop(Arc::clone(stop));
    }
    enumerate_on(
        solver.as_mut(),
        enc,
        cover_options,
        (limit.unwrap_or(u64::MAX), &opts.progress),
        visit,
        blocked,
    )
}

/// [`enumerate_cnf`] on a given solver, tallying each solution in `progress`. `blocked` holds
/// the blocking clauses of solutions found before (by an earlier enumeration of the same
/// encoding: they are blocked from the start, neither visited nor tallied again), and each
/// solution found here is added to it, the last one too (where the limit or the visitor ends
/// the enumeration), so that it says every solution found so far.
fn enumerate_on(
    solver: &mut dyn Backend,
    enc: &CnfEncoding,
    cover_options: Option<usize>,
    (limit, progress): (u64, &Progress),
    mut visit: impl FnMut(Answer) -> Result<ControlFlow<()>, EngineError>,
    blocked: &mut Vec<Vec<Lit>>,
) -> Result<bool, EngineError> {
    if limit == 0 {
        return Ok(false);
    }
    let mut seen = 0u64;
    solver.add_cnf(&enc.cnf);
    for block in blocked.iter() {
        solver.add_clause(block);
    }
    let n = enc.cnf.num_vars() as usize;
    while solver.solve(&[])? {
        let model = model_of(solver, n);
        // A model that breaks a graph constraint is cut off, neither counted nor blocked
        // (the invariants of `crate::connectivity`).
        let cuts = crate::connectivity::cuts_of(&enc.lazy, &model);
        if !cuts.is_empty() {
            for cut in &cuts {
                solver.add_clause(cut);
            }
            continue;
        }
        let block: Vec<Lit> = enc
            .answer
            .iter()
            .map(|&v| Lit::new(v, !model[v.index()]))
            .collect();
        let answer = match cover_options {
            Some(k) => Answer::Cover((0..k).filter(|&o| model[o]).collect()),
            None => Answer::Model(model),
        };
        seen += 1;
        progress.found_one();
        solver.add_clause(&block);
        if enc.cnf.insists_on_preferred() {
            // The hints move to the solution just found: the next one is most often beside
            // it (Faase's second picture, a 2×2 swap away, 29.6 s with the first hints held,
            // 7.5 s with the first picture's: BENCHMARKS.md, "Hints that hold").
            let here: Vec<Lit> = block.iter().map(|&l| !l).collect();
            solver.hold_phases(&here);
        }
        blocked.push(block);
        if visit(answer)?.is_break() || seen >= limit {
            return Ok(false);
        }
    }
    Ok(true)
}

/// The check of a DRAT proof by the independent checker (`wellposed-drat`).
#[derive(Clone, Debug, serde::Serialize)]
pub struct ProofCheck {
    pub lemmas: usize,
    pub deletions: usize,
    /// The proof's size as varisat wrote it.
    pub bytes: u64,
    /// Time the checker took.
    pub seconds: f64,
}

/// Solutions up to `limit` on the puzzle's CNF (by `opts.solver`, blocking each one found);
/// when the search ends in "no more solutions" — an unsatisfiability claim about the formula
/// with every found solution blocked — a fresh varisat solver proves that formula
/// unsatisfiable with a DRAT proof, and the independent checker (`wellposed-drat`) checks the
/// proof against exactly that formula. Every solution is verified by the family's rules.
pub struct Certified {
    /// The first `keep` solutions.
    pub solutions: Vec<Solved>,
    pub count: u64,
    /// All solutions were found; then `proof` holds the checked proof that there are no more.
    pub complete: bool,
    pub proof: Option<ProofCheck>,
}

pub fn certified(
    p: &dyn Puzzle,
    opts: &Options,
    limit: Option<u64>,
    keep: usize,
) -> Result<Certified, EngineError> {
    // The proof is of the complete formula: no lazy constraints.
    let Prepared::Sat { enc, cover_options } = prepare(
        p,
        Method::Sat,
        opts.choices.settled(Purpose::Solving),
        false,
    )?
    else {
        unreachable!("Method::Sat prepares CNF")
    };
    let mut solutions = Vec::new();
    let mut count = 0u64;
    let mut blocked = Vec::new();
    let complete = enumerate_on(
        backend(opts)?.as_mut(),
        &enc,
        cover_options,
        (limit.unwrap_or(u64::MAX), &opts.progress),
        |a| {
            let s = p.solved(a)?;
            count += 1;
            if solutions.len() < keep {
                solutions.push(s);
            }
            Ok(ControlFlow::Continue(()))
        },
        &mut blocked,
    )?;
    let proof = if complete {
        let formula: Vec<&[Lit]> = enc
            .cnf
            .clauses()
            .iter()
            .chain(&blocked)
            .map(|c| c.as_slice())
            .collect();
        Some(prove_unsatisfiable(&formula)?)
    } else {
        None
    };
    Ok(Certified {
        solutions,
        count,
        complete,
        proof,
    })
}

/// A DRAT proof, by a fresh varisat solver, that `formula` has no model, checked by the
/// independent checker. varisat's DRAT writer cannot follow incremental additions, which is
/// why the proof is made in one go on the final formula.
fn prove_unsatisfiable(formula: &[&[Lit]]) -> Result<ProofCheck, EngineError> {
    static PROOFS: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);
    let path = std::env::temp_dir().join(format!(
        "wellposed-proof-{}-{}.drat",
        std::process::id(),
        PROOFS.fetch_add(1, Ordering::Relaxed)
    ));
    // The proof file goes whatever happens below.
    struct Remove<'a>(&'a std::path::Path);
    impl Drop for Remove<'_> {
        fn drop(&mut self) {
            let _ = std::fs::remove_file(self.0);
        }
    }
    let file = std::fs::File::create(&path)?;
    let _remove = Remove(&path);
    let mut solver = wellposed_sat::VarisatBackend::with_drat_proof(std::io::BufWriter::new(file));
    for c in formula {
        solver.add_clause(c);
    }
    if solver.solve(&[])? {
        return Err(EngineError::Certificate(
            "the search found no more solutions, but varisat finds one: the solvers disagree"
                .into(),
        ));
    }
    solver.close_proof()?;
    drop(solver);
    let bytes = std::fs::metadata(&path)?.len();
    let started = std::time::Instant::now();
    let clauses: Vec<Vec<i64>> = formula
        .iter()
        .map(|c| c.iter().map(|l| l.dimacs()).collect())
        .collect();
    let reader = std::io::BufReader::new(std::fs::File::open(&path)?);
    let checked = wellposed_drat::check(&clauses, reader)
        .map_err(|e| EngineError::Certificate(format!("the DRAT proof does not check: {e}")))?;
    Ok(ProofCheck {
        lemmas: checked.lemmas,
        deletions: checked.deletions,
        bytes,
        seconds: started.elapsed().as_secs_f64(),
    })
}

/// Every solution, decoded and verified, up to `limit`. Returns whether the list is complete.
pub fn enumerate(
    p: &dyn Puzzle,
    opts: &Options,
    limit: Option<u64>,
    mut visit: impl FnMut(Solved) -> ControlFlow<()>,
) -> Result<bool, EngineError> {
    let cap = limit.unwrap_or(u64::MAX);
    if let Some(found) = native(p, opts, cap, cap) {
        let found = found?;
        for s in found.solutions {
            if visit(s).is_break() {
                return Ok(false);
            }
        }
        let within = match &found.count {
            SolutionCount::Finite(n) => limit.is_none_or(|l| *n <= BigUint::from(l)),
            SolutionCount::Infinite => false,
        };
        return Ok(found.complete && within);
    }
    enumerate_raw(p, opts, limit, |a| Ok(visit(p.solved(a)?)))
}

/// The family's own mathematics, when the method asks for it (or leaves the choice to us).
fn native(
    p: &dyn Puzzle,
    opts: &Options,
    want: u64,
    stop: u64,
) -> Option<Result<Native<Solved>, EngineError>> {
    match opts.method {
        Method::Auto if p.native_by_default() => p.native(want, stop),
        Method::Auto => native_first(p, opts, want, stop),
        Method::Native => Some(
            p.native(want, stop)
                .unwrap_or_else(|| Err(EngineError::NoNative(p.family().to_string()))),
        ),
        Method::Sat | Method::Dlx | Method::DlxMemo => None,
    }
}

/// The conflicts each solve of the brief CDCL try of [`native_first`] may take. Measured on
/// nonograms (BENCHMARKS.md, "A brief CDCL try between two native ones"): Forever takes 200 to
/// 1,000 a solve, and 1,000 conflicts cost about as much as building a large puzzle's encoding.
pub const BRIEF_CONFLICTS: u32 = 1_000;

/// What `--method auto` logs when no try of the family's own answered.
const ENCODING_ANSWERS: &str =
    "auto: the family's own search did not answer (it gave up, or has none); the encoding does";

/// `--method auto` on a family with a bounded search of its own ([`Puzzle::native_first`]):
/// for a question of at most two solutions (is there one, is it the only one), its brief try,
/// then a brief CDCL try on the encoding ([`brief_cdcl`]), then its full try; for a count its
/// full try alone (a count does not stop at a second solution, so a brief try rarely answers
/// it), and likewise where no brief CDCL try can follow (a solver other than CaDiCaL, which
/// alone can be bounded). `None` when the tries gave up or the family has none, and the
/// encoding answers with no bound but the user's.
fn native_first(
    p: &dyn Puzzle,
    opts: &Options,
    want: u64,
    stop: u64,
) -> Option<Result<Native<Solved>, EngineError>> {
    if stop <= 2 && opts.solver.is_cadical() {
        match p.native_first(want, stop, Effort::Brief) {
            Tried::Answered(found) => {
                log::info!("auto: answered by the family's first try");
                return Some(found);
            }
            Tried::Hopeless => {
                log::info!("{ENCODING_ANSWERS}");
                return None;
            }
            Tried::GaveUp => {}
        }
        match brief_cdcl(p, opts, want, stop) {
            Ok(Some(found)) => {
                log::info!("auto: answered by the brief CDCL try");
                return Some(Ok(found));
            }
            Ok(None) => {}
            Err(e) => return Some(Err(e)),
        }
    }
    match p.native_first(want, stop, Effort::Full) {
        Tried::Answered(found) => {
            log::info!("auto: answered by the family's full try");
            Some(found)
        }
        Tried::GaveUp | Tried::Hopeless => {
            log::info!("{ENCODING_ANSWERS}");
            None
        }
    }
}

/// Up to `stop` solutions by CDCL on the encoding, without phase hints (building them can
/// cost more than the search: about 0.07 s of Forever's 0.1 s) and in the family's compact
/// form where it has one (`Choices::compact`: Forever 28 → 23 ms with a start-position
/// encoding, since replaced by the order encoding: BENCHMARKS.md), each solve bounded by
/// [`BRIEF_CONFLICTS`] (or the user's `--conflicts` when lower), on CaDiCaL (the caller's
/// choice: only it can be bounded). `Ok(None)` when a conflict bound stopped it; the user's
/// deadline still ends it with an error.
fn brief_cdcl(
    p: &dyn Puzzle,
    opts: &Options,
    want: u64,
    stop: u64,
) -> Result<Option<Native<Solved>>, EngineError> {
    let mut brief = opts.clone();
    brief.method = Method::Sat;
    brief.choices.phase_hints = false;
    brief.choices.compact = true;
    brief.limits.conflicts = Some(
        opts.limits
            .conflicts
            .map_or(BRIEF_CONFLICTS, |c| c.min(BRIEF_CONFLICTS)),
    );
    // Its finds are the answer only if it completes: not tallied as found meanwhile.
    brief.progress = Progress::default();
    let (mut solutions, mut count) = (Vec::new(), 0u64);
    let visited = enumerate_raw(p, &brief, Some(stop), |answer| {
        count += 1;
        if (solutions.len() as u64) < want {
            solutions.push(p.solved(answer)?);
        }
        Ok(ControlFlow::Continue(()))
    });
    match visited {
        Ok(complete) => Ok(Some(Native {
            solutions,
            count: SolutionCount::Finite(count.into()),
            complete,
        })),
        Err(EngineError::Backend(wellposed_sat::BackendError::Stopped {
            reason: "conflicts",
        })) => Ok(None),
        Err(e) => Err(e),
    }
}

/// What every solution agrees on: the backbone over the answer variables.
pub struct Backbone {
    /// A solution (every fixed value is its value).
    pub solution: Solved,
    /// For each answer variable (in the encoding's order), its value when all solutions agree.
    pub fixed: Vec<Option<bool>>,
    /// The answer variables' names.
    pub names: Vec<String>,
    /// SAT calls made, the first solve included.
    pub solves: usize,
}

/// The backbone, incrementally: solve once; every answer variable is a candidate with its
/// value; then ask, under a fresh activation literal, for a solution that differs from the
/// candidates somewhere. Each answer drops the candidates it flips; unsatisfiable means the
/// remaining candidates are fixed. `None` when there is no solution. Uses the CNF (an exact
/// cover is translated).
pub fn backbone(p: &dyn Puzzle, opts: &Options) -> Result<Option<Backbone>, EngineError> {
    let Prepared::Sat { enc, cover_options } = prepare(
        p,
        Method::Sat,
        opts.choices.settled(Purpose::Solving),
        false,
    )?
    else {
        unreachable!("Method::Sat prepares a CNF");
    };
    let mut solver = backend(opts)?;
    solver.add_cnf(&enc.cnf);
    if !solver.solve(&[])? {
        return Ok(None);
    }
    let n = enc.cnf.num_vars() as usize;
    let model = model_of(solver.as_ref(), n);
    let mut candidates: Vec<(usize, bool)> = enc
        .answer
        .iter()
        .enumerate()
        .map(|(k, v)| (k, model[v.index()]))
        .collect();
    let answer = match cover_options {
        Some(k) => Answer::Cover((0..k).filter(|&o| model[o]).collect()),
        None => Answer::Model(model),
    };
    let solution = p.solved(answer)?;
    let mut solves = 1;
    let mut next_var = n as u32;
    while !candidates.is_empty() {
        let act = wellposed_sat::Var(next_var).positive();
        next_var += 1;
        let mut clause = vec![!act];
        clause.extend(
            candidates
                .iter()
                .map(|&(k, value)| Lit::new(enc.answer[k], !value)),
        );
        solver.add_clause(&clause);
        solves += 1;
        let differs = solver.solve(&[act])?;
        solver.add_clause(&[!act]);
        if !differs {
            break;
        }
        candidates.retain(|&(k, value)| solver.value(enc.answer[k]) == value);
    }
    let mut fixed = vec![None; enc.answer.len()];
    for (k, value) in candidates {
        fixed[k] = Some(value);
    }
    Ok(Some(Backbone {
        solution,
        fixed,
        names: enc.names.clone(),
        solves,
    }))
}

/// The first solution, if any.
pub fn first(p: &dyn Puzzle, opts: &Options) -> Result<Option<Solved>, EngineError> {
    let mut found = None;
    enumerate(p, opts, Some(1), |s| {
        found = Some(s);
        ControlFlow::Break(())
    })?;
    Ok(found)
}

/// None, unique, or multiple with two different witnesses.
pub fn uniqueness(p: &dyn Puzzle, opts: &Options) -> Result<Uniqueness, EngineError> {
    let mut found = Vec::with_capacity(2);
    enumerate(p, opts, Some(2), |s| {
        found.push(s);
        ControlFlow::Continue(())
    })?;
    let mut it = found.into_iter();
    Ok(match (it.next(), it.next()) {
        (None, _) => Uniqueness::None,
        (Some(a), None) => Uniqueness::Unique(a),
        (Some(a), Some(b)) => Uniqueness::Multiple(a, b),
    })
}

/// Uniqueness when the puzzle names the solution it intends ([`Puzzle::intended`], e.g. a
/// nonogram's `goal`): the question a setter asks is "is my picture the only one?", which
/// needs no search for a first solution. The intended answer is completed to a model under
/// assumptions (propagation) and checked by the family's rules; then one solve, with a
/// clause excluding it, looks for any other. `None` when the puzzle names none, the method
/// is not a CNF one, or the intended answer breaks the clues (the caller then asks
/// [`uniqueness`], which finds whatever solutions there are).
pub fn uniqueness_of_intended(
    p: &dyn Puzzle,
    opts: &Options,
) -> Result<Option<Uniqueness>, EngineError> {
    let Some(intended) = p.intended() else {
        return Ok(None);
    };
    if !matches!(opts.method, Method::Auto | Method::Sat) {
        return Ok(None);
    }
    let Prepared::Sat {
        enc,
        cover_options: None,
    } = prepare(
        p,
        opts.method,
        opts.choices.settled(Purpose::Solving),
        false,
    )?
    else {
        return Ok(None);
    };
    if intended.len() != enc.answer.len() {
        return Ok(None);
    }
    let mut solver = backend(opts)?;
    solver.add_cnf(&enc.cnf);
    let n = enc.cnf.num_vars() as usize;
    let assumed: Vec<Lit> = enc
        .answer
        .iter()
        .zip(&intended)
        .map(|(&v, &value)| Lit::new(v, value))
        .collect();
    if !solver.solve(&assumed)? {
        return Ok(None);
    }
    let first = p.solved(Answer::Model(model_of(solver.as_ref(), n)))?;
    opts.progress.found_one();
    let other: Vec<Lit> = assumed.iter().map(|&l| !l).collect();
    solver.add_clause(&other);
    Ok(Some(if solver.solve(&[])? {
        opts.progress.found_one();
        Uniqueness::Multiple(
            first,
            p.solved(Answer::Model(model_of(solver.as_ref(), n)))?,
        )
    } else {
        Uniqueness::Unique(first)
    }))
}

/// Whether the engine proves exactly one solution: false for none, for several, and for a
/// check that a bound in `opts.limits` stopped (or a solver that failed). Generators ask this,
/// so that under `--conflicts N` what they make is proved unique within N conflicts a call.
pub fn proved_unique(p: &dyn Puzzle, opts: &Options) -> bool {
    let start = std::time::Instant::now();
    let unique = matches!(uniqueness(p, opts), Ok(Uniqueness::Unique(_)));
    opts.progress.spent(start.elapsed());
    unique
}

/// Plain dancing links on `opts.threads` threads (0: all cores), stopping at `limit`.
fn plain_dlx(problem: Problem, opts: &Options, limit: Option<u64>) -> Result<Counted, EngineError> {
    let threads = crate::Context::threads(opts.threads);
    let c = wellposed_xc::count_parallel(&problem, threads, limit, opts.progress.counted_tally());
    Ok(Counted {
        count: c.count.into(),
        complete: c.complete,
        method: CountMethod::Dlx,
    })
}

/// The number of solutions, exact unless `limit` stopped it. The family's mathematics counts
/// when it has some (and the method allows), dancing links count exact covers natively (on
/// `opts.threads` threads), and a CNF is counted as `opts.counting` says. The model counter's
/// count is exact whatever the limit: it never stops early, so `limit` only caps the others.
pub fn count(p: &dyn Puzzle, opts: &Options, limit: Option<u64>) -> Result<Counted, EngineError> {
    let cap = limit.unwrap_or(u64::MAX);
    if opts.counting == Counting::Auto || opts.method == Method::Native {
        if let Some(found) = native(p, opts, 0, cap) {
            let found = found?;
            let (count, complete) = match found.count {
                SolutionCount::Finite(n) if n > BigUint::from(cap) => (cap.into(), false),
                count => (count, found.complete),
            };
            return Ok(Counted {
                count,
                complete,
                method: CountMethod::Native,
            });
        }
    }
    let method = match opts.counting {
        Counting::Auto => opts.method,
        Counting::Blocking | Counting::Counter => Method::Sat,
    };
    // The model counter (alone, or racing blocking clauses) counts the formulas built for it.
    let prepared = match opts.counting {
        Counting::Blocking => prepare(p, method, opts.choices.settled(Purpose::Solving), true)?,
        Counting::Counter => prepare(p, method, opts.choices.settled(Purpose::Counting), false)?,
        // Blocking first (lazy), and the race completes the formula for its counter.
        Counting::Auto => prepare(p, method, opts.choices.settled(Purpose::Counting), true)?,
    };
    let (enc, cover_options) = match prepared {
        Prepared::Dlx(problem) if opts.method == Method::DlxMemo || opts.method == Method::Auto => {
            // Asked for, or on auto where a probe shows remainders repeating (and no --limit,
            // which only plain dancing links honour).
            let never = std::sync::atomic::AtomicBool::new(false);
            let memo_err = |e: wellposed_xc::XcError| EngineError::MethodFailed {
                method: Method::DlxMemo.name(),
                reason: e.to_string(),
            };
            let memo = match (opts.method, limit) {
                (Method::DlxMemo, _) => Some(
                    wellposed_xc::memo::count(&problem, opts.choices.max_bytes, &never)
                        .map_err(memo_err)?,
                ),
                (_, None) => wellposed_xc::memo::pays(&problem, opts.choices.max_bytes, &never)
                    .map_err(memo_err)?,
                _ => None,
            };
            match memo {
                Some(c) => {
                    log::info!(
                        "memoised count: {} nodes, {} remainders stored, {} found again{}",
                        c.nodes,
                        c.entries,
                        c.hits,
                        if c.table_full { " (table full)" } else { "" }
                    );
                    return Ok(Counted {
                        count: SolutionCount::Finite(BigUint::from(c.count)),
                        complete: c.complete,
                        method: CountMethod::DlxMemo,
                    });
                }
                None => return plain_dlx(problem, opts, limit),
            }
        }
        Prepared::Dlx(problem) => return plain_dlx(problem, opts, limit),
        Prepared::Sat { enc, cover_options } => (enc, cover_options),
    };
    match opts.counting {
        Counting::Blocking => blocking_count(&enc, cover_options, opts, limit),
        Counting::Counter => {
            // The models its listing finds are a lower bound for a count stopped by --timeout.
            let listed = opts.progress.counted_tally();
            let counted = opts
                .counter
                .count_reporting(&enc.cnf, Some(&enc.answer), None, listed)
                .expect("nothing sets the stop flag");
            log::info!("model counter: {:?}", counted.stats);
            Ok(Counted {
                count: counted.count.into(),
                complete: true,
                method: CountMethod::Counter,
            })
        }
        Counting::Auto => {
            // One more than the hand-over point tells "exactly BLOCKING_FIRST" from "more".
            let mut found = Vec::new();
            let first = blocking_count_until(
                &enc,
                cover_options,
                opts,
                Some(cap.min(BLOCKING_FIRST + 1)),
                None,
                &mut found,
            )?;
            if first.complete || cap <= BLOCKING_FIRST + 1 {
                return Ok(first);
            }
            // Only an encoding with graph constraints needs a second, completed formula for
            // the counter; a plain one is counted as it is (no copy).
            let complete = match enc.is_lazy() {
                true => {
                    let complete = enc.clone().completed();
                    crate::within_budget(p.family(), &complete.cnf)?;
                    Some(complete)
                }
                false => None,
            };
            race((enc, complete), cover_options, opts, limit, found)
        }
    }
}

fn blocking_count(
    enc: &CnfEncoding,
    cover_options: Option<usize>,
    opts: &Options,
    limit: Option<u64>,
) -> Result<Counted, EngineError> {
    blocking_count_until(enc, cover_options, opts, limit, None, &mut Vec::new())
}

/// Blocking-clause counting that gives up once `stop` (if any) is set: between solves with
/// `complete: false`, within one (CaDiCaL) with an error. It goes on from the solutions in
/// `found` (blocking clauses of an earlier count of the same encoding, see [`enumerate_on`]),
/// adds those it finds, and counts them all, up to `limit` in all.
fn blocking_count_until(
    enc: &CnfEncoding,
    cover_options: Option<usize>,
    opts: &Options,
    limit: Option<u64>,
    stop: Option<&Arc<AtomicBool>>,
    found: &mut Vec<Vec<Lit>>,
) -> Result<Counted, EngineError> {
    let before = found.len() as u64;
    let more = limit.map(|l| l.saturating_sub(before));
    let complete = enumerate_cnf_until(
        enc,
        cover_options,
        opts,
        more,
        stop,
        |_| {
            Ok(match stop.is_some_and(|s| s.load(Ordering::Relaxed)) {
                true => ControlFlow::Break(()),
                false => ControlFlow::Continue(()),
            })
        },
        found,
    )?;
    Ok(Counted {
        count: (found.len() as u64).into(),
        complete,
        method: CountMethod::Blocking,
    })
}

/// Many solutions: the model counter and blocking clauses race (two threads), and the first
/// to finish answers; the blocking side in CaDiCaL's stable configuration where the backend
/// is CaDiCaL. Neither wins everywhere: the counter (a search, without restarts) loses
/// on arithmetic-heavy encodings with a few hundred solutions (Survo), blocking clauses pay a
/// full SAT call per solution and lose on everything large. The loser is told to stop: the
/// counter at its next decision or within its oracle's solve, the blocking side within its
/// solve where the backend can stop one (CaDiCaL), else after it (varisat), on its own
/// (detached) thread, whose answer nobody reads then. The blocking side goes on from the
/// solutions `found` before the race (their clauses blocked from its start): no solution is
/// searched for twice, and the tally of solutions found (the lower bound a count stopped by
/// --timeout reports) counts each once.
fn race(
    (enc, complete): (CnfEncoding, Option<CnfEncoding>),
    cover_options: Option<usize>,
    opts: &Options,
    limit: Option<u64>,
    mut found: Vec<Vec<Lit>>,
) -> Result<Counted, EngineError> {
    let stop = Arc::new(AtomicBool::new(false));
    let (tx, rx) = std::sync::mpsc::channel();
    let enc = Arc::new(enc);
    {
        let (enc, mut opts, stop) = (Arc::clone(&enc), opts.clone(), Arc::clone(&stop));
        if opts.solver == SolverChoice::Cadical {
            // Past BLOCKING_FIRST solutions the blocking side is a long run of solves that
            // find one: CaDiCaL's stable configuration finds them faster (BENCHMARKS.md,
            // "CaDiCaL's stable configuration for listings": the race on 2023 track3_077
            // 92 s → 36 s, track1_109 7.9 → 6.8 s, track3_051 2.2 → 1.6 s).
            opts.solver = SolverChoice::CadicalStable;
        }
        std::thread::spawn(move || {
            let r =
                blocking_count_until(&enc, cover_options, &opts, limit, Some(&stop), &mut found);
            if r.as_ref()
                .is_ok_and(|c| c.complete || !stop.load(Ordering::Relaxed))
            {
                stop.store(true, Ordering::Relaxed);
            }
            let _ = tx.send(r);
        });
    }
    // The counter counts the plain formula (graph constraints completed, when there are any),
    // the blocking side lists under lazy cuts.
    let counted = complete.as_ref().unwrap_or(&enc);
    match opts
        .counter
        .count_until(&counted.cnf, Some(&counted.answer), &stop)
    {
        Some(counted) => {
            stop.store(true, Ordering::Relaxed);
            log::info!("model counter: {:?}", counted.stats);
            Ok(Counted {
                count: counted.count.into(),
                complete: true,
                method: CountMethod::Counter,
            })
        }
        None => rx.recv().unwrap_or_else(|_| {
            Err(EngineError::Native {
                family: "engine".into(),
                reason: "the blocking-clause count ended without an answer".into(),
            })
        }),
    }
}

/// Writes the puzzle's encoding: `EncodingKind::Cnf` as DIMACS with the answer variables as
/// the projection (`c p show … 0` and `c ind … 0`) and a comment naming each of them;
/// `EncodingKind::ExactCover` as Knuth's `.dlx` text. An exact cover is translated to CNF when
/// DIMACS is asked for.
pub fn export(
    p: &dyn Puzzle,
    kind: EncodingKind,
    opts: &Options,
    out: &mut impl Write,
) -> Result<(), EngineError> {
    let header = format!("wellposed export of a {} puzzle", p.family());
    match kind {
        EncodingKind::Cnf => {
            // DIMACS carries no phases: no time on hints.
            let choices = Choices {
                phase_hints: false,
                ..opts.choices
            };
            let Prepared::Sat { enc, .. } =
                prepare(p, Method::Sat, choices.settled(Purpose::Solving), false)?
            else {
                unreachable!("Method::Sat prepares CNF")
            };
            let choices = enc.cnf.choices();
            let mut comments = vec![
                header,
                format!(
                    "encoding choices: at-most-one {:?} (pairwise up to {}), cardinality {:?}{}",
                    choices.amo,
                    choices.pairwise_up_to,
                    choices.cardinality,
                    if choices.compact { ", compact" } else { "" }
                )
                .to_lowercase(),
                "projection: the answer variables, listed in `c p show` (and `c ind`)".into(),
            ];
            for (v, name) in enc.answer.iter().zip(&enc.names) {
                comments.push(format!("var {} = {name}", v.dimacs()));
            }
            let notes = dimacs::Annotations {
                show: Some(enc.answer.clone()),
                comments,
            };
            dimacs::write(out, &enc.cnf, &notes)?;
        }
        EncodingKind::ExactCover => {
            let Prepared::Dlx(problem) = prepare(
                p,
                Method::Dlx,
                opts.choices.settled(Purpose::Solving),
                false,
            )?
            else {
                unreachable!("Method::Dlx prepares an exact cover")
            };
            wellposed_xc::write_dlx(out, &problem, &[header])?;
        }
    }
    Ok(())
}

#[cfg(all(test, feature = "cadical"))]
mod tests {
    use super::*;
    use wellposed_sat::{BackendError, Var};

    /// The race's flag, raised, ends the blocking side's solve under way instead of letting a
    /// detached thread finish it: on the 12-hole pigeonhole formula (minutes for CaDiCaL to
    /// refute) the count ends at once, with the solver's "stopped".
    #[test]
    fn a_raised_flag_ends_the_blocking_side_within_its_solve() {
        let holes = 12;
        let cnf = wellposed_sat::instances::pigeonhole(holes);
        let enc = CnfEncoding::new(cnf, (0..holes).map(Var).collect(), Vec::new());
        let opts = Options {
            solver: SolverChoice::Cadical,
            ..Options::default()
        };
        let stop = Arc::new(AtomicBool::new(true));
        let counted = blocking_count_until(&enc, None, &opts, None, Some(&stop), &mut Vec::new());
        assert!(matches!(
            counted,
            Err(EngineError::Backend(BackendError::Stopped {
                reason: "stop"
            }))
        ));
    }

    /// The race's blocking side goes on from the solutions found before it: a count stopped
    /// after 101 solutions and taken up again finds every solution exactly once, so its count
    /// and the tally of solutions found (a stopped count's lower bound) are both the formula's
    /// number of models: (x1 or x2 or x3) over 10 variables has 7/8 of 2^10 = 896.
    #[test]
    fn a_count_taken_up_again_finds_each_solution_once() {
        let mut cnf = wellposed_sat::Cnf::new();
        let x = cnf.new_vars(10);
        cnf.add_clause(&[
            Lit::new(x[0], true),
            Lit::new(x[1], true),
            Lit::new(x[2], true),
        ]);
        let enc = CnfEncoding::new(cnf, x, Vec::new());
        for solver in [
            SolverChoice::Cadical,
            SolverChoice::CadicalStable,
            SolverChoice::Varisat,
        ] {
            let opts = Options {
                solver,
                ..Options::default()
            };
            let mut found = Vec::new();
            let first = blocking_count_until(&enc, None, &opts, Some(101), None, &mut found)
                .expect("counted");
            assert_eq!(
                (first.count.clone(), first.complete),
                (101u64.into(), false)
            );
            assert_eq!(found.len(), 101, "the last solution found is kept too");
            let all =
                blocking_count_until(&enc, None, &opts, None, None, &mut found).expect("counted");
            assert_eq!((all.count, all.complete), (896u64.into(), true));
            assert_eq!(opts.progress.solutions_found(), 896);
            found.sort();
            found.dedup();
            assert_eq!(found.len(), 896, "no solution was found twice");
            // A limit counts them all: going on from 101 up to 300 in all finds 199 more.
            let mut found = found[..101].to_vec();
            let capped = blocking_count_until(&enc, None, &opts, Some(300), None, &mut found)
                .expect("counted");
            assert_eq!((capped.count, capped.complete), (300u64.into(), false));
        }
    }
}
