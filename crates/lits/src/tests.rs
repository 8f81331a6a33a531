use super::*;
use wellposed_engine::grading::deduce_puzzle;
use wellposed_engine::testing::{assert_counts, COUNTINGS};
use wellposed_engine::{uniqueness, Options, Uniqueness, Xorshift};

/// pzprjs's own test URL (robx/pzprjs, `test/script/lits.js`), its rooms as that file writes
/// them, and the answer published beside it (its last, error-free board: `#` shaded).
const PZPRJS_URL: &str = "https://puzz.link/p?lits/4/4/9q02jg";
const PZPRJS_ROOMS: &str = "0 0 1 1 /0 0 1 2 /0 1 1 2 /2 2 2 2 /";
const PZPRJS_ANSWER: &str = "# + # # /# # # + /# + # + /# # # # /";

/// The same file's boards that break one rule each, with pzprjs's name of the rule.
const PZPRJS_FAILS: &[(&str, &str)] = &[
    ("cs2x2", "# # . . /# # . . /. . . . /. . . . /"),
    ("bkShadeGt4", ". . # # /. . # . /. # # . /. . . . /"),
    ("bkShadeDivide", ". . # # /. . . . /. # # # /. . . . /"),
    ("bsSameShape", "# # # # /# . # . /# . # . /. . . . /"),
    ("csDivide", "# . # # /# . # . /# . # . /. . . . /"),
    ("bkNoShade", "# . # # /# # # . /# . # . /. . . . /"),
    ("bkShadeLt4", "# . # # /# # # . /# . # . /. . # # /"),
];

fn cells_of(board: &str) -> Vec<String> {
    board
        .split('/')
        .flat_map(|r| r.split_whitespace())
        .map(String::from)
        .collect()
}

fn shading_of(p: &Lits, board: &str) -> Shading {
    let cells = cells_of(board);
    p.shading_of(|k| cells[k] == "#")
}

#[test]
fn the_pzprjs_test_url_solves_to_its_published_answer_and_is_written_back() {
    let p = Lits::parse(PZPRJS_URL, "pzprjs").unwrap();
    assert_eq!(p.rooms, Rooms::from_labels(4, 4, &cells_of(PZPRJS_ROOMS)));
    assert_eq!(p.url().unwrap(), PZPRJS_URL);
    let Uniqueness::Unique(s) = uniqueness(&p, &Options::default()).unwrap() else {
        panic!("the published puzzle has one answer");
    };
    let found: &Shading = s.solution().unwrap();
    assert_eq!(found, &shading_of(&p, PZPRJS_ANSWER));
    assert_eq!(Lits::parse(&p.to_text(), "text").unwrap(), p);
}

#[test]
fn verify_rejects_the_pzprjs_failing_boards() {
    let p = Lits::parse(PZPRJS_URL, "pzprjs").unwrap();
    for (rule, board) in PZPRJS_FAILS {
        let e = p.verify(&shading_of(&p, board)).unwrap_err();
        let expected = match *rule {
            "cs2x2" => "2×2",
            "bkShadeGt4" => "has 5 shaded",
            "bkShadeDivide" => "in pieces",
            "bsSameShape" => "shapes touch",
            "csDivide" => "not connected",
            "bkNoShade" => "no shaded cell",
            _ => "has 2 shaded",
        };
        assert!(e.contains(expected), "{rule}: {e}");
    }
}

/// The shapes of the nineteen fixed tetrominoes other than the square: 8 L, 2 I, 4 T, 4 S
/// (the standard count of fixed tetrominoes, 19, less the one square), by placing every
/// connected set of four cells in a 4×4 box (deduplicated up to translation).
#[test]
fn shapes_classify_the_fixed_tetrominoes() {
    let mut in_room = vec![true; 16];
    in_room.truncate(16);
    let all: Vec<usize> = (0..16).collect();
    let mut seen = std::collections::BTreeSet::new();
    let mut tally = std::collections::BTreeMap::new();
    for (cells, shape) in shapes::placements(4, 4, &all, &in_room) {
        let r0 = cells.iter().map(|k| k / 4).min().unwrap();
        let c0 = cells.iter().map(|k| k % 4).min().unwrap();
        let norm: Vec<usize> = cells
            .iter()
            .map(|k| (k / 4 - r0) * 4 + k % 4 - c0)
            .collect();
        if seen.insert(norm) {
            *tally.entry(shape).or_insert(0) += 1;
        }
    }
    let expected: std::collections::BTreeMap<_, _> =
        [(Shape::L, 8), (Shape::I, 2), (Shape::T, 4), (Shape::S, 4)]
            .into_iter()
            .collect();
    assert_eq!(tally, expected);
}

