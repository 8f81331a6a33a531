//! The Kakuro generator.
//!
//! 1. Layout: random black cells inside the board (the outer clue row and column are black),
//!    symmetric under a half turn; then, until nothing changes, every white cell in a run of
//!    one (across or down) turns black, and a run longer than `--max-run` gets a black cell
//!    inside it (each change with its mirror cell, so the symmetry stays).
//! 2. Fill: a random digit in every white cell, distinct in every run (a depth-first search in
//!    random digit order, restarted when it wanders).
//! 3. Sums from the fill, on every run. While the puzzle has another solution (the engine
//!    decides), the fill changes where that solution differs: one such cell takes another
//!    digit its runs allow, and the sums are taken again — a local search that takes a change
//!    back when it leaves more cells open than before. When a cell has no other digit, or the
//!    search has walked long without a unique fill, the layout changes instead: that cell
//!    turns black (with its mirror cell and step 1's clean-up; runs only split, so the rest of
//!    the fill stays distinct).
//! 4. Minimal: every sum whose run keeps the fill unique without it is taken away, one pass in
//!    random order (one incremental solver, each sum's clauses switched by a clue). Taking a
//!    sum away only adds solutions, so a sum that was needed stays needed: no sum left can
//!    be dropped. `--all-sums` keeps them all (the usual printed style, not minimal).

use crate::encode::{digit_var, rules_cnf, sum_clauses};
use crate::{Cell, Kakuro};
use clap::{Args, FromArgMatches};
use serde_json::json;
use wellposed_engine::anyhow::{self, Result};
use wellposed_engine::sat::Choices;
use wellposed_engine::{
    uniqueness, Difficulty, Family, Generator, Made as MadeReport, Options, Request, Uniqueness,
    UniquenessOracle, Xorshift,
};
use wellposed_sat::{Lit, Var};

/// `generate kakuro`'s parameters.
#[derive(Args)]
pub struct GenerateArgs {
    /// Rows of the board inside its clue row (as puz.link counts them).
    #[arg(long, default_value_t = 9)]
    rows: usize,
    /// Columns of the board inside its clue column.
    #[arg(long, default_value_t = 9)]
    cols: usize,
    /// The share of black cells drawn at first, in percent (the clean-up adds more).
    #[arg(long, default_value_t = 25)]
    black: u64,
    /// The longest run, 2 to 9 cells.
    #[arg(long, default_value_t = 9)]
    max_run: usize,
    /// Keep every sum (not minimal).
    #[arg(long)]
    all_sums: bool,
}

/// A generated puzzle and the digits it was made from.
pub struct Made {
    pub puzzle: Kakuro,
    pub digits: Vec<u8>,
    /// How many repair steps (fill changes, layout changes) uniqueness took.
    pub repairs: usize,
}

/// The most inner cells the generator takes.
pub const MAX_GENERATED_CELLS: usize = 4_000;

/// The inner board's black cells, as the generator shapes it.
struct Layout {
    rows: usize,
    cols: usize,
    black: Vec<bool>,
}

impl Layout {
    fn mirror(&self, k: usize) -> usize {
        self.rows * self.cols - 1 - k
    }

    fn blacken(&mut self, k: usize) {
        self.black[k] = true;
        let m = self.mirror(k);
        self.black[m] = true;
    }

    /// Per cell, the length of its across and down runs (0 for black cells).
    fn run_lengths(&self) -> Vec<[usize; 2]> {
        let (m, n) = (self.rows, self.cols);
        let mut len = vec![[0; 2]; m * n];
        for (dir, lines, span) in [(0, m, n), (1, n, m)] {
            for line in 0..lines {
                let at = |i: usize| if dir == 0 { line * n + i } else { i * n + line };
                let mut i = 0;
                while i < span {
                    let start = i;
                    while i < span && !self.black[at(i)] {
                        i += 1;
                    }
                    for j in start..i {
                        len[at(j)][dir] = i - start;
                    }
                    i += 1;
                }
            }
        }
        len
    }

    /// Per cell, how it leans: each run leans towards small or large digits (at random), and a
    /// cell adds up its two runs' leanings.
    fn leanings(&self, rng: &mut Xorshift) -> Vec<i32> {
        let mut lean = vec![0; self.black.len()];
        for k in 0..self.black.len() {
            if self.black[k] {
                continue;
            }
            let starts = [
                k % self.cols == 0 || self.black[k - 1],
                k < self.cols || self.black[k - self.cols],
            ];
            for (dir, &start) in starts.iter().enumerate() {
                if !start {
                    continue;
                }
                let way = if rng.below(2) == 0 { -1 } else { 1 };
                let step = if dir == 0 { 1 } else { self.cols };
                let mut j = k;
                loop {
                    lean[j] += way;
                    let next = j + step;
                    let edge = if dir == 0 {
                        next.is_multiple_of(self.cols)
                    } else {
                        next >= self.black.len()
                    };
                    if edge || self.black[next] {
                        break;
                    }
                    j = next;
                }
            }
        }
        lean
    }

