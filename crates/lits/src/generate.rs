//! The generator: a random shading of tetrominoes (each new one grown at random from a cell
//! next to the shading, kept while no 2×2 block is shaded and it touches no tetromino of its
//! own shape), rooms grown at random around the tetrominoes, then — while the engine finds
//! another solution — in each room where they differ, a cell that the other solution shades
//! and ours does not is moved to a neighbouring room, which keeps the planted solution and
//! rules out that one. LITS has no
//! clues, so the result is unique with nothing to minimise.

use crate::shapes::{shape_of, Shape};
use crate::{Family, Lits, Rooms, Shading};
use clap::{Args, FromArgMatches};
use serde_json::json;
use wellposed_engine::anyhow::{self, Result};
use wellposed_engine::rooms::{components, neighbours};
use wellposed_engine::{
    uniqueness, Difficulty, Generator, Made, Options, Request, Uniqueness, Xorshift,
};

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
) -> bool {
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
            let other = match uniqueness(&p, opts).map_err(|e| e.to_string())? {
                Uniqueness::Unique(_) => return Ok((p, s)),
                Uniqueness::None => break,
                Uniqueness::Multiple(a, b) => {
                    let a: &Shading = a.solution().ok_or("a shading")?;
                    let b: &Shading = b.solution().ok_or("a shading")?;
                    if *a == s {
                        b.clone()
                    } else {
                        a.clone()
                    }
                }
            };
            // Cells the other solution shades and ours leaves: move one of each room to
            // another room. One room per check was enough on small boards; a large board has
            // many rooms open at once, and taking them one check at a time ran past 15
            // minutes at 20×20.
            let mut moved = false;
            let mut candidates: Vec<usize> = (0..n)
                .filter(|&k| other.at(k, cols) && !shaded[k])
                .collect();
            rng.shuffle(&mut candidates);
            let mut done_rooms: Vec<usize> = Vec::new();
            for k in candidates {
                let room = p.rooms.of[k];
                if done_rooms.contains(&room) {
                    continue;
                }
                if move_out(rows, cols, &mut label, &shaded, k, &mut rng) {
                    moved = true;
                    done_rooms.push(room);
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
