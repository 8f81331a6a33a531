//! The techniques, each on a small hand-made position that needs it (a 9×9 of pencil marks,
//! every candidate open but those the position takes away): the technique makes exactly the
//! eliminations its standard definition gives, and every easier technique finds nothing.
//! Then whole puzzles: ones the generator found whose hardest technique is each of the common
//! ones, an easy published puzzle grading below a hard one, and no technique ever removing a
//! candidate the solution uses.

use wellposed_engine::deduce::{Deducer, Rule};
use wellposed_engine::grading::{deduce_puzzle, hardest_name};
use wellposed_engine::{Family, Method, Options, Uniqueness};
use wellposed_sudoku::deduce::{self, Technique};
use wellposed_sudoku::{generate, Shape, Sudoku};

/// Pencil marks: candidates per cell (bit d−1), all open to start with.
struct Position([u32; 81]);

/// Cell of row r, column c (from 1).
fn at(r: usize, c: usize) -> usize {
    (r - 1) * 9 + c - 1
}

impl Position {
    fn open() -> Position {
        Position([0x1FF; 81])
    }

    /// Cell (r, c) keeps only `digits`.
    fn only(&mut self, r: usize, c: usize, digits: &[u8]) -> &mut Self {
        self.0[at(r, c)] = digits.iter().fold(0, |m, &d| m | 1 << (d - 1));
        self
    }

    /// Digit d goes from the cells given.
    fn without(&mut self, d: u8, cells: impl IntoIterator<Item = (usize, usize)>) -> &mut Self {
        for (r, c) in cells {
            self.0[at(r, c)] &= !(1 << (d - 1));
        }
        self
    }

    /// The engine's state: both values possible for an open candidate, only false otherwise.
    fn state(&self) -> Vec<u8> {
        (0..729)
            .map(|v| {
                if self.0[v / 9] >> (v % 9) & 1 == 1 {
                    3
                } else {
                    1
                }
            })
            .collect()
    }
}

/// What a technique proposes: (row, column, digit, placed?) sorted.
fn found(t: Technique, p: &Position) -> Vec<(usize, usize, u8, bool)> {
    let rules = deduce::rules(&Sudoku::empty(3, 3));
    let rule = rules.iter().find(|r| r.rule() == t.rule()).unwrap();
    let state = p.state();
    let mut out: Vec<_> = rule
        .propose(&state)
        .into_iter()
        // The engine drops proposals of values already gone.
        .filter(|r| wellposed_engine::deduce::possible(&state, r.var, r.value))
        .map(|r| {
            let v = r.var.index();
            (v / 81 + 1, v / 9 % 9 + 1, (v % 9 + 1) as u8, !r.value)
        })
        .collect();
    out.sort_unstable();
    out.dedup();
    out
}

/// Checks the technique makes exactly `want` (eliminations unless placed) and nothing easier
/// applies.
fn needs(t: Technique, p: &Position, mut want: Vec<(usize, usize, u8, bool)>) {
    want.sort_unstable();
    assert_eq!(found(t, p), want, "{}", t.name());
    for easier in Technique::ALL.into_iter().filter(|&e| e < t) {
        assert_eq!(
            found(easier, p),
            vec![],
            "{} on the {} position",
            easier.name(),
            t.name()
        );
    }
}

fn gone(
    cells: impl IntoIterator<Item = (usize, usize)>,
    digits: &[u8],
) -> Vec<(usize, usize, u8, bool)> {
    cells
        .into_iter()
        .flat_map(|(r, c)| digits.iter().map(move |&d| (r, c, d, false)))
        .collect()
}

#[test]
fn naked_single() {
    let mut p = Position::open();
    p.only(4, 4, &[7]);
    needs(Technique::NakedSingle, &p, vec![(4, 4, 7, true)]);
}

#[test]
fn hidden_single() {
    // In row 2, 5 has one place: r2c6.
    let mut p = Position::open();
    p.without(5, (1..=9).filter(|&c| c != 6).map(|c| (2, c)));
    needs(Technique::HiddenSingle, &p, vec![(2, 6, 5, true)]);
}

#[test]
fn pointing() {
    // In box 1, 1 lies in row 1 only (r1c1, r1c2): it goes from the rest of row 1.
    let mut p = Position::open();
    p.without(1, [(1, 3), (2, 1), (2, 2), (2, 3), (3, 1), (3, 2), (3, 3)]);
    needs(Technique::Pointing, &p, gone((4..=9).map(|c| (1, c)), &[1]));
}

#[test]
fn claiming() {
    // In row 1, 1 lies in box 1 only (r1c1, r1c2): it goes from the rest of box 1.
    let mut p = Position::open();
    p.without(1, (3..=9).map(|c| (1, c)));
    let rest = [(2, 1), (2, 2), (2, 3), (3, 1), (3, 2), (3, 3)];
    needs(Technique::Claiming, &p, gone(rest, &[1]));
}

