//! The text format (`family hashikake`), puzz.link URLs (`hashi`, also `hashikake` and
//! `bridges`: the cells' numbers in pzprjs's number16 code, [`wellposed_engine::puzzlink`],
//! `.` an island without a number) and the pictures: text (islands, `-` `=` bridges across,
//! `|` `"` bridges down) and SVG.

use crate::{Bridges, Cell, Hashi, MAX_CELLS, MAX_NUMBER};
use wellposed_engine::number_grid::{Grid, Numbers};
use wellposed_engine::puzzlink::{self, Slot};
use wellposed_engine::ParseError;

/// The genre name pzprjs writes in its URLs.
const PID: &str = "hashi";

/// The numbers of the text format, the edit grid and the URL: an island's bridges, 1 to
/// [`MAX_NUMBER`] (`.` an empty cell, `?` an island without a number).
const NUMBERS: Numbers = Numbers::new(1, MAX_NUMBER);

wellposed_engine::slot_conversions!(Cell, Empty, Unknown, Number);

/// The cell's symbol in the text format and the edit grid.
pub fn symbol(c: Cell) -> String {
    Numbers::symbol(c.into())
}

/// The cell of a symbol: `.`, `?` or a number from 1 to [`MAX_NUMBER`].
pub fn cell_of(s: &str) -> Option<Cell> {
    NUMBERS.of_symbol(s).map(Cell::from)
}

pub fn parse(text: &str, source: &str) -> Result<Hashi, ParseError> {
    if let Some(read) = puzzlink::in_text::<Hashi>(text, source) {
        return read;
    }
    let ((rows, cols), cells) = Grid::apart(&NUMBERS.expected()).read_document(
        (text, source),
        "hashikake",
        "islands",
        MAX_CELLS,
        cell_of,
    )?;
    Ok(Hashi { rows, cols, cells })
}

pub fn to_text(p: &Hashi) -> String {
    Grid::apart("").write_document("hashikake", "islands", (p.rows, p.cols), &p.cells, |&c| {
        symbol(c)
    })
}

/// Reads a `hashi` (`hashikake`, `bridges`) URL.
pub fn from_url(u: &puzzlink::Url) -> Result<Hashi, String> {
    let n = u.cells(MAX_CELLS)?;
    let (slots, rest) = puzzlink::read_numbers(u.body, n)?;
    if !rest.is_empty() && rest != "/" {
        return Err(format!("unexpected `{rest}` after the numbers"));
    }
    let cells = slots
        .into_iter()
        .map(|s| NUMBERS.check(s).map(Cell::from))
        .collect::<Result<_, _>>()?;
    Ok(Hashi {
        rows: u.rows,
        cols: u.cols,
        cells,
    })
}

/// The puzzle's URL, written as pzprjs writes it (under its URL name `hashi`).
pub fn url(p: &Hashi) -> String {
    let slots: Vec<Slot> = p.cells.iter().map(|&c| c.into()).collect();
    puzzlink::url(PID, p.cols, p.rows, &puzzlink::write_numbers(&slots))
}

/// The board and its bridges as text: a line per row, each cell's symbol (an island's number,
/// `-`/`=` under a bridge across, `|`/`"` under one down, `.` empty), and between two cells
/// the bridges across the border (`-`, `=` or a space).
pub fn text(p: &Hashi, s: &Bridges) -> String {
    let across = |x: u8| match x {
        0 => ' ',
        1 => '-',
        _ => '=',
    };
    let mut lines = Vec::with_capacity(p.rows);
    for r in 0..p.rows {
        let mut line = String::new();
        for c in 0..p.cols {
            let k = r * p.cols + c;
            let cell = match p.cells[k] {
                Cell::Empty if s.right[r][c] > 0 => across(s.right[r][c]).to_string(),
                Cell::Empty if s.down[r][c] > 0 => {
                    if s.down[r][c] == 1 { "|" } else { "\"" }.to_string()
                }
                cell => symbol(cell),
            };
            line.push_str(&cell);
            if c + 1 < p.cols {
                line.push(across(s.right[r][c]));
            }
        }
        lines.push(line);
    }
    lines.join("\n")
}

/// The board and its bridges as an SVG document.
pub fn svg(p: &Hashi, s: &Bridges) -> String {
    let size = 32.0;
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
    let centre = |k: usize| {
        (
            (k % p.cols) as f64 * size + size / 2.0,
            (k / p.cols) as f64 * size + size / 2.0,
        )
    };
    // Each border's bridges as one or two short strokes from centre to centre: the strokes of
    // a long bridge meet end to end under the empty cells.
    for k in 0..p.rows * p.cols {
        let (r, c) = (k / p.cols, k % p.cols);
        for (x, j, across) in [
            (s.right[r][c], k + 1, true),
            (s.down[r][c], k + p.cols, false),
        ] {
            if x == 0 {
                continue;
            }
            let ((x1, y1), (x2, y2)) = (centre(k), centre(j));
            let offsets: &[f64] = if x == 1 { &[0.0] } else { &[-3.5, 3.5] };
            for &d in offsets {
                let (dx, dy) = if across { (0.0, d) } else { (d, 0.0) };
                out.push_str(&format!(
                    "<line x1=\"{}\" y1=\"{}\" x2=\"{}\" y2=\"{}\" stroke=\"black\" stroke-width=\"2\"/>\n",
                    x1 + dx, y1 + dy, x2 + dx, y2 + dy
                ));
            }
        }
    }
    for k in p.islands() {
        let (x, y) = centre(k);
        out.push_str(&format!(
            "<circle cx=\"{x}\" cy=\"{y}\" r=\"{}\" fill=\"white\" stroke=\"black\" stroke-width=\"1.5\"/>\n",
            size * 0.42
        ));
        if let Cell::Number(n) = p.cells[k] {
            out.push_str(&format!(
                "<text x=\"{x}\" y=\"{}\" font-family=\"sans-serif\" font-size=\"16\" text-anchor=\"middle\">{n}</text>\n",
                y + 6.0
            ));
        }
    }
    out.push_str("</svg>\n");
    out
}
