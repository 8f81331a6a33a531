//! The generator: random rectangular rooms, a random shading (first a cell of each line that
//! would cross two room borders, then more cells in random order, each while no two shaded
//! cells touch and the unshaded cells stay connected), rooms merged where a line of unshaded
//! cells would still cross two borders; every room's number, then a minimal set of numbers
//! proved unique: numbers are dropped one at a time, in random order, while the engine proves
//! the planted shading the only one (a number kept was needed with more numbers present, so it
//! is needed with fewer).
//!
//! On larger boards every room's number seldom makes the shading unique (from 20×20 on, 300
//! draws in a row failed), so the rooms are refined instead of drawn again: while another
//! shading fits every number, a room where the two differ is cut in two by a straight line
//! on which they shade a different number of cells on one side. Both parts get their numbers;
//! the planted shading keeps every rule (checked) and the other one no longer fits, and every
//! shading that fits the cut rooms fitted the whole ones, so each cut only removes solutions.
//! From 30×30 on the cuts run out (after 20–30 of them no cut keeps the planted shading valid:
//! the rooms are too small), so then the planted shading changes instead: one cell of a room
//! where the two differ is flipped, where that keeps every rule, and the numbers follow the new
//! shading. That room's number moves by one, so the other shading no longer fits; it is a new
//! planted puzzle, and refinement goes on from it.
//!
//! The minimisation asks one incremental solver ([`UniquenessOracle`]) rather than a fresh
//! solve per number: the numbers are its clues, switched off by assumption, and what it learns
//! (connectivity cuts included) carries over from check to check. Each answer is the same
//! proof as before, so the puzzles made are the same, only sooner.

use crate::rooms::{add_shading, components, neighbours, random_rectangles};
use crate::{Clue, Family, Heyawake, Rooms, Shading};
use clap::{Args, FromArgMatches};
use serde_json::json;
use wellposed_engine::anyhow::{self, Result};
use wellposed_engine::sat::{Lit, Var};
use wellposed_engine::{
    uniqueness, Difficulty, Generator, GridSize, Made, Options, Request, Uniqueness,
    UniquenessOracle, Xorshift,
};

/// `generate heyawake`'s parameters.
#[derive(Args)]
pub struct GenerateArgs {
    #[command(flatten)]
    size: GridSize,
    /// The largest room.
    #[arg(long, default_value_t = 6)]
    room: usize,
}

pub const GENERATOR: Generator = Generator {
    args: || GridSize::command::<GenerateArgs>(Heyawake::NAME, 6),
    difficulty: Difficulty::Graded,
    make,
};

/// The largest board the generator makes (each number costs a solve).
const MAX_GENERATED: usize = 900;

fn make(m: &clap::ArgMatches, req: &Request) -> Result<Made> {
    let a = GenerateArgs::from_arg_matches(m)?;
    let (rows, cols) = a.size.rows_cols();
    if rows < 2 || cols < 2 || rows * cols > MAX_GENERATED || a.room < 2 {
        anyhow::bail!("generate heyawake: expected a board of 2×2 to {MAX_GENERATED} cells and rooms of at least 2, found {rows}×{cols} and {}", a.room);
    }
    let (p, s) = generate(rows, cols, a.room, req.seed, req.options).map_err(anyhow::Error::msg)?;
    p.verify(&s)
        .map_err(|e| anyhow::anyhow!("internal error: the planted shading breaks a rule: {e}"))?;
    let numbers = p.clued().count();
    let puzzle = p.to_text();
    Ok(Made {
        text: format!(
            "# seed {}: {} rooms, {numbers} numbers (minimal)\n{}",
            req.seed,
            p.rooms.cells.len(),
            puzzle.trim_end()
        ),
        json: json!({
            "seed": req.seed, "rooms": p.rooms.cells.len(), "numbers": numbers,
            "puzzle": puzzle, "url": p.url(), "solution": p.render(&s),
        }),
        puzzle,
    })
}

/// Shades a cell of each line that crosses two room borders all unshaded, where one can be
/// shaded (no shaded neighbour, the unshaded cells still connected).
fn break_spans(p: &Heyawake, shaded: &mut [bool], rng: &mut Xorshift) {
    let (rows, cols) = (p.rows(), p.cols());
    for span in p.spans() {
        if span.iter().any(|&k| shaded[k]) {
            continue;
        }
        let mut order = span.clone();
        rng.shuffle(&mut order);
        for k in order {
            if neighbours(rows, cols, k).any(|j| shaded[j]) {
                continue;
            }
            shaded[k] = true;
            let unshaded: Vec<bool> = shaded.iter().map(|&x| !x).collect();
            if components(rows, cols, &unshaded).len() > 1 {
                shaded[k] = false;
            } else {
                break;
            }
        }
    }
}

