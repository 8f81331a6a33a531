//! S(m,n) by a second method, `columns-first` (first named `value-placement`), that shares no
//! search code with the margin-pair scan of [`enumerate`](crate::enumerate) (issue 71): its own
//! walk of the margins (column margins outer, row margins inner, both built smallest part
//! first), its own necessary condition (lower bounds on the sums of the smallest row sums,
//! derived below), its own decider ([`cross`]: line sets crossing once, with value cover; or
//! [`place`]: the values placed from the largest down, 10–100× slower, kept as a third opinion
//! in the tests), and its own certificate of a second table ([`trades`]: a 2×2 trade in a
//! table of the pair). Only the
//! plumbing is shared: the units are run, checkpointed, sharded and merged by the code that
//! runs the first method's units, and the result is the same [`Tally`] and [`Found`] list.
//!
//! # What is counted
//!
//! S(m,n) counts the margin pairs (R, C), both strictly decreasing, with exactly one table
//! (a table of 1..mn with those row and column sums, row i holding sum R_i, column j sum
//! C_j). That is the essentially different uniquely solvable open puzzles: a unique puzzle has
//! distinct row sums (two rows of equal sum swapped give another table, since the values are
//! distinct) and distinct column sums, so ordering its lines by decreasing sum picks one
//! representative of its m!·n! relabellings; when m = n the transpose is the same puzzle, and
//! the pair (R, C) is the pair (C, R) transposed, so only R ≤ C (lexicographically, as
//! decreasing sequences) is decided (R = C is its own transpose and counts once).
//!
//! The complement v ↦ mn + 1 − v (lines reversed so that the sums decrease again) maps the
//! tables of (R, C) one to one onto those of (R̄, C̄), R̄_i = n(mn + 1) − R_{m+1−i} and C̄
//! alike, so the two pairs are unique together. For m ≠ n the outer walk keeps C ≥ C̄: a
//! column margin C > C̄ decides all its row margins and each unique pair counts twice (its
//! twin (R̄, C̄) has C̄ < C̄̄ = C and is never visited); C = C̄ decides the row margins R ≥ R̄,
//! counting R > R̄ twice (the twin (R̄, C) is skipped) and R = R̄ once. Square sizes do not
//! halve this way (the transposition already pairs their margins, and the two symmetries
//! together would need their own bookkeeping).
//!
//! # The necessary condition (why each skipped pair has no table)
//!
//! Take any k rows K and l columns L. Their cells, union and intersection, number
//! u = kn + lm − kl and kl; Σ_K R + Σ_L C counts each value of the union once and each value of
//! the intersection once more. The u values are distinct, so their sum is at least
//! 1 + … + u = tri(u) and at most the sum of the u largest of 1..mn, top(u); the kl values of
//! the intersection likewise. Hence
//!
//! > tri(u) + tri(kl) ≤ Σ_K R + Σ_L C ≤ top(u) + top(kl).
//!
//! With C fixed (the outer walk) this bounds the row margin. Let s_k be the sum of the k
//! smallest row sums. The left inequality with K the k smallest rows and L the l smallest
//! columns gives s_k ≥ tri(u) + tri(kl) − (l smallest column sums). The right one with K the
//! k largest rows and L the l largest columns bounds the k largest row sums, total − s_{m−k},
//! from above, so s_{m−k} ≥ total − top(u) − top(kl) + (l largest column sums). Every case is
//! a lower bound on some s_k; the walk builds R from its smallest part up, so when the k-th
//! smallest part is chosen its least admissible value is the bound less s_{k−1}, and every
//! smaller value (a whole subtree of row margins) is skipped without being visited. The cases
//! k = 0 and k = m involve C alone: a column margin failing them has no pair with a table.
//! Every pair skipped fails an inequality every table satisfies: the skip is exact.
//!
//! # Deciding a pair
//!
//! Pairs not skipped and not already known to have several tables are first tested by the
//! pair conditions [`weights`] (line weights and the rearrangement inequality) and [`flow`]
//! (value thresholds and a 0/1 transport bound), each proved in its module text; a pair
//! failing one has no table and is counted as pruned. The others go to the worker's
//! [`Decider`]: [`cross`] by default, or [`place`] raced against itself on the complement pair
//! (`Worker::race`); either counts tables up to two (or up to one with a 2×2 trade, which is
//! two). Every table it finds
//! is handed to [`trades`], which marks row margins of the same column margin that have two
//! tables by a certificate found in a table of theirs; those pairs are then not decided
//! (`moved`). A marked pair is never counted unique, and every pair not marked or skipped is
//! decided by an exhaustive search, so the count is exact whatever the marks reach.

