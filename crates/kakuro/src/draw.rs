//! Drawings: the board in the terminal (the document's tokens, digits in the white cells) and
//! as SVG (grey clue cells split by their diagonal, down sum below it and across sum above).

use crate::encode::digit_var;
use crate::{format, Cell, Fill, Kakuro};

/// The board as aligned rows, each white cell showing `mark(k)`.
fn table(p: &Kakuro, mark: impl Fn(usize) -> String) -> Vec<String> {
    let tokens: Vec<String> = (0..p.cells.len())
        .map(|k| match p.cells[k] {
            Cell::White => mark(k),
            c => format::token(c),
        })
        .collect();
    let width: Vec<usize> = (0..p.cols)
        .map(|c| {
            (0..p.rows)
                .map(|r| tokens[r * p.cols + c].chars().count())
                .max()
                .unwrap_or(1)
        })
        .collect();
    (0..p.rows)
        .map(|r| {
            let row: Vec<String> = (0..p.cols)
                .map(|c| format!("{:>w$}", tokens[r * p.cols + c], w = width[c]))
                .collect();
            row.join(" ").trim_end().to_string()
        })
        .collect()
}

/// The board with its digits (a black cell as its token).
pub fn rows(p: &Kakuro, digits: &[u8]) -> Vec<String> {
    table(p, |k| match digits.get(k) {
        Some(&d @ 1..=9) => d.to_string(),
        _ => "?".into(),
    })
}

/// A partial answer: a white cell's digit once settled, `?` while open.
pub fn partial(p: &Kakuro, known: &[Option<bool>]) -> String {
    let index = p.white_index();
    table(p, |k| {
        let w = index[k].expect("white");
        let at = |d: u8| known.get(digit_var(w, d) as usize).copied().flatten();
        let open: Vec<u8> = (1..=9).filter(|&d| at(d) != Some(false)).collect();
        match (1..=9).find(|&d| at(d) == Some(true)) {
            Some(d) => d.to_string(),
            None if open.len() == 1 => open[0].to_string(),
            None => "?".into(),
        }
    })
    .join("\n")
}

/// The solution drawn as an SVG document.
pub fn svg(p: &Kakuro, s: &Fill) -> String {
    picture(p, &s.digits)
}

/// The puzzle as given: the clue cells and their sums, the white cells empty.
pub fn svg_puzzle(p: &Kakuro) -> String {
    picture(p, &[])
}

/// The board with `digits[k]` in each white cell that has one (1–9), one element per line.
fn picture(p: &Kakuro, digits: &[u8]) -> String {
    let size = 36.0;
    let (w, h) = (p.cols as f64 * size, p.rows as f64 * size);
    let mut out = format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{}\" height=\"{}\" viewBox=\"-2 -2 {} {}\" font-family=\"sans-serif\">\n",
        w + 4.0,
        h + 4.0,
        w + 4.0,
        h + 4.0
    );
    let text = |x: f64, y: f64, px: u32, t: &str| {
        format!("<text x=\"{x}\" y=\"{y}\" font-size=\"{px}\" text-anchor=\"middle\">{t}</text>\n")
    };
    for (k, cell) in p.cells.iter().enumerate() {
        let (x, y) = ((k % p.cols) as f64 * size, (k / p.cols) as f64 * size);
        let fill = if cell.is_white() { "white" } else { "#c0c0c0" };
        out.push_str(&format!(
            "<rect x=\"{x}\" y=\"{y}\" width=\"{size}\" height=\"{size}\" fill=\"{fill}\" stroke=\"#555\"/>\n"
        ));
        match *cell {
            Cell::White => {
                if let Some(&d @ 1..=9) = digits.get(k) {
                    out.push_str(&text(x + size / 2.0, y + size * 0.72, 22, &d.to_string()));
                }
            }
            Cell::Black { down, across } => {
                if down.is_some() || across.is_some() {
                    out.push_str(&format!(
                        "<line x1=\"{x}\" y1=\"{y}\" x2=\"{}\" y2=\"{}\" stroke=\"#555\"/>\n",
                        x + size,
                        y + size
                    ));
                }
                // As pzprjs draws a clue cell: a sum only where its run starts (a white cell
                // below it, to its right), so that a 0 written for "no sum" stays unseen.
                let white = |j: Option<usize>| j.is_some_and(|j| p.cells[j].is_white());
                let below = (k + p.cols < p.cells.len()).then_some(k + p.cols);
                let right = (k % p.cols + 1 < p.cols).then_some(k + 1);
                if let Some(v) = down.filter(|_| white(below)) {
                    out.push_str(&text(x + size * 0.3, y + size * 0.9, 12, &v.to_string()));
                }
                if let Some(v) = across.filter(|_| white(right)) {
                    out.push_str(&text(x + size * 0.7, y + size * 0.4, 12, &v.to_string()));
                }
            }
        }
    }
    out.push_str(&format!(
        "<rect x=\"0\" y=\"0\" width=\"{w}\" height=\"{h}\" fill=\"none\" stroke=\"black\" stroke-width=\"2\"/>\n</svg>\n"
    ));
    out
}
