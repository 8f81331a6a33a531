use super::*;
use wellposed_engine::grading::deduce_puzzle;
use wellposed_engine::testing::{assert_counts, brute_force_count, COUNTINGS};
use wellposed_engine::{uniqueness, Options, Uniqueness, Xorshift};

/// pzprjs's own test URL (robx/pzprjs, `test/script/slither.js`) and the answer published
/// beside it (its last, error-free board: per row of cells the vertical edges, then per row of
/// corners the horizontal edges; `1` a loop edge, `-1` and `0` none).
const PZPRJS_URL: &str = "https://puzz.link/p?slither/5/5/cbcbcddad";
const PZPRJS_VERTICAL: &str =
    "1 -1 0 -1 -1 1 /1 1 -1 1 -1 1 /1 1 1 0 0 1 /1 1 1 1 1 1 /-1 -1 -1 0 1 1 /";
const PZPRJS_HORIZONTAL: &str =
    "1 1 1 1 1 /-1 1 1 -1 -1 /0 -1 1 0 0 /0 0 0 1 0 /1 -1 1 -1 0 /-1 0 -1 0 1 /";

fn rows_of(s: &str) -> Vec<Vec<bool>> {
    s.split('/')
        .filter(|r| !r.trim().is_empty())
        .map(|r| r.split_whitespace().map(|t| t == "1").collect())
        .collect()
}

#[test]
fn the_pzprjs_test_url_solves_to_its_published_answer_and_is_written_back() {
    let p = Slitherlink::parse(PZPRJS_URL, "pzprjs").unwrap();
    assert_eq!((p.rows, p.cols), (5, 5));
    assert_eq!(p.url().unwrap(), PZPRJS_URL);
    let Uniqueness::Unique(s) = uniqueness(&p, &Options::default()).unwrap() else {
        panic!("the published puzzle has one answer");
    };
    let l: &Loop = s.solution().unwrap();
    assert_eq!(l.vertical, rows_of(PZPRJS_VERTICAL));
    assert_eq!(l.horizontal, rows_of(PZPRJS_HORIZONTAL));
    // The text format reads back to the same puzzle.
    assert_eq!(Slitherlink::parse(&p.to_text(), "text").unwrap(), p);
}

/// pzprjs's editor inputs of the same test file write these boards; our URL writer agrees
/// with its 4Cell code on them (a `?`, numbers followed by one and by two empty cells, a run
/// of empty cells).
#[test]
fn urls_round_trip() {
    let mut rng = Xorshift(0x511);
    for _ in 0..500 {
        let rows = 1 + rng.below(6) as usize;
        let cols = 1 + rng.below(30) as usize;
        let cells = (0..rows * cols)
            .map(|_| match rng.below(10) {
                0 => Cell::Unknown,
                1..=4 => Cell::Number(rng.below(5) as u8),
                _ => Cell::Empty,
            })
            .collect();
        let full = rng.below(4) == 0;
        let p = Slitherlink {
            rows,
            cols,
            cells,
            full,
        };
        let url = p.url().unwrap();
        assert_eq!(url.contains("slither/f/"), full, "{url}");
        assert_eq!(Slitherlink::parse(&url, "u").unwrap(), p, "{url}");
    }
}

/// Every assignment of the edges checked by the rules (`verify`) against the engine's count
/// by listing under lazy cuts and by the model counter on the complete encoding.
#[test]
fn tiny_boards_count_as_brute_force_does() {
    let mut rng = Xorshift(0xb007e);
    for case in 0..240 {
        let (rows, cols) = match case % 6 {
            0 => (1, 1),
            1 => (1, 3),
            2 | 3 => (2, 2),
            4 => (2, 3),
            _ => (3, 2),
        };
        let cells = (0..rows * cols)
            .map(|_| match rng.below(8) {
                0..=3 => Cell::Empty,
                k => Cell::Number((k - 4) as u8),
            })
            .collect();
        // The full variant on a third of the boards (its clause per corner checked too).
        let full = case % 3 == 1;
        let p = Slitherlink {
            rows,
            cols,
            cells,
            full,
        };
        let n = p.num_edges();
        let brute = brute_force_count(n, |on| p.verify(&p.loop_of(on)).is_ok());
        assert_counts(&p, brute, &COUNTINGS);
    }
}

#[test]
fn parse_errors_name_the_line() {
    wellposed_engine::assert_parse_errors::<Slitherlink>(&[
        ("family slitherlink\nsize 0 3\ngrid\n", 2, "cells in all"),
        (
            "family slitherlink\nsize 2 2\ngrid\n1 2\n",
            3,
            "expected 2 rows",
        ),
        (
            "family slitherlink\nsize 2 2\ngrid\n1 2\n3\n",
            5,
            "expected 2 cells",
        ),
        (
            "family slitherlink\nsize 1 2\ngrid\n1 5\n",
            4,
            "a number 0-4",
        ),
        ("family slitherlink\nsize 1 2\n", 2, "missing `grid`"),
        ("https://puzz.link/p?slither/3/3/!", 1, "unexpected `!`"),
        ("https://puzz.link/p?slither/3/3/0-", 1, "unexpected `-`"),
        (
            "https://puzz.link/p?slither/1000/1000/",
            1,
            "expected 1 to 10000 cells",
        ),
    ]);
}

