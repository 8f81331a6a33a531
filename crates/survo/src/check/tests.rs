//! The second method against Mustonen's table and against the first method (which the tests
//! may use as an oracle; the method itself does not).

use super::cross::Crossing;
use super::place::Placement;
use super::trades::{has_trade, Rank, Several};
use super::*;
use crate::enumerate::{self, scan, Method, Split};
use crate::solver::{self, Tables};

fn listed(method: Method, m: usize, n: usize, threads: usize) -> (Tally, Vec<Found>) {
    let found = std::sync::Mutex::new(Vec::new());
    let t = scan(
        method,
        m,
        n,
        &Split::new(),
        threads,
        (0, 1),
        &|_| false,
        &|_, _, p| found.lock().unwrap().extend_from_slice(p),
        true,
    );
    let mut found = found.into_inner().unwrap();
    found.sort();
    (t, found)
}

/// The first method as the tests' oracle on m×n tables with no givens: the tables of a pair of
/// margins, up to `limit`, each shown to `visit`.
struct FirstMethod {
    m: usize,
    n: usize,
    tables: Tables,
    givens: Vec<u32>,
}

impl FirstMethod {
    fn new(m: usize, n: usize) -> FirstMethod {
        FirstMethod {
            m,
            n,
            tables: Tables::new(m, n),
            givens: vec![0; m * n],
        }
    }

    fn tables(
        &self,
        rows: &[u32],
        cols: &[u32],
        limit: u64,
        visit: impl FnMut(&[u32]) -> bool,
    ) -> u64 {
        let p = solver::Problem {
            m: self.m,
            n: self.n,
            rows,
            cols,
            givens: &self.givens,
        };
        solver::solve(&p, &self.tables, limit, visit)
    }

    fn count(&self, rows: &[u32], cols: &[u32], limit: u64) -> u64 {
        self.tables(rows, cols, limit, |_| true)
    }
}

/// Mustonen's 2007 values ([`crate::MUSTONEN_2007`], which tests/agreement.rs holds the first
/// method to).
#[test]
fn columns_first_reproduces_mustonens_table() {
    // The sizes up to 14 cells: the larger ones take this method minutes.
    for &((m, n), want) in crate::MUSTONEN_2007
        .iter()
        .filter(|((m, n), _)| m * n <= 14)
    {
        for (a, b) in [(m, n), (n, m)] {
            let (t, found) = listed(Method::ColumnsFirst, a, b, 2);
            assert_eq!(t.unique, want, "S({a},{b})");
            assert_eq!(found.len() as u64, want, "{a}×{b}: puzzles listed");
        }
    }
}

/// The same puzzles (margins and table) as the first method, for every size small enough,
/// and the shards add up.
#[test]
fn columns_first_lists_the_first_methods_puzzles() {
    for (m, n) in [
        (2, 3),
        (3, 2),
        (2, 5),
        (3, 3),
        (3, 4),
        (4, 3),
        (3, 5),
        (5, 3),
    ] {
        let (_, second) = listed(Method::ColumnsFirst, m, n, 2);
        let (_, first) = listed(Method::of(m, n), m, n, 2);
        assert_eq!(second, first, "{m}×{n}");
        let units = enumerate::work_units(m, n, Method::ColumnsFirst, &Split::new());
        let parts = 3.min(units);
        let shards: u64 = (0..parts)
            .map(|k| {
                scan(
                    Method::ColumnsFirst,
                    m,
                    n,
                    &Split::new(),
                    1,
                    (k, parts),
                    &|_| false,
                    &|_, _, _| {},
                    false,
                )
                .unique
            })
            .sum();
        assert_eq!(shards, first.len() as u64, "{m}×{n} in shards");
    }
}