    /// The other cells of inner cell k's across and down runs.
    fn mates(&self, k: usize) -> Vec<usize> {
        let mut out = Vec::new();
        for step in [1, self.cols] {
            for forward in [false, true] {
                let mut j = k;
                loop {
                    let next = if forward {
                        let next = j + step;
                        let edge = if step == 1 {
                            next.is_multiple_of(self.cols)
                        } else {
                            next >= self.black.len()
                        };
                        (!edge).then_some(next)
                    } else if step == 1 {
                        (!j.is_multiple_of(self.cols)).then(|| j - 1)
                    } else {
                        j.checked_sub(step)
                    };
                    match next.filter(|&x| !self.black[x]) {
                        Some(x) => {
                            out.push(x);
                            j = x;
                        }
                        None => break,
                    }
                }
            }
        }
        out
    }

    /// Step 1's clean-up: no run of one, none longer than `max_run`.
    fn clean(&mut self, max_run: usize, rng: &mut Xorshift) {
        loop {
            let len = self.run_lengths();
            let mut changed = false;
            for (k, l) in len.iter().enumerate() {
                if !self.black[k] && (l[0] == 1 || l[1] == 1) {
                    self.blacken(k);
                    changed = true;
                }
            }
            if changed {
                continue;
            }
            // A long run: the first one found gets a black cell a random way in, and the
            // lengths are taken again (a mirror cell may have split another run).
            'runs: for (k, l) in len.iter().enumerate() {
                for (dir, &span) in l.iter().enumerate() {
                    if self.black[k] || span <= max_run {
                        continue;
                    }
                    let step = if dir == 0 { 1 } else { self.cols };
                    let (r, c) = (k / self.cols, k % self.cols);
                    let first = if dir == 0 {
                        c == 0 || self.black[k - 1]
                    } else {
                        r == 0 || self.black[k - step]
                    };
                    if !first {
                        continue;
                    }
                    // Both pieces keep at least two cells where the run allows it.
                    let lo = 2.min(span - 1);
                    let hi = (span - 3).max(lo);
                    let at = lo + rng.below((hi - lo + 1) as u64) as usize;
                    self.blacken(k + at * step);
                    changed = true;
                    break 'runs;
                }
            }
            if !changed {
                return;
            }
        }
    }

    /// The drawn board (clue row and column added) with `digits` (inner, row-major; 0 for
    /// black) summed onto every run.
    fn board(&self, digits: &[u8]) -> (Kakuro, Vec<u8>) {
        let (rows, cols) = (self.rows + 1, self.cols + 1);
        let mut cells = vec![Cell::BLACK; rows * cols];
        let mut all = vec![0u8; rows * cols];
        for (k, &d) in digits.iter().enumerate() {
            let drawn = (k / self.cols + 1) * cols + k % self.cols + 1;
            if !self.black[k] {
                cells[drawn] = Cell::White;
                all[drawn] = d;
            }
        }
        let mut p = Kakuro::new(rows, cols, cells);
        for run in p.runs() {
            if let Some(clue) = run.clue {
                let total: u32 = run.cells.iter().map(|&k| u32::from(all[k])).sum();
                p.set_clue(clue, run.across, Some(total as u8));
            }
        }
        (p, all)
    }
}

/// Orders digits for a cell that leans `lean` (−2 to 2: towards small or large digits), the
/// preferred last, with some noise: runs of small or of large digits have sums with few
/// combinations, which makes a fill far likelier to be the only one.
fn order(options: &mut [u8], lean: i32, rng: &mut Xorshift) {
    let mut keyed: Vec<(i64, u8)> = options
        .iter()
        .map(|&d| (i64::from(lean) * i64::from(d) * 4 + rng.below(12) as i64, d))
        .collect();
    keyed.sort_unstable();
    for (o, (_, d)) in options.iter_mut().zip(keyed) {
        *o = d;
    }
}

