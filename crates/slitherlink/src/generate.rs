//! The generator: a random loop (the engine's: the boundary of a random region of cells grown
//! and trimmed one cell at a time, kept only while its boundary stays one loop), every cell's
//! number, then
//! a minimal set of numbers proved unique: numbers are dropped one at a time, in random order,
//! while one incremental solver (the engine's uniqueness oracle, lazy single-cycle cuts
//! included) proves the planted loop the only one. One pass leaves a minimal set: a number
//! kept was needed with more numbers present, so it is needed with fewer.

use crate::{Cell, Family, Loop, Slitherlink};
use clap::{Args, FromArgMatches};
use serde_json::json;
use wellposed_engine::anyhow::{self, Result};
use wellposed_engine::connectivity::random_grid_loop;
use wellposed_engine::sat::{Lit, Var};
use wellposed_engine::{
    Difficulty, Generator, GridSize, Made, Options, Request, UniquenessOracle, Xorshift,
};

/// `generate slitherlink`'s parameters.
#[derive(Args)]
pub struct GenerateArgs {
    #[command(flatten)]
    size: GridSize,
}

pub const GENERATOR: Generator = Generator {
    args: || GridSize::command::<GenerateArgs>(Slitherlink::NAME, 6),
    difficulty: Difficulty::Graded,
    make,
};

/// The largest board the generator makes (each number costs a check of the incremental oracle;
/// 40×40, the largest benchmark board, is made in minutes).
const MAX_GENERATED: usize = 1600;

fn make(m: &clap::ArgMatches, req: &Request) -> Result<Made> {
    let a = GenerateArgs::from_arg_matches(m)?;
    let (rows, cols) = a.size.rows_cols();
    if rows < 2 || cols < 2 || rows * cols > MAX_GENERATED {
        anyhow::bail!("generate slitherlink: expected 2 to {MAX_GENERATED} cells a side product, at least 2×2, found {rows}×{cols}");
    }
    let (p, l) = generate(rows, cols, req.seed, req.options).map_err(anyhow::Error::msg)?;
    p.verify(&l)
        .map_err(|e| anyhow::anyhow!("internal error: the planted loop breaks a rule: {e}"))?;
    let numbers = p.cells.iter().filter(|&&c| c != Cell::Empty).count();
    let puzzle = p.to_text();
    Ok(Made {
        text: format!(
            "# seed {}: {numbers} numbers (minimal)\n{}",
            req.seed,
            puzzle.trim_end()
        ),
        json: json!({
            "seed": req.seed, "numbers": numbers, "puzzle": puzzle, "url": p.url(),
            "solution": p.render(&l),
        }),
        puzzle,
    })
}

/// A random loop on the grid's corners (the engine's [`random_grid_loop`], whose edge order is
/// the answer variables' order).
pub fn random_loop(rows: usize, cols: usize, rng: &mut Xorshift) -> Loop {
    let on = random_grid_loop(rows + 1, cols + 1, rng);
    Slitherlink::empty(rows, cols).loop_of(|k| on[k])
}

/// The clauses "exactly `count` of these four edges": every assignment of them with another
/// count is forbidden (at most 16 clauses of 4 literals, no auxiliary variable).
fn exactly(edges: &[Var; 4], count: u8) -> Vec<Vec<Lit>> {
    (0u8..16)
        .filter(|bits| bits.count_ones() as u8 != count)
        .map(|bits| {
            (0..4)
                .map(|i| Lit::new(edges[i], bits >> i & 1 == 0))
                .collect()
        })
        .collect()
}

/// A puzzle with a minimal set of numbers whose only solution is the returned loop.
pub fn generate(
    rows: usize,
    cols: usize,
    seed: u64,
    opts: &Options,
) -> Result<(Slitherlink, Loop), String> {
    let mut rng = Xorshift(seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1);
    let empty = Slitherlink::empty(rows, cols);
    let rules = empty.cnf(opts.choices, false);
    for _ in 0..100 {
        let l = random_loop(rows, cols, &mut rng);
        let full = Slitherlink {
            cells: (0..rows * cols)
                .map(|k| Cell::Number(empty.count_around(&l, k / cols, k % cols)))
                .collect(),
            ..empty.clone()
        };
        let clues: Vec<Vec<Vec<Lit>>> = (0..rows * cols)
            .map(|k| {
                let edges = empty
                    .cell_edges(k / cols, k % cols)
                    .map(|e| Var(empty.index(e) as u32));
                exactly(&edges, empty.count_around(&l, k / cols, k % cols))
            })
            .collect();
        let planted: Vec<(Var, bool)> = (0..empty.num_edges())
            .map(|k| (Var(k as u32), l.has(empty.edge(k))))
            .collect();
        let mut oracle = UniquenessOracle::for_encoding(&rules, &clues, &planted, opts)
            .map_err(|e| e.to_string())?;
        let mut active = vec![true; rows * cols];
        if !oracle.unique(&active) {
            continue; // every number and still another loop: draw another
        }
        let mut order: Vec<usize> = (0..rows * cols).collect();
        rng.shuffle(&mut order);
        for k in order {
            active[k] = false;
            if !oracle.unique(&active) {
                active[k] = true;
            }
        }
        let p = Slitherlink {
            cells: (0..rows * cols)
                .map(|k| {
                    if active[k] {
                        full.cells[k]
                    } else {
                        Cell::Empty
                    }
                })
                .collect(),
            ..empty
        };
        return Ok((p, l));
    }
    Err("no loop with a unique puzzle found in 100 tries".into())
}
