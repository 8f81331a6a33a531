//! The generator: dominoes placed at random (each on two free cells with no shaded cell
//! beside them, until none fits or the share asked is shaded), a region grown at random around
//! every shaded cell, and the regions paired into rooms of two shaded cells each — first each
//! domino's two halves, then pairs swapped at random where two regions of one pair touch two
//! of another, so dominoes cross room borders. Then, while the engine finds another solution,
//! a cell that the other solution shades and ours does not is moved to a neighbouring room
//! (only unshaded cells move, so the planted solution keeps every rule); where no cell can
//! move, or after as many moves as the board has cells, that cell is given unshaded instead.
//! Last, given cells are dropped one at a time, in random order, while the planted shading
//! stays the only one: the puzzle is unique and minimal (no given cell can be dropped; room
//! moves alone seldom reach uniqueness, so most boards keep some, more on larger boards).

use crate::{Family, Mark, Norinori, Rooms, Shading};
use clap::{Args, FromArgMatches};
use serde_json::json;
use wellposed_engine::anyhow::{self, Result};
use wellposed_engine::rooms::{components, neighbours};
use wellposed_engine::{
    uniqueness, Difficulty, Generator, Made, Options, Request, Uniqueness, Xorshift,
};

/// `generate norinori`'s parameters.
#[derive(Args)]
pub struct GenerateArgs {
    /// Rows.
    #[arg(long, default_value_t = 8)]
    rows: usize,
    /// Columns (default: the rows).
    #[arg(long)]
    cols: Option<usize>,
    /// The share of shaded cells to stop at, in percent (at most 40; the default places
    /// dominoes until none fits, about a third of the cells).
    #[arg(long, default_value_t = 40)]
    fill: usize,
    /// Rooms only: give no cell, so the board has a puzz.link URL, but it may have several
    /// solutions (the report says how it stands).
    #[arg(long)]
    rooms_only: bool,
}

pub const GENERATOR: Generator = Generator {
    args: || GenerateArgs::augment_args(clap::Command::new(Norinori::NAME)),
    difficulty: Difficulty::Graded,
    make,
};

/// Room moves, per cell of the board, before cells are given instead. Measured: more
/// moves (4 a cell), or moves kept only where the model counter finds fewer solutions, leave
/// about as many given cells at many times the time.
const MOVES: usize = 1;

/// The largest board the generator makes.
pub const MAX_GENERATED: usize = 2_500;

fn make(m: &clap::ArgMatches, req: &Request) -> Result<Made> {
    let a = GenerateArgs::from_arg_matches(m)?;
    let (rows, cols) = (a.rows, a.cols.unwrap_or(a.rows));
    let (p, s) = generate(rows, cols, a.fill, a.rooms_only, req.seed, req.options)
        .map_err(anyhow::Error::msg)?;
    p.verify(&s)
        .map_err(|e| anyhow::anyhow!("internal error: the planted shading breaks a rule: {e}"))?;
    let givens = p.givens.iter().flatten().count();
    let puzzle = p.to_text();
    let how = if a.rooms_only {
        uniqueness(&p, req.options)?.status()
    } else {
        "unique, given cells minimal"
    };
    Ok(Made {
        text: format!(
            "# seed {}: {} rooms, {givens} given cells ({how})\n{}",
            req.seed,
            p.rooms.cells.len(),
            puzzle.trim_end()
        ),
        json: json!({
            "seed": req.seed, "rooms": p.rooms.cells.len(), "givens": givens,
            "puzzle": puzzle, "url": p.url(), "solution": p.render(&s),
        }),
        puzzle,
    })
}

