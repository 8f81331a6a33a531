//! The formats Fillomino is read and written in: the `family fillomino` document, puzz.link
//! URLs, and the SVG drawings of a solution and of the puzzle alone.
//!
//! puzz.link (pzprjs) writes a board as `fillomino/COLS/ROWS/BODY`: the givens in the number16
//! code ([`wellposed_engine::puzzlink`]; `.` a given without its number), then, only when the
//! board has walls, pzprjs's border code: the borders between horizontal neighbours row by row,
//! then between vertical neighbours, five to a base-32 character, the first in the highest
//! bit. Read from pzprjs's `src/variety/fillomino.js` (decodeNumber16 then decodeBorder;
//! encodeBorderIfPresent) and its test URL `6/6/h4j53g2k5233k2g14j3h`. pzprjs's `t` flag
//! (`fillomino/t/…`, its option `fillomino_tri`, whose answer check `checkMaxNum` refuses a
//! region above 3 cells) is read into [`Fillomino::tri`] and written back; the document says
//! it as a line `tri`.

use crate::{Clue, Fillomino, Numbers, MAX_CELLS};
use wellposed_engine::connectivity::grid_pairs;
use wellposed_engine::number_grid::{self, Grid};
use wellposed_engine::puzzlink::{self, Slot};
use wellposed_engine::{Document, ParseError};

/// The givens of a board of `n` cells: a number from 1 to `n` (`.` an open cell, `?` a given
/// without its number).
fn numbers(n: usize) -> number_grid::Numbers {
    number_grid::Numbers::new(1, u32::try_from(n).unwrap_or(u32::MAX))
}

/// A cell of the text or the URL as the board's given.
fn of_slot(s: Slot) -> Option<Clue> {
    match s {
        Slot::Empty => None,
        Slot::Unknown => Some(Clue::Unknown),
        Slot::Number(v) => Some(Clue::Number(v as usize)),
    }
}

/// A given as a cell of the text or the URL.
fn slot(g: Option<Clue>) -> Slot {
    match g {
        None => Slot::Empty,
        Some(Clue::Unknown) => Slot::Unknown,
        Some(Clue::Number(v)) => Slot::Number(v as u32),
    }
}

/// Reads the document, or a puzz.link URL alone in the text.
pub fn parse(text: &str, source: &str) -> Result<Fillomino, ParseError> {
    if let Some(read) = puzzlink::in_text::<Fillomino>(text, source) {
        return read;
    }
    let doc = Document::read_family(
        text,
        source,
        "fillomino",
        &["size", "tri", "grid", "walls"],
        &["grid", "walls"],
    )?;
    let tri = doc.flag("tri")?;
    let (rows, cols) = doc.size(MAX_CELLS)?;
    let n = rows * cols;
    let grid = doc.require("grid", "followed by ROWS lines of cells")?;
    let numbers = numbers(n);
    let expected = format!("`.`, `?` or a number 1–{n}");
    let givens = Grid::apart(&expected).read(&doc, grid, (rows, cols), |t| {
        numbers.of_symbol(t).map(of_slot)
    })?;
    let mut p = Fillomino::new(rows, cols, givens);
    p.tri = tri;
    if let Some(walls) = doc.get("walls") {
        let pairs = grid_pairs(rows, cols);
        for (line, tokens) in &walls.body {
            let bad = || {
                doc.error(
                    *line,
                    format!(
                        "expected `ROW COL right` or `ROW COL down` (row 1–{rows}, col 1–{cols}), found `{}`",
                        tokens.join(" ")
                    ),
                )
            };
            let [r, c, side] = &tokens[..] else {
                return Err(bad());
            };
            let (Ok(r), Ok(c)) = (r.parse::<usize>(), c.parse::<usize>()) else {
                return Err(bad());
            };
            if r == 0 || c == 0 || r > rows || c > cols {
                return Err(bad());
            }
            let k = (r - 1) * cols + c - 1;
            let other = match side.as_str() {
                "right" if c < cols => k + 1,
                "down" if r < rows => k + cols,
                _ => return Err(bad()),
            };
            let i = pairs
                .iter()
                .position(|&pair| pair == (k, other))
                .expect("a pair of neighbours");
            p.walls[i] = true;
        }
    }
    Ok(p)
}

