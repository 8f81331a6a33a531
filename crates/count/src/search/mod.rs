//! Exact projected model counting: how many assignments of the projection variables extend to
//! a model of the formula. A DPLL search with conflict-driven clause learning, as in the #SAT
//! counters (Relsat, Cachet, sharpSAT): after each decision and unit propagation, the
//! unassigned part of the formula splits into connected components that are counted
//! independently and multiplied; each component's count is cached under the component itself
//! (its variables and its not-yet-satisfied clauses), so a sub-formula met again down another
//! branch costs a look-up. Where the searches for components have stopped finding more than
//! one ([`SPLITS_FUTILE_AFTER`]), most are skipped: the open part is then one component.
//!
//! Projection: decisions are taken on projection variables first. A component left with no
//! projection variable contributes 1 when it is satisfiable and 0 otherwise (a plain DPLL
//! satisfiability search stopping at its first model), so auxiliary variables never multiply
//! the count. Where many auxiliary variables turn pure (one literal in no open clause), the
//! component searches leave them out, with the clauses they would satisfy, so that components
//! split sooner ([`Purity`], decided by a probe of the first questions).
//!
//! Decisions ([`Heuristic`]): by default, a min-degree elimination order of the primal graph
//! is computed first; when it completes the variables it eliminates last (the separators at
//! the top of the tree decomposition) are decided first, so that components split early, as in
//! SharpSAT-TD; otherwise a projection variable of the shortest open clause.
//!
//! Projected counting, before the search: the formula is simplified
//! ([`crate::simplify_extending`]), and the variables outside the projection that it defines
//! (their value fixed by the projection variables in every model, by Padoa's test:
//! `define.rs`) join the projection before the simplification eliminates variables, so that
//! they are decided and cached like the others instead of inside satisfiability questions;
//! the elimination takes a defined one only where its resolvents stay within the projection.
//!
//! A formula with a few long clauses over projection variables whose decomposition is much
//! narrower without them is counted by inclusion–exclusion over those clauses
//! ([`InclusionExclusion`]): one count per subset of them, each with the subset's clauses
//! negated into units.
//!
//! A formula that is an exact cover written as CNF ("exactly one" clauses over pairwise
//! exclusive variables, "not both" pairs, units) and does not decompose is handed to dancing
//! links instead (see `cover.rs` and [`Counter::exact_cover`]): the search would visit each
//! of its models one decision at a time.
//!
//! A SAT oracle (one incremental CaDiCaL holding the whole formula) takes what CDCL does
//! better: satisfiability questions past a few conflicts ([`Counter::sat_oracle`]), and, once
//! most decisions conflict, a check of each component before it is counted and one attempt to
//! list all models with blocking clauses ([`Counter::list_up_to`]).
//!
//! Learning: a conflict is analysed to its first unique implication point, the clause learnt is
//! minimised (literals the others imply through their reasons left out: [`Search::minimise`])
//! and (when it has at most [`MAX_LEARNT_LEN`] literals) kept for propagation (its asserting
//! literal is set at once where it is unit), so the same conflict is not met again down other
//! branches; every [`LEARNT_SWEEP`] conflicts, the learnt clauses that have not propagated
//! since the last sweep are forgotten. Learnt clauses are implied by the formula but
//! not by a component's own clauses, so two invariants keep the counts exact:
//! - Components and their cache keys are made from the original clauses only; learnt clauses
//!   only propagate.
//! - A learnt clause can cut models from a component only where the formula under the current
//!   assignment has no model at all (any model of a component extends to a model of the whole,
//!   which satisfies every implied clause, unless another component has none). Such a branch
//!   counts 0, whatever the components say, but the counts cached inside it may be too small:
//!   so every cache entry made while counting a branch that comes to 0 is removed ("cache
//!   pollution", as sharpSAT calls it). Entries of branches that count more than 0 are exact.

use wellposed_sat::hash::WordMap;
use wellposed_sat::{Backend, BackendError, Cnf, Limits, Lit, Var};
use num_bigint::BigUint;
use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Arc;

/// What a count took: decisions made, components met, and how often the cache answered.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct CountStats {
    pub decisions: u64,
    pub components: u64,
    pub cache_hits: u64,
    /// Times the cache was emptied because it outgrew its budget.
    pub cache_flushes: u64,
    /// Hits whose full key differed (only seen with `exact_keys`; then counted afresh).
    pub hash_collisions: u64,
    /// Conflicts met (each one analysed into a learnt clause).
    pub conflicts: u64,
    /// Questions put to the SAT oracle (components without projection variables).
    pub oracle_calls: u64,
    /// Clauses learnt from the decisions the oracle's refutations used.
    pub oracle_clauses: u64,
    /// Satisfiability questions handed to the oracle after [`SAT_CONFLICT_BUDGET`] conflicts.
    pub oracle_handovers: u64,
    /// Cache entries removed because the branch they were made in counted 0.
    pub cache_removed: u64,
    /// Learnt clauses forgotten to keep their number bounded.
    pub learnt_forgotten: u64,
    /// Literals of the clauses learnt from conflicts, and of those the ones minimisation
    /// left out (implied by the others).
    pub learnt_literals: u64,
    pub learnt_literals_minimised: u64,
    /// Models the oracle listed when the search gave way to it (see [`Counter::list_up_to`]).
    pub listed: u64,
    /// Of those, models listed by CaDiCaL in its stable configuration (see
    /// [`Counter::stable_listing_after`]).
    pub listed_stable: u64,
    /// Component searches skipped because they had stopped finding components (see
    /// [`SPLITS_FUTILE_AFTER`]).
    pub searches_skipped: u64,
    /// Variables outside the projection asked whether they are pure while the counter probed
    /// (see `Purity`), and how many were.
    pub pure_probed: u64,
    pub pure_found: u64,
    /// Variables a component search left out of the components as pure (purity on).
    pub pure_left_out: u64,
    /// Counts made for inclusion–exclusion over long clauses (see [`InclusionExclusion`]); 0
    /// when the formula was counted whole.
    pub inclusion_exclusion: u64,
    /// What [`crate::simplify()`] did before the count (with [`Counter::simplify`]).
    pub simplified: crate::SimplifyStats,
    /// Variables added to the projection because it defines them (with [`Counter::define`]).
    pub defined: crate::DefineStats,
    /// The formula was an exact cover that does not decompose, counted by dancing links (see
    /// [`Counter::exact_cover`]).
    pub dancing_links: bool,
}

impl CountStats {
    /// Adds another count's work to this one's.
    fn absorb(&mut self, o: &CountStats) {
        self.decisions += o.decisions;
        self.components += o.components;
        self.cache_hits += o.cache_hits;
        self.cache_flushes += o.cache_flushes;
        self.hash_collisions += o.hash_collisions;
        self.conflicts += o.conflicts;
        self.oracle_calls += o.oracle_calls;
        self.oracle_clauses += o.oracle_clauses;
        self.oracle_handovers += o.oracle_handovers;
        self.cache_removed += o.cache_removed;
        self.learnt_forgotten += o.learnt_forgotten;
        self.learnt_literals += o.learnt_literals;
        self.learnt_literals_minimised += o.learnt_literals_minimised;
        self.listed += o.listed;
        self.listed_stable += o.listed_stable;
        self.searches_skipped += o.searches_skipped;
        self.pure_probed += o.pure_probed;
        self.pure_found += o.pure_found;
        self.pure_left_out += o.pure_left_out;
        self.inclusion_exclusion += o.inclusion_exclusion;
    }
}

/// An exact count with what it took.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ModelCount {
    pub count: BigUint,
    pub stats: CountStats,
}

/// Settings of the counter.
#[derive(Clone, Copy, Debug)]
pub struct Counter {
    /// Bytes the cache may hold before it is emptied (counts stay exact; only the work of
    /// re-counting is lost): [`CACHE_ENTRY_BYTES`] an entry, plus the full key with
    /// `exact_keys`.
    pub cache_bytes: usize,
    /// Keep each component's full key beside its hash and compare it on every hit (no
    /// collision can go unnoticed); by default only the 128-bit hash names a component (see
    /// [`component_hash`]).
    pub exact_keys: bool,
    /// Learn clauses from conflicts (the counts are the same either way).
    pub learning: bool,
    /// A component left with no projection variable is a satisfiability question. With
    /// `Some(k)` a question that meets `k` conflicts in the counter's own search (which has
    /// no backjumping or restarts) is handed to one incremental CDCL solver holding the whole
    /// formula (CaDiCaL when built with it, else varisat), asked under the current decisions
    /// as assumptions; and once most decisions end in conflicts, every component to count is
    /// first asked whether it has a model at all. `Some(0)` asks the oracle both at every
    /// component, `None` never.
    pub sat_oracle: Option<u64>,
    /// The oracle lists the (projected) models one by one, each excluded by a blocking
    /// clause, as `count --method sat` does: when it proves that there are at most this
    /// many, that is the count. Otherwise (more models, or a solve past
    /// [`Counter::list_conflicts`] conflicts, unless [`Counter::stable_listing_after`] or
    /// [`Counter::dear_model_conflicts`] hands the listing on) the list is dropped and the
    /// search counts. Such formulas, puzzles with few
    /// solutions, are chains of satisfiability questions, where CDCL with restarts beats a
    /// DPLL counter (Survo open-2x10: 4.6 s searched, 2.2 s with the listing; open-3x4-176:
    /// 1.1 s, 0.65 s). When, see [`Counter::list_first`]. 0 never lists; only CaDiCaL can be
    /// bounded, so without it nothing is listed.
    pub list_up_to: u64,
    /// `true`: the listing comes first, before anything else (simplifying, the search), on
    /// the formula as given; an oracle that found no model within its bound goes on to the
    /// search with what it learnt. A formula in exact-cover form that
    /// [`Counter::exact_cover`] takes is not listed. `false`: the search lists once it turns
    /// out to be mostly refutation (more than half of the decisions conflicting, after
    /// [`CONFLICT_BOUND_AFTER`]; with `sat_oracle: Some(0)` after the first conflict or
    /// oracle call): it is unwound for the listing, and starts again with what it learnt if
    /// the listing gives up. First costs a formula with many models its first solves, and
    /// saves a formula with few the simplification and the search before the listing
    /// (Survo open-2x10 19.8 → 15.0 G instructions, blocking clauses 14.8 G; BENCHMARKS.md).
    pub list_first: bool,
    /// Conflicts each solve of the listing may take (default [`LIST_CONFLICTS`]).
    pub list_conflicts: u32,
    /// Models the listing must have found when one of its solves runs out of
    /// [`Counter::list_conflicts`] for it to go on in CaDiCaL's stable configuration instead
    /// of giving up (default [`STABLE_LISTING_AFTER`]; `u64::MAX` never): many models, each
    /// dear. A fresh solver in that configuration takes the formula and the blocking clauses
    /// so far and lists on, [`STABLE_LIST_CONFLICTS`] a solve, up to
    /// [`STABLE_LIST_FACTOR`] × [`Counter::list_up_to`] models in all.
    pub stable_listing_after: u64,
    /// A solve of the listing that runs past this many conflicts finds a dear model (or
    /// none); once [`DEAR_MODELS`] solves after the first [`Counter::stable_listing_after`]
    /// models have, the listing goes on in CaDiCaL's stable configuration, as when a solve
    /// runs out of [`Counter::list_conflicts`], instead of stopping at
    /// [`Counter::list_up_to`] for the search (default [`DEAR_MODEL_CONFLICTS`]). Told by
    /// bounding a solve at this many conflicts first, then at the rest of its bound.
    pub dear_model_conflicts: u32,
    /// Learnt clauses of three or more literals kept before the older half is forgotten (the
    /// bound then grows by a tenth).
    pub learnt_clauses: usize,
    /// Conflicts between sweeps of the learnt clauses of three or more literals, each of which
    /// forgets those that have neither propagated nor conflicted since the last (default
    /// [`LEARNT_SWEEP`]).
    pub learnt_sweep: u64,
    /// How decisions are chosen.
    pub heuristic: Heuristic,
    /// Component searches made before they may be skipped for rarely finding more than one
    /// component (default [`SPLITS_FUTILE_AFTER`]; `u64::MAX` never skips).
    pub skip_splits_after: u64,
    /// Purity questions asked, their answers counted only, before the counter decides whether
    /// component searches leave pure variables outside the projection out (see `Purity`;
    /// default [`PURITY_PROBE`]): 0 uses purity from the start, `u64::MAX` never.
    pub purity_probe: u64,
    /// Whether a few long clauses are taken out of the formula and counted by
    /// inclusion–exclusion (see [`InclusionExclusion`]).
    pub inclusion_exclusion: InclusionExclusion,
    /// Simplify the formula first ([`crate::simplify()`]: units, failed literals, subsumption,
    /// elimination of variables outside the projection).
    pub simplify: bool,
    /// Count a formula in exact-cover form ("exactly one" clauses, "not both" pairs and units,
    /// every variable projected: see `cover.rs`) by dancing links, part by independent part,
    /// when some part's tree decomposition does not complete and every part whose does is
    /// small (at most 64 options, `SMALL_COVER_PART`): the search would visit every model of
    /// such a part, and dancing links do that with far cheaper nodes (13-queens:
    /// BENCHMARKS.md).
    pub exact_cover: bool,
    /// Projected counting: add to the projection the variables it defines (Padoa's test,
    /// each bounded: see `define.rs`), between the simplification's reductions and its
    /// elimination of variables (see `simplify.rs`); the count is the same.
    pub define: bool,
}

/// A clause of at least this many literals is long: it may be taken out of the formula and
/// counted by inclusion–exclusion ([`InclusionExclusion`]).
pub const LONG_CLAUSE: usize = 8;

/// At most this many long clauses are taken out (2^k counts for k clauses).
pub const LONG_CLAUSES_AT_MOST: usize = 4;

/// Counting a formula with a few long clauses C1 … Ck by inclusion–exclusion: with F the rest
/// of the formula, #(F ∧ C1 ∧ … ∧ Ck) = Σ over subsets S of (−1)^|S| #(F ∧ every literal of
/// the clauses in S false). A long clause joins all its variables in the primal graph, so a
/// formula that is narrow without it (a comparison of two words: a chain of gates, then one
/// clause "some position differs") is wide with it, and its components never split; each
/// term of the sum is narrow again, and its negated clauses are only units. track1_073 of the
/// 2022 competition (300 variables, two clauses of 33 literals): elimination width 34 with
/// them, 8 without; not counted in 60 s whole, four counts of 0.03 s split.
///
/// Exact for projected counting when every variable of the long clauses is a projection
/// variable: a clause over projection variables is true or false for a projected assignment
/// whatever the other variables are, so the sets of projected assignments subtract as the
/// models do. Only then (and for at most [`LONG_CLAUSES_AT_MOST`] clauses of at least
/// [`LONG_CLAUSE`] literals) is a formula split.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum InclusionExclusion {
    /// Never split.
    Never,
    /// Split when the min-degree elimination width without the long clauses, plus their
    /// number (the doubling of the work per clause), is below the width with them.
    Auto,
    /// Split whenever the formula has long clauses that may be split (for tests).
    Always,
}

/// Under [`Heuristic::Auto`], formulas whose min-degree elimination order has at most this
/// width are counted with [`Heuristic::Td`]. First measured on the 2022 competition instances
/// (BENCHMARKS.md): up to width 35 the decomposition's order won by 10–100×, and the clause rule
/// above. Since both sides of a decision split into components, the order also wins or ties
/// up to 63 (s, clause rule → td: track1_103, width 51, 1.07 → 0.50; track3_021 and 2023
/// track3_011, width 37, 9.5 → 8.3 and 18.9 → 15.1; track3_009 and 3_031, widths 45 and 47,
/// 7.1 → 7.2 and 23.4 → 22.4; the empty 8×8 binary grid, width 63, 96 → 82); where the
/// elimination stops (dense formulas) the clause rule is mostly ahead (Survo open-2x10 2.4 s
/// against 5.8, track1_059 1.3 against > 30; track1_109 is the exception, 5.2 against 3.4).
/// So: the order wherever the elimination completes.
const AUTO_TD_WIDTH: usize = 64;

