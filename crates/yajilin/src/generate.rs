//! The generator. A solution first: a random loop (the engine's [`random_grid_loop`]) grown by
//! detours (a segment whose two cells both have a free cell on the same side is replaced by
//! the three segments round those cells) until it covers most of the board; the cells left
//! over are shaded in random order wherever no neighbour is shaded yet, which keeps shaded
//! cells apart, and the rest become clue cells. Each clue cell gets an arrow in a random
//! direction with the number of shaded cells that way. Then the numbers are dropped one at a
//! time, in random order, while the engine's uniqueness oracle (lazy loop cuts included)
//! proves the planted solution the only one; a dropped clue leaves its cell a clue cell whose
//! number is not given. One pass leaves a minimal set: a number kept was needed with more
//! numbers present, so it is needed with fewer.

use crate::{Cell, Dir, Family, Solution, Yajilin};
use clap::{Args, FromArgMatches};
use serde_json::json;
use wellposed_engine::anyhow::{self, Result};
use wellposed_engine::connectivity::{grid_pairs, random_grid_loop};
use wellposed_engine::sat::{Cnf, Lit, Var};
use wellposed_engine::{
    Difficulty, Generator, GridSize, Made, Options, Request, UniquenessOracle, Xorshift,
};

/// `generate yajilin`'s parameters.
#[derive(Args)]
pub struct GenerateArgs {
    #[command(flatten)]
    size: GridSize,
}

pub const GENERATOR: Generator = Generator {
    args: || GridSize::command::<GenerateArgs>(Yajilin::NAME, 8),
    difficulty: Difficulty::Graded,
    make,
};

/// The largest board the generator makes (each clue costs a uniqueness check).
pub const MAX_GENERATED: usize = 2500;

fn make(m: &clap::ArgMatches, req: &Request) -> Result<Made> {
    let a = GenerateArgs::from_arg_matches(m)?;
    let (rows, cols) = a.size.rows_cols();
    if rows < 2 || cols < 2 || rows.saturating_mul(cols) > MAX_GENERATED {
        anyhow::bail!(
            "generate yajilin: expected at least 2×2 and at most {MAX_GENERATED} cells, found {rows}×{cols}"
        );
    }
    let (p, s) = generate(rows, cols, req.seed, req.options).map_err(anyhow::Error::msg)?;
    p.verify(&s)
        .map_err(|e| anyhow::anyhow!("internal error: the planted solution breaks a rule: {e}"))?;
    let clues = p.cells.iter().filter(|c| c.arrow().is_some()).count();
    let puzzle = p.to_text();
    Ok(Made {
        text: format!(
            "# seed {}: {clues} arrows (minimal)\n{}",
            req.seed,
            puzzle.trim_end()
        ),
        json: json!({
            "seed": req.seed, "arrows": clues, "puzzle": puzzle, "url": p.url(),
            "solution": p.render(&s),
        }),
        puzzle,
    })
}

/// Which grid pairs (in [`grid_pairs`] order) a random loop uses, grown by detours until it
/// visits `cover` percent of the cells (or no detour is left).
fn planted_loop(rows: usize, cols: usize, cover: usize, rng: &mut Xorshift) -> Vec<bool> {
    let pairs = grid_pairs(rows, cols);
    let index: std::collections::HashMap<(usize, usize), usize> =
        pairs.iter().enumerate().map(|(i, &p)| (p, i)).collect();
    let mut on = random_grid_loop(rows, cols, rng);
    let mut visited = vec![false; rows * cols];
    for (i, &(a, b)) in pairs.iter().enumerate() {
        if on[i] {
            visited[a] = true;
            visited[b] = true;
        }
    }
    let pair = |a: usize, b: usize| index[&(a.min(b), a.max(b))];
    let mut visits = visited.iter().filter(|&&v| v).count();
    loop {
        let mut order: Vec<usize> = (0..pairs.len()).filter(|&i| on[i]).collect();
        rng.shuffle(&mut order);
        let mut grown = false;
        for i in order {
            if !on[i] || visits * 100 >= cover * rows * cols {
                continue;
            }
            let (a, b) = pairs[i];
            let (r, c) = (a / cols, a % cols);
            // The two sides of the segment: above and below a horizontal one, left and right
            // of a vertical one.
            let sides: Vec<(usize, usize)> = if b == a + 1 {
                [
                    (r > 0).then(|| (a - cols, b - cols)),
                    (r + 1 < rows).then(|| (a + cols, b + cols)),
                ]
                .into_iter()
                .flatten()
                .collect()
            } else {
                [
                    (c > 0).then(|| (a - 1, b - 1)),
                    (c + 1 < cols).then(|| (a + 1, b + 1)),
                ]
                .into_iter()
                .flatten()
                .collect()
            };
            let free: Vec<(usize, usize)> = sides
                .into_iter()
                .filter(|&(x, y)| !visited[x] && !visited[y])
                .collect();
            if free.is_empty() {
                continue;
            }
            let (x, y) = free[rng.below(free.len() as u64) as usize];
            on[i] = false;
            on[pair(a, x)] = true;
            on[pair(x, y)] = true;
            on[pair(y, b)] = true;
            visited[x] = true;
            visited[y] = true;
            visits += 2;
            grown = true;
        }
        if !grown {
            return on;
        }
    }
}