/// A decider's count (capped at two) is the dedicated solver's on every margin pair of each
/// size, and every table it finds has the pair's margins. `decide` answers the count and the
/// tables found, row-major, one after the other.
fn counts_as_the_solver_does(
    sizes: &[(usize, usize)],
    mut decide: impl FnMut(&[u32], &[u32]) -> (u64, Vec<u32>),
) {
    for &(m, n) in sizes {
        let first = FirstMethod::new(m, n);
        let mut seen = [0usize; 3];
        for rows in margins(m, n) {
            for cols in margins(n, m) {
                let want = first.count(&rows, &cols, 2);
                let (got, tables) = decide(&rows, &cols);
                assert_eq!(got, want, "{rows:?} × {cols:?}");
                for t in tables.chunks_exact(m * n) {
                    assert_eq!(crate::Survo::open_of(m, n, t).rows, rows);
                    assert_eq!(crate::Survo::open_of(m, n, t).cols, cols);
                }
                seen[got as usize] += 1;
            }
        }
        // Every outcome occurs (a single row has one table for distinct column sums).
        assert!(
            seen[1] > 0 && (m == 1 || seen[0] > 0 && seen[2] > 0),
            "{m}×{n}: {seen:?}"
        );
    }
}

/// The value-placement decider, on 3×3, 3×4, 4×3 and 2×5.
#[test]
fn placement_counts_as_the_solver_does() {
    let mut placement = Placement::default();
    counts_as_the_solver_does(&[(3, 3), (3, 4), (4, 3), (2, 5)], |rows, cols| {
        let got = placement.decide(rows, cols);
        (got, placement.tables().flatten().copied().collect())
    });
}

/// The crossing decider, on 3×3, 3×4, 4×3, 2×5 and 1×4.
#[test]
fn crossing_counts_as_the_solver_does() {
    let mut crossing = Crossing::default();
    counts_as_the_solver_does(&[(3, 3), (3, 4), (4, 3), (2, 5), (1, 4)], |rows, cols| {
        let got = crossing.decide(rows, cols);
        (got, crossing.tables().flatten().copied().collect())
    });
}

/// A row margin's place among those of its size is below their number and names it.
#[test]
fn row_margins_have_distinct_places() {
    for (m, n) in [
        (1, 4),
        (2, 5),
        (3, 3),
        (3, 4),
        (4, 3),
        (4, 4),
        (3, 5),
        (5, 3),
    ] {
        let rank = Rank::new(m, n).expect("a small size");
        let mut seen = std::collections::HashSet::new();
        for rows in margins(m, n) {
            let p = rank.of(&rows);
            assert!((p as u64) < rank.places, "{m}×{n}: {rows:?} at {p}");
            assert!(seen.insert(p), "{m}×{n}: {rows:?} shares place {p}");
        }
        assert!(seen.len() > 1 || m == 1, "{m}×{n}");
    }
}

/// Every row margin the spreading marks has two tables by the dedicated solver, and a table
/// with a trade is never the only one of its pair.
#[test]
fn marked_pairs_have_two_tables() {
    for (m, n) in [(3, 3), (3, 4), (4, 3)] {
        let first = FirstMethod::new(m, n);
        let mut placement = Placement::default();
        let mut marked = 0;
        for cols in margins(n, m) {
            let mut several = Several::default();
            several.start(m, n);
            let mut hashed = Several::hashed(m, n);
            hashed.start(m, n);
            for rows in margins(m, n) {
                placement.decide(&rows, &cols);
                for t in placement.tables() {
                    several.spread(t, &rows, n);
                    hashed.spread(t, &rows, n);
                }
            }
            assert_eq!(several.len(), hashed.len(), "{m}×{n}, {cols:?}");
            for rows in margins(m, n) {
                let count = first.count(&rows, &cols, 2);
                assert_eq!(several.contains(&rows), hashed.contains(&rows), "{rows:?}");
                if several.contains(&rows) {
                    marked += 1;
                    assert_eq!(count, 2, "{rows:?} × {cols:?} marked");
                }
                if count == 1 {
                    first.tables(&rows, &cols, 1, |t| {
                        assert!(!has_trade(t, m, n), "a unique table with a trade");
                        true
                    });
                }
            }
        }
        assert!(marked > 100, "{m}×{n}: {marked} marked");
    }
}

