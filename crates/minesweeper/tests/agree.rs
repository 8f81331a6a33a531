//! Counting by components = counting by SAT (blocking clauses) = brute force, probabilities
//! included; the shared boards have their published counts and solutions.

use num_bigint::BigInt;
use num_rational::BigRational;
use wellposed_engine::every_solver::rounds;
use wellposed_engine::{Family, Method, Options, Uniqueness, Xorshift};
use wellposed_minesweeper::{count, formats, Board, Cell};

/// A random board: mines at random, then some cells revealed with their true numbers, some
/// given as safe without their number, some mines shown, the rest unknown; the total given or
/// not.
fn random_board(rng: &mut Xorshift) -> Board {
    let (rows, cols) = (2 + rng.below(4) as usize, 2 + rng.below(5) as usize);
    let n = rows * cols;
    let density = 10 + rng.below(30);
    let mines: Vec<bool> = (0..n).map(|_| rng.below(100) < density).collect();
    let mut b = Board {
        rows,
        cols,
        cells: vec![Cell::Unknown; n],
        mines: (rng.below(2) == 0).then(|| mines.iter().filter(|&&m| m).count()),
    };
    let numbers: Vec<u8> = (0..n)
        .map(|k| b.neighbours(k).filter(|&nb| mines[nb]).count() as u8)
        .collect();
    for k in 0..n {
        let roll = rng.below(100);
        b.cells[k] = if mines[k] {
            if roll < 10 {
                Cell::Mine
            } else {
                Cell::Unknown
            }
        } else if roll < 55 {
            Cell::Number(numbers[k])
        } else if roll < 63 {
            Cell::Safe
        } else {
            Cell::Unknown
        };
    }
    // Now and then a wrong number, so that inconsistent boards occur too.
    if rng.below(8) == 0 {
        let k = rng.below(n as u64) as usize;
        if let Cell::Number(x) = b.cells[k] {
            b.cells[k] = Cell::Number((x + 1) % 9);
        }
    }
    b
}

/// The count by blocking clauses over the CNF.
fn sat_count(b: &Board) -> u64 {
    let opts = Options {
        method: Method::Sat,
        ..Default::default()
    };
    let c = wellposed_engine::every_solver::count(b, &opts, None).unwrap();
    assert!(c.complete);
    c.to_u64().unwrap()
}

/// The cells the rules leave open to a mine before any number is read: unknown ones and the
/// ones given as safe (the rules then forbid a mine there).
fn open_cells(b: &Board) -> Vec<usize> {
    (0..b.cells.len())
        .filter(|&k| matches!(b.cells[k], Cell::Unknown | Cell::Safe))
        .collect()
}

/// Brute force over the unknown and safe cells, by the rules alone: the number of layouts,
/// and per cell how many have a mine there.
fn brute(b: &Board) -> (u64, Vec<u64>) {
    let unknown = open_cells(b);
    let mut total = 0;
    let mut at = vec![0u64; b.cells.len()];
    for m in 0u32..1 << unknown.len() {
        let mut mines: Vec<bool> = b.cells.iter().map(|&c| c == Cell::Mine).collect();
        for (i, &k) in unknown.iter().enumerate() {
            mines[k] = m >> i & 1 == 1;
        }
        if b.check(&mines).is_ok() {
            total += 1;
            for (k, &x) in mines.iter().enumerate() {
                if x {
                    at[k] += 1;
                }
            }
        }
    }
    (total, at)
}

#[test]
fn components_sat_and_brute_force_agree() {
    let mut rng = Xorshift(0x005e_ed0f_be11);
    let (mut none, mut many, mut totals, mut safe) = (0, 0, 0, 0);
    for round in 0..rounds(2000) {
        let b = random_board(&mut rng);
        if open_cells(&b).len() > 14 {
            continue;
        }
        safe += usize::from(b.cells.contains(&Cell::Safe));
        let (want, at) = brute(&b);
        let a = count::analyze(&b).unwrap();
        assert_eq!(a.layouts, want.into(), "round {round}: {b:?}");
        let sat = sat_count(&b);
        assert_eq!(sat, want, "SAT, round {round}");
        let native = wellposed_engine::every_solver::count(&b, &Options::default(), None).unwrap();
        assert_eq!(
            (native.to_u64().unwrap(), native.method.name()),
            (want, "native")
        );
        if want == 0 {
            none += 1;
            continue;
        }
        many += usize::from(want > 1);
        totals += usize::from(b.mines.is_some());
        for k in b.unknown() {
            let p = a.probability[k].clone().expect("unknown cells have one");
            let exact = BigRational::new(BigInt::from(at[k]), BigInt::from(want));
            assert_eq!(p, exact, "round {round}, cell {k}");
        }
    }
    assert!(
        none > 10 && many > 50 && totals > 50 && safe > 50,
        "{none} {many} {totals} {safe}"
    );
}

