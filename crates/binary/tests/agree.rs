//! The dedicated row solver, the SAT path and the grid counters agree with each other and with
//! published values.

use wellposed_binary::{
    count, dp, lines::Matcher, mitm, seam, search::Search, unruly, Binary, Rules,
};
use wellposed_engine::every_solver::rounds;
use wellposed_engine::{Family, Method, Options, Xorshift};

fn counted(p: &Binary, method: Method) -> u64 {
    let opts = Options {
        method,
        ..Default::default()
    };
    let c = wellposed_engine::every_solver::count(p, &opts, None).unwrap();
    assert!(c.complete);
    c.to_u64().unwrap()
}

/// OEIS A253316 (distinct) and the no-distinct counts, as given in the issue and in
/// shared/data/binary/ANSWERS.md.
#[test]
fn empty_grids_match_the_published_counts() {
    let distinct = [2u128, 72, 4140, 4111116];
    let plain = [2u128, 90, 11222, 12413918];
    for (k, n) in [2usize, 4, 6, 8].into_iter().enumerate() {
        assert_eq!(count::count_grids(n, n, true, 2, &|_, _| {}), distinct[k]);
        assert_eq!(count::count_grids(n, n, false, 2, &|_, _| {}), plain[k]);
        assert_eq!(
            dp::count_no_distinct(n, n, 2, &|_, _| {}).unwrap().count,
            plain[k]
        );
    }
    // Through the engine: the SAT path counts the empty 4×4 by blocking clauses.
    assert_eq!(
        counted(&Binary::empty(4, 4, Rules::Distinct), Method::Sat),
        72
    );
    assert_eq!(
        counted(&Binary::empty(4, 4, Rules::NoDistinct), Method::Sat),
        90
    );
    assert_eq!(
        counted(&Binary::empty(6, 6, Rules::Distinct), Method::Native),
        4140
    );
}

#[test]
fn the_dp_and_the_search_agree_on_rectangles() {
    for (w, h) in [(4, 8), (8, 4), (6, 10), (10, 4), (2, 6)] {
        let plain = count::count_grids(w, h, false, 2, &|_, _| {});
        assert_eq!(
            dp::count_no_distinct(w, h, 2, &|_, _| {}).unwrap().count,
            plain,
            "{w}x{h}"
        );
    }
}

/// shared/data/binary/ANSWERS.md: solution counts of Tatham game IDs under both rule sets.
#[test]
fn shared_game_ids_have_their_known_counts() {
    for (id, plain, distinct) in [
        ("8x8:CGABkabbBgdDEBcEbaa", 1, 1),
        ("8x8u:aadDAckJdBCabAq", 18, 1),
        ("10x10:FDACkIeBdFaHbegccCgEDb", 1, 1),
        ("14x14:ABcbeMdcCccABEKHGDdacBAFabJCmfDBABagAEJeHDhcbb", 1, 0),
    ] {
        let mut p = unruly::parse(id, "id", 1).unwrap();
        for (rules, want) in [(Rules::NoDistinct, plain), (Rules::Distinct, distinct)] {
            p.rules = rules;
            assert_eq!(counted(&p, Method::Native), want, "{id} {rules}");
            if p.width <= 10 {
                assert_eq!(counted(&p, Method::Sat), want, "{id} {rules} by SAT");
            }
        }
    }
}

/// Random givens from random grids, so most puzzles are consistent and some are unique:
/// the row solver and SAT count the same.
#[test]
fn row_solver_and_sat_agree_on_random_puzzles() {
    let mut rng = Xorshift(2026);
    let mut seen = [0u32; 3];
    for round in 0..rounds(1000) {
        let (w, h) = [(4, 4), (6, 6), (6, 4), (4, 6), (8, 6)][round % 5];
        let rules = if round % 2 == 0 {
            Rules::Distinct
        } else {
            Rules::NoDistinct
        };
        let m = Matcher::new(w);
        let mut grids = Vec::new();
        Search::empty(&m, h, rules == Rules::Distinct).run(|g| {
            grids.push(g.to_vec());
            grids.len() < 300
        });
        let g = &grids[rng.below(grids.len() as u64) as usize];
        let mut p = Binary::empty(w, h, rules);
        for (r, row) in g.iter().enumerate() {
            for c in 0..w {
                if rng.below(3) == 0 {
                    // Now and then a wrong clue, so that "none" happens too.
                    let flip = u32::from(rng.below(25) == 0);
                    p.givens[r * w + c] = Some(((row >> c & 1) ^ flip) as u8);
                }
            }
        }
        let native = counted(&p, Method::Native);
        assert_eq!(native, counted(&p, Method::Sat), "{}", p.to_text());
        seen[native.min(2) as usize] += 1;
    }
    assert!(
        seen.iter().all(|&k| k > 5),
        "outcomes none/unique/multiple: {seen:?}"
    );
}

#[test]
fn text_format_round_trips_and_errors_name_the_line() {
    let p = unruly::parse("8x8u:aadDAckJdBCabAq", "id", 1).unwrap();
    assert_eq!(Binary::parse(&p.to_text(), "t").unwrap(), p);
    let spaced = "family binary\nsize 4 2\nrules no-distinct\ngrid\n0 1 . .\n. . 1 0\n";
    let q = Binary::parse(spaced, "s.txt").unwrap();
    assert_eq!(q.givens[1], Some(1));
    assert_eq!(q.rules, Rules::NoDistinct);
    wellposed_engine::assert_parse_errors::<Binary>(&[
        ("family binary\nsize 5 4\n", 2, "even"),
        (
            "family binary\nsize 4 4\nrules maybe\n",
            3,
            "`distinct` or `no-distinct`",
        ),
        (
            "family binary\nsize 4 2\ngrid\n0101\n01x1\n",
            5,
            "found `x`",
        ),
        (
            "family binary\nsize 4 2\ngrid\n0101\n",
            3,
            "expected 2 rows",
        ),
        (
            "family binary\nsize 4 2\ngrid\n0101\n011\n",
            5,
            "expected 4 cells",
        ),
    ]);
}

