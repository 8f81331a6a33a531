use super::*;
use wellposed_engine::grading::deduce_puzzle;
use wellposed_engine::testing::{assert_counts, COUNTINGS};
use wellposed_engine::{uniqueness, Options, Uniqueness, Xorshift};

/// pzprjs's own test URL (robx/pzprjs, `test/script/yajilin.js`) and the answer published
/// beside it: its last, error-free board, whose parts after the clues are the shading (`#`),
/// the segments between horizontal neighbours row by row and those between vertical
/// neighbours (`1` a loop segment; `-1` and `0` none).
const PZPRJS_URL: &str = "https://puzz.link/p?yajilin/5/5/m32j10";
const PZPRJS_ANSWER: &str = "pzprv3/yajilin/5/5/. . . . . /. . . . . /. . . 3,2 . /. . . . . /. . . . 1,0 /. . . . . /. . . . + /# . # . + /. . + . + /. . . # . /1 1 -1 1 /1 -1 1 -1 /0 0 0 -1 /1 -1 1 1 /1 1 0 0 /1 -1 1 1 1 /0 1 0 0 1 /0 1 0 0 1 /1 -1 1 0 0 /";

/// The published board's shading and segments.
fn published() -> (Vec<bool>, Vec<Vec<bool>>, Vec<Vec<bool>>) {
    let rows: Vec<&str> = PZPRJS_ANSWER.split('/').skip(4).collect();
    let shaded = rows[5..10]
        .iter()
        .flat_map(|r| r.split_whitespace().map(|t| t == "#"))
        .collect();
    let lines = |rs: &[&str]| -> Vec<Vec<bool>> {
        rs.iter()
            .map(|r| r.split_whitespace().map(|t| t == "1").collect())
            .collect()
    };
    (shaded, lines(&rows[10..15]), lines(&rows[15..19]))
}

#[test]
fn the_pzprjs_test_url_solves_to_its_published_answer_and_is_written_back() {
    let p = Yajilin::parse(PZPRJS_URL, "pzprjs").unwrap();
    assert_eq!((p.rows, p.cols), (5, 5));
    assert_eq!(
        p.cells[13],
        Cell::Clue {
            dir: Some(Dir::Left),
            count: Some(2)
        }
    );
    assert_eq!(p.url().unwrap(), PZPRJS_URL);
    let Uniqueness::Unique(s) = uniqueness(&p, &Options::default()).unwrap() else {
        panic!("the published puzzle has one answer");
    };
    let got: &Solution = s.solution().unwrap();
    let (shaded, horizontal, vertical) = published();
    assert_eq!(got.shaded, shaded);
    assert_eq!(got.horizontal, horizontal);
    assert_eq!(got.vertical, vertical);
    assert_eq!(Yajilin::parse(&p.to_text(), "text").unwrap(), p);
}

#[test]
fn flags_and_codes_round_trip() {
    for url in [
        "https://puzz.link/p?yajilin/b/5/5/m32j10",
        "https://puzz.link/p?yajilin/o/5/5/m32j10",
        "https://puzz.link/p?yajilin/ob/3/2/+0.41a1.a",
        "https://puzz.link/p?yajilin/4/2/-4123620f",
    ] {
        let p = Yajilin::parse(url, "u").unwrap();
        assert_eq!(p.url().unwrap(), url);
        assert_eq!(Yajilin::parse(&p.to_text(), "t").unwrap(), p);
    }
    // penpa-edit's test of the code's large numbers (TESTING.md), not a puzzle: it leaves its
    // last cell out, which pzprjs writes back as one open cell.
    let big = "https://puzz.link/p?yajilin/6/3/1122334400a1.2.3.4.0.a-13e3-23e4-33e5962563";
    let p = Yajilin::parse(big, "u").unwrap();
    assert_eq!(p.url().unwrap(), format!("{big}a"));
    assert_eq!(p.cells[12].arrow(), Some((Dir::Up, 0x3e3)));
    assert_eq!(p.cells[15].arrow(), Some((Dir::Right, 0x62)));
    let p = Yajilin::parse("https://puzz.link/p?yajirin/2/1/21", "u").unwrap();
    assert_eq!(p.cells[0].arrow(), Some((Dir::Down, 1)));
    let mut rng = Xorshift(0x7a11);
    for _ in 0..500 {
        let rows = 1 + rng.below(6) as usize;
        let cols = 1 + rng.below(40) as usize;
        let mut p = Yajilin::empty(rows, cols);
        for c in p.cells.iter_mut() {
            *c = match rng.below(8) {
                0 => Cell::Blank,
                1 | 2 => Cell::Clue {
                    dir: [None, Some(Dir::Up), Some(Dir::Left)][rng.below(3) as usize],
                    count: [
                        None,
                        Some(rng.below(16) as u32),
                        Some(rng.below(4000) as u32),
                    ][rng.below(3) as usize],
                },
                _ => Cell::Open,
            };
        }
        p.outside = rng.below(2) == 0;
        p.grey = rng.below(2) == 0;
        let url = p.url().unwrap();
        assert_eq!(Yajilin::parse(&url, "u").unwrap(), p, "{url}");
        assert_eq!(Yajilin::parse(&p.to_text(), "t").unwrap(), p);
    }
}

