//! The generator: a random loop through the cells (the engine's [`random_grid_loop`]), pushed
//! out into most of the cells it leaves out ([`densify`]), cut into arcs of random lengths along the loop, each arc the seed of a room; every piece of
//! cells the loop leaves out joins one room it touches whole (so no two unvisited cells are
//! side by side across a border, and each room holds one arc: the loop enters it once). Every
//! room's number, then a minimal set of numbers proved unique: numbers are dropped one at a
//! time, in random order, while the engine's uniqueness oracle (lazy single-cycle cuts
//! included) proves the planted loop the only one (a number kept was needed with more numbers
//! present, so it is needed with fewer).

use crate::{Clue, Country, Family, Road, Rooms};
use clap::{Args, FromArgMatches};
use serde_json::json;
use wellposed_engine::anyhow::{self, Result};
use wellposed_engine::connectivity::{grid_pairs, random_grid_loop};
use wellposed_engine::rooms::{components, neighbours};
use wellposed_engine::sat::{Cnf, Lit, Var};
use wellposed_engine::{
    uniqueness, Difficulty, Generator, GridSize, Made, Options, Request, Uniqueness,
    UniquenessOracle, Xorshift,
};

/// `generate country`'s parameters.
#[derive(Args)]
pub struct GenerateArgs {
    #[command(flatten)]
    size: GridSize,
    /// The longest stretch of the loop in one room.
    #[arg(long, default_value_t = 4)]
    arc: usize,
}

pub const GENERATOR: Generator = Generator {
    args: || GridSize::command::<GenerateArgs>(Country::NAME, 6),
    difficulty: Difficulty::Graded,
    make,
};

/// The largest board the generator makes (each number costs a solve).
const MAX_GENERATED: usize = 2500;

fn make(m: &clap::ArgMatches, req: &Request) -> Result<Made> {
    let a = GenerateArgs::from_arg_matches(m)?;
    let (rows, cols) = a.size.rows_cols();
    if rows < 2 || cols < 2 || rows * cols > MAX_GENERATED || a.arc < 1 {
        anyhow::bail!("generate country: expected a board of 2×2 to {MAX_GENERATED} cells and --arc at least 1, found {rows}×{cols} and {}", a.arc);
    }
    let (p, road) =
        generate(rows, cols, a.arc, req.seed, req.options).map_err(anyhow::Error::msg)?;
    p.verify(&road)
        .map_err(|e| anyhow::anyhow!("internal error: the planted loop breaks a rule: {e}"))?;
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
            "puzzle": puzzle, "url": p.url(), "solution": p.render(&road),
        }),
        puzzle,
    })
}

/// Rooms for the loop `on` (segments in grid order): the loop's cells cut into arcs of 1 to
/// `arc` cells along it, and every piece of unvisited cells given whole to a room it touches.
pub fn rooms_for(rows: usize, cols: usize, on: &[bool], arc: usize, rng: &mut Xorshift) -> Rooms {
    let plan = Plan::new(rows, cols, on, arc, rng);
    Rooms::from_labels(rows, cols, &plan.label)
}

/// Rooms being made for a planted loop: the loop's cells in order, and each cell's room label.
struct Plan {
    rows: usize,
    cols: usize,
    tour: Vec<usize>,
    visited: Vec<bool>,
    label: Vec<usize>,
    next: usize,
}

