//! Exact cover with multiplicities (Knuth's DLX3 / MCC problems): every primary item `i` must
//! be covered between `lo(i)` and `hi(i)` times by the chosen options (a set: each option at most
//! once), secondary items at most once or by options that agree on their colour.
//!
//! The search branches as Knuth's Algorithm M does (TAOCP 7.2.2.1): it picks a primary item —
//! one that still needs options, fewest available first, else any that could take more — and
//! splits on *which of its available options, in list order, is the first one chosen*, plus the
//! null move *none of them* when the item already has enough. Each solution lies in exactly one
//! branch (the least of its options on the item, or none), so every solution is visited once.
//! Instead of dancing links it keeps per-option block counters and an undo trail: an option is
//! available while nothing blocks it, and undoing the trail restores every counter exactly.
//!
//! Invariants: `avail[i]` is the number of available options that contain primary item `i`;
//! an available option is compatible with every chosen one (its primary items are below their
//! upper bounds, its secondary items free or of its colour). The search is iterative, so deep
//! problems cannot overflow the stack.

use crate::{Count, Problem};
use std::ops::ControlFlow;
use std::sync::atomic::{AtomicU64, Ordering};

/// What a secondary item holds so far.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum Held {
    Free,
    /// Taken by an option without a colour: nothing else may take it.
    Taken,
    /// Taken with this colour: only options of the same colour may take it too.
    Colour(u32),
}

/// One change to undo.
pub(crate) enum Undo {
    Block(usize),
    Hold(usize, Held),
    Time(usize),
}

pub(crate) struct State<'p> {
    pub(crate) p: &'p Problem,
    /// Per item: the options that contain it, in order, with the colour each gives it.
    pub(crate) users: Vec<Vec<(usize, crate::Colour)>>,
    pub(crate) blocked: Vec<u32>,
    pub(crate) avail: Vec<u32>,
    pub(crate) times: Vec<u32>,
    pub(crate) held: Vec<Held>,
    pub(crate) trail: Vec<Undo>,
    pub(crate) chosen: Vec<usize>,
}

/// A choice point: item `item`, its options available when the point was made, the next
/// branch (`0..list.len()`: that option first; `list.len()`: none), and the trail lengths
/// before the point and after the options already passed over were excluded.
struct Frame {
    list: Vec<usize>,
    next: usize,
    base: usize,
    excluded: usize,
    chosen: usize,
    lo_left: u32,
}

pub(crate) enum Node {
    Solution,
    Dead,
    Branch(usize),
}

