//! The nonogram generator: random pictures until one is unique (by SAT), graded by the shared
//! deduction engine with line solving.

use crate::{formats, Nonogram, Picture};
use clap::{Args, FromArgMatches};
use serde_json::json;
use wellposed_engine::anyhow::{self, Result};
use wellposed_engine::grading::deduce_puzzle;
use wellposed_engine::{Difficulty, Family, Generator, Made, Request};

/// `generate nonogram`'s parameters.
#[derive(Args)]
pub struct GenerateArgs {
    /// Width (and height, unless --height is given).
    #[arg(long, default_value_t = 10)]
    size: usize,
    /// Height (default: the width).
    #[arg(long)]
    height: Option<usize>,
}

/// Unique random pictures, graded by the shared deduction engine.
pub const GENERATOR: Generator = Generator {
    args: || GenerateArgs::augment_args(clap::Command::new(Nonogram::NAME)),
    difficulty: Difficulty::Graded,
    make,
};

fn make(m: &clap::ArgMatches, req: &Request) -> Result<Made> {
    let a = GenerateArgs::from_arg_matches(m)?;
    let (width, height) = (a.size, a.height.unwrap_or(a.size));
    let s = req.seed;
    let (p, drawn) = crate::generate(width, height, s, req.options).map_err(anyhow::Error::msg)?;
    let goal = p.goal.clone().expect("generated from a picture");
    p.check(&goal)
        .map_err(|e| anyhow::anyhow!("internal error: the picture breaks its clues: {e}"))?;
    // The grade `wellposed grade` gives: the shared engine with line solving.
    let (d, _) = deduce_puzzle(&p)?;
    let grade = match (d.solved, d.hardest) {
        (true, Some(r)) => format!("solved by deduction, hardest rule {}", r.name()),
        (true, None) => "nothing to deduce".to_string(),
        (false, _) => format!("deduction stalls with {} cells open", d.open),
    };
    let picture = Picture::new(width, goal);
    let puzzle = formats::to_text(&p);
    Ok(Made {
        text: format!(
            "# seed {s}: unique after {drawn} random pictures; {grade}\n# game ID: {}\n{}",
            formats::game_id(&p),
            puzzle.trim_end()
        ),
        json: json!({
            "seed": s, "drawn": drawn, "game_id": formats::game_id(&p),
            "puzzle": puzzle, "solution": picture, "solved_by_deduction": d.solved,
            "hardest": d.hardest, "open": d.open,
        }),
        puzzle,
    })
}
