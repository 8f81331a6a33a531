//! The Survo list: uniquely solvable open puzzles, one a line, as `survo enumerate --list`
//! writes them and `solve` (one puzzle) and `survo check` (a whole list) read them back.
//!
//! ```text
//! # comments and blank lines are ignored
//! 3 4 | 30 18 30 | 27 16 10 25 | 2 1 3 7 5 4 8 10 6 9 12 11
//! ```
//!
//! Four fields split by `|`: the size m n, the m row sums, the n column sums, and the one
//! table (m·n values, row by row) — the margins are the puzzle, the table its answer, so a
//! reader can check a line by its own solver without trusting the writer.

use crate::Survo;
use wellposed_engine::ParseError;

/// One line of a list: the open puzzle and the table its writer says is its only one.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Entry {
    /// The 1-based line of the text it came from.
    pub line: usize,
    pub puzzle: Survo,
    /// Row-major.
    pub table: Vec<u32>,
}

/// A list line for the open puzzle (`rows`, `cols`) with its table (row-major).
pub fn line(rows: &[u32], cols: &[u32], table: &[u32]) -> String {
    let join = |v: &[u32]| v.iter().map(u32::to_string).collect::<Vec<_>>().join(" ");
    format!(
        "{} {} | {} | {} | {}",
        rows.len(),
        cols.len(),
        join(rows),
        join(cols),
        join(table)
    )
}

/// The lines that hold puzzles: neither blank nor comments, with their 1-based numbers.
fn content(text: &str) -> impl Iterator<Item = (usize, &str)> {
    text.lines()
        .enumerate()
        .map(|(i, l)| (i + 1, l.trim()))
        .filter(|(_, l)| !l.is_empty() && !l.starts_with('#'))
}

/// Whether `text` looks like a list: its first content line has the four fields.
pub fn recognises(text: &str) -> bool {
    content(text)
        .next()
        .is_some_and(|(_, l)| l.split('|').count() == 4 && !l.starts_with("family"))
}

/// Reads every entry, checking each line's shape and that its table is a table of its
/// margins (every value of 1..m·n once, the sums right). Errors name `source` and the line.
pub fn read(text: &str, source: &str) -> Result<Vec<Entry>, ParseError> {
    let mut out = Vec::new();
    for (no, l) in content(text) {
        let err = |message: String| ParseError {
            source: source.to_string(),
            line: no,
            message,
        };
        let fields: Vec<&str> = l.split('|').collect();
        if fields.len() != 4 {
            return Err(err(format!(
                "expected `M N | ROW SUMS | COLUMN SUMS | TABLE` (four fields split by `|`), found {}",
                fields.len()
            )));
        }
        let numbers = |k: usize, what: &str| -> Result<Vec<u32>, ParseError> {
            fields[k]
                .split_whitespace()
                .map(|t| {
                    t.parse::<u32>()
                        .map_err(|_| err(format!("{what}: expected a number, found `{t}`")))
                })
                .collect()
        };
        let size = numbers(0, "the size")?;
        let [m, n] = size[..] else {
            return Err(err(format!(
                "the size: expected two numbers M N, found {}",
                size.len()
            )));
        };
        let (m, n) = (m as usize, n as usize);
        if m == 0 || n == 0 || m * n > crate::MAX_CELLS {
            return Err(err(format!(
                "the size: expected a table of 1..{} cells, found {m}×{n}",
                crate::MAX_CELLS
            )));
        }
        let rows = numbers(1, "the row sums")?;
        let cols = numbers(2, "the column sums")?;
        let table = numbers(3, "the table")?;
        for (what, got, want) in [
            ("row sums", rows.len(), m),
            ("column sums", cols.len(), n),
            ("table values", table.len(), m * n),
        ] {
            if got != want {
                return Err(err(format!(
                    "expected {want} {what} for {m}×{n}, found {got}"
                )));
            }
        }
        let mut seen = 0u64;
        for &v in &table {
            if v == 0 || v as usize > m * n || seen >> (v - 1) & 1 == 1 {
                return Err(err(format!(
                    "the table must hold each of 1..{} once; `{v}` breaks it",
                    m * n
                )));
            }
            seen |= 1 << (v - 1);
        }
        let of_table = Survo::open_of(m, n, &table);
        if of_table.rows != rows || of_table.cols != cols {
            return Err(err(format!(
                "the table's margins are {:?} | {:?}, not the line's",
                of_table.rows, of_table.cols
            )));
        }
        out.push(Entry {
            line: no,
            puzzle: Survo::open(rows, cols),
            table,
        });
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_read_back_and_bad_ones_name_their_line() {
        let table = [2, 1, 3, 7, 5, 4, 8, 10, 6, 9, 12, 11];
        let text = format!(
            "# Mustonen's open 3×4\n\n{}\n",
            line(&[13, 27, 38], &[13, 14, 23, 28], &table)
        );
        assert!(recognises(&text));
        let e = read(&text, "t").unwrap();
        assert_eq!(e.len(), 1);
        assert_eq!(e[0].line, 3);
        assert_eq!(e[0].table, table);
        assert_eq!(
            e[0].puzzle,
            Survo::open(vec![13, 27, 38], vec![13, 14, 23, 28])
        );
        for (bad, says) in [
            ("3 4 | 13 27 38 | 13 14 23 28", "four fields"),
            ("3 | 1 | 1 | 1", "two numbers"),
            ("9 9 | 1 | 1 | 1", "1..64 cells"),
            ("3 4 | 13 27 | 13 14 23 28 | 1", "expected 3 row sums"),
            (
                "3 4 | 13 27 38 | 13 14 23 28 | 2 1 3 7 5 4 8 10 6 9 12 12",
                "once",
            ),
            (
                "3 4 | 13 27 38 | 14 13 23 28 | 2 1 3 7 5 4 8 10 6 9 12 11",
                "margins",
            ),
            ("3 4 | 13 x 38 | 1 | 1", "found `x`"),
        ] {
            let e = read(&format!("# c\n{bad}\n"), "f.txt").unwrap_err();
            assert_eq!(e.line, 2, "{bad}");
            assert!(e.message.contains(says), "{bad}: {}", e.message);
        }
        assert!(!recognises("family survo\nsize 2 3\n"));
    }
}
