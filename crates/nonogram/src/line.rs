//! One line's clue as an automaton, and the line solver built on it.
//!
//! The cells of a line with runs r₁ … r_k spell a word of the language 0* 1^r₁ 0+ 1^r₂ … 1^r_k
//! 0*. Its automaton has one state per letter of the shortest such word framed by zeros,
//! `0 1^r₁ 0 1^r₂ 0 … 1^r_k 0`: a `0` state loops on 0 (a gap of any length), a `1` state
//! moves on (a run has exactly its length). After i cells the automaton is in exactly one
//! state, so the CNF encoding ([`crate::encode`]) gets one variable per (position, state) that
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
}

/// What a cell may still be: bit 0 = white (0), bit 1 = black (1).
pub type Options = u8;
pub const WHITE: Options = 1;
pub const BLACK: Options = 2;
pub const EITHER: Options = 3;

/// Line solving: given what each cell may still be, what each may be in some placement of the
/// runs that respects them (each result a subset of the input), or `None` when no placement
/// fits. Forward reachability of (cells read, state) meets backward reachability of the end.
pub fn solve(clue: &Clue, cells: &[Options], scratch: &mut Vec<bool>) -> Option<Vec<Options>> {
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
        // For every clue of short lines and every partial knowledge of the cells, the solver's
        // options are exactly the values the fitting complete lines take.
        let n = 6;
        let mut scratch = Vec::new();
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
                let got = solve(&clue, &cells, &mut scratch);
                assert_eq!(got, any.then_some(want), "{clue_runs:?} {cells:?}");
            }
        }
    }
}
