//! S(m,n): the essentially different uniquely solvable open Survo puzzles (up to row and
//! column permutations, and transposition when m = n).
//!
//! Two methods (see [`Method`]): two-row tables are decided a whole column margin at a time
//! by [`two_rows`](crate::two_rows); every other size by the margin-pair scan below.
//!
//! The margin-pair scan runs over margin pairs, not tables. A uniquely solvable puzzle has
//! distinct row sums (swapping two rows of equal sum gives a second table: their values differ) and
//! distinct column sums, so only strictly decreasing margins are visited. Pairs that fail a
//! necessary condition are skipped without search; the rest go to the dedicated solver,
//! which stops at the second solution.
//!
//! Necessary condition: any k rows and l columns cover kn + lm − kl distinct values and
//! count their kl shared cells twice, so the k smallest row sums plus the l smallest column
//! sums are at least tri(kn + lm − kl) + tri(kl), and the k largest plus the l largest at
//! most the matching sums of the largest values (tri(t) = 1 + … + t). That condition bounds
//! the column margins walked for a row margin ([`column_caps`]); each pair walked must then
//! pass its weighted generalisation ([`WeightedBounds`]: weights 0..=3 per line instead of 0
//! and 1), which leaves 126 of 3×4's 2,843 pairs without a table to the search, and a pair
//! about to be searched the same with weights up to 6 (cheap where a search is dear).

mod bounds;
mod search;
#[cfg(test)]
mod tests;
mod units;
mod walk;

pub use bounds::*;
pub use units::*;
pub use walk::*;

use crate::two_rows;
use search::{SizeTables, Unit, Worker};

#[derive(Clone, Debug, Default, PartialEq, Eq, serde::Serialize)]
pub struct Tally {
    /// Essentially different uniquely solvable open puzzles.
    pub unique: u64,
    /// Margin pairs handed to the solver ([`Method::MarginPairs`]), or column margins whose
    /// tables were enumerated ([`Method::TwoRowMatchings`]). This and the counts below are
    /// the work done: under [`Method::ComplementPairs`] the pairs of the row margins not
    /// searched (the complements) are in none of them.
    pub searched: u64,
    /// Margin pairs rejected by the necessary condition.
    pub pruned: u64,
    /// Margin pairs known to have several tables without a search: reached by moving two
    /// tables of a searched pair alike ([`Method::MarginPairs`]).
    pub moved: u64,
    /// CPU microseconds of the threads that did the work, unit by unit (0 where the system
    /// does not say): what a unit costs, whatever else the machine did, for the cost model
    /// of work units.
    pub cpu_micros: u64,
}

impl Tally {
    /// Adds another tally's counts to this one's.
    fn add(&mut self, t: &Tally) {
        self.unique += t.unique;
        self.searched += t.searched;
        self.pruned += t.pruned;
        self.moved += t.moved;
        self.cpu_micros += t.cpu_micros;
    }
}

/// CPU microseconds this thread has used so far (0 where the system does not say).
pub(crate) fn thread_cpu_micros() -> u64 {
    #[cfg(unix)]
    {
        // SAFETY: clock_gettime only writes the struct it is given.
        let mut t: libc::timespec = unsafe { std::mem::zeroed() };
        if unsafe { libc::clock_gettime(libc::CLOCK_THREAD_CPUTIME_ID, &mut t) } == 0 {
            return t.tv_sec as u64 * 1_000_000 + t.tv_nsec as u64 / 1_000;
        }
    }
    0
}

/// A uniquely solvable open puzzle: its row sums, column sums and its one table (row-major).
pub type Found = (Vec<u32>, Vec<u32>, Vec<u32>);

/// How a scan decides the margin pairs of one size.
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize, clap::ValueEnum,
)]
#[serde(rename_all = "kebab-case")]
pub enum Method {
    /// Every pair that passes the necessary condition is searched, up to a second table. A
    /// unit of work is one row margin with all its column margins.
    #[value(
        help = "every pair that passes the necessary condition is searched (any size); a unit is one row margin"
    )]
    MarginPairs,
    /// Tables of two rows (or two columns): one enumeration per column margin answers every
    /// row margin at once ([`two_rows`](crate::two_rows)). A unit of work is the column
    /// margins that begin alike (their first three parts).
    #[value(
        help = "one enumeration per column margin answers every row margin (2×n, n×2); a unit is the column margins that begin alike"
    )]
    TwoRowMatchings,
    /// The margin-pair search over half the row margins (m ≠ n). The complement v ↦ mn + 1 − v
    /// maps the tables of a pair (R, C) one to one onto those of ([`complement`] R,
    /// `complement` C), so the two pairs are unique together: a row margin R above its
    /// complement R̄ (in the scan's order) is searched and its unique pairs count for R̄ too,
    /// one equal to its complement counts once, and one below it is not searched. A unit of
    /// work is one row margin at least its complement. (For a square table transposition
    /// already pairs the margins, and a pair's complement need not fall to the same row
    /// margin, so square sizes keep [`Method::MarginPairs`].)
    #[value(
        help = "the margin-pair search over the row margins at least their complement (m ≠ n); a unit is one such row margin"
    )]
    ComplementPairs,
    /// The second method ([`check`](crate::check)), sharing no search code with the others:
    /// column margins outer, row margins inner, its own pair conditions, each pair decided by
    /// its own search ([`check::cross`](crate::check::cross); `value-placement`, its first
    /// name, is still read). A unit of work is the column margins whose smallest parts agree.
    #[value(
        alias = "value-placement",
        help = "the second method, no search code shared: column margins outer, pairs decided by crossing line sets; a unit is the column margins whose smallest parts agree"
    )]
    #[serde(alias = "value-placement")]
    ColumnsFirst,
}

