//! The generator: random paths that fill the board (cells joined end to end at random, the
//! short paths first, up to a longest length), their ends numbered; while the engine finds a
//! second solution, a planted path that the other solution leaves is cut in two (the far
//! piece takes a new number), which ends since a board of two-cell paths is unique; then pairs
//! of numbers are dropped, in random order and pass after pass until a pass drops none, while
//! the engine proves the puzzle unique. So no pair can be dropped at the end.
//!
//! Under the default `paths-only` rule the puzzle is unique with empty cells allowed, so it is
//! unique under `all-cells` as well, and pzprjs's URL says it.

use crate::{Cover, Family, Links, Numlin};
use clap::{Args, FromArgMatches};
use serde_json::json;
use wellposed_engine::anyhow::{self, Result};
use wellposed_engine::{
    proved_unique, uniqueness, Difficulty, Generator, GridSize, Made, Options, Request, Uniqueness,
    Xorshift,
};

/// `generate numlin`'s parameters.
#[derive(Args)]
pub struct GenerateArgs {
    #[command(flatten)]
    size: GridSize,
    /// The rule the puzzle is made unique under: `paths-only` (pzprjs's) or `all-cells`.
    #[arg(long, default_value = "paths-only")]
    rule: String,
    /// The longest planted path, in cells (0: rows + cols).
    #[arg(long, default_value_t = 0)]
    longest: usize,
}

pub const GENERATOR: Generator = Generator {
    args: || GridSize::command::<GenerateArgs>(Numlin::NAME, 7),
    difficulty: Difficulty::Graded,
    make,
};

/// The largest board the generator makes (each pair costs a solve).
pub const MAX_GENERATED: usize = 2_500;

fn make(m: &clap::ArgMatches, req: &Request) -> Result<Made> {
    let a = GenerateArgs::from_arg_matches(m)?;
    let rule = Cover::of_word(&a.rule).ok_or_else(|| {
        anyhow::anyhow!(
            "generate numlin: --rule: expected `paths-only` or `all-cells`, found `{}`",
            a.rule
        )
    })?;
    let (rows, cols) = a.size.rows_cols();
    if rows < 2 || cols < 2 || rows * cols > MAX_GENERATED {
        anyhow::bail!("generate numlin: expected at least 2×2 and at most {MAX_GENERATED} cells, found {rows}×{cols}");
    }
    let longest = if a.longest == 0 {
        rows + cols
    } else {
        a.longest.max(2)
    };
    let (p, s) =
        generate(rows, cols, rule, longest, req.seed, req.options).map_err(anyhow::Error::msg)?;
    p.verify(&s)
        .map_err(|e| anyhow::anyhow!("internal error: the solution breaks a rule: {e}"))?;
    let pairs = p.labels().len();
    let puzzle = p.to_text();
    Ok(Made {
        text: format!(
            "# seed {}: {pairs} pairs (minimal), {}\n{}",
            req.seed,
            rule.word(),
            puzzle.trim_end()
        ),
        json: json!({
            "seed": req.seed, "pairs": pairs, "puzzle": puzzle, "url": p.url(),
            "solution": p.render(&s),
        }),
        puzzle,
    })
}

