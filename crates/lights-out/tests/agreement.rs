//! Lights Out: three routes to the nullity, GF(2) against the SAT path, the fewest presses
//! against brute force, and Simon Tatham's Flip boards.

use wellposed_engine::every_solver::rounds;
use wellposed_engine::every_solver::{count, uniqueness};
use wellposed_engine::{Family, Method, Options};

/// The SAT path, forced: the default would answer by GF(2) itself.
fn sat() -> Options {
    Options {
        method: Method::Sat,
        ..Options::default()
    }
}
use wellposed_lights_out::{nullity, torus_nullity, LightsOut, NullityMethod, Variant};

use wellposed_engine::Xorshift as Rng;

#[test]
fn nullity_of_square_boards_matches_oeis_a159257() {
    // OEIS A159257 (dimension of the null space of the N×N Lights Out matrix), N = 1..10.
    let known = [0, 0, 0, 4, 2, 0, 0, 0, 8, 0];
    for (k, &want) in known.iter().enumerate() {
        let n = k + 1;
        for method in [
            NullityMethod::Elimination,
            NullityMethod::Chase,
            NullityMethod::Polynomial,
        ] {
            assert_eq!(nullity(n, n, method), want, "N={n} by {method:?}");
        }
    }
    // 5×5: rank 25 - 2 = 23, so 2^23 of the 2^25 light patterns are solvable.
    assert_eq!(25 - nullity(5, 5, NullityMethod::Elimination), 23);
}

#[test]
fn chase_and_polynomial_agree_up_to_150() {
    for n in 1..=150 {
        assert_eq!(
            nullity(n, n, NullityMethod::Chase),
            nullity(n, n, NullityMethod::Polynomial),
            "N={n}"
        );
    }
}

#[test]
fn rectangles_agree_across_all_three_methods() {
    for m in 1..=14 {
        for n in 1..=14 {
            let e = nullity(m, n, NullityMethod::Elimination);
            assert_eq!(nullity(m, n, NullityMethod::Chase), e, "{m}×{n} chase");
            assert_eq!(
                nullity(m, n, NullityMethod::Polynomial),
                e,
                "{m}×{n} polynomial"
            );
        }
    }
    for n in 21..=40 {
        assert_eq!(
            nullity(n, n, NullityMethod::Elimination),
            nullity(n, n, NullityMethod::Polynomial),
            "N={n}"
        );
    }
}

fn random_board(rng: &mut Rng) -> LightsOut {
    let m = 1 + rng.below(4) as usize;
    let n = 1 + rng.below(4) as usize;
    let lit: Vec<bool> = (0..m * n).map(|_| rng.below(2) == 1).collect();
    match rng.below(3) {
        0 => LightsOut::new(m, n, lit, Variant::Plus),
        1 => LightsOut::new(m, n, lit, Variant::Torus),
        _ => {
            // A random stencil within distance 1, centre included or not.
            let offsets: Vec<(i64, i64)> = (-1..=1)
                .flat_map(|r| (-1..=1).map(move |c| (r, c)))
                .filter(|_| rng.below(2) == 1)
                .collect();
            LightsOut::with_offsets(m, n, lit, &offsets, rng.below(2) == 1)
        }
    }
}

#[test]
fn sat_path_agrees_with_gf2_elimination() {
    let mut rng = Rng(0xdead_beef_0bad_f00d);
    let (mut solvable, mut unsolvable) = (0, 0);
    for _ in 0..rounds(2000) {
        let b = random_board(&mut rng);
        let a = b.analyze(20);
        let c = count(&b, &sat(), None).unwrap();
        assert!(c.complete);
        let want: u64 = if a.solvable { 1 << a.nullity } else { 0 };
        assert_eq!(c.to_u64().unwrap(), want, "{b:?}");
        let native = count(&b, &Options::default(), None).unwrap();
        assert_eq!(
            (native.to_u64().unwrap(), native.method.name()),
            (want, "native")
        );
        let u = uniqueness(&b, &sat()).unwrap();
        assert_eq!(
            u.status(),
            match want {
                0 => "none",
                1 => "unique",
                _ => "multiple",
            }
        );
        if a.solvable {
            solvable += 1;
            b.verify(a.fewest_presses.as_ref().unwrap()).unwrap();
            for q in &a.quiet_patterns {
                assert!(
                    b.after(&q.flat()) == b.lit,
                    "a quiet pattern changes nothing"
                );
            }
        } else {
            unsolvable += 1;
        }
    }
    assert!(
        solvable > 50 && unsolvable > 50,
        "{solvable} solvable, {unsolvable} not"
    );
}

