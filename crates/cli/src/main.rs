//! `wellposed`: is there a solution, is there exactly one, and how many are there?
//!
//! A thin command line over the engine and the family registry: it parses typed flags, runs
//! the command on a worker thread (so that `--timeout` can end it cleanly), and prints the
//! report as text or JSON. It holds no per-family code: `generate FAMILY` and the family
//! subcommands (`survo enumerate`, `binary count-grids`, …) come from the registry.

mod args;
mod commands;
mod meters;

use anyhow::{bail, Result};
use args::{BackendArg, Global, Input, Settings, SolveArgs, Task};
use clap::{Args, FromArgMatches, Subcommand};
use serde_json::json;
use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::mpsc;
use std::time::{Duration, Instant};
use wellposed_engine::{Context, Puzzle};
use wellposed_sat::BackendError;

pub use wellposed_engine::Report;

/// Exit codes: 0 answered, 2 error (bad input, failed solver), 3 stopped by --timeout or
/// --conflicts (status "unknown": no answer, never a guessed one). `solve` on a raw DIMACS CNF
/// answers as SAT-competition solvers do: 10 satisfiable, 20 unsatisfiable (and `s UNKNOWN`
/// with 3 when stopped), so scripts that drive SAT solvers can drive it.
const EXIT_ERROR: u8 = 2;
const EXIT_TIMEOUT: u8 = 3;
const EXIT_SATISFIABLE: u8 = 10;
const EXIT_UNSATISFIABLE: u8 = 20;

/// Whether the job is `solve` on a raw DIMACS CNF (read by extension or `--family cnf`).
fn solves_raw_cnf(job: &Job) -> bool {
    let Job::Builtin(Builtin::Solve { input, .. }) = job else {
        return false;
    };
    match input.family.as_deref() {
        Some(f) => f == wellposed_families::RAW_CNF.name,
        None => input.file.extension().is_some_and(|e| e == "cnf"),
    }
}

// The commands that work on any family (a plain comment: a doc comment would become the
// program's about text).
#[derive(Subcommand)]
enum Builtin {
    /// Solve a puzzle (or a .cnf / .dlx file) and say whether its solution is unique.
    Solve {
        #[command(flatten)]
        input: Input,
        /// Also report the deducible cells: those with the same value in every solution.
        #[arg(long)]
        deduce: bool,
        /// Draw the (first) solution as SVG into this file (edge matching, maps on a grid).
        #[arg(long, value_name = "OUT")]
        svg: Option<PathBuf>,
        /// Prove the answer: answered on the SAT path, then varisat writes a DRAT proof that
        /// there is no further solution and an independent checker checks it; several
        /// solutions are their own proof.
        #[arg(long)]
        certify: bool,
        /// Search from scratch even when the file names the solution it intends (a nonogram's
        /// `goal`); by default the question is then "is it the only one?", one solve.
        #[arg(long)]
        no_intended: bool,
        #[command(flatten)]
        how: SolveArgs,
    },
    /// Count solutions (exact, or a lower bound when --limit stops the count).
    Count {
        #[command(flatten)]
        input: Input,
        /// Stop after this many solutions.
        #[arg(long)]
        limit: Option<u64>,
        /// Threads for dancing-links counting (default: all cores).
        #[arg(long, default_value_t = 0)]
        threads: usize,
        /// Count by blocking clauses, then prove no solution is left (a DRAT proof by varisat,
        /// checked by an independent checker); each solution found is checked by the rules.
        #[arg(long)]
        certify: bool,
        #[command(flatten)]
        how: SolveArgs,
    },
    /// List solutions as they are found (with --json: one JSON object per line), then a summary.
    Enumerate {
        #[command(flatten)]
        input: Input,
        /// Stop after this many solutions.
        #[arg(long)]
        limit: Option<u64>,
        #[command(flatten)]
        how: SolveArgs,
    },
    /// Write the puzzle's encoding as DIMACS CNF (with its projection) or Knuth's .dlx.
    Export {
        #[command(flatten)]
        input: Input,
        #[arg(long, value_enum)]
        format: commands::export::Format,
        /// Output file (written atomically); standard output when absent.
        #[arg(short, long)]
        output: Option<PathBuf>,
    },
    /// Grade a puzzle by deduction: the hardest technique needed, or where deduction stalls.
    Grade {
        #[command(flatten)]
        input: Input,
        /// Use techniques up to this one only (binary: pairs, gaps, counts, lines, distinct,
        /// probe; map: propagation, colour-pair, forcing-chain, kempe-chain, probe; other
        /// families: propagation, their own rules by name, probe).
        #[arg(long, default_value = "probe")]
        max: String,
    },
    /// The next deduction, in words: the easiest rule that settles a cell, and which.
    Hint {
        #[command(flatten)]
        input: Input,
    },
    /// Check a textual DRAT proof that a DIMACS CNF is unsatisfiable, with wellposed's own
    /// checker (forward RUP, independent of every solver), e.g. one written by
    /// `cadical --no-binary F.cnf F.drat`.
    CheckProof { cnf: PathBuf, proof: PathBuf },
}

