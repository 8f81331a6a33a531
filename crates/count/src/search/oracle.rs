//! The SAT oracle and the listing: one incremental CDCL solver (CaDiCaL when built with it)
//! holding the whole formula answers satisfiability questions the search hands over and
//! checks components once most decisions conflict; the listing finds the projected models one
//! by one with blocking clauses, bounded by conflicts, and hands over to a fresh CaDiCaL in its
//! stable configuration when the models are many and each dear
//! ([`Counter::stable_listing_after`], [`Counter::dear_model_conflicts`]).
//!
//! Invariants: the oracle's formula implies everything the searched one does over its
//! variables (see `strategy.rs`), so its "yes" under the decisions means a model of the
//! component, and its "no" a branch that counts 0 (whose cache entries are taken back); a
//! listing either proves its list complete or is dropped whole.

use super::*;

/// A fresh incremental SAT solver: CaDiCaL when built with it (it can be bounded by
/// conflicts; [`wellposed_sat::CadicalBackend::for_counting`]), else varisat.
pub(crate) fn new_solver() -> Box<dyn Backend> {
    #[cfg(feature = "cadical")]
    return Box::new(wellposed_sat::CadicalBackend::for_counting());
    #[cfg(not(feature = "cadical"))]
    return Box::new(wellposed_sat::VarisatBackend::new());
}

/// One solve of the listing, bounded by `bound` conflicts in all, and whether it ran past
/// `probe` conflicts (a dear model, or none): first bounded by `probe`, then by the rest of
/// `bound` (the second solve goes on from what the first learnt). The solver is left bounded
/// by `bound`.
fn solve_probed(
    solver: &mut Box<dyn Backend>,
    probe: Option<u32>,
    bound: u32,
) -> (Result<bool, BackendError>, bool) {
    let Some(probe) = probe.filter(|&p| p < bound) else {
        return (solver.solve(&[]), false);
    };
    if solver
        .set_limits(Limits::conflicts_per_solve(probe))
        .is_err()
    {
        return (solver.solve(&[]), false);
    }
    let first = solver.solve(&[]);
    let past = matches!(
        first,
        Err(BackendError::Stopped {
            reason: "conflicts"
        })
    );
    let answer = if past {
        let _ = solver.set_limits(Limits::conflicts_per_solve(bound - probe));
        solver.solve(&[])
    } else {
        first
    };
    let _ = solver.set_limits(Limits::conflicts_per_solve(bound));
    (answer, past)
}

/// `solver` holding the whole formula `cnf`, ended by the counter's oracle flag `stop`: the
/// oracle, or the stable listing's solver.
fn holding(mut solver: Box<dyn Backend>, stop: &Arc<AtomicBool>, cnf: &Cnf) -> Box<dyn Backend> {
    solver.set_stop(Arc::clone(stop));
    solver.add_cnf(cnf);
    solver
}

