//! The generator: a random shading of tetrominoes (each new one grown at random from a cell
//! next to the shading, kept while no 2×2 block is shaded and it touches no tetromino of its
//! own shape), rooms grown at random around the tetrominoes, then a local search over the
//! rooms ([`generate_rooms`]) until the planted shading is the only solution, measured on one
//! incremental solver per planted shading (`oracle`). LITS has no clues, so the result is
//! unique with nothing to minimise.

use crate::oracle::RoomsOracle;
use crate::shapes::{shape_of, Shape};
use crate::{Family, Lits, Rooms, Shading};
use clap::{Args, FromArgMatches};
use serde_json::json;
use wellposed_engine::anyhow::{self, Result};
use wellposed_engine::rooms::{components, neighbours};
use wellposed_engine::{
    uniqueness, Difficulty, Generator, GridSize, Made, Options, Request, Uniqueness, Xorshift,
};

/// `generate lits`'s parameters.
#[derive(Args)]
pub struct GenerateArgs {
    #[command(flatten)]
    size: GridSize,
}

pub const GENERATOR: Generator = Generator {
    args: || GridSize::command::<GenerateArgs>(Lits::NAME, 6),
    difficulty: Difficulty::Graded,
    make,
};

/// The largest board the generator makes.
const MAX_GENERATED: usize = 900;

fn make(m: &clap::ArgMatches, req: &Request) -> Result<Made> {
    let a = GenerateArgs::from_arg_matches(m)?;
    let (rows, cols) = a.size.rows_cols();
    if rows < 3 || cols < 3 || rows * cols > MAX_GENERATED {
        anyhow::bail!(
            "generate lits: expected a board of 3×3 to {MAX_GENERATED} cells, found {rows}×{cols}"
        );
    }
    let (p, s, checks) =
        generate_rooms(rows, cols, req.seed, req.options).map_err(anyhow::Error::msg)?;
    p.verify(&s)
        .map_err(|e| anyhow::anyhow!("internal error: the planted shading breaks a rule: {e}"))?;
    let puzzle = p.to_text();
    Ok(Made {
        text: format!(
            "# seed {}: {} rooms, unique after {checks} checks\n{}",
            req.seed,
            p.rooms.cells.len(),
            puzzle.trim_end()
        ),
        json: json!({
            "seed": req.seed, "rooms": p.rooms.cells.len(), "puzzle": puzzle,
            "url": p.url(), "solution": p.render(&s),
        }),
        puzzle,
    })
}

/// Tetrominoes placed at random: each cell's piece (`usize::MAX` for none) and the pieces'
/// shapes.
pub fn random_pieces(rows: usize, cols: usize, rng: &mut Xorshift) -> (Vec<usize>, Vec<Shape>) {
    let n = rows * cols;
    let mut piece = vec![usize::MAX; n];
    let mut shapes: Vec<Shape> = Vec::new();
    for _ in 0..n * 20 {
        let shaded = piece.iter().filter(|&&p| p != usize::MAX).count();
        if shaded * 2 >= n {
            break;
        }
        // The first piece anywhere; the others from a cell next to the shading.
        let starts: Vec<usize> = (0..n)
            .filter(|&k| {
                piece[k] == usize::MAX
                    && (shapes.is_empty()
                        || neighbours(rows, cols, k).any(|j| piece[j] != usize::MAX))
            })
            .collect();
        if starts.is_empty() {
            break;
        }
        let mut cells = vec![starts[rng.below(starts.len() as u64) as usize]];
        while cells.len() < 4 {
            let next: Vec<usize> = cells
                .iter()
                .flat_map(|&k| neighbours(rows, cols, k))
                .filter(|&j| piece[j] == usize::MAX && !cells.contains(&j))
                .collect();
            if next.is_empty() {
                break;
            }
            cells.push(next[rng.below(next.len() as u64) as usize]);
        }
        cells.sort_unstable();
        let Some(shape) = shape_of(&cells, cols) else {
            continue;
        };
        let touches_same = cells.iter().any(|&k| {
            neighbours(rows, cols, k).any(|j| piece[j] != usize::MAX && shapes[piece[j]] == shape)
        });
        if touches_same {
            continue;
        }
        let id = shapes.len();
        for &k in &cells {
            piece[k] = id;
        }
        let square = (0..rows.saturating_sub(1)).any(|r| {
            (0..cols - 1).any(|c| {
                let k = r * cols + c;
                [k, k + 1, k + cols, k + cols + 1]
                    .iter()
                    .all(|&j| piece[j] != usize::MAX)
            })
        });
        // Unshaded cells walled in by few others can only join the rooms of the tetrominoes
        // around them, which then often have another place: measured, pockets of fewer than
        // `POCKET` cells made most 14×14 shadings fail and 20×20 ones out of reach.
        let free: Vec<bool> = piece.iter().map(|&p| p == usize::MAX).collect();
        let small = n >= POCKET_BOARD
            && components(rows, cols, &free)
                .iter()
                .any(|c| c.len() < POCKET);
        if square || small {
            for &k in &cells {
                piece[k] = usize::MAX;
            }
            continue;
        }
        shapes.push(shape);
    }
    (piece, shapes)
}

