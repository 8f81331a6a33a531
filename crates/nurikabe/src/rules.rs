//! Nurikabe's standard techniques as rules of the shared deduction engine
//! ([`wellposed_engine::deduce`]), over the encoding's cell variables ("shaded", the first
//! ones, row-major). Each is valid (it never removes a value of the unique solution) and
//! monotone (as cells settle, what it proposes stays proposed):
//!
//! - `one` (level 2): the neighbours of a 1 are shaded (its island is itself);
//! - `between-clues` (level 2): a cell next to two islands that each hold a number is shaded
//!   (unshaded, it would join them into one island with two numbers); a cell between two
//!   numbers is the first case of it;
//! - `complete-island` (level 2): an island of unshaded cells holding a number and as many
//!   cells as the number says is complete: its open neighbours are shaded;
//! - `unreachable` (level 3): a cell no island can reach is shaded. Island I, holding a number
//!   n, reaches the cells within n − |I| steps of it over cells that are not shaded, not in
//!   another numbered island and not next to one (a `?` island reaches as far as such cells
//!   go): in the solution, a path inside I's island from I to a cell of it has at most
//!   n − |I| cells outside I, none of them shaded or touching another island.
//!
//! - `island-escape` (level 3): an island that must grow (a number larger than it, or no
//!   number yet) with one cell left to grow through takes that cell;
//! - `sea-escape` (level 3): a piece of the shaded cells, with shaded cells elsewhere, that has
//!   one cell left to reach them through takes that cell (the sea is connected).
//!
//! The complete encoding's propagation already settles the plainest cases of `one` and
//! `unreachable` (an island only reaches cells within its number's distance), so those rules
//! show in a grade when the sharper reasons (other islands in the way) are needed.
//!
//! The 2×2 rule (three shaded cells of a block leave the fourth unshaded) is a clause of the
//! encoding, so propagation applies it.

use crate::{components, neighbours, Cell, Nurikabe};
use std::collections::VecDeque;
use std::sync::Arc;
use wellposed_engine::deduce::{possible, FamilyRule, Removal, Rule, State};
use wellposed_engine::sat::Var;

#[derive(Clone, Copy, PartialEq, Eq)]
enum Kind {
    One,
    BetweenClues,
    CompleteIsland,
    Unreachable,
    IslandEscape,
    SeaEscape,
}

struct NurikabeRule {
    kind: Kind,
    p: Arc<Nurikabe>,
}

/// The rules, easiest first.
pub fn rules(p: &Nurikabe) -> Vec<Box<dyn FamilyRule>> {
    let p = Arc::new(p.clone());
    [
        Kind::One,
        Kind::BetweenClues,
        Kind::CompleteIsland,
        Kind::Unreachable,
        Kind::IslandEscape,
        Kind::SeaEscape,
    ]
    .into_iter()
    .map(|kind| {
        Box::new(NurikabeRule {
            kind,
            p: Arc::clone(&p),
        }) as Box<dyn FamilyRule>
    })
    .collect()
}

/// The islands known so far: the components of the cells known unshaded, and for each cell
/// its island (`usize::MAX` when not known unshaded).
struct Islands {
    parts: Vec<Vec<usize>>,
    of: Vec<usize>,
    /// Per island, its clue cells.
    clues: Vec<Vec<usize>>,
}

impl NurikabeRule {
    fn shaded(&self, state: &State, k: usize) -> bool {
        !possible(state, Var(k as u32), false)
    }

    fn unshaded(&self, state: &State, k: usize) -> bool {
        !possible(state, Var(k as u32), true)
    }

    /// The removal that shades cell k (none when it is already shaded).
    fn shade(&self, state: &State, k: usize, out: &mut Vec<Removal>) {
        let v = Var(k as u32);
        if possible(state, v, false) {
            out.push(Removal::by(self.rule(), v, false));
        }
    }

