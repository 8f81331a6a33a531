//! The ways a nonogram arrives: the `family nonogram` text, Steve Simpson's `.non` files (the
//! webpbn survey's format), Mirek and Petr Olšák's `.g` files (the survey's other format, read
//! by pbnsolve and nonogrid; see [`parse_olsak`]), and Simon Tatham's Pattern game IDs — and
//! puzz.link URLs, read through the Pattern ID they amount to.
//!
//! The first two share one reader: `key value` lines (`width`, `height`, `goal`), and the
//! blocks `rows` and `columns`, one clue per line, runs separated by commas or spaces, `0` or
//! an empty line for a blank line. Keys this reader does not use (`title`, `by`, `copyright`,
//! `catalogue`, …) are skipped, as `.non` readers do.

use crate::{Nonogram, MAX_CELLS};
use wellposed_engine::puzzlink;
use wellposed_engine::ParseError;

fn error(source: &str, line: usize, message: impl Into<String>) -> ParseError {
    ParseError {
        source: source.to_string(),
        line,
        message: message.into(),
    }
}

/// One clue line: runs separated by commas and/or spaces; `0`, `-` or nothing = blank.
fn runs(text: &str, source: &str, line: usize) -> Result<Vec<usize>, ParseError> {
    let tokens: Vec<&str> = text
        .split(|c: char| c == ',' || c.is_whitespace())
        .filter(|t| !t.is_empty())
        .collect();
    if tokens == ["0"] || tokens == ["-"] {
        return Ok(Vec::new());
    }
    tokens
        .iter()
        .map(|t| match t.parse::<usize>() {
            Ok(n) if n > 0 => Ok(n),
            _ => Err(error(
                source,
                line,
                format!("expected run lengths (positive numbers separated by commas), found `{t}`"),
            )),
        })
        .collect()
}

/// The cells a clue needs: its runs and one gap between each two (saturating: a typo of
/// twenty digits must not overflow).
fn cells_needed(runs: &[usize]) -> usize {
    runs.iter()
        .fold(runs.len().saturating_sub(1), |a, &r| a.saturating_add(r))
}

/// Refuses a clue (read from `text` on line `no`) that cannot fit a line of `size` cells.
fn fits_line(
    runs: &[usize],
    text: &str,
    size: usize,
    source: &str,
    no: usize,
) -> Result<(), ParseError> {
    let need = cells_needed(runs);
    if need > size {
        return Err(error(
            source,
            no,
            format!("the runs `{text}` need {need} cells; the line has {size}"),
        ));
    }
    Ok(())
}

/// A block's key line and its body lines (number, text).
type Block<'t> = (usize, Vec<(usize, &'t str)>);

fn is_key_line(line: &str) -> bool {
    line.chars().next().is_some_and(|c| c.is_ascii_alphabetic())
}

