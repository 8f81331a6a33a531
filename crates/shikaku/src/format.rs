//! The text format (`family shikaku`) and puzz.link URLs (`shikaku`).
//!
//! pzprjs writes a Shikaku board as `shikaku/COLS/ROWS/BODY`, the body the clues in its
//! number16 code, cell after cell, row-major ([`wellposed_engine::puzzlink`]: a `?` is `.`,
//! runs of empty cells `g`–`z`). Read from pzprjs's `src/variety/shikaku.js` (its Encode
//! decodes and encodes Number16) and its test URL `6/6/j3g56h6t6h23g5j`.

use crate::{Clue, Shikaku, MAX_CELLS};
use wellposed_engine::number_grid::{Grid, Numbers};
use wellposed_engine::puzzlink::{self, Slot};
use wellposed_engine::ParseError;

const PID: &str = "shikaku";

/// The numbers of the text format, the edit grid and the URL: 1 to [`MAX_CELLS`] (`.` no
/// clue, `?` a clue without its number).
const NUMBERS: Numbers = Numbers::new(1, MAX_CELLS as u32);

/// A cell of the text or the URL as the puzzle's clue.
fn of_slot(s: Slot) -> Option<Clue> {
    match s {
        Slot::Empty => None,
        Slot::Unknown => Some(Clue::Unknown),
        Slot::Number(n) => Some(Clue::Number(n)),
    }
}

/// A clue as a cell of the text or the URL.
fn slot(c: Option<Clue>) -> Slot {
    match c {
        None => Slot::Empty,
        Some(Clue::Unknown) => Slot::Unknown,
        Some(Clue::Number(n)) => Slot::Number(n),
    }
}

/// The cell's symbol in the text format and the edit grid.
pub fn symbol(c: Option<Clue>) -> String {
    Numbers::symbol(slot(c))
}

/// The cell of a symbol: `.`, `?` or a number from 1 to [`MAX_CELLS`] (`None`: not a symbol).
pub fn clue_of(s: &str) -> Option<Option<Clue>> {
    NUMBERS.of_symbol(s).map(of_slot)
}

/// Reads the document, or a puzz.link URL alone in the text.
pub fn parse(text: &str, source: &str) -> Result<Shikaku, ParseError> {
    if let Some(read) = puzzlink::in_text::<Shikaku>(text, source) {
        return read;
    }
    let ((rows, cols), cells) = Grid::apart(&NUMBERS.expected()).read_document(
        (text, source),
        "shikaku",
        "grid",
        MAX_CELLS,
        clue_of,
    )?;
    Ok(Shikaku::new(rows, cols, cells))
}

/// The document: the size, then the clues one row a line.
pub fn to_text(p: &Shikaku) -> String {
    Grid::apart("").write_document("shikaku", "grid", (p.rows, p.cols), &p.cells, |&c| {
        symbol(c)
    })
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
        .map(|s| NUMBERS.check(s).map(of_slot))
        .collect::<Result<_, _>>()?;
    Ok(Shikaku::new(u.rows, u.cols, cells))
}

/// The puzzle's URL, written as pzprjs writes it.
pub fn url(p: &Shikaku) -> String {
    let slots: Vec<Slot> = p.cells.iter().map(|&c| slot(c)).collect();
    puzzlink::url(PID, p.cols, p.rows, &puzzlink::write_numbers(&slots))
}
