//! The lattice of margin pairs (row-margin index × column-margin index, both in the scan's
//! order: strictly decreasing margins, lexicographically from the largest) coloured by outcome,
//! after the figure in Mustonen's 2007 paper.

use crate::enumerate::{table_margins, Weightings};
use crate::solver::{self, Tables};
use serde::Serialize;

/// What a margin pair turned out to be.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Outcome {
    /// Ruled out by the necessary conditions without search (the strongest a scan checks,
    /// [`Weightings::before_search`]).
    NoneByConditions,
    Unique,
    Several,
    /// Passed the conditions, but the search found no table.
    NoneBySearch,
}

#[derive(Clone, Debug, Serialize)]
pub struct Lattice {
    pub m: usize,
    pub n: usize,
    pub row_margins: usize,
    pub col_margins: usize,
    pub none_by_conditions: u64,
    pub unique: u64,
    pub several: u64,
    pub none_by_search: u64,
    #[serde(skip)]
    pub outcomes: Vec<Outcome>,
}

pub fn lattice(m: usize, n: usize) -> Lattice {
    let top = m * n;
    let (rows, cols) = table_margins(m, n);
    let tables = Tables::new(m, n);
    let givens = vec![0u32; top];
    let weightings = Weightings::before_search(m, n);
    let mut outcomes = Vec::with_capacity(rows.len() * cols.len());
    for r in &rows {
        let weighted = weightings.bounds(r);
        for c in &cols {
            outcomes.push(if !weighted.admits(c) {
                Outcome::NoneByConditions
            } else {
                let p = solver::Problem {
                    m,
                    n,
                    rows: r,
                    cols: c,
                    givens: &givens,
                };
                match solver::solve(&p, &tables, 2, |_| true) {
                    0 => Outcome::NoneBySearch,
                    1 => Outcome::Unique,
                    _ => Outcome::Several,
                }
            });
        }
    }
    let tally = |o: Outcome| outcomes.iter().filter(|&&x| x == o).count() as u64;
    Lattice {
        m,
        n,
        row_margins: rows.len(),
        col_margins: cols.len(),
        none_by_conditions: tally(Outcome::NoneByConditions),
        unique: tally(Outcome::Unique),
        several: tally(Outcome::Several),
        none_by_search: tally(Outcome::NoneBySearch),
        outcomes,
    }
}

fn colour(o: Outcome) -> &'static str {
    match o {
        Outcome::NoneByConditions => "#e6e6e6",
        Outcome::NoneBySearch => "#7f7f7f",
        Outcome::Several => "#4a7fd4",
        Outcome::Unique => "#d62728",
    }
}

/// The lattice as SVG: one square per pair, a row per row margin, a legend with the counts.
pub fn svg(l: &Lattice) -> String {
    let cell = if l.col_margins > 800 { 1 } else { 2 };
    let (w, h) = (l.col_margins * cell, l.row_margins * cell);
    let legend = 90;
    let mut s = format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{}\" height=\"{}\" font-family=\"sans-serif\" font-size=\"13\">\n<rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n",
        w.max(420) + 20,
        h + legend + 40
    );
    s.push_str(&format!(
        "<text x=\"10\" y=\"18\">Open {}×{} Survo margin pairs: row margins (down) × column margins (across)</text>\n<g transform=\"translate(10,28)\">\n",
        l.m, l.n
    ));
    for (k, &o) in l.outcomes.iter().enumerate() {
        if o == Outcome::NoneByConditions {
            continue; // the background colour
        }
        let (i, j) = (k / l.col_margins, k % l.col_margins);
        s.push_str(&format!(
            "<rect x=\"{}\" y=\"{}\" width=\"{cell}\" height=\"{cell}\" fill=\"{}\"/>\n",
            j * cell,
            i * cell,
            colour(o)
        ));
    }
    s.push_str(&format!("</g>\n<rect x=\"10\" y=\"28\" width=\"{w}\" height=\"{h}\" fill=\"none\" stroke=\"#999\"/>\n"));
    let items = [
        (
            Outcome::NoneByConditions,
            "no solution by the necessary conditions",
            l.none_by_conditions,
        ),
        (Outcome::Unique, "unique", l.unique),
        (Outcome::Several, "several solutions", l.several),
        (
            Outcome::NoneBySearch,
            "no solution, found only by search",
            l.none_by_search,
        ),
    ];
    for (k, (o, label, count)) in items.iter().enumerate() {
        let y = h + 44 + k * 20;
        s.push_str(&format!(
            "<rect x=\"10\" y=\"{}\" width=\"12\" height=\"12\" fill=\"{}\" stroke=\"#999\"/><text x=\"28\" y=\"{}\">{label}: {count}</text>\n",
            y,
            colour(*o),
            y + 11
        ));
    }
    s.push_str("</svg>\n");
    s
}
