//! The counter's tests: counts against brute force on random formulas, and each technique
//! (listing, inclusion–exclusion, learning, the oracle, the cache) changing no count.

use crate::*;
use num_bigint::BigUint;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use wellposed_sat::{Cnf, Lit, Var, Xorshift};

/// The counter without the listing first, which would answer most small formulas alone.
fn searching() -> Counter {
    Counter {
        list_up_to: 0,
        ..Counter::default()
    }
}

/// The search's count, after checking that the default counter (listing first, which
/// answers or gives up) agrees with it.
fn counted(cnf: &Cnf, projection: Option<&[Var]>) -> BigUint {
    let searched = searching().count(cnf, projection).count;
    assert_eq!(count_models(cnf, projection), searched, "listed first");
    searched
}

/// The projected count by trying every assignment (formulas of up to about 20 variables).
pub(crate) fn brute(cnf: &Cnf, projection: Option<&[Var]>) -> u64 {
    let n = cnf.num_vars() as usize;
    let shown: Vec<usize> = match projection {
        Some(p) => p.iter().map(|v| v.index()).collect(),
        None => (0..n).collect(),
    };
    let mut seen = std::collections::HashSet::new();
    for bits in 0u32..(1 << n) {
        let val = |l: Lit| ((bits >> l.var().index()) & 1 == 1) == l.is_positive();
        if cnf.clauses().iter().all(|c| c.iter().any(|&l| val(l))) {
            let key: Vec<bool> = shown.iter().map(|&v| (bits >> v) & 1 == 1).collect();
            seen.insert(key);
        }
    }
    seen.len() as u64
}

/// Whether every model of `cnf` agreeing on `projection` agrees on `v` (by trying every
/// assignment).
pub(crate) fn defined_by_brute(cnf: &Cnf, projection: &[Var], v: Var) -> bool {
    let n = cnf.num_vars();
    let mut seen = std::collections::HashMap::new();
    for bits in 0u32..(1 << n) {
        let val = |l: Lit| ((bits >> l.var().index()) & 1 == 1) == l.is_positive();
        if cnf.clauses().iter().all(|c| c.iter().any(|&l| val(l))) {
            let key: Vec<bool> = projection.iter().map(|p| (bits >> p.0) & 1 == 1).collect();
            let value = (bits >> v.0) & 1 == 1;
            if *seen.entry(key).or_insert(value) != value {
                return false;
            }
        }
    }
    true
}

pub(crate) fn random_cnf(rng: &mut Xorshift, vars: u32, clauses: usize, width: u64) -> Cnf {
    random_cnf_by(rng, vars, clauses, |rng| 1 + rng.below(width) as usize)
}

/// Random clauses over `vars` variables, each of the length `width` draws, its literals
/// uniform.
fn random_cnf_by(
    rng: &mut Xorshift,
    vars: u32,
    clauses: usize,
    mut width: impl FnMut(&mut Xorshift) -> usize,
) -> Cnf {
    let mut cnf = Cnf::new();
    cnf.reserve_vars(vars);
    for _ in 0..clauses {
        let k = width(rng);
        let c: Vec<Lit> = (0..k)
            .map(|_| Lit::new(Var(rng.below(u64::from(vars)) as u32), rng.below(2) == 0))
            .collect();
        cnf.add_clause(&c);
    }
    cnf
}

#[test]
fn counts_equal_brute_force_on_random_formulas() {
    let mut rng = Xorshift(0x5eed_c0de);
    for round in 0..600 {
        let vars = 3 + rng.below(10) as u32;
        let clauses = rng.below(u64::from(vars) * 4) as usize;
        let cnf = random_cnf(&mut rng, vars, clauses, 4);
        assert_eq!(
            counted(&cnf, None),
            BigUint::from(brute(&cnf, None)),
            "round {round}: {cnf:?}"
        );
        let shown: Vec<Var> = (0..vars).filter(|_| rng.below(2) == 0).map(Var).collect();
        assert_eq!(
            counted(&cnf, Some(&shown)),
            BigUint::from(brute(&cnf, Some(&shown))),
            "round {round}, projected on {shown:?}: {cnf:?}"
        );
    }
}

