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
//! On larger boards every island's number seldom makes the shading unique, so the shading is
//! mended instead of drawn again: while another shading fits every number, a cell where the
//! two differ is changed in ours, where every rule still holds after it:
//! - a sea cell whose neighbours are all sea becomes an island with the number 1 (the other
//!   shading has it in a numbered island, which now holds two numbers);
//! - an island cell joins the sea: its island's number shrinks by one, and each piece it splits
//!   off gets a number of its own (the other shading's island of the old size no longer fits).
//!
//! Neither grows an island, and each raises (islands, −cells in islands of two or more) in
//! lexicographic order, so they cannot undo each other (the earlier generator also let a sea
//! cell join an island, and at 14×14 flipped the same cells back and forth). Other shadings
//! may still appear after a step; when no step keeps the rules the number of one of our
//! islands moves to a cell the other shading leaves as sea (a pin: the shading stays, the
//! other shading is out). Pins can undo each other, so after a few a new shading is drawn.
//!
//! Measured (release build, two shared cores, seeds 1–5): 10×10 0.07–0.22 s, 14×14
//! 0.33–0.92 s, 20×20 2.4–4.1 s (seeds 6–8: 2.3–5.3 s); 30×30 65, 97 and 33 s (seeds 1–3).
//! Every check is a fresh solve: a number's size is part of the island constraint's lazy
//! cuts, which an incremental [`wellposed_engine::UniquenessOracle`] cannot switch off per
//! clue.

use crate::{components, neighbours, Cell, Family, Nurikabe, Shading};
use clap::{Args, FromArgMatches};
use serde_json::json;
use wellposed_engine::anyhow::{self, Result};
use wellposed_engine::{
    uniqueness, Difficulty, Generator, GridSize, Made, Options, Request, Uniqueness, Xorshift,
};

/// `generate nurikabe`'s parameters.
#[derive(Args)]
pub struct GenerateArgs {
    #[command(flatten)]
    size: GridSize,
    /// The largest island.
    #[arg(long, default_value_t = 6)]
    island: usize,
}

pub const GENERATOR: Generator = Generator {
    args: || GridSize::command::<GenerateArgs>(Nurikabe::NAME, 7),
    difficulty: Difficulty::Graded,
    make,
};

/// The largest board the generator makes (each number costs a solve).
const MAX_GENERATED: usize = 900;

fn make(m: &clap::ArgMatches, req: &Request) -> Result<Made> {
    let a = GenerateArgs::from_arg_matches(m)?;
    let (rows, cols) = a.size.rows_cols();
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
///
/// Cells are unshaded at random, then inside each all-shaded 2×2 block left: each of its four
/// cells is tried (in random order), so a block fails only when none of them can leave the sea
/// (the sea would split, or an island would grow past `island`). Trying one random cell per
/// visit, as before, failed most draws at 20×20.
pub fn random_shading(
    rows: usize,
    cols: usize,
    island: usize,
    rng: &mut Xorshift,
) -> Option<Vec<bool>> {
    let n = rows * cols;
    let board = Nurikabe::empty(rows, cols);
    let mut shaded = vec![true; n];
    for _ in 0..n / 4 {
        let k = rng.below(n as u64) as usize;
        if shaded[k] {
            try_unshade(rows, cols, island, &mut shaded, k);
        }
    }
    loop {
        let blocks: Vec<[usize; 4]> = board
            .blocks()
            .filter(|b| b.iter().all(|&k| shaded[k]))
            .collect();
        if blocks.is_empty() {
            return Some(shaded);
        }
        let mut b = blocks[rng.below(blocks.len() as u64) as usize];
        rng.shuffle(&mut b);
        if !b
            .iter()
            .any(|&k| try_unshade(rows, cols, island, &mut shaded, k))
        {
            return None;
        }
    }
}

/// Unshades cell `k` when the sea stays connected and `k`'s island has at most `island`
/// cells; whether it did.
fn try_unshade(rows: usize, cols: usize, island: usize, shaded: &mut [bool], k: usize) -> bool {
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
        if !mend(&mut p, &mut shaded, &mut rng, opts)? {
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
/// shading; `false` when no step applies.
fn mend(
    p: &mut Nurikabe,
    shaded: &mut [bool],
    rng: &mut Xorshift,
    opts: &Options,
) -> Result<bool, String> {
    let (rows, cols) = (p.rows, p.cols);
    let n = rows * cols;
    // Each step raises (islands, −cells in islands of two or more) in lexicographic order, and
    // both are bounded by the cells; only pins lower it. Pins can undo each other (a few
    // usually suffice, see the module's comment), so after a few a new shading is drawn.
    let mut pins = 8 + n / 16;
    for _ in 0..n * n + 1 {
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
        let mut cells: Vec<usize> = (0..n).filter(|&k| shaded[k] != other.at(k, cols)).collect();
        rng.shuffle(&mut cells);
        if let Some((q, sh)) = cells.iter().find_map(|&k| step(p, shaded, k, rng)) {
            *p = q;
            shaded.copy_from_slice(&sh);
            continue;
        }
        // No step keeps the rules: pin instead. Both shadings have as many island cells (every
        // island numbered, each its number's size), so some cell is in one of our islands and
        // sea in the other shading; our island's number moves there, which the other shading
        // cannot have. The shading stays; the move may let other shadings in, hence the bound.
        let Some(&k) = cells.iter().find(|&&k| !shaded[k]) else {
            return Err("internal error: two shadings with different island cells".into());
        };
        if pins == 0 {
            return Ok(false);
        }
        pins -= 1;
        let unshaded: Vec<bool> = shaded.iter().map(|&x| !x).collect();
        let island = components(rows, cols, &unshaded)
            .into_iter()
            .find(|part| part.contains(&k))
            .ok_or("an island")?;
        let from = island
            .into_iter()
            .find(|&j| p.cells[j] != Cell::Empty)
            .ok_or("a numbered island")?;
        p.cells.swap(from, k);
    }
    Ok(false)
}

/// One mending step at cell `k`, where the other shading differs from ours, when the rules
/// still hold after it: a sea cell whose neighbours are all sea becomes an island with the
/// number 1; an island cell joins the sea, its island's number shrinks (each piece it splits
/// off gets a number of its own, in a random cell). Neither grows an island, so `--island`
/// still holds.
fn step(
    p: &Nurikabe,
    shaded: &[bool],
    k: usize,
    rng: &mut Xorshift,
) -> Option<(Nurikabe, Vec<bool>)> {
    let (rows, cols) = (p.rows, p.cols);
    let mut sh = shaded.to_vec();
    let mut q = p.clone();
    if sh[k] {
        if !neighbours(rows, cols, k).all(|j| sh[j]) {
            return None;
        }
        q.cells[k] = Cell::Number(1);
    } else if q.cells[k] != Cell::Empty {
        return None; // a numbered cell stays unshaded (the other shading never shades it)
    }
    sh[k] = !sh[k];
    let unshaded: Vec<bool> = sh.iter().map(|&x| !x).collect();
    for part in components(rows, cols, &unshaded) {
        let clues: Vec<usize> = part
            .iter()
            .copied()
            .filter(|&j| q.cells[j] != Cell::Empty)
            .collect();
        let at = match clues.as_slice() {
            [] => part[rng.below(part.len() as u64) as usize],
            [one] => *one,
            _ => return None,
        };
        if q.cells[at] != Cell::Unknown {
            q.cells[at] = Cell::Number(part.len() as u32);
        }
    }
    let t = q.shading_of(|j| sh[j]);
    q.verify(&t).is_ok().then_some((q, sh))
}
