use super::*;
use wellposed_engine::grading::deduce_puzzle;
use wellposed_engine::testing::{assert_counts, brute_force_count, COUNTINGS};
use wellposed_engine::{uniqueness, Options, Uniqueness, Xorshift};

/// pzprjs's own test URL (robx/pzprjs, `test/script/hitori.js`) and the answer published
/// beside it (its last board, checked with a `null` failcode: `#` shaded, `+` and `.`
/// unshaded).
const PZPRJS_URL: &str = "https://puzz.link/p?hitori/4/4/1114142333214213";
const PZPRJS_NUMBERS: &str = "1 1 1 4 /1 4 2 3 /3 3 2 1 /4 2 1 3 /";
const PZPRJS_ANSWER: &str = "# + # . /+ + + . /# + # . /+ + + # /";

/// The same file's boards that break one rule each, with pzprjs's name of the rule. (Its
/// `brNoShade`, a board with nothing shaded, is pzprjs's own extra check, not a rule.)
const PZPRJS_FAILS: &[(&str, &str)] = &[
    ("csAdjacent", "# . . . /# . . . /. . . . /. . . . /"),
    ("cuDivideRB", "# . . . /. . . # /# . # . /. # . . /"),
    ("nmDupRow", "# . . . /. . . . /# . # . /. . . # /"),
];

/// cspuz_core's test puzzle (semiexp/cspuz_core, `cspuz_solver_backend/src/puzzle/hitori.rs`)
/// and the cells its published board fills: blank cells, a unique answer.
const CSPUZ_URL: &str = "https://puzz.link/p?hitori/6/5/111.45.2..453.3.1..2....3.3.1.";
const CSPUZ_SHADED: &[(usize, usize)] = &[
    (0, 0),
    (0, 2),
    (0, 5),
    (1, 4),
    (2, 2),
    (3, 1),
    (4, 0),
    (4, 4),
];

fn cells_of(board: &str) -> Vec<String> {
    board
        .split('/')
        .flat_map(|r| r.split_whitespace())
        .map(String::from)
        .collect()
}

fn shading_of(p: &Hitori, board: &str) -> Shading {
    let cells = cells_of(board);
    p.shading_of(|k| cells[k] == "#")
}

fn unique(p: &Hitori) -> Shading {
    let Uniqueness::Unique(s) = uniqueness(p, &Options::default()).unwrap() else {
        panic!("expected one answer:\n{}", p.to_text());
    };
    s.solution::<Shading>().unwrap().clone()
}

#[test]
fn the_pzprjs_test_url_solves_to_its_published_answer_and_is_written_back() {
    let p = Hitori::parse(PZPRJS_URL, "pzprjs").unwrap();
    assert_eq!((p.rows, p.cols), (4, 4));
    let numbers: Vec<Clue> = cells_of(PZPRJS_NUMBERS)
        .iter()
        .map(|s| Clue::Number(s.parse().unwrap()))
        .collect();
    assert_eq!(p.cells, numbers);
    assert_eq!(p.url().unwrap(), PZPRJS_URL);
    assert_eq!(unique(&p), shading_of(&p, PZPRJS_ANSWER));
    assert_eq!(Hitori::parse(&p.to_text(), "text").unwrap(), p);
}

#[test]
fn the_cspuz_test_url_solves_to_its_published_answer_and_is_written_back() {
    let p = Hitori::parse(CSPUZ_URL, "cspuz").unwrap();
    assert_eq!((p.rows, p.cols), (5, 6));
    assert_eq!(p.cells[3], Clue::None);
    assert_eq!(p.url().unwrap(), CSPUZ_URL);
    let expected = p.shading_of(|k| CSPUZ_SHADED.contains(&(k / 6, k % 6)));
    assert_eq!(unique(&p), expected);
}

/// `verify` rejects each of pzprjs's failing boards, for the rule pzprjs names.
#[test]
fn verify_rejects_the_pzprjs_failing_boards() {
    let p = Hitori::parse(PZPRJS_URL, "pzprjs").unwrap();
    for (rule, board) in PZPRJS_FAILS {
        let e = p.verify(&shading_of(&p, board)).unwrap_err();
        let expected = match *rule {
            "csAdjacent" => "side by side",
            "cuDivideRB" => "not connected",
            _ => "both unshaded with the number",
        };
        assert!(e.contains(expected), "{rule}: {e}");
    }
}

/// Numbers up to `most`, some blank or `?`.
fn random_puzzle(rng: &mut Xorshift, rows: usize, cols: usize, most: u64) -> Hitori {
    let cells = (0..rows * cols)
        .map(|_| match rng.below(10) {
            0 => Clue::None,
            1 => Clue::Unknown,
            _ => Clue::Number(rng.below(most + 1) as u32),
        })
        .collect();
    Hitori { rows, cols, cells }
}

#[test]
fn urls_round_trip() {
    let mut rng = Xorshift(0x4177);
    for case in 0..400 {
        let rows = 1 + rng.below(8) as usize;
        let cols = 1 + rng.below(12) as usize;
        let most = if case % 2 == 0 {
            40
        } else {
            u64::from(MAX_NUMBER)
        };
        let p = random_puzzle(&mut rng, rows, cols, most);
        let url = p.url().unwrap();
        assert_eq!(Hitori::parse(&url, "u").unwrap(), p, "{url}");
        assert_eq!(Hitori::parse(&p.to_text(), "t").unwrap(), p);
    }
}

