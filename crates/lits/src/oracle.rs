//! The generator's questions on one incremental solver: which cells a room layout leaves open
//! (shaded in some solution and not in the planted one, or the other way round), and with a
//! bound of one, whether the planted shading is the only solution.
//!
//! The generator asks about hundreds of layouts (each one cell more or fewer in a room, see
//! `generate::build_rooms`) while the planted shading stays, so the
//! solver is loaded once per planted shading with what does not depend on the rooms, and each
//! room's clauses are added the first time the room appears, guarded by an activation literal
//! of its own; a layout is then a set of assumptions. What the solver learns (and the
//! connectivity cuts) stays from one layout to the next. A fresh solve per layout is what kept
//! 20×20 boards out of reach.
//!
//! Variables: cell k's "shaded" is `Var(k)` (as in [`Lits::cnf`](crate::Lits::cnf)); after
//! the cells, `t[k][s]` ("k is shaded and its room's tetromino has shape s") and `b[e]`
//! ("the two cells of grid pair e are in different rooms"); then, as met, one variable per
//! tetromino placement on the board (shared by every room that holds it), each room's
//! activation literal and the auxiliary variables of its count.
//!
//! Why each clause is the rule exactly, under a layout's assumptions (every room's
//! activation `a_R`, and `b[e]` for every grid pair `e` across a room border):
//!
//! - Unguarded: no 2×2 block shaded; some cell shaded; cuts of the engine's `connected`
//!   structure over the shaded cells, added lazily when a model's shading is in pieces. These
//!   are LITS's rules whatever the rooms (every cut holds for each connected shading).
//! - Room R, each clause with `¬a_R`: exactly one of R's placements `p` is chosen; `p → x_k`
//!   for its cells; `x_k → ∨ {p of R covering k}` for k in R. Assumed, R's shaded cells are
//!   exactly its chosen placement's (one placement, every shaded cell covered by it, all its
//!   cells shaded): R holds one tetromino (not the square, which has no placement). And
//!   `p → t[k][shape p]` for its cells: every shaded cell of R has `t` of R's shape.
//! - Border pair e = (u, v), each shape s: `¬b[e] ∨ ¬t[u][s] ∨ ¬t[v][s]`. Assumed `b[e]`
//!   (u, v in different rooms), with the `t` implications above: u, v not both shaded with
//!   their rooms of one shape — the rule at that border.
//!
//! No clause asks for an activation or `b[e]` to be true, nor for a `t` or a placement to be
//! true except through a room's guarded clauses: setting the guards of rooms and borders not
//! in the layout false (and `t`, placements outside active rooms false) satisfies every
//! guarded clause they head. So a model's shading is a solution of the layout, and every
//! solution extends to a model: the solutions correspond to the models' shadings.
//!
//! The generator also asks about partial layouts, where some cells are in no room yet: those
//! cells are assumed unshaded, and borders count only between two cells in rooms — the
//! layout's solutions with those cells unshaded, whatever rooms they join later.

use crate::shapes::{placements, shape_of};
use std::collections::HashMap;
use wellposed_engine::connectivity::{connected, grid_pairs, Edge, Structure};
use wellposed_engine::sat::{Cnf, Lit, Var};
use wellposed_engine::{Incremental, OpenCells, Options};

pub struct RoomsOracle {
    solver: Incremental,
    rows: usize,
    cols: usize,
    /// The next free variable.
    next: u32,
    /// The grid pairs and, per pair, its "different rooms" literal.
    pairs: Vec<(usize, usize)>,
    border: Vec<Lit>,
    /// `t[k][s]`, see the module's documentation.
    t: Vec<[Lit; 4]>,
    /// The connectivity constraint whose cuts are added as models need them.
    sea: Structure,
    /// Each placement met (its cells) and its variable.
    placements: HashMap<[usize; 4], Lit>,
    /// Each room met (its cells, sorted) and the literal that switches its clauses on.
    rooms: HashMap<Vec<usize>, Lit>,
    /// The planted shading and the solutions found so far (shaded cells): moves are local,
    /// so many still fit the next layout tried; their differences are open cells found
    /// without the solver. Its `last_other`: the last solution found that differs from the
    /// planted shading.
    pub open: OpenCells,
    /// Solver calls (with their rounds of cuts), for the generator's report.
    pub checks: usize,
}

