//! Zebra puzzles (Einstein's riddle, "Who owns the zebra?"): n positions (houses 1..n, left to
//! right), several categories of n values each; every value sits at exactly one position and
//! every position holds exactly one value of each category. Clues relate values.
//!
//! Variables: one per (category, value, position), true when the value sits there: the answer.
//! Constraints: one-hot both ways per category; each clue as clauses over positions ("if A is
//! at p, B is at one of the positions the relation allows from p", both ways); an either/or
//! gets one guard variable per side, each side's clauses hold under its guard, and one guard
//! holds; three-in-a-row gets a direction variable.

pub mod commands;
pub mod format;
pub mod generate;

use serde::Serialize;
use wellposed_engine::repair::places;
use wellposed_engine::sat::Choices;
use wellposed_engine::{Answer, CnfEncoding, Encoding, EncodingKind, Family, ParseError};
use wellposed_sat::{AmoEncoding, Cnf, Lit, Var};

/// A value: (category, index within it).
pub type Value = (usize, usize);

/// What a clue says of the positions of its values.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Fact {
    /// A and B at the same position.
    Same(Value, Value),
    NotSame(Value, Value),
    /// A at position k (0-based).
    At(Value, usize),
    NotAt(Value, usize),
    /// |pos A − pos B| = 1.
    NextTo(Value, Value),
    NotNextTo(Value, Value),
    /// pos A + 1 = pos B.
    ImmediatelyLeftOf(Value, Value),
    /// pos A < pos B.
    LeftOf(Value, Value),
    /// A, B, C consecutive, in that order or reversed.
    ThreeInARow(Value, Value, Value),
    Either(Box<Fact>, Box<Fact>),
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Zebra {
    pub positions: usize,
    /// (category name, its value names).
    pub categories: Vec<(String, Vec<String>)>,
    /// Each clue with the text it was read from.
    pub clues: Vec<(Fact, String)>,
}

/// A solution: for each position, the value of each category.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Table {
    pub categories: Vec<String>,
    /// `rows[p][c]`: the value of category c at position p.
    pub rows: Vec<Vec<String>>,
    #[serde(skip)]
    pub position: Vec<Vec<usize>>,
}

/// Which pairs of positions (of A, of B) a two-value fact allows.
type Relation = fn(usize, usize) -> bool;

/// The relation between two positions that a two-value fact demands (None: not such a fact).
fn relation(f: &Fact) -> Option<(Value, Value, Relation)> {
    Some(match *f {
        Fact::Same(a, b) => (a, b, |p, q| p == q),
        Fact::NotSame(a, b) => (a, b, |p, q| p != q),
        Fact::NextTo(a, b) => (a, b, |p, q| p.abs_diff(q) == 1),
        Fact::NotNextTo(a, b) => (a, b, |p, q| p.abs_diff(q) != 1),
        Fact::ImmediatelyLeftOf(a, b) => (a, b, |p, q| p + 1 == q),
        Fact::LeftOf(a, b) => (a, b, |p, q| p < q),
        _ => return None,
    })
}

impl Fact {
    /// Whether the fact holds when value v sits at `pos[v.0][v.1]`.
    pub fn holds(&self, pos: &[Vec<usize>]) -> bool {
        let at = |v: Value| pos[v.0][v.1];
        if let Some((a, b, r)) = relation(self) {
            return r(at(a), at(b));
        }
        match self {
            Fact::At(a, k) => at(*a) == *k,
            Fact::NotAt(a, k) => at(*a) != *k,
            Fact::ThreeInARow(a, b, c) => {
                let (a, b, c) = (at(*a), at(*b), at(*c));
                (a + 1 == b && b + 1 == c) || (c + 1 == b && b + 1 == a)
            }
            Fact::Either(f, g) => f.holds(pos) || g.holds(pos),
            _ => unreachable!("two-value facts are relations"),
        }
    }
}

impl Zebra {
    fn var(&self, v: Value, p: usize) -> Var {
        let n = self.positions;
        Var(((v.0 * n + v.1) * n + p) as u32)
    }