/// Pure variables outside the projection left out of the components (see `Purity`),
/// forced on from the start and never used, against brute force, on formulas made to
/// have them: negative two-literal clauses (conflicts), positive clauses over runs of
/// consecutive variables (groups, one of which must hold), a few random clauses, and a
/// projection on part of the variables. The first version of this rule left a clause
/// holding a pure variable in the component's key, which named two formulas (the
/// variable open, or set against the clause elsewhere) and miscounted formulas like
/// these; the rounds here found it.
#[test]
fn pure_variables_outside_the_projection_change_no_count() {
    let mut rng = Xorshift(0x9_07e5);
    // Unsimplified and without definitions, which would take most of these variables out
    // before the search; and as the counter runs by default.
    let counter = |purity_probe, plain: bool| Counter {
        purity_probe,
        list_up_to: 0,
        simplify: !plain,
        define: !plain,
        ..Counter::default()
    };
    let counters = [counter(0, true), counter(u64::MAX, true), counter(0, false)];
    let mut left_out = 0;
    for round in 0..400 {
        let vars = 8 + rng.below(9) as u32;
        let mut cnf = Cnf::new();
        cnf.reserve_vars(vars);
        for _ in 0..vars + rng.below(u64::from(vars) * 2) as u32 {
            let a = rng.below(u64::from(vars)) as u32;
            let b = rng.below(u64::from(vars)) as u32;
            if a != b {
                cnf.add_clause(&[Var(a).negative(), Var(b).negative()]);
            }
        }
        let mut v = 0;
        while v < vars {
            let k = 2 + rng.below(4) as u32;
            if rng.below(10) < 7 {
                let group: Vec<Lit> = (v..(v + k).min(vars)).map(|u| Var(u).positive()).collect();
                cnf.add_clause(&group);
            }
            v += k;
        }
        for _ in 0..rng.below(3) {
            let c: Vec<Lit> = (0..3)
                .map(|_| Lit::new(Var(rng.below(u64::from(vars)) as u32), rng.below(2) == 0))
                .collect();
            cnf.add_clause(&c);
        }
        let shown: Vec<Var> = (0..vars).filter(|_| rng.below(3) == 0).map(Var).collect();
        let want = BigUint::from(brute(&cnf, Some(&shown)));
        for counter in &counters {
            let got = counter.count(&cnf, Some(&shown));
            if !counter.simplify {
                left_out += got.stats.pure_left_out;
            }
            assert_eq!(
                got.count, want,
                "round {round}, purity_probe {}, projected on {shown:?}: {cnf:?}",
                counter.purity_probe
            );
        }
    }
    assert!(
        left_out > 1000,
        "the rule is used: {left_out} variables left out"
    );
}

/// Blocked clauses left out of the components (`Counter::blocked_clauses`), with and without
/// simplification and purity, against brute force on random 3-CNF near the threshold and
/// random mixed formulas, each projected on a random part of its variables (the rule applies
/// only outside the projection) and unprojected (where it never applies).
#[test]
fn blocked_clauses_left_out_change_no_count() {
    let mut rng = Xorshift(0xb10c_4ed5);
    let counter = |simplify: bool, purity_probe| Counter {
        blocked_clauses: true,
        list_up_to: 0,
        simplify,
        define: simplify,
        purity_probe,
        ..Counter::default()
    };
    let counters = [
        counter(false, u64::MAX),
        counter(false, 0),
        counter(true, Counter::DEFAULT.purity_probe),
    ];
    let mut left_out = 0;
    for round in 0..500 {
        let vars = 8 + rng.below(9) as u32;
        let cnf = if round % 2 == 0 {
            threshold_3cnf(&mut rng, vars)
        } else {
            let clauses = rng.below(u64::from(vars) * 3) as usize;
            random_cnf(&mut rng, vars, clauses, 4)
        };
        let shown: Vec<Var> = (0..vars).filter(|_| rng.below(5) < 2).map(Var).collect();
        for projection in [Some(shown.as_slice()), None] {
            let want = brute(&cnf, projection);
            for (k, c) in counters.iter().enumerate() {
                let got = counted_as(c, &cnf, projection, want, || {
                    format!("round {round}, counter {k}")
                });
                if projection.is_none() {
                    assert_eq!(got.stats.blocked_left_out, 0, "round {round}: no auxiliary");
                }
                left_out += got.stats.blocked_left_out;
            }
        }
    }
    assert!(
        left_out > 1000,
        "the rule is used: {left_out} clauses left out"
    );
}

/// Blocked clauses next to two-literal clauses: the clause (l ∨ w ∨ a) with l outside the
/// projection is not blocked on l by (¬l ∨ w) (the resolvent (w ∨ a) is no tautology), and
/// leaving it out counts the assignment w = a = false too (4 instead of 3). The first version
/// of the rule read a two-literal clause's other literal with the wrong sign and did so:
/// 2022 track3_009 came out 402,137 instead of 402,096. Then random formulas of two- and
/// three-literal clauses, where such pairs are common, against brute force.
#[test]
fn blocked_clauses_read_two_literal_clauses_right() {
    let counter = Counter {
        blocked_clauses: true,
        list_up_to: 0,
        simplify: false,
        define: false,
        ..Counter::default()
    };
    let (l, w, a) = (Var(0), Var(1), Var(2));
    let mut cnf = Cnf::new();
    cnf.add_clause(&[l.positive(), w.positive(), a.positive()]);
    cnf.add_clause(&[l.negative(), w.positive()]);
    counted_as(&counter, &cnf, Some(&[w, a]), 3, || {
        "(l ∨ w ∨ a)(¬l ∨ w)".into()
    });
    let mut rng = Xorshift(0x0021_17e5);
    let mut left_out = 0;
    for round in 0..400 {
        let vars = 6 + rng.below(8) as u32;
        let clauses = (vars + rng.below(u64::from(vars) * 2) as u32) as usize;
        let cnf = random_cnf_by(&mut rng, vars, clauses, |rng| 2 + rng.below(2) as usize);
        let shown: Vec<Var> = (0..vars).filter(|_| rng.below(2) == 0).map(Var).collect();
        let want = brute(&cnf, Some(&shown));
        let got = counted_as(&counter, &cnf, Some(&shown), want, || {
            format!("round {round}")
        });
        left_out += got.stats.blocked_left_out;
    }
    assert!(
        left_out > 100,
        "the rule is used: {left_out} clauses left out"
    );
}

