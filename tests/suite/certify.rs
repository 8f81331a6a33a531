//! `--certify`: the answer, then a DRAT proof that no further solution exists, checked by the
//! independent checker. Certified answers must be the plain answers, on every bundled instance.

use crate::common::*;

#[test]
fn certified_answers_are_the_plain_answers_on_every_bundled_instance() {
    let mut proved = 0;
    for f in quick_sat_instances() {
        let plain = wellposed(&["solve", "--json", "--method", "sat", &f]);
        let certified = wellposed(&["solve", "--json", "--certify", "--method", "sat", &f]);
        assert_eq!(plain.code, certified.code, "{f}: {}", certified.stderr);
        // 10 and 20 answer a raw CNF (SAT-competition codes); anything else is a refusal.
        if ![0, 10, 20].contains(&plain.code) {
            continue; // no CNF encoding: both refuse alike
        }
        let (p, c) = (plain.json(), certified.json());
        assert_eq!(p["status"], c["status"], "{f}");
        assert_eq!(c["certified"], true, "{f}");
        let kind = c["certificate"]["kind"].as_str().unwrap().to_string();
        if p["status"] == "multiple" {
            assert_eq!(kind, "witnesses", "{f}");
        } else {
            assert_eq!(kind, "drat", "{f}");
            assert!(c["certificate"]["lemmas"].as_u64().unwrap() >= 1, "{f}");
            proved += 1;
        }
        if p["status"] == "unique" {
            assert_eq!(p["solution"], c["solution"], "{f}");
        }
    }
    assert!(proved >= 20, "{proved} proofs");
}

#[test]
fn certified_counts_match_and_a_stopped_count_is_not_certified() {
    for rel in [
        "encodings/map/wheel-w5.txt",
        "encodings/submarines/multiple-4x5.txt",
        "encodings/minesweeper/frontier-8x8.txt",
        "encodings/battleships/csplib-113-no-hints.txt",
        "encodings/raw/queens8.cnf",
    ] {
        let f = instance(rel);
        let plain = count_of(&[&f]);
        for backend in ["varisat", "cadical"] {
            let r = wellposed(&["count", "--json", "--certify", "--backend", backend, &f]);
            assert_eq!(r.code, 0, "{rel}: {}", r.stderr);
            let j = r.json();
            assert_eq!((j["count"].as_u64().unwrap(), true), plain, "{rel}");
            assert_eq!(j["certified"], true, "{rel}");
            assert_eq!(j["certificate"]["kind"], "drat", "{rel}");
        }
        let r = wellposed(&["count", "--json", "--certify", "--limit", "3", &f]);
        let j = r.json();
        assert_eq!(
            (j["complete"].as_bool(), j["certified"].as_bool()),
            (Some(false), Some(false)),
            "{rel}"
        );
    }
}

#[test]
fn certify_checks_answers_found_by_dancing_links_and_by_the_families_mathematics() {
    // Dancing links count the queens; the certified SAT enumeration and its proof agree.
    let f = instance("encodings/raw/queens8.dlx");
    let j = wellposed(&["count", "--certify", "--method", "dlx", "--json", &f]).json();
    assert_eq!(
        (j["count"].as_u64(), j["method"].as_str()),
        (Some(92), Some("dlx"))
    );
    assert_eq!(j["certified"], true);
    assert_eq!(j["certificate"]["checks_method"], "dlx");
    assert_eq!(j["certificate"]["kind"], "drat");
    // Binary's row solver answers "unique"; the DRAT proof on the SAT path agrees.
    let b = instance("encodings/binary/unique-10x10.txt");
    let j = wellposed(&["solve", "--certify", "--method", "native", "--json", &b]).json();
    assert_eq!(j["status"], "unique");
    assert_eq!(j["certified"], true);
    assert_eq!(j["certificate"]["checks_method"], "native");
    // Without --certify the JSON says plainly that nothing was proved.
    let j = wellposed(&["solve", "--json", &b]).json();
    assert_eq!(j["certified"], false);
    let j = wellposed(&["count", "--json", &f]).json();
    assert_eq!(j["certified"], false);
}

#[test]
fn the_bundled_example_proof_checks_and_a_shortened_one_does_not() {
    let cnf = instance("encodings/drat/php-3-2.cnf");
    let proof = instance("encodings/drat/php-3-2.drat");
    let r = wellposed(&["check-proof", "--json", &cnf, &proof]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert_eq!(r.json()["lemmas"], 3);
    // Without its lemmas, the empty clause does not follow by propagation alone.
    let empty_only = temp_file("php-3-2-short.drat", "0\n");
    let r = wellposed(&["check-proof", &cnf, &empty_only]);
    assert_eq!(r.code, 2);
    assert!(r.stderr.contains("proof line 1"), "{}", r.stderr);
}

/// Clues that leave an exact-cover item with no option (two 1s in one row of a Latin square:
/// no option puts a 2 in that row) make a formula with the empty clause: no solution, proved
/// as it stands.
#[test]
fn clues_that_leave_an_item_uncoverable_certify_as_none() {
    let f = temp_file(
        "latin-two-ones.txt",
        "family latin\nsize 2\ngrid\n1 1\n. .\n",
    );
    let r = wellposed(&["solve", "--json", "--certify", &f]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    let j = r.json();
    assert_eq!(j["status"], "none");
    assert_eq!(j["certified"], true);
    assert_eq!(j["certificate"]["kind"], "drat");
}
