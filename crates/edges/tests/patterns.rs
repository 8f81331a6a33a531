//! Counting by patterns: for random boards full of repeated and symmetric pieces, the number of
//! solutions by plain dancing links (every piece told apart, every turn) equals the number of
//! patterns (exact cover with multiplicities) times the solutions per pattern — the factor's
//! argument checked where both counts finish.

use wellposed_edges::{Edges, Matching};
use wellposed_engine::Xorshift;

/// A random solvable board: random labels on the internal edges (from `labels`), border 0
/// for `equal`; cut into pieces, shuffled and turned at random.
fn random_board(rng: &mut Xorshift, rows: usize, cols: usize, matching: Matching) -> Edges {
    let labels: i64 = 1 + rng.below(2) as i64;
    let pick = |rng: &mut Xorshift| 1 + rng.below(labels as u64) as i64;
    // h[r][c]: the label on the right side of (r, c); v[r][c]: on its bottom side.
    let h: Vec<Vec<i64>> = (0..rows)
        .map(|_| (0..cols).map(|_| pick(rng)).collect())
        .collect();
    let v: Vec<Vec<i64>> = (0..rows)
        .map(|_| (0..cols).map(|_| pick(rng)).collect())
        .collect();
    let other = |l: i64| match matching {
        Matching::Complement(s) => s - l,
        Matching::Equal => l,
    };
    let frame = |inside: bool, l: i64| match (matching, inside) {
        (Matching::Equal, false) => 0,
        _ => l,
    };
    let mut pieces = Vec::new();
    for r in 0..rows {
        for c in 0..cols {
            let top = if r > 0 {
                other(v[r - 1][c])
            } else {
                frame(false, pick(rng))
            };
            let right = frame(c + 1 < cols, h[r][c]);
            let bottom = frame(r + 1 < rows, v[r][c]);
            let left = if c > 0 {
                other(h[r][c - 1])
            } else {
                frame(false, pick(rng))
            };
            let piece = [top, right, bottom, left];
            let turns = rng.below(4) as usize;
            pieces.push(wellposed_edges::turned(&piece, turns));
        }
    }
    rng.shuffle(&mut pieces);
    Edges {
        rows,
        cols,
        matching,
        pieces,
    }
}

#[test]
fn solutions_are_patterns_times_the_factor() {
    let mut rng = Xorshift(0x5eed_ed9e);
    let (mut with_repeats, mut compared) = (0, 0);
    for round in 0..300 {
        let (rows, cols) = [(2, 2), (2, 3), (3, 3), (1, 4)][round % 4];
        let matching = if round % 3 == 0 {
            Matching::Complement(3)
        } else {
            Matching::Equal
        };
        let e = random_board(&mut rng, rows, cols, matching);
        // Boards of one label can have millions of solutions: those are left out (bounded time).
        let plain = wellposed_xc::count(&e.problem(), Some(50_000));
        if !plain.complete {
            continue;
        }
        compared += 1;
        let patterns = wellposed_xc::count(&e.pattern_problem(), None);
        assert!(patterns.complete);
        assert!(
            plain.count > 0,
            "round {round}: the board was cut from a solution"
        );
        assert_eq!(
            num_bigint::BigUint::from(plain.count),
            e.pattern_factor() * patterns.count,
            "round {round}: {e:?}"
        );
        with_repeats += usize::from(e.piece_types().len() < e.pieces.len());
    }
    assert!(compared > 200, "{compared} boards compared");
    assert!(
        with_repeats > 100,
        "{with_repeats} boards with repeated pieces"
    );
}

/// The witch puzzle (all pieces different, none symmetric): one solution per pattern.
#[test]
fn the_witch_puzzle_has_as_many_patterns_as_solutions() {
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../encodings/edges/witch-3x3.txt"
    ))
    .unwrap();
    let e: Edges = wellposed_engine::Family::parse(&text, "witch-3x3.txt").unwrap();
    assert_eq!(e.pattern_factor(), 1u32.into());
    assert_eq!(
        wellposed_xc::count(&e.pattern_problem(), None).count,
        wellposed_xc::count(&e.problem(), None).count
    );
}

/// The second method of `scripts/verify-edges-by-corner.sh`: on a square board with `equal`
/// matching, holding one corner piece at the top-left corner leaves exactly a quarter of the
/// solutions (a quarter turn of the board moves it to the next corner).
#[test]
fn a_corner_piece_held_leaves_a_quarter_of_the_solutions() {
    let mut rng = Xorshift(0xc0_4e7);
    for round in 0..60 {
        let n = 2 + round % 2;
        let e = random_board(&mut rng, n, n, Matching::Equal);
        let corner = e
            .pieces
            .iter()
            .position(|p| p.iter().filter(|&&l| l == 0).count() == 2)
            .expect("a square board has corner pieces");
        let all = wellposed_xc::count(&e.problem(), Some(1_000_000));
        if !all.complete {
            continue;
        }
        let mut text = Vec::new();
        wellposed_xc::write_dlx(&mut text, &e.problem(), &[]).unwrap();
        let text = String::from_utf8(text).unwrap();
        let piece = format!("piece{}", corner + 1);
        let held: String = text
            .lines()
            .enumerate()
            .filter(|(k, l)| {
                let toks: Vec<&str> = l.split_whitespace().collect();
                *k == 0 || !toks.contains(&piece.as_str()) || toks.contains(&"p1_1")
            })
            .map(|(_, l)| format!("{l}\n"))
            .collect();
        let held = wellposed_xc::parse_dlx(&held).unwrap();
        assert_eq!(
            4 * wellposed_xc::count(&held, None).count,
            all.count,
            "round {round}: {e:?}"
        );
    }
}
