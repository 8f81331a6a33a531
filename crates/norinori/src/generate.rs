//! The generators. Both start alike: dominoes placed at random (each on two free cells with
//! no shaded cell beside them, until none fits or the share asked is shaded), a region grown
//! at random around every shaded cell, and the regions paired into rooms of two shaded cells
//! each — first each domino's two halves, then pairs swapped at random where two regions of
//! one pair touch two of another, so dominoes cross room borders.
//!
//! The default, rooms only ([`generate_rooms`]): a local search over the rooms guided by the
//! backbone (the cells some solutions shade and others do not), found on one incremental
//! solver per planted shading (`oracle`). A move takes an open
//! cell that the planted shading leaves unshaded, with the line of its room's unshaded cells
//! that leads to another room, into that room: every solution that shades the cell loses it
//! (its old room has a shaded cell too few, the new one a cell too many), and the planted
//! shading keeps every rule (only unshaded cells change rooms). The first of a few moves
//! that leaves fewer cells open is made (else the best of them); layouts met before are never
//! met again, so the search does not cycle. A round that finds nothing better tries every
//! move, then rooms merged with a neighbour and split again at random (`resplit`). It ends
//! when no cell is open: the rooms alone have one solution, and the puzzle has a puzz.link
//! URL.
//!
//! `--givens` ([`generate`]): while the engine finds another solution, a cell that the other
//! solution shades and ours does not is moved to a neighbouring room; where no cell can move,
//! or after as many moves as the board has cells, that cell is given unshaded instead. Last,
//! given cells are dropped one at a time, in random order, while the planted shading stays
//! the only one: unique, and minimal in its given cells.

use crate::oracle::RoomsOracle;
use crate::{Family, Mark, Norinori, Rooms, Shading};
use clap::{Args, FromArgMatches};
use serde_json::json;
use wellposed_engine::anyhow::{self, Result};
use wellposed_engine::rooms::{components, neighbours};
use wellposed_engine::{
    uniqueness, Difficulty, Generator, GridSize, Made, Options, Request, Uniqueness, Xorshift,
};

/// `generate norinori`'s parameters.
#[derive(Args)]
pub struct GenerateArgs {
    #[command(flatten)]
    size: GridSize,
    /// The share of shaded cells to stop at, in percent (at most 40; the default places
    /// dominoes until none fits, about a third of the cells).
    #[arg(long, default_value_t = 40)]
    fill: usize,
    /// Reach uniqueness with given cells where room moves stall (a minimal set of them); such
    /// a puzzle usually has no puzz.link URL. The default is rooms only.
    #[arg(long)]
    givens: bool,
}

pub const GENERATOR: Generator = Generator {
    args: || GridSize::command::<GenerateArgs>(Norinori::NAME, 10),
    difficulty: Difficulty::Graded,
    make,
};

/// Room moves, per cell of the board, before cells are given instead. Measured: more
/// moves (4 a cell), or moves kept only where the model counter finds fewer solutions, leave
/// about as many given cells at many times the time.
const MOVES: usize = 1;

/// The largest board the generator makes.
pub const MAX_GENERATED: usize = 2_500;

fn make(m: &clap::ArgMatches, req: &Request) -> Result<Made> {
    let a = GenerateArgs::from_arg_matches(m)?;
    let (rows, cols) = a.size.rows_cols();
    let (p, s, how) = if a.givens {
        let (p, s) =
            generate(rows, cols, a.fill, req.seed, req.options).map_err(anyhow::Error::msg)?;
        (p, s, "unique, given cells minimal".to_string())
    } else {
        let (p, s, checks) = generate_rooms(rows, cols, a.fill, req.seed, req.options)
            .map_err(anyhow::Error::msg)?;
        (p, s, format!("rooms only, unique after {checks} checks"))
    };
    p.verify(&s)
        .map_err(|e| anyhow::anyhow!("internal error: the planted shading breaks a rule: {e}"))?;
    let givens = p.givens.iter().flatten().count();
    let puzzle = p.to_text();
    Ok(Made {
        text: format!(
            "# seed {}: {} rooms, {givens} given cells ({how})\n{}",
            req.seed,
            p.rooms.cells.len(),
            puzzle.trim_end()
        ),
        json: json!({
            "seed": req.seed, "rooms": p.rooms.cells.len(), "givens": givens,
            "puzzle": puzzle, "url": p.url(), "solution": p.render(&s),
        }),
        puzzle,
    })
}

