//! The nonogram generator (random pictures until one is unique, by SAT, graded by the shared
//! deduction engine with line solving) and the family's own subcommands: `nonogram reckon`
//! (how many M×N nonograms are uniquely solvable, [`crate::reckon`]) and `reckon-merge`.

use crate::reckon::{self, classes, Method, Units};
use crate::{formats, Nonogram, Picture};
use clap::{Args, FromArgMatches, Subcommand};
use serde_json::json;
use std::path::PathBuf;
use wellposed_engine::anyhow::{self, Result};
use wellposed_engine::grading::deduce_puzzle;
use wellposed_engine::{
    Commands, Context, Difficulty, Family, Generator, GridSize, Made, Report, Request,
};

/// `wellposed nonogram …`.
#[derive(Subcommand)]
pub enum NonogramCommand {
    /// Count the uniquely solvable M×N nonograms (grids no other grid shares its row and
    /// column clues with), exactly.
    Reckon {
        /// Rows.
        m: usize,
        /// Columns.
        n: usize,
        /// classes (grids grouped by row clues, in resumable units; the default), rivals (a
        /// transfer matrix over the rows, for narrow boards: the default when the shorter side
        /// is at most 3) or brute (every grid; at most 24 cells).
        #[arg(long)]
        method: Option<String>,
        /// Worker threads (default: all cores).
        #[arg(long, default_value_t = 0)]
        threads: usize,
        /// Classes method: record finished units here (atomically) and resume from it.
        #[arg(long, value_name = "FILE")]
        checkpoint: Option<PathBuf>,
        /// Classes method: run only the units ≡ K mod N (one machine's share; the shares'
        /// checkpoints are summed by `nonogram reckon-merge`).
        #[arg(long, value_name = "K/N", value_parser = shard)]
        shard: Option<(usize, usize)>,
        /// Classes method: the rows whose clues a unit fixes (default: enough for a few
        /// hundred units). Another depth is another split of the same count.
        #[arg(long, value_name = "ROWS")]
        depth: Option<usize>,
        /// Classes method: count nothing; time this many units drawn at random and
        /// extrapolate the whole count's core-hours with a 95% interval.
        #[arg(long, value_name = "SAMPLES")]
        estimate: Option<usize>,
        /// The seed of --estimate's draw.
        #[arg(long, default_value_t = 1)]
        seed: u64,
    },
    /// Sum the checkpoints of a reckon run in shares (`reckon --shard K/N --checkpoint F`)
    /// into the whole count: every unit must be there exactly once, all of one board and depth.
    ReckonMerge {
        #[arg(required = true)]
        checkpoints: Vec<PathBuf>,
    },
}

fn shard(s: &str) -> Result<(usize, usize), String> {
    wellposed_engine::parse_shard(s).map_err(|e| format!("{e:#}"))
}

/// The family's subcommands, for the registry.
pub const COMMANDS: Commands = Commands {
    about: "Nonograms (paint by numbers)",
    subcommands: NonogramCommand::augment_subcommands,
    run: run_command,
};

fn run_command(m: &clap::ArgMatches, ctx: &Context) -> Result<Report> {
    match NonogramCommand::from_arg_matches(m)? {
        NonogramCommand::Reckon {
            m,
            n,
            method,
            threads,
            checkpoint,
            shard,
            depth,
            estimate,
            seed,
        } => {
            let threads = Context::threads(threads);
            let bar = ctx.options.progress.meter("units (rivals: rows)", 0);
            let progress = |done: u64, of: u64| {
                bar.set_length(of);
                bar.set_position(done);
            };
            if let Some(samples) = estimate {
                if rows_and_width(m, n)?.1 == 0 {
                    anyhow::bail!("--estimate: expected a board with cells, found {m}×{n}");
                }
                let (height, width) = rows_and_width(m, n)?;
                let e = classes::estimate(width, height, depth, samples, seed, threads, &progress)?;
                drop(bar);
                return Ok(Report {
                    text: e.describe(),
                    json: serde_json::to_value(&e)?,
                });
            }
            let method = match method.as_deref() {
                None if m.min(n) <= 3 => Method::Rivals,
                None => Method::Classes,
                Some(s) => Method::parse(s).ok_or_else(|| {
                    anyhow::anyhow!(
                        "--method: expected `classes`, `rivals` or `brute`, found `{s}`"
                    )
                })?,
            };
            if method != Method::Classes && depth.is_some() {
                anyhow::bail!("--depth is for the classes method");
            }
            let units = Units {
                checkpoint: checkpoint.as_deref(),
                shard,
                depth,
                asked: None,
            };
            let r = reckon::reckon(m, n, method, threads, units, &progress)?;
            drop(bar);
            Ok(Report {
                text: r.describe(),
                json: serde_json::to_value(&r)?,
            })
        }
        NonogramCommand::ReckonMerge { checkpoints } => {
            let (rows, columns, count, units) = classes::merge(&checkpoints)?;
            let r = reckon::Reckoning {
                rows,
                columns,
                count,
                method: Method::Classes.name(),
                units: Some(units),
                seconds: 0.0,
            };
            Ok(Report {
                text: r.describe(),
                json: serde_json::to_value(&r)?,
            })
        }
    }
}

/// The rows (the longer side) and their width (the shorter), the board checked.
fn rows_and_width(m: usize, n: usize) -> Result<(usize, usize)> {
    if m * n > reckon::MAX_CELLS {
        anyhow::bail!(
            "expected at most {} cells, found {m}×{n}",
            reckon::MAX_CELLS
        );
    }
    Ok((m.max(n), m.min(n)))
}

/// `generate nonogram`'s parameters.
#[derive(Args)]
pub struct GenerateArgs {
    #[command(flatten)]
    size: GridSize,
}

/// Unique random pictures, graded by the shared deduction engine.
pub const GENERATOR: Generator = Generator {
    args: || GridSize::command::<GenerateArgs>(Nonogram::NAME, 10),
    difficulty: Difficulty::Graded,
    make,
};

fn make(m: &clap::ArgMatches, req: &Request) -> Result<Made> {
    let a = GenerateArgs::from_arg_matches(m)?;
    let (height, width) = a.size.rows_cols();
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
            // What other solvers read (`bench-genres --generated`).
            "url": formats::url(&p),
        }),
        puzzle,
    })
}
