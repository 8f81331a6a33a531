//! Components: after each decision and its propagation, the open part of a scope splits into
//! connected components (variables joined by open clauses), counted apart and multiplied, each
//! looked up in the cache first. Pure variables outside the projection may be left out of the
//! components (`Purity`), and the searches for components are skipped where they stopped
//! finding more than one ([`Counter::skip_splits_after`]).
//!
//! Invariants: a component is closed under the formula's own open clauses (learnt clauses
//! never join it), so its variables and open long clauses name the same sub-formula wherever
//! it is met; its count is that sub-formula's projected count, whatever the rest of the
//! assignment.

use super::*;

impl Search<'_> {
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
    pub(super) fn label<const PURITY: bool>(
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
    pub(super) fn pure_now(&mut self, v: u32, mark: u32) -> bool {
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
    pub(super) fn pure_on(&self, v: u32, mark: u32) -> bool {
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

    /// Counts a purity question asked while probing; after [`Counter::purity_probe`] of them decides
    /// for good whether component searches are to use purity (see [`Purity`]).
    pub(super) fn probe_purity(&mut self, v: u32) {
        self.stats.pure_probed += 1;
        self.stats.pure_found += u64::from(self.pure_auxiliary(v));
        if self.stats.pure_probed >= self.purity_probe {
            self.purity = if self.stats.pure_found * 100
                >= self.settings.purity_min_percent * self.stats.pure_probed
            {
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
    pub(super) fn holds_pure(&self, c: usize, mark: u32) -> bool {
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
    pub(super) fn pure_auxiliary(&self, v: u32) -> bool {
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
    pub(super) fn split(
        &mut self,
        scope: &[u32],
        scope_long: &[u32],
        settled: Option<(usize, u32)>,
    ) -> (Vec<Component>, u32) {
        let open = scope.iter().filter(|&&v| self.is_open(v)).count();
        if open == 0 {
            return (self.components_of([]), 0);
        }
        self.split_calls += 1;
        if self.splits_futile() {
            self.stats.searches_skipped += 1;
            // No elimination here: what was settled for the scope stays settled for it.
            let whole = self.unsplit(scope, scope_long, open, None, settled);
            return (self.components_of([whole]), 0);
        }
        self.split_searches += 1;
        self.search_streak = self.search_streak.saturating_sub(1);
        let mark = self.next_mark();
        let settled = if self.bce {
            self.remove_blocked(scope_long, mark, settled);
            Some((self.trail.len(), mark))
        } else {
            None
        };
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
                let whole = self.unsplit(scope, scope_long, open, Some(mark), settled);
                return (self.components_of([whole]), 0);
            }
            // Under blocked clause elimination a variable whose open clauses were all left
            // out is in none of the formula counted (whose count is the same).
            if vars == 1 && long == 0 && (self.bce || self.isolated(root)) {
                // In no open clause: a free variable, not a component.
                self.var_seen[root as usize].comp = NO_COMPONENT;
                free += u32::from(self.projected[root as usize]);
                continue;
            }
            sizes.push((vars, long));
        }
        if sizes.len() > 1 || free > 0 {
            self.splits_found += 1;
            self.search_streak = self.settings.split_streak;
        }
        let mut comps = self.components_of([]);
        for &(vars, long) in &sizes {
            comps.push(Component {
                vars: self.list_with_capacity(vars),
                long: self.list_with_capacity(long),
                projected: false,
                settled,
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
                comp.projected |= self.counts_on(v as u32);
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

    /// Whether the component search is to be skipped now (see [`Counter::skip_splits_after`]).
    pub(super) fn splits_futile(&self) -> bool {
        self.split_searches >= self.skip_splits_after
            && self.splits_found * self.settings.splits_futile_rate < self.split_searches
            && self.search_streak == 0
            && !self.split_calls.is_multiple_of(self.settings.split_sample)
    }

    /// The open part of a scope as one component. With `mark` (a search that reached every
    /// open variable), clauses it met are open as it labelled them, the rest are checked.
    pub(super) fn unsplit(
        &mut self,
        scope: &[u32],
        scope_long: &[u32],
        open: usize,
        mark: Option<u32>,
        settled: Option<(usize, u32)>,
    ) -> Component {
        // Sized ahead: `open` variables, at most the scope's clauses (growing them by pushes
        // cost 5% of an 8×8 grid's count in reallocations and copies).
        let mut vars = self.list_with_capacity(open);
        let mut projected = false;
        for &v in scope {
            if self.is_open(v) {
                vars.push(v);
                projected |= self.counts_on(v);
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
            settled,
        }
    }

    /// Marks (`clause_seen`: `mark`, [`NO_COMPONENT`]) the open long clauses of `scope_long`
    /// that blocked clause elimination on auxiliary literals removes, to its fixpoint
    /// ([`Counter::blocked_clauses`]).
    ///
    /// Why the count is the same. A clause C is blocked on its literal l when every clause
    /// holding ¬l also holds the negation of another literal of C. If v = var(l) is outside
    /// the projection, a model of the formula without C that falsifies C becomes one of the
    /// whole formula by flipping v (C turns true; each clause holding ¬l keeps a true
    /// literal: the negation of a literal of C, all false): same projection, so the projected
    /// count is the same without C. Under the current assignment this holds of the open
    /// formula (assigned literals only make clauses satisfied or shorter). A clause blocked
    /// in a formula stays blocked in any part of it, so removing all of them one by one, as
    /// the fixpoint does, keeps the count at each step. Then:
    /// - the components are those of the formula without them (a removed clause is no link:
    ///   it may hold variables of two components), and a variable in no clause left is free;
    /// - a key lists the clauses left, and names the formula they make with the open binary
    ///   clauses of its variables (never removed), whose count equals the count of the
    ///   component with its removed clauses: the count the search finds, since propagation
    ///   may still use a removed clause (it only turns unit with every other literal false,
    ///   so within one component, where it is blocked too) and learnt clauses (implied by
    ///   the formula, so they cut no projected assignment the flips above can reach);
    /// - nothing is removed without an auxiliary variable, so unprojected counts never use it.
    ///
    /// The count rests only on every clause removed being blocked, not on all blocked clauses
    /// being found: a key names its formula whichever clauses were found. What is found:
    /// below a component settled by an elimination (`settled`), the clauses removed there and
    /// above stay out (blocked then, blocked now), clauses outside the scope count as gone in
    /// `blocked` (left out above, or by purity), and only clauses that what changed since may
    /// have blocked are looked at; so the fixpoint is the same as a look at every clause, at a
    /// fraction of the looks (rand3p-80-2.0-s1: 23.1 M looks and 852 K decisions when each
    /// component search looked at all its clauses and counted ones left out above as present,
    /// 4.0 M and 592 K now).
    pub(super) fn remove_blocked(
        &mut self,
        scope_long: &[u32],
        mark: u32,
        settled: Option<(usize, u32)>,
    ) {
        let mut queue = std::mem::take(&mut self.bce_queue);
        queue.clear();
        for &c in scope_long {
            if self.true_lits[c as usize] == 0 {
                self.bce_scope[c as usize] = mark;
                if settled.is_none() {
                    self.bce_queued[c as usize] = mark;
                    queue.push(c);
                }
            }
        }
        if let Some((p, settled_mark)) = settled {
            // No clause of the scope was blocked at trail length `p`, under the elimination
            // marked `settled_mark`. A clause C turns blocked on its literal l only when a
            // clause holding ¬l leaves the open formula (its open literals only shrink
            // otherwise, which blocks nothing new): satisfied by a literal set since, or left
            // out here (the loop below queues those). So only the clauses holding the
            // negation of a literal of a clause satisfied since are looked at. A clause that
            // was open in that scope then carries its mark or a later one (marks only grow;
            // a later elimination may have marked it again); one satisfied before does not.
            for i in p..self.trail.len() {
                let t = self.trail[i];
                for j in 0..self.lit_occ[t as usize].len() {
                    let d = self.lit_occ[t as usize][j] as usize;
                    if self.bce_scope[d] < settled_mark {
                        continue;
                    }
                    let (start, len) = (self.start[d] as usize, self.len[d] as usize);
                    for k in start..start + len {
                        let m = self.lits[k];
                        self.queue_blocking_candidates(m ^ 1, mark, &mut queue);
                    }
                }
                for j in 0..self.implied[t as usize].len() {
                    let m = self.implied[t as usize][j]; // the two-literal clause (m, t)
                    self.queue_blocking_candidates(m ^ 1, mark, &mut queue);
                }
            }
        }
        while let Some(c) = queue.pop() {
            let k = c as usize;
            self.bce_queued[k] = 0;
            if self.clause_seen[k].mark == mark {
                continue;
            }
            self.stats.blocked_looked_at += 1;
            if !self.blocked(k, mark) {
                continue;
            }
            self.clause_seen[k] = Seen {
                mark,
                comp: NO_COMPONENT,
            };
            self.stats.blocked_left_out += 1;
            let (start, len) = (self.start[k] as usize, self.len[k] as usize);
            for i in start..start + len {
                // Clauses holding ¬y, for y of this clause: those blocked on ¬y may be now.
                let y = self.lits[i];
                self.queue_blocking_candidates(y ^ 1, mark, &mut queue);
            }
        }
        self.bce_queue = queue;
    }

    /// Queues, for `remove_blocked` under `mark`, the clauses of its scope that hold literal
    /// `l` of a variable open and outside the projection, still there and not queued: those
    /// that a clause holding ¬l leaving may have made blocked on `l`.
    fn queue_blocking_candidates(&mut self, l: u32, mark: u32, queue: &mut Vec<u32>) {
        if self.values[l as usize] != 0 || self.projected[(l >> 1) as usize] {
            return;
        }
        for &e in &self.lit_occ[l as usize] {
            let k = e as usize;
            if self.bce_scope[k] == mark
                && self.clause_seen[k].mark != mark
                && self.bce_queued[k] != mark
            {
                self.bce_queued[k] = mark;
                queue.push(e);
            }
        }
    }

    /// Whether the open long clause `c` is blocked on an open literal of a variable outside
    /// the projection: every open clause holding that literal's negation, the clauses removed
    /// under `mark` aside, also holds the negation of another open literal of `c`.
    pub(super) fn blocked(&mut self, c: usize, mark: u32) -> bool {
        // The negations of the clause's open literals, marked for the look and unmarked after.
        let mut negated = std::mem::take(&mut self.bce_negated);
        let (start, len) = (self.start[c] as usize, self.len[c] as usize);
        let lits = &self.lits[start..start + len];
        for &x in lits {
            if self.values[x as usize] == 0 {
                negated[(x ^ 1) as usize] = true;
            }
        }
        let blocked = lits.iter().any(|&l| {
            self.values[l as usize] == 0
                && !self.projected[(l >> 1) as usize]
                && self.implied[(l ^ 1) as usize]
                    .iter()
                    .all(|&w| self.values[w as usize] != 0 || negated[w as usize])
                && self.lit_occ[(l ^ 1) as usize].iter().all(|&d| {
                    let d = d as usize;
                    let (ds, dl) = (self.start[d] as usize, self.len[d] as usize);
                    self.true_lits[d] > 0
                        || self.bce_scope[d] != mark
                        || self.clause_seen[d].mark == mark
                        || self.lits[ds..ds + dl].iter().any(|&y| {
                            y != (l ^ 1) && negated[y as usize] && self.values[y as usize] == 0
                        })
                })
        });
        for &x in lits {
            negated[(x ^ 1) as usize] = false;
        }
        self.bce_negated = negated;
        blocked
    }

    /// No open clause holds the (unassigned) variable.
    pub(super) fn isolated(&self, v: u32) -> bool {
        let open_binary = [2 * v, 2 * v + 1].iter().any(|&code| {
            self.implied[code as usize]
                .iter()
                .any(|&l| self.values[(l & !1) as usize] == 0)
        });
        !open_binary && self.occ[v as usize].iter().all(|&c| self.satisfied(c))
    }

    /// The count of what is left of a component under the current assignment.
    pub(super) fn count_rest(
        &mut self,
        scope: &[u32],
        scope_long: &[u32],
        settled: Option<(usize, u32)>,
    ) -> Num {
        let logged = self.cache_logged_before + self.cache_log.len();
        let (mut comps, free) = self.split(scope, scope_long, settled);
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

    /// The count of a component; its lists are kept for the next components.
    pub(super) fn count_component(&mut self, comp: Component) -> Num {
        let count = self.count_component_lists(&comp);
        keep_spare(&mut self.spare_lists, comp.vars);
        keep_spare(&mut self.spare_lists, comp.long);
        count
    }

    /// A list of components holding `these`, a spare one if there is one.
    pub(super) fn components_of<const N: usize>(
        &mut self,
        these: [Component; N],
    ) -> Vec<Component> {
        let mut comps = self.spare_comps.pop().unwrap_or_default();
        comps.extend(these);
        comps
    }

    /// An empty list for a component with room for `capacity`, a spare one if there is one.
    pub(super) fn list_with_capacity(&mut self, capacity: usize) -> Vec<u32> {
        let mut list = self.spare_lists.pop().unwrap_or_default();
        list.reserve(capacity);
        list
    }

    /// The count of a component: from the cache, else by the oracle's refutation or a search
    /// (whose count is cached).
    pub(super) fn count_component_lists(&mut self, comp: &Component) -> Num {
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
        if !comp.projected
            && !self.defined.is_empty()
            && comp.vars.iter().any(|&v| self.projected[v as usize])
        {
            // Open projection variables, all added by definability (see `Search::counts_on`).
            self.stats.defined_only += 1;
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
}
