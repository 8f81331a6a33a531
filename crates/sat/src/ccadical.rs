//! CaDiCaL through a C interface (`cpp/solver.cpp`, compiled by `build.rs` against the
//! CaDiCaL source that the `cadical-sys` crate builds and links), wrapped in one owning handle.
//!
//! Why not the `cadical-sys` crate's Rust API: that API is a `cxx` bridge, and the `cxx`
//! runtime it links (`cxx.cc`) includes `<iostream>`, whose static constructor sets up the
//! standard streams and the locale's facets at every start of the executable, and pulls in
//! the C++ library's wide-character and locale code with its imports. CaDiCaL itself writes
//! through C's stdio. A C interface leaves the bridge (and with it the `cxx` runtime) out of
//! the link; `cadical-sys` is still the crate that compiles and links CaDiCaL. Measured in
//! BENCHMARKS.md, "Process start: CaDiCaL without the `cxx` bridge, and the released build
//! linked statically". Why our own C interface rather than CaDiCaL's `ccadical.h`: that one
//! has no external propagator (IPASIR-UP), which [`Solver::connect_propagator`] needs.
//!
//! Invariants: the handle owns the solver and releases it once, on drop; the terminator's
//! and the propagator's states are owned by the handle, boxed so their addresses stay fixed,
//! and replaced only after CaDiCaL has been given the new ones (the C side disconnects the
//! old propagator before it connects the new one).

use std::ffi::{c_char, c_int, c_void, CStr};

use cadical_sys as _; // Links CaDiCaL's compiled library, which `cpp/solver.cpp` calls.

/// The C side's solver (`wp_solver` in `cpp/solver.cpp`).
#[repr(C)]
struct WpSolver {
    _private: [u8; 0],
}

/// The propagator's callbacks (`wp_callbacks` in `cpp/solver.cpp`).
#[repr(C)]
struct Callbacks {
    state: *mut c_void,
    assigned: unsafe extern "C" fn(state: *mut c_void, lits: *const c_int, count: usize),
    new_level: unsafe extern "C" fn(state: *mut c_void),
    backtrack: unsafe extern "C" fn(state: *mut c_void, level: usize),
    check_model:
        unsafe extern "C" fn(state: *mut c_void, lits: *const c_int, count: usize) -> c_int,
    has_clause: unsafe extern "C" fn(state: *mut c_void, forgettable: *mut c_int) -> c_int,
    clause_lit: unsafe extern "C" fn(state: *mut c_void) -> c_int,
}

unsafe extern "C" {
    fn wp_init() -> *mut WpSolver;
    fn wp_release(solver: *mut WpSolver);
    fn wp_add(solver: *mut WpSolver, lit: c_int);
    fn wp_assume(solver: *mut WpSolver, lit: c_int);
    fn wp_solve(solver: *mut WpSolver) -> c_int;
    fn wp_val(solver: *mut WpSolver, lit: c_int) -> c_int;
    fn wp_failed(solver: *mut WpSolver, lit: c_int) -> c_int;
    fn wp_set_terminate(
        solver: *mut WpSolver,
        state: *mut c_void,
        terminate: Option<unsafe extern "C" fn(state: *mut c_void) -> c_int>,
    );
    fn wp_set_option(solver: *mut WpSolver, name: *const c_char, val: c_int) -> c_int;
    fn wp_get_option(solver: *mut WpSolver, name: *const c_char) -> c_int;
    fn wp_limit(solver: *mut WpSolver, name: *const c_char, limit: c_int);
    fn wp_vars(solver: *mut WpSolver) -> c_int;
    fn wp_declare_more_variables(solver: *mut WpSolver, number: c_int);
    fn wp_phase(solver: *mut WpSolver, lit: c_int);
    fn wp_connect_propagator(solver: *mut WpSolver, callbacks: *const Callbacks);
    fn wp_observe(solver: *mut WpSolver, var: c_int);
    fn wp_freeze(solver: *mut WpSolver, var: c_int);
}

/// What a solve answered (CaDiCaL's 10, 20 and 0).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Status {
    Satisfiable,
    Unsatisfiable,
    /// Stopped by a limit or the terminator.
    Unknown,
}

/// Asked by CaDiCaL during a solve: true ends it.
pub(crate) trait Terminator {
    fn terminated(&mut self) -> bool;
}

/// An external propagator (CaDiCaL's IPASIR-UP), in CaDiCaL's literals. CaDiCaL calls it
/// during its solves; none of its methods may panic (a panic cannot unwind through C: it ends
/// the process).
pub(crate) trait Propagator {
    /// Observed literals that became true, in trail order (root-level ones may come again).
    fn assigned(&mut self, lits: &[i32]);
    /// A decision opened a new level.
    fn new_level(&mut self);
    /// Every assignment made after the first `level` decisions is undone.
    fn backtrack(&mut self, level: usize);
    /// A full model, as the literal of every observed variable: true accepts it; false rejects
    /// it, and `next_clause` must then give a clause that the model falsifies.
    fn check_model(&mut self, lits: &[i32]) -> bool;
    /// A clause to add now, if any, and whether CaDiCaL may delete it later (forgettable).
    /// Every variable in it is observed.
    fn next_clause(&mut self) -> Option<(Vec<i32>, bool)>;
}

