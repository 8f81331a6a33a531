//! The dedicated Survo solver. A filled table is the same thing as a pair of partitions of
//! 1..mn — one into row sets (row i's values, summing to R_i), one into column sets — in which
//! every row set meets every column set in exactly one value: that value is the cell. So the
//! solver enumerates row partitions, and for each one the column partitions that cross it
//! exactly once everywhere, stopping at a limit.

/// Values are bits of a `u64`: value v is bit v - 1, so tables have at most 64 cells.
pub type Set = u64;

/// The most lines a table of at most 64 cells has (1×64: 65).
const MAX_LINES: usize = 65;

/// All `k`-subsets of 1..=`top` with each sum, indexed by sum.
pub fn subsets_by_sum(k: usize, top: usize) -> Vec<Vec<Set>> {
    let max_sum = (top - k + 1..=top).sum::<usize>();
    let mut out = vec![Vec::new(); max_sum + 1];
    fn go(from: usize, top: usize, left: usize, sum: usize, set: Set, out: &mut Vec<Vec<Set>>) {
        if left == 0 {
            out[sum].push(set);
            return;
        }
        // The largest `left` values still available must fit below `top`.
        for v in from..=top + 1 - left {
            go(v + 1, top, left - 1, sum + v, set | 1 << (v - 1), out);
        }
    }
    if k <= top {
        go(1, top, k, 0, 0, &mut out);
    }
    out
}

/// A Survo problem in solver form: margins and, per cell, an optional given value.
#[derive(Clone, Debug)]
pub struct Problem<'a> {
    pub m: usize,
    pub n: usize,
    pub rows: &'a [u32],
    pub cols: &'a [u32],
    /// Row-major givens (0 = open).
    pub givens: &'a [u32],
}

/// The sets of one side's lines (rows: `size` = n values each; columns: m), indexed by sum,
/// with, for each sum and value, the bitset of the positions in that sum's list of the sets
/// holding the value: a line's candidates are a bitset over its sum's list, so keeping the
/// sets that avoid, or meet once, a chosen set is a few word operations per value.
pub struct Side {
    /// Sets by sum.
    pub sets: Vec<Vec<Set>>,
    /// By sum: words per bitset.
    words: Vec<usize>,
    /// By sum: for value v (1-based), words `[(v − 1)·words ..][..words]`.
    has: Vec<Vec<u64>>,
}

impl Side {
    fn new(size: usize, top: usize) -> Side {
        let sets = subsets_by_sum(size, top);
        let words: Vec<usize> = sets.iter().map(|l| l.len().div_ceil(64)).collect();
        let has = sets
            .iter()
            .zip(&words)
            .map(|(list, &w)| {
                let mut bits = vec![0u64; top * w];
                for (k, &set) in list.iter().enumerate() {
                    for v in 0..top {
                        if set >> v & 1 == 1 {
                            bits[v * w + k / 64] |= 1 << (k % 64);
                        }
                    }
                }
                bits
            })
            .collect();
        Side { sets, words, has }
    }
}

/// Subset tables shared across many problems of one size (the enumeration reuses them).
pub struct Tables {
    pub rows: Side,
    pub cols: Side,
}

impl Tables {
    pub fn new(m: usize, n: usize) -> Tables {
        Tables {
            rows: Side::new(n, m * n),
            cols: Side::new(m, m * n),
        }
    }
}

/// Visits solutions as tables (row-major values) until `visit` returns false or `limit`
/// solutions were seen. Returns the number seen. (A one-off [`Solver`].)
pub fn solve(p: &Problem, t: &Tables, limit: u64, visit: impl FnMut(&[u32]) -> bool) -> u64 {
    Solver::default().solve(p, t, limit, visit)
}

/// The search, with its buffers kept between problems (an enumeration solves millions).
///
/// Rows and columns are both "lines". A line's candidates are the sets of its sum that are
/// still possible, as a bitset over its sum's list. The search always extends the line with
/// the fewest candidates; choosing a set for it keeps, on every open line, only the sets
/// that could still go with it: disjoint from it on the same side, meeting it in exactly one
/// value on the other side. A line left without candidates ends the branch. Each level's
/// bitsets live on one stack, cut back on return.
#[derive(Default)]
pub struct Solver {
    /// Per line: its sum (index into the side's lists), first word in a level, words.
    sum: Vec<usize>,
    offset: Vec<usize>,
    words: Vec<usize>,
    /// Words of one level (all lines).
    level_words: usize,
    alive: Vec<u64>,
    /// Given values per line (rows, then columns).
    given: Vec<Set>,
    chosen: Vec<Set>,
    open: Vec<bool>,
    table: Vec<u32>,
    /// Scratch words: candidates of a line holding two values of the set just chosen.
    twice: Vec<u64>,
    /// Nodes of the last search (sets chosen, the root included): its cost, counted.
    nodes: u64,
}

