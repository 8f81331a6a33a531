//! `wellposed submarines reckon` and `submarines analyze`: the mathematics of 0-1 matrices
//! with given margins, without an encoding.

use crate::math::{self, Analysis};
use crate::Submarines;
use clap::{FromArgMatches, Subcommand};
use std::path::PathBuf;
use wellposed_engine::anyhow::{self, Result};
use wellposed_engine::{Commands, Report};

/// `wellposed submarines …`.
#[derive(Subcommand)]
pub enum SubmarinesCommand {
    /// Count the clue sets of every M×N board: all, solvable, and uniquely solvable.
    Reckon { m: usize, n: usize },
    /// Answer a puzzle by mathematics alone: Gale–Ryser, Ryser's construction, alternating cycles.
    Analyze { file: PathBuf },
}

/// The family's subcommands, for the registry.
pub const COMMANDS: Commands = Commands {
    about: "Submarines: a 0-1 matrix from its row and column sums",
    subcommands: SubmarinesCommand::augment_subcommands,
    run: |m, _| match SubmarinesCommand::from_arg_matches(m)? {
        SubmarinesCommand::Reckon { m, n } => reckon(m, n),
        SubmarinesCommand::Analyze { file } => {
            analyze(&wellposed_engine::read_instance::<Submarines>(&file)?)
        }
    },
};

fn reckon(m: usize, n: usize) -> Result<Report> {
    let r = math::reckon(m, n).map_err(anyhow::Error::msg)?;
    Ok(Report {
        text: format!(
            "{m}×{n} boards: {} clue sets, {} solvable, {} with exactly one solution",
            r.clue_sets, r.solvable, r.unique
        ),
        json: serde_json::to_value(&r)?,
    })
}

fn analyze(p: &Submarines) -> Result<Report> {
    let a = math::analyze(&p.rows, &p.cols);
    let text = match &a {
        Analysis::None => "status: none (Gale–Ryser fails)".to_string(),
        Analysis::Unique { solution } => {
            format!("status: unique (no alternating cycle)\n{solution}")
        }
        Analysis::Multiple { solution, second } => {
            format!("status: multiple (an alternating cycle)\nsolution 1:\n{solution}\nsolution 2:\n{second}")
        }
    };
    Ok(Report {
        text,
        json: serde_json::to_value(&a)?,
    })
}
