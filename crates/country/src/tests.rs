use super::*;
use wellposed_engine::grading::deduce_puzzle;
use wellposed_engine::testing::{assert_counts, brute_force_count, COUNTINGS};
use wellposed_engine::{count, uniqueness, Options, Uniqueness, Xorshift};

/// pzprjs's own test URL (robx/pzprjs, `test/script/country.js`).
const PZPRJS_URL: &str = "https://puzz.link/p?country/5/5/amda0uf02h12h";

/// The same file's boards in its pzprv3 file format (rows, cols, rooms; room labels, numbers,
/// the lines across vertical borders row by row, then across horizontal ones), each with the
/// rule pzprjs names for it; `None` is the published answer (the last, error-free board).
const PZPRJS_BOARDS: &[(Option<&str>, &str)] = &[
    (Some("lnBranch"), "pzprv3/country/5/5/7/0 0 1 1 2 /0 0 1 1 2 /3 4 4 4 2 /3 5 5 6 6 /3 5 5 6 6 /2 . . . . /. . . . . /1 2 . . . /. . . . . /. . . . . /0 0 0 0 /1 1 1 1 /0 0 0 0 /0 0 0 0 /0 0 0 0 /0 1 0 0 0 /0 0 0 0 0 /0 0 0 0 0 /0 0 0 0 0 /"),
    (Some("lnCross"), "pzprv3/country/5/5/7/0 0 1 1 2 /0 0 1 1 2 /3 4 4 4 2 /3 5 5 6 6 /3 5 5 6 6 /2 . . . . /. . . . . /1 2 . . . /. . . . . /. . . . . /0 0 0 0 /1 1 1 1 /0 0 0 0 /0 0 0 0 /0 0 0 0 /0 1 0 0 0 /0 1 0 0 0 /0 1 0 0 0 /0 1 0 0 0 /"),
    (Some("bkPassTwice"), "pzprv3/country/5/5/7/0 0 1 1 2 /0 0 1 1 2 /3 4 4 4 2 /3 5 5 6 6 /3 5 5 6 6 /2 . . . . /. . . . . /1 2 . . . /. . . . . /. . . . . /0 1 1 0 /0 0 0 0 /1 0 0 0 /0 0 0 0 /1 1 1 0 /0 1 0 1 0 /0 1 0 1 0 /1 0 0 1 0 /1 0 0 1 0 /"),
    (Some("bkLineNe"), "pzprv3/country/5/5/7/0 0 1 1 2 /0 0 1 1 2 /3 4 4 4 2 /3 5 5 6 6 /3 5 5 6 6 /2 . . . . /. . . . . /1 2 . . . /. . . . . /. . . . . /0 1 0 0 /1 0 0 0 /1 1 0 0 /0 1 0 1 /0 1 1 0 /0 1 0 0 0 /1 0 0 0 0 /0 0 1 0 0 /0 1 0 1 0 /"),
    (Some("bkNoLine"), "pzprv3/country/5/5/8/0 0 1 1 2 /0 0 1 1 2 /3 4 4 5 2 /3 6 6 7 7 /3 6 6 7 7 /2 . . . . /. . . . . /1 2 . . . /. . . . . /. . . . . /0 0 1 0 /1 1 0 1 /1 1 0 0 /0 1 0 1 /0 1 1 0 /0 0 1 1 0 /1 0 0 0 1 /0 0 1 0 1 /0 1 0 1 0 /"),
    (Some("cbNoLine"), "pzprv3/country/5/5/7/0 0 1 1 2 /0 0 1 1 2 /3 4 4 4 2 /3 5 5 6 6 /3 5 5 6 6 /2 . . . . /. . . . . /1 2 . . . /. . . . . /. . . . . /0 0 1 1 /1 1 0 0 /1 1 0 0 /0 1 0 1 /0 1 1 0 /0 0 1 0 1 /1 0 0 0 1 /0 0 1 0 1 /0 1 0 1 0 /"),
    (Some("lnDeadEnd"), "pzprv3/country/5/5/7/0 0 1 1 2 /0 0 1 1 2 /3 4 4 4 2 /3 5 5 6 6 /3 5 5 6 6 /2 . . . . /. . . . . /1 2 . . . /. . . . . /. . . . . /0 0 1 0 /1 1 0 0 /1 1 0 0 /0 1 0 1 /0 1 1 0 /0 0 1 1 0 /1 0 0 0 1 /0 0 1 0 1 /0 1 0 1 0 /"),
    (Some("lnPlLoop"), "pzprv3/country/5/5/7/0 0 1 1 2 /0 0 1 1 2 /3 4 4 4 2 /3 5 5 6 6 /3 5 5 6 6 /2 . . . . /. . . . . /1 3 . . . /. . . . . /. . . . . /0 0 1 0 /1 1 0 1 /1 1 1 1 /0 1 1 0 /0 1 1 0 /0 0 1 1 0 /1 0 0 0 1 /0 0 0 0 0 /0 1 0 1 0 /"),
    (None, "pzprv3/country/5/5/7/0 0 1 1 2 /0 0 1 1 2 /3 4 4 4 2 /3 5 5 6 6 /3 5 5 6 6 /2 . . . . /. . . . . /1 2 . . . /. . . . . /. . . . . /0 0 1 0 /1 1 0 1 /1 1 0 0 /0 1 0 1 /0 1 1 0 /0 0 1 1 0 /1 0 0 0 1 /0 0 1 0 1 /0 1 0 1 0 /"),
];

