//! What the front ends ask of binary puzzles beyond solving: `binary count-grids` (every valid
//! grid, exactly) and the generator (minimal unique puzzles, graded by binary's own techniques,
//! which grade and hint use through the shared engine: see [`crate::deduce`]).

use crate::deduce::{self, Technique};
use crate::{count, dp, generate, mitm, Binary, Rules};
use serde::Serialize;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::time::{Duration, Instant};
use wellposed_engine::anyhow::{self, bail, Result};
use wellposed_engine::clap::{self, Args, FromArgMatches, Subcommand};
use wellposed_engine::deduce::Rule;
use wellposed_engine::grading::Summary;
use wellposed_engine::{
    Commands, Context, Difficulty, Family, Generator, Made, Progress, Report, Request,
};

/// `wellposed binary …`.
#[derive(Subcommand)]
pub enum BinaryCommand {
    /// Count every valid complete N×N grid (the solutions of the empty puzzle), exactly.
    CountGrids {
        n: usize,
        /// For rectangular grids: the height (default N).
        #[arg(long)]
        height: Option<usize>,
        /// Rule set: distinct or no-distinct.
        #[arg(long, default_value = "distinct", value_parser = rules)]
        rules: Rules,
        /// dp (no-distinct only, the default there), mitm (distinct only, the default there
        /// when its table fits in memory) or search (either; resumable).
        #[arg(long)]
        method: Option<String>,
        /// Worker threads (default: all cores).
        #[arg(long, default_value_t = 0)]
        threads: usize,
        /// Search method: record finished work here (atomically) and resume from it.
        #[arg(long, value_name = "FILE")]
        checkpoint: Option<PathBuf>,
    },
}

fn rules(s: &str) -> Result<Rules, String> {
    Rules::parse(s).ok_or_else(|| format!("expected `distinct` or `no-distinct`, found `{s}`"))
}

/// The family's subcommands, for the registry.
pub const COMMANDS: Commands = Commands {
    about: "Binary puzzles (Takuzu / Binairo / Unruly)",
    subcommands: BinaryCommand::augment_subcommands,
    run: |m, ctx| match BinaryCommand::from_arg_matches(m)? {
        BinaryCommand::CountGrids {
            n,
            height,
            rules,
            method,
            threads,
            checkpoint,
        } => {
            let c = count_grids(
                (n, height.unwrap_or(n)),
                rules,
                method.as_deref(),
                Context::threads(threads),
                checkpoint.as_deref(),
                &ctx.options.progress,
            )?;
            Ok(Report {
                text: format!(
                    "{}×{} grids under the {} rules: {} ({}, {:.2} s)",
                    c.width, c.height, c.rules, c.count, c.method, c.seconds
                ),
                json: serde_json::to_value(&c)?,
            })
        }
    },
};

/// What `count-grids` found.
#[derive(Serialize)]
pub struct GridCount {
    pub n: usize,
    pub width: usize,
    pub height: usize,
    pub rules: Rules,
    #[serde(serialize_with = "wellposed_engine::big")]
    pub count: num_bigint::BigUint,
    /// `dp` (states met in the middle, no distinctness), `mitm` (half grids met in the middle,
    /// distinctness) or `search` (every grid, split by symmetry).
    pub method: &'static str,
    pub seconds: f64,
}

/// The widest grid each method accepts: the search's line masks; the DP's table grows by
/// about 8× per two columns (12 wide: 59 million states, about 12 GB), so 12 is its limit here.
const DP_MAX: usize = 12;

/// The most half grids the meet-in-the-middle count may hold (each takes about 40–70 bytes
/// while the table is built): 10×10 has 18 million; 12×12 has billions and is refused.
const MITM_HALVES: u128 = 150_000_000;