impl<'p> State<'p> {
    pub(crate) fn new(p: &'p Problem) -> State<'p> {
        let mut users = vec![Vec::new(); p.num_items()];
        for (o, items) in p.options().iter().enumerate() {
            for &(i, c) in items {
                users[i].push((o, c));
            }
        }
        let avail = (0..p.num_primary())
            .map(|i| users[i].len() as u32)
            .collect();
        State {
            p,
            users,
            blocked: vec![0; p.options().len()],
            avail,
            times: vec![0; p.num_primary()],
            held: vec![Held::Free; p.num_items()],
            trail: Vec::new(),
            chosen: Vec::new(),
        }
    }

    pub(crate) fn block(&mut self, o: usize) {
        if self.blocked[o] == 0 {
            for &(i, _) in &self.p.options()[o] {
                if i < self.p.num_primary() {
                    self.avail[i] -= 1;
                }
            }
        }
        self.blocked[o] += 1;
        self.trail.push(Undo::Block(o));
    }

    pub(crate) fn undo_to(&mut self, mark: usize) {
        while self.trail.len() > mark {
            match self.trail.pop().expect("above the mark") {
                Undo::Block(o) => {
                    self.blocked[o] -= 1;
                    if self.blocked[o] == 0 {
                        for &(i, _) in &self.p.options()[o] {
                            if i < self.p.num_primary() {
                                self.avail[i] += 1;
                            }
                        }
                    }
                }
                Undo::Hold(j, before) => self.held[j] = before,
                Undo::Time(i) => self.times[i] -= 1,
            }
        }
    }

    /// Adds option `o` (available) to the solution and blocks what it rules out.
    pub(crate) fn choose(&mut self, o: usize) {
        self.block(o);
        let p = self.p;
        for &(i, colour) in &p.options()[o] {
            if i < p.num_primary() {
                self.times[i] += 1;
                self.trail.push(Undo::Time(i));
                if self.times[i] == p.bounds(i).1 {
                    for k in 0..self.users[i].len() {
                        let other = self.users[i][k].0;
                        if self.blocked[other] == 0 {
                            self.block(other);
                        }
                    }
                }
                continue;
            }
            let before = self.held[i];
            match (colour, before) {
                (Some(c), Held::Colour(d)) if c == d => continue,
                (Some(c), _) => self.held[i] = Held::Colour(c),
                (None, _) => self.held[i] = Held::Taken,
            }
            self.trail.push(Undo::Hold(i, before));
            for k in 0..self.users[i].len() {
                let (other, c) = self.users[i][k];
                if self.blocked[other] == 0 && (colour.is_none() || c != colour) {
                    self.block(other);
                }
            }
        }
    }

    /// The item to branch on, or whether this is a solution or a dead end.
    pub(crate) fn node(&self) -> Node {
        let mut best: Option<(bool, u32, usize)> = None;
        for i in 0..self.p.num_primary() {
            let (lo, _) = self.p.bounds(i);
            let (t, a) = (self.times[i], self.avail[i]);
            let needs = t < lo;
            if needs && t + a < lo {
                return Node::Dead;
            }
            if a == 0 {
                continue;
            }
            // Items that still need options first, then the fewest available.
            let key = (!needs, a, i);
            if best.is_none_or(|b| key < b) {
                best = Some(key);
            }
        }
        match best {
            Some((_, _, i)) => Node::Branch(i),
            None => Node::Solution,
        }
    }
}

/// Visits every solution (option numbers, in the order chosen) until `visit` breaks; true when
/// the search space was exhausted.
pub fn search(p: &Problem, visit: impl FnMut(&[usize]) -> ControlFlow<()>) -> bool {
    run(&mut State::new(p), visit)
}

/// One step of a path from the root: an option taken, or one passed over (excluded).
#[derive(Clone, Copy, Debug)]
enum Step {
    Take(usize),
    Pass(usize),
}

impl State<'_> {
    fn apply(&mut self, path: &[Step]) {
        for &step in path {
            match step {
                Step::Take(o) => {
                    self.chosen.push(o);
                    self.choose(o);
                }
                Step::Pass(o) => self.block(o),
            }
        }
    }
}

/// The subtrees at the first choice points below the root, as paths: each child of a choice
/// point is its own path (the options passed over, then the one taken; or all passed over for
/// the null move). Leaves met on the way are counted in `shallow`. Deepens one level at a time
/// until there are at least `want` subtrees (or no more choice points).
fn split(p: &Problem, want: usize) -> (Vec<Vec<Step>>, u64) {
    let mut paths: Vec<Vec<Step>> = vec![Vec::new()];
    let mut shallow = 0u64;
    for _ in 0..12 {
        if paths.len() >= want {
            break;
        }
        let mut next = Vec::new();
        let mut grew = false;
        for path in paths {
            let mut s = State::new(p);
            s.apply(&path);
            match s.node() {
                Node::Solution => shallow += 1,
                Node::Dead => {}
                Node::Branch(i) => {
                    grew = true;
                    let list: Vec<usize> = s.users[i]
                        .iter()
                        .map(|&(o, _)| o)
                        .filter(|&o| s.blocked[o] == 0)
                        .collect();
                    let lo_left = p.bounds(i).0.saturating_sub(s.times[i]) as usize;
                    for j in 0..=list.len() {
                        // As in `run`: the null move only when the item has enough, and no
                        // branch that leaves the item too few options.
                        if list.len() - j < lo_left {
                            break;
                        }
                        let mut child = path.clone();
                        child.extend(list[..j].iter().map(|&o| Step::Pass(o)));
                        if let Some(&o) = list.get(j) {
                            child.push(Step::Take(o));
                        }
                        next.push(child);
                    }
                }
            }
        }
        paths = next;
        if !grew {
            break;
        }
    }
    (paths, shallow)
}

