//! Whole games: a random layout with a safe first click, then at every move every cell that is
//! safe in all consistent layouts is opened; when none is, a guess. With few layouts left the
//! guess is the one with the best chance of winning the game ([`crate::endgame`], exact);
//! otherwise a cell with a low exact mine probability ([`crate::count::analyze`], the total
//! number of mines known) whose number is likely to prove more cells safe (see `guess`).

use crate::{count, endgame, Board, Cell};
use wellposed_engine::Xorshift;

/// A standard difficulty: rows, columns, mines.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Level {
    pub rows: usize,
    pub cols: usize,
    pub mines: usize,
}

impl Level {
    pub const BEGINNER: Level = Level {
        rows: 9,
        cols: 9,
        mines: 10,
    };
    pub const INTERMEDIATE: Level = Level {
        rows: 16,
        cols: 16,
        mines: 40,
    };
    pub const EXPERT: Level = Level {
        rows: 16,
        cols: 30,
        mines: 99,
    };

    pub fn parse(s: &str) -> Option<Level> {
        match s {
            "beginner" => Some(Level::BEGINNER),
            "intermediate" => Some(Level::INTERMEDIATE),
            "expert" => Some(Level::EXPERT),
            _ => None,
        }
    }

    /// The level's name, as [`Level::parse`] reads it.
    pub fn name(self) -> &'static str {
        match self {
            Level::BEGINNER => "beginner",
            Level::INTERMEDIATE => "intermediate",
            Level::EXPERT => "expert",
            _ => "custom",
        }
    }
}

/// How guesses are chosen (deductions are the same for all).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Strategy {
    /// The lowest mine probability; among equals, the fewest unknown neighbours.
    Lowest,
    /// As `Lowest`, but perfect play once few layouts remain ([`crate::endgame`]).
    Endgame,
    /// As `Endgame`, and otherwise safety weighed against progress (see `guess`). The default.
    Progress,
}

impl Strategy {
    pub const ALL: [Strategy; 3] = [Strategy::Lowest, Strategy::Endgame, Strategy::Progress];

    pub fn name(self) -> &'static str {
        match self {
            Strategy::Lowest => "lowest",
            Strategy::Endgame => "endgame",
            Strategy::Progress => "progress",
        }
    }

    pub fn parse(s: &str) -> Option<Strategy> {
        Strategy::ALL.into_iter().find(|x| x.name() == s)
    }
}

/// How one game went.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Game {
    pub won: bool,
    /// Moves that opened a cell proved safe.
    pub safe_moves: usize,
    /// Guesses (cells with mine probability above zero), the fatal one included.
    pub guesses: usize,
    /// Whether a cell proved safe held a mine (never, unless the analysis is wrong).
    pub proof_failed: bool,
}

/// Plays one game; the first click is at `first` (row-major index) and is never a mine.
pub fn play(level: Level, first: usize, strategy: Strategy, rng: &mut Xorshift) -> Game {
    let mine = deal(level, first, rng);
    play_on(level, &mine, first, strategy)
}

/// A random layout of the level's mines, none on `first`.
pub fn deal(level: Level, first: usize, rng: &mut Xorshift) -> Vec<bool> {
    let n = level.rows * level.cols;
    let mut mine = vec![false; n];
    let mut placed = 0;
    while placed < level.mines {
        let k = rng.below(n as u64) as usize;
        if k != first && !mine[k] {
            mine[k] = true;
            placed += 1;
        }
    }
    mine
}

/// Plays the game of a given layout from the first click at `first`.
pub fn play_on(level: Level, mine: &[bool], first: usize, strategy: Strategy) -> Game {
    let n = level.rows * level.cols;
    let mut board = Board {
        rows: level.rows,
        cols: level.cols,
        cells: vec![Cell::Unknown; n],
        mines: Some(level.mines),
    };
    let numbers: Vec<u8> = (0..n)
        .map(|k| board.neighbours(k).filter(|&nb| mine[nb]).count() as u8)
        .collect();
    let mut game = Game {
        won: false,
        safe_moves: 0,
        guesses: 1,
        proof_failed: false,
    };
    // (cell, proved safe): the first click is a guess the rules make safe.
    let mut to_open = vec![(first, false)];
    let mut left = n - level.mines;
    loop {
        // Open the cells chosen, spreading through zeros as the game does.
        while let Some((k, proved)) = to_open.pop() {
            if board.cells[k] != Cell::Unknown {
                continue;
            }
            if mine[k] {
                game.proof_failed = proved;
                return game;
            }
            board.cells[k] = Cell::Number(numbers[k]);
            left -= 1;
            if numbers[k] == 0 {
                // The game opens a zero's neighbours itself: they are safe.
                to_open.extend(board.neighbours(k).map(|nb| (nb, true)));
            }
        }
        if left == 0 {
            game.won = true;
            return game;
        }
        let a = count::analyze(&board).expect("the true layout is consistent");
        let mut safe = Vec::new();
        for (k, p) in a.probability.iter().enumerate() {
            let Some(p) = p else { continue };
            if p.numer() == &num_bigint::BigInt::default() {
                safe.push(k);
            } else if p.is_integer() {
                // Certain mines are flagged: the next analysis has smaller components.
                board.cells[k] = Cell::Mine;
            }
        }
        if safe.is_empty() {
            game.guesses += 1;
            to_open.push((guess(&board, &a, strategy), false));
        } else {
            game.safe_moves += safe.len();
            to_open.extend(safe.into_iter().map(|k| (k, true)));
        }
    }
}