/// Reads `family nonogram` text (`family_line` true) or a `.non` file (a `family` line is then
/// optional).
pub fn parse_keyed(text: &str, source: &str, family_line: bool) -> Result<Nonogram, ParseError> {
    let lines: Vec<&str> = text.lines().map(str::trim).collect();
    let mut width: Option<(usize, usize)> = None;
    let mut height: Option<(usize, usize)> = None;
    let mut blocks: [Option<Block>; 2] = [None, None];
    let mut goal: Option<(usize, String)> = None;
    let mut seen_family = false;
    let mut k = 0;
    let number = |v: Option<&str>, line: usize, key: &str| -> Result<usize, ParseError> {
        v.and_then(|v| v.parse::<usize>().ok())
            .filter(|&n| n > 0)
            .ok_or_else(|| error(source, line, format!("`{key}`: expected a positive number")))
    };
    while k < lines.len() {
        let no = k + 1;
        let line = lines[k];
        k += 1;
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        if !is_key_line(line) {
            return Err(error(
                source,
                no,
                format!("expected a key (width, height, rows, columns, goal), found `{line}`"),
            ));
        }
        let mut parts = line.splitn(2, char::is_whitespace);
        let key = parts.next().unwrap_or("");
        let rest = parts.next().map(str::trim).unwrap_or("");
        if family_line && !seen_family && key != "family" {
            return Err(error(
                source,
                no,
                "expected the first line `family nonogram`",
            ));
        }
        match key {
            "family" => {
                if rest != "nonogram" {
                    return Err(error(source, no, "expected `family nonogram`"));
                }
                seen_family = true;
            }
            "width" | "height" => {
                let slot = if key == "width" {
                    &mut width
                } else {
                    &mut height
                };
                if slot.is_some() {
                    return Err(error(source, no, format!("`{key}` is given twice")));
                }
                *slot = Some((number(Some(rest), no, key)?, no));
            }
            "rows" | "columns" => {
                let slot = &mut blocks[usize::from(key == "columns")];
                if slot.is_some() {
                    return Err(error(source, no, format!("`{key}` is given twice")));
                }
                // The block runs to the next key; empty lines inside it are blank lines,
                // empty lines at its ends are spacing (put back below if clues are missing).
                let mut body = Vec::new();
                while k < lines.len() && !is_key_line(lines[k]) && !lines[k].starts_with('#') {
                    body.push((k + 1, lines[k]));
                    k += 1;
                }
                *slot = Some((no, body));
            }
            "goal" => {
                let g: String = rest.chars().filter(|c| *c == '0' || *c == '1').collect();
                goal = Some((no, g));
            }
            _ => {} // titles, authors, copyright notices, …
        }
    }
    let (width, _) =
        width.ok_or_else(|| error(source, lines.len().max(1), "expected a `width` line"))?;
    let (height, hline) =
        height.ok_or_else(|| error(source, lines.len().max(1), "expected a `height` line"))?;
    if width.saturating_mul(height) > MAX_CELLS {
        return Err(error(
            source,
            hline,
            format!("a {width}×{height} grid is larger than the {MAX_CELLS} cells accepted"),
        ));
    }
    let mut clues: [Vec<Vec<usize>>; 2] = [Vec::new(), Vec::new()];
    for (side, (name, want)) in [("rows", height), ("columns", width)]
        .into_iter()
        .enumerate()
    {
        let (at, body) = blocks[side]
            .take()
            .ok_or_else(|| error(source, lines.len().max(1), format!("expected `{name}`")))?;
        let first = body.iter().position(|(_, l)| !l.is_empty());
        let last = body.iter().rposition(|(_, l)| !l.is_empty());
        let mut kept: Vec<(usize, &str)> = match (first, last) {
            (Some(a), Some(b)) => body[a..=b].to_vec(),
            _ => Vec::new(),
        };
        // Blank clues written as empty lines at the end of the block.
        let mut spare = body.iter().skip(last.map_or(0, |b| b + 1));
        while kept.len() < want {
            match spare.next() {
                Some(&l) => kept.push(l),
                None => break,
            }
        }
        if kept.len() != want {
            return Err(error(
                source,
                at,
                format!("`{name}`: expected {want} clues, found {}", kept.len()),
            ));
        }
        let size = if side == 0 { width } else { height };
        for (no, text) in kept {
            let r = runs(text, source, no)?;
            fits_line(&r, text, size, source, no)?;
            clues[side].push(r);
        }
    }
    let goal = match goal {
        None => None,
        Some((no, g)) => {
            if g.len() != width * height {
                return Err(error(
                    source,
                    no,
                    format!(
                        "`goal`: expected {} cells of 0 and 1, found {}",
                        width * height,
                        g.len()
                    ),
                ));
            }
            Some(g.chars().map(|c| c == '1').collect())
        }
    };
    let [rows, cols] = clues;
    let n = Nonogram {
        width,
        height,
        rows,
        cols,
        goal,
    };
    within_bounds(&n, source, hline)?;
    Ok(n)
}

/// Whether text is in Olšák's `.g` format: a line `: rows` opens its row clues.
pub fn looks_like_olsak(text: &str) -> bool {
    text.lines().any(|l| l.trim() == ": rows")
}