pub fn count_grids(
    (width, height): (usize, usize),
    rules: Rules,
    method: Option<&str>,
    threads: usize,
    checkpoint: Option<&Path>,
    progress: &Progress,
) -> Result<GridCount> {
    if width == 0 || height == 0 || width % 2 == 1 || height % 2 == 1 {
        bail!("expected even sides (rows and columns are balanced), found {width}×{height}");
    }
    let mitm_fits = || {
        width <= mitm::MAX_WIDTH
            && height <= mitm::MAX_HEIGHT
            && mitm::halves_bound(width, height) <= MITM_HALVES
    };
    let method: &'static str = match (method, rules) {
        (Some("dp"), _) => "dp",
        (Some("mitm"), _) => "mitm",
        (Some("search"), _) => "search",
        (Some(other), _) => {
            bail!("--method: expected `dp`, `mitm` or `search`, found `{other}`")
        }
        (None, Rules::NoDistinct) => "dp",
        (None, Rules::Distinct) if checkpoint.is_none() && mitm_fits() => "mitm",
        (None, Rules::Distinct) => "search",
    };
    if method != "search" && checkpoint.is_some() {
        bail!(
            "--checkpoint is for the search method; the {method} method runs in seconds to minutes"
        );
    }
    if method == "dp" && rules == Rules::Distinct {
        bail!("the dp method counts without distinctness only; use --method mitm or search for `distinct`");
    }
    if method == "mitm" && rules == Rules::NoDistinct {
        bail!("the mitm method counts with distinctness only; use --method dp or search for `no-distinct`");
    }
    let limit = match method {
        "dp" => DP_MAX,
        "mitm" => mitm::MAX_WIDTH,
        _ => crate::lines::MAX_LINE,
    };
    if width > limit || height > crate::search::MAX_HEIGHT {
        bail!("--method {method} takes widths up to {limit} here (found {width}×{height})");
    }
    if method == "mitm" {
        if height > mitm::MAX_HEIGHT {
            bail!(
                "--method mitm takes heights up to {} (found {width}×{height})",
                mitm::MAX_HEIGHT
            );
        }
        let bound = mitm::halves_bound(width, height);
        if bound > MITM_HALVES {
            bail!(
                "--method mitm would hold up to {bound} half grids of {width}×{}, more than the \
                 {MITM_HALVES} that fit in memory here",
                height / 2
            );
        }
    }
    let started = Instant::now();
    let n = match method {
        "dp" => {
            let bar = progress.meter("rows of the half table", height as u64 / 2);
            let r = dp::count_no_distinct(width, height, threads, &|row, _| {
                bar.set_position(row as u64)
            });
            drop(bar);
            r.map_err(anyhow::Error::msg)?.count
        }
        "mitm" => {
            let bar = progress.meter("half grids joined", 0);
            let r = mitm::count_distinct(width, height, threads, &|done, all| {
                bar.set_length(all as u64);
                bar.set_position(done as u64);
            });
            drop(bar);
            log::info!(
                "{width}×{height}: {} halves, {} pairs checked",
                r.halves,
                r.pairs
            );
            r.count
        }
        _ => search_with_checkpoint((width, height), rules, threads, checkpoint, progress)?,
    };
    Ok(GridCount {
        n: width,
        width,
        height,
        rules,
        count: n.into(),
        method,
        seconds: started.elapsed().as_secs_f64(),
    })
}

/// What a checkpoint holds: the shape and rules it belongs to, and each finished task's
/// weighted count (decimal strings: counts may outgrow 64 bits).
#[derive(Serialize, serde::Deserialize, Default)]
struct Checkpoint {
    width: usize,
    height: usize,
    rules: String,
    done: BTreeMap<usize, String>,
}

/// The symmetric search, recording finished tasks in `checkpoint` (atomically, at most every
/// few seconds and at the end) and resuming from it when it exists.
fn search_with_checkpoint(
    (width, height): (usize, usize),
    rules: Rules,
    threads: usize,
    checkpoint: Option<&Path>,
    progress: &Progress,
) -> Result<u128> {
    let fresh = Checkpoint {
        width,
        height,
        rules: rules.name().to_string(),
        done: BTreeMap::new(),
    };
    let state = match checkpoint.filter(|p| p.exists()) {
        Some(path) => {
            let c: Checkpoint = serde_json::from_slice(&std::fs::read(path)?).map_err(|e| {
                anyhow::anyhow!("{}: not a count-grids checkpoint ({e})", path.display())
            })?;
            if (c.width, c.height, c.rules.as_str()) != (width, height, rules.name()) {
                bail!(
                    "{}: the checkpoint is for {}×{} {}, not {width}×{height} {rules}",
                    path.display(),
                    c.width,
                    c.height,
                    c.rules
                );
            }
            c
        }
        None => fresh,
    };
    let mut before = 0u128;
    for (k, v) in &state.done {
        before += v
            .parse::<u128>()
            .map_err(|_| anyhow::anyhow!("checkpoint: task {k} has a bad count `{v}`"))?;
    }
    let already: std::collections::BTreeSet<usize> = state.done.keys().copied().collect();
    let state = Mutex::new(state);
    let saver = wellposed_engine::Checkpointer::new(checkpoint, Duration::from_secs(5));
    let bar = progress.meter("first-row pairs", 0);
    bar.set_position(already.len() as u64);
    let found = count::count_tasks(
        width,
        height,
        rules == Rules::Distinct,
        threads,
        &|k| already.contains(&k),
        &|k, n, all| {
            bar.set_length(all as u64);
            bar.inc(1);
            let mut c = state.lock().expect("no panics while counting");
            c.done.insert(k, n.to_string());
            saver.save_if_due(&*c);
        },
    );
    drop(bar);
    saver.save(&*state.lock().expect("no panics while counting"));
    saver.finish()?;
    Ok(before + found)
}

