//! Both faces of each constraint against brute force: over every assignment of the answer
//! variables of small graphs (grids and random graphs), the number that keep the constraint by
//! a direct check (union–find, written here without the module's code) equals the number of
//! solutions the lazy loop lists and the number the complete encoding has on projection; and
//! every solution either path lists keeps the constraint.

use super::*;
use crate::solve::enumerate_cnf;
use crate::{Answer, Options};
use std::ops::ControlFlow;
use wellposed_sat::{Var, Xorshift};

/// Union–find roots.
fn find(parent: &mut [usize], v: usize) -> usize {
    let mut r = v;
    while parent[r] != r {
        r = parent[r];
    }
    parent[v] = r;
    r
}

/// The components of the present vertices joined by the edges that are there (an edge is
/// there when its flag is true), as a component label per vertex (None when absent).
fn labels(present: &[bool], edges: &[(usize, usize, bool)]) -> Vec<Option<usize>> {
    let mut parent: Vec<usize> = (0..present.len()).collect();
    for &(a, b, on) in edges {
        if on && present[a] && present[b] {
            let (ra, rb) = (find(&mut parent, a), find(&mut parent, b));
            parent[ra] = rb;
        }
    }
    (0..present.len())
        .map(|v| present[v].then(|| find(&mut parent, v)))
        .collect()
}

/// Every solution listed (each decoded to the answer variables' values), lazily or on the
/// complete encoding, by `solver` (CaDiCaL checks connected sets inside its search too).
fn listed(enc: &CnfEncoding, complete: bool, solver: crate::SolverChoice) -> Vec<Vec<bool>> {
    let enc = if complete {
        enc.clone().completed()
    } else {
        enc.clone()
    };
    assert_eq!(enc.is_lazy(), !complete);
    let mut out = Vec::new();
    let opts = Options {
        solver,
        ..Options::default()
    };
    let done = enumerate_cnf(&enc, None, &opts, None, |a| {
        let Answer::Model(m) = a else { unreachable!() };
        out.push(enc.answer.iter().map(|v| m[v.index()]).collect());
        Ok(ControlFlow::Continue(()))
    })
    .expect("solved");
    assert!(done);
    out
}

/// Brute force against both faces: `keeps(values)` is the direct check of an assignment of
/// the answer variables (`enc.answer`, in order).
fn agree(enc: &CnfEncoding, keeps: impl Fn(&[bool]) -> bool, what: &str) -> usize {
    let k = enc.answer.len();
    assert!(k <= 26, "{what}: too many answer variables for brute force");
    let mut expected = 0usize;
    let mut values = vec![false; k];
    for bits in 0u64..1 << k {
        for (i, v) in values.iter_mut().enumerate() {
            *v = bits >> i & 1 == 1;
        }
        if keeps(&values) {
            expected += 1;
        }
    }
    let mut ways = vec![
        (false, crate::SolverChoice::Varisat),
        (true, crate::SolverChoice::Varisat),
    ];
    if cfg!(feature = "cadical") {
        ways.push((false, crate::SolverChoice::Cadical));
    }
    for (complete, solver) in ways {
        let found = listed(enc, complete, solver.clone());
        assert_eq!(
            found.len(),
            expected,
            "{what} (complete: {complete}, {solver:?})"
        );
        for f in &found {
            assert!(keeps(f), "{what}: a listed solution breaks it: {f:?}");
        }
    }
    expected
}

fn random_graph(rng: &mut Xorshift, n: usize) -> Vec<(usize, usize)> {
    let mut pairs = Vec::new();
    for a in 0..n {
        for b in a + 1..n {
            if rng.below(100) < 40 {
                pairs.push((a, b));
            }
        }
    }
    pairs
}