/// Inclusion–exclusion over long clauses, forced: random formulas of short clauses with one
/// to four clauses of 8–11 literals (over projection variables only, when projected),
/// counted as brute force counts them; and a formula whose long clause involves a
/// variable outside the projection is never split (it would not be exact).
#[test]
fn inclusion_exclusion_over_long_clauses_equals_brute_force() {
    // Unsimplified, so that no long clause is dropped or fixed before the split, and not
    // listed first, which would answer most of these small formulas.
    let always = Counter {
        inclusion_exclusion: InclusionExclusion::Always,
        simplify: false,
        list_first: false,
        ..Counter::default()
    };
    let mut rng = Xorshift(0x1e_c1a5);
    let mut split = 0;
    for round in 0..300 {
        let vars = 10 + rng.below(5) as u32;
        let clauses = rng.below(u64::from(vars) * 3) as usize;
        let mut cnf = random_cnf(&mut rng, vars, clauses, 3);
        let shown: Vec<Var> = (0..vars).filter(|_| rng.below(4) != 0).map(Var).collect();
        let projected = rng.below(2) == 0 && shown.len() >= Settings::DEFAULT.long_clause;
        let pool: Vec<Var> = if projected {
            shown.clone()
        } else {
            (0..vars).map(Var).collect()
        };
        for _ in 0..1 + rng.below(Settings::DEFAULT.long_clauses_at_most as u64) {
            let mut vs = pool.clone();
            rng.shuffle(&mut vs);
            let k = (Settings::DEFAULT.long_clause + rng.below(4) as usize).min(vs.len());
            let c: Vec<Lit> = vs[..k]
                .iter()
                .map(|&v| Lit::new(v, rng.below(2) == 0))
                .collect();
            cnf.add_clause(&c);
        }
        let projection = projected.then_some(shown.as_slice());
        let got = always.count(&cnf, projection);
        split += u64::from(got.stats.inclusion_exclusion > 0);
        assert_eq!(
            got.count,
            BigUint::from(brute(&cnf, projection)),
            "round {round}, projected: {projected}: {cnf:?}"
        );
    }
    assert_eq!(
        split, 300,
        "every formula has long clauses over projected variables"
    );
    // A long clause over a variable outside the projection: not split.
    let mut cnf = Cnf::new();
    let c: Vec<Lit> = (0..Settings::DEFAULT.long_clause as u32)
        .map(|v| Var(v).positive())
        .collect();
    cnf.add_clause(&c);
    let shown: Vec<Var> = (1..Settings::DEFAULT.long_clause as u32).map(Var).collect();
    let got = always.count(&cnf, Some(&shown));
    assert_eq!(got.stats.inclusion_exclusion, 0);
    assert_eq!(
        got.count,
        BigUint::from(1u32 << (Settings::DEFAULT.long_clause - 1))
    );
}

/// Two words of `bits` bits that differ somewhere, as a comparison circuit is written: a
/// gate d ↔ x ⊕ y per position and one long clause over the gates. The long clause makes
/// the formula wide (a clique of `bits` gates), so `auto` splits it; the count,
/// 2^(2 bits) − 2^bits, is known without counting.
#[test]
fn words_that_differ_are_counted_by_inclusion_exclusion() {
    let bits = 24;
    let mut cnf = Cnf::new();
    let x = cnf.new_vars(bits);
    let y = cnf.new_vars(bits);
    let d: Vec<Lit> = (0..bits)
        .map(|i| cnf.xor_gate(x[i].positive(), y[i].positive()))
        .collect();
    cnf.add_clause(&d);
    let expected = (BigUint::from(1u32) << (2 * bits)) - (BigUint::from(1u32) << bits);
    let got = Counter::default().count(&cnf, None);
    assert_eq!(got.count, expected);
    assert_eq!(got.stats.inclusion_exclusion, 2, "split into two counts");
    let cells: Vec<Var> = x.iter().chain(&y).copied().collect();
    // Projected on the words alone the gates' variables are outside the projection: the
    // formula is counted whole, to the same number; unless the gates, which the words
    // define, join the projection first (`define`), when it is split again.
    let whole = Counter {
        define: false,
        ..Counter::default()
    }
    .count(&cnf, Some(&cells));
    assert_eq!(whole.count, expected);
    assert_eq!(whole.stats.inclusion_exclusion, 0);
    let defined = Counter::default().count(&cnf, Some(&cells));
    assert_eq!(defined.count, expected);
    assert_eq!(defined.stats.defined.defined, bits as u64);
    assert_eq!(defined.stats.inclusion_exclusion, 2);
}

