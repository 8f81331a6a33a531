//! The third face of [`Connected`]: a [`Theory`] checked inside CaDiCaL's search (see
//! `wellposed_sat::theory`), so that a partial assignment that already cannot be connected is
//! refuted at once instead of after a full model and a round of cuts.
//!
//! # The conflict on a partial assignment
//!
//! Take the graph of what may still be there: vertices whose presence literal is not false,
//! edges whose literal (if any) is not false, between two such vertices. If two present
//! (true) vertices u and w lie in different components of it, let C be u's component. Every
//! edge leaving C is missing now, because its literal is false or its outer end x is absent
//! (else x would be in C); call that false literal the edge's boundary literal (`present(x)`
//! where it is false, else the edge's literal). The clause is
//!
//! `¬present(u) ∨ ¬present(w) ∨ (the boundary literals of C)`.
//!
//! **Valid** (invariant 1 of `wellposed_sat::theory`): in any assignment that keeps the
//! constraint with u and w present, a path joins them through present vertices and edges
//! that are there; it starts in C and ends outside, so one of its edges leaves C, to a present
//! x, and is there: both `present(x)` and the edge's literal (when it has one) are true, so
//! the edge's boundary literal, whichever of the two it is, is true. **False now**: u and w
//! are present and every boundary literal was chosen false. Of the components that hold a
//! present vertex, the one with the fewest boundary literals gives the clause (the shortest).
//!
//! On a full assignment the graph of what may be there is the model's own graph, so a model
//! with two components is always refuted here; the model check itself is the lazy face's cuts
//! ([`super::Structure::cuts`]), complete by that module's invariant 2.

use super::{Connected, Structure};
use wellposed_sat::{Assignment, Lit, Theory, Var};

/// The connected-set structures of an encoding (those marked `in_search`) as one theory.
/// Other structures (a loop's connectivity, regions, sized components) stay with the lazy
/// loop.
pub(crate) struct ConnectedTheory {
    graphs: Vec<Graph>,
    /// Per variable: the graphs and places where it is a vertex's or an edge's literal.
    roles: Vec<Vec<(usize, Role)>>,
}

#[derive(Clone, Copy)]
enum Role {
    Vertex(usize),
    Edge(usize),
}

/// One connected set, with what the last search left.
///
/// Invariant of the cache: while `settled` holds, `held` is a set of vertices connected in
/// the graph of what may be there (at the current assignment) that holds every present
/// vertex, so there is no conflict. A search that finds none sets it to the vertices it
/// reached from a present vertex before it had them all. It stays so while no vertex of `held` and no edge inside it goes
/// missing and no vertex outside it becomes present (checked on each new literal), and
/// backtracking keeps it: that only adds to what may be there and takes present vertices
/// away.
struct Graph {
    c: Connected,
    /// Every edge at each vertex: (neighbour, edge index).
    adj: Vec<Vec<(usize, usize)>>,
    /// Scratch: each vertex's component in the last search (`NONE`: not reached).
    comp: Vec<u32>,
    held: Vec<bool>,
    settled: bool,
    /// Scratch: the order of the last search of [`Graph::joined`].
    order: Vec<usize>,
    /// Scratch of [`Graph::reach`]: each reached vertex's parent, `NONE` between searches.
    parent: Vec<u32>,
}

const NONE: u32 = u32::MAX;

/// The most vertices a search of [`Graph::near`] visits: on a grid, enough to go round a
/// cell or two (a cell's opposite neighbours are 4 steps apart around it).
const NEAR: usize = 24;

