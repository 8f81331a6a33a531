//! puzz.link (pzprjs) puzzle URLs, the format setters paste: `https://puzz.link/p?PID/COLS/ROWS/BODY`
//! (also `pzv.jp/p.html?…`, with or without the address, and the editor's `?m+PID/…`). The
//! body lists numbers in the pzprjs "number16" code, cell after cell (or clue slot after clue
//! slot), row-major:
//! - `0`–`9`, `a`–`f`: one hexadecimal digit; `-` and two digits; `+` and three digits; `=`,
//!   `%` and three digits (plus 4096, 8192); `*` and four digits (plus 12240); `$` and five
//!   (plus 77776);
//! - `.`: a cell with a clue whose number is not given ("?");
//! - `g`–`z`: 1–20 cells without a clue.
//!
//! Read from the published encoding (pzprjs's `Encode` and its test URLs); the families build
//! their own bodies from these pieces and check what they read with their own parsers.
//!
//! Between the genre and the size pzprjs may write two more parts (its `parser.js`,
//! `parseURLData`: `PID/[v:VARIANT/][PFLAG/]COLS/ROWS/BODY`):
//! - `v:VARIANT` marks a puzzle whose rules are not the genre's own (pzprjs reads its board,
//!   sets its `variant` option and then checks no answer, since it does not know the rules).
//!   [`read`] refuses it, naming it: the genre's rules would answer another puzzle. pzprjs's
//!   parser also skips a `v:` part before the genre (`?v:VARIANT/pzprv3/…`, the form of its
//!   file URLs; on a plain `?v:VARIANT/PID/…` it then sets no variant, its only reading of that
//!   shape being by accident). Here it is refused the same way, for what it says of the rules.
//! - a part that is not a number is the genre's flags (`slither/f/…`): letters each genre reads
//!   in its own way (its `checkpflag`), most of them rule variants. [`read`] passes the letters a
//!   family lists in [`crate::Family::PUZZLINK_FLAGS`] on to it ([`Url::flags`]) and refuses
//!   any other, naming it.

/// What a number16 cell holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Slot {
    Empty,
    /// A clue without a number (`.`, pzprjs's −2).
    Unknown,
    Number(u32),
}

/// A puzz.link URL's parts.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Url<'a> {
    pub pid: &'a str,
    pub cols: usize,
    pub rows: usize,
    /// What follows `ROWS/`.
    pub body: &'a str,
    /// pzprjs's flag part (`slither/f/…`: `"f"`), `""` when the URL has none.
    pub flags: &'a str,
    /// pzprjs's variant mark (`nurikabe/v:X/…`: `Some("X")`), which [`read`] refuses.
    pub variant: Option<&'a str>,
}

/// The largest side a URL may give (the families check their own, smaller, limits after).
pub const MAX_SIDE: usize = 1000;

/// Splits a puzz.link URL for the genre `pid` (`None`: another genre, or not such a URL),
/// with no flag or variant part: what a family that reads no flags splits.
pub fn split<'a>(s: &'a str, pid: &str) -> Option<Url<'a>> {
    split_flagged(s, pid).filter(|u| u.flags.is_empty() && u.variant.is_none())
}

/// Splits a puzz.link URL for the genre `pid` as [`split`] does, its flag and variant parts
/// (see the module's documentation) taken into [`Url::flags`] and [`Url::variant`].
pub fn split_flagged<'a>(s: &'a str, pid: &str) -> Option<Url<'a>> {
    let s = s.trim();
    let query = match s.split_once('?') {
        Some((_, q)) => q,
        None => s,
    };
    let query = query.strip_prefix("m+").unwrap_or(query);
    // `?v:VARIANT/PID/…`: the variant before the genre.
    let (mut variant, query) = match query.strip_prefix("v:") {
        Some(v) => {
            let (id, rest) = v.split_once('/')?;
            (Some(id), rest)
        }
        None => (None, query),
    };
    let mut rest = query.strip_prefix(pid)?.strip_prefix('/')?;
    if let Some(v) = rest.strip_prefix("v:") {
        let (id, after) = v.split_once('/')?;
        variant = Some(id);
        rest = after;
    }
    // pzprjs takes a first part that is not a number for the flags.
    let mut flags = "";
    if let Some((first, after)) = rest.split_once('/') {
        if !first.is_empty() && !first.bytes().all(|b| b.is_ascii_digit()) {
            flags = first;
            rest = after;
        }
    }
    let mut parts = rest.splitn(3, '/');
    let cols = parts.next()?.parse().ok()?;
    let rows = parts.next()?.parse().ok()?;
    let body = parts.next().unwrap_or("");
    Some(Url {
        pid: &query[..pid.len()],
        cols,
        rows,
        body,
        flags,
        variant,
    })
}

