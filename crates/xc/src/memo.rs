//! Counting exact covers with memoisation, after Nishino, Yasuda, Minato and Nagata, "Dancing
//! with Decision Diagrams" (AAAI 2017, DXZ): the number of ways to finish a partial cover
//! depends only on what is left to cover, so it is computed once per distinct remainder and
//! looked up when the search meets that remainder again — as tilings and edge matching do,
//! where different orders of the same placements leave the same hole.
//!
//! The remainder's key: which primary items are still uncovered, and for each secondary item
//! that some still-available option contains, whether it is free or which colour it already
//! has (a secondary item no available option touches cannot change any count, so it is left
//! out of the key, which lets more remainders meet). The choice of item at each node is a
//! function of the remainder (fewest available options, then the lowest item), so equal keys
//! have equal subtrees. Counts are exact (128 bits; more is an error, not a wrap).
//!
//! Memory is bounded: the table stops growing at `max_bytes` (estimated per entry: the key,
//! the count and the table's overhead) and the search goes on without new entries, exactly but
//! slower; the result says whether that happened.
//!
//! Multiplicities (`lo:hi|item`) are taken when every option contains an item covered exactly
//! once (as the positions of a board do in a piece-type problem): the search then branches on
//! such items only, so no option is ever passed over, and the key adds how many times each
//! bounded item is covered so far; when every exactly-once item is covered no option is left,
//! and the bounded items' lower bounds decide. Other multiplicity problems are refused (their
//! remainders would also depend on the options passed over; see [`crate::multi`]).

use crate::multi::{Held, Node, State};
use crate::{Problem, XcError};
use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};
use std::sync::atomic::{AtomicBool, Ordering};

/// What a memoised count found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MemoCount {
    pub count: u128,
    /// False when `stop` ended the count early (then `count` means nothing).
    pub complete: bool,
    /// Distinct remainders stored.
    pub entries: usize,
    /// Remainders found in the table instead of searched again.
    pub hits: u64,
    /// Search nodes visited.
    pub nodes: u64,
    /// The table reached `max_bytes` and stopped growing.
    pub table_full: bool,
}

/// A fast hash for the keys (word-at-a-time multiply-xor; keys are not adversarial).
#[derive(Default)]
struct KeyHasher(u64);

impl Hasher for KeyHasher {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for chunk in bytes.chunks(8) {
            let mut w = [0u8; 8];
            w[..chunk.len()].copy_from_slice(chunk);
            self.write_u64(u64::from_le_bytes(w));
        }
    }
    fn write_u32(&mut self, n: u32) {
        self.write_u64(u64::from(n));
    }
    fn write_u64(&mut self, n: u64) {
        self.0 = (self.0.rotate_left(5) ^ n).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
    }
    fn write_usize(&mut self, n: usize) {
        self.write_u64(n as u64);
    }
}

type Table = HashMap<Box<[u32]>, u128, BuildHasherDefault<KeyHasher>>;

/// The remainder's key (see the module documentation).
fn key(s: &State) -> Box<[u32]> {
    let p = s.p;
    let words = p.num_primary().div_ceil(32);
    let mut k = vec![0u32; words];
    for i in 0..p.num_primary() {
        if p.bounds(i) == (1, 1) {
            if s.times[i] == 0 {
                k[i / 32] |= 1 << (i % 32);
            }
        } else {
            k.push(s.times[i]);
        }
    }
    for j in p.num_primary()..p.num_items() {
        if s.users[j].iter().any(|&(o, _)| s.blocked[o] == 0) {
            k.push(j as u32);
            k.push(match s.held[j] {
                Held::Free => 0,
                Held::Taken => 1,
                Held::Colour(c) => c + 2,
            });
        }
    }
    k.into_boxed_slice()
}

/// Whether memoised counting takes `p`: no multiplicities, or an exactly-once item in every
/// option (see the module documentation).
pub fn takes(p: &Problem) -> bool {
    !p.has_multiplicities()
        || p.options().iter().all(|o| {
            o.iter()
                .any(|&(i, _)| i < p.num_primary() && p.bounds(i) == (1, 1))
        })
}

/// The item to branch on — an exactly-once item, fewest available options first, then the
/// lowest — or whether the remainder is finished (every exactly-once item covered: no option is
/// left, and the bounded items' lower bounds say whether it is a solution) or dead.
fn node(s: &State) -> Node {
    let p = s.p;
    let mut best: Option<(u32, usize)> = None;
    for i in 0..p.num_primary() {
        let (lo, _) = p.bounds(i);
        let (t, a) = (s.times[i], s.avail[i]);
        if t < lo && t + a < lo {
            return Node::Dead;
        }
        if p.bounds(i) == (1, 1) && t == 0 && best.is_none_or(|b| (a, i) < b) {
            best = Some((a, i));
        }
    }
    match best {
        Some((_, i)) => Node::Branch(i),
        None => Node::Solution,
    }
}

/// One choice point: the remainder's key, its options for the chosen item, the next to try,
/// the sum so far and the trail length to return to.
struct Frame {
    key: Box<[u32]>,
    list: Vec<usize>,
    next: usize,
    sum: u128,
    mark: usize,
}

