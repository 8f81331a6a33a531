//! What the front ends ask of binary puzzles beyond solving: `binary count-grids` (every valid
//! grid, exactly) and the generator (minimal unique puzzles, graded by binary's own techniques,
//! which grade and hint use through the shared engine: see [`crate::deduce`]).

use crate::deduce::{self, Technique};
use crate::{count, dp, generate, mitm, seam, Binary, Rules};
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
    Commands, Context, Difficulty, Family, Generator, GridSize, Made, Progress, Report, Request,
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
        /// dp (no-distinct only, the default there), seam (distinct only, the default there:
        /// half grids met in the middle one pair of seam rows at a time; resumable), seam-row
        /// (as seam, a unit fixing only the row below the seam: a second decomposition, best
        /// with --split under half the height, for a small table above), mitm (distinct only: the whole table of halves at
        /// once) or search (either; resumable).
        #[arg(long)]
        method: Option<String>,
        /// Worker threads (default: all cores).
        #[arg(long, default_value_t = 0)]
        threads: usize,
        /// Seam and search methods: record finished units here (atomically) and resume from it.
        #[arg(long, value_name = "FILE")]
        checkpoint: Option<PathBuf>,
        /// Seam and search methods: run only the units ≡ K mod N (one machine's share; the
        /// shares' checkpoints are summed by `binary merge-grids`).
        #[arg(long, value_name = "K/N", value_parser = shard)]
        shard: Option<(usize, usize)>,
        /// Seam methods: the rows above the seam (default: half the height). Another place of
        /// the seam is another decomposition of the same count, into other halves and units.
        #[arg(long, value_name = "ROWS")]
        split: Option<usize>,
    },
    /// Sum the checkpoints of a count run in shares (`count-grids --shard K/N --checkpoint F`)
    /// into the whole count: every unit must be there exactly once, all of one shape, rules
    /// and method.
    MergeGrids {
        #[arg(required = true)]
        checkpoints: Vec<PathBuf>,
    },
}

fn shard(s: &str) -> Result<(usize, usize), String> {
    wellposed_engine::parse_shard(s).map_err(|e| format!("{e:#}"))
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
            shard,
            split,
        } => {
            let c = count_grids(
                (n, height.unwrap_or(n)),
                rules,
                method.as_deref(),
                Context::threads(threads),
                Units {
                    checkpoint: checkpoint.as_deref(),
                    shard,
                    split,
                },
                &ctx.options.progress,
            )?;
            Ok(Report {
                text: c.describe(),
                json: serde_json::to_value(&c)?,
            })
        }
        BinaryCommand::MergeGrids { checkpoints } => {
            let c = merge_grids(&checkpoints)?;
            Ok(Report {
                text: c.describe(),
                json: serde_json::to_value(&c)?,
            })
        }
    },
};

/// Where a resumable count keeps its finished units, and which of them it runs.
#[derive(Clone, Copy, Default)]
pub struct Units<'a> {
    pub checkpoint: Option<&'a Path>,
    /// (K, N): only the units ≡ K mod N.
    pub shard: Option<(usize, usize)>,
    /// Seam method: the rows above the seam (default: half the height).
    pub split: Option<usize>,
}

/// What `count-grids` found.
#[derive(Serialize)]
pub struct GridCount {
    pub n: usize,
    pub width: usize,
    pub height: usize,
    pub rules: Rules,
    #[serde(serialize_with = "wellposed_engine::big")]
    pub count: num_bigint::BigUint,
    /// `dp` (states met in the middle, no distinctness), `seam` (half grids met in the middle
    /// a pair of seam rows at a time, distinctness), `mitm` (the same, all halves at once) or
    /// `search` (every grid, split by symmetry).
    pub method: &'static str,
    /// Units counted (seam and search methods): with a share (`--shard`), or units missing
    /// from merged checkpoints, `count` is a part of the whole.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub units: Option<UnitsDone>,
    pub seconds: f64,
}

/// How much of a count in units is in `count`.
#[derive(Serialize, Clone, Copy)]
pub struct UnitsDone {
    pub counted: usize,
    pub of: usize,
    pub complete: bool,
}

