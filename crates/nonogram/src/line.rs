//! One line's clue as an automaton, and the line solver built on it.
//!
//! The cells of a line with runs r₁ … r_k spell a word of the language 0* 1^r₁ 0+ 1^r₂ … 1^r_k
//! 0*. Its automaton has one state per letter of the shortest such word framed by zeros,
//! `0 1^r₁ 0 1^r₂ 0 … 1^r_k 0`: a `0` state loops on 0 (a gap of any length), a `1` state
//! moves on (a run has exactly its length). After i cells the automaton is in exactly one
//! state, so the CNF encoding ([`crate::Nonogram::cnf`]) gets one variable per (position, state) that
//! the cells determine, and the line solver finds every placement at once by reachability.

/// The automaton of one clue.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Clue {
    pub runs: Vec<usize>,
    /// `ones[j]`: state j is inside a run (it is entered by reading a 1).
    ones: Vec<bool>,
}

impl Clue {
    pub fn new(runs: &[usize]) -> Clue {
        let mut ones = vec![false];
        for &r in runs {
            ones.extend(std::iter::repeat_n(true, r));
            ones.push(false);
        }
        Clue {
            runs: runs.to_vec(),
            ones,
        }
    }

    /// The number of states.
    pub fn states(&self) -> usize {
        self.ones.len()
    }

    /// Whether state j is inside a run.
    pub fn is_run(&self, j: usize) -> bool {
        self.ones[j]
    }

    /// The fewest cells the clue needs (runs plus one gap between each two).
    pub fn min_len(&self) -> usize {
        self.runs.iter().sum::<usize>() + self.runs.len().saturating_sub(1)
    }

    /// The state after reading `b` in state `j`, if the clue allows it.
    #[inline]
    pub fn next(&self, j: usize, b: bool) -> Option<usize> {
        let n = self.ones.len();
        if !self.ones[j] && !b {
            Some(j)
        } else if j + 1 < n && self.ones[j + 1] == b {
            Some(j + 1)
        } else {
            None
        }
    }

    /// Whether a line may end in state j: after the last run, or in the gap behind it.
    pub fn accepting(&self, j: usize) -> bool {
        let n = self.ones.len();
        j + 1 == n || (n >= 2 && j + 2 == n)
    }

    /// Cells still needed from state j to an accepting state.
    pub fn still_needed(&self, j: usize) -> usize {
        self.ones.len().saturating_sub(2).saturating_sub(j)
    }

    /// Whether state j can occur after i of a line's n cells: every state past the first
    /// consumes a cell, and enough cells must be left to finish the runs.
    pub fn live(&self, n: usize, i: usize, j: usize) -> bool {
        j <= i && i <= n && self.still_needed(j) <= n - i
    }

    /// The number of (i, j) pairs that are [`Clue::live`] on a line of n cells: the state
    /// variables of its automaton encoding. Counted without listing them.
    pub fn live_states(&self, n: usize) -> usize {
        (0..self.states())
            .map(|j| (n + 1).saturating_sub(j + self.still_needed(j)))
            .sum()
    }
}

/// What a cell may still be: bit 0 = white (0), bit 1 = black (1).
pub type Options = u8;
pub const WHITE: Options = 1;
pub const BLACK: Options = 2;
pub const EITHER: Options = 3;

/// Reusable space for [`settle`]: a line solver that runs millions of times must not allocate.
#[derive(Default)]
pub struct Scratch {
    /// `white_before[i]`: cells in 0..i that cannot be black (known white).
    white_before: Vec<u32>,
    /// `fwd[j * (n + 1) + i]`: cells 0..i can hold runs 0..j exactly (see [`settle`]).
    fwd: Vec<bool>,
    /// `bwd[j * (n + 1) + i]`: cells i..n can hold runs j..k exactly.
    bwd: Vec<bool>,
    /// Per run count j, the positions lo..=hi where the reading can be on a placement.
    window: Vec<(usize, usize)>,
    /// Difference array of the black ranges of the placements that fit.
    black: Vec<i32>,
    white: Vec<bool>,
}