pub mod cross;
pub mod flow;
pub mod place;
pub mod trades;
pub mod weights;

use crate::enumerate::{Found, Tally};
use cross::Crossing;
use flow::Flow;
use place::Placement;
use trades::Several;

/// The largest line weight of the [`weights`] condition on a pair about to be decided.
/// Measured with `examples/check_sample.rs` (seed 1): 3×8, 12 column margins, mean CPU s per
/// column margin 1.82 without it, 0.146 with weights up to 3, 0.085 up to 5, 0.50 up to 8 (the
/// test's own cost); 4×6, 10 column margins: 16.9 s up to 3, 9.6 up to 5.
pub const PAIR_WEIGHT: u32 = 5;

fn tri(t: u64) -> u64 {
    t * (t + 1) / 2
}

/// The sum of the `t` largest of 1..=`top`.
fn top(t: u64, top: u64) -> u64 {
    tri(top) - tri(top - t)
}

/// Calls `visit` with each margin of `parts` lines of `size` cells from 1..=parts·size whose
/// `fixed` smallest parts are `prefix` (smallest first in both), as a decreasing sequence.
/// Parts are distinct line sums (each between the least and the greatest sum of `size`
/// values, every sum between those two being one) adding up to 1 + … + parts·size; `need[k]`
/// (when given) is a lower bound on the sum of the k smallest parts. Built smallest first:
/// the k-th part is at least one more than the one before and at least what `need` asks, and
/// at most what leaves the larger parts room.
pub fn walk_margins(
    parts: usize,
    size: usize,
    prefix: &[u32],
    need: &[u64],
    visit: &mut dyn FnMut(&[u32]),
) {
    walk_margins_cut(parts, size, prefix, need, &|_, _| false, visit);
}

/// [`walk_margins`], skipping every subtree whose smallest parts (ascending, with their sum)
/// `cut` says no pair of the scan can have (a necessary condition, proved where it is made).
pub fn walk_margins_cut(
    parts: usize,
    size: usize,
    prefix: &[u32],
    need: &[u64],
    cut: &dyn Fn(&[u32], u64) -> bool,
    visit: &mut dyn FnMut(&[u32]),
) {
    let cells = (parts * size) as u64;
    let total = tri(cells);
    let (least, most) = (tri(size as u64), top(size as u64, cells));
    let mut ascending: Vec<u32> = Vec::with_capacity(parts);
    let mut decreasing = vec![0u32; parts];
    #[allow(clippy::too_many_arguments)]
    fn go(
        parts: usize,
        total: u64,
        least: u64,
        most: u64,
        prefix: &[u32],
        need: &[u64],
        cut: &dyn Fn(&[u32], u64) -> bool,
        sum: u64,
        ascending: &mut Vec<u32>,
        decreasing: &mut [u32],
        visit: &mut dyn FnMut(&[u32]),
    ) {
        let k = ascending.len();
        if k == parts {
            if sum == total {
                for (d, &a) in decreasing.iter_mut().zip(ascending.iter().rev()) {
                    *d = a;
                }
                visit(decreasing);
            }
            return;
        }
        let after = (parts - k - 1) as u64;
        let floor = ascending.last().map_or(least, |&p| u64::from(p) + 1);
        let floor = floor.max(need.get(k + 1).map_or(0, |&b| b.saturating_sub(sum)));
        let (lo, hi) = match prefix.get(k) {
            Some(&p) => (u64::from(p), u64::from(p)),
            None => (floor, most),
        };
        for x in lo.max(floor)..=hi {
            // The parts after x exceed it and are at most `most`: their sum lies in
            // [after·(x+1) + tri(after−1), after·most − tri(after−1)].
            let rest = total.saturating_sub(sum + x);
            let spread = if after == 0 { 0 } else { tri(after - 1) };
            if sum + x > total || rest < after * (x + 1) + spread {
                break;
            }
            if rest > after * most - spread.min(after * most) {
                continue;
            }
            ascending.push(x as u32);
            if ascending.len() < parts && cut(ascending, sum + x) {
                ascending.pop();
                continue;
            }
            go(
                parts,
                total,
                least,
                most,
                prefix,
                need,
                cut,
                sum + x,
                ascending,
                decreasing,
                visit,
            );
            ascending.pop();
        }
    }
    go(
        parts,
        total,
        least,
        most,
        prefix,
        need,
        cut,
        0,
        &mut ascending,
        &mut decreasing,
        visit,
    );
}

