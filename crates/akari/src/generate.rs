//! The Akari generator: random black cells, a random placement of lights (each light put in a
//! cell still dark, until every white cell is lit, so no two see each other), every black cell
//! numbered from it; kept when those numbers make the placement the only one (the SAT engine
//! decides), then every number that is not needed taken away in one pass (a minimal set:
//! without any one of the numbers left, another placement exists). The black cells stay.

use crate::{Akari, Cell};
use clap::{Args, FromArgMatches};
use serde_json::json;
use wellposed_engine::anyhow::{self, Result};
use wellposed_engine::{
    Difficulty, Family, Generator, Made as MadeReport, Options, Request, UniquenessOracle, Xorshift,
};
use wellposed_sat::{Lit, Var};

/// `generate akari`'s parameters.
#[derive(Args)]
pub struct GenerateArgs {
    /// Width of the board (and height, unless --height is given).
    #[arg(long, default_value_t = 7)]
    size: usize,
    /// Height (default: the width).
    #[arg(long)]
    height: Option<usize>,
    /// The share of black cells, in percent.
    #[arg(long, default_value_t = 20)]
    black: u64,
}

/// A generated puzzle and the lights it was made from.
pub struct Made {
    pub puzzle: Akari,
    pub light: Vec<bool>,
}

/// The most cells the generator takes (each number costs one uniqueness check).
pub const MAX_GENERATED_CELLS: usize = 2_500;

/// A minimal, unique Akari of `rows`×`cols` with about `black` percent black cells.
pub fn generate(
    rows: usize,
    cols: usize,
    black: u64,
    seed: u64,
    opts: &Options,
) -> Result<Made, String> {
    let n = rows.saturating_mul(cols);
    if n == 0 || n > MAX_GENERATED_CELLS {
        return Err(format!(
            "expected 1 to {MAX_GENERATED_CELLS} cells, found {rows}×{cols}"
        ));
    }
    if black > 60 {
        return Err(format!(
            "--black: expected a share of 0 to 60 percent, found {black}"
        ));
    }
    let mut rng = Xorshift(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1);
    for _ in 0..1000 {
        let cells: Vec<Cell> = (0..n)
            .map(|_| {
                if rng.below(100) < black {
                    Cell::Black
                } else {
                    Cell::White
                }
            })
            .collect();
        let mut p = Akari::new(rows, cols, cells);
        let whites = p.whites();
        if whites.is_empty() {
            continue;
        }
        // Lights in random order, each in a cell no light reaches yet.
        let mut order = whites.clone();
        rng.shuffle(&mut order);
        let mut light = vec![false; n];
        let mut lit = vec![false; n];
        for &k in &order {
            if !lit[k] {
                light[k] = true;
                for j in p.lit_from(k) {
                    lit[j] = true;
                }
            }
        }
        let blacks: Vec<usize> = (0..n).filter(|&k| !p.cells[k].is_white()).collect();
        for &k in &blacks {
            let around = p.neighbours(k).filter(|&j| light[j]).count();
            p.cells[k] = Cell::Number(around as u8);
        }
        // One incremental solver answers every check: each number's clauses are a clue it
        // can switch on, and the planted lights are excluded.
        let var_of = p.var_of();
        let clues: Vec<Vec<Vec<Lit>>> = blacks
            .iter()
            .map(|&k| p.number_clauses(k, &var_of))
            .collect();
        let planted: Vec<(Var, bool)> = whites
            .iter()
            .map(|&k| (Var(var_of[k].expect("white") as u32), light[k]))
            .collect();
        let rules = p.rules_cnf(Default::default());
        let mut oracle =
            UniquenessOracle::new(&rules, &clues, &planted, opts).map_err(|e| e.to_string())?;
        let mut active = vec![true; blacks.len()];
        if !oracle.unique(&active) {
            continue;
        }
        let mut by: Vec<usize> = (0..blacks.len()).collect();
        rng.shuffle(&mut by);
        for i in by {
            active[i] = false;
            if !oracle.unique(&active) {
                active[i] = true;
            }
        }
        for (i, &k) in blacks.iter().enumerate() {
            if !active[i] {
                p.cells[k] = Cell::Black;
            }
        }
        return Ok(Made { puzzle: p, light });
    }
    Err("no board whose numbers make it unique in 1,000 tries".into())
}

/// Minimal numbers for random black cells; `--difficulty` grades by the shared deduction
/// engine.
pub const GENERATOR: Generator = Generator {
    args: || GenerateArgs::augment_args(clap::Command::new(Akari::NAME)),
    difficulty: Difficulty::Graded,
    make,
};

fn make(m: &clap::ArgMatches, req: &Request) -> Result<MadeReport> {
    let a = GenerateArgs::from_arg_matches(m)?;
    let (cols, rows) = (a.size, a.height.unwrap_or(a.size));
    let s = req.seed;
    let g = generate(rows, cols, a.black, s, req.options).map_err(anyhow::Error::msg)?;
    g.puzzle
        .check(&g.light)
        .map_err(|e| anyhow::anyhow!("internal error: the planted lights break a rule: {e}"))?;
    let numbers = g
        .puzzle
        .cells
        .iter()
        .filter(|c| matches!(c, Cell::Number(_)))
        .count();
    let puzzle = g.puzzle.to_text();
    Ok(MadeReport {
        text: format!(
            "# seed {s}: {numbers} numbers (minimal)\n{}",
            puzzle.trim_end()
        ),
        json: json!({
            "seed": s, "numbers": numbers, "puzzle": puzzle, "url": g.puzzle.url(),
            "solution": g.puzzle.render(&g.puzzle.lights(g.light.clone())),
        }),
        puzzle,
    })
}
