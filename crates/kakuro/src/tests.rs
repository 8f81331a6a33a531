use crate::encode::combinations;
use crate::*;
use wellposed_engine::deduce::{Deducer, Rule};
use wellposed_engine::{count, uniqueness, Options, Uniqueness, Xorshift};

const PZPRJS: &str = "https://puzz.link/p?kakuro/5/5/48la0.na0lh3l0Bn.0cl.c4a3";

/// Every assignment of digits 1–9 to the white cells, checked by the rules alone.
fn brute_force(p: &Kakuro) -> u64 {
    let whites = p.whites();
    let mut digits = vec![0u8; p.cells.len()];
    let mut found = 0;
    let total = 9u64.pow(whites.len() as u32);
    for mut code in 0..total {
        for &k in &whites {
            digits[k] = (code % 9) as u8 + 1;
            code /= 9;
        }
        if p.check(&digits).is_ok() {
            found += 1;
        }
    }
    found
}

/// pzprjs's own test URL for Kakuro (`test/script/kakuro.js` in robx/pzprjs) and the answer
/// published beside it (the last, error-free board of its `failcheck` list, `.` for the clue
/// cells).
#[test]
fn the_published_url_solves_to_its_answer_and_is_written_back() {
    let p = Kakuro::parse(PZPRJS, "t").unwrap();
    assert_eq!((p.rows, p.cols), (6, 6));
    let published = [
        ". 5 3 . .",
        "3 4 1 2 .",
        "1 2 . 1 2",
        ". 1 9 3 8",
        ". . 8 4 .",
    ];
    let mut want = vec![0u8; 36];
    for (r, row) in published.iter().enumerate() {
        for (c, t) in row.split(' ').enumerate() {
            want[(r + 1) * 6 + c + 1] = t.parse().unwrap_or(0);
        }
    }
    match uniqueness(&p, &Options::default()).unwrap() {
        Uniqueness::Unique(s) => assert_eq!(s.solution::<Fill>().unwrap().digits, want),
        other => panic!("expected unique, found {}", other.status()),
    }
    assert_eq!(p.url().unwrap(), PZPRJS);
    // The sums as pzprjs's file of it lists them (down, across).
    assert_eq!(
        p.cells[7],
        Cell::Black {
            down: Some(4),
            across: Some(8)
        }
    );
    assert_eq!(
        p.cells[2],
        Cell::Black {
            down: Some(12),
            across: None
        }
    );
    assert_eq!(
        p.cells[6 * 2],
        Cell::Black {
            down: None,
            across: Some(10)
        }
    );
    assert_eq!(
        p.cells[3 * 6 + 3],
        Cell::Black {
            down: Some(17),
            across: Some(3)
        }
    );
    let text = Family::to_text(&p);
    assert_eq!(Kakuro::parse(&text, "t").unwrap(), p, "{text}");
}

/// Random boards with random sums (some 0, some missing): every URL reads back to the same
/// board and is written again as it was; the text too.
#[test]
fn urls_and_texts_round_trip() {
    let mut rng = Xorshift(11);
    for _ in 0..500 {
        let rows = 2 + rng.below(7) as usize;
        let cols = 2 + rng.below(7) as usize;
        let sum = |rng: &mut Xorshift| match rng.below(4) {
            0 => None,
            _ => Some(rng.below(46) as u8),
        };
        let mut cells: Vec<Cell> = (0..rows * cols)
            .map(|_| match rng.below(3) {
                0 => Cell::Black {
                    down: sum(&mut rng),
                    across: sum(&mut rng),
                },
                _ => Cell::White,
            })
            .collect();
        // The outer row and column are clue cells, holding only what the URL can say.
        for k in 0..rows * cols {
            let (r, c) = (k / cols, k % cols);
            if r == 0 || c == 0 {
                let down = (r == 0 && c > 0 && cells[k + cols].is_white())
                    .then(|| sum(&mut rng))
                    .flatten();
                let across = (c == 0 && r > 0 && cells[k + 1].is_white())
                    .then(|| sum(&mut rng))
                    .flatten();
                cells[k] = Cell::Black { down, across };
            }
        }
        let p = Kakuro::new(rows, cols, cells);
        let u = p.url().unwrap();
        let back = Kakuro::parse(&u, "t").unwrap_or_else(|e| panic!("{u}: {e}"));
        assert_eq!(back, p, "{u}");
        assert_eq!(back.url().unwrap(), u);
        let text = Family::to_text(&p);
        assert_eq!(Kakuro::parse(&text, "t").unwrap(), p, "{text}");
    }
    // A white cell on the outer row has no place in a URL.
    let p = Kakuro::parse("family kakuro\nsize 2 2\ngrid\n. .\n. .\n", "t").unwrap();
    assert_eq!(p.url(), None);
}