/// Every margin of `parts` lines of `size` cells, decreasing, in this method's walk order.
pub fn margins(parts: usize, size: usize) -> Vec<Vec<u32>> {
    let mut out = Vec::new();
    walk_margins(parts, size, &[], &[], &mut |c| out.push(c.to_vec()));
    out
}

/// The complement of a decreasing margin (see the module text): the first method's.
pub use crate::enumerate::complement;

/// The complement of a row-major table: v ↦ top + 1 − v, rows and columns reversed.
fn complement_table(table: &[u32]) -> Vec<u32> {
    let top = table.len() as u32;
    table.iter().rev().map(|&v| top + 1 - v).collect()
}

/// How many smallest column sums name a unit: every column margin with the same smallest
/// parts is one unit of work.
fn unit_depth(n: usize) -> usize {
    n.saturating_sub(1).min(3)
}

/// The units of an m×n scan: the distinct smallest parts (smallest first) of the column
/// margins, in walk order. Once a margin with given smallest parts is seen, the rest of their
/// subtree is cut (its margins would name the same unit): 3×8's 6,435 units cost a few
/// thousand nodes rather than a walk of all 17.6 million column margins, which took about
/// 2 s of every unit's process, twice (the list is built for the unit count and the scan).
pub fn units(m: usize, n: usize) -> Vec<Vec<u32>> {
    let depth = unit_depth(n);
    let seen = std::cell::RefCell::new(Vec::<Vec<u32>>::new());
    let known = |asc: &[u32], _: u64| {
        asc.len() >= depth && seen.borrow().last().is_some_and(|h| h[..] == asc[..depth])
    };
    walk_margins_cut(n, m, &[], &[], &known, &mut |c| {
        let head: Vec<u32> = c.iter().rev().take(depth).copied().collect();
        let mut seen = seen.borrow_mut();
        if seen.last() != Some(&head) {
            seen.push(head);
        }
    });
    seen.into_inner()
}

/// Lower bounds `need[k]` on the sum of the k smallest row sums (k = 0..=m) for the column
/// margin `cols` (decreasing), or `None` when the cases k = 0 and k = m (the column margin
/// alone) fail: see the module text.
pub fn row_needs(m: usize, cols: &[u32]) -> Option<Vec<u64>> {
    let n = cols.len();
    let cells = (m * n) as u64;
    let total = tri(cells) as i64;
    let mut small_c = vec![0i64; n + 1];
    let mut large_c = vec![0i64; n + 1];
    for l in 0..n {
        small_c[l + 1] = small_c[l] + i64::from(cols[n - 1 - l]);
        large_c[l + 1] = large_c[l] + i64::from(cols[l]);
    }
    let mut need = vec![i64::MIN; m + 1];
    for k in 0..=m {
        for l in 0..=n {
            let (kk, ll) = (k as u64, l as u64);
            let union = kk * n as u64 + ll * m as u64 - kk * ll;
            let shared = kk * ll;
            // The k smallest rows with the l smallest columns: s_k ≥ ….
            let low = (tri(union) + tri(shared)) as i64 - small_c[l];
            need[k] = need[k].max(low);
            // The k largest rows with the l largest columns: total − s_{m−k} ≤ ….
            let high = (top(union, cells) + top(shared, cells)) as i64 - large_c[l];
            need[m - k] = need[m - k].max(total - high);
        }
    }
    // s_0 = 0 and s_m = total: the bounds on them are the column margin's own conditions.
    if need[0] > 0 || need[m] > total {
        return None;
    }
    Some(need.iter().map(|&b| b.max(0) as u64).collect())
}

/// Which search decides a pair that passed the pair conditions.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Decider {
    /// [`cross`]: line sets crossing once, with value cover (the default: measured 10–100×
    /// faster than placement on 4×6, module text of [`cross`] and README).
    #[default]
    Crossing,
    /// [`place`]: the values placed from the largest down, raced against the complement pair.
    Placement,
}

