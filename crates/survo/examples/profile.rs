//! Times S(m,n) by both methods where both apply: `cargo run --release --example profile 2 8`.
use std::time::Instant;
use wellposed_survo::enumerate::{scan, Method, Split};
fn main() {
    let a: Vec<usize> = std::env::args()
        .skip(1)
        .map(|s| s.parse().unwrap())
        .collect();
    let (m, n) = (a[0], a[1]);
    let threads = a.get(2).copied().unwrap_or(1);
    for method in [Method::of(m, n), Method::MarginPairs] {
        let t0 = Instant::now();
        let t = scan(
            method,
            m,
            n,
            &Split::new(),
            threads,
            (0, 1),
            &|_| false,
            &|_, _, _| {},
            false,
        );
        println!(
            "{m}x{n} {method:?}: S = {} searched {} pruned {} moved {} in {:.2} s",
            t.unique,
            t.searched,
            t.pruned,
            t.moved,
            t0.elapsed().as_secs_f64()
        );
        if method == Method::MarginPairs {
            break;
        }
    }
}
