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
/// So: the order wherever the elimination completes. (Until 2026-11-30 an unprojected formula
/// whose width was at least half its variables took [`Heuristic::Vsads`], as ganak 2.9's log
/// says "width is >= 50% of the nodes, TD will not guide the branching"; the re-rooted order
/// with its ties by open clauses (see [`Heuristic::Td`]) beat VSADS on two of the three tuning
/// seeds of random 3-CNF at 2.5 clauses a variable, 90 variables, width 46–50 (rand3-90-2.5-s1
/// 32.4 → 19.1 s, s2 28.9 → 13.1 s, s3 14.5 → 15.3 s), so the rule went.)
pub(crate) const AUTO_TD_WIDTH: usize = 64;

/// The counter's decision heuristic.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Heuristic {
    /// [`Heuristic::Td`] when a min-degree elimination order of the formula's primal graph
    /// completes (width at most 64), else [`Heuristic::Clause`] (see `AUTO_TD_WIDTH` in this
    /// module); but [`Heuristic::Jw`] for a formula whose order is at least half as wide as
    /// its variables in clauses.
    Auto,
    /// A projection variable of the shortest open clause ("at least one of these": like
    /// dancing links' item with the fewest options), the one in most clauses, true first.
    Clause,
    /// VSADS (Sang, Beame, Kautz 2005): the open variable with the highest sum of its
    /// occurrences (halved) and its VSIDS conflict activity, its more frequent polarity first.
    Vsads,
    /// Jeroslow–Wang, two-sided, on the open component: the open projection variable whose
    /// open clauses weigh most, a clause with k open literals weighing 2^-k, the heavier
    /// polarity first (satisfiability questions decide as [`Heuristic::Td`]). `auto` takes it
    /// for a formula whose elimination order (for an unprojected formula the best of
    /// [`best_elimination_ranks`]) is at least half as wide as its variables in clauses, where
    /// the order says little about where to decide: ganak 2.9's log has the same threshold
    /// ("width is >= 50% of the nodes, TD will not guide the branching"). Measured (2026-11-30,
    /// user s, 30 s each, the old `auto` → this): the projected tuning formulas of that width
    /// (random 3-CNF at 2.0 and 3.0 clauses a variable, widths 55–64%) 1.3–2.8× faster; the
    /// unprojected ones (random 3-CNF at 2.5–3.5, 50–64%) 1.2–2.2× (rand3-90-2.5-s1 14.0 →
    /// 7.8 s), pigeonhole-9-8 0.40 → 0.36 s; the shared set's instances are all narrower (its
    /// projected ones 2022 track3_009, 3_013, 3_021, 3_031 and 2023 track3_011 at 43–48%, track
    /// 1 all below half but one edge case of 21 variables) and keep `td`, where JW lost 5–25%.
    /// Where the elimination gives up (random 3-CNF at 3.5, 2022 track3_113, Survo) `auto`
    /// keeps `clause`; so the rule only meets formulas of at most 128 variables in clauses (the
    /// elimination stops past degree 64), where a look over the open component per decision
    /// is cheap.
    Jw,
    /// Tree decomposition, in the manner of SharpSAT-TD (Korhonen and Järvisalo, CP 2021).
    /// Unprojected formulas: the best of a few elimination orders (min-degree, min-fill, ties
    /// at random) re-rooted at a centroid of its elimination tree; the open variable whose
    /// nearest bag is shallowest first — the separators at the middle of the decomposition,
    /// whose assignment splits what is left in halves — and among those (a bag's variables tie)
    /// the one in most open clauses, then the last eliminated; its more frequent polarity
    /// first. Measured on a tuning seed (rand3-70-2.0-s1, user s, ganak 2.9 24.4 s with 9.6 M
    /// decisions): one min-degree order, width 37, as ranks 56.3 s; the best order, width 34,
    /// 49.2 s; re-rooted, ties by rank 47.5 s (18.2 M decisions); re-rooted, ties by open
    /// clauses **18.6 s (7.5 M decisions)**. Projected formulas: one min-degree order, the
    /// variable eliminated last first — on projected random 3-CNF the re-rooted order lost
    /// (rand3p-100-3.0-s1 20.4 → 35.7 s, the best order alone 23.2 s). (SharpSAT-TD mixes in
    /// conflict activity; here that lost more than it won on the competition instances.)
    Td,
}

