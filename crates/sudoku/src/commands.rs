//! The generator's parameters, and `wellposed sudoku batch FILE`: a file of one-line puzzles
//! answered line by line, as Sudoku solvers' batch modes do.

use crate::singles::{Found, Singles};
use crate::{formats, generate, solver, Shape, Sudoku, MAX_SIDE};
use serde_json::json;
use std::io::BufRead;
use std::path::PathBuf;
use wellposed_engine::anyhow::{self, bail, Context as _, Result};
use wellposed_engine::clap::{self, Args, FromArgMatches, Subcommand};
use wellposed_engine::{Commands, Context, Difficulty, Family, Generator, Made, Report, Request};

/// `generate sudoku`'s parameters.
#[derive(Args)]
pub struct GenerateArgs {
    /// The side: 4, 6, 9, 16, … (boxes R×C with R the largest divisor up to √side, unless
    /// --box-rows says).
    #[arg(long, default_value_t = 9)]
    size: usize,
    /// Rows per box (columns per box: size / rows).
    #[arg(long)]
    box_rows: Option<usize>,
    /// Draw seeds s, s + 2^32, … until the family's search has to guess at least this often
    /// to decide the puzzle (0: any puzzle; 1: singles alone do not solve it). A measure of
    /// how hard the puzzle is for a solver, not for a player (that is --difficulty).
    #[arg(long, default_value_t = 0)]
    min_guesses: u64,
}

/// How many seeds `--min-guesses` tries for one puzzle.
const GUESS_ATTEMPTS: u64 = 1000;

/// A random full grid, a minimal set of its digits that keeps it unique, proved unique by
/// dancing links; `--difficulty` grades it by the techniques (the front end draws seeds until
/// the hardest technique needed is the one asked).
pub const GENERATOR: Generator = Generator {
    args: || GenerateArgs::augment_args(clap::Command::new(Sudoku::NAME)),
    difficulty: Difficulty::Graded,
    make,
};

/// The generator's largest side: removal asks the search once per cell, and above 16 a
/// sparse 25×25 can take it long.
const MAX_GENERATED: usize = 16;

fn make(m: &clap::ArgMatches, req: &Request) -> Result<Made> {
    let a = GenerateArgs::from_arg_matches(m)?;
    let n = a.size;
    if !(1..=MAX_GENERATED).contains(&n) {
        bail!("--size: expected 1 to {MAX_GENERATED}, found {n}");
    }
    let (r, c) = match a.box_rows {
        None => Shape::default_box(n),
        Some(r) if r >= 1 && n.is_multiple_of(r) => (r, n / r),
        Some(r) => bail!("--box-rows: expected a divisor of {n}, found {r}"),
    };
    let shape = Shape::new(r, c);
    let (g, seed, guesses) = (0..GUESS_ATTEMPTS)
        .map(|attempt| {
            let seed = req.seed.wrapping_add(attempt << 32);
            let g = generate::generate(&shape, seed);
            let guesses = solver::guesses(&shape, &g.puzzle.givens);
            (g, seed, guesses)
        })
        .find(|(_, _, guesses)| *guesses >= a.min_guesses)
        .ok_or_else(|| {
            anyhow::anyhow!(
                "no puzzle needing {} guesses in {GUESS_ATTEMPTS} seeds from {}",
                a.min_guesses,
                req.seed
            )
        })?;
    let p = &g.puzzle;
    let solution = p.grid_of(&g.solution);
    p.verify(&solution)
        .map_err(|e| anyhow::anyhow!("internal error: the generated grid breaks a rule: {e}"))?;
    // Proved by dancing links, not by the search that made it.
    let dlx = wellposed_engine::Options {
        method: wellposed_engine::Method::Dlx,
        ..req.options.clone()
    };
    if !wellposed_engine::proved_unique(p, &dlx) {
        bail!("internal error: the generated puzzle is not proved unique");
    }
    let puzzle = p.to_text();
    let givens = p.givens.iter().flatten().count();
    let line = formats::line(p);
    Ok(Made {
        text: format!(
            "# seed {seed}: {givens} givens (minimal), {guesses} guesses{}\n{}",
            line.as_ref().map_or(String::new(), |l| format!("\n# {l}")),
            puzzle.trim_end()
        ),
        json: json!({
            "seed": seed, "givens": givens, "guesses": guesses, "puzzle": puzzle, "line": line,
            "solution": formats::solution_line(&g.solution),
            // What other solvers read (bench.tsv, `bench-genres --generated`); sides
            // puzz.link has boxes for only.
            "url": formats::url(p),
        }),
        puzzle,
    })
}

