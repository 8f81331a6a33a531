//! The rivals method: a transfer matrix over the rows that counts grids directly, the row
//! clues summed out.
//!
//! A grid G is uniquely solvable when no other grid has its row clues and its column clues.
//! After k rows, G's prefix has *rivals*: the other k-row prefixes with the same row clues.
//! What decides G's future is, per rival, how each column of the rival differs from G's
//! column — the completed runs past their longest common beginning (one side's only: if both
//! had one, their first ones differ and the rival is lost) and both current runs — and G's
//! own current runs (new rivals branch off G itself). The state is G's current runs and the
//! set of its rivals' differences; the count is of prefixes.
//!
//! A row reads G's next line ℓ; every rival reads every line of ℓ's clue, and G itself
//! branches into the other lines of that clue. A rival that no completion can bring to G's
//! column clues (a column whose other side needs more cells than the rows left) is dropped;
//! a rival equal to G in every column kills G's prefix: it could follow G's future cell for
//! cell. After the last row, G counts when no rival ends with its column clues.

use super::Lines;
use std::collections::HashMap;

/// The most states a row may hold before the count is refused (memory).
pub const MAX_STATES: usize = 40_000_000;

/// The most cells a row of the rivals method (a rival is a fixed array of columns).
pub const MAX_WIDTH: usize = 8;

/// The most rows of the rivals method (a column's difference packs into 128 bits: its list of
/// completed runs past the common part has at most 19 runs of at most 63 cells).
pub const MAX_HEIGHT: usize = 36;

/// A rival column's difference from G's column, unpacked: the rival's current run, which side
/// has completed runs the other has not (`g_ahead`: G), and those runs. G's current run is in
/// the state.
#[derive(Clone, Copy)]
struct Column {
    run: u8,
    g_ahead: bool,
    len: u8,
    ahead: [u8; 20],
}

impl Column {
    fn unpack(x: u128) -> Column {
        let mut ahead = [0u8; 20];
        let len = (x >> 8 & 31) as u8;
        for (i, r) in ahead.iter_mut().enumerate().take(len as usize) {
            *r = (x >> (13 + 6 * i) & 63) as u8;
        }
        Column {
            run: (x & 127) as u8,
            g_ahead: x >> 7 & 1 == 1,
            len,
            ahead,
        }
    }

    fn pack(&self) -> u128 {
        let mut x = self.run as u128 | (self.g_ahead as u128) << 7 | (self.len as u128) << 8;
        for (i, &r) in self.ahead[..self.len as usize].iter().enumerate() {
            x |= (r as u128) << (13 + 6 * i);
        }
        x
    }
}

/// A rival of W columns: each column's difference, packed.
type Rival<const W: usize> = [u128; W];

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
struct State<const W: usize> {
    /// G's current run in each column.
    runs: [u8; W],
    /// The rivals' differences, sorted, each once.
    rivals: Vec<Rival<W>>,
}

/// What one rival becomes after a row.
enum Next<const W: usize> {
    /// It can no longer end with G's column clues.
    Lost,
    /// It equals G in every column: G is not uniquely solvable.
    Equal,
    Rival(Rival<W>),
}

/// The cells the behind side needs at least to complete the runs `ahead`, its current run
/// being `run` (None: it never can).
fn needs(ahead: &[u8], run: u8) -> Option<usize> {
    let first = *ahead.first()?;
    if run > first {
        return None;
    }
    Some((first - run) as usize + ahead[1..].iter().map(|&r| r as usize + 1).sum::<usize>())
}

