//! Perfect play when few layouts remain.
//!
//! Once the consistent layouts are few enough to list, the chance of winning from a position
//! is computed exactly, over the layouts, by the recursion the game itself defines: a position
//! is the set S of layouts still consistent (all equally likely). With one layout left the game
//! is won (every other cell is provably safe). A cell safe in every layout of S is opened for
//! free, and if its number differs between layouts, S splits by that number. Otherwise the
//! player guesses a cell c: it is safe in some layouts of S, and what it shows splits those
//! into smaller positions, so
//!
//! ```text
//! win(S) = max over c of  Σ over shown numbers v  |S(c safe, shows v)| / |S| · win(S(c safe, shows v))
//! ```
//!
//! A zero's cascade needs no rule of its own: after a zero every neighbour is safe in every
//! remaining layout, and is opened for free at the next level. Since win(S') ≤ 1, guessing c
//! is worth at most c's chance of being safe; candidates are tried safest first and the search
//! stops when the next one cannot beat the best found. Positions are memoized by their set of
//! layouts, and a budget of positions bounds the work: beyond it the caller falls back on the
//! lowest probability.

use crate::{count, Board, Cell};
use wellposed_sat::hash::WordMap;

/// What a cell shows in a layout: its number, or this for a mine.
const MINE: u8 = u8::MAX;

/// The layouts of a position, listed.
struct Endgame {
    /// Per layout, per unknown cell: the number shown, or [`MINE`].
    shown: Vec<Vec<u8>>,
    /// Words of a bitset over the layouts (the memo's key).
    words: usize,
    memo: WordMap<Vec<u64>, f64>,
    positions: usize,
    budget: usize,
}

/// The unknown cells of `board` and its consistent layouts (per layout, a mine flag per unknown
/// cell), when the total number of mines is known and there are at most `limit` layouts.
pub fn layouts(board: &Board, limit: usize) -> Option<(Vec<usize>, Vec<Vec<bool>>)> {
    let total = board.mines?;
    let known = board.cells.iter().filter(|&&c| c == Cell::Mine).count();
    let rest = total.checked_sub(known)?;
    let cons: Vec<(Vec<usize>, usize)> = board
        .constraints()
        .ok()?
        .into_iter()
        .map(|(_, open, need)| (open, need))
        .collect();
    // Cells next to numbers first, number by number, so constraints close early and prune;
    // then the interior, bounded only by the total.
    let mut seen = vec![false; board.cells.len()];
    let mut order = Vec::new();
    for c in cons
        .iter()
        .flat_map(|(open, _)| open)
        .chain(&board.unknown())
    {
        if !std::mem::replace(&mut seen[*c], true) {
            order.push(*c);
        }
    }
    let mut found = Vec::new();
    let complete = count::each_layout(&order, &cons, Some(rest), u64::MAX, |assign, _| {
        found.len() < limit && {
            found.push(assign.to_vec());
            true
        }
    });
    complete.then_some((order, found))
}

/// The guess with the best chance of winning the game from `board` and that chance, when the
/// board has at most `limit` consistent layouts and the search stays within `budget` positions.
/// `None` otherwise, or when a cell is safe in every layout (open it: no guess is needed).
pub fn best_guess(board: &Board, limit: usize, budget: usize) -> Option<(usize, f64)> {
    let (cells, layouts) = layouts(board, limit)?;
    if layouts.is_empty() {
        return None;
    }
    let mut index = vec![usize::MAX; board.cells.len()];
    for (i, &c) in cells.iter().enumerate() {
        index[c] = i;
    }
    let around: Vec<(usize, Vec<usize>)> = cells
        .iter()
        .map(|&c| {
            let flags = board
                .neighbours(c)
                .filter(|&nb| board.cells[nb] == Cell::Mine)
                .count();
            let open = board
                .neighbours(c)
                .filter(|&nb| index[nb] != usize::MAX)
                .map(|nb| index[nb])
                .collect();
            (flags, open)
        })
        .collect();
    let shown = layouts
        .iter()
        .map(|mine| {
            around
                .iter()
                .enumerate()
                .map(|(i, (flags, open))| {
                    if mine[i] {
                        MINE
                    } else {
                        (flags + open.iter().filter(|&&j| mine[j]).count()) as u8
                    }
                })
                .collect()
        })
        .collect();
    let mut e = Endgame {
        shown,
        words: layouts.len().div_ceil(64),
        memo: WordMap::default(),
        positions: 0,
        budget,
    };
    let all: Vec<u32> = (0..layouts.len() as u32).collect();
    if e.free_split(&all).is_some() {
        return None;
    }
    let (i, win) = e.best(&all)?;
    Some((cells[i?], win))
}

