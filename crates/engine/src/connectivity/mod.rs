//! Graph constraints a CNF cannot say cheaply: a connected set of vertices, a single cycle
//! over chosen edges, a partition of chosen vertices into connected regions, each with
//! one clue (and, where the clue says, a given size), and sized components (every vertex's
//! component as large as its size label, clue or none: Fillomino; `sized.rs` states its
//! cuts and complete encoding). Grid cells, cell corners and rooms are
//! all just graphs: vertices `0..n` and a list of [`Edge`]s.
//!
//! Each constraint is a [`Structure`] attached to a [`CnfEncoding`] (its `lazy` field), and
//! it has two faces:
//!
//! - **Lazy cuts** ([`Structure::cuts`]): the solve / uniqueness / enumerate / blocking-count
//!   loop (`solve/enumerate.rs`, `enumerate_on`) asks every structure about each model the SAT solver
//!   finds. A model that breaks a structure is neither counted nor blocked: the structure
//!   returns clauses that the model falsifies, they are added to the solver, and the solve
//!   repeats.
//! - **Inside the search** (`theory.rs`, [`Connected`] only): with CaDiCaL, the solve loop
//!   hands the connected sets to the solver as a `wellposed_sat::Theory`, which refutes a
//!   partial assignment whose present vertices can no longer be joined, and checks each full
//!   model with the lazy cuts before the solver answers; the loop then finds nothing to cut.
//! - **A complete encoding** ([`Structure::encode_complete`], through
//!   [`CnfEncoding::completed`]): auxiliary variables and clauses whose models, projected on
//!   the formula's own variables, are exactly the assignments that keep the constraint. Every
//!   path that hands the CNF to something other than the lazy-aware loop (the model counter,
//!   DRAT certification, DIMACS export, the deduction engine, the backbone) takes this.
//!
//! # Invariants
//!
//! 1. **Every cut is valid**: it is satisfied by every assignment that keeps the constraint
//!    (whatever the rest of the puzzle says), so adding cuts never removes a solution.
//! 2. **A violated model is cut**: when [`Structure::cuts`] returns clauses for a model, at
//!    least one of them is false in that model, so the loop never finds the same model again
//!    and ends (there are finitely many models); when it returns none, the model keeps the
//!    constraint.
//! 3. Together: the lazy loop accepts exactly the models that keep every structure, so solve,
//!    uniqueness and blocking counts see exactly the puzzle's solutions.
//! 4. **The complete encoding is exact on projection**: an assignment of the variables that
//!    existed before [`Structure::encode_complete`] extends to a model of the added clauses if
//!    and only if it keeps the constraint. Its auxiliary variables are never answer variables.
//! 5. Each constructor ([`connected`], [`single_cycle`], [`regions`], [`sized_components`])
//!    adds at once the short clauses that hold in every solution (a used edge's ends are
//!    present, a cycle's degrees, a clue vertex is present, a size label's order chain and
//!    equal labels across an edge that is there): they stay in the formula on both paths.
//!
//! The tests (`tests.rs`) hold both faces against brute force over every assignment of small
//! graphs. [`loop_rules`] gives the deduction rules every loop genre shares (`rules.rs`).

mod cuts;
mod full;
mod random;
mod rules;
mod sized;
#[cfg(test)]
mod tests;
mod theory;

use crate::CnfEncoding;
pub use random::{is_single_loop, random_grid_loop};
pub use rules::{loop_rules, LoopGraph};
pub use sized::{sized_components, SizedComponents};
use wellposed_sat::{Cnf, Lit};

/// An edge between two vertices. `lit: None` is always there (two adjacent cells); `Some(e)`
/// is there when `e` is true (a loop segment, "these two cells are in one region"). An edge
/// joins its ends only when both are present: the constructors add `e → present(end)` for
/// both ends, so a used edge's ends are present.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Edge {
    pub a: usize,
    pub b: usize,
    pub lit: Option<Lit>,
}

impl Edge {
    /// An edge that is always there.
    pub fn fixed(a: usize, b: usize) -> Edge {
        Edge { a, b, lit: None }
    }

