//! The generator: a random division of the board into rectangles
//! ([`wellposed_engine::rooms::random_rectangles`]), each rectangle's area written in one random
//! cell of it, then the clue cells moved until the engine proves the division the only one:
//! while another solution exists, a rectangle of the planted division that it does not use
//! gets its clue moved to another of its cells. Of a few such unique drafts per seed, the one
//! whose clue positions matter most is kept: for each clue, moving it to another random cell of
//! its rectangle is tried, and a clue whose move makes the puzzle ambiguous counts.
//!
//! Minimal needs no pass of its own: every rectangle holds a number, so a puzzle without one
//! of them has numbers adding up to fewer cells than the board, and no solution at all. No
//! clue can be dropped; what the setter chooses is where each one sits.

use crate::{Clue, Family, Rect, Shikaku};
use clap::{Args, FromArgMatches};
use serde_json::json;
use wellposed_engine::anyhow::{self, Result};
use wellposed_engine::rooms::random_rectangles;
use wellposed_engine::{
    uniqueness, Difficulty, Generator, GridSize, Made as MadeReport, Options, Request, Uniqueness,
    Xorshift,
};

/// `generate shikaku`'s parameters.
#[derive(Args)]
pub struct GenerateArgs {
    #[command(flatten)]
    size: GridSize,
    /// The largest rectangle's area.
    #[arg(long, default_value_t = 12)]
    most: usize,
    /// Unique drafts made per seed; the one whose clue positions matter most is kept.
    #[arg(long, default_value_t = 3)]
    drafts: usize,
}

/// The most cells the generator takes (each clue position tried costs a solve).
pub const MAX_GENERATED_CELLS: usize = 2_500;

/// A generated puzzle, the division it was made from, and how many of its clues sit where
/// they must (moving one to a random other cell of its rectangle made the puzzle ambiguous).
pub struct Made {
    pub puzzle: Shikaku,
    pub rects: Vec<Rect>,
    pub pinned: usize,
}

fn rect_of(cells: &[usize], cols: usize) -> Rect {
    let (first, last) = (cells[0], cells[cells.len() - 1]);
    Rect {
        top: first / cols,
        left: first % cols,
        height: last / cols - first / cols + 1,
        width: last % cols - first % cols + 1,
    }
}

fn random_cell(r: &Rect, cols: usize, rng: &mut Xorshift) -> usize {
    let cells: Vec<usize> = r.cells(cols).collect();
    cells[rng.below(cells.len() as u64) as usize]
}

fn unique(p: &Shikaku, opts: &Options) -> Result<Uniqueness, String> {
    uniqueness(p, opts).map_err(|e| e.to_string())
}

/// A unique puzzle on the division `rects` (clue cells `at`, one per rectangle), made by
/// moving clues; `None` when the moves run out.
fn settle(
    rows: usize,
    cols: usize,
    rects: &[Rect],
    at: &mut [usize],
    rng: &mut Xorshift,
    opts: &Options,
) -> Result<Option<Shikaku>, String> {
    let board = |at: &[usize]| {
        let mut cells = vec![None; rows * cols];
        for (r, &k) in rects.iter().zip(at) {
            cells[k] = Some(Clue::Number(r.area() as u32));
        }
        Shikaku::new(rows, cols, cells)
    };
    for _ in 0..4 * rects.len() + 20 {
        let p = board(at);
        let other = match unique(&p, opts)? {
            Uniqueness::Unique(_) => return Ok(Some(p)),
            Uniqueness::None => return Err("the planted division has no solution".into()),
            Uniqueness::Multiple(a, b) => {
                let a = a.solution::<crate::Division>().cloned();
                let b = b.solution::<crate::Division>().cloned();
                [a, b]
                    .into_iter()
                    .flatten()
                    .find(|s| s.rects.iter().any(|r| !rects.contains(r)))
            }
        };
        let Some(other) = other else {
            return Err("two solutions, neither of them another division".into());
        };
        // The planted rectangles the other solution does not use, which a moved clue could
        // pin down.
        let movable: Vec<usize> = (0..rects.len())
            .filter(|&i| !other.rects.contains(&rects[i]) && rects[i].area() > 1)
            .collect();
        if movable.is_empty() {
            return Ok(None);
        }
        let i = movable[rng.below(movable.len() as u64) as usize];
        at[i] = random_cell(&rects[i], cols, rng);
    }
    Ok(None)
}

