//! The poser: a random solution, true clues added at random until exactly one solution is left
//! (the SAT engine decides), then every clue that is not needed dropped, one at a time, so the
//! clue set is minimal: removing any single clue leaves several solutions.

use crate::{Fact, Value, Zebra};
use wellposed_engine::{proved_unique, Options, Xorshift};

/// Built-in categories for generated puzzles (values unique across all of them).
const CATEGORIES: [(&str, [&str; 8]); 6] = [
    (
        "color",
        [
            "red", "green", "white", "yellow", "blue", "ivory", "purple", "orange",
        ],
    ),
    (
        "nationality",
        [
            "English",
            "Spanish",
            "Ukrainian",
            "Norwegian",
            "Japanese",
            "German",
            "Italian",
            "Swedish",
        ],
    ),
    (
        "drink",
        [
            "coffee", "tea", "milk", "juice", "water", "beer", "cocoa", "lemonade",
        ],
    ),
    (
        "pet",
        [
            "dog", "snails", "fox", "horse", "zebra", "cat", "bird", "fish",
        ],
    ),
    (
        "sport",
        [
            "football", "tennis", "chess", "golf", "rowing", "cycling", "boxing", "skiing",
        ],
    ),
    (
        "food",
        [
            "bread", "cheese", "apples", "soup", "rice", "pasta", "eggs", "honey",
        ],
    ),
];

pub const MAX_SIZE: usize = 8;
pub const MAX_CATEGORIES: usize = CATEGORIES.len();

/// A generated puzzle and the placement it was made from.
pub struct Made {
    pub puzzle: Zebra,
    /// `position[c][v]`.
    pub solution: Vec<Vec<usize>>,
    /// Clues drawn before the puzzle became unique (before minimising).
    pub drawn: usize,
}

/// A random fact that is true of `pos`.
fn true_fact(rng: &mut Xorshift, z: &Zebra, pos: &[Vec<usize>]) -> Fact {
    let (k, n) = (z.categories.len(), z.positions);
    let at = |v: Value| pos[v.0][v.1];
    // The value of category c at position p.
    let value_at = |c: usize, p: usize| -> Value {
        (c, (0..n).find(|&v| pos[c][v] == p).expect("a permutation"))
    };
    loop {
        let a: Value = (rng.below(k as u64) as usize, rng.below(n as u64) as usize);
        let c = rng.below(k as u64) as usize;
        let p = at(a);
        let f = match rng.below(9) {
            0 | 1 if k > 1 && c != a.0 => Fact::Same(a, value_at(c, p)),
            2 => Fact::At(a, p),
            3 if n > 1 => {
                let q = if p + 1 < n && (p == 0 || rng.below(2) == 0) {
                    p + 1
                } else {
                    p - 1
                };
                Fact::NextTo(a, value_at(c, q))
            }
            4 if p + 1 < n => Fact::ImmediatelyLeftOf(a, value_at(c, p + 1)),
            5 if p + 1 < n => {
                let q = p + 1 + rng.below((n - p - 1) as u64) as usize;
                Fact::LeftOf(a, value_at(c, q))
            }
            6 => {
                let b = value_at(c, (p + 1 + rng.below(n as u64 - 1) as usize) % n);
                if b.0 == a.0 || rng.below(2) == 0 {
                    Fact::NotSame(a, b)
                } else {
                    Fact::NotNextTo(a, value_at(c, (p + 2) % n))
                }
            }
            7 if n >= 3 && p + 2 < n => {
                let c2 = rng.below(k as u64) as usize;
                Fact::ThreeInARow(a, value_at(c, p + 1), value_at(c2, p + 2))
            }
            8 if n > 1 => {
                // One true side, one (usually) false side, in random order.
                let truth = Fact::At(a, p);
                let other = Fact::At(value_at(c, (p + 1) % n), p);
                if rng.below(2) == 0 {
                    Fact::Either(Box::new(truth), Box::new(other))
                } else {
                    Fact::Either(Box::new(other), Box::new(truth))
                }
            }
            _ => continue,
        };
        // Facts about a value and itself say nothing.
        let trivial = match &f {
            Fact::Same(x, y) | Fact::NotSame(x, y) | Fact::NextTo(x, y) | Fact::NotNextTo(x, y) => {
                x == y
            }
            Fact::ImmediatelyLeftOf(x, y) | Fact::LeftOf(x, y) => x == y,
            Fact::ThreeInARow(x, y, w) => x == y || y == w || x == w,
            _ => false,
        };
        if !trivial && f.holds(pos) {
            return f;
        }
    }
}