    /// An edge that is there when `lit` is true.
    pub fn when(a: usize, b: usize, lit: Lit) -> Edge {
        Edge {
            a,
            b,
            lit: Some(lit),
        }
    }
}

/// The vertices whose literal is true form one connected set, through the edges that are
/// there (see [`Edge`]); with `nonempty`, at least one vertex is present.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Connected {
    /// Vertex v is present when `present[v]` is true.
    pub present: Vec<Lit>,
    pub edges: Vec<Edge>,
    pub nonempty: bool,
    /// Also checked inside CaDiCaL's search once the solve loop has needed a round of cuts
    /// (`theory.rs`). False for a loop's ([`single_cycle`]): there it measured slower than
    /// the lazy loop alone (Masyu's and Slitherlink's corpora 1.4–1.6×, BENCHMARKS.md,
    /// "Connectivity inside CaDiCaL's search").
    pub in_search: bool,
}

/// A clue vertex of [`Regions`]: its region must hold it and no other clue, and have `size`
/// vertices when a size is given.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Clue {
    pub vertex: usize,
    pub size: Option<usize>,
}

/// The present vertices split into regions, the connected components through the edges that
/// are there; every region holds exactly one clue vertex, and as many vertices as its clue's
/// size when it has one (Nurikabe's islands; Fillomino's and LITS's regions with edge
/// literals saying "same region"). Clue vertices are present.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Regions {
    pub present: Vec<Lit>,
    pub edges: Vec<Edge>,
    pub clues: Vec<Clue>,
}

/// How many rounds of cuts a question may take between two accepted models under a conflict
/// bound (`--conflicts N`). The bound is on each SAT call, and a lazy loop makes many calls
/// for one answer (each cheap, but without end on a bad case): so each round of cuts counts
/// as one conflict against the same N, and the loop stops with "conflicts" once it has made
/// N rounds without an accepted model. Without a bound, rounds are not limited (the loop ends:
/// invariant 2).
#[derive(Clone, Copy, Debug)]
pub(crate) struct CutRounds {
    cap: Option<u32>,
    rounds: u32,
    total: u64,
}

impl CutRounds {
    pub(crate) fn new(limits: &wellposed_sat::Limits) -> CutRounds {
        CutRounds {
            cap: limits.conflicts,
            rounds: 0,
            total: 0,
        }
    }

    /// One more round of cuts; `Err` (the backend's "stopped by conflicts") past the cap.
    pub(crate) fn another(&mut self) -> Result<(), wellposed_sat::BackendError> {
        self.rounds += 1;
        self.total += 1;
        match self.cap {
            Some(cap) if self.rounds > cap => Err(wellposed_sat::BackendError::Stopped {
                reason: "conflicts",
            }),
            _ => Ok(()),
        }
    }

    /// Every round so far, for the log.
    pub(crate) fn total(&self) -> u64 {
        self.total
    }

    /// A model was accepted: the next answer has its own rounds.
    pub(crate) fn accepted(&mut self) {
        self.rounds = 0;
    }
}

/// A graph constraint attached to a CNF encoding (see the module's documentation).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Structure {
    Connected(Connected),
    Regions(Regions),
    Sized(SizedComponents),
}

impl Structure {
    /// Clauses that cut off a model breaking the constraint (`value` gives each literal's
    /// value in the model), or none when the model keeps it. Invariants 1 and 2 of the module.
    pub fn cuts(&self, value: &dyn Fn(Lit) -> bool) -> Vec<Vec<Lit>> {
        match self {
            Structure::Connected(c) => cuts::connected(c, value),
            Structure::Regions(r) => cuts::regions(r, value),
            Structure::Sized(s) => sized::cuts(s, value),
        }
    }

    /// Whether the assignment `value` keeps the constraint (no cut needed).
    pub fn holds(&self, value: &dyn Fn(Lit) -> bool) -> bool {
        self.cuts(value).is_empty()
    }

