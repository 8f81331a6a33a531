//! The text format (`family country`) and puzz.link URLs (`country`).
//!
//! pzprjs writes a Country Road URL body (src/variety/country.js, its `decodeBorder` and
//! `decodeRoomNumber16`) as the room borders in its border code ([`crate::rooms`]) followed by
//! each room's number in the number16 code, room by room in the order of their first cells
//! ([`wellposed_engine::puzzlink`]; `.` a `?`). pzprjs's variant flag `e` (`country/e/…`,
//! rooms the loop may leave out) is another puzzle and is not read.

use crate::{Clue, Country, Rooms, MAX_CELLS};
use wellposed_engine::puzzlink::{self, Slot};
use wellposed_engine::{Document, ParseError};

const PID: &str = "country";

/// The clue's symbol in the text format and the edit grid.
pub fn symbol(c: Clue) -> String {
    match c {
        Clue::None => ".".into(),
        Clue::Unknown => "?".into(),
        Clue::Number(n) => n.to_string(),
    }
}

/// The clue of a symbol: `.`, `?` or a number from 0 to [`MAX_CELLS`].
pub fn clue_of(s: &str) -> Option<Clue> {
    Some(match s {
        "." => Clue::None,
        "?" => Clue::Unknown,
        _ => {
            if !s.bytes().all(|b| b.is_ascii_digit()) || s.len() > 6 {
                return None;
            }
            let n: u32 = s.parse().ok()?;
            if n as usize > MAX_CELLS {
                return None;
            }
            Clue::Number(n)
        }
    })
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
    let mut clues = vec![Clue::None; rooms.cells.len()];
    if let Some(entry) = doc.get("numbers") {
        if entry.body.len() != rows {
            return Err(doc.error(
                entry.line,
                format!(
                    "`numbers`: expected {rows} rows, found {}",
                    entry.body.len()
                ),
            ));
        }
        for (r, (line, tokens)) in entry.body.iter().enumerate() {
            if tokens.len() != cols {
                return Err(doc.error(
                    *line,
                    format!("expected {cols} cells apart, found {}", tokens.len()),
                ));
            }
            for (c, t) in tokens.iter().enumerate() {
                let clue = clue_of(t).ok_or_else(|| {
                    doc.error(
                        *line,
                        format!("expected `.`, `?` or a number from 0 to {MAX_CELLS}, found `{t}`"),
                    )
                })?;
                if clue == Clue::None {
                    continue;
                }
                let i = rooms.of[r * cols + c];
                if clues[i] != Clue::None {
                    return Err(doc.error(
                        *line,
                        format!("a second number in the room of row {} col {}", r + 1, c + 1),
                    ));
                }
                clues[i] = clue;
            }
        }
    }
    Ok(Country { rooms, clues })
}

pub fn to_text(p: &Country) -> String {
    let (rows, cols) = (p.rows(), p.cols());
    let mut s = format!("family country\nsize {rows} {cols}\nrooms\n");
    s.push_str(&p.rooms.write());
    s.push_str("numbers\n");
    let mut cells = vec![".".to_string(); rows * cols];
    for (i, room) in p.rooms.cells.iter().enumerate() {
        cells[room[0]] = symbol(p.clues[i]);
    }
    for row in cells.chunks(cols) {
        s.push_str(&row.join(" "));
        s.push('\n');
    }
    s
}

/// Reads a `country` URL's board (see [`wellposed_engine::Family::from_puzzlink`]).
pub fn from_url(u: &puzzlink::Url) -> Result<Country, String> {
    u.cells(MAX_CELLS)?;
    let (rooms, rest) = Rooms::from_code(u.rows, u.cols, u.body)?;
    let (slots, rest) = puzzlink::read_numbers(rest, rooms.cells.len())?;
    if !rest.is_empty() && !rest.starts_with('/') {
        return Err(format!("unexpected `{rest}` after the room numbers"));
    }
    let clues = slots
        .into_iter()
        .map(|s| match s {
            Slot::Empty => Ok(Clue::None),
            Slot::Unknown => Ok(Clue::Unknown),
            Slot::Number(n) if n as usize <= MAX_CELLS => Ok(Clue::Number(n)),
            Slot::Number(n) => Err(format!("expected numbers up to {MAX_CELLS}, found {n}")),
        })
        .collect::<Result<_, _>>()?;
    Ok(Country { rooms, clues })
}

/// The puzzle's `country` URL, written as pzprjs writes it.
pub fn url(p: &Country) -> String {
    let slots: Vec<Slot> = p
        .clues
        .iter()
        .map(|c| match *c {
            Clue::None => Slot::Empty,
            Clue::Unknown => Slot::Unknown,
            Clue::Number(n) => Slot::Number(n),
        })
        .collect();
    let body = format!("{}{}", p.rooms.code(), puzzlink::write_numbers(&slots));
    puzzlink::url(PID, p.cols(), p.rows(), &body)
}
