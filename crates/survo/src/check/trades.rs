//! The second method's certificate of a second table: a 2×2 trade, and the row margins of one
//! column margin reached from a table by swaps within its columns.
//!
//! A *trade* is a rectangle of cells a b / c d (rows i < i′, columns j < k) with a + c = b + d
//! (exchange a with b and c with d: each row keeps its values, each column's sum is kept by
//! the equality) or a + b = c + d (exchange a with c and b with d: columns keep their values,
//! rows their sums). The values are distinct, so the exchange gives another table with the
//! same margins: a table with a trade is one of at least two of its pair.
//!
//! Spreading: for a table T of (R, C), exchanging the values of two cells of one column keeps
//! every column's values, so it gives a table T′ of (R′, C) with R′ the new row sums (rows
//! re-sorted; only distinct row sums are kept, the others are no pair of the scan). When T′
//! itself has a trade, checked on T′, the pair (R′, C) has two tables, and it is marked: the
//! certificate of each mark is a table of that very pair, found here, with a trade in it.
//! From T′ the exchanges go on, each marked row margin being expanded once, so the work is a
//! few dozen exchanges per marked pair. Marks never make a pair unique; they only spare the
//! search of pairs that are not.

use std::collections::HashSet;
use std::hash::{BuildHasherDefault, Hasher};

/// Whether a row-major m×n table has a 2×2 trade.
pub fn has_trade(table: &[u32], m: usize, n: usize) -> bool {
    trade_cells(table, m, n).is_some()
}

/// The cells (row-major indices) of a 2×2 trade of a row-major m×n table, if it has one.
fn trade_cells(table: &[u32], m: usize, n: usize) -> Option<[usize; 4]> {
    for i in 0..m {
        for i2 in i + 1..m {
            let (top, bottom) = (&table[i * n..][..n], &table[i2 * n..][..n]);
            for j in 0..n {
                let (a, c) = (top[j], bottom[j]);
                for k in j + 1..n {
                    let (b, d) = (top[k], bottom[k]);
                    if a + c == b + d || a + b == c + d {
                        return Some([i * n + j, i * n + k, i2 * n + j, i2 * n + k]);
                    }
                }
            }
        }
    }
    None
}

/// A hasher for row margins packed into a `u128` (a multiply and a fold: the keys are
/// already spread over their bits).
#[derive(Default)]
pub struct PackHasher(u64);

impl Hasher for PackHasher {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = (self.0 ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3);
        }
    }

    fn write_u128(&mut self, x: u128) {
        let folded = (x as u64) ^ ((x >> 64) as u64).rotate_left(29);
        self.0 = folded.wrapping_mul(0x9e37_79b9_7f4a_7c15).rotate_left(31);
    }
}

/// The most rows a row margin may have to be marked (16 bits a sum in a `u128`).
const MAX_MARKED_ROWS: usize = 8;

/// The most bits a dense set of marks may have (16 MiB); past it the marks are hashed.
const MAX_DENSE_BITS: u64 = 1 << 27;

/// A row margin's sums sorted decreasing, in a fixed array (copied without a call);
/// `None` for more than [`MAX_MARKED_ROWS`] rows.
fn sorted(sums: &[u32]) -> Option<[u32; MAX_MARKED_ROWS]> {
    let m = sums.len();
    if m > MAX_MARKED_ROWS {
        return None;
    }
    let mut sorted = [0u32; MAX_MARKED_ROWS];
    sorted[..m].copy_from_slice(sums);
    sorted[..m].sort_unstable_by(|a, b| b.cmp(a));
    Some(sorted)
}

/// Writes into `out` the values of `others` (decreasing, distinct) with `hi` > `lo` merged in,
/// decreasing; false (and `out` not all written) where a value would repeat, which is no row
/// margin.
#[inline]
fn merge_two(others: &[u32], hi: u32, lo: u32, out: &mut [u32]) -> bool {
    if hi == lo {
        return false;
    }
    let pending = [hi, lo];
    let (mut p, mut o) = (0, 0);
    for &s in others {
        while p < 2 && pending[p] >= s {
            if pending[p] == s {
                return false;
            }
            out[o] = pending[p];
            o += 1;
            p += 1;
        }
        out[o] = s;
        o += 1;
    }
    for &v in &pending[p..] {
        out[o] = v;
        o += 1;
    }
    true
}

/// Packs a row margin sorted decreasing (at most [`MAX_MARKED_ROWS`] sums), 16 bits a sum.
fn key(sorted: &[u32]) -> u128 {
    sorted.iter().fold(0u128, |k, &s| k << 16 | u128::from(s))
}

