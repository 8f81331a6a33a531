//! The Fillomino generator: a random division of the board into polyominoes of 1 to
//! `--largest` cells where no two of one size touch (regions grown one at a time from random
//! cells, a region that would touch one of its size grown by a cell or tried again, and merged
//! with it when nothing else works), every
//! cell given its region's size; then the givens taken away in a random order, each one that
//! the solver (the engine's uniqueness check, on the puzzle as it stands) finds not needed.
//! What is left is minimal: a given kept was needed when it was tried, and taking others away
//! after only loosens the puzzle, so without any one of them another solution exists.

use crate::{Clue, Fillomino};
use clap::{Args, FromArgMatches};
use serde_json::json;
use wellposed_engine::anyhow::{self, Result};
use wellposed_engine::rooms::neighbours;
use wellposed_engine::{
    uniqueness, Difficulty, Family, Generator, GridSize, Made as MadeReport, Options, Request,
    Uniqueness, Xorshift,
};

/// `generate fillomino`'s parameters.
#[derive(Args)]
pub struct GenerateArgs {
    #[command(flatten)]
    size: GridSize,
    /// The largest region of the planted division.
    #[arg(long, default_value_t = 6)]
    largest: usize,
}

/// The most cells the generator takes (each given costs one uniqueness check).
pub const MAX_GENERATED_CELLS: usize = 900;

/// A generated puzzle and the numbers it was made from.
pub struct Made {
    pub puzzle: Fillomino,
    pub number: Vec<usize>,
}

/// A random division into regions of 1 to `largest` cells, no two of one size side by side,
/// as each cell's region size (a few regions may be larger, where two of one size had to
/// merge); `None` when merging went past twice `largest`.
pub fn division(
    rows: usize,
    cols: usize,
    largest: usize,
    rng: &mut Xorshift,
) -> Option<Vec<usize>> {
    let n = rows * cols;
    let mut number = vec![0usize; n];
    let mut order: Vec<usize> = (0..n).collect();
    rng.shuffle(&mut order);
    let touches_own_size = |number: &[usize], region: &[usize]| {
        region.iter().any(|&v| {
            neighbours(rows, cols, v).any(|w| number[w] == region.len() && !region.contains(&w))
        })
    };
    for &s in &order {
        if number[s] != 0 {
            continue;
        }
        let mut last = Vec::new();
        for _ in 0..12 {
            let target = 1 + rng.below(largest as u64) as usize;
            let mut region = vec![s];
            loop {
                let frontier: Vec<usize> = region
                    .iter()
                    .flat_map(|&v| neighbours(rows, cols, v))
                    .filter(|&w| number[w] == 0 && !region.contains(&w))
                    .collect();
                let grow = region.len() < target
                    || (touches_own_size(&number, &region) && region.len() < largest);
                if !grow || frontier.is_empty() {
                    break;
                }
                region.push(frontier[rng.below(frontier.len() as u64) as usize]);
            }
            let clash = touches_own_size(&number, &region);
            last = region;
            if !clash {
                break;
            }
        }
        for &v in &last {
            number[v] = last.len();
        }
    }
    // A region that could not avoid one of its size (a cell boxed in beside a 1) is merged
    // with it, and so on until no two regions of one size touch: regions only grow, so this
    // ends.
    loop {
        let rooms = wellposed_engine::rooms::Rooms::from_labels(rows, cols, &number);
        if rooms.cells.iter().all(|c| c.len() == number[c[0]]) {
            break;
        }
        let wrong: Vec<&Vec<usize>> = rooms
            .cells
            .iter()
            .filter(|c| c.len() != number[c[0]])
            .collect();
        for cells in wrong {
            for &v in cells {
                number[v] = cells.len();
            }
        }
    }
    if number.iter().any(|&v| v > 2 * largest) {
        return None;
    }
    Some(number)
}

/// A minimal, unique Fillomino of `rows`×`cols` from a division with regions up to `largest`.
pub fn generate(
    rows: usize,
    cols: usize,
    largest: usize,
    seed: u64,
    opts: &Options,
) -> Result<Made, String> {
    let n = rows.saturating_mul(cols);
    if n == 0 || n > MAX_GENERATED_CELLS {
        return Err(format!(
            "expected 1 to {MAX_GENERATED_CELLS} cells, found {rows}×{cols}"
        ));
    }
    if !(1..=9).contains(&largest) {
        return Err(format!("--largest: expected 1 to 9, found {largest}"));
    }
    let mut rng = Xorshift(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1);
    let number = (0..10_000)
        .find_map(|_| division(rows, cols, largest, &mut rng))
        .ok_or("no division into regions in 10,000 tries")?;
    let mut p = Fillomino::new(
        rows,
        cols,
        number.iter().map(|&v| Some(Clue::Number(v))).collect(),
    );
    let mut order: Vec<usize> = (0..n).collect();
    rng.shuffle(&mut order);
    for k in order {
        let kept = p.givens[k].take();
        match uniqueness(&p, opts).map_err(|e| e.to_string())? {
            Uniqueness::Unique(_) => {}
            _ => p.givens[k] = kept,
        }
    }
    Ok(Made { puzzle: p, number })
}

/// Minimal givens for a random division; `--difficulty` grades by the shared deduction engine.
pub const GENERATOR: Generator = Generator {
    args: || GridSize::command::<GenerateArgs>(Fillomino::NAME, 7),
    difficulty: Difficulty::Graded,
    make,
};

fn make(m: &clap::ArgMatches, req: &Request) -> Result<MadeReport> {
    let a = GenerateArgs::from_arg_matches(m)?;
    let s = req.seed;
    let (rows, cols) = a.size.rows_cols();
    let g = generate(rows, cols, a.largest, s, req.options).map_err(anyhow::Error::msg)?;
    g.puzzle
        .check(&g.number)
        .map_err(|e| anyhow::anyhow!("internal error: the planted numbers break a rule: {e}"))?;
    let givens = g.puzzle.givens.iter().filter(|c| c.is_some()).count();
    let puzzle = g.puzzle.to_text();
    Ok(MadeReport {
        text: format!(
            "# seed {s}: {givens} givens (minimal)\n{}",
            puzzle.trim_end()
        ),
        json: json!({
            "seed": s, "givens": givens, "puzzle": puzzle, "url": g.puzzle.url(),
            "solution": g.puzzle.render(&g.puzzle.numbers(g.number.clone())),
        }),
        puzzle,
    })
}
