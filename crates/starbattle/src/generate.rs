//! The Star Battle generator: a random placement of k stars a row and a column, no two
//! touching; regions grown around it (each star a seed; with two stars a region, the grown
//! pieces paired off by a random matching of neighbouring pieces), so the placement keeps the
//! rules; then, while the SAT engine finds another solution, one cell where that solution has
//! a star and the planted one has none moves to a neighbouring region (which breaks that
//! solution and keeps the planted one, as the cell holds no planted star and its old region
//! stays connected). The regions are the whole puzzle, so "minimal" has nothing to remove:
//! the puzzle is proved unique and every region is needed.

use crate::StarBattle;
use clap::{Args, FromArgMatches};
use serde_json::json;
use wellposed_engine::anyhow::{self, Result};
use wellposed_engine::{
    uniqueness, Difficulty, Family, Generator, Made as MadeReport, Options, Request, Uniqueness,
    Xorshift,
};

/// `generate starbattle`'s parameters.
#[derive(Args)]
pub struct GenerateArgs {
    /// The side of the (square) board, which is also the number of regions.
    #[arg(long, default_value_t = 8)]
    size: usize,
    /// Stars in every row, column and region: 1 or 2.
    #[arg(long, default_value_t = 1)]
    stars: usize,
}

/// A generated puzzle and the stars it was made from.
pub struct Made {
    pub puzzle: StarBattle,
    pub star: Vec<bool>,
}

fn beside(n: usize, k: usize) -> impl Iterator<Item = usize> {
    let (r, c) = (k / n, k % n);
    [
        (r > 0).then(|| k - n),
        (r + 1 < n).then(|| k + n),
        (c > 0).then(|| k - 1),
        (c + 1 < n).then(|| k + 1),
    ]
    .into_iter()
    .flatten()
}

/// A random placement of `k` stars in every row and column of an n×n board, no two touching
/// (a randomised depth-first search row by row; `None` if it runs long).
fn placement(n: usize, k: usize, rng: &mut Xorshift) -> Option<Vec<bool>> {
    // Every set of k columns in a row, no two side by side.
    let mut choices: Vec<Vec<usize>> = Vec::new();
    let mut pick = Vec::new();
    fn sets(n: usize, k: usize, from: usize, pick: &mut Vec<usize>, out: &mut Vec<Vec<usize>>) {
        if pick.len() == k {
            out.push(pick.clone());
            return;
        }
        for c in from..n {
            pick.push(c);
            sets(n, k, c + 2, pick, out);
            pick.pop();
        }
    }
    sets(n, k, 0, &mut pick, &mut choices);
    let mut rows: Vec<Vec<usize>> = Vec::with_capacity(n);
    let mut order: Vec<Vec<usize>> = Vec::new();
    let mut col_count = vec![0usize; n];
    let mut steps = 0u32;
    loop {
        steps += 1;
        if steps > 200_000 {
            return None;
        }
        if rows.len() == n {
            let mut star = vec![false; n * n];
            for (r, cs) in rows.iter().enumerate() {
                for &c in cs {
                    star[r * n + c] = true;
                }
            }
            return Some(star);
        }
        let depth = rows.len();
        if order.len() == depth {
            let mut o: Vec<usize> = (0..choices.len()).collect();
            rng.shuffle(&mut o);
            order.push(o);
        }
        let prev: &[usize] = if depth > 0 { &rows[depth - 1] } else { &[] };
        let fits = |cs: &Vec<usize>| {
            cs.iter()
                .all(|&c| col_count[c] < k && prev.iter().all(|&p| p.abs_diff(c) > 1))
        };
        match order[depth].iter().position(|&i| fits(&choices[i])) {
            Some(at) => {
                let i = order[depth][at];
                order[depth].drain(..=at);
                for &c in &choices[i] {
                    col_count[c] += 1;
                }
                rows.push(choices[i].clone());
            }
            None => {
                order.pop();
                let cs = rows.pop()?;
                for c in cs {
                    col_count[c] -= 1;
                }
            }
        }
    }
}

/// Regions grown from every star, one random free cell beside a region at a time; with two
/// stars a region, the pieces are paired off along shared borders. `None` if the pairing fails.
fn regions(n: usize, k: usize, star: &[bool], rng: &mut Xorshift) -> Option<Vec<usize>> {
    let seeds: Vec<usize> = (0..n * n).filter(|&c| star[c]).collect();
    let mut owner: Vec<Option<usize>> = vec![None; n * n];
    for (i, &s) in seeds.iter().enumerate() {
        owner[s] = Some(i);
    }
    let mut open = n * n - seeds.len();
    while open > 0 {
        let c = rng.below((n * n) as u64) as usize;
        if owner[c].is_some() {
            continue;
        }
        let near: Vec<usize> = beside(n, c).filter_map(|j| owner[j]).collect();
        if let Some(&piece) = near.get(rng.below(near.len().max(1) as u64) as usize) {
            owner[c] = Some(piece);
            open -= 1;
        }
    }
    let owner: Vec<usize> = owner.into_iter().map(|o| o.expect("grown")).collect();
    if k == 1 {
        return Some(owner);
    }
    // k = 2: pair the pieces, each with a neighbouring piece, greedily from the piece with
    // the fewest unpaired neighbours.
    let pieces = seeds.len();
    let mut adjacent = vec![Vec::new(); pieces];
    for c in 0..n * n {
        for j in beside(n, c) {
            if owner[j] != owner[c] && !adjacent[owner[c]].contains(&owner[j]) {
                adjacent[owner[c]].push(owner[j]);
            }
        }
    }
    let mut partner = vec![usize::MAX; pieces];
    for _ in 0..pieces / 2 {
        let free = |p: usize| partner[p] == usize::MAX;
        let options = |p: usize| adjacent[p].iter().filter(|&&q| free(q)).count();
        let p = (0..pieces)
            .filter(|&p| free(p))
            .min_by_key(|&p| (options(p), rng.below(1000)))?;
        let qs: Vec<usize> = adjacent[p].iter().copied().filter(|&q| free(q)).collect();
        let q = *qs.get(rng.below(qs.len().max(1) as u64) as usize)?;
        partner[p] = q;
        partner[q] = p;
    }
    Some(owner.iter().map(|&o| o.min(partner[o])).collect())
}