/// Dominoes at random, none beside another, until `fill` percent of the cells are shaded or
/// none fits.
pub fn random_dominoes(rows: usize, cols: usize, fill: usize, rng: &mut Xorshift) -> Vec<bool> {
    let n = rows * cols;
    let mut shaded = vec![false; n];
    let mut count = 0;
    let mut order: Vec<usize> = (0..n).collect();
    rng.shuffle(&mut order);
    let free =
        |shaded: &[bool], k: usize| !shaded[k] && !neighbours(rows, cols, k).any(|j| shaded[j]);
    for k in order {
        if count * 100 >= fill * n {
            break;
        }
        if !free(&shaded, k) {
            continue;
        }
        let mut next: Vec<usize> = neighbours(rows, cols, k)
            .filter(|&j| free(&shaded, j))
            .collect();
        if next.is_empty() {
            continue;
        }
        rng.shuffle(&mut next);
        shaded[k] = true;
        shaded[next[0]] = true;
        count += 2;
    }
    shaded
}

/// Rooms of two shaded cells each around a shading of dominoes (see the module's
/// documentation); `None` when some cell is out of reach of every shaded cell.
pub fn rooms_around(
    rows: usize,
    cols: usize,
    shaded: &[bool],
    rng: &mut Xorshift,
) -> Option<Rooms> {
    let n = rows * cols;
    let seeds: Vec<usize> = (0..n).filter(|&k| shaded[k]).collect();
    let mut region = vec![usize::MAX; n];
    for (i, &k) in seeds.iter().enumerate() {
        region[k] = i;
    }
    loop {
        let open: Vec<usize> = (0..n)
            .filter(|&k| {
                region[k] == usize::MAX
                    && neighbours(rows, cols, k).any(|j| region[j] != usize::MAX)
            })
            .collect();
        if open.is_empty() {
            break;
        }
        let k = open[rng.below(open.len() as u64) as usize];
        let near: Vec<usize> = neighbours(rows, cols, k)
            .filter(|&j| region[j] != usize::MAX)
            .collect();
        region[k] = region[near[rng.below(near.len() as u64) as usize]];
    }
    if region.contains(&usize::MAX) {
        return None;
    }
    let r = seeds.len();
    let mut touch = vec![vec![false; r]; r];
    for k in 0..n {
        for j in neighbours(rows, cols, k) {
            touch[region[k]][region[j]] = true;
        }
    }
    // Each region's partner: first the other half of its domino.
    let mut partner = vec![usize::MAX; r];
    for (i, &k) in seeds.iter().enumerate() {
        let other = neighbours(rows, cols, k)
            .find(|&j| shaded[j])
            .expect("a domino's other half");
        partner[i] = region[other];
    }
    for _ in 0..8 * r {
        let a1 = rng.below(r as u64) as usize;
        let b1 = rng.below(r as u64) as usize;
        let (a2, b2) = (partner[a1], partner[b1]);
        if a1 == b1 || a2 == b1 || !touch[a1][b1] || !touch[a2][b2] {
            continue;
        }
        partner[a1] = b1;
        partner[b1] = a1;
        partner[a2] = b2;
        partner[b2] = a2;
    }
    let label: Vec<usize> = region.iter().map(|&i| i.min(partner[i])).collect();
    Some(Rooms::from_labels(rows, cols, &label))
}

/// Moves unshaded cell `k` out of its room: the shortest line of the room's unshaded cells
/// from `k` to a cell beside another room goes into that room, when the room left stays
/// connected. The planted shading keeps every rule (only unshaded cells change rooms).
fn move_out(p: &mut Norinori, shaded: &[bool], k: usize, rng: &mut Xorshift) -> bool {
    move_into(p, shaded, k, None, rng)
}

/// [`move_out`] into room `target` when it is given (the line then ends beside that room).
fn move_into(
    p: &mut Norinori,
    shaded: &[bool],
    k: usize,
    target: Option<usize>,
    rng: &mut Xorshift,
) -> bool {
    let (rows, cols) = (p.rows(), p.cols());
    let mut label = p.rooms.of.clone();
    let old = label[k];
    let mut from = vec![usize::MAX; rows * cols];
    from[k] = k;
    let mut queue = std::collections::VecDeque::from([k]);
    while let Some(v) = queue.pop_front() {
        let outside: Vec<usize> = neighbours(rows, cols, v)
            .map(|j| label[j])
            .filter(|&r| r != old && target.is_none_or(|t| t == r))
            .collect();
        if !outside.is_empty() {
            // The smallest room beside: big rooms leave the most freedom, so they give cells
            // away and small ones take them.
            let size = |r: usize| label.iter().filter(|&&l| l == r).count();
            let into = *outside
                .iter()
                .min_by_key(|&&r| (size(r), rng.below(4)))
                .expect("a room beside");
            let mut path = vec![v];
            while *path.last().expect("a cell") != k {
                path.push(from[*path.last().expect("a cell")]);
            }
            for &c in &path {
                label[c] = into;
            }
            let rest: Vec<bool> = label.iter().map(|&l| l == old).collect();
            if components(rows, cols, &rest).len() == 1 {
                p.rooms = Rooms::from_labels(rows, cols, &label);
                return true;
            }
            for &c in &path {
                label[c] = old;
            }
        }
        for j in neighbours(rows, cols, v) {
            if label[j] == old && !shaded[j] && from[j] == usize::MAX {
                from[j] = v;
                queue.push_back(j);
            }
        }
    }
    false
}

