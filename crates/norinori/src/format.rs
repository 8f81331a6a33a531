//! The text format (`family norinori`), puzz.link URLs (`norinori`) and the setter's grid.
//!
//! pzprjs writes a Norinori URL body as the room borders alone, in its border code
//! ([`crate::rooms`]): pzprjs's `lits.js` (which holds LITS and Norinori) decodes Norinori's
//! body with `decodeBorder` and nothing after it.

use crate::{Mark, Norinori, Rooms, MAX_CELLS};
use wellposed_engine::number_grid::Grid;
use wellposed_engine::{puzzlink, Document, EditGrid, ParseError};

const PID: &str = "norinori";

/// Reads the document, or a puzz.link URL alone in the text.
pub fn parse(text: &str, source: &str) -> Result<Norinori, ParseError> {
    if let Some(read) = puzzlink::in_text::<Norinori>(text, source) {
        return read;
    }
    let doc = Document::read_family(
        text,
        source,
        PID,
        &["size", "rooms", "givens"],
        &["rooms", "givens"],
    )?;
    let (rows, cols) = doc.size(MAX_CELLS)?;
    let rooms = Rooms::read(&doc, rows, cols, "rooms")?;
    let mut p = Norinori::new(rooms);
    if let Some(entry) = doc.get("givens") {
        let expected = "`.` (open), `*` (given shaded) or `+` (given unshaded)";
        p.givens = Grid::together(expected).read(&doc, entry, (rows, cols), |s| match s {
            "." => Some(None),
            "*" => Some(Some(Mark::Shaded)),
            "+" => Some(Some(Mark::Unshaded)),
            _ => None,
        })?;
    }
    Ok(p)
}

/// The document: the size, the rooms (each room its number), the given cells if any.
pub fn to_text(p: &Norinori) -> String {
    let (rows, cols) = (p.rows(), p.cols());
    let mut s = format!("family norinori\nsize {rows} {cols}\nrooms\n");
    s.push_str(&p.rooms.write());
    if p.givens.iter().any(Option::is_some) {
        s.push_str("givens\n");
        s.push_str(
            &Grid::together("").write(&p.givens, cols, |g| g.map_or('.', Mark::symbol).to_string()),
        );
    }
    s
}

/// Reads a `norinori` URL's rooms (see [`wellposed_engine::Family::from_puzzlink`]).
pub fn from_url(u: &puzzlink::Url) -> Result<Norinori, String> {
    u.cells(MAX_CELLS)?;
    let (rooms, rest) = Rooms::from_code(u.rows, u.cols, u.body)?;
    if !rest.is_empty() && !rest.starts_with('/') {
        return Err(format!("unexpected `{rest}` after the room borders"));
    }
    Ok(Norinori::new(rooms))
}

/// The puzzle's `norinori` URL, written as pzprjs writes it.
pub fn url(p: &Norinori) -> String {
    puzzlink::url(PID, p.cols(), p.rows(), &p.rooms.code())
}

/// A cell's symbol in the edit grid: its room, and the given mark after it.
fn cell_symbol(room: usize, g: Option<Mark>) -> String {
    match g {
        None => room.to_string(),
        Some(m) => format!("{room}{}", m.symbol()),
    }
}

/// The setter's grid: every cell's room number and given mark; the symbols run through one
/// room number more than there are rooms, so a click can start a new room.
pub fn edit_grid(p: &Norinori) -> EditGrid {
    let rooms = p.rooms.cells.len();
    let symbols = (0..=rooms)
        .flat_map(|r| [None, Some(Mark::Shaded), Some(Mark::Unshaded)].map(|g| cell_symbol(r, g)))
        .collect();
    EditGrid {
        rows: p.rows(),
        cols: p.cols(),
        cells: (0..p.rows() * p.cols())
            .map(|k| cell_symbol(p.rooms.of[k], p.givens[k]))
            .collect(),
        symbols,
    }
}

/// The puzzle a setter's grid says: cells with the same number that touch are one room.
pub fn edited(p: &Norinori, cells: &[String]) -> Result<Norinori, String> {
    edit_grid(p).check(cells)?;
    let mut labels = Vec::with_capacity(cells.len());
    let mut givens = Vec::with_capacity(cells.len());
    for c in cells {
        let (label, mark) = match c.strip_suffix('*') {
            Some(l) => (l, Some(Mark::Shaded)),
            None => match c.strip_suffix('+') {
                Some(l) => (l, Some(Mark::Unshaded)),
                None => (c.as_str(), None),
            },
        };
        labels.push(label.to_string());
        givens.push(mark);
    }
    Ok(Norinori {
        rooms: Rooms::from_labels(p.rows(), p.cols(), &labels),
        givens,
    })
}