/// Reads Mirek and Petr Olšák's `.g` format, black and white only, as webpbn exports it:
///
/// ```text
/// webpbn.org #23: Nonrepresentational Test Pattern     (free text: title, copyright)
/// #d                                                   (colour definitions follow)
///    0:   #FFFFFF   white                              (colour `0`: the background)
///    g:X  #000000   black                              (colour `g`, drawn as `X`)
/// : rows
/// 1g
/// 1g 3g                                                (runs: length, then colour)
///                                                      (an empty line: a blank row)
/// : columns
/// …
/// ```
///
/// Every line of the `: rows` block is one row and every line of `: columns` one column, so
/// the size is the number of lines. A run is written `3g` (length and colour) or `3` (the
/// puzzle's one colour); runs of two different colours (a multicolour puzzle, where runs
/// of different colours need no gap) are refused, as are `#` directives other than `#d`.
pub fn parse_olsak(text: &str, source: &str) -> Result<Nonogram, ParseError> {
    let lines: Vec<&str> = text.lines().collect();
    let mut blocks: [Option<Block>; 2] = [None, None];
    let mut section: Option<usize> = None; // which block the lines belong to
    let mut in_colours = false;
    let mut background: Option<char> = None;
    let mut colours: Vec<char> = Vec::new();
    for (k, raw) in lines.iter().enumerate() {
        let no = k + 1;
        let line = raw.trim();
        if let Some(name) = line.strip_prefix(':') {
            let side = match name.trim() {
                "rows" => 0,
                "columns" => 1,
                other => {
                    return Err(error(
                        source,
                        no,
                        format!("expected `: rows` or `: columns`, found `: {other}`"),
                    ))
                }
            };
            if blocks[side].is_some() {
                return Err(error(source, no, format!("`{line}` is given twice")));
            }
            blocks[side] = Some((no, Vec::new()));
            section = Some(side);
            in_colours = false;
            continue;
        }
        if let Some(side) = section {
            if line.starts_with('#') {
                return Err(error(
                    source,
                    no,
                    format!("expected a clue line, found the directive `{line}`"),
                ));
            }
            if let Some((_, body)) = blocks[side].as_mut() {
                body.push((no, line));
            }
            continue;
        }
        if line.starts_with('#') {
            if line == "#d" {
                in_colours = true;
                continue;
            }
            return Err(error(
                source,
                no,
                format!("`{line}`: only the colour directive `#d` is understood (black and white puzzles)"),
            ));
        }
        if in_colours && !line.is_empty() {
            // `C:X #RRGGBB name` or `C: #RRGGBB name`: C names the colour in the clues.
            let mut chars = line.chars();
            let (Some(c), Some(':')) = (chars.next(), chars.next()) else {
                return Err(error(
                    source,
                    no,
                    format!("expected a colour such as `g:X #000000 black`, found `{line}`"),
                ));
            };
            if background.is_none() {
                background = Some(c);
            } else {
                colours.push(c);
            }
        }
        // Lines before the first directive are the title and copyright.
    }
    if colours.len() > 1 {
        return Err(error(
            source,
            1,
            format!(
                "a multicolour puzzle ({} colours besides the background); only black and white nonograms are solved",
                colours.len()
            ),
        ));
    }
    let ink = colours.first().copied();
    let mut bodies = Vec::new();
    for (side, name) in ["rows", "columns"].into_iter().enumerate() {
        let (_, body) = blocks[side]
            .take()
            .ok_or_else(|| error(source, lines.len().max(1), format!("expected `: {name}`")))?;
        bodies.push(body);
    }
    let (height, width) = (bodies[0].len(), bodies[1].len());
    if width == 0 || height == 0 {
        return Err(error(
            source,
            lines.len().max(1),
            format!(
                "expected at least one row and one column, found {height} rows and {width} columns"
            ),
        ));
    }
    if width.saturating_mul(height) > MAX_CELLS {
        return Err(error(
            source,
            1,
            format!("a {width}×{height} grid is larger than the {MAX_CELLS} cells accepted"),
        ));
    }
    let mut clues: [Vec<Vec<usize>>; 2] = [Vec::new(), Vec::new()];
    for (side, body) in bodies.into_iter().enumerate() {
        let size = if side == 0 { width } else { height };
        for (no, text) in body {
            let mut runs = Vec::new();
            for token in text.split_whitespace() {
                let digits = token.trim_end_matches(|c: char| !c.is_ascii_digit());
                let colour = &token[digits.len()..];
                let n = digits.parse::<usize>().map_err(|_| {
                    error(
                        source,
                        no,
                        format!(
                            "expected a run such as `3g` (length, then colour), found `{token}`"
                        ),
                    )
                })?;
                let mut cs = colour.chars();
                match (cs.next(), cs.next()) {
                    (None, _) => {}
                    (Some(c), None) if Some(c) == ink || (ink.is_none() && Some(c) != background) => {}
                    _ => {
                        return Err(error(
                            source,
                            no,
                            format!("`{token}`: the colour `{colour}` is not the puzzle's one colour; only black and white nonograms are solved"),
                        ))
                    }
                }
                if n > 0 {
                    runs.push(n);
                }
            }
            fits_line(&runs, text, size, source, no)?;
            clues[side].push(runs);
        }
    }
    let [rows, cols] = clues;
    let n = Nonogram {
        width,
        height,
        rows,
        cols,
        goal: None,
    };
    within_bounds(&n, source, 1)?;
    Ok(n)
}

