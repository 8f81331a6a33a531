//! `wellposed`: is there a solution, is there exactly one, and how many are there?
//! A thin command line over the engine and the family crates.

mod binary_cmd;
mod deduce_cmd;
mod files;
mod load;
mod minesweeper_cmd;
mod survo_cmd;

use anyhow::{bail, Context, Result};
use clap::{Parser, Subcommand, ValueEnum};
use serde_json::json;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::mpsc;
use std::time::{Duration, Instant};
use wellposed_engine::{Counting, EncodingKind, Method, Options, SolverChoice, Uniqueness};
use wellposed_sat::{BackendError, Limits};

/// Exit codes: 0 answered, 2 error (bad input, failed solver), 3 stopped by --timeout or
/// --conflicts (status "unknown": no answer, never a guessed one).
const EXIT_ERROR: u8 = 2;
const EXIT_TIMEOUT: u8 = 3;

#[derive(Parser)]
#[command(
    name = "wellposed",
    version,
    about = "Is there a solution, is there exactly one, and how many are there?"
)]
struct Cli {
    /// One JSON object on stdout instead of human text.
    #[arg(long, global = true)]
    json: bool,
    /// Stop after this many seconds, report status "unknown" and exit with code 3 (CaDiCaL
    /// stops itself; varisat, which cannot be interrupted, is abandoned).
    #[arg(long, global = true, value_name = "SECONDS")]
    timeout: Option<f64>,
    /// The built-in SAT solver of every command that asks one (solve, count, enumerate,
    /// generate): varisat (pure Rust) or CaDiCaL (faster; bounded by --timeout and --conflicts).
    /// Deduction (grade, hint) and the families' mathematics use no SAT solver.
    #[arg(long, global = true, value_enum, default_value_t = BackendArg::Varisat)]
    backend: BackendArg,
    /// Give up any single SAT call after this many conflicts (CaDiCaL only). solve, count and
    /// enumerate then report status "unknown" and exit with code 3; generate treats a check
    /// that hit the bound as "not proved unique", so what it makes is proved within the bound.
    #[arg(long, global = true, value_name = "N")]
    conflicts: Option<u32>,
    /// How at-most-one constraints that the family leaves open become clauses: auto (pairwise
    /// up to six literals, sequential beyond), pairwise, or sequential. For measuring and
    /// exporting encodings; answers never change.
    #[arg(long, global = true, value_enum, default_value_t = AmoArg::Auto)]
    amo: AmoArg,
    /// With --amo auto: pairwise up to this many literals, sequential beyond.
    #[arg(long, global = true, value_name = "N", default_value_t = wellposed_sat::DEFAULT_PAIRWISE_UP_TO)]
    pairwise_up_to: usize,
    /// How counts of literals (at most / at least / exactly k) become clauses: auto (a
    /// totalizer for SAT solving, order-encoded partial sums for the model counter, as measured
    /// fastest), totalizer, or sequential.
    #[arg(long, global = true, value_enum, default_value_t = CardinalityArg::Auto)]
    cardinality: CardinalityArg,
    #[command(subcommand)]
    command: Command,
}

#[derive(clap::Args, Clone)]
struct SolveArgs {
    /// Who answers: auto (the family's mathematics if any, else its preferred encoding), CNF
    /// through SAT, dancing links, or the family's mathematics.
    #[arg(long, value_enum, default_value_t = MethodArg::Auto)]
    method: MethodArg,
    /// An external DIMACS solver command, e.g. "cadical -q"; the CNF file is appended.
    #[arg(long, value_name = "CMD", conflicts_with = "backend")]
    solver: Option<String>,
}

#[derive(Clone, Copy, ValueEnum)]
enum AmoArg {
    Auto,
    Pairwise,
    Sequential,
}

#[derive(Clone, Copy, ValueEnum)]
enum CardinalityArg {
    Auto,
    Sequential,
    Totalizer,
}

#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
enum BackendArg {
    Varisat,
    Cadical,
}

/// When --timeout will end the run: CaDiCaL is told, so that it stops itself cleanly.
static DEADLINE: std::sync::OnceLock<Instant> = std::sync::OnceLock::new();

#[derive(Subcommand)]
enum Command {
    /// Solve a puzzle (or a .cnf / .dlx file) and say whether its solution is unique.
    Solve {
        file: PathBuf,
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
        file: PathBuf,
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
        file: PathBuf,
        /// Stop after this many solutions.
        #[arg(long)]
        limit: Option<u64>,
        #[command(flatten)]
        how: SolveArgs,
    },
    /// Write the puzzle's encoding as DIMACS CNF (with its projection) or Knuth's .dlx.
    Export {
        file: PathBuf,
        #[arg(long, value_enum)]
        format: Format,
        /// Output file (written atomically); standard output when absent.
        #[arg(short, long)]
        output: Option<PathBuf>,
    },
    /// Lights Out over GF(2).
    #[command(subcommand, name = "lights-out")]
    LightsOut(LightsOutCommand),
    /// Neighbour-sum grids: clues are weighted sums over a stencil.
    #[command(subcommand, name = "neighbour-sum")]
    NeighbourSum(NeighbourSumCommand),
    /// Survo puzzles: enumerate the uniquely solvable open ones.
    #[command(subcommand)]
    Survo(SurvoCommand),
    /// Submarines: a 0-1 matrix from its row and column sums.
    #[command(subcommand)]
    Submarines(SubmarinesCommand),
    /// Binary puzzles (Takuzu / Binairo / Unruly).
    #[command(subcommand)]
    Binary(BinaryCommand),
    /// Minesweeper: exact layout counts and mine probabilities.
    #[command(subcommand)]
    Minesweeper(MinesweeperCommand),
    /// Edge matching: count solutions, also up to turning the whole board.
    #[command(subcommand)]
    Edges(EdgesCommand),
    /// Generate a uniquely solvable puzzle with a minimal set of clues.
    Generate {
        /// The family (binary, battleships, lights-out, map, minesweeper, nonogram, survo or
        /// zebra). Survo: --size N columns, --height M rows.
        family: String,
        /// Width (and height, unless --height is given); for zebra, the number of positions.
        /// Required except for minesweeper, which takes --level.
        #[arg(long)]
        size: Option<usize>,
        /// Minesweeper: beginner, intermediate or expert.
        #[arg(long, default_value = "beginner")]
        level: String,
        /// Zebra: the number of categories (1 to 6).
        #[arg(long, default_value_t = 5)]
        categories: usize,
        /// Map: the number of regions.
        #[arg(long, default_value_t = 8)]
        regions: usize,
        /// Map: the number of colours.
        #[arg(long, default_value_t = 4)]
        colours: usize,
        #[arg(long)]
        height: Option<usize>,
        /// Rule set: distinct or no-distinct.
        #[arg(long, default_value = "distinct")]
        rules: String,
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// The deduction the puzzle must need. Binary: solvable with techniques up to this one
        /// (pairs, gaps, counts, lines, distinct, probe). Map: easy, normal, hard as in
        /// Tatham's Map, or a rule name; givens are chosen for it. Zebra, nonogram,
        /// battleships, Survo: the hardest rule of the shared deduction engine (propagation,
        /// the family's rules, probe, or search when deduction stalls), by trying seeds.
        #[arg(long)]
        difficulty: Option<String>,
        /// How many puzzles (seeds SEED, SEED+1, …).
        #[arg(long, default_value_t = 1)]
        count: u64,
    },
    /// Grade a puzzle by deduction: the hardest technique needed, or where deduction stalls.
    Grade {
        file: PathBuf,
        /// Use techniques up to this one only (binary: pairs, gaps, counts, lines, distinct,
        /// probe; map: propagation, colour-pair, forcing-chain, kempe-chain, probe; other
        /// families: propagation, their own rules by name, probe).
        #[arg(long, default_value = "probe")]
        max: String,
    },
    /// The next deduction, in words: the easiest rule that settles a cell, and which.
    Hint { file: PathBuf },
    /// Check a textual DRAT proof that a DIMACS CNF is unsatisfiable, with wellposed's own
    /// checker (forward RUP, independent of every solver), e.g. one written by
    /// `cadical --no-binary F.cnf F.drat`.
    CheckProof { cnf: PathBuf, proof: PathBuf },
}

