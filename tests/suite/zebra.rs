//! Zebra puzzles, maps and edge matching (the families whose clues relate objects, not cells)
//! through the command line.

use crate::common::*;

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
    let generate = || {
        wellposed(&[
            "generate",
            "zebra",
            "--size",
            "5",
            "--categories",
            "4",
            "--seed",
            "9",
            "--json",
        ])
    };
    let r = generate();
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
    let again = generate();
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

#[test]
fn edge_matching_in_both_forms() {
    let f = instance("encodings/edges/witch-3x3.txt");
    let dlx = wellposed(&["count", "--json", &f]).json();
    let sat = wellposed(&["count", "--json", "--method", "sat", &f]).json();
    assert_eq!(dlx["count"], sat["count"]);
    // Dancing links, memoised where a probe shows remainders repeating (here it simply counts).
    assert!(dlx["method"].as_str().unwrap().starts_with("dlx"), "{dlx}");
    // A plain piece file (four labels a line, 0 = border): a 2×2 board of corners. A square
    // board turned a quarter turn is solved again, so solutions come in fours.
    let plain = temp_file("corners.txt", "0 1 2 0\n0 0 3 1\n2 4 0 0\n3 0 0 4\n");
    let r = wellposed(&["count", "--json", &plain]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    let n = r.json()["count"].as_u64().unwrap();
    assert!(n > 0 && n.is_multiple_of(4), "{n}");
    let sat = wellposed(&["count", "--json", "--method", "sat", &plain]).json();
    assert_eq!(sat["count"].as_u64().unwrap(), n);
    let bad = temp_file(
        "bad-pieces.txt",
        "family edges\nsize 2 2\nmatch equal\npieces\n0 1 2\n",
    );
    let e = wellposed(&["solve", &bad]);
    assert_eq!(e.code, 2);
    assert!(e.stderr.contains("bad-pieces.txt:5:"), "{}", e.stderr);
}

#[test]
fn solved_boards_and_maps_are_drawn() {
    let out = temp_file("witch.svg", "");
    let r = wellposed(&[
        "solve",
        "--json",
        "--svg",
        &out,
        &instance("encodings/edges/witch-3x3.txt"),
    ]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    let svg = std::fs::read_to_string(&out).unwrap();
    assert!(svg.starts_with("<svg"));
    assert_eq!(
        svg.matches("<polygon").count(),
        4 * 9,
        "four triangles a piece"
    );
    let map = temp_file("map.svg", "");
    let r = wellposed(&[
        "solve",
        "--svg",
        &map,
        &instance("encodings/map/six-regions.txt"),
    ]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert_eq!(
        std::fs::read_to_string(&map)
            .unwrap()
            .matches("<rect")
            .count(),
        20
    );
    let none = wellposed(&[
        "solve",
        "--svg",
        &map,
        &instance("encodings/nonogram/house-8x8.txt"),
    ]);
    assert_eq!(none.code, 2);
    assert!(none.stderr.contains("no drawing"), "{}", none.stderr);
}

#[test]
fn edge_counts_up_to_board_turns() {
    let r = wellposed(&[
        "edges",
        "count",
        "--json",
        &instance("encodings/edges/witch-3x3.txt"),
    ]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    let j = r.json();
    let all = wellposed(&[
        "count",
        "--json",
        &instance("encodings/edges/witch-3x3.txt"),
    ])
    .json();
    assert_eq!(j["count"], all["count"]);
    // Square board: solutions come in fours of quarter turns.
    assert_eq!(
        j["up_to_rotation"].as_u64().unwrap() * 4,
        j["count"].as_u64().unwrap()
    );
}

#[test]
fn generated_maps_solve_uniquely_from_their_text() {
    let r = wellposed(&[
        "generate",
        "map",
        "--size",
        "7",
        "--height",
        "5",
        "--regions",
        "9",
        "--seed",
        "2",
        "--json",
    ]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    let j = r.json();
    let f = temp_file("generated-map.txt", j["puzzle"].as_str().unwrap());
    let s = wellposed(&["solve", "--json", &f]).json();
    assert_eq!(s["status"], "unique");
    let shown = wellposed(&["solve", &f]);
    assert!(
        shown.stdout.contains(j["solution"].as_str().unwrap()),
        "{}",
        shown.stdout
    );
}
