use crate::*;
use wellposed_engine::deduce::{Deducer, Rule};
use wellposed_engine::{count, uniqueness, Options, Uniqueness, Xorshift};

fn board(rows: &[&str], stars: usize) -> StarBattle {
    let cells: Vec<char> = rows.iter().flat_map(|r| r.chars()).collect();
    StarBattle::from_names(rows.len(), rows[0].len(), &cells, stars)
}

/// Every placement of stars, checked by the rules alone.
fn brute_force(p: &StarBattle) -> u64 {
    let n = p.rows * p.cols;
    (0u32..1 << n)
        .filter(|mask| {
            let star: Vec<bool> = (0..n).map(|k| mask >> k & 1 == 1).collect();
            p.check(&star).is_ok()
        })
        .count() as u64
}

/// pzprjs's own test URL for Star Battle (`test/script/starbattle.js` in robx/pzprjs,
/// `6/6/1/4ilbhgdnmhou`), the regions its file form lists and the answer published beside it
/// (the last, error-free board of its `failcheck` list, stars as `#`).
#[test]
fn the_published_url_solves_to_its_answer_and_is_written_back() {
    let p = StarBattle::parse("https://puzz.link/p?starbattle/6/6/1/4ilbhgdnmhou", "t").unwrap();
    let published_regions = [
        "0 0 0 1 1 1",
        "0 1 1 1 2 2",
        "0 3 3 4 4 2",
        "5 5 3 3 4 2",
        "5 4 4 4 4 2",
        "5 2 2 2 2 2",
    ];
    let want_regions: Vec<usize> = published_regions
        .iter()
        .flat_map(|r| r.split(' ').map(|c| c.parse::<usize>().unwrap()))
        .collect();
    assert_eq!(p.region, want_regions);
    assert_eq!(p.stars, 1);
    let published = [
        "+ # + + + +",
        "+ + + # + +",
        "+ + + + + #",
        ". + # + + +",
        ". + + + # +",
        "# + + + + +",
    ];
    let want: Vec<bool> = published
        .iter()
        .flat_map(|r| r.split(' ').map(|c| c == "#"))
        .collect();
    match uniqueness(&p, &Options::default()).unwrap() {
        Uniqueness::Unique(s) => assert_eq!(s.solution::<Stars>().unwrap().star, want),
        other => panic!("expected unique, found {}", other.status()),
    }
    assert_eq!(
        p.url().unwrap(),
        "https://puzz.link/p?starbattle/6/6/1/4ilbhgdnmhou"
    );
    assert_eq!(
        formats::to_text(&p),
        "family starbattle\nstars 1\nregions\nAAABBB\nABBBCC\nADDEEC\nFFDDEC\nFEEEEC\nFCCCCC\n"
    );
}

/// Random boards of connected regions (grown from seeds): URLs and texts read back to the same
/// board; a board with a region in pieces has no URL.
#[test]
fn urls_and_texts_round_trip() {
    let mut rng = Xorshift(11);
    for _ in 0..300 {
        let rows = 1 + rng.below(9) as usize;
        let cols = 1 + rng.below(9) as usize;
        let n = rows * cols;
        let seeds = 1 + rng.below(n.min(8) as u64) as usize;
        let mut owner: Vec<Option<usize>> = vec![None; n];
        let mut placed = 0;
        while placed < seeds {
            let k = rng.below(n as u64) as usize;
            if owner[k].is_none() {
                owner[k] = Some(placed);
                placed += 1;
            }
        }
        while owner.iter().any(|o| o.is_none()) {
            let k = rng.below(n as u64) as usize;
            if owner[k].is_some() {
                continue;
            }
            let (r, c) = (k / cols, k % cols);
            let near = [
                (r > 0).then(|| k - cols),
                (r + 1 < rows).then(|| k + cols),
                (c > 0).then(|| k - 1),
                (c + 1 < cols).then(|| k + 1),
            ];
            if let Some(j) = near.into_iter().flatten().find(|&j| owner[j].is_some()) {
                owner[k] = owner[j];
            }
        }
        let region: Vec<usize> = owner.into_iter().map(|o| o.unwrap()).collect();
        let stars = 1 + rng.below(3) as usize;
        let p = StarBattle::from_regions(rows, cols, &region, stars).unwrap();
        let u = p.url().unwrap();
        assert_eq!(StarBattle::parse(&u, "t").unwrap(), p, "{u}");
        let text = formats::to_text(&p);
        assert_eq!(StarBattle::parse(&text, "t").unwrap(), p, "{text}");
    }
    assert_eq!(board(&["ABA"], 1).url(), None);
}

