//! Edge-matching inputs: the `family edges` text, and the plain Eternity II piece files (one
//! piece a line, four labels clockwise from the top, `0` the border; an optional first line
//! `ROWS COLS`, else the shape follows from the pieces: corners have two `0`s, edge pieces one).

use crate::{Edges, Matching, MAX_CELLS};
use wellposed_engine::{Document, ParseError};

fn error(source: &str, line: usize, message: impl Into<String>) -> ParseError {
    ParseError {
        source: source.to_string(),
        line,
        message: message.into(),
    }
}

fn labels(toks: &[&str], source: &str, line: usize) -> Result<[i64; 4], ParseError> {
    let v: Vec<i64> = toks
        .iter()
        .map(|t| t.parse::<i64>().ok().filter(|x| x.abs() < 1 << 40))
        .collect::<Option<_>>()
        .ok_or_else(|| error(source, line, "expected four edge labels (integers)"))?;
    <[i64; 4]>::try_from(v).map_err(|v| {
        error(
            source,
            line,
            format!(
                "expected four edge labels (top right bottom left), found {}",
                v.len()
            ),
        )
    })
}

fn check(e: &Edges, source: &str, line: usize) -> Result<(), ParseError> {
    let cells = e.rows.saturating_mul(e.cols);
    if e.rows == 0 || e.cols == 0 || cells > MAX_CELLS {
        return Err(error(
            source,
            line,
            format!("expected 1 to {MAX_CELLS} positions"),
        ));
    }
    if e.pieces.len() != cells {
        return Err(error(
            source,
            line,
            format!(
                "a {}×{} board takes {cells} pieces, found {}",
                e.rows,
                e.cols,
                e.pieces.len()
            ),
        ));
    }
    Ok(())
}

/// The puzzle as `family edges` text.
pub fn to_text(e: &Edges) -> String {
    let matching = match e.matching {
        Matching::Complement(s) => format!("complement {s}"),
        Matching::Equal => "equal".to_string(),
    };
    let mut s = format!(
        "family edges\nsize {} {}\nmatch {matching}\npieces\n",
        e.rows, e.cols
    );
    for p in &e.pieces {
        s.push_str(&format!("{} {} {} {}\n", p[0], p[1], p[2], p[3]));
    }
    s
}

/// Whether text looks like a plain piece file: every line four integers (a first line of two,
/// the shape, allowed).
pub fn plain_pieces(text: &str) -> bool {
    let lines: Vec<Vec<&str>> = text
        .lines()
        .map(|l| l.split_whitespace().collect::<Vec<_>>())
        .filter(|t| !t.is_empty())
        .collect();
    let ints = |t: &[&str]| t.iter().all(|x| x.parse::<i64>().is_ok());
    lines.len() > 1
        && lines
            .iter()
            .enumerate()
            .all(|(k, t)| ints(t) && (t.len() == 4 || (k == 0 && t.len() == 2)))
}

pub fn parse_any(text: &str, source: &str) -> Result<Edges, ParseError> {
    if wellposed_engine::family_of(text).is_some() {
        parse_family(text, source)
    } else {
        parse_plain(text, source)
    }
}

fn parse_family(text: &str, source: &str) -> Result<Edges, ParseError> {
    let doc = Document::read_family(
        text,
        source,
        "edges",
        &["size", "match", "pieces"],
        &["pieces"],
    )?;
    let (rows, cols) = doc.size(MAX_CELLS)?;
    let m = doc.require("match", "complement S, or equal")?;
    let matching = match &m.values[..] {
        [k, s] if k == "complement" => Matching::Complement(s.parse().map_err(|_| {
            doc.error(
                m.line,
                format!("`match complement`: expected a number, found `{s}`"),
            )
        })?),
        [k] if k == "equal" => Matching::Equal,
        _ => return Err(doc.error(m.line, "`match`: expected `complement S` or `equal`")),
    };
    let p = doc.require("pieces", "one piece a line")?;
    let pieces = p
        .body
        .iter()
        .map(|(no, toks)| {
            let t: Vec<&str> = toks.iter().map(String::as_str).collect();
            labels(&t, source, *no)
        })
        .collect::<Result<Vec<_>, _>>()?;
    let e = Edges {
        rows,
        cols,
        matching,
        pieces,
    };
    check(&e, source, p.line)?;
    Ok(e)
}

fn parse_plain(text: &str, source: &str) -> Result<Edges, ParseError> {
    let lines: Vec<(usize, Vec<&str>)> = text
        .lines()
        .enumerate()
        .map(|(k, l)| {
            (
                k + 1,
                l.split('#')
                    .next()
                    .unwrap_or("")
                    .split_whitespace()
                    .collect::<Vec<_>>(),
            )
        })
        .filter(|(_, t)| !t.is_empty())
        .collect();
    let Some((first_line, first)) = lines.first() else {
        return Err(error(
            source,
            1,
            "expected `family edges` or one piece a line",
        ));
    };
    let (shape, body) = if first.len() == 2 {
        let n = |t: &str| t.parse::<usize>().ok();
        match (n(first[0]), n(first[1])) {
            (Some(r), Some(c)) => (Some((r, c)), &lines[1..]),
            _ => {
                return Err(error(
                    source,
                    *first_line,
                    "expected `ROWS COLS` or a piece",
                ))
            }
        }
    } else {
        (None, &lines[..])
    };
    let pieces = body
        .iter()
        .map(|(no, t)| labels(t, source, *no))
        .collect::<Result<Vec<_>, _>>()?;
    let (rows, cols) = match shape {
        Some(s) => s,
        None => shape_of(&pieces).ok_or_else(|| {
            error(
                source,
                *first_line,
                "cannot tell the board's shape from the pieces (corners have two 0s, edges one); give `ROWS COLS` first",
            )
        })?,
    };
    let e = Edges {
        rows,
        cols,
        matching: Matching::Equal,
        pieces,
    };
    check(&e, source, *first_line)?;
    Ok(e)
}

/// ROWS ≤ COLS with ROWS·COLS pieces of which 2(ROWS−2) + 2(COLS−2) have one border side.
fn shape_of(pieces: &[[i64; 4]]) -> Option<(usize, usize)> {
    let n = pieces.len();
    let edge = pieces
        .iter()
        .filter(|p| p.iter().filter(|&&l| l == 0).count() == 1)
        .count();
    (1..=n).find_map(|r| {
        let c = n / r;
        (r <= c && r * c == n && r >= 2 && 2 * (r - 2) + 2 * (c - 2) == edge).then_some((r, c))
    })
}
