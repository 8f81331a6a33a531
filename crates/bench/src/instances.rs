//! Generators for the raw benchmark and test instances in `encodings/raw/`. The files are
//! committed; `wellposed-bench gen DIR` writes them again.

use std::collections::BTreeSet;
use std::fmt::Write;

/// n-queens as DIMACS: variable 8r+c+1 = queen at (r, c); exactly one per rank and file, at
/// most one per diagonal, all pairwise, so there are no auxiliary variables.
pub fn queens_cnf(n: usize) -> String {
    let var = |r: usize, c: usize| (r * n + c + 1) as i64;
    let mut clauses: Vec<Vec<i64>> = Vec::new();
    let mut lines: Vec<Vec<(usize, usize)>> = Vec::new();
    for k in 0..n {
        lines.push((0..n).map(|c| (k, c)).collect());
        lines.push((0..n).map(|r| (r, k)).collect());
    }
    for d in 0..2 * n - 1 {
        lines.push(
            (0..n)
                .flat_map(|r| (0..n).map(move |c| (r, c)))
                .filter(|&(r, c)| r + c == d)
                .collect(),
        );
        lines.push(
            (0..n)
                .flat_map(|r| (0..n).map(move |c| (r, c)))
                .filter(|&(r, c)| r + n - 1 - c == d)
                .collect(),
        );
    }
    for (k, line) in lines.iter().enumerate() {
        if k < 2 * n {
            clauses.push(line.iter().map(|&(r, c)| var(r, c)).collect());
        }
        for (i, &a) in line.iter().enumerate() {
            for &b in &line[i + 1..] {
                clauses.push(vec![-var(a.0, a.1), -var(b.0, b.1)]);
            }
        }
    }
    dimacs(
        &format!("{n}-queens: variable {n}*row+col+1 (0-based) is a queen"),
        n * n,
        &clauses,
    )
}

/// The pigeonhole formula: `p` pigeons in `h` holes, unsatisfiable when p > h.
pub fn pigeonhole_cnf(p: usize, h: usize) -> String {
    let var = |i: usize, j: usize| (i * h + j + 1) as i64;
    let mut clauses: Vec<Vec<i64>> = (0..p)
        .map(|i| (0..h).map(|j| var(i, j)).collect())
        .collect();
    for j in 0..h {
        for a in 0..p {
            for b in a + 1..p {
                clauses.push(vec![-var(a, j), -var(b, j)]);
            }
        }
    }
    dimacs(
        &format!("pigeonhole: {p} pigeons, {h} holes"),
        p * h,
        &clauses,
    )
}

/// DIMACS text: a comment line, the header, one clause per line.
fn dimacs(comment: &str, vars: usize, clauses: &[Vec<i64>]) -> String {
    let mut s = format!("c {comment}\np cnf {vars} {}\n", clauses.len());
    for c in clauses {
        for l in c {
            write!(s, "{l} ").unwrap();
        }
        s.push_str("0\n");
    }
    s
}

/// n-queens as exact cover: ranks and files primary, diagonals secondary.
pub fn queens_dlx(n: usize) -> String {
    let mut s = format!("| {n}-queens: ranks r, files c primary; diagonals a, b secondary\n");
    let prim: Vec<String> = (0..n)
        .map(|i| format!("r{i}"))
        .chain((0..n).map(|i| format!("c{i}")))
        .collect();
    let sec: Vec<String> = (0..2 * n - 1)
        .map(|d| format!("a{d}"))
        .chain((0..2 * n - 1).map(|d| format!("b{d}")))
        .collect();
    writeln!(s, "{} | {}", prim.join(" "), sec.join(" ")).unwrap();
    for r in 0..n {
        for c in 0..n {
            writeln!(s, "r{r} c{c} a{} b{}", r + c, r + n - 1 - c).unwrap();
        }
    }
    s
}