/// A puzzle with a minimal set of pairs, proved unique under `rule`, and its solution.
pub fn generate(
    rows: usize,
    cols: usize,
    rule: Cover,
    longest: usize,
    seed: u64,
    opts: &Options,
) -> Result<(Numlin, Links), String> {
    let mut rng = Xorshift(seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1);
    let paths = (0..100)
        .find_map(|_| random_cover(rows, cols, longest, &mut rng))
        .ok_or("no cover of the board by paths found in 100 tries")?;
    let mut p = Numlin::empty(rows, cols, rule);
    let mut on = vec![false; p.segments().len()];
    for (i, path) in paths.iter().enumerate() {
        p.cells[path[0]] = Some(i as u32 + 1);
        p.cells[path[path.len() - 1]] = Some(i as u32 + 1);
        for w in path.windows(2) {
            on[p.seg_index(w[0], w[1])] = true;
        }
    }
    // Cut planted paths until no other solution is left.
    loop {
        let planted = Links {
            paths: p.check(&on)?,
            on: on.clone(),
        };
        let other = match uniqueness(&p, opts).map_err(|e| e.to_string())? {
            Uniqueness::Unique(_) => break,
            Uniqueness::None => return Err("internal error: the planted paths are refused".into()),
            Uniqueness::Multiple(a, b) => {
                let [a, b] = [a, b].map(|s| s.solution::<Links>().map(|l| l.on.clone()));
                match (a, b) {
                    (Some(a), _) if a != on => a,
                    (_, Some(b)) => b,
                    _ => return Err("internal error: a solution of another kind".into()),
                }
            }
        };
        let cuts = cuts(&p, &planted);
        let left: Vec<usize> = cuts.iter().map(|c| c.1).filter(|&k| !other[k]).collect();
        let pick = if left.is_empty() {
            // Every segment the other solution leaves ends a path: cut the longest path.
            let longest = (0..planted.paths.len())
                .max_by_key(|&i| planted.paths[i].cells.len())
                .filter(|&i| planted.paths[i].cells.len() >= 4)
                .ok_or("no path left to cut")?;
            let mid: Vec<usize> = cuts
                .iter()
                .filter(|c| c.0 == longest)
                .map(|c| c.1)
                .collect();
            mid[mid.len() / 2]
        } else {
            left[rng.below(left.len() as u64) as usize]
        };
        p = cut_paths(&p, &planted, &[pick]);
        on[pick] = false;
    }
    // Drop pairs while the puzzle stays unique, until a pass drops none.
    loop {
        let mut labels = p.labels();
        rng.shuffle(&mut labels);
        let mut dropped = false;
        for x in labels {
            let mut q = p.clone();
            for c in q.cells.iter_mut() {
                if *c == Some(x) {
                    *c = None;
                }
            }
            if proved_unique(&q, opts) {
                p = q;
                dropped = true;
            }
        }
        if !dropped {
            break;
        }
    }
    let p = renumbered(&p);
    match uniqueness(&p, opts).map_err(|e| e.to_string())? {
        Uniqueness::Unique(s) => s
            .solution::<Links>()
            .cloned()
            .ok_or_else(|| "internal error: a solution of another kind".to_string())
            .map(|s| (p, s)),
        _ => Err("internal error: the puzzle is no longer unique".into()),
    }
}

/// The numbers renamed 1, 2, … in reading order of their first cell.
fn renumbered(p: &Numlin) -> Numlin {
    let mut names = std::collections::HashMap::new();
    let mut q = p.clone();
    for c in q.cells.iter_mut().flatten() {
        let next = names.len() as u32 + 1;
        *c = *names.entry(*c).or_insert(next);
    }
    q
}

