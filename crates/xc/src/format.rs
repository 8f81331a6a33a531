//! Knuth's `.dlx` text: the first line names the items, primary first, then `|`, then the
//! secondary items; each later line is one option (`item` or `item:colour`). Lines starting
//! with `|` are comments; blank lines are skipped.

use crate::{Problem, XcError};
use std::io::{self, Write};

/// The largest number of items or options accepted, so that absurd files are refused early.
pub const MAX_SIZE: usize = 1 << 26;

pub fn parse_dlx(text: &str) -> Result<Problem, XcError> {
    let mut problem: Option<Problem> = None;
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
                problem = Some(Problem::new(prim, sec).map_err(|e| match e {
                    XcError::Parse { message, .. } => XcError::Parse {
                        line: line_no,
                        message,
                    },
                    other => other,
                })?);
            }
            Some(p) => {
                if p.options().len() >= MAX_SIZE {
                    return Err(XcError::Parse {
                        line: line_no,
                        message: format!("more than {MAX_SIZE} options"),
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

pub fn write_dlx(out: &mut impl Write, p: &Problem, comments: &[String]) -> io::Result<()> {
    let mut w = io::BufWriter::new(out);
    for c in comments {
        writeln!(w, "| {c}")?;
    }
    let names: Vec<&str> = (0..p.num_items()).map(|i| p.item_name(i)).collect();
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

    #[test]
    fn errors_name_the_line() {
        let cases = [
            ("a b\na c\n", 2, "unknown item `c`"),
            ("a b\na a\n", 2, "appears twice"),
            ("a | b\nb\n", 2, "primary item"),
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
