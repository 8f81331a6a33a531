use super::*;
use wellposed_engine::grading::deduce_puzzle;
use wellposed_engine::testing::{assert_counts, brute_force_count, COUNTINGS};
use wellposed_engine::{uniqueness, Options, Uniqueness, Xorshift};

/// pzprjs's own test URL (robx/pzprjs, `test/script/heyawake.js`) and the answer published
/// beside it (its last board, checked with `undecided: false`: `#` shaded, `+` and `.`
/// unshaded), and its rooms as that file writes them.
const PZPRJS_URL: &str = "https://puzz.link/p?heyawake/6/6/lll155007rs12222j";
const PZPRJS_ROOMS: &str =
    "0 1 1 2 2 3 /0 1 1 2 2 3 /0 1 1 2 2 3 /4 4 4 4 4 3 /5 5 5 6 6 3 /5 5 5 6 6 7 /";
const PZPRJS_ANSWER: &str =
    "# + # + + # /+ + + # + + /# + # + # + /+ + + + + + /+ # + # + # /+ + # + + + /";

/// The same file's boards that break one rule each, with pzprjs's name of the rule.
const PZPRJS_FAILS: &[(&str, &str)] = &[
    (
        "csAdjacent",
        ". . . . . . /. . . . . . /. # . . . . /. # . . . . /. . . . . . /. . . . . . /",
    ),
    (
        "cuDivideRB",
        "# . # . . . /. . . # . . /# . # . . . /. # . . . . /. . . . . . /. . . . . . /",
    ),
    (
        "bkShadeNe",
        "# . . . . . /. . . # . . /# . # . # . /. # . . . . /. . . . . . /. . . . . . /",
    ),
    (
        "bkUnshadeConsecGt3",
        "# + # + + # /+ + + # + + /# + # + # + /+ + + + + + /. # . # . # /. . . . . . /",
    ),
];

fn cells_of(board: &str) -> Vec<String> {
    board
        .split('/')
        .flat_map(|r| r.split_whitespace())
        .map(String::from)
        .collect()
}

fn shading_of(p: &Heyawake, board: &str) -> Shading {
    let cells = cells_of(board);
    p.shading_of(|k| cells[k] == "#")
}

#[test]
fn the_pzprjs_test_url_solves_to_its_published_answer_and_is_written_back() {
    let p = Heyawake::parse(PZPRJS_URL, "pzprjs").unwrap();
    assert_eq!((p.rows(), p.cols()), (6, 6));
    assert_eq!(p.rooms, Rooms::from_labels(6, 6, &cells_of(PZPRJS_ROOMS)));
    let numbers: Vec<Clue> = [2, 2, 2, 2]
        .map(Clue::Number)
        .into_iter()
        .chain([Clue::None; 4])
        .collect();
    assert_eq!(p.clues, numbers);
    assert_eq!(p.url().unwrap(), PZPRJS_URL);
    let Uniqueness::Unique(s) = uniqueness(&p, &Options::default()).unwrap() else {
        panic!("the published puzzle has one answer");
    };
    let found: &Shading = s.solution().unwrap();
    assert_eq!(found, &shading_of(&p, PZPRJS_ANSWER));
    assert_eq!(Heyawake::parse(&p.to_text(), "text").unwrap(), p);
}

/// `verify` rejects each of pzprjs's failing boards, for the rule pzprjs names.
#[test]
fn verify_rejects_the_pzprjs_failing_boards() {
    let p = Heyawake::parse(PZPRJS_URL, "pzprjs").unwrap();
    for (rule, board) in PZPRJS_FAILS {
        let e = p.verify(&shading_of(&p, board)).unwrap_err();
        let expected = match *rule {
            "csAdjacent" => "side by side",
            "cuDivideRB" => "not connected",
            "bkShadeNe" => "shaded cells",
            _ => "two room borders",
        };
        assert!(e.contains(expected), "{rule}: {e}");
    }
}

