//! Counting grids under the distinctness rule by meeting in the middle, one class of seam rows
//! at a time: the table of halves is never held whole.
//!
//! As in [`crate::mitm`], a grid is an ordered pair (X, Y) of *halves* read away from the
//! middle seam (X₀ and Y₀ are the two rows beside it). Here the work is split by the seam rows
//! themselves: a *unit* is a pair of distinct lines (u, v), and counts the grids with X₀ = u and
//! Y₀ = v. Fixing both rows beside the seam makes the seam rule a condition on each half alone:
//! with `agree` the columns where u and v are equal, a column has three equal cells across the
//! seam exactly when X₁ or Y₁ also equals u (= v) there, so X₁ must differ from u, and Y₁ from
//! v, on every column of `agree`. What is left between the two halves of a unit is
//! - their column counts adding up to H/2 (a bucket of Y per count vector),
//! - no row of X among Y's rows (X must avoid v and Y avoid u: also conditions on one half),
//! - no pair of columns equal in both (X's equal pairs and Y's disjoint).
//!
//! Within a bucket the last two are checked 64 Y at a time: each row and each pair of columns
//! has a bit set over the bucket's members (the members holding that row, or equal on that
//! pair), and a half X rules out the OR of its rows' and its pairs' sets. So the join costs a
//! few word operations per 64 pairs instead of one check per pair.
//!
//! A unit holds only the halves that begin with u or v and pass the seam condition (12×12: a
//! few million, where the whole table would hold 2.3·10^10), so units fit in memory one at a
//! time and run anywhere: they are the work units of a long count. Reflecting left to right and
//! swapping 0 and 1 act on u and v alike, and turning the grid upside down swaps them, so only
//! one unit of each orbit of (u, v) under these eight maps is counted, weighted by the orbit's
//! size.

use crate::lines::{self, Matcher};
use std::sync::atomic::{AtomicUsize, Ordering};

/// The widest grid: rows are line indices in a byte (208 lines of width 12).
pub const MAX_WIDTH: usize = 12;
/// The tallest grid: a half has at most 8 rows, its column counts 4 bits each.
pub const MAX_HEIGHT: usize = 16;

/// One unit of work: the rows beside the seam (line indices, above then below) and the size of
/// its orbit, by which its count is multiplied.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Unit {
    pub above: u8,
    pub below: u8,
    pub weight: u32,
}

/// What one unit found (its count not yet weighted).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct UnitCount {
    pub count: u128,
    /// Halves beginning with the row above (and below) the seam that pass the seam condition.
    pub above: usize,
    pub below: usize,
    /// Pairs of halves with matching column counts: the pairs a one-by-one join would check.
    pub pairs: u128,
}

/// The units of a `width`-wide grid: one pair (u, v) of distinct lines per orbit, in a fixed
/// order (so that a unit's index names it in checkpoints and manifests).
pub fn units(m: &Matcher) -> Vec<Unit> {
    let w = m.len();
    let lines = m.lines();
    let index = |l: u32| {
        lines
            .binary_search(&l)
            .expect("images of valid lines are valid") as u8
    };
    let maps = |l: u32| {
        [
            l,
            lines::reverse(l, w),
            lines::complement(l, w),
            lines::complement(lines::reverse(l, w), w),
        ]
        .map(index)
    };
    let images: Vec<[u8; 4]> = lines.iter().map(|&l| maps(l)).collect();
    let mut out = Vec::new();
    for u in 0..lines.len() {
        for v in 0..lines.len() {
            if u == v {
                continue;
            }
            let mut orbit: Vec<(u8, u8)> = (0..4)
                .flat_map(|g| {
                    let (a, b) = (images[u][g], images[v][g]);
                    [(a, b), (b, a)]
                })
                .collect();
            if orbit.iter().any(|&p| p < (u as u8, v as u8)) {
                continue;
            }
            orbit.sort_unstable();
            orbit.dedup();
            out.push(Unit {
                above: u as u8,
                below: v as u8,
                weight: orbit.len() as u32,
            });
        }
    }
    out
}

