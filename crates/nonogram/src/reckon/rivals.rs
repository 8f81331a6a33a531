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

/// A rival column's difference from G's: the rival's current run, which side has completed
/// runs the other has not (and which), G's current run being in the state.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
struct Column {
    /// The rival's current run (0: its last cell is white, or none yet).
    run: u8,
    /// True: G has the completed runs `ahead` that the rival has not; false: the rival has.
    g_ahead: bool,
    ahead: Vec<u8>,
}

type Rival = Vec<Column>;

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
struct State {
    /// G's current run in each column.
    runs: Vec<u8>,
    /// The rivals' differences, sorted, each once.
    rivals: Vec<Rival>,
}

/// What one rival becomes after a row.
enum Next {
    /// It can no longer end with G's column clues.
    Lost,
    /// It equals G in every column: G is not uniquely solvable.
    Equal,
    Rival(Rival),
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

/// Column j of a rival after G reads `x` from current run `a` and the rival reads `y`, with
/// `left` rows after this one; None when the column can no longer end like G's.
fn advance(col: &Column, a: u8, x: bool, y: bool, left: usize) -> Option<Column> {
    let (mut mine, mut theirs): (Vec<u8>, Vec<u8>) = if col.g_ahead {
        (col.ahead.clone(), Vec::new())
    } else {
        (Vec::new(), col.ahead.clone())
    };
    let b = col.run;
    if !x && a > 0 {
        mine.push(a);
    }
    if !y && b > 0 {
        theirs.push(b);
    }
    let (a, b) = (if x { a + 1 } else { 0 }, if y { b + 1 } else { 0 });
    let common = mine.iter().zip(&theirs).take_while(|(p, q)| p == q).count();
    mine.drain(..common);
    theirs.drain(..common);
    if !mine.is_empty() && !theirs.is_empty() {
        return None;
    }
    let need = if !mine.is_empty() {
        needs(&mine, b)?
    } else if !theirs.is_empty() {
        needs(&theirs, a)?
    } else {
        a.abs_diff(b) as usize
    };
    if need > left {
        return None;
    }
    let g_ahead = !mine.is_empty();
    Some(Column {
        run: b,
        g_ahead,
        ahead: if g_ahead { mine } else { theirs },
    })
}

/// Whether a rival, after the last row, has G's column clues (G's last current runs `runs`).
fn ends_equal(rival: &Rival, runs: &[u8]) -> bool {
    rival.iter().zip(runs).all(|(c, &a)| {
        let (mut mine, mut theirs) = if c.g_ahead {
            (c.ahead.clone(), Vec::new())
        } else {
            (Vec::new(), c.ahead.clone())
        };
        if a > 0 {
            mine.push(a);
        }
        if c.run > 0 {
            theirs.push(c.run);
        }
        mine == theirs
    })
}

fn step_rival(rival: &Rival, runs: &[u8], g: u32, r: u32, left: usize) -> Next {
    let mut out = Vec::with_capacity(rival.len());
    let mut equal = true;
    for (j, (col, &a)) in rival.iter().zip(runs).enumerate() {
        let Some(c) = advance(col, a, g >> j & 1 == 1, r >> j & 1 == 1, left) else {
            return Next::Lost;
        };
        let a2 = if g >> j & 1 == 1 { a + 1 } else { 0 };
        equal &= c.ahead.is_empty() && c.run == a2;
        out.push(c);
    }
    if equal {
        Next::Equal
    } else {
        Next::Rival(out)
    }
}

/// One row for one state: every line G may read, with its successor state (None: G's prefix is
/// not uniquely solvable any more).
fn successors(
    lines: &Lines,
    state: &State,
    left: usize,
    emit: &mut dyn FnMut(u32, Option<State>),
) {
    let width = lines.width;
    let itself: Rival = state
        .runs
        .iter()
        .map(|&a| Column {
            run: a,
            g_ahead: false,
            ahead: Vec::new(),
        })
        .collect();
    'line: for g in 0..1u32 << width {
        let clue = lines.clue_of[g as usize] as usize;
        let mut rivals = Vec::new();
        for (source, is_g) in std::iter::once((&itself, true)).chain(state.rivals.iter().map(|r| (r, false))) {
            for &r in &lines.of_clue[clue] {
                if is_g && r == g {
                    continue;
                }
                match step_rival(source, &state.runs, g, r, left) {
                    Next::Lost => {}
                    Next::Equal => {
                        emit(g, None);
                        continue 'line;
                    }
                    Next::Rival(v) => rivals.push(v),
                }
            }
        }
        rivals.sort();
        rivals.dedup();
        let runs = (0..width)
            .map(|j| if g >> j & 1 == 1 { state.runs[j] + 1 } else { 0 })
            .collect();
        emit(g, Some(State { runs, rivals }));
    }
}

/// The uniquely solvable grids of `height` rows of `width` cells.
pub fn count(
    width: usize,
    height: usize,
    threads: usize,
    progress: &(dyn Fn(u64, u64) + Sync),
) -> anyhow::Result<u64> {
    let lines = Lines::new(width);
    let mut layer: Vec<(State, u64)> = vec![(
        State {
            runs: vec![0; width],
            rivals: Vec::new(),
        },
        1,
    )];
    let mut total = 0u64;
    for row in 0..height {
        let left = height - row - 1;
        let last = left == 0;
        let chunk = layer.len().div_ceil(threads.max(1)).max(1);
        let parts: Vec<(HashMap<State, u64>, u64)> = std::thread::scope(|s| {
            let handles: Vec<_> = layer
                .chunks(chunk)
                .map(|part| {
                    let lines = &lines;
                    s.spawn(move || {
                        let mut next: HashMap<State, u64> = HashMap::new();
                        let mut ended = 0u64;
                        for (state, n) in part {
                            successors(lines, state, left, &mut |_, s| {
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
        let mut merged: HashMap<State, u64> = HashMap::new();
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
        log::info!("rivals: {} states after row {}", merged.len(), row + 1);
        layer = merged.into_iter().collect();
        progress(row as u64 + 1, height as u64);
    }
    Ok(total)
}
