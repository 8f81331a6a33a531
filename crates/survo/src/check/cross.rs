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
//! Shares no code with [`crate::solver`] (the first method's decider, which rests on the same
//! fact about line sets but keeps its candidates as bitsets over lists and has no value cover):
//! the candidate lists are this module's own, filtered into a stack of plain vectors.

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

/// A decider's buffers, kept between pairs.
#[derive(Default)]
pub struct Crossing {
    m: usize,
    n: usize,
    /// Where the sets of a row (n values) and of a column (m values) of each sum lie in
    /// `stack`, and their union, for `m`×`n`: the root's candidates, never copied.
    row_sets: Vec<((usize, usize), Values)>,
    col_sets: Vec<((usize, usize), Values)>,
    /// Every line's sets by sum (the first `lists` entries, kept between pairs), then the
    /// candidate sets of every level's open lines below the root, one level after the other.
    stack: Vec<Values>,
    lists: usize,
    /// The end of what `stack` holds now: the vector itself only grows (its slots past `top`
    /// are old values, overwritten before they are read), so a level never pays for zeroing.
    top: usize,
    /// Per level and line (rows, then columns): its candidates' start and end in `stack`
    /// (empty for a chosen line).
    spans: Vec<(usize, usize)>,
    /// Per level and line: the union of its candidates (the values it can still take).
    reach: Vec<Values>,
    /// Per line: its chosen set, 0 while open.
    chosen: Vec<Values>,
    table: Vec<u32>,
    /// The tables found, row-major, one after the other.
    found: Vec<u32>,
    several: bool,
    nodes: u64,
}

impl Crossing {
    /// The number of tables of the pair (`rows` and `cols`, any order), capped at two (two: a
    /// second table was found, or the first has a trade). The tables found are then in
    /// [`Crossing::tables`], row i holding sum `rows[i]`.
    pub fn decide(&mut self, rows: &[u32], cols: &[u32]) -> u64 {
        let (m, n) = (rows.len(), cols.len());
        assert!(m >= 1 && n >= 1 && m * n <= 64);
        if (m, n) != (self.m, self.n) || self.row_sets.is_empty() {
            self.m = m;
            self.n = n;
            self.stack.clear();
            let mut place = |by_sum: Vec<Vec<Values>>| -> Vec<((usize, usize), Values)> {
                by_sum
                    .into_iter()
                    .map(|list| {
                        let start = self.stack.len();
                        self.stack.extend_from_slice(&list);
                        let reach = list.iter().fold(0, |acc, &s| acc | s);
                        ((start, self.stack.len()), reach)
                    })
                    .collect()
            };
            self.row_sets = place(sets_by_sum(n, m * n));
            self.col_sets = place(sets_by_sum(m, m * n));
            self.lists = self.stack.len();
        }
        self.found.clear();
        self.several = false;
        self.top = self.lists;
        self.spans.clear();
        self.reach.clear();
        self.chosen.clear();
        self.chosen.resize(m + n, 0);
        for (line, &sum) in rows.iter().chain(cols).enumerate() {
            let lists = if line < m {
                &self.row_sets
            } else {
                &self.col_sets
            };
            match lists.get(sum as usize) {
                Some(&(span, reach)) if span.1 > span.0 => {
                    self.spans.push(span);
                    self.reach.push(reach);
                }
                _ => return 0,
            }
        }
        self.go(0);
        if self.several {
            2
        } else {
            (self.found.len() / (m * n)) as u64
        }
    }

    /// The tables found by the last [`Crossing::decide`], row-major.
    pub fn tables(&self) -> impl Iterator<Item = &[u32]> {
        self.found.chunks_exact((self.m * self.n).max(1))
    }

    /// Search nodes visited so far (over every pair decided).
    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    /// Searches below the level whose spans start at `level · (m + n)`; true to stop.
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
                let (start, end) = self.spans[base + line];
                let count = if need == 0 {
                    end - start
                } else {
                    self.stack[start..end]
                        .iter()
                        .filter(|&&s| s & need == need)
                        .count()
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
        let (start, end) = self.spans[base + line];
        let row_side = line < m;
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
        order[..open].sort_unstable_by_key(|&o| {
            let (s, e) = self.spans[base + o as usize];
            e - s
        });
        for k in start..end {
            let set = self.stack[k];
            if set & need != need {
                continue;
            }
            // The next level: every other open line's candidates that go with `set`
            // (copied without branching: each is written, and kept when it goes).
            let top = self.top;
            let next = self.spans.len();
            self.spans.resize(next + lines, (0, 0));
            self.reach.resize(next + lines, 0);
            let mut dead = false;
            for &other in &order[..open] {
                let other = other as usize;
                let (s, e) = self.spans[base + other];
                let from = self.top;
                if self.stack.len() < from + (e - s) {
                    self.stack.resize(from + (e - s), 0);
                }
                let (old, new) = self.stack.split_at_mut(from);
                let mut kept = 0;
                let mut reach = 0;
                if (other < m) == row_side {
                    for &c in &old[s..e] {
                        new[kept] = c;
                        let keep = c & set == 0;
                        reach |= if keep { c } else { 0 };
                        kept += usize::from(keep);
                    }
                } else {
                    for &c in &old[s..e] {
                        new[kept] = c;
                        let keep = (c & set).count_ones() == 1;
                        reach |= if keep { c } else { 0 };
                        kept += usize::from(keep);
                    }
                }
                self.top = from + kept;
                if kept == 0 {
                    dead = true;
                    break;
                }
                self.spans[next + other] = (from, from + kept);
                self.reach[next + other] = reach;
            }
            let mut stop = false;
            if !dead {
                self.chosen[line] = set;
                stop = self.go(level + 1);
                self.chosen[line] = 0;
            }
            self.spans.truncate(next);
            self.reach.truncate(next);
            self.top = top;
            if stop {
                return true;
            }
        }
        false
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
