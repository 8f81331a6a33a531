//! The text format (`family heyawake`) and puzz.link URLs (`heyawake`).
//!
//! pzprjs writes a Heyawake URL body as the room borders in its border code
//! ([`crate::rooms`]) followed by each room's number in the number16 code, room by room in
//! the order of their first cells ([`wellposed_engine::puzzlink`]; `.` a `?`).

use crate::{Clue, Heyawake, Rooms, MAX_CELLS};
use wellposed_engine::puzzlink::{self, Slot};
use wellposed_engine::{Document, ParseError};

const PID: &str = "heyawake";

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
    Ok(Heyawake { rooms, clues })
}

pub fn to_text(p: &Heyawake) -> String {
    let (rows, cols) = (p.rows(), p.cols());
    let mut s = format!("family heyawake\nsize {rows} {cols}\nrooms\n");
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

/// Reads a `heyawake` URL.
pub fn from_url(u: &puzzlink::Url) -> Result<Heyawake, String> {
    let (rows, cols) = (u.rows, u.cols);
    if rows == 0 || cols == 0 || rows.saturating_mul(cols) > MAX_CELLS {
        return Err(format!(
            "expected 1..{MAX_CELLS} cells in all, found {cols} columns × {rows} rows"
        ));
    }
    let (rooms, rest) = Rooms::from_code(rows, cols, u.body)?;
    let (slots, rest) = puzzlink::read_numbers(rest, rooms.cells.len())?;
    if !rest.is_empty() && rest != "/" {
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
    Ok(Heyawake { rooms, clues })
}

/// The puzzle's `heyawake` URL, written as pzprjs writes it.
pub fn url(p: &Heyawake) -> String {
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
