//! One module per command, and the commands that work on any family as typed clap values; the
//! family subcommands and generators are the families' own (see the registry), run through
//! [`generate`] and `main`.

use crate::args::{CounterArgs, Input, Settings, SolveArgs};
use crate::{in_file, Report};
use anyhow::Result;
use clap::Subcommand;
use std::path::PathBuf;

pub mod count;
pub mod deduce;
pub mod export;
pub mod generate;
pub mod proof;
pub mod repair;
pub mod solve;

// The commands that work on any family (a plain comment: a doc comment would become the
// program's about text).
#[derive(Subcommand)]
#[command(defer = true)]
pub enum Builtin {
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
        /// solutions are their own proof. With --method dlx or native, that method answers
        /// and the proved answer must agree with it.
        #[arg(long)]
        certify: bool,
        /// Search from scratch even when the file names the solution it intends (a nonogram's
        /// `goal`); by default the question is then "is it the only one?", one solve.
        #[arg(long)]
        no_intended: bool,
        #[command(flatten)]
        how: SolveArgs,
    },
    /// Draw the puzzle as given (its grid and clues, no answer) as SVG, as the workbench
    /// shows it: printed, or written into OUT. `solve --svg` draws a solution.
    Svg {
        #[command(flatten)]
        input: Input,
        /// Write the drawing into this file instead of printing it.
        #[arg(short, long, value_name = "OUT")]
        output: Option<PathBuf>,
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
        /// A count by another method (--method dlx, --method counter) must agree with it.
        #[arg(long)]
        certify: bool,
        #[command(flatten)]
        how: SolveArgs,
        #[command(flatten)]
        counter: CounterArgs,
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
        format: export::Format,
        /// Output file (written atomically); standard output when absent.
        #[arg(short, long)]
        output: Option<PathBuf>,
    },
    /// Grade a puzzle by deduction: the hardest technique needed, or where deduction stalls.
    Grade {
        #[command(flatten)]
        input: Input,
        // The help names each family's own rules, from the registry (`grade_max_help`).
        #[arg(long, default_value = "probe", help = grade_max_help())]
        max: String,
    },
    /// The next deduction, in words: the easiest rule that settles a cell, and which.
    Hint {
        #[command(flatten)]
        input: Input,
    },
    /// What to change so that the puzzle has exactly one solution.
    ///
    /// With several solutions, the fewest clues of the kept solution to add; with none, the
    /// fewest clues to remove (and a core of clues that cannot hold together); when unique,
    /// the redundant clues and a minimal set. Every proposal is proved by the engine on the
    /// changed puzzle.
    Repair {
        #[command(flatten)]
        input: Input,
        /// Keep the N-th solution found (from 1) instead of the file's goal or the first.
        #[arg(long, value_name = "N")]
        keep: Option<u64>,
        /// How many smallest proposals to list (each proved).
        #[arg(long, default_value_t = 3)]
        proposals: usize,
        /// Other solutions (or cores) the exact search collects before it completes a proposal
        /// greedily (then the proposal is not proved smallest).
        #[arg(long, default_value_t = wellposed_engine::repair::DEFAULT_ROUNDS)]
        rounds: usize,
        /// Seconds the exact search may take before it completes a proposal greedily.
        #[arg(long, default_value_t = wellposed_engine::repair::DEFAULT_EXACT_SECONDS)]
        exact_seconds: f64,
        /// Write the first proposal's puzzle to this file (atomically).
        #[arg(short, long)]
        output: Option<PathBuf>,
        #[command(flatten)]
        how: SolveArgs,
    },
    /// The setter's workbench: a local web page to edit a puzzle and repair it.
    ///
    /// On this machine only (127.0.0.1): edit a puzzle by clicking or pasting, and see as you
    /// edit whether it is unique, where two solutions differ, its grade, the next hint and the
    /// repair proposals.
    Serve {
        /// The port on 127.0.0.1 (0: any free port).
        #[arg(long, default_value_t = 8080)]
        port: u16,
        /// Seconds one analysis may take before the page is told `unknown`.
        #[arg(long, default_value_t = 5.0)]
        time_bound: f64,
        /// Analyses running at once (others are told the server is busy).
        #[arg(long, default_value_t = 4)]
        jobs: usize,
    },
    /// Check a textual DRAT proof that a DIMACS CNF is unsatisfiable, with wellposed's own
    /// checker (forward RUP, independent of every solver), e.g. one written by
    /// `cadical --no-binary F.cnf F.drat`.
    CheckProof { cnf: PathBuf, proof: PathBuf },
    /// List the registered families: name, what they are, file extensions, and whether they
    /// generate and have commands of their own (with --json, for scripts).
    Families,
}

