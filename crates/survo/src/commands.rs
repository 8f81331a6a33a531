//! What the front ends ask of Survo beyond solving: `survo enumerate` and `survo merge` (the
//! count S(m,n) of uniquely solvable open puzzles, on all cores, in shards, resumable from a
//! checkpoint), `survo picture`, and the generator.

use crate::enumerate::{check_split, labelled, scan, work_units, Method, Split, Tally};
use crate::Survo;
use serde::{Deserialize, Serialize};
use std::collections::BTreeSet;
use std::path::PathBuf;
use std::sync::Mutex;
use std::time::{Duration, Instant};
use wellposed_engine::anyhow::{self, bail, Context as _, Result};
use wellposed_engine::clap::{self, Args, FromArgMatches, Subcommand};
use wellposed_engine::{
    Checkpointer, Commands, Context, Difficulty, Family, Generator, Made, Report, Request,
    Uniqueness,
};

/// `wellposed survo …`.
#[derive(Subcommand)]
pub enum SurvoCommand {
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
        /// Also print each puzzle as a line of a Survo list (margins and its one table:
        /// encodings/survo/README.md), which `solve` and `survo check` read back.
        #[arg(long)]
        list: bool,
        /// How to decide the pairs: `margin-pairs` (any size), `complement-pairs` (m ≠ n, half
        /// the row margins), `two-row-matchings` (2×n and n×2, 3 ≤ n ≤ 11), or
        /// `columns-first`, the second method that shares no search code with the others
        /// (m, n ≥ 2). Default: the fastest for the size; another one checks it.
        #[arg(long, value_enum)]
        method: Option<Method>,
        /// Run one unit of a manifest (`survo manifest`): the size, method and split come
        /// from it; with --unit.
        #[arg(long, value_name = "FILE", requires = "unit", conflicts_with = "shard")]
        manifest: Option<PathBuf>,
        /// The unit of the manifest to run (from 0).
        #[arg(long, value_name = "K", requires = "manifest")]
        unit: Option<usize>,
    },
    /// Write the work units of S(M,N) as a manifest: each unit a shard that one process runs
    /// alone (`survo enumerate --manifest F --unit K`), on GNU parallel, Slurm or by hand.
    Manifest {
        m: usize,
        n: usize,
        /// How many units.
        #[arg(long)]
        units: usize,
        #[arg(long, value_enum)]
        method: Option<Method>,
        /// Cut row margin I (its index in the method's list of row margins) into pieces by
        /// its column margins' first D sums, each piece a unit of work of its own
        /// (repeatable, or comma-separated).
        #[arg(long, value_name = "I:D", value_delimiter = ',')]
        split: Vec<String>,
        /// Cut every row margin that cost more than SECONDS in the results given by
        /// --costs into pieces of about SECONDS (the fewest sums that make enough pieces);
        /// a row margin not measured there costs the mean of those measured in its eighth
        /// of the list.
        #[arg(long, value_name = "SECONDS", requires = "costs")]
        split_above: Option<f64>,
        /// Unit results (`survo enumerate --json` output of an unsplit manifest's units, as
        /// `scripts/survo-estimate.sh` runs them) whose row margins' measured CPU seconds
        /// --split-above reads.
        #[arg(long, value_name = "FILE", num_args = 1.., requires = "split_above")]
        costs: Vec<PathBuf>,
        /// Where to write it (atomically); standard output when absent.
        #[arg(short, long)]
        output: Option<PathBuf>,
    },
    /// Add up shard or unit results (files holding `survo enumerate --json` output); with
    /// --manifest, every unit of it must be there once, from this program's version.
    Merge {
        files: Vec<PathBuf>,
        #[arg(long, value_name = "FILE")]
        manifest: Option<PathBuf>,
    },
    /// Re-decide every puzzle of a Survo list (`survo enumerate --list`) with the dedicated
    /// solver: each must have exactly one table, the listed one.
    Check {
        file: PathBuf,
        /// Worker threads (default: all cores).
        #[arg(long, default_value_t = 0)]
        threads: usize,
    },
    /// Draw the lattice of margin pairs coloured by outcome (SVG), and count each outcome.
    Picture {
        m: usize,
        n: usize,
        /// The SVG file to write (atomically).
        #[arg(short, long)]
        output: PathBuf,
    },
}

