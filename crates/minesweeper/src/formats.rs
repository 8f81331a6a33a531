//! Minesweeper inputs: the `family minesweeper` text, the plain "rows, columns, grid" files of
//! the shared set, Simon Tatham's Mines game IDs that carry a layout in the clear, and
//! puzz.link `mines` URLs.

use crate::{Board, Cell, MAX_CELLS};
use wellposed_engine::{puzzlink, Document, ParseError};

fn error(source: &str, line: usize, message: impl Into<String>) -> ParseError {
    ParseError {
        source: source.to_string(),
        line,
        message: message.into(),
    }
}

/// One grid row: `.` or `?` unknown, `0`–`8` a revealed number, `*` a known mine, `-` a cell
/// known to be safe whose number is not shown; cells written together or apart.
fn row(text: &str, cols: usize, source: &str, line: usize) -> Result<Vec<Cell>, ParseError> {
    let cells: Vec<char> = text.chars().filter(|c| !c.is_whitespace()).collect();
    if cells.len() != cols {
        return Err(error(
            source,
            line,
            format!("expected {cols} cells, found {}", cells.len()),
        ));
    }
    cells
        .into_iter()
        .map(|ch| match ch {
            '.' | '?' => Ok(Cell::Unknown),
            '*' => Ok(Cell::Mine),
            '-' => Ok(Cell::Safe),
            '0'..='8' => Ok(Cell::Number(ch as u8 - b'0')),
            other => Err(error(
                source,
                line,
                format!("expected `.`, `*`, `-` or a digit 0–8, found `{other}`"),
            )),
        })
        .collect()
}

pub fn parse_any(text: &str, source: &str) -> Result<Board, ParseError> {
    if wellposed_engine::family_of(text).is_some() {
        return parse_family(text, source);
    }
    if let Some((no, only)) = wellposed_engine::lone_line(text) {
        if looks_like_game_id(only) {
            return parse_game_id(only, source, no);
        }
    }
    let content: Vec<(usize, &str)> = text
        .lines()
        .enumerate()
        .map(|(k, l)| (k + 1, l.trim()))
        .filter(|(_, l)| !l.is_empty() && !l.starts_with('#'))
        .collect();
    parse_plain(&content, source)
}

fn parse_family(text: &str, source: &str) -> Result<Board, ParseError> {
    let doc = Document::read_family(text, source, "minesweeper", &["mines", "grid"], &["grid"])?;
    let mines = match doc.get("mines") {
        None => None,
        Some(e) => {
            let n: Vec<usize> = doc.numbers(e, "a number of mines")?;
            match n[..] {
                [n] => Some(n),
                _ => return Err(doc.error(e.line, "`mines`: expected one number")),
            }
        }
    };
    let g = doc.require("grid", "the grid lines below it")?;
    let Some((_, first)) = g.body.first() else {
        return Err(doc.error(g.line, "`grid`: expected the grid's lines below it"));
    };
    let cols: usize = first.iter().map(|t| t.chars().count()).sum();
    let rows = g.body.len();
    if cols == 0 || rows.saturating_mul(cols) > MAX_CELLS {
        return Err(doc.error(g.line, format!("`grid`: at most {MAX_CELLS} cells")));
    }
    let mut cells = Vec::with_capacity(rows * cols);
    for (no, toks) in &g.body {
        cells.extend(row(&toks.join(" "), cols, source, *no)?);
    }
    Ok(Board {
        rows,
        cols,
        cells,
        mines,
    })
}

/// The board as `family minesweeper` text: `.` unknown, `*` a known mine, `-` safe, digits
/// revealed.
pub fn to_text(b: &Board) -> String {
    let mut s = String::from("family minesweeper\n");
    if let Some(m) = b.mines {
        s.push_str(&format!("mines {m}\n"));
    }
    s.push_str("grid\n");
    for row in b.cells.chunks(b.cols.max(1)) {
        let line: String = row
            .iter()
            .map(|c| match c {
                Cell::Unknown => '.',
                Cell::Mine => '*',
                Cell::Safe => '-',
                Cell::Number(k) => char::from(b'0' + k),
            })
            .collect();
        s.push_str(&line);
        s.push('\n');
    }
    s
}

/// Whether text starts like the shared set's plain files: two lines holding one number each.
pub fn plain_grid(text: &str) -> bool {
    let mut lines = text.lines().map(str::trim).filter(|l| !l.is_empty());
    let number = |l: Option<&str>| l.is_some_and(|l| l.parse::<usize>().is_ok());
    number(lines.next()) && number(lines.next())
}

/// Line 1 the number of rows, line 2 of columns, then the grid.
fn parse_plain(content: &[(usize, &str)], source: &str) -> Result<Board, ParseError> {
    let number = |k: usize, what: &str| -> Result<usize, ParseError> {
        let (no, l) = content.get(k).copied().unwrap_or((k + 1, ""));
        l.parse::<usize>().ok().filter(|&n| n > 0).ok_or_else(|| {
            error(
                source,
                no,
                format!(
                    "expected `family minesweeper`, or the number of {what} (a plain grid file)"
                ),
            )
        })
    };
    let rows = number(0, "rows")?;
    let cols = number(1, "columns")?;
    if rows.saturating_mul(cols) > MAX_CELLS {
        return Err(error(
            source,
            content[1].0,
            format!("a {rows}×{cols} board is larger than the {MAX_CELLS} cells accepted"),
        ));
    }
    let body = &content[2..];
    if body.len() != rows {
        let line = body.last().map_or(content[1].0, |(n, _)| *n);
        return Err(error(
            source,
            line,
            format!("expected {rows} grid lines, found {}", body.len()),
        ));
    }
    let mut cells = Vec::with_capacity(rows * cols);
    for &(no, l) in body {
        cells.extend(row(l, cols, source, no)?);
    }
    Ok(Board {
        rows,
        cols,
        cells,
        mines: None,
    })
}