/// Runs one of the commands that work on any family.
pub fn run(builtin: Builtin, json: bool, s: &Settings) -> Result<Report> {
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
            let asked = solve::Asked {
                deduce,
                svg: svg.as_deref(),
                certify,
                use_intended: !no_intended,
            };
            solve::solve(&input, &opts, asked).map_err(in_file(&input))
        }
        Builtin::Svg { input, output } => {
            puzzle_svg(&input, output.as_deref()).map_err(in_file(&input))
        }
        Builtin::Count {
            input,
            limit,
            threads,
            certify,
            how,
            counter,
        } => {
            let mut opts = s.options(&how, threads);
            opts.counter = counter.counter();
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
        Builtin::Repair {
            input,
            keep,
            proposals,
            rounds,
            exact_seconds,
            output,
            how,
        } => {
            if !(exact_seconds.is_finite() && exact_seconds >= 0.0) {
                anyhow::bail!("--exact-seconds takes a non-negative number of seconds");
            }
            let asked = repair::Asked {
                keep,
                proposals,
                bounds: wellposed_engine::repair::Bounds {
                    rounds,
                    exact_time: std::time::Duration::from_secs_f64(exact_seconds),
                },
                output: output.as_deref(),
            };
            repair::run(&input, &asked, &s.options(&how, 0)).map_err(in_file(&input))
        }
        Builtin::Serve {
            port,
            time_bound,
            jobs,
        } => serve(port, time_bound, jobs, s),
        Builtin::CheckProof { cnf, proof } => proof::check_proof(&cnf, &proof),
        Builtin::Families => Ok(families()),
    }
}

/// `wellposed svg`: the family's picture of the puzzle alone (`svg_puzzle`).
fn puzzle_svg(input: &Input, output: Option<&std::path::Path>) -> Result<Report> {
    let loaded = crate::load(input)?;
    let p = loaded.puzzle.as_ref();
    let Some(drawing) = p.svg_puzzle() else {
        anyhow::bail!("there is no drawing of `{}` puzzles (yet)", p.family());
    };
    let mut json = serde_json::json!({
        "family": p.family(),
        "file": input.file.display().to_string(),
    });
    let text = match output {
        Some(out) => {
            wellposed_engine::write_atomically(out, drawing.as_bytes())?;
            json["svg"] = serde_json::json!(out.display().to_string());
            format!("wrote {}", out.display())
        }
        None => {
            json["svg"] = serde_json::json!(drawing);
            drawing.trim_end().to_string()
        }
    };
    Ok(Report { text, json })
}

/// `wellposed serve`: runs until the process is stopped.
fn serve(port: u16, time_bound: f64, jobs: usize, s: &Settings) -> Result<Report> {
    if !(time_bound.is_finite() && time_bound > 0.0) {
        anyhow::bail!("--time-bound takes a positive number of seconds");
    }
    let config = wellposed_serve::Config {
        addr: std::net::SocketAddr::from(([127, 0, 0, 1], port)),
        time_bound: std::time::Duration::from_secs_f64(time_bound),
        max_jobs: jobs,
        ..Default::default()
    };
    wellposed_serve::run(config, s.default_options(), |addr| {
        // The address on one line of its own, so that scripts (and tests) can read the port.
        println!("serving on http://{addr}/");
        let _ = std::io::Write::flush(&mut std::io::stdout());
    })?;
    Ok(Report {
        text: String::new(),
        json: serde_json::Value::Null,
    })
}

/// `wellposed families`: the registry, in recognition order.
fn families() -> Report {
    let rows: Vec<serde_json::Value> = wellposed_families::FAMILIES
        .iter()
        .map(|f| {
            serde_json::json!({
                "name": f.name, "summary": f.summary, "extensions": f.extensions,
                "puzzlink": f.puzzlink,
                "generate": f.generator.is_some(), "commands": f.commands.is_some(),
            })
        })
        .collect();
    let text = wellposed_families::FAMILIES
        .iter()
        .map(|f| {
            let mut also = Vec::new();
            if !f.puzzlink.is_empty() {
                also.push(format!("puzz.link {}", f.puzzlink.join(", ")));
            }
            if f.generator.is_some() {
                also.push(format!("generate {}", f.name));
            }
            if f.commands.is_some() {
                also.push(format!("wellposed {} …", f.name));
            }
            let also = if also.is_empty() {
                String::new()
            } else {
                format!(" [{}]", also.join("; "))
            };
            format!("{:<14} {}{also}", f.name, f.summary)
        })
        .collect::<Vec<_>>()
        .join("\n");
    Report {
        text,
        json: serde_json::json!({ "families": rows }),
    }
}

/// The families' own deduction rules by name, from the registry ("binary: pairs, gaps, …"):
/// the rules each family gives its examples (all of them: a variant may add rules), in the
/// order of their levels.
pub fn family_rules() -> String {
    let mut per_family = Vec::new();
    for f in wellposed_families::FAMILIES {
        let mut rules: Vec<wellposed_engine::deduce::Rule> = f
            .examples
            .iter()
            .filter_map(|text| (f.parse)(text, f.name).ok())
            .flat_map(|p| {
                p.deduction_rules()
                    .iter()
                    .map(|r| r.rule())
                    .collect::<Vec<_>>()
            })
            .collect();
        rules.sort();
        rules.dedup();
        if !rules.is_empty() {
            let names: Vec<&str> = rules.iter().map(|r| r.name()).collect();
            per_family.push(format!("{}: {}", f.name, names.join(", ")));
        }
    }
    per_family.join("; ")
}

/// `grade --max`'s help, with the families' rules from the registry.
fn grade_max_help() -> String {
    format!(
        "Use rules up to this one only: propagation, the family's own rules by name ({}; an \
         unknown name lists them), probe",
        family_rules()
    )
}

/// The families whose puzzles can be written as puzz.link URLs, from the registry: those
/// whose examples give one.
pub fn url_families() -> String {
    let with_url: Vec<&str> = wellposed_families::FAMILIES
        .iter()
        .filter(|f| {
            f.examples
                .iter()
                .filter_map(|text| (f.parse)(text, f.name).ok())
                .any(|p| p.url().is_some())
        })
        .map(|f| f.name)
        .collect();
    with_url.join(", ")
}