/// The twelve pentominoes in Conway's letters, as cells (row, column).
const PENTOMINOES: [(char, [(i32, i32); 5]); 12] = [
    ('F', [(0, 1), (0, 2), (1, 0), (1, 1), (2, 1)]),
    ('I', [(0, 0), (1, 0), (2, 0), (3, 0), (4, 0)]),
    ('L', [(0, 0), (1, 0), (2, 0), (3, 0), (3, 1)]),
    ('N', [(0, 1), (1, 1), (2, 1), (2, 0), (3, 0)]),
    ('P', [(0, 0), (0, 1), (1, 0), (1, 1), (2, 0)]),
    ('T', [(0, 0), (0, 1), (0, 2), (1, 1), (2, 1)]),
    ('U', [(0, 0), (0, 2), (1, 0), (1, 1), (1, 2)]),
    ('V', [(0, 0), (1, 0), (2, 0), (2, 1), (2, 2)]),
    ('W', [(0, 0), (1, 0), (1, 1), (2, 1), (2, 2)]),
    ('X', [(0, 1), (1, 0), (1, 1), (1, 2), (2, 1)]),
    ('Y', [(0, 1), (1, 0), (1, 1), (2, 1), (3, 1)]),
    ('Z', [(0, 0), (0, 1), (1, 1), (2, 1), (2, 2)]),
];

/// The distinct orientations (rotations and reflections) of a piece, normalised.
pub fn orientations(cells: &[(i32, i32)]) -> Vec<Vec<(i32, i32)>> {
    let mut out = BTreeSet::new();
    let mut cur: Vec<(i32, i32)> = cells.to_vec();
    for reflect in 0..2 {
        for _ in 0..4 {
            cur = cur.iter().map(|&(r, c)| (c, -r)).collect();
            let mut v: Vec<(i32, i32)> = cur.clone();
            let (mr, mc) = (
                v.iter().map(|p| p.0).min().unwrap(),
                v.iter().map(|p| p.1).min().unwrap(),
            );
            v = v.iter().map(|&(r, c)| (r - mr, c - mc)).collect();
            v.sort_unstable();
            out.insert(v);
        }
        if reflect == 0 {
            cur = cur.iter().map(|&(r, c)| (r, -c)).collect();
        }
    }
    out.into_iter().collect()
}

/// Pentominoes filling a `rows`×`cols` board (60 cells): pieces and cells primary.
pub fn pentomino_dlx(rows: i32, cols: i32) -> String {
    let mut s = format!(
        "| the twelve pentominoes on a {rows}x{cols} board: every placement, all orientations\n"
    );
    let mut items: Vec<String> = PENTOMINOES.iter().map(|p| p.0.to_string()).collect();
    for r in 0..rows {
        for c in 0..cols {
            items.push(format!("{r}.{c}"));
        }
    }
    writeln!(s, "{}", items.join(" ")).unwrap();
    for (name, cells) in PENTOMINOES {
        for o in orientations(&cells) {
            for dr in 0..rows {
                for dc in 0..cols {
                    if o.iter().all(|&(r, c)| r + dr < rows && c + dc < cols) {
                        let place: Vec<String> = o
                            .iter()
                            .map(|&(r, c)| format!("{}.{}", r + dr, c + dc))
                            .collect();
                        writeln!(s, "{name} {}", place.join(" ")).unwrap();
                    }
                }
            }
        }
    }
    s
}

/// Domino tilings of an h×w board as exact cover (`wellposed_xc::instances::dominoes`), as text.
pub fn domino_dlx(h: usize, w: usize) -> String {
    let mut out = Vec::new();
    let comment = format!("domino tilings of {h}×{w}: cells primary, one option per domino");
    wellposed_xc::write_dlx(
        &mut out,
        &wellposed_xc::instances::dominoes(h, w),
        &[comment],
    )
    .expect("writing to memory");
    String::from_utf8(out).expect("item names are ASCII")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pentominoes_have_63_orientations() {
        let total: usize = PENTOMINOES.iter().map(|p| orientations(&p.1).len()).sum();
        assert_eq!(total, 63);
    }
}
