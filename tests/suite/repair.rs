//! `repair`: every proposal is checked again here, and "smallest" is checked by brute force
//! over every smaller set of clues on puzzles small enough to try them all.

use crate::common::*;
use wellposed_engine::repair::{repair, Bounds, Keep, Outcome};
use wellposed_engine::{uniqueness, Options, Puzzle, Uniqueness, Xorshift};

fn parse(family: &str, text: &str) -> Box<dyn Puzzle> {
    let f = wellposed_families::family(family).unwrap();
    (f.parse)(text, "test").unwrap()
}

/// `repair` with the default bounds, up to `want` proposals.
fn repaired(p: &dyn Puzzle, want: usize) -> wellposed_engine::repair::Repair {
    repair(
        p,
        Keep::Intended,
        want,
        Bounds::default(),
        &Options::default(),
    )
    .unwrap()
}

fn status(p: &dyn Puzzle) -> &'static str {
    match uniqueness(p, &Options::default()).unwrap() {
        Uniqueness::None => "none",
        Uniqueness::Unique(_) => "unique",
        Uniqueness::Multiple(..) => "multiple",
    }
}

/// Every set of `k` indices below `n`.
fn subsets(n: usize, k: usize) -> Vec<Vec<usize>> {
    fn go(start: usize, n: usize, k: usize, cur: &mut Vec<usize>, out: &mut Vec<Vec<usize>>) {
        if cur.len() == k {
            out.push(cur.clone());
            return;
        }
        for i in start..n {
            cur.push(i);
            go(i + 1, n, k, cur, out);
            cur.pop();
        }
    }
    let mut out = Vec::new();
    go(0, n, k, &mut Vec::new(), &mut out);
    out
}

/// A random binary grid text of `size` with each cell of `solution` given with probability
/// 1/`one_in` (or, with `noise`, some given cells flipped).
fn binary_text(size: usize, givens: &[Option<u8>]) -> String {
    let mut t = format!("family binary\nsize {size} {size}\ngrid\n");
    for row in givens.chunks(size) {
        for g in row {
            t.push(g.map_or('.', |v| char::from(b'0' + v)));
        }
        t.push('\n');
    }
    t
}

fn a_grid(size: usize, rng: &mut Xorshift) -> Vec<u8> {
    let empty = parse("binary", &binary_text(size, &vec![None; size * size]));
    let mut all = Vec::new();
    wellposed_engine::enumerate(empty.as_ref(), &Options::default(), Some(80), |s| {
        all.push(s);
        std::ops::ControlFlow::Continue(())
    })
    .unwrap();
    let s = &all[rng.below(all.len() as u64) as usize];
    s.solution::<wellposed_binary::Grid>()
        .unwrap()
        .rows
        .concat()
}

/// Several solutions: each proposal is unique, and no set of fewer clues of the kept solution
/// is (every smaller set tried).
#[test]
fn the_clues_proposed_are_the_fewest_that_make_it_unique() {
    let mut rng = Xorshift(0x7e9a_1400_0000_0001);
    let mut tried = 0;
    for case in 0..60 {
        let size = if case % 3 == 0 { 6 } else { 4 };
        let grid = a_grid(size, &mut rng);
        let givens: Vec<Option<u8>> = grid
            .iter()
            .map(|&v| (rng.below(if size == 4 { 6 } else { 3 }) == 0).then_some(v))
            .collect();
        let p = parse("binary", &binary_text(size, &givens));
        let r = repaired(p.as_ref(), 3);
        let Outcome::Multiple { kept, .. } = &r.outcome else {
            continue;
        };
        assert!(r.minimum);
        let k = r.proposals[0].clues.len();
        for proposal in &r.proposals {
            assert_eq!(proposal.clues.len(), k);
            assert_eq!(status(proposal.puzzle.as_ref()), "unique");
            // The kept solution is the one left.
            assert!(proposal.puzzle.admits(kept));
        }
        let n = p.clues_from(kept).len();
        if k > 4 || n > 30 {
            continue;
        }
        tried += 1;
        for smaller in 0..k {
            for picks in subsets(n, smaller) {
                let q = p.with_clues_from(kept, &picks).unwrap();
                assert_ne!(
                    status(q.as_ref()),
                    "unique",
                    "{picks:?} is smaller than {k}"
                );
            }
        }
    }
    eprintln!("{tried} puzzles checked by brute force");
    assert!(tried >= 20, "only {tried} puzzles checked by brute force");
}

