//! Knuth's `.dlx` text: the first line names the items, primary first, then `|`, then the
//! secondary items; each later line is one option (`item` or `item:colour`). Lines starting
//! with `|` are comments; blank lines are skipped. As in Knuth's DLX3 (and MCC), a primary item
//! may carry its multiplicity: `lo:hi|name` (covered between `lo` and `hi` times) or `hi|name`
//! (exactly `hi` times), with `1 ≤ hi` and `lo ≤ hi`; secondary items take no bounds. An option of secondary items only is
//! ignored, as Knuth's DLX1 and DLX2 ignore it ("Option ignored (no primary items)"): the
//! search branches on primary items, so it could never be chosen. Options are numbered in the
//! order of the ones kept, as there.

use crate::{Problem, XcError};
use std::io::{self, Write};

/// The largest number of items or options accepted, so that absurd files are refused early.
pub const MAX_SIZE: usize = 1 << 26;

/// The most item entries over all options (each takes 16 bytes here and more in the dancing
/// links: 2^26 of them is about 1 GiB before the search starts). Knuth's DLX1 stops at 25
/// million nodes.
pub const MAX_ENTRIES: usize = 1 << 26;

pub fn parse_dlx(text: &str) -> Result<Problem, XcError> {
    let mut problem: Option<Problem> = None;
    let mut entries = 0usize;
    for (k, raw) in text.lines().enumerate() {
        let line_no = k + 1;
        let line = raw.trim();
        if line.is_empty() || line.starts_with('|') {
            continue;
        }
        let tokens: Vec<&str> = line.split_whitespace().collect();
        match &mut problem {
            None => {
                let bar = tokens.iter().position(|t| *t == "|");
                let (prim, sec) = match bar {
                    Some(b) => (&tokens[..b], &tokens[b + 1..]),
                    None => (&tokens[..], &[][..]),
                };
                if sec.contains(&"|") {
                    return Err(XcError::Parse {
                        line: line_no,
                        message: "expected at most one `|` between primary and secondary items"
                            .into(),
                    });
                }
                if prim.is_empty() {
                    return Err(XcError::Parse {
                        line: line_no,
                        message: "expected at least one primary item before `|`".into(),
                    });
                }
                if tokens.len() > MAX_SIZE {
                    return Err(XcError::Parse {
                        line: line_no,
                        message: format!("more than {MAX_SIZE} items"),
                    });
                }
                let at_line = |e: XcError| match e {
                    XcError::Parse { message, .. } => XcError::Parse {
                        line: line_no,
                        message,
                    },
                    other => other,
                };
                let mut names = Vec::with_capacity(prim.len());
                let mut bounds = Vec::with_capacity(prim.len());
                for t in prim {
                    let (b, name) = bounded_name(t).map_err(|message| XcError::Parse {
                        line: line_no,
                        message,
                    })?;
                    names.push(name);
                    bounds.push(b);
                }
                let mut p = Problem::new(&names, sec).map_err(at_line)?;
                for (i, (lo, hi)) in bounds.into_iter().enumerate() {
                    p.set_bounds(i, lo, hi).map_err(at_line)?;
                }
                problem = Some(p);
            }
            Some(p) => {
                let item = |t: &&str| p.item(t.split_once(':').map_or(*t, |(n, _)| n));
                let secondary_only = tokens
                    .iter()
                    .all(|t| item(t).is_some_and(|i| i >= p.num_primary()));
                if secondary_only {
                    continue;
                }
                if p.options().len() >= MAX_SIZE {
                    return Err(XcError::Parse {
                        line: line_no,
                        message: format!("more than {MAX_SIZE} options"),
                    });
                }
                entries += tokens.len();
                if entries > MAX_ENTRIES {
                    return Err(XcError::Parse {
                        line: line_no,
                        message: format!(
                            "more than {MAX_ENTRIES} item entries in all options (a memory bound)"
                        ),
                    });
                }
                p.add_option_text(&tokens).map_err(|e| XcError::Parse {
                    line: line_no,
                    message: match e {
                        XcError::Option { message, .. } | XcError::Parse { message, .. } => message,
                    },
                })?;
            }
        }
    }
    problem.ok_or(XcError::Parse {
        line: text.lines().count().max(1),
        message: "expected a first line naming the items".into(),
    })
}

/// The largest multiplicity bound accepted (a chosen set has at most as many options as the
/// file has lines, so larger bounds say nothing more).
pub const MAX_BOUND: u32 = 1 << 30;

