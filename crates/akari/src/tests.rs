use crate::*;
use wellposed_engine::deduce::{Deducer, Rule};
use wellposed_engine::{count, uniqueness, Options, Uniqueness, Xorshift};

fn board(rows: &[&str]) -> Akari {
    let cells = rows
        .iter()
        .flat_map(|r| r.chars().map(|c| Cell::of_symbol(c).unwrap()))
        .collect();
    Akari::new(rows.len(), rows[0].len(), cells)
}

/// Every placement of lights on the white cells, checked by the rules alone.
fn brute_force(p: &Akari) -> u64 {
    let whites = p.whites();
    let mut found = 0;
    for mask in 0u64..1 << whites.len() {
        let mut light = vec![false; p.cells.len()];
        for (i, &k) in whites.iter().enumerate() {
            light[k] = mask >> i & 1 == 1;
        }
        if p.check(&light).is_ok() {
            found += 1;
        }
    }
    found
}

/// pzprjs's own test URL for Akari (`test/script/lightup.js` in robx/pzprjs, `6/6/nekcakbl`)
/// and the answer published beside it (the last, error-free board of its `failcheck` list,
/// lights as `#`).
#[test]
fn the_published_url_solves_to_its_answer_and_is_written_back() {
    let p = Akari::parse("https://puzz.link/p?lightup/6/6/nekcakbl", "t").unwrap();
    assert_eq!(
        formats::to_text(&p),
        "family akari\nsize 6 6\ngrid\n......\n..4...\n....2.\n.0....\n...1..\n......\n"
    );
    let published = [
        ". . # . . .",
        ". # 4 # . .",
        ". . # . 2 #",
        "+ 0 . . # .",
        "# + . 1 . .",
        ". . . # . .",
    ];
    let want: Vec<bool> = published
        .iter()
        .flat_map(|r| r.split(' ').map(|c| c == "#"))
        .collect();
    match uniqueness(&p, &Options::default()).unwrap() {
        Uniqueness::Unique(s) => {
            assert_eq!(s.solution::<Lights>().unwrap().light, want);
        }
        other => panic!("expected unique, found {}", other.status()),
    }
    assert_eq!(p.url().unwrap(), "https://puzz.link/p?akari/6/6/nekcakbl");
    assert_eq!(
        Akari::parse("akari/6/6/nekcakbl", "t").unwrap(),
        p,
        "the URL name pzprjs writes"
    );
}

/// Random boards with random numbers: every URL reads back to the same board.
#[test]
fn urls_round_trip() {
    let mut rng = Xorshift(7);
    for _ in 0..500 {
        let rows = 1 + rng.below(8) as usize;
        let cols = 1 + rng.below(8) as usize;
        let cells = (0..rows * cols)
            .map(|_| match rng.below(10) {
                0..=5 => Cell::White,
                6 => Cell::Black,
                _ => Cell::Number(rng.below(5) as u8),
            })
            .collect();
        let p = Akari::new(rows, cols, cells);
        let u = p.url().unwrap();
        assert_eq!(Akari::parse(&u, "t").unwrap(), p, "{u}");
        let text = formats::to_text(&p);
        assert_eq!(Akari::parse(&text, "t").unwrap(), p, "{text}");
    }
    // Runs longer than 20 white cells are split as pzprjs splits them (`z` is 20).
    let p = board(&["......................X"]);
    assert_eq!(p.url().unwrap(), "https://puzz.link/p?akari/23/1/zh.");
}

/// The engine's count against brute force over every placement, on a few hundred random tiny
/// boards (numbers half from a random placement, half at random).
#[test]
fn counts_agree_with_brute_force_on_tiny_boards() {
    let mut rng = Xorshift(2024);
    let mut solvable = 0;
    for _ in 0..400 {
        let rows = 1 + rng.below(4) as usize;
        let cols = 1 + rng.below(4) as usize;
        let mut cells: Vec<Cell> = (0..rows * cols)
            .map(|_| {
                if rng.below(4) == 0 {
                    Cell::Black
                } else {
                    Cell::White
                }
            })
            .collect();
        let lights: Vec<bool> = (0..rows * cols).map(|_| rng.below(3) == 0).collect();
        let plain = Akari::new(rows, cols, cells.clone());
        for (k, cell) in cells.iter_mut().enumerate() {
            if *cell == Cell::Black && rng.below(3) != 0 {
                let n = if rng.below(2) == 0 {
                    plain
                        .neighbours(k)
                        .filter(|&j| lights[j] && plain.cells[j].is_white())
                        .count() as u8
                } else {
                    rng.below(5) as u8
                };
                *cell = Cell::Number(n);
            }
        }
        let p = Akari::new(rows, cols, cells);
        let want = brute_force(&p);
        let got = count(&p, &Options::default(), None).unwrap();
        assert_eq!(got.to_u64(), Some(want), "{}", formats::to_text(&p));
        solvable += usize::from(want > 0);
    }
    assert!(solvable > 100, "only {solvable} solvable boards");
}

#[test]
fn bad_boards_are_refused_on_their_line() {
    wellposed_engine::assert_parse_errors::<Akari>(&[
        (
            "family akari\nsize 0 3\ngrid\n",
            2,
            "expected 1..10000 cells",
        ),
        ("family akari\nsize 2 2\ngrid\n..\n", 3, "expected 2 rows"),
        ("family akari\nsize 2 2\ngrid\n..\n.5\n", 5, "a number 0–4"),
        (
            "family akari\nsize 2 2\ngrid\n...\n..\n",
            4,
            "expected 2 cells",
        ),
        (
            "https://puzz.link/p?akari/0/3/",
            1,
            "expected 1 to 10000 cells",
        ),
        ("https://puzz.link/p?akari/2/2/x!", 1, "unexpected `!`"),
        ("https://puzz.link/p?akari/2/2/jjk", 1, "after the board"),
        (
            "https://puzz.link/p?akari/200/200/",
            1,
            "expected 1 to 10000",
        ),
    ]);
}

