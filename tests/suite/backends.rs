//! The two built-in SAT backends, varisat and CaDiCaL: the same answers on every bundled
//! instance, and CaDiCaL's bounded solves (--conflicts, --timeout) end with status "unknown"
//! and exit code 3, never with a guessed answer.

use crate::common::*;

#[test]
fn varisat_and_cadical_agree_on_every_bundled_instance() {
    let mut compared = 0;
    for f in quick_sat_instances() {
        let ask = |backend: &str| {
            wellposed(&[
                "solve",
                "--json",
                "--method",
                "sat",
                "--backend",
                backend,
                &f,
            ])
        };
        let (v, c) = (ask("varisat"), ask("cadical"));
        assert_eq!(v.code, c.code, "{f}: {} / {}", v.stderr, c.stderr);
        // 10 and 20 answer a raw CNF (SAT-competition codes); anything else is a refusal.
        if ![0, 10, 20].contains(&v.code) {
            continue; // an instance without a CNF encoding: both refuse alike
        }
        let (v, c) = (v.json(), c.json());
        assert_eq!(v["status"], c["status"], "{f}");
        if v["status"] == "unique" {
            assert_eq!(v["solution"], c["solution"], "{f}");
        }
        compared += 1;
        let count = |backend: &str| {
            count_of(&[
                "--method",
                "blocking",
                "--backend",
                backend,
                "--limit",
                "500",
                &f,
            ])
        };
        assert_eq!(
            count("varisat"),
            count("cadical"),
            "{f}: blocking-clause counts"
        );
    }
    assert!(compared >= 35, "{compared}");
}

#[test]
fn a_conflict_limit_stops_cadical_with_status_unknown() {
    // The pigeonhole formula 9 → 8 needs thousands of conflicts to refute.
    let f = instance("encodings/raw/pigeonhole-9-8.cnf");
    let bounded = |conflicts: &str| {
        wellposed(&[
            "solve",
            "--json",
            "--backend",
            "cadical",
            "--conflicts",
            conflicts,
            &f,
        ])
    };
    let r = bounded("10");
    assert_eq!(r.code, 3, "{}", r.stderr);
    let j = r.json();
    assert_eq!(
        (j["status"].as_str(), j["reason"].as_str()),
        (Some("unknown"), Some("conflicts"))
    );
    // With room enough it answers.
    // (A raw CNF: exit code 20 says unsatisfiable, as SAT-competition solvers do.)
    let r = bounded("10000000");
    assert_eq!((r.code, r.json()["status"].as_str()), (20, Some("none")));
    // varisat cannot count conflicts: a clear refusal, not a silent unbounded run.
    let r = wellposed(&["solve", "--backend", "varisat", "--conflicts", "10", &f]);
    assert_eq!(r.code, 2);
    assert!(r.stderr.contains("--backend cadical"), "{}", r.stderr);
}

#[test]
fn a_timeout_stops_cadical_cleanly() {
    // Pigeonhole 12 → 11 takes CaDiCaL far longer than the half second it is given.
    let mut text = String::from("p cnf 132 0\n");
    let var = |p: usize, h: usize| p * 11 + h + 1;
    for p in 0..12 {
        let clause: Vec<String> = (0..11).map(|h| var(p, h).to_string()).collect();
        text.push_str(&format!("{} 0\n", clause.join(" ")));
    }
    for h in 0..11 {
        for a in 0..12 {
            for b in a + 1..12 {
                text.push_str(&format!("-{} -{} 0\n", var(a, h), var(b, h)));
            }
        }
    }
    let f = temp_file("pigeonhole-12-11.cnf", &text);
    let started = std::time::Instant::now();
    let r = wellposed(&[
        "solve",
        "--json",
        "--backend",
        "cadical",
        "--timeout",
        "0.5",
        &f,
    ]);
    assert_eq!(r.code, 3, "{}", r.stderr);
    assert_eq!(r.json()["status"], "unknown");
    assert!(started.elapsed().as_secs() < 30);
}

