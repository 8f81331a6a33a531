//! The independent DRAT checker against real proofs: varisat's refutations check, and the same
//! proofs never check against a weakened, satisfiable formula (the checker is sound on them).

use wellposed_engine::sat::{Backend, Cnf, Lit, VarisatBackend};
use wellposed_engine::Xorshift;

/// varisat's DRAT proof for `clauses`, or None when they are satisfiable.
fn proof_of(clauses: &[Vec<i64>], name: &str) -> Option<Vec<u8>> {
    let path =
        std::env::temp_dir().join(format!("wellposed-test-{}-{name}.drat", std::process::id()));
    let mut solver =
        VarisatBackend::with_drat_proof(std::fs::File::create(&path).expect("temp file"));
    for c in clauses {
        let lits: Vec<Lit> = c.iter().map(|&l| Lit::from_dimacs(l).unwrap()).collect();
        solver.add_clause(&lits);
    }
    let sat = solver.solve(&[]).unwrap();
    solver.close_proof().unwrap();
    drop(solver);
    let proof = std::fs::read(&path).unwrap();
    let _ = std::fs::remove_file(&path);
    (!sat).then_some(proof)
}

fn satisfiable(clauses: &[Vec<i64>]) -> bool {
    let mut s = VarisatBackend::new();
    let mut cnf = Cnf::new();
    for c in clauses {
        let lits: Vec<Lit> = c.iter().map(|&l| Lit::from_dimacs(l).unwrap()).collect();
        cnf.add_clause(&lits);
    }
    s.add_cnf(&cnf);
    s.solve(&[]).unwrap()
}

fn pigeonhole(pigeons: i64, holes: i64) -> Vec<Vec<i64>> {
    let p = |i: i64, h: i64| i * holes + h + 1;
    let mut f: Vec<Vec<i64>> = (0..pigeons)
        .map(|i| (0..holes).map(|h| p(i, h)).collect())
        .collect();
    for h in 0..holes {
        for a in 0..pigeons {
            for b in a + 1..pigeons {
                f.push(vec![-p(a, h), -p(b, h)]);
            }
        }
    }
    f
}

#[test]
fn pigeonhole_refutations_check_and_fail_once_a_pigeon_may_stay_out() {
    for holes in 3..=6 {
        let f = pigeonhole(holes + 1, holes);
        let proof = proof_of(&f, &format!("php{holes}")).expect("unsatisfiable");
        let checked = wellposed_drat::check(&f, proof.as_slice()).unwrap();
        assert!(checked.lemmas > 0);
        // Without the first pigeon's clause the formula has a model: the proof must fail.
        assert!(wellposed_drat::check(&f[1..], proof.as_slice()).is_err());
    }
}

#[test]
fn random_refutations_check_and_never_refute_a_satisfiable_formula() {
    let mut rng = Xorshift(0x0dd_ba11);
    let (mut refuted, mut rejected) = (0, 0);
    for round in 0..300 {
        let vars = 12 + rng.below(10) as i64;
        let clauses = (vars as f64 * 4.6) as usize;
        let f: Vec<Vec<i64>> = (0..clauses)
            .map(|_| {
                (0..3)
                    .map(|_| {
                        let v = 1 + rng.below(vars as u64) as i64;
                        if rng.below(2) == 0 {
                            v
                        } else {
                            -v
                        }
                    })
                    .collect()
            })
            .collect();
        let Some(proof) = proof_of(&f, &format!("r{round}")) else {
            continue;
        };
        wellposed_drat::check(&f, proof.as_slice())
            .unwrap_or_else(|e| panic!("round {round}: {e}"));
        refuted += 1;
        // Drop clauses until the rest is satisfiable: the proof must not check against it.
        let mut weaker = f.clone();
        while !weaker.is_empty() && !satisfiable(&weaker) {
            weaker.remove(rng.below(weaker.len() as u64) as usize);
        }
        assert!(
            wellposed_drat::check(&weaker, proof.as_slice()).is_err(),
            "round {round}: a satisfiable formula was refuted"
        );
        rejected += 1;
    }
    assert!(refuted >= 50, "{refuted} refutations");
    assert_eq!(refuted, rejected);
}
