//! `nonogram reckon M N`: how many M×N nonograms have exactly one solution — the number of
//! M×N 0/1 grids that no other grid shares both its row clues and its column clues with
//! (OEIS A384764; A242876 is its diagonal, A383345 its two-column edge).
//!
//! Two independent methods count it, and a brute force checks both on small boards:
//!
//! - [`classes`] (the default, and the one in resumable units): the grids are grouped by their
//!   row clues. Within one group (the product of each row's set of lines), a row-by-row DP over
//!   the vector of column automaton states, each state's number of grids capped at 2, gives
//!   the column-clue vectors reached by exactly one grid of the group: those grids are the
//!   group's uniquely solvable ones. The groups are walked depth first over the rows' clues,
//!   so a prefix's DP is shared by every group that starts with it; up–down and left–right
//!   flips of the picture map groups to groups, so only one group per orbit is counted at the
//!   last row, weighted by the orbit's size.
//! - [`rivals`] (for narrow boards, and as the second method): a transfer matrix over the rows
//!   that sums the row clues out. Its state is a grid prefix's own current column runs and the
//!   set of its *rivals* — the other prefixes with the same row clues — each written only as
//!   how its columns differ from the prefix's (completed runs past the common part, current
//!   runs); rivals that can no longer end with the same column clues are dropped, and a rival
//!   that matches exactly kills the prefix (it could copy the prefix's future).
//!
//! ```
//! use wellposed_nonogram::reckon::{reckon, Method, Units};
//! // A384764: A(3,3) = 384 of the 512 grids are uniquely solvable.
//! let r = reckon(3, 3, Method::Classes, 1, Units::default(), &|_, _| {}).unwrap();
//! assert_eq!(r.count, 384);
//! let r = reckon(3, 3, Method::Rivals, 1, Units::default(), &|_, _| {}).unwrap();
//! assert_eq!(r.count, 384);
//! ```

pub mod classes;
pub mod rivals;

use std::collections::HashMap;
use std::path::Path;

/// The run lengths of `line`'s black cells (bit j = cell j), in order.
pub fn runs(line: u32, width: usize) -> Vec<u8> {
    let mut out = Vec::new();
    let mut run = 0u8;
    for j in 0..width {
        if line >> j & 1 == 1 {
            run += 1;
        } else if run > 0 {
            out.push(run);
            run = 0;
        }
    }
    if run > 0 {
        out.push(run);
    }
    out
}

/// Every line of one width, grouped by clue: the clues in lexicographic order (ids), the lines
/// of each, and each clue's mirror image.
pub struct Lines {
    pub width: usize,
    pub clues: Vec<Vec<u8>>,
    /// The clue id of each line (indexed by the line's bits).
    pub clue_of: Vec<u16>,
    /// The lines of each clue.
    pub of_clue: Vec<Vec<u32>>,
    /// The id of each clue read right to left.
    pub mirror: Vec<u16>,
}

impl Lines {
    pub fn new(width: usize) -> Lines {
        assert!(width <= 24, "lines of at most 24 cells");
        let all: Vec<Vec<u8>> = (0..1u32 << width).map(|l| runs(l, width)).collect();
        let mut clues = all.clone();
        clues.sort();
        clues.dedup();
        let id: HashMap<&[u8], u16> = clues
            .iter()
            .enumerate()
            .map(|(i, c)| (c.as_slice(), i as u16))
            .collect();
        let clue_of: Vec<u16> = all.iter().map(|c| id[c.as_slice()]).collect();
        let mut of_clue = vec![Vec::new(); clues.len()];
        for (l, &c) in clue_of.iter().enumerate() {
            of_clue[c as usize].push(l as u32);
        }
        let mirror = clues
            .iter()
            .map(|c| {
                let r: Vec<u8> = c.iter().rev().copied().collect();
                id[r.as_slice()]
            })
            .collect();
        Lines {
            width,
            clues,
            clue_of,
            of_clue,
            mirror,
        }
    }
}

/// The method that counts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Method {
    /// Grids grouped by their row clues ([`classes`]).
    Classes,
    /// The rival-set transfer matrix ([`rivals`]).
    Rivals,
    /// Every grid, its clue pair in a hash map (at most 2^24 grids).
    Brute,
}

impl Method {
    pub fn parse(s: &str) -> Option<Method> {
        match s {
            "classes" => Some(Method::Classes),
            "rivals" => Some(Method::Rivals),
            "brute" => Some(Method::Brute),
            _ => None,
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Method::Classes => "classes",
            Method::Rivals => "rivals",
            Method::Brute => "brute",
        }
    }
}

/// The most cells a board may have: counts stay within 64 bits.
pub const MAX_CELLS: usize = 63;

/// The most cells the brute force takes.
pub const BRUTE_CELLS: usize = 24;

