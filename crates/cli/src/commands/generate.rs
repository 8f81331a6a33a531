//! `wellposed generate FAMILY`: the registry's generators, each with its own parameters, and
//! the flags every generator shares (seed, count, difficulty).

use crate::Report;
use anyhow::Result;
use clap::{Args, FromArgMatches};
use wellposed_engine::{Difficulty, FamilyEntry, Options};
use wellposed_families::FAMILIES;

/// The flags every generator takes.
#[derive(Args)]
pub struct Common {
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// How many puzzles (seeds SEED, SEED+1, …).
    #[arg(long, default_value_t = 1)]
    count: u64,
    #[arg(long)]
    difficulty: Option<String>,
}

/// What `--difficulty` means for a generator.
fn difficulty_help(d: Difficulty) -> String {
    match d {
        Difficulty::None => "Not taken: these puzzles are not graded by deduction".into(),
        Difficulty::Own(names) => format!(
            "The deduction the puzzle must need: {} (the generator chooses clues for it)",
            names.join(", ")
        ),
        Difficulty::Graded => "The hardest rule of the shared deduction engine the puzzle must \
             need (propagation, the family's rules, probe, or search when deduction stalls), by \
             trying seeds s, s + 2^32, …; the JSON names the seed"
            .into(),
    }
}

/// The `generate` command: one subcommand per family with a generator.
pub fn command() -> clap::Command {
    let mut cmd = clap::Command::new("generate")
        .about("Generate a uniquely solvable puzzle with a minimal set of clues")
        .subcommand_required(true);
    for f in FAMILIES {
        let Some(g) = f.generator else { continue };
        let sub = Common::augment_args((g.args)())
            .about(format!("Generate {}", f.summary))
            .mut_arg("difficulty", |a| a.help(difficulty_help(g.difficulty)));
        cmd = cmd.subcommand(sub);
    }
    cmd
}

/// Runs the generator of `family` with its parsed arguments.
pub fn run(family: &FamilyEntry, args: &clap::ArgMatches, opts: &Options) -> Result<Report> {
    let common = Common::from_arg_matches(args)?;
    wellposed_engine::generate::generate(
        family,
        args,
        (common.seed, common.count),
        common.difficulty.as_deref(),
        opts,
    )
}
