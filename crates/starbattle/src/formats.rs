//! The formats Star Battle is read and written in: the `family starbattle` document, puzz.link
//! URLs, and the SVG drawing of a solution.
//!
//! puzz.link (pzprjs) writes a Star Battle as `starbattle/COLS/ROWS/K/BORDERS`: K the stars
//! per row, column and region, then the region borders in pzprjs's border code — first the
//! (COLS − 1) × ROWS walls between side-by-side cells, row by row, then the COLS × (ROWS − 1)
//! walls between cells one above the other, row by row, five walls to a base-32 digit, the
//! first wall the digit's highest bit (16). Regions are the connected groups of cells no wall
//! separates. Read from pzprjs's `Encode` (decodeBorder, encodeBorder), its `starbattle.js`
//! (the star count before the borders) and its test URL `6/6/1/4ilbhgdnmhou`.

use crate::{StarBattle, Stars, MAX_CELLS, NAMES};
use wellposed_engine::{puzzlink, Document, ParseError};

const PID: &str = "starbattle";

/// Reads the document, or a puzz.link URL alone in the text.
pub fn parse(text: &str, source: &str) -> Result<StarBattle, ParseError> {
    if let Some(read) = puzzlink::in_text::<StarBattle>(text, source) {
        return read;
    }
    let doc = Document::read_family(text, source, PID, &["stars", "regions"], &["regions"])?;
    let stars = match doc.get("stars") {
        None => 1,
        Some(e) => match doc.numbers::<usize>(e, "the stars per row, column and region")?[..] {
            [k] if (1..=50).contains(&k) => k,
            _ => return Err(doc.error(e.line, "`stars`: expected one number from 1 to 50")),
        },
    };
    let e = doc.require("regions", "followed by the board, one character a cell")?;
    let rows: Vec<(usize, Vec<char>)> = e
        .body
        .iter()
        .map(|(no, toks)| (*no, toks.concat().chars().collect()))
        .collect();
    let Some(cols) = rows.first().map(|(_, r)| r.len()) else {
        return Err(doc.error(e.line, "`regions`: expected the board's lines below it"));
    };
    if cols.saturating_mul(rows.len()) > MAX_CELLS {
        return Err(doc.error(e.line, format!("`regions`: more than {MAX_CELLS} cells")));
    }
    let mut cells = Vec::with_capacity(cols * rows.len());
    for (no, row) in &rows {
        if row.len() != cols {
            return Err(doc.error(
                *no,
                format!("`regions`: expected {cols} cells, found {}", row.len()),
            ));
        }
        cells.extend(row);
    }
    Ok(StarBattle::from_names(rows.len(), cols, &cells, stars))
}

/// The document: the stars, then the board of region names.
pub fn to_text(p: &StarBattle) -> String {
    let mut s = format!("family starbattle\nstars {}\nregions\n", p.stars);
    for row in p.region.chunks(p.cols.max(1)) {
        s.extend(row.iter().map(|&r| p.names[r]));
        s.push('\n');
    }
    s
}

/// The walls in pzprjs's order: between side-by-side cells, then between stacked cells.
fn walls(rows: usize, cols: usize) -> Vec<(usize, usize)> {
    let mut out = Vec::with_capacity(2 * rows * cols);
    for r in 0..rows {
        for c in 0..cols.saturating_sub(1) {
            out.push((r * cols + c, r * cols + c + 1));
        }
    }
    for r in 0..rows.saturating_sub(1) {
        for c in 0..cols {
            out.push((r * cols + c, (r + 1) * cols + c));
        }
    }
    out
}

/// Reads a puzz.link URL's board (see [`wellposed_engine::Family::from_puzzlink`]).
pub fn from_url(u: &puzzlink::Url) -> Result<StarBattle, String> {
    let (rows, cols) = (u.rows, u.cols);
    let n = rows.saturating_mul(cols);
    if rows == 0 || cols == 0 || n > MAX_CELLS {
        return Err(format!(
            "a {cols}×{rows} board: expected 1 to {MAX_CELLS} cells"
        ));
    }
    let (k, body) = u.body.split_once('/').unwrap_or((u.body, ""));
    let stars = match k.parse::<usize>() {
        Ok(k) if (1..=50).contains(&k) => k,
        _ => {
            return Err(format!(
                "expected the stars per row, column and region (1 to 50), found `{k}`"
            ))
        }
    };
    let body = body.split('/').next().unwrap_or("");
    let bits: Vec<u32> = body
        .chars()
        .map(|c| c.to_digit(32).filter(|_| !c.is_ascii_uppercase()))
        .collect::<Option<_>>()
        .ok_or_else(|| format!("expected base-32 digits 0–9, a–v, found `{body}`"))?;
    let ws = walls(rows, cols);
    let vertical = (cols - 1) * rows;
    let first = vertical.div_ceil(5);
    let second = (ws.len() - vertical).div_ceil(5);
    if bits.len() > first + second {
        return Err(format!(
            "a {cols}×{rows} board takes {} border digits, found {}",
            first + second,
            bits.len()
        ));
    }
    // Wall w is bit (w mod 5) from the top of its digit, each part starting a new digit.
    let wall = |w: usize| {
        let (digit, bit) = if w < vertical {
            (w / 5, w % 5)
        } else {
            (first + (w - vertical) / 5, (w - vertical) % 5)
        };
        bits.get(digit).is_some_and(|d| d >> (4 - bit) & 1 == 1)
    };
    // Regions: the groups of cells joined by no wall, numbered by first cell.
    let mut joined = vec![Vec::new(); n];
    for (w, &(a, b)) in ws.iter().enumerate() {
        if !wall(w) {
            joined[a].push(b);
            joined[b].push(a);
        }
    }
    let mut region = vec![usize::MAX; n];
    let mut count = 0;
    for start in 0..n {
        if region[start] != usize::MAX {
            continue;
        }
        region[start] = count;
        let mut stack = vec![start];
        while let Some(k) = stack.pop() {
            for &j in &joined[k] {
                if region[j] == usize::MAX {
                    region[j] = count;
                    stack.push(j);
                }
            }
        }
        count += 1;
    }
    StarBattle::from_regions(rows, cols, &region, stars).ok_or_else(|| {
        format!(
            "{count} regions: at most {} are read",
            NAMES.chars().count()
        )
    })
}

