//! The text format (`family nurikabe`) and puzz.link URLs (`nurikabe`).
//!
//! pzprjs writes Nurikabe's numbers in its number16 code, cell after cell, row-major
//! ([`wellposed_engine::puzzlink`]); a `?` cell is `.`.

use crate::{Cell, Nurikabe, MAX_CELLS};
use wellposed_engine::puzzlink::{self, Slot};
use wellposed_engine::{Document, ParseError};

const PID: &str = "nurikabe";

/// The cell's symbol in the text format and the edit grid.
pub fn symbol(c: Cell) -> String {
    match c {
        Cell::Empty => ".".into(),
        Cell::Unknown => "?".into(),
        Cell::Number(n) => n.to_string(),
    }
}

/// The cell of a symbol: `.`, `?` or a number from 1 to [`MAX_CELLS`].
pub fn cell_of(s: &str) -> Option<Cell> {
    Some(match s {
        "." => Cell::Empty,
        "?" => Cell::Unknown,
        _ => {
            if !s.bytes().all(|b| b.is_ascii_digit()) || s.len() > 6 {
                return None;
            }
            let n: u32 = s.parse().ok()?;
            if n == 0 || n as usize > MAX_CELLS {
                return None;
            }
            Cell::Number(n)
        }
    })
}

pub fn parse(text: &str, source: &str) -> Result<Nurikabe, ParseError> {
    if let Some(read) = puzzlink::in_text::<Nurikabe>(text, source) {
        return read;
    }
    let doc = Document::read_family(text, source, "nurikabe", &["size", "grid"], &["grid"])?;
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
            cells.push(cell_of(t).ok_or_else(|| {
                doc.error(
                    *line,
                    format!("expected `.`, `?` or a number from 1 to {MAX_CELLS}, found `{t}`"),
                )
            })?);
        }
    }
    Ok(Nurikabe { rows, cols, cells })
}

pub fn to_text(p: &Nurikabe) -> String {
    let mut s = format!("family nurikabe\nsize {} {}\ngrid\n", p.rows, p.cols);
    for row in p.cells.chunks(p.cols) {
        let cells: Vec<String> = row.iter().map(|&c| symbol(c)).collect();
        s.push_str(&cells.join(" "));
        s.push('\n');
    }
    s
}

/// Reads a `nurikabe` URL.
pub fn from_url(u: &puzzlink::Url) -> Result<Nurikabe, String> {
    let (rows, cols) = (u.rows, u.cols);
    if rows == 0 || cols == 0 || rows.saturating_mul(cols) > MAX_CELLS {
        return Err(format!(
            "expected 1..{MAX_CELLS} cells in all, found {cols} columns × {rows} rows"
        ));
    }
    let (slots, rest) = puzzlink::read_numbers(u.body, rows * cols)?;
    if !rest.is_empty() {
        return Err(format!("unexpected `{rest}` after the cells"));
    }
    let cells = slots
        .into_iter()
        .map(|s| match s {
            Slot::Empty => Ok(Cell::Empty),
            Slot::Unknown => Ok(Cell::Unknown),
            Slot::Number(n) if n >= 1 && n as usize <= MAX_CELLS => Ok(Cell::Number(n)),
            Slot::Number(n) => Err(format!("expected numbers from 1 to {MAX_CELLS}, found {n}")),
        })
        .collect::<Result<_, _>>()?;
    Ok(Nurikabe { rows, cols, cells })
}

/// The puzzle's `nurikabe` URL, written as pzprjs writes it.
pub fn url(p: &Nurikabe) -> String {
    let slots: Vec<Slot> = p
        .cells
        .iter()
        .map(|c| match *c {
            Cell::Empty => Slot::Empty,
            Cell::Unknown => Slot::Unknown,
            Cell::Number(n) => Slot::Number(n),
        })
        .collect();
    puzzlink::url(PID, p.cols, p.rows, &puzzlink::write_numbers(&slots))
}
