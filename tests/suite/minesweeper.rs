//! Minesweeper through the command line: the three input forms, counts, probabilities and
//! deducible cells.

use crate::common::*;

#[test]
fn analysis_counts_and_deduces() {
    let f = instance("encodings/minesweeper/frontier-8x8.txt");
    let r = wellposed(&["minesweeper", "analyze", "--json", &f]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    let j = r.json();
    assert_eq!(j["consistent"], true);
    let layouts = j["layouts"].as_u64().unwrap();
    // The same number by SAT (blocking clauses) and by the default count (components).
    let sat = wellposed(&["count", "--json", "--method", "sat", &f]).json();
    assert_eq!(sat["count"].as_u64().unwrap(), layouts);
    let native = wellposed(&["count", "--json", &f]).json();
    assert_eq!(native["count"].as_u64().unwrap(), layouts);
    assert_eq!(native["method"], "native");
    // Safe cells and mines by probability agree with the backbone of the CNF.
    let d = wellposed(&["solve", "--deduce", "--json", &f]).json();
    let fixed = d["fixed"].as_array().unwrap();
    let mines = fixed.iter().filter(|x| x["value"] == true).count();
    let safe = fixed.iter().filter(|x| x["value"] == false).count();
    assert_eq!(mines, j["mines"].as_array().unwrap().len());
    assert_eq!(safe, j["safe"].as_array().unwrap().len());
    let picture: Vec<String> = j["deduced"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r.as_str().unwrap().to_string())
        .collect();
    assert_eq!(d["deduced"].as_str().unwrap(), picture.join("\n"));
}

#[test]
fn place_the_mines_and_game_ids() {
    let f = instance("encodings/minesweeper/place-the-mines-8x8.txt");
    assert_eq!(
        wellposed(&["solve", "--json", &f]).json()["status"],
        "unique"
    );
    let id = "9x9:4,4,004000007c00010022080";
    let r = wellposed(&["solve", "--json", id]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert_eq!(r.json()["status"], "unique");
    let a = wellposed(&["minesweeper", "analyze", "--json", id]).json();
    assert_eq!(a["mines"].as_array().unwrap().len(), 10);
    let bad = wellposed(&["solve", "9x9:4,4,mb071b49fbd1cb6a0d5868"]);
    assert_eq!(bad.code, 2);
    assert!(bad.stderr.contains("masked"), "{}", bad.stderr);
}

/// `minesweeper play --level beginner --json` with more arguments; it must succeed.
fn play_beginner(more: &[&str]) -> serde_json::Value {
    let mut args = vec!["minesweeper", "play", "--level", "beginner", "--json"];
    args.extend_from_slice(more);
    let r = wellposed(&args);
    assert_eq!(r.code, 0, "{}", r.stderr);
    r.json()
}

#[test]
fn games_are_reproducible_and_mostly_won_on_beginner() {
    let run = |threads| play_beginner(&["--games", "300", "--seed", "5", "--threads", threads]);
    let (a, b) = (run("1"), run("2"));
    assert_eq!(a["won"], b["won"]);
    let rate = a["win_rate"].as_f64().unwrap();
    assert!(rate > 0.8 && rate < 1.0, "{rate}");
    assert_eq!(a["strategy"], "progress", "the default");
    let bad = wellposed(&["minesweeper", "play", "--level", "insane"]);
    assert_eq!(bad.code, 2);
    let bad = wellposed(&["minesweeper", "play", "--strategy", "luck"]);
    assert_eq!(bad.code, 2);
    assert!(
        bad.stderr.contains("lowest, endgame or progress"),
        "{}",
        bad.stderr
    );
}

#[test]
fn every_strategy_plays_and_says_which() {
    for strategy in ["lowest", "endgame", "progress"] {
        let j = play_beginner(&["--games", "200", "--strategy", strategy]);
        assert_eq!(j["strategy"], strategy);
        assert!(j["win_rate"].as_f64().unwrap() > 0.8, "{j}");
    }
}

#[test]
fn generated_boards_need_no_guess() {
    let r = wellposed(&[
        "generate",
        "minesweeper",
        "--level",
        "beginner",
        "--seed",
        "2",
        "--json",
    ]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    let j = r.json();
    // The ID reads back as a board with ten mines (its "place the mines" view).
    let id = j["game_id"].as_str().unwrap();
    let a = wellposed(&["minesweeper", "analyze", "--json", id]).json();
    assert_eq!(a["consistent"], true);
    let mines: usize = j["mines"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r.as_str().unwrap().matches('*').count())
        .sum();
    assert_eq!(mines, 10);
}
