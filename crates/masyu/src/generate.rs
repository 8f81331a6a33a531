//! The generator: a random loop through the cells (the engine's [`random_grid_loop`]), every
//! pearl the loop admits, then a minimal set of pearls proved unique: pearls are dropped one at
//! a time, in random order, while the engine's uniqueness oracle (lazy single-cycle cuts
//! included) proves the planted loop the only one. One pass leaves a minimal set: a pearl kept
//! was needed with more pearls present, so it is needed with fewer.

use crate::{Family, Loop, Masyu, Pearl};
use clap::{Args, FromArgMatches};
use serde_json::json;
use wellposed_engine::anyhow::{self, Result};
use wellposed_engine::connectivity::random_grid_loop;
use wellposed_engine::sat::{Lit, Var};
use wellposed_engine::{Difficulty, Generator, Made, Options, Request, UniquenessOracle, Xorshift};

/// `generate masyu`'s parameters.
#[derive(Args)]
pub struct GenerateArgs {
    /// Columns (and rows, unless --height is given).
    #[arg(long, default_value_t = 6)]
    size: usize,
    /// Rows (default: the columns).
    #[arg(long)]
    height: Option<usize>,
}

pub const GENERATOR: Generator = Generator {
    args: || GenerateArgs::augment_args(clap::Command::new(Masyu::NAME)),
    difficulty: Difficulty::Graded,
    make,
};

/// The largest board the generator makes (each pearl costs a solve).
const MAX_GENERATED: usize = 900;

fn make(m: &clap::ArgMatches, req: &Request) -> Result<Made> {
    let a = GenerateArgs::from_arg_matches(m)?;
    let (cols, rows) = (a.size, a.height.unwrap_or(a.size));
    if rows < 2 || cols < 2 || rows * cols > MAX_GENERATED {
        anyhow::bail!("generate masyu: expected at least 2×2 and at most {MAX_GENERATED} cells, found {rows}×{cols}");
    }
    let (p, l) = generate(rows, cols, req.seed, req.options).map_err(anyhow::Error::msg)?;
    p.verify(&l)
        .map_err(|e| anyhow::anyhow!("internal error: the planted loop breaks a rule: {e}"))?;
    let pearls = p.cells.iter().filter(|&&c| c != Pearl::None).count();
    let puzzle = p.to_text();
    Ok(Made {
        text: format!(
            "# seed {}: {pearls} pearls (minimal)\n{}",
            req.seed,
            puzzle.trim_end()
        ),
        json: json!({
            "seed": req.seed, "pearls": pearls, "puzzle": puzzle, "url": p.url(),
            "solution": p.render(&l),
        }),
        puzzle,
    })
}

/// A puzzle with a minimal set of pearls whose only solution is the returned loop.
pub fn generate(
    rows: usize,
    cols: usize,
    seed: u64,
    opts: &Options,
) -> Result<(Masyu, Loop), String> {
    let mut rng = Xorshift(seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1);
    let empty = Masyu::empty(rows, cols);
    let (rules, used) = empty.cnf_and_used(opts.choices, false);
    for _ in 0..100 {
        let on = random_grid_loop(rows, cols, &mut rng);
        let l = empty.loop_of(|k| on[k]);
        let options = empty.pearl_options(&l);
        let mut full = empty.clone();
        for &(k, pearl) in &options {
            full.cells[k] = pearl;
        }
        let clues: Vec<Vec<Vec<Lit>>> = options
            .iter()
            .map(|&(k, _)| full.pearl_clauses(k, &used))
            .collect();
        let planted: Vec<(Var, bool)> = (0..empty.num_segs())
            .map(|k| (Var(k as u32), on[k]))
            .collect();
        let mut oracle = UniquenessOracle::for_encoding(&rules, &clues, &planted, opts)
            .map_err(|e| e.to_string())?;
        let mut active = vec![true; options.len()];
        if !oracle.unique(&active) {
            continue; // every pearl and still another loop: draw another
        }
        let mut order: Vec<usize> = (0..options.len()).collect();
        rng.shuffle(&mut order);
        for i in order {
            active[i] = false;
            if !oracle.unique(&active) {
                active[i] = true;
            }
        }
        let mut p = empty.clone();
        for (i, &(k, pearl)) in options.iter().enumerate() {
            if active[i] {
                p.cells[k] = pearl;
            }
        }
        return Ok((p, l));
    }
    Err("no loop with a unique puzzle found in 100 tries".into())
}