/// No solution: the core is minimal (each of its clues alone makes the core solvable when
/// taken away), and no fewer clues removed make the puzzle solvable.
#[test]
fn the_clues_to_remove_are_the_fewest_and_the_core_is_minimal() {
    let mut rng = Xorshift(0x0bad_c1de_0000_0003);
    let mut tried = 0;
    for _ in 0..80 {
        let size = 4 + 2 * rng.below(2) as usize;
        let givens: Vec<Option<u8>> = (0..size * size)
            .map(|_| (rng.below(4) == 0).then(|| rng.below(2) as u8))
            .collect();
        let p = parse("binary", &binary_text(size, &givens));
        if status(p.as_ref()) != "none" {
            continue;
        }
        let r = repaired(p.as_ref(), 1);
        let Outcome::Unsolvable { core } = &r.outcome else {
            panic!("unsolvable puzzle not repaired as such");
        };
        let clues = p.clues();
        let core_at: Vec<usize> = core
            .iter()
            .map(|c| clues.iter().position(|x| x == c).unwrap())
            .collect();
        let only = |keep: &[usize]| -> Vec<usize> {
            (0..clues.len()).filter(|i| !keep.contains(i)).collect()
        };
        assert_eq!(
            status(p.without_clues(&only(&core_at)).unwrap().as_ref()),
            "none"
        );
        for &c in &core_at {
            let rest: Vec<usize> = core_at.iter().copied().filter(|&x| x != c).collect();
            assert_ne!(
                status(p.without_clues(&only(&rest)).unwrap().as_ref()),
                "none"
            );
        }
        let removal = &r.proposals[0];
        assert_ne!(status(removal.puzzle.as_ref()), "none");
        assert!(r.minimum);
        let k = removal.clues.len();
        if clues.len() > 24 || k > 3 {
            continue;
        }
        tried += 1;
        for smaller in 0..k {
            for drop in subsets(clues.len(), smaller) {
                assert_eq!(status(p.without_clues(&drop).unwrap().as_ref()), "none");
            }
        }
    }
    eprintln!("{tried} unsolvable puzzles checked by brute force");
    assert!(tried >= 15, "only {tried} puzzles checked by brute force");
}

/// A unique puzzle: a clue called redundant can go alone, one not called so cannot, and the
/// minimal set is unique with every clue needed.
#[test]
fn redundant_clues_and_a_minimal_set_of_a_unique_puzzle() {
    for file in [
        "encodings/latin/unique-4x4.txt",
        "encodings/binary/unique-10x10.txt",
    ] {
        let text = std::fs::read_to_string(instance(file)).unwrap();
        let family = if file.contains("latin") {
            "latin"
        } else {
            "binary"
        };
        let mut p = parse(family, &text);
        // Add three clues of its solution, so that some are redundant.
        let Uniqueness::Unique(s) = uniqueness(p.as_ref(), &Options::default()).unwrap() else {
            panic!("{file} is unique");
        };
        p = p.with_clues_from(&s, &[0, 3, 7]).unwrap();
        let r = repaired(p.as_ref(), 1);
        let Outcome::Unique { redundant, .. } = &r.outcome else {
            panic!("{file}: not unique");
        };
        assert!(!redundant.is_empty(), "{file}: three clues were added");
        for (i, c) in p.clues().iter().enumerate() {
            let q = p.without_clues(&[i]).unwrap();
            assert_eq!(
                status(q.as_ref()) == "unique",
                redundant.contains(c),
                "{file}: {c}"
            );
        }
        let minimal = &r.proposals[0].puzzle;
        assert_eq!(status(minimal.as_ref()), "unique");
        for i in 0..minimal.clues().len() {
            assert_ne!(
                status(minimal.without_clues(&[i]).unwrap().as_ref()),
                "unique"
            );
        }
    }
}

