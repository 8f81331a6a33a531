//! The lazy face: for a model that breaks a constraint, clauses that every solution of the
//! constraint keeps and the model does not (invariants 1 and 2 of the module).

use super::{components, Components, Connected, Edge, Regions, Structure};
use wellposed_sat::Lit;

/// The literals of which one is true whenever the vertex set `inside` is joined to a vertex
/// outside it: for each edge leaving `inside`, its literal when it has one (it implies its ends
/// are present), else the outer end's presence. In a model where `inside` is a whole
/// component, every one of them is false: an edge there with a true literal, or a fixed edge to
/// a present vertex, would have joined the outer end to the component.
fn boundary(present: &[Lit], edges: &[Edge], inside: &[bool]) -> Vec<Lit> {
    let mut out = Vec::new();
    for e in edges {
        let to = match (inside[e.a], inside[e.b]) {
            (true, false) => e.b,
            (false, true) => e.a,
            _ => continue,
        };
        out.push(e.lit.unwrap_or(present[to]));
    }
    out.sort_unstable();
    out.dedup();
    out
}

fn membership(n: usize, part: &[usize]) -> Vec<bool> {
    let mut inside = vec![false; n];
    for &v in part {
        inside[v] = true;
    }
    inside
}

/// Connectedness: with two or more components, for each component S and a present vertex t
/// outside it, `¬s ∨ ¬t ∨ (some boundary literal of S)` for a vertex s of S. (A clause for every
/// vertex of S, as regions take, was measured: the same rounds and twice the time.) Valid: in a
/// solution where s and t are both present they are joined by a path, which leaves S by an
/// edge that is there to a present vertex. Violated by the model: s and t are present and S
/// is a whole component (see [`boundary`]).
pub(super) fn connected(c: &Connected, value: &dyn Fn(Lit) -> bool) -> Vec<Vec<Lit>> {
    let s = Structure::Connected(c.clone());
    let Components { parts, .. } = components(&s, value);
    if parts.len() < 2 {
        return Vec::new();
    }
    let n = c.present.len();
    parts
        .iter()
        .enumerate()
        .map(|(k, part)| {
            let other = &parts[(k + 1) % parts.len()];
            let mut clause = vec![!c.present[part[0]], !c.present[other[0]]];
            clause.extend(boundary(&c.present, &c.edges, &membership(n, part)));
            // Vertices may share one presence literal (Hashiwokakero's islands, always
            // there): a literal is written once.
            clause.sort_unstable();
            clause.dedup();
            clause
        })
        .collect()
}

/// Regions: for each component S of the model that is not a good region,
/// - no clue: for each vertex s of S, `¬s ∨ (some boundary literal)`: valid, since with s
///   present and nothing leaving S, s's region lies inside S and holds no clue. (One clause per
///   vertex, each short, rather than one saying "some vertex of S absent": on a 7×7 Nurikabe
///   with a `?` island the long form took 4,680 rounds of cuts, 1 s against cspuz's 0.01 s.)
/// - two clues: a path between them inside S: `(a vertex on it absent) ∨ (an edge literal on
///   it false)`: valid, since otherwise the two clues share a region;
/// - one clue of size k and more than k vertices: the first k + 1 vertices of a breadth-first
///   tree from the clue, likewise (a connected set of k + 1 vertices holding the clue);
/// - one clue c of size k and fewer than k vertices: `¬c ∨ (some boundary literal)` (c's
///   region would lie inside S).
///
/// Each clause is false in the model (S is a whole component, its vertices present, its paths'
/// edges there).
pub(super) fn regions(r: &Regions, value: &dyn Fn(Lit) -> bool) -> Vec<Vec<Lit>> {
    let s = Structure::Regions(r.clone());
    let Components { parts, of, adj } = components(&s, value);
    let n = r.present.len();
    let mut clue_at: Vec<Option<usize>> = vec![None; n];
    for (k, c) in r.clues.iter().enumerate() {
        clue_at[c.vertex].get_or_insert(k);
    }
    let mut out = Vec::new();
    for part in &parts {
        let clues: Vec<usize> = r
            .clues
            .iter()
            .filter(|c| part.contains(&c.vertex))
            .map(|c| c.vertex)
            .collect();
        // `¬v ∨ (some boundary literal)` for each of `inside`.
        let closed = |out: &mut Vec<Vec<Lit>>, inside: &[usize]| {
            let leaving = boundary(&r.present, &r.edges, &membership(n, part));
            for &v in inside {
                let mut clause = vec![!r.present[v]];
                clause.extend(&leaving);
                out.push(clause);
            }
        };
        match clues.as_slice() {
            [] => unclued(r, (&parts, &of), part, &mut out),
            [one] => {
                let Some(size) = clue_at[*one].and_then(|k| r.clues[k].size) else {
                    continue;
                };
                if part.len() < size {
                    closed(&mut out, &[*one]);
                } else if part.len() > size {
                    out.push(tree_clause(r, &adj, &of, *one, Until::Count(size + 1)));
                }
            }
            [a, b, ..] => {
                let b = *b;
                out.push(tree_clause(r, &adj, &of, *a, Until::Reach(b)));
            }
        }
    }
    out
}

