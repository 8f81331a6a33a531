//! The formats Tents is read and written in: the `family tents` document, puzz.link URLs, and
//! the SVG drawing of a solution.
//!
//! puzz.link (pzprjs) writes a Tents board as `tents/COLS/ROWS/BODY`. The body is the counts,
//! then the trees. The counts go column by column (the numbers above the board), then row by
//! row (the numbers to its left), in pzprjs's number16 code for outside cells: `0`–`f` a count,
//! `-` and two hex digits a count of 16 to 255, `g`–`z` 1–20 lines without a count. The trees
//! follow in pzprjs's "1Cell" code, cell after cell row-major: a character `0`–`h` (value v) is
//! a tree followed by v cells without one; `i`–`z` (value v) is v − 17 cells without a tree.
//! Read from pzprjs's `Encode` (decodeNumber16ExCell, decode1Cell and their encoders) and its
//! test URL `5/5/2g0h1i1j82323`.

use crate::{Camp, Tents, MAX_CELLS, MAX_SIDE};
use wellposed_engine::number_grid::Grid;
use wellposed_engine::puzzlink::{self, Slot};
use wellposed_engine::{Document, ParseError};

const PID: &str = "tents";

/// Reads the document, or a puzz.link URL alone in the text.
pub fn parse(text: &str, source: &str) -> Result<Tents, ParseError> {
    if let Some(read) = puzzlink::in_text::<Tents>(text, source) {
        return read;
    }
    let doc = Document::read_family(
        text,
        source,
        "tents",
        &["size", "cols", "rows", "grid"],
        &["grid"],
    )?;
    let (rows, cols) = doc.size(MAX_CELLS)?;
    let size_line = doc.get("size").map_or(1, |e| e.line);
    if rows > MAX_SIDE || cols > MAX_SIDE {
        return Err(doc.error(
            size_line,
            format!("`size`: expected sides of 1 to {MAX_SIDE}, found {rows}×{cols}"),
        ));
    }
    let counts = |key: &str, len: usize, max: usize| -> Result<Vec<Option<usize>>, ParseError> {
        let Some(e) = doc.get(key) else {
            return Ok(vec![None; len]);
        };
        if e.values.len() != len {
            return Err(doc.error(
                e.line,
                format!("`{key}`: expected {len} counts, found {}", e.values.len()),
            ));
        }
        e.values
            .iter()
            .map(|v| match v.as_str() {
                "-" => Ok(None),
                _ => match v.parse::<usize>() {
                    Ok(n) if n <= max => Ok(Some(n)),
                    _ => Err(doc.error(
                        e.line,
                        format!("`{key}`: expected a count 0–{max} or `-`, found `{v}`"),
                    )),
                },
            })
            .collect()
    };
    let col_counts = counts("cols", cols, rows)?;
    let row_counts = counts("rows", rows, cols)?;
    let grid = doc.require("grid", "followed by ROWS lines of cells")?;
    let expected = "`.` (grass) or `T` (a tree)";
    let tree = Grid::together(expected).read(&doc, grid, (rows, cols), |s| match s {
        "." => Some(false),
        "T" => Some(true),
        _ => None,
    })?;
    let mut p = Tents::new(rows, cols, tree);
    p.row_counts = row_counts;
    p.col_counts = col_counts;
    Ok(p)
}

/// The document: the size, the counts (`-` where none is given), then the board.
pub fn to_text(p: &Tents) -> String {
    let counts = |v: &[Option<usize>]| {
        v.iter()
            .map(|n| n.map_or("-".to_string(), |n| n.to_string()))
            .collect::<Vec<_>>()
            .join(" ")
    };
    let mut s = format!("family tents\nsize {} {}\n", p.rows, p.cols);
    s.push_str(&format!("cols {}\n", counts(&p.col_counts)));
    s.push_str(&format!("rows {}\ngrid\n", counts(&p.row_counts)));
    s.push_str(
        &Grid::together("").write(&p.tree, p.cols, |&t| if t { "T" } else { "." }.to_string()),
    );
    s
}

