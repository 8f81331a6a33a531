//! CSPLib problem 14 (shared/data/battleships): every board with its hints has exactly one
//! solution, the published one; without hints the boards have the published numbers of
//! solutions. Plus the rule checker against the encoding on random small fleets.

use std::collections::HashMap;
use wellposed_battleships::{formats, Battleships, Hint};
use wellposed_engine::every_solver::rounds;
use wellposed_engine::{Family, Options, Uniqueness, Xorshift};

/// Board id → (solutions without hints, the solution grid in lower case).
fn published(text: &str) -> HashMap<u64, (u64, Vec<String>)> {
    let mut out = HashMap::new();
    for block in text.split("Board ID:").skip(1) {
        let id: u64 = block.split_whitespace().next().unwrap().parse().unwrap();
        let count: u64 = block
            .lines()
            .find_map(|l| l.strip_prefix("Solutions:"))
            .unwrap()
            .trim()
            .parse()
            .unwrap();
        let after = block.split("DisplayBoardASCII").nth(1).unwrap();
        let grid: Vec<String> = after
            .lines()
            .skip(1)
            .filter(|l| !l.trim().is_empty())
            .take(10)
            .map(|l| {
                l.split_whitespace()
                    .next()
                    .unwrap()
                    .to_lowercase()
                    .replace('w', ".")
            })
            .collect();
        out.insert(id, (count, grid));
    }
    out
}

fn count(b: &Battleships) -> u64 {
    let c = wellposed_engine::every_solver::count(b, &Options::default(), None).unwrap();
    assert!(c.complete);
    c.to_u64().unwrap()
}

#[test]
fn csplib_boards_are_unique_with_their_hints_and_count_without() {
    let Some(dir) = wellposed_engine::shared_data("battleships") else {
        return;
    };
    let problems = formats::parse_prolog(
        &std::fs::read_to_string(dir.join("battleship_instances.pl")).unwrap(),
        "battleship_instances.pl",
    )
    .unwrap();
    let known = published(&std::fs::read_to_string(dir.join("unsolvable_for_csplib.txt")).unwrap());
    assert_eq!(problems.len(), 303);
    let mut small = Vec::new();
    for (id, b) in &problems {
        let (n, grid) = &known[id];
        match wellposed_engine::every_solver::uniqueness(b, &Options::default()).unwrap() {
            Uniqueness::Unique(s) => assert_eq!(s.text, grid.join("\n"), "board {id}"),
            other => panic!("board {id}: {}", other.status()),
        }
        if *n <= 40 {
            small.push((*id, *n));
        }
    }
    // Without hints, by blocking clauses: the boards with few solutions.
    assert!(small.len() >= 10, "{small:?}");
    for &(id, n) in small.iter().take(12) {
        let (_, b) = problems.iter().find(|(i, _)| *i == id).unwrap();
        let mut open = b.clone();
        open.hints.clear();
        assert_eq!(count(&open), n, "board {id} without hints");
    }
}

/// ANSWERS.md: board 113 has 70 solutions without hints, 3 after its first hint, 1 after both.
#[test]
fn board_113_narrows_hint_by_hint() {
    let Some(dir) = wellposed_engine::shared_data("battleships") else {
        return;
    };
    let problems = formats::parse_prolog(
        &std::fs::read_to_string(dir.join("battleship_instances.pl")).unwrap(),
        "x",
    )
    .unwrap();
    let (_, b) = problems.iter().find(|(i, _)| *i == 113).unwrap();
    let mut open = b.clone();
    open.hints.clear();
    assert_eq!(count(&open), 70);
    open.hints.push(b.hints[0]);
    assert_eq!(count(&open), 3);
    open.hints.push(b.hints[1]);
    assert_eq!(count(&open), 1);
}

/// Brute force over all layouts of a tiny grid: the checker's count equals the CNF's.
#[test]
fn the_encoding_counts_what_the_rules_allow() {
    let mut rng = Xorshift(0x0ba7_71e5);
    let mut nonzero = 0;
    for round in 0..rounds(1000) {
        let (rows, cols) = (2 + rng.below(3) as usize, 2 + rng.below(3) as usize);
        let mut fleet = vec![(1, rng.below(3) as usize)];
        if rng.below(2) == 0 {
            fleet.push((2, 1 + rng.below(2) as usize));
        }
        if rng.below(3) == 0 {
            fleet.push((3, 1));
        }
        let mut b = Battleships {
            rows,
            cols,
            fleet,
            shapes: Vec::new(),
            url_fleet: None,
            row_counts: vec![None; rows],
            col_counts: vec![None; cols],
            hints: Vec::new(),
        };
        if rng.below(2) == 0 {
            b.row_counts[0] = Some(rng.below(cols as u64 + 1) as usize);
        }
        if rng.below(3) == 0 {
            let h = [Hint::Water, Hint::Submarine, Hint::Left, Hint::Top][rng.below(4) as usize];
            b.hints.push((
                h,
                rng.below(rows as u64) as usize,
                rng.below(cols as u64) as usize,
            ));
        }
        let n = rows * cols;
        let brute = (0u32..1 << n)
            .filter(|m| {
                let ship: Vec<bool> = (0..n).map(|k| m >> k & 1 == 1).collect();
                b.check(&ship).is_ok()
            })
            .count() as u64;
        assert_eq!(count(&b), brute, "round {round}: {b:?}");
        nonzero += usize::from(brute > 0);
    }
    assert!(nonzero > 30, "{nonzero}");
}