/// `wellposed sudoku …`.
#[derive(Subcommand)]
pub enum SudokuCommand {
    /// Answer a file of one-line puzzles (81 characters for 9×9, `.` or `0` blank; 16, 36,
    /// 256 … for other sides; `#` comments and blank lines skipped, anything after the first
    /// word ignored): one line per puzzle, the solution or `none` or `multiple`.
    Batch {
        file: PathBuf,
        /// Also the seconds each puzzle took (reading its line, solving, proving uniqueness),
        /// wall clock and this thread's CPU time: after the answer, separated by spaces, or as
        /// `seconds` and `cpu_seconds` in the JSON lines.
        #[arg(long)]
        times: bool,
    },
    /// The puzz.link URL of each one-line puzzle of a file, one per line (what other solvers
    /// read; sides 4, 6, 9, 16 and 25).
    Urls { file: PathBuf },
}

/// The family's subcommands, for the registry.
pub const COMMANDS: Commands = Commands {
    about: "Sudoku: answer a file of one-line puzzles, one answer line each",
    subcommands: SudokuCommand::augment_subcommands,
    run: |m, ctx| run(SudokuCommand::from_arg_matches(m)?, ctx),
};

fn run(c: SudokuCommand, ctx: &Context) -> Result<Report> {
    match c {
        SudokuCommand::Batch { file, times } => {
            let f = std::fs::File::open(&file)
                .with_context(|| format!("cannot read {}", file.display()))?;
            batch(
                std::io::BufReader::new(f),
                &file.display().to_string(),
                times,
                ctx,
            )
        }
        SudokuCommand::Urls { file } => {
            let f = std::fs::File::open(&file)
                .with_context(|| format!("cannot read {}", file.display()))?;
            urls(std::io::BufReader::new(f), &file.display().to_string(), ctx)
        }
    }
}

/// The first word of a batch line, `None` for comments and blank lines, checked for length
/// before anything is parsed.
fn puzzle_word<'l>(line: &'l str, source: &str, no: usize) -> Result<Option<&'l str>> {
    let Some(word) = line
        .split('#')
        .next()
        .and_then(|l| l.split_whitespace().next())
    else {
        return Ok(None);
    };
    if word.len() > MAX_SIDE * MAX_SIDE {
        bail!(
            "{source}:{no}: expected a puzzle of at most {} characters",
            MAX_SIDE * MAX_SIDE
        );
    }
    Ok(Some(word))
}

/// Streams the puzz.link URL of every puzzle of `input` (read as the batch reads it); a puzzle
/// pzprjs cannot hold (a side with other than its boxes) stops it with its line number.
pub fn urls(input: impl BufRead, source: &str, ctx: &Context) -> Result<Report> {
    let mut count = 0u64;
    for (k, line) in input.lines().enumerate() {
        let no = k + 1;
        let line = line.with_context(|| format!("{source}:{no}: cannot read the line"))?;
        let Some(word) = puzzle_word(&line, source, no)? else {
            continue;
        };
        let p = formats::parse_line(word, source, no)?;
        let Some(url) = formats::url(&p) else {
            bail!(
                "{source}:{no}: a puzzle of side {} has no puzz.link URL",
                p.n()
            );
        };
        (ctx.stream)(&url)?;
        count += 1;
    }
    Ok(Report {
        text: format!("# {source}: {count} URLs"),
        json: json!({"file": source, "urls": count}),
    })
}

