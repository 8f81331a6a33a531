//! The classes method: grids grouped by their row clues, the column clues counted within each
//! group by a DP over the vector of column automaton states with counts capped at 2.
//!
//! A *unit* is one prefix of `depth` row clues (the clue ids in lexicographic order, the first
//! row most significant); units are what `--shard` splits and `--checkpoint` records. A unit
//! rebuilds the DP along its prefix (cheap) and walks every completion depth first.
//!
//! Symmetry: flipping the picture up–down reverses the row clues, flipping it left–right
//! mirrors each; both map a group's uniquely solvable grids one to one onto another group's.
//! A group is counted only when its clue tuple is the least of its orbit under the two flips,
//! times the orbit's size; a prefix whose mirror image is already smaller is not entered.

use super::{Lines, Units};
use serde::{Deserialize, Serialize};
use std::collections::{BTreeMap, HashMap};
use std::path::Path;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::Duration;

/// The most units a count may be split into (the list of units to run and a checkpoint's
/// entries stay within tens of megabytes).
pub const MAX_UNITS: usize = 2_000_000;

/// The longest side the classes method takes (its column automaton's layers stay small).
pub const MAX_HEIGHT: usize = 24;

/// A column's automaton, one layer per cells read: its states are the column's completed runs
/// and its current run; the last layer reads the last cell straight into the column's clue.
pub struct Columns {
    pub height: usize,
    /// `next[k][2 s + bit]`: the state after k+1 cells from state s after k cells (the last
    /// layer: the clue id of the whole column).
    pub next: Vec<Vec<u32>>,
    /// States (clue ids at the end) after k cells.
    pub sizes: Vec<usize>,
}

impl Columns {
    pub fn new(height: usize) -> Columns {
        assert!(height >= 1);
        let mut layer: Vec<(Vec<u8>, u8)> = vec![(Vec::new(), 0)];
        let mut next = Vec::new();
        let mut sizes = vec![1];
        for k in 0..height {
            let last = k + 1 == height;
            let mut index: HashMap<(Vec<u8>, u8), u32> = HashMap::new();
            let mut order = Vec::new();
            let mut table = Vec::with_capacity(2 * layer.len());
            for (done, run) in &layer {
                for bit in 0..2 {
                    let (mut d, mut r) = (done.clone(), *run);
                    if bit == 1 {
                        r += 1;
                    } else if r > 0 {
                        d.push(r);
                        r = 0;
                    }
                    if last && r > 0 {
                        d.push(r);
                        r = 0;
                    }
                    let n = index.len() as u32;
                    let id = *index.entry((d.clone(), r)).or_insert_with(|| {
                        order.push((d, r));
                        n
                    });
                    table.push(id);
                }
            }
            next.push(table);
            sizes.push(order.len());
            layer = order;
        }
        Columns {
            height,
            next,
            sizes,
        }
    }
}

/// The bits one column's state takes in a packed key (every layer's states, and all ones
/// never a key: the hash table's empty mark).
fn state_bits(cols: &Columns) -> u32 {
    let most = cols.sizes.iter().copied().max().unwrap_or(1);
    usize::BITS - most.leading_zeros()
}

/// A hash table of packed keys with counts capped at 2, cleared in time proportional to its use.
struct CapTable {
    keys: Vec<u64>,
    counts: Vec<u8>,
    used: Vec<u32>,
}

const EMPTY: u64 = u64::MAX;

impl CapTable {
    fn new() -> CapTable {
        CapTable {
            keys: vec![EMPTY; 1 << 10],
            counts: vec![0; 1 << 10],
            used: Vec::new(),
        }
    }

    #[inline]
    fn slot(&self, key: u64) -> usize {
        let h = key.wrapping_mul(0x9E37_79B9_7F4A_7C15);
        (h >> 32) as usize & (self.keys.len() - 1)
    }

    #[inline]
    fn add(&mut self, key: u64, c: u8) {
        let mask = self.keys.len() - 1;
        let mut i = self.slot(key);
        loop {
            let k = self.keys[i];
            if k == key {
                self.counts[i] = (self.counts[i] + c).min(2);
                return;
            }
            if k == EMPTY {
                self.keys[i] = key;
                self.counts[i] = c.min(2);
                self.used.push(i as u32);
                if self.used.len() * 2 > self.keys.len() {
                    self.grow();
                }
                return;
            }
            i = (i + 1) & mask;
        }
    }

