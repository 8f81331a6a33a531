//! The generator: a random shading (cells in random order, each shaded while no two shaded
//! cells touch and the unshaded cells stay connected), every unshaded cell given the number it
//! sees (then only the planted shading fits: unshading a shaded cell would raise a neighbour's
//! count), then numbers dropped one at a time, in random order, while the engine proves the
//! planted shading the only one (a number kept was needed with more numbers present, so it is
//! needed with fewer): a minimal set of numbers, proved unique.

use crate::{Clue, Family, Kurodoko, Shading};
use clap::{Args, FromArgMatches};
use serde_json::json;
use wellposed_engine::anyhow::{self, Result};
use wellposed_engine::rooms::add_shading;
use wellposed_engine::{
    uniqueness, Difficulty, Generator, GridSize, Made, Options, Request, Uniqueness, Xorshift,
};

/// `generate kurodoko`'s parameters.
#[derive(Args)]
pub struct GenerateArgs {
    #[command(flatten)]
    size: GridSize,
}

pub const GENERATOR: Generator = Generator {
    args: || GridSize::command::<GenerateArgs>(Kurodoko::NAME, 7),
    difficulty: Difficulty::Graded,
    make,
};

/// The largest board the generator makes (each number costs a solve).
const MAX_GENERATED: usize = 900;

fn make(m: &clap::ArgMatches, req: &Request) -> Result<Made> {
    let a = GenerateArgs::from_arg_matches(m)?;
    let (rows, cols) = a.size.rows_cols();
    if rows < 2 || cols < 2 || rows * cols > MAX_GENERATED {
        anyhow::bail!("generate kurodoko: expected a board of 2×2 to {MAX_GENERATED} cells, found {rows}×{cols}");
    }
    let (p, s) = generate(rows, cols, req.seed, req.options).map_err(anyhow::Error::msg)?;
    p.verify(&s)
        .map_err(|e| anyhow::anyhow!("internal error: the planted shading breaks a rule: {e}"))?;
    let numbers = p.clued().count();
    let puzzle = p.to_text();
    Ok(Made {
        text: format!(
            "# seed {}: {numbers} numbers (minimal)\n{}",
            req.seed,
            puzzle.trim_end()
        ),
        json: json!({
            "seed": req.seed, "numbers": numbers,
            "puzzle": puzzle, "url": p.url(), "solution": p.render(&s),
        }),
        puzzle,
    })
}

/// A puzzle with a minimal set of numbers whose only solution is the returned shading.
pub fn generate(
    rows: usize,
    cols: usize,
    seed: u64,
    opts: &Options,
) -> Result<(Kurodoko, Shading), String> {
    let mut rng = Xorshift(seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1);
    let unique = |p: &Kurodoko| -> Result<bool, String> {
        Ok(matches!(
            uniqueness(p, opts).map_err(|e| e.to_string())?,
            Uniqueness::Unique(_)
        ))
    };
    let n = rows * cols;
    let mut shaded = vec![false; n];
    add_shading(rows, cols, &mut shaded, &mut rng);
    let mut p = Kurodoko {
        rows,
        cols,
        cells: vec![Clue::None; n],
    };
    for k in 0..n {
        if !shaded[k] {
            p.cells[k] = Clue::Number(p.seen(k, |j| shaded[j]));
        }
    }
    let s = p.shading_of(|k| shaded[k]);
    if !unique(&p)? {
        return Err("internal error: the fully numbered board is not unique".into());
    }
    let mut order: Vec<usize> = p.clued().collect();
    rng.shuffle(&mut order);
    for k in order {
        let number = p.cells[k];
        p.cells[k] = Clue::None;
        if !unique(&p)? {
            p.cells[k] = number;
        }
    }
    Ok((p, s))
}
