use super::search::{SwapPairs, SWAP_PAIRS_AFTER_NODES};
use super::*;
use crate::solver::{self, Tables};

/// A swap pair is a second table: every table of 3×3 and 3×4 with one found (by the
/// solver, up to three per pair) has a swap pair exactly when its pair has several
/// tables, or it is not the only table and has none — never a swap pair in a unique one.
#[test]
fn a_swap_pair_makes_a_second_table() {
    for (m, n) in [(3, 3), (3, 4), (2, 5)] {
        let (row_margins, col_margins) = table_margins(m, n);
        let tables = Tables::new(m, n);
        let pairs = SwapPairs::new(m, n).unwrap();
        let (mut with_pair, mut unique) = (0, 0);
        for rows in &row_margins {
            for cols in &col_margins {
                let p = solver::Problem {
                    m,
                    n,
                    rows,
                    cols,
                    givens: &vec![0; m * n],
                };
                let mut found: Vec<Vec<u32>> = Vec::new();
                solver::solve(&p, &tables, 3, |t| {
                    found.push(t.to_vec());
                    true
                });
                for t in &found {
                    assert_eq!(pairs.any(t), pairs.of(t) != 0, "{t:?}");
                    if pairs.any(t) {
                        with_pair += 1;
                        assert!(found.len() > 1, "{rows:?} {cols:?}: {t:?}");
                    }
                }
                unique += usize::from(found.len() == 1);
            }
        }
        assert!(
            with_pair > 100 && unique > 10,
            "{m}×{n}: {with_pair}, {unique}"
        );
    }
}

/// The swap pairs a swap within a row keeps are swap pairs of the table it makes, and
/// only those touching the swapped cells can be lost.
#[test]
fn a_swap_keeps_the_swap_pairs_it_does_not_touch() {
    let mut rng = wellposed_engine::Xorshift(7);
    for (m, n) in [(3, 3), (4, 6), (3, 8), (5, 5)] {
        let pairs = SwapPairs::new(m, n).unwrap();
        for _ in 0..200 {
            let mut t: Vec<u32> = (1..=(m * n) as u32).collect();
            rng.shuffle(&mut t);
            let here = pairs.of(&t);
            for i in 0..m {
                for j in 0..n {
                    for k in j + 1..n {
                        let mut u = t.clone();
                        u.swap(i * n + j, i * n + k);
                        let kept = pairs.kept(here, i, j, k);
                        assert_eq!(kept & !pairs.of(&u), 0, "{t:?} row {i}: {j}↔{k}");
                    }
                }
            }
        }
    }
}

/// The complement is an involution on the margins of each side, and a table's complement
/// has the complements of its margins.
#[test]
fn complements_pair_margins_and_tables() {
    for (m, n) in [(2, 3), (3, 4), (4, 3), (2, 6), (4, 6)] {
        let rows = margins(m, n);
        let set: std::collections::HashSet<_> = rows.iter().cloned().collect();
        for r in &rows {
            let twin = complement(r, n);
            assert!(set.contains(&twin), "{m}×{n}: {r:?} → {twin:?}");
            assert_eq!(complement(&twin, n), *r);
        }
    }
    // 3×4, Mustonen's open puzzle: 2 1 3 7 / 5 4 8 10 / 6 9 12 11.
    let table = [2, 1, 3, 7, 5, 4, 8, 10, 6, 9, 12, 11];
    let sums = |t: &[u32]| {
        let rows: Vec<u32> = t.chunks(4).map(|r| r.iter().sum()).collect();
        let cols: Vec<u32> = (0..4).map(|j| (0..3).map(|i| t[i * 4 + j]).sum()).collect();
        (rows, cols)
    };
    let (rows, cols) = sums(&table);
    let twin = complement_table(&table);
    let (twin_rows, twin_cols) = sums(&twin);
    assert_eq!(twin_rows, complement(&rows, 4));
    assert_eq!(twin_cols, complement(&cols, 3));
    assert_eq!(complement_table(&twin), table);
}

/// The caps visit exactly the column margins that pass the necessary condition.
#[test]
fn caps_keep_exactly_the_feasible_column_margins() {
    for (m, n) in [(2, 2), (3, 3), (3, 4), (4, 3), (4, 4), (3, 5)] {
        let (row_margins, col_margins) = table_margins(m, n);
        for rows in &row_margins {
            let want: Vec<&Vec<u32>> = col_margins.iter().filter(|c| feasible(rows, c)).collect();
            let mut got = Vec::new();
            if let Some(caps) = column_caps(rows, n) {
                each_margin(n, m, &[], n, &caps, &mut |c| got.push(c.to_vec()));
            }
            assert_eq!(
                got.iter().collect::<Vec<_>>(),
                want,
                "{m}×{n} rows {rows:?}"
            );
        }
    }
}