#[test]
fn naked_pair() {
    // r5c1 and r5c5 hold only {3, 8}: the rest of row 5 loses 3 and 8 (they share no box
    // or column).
    let mut p = Position::open();
    p.only(5, 1, &[3, 8]).only(5, 5, &[3, 8]);
    let rest = (1..=9).filter(|&c| c != 1 && c != 5).map(|c| (5, c));
    needs(Technique::NakedPair, &p, gone(rest, &[3, 8]));
}

#[test]
fn hidden_pair() {
    // In row 5, 3 and 8 have only r5c1 and r5c5: those cells lose every other digit.
    let mut p = Position::open();
    for d in [3, 8] {
        p.without(d, (1..=9).filter(|&c| c != 1 && c != 5).map(|c| (5, c)));
    }
    let others = [1, 2, 4, 5, 6, 7, 9];
    needs(Technique::HiddenPair, &p, gone([(5, 1), (5, 5)], &others));
}

#[test]
fn naked_triple() {
    // r5c1 {1,2}, r5c5 {2,3}, r5c9 {1,3}: three cells, three digits; the rest of row 5 loses
    // 1, 2 and 3 (and no two of them are a pair).
    let mut p = Position::open();
    p.only(5, 1, &[1, 2])
        .only(5, 5, &[2, 3])
        .only(5, 9, &[1, 3]);
    let rest = (1..=9).filter(|c| ![1, 5, 9].contains(c)).map(|c| (5, c));
    needs(Technique::NakedTriple, &p, gone(rest, &[1, 2, 3]));
}

#[test]
fn hidden_triple() {
    // In row 5, 1 is only in c1, c9; 2 only in c1, c5; 3 only in c5, c9: those three cells
    // lose every other digit.
    let mut p = Position::open();
    for (d, keep) in [(1, [1, 9]), (2, [1, 5]), (3, [5, 9])] {
        p.without(d, (1..=9).filter(|c| !keep.contains(c)).map(|c| (5, c)));
    }
    let others = [4, 5, 6, 7, 8, 9];
    needs(
        Technique::HiddenTriple,
        &p,
        gone([(5, 1), (5, 5), (5, 9)], &others),
    );
}

#[test]
fn x_wing() {
    // In rows 1 and 5, 4 lies in columns 2 and 7 only: columns 2 and 7 lose it elsewhere.
    let mut p = Position::open();
    for r in [1, 5] {
        p.without(4, (1..=9).filter(|&c| c != 2 && c != 7).map(|c| (r, c)));
    }
    let rest = (1..=9)
        .filter(|&r| r != 1 && r != 5)
        .flat_map(|r| [(r, 2), (r, 7)]);
    needs(Technique::XWing, &p, gone(rest, &[4]));
}

#[test]
fn swordfish() {
    // In rows 1, 4 and 7, 6 lies in columns {1,5}, {5,9} and {1,9}: columns 1, 5 and 9 lose it
    // in the other rows.
    let mut p = Position::open();
    for (r, keep) in [(1, [1, 5]), (4, [5, 9]), (7, [1, 9])] {
        p.without(6, (1..=9).filter(|c| !keep.contains(c)).map(|c| (r, c)));
    }
    let rest = (1..=9)
        .filter(|r| ![1, 4, 7].contains(r))
        .flat_map(|r| [(r, 1), (r, 5), (r, 9)]);
    needs(Technique::Swordfish, &p, gone(rest, &[6]));
}

fn grade(line: &str) -> &'static str {
    let p = Sudoku::parse(line, "t").unwrap();
    hardest_name(&deduce_puzzle(&p).unwrap().0)
}

/// Puzzles the generator found (`wellposed generate sudoku --difficulty NAME`, the seed in
/// each comment) whose hardest technique is the one named: a player needs it.
#[test]
fn generated_puzzles_need_their_technique() {
    for (line, want) in [
        // seed 1
        (
            ".39...6...7.2...1.86..............6...634........1...7751.2.8..2...7...6......3..",
            "hidden-single",
        ),
        // seed 34359738369
        (
            "89.74.6...1...2....4..9...5......1.6......2......6.74.2....4.3...8..3...9..671...",
            "pointing",
        ),
        // seed 184683593729
        (
            "..4376.........54.2....46.....1.3.....9....71....4.32.1....9.6..62.3....8....14..",
            "claiming",
        ),
        // seed 73014444033
        (
            "1.6.....585.....13.....3........4..7.4.256............5....89..2...3...631.6.95.4",
            "naked-pair",
        ),
        // seed 498216206337
        (
            ".8..9.......46.....1...8..9..3...4..8.....2......569.............132.65.5.47.....",
            "hidden-pair",
        ),
    ] {
        assert_eq!(grade(line), want, "{line}");
    }
}