/// The models the listing found are reported as they are found, doubled for projection
/// variables in no clause: the whole count when the listing proves it, else the
/// `list_up_to` models it listed before giving up, a lower bound.
#[cfg(feature = "cadical")]
#[test]
fn the_models_listed_are_reported_as_a_lower_bound() {
    // (x0 ∨ x1) ∧ (x2 ∨ x3) ∧ …: 3 models a pair; two more projected variables in no clause.
    let pairs = |k: u32| {
        let mut cnf = Cnf::new();
        cnf.reserve_vars(2 * k + 2);
        for i in 0..k {
            cnf.add_clause(&[Var(2 * i).positive(), Var(2 * i + 1).positive()]);
        }
        cnf
    };
    for (k, first) in [(4, true), (6, true), (6, false)] {
        let cnf = pairs(k);
        let all: Vec<Var> = (0..2 * k + 2).map(Var).collect();
        let listed = AtomicU64::new(0);
        let counter = Counter {
            list_first: first,
            sat_oracle: Some(0),
            ..Counter::default()
        };
        let got = counter
            .count_reporting(&cnf, Some(&all), None, &listed)
            .unwrap();
        let count = 3u64.pow(k) * 4;
        assert_eq!(got.count, BigUint::from(count), "{k} pairs");
        let floor = listed.load(Ordering::Relaxed);
        if k == 4 {
            assert_eq!(floor, count, "81 models, all listed");
        } else {
            assert_eq!(
                floor,
                Counter::DEFAULT.list_up_to * 4,
                "729 models, the listing gave up"
            );
        }
    }
}

/// `counter`'s count of `cnf` (on `projection`), checked against `expected` (brute force);
/// `what` names the case in a failure.
fn counted_as(
    counter: &Counter,
    cnf: &Cnf,
    projection: Option<&[Var]>,
    expected: u64,
    what: impl Fn() -> String,
) -> ModelCount {
    let got = counter.count(cnf, projection);
    assert_eq!(
        got.count,
        BigUint::from(expected),
        "{}, projected on {projection:?}: {cnf:?}",
        what()
    );
    got
}

/// The listing, first (before simplifying or searching) or interrupting the search (here
/// after its first conflict): where it proves the count (at most `list_up_to` models)
/// that count is exact, and where it gives up (more models) the search, started then or
/// again with the clauses learnt before and a fresh oracle asked everything, still is.
#[test]
fn listing_models_first_changes_no_count() {
    let mut rng = Xorshift(0x1157_0001);
    let (mut listed, mut gave_up) = (0, 0);
    for round in 0..400 {
        let vars = 8 + rng.below(8) as u32;
        let cnf = threshold_3cnf(&mut rng, vars);
        let shown: Vec<Var> = (0..vars).filter(|_| rng.below(2) == 0).map(Var).collect();
        for projection in [None, Some(shown.as_slice())] {
            let expected = brute(&cnf, projection);
            for (list_up_to, list_first) in [1, 3, 1 << 12]
                .into_iter()
                .flat_map(|up_to| [(up_to, true), (up_to, false)])
            {
                let counter = Counter {
                    list_up_to,
                    list_first,
                    sat_oracle: Some(0),
                    ..Counter::default()
                };
                let got = counted_as(&counter, &cnf, projection, expected, || {
                    format!("round {round}, listing up to {list_up_to} (first: {list_first})")
                });
                // The listing leaves out projection variables in no clause (each doubles).
                let n = got.stats.listed;
                if n > 0 && n < list_up_to {
                    assert!((expected / n).is_power_of_two());
                    if list_first {
                        // Answered before the search made a decision.
                        assert_eq!(got.stats.decisions, 0, "round {round}");
                    }
                    listed += 1;
                } else if n == list_up_to && expected > list_up_to {
                    gave_up += 1;
                }
            }
        }
    }
    assert!(
        listed > 100 && gave_up > 100,
        "{listed} listed, {gave_up} given up"
    );
}

