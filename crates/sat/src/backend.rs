//! SAT backends behind one incremental interface: clauses are only ever added, and each
//! `solve` takes its own assumptions (which is how removable clauses are switched off).

#[cfg(feature = "cadical")]
use crate::ccadical::Status;
use crate::{dimacs, Cnf, Lit, Var};
use std::io::Write;
use std::path::PathBuf;
use std::process::Command;
use std::sync::atomic::AtomicBool;
#[cfg(feature = "cadical")]
use std::sync::atomic::Ordering;
use std::sync::Arc;
use std::time::Instant;
use varisat::ExtendFormula;

#[derive(Debug, thiserror::Error)]
pub enum BackendError {
    #[error("the SAT solver failed: {0}")]
    Solver(String),
    /// A limit ended the solve before it had an answer (`reason`: `timeout`, `conflicts`, or
    /// `stop` for the flag of [`Backend::set_stop`]).
    #[error("the solve was stopped by its {reason} limit before it had an answer")]
    Stopped { reason: &'static str },
    #[error("{backend} cannot bound a solve by {limit}; CaDiCaL can")]
    Unsupported {
        backend: &'static str,
        limit: &'static str,
    },
    #[error("external solver `{command}`: {message}")]
    External { command: String, message: String },
}

/// Bounds on each solve. A solve that reaches one ends with [`BackendError::Stopped`], never
/// with a guessed answer.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Limits {
    /// Stop at this moment.
    pub deadline: Option<Instant>,
    /// Stop a solve after this many conflicts (each solve gets the whole budget).
    pub conflicts: Option<u32>,
}

impl Limits {
    /// At most `conflicts` conflicts a solve, no deadline.
    pub fn conflicts_per_solve(conflicts: u32) -> Limits {
        Limits {
            deadline: None,
            conflicts: Some(conflicts),
        }
    }

    pub fn is_none(&self) -> bool {
        self.deadline.is_none() && self.conflicts.is_none()
    }
}

/// An incremental SAT solver.
pub trait Backend {
    /// Bounds the solves that follow. Backends that cannot stop a solve refuse any limit.
    fn set_limits(&mut self, limits: Limits) -> Result<(), BackendError> {
        match (limits.deadline, limits.conflicts) {
            (None, None) => Ok(()),
            (_, Some(_)) => Err(BackendError::Unsupported {
                backend: self.name(),
                limit: "conflicts",
            }),
            (Some(_), None) => Err(BackendError::Unsupported {
                backend: self.name(),
                limit: "time",
            }),
        }
    }

    fn name(&self) -> &'static str;

    fn add_clause(&mut self, clause: &[Lit]);

    fn add_cnf(&mut self, cnf: &Cnf) {
        for c in cnf.clauses() {
            self.add_clause(c);
        }
    }

    /// Satisfiable under the assumptions? After `Ok(true)`, `value` reads the model.
    fn solve(&mut self, assumptions: &[Lit]) -> Result<bool, BackendError>;

    /// The variable's value in the last model (variables the solver never saw are false).
    fn value(&self, var: Var) -> bool;

    fn lit_value(&self, lit: Lit) -> bool {
        self.value(lit.var()) == lit.is_positive()
    }

    /// After `Ok(false)` under `assumptions` (the same ones): those the refutation used, whose
    /// conjunction the formula alone already rules out. `None` where the backend cannot tell.
    fn failed_assumptions(&self, _assumptions: &[Lit]) -> Option<Vec<Lit>> {
        None
    }

    /// From now on, decide each of these literals' variables their way whenever the search
    /// decides it (as [`Cnf::insist_on_preferred`] asks for a formula's hints). A hint, never
    /// a constraint: answers do not change. Ignored where the backend cannot steer decisions.
    fn hold_phases(&mut self, _lits: &[Lit]) {}

    /// Ends every solve (the one running included) soon after `stop` is set, with
    /// [`BackendError::Stopped`]. False where the backend cannot stop a solve (it then runs
    /// each solve to its answer).
    fn set_stop(&mut self, _stop: Arc<AtomicBool>) -> bool {
        false
    }

    /// Checks `theory` inside every solve that follows (see [`crate::theory`]): its clauses
    /// are added during the search and a model it rejects is not returned. False where the
    /// backend cannot (the theory is dropped): the caller then checks each model itself.
    fn set_theory(&mut self, _theory: Box<dyn crate::Theory>) -> bool {
        false
    }

