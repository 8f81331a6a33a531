//! The texts a Sudoku is read from and written as: the `family sudoku` document, the one-line
//! form Sudoku solvers share (81 characters for 9×9, `.` or `0` blank), and puzz.link URLs.

use crate::{Shape, Sudoku, MAX_SIDE};
use wellposed_engine::number_grid::{Grid, Numbers};
use wellposed_engine::puzzlink::{self, Slot};
use wellposed_engine::{Document, ParseError};

/// The character of digit `d` on a line: `1`–`9`, then `A`, `B`, … for 10, 11, … (so `G` is
/// 16 and `P` is 25).
pub fn symbol(d: u8) -> char {
    match d {
        1..=9 => char::from(b'0' + d),
        _ => char::from(b'A' + d - 10),
    }
}

/// What a line character says: `Ok(None)` blank (`.` or `0`), `Ok(Some(d))` a digit, `Err`
/// not a symbol (letters in either case).
fn read_symbol(c: char) -> Result<Option<u8>, ()> {
    match c {
        '.' | '0' => Ok(None),
        '1'..='9' => Ok(Some(c as u8 - b'0')),
        'A'..='P' => Ok(Some(c as u8 - b'A' + 10)),
        'a'..='p' => Ok(Some(c as u8 - b'a' + 10)),
        _ => Err(()),
    }
}

/// The side of a one-line puzzle: n² characters with 4 ≤ n ≤ 25 and boxes of at least two
/// rows in the default shape (so not a prime n), each a symbol of that side.
pub fn line_side(line: &str) -> Option<usize> {
    let len = line.len();
    let n = (4..=MAX_SIDE).find(|n| n * n == len)?;
    if Shape::default_box(n).0 < 2 {
        return None;
    }
    line.chars()
        .all(|c| read_symbol(c).is_ok_and(|d| d.is_none_or(|d| usize::from(d) <= n)))
        .then_some(n)
}

/// The lines of a text that hold something: comments (`#` to the end) and blanks left out;
/// (line number, first word).
pub fn content_lines(text: &str) -> impl Iterator<Item = (usize, &str)> {
    text.lines().enumerate().filter_map(|(k, l)| {
        let l = l.split('#').next().unwrap_or("");
        l.split_whitespace().next().map(|w| (k + 1, w))
    })
}

/// Whether a text without a `family` line is a Sudoku: its first line that holds something is
/// a one-line puzzle or a puzz.link `sudoku` URL.
pub fn recognises(text: &str) -> bool {
    content_lines(text)
        .next()
        .is_some_and(|(_, w)| line_side(w).is_some() || puzzlink::looks_like(w, "sudoku"))
}

/// Reads one puzzle written on one line (see [`line_side`]).
pub fn parse_line(line: &str, source: &str, no: usize) -> Result<Sudoku, ParseError> {
    let err = |message: String| ParseError {
        source: source.to_string(),
        line: no,
        message,
    };
    let len = line.chars().count();
    let Some(n) = (4..=MAX_SIDE).find(|n| n * n == len) else {
        return Err(err(format!(
            "expected a puzzle of n² characters (16, 36, 81, 256, …; 4 ≤ n ≤ {MAX_SIDE}), found {len}"
        )));
    };
    let shape = Shape::new_default(n);
    if shape.box_rows < 2 {
        return Err(err(format!(
            "a {n}×{n} puzzle on one line: expected a side with boxes (not a prime)"
        )));
    }
    let mut givens = Vec::with_capacity(len);
    for (i, c) in line.chars().enumerate() {
        match read_symbol(c) {
            Ok(None) => givens.push(None),
            Ok(Some(d)) if usize::from(d) <= n => givens.push(Some(d)),
            _ => {
                return Err(err(format!(
                "character {}: expected `.`, `0` or a digit 1..{} of a {n}×{n} puzzle, found `{c}`",
                i + 1,
                symbol(n as u8)
            )))
            }
        }
    }
    Ok(Sudoku { shape, givens })
}

/// The puzzle on one line, `.` for blanks (`None` when its boxes are not the default shape for
/// its side, which one line cannot say).
pub fn line(p: &Sudoku) -> Option<String> {
    (Shape::default_box(p.shape.n) == (p.shape.box_rows, p.shape.box_cols)).then(|| {
        p.givens
            .iter()
            .map(|g| g.map_or('.', symbol))
            .collect::<String>()
    })
}

/// A solution on one line.
pub fn solution_line(cells: &[u8]) -> String {
    cells.iter().map(|&d| symbol(d)).collect()
}

/// The box shape pzprjs gives a side: √n × √n, and 2 rows × 3 columns for 6 (its
/// `initBoardSize`); other sides have no Sudoku boxes there.
fn puzzlink_box(n: usize) -> Option<(usize, usize)> {
    match n {
        4 | 9 | 16 | 25 => Some((n.isqrt(), n.isqrt())),
        6 => Some((2, 3)),
        _ => None,
    }
}