/// Line solving: given what each cell may still be, writes to `out` what each may be in some
/// placement of the runs that respects them (each a subset of the input); false when no
/// placement fits.
///
/// A dynamic programme over (runs placed, cells read) instead of the automaton's (cells read,
/// state): O(k·n) steps for k runs in n cells, where the automaton needs O(n·Σrunsizes). A run
/// j fits at start s when no known-white cell lies in s..s+r (one subtraction of prefix counts)
/// and the cell after it can be white (the gap, consumed with the run). Forward reachability
/// meets backward; a cell may be white if a gap step or a run's gap covers it on a path from
/// start to end, black if a fitting run on such a path covers it (a difference array marks the
/// ranges in O(1) each).
///
/// Lines of at most [`MAX_BITS_LINE`] cells go to [`settle_bits`], the same programme over bit
/// sets; longer ones take the programme cell by cell.
pub fn settle(runs: &[usize], cells: &[Options], s: &mut Scratch, out: &mut Vec<Options>) -> bool {
    if cells.len() > MAX_BITS_LINE {
        return settle_by_cells(runs, cells, s, out);
    }
    let (mut white, mut black) = (0u128, 0u128);
    for (i, &c) in cells.iter().enumerate() {
        white |= u128::from(c & WHITE != 0) << i;
        black |= u128::from(c & BLACK != 0) << i;
    }
    out.clear();
    let Some((white, black)) = settle_bits(runs, cells.len(), white, black) else {
        return false;
    };
    out.extend((0..cells.len()).map(|i| {
        (if white >> i & 1 != 0 { WHITE } else { 0 })
            | (if black >> i & 1 != 0 { BLACK } else { 0 })
    }));
    true
}

/// The longest line [`settle_bits`] takes: its positions 0..=n must fit in a `u128`.
pub const MAX_BITS_LINE: usize = 127;

/// [`settle`]'s programme over bit sets, for a line of `n` ≤ [`MAX_BITS_LINE`] cells: bit i of
/// `can_white` / `can_black` says whether cell i may be white / black. Returns the cells that
/// may be white and those that may be black in some placement that fits, or `None`.
///
/// A set of reading positions 0..=n is a `u128`, one per count of runs placed. The positions
/// reachable through gap steps from a set S (step i → i+1 where cell i may be white) are
/// S | ((S & W) + W) ^ W: adding a start's bit to a block of W's ones carries through the
/// block and flips exactly the positions the steps reach. The starts where run j fits are the
/// positions with r cells that may be black (r-fold AND of shifts, by doubling) and a
/// possible gap or the line's end after them. Backward reachability fills leftwards by
/// doubling steps (1, 2, 4, …). A run of r cells: O(log r) word operations, a line of k runs
/// O(k log n) against the programme's O(k · slack) cell steps.
pub fn settle_bits(
    runs: &[usize],
    n: usize,
    can_white: u128,
    can_black: u128,
) -> Option<(u128, u128)> {
    assert!(
        n <= MAX_BITS_LINE,
        "a line of {n} cells is past settle_bits"
    );
    let k = runs.len();
    let need = runs.iter().sum::<usize>() + k.saturating_sub(1);
    if need > n {
        return None;
    }
    let cells: u128 = (1 << n) - 1;
    let end: u128 = 1 << n;
    let w = can_white & cells;
    let b = can_black & cells;
    // Where run j may start: r cells that may be black, then a gap or the end.
    let fits = |r: usize| all_set_from(b, r) & ((w | end) >> r);
    // Forward: fwd[j], the positions reachable with runs 0..j placed; fit[j], where run j
    // fits, for the backward pass too. At most 64 runs fit in 127 cells.
    let mut fwd = [0u128; MAX_BITS_LINE / 2 + 2];
    let mut fit = [0u128; MAX_BITS_LINE / 2 + 1];
    fwd[0] = reach_right(1, w);
    for (j, &r) in runs.iter().enumerate() {
        fit[j] = fits(r);
        let starts = fwd[j] & fit[j];
        // A run ending at the line's end consumes no gap.
        let at_end = end >> r;
        let entered = shl(starts & !at_end, r + 1) | if starts & at_end != 0 { end } else { 0 };
        fwd[j + 1] = reach_right(entered, w);
    }
    if fwd[k] & end == 0 {
        return None;
    }
    // Backward, level by level from the end, collecting what the placements on both sides
    // of each level give the cells.
    let (mut white, mut black) = (0u128, 0u128);
    let mut bwd = reach_left(end, w, n);
    white |= fwd[k] & w & (bwd >> 1);
    for (j, &r) in runs.iter().enumerate().rev() {
        let at_end = end >> r;
        let onward = shr(bwd, r + 1) | if bwd & end != 0 { at_end } else { 0 };
        let starts = fit[j] & onward;
        bwd = reach_left(starts, w, n);
        let used = fwd[j] & starts;
        black |= spread(used, r);
        white |= shl(used, r) & cells;
        white |= fwd[j] & w & (bwd >> 1);
    }
    ((white | black) & cells == cells).then_some((white, black))
}

