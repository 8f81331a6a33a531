//! The Kakuro generator: proper Kakuro (every run 2–9 cells, the white cells connected, about
//! a third of the inner cells black, symmetric under a half turn, every sum shown), unique by
//! proof.
//!
//! 1. Layout: from an all-white board, black cells (each with its mirror cell) are drawn at
//!    random and kept when every white cell still has an across and a down run of two or more
//!    cells and the white cells stay connected, until `--black` percent of the inner cells are
//!    black or no cell can be added; then a run longer than `--max-run` gets a black cell
//!    inside it under the same conditions.
//! 2. Fill: distinct digits in every run (a depth-first search in a random digit order that
//!    leans, run by run, towards small or large digits: those runs have sums with few
//!    combinations).
//! 3. Local repair: every run is summed from the fill, and while some cell is open (the
//!    engine's backbone: a cell whose digit differs between two solutions), the open cells are
//!    grouped (two cells in one run are in one
//!    group), and one cell of each group takes another digit its runs allow — the one whose
//!    two new sums have the fewest combinations — and the engine decides again. The fill is
//!    repaired where it is ambiguous rather than drawn anew; only when the repair walks too
//!    long does a new fill start.
//! 4. Minimal, in the Kakuro sense: every run shows its sum and nothing else is given (no run
//!    of one cell, which would be a given digit; no sum without a run). Kakuro is printed
//!    with every sum, so a clue set is minimal when it is exactly the layout's sums. With
//!    `--drop-sums`, every sum whose run keeps the fill unique without it is taken away
//!    instead (one pass in random order over one incremental solver: taking sums away only
//!    adds solutions, so no sum left can be dropped) — minimal in the usual sense, not the
//!    genre's style.

use crate::encode::{combinations, digit_var, rules_cnf, sum_clauses};
use crate::local::Runs;
use crate::{Cell, Kakuro};
use clap::{Args, FromArgMatches};
use serde_json::json;
use wellposed_engine::anyhow::{self, Result};
use wellposed_engine::sat::Choices;
use wellposed_engine::{
    uniqueness, Difficulty, Family, Generator, GridSize, Made as MadeReport, Options, Request,
    Uniqueness, UniquenessOracle, Xorshift,
};
use wellposed_sat::{Lit, Var};

/// `generate kakuro`'s parameters.
#[derive(Args)]
pub struct GenerateArgs {
    #[command(flatten)]
    size: GridSize,
    /// The share of black inner cells to reach, in percent (10 to 45; published Kakuro have
    /// 25–35). Splitting runs longer than `--max-run` may add a few more.
    #[arg(long, default_value_t = 30)]
    black: u64,
    /// The longest run, 2 to 9 cells.
    #[arg(long, default_value_t = 9)]
    max_run: usize,
    /// Take away every sum the fill stays unique without (minimal in the usual sense; the
    /// genre prints every sum, which is the default).
    #[arg(long)]
    drop_sums: bool,
}

/// A generated puzzle and the digits it was made from.
pub struct Made {
    pub puzzle: Kakuro,
    pub digits: Vec<u8>,
    /// How many times the engine found cells open and the fill was repaired.
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