    /// Keeps `vars` fit for a theory that [`Backend::set_theory`] may be given after some
    /// solves (CaDiCaL cannot observe a variable its simplification removed: it freezes
    /// them). Call after the formula is added, before the first solve. A hint: answers do
    /// not change.
    fn keep_for_theory(&mut self, _vars: &[Var]) {}
}

/// varisat, the embedded pure-Rust CDCL solver.
pub struct VarisatBackend {
    solver: varisat::Solver<'static>,
    model: Vec<bool>,
    /// Assumptions are set: the next solve must clear them.
    assumed: bool,
    /// A DRAT proof is being written (varisat's DRAT writer cannot record assumptions).
    proving: bool,
}

impl Default for VarisatBackend {
    fn default() -> Self {
        Self::new()
    }
}

impl VarisatBackend {
    pub fn new() -> Self {
        VarisatBackend {
            solver: varisat::Solver::new(),
            model: Vec::new(),
            assumed: false,
            proving: false,
        }
    }

    /// A solver that writes a textual DRAT proof of everything it derives to `target`; an
    /// unsatisfiable answer ends the proof with the empty clause. Add every clause, then solve
    /// once, without assumptions: varisat's DRAT writer cannot record clauses added after a
    /// solve (it panics) nor assumptions (refused here). Call [`VarisatBackend::close_proof`]
    /// before reading the proof.
    pub fn with_drat_proof(target: impl std::io::Write + 'static) -> Self {
        let mut b = VarisatBackend::new();
        b.solver.write_proof(target, varisat::ProofFormat::Drat);
        b.proving = true;
        b
    }

    /// Flushes and ends the proof (see [`VarisatBackend::with_drat_proof`]).
    pub fn close_proof(&mut self) -> Result<(), BackendError> {
        self.solver
            .close_proof()
            .map_err(|e| BackendError::Solver(e.to_string()))
    }

    fn to_varisat(l: Lit) -> varisat::Lit {
        varisat::Lit::from_index(l.var().index(), l.is_positive())
    }
}

impl Backend for VarisatBackend {
    fn name(&self) -> &'static str {
        "varisat"
    }

    fn add_clause(&mut self, clause: &[Lit]) {
        let c: Vec<varisat::Lit> = clause.iter().map(|&l| Self::to_varisat(l)).collect();
        self.solver.add_clause(&c);
    }

    fn solve(&mut self, assumptions: &[Lit]) -> Result<bool, BackendError> {
        if !assumptions.is_empty() && self.proving {
            return Err(BackendError::Solver(
                "a solve under assumptions cannot be written as a DRAT proof".into(),
            ));
        }
        // Only touched when needed: with a proof, even clearing assumptions is not allowed.
        if self.assumed || !assumptions.is_empty() {
            let a: Vec<varisat::Lit> = assumptions.iter().map(|&l| Self::to_varisat(l)).collect();
            self.solver.assume(&a);
            self.assumed = !assumptions.is_empty();
        }
        let sat = self
            .solver
            .solve()
            .map_err(|e| BackendError::Solver(e.to_string()))?;
        if sat {
            let model = self.solver.model().unwrap_or_default();
            self.model = vec![false; model.len()];
            for l in model {
                if l.index() >= self.model.len() {
                    self.model.resize(l.index() + 1, false);
                }
                self.model[l.index()] = l.is_positive();
            }
        }
        Ok(sat)
    }

    fn value(&self, var: Var) -> bool {
        self.model.get(var.index()).copied().unwrap_or(false)
    }

    fn failed_assumptions(&self, _assumptions: &[Lit]) -> Option<Vec<Lit>> {
        let core = self.solver.failed_core()?;
        Some(
            core.iter()
                .map(|l| Lit::new(Var(l.index() as u32), l.is_positive()))
                .collect(),
        )
    }
}

/// Any DIMACS solver run as a separate process on a file, reading SAT-competition output
/// (`s SATISFIABLE`, `v … 0`) from its stdout, as cadical, picosat, kissat and
/// cryptominisat5 print it. Not incremental: each solve writes the whole formula with the
/// assumptions as unit clauses.
pub struct ExternalSolver {
    command: Vec<String>,
    cnf: Cnf,
    model: Vec<bool>,
    calls: u64,
}

