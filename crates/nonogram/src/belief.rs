//! Belief propagation between rows and columns: an estimate, for every cell, of how likely it
//! is black, used to start CDCL's search beside a picture instead of at "everything black".
//!
//! The puzzle is a factor graph with one factor per line (its clue) and one binary variable per
//! cell, each cell in exactly two factors. Sum-product: each line sends each of its cells the
//! probability that the cell is black over the line's placements, each placement weighted by
//! what the crossing lines said about the line's *other* cells (so a line never hears its own
//! message back). One line's messages are exact, by forward–backward over the clue's automaton
//! ([`Clue::next`]); the graph has cycles, so the rounds are the usual loopy approximation and
//! only the direction of each estimate is used.
//!
//! Why: on puzzles that line solving and probing barely touch (Knotty settles 79 of 1,600
//! cells), CDCL from CaDiCaL's default phases ran fifteen minutes without a first picture, yet
//! found a second one at once when its saved phases lay beside the first. Estimates that point
//! most cells the right way put the whole search there.

use crate::line::{Clue, Options, BLACK, EITHER, WHITE};
use crate::solve::Lines;

/// Messages never reach 0 or 1 on open cells: one hard zero would veto every placement through
/// that cell although the rounds are only approximate.
const FLOOR: f64 = 1e-6;

/// The rounds of message passing and the weight of the new message against the old in each.
/// Damping keeps a loopy graph from oscillating between two pictures.
pub struct Rounds {
    pub rounds: usize,
    pub damping: f64,
}

impl Default for Rounds {
    fn default() -> Self {
        Rounds {
            rounds: 20,
            damping: 0.5,
        }
    }
}

/// One line's forward–backward over its automaton, with `weight[i]` = the weight of cell i
/// being black (white: 1 − weight).
struct LinePass {
    /// `alpha[i * s + j]`: scaled weight of reading cells 0..i and being in state j.
    alpha: Vec<f64>,
    /// `beta[i * s + j]`: scaled weight of reading cells i..n from state j to an accepting one.
    beta: Vec<f64>,
    s: usize,
}

impl LinePass {
    fn run(clue: &Clue, weight: &[f64]) -> Option<LinePass> {
        let n = weight.len();
        let s = clue.states();
        let mut alpha = vec![0.0; (n + 1) * s];
        let mut beta = vec![0.0; (n + 1) * s];
        alpha[0] = 1.0;
        for i in 0..n {
            let (now, next) = alpha.split_at_mut((i + 1) * s);
            let now = &now[i * s..];
            let next = &mut next[..s];
            for (j, &a) in now.iter().enumerate() {
                if a == 0.0 {
                    continue;
                }
                for (b, w) in [(false, 1.0 - weight[i]), (true, weight[i])] {
                    if let Some(k) = clue.next(j, b) {
                        next[k] += a * w;
                    }
                }
            }
            // Scaling each position keeps 100-cell lines far from underflow; the ratios that
            // matter are taken within one position, where the scale cancels.
            let total: f64 = next.iter().sum();
            if total == 0.0 {
                return None;
            }
            next.iter_mut().for_each(|x| *x /= total);
        }
        // No placement carries weight: every path ends outside the accepting states.
        if (0..s).all(|j| !clue.accepting(j) || alpha[n * s + j] == 0.0) {
            return None;
        }
        for j in 0..s {
            beta[n * s + j] = if clue.accepting(j) { 1.0 } else { 0.0 };
        }
        for i in (0..n).rev() {
            let (now, after) = beta.split_at_mut((i + 1) * s);
            let now = &mut now[i * s..];
            for (j, slot) in now.iter_mut().enumerate() {
                let mut sum = 0.0;
                for (b, w) in [(false, 1.0 - weight[i]), (true, weight[i])] {
                    if let Some(k) = clue.next(j, b) {
                        sum += w * after[k];
                    }
                }
                *slot = sum;
            }
            let total: f64 = now.iter().sum();
            if total == 0.0 {
                return None;
            }
            now.iter_mut().for_each(|x| *x /= total);
        }
        Some(LinePass { alpha, beta, s })
    }

