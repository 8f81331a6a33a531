//! The text format (`family lits`) and puzz.link URLs (`lits`): the body is the room borders in
//! pzprjs's border code ([`wellposed_engine::rooms`]).

use crate::{Lits, Rooms, MAX_CELLS};
use wellposed_engine::puzzlink;
use wellposed_engine::{Document, ParseError};

const PID: &str = "lits";

pub fn parse(text: &str, source: &str) -> Result<Lits, ParseError> {
    if let Some(read) = puzzlink::in_text::<Lits>(text, source) {
        return read;
    }
    let doc = Document::read_family(text, source, "lits", &["size", "rooms"], &["rooms"])?;
    let (rows, cols) = doc.size(MAX_CELLS)?;
    let rooms = Rooms::read(&doc, rows, cols, "rooms")?;
    Ok(Lits { rooms })
}

pub fn to_text(p: &Lits) -> String {
    format!(
        "family lits\nsize {} {}\nrooms\n{}",
        p.rows(),
        p.cols(),
        p.rooms.write()
    )
}

/// Reads a `lits` URL.
pub fn from_url(u: &puzzlink::Url) -> Result<Lits, String> {
    u.cells(MAX_CELLS)?;
    let (rows, cols) = (u.rows, u.cols);
    let (rooms, rest) = Rooms::from_code(rows, cols, u.body)?;
    if !rest.is_empty() && rest != "/" {
        return Err(format!("unexpected `{rest}` after the room borders"));
    }
    Ok(Lits { rooms })
}

/// The puzzle's `lits` URL, written as pzprjs writes it.
pub fn url(p: &Lits) -> String {
    puzzlink::url(PID, p.cols(), p.rows(), &p.rooms.code())
}
