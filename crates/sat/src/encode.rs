//! Constraint encodings. Each one is checked exhaustively against brute force on small sizes
//! (see the tests at the bottom): for every assignment of the constrained literals, the
//! formula is satisfiable exactly when the constraint holds.

use crate::{Cnf, Lit};

/// How an at-most-one constraint becomes clauses.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum AmoEncoding {
    /// Every pair excluded: n(n-1)/2 binary clauses, no new variables. Best for short lists.
    Pairwise,
    /// Sinz's sequential ("ladder") form: n-1 new variables, about 3n clauses.
    Sequential,
    /// Pairwise up to [`Choices::pairwise_up_to`] literals, sequential beyond.
    #[default]
    Auto,
}

/// How a count of literals (at most k, at least k, exactly k) becomes clauses.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Cardinality {
    /// By measurement (BENCHMARKS.md, "Encoding choices"): the totalizer for formulas a SAT
    /// solver answers, the sequential counter for formulas built for the model counter (`Purpose::Counting`).
    /// CDCL solvers take the totalizer's short tree 2–3× faster (the 40×40 Submarines board,
    /// a third of the variables); the model counter, which splits formulas into components as
    /// cells are assigned, counts the sequential chain 10–27× faster (Submarines 6×6 and 7×7
    /// with all margins 3; the empty 8×8 binary grid 6×).
    #[default]
    Auto,
    /// Order-encoded partial sums over the literals in sequence (a sequential counter):
    /// about n·k auxiliary variables.
    Sequential,
    /// A totalizer (Bailleux and Boufkhad 2003): unary counts merged up a balanced tree, each
    /// count cut at k + 1.
    Totalizer,
}

/// The encoding choices a formula builder follows where a family leaves them open
/// (`AmoEncoding::Auto`, and every cardinality constraint).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Choices {
    /// What `AmoEncoding::Auto` means: `Auto` keeps the size rule.
    pub amo: AmoEncoding,
    /// The size rule: pairwise up to this many literals, sequential beyond.
    pub pairwise_up_to: usize,
    pub cardinality: Cardinality,
    /// The memory a formula may take, in bytes (see [`Cnf::over_budget`]).
    pub max_bytes: u64,
    /// Whether a builder may spend time on phase hints ([`Cnf::prefer`]): off for a formula
    /// that is only written out (DIMACS carries no phases).
    pub phase_hints: bool,
    /// Where a family has a smaller encoding than its default one (fewer variables), build
    /// that: for a brief, bounded CDCL try, where building the formula costs as much as
    /// searching it, and for measuring. Nonograms: the order encoding of each run's start
    /// instead of each line's automaton (which their solving path with phase hints takes in
    /// any case). Answers never depend on it.
    pub compact: bool,
}

/// The default memory budget of a formula: 4 GiB, a sixth of this project's machines, so
/// that a formula, a solver's copy of it and the rest fit together.
pub const DEFAULT_MAX_BYTES: u64 = 4 << 30;

impl Default for Choices {
    fn default() -> Choices {
        Choices {
            amo: AmoEncoding::Auto,
            pairwise_up_to: DEFAULT_PAIRWISE_UP_TO,
            cardinality: Cardinality::default(),
            max_bytes: DEFAULT_MAX_BYTES,
            phase_hints: true,
            compact: false,
        }
    }
}

/// Where `AmoEncoding::Auto` stops writing pairs. Measured (BENCHMARKS.md, "Encoding
/// choices"): raising it helps one backend on one exact cover and hurts the other elsewhere
/// (CaDiCaL on Eternity II clue 2: 0.3 s at 6 or 16, 2.2 s from 32 on), so it stays small.
pub const DEFAULT_PAIRWISE_UP_TO: usize = 6;

/// What a formula is built for: `Cardinality::Auto` means a different encoding for each.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Purpose {
    /// A CDCL solver answers it.
    #[default]
    Solving,
    /// The exact model counter counts it.
    Counting,
}

impl Choices {
    /// The choices with `Cardinality::Auto` settled for what the formula is built for (see
    /// [`Cardinality::Auto`]). The engine settles them before asking a family to encode, so
    /// that one process can build formulas with different choices at once: the choices are a
    /// value passed in, never process-wide state.
    pub fn settled(self, purpose: Purpose) -> Choices {
        let mut c = self;
        if c.cardinality == Cardinality::Auto {
            c.cardinality = match purpose {
                Purpose::Solving => Cardinality::Totalizer,
                Purpose::Counting => Cardinality::Sequential,
            };
        }
        c
    }
}