    /// The probability that cell i is black over the placements, leaving out cell i's own
    /// weight (the message a line sends: what the rest of the line says about the cell).
    fn extrinsic(&self, clue: &Clue, i: usize) -> f64 {
        let s = self.s;
        let (mut white, mut black) = (0.0, 0.0);
        for j in 0..s {
            let a = self.alpha[i * s + j];
            if a == 0.0 {
                continue;
            }
            if let Some(k) = clue.next(j, false) {
                white += a * self.beta[(i + 1) * s + k];
            }
            if let Some(k) = clue.next(j, true) {
                black += a * self.beta[(i + 1) * s + k];
            }
        }
        if white + black == 0.0 {
            0.5
        } else {
            black / (white + black)
        }
    }
}

/// What belief propagation concluded.
pub struct Beliefs {
    /// Per cell, the estimated probability that it is black (settled cells: exactly 0 or 1).
    pub black: Vec<f64>,
}

/// The messages between lines and cells, kept across rounds so that a grid with a few more
/// cells settled starts from what the last rounds found.
pub struct Messages<'l> {
    lines: &'l Lines,
    /// `message[line][position]`: what the line says about its cell at that position.
    message: Vec<Vec<f64>>,
    /// Where each cell sits in its row (`[0]`) and in its column (`[1]`).
    position: Vec<[usize; 2]>,
}

fn fixed(o: Options) -> Option<f64> {
    match o {
        BLACK => Some(1.0),
        WHITE => Some(0.0),
        _ => None,
    }
}