/// shared/data/minesweeper/ANSWERS.md and verified_counts_and_solutions.txt (R. Kaye's
/// configurations among them): the counts, and the layout of every unique board.
#[test]
fn shared_boards_have_their_published_counts_and_layouts() {
    let Some(dir) = wellposed_engine::shared_data("minesweeper") else {
        return;
    };
    let verified = std::fs::read_to_string(dir.join("verified_counts_and_solutions.txt")).unwrap();
    let mut checked = 0;
    let mut blocks = verified.split("minesweeper").skip(1);
    for block in blocks.by_ref() {
        let header = block.lines().next().unwrap();
        let name = format!("minesweeper{}", header.split_whitespace().next().unwrap());
        let want: u64 = header.rsplit(' ').next().unwrap().trim().parse().unwrap();
        let text = std::fs::read_to_string(dir.join(&name)).unwrap();
        let b = Board::parse(&text, &name).unwrap();
        let a = count::analyze(&b).unwrap();
        assert_eq!(a.layouts, want.into(), "{name}");
        if want == 1 {
            let layout: String = block
                .lines()
                .skip(2)
                .take(b.rows)
                .map(|l| l.trim())
                .collect::<Vec<_>>()
                .join("\n");
            match wellposed_engine::every_solver::uniqueness(&b, &Options::default()).unwrap() {
                Uniqueness::Unique(s) => assert_eq!(s.text, layout, "{name}"),
                other => panic!("{name}: {}", other.status()),
            }
            // Unique: every unknown cell has probability 0 or 1.
            assert!(a.probability.iter().flatten().all(|p| p.is_integer()));
        }
        checked += 1;
    }
    assert_eq!(checked, 14);
}

/// shared/data/tatham/mines_ids.txt: the clear ID decodes to the layout listed there.
#[test]
fn the_mines_id_decodes_to_its_layout() {
    let Some(path) = wellposed_engine::shared_data("tatham/mines_ids.txt") else {
        return;
    };
    let text = std::fs::read_to_string(path).unwrap();
    let id = text
        .lines()
        .find(|l| !l.starts_with('#'))
        .unwrap()
        .split_whitespace()
        .next()
        .unwrap();
    let listed: Vec<&str> = text
        .lines()
        .filter(|l| l.len() == 9 && l.chars().all(|c| c == '.' || c == '*'))
        .collect();
    assert_eq!(listed.len(), 9);
    let b = formats::parse_game_id(id, "id", 1).unwrap();
    assert_eq!(b.mines, Some(10));
    let mines: Vec<bool> = listed.join("").chars().map(|c| c == '*').collect();
    assert!(
        b.check(&mines).is_ok(),
        "the listed layout fits the numbers"
    );
    for (k, &m) in mines.iter().enumerate() {
        assert_eq!(b.cells[k] == Cell::Unknown, m, "cell {k}");
    }
    let a = count::analyze(&b).unwrap();
    assert_eq!(a.layouts, 1u32.into(), "every number shown: one layout");
    // The obfuscated form is refused with a message, not misread.
    let e = formats::parse_game_id("9x9:4,4,mb071b49fbd1cb6a0d5868", "id", 1).unwrap_err();
    assert!(e.message.contains("masked"), "{e}");
}

#[test]
fn the_total_counts_interior_cells_by_binomials() {
    // A 1 in a corner of a 3×3 board, everything else unknown: its three neighbours hold one
    // mine (3 ways); the five interior cells hold the rest: C(5, N−1) ways.
    for n in 1..=6u64 {
        let text = format!("family minesweeper\nmines {n}\ngrid\n1..\n...\n...\n");
        let b = Board::parse(&text, "t").unwrap();
        let binom = [1u64, 5, 10, 10, 5, 1];
        let want = 3 * binom[(n - 1) as usize];
        assert_eq!(count::analyze(&b).unwrap().layouts, want.into(), "N = {n}");
        let sat = sat_count(&b);
        assert_eq!(sat, want);
    }
}

#[test]
fn bad_boards_name_the_line() {
    wellposed_engine::assert_parse_errors::<Board>(&[
        ("3\n3\n...\n.9.\n...\n", 4, "digit 0–8"),
        ("family minesweeper\ngrid\n.-.\n.x.\n", 4, "`-`"),
        ("3\n3\n...\n...\n", 4, "expected 3 grid lines"),
        ("3\nx\n...\n", 2, "number of columns"),
        ("family minesweeper\nmines x\ngrid\n..\n", 2, "mines"),
        ("family minesweeper\ngrid\n...\n..\n", 4, "expected 3 cells"),
        ("3x3:1,1,zz", 1, "hex"),
    ]);
}