/// The unique combinations every Kakuro guide lists (e.g. Wikipedia's "Kakuro", the
/// combinations section): the smallest and largest sums of each length have one set of
/// digits, and so on.
#[test]
fn the_combination_table_has_the_known_unique_sets() {
    let set = |ds: &[u16]| ds.iter().fold(0u16, |m, d| m | 1 << d);
    for (len, sum, want) in [
        (2, 3, set(&[1, 2])),
        (2, 4, set(&[1, 3])),
        (2, 16, set(&[7, 9])),
        (2, 17, set(&[8, 9])),
        (3, 6, set(&[1, 2, 3])),
        (3, 7, set(&[1, 2, 4])),
        (3, 23, set(&[6, 8, 9])),
        (3, 24, set(&[7, 8, 9])),
        (4, 10, set(&[1, 2, 3, 4])),
        (4, 11, set(&[1, 2, 3, 5])),
        (4, 29, set(&[5, 7, 8, 9])),
        (4, 30, set(&[6, 7, 8, 9])),
        (5, 15, set(&[1, 2, 3, 4, 5])),
        (5, 35, set(&[5, 6, 7, 8, 9])),
        (9, 45, set(&[1, 2, 3, 4, 5, 6, 7, 8, 9])),
    ] {
        assert_eq!(combinations(len, sum), &[want], "{sum} in {len}");
    }
    assert_eq!(
        combinations(2, 10).len(),
        4,
        "10 in two: 1+9, 2+8, 3+7, 4+6"
    );
    assert_eq!(combinations(2, 2).len(), 0);
    assert_eq!(combinations(10, 45).len(), 0);
    // Every set of two or more digits once: 2⁹ − 1 − 9.
    let all: usize = (2..=9)
        .flat_map(|l| (0..=45).map(move |s| combinations(l, s).len()))
        .sum();
    assert_eq!(all, 502);
}

/// A random tiny board (at most 4 white cells, 9⁴ assignments) with sums from a random fill,
/// some sums random, some missing or 0.
fn tiny(rng: &mut Xorshift) -> Kakuro {
    loop {
        let rows = 2 + rng.below(3) as usize;
        let cols = 2 + rng.below(3) as usize;
        let mut cells: Vec<Cell> = (0..rows * cols)
            .map(|k| {
                if k / cols == 0 || k % cols == 0 || rng.below(3) == 0 {
                    Cell::BLACK
                } else {
                    Cell::White
                }
            })
            .collect();
        let whites = cells.iter().filter(|c| c.is_white()).count();
        if whites == 0 || whites > 4 {
            continue;
        }
        let fill: Vec<u8> = (0..rows * cols).map(|_| 1 + rng.below(9) as u8).collect();
        let plain = Kakuro::new(rows, cols, cells.clone());
        for run in plain.runs() {
            let Some(k) = run.clue else { continue };
            let v = match rng.below(5) {
                0 => None,
                1 => Some(rng.below(25) as u8),
                _ => Some(run.cells.iter().map(|&j| fill[j]).sum::<u8>()),
            };
            if let Cell::Black { down, across } = &mut cells[k] {
                *if run.across { across } else { down } = v;
            }
        }
        return Kakuro::new(rows, cols, cells);
    }
}

/// The engine's count against brute force over every assignment, on random tiny boards.
#[test]
fn counts_agree_with_brute_force_on_tiny_boards() {
    let mut rng = Xorshift(2026);
    let opts = Options::default();
    let mut solvable = 0;
    for _ in 0..300 {
        let p = tiny(&mut rng);
        let want = brute_force(&p);
        let got = count(&p, &opts, None).unwrap();
        assert_eq!(got.count.to_u64(), Some(want), "{}", Family::to_text(&p));
        solvable += u64::from(want > 0);
    }
    assert!(solvable > 50);
}

