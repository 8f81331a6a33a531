//! The generator. A random connected layout of bridges grows from one island: again and
//! again an island and a direction are picked at random, and a new island is set some cells
//! away along a straight, free way (no island and no bridge on it, no island beside the new
//! one), joined by one or two bridges; a few more bridges then join islands that already see
//! each other (so the layout is not always a tree). The islands' numbers are their bridges
//! in this layout.
//!
//! When the engine finds a second answer, the layout is mended where the two differ: on a
//! link the other answer uses and the layout does not, a new island is set on a free cell and
//! bridged to one end of it in the layout, so that answer no longer fits. After too many
//! mends the layout starts again.
//!
//! Minimal: every island keeps its place (the islands are the board), and with `--hide` (the
//! default) numbers are then replaced by `?` one at a time, in random order, while the engine
//! proves the layout the only answer; a number kept was needed with more numbers present, so
//! it is needed with fewer: no number left can be replaced by `?`. With `--no-hide` every
//! island keeps its number (Nikoli's style), and the puzzle is unique, not minimal.

use crate::{Bridges, Cell, Family, Hashi};
use clap::{Args, FromArgMatches};
use serde_json::json;
use wellposed_engine::anyhow::{self, Result};
use wellposed_engine::{
    uniqueness, Difficulty, Generator, GridSize, Made, Options, Request, Uniqueness, Xorshift,
};

/// `generate hashikake`'s parameters.
#[derive(Args)]
pub struct GenerateArgs {
    #[command(flatten)]
    size: GridSize,
    /// How many islands to aim at (default: about one cell in five).
    #[arg(long)]
    islands: Option<usize>,
    /// Keep every island's number (Nikoli's style) rather than hiding the numbers that are
    /// not needed behind `?`.
    #[arg(long)]
    no_hide: bool,
}

pub const GENERATOR: Generator = Generator {
    args: || GridSize::command::<GenerateArgs>(Hashi::NAME, 7),
    difficulty: Difficulty::Graded,
    make,
};

/// The largest board the generator makes.
const MAX_GENERATED: usize = 4_000;

fn make(m: &clap::ArgMatches, req: &Request) -> Result<Made> {
    let a = GenerateArgs::from_arg_matches(m)?;
    let (rows, cols) = a.size.rows_cols();
    if rows < 3 || cols < 3 || rows * cols > MAX_GENERATED {
        anyhow::bail!(
            "generate hashikake: expected a board of 3×3 to {MAX_GENERATED} cells, found {rows}×{cols}"
        );
    }
    let target = a.islands.unwrap_or((rows * cols / 5).max(2));
    let (p, s) = generate(rows, cols, target, !a.no_hide, req.seed, req.options)
        .map_err(anyhow::Error::msg)?;
    p.verify(&s)
        .map_err(|e| anyhow::anyhow!("internal error: the planted bridges break a rule: {e}"))?;
    let islands = p.islands().count();
    let numbers = p.clues().len();
    let puzzle = p.to_text();
    Ok(Made {
        text: format!(
            "# seed {}: {islands} islands, {numbers} numbers{}\n{}",
            req.seed,
            if a.no_hide { "" } else { " (minimal)" },
            puzzle.trim_end()
        ),
        json: json!({
            "seed": req.seed, "islands": islands, "numbers": numbers,
            "puzzle": puzzle, "url": p.url(), "solution": p.render(&s),
        }),
        puzzle,
    })
}

/// A layout being grown: islands and the bridges over each border (as [`Bridges`], flat).
struct Layout {
    rows: usize,
    cols: usize,
    island: Vec<bool>,
    right: Vec<u8>,
    down: Vec<u8>,
}

const DIRS: [(isize, isize); 4] = [(0, 1), (1, 0), (0, -1), (-1, 0)];

impl Layout {
    fn step(&self, k: usize, (dr, dc): (isize, isize)) -> Option<usize> {
        let r = (k / self.cols).checked_add_signed(dr)?;
        let c = (k % self.cols).checked_add_signed(dc)?;
        (r < self.rows && c < self.cols).then_some(r * self.cols + c)
    }

    /// Whether a bridge passes over empty cell `k`.
    fn bridged(&self, k: usize) -> bool {
        self.right[k] > 0 || self.down[k] > 0
    }

    fn lonely(&self, k: usize) -> bool {
        DIRS.iter()
            .all(|&d| self.step(k, d).is_none_or(|j| !self.island[j]))
    }

    /// The free cells from `k` in direction `d`, nearest first, up to an island, a bridge or
    /// the edge.
    fn way(&self, k: usize, d: (isize, isize)) -> Vec<usize> {
        let mut out = Vec::new();
        let mut at = k;
        while let Some(j) = self.step(at, d) {
            if self.island[j] || self.bridged(j) {
                break;
            }
            out.push(j);
            at = j;
        }
        out
    }

    /// Draws `x` bridges between islands `a` and `b` on one row or column.
    fn join(&mut self, a: usize, b: usize, x: u8) {
        let (a, b) = (a.min(b), a.max(b));
        if a / self.cols == b / self.cols {
            self.right[a..b].iter_mut().for_each(|v| *v = x);
        } else {
            for k in (a..b).step_by(self.cols) {
                self.down[k] = x;
            }
        }
    }