#[test]
fn fewest_presses_match_brute_force() {
    let mut rng = Rng(99);
    for _ in 0..rounds(1000) {
        let b = random_board(&mut rng);
        let cells = b.m * b.n;
        let brute = (0u32..1 << cells)
            .filter(|mask| {
                b.after(&(0..cells).map(|i| mask >> i & 1 == 1).collect::<Vec<_>>())
                    .iter()
                    .all(|&on| !on)
            })
            .map(|mask| mask.count_ones() as usize)
            .min();
        assert_eq!(b.analyze(20).min_presses, brute, "{b:?}");
    }
}

#[test]
fn torus_nullity_by_elimination_matches_sat_counts() {
    for n in 2..=5 {
        let b = LightsOut::new(n, n, vec![false; n * n], Variant::Torus);
        let c = count(&b, &sat(), None).unwrap();
        assert_eq!(c.to_u64().unwrap(), 1 << torus_nullity(n, n), "torus {n}");
    }
}

/// Simon Tatham's Flip boards (crosses mode = Lights Out; B = a square to flip) with their
/// published press solutions, from ../shared/data/tatham/flip_instances.txt.
#[test]
fn tatham_flip_boards() {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../../shared/data/tatham/flip_instances.txt"
    );
    let Ok(text) = std::fs::read_to_string(path) else {
        eprintln!("SKIPPED: {path} is absent");
        return;
    };
    let blocks: Vec<&str> = text.split("name: ").skip(1).collect();
    assert_eq!(blocks.len(), 3);
    let grid_lines = |b: &str| -> Vec<String> {
        b.lines()
            .skip(1)
            .take_while(|l| !l.starts_with("solution") && !l.starts_with("toggles"))
            .filter(|l| !l.is_empty())
            .map(String::from)
            .collect()
    };
    // A board's size and lights (B = a square to flip).
    let board_of = |b: &str| -> (usize, usize, Vec<bool>) {
        let rows = grid_lines(b);
        let lit = rows
            .iter()
            .flat_map(|r| r.chars().map(|c| c == 'B'))
            .collect();
        (rows.len(), rows[0].len(), lit)
    };
    for b in &blocks[..2] {
        let (m, n, lit) = board_of(b);
        let board = LightsOut::new(m, n, lit, Variant::Plus);
        let sol: Vec<u8> = b
            .split("solution:")
            .nth(1)
            .unwrap()
            .lines()
            .filter(|l| !l.is_empty())
            .take(m)
            .flat_map(|l| l.chars().map(|c| u8::from(c == 'T')).collect::<Vec<_>>())
            .collect();
        let u = uniqueness(&board, &sat()).unwrap();
        assert_eq!(u.status(), "unique");
        let a = board.analyze(20);
        assert_eq!(a.nullity, 0);
        let found: Vec<u8> = a.fewest_presses.unwrap().0.into_iter().flatten().collect();
        assert_eq!(found, sol, "{}", b.lines().next().unwrap());
    }
    // "random" mode: each square toggles itself and the listed neighbours: 2 solutions.
    let b = blocks[2];
    let (m, n, lit) = board_of(b);
    let mut board = LightsOut::with_offsets(m, n, lit, &[(0, 0)], false);
    let spec = b.split("toggles (x,y)->extra cells:").nth(1).unwrap();
    for part in spec.split_whitespace() {
        let (xy, dirs) = part.split_once(':').unwrap();
        let (x, y) = xy
            .trim_matches(|c| c == '(' || c == ')')
            .split_once(',')
            .unwrap();
        let (x, y): (i64, i64) = (x.parse().unwrap(), y.parse().unwrap());
        let cell = (y * n as i64 + x) as usize;
        for d in dirs.split(',') {
            let (dy, dx) = match d.trim() {
                "U" => (-1, 0),
                "D" => (1, 0),
                "L" => (0, -1),
                "R" => (0, 1),
                "UL" => (-1, -1),
                "UR" => (-1, 1),
                "DL" => (1, -1),
                "DR" => (1, 1),
                other => panic!("direction {other}"),
            };
            board.toggles[cell].push(((y + dy) * n as i64 + x + dx) as usize);
        }
        board.toggles[cell].sort_unstable();
    }
    assert_eq!(count(&board, &sat(), None).unwrap().to_u64().unwrap(), 2);
    assert_eq!(board.analyze(20).nullity, 1);
}
