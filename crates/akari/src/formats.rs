//! The formats Akari is read and written in: the `family akari` document, puzz.link URLs, and
//! the SVG drawing of a solution.
//!
//! puzz.link (pzprjs) writes an Akari board as `akari/COLS/ROWS/BODY` (the genre's key is
//! `lightup`, its URL name `akari`; both are read). The body goes cell by cell, row-major, in
//! pzprjs's "4Cell" code: `0`–`4` a numbered black cell; `5`–`9` the number (digit − 5)
//! followed by one white cell; `a`–`e` the number (digit − 10) followed by two white cells;
//! `.` a black cell without a number; `g`–`z` a run of 1–20 white cells. Read from pzprjs's
//! `Encode` (its decode4Cell and encode4Cell) and its test URL `6/6/nekcakbl`.

use crate::{Akari, Cell, Lights, MAX_CELLS};
use wellposed_engine::number_grid::Grid;
use wellposed_engine::{puzzlink, ParseError};

/// Reads the document, or a puzz.link URL alone in the text.
pub fn parse(text: &str, source: &str) -> Result<Akari, ParseError> {
    if let Some(read) = puzzlink::in_text::<Akari>(text, source) {
        return read;
    }
    let grid = Grid::together("`.` (white), `X` (black) or a number 0–4");
    let ((rows, cols), cells) =
        grid.read_document((text, source), "akari", "grid", MAX_CELLS, |s| {
            Cell::of_symbol(s.chars().next()?)
        })?;
    Ok(Akari::new(rows, cols, cells))
}

/// The document: the size, then the board one row a line.
pub fn to_text(p: &Akari) -> String {
    Grid::together("").write_document("akari", "grid", (p.rows, p.cols), &p.cells, |c| {
        c.symbol().to_string()
    })
}

/// Reads a puzz.link URL's board (see [`wellposed_engine::Family::from_puzzlink`]).
pub fn from_url(u: &puzzlink::Url) -> Result<Akari, String> {
    let n = u.cells(MAX_CELLS)?;
    let mut cells = vec![Cell::White; n];
    let mut c = 0;
    let mut rest = "";
    for (i, ch) in u.body.char_indices() {
        if c >= n {
            rest = &u.body[i..];
            break;
        }
        let step = match ch {
            '0'..='4' | '5'..='9' | 'a'..='e' => {
                let d = ch.to_digit(16).expect("a hex digit") as u8;
                cells[c] = Cell::Number(d % 5);
                usize::from(d / 5) + 1
            }
            '.' => {
                cells[c] = Cell::Black;
                1
            }
            'g'..='z' => ch.to_digit(36).expect("a base-36 digit") as usize - 15,
            _ => {
                return Err(format!(
                    "unexpected `{ch}` at character {} of the board",
                    i + 1
                ))
            }
        };
        c += step;
    }
    if !rest.is_empty() && !rest.starts_with('/') {
        return Err(format!("unexpected `{rest}` after the board"));
    }
    Ok(Akari::new(u.rows, u.cols, cells))
}

/// The board as a puzz.link URL, written as pzprjs writes it (so its own URLs come back
/// character for character).
pub fn url(p: &Akari) -> String {
    let cells = &p.cells;
    let n = cells.len();
    let non_white = |k: usize| k < n && !cells[k].is_white();
    let mut out = String::new();
    let mut whites = 0u32;
    let mut k = 0;
    while k < n {
        let piece = match cells[k] {
            Cell::Number(q) => {
                // The number absorbs up to two white cells after it.
                let absorbed = if non_white(k + 1) {
                    0
                } else if non_white(k + 2) {
                    1
                } else {
                    2
                };
                k += absorbed;
                char::from_digit(u32::from(q) + 5 * absorbed as u32, 16)
            }
            Cell::Black => Some('.'),
            Cell::White => {
                whites += 1;
                None
            }
        };
        if whites > 0 && (piece.is_some() || whites == 20) {
            out.push(char::from_digit(whites + 15, 36).expect("1..=20 white cells"));
            whites = 0;
        }
        out.extend(piece);
        k += 1;
    }
    if whites > 0 {
        out.push(char::from_digit(whites + 15, 36).expect("1..=20 white cells"));
    }
    // pzprjs writes the URL name `akari`, and reads both.
    puzzlink::url("akari", p.cols, p.rows, &out)
}

/// The solution drawn: black cells with their numbers in white, lit cells pale yellow, lights
/// as circles.
pub fn svg(p: &Akari, s: &Lights) -> String {
    let size = 30.0;
    let (w, h) = (p.cols as f64 * size, p.rows as f64 * size);
    let mut out = format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{}\" height=\"{}\" viewBox=\"-2 -2 {} {}\">\n",
        w + 4.0,
        h + 4.0,
        w + 4.0,
        h + 4.0
    );
    for (k, cell) in p.cells.iter().enumerate() {
        let (x, y) = ((k % p.cols) as f64 * size, (k / p.cols) as f64 * size);
        let fill = if cell.is_white() { "#fff6c2" } else { "black" };
        out.push_str(&format!(
            "<rect x=\"{x}\" y=\"{y}\" width=\"{size}\" height=\"{size}\" fill=\"{fill}\" stroke=\"#888\"/>\n"
        ));
        if let Cell::Number(n) = cell {
            out.push_str(&format!(
                "<text x=\"{}\" y=\"{}\" font-size=\"18\" text-anchor=\"middle\" fill=\"white\" font-family=\"sans-serif\">{n}</text>\n",
                x + size / 2.0,
                y + size / 2.0 + 6.0
            ));
        }
        if s.light.get(k) == Some(&true) {
            out.push_str(&format!(
                "<circle cx=\"{}\" cy=\"{}\" r=\"{}\" fill=\"#e0a800\" stroke=\"black\"/>\n",
                x + size / 2.0,
                y + size / 2.0,
                size * 0.35
            ));
        }
    }
    out.push_str(&format!(
        "<rect x=\"0\" y=\"0\" width=\"{w}\" height=\"{h}\" fill=\"none\" stroke=\"black\" stroke-width=\"2\"/>\n</svg>\n"
    ));
    out
}