/// The half-table DP (no-distinct) and the half-grid meet in the middle (distinct) against the
/// plain row search, on shapes that split differently at the seam; the meet in the middle's
/// up-front bound never undercounts its halves.
#[test]
fn meeting_in_the_middle_counts_like_the_search() {
    for (w, h) in [
        (2, 2),
        (4, 2),
        (2, 4),
        (4, 4),
        (6, 6),
        (4, 6),
        (6, 4),
        (8, 4),
        (4, 8),
        (6, 8),
        (8, 6),
        (8, 8),
        (10, 4),
        (4, 10),
        (12, 2),
        (12, 4),
    ] {
        let m = Matcher::new(w);
        let plain = Search::empty(&m, h, false).count(u64::MAX);
        let dp = dp::count_no_distinct(w, h, 2, &|_, _| {}).unwrap().count;
        assert_eq!(dp, u128::from(plain), "no-distinct {w}x{h}");
        let distinct = Search::empty(&m, h, true).count(u64::MAX);
        let met = mitm::count_distinct(w, h, 2, &|_, _| {});
        assert_eq!(met.count, u128::from(distinct), "distinct {w}x{h}");
        assert!(met.halves as u128 <= mitm::halves_bound(w, h), "{w}x{h}");
        for key in [seam::Key::Pair, seam::Key::Row] {
            let by_seam = count(w, seam::Split::middle(h), key);
            assert_eq!(
                by_seam,
                u128::from(distinct),
                "distinct by seam units {w}x{h} {key:?}"
            );
        }
    }
}

/// A count by seam units on two threads.
fn count(width: usize, split: seam::Split, key: seam::Key) -> u128 {
    seam::count_units(width, split, key, 2, &|_| false, &|_, _, _| {})
}

/// The seam units reproduce every published term: OEIS A253316 up to 10×10 (48,183,195,384,
/// the last term before 12×12), and the rectangles 6 wide × 8 and × 10 tall that issue 26
/// quotes (51,744 and 392,208; also the test cases of the Code Golf challenge "Counting valid
/// Binary Sudoku boards", codegolf.stackexchange.com/questions/201494), each both ways round
/// (other halves, other units).
#[test]
fn seam_units_reproduce_the_published_counts() {
    let squares = [2u128, 72, 4140, 4111116, 48183195384];
    for (k, n) in [2usize, 4, 6, 8, 10].into_iter().enumerate() {
        let middle = seam::Split::middle(n);
        assert_eq!(count(n, middle, seam::Key::Pair), squares[k], "{n}×{n}");
    }
    for ((w, h), want) in [((6, 8), 51744u128), ((6, 10), 392208)] {
        assert_eq!(count(w, seam::Split::middle(h), seam::Key::Pair), want);
        assert_eq!(count(h, seam::Split::middle(w), seam::Key::Pair), want);
    }
}

/// The second decomposition, as it is run on 12×12 (units fixing only the row below a seam one
/// row above the middle: 5 rows above, 7 below there), reproduces the published terms too —
/// the same counts from other halves and other units.
#[test]
fn row_units_below_an_off_middle_seam_reproduce_the_published_counts() {
    let squares = [72u128, 4140, 4111116, 48183195384];
    for (k, n) in [4usize, 6, 8, 10].into_iter().enumerate() {
        let split = seam::Split::at(n / 2 - 1, n).expect("a seam one row above the middle");
        assert_eq!(count(n, split, seam::Key::Row), squares[k], "{n}×{n}");
    }
    for ((w, h), want) in [((6, 8), 51744u128), ((6, 10), 392208)] {
        assert_eq!(
            count(w, seam::Split::at(h / 2 - 1, h).unwrap(), seam::Key::Row),
            want
        );
        assert_eq!(
            count(h, seam::Split::at(w / 2 - 1, w).unwrap(), seam::Key::Row),
            want
        );
    }
}

/// Distinct rows need as many valid lines as rows: a grid taller than that has no solution,
/// and the row search says so at once (an 8×36 grid used to run for minutes). Cross-checked by
/// counting the valid lines of each width by brute force.
#[test]
fn grids_taller_than_their_distinct_lines_have_no_solution() {
    use wellposed_binary::{Binary, Rules};
    let valid = |w: usize| {
        (0u32..1 << w)
            .filter(|&l| {
                let bits: Vec<u32> = (0..w).map(|i| l >> i & 1).collect();
                bits.iter().sum::<u32>() as usize * 2 == w
                    && bits.windows(3).all(|t| !(t[0] == t[1] && t[1] == t[2]))
            })
            .count()
    };
    for (w, lines) in [(4, valid(4)), (6, valid(6)), (8, valid(8))] {
        let h = lines + 2 - lines % 2; // the first even height beyond the lines there are
        let p = Binary::empty(w, h, Rules::Distinct);
        let u = wellposed_engine::uniqueness(&p, &Options::default()).unwrap();
        assert_eq!(u.status(), "none", "{w}×{h} with {lines} lines");
    }
}