/// The listing handed to CaDiCaL's stable configuration when a solve runs out of its
/// conflicts after enough models (here after 0, 1 or 2 models, with one conflict a solve,
/// so that nearly every listing with a conflict is handed over), or after `Settings::DEFAULT.dear_models`
/// dear models (here with a probe of no conflict, so that every solve after the first
/// `stable_listing_after` models finds a dear one): the count is the same as brute
/// force's, and many are proved by the stable listing, both ways.
#[cfg(feature = "cadical")]
#[test]
fn a_stable_listing_taking_over_changes_no_count() {
    let mut rng = Xorshift(0x57AB_0001);
    let (mut proved, mut proved_dear) = (0, 0);
    for round in 0..300 {
        let vars = 8 + rng.below(8) as u32;
        let mut cnf = threshold_3cnf(&mut rng, vars);
        // Two free pairs (x ∨ y) multiply the models by 9, so that the stable listing has
        // more than a few to list. (They do not bring it to its cap: the searches after a
        // listing given up are those of `listing_models_first_changes_no_count`.)
        let pairs = cnf.new_vars(4);
        cnf.add_clause(&[pairs[0].positive(), pairs[1].positive()]);
        cnf.add_clause(&[pairs[2].positive(), pairs[3].positive()]);
        let shown: Vec<Var> = (0..vars + 4)
            .filter(|_| rng.below(2) == 0)
            .map(Var)
            .collect();
        for projection in [None, Some(shown.as_slice())] {
            let expected = brute(&cnf, projection);
            // Handed on by a solve out of conflicts, or (a bound of no conflict: every
            // solve's model is dear) by `Settings::DEFAULT.dear_models` dear models.
            for (stable_listing_after, list_up_to, list_conflicts, dear_model_conflicts) in [
                (0, 1 << 12, 1, Counter::DEFAULT.dear_model_conflicts),
                (2, 1 << 12, 1, Counter::DEFAULT.dear_model_conflicts),
                (1, 2, 1, Counter::DEFAULT.dear_model_conflicts),
                (0, 1, 1, Counter::DEFAULT.dear_model_conflicts),
                (2, 1 << 12, 1 << 20, 0),
                (Settings::DEFAULT.dear_models + 4, 1 << 12, 1 << 20, 0),
            ] {
                let counter = Counter {
                    list_up_to,
                    list_conflicts,
                    stable_listing_after,
                    dear_model_conflicts,
                    sat_oracle: Some(0),
                    ..Counter::default()
                };
                let got = counted_as(&counter, &cnf, projection, expected, || {
                    format!("round {round}, stable listing after {stable_listing_after}, up to {list_up_to}")
                });
                if got.stats.listed_stable > 0 && got.stats.listed < list_up_to {
                    // Proved by the stable listing (the search counts where it gives up,
                    // as after any listing given up: `listing_models_first_changes_no_count`).
                    proved += 1;
                    proved_dear += usize::from(dear_model_conflicts == 0);
                }
            }
        }
    }
    assert!(proved > 50, "{proved} counts proved by the stable listing");
    assert!(proved_dear > 20, "{proved_dear} proved after dear models");
}

/// Clusters of variables joined by a few clauses, the shape of puzzle encodings (one-hot
/// groups, guarded facts): decisions split such formulas into several components at once,
/// which uniform random formulas seldom do.
fn clustered_cnf(rng: &mut Xorshift) -> Cnf {
    let clusters = 2 + rng.below(3) as u32;
    let size = 3 + rng.below(3) as u32;
    let vars = clusters * size;
    let mut cnf = Cnf::new();
    cnf.reserve_vars(vars);
    let lit = |rng: &mut Xorshift, v: u32| Lit::new(Var(v), rng.below(3) != 0);
    for k in 0..clusters {
        for _ in 0..u64::from(size) + rng.below(u64::from(size) * 2) {
            let width = 2 + rng.below(3) as u32;
            let c: Vec<Lit> = (0..width)
                .map(|_| {
                    let v = k * size + rng.below(u64::from(size)) as u32;
                    lit(rng, v)
                })
                .collect();
            cnf.add_clause(&c);
        }
    }
    for _ in 0..rng.below(u64::from(clusters) * 2) {
        let width = 2 + rng.below(3) as u32;
        let c: Vec<Lit> = (0..width)
            .map(|_| {
                let v = rng.below(u64::from(vars)) as u32;
                lit(rng, v)
            })
            .collect();
        cnf.add_clause(&c);
    }
    cnf
}

#[test]
fn counts_equal_brute_force_on_clustered_formulas() {
    let mut rng = Xorshift(0xc1a5_7e25);
    for round in 0..1500 {
        let cnf = clustered_cnf(&mut rng);
        let vars = cnf.num_vars();
        let shown: Vec<Var> = (0..vars).filter(|_| rng.below(3) != 0).map(Var).collect();
        assert_eq!(
            counted(&cnf, Some(&shown)),
            BigUint::from(brute(&cnf, Some(&shown))),
            "round {round}, projected on {shown:?}: {cnf:?}"
        );
    }
}

/// Found by the zebra family's differential test (an `either` of a three-in-a-row and a
/// not-next-to clue, shrunk): the component search named a component without one of its
/// long clauses, and the cache then answered for a different formula (121, not 122).
#[test]
fn a_component_found_last_is_named_with_all_its_clauses() {
    let clauses: [&[i32]; 21] = [
        &[-1, -2],
        &[-3, -4],
        &[-3, -5],
        &[-3, -6],
        &[7, 8, 9, 10],
        &[-7, -10],
        &[-3, -15],
        &[4, 8, 12, 16],
        &[-12, -16],
        &[-5, -17],
        &[-13, -17],
        &[-6, -18],
        &[-10, -18],
        &[19, 20],
        &[-8, 11, -19, -21],
        &[-10, -19, -21],
        &[-11, -19, 21],
        &[-13, 8, -19, 21],
        &[-14, 9, -19, 21],
        &[-8, 12, 14, -20],
        &[-10, 11, 12, 14, -20],
    ];
    let mut cnf = Cnf::new();
    cnf.reserve_vars(21);
    for c in clauses {
        let c: Vec<Lit> = c
            .iter()
            .map(|&d| Lit::new(Var(d.unsigned_abs() - 1), d > 0))
            .collect();
        cnf.add_clause(&c);
    }
    let shown: Vec<Var> = [3, 8, 10, 11, 13, 14, 16].map(|d| Var(d - 1)).to_vec();
    assert_eq!(
        counted(&cnf, Some(&shown)),
        BigUint::from(brute(&cnf, Some(&shown)))
    );
}