impl Search<'_> {
    /// Whether the formula has a model under the current decisions, asked of the oracle (a
    /// CDCL solver holding the whole formula) with the decisions as assumptions; everything
    /// else on the trail follows from them. Asked for a component: "yes" means the component
    /// is satisfiable (a model of the whole restricts to one of it), which answers a component
    /// without projection variables and lets one to count be counted. "No" may come from
    /// another component; the branch then counts 0 however this component counts, and its
    /// cache entries are taken back (see the module's invariants), so 0 stands in for the
    /// component's count.
    pub(super) fn satisfiable(&mut self) -> bool {
        let assumptions: Vec<Lit> = self
            .decisions_at
            .iter()
            .map(|&at| Lit::from_code(self.trail[at]))
            .collect();
        self.stats.oracle_calls += 1;
        self.progress(); // each question takes milliseconds: the clock costs nothing here
        let learning = self.learning;
        let oracle = self.oracle();
        // Without limits neither backend stops on its own, but the stop flag ends a solve:
        // the search then unwinds (any answer will do, none is kept).
        match oracle.solve(&assumptions) {
            Ok(true) => return true,
            Ok(false) => {}
            Err(wellposed_sat::BackendError::Stopped { .. }) => {
                self.stopped = true;
                return true;
            }
            Err(e) => panic!("the SAT oracle failed: {e}"),
        }
        // The decisions the refutation used cannot all hold in any model: their negations
        // form a clause implied by the formula, learnt like a conflict's (it propagates in
        // the other branches that repeat part of this one), latest decision first.
        if learning {
            if let Some(core) = oracle.failed_assumptions(&assumptions) {
                let mut clause: Vec<u32> = core.iter().map(|l| l.code() ^ 1).collect();
                clause.sort_by_key(|&l| std::cmp::Reverse(self.level[(l >> 1) as usize]));
                if (2..=learn::MAX_LEARNT_LEN).contains(&clause.len()) {
                    self.stats.oracle_clauses += 1;
                    self.store_learnt(&mut clause);
                }
            }
        }
        false
    }

    /// The incremental SAT solver holding the whole formula, made when first asked for.
    pub(super) fn oracle(&mut self) -> &mut Box<dyn Backend> {
        let (stop, cnf) = (&self.oracle_stop, self.oracle_cnf);
        self.oracle
            .get_or_insert_with(|| holding(new_solver(), stop, cnf))
    }

    /// [`Counter::list_up_to`]: the count of the (projected) models of the formula, without
    /// the projection variables in no clause, when the oracle lists them all and there are at
    /// most `list_up_to`; `None` otherwise. Each model found is excluded by a clause over the
    /// projection variables. Where the listing gives up after a model, the oracle is dropped
    /// with its blocking clauses (a later question makes a fresh one, holding only the
    /// formula): blocking clauses guarded by an assumed selector would keep it, but cost
    /// CaDiCaL more than the rebuild (Survo open-4x4 1.82 s guarded, 1.65 s plain). Where it
    /// gives up before any, nothing was added, and the oracle is kept with what it learnt.
    pub(crate) fn list_models(&mut self) -> Option<Num> {
        log::debug!(
            "model counter: listing models (at {} decisions, {} conflicts)",
            self.stats.decisions,
            self.stats.conflicts
        );
        let up_to = self.list_up_to;
        let block_on: Vec<u32> = (0..self.reason.len() as u32)
            .filter(|&v| self.projected[v as usize] && self.degree[v as usize] > 0)
            .collect();
        let (stop, floor, loose) = (self.stop, self.floor, self.loose);
        let bounded = Limits::conflicts_per_solve(self.list_conflicts);
        if self.oracle().set_limits(bounded).is_err() {
            return None; // an oracle that cannot be bounded could list for ever
        }
        let mut found = 0u64;
        // The blocking clauses, kept for a stable listing to start from.
        let mut blocks: Vec<Vec<Lit>> = Vec::new();
        let mut stable: Option<Box<dyn Backend>> = None;
        let mut cap = up_to;
        let mut dear = 0u64;
        let (list_conflicts, dear_model_conflicts) =
            (self.list_conflicts, self.dear_model_conflicts);
        let listed = loop {
            if stop.load(Ordering::Relaxed) {
                break None;
            }
            self.stats.listed = found;
            self.progress();
            // Dear models are told apart only where they could hand the listing on: after
            // `stable_listing_after` models (and never the first, whose solve may be the
            // formula's whole hard part), until the stable configuration takes over. A solve
            // split at the probe goes another way than one that is not (CaDiCaL restarts), so
            // no listing shorter than that is touched.
            let probe = (stable.is_none() && found >= self.stable_listing_after.max(1))
                .then_some(dear_model_conflicts);
            let solver = match stable.as_mut() {
                Some(s) => s,
                None => self.oracle(),
            };
            let (answer, past_probe) = solve_probed(solver, probe, list_conflicts);
            dear += u64::from(past_probe);
            let mut hand_on = false;
            match answer {
                Ok(true) if found < cap => {
                    found += 1;
                    if let Some(floor) = floor {
                        let models = found.checked_shl(loose).filter(|m| m >> loose == found);
                        floor.fetch_max(models.unwrap_or(u64::MAX), Ordering::Relaxed);
                    }
                    let block: Vec<Lit> = block_on
                        .iter()
                        .map(|&v| Lit::new(Var(v), !solver.value(Var(v))))
                        .collect();
                    solver.add_clause(&block);
                    if stable.is_some() {
                        self.stats.listed_stable += 1;
                    } else if self.stable_listing_after != u64::MAX {
                        blocks.push(block);
                        // Dear solves are counted only past `stable_listing_after` models.
                        hand_on = dear >= self.settings.dear_models;
                    }
                }
                Err(BackendError::Stopped {
                    reason: "conflicts",
                }) if stable.is_none() && found >= self.stable_listing_after => hand_on = true,
                Ok(true) | Err(_) => break None,
                Ok(false) => break Some(Num::Small(u128::from(found))),
            }
            if hand_on {
                stable = self.stable_listing(&blocks);
                if stable.is_none() {
                    break None;
                }
                log::debug!(
                    "model counter: the stable configuration lists on after {found} models \
                     ({dear} dear)"
                );
                cap = up_to.saturating_mul(self.settings.stable_list_factor);
            }
        };
        self.stats.listed = found;
        log::debug!(
            "model counter: listing {} after {found} models (at {} decisions, {} conflicts)",
            if listed.is_some() {
                "complete"
            } else {
                "given up"
            },
            self.stats.decisions,
            self.stats.conflicts
        );
        if found > 0 {
            self.oracle = None; // its blocking clauses go with it
        } else if let Some(oracle) = &mut self.oracle {
            // Kept with what it learnt; unbounded again for the questions.
            let _ = oracle.set_limits(Limits::default());
        }
        listed
    }

    /// A fresh CaDiCaL in its stable configuration holding the formula and `blocks`, bounded
    /// by [`Settings::stable_list_conflicts`] a solve, for the listing to go on with (see
    /// [`Counter::stable_listing_after`]); `None` without CaDiCaL.
    pub(super) fn stable_listing(&self, blocks: &[Vec<Lit>]) -> Option<Box<dyn Backend>> {
        #[cfg(feature = "cadical")]
        {
            let stable = Box::new(wellposed_sat::CadicalBackend::stable());
            let mut solver = holding(stable, &self.oracle_stop, self.oracle_cnf);
            for b in blocks {
                solver.add_clause(b);
            }
            let bounded = Limits::conflicts_per_solve(self.settings.stable_list_conflicts);
            solver.set_limits(bounded).ok().map(|()| solver)
        }
        #[cfg(not(feature = "cadical"))]
        {
            let _ = blocks;
            None
        }
    }
}
