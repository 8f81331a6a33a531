//! CaDiCaL through its own C interface (`ccadical.h`, compiled into the library that the
//! `cadical-sys` crate builds from CaDiCaL's source), wrapped in one owning handle.
//!
//! Why not the `cadical-sys` crate's Rust API: that API is a `cxx` bridge, and the `cxx`
//! runtime it links (`cxx.cc`) includes `<iostream>`, whose static constructor sets up the
//! standard streams and the locale's facets at every start of the executable, and pulls in
//! the C++ library's wide-character and locale code with its imports. CaDiCaL itself writes
//! through C's stdio. Calling the C interface leaves the bridge (and with it the `cxx`
//! runtime) out of the link; `cadical-sys` is still the crate that compiles and links
//! CaDiCaL. Measured in BENCHMARKS.md, "Process start: CaDiCaL without the `cxx` bridge, and
//! the released build linked statically".
//!
//! Invariants: the handle owns the solver and releases it once, on drop; the terminator's
//! state is owned by the handle, boxed so its address stays fixed, and replaced only after
//! CaDiCaL has been given the new one.

use std::ffi::{c_char, c_int, c_void, CStr};

use cadical_sys as _; // Links CaDiCaL's compiled library, which holds the functions below.

/// CaDiCaL's opaque solver (`CCaDiCaL` in `ccadical.h`).
#[repr(C)]
struct CCaDiCaL {
    _private: [u8; 0],
}

unsafe extern "C" {
    fn ccadical_init() -> *mut CCaDiCaL;
    fn ccadical_release(solver: *mut CCaDiCaL);
    fn ccadical_add(solver: *mut CCaDiCaL, lit: c_int);
    fn ccadical_assume(solver: *mut CCaDiCaL, lit: c_int);
    fn ccadical_solve(solver: *mut CCaDiCaL) -> c_int;
    fn ccadical_val(solver: *mut CCaDiCaL, lit: c_int) -> c_int;
    fn ccadical_failed(solver: *mut CCaDiCaL, lit: c_int) -> c_int;
    fn ccadical_set_terminate(
        solver: *mut CCaDiCaL,
        state: *mut c_void,
        terminate: Option<unsafe extern "C" fn(state: *mut c_void) -> c_int>,
    );
    fn ccadical_set_option(solver: *mut CCaDiCaL, name: *const c_char, val: c_int);
    fn ccadical_get_option(solver: *mut CCaDiCaL, name: *const c_char) -> c_int;
    fn ccadical_limit(solver: *mut CCaDiCaL, name: *const c_char, limit: c_int);
    fn ccadical_vars(solver: *mut CCaDiCaL) -> c_int;
    fn ccadical_declare_more_variables(solver: *mut CCaDiCaL, number: c_int) -> c_int;
    fn ccadical_phase(solver: *mut CCaDiCaL, lit: c_int);
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

/// One CaDiCaL solver. Literals are CaDiCaL's: nonzero DIMACS numbers.
pub(crate) struct Solver {
    raw: *mut CCaDiCaL,
    /// The state CaDiCaL's terminate callback reads, owned here.
    terminator: Option<Box<Box<dyn Terminator>>>,
}

impl Solver {
    pub(crate) fn new() -> Self {
        // SAFETY: `ccadical_init` has no preconditions; it returns a new solver or aborts.
        let raw = unsafe { ccadical_init() };
        assert!(!raw.is_null(), "CaDiCaL could not create a solver");
        Solver {
            raw,
            terminator: None,
        }
    }

    /// Sets option `name` to `val` (allowed only before the first clause) and says whether it
    /// now reads `val`: CaDiCaL clamps values to the option's range and ignores names it does
    /// not know, which read as 0 (so setting an unknown name to 0 is not noticed here; the
    /// test `the_options_set_exist` in `backend.rs` checks the names used).
    pub(crate) fn set_option(&mut self, name: &CStr, val: i32) -> bool {
        // SAFETY: `raw` is live; `name` is a NUL-terminated string CaDiCaL only reads.
        unsafe {
            ccadical_set_option(self.raw, name.as_ptr(), val);
        }
        self.get_option(name) == val
    }

    /// The value of option `name` (0 for a name CaDiCaL does not know).
    pub(crate) fn get_option(&self, name: &CStr) -> i32 {
        // SAFETY: as in `set_option`.
        unsafe { ccadical_get_option(self.raw, name.as_ptr()) }
    }

    /// Limits the next solve (CaDiCaL resets limits after each), e.g. `c"conflicts"`.
    pub(crate) fn limit(&mut self, name: &CStr, val: i32) {
        // SAFETY: as in `set_option`.
        unsafe { ccadical_limit(self.raw, name.as_ptr(), val) }
    }

    /// Makes variables `1..=top` known to CaDiCaL, all at once (like the C++ `resize`).
    pub(crate) fn declare_up_to(&mut self, top: i32) {
        // SAFETY: `raw` is live.
        unsafe {
            let now = ccadical_vars(self.raw);
            if top > now {
                ccadical_declare_more_variables(self.raw, top - now);
            }
        }
    }

    /// Adds the clause `lits` (declared variables, no zero).
    pub(crate) fn add_clause(&mut self, lits: &[i32]) {
        // SAFETY: `raw` is live; a clause is its literals followed by 0.
        unsafe {
            for &l in lits {
                debug_assert_ne!(l, 0);
                ccadical_add(self.raw, l);
            }
            ccadical_add(self.raw, 0);
        }
    }

    pub(crate) fn assume(&mut self, lit: i32) {
        // SAFETY: `raw` is live.
        unsafe { ccadical_assume(self.raw, lit) }
    }

    /// Makes `lit` the phase CaDiCaL decides its variable to, at every decision.
    pub(crate) fn phase(&mut self, lit: i32) {
        // SAFETY: `raw` is live.
        unsafe { ccadical_phase(self.raw, lit) }
    }

    pub(crate) fn solve(&mut self) -> Status {
        // SAFETY: `raw` is live; the terminator's state, if any, is owned by `self`.
        match unsafe { ccadical_solve(self.raw) } {
            10 => Status::Satisfiable,
            20 => Status::Unsatisfiable,
            _ => Status::Unknown,
        }
    }

    /// True if `lit` is true in the model of the last satisfiable solve.
    pub(crate) fn val(&self, lit: i32) -> bool {
        // SAFETY: `raw` is live. CaDiCaL answers `lit` if it is true and `-lit` if it is false
        // (so the sign alone says nothing when `lit` is negative).
        unsafe { ccadical_val(self.raw, lit) == lit }
    }

    /// True if the assumption `lit` took part in the last unsatisfiable solve's refutation.
    pub(crate) fn failed(&self, lit: i32) -> bool {
        // SAFETY: `raw` is live.
        unsafe { ccadical_failed(self.raw, lit) != 0 }
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
        unsafe { ccadical_set_terminate(self.raw, state, Some(ask)) };
        self.terminator = Some(boxed);
    }
}

impl Drop for Solver {
    fn drop(&mut self) {
        // SAFETY: `raw` came from `ccadical_init` and is released only here, once; the
        // terminator's state is dropped after the solver that could ask it.
        unsafe { ccadical_release(self.raw) }
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