#[test]
#[cfg(feature = "cadical")]
fn a_stop_flag_raised_while_the_oracle_works_gives_up() {
    // The oracle asked at once (`Some(0)`) whether the pigeonhole formula has a model: a
    // question CaDiCaL needs minutes for. The flag raised meanwhile ends it (without the
    // oracle's flag this test runs for those minutes).
    let cnf = wellposed_sat::instances::pigeonhole(12);
    // Projected (on the first pigeon's holes): without a projection no question arises.
    let shown: Vec<Var> = (0..12).map(Var).collect();
    let counter = Counter {
        sat_oracle: Some(0),
        list_up_to: 0,
        ..Counter::default()
    };
    let stop = AtomicBool::new(false);
    let counted = std::thread::scope(|s| {
        s.spawn(|| {
            std::thread::sleep(std::time::Duration::from_millis(100));
            stop.store(true, Ordering::Relaxed);
        });
        counter.count_until(&cnf, Some(&shown), &stop)
    });
    assert_eq!(counted.map(|c| c.count), None);
}

#[test]
fn a_set_stop_flag_gives_up() {
    let mut cnf = Cnf::new();
    for i in 0..30 {
        cnf.add_clause(&[
            Var(i).positive(),
            Var(i + 1).positive(),
            Var(i + 2).negative(),
        ]);
    }
    let stop = AtomicBool::new(true);
    assert_eq!(Counter::default().count_until(&cnf, None, &stop), None);
}

/// The cache's names: distinct for the many small components of random formulas (a
/// collision would show in 10^5 names only if the hash were badly broken), sensitive to
/// where the separator falls, and equal for equal components.
#[test]
fn component_hashes_tell_components_apart() {
    let mut rng = Xorshift(0xcafe);
    let mut seen = std::collections::HashMap::new();
    for _ in 0..100_000 {
        let mut vars: Vec<u32> = (0..1 + rng.below(12))
            .map(|_| rng.below(64) as u32)
            .collect();
        vars.sort_unstable();
        vars.dedup();
        let mut long: Vec<u32> = (0..rng.below(6)).map(|_| rng.below(40) as u32).collect();
        long.sort_unstable();
        long.dedup();
        let h = component_hash(&vars, &long);
        assert_eq!(h, component_hash(&vars, &long));
        if let Some(other) = seen.insert(h, (vars.clone(), long.clone())) {
            assert_eq!(other, (vars, long), "two components, one hash");
        }
    }
    assert!(seen.len() > 50_000);
    assert_ne!(component_hash(&[1, 2], &[3]), component_hash(&[1], &[2, 3]));
}

#[test]
fn a_tiny_cache_changes_nothing() {
    let mut rng = Xorshift(77);
    for _ in 0..100 {
        let cnf = random_cnf(&mut rng, 12, 20, 3);
        let tiny = Counter {
            cache_bytes: 200,
            ..searching()
        }
        .count(&cnf, None);
        assert_eq!(tiny.count, counted(&cnf, None));
    }
}

/// Random 3-CNF with four clauses a variable, near the satisfiability threshold (about
/// 4.27 clauses a variable): long conflicts.
fn threshold_3cnf(rng: &mut Xorshift, vars: u32) -> Cnf {
    random_cnf_by(rng, vars, vars as usize * 4, |_| 3)
}