/// `x << s`, zero once s reaches the width.
fn shl(x: u128, s: usize) -> u128 {
    x.checked_shl(s as u32).unwrap_or(0)
}

/// `x >> s`, zero once s reaches the width.
fn shr(x: u128, s: usize) -> u128 {
    x.checked_shr(s as u32).unwrap_or(0)
}

/// The positions i with bits i..i+r all set in `x` (every position for r = 0).
fn all_set_from(x: u128, r: usize) -> u128 {
    if r == 0 {
        return !0;
    }
    let (mut all, mut len) = (x, 1);
    while 2 * len <= r {
        all &= all >> len;
        len *= 2;
    }
    if len < r {
        all &= all >> (r - len);
    }
    all
}

/// Bits i..i+r for every bit i of `starts` (r ≥ 1 cells from each start).
fn spread(starts: u128, r: usize) -> u128 {
    let (mut cover, mut len) = (starts, 1);
    while 2 * len <= r {
        cover |= cover << len;
        len *= 2;
    }
    if len < r {
        cover |= cover << (r - len);
    }
    cover
}

/// `from` and every position reached from it by steps i → i+1 where bit i of `steps` is set.
fn reach_right(from: u128, steps: u128) -> u128 {
    from | ((from & steps).wrapping_add(steps) ^ steps)
}

/// `from` and every position reached from it by steps i+1 → i where bit i of `steps` is set,
/// in a line of `n` cells: doubling, after the round of step s every distance below 2s.
fn reach_left(from: u128, steps: u128, n: usize) -> u128 {
    let (mut reached, mut chain, mut step) = (from, steps, 1);
    while step <= n {
        reached |= (reached >> step) & chain;
        chain &= chain >> step;
        step *= 2;
    }
    reached
}

/// [`settle`] cell by cell, for lines of any length.
fn settle_by_cells(
    runs: &[usize],
    cells: &[Options],
    s: &mut Scratch,
    out: &mut Vec<Options>,
) -> bool {
    let n = cells.len();
    let k = runs.len();
    let need = runs.iter().sum::<usize>() + k.saturating_sub(1);
    out.clear();
    if need > n {
        return false;
    }
    let can_white = |i: usize| cells[i] & WHITE != 0;
    s.white_before.clear();
    s.white_before.push(0);
    let mut w = 0u32;
    for &c in cells {
        w += u32::from(c & BLACK == 0);
        s.white_before.push(w);
    }
    let wb = &s.white_before;
    // Run j at start i: inside the line, no known white under it, a possible gap after it.
    let fits = |j: usize, i: usize| {
        let e = i + runs[j];
        e <= n && wb[e] == wb[i] && (e == n || can_white(e))
    };
    // Where a run placed at i leaves the reading: after its gap, or at the line's end.
    let after = |j: usize, i: usize| (i + runs[j] + 1).min(n);
    let m = n + 1;
    // Runs 0..j need `Σ (r + 1)` cells before run j can start, and runs j.. need `suffix`
    // cells after: only the window lo(j)..=hi(j) of positions can lie on a placement, and
    // the slack of a full line is small, so the passes below visit few positions.
    // (For j = k nothing follows: `suffix` is 0, not `need - Σ (r + 1)`, which is −1.)
    s.window.clear();
    let mut before = 0usize;
    s.window.push((0, n - need));
    for (j, &r) in runs.iter().enumerate() {
        before += r + 1;
        let suffix = if j + 1 == k { 0 } else { need - before };
        s.window.push((before.min(n), n - suffix));
    }
    let window = &s.window;
    s.fwd.clear();
    s.fwd.resize((k + 1) * m, false);
    s.fwd[0] = true;
    for (j, &(lo, hi)) in window.iter().enumerate() {
        for i in lo..=hi {
            if !s.fwd[j * m + i] {
                continue;
            }
            if i < n && can_white(i) {
                s.fwd[j * m + i + 1] = true;
            }
            if j < k && fits(j, i) {
                s.fwd[(j + 1) * m + after(j, i)] = true;
            }
        }
    }
    if !s.fwd[k * m + n] {
        return false;
    }
    s.bwd.clear();
    s.bwd.resize((k + 1) * m, false);
    s.bwd[k * m + n] = true;
    for j in (0..=k).rev() {
        let (lo, hi) = window[j];
        for i in (lo..hi.min(n.saturating_sub(1)) + 1).rev() {
            if i >= n {
                continue;
            }
            let gap = can_white(i) && s.bwd[j * m + i + 1];
            let run = j < k && fits(j, i) && s.bwd[(j + 1) * m + after(j, i)];
            s.bwd[j * m + i] = gap || run;
        }
    }
    s.black.clear();
    s.black.resize(n + 1, 0);
    s.white.clear();
    s.white.resize(n, false);
    for j in 0..=k {
        let (lo, hi) = window[j];
        for i in lo..=hi.min(n.saturating_sub(1)) {
            if i >= n || !s.fwd[j * m + i] {
                continue;
            }
            if can_white(i) && s.bwd[j * m + i + 1] {
                s.white[i] = true;
            }
            if j < k && fits(j, i) && s.bwd[(j + 1) * m + after(j, i)] {
                let e = i + runs[j];
                s.black[i] += 1;
                s.black[e] -= 1;
                if e < n {
                    s.white[e] = true;
                }
            }
        }
    }
    let mut covered = 0;
    for ((&cell, &black), &white) in cells.iter().zip(&s.black).zip(&s.white) {
        covered += black;
        let o = (if white { WHITE } else { 0 }) | (if covered > 0 { BLACK } else { 0 });
        out.push(o & cell);
    }
    out.iter().all(|&o| o != 0)
}