impl Method {
    /// The fastest method for m×n.
    pub fn of(m: usize, n: usize) -> Method {
        let (short, long) = (m.min(n), m.max(n));
        if short == 2 && (3..=two_rows::MAX_WIDTH).contains(&long) {
            Method::TwoRowMatchings
        } else if m != n {
            Method::ComplementPairs
        } else {
            Method::MarginPairs
        }
    }

    /// Whether the method can scan m×n.
    pub fn takes(self, m: usize, n: usize) -> bool {
        match self {
            Method::MarginPairs => true,
            Method::TwoRowMatchings => Method::of(m, n) == Method::TwoRowMatchings,
            Method::ComplementPairs => m != n,
            Method::ColumnsFirst => m >= 2 && n >= 2,
        }
    }
}

/// The complement of a margin of `margin.len()` lines of `size` cells each: a table's values
/// v ↦ top + 1 − v (top = lines · size) turn a line's sum s into size · (top + 1) − s, and
/// reversing the lines keeps the margin decreasing. An involution.
pub fn complement(margin: &[u32], size: usize) -> Vec<u32> {
    let top = (margin.len() * size) as u32;
    margin
        .iter()
        .rev()
        .map(|&s| size as u32 * (top + 1) - s)
        .collect()
}

/// The complement of a row-major table whose margins are decreasing: values v ↦ top + 1 − v,
/// rows and columns in reverse order (the flat array reversed), so that its margins are the
/// [`complement`]s of the table's and decreasing again.
pub fn complement_table(table: &[u32]) -> Vec<u32> {
    let top = table.len() as u32;
    table.iter().rev().map(|&v| top + 1 - v).collect()
}

/// The row margins a [`Method::ComplementPairs`] scan searches, in its order: those at least
/// their complement.
pub(crate) fn complement_row_margins(m: usize, n: usize) -> Vec<Vec<u32>> {
    margins(m, n)
        .into_iter()
        .filter(|r| *r >= complement(r, n))
        .collect()
}

/// Scans every margin pair of an m×n table on `threads` threads by `method` ([`Method::of`]
/// picks the faster; the tests hold the two against each other; [`Method::TwoRowMatchings`]
/// takes only the sizes `of` gives it to). `split` cuts row margins into pieces ([`Split`];
/// empty for none, and always for the two-row method); the units of work are then
/// [`items`]. `shard = (k, of)` keeps only the units ≡ k mod `of`. `skip(i)` says unit i was
/// finished earlier (for resuming); `done(i, tally, puzzles)` is called as each one finishes.
#[allow(clippy::too_many_arguments)]
pub fn scan(
    method: Method,
    m: usize,
    n: usize,
    split: &Split,
    threads: usize,
    shard: (usize, usize),
    skip: &(dyn Fn(usize) -> bool + Sync),
    done: &(dyn Fn(usize, &Tally, &[Found]) + Sync),
    keep_puzzles: bool,
) -> Tally {
    let top = m * n;
    let size = SizeTables::new(m, n);
    let tables = &size.tables;
    match method {
        Method::MarginPairs | Method::ComplementPairs => {
            assert!(method.takes(m, n), "{method:?} does not take {m}×{n}");
            let halved = method == Method::ComplementPairs;
            let row_margins = row_margins_of(m, n, method);
            let items = items(m, n, method, split);
            // Only the number of column margins is needed (and, for a square table, their
            // order, which is the row margins' own): they are counted, never held, so a scan
            // of 2×11 no longer keeps 36.5 million of them in memory.
            let columns = if m == n {
                Columns::Square(&row_margins)
            } else {
                Columns::Count(margin_count(n, m))
            };
            run_units(
                items.len(),
                threads,
                shard,
                skip,
                done,
                &|i, w: &mut Worker| {
                    let Item { row_margin, prefix } = &items[i];
                    let rows = &row_margins[*row_margin];
                    // Under the complement method, R's twin R̄ when it is another row margin.
                    let twin = Some(complement(rows, n)).filter(|r| halved && r != rows);
                    let mut puzzles = Vec::new();
                    // R = R̄: the pair (R, C) is the twin of (R, C̄), so only C ≥ C̄ is searched.
                    let halve_columns = halved && twin.is_none();
                    let pairs = Pairs {
                        rows,
                        prefix,
                        columns: &columns,
                        halve_columns,
                    };
                    let mut t = w.row_margin(&pairs, n, &size, |cols, table| {
                        if keep_puzzles {
                            puzzles.push((rows.clone(), cols.to_vec(), table.to_vec()));
                            if let Some(twin) = &twin {
                                puzzles.push((
                                    twin.clone(),
                                    complement(cols, m),
                                    complement_table(table),
                                ));
                            }
                        }
                    });
                    if twin.is_some() {
                        t.unique *= 2;
                    }
                    (t, puzzles)
                },
            )
        }
        Method::ColumnsFirst => {
            assert!(split.is_empty(), "the columns-first method has no pieces");
            let units = crate::check::units(m, n);
            run_units(
                units.len(),
                threads,
                shard,
                skip,
                done,
                &|i, w: &mut crate::check::Worker| {
                    crate::check::unit(m, n, &units[i], w, keep_puzzles)
                },
            )
        }
        Method::TwoRowMatchings => {
            assert_eq!(Method::of(m, n), method, "{m}×{n} is not a two-row size");
            let long = m.max(n);
            let units = two_row_units(long);
            let total = (top * (top + 1) / 2) as u64;
            run_units(
                units.len(),
                threads,
                shard,
                skip,
                done,
                &|i, w: &mut Worker| {
                    let mut t = Tally::default();
                    let mut puzzles = Vec::new();
                    each_margin(long, 2, &units[i], long, &[], &mut |long_sums| {
                        t.searched += 1;
                        for r1 in two_rows::unique_first_rows(long_sums) {
                            t.unique += 1;
                            if !keep_puzzles {
                                continue;
                            }
                            let short_sums = vec![r1, total as u32 - r1];
                            // The table in the asked orientation, found by the margin-pair solver
                            // (which also confirms it is the only one).
                            let (rows, cols) = if m == 2 {
                                (short_sums, long_sums.to_vec())
                            } else {
                                (long_sums.to_vec(), short_sums)
                            };
                            let found = w.up_to_two(&rows, &cols, tables);
                            assert_eq!(found, 1, "a pair the matchings call unique has one table");
                            puzzles.push((rows, cols, w.found.clone()));
                        }
                    });
                    (t, puzzles)
                },
            )
        }
    }
}

