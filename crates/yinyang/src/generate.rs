//! The generator: a random colouring that keeps the rules, then circles.
//!
//! The colouring grows one black area from a random cell: cells next to it, in random order,
//! turn black while no 2×2 block turns all black and the white cells stay connected, until no
//! cell can (the black cells are connected by construction). A colouring left with a white
//! 2×2 block is drawn again. Every cell then holds a circle of its colour (the planted
//! colouring is then the only one), and the circles are taken away one by one in random order
//! while the engine proves the planted colouring still the only one: one pass leaves a minimal
//! set (removing circles only adds solutions, so a circle needed once stays needed).

use crate::{Colour, Colouring, Extras, YinYang};
use clap::{Args, FromArgMatches};
use serde_json::json;
use wellposed_engine::anyhow::{self, Result};
use wellposed_engine::rooms::neighbours;
use wellposed_engine::sat::Var;
use wellposed_engine::{
    Difficulty, Family, Generator, GridSize, Made, Options, Request, UniquenessOracle, Xorshift,
};

/// `generate yinyang`'s parameters.
#[derive(Args)]
pub struct GenerateArgs {
    #[command(flatten)]
    size: GridSize,
}

pub const GENERATOR: Generator = Generator {
    args: || GridSize::command::<GenerateArgs>(YinYang::NAME, 8),
    difficulty: Difficulty::Graded,
    make,
};

/// The largest board the generator makes (each circle costs one uniqueness check).
pub const MAX_GENERATED: usize = 2_500;

fn make(m: &clap::ArgMatches, req: &Request) -> Result<Made> {
    let a = GenerateArgs::from_arg_matches(m)?;
    let (rows, cols) = a.size.rows_cols();
    let (p, s) = generate(rows, cols, req.seed, req.options).map_err(anyhow::Error::msg)?;
    p.verify(&s)
        .map_err(|e| anyhow::anyhow!("internal error: the planted colouring breaks a rule: {e}"))?;
    let circles = p.circles.iter().filter(|c| c.is_some()).count();
    let puzzle = p.to_text();
    Ok(Made {
        text: format!(
            "# seed {}: {circles} circles (minimal)\n{}",
            req.seed,
            puzzle.trim_end()
        ),
        json: json!({
            "seed": req.seed, "circles": circles,
            "puzzle": puzzle, "url": p.url(), "solution": p.render(&s),
        }),
        puzzle,
    })
}

/// Whether cell k is in a 2×2 block all of one colour in `black`.
fn in_uniform_block(rows: usize, cols: usize, black: &[bool], k: usize) -> bool {
    let (r, c) = (k / cols, k % cols);
    (r.saturating_sub(1)..=r.min(rows.saturating_sub(2))).any(|r0| {
        (c.saturating_sub(1)..=c.min(cols.saturating_sub(2))).any(|c0| {
            let t = r0 * cols + c0;
            [t + 1, t + cols, t + cols + 1]
                .iter()
                .all(|&j| black[j] == black[t])
        })
    })
}

/// Whether the cells of cell k's colour other than k stay connected when k changes colour:
/// its neighbours of that colour all reach one another (a search from one of them that stops
/// once it has met them all, which is usually soon).
fn stays_connected(rows: usize, cols: usize, black: &[bool], k: usize) -> bool {
    let colour = black[k];
    let ends: Vec<usize> = neighbours(rows, cols, k)
        .filter(|&j| black[j] == colour)
        .collect();
    let Some(&start) = ends.first() else {
        // k alone: its colour vanishes with it, or k was a piece of its own (then it is
        // connected only if it was the whole colour, which changing it keeps).
        return true;
    };
    let mut seen = vec![false; black.len()];
    seen[k] = true;
    seen[start] = true;
    let mut stack = vec![start];
    let mut left = ends.len() - 1;
    while let Some(v) = stack.pop() {
        for j in neighbours(rows, cols, v) {
            if !seen[j] && black[j] == colour {
                seen[j] = true;
                if ends.contains(&j) {
                    left -= 1;
                    if left == 0 {
                        return true;
                    }
                }
                stack.push(j);
            }
        }
    }
    left == 0
}

/// Whether cell k may change colour: both colours stay connected (k joins its new colour
/// when that colour touches it or is absent).
fn may_flip(rows: usize, cols: usize, black: &[bool], k: usize) -> bool {
    let joins = neighbours(rows, cols, k).any(|j| black[j] != black[k])
        || black.iter().all(|&b| b == black[k]);
    joins && stays_connected(rows, cols, black, k)
}