/// About how many bytes `lo <= count <= hi` over `n` literals takes in a [`Cnf`] with the
/// given cardinality encoding (see [`crate::clause_bytes`]), computed from the construction's
/// sizes without building it: what parsers check before they accept clues whose encoding would
/// not fit (an upper estimate; `Auto` is taken as the totalizer, the larger of the two).
pub fn count_range_bytes(n: usize, lo: u64, hi: u64, cardinality: Cardinality) -> u64 {
    let total = n as u64;
    if lo > hi || lo > total || (lo == 0 && hi >= total) {
        return crate::clause_bytes(0);
    }
    let cap = if hi < total { hi + 1 } else { lo } as usize;
    match cardinality {
        Cardinality::Sequential => {
            // A partial sum per literal and value up to the cap, defined by up to four clauses.
            2 * crate::clause_bytes(1) + 4 * n as u64 * cap as u64 * crate::clause_bytes(3)
        }
        Cardinality::Totalizer | Cardinality::Auto => {
            // The totalizer's nodes: (a + 1)(b + 1) pairs, up to two clauses of three each.
            fn node(n: usize, cap: usize, bytes: &mut u64) -> usize {
                if n <= 1 {
                    return n;
                }
                let a = node(n / 2, cap, bytes);
                let b = node(n - n / 2, cap, bytes);
                *bytes = bytes
                    .saturating_add(2 * (a as u64 + 1) * (b as u64 + 1) * crate::clause_bytes(3));
                (a + b).min(cap)
            }
            // The two unit clauses that bound the count.
            let mut bytes = 2 * crate::clause_bytes(1);
            node(n, cap, &mut bytes);
            bytes
        }
    }
}

/// A value during the partial-sum construction: a constant or a literal.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Tri {
    True,
    False,
    Lit(Lit),
}

impl Cnf {
    pub fn at_least_one(&mut self, lits: &[Lit]) {
        self.add_clause(lits);
    }

    pub fn at_most_one(&mut self, lits: &[Lit], how: AmoEncoding) {
        let how = match (how, self.choices().amo) {
            (AmoEncoding::Auto, chosen) => chosen,
            (given, _) => given,
        };
        let how = match how {
            AmoEncoding::Auto if lits.len() <= self.choices().pairwise_up_to => {
                AmoEncoding::Pairwise
            }
            AmoEncoding::Auto => AmoEncoding::Sequential,
            other => other,
        };
        match how {
            AmoEncoding::Pairwise | AmoEncoding::Auto => {
                for (i, &a) in lits.iter().enumerate() {
                    for &b in &lits[i + 1..] {
                        self.add_clause(&[!a, !b]);
                    }
                }
            }
            AmoEncoding::Sequential => {
                if lits.len() < 2 {
                    return;
                }
                // s[i] is implied by "some literal among the first i+1 is true".
                let s: Vec<Lit> = (0..lits.len() - 1)
                    .map(|_| self.new_var().positive())
                    .collect();
                for i in 0..lits.len() {
                    if i < s.len() {
                        self.add_clause(&[!lits[i], s[i]]);
                    }
                    if i > 0 {
                        self.add_clause(&[!s[i - 1], !lits[i]]);
                        if i < s.len() {
                            self.add_clause(&[!s[i - 1], s[i]]);
                        }
                    }
                }
            }
        }
    }

    pub fn exactly_one(&mut self, lits: &[Lit], how: AmoEncoding) {
        self.at_least_one(lits);
        self.at_most_one(lits, how);
    }

    pub fn at_most_k(&mut self, lits: &[Lit], k: u64) {
        self.count_range(lits, 0, k);
    }

    pub fn at_least_k(&mut self, lits: &[Lit], k: u64) {
        self.count_range(lits, k, u64::MAX);
    }

    pub fn exactly_k(&mut self, lits: &[Lit], k: u64) {
        self.count_range(lits, k, k);
    }

    /// `lo <= number of true literals <= hi`, as [`Choices::cardinality`] says.
    pub fn count_range(&mut self, lits: &[Lit], lo: u64, hi: u64) {
        match self.choices().cardinality {
            Cardinality::Sequential => self.linear_range(&unit_weights(lits), lo, hi),
            // A builder made with `Cnf::with_choices(Choices::default())` keeps `Auto`: the
            // solver's choice.
            Cardinality::Totalizer | Cardinality::Auto => self.totalizer_range(lits, lo, hi),
        }
    }

