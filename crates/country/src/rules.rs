//! Country Road's techniques as rules of the shared deduction engine
//! ([`wellposed_engine::deduce`]). Grading deduces over the loop alone (segments, each cell's
//! "visited" variable, the single-cycle clauses: [`Country::deduction_cnf`]); the rooms' rules
//! are these family rules, so that a hint names them in words rather than a clause of a
//! cardinality encoding. Each is valid (it removes no value of any solution), monotone (knowing
//! more only makes it propose more) and reports a contradiction by removing a value that is the
//! only one left, so that an answer they all accept keeps the rooms' rules:
//!
//! - `loop-degree` (level 1) and `no-small-loop` (level 3): every loop genre's rules
//!   ([`wellposed_engine::connectivity::loop_rules`]);
//! - `room-exits` (level 1): the loop crosses a room's border exactly twice: with two exits
//!   on, the room's other exits are off; with only two exits left, both are on;
//! - `border-neighbour` (level 1): a cell off the loop makes its neighbours across a room
//!   border visited;
//! - `visited-cell` (level 1): a cell the loop must visit with only two lines left takes both;
//! - `room-number` (level 2): a room with its number of visited cells has the rest off the
//!   loop; one with only its number of cells left has them all visited.

use crate::{Clue, Country};
use std::sync::Arc;
use wellposed_engine::connectivity::{loop_rules, LoopGraph};
use wellposed_engine::deduce::{possible, FamilyRule, Removal, Rule, State};
use wellposed_engine::sat::{Lit, Var};

/// What the rules read: the puzzle, each room's exits (segment indices), each cell's segments
/// and visited variable.
struct Board {
    p: Country,
    exits: Vec<Vec<usize>>,
    segs_of: Vec<Vec<usize>>,
    border_pairs: Vec<(usize, usize)>,
    used: Vec<Var>,
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Kind {
    RoomExits,
    BorderNeighbour,
    VisitedCell,
    RoomNumber,
}

struct CountryRule {
    kind: Kind,
    b: Arc<Board>,
}

/// The rules, easiest first. `used` is each cell's visited literal in the deduction encoding.
pub fn rules(p: &Country, used: &[Lit]) -> Vec<Box<dyn FamilyRule>> {
    let pairs = p.pairs();
    let n = p.rows() * p.cols();
    let mut segs_of = vec![Vec::new(); n];
    for (k, &(a, b)) in pairs.iter().enumerate() {
        segs_of[a].push(k);
        segs_of[b].push(k);
    }
    let must: Vec<bool> = (0..n)
        .map(|k| {
            let i = p.rooms.of[k];
            p.rooms.cells[i].len() == 1 || p.clues[i] == Clue::Number(p.rooms.cells[i].len() as u32)
        })
        .collect();
    let mut out = loop_rules(LoopGraph {
        vertices: n,
        edges: pairs
            .iter()
            .enumerate()
            .map(|(k, &(a, b))| (a, b, Var(k as u32)))
            .collect(),
        must,
    });
    let board = Arc::new(Board {
        exits: p.exits(),
        border_pairs: pairs
            .iter()
            .copied()
            .filter(|&(a, b)| p.rooms.border(a, b))
            .collect(),
        segs_of,
        used: used.iter().map(|l| l.var()).collect(),
        p: p.clone(),
    });
    for kind in [
        Kind::RoomExits,
        Kind::BorderNeighbour,
        Kind::VisitedCell,
        Kind::RoomNumber,
    ] {
        out.push(Box::new(CountryRule {
            kind,
            b: Arc::clone(&board),
        }));
    }
    out
}

/// Among `vars`, those known `value` and those still open.
fn split(state: &State, vars: &[Var], value: bool) -> (usize, Vec<Var>) {
    let known = vars
        .iter()
        .filter(|&&v| !possible(state, v, !value))
        .count();
    let open = vars
        .iter()
        .copied()
        .filter(|&v| possible(state, v, true) && possible(state, v, false))
        .collect();
    (known, open)
}

impl CountryRule {
    /// A group of exactly `want` of `vars` true: with `want` known true, the open ones false;
    /// with only `want` not known false, the open ones true; more than `want` true or fewer
    /// than `want` possible is a contradiction (both values of the first variable removed).
    fn exactly(&self, state: &State, vars: &[Var], want: usize) -> Vec<Removal> {
        let rule = self.rule();
        let (on, open) = split(state, vars, true);
        let mut out = Vec::new();
        if on > want || on + open.len() < want {
            if let Some(&v) = vars.first() {
                out.push(Removal::by(rule, v, true));
                out.push(Removal::by(rule, v, false));
            }
        } else if on == want {
            out.extend(open.iter().map(|&v| Removal::by(rule, v, true)));
        } else if on + open.len() == want {
            out.extend(open.iter().map(|&v| Removal::by(rule, v, false)));
        }
        out
    }

