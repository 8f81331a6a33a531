//! Pictures of a shading: text (`#` shaded, `.` unshaded, `_` open in a partial answer, each
//! room's clue in its first cell; rooms as letters beside the grid) and SVG (shaded cells
//! filled, room borders thick, numbers).

use crate::{Clue, Heyawake, Shading};

/// The board as text; `state(k)` is cell k's shading when known. Beside each row, the cells'
/// rooms as letters (a–z, then A–Z, cycling), so the picture shows the rooms too.
pub fn text(p: &Heyawake, state: impl Fn(usize) -> Option<bool>) -> String {
    let cols = p.cols();
    let mut number_at = vec![None; p.rows() * cols];
    for (i, room) in p.rooms.cells.iter().enumerate() {
        if p.clues[i] != Clue::None {
            number_at[room[0]] = Some(crate::format::symbol(p.clues[i]));
        }
    }
    let width = number_at
        .iter()
        .flatten()
        .map(|s| s.len())
        .max()
        .unwrap_or(1);
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
        let row: Vec<String> = (0..cols)
            .map(|c| {
                let k = r * cols + c;
                let s = match (state(k), &number_at[k]) {
                    (Some(true), _) => "#".to_string(),
                    (_, Some(n)) => n.clone(),
                    (Some(false), None) => ".".to_string(),
                    (None, None) => "_".to_string(),
                };
                format!("{s:>width$}")
            })
            .collect();
        let rooms: String = (0..cols)
            .map(|c| letter(p.rooms.of[r * cols + c]))
            .collect();
        lines.push(format!("{}   {rooms}", row.join(" ")));
    }
    lines.join("\n")
}

/// The board and its shading as an SVG document.
pub fn svg(p: &Heyawake, s: &Shading) -> String {
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
    for (i, room) in p.rooms.cells.iter().enumerate() {
        let t = match p.clues[i] {
            Clue::None => continue,
            c => crate::format::symbol(c),
        };
        let k = room[0];
        let fill = if s.at(k, p.cols()) { "white" } else { "black" };
        out.push_str(&format!(
            "<text x=\"{}\" y=\"{}\" font-family=\"sans-serif\" font-size=\"14\" fill=\"{fill}\">{t}</text>\n",
            (k % p.cols()) as f64 * size + 3.0,
            (k / p.cols()) as f64 * size + 14.0
        ));
    }
    out.push_str("</svg>\n");
    out
}