/// Rooms grown around the pieces: each free cell next to a room joins one at random.
pub fn grow_rooms(rows: usize, cols: usize, piece: &[usize], rng: &mut Xorshift) -> Vec<usize> {
    let mut label = piece.to_vec();
    loop {
        let open: Vec<usize> = (0..label.len())
            .filter(|&k| {
                label[k] == usize::MAX && neighbours(rows, cols, k).any(|j| label[j] != usize::MAX)
            })
            .collect();
        if open.is_empty() {
            return label;
        }
        let k = open[rng.below(open.len() as u64) as usize];
        let near: Vec<usize> = neighbours(rows, cols, k)
            .filter(|&j| label[j] != usize::MAX)
            .collect();
        label[k] = label[near[rng.below(near.len() as u64) as usize]];
    }
}

/// Dead ends (every cell beside a room failed with the rooms it has beside it) per cell of
/// the board before the planted shading is given up.
const DEAD_ENDS: usize = 1;

/// Repairs (the other solutions' extra cells leaving their rooms) per cell that fails.
const REPAIRS: usize = 6;

/// The fewest cells in a connected area of unshaded cells that the planted tetrominoes may
/// leave (see `random_pieces`), on boards of `POCKET_BOARD` cells or more (a small board has
/// no room for such areas, and its shadings work without).
const POCKET: usize = 6;
const POCKET_BOARD: usize = 100;

/// Whether room `r` stays connected without cell `k` (of `label`).
fn connected_without(rows: usize, cols: usize, label: &[usize], r: usize, k: usize) -> bool {
    let rest: Vec<bool> = (0..label.len()).map(|j| j != k && label[j] == r).collect();
    components(rows, cols, &rest).len() <= 1
}

/// The rooms beside cell `k` (of `label`), sorted.
fn rooms_beside(rows: usize, cols: usize, label: &[usize], k: usize) -> Vec<usize> {
    let mut rooms: Vec<usize> = neighbours(rows, cols, k)
        .map(|j| label[j])
        .filter(|&l| l != usize::MAX)
        .collect();
    rooms.sort_unstable();
    rooms.dedup();
    rooms
}

