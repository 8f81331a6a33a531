//! Cheap simplifications that keep a formula's projected model count, run before counting
//! ([`crate::Counter::simplify`]):
//!
//! 1. **Units**: unit propagation from the unit clauses; satisfied clauses are dropped and false
//!    literals removed. A variable fixed this way keeps its unit clause, so a projection
//!    variable that is fixed still counts once (and does not turn into a free one).
//! 2. **Failed literals**: each open variable is set both ways in turn and propagated; a side
//!    that conflicts makes the other a unit (both: no model at all).
//! 3. **Subsumption**: a clause that contains another clause is dropped (it is implied).
//! 4. **Elimination of variables outside the projection** (projected counting only): such a
//!    variable v is replaced by the resolvents of its clauses (Davis–Putnam: the formula
//!    with v eliminated is ∃v F, whose projected models are F's), when that does not add
//!    clauses and no resolvent is longer than [`MAX_RESOLVENT`].
//!
//! Every step visits clauses within a budget ([`Budget`]), so a huge formula costs at most a
//! bounded amount of work here; what is not reached is left as it was. The variables keep
//! their numbers, and the formula keeps its number of variables.

use crate::{Cnf, Lit, Var};

/// A resolvent longer than this stops the elimination of a variable (long clauses weaken
/// propagation and lengthen the counter's cache keys).
pub const MAX_RESOLVENT: usize = 12;

/// A variable in more than this many clauses is not eliminated.
const MAX_OCCURRENCES: usize = 16;

/// A formula taking more than this many bytes ([`Cnf::bytes`]) is returned as it is: the
/// simplification holds about two more copies of it at once.
pub const SIMPLIFY_MAX_BYTES: u64 = 1 << 28;

/// Clause visits allowed to the steps together, by default.
pub const SIMPLIFY_BUDGET: u64 = 20_000_000;

/// Clause visits allowed to the probing of failed literals, within the whole budget: each
/// probe propagates, and on a circuit one literal can imply most of the formula, so probing
/// every variable costs a quadratic amount (track1_065, 348 variables: 0.2 s for no failed
/// literal before this bound).
const PROBE_BUDGET: u64 = 1_000_000;

/// What the simplification did.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SimplifyStats {
    /// Variables fixed by propagation from the formula's units and by failed literals.
    pub fixed: u64,
    /// Of those, fixed because one side of a probe conflicted.
    pub failed_literals: u64,
    /// Clauses dropped because another clause is contained in them.
    pub subsumed: u64,
    /// Variables outside the projection eliminated by resolution.
    pub eliminated: u64,
    /// The formula has no model (found by propagation or probing).
    pub unsatisfiable: bool,
    /// The budget ran out before every step was complete.
    pub out_of_budget: bool,
}

/// Clause visits left.
struct Budget(u64);

impl Budget {
    fn spend(&mut self, n: u64) -> bool {
        if self.0 < n {
            self.0 = 0;
            false
        } else {
            self.0 -= n;
            true
        }
    }
}

/// The working formula: clauses as literal codes (`2 * var + negated`), some removed, with
/// occurrence lists and the counters unit propagation reads.
struct Work {
    clauses: Vec<Vec<u32>>,
    removed: Vec<bool>,
    /// Per literal code, the clauses that hold it (removed ones may stay listed).
    occ: Vec<Vec<u32>>,
    /// Per literal code: 1 true, -1 false, 0 open (both codes of a variable set together).
    value: Vec<i8>,
    trail: Vec<u32>,
    /// Trail positions whose literals have been propagated.
    head: usize,
    /// Per clause: how many of its literals are false, and how many true, under the trail's
    /// propagated part.
    false_lits: Vec<u32>,
    true_lits: Vec<u32>,
}

impl Work {
    fn new(n: usize, clauses: Vec<Vec<u32>>) -> Work {
        let mut occ = vec![Vec::new(); 2 * n];
        for (i, c) in clauses.iter().enumerate() {
            for &l in c {
                occ[l as usize].push(i as u32);
            }
        }
        let m = clauses.len();
        Work {
            clauses,
            removed: vec![false; m],
            occ,
            value: vec![0; 2 * n],
            trail: Vec::new(),
            head: 0,
            false_lits: vec![0; m],
            true_lits: vec![0; m],
        }
    }

    fn set(&mut self, l: u32) {
        self.value[l as usize] = 1;
        self.value[(l ^ 1) as usize] = -1;
        self.trail.push(l);
    }

    /// Sets `l` (open) and propagates; false on a conflict. Either way every literal on the
    /// trail has been propagated, so [`Work::undo`] restores the counters exactly.
    fn assume(&mut self, l: u32, budget: &mut Budget) -> bool {
        self.set(l);
        self.propagate(budget)
    }