/// The document: the size, the board one row a line, and the walls when there are any.
pub fn to_text(p: &Fillomino) -> String {
    let mut s = format!("family fillomino\nsize {} {}\n", p.rows, p.cols);
    if p.tri {
        s.push_str("tri\n");
    }
    s.push_str("grid\n");
    s.push_str(&Grid::apart("").write(&p.givens, p.cols, |&g| {
        number_grid::Numbers::symbol(slot(g))
    }));
    if p.walls.iter().any(|&w| w) {
        s.push_str("walls\n");
        for (i, &(a, b)) in grid_pairs(p.rows, p.cols).iter().enumerate() {
            if p.walls[i] {
                let side = if b == a + p.cols { "down" } else { "right" };
                s.push_str(&format!("{} {} {side}\n", a / p.cols + 1, a % p.cols + 1));
            }
        }
    }
    s
}

/// Reads a puzz.link URL's board (see [`wellposed_engine::Family::from_puzzlink`]).
pub fn from_url(u: &puzzlink::Url) -> Result<Fillomino, String> {
    let n = u.cells(MAX_CELLS)?;
    let (slots, rest) = puzzlink::read_numbers(u.body, n)?;
    let numbers = numbers(n);
    let givens = slots
        .into_iter()
        .enumerate()
        .map(|(k, s)| match s {
            Slot::Number(v) if !numbers.contains(v) => Err(format!(
                "cell {}: expected a number 1–{n}, found {v}",
                k + 1
            )),
            s => Ok(of_slot(s)),
        })
        .collect::<Result<_, String>>()?;
    let mut p = Fillomino::new(u.rows, u.cols, givens);
    // The engine's reader lets through no other flag (`Family::PUZZLINK_FLAGS`).
    p.tri = u.flags.contains('t');
    let rest = rest.trim_end_matches('/');
    if !rest.is_empty() {
        let bits = p.walls.len();
        let vertical = u.rows * u.cols.saturating_sub(1);
        let want = vertical.div_ceil(5) + (bits - vertical).div_ceil(5);
        let code = rest
            .get(..want)
            .filter(|c| c.len() == want)
            .ok_or_else(|| format!("expected {want} characters of walls, found `{rest}`"))?;
        let mut read = Vec::with_capacity(want * 5);
        for ch in code.chars() {
            let v = ch
                .to_digit(32)
                .filter(|_| !ch.is_ascii_uppercase())
                .ok_or_else(|| format!("unexpected `{ch}` in the walls (expected 0-9 or a-v)"))?;
            read.extend((0..5).rev().map(|b| v >> b & 1 == 1));
        }
        let (vbits, hbits) = read.split_at(vertical.div_ceil(5) * 5);
        p.walls[..vertical].copy_from_slice(&vbits[..vertical]);
        p.walls[vertical..].copy_from_slice(&hbits[..bits - vertical]);
        let after = &rest[want..];
        if !after.is_empty() {
            return Err(format!("unexpected `{after}` after the walls"));
        }
    }
    Ok(p)
}

/// The board as a puzz.link URL, written as pzprjs writes it (the walls only when there are
/// any), so its own URLs come back character for character.
pub fn url(p: &Fillomino) -> String {
    let slots: Vec<Slot> = p.givens.iter().map(|&g| slot(g)).collect();
    let mut body = puzzlink::write_numbers(&slots);
    if p.walls.iter().any(|&w| w) {
        let vertical = p.rows * p.cols.saturating_sub(1);
        for part in [&p.walls[..vertical], &p.walls[vertical..]] {
            for chunk in part.chunks(5) {
                let v = (0..5).fold(0u32, |v, b| v << 1 | u32::from(chunk.get(b) == Some(&true)));
                body.push(char::from_digit(v, 32).expect("five bits"));
            }
        }
    }
    let pid = if p.tri { "fillomino/t" } else { "fillomino" };
    puzzlink::url(pid, p.cols, p.rows, &body)
}

