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
//!    clauses and no resolvent is longer than [`SimplifyLimits::max_resolvent`].
//!
//! Between steps 3 and 4, [`simplify_extending`] lets the caller add to the projection
//! variables that the projection *defines* (`define.rs`: the count is the same). Such a
//! variable is still eliminated when every resolvent is over projection variables (the
//! definition then becomes clauses among decided variables, and the variable is gone), but not
//! when a resolvent would hold a variable outside it: the definition would be buried in the
//! satisfiability questions about those variables. Measured (BENCHMARKS.md): 2022 track3_001
//! 13.9 → 3.7 s against eliminating defined variables like any other (what the counter did
//! when it looked for them after step 4), the empty 8×8 binary grid 27.6 → 27.3 s, where
//! keeping every defined variable took 43–45 s.
//!
//! Every step visits clauses within a budget ([`Budget`]), so a huge formula costs at most a
//! bounded amount of work here; what is not reached is left as it was. The variables keep
//! their numbers, and the formula keeps its number of variables.

use wellposed_sat::{Cnf, Lit, Var};

/// How much the simplification may do: part of the counter's [`crate::Settings`], each
/// default the measured value. None of them changes a count, only the work.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SimplifyLimits {
    /// Clause visits allowed to the steps together.
    pub budget: u64,
    /// Clause visits allowed to the probing of failed literals, within the whole budget: each
    /// probe propagates, and on a circuit one literal can imply most of the formula, so
    /// probing every variable costs a quadratic amount (track1_065, 348 variables: 0.2 s for
    /// no failed literal before this bound).
    pub probe_budget: u64,
    /// A formula taking more than this many bytes ([`Cnf::bytes`]) is returned as it is: the
    /// simplification holds about two more copies of it at once.
    pub max_bytes: u64,
    /// A resolvent longer than this stops the elimination of a variable (long clauses weaken
    /// propagation and lengthen the counter's cache keys).
    pub max_resolvent: usize,
    /// A variable in more than this many clauses is not eliminated.
    pub max_occurrences: usize,
}

impl SimplifyLimits {
    /// The measured values.
    pub const DEFAULT: SimplifyLimits = SimplifyLimits {
        budget: 20_000_000,
        probe_budget: 1_000_000,
        max_bytes: 1 << 28,
        max_resolvent: 12,
        max_occurrences: 16,
    };
}