impl GridCount {
    fn describe(&self) -> String {
        let part = match self.units {
            Some(u) if !u.complete => format!(
                " — a PART of the count: {} of {} units (resume with the same --checkpoint, or run the other shares and `binary merge-grids`)",
                u.counted, u.of
            ),
            _ => String::new(),
        };
        format!(
            "{}×{} grids under the {} rules: {} ({}, {:.2} s){part}",
            self.width, self.height, self.rules, self.count, self.method, self.seconds
        )
    }
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
    units: Units,
    progress: &Progress,
) -> Result<GridCount> {
    if width == 0 || height == 0 || width % 2 == 1 || height % 2 == 1 {
        bail!("expected even sides (rows and columns are balanced), found {width}×{height}");
    }
    let seam_fits = width <= seam::MAX_WIDTH && height <= seam::MAX_HEIGHT;
    let method: &'static str = match (method, rules) {
        (Some("dp"), _) => "dp",
        (Some("seam"), _) => "seam",
        (Some("seam-row"), _) => "seam-row",
        (Some("mitm"), _) => "mitm",
        (Some("search"), _) => "search",
        (Some(other), _) => {
            bail!(
                "--method: expected `dp`, `seam`, `seam-row`, `mitm` or `search`, found `{other}`"
            )
        }
        (None, Rules::NoDistinct) => "dp",
        (None, Rules::Distinct) if seam_fits => "seam",
        (None, Rules::Distinct) => "search",
    };
    let in_units = seam_key(method).is_some() || method == "search";
    if !in_units && (units.checkpoint.is_some() || units.shard.is_some()) {
        bail!(
            "--checkpoint and --shard are for the seam and search methods; the {method} method \
             runs in seconds to minutes"
        );
    }
    if method == "dp" && rules == Rules::Distinct {
        bail!("the dp method counts without distinctness only; use --method seam, mitm or search for `distinct`");
    }
    if (method == "mitm" || seam_key(method).is_some()) && rules == Rules::NoDistinct {
        bail!("the {method} method counts with distinctness only; use --method dp or search for `no-distinct`");
    }
    let (wide, tall) = match method {
        "dp" => (DP_MAX, crate::search::MAX_HEIGHT),
        "mitm" => (mitm::MAX_WIDTH, mitm::MAX_HEIGHT),
        "seam" | "seam-row" => (seam::MAX_WIDTH, seam::MAX_HEIGHT),
        _ => (crate::lines::MAX_LINE, crate::search::MAX_HEIGHT),
    };
    if width > wide || height > tall {
        bail!(
            "--method {method} takes widths up to {wide} and heights up to {tall} here (found \
             {width}×{height})"
        );
    }
    if units.split.is_some() && seam_key(method).is_none() {
        bail!("--split is for the seam methods");
    }
    let split = match units.split {
        None => seam::Split::middle(height),
        Some(above) => seam::Split::at(above, height).ok_or_else(|| {
            anyhow::anyhow!(
                "--split: expected 1 to {} rows above the seam, each half at most {} rows \
                 (found {above} of {height})",
                height - 1,
                seam::MAX_HEIGHT / 2
            )
        })?,
    };
    if method == "mitm" {
        let bound = mitm::halves_bound(width, height);
        if bound > MITM_HALVES {
            bail!(
                "--method mitm would hold up to {bound} half grids of {width}×{}, more than the \
                 {MITM_HALVES} that fit in memory here (--method seam holds one unit's at a time)",
                height / 2
            );
        }
    }
    let started = Instant::now();
    let mut done = None;
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
        _ => {
            let shape = Shape {
                width,
                height,
                rules,
                method,
                above: split.above,
            };
            let (n, d) = count_in_units(shape, threads, units, progress)?;
            done = Some(d);
            n
        }
    };
    Ok(GridCount {
        n: width,
        width,
        height,
        rules,
        count: n.into(),
        method,
        units: done,
        seconds: started.elapsed().as_secs_f64(),
    })
}

/// The units of a seam method, or None for the others.
fn seam_key(method: &str) -> Option<seam::Key> {
    match method {
        "seam" => Some(seam::Key::Pair),
        "seam-row" => Some(seam::Key::Row),
        _ => None,
    }
}

/// What a count in units is of.
#[derive(Clone, Copy)]
struct Shape {
    width: usize,
    height: usize,
    rules: Rules,
    method: &'static str,
    /// Seam method: the rows above the seam.
    above: usize,
}

/// What a checkpoint holds: the shape, rules and method it belongs to, and each finished
/// unit's weighted count (decimal strings: counts may outgrow 64 bits). Checkpoints from
/// before the seam method have no method: theirs is the search.
#[derive(Serialize, serde::Deserialize, Default)]
struct Checkpoint {
    width: usize,
    height: usize,
    rules: String,
    #[serde(default = "search_method")]
    method: String,
    /// Seam method: the rows above the seam, when not half the height.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    split: Option<usize>,
    /// Units in all (absent in older checkpoints).
    #[serde(default)]
    units: Option<usize>,
    done: BTreeMap<usize, String>,
}

