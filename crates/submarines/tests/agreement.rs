//! The SAT path and the mathematics must give the same answers.

use wellposed_engine::every_solver::rounds;
use wellposed_engine::every_solver::{count, uniqueness};
use wellposed_engine::{Family, Options, Uniqueness};
use wellposed_submarines::math::{self, Analysis};
use wellposed_submarines::{Matrix, Submarines};

fn puzzle(rows: &[u32], cols: &[u32]) -> Submarines {
    Submarines::new(rows.to_vec(), cols.to_vec())
}

/// Matrices with these margins, by brute force over all 2^(mn) matrices.
fn brute_count(rows: &[u32], cols: &[u32]) -> u64 {
    let (m, n) = (rows.len(), cols.len());
    (0u64..1 << (m * n))
        .filter(|mask| {
            let a = Matrix(
                (0..m)
                    .map(|i| (0..n).map(|j| (mask >> (i * n + j) & 1) as u8).collect())
                    .collect(),
            );
            a.row_sums() == rows && a.col_sums() == cols
        })
        .count() as u64
}

use wellposed_engine::Xorshift as Rng;

#[test]
fn known_answers_from_the_issue() {
    let opts = Options::default();
    let cases: [(&[u32], &[u32], &str, u64); 4] = [
        (&[0, 1, 1], &[1, 1, 0], "multiple", 2),
        (&[3, 2, 0], &[1, 3, 1], "none", 0),
        (&[2, 1, 3], &[1, 2, 3], "unique", 1),
        (&[2, 2, 1], &[1, 3, 1], "multiple", 2), // column 2 full; rows 1-2 share columns 1 and 3
    ];
    for (rows, cols, status, n) in cases {
        let p = puzzle(rows, cols);
        let u = uniqueness(&p, &opts).unwrap();
        assert_eq!(u.status(), status, "{rows:?} / {cols:?}");
        let c = count(&p, &opts, None).unwrap();
        assert_eq!(
            c.to_u64().unwrap(),
            brute_count(rows, cols),
            "{rows:?} / {cols:?}"
        );
        assert_eq!(c.to_u64().unwrap(), n);
        assert!(c.complete);
        let analysis = math::analyze(rows, cols);
        let math_status = match analysis {
            Analysis::None => "none",
            Analysis::Unique { .. } => "unique",
            Analysis::Multiple { .. } => "multiple",
        };
        assert_eq!(math_status, status);
    }
}

#[test]
fn sat_and_mathematics_agree_on_thousands_of_random_margins() {
    let opts = Options::default();
    let mut rng = Rng(0x5eed_1234_abcd_ef01);
    let mut tally = [0usize; 3];
    for round in 0..rounds(3000) {
        let m = 1 + rng.below(5) as usize;
        let n = 1 + rng.below(5) as usize;
        // Half the margins come from a random matrix (so many are solvable), half are random.
        let (rows, cols): (Vec<u32>, Vec<u32>) = if round % 2 == 0 {
            let density = 1 + rng.below(9);
            let a = Matrix(
                (0..m)
                    .map(|_| (0..n).map(|_| u8::from(rng.below(10) < density)).collect())
                    .collect(),
            );
            (a.row_sums(), a.col_sums())
        } else {
            (
                (0..m).map(|_| rng.below(n as u64 + 1) as u32).collect(),
                (0..n).map(|_| rng.below(m as u64 + 1) as u32).collect(),
            )
        };
        let p = puzzle(&rows, &cols);
        let sat = uniqueness(&p, &opts).unwrap();
        let math = math::analyze(&rows, &cols);
        match (&sat, &math) {
            (Uniqueness::None, Analysis::None) => tally[0] += 1,
            (Uniqueness::Unique(s), Analysis::Unique { solution }) => {
                assert_eq!(s.json, serde_json::to_value(solution).unwrap());
                tally[1] += 1;
            }
            (Uniqueness::Multiple(a, b), Analysis::Multiple { solution, second }) => {
                assert_ne!(a.json, b.json);
                assert_ne!(solution, second);
                p.verify(solution).unwrap();
                p.verify(second).unwrap();
                tally[2] += 1;
            }
            _ => panic!(
                "disagreement on {rows:?} / {cols:?}: SAT {} vs {math:?}",
                sat.status()
            ),
        }
        assert_eq!(
            math::gale_ryser(&rows, &cols),
            math::construct(&rows, &cols).is_some()
        );
    }
    // Every outcome must be well represented, or the test proves little.
    assert!(
        tally.iter().all(|&t| t > 300),
        "outcomes none/unique/multiple: {tally:?}"
    );
}

#[test]
fn sat_counts_match_brute_force() {
    let opts = Options::default();
    let mut rng = Rng(42);
    for _ in 0..rounds(1000) {
        let m = 1 + rng.below(3) as usize;
        let n = 1 + rng.below(4) as usize;
        let a = Matrix(
            (0..m)
                .map(|_| (0..n).map(|_| rng.below(2) as u8).collect())
                .collect(),
        );
        let (rows, cols) = (a.row_sums(), a.col_sums());
        let c = count(&puzzle(&rows, &cols), &opts, None).unwrap();
        assert_eq!(
            c.to_u64().unwrap(),
            brute_count(&rows, &cols),
            "{rows:?} / {cols:?}"
        );
        // A limit stops the count and says so.
        if c.to_u64().unwrap() > 1 {
            let limited = count(&puzzle(&rows, &cols), &opts, Some(1)).unwrap();
            assert_eq!((limited.to_u64().unwrap(), limited.complete), (1, false));
        }
    }
}

#[test]
fn reckoning_matches_brute_force_up_to_four_by_four() {
    for m in 1..=4 {
        for n in 1..=4 {
            assert_eq!(
                math::reckon(m, n).unwrap(),
                math::reckon_brute_force(m, n),
                "{m}×{n}"
            );
        }
    }
}

#[test]
fn unique_clue_sets_are_the_poly_bernoulli_numbers() {
    // OEIS A048163, the diagonal B_n^(-n): 1, 2, 14, 230, 6902, 329462 for n = 0..5.
    let diagonal = [2u64, 14, 230, 6902, 329462];
    for (k, &want) in diagonal.iter().enumerate() {
        assert_eq!(math::poly_bernoulli(k + 1, k + 1), want.into());
    }
    for m in 1..=7 {
        for n in 1..=7 {
            assert_eq!(
                math::reckon(m, n).unwrap().unique,
                math::poly_bernoulli(m, n),
                "{m}×{n}"
            );
        }
    }
}
