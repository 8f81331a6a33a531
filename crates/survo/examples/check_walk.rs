//! Per unit of the value-placement method (issue 71), the column margins it decides and the
//! margin pairs its walk visits (no pair decided): the weights for a ratio estimate of a
//! whole run's cost from a sample of units. Prints `unit columns pairs` lines.
//!
//! cargo run --release --example check_walk -p wellposed-survo -- 4 6 > walk-4x6.txt

use wellposed_survo::check::{complement, row_needs, units, walk_margins};

fn main() {
    let args: Vec<usize> = std::env::args()
        .skip(1)
        .map(|a| a.parse().unwrap())
        .collect();
    let (m, n) = (args[0], args[1]);
    assert_ne!(
        m, n,
        "square sizes do not halve by the complement; not done here"
    );
    for (k, head) in units(m, n).iter().enumerate() {
        let (mut columns, mut pairs) = (0u64, 0u64);
        walk_margins(n, m, head, &[], &mut |cols| {
            let twin = complement(cols, m);
            if cols < twin.as_slice() {
                return;
            }
            columns += 1;
            let Some(need) = row_needs(m, cols) else {
                return;
            };
            let halve = cols == twin.as_slice();
            walk_margins(m, n, &[], &need, &mut |rows| {
                if !halve || rows >= complement(rows, n).as_slice() {
                    pairs += 1;
                }
            });
        });
        println!("{k} {columns} {pairs}");
    }
}