/// Whether `s` is a puzz.link URL of genre `pid` with no flag or variant part (what the
/// command line and the page accept as a puzzle of a family that reads no flags).
pub fn looks_like(s: &str, pid: &str) -> bool {
    !s.trim().contains('\n') && split(s, pid).is_some()
}

/// Whether `s` is a puzz.link URL of one of the genres `pids` (a family's
/// [`crate::Family::PUZZLINK`]), flags and variant marks included: [`read`] then reads it or
/// says which part it refuses.
pub fn of_genres(s: &str, pids: &[&str]) -> bool {
    !s.trim().contains('\n') && pids.iter().any(|pid| split_flagged(s, pid).is_some())
}

/// Reads a puzz.link URL of one of `F`'s genres by [`crate::Family::from_puzzlink`]; errors
/// name `source` and `line`.
pub fn read<F: crate::Family>(s: &str, source: &str, line: usize) -> Result<F, crate::ParseError> {
    let err = |message: String| crate::ParseError {
        source: source.to_string(),
        line,
        message: format!("puzz.link URL: {message}"),
    };
    let url = F::PUZZLINK
        .iter()
        .find_map(|pid| split_flagged(s, pid))
        .ok_or_else(|| {
            let keys: Vec<String> = F::PUZZLINK
                .iter()
                .map(|p| format!("`{p}/COLS/ROWS/BODY`"))
                .collect();
            err(format!("expected {}", keys.join(" or ")))
        })?;
    if let Some(v) = url.variant {
        return Err(err(format!(
            "`v:{v}` marks a variant: a puzzle whose rules are not {}'s own (pzprjs reads its \
             board but checks no answer); the {} family reads the genre's rules only",
            url.pid,
            F::NAME
        )));
    }
    if let Some(c) = url.flags.chars().find(|&c| !F::PUZZLINK_FLAGS.contains(c)) {
        let read = match F::PUZZLINK_FLAGS {
            "" => "reads none".to_string(),
            letters => format!("reads only {}", quoted_letters(letters)),
        };
        return Err(err(format!(
            "the flag `{c}` (`{}/{}/…`) is pzprjs's sign of a rule or format variant of the \
             genre; the {} family {read}",
            url.pid,
            url.flags,
            F::NAME
        )));
    }
    F::from_puzzlink(&url).map_err(err)
}

/// A puzz.link URL of one of `F`'s genres alone in `text` (comments and blank lines aside),
/// read: what a family's [`crate::Family::parse`] asks first. `None` when the text is not such
/// a URL.
pub fn in_text<F: crate::Family>(text: &str, source: &str) -> Option<Result<F, crate::ParseError>> {
    let (line, l) = crate::lone_line(text)?;
    of_genres(l, F::PUZZLINK).then(|| read(l, source, line))
}

/// `f`, `"f" and "o"`: letters for a message.
fn quoted_letters(letters: &str) -> String {
    let quoted: Vec<String> = letters.chars().map(|c| format!("`{c}`")).collect();
    quoted.join(" and ")
}

impl Url<'_> {
    /// The number of cells of the board, checked against `max`: the size check every reader
    /// makes before building anything.
    pub fn cells(&self, max: usize) -> Result<usize, String> {
        let n = self.cols.saturating_mul(self.rows);
        if self.cols == 0 || self.rows == 0 || n > max {
            return Err(format!(
                "a {}×{} board: expected 1 to {max} cells",
                self.cols, self.rows
            ));
        }
        Ok(n)
    }
}

