//! Assignment and unit propagation: literals are set on the trail with their reason, and
//! propagation runs the two-literal implications, the formula's three-literal clauses (each
//! literal "watching" the other two) and the watched longer clauses, learnt ones included.
//!
//! Invariants: both codes of a variable are set and cleared together (`values`); the per-clause
//! counts of true (and, under the clause rule, false) literals follow every assignment and
//! every undo; a long clause is watched by its first two literals, and a watch's blocker is a
//! literal of its clause.

use super::*;

impl Search<'_> {
    pub(super) fn lit_value(&self, code: u32) -> i8 {
        self.values[code as usize]
    }

    /// Whether variable `v` is unassigned.
    pub(super) fn is_open(&self, v: u32) -> bool {
        self.values[2 * v as usize] == 0
    }

    pub(super) fn assign(&mut self, code: u32) {
        self.assign_by(code, DECISION);
    }

    pub(super) fn assign_by(&mut self, code: u32, reason: u32) {
        let v = (code >> 1) as usize;
        self.values[code as usize] = 1;
        self.values[(code ^ 1) as usize] = -1;
        for &c in &self.lit_occ[code as usize] {
            self.true_lits[c as usize] += 1;
        }
        if self.count_false {
            for &c in &self.lit_occ[(code ^ 1) as usize] {
                self.false_lits[c as usize] += 1;
            }
        }
        self.reason[v] = reason;
        self.level[v] = self.decisions_at.len() as u32;
        self.trail.push(code);
    }

    /// A branch of the search: a new decision level.
    pub(super) fn decide(&mut self, code: u32) {
        self.decisions_at.push(self.trail.len());
        self.assign(code);
    }

    pub(super) fn undo(&mut self, to: usize) {
        for &code in &self.trail[to..] {
            self.values[code as usize] = 0;
            self.values[(code ^ 1) as usize] = 0;
            for &c in &self.lit_occ[code as usize] {
                self.true_lits[c as usize] -= 1;
            }
            if self.count_false {
                for &c in &self.lit_occ[(code ^ 1) as usize] {
                    self.false_lits[c as usize] -= 1;
                }
            }
        }
        self.trail.truncate(to);
        self.head = to;
        while self.decisions_at.last().is_some_and(|&d| d >= to) {
            self.decisions_at.pop();
        }
    }

    /// Unit propagation (implication lists for binary clauses, every literal of the formula's
    /// three-literal clauses, two watched literals for the rest); false on a conflict.
    pub(super) fn propagate(&mut self) -> bool {
        // The implication lists and three-literal clauses do not change while propagating:
        // they are taken out for the loop, so each list is read as one slice rather than
        // through `self` again for every literal (the assignments need `&mut self`).
        let implied = std::mem::take(&mut self.implied);
        let learnt_implied = std::mem::take(&mut self.learnt_implied);
        let ternary = std::mem::take(&mut self.ternary);
        let ok = self.propagate_with(&implied, &learnt_implied, &ternary);
        self.implied = implied;
        self.learnt_implied = learnt_implied;
        self.ternary = ternary;
        ok
    }

    /// The two-literal clauses in `lists` with `falsified`: their other literals set true;
    /// false on a conflict.
    pub(super) fn imply_binary(&mut self, lists: &[Vec<u32>], falsified: u32) -> bool {
        for &l in &lists[falsified as usize] {
            match self.lit_value(l) {
                0 => self.assign_by(l, BINARY | falsified),
                -1 => {
                    self.conflict = Conflict::Binary(falsified, l);
                    return false;
                }
                _ => {}
            }
        }
        true
    }

    /// The formula's three-literal clauses with `falsified`: the third literal set true where
    /// the second is false too; false on a conflict.
    pub(super) fn imply_ternary(&mut self, ternary: &[Vec<[u32; 3]>], falsified: u32) -> bool {
        for &[c, a, b] in &ternary[falsified as usize] {
            match (self.lit_value(a), self.lit_value(b)) {
                (-1, -1) => {
                    self.conflict = Conflict::Clause(c);
                    return false;
                }
                (0, -1) => self.assign_by(a, c),
                (-1, 0) => self.assign_by(b, c),
                _ => {} // satisfied, or two literals open
            }
        }
        true
    }

    /// [`Search::propagate`]'s loop, over the lists it took out of the search.
    pub(super) fn propagate_with(
        &mut self,
        implied: &[Vec<u32>],
        learnt_implied: &[Vec<u32>],
        ternary: &[Vec<[u32; 3]>],
    ) -> bool {
        while self.head < self.trail.len() {
            let falsified = self.trail[self.head] ^ 1;
            self.head += 1;
            if !self.imply_binary(implied, falsified)
                || !self.imply_binary(learnt_implied, falsified)
                || !self.imply_ternary(ternary, falsified)
            {
                return false;
            }
            let mut ws = std::mem::take(&mut self.watches[falsified as usize]);
            let (mut i, mut j) = (0, 0);
            let mut ok = true;
            while i < ws.len() {
                let w = ws[i];
                i += 1;
                if self.lit_value(w.blocker) == 1 {
                    // Satisfied by a literal seen before: the clause itself is not read.
                    ws[j] = w;
                    j += 1;
                    continue;
                }
                let c = w.clause;
                let s = self.start[c as usize] as usize;
                let len = self.len[c as usize] as usize;
                if self.lits[s] == falsified {
                    self.lits.swap(s, s + 1);
                }
                let other = self.lits[s];
                if self.lit_value(other) == 1 {
                    ws[j] = Watch::new(c, other);
                    j += 1;
                    continue;
                }
                let mut moved = false;
                for k in s + 2..s + len {
                    let l = self.lits[k];
                    if self.lit_value(l) != -1 {
                        self.lits.swap(s + 1, k);
                        self.watches[l as usize].push(Watch::new(c, other));
                        moved = true;
                        break;
                    }
                }
                if moved {
                    continue;
                }
                ws[j] = Watch::new(c, other);
                j += 1;
                if c >= self.original {
                    self.learnt_used[(c - self.original) as usize] = true;
                }
                if self.lit_value(other) == 0 {
                    self.assign_by(other, c);
                } else {
                    self.conflict = Conflict::Clause(c);
                    ok = false;
                    while i < ws.len() {
                        ws[j] = ws[i];
                        i += 1;
                        j += 1;
                    }
                }
            }
            ws.truncate(j);
            self.watches[falsified as usize] = ws;
            if !ok {
                return false;
            }
        }
        true
    }

    pub(super) fn next_mark(&mut self) -> u32 {
        if self.mark == u32::MAX {
            self.var_seen.iter_mut().for_each(|m| m.mark = 0);
            self.clause_seen.iter_mut().for_each(|m| m.mark = 0);
            self.pure_seen.iter().for_each(|m| m.set((0, false)));
            self.bce_queued.iter_mut().for_each(|m| *m = 0);
            self.bce_scope.iter_mut().for_each(|m| *m = 0);
            self.mark = 0;
        }
        self.mark += 1;
        self.mark
    }

    /// Whether one of the formula's long clauses is satisfied now.
    pub(super) fn satisfied(&self, c: u32) -> bool {
        debug_assert!(
            c < self.original,
            "learnt clauses have no count of true literals"
        );
        self.true_lits[c as usize] > 0
    }
}
