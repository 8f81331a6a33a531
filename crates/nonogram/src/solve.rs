//! The native solver: line solving and probing to a fixpoint, then branching on a cell, depth
//! first.
//!
//! Line solving ([`line::solve`]) is exact for one line: it keeps a value of a cell exactly
//! when some placement of that line's runs, consistent with what is known, gives the cell that
//! value. Running it on every line whose cells changed, until nothing changes, is the
//! deduction people do; what it leaves open is settled by trying both values of a cell.

use crate::line::{self, Clue, Options, Scratch, BLACK, EITHER, WHITE};
use crate::Nonogram;
use wellposed_sat::hash::WordMap;

/// What the search found.
pub struct Found {
    /// Up to the number asked for, row-major, true = black.
    pub solutions: Vec<Vec<bool>>,
    pub count: u64,
    /// False when counting stopped at the limit.
    pub complete: bool,
}

/// The lines of a puzzle, with which lines cross each cell.
pub struct Lines {
    pub lines: Vec<(Clue, Vec<usize>)>,
    /// For each cell, its row's line and its column's line.
    pub crossing: Vec<[usize; 2]>,
    /// For each cell, its position in its row's line and in its column's line.
    slot: Vec<[u32; 2]>,
    /// Line k's cells, packed [`CELLS_PER_WORD`] to a word, are words
    /// `word_start[k]..word_start[k + 1]` of a packed board.
    word_start: Vec<usize>,
    width: usize,
}

/// Cells packed in a word of a packed board: two bits each, the cell's [`Options`].
const CELLS_PER_WORD: usize = 32;

impl Lines {
    pub fn new(p: &Nonogram) -> Lines {
        let lines = p.lines();
        let mut crossing = vec![[0usize; 2]; p.width * p.height];
        let mut slot = vec![[0u32; 2]; p.width * p.height];
        let mut word_start = vec![0];
        for (k, (_, cells)) in lines.iter().enumerate() {
            for (i, &c) in cells.iter().enumerate() {
                let t = usize::from(k >= p.height);
                crossing[c][t] = k;
                slot[c][t] = i as u32;
            }
            let words = cells.len().div_ceil(CELLS_PER_WORD);
            word_start.push(word_start[k] + words);
        }
        Lines {
            lines,
            crossing,
            slot,
            word_start,
            width: p.width,
        }
    }

    /// The cells beside `cell` (up, down, left, right).
    pub fn neighbours(&self, cell: usize) -> impl Iterator<Item = usize> {
        let (w, n) = (self.width, self.crossing.len());
        let x = cell % w;
        [
            (cell >= w).then(|| cell - w),
            (cell + w < n).then(|| cell + w),
            (x > 0).then(|| cell - 1),
            (x + 1 < w).then(|| cell + 1),
        ]
        .into_iter()
        .flatten()
    }

    /// Line solving on the lines in `queue` and every line a change reaches, until nothing
    /// changes. False when some line has no placement left.
    pub fn propagate(&self, grid: &mut [Options], queue: Vec<usize>) -> bool {
        Propagator::new(self).propagate(grid, &queue)
    }

    /// Line solving, then probing: each open cell is tried both ways, with line solving after
    /// each try. A value that leads to a contradiction is impossible; cells on which both
    /// tries agree are settled too. Repeats until a whole pass settles nothing. False when
    /// the grid has no solution. Returns with `grid` at that fixpoint.
    pub fn probe(&self, grid: &mut [Options]) -> bool {
        Propagator::new(self).probe_for_branch(grid).is_some()
    }

    /// Every line, to start from scratch.
    pub fn all(&self) -> Vec<usize> {
        (0..self.lines.len()).rev().collect()
    }
}

/// The most line results kept: under 100 bytes each for lines of 100 cells (the key and the
/// result, 32 bytes each packed, their boxes and the table's slot).
const CACHE_ENTRIES: usize = 1 << 18;

/// The line cache's key: a line's index, then its cells packed (see [`Lines::word_start`]).
type LineKey = Box<[u64]>;

/// Packs up to [`CELLS_PER_WORD`] cells into a word, the first in the lowest bits.
fn pack(cells: &[Options]) -> u64 {
    cells
        .iter()
        .enumerate()
        .fold(0, |word, (i, &c)| word | u64::from(c) << (2 * i))
}