impl Default for SimplifyLimits {
    fn default() -> Self {
        SimplifyLimits::DEFAULT
    }
}

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
    /// Per variable: eliminated (step 4).
    gone: Vec<bool>,
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
            gone: vec![false; n],
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

    /// The formula as it stands: a unit clause for each of `fixed`, then the clauses not
    /// removed, with `like`'s choices and number of variables.
    fn to_cnf(&self, fixed: &[u32], like: &Cnf) -> Cnf {
        let mut out = Cnf::with_choices(like.choices());
        out.reserve_vars(like.num_vars());
        let lit = |l: u32| Lit::new(Var(l >> 1), l & 1 == 0);
        for &l in fixed {
            out.add_clause(&[lit(l)]);
        }
        for (c, &gone) in self.clauses.iter().zip(&self.removed) {
            if !gone {
                out.add_clause(&c.iter().map(|&l| lit(l)).collect::<Vec<Lit>>());
            }
        }
        out
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
/// use wellposed_count::{simplify, SimplifyLimits};
/// use wellposed_sat::{Cnf, Var};
/// let mut cnf = Cnf::new();
/// let (a, b, c) = (Var(0).positive(), Var(1).positive(), Var(2).positive());
/// cnf.add_clause(&[a, b]);
/// cnf.add_clause(&[a, b, c]); // contains the clause above
/// cnf.add_clause(&[!a, c]);
/// cnf.add_clause(&[!a, !c]); // a true conflicts: a is a failed literal
/// let (simpler, stats) = simplify(&cnf, None, &SimplifyLimits::DEFAULT);
/// assert_eq!(stats.failed_literals, 1);
/// assert!(simpler.clauses().len() < cnf.clauses().len());
/// assert_eq!(wellposed_count::count_models(&simpler, None), wellposed_count::count_models(&cnf, None));
/// ```
pub fn simplify(
    cnf: &Cnf,
    projection: Option<&[Var]>,
    limits: &SimplifyLimits,
) -> (Cnf, SimplifyStats) {
    let (out, _, stats) = simplify_extending(cnf, projection, limits, None);
    (out, stats)
}

/// Adds to a projection variables it defines: given the formula and the projection (sorted),
/// returns the projection with some variables added, each defined by it in that formula (see
/// [`crate::extend_projection`]).
pub type ExtendProjection<'a> = &'a mut dyn FnMut(&Cnf, &[Var]) -> Vec<Var>;

/// [`simplify`], with `extend` (for a projection) called between the reductions and the
/// elimination (see the module docs). Returns the simplified formula, the projection to count
/// it on (sorted: the given one, with the added variables that were not eliminated; `None`
/// when `projection` is `None`), and what was done.
///
/// ```
/// use wellposed_count::{count_models, simplify_extending, SimplifyLimits};
/// use wellposed_sat::{Cnf, Var};
/// // y = a ∧ b (y defined by {a, b}); z is not defined, and only z's clause holds y and z.
/// let mut cnf = Cnf::new();
/// let [a, b, y, z] = [0, 1, 2, 3].map(Var);
/// cnf.add_clause(&[y.negative(), a.positive()]);
/// cnf.add_clause(&[y.negative(), b.positive()]);
/// cnf.add_clause(&[y.positive(), a.negative(), b.negative()]);
/// cnf.add_clause(&[z.positive(), y.positive()]);
/// let mut add_y = |_: &Cnf, p: &[Var]| {
///     let mut e = p.to_vec();
///     e.push(y);
///     e
/// };
/// let (simpler, projection, _) =
///     simplify_extending(&cnf, Some(&[a, b]), &SimplifyLimits::DEFAULT, Some(&mut add_y));
/// // z goes (its one clause is satisfiable whatever y is); y's resolvents would hold no
/// // variable outside the projection either, so it goes too, with its definition.
/// assert_eq!(projection, Some(vec![a, b]));
/// assert_eq!(count_models(&simpler, Some(&[a, b])), count_models(&cnf, Some(&[a, b])));
/// ```
pub fn simplify_extending(
    cnf: &Cnf,
    projection: Option<&[Var]>,
    limits: &SimplifyLimits,
    extend: Option<ExtendProjection<'_>>,
) -> (Cnf, Option<Vec<Var>>, SimplifyStats) {
    let given = projection.map(|p| {
        let mut p = p.to_vec();
        p.sort_unstable();
        p.dedup();
        p
    });
    if cnf.bytes() > limits.max_bytes {
        let stats = SimplifyStats {
            out_of_budget: true,
            ..SimplifyStats::default()
        };
        return (cnf.clone(), given, stats);
    }
    let mut n = cnf.num_vars() as usize;
    if let Some(p) = projection {
        n = n.max(p.iter().map(|v| v.index() + 1).max().unwrap_or(0));
    }
    let mut stats = SimplifyStats::default();
    let mut budget = Budget(limits.budget);
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
    let kept = budget.0.saturating_sub(limits.probe_budget);
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
    if stats.unsatisfiable {
        let mut out = Cnf::with_choices(cnf.choices());
        out.reserve_vars(cnf.num_vars());
        out.add_clause(&[]);
        return (out, given, stats);
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
    // Between 3 and 4: variables the projection defines join it.
    let mut projection = given.clone();
    let mut defined = vec![false; n];
    if let (Some(p), Some(extend)) = (projection.as_mut(), extend) {
        // A variable past the formula's is in no clause: never defined.
        let extended: Vec<Var> = extend(&work.to_cnf(&fixed, cnf), p)
            .into_iter()
            .filter(|v| v.index() < n)
            .collect();
        for v in &extended {
            if p.binary_search(v).is_err() {
                defined[v.index()] = true;
            }
        }
        *p = extended;
        p.sort_unstable();
        p.dedup();
    }
    // 4. Elimination of variables outside the projection, and of defined ones where their
    // resolvents stay within it.
    if let Some(p) = projection.as_mut() {
        let mut projected = vec![false; n];
        for v in p.iter() {
            projected[v.index()] = true;
        }
        eliminate(
            &mut work,
            &projected,
            &defined,
            limits,
            &mut budget,
            &mut stats,
        );
        p.retain(|v| !(defined[v.index()] && work.gone[v.index()]));
    }
    if budget.0 == 0 {
        stats.out_of_budget = true;
    }
    let out = work.to_cnf(&fixed, cnf);
    if out.over_budget() {
        return (cnf.clone(), given, SimplifyStats::default());
    }
    (out, projection, stats)
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

/// Step 4 of [`simplify`]: variables outside the projection, fewest resolvents first, and
/// `defined` ones (in the projection, added by [`simplify_extending`]'s `extend`) whose
/// resolvents hold projection variables only.
fn eliminate(
    work: &mut Work,
    projected: &[bool],
    defined: &[bool],
    limits: &SimplifyLimits,
    budget: &mut Budget,
    stats: &mut SimplifyStats,
) {
    let live = |work: &Work, code: u32| -> Vec<u32> {
        work.occ[code as usize]
            .iter()
            .copied()
            .filter(|&c| !work.removed[c as usize])
            .collect()
    };
    let mut candidates: Vec<u32> = (0..projected.len() as u32)
        .filter(|&v| !projected[v as usize] || defined[v as usize])
        .collect();
    candidates
        .sort_by_key(|&v| work.occ[2 * v as usize].len() * work.occ[2 * v as usize + 1].len());
    let mut seen = vec![false; work.value.len()];
    for v in candidates {
        let (pos, neg) = (live(work, 2 * v), live(work, 2 * v + 1));
        if pos.len() + neg.len() > limits.max_occurrences || pos.is_empty() && neg.is_empty() {
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
                if r.len() > limits.max_resolvent
                    || resolvents.len() >= pos.len() + neg.len()
                    || defined[v as usize] && r.iter().any(|&l| !projected[(l >> 1) as usize])
                {
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
        work.gone[v as usize] = true;
        stats.eliminated += 1;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::count_models;
    use crate::tests::{brute, defined_by_brute, random_cnf};
    use wellposed_sat::Xorshift;

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
                let (simpler, stats) = simplify(&cnf, projection, &SimplifyLimits::DEFAULT);
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

    /// With the projection extended by every variable it defines (found by brute force)
    /// between the reductions and the elimination: the count on the projection returned is
    /// the original's, each variable added is defined, each defined variable that left the
    /// projection again is in no clause any more, and both cases occur.
    #[test]
    fn defined_variables_kept_or_eliminated_keep_every_count() {
        let mut rng = Xorshift(0x0def_e11a);
        let (mut kept, mut eliminated) = (0, 0);
        for round in 0..3000 {
            let vars = 4 + rng.below(9) as u32;
            let clauses = rng.below(u64::from(vars) * 3) as usize;
            let mut cnf = random_cnf(&mut rng, vars, clauses, 3);
            // And gates y = a ∧ b, the usual defined variables.
            for _ in 0..rng.below(4) {
                let [y, a, b] = [0; 3].map(|_| Var(rng.below(u64::from(vars)) as u32));
                if y != a && y != b {
                    cnf.add_clause(&[y.negative(), a.positive()]);
                    cnf.add_clause(&[y.negative(), b.positive()]);
                    cnf.add_clause(&[y.positive(), a.negative(), b.negative()]);
                }
            }
            // A large projection makes resolvents within it (defined variables eliminated)
            // common, a small one rare.
            let large = round % 2 == 1;
            let shown: Vec<Var> = (0..vars)
                .filter(|_| (rng.below(3) == 0) != large)
                .map(Var)
                .collect();
            let mut added: Vec<Var> = Vec::new();
            let mut extend = |f: &Cnf, p: &[Var]| {
                let mut e = p.to_vec();
                for v in (0..f.num_vars()).map(Var) {
                    let occurs = f.clauses().iter().flatten().any(|l| l.var() == v);
                    if occurs && !p.contains(&v) && defined_by_brute(f, p, v) {
                        e.push(v);
                        added.push(v);
                    }
                }
                e
            };
            let (simpler, projection, _) = simplify_extending(
                &cnf,
                Some(&shown),
                &SimplifyLimits::DEFAULT,
                Some(&mut extend),
            );
            let projection = projection.expect("a projection was given");
            assert_eq!(
                brute(&simpler, Some(&projection)),
                brute(&cnf, Some(&shown)),
                "round {round}: {cnf:?} on {shown:?} became {simpler:?} on {projection:?}"
            );
            for v in &added {
                assert!(defined_by_brute(&cnf, &shown, *v), "round {round}, {v:?}");
                if projection.contains(v) {
                    kept += 1;
                } else {
                    assert!(!simpler.clauses().iter().flatten().any(|l| l.var() == *v));
                    eliminated += 1;
                }
            }
        }
        assert!(
            kept > 100 && eliminated > 100,
            "{kept} kept, {eliminated} eliminated"
        );
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
        let (simpler, stats) = simplify(
            &cnf,
            Some(&[Var(0), Var(1)]),
            &SimplifyLimits {
                budget: 0,
                ..SimplifyLimits::DEFAULT
            },
        );
        assert!(stats.out_of_budget);
        assert_eq!(
            count_models(&simpler, Some(&[Var(0), Var(1)])),
            count_models(&cnf, Some(&[Var(0), Var(1)]))
        );
    }
}
