//! Times chosen units of a margin-pair scan on one thread, for work on the solver:
//! `cargo run --release --example items 4 6 16140 12044` (the items of the complement
//! method's row-margin list, as in a unit result's `work`).
use wellposed_survo::enumerate::{scan, Method, Tally};
fn main() {
    let a: Vec<usize> = std::env::args()
        .skip(1)
        .map(|s| s.parse().expect("numbers: M N ITEM..."))
        .collect();
    let (m, n, items) = (a[0], a[1], a[2..].to_vec());
    let t = scan(
        Method::of(m, n),
        m,
        n,
        1,
        (0, 1),
        &|k| !items.contains(&k),
        &|k, t: &Tally, _| {
            println!(
                "item {k}: unique {} searched {} moved {} pruned {} cpu {:.2} s",
                t.unique,
                t.searched,
                t.moved,
                t.pruned,
                t.cpu_micros as f64 / 1e6
            )
        },
        false,
    );
    println!(
        "total: unique {} searched {} cpu {:.2} s",
        t.unique,
        t.searched,
        t.cpu_micros as f64 / 1e6
    );
}
