//! The batch's solver ([`wellposed_sudoku::singles`]) against the family's other answers: the
//! bit-mask search and dancing links on thousands of random puzzles of every kind (unique,
//! several solutions, none), and the SAT engine's solution on hard puzzles — the generator's
//! hardest for the search, and the forum's "hardest" list when it is in shared/data/sudoku.

use wellposed_engine::{uniqueness, Family, Method, Options, Uniqueness, Xorshift};
use wellposed_sudoku::singles::{Found, Singles};
use wellposed_sudoku::{commands, generate, solver, Grid, Shape, Sudoku};

fn with(method: Method) -> Options {
    Options {
        method,
        ..Options::default()
    }
}

/// The engine's answer through `method`: the count up to two and the solution when unique.
fn engine(p: &Sudoku, method: Method) -> (u64, Option<Vec<u8>>) {
    match uniqueness(p, &with(method)).unwrap() {
        Uniqueness::None => (0, None),
        Uniqueness::Unique(s) => (1, Some(s.solution::<Grid>().unwrap().0.concat())),
        Uniqueness::Multiple(..) => (2, None),
    }
}

/// A random puzzle of `shape`: some cells of a random full grid, and now and then a cell
/// changed to another digit (which mostly leaves no solution, or one that differs). Above
/// 9×9 at least half the cells are kept, so that the searches' proofs stay short.
fn random_puzzle(shape: &Shape, rng: &mut Xorshift) -> Sudoku {
    let cells = shape.n * shape.n;
    let grid = generate::full_grid(shape, rng);
    let least = if shape.n > 9 { cells as u64 / 2 } else { 1 };
    let keep = least + rng.below(cells as u64 - least);
    let mut givens: Vec<Option<u8>> = grid
        .iter()
        .map(|&d| (rng.below(cells as u64) < keep).then_some(d))
        .collect();
    if rng.below(4) == 0 {
        let k = rng.below(cells as u64) as usize;
        givens[k] = Some(1 + rng.below(shape.n as u64) as u8);
    }
    Sudoku {
        shape: shape.clone(),
        givens,
    }
}

/// Thousands of random puzzles: the batch's solver gives the search's count (up to 2, and up
/// to 1, 3) and first solution; dancing links agree on every fifth.
#[test]
fn singles_agree_with_the_search_and_dancing_links() {
    let mut rng = Xorshift(0x5eed_1234_abcd_0001);
    let mut seen = [0u64; 3];
    for (shape, count) in [
        (Shape::new(2, 2), 1000),
        (Shape::new(2, 3), 1000),
        (Shape::new(3, 3), 3000),
        (Shape::new(3, 4), 100),
        (Shape::new(4, 4), 40),
    ] {
        let mut singles = Singles::new(&shape);
        for i in 0..count {
            let p = random_puzzle(&shape, &mut rng);
            for stop in [1, 2, 3] {
                let (c, first) = solver::solve(&shape, &p.givens, stop);
                let Found {
                    count: fc,
                    first: ff,
                } = singles.solve(&p.givens, stop);
                assert_eq!(fc, c, "{:?} stop {stop}", p.givens);
                if c == 1 && stop >= 2 {
                    // One solution: both must name it (the first found may differ otherwise).
                    assert_eq!(ff, first, "{:?}", p.givens);
                }
                if let Some(s) = &ff {
                    p.verify(&p.grid_of(s)).unwrap();
                }
            }
            seen[singles.solve(&p.givens, 2).count as usize] += 1;
            if i % 5 == 0 && shape.n <= 9 {
                let (c, s) = engine(&p, Method::Dlx);
                let f = singles.solve(&p.givens, 2);
                assert_eq!((f.count, if c == 1 { f.first } else { None }), (c, s));
            }
        }
    }
    // The random puzzles cover every answer, often.
    assert!(seen.iter().all(|&s| s > 300), "{seen:?}");
}

/// The batch's answer line for a puzzle, through the batch itself.
fn batch_answer(p: &Sudoku) -> String {
    let mut solvers = Vec::new();
    commands::answer(p, &mut solvers).0
}

/// `p`'s unique solution by SAT, as a line of digits.
fn sat_line(p: &Sudoku) -> String {
    let (count, s) = engine(p, Method::Sat);
    assert_eq!(count, 1, "a hard list's puzzle is unique");
    s.unwrap().iter().map(|d| char::from(b'0' + d)).collect()
}

/// The generator's puzzles that made the bit-mask search guess most, answered by the batch
/// and by SAT.
#[test]
fn hard_generated_puzzles_agree_with_sat() {
    let shape = Shape::new(3, 3);
    let mut hard: Vec<(u64, Sudoku)> = (0..150)
        .map(|seed| {
            let g = generate::generate(&shape, seed);
            (solver::guesses(&shape, &g.puzzle.givens), g.puzzle)
        })
        .collect();
    hard.sort_by_key(|(g, _)| std::cmp::Reverse(*g));
    for (_, p) in hard.iter().take(24) {
        assert_eq!(batch_answer(p), sat_line(p));
    }
}

/// 36 puzzles spread over the enjoysudoku.com forum's "hardest" list
/// (encodings/sudoku/forum-hardest-36.sdm, from the 10,000 the batch benchmark runs; its header
/// says where they come from): the batch's solution is SAT's.
#[test]
fn forum_hardest_puzzles_agree_with_sat() {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../encodings/sudoku/forum-hardest-36.sdm"
    );
    let text = std::fs::read_to_string(path).unwrap();
    let lines: Vec<&str> = text
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .collect();
    assert_eq!(lines.len(), 36);
    for line in lines {
        let p = Sudoku::parse(line.trim(), "forum hardest").unwrap();
        assert_eq!(batch_answer(&p), sat_line(&p), "{line}");
    }
}