fn random_puzzle(rng: &mut Xorshift, rows: usize, cols: usize) -> Lits {
    Lits {
        rooms: wellposed_engine::rooms::random_rectangles(
            rows,
            cols,
            4 + rng.below(5) as usize,
            rng,
        ),
    }
}

#[test]
fn urls_round_trip() {
    let mut rng = Xorshift(0x1175);
    for _ in 0..400 {
        let rows = 1 + rng.below(8) as usize;
        let cols = 1 + rng.below(12) as usize;
        let p = random_puzzle(&mut rng, rows, cols);
        let url = p.url().unwrap();
        assert_eq!(Lits::parse(&url, "u").unwrap(), p, "{url}");
        assert_eq!(Lits::parse(&p.to_text(), "t").unwrap(), p);
    }
}

/// Every shading checked by the rules (`verify`) against the engine's count by listing under
/// lazy cuts, by the model counter on the complete encoding, and by the automatic choice. Also
/// boards from the generator's piece placement, where solutions exist.
#[test]
fn tiny_boards_count_as_brute_force_does() {
    let mut rng = Xorshift(0x11757);
    let mut with_solutions = 0;
    for case in 0..200 {
        let (rows, cols) = [(2, 4), (3, 4), (4, 3), (4, 4), (2, 6), (3, 5)][case % 6];
        let p = if case % 2 == 0 {
            random_puzzle(&mut rng, rows, cols)
        } else {
            let (piece, _) = generate::random_pieces(rows, cols, &mut rng);
            let label = generate::grow_rooms(rows, cols, &piece, &mut rng);
            Lits {
                rooms: Rooms::from_labels(rows, cols, &label),
            }
        };
        let n = rows * cols;
        let brute = (0u32..1 << n)
            .filter(|bits| bits.count_ones() as usize == 4 * p.rooms.cells.len())
            .filter(|bits| p.verify(&p.shading_of(|k| bits >> k & 1 == 1)).is_ok())
            .count() as u64;
        with_solutions += usize::from(brute > 0);
        assert_counts(&p, brute, &COUNTINGS);
    }
    assert!(
        with_solutions >= 20,
        "only {with_solutions} boards with solutions"
    );
}

#[test]
fn parse_errors_name_the_line() {
    wellposed_engine::assert_parse_errors::<Lits>(&[
        ("family lits\nsize 0 3\nrooms\n", 2, "cells in all"),
        ("family lits\nsize 2 2\nrooms\n1 2\n", 3, "expected 2 rows"),
        (
            "family lits\nsize 2 2\nrooms\n1 2\n3\n",
            5,
            "expected 2 room labels",
        ),
        ("family lits\nsize 1 2\n", 2, "missing `rooms`"),
        ("https://puzz.link/p?lits/3/3/!!!!", 1, "unexpected `!`"),
        (
            "https://puzz.link/p?lits/3/3/0",
            1,
            "characters of room borders",
        ),
        (
            "https://puzz.link/p?lits/4/4/9q02jgzz",
            1,
            "after the room borders",
        ),
        (
            "https://puzz.link/p?lits/1000/1000/",
            1,
            "expected 1 to 10000 cells",
        ),
    ]);
}

#[test]
fn generated_puzzles_are_unique() {
    let opts = Options::default();
    for seed in 0..4 {
        let (p, s) = generate::generate(6, 6, seed, &opts).unwrap();
        assert!(p.verify(&s).is_ok());
        let Uniqueness::Unique(u) = uniqueness(&p, &opts).unwrap() else {
            panic!("seed {seed}: not unique:\n{}", p.to_text());
        };
        assert_eq!(u.solution::<Shading>(), Some(&s));
    }
}

/// Deduction only ever settles cells as the unique shading has them; on the published puzzle
/// it settles all of them.
#[test]
fn deduction_agrees_with_the_shading() {
    let p = Lits::parse(PZPRJS_URL, "pzprjs").unwrap();
    let (d, _) = deduce_puzzle(&p).unwrap();
    assert!(d.solved && !d.contradiction, "{d:?}");
    let opts = Options::default();
    let mut used = std::collections::BTreeSet::new();
    for seed in 10..13 {
        let (p, s) = generate::generate(6, 6, seed, &opts).unwrap();
        let (d, _) = deduce_puzzle(&p).unwrap();
        used.extend(d.used.keys().copied());
        assert!(!d.contradiction);
        for (k, v) in d.known.iter().enumerate().take(36) {
            if let Some(v) = v {
                assert_eq!(*v, s.at(k, p.cols()), "seed {seed}: cell {k}");
            }
        }
    }
    assert!(used.contains("room-overlap"), "{used:?}");
}