impl Solver {
    /// The nodes of the last search: a measure of its cost that does not depend on the
    /// machine or its load.
    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    pub fn solve(
        &mut self,
        p: &Problem,
        t: &Tables,
        limit: u64,
        mut visit: impl FnMut(&[u32]) -> bool,
    ) -> u64 {
        let (m, n) = (p.m, p.n);
        let lines = m + n;
        self.nodes = 0;
        // Givens per line (rows, then columns), and all of them.
        let given = &mut self.given;
        given.clear();
        given.resize(lines, 0);
        let mut all_given: Set = 0;
        for (k, &g) in p.givens.iter().enumerate() {
            if g > 0 {
                let b: Set = 1 << (g - 1);
                given[k / n] |= b;
                given[m + k % n] |= b;
                all_given |= b;
            }
        }
        self.sum.clear();
        self.offset.clear();
        self.words.clear();
        let mut at = 0;
        for line in 0..lines {
            let (side, sum) = if line < m {
                (&t.rows, p.rows[line] as usize)
            } else {
                (&t.cols, p.cols[line - m] as usize)
            };
            let w = side.words.get(sum).copied().unwrap_or(0);
            if w == 0 || limit == 0 {
                return 0;
            }
            self.sum.push(sum);
            self.offset.push(at);
            self.words.push(w);
            at += w;
        }
        self.level_words = at;
        let widest = self.words.iter().copied().max().unwrap_or(0);
        if self.twice.len() < widest {
            self.twice.resize(widest, 0);
        }
        self.alive.clear();
        self.alive.resize(at, 0);
        for (line, &here) in self.given.iter().enumerate() {
            let side = if line < m { &t.rows } else { &t.cols };
            let (sum, w, off) = (self.sum[line], self.words[line], self.offset[line]);
            let len = side.sets[sum].len();
            let has = &side.has[sum];
            let (must, must_not) = (here, all_given & !here);
            let mut any = 0;
            for k in 0..w {
                let mut word = if (k + 1) * 64 <= len {
                    u64::MAX
                } else {
                    (1u64 << (len - k * 64)) - 1
                };
                // Only the given values filter (none in an open puzzle).
                let mut values = must | must_not;
                while values != 0 {
                    let v = values.trailing_zeros() as usize;
                    values &= values - 1;
                    if must >> v & 1 == 1 {
                        word &= has[v * w + k];
                    } else {
                        word &= !has[v * w + k];
                    }
                }
                self.alive[off + k] = word;
                any |= word;
            }
            if any == 0 {
                return 0;
            }
        }
        self.chosen.clear();
        self.chosen.resize(lines, 0);
        self.open.clear();
        self.open.resize(lines, true);
        self.table.clear();
        self.table.resize(m * n, 0);
        let mut run = Run {
            s: self,
            t,
            m,
            n,
            found: 0,
            nodes: 0,
            limit,
            visit: &mut visit,
        };
        run.dfs(0);
        let found = run.found;
        self.nodes = run.nodes;
        found
    }
}

struct Run<'a, V: FnMut(&[u32]) -> bool> {
    s: &'a mut Solver,
    t: &'a Tables,
    m: usize,
    n: usize,
    found: u64,
    nodes: u64,
    limit: u64,
    visit: &'a mut V,
}

