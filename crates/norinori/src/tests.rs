use super::*;
use wellposed_engine::grading::deduce_puzzle;
use wellposed_engine::testing::{assert_counts, brute_force_count, COUNTINGS};
use wellposed_engine::{count, uniqueness, Options, Uniqueness, Xorshift};

/// pzprjs's own test URL (robx/pzprjs, `test/script/norinori.js`), its rooms as that file
/// writes them, and the answer published beside it (its last board, the one without an error:
/// `#` shaded, `+` and `.` unshaded).
const PZPRJS_URL: &str = "https://puzz.link/p?norinori/5/5/cag4ocjo";
const PZPRJS_ROOMS: &str = "0 0 1 2 2 /1 1 1 2 2 /1 3 3 2 2 /3 3 3 3 3 /4 4 3 3 3 /";
const PZPRJS_ANSWER: &str = "# # + + + /+ + # # + /# # + + # /+ + . . # /# # + . . /";

/// The same file's boards that break one rule each, with pzprjs's name of the rule.
const PZPRJS_FAILS: &[(&str, &str)] = &[
    (
        "csGt2",
        "# # . . . /. # . . . /. . . . . /. . . . . /. . . . . /",
    ),
    (
        "bkShadeGt2",
        "# # + . # /+ + # # . /# . . . # /. . . . # /. . . . . /",
    ),
    (
        "csLt2",
        "# # + + + /+ + # # + /# . . + . /+ + . . . /# # + . . /",
    ),
    (
        "bkShadeLt2",
        "# # + + + /+ + # # + /# # + + . /+ + . . . /# # + . . /",
    ),
    (
        "bkNoShade",
        "# # + + + /+ + + + + /+ + + + . /+ + . . . /# # + . . /",
    ),
];

fn cells_of(board: &str) -> Vec<String> {
    board
        .split('/')
        .flat_map(|r| r.split_whitespace())
        .map(String::from)
        .collect()
}

fn shading_of(p: &Norinori, board: &str) -> Shading {
    let cells = cells_of(board);
    p.shading_of(|k| cells[k] == "#")
}

#[test]
fn the_pzprjs_test_url_solves_to_its_published_answer_and_is_written_back() {
    let p = Norinori::parse(PZPRJS_URL, "pzprjs").unwrap();
    assert_eq!((p.rows(), p.cols()), (5, 5));
    assert_eq!(p.rooms, Rooms::from_labels(5, 5, &cells_of(PZPRJS_ROOMS)));
    assert_eq!(p.url().unwrap(), PZPRJS_URL);
    let Uniqueness::Unique(s) = uniqueness(&p, &Options::default()).unwrap() else {
        panic!("the published puzzle has one answer");
    };
    let found: &Shading = s.solution().unwrap();
    assert_eq!(found, &shading_of(&p, PZPRJS_ANSWER));
    assert_eq!(Norinori::parse(&p.to_text(), "text").unwrap(), p);
    let c = count(&p, &Options::default(), None).unwrap();
    assert_eq!(c.to_u64(), Some(1));
}

/// `verify` rejects each of pzprjs's failing boards, for the rule pzprjs names.
#[test]
fn verify_rejects_the_pzprjs_failing_boards() {
    let p = Norinori::parse(PZPRJS_URL, "pzprjs").unwrap();
    for (rule, board) in PZPRJS_FAILS {
        let e = p.verify(&shading_of(&p, board)).unwrap_err();
        let expected = match *rule {
            "csGt2" => "are joined",
            "bkShadeGt2" => "has 3 shaded cells",
            "csLt2" => "shaded alone",
            "bkShadeLt2" => "has 1 shaded cell",
            _ => "has no shaded cell",
        };
        assert!(e.contains(expected), "{rule}: {e}");
    }
}

/// Random rooms, and now and then a given cell.
fn random_puzzle(rng: &mut Xorshift, rows: usize, cols: usize) -> Norinori {
    let most = 2 + rng.below(6) as usize;
    let mut p = Norinori::new(rooms::random_rectangles(rows, cols, most, rng));
    if rng.below(3) == 0 {
        for g in p.givens.iter_mut() {
            *g = match rng.below(12) {
                0 => Some(Mark::Shaded),
                1 => Some(Mark::Unshaded),
                _ => None,
            };
        }
    }
    p
}

