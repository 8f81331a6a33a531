//! Counting grids without the distinctness rule by dynamic programming over row states, met in
//! the middle.
//!
//! Without distinct rows and columns, which rows may follow a partial grid depends only on each
//! column's ones count and the last two rows (they decide which cells the next row must flip).
//! So partial grids are counted by state, not one by one: a state maps to the number of partial
//! grids that reach it, and each valid next row moves it on.
//!
//! Only the top half is built. Read upwards, the bottom half is a top half too, so one table
//! serves both, and a grid is a top half and a bottom half whose ones counts add up to h/2 in
//! every column and whose two rows either side of the seam make no three in a column.
//!
//! States related by a left-to-right reflection or by swapping 0 and 1 are reached by as many
//! partial grids and have as many completions, so the table keeps only the least of the four
//! images, with the number of partial grids reaching any of them.

use crate::lines::{self, Matcher};
use wellposed_sat::hash::WordMap;

/// A state: the ones count of each column (4 bits each, column 0 lowest) in bits 0..64, the
/// last row in bits 64..80, the row before it in bits 80..96.
type Key = u128;

type Table = WordMap<Key, u128>;

const NIBBLES: u64 = 0x1111_1111_1111_1111;

struct Shape {
    width: usize,
}

impl Shape {
    fn all(&self) -> u32 {
        (1u32 << self.width) - 1
    }

    fn pack(counts: u64, prev1: u32, prev2: u32) -> Key {
        Key::from(counts) | Key::from(prev1) << 64 | Key::from(prev2) << 80
    }

    fn unpack(&self, k: Key) -> (u64, u32, u32) {
        (
            k as u64,
            (k >> 64) as u32 & self.all(),
            (k >> 80) as u32 & self.all(),
        )
    }

    /// The counters of the columns read right to left.
    fn reverse_counts(&self, counts: u64) -> u64 {
        let b = counts.swap_bytes();
        let n = ((b >> 4) & 0x0f0f_0f0f_0f0f_0f0f) | ((b & 0x0f0f_0f0f_0f0f_0f0f) << 4);
        n >> (64 - 4 * self.width)
    }

    /// Each counter `x` becomes `rows − x` (the zeros count).
    fn complement_counts(&self, counts: u64, rows: usize) -> u64 {
        let mask = if self.width == 16 {
            u64::MAX
        } else {
            (1u64 << (4 * self.width)) - 1
        };
        (NIBBLES & mask) * rows as u64 - counts
    }

    /// The state's four images under reflection and complement, after `rows` rows (rows that
    /// do not exist yet stay 0).
    fn images(&self, counts: u64, prev1: u32, prev2: u32, rows: usize) -> [Key; 4] {
        let w = self.width;
        let keep = |m: u32, need: usize| if rows >= need { m } else { 0 };
        let r = |m: u32| lines::reverse(m, w);
        let c = |m: u32| lines::complement(m, w);
        let rc = self.reverse_counts(counts);
        [
            Shape::pack(counts, prev1, prev2),
            Shape::pack(rc, keep(r(prev1), 1), keep(r(prev2), 2)),
            Shape::pack(
                self.complement_counts(counts, rows),
                keep(c(prev1), 1),
                keep(c(prev2), 2),
            ),
            Shape::pack(
                self.complement_counts(rc, rows),
                keep(c(r(prev1)), 1),
                keep(c(r(prev2)), 2),
            ),
        ]
    }
}

/// The partial grids of `rows` rows of width `width` whose columns can still be completed to
/// `height` cells, by canonical state.
fn half_table(
    m: &Matcher,
    rows: usize,
    height: usize,
    progress: &dyn Fn(usize, usize),
) -> (Table, usize) {
    let shape = Shape { width: m.len() };
    let half = height / 2;
    let spread: Vec<u64> = m
        .lines()
        .iter()
        .map(|&l| (0..m.len()).map(|c| u64::from(l >> c & 1) << (4 * c)).sum())
        .collect();
    let mut states = Table::default();
    states.insert(0, 1);
    let mut peak = 1;
    for r in 0..rows {
        let mut next = Table::default();
        next.reserve(states.len() * 2);
        for (&k, &n) in &states {
            let (counts, prev1, prev2) = shape.unpack(k);
            let mut f0 = 0u32;
            let mut f1 = 0u32;
            for c in 0..m.len() {
                let x = (counts >> (4 * c) & 0xf) as usize;
                if x == half {
                    f0 |= 1 << c;
                }
                if r - x == half {
                    f1 |= 1 << c;
                }
            }
            if r >= 2 {
                let same = !(prev1 ^ prev2) & shape.all();
                f0 |= same & prev1;
                f1 |= same & !prev1;
            }
            if f0 & f1 != 0 {
                continue;
            }
            m.each(f0, f1, |i| {
                let line = m.lines()[i];
                let images = shape.images(counts + spread[i], line, prev1, r + 1);
                let key = images.into_iter().min().expect("four images");
                *next.entry(key).or_insert(0) += n;
                true
            });
        }
        states = next;
        peak = peak.max(states.len());
        progress(r + 1, states.len());
    }
    (states, peak)
}

