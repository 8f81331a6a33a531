use super::*;
use wellposed_engine::grading::deduce_puzzle;
use wellposed_engine::testing::{assert_counts, COUNTINGS};
use wellposed_engine::{count, uniqueness, Options, Uniqueness, Xorshift};

/// pzprjs's own test URL (robx/pzprjs, `test/script/yinyang.js`) and the answer published
/// beside it: its last board (checked with a `null` failcode), the circles (`1` white, `2`
/// black) then the player's marks on the cells without one.
const PZPRJS_URL: &str = "https://puzz.link/p?yinyang/5/5/016612300";
const PZPRJS_CIRCLES: &str = ". . . . . /1 . 2 . . /2 . . . 1 /. . 2 . 1 /. . . . . /";
const PZPRJS_MARKS: &str = "1 1 1 1 1 /. 2 . 2 1 /. 2 1 1 . /1 2 . 2 . /1 1 1 1 1 /";

/// The same file's boards that break one rule each (circles as above, these marks), with
/// pzprjs's name of the rule. (Its `ceNoNum`, a cell left unmarked, cannot happen here: every
/// cell of a colouring has a colour.)
const PZPRJS_FAILS: &[(&str, &str)] = &[
    (
        "ms2x2",
        ". . . . . /. 2 . . . /. 2 2 . . /. . . . . /. . . . . /",
    ),
    (
        "mu2x2",
        "1 1 1 1 1 /. 1 . . 1 /. . . . . /. . . . . /. . . . . /",
    ),
    (
        "msDivide",
        "1 1 1 1 1 /. . . . 1 /. . . . . /. . . . . /. . . . . /",
    ),
    (
        "muDivide",
        "1 1 1 1 1 /. 2 . 2 1 /. 2 1 1 . /1 2 . . . /. . . . . /",
    ),
];

/// cspuz_core's test puzzle (semiexp/cspuz_core,
/// `cspuz_solver_backend/src/puzzle/yinyang.rs`) and its published board (`#` black).
const CSPUZ_URL: &str = "https://puzz.link/p?yinyang/6/6/6a166b230900";
const CSPUZ_ANSWER: &str = "###.../#...##/###..#/#.##.#/#....#/######";

fn tokens(board: &str) -> Vec<String> {
    board
        .split('/')
        .flat_map(|r| r.split_whitespace())
        .map(String::from)
        .collect()
}

/// A pzprjs board: cells with a black circle or a mark `2` black, the others white.
fn pzprjs_colouring(p: &YinYang, marks: &str) -> Colouring {
    let circles = tokens(PZPRJS_CIRCLES);
    let marks = tokens(marks);
    p.colouring_of(|k| circles[k] == "2" || marks[k] == "2")
}

fn unique(p: &YinYang) -> Colouring {
    let Uniqueness::Unique(s) = uniqueness(p, &Options::default()).unwrap() else {
        panic!("expected one answer:\n{}", p.to_text());
    };
    s.solution::<Colouring>().unwrap().clone()
}

#[test]
fn the_pzprjs_test_url_solves_to_its_published_answer_and_is_written_back() {
    let p = YinYang::parse(PZPRJS_URL, "pzprjs").unwrap();
    assert_eq!((p.rows, p.cols), (5, 5));
    let circles: Vec<Option<Colour>> = tokens(PZPRJS_CIRCLES)
        .iter()
        .map(|t| match t.as_str() {
            "1" => Some(Colour::White),
            "2" => Some(Colour::Black),
            _ => None,
        })
        .collect();
    assert_eq!(p.circles, circles);
    assert_eq!(p.url().unwrap(), PZPRJS_URL);
    assert_eq!(unique(&p), pzprjs_colouring(&p, PZPRJS_MARKS));
    assert_eq!(YinYang::parse(&p.to_text(), "text").unwrap(), p);
}

#[test]
fn the_cspuz_test_url_solves_to_its_published_answer_and_is_written_back() {
    let p = YinYang::parse(CSPUZ_URL, "cspuz").unwrap();
    assert_eq!((p.rows, p.cols), (6, 6));
    assert_eq!(p.url().unwrap(), CSPUZ_URL);
    let board: Vec<char> = CSPUZ_ANSWER.replace('/', "").chars().collect();
    assert_eq!(unique(&p), p.colouring_of(|k| board[k] == '#'));
}

