//! Simon Tatham's Unruly game IDs, read and written.
//!
//! `W[xH][u][dX]:DESC`: the width, the height (default: the width), `u` for the rule set with
//! distinct rows and columns, an optional difficulty letter. DESC runs over the cells row by
//! row: a letter skips (letter − `a`, or − `A`) empty cells and then places a clue, 0 for a
//! lowercase letter and 1 for an uppercase one; `z` or `Z` skips 25 cells and places nothing.
//! A letter whose clue would fall just past the last cell ends the description.

use crate::{Binary, Rules};
use wellposed_engine::ParseError;

/// The line number and text of a game ID, if the first line that is not blank or a comment
/// looks like one (digits, then `:` before any space).
pub fn find_game_id(text: &str) -> Option<(usize, &str)> {
    let (no, line) = text
        .lines()
        .enumerate()
        .map(|(k, l)| (k + 1, l.split('#').next().unwrap_or("").trim()))
        .find(|(_, l)| !l.is_empty())?;
    looks_like_game_id(line).then_some((no, line))
}

/// Whether a string has the shape of a game ID (`8x8:…`, `10x10u:…`, `6:…`).
pub fn looks_like_game_id(s: &str) -> bool {
    let Some((params, _)) = s.split_once(':') else {
        return false;
    };
    params.starts_with(|c: char| c.is_ascii_digit())
        && params.chars().all(|c| c.is_ascii_alphanumeric())
}

/// Reads a game ID (`line` is its line in `source`, for errors).
pub fn parse(id: &str, source: &str, line: usize) -> Result<Binary, ParseError> {
    let err = |message: String| ParseError {
        source: source.to_string(),
        line,
        message,
    };
    let (params, desc) = id
        .split_once(':')
        .ok_or_else(|| err("expected an Unruly game ID `WxH:DESC`".into()))?;
    let bytes = params.as_bytes();
    let mut k = 0;
    let number = |k: &mut usize| -> Option<usize> {
        let start = *k;
        while *k < bytes.len() && bytes[*k].is_ascii_digit() {
            *k += 1;
        }
        params[start..*k]
            .parse()
            .ok()
            .filter(|&n: &usize| n <= 100_000)
    };
    let width = number(&mut k)
        .ok_or_else(|| err(format!("game ID `{params}`: expected the width first")))?;
    let mut height = width;
    if bytes.get(k) == Some(&b'x') {
        k += 1;
        height = number(&mut k)
            .ok_or_else(|| err(format!("game ID `{params}`: expected a height after `x`")))?;
    }
    let mut rules = Rules::NoDistinct;
    if bytes.get(k) == Some(&b'u') {
        rules = Rules::Distinct;
        k += 1;
    }
    if bytes.get(k) == Some(&b'd') && k + 2 == bytes.len() && bytes[k + 1].is_ascii_lowercase() {
        k += 2;
    }
    if k != bytes.len() {
        return Err(err(format!(
            "game ID `{params}`: expected W[xH][u][dX], found `{}` after the size",
            &params[k..]
        )));
    }
    Binary::check_shape(width, height).map_err(|m| err(format!("game ID: {m}")))?;
    let cells = width * height;
    let mut givens = vec![None; cells];
    let mut at = 0usize;
    for (i, ch) in desc.chars().enumerate() {
        let (skip, place) = match ch {
            'z' | 'Z' => (25, None),
            'a'..='y' => (ch as usize - 'a' as usize, Some(0)),
            'A'..='Y' => (ch as usize - 'A' as usize, Some(1)),
            _ => {
                return Err(err(format!(
                    "game ID: expected letters in the description, found `{ch}` at character {}",
                    i + 1
                )))
            }
        };
        at += skip;
        let Some(v) = place else {
            if at > cells {
                return Err(err(format!(
                    "game ID: the description runs past the {cells} cells at character {}",
                    i + 1
                )));
            }
            continue;
        };
        if at == cells && i + 1 == desc.chars().count() {
            break; // the closing letter
        }
        if at >= cells {
            return Err(err(format!(
                "game ID: the description runs past the {cells} cells at character {}",
                i + 1
            )));
        }
        givens[at] = Some(v);
        at += 1;
    }
    Ok(Binary {
        width,
        height,
        rules,
        givens,
    })
}

/// The puzzle as a game ID, closed by the letter that skips to the end.
pub fn game_id(p: &Binary) -> String {
    let mut out = format!("{}x{}", p.width, p.height);
    if p.rules == Rules::Distinct {
        out.push('u');
    }
    out.push(':');
    let mut run = 0usize;
    let flush = |run: &mut usize, out: &mut String, clue: Option<u8>| {
        while *run >= 25 {
            out.push('z');
            *run -= 25;
        }
        let base = if clue == Some(1) { b'A' } else { b'a' };
        out.push((base + *run as u8) as char);
        *run = 0;
    };
    for g in &p.givens {
        match g {
            None => run += 1,
            Some(v) => flush(&mut run, &mut out, Some(*v)),
        }
    }
    flush(&mut run, &mut out, None);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_and_writes_the_shared_ids() {
        // shared/data/binary/ANSWERS.md
        for id in [
            "8x8:CGABkabbBgdDEBcEbaa",
            "8x8u:aadDAckJdBCabAq",
            "10x10:FDACkIeBdFaHbegccCgEDb",
            "14x14:ABcbeMdcCccABEKHGDdacBAFabJCmfDBABagAEJeHDhcbb",
        ] {
            let p = parse(id, "id", 1).unwrap();
            assert_eq!(game_id(&p), id);
        }
        let p = parse("8x8:CGABkabbBgdDEBcEbaa", "id", 1).unwrap();
        assert_eq!((p.width, p.height, p.rules), (8, 8, Rules::NoDistinct));
        // C: skip two cells, then a 1.
        assert_eq!(&p.givens[..4], &[None, None, Some(1), None]);
        assert_eq!(parse("6u:a", "id", 1).unwrap().rules, Rules::Distinct);
        assert_eq!(parse("6x4dt:xa", "id", 1).unwrap().givens[23], Some(0));
    }

    #[test]
    fn long_runs_use_z() {
        let mut p = Binary::empty(10, 10, Rules::Distinct);
        p.givens[60] = Some(1);
        let id = game_id(&p);
        assert_eq!(id, "10x10u:zzKzo");
        assert_eq!(parse(&id, "id", 1).unwrap(), p);
    }

    #[test]
    fn bad_ids_are_errors_with_a_reason() {
        for (id, says) in [
            ("8x:aa", "height"),
            ("7x8:a", "even"),
            ("8x8q:a", "expected W[xH]"),
            ("4x4:zz", "runs past"),
            ("4x4:a1", "letters"),
            ("4x4:qA", "runs past"),
        ] {
            let e = parse(id, "f.txt", 3).unwrap_err();
            assert_eq!(e.line, 3);
            assert!(e.message.contains(says), "{id}: {}", e.message);
        }
    }
}
