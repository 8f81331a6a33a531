//! The zebra generator: minimal unique puzzles with English clues, re-checked by the SAT
//! engine and the rule checker.

use crate::{format, generate, Zebra};
use clap::{Args, FromArgMatches};
use serde_json::json;
use wellposed_engine::anyhow::{self, bail, Result};
use wellposed_engine::{Difficulty, Family, Generator, Made, Request, Uniqueness};

/// `generate zebra`'s parameters.
#[derive(Args)]
pub struct GenerateArgs {
    /// The number of positions (houses).
    #[arg(long, default_value_t = 5)]
    size: usize,
    /// The number of categories (1 to 6).
    #[arg(long, default_value_t = 5)]
    categories: usize,
}

/// Minimal unique puzzles, graded by the shared deduction engine.
pub const GENERATOR: Generator = Generator {
    args: || GenerateArgs::augment_args(clap::Command::new(Zebra::NAME)),
    difficulty: Difficulty::Graded,
    make,
};

fn make(m: &clap::ArgMatches, req: &Request) -> Result<Made> {
    let a = GenerateArgs::from_arg_matches(m)?;
    let (s, opts) = (req.seed, req.options);
    let made = generate::generate(a.size, a.categories, s, opts).map_err(anyhow::Error::msg)?;
    let z = &made.puzzle;
    match wellposed_engine::uniqueness(z, opts)? {
        Uniqueness::Unique(_) => {}
        other => bail!(
            "internal error: a generated zebra puzzle is {}; please report this",
            other.status()
        ),
    }
    z.check(&made.solution)
        .map_err(|e| anyhow::anyhow!("internal error: the planted solution breaks a clue: {e}"))?;
    let sentences: Vec<String> = z
        .clues
        .iter()
        .map(|(f, _)| generate::sentence(z, f))
        .collect();
    let solution = z.table(made.solution.clone());
    let puzzle = format::to_text(z);
    Ok(Made {
        text: format!(
            "# seed {s}: {} clues (minimal; {} drawn before it was unique)\n{}\n# {}",
            z.clues.len(),
            made.drawn,
            puzzle.trim_end(),
            sentences.join("\n# ")
        ),
        json: json!({
            "seed": s, "clues": z.clues.len(), "drawn": made.drawn,
            "puzzle": puzzle, "sentences": sentences, "solution": solution,
        }),
        puzzle,
    })
}