/// A unary count of `lits` cut at `cap`: `out[j]` is true exactly when at least j + 1 of them
/// are (a sequential counter, defined both ways so that a unit on an output says the count).
/// The generator needs the counts' auxiliary variables inside the rules' formula, so that a
/// clue is a pair of unit clauses the oracle can switch.
fn unary_count(cnf: &mut Cnf, lits: &[Lit], cap: usize) -> Vec<Lit> {
    let mut prev: Vec<Lit> = Vec::new();
    for &x in lits {
        let width = (prev.len() + 1).min(cap);
        let mut cur = Vec::with_capacity(width);
        for j in 0..width {
            let c = cnf.new_var().positive();
            let before = prev.get(j).copied();
            let below = if j == 0 { None } else { Some(prev[j - 1]) };
            // Up: at least j + 1 before, or x with at least j before.
            if let Some(p) = before {
                cnf.add_clause(&[!p, c]);
            }
            match below {
                Some(q) => cnf.add_clause(&[!x, !q, c]),
                None => cnf.add_clause(&[!x, c]),
            }
            // Down: c needs at least j + 1 before, or x (and at least j before).
            let mut with_x = vec![!c, x];
            with_x.extend(before);
            cnf.add_clause(&with_x);
            if let Some(q) = below {
                let mut with_below = vec![!c, q];
                with_below.extend(before);
                cnf.add_clause(&with_below);
            }
            cur.push(c);
        }
        prev = cur;
    }
    prev
}

/// A puzzle whose minimal set of arrows has the returned solution as its only one.
pub fn generate(
    rows: usize,
    cols: usize,
    seed: u64,
    opts: &Options,
) -> Result<(Yajilin, Solution), String> {
    let mut rng = Xorshift(seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1);
    for attempt in 0..100 {
        // A loop through nearly every cell leaves few clues and room for other loops; each
        // failed try covers less of the board.
        let cover = 70usize.saturating_sub(attempt).max(40);
        let (mut p, mut s, mut edge) = planted(rows, cols, cover, &mut rng);
        if !repair(&mut p, &mut s, &mut edge, &mut rng, opts)? {
            continue;
        }
        let shaded = s.shaded.clone();
        let (mut rules, vars) = p.rules_cnf(opts.choices);
        let arrows = p.arrows();
        let clues: Vec<Vec<Vec<Lit>>> = arrows
            .iter()
            .map(|(_, seen, n)| {
                let n = *n as usize;
                let lits: Vec<Lit> = seen
                    .iter()
                    .map(|&j| vars.shade[j].expect("open").positive())
                    .collect();
                let out = unary_count(&mut rules.cnf, &lits, (n + 1).min(lits.len()));
                let mut clauses = Vec::new();
                if n > 0 {
                    clauses.push(vec![out[n - 1]]);
                }
                if n < lits.len() {
                    clauses.push(vec![!out[n]]);
                }
                clauses
            })
            .collect();
        let mut planted: Vec<(Var, bool)> = vars
            .shade
            .iter()
            .zip(&shaded)
            .filter_map(|(v, &x)| v.map(|v| (v, x)))
            .collect();
        for &(a, b, v) in &vars.edges {
            planted.push((v, edge.contains(&(a, b))));
        }
        let mut oracle = UniquenessOracle::for_encoding(&rules, &clues, &planted, opts)
            .map_err(|e| e.to_string())?;
        let mut active = vec![true; arrows.len()];
        if !oracle.unique(&active) {
            continue; // every arrow and still another solution: draw another
        }
        let mut order: Vec<usize> = (0..arrows.len()).collect();
        rng.shuffle(&mut order);
        for i in order {
            active[i] = false;
            if !oracle.unique(&active) {
                active[i] = true;
            }
        }
        let drop: Vec<usize> = (0..arrows.len()).filter(|&i| !active[i]).collect();
        let q = p.without_clues(&drop).expect("a puzzle takes clues away");
        // The same shading and loop, drawn with the clues that are left.
        let s = q.solution(s.shaded, |a, b| edge.contains(&(a, b)));
        return Ok((q, s));
    }
    Err("no board with a unique puzzle found in 100 tries".into())
}