    fn grow(&mut self) {
        let entries: Vec<(u64, u8)> = self
            .used
            .iter()
            .map(|&i| (self.keys[i as usize], self.counts[i as usize]))
            .collect();
        let size = self.keys.len() * 2;
        self.keys = vec![EMPTY; size];
        self.counts = vec![0; size];
        self.used.clear();
        for (k, c) in entries {
            self.add(k, c);
        }
    }

    /// The entries, the table left empty.
    fn drain(&mut self, out: &mut Vec<(u64, u8)>) {
        out.clear();
        for &i in &self.used {
            let i = i as usize;
            out.push((self.keys[i], self.counts[i]));
            self.keys[i] = EMPTY;
        }
        self.used.clear();
    }

    /// The keys reached exactly once, the table left empty.
    fn drain_ones(&mut self) -> u64 {
        let mut ones = 0;
        for &i in &self.used {
            let i = i as usize;
            ones += u64::from(self.counts[i] == 1);
            self.keys[i] = EMPTY;
        }
        self.used.clear();
        ones
    }
}

/// A board of `height` rows of `width` cells, ready to count groups.
pub struct Board {
    pub width: usize,
    pub height: usize,
    pub lines: Lines,
    pub cols: Columns,
    bits: u32,
}

impl Board {
    pub fn new(width: usize, height: usize) -> Board {
        let cols = Columns::new(height);
        let bits = state_bits(&cols);
        assert!(
            bits as usize * width <= 64,
            "{width} columns of {bits}-bit states do not fit a key"
        );
        Board {
            width,
            height,
            lines: Lines::new(width),
            cols,
            bits,
        }
    }

    /// The packed states after row k (0-based) reads `line`, from the packed states `key`.
    #[inline]
    fn step(&self, k: usize, key: u64, line: u32) -> u64 {
        let next = &self.cols.next[k];
        let mask = (1u64 << self.bits) - 1;
        let mut out = 0;
        for j in 0..self.width {
            let s = (key >> (self.bits as usize * j)) & mask;
            let b = (line >> j & 1) as u64;
            out |= (next[(2 * s + b) as usize] as u64) << (self.bits as usize * j);
        }
        out
    }

    /// Columns `from..to` of the packed states after row k reads `bits` there (the others 0).
    fn step_part(&self, k: usize, key: u64, bits: usize, from: usize, to: usize) -> u64 {
        let next = &self.cols.next[k];
        let mask = (1u64 << self.bits) - 1;
        let mut out = 0;
        for j in from..to {
            let s = (key >> (self.bits as usize * j)) & mask;
            let b = (bits >> (j - from) & 1) as u64;
            out |= (next[(2 * s + b) as usize] as u64) << (self.bits as usize * j);
        }
        out
    }

    /// For each key of `map`: its step by every left half of a row (the row's first
    /// width/2 cells), then by every right half.
    fn halves(&self, k: usize, map: &[(u64, u8)]) -> Vec<u64> {
        let lo = self.width / 2;
        let mut out = Vec::with_capacity(map.len() * ((1 << lo) + (1 << (self.width - lo))));
        for &(key, _) in map {
            out.extend((0..1 << lo).map(|b| self.step_part(k, key, b, 0, lo)));
            out.extend(
                (0..1 << (self.width - lo)).map(|b| self.step_part(k, key, b, lo, self.width)),
            );
        }
        out
    }

    /// The DP after row k reads every line of clue `r`.
    fn extend(&self, map: &[(u64, u8)], k: usize, r: u16, t: &mut CapTable) -> Vec<(u64, u8)> {
        for &(key, c) in map {
            for &l in &self.lines.of_clue[r as usize] {
                t.add(self.step(k, key, l), c);
            }
        }
        let mut out = Vec::new();
        t.drain(&mut out);
        out
    }

