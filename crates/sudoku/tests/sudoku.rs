//! The Sudoku family against published answers and counts, brute force, and its own methods
//! against one another (dancing links, SAT through the exact cover's translation, and the
//! family's bit-mask search).

use std::sync::Mutex;
use wellposed_engine::{count, uniqueness, Family, Method, Options, Uniqueness};
use wellposed_sudoku::{formats, generate, Grid, Shape, Sudoku};

fn with(method: Method) -> Options {
    Options {
        method,
        ..Options::default()
    }
}

/// Dancing links, SAT, the family's search, and `auto` (the search first within a budget on
/// questions of one or two solutions, then dancing links).
const METHODS: [Method; 4] = [Method::Dlx, Method::Sat, Method::Native, Method::Auto];

/// The solution's digits in row-major order, when unique.
fn unique_solution(p: &Sudoku, method: Method) -> Option<Vec<u8>> {
    match uniqueness(p, &with(method)).unwrap() {
        Uniqueness::Unique(s) => Some(s.solution::<Grid>().unwrap().0.concat()),
        _ => None,
    }
}

fn status(p: &Sudoku, method: Method) -> &'static str {
    match uniqueness(p, &with(method)).unwrap() {
        Uniqueness::None => "none",
        Uniqueness::Unique(_) => "unique",
        Uniqueness::Multiple(..) => "multiple",
    }
}

fn digits(line: &str) -> Vec<u8> {
    line.bytes().map(|b| b - b'0').collect()
}

/// pzprjs's own test URL (robx/pzprjs test/script/sudoku.js, `4/4/g1k23k3g`) and the answer
/// published beside it (the test's last, correct, board: rows 2 1 4 3 / 4 3 1 2 / 3 4 2 1 /
/// 1 2 3 4, givens and filled cells together).
#[test]
fn pzprjs_test_url_solves_to_its_published_answer_and_is_written_back() {
    let url = "https://puzz.link/p?sudoku/4/4/g1k23k3g";
    let p = Sudoku::parse(url, "pzprjs").unwrap();
    let published = digits("2143431234211234");
    for m in METHODS {
        assert_eq!(unique_solution(&p, m), Some(published.clone()), "{m:?}");
    }
    assert_eq!(p.url().as_deref(), Some(url));
    // The bare form and pzv.jp are the same puzzle.
    assert_eq!(Sudoku::parse("sudoku/4/4/g1k23k3g", "bare").unwrap(), p);
}

/// The number of completed grids. 4×4 (2×2 boxes): 288, OEIS A107739 (Sudoku grids of size
/// n²×n²: 1, 288, 6670903752021072936960), term n = 2. 6×6 (2×3 boxes): 28,200,960, which
/// A107739 does not list (it has square boxes only); the number is Pettersen's hand count
/// ("Counting 3x2 grids by hand", kjellfp, forum.enjoysudoku.com, 2006) and the 2×3 entry of
/// Wikipedia's "Mathematics of Sudoku" table of grid counts by box shape.
#[test]
fn completed_grids_count_as_published() {
    let four = Sudoku::empty(2, 2);
    for m in [Method::Auto, Method::Dlx, Method::Sat, Method::Native] {
        let c = count(&four, &with(m), None).unwrap();
        assert_eq!(c.count.to_string(), "288", "{m:?}");
    }
    // Relabelling the digits maps grids one to one, so the grids whose first row is 1..6 are
    // a 6! = 720th of them all.
    let mut six = Sudoku::empty(2, 3);
    for c in 0..6 {
        six.givens[c] = Some(c as u8 + 1);
    }
    for m in [Method::Auto, Method::Native] {
        let c = count(&six, &with(m), None).unwrap();
        assert_eq!(c.count.to_string(), (28_200_960 / 720).to_string(), "{m:?}");
    }
}

/// The same 6×6 count on the empty grid itself: 28,200,960 solutions, each found, take a
/// minute or two (`cargo test --release -p wellposed-sudoku -- --ignored`).
#[test]
#[ignore]
fn empty_6x6_grid_counts_as_published() {
    let c = count(&Sudoku::empty(2, 3), &Options::default(), None).unwrap();
    assert_eq!(c.count.to_string(), "28200960");
}

/// Wikipedia's example puzzle ("Sudoku", the lead image by Tim Stellmach, released into the
/// public domain) and the solution printed beside it.
const WIKIPEDIA: &str =
    "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
const WIKIPEDIA_SOLUTION: &str =
    "534678912672195348198342567859761423426853791713924856961537284287419635345286179";