/// A generated puzzle, checked: unique by the SAT engine, its solution by the rule checker.
#[derive(Serialize)]
pub struct Generated {
    pub seed: u64,
    pub width: usize,
    pub height: usize,
    pub rules: Rules,
    pub clues: usize,
    pub game_id: String,
    pub puzzle: String,
    pub solution: Vec<Vec<u8>>,
    /// Deduction on the generated puzzle (hardest technique, or stalled).
    pub grade: Summary,
}

pub fn generate_binary(
    width: usize,
    height: usize,
    rules: Rules,
    seed: u64,
    difficulty: Option<&str>,
    sat: &wellposed_engine::Options,
) -> Result<Generated> {
    let max = difficulty.map(technique).transpose()?;
    let g = generate::generate(width, height, rules, seed, max, sat).map_err(anyhow::Error::msg)?;
    // The removal loop used the row solver; the SAT engine checks the result independently.
    let opts = wellposed_engine::Options {
        method: wellposed_engine::Method::Sat,
        ..sat.clone()
    };
    match wellposed_engine::uniqueness(&g.puzzle, &opts)? {
        wellposed_engine::Uniqueness::Unique(_) => {}
        other => bail!(
            "internal error: the generated puzzle is {} by the SAT engine; please report this",
            other.status()
        ),
    }
    crate::verify_rows(&g.puzzle, &g.solution).map_err(|e| {
        anyhow::anyhow!("internal error: the generated solution breaks a rule: {e}")
    })?;
    Ok(Generated {
        seed,
        width,
        height,
        rules,
        clues: g.puzzle.clues(),
        game_id: crate::unruly::game_id(&g.puzzle),
        puzzle: g.puzzle.to_text(),
        solution: g.solution,
        grade: grade_of(&g.puzzle),
    })
}

/// A technique's name (or `probe`) as the rule the generator's deduction goes up to.
pub fn technique(s: &str) -> Result<wellposed_engine::deduce::Rule> {
    deduce::rule_named(s).ok_or_else(|| {
        anyhow::anyhow!(
            "expected a technique: {}, probe; found `{s}`",
            Technique::ALL.map(|t| t.name()).join(", ")
        )
    })
}

/// A generated puzzle's grade: deduction with every technique and probing.
pub fn grade_of(p: &Binary) -> Summary {
    Summary::of(&deduce::deduce(p, Rule::Probe))
}

/// `generate binary`'s parameters.
#[derive(Args)]
pub struct GenerateArgs {
    /// Width (and height, unless --height is given).
    #[arg(long, default_value_t = 6)]
    size: usize,
    /// Height (default: the width).
    #[arg(long)]
    height: Option<usize>,
    /// Rule set: distinct or no-distinct.
    #[arg(long, default_value = "distinct", value_parser = rules)]
    rules: Rules,
}

/// Minimal unique puzzles, solvable with binary's techniques up to `--difficulty`.
pub const GENERATOR: Generator = Generator {
    args: || GenerateArgs::augment_args(clap::Command::new(Binary::NAME)),
    difficulty: Difficulty::Own(&["pairs", "gaps", "counts", "lines", "distinct", "probe"]),
    make: |m, req: &Request| {
        let a = GenerateArgs::from_arg_matches(m)?;
        let made = generate_binary(
            a.size,
            a.height.unwrap_or(a.size),
            a.rules,
            req.seed,
            req.difficulty,
            req.options,
        )?;
        Ok(Made {
            text: format!(
                "# seed {}: {} clues; {}\n# game ID: {}\n{}",
                made.seed,
                made.clues,
                wellposed_engine::grading::describe(&made.grade, made.width * made.height),
                made.game_id,
                made.puzzle.trim_end()
            ),
            puzzle: made.puzzle.clone(),
            json: serde_json::to_value(&made)?,
        })
    },
};