/// The state the propagator's callbacks read: the propagator and the clause being handed
/// over, literal by literal.
struct Feeding {
    propagator: Box<dyn Propagator>,
    clause: Vec<i32>,
    at: usize,
}

/// One CaDiCaL solver. Literals are CaDiCaL's: nonzero DIMACS numbers.
pub(crate) struct Solver {
    raw: *mut WpSolver,
    /// The state CaDiCaL's terminate callback reads, owned here.
    terminator: Option<Box<Box<dyn Terminator>>>,
    /// The state the propagator's callbacks read, owned here.
    propagator: Option<Box<Feeding>>,
}

impl Solver {
    pub(crate) fn new() -> Self {
        // SAFETY: `wp_init` has no preconditions; it returns a new solver or aborts.
        let raw = unsafe { wp_init() };
        assert!(!raw.is_null(), "CaDiCaL could not create a solver");
        Solver {
            raw,
            terminator: None,
            propagator: None,
        }
    }

    /// Sets option `name` to `val` (allowed only before the first clause) and says whether it
    /// now reads `val`: CaDiCaL clamps values to the option's range and ignores names it does
    /// not know, which read as 0 (so setting an unknown name to 0 is not noticed here; the
    /// test `the_options_set_exist` in `backend.rs` checks the names used).
    pub(crate) fn set_option(&mut self, name: &CStr, val: i32) -> bool {
        // SAFETY: `raw` is live; `name` is a NUL-terminated string CaDiCaL only reads.
        unsafe {
            wp_set_option(self.raw, name.as_ptr(), val);
        }
        self.get_option(name) == val
    }

    /// The value of option `name` (0 for a name CaDiCaL does not know).
    pub(crate) fn get_option(&self, name: &CStr) -> i32 {
        // SAFETY: as in `set_option`.
        unsafe { wp_get_option(self.raw, name.as_ptr()) }
    }

    /// Limits the next solve (CaDiCaL resets limits after each), e.g. `c"conflicts"`.
    pub(crate) fn limit(&mut self, name: &CStr, val: i32) {
        // SAFETY: as in `set_option`.
        unsafe { wp_limit(self.raw, name.as_ptr(), val) }
    }

    /// Makes variables `1..=top` known to CaDiCaL, all at once (like the C++ `resize`).
    pub(crate) fn declare_up_to(&mut self, top: i32) {
        // SAFETY: `raw` is live.
        unsafe {
            let now = wp_vars(self.raw);
            if top > now {
                wp_declare_more_variables(self.raw, top - now);
            }
        }
    }

    /// Adds the clause `lits` (declared variables, no zero).
    pub(crate) fn add_clause(&mut self, lits: &[i32]) {
        // SAFETY: `raw` is live; a clause is its literals followed by 0.
        unsafe {
            for &l in lits {
                debug_assert_ne!(l, 0);
                wp_add(self.raw, l);
            }
            wp_add(self.raw, 0);
        }
    }

    pub(crate) fn assume(&mut self, lit: i32) {
        // SAFETY: `raw` is live.
        unsafe { wp_assume(self.raw, lit) }
    }

    /// Makes `lit` the phase CaDiCaL decides its variable to, at every decision.
    pub(crate) fn phase(&mut self, lit: i32) {
        // SAFETY: `raw` is live.
        unsafe { wp_phase(self.raw, lit) }
    }

    pub(crate) fn solve(&mut self) -> Status {
        // SAFETY: `raw` is live; the terminator's state, if any, is owned by `self`.
        match unsafe { wp_solve(self.raw) } {
            10 => Status::Satisfiable,
            20 => Status::Unsatisfiable,
            _ => Status::Unknown,
        }
    }

    /// True if `lit` is true in the model of the last satisfiable solve.
    pub(crate) fn val(&self, lit: i32) -> bool {
        // SAFETY: `raw` is live. CaDiCaL answers `lit` if it is true and `-lit` if it is false
        // (so the sign alone says nothing when `lit` is negative).
        unsafe { wp_val(self.raw, lit) == lit }
    }

    /// True if the assumption `lit` took part in the last unsatisfiable solve's refutation.
    pub(crate) fn failed(&self, lit: i32) -> bool {
        // SAFETY: `raw` is live.
        unsafe { wp_failed(self.raw, lit) != 0 }
    }