impl Plan {
    fn new(rows: usize, cols: usize, on: &[bool], arc: usize, rng: &mut Xorshift) -> Plan {
        let n = rows * cols;
        let pairs = grid_pairs(rows, cols);
        let mut adj = vec![Vec::new(); n];
        for (&(a, b), _) in pairs.iter().zip(on).filter(|(_, &x)| x) {
            adj[a].push(b);
            adj[b].push(a);
        }
        let start = (0..n).find(|&k| !adj[k].is_empty()).expect("a loop");
        let mut tour = vec![start];
        let (mut prev, mut at) = (start, adj[start][0]);
        while at != start {
            tour.push(at);
            let next = if adj[at][0] == prev {
                adj[at][1]
            } else {
                adj[at][0]
            };
            prev = at;
            at = next;
        }
        // Start the cuts at a random place of the loop, so the first arc is not always at its
        // top.
        let shift = rng.below(tour.len() as u64) as usize;
        tour.rotate_left(shift);
        let mut label = vec![usize::MAX; n];
        let mut next = 0;
        let mut j = 0;
        while j < tour.len() {
            let len = 1 + rng.below(arc as u64) as usize;
            for &k in tour.iter().skip(j).take(len) {
                label[k] = next;
            }
            next += 1;
            j += len;
        }
        let visited: Vec<bool> = (0..n).map(|k| label[k] != usize::MAX).collect();
        let mut plan = Plan {
            rows,
            cols,
            tour,
            visited,
            label,
            next,
        };
        let off: Vec<bool> = plan.visited.iter().map(|&v| !v).collect();
        for piece in components(rows, cols, &off) {
            let to = plan.touching(&piece, |_| true);
            let to = to[rng.below(to.len() as u64) as usize];
            for &k in &piece {
                plan.label[k] = to;
            }
        }
        plan
    }

    /// The labels of the loop's cells beside `piece` that `keep` accepts.
    fn touching(&self, piece: &[usize], keep: impl Fn(usize) -> bool) -> Vec<usize> {
        let mut out: Vec<usize> = piece
            .iter()
            .flat_map(|&k| neighbours(self.rows, self.cols, k))
            .filter(|&k| self.visited[k] && keep(self.label[k]))
            .map(|k| self.label[k])
            .collect();
        out.sort_unstable();
        out.dedup();
        out
    }

    /// Makes room `r` (a label) tighter where another loop got through: its arc cut in two at
    /// a random place (its unvisited pieces each going to a half they touch), or, for an arc of
    /// one cell, one of its unvisited pieces given to another room it touches. The planted loop
    /// still keeps every rule. False when nothing could be changed.
    fn tighten(&mut self, r: usize, rng: &mut Xorshift) -> bool {
        let len = self.tour.len();
        let Some(first) = (0..len).find(|&p| {
            self.label[self.tour[p]] == r && self.label[self.tour[(p + len - 1) % len]] != r
        }) else {
            return false; // the whole loop is one room
        };
        let arc: Vec<usize> = (0..len)
            .map(|d| self.tour[(first + d) % len])
            .take_while(|&k| self.label[k] == r)
            .collect();
        let off: Vec<bool> = (0..self.label.len())
            .map(|k| !self.visited[k] && self.label[k] == r)
            .collect();
        let pieces = components(self.rows, self.cols, &off);
        if arc.len() >= 2 {
            let cut = 1 + rng.below(arc.len() as u64 - 1) as usize;
            let new = self.next;
            self.next += 1;
            for &k in &arc[cut..] {
                self.label[k] = new;
            }
            for piece in pieces {
                let to = self.touching(&piece, |l| l == r || l == new);
                let to = to[rng.below(to.len() as u64) as usize];
                for &k in &piece {
                    self.label[k] = to;
                }
            }
            return true;
        }
        for piece in &pieces {
            let to = self.touching(piece, |l| l != r);
            if !to.is_empty() {
                let to = to[rng.below(to.len() as u64) as usize];
                for &k in piece {
                    self.label[k] = to;
                }
                return true;
            }
        }
        false
    }

    /// The puzzle of these rooms with every room's number.
    fn puzzle(&self) -> Country {
        let rooms = Rooms::from_labels(self.rows, self.cols, &self.label);
        let clues = rooms
            .cells
            .iter()
            .map(|room| Clue::Number(room.iter().filter(|&&k| self.visited[k]).count() as u32))
            .collect();
        Country { rooms, clues }
    }
}