#[test]
fn parse_errors_name_the_line_and_what_was_expected() {
    wellposed_engine::assert_parse_errors::<Kakuro>(&[
        (
            "family kakuro\nsize 2 2\ngrid\n\\ \\\n\\ x\n",
            5,
            "found `x`",
        ),
        (
            "family kakuro\nsize 2 2\ngrid\n\\ 46\\\n\\ .\n",
            4,
            "found `46\\`",
        ),
        (
            "family kakuro\nsize 2 2\ngrid\n\\ \\\n",
            3,
            "expected 2 rows",
        ),
        (
            "family kakuro\nsize 2 2\ngrid\n\\ \\ \\\n\\ .\n",
            4,
            "expected 2 cells",
        ),
        ("https://puzz.link/p?kakuro/2/2/!", 1, "unexpected `!`"),
        ("https://puzz.link/p?kakuro/2/2/4", 1, "ends inside"),
        ("https://puzz.link/p?kakuro/2/2/4!", 1, "unexpected `!`"),
        (
            "https://puzz.link/p?kakuro/2/2/n----x",
            1,
            "after the board",
        ),
        (
            "https://puzz.link/p?kakuro/2/2/nx",
            1,
            "unexpected `x` at character 2",
        ),
        (
            "https://puzz.link/p?kakuro/300/300/",
            1,
            "expected 1 to 40000",
        ),
    ]);
}

#[test]
fn the_rules_check_catches_each_broken_rule() {
    let p = Kakuro::parse("family kakuro\nsize 2 3\ngrid\n\\ \\ \\\n\\4 . .\n", "t").unwrap();
    assert!(p.check(&[0, 0, 0, 0, 2, 2]).unwrap_err().contains("twice"));
    assert!(p
        .check(&[0, 0, 0, 0, 1, 2])
        .unwrap_err()
        .contains("adds up to 3"));
    assert!(p
        .check(&[0, 0, 0, 0, 0, 4])
        .unwrap_err()
        .contains("no digit"));
    assert!(p.check(&[1, 0, 0, 0, 1, 3]).unwrap_err().contains("black"));
    assert_eq!(p.check(&[0, 0, 0, 0, 3, 1]), Ok(()));
}

/// Generated puzzles with `--drop-sums` are unique (by the solver, not the generator's
/// oracle) and minimal (each sum taken away leaves another solution); deduction with the rules
/// never contradicts the planted fill, and the family rules go past propagation.
#[test]
fn generated_puzzles_are_unique_minimal_and_deduced_soundly() {
    let opts = Options::default();
    let mut family_rule_needed = 0;
    for seed in 0..12 {
        let g = generate::generate(5 + (seed % 3) as usize, 6, 25, 9, true, seed, &opts).unwrap();
        let p = &g.puzzle;
        assert_eq!(p.check(&g.digits), Ok(()));
        match uniqueness(p, &opts).unwrap() {
            Uniqueness::Unique(s) => assert_eq!(s.solution::<Fill>().unwrap().digits, g.digits),
            other => panic!("seed {seed}: {}", other.status()),
        }
        for i in 0..Family::clues(p).len() {
            let q = p.without_clues(&[i]).unwrap();
            assert_eq!(
                uniqueness(&q, &opts).unwrap().status(),
                "multiple",
                "seed {seed}: sum {i} is not needed"
            );
        }
        let enc = rules::encoding(p);
        let deducer = Deducer::new(&enc).with_rules(rules::rules(p));
        let d = deducer.deduce(Rule::Probe);
        assert!(!d.contradiction, "seed {seed}");
        let whites = p.whites();
        for (i, v) in d.known.iter().enumerate() {
            if let Some(v) = v {
                let (w, digit) = (i / 9, (i % 9 + 1) as u8);
                assert_eq!(
                    *v,
                    g.digits[whites[w]] == digit,
                    "seed {seed}: {}",
                    enc.names[i]
                );
            }
        }
        let basic = deducer.deduce(Rule::Propagation);
        let with_family = deducer.deduce(Rule::Family("run-fit", 3));
        if with_family.open < basic.open {
            family_rule_needed += 1;
        }
    }
    assert!(family_rule_needed > 0);
}