#[test]
fn urls_and_texts_round_trip() {
    let mut rng = Xorshift(0x4e4a);
    for _ in 0..400 {
        let rows = 1 + rng.below(8) as usize;
        let cols = 1 + rng.below(12) as usize;
        let mut p = random_puzzle(&mut rng, rows, cols);
        assert_eq!(Norinori::parse(&p.to_text(), "t").unwrap(), p);
        assert_eq!(p.url().is_some(), p.givens.iter().all(Option::is_none));
        p.givens = vec![None; rows * cols];
        let url = p.url().unwrap();
        assert_eq!(Norinori::parse(&url, "u").unwrap(), p, "{url}");
    }
}

/// Every shading checked by the rules (`verify`) against the engine's count by listing, by
/// the model counter, and by the automatic choice, on many random tiny boards.
#[test]
fn tiny_boards_count_as_brute_force_does() {
    let mut rng = Xorshift(0xb00e);
    let mut some = 0;
    for case in 0..400 {
        let (rows, cols) = [
            (1, 4),
            (2, 2),
            (2, 3),
            (3, 3),
            (3, 4),
            (4, 3),
            (4, 4),
            (2, 6),
        ][case % 8];
        let p = random_puzzle(&mut rng, rows, cols);
        let n = rows * cols;
        let brute = brute_force_count(n, |on| p.verify(&p.shading_of(on)).is_ok());
        some += usize::from(brute > 0);
        assert_counts(&p, brute, &COUNTINGS);
    }
    assert!(some > 40, "{some} boards with a solution");
}

/// Counts worked out by hand. A 2×2 room shades one of its four dominoes (two diagonal cells
/// would each need a partner outside). Two 1×2 rooms side by side in a 1×4 strip: their
/// dominoes would touch, so none. Two 2×2 rooms side by side (2×4): the left room's domino on
/// the left edge goes with any of the right room's four (4); its right column only with the
/// right room's right column (1); its top row with the right room's right column or bottom
/// row (2), its bottom row likewise (2): 9.
#[test]
fn small_counts_worked_by_hand() {
    let count_of = |text: &str| {
        let p = Norinori::parse(text, "t").unwrap();
        count(&p, &Options::default(), None).unwrap().to_u64()
    };
    assert_eq!(
        count_of("family norinori\nsize 2 2\nrooms\na a\na a\n"),
        Some(4)
    );
    assert_eq!(
        count_of("family norinori\nsize 1 4\nrooms\na a b b\n"),
        Some(0)
    );
    assert_eq!(
        count_of("family norinori\nsize 2 4\nrooms\na a b b\na a b b\n"),
        Some(9)
    );
}

#[test]
fn parse_errors_name_the_line() {
    wellposed_engine::assert_parse_errors::<Norinori>(&[
        ("family norinori\nsize 0 3\nrooms\n", 2, "cells"),
        (
            "family norinori\nsize 2 2\nrooms\n1 2\n",
            3,
            "expected 2 rows",
        ),
        (
            "family norinori\nsize 2 2\nrooms\n1 2\n3\n",
            5,
            "expected 2 room labels",
        ),
        (
            "family norinori\nsize 1 2\nrooms\na a\ngivens\n*x\n",
            6,
            "found `x`",
        ),
        (
            "family norinori\nsize 1 2\nrooms\na a\ngivens\n*\n",
            6,
            "expected 2 cells",
        ),
        ("family norinori\nsize 1 2\n", 2, "missing `rooms`"),
        ("https://puzz.link/p?norinori/3/3/!!!!", 1, "unexpected `!`"),
        (
            "https://puzz.link/p?norinori/3/3/0",
            1,
            "characters of room borders",
        ),
        (
            "https://puzz.link/p?norinori/3/3/00000",
            1,
            "after the room borders",
        ),
        ("https://puzz.link/p?norinori/1000/1000/", 1, "cells"),
    ]);
}

/// Generated puzzles: the engine finds one shading (the planted one), and every given cell
/// is needed.
#[test]
fn generated_puzzles_are_unique_and_minimal() {
    let opts = Options::default();
    for seed in 0..6 {
        let (rows, cols) = (6 + seed as usize % 3, 7);
        let fill = [40, 30, 20][seed as usize % 3];
        let (p, s) = generate::generate(rows, cols, fill, seed, &opts).unwrap();
        assert!(p.verify(&s).is_ok());
        let Uniqueness::Unique(u) = uniqueness(&p, &opts).unwrap() else {
            panic!("seed {seed}: not unique:\n{}", p.to_text());
        };
        assert_eq!(u.solution::<Shading>(), Some(&s));
        for j in 0..p.clues().len() {
            let q = p.without_clues(&[j]).unwrap();
            assert!(
                matches!(uniqueness(&q, &opts).unwrap(), Uniqueness::Multiple(..)),
                "seed {seed}: given cell {j} is not needed"
            );
        }
    }
}

