//! The three questions, answered the same way for every family: first solution, uniqueness
//! (block the answer, re-solve in the same incremental solver), and counting/enumeration.

use crate::encoding::exact_cover_to_cnf;
use crate::{Answer, CnfEncoding, Encoding, EncodingKind, EngineError, Native, Puzzle, Solved};
use std::io::Write;
use std::ops::ControlFlow;
use wellposed_sat::{dimacs, Backend, ExternalSolver, Lit, VarisatBackend};
use wellposed_xc::Problem;

/// Which SAT solver answers CNF questions.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub enum SolverChoice {
    #[default]
    Varisat,
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
    Native,
}

#[derive(Clone, Debug, Default)]
pub struct Options {
    pub method: Method,
    pub solver: SolverChoice,
    /// Threads for dancing-links counting (0 = all cores).
    pub threads: usize,
}

pub enum Uniqueness {
    None,
    Unique(Solved),
    /// Two different solutions, as witnesses.
    Multiple(Solved, Solved),
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

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Counted {
    pub count: u64,
    /// True when the count is exact; false when the limit stopped it (a lower bound).
    pub complete: bool,
    pub method: &'static str,
}

enum Prepared {
    /// `cover_options`: the CNF came from an exact cover whose first variables are the options.
    Sat {
        enc: CnfEncoding,
        cover_options: Option<usize>,
    },
    Dlx(Problem),
}

fn prepare(p: &dyn Puzzle, method: Method) -> Result<Prepared, EngineError> {
    let kinds = p.encodings();
    let encode = |kind| {
        p.encode(kind).ok_or_else(|| EngineError::NoEncoding {
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
        Method::Dlx => EncodingKind::ExactCover,
        Method::Native => return Err(EngineError::NoNative(p.family().to_string())),
    };
    Ok(match (encode(want)?, method) {
        (Encoding::Cnf(enc), _) => Prepared::Sat {
            enc,
            cover_options: None,
        },
        (Encoding::ExactCover(problem), Method::Sat) => Prepared::Sat {
            cover_options: Some(problem.options().len()),
            enc: exact_cover_to_cnf(&problem),
        },
        (Encoding::ExactCover(problem), _) => Prepared::Dlx(problem),
    })
}

fn backend(choice: &SolverChoice) -> Result<Box<dyn Backend>, EngineError> {
    Ok(match choice {
        SolverChoice::Varisat => Box::new(VarisatBackend::new()),
        SolverChoice::External(cmd) => Box::new(ExternalSolver::new(cmd)?),
    })
}

/// Visits solutions (raw answers) until `visit` breaks or `limit` is reached. Returns true
/// when every solution was visited. CNF solutions differ on the answer variables only: each
/// one found is blocked by a clause over those variables, in the same incremental solver.
fn enumerate_raw(
    p: &dyn Puzzle,
    opts: &Options,
    limit: Option<u64>,
    mut visit: impl FnMut(Answer) -> Result<ControlFlow<()>, EngineError>,
) -> Result<bool, EngineError> {
    let limit = limit.unwrap_or(u64::MAX);
    if limit == 0 {
        return Ok(false);
    }
    let mut seen = 0u64;
    match prepare(p, opts.method)? {
        Prepared::Dlx(problem) => {
            let mut failure = None;
            let complete = wellposed_xc::search(&problem, |chosen| {
                let mut sorted = chosen.to_vec();
                sorted.sort_unstable();
                seen += 1;
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
        Prepared::Sat { enc, cover_options } => {
            let mut solver = backend(&opts.solver)?;
            solver.add_cnf(&enc.cnf);
            let n = enc.cnf.num_vars() as usize;
            while solver.solve(&[])? {
                let model: Vec<bool> = (0..n)
                    .map(|v| solver.value(wellposed_sat::Var(v as u32)))
                    .collect();
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
                if visit(answer)?.is_break() || seen >= limit {
                    return Ok(false);
                }
                solver.add_clause(&block);
            }
            Ok(true)
        }
    }
}

/// Every solution, decoded and verified, up to `limit`. Returns whether the list is complete.
pub fn enumerate(
    p: &dyn Puzzle,
    opts: &Options,
    limit: Option<u64>,
    mut visit: impl FnMut(Solved) -> ControlFlow<()>,
) -> Result<bool, EngineError> {
    let cap = limit.unwrap_or(u64::MAX);
    if let Some(found) = native(p, opts.method, cap, cap) {
        let found = found?;
        for s in found.solutions {
            if visit(s).is_break() {
                return Ok(false);
            }
        }
        return Ok(found.complete && found.count.is_some_and(|n| limit.is_none_or(|l| n <= l)));
    }
    enumerate_raw(p, opts, limit, |a| Ok(visit(p.solved(a)?)))
}

/// The family's own mathematics, when the method asks for it (or leaves the choice to us).
fn native(
    p: &dyn Puzzle,
    method: Method,
    want: u64,
    stop: u64,
) -> Option<Result<Native<Solved>, EngineError>> {
    match method {
        Method::Auto if p.native_by_default() => p.native(want, stop),
        Method::Auto => None,
        Method::Native => Some(
            p.native(want, stop)
                .unwrap_or_else(|| Err(EngineError::NoNative(p.family().to_string()))),
        ),
        Method::Sat | Method::Dlx => None,
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
    let Prepared::Sat { enc, cover_options } = prepare(p, Method::Sat)? else {
        unreachable!("Method::Sat prepares a CNF");
    };
    let mut solver = backend(&opts.solver)?;
    solver.add_cnf(&enc.cnf);
    if !solver.solve(&[])? {
        return Ok(None);
    }
    let n = enc.cnf.num_vars() as usize;
    let model: Vec<bool> = (0..n)
        .map(|v| solver.value(wellposed_sat::Var(v as u32)))
        .collect();
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

/// The number of solutions, exact unless `limit` stopped it. Dancing links count natively
/// (on `opts.threads` threads); CNF counts by blocking clauses over the answer variables.
pub fn count(p: &dyn Puzzle, opts: &Options, limit: Option<u64>) -> Result<Counted, EngineError> {
    let cap = limit.unwrap_or(u64::MAX);
    if let Some(found) = native(p, opts.method, 0, cap) {
        let found = found?;
        let Some(n) = found.count else {
            return Err(EngineError::Native {
                family: p.family().to_string(),
                reason: "infinitely many solutions".into(),
            });
        };
        return Ok(Counted {
            count: n.min(cap),
            complete: found.complete && n <= cap,
            method: "native",
        });
    }
    if let Prepared::Dlx(problem) = prepare(p, opts.method)? {
        let threads = match opts.threads {
            0 => std::thread::available_parallelism().map_or(1, |n| n.get()),
            t => t,
        };
        let c = wellposed_xc::count_parallel(&problem, threads, limit);
        return Ok(Counted {
            count: c.count,
            complete: c.complete,
            method: "dlx",
        });
    }
    let mut n = 0u64;
    let complete = enumerate_raw(p, opts, limit, |_| {
        n += 1;
        Ok(ControlFlow::Continue(()))
    })?;
    Ok(Counted {
        count: n,
        complete,
        method: "blocking",
    })
}

/// Writes the puzzle's encoding: `EncodingKind::Cnf` as DIMACS with the answer variables as
/// the projection (`c p show … 0` and `c ind … 0`) and a comment naming each of them;
/// `EncodingKind::ExactCover` as Knuth's `.dlx` text. An exact cover is translated to CNF when
/// DIMACS is asked for.
pub fn export(p: &dyn Puzzle, kind: EncodingKind, out: &mut impl Write) -> Result<(), EngineError> {
    let header = format!("wellposed export of a {} puzzle", p.family());
    match kind {
        EncodingKind::Cnf => {
            let Prepared::Sat { enc, .. } = prepare(p, Method::Sat)? else {
                unreachable!("Method::Sat prepares CNF")
            };
            let mut comments = vec![
                header,
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
            let Prepared::Dlx(problem) = prepare(p, Method::Dlx)? else {
                unreachable!("Method::Dlx prepares an exact cover")
            };
            wellposed_xc::write_dlx(out, &problem, &[header])?;
        }
    }
    Ok(())
}
