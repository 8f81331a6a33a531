//! The rule checker for fleets with bent ships, from the cells alone: the ships are the groups
//! of ship cells joined side by side; no two touch at a corner; each is one of the fleet's
//! shapes turned or flipped, as many of each as the fleet says; the counts; the hints, each
//! cell's piece read off its four neighbours.

use crate::shapes::{numbers_of, Offsets, Shape};
use crate::{Battleships, Hint};

/// The groups of ship cells joined side by side, each sorted, in the order of their first cell.
fn groups(b: &Battleships, ship: &[bool]) -> Vec<Vec<usize>> {
    let w = b.cols;
    let mut group = vec![usize::MAX; ship.len()];
    let mut out: Vec<Vec<usize>> = Vec::new();
    for start in 0..ship.len() {
        if !ship[start] || group[start] != usize::MAX {
            continue;
        }
        let id = out.len();
        group[start] = id;
        let mut cells = vec![start];
        let mut i = 0;
        while i < cells.len() {
            let k = cells[i];
            i += 1;
            let (r, c) = (k / w, k % w);
            let mut next = Vec::with_capacity(4);
            if r > 0 {
                next.push(k - w);
            }
            if r + 1 < b.rows {
                next.push(k + w);
            }
            if c > 0 {
                next.push(k - 1);
            }
            if c + 1 < w {
                next.push(k + 1);
            }
            for n in next {
                if ship[n] && group[n] == usize::MAX {
                    group[n] = id;
                    cells.push(n);
                }
            }
        }
        cells.sort_unstable();
        out.push(cells);
    }
    out
}

/// A group's shape, up to turning and flipping.
fn canonical(cells: &[usize], cols: usize) -> Offsets {
    let r0 = cells.iter().map(|k| k / cols).min().unwrap_or(0);
    let c0 = cells.iter().map(|k| k % cols).min().unwrap_or(0);
    let h = cells.iter().map(|k| k / cols).max().unwrap_or(0) + 1 - r0;
    let w = cells.iter().map(|k| k % cols).max().unwrap_or(0) + 1 - c0;
    let mut s = Shape {
        w,
        h,
        cells: vec![false; w * h],
    };
    for k in cells {
        s.cells[(k / cols - r0) * w + (k % cols - c0)] = true;
    }
    s.canonical()
}

pub(crate) fn check(b: &Battleships, ship: &[bool]) -> Result<(), String> {
    let w = b.cols;
    let groups = groups(b, ship);
    let mut group_of = vec![usize::MAX; ship.len()];
    for (g, cells) in groups.iter().enumerate() {
        for &k in cells {
            group_of[k] = g;
        }
    }
    // Two ships meeting at a corner: diagonal neighbours in different groups.
    for r in 0..b.rows.saturating_sub(1) {
        for c in 0..w {
            let k = r * w + c;
            if !ship[k] {
                continue;
            }
            let below = [(c > 0).then(|| k + w - 1), (c + 1 < w).then(|| k + w + 1)];
            if below
                .into_iter()
                .flatten()
                .any(|d| ship[d] && group_of[d] != group_of[k])
            {
                return Err(format!(
                    "ships touch diagonally at row {} col {}",
                    r + 1,
                    c + 1
                ));
            }
        }
    }
    // The fleet's shapes, up to turning and flipping, and how many of each.
    let mut wanted: Vec<(Offsets, usize, String)> = Vec::new();
    let kinds = b
        .fleet
        .iter()
        .map(|&(len, n)| (Shape::straight_ship(len), n))
        .chain(b.shapes.iter().cloned());
    for (shape, n) in kinds {
        let canon = shape.canonical();
        match wanted.iter_mut().find(|e| e.0 == canon) {
            Some(e) => e.1 += n,
            None => wanted.push((canon, n, shape.text())),
        }
    }
    let mut have = vec![0usize; wanted.len()];
    for cells in &groups {
        let canon = canonical(cells, w);
        match wanted.iter().position(|e| e.0 == canon) {
            Some(i) => have[i] += 1,
            None => {
                return Err(format!(
                    "the ship at row {} col {} is not one of the fleet's shapes",
                    cells[0] / w + 1,
                    cells[0] % w + 1
                ))
            }
        }
    }
    for ((_, want, text), have) in wanted.iter().zip(&have) {
        if want != have {
            return Err(format!(
                "{have} ships of the shape `{text}`, the fleet has {want}"
            ));
        }
    }
    for r in 0..b.rows {
        let n = (0..w).filter(|&c| ship[r * w + c]).count();
        if b.row_counts[r].is_some_and(|x| x != n) {
            return Err(format!("row {} has {n} ship cells", r + 1));
        }
    }
    for c in 0..w {
        let n = (0..b.rows).filter(|&r| ship[r * w + c]).count();
        if b.col_counts[c].is_some_and(|x| x != n) {
            return Err(format!("column {} has {n} ship cells", c + 1));
        }
    }
    let pieces = pieces(b, ship);
    for &(h, r, c) in &b.hints {
        let piece = pieces[r * w + c];
        let ok = match h {
            Hint::Water => piece == '.',
            Hint::Ship => piece != '.',
            _ => piece == h.letter(),
        };
        if !ok {
            return Err(format!(
                "the hint `{}` at row {} col {} shows `{piece}`",
                h.letter(),
                r + 1,
                c + 1
            ));
        }
    }
    Ok(())
}

/// Each cell's piece letter, read off its four neighbours (`.` water).
pub(crate) fn pieces(b: &Battleships, ship: &[bool]) -> Vec<char> {
    let mut out = vec!['.'; ship.len()];
    for cells in groups(b, ship) {
        for (&k, n) in cells.iter().zip(numbers_of(&cells, b.cols)) {
            out[k] = Hint::from_number(n).map_or('s', Hint::letter);
        }
    }
    out
}