/// The weighted conditions never reject a pair that has a table (found by the solver);
/// the walk's rejects more than the condition of weights 0 and 1 does, and the one before
/// a search everything the walk's does, and more.
#[test]
fn weighted_bounds_keep_every_pair_with_a_table() {
    for (m, n) in [(2, 3), (3, 3), (2, 5), (3, 4), (4, 3)] {
        let (row_margins, col_margins) = table_margins(m, n);
        let tables = Tables::new(m, n);
        let givens = vec![0u32; m * n];
        let (mut with_table, mut stronger, mut strongest) = (0, 0, 0);
        let (walk, search) = (Weightings::new(m, n), Weightings::before_search(m, n));
        for rows in &row_margins {
            let (weighted, before_search) = (walk.bounds(rows), search.bounds(rows));
            for cols in &col_margins {
                let p = solver::Problem {
                    m,
                    n,
                    rows,
                    cols,
                    givens: &givens,
                };
                let admitted = weighted.admits(cols);
                let searched = before_search.admits(cols);
                if solver::solve(&p, &tables, 1, |_| true) > 0 {
                    with_table += 1;
                    assert!(searched, "{m}×{n}: {rows:?} × {cols:?} has a table");
                }
                // Weights 0..=1 are among the weightings, and those up to 3 among
                // those up to 6.
                assert!(!feasible(rows, cols) <= !admitted, "{rows:?} × {cols:?}");
                assert!(!admitted <= !searched, "{rows:?} × {cols:?}");
                stronger += usize::from(feasible(rows, cols) && !admitted);
                strongest += usize::from(admitted && !searched);
            }
        }
        assert!(with_table > 0);
        if (m, n) != (2, 3) {
            assert!(stronger > 0, "{m}×{n}: nothing more rejected");
        }
        if (m, n) == (3, 4) || (m, n) == (4, 3) {
            assert!(
                strongest > 0,
                "{m}×{n}: nothing more rejected before a search"
            );
        }
    }
}

/// The count of margins under a beginning agrees with walking them, for every beginning
/// of every depth the pieces use, and with no beginning it is the whole count.
#[test]
fn margins_under_a_beginning_are_counted_as_walked() {
    for (parts, size) in [(3, 3), (4, 3), (5, 3), (4, 4), (6, 2), (3, 5)] {
        let all = margins(parts, size);
        assert_eq!(margins_beginning(parts, size, &[]), all.len() as u64);
        for depth in 1..parts {
            let mut beginnings = 0;
            each_margin(parts, size, &[], depth, &[], &mut |p| {
                beginnings += 1;
                let walked = all.iter().filter(|c| c.starts_with(p)).count() as u64;
                assert_eq!(margins_beginning(parts, size, p), walked, "{p:?}");
                assert!(walked > 0, "a beginning visited has completions: {p:?}");
            });
            assert!(beginnings > 1, "{parts}×{size} depth {depth}");
        }
    }
}

/// Cutting row margins into pieces changes which pairs the moves spare, never the
/// count: S(m,n) comes out the same with every row margin cut at each depth, and with a
/// mixed split; and under the margin-pair method (which halves nothing) every pair is
/// still accounted for once (pruned + searched + moved is the same). Square sizes take
/// the pieces' column margins from the row margins' list.
#[test]
fn pieces_of_row_margins_count_what_the_row_margins_count() {
    for (m, n) in [(3, 3), (3, 4), (4, 3), (2, 5), (3, 5)] {
        for method in [Method::MarginPairs, Method::ComplementPairs] {
            if !method.takes(m, n) {
                continue;
            }
            let run = |split: &Split| {
                scan(
                    method,
                    m,
                    n,
                    split,
                    2,
                    (0, 1),
                    &|_| false,
                    &|_, _, _| {},
                    false,
                )
            };
            let whole = run(&Split::new());
            let rows = row_margins_of(m, n, method).len();
            // Past 12 cells, pieces of one sum only: deeper ones are many and tiny, and
            // cost many times the whole scan (the moves lost between them).
            let deepest = if m * n <= 12 { n - 1 } else { 1 };
            let mut splits: Vec<Split> = (1..=deepest)
                .map(|d| (0..rows).map(|i| (i, d)).collect())
                .collect();
            splits.push(
                (0..rows)
                    .filter(|i| i % 3 != 1)
                    .map(|i| (i, 1 + i % deepest))
                    .collect(),
            );
            for split in &splits {
                let pieces = run(split);
                assert_eq!(pieces.unique, whole.unique, "{m}×{n} {method:?} {split:?}");
                assert!(work_units(m, n, method, split) > rows);
                if method == Method::MarginPairs {
                    assert_eq!(
                        pieces.pruned + pieces.searched + pieces.moved,
                        whole.pruned + whole.searched + whole.moved,
                        "{m}×{n} {split:?}"
                    );
                }
            }
        }
    }
}

