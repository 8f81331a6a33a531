//! Units of work of a scan: row margins, their pieces ([`Split`]), the cost-driven split,
//! and the two-row method's units.

use super::bounds::column_caps;
use super::walk::{each_margin, margins};
use super::{complement_row_margins, Method};

/// Row margins cut into pieces: a row margin's index in the method's list → the number d of
/// leading column sums that name a piece. Each piece is a unit of work of its own: the pairs
/// of that row margin whose column margin begins with one of the beginnings of d parts
/// [`each_margin`] visits. The pieces of a row margin partition its pairs, so they count
/// what the whole row margin counts; what splitting costs is the moves between pieces (a
/// search in one piece cannot spare a search in another).
pub type Split = std::collections::BTreeMap<usize, usize>;

/// One unit of work of a margin-pair scan: a row margin (its index in the method's list)
/// with the column margins that begin with `prefix` (all of them when it is empty).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Item {
    pub row_margin: usize,
    pub prefix: Vec<u32>,
}

/// The row margins a margin-pair method scans, in its order.
pub(crate) fn row_margins_of(m: usize, n: usize, method: Method) -> Vec<Vec<u32>> {
    match method {
        Method::ComplementPairs => complement_row_margins(m, n),
        _ => margins(m, n),
    }
}

/// Units of work a split may make in all: the list of them ([`items`]) is built by every
/// unit's process (about 50 bytes each), so a split deeper than any use (every row margin of
/// 4×6 by two sums would make 16 million: 889 beginnings each) is refused before it is built.
pub const MAX_WORK_ITEMS: usize = 1 << 20;

/// Why `split` cannot cut the row margins of an m×n scan by `method`, if it cannot: only the
/// margin-pair methods have row margins, each index must be one of them, a depth takes 1 to
/// n − 1 column sums (n sums would be one column margin a piece), and the units of work may
/// not pass [`MAX_WORK_ITEMS`].
pub fn check_split(m: usize, n: usize, method: Method, split: &Split) -> Result<(), String> {
    if split.is_empty() {
        return Ok(());
    }
    if matches!(method, Method::TwoRowMatchings | Method::ColumnsFirst) {
        return Err(format!("the {method:?} method has no row margins to split"));
    }
    let count = row_margins_of(m, n, method).len();
    for (&i, &d) in split {
        if i >= count {
            return Err(format!(
                "row margin {i} split, but {m}×{n} has row margins 0 to {}",
                count - 1
            ));
        }
        if d == 0 || d >= n {
            return Err(format!(
                "row margin {i} split by {d} column sums: expected 1 to {}",
                n - 1
            ));
        }
    }
    // Every row margin has the same beginnings (pieces are not cut by the caps), so each
    // depth's are counted once.
    let mut beginnings = std::collections::BTreeMap::new();
    let mut work = count;
    for &d in split.values() {
        let per_row_margin = *beginnings.entry(d).or_insert_with(|| {
            let mut k = 0usize;
            each_margin(n, m, &[], d, &[], &mut |_| k += 1);
            k
        });
        work = work.saturating_add(per_row_margin.saturating_sub(1));
    }
    if work > MAX_WORK_ITEMS {
        return Err(format!(
            "the split makes {work} units of work, more than the {MAX_WORK_ITEMS} allowed: \
             cut fewer row margins, or by fewer sums"
        ));
    }
    Ok(())
}

/// The units of work of a margin-pair scan under `split`: the row margins in order, each
/// whole or as its pieces, in the walk's order: every beginning of d column sums, whether or
/// not the row margin's caps leave it any column margin, so that the pieces' pairs are the
/// row margin's. Every row margin has the same beginnings, so each depth's are walked once.
/// Panics on a split [`check_split`] refuses.
pub fn items(m: usize, n: usize, method: Method, split: &Split) -> Vec<Item> {
    if let Err(why) = check_split(m, n, method, split) {
        panic!("{why}");
    }
    let mut beginnings = std::collections::BTreeMap::<usize, Vec<Vec<u32>>>::new();
    for &d in split.values() {
        beginnings.entry(d).or_insert_with(|| {
            let mut out = Vec::new();
            each_margin(n, m, &[], d, &[], &mut |p| out.push(p.to_vec()));
            out
        });
    }
    let whole = [Vec::new()];
    (0..row_margins_of(m, n, method).len())
        .flat_map(|i| {
            let prefixes = match split.get(&i) {
                Some(d) => beginnings[d].as_slice(),
                None => &whole[..],
            };
            prefixes.iter().map(move |p| Item {
                row_margin: i,
                prefix: p.clone(),
            })
        })
        .collect()
}