/// The most solutions kept in the pool (the oldest are the least likely to still fit).
const POOL: usize = 2_000;

impl RoomsOracle {
    /// The room-independent rules of a `rows`×`cols` board, for the planted shading
    /// `planted`, in the solver the options name.
    pub fn new(
        rows: usize,
        cols: usize,
        planted: &[bool],
        opts: &Options,
    ) -> Result<RoomsOracle, String> {
        let n = rows * cols;
        let mut solver = Incremental::new(opts).map_err(|e| e.to_string())?;
        let pairs = grid_pairs(rows, cols);
        let mut cnf = Cnf::new();
        let x: Vec<Lit> = cnf.new_vars(n).iter().map(|v| v.positive()).collect();
        let t: Vec<[Lit; 4]> = (0..n)
            .map(|_| [0; 4].map(|_| cnf.new_var().positive()))
            .collect();
        let border: Vec<Lit> = pairs.iter().map(|_| cnf.new_var().positive()).collect();
        for r in 0..rows.saturating_sub(1) {
            for c in 0..cols.saturating_sub(1) {
                let k = r * cols + c;
                cnf.add_clause(&[!x[k], !x[k + 1], !x[k + cols], !x[k + cols + 1]]);
            }
        }
        for (e, &(u, v)) in pairs.iter().enumerate() {
            for (tu, tv) in t[u].iter().zip(&t[v]) {
                cnf.add_clause(&[!border[e], !*tu, !*tv]);
            }
        }
        let edges = pairs.iter().map(|&(a, b)| Edge::fixed(a, b)).collect();
        let sea = connected(&mut cnf, x, edges, true);
        solver.add_cnf(&cnf);
        Ok(RoomsOracle {
            solver,
            rows,
            cols,
            next: cnf.num_vars(),
            pairs,
            border,
            t,
            sea,
            placements: HashMap::new(),
            rooms: HashMap::new(),
            open: OpenCells::new(planted.to_vec(), POOL),
            checks: 0,
        })
    }

    fn placement(&mut self, cells: [usize; 4]) -> Lit {
        let next = &mut self.next;
        *self.placements.entry(cells).or_insert_with(|| {
            *next += 1;
            Var(*next - 1).positive()
        })
    }

