//! The `family zebra` text: `positions N` (optional: the categories' length), a `categories`
//! block (`NAME value value …`, one category a line) and a `clues` block (one clue a line:
//! `KIND VALUE …`). Value names are unique across categories, so a clue names values alone.

use crate::{Fact, Value, Zebra};
use std::collections::HashMap;
use wellposed_engine::{Document, ParseError};

/// The largest number of positions accepted.
pub const MAX_POSITIONS: usize = 64;
/// The largest number of categories accepted.
pub const MAX_CATEGORIES: usize = 64;

/// The clue kinds and how many arguments each takes (values, or a value then a position).
const KINDS: &[(&str, &str)] = &[
    ("same", "A B"),
    ("not-same", "A B"),
    ("at", "A POSITION"),
    ("not-at", "A POSITION"),
    ("next-to", "A B"),
    ("not-next-to", "A B"),
    ("immediately-left-of", "A B"),
    ("immediately-right-of", "A B"),
    ("left-of", "A B"),
    ("right-of", "A B"),
    ("three-in-a-row", "A B C"),
    ("either", "CLUE | CLUE"),
];

pub fn parse(text: &str, source: &str) -> Result<Zebra, ParseError> {
    let doc = Document::read_family(
        text,
        source,
        "zebra",
        &["positions", "categories", "clues"],
        &["categories", "clues"],
    )?;
    let cats = doc.require("categories", "one category a line: NAME value value …")?;
    let mut categories = Vec::new();
    let mut names: HashMap<String, Value> = HashMap::new();
    let given = match doc.get("positions") {
        Some(e) => {
            let n: Vec<usize> = doc.numbers(e, "a number of positions")?;
            match n[..] {
                [n] if (1..=MAX_POSITIONS).contains(&n) => Some(n),
                _ => {
                    return Err(doc.error(
                        e.line,
                        format!("`positions`: expected one number from 1 to {MAX_POSITIONS}"),
                    ))
                }
            }
        }
        None => None,
    };
    let mut positions = given;
    for (no, toks) in &cats.body {
        let (name, values) = toks.split_first().expect("body lines are not empty");
        let n = *positions.get_or_insert(values.len());
        if values.len() != n || n == 0 || n > MAX_POSITIONS {
            return Err(doc.error(
                *no,
                format!(
                    "category `{name}`: expected {} values, found {}",
                    n.clamp(1, MAX_POSITIONS),
                    values.len()
                ),
            ));
        }
        let c = categories.len();
        if c == MAX_CATEGORIES {
            return Err(doc.error(*no, format!("more than {MAX_CATEGORIES} categories")));
        }
        for (i, v) in values.iter().enumerate() {
            if names.insert(v.to_lowercase(), (c, i)).is_some() {
                return Err(doc.error(
                    *no,
                    format!("the value `{v}` appears twice (values name themselves in clues)"),
                ));
            }
        }
        categories.push((name.clone(), values.to_vec()));
    }
    let Some(positions) = positions else {
        return Err(doc.error(cats.line, "`categories`: expected at least one category"));
    };
    let mut clues = Vec::new();
    if let Some(e) = doc.get("clues") {
        for (no, toks) in &e.body {
            let fact = fact(toks, &names, positions).map_err(|m| doc.error(*no, m))?;
            clues.push((fact, toks.join(" ")));
        }
    }
    Ok(Zebra {
        positions,
        categories,
        clues,
    })
}