impl ExternalSolver {
    /// `command` is split on whitespace; the CNF file's path is appended as the last argument.
    pub fn new(command: &str) -> Result<Self, BackendError> {
        let parts: Vec<String> = command.split_whitespace().map(String::from).collect();
        if parts.is_empty() {
            return Err(BackendError::External {
                command: command.into(),
                message: "empty command".into(),
            });
        }
        Ok(ExternalSolver {
            command: parts,
            cnf: Cnf::new(),
            model: Vec::new(),
            calls: 0,
        })
    }

    fn err(&self, message: impl Into<String>) -> BackendError {
        BackendError::External {
            command: self.command.join(" "),
            message: message.into(),
        }
    }

    fn temp_path(&self) -> PathBuf {
        std::env::temp_dir().join(format!(
            "wellposed-{}-{}-{}.cnf",
            std::process::id(),
            self as *const _ as usize,
            self.calls
        ))
    }
}

impl Backend for ExternalSolver {
    fn name(&self) -> &'static str {
        "an external solver"
    }

    fn add_clause(&mut self, clause: &[Lit]) {
        self.cnf.add_clause(clause);
    }

    fn solve(&mut self, assumptions: &[Lit]) -> Result<bool, BackendError> {
        self.calls += 1;
        let mut cnf = self.cnf.clone();
        for &a in assumptions {
            cnf.add_clause(&[a]);
        }
        let path = self.temp_path();
        let written = std::fs::File::create(&path).and_then(|mut f| {
            dimacs::write(&mut f, &cnf, &dimacs::Annotations::default())?;
            f.flush()
        });
        if let Err(e) = written {
            return Err(self.err(format!("cannot write {}: {e}", path.display())));
        }
        let output = Command::new(&self.command[0])
            .args(&self.command[1..])
            .arg(&path)
            .output();
        let _ = std::fs::remove_file(&path);
        let output = output.map_err(|e| self.err(format!("cannot run it: {e}")))?;
        let stdout = String::from_utf8_lossy(&output.stdout);
        let mut status = None;
        let mut model = vec![false; cnf.num_vars() as usize];
        for line in stdout.lines() {
            if let Some(s) = line.strip_prefix("s ") {
                status = match s.trim() {
                    "SATISFIABLE" => Some(true),
                    "UNSATISFIABLE" => Some(false),
                    other => return Err(self.err(format!("answered `s {other}`"))),
                };
            } else if let Some(vals) = line.strip_prefix("v ") {
                for tok in vals.split_whitespace() {
                    let n: i64 = tok
                        .parse()
                        .map_err(|_| self.err(format!("bad model literal `{tok}`")))?;
                    if let Some(l) = Lit::from_dimacs(n) {
                        if l.var().index() < model.len() {
                            model[l.var().index()] = l.is_positive();
                        }
                    }
                }
            }
        }
        match status {
            Some(sat) => {
                if sat {
                    self.model = model;
                }
                Ok(sat)
            }
            None => {
                let stderr = String::from_utf8_lossy(&output.stderr);
                Err(self.err(format!(
                    "no `s SATISFIABLE` / `s UNSATISFIABLE` line in its output (exit {:?}) {}",
                    output.status.code(),
                    stderr.lines().next().unwrap_or("")
                )))
            }
        }
    }

    fn value(&self, var: Var) -> bool {
        self.model.get(var.index()).copied().unwrap_or(false)
    }
}

/// CaDiCaL 3 (built from its bundled C++ source by the `cadical-sys` crate, called through
/// a C interface of ours, see `ccadical.rs`): incremental through IPASIR assumptions, and
/// bounded: a conflict limit per solve and a deadline checked by CaDiCaL's termination
/// callback.
#[cfg(feature = "cadical")]
pub struct CadicalBackend {
    solver: crate::ccadical::Solver,
    limits: Limits,
    /// Variables CaDiCaL has been told of ([`CadicalBackend::declare`]).
    max_var: u32,
    /// Variables handed to CaDiCaL negated. CaDiCaL's first decision on a variable sets it
    /// true (its default initial phase), and CaDiCaL has no call that changes only the first
    /// decision per variable (`phase` holds at every decision), so a hint "try x false first"
    /// ([`Cnf::prefer`]) is given by renaming x to ¬x everywhere: clauses, assumptions and the
    /// model read back. Invariant: a variable's entry is set only before CaDiCaL has seen it,
    /// so one variable is never named both ways. Hints that insist
    /// ([`Cnf::insist_on_preferred`]) go to `phase` instead and rename nothing.
    flipped: Vec<bool>,
    /// Set by [`Backend::set_stop`]: ends the running solve when raised.
    stop: Option<Arc<AtomicBool>>,
    /// The last model, read out when a solve answers "satisfiable". CaDiCaL itself may only be
    /// asked for values until the next clause is added, so `value` reads this copy, as the
    /// trait promises: "the last model".
    model: Vec<bool>,
    /// The assumptions of the last solve that CaDiCaL found failed, read out when it answered
    /// "unsatisfiable" (for the same reason as `model`).
    failed: Vec<Lit>,
    /// What the theory of [`Backend::set_theory`] did so far, when there is one.
    theory: Option<std::rc::Rc<std::cell::Cell<crate::TheoryStats>>>,
    /// Variables frozen by [`Backend::keep_for_theory`] (fit to be observed at any time).
    kept: Vec<bool>,
    /// A solve has run (CaDiCaL may have simplified variables away since).
    solved: bool,
}