/// The engine's count against brute force over every placement, on a few hundred random tiny
/// boards with random region names (one or two stars a unit).
#[test]
fn counts_agree_with_brute_force_on_tiny_boards() {
    let mut rng = Xorshift(77);
    let mut solvable = 0;
    for i in 0..300 {
        let side = 1 + rng.below(4) as usize;
        let (rows, cols) = if i % 4 == 0 {
            (side, 1 + rng.below(3) as usize)
        } else {
            (side, side)
        };
        let names: Vec<char> = (0..rows * cols)
            .map(|_| char::from(b'A' + rng.below(side as u64 + 1) as u8))
            .collect();
        let stars = 1 + usize::from(rng.below(5) == 0);
        let p = StarBattle::from_names(rows, cols, &names, stars);
        let want = brute_force(&p);
        let got = count(&p, &Options::default(), None).unwrap();
        assert_eq!(got.to_u64(), Some(want), "{}", formats::to_text(&p));
        solvable += usize::from(want > 0);
    }
    assert!(solvable > 20, "only {solvable} solvable boards");
}

#[test]
fn bad_boards_are_refused_on_their_line() {
    wellposed_engine::assert_parse_errors::<StarBattle>(&[
        (
            "family starbattle\nstars 0\nregions\nA\n",
            2,
            "from 1 to 50",
        ),
        ("family starbattle\nstars 1\n", 2, "missing `regions`"),
        (
            "family starbattle\nregions\n",
            2,
            "expected the board's lines",
        ),
        ("family starbattle\nregions\nAB\nA\n", 4, "expected 2 cells"),
        (
            "https://puzz.link/p?starbattle/0/3/1/",
            1,
            "expected 1 to 10000 cells",
        ),
        ("https://puzz.link/p?starbattle/3/3/x/00", 1, "found `x`"),
        ("https://puzz.link/p?starbattle/3/3/1/0!", 1, "base-32"),
        (
            "https://puzz.link/p?starbattle/2/2/1/0000",
            1,
            "takes 2 border digits",
        ),
    ]);
}

#[test]
fn the_rules_check_catches_each_broken_rule() {
    let p = board(&["AB", "AB"], 1);
    assert!(p
        .check(&[true, false, false, false])
        .unwrap_err()
        .contains("holds 0"));
    assert!(p
        .check(&[true, true, false, false])
        .unwrap_err()
        .contains("holds 2"));
    let p = board(&["AAB", "CAB", "CCC"], 1);
    let touch = [false, true, false, true, false, false, false, false, true];
    assert!(p.check(&touch).is_err());
}

fn deducer_parts(
    p: &StarBattle,
) -> (
    wellposed_engine::CnfEncoding,
    Vec<Box<dyn wellposed_engine::deduce::FamilyRule>>,
) {
    (p.cnf_with(Default::default()), rules::rules(p))
}

/// Generated puzzles are unique (by the solver) with the planted stars; deduction with Star
/// Battle's rules never contradicts them, and the rules settle cells propagation leaves open.
#[test]
fn generated_puzzles_are_unique_and_deduced_soundly() {
    let opts = Options::default();
    let mut rules_helped = 0;
    for seed in 0..16 {
        let (n, k) = if seed % 4 == 3 {
            (10, 2)
        } else {
            (6 + (seed % 3) as usize, 1)
        };
        let g = generate::generate(n, k, seed, &opts).unwrap();
        let p = &g.puzzle;
        assert_eq!(p.regions(), n);
        match uniqueness(p, &opts).unwrap() {
            Uniqueness::Unique(s) => assert_eq!(s.solution::<Stars>().unwrap().star, g.star),
            other => panic!("seed {seed}: {}", other.status()),
        }
        let (enc, rules) = deducer_parts(p);
        let deducer = Deducer::new(&enc).with_rules(rules);
        let d = deducer.deduce(Rule::Probe);
        assert!(!d.contradiction, "seed {seed}");
        for (k, v) in d.known.iter().enumerate().take(n * n) {
            if let Some(v) = v {
                assert_eq!(*v, g.star[k], "seed {seed}: {}", p.cell_name(k));
            }
        }
        let basic = deducer.deduce(Rule::Propagation);
        let with_rules = deducer.deduce(Rule::Family("confinement", 5));
        if with_rules.open < basic.open {
            rules_helped += 1;
        }
    }
    assert!(
        rules_helped > 0,
        "Star Battle's rules never went past propagation"
    );
}

