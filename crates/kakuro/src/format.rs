//! The formats Kakuro is read and written in: the `family kakuro` document and puzz.link URLs.
//!
//! The document's grid is the whole board as drawn, one token a cell: `.` a white cell, `\` a
//! black cell, `D\A` a black cell with a down sum D and an across sum A (either may be left
//! out: `\16` has only an across sum, `23\` only a down sum; 0 is kept as written).
//!
//! puzz.link (pzprjs) writes `kakuro/COLS/ROWS/BODY` for the board inside its outer clue row
//! and column (so the drawn grid is one larger each way). The body goes cell by cell,
//! row-major, over the inner board: `k`–`z` a run of 1–16 white cells; `.` a black cell
//! without sums; otherwise two characters, the down sum then the across sum of a black cell,
//! each `0`–`9`, `a`–`j` (10–19), `A`–`Z` (20–45) or `-` (none). Then one such character for
//! each column whose top inner cell is white (the down sum on the outer row above it), then
//! one for each row whose first inner cell is white (the across sum on the outer column).
//! Read from pzprjs's `src/variety/kakuro.js` (decodeKakuro, encodeKakuro, decval, encval)
//! and its test URL `5/5/48la0.na0lh3l0Bn.0cl.c4a3`.

use crate::{Cell, Kakuro, MAX_CELLS, MAX_SUM};
use wellposed_engine::number_grid::Grid;
use wellposed_engine::{puzzlink, ParseError};

/// Reads the document, or a puzz.link URL alone in the text.
pub fn parse(text: &str, source: &str) -> Result<Kakuro, ParseError> {
    if let Some(read) = puzzlink::in_text::<Kakuro>(text, source) {
        return read;
    }
    let expected = format!(
        "`.` (white), `\\` (black) or `DOWN\\ACROSS` (black with sums 0 to {MAX_SUM}, either \
         left out when there is none)"
    );
    let ((rows, cols), cells) = Grid::apart(&expected).read_document(
        (text, source),
        "kakuro",
        "grid",
        MAX_CELLS,
        cell_of,
    )?;
    Ok(Kakuro::new(rows, cols, cells))
}

/// A sum as written in a token: empty for none, else 0 to 45 in decimal.
fn sum_of(s: &str) -> Option<Option<u8>> {
    if s.is_empty() {
        return Some(None);
    }
    if s.len() > 2 || !s.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    s.parse::<u8>().ok().filter(|&v| v <= MAX_SUM).map(Some)
}

/// The cell a token of the document stands for.
pub fn cell_of(t: &str) -> Option<Cell> {
    if t == "." {
        return Some(Cell::White);
    }
    let (down, across) = t.split_once('\\')?;
    Some(Cell::Black {
        down: sum_of(down)?,
        across: sum_of(across)?,
    })
}

/// A cell's token in the document.
pub fn token(c: Cell) -> String {
    let show = |v: Option<u8>| v.map_or(String::new(), |v| v.to_string());
    match c {
        Cell::White => ".".into(),
        Cell::Black { down, across } => format!("{}\\{}", show(down), show(across)),
    }
}

/// The document: the size, then the board one row a line, its columns aligned.
pub fn to_text(p: &Kakuro) -> String {
    let tokens: Vec<String> = p.cells.iter().map(|&c| token(c)).collect();
    let mut s = format!("family kakuro\nsize {} {}\ngrid\n", p.rows, p.cols);
    let width = (0..p.cols)
        .map(|c| {
            (0..p.rows)
                .map(|r| tokens[r * p.cols + c].len())
                .max()
                .unwrap_or(1)
        })
        .collect::<Vec<_>>();
    for r in 0..p.rows {
        let row: Vec<String> = (0..p.cols)
            .map(|c| format!("{:>w$}", tokens[r * p.cols + c], w = width[c]))
            .collect();
        s.push_str(row.join(" ").trim_end());
        s.push('\n');
    }
    s
}

/// pzprjs's one-character sum: `0`–`9`, `a`–`j`, `A`–`Z`, `-` for none. `None`: not a sum.
fn decval(ch: char) -> Option<Option<u8>> {
    match ch {
        '0'..='9' | 'a'..='j' => Some(Some(ch.to_digit(36)? as u8)),
        'A'..='Z' => Some(Some(ch.to_digit(36)? as u8 + 10)),
        '-' => Some(None),
        _ => None,
    }
}

/// The way back: [`decval`]'s character for a sum.
fn encval(v: Option<u8>) -> char {
    match v {
        Some(v @ 0..=19) => char::from_digit(u32::from(v), 36).expect("below 36"),
        Some(v @ 20..=45) => char::from_digit(u32::from(v - 10), 36)
            .expect("below 36")
            .to_ascii_uppercase(),
        _ => '-',
    }
}

