//! Counting: the family's mathematics, dancing links (plain or memoised), blocking clauses, the
//! model counter, and the race between the last two, as the question's [`super::Plan`] says.

use super::*;

/// Plain dancing links on `opts.threads` threads (0: all cores), stopping at `limit`.
pub(super) fn plain_dlx(
    problem: Problem,
    opts: &Options,
    limit: Option<u64>,
) -> Result<Counted, EngineError> {
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
    let plan = plan(p, opts, Question::Count, limit);
    log::info!("{}", plan.describe());
    if let Some(found) = native(p, opts, &plan, 0, cap) {
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
    let method = match opts.counting {
        Counting::Auto => opts.method,
        Counting::Blocking | Counting::Counter => Method::Sat,
    };
    let settled = |purpose| opts.choices.settled(purpose);
    // The model counter (alone, or racing blocking clauses) counts the formulas built for it;
    // blocking clauses list under lazy cuts (the race completes the formula for its counter).
    let prepared = match plan.last() {
        PlanStep::Blocking { .. } => prepare(p, method, settled(Purpose::Solving), true)?,
        PlanStep::Counter => prepare(p, method, settled(Purpose::Counting), false)?,
        _ => prepare(p, method, settled(Purpose::Counting), true)?,
    };
    let (enc, cover_options) = match (prepared, plan.last()) {
        (Prepared::Sat { enc, cover_options }, _) => (enc, cover_options),
        (Prepared::Dlx(problem), PlanStep::DlxMemo | PlanStep::DlxMemoIfPays { .. }) => {
            return memo_dlx(problem, opts, plan.last() == &PlanStep::DlxMemo, limit)
        }
        (Prepared::Dlx(problem), _) => return plain_dlx(problem, opts, limit),
    };
    match plan.last() {
        PlanStep::Blocking { .. } => blocking_count(&enc, cover_options, opts, limit),
        PlanStep::Counter => {
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
        _ => {
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

/// Memoised dancing links: `always` (asked for), or where a probe shows remainders repeating
/// (plain dancing links otherwise).
fn memo_dlx(
    problem: Problem,
    opts: &Options,
    always: bool,
    limit: Option<u64>,
) -> Result<Counted, EngineError> {
    let never = std::sync::atomic::AtomicBool::new(false);
    let memo_err = |e: wellposed_xc::XcError| EngineError::MethodFailed {
        method: Method::DlxMemo.name(),
        reason: e.to_string(),
    };
    let memo = match always {
        true => Some(
            wellposed_xc::memo::count(&problem, opts.choices.max_bytes, &never)
                .map_err(memo_err)?,
        ),
        false => {
            wellposed_xc::memo::pays(&problem, opts.choices.max_bytes, &never).map_err(memo_err)?
        }
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
            Ok(Counted {
                count: SolutionCount::Finite(BigUint::from(c.count)),
                complete: c.complete,
                method: CountMethod::DlxMemo,
            })
        }
        None => plain_dlx(problem, opts, limit),
    }
}

pub(super) fn blocking_count(
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
pub(super) fn blocking_count_until(
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
pub(super) fn race(
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
