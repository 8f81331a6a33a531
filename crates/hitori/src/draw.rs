//! Pictures of a shading: text (`#` shaded, an unshaded cell's number, `_` open in a partial
//! answer; the puzzle's numbers beside the grid, so the shaded ones stay readable) and SVG
//! (shaded cells filled, their numbers in white).

use crate::format::symbol;
use crate::{Hitori, Shading};

/// The board as text; `state(k)` is cell k's shading when known.
pub fn text(p: &Hitori, state: impl Fn(usize) -> Option<bool>) -> String {
    let cols = p.cols;
    let width = p.cells.iter().map(|&c| symbol(c).len()).max().unwrap_or(1);
    let mut lines = Vec::with_capacity(p.rows);
    for r in 0..p.rows {
        let cell = |k: usize| {
            let s = match state(k) {
                Some(true) => "#".to_string(),
                Some(false) => symbol(p.cells[k]),
                None => "_".to_string(),
            };
            format!("{s:>width$}")
        };
        let row: Vec<String> = (r * cols..(r + 1) * cols).map(cell).collect();
        let numbers: Vec<String> = (r * cols..(r + 1) * cols)
            .map(|k| format!("{:>width$}", symbol(p.cells[k])))
            .collect();
        lines.push(format!("{}   {}", row.join(" "), numbers.join(" ")));
    }
    lines.join("\n")
}

/// The board and its shading as an SVG document.
pub fn svg(p: &Hitori, s: &Shading) -> String {
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
        let shaded = s.at(k, p.cols);
        let fill = if shaded { "#333" } else { "white" };
        out.push_str(&format!(
            "<rect x=\"{x}\" y=\"{y}\" width=\"{size}\" height=\"{size}\" fill=\"{fill}\" stroke=\"#999\"/>\n"
        ));
        if p.cells[k] != crate::Clue::None {
            let ink = if shaded { "white" } else { "black" };
            out.push_str(&format!(
                "<text x=\"{}\" y=\"{}\" font-family=\"sans-serif\" font-size=\"16\" text-anchor=\"middle\" fill=\"{ink}\">{}</text>\n",
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