/// Merges rooms until no line of unshaded cells crosses two borders: the first room of such a
/// line joins the second (one border fewer on that line; rooms only grow, so this ends).
fn merge_rooms(p: &mut Heyawake, shaded: &[bool]) {
    loop {
        let Some(span) = p
            .spans()
            .into_iter()
            .find(|sp| sp.iter().all(|&k| !shaded[k]))
        else {
            return;
        };
        let (from, into) = (p.rooms.of[span[0]], p.rooms.of[span[1]]);
        let label: Vec<usize> = p
            .rooms
            .of
            .iter()
            .map(|&r| if r == from { into } else { r })
            .collect();
        p.rooms = Rooms::from_labels(p.rows(), p.cols(), &label);
        p.clues = vec![Clue::None; p.rooms.cells.len()];
    }
}

/// A puzzle with a minimal set of numbers whose only solution is the returned shading.
pub fn generate(
    rows: usize,
    cols: usize,
    room: usize,
    seed: u64,
    opts: &Options,
) -> Result<(Heyawake, Shading), String> {
    let mut rng = Xorshift(seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1);
    for _ in 0..300 {
        let rooms = random_rectangles(rows, cols, room, &mut rng);
        let mut p = Heyawake {
            clues: vec![Clue::None; rooms.cells.len()],
            rooms,
        };
        // The lines across two borders first (each needs a shaded cell), then more cells.
        let mut shaded = vec![false; rows * cols];
        break_spans(&p, &mut shaded, &mut rng);
        add_shading(rows, cols, &mut shaded, &mut rng);
        merge_rooms(&mut p, &shaded);
        let mut s = p.shading_of(|k| shaded[k]);
        if p.verify(&s).is_err() {
            continue; // an unshaded line crosses two borders: draw again
        }
        p = numbered(&p.rooms, &s);
        if !refine(&mut p, &mut s, &mut rng, opts)? {
            continue;
        }
        let mut order: Vec<usize> = (0..p.clues.len()).collect();
        rng.shuffle(&mut order);
        let mut oracle = numbers_oracle(&p, &s, opts)?;
        let mut active = vec![true; p.clues.len()];
        for i in order {
            active[i] = false;
            if !oracle.unique(&active) {
                active[i] = true;
            }
        }
        for (clue, on) in p.clues.iter_mut().zip(&active) {
            if !on {
                *clue = Clue::None;
            }
        }
        return Ok((p, s));
    }
    Err("no shading with a unique puzzle found in 300 tries".into())
}

/// The uniqueness oracle of `p`'s rooms with `s` planted, each room's number a clue that a
/// check may leave out. The numbers are the only clues and the connectivity cuts hold whatever
/// the numbers, so one incremental solver serves every check of the minimisation, keeping what
/// it learnt (at 30×30 a fresh solve per number took minutes on some single checks).
fn numbers_oracle(p: &Heyawake, s: &Shading, opts: &Options) -> Result<UniquenessOracle, String> {
    let cols = p.cols();
    let mut rules = p.cnf(opts.choices, false);
    // Each number's cardinality clauses, written into a copy so that its auxiliary variables
    // are numbered after the rules' own (and the rules then reserve them).
    let mut numbers = rules.cnf.clone();
    let mut clues = Vec::with_capacity(p.clues.len());
    for (i, room) in p.rooms.cells.iter().enumerate() {
        let before = numbers.clauses().len();
        let lits: Vec<Lit> = room.iter().map(|&k| Var(k as u32).positive()).collect();
        numbers.exactly_k(&lits, u64::from(p.shaded_in(s, i)));
        clues.push(numbers.clauses()[before..].to_vec());
    }
    rules.cnf.reserve_vars(numbers.num_vars());
    let planted: Vec<(Var, bool)> = (0..p.rows() * cols)
        .map(|k| (Var(k as u32), s.at(k, cols)))
        .collect();
    UniquenessOracle::for_encoding(&rules, &clues, &planted, opts).map_err(|e| e.to_string())
}