/// pzprjs reads `%` as `?` too, and a body that stops early leaves the rest blank.
#[test]
fn urls_read_the_older_unknown_and_a_short_body() {
    let p = Hitori::parse("https://puzz.link/p?hitori/2/2/%-10", "u").unwrap();
    assert_eq!(
        p.cells,
        vec![Clue::Unknown, Clue::Number(36), Clue::None, Clue::None]
    );
    assert_eq!(p.url().unwrap(), "https://puzz.link/p?hitori/2/2/@-10..");
}

/// Every shading checked by the rules (`verify`) against the engine's count by listing under
/// lazy cuts, by the model counter on the complete encoding, and by the automatic choice.
#[test]
fn tiny_boards_count_as_brute_force_does() {
    let mut rng = Xorshift(0xb00e);
    for case in 0..300 {
        let (rows, cols) = [(1, 4), (2, 2), (2, 3), (3, 3), (3, 4), (4, 3)][case % 6];
        let p = random_puzzle(&mut rng, rows, cols, 3);
        let n = rows * cols;
        let brute = brute_force_count(n, |on| p.verify(&p.shading_of(on)).is_ok());
        assert_counts(&p, brute, &COUNTINGS);
    }
}

#[test]
fn parse_errors_name_the_line() {
    wellposed_engine::assert_parse_errors::<Hitori>(&[
        ("family hitori\nsize 0 3\nnumbers\n", 2, "cells in all"),
        (
            "family hitori\nsize 2 2\nnumbers\n1 2\n",
            3,
            "expected 2 rows",
        ),
        (
            "family hitori\nsize 2 2\nnumbers\n1 2\n3\n",
            5,
            "expected 2 cells",
        ),
        ("family hitori\nsize 1 2\nnumbers\n1 x\n", 4, "found `x`"),
        (
            "family hitori\nsize 1 2\nnumbers\n1 1296\n",
            4,
            "found `1296`",
        ),
        ("family hitori\nsize 1 2\n", 2, "missing `numbers`"),
        ("https://puzz.link/p?hitori/3/3/!!!!", 1, "unexpected `!`"),
        ("https://puzz.link/p?hitori/3/3/-1", 1, "two base-36 digits"),
        ("https://puzz.link/p?hitori/1/1/11", 1, "after the 1 cells"),
        (
            "https://puzz.link/p?hitori/1000/1000/",
            1,
            "expected 1 to 10000 cells",
        ),
    ]);
}

/// Generated puzzles: the engine finds one shading, the planted one, and it keeps the rules.
#[test]
fn generated_puzzles_are_unique() {
    let opts = Options::default();
    for seed in 0..6 {
        let (rows, cols) = (5 + seed as usize % 3, 6);
        let (p, s) = generate::generate(rows, cols, seed, &opts).unwrap();
        assert!(p.verify(&s).is_ok());
        assert_eq!(unique(&p), s, "seed {seed}");
    }
}

/// Deduction only ever settles cells as the unique shading has them; on the published puzzle
/// it settles all of them; the openings and the connectivity rule all do work.
#[test]
fn deduction_agrees_with_the_shading() {
    let p = Hitori::parse(PZPRJS_URL, "pzprjs").unwrap();
    let (d, _) = deduce_puzzle(&p).unwrap();
    assert!(d.solved && !d.contradiction, "{d:?}");
    let opts = Options::default();
    let mut used = std::collections::BTreeSet::new();
    for seed in 10..20 {
        let (p, s) = generate::generate(7, 7, seed, &opts).unwrap();
        let (d, _) = deduce_puzzle(&p).unwrap();
        used.extend(d.used.keys().copied());
        assert!(!d.contradiction);
        for (k, v) in d.known.iter().enumerate() {
            if let Some(v) = v {
                assert_eq!(*v, s.at(k, p.cols), "seed {seed}: cell {k}");
            }
        }
    }
    for rule in ["sandwich", "pair-in-line", "no-split"] {
        assert!(used.contains(rule), "{rule} unused: {used:?}");
    }
}

/// Each number rule's conclusions hold in every solution of tiny boards (brute force).
#[test]
fn number_rules_hold_in_every_solution() {
    let mut rng = Xorshift(0x5a4d);
    for case in 0..300 {
        let (rows, cols) = [(1, 5), (2, 3), (3, 3), (3, 4)][case % 4];
        let p = random_puzzle(&mut rng, rows, cols, 2);
        let n = rows * cols;
        for bits in 0u32..1 << n {
            let s = p.shading_of(|k| bits >> k & 1 == 1);
            if p.verify(&s).is_err() {
                continue;
            }
            let on = |k: usize| bits >> k & 1 == 1;
            assert!(
                rules::sandwiched(&p).iter().all(|&k| !on(k)),
                "{}",
                p.to_text()
            );
            assert!(
                rules::beside_pairs(&p).iter().all(|&k| on(k)),
                "{}",
                p.to_text()
            );
            assert!(
                rules::hemmed_in(&p).iter().all(|&k| on(k)),
                "{}",
                p.to_text()
            );
        }
    }
}

#[test]
fn renders_the_shading_and_numbers() {
    let p = Hitori::parse(PZPRJS_URL, "pzprjs").unwrap();
    let s = unique(&p);
    let text = p.render(&s);
    assert!(text.starts_with("# 1 # 4   1 1 1 4"), "{text}");
    let svg = p.svg(&s).unwrap();
    assert!(svg.contains("fill=\"#333\"") && svg.contains(">4</text>"));
}