/// Guesses are searched exactly ([`endgame`]) when at most this many layouts remain, within
/// [`ENDGAME_POSITIONS`] positions. On 4000 expert games (seed 1), by the lowest-probability
/// player before `Strategy` (flags counted as unknown neighbours in its tie-break): 1536 wins
/// without, 1587 with 200 layouts, 1593 with 2000 (1.7× the time), 1598 with 10,000 (8×).
pub const ENDGAME_LAYOUTS: usize = 2000;
pub const ENDGAME_POSITIONS: usize = 100_000;

/// How much a guess that proves nothing is discounted: the weight q below.
pub const NO_PROGRESS_COST: f64 = 0.1;

/// The search nodes one hypothetical board may take when a guess is scored; a frontier
/// component beyond it (some have 50 cells and millions of layouts) leaves the choice to the
/// lowest probability.
pub const PROGRESS_NODES: u64 = 200_000;

/// Interior cells (next to no number) scored per guess; they differ only by how many unknown
/// neighbours they have, and the fewest come first.
pub const INTERIOR_CANDIDATES: usize = 4;

/// The cell to guess on `board` (flags set, no cell provably safe), whose analysis is `a`.
///
/// With few layouts left, the guess with the best chance of winning, exactly. Otherwise the
/// cell with the best score (1 − p) · (1 − q · (1 − progress)), where p is its mine
/// probability and progress the chance, given it is safe, that the number it shows proves
/// another cell safe: a safe guess that proves nothing leads to another guess, so it is worth
/// a little less. Each candidate's progress is found by trying every number it could show
/// ([`count::layouts_and_a_safe_cell`] on the board with that number). Candidates go by
/// rising p (among equals, fewest unknown neighbours first: a corner or a cell by the opened
/// region, likelier to open more), and stop when 1 − p can no longer beat the best score.
///
/// On the same 10,000 expert deals (seed 1, `scripts/bench-minesweeper.sh`): 3855 wins by the
/// lowest probability, 4011 with the endgame search, 4064 with progress as well. The weight
/// q = 0.1 was chosen on other deals (seed 3): 0.05, 0.15 and 0.2 did no better.
fn guess(board: &Board, a: &count::Analysis, strategy: Strategy) -> usize {
    use num_traits::ToPrimitive;
    if strategy != Strategy::Lowest && a.layouts <= num_bigint::BigUint::from(ENDGAME_LAYOUTS) {
        if let Some((k, _)) = endgame::best_guess(board, ENDGAME_LAYOUTS, ENDGAME_POSITIONS) {
            return k;
        }
    }
    let unknown_around = |k: usize| {
        board
            .neighbours(k)
            .filter(|&nb| board.cells[nb] == Cell::Unknown)
            .count()
    };
    // (p, unknown neighbours, cell) of every cell that may be a mine or not.
    let mut cells: Vec<(f64, usize, usize)> = a
        .probability
        .iter()
        .enumerate()
        .filter_map(|(k, p)| {
            let p = p.as_ref()?.to_f64()?;
            (p > 0.0 && p < 1.0 && board.cells[k] == Cell::Unknown)
                .then(|| (p, unknown_around(k), k))
        })
        .collect();
    cells.sort_by(|x, y| x.partial_cmp(y).expect("probabilities are numbers"));
    let lowest = *cells.first().expect("an unknown cell that may be safe");
    let Some(total) = a
        .layouts
        .to_f64()
        .filter(|_| strategy == Strategy::Progress)
    else {
        return lowest.2;
    };
    let q = NO_PROGRESS_COST;
    let mut interior = 0;
    let mut best = (f64::MIN, lowest.2);
    for &(p, unknown, k) in &cells {
        let safe = 1.0 - p;
        if safe < (1.0 - lowest.0) * (1.0 - q) || safe <= best.0 {
            break;
        }
        if !board
            .neighbours(k)
            .any(|nb| matches!(board.cells[nb], Cell::Number(_)))
        {
            interior += 1;
            if interior > INTERIOR_CANDIDATES {
                continue;
            }
        }
        let flags = board
            .neighbours(k)
            .filter(|&nb| board.cells[nb] == Cell::Mine)
            .count();
        // Layouts where k is safe and its number proves another cell safe, over all layouts.
        let mut progress = 0.0;
        let mut next = board.clone();
        for shown in flags..=flags + unknown {
            next.cells[k] = Cell::Number(shown as u8);
            match count::layouts_and_a_safe_cell(&next, PROGRESS_NODES) {
                Ok((layouts, true)) => progress += layouts.to_f64().unwrap_or(0.0) / total,
                Ok((_, false)) => {}
                // A component too large to enumerate that often: the lowest probability.
                Err(_) => return lowest.2,
            }
        }
        let score = safe * (1.0 - q * (1.0 - progress / safe));
        if score > best.0 {
            best = (score, k);
        }
    }
    best.1
}

