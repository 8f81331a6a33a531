//! Standard problems with known counts, for tests and benchmarks.

use crate::Problem;

/// Domino tilings of an `h`×`w` board: the cells are the primary items, one option per domino.
/// Counts: OEIS A004003 for 2n×2n (1, 2, 36, 6728, 12988816, …), A099390 in general.
pub fn dominoes(h: usize, w: usize) -> Problem {
    let names: Vec<String> = (0..h * w)
        .map(|k| format!("c{}_{}", k / w, k % w))
        .collect();
    let mut p = Problem::new(&names, &[] as &[String]).expect("distinct names");
    for r in 0..h {
        for c in 0..w {
            if c + 1 < w {
                p.add_option(&[(r * w + c, None), (r * w + c + 1, None)])
                    .expect("a domino");
            }
            if r + 1 < h {
                p.add_option(&[(r * w + c, None), ((r + 1) * w + c, None)])
                    .expect("a domino");
            }
        }
    }
    p
}