fn search_method() -> String {
    "search".into()
}

impl Checkpoint {
    fn read(path: &Path) -> Result<Checkpoint> {
        let bytes = std::fs::read(path)
            .map_err(|e| anyhow::anyhow!("cannot read {}: {e}", path.display()))?;
        serde_json::from_slice(&bytes)
            .map_err(|e| anyhow::anyhow!("{}: not a count-grids checkpoint ({e})", path.display()))
    }

    fn is_of(&self, s: Shape) -> bool {
        (
            self.width,
            self.height,
            self.rules.as_str(),
            self.method.as_str(),
        ) == (s.width, s.height, s.rules.name(), s.method)
            && self.above() == s.above
    }

    /// The rows above the seam (seam method).
    fn above(&self) -> usize {
        self.split.unwrap_or(self.height / 2)
    }

    /// The sum of the finished units' counts.
    fn total(&self, path: &Path) -> Result<u128> {
        let mut sum = 0u128;
        for (k, v) in &self.done {
            sum += v.parse::<u128>().map_err(|_| {
                anyhow::anyhow!("{}: unit {k} has a bad count `{v}`", path.display())
            })?;
        }
        Ok(sum)
    }
}

/// The units of `shape` (of `shard`, when given), recording finished units in `checkpoint`
/// (atomically, at most every few seconds and at the end) and resuming from it when it exists.
fn count_in_units(
    shape: Shape,
    threads: usize,
    units: Units,
    progress: &Progress,
) -> Result<(u128, UnitsDone)> {
    let Shape {
        width,
        height,
        rules,
        method,
        above,
    } = shape;
    let split = seam::Split::at(above, height).expect("a checked split");
    let m = crate::lines::Matcher::new(width);
    let of = match seam_key(method) {
        Some(key) => seam::units_of(&m, split, key).len(),
        None => count::tasks(&m, rules == Rules::Distinct).len(),
    };
    let fresh = Checkpoint {
        width,
        height,
        rules: rules.name().to_string(),
        method: method.to_string(),
        split: (seam_key(method).is_some() && above != height / 2).then_some(above),
        units: Some(of),
        done: BTreeMap::new(),
    };
    let state = match units.checkpoint.filter(|p| p.exists()) {
        Some(path) => {
            let c = Checkpoint::read(path)?;
            if !c.is_of(shape) {
                bail!(
                    "{}: the checkpoint is for {}×{} {} by {} (seam below row {}), not \
                     {width}×{height} {rules} by {method} (seam below row {above})",
                    path.display(),
                    c.width,
                    c.height,
                    c.rules,
                    c.method,
                    c.above()
                );
            }
            if let Some(&k) = c.done.keys().find(|&&k| k >= of) {
                bail!(
                    "{}: unit {k} does not exist (there are {of})",
                    path.display()
                );
            }
            c
        }
        None => fresh,
    };
    let mine = |k: usize| units.shard.is_none_or(|(s, n)| k % n == s);
    let before = state.total(units.checkpoint.unwrap_or(Path::new("checkpoint")))?;
    let already: std::collections::BTreeSet<usize> = state.done.keys().copied().collect();
    let todo = (0..of).filter(|&k| mine(k)).count();
    let state = Mutex::new(state);
    let saver = wellposed_engine::Checkpointer::new(units.checkpoint, Duration::from_secs(5));
    let what = match seam_key(method) {
        Some(seam::Key::Pair) => "seam-row pairs",
        Some(seam::Key::Row) => "rows below the seam",
        None => "first-row pairs",
    };
    let bar = progress.meter(what, todo as u64);
    bar.set_position(already.iter().filter(|&&k| mine(k)).count() as u64);
    let skip = |k: usize| !mine(k) || already.contains(&k);
    let finished = |k: usize, n: u128, _: usize| {
        bar.inc(1);
        let mut c = state.lock().expect("no panics while counting");
        c.done.insert(k, n.to_string());
        saver.save_if_due(&*c);
    };
    let found = match seam_key(method) {
        Some(key) => seam::count_units(width, split, key, threads, &skip, &finished),
        None => count::count_tasks(
            width,
            height,
            rules == Rules::Distinct,
            threads,
            &skip,
            &finished,
        ),
    };
    drop(bar);
    let state = state.into_inner().expect("no panics while counting");
    saver.save(&state);
    saver.finish()?;
    let counted = state.done.len();
    Ok((
        before + found,
        UnitsDone {
            counted,
            of,
            complete: counted == of,
        },
    ))
}

