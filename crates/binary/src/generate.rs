//! Making puzzles: a random valid grid, then its clues taken away one at a time, in random
//! order, as long as the puzzle keeps exactly one solution (and, when asked, stays solvable by
//! deduction with the techniques allowed). One pass suffices for minimality: a clue that could
//! not be removed earlier cannot be removed later either, because removing more clues never
//! brings uniqueness back.

use crate::deduce::{self, Technique};
use crate::lines::Matcher;
use crate::search::Search;
use crate::{Binary, Rules};
use wellposed_engine::Xorshift;

/// Up to `limit` complete grids of a shape, in the row search's order.
pub fn all_grids(width: usize, height: usize, rules: Rules, limit: usize) -> Vec<Vec<Vec<u8>>> {
    let m = Matcher::new(width);
    let p = Binary::empty(width, height, rules);
    let mut out = Vec::new();
    Search::empty(&m, height, rules == Rules::Distinct).run(|rows| {
        out.push(p.unmask(rows));
        out.len() < limit
    });
    out
}

/// A random complete grid: the row search with candidate rows in random order.
pub fn random_grid(
    width: usize,
    height: usize,
    rules: Rules,
    rng: &mut Xorshift,
) -> Option<Vec<Vec<u8>>> {
    let m = Matcher::new(width);
    let p = Binary::empty(width, height, rules);
    let distinct = rules == Rules::Distinct;
    // Fix rows one at a time: each fixed row is a random line that still has a completion.
    let mut g0 = vec![0u32; height];
    let mut g1 = vec![0u32; height];
    for r in 0..height {
        let mut options: Vec<u32> = m.lines().to_vec();
        // Fisher–Yates with the deterministic generator.
        for i in (1..options.len()).rev() {
            options.swap(i, rng.below(i as u64 + 1) as usize);
        }
        let chosen = options.into_iter().find(|&l| {
            let (mut a, mut b) = (g0.clone(), g1.clone());
            a[r] = !l & ((1 << width) - 1);
            b[r] = l;
            Search::new(&m, height, distinct, a, b).count(1) == 1
        })?;
        g0[r] = !chosen & ((1 << width) - 1);
        g1[r] = chosen;
    }
    Some(p.unmask(&g1))
}

/// The number of solutions, counted up to `stop`.
pub fn solutions(p: &Binary, stop: u64) -> u64 {
    let m = Matcher::new(p.width);
    let (g0, g1) = p.given_masks();
    Search::new(&m, p.height, p.rules == Rules::Distinct, g0, g1).count(stop)
}

/// A generated puzzle and its solution.
pub struct Generated {
    pub puzzle: Binary,
    pub solution: Vec<Vec<u8>>,
}

/// A minimal uniquely solvable puzzle from a random grid. With `max` set, every clue removed
/// leaves a puzzle that deduction with techniques up to `max` still solves.
pub fn generate(
    width: usize,
    height: usize,
    rules: Rules,
    seed: u64,
    max: Option<Technique>,
) -> Result<Generated, String> {
    if !Binary::row_solver_fits(width, height) {
        return Err(format!(
            "generating is done with the row solver, which takes widths up to {} and heights up to {} (found {width}×{height})",
            crate::lines::MAX_LINE,
            crate::search::MAX_HEIGHT
        ));
    }
    let p0 = Binary::empty(width, height, rules);
    // xorshift must not start at 0.
    let mut rng = Xorshift(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1);
    let solution = random_grid(width, height, rules, &mut rng)
        .ok_or_else(|| format!("no {width}×{height} grid exists under the {rules} rules"))?;
    let mut puzzle = Binary {
        givens: solution.iter().flatten().map(|&x| Some(x)).collect(),
        ..p0
    };
    let mut order: Vec<usize> = (0..width * height).collect();
    for i in (1..order.len()).rev() {
        order.swap(i, rng.below(i as u64 + 1) as usize);
    }
    for k in order {
        let keep = puzzle.givens[k].take();
        let fine = match max {
            Some(t) => {
                let d = deduce::deduce(&puzzle, t);
                d.solved && crate::verify_rows(&puzzle, &to_rows(&d.cells, width)).is_ok()
            }
            None => solutions(&puzzle, 2) == 1,
        };
        if !fine {
            puzzle.givens[k] = keep;
        }
    }
    Ok(Generated { puzzle, solution })
}

fn to_rows(cells: &[Option<u8>], width: usize) -> Vec<Vec<u8>> {
    cells
        .chunks(width)
        .map(|r| r.iter().map(|c| c.unwrap_or(2)).collect())
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn generated_puzzles_are_unique_and_minimal() {
        for (n, rules, seed) in [
            (6, Rules::Distinct, 1),
            (6, Rules::NoDistinct, 2),
            (8, Rules::Distinct, 3),
        ] {
            let g = generate(n, n, rules, seed, None).unwrap();
            assert_eq!(solutions(&g.puzzle, 2), 1);
            crate::verify_rows(&g.puzzle, &g.solution).unwrap();
            for k in 0..n * n {
                if g.puzzle.givens[k].is_some() {
                    let mut q = g.puzzle.clone();
                    q.givens[k] = None;
                    assert!(solutions(&q, 2) > 1, "clue {k} could go");
                }
            }
            // Same seed, same puzzle.
            assert_eq!(generate(n, n, rules, seed, None).unwrap().puzzle, g.puzzle);
        }
    }

    #[test]
    fn graded_generation_stays_within_the_techniques() {
        let g = generate(8, 8, Rules::Distinct, 7, Some(Technique::Counts)).unwrap();
        let d = deduce::deduce(&g.puzzle, Technique::Counts);
        assert!(d.solved);
        assert!(d.hardest <= Some(Technique::Counts));
        assert_eq!(solutions(&g.puzzle, 2), 1);
    }
}
