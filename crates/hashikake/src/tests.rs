use super::*;
use wellposed_engine::grading::deduce_puzzle;
use wellposed_engine::testing::{assert_counts, COUNTINGS};
use wellposed_engine::{count, uniqueness, Counting, Options, Uniqueness, Xorshift};

/// pzprjs's own test URL (robx/pzprjs, `test/script/hashikake.js`, which pzprjs writes under
/// its URL name `hashi`), and its islands as that file's boards write them.
const PZPRJS_URL: &str = "https://puzz.link/p?hashi/5/5/4g2i3h23k3g1g3g4g3";
const PZPRJS_ISLANDS: &str = "4 . 2 . . /. 3 . . 2 /3 . . . . /. 3 . 1 . /3 . 4 . 3 /";

/// The same file's boards in its pzprv3 form after the islands: the bridges over each border
/// right of a cell (5 rows of 4), then below a cell (4 rows of 5); `-1` is a cross mark, no
/// bridge. The last board, with a `null` failcode, is the published answer; the others break
/// one rule each, named by pzprjs.
const PZPRJS_ANSWER: &str = "2 2 0 0 /0 1 1 1 /-1 0 -1 -1 /0 1 1 -1 /2 2 2 2 /2 0 0 0 0 /2 2 0 0 1 /1 2 0 -1 1 /1 0 0 -1 1 /";
const PZPRJS_FAILS: &[(&str, &str)] = &[
    (
        "nmLineGt",
        "2 2 0 0 /0 0 0 0 /0 0 0 0 /0 0 0 0 /0 0 0 0 /2 0 0 0 0 /2 0 0 0 0 /2 0 0 0 0 /2 0 0 0 0 /",
    ),
    (
        "lcDivided",
        "2 2 0 0 /0 1 1 1 /-1 0 0 0 /0 0 0 0 /0 0 0 0 /2 0 0 0 0 /2 1 0 0 0 /1 1 0 0 0 /1 0 0 0 0 /",
    ),
    (
        "nmLineLt",
        "2 2 0 0 /0 1 1 1 /-1 0 0 0 /0 1 1 0 /1 1 1 1 /2 0 0 0 0 /2 1 0 0 1 /1 1 0 0 1 /1 0 0 0 1 /",
    ),
];

fn tokens(board: &str) -> Vec<String> {
    board
        .split('/')
        .flat_map(|r| r.split_whitespace())
        .map(String::from)
        .collect()
}

/// A pzprv3 border list read as a drawing of a `rows` × `cols` board.
fn drawing(rows: usize, cols: usize, borders: &str) -> Bridges {
    let v: Vec<u8> = tokens(borders)
        .iter()
        .map(|t| t.parse::<i8>().unwrap().max(0) as u8)
        .collect();
    assert_eq!(v.len(), rows * (cols - 1) + (rows - 1) * cols);
    let (across, down) = v.split_at(rows * (cols - 1));
    Bridges {
        right: across
            .chunks(cols - 1)
            .map(|row| row.iter().copied().chain([0]).collect())
            .collect(),
        down: down
            .chunks(cols)
            .map(<[u8]>::to_vec)
            .chain([vec![0; cols]])
            .collect(),
    }
}

fn unique(p: &Hashi) -> Bridges {
    let Uniqueness::Unique(s) = uniqueness(p, &Options::default()).unwrap() else {
        panic!("expected one answer:\n{}", p.to_text());
    };
    s.solution::<Bridges>().unwrap().clone()
}

#[test]
fn the_pzprjs_test_url_solves_to_its_published_answer_and_is_written_back() {
    let p = Hashi::parse(PZPRJS_URL, "pzprjs").unwrap();
    let islands: Vec<Cell> = tokens(PZPRJS_ISLANDS)
        .iter()
        .map(|s| format::cell_of(s).unwrap())
        .collect();
    assert_eq!(p.cells, islands);
    assert_eq!(p.url().unwrap(), PZPRJS_URL);
    assert_eq!(unique(&p), drawing(5, 5, PZPRJS_ANSWER));
    assert_eq!(Hashi::parse(&p.to_text(), "text").unwrap(), p);
    // The genre's other keys read the same puzzle.
    for key in ["hashikake", "bridges"] {
        let url = PZPRJS_URL.replace("hashi/", &format!("{key}/"));
        assert_eq!(Hashi::parse(&url, "alias").unwrap(), p, "{url}");
    }
}