/// Each rule does its own step on a two-by-two block: across 3 over two cells (only {1, 2})
/// and down 4 over two cells (only {1, 3}) cross in row 2 col 2, which must be 1.
#[test]
fn each_rule_does_its_own_step() {
    let text = "family kakuro\nsize 3 3\ngrid\n\\ 4\\ 7\\\n\\3 . .\n\\8 . .\n";
    let p = Kakuro::parse(text, "t").unwrap();
    let enc = rules::encoding(&p);
    let state = Deducer::new(&enc).start();
    let rs = rules::rules(&p);
    // Combinations: the across 3 keeps 1 and 2 in its cells, the down 4 keeps 1 and 3.
    let removed = rs[0].propose(&state);
    let gone = |name: &str| removed.iter().any(|r| enc.names[r.var.index()] == name);
    assert!(gone("row 2 col 2=3") && gone("row 2 col 2=9") && !gone("row 2 col 2=1"));
    assert_eq!(rs[0].propose_steps(&state).len(), 4, "one step a run");
    let d = Deducer::new(&enc)
        .with_rules(rules::rules(&p))
        .deduce(Rule::Family("run-fit", 3));
    assert!(d.solved);
    assert_eq!(brute_force(&p), 1);
}

/// Every URL of the corpus (`encodings/kakuro/puzzlink.tsv`, real puzzles from public
/// sources) is read and written back as it was.
#[test]
fn the_corpus_reads_and_writes_back() {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../encodings/kakuro/puzzlink.tsv"
    );
    let text = std::fs::read_to_string(path).unwrap();
    let mut read = 0;
    for line in text
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
    {
        let url = line.split('\t').next().unwrap();
        let p = Kakuro::parse(url, "corpus").unwrap_or_else(|e| panic!("{e}"));
        let tail = url.split_once("kakuro/").unwrap().1.trim_end_matches('/');
        assert_eq!(
            p.url().unwrap(),
            format!("https://puzz.link/p?kakuro/{tail}")
        );
        read += 1;
    }
    assert!(read >= 9);
}

/// The default generator makes proper Kakuro, minimal in the genre's sense: every run has two
/// to nine cells and shows its sum, no black cell carries a sum that starts no run, the white
/// cells are connected, the layout is symmetric under a half turn, and the black share is
/// what was asked (or a little more); the fill is the only solution (by the solver).
#[test]
fn generated_puzzles_are_proper_kakuro() {
    let opts = Options::default();
    for seed in 0..10 {
        let (rows, cols) = (6 + (seed % 4) as usize, 7 + (seed % 3) as usize);
        let g = generate::generate(rows, cols, 30, 9, false, seed, &opts).unwrap();
        let p = &g.puzzle;
        assert_eq!((p.rows, p.cols), (rows + 1, cols + 1));
        match uniqueness(p, &opts).unwrap() {
            Uniqueness::Unique(s) => assert_eq!(s.solution::<Fill>().unwrap().digits, g.digits),
            other => panic!("seed {seed}: {}", other.status()),
        }
        let runs = p.runs();
        for run in &runs {
            assert!((2..=9).contains(&run.cells.len()), "seed {seed}: {run:?}");
            assert!(
                run.sum.is_some() && run.clue.is_some(),
                "seed {seed}: {run:?}"
            );
        }
        let starts: Vec<(usize, bool)> = runs.iter().map(|r| (r.clue.unwrap(), r.across)).collect();
        for (k, &c) in p.cells.iter().enumerate() {
            if let Cell::Black { down, across } = c {
                assert_eq!(
                    down.is_some(),
                    starts.contains(&(k, false)),
                    "seed {seed} cell {k}"
                );
                assert_eq!(
                    across.is_some(),
                    starts.contains(&(k, true)),
                    "seed {seed} cell {k}"
                );
            }
        }
        let inner: Vec<bool> = (1..p.rows)
            .flat_map(|r| (1..p.cols).map(move |c| (r, c)))
            .map(|(r, c)| p.cells[r * p.cols + c].is_white())
            .collect();
        let mirrored: Vec<bool> = inner.iter().rev().copied().collect();
        assert_eq!(inner, mirrored, "seed {seed}: symmetric");
        assert_eq!(
            wellposed_engine::rooms::components(rows, cols, &inner).len(),
            1,
            "seed {seed}: connected"
        );
        let black = inner.iter().filter(|&&w| !w).count();
        assert!(
            black * 100 >= rows * cols * 20,
            "seed {seed}: {black} black"
        );
        assert_eq!(p.clues().len(), runs.len());
    }
}
