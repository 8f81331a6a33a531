//! Pictures of a solution: text (clue cells as their tokens, `#` a shaded cell, `.` a cell on
//! the loop, `-` and `|` the loop's segments; in a partial answer `_` a cell not yet known and
//! `x` a segment known to be off) and SVG.

use crate::{Cell, Solution, Yajilin};

/// Whether a segment is on (`Some(true)`), off, or not known.
type Known<'a> = &'a dyn Fn(usize, usize) -> Option<bool>;

/// The board as lines of text, cells `w` characters wide (the widest clue token).
fn lines(p: &Yajilin, cell: &dyn Fn(usize) -> String, seg: Known, partial: bool) -> Vec<String> {
    let w = p.cells.iter().map(|c| c.token().len()).max().unwrap_or(1);
    let mark = |a: usize, b: usize, on: char| match seg(a, b) {
        Some(true) => on,
        Some(false) if partial => 'x',
        _ => ' ',
    };
    let mut out = Vec::new();
    for r in 0..p.rows {
        let mut s = String::new();
        for c in 0..p.cols {
            let k = r * p.cols + c;
            let text = cell(k);
            let right = if c + 1 < p.cols {
                mark(k, k + 1, '-')
            } else {
                ' '
            };
            let fill = if right == '-' { '-' } else { ' ' };
            s.push_str(&text);
            s.extend(std::iter::repeat_n(
                fill,
                w.saturating_sub(text.chars().count()),
            ));
            s.push(right);
        }
        out.push(s.trim_end().to_string());
        if r + 1 < p.rows {
            let s: String = (0..p.cols)
                .map(|c| {
                    let k = r * p.cols + c;
                    format!("{}{}", mark(k, k + p.cols, '|'), " ".repeat(w))
                })
                .collect();
            out.push(s.trim_end().to_string());
        }
    }
    out
}

/// A solution as text.
pub fn text(p: &Yajilin, s: &Solution) -> Vec<String> {
    let cell = |k: usize| match p.cells[k] {
        Cell::Open if s.shaded[k] => "#".to_string(),
        Cell::Open => ".".to_string(),
        c => c.token(),
    };
    lines(p, &cell, &|a, b| Some(p.joined(s, a, b)), false)
}

/// A partial answer (`known[v]`: the value of answer variable v, if settled) as text.
pub fn partial(p: &Yajilin, known: &[Option<bool>]) -> String {
    let (_, vars) = p.rules_cnf(wellposed_engine::sat::Choices::default());
    // The answer variables are the formula's first ones, in order.
    let value = |v: wellposed_engine::sat::Var| known.get(v.index()).copied().flatten();
    let edge: std::collections::HashMap<(usize, usize), wellposed_engine::sat::Var> =
        vars.edges.iter().map(|&(a, b, v)| ((a, b), v)).collect();
    let cell = |k: usize| match (p.cells[k], vars.shade[k]) {
        (Cell::Open, Some(v)) => match value(v) {
            Some(true) => "#".to_string(),
            Some(false) => ".".to_string(),
            None => "_".to_string(),
        },
        (c, _) => c.token(),
    };
    let seg = |a: usize, b: usize| edge.get(&(a, b)).map_or(Some(false), |&v| value(v));
    lines(p, &cell, &seg, true).join("\n")
}

pub fn svg(p: &Yajilin, s: &Solution) -> String {
    let size = 30.0;
    let (w, h) = (p.cols as f64 * size, p.rows as f64 * size);
    let mut out = format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{w}\" height=\"{h}\" viewBox=\"0 0 {w} {h}\">\n<rect width=\"{w}\" height=\"{h}\" fill=\"white\" stroke=\"#888\"/>\n"
    );
    let clue_fill = if p.grey { "#cccccc" } else { "white" };
    for (k, &cell) in p.cells.iter().enumerate() {
        let (x, y) = ((k % p.cols) as f64 * size, (k / p.cols) as f64 * size);
        let fill = match cell {
            Cell::Open if s.shaded[k] => "black",
            Cell::Open => "white",
            _ => clue_fill,
        };
        out.push_str(&format!(
            "<rect x=\"{x}\" y=\"{y}\" width=\"{size}\" height=\"{size}\" fill=\"{fill}\" stroke=\"#ccc\"/>\n"
        ));
        if let Cell::Clue { dir, count } = cell {
            let arrow = dir.map_or("", |d| match d {
                crate::Dir::Up => "↑",
                crate::Dir::Down => "↓",
                crate::Dir::Left => "←",
                crate::Dir::Right => "→",
            });
            let number = count.map_or("?".to_string(), |n| n.to_string());
            out.push_str(&format!(
                "<text x=\"{}\" y=\"{}\" font-size=\"13\" text-anchor=\"middle\" font-family=\"sans-serif\">{arrow}{number}</text>\n",
                x + size / 2.0,
                y + size / 2.0 + 5.0
            ));
        }
    }
    let centre = |k: usize| {
        (
            ((k % p.cols) as f64 + 0.5) * size,
            ((k / p.cols) as f64 + 0.5) * size,
        )
    };
    for (a, b) in wellposed_engine::connectivity::grid_pairs(p.rows, p.cols) {
        if p.joined(s, a, b) {
            let ((x1, y1), (x2, y2)) = (centre(a), centre(b));
            out.push_str(&format!(
                "<line x1=\"{x1}\" y1=\"{y1}\" x2=\"{x2}\" y2=\"{y2}\" stroke=\"#1f5fbf\" stroke-width=\"4\" stroke-linecap=\"round\"/>\n"
            ));
        }
    }
    out.push_str("</svg>\n");
    out
}