#[test]
fn verify_rejects_the_pzprjs_failing_boards() {
    let p = Hashi::parse(PZPRJS_URL, "pzprjs").unwrap();
    for (rule, board) in PZPRJS_FAILS {
        let e = p.verify(&drawing(5, 5, board)).unwrap_err();
        let expected = match *rule {
            "lcDivided" => "groups",
            _ => "bridges",
        };
        assert!(e.contains(expected), "{rule}: {e}");
    }
    // A crossing and a bridge into an empty cell, drawn by hand on the published answer.
    let mut s = drawing(5, 5, PZPRJS_ANSWER);
    s.down[1][2] = 1;
    assert!(p.verify(&s).unwrap_err().contains("ends at"));
    s.down[2][2] = 1;
    s.down[3][2] = 1;
    s.down[0][2] = 1;
    assert!(p.verify(&s).is_err());
}

fn random_puzzle(rng: &mut Xorshift, rows: usize, cols: usize) -> Hashi {
    let mut p = Hashi {
        rows,
        cols,
        cells: (0..rows * cols)
            .map(|_| {
                if rng.below(5) < 2 {
                    Cell::Unknown
                } else {
                    Cell::Empty
                }
            })
            .collect(),
    };
    // Half the time numbers read off a random drawing (so that answers exist), else random.
    let links = p.links();
    let counts: Vec<u8> = links.iter().map(|_| rng.below(3) as u8).collect();
    let s = p.bridges_of(&links, &counts);
    let planted = rng.below(2) == 0;
    for k in p.islands().collect::<Vec<_>>() {
        p.cells[k] = match rng.below(5) {
            0 => Cell::Unknown,
            _ if planted && p.bridges_at(&s, k) > 0 => Cell::Number(p.bridges_at(&s, k)),
            _ => Cell::Number(1 + rng.below(4) as u32),
        };
    }
    p
}

#[test]
fn urls_round_trip() {
    let mut rng = Xorshift(0x4a54);
    for _ in 0..400 {
        let rows = 1 + rng.below(8) as usize;
        let cols = 1 + rng.below(12) as usize;
        let p = random_puzzle(&mut rng, rows, cols);
        let url = p.url().unwrap();
        assert_eq!(Hashi::parse(&url, "u").unwrap(), p, "{url}");
        assert_eq!(Hashi::parse(&p.to_text(), "t").unwrap(), p);
    }
}

/// Every assignment of 0, 1 or 2 bridges to every link, drawn and checked by the rules
/// (`verify`), against the engine's count by listing under lazy cuts, by the model counter on
/// the complete encoding, and by the automatic choice.
#[test]
fn tiny_boards_count_as_brute_force_does() {
    let mut rng = Xorshift(0xb21d);
    let mut with_answers = 0;
    let mut cases = 0;
    while cases < 300 {
        let (rows, cols) = [(2, 3), (3, 3), (3, 4), (4, 4), (2, 5), (4, 3)][cases % 6];
        let p = random_puzzle(&mut rng, rows, cols);
        let links = p.links();
        if links.len() > 9 {
            continue;
        }
        cases += 1;
        let mut brute = 0u64;
        let mut counts = vec![0u8; links.len()];
        'all: loop {
            if p.verify(&p.bridges_of(&links, &counts)).is_ok() {
                brute += 1;
            }
            for c in counts.iter_mut() {
                *c += 1;
                if *c < 3 {
                    continue 'all;
                }
                *c = 0;
            }
            break;
        }
        with_answers += usize::from(brute > 0);
        assert_counts(&p, brute, &COUNTINGS);
    }
    assert!(
        with_answers > 60,
        "only {with_answers} puzzles with answers"
    );
}

