//! Failed literals after each decision ([`Counter::failed_literals`]): sharpSAT's "implicit
//! BCP" (Thurley, SAT 2006), written from the paper's description. After a decision and its
//! propagation, each open literal of a long clause that the new assignments shortened is tried
//! false: set as a decision one level deeper and propagated. A conflict means the literal is
//! true under the current assignment; the conflict is analysed as any other (its first unique
//! implication point lies on the probe's level), the clause learnt is kept whatever its length
//! and its asserting literal is set at the decision's level, with the clause as its reason. The
//! new assignments shorten more clauses, which are tried in turn, until a round sets nothing.
//!
//! Why the counts stay exact: a literal set this way is implied by the formula and the current
//! assignment (the clause learnt is a resolvent of the formula's and learnt clauses, all
//! implied by the formula), so no model of the formula under the current assignment is lost;
//! the components are then made from the assignment as it is, and their cache keys name what
//! is left of the formula, as after any propagation. Where the formula under the current
//! assignment has no model, what the learnt clause cuts is in a branch that counts 0, whose
//! cache entries are taken back (the invariant of `learn.rs`). A conflict while setting an
//! implied literal is a conflict of the decision's level: it is learnt from and the decision's
//! branch counts 0, as a conflict of its own propagation would.

use super::*;

impl Search<'_> {
    /// Tries the literals of the clauses shortened since trail position `from` (see the
    /// module's documentation); false on a conflict at the current level, learnt from, with the
    /// literal to assert one level up in `assert_next` as after a conflict of `propagate`.
    pub(super) fn probe_failed_literals(&mut self, from: usize) -> bool {
        let mut next = from;
        let mut candidates = std::mem::take(&mut self.probe_candidates);
        let ok = loop {
            candidates.clear();
            for i in next..self.trail.len() {
                let falsified = self.trail[i] ^ 1;
                for &c in &self.lit_occ[falsified as usize] {
                    if self.true_lits[c as usize] > 0 {
                        continue;
                    }
                    let s = self.start[c as usize] as usize;
                    for &l in &self.lits[s..s + self.len[c as usize] as usize] {
                        // Tried: the literal false.
                        if self.lit_value(l) == 0 && !self.probe_marked[(l ^ 1) as usize] {
                            self.probe_marked[(l ^ 1) as usize] = true;
                            candidates.push(l ^ 1);
                        }
                    }
                }
            }
            for &p in &candidates {
                self.probe_marked[p as usize] = false;
            }
            next = self.trail.len();
            if !self.try_candidates(&candidates) {
                break false;
            }
            if self.trail.len() == next {
                break true; // a round that set nothing
            }
        };
        self.probe_candidates = candidates;
        ok
    }

    /// Tries each literal of `candidates` still open; false on a conflict at the current level
    /// (see [`Search::probe_failed_literals`]).
    fn try_candidates(&mut self, candidates: &[u32]) -> bool {
        for &p in candidates {
            if self.lit_value(p) != 0 {
                continue;
            }
            let at = self.trail.len();
            self.stats.probes += 1;
            self.decide(p);
            if self.propagate() {
                self.undo(at);
                continue;
            }
            self.learn_any_length = true;
            self.learn();
            self.learn_any_length = false;
            self.undo(at);
            let Some((l, why)) = self.assert_next.take() else {
                continue; // nothing learnt (learning off)
            };
            self.stats.failed_literals += 1;
            if self.lit_value(l) != 0 {
                continue; // cannot happen: its clause's other literals are false, it was not
            }
            self.assign_by(l, why);
            if !self.propagate() {
                self.learn();
                return false;
            }
        }
        true
    }
}
