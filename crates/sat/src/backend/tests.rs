//! The backends against brute force and their limits (CaDiCaL's options, stop flag and
//! renamed variables).

use super::*;
use crate::Xorshift;

#[test]
fn the_options_set_exist() {
    // Each option a backend sets, with a value other than its default: an option CaDiCaL
    // renamed or dropped would read 0 before and after (its C interface cannot say).
    for (name, val) in STABLE_OPTIONS.into_iter().chain(COUNTING_OPTIONS) {
        let mut s = crate::ccadical::Solver::new();
        assert_ne!(s.get_option(name), val, "{name:?} is not at its default");
        assert!(s.set_option(name, val), "CaDiCaL takes {name:?} = {val}");
    }
    assert!(!crate::ccadical::Solver::new().set_option(c"no-such-option", 1));
}

#[test]
fn a_raised_stop_flag_ends_a_solve() {
    // Raised before: the solve does not start. Raised during a solve that would take
    // minutes: it ends with `Stopped`, not with an answer.
    let stop = Arc::new(AtomicBool::new(true));
    let mut solver = CadicalBackend::new();
    assert!(solver.set_stop(Arc::clone(&stop)));
    solver.add_cnf(&crate::instances::pigeonhole(12));
    assert!(matches!(
        solver.solve(&[]),
        Err(BackendError::Stopped { reason: "stop" })
    ));
    stop.store(false, Ordering::Relaxed);
    let raiser = {
        let stop = Arc::clone(&stop);
        std::thread::spawn(move || {
            std::thread::sleep(std::time::Duration::from_millis(100));
            stop.store(true, Ordering::Relaxed);
        })
    };
    assert!(matches!(
        solver.solve(&[]),
        Err(BackendError::Stopped { reason: "stop" })
    ));
    raiser.join().unwrap();
    // Limits set afterwards keep the flag.
    solver.set_limits(Limits::default()).unwrap();
    assert!(solver.solve(&[]).is_err());
    assert!(!VarisatBackend::new().set_stop(stop));
}

/// Models by blocking clauses, with `solver` fresh.
fn models(mut solver: impl Backend, cnf: &Cnf, assumptions: &[Lit]) -> u64 {
    solver.add_cnf(cnf);
    let vars: Vec<Var> = (0..cnf.num_vars()).map(Var).collect();
    let mut n = 0;
    while solver.solve(assumptions).unwrap() {
        let model: Vec<bool> = vars.iter().map(|&v| solver.value(v)).collect();
        assert!(
            cnf.clauses()
                .iter()
                .all(|c| c.iter().any(|l| model[l.var().index()] == l.is_positive())),
            "the model read back satisfies the formula"
        );
        assert!(assumptions
            .iter()
            .all(|l| model[l.var().index()] == l.is_positive()));
        n += 1;
        let block: Vec<Lit> = vars
            .iter()
            .map(|&v| Lit::new(v, !model[v.index()]))
            .collect();
        solver.add_clause(&block);
    }
    if n == 0 && !assumptions.is_empty() {
        // The failed assumptions are named in the caller's polarity, renamed or not.
        let failed = solver.failed_assumptions(assumptions).unwrap();
        assert!(failed.iter().all(|l| assumptions.contains(l)));
    }
    n
}

/// Phase hints rename variables inside CaDiCaL; the models, the assumptions and the failed
/// assumptions must come back in the formula's own names: counts by blocking clauses with
/// random hints equal brute force, with and without assumptions; so do counts with hints
/// held at every decision and moved to each model found.
#[test]
fn phase_hints_change_no_answer() {
    let mut rng = Xorshift(0x2026_1124_0001);
    for round in 0..300 {
        let vars = 1 + rng.below(8) as u32;
        let mut cnf = Cnf::new();
        cnf.reserve_vars(vars);
        for _ in 0..rng.below(4 * vars as u64) {
            let clause: Vec<Lit> = (0..1 + rng.below(3))
                .map(|_| Lit::new(Var(rng.below(vars as u64) as u32), rng.below(2) == 0))
                .collect();
            cnf.add_clause(&clause);
        }
        let assumptions: Vec<Lit> = (0..rng.below(3))
            .map(|_| Lit::new(Var(rng.below(vars as u64) as u32), rng.below(2) == 0))
            .collect();
        let brute = (0u32..1 << vars)
            .filter(|m| {
                let value = |l: &Lit| (m >> l.var().0 & 1 == 1) == l.is_positive();
                cnf.clauses().iter().all(|c| c.iter().any(value)) && assumptions.iter().all(value)
            })
            .count() as u64;
        let mut hinted = cnf.clone();
        for v in 0..vars {
            hinted.prefer(Lit::new(Var(v), rng.below(2) == 0));
        }
        assert_eq!(
            models(CadicalBackend::new(), &cnf, &assumptions),
            brute,
            "round {round}"
        );
        assert_eq!(
            models(CadicalBackend::new(), &hinted, &assumptions),
            brute,
            "round {round}, hinted"
        );
        assert_eq!(
            models(CadicalBackend::stable(), &hinted, &assumptions),
            brute,
            "round {round}, hinted, stable configuration"
        );
        // Hints held at every decision (`phase`, nothing renamed), some variables
        // unhinted, and moved to each model as it is found (as the engine's enumeration
        // does for such formulas).
        let mut held = cnf.clone();
        for v in 0..vars {
            if rng.below(3) > 0 {
                held.prefer(Lit::new(Var(v), rng.below(2) == 0));
            }
        }
        held.insist_on_preferred();
        let mut solver = CadicalBackend::new();
        solver.add_cnf(&held);
        assert!(
            solver.flipped.iter().all(|&f| !f),
            "held hints rename nothing"
        );
        let mut found = 0;
        while solver.solve(&assumptions).unwrap() {
            let model: Vec<Lit> = (0..vars)
                .map(|v| Lit::new(Var(v), solver.value(Var(v))))
                .collect();
            assert!(cnf
                .clauses()
                .iter()
                .all(|c| c.iter().any(|l| model.contains(l))));
            assert!(assumptions.iter().all(|l| model.contains(l)));
            found += 1;
            let block: Vec<Lit> = model.iter().map(|&l| !l).collect();
            solver.add_clause(&block);
            solver.hold_phases(&model);
        }
        assert_eq!(found, brute, "round {round}, held hints");
    }
}
