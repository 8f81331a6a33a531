//! The counter's configuration: which techniques a count uses ([`Counter`]), with its measured
//! tuning values ([`Settings`]); the entry points are in `strategy.rs`.

use crate::{Heuristic, Settings};
use num_bigint::BigUint;
use wellposed_sat::{Cnf, Var};

/// The counter's configuration: which techniques a count uses, with their measured values
/// ([`Counter::DEFAULT`]) and the tuning values ([`Settings`]). A count is [`Counter::count`].
#[derive(Clone, Copy, Debug)]
pub struct Counter {
    /// Bytes the cache may hold before it is emptied (counts stay exact; only the work of
    /// re-counting is lost): [`Settings::cache_entry_bytes`] an entry, plus the full key with
    /// `exact_keys`.
    pub cache_bytes: usize,
    /// Keep each component's full key beside its hash and compare it on every hit (no
    /// collision can go unnoticed); by default only the 128-bit hash names a component (see
    /// [`crate::component_hash`]).
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
    ///
    /// The default, `Some(4)`: conflicts a satisfiability question may meet in the counter's
    /// own search before the SAT oracle is asked instead. The own search learns clauses that prune the counting above it
    /// and answers easy questions cheaply; the oracle answers hard ones, where chronological
    /// backtracking without restarts is lost. Measured (s): track3_001 > 60 without the oracle,
    /// 14 with every question handed over, 21 with this budget; track3_009 7.0 without, > 60
    /// with every question, 7.0 with this budget (budgets 0, 3, 10, 30 tried).
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
    ///
    /// The default, 256: few enough that a listing given up costs little
    /// (257 incremental solves, each after a blocking clause: track1_103, 362,880 models, 0.99 →
    /// 1.03 s), enough for the few hundred solutions of a puzzle near uniqueness (Survo
    /// open-3x4-176; track3_051, 236 models: 3.5 → 0.8 s).
    pub list_up_to: u64,
    /// `true`: the listing comes first, before anything else (simplifying, the search), on
    /// the formula as given; an oracle that found no model within its bound goes on to the
    /// search with what it learnt. A formula in exact-cover form that
    /// [`Counter::exact_cover`] takes is not listed. `false`: the search lists once it turns
    /// out to be mostly refutation (more than half of the decisions conflicting, after
    /// [`Settings::conflict_bound_after`]; with `sat_oracle: Some(0)` after the first conflict or
    /// oracle call): it is unwound for the listing, and starts again with what it learnt if
    /// the listing gives up. First costs a formula with many models its first solves, and
    /// saves a formula with few the simplification and the search before the listing
    /// (Survo open-2x10 19.8 → 15.0 G instructions, blocking clauses 14.8 G; BENCHMARKS.md).
    pub list_first: bool,
    /// Conflicts each solve of the listing may take (default 20,000, measured below).
    ///
    /// Conflicts each solve of the listing may take before the listing is given up for the
    /// search. Where the whole formula is a hard satisfiability question the budget is lost, in
    /// part: an oracle that found no model goes on to the search with what it learnt. Survo
    /// open-4x4's first model takes CaDiCaL between 10,000 and 20,000 conflicts (listed first:
    /// 2.8 → 2.4 s); over the 51 instances of `scripts/bench-counting.sh` 20,000 against 10,000
    /// cost nothing (349.6 s against 352.8 s in all). With the listing during the search
    /// (`list_first: false`), track1_091 took 12.7 s without a listing, 14.5 s with 10,000 and
    /// 19.9 s with 50,000 (2026-11-25).
    pub list_conflicts: u32,
    /// Models the listing must have found when one of its solves runs out of
    /// [`Counter::list_conflicts`] for it to go on in CaDiCaL's stable configuration instead
    /// of giving up (default 32, measured below; `u64::MAX` never): many models, each
    /// dear. A fresh solver in that configuration takes the formula and the blocking clauses
    /// so far and lists on, [`Settings::stable_list_conflicts`] a solve, up to
    /// [`Settings::stable_list_factor`] × [`Counter::list_up_to`] models in all.
    ///
    /// The default, 32. The listing's solves run out of
    /// [`Counter::list_conflicts`] after many models only on formulas whose models are many and each dear
    /// (the 3-colourings of the counting set: 2023 track3_077 after 122 of its 563, at 8 s), where
    /// the search is hopeless and CaDiCaL's stable mode lists on: track3_077 counted in 33.6 s
    /// (past 60 s before), every other instance of `scripts/bench-counting.sh` unchanged
    /// (BENCHMARKS.md, "Twenty-first session: a stable listing inside the counter").
    pub stable_listing_after: u64,
    /// A solve of the listing that runs past this many conflicts finds a dear model (or
    /// none); once [`Settings::dear_models`] solves after the first [`Counter::stable_listing_after`]
    /// models have, the listing goes on in CaDiCaL's stable configuration, as when a solve
    /// runs out of [`Counter::list_conflicts`], instead of stopping at
    /// [`Counter::list_up_to`] for the search (default 1,000, measured below). Told by
    /// bounding a solve at this many conflicts first, then at the rest of its bound.
    ///
    /// The default, 1,000. Measured over the first 256 models of the
    /// instances of `scripts/bench-counting.sh` (CaDiCaL 1.9.5 through PySAT, default
    /// configuration, blocking clauses): the solves after the first model that pass 1,000
    /// conflicts are 65 on track3_129 (1,497 models) and 73 on 2023 track3_077 (563), 7 on
    /// track3_051 (236 models, all listed), at most 2 on every other instance. The first two are
    /// 3-colourings whose every model is dear, where the search is hopeless: the counter did not
    /// count track3_129 in 140 s after a listing stopped at 256 models, and counts it in 57–60 s
    /// listing on (BENCHMARKS.md, "Twenty-fourth session: dear models listed on").
    pub dear_model_conflicts: u32,
    /// Learnt clauses of three or more literals kept before the older half is forgotten (the
    /// bound then grows by a tenth).
    pub learnt_clauses: usize,
    /// Conflicts between sweeps of the learnt clauses of three or more literals, each of which
    /// forgets those that have neither propagated nor conflicted since the last (default
    /// 1,000, measured below).
    ///
    /// The default, 1,000. A learnt clause that never propagates still costs
    /// a visit each time a watched literal turns false: on n-queens the clauses learnt (9–12
    /// literals, a queen on one of their squares) almost never propagate, and 13-queens took 2.15 s
    /// with them against 1.12 s without learning. Measured on 13-queens, Survo's three open
    /// puzzles and the 15 competition instances that take the counter over 0.3 s (user s, one
    /// run each, the other core busy): no sweeps 147.0 in all, every 200 conflicts 153.5, 500
    /// 135.4, 2,000 134.6, 1,000 123.0 (13-queens 2.15 → 1.52, track3_001 23.0 → 16.6,
    /// track3_031 23.1 → 15.8, track3_009 7.3 → 5.2, 2023 track3_011 16.1 → 12.5, the rest
    /// within noise; track3_001 again twice: 20.5 against 22.0 every 2,000).
    pub learnt_sweep: u64,
    /// How decisions are chosen.
    pub heuristic: Heuristic,
    /// After each decision, try false every open literal of the long clauses it shortened
    /// (failed literals, sharpSAT's "implicit BCP": `search/probe.rs`); the count is the same.
    pub failed_literals: bool,
    /// Component searches made before they may be skipped for rarely finding more than one
    /// component (default 1,024, measured below; `u64::MAX` never skips).
    ///
    /// The default, 1,024. A search walks every open clause of
    /// the component; on formulas that never come apart it finds one component at every
    /// decision, for nothing: n-queens 13 found none in 166,964 searches, an 8×8 binary grid
    /// with its first row given 6 in 555,811, Survo none. The competition instances split in 5%
    /// (mc2023 track3_011) to 70% of searches (track1_059). So once fewer than one search in
    /// [`Settings::splits_futile_rate`] has split, the open part of a scope is taken as one component
    /// without a search, which is sound: it is closed under open clauses, so its cache key names
    /// it, and its count is the same whether or not it is counted in parts. One call in
    /// [`Settings::split_sample`] still searches, and a split found brings [`Settings::split_streak`] searches in a
    /// row, so splitting resumes where the formula comes apart. Measured: the 8×8 grid 7.7 →
    /// 5.6 s with the same decisions and cache hits, 13-queens 1.33 → 1.16 s; the competition
    /// instances unchanged.
    pub skip_splits_after: u64,
    /// Purity questions asked, their answers counted only, before the counter decides whether
    /// component searches leave pure variables outside the projection out (see `Purity`;
    /// default 2^16, measured below): 0 uses purity from the start, `u64::MAX` never.
    ///
    /// The default, 2^16, is measured in `Purity`'s comment (`search/mod.rs`).
    pub purity_probe: u64,
    /// Leave out of each component search the open long clauses that blocked clause
    /// elimination on literals of variables outside the projection removes, to its fixpoint
    /// (`Search::remove_blocked`): they are no links, so components split sooner, and they
    /// leave the cache keys. Off by default: on the tuning seeds (2026-11-29, BENCHMARKS.md)
    /// it cut decisions by up to 6× (a 40-variable projected 3-CNF 9,880 → 1,554; rand3p-80
    /// 1.23 M → 0.85 M) but each component search costs more, and on some formulas it is
    /// slower (rand3p-120-3.5 2.08 → 2.67 s); the competition set is not yet measured with it.
    pub blocked_clauses: bool,
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
    /// The tuning values (see [`Settings`]); the default is the measured one.
    pub settings: Settings,
}

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
/// models do. Only then (and for at most [`Settings::long_clauses_at_most`] clauses of at least
/// [`Settings::long_clause`] literals) is a formula split.
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

impl Counter {
    /// The default configuration: every technique on, the measured values (see each field).
    pub const DEFAULT: Counter = Counter {
        cache_bytes: 1 << 30,
        exact_keys: false,
        learning: true,
        sat_oracle: Some(4),
        list_up_to: 256,
        list_first: true,
        list_conflicts: 20_000,
        stable_listing_after: 32,
        dear_model_conflicts: 1_000,
        learnt_clauses: 20_000,
        learnt_sweep: 1000,
        heuristic: Heuristic::Auto,
        failed_literals: false,
        skip_splits_after: 1024,
        purity_probe: 1 << 16,
        blocked_clauses: false,
        inclusion_exclusion: InclusionExclusion::Auto,
        simplify: true,
        exact_cover: true,
        define: true,
        settings: Settings::DEFAULT,
    };
}

impl Default for Counter {
    fn default() -> Self {
        Counter::DEFAULT
    }
}

/// Counts the models of `cnf` projected on `projection` (all variables when `None`).
/// Projection variables that occur in no clause each double the count.
pub fn count_models(cnf: &Cnf, projection: Option<&[Var]>) -> BigUint {
    Counter::default().count(cnf, projection).count
}
