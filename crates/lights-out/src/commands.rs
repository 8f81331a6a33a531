//! What the front ends ask of Lights Out beyond solving: `lights-out analyze` (GF(2)
//! elimination: solvable, 2^nullity solutions, fewest presses), `lights-out nullity`, and the
//! generator of random solvable boards.

use crate::{nullity, torus_nullity, LightsOut, NullityMethod, MAX_CELLS};
use clap::{Args, FromArgMatches, Subcommand};
use serde_json::json;
use std::path::PathBuf;
use wellposed_engine::anyhow::{self, bail, Result};
use wellposed_engine::{Commands, Difficulty, Family, Generator, GridSize, Made, Report, Request};

/// `wellposed lights-out …`.
#[derive(Subcommand)]
pub enum LightsOutCommand {
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

/// `--method` of `lights-out nullity`.
#[derive(Clone, Copy, clap::ValueEnum)]
pub enum NullityArg {
    Polynomial,
    Chase,
    Elimination,
}

/// The family's subcommands, for the registry.
pub const COMMANDS: Commands = Commands {
    about: "Lights Out over GF(2)",
    subcommands: LightsOutCommand::augment_subcommands,
    run: |m, _| match LightsOutCommand::from_arg_matches(m)? {
        LightsOutCommand::Analyze { file, max_search } => {
            analyze(&wellposed_engine::read_instance(&file)?, max_search)
        }
        LightsOutCommand::Nullity {
            n,
            m,
            torus,
            method,
        } => nullity_of(n, m.unwrap_or(n), torus, method),
    },
};

/// `lights-out analyze`.
pub fn analyze(board: &LightsOut, max_search: usize) -> Result<Report> {
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

/// `lights-out nullity`: by the method asked, within the sizes each one takes here.
fn nullity_of(n: usize, m: usize, torus: bool, method: NullityArg) -> Result<Report> {
    if n == 0 || m == 0 {
        bail!("the board needs at least one row and one column");
    }
    let (k, name) = if torus {
        if m * n > MAX_CELLS {
            bail!("a {m}×{n} torus is beyond elimination (at most {MAX_CELLS} cells)");
        }
        (torus_nullity(m, n), "elimination")
    } else {
        let method = match method {
            NullityArg::Polynomial => NullityMethod::Polynomial,
            NullityArg::Chase => NullityMethod::Chase,
            NullityArg::Elimination => NullityMethod::Elimination,
        };
        if method == NullityMethod::Elimination && m * n > MAX_CELLS {
            bail!("a {m}×{n} board is beyond elimination (at most {MAX_CELLS} cells); use --method chase or polynomial");
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

/// `generate lights-out`'s parameters.
#[derive(Args)]
pub struct GenerateArgs {
    #[command(flatten)]
    size: GridSize,
}

/// Random solvable boards, with their number of solutions and the fewest presses (GF(2)
/// elimination).
pub const GENERATOR: Generator = Generator {
    args: || GridSize::command::<GenerateArgs>(LightsOut::NAME, 6),
    difficulty: Difficulty::None,
    make,
};

fn make(m: &clap::ArgMatches, req: &Request) -> Result<Made> {
    let a = GenerateArgs::from_arg_matches(m)?;
    let (rows, cols) = a.size.rows_cols();
    let s = req.seed;
    let (board, presses) = crate::generate(rows, cols, s).map_err(anyhow::Error::msg)?;
    if board.after(&presses).iter().any(|&l| l) {
        bail!("internal error: the presses a board was made from do not solve it");
    }
    let a = board.analyze(24);
    if !a.solvable {
        bail!("internal error: a generated board is unsolvable by elimination");
    }
    let puzzle = board.to_text();
    Ok(Made {
        text: format!(
            "# seed {s}: {} solution(s); fewest presses {}\n{}",
            a.solutions,
            a.min_presses
                .map_or("not searched".to_string(), |p| p.to_string()),
            puzzle.trim_end()
        ),
        json: json!({
            "seed": s, "puzzle": puzzle, "solutions": a.solutions.to_string(),
            "min_presses": a.min_presses, "nullity": a.nullity,
        }),
        puzzle,
    })
}
