use super::*;
use wellposed_engine::grading::deduce_puzzle;
use wellposed_engine::testing::{assert_counts, brute_force_count, COUNTINGS};
use wellposed_engine::{count, uniqueness, Options, Uniqueness, Xorshift};

/// pzprjs's own test URL (robx/pzprjs, `test/script/nurikabe.js`) and the answer published
/// beside it (its last, error-free board: `#` shaded, `+` and `.` unshaded).
const PZPRJS_URL: &str = "https://puzz.link/p?nurikabe/5/5/g5k2o1k3g";
const PZPRJS_ANSWER: &str = "+ 5 # # # /+ # 2 + # /+ # # # # /+ # 1 # . /# # # 3 . /";

/// The same file's boards that break one rule each, with pzprjs's name of the rule.
const PZPRJS_FAILS: &[(&str, &str)] = &[
    (
        "cs2x2",
        ". 5 . . . /. . 2 . . /# # . . . /# # 1 . . /. . . 3 . /",
    ),
    (
        "bkNoNum",
        ". 5 # # . /. # 2 . # /. # # # # /. # 1 . . /# . . 3 . /",
    ),
    (
        "csDivide",
        ". 5 # # # /. # 2 . # /. . # # # /. . 1 . . /# . . 3 . /",
    ),
    (
        "bkNumGe2",
        ". 5 # # # /. # 2 . # /. # # # # /. . 1 . . /. . . 3 . /",
    ),
    (
        "bkSizeNe",
        ". 5 # # # /. # 2 . # /. # # # # /. # 1 # . /. # # 3 . /",
    ),
];

fn shading_of(p: &Nurikabe, board: &str) -> Shading {
    let cells: Vec<bool> = board
        .split('/')
        .flat_map(|r| r.split_whitespace())
        .map(|t| t == "#")
        .collect();
    p.shading_of(|k| cells[k])
}

#[test]
fn the_pzprjs_test_url_solves_to_its_published_answer_and_is_written_back() {
    let p = Nurikabe::parse(PZPRJS_URL, "pzprjs").unwrap();
    assert_eq!((p.rows, p.cols), (5, 5));
    assert_eq!(p.url().unwrap(), PZPRJS_URL);
    let Uniqueness::Unique(s) = uniqueness(&p, &Options::default()).unwrap() else {
        panic!("the published puzzle has one answer");
    };
    let found: &Shading = s.solution().unwrap();
    assert_eq!(found, &shading_of(&p, PZPRJS_ANSWER));
    assert_eq!(Nurikabe::parse(&p.to_text(), "text").unwrap(), p);
}

/// `verify` rejects each of pzprjs's failing boards, for the rule pzprjs names.
#[test]
fn verify_rejects_the_pzprjs_failing_boards() {
    let p = Nurikabe::parse(PZPRJS_URL, "pzprjs").unwrap();
    let said = |board: &str| p.verify(&shading_of(&p, board)).unwrap_err();
    for (rule, board) in PZPRJS_FAILS {
        let e = said(board);
        let expected = match *rule {
            "cs2x2" => "2×2",
            "bkNoNum" => "no number",
            "csDivide" => "not connected",
            "bkNumGe2" => "in one island",
            _ => "its number says",
        };
        assert!(e.contains(expected), "{rule}: {e}");
    }
}

#[test]
fn urls_round_trip() {
    let mut rng = Xorshift(0x4e4b);
    for _ in 0..500 {
        let rows = 1 + rng.below(6) as usize;
        let cols = 1 + rng.below(30) as usize;
        let cells = (0..rows * cols)
            .map(|_| match rng.below(10) {
                0 => Cell::Unknown,
                1 => Cell::Number(1 + rng.below(300) as u32),
                2 | 3 => Cell::Number(1 + rng.below(9) as u32),
                _ => Cell::Empty,
            })
            .collect();
        let p = Nurikabe { rows, cols, cells };
        let url = p.url().unwrap();
        assert_eq!(Nurikabe::parse(&url, "u").unwrap(), p, "{url}");
        assert_eq!(Nurikabe::parse(&p.to_text(), "t").unwrap(), p);
    }
}

