//! The generator: a random loop through the cells (the engine's [`random_grid_loop`]), every
//! pearl the loop admits, then a minimal set of pearls proved unique: pearls are dropped one at
//! a time, in random order, while the engine's uniqueness oracle (lazy single-cycle cuts
//! included) proves the planted loop the only one. One pass leaves a minimal set: a pearl kept
//! was needed with more pearls present, so it is needed with fewer.
//!
//! On larger boards a random loop with all its pearls is seldom unique (a pearl-less stretch,
//! a staircase or a long straight run, somewhere lets another loop through; from 12×12 on, 100
//! random loops in a row failed). So the loop is improved rather than drawn again: while
//! another loop keeps every pearl, that loop becomes the planted one. It keeps every old pearl
//! (it satisfies them) and usually admits more, so the pearl set only grows; when it does not
//! grow, the two loops are alike to every pearl and a new loop is drawn.

use crate::{Family, Loop, Masyu, Pearl};
use clap::{Args, FromArgMatches};
use serde_json::json;
use wellposed_engine::anyhow::{self, Result};
use wellposed_engine::connectivity::random_grid_loop;
use wellposed_engine::sat::{Lit, Var};
use wellposed_engine::{
    uniqueness, Difficulty, Generator, GridSize, Made, Options, Request, Uniqueness,
    UniquenessOracle, Xorshift,
};

/// `generate masyu`'s parameters.
#[derive(Args)]
pub struct GenerateArgs {
    #[command(flatten)]
    size: GridSize,
}

pub const GENERATOR: Generator = Generator {
    args: || GridSize::command::<GenerateArgs>(Masyu::NAME, 6),
    difficulty: Difficulty::Graded,
    make,
};

/// The largest board the generator makes (each pearl costs a check of the incremental oracle;
/// 40×40, the largest benchmark board, is made in minutes).
const MAX_GENERATED: usize = 1600;

fn make(m: &clap::ArgMatches, req: &Request) -> Result<Made> {
    let a = GenerateArgs::from_arg_matches(m)?;
    let (rows, cols) = a.size.rows_cols();
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
        let Some(l) = improved_loop(&empty, empty.loop_of(|k| on[k]), opts)? else {
            continue; // another loop with the same pearls: draw another
        };
        let on: Vec<bool> = (0..empty.num_segs()).map(|k| l.has(empty.seg(k))).collect();
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
            continue; // proved unique above, so only a bound (`--conflicts`) stops here
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

/// `l` or a loop grown from it whose pearls (every one it admits) allow no other loop; `None`
/// when another loop admits exactly the same pearls (no pearl can tell the two apart).
fn improved_loop(empty: &Masyu, mut l: Loop, opts: &Options) -> Result<Option<Loop>, String> {
    let with_pearls = |l: &Loop| {
        let mut p = empty.clone();
        for (k, pearl) in empty.pearl_options(l) {
            p.cells[k] = pearl;
        }
        p
    };
    let mut p = with_pearls(&l);
    // Each step adds at least one pearl, so at most one step per cell.
    for _ in 0..=empty.cells.len() {
        let other = match uniqueness(&p, opts).map_err(|e| e.to_string())? {
            Uniqueness::Unique(_) => return Ok(Some(l)),
            Uniqueness::None => {
                return Err("internal error: the planted loop breaks a pearl".into())
            }
            Uniqueness::Multiple(a, b) => {
                let a: &Loop = a.solution().ok_or("a loop")?;
                let b: &Loop = b.solution().ok_or("a loop")?;
                if *a == l {
                    b.clone()
                } else {
                    a.clone()
                }
            }
        };
        let q = with_pearls(&other);
        let count = |p: &Masyu| p.cells.iter().filter(|&&c| c != Pearl::None).count();
        if count(&q) <= count(&p) {
            return Ok(None);
        }
        (l, p) = (other, q);
    }
    Ok(None)
}
