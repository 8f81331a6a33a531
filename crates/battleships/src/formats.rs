//! Battleships inputs: the `family battleships` text and CSPLib problem 14's Prolog terms
//! `problem(Id, Fleet, RowSums, ColSums, Hints).`

use crate::{Battleships, Hint, MAX_CELLS, STANDARD_FLEET};
use wellposed_engine::{Document, ParseError};

fn error(source: &str, line: usize, message: impl Into<String>) -> ParseError {
    ParseError {
        source: source.to_string(),
        line,
        message: message.into(),
    }
}

/// `L:N` fleet entries.
fn fleet_entry(t: &str) -> Option<(usize, usize)> {
    let (l, n) = t.split_once(':')?;
    let l = l.trim().parse::<usize>().ok().filter(|&l| l > 0)?;
    Some((l, n.trim().parse().ok()?))
}

pub fn parse_any(text: &str, source: &str) -> Result<Battleships, ParseError> {
    if wellposed_engine::family_of(text).is_some() {
        return parse_family(text, source);
    }
    let problems = parse_prolog(text, source)?;
    match problems.len() {
        1 => Ok(problems.into_iter().next().expect("one").1),
        0 => Err(error(
            source,
            1,
            "expected `family battleships` or a CSPLib `problem(...)` term",
        )),
        n => Err(error(
            source,
            1,
            format!("{n} problems in one file; expected one (split the file)"),
        )),
    }
}

fn check_shape(b: &Battleships, source: &str, line: usize) -> Result<(), ParseError> {
    if b.rows == 0 || b.cols == 0 || b.rows.saturating_mul(b.cols) > MAX_CELLS {
        return Err(error(
            source,
            line,
            format!(
                "expected 1 to {MAX_CELLS} cells, found {}×{}",
                b.rows, b.cols
            ),
        ));
    }
    if let Some(&(len, _)) = b.fleet.iter().find(|&&(l, _)| l > b.rows.max(b.cols)) {
        return Err(error(
            source,
            line,
            format!(
                "a ship of length {len} does not fit a {}×{} grid",
                b.rows, b.cols
            ),
        ));
    }
    if let Some(&(_, r, c)) = b
        .hints
        .iter()
        .find(|&&(_, r, c)| r >= b.rows || c >= b.cols)
    {
        return Err(error(
            source,
            line,
            format!(
                "a hint at row {} col {} lies outside the grid",
                r + 1,
                c + 1
            ),
        ));
    }
    Ok(())
}

fn parse_family(text: &str, source: &str) -> Result<Battleships, ParseError> {
    let doc = Document::read_family(
        text,
        source,
        "battleships",
        &["size", "fleet", "rows", "cols", "hints"],
        &["hints"],
    )?;
    let (rows, cols) = doc.size(MAX_CELLS)?;
    let fleet = match doc.get("fleet") {
        None => STANDARD_FLEET.to_vec(),
        Some(e) => e
            .values
            .iter()
            .map(|t| {
                fleet_entry(t).ok_or_else(|| {
                    doc.error(
                        e.line,
                        format!("`fleet`: expected LENGTH:COUNT, found `{t}`"),
                    )
                })
            })
            .collect::<Result<_, _>>()?,
    };
    let counts = |key: &str, n: usize| -> Result<Vec<Option<usize>>, ParseError> {
        let Some(e) = doc.get(key) else {
            return Ok(vec![None; n]);
        };
        if e.values.len() != n {
            return Err(doc.error(
                e.line,
                format!("`{key}`: expected {n} counts, found {}", e.values.len()),
            ));
        }
        e.values
            .iter()
            .map(|t| match t.as_str() {
                "." | "?" => Ok(None),
                t => t.parse::<usize>().map(Some).map_err(|_| {
                    doc.error(
                        e.line,
                        format!("`{key}`: expected a count or `.`, found `{t}`"),
                    )
                }),
            })
            .collect()
    };
    let row_counts = counts("rows", rows)?;
    let col_counts = counts("cols", cols)?;
    let mut hints = Vec::new();
    if let Some(e) = doc.get("hints") {
        for (no, toks) in &e.body {
            let parsed = match &toks[..] {
                [h, r, c] => {
                    let hint = h
                        .chars()
                        .next()
                        .filter(|_| h.len() == 1)
                        .and_then(Hint::from_letter);
                    match (hint, r.parse::<usize>(), c.parse::<usize>()) {
                        (Some(hint), Ok(r), Ok(c)) if r > 0 && c > 0 => Some((hint, r - 1, c - 1)),
                        _ => None,
                    }
                }
                _ => None,
            };
            hints.push(parsed.ok_or_else(|| {
                doc.error(
                    *no,
                    "`hints`: expected `TYPE ROW COL` (TYPE one of w c m t b l r, rows and columns from 1)",
                )
            })?);
        }
    }
    let b = Battleships {
        rows,
        cols,
        fleet,
        row_counts,
        col_counts,
        hints,
    };
    check_shape(&b, source, doc.require("size", "ROWS COLS")?.line)?;
    Ok(b)
}

