//! Repairing an ill-posed puzzle: what a setter changes so that it has exactly one solution.
//!
//! Three answers, one per outcome of the uniqueness question, each found by the same implicit
//! hitting-set loop and each checked by the engine on the changed puzzle, never trusted:
//! - **several solutions**: the fewest clues of the kept solution (the file's goal, the first
//!   solution, or the one `keep` names) whose addition leaves it the only one. A clue set makes
//!   the kept solution unique exactly when it rules out every other solution, so it must hit
//!   each other solution's *kill set* (the candidate clues that solution breaks). The loop keeps
//!   the other solutions found so far, takes a smallest set hitting all their kill sets, and asks
//!   the engine whether the puzzle with those clues is unique; a new witness joins the list.
//!   When the engine says unique, the set is a smallest one over *all* solutions (any repair
//!   hits the listed kill sets too, and none of them is smaller).
//! - **no solution**: a smallest set of clues whose removal makes the puzzle solvable, the dual
//!   loop: the sets to hit are unsatisfiable cores over the clues (minimal, by deletion), and a
//!   set hitting every core found that leaves a solvable puzzle is a smallest correction. The
//!   first core is reported too, in the family's words.
//! - **unique**: the clues that can each be taken away alone with the solution staying unique
//!   (redundant ones), and one minimal clue set (clues dropped one by one while it stays unique).
//!
//! A family takes part by naming its clues ([`crate::Family::clues`] and the three methods
//! beside it); [`given_cells`] serves the families whose clues are given cells.

use crate::{uniqueness, uniqueness_of_intended, EngineError, Options, Puzzle, Solved, Uniqueness};

/// The most other solutions (or cores) the exact loop collects before it settles for a
/// greedy repair (then [`Repair::minimum`] is false).
pub const DEFAULT_ROUNDS: usize = 2000;

/// How long the exact loop may run before it settles for a greedy repair, by default.
pub const DEFAULT_EXACT_SECONDS: f64 = 20.0;

/// Where the exact search for a smallest repair gives way to a greedy one (the proposal is
/// then checked all the same, and marked not proved smallest).
#[derive(Clone, Copy, Debug)]
pub struct Bounds {
    /// Other solutions (or cores) collected.
    pub rounds: usize,
    /// Time spent in the exact loop.
    pub exact_time: std::time::Duration,
}

impl Default for Bounds {
    fn default() -> Bounds {
        Bounds {
            rounds: DEFAULT_ROUNDS,
            exact_time: std::time::Duration::from_secs_f64(DEFAULT_EXACT_SECONDS),
        }
    }
}

impl Bounds {
    /// Whether the exact loop must stop, with `collected` sets so far.
    fn spent(&self, collected: usize, since: std::time::Instant) -> bool {
        collected > self.rounds || since.elapsed() > self.exact_time
    }
}

/// Nodes the smallest-hitting-set search may visit per round before it settles for greedy.
const HITTING_SET_NODES: u64 = 2_000_000;

/// What `repair` proposes.
pub struct Repair {
    pub outcome: Outcome,
    /// The changed puzzles, each checked by the engine: for several solutions, each a puzzle
    /// with clues added that is unique; for none, a solvable puzzle with clues removed; for a
    /// unique puzzle, one with a minimal clue set (still unique).
    pub proposals: Vec<Proposal>,
    /// Whether the proposals are smallest possible (false when the exact loop ran out of
    /// rounds or of search nodes and the proposal was completed greedily).
    pub minimum: bool,
    /// Uniqueness checks and solves asked of the engine.
    pub checks: u64,
}

/// The puzzle's state before repair, with what the setter needs to know about it.
pub enum Outcome {
    /// Several solutions: the one kept, and how many others were met on the way.
    Multiple { kept: Solved, others: usize },
    /// No solution: a minimal set of clues that cannot hold together (empty when the puzzle
    /// has no solution even without clues).
    Unsolvable { core: Vec<String> },
    /// One solution; `redundant` lists each clue that can be taken away alone.
    Unique {
        solution: Solved,
        redundant: Vec<String>,
    },
}

/// A change to the puzzle and the puzzle it makes.
pub struct Proposal {
    /// The clues added (several solutions) or removed (none, or a unique puzzle's redundant
    /// clues), in the family's words.
    pub clues: Vec<String>,
    pub puzzle: Box<dyn Puzzle>,
}