/// The split from measured costs cuts the row margins measured dear, each into at least
/// as many live pieces as its cost asks for where the beginnings allow, and the
/// unmeasured ones of a stratum whose measured mean is dear; it leaves the row margins
/// measured cheap, and those of strata without measurements; and refuses a cost of a row
/// margin the size does not have.
#[test]
fn the_split_from_costs_cuts_the_dear_row_margins() {
    let (m, n, method) = (3, 5, Method::ComplementPairs);
    let rows = row_margins_of(m, n, method);
    let count = rows.len();
    let stratum = |i: usize| i * COST_STRATA / count;
    // Every third row margin measured, at 0.1 s times its index: cost rises along the
    // list, and the last stratum is left unmeasured.
    let costs: Vec<(usize, f64)> = (0..count)
        .filter(|i| i % 3 == 0 && stratum(*i) < COST_STRATA - 1)
        .map(|i| (i, i as f64 * 0.1))
        .collect();
    let split = split_dear(m, n, method, &costs, 2.0).unwrap();
    let pooled = |s: usize| {
        let c: Vec<f64> = costs
            .iter()
            .filter(|(i, _)| stratum(*i) == s)
            .map(|c| c.1)
            .collect();
        (!c.is_empty()).then(|| c.iter().sum::<f64>() / c.len() as f64)
    };
    let mut cut_unmeasured = 0;
    for (i, row_margin) in rows.iter().enumerate() {
        let own = costs.iter().find(|(j, _)| *j == i).map(|c| c.1);
        let cost = own.or_else(|| pooled(stratum(i)));
        match (split.get(&i), cost) {
            (None, cost) => assert!(cost.is_none_or(|c| c <= 2.0), "{i}"),
            (Some(&d), Some(cost)) => {
                assert!(cost > 2.0, "{i}");
                cut_unmeasured += usize::from(own.is_none());
                let wanted = (cost / 2.0).ceil() as usize;
                let live = live_pieces(row_margin, n, d);
                assert!(live >= wanted || d == n - 1, "{i}: {live} of {wanted}");
                assert!(d == 1 || live_pieces(row_margin, n, d - 1) < wanted);
            }
            (Some(_), None) => panic!("{i} cut without a cost"),
        }
    }
    assert!(cut_unmeasured > 0 && split.len() > cut_unmeasured);
    assert!(split.keys().all(|&i| stratum(i) < COST_STRATA - 1));
    assert!(split_dear(m, n, method, &[(count, 9.0)], 1.0).is_err());
    assert!(check_split(m, n, method, &[(0, n)].into()).is_err());
    assert!(check_split(m, n, Method::MarginPairs, &[(0, 1)].into()).is_ok());
    // Every row margin of 4×6 by two sums would make millions of units of work.
    let all: Split = (0..row_margins_of(4, 6, method).len())
        .map(|i| (i, 2))
        .collect();
    let why = check_split(4, 6, method, &all).unwrap_err();
    assert!(why.contains("more than"), "{why}");
}

#[test]
fn margins_are_counted_as_they_are_listed() {
    for (parts, size) in [(2, 2), (3, 4), (4, 3), (5, 2), (2, 9)] {
        assert_eq!(margin_count(parts, size), margins(parts, size).len() as u64);
    }
}

/// Every column margin the moves mark as having several tables has at least two, by
/// search; and the moves do mark some (else the test shows nothing).
#[test]
fn moved_pairs_have_several_tables() {
    // Both kinds of moves: alike after every search, and through swap pairs after
    // every search (no threshold) or after the dear ones only.
    for ((m, n), after) in [(3, 3), (3, 4), (4, 3), (3, 5)]
        .into_iter()
        .flat_map(|size| [(size, 0), (size, SWAP_PAIRS_AFTER_NODES)])
    {
        let (row_margins, col_margins) = table_margins(m, n);
        let size = SizeTables {
            swap_pairs_after: after,
            ..SizeTables::new(m, n)
        };
        let ranks = size.column_ranks.as_ref().unwrap();
        let mut w = Worker::default();
        let mut check = Worker::default();
        let mut marked = 0;
        for rows in &row_margins {
            let columns = if m == n {
                Columns::Square(&row_margins)
            } else {
                Columns::Count(col_margins.len() as u64)
            };
            let pairs = Pairs {
                rows,
                prefix: &[],
                columns: &columns,
                halve_columns: false,
            };
            w.row_margin(&pairs, n, &size, |_, _| {});
            for cols in &col_margins {
                if w.several.contains(ranks.rank(cols)) {
                    marked += 1;
                    assert_eq!(
                        check.up_to_two(rows, cols, &size.tables),
                        2,
                        "{m}×{n}: {rows:?} {cols:?}"
                    );
                }
            }
        }
        assert!(marked > 100, "{m}×{n}: {marked} marked");
    }
}
