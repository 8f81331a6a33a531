//! What a count took ([`CountStats`]) beside its answer ([`ModelCount`]). The search logs these
//! as it goes (every [`crate::Settings::progress_every`], at level `info`).

#[allow(unused_imports)] // the documentation's links
use crate::{Counter, InclusionExclusion, Settings};
use num_bigint::BigUint;

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
    /// Literals tried false after decisions ([`Counter::failed_literals`]), and of those the
    /// ones that failed (a conflict, so the literal was set true).
    pub probes: u64,
    pub failed_literals: u64,
    /// Questions put to the SAT oracle (components without projection variables).
    pub oracle_calls: u64,
    /// Clauses learnt from the decisions the oracle's refutations used.
    pub oracle_clauses: u64,
    /// Satisfiability questions handed to the oracle after [`Counter::sat_oracle`] conflicts.
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
    /// [`Counter::skip_splits_after`]).
    pub searches_skipped: u64,
    /// Variables outside the projection asked whether they are pure while the counter probed
    /// (see `Purity`), and how many were.
    pub pure_probed: u64,
    pub pure_found: u64,
    /// Variables a component search left out of the components as pure (purity on).
    pub pure_left_out: u64,
    /// Open long clauses left out of components as blocked ([`crate::Counter::blocked_clauses`]),
    /// summed over the component searches.
    pub blocked_left_out: u64,
    /// Open long clauses asked whether they are blocked, summed over the component searches.
    pub blocked_looked_at: u64,
    /// Counts made for inclusion–exclusion over long clauses (see [`InclusionExclusion`]); 0
    /// when the formula was counted whole.
    pub inclusion_exclusion: u64,
    /// Components whose open projection variables were all added by definability, asked
    /// for a model instead of counted (at most one projected model wherever the count
    /// matters: see `define.rs`).
    pub defined_only: u64,
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
    pub(crate) fn absorb(&mut self, o: &CountStats) {
        self.decisions += o.decisions;
        self.components += o.components;
        self.cache_hits += o.cache_hits;
        self.cache_flushes += o.cache_flushes;
        self.hash_collisions += o.hash_collisions;
        self.conflicts += o.conflicts;
        self.probes += o.probes;
        self.failed_literals += o.failed_literals;
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
        self.blocked_left_out += o.blocked_left_out;
        self.blocked_looked_at += o.blocked_looked_at;
        self.inclusion_exclusion += o.inclusion_exclusion;
        self.defined_only += o.defined_only;
    }
}

/// An exact count with what it took.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ModelCount {
    pub count: BigUint,
    pub stats: CountStats,
}
