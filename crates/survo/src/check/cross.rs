//! The second method's fast decider: the tables of one margin pair, counted up to a second, as
//! pairs of crossing line sets, with value cover forcing.
//!
//! A table is the same thing as a choice of one set of values per line (row i: n values of
//! sum R_i; column j: m values of sum C_j) such that the row sets are disjoint, the column
//! sets are disjoint, and every row set meets every column set in exactly one value (the cell
//! where they cross): the row sets then partition 1..mn (mn values in m disjoint sets of n),
//! so do the column sets, and the value of cell (i, j) is the one value of row i's set in
//! column j's. Conversely a table gives its rows' and columns' value sets. So the tables of a
//! pair are counted by choosing line sets.
//!
//! The search keeps, for each open line, the sets of its size and sum still possible: disjoint
//! from every set chosen on its own side, meeting every set chosen on the other side exactly
//! once. Choosing a set for a line filters every other open line's candidates so. A line left
//! with no candidate ends the branch. Beside that, **value cover** (not in the first method's
//! solver): on each side every value not yet in a chosen set must be in the set some open line
//! of that side will choose, so it must lie in some open line's candidates (else the branch
//! ends), and a value in the candidates of one open line only must be in the set that line
//! chooses (its candidates are cut to those holding every such value before branching). The
//! line branched on is the one with the fewest candidates after that cut, rows before columns
//! on a tie. Every table is reached exactly once (a table fixes each line's set), every branch
//! cut has no table below it, so the count is exact up to where the search stops: at a second
//! table, or at a first table with a 2×2 trade ([`trades::has_trade`](super::trades::has_trade)),
//! which has a second table though it was not found.
//!
//! A line's candidates are a bitset over its root list (every set of its size and sum), and each
//! list keeps, per value, the bitset of its sets holding the value: keeping the sets disjoint
//! from a chosen set, or meeting it once, is then a few word operations per value of the set
//! over the words where candidates remain, rather than a test of every set. (It first kept the
//! candidates as plain vectors of sets, filtered one by one; the bitsets visit the same nodes in
//! the same order, checked by the per-item node counts of whole 3×8 and 4×6 units; with the
//! counting loops compiled for `popcnt` as well (module `words`) they take 0.62 of the CPU on 3×8
//! units and 0.79 on 4×6, BENCHMARKS.md.)
//!
//! Shares no code with [`crate::solver`] (the first method's decider, which rests on the same
//! fact about line sets and also keeps bitsets over lists, but has no value cover, so branches
//! on other counts, and stops at a limit of tables rather than at a trade): the lists, bitsets and search here are this module's own.

use super::trades::has_trade;

/// A set of values 1..=64: value v is bit v − 1.
type Values = u64;

/// Every `size`-subset of 1..=`top`, grouped by its sum (index = sum).
fn sets_by_sum(size: usize, top: usize) -> Vec<Vec<Values>> {
    let most: usize = (top + 1 - size.min(top)..=top).sum();
    let mut by_sum = vec![Vec::new(); most + 1];
    // Grow every set by its next larger value, so each set is built once.
    let mut partial: Vec<(Values, usize, usize)> = vec![(0, 0, 0)]; // (set, largest, sum)
    for _ in 0..size {
        let mut next = Vec::with_capacity(partial.len() * 4);
        for &(set, largest, sum) in &partial {
            for v in largest + 1..=top {
                next.push((set | 1 << (v - 1), v, sum + v));
            }
        }
        partial = next;
    }
    if size <= top {
        for (set, _, sum) in partial {
            by_sum[sum].push(set);
        }
    }
    by_sum
}

/// One root list: every set of one side's size and one sum, with, per value, the bitset of
/// the list's positions holding it (a candidate set of a line is a bit over its list).
#[derive(Clone, Copy, Default)]
struct List {
    /// The sets' start in [`Crossing::sets`] and their number.
    start: usize,
    len: usize,
    /// Words per bitset over the list.
    words: usize,
    /// Value v (0-based bit)'s bitset: words `[holding + v·words ..][..words]` of
    /// [`Crossing::holding`].
    holding: usize,
    /// The union of the list's sets.
    reach: Values,
}