/// Whether every region is one connected group of cells (what a URL's walls can say).
pub fn regions_connected(p: &StarBattle) -> bool {
    let n = p.rows * p.cols;
    let mut seen = vec![false; n];
    let mut groups = 0;
    for start in 0..n {
        if seen[start] {
            continue;
        }
        groups += 1;
        seen[start] = true;
        let mut stack = vec![start];
        while let Some(k) = stack.pop() {
            let (r, c) = (k / p.cols, k % p.cols);
            let beside = [
                (r > 0).then(|| k - p.cols),
                (r + 1 < p.rows).then(|| k + p.cols),
                (c > 0).then(|| k - 1),
                (c + 1 < p.cols).then(|| k + 1),
            ];
            for j in beside.into_iter().flatten() {
                if !seen[j] && p.region[j] == p.region[k] {
                    seen[j] = true;
                    stack.push(j);
                }
            }
        }
    }
    groups == p.regions()
}

/// The board as a puzz.link URL, as pzprjs writes it; `None` when a region is in pieces (walls
/// cannot say that).
pub fn url(p: &StarBattle) -> Option<String> {
    if !regions_connected(p) {
        return None;
    }
    let ws = walls(p.rows, p.cols);
    let vertical = (p.cols - 1) * p.rows;
    let digits = |part: &[(usize, usize)]| -> String {
        part.chunks(5)
            .map(|chunk| {
                let v = chunk.iter().enumerate().fold(0u32, |v, (i, &(a, b))| {
                    v | u32::from(p.region[a] != p.region[b]) << (4 - i)
                });
                char::from_digit(v, 32).expect("five bits")
            })
            .collect()
    };
    let body = format!(
        "{}/{}{}",
        p.stars,
        digits(&ws[..vertical]),
        digits(&ws[vertical..])
    );
    Some(puzzlink::url(PID, p.cols, p.rows, &body))
}

/// The solution drawn: regions in colours with thick walls between them, stars as circles.
pub fn svg(p: &StarBattle, s: &Stars) -> String {
    let size = 30.0;
    let (w, h) = (p.cols as f64 * size, p.rows as f64 * size);
    let mut out = format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{}\" height=\"{}\" viewBox=\"-2 -2 {} {}\">\n",
        w + 4.0,
        h + 4.0,
        w + 4.0,
        h + 4.0
    );
    for (k, &r) in p.region.iter().enumerate() {
        let (x, y) = ((k % p.cols) as f64 * size, (k / p.cols) as f64 * size);
        let fill = wellposed_engine::palette(r as i64 + 1);
        out.push_str(&format!(
            "<rect x=\"{x}\" y=\"{y}\" width=\"{size}\" height=\"{size}\" fill=\"{fill}\" fill-opacity=\"0.35\" stroke=\"#999\"/>\n"
        ));
        if s.star.get(k) == Some(&true) {
            out.push_str(&format!(
                "<circle cx=\"{}\" cy=\"{}\" r=\"{}\" fill=\"black\"/>\n",
                x + size / 2.0,
                y + size / 2.0,
                size * 0.3
            ));
        }
    }
    for (a, b) in walls(p.rows, p.cols) {
        if p.region[a] == p.region[b] {
            continue;
        }
        let (ra, ca) = ((a / p.cols) as f64, (a % p.cols) as f64);
        let (x1, y1, x2, y2) = if b == a + 1 {
            (ca + 1.0, ra, ca + 1.0, ra + 1.0)
        } else {
            (ca, ra + 1.0, ca + 1.0, ra + 1.0)
        };
        out.push_str(&format!(
            "<line x1=\"{}\" y1=\"{}\" x2=\"{}\" y2=\"{}\" stroke=\"black\" stroke-width=\"3\"/>\n",
            x1 * size,
            y1 * size,
            x2 * size,
            y2 * size
        ));
    }
    out.push_str(&format!(
        "<rect x=\"0\" y=\"0\" width=\"{w}\" height=\"{h}\" fill=\"none\" stroke=\"black\" stroke-width=\"3\"/>\n</svg>\n"
    ));
    out
}
