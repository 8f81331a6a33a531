//! The strategy: how [`Counter::count`] answers. In order: the listing of models by the SAT
//! oracle first (when [`Counter::list_first`]; a formula in exact-cover form is not listed),
//! then the simplification with the projection extended by the variables it defines
//! (`simplify.rs`, `define.rs`), then one of: dancing links for an exact cover that does not
//! decompose (`cover.rs`), inclusion–exclusion over a few long clauses over projection
//! variables ([`InclusionExclusion`]), or one search (`search/`). Every way gives the same
//! count; the choice is only about the work.
//!
//! Invariant: the formula the search counts has the same projected count as the one given
//! (the simplification and the definitions keep it), and the SAT oracle always holds the
//! formula as given, which implies everything the simplified one does over its variables.

use crate::heuristic::{codes_of, elimination_ranks};
use crate::search::{new_solver, Search};
use crate::{CountStats, Counter, InclusionExclusion, ModelCount};
use num_bigint::BigUint;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Arc;
use wellposed_sat::{Cnf, Var};

/// Options in a part of an exact cover (see [`Counter::exact_cover`]) that is counted by
/// dancing links beside the parts that do not decompose, even when it does: so few options
/// have few exact covers whatever their shape.
const SMALL_COVER_PART: usize = 64;

impl Counter {
    pub fn count(&self, cnf: &Cnf, projection: Option<&[Var]>) -> ModelCount {
        self.count_with(cnf, projection, None, None)
            .expect("nothing sets the stop flag")
    }

    /// As [`Counter::count`], but gives up (`None`) soon after `stop` is set: the flag is
    /// read at every decision, and a question the SAT oracle is working on is ended too
    /// (CaDiCaL's termination callback; varisat's solves run to their answer).
    pub fn count_until(
        &self,
        cnf: &Cnf,
        projection: Option<&[Var]>,
        stop: &AtomicBool,
    ) -> Option<ModelCount> {
        self.count_with(cnf, projection, Some(stop), None)
    }

    /// As [`Counter::count_until`] (never stopped when `stop` is `None`), and raises `listed`
    /// to the number of models the listing (see [`Counter::list_up_to`]) has found so far,
    /// doubled for each projection variable in no clause: at any moment a lower bound on the
    /// count, for a caller that may stop waiting before the count ends.
    ///
    /// ```
    /// use std::sync::atomic::{AtomicU64, Ordering};
    /// use wellposed_count::Counter;
    /// use wellposed_sat::{Cnf, Var};
    /// let mut cnf = Cnf::new();
    /// cnf.add_clause(&[Var(0).positive(), Var(1).positive()]);
    /// let listed = AtomicU64::new(0);
    /// let counted = Counter::default().count_reporting(&cnf, None, None, &listed).unwrap();
    /// assert_eq!(counted.count, 3u32.into());
    /// assert!(listed.load(Ordering::Relaxed) <= 3);
    /// ```
    pub fn count_reporting(
        &self,
        cnf: &Cnf,
        projection: Option<&[Var]>,
        stop: Option<&AtomicBool>,
        listed: &AtomicU64,
    ) -> Option<ModelCount> {
        self.count_with(cnf, projection, stop, Some(listed))
    }

