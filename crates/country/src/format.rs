//! The text format (`family country`) and puzz.link URLs (`country`).
//!
//! pzprjs writes a Country Road URL body (src/variety/country.js, its `decodeBorder` and
//! `decodeRoomNumber16`) as the room borders in its border code ([`crate::rooms`]) followed by
//! each room's number in the number16 code, room by room in the order of their first cells
//! ([`wellposed_engine::puzzlink`]; `.` a `?`). pzprjs's variant flag `e` (`country/e/…`,
//! rooms the loop may leave out) is another puzzle and is not read.

use crate::{Clue, Country, Rooms, MAX_CELLS};
use wellposed_engine::puzzlink;
use wellposed_engine::rooms::numbers;
use wellposed_engine::{Document, ParseError};

const PID: &str = "country";

/// The clue's symbol in the text format and the edit grid.
pub fn symbol(c: Clue) -> String {
    c.symbol()
}

pub fn parse(text: &str, source: &str) -> Result<Country, ParseError> {
    if let Some(read) = puzzlink::in_text::<Country>(text, source) {
        return read;
    }
    let doc = Document::read_family(
        text,
        source,
        "country",
        &["size", "rooms", "numbers"],
        &["rooms", "numbers"],
    )?;
    let (rows, cols) = doc.size(MAX_CELLS)?;
    let rooms = Rooms::read(&doc, rows, cols, "rooms")?;
    let clues = numbers::read(&doc, &rooms, (rows, cols), "numbers", MAX_CELLS)?;
    Ok(Country { rooms, clues })
}

pub fn to_text(p: &Country) -> String {
    let (rows, cols) = (p.rows(), p.cols());
    let mut s = format!("family country\nsize {rows} {cols}\nrooms\n");
    s.push_str(&p.rooms.write());
    s.push_str("numbers\n");
    s.push_str(&numbers::write(&p.rooms, &p.clues, cols));
    s
}

/// Reads a `country` URL's board (see [`wellposed_engine::Family::from_puzzlink`]).
pub fn from_url(u: &puzzlink::Url) -> Result<Country, String> {
    let (rooms, clues) = numbers::from_url(u, MAX_CELLS)?;
    Ok(Country { rooms, clues })
}

/// The puzzle's `country` URL, written as pzprjs writes it.
pub fn url(p: &Country) -> String {
    let body = numbers::url_body(&p.rooms, &p.clues);
    puzzlink::url(PID, p.cols(), p.rows(), &body)
}