/// A line's candidates at one level: a bitset over its root list whose nonzero words all lie
/// in `lo..hi`, word `w` at `bits[at + w − lo]`, `count` bits set.
#[derive(Clone, Copy, Default)]
struct Cand {
    at: usize,
    lo: usize,
    hi: usize,
    count: usize,
}

/// A decider's buffers, kept between pairs.
#[derive(Default)]
pub struct Crossing {
    m: usize,
    n: usize,
    /// Root lists by sum: a row's (n values), then a column's (m values), for `m`×`n`.
    row_lists: Vec<List>,
    col_lists: Vec<List>,
    /// Every root list's sets, one list after the other.
    sets: Vec<Values>,
    /// Every root list's per-value bitsets ([`List::holding`]).
    holding: Vec<u64>,
    /// Per line: its root list.
    line_list: Vec<List>,
    /// Every level's candidate words, one level after the other; the vector only grows (its
    /// words past `top` are old, overwritten before they are read), so a level never pays for
    /// zeroing.
    bits: Vec<u64>,
    top: usize,
    /// Per level and line (rows, then columns): its candidates (count 0 for a chosen line).
    cands: Vec<Cand>,
    /// Per level and line: the union of its candidates (the values it can still take).
    reach: Vec<Values>,
    /// Per line: its chosen set, 0 while open.
    chosen: Vec<Values>,
    /// Scratch of one filtering: per word, the candidates holding one value of the chosen set,
    /// and those holding two or more.
    once: Vec<u64>,
    twice: Vec<u64>,
    table: Vec<u32>,
    /// The tables found, row-major, one after the other.
    found: Vec<u32>,
    several: bool,
    nodes: u64,
}

/// Below this many candidates a line's reach is the union of its sets, taken one by one;
/// above it, each value's bitset is tested word by word until it meets the candidates.
const FEW: usize = 48;

impl Crossing {
    /// The number of tables of the pair (`rows` and `cols`, any order), capped at two (two: a
    /// second table was found, or the first has a trade). The tables found are then in
    /// [`Crossing::tables`], row i holding sum `rows[i]`.
    pub fn decide(&mut self, rows: &[u32], cols: &[u32]) -> u64 {
        let (m, n) = (rows.len(), cols.len());
        assert!(m >= 1 && n >= 1 && m * n <= 64);
        if (m, n) != (self.m, self.n) || self.row_lists.is_empty() {
            self.m = m;
            self.n = n;
            self.sets.clear();
            self.holding.clear();
            self.row_lists = self.place(sets_by_sum(n, m * n), m * n);
            self.col_lists = self.place(sets_by_sum(m, m * n), m * n);
        }
        self.found.clear();
        self.several = false;
        self.top = 0;
        self.cands.clear();
        self.reach.clear();
        self.line_list.clear();
        self.chosen.clear();
        self.chosen.resize(m + n, 0);
        for (line, &sum) in rows.iter().chain(cols).enumerate() {
            let lists = if line < m {
                &self.row_lists
            } else {
                &self.col_lists
            };
            let list = match lists.get(sum as usize) {
                Some(&list) if list.len > 0 => list,
                _ => return 0,
            };
            // The root's candidates: the whole list.
            let at = self.top;
            self.top += list.words;
            if self.bits.len() < self.top {
                self.bits.resize(self.top, 0);
            }
            self.bits[at..self.top].fill(u64::MAX);
            if list.len % 64 != 0 {
                self.bits[self.top - 1] = (1 << (list.len % 64)) - 1;
            }
            self.line_list.push(list);
            self.cands.push(Cand {
                at,
                lo: 0,
                hi: list.words,
                count: list.len,
            });
            self.reach.push(list.reach);
        }
        self.go(0);
        if self.several {
            2
        } else {
            (self.found.len() / (m * n)) as u64
        }
    }

