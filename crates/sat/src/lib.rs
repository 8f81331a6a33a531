//! CNF for wellposed: literals and formulas, the constraint encodings every family needs
//! (at-most-one, cardinality, XOR, small-weight linear sums), DIMACS reading and writing, and
//! the SAT backends behind one incremental interface. Counting models is `wellposed-count`'s.

mod backend;
#[cfg(feature = "cadical")]
mod ccadical;
pub mod dimacs;
mod encode;
pub mod hash;
pub mod instances;
pub mod theory;

#[cfg(feature = "cadical")]
pub use backend::CadicalBackend;
pub use backend::{Backend, BackendError, ExternalSolver, Limits, VarisatBackend};
pub use encode::{
    count_range_bytes, AmoEncoding, Cardinality, Choices, Purpose, DEFAULT_MAX_BYTES,
    DEFAULT_PAIRWISE_UP_TO,
};
pub use theory::{Assignment, Theory, TheoryStats};

use std::fmt;

/// A propositional variable, numbered from 0 (DIMACS numbers it from 1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Var(pub u32);

impl Var {
    /// The variable's number in DIMACS (1-based).
    pub fn dimacs(self) -> i64 {
        i64::from(self.0) + 1
    }
    pub fn index(self) -> usize {
        self.0 as usize
    }
    pub fn positive(self) -> Lit {
        Lit::new(self, true)
    }
    pub fn negative(self) -> Lit {
        Lit::new(self, false)
    }
}

/// A literal: a variable or its negation. Stored as `2 * var + negated`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Lit(u32);

impl Lit {
    pub fn new(var: Var, positive: bool) -> Lit {
        Lit(var.0 * 2 + u32::from(!positive))
    }
    pub fn var(self) -> Var {
        Var(self.0 >> 1)
    }
    /// The literal's code, `2 * var + negated`: the model counter's literals are these numbers.
    #[inline]
    pub fn code(self) -> u32 {
        self.0
    }
    /// The literal of a code (see [`Lit::code`]).
    #[inline]
    pub fn from_code(code: u32) -> Lit {
        Lit(code)
    }
    pub fn is_positive(self) -> bool {
        self.0 & 1 == 0
    }
    /// The DIMACS form: +v or -v with v 1-based.
    pub fn dimacs(self) -> i64 {
        let v = self.var().dimacs();
        if self.is_positive() {
            v
        } else {
            -v
        }
    }
    /// The literal of a nonzero DIMACS integer.
    pub fn from_dimacs(n: i64) -> Option<Lit> {
        if n == 0 || n.unsigned_abs() > u64::from(u32::MAX / 2) {
            return None;
        }
        Some(Lit::new(Var((n.unsigned_abs() - 1) as u32), n > 0))
    }
}

impl std::ops::Not for Lit {
    type Output = Lit;
    fn not(self) -> Lit {
        Lit(self.0 ^ 1)
    }
}

impl fmt::Display for Lit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.dimacs())
    }
}

/// A formula in conjunctive normal form that grows as constraints are added, within a memory
/// budget (`Choices::max_bytes`): a clause that would take the formula past it is not stored,
/// and the formula says so ([`Cnf::over_budget`]) — whoever built it must refuse it. So no
/// input, however large its numbers, makes a builder exhaust the machine.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Cnf {
    num_vars: u32,
    clauses: Vec<Vec<Lit>>,
    /// How this builder turns at-most-one and counting constraints into clauses.
    choices: Choices,
    /// The bytes the clauses take (estimated: four a literal, 40 a clause).
    bytes: u64,
    /// A clause was refused for the budget.
    over: bool,
    /// Phase hints: literals the search should try first (see [`Cnf::prefer`]).
    preferred: Vec<Lit>,
    /// The hints hold at every decision, not only the first (see [`Cnf::insist_on_preferred`]).
    insist: bool,
    /// The builder's promise that no solution's true answer literals hold another's (see
    /// [`Cnf::promise_antichain`]).
    antichain: bool,
}

/// The bytes a clause of `len` literals takes in a [`Cnf`]: the literals and the vector's
/// header and allocation.
pub const fn clause_bytes(len: usize) -> u64 {
    4 * len as u64 + 40
}

impl Cnf {
    /// An empty formula with the default encoding choices, settled for solving.
    pub fn new() -> Cnf {
        Cnf::with_choices(Choices::default().settled(Purpose::Solving))
    }

    pub fn with_choices(choices: Choices) -> Cnf {
        Cnf {
            choices,
            ..Cnf::default()
        }
    }

    pub fn choices(&self) -> Choices {
        self.choices
    }

    pub fn new_var(&mut self) -> Var {
        let v = Var(self.num_vars);
        self.num_vars += 1;
        v
    }

    pub fn new_vars(&mut self, n: usize) -> Vec<Var> {
        (0..n).map(|_| self.new_var()).collect()
    }

    /// Makes sure variables `0..n` exist (used when reading DIMACS headers).
    pub fn reserve_vars(&mut self, n: u32) {
        self.num_vars = self.num_vars.max(n);
    }

    pub fn num_vars(&self) -> u32 {
        self.num_vars
    }

    pub fn clauses(&self) -> &[Vec<Lit>] {
        &self.clauses
    }

