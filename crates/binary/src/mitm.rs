//! Counting grids under the distinctness rule by meeting in the middle.
//!
//! Cut a grid at its middle seam. The rows above it read upwards from the seam, and the rows
//! below it read downwards, are both *halves*: h = H/2 distinct valid rows whose columns have no
//! three equal cells so far. So one list of halves serves both sides, and a grid is an ordered
//! pair (X, Y) of halves such that
//! - every column's ones add up to H/2,
//! - no column has three equal cells across the seam (X₁ X₀ | Y₀ Y₁),
//! - no row of X is a row of Y (the rows inside each half are distinct already),
//! - no two columns are equal in both halves: two columns of the grid are equal exactly when
//!   they are equal in X and in Y, so X's set of equal column pairs and Y's must be disjoint.
//!
//! The halves Y are filed by their column counts and first row; for a half X only the first
//! rows Y₀ that make no three across the seam are looked up, and each Y in such a bucket is
//! checked by three ANDs of bit masks (seam, shared rows, shared equal pairs). The distinctness
//! rules, which defeat a dynamic programme over column states, cost one AND each here.
//!
//! Reflecting left to right and swapping 0 and 1 map valid grids to valid grids and act on
//! both halves alike, so X runs over one representative of each orbit, weighted by the orbit's
//! size.

use crate::lines::{self, Matcher};
use std::collections::HashMap;
use std::sync::atomic::{AtomicUsize, Ordering};

/// The widest grid: row sets are bit sets over the valid lines (208 of width 12).
pub const MAX_WIDTH: usize = 12;
/// The tallest grid: a half's rows and column counts (4 bits each) are small arrays.
pub const MAX_HEIGHT: usize = 16;

/// What counting found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MitmCount {
    pub count: u128,
    /// Halves in the table (each side of the seam is one of them).
    pub halves: usize,
    /// Pairs of halves checked by the join.
    pub pairs: u64,
}

/// A half as the enumeration finds it.
struct Half {
    rows: [u8; MAX_HEIGHT / 2],
}

/// Every half of `rows` rows of `m`'s lines, in lexicographic order of line indices.
fn halves(m: &Matcher, rows: usize) -> Vec<Half> {
    fn go(m: &Matcher, rows: usize, stack: &mut Vec<u8>, out: &mut Vec<Half>) {
        let k = stack.len();
        if k == rows {
            let mut h = Half {
                rows: [0; MAX_HEIGHT / 2],
            };
            h.rows[..k].copy_from_slice(stack);
            out.push(h);
            return;
        }
        let (f0, f1) = if k >= 2 {
            let a = m.lines()[stack[k - 1] as usize];
            let b = m.lines()[stack[k - 2] as usize];
            let same = !(a ^ b);
            (same & a, same & !a & ((1 << m.len()) - 1))
        } else {
            (0, 0)
        };
        m.each(f0, f1, |i| {
            if !stack.contains(&(i as u8)) {
                stack.push(i as u8);
                go(m, rows, stack, out);
                stack.pop();
            }
            true
        });
    }
    let mut out = Vec::new();
    go(m, rows, &mut Vec::with_capacity(rows), &mut out);
    out
}

/// An upper bound on the number of halves of a `width`×`height` grid (sequences of H/2 valid
/// rows with no three equal cells in a column, distinct or not), by a transfer matrix over the
/// last two rows: the table's size, known before it is built.
pub fn halves_bound(width: usize, height: usize) -> u128 {
    let m = Matcher::new(width);
    let lines = m.lines();
    let n = lines.len();
    let all = (1u32 << width) - 1;
    let h = height / 2;
    if h <= 1 {
        return (n * h.max(1)) as u128;
    }
    // ways[a * n + b]: sequences ending with rows a, b.
    let mut ways = vec![1u128; n * n];
    for _ in 2..h {
        let mut next = vec![0u128; n * n];
        for a in 0..n {
            for b in 0..n {
                let k = ways[a * n + b];
                if k == 0 {
                    continue;
                }
                let same = !(lines[a] ^ lines[b]) & all;
                m.each(same & lines[b], same & !lines[b] & all, |c| {
                    next[b * n + c] += k;
                    true
                });
            }
        }
        ways = next;
    }
    ways.iter().sum()
}

/// The number of `width`×`height` grids with distinct rows and distinct columns, on `threads`
/// threads; `progress` is called with (representatives joined, representatives in all).
pub fn count_distinct(
    width: usize,
    height: usize,
    threads: usize,
    progress: &(dyn Fn(usize, usize) + Sync),
) -> MitmCount {
    assert!(
        width.is_multiple_of(2)
            && height.is_multiple_of(2)
            && (2..=MAX_WIDTH).contains(&width)
            && (2..=MAX_HEIGHT).contains(&height)
    );
    let m = Matcher::new(width);
    // A half's masks in u64 words: its rows (bits over line indices), then its pairs of equal
    // columns (bits by [`lines::pair_index`]); two halves clash when the masks meet.
    // Up to width 10: 84 lines (two words) and 45 column pairs (one word).
    if width <= 10 {
        join::<3>(&m, height, 2, threads, progress)
    } else {
        join::<6>(&m, height, 4, threads, progress)
    }
}