/// [`count`] on `threads` threads: the tree is split into subtrees ([`split`], at least 64 per
/// thread where it allows), which the threads take one at a time.
pub fn count_parallel(p: &Problem, threads: usize, limit: Option<u64>, found: &AtomicU64) -> Count {
    let threads = threads.max(1);
    let limit = limit.unwrap_or(u64::MAX);
    if threads == 1 || limit != u64::MAX {
        // A limit is a request for a few solutions: one thread stops exactly at it.
        return count(p, Some(limit), found);
    }
    let (paths, shallow) = split(p, 64 * threads);
    found.fetch_add(shallow, Ordering::Relaxed);
    // Each thread's own count; `found` is the live progress, flushed in batches.
    let counts = wellposed_work::each_index(
        paths.len(),
        threads,
        || 0u64,
        |count, k| {
            let mut s = State::new(p);
            s.apply(&paths[k]);
            let mut local = 0u64;
            run(&mut s, |_| {
                local += 1;
                if local == 4096 {
                    found.fetch_add(local, Ordering::Relaxed);
                    *count += local;
                    local = 0;
                }
                ControlFlow::Continue(())
            });
            found.fetch_add(local, Ordering::Relaxed);
            *count += local;
        },
    );
    Count {
        count: shallow + counts.into_iter().sum::<u64>(),
        complete: true,
    }
}

/// The search from the state `s` is in (the root, or a subtree's start).
fn run(s: &mut State, mut visit: impl FnMut(&[usize]) -> ControlFlow<()>) -> bool {
    let p = s.p;
    let mut frames: Vec<Frame> = Vec::new();
    let mut descend = true;
    loop {
        if descend {
            match s.node() {
                Node::Solution => {
                    if visit(&s.chosen).is_break() {
                        return false;
                    }
                }
                Node::Dead => {}
                Node::Branch(i) => {
                    let list: Vec<usize> = s.users[i]
                        .iter()
                        .map(|&(o, _)| o)
                        .filter(|&o| s.blocked[o] == 0)
                        .collect();
                    let mark = s.trail.len();
                    frames.push(Frame {
                        list,
                        next: 0,
                        base: mark,
                        excluded: mark,
                        chosen: s.chosen.len(),
                        lo_left: p.bounds(i).0.saturating_sub(s.times[i]),
                    });
                }
            }
        }
        // Take the next branch of the innermost choice point that has one.
        let Some(f) = frames.last_mut() else {
            return true;
        };
        s.undo_to(f.excluded);
        s.chosen.truncate(f.chosen);
        let k = f.list.len();
        if f.next > 0 && f.next <= k {
            // Passing over option list[next - 1]: it is not in this branch's solutions.
            s.block(f.list[f.next - 1]);
            f.excluded = s.trail.len();
        }
        // Options left for the item from here: list[next..]; the null move needs none.
        let left = (k - f.next.min(k)) as u32;
        if f.next > k || left < f.lo_left {
            s.undo_to(f.base);
            frames.pop();
            descend = false;
            continue;
        }
        if f.next < k {
            let o = f.list[f.next];
            f.next += 1;
            s.chosen.push(o);
            s.choose(o);
        } else {
            // The null move: every option of the list is excluded, and the item has enough.
            f.next += 1;
        }
        descend = true;
    }
}

