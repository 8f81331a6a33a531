//! Zebra puzzles and maps (the other families whose clues relate objects) through the command
//! line.

mod common;
use common::*;

#[test]
fn the_1962_puzzle_solves_counts_and_exports() {
    let f = instance("encodings/zebra/life-1962.txt");
    let r = wellposed(&["solve", "--json", &f]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    let j = r.json();
    assert_eq!(j["status"], "unique");
    assert_eq!(j["solution"]["rows"][4][4], "zebra");
    assert_eq!(j["solution"]["rows"][4][1], "Japanese");
    let e = wellposed(&["export", "--format", "dimacs", &f]);
    assert_eq!(e.code, 0);
    // The projection: 5 categories × 5 values × 5 positions.
    let shown: usize = e
        .stdout
        .lines()
        .filter(|l| l.starts_with("c p show"))
        .map(|l| l.split_whitespace().skip(3).filter(|&t| t != "0").count())
        .sum();
    assert_eq!(shown, 125);
}

#[test]
fn generated_zebra_puzzles_solve_uniquely_from_their_text() {
    let r = wellposed(&[
        "generate",
        "zebra",
        "--size",
        "5",
        "--categories",
        "4",
        "--seed",
        "9",
        "--json",
    ]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    let j = r.json();
    let f = temp_file("generated-zebra.txt", j["puzzle"].as_str().unwrap());
    let s = wellposed(&["solve", "--json", &f]).json();
    assert_eq!(s["status"], "unique");
    assert_eq!(s["solution"]["rows"], j["solution"]["rows"]);
    assert_eq!(
        j["sentences"].as_array().unwrap().len(),
        j["clues"].as_u64().unwrap() as usize
    );
    // Same seed, same puzzle.
    let again = wellposed(&[
        "generate",
        "zebra",
        "--size",
        "5",
        "--categories",
        "4",
        "--seed",
        "9",
        "--json",
    ]);
    assert_eq!(again.json()["puzzle"], j["puzzle"]);
    let bad = wellposed(&["generate", "zebra", "--size", "9"]);
    assert_eq!(bad.code, 2);
}

#[test]
fn maps_solve_and_count() {
    let f = instance("encodings/map/six-regions.txt");
    let r = wellposed(&["solve", "--json", &f]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert_eq!(r.json()["status"], "unique");
    // The wheel W5: 4 × P(C5, 3) = 120 with four colours.
    let w = instance("encodings/map/wheel-w5.txt");
    assert_eq!(wellposed(&["count", "--json", &w]).json()["count"], 120);
}
