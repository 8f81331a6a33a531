//! Drawings: the terminal picture (cells and the segments between them, rows of vertical
//! segments between the rows of cells) and the SVG of a solution, each path in its colour.

use crate::{Links, Numlin};

/// The board with its segments: `seg(k)` is segment k's value (`None`: not known, drawn `?`).
pub fn text(p: &Numlin, seg: impl Fn(usize) -> Option<bool>) -> String {
    let segs = p.segments();
    let at = p.incident(&segs);
    let width = p
        .cells
        .iter()
        .flatten()
        .map(|x| x.to_string().len())
        .max()
        .unwrap_or(1);
    // The segment from cell k in a direction, by its index.
    let towards = |k: usize, other: usize| {
        at[k].iter().copied().find(|&s| {
            let (a, b) = segs[s];
            (a == k && b == other) || (b == k && a == other)
        })
    };
    let value = |k: usize, other: Option<usize>| other.and_then(|o| towards(k, o)).map(&seg);
    let mut lines = Vec::new();
    for r in 0..p.rows {
        let mut row = String::new();
        let mut below = String::new();
        for c in 0..p.cols {
            let k = r * p.cols + c;
            let left = value(k, (c > 0).then(|| k - 1));
            let right = value(k, (c + 1 < p.cols).then_some(k + 1));
            let up = value(k, (r > 0).then(|| k - p.cols));
            let down = value(k, (r + 1 < p.rows).then_some(k + p.cols));
            let on = |v: Option<Option<bool>>| v == Some(Some(true));
            let body = match p.cells[k] {
                Some(x) => x.to_string(),
                None => glyph(on(up), on(down), on(left), on(right)).to_string(),
            };
            let pad = if on(left) { '─' } else { ' ' };
            for _ in body.chars().count()..width {
                row.push(pad);
            }
            row.push_str(&body);
            if c + 1 < p.cols {
                row.push(mark(right, '─'));
            }
            if r + 1 < p.rows {
                below.extend(std::iter::repeat_n(' ', width - 1));
                below.push(mark(down, '│'));
                if c + 1 < p.cols {
                    below.push(' ');
                }
            }
        }
        lines.push(row.trim_end().to_string());
        if r + 1 < p.rows {
            lines.push(below.trim_end().to_string());
        }
    }
    lines.join("\n")
}

fn mark(v: Option<Option<bool>>, line: char) -> char {
    match v {
        Some(Some(true)) => line,
        Some(None) => '?',
        _ => ' ',
    }
}

/// A cell's line drawing from the directions its segments go.
fn glyph(up: bool, down: bool, left: bool, right: bool) -> char {
    match (up, down, left, right) {
        (false, false, false, false) => '·',
        (false, false, true, true) => '─',
        (true, true, false, false) => '│',
        (false, true, false, true) => '┌',
        (false, true, true, false) => '┐',
        (true, false, false, true) => '└',
        (true, false, true, false) => '┘',
        (false, false, true, false) => '╴',
        (false, false, false, true) => '╶',
        (true, false, false, false) => '╵',
        (false, true, false, false) => '╷',
        _ => '┼',
    }
}

/// The solution drawn: the grid, each path in its number's colour, the numbers in circles.
pub fn svg(p: &Numlin, s: &Links) -> String {
    let size = 30.0;
    let (w, h) = (p.cols as f64 * size, p.rows as f64 * size);
    let centre = |k: usize| {
        (
            (k % p.cols) as f64 * size + size / 2.0,
            (k / p.cols) as f64 * size + size / 2.0,
        )
    };
    let mut out = format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{}\" height=\"{}\" viewBox=\"-2 -2 {} {}\">\n",
        w + 4.0,
        h + 4.0,
        w + 4.0,
        h + 4.0
    );
    out.push_str(&format!(
        "<rect x=\"0\" y=\"0\" width=\"{w}\" height=\"{h}\" fill=\"white\" stroke=\"black\" stroke-width=\"2\"/>\n"
    ));
    for r in 1..p.rows {
        let y = r as f64 * size;
        out.push_str(&format!(
            "<line x1=\"0\" y1=\"{y}\" x2=\"{w}\" y2=\"{y}\" stroke=\"#ccc\"/>\n"
        ));
    }
    for c in 1..p.cols {
        let x = c as f64 * size;
        out.push_str(&format!(
            "<line x1=\"{x}\" y1=\"0\" x2=\"{x}\" y2=\"{h}\" stroke=\"#ccc\"/>\n"
        ));
    }
    for path in &s.paths {
        let colour = wellposed_engine::palette(i64::from(path.number));
        let points: Vec<String> = path
            .cells
            .iter()
            .map(|&(r, c)| {
                let (x, y) = centre((r - 1) * p.cols + c - 1);
                format!("{x},{y}")
            })
            .collect();
        out.push_str(&format!(
            "<polyline points=\"{}\" fill=\"none\" stroke=\"{colour}\" stroke-width=\"6\" stroke-linejoin=\"round\" stroke-linecap=\"round\"/>\n",
            points.join(" ")
        ));
    }
    for (k, cell) in p.cells.iter().enumerate() {
        if let Some(x) = cell {
            let (cx, cy) = centre(k);
            out.push_str(&format!(
                "<circle cx=\"{cx}\" cy=\"{cy}\" r=\"{}\" fill=\"white\" stroke=\"black\"/>\n<text x=\"{cx}\" y=\"{}\" font-size=\"14\" text-anchor=\"middle\" font-family=\"sans-serif\">{x}</text>\n",
                size * 0.38,
                cy + 5.0
            ));
        }
    }
    out.push_str("</svg>\n");
    out
}