/// Deduction only ever settles cells as the unique shading has them; on the published puzzle
/// it settles all of them, and the family's rules do work propagation does not.
#[test]
fn deduction_agrees_with_the_shading() {
    let p = Norinori::parse(PZPRJS_URL, "pzprjs").unwrap();
    let (d, _) = deduce_puzzle(&p).unwrap();
    assert!(d.solved && !d.contradiction, "{d:?}");
    let opts = Options::default();
    let mut used = std::collections::BTreeSet::new();
    for seed in 10..22 {
        let (p, s) = generate::generate(7, 7, 40, seed, &opts).unwrap();
        let (d, _) = deduce_puzzle(&p).unwrap();
        used.extend(d.used.keys().copied());
        assert!(!d.contradiction);
        for (k, v) in d.known.iter().enumerate() {
            if let Some(v) = v {
                assert_eq!(*v, s.at(k, p.cols()), "seed {seed}: cell {k}");
            }
        }
    }
    assert!(used.contains("domino-fits"), "{used:?}");
    assert!(used.contains("room-placements"), "{used:?}");
}

/// The rules never remove a value of any solution, on random tiny boards and random partial
/// states taken from one of their solutions (validity), checked by brute force.
#[test]
fn rules_keep_every_solution() {
    use wellposed_engine::deduce::State;
    let mut rng = Xorshift(0x7a11);
    for case in 0..300 {
        let (rows, cols) = [(3, 3), (3, 4), (4, 4), (2, 5)][case % 4];
        let p = random_puzzle(&mut rng, rows, cols);
        let n = rows * cols;
        let sols: Vec<u32> = (0u32..1 << n)
            .filter(|bits| p.verify(&p.shading_of(|k| bits >> k & 1 == 1)).is_ok())
            .collect();
        let Some(&sol) = sols.first() else { continue };
        // A state that knows some cells of the solution (3 = both values, 1 false, 2 true).
        let state: State = (0..n)
            .map(|k| match rng.below(3) {
                0 => 1 + u8::from(sol >> k & 1 == 1),
                _ => 3,
            })
            .collect();
        let fits: Vec<u32> = sols
            .iter()
            .copied()
            .filter(|s| (0..n).all(|k| state[k] & (1 + u8::from(s >> k & 1 == 1)) != 0))
            .collect();
        for rule in rules::rules(&p) {
            for r in rule.propose(&state) {
                let k = r.var.index();
                assert!(
                    fits.iter().all(|s| (s >> k & 1 == 1) != r.value),
                    "{:?} removes {} = {} of a solution on\n{}",
                    r.rule,
                    k,
                    r.value,
                    p.to_text()
                );
            }
        }
    }
}

#[test]
fn clues_are_given_cells() {
    let p = Norinori::parse(PZPRJS_URL, "pzprjs").unwrap();
    assert!(p.clues().is_empty());
    let s = shading_of(&p, PZPRJS_ANSWER);
    let offered = p.clues_from(&s);
    assert_eq!(offered.len(), 25);
    assert_eq!(offered[0], "row 1 col 1 is shaded");
    assert_eq!(offered[2], "row 1 col 3 is unshaded");
    let q = p.with_clues_from(&s, &[0, 2]).unwrap();
    assert_eq!(
        q.clues(),
        ["row 1 col 1 is shaded", "row 1 col 3 is unshaded"]
    );
    assert!(q.url().is_none());
    assert!(q.verify(&s).is_ok());
    assert_eq!(q.without_clues(&[0, 1]).unwrap(), p);
    assert_eq!(Norinori::parse(&q.to_text(), "t").unwrap(), q);
}

#[test]
fn the_edit_grid_keeps_the_puzzle_and_sets_rooms_and_givens() {
    let p = Norinori::parse(PZPRJS_URL, "pzprjs").unwrap();
    let g = p.edit_grid().unwrap();
    assert_eq!(p.edited(&g.cells).unwrap(), p);
    let mut cells = g.cells.clone();
    cells[0] = "0*".into();
    cells[24] = "5".into(); // a room of its own
    let q = p.edited(&cells).unwrap();
    assert_eq!(q.givens[0], Some(Mark::Shaded));
    assert_eq!(q.rooms.cells.len(), p.rooms.cells.len() + 1);
    assert!(p.edited(&cells[1..]).is_err());
}