/// A bottom half (an image of a table state) as the join reads it.
struct Bottom {
    counts: u64,
    /// Partial grids reaching this image.
    each: u64,
    /// The row next to the seam.
    first: u16,
    /// Columns where the first two rows agree.
    doubled: u16,
}

/// What counting found: the number of grids and the size of the work.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DpCount {
    pub count: u128,
    /// States in the half table (each standing for up to four).
    pub states: usize,
}

/// The number of `width`×`height` grids under the rules without distinctness. `progress` is
/// called after each row of the half table with (row, states).
pub fn count_no_distinct(
    width: usize,
    height: usize,
    threads: usize,
    progress: &dyn Fn(usize, usize),
) -> Result<DpCount, String> {
    assert!(
        width.is_multiple_of(2)
            && height.is_multiple_of(2)
            && (2..=16).contains(&width)
            && height <= 30
    );
    let m = Matcher::new(width);
    let shape = Shape { width };
    let half = height / 2;
    let (table, states) = half_table(&m, half, height, progress);
    // The bottom half read upwards, every image spelled out, sorted by its counters and then
    // its first row below the seam (its `prev1`), with the columns where its first two rows
    // agree (from `prev2`) and the number of partial grids. Tops with the same counters need
    // the same run of bottoms, so they are joined one after the other while it is in cache.
    let all = shape.all();
    let mut entries: Vec<(Key, u128)> = table.into_iter().collect();
    entries.sort_unstable_by_key(|&(k, _)| k as u64);
    let mut below: Vec<Bottom> = Vec::with_capacity(entries.len() * 4);
    for &(k, n) in &entries {
        let (counts, p1, p2) = shape.unpack(k);
        let mut images = shape.images(counts, p1, p2, half);
        images.sort_unstable();
        let mut distinct = images.to_vec();
        distinct.dedup();
        let each = u64::try_from(n / distinct.len() as u128)
            .map_err(|_| format!("{width}×{height}: a half-table count exceeds 64 bits"))?;
        for img in distinct {
            let (c, x, y) = shape.unpack(img);
            let doubled = if half >= 2 { !(x ^ y) & all } else { 0 };
            below.push(Bottom {
                counts: c,
                each,
                first: x as u16,
                doubled: doubled as u16,
            });
        }
    }
    below.sort_unstable_by_key(|b| (b.counts, b.first));
    let mut runs: WordMap<u64, (usize, usize)> = WordMap::default();
    for (at, b) in below.iter().enumerate() {
        runs.entry(b.counts).or_insert((at, at)).1 = at + 1;
    }
    // Every counter at h/2: the top's counters plus the bottom's.
    let full = shape.complement_counts(0, half);
    // A top (last rows q above p) meets a bottom (first rows x above y) when no column has
    // three equal cells across the seam: x differs from q wherever p = q or x = y.
    let join = |part: &[(Key, u128)]| -> u128 {
        let mut sum = 0u128;
        for &(k, n) in part {
            let (counts, q, p) = shape.unpack(k);
            let Some(&(a, b)) = runs.get(&(full - counts)) else {
                continue;
            };
            let doubled = if half >= 2 { !(p ^ q) & all } else { 0 };
            let mut f = 0u128;
            for bottom in &below[a..b] {
                let x = u32::from(bottom.first);
                let differ = x ^ q;
                if (doubled | u32::from(bottom.doubled)) & !differ == 0 {
                    f += u128::from(bottom.each);
                }
            }
            sum += n * f;
        }
        sum
    };
    let chunk = entries.len().div_ceil(threads.max(1) * 256).max(1);
    let parts: Vec<&[(Key, u128)]> = entries.chunks(chunk).collect();
    let sums = wellposed_work::each_index(
        parts.len(),
        threads,
        || 0u128,
        |mine, k| {
            *mine += join(parts[k]);
        },
    );
    let count = sums.into_iter().sum();
    Ok(DpCount { count, states })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn images_are_an_orbit() {
        let shape = Shape { width: 6 };
        let counts = 0x0012_3012u64;
        let imgs = shape.images(counts, 0b001101, 0b110010, 3);
        // Reflecting twice, or complementing twice, gives the state back.
        let (c, p1, p2) = shape.unpack(imgs[1]);
        assert_eq!(shape.images(c, p1, p2, 3)[1], imgs[0]);
        let (c, p1, p2) = shape.unpack(imgs[2]);
        assert_eq!(shape.images(c, p1, p2, 3)[2], imgs[0]);
    }
}
