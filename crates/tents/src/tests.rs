use crate::*;
use wellposed_engine::deduce::{Deducer, Rule};
use wellposed_engine::{count, uniqueness, Options, Uniqueness, Xorshift};

/// A board from rows of `.` and `T`, with counts (`None`: not given).
fn board(rows: &[&str], row_counts: &[Option<usize>], col_counts: &[Option<usize>]) -> Tents {
    let tree = rows
        .iter()
        .flat_map(|r| r.chars().map(|c| c == 'T'))
        .collect();
    let mut p = Tents::new(rows.len(), rows[0].len(), tree);
    p.row_counts = row_counts.to_vec();
    p.col_counts = col_counts.to_vec();
    p
}

/// Every placement of tents on the cells without trees, checked by the rules alone.
fn brute_force(p: &Tents) -> u64 {
    let grounds = p.grounds();
    let mut found = 0;
    for mask in 0u64..1 << grounds.len() {
        let mut tent = vec![false; p.tree.len()];
        for (i, &k) in grounds.iter().enumerate() {
            tent[k] = mask >> i & 1 == 1;
        }
        if p.check(&tent).is_ok() {
            found += 1;
        }
    }
    found
}

/// The pairings of trees with adjacent tents, counted by trying every tent for every tree.
fn pairings(p: &Tents, tent: &[bool]) -> u64 {
    fn go(p: &Tents, trees: &[usize], tent: &[bool], used: &mut Vec<bool>) -> u64 {
        let Some((&t, rest)) = trees.split_first() else {
            return 1;
        };
        let mut n = 0;
        for k in p.neighbours(t).collect::<Vec<_>>() {
            if tent[k] && !used[k] {
                used[k] = true;
                n += go(p, rest, tent, used);
                used[k] = false;
            }
        }
        n
    }
    let trees: Vec<usize> = (0..p.tree.len()).filter(|&k| p.tree[k]).collect();
    if trees.len() != tent.iter().filter(|&&t| t).count() {
        return 0;
    }
    go(p, &trees, tent, &mut vec![false; tent.len()])
}

/// Whether the pairing is forced, by the alternating-cycle test, against counting pairings, on
/// random planted camps.
#[test]
fn forced_pairings_agree_with_counting_them() {
    let mut rng = Xorshift(99);
    let (mut forced, mut loose) = (0, 0);
    for _ in 0..1500 {
        let rows = 2 + rng.below(6) as usize;
        let cols = 2 + rng.below(6) as usize;
        let (p, tent) = generate::plant(rows, cols, 90, &mut rng);
        let n = pairings(&p, &tent);
        assert!(n >= 1);
        assert_eq!(
            p.pairing_is_forced(&tent),
            n == 1,
            "{}",
            formats::to_text(&p)
        );
        if n == 1 {
            forced += 1;
        } else {
            loose += 1;
        }
    }
    assert!(forced > 100 && loose > 15, "{forced} forced, {loose} not");
}

/// pzprjs's own test URL for Tents (`test/script/tents.js` in robx/pzprjs, `5/5/2g0h1i1j82323`)
/// and the answer published beside it (the last, error-free board of its `failcheck` list,
/// tents as `A`; the first row and column of that file are the counts).
#[test]
fn the_published_url_solves_to_its_answer_and_is_written_back() {
    let url = "https://puzz.link/p?tents/5/5/2g0h1i1j82323";
    let p = Tents::parse(url, "t").unwrap();
    assert_eq!(
        formats::to_text(&p),
        "family tents\nsize 5 5\ncols 2 - 0 - -\nrows 1 - - - 1\ngrid\n..T..\n.....\n.T..T\n...T.\n.T...\n"
    );
    let published = [
        ". A 1 - -",
        ". . - - A",
        "A 1 - - 1",
        ". . - 1 A",
        "A 1 - . .",
    ];
    let want: Vec<bool> = published
        .iter()
        .flat_map(|r| r.split(' ').map(|c| c == "A"))
        .collect();
    match uniqueness(&p, &Options::default()).unwrap() {
        Uniqueness::Unique(s) => assert_eq!(s.solution::<Camp>().unwrap().tent, want),
        other => panic!("expected unique, found {}", other.status()),
    }
    assert_eq!(p.check(&want), Ok(()));
    assert_eq!(p.url().unwrap(), url);
    assert_eq!(Tents::parse("tents/5/5/2g0h1i1j82323", "t").unwrap(), p);
}

/// Random boards with random counts: every URL and document reads back to the same board.
#[test]
fn urls_round_trip() {
    let mut rng = Xorshift(7);
    for _ in 0..500 {
        let rows = 1 + rng.below(30) as usize;
        let cols = 1 + rng.below(30) as usize;
        let dense = rng.below(40) + 1;
        let tree = (0..rows * cols).map(|_| rng.below(100) < dense).collect();
        let mut p = Tents::new(rows, cols, tree);
        for n in p.row_counts.iter_mut() {
            *n = (rng.below(2) == 0).then(|| rng.below(cols as u64 + 1) as usize);
        }
        for n in p.col_counts.iter_mut() {
            *n = (rng.below(2) == 0).then(|| rng.below(rows as u64 + 1) as usize);
        }
        let u = p.url().unwrap();
        assert_eq!(Tents::parse(&u, "t").unwrap(), p, "{u}");
        let text = formats::to_text(&p);
        assert_eq!(Tents::parse(&text, "t").unwrap(), p, "{text}");
    }
}

