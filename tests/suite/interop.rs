//! Interop with real external SAT solvers: the exported CNF solved by cadical or picosat
//! decodes to the same answers as the embedded solver. `.ci/run` installs the solvers; on a
//! machine without them the test says so and skips, except under CI, where that is a failure.

use crate::common::*;

fn available(cmd: &str) -> bool {
    std::process::Command::new("sh")
        .args(["-c", &format!("command -v {cmd}")])
        .output()
        .is_ok_and(|o| o.status.success())
}

fn solvers() -> Vec<&'static str> {
    let found: Vec<&str> = ["cadical", "picosat"]
        .into_iter()
        .filter(|s| available(s))
        .collect();
    if found.is_empty() {
        assert!(
            std::env::var_os("CI").is_none(),
            "CI must install an external SAT solver (see .ci/run)"
        );
        eprintln!("SKIPPED: no external SAT solver (cadical, picosat) on PATH");
    }
    found
}

#[test]
fn external_solvers_agree_with_the_embedded_one() {
    for solver in solvers() {
        let sub = instance("encodings/submarines/unique-6x6.txt");
        let embedded = wellposed(&["solve", "--json", &sub]).json();
        let external = wellposed(&["solve", "--json", "--solver", solver, &sub]);
        assert_eq!(external.code, 0, "{solver}: {}", external.stderr);
        let external = external.json();
        assert_eq!(external["status"], "unique", "{solver}");
        assert_eq!(external["solution"], embedded["solution"], "{solver}");

        let multi = instance("encodings/submarines/multiple-4x5.txt");
        let j = wellposed(&["solve", "--json", "--solver", solver, &multi]).json();
        assert_eq!(j["status"], "multiple", "{solver}");
        assert_ne!(j["solution"], j["second_solution"]);

        let r = wellposed(&[
            "solve",
            "--solver",
            solver,
            &instance("encodings/raw/pigeonhole-6-5.cnf"),
        ]);
        assert_eq!(r.stdout.trim(), "s UNSATISFIABLE", "{solver}");
        assert_eq!(
            count_of(&["--solver", solver, &instance("encodings/raw/queens8.cnf")]),
            (92, true),
            "{solver}"
        );
    }
}

#[test]
fn a_missing_external_solver_is_a_clear_error() {
    let r = wellposed(&[
        "solve",
        "--solver",
        "no-such-solver-xyz",
        &instance("encodings/raw/queens8.cnf"),
    ]);
    assert_eq!(r.code, 2);
    assert!(
        r.stderr.contains("no-such-solver-xyz") && r.stderr.contains("cannot run it"),
        "{}",
        r.stderr
    );
}

/// cadical's own DRAT proofs (a solver that shares nothing with ours, with its preprocessing on)
/// pass wellposed's checker, and fail against a formula they do not refute.
#[test]
fn the_proof_checker_accepts_cadicals_proofs_and_nothing_else() {
    if !solvers().contains(&"cadical") {
        eprintln!("SKIPPED: cadical is not on PATH");
        return;
    }
    let php = |pigeons: usize, holes: usize| {
        let p = |i: usize, h: usize| (i * holes + h + 1) as i64;
        let mut clauses: Vec<Vec<i64>> = (0..pigeons)
            .map(|i| (0..holes).map(|h| p(i, h)).collect())
            .collect();
        for h in 0..holes {
            for a in 0..pigeons {
                for b in a + 1..pigeons {
                    clauses.push(vec![-p(a, h), -p(b, h)]);
                }
            }
        }
        clauses
    };
    let dimacs = |clauses: &[Vec<i64>], vars: usize| {
        let mut t = format!("p cnf {vars} {}\n", clauses.len());
        for c in clauses {
            let words: Vec<String> = c.iter().map(|l| l.to_string()).collect();
            t.push_str(&format!("{} 0\n", words.join(" ")));
        }
        t
    };
    for holes in [4, 6, 8] {
        let clauses = php(holes + 1, holes);
        let vars = (holes + 1) * holes;
        let cnf = temp_file(&format!("php{holes}.cnf"), &dimacs(&clauses, vars));
        let proof = format!("{cnf}.drat");
        let out = std::process::Command::new("cadical")
            .args(["-q", "--no-binary", &cnf, &proof])
            .output()
            .unwrap();
        assert_eq!(
            out.status.code(),
            Some(20),
            "cadical refutes PHP({}, {holes})",
            holes + 1
        );
        let r = wellposed(&["check-proof", "--json", &cnf, &proof]);
        assert_eq!(r.code, 0, "{}", r.stderr);
        assert_eq!(r.json()["verified"], true);
        // Without the first pigeon's clause the formula is satisfiable: the proof must fail.
        let weaker = temp_file(
            &format!("php{holes}-weaker.cnf"),
            &dimacs(&clauses[1..], vars),
        );
        let r = wellposed(&["check-proof", &weaker, &proof]);
        assert_eq!(r.code, 2, "a satisfiable formula was refuted");
        assert!(r.stderr.contains("proof line"), "{}", r.stderr);
    }
}
