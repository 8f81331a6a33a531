//! One worker of the margin-pair scan: a row margin's pairs decided by the necessary
//! conditions, the dedicated solver (stopping at the second table) and the moves that mark
//! pairs with several tables from the tables of a searched pair.

use super::bounds::{column_caps, WeightedBounds, Weightings};
use super::walk::{each_margin, margins_beginning};
use super::{complement, complement_table, Columns, Found, Pairs, Tally};
use crate::margin_rank::{MarginRank, MarginSet};
use crate::solver::{self, Solver, Tables};

/// A margin pair whose search takes longer is logged (at debug level).
pub(crate) const SLOW_PAIR_SECONDS: f64 = 0.5;

/// One unit of work: its index and a worker's buffers in, its tally and puzzles out.
pub(crate) type Unit<'a, W = Worker> = dyn Fn(usize, &mut W) -> (Tally, Vec<Found>) + Sync + 'a;

/// The set of a margin's (distinct) sums, one bit per sum. Only the moves use it, and they run
/// only where the column margins are numbered ([`MarginRank::new`] refuses sizes whose sums
/// reach 128), so every sum fits.
pub(crate) fn sums_set(sums: &[u32]) -> u128 {
    debug_assert!(sums.iter().all(|&s| s < 128));
    sums.iter().fold(0, |a, &s| a | 1 << s)
}

/// What a scan of one size m×n builds once and every thread reads.
pub(crate) struct SizeTables {
    pub(crate) tables: Tables,
    /// The weightings checked on every column margin walked.
    pub(crate) weightings: Weightings,
    /// The stronger ones checked on a pair about to be searched.
    pub(crate) before_search: Weightings,
    /// The numbering of the column margins for the moves' sets (`None`: no moves).
    pub(crate) column_ranks: Option<MarginRank>,
    /// The rectangles of a table, for the moves through swap pairs (`None`: too many).
    pub(crate) swap_pairs: Option<SwapPairs>,
    /// A search of at least this many nodes is followed by the moves through swap pairs.
    pub(crate) swap_pairs_after: u64,
}

/// Searches of a row margin cost from microseconds to tens of milliseconds. Where they are
/// dear, the moves through swap pairs reach more margins than the moves alike and save
/// searches (4×6 row margin (100, 97, 52, 51): 2,166 searches, 75 s → 555 searches, 17 s);
/// where they are cheap, the look at each table's rectangles costs more than it saves. On 41
/// row margins of 4×6 the best threshold of those tried (30 µs, 100 µs, 300 µs, 1 ms, always)
/// was 100 µs (BENCHMARKS: "Swap pairs"). It is counted in solver nodes, so that a unit's
/// tallies do not depend on the machine or its load: searches of 100 µs there had a median of
/// 90 nodes (0.41 nodes per µs over 46,097 searches).
pub(crate) const SWAP_PAIRS_AFTER_NODES: u64 = 100;

impl SizeTables {
    pub(crate) fn new(m: usize, n: usize) -> SizeTables {
        SizeTables {
            tables: Tables::new(m, n),
            weightings: Weightings::new(m, n),
            before_search: Weightings::before_search(m, n),
            column_ranks: MarginRank::new(n, m),
            swap_pairs: SwapPairs::new(m, n),
            swap_pairs_after: SWAP_PAIRS_AFTER_NODES,
        }
    }
}

/// What each scanning thread keeps between units.
#[derive(Default)]
pub(crate) struct Worker {
    solver: Solver,
    /// The tables the solver found for the pair at hand, one after the other.
    pub(crate) found: Vec<u32>,
    /// Column margins (by their [`MarginRank`]) of the current row margin known to have
    /// several tables without a search.
    pub(crate) several: MarginSet,
    /// Tables (each followed by its column sums) still to move from.
    stack: Vec<u32>,
    /// No cell given (the open puzzle).
    givens: Vec<u32>,
}

impl Worker {
    /// The tables of one margin pair, up to two, into `found` (row-major, one after the
    /// other); returns how many.
    pub(crate) fn up_to_two(&mut self, rows: &[u32], cols: &[u32], tables: &Tables) -> u64 {
        let (m, n) = (rows.len(), cols.len());
        self.givens.clear();
        self.givens.resize(m * n, 0);
        let p = solver::Problem {
            m,
            n,
            rows,
            cols,
            givens: &self.givens,
        };
        let found = &mut self.found;
        found.clear();
        self.solver.solve(&p, tables, 2, |table| {
            found.extend_from_slice(table);
            true
        })
    }