#[test]
fn renders_the_shading_and_rooms() {
    let p = Lits::parse(PZPRJS_URL, "pzprjs").unwrap();
    let Uniqueness::Unique(s) = uniqueness(&p, &Options::default()).unwrap() else {
        panic!("one answer");
    };
    assert!(s.text.starts_with("T.LL   aabb\nTTL.   aabc"), "{}", s.text);
    let sh: &Shading = s.solution().unwrap();
    let svg = p.svg(sh).unwrap();
    assert!(svg.contains("fill=\"#333\"") && svg.contains("stroke-width=\"3\""));
}

/// The rooms-only search's incremental measure (`oracle`) agrees with the engine's backbone:
/// the same open cells, on random room layouts around random tetrominoes — several layouts
/// per planted shading on one oracle, as the search asks them (rooms, cuts and the pool of
/// solutions carried from one layout to the next).
#[test]
fn the_incremental_open_cells_are_the_backbones() {
    let opts = Options::default();
    let mut rng = Xorshift(0x5eed_1234_5678_9abd);
    let (mut compared, mut settled, mut unsettled) = (0, 0, 0);
    for _ in 0..30 {
        let (rows, cols) = (4 + rng.below(3) as usize, 4 + rng.below(3) as usize);
        let (piece, _) = generate::random_pieces(rows, cols, &mut rng);
        let shaded: Vec<bool> = piece.iter().map(|&p| p != usize::MAX).collect();
        let mut oracle = crate::oracle::RoomsOracle::new(rows, cols, &shaded, &opts).unwrap();
        for _ in 0..4 {
            let label = generate::grow_rooms(rows, cols, &piece, &mut rng);
            if label.contains(&usize::MAX) {
                continue;
            }
            let p = Lits {
                rooms: Rooms::from_labels(rows, cols, &label),
            };
            if p.verify(&p.shading_of(|k| shaded[k])).is_err() {
                continue;
            }
            let b = wellposed_engine::backbone(&p, &opts).unwrap().unwrap();
            let want: Vec<usize> = (0..rows * cols).filter(|&k| b.fixed[k].is_none()).collect();
            let got = oracle.open_cells(&p.rooms, rows * cols).unwrap();
            assert_eq!(got, want, "{}", p.to_text());
            compared += 1;
            if want.is_empty() {
                settled += 1;
            } else {
                unsettled += 1;
            }
        }
    }
    // Grown at random, rooms leave cells open; the generator's boards leave none.
    for seed in 0..6 {
        let (rows, cols) = (4 + seed as usize % 3, 5);
        let (p, s) = generate::generate(rows, cols, seed, &opts).unwrap();
        let shaded: Vec<bool> = (0..rows * cols).map(|k| s.at(k, cols)).collect();
        let b = wellposed_engine::backbone(&p, &opts).unwrap().unwrap();
        assert!(b.fixed.iter().take(rows * cols).all(Option::is_some));
        let mut oracle = crate::oracle::RoomsOracle::new(rows, cols, &shaded, &opts).unwrap();
        assert!(oracle.open_cells(&p.rooms, rows * cols).unwrap().is_empty());
        settled += 1;
    }
    assert!(
        compared >= 40 && settled >= 6 && unsettled >= 10,
        "{compared} {settled} {unsettled}"
    );
}

/// Boards of 100 cells and more (the pocket rule on): unique by the engine, the planted
/// shading the answer, and the URL reads back to the same rooms.
#[test]
fn larger_generated_boards_are_unique_with_urls() {
    let opts = Options::default();
    for seed in 1..3 {
        let (p, s) = generate::generate(10, 10, seed, &opts).unwrap();
        let Uniqueness::Unique(u) = uniqueness(&p, &opts).unwrap() else {
            panic!("seed {seed}: not unique:\n{}", p.to_text());
        };
        assert_eq!(u.solution::<Shading>(), Some(&s));
        let url = p.url().expect("a URL");
        assert_eq!(Lits::parse(&url, "url").unwrap(), p);
    }
}
