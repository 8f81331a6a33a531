//! What the front ends ask of Minesweeper beyond solving: `minesweeper analyze` (exact layout
//! counts and probabilities), `minesweeper play` (whole games, win rate) and the generator of
//! layouts that need no guess.

use crate::play::{self, Level, Strategy};
use crate::{count, Board, Cell};
use serde_json::json;
use std::path::PathBuf;
use wellposed_engine::anyhow::{self, bail, Result};
use wellposed_engine::clap::{self, Args, FromArgMatches, Subcommand};
use wellposed_engine::{Commands, Context, Difficulty, Family, Generator, Made, Report, Request};

/// `wellposed minesweeper …`.
#[derive(Subcommand)]
pub enum MinesweeperCommand {
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
        #[arg(long, default_value = "expert", value_parser = level)]
        level: Level,
        /// How to guess: lowest (mine probability), endgame (plus perfect play when at most
        /// 2000 layouts remain) or progress (plus safety weighed against the chance of
        /// proving more cells safe).
        #[arg(long, default_value = "progress", value_parser = strategy)]
        strategy: Strategy,
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Worker threads (default: all cores); the games do not depend on it.
        #[arg(long, default_value_t = 0)]
        threads: usize,
    },
}

fn level(s: &str) -> Result<Level, String> {
    Level::parse(s).ok_or_else(|| format!("expected beginner, intermediate or expert, found `{s}`"))
}

fn strategy(s: &str) -> Result<Strategy, String> {
    Strategy::parse(s).ok_or_else(|| format!("expected lowest, endgame or progress, found `{s}`"))
}

/// The family's subcommands, for the registry.
pub const COMMANDS: Commands = Commands {
    about: "Minesweeper: exact layout counts and mine probabilities",
    subcommands: MinesweeperCommand::augment_subcommands,
    run: |m, ctx| run(MinesweeperCommand::from_arg_matches(m)?, ctx),
};

fn run(c: MinesweeperCommand, _ctx: &Context) -> Result<Report> {
    match c {
        MinesweeperCommand::Analyze { file } => analyze(&wellposed_engine::read_instance(&file)?),
        MinesweeperCommand::Play {
            games,
            level,
            strategy,
            seed,
            threads,
        } => play_games(
            level,
            strategy,
            games,
            seed,
            Context::threads(threads),
            _ctx,
        ),
    }
}

/// `minesweeper analyze`: the exact count, safe cells, mines and every probability.
pub fn analyze(board: &Board) -> Result<Report> {
    let a = count::analyze(board).map_err(anyhow::Error::msg)?;
    let consistent = a.layouts > num_bigint::BigUint::default();
    let (mut safe, mut mines) = (Vec::new(), Vec::new());
    let mut probabilities = Vec::new();
    let mut picture = Vec::new();
    for r in 0..board.rows {
        let mut prow = Vec::new();
        let mut line = String::new();
        for c in 0..board.cols {
            let k = r * board.cols + c;
            let p = a.probability.get(k).cloned().flatten();
            match (&board.cells[k], &p) {
                (Cell::Number(n), _) => line.push(char::from(b'0' + n)),
                (Cell::Mine, _) => line.push('*'),
                (Cell::Safe, _) => line.push('-'),
                (Cell::Unknown, Some(p)) if p.numer() == p.denom() => {
                    mines.push([r + 1, c + 1]);
                    line.push('*');
                }
                (Cell::Unknown, Some(p)) if *p.numer() == num_bigint::BigInt::default() => {
                    safe.push([r + 1, c + 1]);
                    line.push('.');
                }
                _ => line.push('?'),
            }
            prow.push(p.map(|p| {
                json!({"exact": p.to_string(), "value": num_traits::ToPrimitive::to_f64(&p).unwrap_or(f64::NAN)})
            }));
        }
        probabilities.push(prow);
        picture.push(line);
    }
    let mut text = format!(
        "layouts: {}\ncomponents: {} (largest {} cells), interior cells: {}",
        a.layouts, a.components, a.largest, a.interior
    );
    if consistent {
        text.push_str(&format!(
            "\nsafe cells: {}, mines: {} (in every layout)\n{}",
            safe.len(),
            mines.len(),
            picture.join("\n")
        ));
        // Where to click when nothing is safe: the open cell least likely to hold a mine.
        let open = a.probability.iter().enumerate().filter_map(|(k, p)| {
            let p = p.as_ref()?;
            (!p.is_integer()).then_some((p, k))
        });
        if let Some((p, k)) = open.min() {
            text.push_str(&format!(
                "\nsafest open cell: row {} col {}, mine probability {} ≈ {:.4}",
                k / board.cols + 1,
                k % board.cols + 1,
                p,
                num_traits::ToPrimitive::to_f64(p).unwrap_or(f64::NAN)
            ));
        }
    } else {
        text.push_str("\nstatus: inconsistent (no layout fits)");
    }
    let json = json!({
        "consistent": consistent,
        "layouts": serde_json::Number::from_string_unchecked(a.layouts.to_string()),
        "components": a.components,
        "largest_component": a.largest,
        "interior": a.interior,
        "safe": safe,
        "mines": mines,
        "deduced": picture,
        "probabilities": probabilities,
    });
    Ok(Report { text, json })
}