#[test]
fn formats_round_trip_and_errors_name_the_line() {
    let text = "family battleships\nsize 4 5\nfleet 2:1 1:2\nrows 2 0 1 1\ncols 1 1 . 0 1\nhints\nl 1 1\nw 2 2\n";
    let b = Battleships::parse(text, "t").unwrap();
    assert_eq!(Battleships::parse(&formats::to_text(&b), "t").unwrap(), b);
    wellposed_engine::assert_parse_errors::<Battleships>(&[
        (
            "family battleships\nsize 4 4\nfleet 2-1\n",
            3,
            "LENGTH:COUNT",
        ),
        (
            "family battleships\nsize 4 4\nrows 1 2\n",
            3,
            "expected 4 counts",
        ),
        (
            "family battleships\nsize 4 4\nhints\nx 1 1\n",
            4,
            "TYPE ROW COL",
        ),
        ("family battleships\nsize 4 4\nhints\nw 5 1\n", 2, "outside"),
        (
            "family battleships\nsize 3 3\nfleet 4:1\n",
            2,
            "does not fit",
        ),
        (
            "family battleships\nsize 3 3\nfleet x./.x:1\n",
            3,
            "not in one piece",
        ),
        (
            "family battleships\nsize 3 3\nfleet xx/x:1\n",
            3,
            "SHAPE:COUNT",
        ),
        ("problem(1,[1:1],[1],[1],[x@[1,1]]).", 1, "hint type"),
        ("problem(1,[1:1],[1],[1]).", 1, "four lists"),
    ]);
}

fn cadical() -> Options {
    Options {
        solver: wellposed_engine::SolverChoice::Cadical,
        ..Options::default()
    }
}

#[test]
fn generated_boards_are_unique_minimal_and_reproducible() {
    use wellposed_battleships::generate::generate;
    for (size, seed) in [(10, 1), (8, 2), (10, 3)] {
        let m = generate(size, seed, &Options::default()).unwrap();
        let b = &m.puzzle;
        b.check(&m.ship).unwrap();
        match wellposed_engine::every_solver::uniqueness(b, &Options::default()).unwrap() {
            Uniqueness::Unique(s) => assert_eq!(s.text, b.fleet_of(m.ship.clone()).rows.join("\n")),
            other => panic!("{size}/{seed}: {}", other.status()),
        }
        for i in 0..b.hints.len() {
            let mut less = b.clone();
            less.hints.remove(i);
            assert!(count(&less) > 1, "{size}/{seed}: hint {i} is not needed");
        }
        assert!(m.drawn >= b.hints.len());
        // Reproducible, and by CaDiCaL too: its uniqueness answers are varisat's.
        assert_eq!(&generate(size, seed, &cadical()).unwrap().puzzle, b);
    }
}

/// The placement rule with propagation, on generated puzzles with some hints taken away (so
/// several solutions, often): every cell deduction settles has that value in every solution
/// (the engine's backbone), the fixpoint is the same in any order, and the rule settles cells
/// propagation leaves open.
#[test]
fn the_placement_rule_agrees_with_the_backbone_in_any_order() {
    use wellposed_battleships::generate;
    use wellposed_engine::deduce::{Deducer, Rule};
    let rule = Rule::Family("placement", 3);
    let mut rng = Xorshift(0xb5_0001);
    let (mut checked, mut helped) = (0, 0);
    for seed in 1..=rounds(30) as u64 {
        let mut b = generate::generate(7 + (seed % 2) as usize, seed, &Options::default())
            .unwrap()
            .puzzle;
        b.hints.retain(|_| rng.below(3) != 0);
        let bone = wellposed_engine::backbone(&b, &Options::default())
            .unwrap()
            .expect("the planted fleet is a solution");
        let enc = b.cnf();
        let with = || Deducer::new(&enc).with_rules(b.deduction_rules());
        let d = with().deduce(rule);
        assert!(!d.contradiction, "seed {seed}");
        for (i, known) in d.known.iter().enumerate() {
            if let Some(v) = known {
                assert_eq!(bone.fixed[i], Some(*v), "seed {seed}: cell {i}");
            }
        }
        let other = with().deduce_in_order(rule, |n| rng.below(n as u64) as usize);
        assert_eq!(other.known, d.known, "seed {seed}");
        let plain = Deducer::new(&enc).deduce(Rule::Propagation);
        checked += 1;
        helped += usize::from(d.open < plain.open);
    }
    assert!(
        helped > checked / 4,
        "the rule helped on {helped} of {checked}"
    );
}
