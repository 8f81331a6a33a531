//! The shape every wellposed text format shares: a `family NAME` line, then `key values…`
//! lines; a block key (such as `grid`) owns the lines below it up to the next key. `#` starts a
//! comment. Errors name the source, the line and what was expected.

use std::fmt;
use std::str::FromStr;

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseError {
    pub source: String,
    pub line: usize,
    pub message: String,
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}: {}", self.source, self.line, self.message)
    }
}

impl std::error::Error for ParseError {}

/// One `key values…` line and, for block keys, the lines it owns.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Entry {
    pub key: String,
    pub values: Vec<String>,
    pub line: usize,
    /// (line number, tokens) of each body line.
    pub body: Vec<(usize, Vec<String>)>,
}

#[derive(Clone, Debug)]
pub struct Document {
    pub source: String,
    pub family: String,
    pub family_line: usize,
    pub entries: Vec<Entry>,
    last_line: usize,
}

fn strip_comment(line: &str) -> &str {
    line.split('#').next().unwrap_or("").trim()
}

/// Splits a Tatham-style game ID `WxH:description` into its width, height (both positive,
/// at most `max_cells` cells together) and description; `Err` says what was expected, naming
/// the ID's `shape` (such as `WxH:clues`).
pub fn split_game_id<'a>(
    id: &'a str,
    shape: &str,
    max_cells: usize,
) -> Result<(usize, usize, &'a str), String> {
    let (params, desc) = id
        .trim()
        .split_once(':')
        .ok_or_else(|| format!("expected a game ID `{shape}`"))?;
    let num = |t: &str| t.parse::<usize>().ok().filter(|&n| n > 0);
    let Some((Some(w), Some(h))) = params.split_once('x').map(|(w, h)| (num(w), num(h))) else {
        return Err(format!("expected `WxH` before `:`, found `{params}`"));
    };
    if w.saturating_mul(h) > max_cells {
        return Err(format!(
            "a {w}×{h} grid is larger than the {max_cells} cells accepted"
        ));
    }
    Ok((w, h, desc))
}

/// The only line of a text that is not blank or a `#` comment, trimmed, with its number: how a
/// game ID given alone in a file is recognised.
pub fn lone_line(text: &str) -> Option<(usize, &str)> {
    let mut content = text
        .lines()
        .enumerate()
        .map(|(k, l)| (k + 1, l.trim()))
        .filter(|(_, l)| !l.is_empty() && !l.starts_with('#'));
    let first = content.next()?;
    content.next().is_none().then_some(first)
}