/// The engine's count (projected on the tents) against brute force over every placement, on a
/// few hundred random tiny boards (half of them planted camps; counts mostly from the
/// placement, some at random).
#[test]
fn counts_agree_with_brute_force_on_tiny_boards() {
    let mut rng = Xorshift(2024);
    let mut solvable = 0;
    let mut several = 0;
    for _ in 0..400 {
        let rows = 1 + rng.below(4) as usize;
        let cols = 1 + rng.below(5) as usize;
        let (mut p, tents) = if rng.below(2) == 0 {
            generate::plant(rows, cols, 70, &mut rng)
        } else {
            let tree: Vec<bool> = (0..rows * cols).map(|_| rng.below(4) == 0).collect();
            let tents: Vec<bool> = (0..rows * cols).map(|_| rng.below(4) == 0).collect();
            (Tents::new(rows, cols, tree), tents)
        };
        let lines: Vec<Line> = p.lines().map(|(l, _)| l).collect();
        for line in lines {
            let n = match rng.below(4) {
                0 => None,
                1 | 2 => Some(p.cells_of(line).iter().filter(|&&k| tents[k]).count()),
                _ => Some(rng.below(3) as usize),
            };
            match line {
                Line::Row(r) => p.row_counts[r] = n,
                Line::Col(c) => p.col_counts[c] = n,
            }
        }
        let want = brute_force(&p);
        let got = count(&p, &Options::default(), None).unwrap();
        assert_eq!(got.to_u64(), Some(want), "{}", formats::to_text(&p));
        solvable += usize::from(want > 0);
        several += usize::from(want > 1);
    }
    assert!(
        solvable > 80 && several > 5,
        "only {solvable} solvable boards, {several} with several"
    );
}

/// Two trees sharing two spots (`T..T` over `....` has pairings to spare): two pairings of
/// the same tents are one answer.
#[test]
fn pairings_of_the_same_tents_count_once() {
    // A square of two trees and two cells: each cell is beside both trees.
    let p = board(&["T.", ".T"], &[None, None], &[None, None]);
    // Both tents would touch (diagonally), so no answer; one row apart they do not.
    assert_eq!(brute_force(&p), 0);
    let p = board(&["T.T"], &[None], &[None, None, None]);
    // Trees at both ends, one cell between them: two trees, one spot.
    assert_eq!(brute_force(&p), 0);
    let p = board(&[".T.", "...", ".T."], &[None; 3], &[None; 3]);
    let got = count(&p, &Options::default(), None).unwrap().to_u64();
    assert_eq!(got, Some(brute_force(&p)));
}

#[test]
fn bad_boards_are_refused_on_their_line() {
    wellposed_engine::assert_parse_errors::<Tents>(&[
        (
            "family tents\nsize 0 3\ngrid\n",
            2,
            "expected 1..10000 cells",
        ),
        ("family tents\nsize 2 2\ngrid\n..\n", 3, "expected 2 rows"),
        ("family tents\nsize 2 2\ngrid\n..\n.A\n", 5, "`T` (a tree)"),
        (
            "family tents\nsize 2 2\ngrid\n...\n..\n",
            4,
            "expected 2 cells",
        ),
        (
            "family tents\nsize 2 2\ncols 1\ngrid\n..\n..\n",
            3,
            "expected 2 counts",
        ),
        (
            "family tents\nsize 2 2\nrows 1 3\ngrid\n..\n..\n",
            3,
            "a count 0–2",
        ),
        ("family tents\nsize 1 300\ngrid\n", 2, "sides of 1 to 200"),
        (
            "https://puzz.link/p?tents/0/3/",
            1,
            "expected 1 to 10000 cells",
        ),
        ("https://puzz.link/p?tents/2/2/x!", 1, "unexpected `!`"),
        ("https://puzz.link/p?tents/2/2/..", 1, "expected a count"),
        ("https://puzz.link/p?tents/2/2/5", 1, "a count of 5"),
        ("https://puzz.link/p?tents/2/2/jzz0", 1, "after the board"),
        (
            "https://puzz.link/p?tents/200/200/",
            1,
            "expected 1 to 10000",
        ),
    ]);
}

