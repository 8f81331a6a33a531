//! Measurement (issue 71): for the pairs the value-placement decider searches, its nodes on
//! the pair against its nodes on the complement pair (the same tables, values placed from the
//! other end): whether racing the two would pay.
//!
//! cargo run --release --example check_sides -p wellposed-survo -- 3 8 12 1   (m n count seed)

use wellposed_survo::check::place::Placement;
use wellposed_survo::check::weights::Weights;
use wellposed_survo::check::{complement, row_needs, walk_margins, PAIR_WEIGHT};

fn main() {
    let a: Vec<String> = std::env::args().skip(1).collect();
    let (m, n, count, seed): (usize, usize, usize, u64) = (
        a[0].parse().unwrap(),
        a[1].parse().unwrap(),
        a[2].parse().unwrap(),
        a[3].parse().unwrap(),
    );
    let mut walked = Vec::new();
    walk_margins(n, m, &[], &[], &mut |c| {
        if c >= complement(c, m).as_slice() {
            walked.push(c.to_vec());
        }
    });
    let mut state = seed;
    let mut below = |k: usize| {
        state = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = state;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        ((z ^ (z >> 31)) % k as u64) as usize
    };
    let (mut p, mut q) = (Placement::default(), Placement::default());
    let mut weights = Weights::default();
    let (mut own, mut twin, mut least) = ([0u64; 3], [0u64; 3], [0u64; 3]);
    for _ in 0..count {
        let cols = walked[below(walked.len())].clone();
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