/// A column of a rival after G reads `x` from current run `a` and the rival reads `y`, with
/// `left` rows after this one; None when the column can no longer end like G's.
fn advance(col: u128, a: u8, x: bool, y: bool, left: usize) -> Option<Column> {
    let c = Column::unpack(col);
    // The completed runs past the common part: G's and the rival's (one of them empty).
    let (mut mine, mut theirs) = ([0u8; 21], [0u8; 21]);
    let (mut nm, mut nt) = (0usize, 0usize);
    if c.g_ahead {
        mine[..c.len as usize].copy_from_slice(&c.ahead[..c.len as usize]);
        nm = c.len as usize;
    } else {
        theirs[..c.len as usize].copy_from_slice(&c.ahead[..c.len as usize]);
        nt = c.len as usize;
    }
    let b = c.run;
    if !x && a > 0 {
        mine[nm] = a;
        nm += 1;
    }
    if !y && b > 0 {
        theirs[nt] = b;
        nt += 1;
    }
    let (a, b) = (if x { a + 1 } else { 0 }, if y { b + 1 } else { 0 });
    let common = mine[..nm]
        .iter()
        .zip(&theirs[..nt])
        .take_while(|(p, q)| p == q)
        .count();
    let (mine, theirs) = (&mine[common..nm], &theirs[common..nt]);
    if !mine.is_empty() && !theirs.is_empty() {
        return None;
    }
    let need = if !mine.is_empty() {
        needs(mine, b)?
    } else if !theirs.is_empty() {
        needs(theirs, a)?
    } else {
        a.abs_diff(b) as usize
    };
    // Each row has the same number of black cells in G and the rival, and the column clues'
    // sums must meet: the black cells a column is behind by must fit in the rows left.
    let sum = |l: &[u8]| l.iter().map(|&r| r as usize).sum::<usize>();
    let behind = (sum(mine) + a as usize).abs_diff(sum(theirs) + b as usize);
    if need.max(behind) > left {
        return None;
    }
    let g_ahead = !mine.is_empty();
    let list = if g_ahead { mine } else { theirs };
    let mut ahead = [0u8; 20];
    ahead[..list.len()].copy_from_slice(list);
    Some(Column {
        run: b,
        g_ahead,
        len: list.len() as u8,
        ahead,
    })
}

/// Whether a rival, after the last row, has G's column clues (G's last current runs `runs`).
fn ends_equal<const W: usize>(rival: &Rival<W>, runs: &[u8; W]) -> bool {
    rival.iter().zip(runs).all(|(&c, &a)| {
        let c = Column::unpack(c);
        let list = &c.ahead[..c.len as usize];
        // Closing both current runs must leave nothing past the common part.
        match (c.g_ahead && !list.is_empty(), list.len()) {
            (_, 0) => a == c.run,
            (true, 1) => a == 0 && c.run == list[0],
            (false, 1) => c.run == 0 && a == list[0],
            _ => false,
        }
    })
}

fn step_rival<const W: usize>(
    rival: &Rival<W>,
    runs: &[u8; W],
    g: u32,
    r: u32,
    left: usize,
) -> Next<W> {
    let mut out = [0u128; W];
    let mut equal = true;
    for j in 0..W {
        let (x, y) = (g >> j & 1 == 1, r >> j & 1 == 1);
        let Some(c) = advance(rival[j], runs[j], x, y, left) else {
            return Next::Lost;
        };
        let a2 = if x { runs[j] + 1 } else { 0 };
        equal &= c.len == 0 && c.run == a2;
        out[j] = c.pack();
    }
    if equal {
        Next::Equal
    } else {
        Next::Rival(out)
    }
}

/// One row for one state: every line G may read, with its successor state (None: G's prefix is
/// not uniquely solvable any more).
fn successors<const W: usize>(
    lines: &Lines,
    state: &State<W>,
    left: usize,
    emit: &mut dyn FnMut(Option<State<W>>),
) {
    let width = lines.width;
    // G itself as a rival: no completed runs apart, the same current runs.
    let itself: Rival<W> = state.runs.map(|run| {
        Column {
            run,
            g_ahead: false,
            len: 0,
            ahead: [0; 20],
        }
        .pack()
    });
    let mut rivals = Vec::new();
    'line: for g in 0..1u32 << width {
        let clue = lines.clue_of[g as usize] as usize;
        rivals.clear();
        let sources =
            std::iter::once((&itself, true)).chain(state.rivals.iter().map(|r| (r, false)));
        for (source, is_g) in sources {
            for &r in &lines.of_clue[clue] {
                if is_g && r == g {
                    continue;
                }
                match step_rival(source, &state.runs, g, r, left) {
                    Next::Lost => {}
                    Next::Equal => {
                        emit(None);
                        continue 'line;
                    }
                    Next::Rival(v) => rivals.push(v),
                }
            }
        }
        let mut runs = [0u8; W];
        for (j, r) in runs.iter_mut().enumerate() {
            *r = if g >> j & 1 == 1 {
                state.runs[j] + 1
            } else {
                0
            };
        }
        emit(Some(canonical(runs, &mut rivals)));
    }
}