#[test]
fn a_published_puzzle_has_its_published_solution() {
    let p = Sudoku::parse(WIKIPEDIA, "wikipedia").unwrap();
    for m in METHODS {
        assert_eq!(
            unique_solution(&p, m),
            Some(digits(WIKIPEDIA_SOLUTION)),
            "{m:?}"
        );
    }
    // The one-line form is written back as read.
    assert_eq!(formats::line(&p).as_deref(), Some(WIKIPEDIA));
}

/// A digit that is not the published solution's, in an open cell where no given forbids it:
/// every solution of the changed puzzle would solve the original, whose one solution differs
/// there, so there is none — though no two givens clash.
#[test]
fn a_puzzle_with_no_solution() {
    let p = Sudoku::parse(WIKIPEDIA, "wikipedia").unwrap();
    let solution = digits(WIKIPEDIA_SOLUTION);
    let (k, d) = (0..81)
        .filter(|&k| p.givens[k].is_none())
        .flat_map(|k| (1..=9u8).map(move |d| (k, d)))
        .find(|&(k, d)| {
            d != solution[k] && !(0..81).any(|j| p.givens[j] == Some(d) && p.shape.sees(j, k))
        })
        .expect("such a cell");
    let mut q = p.clone();
    q.givens[k] = Some(d);
    for m in METHODS {
        assert_eq!(status(&q, m), "none", "{m:?}");
    }
}

/// The published puzzle without its 1s and 2s: swapping 1 and 2 in the solution keeps every
/// rule and every given left, so there are at least two solutions.
#[test]
fn a_puzzle_with_several_solutions() {
    let mut p = Sudoku::parse(WIKIPEDIA, "wikipedia").unwrap();
    for g in &mut p.givens {
        if matches!(g, Some(1 | 2)) {
            *g = None;
        }
    }
    for m in METHODS {
        assert_eq!(status(&p, m), "multiple", "{m:?}");
    }
}

/// Every completed 4×4 grid, by brute force over rows that are permutations (independent of
/// the solvers): the grids whose columns and boxes hold each digit once.
fn all_4x4_grids() -> Vec<[u8; 16]> {
    let mut perms = Vec::new();
    for a in 1..=4u8 {
        for b in 1..=4u8 {
            for c in 1..=4u8 {
                for d in 1..=4u8 {
                    let row = [a, b, c, d];
                    let mut seen = [false; 5];
                    if row
                        .iter()
                        .all(|&x| !std::mem::replace(&mut seen[x as usize], true))
                    {
                        perms.push(row);
                    }
                }
            }
        }
    }
    let mut grids = Vec::new();
    for r0 in &perms {
        for r1 in &perms {
            for r2 in &perms {
                for r3 in &perms {
                    let g: Vec<u8> = [r0, r1, r2, r3]
                        .iter()
                        .flat_map(|r| r.iter().copied())
                        .collect();
                    let distinct = |cells: [usize; 4]| {
                        let mut m = 0u8;
                        cells.iter().for_each(|&k| m |= 1 << g[k]);
                        m == 0b11110
                    };
                    let ok = (0..4).all(|c| distinct([c, 4 + c, 8 + c, 12 + c]))
                        && [0, 2, 8, 10]
                            .iter()
                            .all(|&t| distinct([t, t + 1, t + 4, t + 5]));
                    if ok {
                        grids.push(g.try_into().unwrap());
                    }
                }
            }
        }
    }
    grids
}

#[test]
fn tiny_puzzles_agree_with_brute_force() {
    let grids = all_4x4_grids();
    assert_eq!(grids.len(), 288, "brute force finds every 4×4 grid");
    let mut rng = wellposed_engine::Xorshift(0x5EED_4444);
    for case in 0..400 {
        let mut givens = vec![None; 16];
        for _ in 0..1 + rng.below(6) {
            givens[rng.below(16) as usize] = Some(1 + rng.below(4) as u8);
        }
        let brute = grids
            .iter()
            .filter(|g| {
                givens
                    .iter()
                    .zip(g.iter())
                    .all(|(x, &v)| x.is_none_or(|x| x == v))
            })
            .count();
        let p = Sudoku {
            shape: Shape::new(2, 2),
            givens,
        };
        let methods: &[Method] = if case % 8 == 0 {
            &METHODS
        } else {
            &[Method::Dlx, Method::Native]
        };
        for &m in methods {
            let c = count(&p, &with(m), None).unwrap();
            assert_eq!(
                c.count.to_string(),
                brute.to_string(),
                "case {case} {m:?}: {p:?}"
            );
        }
    }
}