/// A pzprv3 board: its puzzle and its lines.
fn pzprv3(board: &str) -> (Country, Road) {
    let parts: Vec<&str> = board.split('/').collect();
    let (rows, cols): (usize, usize) = (parts[2].parse().unwrap(), parts[3].parse().unwrap());
    let cells = |from: usize, lines: usize| -> Vec<String> {
        parts[from..from + lines]
            .iter()
            .flat_map(|l| l.split_whitespace())
            .map(String::from)
            .collect()
    };
    let labels = cells(5, rows);
    let rooms = Rooms::from_labels(rows, cols, &labels);
    let mut clues = vec![Clue::None; rooms.cells.len()];
    for (k, t) in cells(5 + rows, rows).iter().enumerate() {
        match t.as_str() {
            "." => {}
            "-" => clues[rooms.of[k]] = Clue::Unknown,
            t => clues[rooms.of[k]] = Clue::Number(t.parse().unwrap()),
        }
    }
    let p = Country { rooms, clues };
    let mut lines = cells(5 + 2 * rows, rows);
    lines.extend(cells(5 + 3 * rows, rows - 1));
    let road = p.road_of(|k| lines[k] == "1");
    (p, road)
}

#[test]
fn the_pzprjs_test_url_solves_to_its_published_answer_and_is_written_back() {
    let p = Country::parse(PZPRJS_URL, "pzprjs").unwrap();
    let (published, answer) = pzprv3(PZPRJS_BOARDS.last().unwrap().1);
    assert_eq!(p, published);
    assert_eq!(p.url().unwrap(), PZPRJS_URL);
    let Uniqueness::Unique(s) = uniqueness(&p, &Options::default()).unwrap() else {
        panic!("the published puzzle has one answer");
    };
    assert_eq!(s.solution::<Road>(), Some(&answer));
    assert_eq!(Country::parse(&p.to_text(), "text").unwrap(), p);
}

/// `verify` rejects each of pzprjs's failing boards, for the rule pzprjs names.
#[test]
fn verify_rejects_the_pzprjs_failing_boards() {
    for (rule, board) in PZPRJS_BOARDS {
        let (p, road) = pzprv3(board);
        let Some(rule) = rule else {
            assert_eq!(p.verify(&road), Ok(()));
            continue;
        };
        let e = p.verify(&road).unwrap_err();
        let expected = match *rule {
            "lnBranch" => "branches",
            "lnCross" => "crosses",
            "bkPassTwice" => "more than once",
            "bkLineNe" => "the loop visits",
            "bkNoLine" => "does not visit",
            "cbNoLine" => "neither on the loop",
            "lnDeadEnd" => "ends",
            _ => "not one closed loop",
        };
        assert!(e.contains(expected), "{rule}: {e}");
    }
}