    /// For `lo <= sum <= hi` over terms totalling `total`: the largest partial sum that
    /// matters (`cap`: we only ask "≥ lo" and "≥ hi + 1") and whether the upper bound binds.
    /// None when nothing is left to encode: the bounds always hold, or can never hold (then
    /// the empty clause has been added).
    fn sum_cap(&mut self, total: u64, lo: u64, hi: u64) -> Option<(usize, bool)> {
        if lo > hi || lo > total {
            self.add_clause(&[]);
            return None;
        }
        let upper_matters = hi < total;
        if lo == 0 && !upper_matters {
            return None;
        }
        Some((
            if upper_matters { hi + 1 } else { lo } as usize,
            upper_matters,
        ))
    }

    fn totalizer_range(&mut self, lits: &[Lit], lo: u64, hi: u64) {
        let Some((cap, upper_matters)) = self.sum_cap(lits.len() as u64, lo, hi) else {
            return;
        };
        let counts = self.totalizer(lits, cap);
        if upper_matters {
            // hi < n, so the count is cut at cap = hi + 1 and has all cap outputs.
            self.add_clause(&[!counts[cap - 1]]);
        }
        if lo > 0 {
            self.add_clause(&[counts[lo as usize - 1]]);
        }
    }

    /// Unary count of `lits` cut at `cap`: `out[i]` is true exactly when at least i + 1 of them
    /// are (the last one: at least `cap`). Every output is a function of the inputs, both ways.
    fn totalizer(&mut self, lits: &[Lit], cap: usize) -> Vec<Lit> {
        if lits.len() <= 1 {
            return lits.to_vec();
        }
        let (left, right) = lits.split_at(lits.len() / 2);
        let a = self.totalizer(left, cap);
        let b = self.totalizer(right, cap);
        let width = (a.len() + b.len()).min(cap);
        let out: Vec<Lit> = (0..width).map(|_| self.new_var().positive()).collect();
        if self.over_budget() {
            // The formula is refused anyway: do not walk the (a + 1)(b + 1) pairs.
            return out;
        }
        // `at(x, i)`: "at least i" of a child; i = 0 is always true, beyond its length false
        // (a child is only cut when it reaches `cap`, and then i ≤ cap stays within it).
        for i in 0..=a.len() {
            for j in 0..=b.len() {
                // Up: at least i left and at least j right → at least min(i + j, cap).
                let s = (i + j).min(width);
                if s > 0 {
                    let mut c = vec![out[s - 1]];
                    if i > 0 {
                        c.push(!a[i - 1]);
                    }
                    if j > 0 {
                        c.push(!b[j - 1]);
                    }
                    self.add_clause(&c);
                }
                // Down: at most i left and at most j right → at most i + j.
                if i + j < width {
                    let mut c = vec![!out[i + j]];
                    if i < a.len() {
                        c.push(a[i]);
                    }
                    if j < b.len() {
                        c.push(b[j]);
                    }
                    self.add_clause(&c);
                }
            }
        }
        out
    }

    /// A fresh literal defined as `a ⊕ b` (a Tseitin XOR gate: four clauses, both ways, so
    /// the literal is determined by `a` and `b`).
    pub fn xor_gate(&mut self, a: Lit, b: Lit) -> Lit {
        let t = self.new_var().positive();
        self.add_clause(&[!t, a, b]);
        self.add_clause(&[!t, !a, !b]);
        self.add_clause(&[t, !a, b]);
        self.add_clause(&[t, a, !b]);
        t
    }

    /// The literals' sum is odd (`odd = true`) or even: a chain of Tseitin XOR gates.
    pub fn xor(&mut self, lits: &[Lit], odd: bool) {
        match lits {
            [] => {
                if odd {
                    self.add_clause(&[]);
                }
            }
            [x] => self.add_clause(&[if odd { *x } else { !*x }]),
            [first, middle @ .., last] => {
                let mut acc = *first;
                for &x in middle {
                    acc = self.xor_gate(acc, x);
                }
                // acc xor last = odd
                let last = if odd { !*last } else { *last };
                self.add_clause(&[acc, !last]);
                self.add_clause(&[!acc, last]);
            }
        }
    }