/// Which solution a repair keeps when the puzzle has several.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Keep {
    /// The file's intended solution when it names one, else the first found.
    #[default]
    Intended,
    /// The n-th solution found (from 1), in the engine's order.
    Nth(u64),
}

/// Repairs `p` (see the module documentation); `bounds` limit the exact loop.
pub fn repair(
    p: &dyn Puzzle,
    keep: Keep,
    want: usize,
    bounds: Bounds,
    opts: &Options,
) -> Result<Repair, EngineError> {
    let started = std::time::Instant::now();
    if p.clues().is_empty() && p.without_clues(&[]).is_none() {
        return Err(EngineError::Repair(format!(
            "the {} family names no clues to add or remove",
            p.family()
        )));
    }
    let mut checks = 1;
    let (kept, witnesses) = match keep {
        Keep::Nth(n) => {
            let mut found = Vec::new();
            crate::enumerate(p, opts, Some(n.max(2)), |s| {
                found.push(s);
                std::ops::ControlFlow::Continue(())
            })?;
            let n = n.max(1) as usize;
            if found.len() < n {
                return Err(EngineError::Repair(format!(
                    "--keep {n}: the puzzle has {} solution(s)",
                    found.len()
                )));
            }
            let kept = found.remove(n - 1);
            if found.is_empty() {
                return unique_repair(p, kept, checks, opts);
            }
            (kept, found)
        }
        Keep::Intended => {
            let u = match uniqueness_of_intended(p, opts)? {
                Some(u) => u,
                None => uniqueness(p, opts)?,
            };
            match u {
                Uniqueness::None => return unsolvable_repair(p, bounds, checks, opts),
                Uniqueness::Unique(s) => return unique_repair(p, s, checks, opts),
                Uniqueness::Multiple(a, b) => (a, vec![b]),
            }
        }
    };
    let candidates = p.clues_from(&kept);
    // The candidate clues a solution breaks: every repair must add one of them.
    let kill_set = |other: &Solved| -> Vec<usize> {
        (0..candidates.len())
            .filter(|&i| {
                p.with_clues_from(&kept, &[i])
                    .is_some_and(|q| !q.admits(other))
            })
            .collect()
    };
    let mut sets: Vec<Vec<usize>> = Vec::new();
    for w in &witnesses {
        let k = kill_set(w);
        if k.is_empty() {
            return Err(no_repair(
                p,
                "no clue of the kept solution rules out another one",
            ));
        }
        sets.push(k);
    }
    let mut accepted: Vec<Vec<usize>> = Vec::new();
    let mut minimum = true;
    let mut others = witnesses.len();
    let changed = |picks: &[usize]| -> Result<Box<dyn Puzzle>, EngineError> {
        p.with_clues_from(&kept, picks)
            .ok_or_else(|| no_repair(p, "the family cannot add these clues"))
    };
    loop {
        let choice = if bounds.spent(sets.len(), started) {
            None
        } else {
            smallest_hitting_sets(&sets, want, HITTING_SET_NODES)
        };
        let Some(choice) = choice else {
            // Out of rounds, time or search nodes: complete greedily from a small hitting set.
            minimum = false;
            let start = greedy_hitting_set(&sets);
            let mut picks = start;
            loop {
                let q = changed(&picks)?;
                checks += 1;
                match uniqueness(q.as_ref(), opts)? {
                    Uniqueness::Unique(_) => {
                        accepted = vec![picks];
                        break;
                    }
                    Uniqueness::Multiple(a, b) => {
                        // The kept solution breaks none of its own clues: the other one does.
                        let other = if kill_set(&a).is_empty() { b } else { a };
                        let k = kill_set(&other);
                        let Some(&pick) = k.iter().find(|i| !picks.contains(i)) else {
                            return Err(no_repair(p, "a solution survives every clue"));
                        };
                        others += 1;
                        picks.push(pick);
                    }
                    Uniqueness::None => {
                        return Err(no_repair(p, "clues of the kept solution left none"))
                    }
                }
            }
            break;
        };
        let mut all_accepted = true;
        for picks in choice {
            if accepted.contains(&picks) {
                continue;
            }
            let q = changed(&picks)?;
            checks += 1;
            match uniqueness(q.as_ref(), opts)? {
                Uniqueness::Unique(_) => accepted.push(picks),
                Uniqueness::Multiple(a, b) => {
                    all_accepted = false;
                    others += 1;
                    let ka = kill_set(&a);
                    sets.push(if ka.is_empty() { kill_set(&b) } else { ka });
                    if sets.last().is_some_and(|k| k.is_empty()) {
                        return Err(no_repair(p, "a solution survives every clue"));
                    }
                }
                Uniqueness::None => {
                    return Err(no_repair(p, "clues of the kept solution left none"))
                }
            }
        }
        if all_accepted || accepted.len() >= want {
            break;
        }
    }
    accepted.truncate(want.max(1));
    let proposals = accepted
        .into_iter()
        .map(|picks| {
            Ok(Proposal {
                clues: picks.iter().map(|&i| candidates[i].clone()).collect(),
                puzzle: changed(&picks)?,
            })
        })
        .collect::<Result<_, EngineError>>()?;
    Ok(Repair {
        outcome: Outcome::Multiple { kept, others },
        proposals,
        minimum,
        checks,
    })
}

