//! Pictures of a loop: text (pearls `o` white and `@` black, `.` other cells, `-` and `|` the
//! loop's segments between them, `x` segments known to be off in a partial answer) and SVG.

use crate::{Loop, Masyu, Pearl, Seg};

pub fn text(p: &Masyu, state: impl Fn(Seg) -> Option<bool>) -> String {
    let partial = (0..p.num_segs()).any(|k| state(p.seg(k)).is_none());
    let mark = |s: Seg, on: char| match state(s) {
        Some(true) => on,
        Some(false) if partial => 'x',
        _ => ' ',
    };
    let mut lines = Vec::new();
    for r in 0..p.rows {
        let mut s = String::new();
        for c in 0..p.cols {
            s.push(match p.cells[r * p.cols + c] {
                Pearl::None => '.',
                Pearl::White => 'o',
                Pearl::Black => '@',
            });
            if c + 1 < p.cols {
                s.push(mark(Seg::H(r, c), '-'));
            }
        }
        lines.push(s);
        if r + 1 < p.rows {
            let s: String = (0..p.cols)
                .map(|c| format!("{} ", mark(Seg::V(r, c), '|')))
                .collect();
            lines.push(s.trim_end().to_string());
        }
    }
    lines.join("\n")
}

pub fn svg(p: &Masyu, l: &Loop) -> String {
    let size = 30.0;
    let (w, h) = (p.cols as f64 * size, p.rows as f64 * size);
    let mut out = format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{w}\" height=\"{h}\" viewBox=\"0 0 {w} {h}\">\n<rect width=\"{w}\" height=\"{h}\" fill=\"white\" stroke=\"#888\"/>\n"
    );
    for r in 0..p.rows {
        for c in 0..p.cols {
            out.push_str(&format!(
                "<rect x=\"{}\" y=\"{}\" width=\"{size}\" height=\"{size}\" fill=\"none\" stroke=\"#ccc\"/>\n",
                c as f64 * size,
                r as f64 * size
            ));
        }
    }
    let centre = |r: usize, c: usize| ((c as f64 + 0.5) * size, (r as f64 + 0.5) * size);
    for k in 0..p.num_segs() {
        let s = p.seg(k);
        if !l.has(s) {
            continue;
        }
        let (a, b) = p.ends(s);
        let ((x1, y1), (x2, y2)) = (
            centre(a / p.cols, a % p.cols),
            centre(b / p.cols, b % p.cols),
        );
        out.push_str(&format!(
            "<line x1=\"{x1}\" y1=\"{y1}\" x2=\"{x2}\" y2=\"{y2}\" stroke=\"#1f5fbf\" stroke-width=\"4\" stroke-linecap=\"round\"/>\n"
        ));
    }
    for r in 0..p.rows {
        for c in 0..p.cols {
            let fill = match p.cells[r * p.cols + c] {
                Pearl::None => continue,
                Pearl::White => "white",
                Pearl::Black => "black",
            };
            let (x, y) = centre(r, c);
            out.push_str(&format!(
                "<circle cx=\"{x}\" cy=\"{y}\" r=\"{}\" fill=\"{fill}\" stroke=\"black\" stroke-width=\"2\"/>\n",
                size * 0.32
            ));
        }
    }
    out.push_str("</svg>\n");
    out
}
