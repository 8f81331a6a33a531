//! The text format (`family kurodoko`), puzz.link URLs (`kurodoko`: the cells' numbers in
//! pzprjs's number16 code, [`wellposed_engine::puzzlink`], `.` a `?`) and the pictures: text
//! (`#` shaded, a number, `.` unshaded, `_` open in a partial answer) and SVG.

use crate::{Clue, Kurodoko, Shading, MAX_CELLS};
use wellposed_engine::number_grid::{Grid, Numbers};
use wellposed_engine::puzzlink::{self, Slot};
use wellposed_engine::ParseError;

const PID: &str = "kurodoko";

/// The numbers of the text format, the edit grid and the URL: 0 to [`MAX_CELLS`] (`.` no
/// clue, `?` a clue without its number).
const NUMBERS: Numbers = Numbers::new(0, MAX_CELLS as u32);

wellposed_engine::slot_conversions!(Clue, None, Unknown, Number);

/// The clue's symbol in the text format and the edit grid.
pub fn symbol(c: Clue) -> String {
    Numbers::symbol(c.into())
}

/// The clue of a symbol: `.`, `?` or a number from 0 to [`MAX_CELLS`].
pub fn clue_of(s: &str) -> Option<Clue> {
    NUMBERS.of_symbol(s).map(Clue::from)
}

pub fn parse(text: &str, source: &str) -> Result<Kurodoko, ParseError> {
    if let Some(read) = puzzlink::in_text::<Kurodoko>(text, source) {
        return read;
    }
    let ((rows, cols), cells) = Grid::apart(&NUMBERS.expected()).read_document(
        (text, source),
        "kurodoko",
        "numbers",
        MAX_CELLS,
        clue_of,
    )?;
    Ok(Kurodoko { rows, cols, cells })
}

pub fn to_text(p: &Kurodoko) -> String {
    Grid::apart("").write_document("kurodoko", "numbers", (p.rows, p.cols), &p.cells, |&c| {
        symbol(c)
    })
}

/// Reads a `kurodoko` URL.
pub fn from_url(u: &puzzlink::Url) -> Result<Kurodoko, String> {
    u.cells(MAX_CELLS)?;
    let (rows, cols) = (u.rows, u.cols);
    let (slots, rest) = puzzlink::read_numbers(u.body, rows * cols)?;
    if !rest.is_empty() && rest != "/" {
        return Err(format!("unexpected `{rest}` after the numbers"));
    }
    let cells = slots
        .into_iter()
        .map(|s| NUMBERS.check(s).map(Clue::from))
        .collect::<Result<_, _>>()?;
    Ok(Kurodoko { rows, cols, cells })
}

/// The puzzle's `kurodoko` URL, written as pzprjs writes it.
pub fn url(p: &Kurodoko) -> String {
    let slots: Vec<Slot> = p.cells.iter().map(|&c| c.into()).collect();
    puzzlink::url(PID, p.cols, p.rows, &puzzlink::write_numbers(&slots))
}

/// The board as text; `state(k)` is cell k's shading when known.
pub fn text(p: &Kurodoko, state: impl Fn(usize) -> Option<bool>) -> String {
    let width = p.cells.iter().map(|&c| symbol(c).len()).max().unwrap_or(1);
    let lines: Vec<String> = p
        .cells
        .chunks(p.cols)
        .enumerate()
        .map(|(r, row)| {
            let cells: Vec<String> = (0..p.cols)
                .map(|c| {
                    let k = r * p.cols + c;
                    let s = match (state(k), row[c]) {
                        (Some(true), _) => "#".to_string(),
                        (_, Clue::None) if state(k).is_none() => "_".to_string(),
                        (_, clue) => symbol(clue),
                    };
                    format!("{s:>width$}")
                })
                .collect();
            cells.join(" ")
        })
        .collect();
    lines.join("\n")
}

/// The board and its shading as an SVG document.
pub fn svg(p: &Kurodoko, s: &Shading) -> String {
    let size = 30.0;
    let margin = 10.0;
    let (w, h) = (p.cols as f64 * size, p.rows as f64 * size);
    let (tw, th) = (w + 2.0 * margin, h + 2.0 * margin);
    let mut out = format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{tw}\" height=\"{th}\" viewBox=\"{} {} {tw} {th}\">\n",
        -margin, -margin
    );
    out.push_str(&format!(
        "<rect x=\"{}\" y=\"{}\" width=\"{tw}\" height=\"{th}\" fill=\"white\"/>\n",
        -margin, -margin
    ));
    for k in 0..p.rows * p.cols {
        let (x, y) = ((k % p.cols) as f64 * size, (k / p.cols) as f64 * size);
        let fill = if s.at(k, p.cols) { "#333" } else { "white" };
        out.push_str(&format!(
            "<rect x=\"{x}\" y=\"{y}\" width=\"{size}\" height=\"{size}\" fill=\"{fill}\" stroke=\"#999\"/>\n"
        ));
        if p.cells[k] != Clue::None {
            out.push_str(&format!(
                "<text x=\"{}\" y=\"{}\" font-family=\"sans-serif\" font-size=\"16\" text-anchor=\"middle\">{}</text>\n",
                x + size / 2.0,
                y + 21.0,
                symbol(p.cells[k])
            ));
        }
    }
    out.push_str(&format!(
        "<rect x=\"0\" y=\"0\" width=\"{w}\" height=\"{h}\" fill=\"none\" stroke=\"black\" stroke-width=\"2\"/>\n"
    ));
    out.push_str("</svg>\n");
    out
}