/// Dominoes at random, none beside another, until `fill` percent of the cells are shaded or
/// none fits.
pub fn random_dominoes(rows: usize, cols: usize, fill: usize, rng: &mut Xorshift) -> Vec<bool> {
    let n = rows * cols;
    let mut shaded = vec![false; n];
    let mut count = 0;
    let mut order: Vec<usize> = (0..n).collect();
    rng.shuffle(&mut order);
    let free =
        |shaded: &[bool], k: usize| !shaded[k] && !neighbours(rows, cols, k).any(|j| shaded[j]);
    for k in order {
        if count * 100 >= fill * n {
            break;
        }
        if !free(&shaded, k) {
            continue;
        }
        let mut next: Vec<usize> = neighbours(rows, cols, k)
            .filter(|&j| free(&shaded, j))
            .collect();
        if next.is_empty() {
            continue;
        }
        rng.shuffle(&mut next);
        shaded[k] = true;
        shaded[next[0]] = true;
        count += 2;
    }
    shaded
}

/// Rooms of two shaded cells each around a shading of dominoes (see the module's
/// documentation); `None` when some cell is out of reach of every shaded cell.
pub fn rooms_around(
    rows: usize,
    cols: usize,
    shaded: &[bool],
    rng: &mut Xorshift,
) -> Option<Rooms> {
    let n = rows * cols;
    let seeds: Vec<usize> = (0..n).filter(|&k| shaded[k]).collect();
    let mut region = vec![usize::MAX; n];
    for (i, &k) in seeds.iter().enumerate() {
        region[k] = i;
    }
    loop {
        let open: Vec<usize> = (0..n)
            .filter(|&k| {
                region[k] == usize::MAX
                    && neighbours(rows, cols, k).any(|j| region[j] != usize::MAX)
            })
            .collect();
        if open.is_empty() {
            break;
        }
        let k = open[rng.below(open.len() as u64) as usize];
        let near: Vec<usize> = neighbours(rows, cols, k)
            .filter(|&j| region[j] != usize::MAX)
            .collect();
        region[k] = region[near[rng.below(near.len() as u64) as usize]];
    }
    if region.contains(&usize::MAX) {
        return None;
    }
    let r = seeds.len();
    let mut touch = vec![vec![false; r]; r];
    for k in 0..n {
        for j in neighbours(rows, cols, k) {
            touch[region[k]][region[j]] = true;
        }
    }
    // Each region's partner: first the other half of its domino.
    let mut partner = vec![usize::MAX; r];
    for (i, &k) in seeds.iter().enumerate() {
        let other = neighbours(rows, cols, k)
            .find(|&j| shaded[j])
            .expect("a domino's other half");
        partner[i] = region[other];
    }
    for _ in 0..8 * r {
        let a1 = rng.below(r as u64) as usize;
        let b1 = rng.below(r as u64) as usize;
        let (a2, b2) = (partner[a1], partner[b1]);
        if a1 == b1 || a2 == b1 || !touch[a1][b1] || !touch[a2][b2] {
            continue;
        }
        partner[a1] = b1;
        partner[b1] = a1;
        partner[a2] = b2;
        partner[b2] = a2;
    }
    let label: Vec<usize> = region.iter().map(|&i| i.min(partner[i])).collect();
    Some(Rooms::from_labels(rows, cols, &label))
}

/// Moves unshaded cell `k` out of its room: the shortest line of the room's unshaded cells
/// from `k` to a cell beside another room goes into that room, when the room left stays
/// connected. The planted shading keeps every rule (only unshaded cells change rooms).
fn move_out(p: &mut Norinori, shaded: &[bool], k: usize, rng: &mut Xorshift) -> bool {
    let (rows, cols) = (p.rows(), p.cols());
    let mut label = p.rooms.of.clone();
    let old = label[k];
    let mut from = vec![usize::MAX; rows * cols];
    from[k] = k;
    let mut queue = std::collections::VecDeque::from([k]);
    while let Some(v) = queue.pop_front() {
        let outside: Vec<usize> = neighbours(rows, cols, v)
            .map(|j| label[j])
            .filter(|&r| r != old)
            .collect();
        if !outside.is_empty() {
            // The smallest room beside: big rooms leave the most freedom, so they give cells
            // away and small ones take them.
            let size = |r: usize| label.iter().filter(|&&l| l == r).count();
            let into = *outside
                .iter()
                .min_by_key(|&&r| (size(r), rng.below(4)))
                .expect("a room beside");
            let mut path = vec![v];
            while *path.last().expect("a cell") != k {
                path.push(from[*path.last().expect("a cell")]);
            }
            for &c in &path {
                label[c] = into;
            }
            let rest: Vec<bool> = label.iter().map(|&l| l == old).collect();
            if components(rows, cols, &rest).len() == 1 {
                p.rooms = Rooms::from_labels(rows, cols, &label);
                return true;
            }
            for &c in &path {
                label[c] = old;
            }
        }
        for j in neighbours(rows, cols, v) {
            if label[j] == old && !shaded[j] && from[j] == usize::MAX {
                from[j] = v;
                queue.push_back(j);
            }
        }
    }
    false
}