/// Where the classes method keeps its finished units, which of them it runs, and how deep a
/// unit's prefix of row clues is.
#[derive(Clone, Copy, Default)]
pub struct Units<'a> {
    pub checkpoint: Option<&'a Path>,
    /// (K, N): only the units ≡ K mod N.
    pub shard: Option<(usize, usize)>,
    /// Rows whose clues a unit fixes (default [`classes::default_depth`]).
    pub depth: Option<usize>,
    /// The board as asked (rows, columns), kept in the checkpoint for `reckon-merge`'s report.
    pub asked: Option<(usize, usize)>,
}

/// What `reckon` found.
#[derive(serde::Serialize, Debug)]
pub struct Reckoning {
    pub rows: usize,
    pub columns: usize,
    /// Uniquely solvable rows×columns nonograms (a part of them when `units` is incomplete).
    pub count: u64,
    pub method: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub units: Option<classes::UnitsDone>,
    pub seconds: f64,
}

impl Reckoning {
    pub fn describe(&self) -> String {
        let part = match &self.units {
            Some(u) if !u.complete => format!(
                " — a PART of the count: {} of {} units (resume with the same --checkpoint, or run the other shares and `nonogram reckon-merge`)",
                u.counted, u.of
            ),
            _ => String::new(),
        };
        format!(
            "uniquely solvable {}×{} nonograms: {} ({}, {:.2} s){part}",
            self.rows, self.columns, self.count, self.method, self.seconds
        )
    }
}

/// The number of uniquely solvable `rows`×`columns` nonograms by `method`, with `threads`
/// workers; `units` for the classes method; `progress(done, of)` after each unit or row.
pub fn reckon(
    rows: usize,
    columns: usize,
    method: Method,
    threads: usize,
    units: Units,
    progress: &(dyn Fn(u64, u64) + Sync),
) -> anyhow::Result<Reckoning> {
    if rows * columns > MAX_CELLS {
        anyhow::bail!(
            "expected at most {MAX_CELLS} cells (counts past 2^63 are not kept), found {rows}×{columns}"
        );
    }
    if method != Method::Classes && (units.checkpoint.is_some() || units.shard.is_some()) {
        anyhow::bail!("--checkpoint and --shard are for the classes method");
    }
    let started = std::time::Instant::now();
    // A(M,N) = A(N,M): the lines are the shorter side (fewer row clues, fewer lines a row).
    let (height, width) = (rows.max(columns), rows.min(columns));
    let mut done = None;
    let count = if width == 0 {
        1
    } else {
        match method {
            Method::Brute => {
                if rows * columns > BRUTE_CELLS {
                    anyhow::bail!("the brute force takes at most {BRUTE_CELLS} cells");
                }
                brute_force(rows, columns)
            }
            Method::Rivals => rivals::count(width, height, threads, progress)?,
            Method::Classes => {
                let units = Units {
                    asked: Some((rows, columns)),
                    ..units
                };
                if height > classes::MAX_HEIGHT {
                    anyhow::bail!(
                        "the classes method takes boards whose longer side is at most {} (found {height}); narrow boards go to --method rivals",
                        classes::MAX_HEIGHT
                    );
                }
                let (n, d) = classes::count_in_units(width, height, threads, units, progress)?;
                done = Some(d);
                n
            }
        }
    };
    Ok(Reckoning {
        rows,
        columns,
        count,
        method: method.name(),
        units: done,
        seconds: started.elapsed().as_secs_f64(),
    })
}

/// Every grid's clue pair counted in a hash map: the grids whose pair occurs once. The pair is
/// the clue ids of the rows and of the columns, read as one mixed-radix number.
pub fn brute_force(rows: usize, columns: usize) -> u64 {
    assert!(rows * columns <= BRUTE_CELLS);
    if rows == 0 || columns == 0 {
        return 1;
    }
    let (across, down) = (Lines::new(columns), Lines::new(rows));
    let (ra, rd) = (across.clues.len() as u128, down.clues.len() as u128);
    let mut seen: HashMap<u128, u8> = HashMap::new();
    for g in 0..1u64 << (rows * columns) {
        let mut key = 0u128;
        for r in 0..rows {
            let line = (g >> (r * columns)) as u32 & ((1 << columns) - 1);
            key = key * ra + across.clue_of[line as usize] as u128;
        }
        for c in 0..columns {
            let line: u32 = (0..rows)
                .map(|r| ((g >> (r * columns + c)) as u32 & 1) << r)
                .sum();
            key = key * rd + down.clue_of[line as usize] as u128;
        }
        let n = seen.entry(key).or_default();
        *n = (*n + 1).min(2);
    }
    seen.values().filter(|&&n| n == 1).count() as u64
}

#[cfg(test)]
mod tests;