/// CaDiCaL's `sat` configuration (its `config.cpp`), set option by option because the C
/// interface has no `configure`.
#[cfg(feature = "cadical")]
const STABLE_OPTIONS: [(&std::ffi::CStr, i32); 3] = [
    (c"elimeffort", 10),
    (c"stabilizeonly", 1),
    (c"subsumeeffort", 60),
];

/// The options of [`CadicalBackend::for_counting`].
#[cfg(feature = "cadical")]
const COUNTING_OPTIONS: [(&std::ffi::CStr, i32); 1] = [(c"vivify", 0)];

/// CaDiCaL's termination callback: true once the deadline has passed or the stop flag is set.
#[cfg(feature = "cadical")]
struct Deadline {
    deadline: Option<Instant>,
    stop: Option<Arc<AtomicBool>>,
}

#[cfg(feature = "cadical")]
impl crate::ccadical::Terminator for Deadline {
    fn terminated(&mut self) -> bool {
        self.stop
            .as_ref()
            .is_some_and(|s| s.load(Ordering::Relaxed))
            || self.deadline.is_some_and(|d| Instant::now() >= d)
    }
}

#[cfg(feature = "cadical")]
impl Default for CadicalBackend {
    fn default() -> Self {
        Self::new()
    }
}

#[cfg(feature = "cadical")]
impl CadicalBackend {
    pub fn new() -> Self {
        Self::with_solver(crate::ccadical::Solver::new())
    }

    /// CaDiCaL in its `sat` configuration, which stays in its stable mode (target phases, few
    /// restarts) instead of alternating it with the focused mode that suits refutations: for
    /// runs of solves that mostly find models, such as listing models that are hard to find.
    /// Measured by blocking clauses (BENCHMARKS.md, "CaDiCaL's stable configuration for
    /// listings"): 2023 track3_077's 563 models 74 s → 27 s, track1_091's 120 models 35.8 →
    /// 17.7 s; but track1_005's 2 models 1.3 → 3.0 s, Survo open-2x10's one 4.2 → 7.7 s, and
    /// the model counter with all its CaDiCaL solvers so configured took Survo open-4x4 from
    /// 2.4 to 219 s. So it is never the default.
    ///
    /// ```
    /// use wellposed_sat::{Backend, CadicalBackend, Cnf, Lit};
    /// let mut cnf = Cnf::new();
    /// let x = cnf.new_vars(2);
    /// cnf.add_clause(&[x[0].positive(), x[1].positive()]);
    /// let mut solver = CadicalBackend::stable();
    /// solver.add_cnf(&cnf);
    /// let mut models = 0;
    /// while solver.solve(&[]).unwrap() {
    ///     models += 1;
    ///     let block: Vec<Lit> = x.iter().map(|&v| Lit::new(v, !solver.value(v))).collect();
    ///     solver.add_clause(&block);
    /// }
    /// assert_eq!(models, 3);
    /// ```
    pub fn stable() -> Self {
        Self::with_options(&STABLE_OPTIONS)
    }

    /// CaDiCaL for the model counter's many short incremental solves (its oracle and its
    /// listings): vivification off. CaDiCaL 3 vivifies clauses between those solves, and on
    /// Survo open-4x4 that took the counter from 2.4 to 18.5 s (BENCHMARKS.md, "Eighteenth
    /// session: the counter on CaDiCaL 3.0.1").
    pub fn for_counting() -> Self {
        Self::with_options(&COUNTING_OPTIONS)
    }

