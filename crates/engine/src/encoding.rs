//! Encodings a puzzle can hand to the engine, and the raw answers that come back.

use serde::Serialize;
use std::fmt;
use wellposed_sat::{AmoEncoding, Cnf, Lit, Var};
use wellposed_xc::Problem;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum EncodingKind {
    Cnf,
    ExactCover,
}

impl fmt::Display for EncodingKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            EncodingKind::Cnf => "CNF",
            EncodingKind::ExactCover => "exact-cover",
        })
    }
}

/// A CNF with its answer variables: the projection on which solutions are told apart.
/// Auxiliary variables outside it never make two solutions different.
///
/// `lazy` holds graph constraints ([`crate::connectivity`]) that the solve loop checks on each
/// model and enforces by cuts; every other path takes [`CnfEncoding::completed`], the plain
/// formula with their complete encodings. Build one with [`CnfEncoding::new`] or a struct
/// literal ending in `..Default::default()`.
#[derive(Clone, Debug, Default)]
pub struct CnfEncoding {
    pub cnf: Cnf,
    pub answer: Vec<Var>,
    /// A name for each answer variable (same order), written to DIMACS exports as comments.
    pub names: Vec<String>,
    /// Graph constraints left to the lazy loop (empty for most families).
    pub lazy: Vec<crate::connectivity::Structure>,
}

pub enum Encoding {
    Cnf(CnfEncoding),
    ExactCover(Problem),
}

impl Encoding {
    pub fn kind(&self) -> EncodingKind {
        match self {
            Encoding::Cnf(_) => EncodingKind::Cnf,
            Encoding::ExactCover(_) => EncodingKind::ExactCover,
        }
    }
}

/// What a solver returns, before the family turns it into a solution.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Answer {
    /// The value of every CNF variable.
    Model(Vec<bool>),
    /// The chosen options of an exact cover, in increasing order.
    Cover(Vec<usize>),
}

impl Answer {
    /// The value of a CNF variable (false for a cover answer or an unknown variable).
    pub fn value(&self, v: Var) -> bool {
        match self {
            Answer::Model(m) => m.get(v.index()).copied().unwrap_or(false),
            Answer::Cover(_) => false,
        }
    }

    pub fn lit(&self, l: Lit) -> bool {
        self.value(l.var()) == l.is_positive()
    }

    /// The chosen options (empty for a CNF model).
    pub fn options(&self) -> &[usize] {
        match self {
            Answer::Cover(o) => o,
            Answer::Model(_) => &[],
        }
    }
}

/// Exact cover as CNF: one variable per option; each primary item exactly once (or, with a
/// multiplicity `lo:hi`, between `lo` and `hi` of its options: a cardinality constraint); for each
/// secondary item, at most one of {uncoloured options, one indicator per colour}, every
/// coloured option implying its colour's indicator. The answer variables are the options.
pub fn exact_cover_to_cnf(p: &Problem) -> CnfEncoding {
    let mut cnf = Cnf::new();
    let opts = cnf.new_vars(p.options().len());
    let mut by_item: Vec<Vec<(usize, Option<u32>)>> = vec![Vec::new(); p.num_items()];
    for (o, items) in p.options().iter().enumerate() {
        for &(i, c) in items {
            by_item[i].push((o, c));
        }
    }
    for (i, users) in by_item.iter().enumerate() {
        if i < p.num_primary() {
            let lits: Vec<Lit> = users.iter().map(|&(o, _)| opts[o].positive()).collect();
            match p.bounds(i) {
                (1, 1) => cnf.exactly_one(&lits, AmoEncoding::Auto),
                // A multiplicity (DLX3 / MCC): between lo and hi of the item's options.
                (lo, hi) => cnf.count_range(&lits, u64::from(lo), u64::from(hi)),
            }
            continue;
        }
        let mut group: Vec<Lit> = Vec::new();
        let mut colours: Vec<(u32, Lit)> = Vec::new();
        for &(o, c) in users {
            match c {
                None => group.push(opts[o].positive()),
                Some(c) => {
                    let y = match colours.iter().find(|(k, _)| *k == c) {
                        Some(&(_, y)) => y,
                        None => {
                            let y = cnf.new_var().positive();
                            colours.push((c, y));
                            y
                        }
                    };
                    cnf.add_clause(&[opts[o].negative(), y]);
                }
            }
        }
        group.extend(colours.iter().map(|&(_, y)| y));
        cnf.at_most_one(&group, AmoEncoding::Auto);
    }
    let names = (0..p.options().len())
        .map(|o| format!("option {}: {}", o + 1, p.option_text(o)))
        .collect();
    CnfEncoding::new(cnf, opts, names)
}