/// Rooms built around the planted tetrominoes one unshaded cell at a time, the planted shading
/// kept the only solution at every step: `label` starts as the pieces (each room its
/// tetromino, the other cells in no room and held unshaded, so the planted shading is the
/// only solution), and a cell beside a room joins one of the rooms beside it where the oracle
/// finds no other solution. Adding a cell to a room keeps every solution (the cell is
/// unshaded in them, and the shaded cells touching across borders stay), so a layout that is
/// unique once every cell has joined was unique at every step — and a cell that no room
/// beside it can take now cannot take it later either, until those rooms change. So a failed
/// cell waits until the rooms beside it change; cells with the fewest neighbours outside any
/// room go first (their choices are nearly final while the rooms are small). A cell whose
/// neighbours are all shaded and fails has no way in: the shading is given up (`None`). When
/// every cell beside a room has failed, the unshaded cells of the rooms beside one of them
/// leave their rooms (fewer cells in rooms: still unique), up to a budget.
fn build_rooms(
    rows: usize,
    cols: usize,
    piece: &[usize],
    oracle: &mut RoomsOracle,
    rng: &mut Xorshift,
) -> Result<Option<Vec<usize>>, String> {
    let n = rows * cols;
    let shaded: Vec<bool> = piece.iter().map(|&p| p != usize::MAX).collect();
    let mut label = piece.to_vec();
    // Per cell, the rooms beside it when it last failed.
    let mut failed: Vec<Option<Vec<usize>>> = vec![None; n];
    let mut dead_ends = 0;
    let mut first_up = None;
    let mut repairs = vec![0; n];
    loop {
        let frontier: Vec<usize> = (0..n)
            .filter(|&k| {
                label[k] == usize::MAX && neighbours(rows, cols, k).any(|j| label[j] != usize::MAX)
            })
            .collect();
        if frontier.is_empty() {
            return Ok((!label.contains(&usize::MAX)).then_some(label));
        }
        let outside = |k: usize| {
            neighbours(rows, cols, k)
                .filter(|&j| label[j] == usize::MAX)
                .count()
        };
        let ready: Vec<usize> = frontier
            .iter()
            .copied()
            .filter(|&k| failed[k].as_ref() != Some(&rooms_beside(rows, cols, &label, k)))
            .collect();
        let Some(fewest) = ready.iter().map(|&k| outside(k)).min() else {
            // Every cell beside a room failed: one of them has the rooms beside it shrunk.
            dead_ends += 1;
            if dead_ends > DEAD_ENDS * n {
                return Ok(None);
            }
            let k = frontier[rng.below(frontier.len() as u64) as usize];
            for r in rooms_beside(rows, cols, &label, k) {
                let mut loose: Vec<usize> =
                    (0..n).filter(|&j| label[j] == r && !shaded[j]).collect();
                rng.shuffle(&mut loose);
                for j in loose {
                    if connected_without(rows, cols, &label, r, j) {
                        label[j] = usize::MAX;
                    }
                }
            }
            // Fewer cells in rooms: every cell may fit where it failed; this one first.
            failed.iter_mut().for_each(|f| *f = None);
            first_up = Some(k);
            continue;
        };
        let first: Vec<usize> = ready
            .into_iter()
            .filter(|&k| outside(k) == fewest)
            .collect();
        let k = match first_up.take() {
            Some(k)
                if label[k] == usize::MAX && !rooms_beside(rows, cols, &label, k).is_empty() =>
            {
                k
            }
            _ => first[rng.below(first.len() as u64) as usize],
        };
        let mut rooms = rooms_beside(rows, cols, &label, k);
        let beside = rooms.clone();
        rng.shuffle(&mut rooms);
        let mut placed = false;
        let mut others = Vec::new();
        for r in rooms {
            label[k] = r;
            if oracle.open_cells_of(&label, 1)?.is_empty() {
                placed = true;
                break;
            }
            others.extend(oracle.open.last_other.take());
        }
        if placed {
            failed[k] = None;
            continue;
        }
        label[k] = usize::MAX;
        // The other solutions found shade cells of rooms that the planted shading leaves
        // unshaded: those cells leave their rooms (held unshaded, no solution shades them),
        // and the cell is tried again first — a few times a cell.
        if repairs[k] < REPAIRS {
            repairs[k] += 1;
            let mut freed = false;
            for m in &others {
                for j in 0..n {
                    let r = label[j];
                    if m[j]
                        && !shaded[j]
                        && r != usize::MAX
                        && connected_without(rows, cols, &label, r, j)
                    {
                        label[j] = usize::MAX;
                        freed = true;
                    }
                }
            }
            if freed {
                failed.iter_mut().for_each(|f| *f = None);
                first_up = Some(k);
                continue;
            }
        }
        if neighbours(rows, cols, k).all(|j| shaded[j]) {
            return Ok(None);
        }
        failed[k] = Some(beside);
    }
}

/// A unique puzzle and its solution (see [`generate_rooms`]).
pub fn generate(
    rows: usize,
    cols: usize,
    seed: u64,
    opts: &Options,
) -> Result<(Lits, Shading), String> {
    generate_rooms(rows, cols, seed, opts).map(|(p, s, _)| (p, s))
}

/// A unique puzzle, its solution and how many solver calls it took: tetrominoes at random,
/// then rooms built around them keeping the planted shading the only solution
/// ([`build_rooms`], on one incremental solver per planted shading, [`RoomsOracle`]); the
/// engine then proves the board unique from nothing.
pub fn generate_rooms(
    rows: usize,
    cols: usize,
    seed: u64,
    opts: &Options,
) -> Result<(Lits, Shading, usize), String> {
    let mut rng = Xorshift(seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1);
    let mut checks = 0;
    for _ in 0..300 {
        let (piece, _) = random_pieces(rows, cols, &mut rng);
        let shaded: Vec<bool> = piece.iter().map(|&p| p != usize::MAX).collect();
        let mut oracle = RoomsOracle::new(rows, cols, &shaded, opts)?;
        let built = build_rooms(rows, cols, &piece, &mut oracle, &mut rng)?;
        checks += oracle.checks;
        let Some(label) = built else {
            continue;
        };
        let p = Lits {
            rooms: Rooms::from_labels(rows, cols, &label),
        };
        let s = p.shading_of(|k| shaded[k]);
        if p.verify(&s).is_err() {
            return Err("internal error: the built rooms break the planted shading".into());
        }
        // Proved again from nothing by the engine, not by the search's own solver.
        return match uniqueness(&p, opts).map_err(|e| e.to_string())? {
            Uniqueness::Unique(_) => Ok((p, s, checks)),
            _ => Err("internal error: the built rooms' answer is not unique".into()),
        };
    }
    Err(format!("no {rows}×{cols} LITS found in 300 tries"))
}