/// Counts the exact covers of `p` with a table of remainders of at most about `max_bytes`;
/// `stop` (checked every 4,096 nodes) ends it early.
pub fn count(p: &Problem, max_bytes: u64, stop: &AtomicBool) -> Result<MemoCount, XcError> {
    count_within(p, &mut Memo::new(max_bytes), stop, u64::MAX)
}

/// The table of remainders and its memory account. Every entry is a finished remainder's
/// exact count, so a table filled by a stopped count (the probe of [`pays`]) stays valid for
/// the next count of the same problem.
struct Memo {
    table: Table,
    bytes: u64,
    max_bytes: u64,
    /// An entry was not stored for the budget.
    full: bool,
}

impl Memo {
    fn new(max_bytes: u64) -> Memo {
        Memo {
            table: Table::default(),
            bytes: 0,
            max_bytes,
            full: false,
        }
    }
}

/// How many nodes [`pays`] looks at.
pub const PROBE_NODES: u64 = 100_000;

/// Whether memoisation pays on `p`, by trying it: `Ok(Some(count))` when the first
/// [`PROBE_NODES`] nodes finish the count; `Ok(None)` when they do not and fewer than half of
/// the remainders met were found again (plain dancing links, on every core, will do better);
/// otherwise the memoised count itself.
pub fn pays(p: &Problem, max_bytes: u64, stop: &AtomicBool) -> Result<Option<MemoCount>, XcError> {
    if !takes(p) {
        return Ok(None);
    }
    let mut memo = Memo::new(max_bytes);
    let probe = count_within(p, &mut memo, stop, PROBE_NODES)?;
    if probe.complete {
        return Ok(Some(probe));
    }
    if probe.hits * 2 < probe.nodes {
        return Ok(None);
    }
    // Go on with the probe's table: its remainders need not be counted again.
    count_within(p, &mut memo, stop, u64::MAX).map(Some)
}

