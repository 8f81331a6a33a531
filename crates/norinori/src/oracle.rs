//! The rooms-only generator's measure on one incremental solver: which cells the rooms leave
//! open (shaded in some solution and not in the planted one, or the other way round).
//!
//! The generator changes the rooms thousands of times while the planted shading stays, so the
//! solver is loaded once per planted shading with what does not depend on the rooms (the
//! domino rule of every cell), and each room's "exactly two shaded" is added the first time
//! the room appears, its clauses guarded by an activation variable of its own; a layout is
//! then a set of assumptions. Rooms met again (the search tries many layouts that differ in
//! one or two rooms) reuse their clauses, and what the solver learnt from the rules stays.
//! A fresh backbone per layout (the engine's `backbone`) encodes and solves from nothing each
//! time, which is what made 20×20 boards out of reach.

use std::collections::HashMap;
use wellposed_engine::rooms::{neighbours, Rooms};
use wellposed_engine::sat::{Cnf, Lit, Var};
use wellposed_engine::{Incremental, OpenCells, Options};

pub struct RoomsOracle {
    solver: Incremental,
    /// The next free variable: cells are `0..n`, then activation and auxiliary variables.
    next: u32,
    /// Each room met (its cells, sorted) and the variable that switches its count on.
    rooms: HashMap<Vec<usize>, Lit>,
    /// The planted shading and the solutions of the domino rule found so far (shaded cells):
    /// moves are local, so most of them still meet every room of the next layout tried, and
    /// their differences are open cells found without the solver.
    open: OpenCells,
    /// Solver calls, for the generator's report.
    pub checks: usize,
}

/// The most solutions kept in the pool (the oldest are the least likely to still fit).
const POOL: usize = 4_000;

impl RoomsOracle {
    /// The domino rule of a `rows`×`cols` board, for the planted shading `planted`, in the
    /// solver the options name.
    pub fn new(
        rows: usize,
        cols: usize,
        planted: &[bool],
        opts: &Options,
    ) -> Result<RoomsOracle, String> {
        let n = rows * cols;
        let mut solver = Incremental::new(opts).map_err(|e| e.to_string())?;
        let x = |k: usize| Var(k as u32).positive();
        for k in 0..n {
            let nbrs: Vec<usize> = neighbours(rows, cols, k).collect();
            // A shaded cell has a shaded neighbour, and no second one (as `Norinori::cnf`).
            let mut some = vec![!x(k)];
            some.extend(nbrs.iter().map(|&j| x(j)));
            solver.add_clause(&some);
            for (i, &a) in nbrs.iter().enumerate() {
                for &b in &nbrs[i + 1..] {
                    solver.add_clause(&[!x(k), !x(a), !x(b)]);
                }
            }
        }
        Ok(RoomsOracle {
            solver,
            next: n as u32,
            rooms: HashMap::new(),
            open: OpenCells::new(planted.to_vec(), POOL),
            checks: 0,
        })
    }

    /// The activation literal of a room, its guarded count added when first met.
    fn activation(&mut self, room: &[usize]) -> Lit {
        if let Some(&a) = self.rooms.get(room) {
            return a;
        }
        // A scratch formula numbered after every variable used so far, so its auxiliary
        // variables are new to the solver.
        let mut cnf = Cnf::new();
        cnf.reserve_vars(self.next);
        let a = cnf.new_var().positive();
        let lits: Vec<Lit> = room.iter().map(|&k| Var(k as u32).positive()).collect();
        cnf.exactly_k(&lits, 2);
        for clause in cnf.clauses() {
            let mut c = clause.clone();
            c.push(!a);
            self.solver.add_clause(&c);
        }
        self.next = cnf.num_vars();
        self.rooms.insert(room.to_vec(), a);
        a
    }

    /// The cells where some solution of `rooms` differs from the planted shading (empty:
    /// the planted shading is the only solution), found one solution at a time, each asked
    /// to differ on a cell not yet open. Stops early once `bound` cells are open (the caller
    /// only needs to know that the layout is no better than one it has). `Err` when the
    /// solver fails.
    pub fn open_cells(&mut self, rooms: &Rooms, bound: usize) -> Result<Vec<usize>, String> {
        let mut assumptions: Vec<Lit> = rooms
            .cells
            .iter()
            .map(|r| {
                let mut r = r.clone();
                r.sort_unstable();
                self.activation(&r)
            })
            .collect();
        let fits = |m: &[bool]| {
            rooms
                .cells
                .iter()
                .all(|r| r.iter().filter(|&&k| m[k]).count() == 2)
        };
        let (solver, next, checks) = (&mut self.solver, &mut self.next, &mut self.checks);
        let n = self.open.planted().len();
        self.open.cells(bound, fits, |differ| {
            let select = Var(*next);
            *next += 1;
            solver.with_clause(differ, select, &mut assumptions, |solver, assumed| {
                *checks += 1;
                let sat = solver.solve(assumed).map_err(|e| e.to_string())?;
                Ok(sat.then(|| solver.model(n)))
            })
        })
    }
}