/// The puzzle in Olšák's `.g` format (see [`parse_olsak`]), runs in colour `g`: what pbnsolve
/// and nonogrid read.
pub fn to_olsak(n: &Nonogram) -> String {
    let mut s = String::from("#d\n   0:   #FFFFFF   white\n   g:X  #000000   black\n: rows\n");
    for (name, side) in [("rows", &n.rows), ("columns", &n.cols)] {
        if name == "columns" {
            s.push_str(": columns\n");
        }
        for runs in side {
            let parts: Vec<String> = runs.iter().map(|r| format!("{r}g")).collect();
            s.push_str(&parts.join(" "));
            s.push('\n');
        }
    }
    s
}

/// The most (cell, automaton state) pairs over all lines: the CNF's size and the line solver's
/// tables grow with it, so larger puzzles are refused up front, not by running out of memory.
pub const MAX_STATES: usize = 20_000_000;

fn within_bounds(n: &Nonogram, source: &str, line: usize) -> Result<(), ParseError> {
    // A clue that cannot fit its line is a typo, not a puzzle (and its automaton would be as
    // long as its numbers: a run of 2^64 - 1 cells asked for that many states).
    let lines = n
        .rows
        .iter()
        .map(|r| ("row", r, n.width))
        .chain(n.cols.iter().map(|c| ("column", c, n.height)));
    for (k, (what, runs, len)) in lines.enumerate() {
        let need = cells_needed(runs);
        if need > len {
            let index = if what == "row" { k } else { k - n.rows.len() };
            return Err(error(
                source,
                line,
                format!(
                    "{what} {}'s clue needs {need} cells, but a {what} has {len}",
                    index + 1
                ),
            ));
        }
    }
    // States per line: one per cell of the runs, one per gap, and the start.
    let states: usize = n
        .rows
        .iter()
        .map(|r| n.width * (r.iter().sum::<usize>() + r.len() + 1))
        .chain(
            n.cols
                .iter()
                .map(|c| n.height * (c.iter().sum::<usize>() + c.len() + 1)),
        )
        .sum();
    if states > MAX_STATES {
        return Err(error(
            source,
            line,
            format!(
                "a {}×{} puzzle with these clues needs {states} line states, more than the {MAX_STATES} accepted",
                n.width, n.height
            ),
        ));
    }
    Ok(())
}

/// Whether text looks like a Pattern game ID (`WxH:` then digits, `.` and `/`) or a
/// puzz.link nonogram URL.
pub fn looks_like_game_id(s: &str) -> bool {
    if puzzlink::looks_like(s, "nonogram") {
        return true;
    }
    let s = s.trim();
    let Some((params, desc)) = s.split_once(':') else {
        return false;
    };
    let Some((w, h)) = params.split_once('x') else {
        return false;
    };
    !w.is_empty()
        && !h.is_empty()
        && w.chars().chain(h.chars()).all(|c| c.is_ascii_digit())
        && desc.contains('/')
        && desc
            .chars()
            .all(|c| c.is_ascii_digit() || c == '.' || c == '/')
}

/// A Pattern game ID: `WxH:` then the W column clues and the H row clues, `/` between clues
/// and `.` between the runs of one clue.
pub fn parse_game_id(s: &str, source: &str, line: usize) -> Result<Nonogram, ParseError> {
    if let Some(u) = puzzlink::split(s, "nonogram") {
        let id = pattern_id_of_url(&u)
            .map_err(|m| error(source, line, format!("puzz.link URL: {m}")))?;
        return parse_game_id(&id, source, line);
    }
    let err = |m: String| error(source, line, m);
    let (width, height, desc) =
        wellposed_engine::split_game_id(s, "WxH:clues", MAX_CELLS).map_err(err)?;
    let parts: Vec<&str> = desc.split('/').collect();
    if parts.len() != width + height {
        return Err(err(format!(
            "expected {} clues ({width} columns, then {height} rows), found {}",
            width + height,
            parts.len()
        )));
    }
    let mut clues = Vec::with_capacity(parts.len());
    for (k, p) in parts.iter().enumerate() {
        let (what, size) = if k < width {
            (format!("column {}", k + 1), height)
        } else {
            (format!("row {}", k - width + 1), width)
        };
        let r: Vec<usize> = if p.is_empty() || *p == "0" {
            Vec::new()
        } else {
            p.split('.')
                .map(|t| {
                    t.parse::<usize>().ok().filter(|&n| n > 0).ok_or_else(|| {
                        err(format!("{what}: expected runs like `3.1`, found `{p}`"))
                    })
                })
                .collect::<Result<_, _>>()?
        };
        let need = r.iter().sum::<usize>() + r.len().saturating_sub(1);
        if need > size {
            return Err(err(format!(
                "{what}: the runs `{p}` need {need} cells; the line has {size}"
            )));
        }
        clues.push(r);
    }
    let rows = clues.split_off(width);
    let n = Nonogram {
        width,
        height,
        rows,
        cols: clues,
        goal: None,
    };
    within_bounds(&n, source, line)?;
    Ok(n)
}