/// A random tiny board: a few clue cells, most with an arrow and a small number.
fn tiny(rng: &mut Xorshift, rows: usize, cols: usize, clues: usize) -> Yajilin {
    let mut p = Yajilin::empty(rows, cols);
    p.outside = rng.below(3) == 0;
    for _ in 0..clues {
        let k = rng.below((rows * cols) as u64) as usize;
        p.cells[k] = match rng.below(5) {
            0 => Cell::Blank,
            _ => Cell::Clue {
                dir: Some(Dir::ALL[rng.below(4) as usize]),
                count: Some(rng.below(2) as u32),
            },
        };
    }
    p
}

/// Every assignment of the shading and the segments between open cells, checked by the rules
/// (`verify`), against the engine's count by listing under lazy cuts and by the model counter
/// on the complete encoding.
#[test]
fn tiny_boards_count_as_brute_force_does() {
    let mut rng = Xorshift(0x9a11);
    let mut solvable = 0;
    for case in 0..150 {
        let (rows, cols, clues) = match case % 5 {
            0 => (2, 3, 1),
            1 => (3, 3, 2),
            2 => (2, 4, 1),
            3 => (3, 4, 3),
            _ => (3, 4, 4),
        };
        let p = tiny(&mut rng, rows, cols, clues);
        let open: Vec<usize> = (0..p.cells.len())
            .filter(|&k| p.cells[k].is_open())
            .collect();
        let edges: Vec<(usize, usize)> = wellposed_engine::connectivity::grid_pairs(rows, cols)
            .into_iter()
            .filter(|&(a, b)| p.cells[a].is_open() && p.cells[b].is_open())
            .collect();
        let bits = open.len() + edges.len();
        if bits > 17 {
            continue;
        }
        let brute = (0u32..1 << bits)
            .filter(|&x| {
                let mut shaded = vec![false; p.cells.len()];
                for (i, &k) in open.iter().enumerate() {
                    shaded[k] = x >> i & 1 == 1;
                }
                let on: Vec<(usize, usize)> = edges
                    .iter()
                    .enumerate()
                    .filter(|&(i, _)| x >> (open.len() + i) & 1 == 1)
                    .map(|(_, &e)| e)
                    .collect();
                p.check(&p.solution(shaded, |a, b| on.contains(&(a, b))))
                    .is_ok()
            })
            .count() as u64;
        solvable += usize::from(brute > 0);
        assert_counts(&p, brute, &COUNTINGS[..2]);
    }
    assert!(solvable > 15, "only {solvable} cases have solutions");
}

#[test]
fn parse_errors_name_the_line() {
    wellposed_engine::assert_parse_errors::<Yajilin>(&[
        ("family yajilin\nsize 0 3\ngrid\n", 2, "cells in all"),
        (
            "family yajilin\nsize 2 2\ngrid\n. .\n",
            3,
            "expected 2 rows",
        ),
        (
            "family yajilin\nsize 2 2\ngrid\n. .\n.\n",
            5,
            "expected 2 cells",
        ),
        (
            "family yajilin\nsize 1 2\ngrid\n. 3x\n",
            4,
            "a clue such as",
        ),
        (
            "family yajilin\nsize 1 2\noutside now\ngrid\n. .\n",
            3,
            "expected nothing",
        ),
        ("https://puzz.link/p?yajilin/3/3/!", 1, "unexpected `!`"),
        ("https://puzz.link/p?yajilin/3/3/7", 1, "hexadecimal"),
        ("https://puzz.link/p?yajilin/3/3/-91234", 1, "arrow digit"),
        ("https://puzz.link/p?yajilin/1000/1000/", 1, "cells"),
    ]);
}

#[test]
fn generated_puzzles_are_unique_and_minimal() {
    let opts = Options::default();
    for seed in 0..4 {
        let (rows, cols) = (5 + seed as usize % 2, 6);
        let (p, sol) = generate::generate(rows, cols, seed, &opts).unwrap();
        assert!(p.verify(&sol).is_ok());
        let Uniqueness::Unique(s) = uniqueness(&p, &opts).unwrap() else {
            panic!("seed {seed}: not unique:\n{}", p.to_text());
        };
        assert_eq!(s.solution::<Solution>(), Some(&sol));
        for i in 0..p.clues().len() {
            let q = p.without_clues(&[i]).unwrap();
            assert!(
                matches!(uniqueness(&q, &opts).unwrap(), Uniqueness::Multiple(..)),
                "seed {seed}: arrow {i} is not needed"
            );
        }
    }
}