    fn propagate(&mut self, budget: &mut Budget) -> bool {
        let mut ok = true;
        while self.head < self.trail.len() {
            let l = self.trail[self.head];
            self.head += 1;
            budget.spend((self.occ[l as usize].len() + self.occ[(l ^ 1) as usize].len()) as u64);
            for &c in &self.occ[l as usize] {
                self.true_lits[c as usize] += 1;
            }
            for i in 0..self.occ[(l ^ 1) as usize].len() {
                let c = self.occ[(l ^ 1) as usize][i] as usize;
                self.false_lits[c] += 1;
                if !ok || self.removed[c] || self.true_lits[c] > 0 {
                    continue;
                }
                let len = self.clauses[c].len() as u32;
                if self.false_lits[c] == len {
                    ok = false; // counters of the rest are still kept up to date
                } else if self.false_lits[c] + 1 == len {
                    // The open literal is set. None open: the last one was set true or false
                    // earlier on the trail but not yet propagated; true satisfies the clause,
                    // false makes it conflict when its turn comes.
                    if let Some(u) = self.clauses[c]
                        .iter()
                        .copied()
                        .find(|&x| self.value[x as usize] == 0)
                    {
                        self.set(u);
                    }
                }
            }
        }
        ok
    }

    /// Takes the trail back to `to` entries.
    fn undo(&mut self, to: usize) {
        for i in (to..self.trail.len()).rev() {
            let l = self.trail[i];
            if i < self.head {
                for &c in &self.occ[l as usize] {
                    self.true_lits[c as usize] -= 1;
                }
                for &c in &self.occ[(l ^ 1) as usize] {
                    self.false_lits[c as usize] -= 1;
                }
            }
            self.value[l as usize] = 0;
            self.value[(l ^ 1) as usize] = 0;
        }
        self.trail.truncate(to);
        self.head = self.head.min(to);
    }

    fn add_clause(&mut self, c: Vec<u32>) {
        let id = self.clauses.len() as u32;
        for &l in &c {
            self.occ[l as usize].push(id);
        }
        // Only called with nothing assigned but root units, which are already applied.
        self.clauses.push(c);
        self.removed.push(false);
        self.false_lits.push(0);
        self.true_lits.push(0);
    }
}

