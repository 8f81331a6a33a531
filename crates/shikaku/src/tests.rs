use crate::*;
use wellposed_engine::deduce::{Deducer, Rule};
use wellposed_engine::rooms::Rooms;
use wellposed_engine::{count, uniqueness, Method, Options, Uniqueness, Xorshift};

fn board(rows: &[&str]) -> Shikaku {
    let cells = rows
        .iter()
        .flat_map(|r| r.split(' ').map(|t| format::clue_of(t).unwrap()))
        .collect();
    Shikaku::new(rows.len(), rows[0].split(' ').count(), cells)
}

/// Every division of the board into rectangles (the first cell not yet covered, row-major, is
/// the top-left corner of the next rectangle), each checked by the rules alone.
fn brute_force(p: &Shikaku) -> u64 {
    fn go(p: &Shikaku, covered: &mut Vec<bool>, rects: &mut Vec<Rect>, found: &mut u64) {
        let Some(k) = covered.iter().position(|&c| !c) else {
            *found += u64::from(p.check(rects).is_ok());
            return;
        };
        let (r, c) = (k / p.cols, k % p.cols);
        for h in 1..=p.rows - r {
            for w in 1..=p.cols - c {
                let rect = Rect {
                    top: r,
                    left: c,
                    height: h,
                    width: w,
                };
                if rect.cells(p.cols).any(|j| covered[j]) {
                    continue;
                }
                rect.cells(p.cols).for_each(|j| covered[j] = true);
                rects.push(rect);
                go(p, covered, rects, found);
                rects.pop();
                rect.cells(p.cols).for_each(|j| covered[j] = false);
            }
        }
    }
    let mut found = 0;
    go(
        p,
        &mut vec![false; p.cells.len()],
        &mut Vec::new(),
        &mut found,
    );
    found
}

/// Cell labels of a pzprjs answer: the cells that no border (`1`) separates share a label.
/// `vertical`: per row, the borders between neighbouring cells; `horizontal`: per pair of
/// rows, the borders between the cells above and below.
fn published_rooms(rows: usize, cols: usize, vertical: &str, horizontal: &str) -> Rooms {
    let read = |s: &str| -> Vec<Vec<bool>> {
        s.split('/')
            .filter(|l| !l.trim().is_empty())
            .map(|l| l.split_whitespace().map(|v| v == "1").collect())
            .collect()
    };
    let (v, h) = (read(vertical), read(horizontal));
    let mut label: Vec<usize> = (0..rows * cols).collect();
    // Joins cells without a border between them until nothing changes.
    loop {
        let mut changed = false;
        for r in 0..rows {
            for c in 0..cols {
                let k = r * cols + c;
                let mut join = |j: usize| {
                    let m = label[k].min(label[j]);
                    if label[k] != m || label[j] != m {
                        label[k] = m;
                        label[j] = m;
                        changed = true;
                    }
                };
                if c + 1 < cols && !v[r][c] {
                    join(k + 1);
                }
                if r + 1 < rows && !h[r][c] {
                    join(k + cols);
                }
            }
        }
        if !changed {
            break;
        }
    }
    Rooms::from_labels(rows, cols, &label)
}

/// The division's rooms, numbered as [`Rooms::from_labels`] numbers them.
fn rooms_of(p: &Shikaku, rects: &[Rect]) -> Rooms {
    let mut label = vec![usize::MAX; p.cells.len()];
    for (i, r) in rects.iter().enumerate() {
        r.cells(p.cols).for_each(|k| label[k] = i);
    }
    Rooms::from_labels(p.rows, p.cols, &label)
}