    /// Colours cell k and its mirror cell.
    fn set(&mut self, k: usize, black: bool) {
        self.black[k] = black;
        let m = self.mirror(k);
        self.black[m] = black;
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
                k.is_multiple_of(self.cols) || self.black[k - 1],
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

    /// Every white cell has an across and a down run of two or more cells, and the white cells
    /// are connected (and there are some).
    fn valid(&self) -> bool {
        let len = self.run_lengths();
        if len
            .iter()
            .zip(&self.black)
            .any(|(l, &b)| !b && (l[0] < 2 || l[1] < 2))
        {
            return false;
        }
        let white: Vec<bool> = self.black.iter().map(|&b| !b).collect();
        wellposed_engine::rooms::components(self.rows, self.cols, &white).len() == 1
    }

    /// Step 1: a random valid layout, or `None` when a long run could not be split.
    fn random(
        rows: usize,
        cols: usize,
        black: u64,
        max_run: usize,
        rng: &mut Xorshift,
    ) -> Option<Layout> {
        let n = rows * cols;
        let mut l = Layout {
            rows,
            cols,
            black: vec![false; n],
        };
        let target = n * black as usize / 100;
        let mut count = 0;
        let mut cells: Vec<usize> = (0..n).collect();
        // Passes over the cells in random order until the share is reached or a whole pass
        // adds nothing (each cell added keeps the layout valid, so no later repair is needed).
        loop {
            rng.shuffle(&mut cells);
            let mut added = false;
            for &k in &cells {
                if count >= target {
                    break;
                }
                if l.black[k] {
                    continue;
                }
                l.set(k, true);
                if l.valid() {
                    added = true;
                    count = l.black.iter().filter(|&&b| b).count();
                } else {
                    l.set(k, false);
                }
            }
            if !added || count >= target {
                break;
            }
        }
        // Long runs: the first found gets a black cell somewhere inside that keeps the layout
        // valid; the lengths are then taken again (the mirror cell may split another run).
        loop {
            let len = l.run_lengths();
            let long = (0..n).find_map(|k| {
                let dir = (0..2).find(|&d| !l.black[k] && len[k][d] > max_run && l.starts(k, d))?;
                Some((k, dir))
            });
            let Some((k, dir)) = long else {
                return Some(l);
            };
            let step = if dir == 0 { 1 } else { cols };
            let mut inside: Vec<usize> = (1..len[k][dir] - 1).map(|i| k + i * step).collect();
            rng.shuffle(&mut inside);
            let split = inside.into_iter().any(|j| {
                l.set(j, true);
                let ok = l.valid();
                if !ok {
                    l.set(j, false);
                }
                ok
            });
            if !split {
                return None;
            }
        }
    }

    /// Whether white cell k starts its across (`dir` 0) or down (1) run.
    fn starts(&self, k: usize, dir: usize) -> bool {
        if dir == 0 {
            k.is_multiple_of(self.cols) || self.black[k - 1]
        } else {
            k < self.cols || self.black[k - self.cols]
        }
    }

    /// The cells of inner white cell k's across run and of its down run, k included.
    fn lines(&self, k: usize) -> [Vec<usize>; 2] {
        let mut out = [vec![k], vec![k]];
        for (dir, step) in [1, self.cols].into_iter().enumerate() {
            let mut j = k;
            while !self.starts(j, dir) {
                j -= step;
                out[dir].push(j);
            }
            let mut j = k;
            loop {
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
                out[dir].push(j);
            }
        }
        out
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

/// How many combinations the run over `cells` would have with cell k holding `d` (the others
/// as `digits` has them).
fn combos_with(cells: &[usize], digits: &[u8], k: usize, d: u8) -> usize {
    let sum: u32 = cells
        .iter()
        .map(|&j| u32::from(if j == k { d } else { digits[j] }))
        .sum();
    combinations(cells.len(), sum).len()
}

/// Step 3's change to cell k: the digit its runs allow that leaves the window around k with
/// one fill (see [`Runs::fills`]), among those the one whose two new sums have the fewest
/// combinations (ties broken by the cell's leaning and at random). `false` when the cell can
/// take no other digit, or (with `settled_only`) none that leaves its window one fill.
fn repair_cell(
    l: &Layout,
    runs: &Runs,
    digits: &mut [u8],
    lean: &[i32],
    k: usize,
    settled_only: bool,
    rng: &mut Xorshift,
) -> bool {
    let [across, down] = l.lines(k);
    let used = across
        .iter()
        .chain(&down)
        .filter(|&&j| j != k)
        .fold(0u16, |a, &j| a | 1 << digits[j]);
    let window = runs.window(k);
    let was = digits[k];
    let mut best: Option<((bool, usize, i64), u8)> = None;
    for d in (1..=9u8).filter(|&d| used & 1 << d == 0 && d != was) {
        digits[k] = d;
        let settled = runs.fills(digits, &window) == Some(1);
        let combos = combos_with(&across, digits, k, d) + combos_with(&down, digits, k, d);
        let leaning = match lean[k].signum() {
            1 => 9 - i64::from(d),
            -1 => i64::from(d),
            _ => 0,
        };
        let key = (!settled, combos, leaning + rng.below(6) as i64);
        if best.is_none_or(|(b, _)| key < b) {
            best = Some((key, d));
        }
    }
    match best {
        Some(((unsettled, _, _), d)) if !(settled_only && unsettled) => {
            digits[k] = d;
            true
        }
        _ => {
            digits[k] = was;
            false
        }
    }
}

/// Repairs the white cells of `todo` whose window has another fill (where a digit settles
/// it), and then the cells near each cell repaired (their windows changed), until none is left
/// or the work grows past two checks a cell: the cheap part of step 3, before the engine
/// decides.
fn settle(
    runs: &Runs,
    layout: &Layout,
    digits: &mut [u8],
    lean: &[i32],
    mut todo: Vec<usize>,
    rng: &mut Xorshift,
) {
    let mut queued = vec![false; digits.len()];
    for &k in &todo {
        queued[k] = true;
    }
    rng.shuffle(&mut todo);
    let mut budget = 2 * digits.len();
    let mut head = 0;
    while head < todo.len() && budget > 0 {
        let k = todo[head];
        head += 1;
        queued[k] = false;
        budget -= 1;
        let window = runs.window(k);
        if runs.fills(digits, &window).is_some_and(|f| f > 1)
            && repair_cell(layout, runs, digits, lean, k, true, rng)
        {
            for c in window {
                if !queued[c] {
                    queued[c] = true;
                    todo.push(c);
                }
            }
        }
    }
}

/// A unique Kakuro of `rows`×`cols` inner cells with every sum shown (with `drop_sums`, only
/// the sums it needs).
pub fn generate(
    rows: usize,
    cols: usize,
    black: u64,
    max_run: usize,
    drop_sums: bool,
    seed: u64,
    opts: &Options,
) -> Result<Made, String> {
    let n = rows.saturating_mul(cols);
    if rows < 2 || cols < 2 || n > MAX_GENERATED_CELLS {
        return Err(format!(
            "expected 2×2 to {MAX_GENERATED_CELLS} inner cells, found {rows}×{cols}"
        ));
    }
    if !(10..=45).contains(&black) {
        return Err(format!("--black: expected 10 to 45 percent, found {black}"));
    }
    if !(2..=9).contains(&max_run) {
        return Err(format!("--max-run: expected 2 to 9, found {max_run}"));
    }
    let mut rng = Xorshift(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1);
    let mut repairs = 0;
    for _ in 0..100 {
        let Some(l) = Layout::random(rows, cols, black, max_run, &mut rng) else {
            continue;
        };
        let whites = l.black.iter().filter(|&&b| !b).count();
        let lean = l.leanings(&mut rng);
        let Some(mut digits) = random_fill(&l, &lean, &mut rng) else {
            continue;
        };
        let runs = Runs::new(rows, cols, &l.black);
        let mut changed: Vec<usize> = (0..n).filter(|&k| !l.black[k]).collect();
        let mut made = None;
        // Rounds of repair before a new layout and fill: a round kills the solution found (a
        // changed cell changes its runs' sums), and the windows settled before it leave few
        // ambiguities, so a good start ends in a few rounds; a start still open after a few
        // dozen usually holds an ambiguity the changes do not break, and a new one is cheaper.
        for _round in 0..20 + whites / 8 {
            settle(&runs, &l, &mut digits, &lean, changed, &mut rng);
            changed = Vec::new();
            let (p, all) = l.board(&digits);
            let other = match uniqueness(&p, opts).map_err(|e| e.to_string())? {
                Uniqueness::Unique(_) => {
                    made = Some((p, all));
                    break;
                }
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
            let mut open = vec![false; n];
            for k in (0..all.len()).filter(|&k| all[k] != other[k]) {
                open[(k / p.cols - 1) * cols + k % p.cols - 1] = true;
            }
            // Groups of open cells joined through the runs they share: each group is one
            // ambiguity (digits swapped around a cycle of runs), and one changed cell breaks it.
            let mut seen = vec![false; n];
            for start in 0..n {
                if !open[start] || seen[start] {
                    continue;
                }
                let mut group = vec![start];
                seen[start] = true;
                let mut i = 0;
                while i < group.len() {
                    let [a, d] = l.lines(group[i]);
                    for j in a.into_iter().chain(d) {
                        if open[j] && !seen[j] {
                            seen[j] = true;
                            group.push(j);
                        }
                    }
                    i += 1;
                }
                // One change a group, and one more for every further six cells of it (a wide
                // group is several ambiguities joined), never two in one run.
                rng.shuffle(&mut group);
                let mut want = 1 + group.len() / 6;
                let mut touched: Vec<usize> = Vec::new();
                for k in group {
                    if want == 0 {
                        break;
                    }
                    if runs.of[k].iter().any(|r| touched.contains(r)) {
                        continue;
                    }
                    if repair_cell(&l, &runs, &mut digits, &lean, k, false, &mut rng) {
                        changed.extend(runs.window(k));
                        touched.extend(runs.of[k]);
                        want -= 1;
                    }
                }
            }
        }
        let Some((mut p, all)) = made else { continue };
        if drop_sums {
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

/// Proper Kakuro from random symmetric layouts; `--difficulty` grades by the shared deduction
/// engine.
pub const GENERATOR: Generator = Generator {
    // The size counts the white-or-black cells inside the clue row and column, as puz.link
    // does: a 9×9 board is printed with 10 rows and columns.
    args: || {
        GridSize::command::<GenerateArgs>(Kakuro::NAME, 9)
            .mut_arg("cols", |a| {
                a.help("Columns inside the clue column (and rows, unless --rows is given)")
            })
            .mut_arg("rows", |a| {
                a.help("Rows inside the clue row (and columns, unless --cols is given)")
            })
    },
    difficulty: Difficulty::Graded,
    make,
};

fn make(m: &clap::ArgMatches, req: &Request) -> Result<MadeReport> {
    let a = GenerateArgs::from_arg_matches(m)?;
    let s = req.seed;
    let (rows, cols) = a.size.rows_cols();
    let g = generate(rows, cols, a.black, a.max_run, a.drop_sums, s, req.options)
        .map_err(anyhow::Error::msg)?;
    g.puzzle
        .check(&g.digits)
        .map_err(|e| anyhow::anyhow!("internal error: the planted fill breaks a rule: {e}"))?;
    let runs = g.puzzle.runs();
    let sums = runs.iter().filter(|r| r.sum.is_some()).count();
    let inner = (g.puzzle.rows - 1) * (g.puzzle.cols - 1);
    let blacks = inner - g.puzzle.whites().len();
    let puzzle = g.puzzle.to_text();
    let kind = if a.drop_sums {
        "only the sums needed"
    } else {
        "every sum"
    };
    Ok(MadeReport {
        text: format!(
            "# seed {s}: {sums} sums on {} runs ({kind}), {blacks} of {inner} inner cells black, {} repairs\n{}",
            runs.len(),
            g.repairs,
            puzzle.trim_end()
        ),
        json: json!({
            "seed": s, "sums": sums, "runs": runs.len(), "black": blacks, "puzzle": puzzle,
            "url": g.puzzle.url(),
            "solution": g.puzzle.render(&g.puzzle.fill(g.digits.clone())),
        }),
        puzzle,
    })
}
