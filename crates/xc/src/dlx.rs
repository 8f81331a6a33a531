//! Dancing links on a flat node array: Knuth's Algorithm C (TAOCP 7.2.2.1), iterative, with the
//! minimum-remaining-values choice of item. Nodes 0..=N are the item headers, then spacers and
//! option nodes in the order Knuth lays them out.

use crate::Problem;
use std::ops::ControlFlow;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};

/// A count that may have been stopped by a limit.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Count {
    pub count: u64,
    /// True when the whole search space was explored, so `count` is exact.
    pub complete: bool,
}

/// What the search calls at each solution (`true`) or depth-limit node (`false`).
type Visitor<'a> = dyn FnMut(&Links, &[u32], bool) -> ControlFlow<()> + 'a;

#[derive(Clone, Copy)]
#[repr(C)]
struct Node {
    /// Item number (> 0), or minus the option number for spacers.
    top: i32,
    ulink: u32,
    dlink: u32,
    /// 0 = no colour, > 0 = colour + 1, -1 = already known to agree (purified).
    color: i32,
}

#[derive(Clone)]
struct Links {
    /// Item list links, items 1..=n; 0 heads the primary list and n+1 the secondary list.
    llink: Vec<u32>,
    rlink: Vec<u32>,
    /// The nodes, each field of a node in one 16-byte record (one cache line holds four).
    nodes: Vec<Node>,
    /// Per item: options still active that contain it.
    len: Vec<u32>,
    /// Per node: the option (0-based) it belongs to.
    option_of: Vec<u32>,
}

impl Links {
    fn new(p: &Problem) -> Links {
        let n = p.num_items();
        let n1 = p.num_primary();
        let mut llink: Vec<u32> = (0..n as u32 + 2).map(|i| i.wrapping_sub(1)).collect();
        let mut rlink: Vec<u32> = (1..n as u32 + 3).collect();
        llink[0] = n1 as u32;
        rlink[n1] = 0;
        if n > n1 {
            llink[n1 + 1] = n as u32 + 1;
            rlink[n] = n as u32 + 1;
            llink[n + 1] = n as u32;
            rlink[n + 1] = n1 as u32 + 1;
        } else {
            llink[n + 1] = n as u32 + 1;
            rlink[n + 1] = n as u32 + 1;
        }
        let total_nodes = n + 2 + p.options().iter().map(|o| o.len() + 1).sum::<usize>();
        let mut l = Links {
            llink,
            rlink,
            nodes: Vec::with_capacity(total_nodes),
            len: vec![0; n + 1],
            option_of: Vec::with_capacity(total_nodes),
        };
        for i in 0..=n as u32 {
            l.push_node(0, i, i, 0, u32::MAX);
        }
        // The first spacer.
        let mut spacer = l.push_node(0, 0, 0, 0, u32::MAX);
        for (k, opt) in p.options().iter().enumerate() {
            let first = l.nodes.len() as u32;
            for &(item, colour) in opt {
                let i = item as u32 + 1;
                let x = l.nodes.len() as u32;
                let up = l.nodes[i as usize].ulink;
                l.push_node(
                    i as i32,
                    up,
                    i,
                    colour.map_or(0, |c| c as i32 + 1),
                    k as u32,
                );
                l.nodes[up as usize].dlink = x;
                l.nodes[i as usize].ulink = x;
                l.len[i as usize] += 1;
            }
            let last = l.nodes.len() as u32 - 1;
            l.nodes[spacer as usize].dlink = last;
            spacer = l.push_node(-(k as i32 + 1), first, 0, 0, u32::MAX);
        }
        l.check();
        l
    }

    /// The invariant the unchecked accesses in `hide` and `unhide` rely on: every up and down
    /// link is a node index and every positive `top` an item index. `new` establishes it (and
    /// this check confirms it once per problem); the search keeps it, since it only stores
    /// links it read from other nodes, or the index of the node it is standing on.
    fn check(&self) {
        let n = self.nodes.len() as u32;
        let items = self.len.len() as i32;
        let ok = self
            .nodes
            .iter()
            .all(|x| x.ulink < n && x.dlink < n && x.top < items);
        assert!(ok, "dancing links built with a link out of range");
    }