/// The cuts of a component S without a clue: for each vertex v of S, `¬v ∨ (some boundary
/// literal of Z)`, with Z the shorter of two separators. One is S itself. The other is U(v),
/// the union of the model's components holding a clue that could reach v — a clue without a
/// size, or one of size k within k − 1 edges of v. Valid: with every boundary literal of U(v)
/// false, the regions of those clues lie inside U(v), which does not hold v (S is another
/// component); v's region then holds a clue too far to reach it (a region of k connected
/// vertices spans at most k − 1 edges), or none. False in the model (U(v) is a union of whole
/// components). On a 7×7 Nurikabe whose `?` island sits in a corner, unnumbered islands in
/// the middle were cut by their own boundaries, a different island each round (752 rounds);
/// the `?` island's boundary is two or three cells. With no clue that can reach v, U(v) is
/// empty and the clause is `¬v`.
fn unclued(
    r: &Regions,
    (parts, of): (&[Vec<usize>], &[usize]),
    part: &[usize],
    out: &mut Vec<Vec<Lit>>,
) {
    let n = r.present.len();
    let own = boundary(&r.present, &r.edges, &membership(n, part));
    let mut graph: Vec<Vec<usize>> = vec![Vec::new(); n];
    for e in &r.edges {
        graph[e.a].push(e.b);
        graph[e.b].push(e.a);
    }
    let mut in_part = vec![false; n];
    for &v in part {
        in_part[v] = true;
    }
    // Per vertex of S, the components of the clues that reach it.
    let mut sinks: Vec<Vec<usize>> = vec![Vec::new(); part.len()];
    let at: std::collections::HashMap<usize, usize> =
        part.iter().enumerate().map(|(i, &v)| (v, i)).collect();
    for c in &r.clues {
        let island = of[c.vertex];
        if island == usize::MAX {
            continue;
        }
        let Some(size) = c.size else {
            sinks.iter_mut().for_each(|s| s.push(island));
            continue;
        };
        // Breadth first from the clue, up to size − 1 edges.
        let mut dist = vec![usize::MAX; n];
        dist[c.vertex] = 0;
        let mut order = vec![c.vertex];
        let mut head = 0;
        while head < order.len() {
            let v = order[head];
            head += 1;
            if in_part[v] {
                sinks[at[&v]].push(island);
            }
            if dist[v] + 1 >= size {
                continue;
            }
            for &w in &graph[v] {
                if dist[w] == usize::MAX {
                    dist[w] = dist[v] + 1;
                    order.push(w);
                }
            }
        }
    }
    let mut seen: std::collections::HashMap<Vec<usize>, Vec<Lit>> = Default::default();
    for (i, &v) in part.iter().enumerate() {
        let mut key = std::mem::take(&mut sinks[i]);
        key.sort_unstable();
        key.dedup();
        let theirs = seen.entry(key).or_insert_with_key(|key| {
            let mut inside = vec![false; n];
            for &k in key {
                for &w in &parts[k] {
                    inside[w] = true;
                }
            }
            boundary(&r.present, &r.edges, &inside)
        });
        let leaving = if theirs.len() < own.len() {
            &*theirs
        } else {
            &own
        };
        let mut clause = vec![!r.present[v]];
        clause.extend(leaving);
        out.push(clause);
    }
}

/// Where [`tree_clause`]'s search stops.
enum Until {
    /// At this vertex: the clause keeps the path to it.
    Reach(usize),
    /// With this many vertices: the clause keeps the whole tree.
    Count(usize),
}

/// A breadth-first search from `root` over the edges that are there (inside `root`'s
/// component) until `until`; the clause "not all of this is so": a vertex of the path or tree
/// absent, or one of its edges' literals false.
fn tree_clause(
    r: &Regions,
    adj: &[Vec<(usize, usize)>],
    of: &[usize],
    root: usize,
    until: Until,
) -> Vec<Lit> {
    let enough = |v: usize, seen: usize| match until {
        Until::Reach(t) => v == t,
        Until::Count(k) => seen >= k,
    };
    let n = r.present.len();
    let mut parent: Vec<Option<(usize, usize)>> = vec![None; n];
    let mut reached = vec![false; n];
    reached[root] = true;
    let mut order = vec![root];
    let mut head = 0;
    let mut last = root;
    'search: while head < order.len() {
        let v = order[head];
        head += 1;
        for &(w, k) in &adj[v] {
            if reached[w] || of[w] != of[root] {
                continue;
            }
            reached[w] = true;
            parent[w] = Some((v, k));
            order.push(w);
            if enough(w, order.len()) {
                last = w;
                break 'search;
            }
        }
    }
    // The path from `last` back to the root, when a single target was asked; else every
    // vertex reached and the edges of the tree.
    let vertices: Vec<usize> = if matches!(until, Until::Reach(_)) {
        let mut path = vec![last];
        let mut at = last;
        while let Some((p, _)) = parent[at] {
            path.push(p);
            at = p;
        }
        path
    } else {
        order
    };
    let mut clause: Vec<Lit> = vertices.iter().map(|&v| !r.present[v]).collect();
    for &v in &vertices {
        if let Some((_, k)) = parent[v] {
            if let Some(l) = r.edges[k].lit {
                clause.push(!l);
            }
        }
    }
    clause.sort_unstable();
    clause.dedup();
    clause
}