    /// 0 when `rows` is not the least of its orbit under the flips, else the orbit's size.
    fn weight(&self, rows: &[u16]) -> u64 {
        let flipped: Vec<u16> = rows.iter().rev().copied().collect();
        let mirrored: Vec<u16> = rows
            .iter()
            .map(|&r| self.lines.mirror[r as usize])
            .collect();
        let both: Vec<u16> = mirrored.iter().rev().copied().collect();
        let mut orbit = vec![rows.to_vec(), flipped, mirrored, both];
        if orbit[1..].iter().any(|o| o.as_slice() < rows) {
            return 0;
        }
        orbit.sort();
        orbit.dedup();
        orbit.len() as u64
    }

    /// Whether every completion of `prefix` has a smaller mirror image (so none is counted).
    fn mirror_smaller(&self, prefix: &[u16]) -> bool {
        for &r in prefix {
            let m = self.lines.mirror[r as usize];
            if m != r {
                return m < r;
            }
        }
        false
    }

    /// The number of clue ids a row takes.
    pub fn clue_count(&self) -> usize {
        self.lines.clues.len()
    }

    /// Unit `u`'s prefix of `depth` row clues.
    pub fn prefix(&self, u: usize, depth: usize) -> Vec<u16> {
        let c = self.clue_count();
        let mut digits = vec![0u16; depth];
        let mut u = u;
        for d in digits.iter_mut().rev() {
            *d = (u % c) as u16;
            u /= c;
        }
        digits
    }

    /// The weighted uniquely solvable grids of the groups starting with `prefix`.
    pub fn count_unit(&self, prefix: &[u16]) -> u64 {
        assert!(prefix.len() < self.height);
        if self.mirror_smaller(prefix) {
            return 0;
        }
        let mut t = CapTable::new();
        let mut map = vec![(0u64, 1u8)];
        for (k, &r) in prefix.iter().enumerate() {
            map = self.extend(&map, k, r, &mut t);
        }
        let mut rows = prefix.to_vec();
        self.walk(&mut rows, &map, &mut t)
    }

    fn walk(&self, rows: &mut Vec<u16>, map: &[(u64, u8)], t: &mut CapTable) -> u64 {
        let k = rows.len();
        let mut sum = 0;
        // At the last row: each key's last step split in two halves of the row, computed once
        // for every clue of the row (a line's step is then one OR).
        let mut halves: Option<Vec<u64>> = None;
        for r in 0..self.clue_count() as u16 {
            rows.push(r);
            if k + 1 == self.height {
                let w = self.weight(rows);
                if w > 0 {
                    let halves = halves.get_or_insert_with(|| self.halves(k, map));
                    let (lo, per) = (self.width / 2, halves.len() / map.len());
                    for (&(_, c), part) in map.iter().zip(halves.chunks(per)) {
                        for &l in &self.lines.of_clue[r as usize] {
                            let low = l as usize & ((1 << lo) - 1);
                            t.add(part[low] | part[(1 << lo) + (l as usize >> lo)], c);
                        }
                    }
                    sum += w * t.drain_ones();
                }
            } else if !self.mirror_smaller(rows) {
                let child = self.extend(map, k, r, t);
                sum += self.walk(rows, &child, t);
            }
            rows.pop();
        }
        sum
    }
}

/// The default unit depth: rows enough for at least a few hundred units (fewer than all rows).
pub fn default_depth(width: usize, height: usize) -> usize {
    let c = Lines::new(width).clues.len();
    let mut d = 0;
    let mut units = 1usize;
    while d + 1 < height && units < 300 {
        d += 1;
        units = units.saturating_mul(c);
    }
    d
}

/// How much of a count in units is in the count.
#[derive(Serialize, Clone, Copy, Debug)]
pub struct UnitsDone {
    pub counted: usize,
    pub of: usize,
    pub complete: bool,
}

/// A checkpoint: the board, the unit depth, the number of units, each finished unit's count.
#[derive(Serialize, Deserialize, Default)]
pub struct Checkpoint {
    /// Cells a row (the shorter side).
    pub width: usize,
    /// Rows (the longer side).
    pub height: usize,
    pub depth: usize,
    pub units: usize,
    /// The board as asked (rows, columns), for the report; the count is the same either way.
    #[serde(default)]
    pub asked: Option<(usize, usize)>,
    pub done: BTreeMap<usize, u64>,
}