#[test]
fn the_rules_check_catches_each_broken_rule() {
    let p = board(
        &["T...", "....", "..T."],
        &[None, None, None],
        &[Some(1), None, None, None],
    );
    let at = |ks: &[usize]| {
        let mut l = vec![false; 12];
        for &k in ks {
            l[k] = true;
        }
        l
    };
    assert!(p
        .check(&at(&[0, 4]))
        .unwrap_err()
        .contains("tree and a tent"));
    assert!(p.check(&at(&[4, 9])).unwrap_err().contains("touch"));
    assert!(p.check(&at(&[1, 7])).unwrap_err().contains("column 1"));
    assert!(p
        .check(&at(&[4]))
        .unwrap_err()
        .contains("2 trees and 1 tents"));
    // Two tents, but both beside the first tree only.
    let q = board(&["T.T.", "....", "...."], &[None; 3], &[None; 4]);
    let r = board(&[".T..", "....", "...T"], &[None; 3], &[None; 4]);
    assert!(r
        .check(&at(&[0, 2]))
        .unwrap_err()
        .contains("no tent of its own"));
    assert_eq!(q.check(&at(&[4, 3])), Ok(()), "q");
    assert_eq!(p.check(&at(&[4, 11])), Ok(()), "p");
}

fn deducer_parts(
    p: &Tents,
) -> (
    CnfEncoding,
    Vec<Box<dyn wellposed_engine::deduce::FamilyRule>>,
) {
    (p.cnf_with(Default::default()), rules::rules(p))
}

/// Generated puzzles are unique (by the solver, not the generator's oracle) and minimal (each
/// count taken away leaves another placement); deduction with Tents' rule never contradicts
/// the planted tents, and the rule settles cells propagation leaves open on some of them.
#[test]
fn generated_puzzles_are_unique_minimal_and_deduced_soundly() {
    let opts = Options::default();
    let mut family_rule_needed = 0;
    for seed in 0..30 {
        let (rows, cols) = (5 + (seed % 3) as usize, 7);
        let g = generate::generate(rows, cols, 60, seed, &opts).unwrap();
        let p = &g.puzzle;
        assert_eq!(p.check(&g.tent), Ok(()));
        assert_eq!(
            pairings(p, &g.tent),
            1,
            "seed {seed}: the pairing is forced too"
        );
        match uniqueness(p, &opts).unwrap() {
            Uniqueness::Unique(s) => assert_eq!(s.solution::<Camp>().unwrap().tent, g.tent),
            other => panic!("seed {seed}: {}", other.status()),
        }
        for i in 0..Family::clues(p).len() {
            let q = p.without_clues(&[i]).unwrap();
            assert_eq!(
                uniqueness(&q, &opts).unwrap().status(),
                "multiple",
                "seed {seed}: count {i} is not needed"
            );
        }
        let (enc, rules) = deducer_parts(p);
        let deducer = Deducer::new(&enc).with_rules(rules);
        let d = deducer.deduce(Rule::Probe);
        assert!(!d.contradiction, "seed {seed}");
        let grounds = p.grounds();
        for (i, v) in d.known.iter().enumerate().take(grounds.len()) {
            if let Some(v) = v {
                assert_eq!(
                    *v,
                    g.tent[grounds[i]],
                    "seed {seed}: {}",
                    p.cell_name(grounds[i])
                );
            }
        }
        let basic = deducer.deduce(Rule::Propagation);
        let with_family = deducer.deduce(Rule::Family("touches-every-spot", 3));
        if with_family.open < basic.open {
            family_rule_needed += 1;
        }
    }
    assert!(
        family_rule_needed > 0,
        "Tents' rule never went past propagation"
    );
}

/// The rule's own step: the tree at row 2 col 2 has four spots and no cell touches them all;
/// with the spots above and left of it gone, row 3 col 3 touches both that are left (and is
/// beside the other tree, so not grass from the start): grass.
#[test]
fn touches_every_spot_does_its_step() {
    let p = board(&["....", ".T..", "....", "..T."], &[None; 4], &[None; 4]);
    let (enc, _) = deducer_parts(&p);
    let mut state = Deducer::new(&enc).start();
    let rule = &rules::rules(&p)[0];
    assert!(rule.propose(&state).is_empty());
    let var_of = p.var_of();
    for k in [1, 4] {
        state[var_of[k].unwrap()] &= !2; // the engine's bit for `true`: no tent here
    }
    let got: Vec<usize> = rule.propose(&state).iter().map(|r| r.var.index()).collect();
    assert_eq!(got, vec![var_of[10].unwrap()]);
    assert_eq!(rule.propose_steps(&state).len(), 1);
}

/// Every URL of the corpus (`encodings/tents/puzzlink.tsv`, real puzzles from public sources)
/// is read and written back as it was.
#[test]
fn the_corpus_reads_and_writes_back() {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../encodings/tents/puzzlink.tsv"
    );
    let text = std::fs::read_to_string(path).unwrap();
    let mut read = 0;
    for line in text
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
    {
        let url = line.split('\t').next().unwrap();
        let p = Tents::parse(url, "corpus").unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(p.url().unwrap(), url.trim_end_matches('/'));
        read += 1;
    }
    assert!(read >= 5);
}
