//! Clause learning and forgetting.
//!
//! Learning: a conflict is analysed to its first unique implication point, the clause learnt is
//! minimised (literals the others imply through their reasons left out: [`Search::minimise`])
//! and (when it has at most [`MAX_LEARNT_LEN`] literals) kept for propagation (its asserting
//! literal is set at once where it is unit), so the same conflict is not met again down other
//! branches; every [`Counter::learnt_sweep`] conflicts, the learnt clauses that have not propagated
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

use super::*;

/// Learnt clauses longer than this are not kept (the conflict is still counted): on n-queens
/// they cost six times the search they saved (12-queens 0.9 s without them, 5.6 s with), and
/// on the competition instances they bought nothing the short ones did not (track 1_005 12.8 s
/// → 8.1 s without them). Counted after minimisation; 24 then was no better (track3_001 1.92
/// → 1.70 s, track3_031 12.96 → 12.60, the empty binary 8×8 grid 20.7 → 22.0, 2023 track3_011
/// 9.9 → 10.2).
pub(super) const MAX_LEARNT_LEN: usize = 16;

impl Search<'_> {
    /// Analyses the conflict `propagate` just found to its first unique implication point
    /// (resolving, from the conflict clause back along the trail, on the literals set at the
    /// current decision level until one is left) and keeps the clause learnt.
    pub(super) fn learn(&mut self) {
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
    pub(super) fn minimise(&mut self, learnt: &mut Vec<u32>) {
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
    pub(super) fn implied_by_marked(&mut self, v: u32, levels: u64, marked: &mut Vec<u32>) -> bool {
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

    pub(super) fn clause_lits(&self, c: u32) -> &[u32] {
        let s = self.start[c as usize] as usize;
        &self.lits[s..s + self.len[c as usize] as usize]
    }

    /// Adds a learnt clause (its first literal the asserting one, every other literal false)
    /// and notes the assignment it asserts.
    pub(super) fn keep_learnt(&mut self, learnt: &mut [u32]) {
        if learnt.len() > MAX_LEARNT_LEN && !self.learn_any_length {
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
    pub(super) fn store_learnt(&mut self, learnt: &mut [u32]) -> Option<u32> {
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
    pub(super) fn forget_learnt(&mut self, unused: bool) {
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
    pub(super) fn assert_learnt(&mut self) -> bool {
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
}