/// Cuts rooms (see the module's comment) until the numbers of every room leave `s` the only
/// shading. When no cut keeps `s` valid, `s` itself changes instead: one cell of a room where
/// the other shading differs is flipped (if the result keeps every rule) and the numbers
/// follow it, so that room now counts one more or one fewer than the other shading shades
/// there.
/// `false` when neither a cut nor a flip is left, or after a bounded number of steps.
fn refine(
    p: &mut Heyawake,
    s: &mut Shading,
    rng: &mut Xorshift,
    opts: &Options,
) -> Result<bool, String> {
    let (rows, cols) = (p.rows(), p.cols());
    // Between two cuts a cell flips at most once: flipping it back would let in a shading met
    // before, and without this the flips went round (10×10 seed 6: 399 flips).
    let mut flipped = vec![false; rows * cols];
    // Each cut adds a room, so at most one cut per cell; flips are bounded by the same budget.
    for _ in 0..=2 * rows * cols {
        let other = match uniqueness(p, opts).map_err(|e| e.to_string())? {
            Uniqueness::Unique(_) => return Ok(true),
            Uniqueness::None => {
                return Err("internal error: the planted shading breaks a rule".into())
            }
            Uniqueness::Multiple(a, b) => {
                let a: &Shading = a.solution().ok_or("a shading")?;
                let b: &Shading = b.solution().ok_or("a shading")?;
                if a == s {
                    b.clone()
                } else {
                    a.clone()
                }
            }
        };
        let mut differing: Vec<usize> = (0..rows * cols)
            .filter(|&k| s.at(k, cols) != other.at(k, cols))
            .collect();
        let mut room_differs = vec![false; p.rooms.cells.len()];
        for &k in &differing {
            room_differs[p.rooms.of[k]] = true;
        }
        // Every straight cut (row or column line through a room's cells) that tells the two
        // shadings apart: on its first side they shade different numbers of cells.
        let mut cuts: Vec<(usize, bool, usize)> = Vec::new();
        for (i, room) in p.rooms.cells.iter().enumerate() {
            if !room_differs[i] {
                continue;
            }
            for by_row in [true, false] {
                let line = |k: usize| if by_row { k / cols } else { k % cols };
                let (lo, hi) = room.iter().fold((usize::MAX, 0), |(lo, hi), &k| {
                    (lo.min(line(k)), hi.max(line(k)))
                });
                for at in lo + 1..=hi {
                    let side = |sh: &Shading| {
                        room.iter()
                            .filter(|&&k| line(k) < at && sh.at(k, cols))
                            .count()
                    };
                    if side(s) != side(&other) {
                        cuts.push((i, by_row, at));
                    }
                }
            }
        }
        rng.shuffle(&mut cuts);
        let cut = cuts.into_iter().find_map(|(i, by_row, at)| {
            let line = |k: usize| if by_row { k / cols } else { k % cols };
            let label: Vec<(usize, bool)> = (0..rows * cols)
                .map(|k| (p.rooms.of[k], p.rooms.of[k] == i && line(k) < at))
                .collect();
            let q = numbered(&Rooms::from_labels(rows, cols, &label), s);
            q.verify(s).is_ok().then_some(q)
        });
        log::debug!(
            "refine: {} rooms, {} cells differ, cut: {}",
            p.rooms.cells.len(),
            differing.len(),
            cut.is_some()
        );
        if let Some(q) = cut {
            *p = q;
            flipped.fill(false);
            continue;
        }
        // The cells where the two differ first, then the other cells of their rooms: flipping
        // any cell of such a room changes its number by one, which the other shading (equal
        // in count there before) no longer meets.
        rng.shuffle(&mut differing);
        let mut rest: Vec<usize> = (0..rows * cols)
            .filter(|&k| s.at(k, cols) == other.at(k, cols) && room_differs[p.rooms.of[k]])
            .collect();
        rng.shuffle(&mut rest);
        differing.extend(rest);
        let flip = differing
            .into_iter()
            .filter(|&k| !flipped[k])
            .find_map(|k| {
                let t = p.shading_of(|j| s.at(j, cols) != (j == k));
                let q = numbered(&p.rooms, &t);
                q.verify(&t).is_ok().then_some((k, q, t))
            });
        log::debug!("refine: flip: {}", flip.is_some());
        match flip {
            Some((k, q, t)) => {
                flipped[k] = true;
                *p = q;
                *s = t;
            }
            None => return Ok(false),
        }
    }
    Ok(false)
}

/// The rooms with every room's number as `s` shades it.
fn numbered(rooms: &Rooms, s: &Shading) -> Heyawake {
    let mut q = Heyawake {
        rooms: rooms.clone(),
        clues: Vec::new(),
    };
    q.clues = (0..q.rooms.cells.len())
        .map(|r| Clue::Number(q.shaded_in(s, r)))
        .collect();
    q
}