fn random_puzzle(rng: &mut Xorshift, rows: usize, cols: usize) -> Heyawake {
    let rooms = rooms::random_rectangles(rows, cols, 1 + rng.below(6) as usize, rng);
    let clues = (0..rooms.cells.len())
        .map(|i| match rng.below(6) {
            0 => Clue::Unknown,
            1 | 2 => Clue::Number(rng.below(rooms.cells[i].len() as u64 / 2 + 2) as u32),
            _ => Clue::None,
        })
        .collect();
    Heyawake { rooms, clues }
}

#[test]
fn urls_round_trip() {
    let mut rng = Xorshift(0x4e4a);
    for _ in 0..400 {
        let rows = 1 + rng.below(8) as usize;
        let cols = 1 + rng.below(12) as usize;
        let p = random_puzzle(&mut rng, rows, cols);
        let url = p.url().unwrap();
        assert_eq!(Heyawake::parse(&url, "u").unwrap(), p, "{url}");
        assert_eq!(Heyawake::parse(&p.to_text(), "t").unwrap(), p);
    }
}

/// Every shading checked by the rules (`verify`) against the engine's count by listing under
/// lazy cuts, by the model counter on the complete encoding, and by the automatic choice.
#[test]
fn tiny_boards_count_as_brute_force_does() {
    let mut rng = Xorshift(0xb00e);
    for case in 0..300 {
        let (rows, cols) = [(1, 4), (2, 2), (2, 3), (3, 3), (3, 4), (4, 3)][case % 6];
        let p = random_puzzle(&mut rng, rows, cols);
        let n = rows * cols;
        let brute = brute_force_count(n, |on| p.verify(&p.shading_of(on)).is_ok());
        assert_counts(&p, brute, &COUNTINGS);
    }
}

#[test]
fn parse_errors_name_the_line() {
    wellposed_engine::assert_parse_errors::<Heyawake>(&[
        ("family heyawake\nsize 0 3\nrooms\n", 2, "cells in all"),
        (
            "family heyawake\nsize 2 2\nrooms\n1 2\n",
            3,
            "expected 2 rows",
        ),
        (
            "family heyawake\nsize 2 2\nrooms\n1 2\n3\n",
            5,
            "expected 2 room labels",
        ),
        (
            "family heyawake\nsize 1 2\nrooms\na a\nnumbers\n1 x\n",
            6,
            "found `x`",
        ),
        (
            "family heyawake\nsize 1 2\nrooms\na a\nnumbers\n1 1\n",
            6,
            "a second number",
        ),
        ("family heyawake\nsize 1 2\n", 2, "missing `rooms`"),
        ("https://puzz.link/p?heyawake/3/3/!!!!", 1, "unexpected `!`"),
        (
            "https://puzz.link/p?heyawake/3/3/0",
            1,
            "characters of room borders",
        ),
        (
            "https://puzz.link/p?heyawake/1000/1000/",
            1,
            "expected 1 to 10000 cells",
        ),
    ]);
}

/// Generated puzzles: the engine finds one shading, and every number is needed.
#[test]
fn generated_puzzles_are_unique_and_minimal() {
    let opts = Options::default();
    for seed in 0..5 {
        let (rows, cols) = (5 + seed as usize % 2, 6);
        let (p, s) = generate::generate(rows, cols, 6, seed, &opts).unwrap();
        assert!(p.verify(&s).is_ok());
        let Uniqueness::Unique(u) = uniqueness(&p, &opts).unwrap() else {
            panic!("seed {seed}: not unique:\n{}", p.to_text());
        };
        assert_eq!(u.solution::<Shading>(), Some(&s));
        for j in 0..p.clued().count() {
            let q = p.without_clues(&[j]).unwrap();
            assert!(
                matches!(uniqueness(&q, &opts).unwrap(), Uniqueness::Multiple(..)),
                "seed {seed}: number {j} is not needed"
            );
        }
    }
}

