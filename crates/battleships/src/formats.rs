//! Battleships inputs: the `family battleships` text and CSPLib problem 14's Prolog terms
//! `problem(Id, Fleet, RowSums, ColSums, Hints).`

use crate::shapes::{self, Offsets, Shape, NAMED_SHAPE_FLEETS};
use crate::{Battleships, Hint, MAX_CELLS, STANDARD_FLEET};
use std::collections::BTreeMap;
use wellposed_engine::{puzzlink, Document, ParseError};

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

/// A fleet's straight ships (length, count) and bent shapes (shape, count).
type Ships = (Vec<(usize, usize)>, Vec<(Shape, usize)>);

/// Adds `n` ships of `shape` to a fleet: a straight one by its length, a bent one to the entry
/// of the same shape turned or flipped if there is one (its first orientation kept), or why it
/// cannot be a ship.
fn add_ship(fleet: &mut Ships, shape: Shape, n: usize) -> Result<(), String> {
    shape.check()?;
    if let Some(len) = shape.straight() {
        match fleet.0.iter_mut().find(|(l, _)| *l == len) {
            Some(e) => e.1 += n,
            None => fleet.0.push((len, n)),
        }
        return Ok(());
    }
    let canon = shape.canonical();
    match fleet.1.iter_mut().find(|(s, _)| s.canonical() == canon) {
        Some(e) => e.1 += n,
        None => fleet.1.push((shape, n)),
    }
    Ok(())
}

/// A fleet's ships up to turning and flipping, with their numbers (what two fleets must share
/// to be the same).
fn fleet_key(straight: &[(usize, usize)], bent: &[(Shape, usize)]) -> BTreeMap<Offsets, usize> {
    let mut key = BTreeMap::new();
    let all = straight
        .iter()
        .map(|&(l, n)| (Shape::straight_ship(l), n))
        .chain(bent.iter().cloned());
    for (shape, n) in all.filter(|e| e.1 > 0) {
        *key.entry(shape.canonical()).or_insert(0) += n;
    }
    key
}

