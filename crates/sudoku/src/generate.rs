//! Making puzzles: a random full grid (the family's search with digits tried in random order),
//! then its givens taken away one at a time, in random order, as long as the puzzle keeps
//! exactly one solution. One pass makes the set minimal: a given that could not go earlier
//! cannot go later either, since taking more away never brings uniqueness back.

use crate::solver::{self, Solver};
use crate::{Shape, Sudoku};
use wellposed_engine::Xorshift;

/// A generated puzzle and the solution its givens come from (row-major digits).
pub struct Generated {
    pub puzzle: Sudoku,
    pub solution: Vec<u8>,
}

/// The random source of a seed (xorshift must not start at 0).
pub fn rng(seed: u64) -> Xorshift {
    Xorshift(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15).rotate_left(17) | 1)
}

/// A random full grid of `shape`.
pub fn full_grid(shape: &Shape, rng: &mut Xorshift) -> Vec<u8> {
    let empty = vec![None; shape.n * shape.n];
    let (s, _) = Solver::new(shape, &empty);
    let mut s = s.shuffled(Xorshift(rng.below(u64::MAX - 1) + 1));
    let mut grid = Vec::new();
    s.count(1, &mut |cells| {
        grid = cells.to_vec();
        false
    });
    grid
}

/// A minimal puzzle with one solution, from seed `seed`.
pub fn generate(shape: &Shape, seed: u64) -> Generated {
    let mut rng = rng(seed);
    let solution = full_grid(shape, &mut rng);
    let mut givens: Vec<Option<u8>> = solution.iter().map(|&d| Some(d)).collect();
    let mut order: Vec<usize> = (0..givens.len()).collect();
    rng.shuffle(&mut order);
    for k in order {
        let kept = givens[k].take();
        if solver::solve(shape, &givens, 2).0 != 1 {
            givens[k] = kept;
        }
    }
    Generated {
        puzzle: Sudoku {
            shape: shape.clone(),
            givens,
        },
        solution,
    }
}
