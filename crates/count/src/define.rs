//! Projection variables added by definability ([`crate::Counter::define`]): a variable outside
//! the projection whose value every model fixes once the projection variables are set (it is
//! *defined* by them) may join the projection without changing the projected count, since a
//! projected assignment with a model then extends to the new variable in exactly one way. The
//! counter gains by it: a defined variable is decided, split on and cached like any
//! projection variable, where it would otherwise sit inside satisfiability questions
//! (track3_001 of the 2022 competition: 240 of the 2,249 variables tested are defined, 25.6 s
//! without them, 13.5 s with those the elimination had left, 3.3 s with the ones it keeps
//! now (`simplify_extending`); BENCHMARKS.md). But a part of the formula left with defined
//! variables only (every variable of the given projection in it set) is no count to make: it
//! has at most one projected model wherever the rest has one, so the search asks it for a
//! model instead (`Search::counts_on`); counting it, by deciding auxiliaries whose values
//! follow only globally (a loop's order variables), cost the bundled 8×8 Masyu 0.35 s → 11 s
//! once more of them were found defined.
//!
//! The test is Padoa's: `v` is defined by `P` in `F` iff `F(X) ∧ F(X') ∧ (x = x' for x in P)
//! ∧ v ∧ ¬v'` has no model, `X'` a renamed copy of the variables. One incremental solver
//! holds both copies and, for each variable `u`, a selector `e_u` with `e_u → (u = u')`; the
//! selectors of the current projection are unit clauses (the projection only grows), and a
//! test assumes only `v ∧ ¬v'` (assuming every selector at every test cost the bundled 3×4
//! neighbour-sum puzzle's 14,531 tests 17.2 s, as units 0.83 s). Definability by `P` and by
//! `P` with variables defined by `P` added are the same thing, so a variable found defined
//! joins at once, and the order of the tests changes only their cost. A test answered by a
//! model (two models equal on the projection, different on `v`) also settles, untested, every
//! variable the two models disagree on: none of them is defined either.
//!
//! Each test is bounded ([`DefineLimits::conflicts`]); a variable whose test runs out is left
//! outside, which is always sound. Where tests keep running out (a formula whose copies are
//! hard to refute: track3_113, 523 tests for nothing in 7.5 s) the search stops after
//! [`DefineLimits::undecided_at_most`] of them.

use std::sync::atomic::{AtomicBool, Ordering};
use wellposed_sat::{Backend, Cnf, Lit, Var};

/// How much the search for defined variables may do: part of the counter's
/// [`crate::Settings`], each default the measured value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DefineLimits {
    /// Conflicts each test may take before its variable is taken as not defined.
    pub conflicts: u32,
    /// Tests that ran out of conflicts after which no more are made.
    pub undecided_at_most: u64,
    /// Tests made at most (each is a solve: a formula with a million auxiliary variables would
    /// otherwise take a million).
    pub tests_at_most: u64,
}

impl DefineLimits {
    /// The measured values.
    pub const DEFAULT: DefineLimits = DefineLimits {
        conflicts: 500,
        undecided_at_most: 16,
        tests_at_most: 20_000,
    };
}

impl Default for DefineLimits {
    fn default() -> Self {
        DefineLimits::DEFAULT
    }
}

/// What the search for defined variables did.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct DefineStats {
    /// Variables tested (outside the projection, in some clause).
    pub tested: u64,
    /// Of those, shown to be defined and added to the projection.
    pub defined: u64,
    /// Of those, whose test ran out of conflicts (left outside).
    pub undecided: u64,
    /// Variables left outside untested: a model pair found by an earlier test gave them
    /// different values in the two copies.
    pub ruled_out: u64,
}