/// The state or its mirror image (columns read right to left), whichever is less: both have
/// the same number of uniquely solvable completions (the mirror images of the other's).
fn canonical<const W: usize>(runs: [u8; W], rivals: &mut [Rival<W>]) -> State<W> {
    rivals.sort_unstable();
    let mut flipped_runs = runs;
    flipped_runs.reverse();
    let mut flipped: Vec<Rival<W>> = rivals
        .iter()
        .map(|r| {
            let mut r = *r;
            r.reverse();
            r
        })
        .collect();
    flipped.sort_unstable();
    let mut kept = if (flipped_runs, flipped.as_slice()) < (runs, &*rivals) {
        State {
            runs: flipped_runs,
            rivals: flipped,
        }
    } else {
        State {
            runs,
            rivals: rivals.to_vec(),
        }
    };
    kept.rivals.dedup();
    kept
}

/// A fast hash for states (FxHash's multiply-rotate; the keys are not adversarial).
#[derive(Default, Clone, Copy)]
struct Fx(u64);

impl std::hash::Hasher for Fx {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for chunk in bytes.chunks(8) {
            let mut w = [0u8; 8];
            w[..chunk.len()].copy_from_slice(chunk);
            self.write_u64(u64::from_le_bytes(w));
        }
    }
    fn write_u64(&mut self, x: u64) {
        self.0 = (self.0.rotate_left(5) ^ x).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
    }
    fn write_u128(&mut self, x: u128) {
        self.write_u64(x as u64);
        self.write_u64((x >> 64) as u64);
    }
}

type Map<const W: usize> = HashMap<State<W>, u64, std::hash::BuildHasherDefault<Fx>>;

/// The uniquely solvable grids of `height` rows of `width` cells.
pub fn count(
    width: usize,
    height: usize,
    threads: usize,
    progress: &(dyn Fn(u64, u64) + Sync),
) -> anyhow::Result<u64> {
    if width > MAX_WIDTH || (width > 1 && height > MAX_HEIGHT) {
        anyhow::bail!(
            "the rivals method takes rows of at most {MAX_WIDTH} cells and at most {MAX_HEIGHT} rows (the shorter side is the rows' width), found {width} and {height}"
        );
    }
    match width {
        1 => count_w::<1>(height, threads, progress),
        2 => count_w::<2>(height, threads, progress),
        3 => count_w::<3>(height, threads, progress),
        4 => count_w::<4>(height, threads, progress),
        5 => count_w::<5>(height, threads, progress),
        6 => count_w::<6>(height, threads, progress),
        7 => count_w::<7>(height, threads, progress),
        _ => count_w::<8>(height, threads, progress),
    }
}

fn count_w<const W: usize>(
    height: usize,
    threads: usize,
    progress: &(dyn Fn(u64, u64) + Sync),
) -> anyhow::Result<u64> {
    let lines = Lines::new(W);
    let mut layer: Vec<(State<W>, u64)> = vec![(
        State {
            runs: [0; W],
            rivals: Vec::new(),
        },
        1,
    )];
    let mut total = 0u64;
    for row in 0..height {
        let left = height - row - 1;
        let last = left == 0;
        let chunk = layer.len().div_ceil(threads.max(1)).max(1);
        let parts: Vec<(Map<W>, u64)> = std::thread::scope(|s| {
            let handles: Vec<_> = layer
                .chunks(chunk)
                .map(|part| {
                    let lines = &lines;
                    s.spawn(move || {
                        let mut next = Map::<W>::default();
                        let mut ended = 0u64;
                        for (state, n) in part {
                            successors(lines, state, left, &mut |s| {
                                let Some(s) = s else { return };
                                if last {
                                    if !s.rivals.iter().any(|r| ends_equal(r, &s.runs)) {
                                        ended += n;
                                    }
                                } else {
                                    *next.entry(s).or_default() += n;
                                }
                            });
                        }
                        (next, ended)
                    })
                })
                .collect();
            handles
                .into_iter()
                .map(|h| h.join().expect("no panics while counting"))
                .collect()
        });
        let mut merged = Map::<W>::default();
        for (part, ended) in parts {
            total += ended;
            if merged.is_empty() {
                merged = part;
            } else {
                for (s, n) in part {
                    *merged.entry(s).or_default() += n;
                }
            }
            if merged.len() > MAX_STATES {
                anyhow::bail!(
                    "the rivals method holds more than {MAX_STATES} states after row {} of {height}; use --method classes",
                    row + 1
                );
            }
        }
        log::info!(
            "rivals: {} states after row {}, {} rivals",
            merged.len(),
            row + 1,
            merged.keys().map(|s| s.rivals.len()).sum::<usize>()
        );
        layer = merged.into_iter().collect();
        progress(row as u64 + 1, height as u64);
    }
    Ok(total)
}
