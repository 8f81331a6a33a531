//! The counter's tuning values ([`Settings`]), passed in with its configuration
//! ([`crate::Counter::settings`]) and not global: each default is the value measured best, and
//! the measurement it comes from is written beside its field. The other measured values are
//! [`Counter`]'s own numeric fields (`sat_oracle`, `list_up_to`, `list_conflicts`,
//! `stable_listing_after`, `dear_model_conflicts`, `learnt_sweep`, `skip_splits_after`,
//! `purity_probe`), documented there. None of them changes a count, only the work.

#[allow(unused_imports)] // the documentation's links
use crate::Counter;

/// Tuning values of the model counter (see the module's documentation). [`Settings::DEFAULT`]
/// (also [`Default`]) holds the measured values.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Settings {
    /// A clause of at least this many literals is long: it may be taken out of the formula and
    /// counted by inclusion–exclusion ([`crate::InclusionExclusion`]).
    pub long_clause: usize,

    /// At most this many long clauses are taken out (2^k counts for k clauses).
    pub long_clauses_at_most: usize,

    /// The bytes a cache entry is charged besides a full key: its 128-bit hash, the count (a
    /// machine word or a big integer's header) and the table's own overhead.
    pub cache_entry_bytes: usize,

    /// How many dear models (see [`Counter::dear_model_conflicts`]) hand the listing on to
    /// CaDiCaL's stable configuration.
    pub dear_models: u64,

    /// How often a count logs its statistics so far (at level `info`, e.g. `RUST_LOG=info`), so
    /// that a count stopped by a time limit has told what it did; and once more at its end
    /// (`count` does).
    pub progress_every: std::time::Duration,

    /// Conflicts each solve of the stable listing may take: with 20,000 it gives up on
    /// track3_077 too (a fresh solver learns for its first models).
    pub stable_list_conflicts: u32,

    /// The stable listing goes on to at most this many times [`Counter::list_up_to`] models
    /// (4,096 by default), so that a formula of many dear models is not listed for ever.
    pub stable_list_factor: u64,

    /// Decisions made before the conflict rate may send components to count to the oracle first
    /// (see `Search::conflict_bound`).
    pub conflict_bound_after: u64,

    /// Component searches are skipped once fewer than one in this many has split (measured
    /// with [`Counter::skip_splits_after`]).
    pub splits_futile_rate: u64,

    /// While searches are skipped, one call in this many still searches (measured with
    /// [`Counter::skip_splits_after`]).
    pub split_sample: u64,

    /// A split found brings this many searches in a row (measured with
    /// [`Counter::skip_splits_after`]).
    pub split_streak: u64,

    /// The oracle's check of each component (see `Search::conflict_bound`) pays only where the
    /// search's own refutations are dear: it stays off while the components the search counted
    /// to 0 took fewer decisions than this each, on average. Measured before the check: n-queens
    /// 13 refutes a component in 2.5 decisions (its rows and files run out of squares at once),
    /// and the check (126,309 questions) made it 3.7× slower (2.3 → 8.5 s); where it helps, a
    /// refutation took 7.5 (track3_113) to 31 (track1_043) decisions, Survo's sums 12–13.
    pub dear_refutation: u64,

    /// The share of pure answers, in percent, among the first [`Counter::purity_probe`] at which the rule
    /// is used for the rest of the count.
    pub purity_min_percent: u64,

    /// How much the simplification before the count may do ([`crate::simplify()`]).
    pub simplify: crate::SimplifyLimits,

    /// How much the search for variables the projection defines may do
    /// ([`crate::extend_projection`]).
    pub define: crate::DefineLimits,
}

impl Settings {
    /// The measured values (see each field).
    pub const DEFAULT: Settings = Settings {
        long_clause: 8,
        long_clauses_at_most: 4,
        cache_entry_bytes: 64,
        dear_models: 8,
        progress_every: std::time::Duration::from_secs(10),
        stable_list_conflicts: 1_000_000,
        stable_list_factor: 16,
        conflict_bound_after: 1000,
        splits_futile_rate: 64,
        split_sample: 16,
        split_streak: 64,
        dear_refutation: 5,
        purity_min_percent: 25,
        simplify: crate::SimplifyLimits::DEFAULT,
        define: crate::DefineLimits::DEFAULT,
    };
}

impl Default for Settings {
    fn default() -> Self {
        Settings::DEFAULT
    }
}