fn no_repair(p: &dyn Puzzle, why: &str) -> EngineError {
    EngineError::Repair(format!("repair {}: {why}", p.family()))
}

/// The engine's answer on `p` without the clues `drop` (one more check counted).
fn answer_without(
    p: &dyn Puzzle,
    drop: &[usize],
    opts: &Options,
    checks: &mut u64,
) -> Result<Uniqueness, EngineError> {
    let q = p
        .without_clues(drop)
        .ok_or_else(|| no_repair(p, "the family cannot remove clues"))?;
    *checks += 1;
    uniqueness(q.as_ref(), opts)
}

/// A unique puzzle: its redundant clues, and a minimal clue set by deletion.
fn unique_repair(
    p: &dyn Puzzle,
    solution: Solved,
    mut checks: u64,
    opts: &Options,
) -> Result<Repair, EngineError> {
    let clues = p.clues();
    let unique_without = |drop: &[usize], checks: &mut u64| -> Result<bool, EngineError> {
        Ok(matches!(
            answer_without(p, drop, opts, checks)?,
            Uniqueness::Unique(_)
        ))
    };
    let mut redundant = Vec::new();
    for i in 0..clues.len() {
        if unique_without(&[i], &mut checks)? {
            redundant.push(i);
        }
    }
    // Only redundant clues can go: one that is needed alone is needed with fewer others too.
    let mut dropped: Vec<usize> = Vec::new();
    for &i in &redundant {
        let mut trial = dropped.clone();
        trial.push(i);
        if unique_without(&trial, &mut checks)? {
            dropped = trial;
        }
    }
    let puzzle = p
        .without_clues(&dropped)
        .ok_or_else(|| no_repair(p, "the family cannot remove clues"))?;
    Ok(Repair {
        outcome: Outcome::Unique {
            solution,
            redundant: redundant.iter().map(|&i| clues[i].clone()).collect(),
        },
        proposals: vec![Proposal {
            clues: dropped.iter().map(|&i| clues[i].clone()).collect(),
            puzzle,
        }],
        minimum: false,
        checks,
    })
}

