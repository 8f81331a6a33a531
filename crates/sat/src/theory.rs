//! Constraints the CNF does not state, checked inside the SAT search: a [`Theory`] reads the
//! solver's partial assignment of the variables it observes and answers with clauses. CaDiCaL
//! takes one through its external-propagator interface (IPASIR-UP,
//! [`crate::CadicalBackend`]'s `set_theory`); other backends decline
//! ([`crate::Backend::set_theory`] answers false) and their callers check each model
//! themselves, as before.
//!
//! # Invariants of a theory
//!
//! 1. **Every clause is valid**: it holds in every assignment that keeps the theory's
//!    constraint (whatever the rest of the formula says), so adding it removes no solution.
//! 2. **Clauses of [`Theory::propagate`] are false or unit now**: under the partial assignment
//!    it was given, every literal is false, or all but one, the last unassigned. (Any valid
//!    clause would be sound; this makes each one do work: a conflict or a propagation.)
//! 3. **The model check is complete**: [`Theory::model_cuts`] returns nothing exactly when the
//!    full assignment keeps the constraint, and otherwise clauses of which at least one is
//!    false in it. So a solver with the theory answers "satisfiable" only with models that
//!    keep it, and never finds a rejected model twice.
//! 4. Every literal of every clause is over [`Theory::observed`] variables (CaDiCaL takes
//!    external clauses over observed variables only).

use crate::{Lit, Var};

/// A constraint checked during the search (see the module's invariants).
pub trait Theory {
    /// The variables the theory reads; its clauses use no others.
    fn observed(&self) -> Vec<Var>;

    /// Under a partial assignment: valid clauses, each false or unit now (invariants 1, 2);
    /// empty when there is nothing to say. `new` holds the literals assigned since the last
    /// call (some may have been unassigned again since, by backtracking: read their values
    /// in `now`); every assignment since the last call is among them, so a theory may keep
    /// what it learnt of the assignment then. Not obliged to find anything:
    /// [`Theory::model_cuts`] is the complete check.
    fn propagate(&mut self, now: &Assignment, new: &[Lit]) -> Vec<Vec<Lit>>;

    /// Under a full assignment of the observed variables: nothing when it keeps the
    /// constraint, else valid clauses of which one at least is false (invariant 3).
    fn model_cuts(&mut self, value: &dyn Fn(Lit) -> bool) -> Vec<Vec<Lit>>;
}

/// A partial assignment of the observed variables, as [`Theory::propagate`] reads it.
pub struct Assignment<'a> {
    /// Per variable: 0 unassigned, 1 true, -1 false.
    values: &'a [i8],
}

impl<'a> Assignment<'a> {
    /// `values[v]`: 0 when variable v is unassigned, 1 when true, -1 when false (variables
    /// past the end unassigned).
    pub fn new(values: &'a [i8]) -> Assignment<'a> {
        Assignment { values }
    }

    /// The literal's value, `None` while its variable is unassigned.
    #[inline]
    pub fn value(&self, l: Lit) -> Option<bool> {
        match self.values.get(l.var().index()).copied().unwrap_or(0) {
            0 => None,
            v => Some((v > 0) == l.is_positive()),
        }
    }
}

/// What a theory did in a solver, for the log.
#[derive(Clone, Copy, Debug, Default)]
pub struct TheoryStats {
    /// Calls of [`Theory::propagate`] and the clauses they gave.
    pub propagate_calls: u64,
    pub propagate_clauses: u64,
    /// Models checked, rejected, and the cuts given for them.
    pub models: u64,
    pub rejected: u64,
    pub cuts: u64,
}

/// The glue between CaDiCaL's propagator callbacks and a [`Theory`]: the partial assignment of
/// the observed variables as a stack of decision levels (CaDiCaL's trail, as notified), and
/// the clauses waiting to be handed over.
///
/// Invariants: `value[v]` is set exactly for the variables on `trail`; `levels[k]` is the
/// length of `trail` when decision k + 1 was notified; a literal notified again while its
/// variable is set (CaDiCaL repeats root-level assignments) changes nothing.
#[cfg(feature = "cadical")]
pub(crate) struct Glue {
    theory: Box<dyn Theory>,
    /// CaDiCaL's names: variable v is handed over negated where `flipped[v]`.
    flipped: Vec<bool>,
    /// Per variable: 0 unassigned, 1 true, -1 false (in the formula's names).
    value: Vec<i8>,
    trail: Vec<u32>,
    levels: Vec<usize>,
    /// New assignments since the theory was last asked (`new`: their literals).
    fresh: usize,
    new: Vec<Lit>,
    pending: std::collections::VecDeque<(Vec<i32>, bool)>,
    /// The last full model (per variable, as `value`).
    model: Vec<i8>,
    stats: std::rc::Rc<std::cell::Cell<TheoryStats>>,
}

#[cfg(feature = "cadical")]
impl Glue {
    pub(crate) fn new(
        theory: Box<dyn Theory>,
        flipped: Vec<bool>,
        vars: usize,
        stats: std::rc::Rc<std::cell::Cell<TheoryStats>>,
    ) -> Glue {
        Glue {
            theory,
            flipped,
            value: vec![0; vars],
            trail: Vec::new(),
            levels: Vec::new(),
            fresh: 0,
            new: Vec::new(),
            pending: Default::default(),
            model: vec![0; vars],
            stats,
        }
    }

