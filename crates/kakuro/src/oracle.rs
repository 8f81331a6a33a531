//! The generator's repair rounds on one incremental solver per layout. A round asks "is there
//! a fill other than the planted one with these sums?"; the layout (and so the rules: a digit
//! a cell, none twice in a run) stays while the fill, and with it the sums, change. So the
//! solver is loaded once per layout with the rules, each (run, sum) pair's clauses are added
//! the first time the pair is met, guarded by an activation variable of their own, and a round
//! is one solve under the assumptions of the current sums, with a selector for "differs from
//! the current fill somewhere" that is retired afterwards. What the solver learnt from the
//! rules stays; a fresh engine check per round encoded and solved the board from nothing.

use crate::encode::{digit_var, rules_cnf, sum_clauses};
use crate::Kakuro;
use std::collections::HashMap;
use wellposed_engine::sat::Choices;
use wellposed_sat::{Backend, Cnf, Lit, Var, VarisatBackend};

pub struct SumsOracle {
    solver: VarisatBackend,
    /// The next free variable (the rules' come first).
    next: u32,
    /// Each run's white cells (indices into the board's white cells).
    runs: Vec<Vec<usize>>,
    /// The drawn cell of every white cell.
    whites: Vec<usize>,
    /// Each (run, sum) met and the variable that switches its clauses on.
    sums: HashMap<(usize, u32), Lit>,
}

impl SumsOracle {
    /// The rules of `p`'s layout (its sums are not read).
    pub fn new(p: &Kakuro) -> SumsOracle {
        let (cnf, runs, _) = rules_cnf(p, Choices::default());
        let mut solver = VarisatBackend::new();
        solver.add_cnf(&cnf);
        SumsOracle {
            solver,
            next: cnf.num_vars(),
            runs,
            whites: p.whites(),
            sums: HashMap::new(),
        }
    }

    fn activation(&mut self, run: usize, sum: u32) -> Lit {
        if let Some(&a) = self.sums.get(&(run, sum)) {
            return a;
        }
        // Numbered after every variable used so far, so the sum's auxiliary variables are new.
        let mut cnf = Cnf::new();
        cnf.reserve_vars(self.next);
        let a = cnf.new_var().positive();
        for mut clause in sum_clauses(&mut cnf, &self.runs[run], sum) {
            clause.push(!a);
            self.solver.add_clause(&clause);
        }
        self.next = cnf.num_vars();
        self.sums.insert((run, sum), a);
        a
    }

    /// A fill of `p` (the same layout, its current sums) other than `planted` (digits of the
    /// drawn board, 0 on black cells), in the same form; `None` when `planted` is the only one.
    pub fn other(&mut self, p: &Kakuro, planted: &[u8]) -> Result<Option<Vec<u8>>, String> {
        let mut assumptions = Vec::new();
        for (i, run) in p.runs().iter().enumerate() {
            if let Some(s) = run.sum {
                assumptions.push(self.activation(i, u32::from(s)));
            }
        }
        let select = Var(self.next).positive();
        self.next += 1;
        let mut differs = vec![!select];
        differs.extend(
            self.whites
                .iter()
                .enumerate()
                .map(|(w, &k)| !Var(digit_var(w, planted[k])).positive()),
        );
        self.solver.add_clause(&differs);
        assumptions.push(select);
        let sat = self.solver.solve(&assumptions).map_err(|e| e.to_string());
        self.solver.add_clause(&[!select]);
        if !sat? {
            return Ok(None);
        }
        let mut other = vec![0u8; planted.len()];
        for (w, &k) in self.whites.iter().enumerate() {
            other[k] = (1..=9u8)
                .find(|&d| self.solver.value(Var(digit_var(w, d))))
                .ok_or("internal error: a white cell without a digit")?;
        }
        Ok(Some(other))
    }
}