    fn islands(&self, state: &State) -> Islands {
        let p = &self.p;
        let n = p.cells.len();
        let known: Vec<bool> = (0..n).map(|k| self.unshaded(state, k)).collect();
        let parts = components(p.rows, p.cols, &known);
        let mut of = vec![usize::MAX; n];
        let mut clues = Vec::with_capacity(parts.len());
        for (i, part) in parts.iter().enumerate() {
            for &k in part {
                of[k] = i;
            }
            clues.push(
                part.iter()
                    .copied()
                    .filter(|&k| p.cells[k] != Cell::Empty)
                    .collect(),
            );
        }
        Islands { parts, of, clues }
    }

    /// One 1 a step.
    fn one(&self, state: &State, steps: &mut Vec<Vec<Removal>>) {
        let p = &self.p;
        for k in 0..p.cells.len() {
            if p.cells[k] == Cell::Number(1) {
                let mut out = Vec::new();
                for j in neighbours(p.rows, p.cols, k) {
                    self.shade(state, j, &mut out);
                }
                steps.push(out);
            }
        }
    }

    /// One cell a step.
    fn between_clues(&self, state: &State, steps: &mut Vec<Vec<Removal>>) {
        let p = &self.p;
        let is = self.islands(state);
        for k in 0..p.cells.len() {
            if is.of[k] != usize::MAX {
                continue;
            }
            let mut numbered: Vec<usize> = neighbours(p.rows, p.cols, k)
                .map(|j| is.of[j])
                .filter(|&i| i != usize::MAX && !is.clues[i].is_empty())
                .collect();
            numbered.sort_unstable();
            numbered.dedup();
            if numbered.len() >= 2 {
                let mut out = Vec::new();
                self.shade(state, k, &mut out);
                steps.push(out);
            }
        }
    }

    /// One island a step.
    fn complete_island(&self, state: &State, steps: &mut Vec<Vec<Removal>>) {
        let p = &self.p;
        let is = self.islands(state);
        for (i, part) in is.parts.iter().enumerate() {
            let [clue] = is.clues[i].as_slice() else {
                continue;
            };
            if p.cells[*clue] != Cell::Number(part.len() as u32) {
                continue;
            }
            let mut out = Vec::new();
            for &k in part {
                for j in neighbours(p.rows, p.cols, k) {
                    if is.of[j] != i {
                        self.shade(state, j, &mut out);
                    }
                }
            }
            steps.push(out);
        }
    }

    /// The cells next to `part` (not in it) that `can` allows.
    fn exits(&self, part: &[usize], can: impl Fn(usize) -> bool) -> Vec<usize> {
        let p = &self.p;
        let mut inside = vec![false; p.cells.len()];
        for &k in part {
            inside[k] = true;
        }
        let mut out: Vec<usize> = part
            .iter()
            .flat_map(|&k| neighbours(p.rows, p.cols, k))
            .filter(|&j| !inside[j] && can(j))
            .collect();
        out.sort_unstable();
        out.dedup();
        out
    }

    /// One island a step.
    fn island_escape(&self, state: &State, steps: &mut Vec<Vec<Removal>>) {
        let p = &self.p;
        let is = self.islands(state);
        for (i, part) in is.parts.iter().enumerate() {
            let must_grow = match is.clues[i].as_slice() {
                [] => true,
                [k] => matches!(p.cells[*k], Cell::Number(s) if (s as usize) > part.len()),
                _ => false,
            };
            if !must_grow {
                continue;
            }
            if let [only] = self.exits(part, |j| !self.shaded(state, j)).as_slice() {
                let v = Var(*only as u32);
                if possible(state, v, true) {
                    steps.push(vec![Removal::by(self.rule(), v, true)]);
                }
            }
        }
    }

    /// One piece of the sea a step.
    fn sea_escape(&self, state: &State, steps: &mut Vec<Vec<Removal>>) {
        let p = &self.p;
        let n = p.cells.len();
        let known: Vec<bool> = (0..n).map(|k| self.shaded(state, k)).collect();
        let pieces = components(p.rows, p.cols, &known);
        if pieces.len() < 2 {
            return;
        }
        for part in &pieces {
            if let [only] = self.exits(part, |j| !self.unshaded(state, j)).as_slice() {
                let mut out = Vec::new();
                self.shade(state, *only, &mut out);
                steps.push(out);
            }
        }
    }