/// Reads a puzz.link URL's board (see [`wellposed_engine::Family::from_puzzlink`]).
pub fn from_url(u: &puzzlink::Url) -> Result<Kakuro, String> {
    let inner = u.cells(MAX_CELLS)?;
    let (rows, cols) = (u.rows + 1, u.cols + 1);
    if rows * cols > MAX_CELLS {
        return Err(format!(
            "a {}×{} board with its clue row and column: expected at most {MAX_CELLS} cells",
            u.cols, u.rows
        ));
    }
    let at = |i: usize| (i / u.cols + 1) * cols + i % u.cols + 1;
    let mut cells = vec![Cell::White; rows * cols];
    for cell in &mut cells[..cols] {
        *cell = Cell::BLACK;
    }
    for r in 0..rows {
        cells[r * cols] = Cell::BLACK;
    }
    let body: Vec<char> = u.body.chars().collect();
    let bad = |i: usize, what: &str| {
        format!(
            "unexpected `{}` at character {} of the board; expected {what}",
            body[i],
            i + 1
        )
    };
    let sum_chars = "a sum (`0`–`9`, `a`–`j`, `A`–`Z` or `-`)";
    let mut i = 0;
    let mut c = 0;
    while c < inner && i < body.len() {
        match body[i] {
            ch @ 'k'..='z' => c += ch.to_digit(36).expect("base 36") as usize - 19,
            '.' => {
                cells[at(c)] = Cell::BLACK;
                c += 1;
            }
            ch => {
                let down = decval(ch).ok_or_else(|| {
                    bad(i, "white cells (`k`–`z`), `.` or a black cell's two sums")
                })?;
                i += 1;
                let across = match body.get(i) {
                    Some(&next) => decval(next).ok_or_else(|| bad(i, sum_chars))?,
                    None => return Err("the board ends inside a black cell's sums".into()),
                };
                cells[at(c)] = Cell::Black { down, across };
                c += 1;
            }
        }
        i += 1;
    }
    // The outer row's down sums, then the outer column's across sums, for the lines whose
    // first inner cell is white (a missing character is no sum, as pzprjs reads it).
    let wanted: Vec<(usize, bool)> = (0..u.cols)
        .filter(|&x| cells[cols + x + 1].is_white())
        .map(|x| (x + 1, false))
        .chain(
            (0..u.rows)
                .filter(|&y| cells[(y + 1) * cols + 1].is_white())
                .map(|y| ((y + 1) * cols, true)),
        )
        .collect();
    for (k, across) in wanted {
        let v = match body.get(i) {
            Some(&ch) => decval(ch).ok_or_else(|| bad(i, sum_chars))?,
            None => None,
        };
        i += 1;
        let (down, a) = if across { (None, v) } else { (v, None) };
        cells[k] = Cell::Black { down, across: a };
    }
    if i < body.len() && body[i] != '/' {
        let rest: String = body[i..].iter().collect();
        return Err(format!("unexpected `{rest}` after the board"));
    }
    Ok(Kakuro::new(rows, cols, cells))
}

/// The board as a puzz.link URL, written as pzprjs writes it (so its own URLs come back
/// character for character). `None` when the board has a white cell in its top row or left
/// column (puzz.link keeps those for clues) or no inner cell. Sums that start no run and
/// stand where the code has no place for them (on the outer row or column) are left out.
pub fn url(p: &Kakuro) -> Option<String> {
    let (rows, cols) = (p.rows, p.cols);
    if rows < 2 || cols < 2 {
        return None;
    }
    if (0..cols).any(|c| p.cells[c].is_white()) || (0..rows).any(|r| p.cells[r * cols].is_white()) {
        return None;
    }
    let mut out = String::new();
    let mut whites = 0u32;
    for r in 1..rows {
        for c in 1..cols {
            let piece = match p.cells[r * cols + c] {
                Cell::White => {
                    whites += 1;
                    None
                }
                Cell::Black {
                    down: None,
                    across: None,
                } => Some(".".to_string()),
                Cell::Black { down, across } => Some(format!("{}{}", encval(down), encval(across))),
            };
            if whites > 0 && (piece.is_some() || whites == 16) {
                out.push(char::from_digit(whites + 19, 36).expect("1..=16 white cells"));
                whites = 0;
            }
            out.extend(piece);
        }
    }
    if whites > 0 {
        out.push(char::from_digit(whites + 19, 36).expect("1..=16 white cells"));
    }
    for c in 1..cols {
        if p.cells[cols + c].is_white() {
            out.push(encval(p.clue_of(c, false)));
        }
    }
    for r in 1..rows {
        if p.cells[r * cols + 1].is_white() {
            out.push(encval(p.clue_of(r * cols, true)));
        }
    }
    Some(puzzlink::url("kakuro", cols - 1, rows - 1, &out))
}
