//! The generator: a random loop through the cells (the engine's [`random_grid_loop`]), cut
//! into arcs of random lengths along the loop, each arc the seed of a room; every piece of
//! cells the loop leaves out joins one room it touches whole (so no two unvisited cells are
//! side by side across a border, and each room holds one arc: the loop enters it once). Every
//! room's number, then a minimal set of numbers proved unique: numbers are dropped one at a
//! time, in random order, while the engine proves the planted loop the only one (a number kept
//! was needed with more numbers present, so it is needed with fewer).

use crate::{Clue, Country, Family, Road, Rooms};
use clap::{Args, FromArgMatches};
use serde_json::json;
use wellposed_engine::anyhow::{self, Result};
use wellposed_engine::connectivity::{grid_pairs, random_grid_loop};
use wellposed_engine::rooms::{components, neighbours};
use wellposed_engine::{
    uniqueness, Difficulty, Generator, Made, Options, Request, Uniqueness, Xorshift,
};

/// `generate country`'s parameters.
#[derive(Args)]
pub struct GenerateArgs {
    /// Columns.
    #[arg(long, default_value_t = 6)]
    cols: usize,
    /// Rows.
    #[arg(long, default_value_t = 6)]
    rows: usize,
    /// The longest stretch of the loop in one room.
    #[arg(long, default_value_t = 4)]
    arc: usize,
}

pub const GENERATOR: Generator = Generator {
    args: || GenerateArgs::augment_args(clap::Command::new(Country::NAME)),
    difficulty: Difficulty::Graded,
    make,
};

/// The largest board the generator makes (each number costs a solve).
const MAX_GENERATED: usize = 2500;

fn make(m: &clap::ArgMatches, req: &Request) -> Result<Made> {
    let a = GenerateArgs::from_arg_matches(m)?;
    let (rows, cols) = (a.rows, a.cols);
    if rows < 2 || cols < 2 || rows * cols > MAX_GENERATED || a.arc < 1 {
        anyhow::bail!("generate country: expected a board of 2×2 to {MAX_GENERATED} cells and --arc at least 1, found {rows}×{cols} and {}", a.arc);
    }
    let (p, road) =
        generate(rows, cols, a.arc, req.seed, req.options).map_err(anyhow::Error::msg)?;
    p.verify(&road)
        .map_err(|e| anyhow::anyhow!("internal error: the planted loop breaks a rule: {e}"))?;
    let numbers = p.clued().count();
    let puzzle = p.to_text();
    Ok(Made {
        text: format!(
            "# seed {}: {} rooms, {numbers} numbers (minimal)\n{}",
            req.seed,
            p.rooms.cells.len(),
            puzzle.trim_end()
        ),
        json: json!({
            "seed": req.seed, "rooms": p.rooms.cells.len(), "numbers": numbers,
            "puzzle": puzzle, "url": p.url(), "solution": p.render(&road),
        }),
        puzzle,
    })
}

/// Rooms for the loop `on` (segments in grid order): the loop's cells cut into arcs of 1 to
/// `arc` cells along it, and every piece of unvisited cells given whole to a room it touches.
pub fn rooms_for(rows: usize, cols: usize, on: &[bool], arc: usize, rng: &mut Xorshift) -> Rooms {
    let n = rows * cols;
    let pairs = grid_pairs(rows, cols);
    let mut adj = vec![Vec::new(); n];
    for (&(a, b), _) in pairs.iter().zip(on).filter(|(_, &x)| x) {
        adj[a].push(b);
        adj[b].push(a);
    }
    let start = (0..n).find(|&k| !adj[k].is_empty()).expect("a loop");
    let mut tour = vec![start];
    let (mut prev, mut at) = (start, adj[start][0]);
    while at != start {
        tour.push(at);
        let next = if adj[at][0] == prev { adj[at][1] } else { adj[at][0] };
        prev = at;
        at = next;
    }
    // Start the cuts at a random place of the loop, so the first arc is not always at its top.
    let shift = rng.below(tour.len() as u64) as usize;
    tour.rotate_left(shift);
    let mut label = vec![usize::MAX; n];
    let mut next = 0;
    let mut j = 0;
    while j < tour.len() {
        let len = 1 + rng.below(arc as u64) as usize;
        for &k in tour.iter().skip(j).take(len) {
            label[k] = next;
        }
        next += 1;
        j += len;
    }
    let off: Vec<bool> = (0..n).map(|k| label[k] == usize::MAX).collect();
    for piece in components(rows, cols, &off) {
        let mut touching: Vec<usize> = piece
            .iter()
            .flat_map(|&k| neighbours(rows, cols, k))
            .filter(|&k| !off[k])
            .map(|k| label[k])
            .collect();
        touching.sort_unstable();
        touching.dedup();
        let to = touching[rng.below(touching.len() as u64) as usize];
        for &k in &piece {
            label[k] = to;
        }
    }
    Rooms::from_labels(rows, cols, &label)
}

/// A puzzle with a minimal set of numbers whose only solution is the returned loop.
pub fn generate(
    rows: usize,
    cols: usize,
    arc: usize,
    seed: u64,
    opts: &Options,
) -> Result<(Country, Road), String> {
    let mut rng = Xorshift(seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1);
    let unique = |p: &Country| -> Result<bool, String> {
        Ok(matches!(
            uniqueness(p, opts).map_err(|e| e.to_string())?,
            Uniqueness::Unique(_)
        ))
    };
    for _ in 0..300 {
        let on = random_grid_loop(rows, cols, &mut rng);
        let rooms = rooms_for(rows, cols, &on, arc, &mut rng);
        let mut p = Country {
            clues: vec![Clue::None; rooms.cells.len()],
            rooms,
        };
        let road = p.road_of(|k| on[k]);
        let visited = p.visited(&road);
        for i in 0..p.clues.len() {
            p.clues[i] = Clue::Number(p.visited_in(&visited, i));
        }
        if p.verify(&road).is_err() || !unique(&p)? {
            continue;
        }
        let mut order: Vec<usize> = (0..p.clues.len()).collect();
        rng.shuffle(&mut order);
        for i in order {
            let number = p.clues[i];
            p.clues[i] = Clue::None;
            if !unique(&p)? {
                p.clues[i] = number;
            }
        }
        return Ok((p, road));
    }
    Err("no loop with a unique puzzle found in 300 tries".into())
}
