use crate::*;
use wellposed_engine::deduce::{Deducer, Rule};
use wellposed_engine::{count, uniqueness, Options, Uniqueness, Xorshift};

fn board(rows: &[&str]) -> Fillomino {
    let givens = rows
        .iter()
        .flat_map(|r| {
            r.split_whitespace().map(|t| match t {
                "." => None,
                "?" => Some(Clue::Unknown),
                v => Some(Clue::Number(v.parse().unwrap())),
            })
        })
        .collect();
    Fillomino::new(rows.len(), rows[0].split_whitespace().count(), givens)
}

/// Every division of the board into regions, each listed once (a subset of the neighbour
/// pairs is a division's when it holds every pair inside a region), numbered by region size
/// and checked by the rules alone.
fn brute_force(p: &Fillomino) -> u64 {
    let pairs = grid_pairs(p.rows, p.cols);
    let n = p.rows * p.cols;
    assert!(pairs.len() <= 20, "too many pairs for brute force");
    let mut found = 0;
    for mask in 0u32..1 << pairs.len() {
        let labels: Vec<usize> = {
            let mut parent: Vec<usize> = (0..n).collect();
            fn find(p: &mut [usize], v: usize) -> usize {
                let mut r = v;
                while p[r] != r {
                    r = p[r];
                }
                p[v] = r;
                r
            }
            for (i, &(a, b)) in pairs.iter().enumerate() {
                if mask >> i & 1 == 1 {
                    let (ra, rb) = (find(&mut parent, a), find(&mut parent, b));
                    parent[ra] = rb;
                }
            }
            (0..n).map(|v| find(&mut parent, v)).collect()
        };
        let canonical = pairs
            .iter()
            .enumerate()
            .all(|(i, &(a, b))| (labels[a] == labels[b]) == (mask >> i & 1 == 1));
        if !canonical {
            continue;
        }
        let number: Vec<usize> = (0..n)
            .map(|v| labels.iter().filter(|&&l| l == labels[v]).count())
            .collect();
        if p.check(&number).is_ok() {
            found += 1;
        }
    }
    found
}

/// pzprjs's own test URL for Fillomino (`test/script/fillomino.js` in robx/pzprjs,
/// `6/6/h4j53g2k5233k2g14j3h`) and the answer published beside it (the last, error-free board
/// of its `failcheck` list: the givens, then the numbers filled in).
#[test]
fn the_published_url_solves_to_its_answer_and_is_written_back() {
    let url = "https://puzz.link/p?fillomino/6/6/h4j53g2k5233k2g14j3h";
    let p = Fillomino::parse(url, "t").unwrap();
    let givens = [
        ". . 4 . . .",
        ". 5 3 . 2 .",
        ". . . . 5 2",
        "3 3 . . . .",
        ". 2 . 1 4 .",
        ". . . 3 . .",
    ];
    assert_eq!(p, board(&givens));
    let filled = [
        "5 5 . 4 4 4",
        "5 . . 2 . 1",
        "3 5 3 3 . .",
        ". . 5 5 5 2",
        "2 . 5 . . 4",
        "1 3 3 . 4 4",
    ];
    let want: Vec<usize> = givens
        .iter()
        .zip(&filled)
        .flat_map(|(g, f)| {
            g.split(' ')
                .zip(f.split(' '))
                .map(|(a, b)| if a == "." { b } else { a }.parse::<usize>().unwrap())
        })
        .collect();
    match uniqueness(&p, &Options::default()).unwrap() {
        Uniqueness::Unique(s) => assert_eq!(s.solution::<Numbers>().unwrap().number, want),
        other => panic!("expected unique, found {}", other.status()),
    }
    assert_eq!(p.url().unwrap(), url);
    assert_eq!(
        count(&p, &Options::default(), None).unwrap().to_u64(),
        Some(1)
    );
}

/// Random boards with givens, unknown givens and walls: every URL and document reads back to
/// the same board.
#[test]
fn urls_and_documents_round_trip() {
    let mut rng = Xorshift(11);
    for _ in 0..400 {
        let rows = 1 + rng.below(9) as usize;
        let cols = 1 + rng.below(9) as usize;
        let n = rows * cols;
        let givens = (0..n)
            .map(|_| match rng.below(10) {
                0..=5 => None,
                6 => Some(Clue::Unknown),
                _ => Some(Clue::Number(1 + rng.below(n as u64) as usize)),
            })
            .collect();
        let mut p = Fillomino::new(rows, cols, givens);
        if rng.below(2) == 0 {
            for w in p.walls.iter_mut() {
                *w = rng.below(4) == 0;
            }
        }
        p.tri = rng.below(4) == 0;
        let u = p.url().unwrap();
        assert_eq!(u.contains("fillomino/t/"), p.tri, "{u}");
        assert_eq!(Fillomino::parse(&u, "t").unwrap(), p, "{u}");
        let text = format::to_text(&p);
        assert_eq!(Fillomino::parse(&text, "t").unwrap(), p, "{text}");
    }
}

