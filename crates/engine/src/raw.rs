//! Raw inputs as puzzles: a DIMACS CNF (its projection from `c p show`/`c ind`, or all
//! variables) and a Knuth `.dlx` exact-cover problem.

use crate::{Answer, CnfEncoding, Encoding, EncodingKind, Family, ParseError};
use serde::Serialize;
use wellposed_sat::Choices;
use wellposed_sat::{dimacs, Cnf, Var};
use wellposed_xc::{parse_dlx, Problem, XcError};

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RawCnf {
    pub cnf: Cnf,
    pub show: Option<Vec<Var>>,
}

impl Family for RawCnf {
    const NAME: &'static str = "cnf";
    const SUMMARY: &'static str = "a DIMACS CNF formula (projected on `c p show` / `c ind`)";
    const EXTENSIONS: &'static [&'static str] = &["cnf"];
    const EXAMPLES: &'static [&'static str] =
        &["c x\np cnf 4 3\nc p show 1 2 0\n1 -2 0\n2 3 -4 0\n-1 4 0\n"];
    /// The model as DIMACS literals, one per variable.
    type Solution = Vec<i64>;

    fn parse(text: &str, source: &str) -> Result<Self, ParseError> {
        let (cnf, notes) = dimacs::parse(text).map_err(|e| ParseError {
            source: source.to_string(),
            line: e.line,
            message: e.message,
        })?;
        Ok(RawCnf {
            cnf,
            show: notes.show,
        })
    }

    fn to_text(&self) -> String {
        let mut out = Vec::new();
        let notes = dimacs::Annotations {
            show: self.show.clone(),
            comments: Vec::new(),
        };
        dimacs::write(&mut out, &self.cnf, &notes).expect("writing to memory");
        String::from_utf8(out).expect("DIMACS is ASCII")
    }

    fn encodings(&self) -> Vec<EncodingKind> {
        vec![EncodingKind::Cnf]
    }

    fn encode(&self, kind: EncodingKind, _choices: Choices) -> Option<Encoding> {
        (kind == EncodingKind::Cnf).then(|| {
            let answer = self
                .show
                .clone()
                .unwrap_or_else(|| (0..self.cnf.num_vars()).map(Var).collect());
            Encoding::Cnf(CnfEncoding {
                cnf: self.cnf.clone(),
                names: Vec::new(),
                answer,
                ..Default::default()
            })
        })
    }

    fn decode(&self, answer: &Answer) -> Vec<i64> {
        (0..self.cnf.num_vars())
            .map(|v| {
                let var = Var(v);
                if answer.value(var) {
                    var.dimacs()
                } else {
                    -var.dimacs()
                }
            })
            .collect()
    }

    fn verify(&self, model: &Vec<i64>) -> Result<(), String> {
        let value = |l: wellposed_sat::Lit| {
            model
                .get(l.var().index())
                .is_some_and(|&x| (x > 0) == l.is_positive())
        };
        match self
            .cnf
            .clauses()
            .iter()
            .position(|c| !c.iter().any(|&l| value(l)))
        {
            Some(k) => Err(format!("clause {} is not satisfied", k + 1)),
            None => Ok(()),
        }
    }

    fn render(&self, model: &Vec<i64>) -> String {
        let mut out = String::new();
        for chunk in model.chunks(20) {
            out.push('v');
            for l in chunk {
                out.push_str(&format!(" {l}"));
            }
            out.push('\n');
        }
        out.push_str("v 0");
        out
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RawDlx {
    pub problem: Problem,
}

#[derive(Serialize)]
pub struct Cover {
    /// Chosen options, numbered from 1 in file order.
    pub options: Vec<usize>,
    pub lines: Vec<String>,
}

impl Family for RawDlx {
    const NAME: &'static str = "dlx";
    const SUMMARY: &'static str = "an exact cover problem in Knuth's .dlx format";
    /// The extensions people give Knuth's formats: his programs' names (DLX1–3 read the same
    /// text, with colours from DLX2 and multiplicities from DLX3; XCC and MCC are the later
    /// names of the same problems).
    const EXTENSIONS: &'static [&'static str] = &["dlx", "dlx1", "dlx2", "dlx3", "xcc", "mcc"];
    /// Items `p q r` primary, `x y` secondary with colours.
    const EXAMPLES: &'static [&'static str] =
        &["p q r | x y\np q x y:A\np r x:A y\np x:B\nq x:A\nr y:B\n"];
    type Solution = Cover;

    fn parse(text: &str, source: &str) -> Result<Self, ParseError> {
        let problem = parse_dlx(text).map_err(|e| match e {
            XcError::Parse { line, message } => ParseError {
                source: source.to_string(),
                line,
                message,
            },
            XcError::Option { option, message } => ParseError {
                source: source.to_string(),
                line: 0,
                message: format!("option {option}: {message}"),
            },
        })?;
        Ok(RawDlx { problem })
    }

    /// Knuth's formats by their content, whatever the file is called: his comment lines (`|`
    /// first, as his generators write them) or a `|` on the item line (secondary items, or a
    /// multiplicity `lo:hi|item`), and a text that reads as a problem with at least one option.
    fn recognises(text: &str) -> bool {
        let mut lines = text.lines().map(str::trim).filter(|l| !l.is_empty());
        let Some(first) = lines.next() else {
            return false;
        };
        let items = if first.starts_with('|') {
            lines.find(|l| !l.starts_with('|'))
        } else {
            Some(first)
        };
        let knuth = first.starts_with('|') || items.is_some_and(|l| l.contains('|'));
        knuth && parse_dlx(text).is_ok_and(|p| !p.options().is_empty())
    }

    fn to_text(&self) -> String {
        let mut out = Vec::new();
        wellposed_xc::write_dlx(&mut out, &self.problem, &[]).expect("writing to memory");
        String::from_utf8(out).expect("the names were read as UTF-8")
    }

    fn encodings(&self) -> Vec<EncodingKind> {
        vec![EncodingKind::ExactCover]
    }

    fn encode(&self, kind: EncodingKind, _choices: Choices) -> Option<Encoding> {
        (kind == EncodingKind::ExactCover).then(|| Encoding::ExactCover(self.problem.clone()))
    }

    fn decode(&self, answer: &Answer) -> Cover {
        let options = answer.options().to_vec();
        Cover {
            lines: options
                .iter()
                .map(|&o| self.problem.option_text(o))
                .collect(),
            options: options.iter().map(|o| o + 1).collect(),
        }
    }

    fn verify(&self, cover: &Cover) -> Result<(), String> {
        let chosen: Vec<usize> = cover.options.iter().map(|o| o - 1).collect();
        self.problem.check(&chosen)
    }

    fn render(&self, cover: &Cover) -> String {
        cover.lines.join("\n")
    }
}
