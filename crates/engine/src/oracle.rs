//! Uniqueness checks for generators, in one incremental solver. A generator knows the solution
//! it planted, so "is the puzzle with these clues unique?" is "is there a solution other than
//! the planted one?": the oracle loads the puzzle's constraints once, each clue's clauses
//! guarded by an activation variable, and one clause that excludes the planted answer; a check
//! is then a single solve with the active clues' variables assumed — unsatisfiable means
//! unique. (The planted solution meets every clue, so some solution always exists.)

use crate::solve::{backend, model_of};
use crate::{EngineError, Options};
use wellposed_sat::{Backend, Cnf, Lit, Var};

pub struct UniquenessOracle {
    solver: Box<dyn Backend>,
    /// Graph constraints checked on each model, as the solve loop does (see
    /// [`UniquenessOracle::for_encoding`]), and the puzzle's number of variables.
    lazy: Vec<crate::connectivity::Structure>,
    vars: usize,
    activation: Vec<Lit>,
    /// Where the time of each check is reported (the generator's `Options::progress`).
    progress: crate::Progress,
    /// The bounds of each check (`--conflicts` also bounds its rounds of cuts).
    limits: wellposed_sat::Limits,
    /// Checks asked and the time spent in them.
    pub checks: u64,
    pub seconds: f64,
    /// The connected sets are still to be handed to the solver (at the first round of cuts,
    /// as the solve loop does).
    theory: bool,
}

impl UniquenessOracle {
    /// `rules`: the puzzle's constraints without any clue; `clues[i]`: the clauses of clue i;
    /// `planted`: the answer variables and their values in the planted solution.
    pub fn new(
        rules: &Cnf,
        clues: &[Vec<Vec<Lit>>],
        planted: &[(Var, bool)],
        opts: &Options,
    ) -> Result<UniquenessOracle, EngineError> {
        crate::within_budget("generated", rules)?;
        let mut solver = backend(opts)?;
        solver.add_cnf(rules);
        let mut activation = Vec::with_capacity(clues.len());
        // Activation variables come after the puzzle's own.
        for (index, clue) in (rules.num_vars()..).zip(clues) {
            let a = Var(index).positive();
            for clause in clue {
                let mut c = clause.clone();
                c.push(!a);
                solver.add_clause(&c);
            }
            activation.push(a);
        }
        // Another solution differs from the planted one on some answer variable.
        let other: Vec<Lit> = planted
            .iter()
            .map(|&(v, value)| if value { v.negative() } else { v.positive() })
            .collect();
        solver.add_clause(&other);
        Ok(UniquenessOracle {
            solver,
            lazy: Vec::new(),
            vars: rules.num_vars() as usize,
            activation,
            progress: opts.progress.clone(),
            limits: opts.limits,
            checks: 0,
            seconds: 0.0,
            theory: false,
        })
    }

    /// [`UniquenessOracle::new`] over an encoding with graph constraints (its `lazy` list):
    /// a model that breaks one is cut off (the cuts hold for every solution, whatever the
    /// clues, so they stay) and the check solves again. Where the backend takes it (CaDiCaL),
    /// the connected sets are also checked inside its search (`crate::connectivity`).
    pub fn for_encoding(
        rules: &crate::CnfEncoding,
        clues: &[Vec<Vec<Lit>>],
        planted: &[(Var, bool)],
        opts: &Options,
    ) -> Result<UniquenessOracle, EngineError> {
        let mut oracle = UniquenessOracle::new(&rules.cnf, clues, planted, opts)?;
        oracle.lazy = rules.lazy.clone();
        oracle.theory = !opts.lazy_cuts_only
            && crate::connectivity::keep_for_theory(oracle.solver.as_mut(), &oracle.lazy);
        Ok(oracle)
    }

