//! The generator: a random shading (cells unshaded one at a time, at random and then inside
//! every all-shaded 2×2 block, each kept only while the shaded cells stay connected and its
//! island stays small), a number in one random cell of each island (its size), then a minimal
//! set of numbers proved unique: numbers are turned into `?` one at a time, in random order,
//! while the engine proves the planted shading the only one. One pass leaves a minimal set: a
//! number kept was needed with more numbers present, so it is needed with fewer.
//!
//! A Nurikabe clue cannot be dropped outright: every island holds one, so the planted shading
//! needs all of them; what a setter can leave out is the number, keeping the `?`.
//!
//! On larger boards every island's number seldom makes the shading unique (at 20×20, 200
//! draws in a row failed), so the shading is mended instead of drawn again: while another
//! shading fits every number, a cell where the two differ is flipped in ours: a sea cell
//! becomes an island of its own with the number 1 (the other shading joins that cell to a
//! numbered island, which now holds two numbers) or joins the one island it touches (whose
//! number grows by one), an island cell joins the sea (its island's number shrinks by one) —
//! where every rule still holds and the island stays small. The other shading's island of the
//! old size no longer fits. New other shadings may appear, so the steps are bounded and a new
//! shading is drawn when they run out.

use crate::{components, neighbours, Cell, Family, Nurikabe, Shading};
use clap::{Args, FromArgMatches};
use serde_json::json;
use wellposed_engine::anyhow::{self, Result};
use wellposed_engine::{
    uniqueness, Difficulty, Generator, Made, Options, Request, Uniqueness, Xorshift,
};

/// `generate nurikabe`'s parameters.
#[derive(Args)]
pub struct GenerateArgs {
    /// Columns (and rows, unless --rows is given); `--size` is the older name.
    #[arg(
        long = "cols",
        alias = "size",
        value_name = "COLS",
        default_value_t = 7
    )]
    size: usize,
    /// Rows (default: the columns); `--height` is the older name.
    #[arg(long = "rows", alias = "height", value_name = "ROWS")]
    height: Option<usize>,
    /// The largest island.
    #[arg(long, default_value_t = 6)]
    island: usize,
}

pub const GENERATOR: Generator = Generator {
    args: || GenerateArgs::augment_args(clap::Command::new(Nurikabe::NAME)),
    difficulty: Difficulty::Graded,
    make,
};

/// The largest board the generator makes (each number costs a solve).
const MAX_GENERATED: usize = 900;

fn make(m: &clap::ArgMatches, req: &Request) -> Result<Made> {
    let a = GenerateArgs::from_arg_matches(m)?;
    let (cols, rows) = (a.size, a.height.unwrap_or(a.size));
    if rows < 2 || cols < 2 || rows * cols > MAX_GENERATED || a.island == 0 {
        anyhow::bail!("generate nurikabe: expected a board of 2×2 to {MAX_GENERATED} cells and an island of at least 1, found {rows}×{cols} and {}", a.island);
    }
    let (p, s) =
        generate(rows, cols, a.island, req.seed, req.options).map_err(anyhow::Error::msg)?;
    p.verify(&s)
        .map_err(|e| anyhow::anyhow!("internal error: the planted shading breaks a rule: {e}"))?;
    let numbers = p
        .cells
        .iter()
        .filter(|c| matches!(c, Cell::Number(_)))
        .count();
    let islands = p.numbered().count();
    let puzzle = p.to_text();
    Ok(Made {
        text: format!(
            "# seed {}: {islands} islands, {numbers} numbers (minimal)\n{}",
            req.seed,
            puzzle.trim_end()
        ),
        json: json!({
            "seed": req.seed, "islands": islands, "numbers": numbers, "puzzle": puzzle,
            "url": p.url(), "solution": p.render(&s),
        }),
        puzzle,
    })
}

/// A random shading that keeps the rules other than the numbers: shaded cells connected, no
/// all-shaded 2×2 block, islands of at most `island` cells (`None` when the attempt fails).
pub fn random_shading(
    rows: usize,
    cols: usize,
    island: usize,
    rng: &mut Xorshift,
) -> Option<Vec<bool>> {
    let n = rows * cols;
    let board = Nurikabe::empty(rows, cols);
    let mut shaded = vec![true; n];
    let try_unshade = |shaded: &mut Vec<bool>, k: usize| {
        shaded[k] = false;
        let unshaded: Vec<bool> = shaded.iter().map(|&x| !x).collect();
        let ok = components(rows, cols, &unshaded)
            .iter()
            .find(|p| p.contains(&k))
            .is_some_and(|p| p.len() <= island)
            && components(rows, cols, shaded).len() <= 1;
        if !ok {
            shaded[k] = true;
        }
        ok
    };
    for _ in 0..n / 4 {
        let k = rng.below(n as u64) as usize;
        if shaded[k] {
            try_unshade(&mut shaded, k);
        }
    }
    for _ in 0..n * 20 {
        let blocks: Vec<[usize; 4]> = board
            .blocks()
            .filter(|b| b.iter().all(|&k| shaded[k]))
            .collect();
        if blocks.is_empty() {
            return Some(shaded);
        }
        let b = blocks[rng.below(blocks.len() as u64) as usize];
        let k = b[rng.below(4) as usize];
        try_unshade(&mut shaded, k);
    }
    None
}

