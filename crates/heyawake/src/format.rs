//! The text format (`family heyawake`) and puzz.link URLs (`heyawake`).
//!
//! pzprjs writes a Heyawake URL body as the room borders in its border code
//! ([`crate::rooms`]) followed by each room's number in the number16 code, room by room in
//! the order of their first cells ([`wellposed_engine::puzzlink`]; `.` a `?`).

use crate::{Clue, Heyawake, Rooms, MAX_CELLS};
use wellposed_engine::puzzlink;
use wellposed_engine::rooms::numbers;
use wellposed_engine::{Document, ParseError};

const PID: &str = "heyawake";

/// The clue's symbol in the text format and the edit grid.
pub fn symbol(c: Clue) -> String {
    c.symbol()
}

pub fn parse(text: &str, source: &str) -> Result<Heyawake, ParseError> {
    if let Some(read) = puzzlink::in_text::<Heyawake>(text, source) {
        return read;
    }
    let doc = Document::read_family(
        text,
        source,
        "heyawake",
        &["size", "rooms", "numbers"],
        &["rooms", "numbers"],
    )?;
    let (rows, cols) = doc.size(MAX_CELLS)?;
    let rooms = Rooms::read(&doc, rows, cols, "rooms")?;
    let clues = numbers::read(&doc, &rooms, (rows, cols), "numbers", MAX_CELLS)?;
    Ok(Heyawake { rooms, clues })
}

pub fn to_text(p: &Heyawake) -> String {
    let (rows, cols) = (p.rows(), p.cols());
    let mut s = format!("family heyawake\nsize {rows} {cols}\nrooms\n");
    s.push_str(&p.rooms.write());
    s.push_str("numbers\n");
    s.push_str(&numbers::write(&p.rooms, &p.clues, cols));
    s
}

/// Reads a `heyawake` URL.
pub fn from_url(u: &puzzlink::Url) -> Result<Heyawake, String> {
    let (rooms, clues) = numbers::from_url(u, MAX_CELLS)?;
    Ok(Heyawake { rooms, clues })
}

/// The puzzle's `heyawake` URL, written as pzprjs writes it.
pub fn url(p: &Heyawake) -> String {
    let body = numbers::url_body(&p.rooms, &p.clues);
    puzzlink::url(PID, p.cols(), p.rows(), &body)
}