#[test]
fn every_generator_makes_the_same_puzzles_on_either_backend() {
    // A generator's choices follow the uniqueness answers, and those are facts about the
    // clues: the same seed must give the same puzzle whichever solver answered.
    for args in [
        &["generate", "zebra", "--size", "4", "--categories", "3"][..],
        &["generate", "battleships", "--size", "8"],
        &["generate", "map", "--size", "5", "--regions", "7"],
        &["generate", "nonogram", "--size", "6"],
        &["generate", "survo", "--size", "4", "--height", "3"],
        &["generate", "binary", "--size", "6"],
    ] {
        let made = |backend: &str| {
            let mut a = args.to_vec();
            a.extend(["--seed", "3", "--json", "--backend", backend]);
            let r = wellposed(&a);
            assert_eq!(r.code, 0, "{args:?} on {backend}: {}", r.stderr);
            r.json()["puzzle"].clone()
        };
        let v = made("varisat");
        assert!(v.is_string(), "{args:?}: {v}");
        assert_eq!(v, made("cadical"), "{args:?}");
    }
}

#[test]
fn a_conflict_bound_on_generate_still_gives_a_proved_unique_puzzle() {
    // Zebra puzzles need search: under a bound of a few conflicts a check may fail, so the
    // generator keeps more clues, but what it prints is proved unique (re-checked unbounded).
    let r = wellposed(&[
        "generate",
        "zebra",
        "--size",
        "5",
        "--seed",
        "2",
        "--json",
        "--backend",
        "cadical",
        "--conflicts",
        "2",
    ]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    let puzzle = temp_file(
        "bounded-zebra.txt",
        r.json()["puzzle"].as_str().expect("a puzzle"),
    );
    let s = wellposed(&["solve", "--json", "--method", "sat", &puzzle]);
    assert_eq!(s.json()["status"], "unique", "{}", s.stderr);
}

#[test]
fn backend_is_accepted_by_commands_that_ask_no_sat_solver() {
    let f = instance("encodings/binary/unique-10x10.txt");
    for cmd in ["grade", "hint"] {
        let r = wellposed(&[cmd, "--backend", "cadical", &f]);
        assert_eq!(r.code, 0, "{cmd}: {}", r.stderr);
    }
}

#[test]
fn encoding_choices_change_the_cnf_but_never_the_answers() {
    let choices: [&[&str]; 6] = [
        &[],
        &["--amo", "pairwise"],
        &["--amo", "sequential"],
        &["--pairwise-up-to", "1"],
        &["--cardinality", "sequential"],
        &["--cardinality", "totalizer"],
    ];
    for rel in [
        "encodings/submarines/multiple-4x5.txt",
        "encodings/battleships/csplib-113-no-hints.txt",
        "encodings/map/wheel-w5.txt",
        "encodings/minesweeper/frontier-8x8.txt",
        "encodings/binary/two-solutions-6x6.txt",
        "encodings/zebra/life-1962.txt",
    ] {
        let f = instance(rel);
        let mut headers = std::collections::BTreeSet::new();
        let mut counts = std::collections::BTreeSet::new();
        for flags in choices {
            let export = wellposed(&[&["export", "--format", "dimacs", &f][..], flags].concat());
            assert_eq!(export.code, 0, "{rel} {flags:?}: {}", export.stderr);
            headers.insert(export.stdout.lines().next().unwrap_or("").to_string());
            for method in ["blocking", "counter"] {
                let args = [&["--method", method, &f][..], flags].concat();
                counts.insert(count_of(&args));
            }
        }
        assert_eq!(counts.len(), 1, "{rel}: {counts:?}");
        // Every one of these families leaves a choice open, so some CNF differs.
        assert!(headers.len() > 1, "{rel}: {headers:?}");
    }
}

/// The backbone (`solve --deduce`) reads models after adding clauses: the same deducible cells
/// on both backends, on every bundled instance with a solution. (CaDiCaL may only be asked for
/// values until the next clause is added; asking later aborted the process.)
#[test]
fn the_backbone_is_the_same_on_both_backends() {
    let mut compared = 0;
    for f in quick_sat_instances() {
        let ask = |backend: &str| {
            let args = [
                "solve",
                "--deduce",
                "--json",
                "--method",
                "sat",
                "--backend",
                backend,
            ];
            wellposed(&[&args[..], &[f.as_str()]].concat())
        };
        let (v, c) = (ask("varisat"), ask("cadical"));
        assert_eq!(v.code, c.code, "{f}: {} / {}", v.stderr, c.stderr);
        if ![0, 10].contains(&v.code) {
            continue;
        }
        let (v, c) = (v.json(), c.json());
        if v["status"] == "none" {
            continue;
        }
        assert_eq!(v["fixed"], c["fixed"], "{f}");
        compared += 1;
    }
    assert!(compared >= 20, "{compared} compared");
}
