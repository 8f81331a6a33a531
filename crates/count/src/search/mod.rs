//! The search core: a DPLL search with conflict-driven clause learning over one formula, as in
//! the #SAT counters (Relsat, Cachet, sharpSAT). After each decision and unit propagation the
//! open part splits into components (`components.rs`) counted apart, multiplied and cached
//! (`cache.rs`); conflicts are learnt from (`learn.rs`); satisfiability questions and the
//! listing go to the SAT oracle (`oracle.rs`); decisions follow the heuristic (`decide.rs`).
//! One [`Search`] struct holds the state; its `impl` is spread over these modules by job.
//!
//! Projection: decisions are taken on projection variables first. A component left with no
//! projection variable contributes 1 when it is satisfiable and 0 otherwise (a plain DPLL
//! satisfiability search stopping at its first model, or the oracle's answer), so auxiliary
//! variables never multiply the count.
//!
//! Invariants: literal codes are `2 * var + negated` ([`wellposed_sat::Lit::code`]); the
//! count of a scope is the product of its components' counts, shifted by the projection
//! variables in no clause (`loose`); a branch whose count comes to 0 takes its cache entries
//! back (`cache.rs`); the search stops (and answers nothing) soon after `stop` is raised.

mod cache;
mod components;
mod decide;
mod learn;
mod oracle;
mod probe;
mod propagate;

pub use cache::component_hash;
pub(crate) use oracle::new_solver;

