//! The reckoner against published counts and against the brute force.

use super::*;

fn by(method: Method, rows: usize, columns: usize) -> u64 {
    reckon(rows, columns, method, 2, Units::default(), &|_, _| {})
        .unwrap()
        .count
}

/// OEIS A384764 (Bertram Felgenhauer, 2025), "Number of uniquely solveable n X m nonograms",
/// its data section: the table read by antidiagonals n + m = 0..10 (A(n, m) for n = 0..d on
/// antidiagonal d; the table is symmetric).
const A384764: &[u64] = &[
    1, 1, 1, 1, 2, 1, 1, 4, 4, 1, 1, 8, 14, 8, 1, 1, 16, 52, 52, 16, 1, 1, 32, 210, 384, 210, 32,
    1, 1, 64, 816, 3152, 3152, 816, 64, 1, 1, 128, 3206, 24230, 52362, 24230, 3206, 128, 1, 1, 256,
    12536, 189898, 814632, 814632, 189898, 12536, 256, 1, 1, 512, 48962, 1473674, 12819322,
    25309575, 12819322, 1473674, 48962, 512, 1,
];

/// OEIS A383345 (Bertram Felgenhauer, 2025), "Number of uniquely solveable n X 2 nonograms",
/// its data section: a(0) .. a(22).
const A383345: &[u64] = &[
    1,
    4,
    14,
    52,
    210,
    816,
    3206,
    12536,
    48962,
    191226,
    746456,
    2913544,
    11371040,
    44376798,
    173181564,
    675834086,
    2637392942,
    10292179494,
    40164144690,
    156736057740,
    611644171812,
    2386868430698,
    9314465669046,
];

fn a384764(n: usize, m: usize) -> u64 {
    let d = n + m;
    A384764[d * (d + 1) / 2 + n]
}

#[test]
fn a384764_every_antidiagonal_to_ten_by_classes() {
    for d in 0..=10 {
        for n in 0..=d {
            let m = d - n;
            assert_eq!(by(Method::Classes, n, m), a384764(n, m), "A({n},{m})");
        }
    }
}

#[test]
fn a384764_to_nine_by_rivals() {
    // The second method on the antidiagonals it runs in seconds (5×4 and 6×3 the largest).
    for d in 0..=9 {
        for n in 0..=d {
            let m = d - n;
            assert_eq!(by(Method::Rivals, n, m), a384764(n, m), "A({n},{m})");
        }
    }
}

#[test]
fn a383345_two_columns_to_22_by_rivals() {
    for (m, &a) in A383345.iter().enumerate() {
        assert_eq!(by(Method::Rivals, m, 2), a, "A({m},2)");
    }
}

#[test]
fn a383345_two_columns_to_14_by_classes() {
    for (m, &a) in A383345.iter().enumerate().take(15) {
        assert_eq!(by(Method::Classes, 2, m), a, "A(2,{m})");
    }
}

#[test]
fn both_methods_agree_with_the_brute_force_to_twenty_cells() {
    for rows in 1..=20 {
        for columns in 1..=20 / rows {
            let b = brute_force(rows, columns);
            assert_eq!(
                by(Method::Classes, rows, columns),
                b,
                "{rows}×{columns} classes"
            );
            assert_eq!(
                by(Method::Rivals, rows, columns),
                b,
                "{rows}×{columns} rivals"
            );
        }
    }
}

#[test]
fn units_shares_depths_and_resuming_give_the_whole_count() {
    let dir = std::env::temp_dir().join(format!("reckon-units-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let whole = a384764(4, 5);
    // Each depth is another split of the same count.
    for depth in 0..4 {
        let u = Units {
            depth: Some(depth),
            ..Units::default()
        };
        let r = reckon(4, 5, Method::Classes, 2, u, &|_, _| {}).unwrap();
        assert_eq!(r.count, whole, "depth {depth}");
        assert!(r.units.unwrap().complete);
    }
    // Three shares, each with its checkpoint, merged.
    let paths: Vec<_> = (0..3).map(|k| dir.join(format!("share{k}.json"))).collect();
    for (k, p) in paths.iter().enumerate() {
        let _ = std::fs::remove_file(p);
        let u = Units {
            checkpoint: Some(p),
            shard: Some((k, 3)),
            depth: Some(2),
            asked: None,
        };
        let r = reckon(5, 4, Method::Classes, 1, u, &|_, _| {}).unwrap();
        assert!(!r.units.unwrap().complete);
    }
    let (rows, columns, sum, done) = classes::merge(&paths).unwrap();
    assert_eq!((rows, columns, sum), (5, 4, whole));
    assert!(done.complete);
    // A share merged twice is refused; a missing share leaves the sum incomplete.
    assert!(classes::merge(&[paths[0].clone(), paths[0].clone()]).is_err());
    assert!(!classes::merge(&paths[..2]).unwrap().3.complete);
    // Resuming: a checkpoint holding one share finishes the rest.
    let u = Units {
        checkpoint: Some(&paths[1]),
        shard: None,
        depth: Some(2),
        asked: None,
    };
    let r = reckon(4, 5, Method::Classes, 2, u, &|_, _| {}).unwrap();
    assert_eq!(r.count, whole);
    // A checkpoint of another board or depth is refused.
    let u = Units {
        checkpoint: Some(&paths[1]),
        shard: None,
        depth: Some(1),
        asked: None,
    };
    assert!(reckon(4, 5, Method::Classes, 2, u, &|_, _| {}).is_err());
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn the_estimate_counts_what_it_samples() {
    // Enough samples for every working unit: each is run once and the count is exact.
    let units = classes::unit_count(4, 2).unwrap();
    let e = classes::estimate(4, 5, Some(2), units, 7, 2, &|_, _| {}).unwrap();
    assert!(e.exhaustive && e.working_units < units);
    assert_eq!(e.count, a384764(4, 5) as f64);
    // Drawn: the count's estimate is positive and its interval ordered.
    let e = classes::estimate(4, 5, Some(2), 8, 7, 2, &|_, _| {}).unwrap();
    assert!(!e.exhaustive && e.sampled == 8);
    assert!(e.count_low <= e.count && e.count <= e.count_high && e.count > 0.0);
}

#[test]
fn refuses_what_it_cannot_count() {
    let none = &|_: u64, _: u64| {};
    assert!(reckon(8, 8, Method::Classes, 1, Units::default(), none).is_err());
    assert!(reckon(5, 5, Method::Brute, 1, Units::default(), none).is_err());
    assert!(reckon(30, 2, Method::Classes, 1, Units::default(), none).is_err());
    assert!(reckon(40, 1, Method::Rivals, 1, Units::default(), none).is_ok());
    let u = Units {
        depth: Some(5),
        ..Units::default()
    };
    assert!(reckon(5, 4, Method::Classes, 1, u, none).is_err());
    let u = Units {
        shard: Some((0, 2)),
        ..Units::default()
    };
    assert!(reckon(3, 3, Method::Rivals, 1, u, none).is_err());
    let u = Units {
        depth: Some(5),
        ..Units::default()
    };
    // 34^5 units of 7×7 rows: more than a checkpoint should hold.
    assert!(reckon(7, 7, Method::Classes, 1, u, none).is_err());
    assert!(classes::estimate(2, 30, None, 3, 1, 1, none).is_err());
}