/// Simplifies `cnf` (see the module docs) so that its model count projected on `projection`
/// (every variable when `None`) is unchanged. Returns the formula unchanged when the budget of
/// memory (`Choices::max_bytes`) would be passed.
///
/// ```
/// use wellposed_sat::{simplify, Cnf, Var};
/// let mut cnf = Cnf::new();
/// let (a, b, c) = (Var(0).positive(), Var(1).positive(), Var(2).positive());
/// cnf.add_clause(&[a, b]);
/// cnf.add_clause(&[a, b, c]); // contains the clause above
/// cnf.add_clause(&[!a, c]);
/// cnf.add_clause(&[!a, !c]); // a true conflicts: a is a failed literal
/// let (simpler, stats) = simplify(&cnf, None, wellposed_sat::SIMPLIFY_BUDGET);
/// assert_eq!(stats.failed_literals, 1);
/// assert!(simpler.clauses().len() < cnf.clauses().len());
/// assert_eq!(wellposed_sat::count_models(&simpler, None), wellposed_sat::count_models(&cnf, None));
/// ```
pub fn simplify(cnf: &Cnf, projection: Option<&[Var]>, budget: u64) -> (Cnf, SimplifyStats) {
    if cnf.bytes() > SIMPLIFY_MAX_BYTES {
        let stats = SimplifyStats {
            out_of_budget: true,
            ..SimplifyStats::default()
        };
        return (cnf.clone(), stats);
    }
    let mut n = cnf.num_vars() as usize;
    if let Some(p) = projection {
        n = n.max(p.iter().map(|v| v.index() + 1).max().unwrap_or(0));
    }
    let mut stats = SimplifyStats::default();
    let mut budget = Budget(budget);
    let mut clauses: Vec<Vec<u32>> = Vec::with_capacity(cnf.clauses().len());
    let mut units: Vec<u32> = Vec::new();
    'clauses: for c in cnf.clauses() {
        let mut codes: Vec<u32> = Vec::with_capacity(c.len());
        for l in c {
            let code = 2 * l.var().0 + u32::from(!l.is_positive());
            if codes.contains(&(code ^ 1)) {
                continue 'clauses; // a tautology
            }
            if !codes.contains(&code) {
                codes.push(code);
            }
        }
        if codes.is_empty() {
            stats.unsatisfiable = true;
        }
        if codes.len() == 1 {
            units.push(codes[0]);
        }
        clauses.push(codes);
    }
    let mut work = Work::new(n, clauses);
    // 1. Units.
    if !stats.unsatisfiable {
        for u in units {
            match work.value[u as usize] {
                0 => work.set(u),
                -1 => stats.unsatisfiable = true,
                _ => {}
            }
        }
        if !stats.unsatisfiable && !work.propagate(&mut budget) {
            stats.unsatisfiable = true;
        }
    }
    // 2. Failed literals: each open variable, true then false.
    let kept = budget.0.saturating_sub(PROBE_BUDGET);
    budget.0 -= kept;
    if !stats.unsatisfiable {
        'probe: for v in 0..n as u32 {
            for l in [2 * v, 2 * v + 1] {
                if work.value[l as usize] != 0
                    || work.occ[l as usize].is_empty() && work.occ[(l ^ 1) as usize].is_empty()
                {
                    continue;
                }
                if budget.0 == 0 {
                    stats.out_of_budget = true;
                    break 'probe;
                }
                let at = work.trail.len();
                let ok = work.assume(l, &mut budget);
                work.undo(at);
                if !ok {
                    stats.failed_literals += 1;
                    if !work.assume(l ^ 1, &mut budget) {
                        stats.unsatisfiable = true;
                        break 'probe;
                    }
                }
            }
        }
    }
    budget.0 += kept;
    let mut out = Cnf::with_choices(cnf.choices());
    out.reserve_vars(cnf.num_vars());
    if stats.unsatisfiable {
        out.add_clause(&[]);
        return (out, stats);
    }
    stats.fixed = work.trail.len() as u64;
    // Apply the root assignment: satisfied clauses go, false literals go; fixed variables keep
    // a unit clause each.
    let fixed: Vec<u32> = std::mem::take(&mut work.trail);
    let mut reduced: Vec<Vec<u32>> = Vec::new();
    for c in &work.clauses {
        if c.iter().any(|&l| work.value[l as usize] == 1) {
            continue;
        }
        reduced.push(
            c.iter()
                .copied()
                .filter(|&l| work.value[l as usize] == 0)
                .collect(),
        );
    }
    let mut work = Work::new(n, reduced);
    // 3. Subsumption: shortest clauses first; a clause is checked against the clauses of its
    // rarest literal that are no longer than it.
    subsume(&mut work, &mut budget, &mut stats);
    // 4. Elimination of variables outside the projection.
    if let Some(p) = projection {
        let mut projected = vec![false; n];
        for v in p {
            projected[v.index()] = true;
        }
        eliminate(&mut work, &projected, &mut budget, &mut stats);
    }
    if budget.0 == 0 {
        stats.out_of_budget = true;
    }
    for &l in &fixed {
        out.add_clause(&[Lit::new(Var(l >> 1), l & 1 == 0)]);
    }
    for (c, &gone) in work.clauses.iter().zip(&work.removed) {
        if !gone {
            let lits: Vec<Lit> = c
                .iter()
                .map(|&l| Lit::new(Var(l >> 1), l & 1 == 0))
                .collect();
            out.add_clause(&lits);
        }
    }
    if out.over_budget() {
        return (cnf.clone(), SimplifyStats::default());
    }
    (out, stats)
}

/// Step 3 of [`simplify`].
fn subsume(work: &mut Work, budget: &mut Budget, stats: &mut SimplifyStats) {
    let mut order: Vec<u32> = (0..work.clauses.len() as u32).collect();
    order.sort_by_key(|&c| work.clauses[c as usize].len());
    let mut mark = vec![false; work.value.len()];
    for &c in order.iter().rev() {
        let c = c as usize;
        if work.removed[c] {
            continue;
        }
        // Is some other clause, no longer than c, contained in c?
        let Some(&rare) = work.clauses[c]
            .iter()
            .min_by_key(|&&l| work.occ[l as usize].len())
        else {
            continue;
        };
        if !budget.spend(work.occ[rare as usize].len() as u64 + 1) {
            return;
        }
        for &l in &work.clauses[c] {
            mark[l as usize] = true;
        }
        let len = work.clauses[c].len();
        let subsumed = work.occ[rare as usize].iter().any(|&d| {
            let d = d as usize;
            d != c
                && !work.removed[d]
                && (work.clauses[d].len() < len || work.clauses[d].len() == len && d < c)
                && work.clauses[d].iter().all(|&l| mark[l as usize])
        });
        for &l in &work.clauses[c] {
            mark[l as usize] = false;
        }
        if subsumed {
            work.removed[c] = true;
            stats.subsumed += 1;
        }
    }
}