    /// One cell a step.
    fn unreachable(&self, state: &State, steps: &mut Vec<Vec<Removal>>) {
        let p = &self.p;
        let n = p.cells.len();
        let is = self.islands(state);
        let mut reached = vec![false; n];
        let mut dist = vec![usize::MAX; n];
        for (i, part) in is.parts.iter().enumerate() {
            let [clue] = is.clues[i].as_slice() else {
                continue;
            };
            let budget = match p.cells[*clue] {
                Cell::Number(s) => (s as usize).saturating_sub(part.len()),
                _ => usize::MAX,
            };
            // A cell is closed to island i when shaded, in another numbered island, or next
            // to one.
            let other = |j: usize| {
                is.of[j] != usize::MAX && is.of[j] != i && !is.clues[is.of[j]].is_empty()
            };
            let open = |j: usize| {
                !self.shaded(state, j) && !other(j) && !neighbours(p.rows, p.cols, j).any(other)
            };
            dist.iter_mut().for_each(|d| *d = usize::MAX);
            let mut queue: VecDeque<usize> = part.iter().copied().collect();
            for &k in part {
                dist[k] = 0;
                reached[k] = true;
            }
            while let Some(v) = queue.pop_front() {
                if dist[v] >= budget {
                    continue;
                }
                for j in neighbours(p.rows, p.cols, v) {
                    if dist[j] == usize::MAX && open(j) {
                        dist[j] = dist[v] + 1;
                        reached[j] = true;
                        queue.push_back(j);
                    }
                }
            }
        }
        for (k, &r) in reached.iter().enumerate() {
            if !r {
                let mut out = Vec::new();
                self.shade(state, k, &mut out);
                steps.push(out);
            }
        }
    }
}

impl FamilyRule for NurikabeRule {
    fn rule(&self) -> Rule {
        match self.kind {
            Kind::One => Rule::Family("one", 2),
            Kind::BetweenClues => Rule::Family("between-clues", 2),
            Kind::CompleteIsland => Rule::Family("complete-island", 2),
            Kind::Unreachable => Rule::Family("unreachable", 3),
            Kind::IslandEscape => Rule::Family("island-escape", 3),
            Kind::SeaEscape => Rule::Family("sea-escape", 3),
        }
    }

    fn propose(&self, state: &State) -> Vec<Removal> {
        self.propose_steps(state).into_iter().flatten().collect()
    }

    /// One clue, island, cell or piece of the sea a step (see each rule).
    fn propose_steps(&self, state: &State) -> Vec<Vec<Removal>> {
        let mut steps = Vec::new();
        match self.kind {
            Kind::One => self.one(state, &mut steps),
            Kind::BetweenClues => self.between_clues(state, &mut steps),
            Kind::CompleteIsland => self.complete_island(state, &mut steps),
            Kind::Unreachable => self.unreachable(state, &mut steps),
            Kind::IslandEscape => self.island_escape(state, &mut steps),
            Kind::SeaEscape => self.sea_escape(state, &mut steps),
        }
        steps.retain(|g| !g.is_empty());
        steps
    }

    fn why(&self) -> &'static str {
        match self.kind {
            Kind::One => "a 1 is an island by itself: its neighbours are shaded",
            Kind::BetweenClues => {
                "unshaded, this cell would join two islands that each hold a number"
            }
            Kind::CompleteIsland => "this island has all its cells: its neighbours are shaded",
            Kind::Unreachable => "no island can reach this cell",
            Kind::IslandEscape => {
                "this island must grow, and this is the only cell it can grow through"
            }
            Kind::SeaEscape => {
                "this piece of the sea must join the rest, and this is its only way out"
            }
        }
    }

    fn in_probes(&self) -> bool {
        matches!(self.kind, Kind::IslandEscape | Kind::SeaEscape)
    }
}
