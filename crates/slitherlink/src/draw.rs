//! Pictures of a loop: text (`+` corners, `-` and `|` loop edges, `x` edges known to be off in
//! a partial answer, numbers in the cells) and SVG (dots, numbers, the loop as thick lines).

use crate::{Cell, Edge, Loop, Slitherlink};

/// The board as text; `state(e)` is the edge's value when known.
pub fn text(p: &Slitherlink, state: impl Fn(Edge) -> Option<bool>) -> String {
    // In a full answer an edge off is blank; in a partial one, `x` marks the ones known off and
    // blank the open ones.
    let partial = (0..p.num_edges()).any(|k| state(p.edge(k)).is_none());
    let mark = |e: Edge, on: char| match state(e) {
        Some(true) => on,
        Some(false) if partial => 'x',
        _ => ' ',
    };
    let mut lines = Vec::with_capacity(2 * p.rows + 1);
    for r in 0..=p.rows {
        let mut s = String::new();
        for c in 0..p.cols {
            s.push('+');
            s.push(mark(Edge::H(r, c), '-'));
        }
        s.push('+');
        lines.push(s);
        if r == p.rows {
            break;
        }
        let mut s = String::new();
        for c in 0..=p.cols {
            s.push(mark(Edge::V(r, c), '|'));
            if c < p.cols {
                s.push(match p.cells[r * p.cols + c] {
                    Cell::Empty => ' ',
                    Cell::Unknown => '?',
                    Cell::Number(n) => char::from(b'0' + n),
                });
            }
        }
        lines.push(s.trim_end().to_string());
    }
    lines.join("\n")
}

/// The board and its loop as an SVG document.
pub fn svg(p: &Slitherlink, l: &Loop) -> String {
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
    for k in 0..p.num_edges() {
        let e = p.edge(k);
        if !l.has(e) {
            continue;
        }
        let (r1, c1, r2, c2) = match e {
            Edge::H(r, c) => (r, c, r, c + 1),
            Edge::V(r, c) => (r, c, r + 1, c),
        };
        out.push_str(&format!(
            "<line x1=\"{}\" y1=\"{}\" x2=\"{}\" y2=\"{}\" stroke=\"#1f5fbf\" stroke-width=\"4\" stroke-linecap=\"round\"/>\n",
            c1 as f64 * size,
            r1 as f64 * size,
            c2 as f64 * size,
            r2 as f64 * size
        ));
    }
    for r in 0..=p.rows {
        for c in 0..=p.cols {
            out.push_str(&format!(
                "<circle cx=\"{}\" cy=\"{}\" r=\"2\" fill=\"black\"/>\n",
                c as f64 * size,
                r as f64 * size
            ));
        }
    }
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
