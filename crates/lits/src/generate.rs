//! The generator: a random shading of tetrominoes (each new one grown at random from a cell
//! next to the shading, kept while no 2×2 block is shaded and it touches no tetromino of its
//! own shape), rooms grown at random around the tetrominoes, then — while CaDiCaL, steered
//! toward the planted shading, finds another solution ([`other_near`]) — in each room where
//! they differ, a cell that the other solution shades and ours does not is moved to a
//! neighbouring room, which keeps the planted solution and rules out that one; moves that
//! provably let no other solution in are taken first ([`repair_room`]). LITS has no clues, so
//! the result is unique with nothing to minimise.
//!
//! Its searches use CaDiCaL directly (for the phase hints), so `--backend`, `--conflicts` and
//! `--timeout` do not bound them. 20×20 is not reached yet (see `encodings/lits/README.md`).

use crate::shapes::{placements, shape_of, Shape};
use crate::{Family, Lits, Rooms, Shading};
use clap::{Args, FromArgMatches};
use serde_json::json;
use wellposed_engine::anyhow::{self, Result};
use wellposed_engine::connectivity::cuts_of;
use wellposed_engine::rooms::{components, neighbours};
use wellposed_engine::sat::{Backend, BackendError, CadicalBackend, Limits, Lit, Var};
use wellposed_engine::{Difficulty, Generator, Made, Options, Request, Xorshift};

/// `generate lits`'s parameters.
#[derive(Args)]
pub struct GenerateArgs {
    /// Columns (and rows, unless --rows is given); `--size` is the older name.
    #[arg(
        long = "cols",
        alias = "size",
        value_name = "COLS",
        default_value_t = 6
    )]
    size: usize,
    /// Rows (default: the columns); `--height` is the older name.
    #[arg(long = "rows", alias = "height", value_name = "ROWS")]
    height: Option<usize>,
}

pub const GENERATOR: Generator = Generator {
    args: || GenerateArgs::augment_args(clap::Command::new(Lits::NAME)),
    difficulty: Difficulty::Graded,
    make,
};

/// The largest board the generator makes.
const MAX_GENERATED: usize = 900;