/// The walk under [`row_needs`] visits exactly the row margins that pass the k-rows/l-columns
/// condition with the column margin (the first method's `feasible` as the oracle).
#[test]
fn needs_keep_exactly_the_feasible_row_margins() {
    for (m, n) in [(3, 3), (3, 4), (4, 3), (2, 5), (4, 4)] {
        for cols in margins(n, m) {
            let want: Vec<Vec<u32>> = margins(m, n)
                .into_iter()
                .filter(|r| enumerate::feasible(r, &cols))
                .collect();
            let mut got = Vec::new();
            if let Some(need) = row_needs(m, &cols) {
                walk_margins(m, n, &[], &need, &mut |r| got.push(r.to_vec()));
            }
            got.sort();
            let mut want = want;
            want.sort();
            assert_eq!(got, want, "{m}×{n}: {cols:?}");
        }
    }
}

/// This method's margins are the first method's, and its complement an involution.
#[test]
fn margins_and_complements() {
    for (m, n) in [(2, 3), (3, 4), (4, 3), (4, 4), (3, 5)] {
        let mut mine = margins(m, n);
        mine.sort();
        let mut theirs = enumerate::margins(m, n);
        theirs.sort();
        assert_eq!(mine, theirs, "{m}×{n}");
        for r in &mine {
            assert_eq!(&complement(&complement(r, n), n), r);
        }
    }
}

/// The pair-level conditions ([`flow`] and [`weights`]) never reject a pair that has a table:
/// every margin pair of 3×3, 3×4, 4×3 and 2×5, against the dedicated solver; and each rejects
/// some pair somewhere (the weights many).
#[test]
fn pair_conditions_never_reject_a_pair_with_a_table() {
    let mut weight_rejections = 0;
    for (m, n) in [(3, 3), (3, 4), (4, 3), (2, 5), (5, 2)] {
        let first = FirstMethod::new(m, n);
        let mut flow = flow::Flow::default();
        let mut weights = weights::Weights::default();
        let mut row_cuts = weights::RowCuts::default();
        let all_rows = margins(m, n);
        for cols in margins(n, m) {
            // The folded bounds depend on the column margin only.
            let cuts = row_cuts.cuts(m, &cols, 6).to_vec();
            for rows in &all_rows {
                let rows = rows.as_slice();
                let has = first.count(rows, &cols, 1) > 0;
                let passes_flow = flow.feasible(rows, &cols);
                let passes_weights = weights.admits(rows, &cols, 6);
                assert_eq!(
                    weights::admits_rows(&cuts, rows),
                    passes_weights,
                    "{rows:?} × {cols:?}: the folded bounds are the same condition"
                );
                if has {
                    assert!(passes_flow, "flow rejects {rows:?} × {cols:?}");
                    assert!(passes_weights, "weights reject {rows:?} × {cols:?}");
                }
                weight_rejections += usize::from(!passes_weights);
            }
        }
    }
    assert!(weight_rejections > 1000, "{weight_rejections}");
}

/// The threshold interval of one line is exact: every count in it is reached by some set of
/// `size` distinct values of 1..=cells with the line's sum, and none outside (brute force).
#[test]
fn high_counts_are_the_reachable_ones() {
    for (size, cells) in [(2u32, 6u32), (3, 9), (3, 12), (4, 12)] {
        let subsets: Vec<u64> = (0u64..1 << cells)
            .filter(|s| s.count_ones() == size)
            .collect();
        for t in 1..cells {
            for sum in 1..=cells * size {
                let counts: Vec<u32> = subsets
                    .iter()
                    .filter(|&&s| {
                        (0..cells)
                            .filter(|b| s >> b & 1 == 1)
                            .map(|b| b + 1)
                            .sum::<u32>()
                            == sum
                    })
                    .map(|&s| (s >> t).count_ones())
                    .collect();
                let got = flow::high_count(
                    i64::from(size),
                    i64::from(cells),
                    i64::from(t),
                    i64::from(sum),
                    i64::from(sum),
                );
                match got {
                    None => assert!(counts.is_empty(), "{size} {cells} {t} {sum}"),
                    Some((lo, hi)) => {
                        let want = (
                            i64::from(*counts.iter().min().expect("a count")),
                            i64::from(*counts.iter().max().expect("a count")),
                        );
                        assert_eq!((lo, hi), want, "{size} {cells} t {t} sum {sum}");
                    }
                }
            }
        }
    }
}