    /// The count (`None` if `stop` ended it), worked out on a thread of its own: the search
    /// recurses once per decision, and a large stack of its own keeps deep formulas
    /// (thousands of variables) from overflowing the caller's. The SAT oracle, a solver of
    /// its own, is handed a flag it may keep ('static), raised by a watcher thread when the
    /// caller's is (checked every few milliseconds, and woken to end at once when the count
    /// does).
    fn count_with(
        &self,
        cnf: &Cnf,
        projection: Option<&[Var]>,
        stop: Option<&AtomicBool>,
        listed: Option<&AtomicU64>,
    ) -> Option<ModelCount> {
        let oracle_stop = Arc::new(AtomicBool::new(false));
        let never = AtomicBool::new(false);
        let caller = stop.unwrap_or(&never);
        let finished = AtomicBool::new(false);
        std::thread::scope(|s| {
            let watcher = stop.map(|stop| {
                let (oracle_stop, finished) = (&oracle_stop, &finished);
                s.spawn(move || {
                    while !finished.load(Ordering::Relaxed) {
                        if stop.load(Ordering::Relaxed) {
                            oracle_stop.store(true, Ordering::Relaxed);
                            return;
                        }
                        std::thread::park_timeout(std::time::Duration::from_millis(5));
                    }
                })
            });
            let counted = std::thread::Builder::new()
                .name("model-counter".into())
                .stack_size(1 << 30)
                .spawn_scoped(s, || {
                    self.count_here(cnf, projection, caller, &oracle_stop, listed)
                })
                .expect("a thread for the model counter")
                .join();
            finished.store(true, Ordering::Relaxed);
            if let Some(w) = watcher {
                w.thread().unpark();
            }
            counted.unwrap_or_else(|e| std::panic::resume_unwind(e))
        })
    }

    /// [`Counter::count_with`] on the current thread: the listing first (where
    /// [`Counter::list_first`] asks it), then by inclusion–exclusion over long clauses where
    /// [`Counter::inclusion_exclusion`] chooses it, by dancing links where
    /// [`Counter::exact_cover`] does, else by one search.
    fn count_here(
        &self,
        cnf: &Cnf,
        projection: Option<&[Var]>,
        stop: &AtomicBool,
        oracle_stop: &Arc<AtomicBool>,
        floor: Option<&AtomicU64>,
    ) -> Option<ModelCount> {
        let mut listed = None;
        // One clock for the statistics logged as the count goes (`Settings::progress_every`).
        let began = std::time::Instant::now();
        if self.list_first && self.list_up_to > 0 && !self.exact_cover_first(cnf, projection) {
            let mut lister = Search::new(cnf, cnf, projection, self, stop, Arc::clone(oracle_stop));
            lister.floor = floor;
            if let Some(count) = lister.list_models() {
                return Some(ModelCount {
                    count: count.shl(lister.loose).big(),
                    stats: lister.stats,
                });
            }
            if stop.load(Ordering::Relaxed) {
                return None;
            }
            // Given up before a model, the oracle keeps what it learnt, for the search's
            // questions (after a model it was dropped with its blocking clauses).
            listed = Some((lister.oracle.take(), lister.stats.listed));
        }
        // Variables the projection defines join it (see `define.rs`): between the
        // simplification's reductions and its elimination, which then keeps those whose
        // resolvents would leave the projection.
        let mut defined = None;
        let mut define = |f: &Cnf, p: &[Var]| -> Vec<Var> {
            let began = std::time::Instant::now();
            let (e, stats) =
                crate::extend_projection(f, p, new_solver(), stop, &self.settings.define);
            log::debug!(
                "model counter: projection of {} extended to {} in {:.3} s: {stats:?}",
                p.len(),
                e.len(),
                began.elapsed().as_secs_f64()
            );
            defined = Some(stats);
            e
        };
        let define_here = self.define && projection.is_some();
        let given = projection;
        let simplified;
        let extended;
        let mut done = None;
        // Past `SimplifyLimits::max_bytes` not even tried: `simplify` would return a copy, and the
        // definability tests would hold two.
        let (formula, projection) = if cnf.bytes() > self.settings.simplify.max_bytes {
            (cnf, projection)
        } else if self.simplify {
            let began = std::time::Instant::now();
            let (simpler, counted_on, stats) = crate::simplify_extending(
                cnf,
                projection,
                &self.settings.simplify,
                define_here.then_some(&mut define as crate::ExtendProjection),
            );
            log::debug!(
                "model counter: simplified in {:.3} s: {stats:?}",
                began.elapsed().as_secs_f64()
            );
            done = Some(stats);
            simplified = simpler;
            extended = counted_on;
            (&simplified, extended.as_deref())
        } else if define_here {
            extended = projection.map(|p| define(cnf, p));
            (cnf, extended.as_deref())
        } else {
            (cnf, projection)
        };
        if stop.load(Ordering::Relaxed) {
            return None;
        }
        let mut counted =
            if let Some(count) = self.count_exact_cover(formula, projection, Some(stop)) {
                ModelCount {
                    count: count?,
                    stats: CountStats {
                        dancing_links: true,
                        ..CountStats::default()
                    },
                }
            } else {
                match self.long_clauses(formula, projection) {
                    // The oracle gets the formula as given: CDCL on the simplified one, whose
                    // eliminated auxiliary variables became longer clauses, was slower (Survo
                    // open-2x10's listing: 7.2 → 12 s), and whatever the original implies
                    // over the variables left, the simplified formula (the original with some
                    // variables outside the projection quantified away) implies too.
                    None => {
                        let mut search = Search::new(
                            formula,
                            cnf,
                            projection,
                            self,
                            stop,
                            Arc::clone(oracle_stop),
                        );
                        search.floor = floor;
                        search.began = began;
                        // Here only: a term of inclusion–exclusion drops clauses, which may
                        // leave a variable the whole formula defines free, so its search
                        // counts every projection variable (`Search::counts_on`).
                        search.mark_defined(given, projection);
                        if let Some((oracle, found)) = listed {
                            // Listed already: the same formula, under the same bounds.
                            search.list_pending = false;
                            search.oracle = oracle;
                            search.stats.listed = found;
                        }
                        search.run()?
                    }
                    Some(long) => self.count_by_inclusion_exclusion(
                        formula,
                        &long,
                        projection,
                        stop,
                        oracle_stop,
                    )?,
                }
            };
        if let Some(done) = done {
            counted.stats.simplified = done;
        }
        if let Some(defined) = defined {
            counted.stats.defined = defined;
        }
        Some(counted)
    }