fn make(m: &clap::ArgMatches, req: &Request) -> Result<Made> {
    let a = GenerateArgs::from_arg_matches(m)?;
    let (cols, rows) = (a.size, a.height.unwrap_or(a.size));
    if rows < 3 || cols < 3 || rows * cols > MAX_GENERATED {
        anyhow::bail!(
            "generate lits: expected a board of 3×3 to {MAX_GENERATED} cells, found {rows}×{cols}"
        );
    }
    let (p, s) = generate(rows, cols, req.seed, req.options).map_err(anyhow::Error::msg)?;
    p.verify(&s)
        .map_err(|e| anyhow::anyhow!("internal error: the planted shading breaks a rule: {e}"))?;
    let puzzle = p.to_text();
    Ok(Made {
        text: format!(
            "# seed {}: {} rooms\n{}",
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
        if square {
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

/// Moves unshaded cell `k` out of its room: with the shortest line of the room's unshaded cells
/// from `k` to a cell next to another room, into that room, when the room stays connected.
/// The planted shading keeps every rule (only unshaded cells change rooms), and a solution that
/// shades `k` inside its old room no longer fits.
fn move_out(
    rows: usize,
    cols: usize,
    label: &mut [usize],
    shaded: &[bool],
    k: usize,
    rng: &mut Xorshift,
) -> Option<Vec<usize>> {
    let old = label[k];
    let n = rows * cols;
    let mut from = vec![usize::MAX; n];
    from[k] = k;
    let mut queue = std::collections::VecDeque::from([k]);
    // Breadth first over the room's unshaded cells; every cell next to another room is a way
    // out, tried nearest first until one leaves the room connected.
    while let Some(v) = queue.pop_front() {
        let outside: Vec<usize> = neighbours(rows, cols, v)
            .map(|j| label[j])
            .filter(|&r| r != old)
            .collect();
        if !outside.is_empty() {
            let into = outside[rng.below(outside.len() as u64) as usize];
            let mut path = vec![v];
            while *path.last().expect("a cell") != k {
                path.push(from[*path.last().expect("a cell")]);
            }
            for &c in &path {
                label[c] = into;
            }
            let rest: Vec<bool> = label.iter().map(|&l| l == old).collect();
            if components(rows, cols, &rest).len() == 1 {
                return Some(path);
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
    None
}

/// Moves one of `cells` (unshaded in `s`, shaded by another solution, all in one room) out
/// of its room (see [`move_out`]) when the move only removes solutions. A move rules out every
/// solution that shades the cell in its old room, but may let in solutions that shade it in
/// its new room; after a move where the engine finds no solution shading a moved cell (one
/// check), the solutions are those of before that leave the moved cells unshaded. Taking
/// whatever move came first let the repair at 20×20 pass 9,000 checks without settling: the
/// same cells went back and forth. Returns whether a move was made.
#[allow(clippy::too_many_arguments)]
fn repair_room(
    rows: usize,
    cols: usize,
    label: &mut [usize],
    shaded: &[bool],
    cells: &[usize],
    s: &Shading,
    (opts, tries): (&Options, usize),
    rng: &mut Xorshift,
) -> Result<bool, String> {
    for &k in cells.iter().cycle().take(tries) {
        let before = label.to_vec();
        let Some(path) = move_out(rows, cols, label, shaded, k, rng) else {
            continue;
        };
        let q = Lits {
            rooms: Rooms::from_labels(rows, cols, label),
        };
        if q.verify(s).is_ok() && !shifted_fits(&q, s, &path) && shades_none(&q, s, &path, opts)? {
            return Ok(true);
        }
        label.copy_from_slice(&before);
    }
    Ok(false)
}

/// The first move of one of `cells` out of its room that keeps `s` valid, whatever it lets
/// in (for when no move only removes solutions).
fn any_move(
    rows: usize,
    cols: usize,
    label: &mut [usize],
    shaded: &[bool],
    cells: &[usize],
    s: &Shading,
    rng: &mut Xorshift,
) -> bool {
    // A move after which the planted shading, its tetromino shifted over a moved cell, still
    // fits is taken last (it lets in that solution for certain).
    let mut last: Option<Vec<usize>> = None;
    for &k in cells {
        let before = label.to_vec();
        if let Some(path) = move_out(rows, cols, label, shaded, k, rng) {
            let q = Lits {
                rooms: Rooms::from_labels(rows, cols, label),
            };
            if q.verify(s).is_ok() {
                if !shifted_fits(&q, s, &path) {
                    return true;
                }
                last.get_or_insert_with(|| label.to_vec());
            }
        }
        label.copy_from_slice(&before);
    }
    match last {
        Some(l) => {
            label.copy_from_slice(&l);
            true
        }
        None => false,
    }
}

/// Conflicts (and rounds of cuts) a check that a move only removes solutions may take; past
/// it the move counts as one that may let solutions in.
const MONOTONE_BOUND: u32 = 2_000;

/// Moves tried per room for one that only removes solutions.
const MONOTONE_TRIES: usize = 4;

/// Whether `s` with the tetromino of the room that received `moved` (all in one room of `q`)
/// put somewhere else in that room, over a moved cell, keeps every rule: a solution that
/// shades a moved cell, found without the engine (the bubble of ambiguity that a move pushes
/// into the next room, where each move let in the next).
fn shifted_fits(q: &Lits, s: &Shading, moved: &[usize]) -> bool {
    let (rows, cols) = (q.rows(), q.cols());
    let room = &q.rooms.cells[q.rooms.of[moved[0]]];
    let mut in_room = vec![false; rows * cols];
    for &k in room {
        in_room[k] = true;
    }
    placements(rows, cols, room, &in_room)
        .into_iter()
        .filter(|(cells, _)| cells.iter().any(|k| moved.contains(k)))
        .any(|(cells, _)| {
            let t = q.shading_of(|k| {
                if in_room[k] {
                    cells.contains(&k)
                } else {
                    s.at(k, cols)
                }
            });
            q.verify(&t).is_ok()
        })
}

/// Whether no solution of `q` other than `s` shades one of `cells` (by one check).
fn shades_none(q: &Lits, s: &Shading, cells: &[usize], opts: &Options) -> Result<bool, String> {
    let clause: Vec<Lit> = cells.iter().map(|&k| Var(k as u32).positive()).collect();
    Ok(matches!(
        search_near(q, s, Some(&clause), opts, Some(MONOTONE_BOUND))?,
        Near::Only
    ))
}

/// A solution of `p` other than `s`, or `None` when `s` is the only one (proved: the search
/// for another ends unsatisfiable). CaDiCaL's decisions follow `s` wherever the clauses leave
/// them free, so the other solution found differs from `s` in few rooms, and the repair's moves
/// go to where the puzzle is ambiguous near `s`: the engine's own search, from no hints,
/// returned solutions differing in 5 to 20 rooms at 20×20, each check's moves letting in
/// other solutions as fast as they removed some.
fn other_near(
    p: &Lits,
    s: &Shading,
    extra: Option<&[Lit]>,
    opts: &Options,
) -> Result<Option<Shading>, String> {
    Ok(match search_near(p, s, extra, opts, None)? {
        Near::Other(o) => Some(o),
        Near::Only => None,
        Near::Undecided => return Err("internal error: an unbounded search stopped".into()),
    })
}

/// What [`search_near`] found.
enum Near {
    Other(Shading),
    Only,
    Undecided,
}

/// [`other_near`]'s search, with at most `bound` conflicts a call when given.
fn search_near(
    p: &Lits,
    s: &Shading,
    extra: Option<&[Lit]>,
    opts: &Options,
    bound: Option<u32>,
) -> Result<Near, String> {
    let cols = p.cols();
    let n = p.rows() * cols;
    let mut enc = p.cnf(opts.choices);
    for k in 0..n {
        enc.cnf.prefer(Lit::new(Var(k as u32), s.at(k, cols)));
    }
    enc.cnf.insist_on_preferred();
    let mut solver = CadicalBackend::new();
    if let Some(b) = bound {
        solver
            .set_limits(Limits::conflicts_per_solve(b))
            .map_err(|e| e.to_string())?;
    }
    solver.add_cnf(&enc.cnf);
    let not_s: Vec<Lit> = (0..n)
        .map(|k| Lit::new(Var(k as u32), !s.at(k, cols)))
        .collect();
    solver.add_clause(&not_s);
    if let Some(clause) = extra {
        solver.add_clause(clause);
    }
    let vars = enc.cnf.num_vars() as usize;
    let mut rounds = 0u32;
    loop {
        match solver.solve(&[]) {
            Ok(false) => return Ok(Near::Only),
            Ok(true) => {}
            Err(BackendError::Stopped { .. }) => return Ok(Near::Undecided),
            Err(e) => return Err(e.to_string()),
        }
        rounds += 1;
        if bound.is_some_and(|b| rounds > b) {
            return Ok(Near::Undecided);
        }
        let model: Vec<bool> = (0..vars).map(|v| solver.value(Var(v as u32))).collect();
        let cuts = cuts_of(&enc.lazy, &model);
        if cuts.is_empty() {
            let other = p.shading_of(|k| model[k]);
            p.verify(&other)
                .map_err(|e| format!("internal error: a solution breaks a rule: {e}"))?;
            return Ok(Near::Other(other));
        }
        for cut in &cuts {
            solver.add_clause(cut);
        }
    }
}

/// A unique puzzle and its solution.
pub fn generate(
    rows: usize,
    cols: usize,
    seed: u64,
    opts: &Options,
) -> Result<(Lits, Shading), String> {
    let mut rng = Xorshift(seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1);
    let n = rows * cols;
    for _ in 0..300 {
        let (piece, _) = random_pieces(rows, cols, &mut rng);
        let mut label = grow_rooms(rows, cols, &piece, &mut rng);
        if label.contains(&usize::MAX) {
            continue; // a corner no room reached (cut off by the pieces)
        }
        let shaded: Vec<bool> = piece.iter().map(|&p| p != usize::MAX).collect();
        let mut p = Lits {
            rooms: Rooms::from_labels(rows, cols, &label),
        };
        let s = p.shading_of(|k| shaded[k]);
        if p.verify(&s).is_err() {
            continue;
        }
        for _ in 0..4 * n {
            let Some(other) = other_near(&p, &s, None, opts)? else {
                return Ok((p, s));
            };
            let mut moved = false;
            let mut candidates: Vec<usize> = (0..n)
                .filter(|&k| other.at(k, cols) && !shaded[k])
                .collect();
            rng.shuffle(&mut candidates);
            let mut rooms: Vec<usize> = Vec::new();
            for room in candidates.iter().map(|&k| p.rooms.of[k]) {
                if !rooms.contains(&room) {
                    rooms.push(room);
                }
            }
            let in_room = |room: usize| -> Vec<usize> {
                candidates
                    .iter()
                    .copied()
                    .filter(|&k| p.rooms.of[k] == room)
                    .collect()
            };
            // Moves that only remove solutions, in every room where one is found; only
            // without any, one move that may let others in.
            // With few rooms open, more ways out are tried (each move picks its way out at
            // random): one room differing, and each of four tries letting in another
            // solution, made the repair go round at 20×20.
            let tries = if rooms.len() <= 2 {
                4 * MONOTONE_TRIES
            } else {
                MONOTONE_TRIES
            };
            for &room in &rooms {
                let cells = in_room(room);
                moved |= repair_room(
                    rows,
                    cols,
                    &mut label,
                    &shaded,
                    &cells,
                    &s,
                    (opts, tries),
                    &mut rng,
                )?;
            }
            if !moved {
                for &room in &rooms {
                    let cells = in_room(room);
                    if any_move(rows, cols, &mut label, &shaded, &cells, &s, &mut rng) {
                        moved = true;
                        break;
                    }
                }
            }
            if !moved {
                // No cell the other solution shades can leave its room (each way out would
                // cut the room in two): move another unshaded cell of such a room, which
                // changes the room's shape and so what fits in it.
                for &room in &rooms {
                    let mut cells: Vec<usize> = p.rooms.cells[room]
                        .iter()
                        .copied()
                        .filter(|&k| !shaded[k])
                        .collect();
                    rng.shuffle(&mut cells);
                    if any_move(rows, cols, &mut label, &shaded, &cells, &s, &mut rng) {
                        moved = true;
                        break;
                    }
                }
            }
            if !moved {
                break;
            }
            p = Lits {
                rooms: Rooms::from_labels(rows, cols, &label),
            };
            if p.verify(&s).is_err() {
                break;
            }
        }
    }
    Err("no unique LITS board found in 300 tries".into())
}