/// Connected sets of vertices, some edges with literals of their own: the literal true means
/// the edge is there and its ends present.
#[test]
fn connected_sets_agree_with_brute_force() {
    let mut rng = Xorshift(0x5eed_c0ec);
    let mut graphs: Vec<(usize, Vec<(usize, usize)>)> = vec![
        (9, grid_pairs(3, 3)),
        (12, grid_pairs(3, 4)),
        (1, Vec::new()),
        (3, Vec::new()),
    ];
    for _ in 0..60 {
        let n = 1 + rng.below(7) as usize;
        graphs.push((n, random_graph(&mut rng, n)));
    }
    for (g, (n, pairs)) in graphs.iter().enumerate() {
        for nonempty in [false, true] {
            let mut cnf = Cnf::new();
            let present: Vec<Lit> = cnf.new_vars(*n).iter().map(|v| v.positive()).collect();
            let mut answer: Vec<Var> = present.iter().map(|l| l.var()).collect();
            // On random graphs, some edges are there only when their literal says so.
            let mut edges = Vec::new();
            for (k, &(a, b)) in pairs.iter().enumerate() {
                if g >= 4 && k % 3 == 1 && answer.len() < 14 {
                    let e = cnf.new_var();
                    answer.push(e);
                    edges.push(Edge::when(a, b, e.positive()));
                } else {
                    edges.push(Edge::fixed(a, b));
                }
            }
            let s = connected(&mut cnf, present, edges.clone(), nonempty);
            let enc = CnfEncoding {
                cnf,
                answer,
                lazy: vec![s],
                ..Default::default()
            };
            let keeps = |values: &[bool]| {
                let present = &values[..*n];
                let mut gated = *n;
                let mut there = Vec::new();
                for e in &edges {
                    let on = match e.lit {
                        None => true,
                        Some(_) => {
                            gated += 1;
                            values[gated - 1]
                        }
                    };
                    if e.lit.is_some() && on && !(present[e.a] && present[e.b]) {
                        return false;
                    }
                    there.push((e.a, e.b, on));
                }
                let l = labels(present, &there);
                let mut comps: Vec<usize> = l.iter().flatten().copied().collect();
                comps.sort_unstable();
                comps.dedup();
                comps.len() <= 1 && (!nonempty || comps.len() == 1)
            };
            agree(
                &enc,
                keeps,
                &format!("graph {g} {pairs:?}, nonempty {nonempty}"),
            );
        }
    }
}

/// The direct check of one cycle: degrees 0 or 2, the chosen edges one connected piece.
fn one_cycle(n: usize, pairs: &[(usize, usize)], chosen: &[bool], nonempty: bool) -> bool {
    let mut degree = vec![0; n];
    for (&(a, b), &on) in pairs.iter().zip(chosen) {
        if on {
            degree[a] += 1;
            degree[b] += 1;
        }
    }
    if degree.iter().any(|&d| d != 0 && d != 2) {
        return false;
    }
    let present: Vec<bool> = degree.iter().map(|&d| d > 0).collect();
    let there: Vec<(usize, usize, bool)> = pairs
        .iter()
        .zip(chosen)
        .map(|(&(a, b), &on)| (a, b, on))
        .collect();
    let l = labels(&present, &there);
    let mut comps: Vec<usize> = l.iter().flatten().copied().collect();
    comps.sort_unstable();
    comps.dedup();
    comps.len() <= 1 && (!nonempty || comps.len() == 1)
}

/// Single cycles over grids of corners and random graphs (edge literals only). The number of
/// cycles of the 4×4 grid graph, 213, is OEIS A140517 (cycles in the n×n grid graph: 1, 13,
/// 213, …), here computed by the brute force and both faces.
#[test]
fn single_cycles_agree_with_brute_force() {
    let mut rng = Xorshift(0xc1c1e);
    let mut graphs: Vec<(usize, Vec<(usize, usize)>)> = vec![
        (4, grid_pairs(2, 2)),
        (9, grid_pairs(3, 3)),
        (12, grid_pairs(3, 4)),
        (16, grid_pairs(4, 4)),
    ];
    for _ in 0..40 {
        let n = 2 + rng.below(6) as usize;
        graphs.push((n, random_graph(&mut rng, n)));
    }
    for (g, (n, pairs)) in graphs.iter().enumerate() {
        for nonempty in [false, true] {
            let mut cnf = Cnf::new();
            let edges: Vec<(usize, usize, Lit)> = pairs
                .iter()
                .map(|&(a, b)| (a, b, cnf.new_var().positive()))
                .collect();
            let answer = edges.iter().map(|e| e.2.var()).collect();
            let (s, _) = single_cycle(&mut cnf, *n, &edges, nonempty);
            let enc = CnfEncoding {
                cnf,
                answer,
                lazy: vec![s],
                ..Default::default()
            };
            let count = agree(
                &enc,
                |chosen| one_cycle(*n, pairs, chosen, nonempty),
                &format!("graph {g} {pairs:?}, nonempty {nonempty}"),
            );
            // Graphs 0, 1 and 3 are the 2×2, 3×3 and 4×4 grid graphs.
            let known = match g {
                0 => Some(1),
                1 => Some(13),
                3 => Some(213),
                _ => None,
            };
            if let Some(cycles) = known {
                assert_eq!(
                    count,
                    cycles + usize::from(!nonempty),
                    "cycles of graph {g}"
                );
            }
            if nonempty {
                // One cycle never holds another: the promise of `Cnf::promise_antichain`
                // holds, and blocking by the true edges alone lists the same cycles.
                let mut short = enc.clone();
                short.cnf.promise_antichain(true);
                let found = listed(&short, false, crate::SolverChoice::default());
                assert_eq!(found.len(), count, "graph {g}: antichain blocking");
                for f in &found {
                    assert!(one_cycle(*n, pairs, f, true), "graph {g}: {f:?}");
                }
            }
        }
    }
}