impl Checkpoint {
    pub fn read(path: &Path) -> anyhow::Result<Checkpoint> {
        let bytes = std::fs::read(path)
            .map_err(|e| anyhow::anyhow!("cannot read {}: {e}", path.display()))?;
        serde_json::from_slice(&bytes)
            .map_err(|e| anyhow::anyhow!("{}: not a reckon checkpoint ({e})", path.display()))
    }
}

/// The number of units of a board at a depth (None past usize).
pub fn unit_count(width: usize, depth: usize) -> Option<usize> {
    let c = Lines::new(width).clues.len();
    (0..depth).try_fold(1usize, |u, _| u.checked_mul(c))
}

/// Checks a unit depth for a board.
fn check_depth(width: usize, height: usize, depth: usize) -> anyhow::Result<usize> {
    if depth >= height {
        anyhow::bail!(
            "--depth: expected 0 to {} rows of clues a unit, found {depth}",
            height - 1
        );
    }
    match unit_count(width, depth) {
        Some(u) if u <= MAX_UNITS => Ok(u),
        _ => anyhow::bail!(
            "--depth {depth}: more than {MAX_UNITS} units (each is listed, and a checkpoint holds them all); take fewer rows"
        ),
    }
}

/// Runs `units` (indices) on `threads` workers; `finished(u, count)` after each.
pub fn run_units(
    board: &Board,
    depth: usize,
    units: &[usize],
    threads: usize,
    finished: &(dyn Fn(usize, u64) + Sync),
) {
    wellposed_work::each_index(
        units.len(),
        threads,
        || (),
        |_, i| {
            let u = units[i];
            finished(u, board.count_unit(&board.prefix(u, depth)));
        },
    );
}

/// The count of a `height`×`width` board (rows of `width` cells) in units.
pub fn count_in_units(
    width: usize,
    height: usize,
    threads: usize,
    units: Units,
    progress: &(dyn Fn(u64, u64) + Sync),
) -> anyhow::Result<(u64, UnitsDone)> {
    let depth = units.depth.unwrap_or_else(|| default_depth(width, height));
    let of = check_depth(width, height, depth)?;
    let state = match units.checkpoint.filter(|p| p.exists()) {
        Some(path) => {
            let c = Checkpoint::read(path)?;
            if (c.width, c.height, c.depth, c.units) != (width, height, depth, of) {
                anyhow::bail!(
                    "{}: the checkpoint is of {}×{} in {} units of depth {}, not {}×{} in {} units of depth {}",
                    path.display(),
                    c.height,
                    c.width,
                    c.units,
                    c.depth,
                    height,
                    width,
                    of,
                    depth
                );
            }
            if let Some(&k) = c.done.keys().find(|&&k| k >= of) {
                anyhow::bail!(
                    "{}: unit {k} does not exist (there are {of})",
                    path.display()
                );
            }
            c
        }
        None => Checkpoint {
            width,
            height,
            depth,
            units: of,
            asked: units.asked,
            done: BTreeMap::new(),
        },
    };
    let mine = |k: usize| units.shard.is_none_or(|(s, n)| k % n == s);
    let todo: Vec<usize> = (0..of)
        .filter(|&k| mine(k) && !state.done.contains_key(&k))
        .collect();
    let total = (0..of).filter(|&k| mine(k)).count() as u64;
    let board = Board::new(width, height);
    let state = Mutex::new(state);
    let saver = wellposed_engine::Checkpointer::new(units.checkpoint, Duration::from_secs(5));
    let finished = |u: usize, n: u64| {
        let mut c = state.lock().expect("no panics while counting");
        c.done.insert(u, n);
        let mine_done = c.done.keys().filter(|&&k| mine(k)).count() as u64;
        saver.save_if_due(&*c);
        drop(c);
        progress(mine_done, total);
    };
    run_units(&board, depth, &todo, threads, &finished);
    let state = state.into_inner().expect("no panics while counting");
    saver.save(&state);
    saver.finish()?;
    let count = state.done.values().sum();
    let counted = state.done.len();
    Ok((
        count,
        UnitsDone {
            counted,
            of,
            complete: counted == of,
        },
    ))
}