/// Step 2: distinct digits in every run, or `None` when the search gave up.
fn random_fill(l: &Layout, lean: &[i32], rng: &mut Xorshift) -> Option<Vec<u8>> {
    let (m, n) = (l.rows, l.cols);
    let whites: Vec<usize> = (0..m * n).filter(|&k| !l.black[k]).collect();
    // The cells before each white cell in its runs (those filled earlier in row-major order).
    let before: Vec<Vec<usize>> = whites
        .iter()
        .map(|&k| {
            let mut out = Vec::new();
            let mut j = k;
            while j % n > 0 && !l.black[j - 1] {
                j -= 1;
                out.push(j);
            }
            let mut j = k;
            while j >= n && !l.black[j - n] {
                j -= n;
                out.push(j);
            }
            out
        })
        .collect();
    for _attempt in 0..50 {
        let mut digits = vec![0u8; m * n];
        // Per depth, the digits still to try there.
        let mut todo: Vec<Vec<u8>> = Vec::with_capacity(whites.len());
        let mut nodes = 0;
        let mut depth = 0;
        let mut fresh = true;
        while depth < whites.len() {
            nodes += 1;
            if nodes > 200_000 {
                break;
            }
            let k = whites[depth];
            if fresh {
                let used = before[depth].iter().fold(0u16, |a, &j| a | 1 << digits[j]);
                let mut options: Vec<u8> = (1..=9).filter(|&d| used & 1 << d == 0).collect();
                order(&mut options, lean[k], rng);
                todo.push(options);
            }
            match todo[depth].pop() {
                Some(d) => {
                    digits[k] = d;
                    depth += 1;
                    fresh = true;
                }
                None => {
                    digits[k] = 0;
                    todo.pop();
                    if depth == 0 {
                        return None;
                    }
                    depth -= 1;
                    fresh = false;
                }
            }
        }
        if depth == whites.len() {
            return Some(digits);
        }
    }
    None
}

/// A minimal, unique Kakuro of `rows`×`cols` inner cells.
pub fn generate(
    rows: usize,
    cols: usize,
    black: u64,
    max_run: usize,
    all_sums: bool,
    seed: u64,
    opts: &Options,
) -> Result<Made, String> {
    let n = rows.saturating_mul(cols);
    if rows < 2 || cols < 2 || n > MAX_GENERATED_CELLS {
        return Err(format!(
            "expected 2×2 to {MAX_GENERATED_CELLS} inner cells, found {rows}×{cols}"
        ));
    }
    if black > 60 {
        return Err(format!("--black: expected 0 to 60 percent, found {black}"));
    }
    if !(2..=9).contains(&max_run) {
        return Err(format!("--max-run: expected 2 to 9, found {max_run}"));
    }
    let mut rng = Xorshift(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1);
    for _ in 0..100 {
        let mut l = Layout {
            rows,
            cols,
            black: vec![false; n],
        };
        for k in 0..n / 2 + n % 2 {
            if rng.below(100) < black {
                l.blacken(k);
            }
        }
        l.clean(max_run, &mut rng);
        let mut lean = l.leanings(&mut rng);
        let Some(mut digits) = random_fill(&l, &lean, &mut rng) else {
            continue;
        };
        let mut repairs = 0;
        // The last fill kept, with the cells where another solution differs from it.
        let mut kept: Option<(Vec<u8>, Vec<usize>)> = None;
        let made = loop {
            if l.black.iter().filter(|&&b| !b).count() < 4 || repairs > 40 * n {
                break None;
            }
            let (p, all) = l.board(&digits);
            let other = match uniqueness(&p, opts).map_err(|e| e.to_string())? {
                Uniqueness::Unique(_) => break Some((p, all)),
                Uniqueness::None => {
                    return Err("internal error: the planted fill is no solution".into())
                }
                Uniqueness::Multiple(a, b) => {
                    let fill = |s: &wellposed_engine::Solved| {
                        s.solution::<crate::Fill>()
                            .expect("a Kakuro fill")
                            .digits
                            .clone()
                    };
                    let (a, b) = (fill(&a), fill(&b));
                    if a != all {
                        a
                    } else {
                        b
                    }
                }
            };
            repairs += 1;
            let inner = |k: usize| (k / p.cols - 1) * cols + k % p.cols - 1;
            let mut differs: Vec<usize> = (0..all.len())
                .filter(|&k| all[k] != other[k])
                .map(inner)
                .collect();
            // A change that left more cells open than the fill before it is taken back.
            match &kept {
                Some((before, open)) if differs.len() > open.len() => {
                    digits.clone_from(before);
                    differs.clone_from(open);
                }
                _ => kept = Some((digits.clone(), differs.clone())),
            }
            let k = differs[rng.below(differs.len() as u64) as usize];
            let used = l.mates(k).iter().fold(0u16, |a, &j| a | 1 << digits[j]);
            let options: Vec<u8> = (1..=9)
                .filter(|&d| used & 1 << d == 0 && d != digits[k])
                .collect();
            if options.is_empty() || repairs % (8 * differs.len() + 60) == 0 {
                // The fill cannot move here: the layout does (the cell turns black).
                l.blacken(k);
                l.clean(max_run, &mut rng);
                for (d, &black) in digits.iter_mut().zip(&l.black) {
                    if black {
                        *d = 0;
                    }
                }
                kept = None;
                lean = l.leanings(&mut rng);
                continue;
            }
            // An extreme digit (the smallest or largest its runs allow, as the cell leans)
            // blocks the swaps that keep every sum, which is what leaves a fill ambiguous.
            let high = match lean[k] {
                l if l > 0 => rng.below(4) != 0,
                l if l < 0 => rng.below(4) == 0,
                _ => rng.below(2) == 0,
            };
            let pick = if high { options.len() - 1 } else { 0 };
            digits[k] = options[pick];
        };
        let Some((mut p, all)) = made else { continue };
        if !all_sums {
            minimise(&mut p, &all, &mut rng, opts)?;
        }
        return Ok(Made {
            puzzle: p,
            digits: all,
            repairs,
        });
    }
    Err("no layout made a unique puzzle in 100 tries".into())
}

