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
    for i in 0..m {
        for i2 in i + 1..m {
            let (top, bottom) = (&table[i * n..][..n], &table[i2 * n..][..n]);
            for j in 0..n {
                let (a, c) = (top[j], bottom[j]);
                for k in j + 1..n {
                    let (b, d) = (top[k], bottom[k]);
                    if a + c == b + d || a + b == c + d {
                        return true;
                    }
                }
            }
        }
    }
    false
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

/// Packs a row margin, sorted decreasing, 16 bits a sum; `None` for too many rows.
fn key(sums: &[u32]) -> Option<u128> {
    if sums.len() > MAX_MARKED_ROWS {
        return None;
    }
    let mut sorted = [0u32; MAX_MARKED_ROWS];
    sorted[..sums.len()].copy_from_slice(sums);
    sorted[..sums.len()].sort_unstable_by(|a, b| b.cmp(a));
    Some(
        sorted[..sums.len()]
            .iter()
            .fold(0u128, |k, &s| k << 16 | u128::from(s)),
    )
}

/// The row margins of the current column margin known to have two tables.
#[derive(Default)]
pub struct Several {
    marks: HashSet<u128, BuildHasherDefault<PackHasher>>,
    /// Tables still to expand, each followed by its row sums.
    stack: Vec<u32>,
}

impl Several {
    /// Forgets the marks (a new column margin).
    pub fn start(&mut self, _m: usize) {
        self.marks.clear();
    }

    /// Whether the row margin (decreasing) is marked.
    pub fn contains(&self, rows: &[u32]) -> bool {
        key(rows).is_some_and(|k| self.marks.contains(&k))
    }

    /// How many row margins are marked.
    pub fn len(&self) -> usize {
        self.marks.len()
    }

    /// Whether none is.
    pub fn is_empty(&self) -> bool {
        self.marks.is_empty()
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
        let mut sums = [0u32; MAX_MARKED_ROWS];
        while self.stack.len() >= record {
            let at = self.stack.len() - record;
            t.copy_from_slice(&self.stack[at..]);
            self.stack.truncate(at);
            for i in 0..m {
                for i2 in i + 1..m {
                    for j in 0..n {
                        let (a, c) = (t[i * n + j], t[i2 * n + j]);
                        // Row i gives a and takes c; row i2 the other way.
                        let (ri, ri2) = (t[cells + i] - a + c, t[cells + i2] - c + a);
                        sums[..m].copy_from_slice(&t[cells..]);
                        sums[i] = ri;
                        sums[i2] = ri2;
                        let distinct = (0..m).all(|x| (x + 1..m).all(|y| sums[x] != sums[y]));
                        if !distinct {
                            continue;
                        }
                        let k = key(&sums[..m]).expect("few rows");
                        if self.marks.contains(&k) {
                            continue;
                        }
                        t[i * n + j] = c;
                        t[i2 * n + j] = a;
                        if has_trade(&t[..cells], m, n) {
                            self.marks.insert(k);
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