use crate::heuristic::{best_elimination_ranks, ranks_with_depths, AUTO_TD_WIDTH};
use crate::num::Num;
#[allow(unused_imports)] // the documentation's links
use crate::InclusionExclusion;
use crate::{CountStats, Counter, Heuristic, ModelCount, Settings};
use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Arc;
use wellposed_sat::hash::WordMap;
use wellposed_sat::{Backend, BackendError, Cnf, Limits, Lit, Var};

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
    fn bytes(&self, entry_bytes: usize) -> usize {
        entry_bytes + self.key.as_ref().map_or(0, |k| 4 * k.len())
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
    /// With [`Counter::blocked_clauses`]: the trail length when blocked clause elimination
    /// last ran to its fixpoint over a scope holding this component (so no clause of `long`
    /// was blocked then), and the mark of that elimination; `None` where it did not (the
    /// root, or no elimination).
    settled: Option<(usize, u32)>,
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

/// Whether component searches leave pure variables outside the projection out of the
/// components (`Search::pure_auxiliary`). The question costs a scan of the variable's clauses
/// at every component search, and pays only where many are pure. Asked throughout (release
/// build, single runs): track3_021, 39% of the variables asked pure, 2.86 M decisions became
/// 1.34 M and 4.45 s 2.14 s; track3_013, 20%, 11% fewer decisions but 2.60 → 2.86 s;
/// track3_009, 2.4%, 4.30 → 5.27 s; track3_001, 0.002%, 2.18 → 3.64 s. So the first
/// [`Counter::purity_probe`] questions are asked for their answers to be counted only, and purity is
/// then used for the rest of the count if at least [`Settings::purity_min_percent`] of them were pure.
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

/// The clause `propagate` found with every literal false.
#[derive(Clone, Copy)]
enum Conflict {
    None,
    Binary(u32, u32),
    Clause(u32),
}

/// Literal codes are `2 * var + negated`, as in [`wellposed_sat::Lit`].
pub(crate) struct Search<'a> {
    stop: &'a AtomicBool,
    /// Raised with `stop` (see [`Counter::count_until`]), for the oracle to end a solve.
    oracle_stop: Arc<AtomicBool>,
    stopped: bool,
    /// Raised to the models listed so far (see [`Counter::count_reporting`]).
    pub(crate) floor: Option<&'a AtomicU64>,
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
    /// Projection variables that joined it by definability (`define.rs`), empty if none: the
    /// `clause` heuristic decides them only where no variable of the given projection is
    /// eligible (see [`Search::choose`]).
    pub(crate) defined: Vec<bool>,
    /// Clause count of each variable, the tie-break of decisions, and how many of them hold
    /// it positive.
    degree: Vec<u32>,
    positive: Vec<u32>,
    /// Projection variables outside every clause (each doubles the count).
    pub(crate) loose: u32,
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
    /// split found: see [`Counter::skip_splits_after`].
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
    pub(crate) oracle: Option<Box<dyn Backend>>,
    /// [`Counter::sat_oracle`], `None` also without a projection (no question can arise).
    oracle_after: Option<u64>,
    /// [`Counter::list_up_to`], and whether the listing is still to be tried (`list_pending`)
    /// or the search is unwinding to try it (`relisting`).
    list_up_to: u64,
    pub(crate) list_pending: bool,
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
    pub(crate) stats: CountStats,
    /// The tuning values ([`Counter::settings`]).
    settings: Settings,
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
    /// Per literal code, its weight in the open component ([`Heuristic::Jw`]); all zero
    /// between decisions (sized when first used).
    jw_weight: Vec<f64>,
    /// [`Counter::blocked_clauses`]; scratch of `blocked` (per literal code: whether it is the
    /// negation of an open literal of the clause looked at, all false between looks) and of
    /// `remove_blocked` (its work list, and per original clause the mark under which it is on
    /// that list), allocated only when it is on.
    bce: bool,
    bce_negated: Vec<bool>,
    bce_queue: Vec<u32>,
    bce_queued: Vec<u32>,
    /// Per original long clause: the mark of the elimination whose scope holds it, open and
    /// not left out (`remove_blocked`).
    bce_scope: Vec<u32>,
    bump: f64,
    heuristic: Heuristic,
    /// Per variable: its place in the elimination order (for [`Heuristic::Td`]).
    td_rank: Vec<u32>,
    /// Per variable: its depth in the decomposition (see `heuristic.rs`); decisions take the
    /// shallowest, ties by open clauses, then by rank.
    td_depth: Vec<u32>,
    learnt_live: usize,
    /// The clause `learn` builds, kept between conflicts for its allocation.
    learnt_buf: Vec<u32>,
    /// [`Counter::failed_literals`] (and learning on); the literals to try (`probe.rs`), and
    /// per literal code whether it is among them; set while a failed literal is learnt from,
    /// so that its clause is kept whatever its length (its literal must be asserted).
    probing: bool,
    probe_candidates: Vec<u32>,
    probe_marked: Vec<bool>,
    learn_any_length: bool,
    /// Per learnt long clause (id minus `original`): whether it has propagated or conflicted
    /// since the last sweep; the conflicts between sweeps ([`Counter::learnt_sweep`]) and the
    /// conflict count of the next.
    learnt_used: Vec<bool>,
    learnt_sweep: u64,
    next_sweep: u64,
    learnt_limit: usize,
    /// Components the search counted to 0 and the decisions that took (see
    /// [`Settings::dear_refutation`]).
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
    /// When the search began, and when it next logs its statistics ([`Settings::progress_every`]).
    pub(crate) began: std::time::Instant,
    next_progress: std::time::Instant,
}

impl<'a> Search<'a> {
    /// Whether a component holding the open variable `v` is counted rather than asked for a
    /// model: `v` is in the given projection. A component whose open projection variables were
    /// all added by definability has at most one projected model wherever the rest of the
    /// formula has one (two would be two models equal on the given projection and different on
    /// a variable it defines), so it is a satisfiability question; where the rest has none
    /// the product is 0 whatever this factor is, and a component's count depends only on its
    /// own clauses, so the count 1 it is cached with is never multiplied into a nonzero
    /// product wrongly.
    pub(super) fn counts_on(&self, v: u32) -> bool {
        self.projected[v as usize] && !self.is_defined(v)
    }