/// A puzzle without solution: a minimal core, and a smallest set of clues to remove.
fn unsolvable_repair(
    p: &dyn Puzzle,
    bounds: Bounds,
    mut checks: u64,
    opts: &Options,
) -> Result<Repair, EngineError> {
    let started = std::time::Instant::now();
    let clues = p.clues();
    let n = clues.len();
    let solvable = |drop: &[usize], checks: &mut u64| -> Result<bool, EngineError> {
        Ok(!matches!(
            answer_without(p, drop, opts, checks)?,
            Uniqueness::None
        ))
    };
    // A minimal core inside the clues `allowed`, by deletion: each clue whose removal keeps
    // the rest unsolvable goes.
    let core_within = |allowed: &[usize], checks: &mut u64| -> Result<Vec<usize>, EngineError> {
        let mut core = allowed.to_vec();
        let mut k = 0;
        while k < core.len() {
            let trial: Vec<usize> = core.iter().copied().filter(|&c| c != core[k]).collect();
            let drop: Vec<usize> = (0..n).filter(|i| !trial.contains(i)).collect();
            if solvable(&drop, checks)? {
                k += 1;
            } else {
                core = trial;
            }
        }
        Ok(core)
    };
    let all: Vec<usize> = (0..n).collect();
    let first = core_within(&all, &mut checks)?;
    let core_words: Vec<String> = first.iter().map(|&i| clues[i].clone()).collect();
    if first.is_empty() {
        return Ok(Repair {
            outcome: Outcome::Unsolvable { core: core_words },
            proposals: Vec::new(),
            minimum: true,
            checks,
        });
    }
    let mut cores = vec![first];
    let mut minimum = true;
    let removal = loop {
        let pick = if bounds.spent(cores.len(), started) {
            None
        } else {
            smallest_hitting_sets(&cores, 1, HITTING_SET_NODES).map(|mut s| s.remove(0))
        };
        let Some(pick) = pick else {
            // Greedy: remove a clue of each new core until the rest is solvable.
            minimum = false;
            let mut drop = greedy_hitting_set(&cores);
            while !solvable(&drop, &mut checks)? {
                let rest: Vec<usize> = (0..n).filter(|i| !drop.contains(i)).collect();
                let core = core_within(&rest, &mut checks)?;
                let Some(&c) = core.first() else {
                    return Err(no_repair(p, "unsolvable even without clues"));
                };
                drop.push(c);
            }
            break drop;
        };
        if solvable(&pick, &mut checks)? {
            break pick;
        }
        let rest: Vec<usize> = (0..n).filter(|i| !pick.contains(i)).collect();
        let core = core_within(&rest, &mut checks)?;
        if core.is_empty() {
            return Err(no_repair(p, "unsolvable even without clues"));
        }
        cores.push(core);
    };
    let puzzle = p
        .without_clues(&removal)
        .ok_or_else(|| no_repair(p, "the family cannot remove clues"))?;
    Ok(Repair {
        outcome: Outcome::Unsolvable { core: core_words },
        proposals: vec![Proposal {
            clues: removal.iter().map(|&i| clues[i].clone()).collect(),
            puzzle,
        }],
        minimum,
        checks,
    })
}

/// Up to `want` smallest sets that meet every set in `sets` (all of one size, the least),
/// each sorted; `None` when the search would visit more than `nodes` nodes. Iterative
/// deepening on the size; a branch picks an element of the first set not yet met, and later
/// branches of the same set leave out the elements earlier ones took (so no set is found
/// twice).
pub fn smallest_hitting_sets(
    sets: &[Vec<usize>],
    want: usize,
    nodes: u64,
) -> Option<Vec<Vec<usize>>> {
    if sets.iter().any(|s| s.is_empty()) {
        return Some(Vec::new());
    }
    fn go(
        sets: &[Vec<usize>],
        size: usize,
        chosen: &mut Vec<usize>,
        banned: &mut Vec<usize>,
        out: &mut Vec<Vec<usize>>,
        want: usize,
        nodes: &mut u64,
    ) -> bool {
        if *nodes == 0 {
            return false;
        }
        *nodes -= 1;
        let Some(open) = sets
            .iter()
            .filter(|s| !s.iter().any(|e| chosen.contains(e)))
            .min_by_key(|s| s.len())
        else {
            let mut h = chosen.clone();
            h.sort_unstable();
            if !out.contains(&h) {
                out.push(h);
            }
            return true;
        };
        if chosen.len() == size {
            return true;
        }
        let banned_before = banned.len();
        for &e in open {
            if banned.contains(&e) {
                continue;
            }
            chosen.push(e);
            let ok = go(sets, size, chosen, banned, out, want, nodes);
            chosen.pop();
            if !ok {
                banned.truncate(banned_before);
                return false;
            }
            if out.len() >= want {
                break;
            }
            banned.push(e);
        }
        banned.truncate(banned_before);
        true
    }
    let mut budget = nodes;
    for size in 1.. {
        let mut out = Vec::new();
        if !go(
            sets,
            size,
            &mut Vec::new(),
            &mut Vec::new(),
            &mut out,
            want,
            &mut budget,
        ) {
            return None;
        }
        if !out.is_empty() {
            out.truncate(want);
            return Some(out);
        }
    }
    unreachable!("a set of every element meets every set")
}

/// A small set meeting every set: repeatedly the element in most sets not yet met.
fn greedy_hitting_set(sets: &[Vec<usize>]) -> Vec<usize> {
    let mut chosen: Vec<usize> = Vec::new();
    loop {
        let open: Vec<&Vec<usize>> = sets
            .iter()
            .filter(|s| !s.iter().any(|e| chosen.contains(e)))
            .collect();
        if open.is_empty() {
            return chosen;
        }
        let mut tally = std::collections::BTreeMap::new();
        for s in &open {
            for &e in s.iter() {
                *tally.entry(e).or_insert(0usize) += 1;
            }
        }
        let Some((&best, _)) = tally
            .iter()
            .max_by_key(|&(&e, &n)| (n, std::cmp::Reverse(e)))
        else {
            return chosen; // an empty set cannot be met
        };
        chosen.push(best);
    }
}

