//! Measurement (issue 71): for the pairs the value-placement decider searches, its nodes on
//! the pair against its nodes on the complement pair (the same tables, values placed from the
//! other end): whether racing the two would pay.
//!
//! cargo run --release --example check_sides -p wellposed-survo -- 3 8 12 1   (m n count seed)

use wellposed_survo::check::place::Placement;
use wellposed_survo::check::weights::Weights;
use wellposed_survo::check::{complement, row_needs, walk_margins, PAIR_WEIGHT};

mod sample;

fn main() {
    let mut sample = sample::Sample::from_args("check_sides M N COUNT SEED");
    let (m, n) = (sample.m, sample.n);
    let (mut p, mut q) = (Placement::default(), Placement::default());
    let mut weights = Weights::default();
    let (mut own, mut twin, mut least) = ([0u64; 3], [0u64; 3], [0u64; 3]);
    for _ in 0..sample.count {
        let cols = sample.pick();
        let Some(need) = row_needs(m, &cols) else {
            continue;
        };
        let cbar = complement(&cols, m);
        walk_margins(m, n, &[], &need, &mut |rows| {
            if !weights.admits(rows, &cols, PAIR_WEIGHT) {
                return;
            }
            let (b1, b2) = (p.nodes(), q.nodes());
            let found = p.decide(rows, &cols) as usize;
            let found2 = q.decide(&complement(rows, n), &cbar) as usize;
            assert_eq!(found.min(2), found2.min(2));
            let (x, y) = (p.nodes() - b1, q.nodes() - b2);
            own[found] += x;
            twin[found] += y;
            least[found] += x.min(y);
        });
        println!("{cols:?} so far: own {own:?} complement {twin:?} least {least:?}");
    }
    println!(
        "{m}x{n} nodes by outcome (0, 1, 2+): own {own:?} complement {twin:?} least {least:?}"
    );
}