    /// Whether `v` joined the projection by definability (see [`Search::defined`]).
    pub(super) fn is_defined(&self, v: u32) -> bool {
        self.defined.get(v as usize).copied().unwrap_or(false)
    }

    /// Marks the variables of `counted_on` (the projection searched) that `given` (the one the
    /// caller gave) does not hold: those definability added (see [`Search::defined`]).
    pub(crate) fn mark_defined(&mut self, given: Option<&[Var]>, counted_on: Option<&[Var]>) {
        let (Some(given), Some(counted_on)) = (given, counted_on) else {
            return;
        };
        let mut defined = vec![false; self.projected.len()];
        for v in counted_on {
            if let Some(d) = defined.get_mut(v.index()) {
                *d = true;
            }
        }
        for v in given {
            if let Some(d) = defined.get_mut(v.index()) {
                *d = false;
            }
        }
        if defined.contains(&true) {
            self.defined = defined;
        }
    }

    /// A search of `cnf`; `oracle_cnf` (the same formula, or one with the same projected
    /// models and implying everything `cnf` does over its variables) is what the SAT oracle
    /// holds.
    pub(crate) fn new(
        cnf: &'a Cnf,
        oracle_cnf: &'a Cnf,
        projection: Option<&[Var]>,
        counter: &Counter,
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
            defined: Vec::new(),
            degree: vec![0; n],
            positive: vec![0; n],
            loose: 0,
            units: Vec::new(),
            empty_clause: false,
            var_seen: vec![Seen::default(); n],
            pure_seen: vec![std::cell::Cell::new((0, false)); n],
            watch_purity: vec![false; n],
            holds_watched: Vec::new(),
            purity: match counter.purity_probe {
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
            skip_splits_after: counter.skip_splits_after,
            purity_probe: counter.purity_probe,
            cache: HashMap::default(),
            cache_log: Vec::new(),
            exact_keys: counter.exact_keys,
            oracle: None,
            oracle_after: counter.sat_oracle.filter(|_| projection.is_some()),
            list_up_to: counter.list_up_to,
            list_pending: counter.list_up_to > 0,
            list_conflicts: counter.list_conflicts,
            stable_listing_after: counter.stable_listing_after,
            dear_model_conflicts: counter.dear_model_conflicts,
            list_at_once: counter.sat_oracle == Some(0),
            relisting: false,
            sat_budget: None,
            bailing: false,
            oracle_cnf,
            cache_logged_before: 0,
            cache_used: 0,
            cache_budget: counter.cache_bytes,
            stats: CountStats::default(),
            settings: counter.settings,
            learning: counter.learning,
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
            jw_weight: Vec::new(),
            bce: counter.blocked_clauses,
            bce_negated: if counter.blocked_clauses {
                vec![false; 2 * n]
            } else {
                Vec::new()
            },
            bce_queue: Vec::new(),
            bce_queued: Vec::new(),
            bce_scope: Vec::new(),
            bump: 1.0,
            heuristic: counter.heuristic,
            td_rank: Vec::new(),
            td_depth: Vec::new(),
            learnt_live: 0,
            learnt_buf: Vec::new(),
            probing: counter.failed_literals && counter.learning,
            probe_candidates: Vec::new(),
            probe_marked: vec![false; 2 * n],
            learn_any_length: false,
            learnt_used: Vec::new(),
            learnt_sweep: counter.learnt_sweep,
            next_sweep: counter.learnt_sweep,
            learnt_limit: counter.learnt_clauses,
            refuted: 0,
            refuting_decisions: 0,
            spare_lists: Vec::new(),
            spare_comps: Vec::new(),
            split_sizes: Vec::new(),
            began: std::time::Instant::now(),
            next_progress: std::time::Instant::now() + counter.settings.progress_every,
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
        if s.bce {
            s.bce_queued = vec![0; s.start.len()];
            s.bce_scope = vec![0; s.start.len()];
        }
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

    pub(crate) fn run(mut self) -> Option<ModelCount> {
        if matches!(
            self.heuristic,
            Heuristic::Td | Heuristic::Auto | Heuristic::Jw
        ) {
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
            // Unprojected: the best of a few orders, re-rooted at a centroid, ties by open
            // clauses; projected: the first min-degree order as it is (see `Heuristic::Td`).
            let n = self.reason.len();
            let unprojected = self.projected.iter().all(|&p| p);
            let (rank, depth, width) = if unprojected {
                best_elimination_ranks(n, &clauses)
            } else {
                ranks_with_depths(n, &clauses)
            };
            self.td_rank = rank;
            self.td_depth = depth;
            let mut linked = vec![false; n];
            for &l in clauses.iter().flatten() {
                linked[(l >> 1) as usize] = true;
            }
            let linked = linked.iter().filter(|&&x| x).count();
            if self.heuristic == Heuristic::Auto {
                self.heuristic = match width {
                    // The order at least half as wide as the formula: it tells little about
                    // where to decide (see `Heuristic::Jw`).
                    Some(w) if 2 * w >= linked => Heuristic::Jw,
                    Some(w) if w <= AUTO_TD_WIDTH => Heuristic::Td,
                    _ => Heuristic::Clause,
                };
            }
            log::debug!(
                "model counter: decisions by {:?}, elimination width {width:?} of {linked} variables in clauses",
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
        log::debug!(
            "model counter, done in {:.2} s: {:?}",
            self.began.elapsed().as_secs_f64(),
            self.stats
        );
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
        self.count_rest(&all, &long, None).shl(self.loose)
    }

    /// With the oracle on: most decisions so far have ended in a conflict (more than half,
    /// after [`Settings::conflict_bound_after`] decisions) and the search's refutations are dear (see
    /// [`Settings::dear_refutation`]), or the oracle is to be asked everything.
    fn conflict_bound(&self) -> bool {
        match self.oracle_after {
            None => false,
            Some(k) => {
                k == 0
                    || self.mostly_conflicts()
                        && self.refuting_decisions >= self.settings.dear_refutation * self.refuted
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
    /// [`Settings::conflict_bound_after`] decisions: the formula is tightly constrained, its models are
    /// few, and refuting is most of the work.
    fn mostly_conflicts(&self) -> bool {
        let (d, c) = (self.stats.decisions, self.stats.conflicts);
        d > self.settings.conflict_bound_after && 2 * c > d
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
                    total = total.add(&self.count_rest(&comp.vars, &comp.long, comp.settled));
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
            if !self.propagate() {
                self.learn();
            } else if self.probed(here) {
                total = total.add(&self.count_rest(&comp.vars, &comp.long, comp.settled));
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
                    let here = self.trail.len();
                    self.decide(lit ^ 1);
                    if !self.propagate() {
                        self.learn();
                        self.assert_next = None;
                        break;
                    }
                    if !self.probed(here) {
                        self.assert_next = None;
                        break;
                    }
                }
                _ => break,
            }
            if !exists && self.heuristic != Heuristic::Clause {
                total = total.add(&self.count_rest(&comp.vars, &comp.long, comp.settled));
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

    /// After a decision at trail position `here` and its propagation: with
    /// [`Counter::failed_literals`], the failed literals found and set (`probe.rs`); false on a
    /// conflict (learnt from).
    fn probed(&mut self, here: usize) -> bool {
        !self.probing || self.probe_failed_literals(here)
    }

    /// Logs the statistics so far when [`Settings::progress_every`] has passed since the last time.
    fn progress(&mut self) {
        let now = std::time::Instant::now();
        if now >= self.next_progress {
            self.next_progress = now + self.settings.progress_every;
            let secs = now.duration_since(self.began).as_secs_f64();
            log::info!("model counter, {secs:.0} s: {:?}", self.stats);
        }
    }
}