/// Deduction only ever settles variables as the unique solution has them, and the family's
/// rules take part.
#[test]
fn deduction_agrees_with_the_solution() {
    let opts = Options::default();
    let mut used = std::collections::HashSet::new();
    for seed in 20..26 {
        let (p, sol) = generate::generate(6, 6, seed, &opts).unwrap();
        let (d, names) = deduce_puzzle(&p).unwrap();
        used.extend(names);
        assert!(!d.contradiction);
        let (enc, vars) = p.rules_cnf(Choices::default());
        assert_eq!(d.known.len(), enc.answer.len());
        for k in 0..p.cells.len() {
            if let Some(v) = vars.shade[k] {
                if let Some(x) = d.known[v.index()] {
                    assert_eq!(x, sol.shaded[k], "seed {seed}: {}", p.cell_name(k));
                }
            }
        }
        for &(a, b, v) in &vars.edges {
            if let Some(x) = d.known[v.index()] {
                assert_eq!(x, p.joined(&sol, a, b), "seed {seed}: segment {a}-{b}");
            }
        }
    }
    assert!(used.contains("arrow-count"), "{used:?}");
}

/// Each rule does its own step on a board made for it.
#[test]
fn each_rule_does_its_own_step() {
    use wellposed_engine::deduce::Deducer;
    // `2>` sees three open cells side by side (the last cell of the row is a clue cell), which
    // hold at most two shaded cells: the two ends.
    let p = Yajilin::parse(
        "family yajilin\nsize 3 5\ngrid\n2> . . . +\n. . . . .\n. . . . .\n",
        "t",
    )
    .unwrap();
    let enc = match p.encode(EncodingKind::Cnf, Choices::default()).unwrap() {
        Encoding::Cnf(e) => e.completed(),
        _ => unreachable!(),
    };
    let state = Deducer::new(&enc).start();
    let (_, vars) = p.rules_cnf(Choices::default());
    let rules = rules::rules(&p);
    let arrow = rules
        .iter()
        .find(|r| r.rule().name() == "arrow-count")
        .unwrap();
    let got: Vec<(usize, bool)> = arrow
        .propose(&state)
        .iter()
        .map(|r| {
            (
                vars.shade.iter().position(|&v| v == Some(r.var)).unwrap(),
                r.value,
            )
        })
        .collect();
    // Cells 1 and 3 shaded (their "false" removed), cell 2 unshaded.
    assert_eq!(got, vec![(1, false), (2, true), (3, false)]);
    // No stranding: shading a neighbour of the bottom corners would leave the corner with one
    // way out.
    let strand = rules
        .iter()
        .find(|r| r.rule().name() == "no-stranding")
        .unwrap();
    let cells: Vec<usize> = strand
        .propose(&state)
        .iter()
        .map(|r| vars.shade.iter().position(|&v| v == Some(r.var)).unwrap())
        .collect();
    for k in [5, 11, 13] {
        assert!(cells.contains(&k), "{} in {cells:?}", p.cell_name(k));
    }
}

#[test]
fn renders_and_draws() {
    let p = Yajilin::parse(PZPRJS_URL, "pzprjs").unwrap();
    let Uniqueness::Unique(s) = uniqueness(&p, &Options::default()).unwrap() else {
        panic!("one answer");
    };
    assert!(
        s.text.starts_with(".--.--.  .--.\n|     |  |  |"),
        "{}",
        s.text
    );
    assert!(s.text.contains("2<"));
    let sol: &Solution = s.solution().unwrap();
    let svg = p.svg(sol).unwrap();
    assert!(svg.contains("<line") && svg.contains("←2"));
    let partial = p.render_partial(&[None; 60]).unwrap();
    assert!(partial.contains('_'));
}

#[test]
fn repair_methods_and_the_edit_grid() {
    let p = Yajilin::parse(PZPRJS_URL, "pzprjs").unwrap();
    assert_eq!(p.clues(), vec!["row 3 col 4: 2<", "row 5 col 5: 0^"]);
    let q = p.without_clues(&[0]).unwrap();
    assert_eq!(
        q.cells[13],
        Cell::Clue {
            dir: Some(Dir::Left),
            count: None
        }
    );
    let Uniqueness::Unique(s) = uniqueness(&p, &Options::default()).unwrap() else {
        panic!("one answer");
    };
    let sol: &Solution = s.solution().unwrap();
    assert_eq!(q.clues_from(sol), vec!["row 3 col 4: 2<"]);
    assert_eq!(q.with_clues_from(sol, &[0]).unwrap(), p);
    let g = Family::edit_grid(&p).unwrap();
    assert_eq!(Family::edited(&p, &g.cells).unwrap(), p);
    let mut cells = g.cells.clone();
    cells[0] = "3v".into();
    assert_eq!(
        Family::edited(&p, &cells).unwrap().cells[0].arrow(),
        Some((Dir::Down, 3))
    );
}
