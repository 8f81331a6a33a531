//! The Battleships generator: a random fleet, its counts, and a minimal set of hints.

use crate::{formats, generate, Battleships};
use clap::{Args, FromArgMatches};
use serde_json::json;
use wellposed_engine::anyhow::{self, Result};
use wellposed_engine::{Difficulty, Family, Generator, Made, Request};

/// `generate battleships`'s parameters.
#[derive(Args)]
pub struct GenerateArgs {
    /// Width and height of the board.
    #[arg(long, default_value_t = 8)]
    size: usize,
}

/// Random fleets with minimal hints, graded by the shared deduction engine.
pub const GENERATOR: Generator = Generator {
    args: || GenerateArgs::augment_args(clap::Command::new(Battleships::NAME)),
    difficulty: Difficulty::Graded,
    make,
};

fn make(m: &clap::ArgMatches, req: &Request) -> Result<Made> {
    let a = GenerateArgs::from_arg_matches(m)?;
    let s = req.seed;
    let made = generate::generate(a.size, s, req.options).map_err(anyhow::Error::msg)?;
    made.puzzle
        .check(&made.ship)
        .map_err(|e| anyhow::anyhow!("internal error: the planted fleet breaks a rule: {e}"))?;
    let solution = made.puzzle.fleet_of(made.ship.clone());
    let puzzle = formats::to_text(&made.puzzle);
    Ok(Made {
        text: format!(
            "# seed {s}: {} hints (minimal; {} drawn before it was unique)\n{}",
            made.puzzle.hints.len(),
            made.drawn,
            puzzle.trim_end()
        ),
        json: json!({
            "seed": s, "hints": made.puzzle.hints.len(), "drawn": made.drawn,
            "puzzle": puzzle, "solution": solution,
            // What other solvers read (`bench-genres --generated`); `null` where the URL
            // cannot say the fleet.
            "url": formats::url(&made.puzzle),
        }),
        puzzle,
    })
}