    fn puzzle(&self) -> (Hashi, Bridges) {
        let mut p = Hashi {
            rows: self.rows,
            cols: self.cols,
            cells: self
                .island
                .iter()
                .map(|&i| if i { Cell::Unknown } else { Cell::Empty })
                .collect(),
        };
        let s = Bridges {
            right: self.right.chunks(self.cols).map(<[u8]>::to_vec).collect(),
            down: self.down.chunks(self.cols).map(<[u8]>::to_vec).collect(),
        };
        for k in 0..p.cells.len() {
            if self.island[k] {
                p.cells[k] = Cell::Number(p.bridges_at(&s, k));
            }
        }
        (p, s)
    }
}

fn grow(rows: usize, cols: usize, target: usize, rng: &mut Xorshift) -> Layout {
    let n = rows * cols;
    let mut g = Layout {
        rows,
        cols,
        island: vec![false; n],
        right: vec![0; n],
        down: vec![0; n],
    };
    let first = rng.below(n as u64) as usize;
    g.island[first] = true;
    let mut islands = vec![first];
    let mut tries = 0;
    while islands.len() < target && tries < 60 * target {
        tries += 1;
        let a = islands[rng.below(islands.len() as u64) as usize];
        let d = DIRS[rng.below(4) as usize];
        let way = g.way(a, d);
        // At least one empty cell between, and no island beside the new one.
        let spots: Vec<usize> = way
            .iter()
            .skip(1)
            .copied()
            .filter(|&j| g.lonely(j))
            .collect();
        if spots.is_empty() {
            continue;
        }
        let b = spots[rng.below(spots.len() as u64) as usize];
        g.island[b] = true;
        islands.push(b);
        g.join(a, b, 1 + u8::from(rng.below(3) == 0));
    }
    // A few bridges more between islands that see each other over free cells.
    let (p, _) = g.puzzle();
    for l in p.links() {
        let free = p.between(&l).iter().all(|&k| !g.bridged(k));
        let unused = if l.across { g.right[l.a] } else { g.down[l.a] } == 0;
        if free && unused && rng.below(4) == 0 {
            g.join(l.a, l.b, 1 + u8::from(rng.below(3) == 0));
        }
    }
    g
}

/// Mends the layout so that the answer `other` no longer fits (see the module's
/// documentation); false when no link allows it.
fn mend(g: &mut Layout, p: &Hashi, planted: &Bridges, other: &Bridges, rng: &mut Xorshift) -> bool {
    let links = p.links();
    let (ours, theirs) = (p.counts_of(&links, planted), p.counts_of(&links, other));
    let mut order: Vec<usize> = (0..links.len())
        .filter(|&i| theirs[i] > 0 && ours[i] == 0)
        .collect();
    rng.shuffle(&mut order);
    for i in order {
        let l = links[i];
        for (from, to) in [(l.a, l.b), (l.b, l.a)] {
            let d = if l.across {
                if from < to {
                    DIRS[0]
                } else {
                    DIRS[2]
                }
            } else if from < to {
                DIRS[1]
            } else {
                DIRS[3]
            };
            // Free cells from `from` towards `to`: a new island on one of them, bridged back.
            let way = g.way(from, d);
            if let Some(&x) = way
                .iter()
                .find(|&&x| x != to && g.lonely(x))
                .or(way.first())
            {
                g.island[x] = true;
                g.join(from, x, 1);
                return true;
            }
        }
    }
    false
}

/// A puzzle whose only answer is the returned drawing, with `target` islands or about as many
/// (see the module's documentation); `hide`: numbers not needed replaced by `?`.
pub fn generate(
    rows: usize,
    cols: usize,
    target: usize,
    hide: bool,
    seed: u64,
    opts: &Options,
) -> Result<(Hashi, Bridges), String> {
    let mut rng = Xorshift(seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1);
    let check = |p: &Hashi| uniqueness(p, opts).map_err(|e| e.to_string());
    for _ in 0..100 {
        let mut g = grow(rows, cols, target, &mut rng);
        let mut mends = 0;
        loop {
            let (mut p, s) = g.puzzle();
            let other = match check(&p)? {
                Uniqueness::Unique(_) => {
                    if hide {
                        hide_numbers(&mut p, &mut rng, opts)?;
                    }
                    return Ok((p, s));
                }
                Uniqueness::None => {
                    return Err("internal error: the planted layout is not an answer".into())
                }
                Uniqueness::Multiple(a, b) => {
                    let (a, b) = (a.solution::<Bridges>(), b.solution::<Bridges>());
                    let other = if a == Some(&s) { b } else { a };
                    other
                        .cloned()
                        .ok_or("internal error: an answer of another family")?
                }
            };
            mends += 1;
            if mends > 4 * target || !mend(&mut g, &p, &s, &other, &mut rng) {
                break;
            }
        }
    }
    Err("generate hashikake: no unique layout found in 100 tries".into())
}

/// Replaces numbers by `?` in random order while the answer stays unique.
fn hide_numbers(p: &mut Hashi, rng: &mut Xorshift, opts: &Options) -> Result<(), String> {
    let mut order: Vec<usize> = p.islands().collect();
    rng.shuffle(&mut order);
    for k in order {
        let number = p.cells[k];
        p.cells[k] = Cell::Unknown;
        if !matches!(
            uniqueness(p, opts).map_err(|e| e.to_string())?,
            Uniqueness::Unique(_)
        ) {
            p.cells[k] = number;
        }
    }
    Ok(())
}
