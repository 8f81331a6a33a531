//! Pictures of a shading: text (`#` shaded, `.` unshaded, `_` open in a partial answer; the
//! rooms as letters beside the grid) and SVG (shaded cells filled, room borders thick, given
//! cells marked).

use crate::{Mark, Norinori, Shading};

/// The board as text; `state(k)` is cell k's shading when known. Beside each row, the cells'
/// rooms as letters (a–z, then A–Z, cycling), so the picture shows the rooms too.
pub fn text(p: &Norinori, state: impl Fn(usize) -> Option<bool>) -> String {
    let cols = p.cols();
    let letter = |i: usize| {
        let i = i % 52;
        char::from(if i < 26 {
            b'a' + i as u8
        } else {
            b'A' + (i - 26) as u8
        })
    };
    let mut lines = Vec::with_capacity(p.rows());
    for r in 0..p.rows() {
        let row: String = (0..cols)
            .map(|c| match state(r * cols + c) {
                Some(true) => '#',
                Some(false) => '.',
                None => '_',
            })
            .collect();
        let rooms: String = (0..cols)
            .map(|c| letter(p.rooms.of[r * cols + c]))
            .collect();
        lines.push(format!("{row}   {rooms}"));
    }
    lines.join("\n")
}

/// The board and its shading as an SVG document; a given cell has a small square (white on a
/// shaded cell, grey on an unshaded one) in its corner.
pub fn svg(p: &Norinori, s: &Shading) -> String {
    let size = 30.0;
    let margin = 10.0;
    let (w, h) = (p.cols() as f64 * size, p.rows() as f64 * size);
    let mut out = format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{}\" height=\"{}\" viewBox=\"{} {} {} {}\">\n",
        w + 2.0 * margin,
        h + 2.0 * margin,
        -margin,
        -margin,
        w + 2.0 * margin,
        h + 2.0 * margin
    );
    out.push_str(&format!(
        "<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" fill=\"white\"/>\n",
        -margin,
        -margin,
        w + 2.0 * margin,
        h + 2.0 * margin
    ));
    for k in 0..p.rows() * p.cols() {
        let (x, y) = ((k % p.cols()) as f64 * size, (k / p.cols()) as f64 * size);
        if s.at(k, p.cols()) {
            out.push_str(&format!(
                "<rect x=\"{x}\" y=\"{y}\" width=\"{size}\" height=\"{size}\" fill=\"#333\"/>\n"
            ));
        }
        if let Some(m) = p.givens[k] {
            let fill = if m == Mark::Shaded { "white" } else { "#999" };
            out.push_str(&format!(
                "<rect x=\"{}\" y=\"{}\" width=\"6\" height=\"6\" fill=\"{fill}\"/>\n",
                x + 3.0,
                y + 3.0
            ));
        }
    }
    out.push_str(&p.rooms.svg_borders(size));
    out.push_str("</svg>\n");
    out
}