impl Endgame {
    /// The positions S splits into when a cell safe in all of S shows different numbers.
    fn free_split(&self, s: &[u32]) -> Option<Vec<Vec<u32>>> {
        let first = &self.shown[s[0] as usize];
        (0..first.len()).find_map(|i| {
            let v = first[i];
            if v == MINE {
                return None;
            }
            let mut differs = false;
            for &l in &s[1..] {
                match self.shown[l as usize][i] {
                    MINE => return None,
                    w => differs |= w != v,
                }
            }
            differs.then(|| self.split(s, i))
        })
    }

    /// The layouts of S where cell i is safe, grouped by the number it shows.
    fn split(&self, s: &[u32], i: usize) -> Vec<Vec<u32>> {
        let mut parts: Vec<Vec<u32>> = vec![Vec::new(); 9];
        for &l in s {
            let v = self.shown[l as usize][i];
            if v != MINE {
                parts[usize::from(v)].push(l);
            }
        }
        parts.retain(|p| !p.is_empty());
        parts
    }

    /// The chance of winning from S (`None` past the budget).
    fn win(&mut self, s: &[u32]) -> Option<f64> {
        if s.len() == 1 {
            return Some(1.0);
        }
        let mut key = vec![0u64; self.words];
        for &l in s {
            key[l as usize / 64] |= 1 << (l % 64);
        }
        if let Some(&w) = self.memo.get(&key) {
            return Some(w);
        }
        self.positions += 1;
        if self.positions > self.budget {
            return None;
        }
        let w = match self.free_split(s) {
            Some(parts) => self.expected(&parts, s.len())?,
            None => self.best(s)?.1,
        };
        self.memo.insert(key, w);
        Some(w)
    }

    /// Σ |part| / total · win(part).
    fn expected(&mut self, parts: &[Vec<u32>], total: usize) -> Option<f64> {
        let mut w = 0.0;
        for p in parts {
            w += p.len() as f64 / total as f64 * self.win(p)?;
        }
        Some(w)
    }

