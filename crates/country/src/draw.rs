//! Pictures of a loop: text (each room's clue in its first cell, `.` other cells, `-` and `|`
//! the loop's segments between them, `x` segments known to be off in a partial answer; the
//! rooms as letters beside the grid) and SVG (room borders thick, numbers, the loop).

use crate::{Clue, Country, Road};

/// The board as text; `state(k)` is segment k's value when known.
pub fn text(p: &Country, state: impl Fn(usize) -> Option<bool>) -> String {
    let (rows, cols) = (p.rows(), p.cols());
    let pairs = p.pairs();
    let partial = (0..pairs.len()).any(|k| state(k).is_none());
    let mark = |k: usize, on: char| match state(k) {
        Some(true) => on,
        Some(false) if partial => 'x',
        _ => ' ',
    };
    let mut symbol = vec![".".to_string(); rows * cols];
    for (i, room) in p.rooms.cells.iter().enumerate() {
        if p.clues[i] != Clue::None {
            symbol[room[0]] = crate::format::symbol(p.clues[i]);
        }
    }
    let width = symbol.iter().map(|s| s.len()).max().unwrap_or(1);
    let letter = |i: usize| {
        let i = i % 52;
        char::from(if i < 26 {
            b'a' + i as u8
        } else {
            b'A' + (i - 26) as u8
        })
    };
    let horizontal = rows * (cols - 1);
    let mut lines = Vec::with_capacity(2 * rows);
    for r in 0..rows {
        let mut s = String::new();
        for c in 0..cols {
            s.push_str(&format!("{:>width$}", symbol[r * cols + c]));
            if c + 1 < cols {
                s.push(mark(r * (cols - 1) + c, '-'));
            }
        }
        let letters: String = (0..cols)
            .map(|c| letter(p.rooms.of[r * cols + c]))
            .collect();
        lines.push(format!("{s}   {letters}"));
        if r + 1 < rows {
            let s: String = (0..cols)
                .map(|c| format!("{:>width$} ", mark(horizontal + r * cols + c, '|')))
                .collect();
            lines.push(s.trim_end().to_string());
        }
    }
    lines.join("\n")
}

/// The board and its loop as an SVG document.
pub fn svg(p: &Country, road: &Road) -> String {
    let size = 30.0;
    let margin = 10.0;
    let (w, h) = (p.cols() as f64 * size, p.rows() as f64 * size);
    let (full_w, full_h) = (w + 2.0 * margin, h + 2.0 * margin);
    let mut out = format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{full_w}\" height=\"{full_h}\" viewBox=\"{} {} {full_w} {full_h}\">\n<rect x=\"{}\" y=\"{}\" width=\"{full_w}\" height=\"{full_h}\" fill=\"white\"/>\n",
        -margin, -margin, -margin, -margin
    );
    out.push_str(&p.rooms.svg_borders(size));
    for (i, room) in p.rooms.cells.iter().enumerate() {
        if p.clues[i] == Clue::None {
            continue;
        }
        let k = room[0];
        out.push_str(&format!(
            "<text x=\"{}\" y=\"{}\" font-family=\"sans-serif\" font-size=\"12\" fill=\"black\">{}</text>\n",
            (k % p.cols()) as f64 * size + 3.0,
            (k / p.cols()) as f64 * size + 12.0,
            crate::format::symbol(p.clues[i])
        ));
    }
    let centre = |k: usize| {
        (
            ((k % p.cols()) as f64 + 0.5) * size,
            ((k / p.cols()) as f64 + 0.5) * size,
        )
    };
    for ((a, b), on) in p.pairs().into_iter().zip(road.segments()) {
        if !on {
            continue;
        }
        let ((x1, y1), (x2, y2)) = (centre(a), centre(b));
        out.push_str(&format!(
            "<line x1=\"{x1}\" y1=\"{y1}\" x2=\"{x2}\" y2=\"{y2}\" stroke=\"#1f5fbf\" stroke-width=\"4\" stroke-linecap=\"round\"/>\n"
        ));
    }
    out.push_str("</svg>\n");
    out
}
