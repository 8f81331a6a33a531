//! Pictures of a colouring: text and SVG.
//!
//! Text: `X` a black circle, `O` a white circle (the clues), `#` a black cell, `.` a white
//! cell, `_` a cell not settled in a partial answer. SVG: black and white stones on a grid,
//! the given circles ringed in red; the puzzle alone (`svg_puzzle`) draws only the given
//! circles, the open cells empty.

use crate::{Colour, Colouring, YinYang};

/// The board as text; `state(k)` is cell k's colour (`true`: black) when known.
pub fn text(p: &YinYang, state: impl Fn(usize) -> Option<bool>) -> String {
    let mut lines = Vec::with_capacity(p.rows);
    for r in 0..p.rows {
        let line: String = (r * p.cols..(r + 1) * p.cols)
            .map(|k| match (p.circles[k], state(k)) {
                (Some(Colour::Black), _) => 'X',
                (Some(Colour::White), _) => 'O',
                (None, Some(true)) => '#',
                (None, Some(false)) => '.',
                (None, None) => '_',
            })
            .collect();
        lines.push(line);
    }
    lines.join("\n")
}

/// The colouring as an SVG document.
pub fn svg(p: &YinYang, s: &Colouring) -> String {
    picture(p, |k| Some(s.at(k, p.cols)))
}

/// The puzzle as given, as an SVG document: the given circles, the other cells empty (a white
/// stone there would read as a given white circle).
pub fn svg_puzzle(p: &YinYang) -> String {
    picture(p, |k| p.circles[k].map(|c| c == Colour::Black))
}

/// The SVG document with a stone on each cell whose colour `stone(k)` (`true`: black) gives;
/// one element per line, as the workbench compares pictures line by line.
fn picture(p: &YinYang, stone: impl Fn(usize) -> Option<bool>) -> String {
    let size = 30.0;
    let margin = 10.0;
    let (w, h) = (p.cols as f64 * size, p.rows as f64 * size);
    let (tw, th) = (w + 2.0 * margin, h + 2.0 * margin);
    let mut out = format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{tw}\" height=\"{th}\" viewBox=\"{} {} {tw} {th}\">\n",
        -margin, -margin
    );
    out.push_str(&format!(
        "<rect x=\"{}\" y=\"{}\" width=\"{tw}\" height=\"{th}\" fill=\"#e8e0c8\"/>\n",
        -margin, -margin
    ));
    for k in 0..p.rows * p.cols {
        let (x, y) = ((k % p.cols) as f64 * size, (k / p.cols) as f64 * size);
        out.push_str(&format!(
            "<rect x=\"{x}\" y=\"{y}\" width=\"{size}\" height=\"{size}\" fill=\"none\" stroke=\"#999\"/>\n"
        ));
        let Some(black) = stone(k) else {
            continue;
        };
        let fill = if black { "black" } else { "white" };
        let ring = if p.circles[k].is_some() {
            "stroke=\"#c00\" stroke-width=\"3\""
        } else {
            "stroke=\"black\" stroke-width=\"1\""
        };
        out.push_str(&format!(
            "<circle cx=\"{}\" cy=\"{}\" r=\"{}\" fill=\"{fill}\" {ring}/>\n",
            x + size / 2.0,
            y + size / 2.0,
            size * 0.4
        ));
    }
    out.push_str(&format!(
        "<rect x=\"0\" y=\"0\" width=\"{w}\" height=\"{h}\" fill=\"none\" stroke=\"black\" stroke-width=\"2\"/>\n"
    ));
    out.push_str("</svg>\n");
    out
}