/// The engine's count (the lazy loop's blocking count and the model counter on the complete
/// encoding) against brute force over every division, on random tiny boards with givens drawn
/// from a random division or at random, and walls.
#[test]
fn counts_agree_with_brute_force_on_tiny_boards() {
    let mut rng = Xorshift(2026);
    let mut solvable = 0;
    let mut several = 0;
    for case in 0..250 {
        let (rows, cols) = match rng.below(5) {
            0 => (2, 2),
            1 => (2, 3),
            2 => (3, 3),
            3 => (2, 4),
            _ => (1 + rng.below(3) as usize, 1 + rng.below(4) as usize),
        };
        let n = rows * cols;
        let planted = generate::division(rows, cols, 4, &mut rng);
        let givens = (0..n)
            .map(|k| match (rng.below(10), &planted) {
                (0..=2, Some(num)) => Some(Clue::Number(num[k])),
                (3, _) => Some(Clue::Number(1 + rng.below(4) as usize)),
                (4, _) => Some(Clue::Unknown),
                _ => None,
            })
            .collect();
        let mut p = Fillomino::new(rows, cols, givens);
        if case % 4 == 0 {
            for w in p.walls.iter_mut() {
                *w = rng.below(5) == 0;
            }
        }
        // pzprjs's `t` variant (no region above 3 cells) on a third of the boards.
        p.tri = case % 3 == 1;
        let want = brute_force(&p);
        let opts = Options::default();
        let got = count(&p, &opts, None).unwrap();
        assert_eq!(got.to_u64(), Some(want), "{}", format::to_text(&p));
        let status = uniqueness(&p, &opts).unwrap().status();
        let expected = match want {
            0 => "none",
            1 => "unique",
            _ => "multiple",
        };
        assert_eq!(status, expected, "{}", format::to_text(&p));
        solvable += usize::from(want > 0);
        several += usize::from(want > 1);
    }
    assert!(
        solvable > 60 && several > 20,
        "{solvable} solvable, {several} with several"
    );
}

/// A region with no given number may be larger than every given: its size is counted, not
/// capped (and the cspuz peer agrees this board is unique).
#[test]
fn an_ungiven_region_may_outgrow_every_given() {
    let p = board(&["1 . .", ". . 1"]);
    match uniqueness(&p, &Options::default()).unwrap() {
        Uniqueness::Unique(s) => {
            assert_eq!(s.solution::<Numbers>().unwrap().number, [1, 4, 4, 4, 4, 1])
        }
        other => panic!("expected unique, found {}", other.status()),
    }
    // The empty 2×2 board: the square of 4s, or an L of 3s beside a 1 (4 ways); two dominoes
    // touch and two 1s cannot sit apart. Five divisions, counted by hand.
    assert_eq!(
        count(&board(&[". .", ". ."]), &Options::default(), None)
            .unwrap()
            .to_u64(),
        Some(5)
    );
}