/// A row margin's place among all row margins of its size: every row sum lies between
/// `least` (1 + … + n) and the sum of the n largest values, and the sums add up to the same
/// total, so the m − 1 largest, less `least` and strictly decreasing, name the margin, and
/// their combinatorial number (Σ C(c_i, m − i)) is dense: C(spread, m − 1) margins at most.
/// The marks of one column margin then fit a bit set of a few kilobytes (4×6: 26 KiB): the
/// hash set's probe was the hottest instruction of the marking in a 4×6 run (about 6% of the
/// whole), and the bit set made whole 4×6 and 3×8 units 3–7% faster (encodings/survo/README.md).
pub(super) struct Rank {
    least: u32,
    /// `choose[k · width + c]` = C(c, k), for k < m and c ≤ the spread of the row sums (one
    /// array: the rank is taken for every exchange the spreading tries).
    choose: Vec<u64>,
    width: usize,
    /// C(spread, m − 1): the number of places.
    pub(super) places: u64,
}

impl Rank {
    /// `None` where the places would pass [`MAX_DENSE_BITS`] or the rows [`MAX_MARKED_ROWS`].
    pub(super) fn new(m: usize, n: usize) -> Option<Rank> {
        if m == 0 || m > MAX_MARKED_ROWS {
            return None;
        }
        let cells = (m * n) as u32;
        let least = (1..=n as u32).sum::<u32>();
        let most = (cells + 1 - n as u32..=cells).sum::<u32>();
        let spread = (most - least + 1) as usize;
        let k = m - 1;
        let width = spread + 1;
        let mut choose = vec![0u64; width * (k + 1)];
        for c in 0..=spread {
            choose[c] = 1;
            for j in 1..=k.min(c) {
                let above = if j < c { choose[j * width + c - 1] } else { 0 };
                choose[j * width + c] = choose[(j - 1) * width + c - 1].saturating_add(above);
            }
        }
        let places = choose[k * width + spread];
        (places <= MAX_DENSE_BITS).then_some(Rank {
            least,
            choose,
            width,
            places,
        })
    }

    /// The place of the row margin `sums` (any order, distinct, at most
    /// [`MAX_MARKED_ROWS`]).
    #[cfg(test)]
    pub(super) fn of(&self, sums: &[u32]) -> usize {
        let all = sorted(sums).expect("a row margin a rank is made for");
        self.of_sorted(&all[..sums.len()])
    }

    /// The place of a row margin sorted decreasing.
    fn of_sorted(&self, sorted: &[u32]) -> usize {
        let m = sorted.len();
        let mut place = 0u64;
        for (i, &s) in sorted[..m - 1].iter().enumerate() {
            place += self.choose[(m - 1 - i) * self.width + (s - self.least) as usize];
        }
        place as usize
    }
}

/// Where the marks are kept: a bit a place ([`Rank`]), or, for sizes whose places are too
/// many, a hash set of packed margins.
enum Marks {
    Dense {
        rank: Rank,
        bits: Vec<u64>,
        /// The places set, to clear them for the next column margin.
        set: Vec<usize>,
    },
    Hashed(HashSet<u128, BuildHasherDefault<PackHasher>>),
}

impl Default for Marks {
    fn default() -> Marks {
        Marks::Hashed(HashSet::default())
    }
}

impl Marks {
    /// Where a row margin sorted decreasing (at most [`MAX_MARKED_ROWS`] sums) is marked: its
    /// place in the bit set, or its packed key. Found once for a probe and the mark after it.
    fn slot(&self, sorted: &[u32]) -> u128 {
        match self {
            Marks::Dense { rank, .. } => rank.of_sorted(sorted) as u128,
            Marks::Hashed(_) => key(sorted),
        }
    }

    fn has(&self, slot: u128) -> bool {
        match self {
            Marks::Dense { bits, .. } => {
                let p = slot as usize;
                bits[p / 64] >> (p % 64) & 1 == 1
            }
            Marks::Hashed(h) => h.contains(&slot),
        }
    }

    fn put(&mut self, slot: u128) {
        match self {
            Marks::Dense { bits, set, .. } => {
                let p = slot as usize;
                if bits[p / 64] >> (p % 64) & 1 == 0 {
                    bits[p / 64] |= 1 << (p % 64);
                    set.push(p);
                }
            }
            Marks::Hashed(h) => {
                h.insert(slot);
            }
        }
    }

    /// Whether `sums` (any order) is marked (never where it has too many rows to be).
    fn contains(&self, sums: &[u32]) -> bool {
        sorted(sums).is_some_and(|all| self.has(self.slot(&all[..sums.len()])))
    }

    fn len(&self) -> usize {
        match self {
            Marks::Dense { set, .. } => set.len(),
            Marks::Hashed(h) => h.len(),
        }
    }
}

/// The row margins of the current column margin known to have two tables.
#[derive(Default)]
pub struct Several {
    marks: Marks,
    /// The size the marks are made for.
    size: (usize, usize),
    /// Tables still to expand, each followed by its row sums.
    stack: Vec<u32>,
}

impl Several {
    /// Marks kept in a hash set whatever the size (to test them against the dense ones).
    #[cfg(test)]
    pub fn hashed(m: usize, n: usize) -> Several {
        Several {
            size: (m, n),
            ..Several::default()
        }
    }

