//! Neighbour sums: the known examples, exact decisions checked by a second method, and the
//! linear algebra against the SAT path on bounded values, solution counts included.

use wellposed_engine::every_solver::rounds;
use wellposed_engine::every_solver::{count, uniqueness};
use wellposed_engine::{Family, Method, Options};
use wellposed_neighbour_sum::{analyze, NeighbourSum, Stencil};

use wellposed_engine::Xorshift as Rng;

const SOLUTION: [i64; 12] = [1, 3, 6, 2, 4, 2, 1, 1, 2, 3, 4, 9];

fn puzzle(stencil: Stencil, clues: Vec<i64>, values: Option<(i64, i64)>) -> NeighbourSum {
    NeighbourSum {
        m: 3,
        n: 4,
        stencil,
        clues,
        values,
    }
}

#[test]
fn published_clues_are_what_the_stencils_give() {
    // Issue 5's examples for the 3×4 grid 1 3 6 2 / 4 2 1 1 / 2 3 4 9.
    assert_eq!(
        NeighbourSum::clues_of(&Stencil::nine(), 3, 4, &SOLUTION),
        vec![10, 17, 15, 10, 15, 26, 31, 23, 11, 16, 20, 15]
    );
    assert_eq!(
        NeighbourSum::clues_of(&Stencil::cross(), 3, 4, &SOLUTION),
        vec![-1, 3, -2, -7, 1, -3, 1, -8, 7, 4, 7, -3]
    );
}

#[test]
fn nine_stencil_on_3x4_recovers_the_grid_exactly() {
    let a = analyze(3, 4, &Stencil::nine());
    assert!(a.invertible && a.checks.determinant_mod_p_agrees);
    let p = puzzle(
        Stencil::nine(),
        NeighbourSum::clues_of(&Stencil::nine(), 3, 4, &SOLUTION),
        None,
    );
    let u = uniqueness(&p, &Options::default()).unwrap();
    assert_eq!(u.status(), "unique");
    let wellposed_engine::Uniqueness::Unique(s) = u else {
        unreachable!()
    };
    let want: Vec<Vec<i64>> = SOLUTION.chunks(4).map(|r| r.to_vec()).collect();
    assert_eq!(s.json, serde_json::to_value(want).unwrap());
}

#[test]
fn cross_stencil_on_3x4_decided_exactly() {
    let a = analyze(3, 4, &Stencil::cross());
    eprintln!(
        "cross 3x4: invertible {} nullity {} determinant {}",
        a.invertible, a.nullity, a.determinant
    );
    assert!(a.checks.determinant_mod_p_agrees && a.checks.null_vectors_verified);
    assert_eq!(a.invertible, a.nullity == 0);
}

#[test]
fn cross_clues_are_unique_by_sat_too() {
    // Independent of the linear algebra: over digits 0..9 the SAT path finds exactly one grid
    // for the published cross clues, and it is the published solution.
    let clues = NeighbourSum::clues_of(&Stencil::cross(), 3, 4, &SOLUTION);
    let p = puzzle(Stencil::cross(), clues.clone(), Some((0, 9)));
    let sat = Options {
        method: Method::Sat,
        ..Options::default()
    };
    assert_eq!(count(&p, &sat, None).unwrap().to_u64().unwrap(), 1);
    let native = uniqueness(&puzzle(Stencil::cross(), clues, None), &Options::default()).unwrap();
    let wellposed_engine::Uniqueness::Unique(s) = native else {
        panic!("expected unique")
    };
    let want: Vec<Vec<i64>> = SOLUTION.chunks(4).map(|r| r.to_vec()).collect();
    assert_eq!(s.json, serde_json::to_value(want).unwrap());
}