/// Reads a puzz.link URL's board (see [`wellposed_engine::Family::from_puzzlink`]).
pub fn from_url(u: &puzzlink::Url) -> Result<Tents, String> {
    let n = u.cols.saturating_mul(u.rows);
    if u.cols == 0 || u.rows == 0 || n > MAX_CELLS || u.cols > MAX_SIDE || u.rows > MAX_SIDE {
        return Err(format!(
            "a {}×{} board: expected 1 to {MAX_CELLS} cells, sides up to {MAX_SIDE}",
            u.cols, u.rows
        ));
    }
    let (slots, rest) = puzzlink::read_numbers(u.body, u.cols + u.rows)?;
    let mut counts = Vec::with_capacity(slots.len());
    for (i, slot) in slots.iter().enumerate() {
        let (what, max) = if i < u.cols {
            (format!("column {}", i + 1), u.rows)
        } else {
            (format!("row {}", i - u.cols + 1), u.cols)
        };
        counts.push(match *slot {
            Slot::Empty => None,
            Slot::Number(v) if (v as usize) <= max => Some(v as usize),
            Slot::Number(v) => return Err(format!("{what}: a count of {v}, expected 0 to {max}")),
            Slot::Unknown => return Err(format!("{what}: expected a count, found `.`")),
        });
    }
    let mut tree = vec![false; n];
    let mut c = 0;
    let mut tail = "";
    for (i, ch) in rest.char_indices() {
        if c >= n {
            tail = &rest[i..];
            break;
        }
        let v = match ch.to_digit(36) {
            Some(v) if !ch.is_ascii_uppercase() => v as usize,
            _ => {
                return Err(format!(
                    "unexpected `{ch}` among the trees (character {} of the body)",
                    u.body.len() - rest.len() + i + 1
                ))
            }
        };
        if v <= 17 {
            tree[c] = true;
            c += v + 1;
        } else {
            c += v - 17;
        }
    }
    if !tail.is_empty() && !tail.starts_with('/') {
        return Err(format!("unexpected `{tail}` after the board"));
    }
    let mut p = Tents::new(u.rows, u.cols, tree);
    p.row_counts = counts.split_off(u.cols);
    p.col_counts = counts;
    Ok(p)
}

/// The board as a puzz.link URL, written as pzprjs writes it (so its own URLs come back
/// character for character).
pub fn url(p: &Tents) -> String {
    let slots: Vec<Slot> = p
        .col_counts
        .iter()
        .chain(&p.row_counts)
        .map(|n| n.map_or(Slot::Empty, |n| Slot::Number(n as u32)))
        .collect();
    let mut out = puzzlink::write_numbers(&slots);
    // Runs between trees: after a tree, its value is the number of cells up to the next one
    // (at most 17); without a tree first, 18 + the cells − 1 (at most 18 cells, `z`).
    let digit = |v: usize| char::from_digit(v as u32, 36).expect("a base-36 digit");
    let mut count: isize = -1;
    let mut have = false;
    for &t in &p.tree {
        if t {
            if count >= 0 {
                out.push(digit(count as usize + if have { 0 } else { 18 }));
            }
            have = true;
            count = 0;
            continue;
        }
        count += 1;
        if count == 17 {
            out.push(digit(17 + if have { 0 } else { 18 }));
            have = false;
            count = -1;
        }
    }
    if count >= 0 {
        out.push(digit(count as usize + if have { 0 } else { 18 }));
    }
    puzzlink::url(PID, p.cols, p.rows, &out)
}

/// The solution drawn: counts around the board, trees as green circles, tents as triangles.
pub fn svg(p: &Tents, s: &Camp) -> String {
    let size = 30.0;
    let (w, h) = ((p.cols + 1) as f64 * size, (p.rows + 1) as f64 * size);
    let mut out = format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{}\" height=\"{}\" viewBox=\"-2 -2 {} {}\">\n",
        w + 4.0,
        h + 4.0,
        w + 4.0,
        h + 4.0
    );
    let text = |out: &mut String, x: f64, y: f64, n: usize| {
        out.push_str(&format!(
            "<text x=\"{}\" y=\"{}\" font-size=\"16\" text-anchor=\"middle\" font-family=\"sans-serif\">{n}</text>\n",
            x + size / 2.0,
            y + size / 2.0 + 6.0
        ));
    };
    for (c, n) in p.col_counts.iter().enumerate() {
        if let Some(n) = n {
            text(&mut out, (c + 1) as f64 * size, 0.0, *n);
        }
    }
    for (r, n) in p.row_counts.iter().enumerate() {
        if let Some(n) = n {
            text(&mut out, 0.0, (r + 1) as f64 * size, *n);
        }
    }
    for k in 0..p.tree.len() {
        let x = (k % p.cols + 1) as f64 * size;
        let y = (k / p.cols + 1) as f64 * size;
        out.push_str(&format!(
            "<rect x=\"{x}\" y=\"{y}\" width=\"{size}\" height=\"{size}\" fill=\"white\" stroke=\"#888\"/>\n"
        ));
        let (cx, cy) = (x + size / 2.0, y + size / 2.0);
        if p.tree[k] {
            out.push_str(&format!(
                "<circle cx=\"{cx}\" cy=\"{cy}\" r=\"{}\" fill=\"#7cc44c\" stroke=\"black\"/>\n",
                size * 0.32
            ));
        } else if s.tent.get(k) == Some(&true) {
            let d = size * 0.32;
            out.push_str(&format!(
                "<polygon points=\"{},{} {},{} {},{}\" fill=\"#2e7d32\" stroke=\"black\"/>\n",
                cx,
                cy - d,
                cx - d,
                cy + d,
                cx + d,
                cy + d
            ));
        }
    }
    out.push_str(&format!(
        "<rect x=\"{size}\" y=\"{size}\" width=\"{}\" height=\"{}\" fill=\"none\" stroke=\"black\" stroke-width=\"2\"/>\n</svg>\n",
        w - size,
        h - size
    ));
    out
}