    fn push_node(&mut self, top: i32, up: u32, down: u32, color: i32, option: u32) -> u32 {
        self.nodes.push(Node {
            top,
            ulink: up,
            dlink: down,
            color,
        });
        self.option_of.push(option);
        self.nodes.len() as u32 - 1
    }

    #[inline]
    fn hide(&mut self, p: u32) {
        let (nodes, len) = (&mut self.nodes[..], &mut self.len[..]);
        let mut q = p + 1;
        while q != p {
            // SAFETY: see `Links::check`: every link points inside `nodes` and every item
            // number inside `len`; the search only ever relinks to indices read from nodes.
            let node = unsafe { *nodes.get_unchecked(q as usize) };
            if node.top <= 0 {
                q = node.ulink;
            } else {
                if node.color >= 0 {
                    unsafe {
                        nodes.get_unchecked_mut(node.ulink as usize).dlink = node.dlink;
                        nodes.get_unchecked_mut(node.dlink as usize).ulink = node.ulink;
                        *len.get_unchecked_mut(node.top as usize) -= 1;
                    }
                }
                q += 1;
            }
        }
    }

    #[inline]
    fn unhide(&mut self, p: u32) {
        let (nodes, len) = (&mut self.nodes[..], &mut self.len[..]);
        let mut q = p - 1;
        while q != p {
            // SAFETY: as in `hide`.
            let node = unsafe { *nodes.get_unchecked(q as usize) };
            if node.top <= 0 {
                q = node.dlink;
            } else {
                if node.color >= 0 {
                    unsafe {
                        nodes.get_unchecked_mut(node.ulink as usize).dlink = q;
                        nodes.get_unchecked_mut(node.dlink as usize).ulink = q;
                        *len.get_unchecked_mut(node.top as usize) += 1;
                    }
                }
                q -= 1;
            }
        }
    }

    fn cover(&mut self, i: u32) {
        let mut p = self.nodes[i as usize].dlink;
        while p != i {
            self.hide(p);
            p = self.nodes[p as usize].dlink;
        }
        let (l, r) = (self.llink[i as usize], self.rlink[i as usize]);
        self.rlink[l as usize] = r;
        self.llink[r as usize] = l;
    }

    fn uncover(&mut self, i: u32) {
        let (l, r) = (self.llink[i as usize], self.rlink[i as usize]);
        self.rlink[l as usize] = i;
        self.llink[r as usize] = i;
        let mut p = self.nodes[i as usize].ulink;
        while p != i {
            self.unhide(p);
            p = self.nodes[p as usize].ulink;
        }
    }

    fn purify(&mut self, p: u32) {
        let c = self.nodes[p as usize].color;
        let i = self.nodes[p as usize].top as u32;
        let mut q = self.nodes[i as usize].dlink;
        while q != i {
            if self.nodes[q as usize].color == c {
                self.nodes[q as usize].color = -1;
            } else {
                self.hide(q);
            }
            q = self.nodes[q as usize].dlink;
        }
    }

    fn unpurify(&mut self, p: u32) {
        let c = self.nodes[p as usize].color;
        let i = self.nodes[p as usize].top as u32;
        let mut q = self.nodes[i as usize].ulink;
        while q != i {
            if self.nodes[q as usize].color < 0 {
                self.nodes[q as usize].color = c;
            } else {
                self.unhide(q);
            }
            q = self.nodes[q as usize].ulink;
        }
    }

    /// Takes the option of node `x` (its item already covered): commits its other items.
    fn commit_rest(&mut self, x: u32) {
        let mut p = x + 1;
        while p != x {
            let j = self.nodes[p as usize].top;
            if j <= 0 {
                p = self.nodes[p as usize].ulink;
            } else {
                match self.nodes[p as usize].color {
                    0 => self.cover(j as u32),
                    c if c > 0 => self.purify(p),
                    _ => {}
                }
                p += 1;
            }
        }
    }

    fn uncommit_rest(&mut self, x: u32) {
        let mut p = x - 1;
        while p != x {
            let j = self.nodes[p as usize].top;
            if j <= 0 {
                p = self.nodes[p as usize].dlink;
            } else {
                match self.nodes[p as usize].color {
                    0 => self.uncover(j as u32),
                    c if c > 0 => self.unpurify(p),
                    _ => {}
                }
                p -= 1;
            }
        }
    }

