//! The reckoner against published counts and against the brute force.

use super::*;

fn by(method: Method, rows: usize, columns: usize) -> u64 {
    reckon(rows, columns, method, 2, Units::default(), &|_, _| {})
        .unwrap()
        .count
}

#[test]
fn brute_force_agrees_small() {
    for (r, c) in [(2, 2), (3, 3), (2, 5), (4, 4)] {
        let b = brute_force(r, c);
        assert_eq!(by(Method::Classes, r, c), b, "{r}x{c} classes");
        assert_eq!(by(Method::Rivals, r, c), b, "{r}x{c} rivals");
    }
}

#[test]
#[ignore]
fn explore() {
    for (r, c, m) in [(18, 2, Method::Rivals), (4,4,Method::Rivals), (3,6,Method::Rivals)] {
        let t = std::time::Instant::now();
        let n = by(m, r, c);
        eprintln!("{r}x{c} {m:?}: {n} in {:.2}s", t.elapsed().as_secs_f64());
    }
}