    /// Adds a clause. An empty clause makes the formula unsatisfiable, which is how
    /// impossible clues (a row sum larger than the row) are expressed. Past the memory budget
    /// the clause is dropped and the formula marked [`Cnf::over_budget`].
    pub fn add_clause(&mut self, clause: &[Lit]) {
        for l in clause {
            self.num_vars = self.num_vars.max(l.var().0 + 1);
        }
        let cost = clause_bytes(clause.len());
        if self.over || self.bytes + cost > self.choices.max_bytes {
            self.over = true;
            return;
        }
        self.bytes += cost;
        self.clauses.push(clause.to_vec());
    }

    /// Whether a clause was dropped for the memory budget: the formula is incomplete and must
    /// be refused (the engine does, with [`Cnf::bytes`] and the budget in its message).
    pub fn over_budget(&self) -> bool {
        self.over
    }

    /// The bytes the stored clauses take (see [`clause_bytes`]).
    pub fn bytes(&self) -> u64 {
        self.bytes
    }

    /// A hint, not a constraint: the search should try `lit` before its negation when it
    /// decides on its variable. Backends that can steer their first decisions take it
    /// ([`crate::CadicalBackend`]); the others and every answer ignore it. The last hint on a
    /// variable wins.
    pub fn prefer(&mut self, lit: Lit) {
        self.num_vars = self.num_vars.max(lit.var().0 + 1);
        self.preferred.push(lit);
    }

    /// The hints given by [`Cnf::prefer`], in order.
    pub fn preferred(&self) -> &[Lit] {
        &self.preferred
    }

    /// Asks that every decision follow the hints, not only each variable's first: the search
    /// then takes the hinted value whenever it decides a hinted variable (CaDiCaL's `phase`)
    /// instead of the value it last saw; unhinted variables are decided as the solver likes.
    /// Learnt clauses still take the search away from a wrong hint; only the guesses stay
    /// where the hints point. Backends that cannot ignore it.
    ///
    /// Why: a nonogram's belief-propagation hints, right on most cells, with the order
    /// encoding of its runs found Faase's first picture in about 25 s so held, and in 122 s as
    /// first phases only (BENCHMARKS.md, "Hints that hold").
    pub fn insist_on_preferred(&mut self) {
        self.insist = true;
    }

    /// Whether [`Cnf::insist_on_preferred`] was asked.
    pub fn insists_on_preferred(&self) -> bool {
        self.insist
    }

    /// The builder's promise about its puzzle (not a constraint): the sets of answer
    /// variables true in two different solutions never contain one another. Then a found
    /// solution S is excluded by the clause "one of S's true answer variables is false",
    /// which excludes with it every assignment that draws all of S and more: none of them is
    /// a solution, so counts stay exact, and the solver can no longer step to a new model by
    /// adding something to S. Loop and path genres keep the promise (a drawn set strictly
    /// holding a solution's has a stray piece), and there it matters: with the full clause
    /// the cheapest next model of Numberlink's second solve was the first one plus a detached
    /// loop, each cut alone by the lazy loop, one per loop the empty cells can hold. The
    /// blocking loop takes the short clause when this is promised; the DRAT certificate does
    /// not (its proof must not rest on the promise).
    pub fn promise_antichain(&mut self, promised: bool) {
        self.antichain = promised;
    }

    /// Whether [`Cnf::promise_antichain`] was given.
    pub fn promises_antichain(&self) -> bool {
        self.antichain
    }

    /// A fresh variable that is forced true: a stand-in for the constant "true".
    pub fn true_lit(&mut self) -> Lit {
        let v = self.new_var().positive();
        self.add_clause(&[v]);
        v
    }
}

/// FNV-1a (64-bit) of `bytes`: a fingerprint that is the same on every machine and toolchain
/// (unlike `std`'s hasher), for seeding a stream by a name or telling two files apart. Not for
/// anything adversarial.
///
/// ```
/// use wellposed_sat::fnv1a64;
/// assert_eq!(fnv1a64(b""), 0xcbf2_9ce4_8422_2325);
/// assert_eq!(fnv1a64(b"a"), 0xaf63_dc4c_8601_ec8c);
/// ```
pub fn fnv1a64(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |h, &b| {
        (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
    })
}

/// A small deterministic xorshift generator: reproducible random instances in tests and
/// benchmarks without a dependency. Not for anything that needs statistical quality.
#[derive(Clone, Debug)]
pub struct Xorshift(pub u64);

impl Xorshift {
    /// A value in `0..k` (`k > 0`).
    pub fn below(&mut self, k: u64) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0 % k
    }

    /// Shuffles `v` in place (Fisher–Yates, from the back: position i, from the last down to
    /// 1, takes the element at `below(i + 1)`), so a seed always gives the same order.
    ///
    /// ```
    /// use wellposed_sat::Xorshift;
    /// let mut v = [1, 2, 3, 4, 5];
    /// Xorshift(7).shuffle(&mut v);
    /// v.sort();
    /// assert_eq!(v, [1, 2, 3, 4, 5]);
    /// ```
    pub fn shuffle<T>(&mut self, v: &mut [T]) {
        for i in (1..v.len()).rev() {
            v.swap(i, self.below(i as u64 + 1) as usize);
        }
    }
}
