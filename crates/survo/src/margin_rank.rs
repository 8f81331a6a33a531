//! A numbering of one side's margins, 0..count, so that a set of margins can be a bitmap.
//!
//! The scan's moves ([`enumerate`](crate::enumerate)) mark, for one row margin, every column
//! margin they reach; on 4×6 that is up to 1.6 million of the 2.3 million column margins, and
//! each is probed some 35 times. In a hash set of 128-bit keys (tens of megabytes) those
//! probes missed the cache and were 68% of a unit's time (measured with `perf` on unit 516).
//! Numbered, the same set is a bitmap of 285 kB, and a probe is a rank (two table look-ups per
//! part) and a bit test.
//!
//! The rank of a margin v₁ > v₂ > … > vₙ is the number of margins that are larger in the
//! lexicographic order (so the first margin [`margins`](crate::enumerate::margins) lists has
//! rank 0): at each position, those that agree before it and are larger there. That is a sum
//! of counts of completions, read from a table of cumulative counts.

/// Margins are numbered only while there are at most this many (a bitmap of 128 MiB per
/// thread); beyond that [`MarginRank::new`] says no and the scan makes no moves.
pub const MAX_RANKED_MARGINS: u64 = 1 << 30;

/// The numbering of the margins of `parts` lines of `size` cells each (of a table of
/// `parts · size` cells): strictly decreasing sequences of `parts` sums, each between the
/// sum of the `size` smallest and of the `size` largest values, totalling 1 + … + parts·size.
///
/// Invariant: with N(k, s, v) the number of strictly decreasing sequences of k parts, each in
/// lo..=v (v ≤ hi), that sum to s, `first[v]` is N(parts, total, v), and for 2 ≤ k < parts
/// `completions[span.offset + (s − span.low) · (hi − lo + 1) + v − lo]` is N(k, s, v), with
/// `span = spans[k − 2]` covering the sums s that k parts can still have to make up in a
/// margin. Those are the only entries a rank reads: the last part adds nothing to a rank (so
/// no k below 2), k = parts only at s = total, and no part is below lo. Keeping only them
/// makes the 4×6 table 98 kB (3×8: 109 kB), where every k and s took 767 kB: beside the bitmap of the
/// marked margins it stays in the 512 kB second-level cache. Entries are kept as u32 and
/// saturate: every entry a rank reads counts completions of a prefix of some margin, so it is
/// at most `count` ≤ u32::MAX.
///
/// ```
/// use wellposed_survo::enumerate::margins;
/// use wellposed_survo::margin_rank::MarginRank;
/// let rank = MarginRank::new(4, 3).unwrap();
/// let listed = margins(4, 3);
/// assert_eq!(rank.count(), listed.len());
/// for (k, margin) in listed.iter().enumerate() {
///     assert_eq!(rank.rank(margin), k);
/// }
/// ```
pub struct MarginRank {
    parts: usize,
    lo: usize,
    hi: usize,
    total: usize,
    first: Vec<u32>,
    completions: Vec<u32>,
    spans: Vec<Span>,
    count: usize,
}

/// The sums one number of remaining parts can have to make up, and where their rows start.
#[derive(Clone, Copy, Debug)]
struct Span {
    low: usize,
    offset: usize,
}

impl MarginRank {
    /// The numbering, or `None` when a part can reach 128 (past the moves' sets of sums) or
    /// there are more than [`MAX_RANKED_MARGINS`] margins.
    pub fn new(parts: usize, size: usize) -> Option<MarginRank> {
        let top = parts * size;
        let total = top * (top + 1) / 2;
        let lo = size * (size + 1) / 2;
        let hi = (top + 1 - size..=top).sum::<usize>();
        if parts == 0 || hi >= 128 {
            return None;
        }
        let (width, height) = (hi + 1, total + 1);
        // counts[k][s · width + v] = N(k, s, v), exact.
        let mut counts: Vec<Vec<u64>> = vec![vec![0u64; height * width]];
        counts[0][..width].fill(1); // no parts sum to 0, whatever the bound
        for k in 1..=parts {
            let before = &counts[k - 1];
            let mut now = vec![0u64; height * width];
            for s in 0..height {
                let mut running = 0u64;
                for v in 0..width {
                    // Sequences whose first part is v: v, then k − 1 parts below v summing
                    // to s − v.
                    if v >= lo && v <= s && v > 0 {
                        running += before[(s - v) * width + v - 1];
                    }
                    now[s * width + v] = running;
                }
            }
            counts.push(now);
        }
        let n = |k: usize, s: usize, v: usize| counts[k][s * width + v];
        let count = n(parts, total, hi);
        if count > MAX_RANKED_MARGINS {
            return None;
        }
        // The prefixes of margins: after i parts, the sums reached with the last part b,
        // kept only if the other parts can complete them.
        let mut reached = vec![false; height * (width + 1)];
        reached[hi + 1] = true; // no part yet: sum 0, bound above every part
        let mut left_by_taken = Vec::with_capacity(parts);
        for i in 0..parts.saturating_sub(2) {
            let mut next = vec![false; height * (width + 1)];
            let (mut low, mut high) = (usize::MAX, 0);
            for s in 0..height {
                for b in 0..=width {
                    if !reached[s * (width + 1) + b] {
                        continue;
                    }
                    for v in lo..b.min(total - s + 1) {
                        if n(parts - i - 1, total - s - v, v - 1) > 0 {
                            next[(s + v) * (width + 1) + v] = true;
                            low = low.min(total - s - v);
                            high = high.max(total - s - v);
                        }
                    }
                }
            }
            left_by_taken.push((low, high));
            reached = next;
        }
        let saturate = |c: u64| u32::try_from(c).unwrap_or(u32::MAX);
        let columns = hi - lo + 1;
        let mut completions = Vec::new();
        let mut spans = Vec::new();
        // k = parts − i remaining parts after i taken, for k from 2 to parts − 1.
        for k in 2..parts {
            let (low, high) = left_by_taken[parts - k - 1];
            spans.push(Span {
                low,
                offset: completions.len(),
            });
            for s in low..=high {
                completions.extend((lo..=hi).map(|v| saturate(n(k, s, v))));
            }
            debug_assert_eq!(completions.len() % columns, 0);
        }
        let first = (0..width).map(|v| saturate(n(parts, total, v))).collect();
        Some(MarginRank {
            parts,
            lo,
            hi,
            total,
            first,
            completions,
            spans,
            count: count as usize,
        })
    }

