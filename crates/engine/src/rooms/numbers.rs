//! Rooms with at most one number each (Heyawake, Country Road, …): the clue type, its symbol
//! in the text format and the edit grid, the `numbers` grid of a `family` document (the
//! number stands in any cell of its room), and pzprjs's URL body — the room borders in its
//! border code followed by each room's number in the number16 code, room by room in the order
//! of their first cells (`.` a `?`).

use super::Rooms;
use crate::puzzlink::{self, Slot};
use crate::{Document, EditGrid, ParseError};
use serde::Serialize;

/// A room's clue.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum RoomClue {
    None,
    /// A number that is not given (pzprjs's `?`).
    Unknown,
    Number(u32),
}

impl RoomClue {
    /// The clue's symbol in the text format and the edit grid: `.`, `?` or the number.
    pub fn symbol(self) -> String {
        match self {
            RoomClue::None => ".".into(),
            RoomClue::Unknown => "?".into(),
            RoomClue::Number(n) => n.to_string(),
        }
    }

    /// The clue of a symbol: `.`, `?` or a number from 0 to `max`.
    pub fn of_symbol(s: &str, max: usize) -> Option<RoomClue> {
        Some(match s {
            "." => RoomClue::None,
            "?" => RoomClue::Unknown,
            _ => {
                if !s.bytes().all(|b| b.is_ascii_digit()) || s.len() > 9 {
                    return None;
                }
                let n: u32 = s.parse().ok()?;
                if n as usize > max {
                    return None;
                }
                RoomClue::Number(n)
            }
        })
    }
}

/// Each room's clue from the document's `key` grid (rows × cols tokens, a number in any cell
/// of its room; none for a room without one; no entry at all: no numbers).
pub fn read(
    doc: &Document,
    rooms: &Rooms,
    (rows, cols): (usize, usize),
    key: &str,
    max: usize,
) -> Result<Vec<RoomClue>, ParseError> {
    let mut clues = vec![RoomClue::None; rooms.cells.len()];
    let Some(entry) = doc.get(key) else {
        return Ok(clues);
    };
    if entry.body.len() != rows {
        return Err(doc.error(
            entry.line,
            format!("`{key}`: expected {rows} rows, found {}", entry.body.len()),
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
            let clue = RoomClue::of_symbol(t, max).ok_or_else(|| {
                doc.error(
                    *line,
                    format!("expected `.`, `?` or a number from 0 to {max}, found `{t}`"),
                )
            })?;
            if clue == RoomClue::None {
                continue;
            }
            let i = rooms.of[r * cols + c];
            if clues[i] != RoomClue::None {
                return Err(doc.error(
                    *line,
                    format!("a second number in the room of row {} col {}", r + 1, c + 1),
                ));
            }
            clues[i] = clue;
        }
    }
    Ok(clues)
}

/// The `numbers` grid's lines: each room's clue in its first cell, `.` elsewhere.
pub fn write(rooms: &Rooms, clues: &[RoomClue], cols: usize) -> String {
    let mut cells = vec![".".to_string(); rooms.of.len()];
    for (room, clue) in rooms.cells.iter().zip(clues) {
        cells[room[0]] = clue.symbol();
    }
    let mut s = String::new();
    for row in cells.chunks(cols.max(1)) {
        s.push_str(&row.join(" "));
        s.push('\n');
    }
    s
}

/// The rooms and their clues from a URL's body (its size checked against `max` cells, numbers
/// up to `max`); what follows must be nothing or a `/` and more (pzprjs's trailing parts).
pub fn from_url(u: &puzzlink::Url, max: usize) -> Result<(Rooms, Vec<RoomClue>), String> {
    u.cells(max)?;
    let (rooms, rest) = Rooms::from_code(u.rows, u.cols, u.body)?;
    let (slots, rest) = puzzlink::read_numbers(rest, rooms.cells.len())?;
    if !rest.is_empty() && !rest.starts_with('/') {
        return Err(format!("unexpected `{rest}` after the room numbers"));
    }
    let clues = slots
        .into_iter()
        .map(|s| match s {
            Slot::Empty => Ok(RoomClue::None),
            Slot::Unknown => Ok(RoomClue::Unknown),
            Slot::Number(n) if n as usize <= max => Ok(RoomClue::Number(n)),
            Slot::Number(n) => Err(format!("expected numbers up to {max}, found {n}")),
        })
        .collect::<Result<_, _>>()?;
    Ok((rooms, clues))
}

/// The URL body of rooms and their clues, written as pzprjs writes it.
pub fn url_body(rooms: &Rooms, clues: &[RoomClue]) -> String {
    let slots: Vec<Slot> = clues
        .iter()
        .map(|c| match *c {
            RoomClue::None => Slot::Empty,
            RoomClue::Unknown => Slot::Unknown,
            RoomClue::Number(n) => Slot::Number(n),
        })
        .collect();
    format!("{}{}", rooms.code(), puzzlink::write_numbers(&slots))
}

/// The workbench's grid of rooms with numbers: each room's clue in its first cell; a click
/// goes through `.`, `?` and the numbers 0 to the largest given (at least 9).
pub fn edit_grid(rooms: &Rooms, clues: &[RoomClue], (rows, cols): (usize, usize)) -> EditGrid {
    let most = clues
        .iter()
        .filter_map(|c| match c {
            RoomClue::Number(n) => Some(*n),
            _ => None,
        })
        .max()
        .unwrap_or(0)
        .max(9);
    let mut symbols = vec![".".to_string(), "?".to_string()];
    symbols.extend((0..=most).map(|n| n.to_string()));
    let mut cells = vec![".".to_string(); rows * cols];
    for (room, clue) in rooms.cells.iter().zip(clues) {
        cells[room[0]] = clue.symbol();
    }
    EditGrid {
        rows,
        cols,
        cells,
        symbols,
    }
}

/// The rooms' clues from an edited grid (symbols already checked against [`edit_grid`]'s): a
/// number in any cell of a room is that room's. `Err(room)`: a room with two numbers.
pub fn edited(rooms: &Rooms, cells: &[String], max: usize) -> Result<Vec<RoomClue>, usize> {
    let mut clues = vec![RoomClue::None; rooms.cells.len()];
    for (k, s) in cells.iter().enumerate() {
        let c = RoomClue::of_symbol(s, max).expect("checked: a symbol of the grid");
        if c == RoomClue::None {
            continue;
        }
        let i = rooms.of[k];
        if clues[i] != RoomClue::None {
            return Err(i);
        }
        clues[i] = c;
    }
    Ok(clues)
}