/// The theory of `lazy`'s connected sets, if it has any.
pub(crate) fn theory(lazy: &[Structure]) -> Option<ConnectedTheory> {
    let graphs: Vec<Graph> = lazy
        .iter()
        .filter_map(|s| match s {
            Structure::Connected(c) if c.in_search => Some(Graph::new(c.clone())),
            _ => None,
        })
        .collect();
    if graphs.is_empty() {
        return None;
    }
    let mut roles: Vec<Vec<(usize, Role)>> = Vec::new();
    let mut note = |l: Lit, at: (usize, Role)| {
        let v = l.var().index();
        if roles.len() <= v {
            roles.resize(v + 1, Vec::new());
        }
        roles[v].push(at);
    };
    for (g, graph) in graphs.iter().enumerate() {
        for (v, &l) in graph.c.present.iter().enumerate() {
            note(l, (g, Role::Vertex(v)));
        }
        for (k, e) in graph.c.edges.iter().enumerate() {
            if let Some(l) = e.lit {
                note(l, (g, Role::Edge(k)));
            }
        }
    }
    Some(ConnectedTheory { graphs, roles })
}

impl Graph {
    fn new(c: Connected) -> Graph {
        let n = c.present.len();
        let mut adj = vec![Vec::new(); n];
        for (k, e) in c.edges.iter().enumerate() {
            adj[e.a].push((e.b, k));
            adj[e.b].push((e.a, k));
        }
        Graph {
            c,
            adj,
            comp: vec![NONE; n],
            held: vec![false; n],
            settled: false,
            order: Vec::with_capacity(n),
            parent: vec![NONE; n],
        }
    }

    /// Whether every present vertex is reached from the first one through what may be there:
    /// a search that stops as soon as it has them all. When so, the vertices it reached are
    /// the new cache (connected, holding every present vertex); else the cache is unsettled.
    fn joined(&mut self, now: &Assignment) -> bool {
        let c = &self.c;
        let mut first = None;
        let mut total = 0usize;
        for (v, &l) in c.present.iter().enumerate() {
            if now.value(l) == Some(true) {
                total += 1;
                first.get_or_insert(v);
            }
        }
        self.held.iter_mut().for_each(|h| *h = false);
        let Some(first) = first else {
            self.settled = true;
            return true;
        };
        self.held[first] = true;
        self.order.clear();
        self.order.push(first);
        let mut reached = 1;
        let mut head = 0;
        while reached < total && head < self.order.len() {
            let v = self.order[head];
            head += 1;
            for &(w, k) in &self.adj[v] {
                if self.held[w] {
                    continue;
                }
                let there = match now.value(c.present[w]) {
                    Some(false) => false,
                    p => {
                        if c.edges[k].lit.is_some_and(|l| now.value(l) == Some(false)) {
                            false
                        } else {
                            reached += usize::from(p == Some(true));
                            true
                        }
                    }
                };
                if there {
                    self.held[w] = true;
                    self.order.push(w);
                }
            }
        }
        self.settled = reached == total;
        self.settled
    }

    /// Mends the cache after the new values of `roles` (every place a literal assigned since
    /// the cache was set appears), where a look around them suffices; false when it cannot
    /// (the cache must then be searched anew). Keeps the invariant of [`Graph`]:
    /// - the vertices of `held` gone are taken out of it all at once, and then the neighbours
    ///   in `held` of what went (those vertices, and the edges inside `held` gone) must be
    ///   joined inside what is left, by one short search ([`Graph::near`]). Each piece of
    ///   what is left touched something that went (`held` was connected), so it is one piece;
    /// - then each vertex outside `held` that is present: a search from it through what may
    ///   be there finds `held` (or `held` holds nothing that may be there), and the path found
    ///   joins `held`; then `held` with the path is connected.
    fn mend(&mut self, now: &Assignment, roles: &[Role]) -> bool {
        let c = &self.c;
        let here = |w: usize| now.value(c.present[w]) != Some(false);
        let mut gone = Vec::new();
        for &role in roles {
            if let Role::Vertex(v) = role {
                if self.held[v] && !here(v) {
                    self.held[v] = false;
                    gone.push(v);
                }
            }
        }
        let mut ends: Vec<usize> = Vec::new();
        for &v in &gone {
            for &(w, _) in &self.adj[v] {
                if self.held[w] {
                    ends.push(w);
                }
            }
        }
        for &role in roles {
            if let Role::Edge(k) = role {
                let e = c.edges[k];
                let lit = e.lit.expect("an edge role has a literal");
                if now.value(lit) == Some(false) && self.held[e.a] && self.held[e.b] {
                    ends.push(e.a);
                    ends.push(e.b);
                }
            }
        }
        ends.sort_unstable();
        ends.dedup();
        ends.retain(|&w| now.value(self.c.present[w]) != Some(false));
        if !self.near(now, &ends) {
            return false;
        }
        for &role in roles {
            if let Role::Vertex(v) = role {
                let present = now.value(self.c.present[v]) == Some(true);
                if present && !self.held[v] && !self.reach(now, v) {
                    return false;
                }
            }
        }
        true
    }