/// Every shading checked by the rules (`verify`) against the engine's count by listing under
/// lazy cuts, by the model counter on the complete encoding, and by the automatic choice.
#[test]
fn tiny_boards_count_as_brute_force_does() {
    let mut rng = Xorshift(0xb007e);
    for case in 0..300 {
        let (rows, cols) = match case % 6 {
            0 => (1, 3),
            1 => (2, 2),
            2 => (2, 3),
            3 => (3, 3),
            4 => (3, 4),
            _ => (4, 3),
        };
        let cells = (0..rows * cols)
            .map(|_| match rng.below(10) {
                0 => Cell::Unknown,
                1..=3 => Cell::Number(1 + rng.below(4) as u32),
                _ => Cell::Empty,
            })
            .collect();
        let p = Nurikabe { rows, cols, cells };
        let n = rows * cols;
        let brute = brute_force_count(n, |on| p.verify(&p.shading_of(on)).is_ok());
        assert_counts(&p, brute, &COUNTINGS);
    }
}

#[test]
fn parse_errors_name_the_line() {
    wellposed_engine::assert_parse_errors::<Nurikabe>(&[
        ("family nurikabe\nsize 0 3\ngrid\n", 2, "cells in all"),
        (
            "family nurikabe\nsize 2 2\ngrid\n1 2\n",
            3,
            "expected 2 rows",
        ),
        (
            "family nurikabe\nsize 2 2\ngrid\n1 2\n3\n",
            5,
            "expected 2 cells",
        ),
        (
            "family nurikabe\nsize 1 2\ngrid\n1 0\n",
            4,
            "a number from 1",
        ),
        ("family nurikabe\nsize 1 2\ngrid\n1 x\n", 4, "found `x`"),
        ("family nurikabe\nsize 1 2\n", 2, "missing `grid`"),
        ("https://puzz.link/p?nurikabe/3/3/!", 1, "unexpected `!`"),
        ("https://puzz.link/p?nurikabe/2/2/0", 1, "numbers from 1"),
        (
            "https://puzz.link/p?nurikabe/1000/1000/",
            1,
            "expected 1 to 10000 cells",
        ),
    ]);
}

/// Generated puzzles: the engine finds one shading, and no number can become a `?`.
fn assert_unique_and_minimal(rows: usize, cols: usize, island: usize, seed: u64) {
    let opts = Options::default();
    let (p, s) = generate::generate(rows, cols, island, seed, &opts).unwrap();
    assert!(p.verify(&s).is_ok());
    let Uniqueness::Unique(u) = uniqueness(&p, &opts).unwrap() else {
        panic!("seed {seed}: not unique:\n{}", p.to_text());
    };
    assert_eq!(u.solution::<Shading>(), Some(&s));
    for k in 0..p.cells.len() {
        if let Cell::Number(_) = p.cells[k] {
            let mut q = p.clone();
            q.cells[k] = Cell::Unknown;
            assert!(
                matches!(uniqueness(&q, &opts).unwrap(), Uniqueness::Multiple(..)),
                "seed {seed}: the number at {k} is not needed"
            );
        }
    }
}

#[test]
fn generated_puzzles_are_unique_and_minimal() {
    for seed in 0..5 {
        assert_unique_and_minimal(5 + seed as usize % 2, 6, 5, seed);
    }
}

/// Boards where every island's number alone seldom pins the shading, so the mending steps and
/// pins run (at 10×10 and 12×12 most seeds need a few).
#[test]
fn mended_puzzles_are_unique_and_minimal() {
    for seed in 1..4 {
        assert_unique_and_minimal(10, 10 + 2 * (seed as usize % 2), 6, seed);
    }
}

/// Deduction (propagation, the family's rules, probing) only ever settles cells as the unique
/// shading has them, and on the published puzzle it settles all of them.
#[test]
fn deduction_agrees_with_the_shading() {
    let p = Nurikabe::parse(PZPRJS_URL, "pzprjs").unwrap();
    let (d, _) = deduce_puzzle(&p).unwrap();
    assert!(d.solved && !d.contradiction, "{d:?}");
    let opts = Options::default();
    let mut used = std::collections::BTreeSet::new();
    for seed in 10..14 {
        let (p, s) = generate::generate(6, 6, 5, seed, &opts).unwrap();
        let (d, _) = deduce_puzzle(&p).unwrap();
        used.extend(d.used.keys().copied());
        assert!(!d.contradiction);
        for (k, v) in d.known.iter().enumerate() {
            if let Some(v) = v {
                assert_eq!(*v, s.at(k, p.cols), "seed {seed}: cell {k}");
            }
        }
    }
    // The family's connectivity rules do work the encoding's propagation does not.
    for rule in ["unreachable", "island-escape", "sea-escape"] {
        assert!(used.contains(rule), "{rule} in {used:?}");
    }
}