/// Bits 0, 2, 4, … of `x` (a packed word's white bits), gathered into bits 0..32.
fn even_bits(x: u64) -> u32 {
    let mut x = x & 0x5555_5555_5555_5555;
    x = (x | x >> 1) & 0x3333_3333_3333_3333;
    x = (x | x >> 2) & 0x0f0f_0f0f_0f0f_0f0f;
    x = (x | x >> 4) & 0x00ff_00ff_00ff_00ff;
    x = (x | x >> 8) & 0x0000_ffff_0000_ffff;
    (x | x >> 16) as u32
}

/// The inverse of [`even_bits`]: bit i of `x` to bit 2i.
fn spread_to_even_bits(x: u32) -> u64 {
    let mut x = u64::from(x);
    x = (x | x << 16) & 0x0000_ffff_0000_ffff;
    x = (x | x << 8) & 0x00ff_00ff_00ff_00ff;
    x = (x | x << 4) & 0x0f0f_0f0f_0f0f_0f0f;
    x = (x | x << 2) & 0x3333_3333_3333_3333;
    (x | x << 1) & 0x5555_5555_5555_5555
}

/// Line solving's working state, kept across the calls of one search: the board it works on,
/// the line solver's scratch, a cache of line results (probing meets the same line states
/// again and again), and a trail of changed cells so that a probe is undone instead of
/// copying the board.
///
/// The board is kept twice: a cell a byte (`board`), and each line's cells packed two bits
/// a cell in words of its own (`packed`), so that a line's cache key is its words as they
/// stand and a cached result is applied by comparing words, not cells. Invariant: `packed`
/// always holds `board`; every change of a cell goes through [`Propagator::write`]. The public
/// calls take a grid: they bring the board to it (writing only the cells that differ, so a
/// search that hands back the grid it was given pays a comparison) and copy the board out.
pub struct Propagator<'l> {
    lines: &'l Lines,
    scratch: Scratch,
    board: Vec<Options>,
    packed: Vec<u64>,
    cells: Vec<Options>,
    out: Vec<Options>,
    /// The last line solved, packed as `packed` holds it.
    result: Vec<u64>,
    queue: std::collections::VecDeque<usize>,
    queued: Vec<bool>,
    cache: WordMap<LineKey, Option<Box<[u64]>>>,
    key: Vec<u64>,
    /// (cell, its options before the change), in the order of the changes.
    trail: Vec<(usize, Options)>,
    /// Per cell, the value a probe's first try gave it (0: none): probing's intersection.
    first_try: Vec<Options>,
    /// While probing records: every line solved, in order (with repeats).
    read: Vec<usize>,
    recording: bool,
    /// Probing's memo (see [`Quiet`]): the grid it was last brought up to date with...
    memo_grid: Vec<Options>,
    /// ...per line, the tick of the last change to one of its cells...
    line_tick: Vec<u64>,
    /// ...and per cell, what its last probe found when it settled nothing.
    quiet: Vec<Quiet>,
    /// Counts the batches of lasting changes; starts at 1 (0 means "never").
    tick: u64,
    /// Lines solved (cache misses): the search's measure of work, deterministic unlike time.
    pub work: u64,
    /// The work allowed; past it every probe reports a contradiction and `gave_up` is set.
    budget: u64,
    pub gave_up: bool,
}

