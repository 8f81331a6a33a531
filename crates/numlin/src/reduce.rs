//! The reduced question of uniqueness under `paths-only` ([`Numlin::no_uturns`],
//! `Family::reduced_for_uniqueness`): the clauses that leave out the solutions which a local
//! move makes smaller, and the search for a second solution beside the reduced puzzle's only
//! one.
//!
//! **Why the answer is the same.** Measure a solution by (its number of segments, the sum of
//! the indices r·cols + c of the cells on its paths), compared in that order. Each pattern
//! left out below comes with a move to another solution of smaller measure: a piece of one
//! path between two of its cells x and y is replaced by another way from x to y through cells
//! that were empty (so the new path keeps its numbers and meets no other path):
//!
//! 1. a U-turn round three sides of a 2×2 block, taken along the fourth: fewer segments;
//! 2. two neighbouring cells of one path, not joined: joined, fewer segments;
//! 3. two cells of one path in a line with only empty cells between (one or more): the path
//!    between them is longer than the straight way (the only shortest way between cells of
//!    one row or column is the straight one, which is empty), so the straight way has fewer
//!    segments;
//! 4. two cells x, y of one path on a diagonal, with an empty common neighbour m: the path
//!    between them takes 2 segments only through the other common neighbour m', else 4 or
//!    more (the grid is bipartite). So x–m–y has fewer segments, or as many and a smaller
//!    sum when m < m'. Left out: m empty and m < m'; m empty, m > m' and the path not
//!    through m' (x–m' not drawn; when it is drawn, m' has the colour and is joined to y by 2).
//!
//! "One path" is a number that appears exactly twice (its colour is one path); patterns 3 and
//! 4 are built only up to [`crate::GAP_RULES_LIMIT`] cell × colour pairs (any subset of the
//! patterns keeps the argument below: each pattern left out has its own move). The measure
//! only falls, so moving on from any solution ends in one without these patterns: the puzzle
//! has a solution exactly when the reduced one has. If the reduced puzzle has exactly one, S,
//! and the puzzle another, T: moving on from T ends in S, and the last move, read backwards,
//! takes a piece of a path of S between two of its cells and puts another way through cells
//! empty in S in its place. Those cells lie in one region of empty cells that meets that path
//! at two different cells; [`Numlin::detour`] looks for exactly that, and whatever it finds
//! is another solution. So "unique" stands exactly when it finds none.

use super::Numlin;
use wellposed_engine::sat::{Cnf, Lit, Var};

impl Numlin {
    /// No path turns back round three sides of a 2×2 block (for the reduced question only:
    /// such solutions exist, see [`Numlin::shortcut`]).
    pub(crate) fn forbid_uturns(&self, cnf: &mut Cnf, answer: &[Var]) {
        for round in self.blocks() {
            for i in 0..4 {
                let clause: Vec<Lit> = (0..3)
                    .map(|j| answer[round[(i + j) % 4]].negative())
                    .collect();
                cnf.add_clause(&clause);
            }
        }
    }

    /// A path of `on` that turns back round three sides of a 2×2 block, taken the short way
    /// along the fourth: another solution when `on` is one. Its two inner cells meet only
    /// those sides (two each, so they are no numbers), the corners keep their degrees and the
    /// path stays one path between the same numbers.
    pub fn shortcut(&self, on: &[bool]) -> Option<Vec<bool>> {
        for round in self.blocks() {
            for i in 0..4 {
                let three = [0, 1, 2].map(|j| round[(i + j) % 4]);
                if three.iter().all(|&k| on[k]) {
                    let mut out = on.to_vec();
                    for k in three {
                        out[k] = false;
                    }
                    out[round[(i + 3) % 4]] = true;
                    return Some(out);
                }
            }
        }
        None
    }

    /// Another solution beside `on` (a solution) when one path of it meets one region of
    /// empty cells (cells on no path, joined side by side) at two different cells x and y:
    /// the path from x to y is replaced by a way from x to y through that region. The new
    /// path keeps its two numbers and its other cells, and its new cells were empty, so it is
    /// a solution; it differs, since it draws segments into empty cells. Every move that
    /// replaces a piece of one path by another way through cells that were empty (a detour,
    /// a shortcut's inverse, a longer or shorter way round) is of this kind, so `None` says
    /// there is none of them.
    pub fn detour(&self, on: &[bool]) -> Option<Vec<bool>> {
        let n = self.rows * self.cols;
        let paths = self.check(on).ok()?;
        // For each cell on a path: its path and its place along it.
        let mut place = vec![None; n];
        let mut cells_of = Vec::new();
        for (i, path) in paths.iter().enumerate() {
            let cells: Vec<usize> = path
                .cells
                .iter()
                .map(|&(r, c)| (r - 1) * self.cols + c - 1)
                .collect();
            for (j, &v) in cells.iter().enumerate() {
                place[v] = Some((i, j));
            }
            cells_of.push(cells);
        }
        let segs = self.segments();
        let at = self.incident(&segs);
        let other = |v: usize, k: usize| segs[k].0 + segs[k].1 - v;
        let mut region = vec![usize::MAX; n];
        for start in 0..n {
            if place[start].is_some() || region[start] != usize::MAX {
                continue;
            }
            // One region of empty cells, breadth first; `from` leads back to `start`.
            let mut from = vec![usize::MAX; n];
            let mut order = vec![start];
            region[start] = start;
            let mut q = 0;
            // The first cell met of each path: (its place, the empty cell beside it).
            let mut met: std::collections::HashMap<usize, (usize, usize)> = Default::default();
            while q < order.len() {
                let z = order[q];
                q += 1;
                for &k in &at[z] {
                    let w = other(z, k);
                    if let Some((i, j)) = place[w] {
                        match met.get(&i) {
                            None => {
                                met.insert(i, (j, z));
                            }
                            Some(&(j0, z0)) if j0 != j => {
                                return Some(self.rerouted(
                                    on,
                                    &cells_of[i],
                                    (j0, z0),
                                    (j, z),
                                    &from,
                                ));
                            }
                            _ => {}
                        }
                    } else if region[w] == usize::MAX {
                        region[w] = start;
                        from[w] = z;
                        order.push(w);
                    }
                }
            }
        }
        None
    }

