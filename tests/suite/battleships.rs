//! Battleships through the command line: both input forms, uniqueness, counts, deducible cells.

use crate::common::*;

#[test]
fn csplib_board_113_both_forms() {
    let text = instance("encodings/battleships/csplib-113.txt");
    let prolog = instance("encodings/battleships/csplib-113.pl");
    let a = wellposed(&["solve", "--json", &text]);
    assert_eq!(a.code, 0, "{}", a.stderr);
    let b = wellposed(&["solve", "--json", &prolog]).json();
    assert_eq!(a.json()["status"], "unique");
    assert_eq!(a.json()["solution"], b["solution"]);
    // Without hints: 70 (Moshe Rubin's count for board 113), and what all 70 share.
    let open = instance("encodings/battleships/csplib-113-no-hints.txt");
    assert_eq!(wellposed(&["count", "--json", &open]).json()["count"], 70);
    let d = wellposed(&["solve", "--deduce", "--json", &open]).json();
    assert_eq!(d["status"], "multiple");
    // Rows and columns with no ship cells are water in every solution, at least.
    let zero_cells = 2 * 10 + 2 * 10 - 2 * 2;
    assert!(d["fixed_count"].as_u64().unwrap() >= zero_cells);
}

#[test]
fn generated_boards_solve_uniquely_from_their_text() {
    let r = wellposed(&[
        "generate",
        "battleships",
        "--size",
        "9",
        "--seed",
        "4",
        "--json",
    ]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    let j = r.json();
    let f = temp_file("generated-fleet.txt", j["puzzle"].as_str().unwrap());
    let s = wellposed(&["solve", "--json", &f]).json();
    assert_eq!(s["status"], "unique");
    assert_eq!(s["solution"]["rows"], j["solution"]["rows"]);
    let bad = wellposed(&["generate", "battleships", "--size", "5"]);
    assert_eq!(bad.code, 2);
}