/// A half in a unit: its rows (line indices, row 0 beside the seam), its column counts (four
/// bits a column) and its pairs of equal columns (bits by [`lines::pair_index`]).
#[derive(Clone, Copy)]
struct Half {
    counts: u64,
    equal: u128,
    rows: [u8; MAX_HEIGHT / 2],
}

/// The halves of `h` rows that begin with line `first`, never use line `avoid`, and whose
/// second row differs from the first on every column of `agree` (the unit's seam condition).
fn halves(m: &Matcher, h: usize, first: u8, avoid: u8, agree: u32) -> Vec<Half> {
    let w = m.len();
    let all = (1u32 << w) - 1;
    let lines = m.lines();
    let spread: Vec<u64> = lines
        .iter()
        .map(|&l| (0..w).map(|c| u64::from(l >> c & 1) << (4 * c)).sum())
        .collect();
    let equal: Vec<u128> = lines.iter().map(|&l| lines::equal_pairs(l, w)).collect();
    struct Walk<'a> {
        m: &'a Matcher,
        h: usize,
        avoid: u8,
        agree: u32,
        all: u32,
        spread: &'a [u64],
        equal: &'a [u128],
        stack: [u8; MAX_HEIGHT / 2],
        out: Vec<Half>,
    }
    fn go(s: &mut Walk, k: usize, counts: u64, equal: u128) {
        if k == s.h {
            s.out.push(Half {
                counts,
                equal,
                rows: s.stack,
            });
            return;
        }
        let lines = s.m.lines();
        let last = lines[s.stack[k - 1] as usize];
        // Cells forced by the rule of three: where the last two rows agree (or, for the second
        // row, where the seam rows agree), the next row must differ from the last.
        let same = if k >= 2 {
            !(last ^ lines[s.stack[k - 2] as usize]) & s.all
        } else {
            s.agree
        };
        let (f0, f1) = (same & last, same & !last & s.all);
        let m = s.m;
        m.each(f0, f1, |i| {
            let i8 = i as u8;
            if i8 != s.avoid && !s.stack[..k].contains(&i8) {
                s.stack[k] = i8;
                go(s, k + 1, counts + s.spread[i], equal & s.equal[i]);
            }
            true
        });
    }
    let mut walk = Walk {
        m,
        h,
        avoid,
        agree,
        all,
        spread: &spread,
        equal: &equal,
        stack: [first; MAX_HEIGHT / 2],
        out: Vec::new(),
    };
    go(
        &mut walk,
        1,
        spread[first as usize],
        equal[first as usize] & lines::all_pairs(w),
    );
    walk.out
}

/// Counts the grids of `unit` (not weighted by its orbit).
pub fn count_unit(m: &Matcher, height: usize, unit: Unit) -> UnitCount {
    count_unit_with(m, height, unit, BIT_SETS_FROM)
}

fn count_unit_with(m: &Matcher, height: usize, unit: Unit, bit_sets_from: usize) -> UnitCount {
    let w = m.len();
    let h = height / 2;
    let all = (1u32 << w) - 1;
    let lines = m.lines();
    let (u, v) = (unit.above, unit.below);
    let agree = !(lines[u as usize] ^ lines[v as usize]) & all;
    let full = (0..w).map(|c| (h as u64) << (4 * c)).sum::<u64>();
    let mut xs = halves(m, h, u, v, agree);
    let mut ys = halves(m, h, v, u, agree);
    xs.sort_unstable_by_key(|x| full - x.counts);
    ys.sort_unstable_by_key(|y| y.counts);
    let mut out = UnitCount {
        above: xs.len(),
        below: ys.len(),
        ..UnitCount::default()
    };
    let mut join = Join::new(lines.len(), w * (w - 1) / 2, bit_sets_from);
    let (mut i, mut j) = (0, 0);
    while i < xs.len() && j < ys.len() {
        let want = full - xs[i].counts;
        match want.cmp(&ys[j].counts) {
            std::cmp::Ordering::Less => i += 1,
            std::cmp::Ordering::Greater => j += 1,
            std::cmp::Ordering::Equal => {
                let i_end = i + xs[i..].partition_point(|x| full - x.counts == want);
                let j_end = j + ys[j..].partition_point(|y| y.counts == want);
                let (xg, yg) = (&xs[i..i_end], &ys[j..j_end]);
                out.pairs += (xg.len() as u128) * (yg.len() as u128);
                out.count += join.bucket(xg, yg, h);
                (i, j) = (i_end, j_end);
            }
        }
    }
    out
}