/// A planted solution and the puzzle with every clue cell's arrow and true count: the loop
/// (see [`planted_loop`]), the cells off it shaded where no neighbour is, the rest clue cells.
fn planted(
    rows: usize,
    cols: usize,
    cover: usize,
    rng: &mut Xorshift,
) -> (Yajilin, Solution, std::collections::HashSet<(usize, usize)>) {
    let pairs = grid_pairs(rows, cols);
    let on = planted_loop(rows, cols, cover, rng);
    let mut visited = vec![false; rows * cols];
    for (i, &(a, b)) in pairs.iter().enumerate() {
        if on[i] {
            visited[a] = true;
            visited[b] = true;
        }
    }
    let mut p = Yajilin::empty(rows, cols);
    let mut shaded = vec![false; rows * cols];
    let mut rest: Vec<usize> = (0..rows * cols).filter(|&k| !visited[k]).collect();
    rng.shuffle(&mut rest);
    for &k in &rest {
        if p.neighbours(k).any(|j| shaded[j]) {
            p.cells[k] = Cell::Blank;
        } else {
            shaded[k] = true;
        }
    }
    for &k in &rest {
        if p.cells[k] == Cell::Blank {
            let dirs: Vec<Dir> = Dir::ALL
                .into_iter()
                .filter(|&d| !p.ray(k, d).is_empty())
                .collect();
            let d = dirs[rng.below(dirs.len() as u64) as usize];
            let n = p.ray(k, d).into_iter().filter(|&j| shaded[j]).count();
            p.cells[k] = Cell::Clue {
                dir: Some(d),
                count: Some(n as u32),
            };
        }
    }
    let edge: std::collections::HashSet<(usize, usize)> = pairs
        .iter()
        .zip(&on)
        .filter(|(_, &x)| x)
        .map(|(&pr, _)| pr)
        .collect();
    let s = p.solution(shaded.clone(), |a, b| edge.contains(&(a, b)));
    (p, s, edge)
}