fn random_puzzle(rng: &mut Xorshift, rows: usize, cols: usize) -> Country {
    let rooms = if rows >= 2 && cols >= 2 && rng.below(2) == 0 {
        let on = wellposed_engine::connectivity::random_grid_loop(rows, cols, rng);
        generate::rooms_for(rows, cols, &on, 1 + rng.below(4) as usize, rng)
    } else {
        rooms::random_rectangles(rows, cols, 1 + rng.below(6) as usize, rng)
    };
    let clues = (0..rooms.cells.len())
        .map(|i| match rng.below(6) {
            0 => Clue::Unknown,
            1 | 2 => Clue::Number(rng.below(rooms.cells[i].len() as u64 + 1) as u32),
            _ => Clue::None,
        })
        .collect();
    Country { rooms, clues }
}

#[test]
fn urls_round_trip() {
    let mut rng = Xorshift(0xc0de);
    for _ in 0..400 {
        let rows = 1 + rng.below(8) as usize;
        let cols = 1 + rng.below(12) as usize;
        let p = random_puzzle(&mut rng, rows, cols);
        let url = p.url().unwrap();
        assert_eq!(Country::parse(&url, "u").unwrap(), p, "{url}");
        assert_eq!(Country::parse(&p.to_text(), "t").unwrap(), p);
    }
}

/// Every set of segments checked by the rules (`verify`) against the engine's count by
/// listing under lazy cuts, by the model counter on the complete encoding, and by the
/// automatic choice.
#[test]
fn tiny_boards_count_as_brute_force_does() {
    let mut rng = Xorshift(0xc0c0);
    let mut solvable = 0;
    for case in 0..240 {
        let (rows, cols) = [
            (1, 4),
            (2, 2),
            (2, 3),
            (3, 3),
            (2, 4),
            (3, 4),
            (4, 3),
            (2, 5),
        ][case % 8];
        let p = random_puzzle(&mut rng, rows, cols);
        let m = p.pairs().len();
        let brute = brute_force_count(m, |on| p.verify(&p.road_of(on)).is_ok());
        solvable += usize::from(brute > 0);
        assert_counts(&p, brute, &COUNTINGS);
    }
    assert!(solvable > 40, "only {solvable} boards with a solution");
}

/// The crossing rule of the encoding is "entered once": on boards of one room every loop is
/// an answer, and a loop through two rooms that enters one of them twice is not.
#[test]
fn crossings_say_entered_once() {
    let one = Country::parse(
        "family country\nsize 3 3\nrooms\na a a\na a a\na a a\n",
        "t",
    )
    .unwrap();
    let c = count(&one, &Options::default(), None).unwrap();
    // Every single loop on the 3×3 cells, by brute force over the segments.
    let m = one.pairs().len();
    let brute = (0u32..1 << m)
        .filter(|bits| {
            let on: Vec<bool> = (0..m).map(|k| bits >> k & 1 == 1).collect();
            is_single_loop(9, &one.pairs(), &on)
        })
        .count() as u64;
    assert_eq!(c.to_u64(), Some(brute));
    // Two rooms, the middle column one of them: a loop round the edge enters it twice.
    let two = Country::parse(
        "family country\nsize 3 3\nrooms\na b a\na b a\na b a\n",
        "t",
    )
    .unwrap();
    assert_eq!(two.rooms.cells.len(), 3);
    let ring = two.road_of(|k| {
        let (a, b) = two.pairs()[k];
        a != 4 && b != 4
    });
    assert!(two.verify(&ring).is_err());
}