    /// `sum of weight * literal == target` for positive weights (zero weights are ignored).
    pub fn linear_eq(&mut self, terms: &[(u64, Lit)], target: u64) {
        self.linear_range(terms, target, target);
    }

    /// `lo <= sum of weight * literal <= hi`.
    ///
    /// Order-encoded partial sums: `r[i][v]` is true exactly when the first `i` terms sum to at
    /// least `v`, so every auxiliary variable is a function of the terms (no spurious models),
    /// and unit propagation sees both bounds. Size: terms × min(hi + 1, total) variables, which
    /// is why the weights and bounds must stay small.
    pub fn linear_range(&mut self, terms: &[(u64, Lit)], lo: u64, hi: u64) {
        let terms: Vec<(u64, Lit)> = terms.iter().copied().filter(|t| t.0 > 0).collect();
        let total: u64 = terms.iter().map(|t| t.0).fold(0u64, u64::saturating_add);
        let Some((cap, upper_matters)) = self.sum_cap(total, lo, hi) else {
            return;
        };
        if !self.partial_sums_fit(&terms, cap) {
            self.over = true;
            return;
        }
        let Some(row) = partial_sums(self, &terms, cap) else {
            return;
        };
        if upper_matters {
            self.force(row[cap], false);
        }
        if lo > 0 {
            self.force(row[lo as usize], true);
        }
    }

    /// Whether the partial sums of `terms` up to `cap` fit in what is left of the budget: the
    /// two rows held while building, and the clauses. Checked before building, so that a clue
    /// with a huge sum is refused at once instead of after filling the budget. The clauses
    /// are counted exactly, by running the construction on a [`Tally`], and only when the
    /// quick upper estimate (four clauses of three literals a cell) does not settle it.
    fn partial_sums_fit(&self, terms: &[(u64, Lit)], cap: usize) -> bool {
        let left = self.choices().max_bytes.saturating_sub(self.bytes);
        let rows = (cap as u64)
            .saturating_add(1)
            .saturating_mul(2 * std::mem::size_of::<Tri>() as u64);
        if rows > left {
            return false;
        }
        let mut reach = 0u64;
        let mut cells = 0u64;
        for &(w, _) in terms {
            reach = reach.saturating_add(w);
            cells = cells.saturating_add(reach.min(cap as u64));
        }
        if cells.saturating_mul(4 * crate::clause_bytes(3)) <= left - rows {
            return true;
        }
        let mut tally = Tally {
            bytes: 0,
            limit: left - rows,
        };
        partial_sums(&mut tally, terms, cap).is_some()
    }

    fn force(&mut self, t: Tri, value: bool) {
        match (t, value) {
            (Tri::True, true) | (Tri::False, false) => {}
            (Tri::True, false) | (Tri::False, true) => self.add_clause(&[]),
            (Tri::Lit(l), true) => self.add_clause(&[l]),
            (Tri::Lit(l), false) => self.add_clause(&[!l]),
        }
    }
}

/// Where the partial-sum construction puts its variables and clauses: the formula itself, or
/// a [`Tally`] of the bytes they would take. One construction serves both, so the size check
/// cannot drift from what is built.
trait Sink {
    fn fresh(&mut self) -> Lit;
    fn clause(&mut self, c: &[Lit]);
    /// The budget is exceeded: building may stop, its result will be refused.
    fn full(&self) -> bool;
}

impl Sink for Cnf {
    fn fresh(&mut self) -> Lit {
        self.new_var().positive()
    }
    fn clause(&mut self, c: &[Lit]) {
        self.add_clause(c)
    }
    fn full(&self) -> bool {
        self.over_budget()
    }
}

/// Counts the bytes a construction's clauses would take, up to a limit (its literals are
/// placeholders: only clause lengths matter).
struct Tally {
    bytes: u64,
    limit: u64,
}

impl Sink for Tally {
    fn fresh(&mut self) -> Lit {
        crate::Var(0).positive()
    }
    fn clause(&mut self, c: &[Lit]) {
        self.bytes = self.bytes.saturating_add(crate::clause_bytes(c.len()));
    }
    fn full(&self) -> bool {
        self.bytes > self.limit
    }
}

