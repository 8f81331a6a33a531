//! Pictures of a division: text (the clues in a grid, rectangle borders drawn with `|`, `-`
//! and `+`, no line inside a rectangle) and SVG (thick borders between rectangles, thin grid
//! lines inside them, the clues in circles as pzprjs draws them).

use crate::{format, Division, Rect, Shikaku};
use wellposed_engine::rooms::Rooms;

/// Per cell, the index of the rectangle that holds it (a cell in none gets a number of its
/// own, so that it is drawn apart).
fn owners(p: &Shikaku, rects: &[Rect]) -> Vec<usize> {
    let mut owner: Vec<usize> = (0..p.cells.len()).map(|k| rects.len() + k).collect();
    for (i, r) in rects.iter().enumerate() {
        for k in r.cells(p.cols) {
            if k < owner.len() {
                owner[k] = i;
            }
        }
    }
    owner
}

/// The division as text: each cell its clue (or blank), borders between rectangles.
pub fn text(p: &Shikaku, rects: &[Rect]) -> String {
    let (m, n) = (p.rows, p.cols);
    let owner = owners(p, rects);
    let width = p
        .cells
        .iter()
        .map(|&c| format::symbol(c).len())
        .max()
        .unwrap_or(1);
    let mut out = String::new();
    // The line above row r (r = m: below the last row).
    let rule = |out: &mut String, r: usize| {
        out.push('+');
        for c in 0..n {
            let wall = r == 0 || r == m || owner[(r - 1) * n + c] != owner[r * n + c];
            let piece = if wall { '-' } else { ' ' };
            out.extend(std::iter::repeat_n(piece, width + 2));
            out.push('+');
        }
        out.push('\n');
    };
    for r in 0..m {
        rule(&mut out, r);
        out.push('|');
        for c in 0..n {
            let k = r * n + c;
            let shown = match p.cells[k] {
                None => String::new(),
                clue => format::symbol(clue),
            };
            out.push_str(&format!(" {shown:>width$} "));
            let wall = c + 1 == n || owner[k] != owner[k + 1];
            out.push(if wall { '|' } else { ' ' });
        }
        out.push('\n');
    }
    rule(&mut out, m);
    out.pop();
    out
}

/// The division as an SVG document.
pub fn svg(p: &Shikaku, s: &Division) -> String {
    picture(p, &owners(p, &s.rects))
}

/// The puzzle as given: the clues on a grid of thin lines (every cell in one room, so no
/// border is drawn thick).
pub fn svg_puzzle(p: &Shikaku) -> String {
    picture(p, &vec![0; p.cells.len()])
}

/// The SVG document, thick borders between cells of different `owner`; one element per line.
fn picture(p: &Shikaku, owner: &[usize]) -> String {
    let size = 30.0;
    let margin = 10.0;
    let (w, h) = (p.cols as f64 * size, p.rows as f64 * size);
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
    let rooms = Rooms::from_labels(p.rows, p.cols, owner);
    out.push_str(&rooms.svg_borders(size));
    for (k, &c) in p.cells.iter().enumerate() {
        if c.is_none() {
            continue;
        }
        let (x, y) = (
            (k % p.cols) as f64 * size + size / 2.0,
            (k / p.cols) as f64 * size + size / 2.0,
        );
        out.push_str(&format!(
            "<circle cx=\"{x}\" cy=\"{y}\" r=\"{}\" fill=\"#333\"/>\n",
            size * 0.4
        ));
        let text = format::symbol(c);
        let font = if text.len() > 2 { 10 } else { 15 };
        out.push_str(&format!(
            "<text x=\"{x}\" y=\"{}\" font-size=\"{font}\" text-anchor=\"middle\" fill=\"white\" font-family=\"sans-serif\">{text}</text>\n",
            y + f64::from(font) * 0.35
        ));
    }
    out.push_str("</svg>\n");
    out
}