/// The genre key of a puzz.link-style URL with an address (`https://puzz.link/p?slither/…`,
/// `pzv.jp/p.html?…`, the editor's `?m+…`, a `v:` variant prefix), whatever the genre: what
/// the loader names when no family reads it. `None` for anything else (a bare `PID/…` body is
/// left to the families, since it could be a file name).
pub fn genre(s: &str) -> Option<&str> {
    let s = s.trim();
    if s.contains(char::is_whitespace) {
        return None;
    }
    let (address, query) = s.split_once('?')?;
    let address = address
        .strip_prefix("https://")
        .or_else(|| address.strip_prefix("http://"))
        .unwrap_or(address);
    let host = address.split('/').next().unwrap_or("");
    if !["puzz.link", "pzv.jp", "pzprxs.vercel.app"]
        .iter()
        .any(|h| host == *h || host.ends_with(&format!(".{h}")))
    {
        return None;
    }
    let query = query.strip_prefix("m+").unwrap_or(query);
    let query = query.strip_prefix("v:").unwrap_or(query);
    let pid = query.split('/').next().unwrap_or("");
    (!pid.is_empty() && pid.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')).then_some(pid)
}

/// The URL of a puzzle: `https://puzz.link/p?PID/COLS/ROWS/BODY`.
pub fn url(pid: &str, cols: usize, rows: usize, body: &str) -> String {
    format!("https://puzz.link/p?{pid}/{cols}/{rows}/{body}")
}

/// Reads `n` slots in the number16 code from the start of `body`; the rest of the body follows
/// (slots past its end are empty).
pub fn read_numbers(body: &str, n: usize) -> Result<(Vec<Slot>, &str), String> {
    let b = body.as_bytes();
    let mut out = Vec::with_capacity(n.min(1 << 20));
    let mut i = 0;
    let hex = |from: usize, len: usize| -> Result<u32, String> {
        body.get(from..from + len)
            .and_then(|d| u32::from_str_radix(d, 16).ok())
            .ok_or_else(|| {
                format!(
                    "expected {len} hexadecimal digits at character {}",
                    from + 1
                )
            })
    };
    while i < b.len() && out.len() < n {
        let c = b[i];
        let (slot, len) = match c {
            b'0'..=b'9' | b'a'..=b'f' => (Slot::Number(hex(i, 1)?), 1),
            b'-' => (Slot::Number(hex(i + 1, 2)?), 3),
            b'+' => (Slot::Number(hex(i + 1, 3)?), 4),
            b'=' => (Slot::Number(hex(i + 1, 3)? + 4096), 4),
            b'%' => (Slot::Number(hex(i + 1, 3)? + 8192), 4),
            b'*' => (Slot::Number(hex(i + 1, 4)? + 12240), 5),
            b'$' => (Slot::Number(hex(i + 1, 5)? + 77776), 6),
            b'.' => (Slot::Unknown, 1),
            b'g'..=b'z' => {
                let skip = usize::from(c - b'g') + 1;
                out.extend(std::iter::repeat_n(Slot::Empty, skip.min(n - out.len())));
                i += 1;
                continue;
            }
            b'/' => break,
            _ => {
                return Err(format!(
                    "unexpected `{}` at character {}",
                    char::from(c),
                    i + 1
                ))
            }
        };
        out.push(slot);
        i += len;
    }
    out.resize(n, Slot::Empty);
    Ok((out, &body[i..]))
}

/// Writes slots in the number16 code (runs of empty slots as `g`–`z`).
pub fn write_numbers(slots: &[Slot]) -> String {
    let mut out = String::new();
    let mut empty = 0u32;
    let flush = |out: &mut String, empty: &mut u32| {
        if *empty > 0 {
            out.push(char::from_digit(15 + *empty, 36).expect("1..=20 empty slots"));
            *empty = 0;
        }
    };
    for s in slots {
        let text = match *s {
            Slot::Empty => {
                empty += 1;
                if empty == 20 {
                    flush(&mut out, &mut empty);
                }
                continue;
            }
            Slot::Unknown => ".".to_string(),
            Slot::Number(n) => match n {
                0..=15 => format!("{n:x}"),
                16..=255 => format!("-{n:02x}"),
                256..=4095 => format!("+{n:03x}"),
                4096..=8191 => format!("={:03x}", n - 4096),
                8192..=12239 => format!("%{:03x}", n - 8192),
                12240..=77775 => format!("*{:04x}", n - 12240),
                _ => format!("${:05x}", n - 77776),
            },
        };
        flush(&mut out, &mut empty);
        out.push_str(&text);
    }
    flush(&mut out, &mut empty);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_round_trip_through_every_code() {
        let mut slots = vec![Slot::Empty; 45];
        for (k, n) in [
            0u32, 9, 15, 16, 255, 256, 4095, 4096, 8192, 12240, 77776, 100_000,
        ]
        .into_iter()
        .enumerate()
        {
            slots[k * 3] = Slot::Number(n);
        }
        slots[40] = Slot::Unknown;
        let text = write_numbers(&slots);
        let (back, rest) = read_numbers(&text, slots.len()).unwrap();
        assert_eq!((back, rest), (slots, ""));
    }

    /// pzprjs's own test URL for Mines (`test/script/mines.js`): 5×5, with `2` at row 1
    /// column 2, `1` at row 2 column 5, `3` at row 3 column 1, `1 3` at row 4 columns 3–4 and
    /// `0` at row 5 column 1.
    #[test]
    fn the_published_mines_url_reads_and_writes_back() {
        let u = split("https://puzz.link/p?mines/5/5/g2m13l13g0j", "mines").unwrap();
        assert_eq!((u.cols, u.rows), (5, 5));
        let (cells, rest) = read_numbers(u.body, 25).unwrap();
        assert_eq!(rest, "");
        let at = |r: usize, c: usize| cells[r * 5 + c];
        assert_eq!(at(0, 1), Slot::Number(2));
        assert_eq!(at(1, 4), Slot::Number(1));
        assert_eq!(at(2, 0), Slot::Number(3));
        assert_eq!((at(3, 2), at(3, 3)), (Slot::Number(1), Slot::Number(3)));
        assert_eq!(at(4, 0), Slot::Number(0));
        assert_eq!(cells.iter().filter(|s| **s != Slot::Empty).count(), 6);
        assert_eq!(write_numbers(&cells), "g2m13l13g0j");
    }

    #[test]
    fn a_url_s_genre_is_read_whatever_the_genre() {
        assert_eq!(
            genre("https://puzz.link/p?slither/5/5/h07chdgdh80c"),
            Some("slither")
        );
        assert_eq!(genre("http://pzv.jp/p.html?m+mashu/6/6/0"), Some("mashu"));
        assert_eq!(
            genre("https://puzz.link/p?v:nurikabe/3/3/g"),
            Some("nurikabe")
        );
        assert_eq!(genre("slither/5/5/h07"), None);
        assert_eq!(genre("https://example.com/p?slither/5/5/h07"), None);
        assert_eq!(genre("puzzle.txt"), None);
    }

    #[test]
    fn urls_are_split_with_or_without_the_address() {
        for s in [
            "https://puzz.link/p?nonogram/6/6/12g",
            "http://pzv.jp/p.html?nonogram/6/6/12g",
            "p?m+nonogram/6/6/12g",
            "nonogram/6/6/12g",
        ] {
            let u = split(s, "nonogram").unwrap_or_else(|| panic!("{s}"));
            assert_eq!(
                (u.pid, u.cols, u.rows, u.body),
                ("nonogram", 6, 6, "12g"),
                "{s}"
            );
        }
        assert!(split("https://puzz.link/p?mines/5/5/g", "nonogram").is_none());
        // pzprjs's flag and variant parts (its `parseURLData`): split apart, and kept out of
        // the plain `split` that families reading no flags use.
        for (s, flags, variant) in [
            ("https://puzz.link/p?slither/f/3/2/jd", "f", None),
            ("https://puzz.link/p?yajilin/ob/3/2/jd", "ob", None),
            ("https://puzz.link/p?slither/v:x/3/2/jd", "", Some("x")),
            ("https://puzz.link/p?slither/v:x/f/3/2/jd", "f", Some("x")),
            ("https://puzz.link/p?v:x/slither/3/2/jd", "", Some("x")),
            ("p?m+slither/v:/3/2/jd", "", Some("")),
        ] {
            let pid = if s.contains("yajilin") {
                "yajilin"
            } else {
                "slither"
            };
            let u = split_flagged(s, pid).unwrap_or_else(|| panic!("{s}"));
            assert_eq!(
                (u.pid, u.cols, u.rows, u.body, u.flags, u.variant),
                (pid, 3, 2, "jd", flags, variant),
                "{s}"
            );
            assert!(split(s, pid).is_none(), "{s}");
            assert!(of_genres(s, &[pid]) && !looks_like(s, pid), "{s}");
        }
        assert!(split_flagged("https://puzz.link/p?slither/f/x/2/jd", "slither").is_none());
        assert!(split("8x8u:aadDAckJdBCabAq", "nonogram").is_none());
        assert!(read_numbers("1!", 4).is_err());
        assert!(read_numbers("-1", 4).is_err());
    }
}
