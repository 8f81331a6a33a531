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
//! The halves above the seam are tabled by column counts; within a bucket the last two are
//! checked 64 halves at a time: each row and each pair of columns has a bit set over the
//! bucket's halves (those holding that row, or equal on that pair), and a half Y below rules
//! out the OR of its rows' and its pairs' sets. So the join costs a few word operations per 64
//! pairs instead of one check per pair.
//!
//! A unit holds only the halves that begin with u or v and pass the seam condition (12×12: a
//! few million, where the whole table would hold 2.3·10^10), so units fit in memory one at a
//! time and run anywhere: they are the work units of a long count. Reflecting left to right and
//! swapping 0 and 1 act on u and v alike, and turning the grid upside down swaps them, so only
//! one unit of each orbit of (u, v) under these eight maps is counted, weighted by the orbit's
//! size.
//!
//! A second decomposition of the same count ([`Key::Row`]) fixes only the row below the seam:
//! the table then holds the halves above beginning with every other row, ordered within each
//! bucket by that seam row, and the seam rule between the row above the seam and the second
//! row below picks the runs of seam rows a half below may meet: a half below whose second row
//! equals the row below the seam on some columns meets only the seam rows that differ from it
//! there, and the bit sets are read only over those runs. Its units are the orbits of one row under reflection
//! and complement (61 for 12 wide), and its table is only small with the seam above the
//! middle: 12×12 is cut 5/7 (tables of ~10^8 five-row halves, ~3·10^9 seven-row halves a
//! unit met against them), where the pair units cut it 6/6.

use crate::lines::{self, Matcher};

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

/// What a unit fixes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Key {
    /// Both rows beside the seam: the halves of a unit meet only through their column counts,
    /// rows and equal pairs of columns. The fast decomposition.
    Pair,
    /// Only the row below the seam (the row above it, [`ANY`], varies within the unit): the
    /// seam rule between the row above and the second row below is met by bit sets too. A
    /// second decomposition of the same count into other units, with the seam elsewhere.
    Row,
}

/// The row above the seam of a unit keyed by the row below only ([`Key::Row`]).
pub const ANY: u8 = u8::MAX;

/// Each valid line's images (as line indices) under the identity, reflection, complement and
/// both.
fn images(m: &Matcher) -> Vec<[u8; 4]> {
    let w = m.len();
    let lines = m.lines();
    let index = |l: u32| {
        lines
            .binary_search(&l)
            .expect("images of valid lines are valid") as u8
    };
    lines
        .iter()
        .map(|&l| {
            [
                l,
                lines::reverse(l, w),
                lines::complement(l, w),
                lines::complement(lines::reverse(l, w), w),
            ]
            .map(index)
        })
        .collect()
}

/// The units of a `width`-wide grid cut at `split`, keyed by `key`, in a fixed order (so that a
/// unit's index names it in checkpoints and manifests).
pub fn units_of(m: &Matcher, split: Split, key: Key) -> Vec<Unit> {
    match key {
        Key::Pair => units(m, split.above == split.below),
        Key::Row => row_units(m),
    }
}

/// One unit per orbit of the row below the seam under reflection and complement (turning the
/// grid upside down moves the seam unless it is in the middle, and even then it would swap the
/// fixed row to the other side: not a symmetry of these units).
pub fn row_units(m: &Matcher) -> Vec<Unit> {
    let images = images(m);
    let mut out = Vec::new();
    for (v, image) in images.iter().enumerate() {
        if image.iter().any(|&b| (b as usize) < v) {
            continue;
        }
        let mut orbit = image.to_vec();
        orbit.sort_unstable();
        orbit.dedup();
        out.push(Unit {
            above: ANY,
            below: v as u8,
            weight: orbit.len() as u32,
        });
    }
    out
}

