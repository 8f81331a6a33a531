//! puzz.link URLs: pzprjs's own test URLs (`test/script/nonogram.js`, `test/script/mines.js`,
//! `test/script/battleship.js`) solve to the answers published beside them and are written
//! back character for character; URLs made by hand from the published encoding read as
//! intended; every bundled nonogram and battleships puzzle, and generated battleships, go to a
//! URL and back unchanged; fleets of bent ships and mines cells given as safe without their
//! number solve to the answers published beside them; what the encoding cannot say is refused
//! in one line.

use crate::common::*;

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
    // Its battleship URL (the fleet `//c`: one ship of 3, two of 2, three of 1). The answer
    // beside it, `#` ship: `..#...`, `#.#..#`, `......`, `##....`, `...###`, `#.....`, where
    // the clue at row 4 col 1 (piece 3) is the left end of the ship in row 4.
    let battleship = "https://puzz.link/p?battleship/6/6/g12h2g30g3gk0r3w//c";
    let j = solve_json(battleship);
    assert_eq!(j["status"], "unique");
    assert_eq!(
        j["solution"]["rows"],
        serde_json::json!(["..t...", "c.b..c", "......", "lr....", "...lmr", "c....."])
    );
    assert_eq!(url_of(battleship), battleship);
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
fn battleship_urls_made_by_hand_read_as_intended() {
    // A 4×1 board (4 columns, 1 row), fleet one ship of 3 (`/1/31s`): column counts 1 1 1 0
    // (`1110`), row count 3 (`3`), then the cells: a left end (piece 3) in column 1 and three
    // open cells (`i`). One answer, `lmr.`.
    let j = solve_json("https://puzz.link/p?battleship/4/1/111033i/1/31s");
    assert_eq!(j["status"], "unique");
    assert_eq!(j["solution"]["rows"], serde_json::json!(["lmr."]));
    // No counts; the cell in column 2 a ship whose piece is not said (`.`), column 4 water
    // (`0`); the same ship given in the clear, standing (`1:111`): again only `lmr.`.
    let j = solve_json("https://puzz.link/p?battleship/4/1/kg.g0/1/1:111");
    assert_eq!(j["status"], "unique");
    assert_eq!(j["solution"]["rows"], serde_json::json!(["lmr."]));
    // Written back with the piece in its code form and the unsaid piece as `.`.
    assert_eq!(
        url_of("https://puzz.link/p?battleship/4/1/kg.g0/1/1:111"),
        "https://puzz.link/p?battleship/4/1/kg.g0/1/31s"
    );
    // A standing ship: a top end (1) at row 1 and a bottom end (2) at row 3 of a 1×3 column
    // with a fleet of two submarines and one ship of 3 listed shortest first.
    let j = solve_json("https://puzz.link/p?battleship/1/3/j1g2/3/11g/11g/31s");
    assert_eq!(
        j["status"], "none",
        "two submarines cannot fit beside the ship"
    );
    let j = solve_json("https://puzz.link/p?battleship/1/3/j1g2/1/31s");
    assert_eq!(j["solution"]["rows"], serde_json::json!(["t", "m", "b"]));
}