/// The join of a bucket, with its bit sets kept between buckets to save allocations.
struct Join {
    /// `slot[r]`: where line r's bit set is in `bits`, or `NONE` when no member holds it.
    row_slot: Vec<u32>,
    pair_slot: Vec<u32>,
    bits: Vec<u64>,
    acc: Vec<u64>,
    /// Buckets with fewer halves above the seam are checked pair by pair.
    bit_sets_from: usize,
}

const NONE: u32 = u32::MAX;

/// Below this many halves above the seam, a bucket is checked pair by pair: building its bit
/// sets would cost more than it saves.
const BIT_SETS_FROM: usize = 8;

impl Join {
    fn new(lines: usize, pairs: usize, bit_sets_from: usize) -> Join {
        Join {
            row_slot: vec![NONE; lines],
            pair_slot: vec![NONE; pairs],
            bits: Vec::new(),
            acc: Vec::new(),
            bit_sets_from,
        }
    }

    /// The pairs (x, y) of `xs` × `ys` (column counts already matched) with no common row and
    /// no pair of columns equal in both.
    fn bucket(&mut self, xs: &[Half], ys: &[Half], h: usize) -> u128 {
        if xs.len() < self.bit_sets_from {
            let mut found = 0u128;
            for x in xs {
                for y in ys {
                    if x.equal & y.equal == 0
                        && !x.rows[1..h].iter().any(|r| y.rows[1..h].contains(r))
                    {
                        found += 1;
                    }
                }
            }
            return found;
        }
        let words = ys.len().div_ceil(64);
        self.row_slot.fill(NONE);
        self.pair_slot.fill(NONE);
        self.bits.clear();
        let mut slots = 0u32;
        for (k, y) in ys.iter().enumerate() {
            let (word, bit) = (k / 64, 1u64 << (k % 64));
            for &r in &y.rows[1..h] {
                let s = &mut self.row_slot[r as usize];
                if *s == NONE {
                    *s = slots;
                    slots += 1;
                    self.bits.resize(self.bits.len() + words, 0);
                }
                self.bits[*s as usize * words + word] |= bit;
            }
            let mut e = y.equal;
            while e != 0 {
                let p = e.trailing_zeros() as usize;
                e &= e - 1;
                let s = &mut self.pair_slot[p];
                if *s == NONE {
                    *s = slots;
                    slots += 1;
                    self.bits.resize(self.bits.len() + words, 0);
                }
                self.bits[*s as usize * words + word] |= bit;
            }
        }
        self.acc.resize(words, 0);
        let mut found = 0u128;
        let mut parts: Vec<u32> = Vec::with_capacity(h + 16);
        for x in xs {
            parts.clear();
            parts.extend(
                x.rows[1..h]
                    .iter()
                    .map(|&r| self.row_slot[r as usize])
                    .filter(|&s| s != NONE),
            );
            let mut e = x.equal;
            while e != 0 {
                let p = e.trailing_zeros() as usize;
                e &= e - 1;
                let s = self.pair_slot[p];
                if s != NONE {
                    parts.push(s);
                }
            }
            let ruled_out = union_size(&self.bits, words, &parts, &mut self.acc);
            found += (ys.len() as u64 - ruled_out) as u128;
        }
        found
    }
}

