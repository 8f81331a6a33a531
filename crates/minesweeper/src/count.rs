//! Exact layout counts and mine probabilities, by independent components.
//!
//! The unknown cells next to a number (the frontier) fall into components: two cells are in the
//! same one when a chain of numbers links them. Components do not constrain each other except
//! through the total number of mines, so each is enumerated alone (depth first, pruning on every
//! number's range), tallying its layouts by how many mines they use, and per cell how many of
//! those put a mine on it. The cells next to no number (the interior) are free: C(I, m) ways to
//! hold m mines. With a total N, the count is Σ over mine counts of the product of the
//! components' tallies and C(I, rest) — a convolution, never a product of layouts; a cell's
//! probability is the same sum restricted to layouts with a mine there, over the count.

use crate::{Board, Cell};
use num_bigint::BigUint;
use num_rational::BigRational;
use num_traits::{One, Zero};

/// The largest frontier component enumerated (depth-first, one cell a level).
pub const MAX_COMPONENT: usize = 2000;

/// What the analysis found.
#[derive(Clone, Debug)]
pub struct Analysis {
    /// The number of layouts consistent with the board.
    pub layouts: BigUint,
    /// Per cell: for unknown cells, the probability of a mine (all layouts equally likely);
    /// `None` for revealed cells and known mines. Empty when no layout exists.
    pub probability: Vec<Option<BigRational>>,
    /// Frontier components and the size of the largest.
    pub components: usize,
    pub largest: usize,
    /// Unknown cells next to no number.
    pub interior: usize,
}

/// One component's tallies: layouts by mines used, and per cell the layouts with a mine there.
struct Tally {
    cells: Vec<usize>,
    by_mines: Vec<u64>,
    mine_at: Vec<Vec<u64>>,
}

/// Every layout of `cells` (depth first, in the order given, no mine before mine) that meets
/// the constraints `cons` (cells, mines among them) and, when `rest` is given, places exactly
/// `rest` mines: `leaf(assign, mines)` sees each one (`assign[i]`: a mine on `cells[i]`) and
/// returns false to stop. Every constraint's range (mines still needed, cells still open) and
/// the mines left prune the branches. False when stopped, by `leaf` or after `budget` nodes.
pub(crate) fn each_layout(
    cells: &[usize],
    cons: &[(Vec<usize>, usize)],
    rest: Option<usize>,
    budget: u64,
    leaf: impl FnMut(&[bool], usize) -> bool,
) -> bool {
    let local: std::collections::HashMap<usize, usize> =
        cells.iter().enumerate().map(|(i, &c)| (c, i)).collect();
    // For each cell, the constraints it is in; per constraint, mines still needed and cells
    // still open.
    let mut of_cell: Vec<Vec<usize>> = vec![Vec::new(); cells.len()];
    for (j, (cs, _)) in cons.iter().enumerate() {
        for c in cs {
            of_cell[local[c]].push(j);
        }
    }
    struct Walk<'a, F> {
        of_cell: &'a [Vec<usize>],
        need: Vec<i64>,
        left: Vec<i64>,
        assign: Vec<bool>,
        rest: Option<usize>,
        nodes: u64,
        budget: u64,
        leaf: F,
    }
    impl<F: FnMut(&[bool], usize) -> bool> Walk<'_, F> {
        fn go(&mut self, i: usize, mines: usize) -> bool {
            self.nodes += 1;
            if self.nodes > self.budget {
                return false;
            }
            let n = self.assign.len();
            if let Some(rest) = self.rest {
                if mines > rest || rest - mines > n - i {
                    return true;
                }
            }
            if i == n {
                return (self.leaf)(&self.assign, mines);
            }
            for value in [false, true] {
                let mut ok = true;
                for &j in &self.of_cell[i] {
                    self.left[j] -= 1;
                    self.need[j] -= i64::from(value);
                    ok &= self.need[j] >= 0 && self.need[j] <= self.left[j];
                }
                let go_on = !ok || {
                    self.assign[i] = value;
                    self.go(i + 1, mines + usize::from(value))
                };
                for &j in &self.of_cell[i] {
                    self.left[j] += 1;
                    self.need[j] += i64::from(value);
                }
                if !go_on {
                    return false;
                }
            }
            self.assign[i] = false;
            true
        }
    }
    Walk {
        of_cell: &of_cell,
        need: cons.iter().map(|(_, m)| *m as i64).collect(),
        left: cons.iter().map(|(cs, _)| cs.len() as i64).collect(),
        assign: vec![false; cells.len()],
        rest,
        nodes: 0,
        budget,
        leaf,
    }
    .go(0, 0)
}