#[test]
fn the_rules_check_catches_each_broken_rule() {
    let p = board(&["..1", "...", "X.."]);
    let at = |ks: &[usize]| {
        let mut l = vec![false; 9];
        for &k in ks {
            l[k] = true;
        }
        l
    };
    assert!(p.check(&at(&[1, 5, 6])).unwrap_err().contains("black"));
    assert!(p
        .check(&at(&[0, 1]))
        .unwrap_err()
        .contains("light each other"));
    assert!(p.check(&at(&[1])).unwrap_err().contains("not lit"));
    assert!(p.check(&at(&[0, 4, 8])).unwrap_err().contains("shows 1"));
    assert_eq!(p.check(&at(&[1, 3, 8])), Ok(()));
}

fn deducer_rules(
    p: &Akari,
) -> (
    CnfEncoding,
    Vec<Box<dyn wellposed_engine::deduce::FamilyRule>>,
) {
    (p.cnf_with(Default::default()), rules::rules(p))
}

/// Generated puzzles are unique (by the solver, not the generator's oracle) and minimal (each
/// number taken away leaves another solution); deduction with Akari's rules never contradicts
/// the planted lights, and probing solves them all.
#[test]
fn generated_puzzles_are_unique_minimal_and_deduced_soundly() {
    let opts = Options::default();
    let mut family_rule_needed = 0;
    for seed in 0..30 {
        let (rows, cols) = (5 + (seed % 3) as usize, 6);
        let g = generate::generate(rows, cols, 20, seed, &opts).unwrap();
        let p = &g.puzzle;
        assert_eq!(p.check(&g.light), Ok(()));
        match uniqueness(p, &opts).unwrap() {
            Uniqueness::Unique(s) => assert_eq!(s.solution::<Lights>().unwrap().light, g.light),
            other => panic!("seed {seed}: {}", other.status()),
        }
        for i in 0..Family::clues(p).len() {
            let q = p.without_clues(&[i]).unwrap();
            assert_eq!(
                uniqueness(&q, &opts).unwrap().status(),
                "multiple",
                "seed {seed}: number {i} is not needed"
            );
        }
        let (enc, rules) = deducer_rules(p);
        let deducer = Deducer::new(&enc).with_rules(rules);
        let d = deducer.deduce(Rule::Probe);
        assert!(!d.contradiction, "seed {seed}");
        let whites = p.whites();
        for (i, v) in d.known.iter().enumerate().take(whites.len()) {
            if let Some(v) = v {
                assert_eq!(
                    *v,
                    g.light[whites[i]],
                    "seed {seed}: {}",
                    p.cell_name(whites[i])
                );
            }
        }
        let basic = deducer.deduce(Rule::Propagation);
        let with_family = deducer.deduce(Rule::Family("dark-cell", 4));
        if with_family.open < basic.open {
            family_rule_needed += 1;
        }
    }
    assert!(
        family_rule_needed > 0,
        "Akari's rules never went past propagation"
    );
}

/// Each rule does its own step. Number diagonal: a 3 with its four neighbours free (needing
/// three of four, one to spare) rules out the cells diagonal to it, which see two of them.
/// Dark cell: in `.0..` over `....` the 0 darkens the cells beside it; then row 1 col 1 can
/// only be lit from row 2 col 1, and a light at row 2 col 3 or col 4 would rule that out.
#[test]
fn each_rule_does_its_own_step() {
    let p = board(&[".....", ".....", "..3..", ".....", "....."]);
    let (enc, _) = deducer_rules(&p);
    let state = Deducer::new(&enc).start();
    let var_of = p.var_of();
    let diagonal: Vec<usize> = rules::rules(&p)[0]
        .propose(&state)
        .iter()
        .map(|r| r.var.index())
        .collect();
    for k in [6, 8, 16, 18] {
        assert!(diagonal.contains(&var_of[k].unwrap()), "{}", p.cell_name(k));
    }
    assert_eq!(diagonal.len(), 4);

    let p = board(&[".0..", "...."]);
    let (enc, _) = deducer_rules(&p);
    let mut state = Deducer::new(&enc).start();
    let var_of = p.var_of();
    for k in [0, 2, 5] {
        let v = var_of[k].unwrap();
        state[v] &= !2; // the engine's bit for `true`: no light here
        assert!(!wellposed_engine::deduce::possible(
            &state,
            Var(v as u32),
            true
        ));
    }
    let mut dark: Vec<usize> = rules::rules(&p)[1]
        .propose(&state)
        .iter()
        .map(|r| r.var.index())
        .collect();
    dark.sort_unstable();
    assert_eq!(dark, vec![var_of[6].unwrap(), var_of[7].unwrap()]);
    assert_eq!(brute_force(&p), 1);
}

/// Every URL of the corpus (`encodings/akari/puzzlink.tsv`, real puzzles from public sources)
/// is read and written back as it was (pzprjs's URL name `akari` for the key `lightup`, and
/// without a trailing `/`).
#[test]
fn the_corpus_reads_and_writes_back() {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../encodings/akari/puzzlink.tsv"
    );
    let text = std::fs::read_to_string(path).unwrap();
    let mut read = 0;
    for line in text
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
    {
        let url = line.split('\t').next().unwrap();
        let p = Akari::parse(url, "corpus").unwrap_or_else(|e| panic!("{e}"));
        let want = url.replace("?lightup/", "?akari/");
        assert_eq!(p.url().unwrap(), want.trim_end_matches('/'));
        read += 1;
    }
    assert!(read >= 10);
}