impl<V: FnMut(&[u32]) -> bool> Run<'_, V> {
    /// Level `level`'s bitsets are `alive[level·level_words ..][..level_words]`. Returns false
    /// to stop.
    fn dfs(&mut self, level: usize) -> bool {
        self.nodes += 1;
        let lines = self.m + self.n;
        let lw = self.s.level_words;
        let at = level * lw;
        let count = |s: &Solver, l: usize| -> u32 {
            let off = at + s.offset[l];
            s.alive[off..off + s.words[l]]
                .iter()
                .map(|w| w.count_ones())
                .sum()
        };
        // The open lines by their number of candidates: the fewest is branched on, and the
        // others are filtered in that order, so that a candidate that empties a line is
        // dropped after as little work as possible.
        let mut order = [(0u32, 0u8); MAX_LINES];
        let mut open = 0;
        for l in (0..lines).filter(|&l| self.s.open[l]) {
            order[open] = (count(self.s, l), l as u8);
            open += 1;
        }
        if open == 0 {
            return self.emit();
        }
        let order = &mut order[..open];
        order.sort_unstable();
        let line = order[0].1 as usize;
        let is_row = line < self.m;
        let side = if is_row { &self.t.rows } else { &self.t.cols };
        let list = &side.sets[self.s.sum[line]];
        self.s.open[line] = false;
        let next = at + lw;
        if self.s.alive.len() < next + lw {
            self.s.alive.resize(next + lw, 0);
        }
        let mut keep_going = true;
        let (off, w) = (self.s.offset[line], self.s.words[line]);
        'candidates: for k in 0..w {
            let mut word = self.s.alive[at + off + k];
            while word != 0 {
                let chosen = list[k * 64 + word.trailing_zeros() as usize];
                word &= word - 1;
                let mut dead = false;
                for &(_, other) in &order[1..] {
                    let other = other as usize;
                    let same_side = (other < self.m) == is_row;
                    let oside = if other < self.m {
                        &self.t.rows
                    } else {
                        &self.t.cols
                    };
                    let (ooff, ow) = (self.s.offset[other], self.s.words[other]);
                    let has = &oside.has[self.s.sum[other]];
                    let (before, after) = self.s.alive.split_at_mut(next);
                    let now = &before[at + ooff..at + ooff + ow];
                    let kept = &mut after[ooff..ooff + ow];
                    // Value by value over whole rows of words (contiguous, so the loops
                    // vectorise): `kept` gathers the candidates holding a chosen value, and
                    // `twice` those holding two. The first two values are written rather than
                    // added to cleared rows (clearing them was 7% of a 5×5 unit's time).
                    let twice = &mut self.s.twice[..ow];
                    let mut values = chosen;
                    if values.count_ones() >= 2 {
                        let a = values.trailing_zeros() as usize;
                        values &= values - 1;
                        let b = values.trailing_zeros() as usize;
                        values &= values - 1;
                        let (ha, hb) = (&has[a * ow..(a + 1) * ow], &has[b * ow..(b + 1) * ow]);
                        if same_side {
                            for ((once, &x), &y) in kept.iter_mut().zip(ha).zip(hb) {
                                *once = x | y;
                            }
                        } else {
                            for (((once, twice), &x), &y) in
                                kept.iter_mut().zip(twice.iter_mut()).zip(ha).zip(hb)
                            {
                                *once = x | y;
                                *twice = x & y;
                            }
                        }
                    } else {
                        kept.fill(0);
                        // Read only across sides (a same-side candidate must avoid every value).
                        if !same_side {
                            twice.fill(0);
                        }
                    }
                    while values != 0 {
                        let v = values.trailing_zeros() as usize;
                        values &= values - 1;
                        let h = &has[v * ow..(v + 1) * ow];
                        if same_side {
                            // Disjoint from the chosen set: no count of two is needed.
                            for (once, &h) in kept.iter_mut().zip(h) {
                                *once |= h;
                            }
                        } else {
                            for ((once, twice), &h) in kept.iter_mut().zip(twice.iter_mut()).zip(h)
                            {
                                *twice |= *once & h;
                                *once |= h;
                            }
                        }
                    }
                    let mut any = 0;
                    if same_side {
                        for (kept, &now) in kept.iter_mut().zip(now) {
                            *kept = now & !*kept;
                            any |= *kept;
                        }
                    } else {
                        for ((kept, &now), &twice) in kept.iter_mut().zip(now).zip(twice.iter()) {
                            *kept = now & *kept & !twice;
                            any |= *kept;
                        }
                    }
                    if any == 0 {
                        dead = true;
                        break;
                    }
                }
                if !dead {
                    self.s.chosen[line] = chosen;
                    keep_going = self.dfs(level + 1);
                    if !keep_going {
                        break 'candidates;
                    }
                }
            }
        }
        self.s.open[line] = true;
        keep_going
    }

    fn emit(&mut self) -> bool {
        let (m, n) = (self.m, self.n);
        for i in 0..m {
            for j in 0..n {
                self.s.table[i * n + j] =
                    (self.s.chosen[i] & self.s.chosen[m + j]).trailing_zeros() + 1;
            }
        }
        self.found += 1;
        (self.visit)(&self.s.table) && self.found < self.limit
    }
}