/// pzprjs's own test URL for Shikaku (`test/script/shikaku.js` in robx/pzprjs,
/// `6/6/j3g56h6t6h23g5j`) and the answer published beside it: the last, error-free board of
/// its `failcheck` list, whose borders are its vertical then horizontal border lines.
#[test]
fn the_published_url_solves_to_its_answer_and_is_written_back() {
    let url = "https://puzz.link/p?shikaku/6/6/j3g56h6t6h23g5j";
    let p = Shikaku::parse(url, "t").unwrap();
    assert_eq!(
        format::to_text(&p),
        "family shikaku\nsize 6 6\ngrid\n. . . . 3 .\n5 6 . . 6 .\n. . . . . .\n. . . . . .\n. 6 . . 2 3\n. 5 . . . .\n"
    );
    let published = published_rooms(
        6,
        6,
        "1 -1 1 0 0 /1 0 1 0 0 /1 -1 1 0 0 /1 -1 0 1 1 /1 -1 0 1 1 /0 -1 -1 -1 1 /",
        "0 -1 -1 1 1 1 /-1 -1 -1 0 0 0 /-1 1 1 1 1 1 /-1 -1 -1 0 0 0 /1 1 1 1 1 0 /",
    );
    for method in [Method::Dlx, Method::Sat] {
        let opts = Options {
            method,
            ..Options::default()
        };
        match uniqueness(&p, &opts).unwrap() {
            Uniqueness::Unique(s) => {
                let d = s.solution::<Division>().unwrap();
                assert_eq!(rooms_of(&p, &d.rects), published, "{method:?}");
            }
            other => panic!("expected unique, found {}", other.status()),
        }
    }
    assert_eq!(p.url().unwrap(), url);
    assert_eq!(
        Shikaku::parse("shikaku/6/6/j3g56h6t6h23g5j", "t").unwrap(),
        p
    );
}

/// Random boards with random clues: every URL and every text reads back to the same board.
#[test]
fn urls_and_texts_round_trip() {
    let mut rng = Xorshift(7);
    for _ in 0..500 {
        let rows = 1 + rng.below(9) as usize;
        let cols = 1 + rng.below(9) as usize;
        let cells = (0..rows * cols)
            .map(|_| match rng.below(10) {
                0..=5 => None,
                6 => Some(Clue::Unknown),
                7 => Some(Clue::Number(1 + rng.below(5000) as u32)),
                _ => Some(Clue::Number(1 + rng.below(15) as u32)),
            })
            .collect();
        let p = Shikaku::new(rows, cols, cells);
        let u = p.url().unwrap();
        assert_eq!(Shikaku::parse(&u, "t").unwrap(), p, "{u}");
        let text = format::to_text(&p);
        assert_eq!(Shikaku::parse(&text, "t").unwrap(), p, "{text}");
    }
}

/// A random tiny puzzle: clues from a random division (areas, some `?`, some moved or wrong),
/// sometimes extra clues.
fn random_tiny(rng: &mut Xorshift) -> Shikaku {
    let rows = 1 + rng.below(4) as usize;
    let cols = 1 + rng.below(4) as usize;
    let rooms = wellposed_engine::rooms::random_rectangles(rows, cols, 6, rng);
    let mut cells = vec![None; rows * cols];
    for room in &rooms.cells {
        let k = room[rng.below(room.len() as u64) as usize];
        cells[k] = Some(match rng.below(8) {
            0 => Clue::Unknown,
            1 => Clue::Number(1 + rng.below(6) as u32),
            _ => Clue::Number(room.len() as u32),
        });
    }
    if rng.below(4) == 0 {
        let k = rng.below(cells.len() as u64) as usize;
        cells[k] = Some(Clue::Number(1 + rng.below(4) as u32));
    }
    Shikaku::new(rows, cols, cells)
}

/// The engine's count, by both encodings, against brute force over every division into
/// rectangles, on a few hundred random tiny boards (up to 16 cells).
#[test]
fn counts_agree_with_brute_force_on_tiny_boards() {
    let mut rng = Xorshift(2024);
    let (mut solvable, mut several) = (0, 0);
    for _ in 0..300 {
        let p = random_tiny(&mut rng);
        let want = brute_force(&p);
        for method in [Method::Dlx, Method::Sat] {
            let opts = Options {
                method,
                ..Options::default()
            };
            let got = count(&p, &opts, None).unwrap();
            assert_eq!(
                got.to_u64(),
                Some(want),
                "{method:?}\n{}",
                format::to_text(&p)
            );
        }
        solvable += usize::from(want > 0);
        several += usize::from(want > 1);
    }
    assert!(
        solvable > 100 && several > 10,
        "{solvable} solvable, {several} with several"
    );
}