/// Learning on and off, a cache flushed all the time, learnt clauses forgotten after every
/// few conflicts, full keys checked beside the hashes, each decision heuristic, component
/// searches skipped from the start: the same counts as brute force, with and without
/// projection.
#[test]
fn learning_forgetting_and_flushing_change_no_count() {
    let mut rng = Xorshift(0x1ea2_7c0f);
    let settings = [
        Counter {
            learning: false,
            ..searching()
        },
        searching(),
        Counter {
            cache_bytes: 300,
            learnt_clauses: 2,
            ..searching()
        },
        Counter {
            exact_keys: true,
            cache_bytes: 2_000,
            ..searching()
        },
        Counter {
            heuristic: Heuristic::Clause,
            ..searching()
        },
        Counter {
            heuristic: Heuristic::Vsads,
            ..searching()
        },
        Counter {
            heuristic: Heuristic::Jw,
            ..searching()
        },
        Counter {
            heuristic: Heuristic::Td,
            learnt_clauses: 3,
            ..searching()
        },
        Counter {
            learnt_sweep: 2,
            ..searching()
        },
        Counter {
            skip_splits_after: 0,
            ..searching()
        },
        // Failed literals after decisions, under two decision rules and with learnt clauses
        // forgotten at once.
        Counter {
            failed_literals: true,
            ..searching()
        },
        Counter {
            failed_literals: true,
            heuristic: Heuristic::Clause,
            learnt_clauses: 2,
            ..searching()
        },
        Counter {
            failed_literals: true,
            heuristic: Heuristic::Td,
            ..searching()
        },
        // Every satisfiability question to the SAT oracle (with and without learning
        // from its refutations), and none.
        Counter {
            sat_oracle: Some(0),
            learnt_clauses: 3,
            ..searching()
        },
        Counter {
            sat_oracle: Some(0),
            learning: false,
            ..searching()
        },
        Counter {
            sat_oracle: None,
            ..searching()
        },
    ];
    let (mut conflicts, mut removed, mut forgotten, mut swept) = (0, 0, 0, 0);
    let (mut skipped, mut minimised) = (0, 0);
    let (mut asked, mut refuted) = (0, 0);
    for round in 0..800 {
        let cnf = if round % 2 == 0 {
            clustered_cnf(&mut rng)
        } else if round % 8 == 1 {
            // 3-CNF near the threshold: long conflicts, many learnt clauses.
            let vars = 14 + rng.below(4) as u32;
            threshold_3cnf(&mut rng, vars)
        } else {
            let vars = 6 + rng.below(9) as u32;
            random_cnf(&mut rng, vars, (vars * 4) as usize, 4)
        };
        let vars = cnf.num_vars();
        let shown: Vec<Var> = (0..vars).filter(|_| rng.below(3) != 0).map(Var).collect();
        for projection in [None, Some(&shown[..])] {
            let want = BigUint::from(brute(&cnf, projection));
            for (k, counter) in settings.iter().enumerate() {
                let got = counter.count(&cnf, projection);
                conflicts += got.stats.conflicts;
                removed += got.stats.cache_removed;
                forgotten += got.stats.learnt_forgotten;
                minimised += got.stats.learnt_literals_minimised;
                if counter.learnt_sweep == 2 {
                    swept += got.stats.learnt_forgotten;
                }
                asked += got.stats.oracle_calls;
                refuted += got.stats.oracle_clauses;
                skipped += got.stats.searches_skipped;
                assert_eq!(
                    got.count, want,
                    "round {round}, setting {k}, {projection:?}: {cnf:?}"
                );
            }
        }
    }
    // The formulas must exercise what they test.
    assert!(conflicts > 1000, "{conflicts} conflicts");
    assert!(removed > 50, "{removed} cache entries taken back");
    assert!(forgotten > 100, "{forgotten} learnt clauses forgotten");
    assert!(minimised > 100, "{minimised} learnt literals left out");
    assert!(swept > 50, "{swept} learnt clauses swept away");
    assert!(skipped > 500, "{skipped} component searches skipped");
    assert!(asked > 500, "{asked} questions to the SAT oracle");
    assert!(
        refuted > 0,
        "{refuted} clauses from the oracle's refutations"
    );
}

/// Projected counts whose satisfiability questions are hard: 3-CNF near the threshold,
/// projected on a few variables, so that most assignments of those leave an
/// unsatisfiable rest that propagation does not see. Every question goes to the oracle
/// (and clauses are learnt from its refutations), or after a few conflicts, or never:
/// the same counts as brute force.
#[test]
fn the_sat_oracle_and_its_refutations_change_no_count() {
    let mut rng = Xorshift(0x04ac1e);
    // Under `td`, whose decisions these formulas were made to exercise the oracle with
    // (`auto` now decides most of them by `jw`), and under `jw` too.
    let settings = [
        (Some(0), Heuristic::Td),
        (Some(2), Heuristic::Td),
        (None, Heuristic::Td),
        (Some(0), Heuristic::Jw),
        (Some(2), Heuristic::Jw),
    ]
    .map(|(sat_oracle, heuristic)| Counter {
        sat_oracle,
        heuristic,
        learnt_clauses: 5,
        ..searching()
    });
    let mut refuted = 0;
    for round in 0..300 {
        let vars = 12 + rng.below(6) as u32;
        let cnf = threshold_3cnf(&mut rng, vars);
        let shown: Vec<Var> = (0..vars).filter(|_| rng.below(3) == 0).map(Var).collect();
        let want = BigUint::from(brute(&cnf, Some(&shown)));
        for (k, counter) in settings.iter().enumerate() {
            let got = counter.count(&cnf, Some(&shown));
            refuted += got.stats.oracle_clauses;
            assert_eq!(got.count, want, "round {round}, setting {k}: {cnf:?}");
        }
    }
    assert!(
        refuted > 30,
        "{refuted} clauses from the oracle's refutations"
    );
}