/// Regions: present vertices, some edges with literals, clues with and without sizes.
#[test]
fn regions_agree_with_brute_force() {
    let mut rng = Xorshift(0x7e610);
    let mut cases = 0;
    while cases < 120 {
        let (n, pairs) = match cases {
            0..=9 => (9, grid_pairs(3, 3)),
            10..=19 => (12, grid_pairs(3, 4)),
            _ => {
                let n = 1 + rng.below(7) as usize;
                (n, random_graph(&mut rng, n))
            }
        };
        let gated = cases % 2 == 1;
        let mut clues = Vec::new();
        for v in 0..n {
            if rng.below(100) < 30 {
                let size = match rng.below(4) {
                    0 => None,
                    k => Some(k as usize),
                };
                clues.push(Clue { vertex: v, size });
            }
        }
        let mut cnf = Cnf::new();
        let present: Vec<Lit> = cnf.new_vars(n).iter().map(|v| v.positive()).collect();
        let mut answer: Vec<Var> = present.iter().map(|l| l.var()).collect();
        let mut edges = Vec::new();
        for &(a, b) in &pairs {
            if gated && answer.len() < 20 {
                let e = cnf.new_var();
                answer.push(e);
                edges.push(Edge::when(a, b, e.positive()));
            } else {
                edges.push(Edge::fixed(a, b));
            }
        }
        let s = regions(&mut cnf, present, edges.clone(), clues.clone());
        let enc = CnfEncoding {
            cnf,
            answer,
            lazy: vec![s],
            ..Default::default()
        };
        let keeps = |values: &[bool]| {
            let present = &values[..n];
            let mut k = n;
            let mut there = Vec::new();
            for e in &edges {
                let on = match e.lit {
                    None => true,
                    Some(_) => {
                        k += 1;
                        values[k - 1]
                    }
                };
                if e.lit.is_some() && on && !(present[e.a] && present[e.b]) {
                    return false;
                }
                there.push((e.a, e.b, on));
            }
            if clues.iter().any(|c| !present[c.vertex]) {
                return false;
            }
            let l = labels(present, &there);
            for v in 0..n {
                let Some(label) = l[v] else { continue };
                let size = l.iter().filter(|&&m| m == Some(label)).count();
                let held: Vec<&Clue> = clues
                    .iter()
                    .filter(|c| l[c.vertex] == Some(label))
                    .collect();
                match held.as_slice() {
                    [one] if one.size.is_none_or(|s| s == size) => {}
                    _ => return false,
                }
            }
            true
        };
        agree(
            &enc,
            keeps,
            &format!("case {cases}: {pairs:?}, clues {clues:?}"),
        );
        cases += 1;
    }
}

/// A clue of size 0, or two clues on one vertex, make the formula unsatisfiable.
#[test]
fn impossible_clues_leave_no_solution() {
    for clues in [
        vec![Clue {
            vertex: 0,
            size: Some(0),
        }],
        vec![
            Clue {
                vertex: 1,
                size: None,
            },
            Clue {
                vertex: 1,
                size: Some(1),
            },
        ],
    ] {
        let mut cnf = Cnf::new();
        let present: Vec<Lit> = cnf.new_vars(4).iter().map(|v| v.positive()).collect();
        let answer = present.iter().map(|l| l.var()).collect();
        let edges = grid_pairs(2, 2)
            .into_iter()
            .map(|(a, b)| Edge::fixed(a, b))
            .collect();
        let s = regions(&mut cnf, present, edges, clues);
        let enc = CnfEncoding {
            cnf,
            answer,
            lazy: vec![s],
            ..Default::default()
        };
        assert_eq!(agree(&enc, |_| false, "impossible clues"), 0);
    }
}