/// Rounds of the rooms-only search per cell of the board before it starts afresh from new
/// dominoes, and the moves tried in each round.
const ROOM_ROUNDS: usize = 4;
const TRIES: usize = 6;

/// Open cells at which a round tries every move instead of a few (as it does after a round
/// that found nothing better): the last ambiguities are where the search stalls, and with the
/// incremental measure a full round there is cheap.
const ENDGAME: usize = 16;

/// Rounds without a new best before the search goes back to its best layout (and one more
/// for every 40 cells: a large board holds more ambiguities to try), and how many
/// times it does before it starts afresh.
const STALL: usize = 12;
const RESETS: usize = 3;

/// The rooms beside room `r`.
fn near_rooms(p: &Norinori, r: usize) -> Vec<usize> {
    let (rows, cols) = (p.rows(), p.cols());
    let mut near: Vec<usize> = p.rooms.cells[r]
        .iter()
        .flat_map(|&c| neighbours(rows, cols, c))
        .map(|j| p.rooms.of[j])
        .filter(|&o| o != r)
        .collect();
    near.sort_unstable();
    near.dedup();
    near
}

/// Rooms `a` and `b` (beside each other) merged and split again: the four cells the planted
/// shading shades there paired at random, and two rooms grown at random from the pairs over
/// the merged cells. `None` when a pair's room does not come out in one piece. The planted
/// shading keeps every rule (each new room holds one pair).
fn resplit(
    p: &Norinori,
    shaded: &[bool],
    a: usize,
    b: usize,
    rng: &mut Xorshift,
) -> Option<Norinori> {
    let (rows, cols) = (p.rows(), p.cols());
    let union: Vec<usize> = p.rooms.cells[a]
        .iter()
        .chain(&p.rooms.cells[b])
        .copied()
        .collect();
    let mut seeds: Vec<usize> = union.iter().copied().filter(|&k| shaded[k]).collect();
    rng.shuffle(&mut seeds);
    let mut label = p.rooms.of.clone();
    for &k in &union {
        label[k] = usize::MAX;
    }
    for (i, &k) in seeds.iter().enumerate() {
        label[k] = if i < 2 { a } else { b };
    }
    loop {
        let open: Vec<usize> = union
            .iter()
            .copied()
            .filter(|&k| {
                label[k] == usize::MAX
                    && neighbours(rows, cols, k).any(|j| label[j] == a || label[j] == b)
            })
            .collect();
        if open.is_empty() {
            break;
        }
        let k = open[rng.below(open.len() as u64) as usize];
        let near: Vec<usize> = neighbours(rows, cols, k)
            .map(|j| label[j])
            .filter(|&l| l == a || l == b)
            .collect();
        label[k] = near[rng.below(near.len() as u64) as usize];
    }
    if label.contains(&usize::MAX) {
        return None;
    }
    let q = Norinori::new(Rooms::from_labels(rows, cols, &label));
    q.check(shaded).is_ok().then_some(q)
}

/// Every move of one of `cells` into a room beside its own (see [`move_into`]).
fn moves(p: &Norinori, cells: &[usize]) -> Vec<(usize, usize)> {
    let (rows, cols) = (p.rows(), p.cols());
    let rooms = &p.rooms;
    let mut out = Vec::new();
    for &k in cells {
        let own = rooms.of[k];
        let mut near: Vec<usize> = rooms.cells[own]
            .iter()
            .flat_map(|&c| neighbours(rows, cols, c))
            .map(|j| rooms.of[j])
            .filter(|&r| r != own)
            .collect();
        near.sort_unstable();
        near.dedup();
        out.extend(near.into_iter().map(|r| (k, r)));
    }
    out
}

