//! The text format (`family lits`) and puzz.link URLs (`lits`): the body is the room borders in
//! pzprjs's border code ([`wellposed_engine::rooms`]).

use crate::{Lits, Rooms, MAX_CELLS};
use wellposed_engine::puzzlink;
use wellposed_engine::{Document, ParseError};

const PID: &str = "lits";

pub fn looks_like_url(s: &str) -> bool {
    puzzlink::looks_like(s, PID)
}

pub fn parse(text: &str, source: &str) -> Result<Lits, ParseError> {
    if let Some((line, l)) = wellposed_engine::lone_line(text) {
        if looks_like_url(l) {
            return parse_url(l, source, line);
        }
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
pub fn parse_url(s: &str, source: &str, line: usize) -> Result<Lits, ParseError> {
    let err = |m: String| ParseError {
        source: source.to_string(),
        line,
        message: format!("puzz.link URL: {m}"),
    };
    let u = puzzlink::split(s, PID).ok_or_else(|| err("expected lits/COLS/ROWS/…".into()))?;
    let (rows, cols) = (u.rows, u.cols);
    if rows == 0 || cols == 0 || rows.saturating_mul(cols) > MAX_CELLS {
        return Err(err(format!(
            "expected 1..{MAX_CELLS} cells in all, found {cols} columns × {rows} rows"
        )));
    }
    let (rooms, rest) = Rooms::from_code(rows, cols, u.body).map_err(err)?;
    if !rest.is_empty() && rest != "/" {
        return Err(err(format!("unexpected `{rest}` after the room borders")));
    }
    Ok(Lits { rooms })
}

/// The puzzle's `lits` URL, written as pzprjs writes it.
pub fn url(p: &Lits) -> String {
    puzzlink::url(PID, p.cols(), p.rows(), &p.rooms.code())
}