/// The projection (sorted) with the variables it defines in `cnf` added, by Padoa's test on
/// `solver` (fresh, and able to bound a solve by conflicts, or nothing is added). `stop` ends
/// the tests early (what was found so far is kept: each added variable is defined).
///
/// ```
/// use wellposed_count::{extend_projection, DefineLimits};
/// use wellposed_sat::{Cnf, Var};
/// // y = a ∧ b, and z free: y is defined by {a, b}, z is not.
/// let mut cnf = Cnf::new();
/// let [a, b, y, z] = [0, 1, 2, 3].map(Var);
/// cnf.add_clause(&[y.negative(), a.positive()]);
/// cnf.add_clause(&[y.negative(), b.positive()]);
/// cnf.add_clause(&[y.positive(), a.negative(), b.negative()]);
/// cnf.add_clause(&[z.positive(), a.positive()]);
/// # #[cfg(feature = "cadical")]
/// # {
/// let solver = Box::new(wellposed_sat::CadicalBackend::new());
/// let stop = std::sync::atomic::AtomicBool::new(false);
/// let (projection, stats) =
///     extend_projection(&cnf, &[a, b], solver, &stop, &DefineLimits::DEFAULT);
/// assert_eq!(projection, vec![a, b, y]);
/// assert_eq!((stats.tested, stats.defined), (2, 1));
/// # }
/// ```
pub fn extend_projection(
    cnf: &Cnf,
    projection: &[Var],
    mut solver: Box<dyn Backend>,
    stop: &AtomicBool,
    limits: &DefineLimits,
) -> (Vec<Var>, DefineStats) {
    let mut extended: Vec<Var> = projection.to_vec();
    extended.sort_unstable();
    extended.dedup();
    let mut stats = DefineStats::default();
    if solver
        .set_limits(wellposed_sat::Limits::conflicts_per_solve(limits.conflicts))
        .is_err()
    {
        return (extended, stats);
    }
    let n = cnf.num_vars();
    let copy = |l: Lit| Lit::new(Var(l.var().0 + n), l.is_positive());
    let selector = |v: u32| Var(2 * n + v);
    let mut used = vec![false; n as usize];
    for l in cnf.clauses().iter().flatten() {
        used[l.var().index()] = true;
    }
    let mut shown = vec![false; n as usize];
    for v in &extended {
        if let Some(s) = shown.get_mut(v.index()) {
            *s = true;
        }
    }
    // Not yet tested, nor ruled out by a model pair.
    let mut open: Vec<bool> = (0..n as usize).map(|v| used[v] && !shown[v]).collect();
    // Nothing to test (every variable in a clause projected: most puzzle CNFs): the solver is
    // not given the two copies at all.
    if !open.contains(&true) {
        return (extended, stats);
    }
    for c in cnf.clauses() {
        solver.add_clause(c);
        let renamed: Vec<Lit> = c.iter().map(|&l| copy(l)).collect();
        solver.add_clause(&renamed);
    }
    for v in (0..n).filter(|&v| used[v as usize]) {
        let (x, e) = (Var(v).positive(), selector(v).negative());
        solver.add_clause(&[e, !x, copy(x)]);
        solver.add_clause(&[e, x, !copy(x)]);
    }
    // The projection only grows, so its selectors are unit clauses, not assumptions: the
    // solver fixes them once at its root instead of re-assigning thousands at every test.
    for v in (0..n).filter(|&v| shown[v as usize] && used[v as usize]) {
        solver.add_clause(&[selector(v).positive()]);
    }
    for v in 0..n {
        if !open[v as usize] {
            continue;
        }
        if stats.undecided >= limits.undecided_at_most
            || stats.tested >= limits.tests_at_most
            || stop.load(Ordering::Relaxed)
        {
            break;
        }
        stats.tested += 1;
        let x = Var(v).positive();
        match solver.solve(&[x, !copy(x)]) {
            Ok(false) => {
                stats.defined += 1;
                solver.add_clause(&[selector(v).positive()]);
                extended.push(Var(v));
            }
            Ok(true) => {
                // Two models equal on the projection that differ on u: u is not defined by
                // it (nor by it with defined variables added: the same thing), so u need not
                // be tested: 1,698 of track3_001's 2,249 candidates go this way (tests 1.12 s →
                // 0.15 s).
                for u in v + 1..n {
                    if open[u as usize] && solver.value(Var(u)) != solver.value(Var(u + n)) {
                        open[u as usize] = false;
                        stats.ruled_out += 1;
                    }
                }
            }
            Err(_) => stats.undecided += 1,
        }
    }
    extended.sort_unstable();
    (extended, stats)
}

#[cfg(all(test, feature = "cadical"))]
mod tests {
    use super::*;
    use crate::tests::{brute, defined_by_brute, random_cnf};
    use wellposed_sat::Xorshift;

    /// Random formulas with many short clauses (so that variables are often defined): every
    /// variable added is defined by the projection given (brute force), every variable left
    /// out that brute force finds defined was undecided (none here: the formulas are small),
    /// whether it was tested or settled by an earlier test's model pair, and the projected
    /// count is unchanged.
    #[test]
    fn the_variables_added_are_defined_and_the_count_stays() {
        let mut rng = Xorshift(0xde_f1e5);
        let stop = AtomicBool::new(false);
        let (mut added, mut left, mut ruled_out) = (0, 0, 0);
        for round in 0..1000 {
            let vars = 4 + rng.below(9) as u32;
            let clauses = rng.below(u64::from(vars) * 4) as usize;
            let mut cnf = random_cnf(&mut rng, vars, clauses, 3);
            // Equal pairs u = w: a model pair that differs on an undefined u differs on w too,
            // so w is settled untested (the solver's saved phases make the two copies agree
            // elsewhere, so random clauses alone seldom show it).
            for _ in 0..rng.below(5) {
                let (a, b) = (rng.below(u64::from(vars)), rng.below(u64::from(vars)));
                let (u, w) = (Var(a.min(b) as u32), Var(a.max(b) as u32));
                cnf.add_clause(&[u.negative(), w.positive()]);
                cnf.add_clause(&[u.positive(), w.negative()]);
            }
            let shown: Vec<Var> = (0..vars).filter(|_| rng.below(2) == 0).map(Var).collect();
            let solver = Box::new(wellposed_sat::CadicalBackend::new());
            let (extended, stats) =
                extend_projection(&cnf, &shown, solver, &stop, &DefineLimits::DEFAULT);
            assert_eq!(stats.undecided, 0);
            ruled_out += stats.ruled_out;
            for v in (0..vars).map(Var) {
                let in_some_clause = cnf.clauses().iter().flatten().any(|l| l.var() == v);
                if shown.contains(&v) || !in_some_clause {
                    assert_eq!(extended.contains(&v), shown.contains(&v), "round {round}");
                    continue;
                }
                let defined = defined_by_brute(&cnf, &shown, v);
                assert_eq!(
                    extended.contains(&v),
                    defined,
                    "round {round}, {v:?}: {cnf:?}"
                );
                if defined {
                    added += 1;
                } else {
                    left += 1;
                }
            }
            assert_eq!(
                brute(&cnf, Some(&extended)),
                brute(&cnf, Some(&shown)),
                "round {round}: {cnf:?}"
            );
        }
        assert!(added > 100 && left > 100, "{added} added, {left} left out");
        // Some of those left out were settled by a model pair, untested.
        assert!(ruled_out > 20, "{ruled_out} ruled out by models");
    }
}