#[test]
fn renders_the_shading_and_rooms() {
    let p = Norinori::parse(PZPRJS_URL, "pzprjs").unwrap();
    let Uniqueness::Unique(s) = uniqueness(&p, &Options::default()).unwrap() else {
        panic!("one answer");
    };
    let sh: &Shading = s.solution().unwrap();
    assert!(s.text.starts_with("##...   aabcc"), "{}", s.text);
    let svg = p.svg(sh).unwrap();
    assert!(svg.contains("fill=\"#333\"") && svg.contains("stroke-width=\"3\""));
}

/// A published puzzle with its published answer: Janko's Norinori 001
/// (https://www.janko.at/Raetsel/Norinori/001.a.htm, collected with its answer in
/// SmilingWayne/puzzlekit-dataset `assets/data/Norinori/Norinori_dataset.json`; `x` shaded).
#[test]
fn janko_001_solves_to_its_published_answer() {
    const ANSWER: &str = "x--xx-xx--/x----x--x-/-xx--x--x-/x--xx----x/x-x----x-x/--x----x--/x---xx--x-/x-xx--x-x-/-x----x--x/-x--xx---x";
    let p = Norinori::parse(
        include_str!("../../../encodings/norinori/janko-001.txt"),
        "janko-001.txt",
    )
    .unwrap();
    let Uniqueness::Unique(s) = uniqueness(&p, &Options::default()).unwrap() else {
        panic!("the published puzzle has one answer");
    };
    let cells: Vec<bool> = ANSWER
        .bytes()
        .filter(|&b| b != b'/')
        .map(|b| b == b'x')
        .collect();
    assert_eq!(s.solution::<Shading>(), Some(&p.shading_of(|k| cells[k])));
    let (d, _) = deduce_puzzle(&p).unwrap();
    assert!(d.solved && !d.contradiction, "{d:?}");
}

/// The default generator: rooms only (so a URL), the planted shading the only solution (by
/// the solver, not the generator's backbone), and every room border needed — merging any two
/// neighbouring rooms breaks the planted shading (the README's argument for minimality).
#[test]
fn rooms_only_puzzles_are_unique_with_urls() {
    let opts = Options::default();
    for seed in 0..4 {
        let (rows, cols) = (5 + seed as usize % 3, 6);
        let (p, s, _) = generate::generate_rooms(rows, cols, 40, seed, &opts).unwrap();
        assert!(p.givens.iter().all(Option::is_none));
        let url = p.url().expect("a URL");
        assert_eq!(Norinori::parse(&url, "url").unwrap(), p);
        let Uniqueness::Unique(u) = uniqueness(&p, &opts).unwrap() else {
            panic!("seed {seed}: not unique:\n{}", p.to_text());
        };
        assert_eq!(u.solution::<Shading>(), Some(&s));
        let shaded: Vec<bool> = (0..rows * cols).map(|k| s.at(k, cols)).collect();
        for k in 0..rows * cols {
            for j in p.neighbours(k) {
                let (a, b) = (p.rooms.of[k], p.rooms.of[j]);
                if a == b {
                    continue;
                }
                let label: Vec<usize> = p
                    .rooms
                    .of
                    .iter()
                    .map(|&r| if r == b { a } else { r })
                    .collect();
                let merged = Norinori::new(Rooms::from_labels(rows, cols, &label));
                assert!(
                    merged.check(&shaded).is_err(),
                    "seed {seed}: rooms {a} and {b}"
                );
            }
        }
    }
}

/// The rooms-only search's incremental measure (`oracle`) agrees with the engine's backbone:
/// the same open cells, on random room layouts around random dominoes.
#[test]
fn the_incremental_open_cells_are_the_backbones() {
    let opts = Options::default();
    let mut rng = wellposed_engine::Xorshift(0x5eed_1234_5678_9abd);
    let mut compared = 0;
    for _ in 0..40 {
        let (rows, cols) = (4 + rng.below(3) as usize, 4 + rng.below(3) as usize);
        let shaded = generate::random_dominoes(rows, cols, 40, &mut rng);
        let Some(rooms) = generate::rooms_around(rows, cols, &shaded, &mut rng) else {
            continue;
        };
        let p = Norinori::new(rooms);
        if p.check(&shaded).is_err() {
            continue;
        }
        let b = wellposed_engine::backbone(&p, &opts).unwrap().unwrap();
        let want: Vec<usize> = (0..rows * cols).filter(|&k| b.fixed[k].is_none()).collect();
        let mut oracle = crate::oracle::RoomsOracle::new(rows, cols, &shaded, &opts).unwrap();
        assert_eq!(
            oracle.open_cells(&p.rooms, rows * cols).unwrap(),
            want,
            "{}",
            p.to_text()
        );
        compared += 1;
    }
    assert!(compared >= 20, "{compared}");
}