    /// Whether the clues marked `active` leave the planted solution the only one; `false` also
    /// when a bound (`--conflicts`, `--timeout`) stopped the check, as `proved_unique` does.
    pub fn unique(&mut self, active: &[bool]) -> bool {
        let start = std::time::Instant::now();
        let assumptions: Vec<Lit> = self
            .activation
            .iter()
            .zip(active)
            .filter(|(_, &on)| on)
            .map(|(&a, _)| a)
            .collect();
        let mut rounds = crate::connectivity::CutRounds::new(&self.limits);
        let answer = loop {
            let answer = self.solver.solve(&assumptions);
            if self.lazy.is_empty() || !matches!(answer, Ok(true)) {
                break answer;
            }
            let model = model_of(self.solver.as_ref(), self.vars);
            let cuts = crate::connectivity::cuts_of(&self.lazy, &model);
            if cuts.is_empty() {
                break answer;
            }
            if let Err(stopped) = rounds.another() {
                break Err(stopped);
            }
            for cut in &cuts {
                self.solver.add_clause(cut);
            }
            if self.theory {
                self.theory = false;
                crate::connectivity::attach_theory(self.solver.as_mut(), &self.lazy);
            }
        };
        self.checks += 1;
        self.seconds += start.elapsed().as_secs_f64();
        self.progress.spent(start.elapsed());
        matches!(answer, Ok(false))
    }
}

/// One incremental SAT solver for a generator's many related questions (a planted answer
/// held while clues or rooms change): clauses are added once, each question is a solve under
/// assumptions, and what the solver learnt stays. The solver is the one the options name
/// (`--backend`; the CLI's default for generation is varisat, `--backend cadical` takes
/// CaDiCaL where the build has it), with their bounds set — so a family never picks a SAT
/// backend itself.
///
/// ```
/// use wellposed_engine::{Incremental, Options};
/// use wellposed_engine::sat::Var;
/// let mut solver = Incremental::new(&Options::default()).unwrap();
/// let (a, b) = (Var(0).positive(), Var(1).positive());
/// solver.add_clause(&[a, b]);
/// assert!(solver.solve(&[!a]).unwrap());
/// assert!(solver.value(Var(1)));
/// solver.add_clause(&[!b]);
/// assert!(!solver.solve(&[!a]).unwrap());
/// assert_eq!(solver.solves, 2);
/// ```
pub struct Incremental {
    solver: Box<dyn Backend>,
    /// Solves asked and the time spent in them.
    pub solves: u64,
    pub seconds: f64,
}

impl Incremental {
    /// An empty solver of the options' choice, their bounds set.
    pub fn new(opts: &Options) -> Result<Incremental, EngineError> {
        Ok(Incremental {
            solver: backend(opts)?,
            solves: 0,
            seconds: 0.0,
        })
    }

    /// The backend's name, for reports.
    pub fn name(&self) -> &'static str {
        self.solver.name()
    }

    pub fn add_clause(&mut self, clause: &[Lit]) {
        self.solver.add_clause(clause);
    }

    /// Adds every clause of `cnf`. Its variables are the solver's: a formula of auxiliary
    /// variables must be numbered after every variable used so far (`Cnf::reserve_vars`).
    pub fn add_cnf(&mut self, cnf: &Cnf) {
        self.solver.add_cnf(cnf);
    }

    /// Satisfiable under the assumptions? `Err` when a bound (`--timeout`, `--conflicts`)
    /// stopped the solve. After `Ok(true)`, [`Incremental::value`] reads the model.
    pub fn solve(&mut self, assumptions: &[Lit]) -> Result<bool, EngineError> {
        let start = std::time::Instant::now();
        let answer = self.solver.solve(assumptions);
        self.solves += 1;
        self.seconds += start.elapsed().as_secs_f64();
        Ok(answer?)
    }

    /// The variable's value in the last model.
    pub fn value(&self, var: Var) -> bool {
        self.solver.value(var)
    }

    /// The values of the first `n` variables in the last model (a family's answer variables).
    pub fn model(&self, n: usize) -> Vec<bool> {
        model_of(self.solver.as_ref(), n)
    }

    /// `ask(self, assumptions)` with `clause` added for that question only: guarded by the
    /// fresh variable `select` (numbered after every variable the solver has seen), which is
    /// assumed for the question and fixed false after it, so the clause binds nothing later.
    pub fn with_clause<T>(
        &mut self,
        clause: &[Lit],
        select: Var,
        assumptions: &mut Vec<Lit>,
        ask: impl FnOnce(&mut Incremental, &[Lit]) -> T,
    ) -> T {
        let mut guarded = vec![select.negative()];
        guarded.extend_from_slice(clause);
        self.add_clause(&guarded);
        assumptions.push(select.positive());
        let answer = ask(self, assumptions);
        assumptions.pop();
        self.add_clause(&[select.negative()]);
        answer
    }
}