/// The family's subcommands, for the registry.
pub const COMMANDS: Commands = Commands {
    about: "Survo puzzles: enumerate the uniquely solvable open ones",
    subcommands: SurvoCommand::augment_subcommands,
    run: |m, ctx| run(SurvoCommand::from_arg_matches(m)?, ctx),
};

fn run(c: SurvoCommand, ctx: &Context) -> Result<Report> {
    let outcome = match c {
        SurvoCommand::Picture { m, n, output } => return picture(m, n, &output),
        SurvoCommand::Check { file, threads } => return check(&file, Context::threads(threads)),
        SurvoCommand::Manifest {
            m,
            n,
            units,
            method,
            split,
            split_above,
            costs,
            output,
        } => {
            let method = resolve_method(m, n, method)?;
            let mut split = parse_split(&split)?;
            if let Some(seconds) = split_above {
                // A row margin cut by hand keeps the depth it was given.
                for (i, d) in split_dear(m, n, method, seconds, &costs)? {
                    split.entry(i).or_insert(d);
                }
            }
            return write_manifest(m, n, units, method, split, output.as_deref());
        }
        SurvoCommand::Enumerate {
            m,
            n,
            threads,
            shard,
            checkpoint,
            list,
            method,
            manifest,
            unit,
        } => {
            let (shard, method, split) = match (&manifest, unit) {
                (Some(path), Some(k)) => {
                    let man = Manifest::read(path)?;
                    if (man.m, man.n) != (m, n) {
                        bail!(
                            "{} is a manifest of {}×{}, not {m}×{n}",
                            path.display(),
                            man.m,
                            man.n
                        );
                    }
                    if k >= man.units {
                        bail!(
                            "--unit {k}: {} has units 0 to {}",
                            path.display(),
                            man.units - 1
                        );
                    }
                    ((k, man.units), Some(man.method), man.split)
                }
                _ => (
                    shard
                        .as_deref()
                        .map(parse_shard)
                        .transpose()?
                        .unwrap_or((0, 1)),
                    method,
                    Split::new(),
                ),
            };
            enumerate(
                Run {
                    m,
                    n,
                    threads: Context::threads(threads),
                    shard,
                    checkpoint,
                    list,
                    method,
                    split,
                },
                ctx,
            )?
        }
        SurvoCommand::Merge { files, manifest } => {
            let man = manifest.as_deref().map(Manifest::read).transpose()?;
            merge(&files, man.as_ref())?
        }
    };
    let work = match outcome.method {
        Method::MarginPairs | Method::ComplementPairs => format!(
            "{} margin pairs searched, {} shown to have several tables by moving two \
             tables of a searched pair, {} ruled out without search{}",
            outcome.searched,
            outcome.moved,
            outcome.pruned,
            if outcome.method == Method::ComplementPairs {
                " (of the row margins at least their complements; each stands for its twin)"
            } else {
                ""
            }
        ),
        Method::ColumnsFirst => format!(
            "{} margin pairs decided by the second method's search, {} shown to have several tables by \
             a trade in a table of theirs, {} ruled out without search (column margins at \
             least their complements; each stands for its twin)",
            outcome.searched, outcome.moved, outcome.pruned
        ),
        Method::TwoRowMatchings => format!(
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

/// `survo check`: every puzzle of a list re-decided by the dedicated solver, on `threads`
/// threads; the first line that is not uniquely solvable by its listed table is the error.
fn check(file: &std::path::Path, threads: usize) -> Result<Report> {
    let text =
        std::fs::read_to_string(file).with_context(|| format!("cannot read {}", file.display()))?;
    let entries = crate::list::read(&text, &file.display().to_string())?;
    // Per thread: its solver, its tables by size, and the first entry it found failing (a
    // thread's entries come in increasing order, so its first failure is its lowest).
    let threads_found = wellposed_work::each_index(
        entries.len(),
        threads,
        || {
            let failed: Option<(usize, String)> = None;
            (
                crate::solver::Solver::default(),
                std::collections::HashMap::new(),
                failed,
            )
        },
        |(solver, tables, failed), k| {
            if failed.is_some() {
                return;
            }
            let p = &entries[k].puzzle;
            let t = tables
                .entry((p.m, p.n))
                .or_insert_with(|| crate::solver::Tables::new(p.m, p.n));
            // The listed table fits the margins (checked when the list was read), so one
            // table found is that one.
            let why = match solver.solve(&p.solver_problem(), t, 2, |_| true) {
                1 => return,
                0 => "the solver finds no table, though the listed one fits: please report this"
                    .to_string(),
                _ => "the puzzle has another table besides the listed one".to_string(),
            };
            *failed = Some((k, why));
        },
    );
    // The first (lowest) failing entry and why, whichever thread found it.
    let failed = threads_found
        .into_iter()
        .filter_map(|(_, _, f)| f)
        .min_by_key(|(k, _)| *k);
    if let Some((k, why)) = failed {
        bail!("{}:{}: {why}", file.display(), entries[k].line);
    }
    let mut sizes = std::collections::BTreeMap::new();
    for e in &entries {
        *sizes
            .entry(format!("{}x{}", e.puzzle.m, e.puzzle.n))
            .or_insert(0u64) += 1;
    }
    Ok(Report {
        text: format!(
            "{}: {} puzzles, each uniquely solvable by its listed table ({})",
            file.display(),
            entries.len(),
            sizes
                .iter()
                .map(|(k, v)| format!("{v} of {k}"))
                .collect::<Vec<_>>()
                .join(", ")
        ),
        json: serde_json::json!({"file": file.display().to_string(), "puzzles": entries.len(), "sizes": sizes, "unique": true}),
    })
}

/// `survo picture`: the lattice of margin pairs coloured by outcome.
fn picture(m: usize, n: usize, output: &std::path::Path) -> Result<Report> {
    if m == 0 || n == 0 || m * n > 16 {
        bail!("the picture is for small tables (at most 16 cells), not {m}×{n}");
    }
    let l = crate::picture::lattice(m, n);
    wellposed_engine::write_atomically(output, crate::picture::svg(&l).as_bytes())?;
    let text = format!(
        "{}×{}: {} × {} margin pairs: {} without solution by the necessary conditions, {} unique, {} with several solutions, {} without solution found only by search\nwrote {}",
        m, n, l.row_margins, l.col_margins, l.none_by_conditions, l.unique, l.several, l.none_by_search, output.display()
    );
    let mut json = serde_json::to_value(&l)?;
    json["output"] = serde_json::json!(output.display().to_string());
    Ok(Report { text, json })
}

/// `generate survo`'s parameters.
#[derive(Args)]
pub struct GenerateArgs {
    /// Columns.
    #[arg(long, default_value_t = 4)]
    size: usize,
    /// Rows (default: --size).
    #[arg(long)]
    height: Option<usize>,
}

/// A random table's margins and a minimal set of givens, graded by the shared engine.
pub const GENERATOR: Generator = Generator {
    args: || GenerateArgs::augment_args(clap::Command::new(Survo::NAME)),
    difficulty: Difficulty::Graded,
    make,
};

fn make(m: &clap::ArgMatches, req: &Request) -> Result<Made> {
    let a = GenerateArgs::from_arg_matches(m)?;
    let (n, rows) = (a.size, a.height.unwrap_or(a.size));
    let s = req.seed;
    let g = crate::generate::generate(rows, n, s, req.options).map_err(anyhow::Error::msg)?;
    match wellposed_engine::uniqueness(&g.puzzle, req.options)? {
        Uniqueness::Unique(_) => {}
        other => bail!(
            "internal error: a generated Survo puzzle is {}; please report this",
            other.status()
        ),
    }
    let givens = g.puzzle.givens.iter().filter(|&&x| x > 0).count();
    let puzzle = g.puzzle.to_text();
    let table: Vec<&[u32]> = g.table.chunks(n).collect();
    Ok(Made {
        text: format!(
            "# seed {s}: {givens} givens (minimal)\n{}",
            puzzle.trim_end()
        ),
        json: serde_json::json!({"seed": s, "givens": givens, "puzzle": puzzle, "solution": table}),
        puzzle,
    })
}

/// What a checkpoint file holds: enough to resume and end with the same answer.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
struct Checkpoint {
    m: usize,
    n: usize,
    shard: (usize, usize),
    /// What the unit indices in `done` are units of (checkpoints written before the two-row
    /// method have none: they were margin-pair scans).
    #[serde(default = "margin_pairs")]
    method: Method,
    /// The row margins cut into pieces, if any (the units of work are then
    /// [`items`](crate::enumerate::items)).
    #[serde(default, skip_serializing_if = "Split::is_empty")]
    split: Split,
    /// Units of work (see [`Method`]) whose pairs are all counted in `unique`.
    done: BTreeSet<usize>,
    unique: u64,
    searched: u64,
    pruned: u64,
    #[serde(default)]
    moved: u64,
    /// What each finished unit of work cost (runs of at most [`MAX_ITEM_COSTS`] units).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    costs: Vec<ItemCost>,
}

/// Runs of at most this many units of work (a manifest's units, small shards) record each
/// one's cost in their checkpoint and result: the measurements a cost model of work units is
/// made from. Whole runs of millions do not.
pub const MAX_ITEM_COSTS: u64 = 1000;

/// One unit of work (a row margin, or a column-margin beginning) and what it cost.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
pub struct ItemCost {
    /// Its index among the method's units of work.
    pub item: usize,
    /// Puzzles it counted (twins included) and pairs it searched.
    pub unique: u64,
    pub searched: u64,
    /// CPU seconds of the thread that did it.
    pub cpu_seconds: f64,
}

fn margin_pairs() -> Method {
    Method::MarginPairs
}

/// The result of one run (or one shard): the JSON `survo merge` reads back.
#[derive(Serialize, Deserialize, Clone, Debug)]
pub struct Outcome {
    pub m: usize,
    pub n: usize,
    #[serde(rename = "S")]
    pub s: u64,
    pub labelled: u128,
    pub shard: String,
    /// How the pairs were decided; `searched` counts margin pairs searched by the one and
    /// column margins expanded by the other.
    #[serde(default = "margin_pairs")]
    pub method: Method,
    /// The row margins cut into pieces ([`Split`]): units of one count must share it.
    #[serde(default, skip_serializing_if = "Split::is_empty")]
    pub split: Split,
    pub searched: u64,
    pub pruned: u64,
    /// Margin pairs shown to have several tables by moving two tables of a searched pair.
    #[serde(default)]
    pub moved: u64,
    /// Wall seconds of the run that finished the unit (a paused or crowded process waits in
    /// them too).
    pub seconds: f64,
    /// CPU seconds of that run, every thread (user and system): the unit's cost, whatever the
    /// machine was doing besides. 0 in results written before it was recorded.
    #[serde(default)]
    pub cpu_seconds: f64,
    /// The program that computed it (`wellposed` and its version): units of one count must
    /// come from one program.
    #[serde(default)]
    pub program: String,
    /// The build that computed it: a fingerprint of the executable ([`build`]). Not compared
    /// by `merge` (builds of one version count alike, and the tests hold them to it), but a
    /// unit's cost depends on it, so a cost model takes the units of one build.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub build: String,
    /// Each unit of work's cost, in order of index (runs of at most [`MAX_ITEM_COSTS`]).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub work: Vec<ItemCost>,
}

/// CPU seconds this process has used so far (user and system, every thread; 0 where the
/// system does not say).
fn cpu_seconds() -> f64 {
    #[cfg(unix)]
    {
        // SAFETY: getrusage only writes the struct it is given.
        let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
        if unsafe { libc::getrusage(libc::RUSAGE_SELF, &mut usage) } == 0 {
            let secs = |t: libc::timeval| t.tv_sec as f64 + t.tv_usec as f64 * 1e-6;
            return secs(usage.ru_utime) + secs(usage.ru_stime);
        }
    }
    0.0
}

/// This program, for results' provenance.
fn program() -> String {
    format!("wellposed {}", env!("CARGO_PKG_VERSION"))
}

/// The running executable's fingerprint, `fnv64:` and 16 hex digits (FNV-1a over its bytes:
/// about 10 ms for 12 MB), or empty where it cannot be read. Builds of one version differ in
/// speed (BENCHMARKS.md), and the version alone does not tell them apart; a commit hash
/// would miss uncommitted changes, the bytes do not.
pub fn build() -> String {
    let Some(bytes) = std::env::current_exe()
        .ok()
        .and_then(|exe| std::fs::read(exe).ok())
    else {
        return String::new();
    };
    format!("fnv64:{:016x}", wellposed_engine::fnv1a64(&bytes))
}

/// A split of S(m,n) into units: unit k is the shard k/`units` (the units of work ≡ k mod
/// `units`, so that expensive and cheap row margins mix), the units of work being row
/// margins, or their pieces where `split` cuts them. Written by `survo manifest`, read by
/// `survo enumerate --unit` and `survo merge --manifest`.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
pub struct Manifest {
    pub kind: String,
    pub program: String,
    pub m: usize,
    pub n: usize,
    pub method: Method,
    /// Row margins cut into pieces (absent in manifests that cut none).
    #[serde(default, skip_serializing_if = "Split::is_empty")]
    pub split: Split,
    pub units: usize,
    /// Units of work (row margins or their pieces, or column-margin beginnings) in all, and
    /// in each unit.
    pub work: usize,
    pub work_per_unit: Vec<usize>,
}

const MANIFEST_KIND: &str = "wellposed survo manifest";

impl Manifest {
    pub fn new(
        m: usize,
        n: usize,
        units: usize,
        method: Option<Method>,
        split: Split,
    ) -> Result<Manifest> {
        check_size(m, n)?;
        let method = resolve_method(m, n, method)?;
        check_split(m, n, method, &split).map_err(|why| anyhow::anyhow!("--split: {why}"))?;
        let work = work_units(m, n, method, &split);
        if units == 0 || units > work.max(1) {
            bail!(
                "--units: expected 1 to {} (the units of work of {m}×{n}), found {units}",
                work.max(1)
            );
        }
        Ok(Manifest {
            kind: MANIFEST_KIND.into(),
            program: program(),
            m,
            n,
            method,
            split,
            units,
            work,
            // Unit k takes the indices ≡ k mod `units`: one more for the first `work % units`.
            work_per_unit: (0..units)
                .map(|k| work / units + usize::from(k < work % units))
                .collect(),
        })
    }

    pub fn read(path: &std::path::Path) -> Result<Manifest> {
        let text = std::fs::read_to_string(path)
            .with_context(|| format!("cannot read {}", path.display()))?;
        let man: Manifest = serde_json::from_str(&text)
            .ok()
            .filter(|m: &Manifest| m.kind == MANIFEST_KIND)
            .with_context(|| format!("{}: not a survo manifest", path.display()))?;
        if man.units == 0 || man.work_per_unit.len() != man.units {
            bail!("{}: a manifest with inconsistent units", path.display());
        }
        check_size(man.m, man.n).with_context(|| format!("{}", path.display()))?;
        check_split(man.m, man.n, man.method, &man.split)
            .map_err(|why| anyhow::anyhow!("{}: {why}", path.display()))?;
        Ok(man)
    }
}

fn write_manifest(
    m: usize,
    n: usize,
    units: usize,
    method: Method,
    split: Split,
    output: Option<&std::path::Path>,
) -> Result<Report> {
    let man = Manifest::new(m, n, units, Some(method), split)?;
    let json = serde_json::to_value(&man)?;
    let text = serde_json::to_string_pretty(&man)?;
    match output {
        Some(path) => {
            wellposed_engine::write_atomically(path, format!("{text}\n").as_bytes())?;
            Ok(Report {
                text: format!(
                    "wrote {}: S({m},{n}) in {units} units of {} to {} units of work{}",
                    path.display(),
                    man.work_per_unit.iter().min().unwrap_or(&0),
                    man.work_per_unit.iter().max().unwrap_or(&0),
                    if man.split.is_empty() {
                        String::new()
                    } else {
                        format!(
                            " ({} row margins cut into pieces: {} units of work in all)",
                            man.split.len(),
                            man.work
                        )
                    }
                ),
                json,
            })
        }
        None => Ok(Report { text, json }),
    }
}

fn check_size(m: usize, n: usize) -> Result<()> {
    if m == 0 || n == 0 || m * n > crate::MAX_CELLS {
        bail!(
            "expected a table of 1..{} cells, found {m}×{n}",
            crate::MAX_CELLS
        );
    }
    Ok(())
}

pub use wellposed_engine::parse_shard;

/// The method asked for, if it takes m×n, or the fastest for the size.
fn resolve_method(m: usize, n: usize, asked: Option<Method>) -> Result<Method> {
    match asked {
        None => Ok(Method::of(m, n)),
        Some(Method::TwoRowMatchings) if !Method::TwoRowMatchings.takes(m, n) => bail!(
            "--method two-row-matchings takes 2×n or n×2 tables with 3 ≤ n ≤ {}, not {m}×{n}",
            crate::two_rows::MAX_WIDTH
        ),
        Some(Method::ComplementPairs) if !Method::ComplementPairs.takes(m, n) => bail!(
            "--method complement-pairs takes tables that are not square, not {m}×{n} \
             (transposition pairs a square one's margins: --method margin-pairs)"
        ),
        Some(asked) => Ok(asked),
    }
}

pub struct Run {
    pub m: usize,
    pub n: usize,
    pub threads: usize,
    pub shard: (usize, usize),
    pub checkpoint: Option<PathBuf>,
    pub list: bool,
    /// The method asked for, if any (else the faster one for the size).
    pub method: Option<Method>,
    /// Row margins cut into pieces (a manifest's).
    pub split: Split,
}

pub fn enumerate(run: Run, ctx: &Context) -> Result<Outcome> {
    let Run {
        m,
        n,
        threads,
        shard,
        checkpoint,
        list,
        method,
        split,
    } = run;
    check_size(m, n)?;
    let started = Instant::now();
    let cpu_started = cpu_seconds();
    let method = resolve_method(m, n, method)?;
    check_split(m, n, method, &split).map_err(anyhow::Error::msg)?;
    let fresh = Checkpoint {
        m,
        n,
        shard,
        method,
        split: split.clone(),
        done: BTreeSet::new(),
        unique: 0,
        searched: 0,
        pruned: 0,
        moved: 0,
        costs: Vec::new(),
    };
    let state = match &checkpoint {
        Some(path) if path.exists() => {
            let text = std::fs::read_to_string(path)
                .with_context(|| format!("cannot read {}", path.display()))?;
            let c: Checkpoint = serde_json::from_str(&text)
                .with_context(|| format!("{}: not a checkpoint of this program", path.display()))?;
            if (c.m, c.n, c.shard, c.method) != (m, n, shard, method) {
                bail!(
                    "{} is a checkpoint of {}×{} shard {}/{} by {:?}, not of this run",
                    path.display(),
                    c.m,
                    c.n,
                    c.shard.0,
                    c.shard.1,
                    c.method
                );
            }
            if c.split != split {
                bail!(
                    "{} is a checkpoint of another split of the row margins, not of this run",
                    path.display()
                );
            }
            log::info!(
                "resuming from {}: {} units already done",
                path.display(),
                c.done.len()
            );
            c
        }
        _ => fresh,
    };
    let total = work_units(m, n, method, &split);
    let mine = (0..total).filter(|i| i % shard.1 == shard.0).count() as u64;
    let bar = ctx.options.progress.meter("units", mine);
    bar.set_position(state.done.len() as u64);
    let state = Mutex::new(state);
    let already: BTreeSet<usize> = state.lock().unwrap().done.clone();
    let saver = Checkpointer::new(checkpoint.as_deref(), Duration::from_millis(200));
    let out = Mutex::new(());
    scan(
        method,
        m,
        n,
        &split,
        threads,
        shard,
        &|i| already.contains(&i),
        &|i, t: &Tally, puzzles| {
            if list {
                // One writer at a time, so that lines from several threads never interleave.
                let _one = out.lock().unwrap();
                for (rows, cols, table) in puzzles {
                    let _ = (ctx.stream)(&crate::list::line(rows, cols, table));
                }
            }
            let mut c = state.lock().unwrap();
            c.done.insert(i);
            c.unique += t.unique;
            c.searched += t.searched;
            c.pruned += t.pruned;
            c.moved += t.moved;
            if mine <= MAX_ITEM_COSTS {
                c.costs.push(ItemCost {
                    item: i,
                    unique: t.unique,
                    searched: t.searched,
                    cpu_seconds: t.cpu_micros as f64 / 1e6,
                });
            }
            bar.inc(1);
            // Checkpoint at most five times a second; the final state is saved below.
            saver.save_if_due(&*c);
        },
        list,
    );
    drop(bar);
    let mut c = state.into_inner().unwrap();
    c.costs.sort_by_key(|k| k.item);
    saver.save(&c);
    saver.finish()?;
    if c.done.len() as u64 != mine {
        bail!("internal error: {} of {mine} units finished", c.done.len());
    }
    Ok(Outcome {
        m,
        n,
        s: c.unique,
        labelled: labelled(m, n, c.unique),
        shard: format!("{}/{}", shard.0, shard.1),
        method,
        split,
        searched: c.searched,
        pruned: c.pruned,
        moved: c.moved,
        seconds: started.elapsed().as_secs_f64(),
        cpu_seconds: cpu_seconds() - cpu_started,
        program: program(),
        build: build(),
        work: c.costs,
    })
}

/// The enumeration result in a file of `survo enumerate --json` output (its last result line:
/// a `--list` run's puzzles come before it).
fn read_outcome(f: &std::path::Path) -> Result<Outcome> {
    let text =
        std::fs::read_to_string(f).with_context(|| format!("cannot read {}", f.display()))?;
    let line = text
        .lines()
        .rev()
        .find(|l| l.contains("\"shard\""))
        .with_context(|| format!("{}: no enumeration result in it", f.display()))?;
    serde_json::from_str(line)
        .with_context(|| format!("{}: not an enumeration result", f.display()))
}

/// `--split I:D,…`: row margin I cut by its column margins' first D sums.
fn parse_split(given: &[String]) -> Result<Split> {
    let mut split = Split::new();
    for g in given {
        let parsed = g
            .split_once(':')
            .and_then(|(i, d)| Some((i.trim().parse().ok()?, d.trim().parse().ok()?)));
        let Some((i, d)) = parsed else {
            bail!("--split: expected ROW-MARGIN:SUMS such as 17:2, found `{g}`");
        };
        if split.insert(i, d).is_some() {
            bail!("--split: row margin {i} is named twice");
        }
    }
    Ok(split)
}

/// `--split-above SECONDS --costs FILES`: the row margins that cost more than `seconds` in
/// the unit results given (whose units of work are whole row margins of this size and
/// method), each cut into enough pieces ([`crate::enumerate::split_dear`]).
fn split_dear(
    m: usize,
    n: usize,
    method: Method,
    seconds: f64,
    files: &[PathBuf],
) -> Result<Split> {
    if seconds.is_nan() || seconds <= 0.0 {
        bail!("--split-above: expected a positive number of seconds, found {seconds}");
    }
    let mut costs = Vec::new();
    for f in files {
        let o = read_outcome(f)?;
        if (o.m, o.n, o.method) != (m, n, method) || !o.split.is_empty() {
            bail!(
                "{}: --costs takes results of {m}×{n} by {method:?} with whole row margins, \
                 not of {}×{} by {:?}{}",
                f.display(),
                o.m,
                o.n,
                o.method,
                if o.split.is_empty() {
                    ""
                } else {
                    " cut into pieces"
                }
            );
        }
        if o.work.is_empty() {
            bail!("{}: no costs of units of work in it (runs of more than {MAX_ITEM_COSTS} units do not record them)", f.display());
        }
        costs.extend(o.work.iter().map(|w| (w.item, w.cpu_seconds)));
    }
    crate::enumerate::split_dear(m, n, method, &costs, seconds).map_err(anyhow::Error::msg)
}

/// Sums shard results (`--json` outputs) into the whole answer, checking that the shards are
/// of one size and method, from one program, and cover every residue exactly once; with a
/// manifest, that they are its units (its size, method, split and program).
pub fn merge(files: &[PathBuf], manifest: Option<&Manifest>) -> Result<Outcome> {
    let parts = files
        .iter()
        .map(|f| read_outcome(f))
        .collect::<Result<Vec<_>>>()?;
    let Some(first) = parts.first().cloned() else {
        bail!("merge needs at least one file")
    };
    let mut seen = BTreeSet::new();
    let mut of_all = manifest.map(|m| m.units);
    for (p, f) in parts.iter().zip(files) {
        let want = match manifest {
            Some(man) => (man.m, man.n, man.method, man.program.as_str()),
            None => (first.m, first.n, first.method, first.program.as_str()),
        };
        if (p.m, p.n, p.method, p.program.as_str()) != want {
            bail!(
                "{}: a result of {}×{} by {:?} from `{}`, not of {}×{} by {:?} from `{}`",
                f.display(),
                p.m,
                p.n,
                p.method,
                p.program,
                want.0,
                want.1,
                want.2,
                want.3
            );
        }
        let want_split = manifest.map_or(&first.split, |man| &man.split);
        if p.split != *want_split {
            bail!(
                "{}: a result of another split of the row margins ({} cut) than {} ({} cut)",
                f.display(),
                p.split.len(),
                if manifest.is_some() {
                    "the manifest's"
                } else {
                    "the first file's"
                },
                want_split.len()
            );
        }
        let (k, of) = parse_shard(&p.shard)?;
        if *of_all.get_or_insert(of) != of {
            bail!(
                "{}: shard {} is of another number of units",
                f.display(),
                p.shard
            );
        }
        if !seen.insert(k) {
            bail!("{}: unit {k} is there twice", f.display());
        }
    }
    let of = of_all.unwrap_or(1);
    if seen.len() != of {
        bail!(
            "{} of {of} units given; missing: {:?}",
            seen.len(),
            (0..of).filter(|k| !seen.contains(k)).collect::<Vec<_>>()
        );
    }
    let s: u64 = parts.iter().map(|p| p.s).sum();
    Ok(Outcome {
        m: first.m,
        n: first.n,
        s,
        labelled: labelled(first.m, first.n, s),
        shard: "0/1".into(),
        method: first.method,
        split: first.split.clone(),
        searched: parts.iter().map(|p| p.searched).sum(),
        pruned: parts.iter().map(|p| p.pruned).sum(),
        moved: parts.iter().map(|p| p.moved).sum(),
        seconds: parts.iter().map(|p| p.seconds).sum(),
        cpu_seconds: parts.iter().map(|p| p.cpu_seconds).sum(),
        program: first.program.clone(),
        // One build when every part says the same, else none.
        build: Some(&first.build)
            .filter(|b| parts.iter().all(|p| &p.build == *b))
            .cloned()
            .unwrap_or_default(),
        work: Vec::new(),
    })
}