    /// Decides every pair of one row margin (or of a piece of one): returns the tally and
    /// hands each unique pair's column margin and table to `unique`. A pair is searched
    /// unless the necessary condition rules it out or a search of an earlier pair has
    /// shown, by moving its two tables alike or (after a dear search) through tables with
    /// swap pairs ([`Worker::spread`], [`Moves`]), that it has several.
    pub(crate) fn row_margin(
        &mut self,
        pairs: &Pairs,
        n: usize,
        size: &SizeTables,
        mut unique: impl FnMut(&[u32], &[u32]),
    ) -> Tally {
        let Pairs {
            rows,
            prefix,
            columns,
            halve_columns,
        } = *pairs;
        let m = rows.len();
        let mut t = Tally::default();
        let ranks = size.column_ranks.as_ref();
        self.several.clear(ranks.map_or(0, MarginRank::count));
        // When m = n, (R, C) and (C, R) are one puzzle: keep R ≤ C. The margins are listed
        // in decreasing order, so those kept come first.
        let considered = match columns {
            Columns::Square(cols) if prefix.is_empty() => {
                cols.partition_point(|c| c.as_slice() >= rows) as u64
            }
            Columns::Square(cols) => cols
                .iter()
                .filter(|c| c.starts_with(prefix) && c.as_slice() >= rows)
                .count() as u64,
            Columns::Count(count) if prefix.is_empty() => *count,
            Columns::Count(_) => margins_beginning(n, m, prefix),
        };
        let Some(caps) = column_caps(rows, n) else {
            t.pruned = considered;
            return t;
        };
        let weighted = size.weightings.bounds(rows);
        let piece = Piece::of(prefix);
        // Built at the first pair that reaches them: a row margin none of whose pairs does
        // never pays for them.
        let mut before_search: Option<WeightedBounds> = None;
        // Column margins walked (those that pass the caps), and those of them the weighted
        // condition rejects: both kinds of rejection count as pruned.
        let (mut walked, mut rejected) = (0, 0);
        // Only the column margins that pass the necessary condition are visited.
        each_margin(n, m, prefix, n, &caps, &mut |cols| {
            if m == n && cols < rows {
                return;
            }
            walked += 1;
            let twin = if halve_columns {
                let twin = complement(cols, m);
                match cols.cmp(twin.as_slice()) {
                    std::cmp::Ordering::Less => return,
                    std::cmp::Ordering::Equal => None,
                    std::cmp::Ordering::Greater => Some(twin),
                }
            } else {
                None
            };
            if ranks.is_some_and(|r| self.several.contains(r.rank(cols))) {
                t.moved += 1;
                return;
            }
            // After the moves: a pair with several tables passes anyway, and the moved
            // pairs are most of those walked.
            if !weighted.admits(cols)
                || !before_search
                    .get_or_insert_with(|| size.before_search.bounds(rows))
                    .admits(cols)
            {
                rejected += 1;
                return;
            }
            t.searched += 1;
            let started = std::time::Instant::now();
            let found = self.up_to_two(rows, cols, &size.tables);
            let took = started.elapsed();
            if took.as_secs_f64() > SLOW_PAIR_SECONDS {
                // The heavy tail of a scan's cost is a few such pairs: worth seeing.
                log::debug!("survo scan: {rows:?} × {cols:?}: {found} tables, {took:.2?}");
            }
            match found {
                1 => {
                    t.unique += 1;
                    unique(cols, &self.found);
                    if let Some(twin) = twin {
                        t.unique += 1;
                        unique(&twin, &complement_table(&self.found));
                    }
                }
                2 => {
                    if let Some(ranks) = ranks {
                        let (first, second) = self.found.split_at(m * n);
                        let free: Vec<bool> = (0..m * n).map(|k| first[k] == second[k]).collect();
                        let first = first.to_vec();
                        self.spread(n, &first, cols, ranks, piece, Moves::Alike(&free));
                        // Where searching is dear, reaching more margins pays for the look
                        // at each table's rectangles (BENCHMARKS: "Swap pairs").
                        if let Some(pairs) = size
                            .swap_pairs
                            .as_ref()
                            .filter(|_| self.solver.nodes() >= size.swap_pairs_after)
                        {
                            let tables = std::mem::take(&mut self.found);
                            for table in tables.chunks(m * n) {
                                let moves = Moves::SwapPairs(pairs);
                                self.spread(n, table, cols, ranks, piece, moves);
                            }
                            self.found = tables;
                        }
                    }
                }
                _ => {}
            }
        });
        t.pruned = considered - walked + rejected;
        t
    }