/// Generated puzzles: the engine finds one loop, and every number is needed.
#[test]
fn generated_puzzles_are_unique_and_minimal() {
    let opts = Options::default();
    for seed in 0..6 {
        let (rows, cols) = (4 + seed as usize % 2, 5);
        let (p, l) = generate::generate(rows, cols, seed, &opts).unwrap();
        assert!(p.verify(&l).is_ok());
        let Uniqueness::Unique(s) = uniqueness(&p, &opts).unwrap() else {
            panic!("seed {seed}: not unique:\n{}", p.to_text());
        };
        assert_eq!(s.solution::<Loop>(), Some(&l));
        let numbered: Vec<usize> = p.numbered().collect();
        for i in 0..numbered.len() {
            let q = p.without_clues(&[i]).unwrap();
            assert!(
                matches!(uniqueness(&q, &opts).unwrap(), Uniqueness::Multiple(..)),
                "seed {seed}: number {i} is not needed"
            );
        }
    }
}

/// Deduction (propagation, the family's rules, probing) only ever settles edges as the unique
/// loop has them, and on the published puzzle it settles all of them.
#[test]
fn deduction_agrees_with_the_loop() {
    let p = Slitherlink::parse(PZPRJS_URL, "pzprjs").unwrap();
    let (d, names) = deduce_puzzle(&p).unwrap();
    assert!(names.contains(&"no-small-loop"));
    assert!(d.solved && !d.contradiction);
    let opts = Options::default();
    for seed in 10..14 {
        let (p, l) = generate::generate(5, 5, seed, &opts).unwrap();
        let (d, _) = deduce_puzzle(&p).unwrap();
        assert!(!d.contradiction);
        for (k, v) in d.known.iter().enumerate() {
            if let Some(v) = v {
                assert_eq!(*v, l.has(p.edge(k)), "seed {seed}: edge {k}");
            }
        }
    }
}

/// The standard openings are the family's rules: a 0 and two adjacent 3s on a board where
/// nothing else is given settle their edges without probing.
#[test]
fn zero_and_adjacent_threes_settle_edges() {
    let p = Slitherlink::parse(
        "family slitherlink\nsize 4 4\ngrid\n. . . .\n. 3 3 .\n. . . .\n. . . 0\n",
        "t",
    )
    .unwrap();
    let (d, _) = deduce_puzzle(&p).unwrap();
    let on = |e: Edge| d.known[p.index(e)];
    for c in 1..4 {
        assert_eq!(on(Edge::V(1, c)), Some(true), "the three parallel edges");
    }
    assert_eq!(
        on(Edge::V(0, 2)),
        Some(false),
        "the middle line's continuation"
    );
    for e in p.cell_edges(3, 3) {
        assert_eq!(on(e), Some(false), "a 0's edges");
    }
    assert!(d.used.contains_key("adjacent-threes"));
}

/// A hint is one application of one rule (issues 67/68): on this board two corners hold a
/// clue (a 3 and a 1), and the hint settles the two outer edges of one of them, as its clue
/// says (a 3 takes them, a 1 leaves them off), not both corners at once.
#[test]
fn the_first_hint_is_one_corner() {
    let p = Slitherlink::parse("https://puzz.link/p?slither/4/4/dgdh2c71", "issue").unwrap();
    let (enc, rules) = wellposed_engine::grading::deduction_input(&p).unwrap();
    let deducer = wellposed_engine::deduce::Deducer::new(&enc).with_rules(rules);
    let (rule, settled) = deducer
        .first_step(wellposed_engine::deduce::Rule::Probe)
        .unwrap();
    assert_eq!(rule.name(), "corner-clues");
    let (lr, lc) = (p.rows - 1, p.cols - 1);
    let clued: Vec<(usize, usize)> = [(0, 0), (0, lc), (lr, 0), (lr, lc)]
        .into_iter()
        .filter(|&(r, c)| matches!(p.cells[r * p.cols + c], Cell::Number(1 | 3)))
        .collect();
    assert!(clued.len() > 1, "the board has several clued corners");
    let (r, c) = clued
        .iter()
        .copied()
        .find(|&(r, c)| p.cell_edges(r, c).contains(&p.edge(settled[0].0)))
        .expect("the first edge is a clued corner's");
    // The grid's corner: the cell's outer edges there (the ones on the grid's border).
    let outer: Vec<Edge> = p
        .cell_edges(r, c)
        .into_iter()
        .filter(|&e| match e {
            Edge::H(i, _) => i == 0 || i == p.rows,
            Edge::V(_, j) => j == 0 || j == p.cols,
        })
        .collect();
    let on = p.cells[r * p.cols + c] == Cell::Number(3);
    let mut got: Vec<(Edge, bool)> = settled.iter().map(|&(i, v)| (p.edge(i), v)).collect();
    let mut want: Vec<(Edge, bool)> = outer.into_iter().map(|e| (e, on)).collect();
    got.sort_by_key(|&(e, _)| p.index(e));
    want.sort_by_key(|&(e, _)| p.index(e));
    assert_eq!(got, want);
}