/// The race of a pair against its complement (tiny budgets, so that both sides decide some
/// pairs) counts as the solver does, and its tables are tables of the pair itself.
#[test]
fn race_counts_as_the_solver_does() {
    for (m, n) in [(3, 3), (3, 4), (4, 3), (2, 5)] {
        let first = FirstMethod::new(m, n);
        let mut w = Worker::default();
        for start in [1, 7, 40] {
            let mut twin_decided = 0;
            for rows in margins(m, n) {
                for cols in margins(n, m) {
                    let want = first.count(&rows, &cols, 2);
                    let got = w.race_from(&rows, &cols, start);
                    assert_eq!(got, want, "{rows:?} × {cols:?} from {start}");
                    twin_decided += usize::from(w.placement.aborted());
                    for t in w.tables.chunks_exact(m * n) {
                        assert_eq!(crate::Survo::open_of(m, n, t).rows, rows);
                        assert_eq!(crate::Survo::open_of(m, n, t).cols, cols);
                    }
                }
            }
            if start == 1 {
                assert!(
                    twin_decided > 0,
                    "{m}×{n}: the complement side never decided"
                );
            }
        }
    }
}

/// The walk's weighted cuts never skip a row margin that has a table with its column margin:
/// every pair of 3×3, 3×4, 4×3, 2×5 and 5×2 with a table (by the solver) is visited by the
/// cut walk, which does skip some.
#[test]
fn walk_cuts_keep_every_pair_with_a_table() {
    let mut skipped = 0;
    for (m, n) in [(3, 3), (3, 4), (4, 3), (2, 5), (5, 2)] {
        let first = FirstMethod::new(m, n);
        let total = (m * n * (m * n + 1) / 2) as i64;
        let least = (n * (n + 1) / 2) as i64;
        for cols in margins(n, m) {
            for max in [1, 2, 3] {
                let cuts = weights::row_cuts(m, &cols, max);
                let cut =
                    |asc: &[u32], sum: u64| weights::cut(&cuts, asc, sum as i64, total, least);
                let mut kept = Vec::new();
                walk_margins_cut(m, n, &[], &[], &cut, &mut |r| kept.push(r.to_vec()));
                for rows in margins(m, n) {
                    if kept.contains(&rows) {
                        continue;
                    }
                    skipped += 1;
                    assert_eq!(
                        first.count(&rows, &cols, 1),
                        0,
                        "{rows:?} × {cols:?} skipped (weights up to {max})"
                    );
                }
            }
        }
    }
    assert!(skipped > 1000, "{skipped}");
}

/// At full size: on two heavy column margins of 4×6 (110 and 62 unique pairs when measured),
/// the row margins the second method finds unique (its walk, conditions, trades and decider)
/// are exactly those the first method's solver finds one table for, asked of every row margin
/// with no condition at all. (`examples/check_first.rs` does the same for random column
/// margins.)
#[test]
fn columns_first_finds_what_the_solver_finds_on_whole_column_margins() {
    let (m, n) = (4, 6);
    let first = FirstMethod::new(m, n);
    let all_rows = margins(m, n);
    let mut w = Worker::default();
    for cols in [[77, 65, 52, 44, 35, 27], [78, 63, 57, 43, 33, 26]] {
        assert!(cols.as_slice() > complement(&cols, m).as_slice());
        let (_, found) = columns(m, n, &mut |f| f(&cols), &mut w, true);
        let second: std::collections::BTreeSet<Vec<u32>> = found
            .into_iter()
            .filter(|(_, c, _)| c.as_slice() == cols)
            .map(|(r, _, _)| r)
            .collect();
        let by_solver: std::collections::BTreeSet<Vec<u32>> = all_rows
            .iter()
            .filter(|r| first.count(r, &cols, 2) == 1)
            .cloned()
            .collect();
        assert!(!by_solver.is_empty());
        assert_eq!(second, by_solver, "{cols:?}");
    }
}

