//! Sized components (Fillomino's regions): every vertex carries a size label, and the component
//! of every vertex, through the edges that are there, has exactly as many vertices as its
//! label. All vertices are present; an edge with a literal is there when it is true ("these two
//! cells are in one region"). A component's vertices then all share its label.
//!
//! A label is written in the **order encoding**: `at_least[v][i]` says "v's label is at least
//! i + 2", so the label is 1 up to `at_least[v].len() + 1` (the vertex's domain bound D(v)).
//! The order encoding lets one cut speak of every label at once: "this set is too small for
//! any label above m" is one literal, `at_least[v][m − 1]`.
//!
//! The constructor adds the clauses that hold in every solution (invariant 5): the order
//! encoding's chain (`≥ i + 3 → ≥ i + 2`), and equal labels across an edge that is there (the
//! two ends share a component, so a size).
//!
//! # The lazy face
//!
//! For each vertex v of a model whose component S (|S| = m) differs from its label k:
//! - m < k: `¬(label(v) ≥ m + 1) ∨ (some edge literal leaving S)`. Valid: with every edge
//!   leaving S off (an edge leaving S without a literal would be there, so S would not be a
//!   component), v's component lies inside S and has at most m vertices, fewer than a label
//!   above m. False in the model: the label is k > m and S is a whole component.
//! - m > k: the first k + 1 vertices of a breadth-first tree from v inside S, and the clause
//!   `label(v) ≥ k + 1 ∨ (a literal of a tree edge off)` (the first literal is left out when k
//!   is v's largest label). Valid: with the tree's edges there, v's component has at least
//!   k + 1 vertices, so its label is not k or below. False in the model.
//!
//! A model that breaks the constraint has such a vertex, so it is cut (invariant 2).
//!
//! # The complete face
//!
//! Every component has a root, its least vertex. `a[v][u]` ("v's component has root u") exists
//! for u ≤ v within distance min(D(u), D(v)) − 1 of each other (a component of k vertices is
//! no wider than k − 1, and its label is at most both bounds); `a[u][u]` is "u is a root".
//! Clauses: each vertex has exactly one root; the ends of an edge that is there have the same
//! root; the rooted forest of `full.rs` (every vertex a root or joined to a parent of lower
//! level through an edge that is there) makes a root's class connected, so classes are the
//! components; a sequential counter over each root's candidates, exact both ways (its output
//! j is true exactly when at least j of them are in), equals the root's label when u is a
//! root. With the constructor's clauses (labels equal across an edge that is there) every
//! vertex's label is its component's size. Conversely a solution extends: roots as the least
//! vertices, breadth-first levels. Size: Σᵤ |candidates of u| · (D(u) + 1) counter variables
//! with four clauses each, plus the forest's O(|E| log n): on a grid with labels up to K,
//! O(n · K³).

use super::{full, Edge, Structure};
use wellposed_sat::{AmoEncoding, Cnf, Lit};

/// See the module's documentation.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SizedComponents {
    /// Per vertex, its label in the order encoding: `at_least[v][i]` is "label ≥ i + 2".
    pub at_least: Vec<Vec<Lit>>,
    pub edges: Vec<Edge>,
}

/// Every vertex's component, through `edges`, has as many vertices as its label (order
/// encoded in `at_least`, see [`SizedComponents`]). Adds the clauses every solution keeps (the
/// order chain, equal labels across an edge that is there; an edge without a literal between
/// vertices whose domains cannot meet makes the formula unsatisfiable) and returns the
/// structure.
///
/// # Panics
/// When an edge names a vertex outside `0..at_least.len()`.
pub fn sized_components(cnf: &mut Cnf, at_least: Vec<Vec<Lit>>, edges: Vec<Edge>) -> Structure {
    super::check_edges(at_least.len(), &edges);
    for ge in &at_least {
        for w in ge.windows(2) {
            cnf.add_clause(&[!w[1], w[0]]);
        }
    }
    for e in &edges {
        let off: Vec<Lit> = e.lit.map(|l| !l).into_iter().collect();
        for (x, y) in [(e.a, e.b), (e.b, e.a)] {
            for (i, &g) in at_least[x].iter().enumerate() {
                let mut clause = off.clone();
                clause.push(!g);
                if let Some(&h) = at_least[y].get(i) {
                    clause.push(h);
                }
                cnf.add_clause(&clause);
            }
        }
    }
    Structure::Sized(SizedComponents { at_least, edges })
}

/// A label read from a model: 1 + the number of leading true `at_least` literals.
fn label(ge: &[Lit], value: &dyn Fn(Lit) -> bool) -> usize {
    1 + ge.iter().take_while(|&&l| value(l)).count()
}

pub(super) fn cuts(s: &SizedComponents, value: &dyn Fn(Lit) -> bool) -> Vec<Vec<Lit>> {
    let n = s.at_least.len();
    let mut adj: Vec<Vec<(usize, usize)>> = vec![Vec::new(); n];
    for (k, e) in s.edges.iter().enumerate() {
        if e.lit.is_none_or(value) {
            adj[e.a].push((e.b, k));
            adj[e.b].push((e.a, k));
        }
    }
    let mut of = vec![usize::MAX; n];
    let mut out = Vec::new();
    for start in 0..n {
        if of[start] != usize::MAX {
            continue;
        }
        let mut part = vec![start];
        of[start] = start;
        let mut head = 0;
        while head < part.len() {
            let v = part[head];
            head += 1;
            for &(w, _) in &adj[v] {
                if of[w] == usize::MAX {
                    of[w] = start;
                    part.push(w);
                }
            }
        }
        let m = part.len();
        let mut leaving: Option<Vec<Lit>> = None;
        for &v in &part {
            let k = label(&s.at_least[v], value);
            if k > m {
                let boundary = leaving.get_or_insert_with(|| {
                    let mut b: Vec<Lit> = s
                        .edges
                        .iter()
                        .filter(|e| (of[e.a] == start) != (of[e.b] == start))
                        .filter_map(|e| e.lit)
                        .collect();
                    b.sort_unstable();
                    b.dedup();
                    b
                });
                let mut clause = vec![!s.at_least[v][m - 1]];
                clause.extend(boundary.iter().copied());
                out.push(clause);
            } else if k < m {
                out.push(tree_clause(s, &adj, v, k));
            }
        }
    }
    out
}

