//! The batch's solver: candidates kept per cell and narrowed as digits are placed (a placed
//! digit leaves its row, column and box), every forced move made before any guess — naked
//! singles (a cell with one candidate), hidden singles (a digit with one place in a unit) and
//! locked candidates (a digit whose places in a box lie in one row or column leaves the rest of
//! that line, and the other way round) — then a guess on the cell with fewest candidates, each
//! level of the search on its own copy of the candidates.
//!
//! It answers the same question as [`crate::solver`] (none, one, or more than one solution,
//! and the first) with far fewer nodes on hard puzzles: [`crate::solver`] makes one forced
//! move per node and rescans the grid each time, which is right for the generator (whose
//! guess counts and seeded grids rest on it) but slow on the lists of puzzles built to defeat
//! backtracking. Exact either way: every deduction here holds in every solution, and the tests
//! hold it against dancing links, SAT and [`crate::solver`].

use crate::Shape;

/// What the search needs of a shape, built once per side and reused for every puzzle.
pub struct Singles {
    n: usize,
    full: u32,
    /// Row-major cells of each unit: rows, columns, boxes (as [`Shape::units`]).
    units: Vec<Vec<usize>>,
    /// The other cells of each cell's row, column and box, once each.
    peers: Vec<Vec<usize>>,
    /// For each box and each line (row or column) crossing it: the line's unit index, the
    /// cells the two share, the line's cells outside the box and the box's cells outside the
    /// line (the locked-candidates rule's four parts).
    crossings: Vec<Crossing>,
    /// One search level's candidates per depth, reused from puzzle to puzzle.
    levels: Vec<Vec<u32>>,
    queue: Vec<usize>,
    /// Search nodes of the last puzzle.
    pub nodes: u64,
}

struct Crossing {
    shared: Vec<usize>,
    line_rest: Vec<usize>,
    box_rest: Vec<usize>,
}

/// The answer to one puzzle: how many solutions up to the `stop` asked, and the first.
#[derive(Debug, PartialEq, Eq)]
pub struct Found {
    pub count: u64,
    pub first: Option<Vec<u8>>,
}

impl Singles {
    pub fn new(shape: &Shape) -> Singles {
        let n = shape.n;
        let peers = (0..n * n)
            .map(|k| (0..n * n).filter(|&j| shape.sees(k, j)).collect())
            .collect();
        let mut crossings = Vec::new();
        for b in 0..n {
            let bx = &shape.units[2 * n + b];
            for line in 0..2 * n {
                let cells = &shape.units[line];
                let shared: Vec<usize> = cells.iter().copied().filter(|k| bx.contains(k)).collect();
                // A line that meets the box in every cell or none has nothing to lock.
                if shared.is_empty() || shared.len() == n {
                    continue;
                }
                crossings.push(Crossing {
                    line_rest: cells.iter().copied().filter(|k| !bx.contains(k)).collect(),
                    box_rest: bx.iter().copied().filter(|k| !cells.contains(k)).collect(),
                    shared,
                });
            }
        }
        Singles {
            n,
            full: shape.full,
            units: shape.units.clone(),
            peers,
            crossings,
            levels: Vec::new(),
            queue: Vec::new(),
            nodes: 0,
        }
    }

    /// The side it solves.
    pub fn side(&self) -> usize {
        self.n
    }

    /// Solves `givens` (row-major, `None` or 0 for an open cell), counting solutions up to
    /// `stop`.
    pub fn solve(&mut self, givens: &[Option<u8>], stop: u64) -> Found {
        let cells = self.n * self.n;
        assert_eq!(givens.len(), cells, "givens of another side");
        self.nodes = 0;
        let mut found = Found {
            count: 0,
            first: None,
        };
        if stop == 0 {
            return found;
        }
        if self.levels.is_empty() {
            self.levels.push(vec![0; cells]);
        }
        self.levels[0].fill(self.full);
        self.queue.clear();
        let mut ok = true;
        for (k, g) in givens.iter().enumerate() {
            if let Some(d) = g.filter(|&d| d != 0) {
                ok &= self.place(0, k, bit(d));
            }
        }
        if ok {
            self.search(0, stop, &mut found);
        }
        found
    }

    /// Narrows cell `k` at `depth` to the one digit `b` (a bit) and queues it for
    /// propagation; false if `b` is no longer a candidate there.
    fn place(&mut self, depth: usize, k: usize, b: u32) -> bool {
        let c = &mut self.levels[depth][k];
        if *c & b == 0 {
            return false;
        }
        *c = b;
        self.queue.push(k);
        true
    }