/// A component's tallies, or `None` past `budget` search nodes.
fn enumerate(cells: Vec<usize>, cons: &[(Vec<usize>, usize)], budget: u64) -> Option<Tally> {
    let n = cells.len();
    let mut by_mines = vec![0; n + 1];
    let mut mine_at = vec![vec![0; n + 1]; n];
    let complete = each_layout(&cells, cons, None, budget, |assign, mines| {
        by_mines[mines] += 1;
        for (k, &a) in assign.iter().enumerate() {
            if a {
                mine_at[k][mines] += 1;
            }
        }
        true
    });
    complete.then_some(Tally {
        cells,
        by_mines,
        mine_at,
    })
}

fn convolve(a: &[BigUint], b: &[BigUint]) -> Vec<BigUint> {
    let mut out = vec![BigUint::zero(); a.len() + b.len() - 1];
    for (i, x) in a.iter().enumerate() {
        if x.is_zero() {
            continue;
        }
        for (j, y) in b.iter().enumerate() {
            out[i + j] += x * y;
        }
    }
    out
}

/// C(n, k) for k = 0..=n.
fn binomials(n: usize) -> Vec<BigUint> {
    let mut row = vec![BigUint::one()];
    for k in 0..n {
        let next = &row[k] * BigUint::from(n - k) / BigUint::from(k + 1);
        row.push(next);
    }
    row
}

/// Ways to complete a distribution of frontier mines (with `used` more placed) in the interior.
type Ways = dyn Fn(&[BigUint], usize) -> BigUint;

/// The frontier's components, each enumerated, and the interior cells.
type Parts = (Vec<Tally>, Vec<usize>);

/// The board's [`Parts`]; `None` when a number cannot be met.
fn components(board: &Board, budget: u64) -> Result<Option<Parts>, String> {
    let cells = board.cells.len();
    let Ok(cons) = board.constraints() else {
        return Ok(None);
    };
    // Components of the frontier, by union-find over the numbers' cells.
    let mut parent: Vec<usize> = (0..cells).collect();
    fn find(p: &mut [usize], mut x: usize) -> usize {
        while p[x] != x {
            p[x] = p[p[x]];
            x = p[x];
        }
        x
    }
    let mut frontier = vec![false; cells];
    for (_, open, _) in &cons {
        for &c in open {
            frontier[c] = true;
        }
        for w in open.windows(2) {
            let (a, b) = (find(&mut parent, w[0]), find(&mut parent, w[1]));
            parent[a] = b;
        }
    }
    let mut groups: std::collections::BTreeMap<usize, Vec<usize>> = Default::default();
    for (c, _) in frontier.iter().enumerate().filter(|(_, &f)| f) {
        let r = find(&mut parent, c);
        groups.entry(r).or_default().push(c);
    }
    let mut group_cons: std::collections::BTreeMap<usize, Vec<(Vec<usize>, usize)>> =
        Default::default();
    for (_, open, need) in &cons {
        // A number with nothing left to place is met (need 0) or was refused above.
        if let Some(&c) = open.first() {
            let r = find(&mut parent, c);
            group_cons.entry(r).or_default().push((open.clone(), *need));
        }
    }
    if let Some(big) = groups.values().map(Vec::len).find(|&n| n > MAX_COMPONENT) {
        return Err(format!(
            "a frontier component of {big} cells is more than the {MAX_COMPONENT} enumerated one \
             layout at a time; count it with --method sat"
        ));
    }
    let Some(tallies) = groups
        .into_iter()
        .map(|(r, cs)| enumerate(cs, group_cons.get(&r).map_or(&[], |v| v), budget))
        .collect::<Option<Vec<Tally>>>()
    else {
        return Err(format!(
            "a frontier component needs more than {budget} search nodes"
        ));
    };
    let interior: Vec<usize> = board
        .unknown()
        .into_iter()
        .filter(|&c| !frontier[c])
        .collect();
    Ok(Some((tallies, interior)))
}

/// The number of layouts consistent with `board`, and whether some frontier cell is a mine in
/// none of its component's layouts (so safe) — the analysis without the probabilities, for
/// scoring many hypothetical boards. A cell made safe only by the total number of mines is
/// not seen. Gives up (an error) when a component needs more than `budget` search nodes.
pub fn layouts_and_a_safe_cell(board: &Board, budget: u64) -> Result<(BigUint, bool), String> {
    let Some((tallies, interior)) = components(board, budget)? else {
        return Ok((BigUint::zero(), false));
    };
    let all = tallies.iter().fold(vec![BigUint::one()], |acc, t| {
        let d: Vec<BigUint> = t.by_mines.iter().map(|&x| BigUint::from(x)).collect();
        convolve(&acc, &d)
    });
    let free = interior.len();
    let layouts = match board.mines {
        Some(total) => {
            let known = board.cells.iter().filter(|&&c| c == Cell::Mine).count();
            let Some(rest) = total.checked_sub(known) else {
                return Ok((BigUint::zero(), false));
            };
            let c = binomials(free);
            all.iter()
                .enumerate()
                .filter_map(|(m, x)| {
                    rest.checked_sub(m)
                        .filter(|&k| k <= free)
                        .map(|k| x * &c[k])
                })
                .sum()
        }
        None => all.iter().sum::<BigUint>() * BigUint::from(2u32).pow(free as u32),
    };
    let safe = tallies
        .iter()
        .any(|t| t.mine_at.iter().any(|per| per.iter().all(|&n| n == 0)));
    Ok((layouts, safe))
}