/// A unique puzzle from rooms alone (no given cell, so it has a puzz.link URL), its solution
/// and how many times the engine was asked. Dominoes at random and rooms around them as for
/// [`generate`]; then a local search over the rooms, guided by the cells the rooms leave open
/// (shaded in some solution, unshaded in another: the backbone, on one incremental solver).
/// Each round, a few open cells that the planted shading leaves unshaded are tried as moves out of their rooms
/// (see [`move_out`]; every solution that shades the cell moved is then gone, since its old
/// room loses a shaded cell and the room it joins gains one, and the planted shading keeps
/// every rule); the move that leaves the fewest open cells is made. The search ends when
/// none is open: the rooms alone have one solution.
/// Measures layout `q` (its cells left open) and keeps it in `best` when it leaves fewer open
/// than the layout kept there; returns how many it leaves open. A layout no better than the
/// kept one is not measured to the end (`open_cells`' bound): it would not be taken.
fn keep_best(
    oracle: &mut RoomsOracle,
    q: Norinori,
    best: &mut Option<(Norinori, Vec<usize>)>,
    n: usize,
) -> Result<usize, String> {
    let bound = best.as_ref().map_or(n, |(_, b)| b.len());
    let left = oracle.open_cells(&q.rooms, bound)?;
    let count = left.len();
    if best.as_ref().is_none_or(|(_, b)| count < b.len()) {
        *best = Some((q, left));
    }
    Ok(count)
}

pub fn generate_rooms(
    rows: usize,
    cols: usize,
    fill: usize,
    seed: u64,
    opts: &Options,
) -> Result<(Norinori, Shading, usize), String> {
    check_size(rows, cols, fill)?;
    let n = rows * cols;
    let mut rng = Xorshift(seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1);
    let mut checks = 0;
    for _ in 0..100 {
        let shaded = random_dominoes(rows, cols, fill, &mut rng);
        let Some(rooms) = rooms_around(rows, cols, &shaded, &mut rng) else {
            continue;
        };
        let mut p = Norinori::new(rooms);
        let s = p.shading_of(|k| shaded[k]);
        if p.verify(&s).is_err() {
            continue;
        }
        // One incremental solver for this planted shading: every layout the search tries
        // is a set of assumptions on it (see `oracle`).
        let mut oracle = RoomsOracle::new(rows, cols, &shaded, opts)?;
        let mut open = oracle.open_cells(&p.rooms, n)?;
        // Room layouts met before (as labels): the search never goes back to one, which
        // would make it cycle between two layouts as good as each other.
        let mut seen = std::collections::HashSet::new();
        seen.insert(p.rooms.of.clone());
        let mut best_seen = (p.clone(), open.clone());
        let (mut stalled, mut resets) = (0, 0);
        for _ in 0..ROOM_ROUNDS * n {
            if open.is_empty() {
                checks += oracle.checks;
                // Proved again from nothing by the engine, not by the search's own solver.
                if !matches!(
                    uniqueness(&p, opts).map_err(|e| e.to_string())?,
                    Uniqueness::Unique(_)
                ) {
                    return Err(
                        "internal error: the rooms-only search's answer is not unique".into(),
                    );
                }
                return Ok((p, s, checks));
            }
            // Moves: an open cell the planted shading leaves unshaded into a room beside its
            // room; when none is left untried, any unshaded cell of a room with an open cell.
            let open_rooms: Vec<usize> = open.iter().map(|&k| p.rooms.of[k]).collect();
            let mut moved = None;
            for wide in [false, true] {
                let cells: Vec<usize> = (0..n)
                    .filter(|&k| {
                        !shaded[k]
                            && if wide {
                                open_rooms.contains(&p.rooms.of[k])
                            } else {
                                open.contains(&k)
                            }
                    })
                    .collect();
                let mut candidates = moves(&p, &cells);
                rng.shuffle(&mut candidates);
                let mut tried = 0;
                for &(k, into) in &candidates {
                    let mut q = p.clone();
                    if !move_into(&mut q, &shaded, k, Some(into), &mut rng)
                        || !seen.insert(q.rooms.of.clone())
                    {
                        continue;
                    }
                    tried += 1;
                    // The first move that settles more cells is taken; otherwise the best of
                    // a few (perhaps worse: layouts met are never met again, so it moves on).
                    let better = keep_best(&mut oracle, q, &mut moved, n)? < open.len();
                    if better || (tried == TRIES && open.len() > ENDGAME && stalled == 0) {
                        break;
                    }
                }
                if moved.is_some() {
                    break;
                }
            }
            // No move settles more: rooms with an open cell are merged with a neighbour and
            // split again at random (a wider change than one line of cells).
            if moved
                .as_ref()
                .is_none_or(|(_, b): &(Norinori, Vec<usize>)| b.len() >= open.len())
            {
                let mut pairs: Vec<(usize, usize)> = Vec::new();
                for &a in &open_rooms {
                    for b in near_rooms(&p, a) {
                        if !pairs.contains(&(a, b)) && !pairs.contains(&(b, a)) {
                            pairs.push((a, b));
                        }
                    }
                }
                rng.shuffle(&mut pairs);
                for (a, b) in pairs {
                    let Some(q) = resplit(&p, &shaded, a, b, &mut rng) else {
                        continue;
                    };
                    if !seen.insert(q.rooms.of.clone()) {
                        continue;
                    }
                    if keep_best(&mut oracle, q, &mut moved, n)? < open.len() {
                        break;
                    }
                }
            }
            if let Some((q, left)) = moved {
                p = q;
                open = left;
            }
            if open.len() < best_seen.1.len() {
                best_seen = (p.clone(), open.clone());
                (stalled, resets) = (0, 0);
            } else {
                stalled += 1;
            }
            // A search that has not bettered its best for a while goes back to it (its
            // neighbours met before stay out, so it goes another way), a few times, and
            // then starts afresh.
            if stalled >= STALL + n / 40 {
                if resets == RESETS {
                    break;
                }
                resets += 1;
                stalled = 0;
                (p, open) = best_seen.clone();
            }
        }
        checks += oracle.checks;
    }
    Err(format!(
        "no rooms-only {rows}×{cols} Norinori found in 100 tries"
    ))
}

