//! Hashiwokakero's techniques as rules of the shared deduction engine
//! ([`wellposed_engine::deduce`]), over the encoding's link variables (`one`: at least one
//! bridge, `two`: two bridges, link after link). A link's *most* is the bridges it may still
//! carry (0 to 2), its *least* the bridges it surely carries. For an island numbered N:
//!
//! - `must-bridge` (level 2): a link carries at least N − (the other links' most): with the
//!   other neighbours at most full, this one must give the rest. The player's "a 1 with one
//!   neighbour", "an 8 (or a 6 by three neighbours): all double", "a 3 with two neighbours: at
//!   least one each". Valid: the island's count is reached. Monotone: the most only shrink.
//! - `full-island` (level 2): a link carries at most N − (the other links' least): an island
//!   already full builds no more. Valid and monotone likewise.
//! - `no-isolation` (level 3): two 1s are never joined to each other, two 2s never by two
//!   bridges, when the board has other islands (the pair would be a closed group). Monotone:
//!   it reads the clues alone.
//! - `only-way` (level 3): a link whose loss would leave the islands unable to join (no other
//!   possible way between its two sides) carries a bridge.
//!
//! The count rules take one island per step, the others one link.

use crate::{Cell, Hashi, Link};
use std::sync::Arc;
use wellposed_engine::deduce::{possible, FamilyRule, Removal, Rule, State};

/// The rules, easiest first.
pub fn rules(p: &Hashi) -> Vec<Box<dyn FamilyRule>> {
    let board = Arc::new(Board::new(p));
    vec![
        Box::new(Count {
            b: board.clone(),
            upper: false,
        }),
        Box::new(Count {
            b: board.clone(),
            upper: true,
        }),
        Box::new(NoIsolation { b: board.clone() }),
        Box::new(OnlyWay { b: board }),
    ]
}

/// What the rules read of the puzzle: its links, each island's links, the islands.
struct Board {
    p: Hashi,
    links: Vec<Link>,
    /// The links at each cell (empty for empty cells).
    at: Vec<Vec<usize>>,
    islands: Vec<usize>,
}

impl Board {
    fn new(p: &Hashi) -> Board {
        let links = p.links();
        let mut at = vec![Vec::new(); p.cells.len()];
        for (i, l) in links.iter().enumerate() {
            at[l.a].push(i);
            at[l.b].push(i);
        }
        Board {
            p: p.clone(),
            links,
            at,
            islands: p.islands().collect(),
        }
    }
}

/// The bridges link `i` may still carry.
fn most(state: &State, i: usize) -> u32 {
    u32::from(possible(state, Hashi::var(i, false), true))
        + u32::from(possible(state, Hashi::var(i, true), true))
}

/// The bridges link `i` surely carries.
fn least(state: &State, i: usize) -> u32 {
    u32::from(!possible(state, Hashi::var(i, false), false))
        + u32::from(!possible(state, Hashi::var(i, true), false))
}

fn removal(rule: Rule, i: usize, second: bool, value: bool) -> Removal {
    Removal::by(rule, Hashi::var(i, second), value)
}

struct Count {
    b: Arc<Board>,
    /// `full-island` (true) or `must-bridge` (false).
    upper: bool,
}

impl Count {
    fn at(&self, state: &State, k: usize, number: u32) -> Vec<Removal> {
        let links = &self.b.at[k];
        let mut out = Vec::new();
        let rule = self.rule();
        for &i in links {
            let others = links.iter().filter(|&&j| j != i);
            if self.upper {
                let room =
                    i64::from(number) - others.map(|&j| i64::from(least(state, j))).sum::<i64>();
                for (second, bound) in [(true, 1), (false, 0)] {
                    if room <= bound && possible(state, Hashi::var(i, second), true) {
                        out.push(removal(rule, i, second, true));
                    }
                }
            } else {
                let need =
                    i64::from(number) - others.map(|&j| i64::from(most(state, j))).sum::<i64>();
                for (second, bound) in [(false, 1), (true, 2)] {
                    if need >= bound && possible(state, Hashi::var(i, second), false) {
                        out.push(removal(rule, i, second, false));
                    }
                }
            }
        }
        out
    }
}

