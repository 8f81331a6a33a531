//! Fleets of bent ships (pzprjs's polyomino fleets): brute force over every layout of tiny
//! boards, judged by the rule checker, against the engine's count; real puzz.link URLs of such
//! fleets read, solve and go back character for character.

use wellposed_battleships::{formats, Battleships, Hint, Shape};
use wellposed_engine::every_solver::rounds;
use wellposed_engine::{Family, Options, Uniqueness, Xorshift};

fn count(b: &Battleships) -> u64 {
    let c = wellposed_engine::every_solver::count(b, &Options::default(), None).unwrap();
    assert!(c.complete);
    c.to_u64().unwrap()
}

/// Small shapes in various orientations: the L of three, the T, S, L and O of four, a
/// straight 2 written as a shape.
const SHAPES: [&str; 6] = ["x./xx", "xxx/.x.", ".xx/xx.", "x./x./xx", "xx/xx", "xx"];

/// Brute force over every layout of the ship cells that hold as many cells as the fleet (a
/// fleet's cells are exactly its ships' cells), each judged by the rules alone.
fn brute(b: &Battleships) -> u64 {
    let n = b.rows * b.cols;
    let total: usize = b.fleet.iter().map(|&(l, k)| l * k).sum::<usize>()
        + b.shapes.iter().map(|(s, k)| s.size() * k).sum::<usize>();
    (0u32..1 << n)
        .filter(|m| m.count_ones() as usize == total)
        .filter(|m| {
            let ship: Vec<bool> = (0..n).map(|k| m >> k & 1 == 1).collect();
            b.check(&ship).is_ok()
        })
        .count() as u64
}

#[test]
fn the_encoding_counts_what_the_rules_allow_for_bent_fleets() {
    let mut rng = Xorshift(0x9017_0b1e);
    let (mut nonzero, mut several) = (0, 0);
    for round in 0..rounds(600) {
        let (rows, cols) = (2 + rng.below(3) as usize, 3 + rng.below(2) as usize);
        let mut text = format!("family battleships\nsize {rows} {cols}\nfleet");
        let picks = 1 + rng.below(2) * rng.below(2);
        for _ in 0..picks {
            let s = SHAPES[rng.below(SHAPES.len() as u64) as usize];
            text.push_str(&format!(" {s}:{}", 1 + rng.below(2)));
        }
        if rng.below(2) == 0 {
            text.push_str(&format!(" 1:{}", rng.below(2)));
        }
        text.push('\n');
        if rng.below(3) == 0 {
            let counts: Vec<String> = (0..rows)
                .map(|_| match rng.below(3) {
                    0 => ".".to_string(),
                    _ => rng.below(cols as u64 + 1).to_string(),
                })
                .collect();
            text.push_str(&format!("rows {}\n", counts.join(" ")));
        }
        if rng.below(3) == 0 {
            text.push_str("hints\n");
            for _ in 0..1 + rng.below(2) {
                let letters = "wcmtblrsqpdj";
                let h = letters.as_bytes()[rng.below(12) as usize] as char;
                let (r, c) = (1 + rng.below(rows as u64), 1 + rng.below(cols as u64));
                text.push_str(&format!("{h} {r} {c}\n"));
            }
        }
        let b = Battleships::parse(&text, "random").unwrap();
        let want = brute(&b);
        assert_eq!(count(&b), want, "round {round}:\n{text}");
        nonzero += usize::from(want > 0);
        several += usize::from(want > 1);
    }
    assert!(nonzero > 40 && several > 20, "{nonzero} {several}");
}

/// Every hint letter of a bent ship: the T of four lying flat on a 2×3 board (`xxx` over
/// `.x.`) shows `l` `m` `r` over `b`, and an L of three shows the corners.
#[test]
fn pieces_of_bent_ships_are_read_off_their_neighbours() {
    let b = Battleships::parse(
        "family battleships\nsize 2 3\nfleet xxx/.x.:1\nhints\nm 1 2\n",
        "t",
    )
    .unwrap();
    match wellposed_engine::every_solver::uniqueness(&b, &Options::default()).unwrap() {
        Uniqueness::Unique(s) => assert_eq!(s.text, "lmr\n.b."),
        other => panic!("{}", other.status()),
    }
    // The L of three on a 2×2 board: four placements, one per missing corner; the hint `q`
    // (┌, going on down and right) at the top left leaves the one without the bottom right.
    let b = Battleships::parse("family battleships\nsize 2 2\nfleet x./xx:1\n", "t").unwrap();
    assert_eq!(count(&b), 4);
    let mut one = b.clone();
    one.hints.push((Hint::DownRight, 0, 0));
    match wellposed_engine::every_solver::uniqueness(&one, &Options::default()).unwrap() {
        Uniqueness::Unique(s) => assert_eq!(s.text, "qr\nb."),
        other => panic!("{}", other.status()),
    }
    for (h, rows) in [
        (Hint::DownLeft, "lp\n.b"),
        (Hint::UpRight, "t.\ndr"),
        (Hint::UpLeft, ".t\nlj"),
    ] {
        let mut one = b.clone();
        let at = match h {
            Hint::DownLeft => (0, 1),
            Hint::UpRight => (1, 0),
            _ => (1, 1),
        };
        one.hints.push((h, at.0, at.1));
        match wellposed_engine::every_solver::uniqueness(&one, &Options::default()).unwrap() {
            Uniqueness::Unique(s) => assert_eq!(s.text, rows, "{h:?}"),
            other => panic!("{h:?}: {}", other.status()),
        }
    }
    // Text and back.
    let text = formats::to_text(&b);
    assert!(text.contains("fleet x./xx:1"), "{text}");
    assert_eq!(Battleships::parse(&text, "t").unwrap(), b);
    assert_eq!(
        Shape::from_text("x./xx").unwrap().code().as_deref(),
        Some("22m")
    );
}