/// `label(v) ≥ k + 1 ∨ (a tree edge's literal off)` for a breadth-first tree of k + 1
/// vertices from v over the edges that are there.
fn tree_clause(s: &SizedComponents, adj: &[Vec<(usize, usize)>], v: usize, k: usize) -> Vec<Lit> {
    let mut clause: Vec<Lit> = s.at_least[v].get(k - 1).copied().into_iter().collect();
    let mut reached = vec![v];
    let mut seen = std::collections::HashSet::from([v]);
    let mut head = 0;
    'search: while head < reached.len() {
        let x = reached[head];
        head += 1;
        for &(w, e) in &adj[x] {
            if seen.insert(w) {
                reached.push(w);
                clause.extend(s.edges[e].lit.map(|l| !l));
                if reached.len() > k {
                    break 'search;
                }
            }
        }
    }
    clause.sort_unstable();
    clause.dedup();
    clause
}

/// Graph distances from `from` up to `radius`, over every edge (`usize::MAX` beyond).
fn distances(adj: &[Vec<usize>], from: usize, radius: usize) -> Vec<usize> {
    let mut dist = vec![usize::MAX; adj.len()];
    dist[from] = 0;
    let mut order = vec![from];
    let mut head = 0;
    while head < order.len() {
        let v = order[head];
        head += 1;
        if dist[v] >= radius {
            continue;
        }
        for &w in &adj[v] {
            if dist[w] == usize::MAX {
                dist[w] = dist[v] + 1;
                order.push(w);
            }
        }
    }
    dist
}

/// Outputs `out[j − 1]` ↔ "at least j of `lits` are true", for j = 1..=cap: a sequential
/// counter with both directions of each step, so the outputs are determined by the inputs.
fn exact_counter(cnf: &mut Cnf, lits: &[Lit], cap: usize, fals: Lit) -> Vec<Lit> {
    let mut s = vec![fals; cap];
    for (i, &x) in lits.iter().enumerate() {
        let mut next = s.clone();
        for j in 0..cap.min(i + 1) {
            let t = cnf.new_var().positive();
            // t ↔ s[j] ∨ (s[j − 1] ∧ x), with s[−1] true.
            cnf.add_clause(&[!s[j], t]);
            cnf.add_clause(&[!t, s[j], x]);
            if j == 0 {
                cnf.add_clause(&[!x, t]);
            } else {
                cnf.add_clause(&[!s[j - 1], !x, t]);
                cnf.add_clause(&[!t, s[j], s[j - 1]]);
            }
            next[j] = t;
        }
        s = next;
    }
    s
}

pub(super) fn encode_complete(cnf: &mut Cnf, s: &SizedComponents) {
    let n = s.at_least.len();
    let bound: Vec<usize> = s.at_least.iter().map(|g| g.len() + 1).collect();
    let mut adj: Vec<Vec<usize>> = vec![Vec::new(); n];
    for e in &s.edges {
        adj[e.a].push(e.b);
        adj[e.b].push(e.a);
    }
    let t = cnf.new_var().positive();
    cnf.add_clause(&[t]);
    // member[v]: (root u, a[v][u]).
    let mut member: Vec<Vec<(usize, Lit)>> = vec![Vec::new(); n];
    let mut roots = Vec::with_capacity(n);
    for u in 0..n {
        let dist = distances(&adj, u, bound[u] - 1);
        let mut lits = Vec::new();
        for v in u..n {
            if dist[v] < bound[u].min(bound[v]) {
                let a = cnf.new_var().positive();
                member[v].push((u, a));
                lits.push(a);
            }
        }
        let root = lits[0];
        roots.push(full::Root::When(root));
        // When u is a root its class has exactly label(u) vertices.
        let count = exact_counter(cnf, &lits, bound[u] + 1, !t);
        for j in 2..=bound[u] {
            let ge = s.at_least[u][j - 2];
            cnf.add_clause(&[!root, !ge, count[j - 1]]);
            cnf.add_clause(&[!root, ge, !count[j - 1]]);
        }
        cnf.add_clause(&[!root, !count[bound[u]]]);
    }
    for of in &member {
        let lits: Vec<Lit> = of.iter().map(|&(_, a)| a).collect();
        cnf.add_clause(&lits);
        cnf.at_most_one(&lits, AmoEncoding::Auto);
    }
    for e in &s.edges {
        for (x, y) in [(e.a, e.b), (e.b, e.a)] {
            for &(u, a) in &member[x] {
                let mut clause = vec![!a];
                clause.extend(e.lit.map(|l| !l));
                if let Some(&(_, b)) = member[y].iter().find(|&&(w, _)| w == u) {
                    clause.push(b);
                }
                cnf.add_clause(&clause);
            }
        }
    }
    full::forest(cnf, &vec![t; n], &s.edges, &roots);
}
