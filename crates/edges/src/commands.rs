//! `wellposed edges count`: every solution by dancing links, and the classes of boards that
//! are turns of each other.

use crate::Edges;
use clap::{FromArgMatches, Subcommand};
use serde_json::json;
use std::path::PathBuf;
use wellposed_engine::anyhow::Result;
use wellposed_engine::{Commands, Method, Options, Report};

/// `wellposed edges …`.
#[derive(Subcommand)]
pub enum EdgesCommand {
    /// Every solution by dancing links, and how many remain when boards that are turns of each
    /// other (quarter turns on a square board, half turns otherwise) count once.
    Count {
        file: PathBuf,
        /// Stop after this many solutions.
        #[arg(long)]
        limit: Option<u64>,
        /// Threads for counting patterns (default: all cores).
        #[arg(long, default_value_t = 0)]
        threads: usize,
        /// Count the boards' patterns instead (the labels each position shows; identical
        /// pieces and the turns of symmetric pieces not told apart), by exact cover with
        /// multiplicities, and multiply by the solutions per pattern (the same for every
        /// pattern): far fewer leaves to visit when pieces repeat or are symmetric.
        #[arg(long)]
        patterns: bool,
        /// With --patterns: count them memoised (one thread; remainders that repeat are counted
        /// once; the table bounded by --max-memory).
        #[arg(long, requires = "patterns")]
        memo: bool,
    },
}

/// The family's subcommands, for the registry.
pub const COMMANDS: Commands = Commands {
    about: "Edge matching: count solutions, also up to turning the whole board",
    subcommands: EdgesCommand::augment_subcommands,
    run: |m, ctx| match EdgesCommand::from_arg_matches(m)? {
        EdgesCommand::Count {
            file,
            limit,
            threads,
            patterns,
            memo,
        } => {
            let e: Edges = wellposed_engine::read_instance(&file)?;
            let opts = Options {
                method: Method::Dlx,
                threads,
                ..ctx.options.clone()
            };
            let file = file.display().to_string();
            if patterns {
                count_patterns(&e, &opts, (limit, memo), &file)
            } else {
                count(&e, &opts, limit, &file)
            }
        }
    },
};

fn count(e: &Edges, opts: &Options, limit: Option<u64>, file: &str) -> Result<Report> {
    let mut classes = std::collections::BTreeSet::new();
    let mut n = 0u64;
    let complete = wellposed_engine::enumerate(e, opts, limit, |s| {
        n += 1;
        let board = s
            .solution::<crate::Board>()
            .expect("an edge-matching solution");
        classes.insert(e.up_to_rotation(&board.placed));
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
            "turns": turns, "file": file,
        }),
    })
}

/// `edges count --patterns`: the patterns by the multiplicity search, times the solutions per
/// pattern ([`Edges::pattern_factor`]).
fn count_patterns(
    e: &Edges,
    opts: &Options,
    (limit, memo): (Option<u64>, bool),
    file: &str,
) -> Result<Report> {
    let start = std::time::Instant::now();
    let problem = e.pattern_problem();
    let threads = wellposed_engine::Context::threads(opts.threads);
    let c = if memo {
        if limit.is_some() {
            wellposed_engine::anyhow::bail!("--memo counts everything: it takes no --limit");
        }
        let never = std::sync::atomic::AtomicBool::new(false);
        let m = wellposed_xc::memo::count(&problem, opts.choices.max_bytes, &never)?;
        let count = u64::try_from(m.count)
            .map_err(|_| wellposed_engine::anyhow::anyhow!("more than 2^64 patterns"))?;
        wellposed_xc::Count {
            count,
            complete: m.complete,
        }
    } else {
        wellposed_xc::count_parallel(&problem, threads, limit, opts.progress.counted_tally())
    };
    let factor = e.pattern_factor();
    let total = &factor * c.count;
    let types = e.piece_types().len();
    let seconds = start.elapsed().as_secs_f64();
    let big = |n: &num_bigint::BigUint| serde_json::Number::from_string_unchecked(n.to_string());
    Ok(Report {
        text: if c.complete {
            format!(
                "{total} solutions = {} patterns × {factor} solutions per pattern ({types} piece types; {seconds:.1} s)",
                c.count
            )
        } else {
            format!(
                "at least {total} solutions: {} patterns (stopped at the limit) × {factor} per pattern",
                c.count
            )
        },
        json: json!({
            "count": big(&total), "complete": c.complete, "patterns": c.count,
            "per_pattern": big(&factor), "piece_types": types, "seconds": seconds, "file": file,
        }),
    })
}
