//! Battleships inputs: the `family battleships` text and CSPLib problem 14's Prolog terms
//! `problem(Id, Fleet, RowSums, ColSums, Hints).`

use crate::{Battleships, Hint, MAX_CELLS, STANDARD_FLEET};
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
                    "`hints`: expected `TYPE ROW COL` (TYPE one of w c m t b l r s, rows and columns from 1)",
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

/// pzprjs's piece codes for a `battleship` cell, by number: 0 water, 1–4 the end of a ship
/// pointing up, down, left, right (the ship goes on below, above, to the right, to the left),
/// 5 a middle piece, 6 a submarine. `.` (pzprjs's −2) is a ship cell whose piece is not said;
/// 7–10, the corners of bent pieces, belong to fleets of polyominoes, not ships.
const URL_PIECES: [Hint; 7] = [
    Hint::Water,
    Hint::Top,
    Hint::Bottom,
    Hint::Left,
    Hint::Right,
    Hint::Middle,
    Hint::Submarine,
];

/// pzprjs's named fleets (`//c`, `//d`, `//e` at the end of a URL): three, four or five
/// lengths, one ship of the longest, two of the next, and so on.
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
/// cells' pieces (all in the number16 code, see [`URL_PIECES`]), then the fleet: `//c`, `//d`,
/// `//e` for the named ones, or `/N/PIECE/…` with each ship as a pzprjs piece (`WH` in base 36,
/// then the cells, five to a base-32 digit: a ship of length 3 is `31s`). Read from pzprjs's
/// published encoding and its test URL `6/6/g12h2g30g3gk0r3w//c`.
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
            puzzlink::Slot::Number(n) => *URL_PIECES.get(n as usize).ok_or_else(|| {
                err(format!(
                    "row {} col {}: piece {n} is not a ship's (0 water, 1–4 ends, 5 middle, 6 submarine; 7–10 are bent pieces)",
                    r + 1,
                    c + 1
                ))
            })?,
        };
        hints.push((hint, r, c));
    }
    let fleet = url_fleet(rest).map_err(err)?;
    let b = Battleships {
        rows,
        cols,
        fleet,
        row_counts,
        col_counts,
        hints,
    };
    check_shape(&b, source, line)?;
    Ok(b)
}

/// The fleet at the end of a URL (see [`parse_url`]), longest ships first.
fn url_fleet(rest: &str) -> Result<Vec<(usize, usize)>, String> {
    if let Some(key) = rest.strip_prefix("//") {
        return URL_FLEETS
            .iter()
            .find(|(k, _)| key == k.to_string())
            .map(|&(_, longest)| named_fleet(longest))
            .ok_or_else(|| {
                format!("the fleet `//{key}` is not a fleet of ships (expected //c, //d or //e)")
            });
    }
    let mut parts = rest
        .strip_prefix('/')
        .ok_or("expected the fleet after the cells (`//c`, `//d`, `//e` or `/N/PIECE/…`)")?
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
    let mut fleet: Vec<(usize, usize)> = Vec::new();
    for p in pieces {
        let len = ship_of_piece(p)?;
        match fleet.iter_mut().find(|(l, _)| *l == len) {
            Some(e) => e.1 += 1,
            None => fleet.push((len, 1)),
        }
    }
    fleet.sort_unstable_by_key(|e| std::cmp::Reverse(e.0));
    Ok(fleet)
}