/// Step 4 of [`simplify`]: variables outside the projection, fewest resolvents first.
fn eliminate(work: &mut Work, projected: &[bool], budget: &mut Budget, stats: &mut SimplifyStats) {
    let live = |work: &Work, code: u32| -> Vec<u32> {
        work.occ[code as usize]
            .iter()
            .copied()
            .filter(|&c| !work.removed[c as usize])
            .collect()
    };
    let mut candidates: Vec<u32> = (0..projected.len() as u32)
        .filter(|&v| !projected[v as usize])
        .collect();
    candidates
        .sort_by_key(|&v| work.occ[2 * v as usize].len() * work.occ[2 * v as usize + 1].len());
    let mut seen = vec![false; work.value.len()];
    for v in candidates {
        let (pos, neg) = (live(work, 2 * v), live(work, 2 * v + 1));
        if pos.len() + neg.len() > MAX_OCCURRENCES || pos.is_empty() && neg.is_empty() {
            continue;
        }
        if !budget.spend((pos.len() * neg.len()) as u64 + 1) {
            return;
        }
        let mut resolvents: Vec<Vec<u32>> = Vec::new();
        let mut fits = true;
        'pairs: for &a in &pos {
            for &b in &neg {
                let mut r: Vec<u32> = Vec::new();
                let mut tautology = false;
                for &l in work.clauses[a as usize]
                    .iter()
                    .chain(&work.clauses[b as usize])
                {
                    if l >> 1 == v || seen[l as usize] {
                        continue;
                    }
                    if seen[(l ^ 1) as usize] {
                        tautology = true;
                    }
                    seen[l as usize] = true;
                    r.push(l);
                }
                for &l in &r {
                    seen[l as usize] = false;
                }
                if tautology {
                    continue;
                }
                if r.len() > MAX_RESOLVENT || resolvents.len() >= pos.len() + neg.len() {
                    fits = false;
                    break 'pairs;
                }
                resolvents.push(r);
            }
        }
        if !fits {
            continue;
        }
        for c in pos.iter().chain(&neg) {
            work.removed[*c as usize] = true;
        }
        for r in resolvents {
            work.add_clause(r);
        }
        stats.eliminated += 1;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::count::tests::brute;
    use crate::{count_models, Xorshift};

    /// Random formulas, uniform and with many short clauses (so that units, failed literals
    /// and subsumption all occur), with and without a projection: the simplified formula has
    /// the brute-force count of the original, and every step is seen at work.
    #[test]
    fn simplifying_keeps_every_count() {
        let mut rng = Xorshift(0x5171_9f1e);
        let mut total = SimplifyStats::default();
        for round in 0..1500 {
            let vars = 3 + rng.below(10) as u32;
            let mut cnf = Cnf::new();
            cnf.reserve_vars(vars);
            for _ in 0..rng.below(u64::from(vars) * 4) {
                let k = 1 + rng.below(if round % 2 == 0 { 3 } else { 5 }) as usize;
                let c: Vec<Lit> = (0..k)
                    .map(|_| Lit::new(Var(rng.below(u64::from(vars)) as u32), rng.below(2) == 0))
                    .collect();
                cnf.add_clause(&c);
            }
            let shown: Vec<Var> = (0..vars).filter(|_| rng.below(2) == 0).map(Var).collect();
            for projection in [None, Some(shown.as_slice())] {
                let (simpler, stats) = simplify(&cnf, projection, SIMPLIFY_BUDGET);
                assert_eq!(simpler.num_vars(), cnf.num_vars());
                assert_eq!(
                    brute(&simpler, projection),
                    brute(&cnf, projection),
                    "round {round}, projection {projection:?}: {cnf:?} became {simpler:?}"
                );
                total.fixed += stats.fixed;
                total.failed_literals += stats.failed_literals;
                total.subsumed += stats.subsumed;
                total.eliminated += stats.eliminated;
            }
        }
        assert!(total.failed_literals > 0 && total.subsumed > 0 && total.eliminated > 0);
        assert!(total.fixed > total.failed_literals);
    }

    /// A budget of nothing changes nothing but what propagation from the units costs: the
    /// count stays, and the stats say the budget ran out.
    #[test]
    fn an_empty_budget_is_safe() {
        let mut cnf = Cnf::new();
        let v: Vec<Lit> = (0..6).map(|i| Var(i).positive()).collect();
        cnf.add_clause(&[v[0], v[1], v[2]]);
        cnf.add_clause(&[v[0], v[1], v[2], v[3]]);
        cnf.add_clause(&[!v[3], v[4]]);
        cnf.add_clause(&[!v[4], v[5]]);
        let (simpler, stats) = simplify(&cnf, Some(&[Var(0), Var(1)]), 0);
        assert!(stats.out_of_budget);
        assert_eq!(
            count_models(&simpler, Some(&[Var(0), Var(1)])),
            count_models(&cnf, Some(&[Var(0), Var(1)]))
        );
    }
}