    /// The primary item with the fewest remaining options (the first such, for determinism).
    fn choose(&self) -> u32 {
        let mut best = u32::MAX;
        let mut chosen = 0;
        let mut p = self.rlink[0];
        while p != 0 {
            let l = self.len[p as usize];
            if l < best {
                best = l;
                chosen = p;
                if l == 0 {
                    break;
                }
            }
            p = self.rlink[p as usize];
        }
        chosen
    }

    /// Takes the choices of a prefix found by an earlier, depth-limited search.
    fn apply(&mut self, prefix: &[u32]) {
        for &x in prefix {
            self.cover(self.nodes[x as usize].top as u32);
            self.commit_rest(x);
        }
    }

    /// Algorithm C from the current state. `visit` sees the chosen nodes at every complete
    /// solution (`true`) and at every node of depth `depth_limit` (`false`); it can stop the
    /// search, in which case this returns false and the links are left mid-search.
    fn run(&mut self, depth_limit: usize, visit: &mut Visitor<'_>) -> bool {
        self.run_until(depth_limit, None, visit)
    }

    /// [`Links::run`], which also stops (returning false) soon after `stop` is raised: the
    /// flag is read every [`STOP_CHECK_NODES`] nodes entered.
    fn run_until(
        &mut self,
        depth_limit: usize,
        stop: Option<&AtomicBool>,
        visit: &mut Visitor<'_>,
    ) -> bool {
        let mut entered = 0u64;
        let mut x: Vec<u32> = Vec::new();
        let mut item: Vec<u32> = Vec::new();
        let mut l = 0usize;
        #[derive(Clone, Copy)]
        enum Step {
            Enter,
            Try,
            Next,
            Leave,
        }
        let mut step = Step::Enter;
        loop {
            match step {
                Step::Enter => {
                    if let Some(stop) = stop {
                        entered += 1;
                        if entered.is_multiple_of(STOP_CHECK_NODES) && stop.load(Ordering::Relaxed)
                        {
                            return false;
                        }
                    }
                    let solved = self.rlink[0] == 0;
                    if solved || l == depth_limit {
                        if visit(self, &x[..l], solved).is_break() {
                            return false;
                        }
                        step = Step::Leave;
                        continue;
                    }
                    let i = self.choose();
                    if self.len[i as usize] == 0 {
                        step = Step::Leave;
                        continue;
                    }
                    self.cover(i);
                    if x.len() == l {
                        x.push(0);
                        item.push(0);
                    }
                    x[l] = self.nodes[i as usize].dlink;
                    item[l] = i;
                    step = Step::Try;
                }
                Step::Try => {
                    if x[l] == item[l] {
                        self.uncover(item[l]);
                        step = Step::Leave;
                    } else {
                        self.commit_rest(x[l]);
                        l += 1;
                        step = Step::Enter;
                    }
                }
                Step::Next => {
                    self.uncommit_rest(x[l]);
                    x[l] = self.nodes[x[l] as usize].dlink;
                    step = Step::Try;
                }
                Step::Leave => {
                    if l == 0 {
                        return true;
                    }
                    l -= 1;
                    step = Step::Next;
                }
            }
        }
    }
}

/// Visits every solution (as option numbers, in the order chosen) until `visit` breaks.
/// Returns true when the search space was exhausted.
pub fn search(p: &Problem, mut visit: impl FnMut(&[usize]) -> ControlFlow<()>) -> bool {
    if p.has_multiplicities() {
        return crate::multi::search(p, visit);
    }
    let mut links = Links::new(p);
    let mut chosen = Vec::new();
    links.run(usize::MAX, &mut |links, xs, _| {
        chosen.clear();
        chosen.extend(xs.iter().map(|&x| links.option_of[x as usize] as usize));
        visit(&chosen)
    })
}

/// Counts solutions on one thread, stopping at `limit`.
pub fn count(p: &Problem, limit: Option<u64>) -> Count {
    count_reporting(p, limit, &AtomicU64::new(0))
}

/// [`count`], adding the solutions to `found` as it goes (in batches, so at any moment a lower
/// bound): what a count stopped from outside had reached. The caller owns the counter, so
/// counts running at once each report to their own.
pub fn count_reporting(p: &Problem, limit: Option<u64>, found: &AtomicU64) -> Count {
    count_reporting_until(p, limit, found, None)
}

