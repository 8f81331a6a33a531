//! The text format (`family slitherlink`) and puzz.link URLs (`slither`).
//!
//! pzprjs writes Slitherlink numbers in its "4Cell" code, cell after cell, row-major: `0`–`4`
//! a number; `5`–`9` the number (c − 5) and one empty cell after it; `a`–`e` the number
//! (c − 10) and two empty cells; `g`–`z` 1–20 empty cells; `.` a cell with a `?`. Its writer
//! takes the longest of these that fits: a number followed by an empty cell and then a clue
//! uses `5`–`9`, one followed by two empty cells (or the end of the grid) `a`–`e`. As pzprjs
//! does, a reader stops at the last cell (what follows is not read) and takes a short body's
//! missing cells as empty; `slitherlink/…` is read as `slither/…`.
//!
//! pzprjs's flag `f` (`slither/f/…`; its option `slither_full`, "all points must be visited")
//! is the full variant: the loop passes through every corner of the grid. It is read into
//! [`Slitherlink::full`] and written back; the document says it as a line `full`. Other flags
//! and `v:` variant marks are refused by the engine's URL reader (`puzzlink::read`).

use crate::{Cell, Slitherlink, MAX_CELLS};
use wellposed_engine::number_grid::Grid;
use wellposed_engine::{puzzlink, Document, ParseError};

const PID: &str = "slither";

/// The cell's symbol in the text format and the edit grid.
pub fn symbol(c: Cell) -> String {
    match c {
        Cell::Empty => ".".into(),
        Cell::Unknown => "?".into(),
        Cell::Number(n) => n.to_string(),
    }
}

/// The cell of a symbol.
pub fn cell_of(s: &str) -> Option<Cell> {
    Some(match s {
        "." => Cell::Empty,
        "?" => Cell::Unknown,
        "0" | "1" | "2" | "3" | "4" => Cell::Number(s.parse().ok()?),
        _ => return None,
    })
}

pub fn parse(text: &str, source: &str) -> Result<Slitherlink, ParseError> {
    if let Some(read) = puzzlink::in_text::<Slitherlink>(text, source) {
        return read;
    }
    let doc = Document::read_family(
        text,
        source,
        "slitherlink",
        &["size", "full", "grid"],
        &["grid"],
    )?;
    let (rows, cols) = doc.size(MAX_CELLS)?;
    let full = doc.flag("full")?;
    let grid = doc.require("grid", "followed by ROWS rows of cells")?;
    // Cells written apart (`2 . 1`) or together (`2.1`).
    let expected = "`.`, `?` or a number 0-4";
    let cells = Grid::together(expected).read(&doc, grid, (rows, cols), cell_of)?;
    Ok(Slitherlink {
        rows,
        cols,
        cells,
        full,
    })
}

pub fn to_text(p: &Slitherlink) -> String {
    let mut s = format!("family slitherlink\nsize {} {}\n", p.rows, p.cols);
    if p.full {
        s.push_str("full\n");
    }
    s.push_str("grid\n");
    s.push_str(&Grid::apart("").write(&p.cells, p.cols, |&c| symbol(c)));
    s
}

/// Reads a `slither` URL (see the module's documentation).
pub fn from_url(u: &puzzlink::Url) -> Result<Slitherlink, String> {
    u.cells(MAX_CELLS)?;
    let (rows, cols) = (u.rows, u.cols);
    let n = rows * cols;
    let mut cells = vec![Cell::Empty; n];
    let mut at = 0usize;
    // As pzprjs reads it: what follows the last cell is not read.
    for (i, ch) in u.body.chars().enumerate() {
        if at >= n {
            break;
        }
        let (cell, skip) = match ch {
            '0'..='4' => (Cell::Number(ch as u8 - b'0'), 0),
            '5'..='9' => (Cell::Number(ch as u8 - b'5'), 1),
            'a'..='e' => (Cell::Number(ch as u8 - b'a'), 2),
            'g'..='z' => (Cell::Empty, ch as usize - 'g' as usize),
            '.' => (Cell::Unknown, 0),
            _ => {
                return Err(format!(
                    "unexpected `{ch}` at character {} (expected 0-9, a-e, g-z or `.`)",
                    i + 1
                ))
            }
        };
        cells[at] = cell;
        at += 1 + skip;
    }
    Ok(Slitherlink {
        rows,
        cols,
        cells,
        // The engine's reader lets through no other flag (`Family::PUZZLINK_FLAGS`).
        full: u.flags.contains('f'),
    })
}

/// The puzzle's `slither` URL, written as pzprjs writes it.
pub fn url(p: &Slitherlink) -> String {
    let mut body = String::new();
    let mut empty = 0u32;
    let n = p.cells.len();
    let flush = |body: &mut String, empty: &mut u32| {
        if *empty > 0 {
            body.push(char::from_digit(15 + *empty, 36).expect("1..=20 empty cells"));
            *empty = 0;
        }
    };
    let mut k = 0;
    while k < n {
        let text = match p.cells[k] {
            Cell::Empty => {
                empty += 1;
                if empty == 20 {
                    flush(&mut body, &mut empty);
                }
                k += 1;
                continue;
            }
            Cell::Unknown => ".".to_string(),
            Cell::Number(v) => {
                let next_is_clue = |j: usize| j < n && p.cells[j] != Cell::Empty;
                let v = u32::from(v);
                let code = if next_is_clue(k + 1) {
                    v
                } else if next_is_clue(k + 2) {
                    k += 1;
                    v + 5
                } else {
                    k += 2;
                    v + 10
                };
                char::from_digit(code, 16)
                    .expect("a number 0-4 plus at most 10")
                    .to_string()
            }
        };
        flush(&mut body, &mut empty);
        body.push_str(&text);
        k += 1;
    }
    flush(&mut body, &mut empty);
    let pid = if p.full { "slither/f" } else { PID };
    puzzlink::url(pid, p.cols, p.rows, &body)
}
