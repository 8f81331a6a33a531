//! The choice of each decision (see [`Heuristic`]): the open variable of a component to decide
//! next, and its first value.
//!
//! Invariant: while counting, only projection variables are decided (a component without one
//! is a satisfiability question, where any open variable may be).

use super::*;

impl Search<'_> {
    /// The component's variables open to a decision: unassigned, and projected when counting.
    pub(super) fn decidable<'c>(
        &'c self,
        comp: &'c Component,
        exists: bool,
    ) -> impl Iterator<Item = u32> + 'c {
        comp.vars
            .iter()
            .copied()
            .filter(move |&v| self.is_open(v) && (exists || self.projected[v as usize]))
    }

    /// The open clauses holding the open variable `v`.
    pub(super) fn open_occurrences(&self, v: u32) -> usize {
        let long = self.occ[v as usize]
            .iter()
            .filter(|&&c| self.true_lits[c as usize] == 0)
            .count();
        let binary: usize = [2 * v, 2 * v + 1]
            .iter()
            .map(|&code| {
                self.implied[code as usize]
                    .iter()
                    .filter(|&&l| self.lit_value(l) == 0)
                    .count()
            })
            .sum();
        long + binary
    }

    /// `v` in the polarity it has in more clauses.
    pub(super) fn frequent_polarity(&self, v: u32) -> u32 {
        let (p, d) = (self.positive[v as usize], self.degree[v as usize]);
        if 2 * p >= d {
            2 * v
        } else {
            2 * v + 1
        }
    }

    /// VSADS: the open (projection) variable with the highest half its number of clauses plus
    /// its conflict activity; the polarity it occurs in more often first.
    pub(super) fn choose_vsads(&self, comp: &Component, exists: bool) -> Option<u32> {
        let score = |v: u32| 0.5 * f64::from(self.degree[v as usize]) + self.activity[v as usize];
        self.decidable(comp, exists)
            .max_by(|&a, &b| score(a).total_cmp(&score(b)))
            .map(|v| self.frequent_polarity(v))
    }

    /// Jw: the open projection variable of the component whose open clauses weigh most (a
    /// clause with k open literals 2^-k, both polarities added), its heavier polarity first.
    /// Measured on the nine projected tuning formulas (random 3-CNF, user s, 30 s each): the
    /// `td` order 70.9 s on eight, this 43.2 s (1.3–2.8× on each), the ninth counted by
    /// neither within 30 s (see `Heuristic::Jw` for when `auto` takes it).
    pub(super) fn choose_jw(&mut self, comp: &Component) -> Option<u32> {
        let mut weight = std::mem::take(&mut self.jw_weight);
        weight.resize(self.values.len(), 0.0);
        for &c in &comp.long {
            if self.true_lits[c as usize] > 0 {
                continue;
            }
            let lits = self.clause_lits(c);
            let open = lits.iter().filter(|&&l| self.lit_value(l) == 0).count();
            let w = 1.0 / (1u64 << open.min(63)) as f64;
            for &l in lits {
                if self.lit_value(l) == 0 {
                    weight[l as usize] += w;
                }
            }
        }
        let mut best: Option<(f64, u32)> = None;
        for &v in &comp.vars {
            if !self.is_open(v) {
                continue;
            }
            for code in [2 * v, 2 * v + 1] {
                for &w in &self.implied[code as usize] {
                    if self.lit_value(w) == 0 {
                        weight[code as usize] += 0.25;
                    }
                }
            }
            let total = weight[2 * v as usize] + weight[2 * v as usize + 1];
            if self.projected[v as usize] && best.is_none_or(|(b, _)| total > b) {
                best = Some((total, v));
            }
        }
        let pick = best.map(|(_, v)| {
            if weight[2 * v as usize] >= weight[2 * v as usize + 1] {
                2 * v
            } else {
                2 * v + 1
            }
        });
        for &v in &comp.vars {
            weight[2 * v as usize] = 0.0;
            weight[2 * v as usize + 1] = 0.0;
        }
        for &c in &comp.long {
            for &l in self.clause_lits(c) {
                weight[l as usize] = 0.0;
            }
        }
        self.jw_weight = weight;
        pick
    }

    /// Td: the shallowest open (projection) variable, by rank (see [`Heuristic::Td`]); where
    /// several are shallowest, the one in most open clauses among them (counted only then: on
    /// most formulas the depths of a component's variables differ, and the count per
    /// decision cost the empty 8×8 binary grid 6%).
    pub(super) fn choose_td(&self, comp: &Component, exists: bool) -> Option<u32> {
        let (mut best, mut top, mut tied) = (None, u32::MAX, false);
        for v in self.decidable(comp, exists) {
            let d = self.td_depth[v as usize];
            if d < top {
                (best, top, tied) = (Some(v), d, false);
            } else if d == top {
                tied = true;
                if best.is_some_and(|b| self.td_rank[v as usize] > self.td_rank[b as usize]) {
                    best = Some(v);
                }
            }
        }
        if tied {
            best = self
                .decidable(comp, exists)
                .filter(|&v| self.td_depth[v as usize] == top)
                .max_by_key(|&v| (self.open_occurrences(v), self.td_rank[v as usize]));
        }
        best.map(|v| self.frequent_polarity(v))
    }

    /// The literal to decide next, `None` when no variable is left to decide (counting: no
    /// open projection variable). Counting: a projection variable of the shortest open long
    /// clause that one of them can satisfy (an "at least one of these" clue: like dancing
    /// links' item with the fewest options), the one in most clauses, set true first; without
    /// such a clause, the open projection variable in most clauses. Satisfiability
    /// (`exists`): the shortest open long clause's literal, else the open variable in most
    /// clauses. In both, where no clause decides it, a variable of the given projection goes
    /// before one that definability added (see [`Search::counts_on`]).
    pub(super) fn choose(&mut self, comp: &Component, exists: bool) -> Option<u32> {
        match self.heuristic {
            Heuristic::Vsads => return self.choose_vsads(comp, exists),
            Heuristic::Td => return self.choose_td(comp, exists),
            Heuristic::Jw if exists => return self.choose_td(comp, exists),
            Heuristic::Jw => return self.choose_jw(comp),
            Heuristic::Clause | Heuristic::Auto => {}
        }
        // The shortest open clause with an eligible literal, the first of them on a tie; a
        // variable of the given projection first, one it defines only where none is eligible.
        // Defined variables are mostly an encoding's auxiliaries (cardinality sums, connectivity
        // orders), whose short clauses would otherwise be chosen first: the search alone on
        // the bundled 6×6 Fillomino 10.0 → 3.7 s, on the Battleships 0.63 → 0.22 s.
        let preferred = !exists && !self.defined.is_empty();
        if preferred {
            if let Some(l) = self.choose_in_shortest_clause(comp, exists, true) {
                return Some(l);
            }
        }
        if let Some(l) = self.choose_in_shortest_clause(comp, exists, false) {
            return Some(l);
        }
        self.decidable(comp, exists)
            .max_by_key(|&v| (!self.is_defined(v), self.degree[v as usize]))
            .map(|v| v * 2)
    }

    /// The eligible literal of the shortest open long clause holding one (see
    /// [`Search::choose`]); `given_only` leaves out the variables that definability added.
    fn choose_in_shortest_clause(
        &self,
        comp: &Component,
        exists: bool,
        given_only: bool,
    ) -> Option<u32> {
        // Its length is read from the counts of true and false literals; only a clause shorter
        // than the best so far is scanned for its literal. No open clause is shorter than two
        // (one would have been propagated), so two ends the look.
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
                let v = (l >> 1) as usize;
                let eligible = self.lit_value(l) == 0
                    && (exists || (l & 1 == 0 && self.projected[v]))
                    && !(given_only && self.defined[v]);
                if eligible && pick.is_none_or(|p| self.degree[v] > self.degree[(p >> 1) as usize])
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
        best.map(|(_, l)| l)
    }
}
