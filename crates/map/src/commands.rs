//! The map generator: grown regions, a random colouring, a minimal set of givens chosen for the
//! difficulty asked.

use crate::{generate, Map};
use clap::{Args, FromArgMatches};
use serde_json::json;
use wellposed_engine::anyhow::{self, Result};
use wellposed_engine::deduce::Rule;
use wellposed_engine::{Difficulty, Family, Generator, GridSize, Made, Request};

/// `generate map`'s parameters.
#[derive(Args)]
pub struct GenerateArgs {
    #[command(flatten)]
    size: GridSize,
    /// The number of regions.
    #[arg(long, default_value_t = 8)]
    regions: usize,
    /// The number of colours.
    #[arg(long, default_value_t = 4)]
    colours: usize,
}

/// Tatham's names for his levels, then the rule names `grade` prints.
const DIFFICULTIES: &[&str] = &[
    "easy",
    "normal",
    "hard",
    "propagation",
    "colour-pair",
    "forcing-chain",
    "kempe-chain",
    "probe",
];

/// The rule a difficulty name asks for.
fn rule(name: &str) -> Option<Rule> {
    Some(match name {
        "easy" | "propagation" => Rule::Propagation,
        "normal" | "colour-pair" => Rule::Family("colour-pair", 3),
        "hard" | "forcing-chain" => Rule::Family("forcing-chain", 4),
        "kempe-chain" => Rule::Family("kempe-chain", 5),
        "probe" => Rule::Probe,
        _ => return None,
    })
}

/// Minimal givens for a random colouring, chosen so that the difficulty asked is needed.
pub const GENERATOR: Generator = Generator {
    args: || GridSize::command::<GenerateArgs>(Map::NAME, 6),
    difficulty: Difficulty::Own(DIFFICULTIES),
    make,
};

fn make(m: &clap::ArgMatches, req: &Request) -> Result<Made> {
    let a = GenerateArgs::from_arg_matches(m)?;
    let (height, width) = a.size.rows_cols();
    let s = req.seed;
    let difficulty = req.difficulty.and_then(rule);
    let g = generate::generate(
        width,
        height,
        a.regions,
        a.colours,
        s,
        req.options,
        difficulty,
    )
    .map_err(anyhow::Error::msg)?;
    g.map
        .check(&g.colour)
        .map_err(|e| anyhow::anyhow!("internal error: the planted colouring breaks a rule: {e}"))?;
    let puzzle = g.map.to_text();
    Ok(Made {
        text: format!(
            "# seed {s}: {} givens (minimal)\n{}",
            g.map.givens.len(),
            puzzle.trim_end()
        ),
        json: json!({
            "seed": s, "givens": g.map.givens.len(), "puzzle": puzzle,
            "solution": g.map.render(&g.map.colouring(g.colour.clone())),
        }),
        puzzle,
    })
}