#[derive(Subcommand)]
enum BinaryCommand {
    /// Count every valid complete N×N grid (the solutions of the empty puzzle), exactly.
    CountGrids {
        n: usize,
        /// For rectangular grids: the height (default N).
        #[arg(long)]
        height: Option<usize>,
        /// Rule set: distinct or no-distinct.
        #[arg(long, default_value = "distinct")]
        rules: String,
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

fn rules_arg(s: &str) -> Result<wellposed_binary::Rules> {
    wellposed_binary::Rules::parse(s).ok_or_else(|| {
        anyhow::anyhow!("--rules: expected `distinct` or `no-distinct`, found `{s}`")
    })
}

fn threads_arg(t: usize) -> usize {
    match t {
        0 => std::thread::available_parallelism().map_or(1, |t| t.get()),
        t => t,
    }
}

#[derive(Subcommand)]
enum EdgesCommand {
    /// Every solution by dancing links, and how many remain when boards that are turns of each
    /// other (quarter turns on a square board, half turns otherwise) count once.
    Count {
        file: PathBuf,
        /// Stop after this many solutions.
        #[arg(long)]
        limit: Option<u64>,
    },
}

#[derive(Subcommand)]
enum MinesweeperCommand {
    /// Consistent? The exact number of layouts, the safe cells and mines every layout agrees
    /// on, and each unknown cell's exact probability of a mine (components and a convolution
    /// over mine counts, not an enumeration of the board).
    Analyze { file: PathBuf },
    /// Play whole games (safe first click in a corner): open every cell proved safe, else guess
    /// the lowest exact mine probability; report the win rate.
    Play {
        /// Games to play.
        #[arg(long, default_value_t = 1000)]
        games: usize,
        /// beginner (9×9, 10 mines), intermediate (16×16, 40) or expert (30×16, 99).
        #[arg(long, default_value = "expert")]
        level: String,
        /// How to guess: lowest (mine probability), endgame (plus perfect play when at most
        /// 2000 layouts remain) or progress (plus safety weighed against the chance of
        /// proving more cells safe).
        #[arg(long, default_value = "progress")]
        strategy: String,
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Worker threads (default: all cores); the games do not depend on it.
        #[arg(long, default_value_t = 0)]
        threads: usize,
    },
}

#[derive(Subcommand)]
enum SubmarinesCommand {
    /// Count the clue sets of every M×N board: all, solvable, and uniquely solvable.
    Reckon { m: usize, n: usize },
    /// Answer a puzzle by mathematics alone: Gale–Ryser, Ryser's construction, alternating cycles.
    Analyze { file: PathBuf },
}

#[derive(Subcommand)]
enum LightsOutCommand {
    /// Solvable? How many solutions (2^nullity)? The fewest presses, and the quiet patterns.
    Analyze {
        file: PathBuf,
        /// Search the null space for the fewest presses only up to this dimension.
        #[arg(long, default_value_t = 24)]
        max_search: usize,
    },
    /// The nullity of the N×N board (or M×N with a second size).
    Nullity {
        n: usize,
        m: Option<usize>,
        /// Wrap around the edges (computed by elimination).
        #[arg(long)]
        torus: bool,
        #[arg(long, value_enum, default_value_t = NullityArg::Polynomial)]
        method: NullityArg,
    },
}

#[derive(Clone, Copy, Debug, clap::ValueEnum)]
enum SurvoMethod {
    MarginPairs,
    TwoRowMatchings,
}

impl SurvoMethod {
    fn scan(self) -> wellposed_survo::enumerate::Method {
        match self {
            SurvoMethod::MarginPairs => wellposed_survo::enumerate::Method::MarginPairs,
            SurvoMethod::TwoRowMatchings => wellposed_survo::enumerate::Method::TwoRowMatchings,
        }
    }
}

#[derive(Subcommand)]
enum SurvoCommand {
    /// S(M,N): essentially different uniquely solvable open M×N puzzles, and labelled tables.
    Enumerate {
        m: usize,
        n: usize,
        /// Worker threads (default: all cores).
        #[arg(long, default_value_t = 0)]
        threads: usize,
        /// Scan only shard K of N (units of work ≡ K mod N); merge results with `survo merge`.
        #[arg(long, value_name = "K/N")]
        shard: Option<String>,
        /// Record finished work here (atomically) and resume from it if it exists.
        #[arg(long, value_name = "FILE")]
        checkpoint: Option<PathBuf>,
        /// Also print each puzzle as a JSON line (margins and its one solution).
        #[arg(long)]
        list: bool,
        /// How to decide the pairs: `margin-pairs` (any size) or `two-row-matchings` (2×n and
        /// n×2, 3 ≤ n ≤ 11). Default: the faster one for the size; the other one checks it.
        #[arg(long, value_enum)]
        method: Option<SurvoMethod>,
    },
    /// Add up shard results (files holding `survo enumerate --json` output).
    Merge { files: Vec<PathBuf> },
    /// Draw the lattice of margin pairs coloured by outcome (SVG), and count each outcome.
    Picture {
        m: usize,
        n: usize,
        /// The SVG file to write (atomically).
        #[arg(short, long)]
        output: PathBuf,
    },
}

#[derive(Subcommand)]
enum NeighbourSumCommand {
    /// Decide the clue matrix of an M×N grid exactly: invertible, nullity, determinant, null space.
    Analyze {
        m: usize,
        n: usize,
        /// `nine`, `cross`, or weight rows like `0,1,0;-1,0,1;0,-1,0` (centred on the cell).
        #[arg(long, allow_hyphen_values = true)]
        stencil: String,
    },
}

#[derive(Clone, Copy, ValueEnum)]
enum NullityArg {
    Polynomial,
    Chase,
    Elimination,
}

#[derive(Clone, Copy, ValueEnum)]
enum MethodArg {
    Auto,
    Sat,
    Dlx,
    /// The family's own mathematics (exact linear algebra, …).
    Native,
    /// Count a CNF by blocking clauses, one SAT call per solution (other commands: sat).
    Blocking,
    /// Count a CNF with the exact projected model counter (other commands: sat).
    Counter,
}

#[derive(Clone, Copy, ValueEnum)]
enum Format {
    Dimacs,
    Dlx,
}

/// The SAT solver the command line chose, its bounds, the encoding choices, and the handle
/// the work reports its progress to.
#[derive(Clone)]
struct Sat {
    backend: BackendArg,
    conflicts: Option<u32>,
    choices: wellposed_sat::Choices,
    progress: wellposed_engine::Progress,
}

impl Sat {
    /// Options for the commands without --method and --solver (the generators).
    fn options(&self) -> Options {
        options(
            &SolveArgs {
                method: MethodArg::Auto,
                solver: None,
            },
            self,
            0,
        )
    }
}

fn options(how: &SolveArgs, sat: &Sat, threads: usize) -> Options {
    Options {
        method: match how.method {
            MethodArg::Auto => Method::Auto,
            MethodArg::Sat => Method::Sat,
            MethodArg::Dlx => Method::Dlx,
            MethodArg::Native => Method::Native,
            MethodArg::Blocking | MethodArg::Counter => Method::Sat,
        },
        counting: match how.method {
            MethodArg::Blocking => Counting::Blocking,
            MethodArg::Counter => Counting::Counter,
            _ => Counting::Auto,
        },
        solver: match (&how.solver, sat.backend) {
            (Some(cmd), _) => SolverChoice::External(cmd.clone()),
            (None, BackendArg::Varisat) => SolverChoice::Varisat,
            (None, BackendArg::Cadical) => SolverChoice::Cadical,
        },
        limits: Limits {
            deadline: match sat.backend {
                BackendArg::Cadical => DEADLINE.get().copied(),
                // varisat cannot be interrupted: the watchdog in `main` ends the run instead.
                BackendArg::Varisat => None,
            },
            conflicts: sat.conflicts,
        },
        threads,
        choices: sat.choices,
        progress: sat.progress.clone(),
    }
}

/// What a command produced: human text and the JSON object.
struct Report {
    text: String,
    json: serde_json::Value,
}

fn main() -> ExitCode {
    env_logger::Builder::from_env(env_logger::Env::default().default_filter_or("warn")).init();
    let cli = Cli::parse();
    let json = cli.json;
    let timeout = cli.timeout;
    let progress = wellposed_engine::Progress::new();
    let sat = Sat {
        backend: cli.backend,
        conflicts: cli.conflicts,
        choices: wellposed_sat::Choices {
            amo: match cli.amo {
                AmoArg::Auto => wellposed_sat::AmoEncoding::Auto,
                AmoArg::Pairwise => wellposed_sat::AmoEncoding::Pairwise,
                AmoArg::Sequential => wellposed_sat::AmoEncoding::Sequential,
            },
            pairwise_up_to: cli.pairwise_up_to,
            cardinality: match cli.cardinality {
                CardinalityArg::Auto => wellposed_sat::Cardinality::Auto,
                CardinalityArg::Sequential => wellposed_sat::Cardinality::Sequential,
                CardinalityArg::Totalizer => wellposed_sat::Cardinality::Totalizer,
            },
        },
        progress: progress.clone(),
    };
    let (tx, rx) = mpsc::channel();
    let started = Instant::now();
    // A count stopped by --timeout still says how many solutions it had found.
    let counting = matches!(cli.command, Command::Count { .. });
    // The work runs on its own thread so that --timeout can end the process cleanly even while
    // a solver that cannot be interrupted (varisat) is busy.
    std::thread::Builder::new()
        .stack_size(64 << 20)
        .spawn(move || {
            let _ = tx.send(run(cli.command, json, sat));
        })
        .expect("spawn the worker thread");
    if let Some(t) = timeout.filter(|t| t.is_finite() && *t >= 0.0) {
        let _ = DEADLINE.set(started + Duration::from_secs_f64(t));
    }
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
            ExitCode::SUCCESS
        }
        Ok(Err(e)) if stopped_by(&e).is_some() => {
            let reason = stopped_by(&e).unwrap_or("limit");
            let secs = started.elapsed().as_secs_f64();
            if json {
                let _ = writeln!(
                    out,
                    "{}",
                    json!({"status": "unknown", "reason": reason, "seconds": secs})
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

fn run(command: Command, json: bool, sat: Sat) -> Result<Report> {
    if sat.conflicts.is_some() && sat.backend == BackendArg::Varisat {
        // Refused up front: a generator would otherwise take every refused check for "not
        // proved unique" and search on.
        bail!("--conflicts needs a solver that counts conflicts: add --backend cadical (varisat cannot be bounded that way)");
    }
    match command {
        Command::Solve {
            file,
            deduce,
            svg,
            certify,
            no_intended,
            how,
        } => {
            let opts = options(&how, &sat, 0);
            if certify {
                certifiable(&opts)?;
            }
            solve(&file, &opts, deduce, svg.as_deref(), certify, !no_intended)
        }
        Command::Count {
            file,
            limit,
            threads,
            certify,
            how,
        } => {
            let opts = options(&how, &sat, threads);
            if certify {
                certifiable(&opts)?;
            }
            count(&file, &opts, limit, certify)
        }
        Command::Enumerate { file, limit, how } => {
            enumerate(&file, &options(&how, &sat, 0), limit, json)
        }
        Command::Export {
            file,
            format,
            output,
        } => export(&file, format, &sat.options(), output.as_deref()),
        Command::LightsOut(c) => lights_out(c),
        Command::Binary(BinaryCommand::CountGrids {
            n,
            height,
            rules,
            method,
            threads,
            checkpoint,
        }) => {
            let rules = rules_arg(&rules)?;
            let c = binary_cmd::count_grids(
                n,
                height.unwrap_or(n),
                rules,
                method.as_deref(),
                threads_arg(threads),
                checkpoint.as_deref(),
            )?;
            Ok(Report {
                text: format!(
                    "{}×{} grids under the {} rules: {} ({}, {:.2} s)",
                    c.width, c.height, c.rules, c.count, c.method, c.seconds
                ),
                json: serde_json::to_value(&c)?,
            })
        }
        Command::Generate {
            family,
            size,
            level,
            categories,
            regions,
            colours,
            height,
            rules,
            seed,
            difficulty,
            count,
        } => {
            if difficulty.is_some() && (family == "minesweeper" || family == "lights-out") {
                bail!(
                    "generate {family}: no --difficulty (minesweeper boards are made to need no guess; Lights Out boards are not graded)"
                );
            }
            if family == "minesweeper" {
                return minesweeper_cmd::generate(&level, seed, count);
            }
            let Some(size) = size else {
                bail!("generate {family}: expected --size N");
            };
            if family == "zebra" {
                return zebra_cmd(
                    size,
                    categories,
                    (seed, count),
                    difficulty.as_deref(),
                    &sat.options(),
                );
            }
            if family == "nonogram" {
                return nonogram_cmd(
                    (size, height.unwrap_or(size)),
                    (seed, count),
                    difficulty.as_deref(),
                    &sat.options(),
                );
            }
            if family == "battleships" {
                return battleships_cmd(size, (seed, count), difficulty.as_deref(), &sat.options());
            }
            if family == "survo" {
                return survo_generate(
                    (size, height.unwrap_or(size)),
                    (seed, count),
                    difficulty.as_deref(),
                    &sat.options(),
                );
            }
            if family == "map" {
                return map_cmd(
                    size,
                    height.unwrap_or(size),
                    (regions, colours),
                    (seed, count),
                    difficulty.as_deref(),
                    &sat.options(),
                );
            }
            if family == "lights-out" {
                return lights_out_cmd(size, height.unwrap_or(size), seed, count);
            }
            if family != "binary" {
                bail!(
                    "generating `{family}` puzzles is not available yet; expected `binary`, `battleships`, `lights-out`, `map`, `minesweeper`, `nonogram`, `survo` or `zebra`"
                );
            }
            let rules = rules_arg(&rules)?;
            per_seed(&sat.progress, seed, count, |s| {
                let m = binary_cmd::generate_binary(
                    size,
                    height.unwrap_or(size),
                    rules,
                    s,
                    difficulty.as_deref(),
                    &sat.options(),
                )?;
                Ok((
                    format!(
                        "# seed {}: {} clues; {}\n# game ID: {}\n{}",
                        m.seed,
                        m.clues,
                        binary_cmd::grade_text(&m.grade),
                        m.game_id,
                        m.puzzle.trim_end()
                    ),
                    serde_json::to_value(&m)?,
                ))
            })
        }
        Command::Hint { file } if !load::is_binary(&file)? => deduce_cmd::hint(&file),
        Command::Hint { file } => binary_cmd::hint(&load::load_binary(&file)?, &file),
        Command::CheckProof { cnf, proof } => check_proof(&cnf, &proof),
        Command::Grade { file, max } if !load::is_binary(&file)? => deduce_cmd::grade(&file, &max),
        Command::Grade { file, max } => {
            let max = binary_cmd::technique(&max)?;
            let p = load::load_binary(&file)?;
            let g = binary_cmd::grade_of(&p, max);
            let mut json = serde_json::to_value(&g)?;
            json["file"] = json!(file.display().to_string());
            Ok(Report {
                text: binary_cmd::grade_text(&g),
                json,
            })
        }
        Command::Survo(SurvoCommand::Picture { m, n, output }) => {
            if m == 0 || n == 0 || m * n > 16 {
                bail!("the picture is for small tables (at most 16 cells), not {m}×{n}");
            }
            let l = wellposed_survo::picture::lattice(m, n);
            files::write_atomically(&output, wellposed_survo::picture::svg(&l).as_bytes())?;
            let text = format!(
                "{}×{}: {} × {} margin pairs: {} without solution by the cumulative conditions, {} unique, {} with several solutions, {} without solution found only by search\nwrote {}",
                m, n, l.row_margins, l.col_margins, l.none_by_conditions, l.unique, l.several, l.none_by_search, output.display()
            );
            let mut json = serde_json::to_value(&l)?;
            json["output"] = json!(output.display().to_string());
            Ok(Report { text, json })
        }
        Command::Survo(c) => {
            let outcome = match c {
                SurvoCommand::Picture { .. } => unreachable!("handled above"),
                SurvoCommand::Enumerate {
                    m,
                    n,
                    threads,
                    shard,
                    checkpoint,
                    list,
                    method,
                } => {
                    let threads = match threads {
                        0 => std::thread::available_parallelism().map_or(1, |t| t.get()),
                        t => t,
                    };
                    let shard = shard
                        .as_deref()
                        .map(survo_cmd::parse_shard)
                        .transpose()?
                        .unwrap_or((0, 1));
                    survo_cmd::enumerate(survo_cmd::Run {
                        m,
                        n,
                        threads,
                        shard,
                        checkpoint,
                        list,
                        method: method.map(SurvoMethod::scan),
                    })?
                }
                SurvoCommand::Merge { files } => survo_cmd::merge(&files)?,
            };
            let work = match outcome.method {
                wellposed_survo::enumerate::Method::MarginPairs => format!(
                    "{} margin pairs searched, {} shown to have several tables by moving two \
                     tables of a searched pair, {} ruled out without search",
                    outcome.searched, outcome.moved, outcome.pruned
                ),
                wellposed_survo::enumerate::Method::TwoRowMatchings => format!(
                    "{} column margins expanded into all their tables (every row margin at once)",
                    outcome.searched
                ),
            };
            Ok(Report {
                text: format!(
                    "S({},{}) = {} ({} labelled tables){}; {work}, {:.2} s",
                    outcome.m,
                    outcome.n,
                    outcome.s,
                    outcome.labelled,
                    if outcome.shard == "0/1" {
                        String::new()
                    } else {
                        format!(" in shard {}", outcome.shard)
                    },
                    outcome.seconds
                ),
                json: serde_json::to_value(&outcome)?,
            })
        }
        Command::NeighbourSum(NeighbourSumCommand::Analyze { m, n, stencil }) => {
            use wellposed_neighbour_sum::{analyze, Stencil, MAX_CELLS};
            let stencil = Stencil::named(&stencil).map_err(anyhow::Error::msg)?;
            if m == 0 || n == 0 || m.saturating_mul(n) > MAX_CELLS {
                bail!("expected 1..{MAX_CELLS} cells in all, found {m}×{n}");
            }
            let a = analyze(m, n, &stencil);
            if !(a.checks.determinant_mod_p_agrees && a.checks.null_vectors_verified) {
                bail!("internal error: the exact and the modular computations disagree; please report this");
            }
            let mut text = format!(
                "{m}×{n}, stencil {}: {} (nullity {}, determinant {})\nchecked: determinant modulo {:?} agrees; null vectors multiply out to zero",
                a.stencil,
                if a.invertible { "invertible" } else { "singular" },
                a.nullity,
                a.determinant,
                a.checks.primes
            );
            for (k, v) in a.null_basis.iter().enumerate() {
                text.push_str(&format!(
                    "\nnull vector {}:\n{}",
                    k + 1,
                    wellposed_engine::render_rows(v)
                ));
            }
            Ok(Report {
                text,
                json: serde_json::to_value(&a)?,
            })
        }
        Command::Submarines(SubmarinesCommand::Reckon { m, n }) => {
            let r = wellposed_submarines::math::reckon(m, n).map_err(anyhow::Error::msg)?;
            Ok(Report {
                text: format!(
                    "{m}×{n} boards: {} clue sets, {} solvable, {} with exactly one solution",
                    r.clue_sets, r.solvable, r.unique
                ),
                json: serde_json::to_value(&r)?,
            })
        }
        Command::Edges(EdgesCommand::Count { file, limit }) => edges_count(&file, limit),
        Command::Minesweeper(MinesweeperCommand::Analyze { file }) => {
            let board = load::load_minesweeper(&file)?;
            minesweeper_cmd::analyze(&board)
        }
        Command::Minesweeper(MinesweeperCommand::Play {
            games,
            level,
            strategy,
            seed,
            threads,
        }) => minesweeper_cmd::play(&level, &strategy, games, seed, threads_arg(threads)),
        Command::Submarines(SubmarinesCommand::Analyze { file }) => {
            let text = load::read(&file)?;
            let p = <wellposed_submarines::Submarines as wellposed_engine::Family>::parse(
                &text,
                &file.display().to_string(),
            )?;
            let a = wellposed_submarines::math::analyze(&p.rows, &p.cols);
            use wellposed_submarines::math::Analysis;
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
    }
}

fn check_proof(cnf: &Path, proof: &Path) -> Result<Report> {
    let text = load::read(cnf)?;
    let (formula, _) = wellposed_sat::dimacs::parse(&text)
        .map_err(|e| anyhow::anyhow!("{}:{}: {}", cnf.display(), e.line, e.message))?;
    let clauses: Vec<Vec<i64>> = formula
        .clauses()
        .iter()
        .map(|c| c.iter().map(|l| l.dimacs()).collect())
        .collect();
    let file =
        std::fs::File::open(proof).with_context(|| format!("cannot read {}", proof.display()))?;
    let started = Instant::now();
    let checked = wellposed_drat::check(&clauses, std::io::BufReader::new(file))
        .map_err(|e| anyhow::anyhow!("{}: {e}", proof.display()))?;
    let secs = started.elapsed().as_secs_f64();
    Ok(Report {
        text: format!(
            "proof checked: {} is unsatisfiable ({} lemmas, {} deletions, {secs:.2} s)",
            cnf.display(),
            checked.lemmas,
            checked.deletions
        ),
        json: json!({"cnf": cnf.display().to_string(), "proof": proof.display().to_string(),
                     "verified": true, "lemmas": checked.lemmas,
                     "deletions": checked.deletions, "seconds": secs}),
    })
}

/// --certify answers on the SAT path (any backend finds the solutions; varisat writes the proof).
fn certifiable(opts: &Options) -> Result<()> {
    if !matches!(opts.method, Method::Auto | Method::Sat) || opts.counting != Counting::Auto {
        bail!("--certify answers by SAT with blocking clauses: use --method auto or sat");
    }
    Ok(())
}

/// The certificate of a certified answer, in words and as JSON.
fn certificate(c: &wellposed_engine::Certified) -> (String, serde_json::Value) {
    match &c.proof {
        Some(p) => (
            format!(
                "certified: a DRAT proof that no further solution exists ({} lemmas, {} bytes) checked by the independent checker in {:.2} s",
                p.lemmas, p.bytes, p.seconds
            ),
            json!({"kind": "drat", "lemmas": p.lemmas, "deletions": p.deletions,
                   "bytes": p.bytes, "check_seconds": p.seconds}),
        ),
        None => (
            "certified: every solution reported was checked by the puzzle's rules (no claim that none is left)".to_string(),
            json!({"kind": "witnesses", "checked_solutions": c.count}),
        ),
    }
}

fn solve(
    file: &Path,
    opts: &Options,
    deduce: bool,
    svg: Option<&Path>,
    certify: bool,
    use_intended: bool,
) -> Result<Report> {
    let loaded = load::load(file)?;
    let p = loaded.puzzle.as_ref();
    let mut intended = false;
    let (u, certified) = if certify {
        let c = wellposed_engine::certified(p, opts, Some(2), 2)?;
        let cert = certificate(&c);
        let mut found = c.solutions.into_iter();
        let u = match (found.next(), found.next()) {
            (None, _) => Uniqueness::None,
            (Some(a), None) => Uniqueness::Unique(a),
            (Some(a), Some(b)) => Uniqueness::Multiple(a, b),
        };
        (u, Some(cert))
    } else if let Some(u) = use_intended
        .then(|| wellposed_engine::uniqueness_of_intended(p, opts))
        .transpose()?
        .flatten()
    {
        intended = true;
        (u, None)
    } else {
        (wellposed_engine::uniqueness(p, opts)?, None)
    };
    let mut json =
        json!({"file": file.display().to_string(), "family": p.family(), "status": u.status()});
    if intended {
        // The first solution is the file's own (checked by the rules), not one searched for.
        json["from_intended"] = json!(true);
    }
    let text = if loaded.raw_cnf {
        // SAT-competition style for raw DIMACS input.
        match &u {
            Uniqueness::None => "s UNSATISFIABLE".to_string(),
            Uniqueness::Unique(s) | Uniqueness::Multiple(s, _) => {
                format!("s SATISFIABLE\n{}\nc uniqueness: {}", s.text, u.status())
            }
        }
    } else {
        match &u {
            Uniqueness::None => "status: none (no solution)".to_string(),
            Uniqueness::Unique(s) => format!("status: unique\n{}", s.text),
            Uniqueness::Multiple(a, b) => {
                format!(
                    "status: multiple\nsolution 1:\n{}\nsolution 2:\n{}",
                    a.text, b.text
                )
            }
        }
    };
    match &u {
        Uniqueness::None => json["solution"] = serde_json::Value::Null,
        Uniqueness::Unique(s) => json["solution"] = s.json.clone(),
        Uniqueness::Multiple(a, b) => {
            json["solution"] = a.json.clone();
            json["second_solution"] = b.json.clone();
        }
    }
    let mut text = text;
    if let Some((words, cert)) = certified {
        text.push_str(&format!(
            "\n{}{words}",
            if loaded.raw_cnf { "c " } else { "" }
        ));
        json["certified"] = json!(true);
        json["certificate"] = cert;
    }
    if let Some(out) = svg {
        let (Uniqueness::Unique(first) | Uniqueness::Multiple(first, _)) = &u else {
            bail!("no solution to draw");
        };
        let Some(drawing) = p.svg(&first.answer) else {
            bail!("there is no drawing for `{}` puzzles (yet)", p.family());
        };
        files::write_atomically(out, drawing.as_bytes())?;
        text.push_str(&format!("\nwrote {}", out.display()));
        json["svg"] = json!(out.display().to_string());
    }
    if deduce && !matches!(u, Uniqueness::None) {
        let Some(b) = wellposed_engine::backbone(p, opts)? else {
            bail!("internal error: a solution was found, then the backbone search found none");
        };
        let fixed: Vec<serde_json::Value> = b
            .fixed
            .iter()
            .enumerate()
            .filter_map(|(k, f)| {
                f.map(|value| {
                    let name = b
                        .names
                        .get(k)
                        .cloned()
                        .unwrap_or_else(|| format!("x{}", k + 1));
                    json!({"var": name, "value": value})
                })
            })
            .collect();
        let settled = fixed.len();
        let all = b.fixed.len();
        json["fixed"] = serde_json::Value::Array(fixed);
        json["fixed_count"] = json!(settled);
        json["open_count"] = json!(all - settled);
        json["backbone_solves"] = json!(b.solves);
        let picture = p.render_partial(&b.fixed);
        if let Some(pic) = &picture {
            json["deduced"] = json!(pic);
        }
        text.push_str(&format!(
            "\ndeducible: {settled} of {all} answer variables have one value in every solution ({} SAT calls)",
            b.solves
        ));
        if let Some(pic) = picture {
            text.push('\n');
            text.push_str(&pic);
        }
    }
    Ok(Report { text, json })
}

/// Streams solutions to stdout as they are found, so a run stopped by --timeout keeps them.
fn enumerate(file: &Path, opts: &Options, limit: Option<u64>, json: bool) -> Result<Report> {
    let loaded = load::load(file)?;
    let mut n = 0u64;
    let mut failed = None;
    let complete = wellposed_engine::enumerate(loaded.puzzle.as_ref(), opts, limit, |s| {
        n += 1;
        let mut out = std::io::stdout().lock();
        let written = if json {
            writeln!(out, "{}", json!({"solution": s.json}))
        } else {
            writeln!(out, "solution {n}:\n{}\n", s.text)
        };
        match written.and_then(|_| out.flush()) {
            Ok(()) => std::ops::ControlFlow::Continue(()),
            Err(e) => {
                failed = Some(e);
                std::ops::ControlFlow::Break(())
            }
        }
    })?;
    if let Some(e) = failed {
        bail!("cannot write the solutions: {e}");
    }
    let text = if complete {
        format!("{n} solutions, complete")
    } else {
        format!("{n} solutions listed; stopped by --limit, there may be more")
    };
    Ok(Report {
        text,
        json: json!({"count": n, "complete": complete}),
    })
}

fn count(file: &Path, opts: &Options, limit: Option<u64>, certify: bool) -> Result<Report> {
    let loaded = load::load(file)?;
    let (c, certified) = if certify {
        let c = wellposed_engine::certified(loaded.puzzle.as_ref(), opts, limit, 0)?;
        let counted = wellposed_engine::Counted {
            count: c.count.into(),
            complete: c.complete,
            method: "blocking",
        };
        (counted, Some(certificate(&c)))
    } else {
        (
            wellposed_engine::count(loaded.puzzle.as_ref(), opts, limit)?,
            None,
        )
    };
    let mut text = if c.complete {
        format!("count: {} ({})", c.count, c.method)
    } else {
        format!(
            "count: at least {} (stopped by --limit; {})",
            c.count, c.method
        )
    };
    let mut json = json!({"file": file.display().to_string(), "family": loaded.puzzle.family(),
                 "count": serde_json::Number::from_string_unchecked(c.count.to_string()),
                 "complete": c.complete, "method": c.method});
    if let Some((words, cert)) = certified {
        text.push('\n');
        text.push_str(&words);
        // A count is certified when it is exact: the proof says no solution was missed.
        json["certified"] = json!(c.complete);
        json["certificate"] = cert;
    }
    Ok(Report { text, json })
}

fn export(file: &Path, format: Format, opts: &Options, output: Option<&Path>) -> Result<Report> {
    let loaded = load::load(file)?;
    let kind = match format {
        Format::Dimacs => EncodingKind::Cnf,
        Format::Dlx => EncodingKind::ExactCover,
    };
    let mut buf = Vec::new();
    wellposed_engine::export(loaded.puzzle.as_ref(), kind, opts, &mut buf)?;
    match output {
        None => {
            let text = String::from_utf8(buf).context("export produced invalid UTF-8")?;
            let text = text.trim_end().to_string();
            Ok(Report {
                json: json!({"format": format_name(format), "text": text}),
                text,
            })
        }
        Some(path) => {
            files::write_atomically(path, &buf)?;
            Ok(Report {
                text: format!("wrote {} ({} bytes)", path.display(), buf.len()),
                json: json!({"format": format_name(format), "output": path.display().to_string(), "bytes": buf.len()}),
            })
        }
    }
}

fn format_name(f: Format) -> &'static str {
    match f {
        Format::Dimacs => "dimacs",
        Format::Dlx => "dlx",
    }
}

fn lights_out(c: LightsOutCommand) -> Result<Report> {
    use wellposed_lights_out::{nullity, torus_nullity, LightsOut, NullityMethod};
    match c {
        LightsOutCommand::Analyze { file, max_search } => {
            let text = load::read(&file)?;
            let board =
                <LightsOut as wellposed_engine::Family>::parse(&text, &file.display().to_string())?;
            let a = board.analyze(max_search);
            let mut t = if a.solvable {
                format!(
                    "solvable: yes\nnullity: {}\nsolutions: {}",
                    a.nullity, a.solutions
                )
            } else {
                format!("solvable: no\nnullity: {}", a.nullity)
            };
            match (&a.fewest_presses, a.solvable) {
                (Some(g), _) => t.push_str(&format!(
                    "\nfewest presses: {}\n{g}",
                    a.min_presses.unwrap_or(0)
                )),
                (None, true) => t.push_str(&format!(
                    "\nfewest presses: not searched (nullity {} > --max-search {max_search})",
                    a.nullity
                )),
                _ => {}
            }
            for (k, q) in a.quiet_patterns.iter().enumerate() {
                t.push_str(&format!("\nquiet pattern {}:\n{q}", k + 1));
            }
            Ok(Report {
                text: t,
                json: serde_json::to_value(&a)?,
            })
        }
        LightsOutCommand::Nullity {
            n,
            m,
            torus,
            method,
        } => {
            let m = m.unwrap_or(n);
            if n == 0 || m == 0 {
                bail!("the board needs at least one row and one column");
            }
            let (k, name) = if torus {
                if m * n > wellposed_lights_out::MAX_CELLS {
                    bail!(
                        "a {m}×{n} torus is beyond elimination (at most {} cells)",
                        wellposed_lights_out::MAX_CELLS
                    );
                }
                (torus_nullity(m, n), "elimination")
            } else {
                let method = match method {
                    NullityArg::Polynomial => NullityMethod::Polynomial,
                    NullityArg::Chase => NullityMethod::Chase,
                    NullityArg::Elimination => NullityMethod::Elimination,
                };
                if method == NullityMethod::Elimination && m * n > wellposed_lights_out::MAX_CELLS {
                    bail!("a {m}×{n} board is beyond elimination (at most {} cells); use --method chase or polynomial", wellposed_lights_out::MAX_CELLS);
                }
                if method == NullityMethod::Chase
                    && (m as u128) * (n as u128) * (n as u128) > 4_000_000_000_000
                {
                    bail!("a {m}×{n} board is beyond the chase here (m·n² at most 4·10^12); use --method polynomial");
                }
                if m.max(n) > 50_000_000 {
                    bail!("sizes above 50,000,000 are refused");
                }
                let name = match method {
                    NullityMethod::Polynomial => "polynomial",
                    NullityMethod::Chase => "chase",
                    NullityMethod::Elimination => "elimination",
                };
                (nullity(m, n, method), name)
            };
            let mut j = json!({"n": n, "nullity": k, "method": name, "torus": torus});
            if m != n {
                j["m"] = json!(m);
            }
            Ok(Report {
                text: format!(
                    "{m}×{n}{}: nullity {k} ({name})",
                    if torus { " torus" } else { "" }
                ),
                json: j,
            })
        }
    }
}

/// `generate zebra`: minimal unique puzzles, re-checked by the SAT engine and the rule checker.
fn zebra_cmd(
    size: usize,
    categories: usize,
    (seed, count): (u64, u64),
    difficulty: Option<&str>,
    opts: &Options,
) -> Result<Report> {
    use wellposed_zebra::{format, generate};
    per_seed_graded(&opts.progress, seed, count, difficulty, |s| {
        let m = generate::generate(size, categories, s, opts).map_err(anyhow::Error::msg)?;
        let z = &m.puzzle;
        match wellposed_engine::uniqueness(z, opts)? {
            Uniqueness::Unique(_) => {}
            other => bail!(
                "internal error: a generated zebra puzzle is {}; please report this",
                other.status()
            ),
        }
        z.check(&m.solution).map_err(|e| {
            anyhow::anyhow!("internal error: the planted solution breaks a clue: {e}")
        })?;
        let sentences: Vec<String> = z
            .clues
            .iter()
            .map(|(f, _)| generate::sentence(z, f))
            .collect();
        let solution = z.table(m.solution.clone());
        Ok((
            format!(
                "# seed {s}: {} clues (minimal; {} drawn before it was unique)\n{}\n# {}",
                z.clues.len(),
                m.drawn,
                format::to_text(z).trim_end(),
                sentences.join("\n# ")
            ),
            json!({
                "seed": s, "clues": z.clues.len(), "drawn": m.drawn,
                "puzzle": format::to_text(z), "sentences": sentences, "solution": solution,
            }),
        ))
    })
}

/// `edges count`: all solutions, and the classes of boards that are turns of each other.
fn edges_count(file: &Path, limit: Option<u64>) -> Result<Report> {
    use wellposed_engine::Family;
    let text = load::read(file)?;
    let e = wellposed_edges::Edges::parse(&text, &file.display().to_string())?;
    let opts = Options {
        method: wellposed_engine::Method::Dlx,
        ..Default::default()
    };
    let mut classes = std::collections::BTreeSet::new();
    let mut n = 0u64;
    let complete = wellposed_engine::enumerate(&e, &opts, limit, |s| {
        n += 1;
        classes.insert(e.up_to_rotation(&e.decode(&s.answer).placed));
        std::ops::ControlFlow::Continue(())
    })?;
    let turns = if e.rows == e.cols { "quarter" } else { "half" };
    Ok(Report {
        text: format!(
            "{n} solutions{}; {} up to {turns} turns of the board",
            if complete {
                ""
            } else {
                " (stopped at the limit)"
            },
            classes.len()
        ),
        json: json!({
            "count": n, "complete": complete, "up_to_rotation": classes.len(),
            "turns": turns, "file": file.display().to_string(),
        }),
    })
}

/// `generate nonogram`: random pictures until one is unique (by SAT), graded by deduction.
fn nonogram_cmd(
    (width, height): (usize, usize),
    (seed, count): (u64, u64),
    difficulty: Option<&str>,
    opts: &Options,
) -> Result<Report> {
    use wellposed_nonogram::formats;
    per_seed_graded(&opts.progress, seed, count, difficulty, |s| {
        let (p, drawn) =
            wellposed_nonogram::generate(width, height, s, opts).map_err(anyhow::Error::msg)?;
        let goal = p.goal.clone().expect("generated from a picture");
        p.check(&goal)
            .map_err(|e| anyhow::anyhow!("internal error: the picture breaks its clues: {e}"))?;
        // The grade `wellposed grade` gives: the shared engine with line solving.
        let (d, _) = deduce_cmd::deduce_puzzle(&p)?;
        let grade = match (d.solved, d.hardest) {
            (true, Some(r)) => format!("solved by deduction, hardest rule {}", r.name()),
            (true, None) => "nothing to deduce".to_string(),
            (false, _) => format!("deduction stalls with {} cells open", d.open),
        };
        let picture = wellposed_nonogram::Picture::new(width, goal);
        Ok((
            format!(
                "# seed {s}: unique after {drawn} random pictures; {grade}\n# game ID: {}\n{}",
                formats::game_id(&p),
                formats::to_text(&p).trim_end()
            ),
            json!({
                "seed": s, "drawn": drawn, "game_id": formats::game_id(&p),
                "puzzle": formats::to_text(&p), "solution": picture, "solved_by_deduction": d.solved,
                "hardest": d.hardest, "open": d.open,
            }),
        ))
    })
}

/// `generate battleships`: a random fleet, its counts, and a minimal set of hints.
fn battleships_cmd(
    size: usize,
    (seed, count): (u64, u64),
    difficulty: Option<&str>,
    opts: &Options,
) -> Result<Report> {
    use wellposed_battleships::{formats, generate};
    per_seed_graded(&opts.progress, seed, count, difficulty, |s| {
        let m = generate::generate(size, s, opts).map_err(anyhow::Error::msg)?;
        m.puzzle
            .check(&m.ship)
            .map_err(|e| anyhow::anyhow!("internal error: the planted fleet breaks a rule: {e}"))?;
        let solution = m.puzzle.fleet_of(m.ship.clone());
        Ok((
            format!(
                "# seed {s}: {} hints (minimal; {} drawn before it was unique)\n{}",
                m.puzzle.hints.len(),
                m.drawn,
                formats::to_text(&m.puzzle).trim_end()
            ),
            json!({
                "seed": s, "hints": m.puzzle.hints.len(), "drawn": m.drawn,
                "puzzle": formats::to_text(&m.puzzle), "solution": solution,
            }),
        ))
    })
}

/// `generate lights-out`: random solvable boards, with their number of solutions and the
/// fewest presses (GF(2) elimination).
fn lights_out_cmd(m: usize, n: usize, seed: u64, count: u64) -> Result<Report> {
    per_seed(&wellposed_engine::Progress::new(), seed, count, |s| {
        let (board, presses) =
            wellposed_lights_out::generate(m, n, s).map_err(anyhow::Error::msg)?;
        if board.after(&presses).iter().any(|&l| l) {
            bail!("internal error: the presses a board was made from do not solve it");
        }
        let a = board.analyze(24);
        if !a.solvable {
            bail!("internal error: a generated board is unsolvable by elimination");
        }
        let rows: Vec<String> = board
            .lit
            .chunks(n)
            .map(|r| {
                r.iter()
                    .map(|&l| if l { "1" } else { "0" })
                    .collect::<Vec<_>>()
                    .join(" ")
            })
            .collect();
        let puzzle = format!(
            "family lights-out\nsize {m} {n}\nvariant plus\ngrid\n{}\n",
            rows.join("\n")
        );
        Ok((
            format!(
                "# seed {s}: {} solution(s); fewest presses {}\n{}",
                a.solutions,
                a.min_presses
                    .map_or("not searched".to_string(), |p| p.to_string()),
                puzzle.trim_end()
            ),
            json!({
                "seed": s, "puzzle": puzzle, "solutions": a.solutions.to_string(),
                "min_presses": a.min_presses, "nullity": a.nullity,
            }),
        ))
    })
}

/// `generate map`: grown regions, a random colouring, a minimal set of givens.
fn map_cmd(
    width: usize,
    height: usize,
    (regions, colours): (usize, usize),
    (seed, count): (u64, u64),
    difficulty: Option<&str>,
    opts: &Options,
) -> Result<Report> {
    use wellposed_engine::deduce::Rule;
    use wellposed_engine::Family;
    use wellposed_map::generate;
    // Tatham's names for his levels, or the rule names `grade` prints.
    let difficulty = match difficulty {
        None => None,
        Some("easy" | "propagation") => Some(Rule::Propagation),
        Some("normal" | "colour-pair") => Some(Rule::Family("colour-pair", 3)),
        Some("hard" | "forcing-chain") => Some(Rule::Family("forcing-chain", 4)),
        Some("kempe-chain") => Some(Rule::Family("kempe-chain", 5)),
        Some("probe") => Some(Rule::Probe),
        Some(other) => bail!(
            "--difficulty: expected easy, normal, hard (or propagation, colour-pair, forcing-chain, kempe-chain, probe), found `{other}`"
        ),
    };
    per_seed(&opts.progress, seed, count, |s| {
        let g = generate::generate(width, height, regions, colours, s, opts, difficulty)
            .map_err(anyhow::Error::msg)?;
        g.map.check(&g.colour).map_err(|e| {
            anyhow::anyhow!("internal error: the planted colouring breaks a rule: {e}")
        })?;
        let text = generate::to_text(&g.map).expect("generated maps are grids");
        Ok((
            format!(
                "# seed {s}: {} givens (minimal)\n{}",
                g.map.givens.len(),
                text.trim_end()
            ),
            json!({
                "seed": s, "givens": g.map.givens.len(), "puzzle": text,
                "solution": g.map.render(&g.map.colouring(g.colour.clone())),
            }),
        ))
    })
}

/// `generate survo`: a random table's margins and a minimal set of givens.
fn survo_generate(
    (n, m): (usize, usize),
    (seed, count): (u64, u64),
    difficulty: Option<&str>,
    opts: &Options,
) -> Result<Report> {
    use wellposed_survo::generate;
    per_seed_graded(&opts.progress, seed, count, difficulty, |s| {
        let g = generate::generate(m, n, s, opts).map_err(anyhow::Error::msg)?;
        match wellposed_engine::uniqueness(&g.puzzle, opts)? {
            Uniqueness::Unique(_) => {}
            other => bail!(
                "internal error: a generated Survo puzzle is {}; please report this",
                other.status()
            ),
        }
        let givens = g.puzzle.givens.iter().filter(|&&x| x > 0).count();
        let text = generate::to_text(&g.puzzle);
        let table: Vec<&[u32]> = g.table.chunks(n).collect();
        Ok((
            format!("# seed {s}: {givens} givens (minimal)\n{}", text.trim_end()),
            json!({"seed": s, "givens": givens, "puzzle": text, "solution": table}),
        ))
    })
}

/// The generators' common frame: one puzzle per seed SEED, SEED+1, … (`count` of them, at least
/// one), each as (text, JSON); the texts joined by blank lines, the JSON one object or a list.
/// `per_seed` for `generate --difficulty`: each puzzle is made from seed s, then s + 2^32,
/// s + 2·2^32, … until the shared deduction engine's hardest rule on it is the one asked
/// (`search`: deduction stalls). The JSON names the seed that made it, so the same puzzle comes
/// back from that seed without `--difficulty`.
fn per_seed_graded(
    progress: &wellposed_engine::Progress,
    seed: u64,
    count: u64,
    difficulty: Option<&str>,
    mut make: impl FnMut(u64) -> Result<(String, serde_json::Value)>,
) -> Result<Report> {
    let Some(want) = difficulty else {
        return per_seed(progress, seed, count, make);
    };
    const ATTEMPTS: u64 = 200;
    per_seed(progress, seed, count, |first| {
        for attempt in 0..ATTEMPTS {
            let s = first.wrapping_add(attempt << 32);
            let (text, mut json) = make(s)?;
            let puzzle = json["puzzle"]
                .as_str()
                .context("internal error: a generated puzzle without its text")?;
            let p = load::parse_text(puzzle, "generated puzzle")?;
            let (d, names) = deduce_cmd::deduce_puzzle(p.as_ref())?;
            if !names.contains(&want) {
                bail!(
                    "--difficulty: expected one of {}, found `{want}`",
                    names.join(", ")
                );
            }
            let got = match (d.solved, d.hardest) {
                (false, _) => "search",
                (true, Some(r)) => r.name(),
                (true, None) => "none",
            };
            if got == want {
                json["difficulty"] = json!(want);
                json["attempts"] = json!(attempt + 1);
                return Ok((format!("# difficulty {want}\n{text}"), json));
            }
        }
        bail!("no puzzle of difficulty `{want}` in {ATTEMPTS} seeds from {first}")
    })
}

pub(crate) fn per_seed(
    progress: &wellposed_engine::Progress,
    seed: u64,
    count: u64,
    mut make: impl FnMut(u64) -> Result<(String, serde_json::Value)>,
) -> Result<Report> {
    let mut texts = Vec::new();
    let mut made = Vec::new();
    for k in 0..count.max(1) {
        // Each puzzle's time, and the part of it spent proving uniqueness.
        let (start, checks) = (std::time::Instant::now(), progress.uniqueness_time());
        let (text, mut json) = make(seed.wrapping_add(k))?;
        if json.is_object() {
            json["seconds"] = json!(start.elapsed().as_secs_f64());
            json["uniqueness_seconds"] = json!((progress.uniqueness_time() - checks).as_secs_f64());
        }
        texts.push(text);
        made.push(json);
    }
    Ok(Report {
        text: texts.join("\n\n"),
        json: if made.len() == 1 {
            made.remove(0)
        } else {
            serde_json::Value::Array(made)
        },
    })
}