pub fn analyze(board: &Board) -> Result<Analysis, String> {
    let cells = board.cells.len();
    let empty = |components, largest, interior| Analysis {
        layouts: BigUint::zero(),
        probability: Vec::new(),
        components,
        largest,
        interior,
    };
    let Some((tallies, interior)) = components(board, u64::MAX)? else {
        return Ok(empty(0, 0, 0));
    };
    let components = tallies.len();
    let largest = tallies.iter().map(|t| t.cells.len()).max().unwrap_or(0);
    let big = |v: &[u64]| v.iter().map(|&x| BigUint::from(x)).collect::<Vec<_>>();
    let dists: Vec<Vec<BigUint>> = tallies.iter().map(|t| big(&t.by_mines)).collect();
    // prefix[i] = convolution of components before i; suffix[i] = from i on.
    let mut prefix = vec![vec![BigUint::one()]];
    for d in &dists {
        let next = convolve(prefix.last().expect("non-empty"), d);
        prefix.push(next);
    }
    let mut suffix = vec![vec![BigUint::one()]; dists.len() + 1];
    for i in (0..dists.len()).rev() {
        suffix[i] = convolve(&dists[i], &suffix[i + 1]);
    }
    let all = prefix.last().expect("non-empty").clone();
    let known = board.cells.iter().filter(|&&c| c == Cell::Mine).count();
    let free = interior.len();
    // ways(rest_dist, extra): Σ_m rest[m] · (ways for the interior to hold what is left).
    let (layouts, interior_weight): (BigUint, Box<Ways>) = match board.mines {
        Some(total) => {
            let Some(rest) = total.checked_sub(known) else {
                return Ok(empty(components, largest, free));
            };
            let c = binomials(free);
            let ways = move |dist: &[BigUint], used: usize| -> BigUint {
                let mut sum = BigUint::zero();
                for (m, x) in dist.iter().enumerate() {
                    if let Some(k) = rest.checked_sub(m + used) {
                        if k <= free {
                            sum += x * &c[k];
                        }
                    }
                }
                sum
            };
            (ways(&all, 0), Box::new(ways))
        }
        None => {
            let pow = BigUint::from(2u32).pow(free as u32);
            let ways = move |dist: &[BigUint], _used: usize| -> BigUint {
                dist.iter().sum::<BigUint>() * &pow
            };
            (ways(&all, 0), Box::new(ways))
        }
    };
    if layouts.is_zero() {
        return Ok(empty(components, largest, free));
    }
    let mut probability: Vec<Option<BigRational>> = vec![None; cells];
    let total = num_bigint::BigInt::from(layouts.clone());
    let ratio = |num: BigUint| BigRational::new(num_bigint::BigInt::from(num), total.clone());
    for (i, t) in tallies.iter().enumerate() {
        let others = convolve(&prefix[i], &suffix[i + 1]);
        for (local, &cell) in t.cells.iter().enumerate() {
            let mut num = BigUint::zero();
            for (k, &n) in t.mine_at[local].iter().enumerate() {
                if n > 0 {
                    num += BigUint::from(n) * interior_weight(&others, k);
                }
            }
            probability[cell] = Some(ratio(num));
        }
    }
    if free > 0 {
        // Layouts with a mine on one given interior cell: by symmetry, the interior mines'
        // expected share. Σ over layouts of (interior mines) / I, computed exactly.
        let num = match board.mines {
            Some(total) => {
                let rest = total - known;
                let c = binomials(free - 1);
                let mut sum = BigUint::zero();
                for (m, x) in all.iter().enumerate() {
                    if let Some(k) = rest.checked_sub(m + 1) {
                        if k < free {
                            sum += x * &c[k];
                        }
                    }
                }
                sum
            }
            None => layouts.clone() / BigUint::from(2u32),
        };
        for &c in &interior {
            probability[c] = Some(ratio(num.clone()));
        }
    }
    Ok(Analysis {
        layouts,
        probability,
        components,
        largest,
        interior: free,
    })
}