/// `minesweeper play`: the win rate of whole games with its standard error.
fn play_games(
    l: Level,
    strategy: Strategy,
    games: usize,
    seed: u64,
    threads: usize,
    ctx: &Context,
) -> Result<Report> {
    if games == 0 {
        bail!("--games: expected at least one game");
    }
    let started = std::time::Instant::now();
    let meter = ctx.options.progress.meter("games", games as u64);
    let r = play::play_many(l, strategy, games, seed, threads, &|done| {
        meter.set_position(done as u64)
    });
    drop(meter);
    let rate = r.won as f64 / r.games as f64;
    // The binomial standard error of the rate.
    let error = (rate * (1.0 - rate) / r.games as f64).sqrt();
    let seconds = started.elapsed().as_secs_f64();
    Ok(Report {
        text: format!(
            "{} ({}×{}, {} mines), strategy {}: won {} of {} games = {:.1}% ± {:.1}% ({} guesses, {} cells opened by proof, {seconds:.1} s)",
            l.name(),
            l.cols,
            l.rows,
            l.mines,
            strategy.name(),
            r.won,
            r.games,
            100.0 * rate,
            100.0 * error,
            r.guesses,
            r.safe_moves
        ),
        json: json!({
            "level": l.name(), "strategy": strategy.name(), "games": r.games, "won": r.won, "win_rate": rate,
            "standard_error": error, "guesses": r.guesses, "safe_moves": r.safe_moves,
            "seed": seed, "seconds": seconds,
        }),
    })
}

/// `generate minesweeper`'s parameters.
#[derive(Args)]
pub struct GenerateArgs {
    /// beginner (9×9, 10 mines), intermediate (16×16, 40) or expert (30×16, 99).
    #[arg(long, default_value = "beginner", value_parser = level)]
    level: Level,
}

/// Layouts that need no guess after the first click (top-left corner). The puzzle written is
/// the layout's "place the mines" board (every other cell revealed, the number of mines
/// given), which `solve` reads back and proves unique.
pub const GENERATOR: Generator = Generator {
    args: || GenerateArgs::augment_args(clap::Command::new(Board::NAME)),
    difficulty: Difficulty::None,
    make,
};

fn make(m: &clap::ArgMatches, req: &Request) -> Result<Made> {
    let l = GenerateArgs::from_arg_matches(m)?.level;
    let s = req.seed;
    let Some((mine, dealt)) = play::no_guess_layout(l, 0, s) else {
        bail!("no layout without guessing found in 100,000 deals (seed {s})");
    };
    let id = crate::formats::game_id(l.rows, l.cols, &mine, 0);
    let mut board = crate::formats::parse_game_id(&id, "generated", 1)?;
    board.mines = Some(l.mines);
    let puzzle = board.to_text();
    let grid: Vec<String> = mine
        .chunks(l.cols)
        .map(|r| r.iter().map(|&m| if m { '*' } else { '.' }).collect())
        .collect();
    Ok(Made {
        text: format!(
            "# seed {s}: no guess needed after the first click (top left); {dealt} layouts dealt\n# game ID: {id}\n# layout:\n# {}\n{}",
            grid.join("\n# "),
            puzzle.trim_end()
        ),
        json: json!({"seed": s, "dealt": dealt, "game_id": id, "mines": grid, "first_click": [1, 1], "puzzle": puzzle}),
        puzzle,
    })
}