/// `binary merge-grids`: the checkpoints of shares summed, each unit exactly once.
pub fn merge_grids(paths: &[PathBuf]) -> Result<GridCount> {
    let mut first: Option<Checkpoint> = None;
    let mut seen: BTreeMap<usize, &Path> = BTreeMap::new();
    let mut sum = 0u128;
    let mut parts = Vec::new();
    for p in paths {
        parts.push((p.as_path(), Checkpoint::read(p)?));
    }
    for (path, c) in &parts {
        if let Some(f) = &first {
            if (c.width, c.height, &c.rules, &c.method, c.units, c.above())
                != (f.width, f.height, &f.rules, &f.method, f.units, f.above())
            {
                bail!(
                    "{}: a checkpoint of {}×{} {} by {}, not of {}×{} {} by {} like the first",
                    path.display(),
                    c.width,
                    c.height,
                    c.rules,
                    c.method,
                    f.width,
                    f.height,
                    f.rules,
                    f.method
                );
            }
        } else {
            first = Some(Checkpoint {
                width: c.width,
                height: c.height,
                rules: c.rules.clone(),
                method: c.method.clone(),
                split: c.split,
                units: c.units,
                done: BTreeMap::new(),
            });
        }
        for &k in c.done.keys() {
            if let Some(other) = seen.insert(k, path) {
                bail!(
                    "unit {k} is in both {} and {}",
                    other.display(),
                    path.display()
                );
            }
        }
        sum += c.total(path)?;
    }
    let f = first.expect("clap requires at least one checkpoint");
    let side = |n: usize| n >= 2 && n.is_multiple_of(2) && n <= crate::lines::MAX_LINE;
    if !side(f.width) || !side(f.height) {
        bail!(
            "{}: a checkpoint of {}×{}, not a grid this program counts",
            paths[0].display(),
            f.width,
            f.height
        );
    }
    let rules = Rules::parse(&f.rules)
        .ok_or_else(|| anyhow::anyhow!("{}: unknown rules `{}`", paths[0].display(), f.rules))?;
    let method: &'static str = match f.method.as_str() {
        "seam" => "seam",
        "seam-row" => "seam-row",
        "search" => "search",
        other => bail!("{}: unknown method `{other}`", paths[0].display()),
    };
    let m = crate::lines::Matcher::new(f.width);
    let of = match (method, seam_key(method)) {
        (_, Some(key)) if f.width <= seam::MAX_WIDTH => {
            match seam::Split::at(f.above(), f.height) {
                Some(split) => seam::units_of(&m, split, key).len(),
                None => bail!(
                    "{}: a seam below row {} of {}",
                    paths[0].display(),
                    f.above(),
                    f.height
                ),
            }
        }
        ("search", _) => count::tasks(&m, rules == Rules::Distinct).len(),
        _ => bail!(
            "{}: a checkpoint of an impossible shape",
            paths[0].display()
        ),
    };
    if f.units.is_some_and(|u| u != of) {
        bail!(
            "{}: made with {} units, where this program makes {of}",
            paths[0].display(),
            f.units.unwrap_or(0)
        );
    }
    if let Some((&k, _)) = seen.range(of..).next() {
        bail!("unit {k} does not exist (there are {of})");
    }
    Ok(GridCount {
        n: f.width,
        width: f.width,
        height: f.height,
        rules,
        count: sum.into(),
        method,
        units: Some(UnitsDone {
            counted: seen.len(),
            of,
            complete: seen.len() == of,
        }),
        seconds: 0.0,
    })
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
    #[command(flatten)]
    size: GridSize,
    /// Rule set: distinct or no-distinct.
    #[arg(long, default_value = "distinct", value_parser = rules)]
    rules: Rules,
}

/// Minimal unique puzzles, solvable with binary's techniques up to `--difficulty`.
pub const GENERATOR: Generator = Generator {
    args: || GridSize::command::<GenerateArgs>(Binary::NAME, 6),
    difficulty: Difficulty::Own(&["pairs", "gaps", "counts", "lines", "distinct", "probe"]),
    make: |m, req: &Request| {
        let a = GenerateArgs::from_arg_matches(m)?;
        let (height, width) = a.size.rows_cols();
        let made = generate_binary(
            width,
            height,
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
