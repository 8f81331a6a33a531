//! Exact projected model counting for wellposed: how many assignments of the projection variables extend to
//! a model of the formula. A DPLL search with conflict-driven clause learning, as in the #SAT
//! counters (Relsat, Cachet, sharpSAT): after each decision and unit propagation, the
//! unassigned part of the formula splits into connected components that are counted
//! independently and multiplied; each component's count is cached under the component itself
//! (its variables and its not-yet-satisfied clauses), so a sub-formula met again down another
//! branch costs a look-up. Where the searches for components have stopped finding more than
//! one ([`Counter::skip_splits_after`]), most are skipped: the open part is then one component.
//!
//! Projection: decisions are taken on projection variables first. A component left with no
//! projection variable contributes 1 when it is satisfiable and 0 otherwise (a plain DPLL
//! satisfiability search stopping at its first model), so auxiliary variables never multiply
//! the count. Where many auxiliary variables turn pure (one literal in no open clause), the
//! component searches leave them out, with the clauses they would satisfy, so that components
//! split sooner (`Purity`, decided by a probe of the first questions).
//!
//! Decisions ([`Heuristic`]): by default, a min-degree elimination order of the primal graph
//! is computed first; when it completes the variables it eliminates last (the separators at
//! the top of the tree decomposition) are decided first, so that components split early, as in
//! SharpSAT-TD; otherwise a projection variable of the shortest open clause.
//!
//! Projected counting, before the search: the formula is simplified
//! ([`simplify_extending`]), and the variables outside the projection that it defines
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
//! The crate's modules, by job (each states its invariants):
//! - `counter.rs`: the configuration ([`Counter`]) and `settings.rs` its tuning values
//!   ([`Settings`], the measured defaults); `stats.rs` what a count took ([`CountStats`]);
//! - `strategy.rs`: the pipeline — listing first, simplification and definability
//!   (`simplify.rs`, `define.rs`), exact cover by dancing links (`cover.rs`),
//!   inclusion–exclusion, one search;
//! - `search/`: the search core (`mod.rs`), propagation, components, the cache, learning, the
//!   SAT oracle and the listing, decisions; `heuristic.rs` the elimination orders;
//! - `num.rs`: counts as machine words until they need big numbers.
//!
//! ```
//! use wellposed_count::{count_models, Counter};
//! use wellposed_sat::{Cnf, Var};
//! let mut cnf = Cnf::new();
//! cnf.add_clause(&[Var(0).positive(), Var(1).positive()]); // a ∨ b
//! assert_eq!(count_models(&cnf, None), 3u32.into());
//! // Projected on a: both values of a extend to a model.
//! assert_eq!(Counter::default().count(&cnf, Some(&[Var(0)])).count, 2u32.into());
//! ```

mod counter;
mod cover;
mod define;
mod heuristic;
mod num;
mod search;
mod settings;
mod simplify;
mod stats;
mod strategy;
#[cfg(test)]
pub(crate) mod tests;

pub use counter::{count_models, Counter, InclusionExclusion};
pub use define::{extend_projection, DefineLimits, DefineStats};
pub use heuristic::Heuristic;
pub use search::component_hash;
pub use settings::Settings;
pub use simplify::{simplify, simplify_extending, ExtendProjection, SimplifyLimits, SimplifyStats};
pub use stats::{CountStats, ModelCount};
