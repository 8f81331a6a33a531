//! Norinori's techniques as rules of the shared deduction engine
//! ([`wellposed_engine::deduce`]), over the encoding's cell variables ("shaded", row-major).
//! The encoding's clauses already carry the local ones by propagation: a room with two shaded
//! cells has the rest unshaded and one with two cells left shades both (the room's count); the
//! cells next to a finished domino are unshaded and a shaded cell with one neighbour left
//! shades it (the neighbour clauses); three shaded cells of a 2×2 block, or two diagonal ones
//! with a third beside them, cannot be (a cell would have two shaded neighbours). The family
//! adds what takes a player a look at a whole domino or a whole room:
//!
//! - `domino-fits` (level 2): a cell is unshaded when no domino through it fits — both cells
//!   may be shaded, every other neighbour of the two may be unshaded, no room gets a third
//!   shaded cell, and no room is left with fewer than two cells that could be shaded.
//! - `room-placements` (level 3): the ways to shade two cells of a room, each with room for
//!   its domino (a partner outside the room when the two are apart); a cell that all of them
//!   shade, or all leave unshaded, is settled.
//!
//! Both are valid (the solution's domino fits, its room's two cells are a way) and monotone
//! (knowing more only removes dominoes and ways).

use crate::Norinori;
use std::sync::Arc;
use wellposed_engine::deduce::{possible, FamilyRule, Removal, Rule, State};
use wellposed_engine::sat::Var;

/// The largest room `room-placements` looks at (its pairs of cells).
const PLACEMENT_ROOM: usize = 64;

/// The rules, easiest first.
pub fn rules(p: &Norinori) -> Vec<Box<dyn FamilyRule>> {
    let p = Arc::new(p.clone());
    vec![
        Box::new(DominoFits { p: Arc::clone(&p) }),
        Box::new(RoomPlacements { p }),
    ]
}

fn var(k: usize) -> Var {
    Var(k as u32)
}

fn may_shade(state: &State, k: usize) -> bool {
    possible(state, var(k), true)
}

fn may_unshade(state: &State, k: usize) -> bool {
    possible(state, var(k), false)
}

/// Whether the domino `a`–`b` (neighbours) can be shaded in `state`: both cells may be
/// shaded, their other neighbours may all be unshaded, and (when `rooms` is asked) no room
/// then has three shaded cells or fewer than two that could be.
fn fits(p: &Norinori, state: &State, a: usize, b: usize, rooms: bool) -> bool {
    if !may_shade(state, a) || !may_shade(state, b) {
        return false;
    }
    let around: Vec<usize> = p
        .neighbours(a)
        .chain(p.neighbours(b))
        .filter(|&m| m != a && m != b)
        .collect();
    if around.iter().any(|&m| !may_unshade(state, m)) {
        return false;
    }
    if !rooms {
        return true;
    }
    let mut touched: Vec<usize> = [a, b]
        .iter()
        .chain(&around)
        .map(|&k| p.rooms.of[k])
        .collect();
    touched.sort_unstable();
    touched.dedup();
    touched.into_iter().all(|i| {
        let cells = &p.rooms.cells[i];
        let shaded = cells
            .iter()
            .filter(|&&k| k == a || k == b || !may_unshade(state, k))
            .count();
        let room_left = cells
            .iter()
            .filter(|&&k| may_shade(state, k) && !around.contains(&k))
            .count();
        shaded <= 2 && room_left >= 2
    })
}

struct DominoFits {
    p: Arc<Norinori>,
}

impl FamilyRule for DominoFits {
    fn rule(&self) -> Rule {
        Rule::Family("domino-fits", 2)
    }

    fn propose(&self, state: &State) -> Vec<Removal> {
        self.propose_steps(state).into_iter().flatten().collect()
    }

    /// One cell a step.
    fn propose_steps(&self, state: &State) -> Vec<Vec<Removal>> {
        let p = &self.p;
        (0..p.rows() * p.cols())
            .filter(|&k| may_shade(state, k))
            .filter(|&k| !p.neighbours(k).any(|j| fits(p, state, k, j, true)))
            .map(|k| vec![Removal::by(self.rule(), var(k), true)])
            .collect()
    }

    fn why(&self) -> &'static str {
        "no domino through this cell fits: a neighbour it needs is unshaded, a cell beside it is shaded, or a room would get three shaded cells or too few"
    }
}

struct RoomPlacements {
    p: Arc<Norinori>,
}

impl RoomPlacements {
    /// Whether cell `a` of room `room` can have its domino's partner outside the room, while
    /// `b` (the room's other shaded cell, not beside `a`) is shaded too.
    fn partner_outside(&self, state: &State, room: usize, a: usize, b: usize) -> bool {
        let p = &self.p;
        p.neighbours(a).any(|x| {
            p.rooms.of[x] != room
                && !p.neighbours(x).any(|y| y == b)
                && fits(p, state, a, x, false)
                && p.rooms.cells[p.rooms.of[x]]
                    .iter()
                    .filter(|&&k| k != x && !may_unshade(state, k))
                    .count()
                    <= 1
        })
    }

    /// Whether shading exactly `a` and `b` in room `room` keeps the rules near them.
    fn way(&self, state: &State, room: usize, a: usize, b: usize) -> bool {
        let p = &self.p;
        let cells = &p.rooms.cells[room];
        if !may_shade(state, a) || !may_shade(state, b) {
            return false;
        }
        if cells
            .iter()
            .any(|&k| k != a && k != b && !may_unshade(state, k))
        {
            return false;
        }
        if p.neighbours(a).any(|j| j == b) {
            fits(p, state, a, b, false)
        } else {
            self.partner_outside(state, room, a, b) && self.partner_outside(state, room, b, a)
        }
    }

    /// The removals one room gives.
    fn room(&self, state: &State, i: usize) -> Vec<Removal> {
        let cells = &self.p.rooms.cells[i];
        if cells.len() > PLACEMENT_ROOM
            || cells
                .iter()
                .all(|&k| !may_shade(state, k) || !may_unshade(state, k))
        {
            return Vec::new();
        }
        let (mut can_on, mut can_off) = (vec![false; cells.len()], vec![false; cells.len()]);
        for x in 0..cells.len() {
            for y in x + 1..cells.len() {
                if self.way(state, i, cells[x], cells[y]) {
                    for (j, (on, off)) in can_on.iter_mut().zip(&mut can_off).enumerate() {
                        if j == x || j == y {
                            *on = true;
                        } else {
                            *off = true;
                        }
                    }
                }
            }
        }
        let mut out = Vec::new();
        for (j, &k) in cells.iter().enumerate() {
            for (value, can) in [(true, can_on[j]), (false, can_off[j])] {
                if !can && possible(state, var(k), value) {
                    out.push(Removal::by(self.rule(), var(k), value));
                }
            }
        }
        out
    }
}

impl FamilyRule for RoomPlacements {
    fn rule(&self) -> Rule {
        Rule::Family("room-placements", 3)
    }

    fn propose(&self, state: &State) -> Vec<Removal> {
        self.propose_steps(state).into_iter().flatten().collect()
    }

    /// One room a step.
    fn propose_steps(&self, state: &State) -> Vec<Vec<Removal>> {
        (0..self.p.rooms.cells.len())
            .map(|i| self.room(state, i))
            .filter(|r| !r.is_empty())
            .collect()
    }

    fn why(&self) -> &'static str {
        "every way to shade two cells of this room, each with room for its domino, agrees on this cell"
    }
}
