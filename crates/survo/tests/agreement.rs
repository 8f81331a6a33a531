//! Survo: published puzzles through all three paths, counts of multi-solution margins, and the
//! enumeration of uniquely solvable open puzzles against brute force and the SAT path.
//! Published values: Wikipedia's "Survo Puzzle" article; S. Mustonen, "On certain cross sum
//! puzzles" (2006) and "Enumeration of uniquely solvable open Survo puzzles" (2007), as
//! collected in ../shared/data/survo/ANSWERS.md.

use std::collections::HashMap;
use wellposed_engine::every_solver::rounds;
use wellposed_engine::every_solver::{count, uniqueness};
use wellposed_engine::{Family, Method, Options, Uniqueness};
use wellposed_survo::enumerate::{labelled, scan, Found, Method as Scan, Split, Tally};
use wellposed_survo::{Survo, Table};

fn opts(method: Method) -> Options {
    Options {
        method,
        ..Options::default()
    }
}

fn table(rows: &[&[u32]]) -> serde_json::Value {
    serde_json::to_value(Table(rows.iter().map(|r| r.to_vec()).collect())).unwrap()
}

fn read(name: &str) -> Survo {
    let path = format!(
        "{}/../../encodings/survo/{name}",
        env!("CARGO_MANIFEST_DIR")
    );
    Survo::parse(&std::fs::read_to_string(&path).unwrap(), &path).unwrap()
}

fn unique_solution(p: &Survo, method: Method) -> serde_json::Value {
    match uniqueness(p, &opts(method)).unwrap() {
        Uniqueness::Unique(s) => s.json,
        other => panic!("{method:?}: expected unique, got {}", other.status()),
    }
}

#[test]
fn published_puzzles_by_all_three_paths() {
    let wiki = read("wikipedia-3x4.txt");
    let want = table(&[&[12, 6, 2, 10], &[8, 1, 5, 4], &[7, 9, 3, 11]]);
    for method in [Method::Native, Method::Sat, Method::Dlx] {
        assert_eq!(unique_solution(&wiki, method), want, "{method:?}");
    }
    let open = Survo::open(wiki.rows.clone(), wiki.cols.clone());
    for method in [Method::Native, Method::Sat, Method::Dlx] {
        assert_eq!(
            count(&open, &opts(method), None).unwrap().to_u64().unwrap(),
            64,
            "{method:?}"
        );
    }
    let open_3x4 = read("open-3x4.txt");
    let want = table(&[&[2, 1, 3, 7], &[5, 4, 8, 10], &[6, 9, 12, 11]]);
    for method in [Method::Native, Method::Sat, Method::Dlx] {
        assert_eq!(unique_solution(&open_3x4, method), want, "{method:?}");
    }
    let open_4x4 = read("open-4x4.txt");
    let want = table(&[
        &[2, 1, 5, 9],
        &[3, 6, 10, 13],
        &[4, 7, 11, 14],
        &[8, 12, 16, 15],
    ]);
    assert_eq!(unique_solution(&open_4x4, Method::Native), want);
    assert_eq!(unique_solution(&open_4x4, Method::Sat), want);
    let open_2x10 = read("open-2x10.txt");
    let want = table(&[
        &[2, 1, 3, 4, 6, 5, 7, 9, 12, 15],
        &[8, 10, 11, 13, 14, 17, 16, 18, 19, 20],
    ]);
    // (The SAT path takes about 17 s on this one: a benchmark, not a test.)
    assert_eq!(unique_solution(&open_2x10, Method::Native), want);
}

#[test]
fn counts_of_margins_with_several_solutions() {
    let p = read("open-3x4-176.txt");
    for method in [Method::Native, Method::Sat, Method::Dlx] {
        assert_eq!(
            count(&p, &opts(method), None).unwrap().to_u64().unwrap(),
            176,
            "{method:?}"
        );
    }
    let p = Survo::open(vec![26, 39, 55], vec![25, 28, 31, 13, 23]);
    assert_eq!(
        count(&p, &opts(Method::Native), None)
            .unwrap()
            .to_u64()
            .unwrap(),
        1713
    );
    assert_eq!(
        count(&p, &opts(Method::Dlx), None)
            .unwrap()
            .to_u64()
            .unwrap(),
        1713
    );
    let p = Survo::open(vec![46, 21, 20, 49], vec![28, 36, 22, 50]);
    assert_eq!(
        count(&p, &opts(Method::Native), None)
            .unwrap()
            .to_u64()
            .unwrap(),
        272
    );
}

