//! The family's own solver: candidates as bit masks (bit d−1 for digit d) per row, column and
//! box, depth-first search on the cell with the fewest candidates or a digit with one place
//! left in some row, column or box (a hidden single), whichever is forced first. It answers
//! the batch mode and the generator, where one process decides thousands of puzzles, and
//! [`crate::Sudoku`]'s `native` method, which the tests hold against dancing links and SAT.

use crate::Shape;

/// The search state of one puzzle.
pub struct Solver<'s> {
    shape: &'s Shape,
    /// Row-major digits, 0 for an open cell.
    cells: Vec<u8>,
    /// Digits used per row, column and box (bit d−1).
    row: Vec<u32>,
    col: Vec<u32>,
    bx: Vec<u32>,
    /// Candidate masks of the open cells at each search depth (reused between nodes).
    scratch: Vec<u32>,
    /// Search nodes visited.
    pub nodes: u64,
    /// Nodes where the search had to guess: no cell with one candidate left and no digit
    /// with one place left in a unit, so it tried two or more digits in a cell.
    pub guesses: u64,
    /// When set, each node tries its digits in a fresh random order (the generator's grids).
    rng: Option<wellposed_engine::Xorshift>,
    /// The most nodes the search may visit; past it, it stops and [`Solver::gave_up`] holds.
    budget: u64,
    pub gave_up: bool,
}

/// What a placement of the givens found.
#[derive(Debug, PartialEq, Eq)]
pub enum Start {
    Ready,
    /// Two givens share a digit in a row, column or box.
    Clash,
}

impl<'s> Solver<'s> {
    /// A solver for `givens` (row-major, 0 or `None` for open cells, checked against `n`).
    pub fn new(shape: &'s Shape, givens: &[Option<u8>]) -> (Solver<'s>, Start) {
        let n = shape.n;
        let mut s = Solver {
            shape,
            cells: vec![0; n * n],
            row: vec![0; n],
            col: vec![0; n],
            bx: vec![0; n],
            scratch: vec![0; n * n],
            nodes: 0,
            guesses: 0,
            rng: None,
            budget: u64::MAX,
            gave_up: false,
        };
        let mut start = Start::Ready;
        for (k, g) in givens.iter().enumerate() {
            if let Some(d) = *g {
                if s.used(k) & bit(d) != 0 {
                    start = Start::Clash;
                }
                s.set(k, d);
            }
        }
        (s, start)
    }

    /// Tries digits in a random order at every node, drawn from `rng`.
    pub fn shuffled(mut self, rng: wellposed_engine::Xorshift) -> Self {
        self.rng = Some(rng);
        self
    }

    /// Stops the search after `nodes` nodes (then the count is a lower bound).
    pub fn within(mut self, nodes: u64) -> Self {
        self.budget = nodes;
        self
    }

    fn used(&self, k: usize) -> u32 {
        let (r, c, b) = self.shape.units_of(k);
        self.row[r] | self.col[c] | self.bx[b]
    }

    fn set(&mut self, k: usize, d: u8) {
        let (r, c, b) = self.shape.units_of(k);
        self.cells[k] = d;
        self.row[r] |= bit(d);
        self.col[c] |= bit(d);
        self.bx[b] |= bit(d);
    }

    fn unset(&mut self, k: usize, d: u8) {
        let (r, c, b) = self.shape.units_of(k);
        self.cells[k] = 0;
        self.row[r] &= !bit(d);
        self.col[c] &= !bit(d);
        self.bx[b] &= !bit(d);
    }

    /// Counts solutions up to `stop`, calling `found` on each (row-major digits) until it
    /// returns false.
    pub fn count(&mut self, stop: u64, found: &mut dyn FnMut(&[u8]) -> bool) -> u64 {
        let mut count = 0;
        if stop > 0 {
            self.search(stop, &mut count, found);
        }
        count
    }