#[test]
fn a_singular_stencil_has_many_bounded_solutions() {
    // On a 2×2 grid every cell's nine-neighbourhood is the whole grid: rank 1, nullity 3.
    let a = analyze(2, 2, &Stencil::nine());
    assert_eq!((a.invertible, a.nullity), (false, 3));
    assert!(a.checks.null_vectors_verified && a.checks.determinant_mod_p_agrees);
    // Clues 6 everywhere with digits 0..3: the number of 4-tuples in 0..3 summing to 6 is 44
    // (coefficient of x^6 in (1+x+x^2+x^3)^4), by the algebra and by SAT.
    let p = NeighbourSum {
        m: 2,
        n: 2,
        stencil: Stencil::nine(),
        clues: vec![6; 4],
        values: Some((0, 3)),
    };
    let by_algebra = count(&p, &Options::default(), None).unwrap();
    let by_sat = count(
        &p,
        &Options {
            method: Method::Sat,
            ..Options::default()
        },
        None,
    )
    .unwrap();
    assert_eq!(
        (by_algebra.method.name(), by_sat.method.name()),
        ("native", "blocking")
    );
    assert_eq!(by_algebra.count, by_sat.count);
    let coefficient = (0..4)
        .flat_map(|a| {
            (0..4).flat_map(move |b| (0..4).flat_map(move |c| (0..4).map(move |d| a + b + c + d)))
        })
        .filter(|&s| s == 6)
        .count();
    assert_eq!(by_algebra.to_u64().unwrap(), coefficient as u64);
    // Unbounded, it has infinitely many rational solutions: two witnesses, and a count that
    // says so.
    let open = NeighbourSum { values: None, ..p };
    assert_eq!(
        uniqueness(&open, &Options::default()).unwrap().status(),
        "multiple"
    );
    let infinite = count(&open, &Options::default(), None).unwrap();
    assert_eq!(infinite.count, wellposed_engine::SolutionCount::Infinite);
    assert!(infinite.complete);
}

fn random_stencil(rng: &mut Rng) -> Stencil {
    match rng.below(3) {
        0 => Stencil::nine(),
        1 => Stencil::cross(),
        _ => {
            let rows: Vec<Vec<i64>> = (0..3)
                .map(|_| (0..3).map(|_| rng.below(5) as i64 - 2).collect())
                .collect();
            Stencil::from_rows(&rows).unwrap()
        }
    }
}

#[test]
fn linear_algebra_and_sat_agree_on_bounded_grids() {
    let mut rng = Rng(0x1234_5678_9abc_def1);
    let sat = Options {
        method: Method::Sat,
        ..Options::default()
    };
    let (mut unique, mut several) = (0, 0);
    for round in 0..rounds(1000) {
        let m = 1 + rng.below(3) as usize;
        let n = 1 + rng.below(3) as usize;
        let stencil = random_stencil(&mut rng);
        let hidden: Vec<i64> = (0..m * n).map(|_| rng.below(3) as i64).collect();
        let mut clues = NeighbourSum::clues_of(&stencil, m, n, &hidden);
        if round % 5 == 0 {
            clues[0] += 1; // sometimes clues that no grid in range may produce
        }
        let p = NeighbourSum {
            m,
            n,
            stencil,
            clues,
            values: Some((0, 2)),
        };
        let by_algebra = count(&p, &Options::default(), None)
            .unwrap()
            .to_u64()
            .unwrap();
        let by_sat = count(&p, &sat, None).unwrap().to_u64().unwrap();
        assert_eq!(by_algebra, by_sat, "{p:?}");
        if round % 5 != 0 {
            assert!(by_algebra >= 1);
        }
        match by_algebra {
            1 => unique += 1,
            2.. => several += 1,
            _ => {}
        }
        let a = analyze(m, n, &p.stencil);
        assert!(a.checks.determinant_mod_p_agrees && a.checks.null_vectors_verified);
        if a.invertible {
            assert!(
                by_algebra <= 1,
                "an invertible system has at most one solution"
            );
        }
    }
    assert!(
        unique > 20 && several > 10,
        "{unique} unique, {several} several"
    );
}

#[test]
fn parse_errors_name_the_line() {
    let bad = [
        (
            "family neighbour-sum\nsize 2 2\nstencil nine\nclues\n1 2\n3\n",
            6,
            "expected 2 numbers",
        ),
        (
            "family neighbour-sum\nsize 2 2\nstencil wide\nclues\n1 2\n3 4\n",
            3,
            "expected `nine`, `cross`",
        ),
        (
            "family neighbour-sum\nsize 2 2\nstencil\n1 1\n1 1\nclues\n1 2\n3 4\n",
            3,
            "odd-sized",
        ),
        (
            "family neighbour-sum\nsize 2 2\nstencil nine\nvalues 9 0\nclues\n1 2\n3 4\n",
            4,
            "LO ≤ HI",
        ),
        (
            "family neighbour-sum\nsize 2 2\nstencil nine\nclues\n1 x\n3 4\n",
            5,
            "found `x`",
        ),
    ];
    for (text, line, want) in bad {
        let e = NeighbourSum::parse(text, "t.txt").unwrap_err();
        assert_eq!(e.line, line, "{text}");
        assert!(e.message.contains(want), "{}", e.message);
    }
}