/// The openings settle without probing: a 1's neighbours, a cell between two numbers and the
/// cells no island reaches (propagation over the complete encoding finds these plain cases
/// before the family's rules are asked).
#[test]
fn openings_settle_cells() {
    let p = Nurikabe::parse(
        "family nurikabe\nsize 4 5\ngrid\n1 . . . .\n. . . . .\n2 . 2 . .\n. . . . .\n",
        "t",
    )
    .unwrap();
    let (d, _) = deduce_puzzle(&p).unwrap();
    let at = |r: usize, c: usize| d.known[r * 5 + c];
    assert_eq!(at(0, 1), Some(true), "next to the 1");
    assert_eq!(at(1, 0), Some(true), "next to the 1");
    assert_eq!(at(2, 1), Some(true), "between the 2s");
    assert_eq!(at(0, 4), Some(true), "unreachable");
    assert!(!d.used.contains_key("probe"), "{:?}", d.used);
}

#[test]
fn renders_the_shading() {
    let p = Nurikabe::parse("family nurikabe\nsize 2 2\ngrid\n2 .\n. .\n", "t").unwrap();
    let c = count(&p, &Options::default(), None).unwrap();
    // The 2 takes its right or its lower neighbour; the other two cells are the sea.
    assert_eq!(c.to_u64(), Some(2));
    let p = Nurikabe::parse("family nurikabe\nsize 1 3\ngrid\n1 . 1\n", "t").unwrap();
    let Uniqueness::Unique(s) = uniqueness(&p, &Options::default()).unwrap() else {
        panic!("the middle cell is shaded");
    };
    assert_eq!(s.text, "1 # 1");
    let sh: &Shading = s.solution().unwrap();
    assert!(p.svg(sh).unwrap().contains("fill=\"#333\""));
}

/// The corpus's 7×7 puzzle with a `?` island in a corner (encodings/nurikabe/puzzlink.tsv,
/// line 12): the solve loop's rounds of connectivity cuts, each round one model cut off, until
/// both solutions-or-none are settled. Unnumbered islands in the middle, cut by their own
/// boundaries, took 752 rounds (0.23 s against cspuz's 0.01 s); cut by the `?` island's
/// boundary where that is shorter (the engine's regions cuts), 131.
#[test]
fn the_unknown_island_puzzle_takes_few_rounds_of_cuts() {
    use wellposed_engine::sat::{Backend, CadicalBackend};
    let p = Nurikabe::parse("https://puzz.link/p?nurikabe/7/7/1s5zm.i3g2", "tsv").unwrap();
    let enc = p.cnf(wellposed_engine::sat::Choices::default(), true);
    let mut solver = CadicalBackend::new();
    solver.add_cnf(&enc.cnf);
    let vars = enc.cnf.num_vars() as usize;
    let (mut rounds, mut solutions) = (0, Vec::new());
    while solver.solve(&[]).unwrap() {
        let model: Vec<bool> = (0..vars).map(|v| solver.value(Var(v as u32))).collect();
        let cuts = wellposed_engine::connectivity::cuts_of(&enc.lazy, &model);
        if cuts.is_empty() {
            let s = p.shading_of(|k| model[k]);
            p.verify(&s).unwrap();
            let block: Vec<Lit> = (0..p.cells.len())
                .map(|k| Lit::new(Var(k as u32), !model[k]))
                .collect();
            solver.add_clause(&block);
            solutions.push(s);
        }
        for c in &cuts {
            solver.add_clause(c);
        }
        rounds += 1;
    }
    assert_eq!(solutions.len(), 1);
    assert!(rounds < 300, "{rounds} rounds of cuts");
}