#[test]
fn bad_boards_are_refused_on_their_line() {
    wellposed_engine::assert_parse_errors::<Shikaku>(&[
        (
            "family shikaku\nsize 0 3\ngrid\n",
            2,
            "expected 1..10000 cells",
        ),
        (
            "family shikaku\nsize 2 2\ngrid\n. .\n",
            3,
            "expected 2 rows",
        ),
        (
            "family shikaku\nsize 2 2\ngrid\n. .\n. 0\n",
            5,
            "a number from 1",
        ),
        ("family shikaku\nsize 2 2\ngrid\n. x\n. .\n", 4, "found `x`"),
        (
            "family shikaku\nsize 2 2\ngrid\n. . .\n. .\n",
            4,
            "expected 2 cells",
        ),
        (
            "https://puzz.link/p?shikaku/0/3/",
            1,
            "expected 1 to 10000 cells",
        ),
        ("https://puzz.link/p?shikaku/2/2/x!", 1, "unexpected `!`"),
        ("https://puzz.link/p?shikaku/2/2/jjk", 1, "after the board"),
        ("https://puzz.link/p?shikaku/2/2/0", 1, "from 1 to"),
        (
            "https://puzz.link/p?shikaku/200/200/",
            1,
            "expected 1 to 10000",
        ),
    ]);
}

#[test]
fn the_rules_check_catches_each_broken_rule() {
    let p = board(&["2 . 3", ". . .", ". ? ."]);
    let rect = |top, left, height, width| Rect {
        top,
        left,
        height,
        width,
    };
    let good = [rect(0, 0, 1, 2), rect(0, 2, 3, 1), rect(1, 0, 2, 2)];
    let err = |rects: &[Rect]| p.check(rects).unwrap_err();
    assert!(err(&good[..2]).contains("row 2 col 1 is in no rectangle"));
    assert!(err(&[rect(0, 0, 1, 3)]).contains("two numbers"));
    assert!(err(&[rect(0, 0, 1, 2), rect(0, 0, 1, 2)]).contains("two rectangles"));
    assert!(err(&[rect(0, 0, 2, 2)]).contains("has a rectangle of 4 cells"));
    assert!(err(&[rect(1, 2, 1, 1)]).contains("holds no number"));
    assert!(err(&[rect(2, 2, 2, 1)]).contains("not on the board"));
    assert_eq!(p.check(&good), Ok(()));
    assert_eq!(
        brute_force(&p),
        1,
        "the 3 goes down, the 2 across, the ? is the square"
    );
}

/// A clue's candidates: a 2 in a corner has two, a 3 beside it one (across would hold the
/// 2); a `?` alone on a 2×2 board has every rectangle holding its cell (the smaller ones leave
/// cells without a clue, which the cover then refuses, but they are candidates).
#[test]
fn candidates_are_the_rectangles_with_one_clue_and_its_area() {
    let p = board(&["2 .", ". 3", ". ."]);
    let of = |k: usize| -> Vec<Rect> {
        p.candidates()
            .into_iter()
            .filter(|q| q.clue == k)
            .map(|q| q.rect)
            .collect()
    };
    assert_eq!(of(0).len(), 2);
    assert_eq!(of(3).len(), 1, "{:?}", of(3));
    let q = board(&["? .", ". ."]);
    assert_eq!(q.candidates().len(), 4, "1 or 2 rows by 1 or 2 columns");
}

fn encoding(p: &Shikaku) -> CnfEncoding {
    p.cnf_with(Default::default())
}

/// Generated puzzles are unique (by the solver, not the generator) and minimal (without any
/// number the rest have no solution); deduction with Shikaku's rules never contradicts the
/// planted division.
#[test]
fn generated_puzzles_are_unique_minimal_and_deduced_soundly() {
    let opts = Options::default();
    for seed in 0..20 {
        let (rows, cols) = (7 + (seed % 3) as usize, 8);
        let g = generate::generate(rows, cols, 12, 2, seed, &opts).unwrap();
        let p = &g.puzzle;
        assert_eq!(p.check(&g.rects), Ok(()));
        let planted = rooms_of(p, &g.rects);
        match uniqueness(p, &opts).unwrap() {
            Uniqueness::Unique(s) => {
                assert_eq!(
                    rooms_of(p, &s.solution::<Division>().unwrap().rects),
                    planted
                )
            }
            other => panic!("seed {seed}: {}", other.status()),
        }
        for i in 0..Family::clues(p).len() {
            let q = p.without_clues(&[i]).unwrap();
            assert_eq!(
                uniqueness(&q, &opts).unwrap().status(),
                "none",
                "seed {seed}"
            );
        }
        let cands = p.candidates();
        let enc = encoding(p);
        let d = Deducer::new(&enc).with_rules(rules::rules(p));
        let deduced = d.deduce(Rule::Probe);
        assert!(!deduced.contradiction, "seed {seed}");
        for (i, v) in deduced.known.iter().enumerate().take(cands.len()) {
            if let Some(v) = v {
                assert_eq!(
                    *v,
                    g.rects.contains(&cands[i].rect),
                    "seed {seed}: candidate {i}"
                );
            }
        }
    }
}

