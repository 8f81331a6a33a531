//! Random single loops on grids of points, for the generators of loop genres.

use super::grid_pairs;
use wellposed_sat::Xorshift;

/// Whether the chosen `pairs` (edges over `points` vertices) form exactly one loop: every
/// vertex meets 0 or 2 of them, at least one is chosen, and they are one piece.
pub fn is_single_loop(points: usize, pairs: &[(usize, usize)], chosen: &[bool]) -> bool {
    let mut adj = vec![Vec::new(); points];
    for (&(a, b), _) in pairs.iter().zip(chosen).filter(|(_, &on)| on) {
        adj[a].push(b);
        adj[b].push(a);
    }
    if adj.iter().any(|n| !n.is_empty() && n.len() != 2) {
        return false;
    }
    let Some(start) = adj.iter().position(|n| !n.is_empty()) else {
        return false;
    };
    let mut seen = vec![false; points];
    let mut stack = vec![start];
    seen[start] = true;
    while let Some(v) = stack.pop() {
        for &u in &adj[v] {
            if !seen[u] {
                seen[u] = true;
                stack.push(u);
            }
        }
    }
    (0..points).all(|v| adj[v].is_empty() || seen[v])
}

/// A random loop on the grid graph of `rows` × `cols` points (vertex r·cols + c, edges in
/// [`grid_pairs`] order; at least 2 × 2 points): the boundary of a random region of the
/// (rows−1) × (cols−1) squares between the points, grown and trimmed one square at a time and
/// kept only while its boundary stays one loop. Returns which edges the loop uses.
pub fn random_grid_loop(rows: usize, cols: usize, rng: &mut Xorshift) -> Vec<bool> {
    assert!(rows >= 2 && cols >= 2, "a loop needs 2 × 2 points");
    let (sr, sc) = (rows - 1, cols - 1);
    let n = sr * sc;
    let pairs = grid_pairs(rows, cols);
    let boundary = |inside: &[bool]| -> Vec<bool> {
        let square = |r: isize, c: isize| {
            r >= 0
                && c >= 0
                && (r as usize) < sr
                && (c as usize) < sc
                && inside[r as usize * sc + c as usize]
        };
        pairs
            .iter()
            .map(|&(a, b)| {
                let (r, c) = ((a / cols) as isize, (a % cols) as isize);
                if b == a + 1 {
                    square(r - 1, c) != square(r, c)
                } else {
                    square(r, c - 1) != square(r, c)
                }
            })
            .collect()
    };
    let mut inside = vec![false; n];
    inside[rng.below(n as u64) as usize] = true;
    let mut size = 1;
    let target = (n * (35 + rng.below(30) as usize) / 100).max(1);
    for _ in 0..n * 30 {
        let k = rng.below(n as u64) as usize;
        let grow = size < target || rng.below(4) == 0;
        if inside[k] == grow || (!grow && size == 1) {
            continue;
        }
        inside[k] = grow;
        if is_single_loop(rows * cols, &pairs, &boundary(&inside)) {
            size = if grow { size + 1 } else { size - 1 };
        } else {
            inside[k] = !grow;
        }
    }
    boundary(&inside)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn random_loops_are_single_loops() {
        let mut rng = Xorshift(77);
        for (rows, cols) in [(2, 2), (3, 5), (6, 6), (8, 4)] {
            for _ in 0..20 {
                let on = random_grid_loop(rows, cols, &mut rng);
                assert!(is_single_loop(rows * cols, &grid_pairs(rows, cols), &on));
            }
        }
        // Two separate squares are not one loop; nothing is not a loop.
        let pairs = grid_pairs(2, 4);
        let mut on = vec![false; pairs.len()];
        assert!(!is_single_loop(8, &pairs, &on));
        for (k, &(a, b)) in pairs.iter().enumerate() {
            on[k] = [
                (0, 1),
                (4, 5),
                (0, 4),
                (1, 5),
                (2, 3),
                (6, 7),
                (2, 6),
                (3, 7),
            ]
            .contains(&(a, b));
        }
        assert!(!is_single_loop(8, &pairs, &on));
    }
}