/// Clues that are given cells (binary, Latin squares, …): a family keeps `givens`, row-major
/// with `None` for an open cell, and these say them in words and change them.
pub mod given_cells {
    use std::fmt::Display;

    /// Where a cell is, in words: `row R col C` from 1.
    pub fn place(k: usize, width: usize) -> String {
        format!("row {} col {}", k / width + 1, k % width + 1)
    }

    /// The cells given, in row-major order, as `row R col C is V`.
    pub fn clues<T: Display>(givens: &[Option<T>], width: usize) -> Vec<String> {
        givens
            .iter()
            .enumerate()
            .filter_map(|(k, g)| g.as_ref().map(|v| format!("{} is {v}", place(k, width))))
            .collect()
    }

    /// The givens with the `drop`-th given cells (indices into [`clues`]) opened.
    pub fn without<T: Clone>(givens: &[Option<T>], drop: &[usize]) -> Vec<Option<T>> {
        let mut out = givens.to_vec();
        for (i, k) in givens
            .iter()
            .enumerate()
            .filter(|(_, g)| g.is_some())
            .map(|(k, _)| k)
            .enumerate()
        {
            if drop.contains(&i) {
                out[k] = None;
            }
        }
        out
    }

    /// The open cells' values in `solution` (row-major, every cell), as clues that could be
    /// given: `row R col C is V`.
    pub fn from_solution<T: Display>(
        givens: &[Option<T>],
        solution: &[T],
        width: usize,
    ) -> Vec<String> {
        open(givens)
            .map(|k| format!("{} is {}", place(k, width), solution[k]))
            .collect()
    }

    /// The givens with the `picks`-th open cells (indices into [`from_solution`]) given their
    /// values in `solution`.
    pub fn with_from<T: Clone>(
        givens: &[Option<T>],
        solution: &[T],
        picks: &[usize],
    ) -> Vec<Option<T>> {
        let mut out = givens.to_vec();
        for (i, k) in open(givens).enumerate() {
            if picks.contains(&i) {
                out[k] = Some(solution[k].clone());
            }
        }
        out
    }

    /// The givens as the setter's clickable grid: `.` for an open cell, else its value; a
    /// click goes through `.` and then `values`.
    pub fn edit_grid<T: Display>(
        givens: &[Option<T>],
        width: usize,
        values: impl IntoIterator<Item = T>,
    ) -> crate::EditGrid {
        crate::EditGrid {
            rows: givens.len() / width.max(1),
            cols: width,
            cells: givens
                .iter()
                .map(|g| g.as_ref().map_or(".".to_string(), |v| v.to_string()))
                .collect(),
            symbols: std::iter::once(".".to_string())
                .chain(values.into_iter().map(|v| v.to_string()))
                .collect(),
        }
    }

    /// Edited cells back as givens (checked against `grid`'s shape and symbols).
    pub fn edited<T: std::str::FromStr>(
        grid: &crate::EditGrid,
        cells: &[String],
    ) -> Result<Vec<Option<T>>, String> {
        grid.check(cells)?;
        cells
            .iter()
            .map(|c| match c.as_str() {
                "." => Ok(None),
                v => v
                    .parse()
                    .map(Some)
                    .map_err(|_| format!("`{v}` is not a value")),
            })
            .collect()
    }

    fn open<T>(givens: &[Option<T>]) -> impl Iterator<Item = usize> + '_ {
        givens
            .iter()
            .enumerate()
            .filter(|(_, g)| g.is_none())
            .map(|(k, _)| k)
    }
}

/// The four clue methods of a family whose clues stand in places it lists itself (numbered
/// cells, rooms, lines of a grid): `clues` and `clues_from` name the places of a list, and
/// `without_clues` and `with_clues_from` change the places picked by their positions in that
/// same list, as [`repair`] numbers the clues. For clues that are plain given cells,
/// [`given_cells`] does all four.
///
/// ```
/// use wellposed_engine::repair::places;
///
/// #[derive(Clone)]
/// struct Board { cells: Vec<Option<u32>> }
/// let b = Board { cells: vec![Some(1), None, Some(3)] };
/// let numbered = || (0..3).filter(|&k| b.cells[k].is_some());
/// let name = |k: usize| format!("cell {}", k + 1);
/// assert_eq!(
///     places::named(numbered(), name, |k| b.cells[k].unwrap()),
///     ["cell 1: 1", "cell 3: 3"]
/// );
/// // Dropping clue 1 of that list (cell 3).
/// let fewer = places::changed(&b, numbered(), &[1], |p, k| p.cells[k] = None).unwrap();
/// assert_eq!(fewer.cells, [Some(1), None, None]);
/// ```
pub mod places {
    use std::fmt::Display;