/// Pushes the loop `on` (segments in grid order) out into the cells it leaves out: a segment
/// between two visited cells whose two neighbours on one side are both unvisited becomes a
/// detour through them (still one loop), in random order, until about `keep` percent of the
/// cells are left out or no detour is left. Loops with few unvisited cells make rooms the
/// numbers pin down; a random region's boundary leaves wide empty rooms where the loop can
/// wander.
pub fn densify(rows: usize, cols: usize, on: &mut [bool], keep: usize, rng: &mut Xorshift) {
    let n = rows * cols;
    let h = rows * (cols - 1);
    let hseg = |r: usize, c: usize| r * (cols - 1) + c;
    let vseg = |r: usize, c: usize| h + r * cols + c;
    let pairs = grid_pairs(rows, cols);
    let mut visited = vec![false; n];
    for (&(a, b), _) in pairs.iter().zip(on.iter()).filter(|(_, &x)| x) {
        visited[a] = true;
        visited[b] = true;
    }
    let mut left = visited.iter().filter(|&&v| !v).count();
    loop {
        let mut order: Vec<usize> = (0..pairs.len()).filter(|&k| on[k]).collect();
        rng.shuffle(&mut order);
        let mut moved = false;
        for k in order {
            if left * 100 <= keep * n {
                return;
            }
            if !on[k] {
                continue;
            }
            let (a, b) = pairs[k];
            let (r, c) = (a / cols, a % cols);
            // The detours: (the two new cells, the three new segments).
            let mut options: Vec<([usize; 2], [usize; 3])> = Vec::new();
            if b == a + 1 {
                if r > 0 {
                    options.push((
                        [a - cols, b - cols],
                        [vseg(r - 1, c), hseg(r - 1, c), vseg(r - 1, c + 1)],
                    ));
                }
                if r + 1 < rows {
                    options.push((
                        [a + cols, b + cols],
                        [vseg(r, c), hseg(r + 1, c), vseg(r, c + 1)],
                    ));
                }
            } else {
                if c > 0 {
                    options.push((
                        [a - 1, b - 1],
                        [hseg(r, c - 1), vseg(r, c - 1), hseg(r + 1, c - 1)],
                    ));
                }
                if c + 1 < cols {
                    options.push(([a + 1, b + 1], [hseg(r, c), vseg(r, c + 1), hseg(r + 1, c)]));
                }
            }
            rng.shuffle(&mut options);
            if let Some((cells, segs)) = options
                .into_iter()
                .find(|(cells, _)| cells.iter().all(|&x| !visited[x]))
            {
                on[k] = false;
                for s in segs {
                    on[s] = true;
                }
                for x in cells {
                    visited[x] = true;
                }
                left -= 2;
                moved = true;
            }
        }
        if !moved {
            return;
        }
    }
}

/// Literals `o[j - 1]` ⇔ "at least j of `lits` are true", for j = 1..=`upto`, as clauses in
/// `cnf` (a sequential counter whose prefix sums are defined both ways, so that a number's
/// clue is two unit clauses over them).
fn at_least_outputs(cnf: &mut Cnf, lits: &[Lit], upto: usize) -> Vec<Lit> {
    // prev[j] ⇔ at least j + 1 of the literals so far; None: false.
    let mut prev: Vec<Option<Lit>> = vec![None; upto];
    for &x in lits {
        let mut next = Vec::with_capacity(upto);
        for j in 0..upto {
            let below = if j == 0 { None } else { prev[j - 1] };
            // s ⇔ prev[j] ∨ ((j == 0 or below) ∧ x)
            if j > 0 && below.is_none() {
                next.push(prev[j]);
                continue;
            }
            let s = cnf.new_var().positive();
            let mut back = vec![!s, x];
            if let Some(p) = prev[j] {
                cnf.add_clause(&[!p, s]);
                back.push(p);
            }
            cnf.add_clause(&back);
            match below {
                Some(b) => {
                    cnf.add_clause(&[!b, !x, s]);
                    let mut need = vec![!s, b];
                    need.extend(prev[j]);
                    cnf.add_clause(&need);
                }
                None => cnf.add_clause(&[!x, s]),
            }
            next.push(Some(s));
        }
        prev = next;
    }
    prev.into_iter()
        .map(|o| {
            o.unwrap_or_else(|| {
                let f = cnf.new_var().positive();
                cnf.add_clause(&[!f]);
                f
            })
        })
        .collect()
}

