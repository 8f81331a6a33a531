//! The generator's local check: can the cells near one cell be filled in another way while
//! every other cell keeps its digit and every run keeps its sum? A depth-first search that
//! stops at a second fill. An ambiguous Kakuro fill is almost always ambiguous locally
//! (digits swapped around a small cycle of runs), so the generator settles these windows
//! cheaply before it asks the engine about the whole board; the engine's proof still decides.

/// The runs of a layout (inner cells, row-major; black cells belong to none).
pub struct Runs {
    /// Each run's cells.
    pub cells: Vec<Vec<usize>>,
    /// Each white cell's across and down run (`NONE` for a black cell).
    pub of: Vec<[usize; 2]>,
}

/// No run: a black cell's entry in [`Runs::of`].
pub const NONE: usize = usize::MAX;

/// Search nodes after which the search gives up on a window (long runs make wide windows;
/// the engine's check over the whole board covers what is left).
const NODES: usize = 1_500;

impl Runs {
    pub fn new(rows: usize, cols: usize, black: &[bool]) -> Runs {
        let mut cells = Vec::new();
        let mut of = vec![[NONE; 2]; rows * cols];
        for (dir, lines, span) in [(0, rows, cols), (1, cols, rows)] {
            for line in 0..lines {
                let at = |i: usize| {
                    if dir == 0 {
                        line * cols + i
                    } else {
                        i * cols + line
                    }
                };
                let mut i = 0;
                while i < span {
                    if black[at(i)] {
                        i += 1;
                        continue;
                    }
                    let mut run = Vec::new();
                    while i < span && !black[at(i)] {
                        of[at(i)][dir] = cells.len();
                        run.push(at(i));
                        i += 1;
                    }
                    cells.push(run);
                }
            }
        }
        Runs { cells, of }
    }

    /// White cell k, the other cells of its two runs, then the cells of every run crossing
    /// those (the smallest window that holds a swap of digits around four cells).
    pub fn window(&self, k: usize) -> Vec<usize> {
        let mut out = vec![k];
        let add = |out: &mut Vec<usize>, run: usize| {
            for &c in &self.cells[run] {
                if !out.contains(&c) {
                    out.push(c);
                }
            }
        };
        for r in self.of[k] {
            add(&mut out, r);
        }
        let near = out.len();
        for i in 0..near {
            for r in self.of[out[i]] {
                add(&mut out, r);
            }
        }
        out
    }

    /// The fills of `window` (the other cells as `digits` has them, every run's sum as
    /// `digits` makes it): 0, 1, or 2 for two or more; `None` when the search gave up.
    pub fn fills(&self, digits: &[u8], window: &[usize]) -> Option<usize> {
        let mut s = Search {
            runs: self,
            left: vec![0; self.cells.len()],
            open: vec![0; self.cells.len()],
            used: vec![0; self.cells.len()],
            window,
            found: 0,
            nodes: 0,
        };
        let mut touched: Vec<usize> = window.iter().flat_map(|&k| self.of[k]).collect();
        touched.sort_unstable();
        touched.dedup();
        for &r in &touched {
            s.left[r] = self.cells[r].iter().map(|&c| i32::from(digits[c])).sum();
            s.open[r] = self.cells[r].len();
            for &c in &self.cells[r] {
                if !window.contains(&c) {
                    s.left[r] -= i32::from(digits[c]);
                    s.open[r] -= 1;
                    s.used[r] |= 1 << digits[c];
                }
            }
        }
        s.go(0);
        (s.nodes <= NODES || s.found >= 2).then_some(s.found)
    }
}

struct Search<'a> {
    runs: &'a Runs,
    /// Per run: what its open cells must still add up to, how many are open, digits used.
    left: Vec<i32>,
    open: Vec<usize>,
    used: Vec<u16>,
    window: &'a [usize],
    found: usize,
    nodes: usize,
}

impl Search<'_> {
    /// Whether run r can still take digit d in one of its open cells: the rest of its sum
    /// within reach of the fewest and the most its other open cells can add up to.
    fn fits(&self, r: usize, d: u8) -> bool {
        let left = self.left[r] - i32::from(d);
        let u = self.open[r] as i32 - 1;
        if u == 0 {
            return left == 0;
        }
        left >= u * (u + 1) / 2 && left <= u * (19 - u) / 2
    }

    fn go(&mut self, i: usize) {
        if self.found >= 2 || self.nodes > NODES {
            return;
        }
        self.nodes += 1;
        let Some(&k) = self.window.get(i) else {
            self.found += 1;
            return;
        };
        let [a, b] = self.runs.of[k];
        for d in 1..=9u8 {
            let bit = 1 << d;
            if (self.used[a] | self.used[b]) & bit != 0 || !self.fits(a, d) || !self.fits(b, d) {
                continue;
            }
            for r in [a, b] {
                self.left[r] -= i32::from(d);
                self.open[r] -= 1;
                self.used[r] |= bit;
            }
            self.go(i + 1);
            for r in [a, b] {
                self.left[r] += i32::from(d);
                self.open[r] += 1;
                self.used[r] &= !bit;
            }
        }
    }
}