/// How many pieces of d column sums the row margin `rows` of an m×n table has that its caps
/// leave some column margin (the others are cheap: ruled out whole).
pub fn live_pieces(rows: &[u32], n: usize, depth: usize) -> usize {
    let m = rows.len();
    let Some(caps) = column_caps(rows, n) else {
        return 0;
    };
    let mut count = 0;
    each_margin(n, m, &[], depth, &caps, &mut |_| count += 1);
    count
}

/// The ranges the list of row margins is cut into to pool measured costs (as
/// `scripts/survo-cost-model.py` does by default): a row margin's cost depends mostly on where
/// it stands in the list (the last ones have the most column margins).
pub const COST_STRATA: usize = 8;

/// A split from measured costs (`(row margin index, CPU seconds)`, as unit results record
/// them; a row margin measured more than once takes the mean). Each row margin's cost is its
/// own measurement, or else the mean of those measured in its stratum (the list cut into
/// [`COST_STRATA`] equal ranges; none in a stratum without measurements); each whose cost is
/// above `seconds` is cut by the fewest column sums d that give it at least cost / `seconds`
/// live pieces ([`live_pieces`]), or by n − 1 sums where none do. Within a stratum costs
/// differ up to 100×, so a stratum's mean cuts some cheap row margins too (where a piece
/// costs more than it saves) and misses dear ones in cheap strata; the more units measured,
/// the fewer. The pieces of one row margin are not of equal cost either (the column margins
/// under one beginning vary); the runs in BENCHMARKS.md say how far this evens the units.
pub fn split_dear(
    m: usize,
    n: usize,
    method: Method,
    costs: &[(usize, f64)],
    seconds: f64,
) -> Result<Split, String> {
    if matches!(method, Method::TwoRowMatchings | Method::ColumnsFirst) {
        return Err(format!("the {method:?} method has no row margins to split"));
    }
    let row_margins = row_margins_of(m, n, method);
    let count = row_margins.len();
    let stratum = |i: usize| i * COST_STRATA / count;
    let mut measured = std::collections::BTreeMap::<usize, (f64, u32)>::new();
    let mut pooled = [(0.0, 0u32); COST_STRATA];
    for &(i, cost) in costs {
        if i >= count {
            return Err(format!("a cost of row margin {i}, but {m}×{n} has {count}"));
        }
        let own = measured.entry(i).or_default();
        *own = (own.0 + cost, own.1 + 1);
        let pool = &mut pooled[stratum(i)];
        *pool = (pool.0 + cost, pool.1 + 1);
    }
    let mean = |(sum, k): (f64, u32)| (k > 0).then(|| sum / f64::from(k));
    let mut split = Split::new();
    for (i, rows) in row_margins.iter().enumerate() {
        let cost = match measured.get(&i) {
            Some(&own) => mean(own),
            None => mean(pooled[stratum(i)]),
        };
        let Some(cost) = cost.filter(|&c| c > seconds && n >= 2) else {
            continue;
        };
        let wanted = (cost / seconds).ceil() as usize;
        let depth = (1..n)
            .find(|&d| live_pieces(rows, n, d) >= wanted)
            .unwrap_or(n - 1);
        split.insert(i, depth);
    }
    Ok(split)
}

/// The beginnings of the long side's margins of a two-row table of width `long`: the units of
/// a [`Method::TwoRowMatchings`] scan, in order.
pub(crate) fn two_row_units(long: usize) -> Vec<Vec<u32>> {
    let mut out = Vec::new();
    each_margin(long, 2, &[], 3.min(long - 1), &[], &mut |p| {
        out.push(p.to_vec())
    });
    out
}

/// The number of units a scan of m×n is split into (for shards, progress and checkpoints):
/// row margins, or their pieces where `split` cuts them ([`items`]).
pub fn work_units(m: usize, n: usize, method: Method, split: &Split) -> usize {
    match method {
        Method::TwoRowMatchings => two_row_units(m.max(n)).len(),
        Method::ColumnsFirst => crate::check::units(m, n).len(),
        _ if split.is_empty() => row_margins_of(m, n, method).len(),
        _ => items(m, n, method, split).len(),
    }
}
