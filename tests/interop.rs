//! Interop with real external SAT solvers: the exported CNF solved by cadical or picosat
//! decodes to the same answers as the embedded solver. `.ci/run` installs the solvers; on a
//! machine without them the test says so and skips, except under CI, where that is a failure.

mod common;
use common::*;

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