    /// Appends the complete encoding to `cnf` (invariant 4). Its size counts against the
    /// formula's memory budget like any clause (see [`Cnf::over_budget`]).
    pub fn encode_complete(&self, cnf: &mut Cnf) {
        match self {
            Structure::Connected(c) => full::connected(cnf, c),
            Structure::Regions(r) => full::regions(cnf, r),
            Structure::Sized(s) => sized::encode_complete(cnf, s),
        }
    }

    fn edges(&self) -> &[Edge] {
        match self {
            Structure::Connected(c) => &c.edges,
            Structure::Regions(r) => &r.edges,
            Structure::Sized(s) => &s.edges,
        }
    }

    fn present(&self) -> &[Lit] {
        match self {
            Structure::Connected(c) => &c.present,
            Structure::Regions(r) => &r.present,
            // Every vertex is present; its cuts find their components without this.
            Structure::Sized(_) => unreachable!("sized components have no presence literals"),
        }
    }
}

/// Gives `solver` the theory of `lazy`'s connected sets (checked inside its search, see
/// `theory.rs`), where it has any and the backend takes one. The lazy loop stays the safety
/// net: it then finds no cuts for them. Call after the formula's clauses are added (CaDiCaL
/// settles a variable's name, phase hints included, when it first sees it).
pub(crate) fn attach_theory(solver: &mut dyn wellposed_sat::Backend, lazy: &[Structure]) -> bool {
    match theory::theory(lazy) {
        Some(t) => solver.set_theory(Box::new(t)),
        None => false,
    }
}

/// Readies `solver` for [`attach_theory`] after some solves (CaDiCaL keeps the variables of
/// `lazy`'s connected sets out of its simplification). Call once the formula is added.
/// False when there is nothing to hand over.
pub(crate) fn keep_for_theory(solver: &mut dyn wellposed_sat::Backend, lazy: &[Structure]) -> bool {
    use wellposed_sat::Theory;
    match theory::theory(lazy) {
        Some(t) => {
            solver.keep_for_theory(&t.observed());
            true
        }
        None => false,
    }
}

/// The cuts every structure of `lazy` asks of a model (`model[v]`: variable v's value).
pub fn cuts_of(lazy: &[Structure], model: &[bool]) -> Vec<Vec<Lit>> {
    let value = |l: Lit| model.get(l.var().index()).copied().unwrap_or(false) == l.is_positive();
    lazy.iter().flat_map(|s| s.cuts(&value)).collect()
}

/// Adds `e → present(end)` for the edges with a literal (invariant 5).
fn edge_ends_present(cnf: &mut Cnf, present: &[Lit], edges: &[Edge]) {
    for e in edges {
        if let Some(l) = e.lit {
            cnf.add_clause(&[!l, present[e.a]]);
            cnf.add_clause(&[!l, present[e.b]]);
        }
    }
}

/// The vertices `present` form one connected set through `edges`; with `nonempty`, at least
/// one is present. Adds the clauses every solution keeps (an edge with a literal implies its
/// ends, and the clause "some vertex" when `nonempty`) and returns the structure, for the
/// encoding's `lazy` list.
///
/// # Panics
/// When an edge names a vertex outside `0..present.len()`.
pub fn connected(cnf: &mut Cnf, present: Vec<Lit>, edges: Vec<Edge>, nonempty: bool) -> Structure {
    check_edges(present.len(), &edges);
    edge_ends_present(cnf, &present, &edges);
    if nonempty {
        cnf.add_clause(&present);
    }
    Structure::Connected(Connected {
        present,
        edges,
        nonempty,
        in_search: true,
    })
}