/// The units of a `width`-wide grid keyed by [`Key::Pair`]: one pair (u, v) of distinct lines
/// per orbit, in a fixed order. `turnable`: the seam is in the middle, so turning the grid
/// upside down (which swaps u and v) is a symmetry too.
pub fn units(m: &Matcher, turnable: bool) -> Vec<Unit> {
    let images = images(m);
    let mut out = Vec::new();
    for u in 0..images.len() {
        for v in 0..images.len() {
            if u == v {
                continue;
            }
            let mut orbit: Vec<(u8, u8)> = (0..4)
                .flat_map(|g| {
                    let (a, b) = (images[u][g], images[v][g]);
                    if turnable {
                        vec![(a, b), (b, a)]
                    } else {
                        vec![(a, b)]
                    }
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

/// Where the seam is: the rows above it and below it (the heights of the two halves).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Split {
    pub above: usize,
    pub below: usize,
}

impl Split {
    /// The seam in the middle of a grid `height` tall.
    pub fn middle(height: usize) -> Split {
        Split {
            above: height / 2,
            below: height - height / 2,
        }
    }

    /// `above` rows above the seam of a grid `height` tall, if each half fits (1 to 8 rows).
    pub fn at(above: usize, height: usize) -> Option<Split> {
        let below = height.checked_sub(above)?;
        let fits = |k: usize| (1..=MAX_HEIGHT / 2).contains(&k);
        (fits(above) && fits(below)).then_some(Split { above, below })
    }

    fn height(self) -> usize {
        self.above + self.below
    }
}

/// A half in a unit: its rows (line indices, row 0 beside the seam), its column counts (four
/// bits a column) and its pairs of equal columns (bits by [`lines::pair_index`]).
#[derive(Clone, Copy)]
struct Half {
    counts: u64,
    equal: u128,
    rows: [u8; MAX_HEIGHT / 2],
}

/// Calls `f` with each half of `k` rows that begins with line `first`, never uses line
/// `avoid`, and whose second row differs from the first on every column of `agree` (the unit's
/// seam condition).
fn each_half(m: &Matcher, k: usize, first: u8, avoid: u8, agree: u32, f: &mut dyn FnMut(&Half)) {
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
        k: usize,
        avoid: u8,
        agree: u32,
        all: u32,
        spread: &'a [u64],
        equal: &'a [u128],
        stack: [u8; MAX_HEIGHT / 2],
    }
    fn go(s: &mut Walk, at: usize, counts: u64, equal: u128, f: &mut dyn FnMut(&Half)) {
        if at == s.k {
            f(&Half {
                counts,
                equal,
                rows: s.stack,
            });
            return;
        }
        let lines = s.m.lines();
        let last = lines[s.stack[at - 1] as usize];
        // Cells forced by the rule of three: where the last two rows agree (or, for the second
        // row, where the seam rows agree), the next row must differ from the last.
        let same = if at >= 2 {
            !(last ^ lines[s.stack[at - 2] as usize]) & s.all
        } else {
            s.agree
        };
        let (f0, f1) = (same & last, same & !last & s.all);
        let m = s.m;
        m.each(f0, f1, |i| {
            let i8 = i as u8;
            if i8 != s.avoid && !s.stack[..at].contains(&i8) {
                s.stack[at] = i8;
                go(s, at + 1, counts + s.spread[i], equal & s.equal[i], f);
            }
            true
        });
    }
    let mut walk = Walk {
        m,
        k,
        avoid,
        agree,
        all,
        spread: &spread,
        equal: &equal,
        stack: [first; MAX_HEIGHT / 2],
    };
    go(
        &mut walk,
        1,
        spread[first as usize],
        equal[first as usize] & lines::all_pairs(w),
        f,
    );
}

/// Counts the grids of `unit` (not weighted by its orbit).
pub fn count_unit(m: &Matcher, split: Split, unit: Unit) -> UnitCount {
    count_unit_with(m, split, unit, BIT_SETS_FROM)
}

/// The halves above the seam are tabled by the column counts a half below must have; the
/// halves below, as many or more, are met in bounded batches as they are found and never held
/// all at once, so a unit's memory is its table and one batch.
fn count_unit_with(m: &Matcher, split: Split, unit: Unit, bit_sets_from: usize) -> UnitCount {
    let w = m.len();
    let all = (1u32 << w) - 1;
    let lines = m.lines();
    let (u, v) = (unit.above, unit.below);
    let v_line = lines[v as usize];
    let full = (0..w)
        .map(|c| (split.height() as u64 / 2) << (4 * c))
        .sum::<u64>();
    let mut xs = Vec::new();
    // The rows above the seam: the unit's own, or (keyed by the row below only) every other.
    let seam_rows: Vec<u8> = if u == ANY {
        (0..lines.len() as u8).filter(|&x| x != v).collect()
    } else {
        vec![u]
    };
    for &x0 in &seam_rows {
        let agree = !(lines[x0 as usize] ^ v_line) & all;
        each_half(m, split.above, x0, v, agree, &mut |x| {
            // Column counts above that no half below can make up are left out of the table.
            if (0..w).all(|c| (x.counts >> (4 * c) & 15) <= full >> (4 * c) & 15) {
                xs.push(*x);
            }
        });
    }
    let free = (u == ANY).then_some(Free {
        below: v_line,
        lines,
        all,
    });
    let table = Table::new(xs, split.above, full, (lines.len(), w), bit_sets_from, free);
    let mut out = UnitCount {
        above: table.halves,
        ..UnitCount::default()
    };
    // The halves below are met in batches sorted by their column counts, so that one bucket's
    // bit sets serve a run of them while they are in cache.
    // Within a bucket, by second row: with a free seam row, the runs of seam rows that the
    // second row allows are found once for all the halves below that share it.
    let mut acc = Vec::new();
    let mut ranges = Vec::new();
    let mut batch: Vec<Half> = Vec::with_capacity(BATCH);
    let mut flush = |batch: &mut Vec<Half>, out: &mut UnitCount| {
        batch.sort_unstable_by_key(|y| (y.counts, y.rows[1]));
        for group in batch.chunk_by(|a, b| a.counts == b.counts) {
            let Ok(b) = table.keys.binary_search(&group[0].counts) else {
                continue;
            };
            for same_next in group.chunk_by(|a, b| a.rows[1] == b.rows[1]) {
                let needs = table.allowed(b, &same_next[0], split.below, &mut ranges);
                for y in same_next {
                    let (found, met) = table.meet(b, y, split.below, needs, &ranges, &mut acc);
                    out.count += u128::from(found);
                    out.pairs += u128::from(met);
                }
            }
        }
        out.below += batch.len();
        batch.clear();
    };
    // Keyed by the row below only, the second row below is free of the seam rule here: which
    // rows above it allows is the table's question.
    let (avoid, agree) = if u == ANY {
        (v, 0)
    } else {
        (u, !(lines[u as usize] ^ v_line) & all)
    };
    each_half(m, split.below, v, avoid, agree, &mut |y| {
        batch.push(*y);
        if batch.len() == BATCH {
            flush(&mut batch, &mut out);
        }
    });
    flush(&mut batch, &mut out);
    out
}

/// Halves below the seam met at once (48 MB of them).
const BATCH: usize = 1 << 20;

/// The halves above the seam, filed by the column counts that a half below must have.
struct Table<'a> {
    keys: Vec<u64>,
    buckets: Vec<Bucket>,
    halves: usize,
    /// The rows of each half, and the valid lines (the slots of pairs come after theirs).
    rows: usize,
    lines: usize,
    /// Set when the row above the seam varies within the unit (keyed by the row below only).
    free: Option<Free<'a>>,
}

/// A table whose halves begin with any row: that row is one of the half's rows (no half below
/// may hold it), and it must differ from the row below the seam on every column where the
/// second row below equals it (else three equal cells cross the seam).
struct Free<'a> {
    /// The row below the seam, the valid lines, and the mask of the grid's columns.
    below: u32,
    lines: &'a [u32],
    all: u32,
}

impl Free<'_> {
    /// The columns on which a half below (second row `next`) needs the row above the seam to
    /// differ from the row below it.
    fn needs(&self, next: u8) -> u32 {
        !(self.below ^ self.lines[next as usize]) & self.all
    }

    /// The columns on which a half above (seam row `first`) equals the row below the seam.
    fn same(&self, first: u8) -> u32 {
        !(self.below ^ self.lines[first as usize]) & self.all
    }
}