    /// Appends each sum's sets and their per-value bitsets; the lists by sum.
    fn place(&mut self, by_sum: Vec<Vec<Values>>, values: usize) -> Vec<List> {
        by_sum
            .into_iter()
            .map(|list| {
                let words = list.len().div_ceil(64);
                let holding = self.holding.len();
                self.holding.resize(holding + values * words, 0);
                for (k, &set) in list.iter().enumerate() {
                    let mut left = set;
                    while left != 0 {
                        let v = left.trailing_zeros() as usize;
                        left &= left - 1;
                        self.holding[holding + v * words + k / 64] |= 1 << (k % 64);
                    }
                }
                let start = self.sets.len();
                self.sets.extend_from_slice(&list);
                List {
                    start,
                    len: list.len(),
                    words,
                    holding,
                    reach: list.iter().fold(0, |acc, &s| acc | s),
                }
            })
            .collect()
    }

    /// The tables found by the last [`Crossing::decide`], row-major.
    pub fn tables(&self) -> impl Iterator<Item = &[u32]> {
        self.found.chunks_exact((self.m * self.n).max(1))
    }

    /// Search nodes visited so far (over every pair decided).
    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    /// Word `w` of `cand`'s candidates that hold every value of `need` (a bitset over `list`).
    #[inline]
    fn holding_all(&self, list: &List, cand: &Cand, w: usize, need: Values) -> u64 {
        words::holding_every(
            self.bits[cand.at + w - cand.lo],
            &self.holding,
            list.holding + w,
            list.words,
            need,
        )
    }

    /// Searches below the level whose candidates start at `level · (m + n)`; true to stop.
    fn go(&mut self, level: usize) -> bool {
        self.nodes += 1;
        let (m, n) = (self.m, self.n);
        let lines = m + n;
        let base = level * lines;
        let all: Values = if m * n == 64 {
            u64::MAX
        } else {
            (1 << (m * n)) - 1
        };
        // Value cover, per side: the values still to place, and those only one open line can
        // take (their line must take them).
        let mut must: [Values; 64 + 1] = [0; 65];
        let mut best: Option<(usize, usize)> = None; // (candidates, line)
        for side in 0..2 {
            let range = if side == 0 { 0..m } else { m..lines };
            let mut placed: Values = 0;
            let (mut once, mut twice): (Values, Values) = (0, 0);
            for line in range.clone() {
                if self.chosen[line] != 0 {
                    placed |= self.chosen[line];
                    continue;
                }
                let reach = self.reach[base + line];
                twice |= once & reach;
                once |= reach;
                must[line] = reach; // kept to find the line's own values below
            }
            let open_values = all & !placed;
            if once & open_values != open_values {
                return false;
            }
            let single = once & !twice & open_values;
            for line in range {
                if self.chosen[line] != 0 {
                    continue;
                }
                let need = must[line] & single;
                must[line] = need;
                let cand = self.cands[base + line];
                let count = if need == 0 {
                    cand.count
                } else {
                    let list = self.line_list[line];
                    words::count_holding(
                        &self.bits[cand.at..][..cand.hi - cand.lo],
                        &self.holding[list.holding + cand.lo..],
                        list.words,
                        need,
                    )
                };
                if count == 0 {
                    return false;
                }
                if best.is_none_or(|(c, _)| count < c) {
                    best = Some((count, line));
                }
            }
        }
        let Some((_, line)) = best else {
            return self.table_found();
        };
        let need = must[line];
        let cand = self.cands[base + line];
        let list = self.line_list[line];
        // The other open lines, fewest candidates first: a branch with no table most often
        // empties a short list, found before the long ones are filtered.
        let mut order = [0u8; 64];
        let mut open = 0;
        for other in 0..lines {
            if other != line && self.chosen[other] == 0 {
                order[open] = other as u8;
                open += 1;
            }
        }
        order[..open].sort_unstable_by_key(|&o| self.cands[base + o as usize].count);
        for w in cand.lo..cand.hi {
            let mut word = self.holding_all(&list, &cand, w, need);
            while word != 0 {
                let k = w * 64 + word.trailing_zeros() as usize;
                word &= word - 1;
                let set = self.sets[list.start + k];
                if self.child(level, line, set, &order[..open]) {
                    return true;
                }
            }
        }
        false
    }