/// Each rule does its own step. Crowding: region A is the two cells at the left of the top
/// row, so a star in row 2 col 1 or col 2 (touching both) would leave it no room. Confinement:
/// region A lies in row 1 alone, so the other cells of row 1 hold no star.
#[test]
fn each_rule_does_its_own_step() {
    let p = board(&["AABB", "CCBB", "CDDD", "CCDD"], 1);
    let (enc, rules) = deducer_parts(&p);
    let state = Deducer::new(&enc).start();
    let crowded: Vec<usize> = rules[0]
        .propose(&state)
        .iter()
        .map(|r| r.var.index())
        .collect();
    assert!(crowded.contains(&4) && crowded.contains(&5), "{crowded:?}");
    let confined: Vec<usize> = rules[1]
        .propose(&state)
        .iter()
        .map(|r| r.var.index())
        .collect();
    assert!(
        confined.contains(&2) && confined.contains(&3),
        "{confined:?}"
    );
    assert!(!confined.contains(&0) && !confined.contains(&1));
}

/// A hint is one application of one rule (issues 67/68): on this one-star board the first
/// round of crowding rules out cells around several rows and regions at once; the hint gives
/// the cells of one of them — one row, column or region that a star in any of those cells
/// would leave without a free cell (checked here from the cells a star rules out: those
/// touching it and the rest of its row, column and region).
#[test]
fn the_first_hint_crowds_one_unit() {
    let p =
        StarBattle::parse("https://puzz.link/p?starbattle/6/6/1/2u9gn9c9jpmk", "issue").unwrap();
    assert_eq!(p.stars, 1);
    let (enc, rules) = deducer_parts(&p);
    let deducer = Deducer::new(&enc).with_rules(rules);
    let (rule, settled) = deducer.first_step(Rule::Probe).unwrap();
    assert_eq!(rule.name(), "crowding");
    assert!(settled.iter().all(|&(_, star)| !star), "{settled:?}");
    let mut state = deducer.start();
    assert!(deducer.propagate(&mut state, None));
    let free = |k: usize| {
        wellposed_engine::deduce::possible(&state, Var(k as u32), true)
            && wellposed_engine::deduce::possible(&state, Var(k as u32), false)
    };
    let units = p.units();
    // What a star at x rules out: x, the cells touching it, and its units.
    let gone = |x: usize| -> Vec<usize> {
        let mut g: Vec<usize> = p.touching(x).chain([x]).collect();
        for u in units.iter().filter(|u| u.contains(&x)) {
            g.extend(u);
        }
        g
    };
    let crowded = |u: &Vec<usize>, x: usize| {
        !u.contains(&x) && u.iter().filter(|&&k| free(k)).all(|k| gone(x).contains(k))
    };
    let cells: Vec<usize> = settled.iter().map(|&(k, _)| k).collect();
    assert!(
        units.iter().any(|u| cells.iter().all(|&x| crowded(u, x))),
        "no one unit is crowded by all of {cells:?}"
    );
    // The whole round of crowding is more than this one step.
    let all = rules::rules(&p)[0].propose(&state);
    assert!(all.len() > cells.len(), "{} of {}", cells.len(), all.len());
}

/// Every URL of the corpus (`encodings/starbattle/puzzlink.tsv`, real puzzles from public
/// sources) is read and written back character for character.
#[test]
fn the_corpus_reads_and_writes_back() {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../encodings/starbattle/puzzlink.tsv"
    );
    let text = std::fs::read_to_string(path).unwrap();
    let mut read = 0;
    for line in text
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
    {
        let url = line.split('\t').next().unwrap();
        let p = StarBattle::parse(url, "corpus").unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(p.url().unwrap(), url);
        read += 1;
    }
    assert!(read >= 8);
}