    /// Whether `cnf` is in exact-cover form and [`Counter::exact_cover`] may count it by
    /// dancing links: no listing first then (n-queens' models are many, and dancing links
    /// list them faster than CDCL).
    fn exact_cover_first(&self, cnf: &Cnf, projection: Option<&[Var]>) -> bool {
        self.exact_cover && crate::cover::exact_cover_form(cnf, projection).is_some()
    }

    /// The count by dancing links (`Some(None)` if `stop` ended it), when the formula is an
    /// exact cover with a part whose decomposition does not complete and no large part whose
    /// does (see [`Counter::exact_cover`]); `None` leaves the formula to the search.
    fn count_exact_cover(
        &self,
        cnf: &Cnf,
        projection: Option<&[Var]>,
        stop: Option<&AtomicBool>,
    ) -> Option<Option<BigUint>> {
        if !self.exact_cover {
            return None;
        }
        let form = crate::cover::exact_cover_form(cnf, projection)?;
        let mut enumerate = false;
        for part in &form.parts {
            let options = part.options().len();
            let codes: Vec<Vec<u32>> = crate::cover::items_of(part)
                .into_iter()
                .map(|item| item.iter().map(|&x| 2 * x).collect())
                .collect();
            let (_, width) = elimination_ranks(options, &codes);
            log::debug!(
                "model counter: an exact cover ({options} options, {} secondary items), elimination width {width:?}",
                part.num_items() - part.num_primary()
            );
            match width {
                None => enumerate = true,
                // It decomposes: the component cache beats enumeration, unless it is small
                // (a fixed variable's item, a few options: few solutions whatever its shape).
                Some(_) if options > SMALL_COVER_PART => return None,
                Some(_) => {}
            }
        }
        if !enumerate {
            return None;
        }
        let never = AtomicBool::new(false);
        Some(form.count(stop.unwrap_or(&never)))
    }