/// Step 4: takes away every sum the fill stays unique without.
fn minimise(
    p: &mut Kakuro,
    digits: &[u8],
    rng: &mut Xorshift,
    opts: &Options,
) -> Result<(), String> {
    let (mut rules, run_cells, _) = rules_cnf(p, Choices::default());
    let runs = p.runs();
    let summed: Vec<usize> = (0..runs.len()).filter(|&i| runs[i].sum.is_some()).collect();
    let clues: Vec<Vec<Vec<Lit>>> = summed
        .iter()
        .map(|&i| {
            sum_clauses(
                &mut rules,
                &run_cells[i],
                u32::from(runs[i].sum.expect("summed")),
            )
        })
        .collect();
    let planted: Vec<(Var, bool)> = p
        .whites()
        .iter()
        .enumerate()
        .flat_map(|(w, &k)| (1..=9).map(move |d| (Var(digit_var(w, d)), digits[k] == d)))
        .collect();
    let mut oracle =
        UniquenessOracle::new(&rules, &clues, &planted, opts).map_err(|e| e.to_string())?;
    let mut active = vec![true; clues.len()];
    if !oracle.unique(&active) {
        return Err("internal error: the full sums do not make the fill unique".into());
    }
    let mut order: Vec<usize> = (0..clues.len()).collect();
    rng.shuffle(&mut order);
    for i in order {
        active[i] = false;
        if !oracle.unique(&active) {
            active[i] = true;
        }
    }
    for (i, &r) in summed.iter().enumerate() {
        if !active[i] {
            let run = &runs[r];
            p.set_clue(run.clue.expect("a summed run"), run.across, None);
        }
    }
    Ok(())
}

/// Minimal sums for a random symmetric layout; `--difficulty` grades by the shared deduction
/// engine.
pub const GENERATOR: Generator = Generator {
    args: || GenerateArgs::augment_args(clap::Command::new(Kakuro::NAME)),
    difficulty: Difficulty::Graded,
    make,
};

fn make(m: &clap::ArgMatches, req: &Request) -> Result<MadeReport> {
    let a = GenerateArgs::from_arg_matches(m)?;
    let s = req.seed;
    let g = generate(
        a.rows,
        a.cols,
        a.black,
        a.max_run,
        a.all_sums,
        s,
        req.options,
    )
    .map_err(anyhow::Error::msg)?;
    g.puzzle
        .check(&g.digits)
        .map_err(|e| anyhow::anyhow!("internal error: the planted fill breaks a rule: {e}"))?;
    let runs = g.puzzle.runs();
    let sums = runs.iter().filter(|r| r.sum.is_some()).count();
    let puzzle = g.puzzle.to_text();
    let kind = if a.all_sums { "every sum" } else { "minimal" };
    Ok(MadeReport {
        text: format!(
            "# seed {s}: {sums} sums on {} runs ({kind}), {} repair steps\n{}",
            runs.len(),
            g.repairs,
            puzzle.trim_end()
        ),
        json: json!({
            "seed": s, "sums": sums, "runs": runs.len(), "puzzle": puzzle,
            "url": g.puzzle.url(),
            "solution": g.puzzle.render(&g.puzzle.fill(g.digits.clone())),
        }),
        puzzle,
    })
}