/// Whether region `r` stays connected without cell `gone`.
fn connected_without(n: usize, region: &[usize], r: usize, gone: usize) -> bool {
    let cells: Vec<usize> = (0..n * n)
        .filter(|&c| region[c] == r && c != gone)
        .collect();
    let Some(&start) = cells.first() else {
        return false;
    };
    let mut seen = vec![false; n * n];
    seen[start] = true;
    let mut stack = vec![start];
    let mut reached = 1;
    while let Some(c) = stack.pop() {
        for j in beside(n, c) {
            if !seen[j] && j != gone && region[j] == r {
                seen[j] = true;
                reached += 1;
                stack.push(j);
            }
        }
    }
    reached == cells.len()
}

/// A unique Star Battle of side `n` with `k` stars a unit.
pub fn generate(n: usize, k: usize, seed: u64, opts: &Options) -> Result<Made, String> {
    if !(1..=2).contains(&k) {
        return Err(format!("--stars: expected 1 or 2, found {k}"));
    }
    let least = if k == 1 { 5 } else { 10 };
    if !(least..=30).contains(&n) {
        return Err(format!(
            "--size: expected {least} to 30 for {k} star(s) a unit, found {n}"
        ));
    }
    let mut rng = Xorshift(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1);
    for _ in 0..200 {
        let Some(star) = placement(n, k, &mut rng) else {
            continue;
        };
        let Some(mut region) = regions(n, k, &star, &mut rng) else {
            continue;
        };
        for _ in 0..40 * n {
            let p = StarBattle::from_regions(n, n, &region, k).expect("at most 30 regions");
            let other = match uniqueness(&p, opts).map_err(|e| e.to_string())? {
                Uniqueness::Unique(s) => {
                    let found = &s.solution::<crate::Stars>().expect("stars").star;
                    if *found != star {
                        return Err(
                            "internal error: the unique solution is not the planted one".into()
                        );
                    }
                    return Ok(Made { puzzle: p, star });
                }
                Uniqueness::Multiple(a, b) => {
                    let a = a.solution::<crate::Stars>().expect("stars").star.clone();
                    if a != star {
                        a
                    } else {
                        b.solution::<crate::Stars>().expect("stars").star.clone()
                    }
                }
                Uniqueness::None => {
                    return Err("internal error: the planted stars break a rule".into())
                }
            };
            // Move one cell of the other solution's extra stars to a neighbouring region.
            let mut moves: Vec<(usize, usize)> = Vec::new();
            for c in (0..n * n).filter(|&c| other[c] && !star[c]) {
                for j in beside(n, c) {
                    if region[j] != region[c] && connected_without(n, &region, region[c], c) {
                        moves.push((c, region[j]));
                    }
                }
            }
            let Some(&(c, to)) = moves.get(rng.below(moves.len().max(1) as u64) as usize) else {
                break;
            };
            region[c] = to;
        }
    }
    Err("no unique board found in 200 tries".into())
}

/// Regions grown around random stars until the SAT engine proves them unique; `--difficulty`
/// grades by the shared deduction engine.
pub const GENERATOR: Generator = Generator {
    args: || GenerateArgs::augment_args(clap::Command::new(StarBattle::NAME)),
    difficulty: Difficulty::Graded,
    make,
};

fn make(m: &clap::ArgMatches, req: &Request) -> Result<MadeReport> {
    let a = GenerateArgs::from_arg_matches(m)?;
    let s = req.seed;
    let g = generate(a.size, a.stars, s, req.options).map_err(anyhow::Error::msg)?;
    g.puzzle
        .check(&g.star)
        .map_err(|e| anyhow::anyhow!("internal error: the planted stars break a rule: {e}"))?;
    let puzzle = g.puzzle.to_text();
    Ok(MadeReport {
        text: format!("# seed {s}: unique\n{}", puzzle.trim_end()),
        json: json!({
            "seed": s, "puzzle": puzzle, "url": g.puzzle.url(),
            "solution": g.puzzle.render(&g.puzzle.stars_of(g.star.clone())),
        }),
        puzzle,
    })
}