/// On a real puzzle (penpa-edit's first Shikaku example, 10×10) propagation alone stalls and
/// the family's rules solve it, every value they settle that of the unique solution.
#[test]
fn the_family_rules_go_past_propagation_soundly() {
    let p = Shikaku::parse(
        "https://puzz.link/p?shikaku/10/10/x3gag.s9m.p.m8s-10g.gax",
        "t",
    )
    .unwrap();
    let Uniqueness::Unique(s) = uniqueness(&p, &Options::default()).unwrap() else {
        panic!("expected unique");
    };
    let answer = &s.solution::<Division>().unwrap().rects;
    let cands = p.candidates();
    let enc = encoding(&p);
    let d = Deducer::new(&enc).with_rules(rules::rules(&p));
    let basic = d.deduce(Rule::Propagation);
    let full = d.deduce(Rule::Family("no-room-left", 4));
    assert!(
        !basic.solved && full.solved,
        "{} open after propagation",
        basic.open
    );
    for (i, v) in full.known.iter().enumerate().take(cands.len()) {
        assert_eq!(*v, Some(answer.contains(&cands[i].rect)), "candidate {i}");
    }
}

/// Each rule does its own step, from the start of a small board.
#[test]
fn each_rule_does_its_own_step() {
    let ids = |p: &Shikaku, rule: usize| -> Vec<String> {
        let cands = p.candidates();
        let enc = encoding(p);
        let state = Deducer::new(&enc).start();
        let mut v: Vec<String> = rules::rules(p)[rule]
            .propose(&state)
            .iter()
            .map(|r| p.candidate_name(&cands[r.var.index()]))
            .collect();
        v.sort();
        v
    };
    // Common cells: the 4 is one of two 2×2 squares, both holding the middle column's top
    // two cells, so the 2 below cannot reach up into them.
    let p = board(&[". 4 .", ". . .", ". 2 ."]);
    assert_eq!(
        ids(&p, 0),
        vec!["rows 2–3, col 2 for the 2 at row 3 col 2".to_string()]
    );
    // One clue reaches: the bottom left cell is the 2's alone (the 4 is the right-hand
    // square), so the 2 goes down, not across.
    let p = board(&["2 . 4", ". . ."]);
    assert_eq!(
        ids(&p, 1),
        vec!["row 1, cols 1–2 for the 2 at row 1 col 1".to_string()]
    );
    // No room left: the 2 can only take the first two cells, so the 3 cannot take cols 2–4.
    let p = board(&["2 . 3 . ."]);
    assert_eq!(
        ids(&p, 2),
        vec!["row 1, cols 2–4 for the 3 at row 1 col 3".to_string()]
    );
}

/// Every URL of the corpus (`encodings/shikaku/puzzlink.tsv`, real puzzles from public
/// sources) is read and written back as it was (the address as puzz.link writes it).
#[test]
fn the_corpus_reads_and_writes_back() {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../encodings/shikaku/puzzlink.tsv"
    );
    let text = std::fs::read_to_string(path).unwrap();
    let mut read = 0;
    for line in text
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
    {
        let url = line.split('\t').next().unwrap();
        let p = Shikaku::parse(url, "corpus").unwrap_or_else(|e| panic!("{e}"));
        let body = url.split_once("shikaku/").unwrap().1;
        assert_eq!(
            p.url().unwrap(),
            format!("https://puzz.link/p?shikaku/{body}")
        );
        read += 1;
    }
    assert!(read >= 10);
}