/// A puzzle with a minimal set of numbers whose only solution is the returned loop. The
/// checks go to one incremental solver ([`UniquenessOracle`]): the rules once, each room's
/// number as two unit clauses over a counter of its visited cells, switched on and off.
pub fn generate(
    rows: usize,
    cols: usize,
    arc: usize,
    seed: u64,
    opts: &Options,
) -> Result<(Country, Road), String> {
    let mut rng = Xorshift(seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1);
    for _ in 0..100 {
        let mut on = random_grid_loop(rows, cols, &mut rng);
        let keep = 5 + rng.below(20) as usize;
        densify(rows, cols, &mut on, keep, &mut rng);
        let mut plan = Plan::new(rows, cols, &on, arc, &mut rng);
        // Every number, and rooms tightened where another loop gets through, until the loop is
        // the only one.
        let mut found = None;
        for _ in 0..rows * cols {
            let p = plan.puzzle();
            let road = p.road_of(|k| on[k]);
            if p.verify(&road).is_err() {
                break; // cannot happen: each change keeps the planted loop's rules
            }
            match uniqueness(&p, opts).map_err(|e| e.to_string())? {
                Uniqueness::Unique(_) => {
                    found = Some((p, road));
                    break;
                }
                Uniqueness::Multiple(a, b) => {
                    let other = [a, b]
                        .into_iter()
                        .filter_map(|s| s.solution::<Road>().cloned())
                        .find(|s| *s != road)
                        .expect("two different loops");
                    let (mine, theirs) = (road.segments(), other.segments());
                    let pairs = p.pairs();
                    let mut differ: Vec<usize> = (0..pairs.len())
                        .filter(|&k| mine[k] != theirs[k])
                        .flat_map(|k| [pairs[k].0, pairs[k].1])
                        .collect();
                    rng.shuffle(&mut differ);
                    if !differ
                        .iter()
                        .any(|&k| plan.tighten(plan.label[k], &mut rng))
                    {
                        break; // no room left to tighten: draw another loop
                    }
                }
                Uniqueness::None => break,
            }
        }
        let Some((mut p, road)) = found else {
            continue;
        };
        let visited = p.visited(&road);
        let (mut rules, used) = p.cnf(opts.choices, true, false);
        let clues: Vec<Vec<Vec<Lit>>> = p
            .rooms
            .cells
            .iter()
            .enumerate()
            .map(|(i, room)| {
                let n = p.visited_in(&visited, i) as usize;
                let lits: Vec<Lit> = room.iter().map(|&k| used[k]).collect();
                let o = at_least_outputs(&mut rules.cnf, &lits, (n + 1).min(room.len()));
                let mut clauses = Vec::new();
                if n >= 1 {
                    clauses.push(vec![o[n - 1]]);
                }
                if n < room.len() {
                    clauses.push(vec![!o[n]]);
                }
                clauses
            })
            .collect();
        let planted: Vec<(Var, bool)> = (0..on.len()).map(|k| (Var(k as u32), on[k])).collect();
        let mut oracle = UniquenessOracle::for_encoding(&rules, &clues, &planted, opts)
            .map_err(|e| e.to_string())?;
        let mut active = vec![true; clues.len()];
        if !oracle.unique(&active) {
            continue; // a bound stopped the check: draw another
        }
        let mut order: Vec<usize> = (0..clues.len()).collect();
        rng.shuffle(&mut order);
        for i in order {
            active[i] = false;
            if !oracle.unique(&active) {
                active[i] = true;
            }
        }
        for (i, &a) in active.iter().enumerate() {
            if !a {
                p.clues[i] = Clue::None;
            }
        }
        return Ok((p, road));
    }
    Err("no loop with a unique puzzle found in 100 tries".into())
}