impl<'l> Messages<'l> {
    /// Every message "no idea" (one half).
    pub fn new(lines: &'l Lines) -> Messages<'l> {
        let mut position = vec![[0usize; 2]; lines.crossing.len()];
        for (k, (_, idx)) in lines.lines.iter().enumerate() {
            for (i, &c) in idx.iter().enumerate() {
                position[c][usize::from(lines.crossing[c][1] == k)] = i;
            }
        }
        Messages {
            lines,
            message: lines
                .lines
                .iter()
                .map(|(_, idx)| vec![0.5; idx.len()])
                .collect(),
            position,
        }
    }

    /// What cell c's row (`side` 0) or column (1) says about it, kept off 0 and 1.
    fn said(&self, c: usize, side: usize) -> f64 {
        let line = self.lines.crossing[c][side];
        self.message[line][self.position[c][side]].clamp(FLOOR, 1.0 - FLOOR)
    }

    /// The crossing line's message about cell c, as line k hears it.
    fn incoming(&self, grid: &[Options], k: usize, c: usize) -> f64 {
        let other_side = usize::from(self.lines.crossing[c][0] == k);
        fixed(grid[c]).unwrap_or_else(|| self.said(c, other_side))
    }

    /// `how.rounds` rounds over every line, settled cells of `grid` fixed. False when some line
    /// has no placement left.
    pub fn run(&mut self, grid: &[Options], how: &Rounds) -> bool {
        let mut weight = Vec::new();
        for _ in 0..how.rounds {
            for k in 0..self.lines.lines.len() {
                let (clue, idx) = &self.lines.lines[k];
                weight.clear();
                weight.extend(idx.iter().map(|&c| self.incoming(grid, k, c)));
                let Some(pass) = LinePass::run(clue, &weight) else {
                    return false;
                };
                for (i, &c) in idx.iter().enumerate() {
                    let new = fixed(grid[c]).unwrap_or_else(|| pass.extrinsic(clue, i));
                    let old = &mut self.message[k][i];
                    *old = how.damping * new + (1.0 - how.damping) * *old;
                }
            }
        }
        true
    }

    /// Per cell, the probability that it is black: both lines' messages combined.
    pub fn black(&self, grid: &[Options]) -> Vec<f64> {
        (0..grid.len())
            .map(|c| {
                fixed(grid[c]).unwrap_or_else(|| {
                    let (r, q) = (self.said(c, 0), self.said(c, 1));
                    r * q / (r * q + (1.0 - r) * (1.0 - q))
                })
            })
            .collect()
    }

    /// The beliefs: cells as [`Messages::black`].
    pub fn beliefs(&self, grid: &[Options]) -> Beliefs {
        Beliefs {
            black: self.black(grid),
        }
    }
}

/// The share of the open cells decimation settles between two runs of the rounds (one
/// twentieth: Knotty's decimation then ends on a picture after 0.05 s).
const DECIMATE_SHARE: usize = 20;

/// Decimation takes back a batch at most this many times.
const MAX_RETREATS: u64 = 200;

/// Decimation goes back only when at most one cell in this many is open: Meow gets stuck with
/// 51 of 3,750 open (1.4%), the puzzles where going back changed nothing with 10–50% open.
const NEAR_PICTURE: usize = 50;

/// Belief-guided decimation: the rounds, then the most confident open cells set to their
/// likelier colour one by one with line solving after each (a colour that line solving refutes
/// gives way to the other — a sound deduction), then the rounds again from the messages as they
/// stand, until every cell is settled, some cell fails both ways, or the rounds have done
/// `budget` steps of work (one step: one automaton state at one cell of one line). A cell that
/// fails both ways when at most one cell in 50 is open takes back its batch (a
/// batch of one: the batch before) and decimation goes on in steps half as large, up to
/// 200 times. Returns the beliefs over the grid reached and whether every cell is
/// settled (then the grid is a picture that fits every clue); `None` when line solving finds
/// `grid` contradictory. Memory: one copy of the grid per batch, at most `budget` / (20 ×
/// the work of a round) batches, each round at least one step a cell: under 50 MB.
///
/// Why: the rounds alone point most cells the right way but, on the hardest survey puzzles,
/// not enough of them (Faase: 88% of the cells); settling the sure ones and asking again
/// sharpens the rest (Meow: 95% → 99%). A decimation that gets stuck is no answer, only a
/// better place for CDCL to start. Going back is worth it only near a picture (Meow 25 → 14 s);
/// far from one it spends the whole budget and changes nothing (measured in BENCHMARKS.md), and
/// going back depth first, trying the other colour, thrashes.
pub fn decimate(
    lines: &Lines,
    grid: &[Options],
    how: &Rounds,
    budget: u64,
) -> Option<(Beliefs, bool)> {
    let mut work = grid.to_vec();
    let mut propagator = crate::solve::Propagator::new(lines);
    if !propagator.propagate(&mut work, &lines.all()) {
        return None;
    }
    let mut m = Messages::new(lines);
    let per_round: u64 = lines
        .lines
        .iter()
        .map(|(clue, idx)| (clue.states() * (idx.len() + 1)) as u64)
        .sum();
    let mut spent = 0u64;
    let mut complete = false;
    let mut share = DECIMATE_SHARE;
    let mut retreats = 0u64;
    let mut history: Vec<Vec<Options>> = Vec::new();
    loop {
        if work.iter().all(|&o| o != EITHER) {
            complete = true;
            break;
        }
        spent += per_round * how.rounds as u64;
        if spent > budget || !m.run(&work, how) {
            break;
        }
        let black = m.black(&work);
        let mut open: Vec<usize> = (0..work.len()).filter(|&c| work[c] == EITHER).collect();
        open.sort_by(|&a, &b| (black[b] - 0.5).abs().total_cmp(&(black[a] - 0.5).abs()));
        let take = (open.len() / share).max(1);
        let before = work.clone();
        let mut stuck = false;
        for &c in &open[..take] {
            if work[c] != EITHER {
                continue;
            }
            let likely = if black[c] > 0.5 { BLACK } else { WHITE };
            if !propagator.settle_cell(&mut work, c, likely)
                && !propagator.settle_cell(&mut work, c, EITHER ^ likely)
            {
                stuck = true;
                break;
            }
        }
        if stuck {
            // Near a picture a few choices were wrong: take back this batch (or, for a batch
            // of one, the one before) and go on in smaller steps.
            let open_now = work.iter().filter(|&&o| o == EITHER).count();
            retreats += 1;
            if open_now * NEAR_PICTURE > work.len() || retreats > MAX_RETREATS {
                break;
            }
            work = if take == 1 {
                match history.pop() {
                    Some(earlier) => earlier,
                    None => break,
                }
            } else {
                before
            };
            share = (share * 2).min(1 << 20);
        } else {
            history.push(before);
            share = (share / 2).max(DECIMATE_SHARE);
        }
    }
    log::debug!("decimation retreats: {retreats}");
    log::debug!(
        "decimation: {} of {} cells settled, {} work, complete: {complete}",
        work.iter().filter(|&&o| o != EITHER).count(),
        work.len(),
        spent
    );
    Some((m.beliefs(&work), complete))
}

#[cfg(test)]
mod tests {
    use super::*;
    use wellposed_sat::Xorshift;