/// The solution drawn: thick lines between regions, given numbers black and bold, the
/// numbers filled in blue.
pub fn svg(p: &Fillomino, s: &Numbers) -> String {
    let number: Vec<Option<usize>> = s.number.iter().map(|&v| Some(v)).collect();
    picture(p, &number, |i, a, b| {
        p.walls[i] || s.number.get(a) != s.number.get(b)
    })
}

/// The puzzle as given: the given numbers (`?` for a given without its number) and the walls,
/// the open cells empty.
pub fn svg_puzzle(p: &Fillomino) -> String {
    let number: Vec<Option<usize>> = p
        .givens
        .iter()
        .map(|g| match g {
            Some(Clue::Number(v)) => Some(*v),
            _ => None,
        })
        .collect();
    picture(p, &number, |i, _, _| p.walls[i])
}

/// The board with `number[k]` in each cell that has one and a thick line between the
/// neighbours (a, b) of pair i where `thick(i, a, b)`; one element per line, as the workbench
/// compares pictures line by line.
fn picture(
    p: &Fillomino,
    number: &[Option<usize>],
    thick: impl Fn(usize, usize, usize) -> bool,
) -> String {
    let size = 30.0;
    let (w, h) = (p.cols as f64 * size, p.rows as f64 * size);
    let mut out = format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{}\" height=\"{}\" viewBox=\"-2 -2 {} {}\">\n",
        w + 4.0,
        h + 4.0,
        w + 4.0,
        h + 4.0
    );
    out.push_str(&format!(
        "<rect x=\"0\" y=\"0\" width=\"{w}\" height=\"{h}\" fill=\"white\"/>\n"
    ));
    for (k, &v) in number.iter().enumerate() {
        let (x, y) = ((k % p.cols) as f64 * size, (k / p.cols) as f64 * size);
        // Given numbers (and, in the puzzle alone, a given `?`) black and bold; filled blue.
        let ((fill, weight), v) = match (p.givens[k], v) {
            (Some(Clue::Number(_)), Some(v)) => (("black", "bold"), v.to_string()),
            (_, Some(v)) => (("#1f5fbf", "normal"), v.to_string()),
            (Some(Clue::Unknown), None) => (("black", "bold"), "?".to_string()),
            (_, None) => continue,
        };
        out.push_str(&format!(
            "<text x=\"{}\" y=\"{}\" font-size=\"16\" text-anchor=\"middle\" fill=\"{fill}\" font-weight=\"{weight}\" font-family=\"sans-serif\">{v}</text>\n",
            x + size / 2.0,
            y + size / 2.0 + 6.0
        ));
    }
    for (i, &(a, b)) in grid_pairs(p.rows, p.cols).iter().enumerate() {
        let (r, c) = ((a / p.cols) as f64, (a % p.cols) as f64);
        let (x1, y1, x2, y2) = if b != a + p.cols {
            (
                (c + 1.0) * size,
                r * size,
                (c + 1.0) * size,
                (r + 1.0) * size,
            )
        } else {
            (
                c * size,
                (r + 1.0) * size,
                (c + 1.0) * size,
                (r + 1.0) * size,
            )
        };
        let (stroke, width) = if thick(i, a, b) {
            ("black", 2.5)
        } else {
            ("#bbb", 1.0)
        };
        out.push_str(&format!(
            "<line x1=\"{x1}\" y1=\"{y1}\" x2=\"{x2}\" y2=\"{y2}\" stroke=\"{stroke}\" stroke-width=\"{width}\"/>\n"
        ));
    }
    out.push_str(&format!(
        "<rect x=\"0\" y=\"0\" width=\"{w}\" height=\"{h}\" fill=\"none\" stroke=\"black\" stroke-width=\"2\"/>\n</svg>\n"
    ));
    out
}
