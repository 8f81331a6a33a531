//! Valid lines: balanced, no three equal cells in a row. A line is a bit mask, bit c = cell c
//! (1 = a one). Every complete row and column of a grid is one of these.

/// The largest line length the bit-mask machinery accepts (column pairs fit in a `u128`).
pub const MAX_LINE: usize = 16;

/// Whether `mask` (of `len` cells) has no three equal cells in a row.
pub fn no_three(mask: u32, len: usize) -> bool {
    let all = if len >= 32 {
        u32::MAX
    } else {
        (1u32 << len) - 1
    };
    let ones = mask & all;
    let zeros = !mask & all;
    // A run of three starts at c when bits c, c+1 and c+2 all agree.
    let three = |m: u32| m & (m >> 1) & (m >> 2);
    three(ones) == 0 && three(zeros) == 0
}

/// Every valid line of length `len` (even, at most [`MAX_LINE`]), in increasing order.
pub fn valid_lines(len: usize) -> Vec<u32> {
    assert!(
        len.is_multiple_of(2) && len <= MAX_LINE,
        "line length {len}"
    );
    (0u32..(1u32 << len))
        .filter(|&m| m.count_ones() as usize * 2 == len && no_three(m, len))
        .collect()
}

/// For each line, the pairs of positions (i < j) holding equal values, as bits of a `u128`
/// indexed by [`pair_index`]. Two columns stay equal only while every row agrees on them.
pub fn equal_pairs(line: u32, len: usize) -> u128 {
    let mut out = 0u128;
    for i in 0..len {
        for j in i + 1..len {
            if (line >> i) & 1 == (line >> j) & 1 {
                out |= 1u128 << pair_index(i, j, len);
            }
        }
    }
    out
}

/// The bit of pair (i, j), i < j, among the len·(len−1)/2 pairs.
pub fn pair_index(i: usize, j: usize, len: usize) -> usize {
    i * len - i * (i + 1) / 2 + (j - i - 1)
}

/// All pairs of positions, as a mask.
pub fn all_pairs(len: usize) -> u128 {
    let p = len * len.saturating_sub(1) / 2;
    if p >= 128 {
        u128::MAX
    } else {
        (1u128 << p) - 1
    }
}

/// The line read backwards.
pub fn reverse(line: u32, len: usize) -> u32 {
    line.reverse_bits() >> (32 - len)
}

/// The line with every cell flipped.
pub fn complement(line: u32, len: usize) -> u32 {
    !line & ((1u32 << len) - 1)
}

/// Lines that match forced cells, found fast: for each pair of masks (cells forced to 0,
/// cells forced to 1) the matching lines are listed once, indexed in base 3 (each cell free,
/// forced to 0 or forced to 1). Built only for lines short enough that 3^len stays small.
pub struct Matcher {
    len: usize,
    lines: Vec<u32>,
    /// Base-3 digit weights of each mask: `weight[m]` = Σ 3^c over the cells in m.
    weight: Vec<u32>,
    /// `start[k]..start[k+1]` indexes `hits` for base-3 key k; empty when not tabulated.
    start: Vec<u32>,
    hits: Vec<u16>,
}

/// The longest lines for which the base-3 table is built (3^12 keys, about 2 MB).
const TABLE_LEN: usize = 12;

impl Matcher {
    pub fn new(len: usize) -> Matcher {
        let lines = valid_lines(len);
        if len > TABLE_LEN {
            return Matcher {
                len,
                lines,
                weight: Vec::new(),
                start: Vec::new(),
                hits: Vec::new(),
            };
        }
        let weight: Vec<u32> = (0u32..(1 << len))
            .map(|m| {
                (0..len)
                    .filter(|&c| m >> c & 1 == 1)
                    .map(|c| 3u32.pow(c as u32))
                    .sum()
            })
            .collect();
        let keys = 3usize.pow(len as u32);
        // A line matches the keys whose forced cells agree with it: each cell free or forced
        // to the line's own value there.
        let mut count = vec![0u32; keys + 1];
        let each = |f: &mut dyn FnMut(usize, u16)| {
            for (i, &line) in lines.iter().enumerate() {
                let full = (1u32 << len) - 1;
                let mut sub = full;
                loop {
                    let f1 = sub & line;
                    let f0 = sub & !line & full;
                    f(
                        (weight[f1 as usize] + 2 * weight[f0 as usize]) as usize,
                        i as u16,
                    );
                    if sub == 0 {
                        break;
                    }
                    sub = (sub - 1) & full;
                }
            }
        };
        each(&mut |k, _| count[k + 1] += 1);
        for k in 0..keys {
            count[k + 1] += count[k];
        }
        let start = count.clone();
        let mut fill = count;
        let mut hits = vec![0u16; start[keys] as usize];
        each(&mut |k, i| {
            hits[fill[k] as usize] = i;
            fill[k] += 1;
        });
        Matcher {
            len,
            lines,
            weight,
            start,
            hits,
        }
    }

    pub fn len(&self) -> usize {
        self.len
    }

    pub fn is_empty(&self) -> bool {
        self.lines.is_empty()
    }

    pub fn lines(&self) -> &[u32] {
        &self.lines
    }

    /// Calls `f` with the index of each line that has 0 on `f0` and 1 on `f1`, in increasing
    /// order, until `f` returns false; returns false when stopped that way.
    #[inline]
    pub fn each(&self, f0: u32, f1: u32, mut f: impl FnMut(usize) -> bool) -> bool {
        if self.start.is_empty() {
            for (i, &line) in self.lines.iter().enumerate() {
                if line & f0 == 0 && line & f1 == f1 && !f(i) {
                    return false;
                }
            }
        } else {
            let k = (self.weight[f1 as usize] + 2 * self.weight[f0 as usize]) as usize;
            for &i in &self.hits[self.start[k] as usize..self.start[k + 1] as usize] {
                if !f(i as usize) {
                    return false;
                }
            }
        }
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// OEIS A177790 (valid single lines of length 2k), as listed in shared/data/binary.
    #[test]
    fn line_counts_match_a177790() {
        let counts: Vec<usize> = (1..=8).map(|k| valid_lines(2 * k).len()).collect();
        assert_eq!(counts, vec![2, 6, 14, 34, 84, 208, 518, 1296]);
    }

    #[test]
    fn matcher_agrees_with_a_scan() {
        for len in [4, 6, 8] {
            let m = Matcher::new(len);
            let lines = valid_lines(len);
            let mut rng = wellposed_engine::Xorshift(len as u64 * 77 + 1);
            for _ in 0..500 {
                let a = rng.below(1 << len) as u32;
                let b = rng.below(1 << len) as u32 & !a;
                let mut got = Vec::new();
                m.each(a, b, |i| {
                    got.push(lines[i]);
                    true
                });
                let want: Vec<u32> = lines
                    .iter()
                    .copied()
                    .filter(|&l| l & a == 0 && l & b == b)
                    .collect();
                assert_eq!(got, want);
            }
        }
    }

    #[test]
    fn pairs_are_numbered_densely() {
        let len = 7;
        let mut seen = std::collections::BTreeSet::new();
        for i in 0..len {
            for j in i + 1..len {
                assert!(seen.insert(pair_index(i, j, len)));
            }
        }
        assert_eq!(seen.len(), 21);
        assert_eq!(*seen.iter().max().unwrap(), 20);
        assert_eq!(
            equal_pairs(0b0110, 4),
            1 << pair_index(0, 3, 4) | 1 << pair_index(1, 2, 4)
        );
    }
}