/// The number of bits in the union of the bit sets `parts` (slots of `words` words in `bits`).
fn union_size(bits: &[u64], words: usize, parts: &[u32], acc: &mut [u64]) -> u64 {
    #[cfg(target_arch = "x86_64")]
    {
        if std::is_x86_feature_detected!("avx2") && std::is_x86_feature_detected!("popcnt") {
            // SAFETY: the features this function is compiled for were just detected.
            return unsafe { union_size_avx2(bits, words, parts, acc) };
        }
    }
    union_size_plain(bits, words, parts, acc)
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2,popcnt")]
unsafe fn union_size_avx2(bits: &[u64], words: usize, parts: &[u32], acc: &mut [u64]) -> u64 {
    union_size_plain(bits, words, parts, acc)
}

#[inline(always)]
fn union_size_plain(bits: &[u64], words: usize, parts: &[u32], acc: &mut [u64]) -> u64 {
    let slice = |s: u32| &bits[s as usize * words..(s as usize + 1) * words];
    match parts {
        [] => 0,
        [a] => slice(*a).iter().map(|w| u64::from(w.count_ones())).sum(),
        [a, b] => slice(*a)
            .iter()
            .zip(slice(*b))
            .map(|(x, y)| u64::from((x | y).count_ones()))
            .sum(),
        [a, b, rest @ ..] => {
            for ((o, x), y) in acc.iter_mut().zip(slice(*a)).zip(slice(*b)) {
                *o = x | y;
            }
            let mut rest = rest;
            while rest.len() >= 2 {
                for ((o, x), y) in acc.iter_mut().zip(slice(rest[0])).zip(slice(rest[1])) {
                    *o |= x | y;
                }
                rest = &rest[2..];
            }
            if let [c] = rest {
                for (o, x) in acc.iter_mut().zip(slice(*c)) {
                    *o |= x;
                }
            }
            acc.iter().map(|w| u64::from(w.count_ones())).sum()
        }
    }
}

/// The number of `width`×`height` grids with distinct rows and distinct columns, by units on
/// `threads` threads: units for which `skip(k)` is true are not counted (their counts are the
/// caller's), and `finished(k, weighted count, units in all)` is called as each unit ends.
pub fn count_units(
    width: usize,
    height: usize,
    threads: usize,
    skip: &(dyn Fn(usize) -> bool + Sync),
    finished: &(dyn Fn(usize, u128, usize) + Sync),
) -> u128 {
    assert!(
        width.is_multiple_of(2)
            && height.is_multiple_of(2)
            && (2..=MAX_WIDTH).contains(&width)
            && (2..=MAX_HEIGHT).contains(&height)
    );
    let m = Matcher::new(width);
    let units = units(&m);
    let next = AtomicUsize::new(0);
    std::thread::scope(|s| {
        let workers: Vec<_> = (0..threads.max(1))
            .map(|_| {
                s.spawn(|| {
                    let mut mine = 0u128;
                    loop {
                        let k = next.fetch_add(1, Ordering::Relaxed);
                        let Some(&unit) = units.get(k) else { break };
                        if skip(k) {
                            continue;
                        }
                        let c = count_unit(&m, height, unit);
                        let weighted = c.count * u128::from(unit.weight);
                        mine += weighted;
                        finished(k, weighted, units.len());
                    }
                    mine
                })
            })
            .collect();
        workers
            .into_iter()
            .map(|t| t.join().expect("no panics while counting"))
            .sum()
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn orbits_cover_every_seam_pair_once() {
        for w in [4, 6, 8] {
            let m = Matcher::new(w);
            let n = m.lines().len() as u32;
            let total: u32 = units(&m).iter().map(|u| u.weight).sum();
            assert_eq!(total, n * (n - 1));
        }
    }

    #[test]
    fn units_count_like_the_whole_table() {
        for (w, h) in [
            (4, 4),
            (6, 6),
            (4, 6),
            (6, 4),
            (8, 6),
            (6, 8),
            (8, 8),
            (4, 2),
        ] {
            let by_units = count_units(w, h, 2, &|_| false, &|_, _, _| {});
            let whole = crate::mitm::count_distinct(w, h, 2, &|_, _| {}).count;
            assert_eq!(by_units, whole, "{w}×{h}");
        }
    }

    /// Both ways of joining a bucket — pair by pair, and 64 at a time by bit sets — count
    /// every unit alike (10×8: 84 lines, buckets of every size).
    #[test]
    fn bit_sets_and_pairs_agree_on_every_unit() {
        let m = Matcher::new(10);
        let mut total = 0u128;
        for unit in units(&m) {
            let pairs = count_unit_with(&m, 8, unit, usize::MAX);
            let bits = count_unit_with(&m, 8, unit, 0);
            assert_eq!(pairs, bits, "{unit:?}");
            total += pairs.count * u128::from(unit.weight);
        }
        assert_eq!(
            total,
            crate::mitm::count_distinct(10, 8, 2, &|_, _| {}).count
        );
    }
}