/// A min-degree elimination order of the formula's primal graph, as ranks (the variable
/// eliminated last has the highest), and its width (the largest degree at elimination: an
/// upper bound on the treewidth) when it eliminated every variable. Elimination stops once the
/// smallest degree passes `MAX_FILL_DEGREE` (the fill would cost more than it tells); the rest
/// rank above, by degree. Ties go to the lower variable.
pub(crate) fn elimination_ranks(n: usize, clauses: &[Vec<u32>]) -> (Vec<u32>, Option<usize>) {
    let order = eliminate(primal_graph(n, clauses), 0, None, usize::MAX, false).expect("no bound");
    (order.rank, order.width)
}

/// [`elimination_ranks`] with each variable its own depth, the last eliminated shallowest (the
/// decisions of [`Heuristic::Td`] on projected formulas: by rank alone).
pub(crate) fn ranks_with_depths(
    n: usize,
    clauses: &[Vec<u32>],
) -> (Vec<u32>, Vec<u32>, Option<usize>) {
    let (rank, width) = elimination_ranks(n, clauses);
    let depth = own_depths(&rank);
    (rank, depth, width)
}

/// Each variable its own depth, by rank: no two tie, and the highest rank is shallowest.
fn own_depths(rank: &[u32]) -> Vec<u32> {
    rank.iter().map(|&r| rank.len() as u32 - r).collect()
}

/// Elimination orders tried by [`best_elimination_ranks`]: the first breaks ties by variable,
/// the others at random; fewer where the graph is large, so that all of them together touch
/// at most [`ORDER_WORK`] edges and variables of the primal graph.
pub(crate) const ORDER_RUNS: usize = 16;

/// See [`ORDER_RUNS`].
pub(crate) const ORDER_WORK: usize = 4_000_000;

/// The pairs of neighbours all elimination runs of one order search may join together (the
/// fill each run reads or adds), the first run's included: no run starts past it.
pub(crate) const ORDER_PAIRS: usize = 250_000;

/// The hash look-ups all min-fill eliminations of one order search may make together (each
/// reads the pairs of neighbours of the variables whose fill may have changed): about 10 ms.
/// A 70-variable random 3-CNF at 2.0 clauses a variable takes 653,000 for one run.
pub(crate) const FILL_WORK: usize = 1_000_000;

/// The best of a few elimination orders: min-degree with ties by variable, then min-fill
/// (the variable whose elimination adds fewest edges) and min-degree with ties at random, up
/// to [`ORDER_RUNS`] within [`ORDER_WORK`]: the narrowest, then the one with the smallest sum
/// of 2^(degree at elimination) — the work a search along it would do if every separator had
/// to be enumerated — re-rooted at a centroid ([`centred_ranks`]). On random 3-CNF min-fill
/// is narrower than min-degree (70 variables, 2.0 clauses a variable: 34 against 37; ganak
/// 2.9's own decomposition, searched for 0.9 s, also 34). As [`elimination_ranks`] otherwise.
pub(crate) fn best_elimination_ranks(
    n: usize,
    clauses: &[Vec<u32>],
) -> (Vec<u32>, Vec<u32>, Option<usize>) {
    let graph = primal_graph(n, clauses);
    let size = n + graph.iter().map(|a| a.len()).sum::<usize>();
    let runs = (ORDER_WORK / size.max(1)).clamp(1, ORDER_RUNS);
    let mut best = eliminate(graph.clone(), 0, None, usize::MAX, true).expect("no bound");
    // What the min-fill runs may spend in all; once one runs out, none is tried again.
    // A min-fill run reads about 50 times the pairs a min-degree run joins (rand3-70-2.0-s1:
    // 653,000 look-ups against 12,261 pairs): where that will not fit, none is tried (the
    // pigeonhole formula 9-8, 25,758 pairs; rand3-90-2.5, about 25,500).
    let mut fill_budget = if 64 * best.pairs <= FILL_WORK {
        FILL_WORK
    } else {
        0
    };
    let mut pairs = best.pairs;
    for seed in 1..runs as u64 {
        if best.width.is_none() || pairs > ORDER_PAIRS {
            break; // the elimination stops (dense; ties will not change that), or enough work
        }
        let min_fill = seed % 2 == 1;
        if min_fill && fill_budget == 0 {
            continue;
        }
        let bound = best.width.unwrap_or(usize::MAX);
        let order = eliminate(
            graph.clone(),
            seed,
            min_fill.then_some(&mut fill_budget),
            bound,
            true,
        );
        let Some(order) = order else {
            continue; // wider than the best, or min-fill out of its budget (then no more)
        };
        pairs += order.pairs;
        if (order.width, order.work) < (best.width, best.work) && order.width.is_some() {
            best = order;
        }
    }
    let (rank, depth) = centred_ranks(&best);
    (rank, depth, best.width)
}