/// Line solving (see [`settle`]) with fresh buffers: what each cell may be, `None` when no
/// placement fits.
pub fn solve(clue: &Clue, cells: &[Options]) -> Option<Vec<Options>> {
    let mut out = Vec::with_capacity(cells.len());
    settle(&clue.runs, cells, &mut Scratch::default(), &mut out).then_some(out)
}

/// The runs of a line of cells.
pub fn runs_of(cells: impl IntoIterator<Item = bool>) -> Vec<usize> {
    let mut runs = Vec::new();
    let mut current = 0;
    for c in cells {
        if c {
            current += 1;
        } else if current > 0 {
            runs.push(current);
            current = 0;
        }
    }
    if current > 0 {
        runs.push(current);
    }
    runs
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The line solver as first written, over the automaton: forward reachability of (cells read,
    /// state) meets backward reachability of the end. Kept as the independent check of [`settle`].
    fn solve_by_automaton(clue: &Clue, cells: &[Options]) -> Option<Vec<Options>> {
        let scratch = &mut Vec::new();
        let n = cells.len();
        let s = clue.states();
        if clue.min_len() > n {
            return None;
        }
        scratch.clear();
        scratch.resize(2 * (n + 1) * s, false);
        let (fwd, bwd) = scratch.split_at_mut((n + 1) * s);
        fwd[0] = true;
        for i in 0..n {
            for j in 0..s {
                if !fwd[i * s + j] {
                    continue;
                }
                for (b, bit) in [(false, WHITE), (true, BLACK)] {
                    if cells[i] & bit != 0 {
                        if let Some(k) = clue.next(j, b) {
                            fwd[(i + 1) * s + k] = true;
                        }
                    }
                }
            }
        }
        for j in 0..s {
            bwd[n * s + j] = clue.accepting(j);
        }
        let mut out = vec![0u8; n];
        for i in (0..n).rev() {
            for j in 0..s {
                for (b, bit) in [(false, WHITE), (true, BLACK)] {
                    if cells[i] & bit == 0 {
                        continue;
                    }
                    if let Some(k) = clue.next(j, b) {
                        if bwd[(i + 1) * s + k] {
                            bwd[i * s + j] = true;
                            if fwd[i * s + j] {
                                out[i] |= bit;
                            }
                        }
                    }
                }
            }
        }
        (bwd[0] && out.iter().all(|&o| o != 0)).then_some(out)
    }

    /// Every line of length n, as cells.
    fn all_lines(n: usize) -> impl Iterator<Item = Vec<bool>> {
        (0u32..1 << n).map(move |m| (0..n).map(|i| m >> i & 1 == 1).collect())
    }

    #[test]
    fn the_automaton_accepts_exactly_the_lines_with_its_runs() {
        for n in 0..=9 {
            for line in all_lines(n) {
                let runs = runs_of(line.iter().copied());
                for clue_runs in [runs.clone(), vec![1], vec![2, 1], vec![]] {
                    let clue = Clue::new(&clue_runs);
                    let mut state = Some(0);
                    for &b in &line {
                        state = state.and_then(|j| clue.next(j, b));
                    }
                    let accepted = state.is_some_and(|j| clue.accepting(j));
                    assert_eq!(accepted, runs == clue_runs, "{line:?} {clue_runs:?}");
                }
            }
        }
    }

    #[test]
    fn line_solving_equals_the_union_of_fitting_lines() {
        // For every clue of short lines and every partial knowledge of the cells, both
        // solvers' options are exactly the values the fitting complete lines take.
        for n in 0..=7 {
            union_of_fitting_lines(n);
        }
    }

    fn union_of_fitting_lines(n: usize) {
        let mut clues: Vec<Vec<usize>> = all_lines(n).map(runs_of).collect();
        clues.sort();
        clues.dedup();
        let mut pows = 1;
        for _ in 0..n {
            pows *= 3;
        }
        for clue_runs in &clues {
            let clue = Clue::new(clue_runs);
            for code in 0..pows {
                let mut c = code;
                let cells: Vec<Options> = (0..n)
                    .map(|_| {
                        let o = [WHITE, BLACK, EITHER][c % 3];
                        c /= 3;
                        o
                    })
                    .collect();
                let mut want = vec![0u8; n];
                let mut any = false;
                for line in all_lines(n) {
                    let fits = runs_of(line.iter().copied()) == *clue_runs
                        && line
                            .iter()
                            .zip(&cells)
                            .all(|(&b, &o)| o & if b { BLACK } else { WHITE } != 0);
                    if fits {
                        any = true;
                        for (w, &b) in want.iter_mut().zip(&line) {
                            *w |= if b { BLACK } else { WHITE };
                        }
                    }
                }
                let want = any.then_some(want);
                assert_eq!(solve(&clue, &cells), want, "{clue_runs:?} {cells:?}");
                let mut out = Vec::new();
                let fits = settle_by_cells(clue_runs, &cells, &mut Scratch::default(), &mut out);
                assert_eq!(
                    fits.then_some(out),
                    want,
                    "by cells: {clue_runs:?} {cells:?}"
                );
                assert_eq!(
                    solve_by_automaton(&clue, &cells),
                    want,
                    "{clue_runs:?} {cells:?}"
                );
            }
        }
    }

    #[test]
    fn the_run_programme_agrees_with_the_automaton_on_long_lines() {
        // Lines too long for brute force: random pictures' clues, with random cells known
        // (true to the picture, or deliberately contradicting it), one scratch for all calls.
        let mut state = 0x2545_f491_4f6c_dd1du64;
        let mut next = |m: u64| {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state % m
        };
        let mut scratch = Scratch::default();
        let mut out = Vec::new();
        let mut settled = 0;
        let (mut by_bits, mut by_cells) = (0, 0);
        for _ in 0..20_000 {
            // Past MAX_BITS_LINE too, where `settle` goes cell by cell.
            let n = 1 + next(160) as usize;
            let density = 1 + next(9);
            let picture: Vec<bool> = (0..n).map(|_| next(10) < density).collect();
            let runs = if next(4) == 0 {
                runs_of((0..n).map(|_| next(10) < density))
            } else {
                runs_of(picture.iter().copied())
            };
            let known = next(10);
            let cells: Vec<Options> = picture
                .iter()
                .map(|&b| match (next(10) < known, next(30) == 0) {
                    (false, _) => EITHER,
                    (true, flip) => {
                        if b ^ flip {
                            BLACK
                        } else {
                            WHITE
                        }
                    }
                })
                .collect();
            let clue = Clue::new(&runs);
            let want = solve_by_automaton(&clue, &cells);
            let fits = settle(&runs, &cells, &mut scratch, &mut out);
            assert_eq!(fits.then(|| out.clone()), want, "{runs:?} {cells:?}");
            let fits = settle_by_cells(&runs, &cells, &mut scratch, &mut out);
            assert_eq!(
                fits.then(|| out.clone()),
                want,
                "by cells: {runs:?} {cells:?}"
            );
            settled += usize::from(fits);
            if n <= MAX_BITS_LINE {
                by_bits += 1;
            } else {
                by_cells += 1;
            }
        }
        assert!(settled > 5_000, "too few lines with placements: {settled}");
        assert!(by_bits > 5_000 && by_cells > 2_000, "{by_bits} {by_cells}");
    }
}