/// What a thread keeps between units.
#[derive(Default)]
pub struct Worker {
    /// The search that decides pairs.
    pub decider: Decider,
    crossing: Crossing,
    placement: Placement,
    /// The decider of the complement pair, raced against `placement` (see [`Worker::race`]).
    twin: Placement,
    /// The tables of the pair last decided, row-major, for the pair itself.
    tables: Vec<u32>,
    several: Several,
    /// Pairs the weighted pair condition ([`weights::admits_rows`]) rejected.
    pub weights_rejected: u64,
    /// Its largest weight when not [`PAIR_WEIGHT`] (measurements).
    pub weight: Option<u32>,
    /// The pair-level threshold condition ([`flow`]).
    pub flow: Flow,
    /// Pairs the threshold condition rejected (no search).
    pub flow_rejected: u64,
    /// Searches by outcome (none, one, several) and their nodes, for the debug log.
    pub stats: [u64; 6],
    /// The bounds of the inner walk and of the pair test, made once per size.
    walk_cuts: weights::RowCuts,
    pair_cuts: weights::RowCuts,
}

/// The largest row weight of the [`weights::cut`] bounds in the inner walk.
pub const WALK_WEIGHT: u32 = 2;

/// The first node budget of [`Worker::race`]; each round after gives both sides 4× more.
const RACE_START: u64 = 50_000;

impl Worker {
    /// The number of tables of (rows, cols), capped at two, by [`Worker::decider`], with its
    /// tables in `self.tables`.
    fn decide(&mut self, rows: &[u32], cols: &[u32]) -> u64 {
        match self.decider {
            Decider::Placement => self.race(rows, cols),
            Decider::Crossing => {
                let found = self.crossing.decide(rows, cols);
                self.tables.clear();
                for t in self.crossing.tables() {
                    self.tables.extend_from_slice(t);
                }
                found
            }
        }
    }

    /// The number of tables of (rows, cols), capped at two, as [`Placement::decide`] counts
    /// them, with its tables in `self.tables`. The pair and its complement (R̄, C̄) have the
    /// same tables, complemented (module text), and the decider's search from the largest value
    /// down on the complement is a search from the smallest value up on the pair; the two can
    /// differ by orders of magnitude, so both are run with a node budget that grows 4× a
    /// round, and the first to finish decides (an exhaustive search either way: exact).
    fn race(&mut self, rows: &[u32], cols: &[u32]) -> u64 {
        self.race_from(rows, cols, RACE_START)
    }

    /// [`Worker::race`] with the first budget `start` (the tests use tiny ones, so that both
    /// sides decide pairs).
    fn race_from(&mut self, rows: &[u32], cols: &[u32], start: u64) -> u64 {
        let (m, n) = (rows.len(), cols.len());
        let (rows_bar, cols_bar) = (complement(rows, n), complement(cols, m));
        let mut budget = start.max(1);
        loop {
            self.placement.budget = budget;
            let found = self.placement.decide(rows, cols);
            if !self.placement.aborted() {
                self.tables.clear();
                for t in self.placement.tables() {
                    self.tables.extend_from_slice(t);
                }
                return found;
            }
            self.twin.budget = budget;
            let found = self.twin.decide(&rows_bar, &cols_bar);
            if !self.twin.aborted() {
                self.tables.clear();
                for t in self.twin.tables() {
                    self.tables.extend(complement_table(t));
                }
                return found;
            }
            budget = budget.saturating_mul(4);
        }
    }

    fn nodes(&self) -> u64 {
        self.placement.nodes() + self.twin.nodes() + self.crossing.nodes()
    }
}

/// Decides every pair of one unit (the column margins whose smallest parts are `units(m,
/// n)[unit]`): the tally, and the unique pairs' puzzles when `keep`.
pub fn unit(m: usize, n: usize, head: &[u32], w: &mut Worker, keep: bool) -> (Tally, Vec<Found>) {
    columns(m, n, &mut |f| walk_margins(n, m, head, &[], f), w, keep)
}

/// Hands each column margin of a unit (or of a sample) to the visitor it is given.
pub type ColumnMargins<'a> = dyn FnMut(&mut dyn FnMut(&[u32])) + 'a;