/// Every table of 1..mn: which margin pairs have exactly one table.
fn brute_force(m: usize, n: usize) -> (u64, u64) {
    let top = (m * n) as u32;
    let mut perm: Vec<u32> = (1..=top).collect();
    let mut by_margins: HashMap<(Vec<u32>, Vec<u32>), u32> = HashMap::new();
    loop {
        let rows: Vec<u32> = perm.chunks(n).map(|r| r.iter().sum()).collect();
        let cols: Vec<u32> = (0..n)
            .map(|j| (0..m).map(|i| perm[i * n + j]).sum())
            .collect();
        *by_margins.entry((rows, cols)).or_default() += 1;
        if !wellposed_survo::next_permutation(&mut perm) {
            break;
        }
    }
    let unique: Vec<&(Vec<u32>, Vec<u32>)> = by_margins
        .iter()
        .filter(|(_, &c)| c == 1)
        .map(|(k, _)| k)
        .collect();
    let labelled = unique.len() as u64;
    // Essentially different: sorted margins, and for m = n the pair up to order.
    let mut classes = std::collections::HashSet::new();
    for (r, c) in unique {
        let (mut r, mut c) = (r.clone(), c.clone());
        r.sort_unstable();
        c.sort_unstable();
        if m == n && c < r {
            std::mem::swap(&mut r, &mut c);
        }
        classes.insert((r, c));
    }
    (classes.len() as u64, labelled)
}

#[test]
fn enumeration_matches_brute_force_over_all_tables() {
    for (m, n) in [(2, 2), (2, 3), (2, 4), (3, 3)] {
        let t = scan(
            Scan::of(m, n),
            m,
            n,
            &Split::new(),
            2,
            (0, 1),
            &|_| false,
            &|_, _, _| {},
            false,
        );
        let (s, lab) = brute_force(m, n);
        assert_eq!(t.unique, s, "{m}×{n}");
        assert_eq!(
            labelled(m, n, t.unique),
            u128::from(lab),
            "{m}×{n} labelled"
        );
    }
}

#[test]
fn enumeration_reproduces_mustonens_table() {
    for &((m, n), want) in wellposed_survo::MUSTONEN_2007 {
        assert_eq!(
            scan(
                Scan::of(m, n),
                m,
                n,
                &Split::new(),
                2,
                (0, 1),
                &|_| false,
                &|_, _, _| {},
                false
            )
            .unique,
            want,
            "S({m},{n})"
        );
    }
    assert_eq!(labelled(3, 4, 583), 83952);
}

/// A whole scan of m×n by `method` on two threads, with every puzzle it lists, sorted.
fn listed(method: Scan, m: usize, n: usize) -> (Tally, Vec<Found>) {
    let found = std::sync::Mutex::new(Vec::new());
    let t = scan(
        method,
        m,
        n,
        &Split::new(),
        2,
        (0, 1),
        &|_| false,
        &|_, _, p| found.lock().unwrap().extend_from_slice(p),
        true,
    );
    let mut found = found.into_inner().unwrap();
    found.sort();
    (t, found)
}

