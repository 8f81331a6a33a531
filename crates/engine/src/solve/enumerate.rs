//! Solutions one by one: the incremental blocking loop over a CNF (with the lazy cuts of the
//! graph constraints), dancing links over an exact cover, and the questions built on them
//! (first solution, uniqueness, the intended solution's uniqueness).

use super::*;

/// Visits solutions (raw answers) until `visit` breaks or `limit` is reached. Returns true
/// when every solution was visited. CNF solutions differ on the answer variables only: each
/// one found is blocked by a clause over those variables, in the same incremental solver.
/// Each one found is tallied in `opts.progress`.
pub(super) fn enumerate_raw(
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
pub(super) fn enumerate_cnf_until(
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
        (
            limit.unwrap_or(u64::MAX),
            &opts.progress,
            crate::connectivity::CutRounds::new(&opts.limits),
            !opts.lazy_cuts_only,
        ),
        visit,
        blocked,
    )
}

/// [`enumerate_cnf`] on a given solver, tallying each solution in `progress`. `blocked` holds
/// the blocking clauses of solutions found before (by an earlier enumeration of the same
/// encoding: they are blocked from the start, neither visited nor tallied again), and each
/// solution found here is added to it, the last one too (where the limit or the visitor ends
/// the enumeration), so that it says every solution found so far. With `theory`, the
/// encoding's connected sets are also checked inside the solver's search where the backend
/// can (see `crate::connectivity`); the lazy loop stays.
pub(super) fn enumerate_on(
    solver: &mut dyn Backend,
    enc: &CnfEncoding,
    cover_options: Option<usize>,
    (limit, progress, mut rounds, theory): (u64, &Progress, crate::connectivity::CutRounds, bool),
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
    // The connected sets go into the search once the loop has needed a round of cuts:
    // puzzles the clauses alone settle pay nothing for them.
    let mut theory = theory && crate::connectivity::keep_for_theory(solver, &enc.lazy);
    let n = enc.cnf.num_vars() as usize;
    let mut cut_clauses = 0usize;
    while solver.solve(&[])? {
        let model = model_of(solver, n);
        // A model that breaks a graph constraint is cut off, neither counted nor blocked
        // (the invariants of `crate::connectivity`).
        let cuts = crate::connectivity::cuts_of(&enc.lazy, &model);
        if !cuts.is_empty() {
            cut_clauses += cuts.len();
            rounds.another()?;
            for cut in &cuts {
                solver.add_clause(cut);
            }
            if theory {
                theory = false;
                if crate::connectivity::attach_theory(solver, &enc.lazy) {
                    log::debug!(
                        "connected sets checked inside the {} search after {} rounds",
                        solver.name(),
                        rounds.total()
                    );
                }
            }
            continue;
        }
        if !enc.lazy.is_empty() {
            log::debug!(
                "lazy cuts: {} rounds, {cut_clauses} clauses before solution {}",
                rounds.total(),
                seen + 1
            );
        }
        rounds.accepted();
        // The solution's literals; the clause blocking it negates them all, or only its true
        // ones where the builder promises that no solution holds another
        // (`Cnf::promise_antichain`: that clause also excludes the supersets, none of them
        // solutions).
        let here: Vec<Lit> = enc
            .answer
            .iter()
            .map(|&v| Lit::new(v, model[v.index()]))
            .collect();
        let short = enc.cnf.promises_antichain();
        let block: Vec<Lit> = here
            .iter()
            .filter(|l| !short || l.is_positive())
            .map(|&l| !l)
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
            solver.hold_phases(&here);
        }
        blocked.push(block);
        if visit(answer)?.is_break() || seen >= limit {
            return Ok(false);
        }
    }
    if !enc.lazy.is_empty() {
        log::debug!(
            "lazy cuts: {} rounds, {cut_clauses} clauses in all",
            rounds.total()
        );
    }
    Ok(true)
}

/// Every solution, decoded and verified, up to `limit`. Returns whether the list is complete.
pub fn enumerate(
    p: &dyn Puzzle,
    opts: &Options,
    limit: Option<u64>,
    mut visit: impl FnMut(Solved) -> ControlFlow<()>,
) -> Result<bool, EngineError> {
    let cap = limit.unwrap_or(u64::MAX);
    let plan = plan(p, opts, Question::of_listing(limit), limit);
    log::info!("{}", plan.describe());
    if let Some(found) = native(p, opts, &plan, cap, cap) {
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

/// The first solution, if any.
pub fn first(p: &dyn Puzzle, opts: &Options) -> Result<Option<Solved>, EngineError> {
    let mut found = None;
    enumerate(p, opts, Some(1), |s| {
        found = Some(s);
        ControlFlow::Break(())
    })?;
    Ok(found)
}

/// None, unique, or multiple with two different witnesses. Where the family reduces the
/// question ([`crate::Family::reduced_for_uniqueness`]), the reduced puzzle answers it, and a
/// unique answer there stands once [`crate::Family::another_solution`] finds no second.
pub fn uniqueness(p: &dyn Puzzle, opts: &Options) -> Result<Uniqueness, EngineError> {
    if let Some(q) = p.reduced_for_uniqueness() {
        log::info!("the family reduces the question of uniqueness");
        return Ok(match uniqueness(q.as_ref(), opts)? {
            Uniqueness::Unique(s) => match p.another_solution(&s) {
                Some(t) => Uniqueness::Multiple(s, t?),
                None => Uniqueness::Unique(s),
            },
            other => other,
        });
    }
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