    /// The count of `cnf` as the alternating sum over subsets of its `long` clauses (see
    /// [`InclusionExclusion`]).
    fn count_by_inclusion_exclusion(
        &self,
        cnf: &Cnf,
        long: &[usize],
        projection: Option<&[Var]>,
        stop: &AtomicBool,
        oracle_stop: &Arc<AtomicBool>,
    ) -> Option<ModelCount> {
        log::debug!(
            "model counter: {} long clauses counted by inclusion–exclusion",
            long.len()
        );
        let clauses = cnf.clauses();
        let (mut plus, mut minus) = (BigUint::default(), BigUint::default());
        let mut stats = CountStats::default();
        for subset in 0u32..1 << long.len() {
            let mut term = Cnf::with_choices(cnf.choices());
            term.reserve_vars(cnf.num_vars());
            let mut next_long = long.iter().peekable();
            for (i, c) in clauses.iter().enumerate() {
                if next_long.next_if_eq(&&i).is_none() {
                    term.add_clause(c);
                }
            }
            for (j, &i) in long.iter().enumerate() {
                if subset >> j & 1 == 1 {
                    for &l in &clauses[i] {
                        term.add_clause(&[!l]);
                    }
                }
            }
            let counted = Search::new(
                &term,
                &term,
                projection,
                self,
                stop,
                Arc::clone(oracle_stop),
            )
            .run()?;
            stats.absorb(&counted.stats);
            stats.inclusion_exclusion += 1;
            if subset.count_ones() % 2 == 0 {
                plus += counted.count;
            } else {
                minus += counted.count;
            }
        }
        // Every term with a clause negated counts a subset of the models of the term without
        // it, so the alternating sum is at least 0.
        assert!(
            plus >= minus,
            "inclusion–exclusion sums to a count of at least 0"
        );
        let count = plus - minus;
        Some(ModelCount { count, stats })
    }

    /// The long clauses (by index, ascending) to count by inclusion–exclusion, if the formula
    /// is to be split (see [`InclusionExclusion`]).
    fn long_clauses(&self, cnf: &Cnf, projection: Option<&[Var]>) -> Option<Vec<usize>> {
        if self.inclusion_exclusion == InclusionExclusion::Never {
            return None;
        }
        let clauses = cnf.clauses();
        let long: Vec<usize> = (0..clauses.len())
            .filter(|&i| clauses[i].len() >= self.settings.long_clause)
            .collect();
        if long.is_empty() || long.len() > self.settings.long_clauses_at_most {
            return None;
        }
        if let Some(p) = projection {
            let projected: std::collections::HashSet<Var> = p.iter().copied().collect();
            if !long
                .iter()
                .all(|&i| clauses[i].iter().all(|l| projected.contains(&l.var())))
            {
                return None; // inclusion–exclusion would not be exact
            }
        }
        // The terms add units, four bytes a literal and forty a clause, to the formula.
        let units: usize = long.iter().map(|&i| clauses[i].len()).sum();
        if cnf.bytes() + wellposed_sat::clause_bytes(1) * units as u64 > cnf.choices().max_bytes {
            return None;
        }
        if self.inclusion_exclusion == InclusionExclusion::Always {
            return Some(long);
        }
        let n = cnf.num_vars() as usize;
        let (_, with) = elimination_ranks(n, &codes_of(clauses));
        let kept = (0..clauses.len()).filter(|i| long.binary_search(i).is_err());
        let (_, without) = elimination_ranks(n, &codes_of(kept.map(|i| &clauses[i])));
        log::debug!(
            "model counter: elimination width {with:?} with the {} long clauses, {without:?} without",
            long.len()
        );
        match (with, without) {
            (_, None) => None,
            (None, Some(_)) => Some(long),
            (Some(w), Some(r)) => (r + long.len() < w).then_some(long),
        }
    }
}
