//! The text format (`family nurikabe`) and puzz.link URLs (`nurikabe`).
//!
//! pzprjs writes Nurikabe's numbers in its number16 code, cell after cell, row-major
//! ([`wellposed_engine::puzzlink`]); a `?` cell is `.`.

use crate::{Cell, Nurikabe, MAX_CELLS};
use wellposed_engine::number_grid::{Grid, Numbers};
use wellposed_engine::puzzlink::{self, Slot};
use wellposed_engine::ParseError;

const PID: &str = "nurikabe";

/// The numbers of the text format, the edit grid and the URL: 1 to [`MAX_CELLS`] (`.` an open
/// cell, `?` a clue without its number).
const NUMBERS: Numbers = Numbers::new(1, MAX_CELLS as u32);

wellposed_engine::slot_conversions!(Cell, Empty, Unknown, Number);

/// The cell's symbol in the text format and the edit grid.
pub fn symbol(c: Cell) -> String {
    Numbers::symbol(c.into())
}

/// The cell of a symbol: `.`, `?` or a number from 1 to [`MAX_CELLS`].
pub fn cell_of(s: &str) -> Option<Cell> {
    NUMBERS.of_symbol(s).map(Cell::from)
}

pub fn parse(text: &str, source: &str) -> Result<Nurikabe, ParseError> {
    if let Some(read) = puzzlink::in_text::<Nurikabe>(text, source) {
        return read;
    }
    let ((rows, cols), cells) = Grid::apart(&NUMBERS.expected()).read_document(
        (text, source),
        "nurikabe",
        "grid",
        MAX_CELLS,
        cell_of,
    )?;
    Ok(Nurikabe { rows, cols, cells })
}

pub fn to_text(p: &Nurikabe) -> String {
    Grid::apart("").write_document("nurikabe", "grid", (p.rows, p.cols), &p.cells, |&c| {
        symbol(c)
    })
}

/// Reads a `nurikabe` URL.
pub fn from_url(u: &puzzlink::Url) -> Result<Nurikabe, String> {
    u.cells(MAX_CELLS)?;
    let (rows, cols) = (u.rows, u.cols);
    let (slots, rest) = puzzlink::read_numbers(u.body, rows * cols)?;
    if !rest.is_empty() {
        return Err(format!("unexpected `{rest}` after the cells"));
    }
    let cells = slots
        .into_iter()
        .map(|s| NUMBERS.check(s).map(Cell::from))
        .collect::<Result<_, _>>()?;
    Ok(Nurikabe { rows, cols, cells })
}

/// The puzzle's `nurikabe` URL, written as pzprjs writes it.
pub fn url(p: &Nurikabe) -> String {
    let slots: Vec<Slot> = p.cells.iter().map(|&c| c.into()).collect();
    puzzlink::url(PID, p.cols, p.rows, &puzzlink::write_numbers(&slots))
}