#[test]
fn parse_errors_name_the_line() {
    wellposed_engine::assert_parse_errors::<Country>(&[
        ("family country\nsize 0 3\nrooms\n", 2, "cells in all"),
        (
            "family country\nsize 2 2\nrooms\n1 2\n",
            3,
            "expected 2 rows",
        ),
        (
            "family country\nsize 2 2\nrooms\n1 2\n3\n",
            5,
            "expected 2 room labels",
        ),
        (
            "family country\nsize 1 2\nrooms\na a\nnumbers\n1 x\n",
            6,
            "found `x`",
        ),
        (
            "family country\nsize 1 2\nrooms\na a\nnumbers\n1 1\n",
            6,
            "a second number",
        ),
        ("family country\nsize 1 2\n", 2, "missing `rooms`"),
        ("https://puzz.link/p?country/3/3/!!!!", 1, "unexpected `!`"),
        (
            "https://puzz.link/p?country/3/3/0",
            1,
            "characters of room borders",
        ),
        ("https://puzz.link/p?country/1000/1000/", 1, "cells"),
        ("https://puzz.link/p?country/2/2/00-zz", 1, "hexadecimal"),
    ]);
}

/// Generated puzzles: the engine finds one loop, and every number is needed.
#[test]
fn generated_puzzles_are_unique_and_minimal() {
    let opts = Options::default();
    for seed in 0..5 {
        let (rows, cols) = (5 + seed as usize % 2, 6);
        let (p, road) = generate::generate(rows, cols, 4, seed, &opts).unwrap();
        assert!(p.verify(&road).is_ok());
        let Uniqueness::Unique(u) = uniqueness(&p, &opts).unwrap() else {
            panic!("seed {seed}: not unique:\n{}", p.to_text());
        };
        assert_eq!(u.solution::<Road>(), Some(&road));
        for j in 0..p.clued().count() {
            let q = p.without_clues(&[j]).unwrap();
            assert!(
                matches!(uniqueness(&q, &opts).unwrap(), Uniqueness::Multiple(..)),
                "seed {seed}: number {j} is not needed"
            );
        }
    }
}

/// Deduction only ever settles segments as the unique loop has them; on the published puzzle
/// it settles all of them; the rooms' rules do the work.
#[test]
fn deduction_agrees_with_the_loop() {
    let p = Country::parse(PZPRJS_URL, "pzprjs").unwrap();
    let (d, _) = deduce_puzzle(&p).unwrap();
    assert!(d.solved && !d.contradiction, "{d:?}");
    let opts = Options::default();
    let mut used = std::collections::BTreeSet::new();
    for seed in 10..22 {
        let (p, road) = generate::generate(6, 6, 4, seed, &opts).unwrap();
        let (d, _) = deduce_puzzle(&p).unwrap();
        used.extend(d.used.keys().copied());
        assert!(!d.contradiction);
        let on = road.segments();
        for (k, v) in d.known.iter().enumerate() {
            if let Some(v) = v {
                assert_eq!(*v, on[k], "seed {seed}: segment {k}");
            }
        }
    }
    for rule in ["room-exits", "room-number", "visited-cell"] {
        assert!(used.contains(rule), "{rule}: {used:?}");
    }
}

/// The rules on a settled answer that breaks a room's rule report a contradiction.
#[test]
fn deduction_rejects_a_wrong_number() {
    let (mut p, _) = pzprv3(PZPRJS_BOARDS.last().unwrap().1);
    p.clues[0] = Clue::Number(5); // a room of four cells
    let (d, _) = deduce_puzzle(&p).unwrap();
    assert!(d.contradiction || !d.solved, "{d:?}");
    assert_eq!(
        uniqueness(&p, &Options::default()).unwrap().status(),
        "none"
    );
}

