//! The deduction rules of Simon Tatham's Map solver, in forms that stay proposed until applied
//! (so the shared engine reaches the same fixpoint in any order). Both are valid for every
//! colouring, not only for well-posed maps:
//!
//! - colour pair (level 3, Tatham's "Normal"): two neighbouring regions that can only take
//!   colours a and b use both between them, so a region bordering both takes neither. (Tatham
//!   asks for exactly the same two possibilities; "both within {a, b}" is the same rule, and it
//!   stays true as possibilities shrink.)
//! - forcing chain (level 4, Tatham's "Hard"): suppose region i is not colour c. Then every
//!   region left with one possibility once its already-forced neighbours' colours are removed is
//!   forced, and so on; every region j forced to c this way means that i or j is c, so a region
//!   bordering both i and j is not c. If the supposition empties a region, i must be c. (Tatham
//!   follows chains of two-colour regions one neighbour at a time; this follows every forcing,
//!   which finds his chains and a little more.)

use crate::Map;
use wellposed_engine::deduce::{possible, FamilyRule, Removal, Rule, State};
use wellposed_sat::Var;

/// Region adjacency, each list sorted.
pub(crate) fn neighbours(m: &Map) -> Vec<Vec<usize>> {
    let mut nb = vec![Vec::new(); m.regions.len()];
    for &(a, b) in &m.borders {
        nb[a].push(b);
        nb[b].push(a);
    }
    for l in &mut nb {
        l.sort_unstable();
        l.dedup();
    }
    nb
}

/// What both rules read: the graph and each region's possible colours as a bit set.
struct Possible<'a> {
    colours: usize,
    neighbours: &'a [Vec<usize>],
    can: Vec<u64>,
}

impl<'a> Possible<'a> {
    fn new(neighbours: &'a [Vec<usize>], colours: usize, state: &State) -> Possible<'a> {
        let can = (0..neighbours.len())
            .map(|r| {
                (0..colours)
                    .filter(|&c| possible(state, var(colours, r, c), true))
                    .fold(0u64, |m, c| m | 1 << c)
            })
            .collect();
        Possible {
            colours,
            neighbours,
            can,
        }
    }

    fn adjacent(&self, a: usize, b: usize) -> bool {
        self.neighbours[a].binary_search(&b).is_ok()
    }

    fn remove(&self, out: &mut Vec<Removal>, rule: Rule, region: usize, colours: u64) {
        for c in 0..self.colours {
            if colours & self.can[region] & 1 << c != 0 {
                out.push(Removal::by(rule, var(self.colours, region, c), true));
            }
        }
    }
}

fn var(colours: usize, region: usize, colour: usize) -> Var {
    Var((region * colours + colour) as u32)
}

/// What both rules are built from: the number of colours and the region graph.
struct Graph {
    colours: usize,
    neighbours: Vec<Vec<usize>>,
}

impl Graph {
    fn of(m: &Map) -> Graph {
        Graph {
            colours: m.colours,
            neighbours: neighbours(m),
        }
    }
}

pub struct ColourPairs(Graph);

impl ColourPairs {
    pub fn new(m: &Map) -> ColourPairs {
        ColourPairs(Graph::of(m))
    }
}

impl FamilyRule for ColourPairs {
    fn rule(&self) -> Rule {
        Rule::Family("colour-pair", 3)
    }

    fn propose(&self, state: &State) -> Vec<Removal> {
        self.propose_steps(state).into_iter().flatten().collect()
    }

    /// One pair of neighbouring regions a step.
    fn propose_steps(&self, state: &State) -> Vec<Vec<Removal>> {
        let g = &self.0;
        let p = Possible::new(&g.neighbours, g.colours, state);
        let mut steps = Vec::new();
        for (a, nb) in g.neighbours.iter().enumerate() {
            for &b in nb.iter().filter(|&&b| b > a) {
                let pair = p.can[a] | p.can[b];
                if pair.count_ones() != 2 || p.can[a] == 0 || p.can[b] == 0 {
                    continue;
                }
                let mut out = Vec::new();
                for &k in nb.iter().filter(|&&k| k != b && p.adjacent(k, b)) {
                    p.remove(&mut out, self.rule(), k, pair);
                }
                if !out.is_empty() {
                    steps.push(out);
                }
            }
        }
        steps
    }
}

pub struct ForcingChains(Graph);

impl ForcingChains {
    pub fn new(m: &Map) -> ForcingChains {
        ForcingChains(Graph::of(m))
    }
}

impl FamilyRule for ForcingChains {
    fn rule(&self) -> Rule {
        Rule::Family("forcing-chain", 4)
    }

    fn propose(&self, state: &State) -> Vec<Removal> {
        let mut out: Vec<Removal> = self.propose_steps(state).into_iter().flatten().collect();
        out.sort_unstable_by_key(|r| r.var.index());
        out.dedup_by_key(|r| r.var.index());
        out
    }

    /// One supposition (region i is not colour c) a step: what its chain shows.
    fn propose_steps(&self, state: &State) -> Vec<Vec<Removal>> {
        let g = &self.0;
        let p = Possible::new(&g.neighbours, g.colours, state);
        let n = g.neighbours.len();
        let mut steps = Vec::new();
        // Per supposition: each region's forced colour (as a bit) and the colours its forced
        // neighbours have taken from it.
        let mut forced = vec![0u64; n];
        let mut taken = vec![0u64; n];
        let mut queue = Vec::new();
        for i in 0..n {
            for c in 0..g.colours {
                let not_c = p.can[i] & !(1 << c);
                // Only a supposition that forces i itself starts a chain.
                if not_c.count_ones() != 1 {
                    continue;
                }
                forced.iter_mut().for_each(|f| *f = 0);
                taken.iter_mut().for_each(|t| *t = 0);
                queue.clear();
                forced[i] = not_c;
                queue.push(i);
                let mut contradiction = false;
                let mut head = 0;
                'bfs: while head < queue.len() {
                    let j = queue[head];
                    head += 1;
                    for &k in &g.neighbours[j] {
                        if forced[k] == forced[j] {
                            contradiction = true; // two neighbours forced alike
                            break 'bfs;
                        }
                        taken[k] |= forced[j];
                        if forced[k] != 0 {
                            continue;
                        }
                        let left = p.can[k] & !taken[k];
                        match left.count_ones() {
                            0 => {
                                contradiction = true;
                                break 'bfs;
                            }
                            1 => {
                                forced[k] = left;
                                queue.push(k);
                            }
                            _ => {}
                        }
                    }
                }
                let mut out = Vec::new();
                if contradiction {
                    // i is c: it loses every other colour and its neighbours lose c (which
                    // covers whatever the chain proposed before it ran into the contradiction).
                    p.remove(&mut out, self.rule(), i, !(1 << c));
                    for &k in &g.neighbours[i] {
                        p.remove(&mut out, self.rule(), k, 1 << c);
                    }
                } else {
                    for &j in queue.iter().filter(|&&j| j != i && forced[j] == 1 << c) {
                        for &k in g.neighbours[i].iter().filter(|&&k| p.adjacent(k, j)) {
                            p.remove(&mut out, self.rule(), k, 1 << c);
                        }
                    }
                }
                out.sort_unstable_by_key(|r| r.var.index());
                out.dedup_by_key(|r| r.var.index());
                if !out.is_empty() {
                    steps.push(out);
                }
            }
        }
        steps
    }
}