/// [`count`] that gives up soon after `stop` is raised (then `complete` is false and `count`
/// is what it had reached).
pub fn count_until(p: &Problem, limit: Option<u64>, stop: &AtomicBool) -> Count {
    count_reporting_until(p, limit, &AtomicU64::new(0), Some(stop))
}

/// [`count_reporting`], stopping soon after `stop` (if any) is raised. Algorithm M reads no
/// flag: a problem with multiplicities runs to its end or `limit`.
fn count_reporting_until(
    p: &Problem,
    limit: Option<u64>,
    found: &AtomicU64,
    stop: Option<&AtomicBool>,
) -> Count {
    if p.has_multiplicities() {
        return crate::multi::count(p, limit, found);
    }
    counting(limit, found, |tally| {
        Links::new(p).run_until(usize::MAX, stop, &mut |_, _, _| tally())
    })
}

/// Nodes entered between two readings of a stop flag (a few microseconds of search).
const STOP_CHECK_NODES: u64 = 4096;

/// Counts the solutions a search visits: `run` calls `tally` at each one and returns whether it
/// exhausted the search; the count stops at `limit`, adding to `found` in batches of 4,096.
pub(crate) fn counting(
    limit: Option<u64>,
    found: &AtomicU64,
    run: impl FnOnce(&mut dyn FnMut() -> ControlFlow<()>) -> bool,
) -> Count {
    let limit = limit.unwrap_or(u64::MAX);
    if limit == 0 {
        return Count {
            count: 0,
            complete: false,
        };
    }
    let mut n = 0u64;
    let complete = run(&mut || {
        n += 1;
        if n.is_multiple_of(4096) {
            found.fetch_add(4096, Ordering::Relaxed);
        }
        if n >= limit {
            ControlFlow::Break(())
        } else {
            ControlFlow::Continue(())
        }
    });
    Count { count: n, complete }
}

