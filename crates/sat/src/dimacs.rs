//! DIMACS CNF: reading (with the projection lines `c p show … 0` and `c ind … 0`) and writing.

use crate::{Cnf, Lit, Var};
use std::io::{self, Write};

/// The largest variable count accepted from a header: anything bigger is refused up front
/// rather than attempted.
pub const MAX_VARS: u64 = 1 << 24;

/// What a DIMACS file says besides its clauses.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Annotations {
    /// The projection: the variables whose assignments count as distinct solutions.
    pub show: Option<Vec<Var>>,
    /// Comment lines written after the header (without the leading `c `).
    pub comments: Vec<String>,
}

#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("line {line}: {message}")]
pub struct DimacsError {
    pub line: usize,
    pub message: String,
}

fn err<T>(line: usize, message: impl Into<String>) -> Result<T, DimacsError> {
    Err(DimacsError {
        line,
        message: message.into(),
    })
}

/// Parses DIMACS CNF text.
pub fn parse(text: &str) -> Result<(Cnf, Annotations), DimacsError> {
    let mut cnf = Cnf::new();
    let mut notes = Annotations::default();
    let mut header: Option<(u64, u64, usize)> = None;
    let mut clause: Vec<Lit> = Vec::new();
    let mut clause_start = 0;
    let mut last_line = 0;
    for (i, raw) in text.lines().enumerate() {
        let no = i + 1;
        last_line = no;
        let line = raw.trim();
        if line.is_empty() {
            continue;
        }
        if line.starts_with('%') {
            break; // SATLIB files end with "%" and a stray "0"
        }
        if let Some(rest) = line.strip_prefix('c') {
            let rest = rest.trim_start();
            let proj = rest
                .strip_prefix("p show")
                .or_else(|| rest.strip_prefix("ind "));
            if let Some(list) = proj {
                let max = header.map(|h| h.0);
                let show = notes.show.get_or_insert_with(Vec::new);
                parse_var_list(list, no, max, show)?;
            }
            continue;
        }
        if line.starts_with('p') {
            if header.is_some() {
                return err(no, "a second `p cnf` header");
            }
            let f: Vec<&str> = line.split_whitespace().collect();
            if f.len() != 4 || f[0] != "p" || f[1] != "cnf" {
                return err(no, "expected the header `p cnf VARIABLES CLAUSES`");
            }
            let (Ok(v), Ok(c)) = (f[2].parse::<u64>(), f[3].parse::<u64>()) else {
                return err(
                    no,
                    "expected the header `p cnf VARIABLES CLAUSES` with two non-negative integers",
                );
            };
            if v > MAX_VARS {
                return err(
                    no,
                    format!("{v} variables is more than the {MAX_VARS} accepted"),
                );
            }
            if let Some(show) = &notes.show {
                if let Some(bad) = show.iter().find(|x| x.dimacs() as u64 > v) {
                    return err(
                        no,
                        format!(
                            "projection variable {} exceeds the header's {v}",
                            bad.dimacs()
                        ),
                    );
                }
            }
            cnf.reserve_vars(v as u32);
            header = Some((v, c, no));
            continue;
        }
        let Some((max_var, _, _)) = header else {
            return err(
                no,
                "expected the header `p cnf VARIABLES CLAUSES` before the clauses",
            );
        };
        for tok in line.split_whitespace() {
            let Ok(n) = tok.parse::<i64>() else {
                return err(no, format!("expected an integer literal, found `{tok}`"));
            };
            if n == 0 {
                cnf.add_clause(&clause);
                clause.clear();
                continue;
            }
            if n.unsigned_abs() > max_var {
                return err(
                    no,
                    format!("literal {n} exceeds the header's {max_var} variables"),
                );
            }
            if clause.is_empty() {
                clause_start = no;
            }
            clause.push(Lit::from_dimacs(n).expect("nonzero and in range"));
        }
    }
    let Some((_, declared, header_line)) = header else {
        return err(last_line.max(1), "no `p cnf VARIABLES CLAUSES` header");
    };
    if !clause.is_empty() {
        // Tolerated, as most solvers do: the last clause lacks its terminating 0.
        log::warn!("line {clause_start}: the last clause is not terminated by 0");
        cnf.add_clause(&clause);
    }
    if cnf.clauses().len() as u64 != declared {
        log::warn!(
            "line {header_line}: the header declares {declared} clauses, the file has {}",
            cnf.clauses().len()
        );
    }
    if let Some(show) = &mut notes.show {
        show.sort();
        show.dedup();
    }
    Ok((cnf, notes))
}