    /// `on` with the piece of `path` between places j0 and j1 replaced by a way through the
    /// empty cells z0 and z1 beside them (`from`: the breadth-first tree of their region,
    /// leading back to its first cell).
    fn rerouted(
        &self,
        on: &[bool],
        path: &[usize],
        (j0, z0): (usize, usize),
        (j1, z1): (usize, usize),
        from: &[usize],
    ) -> Vec<bool> {
        // The way z0 … z1 through the tree: up from each to their meeting point.
        let up = |mut z: usize| {
            let mut v = vec![z];
            while from[z] != usize::MAX {
                z = from[z];
                v.push(z);
            }
            v
        };
        let (a, b) = (up(z0), up(z1));
        let mut ka = a.len();
        let mut kb = b.len();
        while ka > 0 && kb > 0 && a[ka - 1] == b[kb - 1] {
            ka -= 1;
            kb -= 1;
        }
        // a[..=ka] ends at the meeting point; then b back down to z1.
        let mut way: Vec<usize> = a[..=ka].to_vec();
        way.extend(b[..kb].iter().rev());
        if j0 > j1 {
            way.reverse();
        }
        let (lo, hi) = (j0.min(j1), j0.max(j1));
        let mut out = on.to_vec();
        for w in path[lo..=hi].windows(2) {
            out[self.seg_index(w[0], w[1])] = false;
        }
        let mut walk = vec![path[lo]];
        walk.extend(way);
        walk.push(path[hi]);
        for w in walk.windows(2) {
            out[self.seg_index(w[0], w[1])] = true;
        }
        out
    }

    /// Patterns 3 and 4 of the module's documentation, for the colours in `twice` (one-hot
    /// colours `col`).
    pub(crate) fn forbid_gaps(
        &self,
        cnf: &mut Cnf,
        twice: &[bool],
        col: &[Vec<Lit>],
        used: &[Lit],
        answer: &[Var],
    ) {
        let (rows, cols) = (self.rows, self.cols);
        let colours: Vec<usize> = (0..twice.len()).filter(|&i| twice[i]).collect();
        // Pattern 3, one chain a colour and direction: gap[v] says "a cell of this colour lies
        // before v in its row (column), with one empty cell or more and nothing else between".
        // It is forced true where that holds (it may be true beside that: it only forbids).
        for (dr, dc) in [(0, 1), (1, 0)] {
            for &i in &colours {
                let mut gap: Vec<Option<Lit>> = vec![None; rows * cols];
                for r in 0..rows.saturating_sub(2 * dr) {
                    for c in 0..cols.saturating_sub(2 * dc) {
                        let x = r * cols + c;
                        let m = (r + dr) * cols + c + dc;
                        let y = (r + 2 * dr) * cols + c + 2 * dc;
                        let g = cnf.new_var().positive();
                        cnf.add_clause(&[used[m], !col[x][i], g]);
                        if let Some(before) = gap[m] {
                            cnf.add_clause(&[used[m], !before, g]);
                        }
                        cnf.add_clause(&[!g, !col[y][i]]);
                        gap[y] = Some(g);
                    }
                }
            }
        }
        // Pattern 4: x and y on a diagonal, m and m' their common neighbours.
        for r in 0..rows.saturating_sub(1) {
            for c in 0..cols {
                for right in [true, false] {
                    if (right && c + 1 >= cols) || (!right && c == 0) {
                        continue;
                    }
                    let c2 = if right { c + 1 } else { c - 1 };
                    let (x, y) = (r * cols + c, (r + 1) * cols + c2);
                    let (a, b) = (r * cols + c2, (r + 1) * cols + c);
                    let (small, large) = (a.min(b), a.max(b));
                    let via_small = [self.seg_index(x, small), self.seg_index(y, small)];
                    for &i in &colours {
                        cnf.add_clause(&[!col[x][i], !col[y][i], used[small]]);
                        for k in via_small {
                            cnf.add_clause(&[
                                !col[x][i],
                                !col[y][i],
                                used[large],
                                answer[k].positive(),
                            ]);
                        }
                    }
                }
            }
        }
    }
}
