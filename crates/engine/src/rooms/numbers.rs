//! Rooms with at most one number each (Heyawake, Country Road, …): the clue type, its symbol
//! in the text format and the edit grid, the `numbers` grid of a `family` document (the
//! number stands in any cell of its room), and pzprjs's URL body — the room borders in its
//! border code followed by each room's number in the number16 code, room by room in the order
//! of their first cells (`.` a `?`).

use super::Rooms;
use crate::number_grid::{Grid, Numbers};
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
        Numbers::symbol(self.into())
    }

    /// The clue of a symbol: `.`, `?` or a number from 0 to `max`.
    pub fn of_symbol(s: &str, max: usize) -> Option<RoomClue> {
        numbers(max).of_symbol(s).map(RoomClue::from)
    }
}

crate::slot_conversions!(RoomClue, None, Unknown, Number);

/// A room's number: 0 to `max`.
fn numbers(max: usize) -> Numbers {
    Numbers::new(0, u32::try_from(max).unwrap_or(u32::MAX))
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
    let numbers = numbers(max);
    let cells = Grid::apart(&numbers.expected()).read(doc, entry, (rows, cols), |t| {
        numbers.of_symbol(t).map(RoomClue::from)
    })?;
    for (k, &clue) in cells.iter().enumerate() {
        if clue == RoomClue::None {
            continue;
        }
        let i = rooms.of[k];
        if clues[i] != RoomClue::None {
            let line = entry.body[k / cols].0;
            let (r, c) = (k / cols + 1, k % cols + 1);
            return Err(doc.error(
                line,
                format!("a second number in the room of row {r} col {c}"),
            ));
        }
        clues[i] = clue;
    }
    Ok(clues)
}

/// The `numbers` grid's lines: each room's clue in its first cell, `.` elsewhere.
pub fn write(rooms: &Rooms, clues: &[RoomClue], cols: usize) -> String {
    let mut cells = vec![RoomClue::None; rooms.of.len()];
    for (room, &clue) in rooms.cells.iter().zip(clues) {
        cells[room[0]] = clue;
    }
    Grid::apart("").write(&cells, cols, |&c| c.symbol())
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
        .map(|s| numbers(max).check(s).map(RoomClue::from))
        .collect::<Result<_, _>>()?;
    Ok((rooms, clues))
}

/// The URL body of rooms and their clues, written as pzprjs writes it.
pub fn url_body(rooms: &Rooms, clues: &[RoomClue]) -> String {
    let slots: Vec<Slot> = clues.iter().map(|&c| c.into()).collect();
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
