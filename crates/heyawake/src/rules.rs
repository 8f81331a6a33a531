//! Heyawake's techniques as rules of the shared deduction engine
//! ([`wellposed_engine::deduce`]), over the encoding's cell variables ("shaded", row-major).
//! The encoding's clauses already carry the local ones by propagation: a shaded cell's
//! neighbours are unshaded, a room with its number of shaded cells has the rest unshaded (and
//! one with as many open cells as it still needs has them shaded), the last open cell of a
//! line that would cross two room borders is shaded. The family adds what the clauses do not
//! say directly:
//!
//! - `room-patterns` (level 2): a numbered room of at most 12 cells has few shadings that keep
//!   its number, no two shaded cells side by side (inside the room or next to a shaded cell
//!   outside it) and what is known of its cells: a cell that all of them shade, or all leave
//!   unshaded, is settled (a 2×2 room's 2 is two diagonal ways; a 3×3 room's 5 is the
//!   corners and the centre). Valid: the solution's shading of the room is one of them.
//!   Monotone: knowing more only removes shadings.
//! - `no-split` (level 3): a cell whose shading would cut the unshaded cells known so far
//!   apart (every path between two of them through cells not known shaded passes through it) is
//!   unshaded. Valid: the unshaded cells are connected. Monotone: shading more cells only
//!   removes paths.

use crate::rooms::{neighbours, UnshadedNoSplit};
use crate::Heyawake;
use std::sync::Arc;
use wellposed_engine::deduce::{possible, FamilyRule, Removal, Rule, State};
use wellposed_engine::sat::Var;

struct RoomPatterns {
    p: Arc<Heyawake>,
}

/// The largest room `room-patterns` enumerates (2^12 shadings).
const PATTERN_ROOM: usize = 12;

/// The rules, easiest first.
pub fn rules(p: &Heyawake) -> Vec<Box<dyn FamilyRule>> {
    let p = Arc::new(p.clone());
    vec![
        Box::new(RoomPatterns { p: Arc::clone(&p) }),
        Box::new(UnshadedNoSplit {
            rows: p.rows(),
            cols: p.cols(),
        }),
    ]
}

impl FamilyRule for RoomPatterns {
    fn rule(&self) -> Rule {
        Rule::Family("room-patterns", 2)
    }

    fn propose(&self, state: &State) -> Vec<Removal> {
        self.propose_steps(state).into_iter().flatten().collect()
    }

    /// One room a step.
    fn propose_steps(&self, state: &State) -> Vec<Vec<Removal>> {
        let p = &self.p;
        let (rows, cols) = (p.rows(), p.cols());
        let var = |k: usize| Var(k as u32);
        let mut steps = Vec::new();
        for (i, room) in p.rooms.cells.iter().enumerate() {
            let crate::Clue::Number(want) = p.clues[i] else {
                continue;
            };
            if room.len() > PATTERN_ROOM {
                continue;
            }
            // Per cell: whether some kept shading shades it, leaves it.
            let mut can_on = 0u32;
            let mut can_off = 0u32;
            for bits in 0u32..1 << room.len() {
                if bits.count_ones() != want {
                    continue;
                }
                let on = |j: usize| bits >> j & 1 == 1;
                let keeps = room.iter().enumerate().all(|(j, &k)| {
                    possible(state, var(k), on(j))
                        && (!on(j)
                            || neighbours(rows, cols, k).all(|m| {
                                match room.iter().position(|&x| x == m) {
                                    Some(jm) => !on(jm),
                                    None => possible(state, var(m), false),
                                }
                            }))
                });
                if keeps {
                    can_on |= bits;
                    can_off |= !bits;
                }
            }
            let mut out = Vec::new();
            for (j, &k) in room.iter().enumerate() {
                for (value, can) in [(true, can_on), (false, can_off)] {
                    if can >> j & 1 == 0 && possible(state, var(k), value) {
                        out.push(Removal::by(self.rule(), var(k), value));
                    }
                }
            }
            if !out.is_empty() {
                steps.push(out);
            }
        }
        steps
    }

    fn why(&self) -> &'static str {
        "every way to shade this room's number of cells, none side by side, agrees on this cell"
    }
}