fn check_size(rows: usize, cols: usize, fill: usize) -> Result<(), String> {
    if rows < 2 || cols < 2 || rows.saturating_mul(cols) > MAX_GENERATED {
        return Err(format!(
            "generate norinori: expected a board of 2×2 to {MAX_GENERATED} cells, found {rows}×{cols}"
        ));
    }
    if !(10..=40).contains(&fill) {
        return Err(format!(
            "generate norinori: --fill: expected 10 to 40 percent, found {fill}"
        ));
    }
    Ok(())
}

/// `--givens`: a unique puzzle with a minimal set of given cells, and its solution.
pub fn generate(
    rows: usize,
    cols: usize,
    fill: usize,
    seed: u64,
    opts: &Options,
) -> Result<(Norinori, Shading), String> {
    check_size(rows, cols, fill)?;
    let n = rows * cols;
    let mut rng = Xorshift(seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1);
    let other_of = |p: &Norinori, s: &Shading| -> Result<Option<Option<Shading>>, String> {
        Ok(match uniqueness(p, opts).map_err(|e| e.to_string())? {
            Uniqueness::Unique(_) => None,
            Uniqueness::None => Some(None),
            Uniqueness::Multiple(a, b) => {
                let a: &Shading = a.solution().ok_or("a shading")?;
                let b: &Shading = b.solution().ok_or("a shading")?;
                Some(Some(if a == s { b.clone() } else { a.clone() }))
            }
        })
    };
    for _ in 0..100 {
        let shaded = random_dominoes(rows, cols, fill, &mut rng);
        let Some(rooms) = rooms_around(rows, cols, &shaded, &mut rng) else {
            continue;
        };
        let mut p = Norinori::new(rooms);
        let s = p.shading_of(|k| shaded[k]);
        if p.verify(&s).is_err() {
            continue;
        }
        // Rooms change while that helps; past `MOVES` moves a cell, or where no cell can move,
        // a cell is given instead (each given cell rules out the other solution found, so
        // this ends).
        let mut unique = false;
        for round in 0..(MOVES + 1) * n {
            let other = match other_of(&p, &s)? {
                None => {
                    unique = true;
                    break;
                }
                Some(None) => return Err("internal error: the planted shading is lost".into()),
                Some(Some(o)) => o,
            };
            let mut candidates: Vec<usize> = (0..n)
                .filter(|&k| other.at(k, cols) && !shaded[k])
                .collect();
            rng.shuffle(&mut candidates);
            let moved = round < MOVES * n
                && candidates
                    .iter()
                    .any(|&k| move_out(&mut p, &shaded, k, &mut rng));
            if !moved {
                p.givens[candidates[0]] = Some(Mark::Unshaded);
            }
        }
        if !unique {
            continue;
        }
        let mut order: Vec<usize> = (0..n).filter(|&k| p.givens[k].is_some()).collect();
        rng.shuffle(&mut order);
        for k in order {
            let g = p.givens[k].take();
            if other_of(&p, &s)?.is_some() {
                p.givens[k] = g;
            }
        }
        return Ok((p, s));
    }
    Err("no unique Norinori board found in 100 tries".into())
}