/// A puzz.link `sudoku` URL: `COLS/ROWS/BODY`, the givens cell after cell in the number16
/// code. pzprjs's own test URL is `4/4/g1k23k3g`.
pub fn parse_url(s: &str, source: &str, no: usize) -> Result<Sudoku, ParseError> {
    let err = |message: String| ParseError {
        source: source.to_string(),
        line: no,
        message: format!("puzz.link URL: {message}"),
    };
    let u = puzzlink::split(s, "sudoku").ok_or_else(|| err("expected `sudoku/N/N/…`".into()))?;
    if u.cols != u.rows {
        return Err(err(format!(
            "expected a square board, found {}×{}",
            u.cols, u.rows
        )));
    }
    let n = u.cols;
    let Some((box_rows, box_cols)) = puzzlink_box(n) else {
        return Err(err(format!(
            "expected a side of 4, 6, 9, 16 or 25 (puzz.link's Sudoku boxes), found {n}"
        )));
    };
    let (slots, rest) = puzzlink::read_numbers(u.body, n * n).map_err(err)?;
    if !rest.is_empty() {
        return Err(err(format!(
            "unexpected `{rest}` after the {} cells",
            n * n
        )));
    }
    let givens = slots
        .iter()
        .enumerate()
        .map(|(k, s)| match *s {
            Slot::Empty => Ok(None),
            Slot::Number(v) if (1..=n as u32).contains(&v) => Ok(Some(v as u8)),
            Slot::Number(v) => Err(err(format!(
                "row {} col {}: expected a digit 1..{n}, found {v}",
                k / n + 1,
                k % n + 1
            ))),
            Slot::Unknown => Err(err(format!(
                "row {} col {}: a `?` given (a digit not shown) is not a Sudoku clue",
                k / n + 1,
                k % n + 1
            ))),
        })
        .collect::<Result<Vec<_>, _>>()?;
    Ok(Sudoku {
        shape: Shape::new(box_rows, box_cols),
        givens,
    })
}

/// The puzzle as a puzz.link URL, when its side and boxes are puzz.link's.
pub fn url(p: &Sudoku) -> Option<String> {
    let n = p.shape.n;
    (puzzlink_box(n)? == (p.shape.box_rows, p.shape.box_cols)).then_some(())?;
    let slots: Vec<Slot> = p
        .givens
        .iter()
        .map(|g| g.map_or(Slot::Empty, |d| Slot::Number(u32::from(d))))
        .collect();
    Some(puzzlink::url(
        "sudoku",
        n,
        n,
        &puzzlink::write_numbers(&slots),
    ))
}

/// The `family sudoku` document.
pub fn parse_document(text: &str, source: &str) -> Result<Sudoku, ParseError> {
    let doc = Document::read_family(text, source, "sudoku", &["size", "box", "grid"], &["grid"])?;
    let size = doc.require("size", "N")?;
    let n = match doc.numbers::<usize>(size, "the side N")?[..] {
        [n] if (1..=MAX_SIDE).contains(&n) => n,
        _ => {
            return Err(doc.error(
                size.line,
                format!("`size`: expected one side from 1 to {MAX_SIDE}"),
            ))
        }
    };
    let (box_rows, box_cols) = match doc.get("box") {
        None => Shape::default_box(n),
        Some(e) => match doc.numbers::<usize>(e, "the box's rows and columns R C")?[..] {
            [r, c] if r >= 1 && c >= 1 && r.checked_mul(c) == Some(n) => (r, c),
            _ => {
                return Err(doc.error(
                    e.line,
                    format!("`box`: expected rows R and columns C with R·C = {n}"),
                ))
            }
        },
    };
    let grid = doc.require("grid", "followed by N rows")?;
    // A row of single characters may be written without spaces (`53..7....`).
    let split = if n <= 9 { Grid::together } else { Grid::apart };
    let numbers = Numbers::new(1, n as u32).without_unknown();
    let expected = format!("`.` or a digit 1..{n}");
    let givens = split(&expected).read(&doc, grid, (n, n), |t| {
        numbers.blank_or_number(t).map(|v| v.map(|v| v as u8))
    })?;
    Ok(Sudoku {
        shape: Shape::new(box_rows, box_cols),
        givens,
    })
}

/// The `family sudoku` document of a puzzle.
pub fn document(p: &Sudoku) -> String {
    let n = p.shape.n;
    let mut s = format!(
        "family sudoku\nsize {n}\nbox {} {}\ngrid\n",
        p.shape.box_rows, p.shape.box_cols
    );
    s.push_str(&Grid::apart("").write(&p.givens, n, |g| {
        g.map_or(".".to_string(), |v| v.to_string())
    }));
    s
}