/// A frontier too large to enumerate is refused by the analysis, with a message, and counting
/// falls back to the CNF (bounded here by a limit) instead of overflowing the stack.
#[test]
fn huge_frontiers_are_refused_not_crashed_on() {
    let w = 2 * (count::MAX_COMPONENT / 3 + 10);
    let text = format!(
        "family minesweeper\ngrid\n{}\n{}\n",
        "1.".repeat(w / 2),
        ".".repeat(w)
    );
    let b = Board::parse(&text, "wide").unwrap();
    let e = count::analyze(&b).unwrap_err();
    assert!(e.contains("frontier component"), "{e}");
    let c = wellposed_engine::every_solver::count(&b, &Options::default(), Some(3)).unwrap();
    assert_eq!(
        (c.to_u64().unwrap(), c.complete, c.method.name()),
        (3, false, "blocking")
    );
}

/// A total over a huge unknown area has no CNF (its counter would be too large), but the
/// component analysis counts it exactly: C(cells, mines) with no number on the board.
#[test]
fn huge_totals_are_counted_by_binomials_not_encoded() {
    let text = format!(
        "family minesweeper\nmines 3000\ngrid\n{}",
        format!("{}\n", ".".repeat(200)).repeat(100)
    );
    let b = Board::parse(&text, "big").unwrap();
    assert!(b
        .encode(wellposed_engine::EncodingKind::Cnf, Default::default())
        .is_none());
    let a = count::analyze(&b).unwrap();
    // C(20000, 3000), by the multiplicative formula.
    let mut want = num_bigint::BigUint::from(1u32);
    for i in 0..3000u32 {
        want = want * num_bigint::BigUint::from(20000 - i) / num_bigint::BigUint::from(i + 1);
    }
    assert_eq!(a.layouts, want);
}

/// Layouts written as Mines IDs read back as the same layout (the shared clear ID included),
/// and generated no-guess layouts are won from the first click by proof alone.
#[test]
fn game_ids_round_trip_and_no_guess_layouts_need_none() {
    use wellposed_minesweeper::play::{self, Level};
    let id = "9x9:4,4,004000007c00010022080";
    let b = formats::parse_game_id(id, "id", 1).unwrap();
    let mines: Vec<bool> = b.cells.iter().map(|&c| c == Cell::Unknown).collect();
    assert_eq!(formats::game_id(9, 9, &mines, 4 * 9 + 4), id);
    for seed in 1..=5 {
        let (mine, _) = play::no_guess_layout(Level::BEGINNER, 0, seed).unwrap();
        let g = play::play_on(Level::BEGINNER, &mine, 0, play::Strategy::Progress);
        assert!(g.won && g.guesses == 1 && !g.proof_failed, "{g:?}");
        let back = formats::parse_game_id(&formats::game_id(9, 9, &mine, 0), "id", 1).unwrap();
        let read: Vec<bool> = back.cells.iter().map(|&c| c == Cell::Unknown).collect();
        assert_eq!(read, mine);
    }
}

/// The subset rule with propagation, on random boards: every cell deduction settles is safe
/// (or a mine) in every layout, by brute force; the same fixpoint in any order; and the rule
/// settles cells propagation leaves open.
#[test]
fn the_subset_rule_is_valid_order_independent_and_useful() {
    use wellposed_engine::deduce::{Deducer, Rule};
    use wellposed_engine::Encoding;
    let mut rng = Xorshift(0x5b5e_7001);
    let subset = Rule::Family("subset", 3);
    let (mut checked, mut helped) = (0, 0);
    // (Fewer rounds than the counting tests: the random-order run recomputes every proposal
    // after each single removal.)
    for round in 0..rounds(300) {
        let b = random_board(&mut rng);
        let (total, at) = brute(&b);
        if total == 0 {
            continue;
        }
        let Some(Encoding::Cnf(enc)) =
            b.encode(wellposed_engine::EncodingKind::Cnf, Default::default())
        else {
            continue;
        };
        checked += 1;
        let with = || Deducer::new(&enc).with_rules(b.deduction_rules());
        let d = with().deduce(subset);
        assert!(!d.contradiction, "round {round}: {b:?}");
        for (i, &k) in b.unknown().iter().enumerate() {
            match d.known[i] {
                Some(true) => assert_eq!(at[k], total, "round {round}: a mine by deduction"),
                Some(false) => assert_eq!(at[k], 0, "round {round}: safe by deduction"),
                None => {}
            }
        }
        let other = with().deduce_in_order(subset, |n| rng.below(n as u64) as usize);
        assert_eq!(other.known, d.known, "round {round}: {b:?}");
        let plain = Deducer::new(&enc).deduce(Rule::Propagation);
        if d.open < plain.open {
            helped += 1;
            assert_eq!(d.hardest, Some(subset));
        }
    }
    assert!(
        checked > 150 && helped > 5,
        "{checked} boards, the subset rule helped on {helped}"
    );
}
