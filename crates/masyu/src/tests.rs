use super::*;
use wellposed_engine::grading::deduce_puzzle;
use wellposed_engine::testing::{assert_counts, brute_force_count, COUNTINGS};
use wellposed_engine::{count, uniqueness, Options, Uniqueness, Xorshift};

/// pzprjs's own test URL (robx/pzprjs, `test/script/mashu.js`) and the answer published beside
/// it (its last, error-free board: per row the segments between horizontal neighbours, then per
/// row the segments between vertical neighbours; `1` a loop segment, `-1` and `0` none).
const PZPRJS_URL: &str = "https://puzz.link/p?mashu/6/6/1063000i3000";
const PZPRJS_HORIZONTAL: &str =
    "1 1 1 0 1 /0 1 1 -1 0 /0 0 1 1 0 /0 1 -1 1 1 /1 1 0 0 0 /0 0 1 0 0 /";
const PZPRJS_VERTICAL: &str = "1 0 0 1 1 1 /1 1 0 0 1 1 /1 1 1 -1 0 1 /1 -1 0 1 0 0 /0 0 1 1 0 0 /";

fn rows_of(s: &str) -> Vec<Vec<bool>> {
    s.split('/')
        .filter(|r| !r.trim().is_empty())
        .map(|r| r.split_whitespace().map(|t| t == "1").collect())
        .collect()
}

#[test]
fn the_pzprjs_test_url_solves_to_its_published_answer_and_is_written_back() {
    let p = Masyu::parse(PZPRJS_URL, "pzprjs").unwrap();
    assert_eq!((p.rows, p.cols), (6, 6));
    assert_eq!(p.url().unwrap(), PZPRJS_URL);
    let Uniqueness::Unique(s) = uniqueness(&p, &Options::default()).unwrap() else {
        panic!("the published puzzle has one answer");
    };
    let l: &Loop = s.solution().unwrap();
    assert_eq!(l.horizontal, rows_of(PZPRJS_HORIZONTAL));
    assert_eq!(l.vertical, rows_of(PZPRJS_VERTICAL));
    assert_eq!(Masyu::parse(&p.to_text(), "text").unwrap(), p);
}

#[test]
fn urls_round_trip() {
    let mut rng = Xorshift(0x3a5);
    for _ in 0..500 {
        let rows = 1 + rng.below(7) as usize;
        let cols = 1 + rng.below(12) as usize;
        let cells = (0..rows * cols)
            .map(|_| match rng.below(6) {
                0 => Pearl::White,
                1 => Pearl::Black,
                _ => Pearl::None,
            })
            .collect();
        let full = rng.below(4) == 0;
        let p = Masyu {
            rows,
            cols,
            cells,
            full,
        };
        let url = p.url().unwrap();
        assert_eq!(url.contains("mashu/f/"), full, "{url}");
        assert_eq!(Masyu::parse(&url, "u").unwrap(), p, "{url}");
    }
}

/// Every set of segments checked by the rules (`verify`) against the engine's count by listing
/// under lazy cuts and by the model counter on the complete encoding.
#[test]
fn tiny_boards_count_as_brute_force_does() {
    let mut rng = Xorshift(0x9ea71);
    for case in 0..200 {
        let (rows, cols) = match case % 5 {
            0 => (2, 2),
            1 => (2, 3),
            2 | 3 => (3, 3),
            _ => (3, 4),
        };
        let cells = (0..rows * cols)
            .map(|_| match rng.below(7) {
                0 => Pearl::White,
                1 => Pearl::Black,
                _ => Pearl::None,
            })
            .collect();
        // The full variant (pzprjs's flag `f`) on a third of the boards.
        let full = case % 3 == 1;
        let p = Masyu {
            rows,
            cols,
            cells,
            full,
        };
        let n = p.num_segs();
        let brute = brute_force_count(n, |on| p.verify(&p.loop_of(on)).is_ok());
        assert_counts(&p, brute, &COUNTINGS[..2]);
    }
}

#[test]
fn parse_errors_name_the_line() {
    wellposed_engine::assert_parse_errors::<Masyu>(&[
        ("family masyu\nsize 0 3\ngrid\n", 2, "cells in all"),
        ("family masyu\nsize 2 2\ngrid\nw b\n", 3, "expected 2 rows"),
        (
            "family masyu\nsize 2 2\ngrid\nw b\n.\n",
            5,
            "expected 2 cells",
        ),
        ("family masyu\nsize 1 2\ngrid\nw 3\n", 4, "black pearl"),
        ("https://puzz.link/p?mashu/3/3/z", 1, "unexpected `z`"),
        (
            "https://puzz.link/p?mashu/1000/1000/",
            1,
            "expected 1 to 10000 cells",
        ),
    ]);
}