/// The CPU seconds this thread has used so far (0 where the system does not say). On a shared
/// machine a puzzle's wall-clock time includes whatever ran in between; this does not.
fn thread_cpu_seconds() -> f64 {
    #[cfg(unix)]
    {
        // SAFETY: clock_gettime only writes the struct it is given.
        let mut t: libc::timespec = unsafe { std::mem::zeroed() };
        if unsafe { libc::clock_gettime(libc::CLOCK_THREAD_CPUTIME_ID, &mut t) } == 0 {
            return t.tv_sec as f64 + t.tv_nsec as f64 * 1e-9;
        }
    }
    0.0
}

/// The tally of a batch.
#[derive(Default, serde::Serialize)]
pub struct Tally {
    pub puzzles: u64,
    pub unique: u64,
    pub multiple: u64,
    pub none: u64,
}

/// One puzzle's answer line: its solution on one line, `none` or `multiple`. The batch's
/// solvers, one per side met so far, are kept in `solvers`.
pub fn answer(p: &Sudoku, solvers: &mut Vec<Singles>) -> (String, &'static str) {
    let n = p.n();
    let at = match solvers.iter().position(|s| s.side() == n) {
        Some(at) => at,
        None => {
            solvers.push(Singles::new(&Shape::new_default(n)));
            solvers.len() - 1
        }
    };
    match solvers[at].solve(&p.givens, 2) {
        Found { count: 0, .. } => ("none".into(), "none"),
        Found {
            count: 1,
            first: Some(cells),
        } => (formats::solution_line(&cells), "unique"),
        _ => ("multiple".into(), "multiple"),
    }
}

/// Reads `input` line by line and answers each puzzle as it is read, streaming the answers;
/// a line that is not a puzzle stops the batch with its line number. In text mode the last
/// answer is the report's text (so standard output holds exactly one line per puzzle) and the
/// tally goes to standard error; with `--json` each answer is a JSON line and the report is
/// the tally. With `times` each answer carries the seconds its puzzle took, parsing included
/// (a batch's per-puzzle cost; the process's start-up is not in any of them).
pub fn batch(input: impl BufRead, source: &str, times: bool, ctx: &Context) -> Result<Report> {
    let mut tally = Tally::default();
    let mut solvers: Vec<Singles> = Vec::new();
    let mut held: Option<String> = None;
    for (k, line) in input.lines().enumerate() {
        let no = k + 1;
        let line = line.with_context(|| format!("{source}:{no}: cannot read the line"))?;
        let Some(word) = puzzle_word(&line, source, no)? else {
            continue;
        };
        let (start, cpu_start) = (std::time::Instant::now(), thread_cpu_seconds());
        let p = formats::parse_line(word, source, no)?;
        let (mut text, status) = answer(&p, &mut solvers);
        let seconds = start.elapsed().as_secs_f64();
        let cpu_seconds = thread_cpu_seconds() - cpu_start;
        tally.puzzles += 1;
        match status {
            "unique" => tally.unique += 1,
            "multiple" => tally.multiple += 1,
            _ => tally.none += 1,
        }
        if ctx.json {
            let mut j = json!({"line": no, "status": status, "solution": (status == "unique").then_some(&text)});
            if times {
                j["seconds"] = json!(seconds);
                j["cpu_seconds"] = json!(cpu_seconds);
            }
            (ctx.stream)(&j.to_string())?;
        } else {
            if times {
                text = format!("{text} {seconds:.6} {cpu_seconds:.6}");
            }
            if let Some(h) = held.replace(text) {
                (ctx.stream)(&h)?;
            }
        }
    }
    let summary = format!(
        "{source}: {} puzzles: {} unique, {} multiple, {} none",
        tally.puzzles, tally.unique, tally.multiple, tally.none
    );
    if !ctx.json {
        eprintln!("{summary}");
    }
    Ok(Report {
        text: held.unwrap_or_else(|| format!("# {summary}")),
        json: json!({"file": source, "puzzles": tally.puzzles, "unique": tally.unique,
                     "multiple": tally.multiple, "none": tally.none}),
    })
}