    /// CaDiCaL's literal as the formula's variable and value.
    fn ours(&self, lit: i32) -> (usize, bool) {
        let v = lit.unsigned_abs() as usize - 1;
        let flipped = self.flipped.get(v).copied().unwrap_or(false);
        (v, (lit > 0) != flipped)
    }

    fn theirs(&self, l: Lit) -> i32 {
        let d = l.dimacs() as i32;
        if self.flipped.get(l.var().index()).copied().unwrap_or(false) {
            -d
        } else {
            d
        }
    }

    fn queue(&mut self, clauses: Vec<Vec<Lit>>, forgettable: bool) {
        for c in clauses {
            let named = c.iter().map(|&l| self.theirs(l)).collect();
            self.pending.push_back((named, forgettable));
        }
    }

    fn tally(&self, f: impl FnOnce(&mut TheoryStats)) {
        let mut s = self.stats.get();
        f(&mut s);
        self.stats.set(s);
    }
}

#[cfg(feature = "cadical")]
impl crate::ccadical::Propagator for Glue {
    fn assigned(&mut self, lits: &[i32]) {
        for &lit in lits {
            let (v, positive) = self.ours(lit);
            if v >= self.value.len() {
                continue;
            }
            if self.value[v] == 0 {
                self.value[v] = if positive { 1 } else { -1 };
                self.trail.push(v as u32);
                self.fresh += 1;
                self.new.push(Lit::new(Var(v as u32), positive));
            }
        }
    }

    fn new_level(&mut self) {
        self.levels.push(self.trail.len());
    }

    fn backtrack(&mut self, level: usize) {
        if level >= self.levels.len() {
            return;
        }
        let keep = self.levels[level];
        for &v in &self.trail[keep..] {
            self.value[v as usize] = 0;
        }
        self.trail.truncate(keep);
        self.levels.truncate(level);
    }

    fn check_model(&mut self, lits: &[i32]) -> bool {
        self.model.iter_mut().for_each(|x| *x = 0);
        for &lit in lits {
            let (v, positive) = self.ours(lit);
            if v < self.model.len() {
                self.model[v] = if positive { 1 } else { -1 };
            }
        }
        let model = Assignment::new(&self.model);
        let cuts = self.theory.model_cuts(&|l| model.value(l).unwrap_or(false));
        let n = cuts.len() as u64;
        self.tally(|s| {
            s.models += 1;
            s.rejected += u64::from(n > 0);
            s.cuts += n;
        });
        if cuts.is_empty() {
            return true;
        }
        self.queue(cuts, false);
        false
    }

    fn next_clause(&mut self) -> Option<(Vec<i32>, bool)> {
        // Asked at every propagation fixpoint with something new (asking every k-th time was
        // measured: no steady gain, and the connected-set theory skips unchanged work itself).
        if self.pending.is_empty() && self.fresh > 0 {
            self.fresh = 0;
            let clauses = self
                .theory
                .propagate(&Assignment::new(&self.value), &self.new);
            self.new.clear();
            let n = clauses.len() as u64;
            self.tally(|s| {
                s.propagate_calls += 1;
                s.propagate_clauses += n;
            });
            self.queue(clauses, true);
        }
        self.pending.pop_front()
    }
}

#[cfg(all(test, feature = "cadical"))]
mod tests {
    use super::*;
    use crate::{Backend, CadicalBackend, Cnf, Xorshift};

    /// "An even number of these variables is true", with clauses only from the theory: a
    /// conflict (or unit) clause once all (or all but one) of them are assigned.
    struct Even {
        vars: Vec<Var>,
    }

    impl Even {
        /// The clause ruling out the current values of all assigned variables but `skip`.
        fn against(&self, value: &dyn Fn(Lit) -> Option<bool>, skip: Option<Var>) -> Vec<Lit> {
            self.vars
                .iter()
                .filter(|&&v| Some(v) != skip)
                .map(|&v| Lit::new(v, !value(v.positive()).unwrap()))
                .collect()
        }
    }