    /// The activation literal of a room (its cells, sorted), its guarded clauses added when
    /// first met.
    fn activation(&mut self, room: &[usize]) -> Lit {
        if let Some(&a) = self.rooms.get(room) {
            return a;
        }
        let mut in_room = vec![false; self.rows * self.cols];
        for &k in room {
            in_room[k] = true;
        }
        let ps: Vec<([usize; 4], Lit, usize)> = placements(self.rows, self.cols, room, &in_room)
            .into_iter()
            .map(|(cells, shape)| (cells, self.placement(cells), shape.index()))
            .collect();
        // A scratch formula numbered after every variable used so far, so its auxiliary
        // variables are new to the solver.
        let mut cnf = Cnf::new();
        cnf.reserve_vars(self.next);
        let a = cnf.new_var().positive();
        let chosen: Vec<Lit> = ps.iter().map(|p| p.1).collect();
        cnf.exactly_k(&chosen, 1);
        for &(cells, p, s) in &ps {
            for k in cells {
                cnf.add_clause(&[!p, Var(k as u32).positive()]);
                cnf.add_clause(&[!p, self.t[k][s]]);
            }
        }
        for &k in room {
            let mut cover = vec![Var(k as u32).negative()];
            cover.extend(ps.iter().filter(|p| p.0.contains(&k)).map(|p| p.1));
            cnf.add_clause(&cover);
        }
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
    #[cfg(test)]
    pub fn open_cells(&mut self, rooms: &crate::Rooms, bound: usize) -> Result<Vec<usize>, String> {
        self.open_cells_of(&rooms.of, bound)
    }

    /// [`RoomsOracle::open_cells`] of a partial layout: `label[k]` is cell k's room (rooms
    /// numbered from 0, each connected), or `usize::MAX` for a cell in no room yet, held
    /// unshaded.
    pub fn open_cells_of(&mut self, label: &[usize], bound: usize) -> Result<Vec<usize>, String> {
        let count_rooms = label
            .iter()
            .filter(|&&l| l != usize::MAX)
            .max()
            .map_or(0, |&l| l + 1);
        let mut cells: Vec<Vec<usize>> = vec![Vec::new(); count_rooms];
        for (k, &l) in label.iter().enumerate() {
            if l != usize::MAX {
                cells[l].push(k);
            }
        }
        let mut assumptions: Vec<Lit> = cells.iter().map(|r| self.activation(r)).collect();
        for (e, &(u, v)) in self.pairs.iter().enumerate() {
            if label[u] != usize::MAX && label[v] != usize::MAX && label[u] != label[v] {
                assumptions.push(self.border[e]);
            }
        }
        for (k, &l) in label.iter().enumerate() {
            if l == usize::MAX {
                assumptions.push(Var(k as u32).negative());
            }
        }
        let n = self.open.planted().len();
        let (pairs, cols) = (&self.pairs, self.cols);
        let (solver, sea) = (&mut self.solver, &self.sea);
        let (next, checks) = (&mut self.next, &mut self.checks);
        self.open.cells(
            bound,
            |m| fits(pairs, cols, &cells, label, m),
            |differ| {
                let select = Var(*next);
                *next += 1;
                solver.with_clause(differ, select, &mut assumptions, |solver, assumed| {
                    solve_connected(solver, sea, checks, n, assumed)
                })
            },
        )
    }
}

/// Whether shading `m` keeps the room rules of the rooms `cells` (`label`: each cell's
/// room, `usize::MAX` for a cell in none, held unshaded): one tetromino a room, equal
/// shapes not touching across a border. The pool's shadings keep the other rules.
fn fits(
    pairs: &[(usize, usize)],
    cols: usize,
    cells: &[Vec<usize>],
    label: &[usize],
    m: &[bool],
) -> bool {
    if (0..m.len()).any(|k| m[k] && label[k] == usize::MAX) {
        return false;
    }
    let mut shape = Vec::with_capacity(cells.len());
    for r in cells {
        let on: Vec<usize> = r.iter().copied().filter(|&k| m[k]).collect();
        match shape_of(&on, cols) {
            Some(s) => shape.push(s),
            None => return false,
        }
    }
    pairs.iter().all(|&(u, v)| {
        let (ru, rv) = (label[u], label[v]);
        ru == rv || !m[u] || !m[v] || shape[ru] != shape[rv]
    })
}

/// A solve under `assumptions`, cutting off disconnected shadings until a model is
/// connected: the shading, or `None` when there is none.
fn solve_connected(
    solver: &mut Incremental,
    sea: &Structure,
    checks: &mut usize,
    n: usize,
    assumptions: &[Lit],
) -> Result<Option<Vec<bool>>, String> {
    loop {
        let sat = solver.solve(assumptions).map_err(|e| e.to_string())?;
        *checks += 1;
        if !sat {
            return Ok(None);
        }
        let m = solver.model(n);
        let value = |l: Lit| l.var().index() < n && m[l.var().index()] == l.is_positive();
        let cuts = sea.cuts(&value);
        if cuts.is_empty() {
            return Ok(Some(m));
        }
        for cut in &cuts {
            solver.add_clause(cut);
        }
    }
}
