//! The text format (`family yajilin`) and puzz.link URLs (`yajilin`, also `yajirin`).
//!
//! The document: `size ROWS COLS`, then `grid` and one line of ROWS × COLS whitespace-separated
//! tokens per row: `.` an open cell, `+` a blank clue cell, otherwise a clue: its number (or
//! `?` when not given) followed by its arrow `^` `v` `<` `>` (or nothing). A line `outside`
//! asks for the variant where no shaded cell is inside the loop; a line `grey` keeps pzprjs's
//! display flag for grey clue cells.
//!
//! pzprjs's URL (`yajilin/[FLAGS/]COLS/ROWS/BODY`, FLAGS from `o` outside, `b` grey) lists the
//! cells row-major in its arrow-number code: a digit 0–4 (the arrow: none, up, down, left,
//! right) and one hexadecimal digit (the number) or `.` (not given); a digit 5–9 (arrow + 5)
//! and two hexadecimal digits; `-`, the arrow digit and three hexadecimal digits; `+` a blank
//! clue cell; a letter `a`–`z` 1–26 open cells. Read from pzprjs's `Encode`
//! (decodeArrowNumber16, encodeArrowNumber16), its yajilin `Encode` (the flags) and its test
//! URL `5/5/m32j10`.

use crate::{Cell, Dir, Yajilin, MAX_CELLS};
use wellposed_engine::number_grid::Grid;
use wellposed_engine::{puzzlink, Document, ParseError};

const PIDS: [&str; 2] = ["yajilin", "yajirin"];

/// The URL with its flag part (`b`, `o`, `ob`) taken out, and the flags: what the engine's
/// URL reader then splits. `None` when the text is no yajilin URL.
fn unflag(s: &str) -> Option<(String, String)> {
    let s = s.trim();
    if s.contains(char::is_whitespace) {
        return None;
    }
    let (address, query) = match s.split_once('?') {
        Some((a, q)) => (format!("{a}?"), q),
        None => (String::new(), s),
    };
    let (editor, query) = match query.strip_prefix("m+") {
        Some(q) => ("m+", q),
        None => ("", query),
    };
    let pid = PIDS.iter().find(|p| {
        query
            .strip_prefix(**p)
            .is_some_and(|rest| rest.starts_with('/'))
    })?;
    let rest = &query[pid.len() + 1..];
    let (first, after) = rest.split_once('/').unwrap_or((rest, ""));
    let (flags, rest) = if !first.is_empty() && first.chars().all(|c| c == 'o' || c == 'b') {
        (first.to_string(), after)
    } else {
        (String::new(), rest)
    };
    let plain = format!("{address}{editor}{pid}/{rest}");
    puzzlink::split(&plain, pid)?;
    Some((plain, flags))
}

pub fn looks_like_url(s: &str) -> bool {
    unflag(s).is_some()
}

/// Reads a URL (flags included); errors name the source and line.
pub fn parse_url(s: &str, source: &str, line: usize) -> Result<Yajilin, ParseError> {
    let err = |message: String| ParseError {
        source: source.to_string(),
        line,
        message: format!("puzz.link URL: {message}"),
    };
    let (plain, flags) =
        unflag(s).ok_or_else(|| err("expected `yajilin/[FLAGS/]COLS/ROWS/BODY`".into()))?;
    let u = PIDS
        .iter()
        .find_map(|pid| puzzlink::split(&plain, pid))
        .ok_or_else(|| err("expected `yajilin/[FLAGS/]COLS/ROWS/BODY`".into()))?;
    from_url(&u, &flags).map_err(err)
}