/// Random 9×9 and 6×6 puzzles (a generated grid's digits, a random part of them kept): the
/// three methods give the same status, and the same solution when unique.
#[test]
fn methods_agree_on_random_puzzles() {
    let mut rng = wellposed_engine::Xorshift(0xABCD_1234);
    for case in 0..60u64 {
        let shape = if case % 3 == 0 {
            Shape::new(2, 3)
        } else {
            Shape::new(3, 3)
        };
        let grid = generate::full_grid(&shape, &mut rng);
        let keep = 2 + rng.below(8);
        let givens = grid
            .iter()
            .map(|&d| (rng.below(keep) == 0).then_some(d))
            .collect();
        let p = Sudoku { shape, givens };
        let answers: Vec<_> = METHODS
            .iter()
            .map(|&m| (status(&p, m), unique_solution(&p, m)))
            .collect();
        assert!(
            answers.windows(2).all(|w| w[0] == w[1]),
            "case {case}: {answers:?}"
        );
    }
}

#[test]
fn formats_read_and_write_back() {
    // `0` is a blank too; written back with `.`.
    let zeros = WIKIPEDIA.replace('.', "0");
    assert_eq!(
        Sudoku::parse(&zeros, "zeros").unwrap(),
        Sudoku::parse(WIKIPEDIA, "dots").unwrap()
    );
    // The document, with spaced and compact rows, and the line agree.
    let p = Sudoku::parse(WIKIPEDIA, "line").unwrap();
    let doc = p.to_text();
    assert_eq!(Sudoku::parse(&doc, "doc").unwrap(), p);
    let compact: String = std::iter::once("family sudoku\nsize 9\ngrid\n".to_string())
        .chain(
            WIKIPEDIA
                .as_bytes()
                .chunks(9)
                .map(|r| format!("{}\n", String::from_utf8_lossy(r))),
        )
        .collect();
    assert_eq!(Sudoku::parse(&compact, "compact").unwrap(), p);
    // 16×16: digits 1–9 then A–G, 6×6 with 2×3 boxes, and their puzz.link URLs.
    let sixteen = Sudoku::empty(4, 4);
    let mut rng = wellposed_engine::Xorshift(99);
    let full = generate::full_grid(&sixteen.shape, &mut rng);
    let line = formats::solution_line(&full);
    assert!(line.contains('G') && line.len() == 256);
    let q = Sudoku::parse(&line, "16").unwrap();
    assert_eq!(q.shape, Shape::new(4, 4));
    assert_eq!(q.givens, full.iter().map(|&d| Some(d)).collect::<Vec<_>>());
    let url = q.url().unwrap();
    assert!(url.starts_with("https://puzz.link/p?sudoku/16/16/"));
    assert_eq!(Sudoku::parse(&url, "url").unwrap(), q);
    let six = Sudoku::parse("1....2..3.........4.......5...6.....", "6").unwrap();
    assert_eq!((six.shape.box_rows, six.shape.box_cols), (2, 3));
    assert_eq!(Sudoku::parse(&six.url().unwrap(), "url").unwrap(), six);
    // A shape a URL cannot say has no URL, and no one-line form.
    let tall = Sudoku::parse(
        "family sudoku\nsize 6\nbox 3 2\ngrid\n......\n......\n......\n......\n......\n......\n",
        "t",
    )
    .unwrap();
    assert_eq!((tall.url(), formats::line(&tall)), (None, None));
}

#[test]
fn bad_clues_are_refused_on_their_line() {
    wellposed_engine::assert_parse_errors::<Sudoku>(&[
        ("family sudoku\nsize 0\ngrid\n", 2, "from 1 to 25"),
        ("family sudoku\nsize 6\nbox 4 2\ngrid\n", 3, "R·C = 6"),
        (
            "family sudoku\nsize 4\ngrid\n1 . . .\n",
            3,
            "expected 4 rows",
        ),
        (
            "family sudoku\nsize 4\ngrid\n1 . . .\n. . . .\n. . 5 .\n. . . .\n",
            6,
            "digit 1..4",
        ),
        (
            "family sudoku\nsize 4\ngrid\n1 . .\n. . . .\n. . . .\n. . . .\n",
            4,
            "expected 4 cells",
        ),
        ("1..............\n", 1, "n² characters"),
        (
            "# two puzzles\n1...............\n.2..............\n",
            3,
            "sudoku batch",
        ),
        ("..5.............\n", 1, "character 3"),
        (
            "https://puzz.link/p?sudoku/5/5/g1\n",
            1,
            "4, 6, 9, 16 or 25",
        ),
        ("https://puzz.link/p?sudoku/4/4/g5\n", 1, "row 1 col 2"),
        (
            "https://puzz.link/p?sudoku/4/4/g.\n",
            1,
            "not a Sudoku clue",
        ),
        ("https://puzz.link/p?sudoku/4/3/g1\n", 1, "square"),
    ]);
}