    /// How many margins there are.
    pub fn count(&self) -> usize {
        self.count
    }

    /// The rank of a margin, given as its parts in decreasing order.
    pub fn rank(&self, margin: &[u32]) -> usize {
        debug_assert_eq!(margin.len(), self.parts);
        self.rank_parts(margin.iter().map(|&v| v as usize))
    }

    /// The rank of a margin given as the set of its parts (bit v for part v; parts below 128).
    pub fn rank_of_set(&self, set: u128) -> usize {
        debug_assert_eq!(set.count_ones() as usize, self.parts);
        // The moves ask this some 40 times per margin they mark, so the parts are taken from
        // the two halves of the set as 64-bit words (u128 bit scans are several instructions
        // each).
        let (mut high, mut low) = ((set >> 64) as u64, set as u64);
        self.rank_parts(std::iter::from_fn(|| {
            Some(if high != 0 {
                let v = 63 - high.leading_zeros() as usize;
                high ^= 1 << v;
                v + 64
            } else {
                let v = 63 - low.leading_zeros() as usize;
                low ^= 1 << v;
                v
            })
        }))
    }

    /// The rank from the parts in decreasing order (at least `parts − 1` of them are read).
    #[inline(always)]
    fn rank_parts(&self, mut decreasing: impl Iterator<Item = usize>) -> usize {
        // The last part is what is left, so no margin that agrees before it differs there:
        // it adds nothing, and is not read.
        if self.parts < 2 {
            return 0;
        }
        // Margins larger at the first part: their counts are in `first`.
        let v = decreasing.next().expect("a margin has its parts");
        debug_assert!((self.lo..=self.hi).contains(&v));
        let mut rank = (self.first[self.hi] - self.first[v]) as usize;
        let (mut left, mut bound) = (self.total - v, v - 1);
        let columns = self.hi - self.lo + 1;
        for k in (2..self.parts).rev() {
            let v = decreasing.next().expect("a margin has its parts");
            debug_assert!((self.lo..=bound).contains(&v) && v <= left);
            // Margins that agree before this part and are larger at it.
            let span = self.spans[k - 2];
            let row = span.offset + (left - span.low) * columns;
            rank += (self.completions[row + bound - self.lo] - self.completions[row + v - self.lo])
                as usize;
            left -= v;
            bound = v - 1;
        }
        debug_assert!(rank < self.count);
        rank
    }
}

/// A set of margins of one numbering, as a bitmap.
#[derive(Default)]
pub struct MarginSet {
    bits: Vec<u64>,
}

impl MarginSet {
    /// Empties the set and makes room for ranks below `count`.
    pub fn clear(&mut self, count: usize) {
        self.bits.clear();
        self.bits.resize(count.div_ceil(64), 0);
    }

    /// Adds `rank`; whether it was new.
    pub fn insert(&mut self, rank: usize) -> bool {
        let (word, bit) = (&mut self.bits[rank / 64], 1u64 << (rank % 64));
        let new = *word & bit == 0;
        *word |= bit;
        new
    }

    pub fn contains(&self, rank: usize) -> bool {
        self.bits
            .get(rank / 64)
            .is_some_and(|w| w >> (rank % 64) & 1 == 1)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::enumerate::{margin_count, margins};

    /// The ranks of the listed margins are 0, 1, 2, … in the listed order, from the parts or
    /// from their set, and the count is the counted number of margins.
    #[test]
    fn ranks_number_the_margins_in_their_order() {
        for (parts, size) in [(2, 2), (3, 3), (4, 3), (3, 4), (6, 2), (5, 3), (4, 4)] {
            let rank = MarginRank::new(parts, size).unwrap();
            assert_eq!(rank.count() as u64, margin_count(parts, size));
            for (k, margin) in margins(parts, size).iter().enumerate() {
                assert_eq!(rank.rank(margin), k, "{parts}×{size}: {margin:?}");
                let set = margin.iter().fold(0u128, |a, &v| a | 1 << v);
                assert_eq!(rank.rank_of_set(set), k);
            }
        }
    }

    #[test]
    fn a_set_holds_what_was_put_in() {
        let mut set = MarginSet::default();
        set.clear(200);
        assert!(set.insert(3) && set.insert(130) && !set.insert(3));
        assert!(set.contains(3) && set.contains(130) && !set.contains(4));
        set.clear(200);
        assert!(!set.contains(3));
    }
}