/// Deduction only ever settles cells as the unique shading has them; on the published puzzle
/// it settles all of them, and the connectivity rule does work propagation does not.
#[test]
fn deduction_agrees_with_the_shading() {
    let p = Heyawake::parse(PZPRJS_URL, "pzprjs").unwrap();
    let (d, _) = deduce_puzzle(&p).unwrap();
    assert!(d.solved && !d.contradiction, "{d:?}");
    let opts = Options::default();
    let mut used = std::collections::BTreeSet::new();
    for seed in 10..22 {
        let (p, s) = generate::generate(6, 6, 6, seed, &opts).unwrap();
        let (d, _) = deduce_puzzle(&p).unwrap();
        used.extend(d.used.keys().copied());
        assert!(!d.contradiction);
        for (k, v) in d.known.iter().enumerate() {
            if let Some(v) = v {
                assert_eq!(*v, s.at(k, p.cols()), "seed {seed}: cell {k}");
            }
        }
    }
    assert!(used.contains("no-split"), "{used:?}");
    assert!(used.contains("room-patterns"), "{used:?}");
}

/// A 3×3 room's 5 is its corners and its centre, settled by `room-patterns` (the room sits in
/// the middle of a 5×5 board, a ring room without a number around it).
#[test]
fn a_three_by_three_five_is_settled() {
    let p = Heyawake::parse(
        "family heyawake\nsize 5 5\nrooms\nb b b b b\nb a a a b\nb a a a b\nb a a a b\nb b b b b\nnumbers\n. . . . .\n. 5 . . .\n. . . . .\n. . . . .\n. . . . .\n",
        "t",
    )
    .unwrap();
    let (d, _) = deduce_puzzle(&p).unwrap();
    assert!(!d.contradiction);
    for r in 1..4 {
        for c in 1..4 {
            assert_eq!(
                d.known[r * 5 + c],
                Some((r + c) % 2 == 0),
                "row {r} col {c}"
            );
        }
    }
    assert!(d.used.contains_key("room-patterns"), "{:?}", d.used);
}

/// The articulation cells against a direct check: a passable cell splits the required cells
/// when, without it, two required cells are no longer joined.
#[test]
fn cut_cells_agree_with_removing_each_cell() {
    let mut rng = Xorshift(0xc07);
    for _ in 0..300 {
        let (rows, cols) = (1 + rng.below(5) as usize, 1 + rng.below(5) as usize);
        let n = rows * cols;
        let passable: Vec<bool> = (0..n).map(|_| rng.below(4) != 0).collect();
        let required: Vec<bool> = (0..n).map(|k| passable[k] && rng.below(3) == 0).collect();
        let joined = |without: Option<usize>| {
            let inside: Vec<bool> = (0..n).map(|k| passable[k] && Some(k) != without).collect();
            let parts = components(rows, cols, &inside);
            parts
                .iter()
                .filter(|p| p.iter().any(|&k| required[k] && Some(k) != without))
                .count()
                <= 1
        };
        if !joined(None) {
            continue; // the rule assumes the required cells can be joined
        }
        let expected: Vec<usize> = (0..n)
            .filter(|&k| passable[k] && !joined(Some(k)))
            .collect();
        assert_eq!(
            rooms::cut_cells(rows, cols, &passable, &required),
            expected,
            "{rows}×{cols} {passable:?} {required:?}"
        );
    }
}

#[test]
fn renders_the_shading_and_rooms() {
    let p = Heyawake::parse(PZPRJS_URL, "pzprjs").unwrap();
    let Uniqueness::Unique(s) = uniqueness(&p, &Options::default()).unwrap() else {
        panic!("one answer");
    };
    let sh: &Shading = s.solution().unwrap();
    assert!(s.text.starts_with("# 2 # 2 . #   abbccd"), "{}", s.text);
    let svg = p.svg(sh).unwrap();
    assert!(svg.contains("fill=\"#333\"") && svg.contains("stroke-width=\"3\""));
}