/// The order-encoded partial sums of `terms` cut at `cap`: `row[v]` is "the terms sum to at
/// least v". None when the sink filled up on the way.
fn partial_sums<S: Sink>(sink: &mut S, terms: &[(u64, Lit)], cap: usize) -> Option<Vec<Tri>> {
    let mut row = vec![Tri::False; cap + 1];
    let mut next = row.clone();
    row[0] = Tri::True;
    next[0] = Tri::True;
    let mut reach: u64 = 0;
    for &(w, x) in terms {
        reach = reach.saturating_add(w);
        for v in 1..=cap {
            if v as u64 > reach {
                break;
            }
            let a = row[v];
            let b = if (v as u64) <= w {
                Tri::True
            } else {
                row[v - w as usize]
            };
            next[v] = or_and(sink, a, x, b);
        }
        std::mem::swap(&mut row, &mut next);
        if sink.full() {
            return None;
        }
    }
    Some(row)
}

/// A value equal to `a or (x and b)`.
fn or_and<S: Sink>(sink: &mut S, a: Tri, x: Lit, b: Tri) -> Tri {
    match (a, b) {
        (Tri::True, _) => Tri::True,
        (_, Tri::False) => a,
        (Tri::False, Tri::True) => Tri::Lit(x),
        _ => {
            let r = sink.fresh();
            let a_lit = match a {
                Tri::Lit(l) => Some(l),
                _ => None,
            };
            // r -> a or x ; r -> a or b
            let mut c1 = [!r, x, x];
            let n1 = 2 + usize::from(a_lit.is_some());
            if let Some(al) = a_lit {
                c1[2] = al;
            }
            sink.clause(&c1[..n1]);
            match b {
                Tri::Lit(bl) => {
                    let mut c2 = [!r, bl, bl];
                    if let Some(al) = a_lit {
                        c2[2] = al;
                    }
                    sink.clause(&c2[..n1]);
                    // x and b -> r
                    sink.clause(&[!x, !bl, r]);
                }
                Tri::True => sink.clause(&[!x, r]),
                Tri::False => unreachable!("handled above"),
            }
            if let Some(al) = a_lit {
                sink.clause(&[!al, r]);
            }
            Tri::Lit(r)
        }
    }
}

