//! The witch puzzle of the issue and the Eternity II clue puzzles (shared/data/edges): dancing
//! links and the CNF translation agree; the rule checker accepts what they find.

use wellposed_edges::Edges;
use wellposed_engine::every_solver::rounds;
use wellposed_engine::{Family, Method, Options};

fn witch() -> Edges {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../encodings/edges/witch-3x3.txt");
    Edges::parse(&std::fs::read_to_string(path).unwrap(), "witch").unwrap()
}

fn opts(method: Method) -> Options {
    Options {
        method,
        ..Default::default()
    }
}

#[test]
fn the_witch_puzzle_counts_alike_by_dancing_links_and_sat() {
    let w = witch();
    let mut boards = Vec::new();
    wellposed_engine::enumerate(&w, &opts(Method::Dlx), None, |s| {
        boards.push(s.text);
        std::ops::ControlFlow::Continue(())
    })
    .unwrap();
    let sat = wellposed_engine::every_solver::count(&w, &opts(Method::Sat), None).unwrap();
    assert_eq!(sat.to_u64().unwrap(), boards.len() as u64);
    assert!(!boards.is_empty());
    // The issue: a solution has piece 9 at the top left.
    assert!(boards.iter().any(|b| b.starts_with("9/")), "{boards:?}");
    // Turning a solved board a quarter turn gives a solved board: the count is a multiple
    // of 4 (no 3×3 board is its own quarter turn, the centre piece would have to be symmetric).
    assert!(boards.len().is_multiple_of(4), "{}", boards.len());
}

/// Turning a solved board with its pieces solves it again: every turn of every solution is a
/// solution (checked by the rules), four quarter turns give the board back, and the classes up
/// to rotation have four members each (no 3×3 board is its own quarter turn).
#[test]
fn witch_solutions_up_to_rotation() {
    let w = witch();
    let mut all = Vec::new();
    wellposed_engine::enumerate(&w, &opts(Method::Dlx), None, |s| {
        all.push(
            s.solution::<wellposed_edges::Board>()
                .unwrap()
                .placed
                .clone(),
        );
        std::ops::ControlFlow::Continue(())
    })
    .unwrap();
    let mut classes = std::collections::BTreeSet::new();
    for b in &all {
        let mut t = b.clone();
        for _ in 0..4 {
            t = w.turn_board(&t, 1);
            w.check(&t).unwrap();
            assert!(all.contains(&t), "a turned solution is among the solutions");
        }
        assert_eq!(&t, b);
        classes.insert(w.up_to_rotation(b));
    }
    assert_eq!(classes.len() * 4, all.len());
}

#[test]
fn eternity_clue_puzzles_are_solved() {
    let Some(dir) = wellposed_engine::shared_data("edges") else {
        return;
    };
    for (name, rows, cols) in [
        ("clue1.txt", 6, 6),
        ("clue3.txt", 6, 6),
        ("clue2.txt", 6, 12),
        ("clue4.txt", 6, 12),
    ] {
        let text = std::fs::read_to_string(dir.join(name)).unwrap();
        let e = Edges::parse(&text, name).unwrap();
        assert_eq!(
            (e.rows, e.cols),
            (rows, cols),
            "{name}: the shape from the pieces"
        );
        let s = wellposed_engine::first(&e, &opts(Method::Dlx))
            .unwrap()
            .unwrap_or_else(|| panic!("{name}: no solution"));
        assert_eq!(s.text.lines().count(), rows);
    }
}

/// Every placement of every piece in every turn, judged by the rule checker alone.
fn brute_count(e: &Edges) -> u64 {
    fn go(e: &Edges, placed: &mut Vec<(usize, usize)>, used: &mut [bool]) -> u64 {
        if placed.len() == e.rows * e.cols {
            return u64::from(e.check(placed).is_ok());
        }
        let mut n = 0;
        for i in 0..e.pieces.len() {
            if used[i] {
                continue;
            }
            used[i] = true;
            for turns in 0..4 {
                placed.push((i, turns));
                n += go(e, placed, used);
                placed.pop();
            }
            used[i] = false;
        }
        n
    }
    go(e, &mut Vec::new(), &mut vec![false; e.pieces.len()])
}

#[test]
fn random_small_boards_count_alike_by_brute_force_dancing_links_and_sat() {
    let mut rng = wellposed_engine::Xorshift(0xed9e5);
    let mut solvable = 0;
    for round in 0..rounds(1000) {
        let (rows, cols) = [(2, 2), (1, 3), (1, 4), (2, 2)][round % 4];
        let matching = if round % 2 == 0 {
            wellposed_edges::Matching::Complement(4)
        } else {
            wellposed_edges::Matching::Equal
        };
        // Few labels, so that boards often have several solutions; 0 (the frame) for `equal`.
        let label = |rng: &mut wellposed_engine::Xorshift| match matching {
            wellposed_edges::Matching::Equal => rng.below(3) as i64,
            _ => 1 + rng.below(3) as i64,
        };
        let pieces = (0..rows * cols)
            .map(|_| {
                [
                    label(&mut rng),
                    label(&mut rng),
                    label(&mut rng),
                    label(&mut rng),
                ]
            })
            .collect();
        let e = Edges {
            rows,
            cols,
            matching,
            pieces,
        };
        let brute = brute_count(&e);
        let dlx = wellposed_engine::count(&e, &opts(Method::Dlx), None).unwrap();
        let sat = wellposed_engine::every_solver::count(&e, &opts(Method::Sat), None).unwrap();
        assert_eq!(dlx.to_u64(), Some(brute), "round {round}: {e:?}");
        assert_eq!(sat.to_u64(), Some(brute), "round {round}: {e:?}");
        solvable += usize::from(brute > 0);
    }
    assert!(solvable >= 40, "only {solvable} solvable boards");
}
