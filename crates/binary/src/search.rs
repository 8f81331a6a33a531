//! The dedicated solver: rows are chosen one at a time from the valid lines, with every
//! column's state kept as bit masks, so a candidate row is looked up rather than tried.
//!
//! Before row r the state says, per column, its last two cells and how many ones it holds.
//! A column whose last two cells agree forces the opposite value; a column that already holds
//! its h/2 ones forces 0, one with h/2 zeros forces 1; givens force their cells. The lines
//! matching those forced cells come from the [`Matcher`] table. Distinct rows: a line already
//! used is skipped. Distinct columns: the pairs of columns equal so far are a mask that every
//! row narrows; it must be empty at the end.

use crate::lines::{self, Matcher};

/// Bit planes of per-column counters: column c's count is Σ_k bit c of plane k · 2^k.
const PLANES: usize = 5;

/// The largest height the counters hold (a column's ones count reaches h/2 < 2^PLANES).
pub const MAX_HEIGHT: usize = 2 * ((1 << PLANES) - 1);

/// One search problem: a shape, the rule set and the givens (per row: cells given 0, given 1).
pub struct Search<'m> {
    pub width: usize,
    pub height: usize,
    pub distinct: bool,
    matcher: &'m Matcher,
    given0: Vec<u32>,
    given1: Vec<u32>,
    equal_pairs: Vec<u128>,
}

/// The state before a row is placed.
#[derive(Clone, Copy)]
struct State {
    prev1: u32,
    prev2: u32,
    planes: [u32; PLANES],
    equal: u128,
}