enum Bucket {
    /// A few halves, checked against each half below pair by pair: (rows, equal column pairs,
    /// columns where the seam row equals the row below the seam: 0 unless it is free).
    Few(Vec<([u8; MAX_HEIGHT / 2], u128, u32)>),
    /// Many: each line and each pair of columns has a bit set over the bucket's halves (the
    /// halves holding that line, or equal on that pair), in `words`-word slots of `bits`;
    /// `slot[line]`, `slot[lines + pair]`: the slot, or `NONE` when no half has it. With a
    /// free seam row the halves are in order of it, and `runs` lists its runs: (the columns on
    /// which that seam row equals the row below the seam, first half, end), so that a half below
    /// meets only the runs whose seam row its rule of three allows.
    Many {
        len: u64,
        words: usize,
        slot: Vec<u32>,
        bits: Vec<u64>,
        runs: Vec<(u32, u32, u32)>,
    },
}

const NONE: u32 = u32::MAX;

/// Buckets with fewer halves are checked pair by pair: bit sets would cost more than they save.
const BIT_SETS_FROM: usize = 32;

impl<'a> Table<'a> {
    /// `(lines, w)`: the number of valid lines (the slots before the pairs) and the width.
    fn new(
        mut xs: Vec<Half>,
        rows: usize,
        full: u64,
        (lines, w): (usize, usize),
        bit_sets_from: usize,
        free: Option<Free<'a>>,
    ) -> Table<'a> {
        let pairs = w * (w - 1) / 2;
        let same = |x: &Half| free.as_ref().map_or(0, |f| f.same(x.rows[0]));
        // Within a bucket, by seam row: a free seam row's halves form runs (see `Bucket::Many`).
        xs.sort_unstable_by_key(|x| (full - x.counts, x.rows[0]));
        let (mut keys, mut buckets) = (Vec::new(), Vec::new());
        for group in xs.chunk_by(|a, b| a.counts == b.counts) {
            keys.push(full - group[0].counts);
            buckets.push(if group.len() < bit_sets_from {
                Bucket::Few(group.iter().map(|x| (x.rows, x.equal, same(x))).collect())
            } else {
                Bucket::many(group, rows, lines, pairs, &same, free.is_some())
            });
        }
        Table {
            keys,
            buckets,
            halves: xs.len(),
            rows,
            lines,
            free,
        }
    }

    /// For the halves below whose second row is `y`'s: the columns on which the rule of three
    /// needs the seam row above to differ from the row below the seam (0 when the seam row is
    /// the unit's own), and in `ranges` the runs of halves of bucket `b` whose seam row does,
    /// adjacent runs merged (left as they were when the bucket is checked pair by pair).
    fn allowed(&self, b: usize, y: &Half, k: usize, ranges: &mut Vec<(u32, u32)>) -> u32 {
        let needs = match &self.free {
            Some(f) if k >= 2 => f.needs(y.rows[1]),
            _ => 0,
        };
        if let (Bucket::Many { runs, .. }, true) = (&self.buckets[b], needs != 0) {
            ranges.clear();
            for &(same, start, end) in runs {
                if same & needs != 0 {
                    continue;
                }
                match ranges.last_mut() {
                    Some((_, e)) if *e == start => *e = end,
                    _ => ranges.push((start, end)),
                }
            }
        }
        needs
    }

    /// The halves of bucket `b` that complete `y` (of `k` rows, its column counts the
    /// bucket's key): no line in common, no pair of columns equal in both. Also: the bucket's
    /// size.
    fn meet(
        &self,
        b: usize,
        y: &Half,
        k: usize,
        needs: u32,
        ranges: &[(u32, u32)],
        acc: &mut Vec<u64>,
    ) -> (u64, u64) {
        // A unit's own seam row above is in no half below; a free one may be.
        let first = usize::from(self.free.is_none());
        match &self.buckets[b] {
            Bucket::Few(xs) => {
                let ys = &y.rows[1..k];
                let found = xs
                    .iter()
                    .filter(|(rows, equal, same)| {
                        equal & y.equal == 0
                            && same & needs == 0
                            && !rows[first..self.rows].iter().any(|r| ys.contains(r))
                    })
                    .count();
                (found as u64, xs.len() as u64)
            }
            Bucket::Many {
                len,
                words,
                slot,
                bits,
                ..
            } => {
                let lines = self.lines;
                // At most a half's rows and every pair of 12 columns.
                let mut parts = [NONE; MAX_HEIGHT / 2 + MAX_WIDTH * (MAX_WIDTH - 1) / 2];
                let mut n = 0;
                for &r in &y.rows[1..k] {
                    let s = slot[r as usize];
                    if s != NONE {
                        parts[n] = s;
                        n += 1;
                    }
                }
                let mut e = y.equal;
                while e != 0 {
                    let p = e.trailing_zeros() as usize;
                    e &= e - 1;
                    let s = slot[lines + p];
                    if s != NONE {
                        parts[n] = s;
                        n += 1;
                    }
                }
                acc.resize(*words, 0);
                if needs == 0 {
                    return (len - union_size(bits, *words, &parts[..n], acc), *len);
                }
                // Only over the runs of seam rows that differ from the row below the seam
                // wherever this half below needs it (`ranges`, from `allowed`).
                let within: u32 = ranges.iter().map(|&(a, e)| e - a).sum();
                let found = u64::from(within) - union_in(bits, *words, &parts[..n], ranges, acc);
                (found, *len)
            }
        }
    }
}