/// Every `problem(Id, Fleet, RowSums, ColSums, Hints).` term of a CSPLib file, with its id.
pub fn parse_prolog(text: &str, source: &str) -> Result<Vec<(u64, Battleships)>, ParseError> {
    // Comments (`%` to the end of the line) go; line numbers are kept for errors.
    let mut clean = String::with_capacity(text.len());
    for l in text.lines() {
        clean.push_str(l.split('%').next().unwrap_or(""));
        clean.push('\n');
    }
    let mut out = Vec::new();
    let mut rest = clean.as_str();
    let mut offset = 0;
    while let Some(at) = rest.find("problem(") {
        let line = clean[..offset + at].matches('\n').count() + 1;
        let body_start = at + "problem(".len();
        let Some(end) = rest[body_start..].find(").") else {
            return Err(error(source, line, "`problem(`: expected a closing `).`"));
        };
        let body: String = rest[body_start..body_start + end]
            .chars()
            .filter(|c| !c.is_whitespace())
            .collect();
        out.push(parse_term(&body, source, line)?);
        offset += body_start + end + 2;
        rest = &clean[offset..];
    }
    Ok(out)
}

/// `Id,[L:N,…],[r,…],[c,…],[h@[R,C],…]`
fn parse_term(body: &str, source: &str, line: usize) -> Result<(u64, Battleships), ParseError> {
    let err = |m: &str| error(source, line, format!("`problem(...)`: {m}"));
    let (id, rest) = body.split_once(',').ok_or_else(|| err("expected an id"))?;
    let id: u64 = id.parse().map_err(|_| err("expected a numeric id"))?;
    // Split the rest into four bracketed lists at depth 0.
    let mut lists = Vec::new();
    let (mut depth, mut start) = (0i32, None);
    for (i, ch) in rest.char_indices() {
        match ch {
            '[' => {
                if depth == 0 {
                    start = Some(i + 1);
                }
                depth += 1;
            }
            ']' => {
                depth -= 1;
                if depth == 0 {
                    lists.push(&rest[start.ok_or_else(|| err("unbalanced brackets"))?..i]);
                }
                if depth < 0 {
                    return Err(err("unbalanced brackets"));
                }
            }
            _ => {}
        }
    }
    let [fleet, rows, cols, hints] = lists[..] else {
        return Err(err(
            "expected four lists: fleet, row sums, column sums, hints",
        ));
    };
    let items = |s: &str| -> Vec<String> {
        if s.is_empty() {
            Vec::new()
        } else {
            s.split(',').map(String::from).collect()
        }
    };
    let fleet: Vec<(usize, usize)> = items(fleet)
        .iter()
        .map(|t| fleet_entry(t).ok_or_else(|| err(&format!("bad fleet entry `{t}`"))))
        .collect::<Result<_, _>>()?;
    let sums = |s: &str| -> Result<Vec<Option<usize>>, ParseError> {
        items(s)
            .iter()
            .map(|t| {
                t.parse::<usize>()
                    .map(Some)
                    .map_err(|_| err(&format!("bad sum `{t}`")))
            })
            .collect()
    };
    let row_counts = sums(rows)?;
    let col_counts = sums(cols)?;
    // Hints: h@[R,C] separated by commas, which also separate R and C: rejoin.
    let mut parsed = Vec::new();
    let mut rest = hints;
    while !rest.is_empty() {
        let (h, after) = rest
            .split_once("@[")
            .ok_or_else(|| err(&format!("bad hint near `{rest}`")))?;
        let (rc, after) = after
            .split_once(']')
            .ok_or_else(|| err(&format!("bad hint near `{rest}`")))?;
        let hint = h
            .trim_start_matches(',')
            .chars()
            .next()
            .and_then(Hint::from_letter)
            .ok_or_else(|| err(&format!("unknown hint type `{h}`")))?;
        let (r, c) = rc
            .split_once(',')
            .and_then(|(r, c)| Some((r.parse::<usize>().ok()?, c.parse::<usize>().ok()?)))
            .filter(|&(r, c)| r > 0 && c > 0)
            .ok_or_else(|| err(&format!("bad hint coordinates `[{rc}]`")))?;
        parsed.push((hint, r - 1, c - 1));
        rest = after;
    }
    let b = Battleships {
        rows: row_counts.len(),
        cols: col_counts.len(),
        fleet,
        row_counts,
        col_counts,
        hints: parsed,
    };
    check_shape(&b, source, line)?;
    Ok((id, b))
}

/// The puzzle in the `family battleships` format.
pub fn to_text(b: &Battleships) -> String {
    let counts = |v: &[Option<usize>]| {
        v.iter()
            .map(|x| x.map_or(".".to_string(), |n| n.to_string()))
            .collect::<Vec<_>>()
            .join(" ")
    };
    let fleet: Vec<String> = b.fleet.iter().map(|(l, n)| format!("{l}:{n}")).collect();
    let mut s = format!(
        "family battleships\nsize {} {}\nfleet {}\nrows {}\ncols {}\n",
        b.rows,
        b.cols,
        fleet.join(" "),
        counts(&b.row_counts),
        counts(&b.col_counts)
    );
    if !b.hints.is_empty() {
        s.push_str("hints\n");
        for (h, r, c) in &b.hints {
            s.push_str(&format!("{} {} {}\n", h.letter(), r + 1, c + 1));
        }
    }
    s
}