/// Decides every pair of the column margins `each` hands over (decreasing, each once; those
/// below their complement are skipped as in [`unit`]): for a unit, and for samples of single
/// column margins (the cost estimate).
pub fn columns(
    m: usize,
    n: usize,
    each: &mut ColumnMargins,
    w: &mut Worker,
    keep: bool,
) -> (Tally, Vec<Found>) {
    let mut t = Tally::default();
    let mut puzzles = Vec::new();
    let square = m == n;
    let all_rows = if square { margins(m, n) } else { Vec::new() };
    // For each column margin, the row margins it could pair with at all (for `pruned`).
    let row_count = if square { 0 } else { margin_total(m, n) };
    let self_ge = if square { 0 } else { self_ge_count(m, n) };
    each(&mut |cols| {
        let halving = if square {
            None
        } else {
            let twin = complement(cols, m);
            match cols.cmp(twin.as_slice()) {
                std::cmp::Ordering::Less => return,
                std::cmp::Ordering::Equal => Some(true),
                std::cmp::Ordering::Greater => Some(false),
            }
        };
        // The row margins in this column margin's domain.
        let domain = match halving {
            None => all_rows.iter().filter(|r| r.as_slice() <= cols).count() as u64,
            Some(false) => row_count,
            Some(true) => self_ge,
        };
        let Some(need) = row_needs(m, cols) else {
            t.pruned += domain;
            return;
        };
        w.several.start(m, n);
        let mut walked = 0u64;
        // Taken out of the worker while the walk borrows it, put back after.
        let (mut walk_cuts, mut pair_table) = (
            std::mem::take(&mut w.walk_cuts),
            std::mem::take(&mut w.pair_cuts),
        );
        let cuts = walk_cuts.cuts(m, cols, WALK_WEIGHT);
        let pair_cuts = pair_table.cuts(m, cols, w.weight.unwrap_or(PAIR_WEIGHT));
        let total = tri((m * n) as u64) as i64;
        let least = tri(n as u64) as i64;
        let cut = |asc: &[u32], sum: u64| weights::cut(cuts, asc, sum as i64, total, least);
        walk_margins_cut(m, n, &[], &need, &cut, &mut |rows| {
            let twin = match halving {
                None => {
                    if rows > cols {
                        return;
                    }
                    None
                }
                Some(false) => Some((complement(rows, n), complement(cols, m))),
                Some(true) => {
                    let twin = complement(rows, n);
                    match rows.cmp(twin.as_slice()) {
                        std::cmp::Ordering::Less => return,
                        std::cmp::Ordering::Equal => None,
                        std::cmp::Ordering::Greater => Some((twin, cols.to_vec())),
                    }
                }
            };
            walked += 1;
            if w.several.contains(rows) {
                t.moved += 1;
                return;
            }
            if !weights::admits_rows(pair_cuts, rows) {
                w.weights_rejected += 1;
                t.pruned += 1;
                return;
            }
            if !w.flow.feasible(rows, cols) {
                w.flow_rejected += 1;
                t.pruned += 1;
                return;
            }
            t.searched += 1;
            let before = w.nodes();
            let found = w.decide(rows, cols);
            w.stats[found as usize] += 1;
            w.stats[3 + found as usize] += w.nodes() - before;
            let cells = rows.len() * n;
            for table in w.tables.chunks_exact(cells) {
                w.several.spread(table, rows, n);
            }
            if found == 1 {
                let table = w.tables[..cells].to_vec();
                t.unique += if twin.is_some() { 2 } else { 1 };
                if keep {
                    if let Some((r2, c2)) = &twin {
                        puzzles.push((r2.clone(), c2.clone(), complement_table(&table)));
                    }
                    puzzles.push((rows.to_vec(), cols.to_vec(), table));
                }
            }
        });
        t.pruned += domain - walked;
        w.walk_cuts = walk_cuts;
        w.pair_cuts = pair_table;
    });
    log::debug!(
        "second method: searches by outcome (0, 1, 2+) and their nodes so far: {:?}",
        w.stats
    );
    (t, puzzles)
}

/// How many row margins an m×n table has (every one, none skipped).
fn margin_total(m: usize, n: usize) -> u64 {
    let mut count = 0;
    walk_margins(m, n, &[], &[], &mut |_| count += 1);
    count
}

/// How many row margins of m×n are at least their complement.
fn self_ge_count(m: usize, n: usize) -> u64 {
    let mut count = 0;
    walk_margins(m, n, &[], &[], &mut |r| {
        if r >= complement(r, n).as_slice() {
            count += 1;
        }
    });
    count
}

#[cfg(test)]
mod tests;
