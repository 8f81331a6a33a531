//! The text format (`family hitori`) and puzz.link URLs (`hitori`).
//!
//! pzprjs writes a Hitori URL body cell by cell, row-major, one token a cell: a number from 0
//! to 35 as one base-36 digit (`0`–`9`, `a`–`z`), a number from 36 to 1295 as `-` and two
//! base-36 digits, `@` a `?` (`%` is read too, as older editors wrote it) and `.` a blank
//! cell. A body that stops early leaves the remaining cells blank.

use crate::{Clue, Hitori, MAX_CELLS, MAX_NUMBER};
use wellposed_engine::number_grid::{Grid, Numbers};
use wellposed_engine::puzzlink;
use wellposed_engine::ParseError;

const PID: &str = "hitori";

/// The numbers of the text format and the edit grid: 0 to [`MAX_NUMBER`] (`.` no clue, `?` a
/// clue without its number).
const NUMBERS: Numbers = Numbers::new(0, MAX_NUMBER);

wellposed_engine::slot_conversions!(Clue, None, Unknown, Number);

/// The clue's symbol in the text format and the edit grid.
pub fn symbol(c: Clue) -> String {
    Numbers::symbol(c.into())
}

/// The clue of a symbol: `.`, `?` or a number from 0 to [`MAX_NUMBER`].
pub fn clue_of(s: &str) -> Option<Clue> {
    NUMBERS.of_symbol(s).map(Clue::from)
}

pub fn parse(text: &str, source: &str) -> Result<Hitori, ParseError> {
    if let Some(read) = puzzlink::in_text::<Hitori>(text, source) {
        return read;
    }
    let ((rows, cols), cells) = Grid::apart(&NUMBERS.expected()).read_document(
        (text, source),
        "hitori",
        "numbers",
        MAX_CELLS,
        clue_of,
    )?;
    Ok(Hitori { rows, cols, cells })
}

pub fn to_text(p: &Hitori) -> String {
    Grid::apart("").write_document("hitori", "numbers", (p.rows, p.cols), &p.cells, |&c| {
        symbol(c)
    })
}

fn base36(b: u8) -> Option<u32> {
    char::from(b)
        .to_digit(36)
        .filter(|_| b.is_ascii_digit() || b.is_ascii_lowercase())
}

/// Reads a `hitori` URL.
pub fn from_url(u: &puzzlink::Url) -> Result<Hitori, String> {
    u.cells(MAX_CELLS)?;
    let (rows, cols) = (u.rows, u.cols);
    let n = rows * cols;
    let b = u.body.as_bytes();
    let mut cells = Vec::with_capacity(n);
    let mut i = 0;
    while cells.len() < n && i < b.len() {
        let clue = match b[i] {
            b'.' => Clue::None,
            b'@' | b'%' => Clue::Unknown,
            b'-' => {
                let digits = b
                    .get(i + 1..i + 3)
                    .and_then(|d| Some(base36(d[0])? * 36 + base36(d[1])?));
                let Some(v) = digits else {
                    return Err(format!(
                        "expected two base-36 digits after `-` at character {}",
                        i + 1
                    ));
                };
                i += 2;
                Clue::Number(v)
            }
            c => match base36(c) {
                Some(v) => Clue::Number(v),
                None => {
                    return Err(format!(
                        "unexpected `{}` at character {}",
                        char::from(c),
                        i + 1
                    ))
                }
            },
        };
        cells.push(clue);
        i += 1;
    }
    let rest = &u.body[i.min(u.body.len())..];
    if !rest.is_empty() && rest != "/" {
        return Err(format!("unexpected `{rest}` after the {n} cells"));
    }
    cells.resize(n, Clue::None);
    Ok(Hitori { rows, cols, cells })
}

/// The puzzle's `hitori` URL, written as pzprjs writes it.
pub fn url(p: &Hitori) -> String {
    let digit = |v: u32| char::from_digit(v, 36).expect("a base-36 digit");
    let mut body = String::with_capacity(p.cells.len());
    for &c in &p.cells {
        match c {
            Clue::None => body.push('.'),
            Clue::Unknown => body.push('@'),
            Clue::Number(v) if v < 36 => body.push(digit(v)),
            Clue::Number(v) => {
                body.push('-');
                body.push(digit(v / 36));
                body.push(digit(v % 36));
            }
        }
    }
    puzzlink::url(PID, p.cols, p.rows, &body)
}