    /// Makes every forced move at `depth`: false on a contradiction.
    fn propagate(&mut self, depth: usize) -> bool {
        loop {
            // Placed digits leave their peers; a peer left with one digit is placed too.
            while let Some(k) = self.queue.pop() {
                let level = &mut self.levels[depth];
                let b = level[k];
                for &p in &self.peers[k] {
                    let cand = &mut level[p];
                    if *cand & b == 0 {
                        continue;
                    }
                    *cand &= !b;
                    match cand.count_ones() {
                        0 => return false,
                        1 => self.queue.push(p),
                        _ => {}
                    }
                }
            }
            match self.hidden_singles(depth) {
                Err(()) => return false,
                Ok(true) => continue,
                Ok(false) => {}
            }
            match self.locked(depth) {
                Err(()) => return false,
                Ok(true) => continue,
                Ok(false) => return true,
            }
        }
    }

    /// Places every digit with one place left in some unit; `Err` when a digit has none (or
    /// one cell is the only place of two digits). Ok(true) when something was placed.
    fn hidden_singles(&mut self, depth: usize) -> Result<bool, ()> {
        let mut placed = false;
        let level = &mut self.levels[depth];
        for unit in &self.units {
            let (mut once, mut twice) = (0u32, 0u32);
            for &k in unit {
                let c = level[k];
                twice |= once & c;
                once |= c;
            }
            if once != self.full {
                return Err(());
            }
            let mut single = once & !twice;
            while single != 0 {
                let b = single & single.wrapping_neg();
                single &= single - 1;
                let k = unit
                    .iter()
                    .copied()
                    .find(|&k| level[k] & b != 0)
                    .expect("the digit's one place");
                let c = level[k];
                if c == b {
                    continue; // already placed (or queued)
                }
                if c & single != 0 {
                    // Another digit with its one place in the same cell: not both.
                    return Err(());
                }
                level[k] = b;
                self.queue.push(k);
                placed = true;
            }
        }
        Ok(placed)
    }

    /// Locked candidates: a digit whose places in a box all lie on one line leaves the rest
    /// of the line, and one whose places on a line all lie in one box leaves the rest of the
    /// box. Ok(true) when a candidate was removed; `Err` when that empties a cell.
    fn locked(&mut self, depth: usize) -> Result<bool, ()> {
        let cand = &mut self.levels[depth];
        let mut changed = false;
        for x in &self.crossings {
            let union = |cells: &[usize], cand: &[u32]| cells.iter().fold(0, |m, &k| m | cand[k]);
            let shared = union(&x.shared, cand);
            let line_rest = union(&x.line_rest, cand);
            let box_rest = union(&x.box_rest, cand);
            // In the box only on this line: off the rest of the line; on the line only in this
            // box: off the rest of the box. Placed digits drop out of both on their own.
            for (strike, cells) in [
                (shared & !box_rest & line_rest, &x.line_rest),
                (shared & !line_rest & box_rest, &x.box_rest),
            ] {
                if strike == 0 {
                    continue;
                }
                for &k in cells.iter() {
                    if cand[k] & strike != 0 {
                        cand[k] &= !strike;
                        match cand[k].count_ones() {
                            0 => return Err(()),
                            1 => self.queue.push(k),
                            _ => {}
                        }
                        changed = true;
                    }
                }
            }
        }
        Ok(changed)
    }

    /// Propagates at `depth`, then guesses on the open cell with fewest candidates, each
    /// digit on a copy at `depth + 1`. False when the count reached `stop`.
    fn search(&mut self, depth: usize, stop: u64, found: &mut Found) -> bool {
        self.nodes += 1;
        if !self.propagate(depth) {
            self.queue.clear();
            return true;
        }
        let cand = &self.levels[depth];
        let mut best: Option<(usize, u32)> = None;
        for (k, &c) in cand.iter().enumerate() {
            let m = c.count_ones();
            if m > 1 && best.is_none_or(|(_, b)| m < b) {
                best = Some((k, m));
                if m == 2 {
                    break;
                }
            }
        }
        let Some((k, _)) = best else {
            found.count += 1;
            if found.first.is_none() {
                found.first = Some(cand.iter().map(|c| c.trailing_zeros() as u8 + 1).collect());
            }
            return found.count < stop;
        };
        if self.levels.len() == depth + 1 {
            self.levels.push(vec![0; self.n * self.n]);
        }
        let mut rest = self.levels[depth][k];
        while rest != 0 {
            let b = rest & rest.wrapping_neg();
            rest &= rest - 1;
            let (done, next) = self.levels.split_at_mut(depth + 1);
            next[0].copy_from_slice(&done[depth]);
            self.place(depth + 1, k, b);
            if !self.search(depth + 1, stop, found) {
                return false;
            }
        }
        true
    }
}

fn bit(d: u8) -> u32 {
    1 << (d - 1)
}