    /// Replaces the terminator asked during solves.
    pub(crate) fn connect_terminator(&mut self, terminator: Box<dyn Terminator>) {
        unsafe extern "C" fn ask(state: *mut c_void) -> c_int {
            // SAFETY: `state` is the `Box<dyn Terminator>` that `connect_terminator` handed
            // over, owned by the solver, and CaDiCaL calls this only during its solves, which
            // hold `&mut Solver`. A panic cannot unwind through C (it would end the process):
            // `terminated` is the deadline and flag check of `backend.rs`, which does not panic.
            let terminator = unsafe { &mut *(state as *mut Box<dyn Terminator>) };
            terminator.terminated() as c_int
        }
        let mut boxed = Box::new(terminator);
        let state = &mut *boxed as *mut Box<dyn Terminator> as *mut c_void;
        // SAFETY: `raw` is live; `state` stays valid until replaced or the solver is dropped,
        // and CaDiCaL is given the new state before the old one is freed.
        unsafe { wp_set_terminate(self.raw, state, Some(ask)) };
        self.terminator = Some(boxed);
    }
}

impl Solver {
    /// Keeps variable `var` (declared) from elimination and substitution, so that it can be
    /// observed later.
    pub(crate) fn freeze(&mut self, var: i32) {
        // SAFETY: `raw` is live.
        unsafe { wp_freeze(self.raw, var) }
    }

    /// Connects `propagator` (replacing any earlier one) and observes `vars` (DIMACS numbers,
    /// declared).
    pub(crate) fn connect_propagator(&mut self, propagator: Box<dyn Propagator>, vars: &[i32]) {
        // SAFETY (every callback): `state` is the `Feeding` that `connect_propagator` handed
        // over, owned by the solver, and CaDiCaL calls these only during its solves, which hold
        // `&mut Solver`; `lits` points to `count` literals CaDiCaL owns for the call.
        unsafe extern "C" fn assigned(state: *mut c_void, lits: *const c_int, count: usize) {
            let feeding = unsafe { &mut *(state as *mut Feeding) };
            let lits = if count == 0 {
                &[][..]
            } else {
                unsafe { std::slice::from_raw_parts(lits, count) }
            };
            feeding.propagator.assigned(lits);
        }
        unsafe extern "C" fn new_level(state: *mut c_void) {
            let feeding = unsafe { &mut *(state as *mut Feeding) };
            feeding.propagator.new_level();
        }
        unsafe extern "C" fn backtrack(state: *mut c_void, level: usize) {
            let feeding = unsafe { &mut *(state as *mut Feeding) };
            feeding.propagator.backtrack(level);
        }
        unsafe extern "C" fn check_model(
            state: *mut c_void,
            lits: *const c_int,
            count: usize,
        ) -> c_int {
            let feeding = unsafe { &mut *(state as *mut Feeding) };
            let lits = if count == 0 {
                &[][..]
            } else {
                unsafe { std::slice::from_raw_parts(lits, count) }
            };
            feeding.propagator.check_model(lits) as c_int
        }
        unsafe extern "C" fn has_clause(state: *mut c_void, forgettable: *mut c_int) -> c_int {
            let feeding = unsafe { &mut *(state as *mut Feeding) };
            match feeding.propagator.next_clause() {
                Some((clause, forget)) => {
                    feeding.clause = clause;
                    feeding.at = 0;
                    unsafe { *forgettable = forget as c_int };
                    1
                }
                None => 0,
            }
        }
        unsafe extern "C" fn clause_lit(state: *mut c_void) -> c_int {
            let feeding = unsafe { &mut *(state as *mut Feeding) };
            let lit = feeding.clause.get(feeding.at).copied().unwrap_or(0);
            feeding.at += 1;
            lit
        }
        let mut boxed = Box::new(Feeding {
            propagator,
            clause: Vec::new(),
            at: 0,
        });
        let callbacks = Callbacks {
            state: &mut *boxed as *mut Feeding as *mut c_void,
            assigned,
            new_level,
            backtrack,
            check_model,
            has_clause,
            clause_lit,
        };
        // SAFETY: `raw` is live; the C side copies `callbacks`, disconnects any earlier
        // propagator before connecting this one, and the state stays valid until replaced or
        // the solver is dropped.
        unsafe {
            wp_connect_propagator(self.raw, &callbacks);
            for &v in vars {
                wp_observe(self.raw, v);
            }
        }
        self.propagator = Some(boxed);
    }
}

impl Drop for Solver {
    fn drop(&mut self) {
        // SAFETY: `raw` came from `wp_init` and is released only here, once; the
        // terminator's and the propagator's states are dropped after the solver that could
        // ask them.
        unsafe { wp_release(self.raw) }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_c_interface_answers_and_reports_failed_assumptions() {
        let mut s = Solver::new();
        s.declare_up_to(2);
        s.add_clause(&[1, 2]);
        s.add_clause(&[-1, 2]);
        assert_eq!(s.solve(), Status::Satisfiable);
        assert!(s.val(2));
        assert!(!s.val(-2));
        s.assume(-2);
        s.assume(1);
        assert_eq!(s.solve(), Status::Unsatisfiable);
        assert!(s.failed(-2));
    }
}