/// The units (the column margins' distinct smallest parts) listed with the rest of each
/// unit's subtree cut are those of the whole walk, in the same order.
#[test]
fn units_are_the_whole_walks_smallest_parts() {
    for (m, n) in [
        (1usize, 4usize),
        (2, 2),
        (3, 2),
        (2, 5),
        (3, 4),
        (4, 3),
        (3, 6),
        (4, 5),
        (5, 4),
    ] {
        let depth = super::unit_depth(n);
        let mut whole: Vec<Vec<u32>> = Vec::new();
        for c in super::margins(n, m) {
            let head: Vec<u32> = c.iter().rev().take(depth).copied().collect();
            if whole.last() != Some(&head) {
                whole.push(head);
            }
        }
        assert_eq!(super::units(m, n), whole, "{m}×{n}");
    }
}

/// The crossing decider on lists many words long (a 3×8 row has up to ~10,000 candidate sets a
/// sum, a 4×6 row ~2,000): the puzzles the recheck files list, each shown unique by the SAT
/// path (`scripts/survo-recheck.sh`), come out with one table, theirs; and the margins of
/// random tables (several tables, or one) get the first method's solver's count.
#[test]
fn crossing_counts_as_the_solver_does_on_long_lists() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../results/survo");
    let mut crossing = Crossing::default();
    let mut unique = 0;
    for dir in ["units-3x8-complement", "units-4x6-complement", "units-5x5"] {
        for seed in [1, 5] {
            let path = root.join(dir).join(format!("recheck-{seed}.json"));
            let text = std::fs::read_to_string(&path).expect("a committed recheck file");
            let json: serde_json::Value = serde_json::from_str(&text).expect("JSON");
            for p in json["puzzles"].as_array().expect("puzzles") {
                assert_eq!(p["status"], "unique", "{path:?}");
                let parts: Vec<Vec<u32>> = p["puzzle"]
                    .as_str()
                    .expect("a puzzle line")
                    .split('|')
                    .map(|part| {
                        part.split_whitespace()
                            .map(|x| x.parse().unwrap())
                            .collect()
                    })
                    .collect();
                let [size, rows, cols, table] = &parts[..] else {
                    panic!("{path:?}: {p}");
                };
                assert_eq!(size.len(), 2);
                assert_eq!(crossing.decide(rows, cols), 1, "{p}");
                assert_eq!(crossing.tables().next(), Some(&table[..]), "{p}");
                unique += 1;
            }
        }
    }
    assert!(unique >= 30, "{unique} listed puzzles");
    let mut rng = wellposed_engine::Xorshift(0x3_8c05);
    for (m, n) in [(3, 8), (4, 6), (8, 3)] {
        let first = FirstMethod::new(m, n);
        let mut seen = [0usize; 3];
        for _ in 0..100 {
            let mut values: Vec<u32> = (1..=(m * n) as u32).collect();
            for k in (1..values.len()).rev() {
                values.swap(k, rng.below(k as u64 + 1) as usize);
            }
            let rows: Vec<u32> = (0..m).map(|i| values[i * n..][..n].iter().sum()).collect();
            let cols: Vec<u32> = (0..n)
                .map(|j| (0..m).map(|i| values[i * n + j]).sum())
                .collect();
            let got = crossing.decide(&rows, &cols);
            assert_eq!(got, first.count(&rows, &cols, 2), "{rows:?} × {cols:?}");
            for t in crossing.tables() {
                assert_eq!(crate::Survo::open_of(m, n, t).rows, rows);
                assert_eq!(crate::Survo::open_of(m, n, t).cols, cols);
            }
            seen[got as usize] += 1;
        }
        assert!(seen[2] > 0 && seen[0] == 0, "{m}×{n}: {seen:?}");
    }
}
