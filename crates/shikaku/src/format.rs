//! The text format (`family shikaku`) and puzz.link URLs (`shikaku`).
//!
//! pzprjs writes a Shikaku board as `shikaku/COLS/ROWS/BODY`, the body the clues in its
//! number16 code, cell after cell, row-major ([`wellposed_engine::puzzlink`]: a `?` is `.`,
//! runs of empty cells `g`–`z`). Read from pzprjs's `src/variety/shikaku.js` (its Encode
//! decodes and encodes Number16) and its test URL `6/6/j3g56h6t6h23g5j`.

use crate::{Clue, Shikaku, MAX_CELLS};
use wellposed_engine::puzzlink::{self, Slot};
use wellposed_engine::{Document, ParseError};

const PID: &str = "shikaku";

/// The cell's symbol in the text format and the edit grid.
pub fn symbol(c: Option<Clue>) -> String {
    match c {
        None => ".".into(),
        Some(Clue::Unknown) => "?".into(),
        Some(Clue::Number(n)) => n.to_string(),
    }
}

/// The cell of a symbol: `.`, `?` or a number from 1 to [`MAX_CELLS`] (`None`: not a symbol).
pub fn clue_of(s: &str) -> Option<Option<Clue>> {
    Some(match s {
        "." => None,
        "?" => Some(Clue::Unknown),
        _ => {
            if !s.bytes().all(|b| b.is_ascii_digit()) || s.len() > 6 {
                return None;
            }
            let n: u32 = s.parse().ok()?;
            if n == 0 || n as usize > MAX_CELLS {
                return None;
            }
            Some(Clue::Number(n))
        }
    })
}

/// Reads the document, or a puzz.link URL alone in the text.
pub fn parse(text: &str, source: &str) -> Result<Shikaku, ParseError> {
    if let Some(read) = puzzlink::in_text::<Shikaku>(text, source) {
        return read;
    }
    let doc = Document::read_family(text, source, "shikaku", &["size", "grid"], &["grid"])?;
    let (rows, cols) = doc.size(MAX_CELLS)?;
    let grid = doc.require("grid", "followed by ROWS rows of cells")?;
    if grid.body.len() != rows {
        return Err(doc.error(
            grid.line,
            format!("`grid`: expected {rows} rows, found {}", grid.body.len()),
        ));
    }
    let mut cells = Vec::with_capacity(rows * cols);
    for (line, tokens) in &grid.body {
        if tokens.len() != cols {
            return Err(doc.error(
                *line,
                format!("expected {cols} cells apart, found {}", tokens.len()),
            ));
        }
        for t in tokens {
            cells.push(clue_of(t).ok_or_else(|| {
                doc.error(
                    *line,
                    format!("expected `.`, `?` or a number from 1 to {MAX_CELLS}, found `{t}`"),
                )
            })?);
        }
    }
    Ok(Shikaku::new(rows, cols, cells))
}

/// The document: the size, then the clues one row a line.
pub fn to_text(p: &Shikaku) -> String {
    let mut s = format!("family shikaku\nsize {} {}\ngrid\n", p.rows, p.cols);
    for row in p.cells.chunks(p.cols.max(1)) {
        let cells: Vec<String> = row.iter().map(|&c| symbol(c)).collect();
        s.push_str(&cells.join(" "));
        s.push('\n');
    }
    s
}

/// Reads a puzz.link URL's clues (see [`wellposed_engine::Family::from_puzzlink`]).
pub fn from_url(u: &puzzlink::Url) -> Result<Shikaku, String> {
    let n = u.cells(MAX_CELLS)?;
    let (slots, rest) = puzzlink::read_numbers(u.body, n)?;
    // pzprjs ignores what follows the board; a lone `/` is all a pasted URL ends with.
    if !rest.is_empty() && rest != "/" {
        return Err(format!("unexpected `{rest}` after the board"));
    }
    let cells = slots
        .into_iter()
        .map(|s| match s {
            Slot::Empty => Ok(None),
            Slot::Unknown => Ok(Some(Clue::Unknown)),
            Slot::Number(k) if k >= 1 && k as usize <= MAX_CELLS => Ok(Some(Clue::Number(k))),
            Slot::Number(k) => Err(format!("expected numbers from 1 to {MAX_CELLS}, found {k}")),
        })
        .collect::<Result<_, _>>()?;
    Ok(Shikaku::new(u.rows, u.cols, cells))
}

/// The puzzle's URL, written as pzprjs writes it.
pub fn url(p: &Shikaku) -> String {
    let slots: Vec<Slot> = p
        .cells
        .iter()
        .map(|c| match *c {
            None => Slot::Empty,
            Some(Clue::Unknown) => Slot::Unknown,
            Some(Clue::Number(n)) => Slot::Number(n),
        })
        .collect();
    puzzlink::url(PID, p.cols, p.rows, &puzzlink::write_numbers(&slots))
}