    /// Marks in `several` the column margins of tables reached from `table`, a table of the
    /// pair (R, `cols`) with several tables, by swapping two values within a row (which keeps
    /// R and moves two column sums), as long as [`Moves`] says the table reached has several
    /// tables too and its column margin is in the `piece` being scanned. Each margin newly
    /// marked is moved from in turn, so the work is bounded by the piece's margins marked.
    fn spread(
        &mut self,
        n: usize,
        table: &[u32],
        cols: &[u32],
        ranks: &MarginRank,
        piece: Piece,
        moves: Moves,
    ) {
        let top = table.len();
        let m = top / n;
        self.several.insert(ranks.rank(cols));
        self.stack.clear();
        self.stack.extend_from_slice(table);
        self.stack.extend_from_slice(cols);
        let record = top + n;
        let mut t = vec![0u32; record];
        while self.stack.len() >= record {
            let at = self.stack.len() - record;
            t.copy_from_slice(&self.stack[at..]);
            self.stack.truncate(at);
            let set = sums_set(&t[top..]);
            let pairs_here = match moves {
                Moves::SwapPairs(pairs) => pairs.of(&t[..top]),
                Moves::Alike(_) => 0,
            };
            for i in 0..m {
                for j in 0..n {
                    for k in j + 1..n {
                        if let Moves::Alike(free) = moves {
                            if !(free[i * n + j] && free[i * n + k]) {
                                continue;
                            }
                        }
                        // Swapping the row's values at j and k moves b − a from k to j.
                        let (a, b) = (t[i * n + j], t[i * n + k]);
                        let (cj, ck) = (t[top + j] + b - a, t[top + k] + a - b);
                        let rest = set & !(1 << t[top + j]) & !(1 << t[top + k]);
                        // A table's column sums are below 128 (see `sums_set`).
                        if cj == ck || (rest >> cj | rest >> ck) & 1 == 1 {
                            continue;
                        }
                        let reached = rest | 1 << cj | 1 << ck;
                        if !piece.holds(reached) {
                            continue;
                        }
                        let r = ranks.rank_of_set(reached);
                        if self.several.contains(r) {
                            continue;
                        }
                        t[i * n + j] = b;
                        t[i * n + k] = a;
                        let several = match moves {
                            Moves::Alike(_) => true,
                            Moves::SwapPairs(pairs) => {
                                pairs.kept(pairs_here, i, j, k) != 0 || pairs.any(&t[..top])
                            }
                        };
                        if several {
                            self.several.insert(r);
                            let from = self.stack.len();
                            self.stack.extend_from_slice(&t);
                            self.stack[from + top + j] = cj;
                            self.stack[from + top + k] = ck;
                        }
                        t[i * n + j] = a;
                        t[i * n + k] = b;
                    }
                }
            }
        }
    }
}

/// The column margins of one unit of work, as sets of sums ([`sums_set`]): those that begin
/// with a prefix (every one when it is empty). The moves keep to them: a piece's moves
/// reaching into the other pieces of its row margin would redo, piece after piece, the
/// spreading the whole row margin does once (row margin 701 of 3×8 cut by its first sum:
/// 15 CPU s for a piece of 4 million pairs, where the whole row margin's 35 million took
/// 36 s).
#[derive(Clone, Copy)]
pub(crate) struct Piece {
    /// The prefix's sums, and the bits below its least one (where the rest of a margin is).
    sums: u128,
    below: u128,
}