/// `verify` rejects each of pzprjs's failing boards (its unmarked cells taken as white, which
/// may break a rule before the one pzprjs names), and a circle of the wrong colour.
#[test]
fn verify_rejects_the_pzprjs_failing_boards() {
    let p = YinYang::parse(PZPRJS_URL, "pzprjs").unwrap();
    for (rule, marks) in PZPRJS_FAILS {
        assert!(p.verify(&pzprjs_colouring(&p, marks)).is_err(), "{rule}");
    }
    // Each rule alone, on boards that break nothing else.
    let square = YinYang::empty(2, 2);
    assert!(square.check(&[true; 4]).unwrap_err().contains("all black"));
    assert!(square.check(&[false; 4]).unwrap_err().contains("all white"));
    let line = YinYang::empty(1, 3);
    let e = line.check(&[true, false, true]).unwrap_err();
    assert!(e.contains("black cells are not connected"), "{e}");
    let e = line.check(&[false, true, false]).unwrap_err();
    assert!(e.contains("white cells are not connected"), "{e}");
    let wrong_circle = p.colouring_of(|_| false);
    assert!(p
        .verify(&wrong_circle)
        .unwrap_err()
        .contains("black circle"));
}

/// Circles at random, about one cell in `every`.
fn random_puzzle(rng: &mut Xorshift, rows: usize, cols: usize, every: u64) -> YinYang {
    let circles = (0..rows * cols)
        .map(|_| match rng.below(2 * every) {
            0 => Some(Colour::White),
            1 => Some(Colour::Black),
            _ => None,
        })
        .collect();
    YinYang {
        rows,
        cols,
        circles,
    }
}

#[test]
fn urls_and_text_round_trip() {
    let mut rng = Xorshift(0x7a11);
    for _ in 0..400 {
        let rows = 1 + rng.below(9) as usize;
        let cols = 1 + rng.below(12) as usize;
        let p = random_puzzle(&mut rng, rows, cols, 2);
        let url = p.url().unwrap();
        assert_eq!(YinYang::parse(&url, "u").unwrap(), p, "{url}");
        assert_eq!(YinYang::parse(&p.to_text(), "t").unwrap(), p);
    }
}

/// pzprjs leaves the cells past a short body without circles.
#[test]
fn a_short_url_body_leaves_the_rest_empty() {
    let p = YinYang::parse("https://puzz.link/p?yinyang/3/2/i", "u").unwrap();
    // `i` is 18 = 2·9: a black circle, then two cells without.
    assert_eq!(
        p.circles,
        vec![Some(Colour::Black), None, None, None, None, None]
    );
    assert_eq!(p.url().unwrap(), "https://puzz.link/p?yinyang/3/2/i0");
}

fn brute_count(p: &YinYang) -> u64 {
    let n = p.rows * p.cols;
    (0u32..1 << n)
        .filter(|bits| {
            p.check(&(0..n).map(|k| bits >> k & 1 == 1).collect::<Vec<_>>())
                .is_ok()
        })
        .count() as u64
}

/// Every colouring checked by the rules (`check`) against the engine's count by listing under
/// lazy cuts, by the model counter on the complete encoding, and by the automatic choice.
#[test]
fn tiny_boards_count_as_brute_force_does() {
    let mut rng = Xorshift(0xb0a7);
    let shapes = [
        (1, 4),
        (2, 2),
        (2, 3),
        (3, 3),
        (3, 4),
        (4, 3),
        (4, 4),
        (2, 6),
    ];
    for case in 0..240 {
        let (rows, cols) = shapes[case % shapes.len()];
        let p = random_puzzle(&mut rng, rows, cols, 3 + case as u64 % 4);
        let brute = brute_count(&p);
        assert_counts(&p, brute, &COUNTINGS);
    }
}

/// Empty boards: the engine's counts against brute force, and the colour swap pairs them up.
#[test]
fn empty_boards_count_as_brute_force_does_in_colour_swapped_pairs() {
    for (rows, cols) in [(1, 1), (1, 5), (2, 2), (3, 3), (3, 4), (4, 4), (3, 5)] {
        let p = YinYang::empty(rows, cols);
        let brute = brute_count(&p);
        let c = count(&p, &Options::default(), None).unwrap();
        assert_eq!(c.to_u64(), Some(brute), "{rows}×{cols}");
        assert_eq!(brute % 2, 0, "{rows}×{cols}");
    }
}

#[test]
fn parse_errors_name_the_line() {
    wellposed_engine::assert_parse_errors::<YinYang>(&[
        ("family yinyang\nsize 0 3\ncircles\n", 2, "cells"),
        (
            "family yinyang\nsize 2 2\ncircles\no.\n",
            3,
            "expected 2 rows",
        ),
        (
            "family yinyang\nsize 2 2\ncircles\no.\n...\n",
            5,
            "expected 2 cells",
        ),
        ("family yinyang\nsize 1 2\ncircles\nob\n", 4, "found `b`"),
        ("family yinyang\nsize 1 2\n", 2, "missing `circles`"),
        ("https://puzz.link/p?yinyang/3/3/!!!", 1, "unexpected `!`"),
        (
            "https://puzz.link/p?yinyang/3/3/000z",
            1,
            "after the 9 cells",
        ),
        ("https://puzz.link/p?yinyang/1000/1000/", 1, "cells"),
    ]);
}