/// A random colouring of `rows` × `cols` cells that keeps the rules (see the module text).
pub fn colouring(rows: usize, cols: usize, rng: &mut Xorshift) -> Option<Vec<bool>> {
    let n = rows * cols;
    let mut black = vec![false; n];
    black[rng.below(n as u64) as usize] = true;
    // Grow the black area while no black 2×2 appears and the white cells stay connected.
    loop {
        let mut frontier: Vec<usize> = (0..n)
            .filter(|&k| !black[k] && neighbours(rows, cols, k).any(|j| black[j]))
            .collect();
        rng.shuffle(&mut frontier);
        let mut grew = false;
        for k in frontier {
            if !may_flip(rows, cols, &black, k) {
                continue;
            }
            black[k] = true;
            if black_block(rows, cols, &black, k) {
                black[k] = false;
            } else {
                grew = true;
            }
        }
        if !grew {
            break;
        }
    }
    // White 2×2 blocks may be left: flip cells of one-colour blocks (either way) while both
    // colours stay connected and no more cells lie in one-colour blocks than before.
    // Cells in one-colour blocks within the 3×3 square around k: all a flip of k changes.
    let bad_near = |black: &[bool], k: usize| {
        let (r, c) = (k / cols, k % cols);
        (r.saturating_sub(1)..(r + 2).min(rows))
            .flat_map(|i| (c.saturating_sub(1)..(c + 2).min(cols)).map(move |j| i * cols + j))
            .filter(|&j| in_uniform_block(rows, cols, black, j))
            .count()
    };
    let mut now = (0..n)
        .filter(|&k| in_uniform_block(rows, cols, &black, k))
        .count();
    let mut cells: Vec<usize> = Vec::new();
    let mut stale = true;
    for _ in 0..20 * n {
        if now == 0 {
            break;
        }
        if stale {
            cells = (0..n)
                .filter(|&k| in_uniform_block(rows, cols, &black, k))
                .collect();
            stale = false;
        }
        let k = cells[rng.below(cells.len() as u64) as usize];
        // The cell itself or one of its neighbours.
        let around: Vec<usize> = std::iter::once(k)
            .chain(neighbours(rows, cols, k))
            .collect();
        let k = around[rng.below(around.len() as u64) as usize];
        if !may_flip(rows, cols, &black, k) {
            continue;
        }
        let before = bad_near(&black, k);
        black[k] = !black[k];
        let after = bad_near(&black, k);
        if after <= before {
            now = now + after - before;
            stale = true;
        } else {
            black[k] = !black[k];
        }
    }
    let p = YinYang::empty(rows, cols);
    p.check(&black).is_ok().then_some(black)
}

/// Whether cell k is in an all-black 2×2 block.
fn black_block(rows: usize, cols: usize, black: &[bool], k: usize) -> bool {
    let (r, c) = (k / cols, k % cols);
    (r.saturating_sub(1)..=r.min(rows.saturating_sub(2))).any(|r0| {
        (c.saturating_sub(1)..=c.min(cols.saturating_sub(2))).any(|c0| {
            let t = r0 * cols + c0;
            black[t] && black[t + 1] && black[t + cols] && black[t + cols + 1]
        })
    })
}

/// A minimal puzzle whose only solution is the returned colouring.
pub fn generate(
    rows: usize,
    cols: usize,
    seed: u64,
    opts: &Options,
) -> Result<(YinYang, Colouring), String> {
    let n = rows.saturating_mul(cols);
    if rows == 0 || cols == 0 || n > MAX_GENERATED {
        return Err(format!(
            "generate yinyang: expected a board of 1 to {MAX_GENERATED} cells, found {rows}×{cols}"
        ));
    }
    let mut rng = Xorshift(seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1);
    let black = (0..1000)
        .find_map(|_| colouring(rows, cols, &mut rng))
        .ok_or("no colouring without a 2×2 block found in 1,000 tries")?;
    let mut p = YinYang::empty(rows, cols);
    // One incremental solver answers every check: each circle is a clue it can switch on,
    // and the planted colouring is excluded.
    let rules = p.rules_cnf(Default::default(), Extras::ALL);
    let clues: Vec<_> = (0..n)
        .map(|k| vec![YinYang::circle_clause(k, Colour::of_black(black[k]))])
        .collect();
    let planted: Vec<(Var, bool)> = (0..n).map(|k| (Var(k as u32), black[k])).collect();
    let mut oracle = UniquenessOracle::for_encoding(&rules, &clues, &planted, opts)
        .map_err(|e| e.to_string())?;
    let mut active = vec![true; n];
    let mut order: Vec<usize> = (0..n).collect();
    rng.shuffle(&mut order);
    for k in order {
        active[k] = false;
        if !oracle.unique(&active) {
            active[k] = true;
        }
    }
    for k in 0..n {
        if active[k] {
            p.circles[k] = Some(Colour::of_black(black[k]));
        }
    }
    let s = p.colouring_of(|k| black[k]);
    Ok((p, s))
}