/// A primary item's token on the first line: `name`, `hi|name` or `lo:hi|name`, as DLX3 reads
/// it: ((lo, hi), name).
fn bounded_name(token: &str) -> Result<((u32, u32), &str), String> {
    let Some((spec, name)) = token.split_once('|') else {
        return Ok(((1, 1), token));
    };
    let number = |s: &str| -> Result<u32, String> {
        if s.is_empty() || !s.bytes().all(|b| b.is_ascii_digit()) {
            return Err(format!(
                "`{token}`: expected a bound of decimal digits before `|` (`lo:hi|name` or `hi|name`)"
            ));
        }
        s.parse::<u32>()
            .ok()
            .filter(|&n| n <= MAX_BOUND)
            .ok_or_else(|| format!("`{token}`: a bound above the {MAX_BOUND} accepted"))
    };
    let (lo, hi) = match spec.split_once(':') {
        Some((lo, hi)) => (number(lo)?, number(hi)?),
        None => {
            let hi = number(spec)?;
            (hi, hi)
        }
    };
    if hi == 0 {
        return Err(format!("`{token}`: the upper bound is zero"));
    }
    if lo > hi {
        return Err(format!(
            "`{token}`: the lower bound exceeds the upper bound"
        ));
    }
    Ok(((lo, hi), name))
}

pub fn write_dlx(out: &mut impl Write, p: &Problem, comments: &[String]) -> io::Result<()> {
    let mut w = io::BufWriter::new(out);
    for c in comments {
        writeln!(w, "| {c}")?;
    }
    let names: Vec<String> = (0..p.num_items())
        .map(|i| {
            let name = p.item_name(i);
            match (i < p.num_primary()).then(|| p.bounds(i)) {
                None | Some((1, 1)) => name.to_string(),
                Some((lo, hi)) if lo == hi => format!("{hi}|{name}"),
                Some((lo, hi)) => format!("{lo}:{hi}|{name}"),
            }
        })
        .collect();
    write!(w, "{}", names[..p.num_primary()].join(" "))?;
    if p.num_items() > p.num_primary() {
        write!(w, " | {}", names[p.num_primary()..].join(" "))?;
    }
    writeln!(w)?;
    for o in 0..p.options().len() {
        writeln!(w, "{}", p.option_text(o))?;
    }
    w.flush()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_knuths_example_with_colours() {
        // The small example of Algorithm C: items p q r primary, x y secondary.
        let text = "| example\np q r | x y\np q x y:A\np r x:A y\np x:B\nq x:A\nr y:B\n";
        let p = parse_dlx(text).unwrap();
        assert_eq!(p.num_items(), 5);
        assert_eq!(p.num_primary(), 3);
        let c = crate::count(&p, None);
        // The unique solution: {q x:A} and {p r x:A y}.
        assert_eq!(c.count, 1);
        let mut out = Vec::new();
        write_dlx(&mut out, &p, &[]).unwrap();
        let again = parse_dlx(std::str::from_utf8(&out).unwrap()).unwrap();
        assert_eq!(again.options(), p.options());
    }

    /// The example of color controls in Knuth's DLX2 documentation: option `X:0 Y:1` has no
    /// primary item and is ignored; the unique solution is `A C X:1 Y:1` and `B X:1`.
    #[test]
    fn knuths_colour_example_ignores_the_option_without_primary_items() {
        let text = "| A simple example of color controls\nA B C | X Y\nA B X:0 Y:0\nA C X:1 Y:1\nX:0 Y:1\nB X:1\nC Y:1\n";
        let p = parse_dlx(text).unwrap();
        assert_eq!(p.options().len(), 4);
        let mut solutions = Vec::new();
        crate::search(&p, |chosen| {
            let mut lines: Vec<String> = chosen.iter().map(|&o| p.option_text(o)).collect();
            lines.sort();
            solutions.push(lines);
            std::ops::ControlFlow::Continue(())
        });
        assert_eq!(solutions, vec![vec!["A C X:1 Y:1", "B X:1"]]);
    }

    #[test]
    fn errors_name_the_line() {
        let cases = [
            ("a b\na c\n", 2, "unknown item `c`"),
            ("a b\na a\n", 2, "appears twice"),
            ("a | b\nb c\n", 2, "unknown item `c`"),
            ("a | b\na:X\n", 2, "cannot have a colour"),
            ("| x\n| y\n", 2, "naming the items"),
            ("a a\n", 1, "twice"),
            ("| a\n", 1, "naming the items"),
        ];
        for (text, line, want) in cases {
            let e = parse_dlx(text).unwrap_err();
            let XcError::Parse { line: l, message } = &e else {
                panic!("{e:?}")
            };
            assert_eq!(*l, line, "{text:?}");
            assert!(message.contains(want), "{text:?}: {message}");
        }
    }
}