    /// A solver with `options` set (names checked by the test `the_options_set_exist`).
    fn with_options(options: &[(&std::ffi::CStr, i32)]) -> Self {
        let mut solver = crate::ccadical::Solver::new();
        for &(name, val) in options {
            assert!(
                solver.set_option(name, val),
                "CaDiCaL takes {name:?} = {val}"
            );
        }
        Self::with_solver(solver)
    }

    fn with_solver(solver: crate::ccadical::Solver) -> Self {
        CadicalBackend {
            solver,
            limits: Limits::default(),
            max_var: 0,
            model: Vec::new(),
            failed: Vec::new(),
            flipped: Vec::new(),
            stop: None,
            theory: None,
            kept: Vec::new(),
            solved: false,
        }
    }

    /// What the theory of [`Backend::set_theory`] did so far (`None` without one).
    pub fn theory_stats(&self) -> Option<crate::TheoryStats> {
        self.theory.as_ref().map(|s| s.get())
    }

    fn stopped(&self) -> bool {
        self.stop
            .as_ref()
            .is_some_and(|s| s.load(Ordering::Relaxed))
    }

    /// Hands CaDiCaL a callback for the current deadline and stop flag.
    fn set_callbacks(&mut self) {
        self.solver.connect_terminator(Box::new(Deadline {
            deadline: self.limits.deadline,
            stop: self.stop.clone(),
        }));
    }

    /// Declares variables up to `top` (exclusive) to CaDiCaL, all at once: CaDiCaL 3 insists
    /// on it when its `factor` option (variable addition) is on, and grows its per-variable
    /// arrays once.
    fn declare(&mut self, top: u32) {
        if top > self.max_var {
            self.solver.declare_up_to(top as i32);
            self.max_var = top;
        }
    }

    fn to_cadical(&self, l: Lit) -> i32 {
        cadical_lit(&self.flipped, l)
    }

    /// Gives CaDiCaL `clause`, renamed; its variables must be declared.
    fn add_renamed(&mut self, clause: &[Lit]) {
        let named: Vec<i32> = clause.iter().map(|&l| self.to_cadical(l)).collect();
        self.solver.add_clause(&named);
    }
}

/// `l` as CaDiCaL names it: its DIMACS number, negated where the variable is `flipped` (see
/// [`CadicalBackend`]'s field).
#[cfg(feature = "cadical")]
fn cadical_lit(flipped: &[bool], l: Lit) -> i32 {
    // Variables past i32::MAX cannot exist: a Cnf numbers them from 0 one at a time.
    let d = l.dimacs() as i32;
    if flipped.get(l.var().index()).copied().unwrap_or(false) {
        -d
    } else {
        d
    }
}

