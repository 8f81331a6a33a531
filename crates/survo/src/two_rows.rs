//! S(2,n) without searching margin pairs one by one.
//!
//! A 2×n table of 1..2n, its columns in order of their (distinct) sums, is the same thing as
//! a perfect matching of 1..2n into n pairs whose sums are the column margins, plus, for each
//! pair, which of its two values sits in the first row. So for one column margin C, every
//! table with those column sums is reached by enumerating the matchings with pair sums C and,
//! for each, the orientations: the first row's sum is the sum of the smaller values plus the
//! differences of the pairs turned "larger value up" — a subset sum. Counting subsets by
//! their sum, capped at two, answers every row margin (R1, total − R1) of this C at once: the
//! pair is uniquely solvable exactly when the capped count at R1 is one. One enumeration per
//! column margin replaces one search per margin pair, and nothing is searched twice.
//!
//! Counts are kept as bitsets over sums: bit k of `some` says at least one way to reach k,
//! bit k of `many` at least two. The first row's sum is at least tri(n) and at most
//! tri(n) + n², so shifted down by tri(n) it fits in 128 bits while n² < 128, i.e. n ≤ 11.

/// The widest 2×n table this method takes (see the module text).
pub const MAX_WIDTH: usize = 11;

/// Capped counts (none, one, several) of the ways to reach each sum, as two bitsets.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Capped {
    /// Bit k: at least one way.
    pub some: u128,
    /// Bit k: at least two ways.
    pub many: u128,
}

impl Capped {
    /// The counts of a disjoint union of two collections.
    fn add(&mut self, other: Capped) {
        self.many |= other.many | (self.some & other.some);
        self.some |= other.some;
    }

    /// Each way extended by "add 0 or add `d`" (one more pair to orient).
    fn either(self, d: u32) -> Capped {
        Capped {
            some: self.some | self.some << d,
            many: self.many | self.many << d | (self.some & self.some << d),
        }
    }

    fn shifted(self, k: u32) -> Capped {
        Capped {
            some: self.some << k,
            many: self.many << k,
        }
    }

    /// Sums reached in exactly one way.
    pub fn exactly_one(self) -> u128 {
        self.some & !self.many
    }
}

fn tri(t: u32) -> u32 {
    t * (t + 1) / 2
}

/// For distinct column sums `cols` of a 2×n table of 1..2n (2 ≤ n ≤ [`MAX_WIDTH`]): bit
/// R1 − tri(n) says how many tables have first-row sum R1 (capped at two).
pub fn tables_by_first_row(cols: &[u32]) -> Capped {
    let n = cols.len();
    assert!((2..=MAX_WIDTH).contains(&n), "2×{n} is outside the method");
    let values: u64 = ((1u64 << (2 * n)) - 1) << 1; // bits 1..=2n
    let mut sums = 0u64;
    for &c in cols {
        if c as usize >= 4 * n || sums >> c & 1 == 1 {
            return Capped::default(); // no pair of 1..2n sums to it, or sums repeat
        }
        sums |= 1 << c;
    }
    let mut out = Capped::default();
    expand(
        values,
        sums,
        0,
        Capped { some: 1, many: 0 },
        tri(n as u32),
        &mut out,
    );
    out
}

/// Pairs up the values left (`unused`, bit v = value v) so that the pair sums are exactly the
/// sums left (`sums`), adding each finished matching's orientation counts into `out`.
/// `low` is the sum of the smaller values of the pairs made so far, `ways` their orientations
/// counted by the sum of the differences turned up.
fn expand(unused: u64, sums: u64, low: u32, ways: Capped, base: u32, out: &mut Capped) {
    if unused == 0 {
        out.add(ways.shifted(low - base));
        return;
    }
    // The smallest and the largest value left must each be paired: partner w of v needs
    // v + w among the sums, i.e. bit w of (sums >> v). Branch on whichever has fewer partners.
    let small = unused.trailing_zeros();
    let large = 63 - unused.leading_zeros();
    let for_small = (sums >> small) & unused & !(1 << small);
    let for_large = (sums >> large) & unused & !(1 << large);
    let (fixed, mut partners) = if for_small.count_ones() <= for_large.count_ones() {
        (small, for_small)
    } else {
        (large, for_large)
    };
    while partners != 0 {
        let w = partners.trailing_zeros();
        partners &= partners - 1;
        let (a, b) = (fixed.min(w), fixed.max(w));
        expand(
            unused & !(1 << a) & !(1 << b),
            sums & !(1 << (a + b)),
            low + a,
            ways.either(b - a),
            base,
            out,
        );
    }
}

/// The first-row sums R1 with R1 > R2 (each essentially different puzzle once) at which the
/// 2×n pair (R1, total − R1; `cols`) has exactly one table.
pub fn unique_first_rows(cols: &[u32]) -> Vec<u32> {
    let n = cols.len() as u32;
    let total = n * (2 * n + 1);
    let base = tri(n);
    let mut once = tables_by_first_row(cols).exactly_one();
    let mut out = Vec::new();
    while once != 0 {
        let k = once.trailing_zeros();
        once &= once - 1;
        let r1 = base + k;
        if 2 * r1 > total {
            out.push(r1);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every 2×n table of 1..2n, by permutations: capped counts of tables per (R1, sorted C).
    fn brute(n: usize) -> std::collections::HashMap<Vec<u32>, Capped> {
        let top = 2 * n as u32;
        let mut perm: Vec<u32> = (1..=top).collect();
        let mut by_cols: std::collections::HashMap<Vec<u32>, Capped> = Default::default();
        loop {
            let mut cols: Vec<u32> = (0..n).map(|j| perm[j] + perm[n + j]).collect();
            let r1: u32 = perm[..n].iter().sum();
            cols.sort_unstable_by(|a, b| b.cmp(a));
            // Only tables whose columns are in decreasing order of sum (one per matching
            // and orientation when the sums are distinct).
            let ordered = (0..n).all(|j| perm[j] + perm[n + j] == cols[j]);
            if ordered && cols.windows(2).all(|w| w[0] > w[1]) {
                let e = by_cols.entry(cols).or_default();
                e.add(Capped {
                    some: 1 << (r1 - tri(n as u32)),
                    many: 0,
                });
            }
            if !crate::next_permutation(&mut perm) {
                break;
            }
        }
        by_cols
    }

    #[test]
    fn capped_counts_match_every_table() {
        for n in 2..=5 {
            let all = brute(n);
            assert!(!all.is_empty());
            for (cols, want) in &all {
                assert_eq!(tables_by_first_row(cols), *want, "2×{n} cols {cols:?}");
            }
        }
    }

    #[test]
    fn column_sums_no_pairing_reaches_count_nothing() {
        // 2×3 of 1..6: sums 11, 10, 0 cannot be made; repeated sums are refused.
        assert_eq!(tables_by_first_row(&[11, 10, 0]), Capped::default());
        assert_eq!(tables_by_first_row(&[7, 7, 7]), Capped::default());
        assert_eq!(tables_by_first_row(&[3, 2, 16]), Capped::default());
    }
}