#[test]
fn the_command_line_writes_a_repaired_puzzle_that_solve_finds_unique() {
    let f = instance("encodings/binary/two-solutions-6x6.txt");
    let out = temp_file("repaired.txt", "");
    let r = wellposed(&["repair", "--json", &f, "--output", &out]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    let j = r.json();
    assert_eq!(j["status"], "multiple");
    assert_eq!(j["minimum"], true);
    // The file says which clue was taken away to make it ambiguous: row 2, column 3.
    let clues: Vec<String> = j["proposals"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["clues"][0].as_str().unwrap().to_string())
        .collect();
    assert!(clues.contains(&"row 2 col 3 is 0".to_string()), "{clues:?}");
    let again = wellposed(&["solve", "--json", &out]).json();
    assert_eq!(again["status"], "unique");
    // A family without clues says so in one line.
    let lights = instance("encodings/lights-out");
    let first = std::fs::read_dir(&lights)
        .unwrap()
        .map(|e| e.unwrap().path())
        .find(|p| p.extension().is_some_and(|e| e == "txt"))
        .unwrap();
    let r = wellposed(&["repair", first.to_str().unwrap()]);
    assert_eq!(r.code, 2, "{}", r.stdout);
    assert_eq!(r.stderr.trim().lines().count(), 1, "{}", r.stderr);
}

/// Every bundled instance of every family that names clues: each proposal, written as text and
/// read back, has the answer claimed; the kept solution survives the clues added; and when
/// one or two clues repair it, no smaller set does (every smaller one tried).
#[test]
fn every_family_with_clues_repairs_its_bundled_instances() {
    let mut repaired = std::collections::BTreeSet::new();
    for f in wellposed_families::FAMILIES {
        for (path, text) in bundled(f) {
            let p = (f.parse)(&text, &path).unwrap();
            if p.without_clues(&[]).is_none() {
                continue;
            }
            let bounds = Bounds {
                rounds: 50,
                ..Bounds::default()
            };
            let r = match repair(p.as_ref(), Keep::Intended, 2, bounds, &Options::default()) {
                Ok(r) => r,
                // A family's clues may be unable to tell the kept solution from another (a
                // Nurikabe island's number is the same in both): repair says so, an answer too.
                Err(e) if e.to_string().contains("rules out another") => {
                    repaired.insert(f.name);
                    continue;
                }
                Err(e) => panic!("{path}: {e}"),
            };
            for proposal in &r.proposals {
                let again = (f.parse)(&proposal.puzzle.to_text(), &path).unwrap();
                let want = match r.outcome {
                    Outcome::Unsolvable { .. } => "multiple or unique",
                    _ => "unique",
                };
                assert!(want.contains(status(again.as_ref())), "{path}");
            }
            repaired.insert(f.name);
            let Outcome::Multiple { kept, .. } = &r.outcome else {
                continue;
            };
            let k = r.proposals[0].clues.len();
            assert!(r.proposals[0].puzzle.admits(kept), "{path}");
            if r.minimum && k <= 2 {
                let n = p.clues_from(kept).len();
                for picks in subsets(n, k - 1) {
                    let q = p.with_clues_from(kept, &picks).unwrap();
                    assert_ne!(status(q.as_ref()), "unique", "{path}: {picks:?}");
                }
            }
        }
    }
    // Every family that names clues took part (the loop above decides which, from the
    // registry); the families that have always had clues must stay among them.
    for name in [
        "battleships",
        "binary",
        "latin",
        "map",
        "minesweeper",
        "survo",
        "zebra",
    ] {
        assert!(
            repaired.contains(name),
            "{name} no longer repairs: {repaired:?}"
        );
    }
}

/// Past its time the exact search completes a proposal greedily: still proved unique, marked
/// not smallest (the empty Latin square of order 6 has too many solutions to search out).
#[test]
fn the_exact_search_gives_way_to_a_greedy_proposal_in_time() {
    let text = format!("family latin\nsize 6\ngrid\n{}", ". . . . . .\n".repeat(6));
    let p = parse("latin", &text);
    let bounds = Bounds {
        exact_time: std::time::Duration::from_millis(300),
        ..Bounds::default()
    };
    let r = repair(p.as_ref(), Keep::Intended, 1, bounds, &Options::default()).unwrap();
    assert!(!r.minimum);
    assert_eq!(status(r.proposals[0].puzzle.as_ref()), "unique");
}