/// The pairs one unit of a margin-pair scan decides: a row margin with the column margins
/// that begin with `prefix` (all when empty). With `halve_columns` (the row margin is its own
/// complement, [`Method::ComplementPairs`]) a column margin C below its complement C̄ is left
/// to its twin (R, C̄), which counts for both and hands both puzzles on.
#[derive(Clone, Copy)]
pub(crate) struct Pairs<'a> {
    rows: &'a [u32],
    prefix: &'a [u32],
    columns: &'a Columns<'a>,
    halve_columns: bool,
}

/// What a row margin's scan needs of the column margins: how many there are, and for a square
/// table (where (R, C) and (C, R) are one puzzle) their decreasing order, which is the row
/// margins' own.
pub enum Columns<'a> {
    Count(u64),
    Square(&'a [Vec<u32>]),
}

/// How many margins of `parts` lines of `size` cells there are (counted, not kept).
pub fn margin_count(parts: usize, size: usize) -> u64 {
    let mut count = 0u64;
    each_margin(parts, size, &[], parts, &[], &mut |_| count += 1);
    count
}

/// Hands units 0..count (those of this shard, not skipped) to `threads` workers, each with
/// its own solver buffers, and adds up their tallies.
fn run_units<W: Default + Send>(
    count: usize,
    threads: usize,
    shard: (usize, usize),
    skip: &(dyn Fn(usize) -> bool + Sync),
    done: &(dyn Fn(usize, &Tally, &[Found]) + Sync),
    unit: &Unit<W>,
) -> Tally {
    let parts = wellposed_work::each_index(
        count,
        threads,
        || (W::default(), Tally::default()),
        |(worker, sum), i| {
            if i % shard.1 != shard.0 || skip(i) {
                return;
            }
            let started = thread_cpu_micros();
            let (mut t, puzzles) = unit(i, worker);
            t.cpu_micros = thread_cpu_micros().saturating_sub(started);
            sum.add(&t);
            done(i, &t, &puzzles);
        },
    );
    let mut all = Tally::default();
    for (_, t) in &parts {
        all.add(t);
    }
    all
}

/// The row margins and column margins an m×n scan visits, in its order.
pub fn table_margins(m: usize, n: usize) -> (Vec<Vec<u32>>, Vec<Vec<u32>>) {
    (margins(m, n), margins(n, m))
}

/// Labelled uniquely solvable tables: each essentially different puzzle stands for m!·n!
/// tables (its rows and columns permuted), twice over when m = n (transposed).
pub fn labelled(m: usize, n: usize, s: u64) -> u128 {
    let fact = |k: usize| (1..=k as u128).product::<u128>();
    u128::from(s) * fact(m) * fact(n) * if m == n { 2 } else { 1 }
}