impl Bucket {
    fn many(
        group: &[Half],
        rows: usize,
        lines: usize,
        pairs: usize,
        same: &dyn Fn(&Half) -> u32,
        free: bool,
    ) -> Bucket {
        let words = group.len().div_ceil(64);
        let mut slot = vec![NONE; lines + pairs];
        let mut bits: Vec<u64> = Vec::new();
        let mut used = 0u32;
        let mut set = |s: usize, k: usize, bits: &mut Vec<u64>| {
            if slot[s] == NONE {
                slot[s] = used;
                used += 1;
                bits.resize(bits.len() + words, 0);
            }
            bits[slot[s] as usize * words + k / 64] |= 1 << (k % 64);
        };
        // Row 0 is the unit's own seam row, which no half below holds, unless it is free.
        let first = usize::from(!free);
        for (k, x) in group.iter().enumerate() {
            for &r in &x.rows[first..rows] {
                set(r as usize, k, &mut bits);
            }
            let mut e = x.equal;
            while e != 0 {
                let p = e.trailing_zeros() as usize;
                e &= e - 1;
                set(lines + p, k, &mut bits);
            }
        }
        let mut runs = Vec::new();
        if free {
            let mut start = 0;
            for run in group.chunk_by(|a, b| a.rows[0] == b.rows[0]) {
                let end = start + run.len() as u32;
                runs.push((same(&run[0]), start, end));
                start = end;
            }
        }
        Bucket::Many {
            len: group.len() as u64,
            words,
            slot,
            bits,
            runs,
        }
    }
}