fn fact(toks: &[String], names: &HashMap<String, Value>, n: usize) -> Result<Fact, String> {
    let kind = toks[0].to_lowercase();
    let args = &toks[1..];
    if kind == "either" {
        let Some(bar) = args.iter().position(|t| t == "|") else {
            return Err("`either`: expected `either CLUE | CLUE`".into());
        };
        let (f, g) = (&args[..bar], &args[bar + 1..]);
        if f.is_empty() || g.is_empty() {
            return Err("`either`: expected a clue on each side of `|`".into());
        }
        return Ok(Fact::Either(
            Box::new(fact(f, names, n)?),
            Box::new(fact(g, names, n)?),
        ));
    }
    let Some(&(_, shape)) = KINDS.iter().find(|(k, _)| *k == kind) else {
        let all: Vec<&str> = KINDS.iter().map(|(k, _)| *k).collect();
        return Err(format!(
            "unknown clue `{}`; expected one of: {}",
            toks[0],
            all.join(", ")
        ));
    };
    let want = shape.split(' ').count();
    if args.len() != want {
        return Err(format!("`{kind}`: expected `{kind} {shape}`"));
    }
    let value = |t: &String| {
        names
            .get(&t.to_lowercase())
            .copied()
            .ok_or_else(|| format!("`{kind}`: no category has a value `{t}`"))
    };
    let position = |t: &String| match t.parse::<usize>() {
        Ok(k) if (1..=n).contains(&k) => Ok(k - 1),
        _ => Err(format!(
            "`{kind}`: expected a position from 1 to {n}, found `{t}`"
        )),
    };
    Ok(match kind.as_str() {
        "same" => Fact::Same(value(&args[0])?, value(&args[1])?),
        "not-same" => Fact::NotSame(value(&args[0])?, value(&args[1])?),
        "at" => Fact::At(value(&args[0])?, position(&args[1])?),
        "not-at" => Fact::NotAt(value(&args[0])?, position(&args[1])?),
        "next-to" => Fact::NextTo(value(&args[0])?, value(&args[1])?),
        "not-next-to" => Fact::NotNextTo(value(&args[0])?, value(&args[1])?),
        "immediately-left-of" => Fact::ImmediatelyLeftOf(value(&args[0])?, value(&args[1])?),
        "immediately-right-of" => Fact::ImmediatelyLeftOf(value(&args[1])?, value(&args[0])?),
        "left-of" => Fact::LeftOf(value(&args[0])?, value(&args[1])?),
        "right-of" => Fact::LeftOf(value(&args[1])?, value(&args[0])?),
        "three-in-a-row" => Fact::ThreeInARow(value(&args[0])?, value(&args[1])?, value(&args[2])?),
        _ => unreachable!("every kind is listed"),
    })
}

/// A clue as a line of the format.
pub fn clue_text(z: &Zebra, f: &Fact) -> String {
    let name = |v: &Value| z.categories[v.0].1[v.1].clone();
    match f {
        Fact::Same(a, b) => format!("same {} {}", name(a), name(b)),
        Fact::NotSame(a, b) => format!("not-same {} {}", name(a), name(b)),
        Fact::At(a, k) => format!("at {} {}", name(a), k + 1),
        Fact::NotAt(a, k) => format!("not-at {} {}", name(a), k + 1),
        Fact::NextTo(a, b) => format!("next-to {} {}", name(a), name(b)),
        Fact::NotNextTo(a, b) => format!("not-next-to {} {}", name(a), name(b)),
        Fact::ImmediatelyLeftOf(a, b) => format!("immediately-left-of {} {}", name(a), name(b)),
        Fact::LeftOf(a, b) => format!("left-of {} {}", name(a), name(b)),
        Fact::ThreeInARow(a, b, c) => {
            format!("three-in-a-row {} {} {}", name(a), name(b), name(c))
        }
        Fact::Either(f, g) => format!("either {} | {}", clue_text(z, f), clue_text(z, g)),
    }
}

/// The puzzle in the `family zebra` format: each clue as the text it was read from (which
/// reads back to the same fact), or in the canonical words when it has none.
pub fn to_text(z: &Zebra) -> String {
    let mut s = format!("family zebra\npositions {}\ncategories\n", z.positions);
    for (c, values) in &z.categories {
        s.push_str(&format!("{c} {}\n", values.join(" ")));
    }
    s.push_str("clues\n");
    for (f, read) in &z.clues {
        if read.trim().is_empty() {
            s.push_str(&clue_text(z, f));
        } else {
            s.push_str(read);
        }
        s.push('\n');
    }
    s
}
