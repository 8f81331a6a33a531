//! The text format (`family masyu`) and puzz.link URLs (`mashu`, also `masyu`).
//!
//! pzprjs writes the pearls three cells to a character, row-major: the character is a base-27
//! digit (`0`–`9`, `a`–`q`) 9·a + 3·b + c for the three cells' values a, b, c (0 none, 1 white,
//! 2 black); the last character covers the cells left. As pzprjs does, a reader takes
//! ⌈cells/3⌉ characters at most (what follows is not read) and leaves cells past a short body
//! empty. pzprjs's flag `f` (`mashu/f/…`; its option `loop_full`, "all cells must be
//! visited", checked by its `checkNoLineIfVariant`) is the full variant: the loop passes
//! through every cell. It is read into [`Masyu::full`] and written back; the document says it
//! as a line `full`. Other flags and `v:` variant marks are refused by the engine's URL reader
//! (`puzzlink::read`); pzprjs's reversed-colour option (not part of a URL) is not read.

use crate::{Masyu, Pearl, MAX_CELLS};
use wellposed_engine::number_grid::Grid;
use wellposed_engine::{puzzlink, Document, ParseError};

const PID: &str = "mashu";

pub fn symbol(p: Pearl) -> char {
    match p {
        Pearl::None => '.',
        Pearl::White => 'w',
        Pearl::Black => 'b',
    }
}

pub fn word(p: Pearl) -> &'static str {
    match p {
        Pearl::None => "no pearl",
        Pearl::White => "white pearl",
        Pearl::Black => "black pearl",
    }
}

pub fn pearl_of(s: &str) -> Option<Pearl> {
    Some(match s {
        "." => Pearl::None,
        "w" | "o" => Pearl::White,
        "b" | "x" => Pearl::Black,
        _ => return None,
    })
}

pub fn parse(text: &str, source: &str) -> Result<Masyu, ParseError> {
    if let Some(read) = puzzlink::in_text::<Masyu>(text, source) {
        return read;
    }
    let doc = Document::read_family(text, source, "masyu", &["size", "full", "grid"], &["grid"])?;
    let (rows, cols) = doc.size(MAX_CELLS)?;
    let full = doc.flag("full")?;
    let grid = doc.require("grid", "followed by ROWS rows of cells")?;
    let expected = "`.`, `w` (white pearl) or `b` (black pearl)";
    let cells = Grid::together(expected).read(&doc, grid, (rows, cols), pearl_of)?;
    Ok(Masyu {
        rows,
        cols,
        cells,
        full,
    })
}

pub fn to_text(p: &Masyu) -> String {
    let mut s = format!("family masyu\nsize {} {}\n", p.rows, p.cols);
    if p.full {
        s.push_str("full\n");
    }
    s.push_str("grid\n");
    s.push_str(&Grid::apart("").write(&p.cells, p.cols, |&c| symbol(c).to_string()));
    s
}

pub fn from_url(u: &puzzlink::Url) -> Result<Masyu, String> {
    let n = u.cells(MAX_CELLS)?;
    let (rows, cols) = (u.rows, u.cols);
    let mut cells = vec![Pearl::None; n];
    for (i, ch) in u.body.chars().take(n.div_ceil(3)).enumerate() {
        let v = ch.to_digit(27).ok_or_else(|| {
            format!(
                "unexpected `{ch}` at character {} (expected 0-9 or a-q)",
                i + 1
            )
        })?;
        for (w, div) in [9, 3, 1].into_iter().enumerate() {
            let k = 3 * i + w;
            if k < n {
                cells[k] = match v / div % 3 {
                    0 => Pearl::None,
                    1 => Pearl::White,
                    _ => Pearl::Black,
                };
            }
        }
    }
    Ok(Masyu {
        rows,
        cols,
        cells,
        // The engine's reader lets through no other flag (`Family::PUZZLINK_FLAGS`).
        full: u.flags.contains('f'),
    })
}

pub fn url(p: &Masyu) -> String {
    let value = |k: usize| match p.cells.get(k) {
        Some(Pearl::White) => 1,
        Some(Pearl::Black) => 2,
        _ => 0,
    };
    let body: String = (0..p.cells.len().div_ceil(3))
        .map(|i| {
            let v = 9 * value(3 * i) + 3 * value(3 * i + 1) + value(3 * i + 2);
            char::from_digit(v, 27).expect("below 27")
        })
        .collect();
    let pid = if p.full { "mashu/f" } else { PID };
    puzzlink::url(pid, p.cols, p.rows, &body)
}