    /// A search from `v` (present, outside `held`) through what may be there until a vertex
    /// of `held`; the path found joins `held`. False when none is found (`v` may then be
    /// apart from the present vertices of `held`: the caller searches anew).
    fn reach(&mut self, now: &Assignment, v: usize) -> bool {
        let c = &self.c;
        let here = |w: usize| now.value(c.present[w]) != Some(false);
        if !self.held.iter().enumerate().any(|(w, &h)| h && here(w)) {
            // Nothing held yet (no present vertex before): `v` alone is connected.
            self.held.iter_mut().for_each(|h| *h = false);
            self.held[v] = true;
            return true;
        }
        // `parent` holds each reached vertex's parent (`NONE` unreached), reset before leaving.
        self.order.clear();
        self.order.push(v);
        self.parent[v] = v as u32;
        let mut head = 0;
        let mut found = None;
        'search: while head < self.order.len() {
            let u = self.order[head];
            head += 1;
            for &(w, k) in &self.adj[u] {
                if self.parent[w] != NONE
                    || !here(w)
                    || c.edges[k].lit.is_some_and(|l| now.value(l) == Some(false))
                {
                    continue;
                }
                self.parent[w] = u as u32;
                self.order.push(w);
                if self.held[w] {
                    found = Some(w);
                    break 'search;
                }
            }
        }
        if let Some(mut at) = found {
            while at != v {
                self.held[at] = true;
                at = self.parent[at] as usize;
            }
            self.held[v] = true;
        }
        for &u in &self.order {
            self.parent[u] = NONE;
        }
        found.is_some()
    }

    /// Whether `ends` (vertices of `held`, each still there) are joined inside `held` through
    /// what may be there now, found by a search from the first that visits at most [`NEAR`]
    /// vertices (and a few more for each further end).
    fn near(&mut self, now: &Assignment, ends: &[usize]) -> bool {
        let Some((&first, rest)) = ends.split_first() else {
            return true;
        };
        if rest.is_empty() {
            return true;
        }
        let c = &self.c;
        self.order.clear();
        self.order.push(first);
        let mut found = 0;
        let mut head = 0;
        let mut ok = false;
        let budget = NEAR + 4 * rest.len();
        while head < self.order.len() && self.order.len() <= budget {
            let v = self.order[head];
            head += 1;
            for &(w, k) in &self.adj[v] {
                if !self.held[w]
                    || now.value(c.present[w]) == Some(false)
                    || c.edges[k].lit.is_some_and(|l| now.value(l) == Some(false))
                    || self.order.contains(&w)
                {
                    continue;
                }
                self.order.push(w);
                found += usize::from(rest.contains(&w));
            }
            if found >= rest.len() {
                ok = true;
                break;
            }
        }
        ok
    }

    /// The clause of the module's documentation, when two present vertices are apart; when
    /// none are, the cache is set to a connected set holding the present vertices.
    fn conflict(&mut self, now: &Assignment) -> Option<Vec<Lit>> {
        if self.joined(now) {
            return None;
        }
        let c = &self.c;
        let n = c.present.len();
        let pv: Vec<Option<bool>> = c.present.iter().map(|&l| now.value(l)).collect();
        self.comp.iter_mut().for_each(|x| *x = NONE);
        // Components of what may be there, from each present vertex not yet reached: its
        // representative and its vertices.
        let mut parts: Vec<(usize, Vec<usize>)> = Vec::new();
        for start in 0..n {
            if pv[start] != Some(true) || self.comp[start] != NONE {
                continue;
            }
            let id = parts.len() as u32;
            self.comp[start] = id;
            let mut order = vec![start];
            let mut head = 0;
            while head < order.len() {
                let v = order[head];
                head += 1;
                for &(w, k) in &self.adj[v] {
                    if self.comp[w] != NONE || pv[w] == Some(false) {
                        continue;
                    }
                    if c.edges[k].lit.is_some_and(|l| now.value(l) == Some(false)) {
                        continue;
                    }
                    self.comp[w] = id;
                    order.push(w);
                }
            }
            parts.push((start, order));
        }
        self.settled = false;
        let mut best: Option<(usize, Vec<Lit>)> = None;
        for (id, (_, part)) in parts.iter().enumerate() {
            let mut leaving = Vec::new();
            for &v in part {
                for &(x, k) in &self.adj[v] {
                    if self.comp[x] == id as u32 {
                        continue;
                    }
                    // Missing now: x absent, or the edge's literal false (a fixed edge to an x
                    // that may be there would have brought x into the component; `present(x)`
                    // is a valid boundary literal in any case).
                    let l = match (pv[x], c.edges[k].lit) {
                        (Some(false), _) | (_, None) => c.present[x],
                        (_, Some(l)) => l,
                    };
                    leaving.push(l);
                }
            }
            leaving.sort_unstable();
            leaving.dedup();
            if best.as_ref().is_none_or(|(_, b)| leaving.len() < b.len()) {
                best = Some((id, leaving));
            }
        }
        let (id, mut clause) = best?;
        let u = parts[id].0;
        let w = parts[(id + 1) % parts.len()].0;
        clause.push(!c.present[u]);
        clause.push(!c.present[w]);
        clause.sort_unstable();
        clause.dedup();
        Some(clause)
    }
}