/// Generated puzzles: unique (the engine finds the planted colouring alone) and minimal (each
/// circle taken away leaves another solution).
#[test]
fn generated_puzzles_are_unique_and_minimal() {
    let opts = Options::default();
    for seed in 0..4 {
        let (rows, cols) = (4 + seed as usize % 3, 5);
        let (p, s) = generate::generate(rows, cols, seed, &opts).unwrap();
        assert!(p.verify(&s).is_ok());
        assert_eq!(unique(&p), s, "seed {seed}");
        for i in 0..p.clues().len() {
            let q = p.without_clues(&[i]).unwrap();
            assert!(
                matches!(uniqueness(&q, &opts).unwrap(), Uniqueness::Multiple(..)),
                "seed {seed}: circle {i} is not needed"
            );
        }
    }
}

/// A state of every cell: `known[k]` settles cell k (`1`: only white possible, `2`: only
/// black), else both are possible.
fn state_of(known: &[Option<bool>]) -> Vec<u8> {
    known
        .iter()
        .map(|k| match k {
            Some(true) => 2,
            Some(false) => 1,
            None => 3,
        })
        .collect()
}

/// Each rule's conclusions, in states made of a solution's cells (some settled), hold in every
/// solution that agrees with the state (brute force over tiny boards).
#[test]
fn the_rules_are_valid() {
    let mut rng = Xorshift(0x5eed);
    let mut fired = [0usize; 3];
    for case in 0..200 {
        let (rows, cols) = [(3, 3), (3, 4), (4, 4), (2, 5)][case % 4];
        let p = random_puzzle(&mut rng, rows, cols, 5);
        let n = rows * cols;
        let solutions: Vec<Vec<bool>> = (0u32..1 << n)
            .map(|bits| (0..n).map(|k| bits >> k & 1 == 1).collect::<Vec<_>>())
            .filter(|b| p.check(b).is_ok())
            .collect();
        let Some(base) = solutions.first() else {
            continue;
        };
        for _ in 0..10 {
            let known: Vec<Option<bool>> = (0..n)
                .map(|k| (rng.below(2) == 0).then_some(base[k]))
                .collect();
            let state = state_of(&known);
            let agree: Vec<&Vec<bool>> = solutions
                .iter()
                .filter(|s| (0..n).all(|k| known[k].is_none_or(|v| s[k] == v)))
                .collect();
            let found = [
                rules::checkerboard(&p, &state),
                rules::cut_off(&p, &state),
                rules::border(&p, &state),
            ];
            for (i, cells) in found.iter().enumerate() {
                fired[i] += cells.len();
                for &(k, black) in cells {
                    assert!(known[k].is_none(), "rule {i} proposed a settled cell");
                    assert!(
                        agree.iter().all(|s| s[k] != black),
                        "rule {i}: cell {k} can be {black} in\n{}",
                        p.to_text()
                    );
                }
            }
        }
    }
    assert!(fired.iter().all(|&f| f > 0), "{fired:?}");
}

/// Deduction only ever settles cells as the unique colouring has them; on the published puzzle
/// it settles all of them; the family's rules all do work on generated puzzles.
#[test]
fn deduction_agrees_with_the_colouring() {
    let p = YinYang::parse(PZPRJS_URL, "pzprjs").unwrap();
    let (d, _) = deduce_puzzle(&p).unwrap();
    assert!(d.solved && !d.contradiction, "{d:?}");
    let opts = Options::default();
    let mut used = std::collections::BTreeSet::new();
    for seed in 10..22 {
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
    for rule in ["checkerboard", "cut-off", "border"] {
        assert!(used.contains(rule), "{rule} unused: {used:?}");
    }
}

#[test]
fn renders_the_colouring_and_circles() {
    let p = YinYang::parse(PZPRJS_URL, "pzprjs").unwrap();
    let s = unique(&p);
    let text = p.render(&s);
    assert!(text.starts_with(".....\nO#X#.\nX#..O"), "{text}");
    let svg = p.svg(&s).unwrap();
    assert!(svg.contains("fill=\"black\"") && svg.contains("stroke=\"#c00\""));
    let partial = p.render_partial(&[None; 25]).unwrap();
    assert!(partial.starts_with("_____\nO_X__"), "{partial}");
}

/// The edit grid gives the circles back; a no-op edit gives the same puzzle.
#[test]
fn the_edit_grid_round_trips() {
    let p = YinYang::parse(PZPRJS_URL, "pzprjs").unwrap();
    let g = p.edit_grid().unwrap();
    assert_eq!(g.symbols, [".", "o", "x"]);
    assert_eq!(p.edited(&g.cells).unwrap(), p);
    let mut cells = g.cells.clone();
    cells[0] = "x".into();
    assert_eq!(p.edited(&cells).unwrap().circles[0], Some(Colour::Black));
    cells[0] = "b".into();
    assert!(p.edited(&cells).is_err());
}
