//! Nonograms through the command line: the three input forms, uniqueness, counts, deducible
//! cells, exports and bad input.

use crate::common::*;

#[test]
fn the_three_input_forms_solve_alike() {
    let text = instance("encodings/nonogram/house-8x8.txt");
    let non = instance("encodings/nonogram/house-8x8.non");
    let a = wellposed(&["solve", "--json", &text]).json();
    let b = wellposed(&["solve", "--json", &non]).json();
    assert_eq!(a["status"], "unique");
    assert_eq!(a["solution"], b["solution"]);
    // The .non file names its goal: by default the question is whether the goal is the only
    // picture (said in the JSON); --no-intended searches from scratch, same answer.
    assert_eq!(
        (a.get("from_intended"), b["from_intended"].as_bool()),
        (None, Some(true))
    );
    let c = wellposed(&["solve", "--json", "--no-intended", &non]).json();
    assert_eq!(
        (c["status"].clone(), c.get("from_intended")),
        (b["status"].clone(), None)
    );
    assert_eq!(c["solution"], b["solution"]);
    // A Pattern game ID on the command line and the same ID in a file.
    let id = "5x5:1/2/1.1/2.2/2.2/4/1.2/1/2/3";
    let c = wellposed(&["solve", "--json", id]);
    assert_eq!(c.code, 0, "{}", c.stderr);
    let d = wellposed(&[
        "solve",
        "--json",
        &instance("encodings/nonogram/tatham-5x5.txt"),
    ])
    .json();
    assert_eq!(c.json()["solution"], d["solution"]);
    assert_eq!(d["status"], "unique");
}

#[test]
fn two_solutions_and_what_is_deducible() {
    let f = instance("encodings/nonogram/checkerboard-4x4.txt");
    let r = wellposed(&["solve", "--deduce", "--json", &f]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    let j = r.json();
    assert_eq!(j["status"], "multiple");
    assert_ne!(j["solution"], j["second_solution"]);
    // The white frame is fixed; the 2×2 patch is open.
    assert_eq!(j["fixed_count"], 12);
    assert_eq!(j["open_count"], 4);
    assert_eq!(j["deduced"], "....\n.??.\n.??.\n....");
    for method in ["sat", "native"] {
        let c = wellposed(&["count", "--json", "--method", method, &f]).json();
        assert_eq!(c["count"], 2, "{method}");
    }
    // A unique puzzle has every cell deducible.
    let u = wellposed(&[
        "solve",
        "--deduce",
        "--json",
        &instance("encodings/nonogram/house-8x8.txt"),
    ])
    .json();
    assert_eq!(u["open_count"], 0);
    assert_eq!(u["fixed_count"], 64);
}

#[test]
fn exports_project_on_the_cells() {
    let f = instance("encodings/nonogram/checkerboard-4x4.txt");
    let r = wellposed(&["export", "--format", "dimacs", &f]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    let show: Vec<&str> = r
        .stdout
        .lines()
        .filter(|l| l.starts_with("c p show"))
        .collect();
    assert_eq!(show.len(), 1);
    let vars: Vec<i64> = show[0]
        .split_whitespace()
        .skip(3)
        .map(|t| t.parse().unwrap())
        .filter(|&v| v != 0)
        .collect();
    assert_eq!(vars, (1..=16).collect::<Vec<i64>>());
}

#[test]
fn bad_nonograms_are_one_line_errors() {
    let f = temp_file(
        "bad.non",
        "width 3\nheight 2\nrows\n1\n1,4\ncolumns\n1\n1\n0\n",
    );
    let r = wellposed(&["solve", &f]);
    assert_eq!(r.code, 2);
    assert_eq!(r.stderr.trim().lines().count(), 1, "{}", r.stderr);
    assert!(r.stderr.contains("bad.non:5:"), "{}", r.stderr);
    let r = wellposed(&["solve", "3x2:1/1/1/1"]);
    assert_eq!(r.code, 2);
    assert!(r.stderr.contains("expected 5 clues"), "{}", r.stderr);
}

#[test]
fn generated_nonograms_are_unique_and_reproducible() {
    let generate = || {
        wellposed(&[
            "generate", "nonogram", "--size", "8", "--height", "6", "--seed", "3", "--json",
        ])
    };
    let r = generate();
    assert_eq!(r.code, 0, "{}", r.stderr);
    let j = r.json();
    // The printed game ID solves, uniquely, to the picture it was made from.
    let s = wellposed(&["solve", "--json", j["game_id"].as_str().unwrap()]).json();
    assert_eq!(s["status"], "unique");
    assert_eq!(s["solution"], j["solution"]);
    assert_eq!(generate().json()["game_id"], j["game_id"]);
}

/// `generate nonogram` reports the grade `wellposed grade` gives the puzzle it prints (the
/// shared engine with line solving; it used to grade without the family's rule).
#[test]
fn generated_nonograms_report_the_grade_of_grade() {
    for seed in ["3", "4"] {
        let made = wellposed(&[
            "generate", "nonogram", "--size", "10", "--seed", seed, "--json",
        ]);
        let j = made.json();
        let f = temp_file(&format!("graded-{seed}.txt"), j["puzzle"].as_str().unwrap());
        let g = wellposed(&["grade", "--json", &f]).json();
        assert_eq!(j["hardest"], g["hardest"], "seed {seed}");
        assert_eq!(j["solved_by_deduction"], g["solved"], "seed {seed}");
    }
}
