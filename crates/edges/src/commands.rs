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
    },
}

/// The family's subcommands, for the registry.
pub const COMMANDS: Commands = Commands {
    about: "Edge matching: count solutions, also up to turning the whole board",
    subcommands: EdgesCommand::augment_subcommands,
    run: |m, ctx| match EdgesCommand::from_arg_matches(m)? {
        EdgesCommand::Count { file, limit } => {
            let e: Edges = wellposed_engine::read_instance(&file)?;
            let opts = Options {
                method: Method::Dlx,
                ..ctx.options.clone()
            };
            count(&e, &opts, limit, &file.display().to_string())
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