/// The counter's decision heuristic.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Heuristic {
    /// [`Heuristic::Td`] when a min-degree elimination order of the formula's primal graph
    /// completes (width at most 64), else [`Heuristic::Clause`].
    Auto,
    /// A projection variable of the shortest open clause ("at least one of these": like
    /// dancing links' item with the fewest options), the one in most clauses, true first.
    Clause,
    /// VSADS (Sang, Beame, Kautz 2005): the open variable with the highest sum of its
    /// occurrences (halved) and its VSIDS conflict activity, its more frequent polarity first.
    Vsads,
    /// Tree decomposition, in the manner of SharpSAT-TD: a min-degree elimination order of the
    /// primal graph (variables joined when they share a clause); the open variable eliminated
    /// last first — the separators near the top of the decomposition, whose assignment splits
    /// what is left into components — its more frequent polarity first. (SharpSAT-TD mixes in
    /// conflict activity; here that lost more than it won on the competition instances.)
    Td,
}

/// A min-degree elimination order of the formula's primal graph, as ranks (the variable
/// eliminated last has the highest), and its width (the largest degree at elimination: an
/// upper bound on the treewidth) when it eliminated every variable. Elimination stops once the
/// smallest degree passes `MAX_FILL_DEGREE` (the fill would cost more than it tells); the rest
/// rank above, by degree.
fn elimination_ranks(n: usize, clauses: &[Vec<u32>]) -> (Vec<u32>, Option<usize>) {
    const MAX_FILL_DEGREE: usize = 64;
    let mut adj: Vec<wellposed_sat::hash::WordSet<u32>> = vec![Default::default(); n];
    for c in clauses {
        if c.len() > MAX_FILL_DEGREE {
            continue; // a huge clause would make a clique of everything; it tells nothing here
        }
        for (i, &a) in c.iter().enumerate() {
            for &b in &c[i + 1..] {
                let (a, b) = (a >> 1, b >> 1);
                if a != b {
                    adj[a as usize].insert(b);
                    adj[b as usize].insert(a);
                }
            }
        }
    }
    let mut heap: std::collections::BinaryHeap<std::cmp::Reverse<(usize, u32)>> = (0..n)
        .map(|v| std::cmp::Reverse((adj[v].len(), v as u32)))
        .collect();
    let mut done = vec![false; n];
    let mut order: Vec<u32> = Vec::with_capacity(n);
    let mut width = 0;
    while let Some(std::cmp::Reverse((d, v))) = heap.pop() {
        let vi = v as usize;
        if done[vi] || d != adj[vi].len() {
            continue; // stale entry
        }
        if d > MAX_FILL_DEGREE {
            heap.push(std::cmp::Reverse((d, v)));
            break;
        }
        done[vi] = true;
        width = width.max(d);
        order.push(v);
        let nb: Vec<u32> = adj[vi].drain().collect();
        for &a in &nb {
            adj[a as usize].remove(&v);
        }
        for (i, &a) in nb.iter().enumerate() {
            for &b in &nb[i + 1..] {
                if adj[a as usize].insert(b) {
                    adj[b as usize].insert(a);
                }
            }
        }
        for &a in &nb {
            heap.push(std::cmp::Reverse((adj[a as usize].len(), a)));
        }
    }
    let complete = order.len() == n;
    let mut rest: Vec<u32> = (0..n as u32).filter(|&v| !done[v as usize]).collect();
    rest.sort_by_key(|&v| adj[v as usize].len());
    order.extend(rest);
    let mut rank = vec![0u32; n];
    for (i, &v) in order.iter().enumerate() {
        rank[v as usize] = i as u32;
    }
    (rank, complete.then_some(width))
}

/// Options in a part of an exact cover (see [`Counter::exact_cover`]) that is counted by
/// dancing links beside the parts that do not decompose, even when it does: so few options
/// have few exact covers whatever their shape.
const SMALL_COVER_PART: usize = 64;

/// Clauses as literal codes (`2 * variable + negated`), as [`elimination_ranks`] reads them.
fn codes_of<'c>(clauses: impl IntoIterator<Item = &'c Vec<Lit>>) -> Vec<Vec<u32>> {
    clauses
        .into_iter()
        .map(|c| {
            c.iter()
                .map(|l| 2 * l.var().0 + u32::from(!l.is_positive()))
                .collect()
        })
        .collect()
}

impl Default for Counter {
    fn default() -> Self {
        Counter {
            cache_bytes: 1 << 30,
            exact_keys: false,
            learning: true,
            sat_oracle: Some(SAT_CONFLICT_BUDGET),
            list_up_to: LIST_UP_TO,
            list_first: true,
            list_conflicts: LIST_CONFLICTS,
            stable_listing_after: STABLE_LISTING_AFTER,
            dear_model_conflicts: DEAR_MODEL_CONFLICTS,
            learnt_clauses: 20_000,
            learnt_sweep: LEARNT_SWEEP,
            heuristic: Heuristic::Auto,
            skip_splits_after: SPLITS_FUTILE_AFTER,
            purity_probe: PURITY_PROBE,
            inclusion_exclusion: InclusionExclusion::Auto,
            simplify: true,
            exact_cover: true,
            define: true,
        }
    }
}