    /// Each place of `at` in words, `NAME: VALUE`.
    pub fn named<K: Copy, D: Display>(
        at: impl IntoIterator<Item = K>,
        name: impl Fn(K) -> String,
        value: impl Fn(K) -> D,
    ) -> Vec<String> {
        at.into_iter()
            .map(|k| format!("{}: {}", name(k), value(k)))
            .collect()
    }

    /// A copy of `p` with `change` made at each place of `at` whose position is in `picks`;
    /// `change` returns nothing, or `None` when the pick cannot be made (then so is the
    /// puzzle: `None`).
    pub fn changed<P: Clone, K, R: Into<Option<()>>>(
        p: &P,
        at: impl IntoIterator<Item = K>,
        picks: &[usize],
        mut change: impl FnMut(&mut P, K) -> R,
    ) -> Option<P> {
        let mut q = p.clone();
        for (i, k) in at.into_iter().enumerate() {
            if picks.contains(&i) {
                change(&mut q, k).into()?;
            }
        }
        Some(q)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Brute force: the smallest size of a set meeting all of `sets`, over elements below `n`.
    fn smallest_by_brute_force(sets: &[Vec<usize>], n: usize) -> usize {
        (0u32..1 << n)
            .filter(|m| sets.iter().all(|s| s.iter().any(|&e| m >> e & 1 == 1)))
            .map(|m| m.count_ones() as usize)
            .min()
            .unwrap()
    }

    #[test]
    fn smallest_hitting_sets_are_smallest_and_hit_everything() {
        let mut rng = crate::Xorshift(0x5eed_1234_abcd_0001);
        for _ in 0..500 {
            let n = 1 + rng.below(10) as usize;
            let sets: Vec<Vec<usize>> = (0..1 + rng.below(8))
                .map(|_| {
                    let mut s: Vec<usize> = (0..n).filter(|_| rng.below(3) == 0).collect();
                    if s.is_empty() {
                        s.push(rng.below(n as u64) as usize);
                    }
                    s
                })
                .collect();
            let best = smallest_by_brute_force(&sets, n);
            let found = smallest_hitting_sets(&sets, 4, u64::MAX).unwrap();
            assert!(!found.is_empty());
            for h in &found {
                assert_eq!(h.len(), best, "{sets:?} {h:?}");
                assert!(sets.iter().all(|s| s.iter().any(|e| h.contains(e))));
            }
            let mut distinct = found.clone();
            distinct.dedup();
            assert_eq!(distinct.len(), found.len());
            let g = greedy_hitting_set(&sets);
            assert!(sets.iter().all(|s| s.iter().any(|e| g.contains(e))));
            assert!(g.len() >= best);
        }
    }

    #[test]
    fn a_tiny_node_budget_gives_up_cleanly() {
        let sets: Vec<Vec<usize>> = (0..10).map(|i| vec![2 * i, 2 * i + 1]).collect();
        assert_eq!(smallest_hitting_sets(&sets, 1, 5), None);
        assert_eq!(
            smallest_hitting_sets(&sets, 1, u64::MAX).unwrap()[0].len(),
            10
        );
    }

    #[test]
    fn given_cells_round_trip() {
        let givens = vec![Some(1), None, None, Some(0)];
        assert_eq!(
            given_cells::clues(&givens, 2),
            ["row 1 col 1 is 1", "row 2 col 2 is 0"]
        );
        assert_eq!(
            given_cells::without(&givens, &[1]),
            [Some(1), None, None, None]
        );
        let solution = [1, 0, 1, 0];
        assert_eq!(
            given_cells::from_solution(&givens, &solution, 2),
            ["row 1 col 2 is 0", "row 2 col 1 is 1"]
        );
        assert_eq!(
            given_cells::with_from(&givens, &solution, &[1]),
            [Some(1), None, Some(1), Some(0)]
        );
    }
}