impl Piece {
    fn of(prefix: &[u32]) -> Piece {
        match prefix.last() {
            // Sums past 127 have no moves (see `sums_set`), so no piece is asked about them.
            // The prefix decreases: its first sum is its largest.
            Some(&least) if prefix[0] < 128 => Piece {
                sums: sums_set(prefix),
                below: (1u128 << least) - 1,
            },
            _ => Piece {
                sums: 0,
                below: u128::MAX,
            },
        }
    }

    /// Whether a column margin (its set of sums) begins with the prefix: its sums from the
    /// prefix's least up are the prefix's.
    fn holds(self, margin: u128) -> bool {
        margin & !self.below == self.sums
    }
}

/// Which tables reached by swaps within rows are known to have several tables.
#[derive(Clone, Copy)]
pub(crate) enum Moves<'a> {
    /// Those reached from the first of two tables of one pair by swaps among the cells where
    /// the two agree (`true` cells): the same swaps made in the second table give a second
    /// table with the same margins, because the cells where the two differ hold, row by row
    /// and column by column, the same values summing alike.
    Alike(&'a [bool]),
    /// Those with a swap pair ([`SwapPairs`]), wherever the swaps are.
    SwapPairs(&'a SwapPairs),
}

/// Second tables made by two swaps in a 2×2 rectangle of cells a b / c d (rows i < i′,
/// columns j < k): swapping a↔b and c↔d keeps the row sums and, when a + c = b + d, the column
/// sums; swapping a↔c and b↔d keeps the column sums and, when a + b = c + d, the row sums.
/// The values are distinct, so the table changes: a table with such a rectangle (a *swap
/// pair*) is one of several with its margins.
///
/// A table's swap pairs are a bit set over the rectangles, (i, i′) major. Swapping two values
/// of row i at columns j and k (the scan's moves) keeps every swap pair whose rows avoid i or
/// whose columns avoid j and k, so most moves need no new look.
pub(crate) struct SwapPairs {
    m: usize,
    n: usize,
    /// By (i, j, k) with j < k, the rectangles a swap of row i at columns j and k touches.
    touched: Vec<u128>,
}

impl SwapPairs {
    /// `None` when the rectangles do not fit in a `u128`.
    pub(crate) fn new(m: usize, n: usize) -> Option<SwapPairs> {
        let rects = m * (m - 1) / 2 * (n * (n - 1) / 2);
        if rects > 128 {
            return None;
        }
        let mut touched = vec![0u128; m * n * n];
        let mut bit = 0;
        for i in 0..m {
            for i2 in i + 1..m {
                for j in 0..n {
                    for k in j + 1..n {
                        for row in [i, i2] {
                            for a in 0..n {
                                for b in a + 1..n {
                                    if [a, b].iter().any(|c| *c == j || *c == k) {
                                        touched[(row * n + a) * n + b] |= 1 << bit;
                                    }
                                }
                            }
                        }
                        bit += 1;
                    }
                }
            }
        }
        Some(SwapPairs { m, n, touched })
    }

    /// The swap pairs of a table.
    pub(crate) fn of(&self, table: &[u32]) -> u128 {
        let mut out = 0u128;
        self.each(table, |bit| {
            out |= 1 << bit;
            true
        });
        out
    }

    /// Whether a table has a swap pair (the first found ends the look).
    pub(crate) fn any(&self, table: &[u32]) -> bool {
        !self.each(table, |_| false)
    }

    /// Hands the bit of each swap pair of a table to `visit` until it returns false; whether
    /// every one was visited.
    fn each(&self, table: &[u32], mut visit: impl FnMut(usize) -> bool) -> bool {
        let (m, n) = (self.m, self.n);
        let mut bit = 0;
        for i in 0..m {
            for i2 in i + 1..m {
                for j in 0..n {
                    let (a, c) = (table[i * n + j], table[i2 * n + j]);
                    for k in j + 1..n {
                        let (b, d) = (table[i * n + k], table[i2 * n + k]);
                        if (a + c == b + d || a + b == c + d) && !visit(bit) {
                            return false;
                        }
                        bit += 1;
                    }
                }
            }
        }
        true
    }

    /// The swap pairs a swap of row i at columns j < k leaves in place.
    pub(crate) fn kept(&self, pairs: u128, i: usize, j: usize, k: usize) -> u128 {
        pairs & !self.touched[(i * self.n + j) * self.n + k]
    }
}
