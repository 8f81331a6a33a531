//! The generator: a random shading (cells in random order, each shaded while no two shaded
//! cells touch and the unshaded cells stay connected, so no further cell could be shaded), the
//! unshaded cells numbered from a random Latin square (no number twice in a line), each shaded
//! cell given the number of an unshaded cell of its row or column. Then, while the engine finds
//! a second solution, a cell shaded in the planted one but unshaded in the other takes the
//! number of a cell of its line unshaded in both, which rules the other solution out. A
//! shading for which no such cell exists is drawn again. The numbers are the whole puzzle, so
//! there is no clue to take away: the result is proved unique, and minimal trivially.

use crate::{Clue, Family, Hitori, Shading};
use clap::{Args, FromArgMatches};
use serde_json::json;
use wellposed_engine::anyhow::{self, Result};
use wellposed_engine::rooms::add_shading;
use wellposed_engine::{
    uniqueness, Difficulty, Generator, GridSize, Made, Options, Request, Uniqueness, Xorshift,
};

/// `generate hitori`'s parameters.
#[derive(Args)]
pub struct GenerateArgs {
    #[command(flatten)]
    size: GridSize,
}

pub const GENERATOR: Generator = Generator {
    args: || GridSize::command::<GenerateArgs>(Hitori::NAME, 8),
    difficulty: Difficulty::Graded,
    make,
};

/// The largest board the generator makes (each repair costs a solve).
const MAX_GENERATED: usize = 900;

fn make(m: &clap::ArgMatches, req: &Request) -> Result<Made> {
    let a = GenerateArgs::from_arg_matches(m)?;
    let (rows, cols) = a.size.rows_cols();
    if rows < 2 || cols < 2 || rows * cols > MAX_GENERATED {
        anyhow::bail!("generate hitori: expected a board of 2×2 to {MAX_GENERATED} cells, found {rows}×{cols}");
    }
    let (p, s) = generate(rows, cols, req.seed, req.options).map_err(anyhow::Error::msg)?;
    p.verify(&s)
        .map_err(|e| anyhow::anyhow!("internal error: the planted shading breaks a rule: {e}"))?;
    let shaded = s.shaded.iter().flatten().filter(|&&x| x).count();
    let puzzle = p.to_text();
    Ok(Made {
        text: format!(
            "# seed {}: {shaded} shaded cells (unique)\n{}",
            req.seed,
            puzzle.trim_end()
        ),
        json: json!({
            "seed": req.seed, "shaded": shaded,
            "puzzle": puzzle, "url": p.url(), "solution": p.render(&s),
        }),
        puzzle,
    })
}

/// A random Latin rectangle: `rows` × `cols` numbers from 1 to max(rows, cols), none twice in
/// a row or a column (value = symbol[(row shift + column shift) mod m], shifts distinct).
fn latin(rows: usize, cols: usize, rng: &mut Xorshift) -> Vec<u32> {
    let m = rows.max(cols);
    let mut symbol: Vec<u32> = (1..=m as u32).collect();
    let mut rshift: Vec<usize> = (0..m).collect();
    let mut cshift: Vec<usize> = (0..m).collect();
    rng.shuffle(&mut symbol);
    rng.shuffle(&mut rshift);
    rng.shuffle(&mut cshift);
    (0..rows * cols)
        .map(|k| symbol[(rshift[k / cols] + cshift[k % cols]) % m])
        .collect()
}

/// A puzzle whose only solution is the returned shading.
pub fn generate(
    rows: usize,
    cols: usize,
    seed: u64,
    opts: &Options,
) -> Result<(Hitori, Shading), String> {
    let mut rng = Xorshift(seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1);
    let n = rows * cols;
    for _ in 0..100 {
        let mut shaded = vec![false; n];
        add_shading(rows, cols, &mut shaded, &mut rng);
        let values = latin(rows, cols, &mut rng);
        let mut p = Hitori {
            rows,
            cols,
            cells: values.iter().map(|&v| Clue::Number(v)).collect(),
        };
        let line_mates = |k: usize| -> Vec<usize> {
            let (r, c) = (k / cols, k % cols);
            (0..cols)
                .map(|j| r * cols + j)
                .chain((0..rows).map(|i| i * cols + c))
                .filter(|&j| j != k)
                .collect()
        };
        for k in 0..n {
            if !shaded[k] {
                continue;
            }
            let open: Vec<usize> = line_mates(k).into_iter().filter(|&j| !shaded[j]).collect();
            if !open.is_empty() {
                p.cells[k] = p.cells[open[rng.below(open.len() as u64) as usize]];
            }
        }
        let planted = p.shading_of(|k| shaded[k]);
        for _ in 0..4 * n {
            let other = match uniqueness(&p, opts).map_err(|e| e.to_string())? {
                Uniqueness::Unique(_) => return Ok((p, planted)),
                Uniqueness::None => {
                    return Err("internal error: the planted shading was lost".into())
                }
                Uniqueness::Multiple(a, b) => {
                    let a: &Shading = a.solution().ok_or("internal error: no shading")?;
                    let b: &Shading = b.solution().ok_or("internal error: no shading")?;
                    if *a == planted {
                        b.clone()
                    } else {
                        a.clone()
                    }
                }
            };
            let alt = |k: usize| other.at(k, cols);
            let mut candidates: Vec<usize> = (0..n).filter(|&k| shaded[k] && !alt(k)).collect();
            rng.shuffle(&mut candidates);
            let fix = candidates.into_iter().find_map(|x| {
                let mut ys: Vec<usize> = line_mates(x)
                    .into_iter()
                    .filter(|&y| !shaded[y] && !alt(y))
                    .collect();
                rng.shuffle(&mut ys);
                ys.first().map(|&y| (x, y))
            });
            let Some((x, y)) = fix else { break };
            p.cells[x] = p.cells[y];
        }
    }
    Err("no unique puzzle found in 100 shadings".into())
}
