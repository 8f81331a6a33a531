//! A check of the second method (issue 71) at full size: for random column margins C, the row
//! margins R the second method finds unique with C (its walk, its conditions, its trades and its
//! decider) must be exactly those for which the first method's solver finds one table, asked
//! of *every* row margin with no condition, no trade and no walk cut.
//!
//! cargo run --release --example check_first -p wellposed-survo -- 4 6 200 1   (m n count seed)
//! Prints each column margin with a unique pair and the totals; exits non-zero on a difference.

use std::collections::BTreeSet;
use wellposed_survo::check::{columns, walk_margins, Worker};
use wellposed_survo::solver::{Problem, Solver, Tables};

mod sample;

fn main() {
    let mut sample = sample::Sample::from_args("check_first M N COUNT SEED");
    let (m, n) = (sample.m, sample.n);
    let tables = Tables::new(m, n);
    let mut solver = Solver::default();
    let givens = vec![0u32; m * n];
    let mut all_rows = Vec::new();
    walk_margins(m, n, &[], &[], &mut |r| all_rows.push(r.to_vec()));
    let mut w = Worker::default();
    let (mut margins, mut pairs, mut unique, mut differ) = (0, 0u64, 0, 0);
    for _ in 0..sample.count {
        let cols = sample.pick();
        // Square sizes decide only R ≤ C (the transpose stands for the rest).
        let in_scope = |r: &[u32]| m != n || r <= cols.as_slice();
        let (_, found) = columns(m, n, &mut |f| f(&cols), &mut w, true);
        let second: BTreeSet<Vec<u32>> = found
            .into_iter()
            .filter(|(_, c, _)| *c == cols)
            .map(|(r, _, _)| r)
            .filter(|r| in_scope(r))
            .collect();
        let mut first = BTreeSet::new();
        for rows in &all_rows {
            if !in_scope(rows) {
                continue;
            }
            pairs += 1;
            let p = Problem {
                m,
                n,
                rows,
                cols: &cols,
                givens: &givens,
            };
            if solver.solve(&p, &tables, 2, |_| true) == 1 {
                first.insert(rows.clone());
            }
        }
        margins += 1;
        unique += first.len();
        if first != second {
            differ += 1;
            println!(
                "{cols:?}: DIFFERENT: first {} unique, second {}; only first {:?}; only second {:?}",
                first.len(),
                second.len(),
                first.difference(&second).take(5).collect::<Vec<_>>(),
                second.difference(&first).take(5).collect::<Vec<_>>()
            );
        } else if !first.is_empty() {
            println!("{cols:?}: {} unique pairs, the same", first.len());
        }
    }
    println!(
        "{m}x{n}: {margins} column margins, {pairs} pairs asked of the first solver, {unique} \
         unique; {differ} column margins differ"
    );
    if differ > 0 {
        std::process::exit(1);
    }
}