    /// Chooses `set` for `line` at `level`: the next level's candidates of the `others` (every
    /// other open line, in order), then the search below it; true to stop.
    fn child(&mut self, level: usize, line: usize, set: Values, others: &[u8]) -> bool {
        let (m, n) = (self.m, self.n);
        let lines = m + n;
        let base = level * lines;
        let row_side = line < m;
        let top = self.top;
        let next = self.cands.len();
        self.cands.resize(next + lines, Cand::default());
        self.reach.resize(next + lines, 0);
        let mut dead = false;
        for &other in others {
            let other = other as usize;
            let parent = self.cands[base + other];
            let list = self.line_list[other];
            let same = (other < m) == row_side;
            let from = self.top;
            let span = parent.hi - parent.lo;
            if self.bits.len() < from + span {
                self.bits.resize(from + span, 0);
            }
            // Keep the sets disjoint from `set` (same side) or meeting it once (other side):
            // the words of `set`'s values folded into held-once and held-twice masks, value by
            // value over the parent's words (plain loops over slices, which the compiler
            // vectorises), then applied.
            self.once.clear();
            self.once.resize(span, 0);
            self.twice.clear();
            if !same {
                self.twice.resize(span, 0);
            }
            let mut left = set;
            while left != 0 {
                let v = left.trailing_zeros() as usize;
                left &= left - 1;
                let b = &self.holding[list.holding + v * list.words + parent.lo..][..span];
                if same {
                    for (o, &x) in self.once.iter_mut().zip(b) {
                        *o |= x;
                    }
                } else {
                    for ((o, t), &x) in self.once.iter_mut().zip(self.twice.iter_mut()).zip(b) {
                        *t |= *o & x;
                        *o |= x;
                    }
                }
            }
            let (old, new) = self.bits.split_at_mut(from);
            let (lo, hi, count) = words::keep(
                &old[parent.at..][..span],
                &self.once,
                if same { &[] } else { &self.twice },
                &mut new[..span],
            );
            let (lo, hi) = (parent.lo + lo, parent.lo + hi);
            if count == 0 {
                dead = true;
                break;
            }
            let cand = Cand {
                at: from + lo - parent.lo,
                lo,
                hi,
                count,
            };
            self.top = from + hi - parent.lo;
            // The union of the kept sets: within the parent's, and off `set` on the same side.
            let mut left = self.reach[base + other] & if same { !set } else { !0 };
            let mut reach: Values = 0;
            if count <= FEW {
                for w in lo..hi {
                    let mut k = self.bits[cand.at + w - lo];
                    while k != 0 {
                        reach |= self.sets[list.start + w * 64 + k.trailing_zeros() as usize];
                        k &= k - 1;
                    }
                }
            } else {
                for w in lo..hi {
                    let k = self.bits[cand.at + w - lo];
                    if k == 0 {
                        continue;
                    }
                    let mut test = left;
                    while test != 0 {
                        let v = test.trailing_zeros() as usize;
                        test &= test - 1;
                        if self.holding[list.holding + v * list.words + w] & k != 0 {
                            reach |= 1 << v;
                            left &= !(1 << v);
                        }
                    }
                    if left == 0 {
                        break;
                    }
                }
            }
            self.cands[next + other] = cand;
            self.reach[next + other] = reach;
        }
        let mut stop = false;
        if !dead {
            self.chosen[line] = set;
            stop = self.go(level + 1);
            self.chosen[line] = 0;
        }
        self.cands.truncate(next);
        self.reach.truncate(next);
        self.top = top;
        stop
    }

    /// Every line has its set: the table they make; true when the search is to stop.
    fn table_found(&mut self) -> bool {
        let (m, n) = (self.m, self.n);
        self.table.clear();
        for i in 0..m {
            for j in 0..n {
                let cell = self.chosen[i] & self.chosen[m + j];
                debug_assert_eq!(cell.count_ones(), 1);
                self.table.push(cell.trailing_zeros() + 1);
            }
        }
        self.found.extend_from_slice(&self.table);
        if self.found.len() / (m * n) >= 2 || has_trade(&self.table, m, n) {
            self.several = true;
            return true;
        }
        false
    }
}