/// A minimal uniquely solvable puzzle with `size` positions and `categories` categories.
pub fn generate(size: usize, categories: usize, seed: u64, opts: &Options) -> Result<Made, String> {
    let unique = |z: &Zebra| proved_unique(z, opts);
    if !(2..=MAX_SIZE).contains(&size) || !(1..=MAX_CATEGORIES).contains(&categories) {
        return Err(format!(
            "expected --size from 2 to {MAX_SIZE} and --categories from 1 to {MAX_CATEGORIES}"
        ));
    }
    let mut rng = Xorshift(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1);
    let mut z = Zebra {
        positions: size,
        categories: CATEGORIES[..categories]
            .iter()
            .map(|(c, vs)| {
                (
                    c.to_string(),
                    vs[..size].iter().map(|v| v.to_string()).collect(),
                )
            })
            .collect(),
        clues: Vec::new(),
    };
    let solution: Vec<Vec<usize>> = (0..categories)
        .map(|_| {
            let mut p: Vec<usize> = (0..size).collect();
            rng.shuffle(&mut p);
            p
        })
        .collect();
    while !unique(&z) {
        // Under a conflict bound a check may never succeed: give up rather than draw forever.
        if z.clues.len() >= 50 * size * categories {
            return Err(format!(
                "no clue set proved unique after {} clues",
                z.clues.len()
            ));
        }
        let f = true_fact(&mut rng, &z, &solution);
        let text = crate::format::clue_text(&z, &f);
        z.clues.push((f, text));
    }
    let drawn = z.clues.len();
    // Drop clues in random order while the puzzle stays unique; one pass suffices, since
    // removing clues never makes a puzzle unique again.
    let mut order: Vec<usize> = (0..z.clues.len()).collect();
    rng.shuffle(&mut order);
    let mut keep = vec![true; z.clues.len()];
    for i in order {
        keep[i] = false;
        let trial = Zebra {
            clues: z
                .clues
                .iter()
                .zip(&keep)
                .filter(|(_, &k)| k)
                .map(|(c, _)| c.clone())
                .collect(),
            ..z.clone()
        };
        if !unique(&trial) {
            keep[i] = true;
        }
    }
    z.clues = z
        .clues
        .into_iter()
        .zip(keep)
        .filter(|(_, k)| *k)
        .map(|(c, _)| c)
        .collect();
    Ok(Made {
        puzzle: z,
        solution,
        drawn,
    })
}

/// A clue as an English sentence.
pub fn sentence(z: &Zebra, f: &Fact) -> String {
    let s = phrase(z, f);
    let mut c = s.chars();
    match c.next() {
        Some(first) => format!("{}{}.", first.to_uppercase(), c.as_str()),
        None => s,
    }
}

/// A clue as a clause of English, without the capital and the full stop.
fn phrase(z: &Zebra, f: &Fact) -> String {
    let name = |v: &Value| z.categories[v.0].1[v.1].clone();
    match f {
        Fact::Same(a, b) => format!("{} and {} are in the same house", name(a), name(b)),
        Fact::NotSame(a, b) => format!("{} and {} are in different houses", name(a), name(b)),
        Fact::At(a, k) => format!("{} is in house {}", name(a), k + 1),
        Fact::NotAt(a, k) => format!("{} is not in house {}", name(a), k + 1),
        Fact::NextTo(a, b) => format!("{} is next to {}", name(a), name(b)),
        Fact::NotNextTo(a, b) => format!("{} is not next to {}", name(a), name(b)),
        Fact::ImmediatelyLeftOf(a, b) => {
            format!("{} is immediately to the left of {}", name(a), name(b))
        }
        Fact::LeftOf(a, b) => format!("{} is somewhere to the left of {}", name(a), name(b)),
        Fact::ThreeInARow(a, b, c) => format!(
            "{}, {} and {} are in three neighbouring houses, in that order or the reverse",
            name(a),
            name(b),
            name(c)
        ),
        Fact::Either(f, g) => format!("either {}, or {}", phrase(z, f), phrase(z, g)),
    }
}