/// A unique puzzle with a minimal set of given cells, and its solution (with `rooms_only`, a
/// puzzle without given cells that has this solution, perhaps among others).
pub fn generate(
    rows: usize,
    cols: usize,
    fill: usize,
    rooms_only: bool,
    seed: u64,
    opts: &Options,
) -> Result<(Norinori, Shading), String> {
    if rows < 2 || cols < 2 || rows.saturating_mul(cols) > MAX_GENERATED {
        return Err(format!(
            "generate norinori: expected a board of 2×2 to {MAX_GENERATED} cells, found {rows}×{cols}"
        ));
    }
    if !(10..=40).contains(&fill) {
        return Err(format!(
            "generate norinori: --fill: expected 10 to 40 percent, found {fill}"
        ));
    }
    let n = rows * cols;
    let mut rng = Xorshift(seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1);
    let other_of = |p: &Norinori, s: &Shading| -> Result<Option<Option<Shading>>, String> {
        Ok(match uniqueness(p, opts).map_err(|e| e.to_string())? {
            Uniqueness::Unique(_) => None,
            Uniqueness::None => Some(None),
            Uniqueness::Multiple(a, b) => {
                let a: &Shading = a.solution().ok_or("a shading")?;
                let b: &Shading = b.solution().ok_or("a shading")?;
                Some(Some(if a == s { b.clone() } else { a.clone() }))
            }
        })
    };
    for _ in 0..100 {
        let shaded = random_dominoes(rows, cols, fill, &mut rng);
        let Some(rooms) = rooms_around(rows, cols, &shaded, &mut rng) else {
            continue;
        };
        let mut p = Norinori::new(rooms);
        let s = p.shading_of(|k| shaded[k]);
        if p.verify(&s).is_err() {
            continue;
        }
        // Rooms change while that helps; past `MOVES` moves a cell, or where no cell can move,
        // a cell is given instead (each given cell rules out the other solution found, so
        // this ends). With `rooms_only`, no cell is given: the board stays as the moves left
        // it, perhaps with several solutions.
        let mut unique = false;
        for round in 0..(MOVES + 1) * n {
            let other = match other_of(&p, &s)? {
                None => {
                    unique = true;
                    break;
                }
                Some(None) => return Err("internal error: the planted shading is lost".into()),
                Some(Some(o)) => o,
            };
            let mut candidates: Vec<usize> = (0..n)
                .filter(|&k| other.at(k, cols) && !shaded[k])
                .collect();
            rng.shuffle(&mut candidates);
            let moved = round < MOVES * n
                && candidates
                    .iter()
                    .any(|&k| move_out(&mut p, &shaded, k, &mut rng));
            if !moved {
                if rooms_only {
                    return Ok((p, s));
                }
                p.givens[candidates[0]] = Some(Mark::Unshaded);
            }
        }
        if !unique {
            if rooms_only {
                return Ok((p, s));
            }
            continue;
        }
        let mut order: Vec<usize> = (0..n).filter(|&k| p.givens[k].is_some()).collect();
        rng.shuffle(&mut order);
        for k in order {
            let g = p.givens[k].take();
            if other_of(&p, &s)?.is_some() {
                p.givens[k] = g;
            }
        }
        return Ok((p, s));
    }
    Err("no unique Norinori board found in 100 tries".into())
}