/// `WxH:x,y,HEX` (optionally `u` before the hex): a Mines ID with the layout in the clear.
pub fn looks_like_game_id(s: &str) -> bool {
    if puzzlink::looks_like(s, "mines") {
        return true;
    }
    let Some((params, desc)) = s.trim().split_once(':') else {
        return false;
    };
    params.contains('x') && desc.split(',').count() == 3
}

/// A Mines game ID in the clear: the layout is a bitmap, one hex digit per four cells, the
/// most significant bit first, cell i = y·W + x. The board is the "place the mines" view of
/// that layout: every other cell revealed with its number, the mines unknown.
pub fn parse_game_id(s: &str, source: &str, line: usize) -> Result<Board, ParseError> {
    let err = |m: String| error(source, line, m);
    if let Some(u) = puzzlink::split(s, "mines") {
        return board_of_url(&u).map_err(|m| err(format!("puzz.link URL: {m}")));
    }
    let (cols, rows, desc) =
        wellposed_engine::split_game_id(s, "WxH:x,y,layout", MAX_CELLS).map_err(err)?;
    let parts: Vec<&str> = desc.split(',').collect();
    let [_, _, map] = parts[..] else {
        return Err(err("expected `x,y,layout` after `:`".into()));
    };
    let map = match map.strip_prefix('m') {
        Some(_) => {
            return Err(err(
                "masked (obfuscated) Mines IDs are not read; give the clear form".into(),
            ))
        }
        None => map.strip_prefix('u').unwrap_or(map),
    };
    let digits: Vec<u32> = map
        .chars()
        .map(|c| c.to_digit(16))
        .collect::<Option<_>>()
        .ok_or_else(|| err(format!("expected a hex layout, found `{map}`")))?;
    let n = rows * cols;
    if digits.len() != n.div_ceil(4) {
        return Err(err(format!(
            "a {cols}×{rows} layout takes {} hex digits, found {}",
            n.div_ceil(4),
            digits.len()
        )));
    }
    let mines: Vec<bool> = (0..n)
        .map(|i| digits[i / 4] >> (3 - i % 4) & 1 == 1)
        .collect();
    let mut board = Board {
        rows,
        cols,
        cells: vec![Cell::Unknown; n],
        mines: Some(mines.iter().filter(|&&m| m).count()),
    };
    let numbers: Vec<Cell> = (0..n)
        .map(|k| {
            if mines[k] {
                Cell::Unknown
            } else {
                Cell::Number(board.neighbours(k).filter(|&nb| mines[nb]).count() as u8)
            }
        })
        .collect();
    board.cells = numbers;
    Ok(board)
}

/// A layout as a Mines game ID in the clear form, with the first click at `first`.
pub fn game_id(rows: usize, cols: usize, mine: &[bool], first: usize) -> String {
    let hex: String = mine
        .chunks(4)
        .map(|c| {
            let v = c
                .iter()
                .enumerate()
                .fold(0u32, |v, (i, &m)| v | (u32::from(m) << (3 - i)));
            char::from_digit(v, 16).expect("a hex digit")
        })
        .collect();
    format!("{cols}x{rows}:{},{},{hex}", first % cols, first / cols)
}

/// A puzz.link `mines` URL: the revealed numbers, cell after cell in the number16 code; the
/// code's `?` clue (`.`) is a cell given as safe without its number (pzprjs keeps every cell
/// with a clue unshaded). pzprjs's own test URL is `5/5/g2m13l13g0j`.
fn board_of_url(u: &puzzlink::Url) -> Result<Board, String> {
    let n = u.cols.saturating_mul(u.rows);
    if u.cols == 0 || u.rows == 0 || n > MAX_CELLS {
        return Err(format!(
            "a {}×{} board: expected 1 to {MAX_CELLS} cells",
            u.cols, u.rows
        ));
    }
    let (slots, _) = puzzlink::read_numbers(u.body, n)?;
    let cells = slots
        .iter()
        .enumerate()
        .map(|(k, s)| match *s {
            puzzlink::Slot::Empty => Ok(Cell::Unknown),
            puzzlink::Slot::Number(v) if v <= 8 => Ok(Cell::Number(v as u8)),
            puzzlink::Slot::Number(v) => Err(format!(
                "row {} col {}: a cell shows at most 8 mines, found {v}",
                k / u.cols + 1,
                k % u.cols + 1
            )),
            puzzlink::Slot::Unknown => Ok(Cell::Safe),
        })
        .collect::<Result<_, _>>()?;
    Ok(Board {
        rows: u.rows,
        cols: u.cols,
        cells,
        mines: None,
    })
}

/// The board as a puzz.link `mines` URL: `None` when it says what the URL cannot (known mines,
/// the total number of mines).
pub fn url(b: &Board) -> Option<String> {
    if b.mines.is_some() {
        return None;
    }
    let slots: Option<Vec<puzzlink::Slot>> = b
        .cells
        .iter()
        .map(|c| match c {
            Cell::Unknown => Some(puzzlink::Slot::Empty),
            Cell::Number(n) => Some(puzzlink::Slot::Number(u32::from(*n))),
            Cell::Safe => Some(puzzlink::Slot::Unknown),
            Cell::Mine => None,
        })
        .collect();
    Some(puzzlink::url(
        "mines",
        b.cols,
        b.rows,
        &puzzlink::write_numbers(&slots?),
    ))
}