/// Exactly one cycle over the chosen edges of a graph on `vertices` vertices: every vertex
/// meets 0 or 2 chosen edges (added here as clauses) and the vertices met form one connected
/// set through the chosen edges (the returned structure). A connected graph whose vertices all
/// have degree 2 is one cycle, so the two together say "one loop" (or none, unless
/// `nonempty`). Returns the structure and each vertex's "on the loop" literal.
///
/// # Panics
/// When an edge names a vertex outside `0..vertices`.
pub fn single_cycle(
    cnf: &mut Cnf,
    vertices: usize,
    edges: &[(usize, usize, Lit)],
    nonempty: bool,
) -> (Structure, Vec<Lit>) {
    let mut incident: Vec<Vec<Lit>> = vec![Vec::new(); vertices];
    for &(a, b, e) in edges {
        assert!(
            a < vertices && b < vertices,
            "edge ({a}, {b}) outside the graph"
        );
        incident[a].push(e);
        incident[b].push(e);
    }
    let mut used = Vec::with_capacity(vertices);
    for at in &incident {
        let u = cnf.new_var().positive();
        // used ↔ some incident edge.
        let mut some = vec![!u];
        some.extend(at);
        cnf.add_clause(&some);
        for &e in at {
            cnf.add_clause(&[!e, u]);
        }
        // Degree 0 or 2: no edge alone, never three.
        for (k, &e) in at.iter().enumerate() {
            let mut other = vec![!e];
            other.extend(
                at.iter()
                    .enumerate()
                    .filter(|&(j, _)| j != k)
                    .map(|(_, &f)| f),
            );
            cnf.add_clause(&other);
        }
        if at.len() <= 6 {
            for i in 0..at.len() {
                for j in i + 1..at.len() {
                    for k in j + 1..at.len() {
                        cnf.add_clause(&[!at[i], !at[j], !at[k]]);
                    }
                }
            }
        } else {
            cnf.at_most_k(at, 2);
        }
        used.push(u);
    }
    let gated = edges.iter().map(|&(a, b, e)| Edge::when(a, b, e)).collect();
    let mut s = connected(cnf, used.clone(), gated, nonempty);
    if let Structure::Connected(c) = &mut s {
        c.in_search = false;
    }
    (s, used)
}

/// The present vertices split into connected regions, each holding exactly one of `clues`
/// (and as many vertices as its size, when given). Adds the clauses every solution keeps
/// (clue vertices are present, an edge with a literal implies its ends; a clue of size 0, or
/// two clues on one vertex, make the formula unsatisfiable) and returns the structure.
///
/// # Panics
/// When an edge or a clue names a vertex outside `0..present.len()`.
pub fn regions(cnf: &mut Cnf, present: Vec<Lit>, edges: Vec<Edge>, clues: Vec<Clue>) -> Structure {
    check_edges(present.len(), &edges);
    edge_ends_present(cnf, &present, &edges);
    let mut seen = vec![false; present.len()];
    for c in &clues {
        assert!(
            c.vertex < present.len(),
            "clue at {} outside the graph",
            c.vertex
        );
        cnf.add_clause(&[present[c.vertex]]);
        if c.size == Some(0) || seen[c.vertex] {
            cnf.add_clause(&[]);
        }
        seen[c.vertex] = true;
    }
    Structure::Regions(Regions {
        present,
        edges,
        clues,
    })
}

fn check_edges(n: usize, edges: &[Edge]) {
    for e in edges {
        assert!(
            e.a < n && e.b < n,
            "edge ({}, {}) outside the graph",
            e.a,
            e.b
        );
    }
}

impl CnfEncoding {
    /// A CNF encoding with no graph constraints.
    pub fn new(cnf: Cnf, answer: Vec<wellposed_sat::Var>, names: Vec<String>) -> CnfEncoding {
        CnfEncoding {
            cnf,
            answer,
            names,
            lazy: Vec::new(),
        }
    }

    /// The encoding as a plain formula: each lazy structure's complete encoding appended
    /// (invariant 4), `lazy` left empty. For every path that hands the CNF to anything but the
    /// lazy-aware loop. The caller checks the result against the budget
    /// ([`crate::within_budget`]).
    pub fn completed(mut self) -> CnfEncoding {
        for s in std::mem::take(&mut self.lazy) {
            s.encode_complete(&mut self.cnf);
        }
        self
    }

    /// Whether the encoding has graph constraints left to the lazy loop.
    pub fn is_lazy(&self) -> bool {
        !self.lazy.is_empty()
    }
}