/// Counts solutions, stopping at `limit`, adding them to `found` as it goes.
pub fn count(p: &Problem, limit: Option<u64>, found: &AtomicU64) -> Count {
    crate::dlx::counting(limit, found, |tally| search(p, |_| tally()))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::parse_dlx;

    fn solutions(p: &Problem) -> Vec<Vec<usize>> {
        let mut all = Vec::new();
        assert!(search(p, |c| {
            let mut c = c.to_vec();
            c.sort_unstable();
            all.push(c);
            ControlFlow::Continue(())
        }));
        all.sort();
        all
    }

    /// Every subset of the options, checked by the definition.
    fn brute_force(p: &Problem) -> Vec<Vec<usize>> {
        let m = p.options().len();
        assert!(m <= 16);
        let mut all: Vec<Vec<usize>> = (0u32..1 << m)
            .map(|bits| (0..m).filter(|&o| bits >> o & 1 == 1).collect::<Vec<_>>())
            .filter(|c| p.check(c).is_ok())
            .collect();
        all.sort();
        all
    }

    /// The test case of Knuth's DLX3 documentation: items `A B 2:3|C | X Y`; its unique
    /// solution is the options `A C X:1 Y:1`, `B X:1` and `C Y:1`.
    #[test]
    fn knuths_dlx3_example_has_its_unique_solution() {
        let text = "| A simple example of color controls\nA B 2:3|C | X Y\nA B X:0 Y:0\nA C X:1 Y:1\nC X:0\nB X:1\nC Y:1\n";
        let p = parse_dlx(text).unwrap();
        assert_eq!(p.bounds(2), (2, 3));
        let all = solutions(&p);
        assert_eq!(all.len(), 1);
        let mut lines: Vec<String> = all[0].iter().map(|&o| p.option_text(o)).collect();
        lines.sort();
        assert_eq!(lines, ["A C X:1 Y:1", "B X:1", "C Y:1"]);
        assert_eq!(all, brute_force(&p));
    }

    /// Random small problems with bounds and colours: the search finds exactly the subsets the
    /// definition accepts.
    #[test]
    fn agrees_with_brute_force_on_random_problems() {
        let mut rng = crate::testing::Rng(0x9e37_79b9_7f4a_7c15);
        let shape = crate::testing::Shape {
            primary: (1, 4),
            secondary: (0, 3),
            options: (1, 12),
            join: 3,
            colours: 2,
        };
        for _ in 0..1500 {
            let mut p = crate::testing::random_problem(&mut rng, &shape);
            for i in 0..p.num_primary() {
                let hi = 1 + rng.below(3) as u32;
                let lo = rng.below(u64::from(hi) + 1) as u32;
                p.set_bounds(i, lo, hi).unwrap();
            }
            assert_eq!(solutions(&p), brute_force(&p), "{p:?}");
        }
    }

    /// Split into subtrees on two and three threads, the count is the one-thread count.
    #[test]
    fn the_parallel_count_is_the_count() {
        let text = std::fs::read_to_string(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../../encodings/raw/line-sums-2-5x5.dlx"
        ))
        .unwrap();
        let p = parse_dlx(&text).unwrap();
        for threads in [1, 2, 3] {
            let c = count_parallel(&p, threads, None, &AtomicU64::new(0));
            assert_eq!((c.count, c.complete), (2040, true), "{threads} threads");
        }
        let c = count_parallel(&p, 2, Some(100), &AtomicU64::new(0));
        assert_eq!((c.count, c.complete), (100, false));
    }

    /// With every bound 1:1 the multiplicity search is plain exact cover: it counts the bundled
    /// n-queens covers as dancing links do (OEIS A000170: 92 and 14,200).
    #[test]
    fn without_bounds_it_counts_as_dancing_links_do() {
        let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../../encodings/raw/");
        for (file, want) in [("queens8.dlx", 92), ("queens12.dlx", 14_200)] {
            let p = parse_dlx(&std::fs::read_to_string(format!("{dir}{file}")).unwrap()).unwrap();
            assert!(!p.has_multiplicities());
            assert_eq!(count(&p, None, &AtomicU64::new(0)).count, want, "{file}");
            assert_eq!(crate::count(&p, None).count, want, "{file}");
        }
    }

    /// 0-1 matrices with every row and column sum 2, as a multiplicity problem (rows and
    /// columns covered twice, one option per cell): OEIS A001499 gives 1, 6, 90, 2040, 67950
    /// for n = 2..6; with sums 3, OEIS A008300 gives 1, 24, 2040, 297200 for n = 3..6.
    #[test]
    fn matrices_with_given_line_sums_match_oeis() {
        let matrices = |n: usize, k: u32| {
            let prim: Vec<String> = (0..n)
                .flat_map(|i| [format!("r{i}"), format!("c{i}")])
                .collect();
            let mut p = Problem::new(&prim, &[] as &[String]).unwrap();
            for i in 0..2 * n {
                p.set_bounds(i, k, k).unwrap();
            }
            for r in 0..n {
                for c in 0..n {
                    p.add_option(&[(2 * r, None), (2 * c + 1, None)]).unwrap();
                }
            }
            count(&p, None, &AtomicU64::new(0)).count
        };
        let a001499: Vec<u64> = (2..=6).map(|n| matrices(n, 2)).collect();
        assert_eq!(a001499, [1, 6, 90, 2040, 67950]);
        let a008300: Vec<u64> = (3..=6).map(|n| matrices(n, 3)).collect();
        assert_eq!(a008300, [1, 24, 2040, 297200]);
    }
}