#[test]
fn free_variables_and_counts_beyond_a_machine_word() {
    // 200 unconstrained variables: 2^200 models; a projection of 3 of them: 8.
    let mut cnf = Cnf::new();
    cnf.reserve_vars(200);
    assert_eq!(counted(&cnf, None), BigUint::from(1u8) << 200usize);
    assert_eq!(
        counted(&cnf, Some(&[Var(0), Var(5), Var(199)])),
        BigUint::from(8u8)
    );
    // 150 independent "x or y" pairs: 3^150.
    let mut cnf = Cnf::new();
    for i in 0..150 {
        cnf.add_clause(&[Var(2 * i).positive(), Var(2 * i + 1).positive()]);
    }
    assert_eq!(counted(&cnf, None), BigUint::from(3u8).pow(150));
    // The empty clause: nothing.
    cnf.add_clause(&[]);
    assert_eq!(counted(&cnf, None), BigUint::from(0u8));
}

/// The decomposition's order is re-rooted at a centroid: on a path of 15 variables (min-degree
/// eliminates it from one end, a tree rooted at the other; variable i's bag is {i, i + 1}) the
/// bag {7, 8} in the middle is the root, and the depths grow towards both ends.
#[test]
fn decomposition_is_rooted_at_a_centroid() {
    let clauses: Vec<Vec<u32>> = (0..14u32).map(|i| vec![2 * i, 2 * (i + 1)]).collect();
    let (rank, depth, width) = crate::heuristic::best_elimination_ranks(15, &clauses);
    assert_eq!(width, Some(1));
    let depths: Vec<u32> = (0..15).map(|v| depth[v]).collect();
    assert_eq!(depths, [7, 6, 5, 4, 3, 2, 1, 0, 0, 1, 2, 3, 4, 5, 6]);
    let top = (0..15).max_by_key(|&v| rank[v]).unwrap();
    assert!(top == 7 || top == 8, "the root bag first, not {top}");
}

/// Components left with only variables that definability added are asked for a model, not
/// counted (`Search::counts_on`): random circuits (and, or and xor gates over earlier wires,
/// as Tseitin clauses) with a few random clauses over all their wires, projected on the
/// inputs, which define every gate, and hidden copies of wires. Counted with definability
/// (simplified and not) and without, each against brute force; the rule must be used.
#[test]
fn components_of_defined_variables_only_change_no_count() {
    let mut rng = Xorshift(0x0def_10e5);
    let counter = |simplify, define| Counter {
        list_up_to: 0,
        simplify,
        define,
        ..Counter::default()
    };
    let counters = [
        counter(true, true),
        counter(false, true),
        counter(true, false),
    ];
    let mut used = 0;
    for round in 0..300 {
        let inputs = 3 + rng.below(5) as u32;
        let wires = inputs + 2 + rng.below(5) as u32;
        let mut cnf = Cnf::new();
        cnf.reserve_vars(wires);
        for g in inputs..wires {
            let a = Var(rng.below(u64::from(g)) as u32).positive();
            let b = Var(rng.below(u64::from(g)) as u32).positive();
            let y = Var(g).positive();
            match rng.below(3) {
                0 => {
                    // y = a ∧ b
                    cnf.add_clause(&[!y, a]);
                    cnf.add_clause(&[!y, b]);
                    cnf.add_clause(&[y, !a, !b]);
                }
                1 => {
                    // y = a ∨ b
                    cnf.add_clause(&[y, !a]);
                    cnf.add_clause(&[y, !b]);
                    cnf.add_clause(&[!y, a, b]);
                }
                _ => {
                    // y = a ⊕ b
                    cnf.add_clause(&[!y, a, b]);
                    cnf.add_clause(&[!y, !a, !b]);
                    cnf.add_clause(&[y, !a, b]);
                    cnf.add_clause(&[y, a, !b]);
                }
            }
        }
        // Copies x = a of earlier wires that propagation does not see: a → (x ∨ w) and
        // a → (x ∨ ¬w) with w free, x → a. Definability finds x; unit propagation on a does
        // not set it, so once the inputs are set a component {x, w} is left.
        let copies = 1 + rng.below(3) as u32;
        cnf.reserve_vars(wires + 2 * copies);
        for k in 0..copies {
            let a = Var(rng.below(u64::from(wires)) as u32).positive();
            let (x, w) = (
                Var(wires + 2 * k).positive(),
                Var(wires + 2 * k + 1).positive(),
            );
            cnf.add_clause(&[!a, x, w]);
            cnf.add_clause(&[!a, x, !w]);
            cnf.add_clause(&[!x, a]);
        }
        let wires = wires + 2 * copies;
        for _ in 0..rng.below(4) {
            let c: Vec<Lit> = (0..2 + rng.below(2))
                .map(|_| Lit::new(Var(rng.below(u64::from(wires)) as u32), rng.below(2) == 0))
                .collect();
            cnf.add_clause(&c);
        }
        let shown: Vec<Var> = (0..inputs).map(Var).collect();
        let want = BigUint::from(brute(&cnf, Some(&shown)));
        for c in &counters {
            let got = c.count(&cnf, Some(&shown));
            assert_eq!(
                got.count, want,
                "round {round}, simplify {}, define {}: {cnf:?}",
                c.simplify, c.define
            );
            used += got.stats.defined_only;
        }
    }
    assert!(used > 100, "components of defined variables only: {used}");
}