/// Counts solutions on `threads` threads: a shallow search cuts the tree into subtrees (at
/// least 64 per thread where the tree allows), which the threads take one at a time. Solutions
/// are added to `found` as they are counted (see [`count_reporting`]).
pub fn count_parallel(p: &Problem, threads: usize, limit: Option<u64>, found: &AtomicU64) -> Count {
    let threads = threads.max(1);
    if p.has_multiplicities() {
        return crate::multi::count_parallel(p, threads, limit, found);
    }
    if threads == 1 {
        return count_reporting(p, limit, found);
    }
    let limit = limit.unwrap_or(u64::MAX);
    if limit == 0 {
        return Count {
            count: 0,
            complete: false,
        };
    }
    let base = Links::new(p);
    let (mut prefixes, mut shallow) = (Vec::new(), 0u64);
    for depth in 1..=8 {
        prefixes.clear();
        shallow = 0;
        base.clone().run(depth, &mut |_, xs, solved| {
            if solved {
                shallow += 1;
            } else {
                prefixes.push(xs.to_vec());
            }
            ControlFlow::Continue(())
        });
        if prefixes.len() >= 64 * threads {
            break;
        }
    }
    let total = AtomicU64::new(shallow.min(limit));
    let stop = AtomicBool::new(shallow >= limit);
    wellposed_work::each_index(
        prefixes.len(),
        threads,
        || (),
        |_, k| {
            if stop.load(Ordering::Relaxed) {
                return;
            }
            let mut links = base.clone();
            links.apply(&prefixes[k]);
            let mut local = 0u64;
            // Flush to the shared total in batches so threads rarely touch it.
            let flush = |local: &mut u64| {
                found.fetch_add(*local, Ordering::Relaxed);
                let before = total.fetch_add(*local, Ordering::Relaxed);
                *local = 0;
                if before >= limit {
                    stop.store(true, Ordering::Relaxed);
                }
                before
            };
            links.run(usize::MAX, &mut |_, _, _| {
                local += 1;
                if local >= 1024 || limit != u64::MAX {
                    let before = flush(&mut local);
                    if before + 1 >= limit {
                        stop.store(true, Ordering::Relaxed);
                        return ControlFlow::Break(());
                    }
                    if stop.load(Ordering::Relaxed) {
                        return ControlFlow::Break(());
                    }
                }
                ControlFlow::Continue(())
            });
            flush(&mut local);
        },
    );
    let found = total.load(Ordering::Relaxed);
    Count {
        count: found.min(limit),
        complete: found < limit,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// n-queens as exact cover: ranks and files primary, diagonals secondary.
    pub(crate) fn queens(n: usize) -> Problem {
        let prim: Vec<String> = (0..n)
            .map(|i| format!("r{i}"))
            .chain((0..n).map(|j| format!("c{j}")))
            .collect();
        let sec: Vec<String> = (0..2 * n - 1)
            .map(|d| format!("a{d}"))
            .chain((0..2 * n - 1).map(|d| format!("b{d}")))
            .collect();
        let mut p = Problem::new(&prim, &sec).unwrap();
        for i in 0..n {
            for j in 0..n {
                let names = [
                    format!("r{i}"),
                    format!("c{j}"),
                    format!("a{}", i + j),
                    format!("b{}", n - 1 + i - j),
                ];
                let toks: Vec<&str> = names.iter().map(|s| s.as_str()).collect();
                p.add_option_text(&toks).unwrap();
            }
        }
        p
    }

    /// Counts by brute force over all subsets of options, using `Problem::check`.
    fn brute(p: &Problem) -> u64 {
        let m = p.options().len();
        (0u32..1 << m)
            .filter(|mask| {
                let chosen: Vec<usize> = (0..m).filter(|i| mask >> i & 1 == 1).collect();
                p.check(&chosen).is_ok()
            })
            .count() as u64
    }

    #[test]
    fn queens_counts_match_the_known_sequence() {
        // OEIS A000170: 1, 0, 0, 2, 10, 4, 40, 92, 352
        let known = [1, 0, 0, 2, 10, 4, 40, 92, 352];
        for (k, &want) in known.iter().enumerate() {
            let n = k + 1;
            let p = queens(n);
            assert_eq!(
                count(&p, None),
                Count {
                    count: want,
                    complete: true
                },
                "n={n}"
            );
            assert_eq!(
                count_parallel(&p, 3, None, &AtomicU64::new(0)).count,
                want,
                "n={n} parallel"
            );
        }
    }

    #[test]
    fn every_solution_checks_and_limits_stop() {
        let p = queens(6);
        let mut seen = 0;
        assert!(search(&p, |s| {
            p.check(s).unwrap();
            seen += 1;
            ControlFlow::Continue(())
        }));
        assert_eq!(seen, 4);
        assert_eq!(
            count(&p, Some(3)),
            Count {
                count: 3,
                complete: false
            }
        );
        assert_eq!(
            count(&p, Some(5)),
            Count {
                count: 4,
                complete: true
            }
        );
        let par = count_parallel(&queens(8), 2, Some(10), &AtomicU64::new(0));
        assert_eq!(
            par,
            Count {
                count: 10,
                complete: false
            }
        );
    }

    /// Small random problems with colours, against brute force over option subsets.
    #[test]
    fn random_colour_problems_match_brute_force() {
        let mut rng = crate::testing::Rng(0x9e37_79b9_7f4a_7c15);
        let shape = crate::testing::Shape {
            primary: (1, 4),
            secondary: (0, 3),
            options: (2, 10),
            join: 3,
            colours: 2,
        };
        for _ in 0..400 {
            let p = crate::testing::random_problem(&mut rng, &shape);
            let want = brute(&p);
            assert_eq!(count(&p, None).count, want, "{p:?}");
            assert_eq!(count_parallel(&p, 2, None, &AtomicU64::new(0)).count, want);
        }
    }

    /// The same random problems without colours, against the dlx-rs crate as an independent
    /// implementation.
    #[test]
    fn random_problems_match_dlx_rs() {
        let mut rng = crate::testing::Rng(0x2545_f491_4f6c_dd1d);
        let shape = crate::testing::Shape {
            primary: (1, 6),
            secondary: (0, 3),
            options: (2, 14),
            join: 3,
            colours: 0,
        };
        for _ in 0..300 {
            let p = crate::testing::random_problem(&mut rng, &shape);
            let mut reference =
                dlx_rs::Solver::new_optional(p.num_primary(), p.num_items() - p.num_primary());
            for (k, option) in p.options().iter().enumerate() {
                let one_based: Vec<usize> = option.iter().map(|&(i, _)| i + 1).collect();
                reference.add_option(k, &one_based);
            }
            let want = reference.count() as u64;
            assert_eq!(count(&p, None).count, want, "{p:?}");
        }
    }
}
