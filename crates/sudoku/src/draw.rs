//! Pictures of a grid: text with box rules for the terminal, and SVG with thick box lines,
//! givens in bold and filled digits in a lighter colour.

use crate::Sudoku;

/// A grid as text: `.` for an open cell (`cells` row-major, 0 open), `|` and `-` between
/// boxes; digits above 9 as numbers, every cell as wide as the widest.
pub fn text(p: &Sudoku, cells: &[u8]) -> String {
    let n = p.n();
    let (br, bc) = (p.shape.box_rows, p.shape.box_cols);
    let width = if n > 9 { 2 } else { 1 };
    let mut lines = Vec::new();
    for r in 0..n {
        if r > 0 && r % br == 0 {
            let band = "-".repeat(bc * (width + 1) - 1);
            lines.push(vec![band; n / bc].join("-+-"));
        }
        let mut line = String::new();
        for c in 0..n {
            if c > 0 {
                line.push_str(if c % bc == 0 { " | " } else { " " });
            }
            let s = match cells[r * n + c] {
                0 => ".".to_string(),
                d => d.to_string(),
            };
            line.push_str(&format!("{s:>width$}"));
        }
        lines.push(line);
    }
    lines.join("\n")
}

/// A grid as an SVG document: givens bold and black, the digits filled in blue.
pub fn svg(p: &Sudoku, cells: &[u8]) -> String {
    let n = p.n();
    let size = 36.0;
    let side = n as f64 * size;
    let mut out = format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{w}\" height=\"{w}\" viewBox=\"-2 -2 {w} {w}\">\n\
         <rect x=\"0\" y=\"0\" width=\"{side}\" height=\"{side}\" fill=\"white\"/>\n",
        w = side + 4.0
    );
    for i in 0..=n {
        let at = i as f64 * size;
        let thick = |every: usize| i % every == 0;
        for (x1, y1, x2, y2, t) in [
            (at, 0.0, at, side, thick(p.shape.box_cols)),
            (0.0, at, side, at, thick(p.shape.box_rows)),
        ] {
            out.push_str(&format!(
                "<line x1=\"{x1}\" y1=\"{y1}\" x2=\"{x2}\" y2=\"{y2}\" stroke=\"black\" stroke-width=\"{}\"/>\n",
                if t { 3 } else { 1 }
            ));
        }
    }
    for (k, &d) in cells.iter().enumerate() {
        if d == 0 {
            continue;
        }
        let (x, y) = (
            (k % n) as f64 * size + size / 2.0,
            (k / n) as f64 * size + size * 0.7,
        );
        let style = if p.givens[k].is_some() {
            "font-weight=\"bold\" fill=\"black\""
        } else {
            "fill=\"#2a5db0\""
        };
        out.push_str(&format!(
            "<text x=\"{x}\" y=\"{y}\" font-family=\"sans-serif\" font-size=\"{}\" text-anchor=\"middle\" {style}>{d}</text>\n",
            if n > 9 { 16 } else { 22 }
        ));
    }
    out.push_str("</svg>\n");
    out
}