/// The word loops that count candidates, compiled twice: plain, and with the `popcnt` instruction where the
/// processor has it. The workspace builds for any x86-64, on which `count_ones` is a dozen
/// instructions: on 3×8's long row lists, counting the kept candidates cost as much as
/// finding them.
mod words {
    /// Keeps the candidates of `parent` held by one of the chosen set's values (`once` without
    /// `twice`; with `twice` empty, those held by none: `!once`), into `out`; the first and
    /// end of the nonzero words kept and the candidates kept (first = end = 0 when none).
    #[inline(always)]
    fn keep_body(
        parent: &[u64],
        once: &[u64],
        twice: &[u64],
        out: &mut [u64],
    ) -> (usize, usize, usize) {
        let (mut lo, mut hi, mut count) = (usize::MAX, 0, 0);
        let same = twice.is_empty();
        for (i, (o, &p)) in out.iter_mut().zip(parent).enumerate() {
            let keep = if same { !once[i] } else { once[i] & !twice[i] };
            let k = p & keep;
            *o = k;
            if k != 0 {
                lo = lo.min(i);
                hi = i + 1;
                count += k.count_ones() as usize;
            }
        }
        (lo.min(hi), hi, count)
    }

    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "popcnt")]
    unsafe fn keep_popcnt(
        parent: &[u64],
        once: &[u64],
        twice: &[u64],
        out: &mut [u64],
    ) -> (usize, usize, usize) {
        keep_body(parent, once, twice, out)
    }

    /// The candidates of `cand` holding every value of `need`, where value v's words lie at
    /// `holding[v · stride ..]`, aligned with `cand`.
    #[inline(always)]
    fn count_holding_body(cand: &[u64], holding: &[u64], stride: usize, need: u64) -> usize {
        let mut count = 0;
        for (i, &c) in cand.iter().enumerate() {
            count += holding_every(c, holding, i, stride, need).count_ones() as usize;
        }
        count
    }

    /// The candidates of the word `word` holding every value of `need`, where value v's word
    /// lies at `holding[at + v · stride]`. Stops early once no candidate is left.
    #[inline(always)]
    pub(super) fn holding_every(
        word: u64,
        holding: &[u64],
        at: usize,
        stride: usize,
        need: u64,
    ) -> u64 {
        let mut k = word;
        let mut left = need;
        while left != 0 && k != 0 {
            let v = left.trailing_zeros() as usize;
            left &= left - 1;
            k &= holding[at + v * stride];
        }
        k
    }

    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "popcnt")]
    unsafe fn count_holding_popcnt(
        cand: &[u64],
        holding: &[u64],
        stride: usize,
        need: u64,
    ) -> usize {
        count_holding_body(cand, holding, stride, need)
    }

    /// See [`count_holding_body`].
    pub(super) fn count_holding(cand: &[u64], holding: &[u64], stride: usize, need: u64) -> usize {
        #[cfg(target_arch = "x86_64")]
        if std::arch::is_x86_feature_detected!("popcnt") {
            // SAFETY: as in `keep`.
            return unsafe { count_holding_popcnt(cand, holding, stride, need) };
        }
        count_holding_body(cand, holding, stride, need)
    }

    /// See [`keep_body`].
    pub(super) fn keep(
        parent: &[u64],
        once: &[u64],
        twice: &[u64],
        out: &mut [u64],
    ) -> (usize, usize, usize) {
        #[cfg(target_arch = "x86_64")]
        if std::arch::is_x86_feature_detected!("popcnt") {
            // SAFETY: the processor has the one instruction `keep_popcnt` is compiled to use.
            return unsafe { keep_popcnt(parent, once, twice, out) };
        }
        keep_body(parent, once, twice, out)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sets_by_sum_has_every_subset_once() {
        let by_sum = sets_by_sum(3, 7);
        let all: usize = by_sum.iter().map(Vec::len).sum();
        assert_eq!(all, 35); // C(7, 3)
        for (sum, list) in by_sum.iter().enumerate() {
            for &s in list {
                assert_eq!(s.count_ones(), 3);
                let total: usize = (0..7).filter(|v| s >> v & 1 == 1).map(|v| v + 1).sum();
                assert_eq!(total, sum);
            }
        }
        assert!(sets_by_sum(4, 3).iter().all(Vec::is_empty));
    }
}