#[test]
fn bad_boards_are_refused_on_their_line() {
    wellposed_engine::assert_parse_errors::<Fillomino>(&[
        (
            "family fillomino\nsize 0 3\ngrid\n",
            2,
            "expected 1..2500 cells",
        ),
        (
            "family fillomino\nsize 2 2\ngrid\n. .\n",
            3,
            "expected 2 rows",
        ),
        (
            "family fillomino\nsize 2 2\ngrid\n. .\n. 5\n",
            5,
            "a number 1–4",
        ),
        (
            "family fillomino\nsize 2 2\ngrid\n. .\n. 0\n",
            5,
            "a number 1–4",
        ),
        (
            "family fillomino\nsize 2 2\ngrid\n. . .\n. .\n",
            4,
            "expected 2 cells",
        ),
        (
            "family fillomino\nsize 2 2\ngrid\n. .\n. .\nwalls\n2 2 right\n",
            7,
            "ROW COL right",
        ),
        (
            "family fillomino\nsize 2 2\ngrid\n. .\n. .\nwalls\n1 x down\n",
            7,
            "ROW COL right",
        ),
        (
            "https://puzz.link/p?fillomino/0/3/",
            1,
            "expected 1 to 2500 cells",
        ),
        ("https://puzz.link/p?fillomino/2/2/!", 1, "unexpected `!`"),
        ("https://puzz.link/p?fillomino/2/2/x!", 1, "walls"),
        (
            "https://puzz.link/p?fillomino/2/2/9h",
            1,
            "expected a number 1–4",
        ),
        (
            "https://puzz.link/p?fillomino/2/2/k0",
            1,
            "characters of walls",
        ),
        (
            "https://puzz.link/p?fillomino/2/2/k00w",
            1,
            "unexpected `w`",
        ),
        (
            "https://puzz.link/p?fillomino/200/200/",
            1,
            "expected 1 to 2500",
        ),
    ]);
}

#[test]
fn the_rules_check_catches_each_broken_rule() {
    let mut p = board(&["2 . .", ". . ."]);
    assert!(p
        .check(&[1, 1, 1, 3, 3, 3])
        .unwrap_err()
        .contains("given 2"));
    assert!(p
        .check(&[2, 2, 2, 1, 1, 1])
        .unwrap_err()
        .contains("has 3 cells"));
    assert!(p
        .check(&[2, 0, 2, 1, 1, 1])
        .unwrap_err()
        .contains("no number"));
    assert_eq!(p.check(&[2, 2, 1, 3, 3, 3]), Ok(()));
    assert_eq!(p.check(&[2, 1, 3, 2, 3, 3]), Ok(()));
    // Pair 6 is the last vertical one, between row 1 col 3 and row 2 col 3.
    assert_eq!(grid_pairs(2, 3)[6], (2, 5));
    p.walls[6] = true;
    assert!(p.check(&[2, 1, 3, 2, 3, 3]).unwrap_err().contains("wall"));
}

/// Generated puzzles are unique (by the solver) and minimal (each given taken away leaves
/// another solution); deduction with Fillomino's rules never contradicts the planted numbers.
#[test]
fn generated_puzzles_are_unique_minimal_and_deduced_soundly() {
    let opts = Options::default();
    let mut family_rule_needed = 0;
    for seed in 0..12 {
        let g = generate::generate(5, 5 + (seed % 2) as usize, 5, seed, &opts).unwrap();
        let p = &g.puzzle;
        assert_eq!(p.check(&g.number), Ok(()));
        match uniqueness(p, &opts).unwrap() {
            Uniqueness::Unique(s) => assert_eq!(s.solution::<Numbers>().unwrap().number, g.number),
            other => panic!("seed {seed}: {}", other.status()),
        }
        for i in 0..Family::clues(p).len() {
            let q = p.without_clues(&[i]).unwrap();
            assert_eq!(
                uniqueness(&q, &opts).unwrap().status(),
                "multiple",
                "seed {seed}: given {i}"
            );
        }
        let enc = p.cnf_with(Default::default()).completed();
        let l = p.layout();
        let deducer = Deducer::new(&enc).with_rules(rules::rules(p));
        let d = deducer.deduce(Rule::Probe);
        assert!(!d.contradiction, "seed {seed}");
        for k in 0..g.number.len() {
            for j in 2..=l.bound(k) {
                if let Some(v) = d.known[l.at_least(k, j).index()] {
                    assert_eq!(v, g.number[k] >= j, "seed {seed}: {} ≥ {j}", p.cell_name(k));
                }
            }
        }
        let basic = deducer.deduce(Rule::Propagation);
        let with_family = deducer.deduce(Rule::Family("too-small", 4));
        if with_family.open < basic.open {
            family_rule_needed += 1;
        }
    }
    assert!(
        family_rule_needed > 0,
        "Fillomino's rules never went past propagation"
    );
}