/// The graph of an `rows` × `cols` grid of points (cells, or corners): vertex `r * cols + c`,
/// with the horizontal then the vertical neighbours as `(a, b)` pairs.
pub fn grid_pairs(rows: usize, cols: usize) -> Vec<(usize, usize)> {
    let mut pairs = Vec::new();
    for r in 0..rows {
        for c in 0..cols {
            if c + 1 < cols {
                pairs.push((r * cols + c, r * cols + c + 1));
            }
        }
    }
    for r in 0..rows {
        for c in 0..cols {
            if r + 1 < rows {
                pairs.push((r * cols + c, (r + 1) * cols + c));
            }
        }
    }
    pairs
}

/// The two rules that Hitori, Kurodoko and Heyawake share, checked on a finished shading (a
/// family's verification by its rules, not by its encoding): no two shaded cells side by side,
/// and the unshaded cells in one orthogonally connected piece (none at all counts as one).
/// `shaded` is row-major; `name` names a cell for the message.
///
/// ```
/// use wellposed_engine::connectivity::check_apart_and_connected;
/// let name = |k: usize| format!("cell {k}");
/// // A 2×3 grid: shading cells 1 and 3 (a diagonal pair) cuts cell 0 off.
/// let cut_off = [false, true, false, true, false, false];
/// assert_eq!(
///     check_apart_and_connected(2, 3, &cut_off, name),
///     Err("the unshaded cells are not connected".to_string())
/// );
/// // Opposite corners leave the other four cells joined.
/// assert!(check_apart_and_connected(2, 3, &[true, false, false, false, false, true], name).is_ok());
/// assert!(check_apart_and_connected(2, 3, &[true, true, false, false, false, false], name)
///     .unwrap_err()
///     .contains("side by side"));
/// ```
pub fn check_apart_and_connected(
    rows: usize,
    cols: usize,
    shaded: &[bool],
    name: impl Fn(usize) -> String,
) -> Result<(), String> {
    for (a, b) in grid_pairs(rows, cols) {
        if shaded[a] && shaded[b] {
            return Err(format!(
                "{} and {} are both shaded, side by side",
                name(a),
                name(b)
            ));
        }
    }
    let unshaded: Vec<bool> = shaded.iter().map(|&x| !x).collect();
    if crate::rooms::components(rows, cols, &unshaded).len() > 1 {
        return Err("the unshaded cells are not connected".into());
    }
    Ok(())
}

/// Components of the present vertices through the edges that are there, in a model: each
/// component's vertices in order of discovery (breadth first from its smallest vertex), and
/// for each vertex its component (`usize::MAX` when absent).
pub(crate) fn components(s: &Structure, value: &dyn Fn(Lit) -> bool) -> Components {
    let present: Vec<bool> = s.present().iter().map(|&l| value(l)).collect();
    let n = present.len();
    let mut adj: Vec<Vec<(usize, usize)>> = vec![Vec::new(); n];
    for (k, e) in s.edges().iter().enumerate() {
        if present[e.a] && present[e.b] && e.lit.is_none_or(value) {
            adj[e.a].push((e.b, k));
            adj[e.b].push((e.a, k));
        }
    }
    let mut of = vec![usize::MAX; n];
    let mut parts = Vec::new();
    for start in 0..n {
        if !present[start] || of[start] != usize::MAX {
            continue;
        }
        let id = parts.len();
        let mut order = vec![start];
        of[start] = id;
        let mut head = 0;
        while head < order.len() {
            let v = order[head];
            head += 1;
            for &(w, _) in &adj[v] {
                if of[w] == usize::MAX {
                    of[w] = id;
                    order.push(w);
                }
            }
        }
        parts.push(order);
    }
    Components { parts, of, adj }
}

pub(crate) struct Components {
    pub parts: Vec<Vec<usize>>,
    pub of: Vec<usize>,
    /// The edges that are there: (neighbour, edge index) for each vertex.
    pub adj: Vec<Vec<(usize, usize)>>,
}
