//! The complete face: clauses whose models, projected on the variables that were there before,
//! are exactly the assignments keeping the constraint (invariant 4 of the module).
//!
//! Both constraints rest on one device, a **rooted forest**: every present vertex is a root or
//! picks a parent, a present neighbour through an edge that is there, whose level (a binary
//! number of ⌈log₂ n⌉ bits) is strictly smaller. Following parents lowers the level at every
//! step, so every present vertex reaches a root through present vertices and edges that are
//! there; conversely, in a graph where every present vertex is joined to a root, breadth-first
//! distances from the roots are levels that work (each below n). The encoding has
//! O(|E| log n) clauses, so a 40×40 loop's corner graph takes about 10^5.
//!
//! - Connected: the root is the first present vertex in index order (one root exactly when
//!   some vertex is present), so every present vertex is joined to it.
//! - Regions: each present vertex belongs to exactly one clue (`a[v][k]`), the ends of an edge
//!   that is there belong to the same clue, and the roots are the clue vertices: a region's
//!   vertices are joined to its own clue and to no other (an edge joining two regions would
//!   make them one clue's), and its size is counted. Clues with a size only reach the vertices
//!   within that distance, which keeps Nurikabe's encoding small.

use super::{Connected, Edge, Regions};
use wellposed_sat::{AmoEncoding, Cnf, Lit};

/// How a vertex may end the parent chain.
#[derive(Clone, Copy)]
pub(super) enum Root {
    /// It must have a parent when present.
    Never,
    /// It needs none when this literal is true.
    When(Lit),
    /// It needs none.
    Always,
}

/// The rooted forest: every present vertex is a root (as `roots` says) or has a parent of
/// strictly smaller level through an edge that is there. See the module's documentation.
pub(super) fn forest(cnf: &mut Cnf, present: &[Lit], edges: &[Edge], roots: &[Root]) {
    let n = present.len();
    let bits = usize::BITS as usize - n.saturating_sub(1).leading_zeros() as usize;
    let bits = bits.max(1);
    let level: Vec<Vec<Lit>> = (0..n)
        .map(|_| (0..bits).map(|_| cnf.new_var().positive()).collect())
        .collect();
    let mut parents: Vec<Vec<Lit>> = vec![Vec::new(); n];
    for e in edges {
        for (child, parent) in [(e.a, e.b), (e.b, e.a)] {
            if matches!(roots[child], Root::Always) {
                continue;
            }
            let p = cnf.new_var().positive();
            cnf.add_clause(&[!p, present[parent]]);
            if let Some(l) = e.lit {
                cnf.add_clause(&[!p, l]);
            }
            less(cnf, p, &level[parent], &level[child]);
            parents[child].push(p);
        }
    }
    for v in 0..n {
        let mut clause = vec![!present[v]];
        match roots[v] {
            Root::Always => continue,
            Root::When(r) => clause.push(r),
            Root::Never => {}
        }
        clause.extend(&parents[v]);
        cnf.add_clause(&clause);
        cnf.at_most_one(&parents[v], AmoEncoding::Auto);
    }
}

/// `guard → x < y` for two binary numbers (most significant bit last): going down from the top
/// bit, while the bits above are equal (`eq`, starting as `guard`), `x`'s bit is at most `y`'s;
/// equality may not last to the end.
fn less(cnf: &mut Cnf, guard: Lit, x: &[Lit], y: &[Lit]) {
    let mut eq = guard;
    for i in (0..x.len()).rev() {
        cnf.add_clause(&[!eq, !x[i], y[i]]);
        let next = cnf.new_var().positive();
        // Equal here (both 0 or both 1) and above: still equal.
        cnf.add_clause(&[!eq, x[i], y[i], next]);
        cnf.add_clause(&[!eq, !x[i], !y[i], next]);
        eq = next;
    }
    cnf.add_clause(&[!eq]);
}

pub(super) fn connected(cnf: &mut Cnf, c: &Connected) {
    // root[v] ↔ present[v] ∧ no earlier vertex present (`before`: some vertex < v present).
    let mut roots = Vec::with_capacity(c.present.len());
    let mut before: Option<Lit> = None;
    for &x in &c.present {
        let r = cnf.new_var().positive();
        cnf.add_clause(&[!r, x]);
        match before {
            None => cnf.add_clause(&[!x, r]),
            Some(b) => {
                cnf.add_clause(&[!r, !b]);
                cnf.add_clause(&[!x, b, r]);
            }
        }
        let now = cnf.new_var().positive();
        // now ↔ before ∨ x.
        cnf.add_clause(&[!x, now]);
        match before {
            None => cnf.add_clause(&[!now, x]),
            Some(b) => {
                cnf.add_clause(&[!b, now]);
                cnf.add_clause(&[!now, b, x]);
            }
        }
        before = Some(now);
        roots.push(Root::When(r));
    }
    forest(cnf, &c.present, &c.edges, &roots);
}

pub(super) fn regions(cnf: &mut Cnf, r: &Regions) {
    let n = r.present.len();
    let mut adj: Vec<Vec<usize>> = vec![Vec::new(); n];
    for e in &r.edges {
        adj[e.a].push(e.b);
        adj[e.b].push(e.a);
    }
    // member[v]: (clue index, literal "v is in that clue's region").
    let mut member: Vec<Vec<(usize, Lit)>> = vec![Vec::new(); n];
    let mut roots = vec![Root::Never; n];
    for (k, clue) in r.clues.iter().enumerate() {
        roots[clue.vertex] = Root::Always;
        let reach = within(&adj, clue.vertex, clue.size.map(|s| s.saturating_sub(1)));
        let mut lits = Vec::new();
        for v in reach {
            let a = cnf.new_var().positive();
            member[v].push((k, a));
            lits.push(a);
            if v == clue.vertex {
                cnf.add_clause(&[a]);
            }
        }
        if let Some(size) = clue.size {
            cnf.exactly_k(&lits, size as u64);
        }
    }
    for (v, of) in member.iter().enumerate() {
        // present ↔ in exactly one region.
        let lits: Vec<Lit> = of.iter().map(|&(_, a)| a).collect();
        let mut some = vec![!r.present[v]];
        some.extend(&lits);
        cnf.add_clause(&some);
        for &a in &lits {
            cnf.add_clause(&[!a, r.present[v]]);
        }
        cnf.at_most_one(&lits, AmoEncoding::Auto);
    }
    // The ends of an edge that is there share their region.
    for e in &r.edges {
        for (from, to) in [(e.a, e.b), (e.b, e.a)] {
            for &(k, a) in &member[from] {
                let mut clause = vec![!a, !r.present[to]];
                if let Some(l) = e.lit {
                    clause.push(!l);
                }
                if let Some(&(_, b)) = member[to].iter().find(|&&(j, _)| j == k) {
                    clause.push(b);
                }
                cnf.add_clause(&clause);
            }
        }
    }
    forest(cnf, &r.present, &r.edges, &roots);
}

/// The vertices within `radius` steps of `from` (all it reaches when `None`), over every edge.
fn within(adj: &[Vec<usize>], from: usize, radius: Option<usize>) -> Vec<usize> {
    let mut dist = vec![usize::MAX; adj.len()];
    dist[from] = 0;
    let mut order = vec![from];
    let mut head = 0;
    while head < order.len() {
        let v = order[head];
        head += 1;
        if radius.is_some_and(|r| dist[v] >= r) {
            continue;
        }
        for &w in &adj[v] {
            if dist[w] == usize::MAX {
                dist[w] = dist[v] + 1;
                order.push(w);
            }
        }
    }
    order
}