#[cfg(feature = "cadical")]
impl Backend for CadicalBackend {
    fn name(&self) -> &'static str {
        "cadical"
    }

    fn set_limits(&mut self, limits: Limits) -> Result<(), BackendError> {
        self.limits = limits;
        self.set_callbacks();
        Ok(())
    }

    fn set_stop(&mut self, stop: Arc<AtomicBool>) -> bool {
        self.stop = Some(stop);
        self.set_callbacks();
        true
    }

    fn add_clause(&mut self, clause: &[Lit]) {
        let top = clause.iter().map(|l| l.var().0 + 1).max().unwrap_or(0);
        self.declare(top);
        self.add_renamed(clause);
    }

    fn keep_for_theory(&mut self, vars: &[Var]) {
        let top = vars.iter().map(|v| v.0 + 1).max().unwrap_or(0);
        self.declare(top);
        for v in vars {
            if self.kept.len() <= v.index() {
                self.kept.resize(v.index() + 1, false);
            }
            if !self.kept[v.index()] {
                self.kept[v.index()] = true;
                self.solver.freeze(v.dimacs() as i32);
            }
        }
    }

    /// Connects the theory as CaDiCaL's external propagator, its variables observed. Their
    /// names inside CaDiCaL (`flipped`) are settled here: they are declared now, and a
    /// variable's renaming never changes once declared.
    /// Refuses (false, nothing connected) after a first solve unless every variable of the
    /// theory was kept ([`Backend::keep_for_theory`]) before it: CaDiCaL's simplification may
    /// have removed it, and CaDiCaL aborts the process when asked to observe such a variable.
    fn set_theory(&mut self, theory: Box<dyn crate::Theory>) -> bool {
        let observed = theory.observed();
        let top = observed.iter().map(|v| v.0 + 1).max().unwrap_or(0);
        self.declare(top);
        let vars: Vec<i32> = observed.iter().map(|v| v.dimacs() as i32).collect();
        let kept = |v: &Var| self.kept.get(v.index()).copied().unwrap_or(false);
        if self.solved && !observed.iter().all(kept) {
            return false;
        }
        let stats = std::rc::Rc::new(std::cell::Cell::new(crate::TheoryStats::default()));
        let glue = crate::theory::Glue::new(
            theory,
            self.flipped.clone(),
            top as usize,
            std::rc::Rc::clone(&stats),
        );
        self.solver.connect_propagator(Box::new(glue), &vars);
        self.theory = Some(stats);
        true
    }

    /// Takes the formula's phase hints for the variables CaDiCaL has not seen yet (renamed,
    /// see the `flipped` field, or, where the formula insists on them, as CaDiCaL's `phase`),
    /// then its clauses.
    fn add_cnf(&mut self, cnf: &Cnf) {
        let insist = cnf.insists_on_preferred();
        let mut held = Vec::new();
        for &l in cnf.preferred() {
            let v = l.var();
            if v.0 >= self.max_var {
                if insist {
                    held.push(l);
                    continue;
                }
                if self.flipped.len() <= v.index() {
                    self.flipped.resize(v.index() + 1, false);
                }
                self.flipped[v.index()] = !l.is_positive();
            }
        }
        let top = cnf
            .clauses()
            .iter()
            .flatten()
            .chain(cnf.preferred())
            .map(|l| l.var().0 + 1)
            .max()
            .unwrap_or(0);
        self.declare(top);
        for c in cnf.clauses() {
            self.add_renamed(c);
        }
        self.hold_phases(&held);
    }

    fn hold_phases(&mut self, lits: &[Lit]) {
        let top = lits.iter().map(|l| l.var().0 + 1).max().unwrap_or(0);
        self.declare(top);
        for &l in lits {
            let named = self.to_cadical(l);
            self.solver.phase(named);
        }
    }

    fn solve(&mut self, assumptions: &[Lit]) -> Result<bool, BackendError> {
        if self.limits.deadline.is_some_and(|d| Instant::now() >= d) {
            return Err(BackendError::Stopped { reason: "timeout" });
        }
        if self.stopped() {
            return Err(BackendError::Stopped { reason: "stop" });
        }
        if let Some(n) = self.limits.conflicts {
            // CaDiCaL resets its limits after every solve, so set it each time.
            self.solver
                .limit(c"conflicts", n.min(i32::MAX as u32) as i32);
        }
        let top = assumptions.iter().map(|l| l.var().0 + 1).max().unwrap_or(0);
        self.declare(top);
        let named: Vec<i32> = assumptions.iter().map(|&l| self.to_cadical(l)).collect();
        for &a in &named {
            self.solver.assume(a);
        }
        self.solved = true;
        let status = self.solver.solve();
        if let Some(stats) = &self.theory {
            log::debug!("theory so far: {:?}", stats.get());
        }
        match status {
            Status::Satisfiable => {
                self.model = (0..self.max_var)
                    .map(|v| self.solver.val(self.to_cadical(Var(v).positive())))
                    .collect();
                Ok(true)
            }
            Status::Unsatisfiable => {
                self.failed = assumptions
                    .iter()
                    .zip(&named)
                    .filter(|&(_, &a)| self.solver.failed(a))
                    .map(|(&l, _)| l)
                    .collect();
                Ok(false)
            }
            Status::Unknown => Err(BackendError::Stopped {
                reason: if self.limits.deadline.is_some_and(|d| Instant::now() >= d) {
                    "timeout"
                } else if self.stopped() {
                    "stop"
                } else {
                    "conflicts"
                },
            }),
        }
    }

    fn value(&self, var: Var) -> bool {
        // Variables the solver never saw, or whose value does not matter, read as false.
        self.model.get(var.index()).copied().unwrap_or(false)
    }

    fn failed_assumptions(&self, assumptions: &[Lit]) -> Option<Vec<Lit>> {
        Some(
            assumptions
                .iter()
                .copied()
                .filter(|l| self.failed.contains(l))
                .collect(),
        )
    }
}

#[cfg(all(test, feature = "cadical"))]
mod tests;