    /// False when the search should stop.
    fn search(&mut self, stop: u64, count: &mut u64, found: &mut dyn FnMut(&[u8]) -> bool) -> bool {
        self.nodes += 1;
        if self.nodes > self.budget {
            self.gave_up = true;
            return false;
        }
        let n = self.shape.n;
        let full = self.shape.full;
        // The open cells' candidates; the cell with fewest.
        let mut best: Option<(usize, u32)> = None;
        let mut best_count = u32::MAX;
        for k in 0..n * n {
            if self.cells[k] != 0 {
                continue;
            }
            let cand = full & !self.used(k);
            self.scratch[k] = cand;
            let c = cand.count_ones();
            if c < best_count {
                best_count = c;
                best = Some((k, cand));
                if c == 0 {
                    return true;
                }
            }
        }
        let Some((mut cell, mut cands)) = best else {
            *count += 1;
            return found(&self.cells) && *count < stop;
        };
        if best_count > 1 {
            // A digit with no place left in a unit ends this branch; one with a single place
            // is forced there.
            match self.hidden_single() {
                Err(()) => return true,
                Ok(Some((k, d))) => {
                    cell = k;
                    cands = bit(d);
                }
                Ok(None) => {}
            }
        }
        // The candidates, lowest first or shuffled.
        let mut tries = [0u8; 32];
        let mut m = 0;
        let mut rest = cands;
        while rest != 0 {
            tries[m] = rest.trailing_zeros() as u8 + 1;
            rest &= rest - 1;
            m += 1;
        }
        if let Some(rng) = &mut self.rng {
            rng.shuffle(&mut tries[..m]);
        }
        if m > 1 {
            self.guesses += 1;
        }
        for &d in &tries[..m] {
            self.set(cell, d);
            let go_on = self.search(stop, count, found);
            self.unset(cell, d);
            if !go_on {
                return false;
            }
        }
        true
    }

    /// A digit with one place left in some unit (`Err` when a digit has none), from the
    /// candidates in `scratch`.
    fn hidden_single(&self) -> Result<Option<(usize, u8)>, ()> {
        let full = self.shape.full;
        for (u, cells) in self.shape.units.iter().enumerate() {
            let used = match u / self.shape.n {
                0 => self.row[u],
                1 => self.col[u - self.shape.n],
                _ => self.bx[u - 2 * self.shape.n],
            };
            let (mut once, mut twice) = (0u32, 0u32);
            for &k in cells {
                if self.cells[k] == 0 {
                    let c = self.scratch[k];
                    twice |= once & c;
                    once |= c;
                }
            }
            let needed = full & !used;
            if needed & !once != 0 {
                return Err(());
            }
            let single = needed & once & !twice;
            if single != 0 {
                let d = single.trailing_zeros() as u8 + 1;
                let k = cells
                    .iter()
                    .copied()
                    .find(|&k| self.cells[k] == 0 && self.scratch[k] & bit(d) != 0)
                    .expect("the digit's one place");
                return Ok(Some((k, d)));
            }
        }
        Ok(None)
    }
}

/// Digit `d`'s bit.
pub fn bit(d: u8) -> u32 {
    1 << (d - 1)
}

/// The guesses the search makes deciding that `givens` has one solution (its whole search
/// for a second one): 0 when singles alone settle it.
pub fn guesses(shape: &Shape, givens: &[Option<u8>]) -> u64 {
    let (mut s, _) = Solver::new(shape, givens);
    s.count(2, &mut |_| true);
    s.guesses
}

/// The number of solutions of `givens` up to `stop`, and the first one.
pub fn solve(shape: &Shape, givens: &[Option<u8>], stop: u64) -> (u64, Option<Vec<u8>>) {
    let (mut s, start) = Solver::new(shape, givens);
    if start == Start::Clash {
        return (0, None);
    }
    let mut first = None;
    let count = s.count(stop, &mut |cells| {
        if first.is_none() {
            first = Some(cells.to_vec());
        }
        true
    });
    (count, first)
}