    /// Forgets the marks (a new column margin of an m×n table).
    pub fn start(&mut self, m: usize, n: usize) {
        if self.size != (m, n) {
            self.size = (m, n);
            self.marks = match Rank::new(m, n) {
                Some(rank) => Marks::Dense {
                    bits: vec![0; rank.places.div_ceil(64) as usize],
                    rank,
                    set: Vec::new(),
                },
                None => Marks::default(),
            };
        }
        match &mut self.marks {
            Marks::Dense { bits, set, .. } => {
                for p in set.drain(..) {
                    bits[p / 64] = 0;
                }
            }
            Marks::Hashed(h) => h.clear(),
        }
    }

    /// Whether the row margin is marked.
    pub fn contains(&self, rows: &[u32]) -> bool {
        self.marks.contains(rows)
    }

    /// How many row margins are marked.
    pub fn len(&self) -> usize {
        self.marks.len()
    }

    /// Whether none is.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Marks the row margins reached from `table` (row-major, `n` columns, its row sums
    /// `rows`) by exchanges within columns through tables with a trade (module text).
    pub fn spread(&mut self, table: &[u32], rows: &[u32], n: usize) {
        let m = rows.len();
        if m > MAX_MARKED_ROWS {
            return;
        }
        let cells = table.len();
        let record = cells + m;
        self.stack.clear();
        self.stack.extend_from_slice(table);
        self.stack.extend_from_slice(rows);
        let mut t = vec![0u32; record];
        // The table's rows by decreasing sum.
        let mut by_sum = [0usize; MAX_MARKED_ROWS];
        let mut others = [0u32; MAX_MARKED_ROWS];
        let mut sums = [0u32; MAX_MARKED_ROWS];
        while self.stack.len() >= record {
            let at = self.stack.len() - record;
            t.copy_from_slice(&self.stack[at..]);
            self.stack.truncate(at);
            for (k, row) in by_sum[..m].iter_mut().enumerate() {
                *row = k;
            }
            by_sum[..m].sort_unstable_by(|&a, &b| t[cells + b].cmp(&t[cells + a]));
            // A trade of this table that an exchange leaves alone is a trade of the new table:
            // found once here, it spares the whole check for most exchanges.
            let kept = trade_cells(&t[..cells], m, n);
            for i in 0..m {
                for i2 in i + 1..m {
                    // The other rows' sums, decreasing: the same for every column, so an
                    // exchange's margin is two values merged in (sorting it whole was most of
                    // the spreading's time on 5×5).
                    let mut o = 0;
                    for &row in &by_sum[..m] {
                        if row != i && row != i2 {
                            others[o] = t[cells + row];
                            o += 1;
                        }
                    }
                    if others[..m - 2].windows(2).any(|w| w[0] == w[1]) {
                        continue; // no exchange of these two rows gives distinct sums
                    }
                    for j in 0..n {
                        let (a, c) = (t[i * n + j], t[i2 * n + j]);
                        // Row i gives a and takes c; row i2 the other way.
                        let (ri, ri2) = (t[cells + i] - a + c, t[cells + i2] - c + a);
                        if !merge_two(&others[..m - 2], ri.max(ri2), ri.min(ri2), &mut sums) {
                            continue;
                        }
                        let sums = &sums[..m];
                        let slot = self.marks.slot(sums);
                        if self.marks.has(slot) {
                            continue;
                        }
                        t[i * n + j] = c;
                        t[i2 * n + j] = a;
                        let (p, q) = (i * n + j, i2 * n + j);
                        let traded = match kept {
                            Some(four) if !four.contains(&p) && !four.contains(&q) => true,
                            _ => has_trade(&t[..cells], m, n),
                        };
                        if traded {
                            self.marks.put(slot);
                            let from = self.stack.len();
                            self.stack.extend_from_slice(&t);
                            self.stack[from + cells + i] = ri;
                            self.stack[from + cells + i2] = ri2;
                        }
                        t[i * n + j] = a;
                        t[i2 * n + j] = c;
                    }
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::merge_two;

    /// Merging two values into a decreasing list gives what sorting the whole would, and
    /// refuses exactly the margins with a repeated sum.
    #[test]
    fn merge_two_is_sorting_with_the_repeat_check() {
        for others in [vec![], vec![9], vec![9, 5], vec![12, 7, 3]] {
            for x in 0..14u32 {
                for y in 0..14u32 {
                    let mut whole: Vec<u32> = others.iter().copied().chain([x, y]).collect();
                    whole.sort_unstable_by(|a, b| b.cmp(a));
                    let repeats = whole.windows(2).any(|w| w[0] == w[1]);
                    let mut out = [0u32; 5];
                    let merged = merge_two(&others, x.max(y), x.min(y), &mut out);
                    assert_eq!(merged, !repeats, "{others:?} + {x}, {y}");
                    if merged {
                        assert_eq!(&out[..whole.len()], whole.as_slice());
                    }
                }
            }
        }
    }
}