#[test]
fn renders_the_loop() {
    let p = Slitherlink::parse("family slitherlink\nsize 1 2\ngrid\n3 3\n", "t").unwrap();
    let Uniqueness::Unique(s) = uniqueness(&p, &Options::default()).unwrap() else {
        panic!("one loop around both cells");
    };
    assert_eq!(s.text, "+-+-+\n|3 3|\n+-+-+");
    let l: &Loop = s.solution().unwrap();
    assert!(p.svg(l).unwrap().contains("<line"));
}

/// The full variant (pzprjs's flag `f`, its option `slither_full`): pzprjs's test file for
/// Slitherlink (`test/script/slither.js`) publishes a 2×3 full board, `pzprv3.1/slither/2/3/f`,
/// whose last, error-free answer is below (vertical edges per row of cells, then horizontal
/// edges per row of corners). As a URL with one clue of that answer (the 3 at row 2 col 2) it
/// has one loop through every corner — that answer — and is written back character for
/// character; without the flag the same clue allows more loops. cspuz reads the flag and says
/// the same (`Unique`, and `Not unique` without it).
#[test]
fn the_full_variant_solves_to_pzprjs_s_published_answer() {
    const URL: &str = "https://puzz.link/p?slither/f/3/2/jd";
    let p = Slitherlink::parse(URL, "pzprjs").unwrap();
    assert!(p.full);
    assert_eq!(p.url().unwrap(), URL);
    let Uniqueness::Unique(s) = uniqueness(&p, &Options::default()).unwrap() else {
        panic!("one loop through every corner");
    };
    let l: &Loop = s.solution().unwrap();
    assert_eq!(l.vertical, rows_of("1 0 0 1 /1 1 1 1 /"));
    assert_eq!(l.horizontal, rows_of("1 1 1 /0 1 0 /1 0 1 /"));
    let plain = Slitherlink {
        full: false,
        ..p.clone()
    };
    assert_eq!(plain.url().unwrap(), URL.replace("/f/", "/"));
    assert!(matches!(
        uniqueness(&plain, &Options::default()).unwrap(),
        Uniqueness::Multiple(..)
    ));
    // The rules alone refuse the plain answer's loops that skip a corner.
    let Uniqueness::Multiple(a, b) = uniqueness(&plain, &Options::default()).unwrap() else {
        unreachable!()
    };
    let skips = [a, b]
        .iter()
        .map(|s| s.solution::<Loop>().unwrap().clone())
        .filter(|l| l.vertical != rows_of("1 0 0 1 /1 1 1 1 /"))
        .map(|l| p.verify(&l))
        .filter(|r| r.as_ref().is_err_and(|e| e.contains("off the loop")))
        .count();
    assert!(skips >= 1);
    // The document says it as `full`, and reads back.
    let text = p.to_text();
    assert!(text.lines().any(|l| l == "full"), "{text}");
    assert_eq!(Slitherlink::parse(&text, "text").unwrap(), p);
    assert!(Slitherlink::parse(&text.replace("full", "full 1"), "text").is_err());
}

/// A full-variant URL from cspuz's solver backend (its Slitherlink serializer test,
/// `slither/f/3/3/gdk`: a 3 at row 1 col 2) with the answer published there.
#[test]
fn cspuz_s_full_variant_test_board_solves_to_its_answer() {
    const URL: &str = "https://puzz.link/p?slither/f/3/3/gdk";
    let p = Slitherlink::parse(URL, "cspuz").unwrap();
    assert_eq!(p.url().unwrap(), URL);
    let Uniqueness::Unique(s) = uniqueness(&p, &Options::default()).unwrap() else {
        panic!("one loop through every corner");
    };
    let l: &Loop = s.solution().unwrap();
    assert_eq!(l.horizontal, rows_of("1 0 1 /0 1 0 /0 1 0 /1 0 1 /"));
    assert_eq!(l.vertical, rows_of("1 1 1 1 /1 0 0 1 /1 1 1 1 /"));
}

/// Other flags and pzprjs's `v:` variant marks are refused, naming them.
#[test]
fn other_flags_and_variants_are_refused_by_name() {
    for (url, says) in [
        ("https://puzz.link/p?slither/x/3/2/jd", "flag `x`"),
        ("https://puzz.link/p?slither/v:odd/3/2/jd", "`v:odd`"),
        ("https://puzz.link/p?slither/v:odd/f/3/2/jd", "`v:odd`"),
        ("https://puzz.link/p?v:odd/slither/3/2/jd", "`v:odd`"),
    ] {
        let e = Slitherlink::parse(url, "u").unwrap_err().to_string();
        assert!(e.contains(says), "{url}: {e}");
    }
}
