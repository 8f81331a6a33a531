//! Decision heuristics and the elimination order behind them ([`Heuristic`]): a min-degree
//! elimination order of the primal graph (variables joined when they share a clause), whose
//! width also tells the strategy whether a formula decomposes. The choice of a decision at each
//! node is the search's (`search/decide.rs`).
//!
//! Invariant: [`elimination_ranks`] gives every variable a distinct rank, whether or not the
//! elimination completed; a width is returned only when it did.

use wellposed_sat::Lit;

/// Under [`Heuristic::Auto`], formulas whose min-degree elimination order has at most this
/// width are counted with [`Heuristic::Td`]. First measured on the 2022 competition instances
/// (BENCHMARKS.md): up to width 35 the decomposition's order won by 10–100×, and the clause rule
/// above. Since both sides of a decision split into components, the order also wins or ties
/// up to 63 (s, clause rule → td: track1_103, width 51, 1.07 → 0.50; track3_021 and 2023
/// track3_011, width 37, 9.5 → 8.3 and 18.9 → 15.1; track3_009 and 3_031, widths 45 and 47,
/// 7.1 → 7.2 and 23.4 → 22.4; the empty 8×8 binary grid, width 63, 96 → 82); where the
/// elimination stops (dense formulas) the clause rule is mostly ahead (Survo open-2x10 2.4 s
/// against 5.8, track1_059 1.3 against > 30; track1_109 is the exception, 5.2 against 3.4).
/// So: the order wherever the elimination completes — except on an unprojected formula whose
/// width is at least half the variables in its clauses (ganak 2.9's log says the same: "width
/// is >= 50% of the nodes, TD will not guide the branching"), where [`Heuristic::Vsads`] takes
/// over: on random 3-CNF at 2.0–3.5 clauses a variable, the only such formulas measured, the
/// order's separators are a third of the formula and its decisions met 10–100× more conflicts
/// (rand3-90-2.5-s1: 231,337 conflicts and 16.3 M decisions against vsads' 2,489 and 13.4 M;
/// held-out seeds 101–103: 126.8 → 121.8 s in all, BENCHMARKS.md). No competition instance of
/// the shared set is that wide, so their decisions are unchanged. Projected formulas keep the
/// order (ratio 2.0 projected: vsads lost 14–36% on two of three tuning seeds).
pub(crate) const AUTO_TD_WIDTH: usize = 64;

/// The counter's decision heuristic.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Heuristic {
    /// [`Heuristic::Td`] when a min-degree elimination order of the formula's primal graph
    /// completes (width at most 64), else [`Heuristic::Clause`]; but [`Heuristic::Vsads`] on
    /// an unprojected formula whose width is at least half its variables (see
    /// `AUTO_TD_WIDTH` in this module).
    Auto,
    /// A projection variable of the shortest open clause ("at least one of these": like
    /// dancing links' item with the fewest options), the one in most clauses, true first.
    Clause,
    /// VSADS (Sang, Beame, Kautz 2005): the open variable with the highest sum of its
    /// occurrences (halved) and its VSIDS conflict activity, its more frequent polarity first.
    Vsads,
    /// Tree decomposition, in the manner of SharpSAT-TD: a min-degree elimination order of the
    /// primal graph (variables joined when they share a clause); the open variable eliminated
    /// last first — the separators near the top of the decomposition, whose assignment splits
    /// what is left into components — its more frequent polarity first. (SharpSAT-TD mixes in
    /// conflict activity; here that lost more than it won on the competition instances.)
    Td,
}

/// A min-degree elimination order of the formula's primal graph, as ranks (the variable
/// eliminated last has the highest), and its width (the largest degree at elimination: an
/// upper bound on the treewidth) when it eliminated every variable. Elimination stops once the
/// smallest degree passes `MAX_FILL_DEGREE` (the fill would cost more than it tells); the rest
/// rank above, by degree.
pub(crate) fn elimination_ranks(n: usize, clauses: &[Vec<u32>]) -> (Vec<u32>, Option<usize>) {
    const MAX_FILL_DEGREE: usize = 64;
    let mut adj: Vec<wellposed_sat::hash::WordSet<u32>> = vec![Default::default(); n];
    for c in clauses {
        if c.len() > MAX_FILL_DEGREE {
            continue; // a huge clause would make a clique of everything; it tells nothing here
        }
        for (i, &a) in c.iter().enumerate() {
            for &b in &c[i + 1..] {
                let (a, b) = (a >> 1, b >> 1);
                if a != b {
                    adj[a as usize].insert(b);
                    adj[b as usize].insert(a);
                }
            }
        }
    }
    let mut heap: std::collections::BinaryHeap<std::cmp::Reverse<(usize, u32)>> = (0..n)
        .map(|v| std::cmp::Reverse((adj[v].len(), v as u32)))
        .collect();
    let mut done = vec![false; n];
    let mut order: Vec<u32> = Vec::with_capacity(n);
    let mut width = 0;
    while let Some(std::cmp::Reverse((d, v))) = heap.pop() {
        let vi = v as usize;
        if done[vi] || d != adj[vi].len() {
            continue; // stale entry
        }
        if d > MAX_FILL_DEGREE {
            heap.push(std::cmp::Reverse((d, v)));
            break;
        }
        done[vi] = true;
        width = width.max(d);
        order.push(v);
        let nb: Vec<u32> = adj[vi].drain().collect();
        for &a in &nb {
            adj[a as usize].remove(&v);
        }
        for (i, &a) in nb.iter().enumerate() {
            for &b in &nb[i + 1..] {
                if adj[a as usize].insert(b) {
                    adj[b as usize].insert(a);
                }
            }
        }
        for &a in &nb {
            heap.push(std::cmp::Reverse((adj[a as usize].len(), a)));
        }
    }
    let complete = order.len() == n;
    let mut rest: Vec<u32> = (0..n as u32).filter(|&v| !done[v as usize]).collect();
    rest.sort_by_key(|&v| adj[v as usize].len());
    order.extend(rest);
    let mut rank = vec![0u32; n];
    for (i, &v) in order.iter().enumerate() {
        rank[v as usize] = i as u32;
    }
    (rank, complete.then_some(width))
}

/// Clauses as literal codes (`2 * variable + negated`), as [`elimination_ranks`] reads them.
pub(crate) fn codes_of<'c>(clauses: impl IntoIterator<Item = &'c Vec<Lit>>) -> Vec<Vec<u32>> {
    clauses
        .into_iter()
        .map(|c| {
            c.iter()
                .map(|l| 2 * l.var().0 + u32::from(!l.is_positive()))
                .collect()
        })
        .collect()
}