impl FamilyRule for Count {
    fn rule(&self) -> Rule {
        if self.upper {
            Rule::Family("full-island", 2)
        } else {
            Rule::Family("must-bridge", 2)
        }
    }

    fn propose(&self, state: &State) -> Vec<Removal> {
        self.propose_steps(state).into_iter().flatten().collect()
    }

    fn propose_steps(&self, state: &State) -> Vec<Vec<Removal>> {
        self.b
            .islands
            .iter()
            .filter_map(|&k| match self.b.p.cells[k] {
                Cell::Number(n) => Some(self.at(state, k, n)),
                _ => None,
            })
            .filter(|step| !step.is_empty())
            .collect()
    }

    fn why(&self) -> &'static str {
        if self.upper {
            "the island already has all the bridges its number allows elsewhere: no more here"
        } else {
            "the island's other neighbours cannot take enough bridges: this one must carry the rest"
        }
    }
}

struct NoIsolation {
    b: Arc<Board>,
}

impl FamilyRule for NoIsolation {
    fn rule(&self) -> Rule {
        Rule::Family("no-isolation", 3)
    }

    fn propose(&self, state: &State) -> Vec<Removal> {
        self.propose_steps(state).into_iter().flatten().collect()
    }

    fn propose_steps(&self, state: &State) -> Vec<Vec<Removal>> {
        if self.b.islands.len() <= 2 {
            return Vec::new();
        }
        let cells = &self.b.p.cells;
        self.b
            .links
            .iter()
            .enumerate()
            .filter_map(|(i, l)| {
                let second = match (cells[l.a], cells[l.b]) {
                    (Cell::Number(1), Cell::Number(1)) => false,
                    (Cell::Number(2), Cell::Number(2)) => true,
                    _ => return None,
                };
                possible(state, Hashi::var(i, second), true)
                    .then(|| vec![removal(self.rule(), i, second, true)])
            })
            .collect()
    }

    fn why(&self) -> &'static str {
        "these two islands would use up their numbers on each other and be cut off from the rest"
    }
}

struct OnlyWay {
    b: Arc<Board>,
}

impl OnlyWay {
    /// Whether the islands can all join over the links that may carry a bridge, link
    /// `without` aside.
    fn joinable(&self, state: &State, without: usize) -> bool {
        let n = self.b.p.cells.len();
        let mut seen = vec![false; n];
        let start = self.b.islands[0];
        seen[start] = true;
        let mut stack = vec![start];
        let mut reached = 1;
        while let Some(k) = stack.pop() {
            for &i in &self.b.at[k] {
                if i == without || most(state, i) == 0 {
                    continue;
                }
                let l = &self.b.links[i];
                let j = if l.a == k { l.b } else { l.a };
                if !seen[j] {
                    seen[j] = true;
                    reached += 1;
                    stack.push(j);
                }
            }
        }
        reached == self.b.islands.len()
    }
}

impl FamilyRule for OnlyWay {
    fn rule(&self) -> Rule {
        Rule::Family("only-way", 3)
    }

    fn propose(&self, state: &State) -> Vec<Removal> {
        self.propose_steps(state).into_iter().flatten().collect()
    }

    fn propose_steps(&self, state: &State) -> Vec<Vec<Removal>> {
        if self.b.islands.len() < 2 || !self.joinable(state, usize::MAX) {
            return Vec::new();
        }
        (0..self.b.links.len())
            .filter(|&i| possible(state, Hashi::var(i, false), false) && most(state, i) > 0)
            .filter(|&i| !self.joinable(state, i))
            .map(|i| vec![removal(self.rule(), i, false, false)])
            .collect()
    }

    fn why(&self) -> &'static str {
        "without a bridge here the islands could not all be joined"
    }

    fn in_probes(&self) -> bool {
        true
    }
}