/// Counts the models of `cnf` projected on `projection` (all variables when `None`).
/// Projection variables that occur in no clause each double the count.
pub fn count_models(cnf: &Cnf, projection: Option<&[Var]>) -> BigUint {
    Counter::default().count(cnf, projection).count
}

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
        // One clock for the statistics logged as the count goes (`PROGRESS_EVERY`).
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
            let (e, stats) = crate::extend_projection(f, p, new_solver(), stop);
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
        let simplified;
        let extended;
        let mut done = None;
        // Past `SIMPLIFY_MAX_BYTES` not even tried: `simplify` would return a copy, and the
        // definability tests would hold two.
        let (formula, projection) = if cnf.bytes() > crate::SIMPLIFY_MAX_BYTES {
            (cnf, projection)
        } else if self.simplify {
            let began = std::time::Instant::now();
            let (simpler, counted_on, stats) = crate::simplify_extending(
                cnf,
                projection,
                crate::SIMPLIFY_BUDGET,
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
            .filter(|&i| clauses[i].len() >= LONG_CLAUSE)
            .collect();
        if long.is_empty() || long.len() > LONG_CLAUSES_AT_MOST {
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

/// A count that stays a machine word until it no longer fits.
#[derive(Clone, Debug)]
enum Num {
    Small(u128),
    Big(BigUint),
}

impl Num {
    fn zero() -> Num {
        Num::Small(0)
    }
    fn is_zero(&self) -> bool {
        matches!(self, Num::Small(0))
    }
    fn big(&self) -> BigUint {
        match self {
            Num::Small(n) => BigUint::from(*n),
            Num::Big(b) => b.clone(),
        }
    }
    fn normal(b: BigUint) -> Num {
        match u128::try_from(&b) {
            Ok(n) => Num::Small(n),
            Err(_) => Num::Big(b),
        }
    }
    fn add(&self, o: &Num) -> Num {
        if let (Num::Small(a), Num::Small(b)) = (self, o) {
            if let Some(s) = a.checked_add(*b) {
                return Num::Small(s);
            }
        }
        Num::normal(self.big() + o.big())
    }
    fn mul(&self, o: &Num) -> Num {
        if let (Num::Small(a), Num::Small(b)) = (self, o) {
            if let Some(s) = a.checked_mul(*b) {
                return Num::Small(s);
            }
        }
        Num::normal(self.big() * o.big())
    }
    fn shl(&self, k: u32) -> Num {
        if let Num::Small(a) = self {
            if k < 128 && (*a == 0 || a.leading_zeros() >= k) {
                return Num::Small(a << k);
            }
        }
        Num::normal(self.big() << k as usize)
    }
}

/// The bytes a cache entry is charged besides a full key: its 128-bit hash, the count (a
/// machine word or a big integer's header) and the table's own overhead.
pub const CACHE_ENTRY_BYTES: usize = 64;

/// 128 bits that name a component in the cache: two independent lanes (multiply, xor, rotate,
/// with different odd multipliers) over its sorted variables and its sorted long clauses, two
/// numbers packed into each step, seeded with the lists' lengths, each lane finished by
/// splitmix64's avalanche. The cache compares these 16 bytes instead of the whole component
/// (which may hold thousands of numbers), so an entry costs the same whatever the component's
/// size. Treating the hash as a random function, the chance that two of N distinct components
/// met in one count share a name is at most N²/2^129 — below 10^-20 for N = 10^9 components,
/// far past any count's length. `exact_keys` removes even that.
pub fn component_hash(vars: &[u32], long: &[u32]) -> u128 {
    fn finish(mut z: u64) -> u64 {
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
    let mut a = 0x9E37_79B9_7F4A_7C15u64 ^ vars.len() as u64;
    let mut b = 0xC2B2_AE3D_27D4_EB4Fu64 ^ (long.len() as u64).rotate_left(32);
    let mut mix = |w: u64| {
        a = (a ^ w).wrapping_mul(0xFF51_AFD7_ED55_8CCD).rotate_left(29);
        b = (b.rotate_left(23) ^ w.wrapping_mul(0x94D0_49BB_1331_11EB))
            .wrapping_mul(0xC4CE_B9FE_1A85_EC53);
    };
    // Two numbers a step (the lengths, in the seeds, fix where the lists part): each lane is a
    // chain of dependent multiplications, so half the steps is half the latency (side by side
    // against one number a step, two runs: track3_013 3.74 → 3.46 and 3.90 → 3.83 s, the empty
    // 8×8 grid 27.5 → 26.0 and 27.4 → 26.8 s, all 51 counting instances 310.6 → 307.8 s).
    for list in [vars, long] {
        let mut pairs = list.chunks_exact(2);
        for p in &mut pairs {
            mix(u64::from(p[0]) << 32 | u64::from(p[1]));
        }
        if let [last] = pairs.remainder() {
            mix(u64::from(*last) << 32 | 0xFFFF_FFFF);
        }
    }
    (u128::from(finish(a)) << 64) | u128::from(finish(b))
}

/// A fresh incremental SAT solver: CaDiCaL when built with it (it can be bounded by
/// conflicts; [`wellposed_sat::CadicalBackend::for_counting`]), else varisat.
fn new_solver() -> Box<dyn Backend> {
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

/// What the component search (`split`) last wrote of a variable or clause: the search's mark,
/// and the component label given under it.
#[derive(Clone, Copy, Default)]
struct Seen {
    mark: u32,
    comp: u32,
}

/// A cached count, with the component's full key when the counter checks keys exactly.
struct Cached {
    count: Num,
    key: Option<Box<[u32]>>,
}

impl Cached {
    fn bytes(&self) -> usize {
        CACHE_ENTRY_BYTES + self.key.as_ref().map_or(0, |k| 4 * k.len())
    }
}

/// A connected part of the open formula: its variables and its open clauses of three or more
/// literals (both sorted), which together name it in the cache. Open two-literal clauses need
/// no naming: after propagation, a binary clause with an assigned variable is satisfied, so the
/// open binary clauses are exactly those between two of the component's variables.
struct Component {
    vars: Vec<u32>,
    long: Vec<u32>,
    projected: bool,
}

/// Why a variable is set (`Search::reason`): a decision (or a unit of the formula), a clause
/// learnt with one literal (true in every model), or, with [`BINARY`] set, the two-literal
/// clause with the literal in the low bits; anything else is a long clause's id.
const DECISION: u32 = u32::MAX;
const FIXED: u32 = u32::MAX - 1;
const BINARY: u32 = 1 << 31;

/// A long clause watched by a literal, with a literal of it that was true when last looked
/// at (the blocker): while that one is still true the clause is satisfied, and propagation
/// passes it without reading the clause.
#[derive(Clone, Copy, Debug)]
struct Watch {
    clause: u32,
    blocker: u32,
}

impl Watch {
    fn new(clause: u32, blocker: u32) -> Watch {
        Watch { clause, blocker }
    }
}

/// Conflicts a satisfiability question (a component without projection variables) may meet
/// in the counter's own search before the SAT oracle is asked instead (the default of
/// [`Counter::sat_oracle`]): the own search learns clauses that prune the counting above it
/// and answers easy questions cheaply; the oracle answers hard ones, where chronological
/// backtracking without restarts is lost. Measured (s): track3_001 > 60 without the oracle,
/// 14 with every question handed over, 21 with this budget; track3_009 7.0 without, > 60
/// with every question, 7.0 with this budget (budgets 0, 3, 10, 30 tried).
pub const SAT_CONFLICT_BUDGET: u64 = 4;

/// The default of [`Counter::list_up_to`]: few enough that a listing given up costs little
/// (257 incremental solves, each after a blocking clause: track1_103, 362,880 models, 0.99 →
/// 1.03 s), enough for the few hundred solutions of a puzzle near uniqueness (Survo
/// open-3x4-176; track3_051, 236 models: 3.5 → 0.8 s).
pub const LIST_UP_TO: u64 = 256;

/// Conflicts each solve of the listing may take before the listing is given up for the
/// search. Where the whole formula is a hard satisfiability question the budget is lost, in
/// part: an oracle that found no model goes on to the search with what it learnt. Survo
/// open-4x4's first model takes CaDiCaL between 10,000 and 20,000 conflicts (listed first:
/// 2.8 → 2.4 s); over the 51 instances of `scripts/bench-counting.sh` 20,000 against 10,000
/// cost nothing (349.6 s against 352.8 s in all). With the listing during the search
/// (`list_first: false`), track1_091 took 12.7 s without a listing, 14.5 s with 10,000 and
/// 19.9 s with 50,000 (2026-11-25).
pub const LIST_CONFLICTS: u32 = 20_000;

/// The default of [`Counter::stable_listing_after`]. The listing's solves run out of
/// [`LIST_CONFLICTS`] after many models only on formulas whose models are many and each dear
/// (the 3-colourings of the counting set: 2023 track3_077 after 122 of its 563, at 8 s), where
/// the search is hopeless and CaDiCaL's stable mode lists on: track3_077 counted in 33.6 s
/// (past 60 s before), every other instance of `scripts/bench-counting.sh` unchanged
/// (BENCHMARKS.md, "Twenty-first session: a stable listing inside the counter").
pub const STABLE_LISTING_AFTER: u64 = 32;

/// The default of [`Counter::dear_model_conflicts`]. Measured over the first 256 models of the
/// instances of `scripts/bench-counting.sh` (CaDiCaL 1.9.5 through PySAT, default
/// configuration, blocking clauses): the solves after the first model that pass 1,000
/// conflicts are 65 on track3_129 (1,497 models) and 73 on 2023 track3_077 (563), 7 on
/// track3_051 (236 models, all listed), at most 2 on every other instance. The first two are
/// 3-colourings whose every model is dear, where the search is hopeless: the counter did not
/// count track3_129 in 140 s after a listing stopped at 256 models, and counts it in 57–60 s
/// listing on (BENCHMARKS.md, "Twenty-fourth session: dear models listed on").
pub const DEAR_MODEL_CONFLICTS: u32 = 1_000;

/// How many dear models (see [`Counter::dear_model_conflicts`]) hand the listing on to
/// CaDiCaL's stable configuration.
pub const DEAR_MODELS: u64 = 8;

/// How often a count logs its statistics so far (at level `info`, e.g. `RUST_LOG=info`), so
/// that a count stopped by a time limit has told what it did; and once more at its end
/// (`count` does).
pub const PROGRESS_EVERY: std::time::Duration = std::time::Duration::from_secs(10);

/// Conflicts each solve of the stable listing may take: with 20,000 it gives up on
/// track3_077 too (a fresh solver learns for its first models).
pub const STABLE_LIST_CONFLICTS: u32 = 1_000_000;

/// The stable listing goes on to at most this many times [`Counter::list_up_to`] models
/// (4,096 by default), so that a formula of many dear models is not listed for ever.
pub const STABLE_LIST_FACTOR: u64 = 16;

/// Decisions made before the conflict rate may send components to count to the oracle first
/// (see `Search::conflict_bound`).
pub const CONFLICT_BOUND_AFTER: u64 = 1000;

/// Component searches made before they may be skipped. A search walks every open clause of
/// the component; on formulas that never come apart it finds one component at every
/// decision, for nothing: n-queens 13 found none in 166,964 searches, an 8×8 binary grid
/// with its first row given 6 in 555,811, Survo none. The competition instances split in 5%
/// (mc2023 track3_011) to 70% of searches (track1_059). So once fewer than one search in
/// [`SPLITS_FUTILE_RATE`] has split, the open part of a scope is taken as one component
/// without a search, which is sound: it is closed under open clauses, so its cache key names
/// it, and its count is the same whether or not it is counted in parts. One call in
/// [`SPLIT_SAMPLE`] still searches, and a split found brings [`SPLIT_STREAK`] searches in a
/// row, so splitting resumes where the formula comes apart. Measured: the 8×8 grid 7.7 →
/// 5.6 s with the same decisions and cache hits, 13-queens 1.33 → 1.16 s; the competition
/// instances unchanged.
pub const SPLITS_FUTILE_AFTER: u64 = 1024;

/// See [`SPLITS_FUTILE_AFTER`].
pub const SPLITS_FUTILE_RATE: u64 = 64;

/// See [`SPLITS_FUTILE_AFTER`].
pub const SPLIT_SAMPLE: u64 = 16;

/// See [`SPLITS_FUTILE_AFTER`].
pub const SPLIT_STREAK: u64 = 64;

/// The oracle's check of each component (see `Search::conflict_bound`) pays only where the
/// search's own refutations are dear: it stays off while the components the search counted
/// to 0 took fewer decisions than this each, on average. Measured before the check: n-queens
/// 13 refutes a component in 2.5 decisions (its rows and files run out of squares at once),
/// and the check (126,309 questions) made it 3.7× slower (2.3 → 8.5 s); where it helps, a
/// refutation took 7.5 (track3_113) to 31 (track1_043) decisions, Survo's sums 12–13.
pub const DEAR_REFUTATION: u64 = 5;

/// Whether component searches leave pure variables outside the projection out of the
/// components (`Search::pure_auxiliary`). The question costs a scan of the variable's clauses
/// at every component search, and pays only where many are pure. Asked throughout (release
/// build, single runs): track3_021, 39% of the variables asked pure, 2.86 M decisions became
/// 1.34 M and 4.45 s 2.14 s; track3_013, 20%, 11% fewer decisions but 2.60 → 2.86 s;
/// track3_009, 2.4%, 4.30 → 5.27 s; track3_001, 0.002%, 2.18 → 3.64 s. So the first
/// [`PURITY_PROBE`] questions are asked for their answers to be counted only, and purity is
/// then used for the rest of the count if at least [`PURITY_MIN_PERCENT`] of them were pure.
/// The probe's shares: track3_021 69% (on: 4.1 → 1.9 s, dist build), track3_013 35% (on:
/// level), track3_009 2.1%, track3_031 0.7%, 2023 track3_011 0.6%, track3_001 0.03% (off: as
/// before). Turning it on midway is sound: a component made without it is closed under open
/// clauses, so its key names the same formula under both rules. (Turning it off midway would
/// not be: a key made under a component that a pure variable was left out of could then list
/// a clause holding that variable, open.)
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Purity {
    Probing,
    On,
    Off,
}

/// Purity questions whose answers the counter only counts before it decides whether
/// component searches leave pure variables outside the projection out (the default of
/// [`Counter::purity_probe`]; measured in `Purity`'s comment).
pub const PURITY_PROBE: u64 = 1 << 16;

/// The share of pure answers, in percent, among the first [`PURITY_PROBE`] at which the rule
/// is used for the rest of the count.
pub const PURITY_MIN_PERCENT: u64 = 25;

/// The label of a satisfied clause or a free variable met by a component search.
const NO_COMPONENT: u32 = u32::MAX;

/// Emptied lists kept for reuse ([`Search::count_component`]): at most this many of each
/// kind, each with room for at most [`SPARE_CAPACITY`] entries (so that the lists kept take at
/// most 256 × 4,096 × 4 bytes = 4 MiB of variables and as much of clauses, and 256 × 4,096 ×
/// 56 bytes of components in the worst case).
const SPARE_LISTS: usize = 256;

/// See [`SPARE_LISTS`].
const SPARE_CAPACITY: usize = 4096;

/// Keeps `list`, emptied, among `spares` for reuse, within [`SPARE_LISTS`] and
/// [`SPARE_CAPACITY`]; the spares are all empty.
fn keep_spare<T>(spares: &mut Vec<Vec<T>>, mut list: Vec<T>) {
    if spares.len() < SPARE_LISTS && list.capacity() <= SPARE_CAPACITY {
        list.clear();
        spares.push(list);
    }
}

/// Learnt clauses longer than this are not kept (the conflict is still counted): on n-queens
/// they cost six times the search they saved (12-queens 0.9 s without them, 5.6 s with), and
/// on the competition instances they bought nothing the short ones did not (track 1_005 12.8 s
/// → 8.1 s without them). Counted after minimisation; 24 then was no better (track3_001 1.92
/// → 1.70 s, track3_031 12.96 → 12.60, the empty binary 8×8 grid 20.7 → 22.0, 2023 track3_011
/// 9.9 → 10.2).
const MAX_LEARNT_LEN: usize = 16;

/// The default of [`Counter::learnt_sweep`]. A learnt clause that never propagates still costs
/// a visit each time a watched literal turns false: on n-queens the clauses learnt (9–12
/// literals, a queen on one of their squares) almost never propagate, and 13-queens took 2.15 s
/// with them against 1.12 s without learning. Measured on 13-queens, Survo's three open
/// puzzles and the 15 competition instances that take the counter over 0.3 s (user s, one
/// run each, the other core busy): no sweeps 147.0 in all, every 200 conflicts 153.5, 500
/// 135.4, 2,000 134.6, 1,000 123.0 (13-queens 2.15 → 1.52, track3_001 23.0 → 16.6,
/// track3_031 23.1 → 15.8, track3_009 7.3 → 5.2, 2023 track3_011 16.1 → 12.5, the rest
/// within noise; track3_001 again twice: 20.5 against 22.0 every 2,000).
pub const LEARNT_SWEEP: u64 = 1000;

/// The clause `propagate` found with every literal false.
#[derive(Clone, Copy)]
enum Conflict {
    None,
    Binary(u32, u32),
    Clause(u32),
}

/// Literal codes are `2 * var + negated`, as in [`crate::Lit`].
struct Search<'a> {
    stop: &'a AtomicBool,
    /// Raised with `stop` (see [`Counter::count_until`]), for the oracle to end a solve.
    oracle_stop: Arc<AtomicBool>,
    stopped: bool,
    /// Raised to the models listed so far (see [`Counter::count_reporting`]).
    floor: Option<&'a AtomicU64>,
    /// Clauses of three or more literals, flat; each watched by its first two literals,
    /// except the formula's own three-literal clauses, which are in `ternary` instead.
    lits: Vec<u32>,
    start: Vec<u32>,
    len: Vec<u32>,
    watches: Vec<Vec<Watch>>,
    /// Per literal code, the formula's three-literal clauses holding it: the clause and its
    /// two other literals. Every literal of such a clause is "watched" this way, so
    /// propagation reads neither the clause nor moves a watch (most clauses of the binary
    /// family's and other puzzles' encodings have three literals: 3,024 of 3,752 on an 8×8
    /// grid under the distinct rule).
    ternary: Vec<Vec<[u32; 3]>>,
    /// Long clause ids containing each variable.
    occ: Vec<Vec<u32>>,
    /// Per literal code, the formula's long clauses holding it; and per such clause, how many
    /// of its literals are true now and how many false (both kept by `assign_by` and `undo`),
    /// so that the component search tells a satisfied clause, and the clause rule of
    /// decisions an open clause's length, by one read instead of a scan.
    lit_occ: Vec<Vec<u32>>,
    true_lits: Vec<u32>,
    /// Kept only under the clause rule (`count_false`), the one reader: elsewhere the
    /// upkeep on every assignment would be all cost (2–5% on the competition instances
    /// decided by the elimination order).
    false_lits: Vec<u32>,
    count_false: bool,
    /// Two-literal clauses as implications: when literal code `f` turns false, every literal
    /// in `implied[f]` must be true.
    implied: Vec<Vec<u32>>,
    /// Per literal code: 1 true, -1 false, 0 unassigned. Both codes of a variable are set
    /// together, so a literal's value is one read without a branch (propagation and the
    /// component search read little else); a variable is open when `values[2 * v]` is 0.
    values: Vec<i8>,
    trail: Vec<u32>,
    head: usize,
    projected: Vec<bool>,
    /// Clause count of each variable, the tie-break of decisions, and how many of them hold
    /// it positive.
    degree: Vec<u32>,
    positive: Vec<u32>,
    /// Projection variables outside every clause (each doubles the count).
    loose: u32,
    units: Vec<u32>,
    empty_clause: bool,
    /// Marks of the current component search (`split`), and the label of the component
    /// each marked variable and open long clause belongs to (side by side: the search reads
    /// both of a clause at once).
    var_seen: Vec<Seen>,
    clause_seen: Vec<Seen>,
    /// Per variable: the mark of the component search that last asked whether it is a pure
    /// auxiliary variable ([`Search::pure_auxiliary`]), and the answer.
    pure_seen: Vec<std::cell::Cell<(u32, bool)>>,
    /// Per variable: whether it is asked at all (outside the projection, in some clause); per
    /// long clause, whether it holds such a variable.
    watch_purity: Vec<bool>,
    holds_watched: Vec<bool>,
    purity: Purity,
    /// `purity` as the current component search takes it (fixed for the whole search).
    purity_this_search: bool,
    mark: u32,
    queue: Vec<u32>,
    /// Calls of `split`, how many searched for components, how many of those found more
    /// than one (or a free variable), and how many searches are still owed to the last
    /// split found: see [`SPLITS_FUTILE_AFTER`].
    split_calls: u64,
    split_searches: u64,
    splits_found: u64,
    search_streak: u64,
    skip_splits_after: u64,
    purity_probe: u64,
    /// Counts by [`component_hash`]; `cache_log` lists the hashes in the order they were
    /// cached, so a branch that counts 0 can take back what it cached (see the module's
    /// invariants).
    cache: WordMap<u128, Cached>,
    cache_log: Vec<u128>,
    exact_keys: bool,
    /// The incremental SAT solver (see [`Search::satisfiable`]), made when first asked.
    oracle: Option<Box<dyn Backend>>,
    /// [`Counter::sat_oracle`], `None` also without a projection (no question can arise).
    oracle_after: Option<u64>,
    /// [`Counter::list_up_to`], and whether the listing is still to be tried (`list_pending`)
    /// or the search is unwinding to try it (`relisting`).
    list_up_to: u64,
    list_pending: bool,
    relisting: bool,
    /// [`Counter::list_conflicts`] and [`Counter::stable_listing_after`].
    list_conflicts: u32,
    stable_listing_after: u64,
    dear_model_conflicts: u32,
    /// `sat_oracle: Some(0)`: the listing is tried after the first conflict or question to
    /// the oracle (so that the search given up may have learnt clauses, and the search
    /// after a listing given up too).
    list_at_once: bool,
    /// Inside a satisfiability question searched here: the conflict count past which it is
    /// handed to the oracle; `bailing` while the search unwinds to do so.
    sat_budget: Option<u64>,
    bailing: bool,
    /// The formula's clauses for the oracle (see `Counter::count_here`).
    oracle_cnf: &'a Cnf,
    /// Entries logged before the last flush (the log's positions are counted from the start).
    cache_logged_before: usize,
    cache_used: usize,
    cache_budget: usize,
    stats: CountStats,
    learning: bool,
    /// Per variable: why it is set (see [`DECISION`]) and how many decisions were on the
    /// trail then.
    reason: Vec<u32>,
    level: Vec<u32>,
    /// Trail positions of the decisions.
    decisions_at: Vec<usize>,
    /// Long clause ids from this one on are learnt.
    original: u32,
    /// Learnt two-literal clauses, as `implied`; learnt clauses never join `occ`, so
    /// components and cache keys are made from the formula's own clauses.
    learnt_implied: Vec<Vec<u32>>,
    conflict: Conflict,
    /// The literal a clause just learnt makes true once the search is back where it is unit.
    assert_next: Option<(u32, u32)>,
    seen: Vec<bool>,
    /// Reused buffers of [`Search::minimise`]: variables marked implied, and its search.
    minimise_marks: Vec<u32>,
    minimise_stack: Vec<u32>,
    /// Per variable: how often it took part in conflicts, recent ones weighing more (the
    /// bump grows by 1/0.95 per conflict, as in VSIDS), for [`Heuristic::Vsads`].
    activity: Vec<f64>,
    bump: f64,
    heuristic: Heuristic,
    /// Per variable: its place in the elimination order (for [`Heuristic::Td`]).
    td_rank: Vec<u32>,
    learnt_live: usize,
    /// The clause `learn` builds, kept between conflicts for its allocation.
    learnt_buf: Vec<u32>,
    /// Per learnt long clause (id minus `original`): whether it has propagated or conflicted
    /// since the last sweep; the conflicts between sweeps ([`Counter::learnt_sweep`]) and the
    /// conflict count of the next.
    learnt_used: Vec<bool>,
    learnt_sweep: u64,
    next_sweep: u64,
    learnt_limit: usize,
    /// Components the search counted to 0 and the decisions that took (see
    /// [`DEAR_REFUTATION`]).
    refuted: u64,
    refuting_decisions: u64,
    /// Emptied lists of counted components, for the next ones to fill, bounded by
    /// [`SPARE_LISTS`]. A component is made for every cache look-up, most of them hits, and
    /// allocating its lists anew cost `malloc` and `free` (5% of the samples on track3_013);
    /// reusing them, with the lists of components and of sizes below: track3_013 2.52 → 2.19
    /// s, track3_021 1.86 → 1.69 s (21.9 → 20.7 G instructions), track3_009 4.11 → 4.03 s.
    spare_lists: Vec<Vec<u32>>,
    /// The same for the lists of components a split returns, and the split's list of
    /// component sizes.
    spare_comps: Vec<Vec<Component>>,
    split_sizes: Vec<(usize, usize)>,
    /// When the search began, and when it next logs its statistics ([`PROGRESS_EVERY`]).
    began: std::time::Instant,
    next_progress: std::time::Instant,
}

impl<'a> Search<'a> {
    /// A search of `cnf`; `oracle_cnf` (the same formula, or one with the same projected
    /// models and implying everything `cnf` does over its variables) is what the SAT oracle
    /// holds.
    fn new(
        cnf: &'a Cnf,
        oracle_cnf: &'a Cnf,
        projection: Option<&[Var]>,
        settings: &Counter,
        stop: &'a AtomicBool,
        oracle_stop: Arc<AtomicBool>,
    ) -> Search<'a> {
        let mut n = cnf.num_vars() as usize;
        if let Some(p) = projection {
            n = n.max(p.iter().map(|v| v.index() + 1).max().unwrap_or(0));
        }
        let mut projected = vec![projection.is_none(); n];
        for v in projection.unwrap_or(&[]) {
            projected[v.index()] = true;
        }
        let mut s = Search {
            stop,
            oracle_stop,
            stopped: false,
            floor: None,
            lits: Vec::new(),
            start: Vec::new(),
            len: Vec::new(),
            watches: vec![Vec::new(); 2 * n],
            ternary: vec![Vec::new(); 2 * n],
            occ: vec![Vec::new(); n],
            lit_occ: vec![Vec::new(); 2 * n],
            true_lits: Vec::new(),
            false_lits: Vec::new(),
            count_false: false,
            implied: vec![Vec::new(); 2 * n],
            values: vec![0; 2 * n],
            trail: Vec::new(),
            head: 0,
            projected,
            degree: vec![0; n],
            positive: vec![0; n],
            loose: 0,
            units: Vec::new(),
            empty_clause: false,
            var_seen: vec![Seen::default(); n],
            pure_seen: vec![std::cell::Cell::new((0, false)); n],
            watch_purity: vec![false; n],
            holds_watched: Vec::new(),
            purity: match settings.purity_probe {
                0 => Purity::On,
                u64::MAX => Purity::Off,
                _ => Purity::Probing,
            },
            purity_this_search: false,
            clause_seen: Vec::new(),
            mark: 0,
            queue: Vec::new(),
            split_calls: 0,
            split_searches: 0,
            splits_found: 0,
            search_streak: 0,
            skip_splits_after: settings.skip_splits_after,
            purity_probe: settings.purity_probe,
            cache: HashMap::default(),
            cache_log: Vec::new(),
            exact_keys: settings.exact_keys,
            oracle: None,
            oracle_after: settings.sat_oracle.filter(|_| projection.is_some()),
            list_up_to: settings.list_up_to,
            list_pending: settings.list_up_to > 0,
            list_conflicts: settings.list_conflicts,
            stable_listing_after: settings.stable_listing_after,
            dear_model_conflicts: settings.dear_model_conflicts,
            list_at_once: settings.sat_oracle == Some(0),
            relisting: false,
            sat_budget: None,
            bailing: false,
            oracle_cnf,
            cache_logged_before: 0,
            cache_used: 0,
            cache_budget: settings.cache_bytes,
            stats: CountStats::default(),
            learning: settings.learning,
            reason: vec![DECISION; n],
            level: vec![0; n],
            decisions_at: Vec::new(),
            original: 0,
            learnt_implied: vec![Vec::new(); 2 * n],
            conflict: Conflict::None,
            assert_next: None,
            seen: vec![false; n],
            minimise_marks: Vec::new(),
            minimise_stack: Vec::new(),
            activity: vec![0.0; n],
            bump: 1.0,
            heuristic: settings.heuristic,
            td_rank: Vec::new(),
            learnt_live: 0,
            learnt_buf: Vec::new(),
            learnt_used: Vec::new(),
            learnt_sweep: settings.learnt_sweep,
            next_sweep: settings.learnt_sweep,
            learnt_limit: settings.learnt_clauses,
            refuted: 0,
            refuting_decisions: 0,
            spare_lists: Vec::new(),
            spare_comps: Vec::new(),
            split_sizes: Vec::new(),
            began: std::time::Instant::now(),
            next_progress: std::time::Instant::now() + PROGRESS_EVERY,
        };
        let mut clause: Vec<u32> = Vec::new();
        'clauses: for c in cnf.clauses() {
            clause.clear();
            for l in c {
                let code = l.var().0 * 2 + u32::from(!l.is_positive());
                if clause.contains(&(code ^ 1)) {
                    continue 'clauses; // a tautology constrains nothing
                }
                if !clause.contains(&code) {
                    clause.push(code);
                }
            }
            for &code in &clause {
                s.degree[(code >> 1) as usize] += 1;
                s.positive[(code >> 1) as usize] += 1 - (code & 1);
            }
            match *clause.as_slice() {
                [] => s.empty_clause = true,
                [u] => s.units.push(u),
                [a, b] => {
                    s.implied[a as usize].push(b);
                    s.implied[b as usize].push(a);
                }
                _ => {
                    let id = s.start.len() as u32;
                    s.start.push(s.lits.len() as u32);
                    s.len.push(clause.len() as u32);
                    s.lits.extend_from_slice(&clause);
                    if let [a, b, c] = *clause.as_slice() {
                        s.ternary[a as usize].push([id, b, c]);
                        s.ternary[b as usize].push([id, a, c]);
                        s.ternary[c as usize].push([id, a, b]);
                    } else {
                        s.watches[clause[0] as usize].push(Watch::new(id, clause[1]));
                        s.watches[clause[1] as usize].push(Watch::new(id, clause[0]));
                    }
                    for &code in &clause {
                        s.occ[(code >> 1) as usize].push(id);
                        s.lit_occ[code as usize].push(id);
                    }
                }
            }
        }
        s.clause_seen = vec![Seen::default(); s.start.len()];
        for v in 0..n {
            let occurrences = |code: usize| s.implied[code].len() + s.lit_occ[code].len();
            // Asked only of variables outside the projection that are in some clause.
            s.watch_purity[v] = !s.projected[v] && occurrences(2 * v) + occurrences(2 * v + 1) > 0;
        }
        if !s.watch_purity.contains(&true) {
            s.purity = Purity::Off; // nothing to ask (no projection, say)
        }
        s.holds_watched = (0..s.start.len())
            .map(|c| {
                let (start, len) = (s.start[c] as usize, s.len[c] as usize);
                s.lits[start..start + len]
                    .iter()
                    .any(|&l| s.watch_purity[(l >> 1) as usize])
            })
            .collect();
        s.true_lits = vec![0; s.start.len()];
        s.false_lits = vec![0; s.start.len()];
        s.original = s.start.len() as u32;
        s.loose = (0..n)
            .filter(|&v| s.projected[v] && s.degree[v] == 0)
            .count() as u32;
        s
    }

    fn run(mut self) -> Option<ModelCount> {
        if matches!(self.heuristic, Heuristic::Td | Heuristic::Auto) {
            let mut clauses: Vec<Vec<u32>> = (0..self.start.len() as u32)
                .map(|c| self.clause_lits(c).to_vec())
                .collect();
            for (code, implied) in self.implied.iter().enumerate() {
                for &l in implied {
                    if (code as u32) < l {
                        clauses.push(vec![code as u32, l]);
                    }
                }
            }
            let (rank, width) = elimination_ranks(self.reason.len(), &clauses);
            self.td_rank = rank;
            if self.heuristic == Heuristic::Auto {
                self.heuristic = match width {
                    Some(w) if w <= AUTO_TD_WIDTH => Heuristic::Td,
                    _ => Heuristic::Clause,
                };
            }
            log::debug!(
                "model counter: decisions by {:?}, elimination width {width:?}",
                self.heuristic
            );
        }
        // Nothing is assigned yet (the units are set by `root`), so the counts start right.
        self.count_false = matches!(self.heuristic, Heuristic::Clause | Heuristic::Auto);
        let mut count = self.root();
        if self.relisting {
            // The search turned out to be mostly conflicts: it was unwound for the listing.
            self.relisting = false;
            if let Some(listed) = self.list_models() {
                count = listed.shl(self.loose);
            } else {
                count = self.root(); // searched again, with the clauses learnt so far
            }
        }
        (!self.stopped).then(|| ModelCount {
            count: count.big(),
            stats: self.stats,
        })
    }

    fn root(&mut self) -> Num {
        if self.empty_clause {
            return Num::zero();
        }
        for u in std::mem::take(&mut self.units) {
            match self.lit_value(u) {
                -1 => return Num::zero(),
                0 => self.assign(u),
                _ => {}
            }
        }
        if !self.propagate() {
            return Num::zero();
        }
        // Variables fixed by unit clauses count once, like any other assigned variable.
        let all: Vec<u32> = (0..self.reason.len() as u32)
            .filter(|&v| self.degree[v as usize] > 0)
            .collect();
        let long: Vec<u32> = (0..self.original).collect(); // the formula's own clauses
        self.count_rest(&all, &long).shl(self.loose)
    }

    fn lit_value(&self, code: u32) -> i8 {
        self.values[code as usize]
    }

    /// Whether variable `v` is unassigned.
    fn is_open(&self, v: u32) -> bool {
        self.values[2 * v as usize] == 0
    }

    fn assign(&mut self, code: u32) {
        self.assign_by(code, DECISION);
    }

    fn assign_by(&mut self, code: u32, reason: u32) {
        let v = (code >> 1) as usize;
        self.values[code as usize] = 1;
        self.values[(code ^ 1) as usize] = -1;
        for &c in &self.lit_occ[code as usize] {
            self.true_lits[c as usize] += 1;
        }
        if self.count_false {
            for &c in &self.lit_occ[(code ^ 1) as usize] {
                self.false_lits[c as usize] += 1;
            }
        }
        self.reason[v] = reason;
        self.level[v] = self.decisions_at.len() as u32;
        self.trail.push(code);
    }

    /// A branch of the search: a new decision level.
    fn decide(&mut self, code: u32) {
        self.decisions_at.push(self.trail.len());
        self.assign(code);
    }

    fn undo(&mut self, to: usize) {
        for &code in &self.trail[to..] {
            self.values[code as usize] = 0;
            self.values[(code ^ 1) as usize] = 0;
            for &c in &self.lit_occ[code as usize] {
                self.true_lits[c as usize] -= 1;
            }
            if self.count_false {
                for &c in &self.lit_occ[(code ^ 1) as usize] {
                    self.false_lits[c as usize] -= 1;
                }
            }
        }
        self.trail.truncate(to);
        self.head = to;
        while self.decisions_at.last().is_some_and(|&d| d >= to) {
            self.decisions_at.pop();
        }
    }

    /// Unit propagation (implication lists for binary clauses, every literal of the formula's
    /// three-literal clauses, two watched literals for the rest); false on a conflict.
    fn propagate(&mut self) -> bool {
        // The implication lists and three-literal clauses do not change while propagating:
        // they are taken out for the loop, so each list is read as one slice rather than
        // through `self` again for every literal (the assignments need `&mut self`).
        let implied = std::mem::take(&mut self.implied);
        let learnt_implied = std::mem::take(&mut self.learnt_implied);
        let ternary = std::mem::take(&mut self.ternary);
        let ok = self.propagate_with(&implied, &learnt_implied, &ternary);
        self.implied = implied;
        self.learnt_implied = learnt_implied;
        self.ternary = ternary;
        ok
    }

    /// The two-literal clauses in `lists` with `falsified`: their other literals set true;
    /// false on a conflict.
    fn imply_binary(&mut self, lists: &[Vec<u32>], falsified: u32) -> bool {
        for &l in &lists[falsified as usize] {
            match self.lit_value(l) {
                0 => self.assign_by(l, BINARY | falsified),
                -1 => {
                    self.conflict = Conflict::Binary(falsified, l);
                    return false;
                }
                _ => {}
            }
        }
        true
    }

    /// The formula's three-literal clauses with `falsified`: the third literal set true where
    /// the second is false too; false on a conflict.
    fn imply_ternary(&mut self, ternary: &[Vec<[u32; 3]>], falsified: u32) -> bool {
        for &[c, a, b] in &ternary[falsified as usize] {
            match (self.lit_value(a), self.lit_value(b)) {
                (-1, -1) => {
                    self.conflict = Conflict::Clause(c);
                    return false;
                }
                (0, -1) => self.assign_by(a, c),
                (-1, 0) => self.assign_by(b, c),
                _ => {} // satisfied, or two literals open
            }
        }
        true
    }

    /// [`Search::propagate`]'s loop, over the lists it took out of the search.
    fn propagate_with(
        &mut self,
        implied: &[Vec<u32>],
        learnt_implied: &[Vec<u32>],
        ternary: &[Vec<[u32; 3]>],
    ) -> bool {
        while self.head < self.trail.len() {
            let falsified = self.trail[self.head] ^ 1;
            self.head += 1;
            if !self.imply_binary(implied, falsified)
                || !self.imply_binary(learnt_implied, falsified)
                || !self.imply_ternary(ternary, falsified)
            {
                return false;
            }
            let mut ws = std::mem::take(&mut self.watches[falsified as usize]);
            let (mut i, mut j) = (0, 0);
            let mut ok = true;
            while i < ws.len() {
                let w = ws[i];
                i += 1;
                if self.lit_value(w.blocker) == 1 {
                    // Satisfied by a literal seen before: the clause itself is not read.
                    ws[j] = w;
                    j += 1;
                    continue;
                }
                let c = w.clause;
                let s = self.start[c as usize] as usize;
                let len = self.len[c as usize] as usize;
                if self.lits[s] == falsified {
                    self.lits.swap(s, s + 1);
                }
                let other = self.lits[s];
                if self.lit_value(other) == 1 {
                    ws[j] = Watch::new(c, other);
                    j += 1;
                    continue;
                }
                let mut moved = false;
                for k in s + 2..s + len {
                    let l = self.lits[k];
                    if self.lit_value(l) != -1 {
                        self.lits.swap(s + 1, k);
                        self.watches[l as usize].push(Watch::new(c, other));
                        moved = true;
                        break;
                    }
                }
                if moved {
                    continue;
                }
                ws[j] = Watch::new(c, other);
                j += 1;
                if c >= self.original {
                    self.learnt_used[(c - self.original) as usize] = true;
                }
                if self.lit_value(other) == 0 {
                    self.assign_by(other, c);
                } else {
                    self.conflict = Conflict::Clause(c);
                    ok = false;
                    while i < ws.len() {
                        ws[j] = ws[i];
                        i += 1;
                        j += 1;
                    }
                }
            }
            ws.truncate(j);
            self.watches[falsified as usize] = ws;
            if !ok {
                return false;
            }
        }
        true
    }

    fn next_mark(&mut self) -> u32 {
        if self.mark == u32::MAX {
            self.var_seen.iter_mut().for_each(|m| m.mark = 0);
            self.clause_seen.iter_mut().for_each(|m| m.mark = 0);
            self.pure_seen.iter().for_each(|m| m.set((0, false)));
            self.mark = 0;
        }
        self.mark += 1;
        self.mark
    }

    /// Whether one of the formula's long clauses is satisfied now.
    fn satisfied(&self, c: u32) -> bool {
        debug_assert!(
            c < self.original,
            "learnt clauses have no count of true literals"
        );
        self.true_lits[c as usize] > 0
    }

    /// Labels the open formula reachable from `root` (graph search through open clauses) as
    /// component `label`: `var_seen` for its variables, `clause_seen` for its open long
    /// clauses (a satisfied clause met on the way is marked and labelled `NO_COMPONENT`).
    /// Stops early once `stop_at` variables are reached. Returns how many variables and open
    /// long clauses it reached, and whether it went to the end.
    ///
    /// `PURITY`: whether pure variables outside the projection are asked about
    /// ([`Search::pure_now`]); a separate copy of the loop without the questions keeps the
    /// plain search as fast as it was (the questions cost track3_001 7% even when answered
    /// "no" at once).
    fn label<const PURITY: bool>(
        &mut self,
        root: u32,
        mark: u32,
        label: u32,
        stop_at: usize,
    ) -> (usize, usize, bool) {
        let mut queue = std::mem::take(&mut self.queue);
        queue.clear();
        queue.push(root);
        self.var_seen[root as usize] = Seen { mark, comp: label };
        let mut long = 0;
        let mut next = 0;
        while next < queue.len() && queue.len() < stop_at {
            let x = queue[next];
            next += 1;
            if PURITY && x != root && self.pure_now(x, mark) {
                // Set as it may be without loss (see `pure_auxiliary`): it joins nothing.
                self.var_seen[x as usize].comp = NO_COMPONENT;
                self.stats.pure_left_out += 1;
                continue;
            }
            for polarity in [0, 1] {
                let code = (2 * x + polarity) as usize;
                for &l in &self.implied[code] {
                    let u = (l >> 1) as usize;
                    if self.is_open(u as u32) && self.var_seen[u].mark != mark {
                        self.var_seen[u] = Seen { mark, comp: label };
                        queue.push(u as u32);
                    }
                }
            }
            for &c in &self.occ[x as usize] {
                let c = c as usize;
                if self.clause_seen[c].mark == mark {
                    continue;
                }
                // Satisfied, or as good as satisfied by a pure variable: not a link.
                let satisfied = self.true_lits[c] > 0
                    || PURITY && self.purity_this_search && self.holds_pure(c, mark);
                let comp = if satisfied { NO_COMPONENT } else { label };
                self.clause_seen[c] = Seen { mark, comp };
                if satisfied {
                    continue;
                }
                long += 1;
                for &l in &self.lits[self.start[c] as usize..][..self.len[c] as usize] {
                    let u = (l >> 1) as usize;
                    if self.values[l as usize] == 0 && self.var_seen[u].mark != mark {
                        self.var_seen[u] = Seen { mark, comp: label };
                        queue.push(u as u32);
                    }
                }
            }
        }
        let (reached, complete) = (queue.len(), next == queue.len());
        self.queue = queue;
        (reached, long, complete)
    }

    /// [`Search::pure_auxiliary`] as the component search (`mark`) is to take it: asked once
    /// per search while [`Purity::On`]; never pure otherwise, though while
    /// [`Purity::Probing`] the question is put, for its answer to be counted.
    fn pure_now(&mut self, v: u32, mark: u32) -> bool {
        if !self.purity_this_search {
            if self.purity == Purity::Probing && self.watch_purity[v as usize] {
                self.probe_purity(v);
            }
            return false;
        }
        self.pure_on(v, mark)
    }

    /// [`Search::pure_auxiliary`] for a component search with purity on, asked once per
    /// search (`mark`; the answers are kept in cells, so that the search may ask while it
    /// reads the clause lists).
    fn pure_on(&self, v: u32, mark: u32) -> bool {
        if !self.watch_purity[v as usize] {
            return false;
        }
        let (at, pure) = self.pure_seen[v as usize].get();
        if at == mark {
            return pure;
        }
        let pure = self.pure_auxiliary(v);
        self.pure_seen[v as usize].set((mark, pure));
        pure
    }

    /// Counts a purity question asked while probing; after [`PURITY_PROBE`] of them decides
    /// for good whether component searches are to use purity (see [`Purity`]).
    fn probe_purity(&mut self, v: u32) {
        self.stats.pure_probed += 1;
        self.stats.pure_found += u64::from(self.pure_auxiliary(v));
        if self.stats.pure_probed >= self.purity_probe {
            self.purity =
                if self.stats.pure_found * 100 >= PURITY_MIN_PERCENT * self.stats.pure_probed {
                    Purity::On
                } else {
                    Purity::Off
                };
            log::debug!(
                "model counter: {} of {} variables outside the projection asked were pure: purity {:?}",
                self.stats.pure_found,
                self.stats.pure_probed,
                self.purity
            );
        }
    }

    /// Whether the long clause `c` holds an open pure auxiliary variable (which is then in
    /// the polarity the variable is set to: `c` is as good as satisfied).
    fn holds_pure(&self, c: usize, mark: u32) -> bool {
        if !self.holds_watched[c] {
            return false;
        }
        let (start, len) = (self.start[c] as usize, self.len[c] as usize);
        self.lits[start..start + len]
            .iter()
            .any(|&l| self.values[l as usize] == 0 && self.pure_on(l >> 1, mark))
    }

    /// Whether `v`, a variable outside the projection, open, has a literal in no open clause
    /// of the formula (learnt clauses aside). Then setting `v` to make that literal false
    /// falsifies no open clause, so every model of the open formula, under any assignment of
    /// the other variables, stays a model with `v` so set: the projected count is that of the
    /// formula with `v` so set, where every open clause holding `v` is satisfied. So `v` joins
    /// no component, and an open long clause holding it is no link either and is left out of
    /// the components' keys (a clause listed in a key has all its open variables in the
    /// component, as without this; were it listed, the key would name two formulas: one with
    /// `v` open and pure, one with `v` set against the clause). The search never decides `v`;
    /// propagation may still set it, which the same argument makes harmless (where a learnt
    /// clause forces it the other way the branch has no model). Purity lasts down the search
    /// (open clauses only close), so each key names one formula wherever it is met.
    /// Measured: see [`Purity`].
    fn pure_auxiliary(&self, v: u32) -> bool {
        let occurs_open = |code: u32| {
            self.implied[code as usize]
                .iter()
                .any(|&w| self.values[w as usize] == 0)
                || self.lit_occ[code as usize]
                    .iter()
                    .any(|&c| self.true_lits[c as usize] == 0)
        };
        !occurs_open(2 * v) || !occurs_open(2 * v + 1)
    }

    /// The connected components of what is open of a component (`scope`: its variables,
    /// `scope_long`: its long clauses, both sorted), and how many projection variables are left
    /// in no open clause. Each component's lists are taken, in order, from the scope's (every
    /// open clause of a component's variables is among its parent's), so they come sorted
    /// without a sort, and a clause's satisfaction is checked once.
    ///
    /// The first search stops as soon as it has reached every open variable (the usual case
    /// on formulas that do not split, such as n-queens): everything is then one component,
    /// and the clauses it did not look at are checked from the scope's list.
    fn split(&mut self, scope: &[u32], scope_long: &[u32]) -> (Vec<Component>, u32) {
        let open = scope.iter().filter(|&&v| self.is_open(v)).count();
        if open == 0 {
            return (self.components_of([]), 0);
        }
        self.split_calls += 1;
        if self.splits_futile() {
            self.stats.searches_skipped += 1;
            let whole = self.unsplit(scope, scope_long, open, None);
            return (self.components_of([whole]), 0);
        }
        self.split_searches += 1;
        self.search_streak = self.search_streak.saturating_sub(1);
        let mark = self.next_mark();
        self.purity_this_search = self.purity == Purity::On;
        let mut sizes = std::mem::take(&mut self.split_sizes);
        sizes.clear();
        let mut free = 0;
        let mut first = true;
        for &root in scope {
            if !self.is_open(root) || self.var_seen[root as usize].mark == mark {
                continue;
            }
            if self.pure_now(root, mark) {
                self.var_seen[root as usize] = Seen {
                    mark,
                    comp: NO_COMPONENT,
                };
                continue;
            }
            let stop_at = if first && open > 1 { open } else { usize::MAX };
            first = false;
            let label = sizes.len() as u32;
            let (vars, long, complete) =
                if self.purity_this_search || self.purity == Purity::Probing {
                    self.label::<true>(root, mark, label, stop_at)
                } else {
                    self.label::<false>(root, mark, label, stop_at)
                };
            if !complete {
                // Stopped early with every open variable reached: one component.
                self.split_sizes = sizes;
                let whole = self.unsplit(scope, scope_long, open, Some(mark));
                return (self.components_of([whole]), 0);
            }
            if vars == 1 && long == 0 && self.isolated(root) {
                // In no open clause: a free variable, not a component.
                self.var_seen[root as usize].comp = NO_COMPONENT;
                free += u32::from(self.projected[root as usize]);
                continue;
            }
            sizes.push((vars, long));
        }
        if sizes.len() > 1 || free > 0 {
            self.splits_found += 1;
            self.search_streak = SPLIT_STREAK;
        }
        let mut comps = self.components_of([]);
        for &(vars, long) in &sizes {
            comps.push(Component {
                vars: self.list_with_capacity(vars),
                long: self.list_with_capacity(long),
                projected: false,
            });
        }
        self.split_sizes = sizes;
        for &v in scope {
            let v = v as usize;
            if self.is_open(v as u32)
                && self.var_seen[v].mark == mark
                && self.var_seen[v].comp != NO_COMPONENT
            {
                let comp = &mut comps[self.var_seen[v].comp as usize];
                comp.vars.push(v as u32);
                comp.projected |= self.projected[v];
            }
        }
        for &c in scope_long {
            let k = c as usize;
            if self.clause_seen[k].mark == mark && self.clause_seen[k].comp != NO_COMPONENT {
                comps[self.clause_seen[k].comp as usize].long.push(c);
            }
        }
        (comps, free)
    }

    /// Whether the component search is to be skipped now (see [`SPLITS_FUTILE_AFTER`]).
    fn splits_futile(&self) -> bool {
        self.split_searches >= self.skip_splits_after
            && self.splits_found * SPLITS_FUTILE_RATE < self.split_searches
            && self.search_streak == 0
            && !self.split_calls.is_multiple_of(SPLIT_SAMPLE)
    }

    /// The open part of a scope as one component. With `mark` (a search that reached every
    /// open variable), clauses it met are open as it labelled them, the rest are checked.
    fn unsplit(
        &mut self,
        scope: &[u32],
        scope_long: &[u32],
        open: usize,
        mark: Option<u32>,
    ) -> Component {
        // Sized ahead: `open` variables, at most the scope's clauses (growing them by pushes
        // cost 5% of an 8×8 grid's count in reallocations and copies).
        let mut vars = self.list_with_capacity(open);
        let mut projected = false;
        for &v in scope {
            if self.is_open(v) {
                vars.push(v);
                projected |= self.projected[v as usize];
            }
        }
        let mut long = self.list_with_capacity(scope_long.len());
        for &c in scope_long {
            let k = c as usize;
            let open_clause = match mark {
                Some(mark) if self.clause_seen[k].mark == mark => {
                    self.clause_seen[k].comp != NO_COMPONENT
                }
                _ => !self.satisfied(c),
            };
            if open_clause {
                long.push(c);
            }
        }
        Component {
            vars,
            long,
            projected,
        }
    }

    /// No open clause holds the (unassigned) variable.
    fn isolated(&self, v: u32) -> bool {
        let open_binary = [2 * v, 2 * v + 1].iter().any(|&code| {
            self.implied[code as usize]
                .iter()
                .any(|&l| self.values[(l & !1) as usize] == 0)
        });
        !open_binary && self.occ[v as usize].iter().all(|&c| self.satisfied(c))
    }

    /// The count of what is left of a component under the current assignment.
    fn count_rest(&mut self, scope: &[u32], scope_long: &[u32]) -> Num {
        let logged = self.cache_logged_before + self.cache_log.len();
        let (mut comps, free) = self.split(scope, scope_long);
        // Small components first: a zero among them ends the product early.
        comps.sort_by_key(|c| c.vars.len());
        let mut product = Num::Small(1).shl(free);
        for comp in comps.drain(..) {
            let c = self.count_component(comp);
            if c.is_zero() {
                self.take_back_cache_since(logged);
                product = c;
                break;
            }
            product = product.mul(&c);
        }
        keep_spare(&mut self.spare_comps, comps);
        product
    }

    /// Removes the cache entries made since the log held `logged` entries: the branch they
    /// were counted in has no model, and a learnt clause may have cut their counts short.
    fn take_back_cache_since(&mut self, logged: usize) {
        if !self.learning && self.oracle_after.is_none() {
            return; // without learnt clauses or the oracle every count is exact
        }
        let from = logged.saturating_sub(self.cache_logged_before);
        for key in self.cache_log.drain(from..) {
            if let Some(gone) = self.cache.remove(&key) {
                self.cache_used = self.cache_used.saturating_sub(gone.bytes());
                self.stats.cache_removed += 1;
            }
        }
    }

    /// Analyses the conflict `propagate` just found to its first unique implication point
    /// (resolving, from the conflict clause back along the trail, on the literals set at the
    /// current decision level until one is left) and keeps the clause learnt.
    fn learn(&mut self) {
        self.stats.conflicts += 1;
        let current = self.decisions_at.len() as u32;
        if !self.learning || current == 0 {
            return;
        }
        // The clause being resolved: a two-literal one (no clause id), or a stored clause
        // read in place (no copy per resolution step).
        let mut pair: [u32; 2];
        let mut clause: Option<u32>;
        match self.conflict {
            Conflict::None => return,
            Conflict::Binary(a, b) => (pair, clause) = ([a, b], None),
            Conflict::Clause(c) => (pair, clause) = ([0, 0], Some(c)),
        }
        let mut pair_len = 2;
        let mut learnt = std::mem::take(&mut self.learnt_buf);
        learnt.clear();
        learnt.push(0);
        let mut pending = 0usize;
        let mut at = self.trail.len();
        let mut resolved = u32::MAX;
        loop {
            let source: &[u32] = match clause {
                Some(c) => {
                    let s = self.start[c as usize] as usize;
                    &self.lits[s..s + self.len[c as usize] as usize]
                }
                None => &pair[..pair_len],
            };
            for &q in source {
                let v = (q >> 1) as usize;
                if q >> 1 == resolved
                    || self.seen[v]
                    || self.level[v] == 0
                    || self.reason[v] == FIXED
                {
                    continue; // true in every model (or the literal resolved on)
                }
                self.seen[v] = true;
                self.activity[v] += self.bump;
                if self.level[v] == current {
                    pending += 1;
                } else {
                    learnt.push(q);
                }
            }
            // The latest marked literal on the trail.
            let lit = loop {
                if at == 0 || pending == 0 {
                    // Not a conflict of this level (cannot happen): learn nothing.
                    for &q in &learnt[1..] {
                        self.seen[(q >> 1) as usize] = false;
                    }
                    for &l in &self.trail {
                        self.seen[(l >> 1) as usize] = false;
                    }
                    self.learnt_buf = learnt;
                    return;
                }
                at -= 1;
                let l = self.trail[at];
                if self.seen[(l >> 1) as usize] {
                    break l;
                }
            };
            let v = (lit >> 1) as usize;
            self.seen[v] = false;
            pending -= 1;
            if pending == 0 {
                learnt[0] = lit ^ 1;
                break;
            }
            resolved = lit >> 1;
            match self.reason[v] {
                DECISION | FIXED => (clause, pair_len) = (None, 0),
                r if r & BINARY != 0 => (clause, pair, pair_len) = (None, [r & !BINARY, 0], 1),
                c => clause = Some(c),
            }
        }
        self.minimise(&mut learnt);
        debug_assert!(self.seen.iter().all(|&m| !m), "marks left after learning");
        self.bump /= 0.95;
        if self.bump > 1e100 {
            self.activity.iter_mut().for_each(|a| *a *= 1e-100);
            self.bump *= 1e-100;
        }
        self.keep_learnt(&mut learnt);
        self.learnt_buf = learnt;
    }

    /// Leaves out of a clause just learnt (its literals marked `seen`, the asserting one
    /// first and unmarked) every literal that the others imply through the reasons on the
    /// trail — MiniSat's recursive minimisation (Sörensson and Biere, SAT 2009) — and unmarks
    /// them all. The clause stays implied by the formula (each literal left out is resolved
    /// away with its reasons), so the invariants of the module hold; shorter, more of the
    /// clauses are kept (at most [`MAX_LEARNT_LEN`] literals) and each prunes more.
    fn minimise(&mut self, learnt: &mut Vec<u32>) {
        // Decision levels of the clause, as bits (level mod 64): a literal whose reasons reach
        // a level not among them cannot be implied by the clause's literals.
        let levels = learnt[1..]
            .iter()
            .fold(0u64, |m, &q| m | 1 << (self.level[(q >> 1) as usize] & 63));
        let mut marked = std::mem::take(&mut self.minimise_marks);
        marked.clear();
        let mut kept = 1;
        for i in 1..learnt.len() {
            let q = learnt[i];
            if self.implied_by_marked(q >> 1, levels, &mut marked) {
                marked.push(q >> 1); // still marked: the literals after it may lean on it
            } else {
                learnt[kept] = q;
                kept += 1;
            }
        }
        for &q in &learnt[1..kept] {
            self.seen[(q >> 1) as usize] = false;
        }
        for &v in &marked {
            self.seen[v as usize] = false;
        }
        self.stats.learnt_literals += learnt.len() as u64;
        self.stats.learnt_literals_minimised += (learnt.len() - kept) as u64;
        learnt.truncate(kept);
        self.minimise_marks = marked;
    }

    /// Whether variable `v` (set by propagation) is implied by the marked variables: every
    /// literal of its reason, and theirs in turn, is marked, fixed, or so implied. Variables
    /// found implied stay marked (in `marked`) for the next questions; on failure the marks
    /// of this question are taken back.
    fn implied_by_marked(&mut self, v: u32, levels: u64, marked: &mut Vec<u32>) -> bool {
        if matches!(self.reason[v as usize], DECISION | FIXED) {
            return false;
        }
        let top = marked.len();
        let mut stack = std::mem::take(&mut self.minimise_stack);
        stack.clear();
        stack.push(v);
        let mut implied = true;
        'search: while let Some(u) = stack.pop() {
            let reason = self.reason[u as usize];
            let other: [u32; 1];
            let reason_lits: &[u32] = if reason & BINARY != 0 {
                other = [reason & !BINARY];
                &other
            } else {
                let s = self.start[reason as usize] as usize;
                &self.lits[s..s + self.len[reason as usize] as usize]
            };
            for &p in reason_lits {
                let w = p >> 1;
                let wi = w as usize;
                if w == u || self.seen[wi] || self.level[wi] == 0 || self.reason[wi] == FIXED {
                    continue;
                }
                if self.reason[wi] == DECISION || levels & (1 << (self.level[wi] & 63)) == 0 {
                    implied = false;
                    break 'search;
                }
                self.seen[wi] = true;
                marked.push(w);
                stack.push(w);
            }
        }
        if !implied {
            for &w in &marked[top..] {
                self.seen[w as usize] = false;
            }
            marked.truncate(top);
        }
        self.minimise_stack = stack;
        implied
    }

    fn clause_lits(&self, c: u32) -> &[u32] {
        let s = self.start[c as usize] as usize;
        &self.lits[s..s + self.len[c as usize] as usize]
    }

    /// Adds a learnt clause (its first literal the asserting one, every other literal false)
    /// and notes the assignment it asserts.
    fn keep_learnt(&mut self, learnt: &mut [u32]) {
        if learnt.len() > MAX_LEARNT_LEN {
            return;
        }
        let first = learnt[0];
        self.assert_next = match self.store_learnt(learnt) {
            None => Some((first, FIXED)),
            Some(why) => Some((first, why)),
        };
    }

    /// Stores a learnt clause of two or more literals (`learnt[0]` set last, or open), watched
    /// by its first literal and the one of the rest set last, so that it wakes as they are
    /// undone; what a literal it asserts would name as its reason (`None` for one literal,
    /// which is not stored).
    fn store_learnt(&mut self, learnt: &mut [u32]) -> Option<u32> {
        match learnt.len() {
            0 | 1 => None,
            2 => {
                let (a, b) = (learnt[0], learnt[1]);
                self.learnt_implied[a as usize].push(b);
                self.learnt_implied[b as usize].push(a);
                Some(BINARY | b)
            }
            _ => {
                let second = (1..learnt.len())
                    .max_by_key(|&k| self.level[(learnt[k] >> 1) as usize])
                    .expect("two literals or more");
                learnt.swap(1, second);
                // First: forgetting renames the clauses.
                if self.learnt_live >= self.learnt_limit {
                    self.forget_learnt(false);
                    self.learnt_limit += self.learnt_limit / 10;
                } else if self.stats.conflicts >= self.next_sweep {
                    self.forget_learnt(true);
                    self.next_sweep = self.stats.conflicts + self.learnt_sweep;
                }
                let id = self.start.len() as u32;
                self.start.push(self.lits.len() as u32);
                self.len.push(learnt.len() as u32);
                self.lits.extend_from_slice(learnt);
                self.watches[learnt[0] as usize].push(Watch::new(id, learnt[1]));
                self.watches[learnt[1] as usize].push(Watch::new(id, learnt[0]));
                self.learnt_live += 1;
                self.learnt_used.push(false);
                Some(id)
            }
        }
    }

    /// Forgets learnt long clauses, those that are the reason of a literal set now excepted:
    /// the older half, or (`unused`) those that have neither propagated nor conflicted since
    /// the last sweep; packs what is left. Learnt two-literal clauses are kept.
    fn forget_learnt(&mut self, unused: bool) {
        let first = self.original as usize;
        // Forgotten clauses leave at once (packed away below, watches rebuilt), so every
        // clause here is live and propagation never meets a forgotten one.
        let learnt: Vec<usize> = (first..self.start.len()).collect();
        let mut deleted = vec![false; self.start.len()];
        let locked = |s: &Self, c: usize| {
            let v = (s.lits[s.start[c] as usize] >> 1) as usize;
            !s.is_open(v as u32) && s.reason[v] == c as u32
        };
        let drop_before = if unused {
            learnt.len()
        } else {
            learnt.len() / 2
        };
        for &c in &learnt[..drop_before] {
            let idle = !self.learnt_used[c - first];
            if (idle || !unused) && !locked(self, c) {
                deleted[c] = true;
                self.stats.learnt_forgotten += 1;
            }
        }
        // Pack: new ids for the clauses kept, reasons renamed, watches rebuilt.
        let mut rename = vec![u32::MAX; self.start.len()];
        let mut lits = self.lits[..self
            .start
            .get(first)
            .map_or(self.lits.len(), |&s| s as usize)]
            .to_vec();
        let (mut start, mut len) = (self.start[..first].to_vec(), self.len[..first].to_vec());
        for &c in &learnt {
            if deleted[c] {
                continue;
            }
            rename[c] = start.len() as u32;
            start.push(lits.len() as u32);
            len.push(self.len[c]);
            let s = self.start[c] as usize;
            lits.extend_from_slice(&self.lits[s..s + self.len[c] as usize]);
        }
        for w in &mut self.watches {
            w.retain(|w| (w.clause as usize) < first);
        }
        for (v, r) in self.reason.iter_mut().enumerate() {
            if self.values[2 * v] != 0 && *r & BINARY == 0 && *r as usize >= first {
                *r = rename[*r as usize];
            }
        }
        self.lits = lits;
        self.start = start;
        self.len = len;
        for c in first..self.start.len() {
            let s = self.start[c] as usize;
            let (a, b) = (self.lits[s], self.lits[s + 1]);
            self.watches[a as usize].push(Watch::new(c as u32, b));
            self.watches[b as usize].push(Watch::new(c as u32, a));
        }
        self.learnt_live = self.start.len() - first;
        self.learnt_used = vec![false; self.learnt_live];
    }

    /// After backtracking to where the clause just learnt is unit: its literal, and
    /// propagation (false: a conflict, learnt from in turn).
    fn assert_learnt(&mut self) -> bool {
        let Some((l, why)) = self.assert_next.take() else {
            return true;
        };
        if self.lit_value(l) != 0 {
            return self.lit_value(l) == 1;
        }
        self.assign_by(l, why);
        if self.propagate() {
            return true;
        }
        self.learn();
        self.assert_next = None;
        false
    }

    /// The count of a component; its lists are kept for the next components.
    fn count_component(&mut self, comp: Component) -> Num {
        let count = self.count_component_lists(&comp);
        keep_spare(&mut self.spare_lists, comp.vars);
        keep_spare(&mut self.spare_lists, comp.long);
        count
    }

    /// A list of components holding `these`, a spare one if there is one.
    fn components_of<const N: usize>(&mut self, these: [Component; N]) -> Vec<Component> {
        let mut comps = self.spare_comps.pop().unwrap_or_default();
        comps.extend(these);
        comps
    }

    /// An empty list for a component with room for `capacity`, a spare one if there is one.
    fn list_with_capacity(&mut self, capacity: usize) -> Vec<u32> {
        let mut list = self.spare_lists.pop().unwrap_or_default();
        list.reserve(capacity);
        list
    }

    /// The count of a component: from the cache, else by the oracle's refutation or a search
    /// (whose count is cached).
    fn count_component_lists(&mut self, comp: &Component) -> Num {
        self.stats.components += 1;
        let hash = component_hash(&comp.vars, &comp.long);
        let full: Option<Box<[u32]>> = self.exact_keys.then(|| {
            let mut key = Vec::with_capacity(comp.vars.len() + comp.long.len() + 1);
            key.extend_from_slice(&comp.vars);
            key.push(u32::MAX);
            key.extend_from_slice(&comp.long);
            key.into_boxed_slice()
        });
        if let Some(hit) = self.cache.get(&hash) {
            if hit.key == full {
                self.stats.cache_hits += 1;
                return hit.count.clone();
            }
            self.stats.hash_collisions += 1;
        }
        if self.stop.load(Ordering::Relaxed) {
            self.stopped = true;
        }
        if self.listing_due() {
            // Few models, most of the work refutation: the listing by CDCL is tried now (see
            // `Counter::list_up_to`), once, and the search unwinds for it.
            self.list_pending = false;
            self.relisting = true;
        }
        if self.unwinding() {
            // Unwind with zeros; `run` (or the satisfiability question bailing out) discards
            // the count.
            return Num::zero();
        }
        // Where most decisions end in a conflict (Survo's sums: every one of open-4x4's 45,688
        // did), a component to count is first put to the oracle: "no" ends it at once with
        // the refutation learnt, which is how CDCL prunes (open-4x4 9.8 → 2.6 s, open-2x10
        // 56 → 5.6 s, track1_043 0.81 → 0.21 s). Sound as for questions: a "no" makes the
        // whole branch count 0 and its cache entries are taken back. Not under no decision
        // (the search begun again after a listing given up): the whole formula is the
        // hardest question, which the first search never asked (track1_091 13 → 18 s).
        let asked = self.oracle_after == Some(0) || !self.decisions_at.is_empty();
        if comp.projected && asked && self.conflict_bound() && !self.satisfiable() {
            return self.cache_count(hash, full, Num::zero());
        }
        // A satisfiability question (no projection variable left) is first searched here,
        // where it learns clauses that prune the counting above; past a budget of conflicts
        // it is handed to the oracle (CDCL with backjumping and restarts).
        let question = match self.oracle_after {
            Some(k) if !comp.projected && self.sat_budget.is_none() => {
                self.sat_budget = Some(self.stats.conflicts + k);
                true
            }
            _ => false,
        };
        let decided = self.stats.decisions;
        let mut total = self.search(comp);
        if total.is_zero() && !self.unwinding() {
            self.refuted += 1;
            self.refuting_decisions += self.stats.decisions - decided;
        }
        if question {
            self.sat_budget = None;
            if self.bailing {
                self.bailing = false;
                if !self.stopped {
                    total = Num::Small(u128::from(self.satisfiable()));
                }
            }
        }
        if self.unwinding() {
            return Num::zero(); // not cached: the count is cut short
        }
        self.cache_count(hash, full, total)
    }

    /// With the oracle on: most decisions so far have ended in a conflict (more than half,
    /// after [`CONFLICT_BOUND_AFTER`] decisions) and the search's refutations are dear (see
    /// [`DEAR_REFUTATION`]), or the oracle is to be asked everything.
    fn conflict_bound(&self) -> bool {
        match self.oracle_after {
            None => false,
            Some(k) => {
                k == 0
                    || self.mostly_conflicts()
                        && self.refuting_decisions >= DEAR_REFUTATION * self.refuted
            }
        }
    }

    /// The listing ([`Counter::list_up_to`]) is still to be tried and its moment has come:
    /// most decisions conflict, or (`sat_oracle: Some(0)`) the search has met a conflict or
    /// asked the oracle.
    fn listing_due(&self) -> bool {
        self.list_pending
            && (self.list_at_once && self.stats.conflicts + self.stats.oracle_calls > 0
                || self.mostly_conflicts())
    }

    /// More than half the decisions made have ended in a conflict, after more than
    /// [`CONFLICT_BOUND_AFTER`] decisions: the formula is tightly constrained, its models are
    /// few, and refuting is most of the work.
    fn mostly_conflicts(&self) -> bool {
        let (d, c) = (self.stats.decisions, self.stats.conflicts);
        d > CONFLICT_BOUND_AFTER && 2 * c > d
    }

    /// Cut short: the stop flag was seen, a satisfiability question ran past its budget, or
    /// the search gives way to the listing.
    fn unwinding(&self) -> bool {
        self.stopped || self.bailing || self.relisting
    }

    /// The count of a component by decisions (zero, and meaningless, once unwinding).
    fn search(&mut self, comp: &Component) -> Num {
        // Under the clause rule: x1 true | x1 false, x2 true | … in one loop, the false side
        // staying in this node (no new component search, no cache entry), as dancing links try
        // an item's options in turn. Under an order of variables (td, vsads) the false side is
        // split into components like the true side: a chain of false sides would never split,
        // and on a narrow formula that multiplied the decisions (track3_013: 38.9 M decisions
        // chained, 5.8 M split). Each side partitions the projected assignments, so the sum is
        // exact. A satisfiability search (`exists`) chains in every case: it stops at a model.
        let exists = !comp.projected;
        let mark = self.trail.len();
        let mut total = Num::zero();
        loop {
            let Some(lit) = self.choose(comp, exists) else {
                if exists {
                    total = Num::Small(1); // every variable is set and nothing conflicted
                } else {
                    // Only auxiliary variables are open: what is left is a satisfiability
                    // question, which the component search below answers.
                    total = total.add(&self.count_rest(&comp.vars, &comp.long));
                }
                break;
            };
            self.stats.decisions += 1;
            if self.stats.decisions.is_multiple_of(1 << 12) {
                self.progress();
            }
            if self.sat_budget.is_some_and(|b| self.stats.conflicts >= b) {
                self.bailing = true;
                self.stats.oracle_handovers += 1;
                break;
            }
            let here = self.trail.len();
            self.decide(lit);
            if self.propagate() {
                total = total.add(&self.count_rest(&comp.vars, &comp.long));
            } else {
                self.learn();
            }
            self.undo(here);
            if self.unwinding() {
                break;
            }
            if !self.assert_learnt() {
                break; // nothing is left of this node under the current assignment
            }
            if exists && !total.is_zero() {
                break;
            }
            match self.lit_value(lit ^ 1) {
                1 => {} // a clause just learnt set it
                0 => {
                    self.decide(lit ^ 1);
                    if !self.propagate() {
                        self.learn();
                        self.assert_next = None;
                        break;
                    }
                }
                _ => break,
            }
            if !exists && self.heuristic != Heuristic::Clause {
                total = total.add(&self.count_rest(&comp.vars, &comp.long));
                break;
            }
        }
        self.undo(mark);
        if self.unwinding() {
            self.assert_next = None;
            return Num::zero();
        }
        total
    }

    /// Logs the statistics so far when [`PROGRESS_EVERY`] has passed since the last time.
    fn progress(&mut self) {
        let now = std::time::Instant::now();
        if now >= self.next_progress {
            self.next_progress = now + PROGRESS_EVERY;
            let secs = now.duration_since(self.began).as_secs_f64();
            log::info!("model counter, {secs:.0} s: {:?}", self.stats);
        }
    }

    /// Whether the formula has a model under the current decisions, asked of the oracle (a
    /// CDCL solver holding the whole formula) with the decisions as assumptions; everything
    /// else on the trail follows from them. Asked for a component: "yes" means the component
    /// is satisfiable (a model of the whole restricts to one of it), which answers a component
    /// without projection variables and lets one to count be counted. "No" may come from
    /// another component; the branch then counts 0 however this component counts, and its
    /// cache entries are taken back (see the module's invariants), so 0 stands in for the
    /// component's count.
    fn satisfiable(&mut self) -> bool {
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
                if (2..=MAX_LEARNT_LEN).contains(&clause.len()) {
                    self.stats.oracle_clauses += 1;
                    self.store_learnt(&mut clause);
                }
            }
        }
        false
    }

    /// The incremental SAT solver holding the whole formula, made when first asked for.
    fn oracle(&mut self) -> &mut Box<dyn Backend> {
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
    fn list_models(&mut self) -> Option<Num> {
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
                        hand_on = dear >= DEAR_MODELS;
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
                cap = up_to.saturating_mul(STABLE_LIST_FACTOR);
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
    /// by [`STABLE_LIST_CONFLICTS`] a solve, for the listing to go on with (see
    /// [`Counter::stable_listing_after`]); `None` without CaDiCaL.
    fn stable_listing(&self, blocks: &[Vec<Lit>]) -> Option<Box<dyn Backend>> {
        #[cfg(feature = "cadical")]
        {
            let stable = Box::new(wellposed_sat::CadicalBackend::stable());
            let mut solver = holding(stable, &self.oracle_stop, self.oracle_cnf);
            for b in blocks {
                solver.add_clause(b);
            }
            let bounded = Limits::conflicts_per_solve(STABLE_LIST_CONFLICTS);
            solver.set_limits(bounded).ok().map(|()| solver)
        }
        #[cfg(not(feature = "cadical"))]
        {
            let _ = blocks;
            None
        }
    }

    /// Caches a component's count under its hash (and full key).
    fn cache_count(&mut self, hash: u128, full: Option<Box<[u32]>>, total: Num) -> Num {
        let entry = Cached {
            count: total.clone(),
            key: full,
        };
        let bytes = entry.bytes();
        if self.cache_used + bytes > self.cache_budget {
            self.cache.clear();
            self.cache_logged_before += self.cache_log.len();
            self.cache_log.clear();
            self.cache_used = 0;
            self.stats.cache_flushes += 1;
        }
        self.cache_used += bytes;
        if self.learning || self.oracle_after.is_some() {
            self.cache_log.push(hash);
        }
        if let Some(old) = self.cache.insert(hash, entry) {
            // A collision caught by the full keys: the newer component keeps the slot.
            self.cache_used = self.cache_used.saturating_sub(old.bytes());
        }
        total
    }

    /// The component's variables open to a decision: unassigned, and projected when counting.
    fn decidable<'c>(
        &'c self,
        comp: &'c Component,
        exists: bool,
    ) -> impl Iterator<Item = u32> + 'c {
        comp.vars
            .iter()
            .copied()
            .filter(move |&v| self.is_open(v) && (exists || self.projected[v as usize]))
    }

    /// `v` in the polarity it has in more clauses.
    fn frequent_polarity(&self, v: u32) -> u32 {
        let (p, d) = (self.positive[v as usize], self.degree[v as usize]);
        if 2 * p >= d {
            2 * v
        } else {
            2 * v + 1
        }
    }

    /// VSADS: the open (projection) variable with the highest half its number of clauses plus
    /// its conflict activity; the polarity it occurs in more often first.
    fn choose_vsads(&self, comp: &Component, exists: bool) -> Option<u32> {
        let score = |v: u32| 0.5 * f64::from(self.degree[v as usize]) + self.activity[v as usize];
        self.decidable(comp, exists)
            .max_by(|&a, &b| score(a).total_cmp(&score(b)))
            .map(|v| self.frequent_polarity(v))
    }

    /// The literal to decide next, `None` when no variable is left to decide (counting: no
    /// open projection variable). Counting: a projection variable of the shortest open long
    /// clause that one of them can satisfy (an "at least one of these" clue: like dancing
    /// links' item with the fewest options), the one in most clauses, set true first; without
    /// such a clause, the open projection variable in most clauses. Satisfiability
    /// (`exists`): the shortest open long clause's literal, else any open variable.
    fn choose(&self, comp: &Component, exists: bool) -> Option<u32> {
        match self.heuristic {
            Heuristic::Vsads => return self.choose_vsads(comp, exists),
            Heuristic::Td => {
                return self
                    .decidable(comp, exists)
                    .max_by_key(|&v| self.td_rank[v as usize])
                    .map(|v| self.frequent_polarity(v));
            }
            Heuristic::Clause | Heuristic::Auto => {}
        }
        // The shortest open clause with an eligible literal, the first of them on a tie. Its
        // length is read from the counts of true and false literals; only a clause shorter than
        // the best so far is scanned for its literal. No open clause is shorter than two (one
        // would have been propagated), so two ends the look.
        let mut best: Option<(u32, u32)> = None;
        for &c in &comp.long {
            let k = c as usize;
            if self.true_lits[k] > 0 {
                continue;
            }
            let open = self.len[k] - self.false_lits[k];
            if best.is_some_and(|(n, _)| open >= n) {
                continue;
            }
            debug_assert_eq!(
                open as usize,
                self.clause_lits(c)
                    .iter()
                    .filter(|&&l| self.lit_value(l) == 0)
                    .count()
            );
            let mut pick: Option<u32> = None;
            for &l in self.clause_lits(c) {
                let eligible = self.lit_value(l) == 0
                    && (exists || (l & 1 == 0 && self.projected[(l >> 1) as usize]));
                if eligible
                    && pick.is_none_or(|p| {
                        self.degree[(l >> 1) as usize] > self.degree[(p >> 1) as usize]
                    })
                {
                    pick = Some(l);
                }
            }
            if let Some(l) = pick {
                best = Some((open, l));
                if open <= 2 {
                    break;
                }
            }
        }
        if let Some((_, l)) = best {
            return Some(l);
        }
        self.decidable(comp, exists)
            .max_by_key(|&v| self.degree[v as usize])
            .map(|v| v * 2)
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use wellposed_sat::{Lit, Xorshift};

    /// The counter without the listing first, which would answer most small formulas alone.
    fn searching() -> Counter {
        Counter {
            list_up_to: 0,
            ..Counter::default()
        }
    }

    /// The search's count, after checking that the default counter (listing first, which
    /// answers or gives up) agrees with it.
    fn counted(cnf: &Cnf, projection: Option<&[Var]>) -> BigUint {
        let searched = searching().count(cnf, projection).count;
        assert_eq!(count_models(cnf, projection), searched, "listed first");
        searched
    }

    /// The projected count by trying every assignment (formulas of up to about 20 variables).
    pub(crate) fn brute(cnf: &Cnf, projection: Option<&[Var]>) -> u64 {
        let n = cnf.num_vars() as usize;
        let shown: Vec<usize> = match projection {
            Some(p) => p.iter().map(|v| v.index()).collect(),
            None => (0..n).collect(),
        };
        let mut seen = std::collections::HashSet::new();
        for bits in 0u32..(1 << n) {
            let val = |l: Lit| ((bits >> l.var().index()) & 1 == 1) == l.is_positive();
            if cnf.clauses().iter().all(|c| c.iter().any(|&l| val(l))) {
                let key: Vec<bool> = shown.iter().map(|&v| (bits >> v) & 1 == 1).collect();
                seen.insert(key);
            }
        }
        seen.len() as u64
    }

    /// Whether every model of `cnf` agreeing on `projection` agrees on `v` (by trying every
    /// assignment).
    pub(crate) fn defined_by_brute(cnf: &Cnf, projection: &[Var], v: Var) -> bool {
        let n = cnf.num_vars();
        let mut seen = std::collections::HashMap::new();
        for bits in 0u32..(1 << n) {
            let val = |l: Lit| ((bits >> l.var().index()) & 1 == 1) == l.is_positive();
            if cnf.clauses().iter().all(|c| c.iter().any(|&l| val(l))) {
                let key: Vec<bool> = projection.iter().map(|p| (bits >> p.0) & 1 == 1).collect();
                let value = (bits >> v.0) & 1 == 1;
                if *seen.entry(key).or_insert(value) != value {
                    return false;
                }
            }
        }
        true
    }

    pub(crate) fn random_cnf(rng: &mut Xorshift, vars: u32, clauses: usize, width: u64) -> Cnf {
        random_cnf_by(rng, vars, clauses, |rng| 1 + rng.below(width) as usize)
    }

    /// Random clauses over `vars` variables, each of the length `width` draws, its literals
    /// uniform.
    fn random_cnf_by(
        rng: &mut Xorshift,
        vars: u32,
        clauses: usize,
        mut width: impl FnMut(&mut Xorshift) -> usize,
    ) -> Cnf {
        let mut cnf = Cnf::new();
        cnf.reserve_vars(vars);
        for _ in 0..clauses {
            let k = width(rng);
            let c: Vec<Lit> = (0..k)
                .map(|_| Lit::new(Var(rng.below(u64::from(vars)) as u32), rng.below(2) == 0))
                .collect();
            cnf.add_clause(&c);
        }
        cnf
    }

    #[test]
    fn counts_equal_brute_force_on_random_formulas() {
        let mut rng = Xorshift(0x5eed_c0de);
        for round in 0..600 {
            let vars = 3 + rng.below(10) as u32;
            let clauses = rng.below(u64::from(vars) * 4) as usize;
            let cnf = random_cnf(&mut rng, vars, clauses, 4);
            assert_eq!(
                counted(&cnf, None),
                BigUint::from(brute(&cnf, None)),
                "round {round}: {cnf:?}"
            );
            let shown: Vec<Var> = (0..vars).filter(|_| rng.below(2) == 0).map(Var).collect();
            assert_eq!(
                counted(&cnf, Some(&shown)),
                BigUint::from(brute(&cnf, Some(&shown))),
                "round {round}, projected on {shown:?}: {cnf:?}"
            );
        }
    }

    /// Pure variables outside the projection left out of the components (see `Purity`),
    /// forced on from the start and never used, against brute force, on formulas made to
    /// have them: negative two-literal clauses (conflicts), positive clauses over runs of
    /// consecutive variables (groups, one of which must hold), a few random clauses, and a
    /// projection on part of the variables. The first version of this rule left a clause
    /// holding a pure variable in the component's key, which named two formulas (the
    /// variable open, or set against the clause elsewhere) and miscounted formulas like
    /// these; the rounds here found it.
    #[test]
    fn pure_variables_outside_the_projection_change_no_count() {
        let mut rng = Xorshift(0x9_07e5);
        // Unsimplified and without definitions, which would take most of these variables out
        // before the search; and as the counter runs by default.
        let counter = |purity_probe, plain: bool| Counter {
            purity_probe,
            list_up_to: 0,
            simplify: !plain,
            define: !plain,
            ..Counter::default()
        };
        let counters = [counter(0, true), counter(u64::MAX, true), counter(0, false)];
        let mut left_out = 0;
        for round in 0..400 {
            let vars = 8 + rng.below(9) as u32;
            let mut cnf = Cnf::new();
            cnf.reserve_vars(vars);
            for _ in 0..vars + rng.below(u64::from(vars) * 2) as u32 {
                let a = rng.below(u64::from(vars)) as u32;
                let b = rng.below(u64::from(vars)) as u32;
                if a != b {
                    cnf.add_clause(&[Var(a).negative(), Var(b).negative()]);
                }
            }
            let mut v = 0;
            while v < vars {
                let k = 2 + rng.below(4) as u32;
                if rng.below(10) < 7 {
                    let group: Vec<Lit> =
                        (v..(v + k).min(vars)).map(|u| Var(u).positive()).collect();
                    cnf.add_clause(&group);
                }
                v += k;
            }
            for _ in 0..rng.below(3) {
                let c: Vec<Lit> = (0..3)
                    .map(|_| Lit::new(Var(rng.below(u64::from(vars)) as u32), rng.below(2) == 0))
                    .collect();
                cnf.add_clause(&c);
            }
            let shown: Vec<Var> = (0..vars).filter(|_| rng.below(3) == 0).map(Var).collect();
            let want = BigUint::from(brute(&cnf, Some(&shown)));
            for counter in &counters {
                let got = counter.count(&cnf, Some(&shown));
                if !counter.simplify {
                    left_out += got.stats.pure_left_out;
                }
                assert_eq!(
                    got.count, want,
                    "round {round}, purity_probe {}, projected on {shown:?}: {cnf:?}",
                    counter.purity_probe
                );
            }
        }
        assert!(
            left_out > 1000,
            "the rule is used: {left_out} variables left out"
        );
    }

    /// Inclusion–exclusion over long clauses, forced: random formulas of short clauses with one
    /// to four clauses of 8–11 literals (over projection variables only, when projected),
    /// counted as brute force counts them; and a formula whose long clause involves a
    /// variable outside the projection is never split (it would not be exact).
    #[test]
    fn inclusion_exclusion_over_long_clauses_equals_brute_force() {
        // Unsimplified, so that no long clause is dropped or fixed before the split, and not
        // listed first, which would answer most of these small formulas.
        let always = Counter {
            inclusion_exclusion: InclusionExclusion::Always,
            simplify: false,
            list_first: false,
            ..Counter::default()
        };
        let mut rng = Xorshift(0x1e_c1a5);
        let mut split = 0;
        for round in 0..300 {
            let vars = 10 + rng.below(5) as u32;
            let clauses = rng.below(u64::from(vars) * 3) as usize;
            let mut cnf = random_cnf(&mut rng, vars, clauses, 3);
            let shown: Vec<Var> = (0..vars).filter(|_| rng.below(4) != 0).map(Var).collect();
            let projected = rng.below(2) == 0 && shown.len() >= LONG_CLAUSE;
            let pool: Vec<Var> = if projected {
                shown.clone()
            } else {
                (0..vars).map(Var).collect()
            };
            for _ in 0..1 + rng.below(LONG_CLAUSES_AT_MOST as u64) {
                let mut vs = pool.clone();
                rng.shuffle(&mut vs);
                let k = (LONG_CLAUSE + rng.below(4) as usize).min(vs.len());
                let c: Vec<Lit> = vs[..k]
                    .iter()
                    .map(|&v| Lit::new(v, rng.below(2) == 0))
                    .collect();
                cnf.add_clause(&c);
            }
            let projection = projected.then_some(shown.as_slice());
            let got = always.count(&cnf, projection);
            split += u64::from(got.stats.inclusion_exclusion > 0);
            assert_eq!(
                got.count,
                BigUint::from(brute(&cnf, projection)),
                "round {round}, projected: {projected}: {cnf:?}"
            );
        }
        assert_eq!(
            split, 300,
            "every formula has long clauses over projected variables"
        );
        // A long clause over a variable outside the projection: not split.
        let mut cnf = Cnf::new();
        let c: Vec<Lit> = (0..LONG_CLAUSE as u32).map(|v| Var(v).positive()).collect();
        cnf.add_clause(&c);
        let shown: Vec<Var> = (1..LONG_CLAUSE as u32).map(Var).collect();
        let got = always.count(&cnf, Some(&shown));
        assert_eq!(got.stats.inclusion_exclusion, 0);
        assert_eq!(got.count, BigUint::from(1u32 << (LONG_CLAUSE - 1)));
    }

    /// Two words of `bits` bits that differ somewhere, as a comparison circuit is written: a
    /// gate d ↔ x ⊕ y per position and one long clause over the gates. The long clause makes
    /// the formula wide (a clique of `bits` gates), so `auto` splits it; the count,
    /// 2^(2 bits) − 2^bits, is known without counting.
    #[test]
    fn words_that_differ_are_counted_by_inclusion_exclusion() {
        let bits = 24;
        let mut cnf = Cnf::new();
        let x = cnf.new_vars(bits);
        let y = cnf.new_vars(bits);
        let d: Vec<Lit> = (0..bits)
            .map(|i| cnf.xor_gate(x[i].positive(), y[i].positive()))
            .collect();
        cnf.add_clause(&d);
        let expected = (BigUint::from(1u32) << (2 * bits)) - (BigUint::from(1u32) << bits);
        let got = Counter::default().count(&cnf, None);
        assert_eq!(got.count, expected);
        assert_eq!(got.stats.inclusion_exclusion, 2, "split into two counts");
        let cells: Vec<Var> = x.iter().chain(&y).copied().collect();
        // Projected on the words alone the gates' variables are outside the projection: the
        // formula is counted whole, to the same number; unless the gates, which the words
        // define, join the projection first (`define`), when it is split again.
        let whole = Counter {
            define: false,
            ..Counter::default()
        }
        .count(&cnf, Some(&cells));
        assert_eq!(whole.count, expected);
        assert_eq!(whole.stats.inclusion_exclusion, 0);
        let defined = Counter::default().count(&cnf, Some(&cells));
        assert_eq!(defined.count, expected);
        assert_eq!(defined.stats.defined.defined, bits as u64);
        assert_eq!(defined.stats.inclusion_exclusion, 2);
    }

    /// The models the listing found are reported as they are found, doubled for projection
    /// variables in no clause: the whole count when the listing proves it, else the
    /// `list_up_to` models it listed before giving up, a lower bound.
    #[cfg(feature = "cadical")]
    #[test]
    fn the_models_listed_are_reported_as_a_lower_bound() {
        // (x0 ∨ x1) ∧ (x2 ∨ x3) ∧ …: 3 models a pair; two more projected variables in no clause.
        let pairs = |k: u32| {
            let mut cnf = Cnf::new();
            cnf.reserve_vars(2 * k + 2);
            for i in 0..k {
                cnf.add_clause(&[Var(2 * i).positive(), Var(2 * i + 1).positive()]);
            }
            cnf
        };
        for (k, first) in [(4, true), (6, true), (6, false)] {
            let cnf = pairs(k);
            let all: Vec<Var> = (0..2 * k + 2).map(Var).collect();
            let listed = AtomicU64::new(0);
            let counter = Counter {
                list_first: first,
                sat_oracle: Some(0),
                ..Counter::default()
            };
            let got = counter
                .count_reporting(&cnf, Some(&all), None, &listed)
                .unwrap();
            let count = 3u64.pow(k) * 4;
            assert_eq!(got.count, BigUint::from(count), "{k} pairs");
            let floor = listed.load(Ordering::Relaxed);
            if k == 4 {
                assert_eq!(floor, count, "81 models, all listed");
            } else {
                assert_eq!(floor, LIST_UP_TO * 4, "729 models, the listing gave up");
            }
        }
    }

    /// `counter`'s count of `cnf` (on `projection`), checked against `expected` (brute force);
    /// `what` names the case in a failure.
    fn counted_as(
        counter: &Counter,
        cnf: &Cnf,
        projection: Option<&[Var]>,
        expected: u64,
        what: impl Fn() -> String,
    ) -> ModelCount {
        let got = counter.count(cnf, projection);
        assert_eq!(
            got.count,
            BigUint::from(expected),
            "{}, projected on {projection:?}: {cnf:?}",
            what()
        );
        got
    }

    /// The listing, first (before simplifying or searching) or interrupting the search (here
    /// after its first conflict): where it proves the count (at most `list_up_to` models)
    /// that count is exact, and where it gives up (more models) the search, started then or
    /// again with the clauses learnt before and a fresh oracle asked everything, still is.
    #[test]
    fn listing_models_first_changes_no_count() {
        let mut rng = Xorshift(0x1157_0001);
        let (mut listed, mut gave_up) = (0, 0);
        for round in 0..400 {
            let vars = 8 + rng.below(8) as u32;
            let cnf = threshold_3cnf(&mut rng, vars);
            let shown: Vec<Var> = (0..vars).filter(|_| rng.below(2) == 0).map(Var).collect();
            for projection in [None, Some(shown.as_slice())] {
                let expected = brute(&cnf, projection);
                for (list_up_to, list_first) in [1, 3, 1 << 12]
                    .into_iter()
                    .flat_map(|up_to| [(up_to, true), (up_to, false)])
                {
                    let counter = Counter {
                        list_up_to,
                        list_first,
                        sat_oracle: Some(0),
                        ..Counter::default()
                    };
                    let got = counted_as(&counter, &cnf, projection, expected, || {
                        format!("round {round}, listing up to {list_up_to} (first: {list_first})")
                    });
                    // The listing leaves out projection variables in no clause (each doubles).
                    let n = got.stats.listed;
                    if n > 0 && n < list_up_to {
                        assert!((expected / n).is_power_of_two());
                        if list_first {
                            // Answered before the search made a decision.
                            assert_eq!(got.stats.decisions, 0, "round {round}");
                        }
                        listed += 1;
                    } else if n == list_up_to && expected > list_up_to {
                        gave_up += 1;
                    }
                }
            }
        }
        assert!(
            listed > 100 && gave_up > 100,
            "{listed} listed, {gave_up} given up"
        );
    }

    /// The listing handed to CaDiCaL's stable configuration when a solve runs out of its
    /// conflicts after enough models (here after 0, 1 or 2 models, with one conflict a solve,
    /// so that nearly every listing with a conflict is handed over), or after `DEAR_MODELS`
    /// dear models (here with a probe of no conflict, so that every solve after the first
    /// `stable_listing_after` models finds a dear one): the count is the same as brute
    /// force's, and many are proved by the stable listing, both ways.
    #[cfg(feature = "cadical")]
    #[test]
    fn a_stable_listing_taking_over_changes_no_count() {
        let mut rng = Xorshift(0x57AB_0001);
        let (mut proved, mut proved_dear) = (0, 0);
        for round in 0..300 {
            let vars = 8 + rng.below(8) as u32;
            let mut cnf = threshold_3cnf(&mut rng, vars);
            // Two free pairs (x ∨ y) multiply the models by 9, so that the stable listing has
            // more than a few to list. (They do not bring it to its cap: the searches after a
            // listing given up are those of `listing_models_first_changes_no_count`.)
            let pairs = cnf.new_vars(4);
            cnf.add_clause(&[pairs[0].positive(), pairs[1].positive()]);
            cnf.add_clause(&[pairs[2].positive(), pairs[3].positive()]);
            let shown: Vec<Var> = (0..vars + 4)
                .filter(|_| rng.below(2) == 0)
                .map(Var)
                .collect();
            for projection in [None, Some(shown.as_slice())] {
                let expected = brute(&cnf, projection);
                // Handed on by a solve out of conflicts, or (a bound of no conflict: every
                // solve's model is dear) by `DEAR_MODELS` dear models.
                for (stable_listing_after, list_up_to, list_conflicts, dear_model_conflicts) in [
                    (0, 1 << 12, 1, DEAR_MODEL_CONFLICTS),
                    (2, 1 << 12, 1, DEAR_MODEL_CONFLICTS),
                    (1, 2, 1, DEAR_MODEL_CONFLICTS),
                    (0, 1, 1, DEAR_MODEL_CONFLICTS),
                    (2, 1 << 12, 1 << 20, 0),
                    (DEAR_MODELS + 4, 1 << 12, 1 << 20, 0),
                ] {
                    let counter = Counter {
                        list_up_to,
                        list_conflicts,
                        stable_listing_after,
                        dear_model_conflicts,
                        sat_oracle: Some(0),
                        ..Counter::default()
                    };
                    let got = counted_as(&counter, &cnf, projection, expected, || {
                        format!("round {round}, stable listing after {stable_listing_after}, up to {list_up_to}")
                    });
                    if got.stats.listed_stable > 0 && got.stats.listed < list_up_to {
                        // Proved by the stable listing (the search counts where it gives up,
                        // as after any listing given up: `listing_models_first_changes_no_count`).
                        proved += 1;
                        proved_dear += usize::from(dear_model_conflicts == 0);
                    }
                }
            }
        }
        assert!(proved > 50, "{proved} counts proved by the stable listing");
        assert!(proved_dear > 20, "{proved_dear} proved after dear models");
    }

    /// Clusters of variables joined by a few clauses, the shape of puzzle encodings (one-hot
    /// groups, guarded facts): decisions split such formulas into several components at once,
    /// which uniform random formulas seldom do.
    fn clustered_cnf(rng: &mut Xorshift) -> Cnf {
        let clusters = 2 + rng.below(3) as u32;
        let size = 3 + rng.below(3) as u32;
        let vars = clusters * size;
        let mut cnf = Cnf::new();
        cnf.reserve_vars(vars);
        let lit = |rng: &mut Xorshift, v: u32| Lit::new(Var(v), rng.below(3) != 0);
        for k in 0..clusters {
            for _ in 0..u64::from(size) + rng.below(u64::from(size) * 2) {
                let width = 2 + rng.below(3) as u32;
                let c: Vec<Lit> = (0..width)
                    .map(|_| {
                        let v = k * size + rng.below(u64::from(size)) as u32;
                        lit(rng, v)
                    })
                    .collect();
                cnf.add_clause(&c);
            }
        }
        for _ in 0..rng.below(u64::from(clusters) * 2) {
            let width = 2 + rng.below(3) as u32;
            let c: Vec<Lit> = (0..width)
                .map(|_| {
                    let v = rng.below(u64::from(vars)) as u32;
                    lit(rng, v)
                })
                .collect();
            cnf.add_clause(&c);
        }
        cnf
    }

    #[test]
    fn counts_equal_brute_force_on_clustered_formulas() {
        let mut rng = Xorshift(0xc1a5_7e25);
        for round in 0..1500 {
            let cnf = clustered_cnf(&mut rng);
            let vars = cnf.num_vars();
            let shown: Vec<Var> = (0..vars).filter(|_| rng.below(3) != 0).map(Var).collect();
            assert_eq!(
                counted(&cnf, Some(&shown)),
                BigUint::from(brute(&cnf, Some(&shown))),
                "round {round}, projected on {shown:?}: {cnf:?}"
            );
        }
    }

    /// Found by the zebra family's differential test (an `either` of a three-in-a-row and a
    /// not-next-to clue, shrunk): the component search named a component without one of its
    /// long clauses, and the cache then answered for a different formula (121, not 122).
    #[test]
    fn a_component_found_last_is_named_with_all_its_clauses() {
        let clauses: [&[i32]; 21] = [
            &[-1, -2],
            &[-3, -4],
            &[-3, -5],
            &[-3, -6],
            &[7, 8, 9, 10],
            &[-7, -10],
            &[-3, -15],
            &[4, 8, 12, 16],
            &[-12, -16],
            &[-5, -17],
            &[-13, -17],
            &[-6, -18],
            &[-10, -18],
            &[19, 20],
            &[-8, 11, -19, -21],
            &[-10, -19, -21],
            &[-11, -19, 21],
            &[-13, 8, -19, 21],
            &[-14, 9, -19, 21],
            &[-8, 12, 14, -20],
            &[-10, 11, 12, 14, -20],
        ];
        let mut cnf = Cnf::new();
        cnf.reserve_vars(21);
        for c in clauses {
            let c: Vec<Lit> = c
                .iter()
                .map(|&d| Lit::new(Var(d.unsigned_abs() - 1), d > 0))
                .collect();
            cnf.add_clause(&c);
        }
        let shown: Vec<Var> = [3, 8, 10, 11, 13, 14, 16].map(|d| Var(d - 1)).to_vec();
        assert_eq!(
            counted(&cnf, Some(&shown)),
            BigUint::from(brute(&cnf, Some(&shown)))
        );
    }

    #[test]
    #[cfg(feature = "cadical")]
    fn a_stop_flag_raised_while_the_oracle_works_gives_up() {
        // The oracle asked at once (`Some(0)`) whether the pigeonhole formula has a model: a
        // question CaDiCaL needs minutes for. The flag raised meanwhile ends it (without the
        // oracle's flag this test runs for those minutes).
        let cnf = wellposed_sat::instances::pigeonhole(12);
        // Projected (on the first pigeon's holes): without a projection no question arises.
        let shown: Vec<Var> = (0..12).map(Var).collect();
        let counter = Counter {
            sat_oracle: Some(0),
            list_up_to: 0,
            ..Counter::default()
        };
        let stop = AtomicBool::new(false);
        let counted = std::thread::scope(|s| {
            s.spawn(|| {
                std::thread::sleep(std::time::Duration::from_millis(100));
                stop.store(true, Ordering::Relaxed);
            });
            counter.count_until(&cnf, Some(&shown), &stop)
        });
        assert_eq!(counted.map(|c| c.count), None);
    }

    #[test]
    fn a_set_stop_flag_gives_up() {
        let mut cnf = Cnf::new();
        for i in 0..30 {
            cnf.add_clause(&[
                Var(i).positive(),
                Var(i + 1).positive(),
                Var(i + 2).negative(),
            ]);
        }
        let stop = AtomicBool::new(true);
        assert_eq!(Counter::default().count_until(&cnf, None, &stop), None);
    }

    /// The cache's names: distinct for the many small components of random formulas (a
    /// collision would show in 10^5 names only if the hash were badly broken), sensitive to
    /// where the separator falls, and equal for equal components.
    #[test]
    fn component_hashes_tell_components_apart() {
        let mut rng = Xorshift(0xcafe);
        let mut seen = std::collections::HashMap::new();
        for _ in 0..100_000 {
            let mut vars: Vec<u32> = (0..1 + rng.below(12))
                .map(|_| rng.below(64) as u32)
                .collect();
            vars.sort_unstable();
            vars.dedup();
            let mut long: Vec<u32> = (0..rng.below(6)).map(|_| rng.below(40) as u32).collect();
            long.sort_unstable();
            long.dedup();
            let h = component_hash(&vars, &long);
            assert_eq!(h, component_hash(&vars, &long));
            if let Some(other) = seen.insert(h, (vars.clone(), long.clone())) {
                assert_eq!(other, (vars, long), "two components, one hash");
            }
        }
        assert!(seen.len() > 50_000);
        assert_ne!(component_hash(&[1, 2], &[3]), component_hash(&[1], &[2, 3]));
    }

    #[test]
    fn a_tiny_cache_changes_nothing() {
        let mut rng = Xorshift(77);
        for _ in 0..100 {
            let cnf = random_cnf(&mut rng, 12, 20, 3);
            let tiny = Counter {
                cache_bytes: 200,
                ..searching()
            }
            .count(&cnf, None);
            assert_eq!(tiny.count, counted(&cnf, None));
        }
    }

    /// Random 3-CNF with four clauses a variable, near the satisfiability threshold (about
    /// 4.27 clauses a variable): long conflicts.
    fn threshold_3cnf(rng: &mut Xorshift, vars: u32) -> Cnf {
        random_cnf_by(rng, vars, vars as usize * 4, |_| 3)
    }

    /// Learning on and off, a cache flushed all the time, learnt clauses forgotten after every
    /// few conflicts, full keys checked beside the hashes, each decision heuristic, component
    /// searches skipped from the start: the same counts as brute force, with and without
    /// projection.
    #[test]
    fn learning_forgetting_and_flushing_change_no_count() {
        let mut rng = Xorshift(0x1ea2_7c0f);
        let settings = [
            Counter {
                learning: false,
                ..searching()
            },
            searching(),
            Counter {
                cache_bytes: 300,
                learnt_clauses: 2,
                ..searching()
            },
            Counter {
                exact_keys: true,
                cache_bytes: 2_000,
                ..searching()
            },
            Counter {
                heuristic: Heuristic::Clause,
                ..searching()
            },
            Counter {
                heuristic: Heuristic::Vsads,
                ..searching()
            },
            Counter {
                heuristic: Heuristic::Td,
                learnt_clauses: 3,
                ..searching()
            },
            Counter {
                learnt_sweep: 2,
                ..searching()
            },
            Counter {
                skip_splits_after: 0,
                ..searching()
            },
            // Every satisfiability question to the SAT oracle (with and without learning
            // from its refutations), and none.
            Counter {
                sat_oracle: Some(0),
                learnt_clauses: 3,
                ..searching()
            },
            Counter {
                sat_oracle: Some(0),
                learning: false,
                ..searching()
            },
            Counter {
                sat_oracle: None,
                ..searching()
            },
        ];
        let (mut conflicts, mut removed, mut forgotten, mut swept) = (0, 0, 0, 0);
        let (mut skipped, mut minimised) = (0, 0);
        let (mut asked, mut refuted) = (0, 0);
        for round in 0..800 {
            let cnf = if round % 2 == 0 {
                clustered_cnf(&mut rng)
            } else if round % 8 == 1 {
                // 3-CNF near the threshold: long conflicts, many learnt clauses.
                let vars = 14 + rng.below(4) as u32;
                threshold_3cnf(&mut rng, vars)
            } else {
                let vars = 6 + rng.below(9) as u32;
                random_cnf(&mut rng, vars, (vars * 4) as usize, 4)
            };
            let vars = cnf.num_vars();
            let shown: Vec<Var> = (0..vars).filter(|_| rng.below(3) != 0).map(Var).collect();
            for projection in [None, Some(&shown[..])] {
                let want = BigUint::from(brute(&cnf, projection));
                for (k, counter) in settings.iter().enumerate() {
                    let got = counter.count(&cnf, projection);
                    conflicts += got.stats.conflicts;
                    removed += got.stats.cache_removed;
                    forgotten += got.stats.learnt_forgotten;
                    minimised += got.stats.learnt_literals_minimised;
                    if counter.learnt_sweep == 2 {
                        swept += got.stats.learnt_forgotten;
                    }
                    asked += got.stats.oracle_calls;
                    refuted += got.stats.oracle_clauses;
                    skipped += got.stats.searches_skipped;
                    assert_eq!(
                        got.count, want,
                        "round {round}, setting {k}, {projection:?}: {cnf:?}"
                    );
                }
            }
        }
        // The formulas must exercise what they test.
        assert!(conflicts > 1000, "{conflicts} conflicts");
        assert!(removed > 50, "{removed} cache entries taken back");
        assert!(forgotten > 100, "{forgotten} learnt clauses forgotten");
        assert!(minimised > 100, "{minimised} learnt literals left out");
        assert!(swept > 50, "{swept} learnt clauses swept away");
        assert!(skipped > 500, "{skipped} component searches skipped");
        assert!(asked > 500, "{asked} questions to the SAT oracle");
        assert!(
            refuted > 0,
            "{refuted} clauses from the oracle's refutations"
        );
    }

    /// Projected counts whose satisfiability questions are hard: 3-CNF near the threshold,
    /// projected on a few variables, so that most assignments of those leave an
    /// unsatisfiable rest that propagation does not see. Every question goes to the oracle
    /// (and clauses are learnt from its refutations), or after a few conflicts, or never:
    /// the same counts as brute force.
    #[test]
    fn the_sat_oracle_and_its_refutations_change_no_count() {
        let mut rng = Xorshift(0x04ac1e);
        let settings = [Some(0), Some(2), None].map(|sat_oracle| Counter {
            sat_oracle,
            learnt_clauses: 5,
            ..searching()
        });
        let mut refuted = 0;
        for round in 0..300 {
            let vars = 12 + rng.below(6) as u32;
            let cnf = threshold_3cnf(&mut rng, vars);
            let shown: Vec<Var> = (0..vars).filter(|_| rng.below(3) == 0).map(Var).collect();
            let want = BigUint::from(brute(&cnf, Some(&shown)));
            for (k, counter) in settings.iter().enumerate() {
                let got = counter.count(&cnf, Some(&shown));
                refuted += got.stats.oracle_clauses;
                assert_eq!(got.count, want, "round {round}, setting {k}: {cnf:?}");
            }
        }
        assert!(
            refuted > 30,
            "{refuted} clauses from the oracle's refutations"
        );
    }

    #[test]
    fn free_variables_and_counts_beyond_a_machine_word() {
        // 200 unconstrained variables: 2^200 models; a projection of 3 of them: 8.
        let mut cnf = Cnf::new();
        cnf.reserve_vars(200);
        assert_eq!(counted(&cnf, None), BigUint::from(1u8) << 200usize);
        assert_eq!(
            counted(&cnf, Some(&[Var(0), Var(5), Var(199)])),
            BigUint::from(8u8)
        );
        // 150 independent "x or y" pairs: 3^150.
        let mut cnf = Cnf::new();
        for i in 0..150 {
            cnf.add_clause(&[Var(2 * i).positive(), Var(2 * i + 1).positive()]);
        }
        assert_eq!(counted(&cnf, None), BigUint::from(3u8).pow(150));
        // The empty clause: nothing.
        cnf.add_clause(&[]);
        assert_eq!(counted(&cnf, None), BigUint::from(0u8));
    }
}