/// Every built-in SAT backend gives the same counts under lazy cuts (the connectivity cuts
/// repeat the islands' one presence literal, which each backend must take in its stride).
#[test]
fn every_backend_counts_alike() {
    let mut rng = Xorshift(0x5eed);
    for case in 0..60 {
        let (rows, cols) = [(3, 3), (3, 4), (4, 4)][case % 3];
        let p = random_puzzle(&mut rng, rows, cols);
        let opts = Options {
            counting: Counting::Blocking,
            ..Options::default()
        };
        let c = wellposed_engine::every_solver::count(&p, &opts, None).unwrap();
        assert_eq!(
            c.to_u64(),
            count(&p, &opts, None).unwrap().to_u64(),
            "{}",
            p.to_text()
        );
    }
}

#[test]
fn parse_errors_name_the_line() {
    wellposed_engine::assert_parse_errors::<Hashi>(&[
        ("family hashikake\nsize 0 3\nislands\n", 2, "cells"),
        (
            "family hashikake\nsize 2 2\nislands\n1 2\n",
            3,
            "expected 2 rows",
        ),
        (
            "family hashikake\nsize 2 2\nislands\n1 2\n3\n",
            5,
            "expected 2 cells",
        ),
        ("family hashikake\nsize 1 2\nislands\n1 9\n", 4, "found `9`"),
        ("family hashikake\nsize 1 2\n", 2, "missing `islands`"),
        ("https://puzz.link/p?hashi/3/3/!!!!", 1, "unexpected"),
        ("https://puzz.link/p?hashi/3/3/9", 1, "from 1 to 8"),
        ("https://puzz.link/p?hashi/1000/1000/", 1, "cells"),
    ]);
}

/// Generated puzzles: the engine finds one answer, and every number left is needed.
#[test]
fn generated_puzzles_are_unique_and_minimal() {
    let opts = Options::default();
    for seed in 0..4 {
        let (p, s) = generate::generate(6, 7, 9, true, seed, &opts).unwrap();
        assert!(p.verify(&s).is_ok());
        assert_eq!(unique(&p), s, "seed {seed}");
        for j in 0..p.clues().len() {
            let q = p.without_clues(&[j]).unwrap();
            assert!(
                matches!(uniqueness(&q, &opts).unwrap(), Uniqueness::Multiple(..)),
                "seed {seed}: number {j} is not needed"
            );
        }
        let (p, s) = generate::generate(8, 8, 14, false, seed, &opts).unwrap();
        assert!(p.clues().len() == p.islands().count());
        assert_eq!(unique(&p), s, "seed {seed}, every number");
    }
}

/// Deduction only ever settles links as the unique answer has them; on the published puzzle
/// it settles all of them; the family's rules do work.
#[test]
fn deduction_agrees_with_the_answer() {
    let p = Hashi::parse(PZPRJS_URL, "pzprjs").unwrap();
    let (d, _) = deduce_puzzle(&p).unwrap();
    assert!(d.solved && !d.contradiction, "{d:?}");
    let opts = Options::default();
    let mut used = std::collections::BTreeSet::new();
    for seed in 10..20 {
        let (p, s) = generate::generate(7, 7, 12, seed % 2 == 0, seed, &opts).unwrap();
        let links = p.links();
        let counts = p.counts_of(&links, &s);
        let (d, _) = deduce_puzzle(&p).unwrap();
        used.extend(d.used.keys().copied());
        assert!(!d.contradiction);
        for (v, known) in d.known.iter().enumerate() {
            if let Some(known) = known {
                assert_eq!(
                    *known,
                    counts[v / 2] > (v % 2) as u8,
                    "seed {seed}: var {v}"
                );
            }
        }
    }
    eprintln!("rules used: {used:?}");
    for rule in ["must-bridge", "only-way"] {
        assert!(used.contains(rule), "{rule} unused: {used:?}");
    }
}

#[test]
fn renders_the_bridges_and_numbers() {
    let p = Hashi::parse(PZPRJS_URL, "pzprjs").unwrap();
    let s = unique(&p);
    let text = p.render(&s);
    assert!(text.starts_with("4===2 . ."), "{text}");
    assert!(p.svg(&s).unwrap().contains(">4</text>"));
    // Nothing known: the islands alone; the first link known double: drawn so.
    let links = p.links().len();
    let mut known = vec![None; 2 * links];
    assert!(p.render_partial(&known).unwrap().starts_with("4 . 2 . ."));
    known[0] = Some(true);
    known[1] = Some(true);
    assert!(p.render_partial(&known).unwrap().starts_with("4===2 . ."));
}