/// The batch: one answer line per puzzle, read as it goes; comments and blanks skipped; a bad
/// line stops it with its number.
#[test]
fn batch_answers_line_by_line() {
    let p = Sudoku::parse(WIKIPEDIA, "w").unwrap();
    let mut none = p.clone();
    // Two 5s in the first row.
    none.givens[2] = Some(5);
    let none_line = formats::line(&none).unwrap();
    let several = "1...............";
    let input = format!("# a batch\n{WIKIPEDIA}\n\n{none_line} trailing words\n{several}\n");
    let lines = Mutex::new(Vec::new());
    let stream = |l: &str| {
        lines.lock().unwrap().push(l.to_string());
        Ok(())
    };
    let opts = Options::default();
    let ctx = wellposed_engine::Context {
        options: &opts,
        json: false,
        stream: &stream,
    };
    let r = wellposed_sudoku::commands::batch(input.as_bytes(), "batch.txt", false, &ctx).unwrap();
    let mut out = lines.lock().unwrap().clone();
    out.push(r.text);
    assert_eq!(out, vec![WIKIPEDIA_SOLUTION, "none", "multiple"]);
    assert_eq!(r.json["unique"], 1);
    let bad = format!("{WIKIPEDIA}\n12345\n");
    let e = wellposed_sudoku::commands::batch(bad.as_bytes(), "bad.txt", false, &ctx).unwrap_err();
    assert!(e.to_string().starts_with("bad.txt:2:"), "{e}");
}

/// Generated puzzles: unique (proved by dancing links) and minimal (each given taken away
/// leaves several solutions), on each side the generator is asked for most.
#[test]
fn generated_puzzles_are_unique_and_minimal() {
    for (shape, seeds) in [
        (Shape::new(2, 2), 0..20),
        (Shape::new(2, 3), 0..10),
        (Shape::new(3, 3), 0..4),
    ] {
        for seed in seeds {
            let g = generate::generate(&shape, seed);
            let p = &g.puzzle;
            assert_eq!(
                unique_solution(p, Method::Dlx),
                Some(g.solution.clone()),
                "seed {seed}"
            );
            for k in (0..p.givens.len()).filter(|&k| p.givens[k].is_some()) {
                let mut q = p.clone();
                q.givens[k] = None;
                assert_eq!(
                    status(&q, Method::Dlx),
                    "multiple",
                    "seed {seed}: given {k} could go"
                );
            }
        }
    }
}

/// `--certify`: the published puzzle's one solution and the changed puzzle's none come with
/// DRAT proofs the independent checker accepts.
#[test]
fn uniqueness_and_no_solution_are_certified() {
    let p = Sudoku::parse(WIKIPEDIA, "wikipedia").unwrap();
    let c = wellposed_engine::certified(&p, &Options::default(), Some(2), 1).unwrap();
    assert_eq!((c.count, c.complete, c.proof.is_some()), (1, true, true));
    let none = Sudoku::parse(
        &std::fs::read_to_string(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../../encodings/sudoku/no-solution-9x9.txt"
        ))
        .unwrap(),
        "none",
    )
    .unwrap();
    let c = wellposed_engine::certified(&none, &Options::default(), Some(2), 1).unwrap();
    assert_eq!((c.count, c.complete, c.proof.is_some()), (0, true, true));
}

/// The search's guesses (what `generate sudoku --min-guesses` draws on): none on a puzzle the
/// singles solve (Wikipedia's, which grades `naked-single`), some on Inkala's 2012 puzzle.
#[test]
fn the_search_guesses_only_where_singles_do_not_solve() {
    let shape = Shape::new(3, 3);
    let easy = Sudoku::parse(WIKIPEDIA, "w").unwrap();
    assert_eq!(wellposed_sudoku::solver::guesses(&shape, &easy.givens), 0);
    let hard = Sudoku::parse(
        "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..",
        "inkala",
    )
    .unwrap();
    assert!(wellposed_sudoku::solver::guesses(&shape, &hard.givens) > 0);
}