    /// Adds the clauses of a fact, each with `guard` (a literal that, when false, switches
    /// the fact on; empty for a fact that always holds).
    fn encode_fact(&self, cnf: &mut Cnf, f: &Fact, guard: &[Lit]) {
        let n = self.positions;
        let x = |v: Value, p: usize| self.var(v, p).positive();
        let with = |mut c: Vec<Lit>| {
            c.extend_from_slice(guard);
            c
        };
        if let Some((a, b, r)) = relation(f) {
            for (from, to, forward) in [(a, b, true), (b, a, false)] {
                for p in 0..n {
                    let mut c = vec![!x(from, p)];
                    c.extend(
                        (0..n)
                            .filter(|&q| if forward { r(p, q) } else { r(q, p) })
                            .map(|q| x(to, q)),
                    );
                    cnf.add_clause(&with(c));
                }
            }
            return;
        }
        match f {
            Fact::At(a, k) => cnf.add_clause(&with(vec![x(*a, *k)])),
            Fact::NotAt(a, k) => cnf.add_clause(&with(vec![!x(*a, *k)])),
            Fact::ThreeInARow(a, b, c) => {
                // dir: a b c left to right; ¬dir: right to left.
                let dir = cnf.new_var().positive();
                for (d, first, last) in [(dir, *a, *c), (!dir, *c, *a)] {
                    let mut g = guard.to_vec();
                    g.push(!d);
                    self.encode_fact(cnf, &Fact::ImmediatelyLeftOf(first, *b), &g);
                    self.encode_fact(cnf, &Fact::ImmediatelyLeftOf(*b, last), &g);
                }
            }
            Fact::Either(f, g) => {
                let (gf, gg) = (cnf.new_var().positive(), cnf.new_var().positive());
                let mut c = vec![gf, gg];
                c.extend_from_slice(guard);
                cnf.add_clause(&c);
                for (side, lit) in [(f, gf), (g, gg)] {
                    let mut gd = guard.to_vec();
                    gd.push(!lit);
                    self.encode_fact(cnf, side, &gd);
                }
            }
            _ => unreachable!("two-value facts are relations"),
        }
    }

    /// The CNF encoding with the default choices (see [`Self::cnf_with`]).
    pub fn cnf(&self) -> CnfEncoding {
        self.cnf_with(Choices::default().settled(wellposed_engine::sat::Purpose::Solving))
    }

    /// The CNF encoding, building at-most-one and counting constraints as `choices` say.
    pub fn cnf_with(&self, choices: Choices) -> CnfEncoding {
        let n = self.positions;
        let k = self.categories.len();
        let mut cnf = Cnf::with_choices(choices);
        let answer = cnf.new_vars(k * n * n);
        for c in 0..k {
            for v in 0..n {
                let lits: Vec<Lit> = (0..n).map(|p| self.var((c, v), p).positive()).collect();
                cnf.exactly_one(&lits, AmoEncoding::Auto);
            }
            for p in 0..n {
                let lits: Vec<Lit> = (0..n).map(|v| self.var((c, v), p).positive()).collect();
                cnf.exactly_one(&lits, AmoEncoding::Auto);
            }
        }
        for (f, _) in &self.clues {
            self.encode_fact(&mut cnf, f, &[]);
        }
        let mut names = Vec::with_capacity(k * n * n);
        for (_, values) in &self.categories {
            for v in values {
                for p in 0..n {
                    names.push(format!("{v} at {}", p + 1));
                }
            }
        }
        CnfEncoding::new(cnf, answer, names)
    }

    /// The table of a placement (`position[c][v]`).
    pub fn table(&self, position: Vec<Vec<usize>>) -> Table {
        let n = self.positions;
        let mut rows = vec![vec![String::new(); self.categories.len()]; n];
        for (c, (_, values)) in self.categories.iter().enumerate() {
            for (v, name) in values.iter().enumerate() {
                if let Some(row) = rows.get_mut(position[c][v]) {
                    row[c] = name.clone();
                }
            }
        }
        Table {
            categories: self.categories.iter().map(|(c, _)| c.clone()).collect(),
            rows,
            position,
        }
    }