    fn steps(&self, state: &State) -> Vec<Vec<Removal>> {
        let b = &*self.b;
        let rule = self.rule();
        let seg = |k: usize| Var(k as u32);
        match self.kind {
            Kind::RoomExits if b.p.rooms.cells.len() > 1 => b
                .exits
                .iter()
                .map(|ex| self.exactly(state, &ex.iter().map(|&k| seg(k)).collect::<Vec<_>>(), 2))
                .collect(),
            Kind::RoomExits => Vec::new(),
            Kind::BorderNeighbour => b
                .border_pairs
                .iter()
                .flat_map(|&(x, y)| [(x, y), (y, x)])
                .filter(|&(x, y)| {
                    !possible(state, b.used[x], true) && possible(state, b.used[y], false)
                })
                .map(|(_, y)| vec![Removal::by(rule, b.used[y], false)])
                .collect(),
            Kind::VisitedCell => (0..b.used.len())
                .filter(|&k| !possible(state, b.used[k], false))
                .map(|k| {
                    let segs: Vec<Var> = b.segs_of[k].iter().map(|&s| seg(s)).collect();
                    let (off, open) = split(state, &segs, false);
                    let left = segs.len() - off;
                    if left < 2 {
                        // Visited with fewer than two lines: no value of it is left.
                        vec![Removal::by(rule, b.used[k], true)]
                    } else if left == 2 {
                        open.iter().map(|&v| Removal::by(rule, v, false)).collect()
                    } else {
                        Vec::new()
                    }
                })
                .collect(),
            Kind::RoomNumber => b
                .p
                .clues
                .iter()
                .enumerate()
                .filter_map(|(i, c)| match *c {
                    Clue::Number(want) => Some((i, want as usize)),
                    _ => None,
                })
                .map(|(i, want)| {
                    let vars: Vec<Var> = b.p.rooms.cells[i].iter().map(|&k| b.used[k]).collect();
                    self.exactly(state, &vars, want)
                })
                .collect(),
        }
        .into_iter()
        .filter(|g: &Vec<Removal>| !g.is_empty())
        .collect()
    }
}

impl FamilyRule for CountryRule {
    fn rule(&self) -> Rule {
        match self.kind {
            Kind::RoomExits => Rule::Family("room-exits", 1),
            Kind::BorderNeighbour => Rule::Family("border-neighbour", 1),
            Kind::VisitedCell => Rule::Family("visited-cell", 1),
            Kind::RoomNumber => Rule::Family("room-number", 2),
        }
    }

    fn propose(&self, state: &State) -> Vec<Removal> {
        self.steps(state).concat()
    }

    /// One room (its exits, its number) or one cell at a time.
    fn propose_steps(&self, state: &State) -> Vec<Vec<Removal>> {
        self.steps(state)
    }

    fn why(&self) -> &'static str {
        match self.kind {
            Kind::RoomExits => {
                "the loop enters and leaves each room once: two of its exits, no more"
            }
            Kind::BorderNeighbour => {
                "two cells side by side across a room border are not both off the loop"
            }
            Kind::VisitedCell => "the loop must pass this cell, and only two of its lines are left",
            Kind::RoomNumber => "the room's number is how many of its cells the loop visits",
        }
    }

    fn in_probes(&self) -> bool {
        true
    }
}