impl<'l> Propagator<'l> {
    pub fn new(lines: &'l Lines) -> Propagator<'l> {
        let cells = lines.crossing.len();
        let words = *lines.word_start.last().expect("word_start starts with 0");
        Propagator {
            lines,
            scratch: Scratch::default(),
            // All zero, packed and not, as the invariant asks; `load` writes the real cells.
            board: vec![0; cells],
            packed: vec![0; words],
            cells: Vec::new(),
            out: Vec::new(),
            result: Vec::new(),
            queue: std::collections::VecDeque::new(),
            queued: vec![false; lines.lines.len()],
            cache: WordMap::default(),
            key: Vec::new(),
            trail: Vec::new(),
            first_try: vec![0; cells],
            read: Vec::new(),
            recording: false,
            memo_grid: Vec::new(),
            line_tick: Vec::new(),
            quiet: Vec::new(),
            tick: 1,
            work: 0,
            budget: u64::MAX,
            gave_up: false,
        }
    }

    /// Gives up (see [`Propagator::gave_up`]) once `budget` lines have been solved.
    pub fn with_budget(mut self, budget: u64) -> Self {
        self.budget = budget;
        self
    }

    /// Sets `cell` to `value` on the board, both bytes and packed words.
    #[inline]
    fn write(&mut self, cell: usize, value: Options) {
        self.board[cell] = value;
        let lines = self.lines;
        for (&k, &i) in lines.crossing[cell].iter().zip(&lines.slot[cell]) {
            let i = i as usize;
            let w = lines.word_start[k] + i / CELLS_PER_WORD;
            let shift = 2 * (i % CELLS_PER_WORD);
            self.packed[w] = (self.packed[w] & !(3 << shift)) | u64::from(value) << shift;
        }
    }

    /// Brings the board to `grid`, writing the cells that differ (compared eight at a time:
    /// the grids of consecutive calls mostly agree).
    fn load(&mut self, grid: &[Options]) {
        assert_eq!(grid.len(), self.board.len(), "a grid of this puzzle's size");
        let whole = grid.len() / 8 * 8;
        let word = |b: &[Options], at: usize| {
            u64::from_ne_bytes(b[at..at + 8].try_into().expect("eight cells"))
        };
        for at in (0..whole).step_by(8) {
            if word(&self.board, at) != word(grid, at) {
                self.load_cells(grid, at, 8);
            }
        }
        self.load_cells(grid, whole, grid.len() - whole);
    }

    /// Writes the cells `from..from + count` of `grid` that differ from the board.
    fn load_cells(&mut self, grid: &[Options], from: usize, count: usize) {
        for (c, &value) in grid.iter().enumerate().skip(from).take(count) {
            if self.board[c] != value {
                self.write(c, value);
            }
        }
    }

    /// Solves line `k` as the board stands into `self.result` (packed like `packed`), through
    /// the cache. False when no placement fits.
    fn solve_line(&mut self, k: usize) -> bool {
        let lines = self.lines;
        self.key.clear();
        self.key.push(k as u64);
        self.key
            .extend_from_slice(&self.packed[lines.word_start[k]..lines.word_start[k + 1]]);
        if let Some(hit) = self.cache.get(self.key.as_slice()) {
            return match hit {
                Some(result) => {
                    self.result.clear();
                    self.result.extend_from_slice(result);
                    true
                }
                None => false,
            };
        }
        self.work += 1;
        if self.work > self.budget {
            self.gave_up = true;
            return false;
        }
        let (runs, idx) = (&lines.lines[k].0.runs, &lines.lines[k].1);
        self.result.clear();
        let fits = if idx.len() <= line::MAX_BITS_LINE {
            // Straight from the packed words to bit sets and back.
            let (mut white, mut black) = (0u128, 0u128);
            for (w, &word) in self.key[1..].iter().enumerate() {
                white |= u128::from(even_bits(word)) << (CELLS_PER_WORD * w);
                black |= u128::from(even_bits(word >> 1)) << (CELLS_PER_WORD * w);
            }
            let solved = line::settle_bits(runs, idx.len(), white, black);
            if let Some((white, black)) = solved {
                let words = self.key.len() - 1;
                self.result.extend((0..words).map(|w| {
                    let part = |x: u128| spread_to_even_bits((x >> (CELLS_PER_WORD * w)) as u32);
                    part(white) | part(black) << 1
                }));
            }
            solved.is_some()
        } else {
            self.cells.clear();
            self.cells.extend(idx.iter().map(|&c| self.board[c]));
            let fits = line::settle(runs, &self.cells, &mut self.scratch, &mut self.out);
            if fits {
                self.result
                    .extend(self.out.chunks(CELLS_PER_WORD).map(pack));
            }
            fits
        };
        if self.cache.len() >= CACHE_ENTRIES {
            self.cache.clear();
        }
        self.cache.insert(
            self.key.clone().into_boxed_slice(),
            fits.then(|| self.result.clone().into_boxed_slice()),
        );
        fits
    }

    /// Line solving from the lines in `start` to a fixpoint, every change on the trail. False
    /// on a contradiction (the grid is then part way).
    pub fn propagate(&mut self, grid: &mut [Options], start: &[usize]) -> bool {
        self.load(grid);
        let ok = self.propagate_board(start);
        self.trail.clear();
        grid.copy_from_slice(&self.board);
        ok
    }

    /// [`Propagator::propagate`] on the board as it stands, every change on the trail (undo
    /// to a mark to go back).
    fn propagate_board(&mut self, start: &[usize]) -> bool {
        self.queue.clear();
        for &k in start {
            if !self.queued[k] {
                self.queued[k] = true;
                self.queue.push_back(k);
            }
        }
        let lines = self.lines;
        let mut ok = true;
        while let Some(k) = self.queue.pop_front() {
            self.queued[k] = false;
            if self.recording {
                self.read.push(k);
            }
            if !self.solve_line(k) {
                ok = false;
                break;
            }
            // The result only takes options away: the cells whose bits differ changed.
            let (first, idx) = (lines.word_start[k], &lines.lines[k].1);
            for w in 0..self.result.len() {
                let new = self.result[w];
                let mut changed = self.packed[first + w] ^ new;
                while changed != 0 {
                    let bit = changed.trailing_zeros() as usize & !1;
                    changed &= !(3 << bit);
                    let c = idx[w * CELLS_PER_WORD + bit / 2];
                    self.trail.push((c, self.board[c]));
                    self.write(c, ((new >> bit) & 3) as Options);
                    for &other in &lines.crossing[c] {
                        if other != k && !self.queued[other] {
                            self.queued[other] = true;
                            self.queue.push_back(other);
                        }
                    }
                }
            }
        }
        for &k in &self.queue {
            self.queued[k] = false;
        }
        self.queue.clear();
        ok
    }

    /// Sets `cell` to `value` and line-solves from there, keeping the changes; on a
    /// contradiction puts the grid back as it was and returns false.
    pub fn settle_cell(&mut self, grid: &mut [Options], cell: usize, value: Options) -> bool {
        self.load(grid);
        self.trail.clear();
        let ok = self.attempt(cell, value);
        if !ok {
            self.undo(0);
        }
        self.trail.clear();
        grid.copy_from_slice(&self.board);
        ok
    }

    /// Puts back every cell changed since the trail had `mark` entries.
    fn undo(&mut self, mark: usize) {
        while self.trail.len() > mark {
            let (c, old) = self.trail.pop().expect("longer than the mark");
            self.write(c, old);
        }
    }

    /// Tries `value` in `cell`: whether line solving survives it; the changes stay on the
    /// trail (the caller undoes them).
    fn attempt(&mut self, cell: usize, value: Options) -> bool {
        self.trail.push((cell, self.board[cell]));
        self.write(cell, value);
        let crossing = self.lines.crossing[cell];
        self.propagate_board(&crossing)
    }

    /// [`Lines::probe`], also naming the open cell to branch on (`Some(None)` when no cell is
    /// open): the one whose weaker try settles the most cells, so that both branches start
    /// far down (the first such cell in row-major order). `None` on a contradiction.
    ///
    /// The probes run in order of promise: cells next to settled ones first, then by how
    /// settled their row and column are, and after a probe settles something, the neighbours
    /// of what it settled before the rest — a contradiction is likelier beside what is known,
    /// and each one found early spares the probes of the cells it settles. A sweep then
    /// probes again every open cell whose quiet probe is out of date (see [`Quiet`]); when
    /// none is, the grid is at the fixpoint. Probing's fixpoint does not depend on the order
    /// (a probe's conclusions only grow as the grid does), so neither does the answer.
    pub fn probe_for_branch(&mut self, grid: &mut [Options]) -> Option<Option<usize>> {
        self.load(grid);
        let found = self.probe_board();
        grid.copy_from_slice(&self.board);
        found
    }

    /// [`Propagator::probe_for_branch`] on the board as it stands.
    fn probe_board(&mut self) -> Option<Option<usize>> {
        self.trail.clear();
        if !self.propagate_board(&self.lines.all()) {
            return None;
        }
        // The memo carries over from the node probed last: what differs from it counts as
        // changed (the memo's invariant is kept against `memo_grid`, the grid it knows).
        if self.memo_grid.len() != self.board.len() {
            self.memo_grid = self.board.clone();
            self.line_tick = vec![0; self.lines.lines.len()];
            self.quiet = vec![Quiet::default(); self.board.len()];
        }
        self.tick += 1;
        for c in 0..self.board.len() {
            let now = self.board[c];
            if now != self.memo_grid[c] {
                self.lasting(c, now);
            }
        }
        let mut queue = std::collections::BinaryHeap::new();
        loop {
            self.queue_stale(&mut queue);
            if queue.is_empty() {
                break;
            }
            while let Some((_, cell)) = queue.pop() {
                if self.board[cell] != EITHER || self.still_quiet(cell).is_some() {
                    continue;
                }
                let settled = self.probe_cell(cell)?;
                for &c in &settled {
                    for n in self.lines.neighbours(c) {
                        if self.board[n] == EITHER {
                            queue.push((NEXT_TO_SETTLED, n));
                        }
                    }
                }
                if !settled.is_empty() {
                    for n in self.lines.neighbours(cell) {
                        if self.board[n] == EITHER {
                            queue.push((NEXT_TO_SETTLED + 1, n));
                        }
                    }
                }
            }
        }
        // Every open cell's probe is quiet and up to date: its score stands.
        let mut best: Option<(usize, usize)> = None;
        for (cell, &now) in self.board.iter().enumerate() {
            if now == EITHER {
                let score = self.still_quiet(cell).expect("swept to the fixpoint");
                if best.is_none_or(|(s, _)| score > s) {
                    best = Some((score, cell));
                }
            }
        }
        Some(best.map(|(_, c)| c))
    }

    /// Queues every open cell without an up-to-date quiet probe, by promise: settled
    /// neighbours first, then the settled share of its row and column.
    fn queue_stale(&self, queue: &mut std::collections::BinaryHeap<(u32, usize)>) {
        let grid = &self.board;
        let open_in = |k: usize| {
            let cells = &self.lines.lines[k].1;
            let open = cells.iter().filter(|&&c| grid[c] == EITHER).count();
            // Settled share in 1/64ths.
            (64 * (cells.len() - open) / cells.len().max(1)) as u32
        };
        let settled_share: Vec<u32> = (0..self.lines.lines.len()).map(open_in).collect();
        for cell in 0..grid.len() {
            if grid[cell] != EITHER || self.still_quiet(cell).is_some() {
                continue;
            }
            let settled_neighbours = self
                .lines
                .neighbours(cell)
                .filter(|&n| grid[n] != EITHER)
                .count() as u32;
            let [row, column] = self.lines.crossing[cell];
            let priority = 256 * settled_neighbours + settled_share[row] + settled_share[column];
            queue.push((priority, cell));
        }
    }

    /// Probes `cell` both ways. `None` on a contradiction both ways; otherwise the cells it
    /// settled for good (empty when the probe was quiet, which is then remembered).
    fn probe_cell(&mut self, cell: usize) -> Option<Vec<usize>> {
        self.trail.clear();
        self.read.clear();
        self.recording = true;
        let white = self.attempt(cell, WHITE);
        let settled_white = self.trail.len();
        let white_changes: Vec<(usize, Options)> = if white {
            self.trail
                .iter()
                .map(|&(c, _)| (c, self.board[c]))
                .collect()
        } else {
            Vec::new()
        };
        for &(c, v) in &white_changes {
            self.first_try[c] = v;
        }
        self.undo(0);
        let black = self.attempt(cell, BLACK);
        self.recording = false;
        let settled_black = self.trail.len();
        let mut settled = Vec::new();
        let ok = match (white, black) {
            (false, false) => false,
            (false, true) => {
                // Keep the black try's fixpoint as it stands.
                self.tick += 1;
                self.keep_trail(&mut settled);
                true
            }
            (true, false) => {
                self.undo(0);
                self.tick += 1;
                for &(c, v) in &white_changes {
                    self.write(c, v);
                    self.lasting(c, v);
                    settled.push(c);
                }
                true
            }
            (true, true) => {
                // Cells both tries settle alike are settled.
                let agreed: Vec<(usize, Options)> = self
                    .trail
                    .iter()
                    .map(|&(c, _)| (c, self.board[c]))
                    .filter(|&(c, v)| c != cell && self.first_try[c] == v)
                    .collect();
                self.undo(0);
                if agreed.is_empty() {
                    self.remember_quiet(cell, settled_white.min(settled_black));
                    true
                } else {
                    let mut touched = Vec::new();
                    self.tick += 1;
                    for &(c, v) in &agreed {
                        self.write(c, v);
                        self.lasting(c, v);
                        settled.push(c);
                        touched.extend(self.lines.crossing[c]);
                    }
                    touched.sort_unstable();
                    touched.dedup();
                    let ok = self.propagate_board(&touched);
                    self.keep_trail(&mut settled);
                    ok
                }
            }
        };
        self.trail.clear();
        for &(c, _) in &white_changes {
            self.first_try[c] = 0;
        }
        ok.then_some(settled)
    }

    /// Notes every change on the trail as lasting, and its cell as settled.
    fn keep_trail(&mut self, settled: &mut Vec<usize>) {
        for i in 0..self.trail.len() {
            let c = self.trail[i].0;
            self.lasting(c, self.board[c]);
            settled.push(c);
        }
    }

    /// Notes a lasting change of `cell` to `value` at the current tick, on both its lines.
    fn lasting(&mut self, cell: usize, value: Options) {
        self.memo_grid[cell] = value;
        for &k in &self.lines.crossing[cell] {
            self.line_tick[k] = self.tick;
        }
    }

    /// Keeps what the probe of `cell` just read (`self.read`) as a quiet probe (see [`Quiet`]).
    fn remember_quiet(&mut self, cell: usize, score: usize) {
        let quiet = &mut self.quiet[cell];
        quiet.tick = self.tick;
        quiet.score = score;
        quiet.lines.clear();
        quiet.lines.extend(self.read.iter().map(|&k| k as u32));
        quiet.lines.sort_unstable();
        quiet.lines.dedup();
    }

    /// The score of `cell`'s quiet probe, when none of the lines it read has changed since.
    fn still_quiet(&self, cell: usize) -> Option<usize> {
        let quiet = &self.quiet[cell];
        (quiet.tick != 0
            && quiet
                .lines
                .iter()
                .all(|&k| self.line_tick[k as usize] <= quiet.tick))
        .then_some(quiet.score)
    }
}

/// The priority of a cell next to one a probe just settled: above any a sweep gives (at most
/// 4 × 256 + 2 × 64).
const NEXT_TO_SETTLED: u32 = 2000;

/// A probe that settled nothing: both tries survived line solving and agreed on no cell.
///
/// Invariant: line solving is a function of the lines' cells, and a try solves only the
/// lines it queues, starting from the two lines through the probed cell. So while none of the
/// lines the two tries solved (`lines`) has had a cell changed since the probe (`tick`), the
/// same tries would solve the same lines with the same cells and settle nothing again: the
/// probe is skipped and its `score` reused. Skipping changes neither the fixpoint nor the
/// cell chosen to branch on, only the work.
#[derive(Clone, Default)]
struct Quiet {
    /// The tick the probe ran at; 0: never probed.
    tick: u64,
    lines: Vec<u32>,
    score: usize,
}

/// Up to `want` solutions and the number of them, counting stopped at `stop`.
pub fn search(p: &Nonogram, want: u64, stop: u64) -> Found {
    search_within(p, want, stop, u64::MAX).expect("no budget, no giving up")
}

/// [`search`], giving up (`None`) once `budget` lines have been solved.
pub fn search_within(p: &Nonogram, want: u64, stop: u64, budget: u64) -> Option<Found> {
    let lines = Lines::new(p);
    let mut propagator = Propagator::new(&lines).with_budget(budget);
    let mut found = Found {
        solutions: Vec::new(),
        count: 0,
        complete: true,
    };
    if stop == 0 {
        found.complete = false;
        return Some(found);
    }
    // Depth first; each node is probed to its fixpoint before it branches.
    let mut stack = vec![vec![EITHER; p.width * p.height]];
    while let Some(mut grid) = stack.pop() {
        let branch = propagator.probe_for_branch(&mut grid);
        if propagator.gave_up {
            return None;
        }
        let Some(branch) = branch else {
            continue;
        };
        let Some(cell) = branch else {
            found.count += 1;
            if (found.solutions.len() as u64) < want {
                found
                    .solutions
                    .push(grid.iter().map(|&o| o == BLACK).collect());
            }
            if found.count >= stop {
                found.complete = stack.is_empty();
                return Some(found);
            }
            continue;
        };
        for value in [WHITE, BLACK] {
            let mut next = grid.clone();
            next[cell] = value;
            stack.push(next);
        }
    }
    Some(found)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn even_bits_and_their_spread_are_inverse() {
        let mut x = 0x9e37_79b9_7f4a_7c15u64;
        for _ in 0..10_000 {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            let gathered = even_bits(x);
            for i in 0..32 {
                assert_eq!(gathered >> i & 1, (x >> (2 * i) & 1) as u32);
            }
            assert_eq!(spread_to_even_bits(gathered), x & 0x5555_5555_5555_5555);
        }
    }
}
