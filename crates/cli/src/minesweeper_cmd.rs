//! `wellposed minesweeper analyze`: counts and probabilities by components.

use anyhow::{bail, Result};
use serde_json::json;
use wellposed_minesweeper::play::{self, Level};
use wellposed_minesweeper::{count, Board, Cell};

use crate::Report;

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

pub fn play(
    level: &str,
    strategy: &str,
    games: usize,
    seed: u64,
    threads: usize,
) -> Result<Report> {
    let Some(l) = Level::parse(level) else {
        bail!("--level: expected beginner, intermediate or expert, found `{level}`");
    };
    let Some(strategy) = play::Strategy::parse(strategy) else {
        bail!("--strategy: expected lowest, endgame or progress, found `{strategy}`");
    };
    if games == 0 {
        bail!("--games: expected at least one game");
    }
    let started = std::time::Instant::now();
    let bar = indicatif::ProgressBar::new(games as u64);
    let r = play::play_many(l, strategy, games, seed, threads, &|done| {
        bar.set_position(done as u64)
    });
    bar.finish_and_clear();
    let rate = r.won as f64 / r.games as f64;
    // The binomial standard error of the rate.
    let error = (rate * (1.0 - rate) / r.games as f64).sqrt();
    let seconds = started.elapsed().as_secs_f64();
    Ok(Report {
        text: format!(
            "{level} ({}×{}, {} mines), strategy {}: won {} of {} games = {:.1}% ± {:.1}% ({} guesses, {} cells opened by proof, {seconds:.1} s)",
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
            "level": level, "strategy": strategy.name(), "games": r.games, "won": r.won, "win_rate": rate,
            "standard_error": error, "guesses": r.guesses, "safe_moves": r.safe_moves,
            "seed": seed, "seconds": seconds,
        }),
    })
}

/// `generate minesweeper`: boards that need no guess after the first click (top-left corner).
pub fn generate(level: &str, seed: u64, count: u64) -> Result<Report> {
    let Some(l) = Level::parse(level) else {
        bail!("--level: expected beginner, intermediate or expert, found `{level}`");
    };
    crate::per_seed(&wellposed_engine::Progress::new(), seed, count, |s| {
        let Some((mine, dealt)) = play::no_guess_layout(l, 0, s) else {
            bail!("no layout without guessing found in 100,000 deals (seed {s})");
        };
        let id = wellposed_minesweeper::formats::game_id(l.rows, l.cols, &mine, 0);
        let grid: Vec<String> = mine
            .chunks(l.cols)
            .map(|r| r.iter().map(|&m| if m { '*' } else { '.' }).collect())
            .collect();
        Ok((
            format!(
            "# seed {s}: no guess needed after the first click (top left); {dealt} layouts dealt\n# game ID: {id}\n{}",
            grid.join("\n")
        ),
            json!({"seed": s, "dealt": dealt, "game_id": id, "mines": grid, "first_click": [1, 1]}),
        ))
    })
}