#[test]
fn renders_the_loop_and_rooms() {
    let p = Country::parse(PZPRJS_URL, "pzprjs").unwrap();
    let Uniqueness::Unique(s) = uniqueness(&p, &Options::default()).unwrap() else {
        panic!("one answer");
    };
    let road: &Road = s.solution().unwrap();
    assert!(s.text.starts_with("2 . .-. ."), "{}", s.text);
    assert!(
        s.text.lines().next().unwrap().ends_with("aabbc"),
        "{}",
        s.text
    );
    let svg = p.svg(road).unwrap();
    assert!(svg.contains("stroke=\"#1f5fbf\"") && svg.contains("stroke-width=\"3\""));
}

/// Janko's Country Road 001 and 005 (janko.at/Raetsel/Country-Road/001.a.htm, 005.a.htm), as
/// SmilingWayne/puzzlekit-dataset `assets/data/CountryRoad/CountryRoad_dataset.json` has them:
/// rooms as labels, numbers, and the published answer as each cell's directions (`n`, `s`, `w`,
/// `e`; `-` off the loop). The engine finds that answer and no other.
#[test]
fn janko_puzzles_solve_to_their_published_answers() {
    let cases = [
        (
            "1 1 1 1 1/2 2 4 7 7/3 2 4 7 8/4 4 4 6 8/5 6 6 6 8",
            "- - - - -/- - - - -/- - - - -/- - - - -/- - - - -",
            "se ew ew ew sw/ne sw - se nw/se nw - ne sw/ns - - se nw/ne ew ew nw -",
        ),
        (
            "1 1 6 6 11 13 13 13 18 18/1 1 6 6 11 13 13 13 18 18/2 2 6 6 12 12 12 16 16 16/2 2 7 9 9 9 9 16 16 16/2 2 7 9 9 9 9 17 19 19/3 3 7 9 9 9 9 17 20 20/4 4 4 9 9 9 9 17 20 20/4 4 4 10 10 10 15 15 20 20/5 5 8 8 8 14 15 15 21 21/5 5 8 8 8 14 15 15 21 21",
            "1 - 5 - - 3 - - 3 -/- - - - - - - - - -/4 - - - - - - 6 - -/- - - 10 - - - - - -/- - - - - - - 2 - -/- - - - - - - - 3 -/3 - - - - - - - - -/- - - 3 - - 6 - - -/2 - - - - - - - 4 -/- - - - - - - - - -",
            "- - se sw se ew ew ew sw -/- se nw ns ns - - - ne sw/se nw - ns ne ew sw se ew nw/ne ew sw ns - - ns ne ew sw/- - ns ns - - ns se ew nw/se ew nw ns - - ns ne sw -/ns - - ne ew ew nw - ns -/ne sw - se ew sw se sw ns -/- ns se nw - ns ns ns ne sw/- ne nw - - ne nw ne ew nw",
        ),
    ];
    for (rooms, numbers, answer) in cases {
        let grid = |s: &str| -> Vec<String> {
            s.split('/')
                .flat_map(|r| r.split_whitespace())
                .map(String::from)
                .collect()
        };
        let (labels, numbers, answer) = (grid(rooms), grid(numbers), grid(answer));
        let side = rooms.split('/').count();
        let mut text = format!("family country\nsize {side} {side}\nrooms\n");
        for row in labels.chunks(side) {
            text.push_str(&format!("{}\n", row.join(" ")));
        }
        text.push_str("numbers\n");
        for row in numbers.chunks(side) {
            let row: Vec<&str> = row.iter().map(|t| if t == "-" { "." } else { t }).collect();
            text.push_str(&format!("{}\n", row.join(" ")));
        }
        let p = Country::parse(&text, "janko").unwrap();
        let published = p.road_of(|k| {
            let (a, b) = p.pairs()[k];
            answer[a].contains(if b == a + 1 { 'e' } else { 's' })
        });
        assert_eq!(p.verify(&published), Ok(()));
        let Uniqueness::Unique(s) = uniqueness(&p, &Options::default()).unwrap() else {
            panic!("Janko's puzzle has one answer");
        };
        assert_eq!(s.solution::<Road>(), Some(&published));
    }
}