fn unit_weights(lits: &[Lit]) -> Vec<(u64, Lit)> {
    lits.iter().map(|&l| (1, l)).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Backend, VarisatBackend};

    /// For every assignment of `n` input variables, the formula built by `build` must be
    /// satisfiable exactly when `holds` says the constraint is met.
    fn exhaustive(n: usize, build: impl Fn(&mut Cnf, &[Lit]), holds: impl Fn(&[bool]) -> bool) {
        exhaustive_with(n, |_| {}, build, holds)
    }

    /// `exhaustive`, on a formula that `start` prepares (its encoding choices).
    fn exhaustive_with(
        n: usize,
        start: impl Fn(&mut Cnf),
        build: impl Fn(&mut Cnf, &[Lit]),
        holds: impl Fn(&[bool]) -> bool,
    ) {
        let mut cnf = Cnf::with_choices(Choices::default());
        start(&mut cnf);
        let xs: Vec<Lit> = cnf.new_vars(n).into_iter().map(|v| v.positive()).collect();
        build(&mut cnf, &xs);
        let mut solver = VarisatBackend::new();
        solver.add_cnf(&cnf);
        for mask in 0u32..(1 << n) {
            let bits: Vec<bool> = (0..n).map(|i| mask >> i & 1 == 1).collect();
            let assumptions: Vec<Lit> = xs
                .iter()
                .zip(&bits)
                .map(|(&x, &b)| if b { x } else { !x })
                .collect();
            let sat = solver.solve(&assumptions).unwrap();
            assert_eq!(sat, holds(&bits), "n={n} assignment {bits:?}");
        }
    }

    fn ones(bits: &[bool]) -> u64 {
        bits.iter().filter(|&&b| b).count() as u64
    }

    #[test]
    fn at_most_one_both_forms() {
        for how in [
            AmoEncoding::Pairwise,
            AmoEncoding::Sequential,
            AmoEncoding::Auto,
        ] {
            for n in 0..=8 {
                exhaustive(n, |c, x| c.at_most_one(x, how), |b| ones(b) <= 1);
                exhaustive(n, |c, x| c.exactly_one(x, how), |b| ones(b) == 1);
            }
        }
    }

    #[test]
    fn cardinalities() {
        for how in [Cardinality::Sequential, Cardinality::Totalizer] {
            let choose = |c: &mut Cnf| {
                *c = Cnf::with_choices(Choices {
                    cardinality: how,
                    ..Choices::default()
                })
            };
            for n in 0..=7 {
                for k in 0..=n as u64 + 1 {
                    exhaustive_with(n, choose, |c, x| c.at_most_k(x, k), |b| ones(b) <= k);
                    exhaustive_with(n, choose, |c, x| c.at_least_k(x, k), |b| ones(b) >= k);
                    exhaustive_with(n, choose, |c, x| c.exactly_k(x, k), |b| ones(b) == k);
                }
            }
        }
    }

    #[test]
    fn the_size_estimate_bounds_what_is_built() {
        for n in [1usize, 2, 5, 16, 33, 100] {
            for (lo, hi) in [(0, 1), (n as u64 / 2, n as u64 / 2), (1, u64::MAX), (3, 7)] {
                for how in [Cardinality::Totalizer, Cardinality::Sequential] {
                    let mut cnf = Cnf::with_choices(Choices {
                        cardinality: how,
                        ..Choices::default()
                    });
                    let xs: Vec<Lit> = cnf.new_vars(n).into_iter().map(|v| v.positive()).collect();
                    cnf.at_least_k(&xs, lo);
                    if hi != u64::MAX {
                        cnf.at_most_k(&xs, hi);
                    }
                    // at_least and at_most are built apart: at most twice the one estimate.
                    let estimate = 2 * count_range_bytes(n, lo, hi, how);
                    assert!(
                        cnf.bytes() <= estimate,
                        "{how:?} n={n} {lo}..{hi}: {} > {estimate}",
                        cnf.bytes()
                    );
                }
            }
        }
    }

    #[test]
    fn a_formula_past_its_budget_is_marked_and_stops_growing() {
        let mut cnf = Cnf::with_choices(Choices {
            max_bytes: 10_000,
            ..Choices::default()
        });
        let xs: Vec<Lit> = cnf
            .new_vars(400)
            .into_iter()
            .map(|v| v.positive())
            .collect();
        cnf.exactly_k(&xs, 200);
        assert!(cnf.over_budget());
        assert!(cnf.bytes() <= 10_000);
    }

    /// The size check runs the same construction on a tally: its bytes are the formula's.
    #[test]
    fn the_tally_of_partial_sums_is_what_the_formula_takes() {
        let mut rng = 0x2545_f491_4f6c_dd1du64;
        let mut next = |k: u64| {
            rng ^= rng << 13;
            rng ^= rng >> 7;
            rng ^= rng << 17;
            rng % k
        };
        for _ in 0..300 {
            let mut cnf = Cnf::new();
            let n = 1 + next(8) as usize;
            let terms: Vec<(u64, Lit)> = cnf
                .new_vars(n)
                .into_iter()
                .map(|v| (1 + next(7), v.positive()))
                .collect();
            let total: u64 = terms.iter().map(|t| t.0).sum();
            let cap = 1 + next(total) as usize;
            let mut tally = Tally {
                bytes: 0,
                limit: u64::MAX,
            };
            assert!(partial_sums(&mut tally, &terms, cap).is_some());
            assert!(partial_sums(&mut cnf, &terms, cap).is_some());
            assert_eq!(tally.bytes, cnf.bytes(), "{terms:?} cap {cap}");
        }
    }

    /// A sum far past the budget is refused before anything is built.
    #[test]
    fn a_huge_weighted_sum_is_refused_before_it_is_built() {
        let mut cnf = Cnf::with_choices(Choices {
            max_bytes: 1 << 20,
            ..Choices::default()
        });
        let xs = cnf.new_vars(3);
        let terms: Vec<(u64, Lit)> = xs
            .iter()
            .map(|v| (1_000_000_000_000, v.positive()))
            .collect();
        cnf.linear_eq(&terms, 2_000_000_000_000);
        assert!(cnf.over_budget());
        assert_eq!((cnf.num_vars(), cnf.bytes()), (3, 0));
        // Within the budget but past the quick estimate: counted exactly, and built.
        let build = |max_bytes| {
            let mut cnf = Cnf::with_choices(Choices {
                max_bytes,
                ..Choices::default()
            });
            let xs = cnf.new_vars(20);
            let terms: Vec<(u64, Lit)> = xs.iter().map(|v| (1, v.positive())).collect();
            cnf.linear_range(&terms, 10, 10);
            cnf
        };
        let needed = build(u64::MAX).bytes();
        let cells: u64 = (1..=20).map(|reach: u64| reach.min(11)).sum();
        // The two rows held while building count too (2 × 12 values).
        let budget = needed + 2 * 12 * std::mem::size_of::<Tri>() as u64;
        assert!(cells * 4 * crate::clause_bytes(3) > budget);
        let cnf = build(budget);
        assert!(!cnf.over_budget());
        assert_eq!(cnf.bytes(), needed);
        assert!(build(needed - 1).over_budget());
    }

    #[test]
    fn formulas_for_the_counter_take_the_sequential_counter() {
        let auto = Choices::default();
        assert_eq!(auto.cardinality, Cardinality::Auto);
        let solving = auto.settled(Purpose::Solving);
        let counting = auto.settled(Purpose::Counting);
        assert_eq!(solving.cardinality, Cardinality::Totalizer);
        assert_eq!(counting.cardinality, Cardinality::Sequential);
        assert_eq!(Cnf::new().choices(), solving);
        // A choice made explicitly is kept whatever the purpose.
        let chosen = Choices {
            cardinality: Cardinality::Sequential,
            ..auto
        };
        assert_eq!(chosen.settled(Purpose::Solving), chosen);
    }

    #[test]
    fn the_chosen_amo_replaces_auto_only() {
        let with = |amo| {
            let mut c = Cnf::with_choices(Choices {
                amo,
                ..Choices::default()
            });
            let xs: Vec<Lit> = c.new_vars(10).into_iter().map(|v| v.positive()).collect();
            c.at_most_one(&xs, AmoEncoding::Auto);
            (c.num_vars(), c.clauses().len())
        };
        assert_eq!(with(AmoEncoding::Pairwise), (10, 45));
        assert_eq!(with(AmoEncoding::Auto), with(AmoEncoding::Sequential));
        assert_eq!(with(AmoEncoding::Sequential).0, 19);
    }

    #[test]
    fn xor_chain() {
        for n in 0..=8 {
            for odd in [false, true] {
                exhaustive(n, |c, x| c.xor(x, odd), |b| (ones(b) % 2 == 1) == odd);
            }
        }
    }

    #[test]
    fn weighted_sums() {
        let weight_sets: [&[u64]; 4] = [&[1, 2, 3, 4, 5], &[3, 3, 1, 7], &[2, 0, 5, 2, 6, 1], &[9]];
        for ws in weight_sets {
            let total: u64 = ws.iter().sum();
            for lo in 0..=total + 1 {
                for hi in [lo, lo + 2, total] {
                    let value = |b: &[bool]| -> u64 {
                        ws.iter().zip(b).filter(|(_, &on)| on).map(|(w, _)| w).sum()
                    };
                    exhaustive(
                        ws.len(),
                        |c, x| {
                            let terms: Vec<(u64, Lit)> =
                                ws.iter().copied().zip(x.iter().copied()).collect();
                            c.linear_range(&terms, lo, hi)
                        },
                        |b| (lo..=hi).contains(&value(b)),
                    );
                }
            }
        }
    }

    #[test]
    fn weighted_sum_auxiliaries_are_determined() {
        // Projected and unprojected model counts agree: the order encoding adds no freedom.
        let mut cnf = Cnf::new();
        let xs: Vec<Lit> = cnf.new_vars(6).into_iter().map(|v| v.positive()).collect();
        let terms: Vec<(u64, Lit)> = [1, 2, 3, 2, 1, 4].into_iter().zip(xs.clone()).collect();
        cnf.linear_eq(&terms, 6);
        let mut all_models = 0;
        let mut solver = VarisatBackend::new();
        solver.add_cnf(&cnf);
        while solver.solve(&[]).unwrap() {
            all_models += 1;
            let block: Vec<Lit> = (0..cnf.num_vars())
                .map(|v| {
                    let var = crate::Var(v);
                    if solver.value(var) {
                        var.negative()
                    } else {
                        var.positive()
                    }
                })
                .collect();
            solver.add_clause(&block);
        }
        let brute = (0u32..64)
            .filter(|m| {
                [1u64, 2, 3, 2, 1, 4]
                    .iter()
                    .enumerate()
                    .filter(|(i, _)| m >> i & 1 == 1)
                    .map(|(_, w)| w)
                    .sum::<u64>()
                    == 6
            })
            .count();
        assert_eq!(all_models, brute);
    }
}