fn parse_var_list(
    list: &str,
    no: usize,
    max: Option<u64>,
    out: &mut Vec<Var>,
) -> Result<(), DimacsError> {
    for tok in list.split_whitespace() {
        let Ok(n) = tok.parse::<i64>() else {
            return err(
                no,
                format!("expected a variable number in the projection, found `{tok}`"),
            );
        };
        if n == 0 {
            break;
        }
        if n < 0 || max.is_some_and(|m| n as u64 > m) || n as u64 > MAX_VARS {
            return err(no, format!("projection variable {n} is out of range"));
        }
        out.push(Var(n as u32 - 1));
    }
    Ok(())
}

/// Writes the formula, its comments and its projection (as both `c p show` for the
/// model-counting competition format and `c ind` for ApproxMC/ganak-style tools).
pub fn write(out: &mut impl Write, cnf: &Cnf, notes: &Annotations) -> io::Result<()> {
    let mut w = io::BufWriter::new(out);
    writeln!(w, "p cnf {} {}", cnf.num_vars(), cnf.clauses().len())?;
    for c in &notes.comments {
        writeln!(w, "c {c}")?;
    }
    if let Some(show) = &notes.show {
        for prefix in ["c p show", "c ind"] {
            // Long projections are split over several lines, each ending in 0.
            for chunk in show.chunks(20) {
                write!(w, "{prefix}")?;
                for v in chunk {
                    write!(w, " {}", v.dimacs())?;
                }
                writeln!(w, " 0")?;
            }
            if show.is_empty() {
                writeln!(w, "{prefix} 0")?;
            }
        }
    }
    for c in cnf.clauses() {
        for l in c {
            write!(w, "{} ", l.dimacs())?;
        }
        writeln!(w, "0")?;
    }
    w.flush()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trip_with_projection() {
        let text = "c hello\np cnf 4 3\nc p show 1 3 0\n1 -2 0\n2 3\n -4 0\n-1 0\n";
        let (cnf, notes) = parse(text).unwrap();
        assert_eq!(cnf.num_vars(), 4);
        assert_eq!(cnf.clauses().len(), 3);
        assert_eq!(cnf.clauses()[1].len(), 3);
        assert_eq!(notes.show, Some(vec![Var(0), Var(2)]));
        let mut out = Vec::new();
        write(&mut out, &cnf, &notes).unwrap();
        let (cnf2, notes2) = parse(std::str::from_utf8(&out).unwrap()).unwrap();
        assert_eq!(cnf, cnf2);
        assert_eq!(notes.show, notes2.show);
    }

    #[test]
    fn errors_name_the_line() {
        let e = parse("p cnf 2 1\n1 x 0\n").unwrap_err();
        assert_eq!(e.line, 2);
        assert!(e.message.contains("`x`"));
        assert_eq!(parse("1 2 0\n").unwrap_err().line, 1);
        assert_eq!(parse("p cnf 2 1\n1 3 0\n").unwrap_err().line, 2);
        assert_eq!(parse("p cnf 2\n").unwrap_err().line, 1);
        assert!(parse("p cnf 99999999999 1\n").is_err());
        assert!(parse("").is_err());
        assert!(parse("p cnf 2 1\np cnf 2 1\n").is_err());
    }
}
