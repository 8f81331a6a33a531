//! The text format (`family yinyang`) and puzz.link URLs (`yinyang`).
//!
//! pzprjs writes the circles three cells to a character, row-major (its `decodeCircle` /
//! `encodeCircle` in `src/variety-common/Encode.js`): the character is the base-27 digit
//! (`0`–`9`, `a`–`q`) 9·a + 3·b + c for the three cells' values a, b, c (0 no circle, 1 white,
//! 2 black), and the last character covers the cells left. As pzprjs does, a reader takes
//! ⌈cells/3⌉ characters at most and leaves the cells past a short body without circles; the
//! writer always writes them all.

use crate::{Colour, YinYang, MAX_CELLS};
use wellposed_engine::number_grid::Grid;
use wellposed_engine::{puzzlink, ParseError};

const PID: &str = "yinyang";

fn symbol(c: Option<Colour>) -> char {
    match c {
        None => '.',
        Some(Colour::White) => 'o',
        Some(Colour::Black) => 'x',
    }
}

fn circle_of(ch: char) -> Option<Option<Colour>> {
    match ch {
        '.' => Some(None),
        'o' => Some(Some(Colour::White)),
        'x' => Some(Some(Colour::Black)),
        _ => None,
    }
}

/// Reads the document, or a puzz.link URL alone in the text.
pub fn parse(text: &str, source: &str) -> Result<YinYang, ParseError> {
    if let Some(read) = puzzlink::in_text::<YinYang>(text, source) {
        return read;
    }
    let grid = Grid::together("`.` (no circle), `o` (white) or `x` (black)");
    let ((rows, cols), circles) =
        grid.read_document((text, source), PID, "circles", MAX_CELLS, |s| {
            circle_of(s.chars().next()?)
        })?;
    Ok(YinYang {
        rows,
        cols,
        circles,
    })
}

/// The document: the size, then the circles one row a line.
pub fn to_text(p: &YinYang) -> String {
    Grid::together("").write_document(PID, "circles", (p.rows, p.cols), &p.circles, |&c| {
        symbol(c).to_string()
    })
}

/// Reads a puzz.link URL's circles (see [`wellposed_engine::Family::from_puzzlink`]).
pub fn from_url(u: &puzzlink::Url) -> Result<YinYang, String> {
    let n = u.cells(MAX_CELLS)?;
    let mut circles = vec![None; n];
    let take = n.div_ceil(3);
    for (i, ch) in u.body.chars().take(take).enumerate() {
        let v = ch.to_digit(27).ok_or_else(|| {
            format!(
                "unexpected `{ch}` at character {} (expected 0-9 or a-q)",
                i + 1
            )
        })?;
        for (w, div) in [9, 3, 1].into_iter().enumerate() {
            let k = 3 * i + w;
            if k < n {
                circles[k] = match v / div % 3 {
                    0 => None,
                    1 => Some(Colour::White),
                    _ => Some(Colour::Black),
                };
            }
        }
    }
    let rest: String = u.body.chars().skip(take).collect();
    if !rest.is_empty() && rest != "/" {
        return Err(format!("unexpected `{rest}` after the {n} cells"));
    }
    Ok(YinYang {
        rows: u.rows,
        cols: u.cols,
        circles,
    })
}

/// The puzzle's URL, written as pzprjs writes it.
pub fn url(p: &YinYang) -> String {
    let value = |k: usize| match p.circles.get(k).copied().flatten() {
        None => 0,
        Some(Colour::White) => 1,
        Some(Colour::Black) => 2,
    };
    let body: String = (0..p.circles.len().div_ceil(3))
        .map(|i| {
            let v = 9 * value(3 * i) + 3 * value(3 * i + 1) + value(3 * i + 2);
            char::from_digit(v, 27).expect("below 27")
        })
        .collect();
    puzzlink::url(PID, p.cols, p.rows, &body)
}