/// `nonogram reckon-merge`: the checkpoints of shares summed, each unit exactly once.
pub fn merge(paths: &[std::path::PathBuf]) -> anyhow::Result<(usize, usize, u64, UnitsDone)> {
    let mut first: Option<(usize, usize, usize, usize)> = None;
    let mut asked = None;
    let mut seen: BTreeMap<usize, &Path> = BTreeMap::new();
    let mut sum = 0u64;
    for p in paths {
        let c = Checkpoint::read(p)?;
        let shape = (c.width, c.height, c.depth, c.units);
        asked = asked.or(c.asked);
        match first {
            None => {
                if c.width == 0 || c.height * c.width > super::MAX_CELLS || c.width > c.height {
                    anyhow::bail!("{}: a checkpoint of an impossible board", p.display());
                }
                if check_depth(c.width, c.height, c.depth).ok() != Some(c.units) {
                    anyhow::bail!(
                        "{}: {} units of depth {}, where this program makes {:?}",
                        p.display(),
                        c.units,
                        c.depth,
                        unit_count(c.width, c.depth)
                    );
                }
                first = Some(shape);
            }
            Some(f) if f != shape => anyhow::bail!(
                "{}: a checkpoint of {}×{} in {} units of depth {}, not like the first",
                p.display(),
                c.height,
                c.width,
                c.units,
                c.depth
            ),
            Some(_) => {}
        }
        for (&k, &n) in &c.done {
            if k >= c.units {
                anyhow::bail!(
                    "{}: unit {k} does not exist (there are {})",
                    p.display(),
                    c.units
                );
            }
            if let Some(other) = seen.insert(k, p) {
                anyhow::bail!(
                    "unit {k} is in both {} and {}",
                    other.display(),
                    p.display()
                );
            }
            sum = sum
                .checked_add(n)
                .ok_or_else(|| anyhow::anyhow!("{}: the sum passes 2^64", p.display()))?;
        }
    }
    let (width, height, _, of) = first.expect("clap requires at least one checkpoint");
    let (rows, columns) = asked
        .filter(|&(r, c)| (r.max(c), r.min(c)) == (height, width))
        .unwrap_or((height, width));
    Ok((
        rows,
        columns,
        sum,
        UnitsDone {
            counted: seen.len(),
            of,
            complete: seen.len() == of,
        },
    ))
}

/// A cost model for a count in units: units drawn at random with probability proportional to
/// their grids (the product of their prefix rows' line counts: a unit's work is about its
/// grids), each timed; the time per grid, averaged, times all the grids is the whole count's
/// time, with a 95% interval. Units whose every group is left to its mirror image cost
/// nothing and are not drawn. The same draw estimates the count itself (a check against a
/// known value).
#[derive(Serialize, Debug)]
pub struct Estimate {
    pub rows: usize,
    pub columns: usize,
    pub depth: usize,
    pub units: usize,
    /// Units that count anything (the others' prefixes have a smaller mirror image).
    pub working_units: usize,
    pub sampled: usize,
    /// True when every working unit was run (then the figures are exact, not estimated).
    pub exhaustive: bool,
    /// Seconds of one core for the sampled units.
    pub sample_seconds: f64,
    /// Core-hours for every unit, and its 95% interval (normal approximation of the mean of
    /// the draws' time per grid; a guide, not a bound).
    pub core_hours: f64,
    pub low: f64,
    pub high: f64,
    /// The count estimated by the same draws, and its 95% interval.
    pub count: f64,
    pub count_low: f64,
    pub count_high: f64,
}

impl Estimate {
    pub fn describe(&self) -> String {
        format!(
            "{}×{}: {} units of depth {} ({} working); {} {} in {:.2} core-s; time {:.4} core-hours (95% {:.4}–{:.4}); count {:.6e} (95% {:.6e}–{:.6e})",
            self.rows,
            self.columns,
            self.units,
            self.depth,
            self.working_units,
            self.sampled,
            if self.exhaustive { "run (all)" } else { "drawn" },
            self.sample_seconds,
            self.core_hours,
            self.low,
            self.high,
            self.count,
            self.count_low,
            self.count_high
        )
    }
}