/// Each rule does its own step on a board made for it.
#[test]
fn each_rule_does_its_own_step() {
    // A given 1 is a full region: its pairs are all "two regions".
    let p = board(&["1 .", ". ."]);
    let enc = p.cnf_with(Default::default()).completed();
    let state = Deducer::new(&enc).start();
    let l = p.layout();
    let r = rules::rules(&p);
    let full: Vec<usize> = r[0].propose(&state).iter().map(|x| x.var.index()).collect();
    let pairs = grid_pairs(2, 2);
    for (i, &(a, b)) in pairs.iter().enumerate() {
        assert_eq!(
            full.contains(&l.same(i).index()),
            a == 0 || b == 0,
            "pair {a} {b}"
        );
    }
    // A 3 in a corner walled off on one side can only grow down.
    let mut p = board(&["3 . .", ". . ."]);
    p.walls[0] = true;
    let enc = p.cnf_with(Default::default()).completed();
    let state = Deducer::new(&enc).start();
    let l = p.layout();
    let exit = rules::rules(&p)[1].propose(&state);
    assert_eq!(exit.len(), 1);
    assert_eq!((exit[0].var, exit[0].value), (l.same(4), false));
    // A cell boxed in by 1s and 2s next to a 1 can be nothing above what its area holds.
    let p = board(&["2 . 2", "1 2 1"]);
    let enc = p.cnf_with(Default::default()).completed();
    let state = Deducer::new(&enc).start();
    let small = rules::rules(&p)[2].propose(&state);
    assert!(small.iter().all(|x| x.value), "only upper bounds fall here");
}

/// Every URL of the corpus (`encodings/fillomino/puzzlink.tsv`) is read and written back as it
/// was.
#[test]
fn the_corpus_reads_and_writes_back() {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../encodings/fillomino/puzzlink.tsv"
    );
    let text = std::fs::read_to_string(path).unwrap();
    let mut read = 0;
    for line in text
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
    {
        let url = line.split('\t').next().unwrap();
        let p = Fillomino::parse(url, "corpus").unwrap_or_else(|e| panic!("{e}"));
        let want = url.replace("http://pzv.jp/p.html?", "https://puzz.link/p?");
        assert_eq!(p.url().unwrap(), want.trim_end_matches('/'), "{url}");
        read += 1;
    }
    assert!(read >= 10);
}

/// cspuz_core's test puzzle for the genre (semiexp/cspuz_core,
/// `cspuz_rs_puzzles/src/puzzles/fillomino.rs`, URL `5/5/g1k34g2h5h4n`) and the answer its
/// test expects.
#[test]
fn cspuz_core_s_test_puzzle_solves_to_its_answer() {
    let p = Fillomino::parse("https://puzz.link/p?fillomino/5/5/g1k34g2h5h4n", "t").unwrap();
    let want = [
        6, 1, 3, 3, 4, 6, 6, 3, 4, 4, 2, 6, 6, 5, 4, 2, 4, 6, 5, 5, 4, 4, 4, 5, 5,
    ];
    match uniqueness(&p, &Options::default()).unwrap() {
        Uniqueness::Unique(s) => assert_eq!(s.solution::<Numbers>().unwrap().number, want),
        other => panic!("expected unique, found {}", other.status()),
    }
}

/// pzprjs's `t` variant (`fillomino/t/…`, its option `fillomino_tri`: no region above 3
/// cells). The empty 2×2 board has five divisions (see above); capped at 3, the square of 4s
/// goes and four are left. A given 4 leaves none. The URL is written back character for
/// character, the document says `tri`, and cspuz, which reads the flag, agrees on the counts'
/// statuses of these URLs (`Not unique`, `No Answer`).
#[test]
fn the_tri_variant_caps_regions_at_three() {
    let url = "https://puzz.link/p?fillomino/t/2/2/j";
    let p = Fillomino::parse(url, "u").unwrap();
    assert!(p.tri);
    assert_eq!(p.url().unwrap(), url);
    let opts = Options::default();
    assert_eq!(count(&p, &opts, None).unwrap().to_u64(), Some(4));
    let plain = Fillomino {
        tri: false,
        ..p.clone()
    };
    assert_eq!(count(&plain, &opts, None).unwrap().to_u64(), Some(5));
    assert!(p.check(&[4, 4, 4, 4]).unwrap_err().contains("above 3"));
    let four = Fillomino::parse("https://puzz.link/p?fillomino/t/2/2/4i", "u").unwrap();
    assert_eq!(uniqueness(&four, &opts).unwrap().status(), "none");
    let text = format::to_text(&p);
    assert!(text.lines().any(|l| l == "tri"), "{text}");
    assert_eq!(Fillomino::parse(&text, "t").unwrap(), p);
    let e = Fillomino::parse("https://puzz.link/p?fillomino/x/2/2/j", "u").unwrap_err();
    assert!(e.to_string().contains("flag `x`"), "{e}");
}