    /// Every line of n cells that spells the clue's runs.
    fn placements(runs: &[usize], n: usize) -> Vec<Vec<bool>> {
        (0u32..1 << n)
            .map(|m| (0..n).map(|i| m >> i & 1 == 1).collect::<Vec<_>>())
            .filter(|cells| {
                let mut found = Vec::new();
                let mut run = 0;
                for &b in cells.iter().chain([&false]) {
                    if b {
                        run += 1;
                    } else if run > 0 {
                        found.push(run);
                        run = 0;
                    }
                }
                found == runs
            })
            .collect()
    }

    /// A line's message to each cell, by forward–backward, equals the weighted share of the
    /// placements that make the cell black, counted one placement at a time with every other
    /// cell's weight (and not the cell's own).
    #[test]
    fn line_messages_are_the_placements_weighted_by_the_other_cells() {
        let mut rng = Xorshift(0x2026_1124);
        let mut compared = 0;
        for _ in 0..400 {
            let n = 1 + rng.below(10) as usize;
            let mut runs = Vec::new();
            let mut used = 0;
            while used < n && rng.below(3) > 0 {
                let r = 1 + rng.below(3) as usize;
                if used + r > n {
                    break;
                }
                runs.push(r);
                used += r + 1;
            }
            let weight: Vec<f64> = (0..n)
                .map(|_| match rng.below(10) {
                    0 => 0.0,
                    1 => 1.0,
                    k => k as f64 / 10.0,
                })
                .collect();
            let clue = Clue::new(&runs);
            let lines = placements(&runs, n);
            let pass = LinePass::run(&clue, &weight);
            let total: f64 = lines
                .iter()
                .map(|l| {
                    (0..n)
                        .map(|m| if l[m] { weight[m] } else { 1.0 - weight[m] })
                        .product::<f64>()
                })
                .sum();
            assert_eq!(pass.is_some(), total > 0.0, "{runs:?} {weight:?}");
            let Some(pass) = pass else { continue };
            for i in 0..n {
                let share = |black: bool| -> f64 {
                    lines
                        .iter()
                        .filter(|l| l[i] == black)
                        .map(|l| {
                            (0..n)
                                .filter(|&m| m != i)
                                .map(|m| if l[m] { weight[m] } else { 1.0 - weight[m] })
                                .product::<f64>()
                        })
                        .sum()
                };
                let (white, black) = (share(false), share(true));
                if white + black == 0.0 {
                    continue;
                }
                let expected = black / (white + black);
                let got = pass.extrinsic(&clue, i);
                assert!(
                    (got - expected).abs() < 1e-9,
                    "{runs:?} {weight:?} cell {i}: {got} vs {expected}"
                );
                compared += 1;
            }
        }
        assert!(compared > 1000, "{compared}");
    }
}
