//! Pictures of a shading: text (each shaded cell the letter of its room's shape, `.`
//! unshaded, `_` open in a partial answer; rooms as letters beside the grid) and SVG (shaded
//! cells filled, room borders thick).

use crate::shapes::shape_of;
use crate::{Lits, Shading};

/// The board as text; `state(k)` is cell k's shading when known.
pub fn text(p: &Lits, state: impl Fn(usize) -> Option<bool>) -> String {
    let cols = p.cols();
    let letter = |i: usize| {
        let i = i % 52;
        char::from(if i < 26 {
            b'a' + i as u8
        } else {
            b'A' + (i - 26) as u8
        })
    };
    // A room whose four cells are all known shaded shows its shape.
    let shape: Vec<Option<char>> = p
        .rooms
        .cells
        .iter()
        .map(|room| {
            let on: Vec<usize> = room
                .iter()
                .copied()
                .filter(|&k| state(k) == Some(true))
                .collect();
            shape_of(&on, cols).map(|s| s.letter())
        })
        .collect();
    let mut lines = Vec::with_capacity(p.rows());
    for r in 0..p.rows() {
        let row: String = (0..cols)
            .map(|c| {
                let k = r * cols + c;
                match state(k) {
                    Some(true) => shape[p.rooms.of[k]].unwrap_or('#'),
                    Some(false) => '.',
                    None => '_',
                }
            })
            .collect();
        let rooms: String = (0..cols)
            .map(|c| letter(p.rooms.of[r * cols + c]))
            .collect();
        lines.push(format!("{row}   {rooms}"));
    }
    lines.join("\n")
}

/// The board and its shading as an SVG document.
pub fn svg(p: &Lits, s: &Shading) -> String {
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
    for r in 0..p.rows() {
        for c in 0..p.cols() {
            if s.shaded[r][c] {
                out.push_str(&format!(
                    "<rect x=\"{}\" y=\"{}\" width=\"{size}\" height=\"{size}\" fill=\"#333\"/>\n",
                    c as f64 * size,
                    r as f64 * size
                ));
            }
        }
    }
    out.push_str(&p.rooms.svg_borders(size));
    out.push_str("</svg>\n");
    out
}