impl Theory for ConnectedTheory {
    fn observed(&self) -> Vec<Var> {
        (0..self.roles.len())
            .filter(|&v| !self.roles[v].is_empty())
            .map(|v| Var(v as u32))
            .collect()
    }

    fn propagate(&mut self, now: &Assignment, new: &[Lit]) -> Vec<Vec<Lit>> {
        for (g, graph) in self.graphs.iter_mut().enumerate() {
            if !graph.settled {
                continue;
            }
            let roles: Vec<Role> = new
                .iter()
                .flat_map(|l| self.roles.get(l.var().index()).map_or(&[][..], |r| r))
                .filter(|&&(at, _)| at == g)
                .map(|&(_, role)| role)
                .collect();
            if !graph.mend(now, &roles) {
                graph.settled = false;
            }
        }
        self.graphs
            .iter_mut()
            .filter(|g| !g.settled)
            .filter_map(|g| g.conflict(now))
            .collect()
    }

    fn model_cuts(&mut self, value: &dyn Fn(Lit) -> bool) -> Vec<Vec<Lit>> {
        self.graphs
            .iter()
            .flat_map(|g| super::cuts::connected(&g.c, value))
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::connectivity::{connected, grid_pairs, Edge};
    use wellposed_sat::{Cnf, Xorshift};

    /// Whether a full assignment (`bits`, variable v at bit v) keeps the connected set:
    /// edges with a literal imply their ends, and the present vertices are one piece through
    /// the edges that are there (a search written here, not the module's).
    fn keeps(c: &Connected, bits: u32) -> bool {
        let value = |l: Lit| (bits >> l.var().0 & 1 == 1) == l.is_positive();
        let n = c.present.len();
        let present: Vec<bool> = c.present.iter().map(|&l| value(l)).collect();
        let mut joined = vec![Vec::new(); n];
        for e in &c.edges {
            let on = e.lit.is_none_or(value);
            if e.lit.is_some() && on && !(present[e.a] && present[e.b]) {
                return false;
            }
            if on && present[e.a] && present[e.b] {
                joined[e.a].push(e.b);
                joined[e.b].push(e.a);
            }
        }
        let Some(start) = (0..n).find(|&v| present[v]) else {
            return true;
        };
        let mut seen = vec![false; n];
        seen[start] = true;
        let mut stack = vec![start];
        while let Some(v) = stack.pop() {
            for &w in &joined[v] {
                if !seen[w] {
                    seen[w] = true;
                    stack.push(w);
                }
            }
        }
        (0..n).all(|v| !present[v] || seen[v])
    }

    /// Random graphs and small grids, some edges with literals of their own; random partial
    /// assignments. Every clause the theory gives is false under the partial assignment and
    /// kept by every full assignment that keeps the constraint (brute force over all of
    /// them); on a full assignment that breaks connectedness (its edges' ends present), it
    /// always gives one.
    #[test]
    fn partial_conflicts_are_valid_false_and_complete_on_full_assignments() {
        let mut rng = Xorshift(0x2026_1129_c0de);
        let mut graphs: Vec<(usize, Vec<(usize, usize)>)> =
            vec![(9, grid_pairs(3, 3)), (12, grid_pairs(3, 4))];
        for _ in 0..80 {
            let n = 2 + rng.below(7) as usize;
            let mut pairs = Vec::new();
            for a in 0..n {
                for b in a + 1..n {
                    if rng.below(100) < 35 {
                        pairs.push((a, b));
                    }
                }
            }
            graphs.push((n, pairs));
        }
        let mut conflicts = 0;
        for (g, (n, pairs)) in graphs.iter().enumerate() {
            let mut cnf = Cnf::new();
            let present: Vec<Lit> = cnf.new_vars(*n).iter().map(|v| v.positive()).collect();
            let mut edges = Vec::new();
            for (k, &(a, b)) in pairs.iter().enumerate() {
                if g >= 2 && k % 2 == 1 && cnf.num_vars() < 14 {
                    edges.push(Edge::when(a, b, cnf.new_var().positive()));
                } else {
                    edges.push(Edge::fixed(a, b));
                }
            }
            let Structure::Connected(c) = connected(&mut cnf, present, edges, false) else {
                unreachable!()
            };
            let vars = cnf.num_vars();
            let keeping: Vec<u32> = (0u32..1 << vars).filter(|&m| keeps(&c, m)).collect();
            let mut graph = Graph::new(c.clone());
            for _ in 0..200 {
                // Each variable unassigned, true or false.
                let assigned: Vec<Option<bool>> = (0..vars)
                    .map(|_| match rng.below(3) {
                        0 => None,
                        k => Some(k == 1),
                    })
                    .collect();
                let table: Vec<i8> = assigned
                    .iter()
                    .map(|a| match a {
                        None => 0,
                        Some(true) => 1,
                        Some(false) => -1,
                    })
                    .collect();
                let now = Assignment::new(&table);
                let value = |l: Lit| now.value(l);
                if let Some(clause) = graph.conflict(&now) {
                    conflicts += 1;
                    assert!(
                        clause.iter().all(|&l| value(l) == Some(false)),
                        "graph {g}: {clause:?} is not false under {assigned:?}"
                    );
                    for &m in &keeping {
                        assert!(
                            clause
                                .iter()
                                .any(|l| (m >> l.var().0 & 1 == 1) == l.is_positive()),
                            "graph {g}: {clause:?} cuts off the solution {m:#b}"
                        );
                    }
                }
            }
            // Full assignments whose edges' ends are present: refuted exactly when broken.
            for m in 0u32..1 << vars {
                let table: Vec<i8> = (0..vars)
                    .map(|v| if m >> v & 1 == 1 { 1 } else { -1 })
                    .collect();
                let now = Assignment::new(&table);
                let value = |l: Lit| now.value(l);
                let ends_hold = c.edges.iter().all(|e| {
                    e.lit.is_none_or(|l| {
                        value(l) == Some(false)
                            || (value(c.present[e.a]) == Some(true)
                                && value(c.present[e.b]) == Some(true))
                    })
                });
                if ends_hold {
                    assert_eq!(
                        graph.conflict(&now).is_some(),
                        !keeps(&c, m),
                        "graph {g}, assignment {m:#b}"
                    );
                }
            }
        }
        assert!(conflicts > 1000, "the partial assignments found conflicts");
    }

    /// The cache against a fresh search: along random trails (assignments pushed level by
    /// level, backtracking now and then, as the solver notifies them), the theory reports a
    /// conflict exactly when a search from nothing finds one.
    #[test]
    fn the_cached_component_hides_no_conflict() {
        let mut rng = Xorshift(0x2026_1129_cace);
        let mut mended = 0;
        for round in 0..300 {
            let (rows, cols) = (1 + rng.below(4) as usize, 1 + rng.below(4) as usize);
            let n = rows * cols;
            let mut cnf = Cnf::new();
            let present: Vec<Lit> = cnf.new_vars(n).iter().map(|v| v.positive()).collect();
            let edges: Vec<Edge> = grid_pairs(rows, cols)
                .into_iter()
                .map(|(a, b)| match rng.below(2) {
                    0 => Edge::fixed(a, b),
                    _ => Edge::when(a, b, cnf.new_var().positive()),
                })
                .collect();
            let s = connected(&mut cnf, present, edges, false);
            let mut t = theory(std::slice::from_ref(&s)).unwrap();
            let Structure::Connected(c) = s else {
                unreachable!()
            };
            let vars = cnf.num_vars() as usize;
            let mut table = vec![0i8; vars];
            let mut trail: Vec<usize> = Vec::new();
            let mut levels: Vec<usize> = Vec::new();
            let mut new = Vec::new();
            for step in 0..60 {
                match rng.below(6) {
                    0 if !levels.is_empty() => {
                        let keep = levels[rng.below(levels.len() as u64) as usize];
                        levels.retain(|&l| l < keep);
                        for v in trail.drain(keep..) {
                            table[v] = 0;
                        }
                    }
                    1 => levels.push(trail.len()),
                    _ => {
                        let open: Vec<usize> = (0..vars).filter(|&v| table[v] == 0).collect();
                        if let Some(&v) = open.get(rng.below(open.len().max(1) as u64) as usize) {
                            let positive = rng.below(2) == 0;
                            table[v] = if positive { 1 } else { -1 };
                            trail.push(v);
                            new.push(Lit::new(Var(v as u32), positive));
                        }
                    }
                }
                // Now and then several steps (backtracking among them) before the theory is
                // asked, as when the solver has clauses to take first.
                if rng.below(3) == 0 {
                    continue;
                }
                let now = Assignment::new(&table);
                let said = !t.propagate(&now, &new).is_empty();
                new.clear();
                let fresh = Graph::new(c.clone()).conflict(&now).is_some();
                assert_eq!(said, fresh, "round {round}, step {step}, {table:?}");
                let g = &t.graphs[0];
                if g.settled {
                    // The cache's invariant itself: `held` holds every present vertex and is
                    // connected through what may be there.
                    let here = |v: usize| now.value(c.present[v]) != Some(false);
                    assert!((0..n).all(|v| now.value(c.present[v]) != Some(true) || g.held[v]));
                    assert!((0..n).all(|v| !g.held[v] || here(v)), "round {round}");
                    if let Some(start) = (0..n).find(|&v| g.held[v]) {
                        let mut seen = vec![false; n];
                        seen[start] = true;
                        let mut stack = vec![start];
                        while let Some(v) = stack.pop() {
                            for e in &c.edges {
                                let w = if e.a == v {
                                    e.b
                                } else if e.b == v {
                                    e.a
                                } else {
                                    continue;
                                };
                                let on = e.lit.is_none_or(|l| now.value(l) != Some(false));
                                if on && g.held[w] && !seen[w] {
                                    seen[w] = true;
                                    stack.push(w);
                                }
                            }
                        }
                        assert!(
                            (0..n).all(|v| !g.held[v] || seen[v]),
                            "round {round}, step {step}"
                        );
                        mended += 1;
                    }
                }
            }
        }
        assert!(mended > 1000, "the cache was checked");
    }
}