/// Paths (cells in order, each two or more) covering the board, or `None` when a cell is left
/// alone that no path can take.
fn random_cover(
    rows: usize,
    cols: usize,
    longest: usize,
    rng: &mut Xorshift,
) -> Option<Vec<Vec<usize>>> {
    let n = rows * cols;
    let mut paths: Vec<Vec<usize>> = (0..n).map(|v| vec![v]).collect();
    let mut of: Vec<usize> = (0..n).collect();
    let neighbours = |v: usize| {
        let (r, c) = (v / cols, v % cols);
        [
            (r > 0).then(|| v - cols),
            (r + 1 < rows).then(|| v + cols),
            (c > 0).then(|| v - 1),
            (c + 1 < cols).then(|| v + 1),
        ]
        .into_iter()
        .flatten()
    };
    let is_end = |paths: &[Vec<usize>], of: &[usize], v: usize| {
        let p = &paths[of[v]];
        p[0] == v || p[p.len() - 1] == v
    };
    loop {
        // Joins of two path ends side by side; those taking a lone cell first.
        let mut joins = Vec::new();
        let mut lone = Vec::new();
        for u in 0..n {
            if !is_end(&paths, &of, u) {
                continue;
            }
            for v in neighbours(u).filter(|&v| v > u) {
                let (a, b) = (of[u], of[v]);
                if a != b && is_end(&paths, &of, v) && paths[a].len() + paths[b].len() <= longest {
                    if paths[a].len() == 1 || paths[b].len() == 1 {
                        lone.push((u, v));
                    }
                    joins.push((u, v));
                }
            }
        }
        let pool = if lone.is_empty() { &joins } else { &lone };
        if pool.is_empty() {
            break;
        }
        let (u, v) = pool[rng.below(pool.len() as u64) as usize];
        join(&mut paths, &mut of, u, v);
    }
    // A lone cell left: take it into a neighbour's path, past the longest if need be.
    for s in 0..n {
        if paths[of[s]].len() != 1 {
            continue;
        }
        let mut taken = false;
        for x in neighbours(s) {
            let i = of[x];
            let path = &paths[i];
            let at = path.iter().position(|&c| c == x).expect("in its path");
            if at == 0 || at == path.len() - 1 {
                join(&mut paths, &mut of, x, s);
            } else if at + 3 <= path.len() {
                // path[..=at] + s, and path[at+1..] alone.
                let tail = paths[i].split_off(at + 1);
                for &c in &tail {
                    of[c] = paths.len();
                }
                paths.push(tail);
                join(&mut paths, &mut of, x, s);
            } else if at >= 2 {
                let head: Vec<usize> = paths[i].drain(..at).collect();
                for &c in &head {
                    of[c] = paths.len();
                }
                paths.push(head);
                join(&mut paths, &mut of, x, s);
            } else {
                continue;
            }
            taken = true;
            break;
        }
        if !taken {
            return None;
        }
    }
    Some(paths.into_iter().filter(|p| !p.is_empty()).collect())
}

/// Joins the paths ending at `u` and `v` (neighbours) into `u`'s path slot.
fn join(paths: &mut [Vec<usize>], of: &mut [usize], u: usize, v: usize) {
    let (a, b) = (of[u], of[v]);
    let mut first = std::mem::take(&mut paths[a]);
    let mut second = std::mem::take(&mut paths[b]);
    if first[first.len() - 1] != u {
        first.reverse();
    }
    if second[0] != v {
        second.reverse();
    }
    for &c in &second {
        of[c] = a;
    }
    first.extend(second);
    paths[a] = first;
}

/// The cuts a solution allows: (path index, segment) for each segment of a path whose two
/// pieces would keep two cells or more.
pub fn cuts(p: &Numlin, s: &Links) -> Vec<(usize, usize)> {
    let mut out = Vec::new();
    for (i, path) in s.paths.iter().enumerate() {
        let cells: Vec<usize> = path
            .cells
            .iter()
            .map(|&(r, c)| (r - 1) * p.cols + c - 1)
            .collect();
        for j in 1..cells.len().saturating_sub(2) {
            out.push((i, p.seg_index(cells[j], cells[j + 1])));
        }
    }
    out
}

/// The puzzle with the solution's paths cut at the segments `at` (a cut that would leave a
/// piece of one cell is passed over): each piece after a cut takes a new number at both ends.
pub fn cut_paths(p: &Numlin, s: &Links, at: &[usize]) -> Numlin {
    let mut q = p.clone();
    let mut next = p.labels().last().copied().unwrap_or(0);
    for path in &s.paths {
        let cells: Vec<usize> = path
            .cells
            .iter()
            .map(|&(r, c)| (r - 1) * p.cols + c - 1)
            .collect();
        let mut start = 0;
        let mut number = path.number;
        for j in 0..cells.len().saturating_sub(1) {
            let k = p.seg_index(cells[j], cells[j + 1]);
            if !at.contains(&k) || j < start + 1 || j + 3 > cells.len() {
                continue;
            }
            q.cells[cells[j]] = Some(number);
            next += 1;
            number = next;
            q.cells[cells[j + 1]] = Some(number);
            q.cells[cells[cells.len() - 1]] = Some(number);
            start = j + 1;
        }
    }
    q
}