/// What a run of games found.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Record {
    pub games: usize,
    pub won: usize,
    pub safe_moves: usize,
    pub guesses: usize,
}

/// Plays `games` games on `threads` threads, game i on its own generator seeded from `seed`
/// and i (so the result does not depend on the threads), the first click in the top-left
/// corner (a corner is the likeliest cell to be a zero and open a region).
pub fn play_many(
    level: Level,
    strategy: Strategy,
    games: usize,
    seed: u64,
    threads: usize,
    progress: &(dyn Fn(usize) + Sync),
) -> Record {
    use std::sync::atomic::{AtomicUsize, Ordering};
    let done = AtomicUsize::new(0);
    let none = || Record {
        games: 0,
        won: 0,
        safe_moves: 0,
        guesses: 0,
    };
    let parts = wellposed_work::each_index(games, threads, none, |r, i| {
        // A generator per game: splitmix-style scrambling of (seed, i).
        let mut z = seed ^ (i as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        let mut rng = Xorshift((z ^ (z >> 31)) | 1);
        let g = play(level, 0, strategy, &mut rng);
        r.games += 1;
        r.won += usize::from(g.won);
        r.safe_moves += g.safe_moves;
        r.guesses += g.guesses;
        progress(done.fetch_add(1, Ordering::Relaxed) + 1);
    });
    parts.into_iter().fold(none(), |a, b| Record {
        games: a.games + b.games,
        won: a.won + b.won,
        safe_moves: a.safe_moves + b.safe_moves,
        guesses: a.guesses + b.guesses,
    })
}

/// A layout that needs no guess after the first click: layouts are dealt until the player
/// above wins one using proved-safe cells only. Returns the layout and how many were dealt.
pub fn no_guess_layout(level: Level, first: usize, seed: u64) -> Option<(Vec<bool>, usize)> {
    let mut rng = Xorshift(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1);
    (1..=100_000).find_map(|dealt| {
        let mine = deal(level, first, &mut rng);
        // Any strategy: a game with a guess is refused whatever the guess.
        let g = play_on(level, &mine, first, Strategy::Lowest);
        (g.won && g.guesses == 1).then_some((mine, dealt))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn games_are_won_and_lost_and_reproducible() {
        let a = play_many(Level::BEGINNER, Strategy::Progress, 300, 7, 2, &|_| {});
        let b = play_many(Level::BEGINNER, Strategy::Progress, 300, 7, 1, &|_| {});
        assert_eq!(a, b, "the same games whatever the threads");
        // Beginner boards are mostly won by a careful player, not all.
        assert!(a.won > 200 && a.won < 300, "{a:?}");
        assert!(a.guesses >= a.games);
    }

    #[test]
    fn a_lost_game_ends_on_a_guess_never_on_a_proved_cell() {
        // The hidden layout is the referee: a cell the analysis proved safe never holds a mine.
        let mut rng = Xorshift(99);
        let mut lost = 0;
        for _ in 0..300 {
            let g = play(Level::INTERMEDIATE, 0, Strategy::Progress, &mut rng);
            assert!(!g.proof_failed);
            lost += usize::from(!g.won);
        }
        assert!(lost > 20, "{lost}");
    }
}