    impl Theory for Even {
        fn observed(&self) -> Vec<Var> {
            self.vars.clone()
        }

        fn propagate(&mut self, now: &Assignment, _new: &[Lit]) -> Vec<Vec<Lit>> {
            let value = &|l| now.value(l);
            let open: Vec<Var> = self
                .vars
                .iter()
                .copied()
                .filter(|v| value(v.positive()).is_none())
                .collect();
            let ones = self
                .vars
                .iter()
                .filter(|v| value(v.positive()) == Some(true))
                .count();
            match open.as_slice() {
                [] if ones % 2 == 1 => vec![self.against(value, None)],
                [last] => {
                    // The last one must make the count even.
                    let mut clause = self.against(value, Some(*last));
                    clause.push(Lit::new(*last, ones % 2 == 1));
                    vec![clause]
                }
                _ => Vec::new(),
            }
        }

        fn model_cuts(&mut self, value: &dyn Fn(Lit) -> bool) -> Vec<Vec<Lit>> {
            let ones = self.vars.iter().filter(|v| value(v.positive())).count();
            if ones % 2 == 0 {
                return Vec::new();
            }
            vec![self
                .vars
                .iter()
                .map(|&v| Lit::new(v, !value(v.positive())))
                .collect()]
        }
    }

    /// Blocking-clause counts with the theory equal brute force on random formulas, with
    /// assumptions and phase hints (renamed variables), across many incremental solves.
    #[test]
    fn a_theory_inside_cadical_keeps_exactly_its_models() {
        let mut rng = Xorshift(0x2026_1129_0067);
        let mut clauses = 0;
        for round in 0..300 {
            let n = 2 + rng.below(8) as u32;
            let mut cnf = Cnf::new();
            cnf.reserve_vars(n);
            for _ in 0..rng.below(3 * n as u64) {
                let clause: Vec<Lit> = (0..1 + rng.below(3))
                    .map(|_| Lit::new(Var(rng.below(n as u64) as u32), rng.below(2) == 0))
                    .collect();
                cnf.add_clause(&clause);
            }
            for v in 0..n {
                if rng.below(2) == 0 {
                    cnf.prefer(Lit::new(Var(v), rng.below(2) == 0));
                }
            }
            let even: Vec<Var> = (0..n).filter(|_| rng.below(3) > 0).map(Var).collect();
            let assumptions: Vec<Lit> = (0..rng.below(2))
                .map(|_| Lit::new(Var(rng.below(n as u64) as u32), rng.below(2) == 0))
                .collect();
            let brute = (0u32..1 << n)
                .filter(|m| {
                    let value = |l: &Lit| (m >> l.var().0 & 1 == 1) == l.is_positive();
                    cnf.clauses().iter().all(|c| c.iter().any(value))
                        && assumptions.iter().all(value)
                        && even.iter().filter(|v| m >> v.0 & 1 == 1).count() % 2 == 0
                })
                .count();
            let mut solver = CadicalBackend::new();
            solver.add_cnf(&cnf);
            let keep = rng.below(2) == 0;
            if keep {
                solver.keep_for_theory(&even);
            }
            // The theory is connected at once, or after a few solves in which the caller cut
            // off the models it rejects itself (as the engine's lazy loop does): CaDiCaL may
            // have eliminated its variables by then.
            let attach_after = rng.below(4);
            let mut solves = 0;
            let mut attached = false;
            let mut found = 0;
            loop {
                if !attached && solves == attach_after {
                    // Without the variables kept, CaDiCaL may refuse a theory given late.
                    attached = solver.set_theory(Box::new(Even { vars: even.clone() }));
                    assert!(attached || (!keep && solves > 0), "round {round}");
                }
                solves += 1;
                if !solver.solve(&assumptions).unwrap() {
                    break;
                }
                let model: Vec<bool> = (0..n).map(|v| solver.value(Var(v))).collect();
                let odd = even.iter().filter(|v| model[v.index()]).count() % 2 == 1;
                assert!(
                    !(attached && odd),
                    "round {round}: a model the theory rejects"
                );
                let block: Vec<Lit> = (0..n)
                    .map(|v| Lit::new(Var(v), !model[v as usize]))
                    .collect();
                solver.add_clause(&block);
                found += usize::from(!odd);
            }
            assert_eq!(found, brute, "round {round}");
            clauses += solver.theory_stats().map_or(0, |s| s.propagate_clauses);
        }
        assert!(
            clauses > 0,
            "the search asked the theory, not only the model check"
        );
    }
}