    /// The best guess in S (a cell index, `None` when every cell is decided) and its chance.
    fn best(&mut self, s: &[u32]) -> Option<(Option<usize>, f64)> {
        let cells = self.shown[s[0] as usize].len();
        // Candidates: cells a mine in some layouts of S and safe in others, safest first.
        let mut candidates: Vec<(usize, usize)> = (0..cells)
            .map(|i| {
                let safe = s
                    .iter()
                    .filter(|&&l| self.shown[l as usize][i] != MINE)
                    .count();
                (safe, i)
            })
            .filter(|&(safe, _)| safe > 0 && safe < s.len())
            .collect();
        candidates.sort_by_key(|&(safe, i)| (std::cmp::Reverse(safe), i));
        let mut best = (None, 0.0);
        for (safe, i) in candidates {
            if safe as f64 / s.len() as f64 <= best.1 {
                break;
            }
            let parts = self.split(s, i);
            let w = self.expected(&parts, s.len())?;
            if w > best.1 {
                best = (Some(i), w);
            }
        }
        Some(best)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashMap;
    use wellposed_engine::Xorshift;

    /// Brute force on whole boards: the consistent layouts, by trying every set of mines.
    fn consistent(board: &Board) -> Vec<Vec<bool>> {
        let unknown = board.unknown();
        let flagged = board.cells.iter().filter(|&&c| c == Cell::Mine).count();
        let total = board.mines.expect("a total");
        let mut out = Vec::new();
        for bits in 0u32..1 << unknown.len() {
            if bits.count_ones() as usize + flagged != total {
                continue;
            }
            let mut mine: Vec<bool> = board.cells.iter().map(|&c| c == Cell::Mine).collect();
            for (i, &c) in unknown.iter().enumerate() {
                mine[c] = bits >> i & 1 == 1;
            }
            if board.check(&mine).is_ok() {
                out.push(mine);
            }
        }
        out
    }

    /// The chance of winning by clicking c, then playing perfectly: each consistent layout
    /// answers with the cells the game opens (zeros cascading).
    fn click(
        board: &Board,
        layouts: &[Vec<bool>],
        c: usize,
        memo: &mut HashMap<Vec<Cell>, f64>,
    ) -> f64 {
        let mut outcomes: HashMap<Vec<Cell>, usize> = HashMap::new();
        for mine in layouts.iter().filter(|m| !m[c]) {
            let mut next = board.cells.clone();
            let mut stack = vec![c];
            while let Some(k) = stack.pop() {
                if next[k] != Cell::Unknown {
                    continue;
                }
                let n = board.neighbours(k).filter(|&nb| mine[nb]).count();
                next[k] = Cell::Number(n as u8);
                if n == 0 {
                    stack.extend(board.neighbours(k));
                }
            }
            *outcomes.entry(next).or_default() += 1;
        }
        let mut w = 0.0;
        for (cells, count) in outcomes {
            let next = Board {
                cells,
                ..board.clone()
            };
            w += count as f64 / layouts.len() as f64 * brute(&next, memo);
        }
        w
    }

    /// The best chance of winning, by brute force: any unknown cell may be clicked (a safe
    /// one too), and the game is won when only mines are unknown.
    fn brute(board: &Board, memo: &mut HashMap<Vec<Cell>, f64>) -> f64 {
        if let Some(&w) = memo.get(&board.cells) {
            return w;
        }
        let unknown = board.unknown();
        let flagged = board.cells.iter().filter(|&&c| c == Cell::Mine).count();
        let w = if unknown.len() + flagged == board.mines.expect("a total") {
            1.0
        } else {
            let layouts = consistent(board);
            unknown
                .iter()
                .map(|&c| click(board, &layouts, c, memo))
                .fold(0.0, f64::max)
        };
        memo.insert(board.cells.clone(), w);
        w
    }

    #[test]
    fn a_lone_pair_is_a_coin_toss() {
        // Two unknown cells in a corner, one mine between them, nothing tells which.
        let b = Board {
            rows: 2,
            cols: 3,
            cells: vec![
                Cell::Unknown,
                Cell::Number(1),
                Cell::Number(0),
                Cell::Unknown,
                Cell::Number(1),
                Cell::Number(0),
            ],
            mines: Some(1),
        };
        let (cell, win) = best_guess(&b, 100, 1000).expect("two layouts");
        assert!(cell == 0 || cell == 3);
        assert_eq!(win, 0.5);
    }

    #[test]
    fn the_search_agrees_with_brute_force_on_small_boards() {
        // Random 4x4 boards with 3 or 4 mines; some safe cells opened, then the best chance of
        // winning computed both ways.
        let mut rng = Xorshift(2026);
        let mut compared = 0;
        let mut below_one = 0;
        for _ in 0..5000 {
            let mines = 3 + rng.below(2) as usize;
            let level = crate::play::Level {
                rows: 4,
                cols: 4,
                mines,
            };
            let mine = crate::play::deal(level, 0, &mut rng);
            let mut b = Board {
                rows: 4,
                cols: 4,
                cells: vec![Cell::Unknown; 16],
                mines: Some(mines),
            };
            for k in 0..16 {
                if !mine[k] && rng.below(2) == 0 {
                    let n = b.neighbours(k).filter(|&nb| mine[nb]).count();
                    b.cells[k] = Cell::Number(n as u8);
                }
            }
            // Small enough for the brute force, and a guess is needed (no cell safe in every
            // layout).
            if b.unknown().len() > 10 {
                continue;
            }
            let Some((cell, win)) = best_guess(&b, 10_000, 1_000_000) else {
                continue;
            };
            let mut memo = HashMap::new();
            let exact = brute(&b, &mut memo);
            assert!((win - exact).abs() < 1e-9, "{win} vs {exact} on {b:?}");
            // And the cell chosen reaches it.
            let chosen = click(&b, &consistent(&b), cell, &mut memo);
            assert!(
                (chosen - exact).abs() < 1e-9,
                "{chosen} vs {exact} on {b:?}"
            );
            compared += 1;
            below_one += usize::from(exact < 1.0);
        }
        assert!(compared > 40 && below_one > 20, "{compared} {below_one}");
    }
}
