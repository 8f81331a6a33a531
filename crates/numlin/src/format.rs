//! The text format (`family numlin`) and puzz.link URLs (`numlin`).
//!
//! pzprjs writes a Numberlink board in its number16 code, one slot a cell, row-major (its
//! `Encode@numlin` calls `encodeNumber16`; read from `src/variety/numlin.js` and the test URL
//! `5/5/1j2h3m1h2j3`). The code's `.` (a number not given) is refused here: pzprjs lets such a
//! cell join any number, which this family does not model.

use crate::{Cover, Numlin, MAX_CELLS, MAX_NUMBER};
use wellposed_engine::number_grid::{Grid, Numbers};
use wellposed_engine::puzzlink::{self, Slot};
use wellposed_engine::{Document, ParseError};

const PID: &str = "numlin";

/// The numbers of the document: 1 to [`MAX_NUMBER`], `.` a cell without one (no `?`: a number
/// not given is not modelled).
const NUMBERS: Numbers = Numbers::new(1, MAX_NUMBER).without_unknown();

/// Reads the document, or a puzz.link URL alone in the text.
pub fn parse(text: &str, source: &str) -> Result<Numlin, ParseError> {
    if let Some(read) = puzzlink::in_text::<Numlin>(text, source) {
        return read;
    }
    let doc = Document::read_family(text, source, "numlin", &["size", "rule", "grid"], &["grid"])?;
    let (rows, cols) = doc.size(MAX_CELLS)?;
    let rule = match doc.get("rule") {
        None => Cover::PathsOnly,
        Some(e) => match &e.values[..] {
            [w] => Cover::of_word(w).ok_or_else(|| {
                doc.error(
                    e.line,
                    format!("`rule`: expected `paths-only` or `all-cells`, found `{w}`"),
                )
            })?,
            _ => {
                return Err(doc.error(
                    e.line,
                    "`rule`: expected one word, `paths-only` or `all-cells`",
                ))
            }
        },
    };
    let grid = doc.require("grid", "followed by ROWS rows of cells")?;
    let cells = Grid::apart(&NUMBERS.expected())
        .read(&doc, grid, (rows, cols), |t| NUMBERS.blank_or_number(t))?;
    Ok(Numlin {
        rows,
        cols,
        cells,
        rule,
        no_uturns: false,
    })
}

/// The document: size, rule, then the board one row a line (cells apart).
pub fn to_text(p: &Numlin) -> String {
    let mut s = format!(
        "family numlin\nsize {} {}\nrule {}\ngrid\n",
        p.rows,
        p.cols,
        p.rule.word()
    );
    let width = p
        .cells
        .iter()
        .flatten()
        .map(|x| x.to_string().len())
        .max()
        .unwrap_or(1);
    for row in p.cells.chunks(p.cols.max(1)) {
        let cells: Vec<String> = row
            .iter()
            .map(|c| {
                let t = c.map_or(".".to_string(), |x| x.to_string());
                format!("{t:>width$}")
            })
            .collect();
        s.push_str(cells.join(" ").trim_end());
        s.push('\n');
    }
    s
}

/// Reads a puzz.link URL's board (see [`wellposed_engine::Family::from_puzzlink`]).
pub fn from_url(u: &puzzlink::Url) -> Result<Numlin, String> {
    let n = u.cells(MAX_CELLS)?;
    let (slots, rest) = puzzlink::read_numbers(u.body, n)?;
    if !rest.is_empty() && !rest.starts_with('/') {
        return Err(format!("unexpected `{rest}` after the board"));
    }
    let mut cells = Vec::with_capacity(n);
    for (k, s) in slots.into_iter().enumerate() {
        let at = || format!("row {} col {}", k / u.cols + 1, k % u.cols + 1);
        cells.push(match s {
            Slot::Empty => None,
            Slot::Unknown => {
                return Err(format!(
                    "{}: a number not given (`.`) is not read by this family",
                    at()
                ))
            }
            Slot::Number(x) if (1..=MAX_NUMBER).contains(&x) => Some(x),
            Slot::Number(x) => {
                return Err(format!(
                    "{}: expected a number 1–{MAX_NUMBER}, found {x}",
                    at()
                ))
            }
        });
    }
    Ok(Numlin {
        rows: u.rows,
        cols: u.cols,
        cells,
        rule: Cover::PathsOnly,
        no_uturns: false,
    })
}

/// The board as pzprjs writes it (so its own URLs come back character for character).
pub fn url(p: &Numlin) -> String {
    let slots: Vec<Slot> = p
        .cells
        .iter()
        .map(|c| c.map_or(Slot::Empty, Slot::Number))
        .collect();
    puzzlink::url(PID, p.cols, p.rows, &puzzlink::write_numbers(&slots))
}