/// A partial answer over a grid drawn row by row, `width` cells a row: `marks` are the
/// characters for true, false and unknown.
pub fn draw_partial(known: &[Option<bool>], width: usize, marks: [char; 3]) -> String {
    known
        .chunks(width.max(1))
        .map(|r| {
            r.iter()
                .map(|k| match k {
                    Some(true) => marks[0],
                    Some(false) => marks[1],
                    None => marks[2],
                })
                .collect::<String>()
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// The family named on the first line that is not blank or a comment, if it has that shape.
pub fn family_of(text: &str) -> Option<&str> {
    let line = text.lines().map(strip_comment).find(|l| !l.is_empty())?;
    let mut t = line.split_whitespace();
    (t.next()? == "family").then_some(())?;
    let name = t.next()?;
    t.next().is_none().then_some(name)
}

impl Document {
    /// Reads a document for a family that knows the keys `keys`; those in `blocks` own the
    /// lines below them. Unknown keys and repeated keys are errors.
    pub fn read(
        text: &str,
        source: &str,
        keys: &[&str],
        blocks: &[&str],
    ) -> Result<Document, ParseError> {
        let err = |line: usize, message: String| ParseError {
            source: source.to_string(),
            line,
            message,
        };
        let mut doc: Option<Document> = None;
        let mut in_block = false;
        let mut last_line = 0;
        for (k, raw) in text.lines().enumerate() {
            let no = k + 1;
            last_line = no;
            let line = strip_comment(raw);
            if line.is_empty() {
                continue;
            }
            let tokens: Vec<String> = line.split_whitespace().map(String::from).collect();
            let Some(d) = &mut doc else {
                if tokens[0] != "family" || tokens.len() != 2 {
                    return Err(err(no, "expected the first line `family NAME`".into()));
                }
                doc = Some(Document {
                    source: source.to_string(),
                    family: tokens[1].clone(),
                    family_line: no,
                    entries: Vec::new(),
                    last_line: 0,
                });
                continue;
            };
            let key = tokens[0].as_str();
            if keys.contains(&key) {
                if d.entries.iter().any(|e| e.key == key) {
                    return Err(err(no, format!("`{key}` is given twice")));
                }
                in_block = blocks.contains(&key);
                d.entries.push(Entry {
                    key: key.to_string(),
                    values: tokens[1..].to_vec(),
                    line: no,
                    body: Vec::new(),
                });
            } else if in_block {
                d.entries
                    .last_mut()
                    .expect("a block")
                    .body
                    .push((no, tokens));
            } else {
                return Err(err(
                    no,
                    format!("unknown key `{key}`; expected one of: {}", keys.join(", ")),
                ));
            }
        }
        let mut d = doc.ok_or_else(|| {
            err(
                last_line.max(1),
                "expected `family NAME`, found an empty file".into(),
            )
        })?;
        d.last_line = last_line;
        Ok(d)
    }

    /// Reads a document that must belong to `family` (see [`Document::read`]).
    pub fn read_family(
        text: &str,
        source: &str,
        family: &str,
        keys: &[&str],
        blocks: &[&str],
    ) -> Result<Document, ParseError> {
        let doc = Document::read(text, source, keys, blocks)?;
        if doc.family != family {
            return Err(doc.error(doc.family_line, format!("expected `family {family}`")));
        }
        Ok(doc)
    }

    /// The required `size ROWS COLS` line, with 1..=`max_cells` cells in all.
    pub fn size(&self, max_cells: usize) -> Result<(usize, usize), ParseError> {
        let e = self.require("size", "ROWS COLS")?;
        let size: Vec<usize> = self.numbers(e, "two sizes ROWS COLS")?;
        let [m, n] = size[..] else {
            return Err(self.error(e.line, "`size`: expected two numbers ROWS COLS"));
        };
        if m == 0 || n == 0 || m.saturating_mul(n) > max_cells {
            return Err(self.error(
                e.line,
                format!("`size`: expected 1..{max_cells} cells in all, found {m}×{n}"),
            ));
        }
        Ok((m, n))
    }

    /// Whether the flag line `key` (a line of the key alone, such as `full`) is there; an error
    /// on its line when anything follows the key.
    pub fn flag(&self, key: &str) -> Result<bool, ParseError> {
        match self.get(key) {
            Some(e) if !e.values.is_empty() => {
                Err(self.error(e.line, format!("`{key}`: expected nothing after it")))
            }
            found => Ok(found.is_some()),
        }
    }

    pub fn error(&self, line: usize, message: impl Into<String>) -> ParseError {
        ParseError {
            source: self.source.clone(),
            line,
            message: message.into(),
        }
    }

    pub fn get(&self, key: &str) -> Option<&Entry> {
        self.entries.iter().find(|e| e.key == key)
    }

    pub fn require(&self, key: &str, what: &str) -> Result<&Entry, ParseError> {
        self.get(key).ok_or_else(|| {
            self.error(
                self.last_line.max(1),
                format!("missing `{key}` line: expected `{key} {what}`"),
            )
        })
    }

    /// The entry's values as numbers, or an error naming the line and the expected form.
    pub fn numbers<T: FromStr>(&self, e: &Entry, what: &str) -> Result<Vec<T>, ParseError> {
        parse_tokens(&e.values, |bad| {
            self.error(
                e.line,
                format!("`{}`: expected {what}, found `{bad}`", e.key),
            )
        })
    }

    /// A block's body lines as numbers (one row of numbers per line).
    pub fn number_rows<T: FromStr>(
        &self,
        e: &Entry,
        what: &str,
    ) -> Result<Vec<(usize, Vec<T>)>, ParseError> {
        e.body
            .iter()
            .map(|(no, toks)| {
                parse_tokens(toks, |bad| {
                    self.error(*no, format!("expected {what}, found `{bad}`"))
                })
                .map(|v| (*no, v))
            })
            .collect()
    }
}

/// A stencil block: an odd-sized rectangle of values centred on the cell. Returns the
/// non-default entries as (row offset, column offset, value).
pub fn centred_stencil<T: Copy + PartialEq + Default>(
    rows: &[Vec<T>],
) -> Result<Vec<(i64, i64, T)>, String> {
    let h = rows.len();
    let w = rows.first().map_or(0, |r| r.len());
    if h.is_multiple_of(2) || w.is_multiple_of(2) || rows.iter().any(|r| r.len() != w) {
        return Err("expected an odd-sized rectangle, centred on the cell".into());
    }
    let mut out = Vec::new();
    for (dr, row) in rows.iter().enumerate() {
        for (dc, &x) in row.iter().enumerate() {
            if x != T::default() {
                out.push((dr as i64 - (h / 2) as i64, dc as i64 - (w / 2) as i64, x));
            }
        }
    }
    Ok(out)
}

/// The rows of a stencil block from its non-default entries (the inverse of
/// [`centred_stencil`]): the smallest square centred on the cell that holds them all.
pub fn stencil_rows<T: Copy + Default>(cells: &[(i64, i64, T)]) -> Vec<Vec<T>> {
    let radius = cells
        .iter()
        .map(|&(dr, dc, _)| dr.unsigned_abs().max(dc.unsigned_abs()))
        .max()
        .unwrap_or(0) as usize;
    let side = 2 * radius + 1;
    let mut rows = vec![vec![T::default(); side]; side];
    for &(dr, dc, x) in cells {
        rows[(dr + radius as i64) as usize][(dc + radius as i64) as usize] = x;
    }
    rows
}

fn parse_tokens<T: FromStr>(
    tokens: &[String],
    err: impl Fn(&str) -> ParseError,
) -> Result<Vec<T>, ParseError> {
    tokens
        .iter()
        .map(|t| t.parse::<T>().map_err(|_| err(t)))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_keys_blocks_and_comments() {
        let text = "# a puzzle\nfamily demo  # trailing\nsize 2 3\ngrid\n. 1 .\n0 . .\nrows 1 2\n";
        assert_eq!(family_of(text), Some("demo"));
        let d = Document::read(text, "x.txt", &["size", "grid", "rows"], &["grid"]).unwrap();
        assert_eq!(d.family, "demo");
        assert_eq!(d.get("grid").unwrap().body.len(), 2);
        assert_eq!(d.get("grid").unwrap().body[1].0, 6);
        let rows: Vec<u32> = d.numbers(d.get("rows").unwrap(), "numbers").unwrap();
        assert_eq!(rows, vec![1, 2]);
    }

    #[test]
    fn errors_name_source_line_and_expectation() {
        let e = Document::read("family demo\nsize 2 x\nbogus 1\n", "f.txt", &["size"], &[])
            .unwrap_err();
        assert_eq!(
            e.to_string(),
            "f.txt:3: unknown key `bogus`; expected one of: size"
        );
        let d = Document::read("family demo\nsize 2 x\n", "f.txt", &["size"], &[]).unwrap();
        let e = d
            .numbers::<u32>(d.get("size").unwrap(), "two sizes")
            .unwrap_err();
        assert_eq!(
            e.to_string(),
            "f.txt:2: `size`: expected two sizes, found `x`"
        );
        let e = Document::read("size 1\n", "f.txt", &["size"], &[]).unwrap_err();
        assert_eq!(e.line, 1);
        let e = Document::read("family d\nsize 1\nsize 2\n", "f", &["size"], &[]).unwrap_err();
        assert!(e.message.contains("twice"));
        assert!(Document::read("", "f", &[], &[]).is_err());
    }
}