/// A puzzle with a minimal set of numbers whose only solution is the returned shading.
pub fn generate(
    rows: usize,
    cols: usize,
    island: usize,
    seed: u64,
    opts: &Options,
) -> Result<(Nurikabe, Shading), String> {
    let mut rng = Xorshift(seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1);
    let unique = |p: &Nurikabe| -> Result<bool, String> {
        Ok(matches!(
            uniqueness(p, opts).map_err(|e| e.to_string())?,
            Uniqueness::Unique(_)
        ))
    };
    for _ in 0..200 {
        let Some(shaded) = random_shading(rows, cols, island, &mut rng) else {
            continue;
        };
        let unshaded: Vec<bool> = shaded.iter().map(|&x| !x).collect();
        let mut p = Nurikabe::empty(rows, cols);
        for part in components(rows, cols, &unshaded) {
            let k = part[rng.below(part.len() as u64) as usize];
            p.cells[k] = Cell::Number(part.len() as u32);
        }
        let mut shaded = shaded;
        if !mend(&mut p, &mut shaded, island, &mut rng, opts)? {
            continue; // still another shading after the bounded steps: draw another
        }
        let s = p.shading_of(|k| shaded[k]);
        let mut order: Vec<usize> = p.numbered().collect();
        rng.shuffle(&mut order);
        for k in order {
            let number = p.cells[k];
            p.cells[k] = Cell::Unknown;
            if !unique(&p)? {
                p.cells[k] = number;
            }
        }
        return Ok((p, s));
    }
    Err("no shading with a unique puzzle found in 200 tries".into())
}

/// Mends `shaded` and the numbers of `p` (see the module's comment) until they allow no other
/// shading; `false` when no step applies or the steps run out.
fn mend(
    p: &mut Nurikabe,
    shaded: &mut [bool],
    island: usize,
    rng: &mut Xorshift,
    opts: &Options,
) -> Result<bool, String> {
    let (rows, cols) = (p.rows, p.cols);
    let n = rows * cols;
    for _ in 0..n {
        let other = match uniqueness(p, opts).map_err(|e| e.to_string())? {
            Uniqueness::Unique(_) => return Ok(true),
            Uniqueness::None => {
                return Err("internal error: the planted shading breaks a rule".into())
            }
            Uniqueness::Multiple(a, b) => {
                let a: &Shading = a.solution().ok_or("a shading")?;
                let b: &Shading = b.solution().ok_or("a shading")?;
                if (0..n).all(|k| a.at(k, cols) == shaded[k]) {
                    b.clone()
                } else {
                    a.clone()
                }
            }
        };
        // Each cell where the two differ, flipped in ours, with every island renumbered: kept
        // when every island still holds one number (a new lone island gets its own), none is
        // larger than `island`, and the planted rules hold. A flip always changes a number the
        // other shading fitted (or adds one inside its island), so it no longer fits.
        let mut cells: Vec<usize> = (0..n).filter(|&k| shaded[k] != other.at(k, cols)).collect();
        rng.shuffle(&mut cells);
        let step = cells.into_iter().find_map(|k| {
            let mut sh = shaded.to_vec();
            sh[k] = !sh[k];
            let mut q = p.clone();
            if sh[k] {
                if matches!(q.cells[k], Cell::Number(_) | Cell::Unknown) {
                    return None; // a numbered cell stays unshaded
                }
            } else if neighbours(rows, cols, k).all(|j| sh[j]) {
                q.cells[k] = Cell::Number(1);
            }
            let unshaded: Vec<bool> = sh.iter().map(|&x| !x).collect();
            for part in components(rows, cols, &unshaded) {
                let clues: Vec<usize> = part
                    .iter()
                    .copied()
                    .filter(|&j| q.cells[j] != Cell::Empty)
                    .collect();
                if clues.len() != 1 || part.len() > island {
                    return None;
                }
                q.cells[clues[0]] = Cell::Number(part.len() as u32);
            }
            let t = q.shading_of(|j| sh[j]);
            q.verify(&t).is_ok().then_some((q, sh))
        });
        let Some((q, sh)) = step else {
            return Ok(false);
        };
        *p = q;
        shaded.copy_from_slice(&sh);
    }
    Ok(false)
}