/// S(m,n) by `method` as the sum of `parts` shards, each scanned alone.
fn in_shards(method: Scan, m: usize, n: usize, parts: usize) -> u64 {
    (0..parts)
        .map(|k| {
            scan(
                method,
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
        .sum()
}

/// The two-row method (matchings per column margin) and the margin-pair search agree on
/// every count and on the very puzzles, in both orientations.
#[test]
fn two_row_matchings_agree_with_margin_pair_search() {
    for (m, n) in [(2, 3), (2, 4), (2, 5), (2, 6), (2, 7), (5, 2), (6, 2)] {
        assert_eq!(Scan::of(m, n), Scan::TwoRowMatchings);
        let (pairs, matchings) = (
            listed(Scan::MarginPairs, m, n),
            listed(Scan::TwoRowMatchings, m, n),
        );
        assert_eq!(matchings.0.unique, pairs.0.unique, "{m}×{n}");
        assert_eq!(matchings.1, pairs.1, "{m}×{n}: the puzzles themselves");
        assert_eq!(matchings.1.len() as u64, matchings.0.unique);
        // Shards of the two-row units add up too.
        let shards = in_shards(Scan::of(m, n), m, n, 4);
        assert_eq!(shards, pairs.0.unique, "{m}×{n} in four shards");
    }
    assert_eq!(Scan::of(2, 2), Scan::MarginPairs);
    assert_eq!(Scan::of(3, 4), Scan::ComplementPairs);
    assert_eq!(Scan::of(4, 4), Scan::MarginPairs);
}

/// The complement scan (half the row margins searched, each standing for its twin) finds the
/// same puzzles as the search of every row margin, the twins' ones included, and its shards
/// add up; 2×n against the matchings too.
#[test]
fn complement_pairs_agree_with_margin_pair_search() {
    for (m, n) in [
        (2, 3),
        (3, 2),
        (2, 5),
        (2, 7),
        (3, 4),
        (4, 3),
        (3, 5),
        (5, 3),
    ] {
        let (all, halved) = (
            listed(Scan::MarginPairs, m, n),
            listed(Scan::ComplementPairs, m, n),
        );
        assert_eq!(halved.0.unique, all.0.unique, "{m}×{n}");
        assert_eq!(halved.1, all.1, "{m}×{n}: the puzzles themselves");
        assert_eq!(halved.1.len() as u64, halved.0.unique);
        // About half the searches, past the smallest sizes (2×3: 23 of 30, where many
        // column margins are their own complements; 2×7: 20,804 of 37,379, as the weighted
        // condition prunes more among the pairs the full scan searches; 3×5: 34,491 of 68,723).
        assert!(
            m * n < 12 || 2 * halved.0.searched <= all.0.searched + all.0.searched / 5,
            "{m}×{n}: {} searched against {}",
            halved.0.searched,
            all.0.searched
        );
        if Scan::of(m, n) == Scan::TwoRowMatchings {
            assert_eq!(
                listed(Scan::TwoRowMatchings, m, n).1,
                all.1,
                "{m}×{n}: matchings"
            );
        }
        let shards = in_shards(Scan::ComplementPairs, m, n, 3);
        assert_eq!(shards, all.0.unique, "{m}×{n} in three shards");
    }
}

#[test]
fn enumerated_puzzles_are_unique_by_sat_and_shards_add_up() {
    let found = std::sync::Mutex::new(Vec::new());
    let all = scan(
        Scan::of(2, 3),
        2,
        3,
        &Split::new(),
        2,
        (0, 1),
        &|_| false,
        &|_, _, p| found.lock().unwrap().extend_from_slice(p),
        true,
    );
    let found = found.into_inner().unwrap();
    assert_eq!(found.len() as u64, all.unique);
    for (rows, cols, solution) in &found {
        let p = Survo::open(rows.clone(), cols.clone());
        let sat = unique_solution(&p, Method::Sat);
        assert_eq!(
            sat,
            serde_json::to_value(Table(solution.chunks(3).map(|r| r.to_vec()).collect())).unwrap()
        );
    }
    let shards: u64 = (0..3)
        .map(|k| {
            scan(
                Scan::of(3, 3),
                3,
                3,
                &Split::new(),
                1,
                (k, 3),
                &|_| false,
                &|_, _, _| {},
                false,
            )
            .unique
        })
        .sum();
    assert_eq!(shards, 38);
}

/// Fillings of the free cells that meet the margins, by trying every arrangement of the
/// missing numbers (the givens stay where they are): every solution, row-major.
fn brute_solutions(p: &Survo) -> Vec<Vec<u32>> {
    let cells = p.m * p.n;
    let free: Vec<usize> = (0..cells).filter(|&c| p.givens[c] == 0).collect();
    let mut missing: Vec<u32> = (1..=cells as u32)
        .filter(|v| !p.givens.contains(v))
        .collect();
    let mut grid = p.givens.clone();
    let mut found = Vec::new();
    loop {
        for (&c, &v) in free.iter().zip(&missing) {
            grid[c] = v;
        }
        let rows_ok =
            (0..p.m).all(|i| grid[i * p.n..(i + 1) * p.n].iter().sum::<u32>() == p.rows[i]);
        let cols_ok =
            (0..p.n).all(|j| (0..p.m).map(|i| grid[i * p.n + j]).sum::<u32>() == p.cols[j]);
        if rows_ok && cols_ok {
            found.push(grid.clone());
        }
        if !wellposed_survo::next_permutation(&mut missing) {
            return found;
        }
    }
}

/// A random table's margins with random givens from it (brute force stays under 8!).
fn random_puzzle(rng: &mut wellposed_engine::Xorshift) -> Option<Survo> {
    let (m, n) = [(2, 2), (2, 3), (2, 4), (3, 3)][rng.below(4) as usize];
    let cells = m * n;
    let mut values: Vec<u32> = (1..=cells as u32).collect();
    rng.shuffle(&mut values);
    let mut p = Survo::open_of(m, n, &values);
    let fewest = cells.saturating_sub(8);
    let givens = fewest + rng.below((cells - fewest) as u64 / 2 + 1) as usize;
    for _ in 0..givens {
        let c = rng.below(cells as u64) as usize;
        p.givens[c] = values[c];
    }
    (p.givens.iter().filter(|&&g| g == 0).count() <= 8).then_some(p)
}

/// Mustonen's partition elimination (`line-sums`) with propagation, on random puzzles with
/// givens: it never removes a value some solution puts there (all solutions by brute force),
/// reaches the same fixpoint in any order, and settles cells propagation leaves open.
#[test]
fn line_sums_keep_every_solution_in_any_order() {
    use wellposed_engine::deduce::{Deducer, Rule};
    use wellposed_engine::{Encoding, EncodingKind};
    let mut rng = wellposed_engine::Xorshift(0x11e5_0a55);
    let rule = Rule::Family("line-sums", 4);
    let (mut checked, mut helped) = (0, 0);
    for round in 0..rounds(150) {
        let Some(p) = random_puzzle(&mut rng) else {
            continue;
        };
        let cells = p.m * p.n;
        let mut used = vec![false; cells * cells];
        for s in brute_solutions(&p) {
            for (c, &v) in s.iter().enumerate() {
                used[c * cells + v as usize - 1] = true;
            }
        }
        let Some(Encoding::Cnf(enc)) = p.encode(EncodingKind::Cnf, Default::default()) else {
            unreachable!("Survo always has a CNF");
        };
        checked += 1;
        let with = || Deducer::new(&enc).with_rules(p.deduction_rules());
        let d = with().deduce(rule);
        for (i, known) in d.known.iter().enumerate() {
            if *known == Some(false) {
                assert!(!used[i], "round {round}: a solution's value removed: {p:?}");
            }
        }
        let other = with().deduce_in_order(rule, |n| rng.below(n as u64) as usize);
        assert_eq!(other.known, d.known, "round {round}: {p:?}");
        let plain = Deducer::new(&enc).deduce(Rule::Propagation);
        helped += usize::from(d.open < plain.open);
    }
    assert!(
        checked > 100 && helped > 30,
        "{checked} puzzles, line sums helped on {helped}"
    );
}

#[test]
fn random_small_puzzles_with_givens_count_alike_by_every_path() {
    let mut rng = wellposed_engine::Xorshift(0x5a_77e0_0003);
    let (mut unique, mut several) = (0, 0);
    for round in 0..rounds(1000) {
        let Some(p) = random_puzzle(&mut rng) else {
            continue;
        };
        let want = brute_solutions(&p).len() as u64;
        assert!(want >= 1, "round {round}: the table itself fits");
        for method in [Method::Native, Method::Sat, Method::Dlx] {
            let got = count(&p, &opts(method), None).unwrap().to_u64().unwrap();
            assert_eq!(got, want, "round {round}, {method:?}: {p:?}");
        }
        unique += usize::from(want == 1);
        several += usize::from(want > 1);
    }
    assert!(
        unique > 10 && several > 10,
        "{unique} unique, {several} several"
    );
}

/// The bounds checked before a search (weights up to 6) reject only pairs without a table,
/// decided by an independent method beyond the sizes where the unit tests hold them against
/// the solver on every pair: on 3×5, 5×3 and 4×4, a random sample of the pairs they reject
/// and the walk's bounds (weights up to 3) let through has no solution by SAT (each proof
/// takes 0.3–5 s, so two per size: four were 41 s, the longest test of the suite).
#[test]
fn pairs_rejected_before_a_search_have_no_table_by_sat() {
    use wellposed_survo::enumerate::{table_margins, Weightings};
    let mut rng = wellposed_engine::Xorshift(0x5eed_2026);
    for (m, n) in [(3, 5), (5, 3), (4, 4)] {
        let (row_margins, col_margins) = table_margins(m, n);
        let (walk, before_search) = (Weightings::new(m, n), Weightings::before_search(m, n));
        let mut rejected = Vec::new();
        for rows in &row_margins {
            let (walk, before_search) = (walk.bounds(rows), before_search.bounds(rows));
            for cols in &col_margins {
                if walk.admits(cols) && !before_search.admits(cols) {
                    rejected.push((rows.clone(), cols.clone()));
                }
            }
        }
        assert!(
            !rejected.is_empty(),
            "{m}×{n}: nothing rejected before a search"
        );
        rng.shuffle(&mut rejected);
        for (rows, cols) in rejected.iter().take(2) {
            let p = Survo::open(rows.clone(), cols.clone());
            let by_sat = uniqueness(&p, &opts(Method::Sat)).unwrap();
            assert!(
                matches!(by_sat, Uniqueness::None),
                "{m}×{n}: {rows:?} × {cols:?} is {} by SAT",
                by_sat.status()
            );
        }
    }
}