/// [`count`], giving up (incomplete) after `max_nodes` nodes.
fn count_within(
    p: &Problem,
    memo: &mut Memo,
    stop: &AtomicBool,
    max_nodes: u64,
) -> Result<MemoCount, XcError> {
    if !takes(p) {
        return Err(XcError::Option {
            option: 0,
            message: "memoised counting takes multiplicities only when every option has an item covered exactly once".into(),
        });
    }
    let mut s = State::new(p);
    let (mut hits, mut nodes) = (0u64, 0u64);
    let overflow = || XcError::Option {
        option: 0,
        message: "the count exceeds 2^128".into(),
    };
    let mut frames: Vec<Frame> = Vec::new();
    // The value of the state `s` is in, once known; `None`: a frame was pushed for it.
    let mut value: Option<u128>;
    loop {
        // Evaluate the current state.
        nodes += 1;
        if nodes > max_nodes || (nodes.is_multiple_of(4096) && stop.load(Ordering::Relaxed)) {
            return Ok(MemoCount {
                count: 0,
                complete: false,
                entries: memo.table.len(),
                hits,
                nodes,
                table_full: memo.full,
            });
        }
        let k = key(&s);
        value = match memo.table.get(&k) {
            Some(&v) => {
                hits += 1;
                Some(v)
            }
            None => match node(&s) {
                Node::Solution => Some(1),
                Node::Dead => Some(0),
                Node::Branch(i) => {
                    let list: Vec<usize> = s.users[i]
                        .iter()
                        .map(|&(o, _)| o)
                        .filter(|&o| s.blocked[o] == 0)
                        .collect();
                    frames.push(Frame {
                        key: k,
                        list,
                        next: 0,
                        sum: 0,
                        mark: s.trail.len(),
                    });
                    None
                }
            },
        };
        // Hand values up until some frame has another child to try.
        loop {
            let Some(f) = frames.last_mut() else {
                let count = value.expect("the root's value");
                return Ok(MemoCount {
                    count,
                    complete: true,
                    entries: memo.table.len(),
                    hits,
                    nodes,
                    table_full: memo.full,
                });
            };
            if let Some(v) = value.take() {
                f.sum = f.sum.checked_add(v).ok_or_else(overflow)?;
            }
            s.undo_to(f.mark);
            if f.next < f.list.len() {
                // Every option here covers the item (exactly once), which blocks the options
                // tried before: nothing needs passing over.
                let o = f.list[f.next];
                f.next += 1;
                s.choose(o);
                break;
            }
            let done = frames.pop().expect("a frame");
            let entry = done.key.len() as u64 * 4 + 16 + 48;
            if memo.bytes + entry <= memo.max_bytes {
                memo.bytes += entry;
                memo.table.insert(done.key, done.sum);
            } else {
                memo.full = true;
            }
            value = Some(done.sum);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::parse_dlx;

    fn memo(p: &Problem, bytes: u64) -> MemoCount {
        count(p, bytes, &AtomicBool::new(false)).unwrap()
    }

    /// The bundled covers count as dancing links count them (n-queens: OEIS A000170), with a
    /// roomy table and with none at all. (The pentominoes count too, but slowly: twelve
    /// different pieces rarely leave the same remainder twice; see BENCHMARKS.md.)
    #[test]
    fn memoised_counts_are_the_plain_counts() {
        let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../../encodings/raw/");
        for (file, want) in [("queens8.dlx", 92u128), ("queens12.dlx", 14_200)] {
            let p = parse_dlx(&std::fs::read_to_string(format!("{dir}{file}")).unwrap()).unwrap();
            assert_eq!(memo(&p, 1 << 30).count, want, "{file}");
            if want < 1000 {
                let none = memo(&p, 0);
                assert_eq!((none.count, none.entries), (want, 0), "{file}");
            }
        }
    }

    /// Domino tilings of a rectangle (cells primary, one option per domino): remainders repeat
    /// a lot. OEIS A004003: 1, 2, 36, 6728, 12988816 for 2n×2n, n = 0..4; A099390 (m×n).
    #[test]
    fn domino_tilings_match_oeis() {
        let tilings = |h: usize, w: usize| {
            let p = crate::instances::dominoes(h, w);
            let m = memo(&p, 1 << 28);
            assert!(m.hits > 0 || h * w <= 4);
            m.count
        };
        let squares: Vec<u128> = (1..=4).map(|n| tilings(2 * n, 2 * n)).collect();
        assert_eq!(squares, [2, 36, 6728, 12_988_816]);
        // 3×10: 571 (A001835 at n = 5).
        assert_eq!(tilings(3, 10), 571);
    }

    /// Multiplicity problems with an exactly-once item in every option (cells, and piece types
    /// used m times): memoised counts equal the multiplicity search's; others are refused.
    #[test]
    fn multiplicities_with_an_exactly_once_item_in_every_option() {
        let mut rng = crate::testing::Rng(0x77_1234);
        let mut compared = 0;
        for _ in 0..3000 {
            let shape = crate::testing::Shape {
                primary: (2, 6),
                secondary: (0, 3),
                options: (2, 18),
                join: 3,
                colours: 2,
            };
            let mut p = crate::testing::random_problem(&mut rng, &shape);
            // Items from the second on may take bounds; the first stays exactly once.
            for i in 1..p.num_primary() {
                if rng.below(2) == 0 {
                    let hi = 1 + rng.below(3) as u32;
                    let lo = rng.below(u64::from(hi) + 1) as u32;
                    p.set_bounds(i, lo, hi).unwrap();
                }
            }
            let want = u128::from(crate::multi::count(&p, None, &Default::default()).count);
            match count(&p, 1 << 24, &AtomicBool::new(false)) {
                Ok(m) => {
                    assert!(takes(&p));
                    assert_eq!(m.count, want, "{p:?}");
                    compared += 1;
                }
                Err(_) => assert!(!takes(&p)),
            }
        }
        assert!(compared > 500, "{compared}");
    }

    /// The probe: dominoes pay (found again far more often than not), the pentominoes do not,
    /// and a small problem is simply counted.
    #[test]
    fn memoisation_is_chosen_where_remainders_repeat() {
        let never = AtomicBool::new(false);
        let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../../encodings/raw/");
        let read =
            |f: &str| parse_dlx(&std::fs::read_to_string(format!("{dir}{f}")).unwrap()).unwrap();
        assert_eq!(
            pays(&read("queens8.dlx"), 1 << 26, &never)
                .unwrap()
                .unwrap()
                .count,
            92
        );
        assert!(pays(&read("pentomino-5x12.dlx"), 1 << 26, &never)
            .unwrap()
            .is_none());
        let dominoes = crate::instances::dominoes(8, 8);
        assert_eq!(
            pays(&dominoes, 1 << 26, &never).unwrap().unwrap().count,
            12_988_816
        );
    }

    /// Random problems with colours: memoised, plain, and with a table too small to hold much.
    #[test]
    fn agrees_with_dancing_links_on_random_problems_with_colours() {
        let mut rng = crate::testing::Rng(0x2545_f491_4f6c_dd1d);
        let shape = crate::testing::Shape {
            primary: (2, 5),
            secondary: (0, 4),
            options: (2, 16),
            join: 3,
            colours: 2,
        };
        for _ in 0..2000 {
            let p = crate::testing::random_problem(&mut rng, &shape);
            let plain = u128::from(crate::count(&p, None).count);
            assert_eq!(memo(&p, 1 << 24).count, plain, "{p:?}");
            assert_eq!(memo(&p, 200).count, plain, "{p:?}");
        }
    }

    /// Larger random problems (up to 13 primary and 8 secondary items, 43 options, three
    /// colours): memoised and plain counts agree.
    #[test]
    fn agrees_with_dancing_links_on_larger_random_problems() {
        let mut rng = crate::testing::Rng(0x1234_5678_9abc_def1);
        let shape = crate::testing::Shape {
            primary: (4, 10),
            secondary: (1, 8),
            options: (4, 40),
            join: 6,
            colours: 3,
        };
        for _ in 0..5000 {
            let p = crate::testing::random_problem(&mut rng, &shape);
            let plain = u128::from(crate::count(&p, None).count);
            assert_eq!(memo(&p, 1 << 24).count, plain, "{p:?}");
        }
    }
}