/// A pzprjs piece (`WH` in base 36 then the cells row by row, five to a base-32 digit, or
/// `W:CELLS` in the clear) that is a straight ship: its length.
fn ship_of_piece(p: &str) -> Result<usize, String> {
    let bad = || format!("the piece `{p}` is not a piece code");
    let (w, cells) = match p.split_once(':') {
        Some((w, bits)) => (w.parse::<usize>().map_err(|_| bad())?, bits.to_string()),
        None => {
            let d: Vec<u32> = p
                .chars()
                .map(|c| c.to_digit(36))
                .collect::<Option<_>>()
                .ok_or_else(bad)?;
            let [w, h, ref bits @ ..] = d[..] else {
                return Err(bad());
            };
            let mut cells = String::new();
            for &b in bits {
                if b >= 32 {
                    return Err(bad());
                }
                cells.push_str(&format!("{b:05b}"));
            }
            let area = (w * h) as usize;
            cells.truncate(area);
            while cells.len() < area {
                cells.push('0');
            }
            (w as usize, cells)
        }
    };
    let h = cells.len().checked_div(w).unwrap_or(0);
    if w == 0 || h == 0 || w * h != cells.len() {
        return Err(bad());
    }
    if (w != 1 && h != 1) || cells.chars().any(|c| c != '1') {
        return Err(format!(
            "the piece `{p}` ({w}×{h}, cells {cells}) is not a straight ship"
        ));
    }
    Ok(w * h)
}

/// A ship of length `len` as a pzprjs piece (`None` past length 35, where the width takes two
/// base-36 digits and the code cannot say it).
fn piece_of_ship(len: usize) -> Option<String> {
    if !(1..36).contains(&len) {
        return None;
    }
    let mut out = format!("{}1", char::from_digit(len as u32, 36)?);
    let mut left = len;
    while left > 0 {
        let ones = left.min(5);
        out.push(char::from_digit(((1u32 << ones) - 1) << (5 - ones), 32)?);
        left -= ones;
    }
    Some(out)
}

/// The puzzle as a puzz.link `battleship` URL (`None` when the fleet has a ship longer than 35
/// or no ship at all).
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
        cells[r * b.cols + c] = match URL_PIECES.iter().position(|&p| p == h) {
            Some(code) => puzzlink::Slot::Number(code as u32),
            None => puzzlink::Slot::Unknown,
        };
    }
    // Two runs, as pzprjs writes them: a run of empty slots does not go on from the counts
    // into the cells.
    let mut body = puzzlink::write_numbers(&counts) + &puzzlink::write_numbers(&cells);
    let mut fleet: Vec<(usize, usize)> = b.fleet.iter().copied().filter(|&(_, n)| n > 0).collect();
    fleet.sort_unstable_by_key(|e| std::cmp::Reverse(e.0));
    if fleet.is_empty() {
        return None;
    }
    match URL_FLEETS.iter().find(|&&(_, l)| named_fleet(l) == fleet) {
        Some((key, _)) => body.push_str(&format!("//{key}")),
        None => {
            // Shortest ships first, as pzprjs lists its own fleets.
            let ships: Vec<String> = fleet
                .iter()
                .rev()
                .flat_map(|&(l, n)| std::iter::repeat_n(piece_of_ship(l), n))
                .collect::<Option<_>>()?;
            body.push_str(&format!("/{}/{}", ships.len(), ships.join("/")));
        }
    }
    Some(puzzlink::url("battleship", b.cols, b.rows, &body))
}

#[cfg(test)]
mod url_tests {
    use super::*;

    #[test]
    fn pieces_are_pzprjs_codes() {
        // pzprjs's fleet presets list these codes for lengths 1 to 5.
        for (len, code) in [(1, "11g"), (2, "21o"), (3, "31s"), (4, "41u"), (5, "51v")] {
            assert_eq!(piece_of_ship(len).as_deref(), Some(code));
            assert_eq!(ship_of_piece(code), Ok(len));
        }
        for len in 1..36 {
            assert_eq!(ship_of_piece(&piece_of_ship(len).unwrap()), Ok(len));
        }
        assert_eq!(
            ship_of_piece("13"),
            Err("the piece `13` (1×3, cells 000) is not a straight ship".into())
        );
        assert_eq!(
            ship_of_piece("1:111"),
            Ok(3),
            "a vertical ship in the clear"
        );
        assert!(ship_of_piece("22u").is_err(), "a 2×2 square is not a ship");
        assert!(ship_of_piece("2").is_err());
        assert!(piece_of_ship(36).is_none());
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