#[test]
fn every_bundled_and_generated_battleships_puzzle_goes_to_a_url_and_back() {
    let mut files: Vec<String> = ["csplib-113.txt", "csplib-113-no-hints.txt", "csplib-113.pl"]
        .iter()
        .map(|f| instance(&format!("encodings/battleships/{f}")))
        .collect();
    for seed in 1..=4 {
        let r = wellposed(&[
            "generate",
            "battleships",
            "--size",
            "8",
            "--seed",
            &seed.to_string(),
        ]);
        assert_eq!(r.code, 0, "{}", r.stderr);
        let text: String = r
            .stdout
            .lines()
            .take_while(|l| !l.is_empty())
            .map(|l| format!("{l}\n"))
            .collect();
        files.push(temp_file(&format!("bs-url-{seed}.txt"), &text));
    }
    for f in &files {
        let url = url_of(f);
        // The URL lists the hints row by row, whatever their order in the file.
        let lines = |args: &[&str]| -> Vec<String> {
            let mut v: Vec<String> = wellposed(args).stdout.lines().map(String::from).collect();
            v.sort();
            v
        };
        assert_eq!(
            lines(&["export", &url, "--format", "text"]),
            lines(&["export", f, "--format", "text"]),
            "{f} → {url}"
        );
        let (a, b) = (solve_json(&url), solve_json(f));
        assert_eq!(
            (&a["status"], &a["solution"]),
            (&b["status"], &b["solution"]),
            "{f}"
        );
    }
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
        ("https://puzz.link/p?mines/2/2/9i", "at most 8"),
        ("https://puzz.link/p?mines/2/2/1!", "unexpected `!`"),
        ("https://puzz.link/p?nonogram/0/2/", "expected 1 to"),
        (
            "https://puzz.link/p?battleship/2/2/kbi//c",
            "piece 11 is not a piece",
        ),
        (
            "https://puzz.link/p?battleship/2/2/kj//x",
            "not one pzprjs names",
        ),
        (
            "https://puzz.link/p?battleship/2/2/kj/1/22g",
            "has an empty row or column",
        ),
        (
            "https://puzz.link/p?battleship/2/2/kj/1/2:1001",
            "not in one piece",
        ),
        ("https://puzz.link/p?battleship/2/2/kj/1/13", "has no cell"),
        (
            "https://puzz.link/p?battleship/2/2/kj/2/11g",
            "says 2 ships and lists 1",
        ),
        (
            "https://puzz.link/p?battleship/2/2/kj",
            "expected the fleet",
        ),
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

#[test]
fn a_url_of_a_genre_not_read_says_so_and_names_those_read() {
    let r = wellposed(&["solve", "https://puzz.link/p?tapa/5/5/h07chdgdh80c"]);
    assert_eq!(r.code, 2, "{}", r.stderr);
    assert_eq!(r.stderr.trim().lines().count(), 1, "{}", r.stderr);
    assert!(r.stderr.contains("genre `tapa`"), "{}", r.stderr);
    // The genres read are the registry's keys.
    for key in [
        "nonogram",
        "mines (minesweeper)",
        "battleship (battleships)",
    ] {
        assert!(r.stderr.contains(key), "{key}: {}", r.stderr);
    }
    assert!(!r.stderr.contains("No such file"), "{}", r.stderr);
}

/// The ship cells of a solution (`#`), whatever the pieces.
fn ship_cells(rows: &serde_json::Value) -> Vec<String> {
    rows.as_array()
        .unwrap()
        .iter()
        .map(|r| {
            r.as_str()
                .unwrap()
                .chars()
                .map(|c| if c == '.' { '.' } else { '#' })
                .collect()
        })
        .collect()
}

#[test]
fn bent_fleets_and_safe_cells_solve_to_the_published_answers_and_write_back() {
    // semiexp/cspuz_core, cspuz_rs_puzzles/src/puzzles/battleship.rs: its corner test (a fleet
    // of two 2×2 squares, `/2/22u/22u`, the corners 7–10 given) and its test of a cross of
    // five (`33bk`) among four ships of 3, with the answers published beside them (1 ship).
    for (url, answer) in [
        (
            "https://puzz.link/p?battleship/2/5/m7hai89g/2/22u/22u",
            vec!["##", "##", "..", "##", "##"],
        ),
        (
            "https://puzz.link/p?battleship/7/7/ti5s1i5g3g4g5i2s5i/5/31s/31s/31s/31s/33bk",
            vec![
                "..###..", ".......", "#..#..#", "#.###.#", "#..#..#", ".......", "..###..",
            ],
        ),
    ] {
        let j = solve_json(url);
        assert_eq!(j["status"], "unique", "{url}");
        assert_eq!(ship_cells(&j["solution"]["rows"]), answer, "{url}");
        assert_eq!(url_of(url), url);
    }
    // The corners read as pzprjs draws them: 7 ┌ `q`, 8 ┐ `p`, 9 └ `d`, 10 ┘ `j`.
    let j = solve_json("https://puzz.link/p?battleship/2/5/m7hai89g/2/22u/22u");
    assert_eq!(
        j["solution"]["rows"],
        serde_json::json!(["qp", "dj", "..", "qp", "dj"])
    );
    // Pentomino fleets, named (`//p`) and listed piece by piece (a piece whose padding bit
    // differs from pzprjs's preset, `337p`), go back as they came.
    for url in [
        "https://puzz.link/p?battleship/15/15/7i8g2i7h5529g21h5g1j7000j0j0000k000k00l0l0j0k0m000i000m0k0k0k0k0g000i000i000g0k0k0k0k0m000i000m0k0j0l0l00k000k0000j0j000//p",
        "https://puzz.link/p?battleship/12/12/ag75g2g8h6j3g4g65hap0q0u0j0v0o0k0t00h0j0y0h0r0i0i/12/337k/15v/24as/24bo/23fg/337i/23rg/334u/335s/33bk/24bk/337p",
    ] {
        assert_eq!(solve_json(url)["status"], "unique", "{url}");
        assert_eq!(url_of(url), url);
    }
    // What was refused before and is a puzzle now (cspuz says the same of each): a corner
    // piece with a straight fleet that cannot fit, the pentominoes on a 2×2 board (no
    // answer), a 2×2 square on a 2×2 board, a mines board with one cell given safe.
    for (url, status) in [
        ("https://puzz.link/p?battleship/3/3/l8ki//c", "none"),
        ("https://puzz.link/p?battleship/2/2/k8i//c", "none"),
        ("https://puzz.link/p?battleship/2/2/kj//p", "none"),
        ("https://puzz.link/p?battleship/2/2/kj/1/22u", "unique"),
        ("https://puzz.link/p?mines/2/2/.i", "multiple"),
    ] {
        assert_eq!(solve_json(url)["status"], status, "{url}");
    }
    // semiexp/cspuz_core, cspuz_rs_puzzles/src/puzzles/minesweeper.rs: a board whose last
    // column is given safe without numbers (`.`), and the answer beside it: mines at row 1
    // col 2 and row 3 col 4.
    let mines = "https://puzz.link/p?mines/5/3/1g1g.j.0g1g.";
    let j = solve_json(mines);
    assert_eq!(j["status"], "unique");
    assert_eq!(
        j["solution"]["rows"],
        serde_json::json!(["1*1.-", "....-", "0.1*-"])
    );
    assert_eq!(url_of(mines), mines);
    // The safe cell says so in the text format too, and comes back from it.
    let text = wellposed(&["export", mines, "--format", "text"]).stdout;
    assert!(text.contains("1.1.-\n....-\n0.1.-"), "{text}");
    let f = temp_file("safe-mines.txt", &text);
    assert_eq!(url_of(&f), mines);
}

/// pzprjs's parts between the genre and the size (its `parseURLData`): a flag the family reads
/// is read (the full variants of Slitherlink and Masyu, Fillomino's regions of at most 3
/// cells; each written back with it); another flag, or a `v:` variant
/// mark (a puzzle with rules of its own), is refused in one line that names it — never read as
/// the plain genre, and never said to be a genre wellposed does not read.
#[test]
fn flags_and_variant_marks_are_read_or_refused_by_name() {
    for (url, status) in [
        ("https://puzz.link/p?slither/f/3/2/jd", "unique"),
        ("https://puzz.link/p?mashu/f/3/2/00", "unique"),
        ("https://puzz.link/p?fillomino/t/2/2/4i", "none"),
    ] {
        assert_eq!(solve_json(url)["status"], status, "{url}");
        assert_eq!(url_of(url), url);
    }
    for (arg, words) in [
        ("https://puzz.link/p?mashu/e/3/2/00", "flag `e`"),
        ("https://puzz.link/p?country/e/2/2/00", "flag `e`"),
        ("https://puzz.link/p?fillomino/tx/2/2/1", "flag `x`"),
        ("https://puzz.link/p?lits/d/2/2/00", "flag `d`"),
        (
            "https://puzz.link/p?nurikabe/v:x/3/3/g",
            "`v:x` marks a variant",
        ),
        (
            "https://puzz.link/p?v:x/nurikabe/3/3/g",
            "`v:x` marks a variant",
        ),
        (
            "https://puzz.link/p?slither/v:x/f/3/2/jd",
            "`v:x` marks a variant",
        ),
        (
            "https://puzz.link/p?yajilin/v:x/2/2/00",
            "the yajilin family reads",
        ),
        (
            "https://puzz.link/p?sudoku/v:x/4/4/g",
            "the sudoku family reads",
        ),
    ] {
        let r = wellposed(&["solve", arg]);
        assert_eq!(r.code, 2, "{arg}: {}", r.stdout);
        assert_eq!(r.stderr.trim().lines().count(), 1, "{arg}: {}", r.stderr);
        assert!(r.stderr.contains(words), "{arg}: {}", r.stderr);
        assert!(!r.stderr.contains("not one wellposed reads"), "{arg}");
    }
}

/// `generate`'s human output names the puzzle's URL under its first line (the same as the
/// JSON's `url` and as `export --format url` of the text), the URL solves uniquely to the same
/// answer as the text, and the text with that line still reads back.
#[test]
fn generated_puzzles_print_their_url() {
    for genre in ["nurikabe", "slitherlink", "numlin", "heyawake"] {
        let r = wellposed(&["generate", genre, "--seed", "1"]);
        assert_eq!(r.code, 0, "{genre}: {}", r.stderr);
        let line = r.stdout.lines().nth(1).unwrap_or_default();
        let url = line
            .strip_prefix("# ")
            .expect("a comment line with the URL");
        assert!(url.starts_with("https://puzz.link/p?"), "{genre}: {line}");
        let j = wellposed(&["generate", genre, "--seed", "1", "--json"]).json();
        assert_eq!(j["url"], url, "{genre}");
        let text = temp_file(&format!("generated-{genre}-url.txt"), &r.stdout);
        assert_eq!(url_of(&text), url, "{genre}");
        let (by_text, by_url) = (solve_json(&text), solve_json(url));
        assert_eq!(by_text["status"], "unique", "{genre}");
        assert_eq!(by_text["solution"], by_url["solution"], "{genre}");
    }
}