/// The measure of the rooms-only generators (Norinori, LITS), whose search changes a layout
/// thousands of times while the planted answer stays: the answer cells (cell k is `Var(k)`)
/// where some solution of the layout differs from the planted answer — empty exactly when the
/// planted answer is the layout's only solution. Solutions kept from earlier layouts are
/// looked at first (moves are local, so many still fit), then the layout's solver is asked
/// for one solution at a time, each differing on a cell not open yet. A call may stop once
/// `bound` cells are open (a search comparing layouts only needs to know that one is no
/// better than another).
pub struct OpenCells {
    planted: Vec<bool>,
    pool: std::collections::VecDeque<Vec<bool>>,
    cap: usize,
    /// A solution other than the planted one met by a call (the latest), if any.
    pub last_other: Option<Vec<bool>>,
}

impl OpenCells {
    /// For the planted answer `planted`, keeping at most `cap` solutions (the oldest go).
    pub fn new(planted: Vec<bool>, cap: usize) -> OpenCells {
        OpenCells {
            planted,
            pool: std::collections::VecDeque::new(),
            cap,
            last_other: None,
        }
    }

    pub fn planted(&self) -> &[bool] {
        &self.planted
    }

    /// The open cells of a layout, sorted. `fits(m)`: whether a kept solution `m` is a
    /// solution of this layout; `another(differ)`: a solution of the layout in which the
    /// clause `differ` (over the cells) holds too, for this question only, or `None`.
    ///
    /// ```
    /// use wellposed_engine::OpenCells;
    /// use wellposed_engine::sat::Lit;
    /// // Two cells; the layout's solutions: the planted [true, false] and [false, true].
    /// let solutions = [vec![true, false], vec![false, true]];
    /// let mut open = OpenCells::new(vec![true, false], 10);
    /// let another = |differ: &[Lit]| {
    ///     Ok(solutions.iter().find(|m| {
    ///         differ.iter().any(|l| m[l.var().index()] == l.is_positive())
    ///     }).cloned())
    /// };
    /// assert_eq!(open.cells(2, |_| true, another).unwrap(), vec![0, 1]);
    /// assert_eq!(open.cells(2, |m| m[0], |_| Ok(None)).unwrap(), Vec::<usize>::new());
    /// ```
    pub fn cells(
        &mut self,
        bound: usize,
        fits: impl Fn(&[bool]) -> bool,
        mut another: impl FnMut(&[Lit]) -> Result<Option<Vec<bool>>, String>,
    ) -> Result<Vec<usize>, String> {
        let n = self.planted.len();
        let mut open = vec![false; n];
        let mut count = 0;
        let planted = &self.planted;
        // Opens the cells where `m` differs from the planted answer: how many were not yet.
        let mark = |m: &[bool], open: &mut [bool]| {
            let mut opened = 0;
            for (k, o) in open.iter_mut().enumerate() {
                if !*o && m[k] != planted[k] {
                    *o = true;
                    opened += 1;
                }
            }
            opened
        };
        for m in &self.pool {
            if count >= bound {
                break;
            }
            if fits(m) {
                if m != planted {
                    self.last_other = Some(m.clone());
                }
                count += mark(m, &mut open);
            }
        }
        while count < bound {
            let differ: Vec<Lit> = (0..n)
                .filter(|&k| !open[k])
                .map(|k| Lit::new(Var(k as u32), !planted[k]))
                .collect();
            let Some(m) = another(&differ)? else {
                break;
            };
            count += mark(&m, &mut open);
            self.last_other = Some(m.clone());
            if self.pool.len() == self.cap {
                self.pool.pop_front();
            }
            self.pool.push_back(m);
        }
        Ok((0..n).filter(|&k| open[k]).collect())
    }
}
