//! Counting agreement on random instances: the projected model counter, blocking clauses,
//! dancing links and brute force give the same counts.

use wellposed_count::count_models;
use wellposed_engine::{
    count, exact_cover_to_cnf, Counting, Method, Options, RawCnf, RawDlx, Xorshift,
};
use wellposed_sat::{Cnf, Lit, Var};
use wellposed_xc::Problem;

fn opts(method: Method, counting: Counting) -> Options {
    Options {
        method,
        counting,
        ..Default::default()
    }
}

/// A random exact cover: some primary and secondary items, a few colours on secondary items,
/// and with `multiplicities` random bounds `lo:hi` (hi ≤ 3) on the primary items (DLX3 / MCC).
fn random_cover(rng: &mut Xorshift, multiplicities: bool) -> Problem {
    let primary: Vec<String> = (0..2 + rng.below(4)).map(|i| format!("p{i}")).collect();
    let secondary: Vec<String> = (0..rng.below(4)).map(|i| format!("s{i}")).collect();
    let mut p = Problem::new(&primary, &secondary).unwrap();
    let items = primary.len() + secondary.len();
    let colours = [p.colour("red"), p.colour("blue")];
    for _ in 0..3 + rng.below(11) {
        let mut option: Vec<(usize, Option<u32>)> = Vec::new();
        for _ in 0..1 + rng.below(3) {
            let item = rng.below(items as u64) as usize;
            if option.iter().any(|&(i, _)| i == item) {
                continue;
            }
            let colour = (item >= primary.len() && rng.below(2) == 0)
                .then(|| colours[rng.below(2) as usize]);
            option.push((item, colour));
        }
        if option.iter().any(|&(i, _)| i < primary.len()) {
            p.add_option(&option).unwrap();
        }
    }
    if multiplicities {
        for i in 0..primary.len() {
            let hi = 1 + rng.below(3) as u32;
            let lo = rng.below(u64::from(hi) + 1) as u32;
            p.set_bounds(i, lo, hi).unwrap();
        }
    }
    p
}

fn brute_cover(p: &Problem) -> u64 {
    let n = p.options().len();
    (0u32..1 << n)
        .filter(|bits| {
            let chosen: Vec<usize> = (0..n).filter(|&o| bits >> o & 1 == 1).collect();
            p.check(&chosen).is_ok()
        })
        .count() as u64
}

#[test]
fn exact_covers_counted_four_ways_agree() {
    let mut rng = Xorshift(0xc0_ffee);
    let mut nonzero = 0;
    for round in 0..800 {
        // Odd rounds: multiplicities, counted by the multiplicity search as `dlx`.
        let p = random_cover(&mut rng, round % 2 == 1);
        let want = brute_cover(&p);
        nonzero += usize::from(want > 0);
        let enc = exact_cover_to_cnf(&p);
        assert_eq!(
            count_models(&enc.cnf, Some(&enc.answer)),
            want.into(),
            "round {round}: counter"
        );
        let raw = RawDlx { problem: p };
        let by = |method, counting| {
            let c = count(&raw, &opts(method, counting), None).unwrap();
            (c.to_u64().unwrap(), c.method.name())
        };
        assert_eq!(
            by(Method::Dlx, Counting::Auto),
            (want, "dlx"),
            "round {round}"
        );
        assert_eq!(
            by(Method::Auto, Counting::Blocking),
            (want, "blocking"),
            "round {round}"
        );
        assert_eq!(
            by(Method::Auto, Counting::Counter),
            (want, "counter"),
            "round {round}"
        );
    }
    assert!(
        nonzero > 200,
        "too few satisfiable covers ({nonzero}) to mean much"
    );
}

#[test]
fn projected_cnfs_counted_by_counter_and_blocking_agree() {
    let mut rng = Xorshift(0xface);
    for round in 0..300 {
        let vars = 4 + rng.below(9) as u32;
        let mut cnf = Cnf::new();
        cnf.reserve_vars(vars);
        for _ in 0..rng.below(u64::from(vars) * 3) {
            let clause: Vec<Lit> = (0..1 + rng.below(3))
                .map(|_| Lit::new(Var(rng.below(u64::from(vars)) as u32), rng.below(2) == 0))
                .collect();
            cnf.add_clause(&clause);
        }
        let show: Vec<Var> = (0..vars).filter(|_| rng.below(3) > 0).map(Var).collect();
        let raw = RawCnf {
            cnf,
            show: Some(show),
        };
        let blocking = count(&raw, &opts(Method::Auto, Counting::Blocking), None).unwrap();
        let counter = count(&raw, &opts(Method::Auto, Counting::Counter), None).unwrap();
        let auto = count(&raw, &opts(Method::Auto, Counting::Auto), None).unwrap();
        assert_eq!(blocking.count, counter.count, "round {round}");
        assert_eq!(auto.count, counter.count, "round {round}");
        assert!(blocking.complete && counter.complete && auto.complete);
    }
}

/// Past the hand-over point the automatic choice races the counter against blocking clauses;
/// either way the count is the exact one, and a `--limit` below the count is honoured by
/// blocking clauses alone.
#[test]
fn automatic_counting_hands_large_counts_over_and_honours_limits() {
    // 12 free projected variables under one clause (x0 or x1): 3 · 2^10 = 3072 models.
    let mut cnf = Cnf::new();
    cnf.reserve_vars(12);
    cnf.add_clause(&[Var(0).positive(), Var(1).positive()]);
    let raw = RawCnf { cnf, show: None };
    let auto = count(&raw, &Options::default(), None).unwrap();
    assert_eq!((auto.to_u64(), auto.complete), (Some(3072), true));
    let limited = count(&raw, &Options::default(), Some(50)).unwrap();
    assert_eq!(
        (limited.to_u64(), limited.complete, limited.method.name()),
        (Some(50), false, "blocking")
    );
    let forced = count(&raw, &opts(Method::Auto, Counting::Counter), Some(50)).unwrap();
    assert_eq!((forced.to_u64(), forced.complete), (Some(3072), true));
}
