//! Tetrominoes inside rooms: every placement of four orthogonally connected cells of a room,
//! and each placement's shape up to rotation and reflection (L, I, T, S; the square O is left
//! out, since a LITS shading never has a 2×2 block).

use serde::Serialize;
use wellposed_engine::rooms::neighbours;

/// The four shapes a LITS room may hold.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, PartialOrd, Ord, Hash)]
pub enum Shape {
    L,
    I,
    T,
    S,
}

pub const SHAPES: [Shape; 4] = [Shape::L, Shape::I, Shape::T, Shape::S];

impl Shape {
    pub fn index(self) -> usize {
        self as usize
    }

    pub fn letter(self) -> char {
        ['L', 'I', 'T', 'S'][self.index()]
    }
}

/// The shape of four cells of a grid of `cols` columns: `None` unless they are a connected
/// tetromino other than the square.
pub fn shape_of(cells: &[usize], cols: usize) -> Option<Shape> {
    if cells.len() != 4 {
        return None;
    }
    let rc: Vec<(usize, usize)> = cells.iter().map(|&k| (k / cols, k % cols)).collect();
    let touching =
        |a: (usize, usize), b: (usize, usize)| a.0.abs_diff(b.0) + a.1.abs_diff(b.1) == 1;
    let degree: Vec<usize> = rc
        .iter()
        .map(|&a| rc.iter().filter(|&&b| touching(a, b)).count())
        .collect();
    let edges: usize = degree.iter().sum::<usize>() / 2;
    // Four cells and at least three adjacencies among them, with no cycle but the square's:
    // connected exactly when the adjacencies join them (checked by a walk).
    let mut seen = [true, false, false, false];
    for _ in 0..3 {
        for i in 0..4 {
            if seen[i] {
                for j in 0..4 {
                    if touching(rc[i], rc[j]) {
                        seen[j] = true;
                    }
                }
            }
        }
    }
    if seen.contains(&false) || edges == 4 {
        return None; // not connected, or the square
    }
    let (r0, r1) = (rc.iter().map(|x| x.0).min()?, rc.iter().map(|x| x.0).max()?);
    let (c0, c1) = (rc.iter().map(|x| x.1).min()?, rc.iter().map(|x| x.1).max()?);
    let (h, w) = (r1 - r0 + 1, c1 - c0 + 1);
    if h == 4 || w == 4 {
        return Some(Shape::I);
    }
    if degree.contains(&3) {
        return Some(Shape::T);
    }
    // L or S, in a 2×3 or 3×2 box: the L has a full line of three along the long side.
    let full_line = if w == 3 {
        (r0..=r1).any(|r| rc.iter().filter(|x| x.0 == r).count() == 3)
    } else {
        (c0..=c1).any(|c| rc.iter().filter(|x| x.1 == c).count() == 3)
    };
    Some(if full_line { Shape::L } else { Shape::S })
}

/// Every placement of a tetromino (not the square) inside `room` (its cells), each as its four
/// cells in increasing order with its shape, in a fixed order.
pub fn placements(
    rows: usize,
    cols: usize,
    room: &[usize],
    in_room: &[bool],
) -> Vec<([usize; 4], Shape)> {
    // Grow connected sets from each cell, keeping only those whose smallest cell is the start,
    // so each set is found from one start (and deduplicated there).
    let mut out = std::collections::BTreeSet::new();
    for &start in room {
        let mut sets: Vec<Vec<usize>> = vec![vec![start]];
        for _ in 0..3 {
            let mut next = Vec::new();
            for set in &sets {
                for &k in set {
                    for j in neighbours(rows, cols, k) {
                        if in_room[j] && j > start && !set.contains(&j) {
                            let mut s = set.clone();
                            s.push(j);
                            s.sort_unstable();
                            next.push(s);
                        }
                    }
                }
            }
            next.sort_unstable();
            next.dedup();
            sets = next;
        }
        for s in sets {
            if let Some(shape) = shape_of(&s, cols) {
                out.insert(([s[0], s[1], s[2], s[3]], shape));
            }
        }
    }
    out.into_iter().collect()
}
