use super::*;
use wellposed_engine::grading::deduce_puzzle;
use wellposed_engine::testing::{assert_counts, brute_force_count, COUNTINGS};
use wellposed_engine::{uniqueness, Options, Uniqueness, Xorshift};

/// pzprjs's own test URL (robx/pzprjs, `test/script/kurodoko.js`), its numbers as that file
/// writes them, and the answer published beside it (its last board, checked with a `null`
/// failcode: `#` shaded, `+` and `.` unshaded).
const PZPRJS_URL: &str = "https://puzz.link/p?kurodoko/5/5/i7g5l2l2g4i";
const PZPRJS_NUMBERS: &str = ". . . 7 . /5 . . . . /. . 2 . . /. . . . 2 /. 4 . . . /";
const PZPRJS_ANSWER: &str = "+ # + + . /+ + # + + /+ # + + # /+ + # + + /# + + + # /";

/// The same file's boards that break one rule each, with pzprjs's name of the rule (its
/// `brNoShade`, nothing shaded, is an editor's check, not a rule).
const PZPRJS_FAILS: &[(&str, &str)] = &[
    (
        "csAdjacent",
        ". . . . . /. . . . . /. . # . . /. . # . . /. . . . . /",
    ),
    (
        "cuDivideRB",
        ". # . . . /. . # . . /. # . . . /. . # . . /. . . # . /",
    ),
    (
        "nmSumViewNe",
        "# + + + . /+ + # + + /+ # + + # /+ + # + + /# + + + # /",
    ),
];

fn cells_of(board: &str) -> Vec<String> {
    board
        .split('/')
        .flat_map(|r| r.split_whitespace())
        .map(String::from)
        .collect()
}

fn shading_of(p: &Kurodoko, board: &str) -> Shading {
    let cells = cells_of(board);
    p.shading_of(|k| cells[k] == "#")
}

fn unique(p: &Kurodoko) -> Shading {
    let Uniqueness::Unique(s) = uniqueness(p, &Options::default()).unwrap() else {
        panic!("expected one answer:\n{}", p.to_text());
    };
    s.solution::<Shading>().unwrap().clone()
}

#[test]
fn the_pzprjs_test_url_solves_to_its_published_answer_and_is_written_back() {
    let p = Kurodoko::parse(PZPRJS_URL, "pzprjs").unwrap();
    let numbers: Vec<Clue> = cells_of(PZPRJS_NUMBERS)
        .iter()
        .map(|s| format::clue_of(s).unwrap())
        .collect();
    assert_eq!(p.cells, numbers);
    assert_eq!(p.url().unwrap(), PZPRJS_URL);
    assert_eq!(unique(&p), shading_of(&p, PZPRJS_ANSWER));
    assert_eq!(Kurodoko::parse(&p.to_text(), "text").unwrap(), p);
}

#[test]
fn verify_rejects_the_pzprjs_failing_boards() {
    let p = Kurodoko::parse(PZPRJS_URL, "pzprjs").unwrap();
    for (rule, board) in PZPRJS_FAILS {
        let e = p.verify(&shading_of(&p, board)).unwrap_err();
        let expected = match *rule {
            "csAdjacent" => "side by side",
            "cuDivideRB" => "not connected",
            _ => "unshaded cells",
        };
        assert!(e.contains(expected), "{rule}: {e}");
    }
}

fn random_puzzle(rng: &mut Xorshift, rows: usize, cols: usize) -> Kurodoko {
    let most = (rows + cols) as u64;
    let cells = (0..rows * cols)
        .map(|_| match rng.below(8) {
            0 => Clue::Unknown,
            1 | 2 => Clue::Number(rng.below(most + 1) as u32),
            _ => Clue::None,
        })
        .collect();
    Kurodoko { rows, cols, cells }
}

#[test]
fn urls_round_trip() {
    let mut rng = Xorshift(0x4b55);
    for _ in 0..400 {
        let rows = 1 + rng.below(8) as usize;
        let cols = 1 + rng.below(12) as usize;
        let p = random_puzzle(&mut rng, rows, cols);
        let url = p.url().unwrap();
        assert_eq!(Kurodoko::parse(&url, "u").unwrap(), p, "{url}");
        assert_eq!(Kurodoko::parse(&p.to_text(), "t").unwrap(), p);
    }
}

/// Every shading checked by the rules (`verify`) against the engine's count by listing under
/// lazy cuts, by the model counter on the complete encoding, and by the automatic choice.
#[test]
fn tiny_boards_count_as_brute_force_does() {
    let mut rng = Xorshift(0xb00f);
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
    wellposed_engine::assert_parse_errors::<Kurodoko>(&[
        ("family kurodoko\nsize 0 3\nnumbers\n", 2, "cells in all"),
        (
            "family kurodoko\nsize 2 2\nnumbers\n1 2\n",
            3,
            "expected 2 rows",
        ),
        (
            "family kurodoko\nsize 2 2\nnumbers\n1 2\n3\n",
            5,
            "expected 2 cells",
        ),
        ("family kurodoko\nsize 1 2\nnumbers\n1 x\n", 4, "found `x`"),
        ("family kurodoko\nsize 1 2\n", 2, "missing `numbers`"),
        ("https://puzz.link/p?kurodoko/3/3/!!!!", 1, "unexpected"),
        (
            "https://puzz.link/p?kurodoko/1000/1000/",
            1,
            "expected 1 to 10000 cells",
        ),
    ]);
}

/// Generated puzzles: the engine finds one shading, and every number is needed.
#[test]
fn generated_puzzles_are_unique_and_minimal() {
    let opts = Options::default();
    for seed in 0..4 {
        let (p, s) = generate::generate(5 + seed as usize % 2, 6, seed, &opts).unwrap();
        assert!(p.verify(&s).is_ok());
        assert_eq!(unique(&p), s, "seed {seed}");
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
/// it settles all of them; `max-reach` and `no-split` do work (`too-far` is what propagation
/// over the count's ladders finds first, so it seldom shows).
#[test]
fn deduction_agrees_with_the_shading() {
    let p = Kurodoko::parse(PZPRJS_URL, "pzprjs").unwrap();
    let (d, _) = deduce_puzzle(&p).unwrap();
    assert!(d.solved && !d.contradiction, "{d:?}");
    let opts = Options::default();
    let mut used = std::collections::BTreeSet::new();
    for seed in 10..16 {
        let (p, s) = generate::generate(6, 6, seed, &opts).unwrap();
        let (d, _) = deduce_puzzle(&p).unwrap();
        used.extend(d.used.keys().copied());
        assert!(!d.contradiction);
        for (k, v) in d.known.iter().enumerate() {
            if let Some(v) = v {
                assert_eq!(*v, s.at(k, p.cols), "seed {seed}: cell {k}");
            }
        }
    }
    for rule in ["max-reach", "no-split"] {
        assert!(used.contains(rule), "{rule} unused: {used:?}");
    }
}

#[test]
fn renders_the_shading_and_numbers() {
    let p = Kurodoko::parse(PZPRJS_URL, "pzprjs").unwrap();
    let s = unique(&p);
    assert!(p.render(&s).starts_with(". # . 7 ."), "{}", p.render(&s));
    assert!(p.svg(&s).unwrap().contains(">7</text>"));
}