/// Clue slots per line in a puzz.link nonogram: (slots above each column, slots left of each
/// row), enough for the most runs a line can hold.
fn url_slots(width: usize, height: usize) -> (usize, usize) {
    (height.div_ceil(2), width.div_ceil(2))
}

/// A puzz.link nonogram as the Pattern game ID with the same clues (which
/// [`parse_game_id`] then checks). The body lists, for each column and then each row, its clue
/// slots nearest the grid first (so a clue's runs are read last to first), in the number16
/// code; pzprjs's own test URL, `6/6/12g1111h11112j12g11g21j11g3h`, is a 6×6 picture whose
/// first column reads 2 1 from the top.
fn pattern_id_of_url(u: &puzzlink::Url) -> Result<String, String> {
    let (w, h) = (u.cols, u.rows);
    if w == 0 || h == 0 || w.saturating_mul(h) > MAX_CELLS {
        return Err(format!("a {w}×{h} grid: expected 1 to {MAX_CELLS} cells"));
    }
    let (above, left) = url_slots(w, h);
    let (slots, _) = puzzlink::read_numbers(u.body, w * above + h * left)?;
    let clue = |line: &[puzzlink::Slot]| -> Result<String, String> {
        let mut runs = Vec::new();
        for s in line.iter().rev() {
            match s {
                puzzlink::Slot::Number(n) => runs.push(n.to_string()),
                puzzlink::Slot::Unknown => {
                    return Err("a `?` clue (an unknown run) is not supported".into())
                }
                puzzlink::Slot::Empty => {}
            }
        }
        Ok(if runs.is_empty() {
            "0".into()
        } else {
            runs.join(".")
        })
    };
    let (cols, rows) = slots.split_at(w * above);
    let clues: Vec<String> = cols
        .chunks(above)
        .chain(rows.chunks(left))
        .map(clue)
        .collect::<Result<_, _>>()?;
    Ok(format!("{w}x{h}:{}", clues.join("/")))
}

/// The puzzle as a puzz.link URL (`None` when a clue has more runs than puzz.link's slots).
pub fn url(n: &Nonogram) -> Option<String> {
    let (above, left) = url_slots(n.width, n.height);
    let mut slots = Vec::new();
    let mut put = |runs: &[usize], room: usize| -> Option<()> {
        let runs: Vec<usize> = runs.iter().copied().filter(|&r| r > 0).collect();
        if runs.len() > room {
            return None;
        }
        slots.extend(runs.iter().rev().map(|&r| puzzlink::Slot::Number(r as u32)));
        slots.extend(std::iter::repeat_n(
            puzzlink::Slot::Empty,
            room - runs.len(),
        ));
        Some(())
    };
    for c in &n.cols {
        put(c, above)?;
    }
    for r in &n.rows {
        put(r, left)?;
    }
    Some(puzzlink::url(
        "nonogram",
        n.width,
        n.height,
        &puzzlink::write_numbers(&slots),
    ))
}

/// A clue as text, runs joined by `sep`; a blank clue is `0`.
fn clue_text(runs: &[usize], sep: &str) -> String {
    if runs.is_empty() {
        "0".to_string()
    } else {
        runs.iter()
            .map(|x| x.to_string())
            .collect::<Vec<_>>()
            .join(sep)
    }
}

/// The Pattern game ID of a nonogram (a blank clue is written `0`).
pub fn game_id(n: &Nonogram) -> String {
    let parts: Vec<String> = n
        .cols
        .iter()
        .chain(&n.rows)
        .map(|r| clue_text(r, "."))
        .collect();
    format!("{}x{}:{}", n.width, n.height, parts.join("/"))
}

/// The puzzle in the `family nonogram` format.
pub fn to_text(n: &Nonogram) -> String {
    let clue = |r: &Vec<usize>| clue_text(r, ",");
    let mut s = format!(
        "family nonogram\nwidth {}\nheight {}\nrows\n",
        n.width, n.height
    );
    for r in &n.rows {
        s.push_str(&clue(r));
        s.push('\n');
    }
    s.push_str("columns\n");
    for c in &n.cols {
        s.push_str(&clue(c));
        s.push('\n');
    }
    if let Some(goal) = &n.goal {
        let cells: String = goal.iter().map(|&b| if b { '1' } else { '0' }).collect();
        s.push_str(&format!("goal \"{cells}\"\n"));
    }
    s
}