/// `--conflicts N` bounds the rounds of cuts too (`CutRounds`): two vertices that must both be
/// present, with no edge between them, break "connected" in every model, so the lazy loop cuts
/// once and then finds no solution. A bound of 0 stops it at that first round ("conflicts"),
/// a bound of 1 lets it end with its exact answer: none.
#[cfg(feature = "cadical")]
#[test]
fn a_conflict_bound_also_bounds_the_rounds_of_cuts() {
    let answer_of = |cap: u32| {
        let mut cnf = Cnf::new();
        let v = cnf.new_vars(2);
        let present: Vec<Lit> = v.iter().map(|x| x.positive()).collect();
        for &p in &present {
            cnf.add_clause(&[p]);
        }
        let s = connected(&mut cnf, present, Vec::new(), true);
        let mut enc = CnfEncoding::new(cnf, v, Vec::new());
        enc.lazy.push(s);
        let opts = Options {
            solver: crate::SolverChoice::Cadical,
            limits: wellposed_sat::Limits::conflicts_per_solve(cap),
            // The rounds of the lazy loop are what is bounded here; inside the search the
            // two vertices are refuted before any model.
            lazy_cuts_only: true,
            ..Options::default()
        };
        let mut found = 0;
        enumerate_cnf(&enc, None, &opts, None, |_| {
            found += 1;
            Ok(ControlFlow::Continue(()))
        })
        .map(|complete| (found, complete))
    };
    assert!(matches!(
        answer_of(0),
        Err(crate::EngineError::Backend(
            wellposed_sat::BackendError::Stopped {
                reason: "conflicts"
            }
        ))
    ));
    assert_eq!(answer_of(1).expect("answered"), (0, true));
}

/// Sized components: random graphs and small grids, labels of random domains (order encoded),
/// edges with literals and without. The direct check: the order chain holds and every
/// vertex's component has as many vertices as its label.
#[test]
fn sized_components_agree_with_brute_force() {
    let mut rng = Xorshift(0x512ed);
    let mut cases = 0;
    let mut solutions = 0;
    while cases < 150 {
        let (n, pairs) = match cases {
            0..=9 => (4, grid_pairs(2, 2)),
            10..=19 => (6, grid_pairs(2, 3)),
            20..=24 => (5, grid_pairs(1, 5)),
            _ => {
                let n = 1 + rng.below(6) as usize;
                (n, random_graph(&mut rng, n))
            }
        };
        let mut cnf = Cnf::new();
        let mut answer: Vec<Var> = Vec::new();
        let mut at_least: Vec<Vec<Lit>> = Vec::new();
        for _ in 0..n {
            let bound = 1 + rng.below(n.min(4) as u64) as usize;
            let ge: Vec<Lit> = cnf
                .new_vars(bound - 1)
                .iter()
                .map(|v| v.positive())
                .collect();
            answer.extend(ge.iter().map(|l| l.var()));
            at_least.push(ge);
        }
        let mut edges = Vec::new();
        for &(a, b) in &pairs {
            if answer.len() < 20 && rng.below(100) < 80 {
                let e = cnf.new_var();
                answer.push(e);
                edges.push(Edge::when(a, b, e.positive()));
            } else {
                edges.push(Edge::fixed(a, b));
            }
        }
        if answer.len() > 22 {
            continue;
        }
        let s = sized_components(&mut cnf, at_least.clone(), edges.clone());
        let enc = CnfEncoding {
            cnf,
            answer: answer.clone(),
            lazy: vec![s],
            ..Default::default()
        };
        let keeps = |values: &[bool]| {
            let value = |l: Lit| {
                let i = answer.iter().position(|&v| v == l.var()).unwrap();
                values[i] == l.is_positive()
            };
            let mut label = Vec::new();
            for ge in &at_least {
                let bits: Vec<bool> = ge.iter().map(|&l| value(l)).collect();
                if bits.windows(2).any(|w| w[1] && !w[0]) {
                    return false;
                }
                label.push(1 + bits.iter().filter(|&&b| b).count());
            }
            let there: Vec<(usize, usize, bool)> = edges
                .iter()
                .map(|e| (e.a, e.b, e.lit.is_none_or(value)))
                .collect();
            let l = labels(&vec![true; n], &there);
            (0..n).all(|v| l.iter().filter(|&&m| m == l[v]).count() == label[v])
        };
        solutions += agree(
            &enc,
            keeps,
            &format!("case {cases}: {pairs:?}, {at_least:?}"),
        );
        cases += 1;
    }
    assert!(solutions > 150, "only {solutions} solutions in all");
}