impl<'m> Search<'m> {
    /// `matcher` must be for lines of length `width`; `given0`/`given1` have `height` masks.
    pub fn new(
        matcher: &'m Matcher,
        height: usize,
        distinct: bool,
        given0: Vec<u32>,
        given1: Vec<u32>,
    ) -> Search<'m> {
        let width = matcher.len();
        assert!(height.is_multiple_of(2) && height <= MAX_HEIGHT && width <= lines::MAX_LINE);
        assert!(given0.len() == height && given1.len() == height);
        let equal_pairs = matcher
            .lines()
            .iter()
            .map(|&l| lines::equal_pairs(l, width))
            .collect();
        Search {
            width,
            height,
            distinct,
            matcher,
            given0,
            given1,
            equal_pairs,
        }
    }

    /// The empty puzzle of a shape.
    pub fn empty(matcher: &'m Matcher, height: usize, distinct: bool) -> Search<'m> {
        Search::new(matcher, height, distinct, vec![0; height], vec![0; height])
    }

    fn all(&self) -> u32 {
        (1u32 << self.width) - 1
    }

    fn start(&self) -> State {
        State {
            prev1: 0,
            prev2: 0,
            planes: [0; PLANES],
            equal: if self.distinct {
                lines::all_pairs(self.width)
            } else {
                0
            },
        }
    }

    /// Columns whose counter equals `k`.
    #[inline]
    fn equal_count(&self, planes: &[u32; PLANES], k: usize) -> u32 {
        let mut m = self.all();
        for (b, p) in planes.iter().enumerate() {
            m &= if k >> b & 1 == 1 { *p } else { !*p };
        }
        m
    }

    /// Cells forced to 0 and to 1 in row `r`, or `None` when a cell is forced both ways.
    #[inline]
    fn forced(&self, r: usize, s: &State) -> Option<(u32, u32)> {
        let half = self.height / 2;
        let mut f0 = self.given0[r] | self.equal_count(&s.planes, half);
        let mut f1 = self.given1[r];
        if r >= half {
            f1 |= self.equal_count(&s.planes, r - half);
        }
        if r >= 2 {
            let same = !(s.prev1 ^ s.prev2) & self.all();
            f0 |= same & s.prev1;
            f1 |= same & !s.prev1;
        }
        (f0 & f1 == 0).then_some((f0, f1))
    }

    #[inline]
    fn place(&self, s: &State, i: usize) -> State {
        let line = self.matcher.lines()[i];
        let mut planes = s.planes;
        let mut carry = line;
        for p in planes.iter_mut() {
            let t = *p & carry;
            *p ^= carry;
            carry = t;
        }
        State {
            prev1: line,
            prev2: s.prev1,
            planes,
            equal: s.equal & self.equal_pairs[i],
        }
    }

    /// Visits complete grids (rows as masks) in lexicographic order of line indices until
    /// `visit` returns false; returns false when stopped that way.
    pub fn run(&self, mut visit: impl FnMut(&[u32]) -> bool) -> bool {
        let mut used = vec![0u64; self.matcher.lines().len().div_ceil(64)];
        let mut rows = Vec::with_capacity(self.height);
        self.go(0, self.start(), &mut used, &mut rows, &mut visit)
    }

    /// The number of complete grids, stopping once `stop` are found (then the count is `stop`).
    pub fn count(&self, stop: u64) -> u64 {
        let mut n = 0u64;
        self.run(|_| {
            n += 1;
            n < stop
        });
        n
    }

    /// Like [`Search::run`], from fixed first rows (line indices), which must be consistent.
    pub fn run_from(&self, first: &[usize], mut visit: impl FnMut(&[u32]) -> bool) -> bool {
        let mut used = vec![0u64; self.matcher.lines().len().div_ceil(64)];
        let mut rows = Vec::with_capacity(self.height);
        let mut s = self.start();
        for (r, &i) in first.iter().enumerate() {
            let Some((f0, f1)) = self.forced(r, &s) else {
                return true;
            };
            let line = self.matcher.lines()[i];
            if line & f0 != 0
                || line & f1 != f1
                || (self.distinct && used[i >> 6] >> (i & 63) & 1 == 1)
            {
                return true;
            }
            used[i >> 6] |= 1 << (i & 63);
            rows.push(line);
            s = self.place(&s, i);
        }
        self.go(first.len(), s, &mut used, &mut rows, &mut visit)
    }

    fn go<F: FnMut(&[u32]) -> bool>(
        &self,
        r: usize,
        s: State,
        used: &mut [u64],
        rows: &mut Vec<u32>,
        visit: &mut F,
    ) -> bool {
        if r == self.height {
            return if s.equal != 0 { true } else { visit(rows) };
        }
        let Some((f0, f1)) = self.forced(r, &s) else {
            return true;
        };
        self.matcher.each(f0, f1, |i| {
            if self.distinct {
                if used[i >> 6] >> (i & 63) & 1 == 1 {
                    return true;
                }
                used[i >> 6] |= 1 << (i & 63);
            }
            rows.push(self.matcher.lines()[i]);
            let more = self.go(r + 1, self.place(&s, i), used, rows, visit);
            rows.pop();
            if self.distinct {
                used[i >> 6] &= !(1 << (i & 63));
            }
            more
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every 0-1 grid of a small shape, checked cell by cell against the rules.
    fn brute(w: usize, h: usize, distinct: bool) -> u64 {
        let mut n = 0;
        for bits in 0u64..(1 << (w * h)) {
            let cell = |r: usize, c: usize| (bits >> (r * w + c) & 1) as u32;
            let rows: Vec<u32> = (0..h)
                .map(|r| (0..w).map(|c| cell(r, c) << c).sum())
                .collect();
            let cols: Vec<u32> = (0..w)
                .map(|c| (0..h).map(|r| cell(r, c) << r).sum())
                .collect();
            let ok_rows = rows
                .iter()
                .all(|&l| l.count_ones() as usize * 2 == w && lines::no_three(l, w));
            let ok_cols = cols
                .iter()
                .all(|&l| l.count_ones() as usize * 2 == h && lines::no_three(l, h));
            let differ = |v: &[u32]| (0..v.len()).all(|i| (i + 1..v.len()).all(|j| v[i] != v[j]));
            if ok_rows && ok_cols && (!distinct || (differ(&rows) && differ(&cols))) {
                n += 1;
            }
        }
        n
    }

    #[test]
    fn search_counts_equal_brute_force() {
        for (w, h) in [(2, 2), (4, 2), (2, 4), (4, 4), (6, 2), (4, 6), (6, 4)] {
            let m = Matcher::new(w);
            for distinct in [false, true] {
                let got = Search::empty(&m, h, distinct).count(u64::MAX);
                assert_eq!(got, brute(w, h, distinct), "{w}x{h} distinct={distinct}");
            }
        }
    }
}