/// The number of bits in the union of the bit sets `parts`, counted only over the positions
/// in `ranges` (half-open, disjoint).
fn union_in(
    bits: &[u64],
    words: usize,
    parts: &[u32],
    ranges: &[(u32, u32)],
    acc: &mut [u64],
) -> u64 {
    #[cfg(target_arch = "x86_64")]
    {
        if std::is_x86_feature_detected!("avx2") && std::is_x86_feature_detected!("popcnt") {
            // SAFETY: the features this function is compiled for were just detected.
            return unsafe { union_in_avx2(bits, words, parts, ranges, acc) };
        }
    }
    union_in_plain(bits, words, parts, ranges, acc)
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2,popcnt")]
unsafe fn union_in_avx2(
    bits: &[u64],
    words: usize,
    parts: &[u32],
    ranges: &[(u32, u32)],
    acc: &mut [u64],
) -> u64 {
    union_in_plain(bits, words, parts, ranges, acc)
}

#[inline(always)]
fn union_in_plain(
    bits: &[u64],
    words: usize,
    parts: &[u32],
    ranges: &[(u32, u32)],
    acc: &mut [u64],
) -> u64 {
    let Some((&first, rest)) = parts.split_first() else {
        return 0;
    };
    let mut total = 0;
    for &(a, e) in ranges {
        let (a, e) = (a as usize, e as usize);
        let (w0, w1) = (a / 64, (e - 1) / 64 + 1);
        let acc = &mut acc[..w1 - w0];
        let slice = |s: u32| &bits[s as usize * words + w0..s as usize * words + w1];
        acc.copy_from_slice(slice(first));
        for &p in rest {
            for (o, x) in acc.iter_mut().zip(slice(p)) {
                *o |= x;
            }
        }
        acc[0] &= u64::MAX << (a % 64);
        acc[w1 - w0 - 1] &= u64::MAX >> (63 - (e - 1) % 64);
        total += acc.iter().map(|w| u64::from(w.count_ones())).sum::<u64>();
    }
    total
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

/// The number of `width`×`height` grids with distinct rows and distinct columns, by the units
/// of `key` on `threads` threads: units for which `skip(k)` is true are not counted (their
/// counts are the caller's), and `finished(k, weighted count, units in all)` is called as each
/// unit ends.
pub fn count_units(
    width: usize,
    split: Split,
    key: Key,
    threads: usize,
    skip: &(dyn Fn(usize) -> bool + Sync),
    finished: &(dyn Fn(usize, u128, usize) + Sync),
) -> u128 {
    assert!(width.is_multiple_of(2) && (2..=MAX_WIDTH).contains(&width));
    assert!(
        Split::at(split.above, split.height()) == Some(split) && split.height().is_multiple_of(2)
    );
    let m = Matcher::new(width);
    let units = units_of(&m, split, key);
    crate::count::run_units(units.len(), threads, skip, finished, &|k| {
        count_unit(&m, split, units[k]).count * u128::from(units[k].weight)
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
            for turnable in [true, false] {
                let total: u32 = units(&m, turnable).iter().map(|u| u.weight).sum();
                assert_eq!(total, n * (n - 1));
            }
            let rows: u32 = row_units(&m).iter().map(|u| u.weight).sum();
            assert_eq!(rows, n);
        }
    }

    /// Every place of the seam counts the same grids, and as the whole table of halves does.
    #[test]
    fn every_split_counts_like_the_whole_table() {
        for (w, h) in [
            (4, 4),
            (6, 6),
            (4, 6),
            (6, 4),
            (8, 6),
            (6, 8),
            (8, 8),
            (4, 2),
            (6, 10),
        ] {
            let whole = crate::mitm::count_distinct(w, h, 2, &|_, _| {}).count;
            for above in 1..h {
                let Some(split) = Split::at(above, h) else {
                    continue;
                };
                for key in [Key::Pair, Key::Row] {
                    let by_units = count_units(w, split, key, 2, &|_| false, &|_, _, _| {});
                    assert_eq!(by_units, whole, "{w}×{h} cut below row {above}, {key:?}");
                }
            }
        }
    }

    /// The union counted over ranges equals the bits counted one position at a time, for
    /// ranges that start and end inside words, span several, or are one bit wide.
    #[test]
    fn unions_over_ranges_count_bit_by_bit() {
        let mut seed = 0x5eed_u64;
        let mut next = || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed
        };
        let words = 5;
        for _ in 0..2000 {
            let bits: Vec<u64> = (0..4 * words).map(|_| next() & next()).collect();
            let parts: Vec<u32> = (0..4).filter(|_| next() % 2 == 0).collect();
            let mut ranges = Vec::new();
            let mut at = (next() % 70) as u32;
            while at < 64 * words as u32 {
                let end = (at + 1 + (next() % 90) as u32).min(64 * words as u32);
                ranges.push((at, end));
                at = end + (next() % 40) as u32;
            }
            let by_bit: u64 = ranges
                .iter()
                .flat_map(|&(a, e)| a..e)
                .filter(|&i| {
                    let (w, b) = (i as usize / 64, i % 64);
                    parts
                        .iter()
                        .any(|&p| bits[p as usize * words + w] >> b & 1 == 1)
                })
                .count() as u64;
            let mut acc = vec![0; words];
            assert_eq!(union_in(&bits, words, &parts, &ranges, &mut acc), by_bit);
        }
    }

    /// Both ways of meeting a bucket — pair by pair, and 64 at a time by bit sets — count
    /// every unit alike (10×8: 84 lines, buckets of every size; seam in and off the middle).
    #[test]
    fn bit_sets_and_pairs_agree_on_every_unit() {
        let m = Matcher::new(10);
        for (above, key) in [(4, Key::Pair), (3, Key::Pair), (3, Key::Row)] {
            let split = Split::at(above, 8).unwrap();
            let mut total = 0u128;
            for unit in units_of(&m, split, key) {
                let pairs = count_unit_with(&m, split, unit, usize::MAX);
                let bits = count_unit_with(&m, split, unit, 0);
                assert_eq!(pairs, bits, "{unit:?}");
                total += pairs.count * u128::from(unit.weight);
            }
            assert_eq!(
                total,
                crate::mitm::count_distinct(10, 8, 2, &|_, _| {}).count
            );
        }
    }
}
