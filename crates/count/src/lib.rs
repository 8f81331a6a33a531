//! Exact projected model counting for wellposed: how many assignments of the projection
//! variables extend to a model of a CNF formula ([`Counter`], [`count_models`]), with the
//! preprocessing it runs first: simplification ([`simplify()`]), variables the projection
//! defines ([`extend_projection`]) and exact-cover forms counted by dancing links.

mod cover;
mod define;
mod search;
mod simplify;

pub use define::{extend_projection, DefineStats, DEFINE_CONFLICTS};
pub use search::{
    component_hash, count_models, CountStats, Counter, Heuristic, InclusionExclusion, ModelCount,
    CACHE_ENTRY_BYTES, CONFLICT_BOUND_AFTER, DEAR_MODELS, DEAR_MODEL_CONFLICTS, LEARNT_SWEEP,
    LIST_CONFLICTS, LIST_UP_TO, LONG_CLAUSE, LONG_CLAUSES_AT_MOST, PROGRESS_EVERY,
    PURITY_MIN_PERCENT, PURITY_PROBE, SAT_CONFLICT_BUDGET, SPLITS_FUTILE_AFTER, SPLITS_FUTILE_RATE,
    SPLIT_SAMPLE, SPLIT_STREAK, STABLE_LISTING_AFTER, STABLE_LIST_CONFLICTS, STABLE_LIST_FACTOR,
};
pub use simplify::{
    simplify, simplify_extending, ExtendProjection, SimplifyStats, MAX_RESOLVENT, SIMPLIFY_BUDGET,
    SIMPLIFY_MAX_BYTES,
};
