//! puzz.link URLs: pzprjs's own test URLs (`test/script/nonogram.js`, `test/script/mines.js`)
//! solve to the answers published beside them and are written back character for character;
//! URLs made by hand from the published encoding read as intended; every bundled nonogram
//! goes to a URL and back unchanged; what the encoding cannot say is refused in one line.

mod common;
use common::*;

fn solve_json(arg: &str) -> serde_json::Value {
    let r = wellposed(&["solve", "--json", arg]);
    assert_eq!(r.code, 0, "{arg}: {}", r.stderr);
    r.json()
}

fn url_of(arg: &str) -> String {
    let r = wellposed(&["export", arg, "--format", "url"]);
    assert_eq!(r.code, 0, "{arg}: {}", r.stderr);
    r.stdout.trim().to_string()
}

#[test]
fn the_published_urls_solve_to_the_published_answers_and_write_back() {
    // The answer pzprjs's test file gives for its nonogram URL, row by row (# black).
    let nonogram = "https://puzz.link/p?nonogram/6/6/12g1111h11112j12g11g21j11g3h";
    let j = solve_json(nonogram);
    assert_eq!(j["status"], "unique");
    assert_eq!(
        j["solution"]["rows"],
        serde_json::json!(["##.#..", "#...#.", ".#.##.", "......", "#...#.", ".###.."])
    );
    assert_eq!(url_of(nonogram), nonogram);
    // Its mines URL: the mines of the published answer, row by row.
    let mines = "https://puzz.link/p?mines/5/5/g2m13l13g0j";
    let j = solve_json(mines);
    assert_eq!(j["status"], "unique");
    assert_eq!(
        j["solution"]["rows"],
        serde_json::json!([".2...", "**..1", "3*..*", "..13*", "0...*"])
    );
    assert_eq!(url_of(mines), mines);
}

#[test]
fn urls_made_by_hand_read_as_intended() {
    // A 3×2 nonogram (3 columns, 2 rows). Column slots: 1 each (rows 2 → 1 slot), row slots: 2
    // each (cols 3 → 2 slots), nearest the grid first. Columns 1, 0, 1 → `1`, `g`, `1`;
    // rows "1 1" and "3" → `11` and `3g`.
    let text = "family nonogram\nwidth 3\nheight 2\nrows\n1 1\n3\ncolumns\n1\n0\n1\n";
    let f = temp_file("hand.txt", text);
    let by_hand = "https://puzz.link/p?nonogram/3/2/1g1113g";
    assert_eq!(url_of(&f), by_hand);
    let a = solve_json(by_hand);
    let b = solve_json(&f);
    assert_eq!(a["status"], b["status"]);
    assert_eq!(a["solution"], b["solution"]);
    // A row's runs are written last first, and 16 and more take `-` and two digits: the row
    // "16 2" of a 20-wide grid fills 2 of its 10 slots, `2-10`, and 8 empty ones, `n`.
    let t = "family nonogram\nwidth 20\nheight 1\nrows\n16 2\ncolumns\n1\n1\n1\n1\n1\n1\n1\n1\n1\n1\n1\n1\n1\n1\n1\n1\n0\n1\n1\n0\n";
    let f = temp_file("hand16.txt", t);
    let url = url_of(&f);
    assert!(url.ends_with("2-10n"), "{url}");
    assert_eq!(solve_json(&url)["solution"], solve_json(&f)["solution"]);
    // Minesweeper: a 3×1 board `1.1` is `1g1`; 2×2 with nothing revealed is `j`.
    assert_eq!(
        solve_json("https://puzz.link/p?mines/3/1/1g1")["status"],
        "unique"
    );
    let j = solve_json("https://puzz.link/p?mines/2/2/j");
    assert_eq!(j["status"], "multiple");
}

#[test]
fn every_bundled_nonogram_goes_to_a_url_and_back() {
    let dir = instance("encodings/nonogram");
    for e in std::fs::read_dir(dir).unwrap() {
        let path = e.unwrap().path();
        if path.extension().is_none_or(|x| x != "txt" && x != "non") {
            continue;
        }
        let p = path.to_str().unwrap();
        let url = url_of(p);
        let back = wellposed(&["export", &url, "--format", "text"]);
        let orig = wellposed(&["export", p, "--format", "text"]);
        // The URL carries the clues, not the goal.
        let strip = |s: &str| -> String {
            s.lines()
                .filter(|l| !l.starts_with("goal"))
                .collect::<Vec<_>>()
                .join("\n")
        };
        assert_eq!(strip(&back.stdout), strip(&orig.stdout), "{p}");
    }
}

#[test]
fn what_a_url_cannot_say_is_refused_in_one_line() {
    for (arg, words) in [
        ("https://puzz.link/p?nonogram/2/2/.g1g1g1", "`?` clue"),
        ("https://puzz.link/p?mines/2/2/.i", "`?` cell"),
        ("https://puzz.link/p?mines/2/2/9i", "at most 8"),
        ("https://puzz.link/p?mines/2/2/1!", "unexpected `!`"),
        ("https://puzz.link/p?nonogram/0/2/", "expected 1 to"),
    ] {
        let r = wellposed(&["solve", arg]);
        assert_eq!(r.code, 2, "{arg}: {}", r.stdout);
        assert_eq!(r.stderr.trim().lines().count(), 1, "{arg}: {}", r.stderr);
        assert!(r.stderr.contains(words), "{arg}: {}", r.stderr);
    }
    let f = instance("encodings/minesweeper/frontier-8x8.txt");
    let r = wellposed(&["export", &f, "--format", "url"]);
    assert_eq!(r.code, 2);
    assert!(r.stderr.contains("no puzz.link URL"), "{}", r.stderr);
}