    /// Checks a placement by the rules: each category a permutation, every clue true.
    pub fn check(&self, position: &[Vec<usize>]) -> Result<(), String> {
        let n = self.positions;
        for (c, (name, _)) in self.categories.iter().enumerate() {
            let mut seen = vec![false; n];
            for &p in &position[c] {
                if p >= n || std::mem::replace(&mut seen[p], true) {
                    return Err(format!("`{name}` does not put one value at each position"));
                }
            }
        }
        for (f, text) in &self.clues {
            if !f.holds(position) {
                return Err(format!("the clue `{text}` is false"));
            }
        }
        Ok(())
    }
}

/// This family as the registry and every front end see it.
pub const FAMILY: wellposed_engine::FamilyEntry =
    wellposed_engine::FamilyEntry::of::<Zebra>().generator(commands::GENERATOR);

impl Zebra {
    /// Each value at its position in `t`, category by category.
    fn placements<'a>(&'a self, t: &'a Table) -> impl Iterator<Item = Fact> + 'a {
        (0..self.categories.len())
            .flat_map(move |c| (0..self.positions).map(move |v| Fact::At((c, v), t.position[c][v])))
    }
}

impl Family for Zebra {
    const NAME: &'static str = "zebra";
    type Solution = Table;

    /// The clues are the statements, in the file's words.
    fn clues(&self) -> Vec<String> {
        self.clues
            .iter()
            .map(|(f, read)| {
                if read.trim().is_empty() {
                    format::clue_text(self, f)
                } else {
                    read.trim().to_string()
                }
            })
            .collect()
    }

    fn without_clues(&self, drop: &[usize]) -> Option<Self> {
        let mut z = self.clone();
        z.clues = (0..self.clues.len())
            .filter(|i| !drop.contains(i))
            .map(|i| self.clues[i].clone())
            .collect();
        Some(z)
    }

    /// What a solution can add: where each value sits (`at VALUE POSITION`).
    fn clues_from(&self, t: &Table) -> Vec<String> {
        self.placements(t)
            .map(|f| format::clue_text(self, &f))
            .collect()
    }

    fn with_clues_from(&self, t: &Table, picks: &[usize]) -> Option<Self> {
        places::changed(self, self.placements(t), picks, |z, f| {
            z.clues.push((f, String::new()));
        })
    }

    const SUMMARY: &'static str = "zebra (Einstein) puzzles: categories matched by clues";

    fn to_text(&self) -> String {
        format::to_text(self)
    }

    fn parse(text: &str, source: &str) -> Result<Self, ParseError> {
        format::parse(text, source)
    }

    fn encodings(&self) -> Vec<EncodingKind> {
        vec![EncodingKind::Cnf]
    }

    fn encode(&self, kind: EncodingKind, choices: Choices) -> Option<Encoding> {
        (kind == EncodingKind::Cnf).then(|| Encoding::Cnf(self.cnf_with(choices)))
    }

    fn decode(&self, answer: &Answer) -> Table {
        let n = self.positions;
        let position = (0..self.categories.len())
            .map(|c| {
                (0..n)
                    .map(|v| {
                        (0..n)
                            .find(|&p| answer.value(self.var((c, v), p)))
                            .unwrap_or(usize::MAX)
                    })
                    .collect()
            })
            .collect();
        self.table(position)
    }

    fn verify(&self, t: &Table) -> Result<(), String> {
        self.check(&t.position)
    }

    fn render(&self, t: &Table) -> String {
        let mut widths: Vec<usize> = t.categories.iter().map(|c| c.chars().count()).collect();
        for row in &t.rows {
            for (w, v) in widths.iter_mut().zip(row) {
                *w = (*w).max(v.chars().count());
            }
        }
        let line = |first: String, cells: &[String]| {
            let mut s = format!("{first:>5}");
            for (w, c) in widths.iter().zip(cells) {
                s.push_str(&format!("  {c:<w$}"));
            }
            s.trim_end().to_string()
        };
        let mut out = vec![line("".into(), &t.categories)];
        for (p, row) in t.rows.iter().enumerate() {
            out.push(line((p + 1).to_string(), row));
        }
        out.join("\n")
    }
}
