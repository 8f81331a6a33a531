//! The CNF encoding. Variables: `x(w, d)`, true when white cell w (in [`Kakuro::whites`]
//! order) holds digit d, nine to a cell (the answer, named `row R col C=D`). Clauses:
//!
//! - one digit a cell (at least one, and every pair excluded);
//! - each digit at most once a run (every pair excluded); a run longer than nine cells is
//!   contradictory at once (left to the solver it would be a pigeonhole formula, which
//!   resolution proves only in exponential time);
//! - a run with sum s over L cells uses exactly the digits of one *combination*: a set of L
//!   distinct digits adding up to s (all of them precomputed, at most 12 per length and sum).
//!   A digit in no combination is excluded from the run's cells; a digit in every
//!   combination must appear in some cell; between those, `u(d)` says whether the run uses d
//!   (defined both ways from the cells), and one selector `y(S)` per combination, exactly one
//!   of them true, fixes which digits are used (`y(S) → u(d)` for d in S, `→ ¬u(d)` for the
//!   others, and `u(d) →` some selector whose combination holds d). L distinct digits from S
//!   fill L cells, so the sum holds.
//!
//! Every auxiliary variable is fixed by the cells (u by its definition, the selector by the
//! set of used digits), so models and fills correspond one to one: counts are exact.
//!
//! The combinations give unit propagation the players' "possible sets" reasoning directly
//! (a digit of no remaining combination leaves the run's cells).

use crate::Kakuro;
use std::sync::OnceLock;
use wellposed_engine::sat::Choices;
use wellposed_engine::CnfEncoding;
use wellposed_sat::{AmoEncoding, Cnf, Lit, Var};

/// The variable of white cell w holding digit d (1–9).
pub fn digit_var(w: usize, d: u8) -> u32 {
    (w * 9 + usize::from(d) - 1) as u32
}

fn x(w: usize, d: u8) -> Lit {
    Var(digit_var(w, d)).positive()
}

/// A set of digits as bits 1–9 of a mask.
pub type Digits = u16;

/// Every digit, 1 to 9.
pub const ALL: Digits = 0b11_1111_1110;

/// The digits of a mask, ascending.
pub fn digits(m: Digits) -> impl Iterator<Item = u8> {
    (1..=9u8).filter(move |&d| m & 1 << d != 0)
}

/// The combinations of `len` distinct digits that add up to `sum` (none for a length above
/// nine or a sum out of reach).
pub fn combinations(len: usize, sum: u32) -> &'static [Digits] {
    static TABLE: OnceLock<Vec<Vec<Vec<Digits>>>> = OnceLock::new();
    let table = TABLE.get_or_init(|| {
        let mut t = vec![vec![Vec::new(); 46]; 10];
        for m in (0..1u16 << 10).filter(|m| m & 1 == 0) {
            let s: u32 = digits(m).map(u32::from).sum();
            t[m.count_ones() as usize][s as usize].push(m);
        }
        t
    });
    match table.get(len).and_then(|t| t.get(sum as usize)) {
        Some(c) => c,
        None => &[],
    }
}

/// The clauses that make the run over white cells `ws` add up to `sum`, with their auxiliary
/// variables taken from `cnf` (so that a generator can switch the clauses on and off).
pub fn sum_clauses(cnf: &mut Cnf, ws: &[usize], sum: u32) -> Vec<Vec<Lit>> {
    let combos = combinations(ws.len(), sum);
    if combos.is_empty() {
        return vec![Vec::new()];
    }
    let union = combos.iter().fold(0, |a, &m| a | m);
    let inter = combos.iter().fold(ALL, |a, &m| a & m);
    let mut out = Vec::new();
    for d in digits(ALL & !union) {
        out.extend(ws.iter().map(|&w| vec![!x(w, d)]));
    }
    for d in digits(inter) {
        out.push(ws.iter().map(|&w| x(w, d)).collect());
    }
    if combos.len() == 1 {
        return out;
    }
    let open = union & !inter;
    let mut used = [None; 10];
    for d in digits(open) {
        let u = cnf.new_var().positive();
        used[usize::from(d)] = Some(u);
        out.extend(ws.iter().map(|&w| vec![!x(w, d), u]));
        let mut some: Vec<Lit> = vec![!u];
        some.extend(ws.iter().map(|&w| x(w, d)));
        out.push(some);
    }
    let u = |d: u8| used[usize::from(d)].expect("an open digit");
    let y: Vec<Lit> = combos.iter().map(|_| cnf.new_var().positive()).collect();
    out.push(y.clone());
    for (i, &a) in y.iter().enumerate() {
        out.extend(y[i + 1..].iter().map(|&b| vec![!a, !b]));
    }
    for (&m, &yk) in combos.iter().zip(&y) {
        for d in digits(open) {
            let lit = if m & 1 << d != 0 { u(d) } else { !u(d) };
            out.push(vec![!yk, lit]);
        }
    }
    for d in digits(open) {
        let mut c = vec![!u(d)];
        c.extend(
            combos
                .iter()
                .zip(&y)
                .filter(|(&m, _)| m & 1 << d != 0)
                .map(|(_, &yk)| yk),
        );
        out.push(c);
    }
    out
}

/// The rules without the sums: a digit a cell, no digit twice in a run. Also the white cells'
/// indices of every run, and the names of the answer variables.
pub fn rules_cnf(p: &Kakuro, choices: Choices) -> (Cnf, Vec<Vec<usize>>, Vec<String>) {
    let index = p.white_index();
    let whites = p.whites();
    let mut cnf = Cnf::with_choices(choices);
    cnf.new_vars(9 * whites.len());
    let mut names = Vec::with_capacity(9 * whites.len());
    for (w, &k) in whites.iter().enumerate() {
        let lits: Vec<Lit> = (1..=9).map(|d| x(w, d)).collect();
        cnf.exactly_one(&lits, AmoEncoding::Pairwise);
        names.extend((1..=9).map(|d| format!("{}={d}", p.cell_name(k))));
    }
    let mut runs = Vec::new();
    for run in p.runs() {
        let ws: Vec<usize> = run
            .cells
            .iter()
            .map(|&k| index[k].expect("white"))
            .collect();
        if ws.len() > 9 {
            cnf.add_clause(&[]);
        } else if ws.len() > 1 {
            for d in 1..=9 {
                let lits: Vec<Lit> = ws.iter().map(|&w| x(w, d)).collect();
                cnf.at_most_one(&lits, AmoEncoding::Pairwise);
            }
        }
        runs.push(ws);
    }
    (cnf, runs, names)
}

/// The whole encoding.
pub fn cnf(p: &Kakuro, choices: Choices) -> CnfEncoding {
    let (mut cnf, runs, names) = rules_cnf(p, choices);
    for (run, ws) in p.runs().iter().zip(&runs) {
        if let Some(s) = run.sum {
            for clause in sum_clauses(&mut cnf, ws, u32::from(s)) {
                cnf.add_clause(&clause);
            }
        }
    }
    let answer = (0..names.len() as u32).map(Var).collect();
    CnfEncoding::new(cnf, answer, names)
}