/// The mean and the 95% half-width of the mean of `xs`.
fn mean_and_half(xs: &[f64]) -> (f64, f64) {
    let n = xs.len() as f64;
    let mean = xs.iter().sum::<f64>() / n;
    if xs.len() < 2 {
        return (mean, 0.0);
    }
    let var = xs.iter().map(|x| (x - mean).powi(2)).sum::<f64>() / (n - 1.0);
    (mean, 1.96 * (var / n).sqrt())
}

/// Draws `samples` units of the `height`×`width` count (seeded xorshift, probability
/// proportional to grids, with replacement), times them and extrapolates; with at least as
/// many samples as working units, runs each working unit once instead (exact).
pub fn estimate(
    width: usize,
    height: usize,
    depth: Option<usize>,
    samples: usize,
    seed: u64,
    threads: usize,
    progress: &(dyn Fn(u64, u64) + Sync),
) -> anyhow::Result<Estimate> {
    if width == 0 || height > MAX_HEIGHT {
        anyhow::bail!(
            "--estimate takes boards with cells whose longer side is at most {MAX_HEIGHT} (found {height}×{width})"
        );
    }
    let depth = depth.unwrap_or_else(|| default_depth(width, height));
    let of = check_depth(width, height, depth)?;
    let board = Board::new(width, height);
    // The working units and their grids (prefix rows' line counts multiplied).
    let mut working = Vec::new();
    let mut weights = Vec::new();
    for u in 0..of {
        let p = board.prefix(u, depth);
        if !board.mirror_smaller(&p) {
            working.push(u);
            weights.push(
                p.iter()
                    .map(|&r| board.lines.of_clue[r as usize].len() as f64)
                    .product::<f64>(),
            );
        }
    }
    let total_weight: f64 = weights.iter().sum();
    let exhaustive = samples.max(1) >= working.len();
    let chosen: Vec<usize> = if exhaustive {
        (0..working.len()).collect()
    } else {
        let mut cumulative = Vec::with_capacity(weights.len());
        let mut acc = 0.0;
        for w in &weights {
            acc += w;
            cumulative.push(acc);
        }
        let mut x = seed | 1;
        (0..samples)
            .map(|_| {
                x ^= x << 13;
                x ^= x >> 7;
                x ^= x << 17;
                let at = (x >> 11) as f64 / (1u64 << 53) as f64 * total_weight;
                cumulative
                    .partition_point(|&c| c <= at)
                    .min(working.len() - 1)
            })
            .collect()
    };
    let done = AtomicUsize::new(0);
    let per_thread = wellposed_work::each_index(chosen.len(), threads, Vec::new, |runs, i| {
        let w = chosen[i];
        let t = std::time::Instant::now();
        let n = board.count_unit(&board.prefix(working[w], depth));
        runs.push((w, t.elapsed().as_secs_f64(), n));
        let d = done.fetch_add(1, Ordering::Relaxed) + 1;
        progress(d as u64, chosen.len() as u64);
    });
    let runs: Vec<(usize, f64, u64)> = per_thread.into_iter().flatten().collect();
    let sample_seconds = runs.iter().map(|r| r.1).sum::<f64>();
    let (hours, half, count, count_half) = if exhaustive {
        let n = runs.iter().map(|r| r.2 as f64).sum::<f64>();
        (sample_seconds / 3600.0, 0.0, n, 0.0)
    } else {
        let per = |f: &dyn Fn(&(usize, f64, u64)) -> f64| -> Vec<f64> {
            runs.iter()
                .map(|r| f(r) / weights[r.0] * total_weight)
                .collect()
        };
        let (t, th) = mean_and_half(&per(&|r| r.1));
        let (c, ch) = mean_and_half(&per(&|r| r.2 as f64));
        (t / 3600.0, th / 3600.0, c, ch)
    };
    Ok(Estimate {
        rows: height,
        columns: width,
        depth,
        units: of,
        working_units: working.len(),
        sampled: runs.len(),
        exhaustive,
        sample_seconds,
        core_hours: hours,
        low: (hours - half).max(0.0),
        high: hours + half,
        count,
        count_low: (count - count_half).max(0.0),
        count_high: count + count_half,
    })
}
