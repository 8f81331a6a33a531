//! SAT backends behind one incremental interface: clauses are only ever added, and each
//! `solve` takes its own assumptions (which is how removable clauses are switched off).

use crate::{dimacs, Cnf, Lit, Var};
use std::io::Write;
use std::path::PathBuf;
use std::process::Command;
use varisat::ExtendFormula;

#[derive(Debug, thiserror::Error)]
pub enum BackendError {
    #[error("the SAT solver failed: {0}")]
    Solver(String),
    #[error("external solver `{command}`: {message}")]
    External { command: String, message: String },
}

/// An incremental SAT solver.
pub trait Backend {
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
}

/// varisat, the embedded pure-Rust CDCL solver.
pub struct VarisatBackend {
    solver: varisat::Solver<'static>,
    model: Vec<bool>,
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
        }
    }

    fn to_varisat(l: Lit) -> varisat::Lit {
        varisat::Lit::from_index(l.var().index(), l.is_positive())
    }
}

impl Backend for VarisatBackend {
    fn add_clause(&mut self, clause: &[Lit]) {
        let c: Vec<varisat::Lit> = clause.iter().map(|&l| Self::to_varisat(l)).collect();
        self.solver.add_clause(&c);
    }

    fn solve(&mut self, assumptions: &[Lit]) -> Result<bool, BackendError> {
        let a: Vec<varisat::Lit> = assumptions.iter().map(|&l| Self::to_varisat(l)).collect();
        self.solver.assume(&a);
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