/// How many clues of the unique puzzle on `rects` (clue cells `at`) sit where they must.
fn pinned(
    rows: usize,
    cols: usize,
    rects: &[Rect],
    at: &[usize],
    rng: &mut Xorshift,
    opts: &Options,
) -> Result<usize, String> {
    let mut count = 0;
    let mut cells = vec![None; rows * cols];
    for (r, &k) in rects.iter().zip(at) {
        cells[k] = Some(Clue::Number(r.area() as u32));
    }
    for (r, &k) in rects.iter().zip(at) {
        if r.area() == 1 {
            continue;
        }
        let mut to = random_cell(r, cols, rng);
        while to == k {
            to = random_cell(r, cols, rng);
        }
        let mut moved = cells.clone();
        moved[to] = moved[k].take();
        let q = Shikaku::new(rows, cols, moved);
        if !matches!(unique(&q, opts)?, Uniqueness::Unique(_)) {
            count += 1;
        }
    }
    Ok(count)
}

/// A unique Shikaku of `rows`×`cols` with rectangles of at most `most` cells, the best of
/// `drafts` unique drafts by how many clue positions matter.
pub fn generate(
    rows: usize,
    cols: usize,
    most: usize,
    drafts: usize,
    seed: u64,
    opts: &Options,
) -> Result<Made, String> {
    let n = rows.saturating_mul(cols);
    if n == 0 || n > MAX_GENERATED_CELLS {
        return Err(format!(
            "expected 1 to {MAX_GENERATED_CELLS} cells, found {rows}×{cols}"
        ));
    }
    if most < 2 {
        return Err(format!(
            "--most: expected an area of at least 2, found {most}"
        ));
    }
    let mut rng = Xorshift(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1);
    let mut best: Option<Made> = None;
    let mut made = 0;
    for _ in 0..200 {
        if made >= drafts.max(1) {
            break;
        }
        let rooms = random_rectangles(rows, cols, most, &mut rng);
        let rects: Vec<Rect> = rooms.cells.iter().map(|c| rect_of(c, cols)).collect();
        let mut at: Vec<usize> = rects
            .iter()
            .map(|r| random_cell(r, cols, &mut rng))
            .collect();
        let Some(puzzle) = settle(rows, cols, &rects, &mut at, &mut rng, opts)? else {
            continue;
        };
        made += 1;
        let pinned = pinned(rows, cols, &rects, &at, &mut rng, opts)?;
        // The share of clues pinned, compared without division.
        let better = best
            .as_ref()
            .is_none_or(|b| pinned * b.rects.len() > b.pinned * rects.len());
        if better {
            let mut rects = rects;
            rects.sort_unstable_by_key(|r| {
                at[..]
                    .iter()
                    .copied()
                    .find(|&k| r.contains(k / cols, k % cols))
            });
            best = Some(Made {
                puzzle,
                rects,
                pinned,
            });
        }
    }
    best.ok_or_else(|| "no unique puzzle in 200 divisions".into())
}

/// Unique puzzles on random divisions; `--difficulty` grades by the shared deduction engine.
pub const GENERATOR: Generator = Generator {
    args: || GridSize::command::<GenerateArgs>(Shikaku::NAME, 10),
    difficulty: Difficulty::Graded,
    make,
};

fn make(m: &clap::ArgMatches, req: &Request) -> Result<MadeReport> {
    let a = GenerateArgs::from_arg_matches(m)?;
    let (rows, cols) = a.size.rows_cols();
    let s = req.seed;
    let g = generate(rows, cols, a.most, a.drafts, s, req.options).map_err(anyhow::Error::msg)?;
    let solution = g.puzzle.division(
        g.rects
            .iter()
            .map(|r| {
                let clue = r
                    .cells(cols)
                    .find(|&k| g.puzzle.cells[k].is_some())
                    .unwrap_or(0);
                (clue, *r)
            })
            .collect(),
    );
    g.puzzle
        .verify(&solution)
        .map_err(|e| anyhow::anyhow!("internal error: the planted division breaks a rule: {e}"))?;
    let clues = g.rects.len();
    let puzzle = g.puzzle.to_text();
    Ok(MadeReport {
        text: format!(
            "# seed {s}: {clues} rectangles; {} of the clue positions matter (minimal: every number is needed)\n{}",
            g.pinned,
            puzzle.trim_end()
        ),
        json: json!({
            "seed": s, "clues": clues, "pinned": g.pinned, "puzzle": puzzle,
            "url": g.puzzle.url(), "solution": g.puzzle.render(&solution),
        }),
        puzzle,
    })
}