pub fn parse_any(text: &str, source: &str) -> Result<Battleships, ParseError> {
    if let Some((line, l)) = wellposed_engine::lone_line(text).filter(|(_, l)| looks_like_url(l)) {
        return parse_url(l, source, line);
    }
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
    // A file's ship that cannot fit is a slip; a URL's is a puzzle without an answer, as
    // pzprjs's editor made it (and cspuz says so).
    let too_long = |&&(l, _): &&(usize, usize)| l > b.rows.max(b.cols) && b.url_fleet.is_none();
    if let Some(&(len, _)) = b.fleet.iter().find(too_long) {
        return Err(error(
            source,
            line,
            format!(
                "a ship of length {len} does not fit a {}×{} grid",
                b.rows, b.cols
            ),
        ));
    }
    let cost = b
        .shapes
        .iter()
        .map(|(s, _)| shapes::placement_cost(s, b.rows, b.cols))
        .fold(0usize, usize::saturating_add);
    if cost > shapes::MAX_PLACEMENT_CELLS {
        return Err(error(
            source,
            line,
            format!(
                "the fleet's bent shapes have too many placements on a {}×{} grid to list (over {} cells in all)",
                b.rows,
                b.cols,
                shapes::MAX_PLACEMENT_CELLS
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
    let (fleet, shapes) = match doc.get("fleet") {
        None => (STANDARD_FLEET.to_vec(), Vec::new()),
        Some(e) => {
            let mut straight = Vec::new();
            let mut bent: Ships = (Vec::new(), Vec::new());
            for t in &e.values {
                if let Some(entry) = fleet_entry(t) {
                    straight.push(entry);
                    continue;
                }
                let shape_entry = t.rsplit_once(':').and_then(|(shape, n)| {
                    Some((Shape::from_text(shape)?, n.parse::<usize>().ok()?))
                });
                let Some((shape, n)) = shape_entry else {
                    return Err(doc.error(
                        e.line,
                        format!("`fleet`: expected LENGTH:COUNT or SHAPE:COUNT (rows of `x` and `.` joined by `/`), found `{t}`"),
                    ));
                };
                add_ship(&mut bent, shape, n)
                    .map_err(|m| doc.error(e.line, format!("`fleet`: the shape `{t}` {m}")))?;
            }
            // Straight ships written as shapes join the straight ones.
            for (len, n) in bent.0 {
                match straight.iter_mut().find(|(l, _)| *l == len) {
                    Some(e) => e.1 += n,
                    None => straight.push((len, n)),
                }
            }
            (straight, bent.1)
        }
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
                    "`hints`: expected `TYPE ROW COL` (TYPE one of w c m t b l r s q p d j, rows and columns from 1)",
                )
            })?);
        }
    }
    let b = Battleships {
        rows,
        cols,
        fleet,
        shapes,
        url_fleet: None,
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
        shapes: Vec::new(),
        url_fleet: None,
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
    let fleet: Vec<String> = b
        .fleet
        .iter()
        .map(|(l, n)| format!("{l}:{n}"))
        .chain(b.shapes.iter().map(|(s, n)| format!("{}:{n}", s.text())))
        .collect();
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

/// pzprjs's named fleets of straight ships (`//c`, `//d`, `//e` at the end of a URL): three,
/// four or five lengths, one ship of the longest, two of the next, and so on.
const URL_FLEETS: [(char, usize); 3] = [('c', 3), ('d', 4), ('e', 5)];

/// The fleet pzprjs names by `longest`: one ship of that length, two one shorter, …
fn named_fleet(longest: usize) -> Vec<(usize, usize)> {
    (1..=longest).rev().map(|l| (l, longest + 1 - l)).collect()
}

/// Whether `s` is a puzz.link `battleship` URL.
pub fn looks_like_url(s: &str) -> bool {
    puzzlink::looks_like(s, "battleship")
}

/// A puzz.link `battleship` URL: `COLS/ROWS/`, the column counts then the row counts, then the
/// cells' pieces (all in the number16 code; a cell's number is pzprjs's piece: 0 water, 1–6 the
/// pieces of straight ships, 7–10 the corners of bent ones, see [`shapes::piece_number`]; `.`
/// a ship whose piece is not said), then the fleet: `//c`, `//d`, `//e` (straight ships),
/// `//t`, `//p` (the tetrominoes, the pentominoes), or `/N/PIECE/…` with each ship as a pzprjs
/// piece ([`Shape::code`]: a ship of length 3 is `31s`). Read from pzprjs's published encoding
/// and its test URL `6/6/g12h2g30g3gk0r3w//c`.
pub fn parse_url(s: &str, source: &str, line: usize) -> Result<Battleships, ParseError> {
    let err = |m: String| error(source, line, format!("puzz.link URL: {m}"));
    let u = puzzlink::split(s, "battleship").ok_or_else(|| err("not a battleship URL".into()))?;
    let (rows, cols) = (u.rows, u.cols);
    if rows == 0 || cols == 0 || rows.saturating_mul(cols) > MAX_CELLS {
        return Err(err(format!(
            "a {cols}×{rows} board: expected 1 to {MAX_CELLS} cells"
        )));
    }
    let (counts, rest) = puzzlink::read_numbers(u.body, cols + rows).map_err(&err)?;
    let count = |k: usize, slot: puzzlink::Slot| match slot {
        puzzlink::Slot::Empty => Ok(None),
        puzzlink::Slot::Number(n) => Ok(Some(n as usize)),
        puzzlink::Slot::Unknown => Err(err(format!("count {}: a `?` count is not a count", k + 1))),
    };
    let col_counts = (0..cols)
        .map(|k| count(k, counts[k]))
        .collect::<Result<_, _>>()?;
    let row_counts = (0..rows)
        .map(|k| count(cols + k, counts[cols + k]))
        .collect::<Result<_, _>>()?;
    let (cells, rest) = if rest.starts_with('/') {
        (vec![puzzlink::Slot::Empty; rows * cols], rest)
    } else {
        puzzlink::read_numbers(rest, rows * cols).map_err(&err)?
    };
    let mut hints = Vec::new();
    for (k, slot) in cells.into_iter().enumerate() {
        let (r, c) = (k / cols, k % cols);
        let hint = match slot {
            puzzlink::Slot::Empty => continue,
            puzzlink::Slot::Unknown => Hint::Ship,
            puzzlink::Slot::Number(n) => Hint::from_number(n).ok_or_else(|| {
                err(format!(
                    "row {} col {}: piece {n} is not a piece (0 water, 1–4 ends, 5 middle, 6 submarine, 7–10 the corners of bent ships)",
                    r + 1,
                    c + 1
                ))
            })?,
        };
        hints.push((hint, r, c));
    }
    let (fleet, shapes) = url_fleet(rest).map_err(err)?;
    let b = Battleships {
        rows,
        cols,
        fleet,
        shapes,
        url_fleet: Some(rest.to_string()),
        row_counts,
        col_counts,
        hints,
    };
    check_shape(&b, source, line)?;
    Ok(b)
}

/// The fleet at the end of a URL (see [`parse_url`]): its straight ships, longest first, and
/// its bent shapes in the order met.
fn url_fleet(rest: &str) -> Result<Ships, String> {
    let mut fleet: Ships = (Vec::new(), Vec::new());
    if let Some(key) = rest.strip_prefix("//") {
        if let Some(&(_, longest)) = URL_FLEETS.iter().find(|(k, _)| key == k.to_string()) {
            return Ok((named_fleet(longest), Vec::new()));
        }
        let Some((_, codes)) = NAMED_SHAPE_FLEETS
            .iter()
            .find(|(k, _)| key == k.to_string())
        else {
            return Err(format!(
                "the fleet `//{key}` is not one pzprjs names (expected //c, //d, //e, //t or //p)"
            ));
        };
        for code in codes.iter() {
            add_ship(&mut fleet, Shape::from_code(code)?, 1)?;
        }
    } else {
        let mut parts = rest
            .strip_prefix('/')
            .ok_or("expected the fleet after the cells (`//c`, `//d`, `//e`, `//t`, `//p` or `/N/PIECE/…`)")?
            .split('/');
        let n: usize = parts
            .next()
            .and_then(|t| t.parse().ok())
            .ok_or("expected the number of ships after `/`")?;
        let pieces: Vec<&str> = parts.collect();
        if n == 0 || pieces.len() != n {
            return Err(format!(
                "the fleet says {n} ships and lists {}",
                pieces.len()
            ));
        }
        for p in pieces {
            let shape = Shape::from_code(p)?;
            let (w, h, text) = (shape.w, shape.h, shape.text());
            add_ship(&mut fleet, shape, 1)
                .map_err(|m| format!("the piece `{p}` ({w}×{h}, `{text}`) {m}"))?;
        }
    }
    fleet.0.sort_unstable_by_key(|e| std::cmp::Reverse(e.0));
    Ok(fleet)
}

/// The fleet as the end of a URL: as it was read while it still says this fleet (pieces in
/// the clear, `W:CELLS`, are put in the code form); else a fleet pzprjs names; else the pieces,
/// the straight ships shortest first (as pzprjs lists its own fleets), then the bent ones as
/// given. `None` when a piece's side is 36 or more (the code cannot say it) or there is no ship.
fn fleet_suffix(b: &Battleships) -> Option<String> {
    let key = fleet_key(&b.fleet, &b.shapes);
    if key.is_empty() {
        return None;
    }
    if let Some(read) = &b.url_fleet {
        let same = url_fleet(read).is_ok_and(|(f, s)| fleet_key(&f, &s) == key);
        if same && !read.contains(':') {
            return Some(read.clone());
        }
    }
    if let Some((k, _)) = URL_FLEETS
        .iter()
        .find(|&&(_, l)| fleet_key(&named_fleet(l), &[]) == key)
    {
        return Some(format!("//{k}"));
    }
    for (k, _) in NAMED_SHAPE_FLEETS {
        let named = url_fleet(&format!("//{k}")).expect("a named fleet");
        if fleet_key(&named.0, &named.1) == key {
            return Some(format!("//{k}"));
        }
    }
    let mut straight: Vec<(usize, usize)> = b.fleet.clone();
    straight.sort_unstable_by_key(|e| e.0);
    let pieces: Vec<String> = straight
        .iter()
        .map(|&(l, n)| (Shape::straight_ship(l), n))
        .chain(b.shapes.iter().cloned())
        .flat_map(|(shape, n)| std::iter::repeat_n(shape.code(), n))
        .collect::<Option<_>>()?;
    Some(format!("/{}/{}", pieces.len(), pieces.join("/")))
}

/// The puzzle as a puzz.link `battleship` URL (`None` when the fleet has a ship 36 or more
/// long or wide, or no ship at all).
pub fn url(b: &Battleships) -> Option<String> {
    let count =
        |n: &Option<usize>| n.map_or(puzzlink::Slot::Empty, |n| puzzlink::Slot::Number(n as u32));
    let counts: Vec<puzzlink::Slot> = b
        .col_counts
        .iter()
        .chain(&b.row_counts)
        .map(count)
        .collect();
    let mut cells = vec![puzzlink::Slot::Empty; b.rows * b.cols];
    for &(h, r, c) in &b.hints {
        cells[r * b.cols + c] = match h.number() {
            Some(code) => puzzlink::Slot::Number(code),
            None => puzzlink::Slot::Unknown,
        };
    }
    // Two runs, as pzprjs writes them: a run of empty slots does not go on from the counts
    // into the cells.
    let mut body = puzzlink::write_numbers(&counts) + &puzzlink::write_numbers(&cells);
    body.push_str(&fleet_suffix(b)?);
    Some(puzzlink::url("battleship", b.cols, b.rows, &body))
}

#[cfg(test)]
mod url_tests {
    use super::*;

    #[test]
    fn pieces_are_pzprjs_codes() {
        // pzprjs's fleet presets list these codes for lengths 1 to 5.
        for (len, code) in [(1, "11g"), (2, "21o"), (3, "31s"), (4, "41u"), (5, "51v")] {
            assert_eq!(Shape::straight_ship(len).code().as_deref(), Some(code));
            assert_eq!(Shape::from_code(code).unwrap().straight(), Some(len));
        }
        for len in 1..36 {
            let code = Shape::straight_ship(len).code().unwrap();
            assert_eq!(Shape::from_code(&code).unwrap().straight(), Some(len));
        }
        assert_eq!(
            url_fleet("/1/13").unwrap_err(),
            "the piece `13` (1×3, `././.`) has no cell"
        );
        assert_eq!(
            url_fleet("/1/1:111"),
            Ok((vec![(3, 1)], Vec::new())),
            "a vertical ship in the clear"
        );
        let square = url_fleet("/1/22u").unwrap();
        assert_eq!((square.0.len(), square.1[0].0.text()), (0, "xx/xx".into()));
        assert!(url_fleet("/1/2").is_err());
        assert!(Shape::straight_ship(36).code().is_none());
        assert_eq!(named_fleet(4), crate::STANDARD_FLEET.to_vec());
    }

    /// pzprjs's test file for `battleship` (test/script/battleship.js) gives, for its URL, the
    /// answer and seven wrong ones with the check each breaks. Ours, from the cells alone, must
    /// take the answer and refuse every wrong one. Rows of the answer grid: `#` a ship the
    /// solver placed, `+` or `.` not; the clue cells (pieces 1–6) are ships too.
    #[test]
    fn pzprjs_published_answers_are_judged_alike() {
        let b = parse_url("battleship/6/6/g12h2g30g3gk0r3w//c", "test", 1).unwrap();
        let ship = |rows: [&str; 6]| -> Vec<bool> {
            let mut ship: Vec<bool> = rows
                .iter()
                .flat_map(|r| r.split(' ').map(|t| t == "#"))
                .collect();
            for &(h, r, c) in &b.hints {
                if h != Hint::Water {
                    ship[r * b.cols + c] = true;
                }
            }
            ship
        };
        let right = [
            "+ + # + + +",
            "# + # + + #",
            "+ + + + + +",
            "+ # + + + +",
            "+ + + # # #",
            "# + + + + +",
        ];
        assert_eq!(b.check(&ship(right)), Ok(()));
        for (why, rows) in [
            (
                "csPieceExtra",
                [
                    ". . . . . .",
                    ". . . . . .",
                    "+ + . . . .",
                    ". + . . . .",
                    "# + . . . .",
                    "# + . . . .",
                ],
            ),
            (
                "bankGt",
                [
                    "# + # + + +",
                    "# + # + + #",
                    "+ + + + + +",
                    ". # + + + +",
                    "+ + + # # #",
                    "# + + + + +",
                ],
            ),
            (
                "shDiag",
                [
                    "# + + + + +",
                    "+ + + # # #",
                    "+ + + + + +",
                    ". # + + + +",
                    "+ + # + # #",
                    "# + + + + +",
                ],
            ),
            (
                "bankLt",
                [
                    "+ + # + + +",
                    "# + # + + #",
                    "+ + + + + +",
                    "+ # + + + +",
                    "+ + + # # #",
                    ". . + + + +",
                ],
            ),
            (
                "exShadeNe",
                [
                    "# + # + + +",
                    "+ + # + + #",
                    "+ + + + + +",
                    ". # + + + +",
                    "+ + + # # #",
                    "# + + + + +",
                ],
            ),
            (
                "csMismatch",
                [
                    "# + # + + +",
                    "# + # + + #",
                    "+ + + + + +",
                    ". . . + + +",
                    ". + + # # #",
                    "+ # + + + +",
                ],
            ),
            (
                "bankInvalid",
                [
                    ". + + + . .",
                    "+ + # + . .",
                    "+ # # + . .",
                    "+ + + + . .",
                    ". . . . . .",
                    ". . . . . .",
                ],
            ),
        ] {
            assert!(b.check(&ship(rows)).is_err(), "{why}: {rows:?}");
        }
    }
}
