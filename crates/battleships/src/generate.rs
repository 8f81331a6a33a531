//! The poser: a random fleet layout, its row and column counts, then hints from the layout
//! added at random until the puzzle has exactly one solution (the SAT engine decides), then
//! every hint that is not needed dropped in one pass, so the hint set is minimal.

use crate::{Battleships, Hint, Placement, STANDARD_FLEET};
use wellposed_engine::{Options, UniquenessOracle, Xorshift};
use wellposed_sat::{Lit, Var};

/// A generated puzzle and its layout (row-major, true = ship).
pub struct Made {
    pub puzzle: Battleships,
    pub ship: Vec<bool>,
    /// Hints drawn before the puzzle was unique (before minimising).
    pub drawn: usize,
}

/// Ships placed longest first at random free places (none touching), or `None` after too many
/// dead ends.
fn random_layout(size: usize, rng: &mut Xorshift) -> Option<Vec<bool>> {
    'attempt: for _ in 0..1000 {
        let mut ship = vec![false; size * size];
        for &(len, count) in &STANDARD_FLEET {
            for _ in 0..count {
                let mut placed = false;
                for _ in 0..200 {
                    let horizontal = rng.below(2) == 0;
                    let (h, w) = if horizontal { (1, len) } else { (len, 1) };
                    if h > size || w > size {
                        continue;
                    }
                    let row = rng.below((size - h + 1) as u64) as usize;
                    let col = rng.below((size - w + 1) as u64) as usize;
                    let p = Placement {
                        len,
                        row,
                        col,
                        horizontal,
                    };
                    // Free: no ship cell in the placement's cells or around them.
                    let r0 = row.saturating_sub(1);
                    let c0 = col.saturating_sub(1);
                    let clear = (r0..(row + h + 1).min(size))
                        .all(|r| (c0..(col + w + 1).min(size)).all(|c| !ship[r * size + c]));
                    if clear {
                        for (r, c) in p.cells() {
                            ship[r * size + c] = true;
                        }
                        placed = true;
                        break;
                    }
                }
                if !placed {
                    continue 'attempt;
                }
            }
        }
        return Some(ship);
    }
    None
}

/// A minimal uniquely solvable puzzle on a `size`×`size` board with the standard fleet.
pub fn generate(size: usize, seed: u64, opts: &Options) -> Result<Made, String> {
    if !(7..=15).contains(&size) {
        return Err(format!(
            "expected a size from 7 to 15 (the standard fleet), found {size}"
        ));
    }
    let mut rng = Xorshift(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1);
    let ship = random_layout(size, &mut rng).ok_or("no room for the fleet")?;
    let count = |cells: &mut dyn Iterator<Item = usize>| Some(cells.filter(|&k| ship[k]).count());
    let mut b = Battleships {
        rows: size,
        cols: size,
        fleet: STANDARD_FLEET.to_vec(),
        shapes: Vec::new(),
        url_fleet: None,
        row_counts: (0..size)
            .map(|r| count(&mut (0..size).map(|c| r * size + c)))
            .collect(),
        col_counts: (0..size)
            .map(|c| count(&mut (0..size).map(|r| r * size + c)))
            .collect(),
        hints: Vec::new(),
    };
    let pieces: Vec<char> = b.fleet_of(ship.clone()).rows.concat().chars().collect();
    let mut order: Vec<usize> = (0..size * size).collect();
    rng.shuffle(&mut order);
    // Every cell's hint is a clue the one incremental solver can switch on; the planted
    // layout is excluded, so a check is one solve.
    let hint_at = |k: usize| {
        let hint = match pieces[k] {
            '.' => Hint::Water,
            letter => Hint::from_letter(letter).expect("piece letters are hints"),
        };
        (hint, k / size, k % size)
    };
    let all: Vec<(Hint, usize, usize)> = (0..size * size).map(hint_at).collect();
    let clues: Vec<Vec<Vec<Lit>>> = b.hint_clauses(&all).into_iter().map(|c| vec![c]).collect();
    let planted: Vec<(Var, bool)> = ship
        .iter()
        .enumerate()
        .map(|(k, &s)| (Var(k as u32), s))
        .collect();
    let mut oracle =
        UniquenessOracle::new(&b.cnf().cnf, &clues, &planted, opts).map_err(|e| e.to_string())?;
    let mut unique = |hints: &[(Hint, usize, usize)]| {
        let mut active = vec![false; size * size];
        for &(_, r, c) in hints {
            active[r * size + c] = true;
        }
        oracle.unique(&active)
    };
    let mut next = order.iter();
    while !unique(&b.hints) {
        let &k = next
            .next()
            .ok_or("every cell hinted and still not unique")?;
        b.hints.push(hint_at(k));
    }
    let drawn = b.hints.len();
    // One removal pass in random order: a hint needed when tried stays needed.
    let mut i = 0;
    let mut keep: Vec<(Hint, usize, usize)> = b.hints.clone();
    while i < keep.len() {
        let trial: Vec<(Hint, usize, usize)> = keep
            .iter()
            .enumerate()
            .filter(|&(j, _)| j != i)
            .map(|(_, &h)| h)
            .collect();
        if unique(&trial) {
            keep.remove(i);
        } else {
            i += 1;
        }
    }
    b.hints = keep;
    Ok(Made {
        puzzle: b,
        ship,
        drawn,
    })
}