/// An elimination order: ranks, width when complete, and the sum of 2^(degree at elimination).
struct Order {
    rank: Vec<u32>,
    width: Option<usize>,
    work: f64,
    /// The pairs of neighbours at elimination, summed (what the run joined or found joined).
    pairs: usize,
    /// The variables in elimination order and, when the elimination completed within
    /// [`BAG_ENTRIES`], each one's neighbours at elimination (its bag without it), flat, the
    /// i-th eliminated variable's from `bag_start[i]` to `bag_start[i + 1]`.
    order: Vec<u32>,
    bag_start: Vec<usize>,
    bags: Vec<u32>,
}

/// The neighbours at elimination kept for re-rooting ([`centred_ranks`]): past this many in
/// all (4 bytes each), the order's own ranks are used.
const BAG_ENTRIES: usize = 1 << 24;

/// The primal graph: variables joined when they share a clause of at most `MAX_FILL_DEGREE`
/// literals (a huge clause would make a clique of everything; it tells nothing here).
fn primal_graph(n: usize, clauses: &[Vec<u32>]) -> Vec<wellposed_sat::hash::WordSet<u32>> {
    let mut adj: Vec<wellposed_sat::hash::WordSet<u32>> = vec![Default::default(); n];
    for c in clauses {
        if c.len() > MAX_FILL_DEGREE {
            continue;
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
    adj
}

const MAX_FILL_DEGREE: usize = 64;

/// A variable's priority in an elimination: (fill, degree) under min-fill, (degree, 0) under
/// min-degree; the smallest is eliminated first.
type Key = (usize, usize);

/// Min-degree elimination of `adj` (min-fill when `fill_budget` is given, spending from it a
/// hash look-up per pair of neighbours read: `None` once it is spent, the budget then 0);
/// ties by variable for seed 0, else by a hash of the variable and the seed. `None` also once
/// a variable's degree at elimination passes `bound` (the best width so far: this order
/// cannot beat it). The bags are kept (for [`centred_ranks`]) only with `keep_bags`.
fn eliminate(
    mut adj: Vec<wellposed_sat::hash::WordSet<u32>>,
    seed: u64,
    fill_budget: Option<&mut usize>,
    bound: usize,
    mut keep_bags: bool,
) -> Option<Order> {
    let n = adj.len();
    let tie = |v: u32| -> u64 {
        if seed == 0 {
            return u64::from(v);
        }
        // splitmix64 of the variable and the seed
        let mut z = (u64::from(v) << 32 | seed).wrapping_add(0x9e37_79b9_7f4a_7c15);
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    };
    let min_fill = fill_budget.is_some();
    let mut spare = 0;
    let budget = fill_budget.unwrap_or(&mut spare);
    // The edges eliminating a variable would add (its neighbours not yet joined).
    let mut fill_of = |adj: &[wellposed_sat::hash::WordSet<u32>], v: usize| -> Option<usize> {
        let nb: Vec<u32> = adj[v].iter().copied().collect();
        let cost = nb.len() * nb.len() / 2;
        if cost > *budget {
            *budget = 0;
            return None;
        }
        *budget -= cost;
        let mut fill = 0;
        for (i, &a) in nb.iter().enumerate() {
            for &b in &nb[i + 1..] {
                fill += usize::from(!adj[a as usize].contains(&b));
            }
        }
        Some(fill)
    };
    let mut fill = vec![0usize; n];
    let key = |adj: &[wellposed_sat::hash::WordSet<u32>], fill: &[usize], v: usize| {
        if min_fill {
            (fill[v], adj[v].len())
        } else {
            (adj[v].len(), 0)
        }
    };
    if min_fill {
        for (v, f) in fill.iter_mut().enumerate() {
            *f = fill_of(&adj, v)?;
        }
    }
    let mut heap: std::collections::BinaryHeap<std::cmp::Reverse<(Key, u64, u32)>> = (0..n)
        .map(|v| std::cmp::Reverse((key(&adj, &fill, v), tie(v as u32), v as u32)))
        .collect();
    let mut done = vec![false; n];
    let mut order: Vec<u32> = Vec::with_capacity(n);
    let mut bag_start = vec![0];
    let mut bags: Vec<u32> = Vec::new();
    let mut width = 0;
    let mut work = 0.0;
    let mut pairs = 0;
    let mut affected: Vec<u32> = Vec::new();
    let mut stamp = vec![0u32; n];
    while let Some(std::cmp::Reverse((k, t, v))) = heap.pop() {
        let vi = v as usize;
        if done[vi] || k != key(&adj, &fill, vi) {
            continue; // stale entry
        }
        let d = adj[vi].len();
        if d > bound {
            return None;
        }
        if d > MAX_FILL_DEGREE {
            if min_fill {
                return None; // min-degree says the same, cheaper
            }
            heap.push(std::cmp::Reverse((k, t, v)));
            break;
        }
        done[vi] = true;
        width = width.max(d);
        work += (1u128 << d) as f64; // d ≤ MAX_FILL_DEGREE; not `exp2`, which would load libm (tests/suite/cli.rs)
        pairs += d * d.saturating_sub(1) / 2;
        order.push(v);
        let nb: Vec<u32> = adj[vi].drain().collect();
        if keep_bags && bags.len() + nb.len() <= BAG_ENTRIES {
            bags.extend_from_slice(&nb);
            bag_start.push(bags.len());
        } else if keep_bags {
            keep_bags = false;
            bags = Vec::new();
            bag_start = Vec::new();
        }
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
        if min_fill {
            // The fill of the neighbours and of their neighbours may have changed.
            affected.clear();
            for &a in &nb {
                for x in std::iter::once(a).chain(adj[a as usize].iter().copied()) {
                    if stamp[x as usize] != v + 1 {
                        stamp[x as usize] = v + 1;
                        affected.push(x);
                    }
                }
            }
            for &x in &affected {
                fill[x as usize] = fill_of(&adj, x as usize)?;
                heap.push(std::cmp::Reverse((key(&adj, &fill, x as usize), tie(x), x)));
            }
        } else {
            for &a in &nb {
                heap.push(std::cmp::Reverse((key(&adj, &fill, a as usize), tie(a), a)));
            }
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
    if !complete || !keep_bags {
        bags = Vec::new();
        bag_start = Vec::new();
    }
    Some(Order {
        rank,
        width: complete.then_some(width),
        work,
        pairs,
        order,
        bag_start,
        bags,
    })
}

/// The ranks of a complete elimination order re-rooted at a centroid (Korhonen and Järvisalo,
/// CP 2021, root SharpSAT-TD's decomposition so): the elimination tree (a variable's parent is
/// its neighbour at elimination eliminated first after it; each variable's bag is itself and
/// those neighbours) is a tree decomposition, and any of its nodes may be its root. Rooted
/// where min-degree ended, it can be a long path, whose top separators split off little; rooted
/// at a centroid (a node whose removal leaves parts of at most half the tree), the first
/// decisions split the formula in halves. A variable's depth is the distance from the root to
/// the nearest bag holding it; the shallowest rank highest, ties by the order's own rank. The
/// order's own ranks when it kept no bags (incomplete, or past [`BAG_ENTRIES`]).
fn centred_ranks(o: &Order) -> (Vec<u32>, Vec<u32>) {
    let n = o.rank.len();
    if o.bag_start.len() != n + 1 {
        return (o.rank.clone(), own_depths(&o.rank)); // no tree
    }
    let bag = |i: usize| &o.bags[o.bag_start[i]..o.bag_start[i + 1]];
    // Parents by position in the order: the lowest-ranked neighbour at elimination.
    let mut parent = vec![NONE; n];
    for (i, p) in parent.iter_mut().enumerate() {
        if let Some(r) = bag(i).iter().map(|&a| o.rank[a as usize]).min() {
            *p = r as usize;
        }
    }
    // Subtree sizes (a parent comes later in the order than its children).
    let mut size = vec![1usize; n];
    for i in 0..n {
        if parent[i] != NONE {
            size[parent[i]] += size[i];
        }
    }
    // Children, flat.
    let mut child_start = vec![0usize; n + 1];
    for &p in &parent {
        if p != NONE {
            child_start[p + 1] += 1;
        }
    }
    for i in 0..n {
        child_start[i + 1] += child_start[i];
    }
    let mut children = vec![0usize; child_start[n]];
    let mut fill = child_start.clone();
    for (i, &p) in parent.iter().enumerate() {
        if p != NONE {
            children[fill[p]] = i;
            fill[p] += 1;
        }
    }
    let kids = |i: usize| &children[child_start[i]..child_start[i + 1]];
    let mut depth = vec![u32::MAX; n]; // by variable
    let mut dist = vec![u32::MAX; n]; // by position
    let mut queue = Vec::new();
    for root in (0..n).filter(|&i| parent[i] == NONE) {
        // The centroid: down from the root into a child holding more than half the tree.
        let mut c = root;
        while let Some(&k) = kids(c).iter().find(|&&k| 2 * size[k] > size[root]) {
            c = k;
        }
        // Distances from the centroid over the tree's edges.
        queue.clear();
        queue.push(c);
        dist[c] = 0;
        let mut head = 0;
        while head < queue.len() {
            let i = queue[head];
            head += 1;
            let next = dist[i] + 1;
            for &j in kids(i)
                .iter()
                .chain((parent[i] != NONE).then_some(&parent[i]))
            {
                if dist[j] == u32::MAX {
                    dist[j] = next;
                    queue.push(j);
                }
            }
        }
        for &i in &queue {
            depth[o.order[i] as usize] = dist[i];
        }
        // A variable whose bags hold the centroid's path to the root is nearer than its own
        // node: every bag on that path holds only variables above it, so walking up from the
        // centroid finds them.
        let (mut i, mut k) = (c, 0);
        loop {
            for &y in bag(i) {
                let d = &mut depth[y as usize];
                *d = (*d).min(k);
            }
            if parent[i] == NONE {
                break;
            }
            i = parent[i];
            k += 1;
        }
    }
    let mut by: Vec<u32> = (0..n as u32).collect();
    // Deepest first, so that the shallowest get the highest ranks.
    by.sort_by_key(|&v| (std::cmp::Reverse(depth[v as usize]), o.rank[v as usize]));
    let mut rank = vec![0u32; n];
    for (i, &v) in by.iter().enumerate() {
        rank[v as usize] = i as u32;
    }
    (rank, depth)
}

const NONE: usize = usize::MAX;

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