/// Wikipedia's example puzzle (public domain) needs naked singles only; Arto Inkala's 2012
/// puzzle, published as the hardest he had made, stalls every technique here (probing
/// included) and needs search — though it has one solution.
#[test]
fn an_easy_published_puzzle_grades_below_a_hard_one() {
    let easy = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
    let hard = "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..";
    assert_eq!(grade(easy), "naked-single");
    assert_eq!(grade(hard), "search");
    let p = Sudoku::parse(hard, "inkala").unwrap();
    let opts = Options {
        method: Method::Dlx,
        ..Options::default()
    };
    assert!(matches!(
        wellposed_engine::uniqueness(&p, &opts).unwrap(),
        Uniqueness::Unique(_)
    ));
}

/// On generated puzzles, deduction with every technique (no probing) never settles a
/// candidate against the solution: the techniques are valid.
#[test]
fn techniques_never_remove_the_solution() {
    let shape = Shape::new(3, 3);
    let mut settled = 0;
    for seed in 0..40 {
        let g = generate::generate(&shape, 1000 + seed);
        let enc = deduce::encoding(&g.puzzle);
        let d = Deducer::new(&enc)
            .with_rules(g.puzzle.deduction_rules())
            .deduce(Rule::Family("", 8));
        assert!(!d.contradiction, "seed {seed}");
        for (v, known) in d.known.iter().enumerate() {
            if let Some(value) = known {
                let (k, digit) = (v / 9, (v % 9 + 1) as u8);
                assert_eq!(
                    *value,
                    g.solution[k] == digit,
                    "seed {seed}: r{}c{}={digit}",
                    k / 9 + 1,
                    k % 9 + 1
                );
                settled += 1;
            }
        }
    }
    assert!(settled > 10_000, "{settled}");
}

/// The first hint on Wikipedia's puzzle: the naked singles of the first round, r5c5 among
/// them (row 5 holds 4 8 3 1, column 5 holds 7 9 6 2 1 8, box 5 holds 6 8 3 2: only 5 is
/// left), named and explained.
#[test]
fn the_hint_names_the_technique_and_the_cells() {
    let p = Sudoku::parse(
        "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79",
        "w",
    )
    .unwrap();
    let h = wellposed_engine::grading::hint(&p, "w").unwrap();
    assert!(h.text.contains("r5c5 is 5"), "{}", h.text);
    assert!(
        h.text
            .contains("naked single: the cell has only one candidate left"),
        "{}",
        h.text
    );
    assert_eq!(h.json["rule"], "naked-single");
}

/// A hint is one application of one technique (issues 67/68): on this puzzle the first round's
/// hidden singles are six, in different houses, and the hint gives one of them — one cell and
/// its digit, which has no other place in a row, column or box of the givens (computed from
/// the givens here, not from the engine).
#[test]
fn the_first_step_is_one_hidden_single() {
    let url = "https://puzz.link/p?sudoku/9/9/l768g3g2g7o4h1j2h43h4g5h92h6j7h5o5g9g1g824l";
    let p = Sudoku::parse(url, "issue").unwrap();
    let enc = deduce::encoding(&p);
    let deducer = Deducer::new(&enc).with_rules(deduce::rules(&p));
    let (rule, settled) = deducer.first_step(Rule::Probe).unwrap();
    assert_eq!(rule, Technique::HiddenSingle.rule());
    let [(i, true)] = settled[..] else {
        panic!("one placed digit: {settled:?}")
    };
    let (k, d) = (i / 9, (i % 9 + 1) as u8);
    let shape = &p.shape;
    // Where d may go by the givens: an empty cell no given d shares a house with.
    let open = |j: usize| {
        p.givens[j].is_none()
            && !shape
                .units
                .iter()
                .any(|u| u.contains(&j) && u.iter().any(|&x| p.givens[x] == Some(d)))
    };
    assert!(open(k));
    assert!(
        shape
            .units
            .iter()
            .any(|u| u.contains(&k) && u.iter().filter(|&&j| open(j)).count() == 1),
        "r{}c{}={d} is no hidden single",
        k / 9 + 1,
        k % 9 + 1
    );
    // The whole round (what grading applies at once) is more than this one step.
    let rules = deduce::rules(&p);
    let hidden = rules
        .iter()
        .find(|r| r.rule() == Technique::HiddenSingle.rule())
        .unwrap();
    let mut state = deducer.start();
    assert!(deducer.propagate(&mut state, None));
    let steps = hidden.propose_steps(&state);
    assert!(steps.len() > 1 && steps.iter().all(|g| g.len() == 1));
}
