//! Pictures of a shading: text (`#` shaded, `.` unshaded, `?` unknown in a partial answer,
//! numbers in their cells) and SVG (grid lines, shaded cells filled, numbers).

use crate::{Cell, Nurikabe, Shading};

/// The board as text; `state(k)` is cell k's shading when known.
pub fn text(p: &Nurikabe, state: impl Fn(usize) -> Option<bool>) -> String {
    let width = p
        .cells
        .iter()
        .map(|&c| crate::format::symbol(c).len())
        .max()
        .unwrap_or(1);
    let mut lines = Vec::with_capacity(p.rows);
    for r in 0..p.rows {
        let row: Vec<String> = (0..p.cols)
            .map(|c| {
                let k = r * p.cols + c;
                let s = match (p.cells[k], state(k)) {
                    (Cell::Number(n), _) => n.to_string(),
                    (Cell::Unknown, _) => "?".into(),
                    (Cell::Empty, Some(true)) => "#".into(),
                    (Cell::Empty, Some(false)) => ".".into(),
                    (Cell::Empty, None) => "_".into(),
                };
                format!("{s:>width$}")
            })
            .collect();
        lines.push(row.join(" "));
    }
    lines.join("\n")
}

/// The board and its shading as an SVG document.
pub fn svg(p: &Nurikabe, s: &Shading) -> String {
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
    for r in 0..p.rows {
        for c in 0..p.cols {
            if s.shaded[r][c] {
                out.push_str(&format!(
                    "<rect x=\"{}\" y=\"{}\" width=\"{size}\" height=\"{size}\" fill=\"#333\"/>\n",
                    c as f64 * size,
                    r as f64 * size
                ));
            }
        }
    }
    for r in 0..=p.rows {
        out.push_str(&format!(
            "<line x1=\"0\" y1=\"{y}\" x2=\"{w}\" y2=\"{y}\" stroke=\"#999\" stroke-width=\"1\"/>\n",
            y = r as f64 * size
        ));
    }
    for c in 0..=p.cols {
        out.push_str(&format!(
            "<line x1=\"{x}\" y1=\"0\" x2=\"{x}\" y2=\"{h}\" stroke=\"#999\" stroke-width=\"1\"/>\n",
            x = c as f64 * size
        ));
    }
    out.push_str(&format!(
        "<rect x=\"0\" y=\"0\" width=\"{w}\" height=\"{h}\" fill=\"none\" stroke=\"black\" stroke-width=\"2\"/>\n"
    ));
    for r in 0..p.rows {
        for c in 0..p.cols {
            let t = match p.cells[r * p.cols + c] {
                Cell::Empty => continue,
                Cell::Unknown => "?".to_string(),
                Cell::Number(n) => n.to_string(),
            };
            out.push_str(&format!(
                "<text x=\"{}\" y=\"{}\" font-family=\"sans-serif\" font-size=\"18\" text-anchor=\"middle\" dominant-baseline=\"central\">{t}</text>\n",
                (c as f64 + 0.5) * size,
                (r as f64 + 0.5) * size
            ));
        }
    }
    out.push_str("</svg>\n");
    out
}