/// What the command line asked for.
enum Job {
    Builtin(Builtin),
    Generate(&'static wellposed_engine::FamilyEntry, clap::ArgMatches),
    Family(wellposed_engine::Commands, clap::ArgMatches),
}

/// The whole command line: the shared flags, the commands on any family, `generate` and each
/// family's subcommands from the registry.
fn cli() -> clap::Command {
    let root = clap::Command::new("wellposed")
        .version(env!("CARGO_PKG_VERSION"))
        .about("Is there a solution, is there exactly one, and how many are there?")
        .subcommand_required(true);
    let mut root = Builtin::augment_subcommands(Global::augment_args(root))
        .about("Is there a solution, is there exactly one, and how many are there?");
    root = root.subcommand(commands::generate::command());
    for f in wellposed_families::FAMILIES {
        if let Some(c) = f.commands {
            root = root.subcommand(c.command(f.name));
        }
    }
    root
}

fn job(m: &clap::ArgMatches) -> Result<Job, clap::Error> {
    match m.subcommand() {
        Some(("generate", g)) => {
            let (name, args) = g.subcommand().expect("a generator is required");
            let family =
                wellposed_families::family(name).expect("generators come from the registry");
            Ok(Job::Generate(family, args.clone()))
        }
        Some((name, args)) => match wellposed_families::family(name).and_then(|f| f.commands) {
            Some(c) => Ok(Job::Family(c, args.clone())),
            None => Builtin::from_arg_matches(m).map(Job::Builtin),
        },
        None => Builtin::from_arg_matches(m).map(Job::Builtin),
    }
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
    let matches = cli().get_matches();
    let global = Global::from_arg_matches(&matches).unwrap_or_else(|e| e.exit());
    let job = job(&matches).unwrap_or_else(|e| e.exit());
    let json = global.json;
    let timeout = global.timeout;
    let started = Instant::now();
    let deadline = timeout
        .filter(|t| t.is_finite() && *t >= 0.0)
        .map(|t| started + Duration::from_secs_f64(t));
    let progress = wellposed_engine::Progress::with_meters(std::sync::Arc::new(meters::Bars));
    let settings = Settings::new(&global, deadline, progress.clone());
    // A count stopped by --timeout still says how many solutions it had found.
    let counting = matches!(job, Job::Builtin(Builtin::Count { .. }));
    let raw_cnf = solves_raw_cnf(&job);
    let (tx, rx) = mpsc::channel();
    // The work runs on its own thread so that --timeout can end the process cleanly even while
    // a solver that cannot be interrupted (varisat) is busy.
    std::thread::Builder::new()
        .stack_size(64 << 20)
        .spawn(move || {
            let _ = tx.send(run(job, json, &settings));
        })
        .expect("spawn the worker thread");
    // A worker that ends without an answer has panicked (its message is on stderr): that is
    // an internal error, never a timeout.
    let panicked = || {
        Err(anyhow::anyhow!(
            "internal error: the work stopped unexpectedly (see the message above); please report this"
        ))
    };
    let outcome = match timeout {
        Some(t) if t.is_finite() && t >= 0.0 => match rx.recv_timeout(Duration::from_secs_f64(t)) {
            Ok(r) => Ok(r),
            Err(mpsc::RecvTimeoutError::Disconnected) => Ok(panicked()),
            Err(mpsc::RecvTimeoutError::Timeout) => Err(()),
        },
        Some(_) => Ok(Err(anyhow::anyhow!(
            "--timeout takes a non-negative number of seconds"
        ))),
        None => Ok(rx.recv().unwrap_or_else(|_| panicked())),
    };
    let mut out = std::io::stdout().lock();
    match outcome {
        Ok(Ok(report)) => {
            let _ = if json {
                writeln!(out, "{}", report.json)
            } else {
                writeln!(out, "{}", report.text)
            };
            match report.json["status"].as_str() {
                Some("none") if raw_cnf => ExitCode::from(EXIT_UNSATISFIABLE),
                Some("unique" | "multiple") if raw_cnf => ExitCode::from(EXIT_SATISFIABLE),
                _ => ExitCode::SUCCESS,
            }
        }
        Ok(Err(e)) if stopped_by(&e).is_some() => {
            let reason = stopped_by(&e).unwrap_or("limit");
            let secs = started.elapsed().as_secs_f64();
            let found = progress.solutions_found();
            if json {
                let mut j = json!({"status": "unknown", "reason": reason, "seconds": secs});
                if counting {
                    // A lower bound, not the count (the model counter adds nothing to it).
                    j["count_at_least"] = json!(found);
                    j["complete"] = json!(false);
                }
                let _ = writeln!(out, "{j}");
            } else if counting {
                let _ = writeln!(
                    out,
                    "status: unknown (stopped by the {reason} limit after {secs:.1} s); at least {found} solutions found"
                );
            } else if raw_cnf {
                let _ = writeln!(
                    out,
                    "s UNKNOWN\nc stopped by the {reason} limit after {secs:.1} s"
                );
            } else {
                let _ = writeln!(
                    out,
                    "status: unknown (stopped by the {reason} limit after {secs:.1} s)"
                );
            }
            ExitCode::from(EXIT_TIMEOUT)
        }
        Ok(Err(e)) => {
            if json {
                let _ = writeln!(
                    out,
                    "{}",
                    json!({"status": "error", "error": format!("{e:#}")})
                );
            }
            eprintln!("wellposed: error: {e:#}");
            ExitCode::from(EXIT_ERROR)
        }
        Err(()) => {
            let secs = started.elapsed().as_secs_f64();
            let found = progress.solutions_found();
            if json {
                let mut j = json!({"status": "unknown", "reason": "timeout", "seconds": secs});
                if counting {
                    // A lower bound, not the count (the model counter adds nothing to it).
                    j["count_at_least"] = json!(found);
                    j["complete"] = json!(false);
                }
                let _ = writeln!(out, "{j}");
            } else if counting {
                let _ = writeln!(
                    out,
                    "status: unknown (stopped by --timeout after {secs:.1} s); at least {found} solutions found"
                );
            } else if raw_cnf {
                let _ = writeln!(out, "s UNKNOWN\nc stopped by --timeout after {secs:.1} s");
            } else {
                let _ = writeln!(
                    out,
                    "status: unknown (stopped by --timeout after {secs:.1} s)"
                );
            }
            let _ = out.flush();
            // The worker may be inside a solver that cannot be interrupted: end the process.
            std::process::exit(i32::from(EXIT_TIMEOUT));
        }
    }
}

/// The limit (`timeout`, `conflicts`) that stopped a solve, if that is what the error is.
fn stopped_by(e: &anyhow::Error) -> Option<&'static str> {
    e.chain().find_map(|c| {
        let backend = c.downcast_ref::<BackendError>().or_else(|| {
            match c.downcast_ref::<wellposed_engine::EngineError>() {
                Some(wellposed_engine::EngineError::Backend(b)) => Some(b),
                _ => None,
            }
        });
        match backend {
            Some(BackendError::Stopped { reason }) => Some(*reason),
            _ => None,
        }
    })
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
    use commands::{count, deduce, export, proof, solve};
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
    match builtin {
        Builtin::Solve {
            input,
            deduce,
            svg,
            certify,
            no_intended,
            how,
        } => {
            let opts = s.options(&how, 0);
            if certify {
                solve::certifiable(&opts)?;
            }
            let asked = solve::Asked {
                deduce,
                svg: svg.as_deref(),
                certify,
                use_intended: !no_intended,
            };
            solve::solve(&input, &opts, asked).map_err(in_file(&input))
        }
        Builtin::Count {
            input,
            limit,
            threads,
            certify,
            how,
        } => {
            let opts = s.options(&how, threads);
            if certify {
                solve::certifiable(&opts)?;
            }
            count::count(&input, &opts, limit, certify).map_err(in_file(&input))
        }
        Builtin::Enumerate { input, limit, how } => {
            count::enumerate(&input, &s.options(&how, 0), limit, json).map_err(in_file(&input))
        }
        Builtin::Export {
            input,
            format,
            output,
        } => export::export(&input, format, &s.default_options(), output.as_deref())
            .map_err(in_file(&input)),
        Builtin::Grade { input, max } => deduce::grade(&input, &max).map_err(in_file(&input)),
        Builtin::Hint { input } => deduce::hint(&input).map_err(in_file(&input)),
        Builtin::CheckProof { cnf, proof } => proof::check_proof(&cnf, &proof),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_command_line_is_well_formed() {
        cli().debug_assert();
    }

    #[test]
    fn every_generator_and_family_command_is_reachable() {
        for f in wellposed_families::FAMILIES {
            if f.generator.is_some() {
                let m = cli()
                    .try_get_matches_from(["wellposed", "generate", f.name])
                    .unwrap();
                assert!(matches!(job(&m).unwrap(), Job::Generate(g, _) if g.name == f.name));
            }
            if let Some(c) = f.commands {
                let sub = c.command(f.name);
                let first = sub
                    .get_subcommands()
                    .next()
                    .expect("a family command has some");
                let name = first.get_name().to_string();
                // Asking for its help is enough to show it is wired in.
                let e = cli()
                    .try_get_matches_from(["wellposed", f.name, &name, "--help"])
                    .expect_err("help ends the parse");
                assert_eq!(e.kind(), clap::error::ErrorKind::DisplayHelp);
            }
        }
    }
}