/// The join, with halves as `K` mask words of which the first `rows` hold the row set.
fn join<const K: usize>(
    m: &Matcher,
    height: usize,
    rows: usize,
    threads: usize,
    progress: &(dyn Fn(usize, usize) + Sync),
) -> MitmCount {
    let w = m.len();
    let h = height / 2;
    let all = (1u32 << w) - 1;
    let lines = m.lines();
    let list = halves(m, h);
    // Column counts, four bits a column.
    let spread: Vec<u64> = lines
        .iter()
        .map(|&l| (0..w).map(|c| u64::from(l >> c & 1) << (4 * c)).sum())
        .collect();
    let equal: Vec<u128> = lines.iter().map(|&l| lines::equal_pairs(l, w)).collect();
    let counts = |x: &Half| x.rows[..h].iter().map(|&r| spread[r as usize]).sum::<u64>();
    let second = |x: &Half| if h >= 2 { x.rows[1] } else { 0 };
    let masks = |x: &Half| {
        let mut out = [0u64; K];
        let mut eq = lines::all_pairs(w);
        for &r in &x.rows[..h] {
            out[r as usize / 64] |= 1 << (r % 64);
            eq &= equal[r as usize];
        }
        for (k, word) in out[rows..].iter_mut().enumerate() {
            *word = (eq >> (64 * k)) as u64;
        }
        out
    };
    // The halves below the seam, sorted by (counts, first row, second row): a bucket per
    // (counts, first row), split into runs by the second row, which decides the seam alone.
    let mut order: Vec<(u64, u8, u8, u32)> = list
        .iter()
        .enumerate()
        .map(|(i, x)| (counts(x), x.rows[0], second(x), i as u32))
        .collect();
    order.sort_unstable();
    let table: Vec<[u64; K]> = order
        .iter()
        .map(|&(.., i)| masks(&list[i as usize]))
        .collect();
    // Runs: (columns where the first two rows agree, start, end).
    let mut runs: Vec<(u32, u32, u32)> = Vec::new();
    let mut buckets: HashMap<(u64, u8), (u32, u32)> = HashMap::new();
    for (at, &(c, f, s, _)) in order.iter().enumerate() {
        let at = at as u32;
        let fresh = at == 0 || {
            let (pc, pf, ps, _) = order[at as usize - 1];
            (pc, pf, ps) != (c, f, s)
        };
        if fresh {
            let doubled = if h >= 2 {
                !(lines[f as usize] ^ lines[s as usize]) & all
            } else {
                0
            };
            runs.push((doubled, at, at + 1));
            let n = runs.len() as u32;
            buckets.entry((c, f)).or_insert((n - 1, n)).1 = n;
        } else {
            runs.last_mut().expect("a run is open").2 = at + 1;
        }
    }
    drop(order);
    // Orbit representatives above the seam, with their orbit sizes.
    let index = |l: u32| {
        lines
            .binary_search(&l)
            .expect("images of valid lines are valid") as u8
    };
    let images: [Vec<u8>; 3] = [
        lines.iter().map(|&l| index(lines::reverse(l, w))).collect(),
        lines
            .iter()
            .map(|&l| index(lines::complement(l, w)))
            .collect(),
        lines
            .iter()
            .map(|&l| index(lines::complement(lines::reverse(l, w), w)))
            .collect(),
    ];
    let mut reps: Vec<(u32, u32)> = list
        .iter()
        .enumerate()
        .filter_map(|(i, x)| {
            let mine = &x.rows[..h];
            let mut orbit = vec![mine.to_vec()];
            for g in &images {
                let img: Vec<u8> = mine.iter().map(|&r| g[r as usize]).collect();
                if img.as_slice() < mine {
                    return None;
                }
                orbit.push(img);
            }
            orbit.sort_unstable();
            orbit.dedup();
            Some((i as u32, orbit.len() as u32))
        })
        .collect();
    // Halves with the same counts look up the same buckets: joining them one after the other
    // keeps those buckets in cache.
    reps.sort_by_cached_key(|&(i, _)| counts(&list[i as usize]));
    let full = (0..w).map(|c| (h as u64) << (4 * c)).sum::<u64>();
    let joined = AtomicUsize::new(0);
    const CHUNK: usize = 256;
    let parts = wellposed_work::each_index(
        reps.len().div_ceil(CHUNK),
        threads,
        || (0u128, 0u64),
        |(count, pairs), chunk| {
            let start = chunk * CHUNK;
            let end = (start + CHUNK).min(reps.len());
            for &(i, weight) in &reps[start..end] {
                let x = &list[i as usize];
                let me = masks(x);
                let want = full - counts(x);
                let x0 = lines[x.rows[0] as usize];
                let doubled = if h >= 2 {
                    !(x0 ^ lines[x.rows[1] as usize]) & all
                } else {
                    0
                };
                // Y₀ must differ from X₀ where X₀ repeats X₁; where Y₀ then
                // equals X₀, Y₁ must differ from Y₀.
                let mut found = 0u64;
                m.each(doubled & x0, doubled & !x0, |u| {
                    let Some(&(a, b)) = buckets.get(&(want, u as u8)) else {
                        return true;
                    };
                    let agree = !(lines[u] ^ x0) & all;
                    for &(d, lo, hi) in &runs[a as usize..b as usize] {
                        if d & agree != 0 {
                            continue;
                        }
                        let run = &table[lo as usize..hi as usize];
                        *pairs += run.len() as u64;
                        found += run
                            .iter()
                            .filter(|y| {
                                let mut meet = 0;
                                for k in 0..K {
                                    meet |= y[k] & me[k];
                                }
                                meet == 0
                            })
                            .count() as u64;
                    }
                    true
                });
                *count += u128::from(found) * u128::from(weight);
            }
            progress(
                joined.fetch_add(end - start, Ordering::Relaxed) + end - start,
                reps.len(),
            );
        },
    );
    let (count, pairs) = parts
        .into_iter()
        .fold((0u128, 0u64), |(c, p), (a, b)| (c + a, p + b));
    MitmCount {
        count,
        halves: list.len(),
        pairs,
    }
}