#[test]
fn generated_puzzles_are_unique_and_minimal() {
    let opts = Options::default();
    for seed in 0..5 {
        let (rows, cols) = (4 + seed as usize % 2, 5);
        let (p, l) = generate::generate(rows, cols, seed, &opts).unwrap();
        assert!(p.verify(&l).is_ok());
        let Uniqueness::Unique(s) = uniqueness(&p, &opts).unwrap() else {
            panic!("seed {seed}: not unique:\n{}", p.to_text());
        };
        assert_eq!(s.solution::<Loop>(), Some(&l));
        for i in 0..p.pearls().count() {
            let q = p.without_clues(&[i]).unwrap();
            assert!(
                matches!(uniqueness(&q, &opts).unwrap(), Uniqueness::Multiple(..)),
                "seed {seed}: pearl {i} is not needed"
            );
        }
    }
}

/// Deduction only ever settles segments as the unique loop has them.
#[test]
fn deduction_agrees_with_the_loop() {
    let opts = Options::default();
    let p = Masyu::parse(PZPRJS_URL, "pzprjs").unwrap();
    let (d, names) = deduce_puzzle(&p).unwrap();
    assert!(names.contains(&"loop-degree") && !d.contradiction);
    for seed in 20..24 {
        let (p, l) = generate::generate(5, 5, seed, &opts).unwrap();
        let (d, _) = deduce_puzzle(&p).unwrap();
        assert!(!d.contradiction);
        for (k, v) in d.known.iter().enumerate() {
            if let Some(v) = v {
                assert_eq!(*v, l.has(p.seg(k)), "seed {seed}: segment {k}");
            }
        }
    }
}

#[test]
fn renders_the_loop() {
    // A 2×3 board: the only loop round all six cells, straight through the white pearl in the
    // middle of the top row, turning in the corners beside it.
    let p = Masyu::parse("family masyu\nsize 2 3\ngrid\n. w .\n. . .\n", "t").unwrap();
    let Uniqueness::Unique(s) = uniqueness(&p, &Options::default()).unwrap() else {
        panic!("one loop");
    };
    assert_eq!(s.text, ".-o-.\n|   |\n.-.-.");
    let l: &Loop = s.solution().unwrap();
    let svg = p.svg(l).unwrap();
    assert!(svg.contains("<line") && svg.contains("fill=\"white\" stroke=\"black\""));
}

/// The full variant (pzprjs's flag `f`, its option `loop_full`): on a 2×3 board with no pearl
/// the only loop through every cell is the board's outline, where the plain genre has three
/// loops (two squares and the outline). cspuz reads the flag and says the same (`Unique`, and
/// `Not unique` without it). The URL is written back character for character and the document
/// says `full`; other flags and `v:` variant marks are refused by name.
#[test]
fn the_full_variant_passes_through_every_cell() {
    const URL: &str = "https://puzz.link/p?mashu/f/3/2/00";
    let p = Masyu::parse(URL, "u").unwrap();
    assert!(p.full);
    assert_eq!(p.url().unwrap(), URL);
    let Uniqueness::Unique(s) = uniqueness(&p, &Options::default()).unwrap() else {
        panic!("one loop through every cell");
    };
    let l: &Loop = s.solution().unwrap();
    assert_eq!(l.horizontal, vec![vec![true, true], vec![true, true]]);
    assert_eq!(l.vertical, vec![vec![true, false, true]]);
    let plain = Masyu {
        full: false,
        ..p.clone()
    };
    assert_eq!(
        count(&plain, &Options::default(), None).unwrap().to_u64(),
        Some(3)
    );
    let square = plain.loop_of(|k| {
        // The left square: the two left horizontal segments and the two left vertical ones.
        [0, 2, 4, 5].contains(&k)
    });
    assert!(plain.verify(&square).is_ok());
    assert!(p.verify(&square).unwrap_err().contains("off the loop"));
    let text = p.to_text();
    assert!(text.lines().any(|l| l == "full"), "{text}");
    assert_eq!(Masyu::parse(&text, "text").unwrap(), p);
    for (url, says) in [
        ("https://puzz.link/p?mashu/x/3/2/00", "flag `x`"),
        ("https://puzz.link/p?mashu/v:y/3/2/00", "`v:y`"),
    ] {
        let e = Masyu::parse(url, "u").unwrap_err().to_string();
        assert!(e.contains(says), "{url}: {e}");
    }
}

/// A hint is one application of one rule (issues 67/68): the engine's `loop-degree` settles
/// the segments of one point of the loop a step — here a corner of the grid the loop must
/// visit, with two segments — not those of every such point at once.
#[test]
fn the_first_hint_is_one_point_of_the_loop() {
    let p = Masyu::parse("https://puzz.link/p?mashu/6/6/0366001901i0", "corpus").unwrap();
    let (enc, rules) = wellposed_engine::grading::deduction_input(&p).unwrap();
    let deducer = wellposed_engine::deduce::Deducer::new(&enc).with_rules(rules);
    let (rule, settled) = deducer
        .first_step(wellposed_engine::deduce::Rule::Probe)
        .unwrap();
    assert_eq!(rule.name(), "loop-degree");
    assert!(!settled.is_empty());
    let ends: Vec<(usize, usize)> = settled.iter().map(|&(k, _)| p.ends(p.seg(k))).collect();
    let (a, b) = ends[0];
    assert!(
        [a, b]
            .into_iter()
            .any(|v| ends.iter().all(|&(x, y)| x == v || y == v)),
        "the segments {ends:?} meet at no one point"
    );
}
