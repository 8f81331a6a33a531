//! The text format (`family kurodoko`), puzz.link URLs (`kurodoko`: the cells' numbers in
//! pzprjs's number16 code, [`wellposed_engine::puzzlink`], `.` a `?`) and the pictures: text
//! (`#` shaded, a number, `.` unshaded, `_` open in a partial answer) and SVG.

use crate::{Clue, Kurodoko, Shading, MAX_CELLS};
use wellposed_engine::puzzlink::{self, Slot};
use wellposed_engine::{Document, ParseError};

const PID: &str = "kurodoko";

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
            if s.is_empty() || !s.bytes().all(|b| b.is_ascii_digit()) || s.len() > 6 {
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

pub fn parse(text: &str, source: &str) -> Result<Kurodoko, ParseError> {
    if let Some(read) = puzzlink::in_text::<Kurodoko>(text, source) {
        return read;
    }
    let doc = Document::read_family(text, source, "kurodoko", &["size", "numbers"], &["numbers"])?;
    let (rows, cols) = doc.size(MAX_CELLS)?;
    let entry = doc.require("numbers", "the grid of numbers")?;
    if entry.body.len() != rows {
        return Err(doc.error(
            entry.line,
            format!(
                "`numbers`: expected {rows} rows, found {}",
                entry.body.len()
            ),
        ));
    }
    let mut cells = Vec::with_capacity(rows * cols);
    for (line, tokens) in &entry.body {
        if tokens.len() != cols {
            return Err(doc.error(
                *line,
                format!("expected {cols} cells apart, found {}", tokens.len()),
            ));
        }
        for t in tokens {
            cells.push(clue_of(t).ok_or_else(|| {
                doc.error(
                    *line,
                    format!("expected `.`, `?` or a number from 0 to {MAX_CELLS}, found `{t}`"),
                )
            })?);
        }
    }
    Ok(Kurodoko { rows, cols, cells })
}

pub fn to_text(p: &Kurodoko) -> String {
    let mut s = format!("family kurodoko\nsize {} {}\nnumbers\n", p.rows, p.cols);
    for row in p.cells.chunks(p.cols) {
        let row: Vec<String> = row.iter().map(|&c| symbol(c)).collect();
        s.push_str(&row.join(" "));
        s.push('\n');
    }
    s
}

/// Reads a `kurodoko` URL.
pub fn from_url(u: &puzzlink::Url) -> Result<Kurodoko, String> {
    let (rows, cols) = (u.rows, u.cols);
    if rows == 0 || cols == 0 || rows.saturating_mul(cols) > MAX_CELLS {
        return Err(format!(
            "expected 1..{MAX_CELLS} cells in all, found {cols} columns × {rows} rows"
        ));
    }
    let (slots, rest) = puzzlink::read_numbers(u.body, rows * cols)?;
    if !rest.is_empty() && rest != "/" {
        return Err(format!("unexpected `{rest}` after the numbers"));
    }
    let cells = slots
        .into_iter()
        .map(|s| match s {
            Slot::Empty => Ok(Clue::None),
            Slot::Unknown => Ok(Clue::Unknown),
            Slot::Number(n) if n as usize <= MAX_CELLS => Ok(Clue::Number(n)),
            Slot::Number(n) => Err(format!("expected numbers up to {MAX_CELLS}, found {n}")),
        })
        .collect::<Result<_, _>>()?;
    Ok(Kurodoko { rows, cols, cells })
}

/// The puzzle's `kurodoko` URL, written as pzprjs writes it.
pub fn url(p: &Kurodoko) -> String {
    let slots: Vec<Slot> = p
        .cells
        .iter()
        .map(|c| match *c {
            Clue::None => Slot::Empty,
            Clue::Unknown => Slot::Unknown,
            Clue::Number(n) => Slot::Number(n),
        })
        .collect();
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