/// Makes the puzzle with every arrow unique for the planted loop, where it can: while another
/// solution exists, a cell the planted solution shades and the other leaves on its loop becomes
/// a clue cell (the planted loop never passes it, and the other solution is gone); failing
/// that, a clue cell in line with a cell only the other solution shades turns its arrow
/// towards it (the planted count there is then smaller). Counts follow the planted shading.
/// False when neither helps (the other solution shades the same cells).
fn repair(
    p: &mut Yajilin,
    s: &mut Solution,
    edge: &mut std::collections::HashSet<(usize, usize)>,
    rng: &mut Xorshift,
    opts: &Options,
) -> Result<bool, String> {
    let n = p.cells.len();
    for _ in 0..n {
        let alt = match wellposed_engine::uniqueness(p, opts).map_err(|e| e.to_string())? {
            wellposed_engine::Uniqueness::Unique(_) => return Ok(true),
            wellposed_engine::Uniqueness::None => return Ok(false),
            wellposed_engine::Uniqueness::Multiple(a, b) => {
                let a: &Solution = a.solution().ok_or("a solution of another family")?;
                let b: &Solution = b.solution().ok_or("a solution of another family")?;
                if a.shaded == s.shaded && a.horizontal == s.horizontal && a.vertical == s.vertical
                {
                    b.clone()
                } else {
                    a.clone()
                }
            }
        };
        let other = &alt.shaded;
        let dropped: Vec<usize> = (0..n).filter(|&k| s.shaded[k] && !other[k]).collect();
        let added: Vec<usize> = (0..n).filter(|&k| other[k] && !s.shaded[k]).collect();
        if let Some(&x) = dropped.get(rng.below(dropped.len().max(1) as u64) as usize) {
            s.shaded[x] = false;
            let dirs: Vec<Dir> = Dir::ALL
                .into_iter()
                .filter(|&d| !p.ray(x, d).is_empty())
                .collect();
            p.cells[x] = Cell::Clue {
                dir: Some(dirs[rng.below(dirs.len() as u64) as usize]),
                count: Some(0),
            };
        } else {
            // A clue cell whose ray (in some direction) meets a cell only the other shades.
            let turn = (0..n).find_map(|c| {
                if !matches!(p.cells[c], Cell::Clue { .. }) {
                    return None;
                }
                Dir::ALL
                    .into_iter()
                    .find(|&d| p.ray(c, d).iter().any(|y| added.contains(y)))
                    .map(|d| (c, d))
            });
            if let Some((c, d)) = turn {
                p.cells[c] = Cell::Clue {
                    dir: Some(d),
                    count: Some(0),
                };
            } else if !reroute(p, s, edge, &alt, rng, opts)? {
                return Ok(false);
            }
        }
        for k in 0..n {
            if let Cell::Clue { dir: Some(d), .. } = p.cells[k] {
                let count = p.ray(k, d).into_iter().filter(|&j| s.shaded[j]).count();
                p.cells[k] = Cell::Clue {
                    dir: Some(d),
                    count: Some(count as u32),
                };
            }
        }
        *s = p.solution(s.shaded.clone(), |a, b| edge.contains(&(a, b)));
    }
    Ok(false)
}

/// Another loop through the same cells: no arrow tells them apart, so a cell where the two
/// loops differ becomes a clue cell, and a new planted solution is found for the board as it
/// now is (every count set aside, arrows kept). False when the board has none.
fn reroute(
    p: &mut Yajilin,
    s: &mut Solution,
    edge: &mut std::collections::HashSet<(usize, usize)>,
    alt: &Solution,
    rng: &mut Xorshift,
    opts: &Options,
) -> Result<bool, String> {
    let differ: Vec<usize> = grid_pairs(p.rows, p.cols)
        .into_iter()
        .filter(|&(a, b)| p.joined(s, a, b) != p.joined(alt, a, b))
        .map(|(a, _)| a)
        .collect();
    let Some(&z) = differ.get(rng.below(differ.len().max(1) as u64) as usize) else {
        return Ok(false);
    };
    p.cells[z] = Cell::Blank;
    let mut free = p.clone();
    for c in free.cells.iter_mut() {
        if let Cell::Clue { dir, .. } = *c {
            *c = Cell::Clue { dir, count: None };
        }
    }
    let found = match wellposed_engine::uniqueness(&free, opts).map_err(|e| e.to_string())? {
        wellposed_engine::Uniqueness::None => return Ok(false),
        wellposed_engine::Uniqueness::Unique(a) | wellposed_engine::Uniqueness::Multiple(a, _) => a,
    };
    let new: &Solution = found.solution().ok_or("a solution of another family")?;
    s.shaded = new.shaded.clone();
    *edge = grid_pairs(p.rows, p.cols)
        .into_iter()
        .filter(|&(a, b)| p.joined(new, a, b))
        .collect();
    // The blank cell takes an arrow like the others.
    let dirs: Vec<Dir> = Dir::ALL
        .into_iter()
        .filter(|&d| !p.ray(z, d).is_empty())
        .collect();
    p.cells[z] = Cell::Clue {
        dir: Some(dirs[rng.below(dirs.len() as u64) as usize]),
        count: Some(0),
    };
    Ok(true)
}