/// Reads a URL's board; `flags` are the letters of its flag part.
pub fn from_url(u: &puzzlink::Url, flags: &str) -> Result<Yajilin, String> {
    let n = u.cells(MAX_CELLS)?;
    let mut p = Yajilin::empty(u.rows, u.cols);
    p.outside = flags.contains('o');
    p.grey = flags.contains('b');
    let body: Vec<char> = u.body.chars().collect();
    let hex = |from: usize, len: usize| -> Result<u32, String> {
        let digits: String = body.get(from..from + len).unwrap_or(&[]).iter().collect();
        if digits.len() != len {
            return Err(format!(
                "expected {len} hexadecimal digits at character {}",
                from + 1
            ));
        }
        u32::from_str_radix(&digits, 16).map_err(|_| {
            format!(
                "expected {len} hexadecimal digits at character {}, found `{digits}`",
                from + 1
            )
        })
    };
    let arrow = |d: u32, at: usize| -> Result<Option<Dir>, String> {
        match d {
            0 => Ok(None),
            1..=4 => Ok(Some(Dir::ALL[d as usize - 1])),
            _ => Err(format!(
                "expected an arrow digit 0–4 at character {}",
                at + 1
            )),
        }
    };
    let (mut i, mut c) = (0, 0);
    while i < body.len() && c < n {
        let ch = body[i];
        match ch {
            '+' => {
                p.cells[c] = Cell::Blank;
                i += 1;
            }
            '0'..='4' => {
                let dir = arrow(ch as u32 - '0' as u32, i)?;
                let count = if body.get(i + 1) == Some(&'.') {
                    None
                } else {
                    Some(hex(i + 1, 1)?)
                };
                p.cells[c] = Cell::Clue { dir, count };
                i += 2;
            }
            '5'..='9' => {
                let dir = arrow(ch as u32 - '5' as u32, i)?;
                p.cells[c] = Cell::Clue {
                    dir,
                    count: Some(hex(i + 1, 2)?),
                };
                i += 3;
            }
            '-' => {
                let dir = arrow(hex(i + 1, 1)?, i + 1)?;
                p.cells[c] = Cell::Clue {
                    dir,
                    count: Some(hex(i + 2, 3)?),
                };
                i += 5;
            }
            'a'..='z' => {
                // A run of open cells (they are open already).
                c += ch as usize - 'a' as usize;
                i += 1;
            }
            _ => {
                return Err(format!(
                    "unexpected `{ch}` at character {} of the board",
                    i + 1
                ))
            }
        }
        c += 1;
    }
    let rest: String = body[i.min(body.len())..].iter().collect();
    if !rest.is_empty() && !rest.starts_with('/') {
        return Err(format!("unexpected `{rest}` after the board"));
    }
    Ok(p)
}

/// The URL as pzprjs writes it (`None` when a number is too large for its code).
pub fn url(p: &Yajilin) -> Option<String> {
    let mut out = String::new();
    let mut open = 0u32;
    for &cell in &p.cells {
        let piece = match cell {
            Cell::Open => {
                open += 1;
                if open == 26 {
                    out.push('z');
                    open = 0;
                }
                continue;
            }
            Cell::Blank => "+".to_string(),
            Cell::Clue { dir, count } => {
                let d = dir.map_or(0, |d| {
                    Dir::ALL.iter().position(|&e| e == d).unwrap_or(0) + 1
                });
                match count {
                    None => format!("{d}."),
                    Some(n) if n < 16 => format!("{d}{n:x}"),
                    Some(n) if n < 256 => format!("{}{n:02x}", d + 5),
                    Some(n) if n < 4096 => format!("-{d}{n:03x}"),
                    Some(_) => return None,
                }
            }
        };
        if open > 0 {
            out.push(char::from_digit(open + 9, 36).expect("1..=25 open cells"));
            open = 0;
        }
        out.push_str(&piece);
    }
    if open > 0 {
        out.push(char::from_digit(open + 9, 36).expect("1..=25 open cells"));
    }
    let mut flags = String::new();
    if p.outside {
        flags.push('o');
    }
    if p.grey {
        flags.push('b');
    }
    let pid = if flags.is_empty() {
        PIDS[0].to_string()
    } else {
        format!("{}/{flags}", PIDS[0])
    };
    Some(puzzlink::url(&pid, p.cols, p.rows, &out))
}

/// Reads the document, or a puzz.link URL alone in the text.
pub fn parse(text: &str, source: &str) -> Result<Yajilin, ParseError> {
    if let Some((line, l)) = wellposed_engine::lone_line(text) {
        if looks_like_url(l) {
            return parse_url(l, source, line);
        }
    }
    let doc = Document::read_family(
        text,
        source,
        "yajilin",
        &["size", "grid", "outside", "grey"],
        &["grid"],
    )?;
    let (rows, cols) = doc.size(MAX_CELLS)?;
    let mut p = Yajilin::empty(rows, cols);
    p.outside = doc.flag("outside")?;
    p.grey = doc.flag("grey")?;
    let grid = doc.require("grid", "followed by ROWS lines of cells")?;
    if !grid.values.is_empty() {
        return Err(doc.error(
            grid.line,
            "`grid`: expected the cells on the lines below it",
        ));
    }
    let expected = "`.` (open), `+` (blank clue) or a clue such as `2<` or `?`";
    p.cells = Grid::apart(expected).read(&doc, grid, (rows, cols), Cell::of_token)?;
    Ok(p)
}

/// The document: flags, the size, then the board one row a line.
pub fn to_text(p: &Yajilin) -> String {
    let mut s = format!("family yajilin\nsize {} {}\n", p.rows, p.cols);
    if p.outside {
        s.push_str("outside\n");
    }
    if p.grey {
        s.push_str("grey\n");
    }
    s.push_str("grid\n");
    s.push_str(&Grid::apart("").write(&p.cells, p.cols, |c| c.token()));
    s
}
