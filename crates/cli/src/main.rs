//! `wellposed`: is there a solution, is there exactly one, and how many are there?
//!
//! A thin command line over the engine and the family registry: it parses typed flags
//! (`command_line`), runs the command on the main thread with a backstop that ends it cleanly
//! when `--timeout` runs out (`deadline`), and prints the report as text or JSON
//! (`outcome`). It holds no per-family code: `generate FAMILY` and the family subcommands
//! (`survo enumerate`, `binary count-grids`, …) come from the registry.

mod args;
mod command_line;
mod commands;
mod deadline;
// Not in a static build (scripts/build-dist.sh): libm is then part of the executable, and
// nothing is loaded at start.
#[cfg(all(
    target_os = "linux",
    target_env = "gnu",
    not(target_feature = "crt-static")
))]
mod math_symbols;
mod meters;
mod outcome;

use anyhow::{bail, Result};
use args::{BackendArg, Global, Input, Settings, Task};
use clap::FromArgMatches;
use command_line::{job, parse, Job};
use std::io::Write;
use std::process::ExitCode;
use std::time::Instant;
use wellposed_engine::{Context, Puzzle};

pub use wellposed_engine::Report;

/// Whether the job is `solve` on a raw DIMACS CNF (by `--family` or the extension, as the
/// loader decides; known before the work runs, for the output of a stopped run).
fn solves_raw_cnf(job: &Job) -> bool {
    let Job::Builtin(commands::Builtin::Solve { input, .. }) = job else {
        return false;
    };
    wellposed_families::family_before_reading(&input.file, input.family.as_deref())
        .is_some_and(|f| f.name == wellposed_families::RAW_CNF.name)
}

/// A loaded input: the puzzle, and whether it is raw DIMACS (answered in SAT-competition style).
pub struct Loaded {
    pub puzzle: Box<dyn Puzzle>,
    pub raw_cnf: bool,
}

/// Reads a command's input through the registry.
pub fn load(input: &Input) -> Result<Loaded> {
    let puzzle = wellposed_families::load(&input.file, input.family.as_deref())?;
    let raw_cnf = puzzle.family() == wellposed_families::RAW_CNF.name;
    Ok(Loaded { puzzle, raw_cnf })
}

fn main() -> ExitCode {
    env_logger::Builder::from_env(env_logger::Env::default().default_filter_or("warn")).init();
    let args: Vec<std::ffi::OsString> = std::env::args_os().collect();
    let mut matches = parse(&args).unwrap_or_else(|e| e.exit());
    // Taken out of the matches, not read from a copy of them (`from_arg_matches` clones the
    // whole tree of matches: 13 k instructions, and as many to drop the copy). The command's
    // own matches keep the global flags clap copied into them.
    let global = Global::from_arg_matches_mut(&mut matches).unwrap_or_else(|e| e.exit());
    let job = job(matches).unwrap_or_else(|e| e.exit());
    let json = global.json;
    let started = Instant::now();
    let progress = wellposed_engine::Progress::with_meters(std::sync::Arc::new(meters::Bars));
    let printer = outcome::Printer {
        json,
        // A count stopped by --timeout still says how many solutions it had found.
        counting: matches!(job, Job::Builtin(commands::Builtin::Count { .. })),
        solving: matches!(job, Job::Builtin(commands::Builtin::Solve { .. })),
        raw_cnf: solves_raw_cnf(&job),
        started,
        progress: progress.clone(),
    };
    let stop_at = match global.deadline(started) {
        Ok(d) => d,
        Err(e) => return printer.finished(Err(anyhow::anyhow!(e)), &mut std::io::stdout().lock()),
    };
    let settings = Settings::new(&global, stop_at, progress);
    let backstop = backstop(&job);
    deadline::run(printer, stop_at, backstop, || run(job, json, &settings))
}

/// How `--timeout` ends `job` if its work does not stop by itself: by a signal where the
/// command writes nothing before its report, else by a thread that waits for stdout's lock.
fn backstop(job: &Job) -> deadline::Backstop {
    match job {
        Job::Builtin(commands::Builtin::Solve { .. } | commands::Builtin::Count { .. }) => {
            deadline::Backstop::Alarm
        }
        _ => deadline::Backstop::Watchdog,
    }
}

/// Names the input in an error that does not (an encoding refused for the memory budget is
/// found by the engine, which knows no file).
fn in_file(input: &Input) -> impl Fn(anyhow::Error) -> anyhow::Error + '_ {
    move |e| match e.downcast_ref::<wellposed_engine::EngineError>() {
        Some(wellposed_engine::EngineError::OverBudget { .. }) => {
            let file = input.file.display().to_string();
            e.context(file)
        }
        _ => e,
    }
}

/// Writes one streamed line to standard output at once.
fn stream(line: &str) -> std::io::Result<()> {
    let mut out = std::io::stdout().lock();
    writeln!(out, "{line}")?;
    out.flush()
}

fn run(job: Job, json: bool, s: &Settings) -> Result<Report> {
    let task = match job {
        Job::Generate(..) => Task::Generate,
        _ => Task::Answer,
    };
    let s = &s.for_task(task);
    if s.conflicts.is_some() && s.backend == BackendArg::Varisat {
        // Refused up front: a generator would otherwise take every refused check for "not
        // proved unique" and search on.
        bail!("--conflicts needs a solver that counts conflicts: add --backend cadical (varisat cannot be bounded that way)");
    }
    let builtin = match job {
        Job::Generate(family, args) => {
            return commands::generate::run(family, &args, &s.default_options())
        }
        Job::Family(c, args) => {
            let options = s.default_options();
            let ctx = Context {
                options: &options,
                json,
                stream: &stream,
            };
            return (c.run)(&args, &ctx);
        }
        Job::Builtin(b) => b,
    };
    commands::run(builtin, json, s)
}
